/* seam_locate: exact, miscopied, elided, ambiguous and dissimilar snippets; the regions' bytes. */
#include "test.h"
#include "seam.h"

#include <stdio.h>
#include <string.h>

static const char *FILE_PY =
    "import os\n"                                          /* 1 */
    "\n"                                                   /* 2 */
    "\n"                                                   /* 3 */
    "def load_config(path, defaults=None):\n"              /* 4 */
    "    \"\"\"Read the settings file.\"\"\"\n"            /* 5 */
    "    settings = dict(defaults or {})\n"                /* 6 */
    "    with open(path, encoding=\"utf-8\") as handle:\n" /* 7 */
    "        for raw_line in handle:\n"                    /* 8 */
    "            key, _, value = raw_line.partition(\"=\")\n" /* 9 */
    "            settings[key.strip()] = value.strip()\n"  /* 10 */
    "    return settings\n"                                /* 11 */
    "\n"                                                   /* 12 */
    "\n"                                                   /* 13 */
    "def save_config(path, settings):\n"                   /* 14 */
    "    with open(path, \"w\", encoding=\"utf-8\") as handle:\n" /* 15 */
    "        for key, value in sorted(settings.items()):\n" /* 16 */
    "            handle.write(f\"{key}={value}\\n\")\n"     /* 17 */
    "    return len(settings)\n";                          /* 18 */

typedef struct loc {
	int rc;
	seam_location l;
	char msg[1024];
} loc;

static void locate(const char *file, const char *snippet, loc *o)
{
	seam_session *s = NULL;

	memset(o, 0, sizeof(*o));
	o->rc = seam_session_new(&s, NULL);
	if (o->rc)
		return;
	o->rc = seam_locate(s, file, strlen(file), snippet, strlen(snippet), &o->l);
	snprintf(o->msg, sizeof(o->msg), "%s", seam_session_errmsg(s));
	seam_session_free(s);
}

/* 1 when region i of o holds exactly text (its bytes in file). */
static int region_is(const char *file, const loc *o, size_t i, const char *text)
{
	const seam_region *g = &o->l.regions[i];
	if (g->len != strlen(text) || memcmp(file + g->offset, text, g->len)) {
		printf("  region %zu: %.*s\n", i, (int)g->len, file + g->offset);
		return 0;
	}
	return 1;
}

TEST(locate, exact)
{
	loc o;

	locate(FILE_PY, "    return settings\n\n\ndef save_config(path, settings):\n", &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_INT(o.l.status, SEAM_STATUS_APPLIED);
	CHECK_STR(o.l.strategy, "exact");
	CHECK_INT(o.l.count, 1);
	CHECK_INT(o.l.regions[0].start_line, 11);
	CHECK_INT(o.l.regions[0].end_line, 14);
	CHECK(o.l.regions[0].similarity == 1.0);
	CHECK(region_is(FILE_PY, &o, 0, "    return settings\n\n\ndef save_config(path, settings):\n"));
	CHECK_STR(o.msg, "");
}

TEST(locate, miscopied)
{
	loc o;

	/* from memory: a name misspelt, quotes changed, indentation lost */
	locate(FILE_PY, "with open(path, encoding='utf-8') as handle:\n"
	                "    for raw_line in handle:\n"
	                "        key, _, value = raw_line.partition(\"=\")\n"
	                "        setings[key.strip()] = value.strip()\n",
	       &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_INT(o.l.regions[0].start_line, 7);
	CHECK_INT(o.l.regions[0].end_line, 10);
	CHECK(o.l.regions[0].similarity > 0.8 && o.l.regions[0].similarity < 1.0);
	CHECK(region_is(FILE_PY, &o, 0,
	                "    with open(path, encoding=\"utf-8\") as handle:\n"
	                "        for raw_line in handle:\n"
	                "            key, _, value = raw_line.partition(\"=\")\n"
	                "            settings[key.strip()] = value.strip()\n"));

	/* worse than the ladder tolerates (two lines of four changed): the similarity search */
	locate(FILE_PY, "def save_cfg(path, settings):\n"
	                "    with open(path, 'w') as handle:\n"
	                "        for key, value in sorted(settings.items()):\n"
	                "            handle.write(f\"{key}={value}\\n\")\n",
	       &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.l.strategy, "similarity");
	CHECK_INT(o.l.regions[0].start_line, 14);
	CHECK_INT(o.l.regions[0].end_line, 17);
	CHECK(o.l.regions[0].similarity >= 0.5);
}

TEST(locate, elided)
{
	loc o;

	locate(FILE_PY, "```python\ndef load_config(path, defaults=None):\n    ...\n"
	                "    return settings\n```\n",
	       &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.l.strategy, "elision");
	CHECK_INT(o.l.regions[0].start_line, 4);
	CHECK_INT(o.l.regions[0].end_line, 11);
	/* the elided lines do not count against the similarity */
	CHECK(o.l.regions[0].similarity == 1.0);

	/* elisions at the ends say nothing about where: dropped */
	locate(FILE_PY, "# ...\n    return len(settings)\n...\n", &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_INT(o.l.regions[0].start_line, 18);
	CHECK_INT(o.l.regions[0].end_line, 18);
}

TEST(locate, ambiguous_lists_candidates)
{
	const char *twice = "def a():\n    value = compute(1)\n    return value\n\n\n"
	                    "def b():\n    value = compute(1)\n    return value\n";
	loc o;

	locate(twice, "    value = compute(1)\n    return value\n", &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.l.status, SEAM_STATUS_AMBIGUOUS);
	CHECK_STR(o.l.strategy, "exact");
	CHECK_INT(o.l.count, 2);
	CHECK_INT(o.l.regions[0].start_line, 2);
	CHECK_INT(o.l.regions[1].start_line, 7);
	CHECK(region_is(twice, &o, 1, "    value = compute(1)\n    return value\n"));
	CHECK(strstr(o.msg, "fits 2 places equally well: lines 2-3, lines 7-8"));

	/* miscopied as well: the similarity search finds both, equally alike */
	locate(twice, "    value = compte(1)\n    retrn value\n", &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.l.status, SEAM_STATUS_AMBIGUOUS);
	CHECK_INT(o.l.count, 2);

	/* a line that tells them apart decides */
	locate(twice, "def b():\n    value = compute(1)\n", &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_INT(o.l.regions[0].start_line, 6);

	locate(FILE_PY, "\n", &o);
	CHECK_INT(o.rc, SEAM_EPARSE);
	locate(FILE_PY, "...\n\n// ...\n", &o);
	CHECK_INT(o.rc, SEAM_EPARSE);
}

TEST(locate, below_the_floor)
{
	loc o;

	locate(FILE_PY, "class Cache:\n    def __init__(self):\n        self.items = []\n", &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.l.status, SEAM_STATUS_NO_MATCH);
	CHECK(o.l.count == 0 || o.l.regions[0].similarity < 0.5);
	CHECK(strstr(o.msg, "50%") || strstr(o.msg, "resembles"));

	/* one line of four in the file: a quarter is not enough */
	locate(FILE_PY, "def parse_args(argv):\n    parser = make_parser()\n"
	                "    return settings\n    options = parser.parse(argv)\n",
	       &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.l.status, SEAM_STATUS_NO_MATCH);
}

TEST(locate, bytes_of_the_region)
{
	loc o;
	const char *crlf = "a = 1\r\nb = 2\r\nc = 3";

	/* CR LF kept in the region; a last line without a newline ends the region at the end */
	locate(crlf, "b = 2\nc = 3\n", &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(region_is(crlf, &o, 0, "b = 2\r\nc = 3"));

	locate("\xEF\xBB\xBFx = 1\ny = 2\n", "x = 1\n", &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_INT(o.l.regions[0].offset, 3);
	CHECK_INT(o.l.regions[0].len, 6);

	locate("", "x = 1\n", &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.l.count, 0);
}

TEST(locate, arguments_and_limits)
{
	seam_options opt = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_location l;

	CHECK_INT(seam_locate(NULL, "x", 1, "x", 1, &l), SEAM_EUSAGE);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_locate(s, "x", 1, "x", 1, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_locate(s, NULL, 1, "x", 1, &l), SEAM_EUSAGE);
	CHECK_INT(seam_locate(s, "a\0b", 3, "a", 1, &l), SEAM_EFAIL);
	CHECK_INT(l.status, SEAM_STATUS_BINARY);
	seam_session_free(s);

	opt.max_file_bytes = 4;
	CHECK_INT(seam_session_new(&s, &opt), SEAM_OK);
	CHECK_INT(seam_locate(s, "12345", 5, "1", 1, &l), SEAM_ELIMIT);
	seam_session_free(s);
}
