/*
 * Numbered line edits: <update_lines start end> blocks and <copy_lines/> lines, read by the
 * parser (tags, names, content, broken and hostile text), then applied through seam.h on
 * in-memory files (ranges, insertions, deletions, the off-by-one repairs and refusals, copies).
 */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

int sm_numbered_sniff(const sm_lines *ls);

/* "start,len flags" of an edit: L for SM_KIND_LINES, N for SM_EDIT_NUMBERED. */
static const char *nb_hint(const seam_reply *r, size_t file, size_t edit)
{
	static char buf[64];
	const sm_edit *e;

	if (!r || file >= r->nfiles || edit >= r->files[file].nedits)
		return "(no such edit)";
	e = &r->files[file].edits[edit];
	snprintf(buf, sizeof(buf), "%ld,%ld %s%s", e->hint_start, e->hint_len,
	         e->kind == SM_KIND_LINES ? "L" : "", e->flags & SM_EDIT_NUMBERED ? "N" : "");
	return buf;
}

static int nb_sniff(const char *text)
{
	sm_lines ls;
	int s;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	s = sm_numbered_sniff(&ls);
	sm_lines_free(&ls);
	return s;
}

/* ---- parsing ---- */

TEST(numbered, basic_block)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "The loop can go:\n\nsrc/app.py\n<update_lines start=\"6\" end=\"9\">\n"
	                         "    return sum(values)\n</update_lines>\n\nThat is all.\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_NUMBERED);
	CHECK_STR(tr_files(r), "src/app.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+    return sum(values)\n");
	CHECK_STR(nb_hint(r, 0, 0), "6,3 LN");
	CHECK_INT(r->files[0].edits[0].reply_line, 4);
	CHECK_INT(r->files[0].reply_line, 3);
	seam_reply_free(r);
}

TEST(numbered, tag_spellings)
{
	static const char *const tags[] = {
	    "<update_lines start=\"3\" end=\"5\">",  "<update_lines start='3' end='5'>",
	    "<update_lines start=3 end=5>",          "<UPDATE_LINES END=\"5\" START=\"3\">",
	    "<update-lines start = \"3\" end = \"5\">", "  <update_lines start=\"3\", end=\"5\" >",
	};
	char buf[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		seam_reply *r;
		snprintf(buf, sizeof(buf), "a.c\n%s\nint x;\n</update_lines>\n", tags[i]);
		r = tr_parse("auto", buf, &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_files(r), "a.c update 1\n");
		CHECK_STR(tr_edit(r, 0, 0), "+int x;\n");
		CHECK_STR(nb_hint(r, 0, 0), "3,2 LN");
		seam_reply_free(r);
	}
}

TEST(numbered, content_on_tag_lines_and_deletions)
{
	int rc;
	seam_reply *r;

	/* text on the tag lines is content; indentation after '>' is kept */
	r = tr_parse("numbered", "a.py\n<update_lines start=\"2\" end=\"3\">    x = 1</update_lines>\n"
	                         "<update_lines start=\"5\" end=\"7\">    y = 2\n    z = 3</update_lines>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "+    x = 1\n");
	CHECK_STR(tr_edit(r, 0, 1), "+    y = 2\n+    z = 3\n");
	CHECK_STR(nb_hint(r, 0, 1), "5,2 LN");
	seam_reply_free(r);

	/* nothing between the tags, or a self-closing tag: the lines are deleted */
	r = tr_parse("numbered", "a.py\n<update_lines start=\"2\" end=\"4\">\n</update_lines>\n"
	                         "<update_lines start=\"8\" end=\"9\"/>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "");
	CHECK_STR(nb_hint(r, 0, 0), "2,2 LN");
	CHECK_STR(tr_edit(r, 0, 1), "");
	CHECK_STR(nb_hint(r, 0, 1), "8,1 LN");
	seam_reply_free(r);

	/* start == end inserts */
	r = tr_parse("numbered", "a.py\n<update_lines start=\"4\" end=\"4\">\nimport re\n</update_lines>\n",
	             &rc);
	CHECK_STR(nb_hint(r, 0, 0), "4,0 LN");
	seam_reply_free(r);
}

TEST(numbered, names)
{
	int rc;
	seam_reply *r;

	/* a path attribute, a bold name, a fence with the name in its info string, and a block
	   with no name taking the previous one's */
	r = tr_parse("numbered",
	             "<update_lines path=\"lib/a.rb\" start=\"1\" end=\"2\">\nA\n</update_lines>\n\n"
	             "**lib/b.rb**\n<update_lines start=\"1\" end=\"2\">\nB\n</update_lines>\n"
	             "<update_lines start=\"7\" end=\"8\">\nB7\n</update_lines>\n\n"
	             "```ruby lib/c.rb\n<update_lines start=\"3\" end=\"3\">\nC\n</update_lines>\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "lib/a.rb update 1\nlib/b.rb update 2\nlib/c.rb update 1\n");
	CHECK_STR(tr_edit(r, 1, 1), "+B7\n");
	seam_reply_free(r);

	/* no name anywhere: skipped, and the notes say how to name the file */
	r = tr_parse("numbered", "Here:\n\n<update_lines start=\"1\" end=\"2\">\nA\n</update_lines>\n",
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "no file name"));
	CHECK(strstr(tr_errmsg(), "<update_lines start=\\\"i\\\"") || strstr(tr_errmsg(), "<update_lines start=\"i\""));
}

TEST(numbered, fence_inside_tags)
{
	int rc;
	seam_reply *r;

	r = tr_parse("numbered",
	             "a.py\n<update_lines start=\"3\" end=\"4\">\n```python\nx = 1\n```\n</update_lines>\n",
	             &rc);
	CHECK_STR(tr_edit(r, 0, 0), "+x = 1\n");
	seam_reply_free(r);

	/* in a Markdown file, a fence is content */
	r = tr_parse("numbered",
	             "README.md\n<update_lines start=\"3\" end=\"4\">\n```sh\nmake\n```\n</update_lines>\n",
	             &rc);
	CHECK_STR(tr_edit(r, 0, 0), "+```sh\n+make\n+```\n");
	seam_reply_free(r);

	/* a fence line that is only part of the content stays */
	r = tr_parse("numbered", "a.py\n<update_lines start=\"3\" end=\"4\">\n```\nx = 1\n</update_lines>\n",
	             &rc);
	CHECK_STR(tr_edit(r, 0, 0), "+```\n+x = 1\n");
	seam_reply_free(r);
}

TEST(numbered, broken_blocks)
{
	int rc;
	seam_reply *r;

	/* never closed (a cut-off reply): skipped, and the next block still read */
	r = tr_parse("numbered",
	             "a.py\n<update_lines start=\"1\" end=\"2\">\nA\n\nb.py\n<update_lines start=\"1\" "
	             "end=\"2\">\nB\n</update_lines>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "b.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+B\n");
	seam_reply_free(r);

	r = tr_parse("numbered", "a.py\n<update_lines start=\"1\" end=\"2\">\nA\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "without </update_lines>"));

	/* numbers that cannot be right still make an edit, which the planner refuses */
	r = tr_parse("numbered",
	             "a.py\n<update_lines start=\"9\" end=\"7\">\nA\n</update_lines>\n"
	             "<update_lines start=\"x\" end=\"7\">\nA\n</update_lines>\n"
	             "<update_lines end=\"7\">\nA\n</update_lines>\n"
	             "<update_lines start=\"1234567890\" end=\"1234567891\">\nA\n</update_lines>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 4\n");
	CHECK_STR(nb_hint(r, 0, 0), "0,-1 LN");
	CHECK_STR(nb_hint(r, 0, 1), "0,-1 LN");
	CHECK_STR(nb_hint(r, 0, 2), "0,-1 LN");
	CHECK_STR(nb_hint(r, 0, 3), "0,-1 LN");
	seam_reply_free(r);
}

TEST(numbered, copy_lines)
{
	int rc;
	seam_reply *r;

	/* a whole file in a fence with copy_lines lines */
	r = tr_parse("auto",
	             "The whole file:\n\nsrc/m.py\n```python\n<copy_lines start=\"1\" end=\"5\"/>\n"
	             "def added():\n    pass\n  <copy_lines start='5' end='30'></copy_lines>\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_NUMBERED);
	CHECK_STR(tr_files(r), "src/m.py whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "=<copy_lines start=\"1\" end=\"5\"/>\n+def added():\n+    pass\n"
	                            "=  <copy_lines start='5' end='30'></copy_lines>\n");
	seam_reply_free(r);

	/* a named fence without copy_lines is code shown, not a file; a copy inside a block */
	r = tr_parse("numbered",
	             "src/m.py\n```python\ndef f(): pass\n```\n\nsrc/n.py\n<update_lines start=\"2\" "
	             "end=\"9\">\n<copy_lines start=\"5\" end=\"9\"/>\n<copy_lines start=\"2\" end=\"5\"/>\n"
	             "</update_lines>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/n.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0),
	          "=<copy_lines start=\"5\" end=\"9\"/>\n=<copy_lines start=\"2\" end=\"5\"/>\n");
	seam_reply_free(r);

	/* text after the tag on its line: not a copy line */
	r = tr_parse("numbered", "a.py\n```\n<copy_lines start=\"1\" end=\"2\"/> x\n```\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
}

static int copy_tag(const char *s, long *a, long *b)
{
	return sm_copy_tag(s, strlen(s), a, b);
}

TEST(numbered, copy_tag_reader)
{
	long a = 0, b = 0;

	CHECK_INT(copy_tag("<copy_lines start=\"3\" end=\"10\"/>", &a, &b), 1);
	CHECK_INT(a, 3);
	CHECK_INT(b, 10);
	CHECK_INT(copy_tag("\t<copy_lines end=4 start=2 />  ", &a, &b), 1);
	CHECK_INT(a, 2);
	CHECK_INT(b, 4);
	CHECK_INT(copy_tag("<copy_lines start=\"a\"/>", &a, &b), 1);
	CHECK_INT(a, -1);
	CHECK_INT(b, -1);
	CHECK_INT(copy_tag("<copy_linesx start=\"1\" end=\"2\"/>", &a, &b), 0);
	CHECK_INT(copy_tag("<copy_lines start=\"1\" end=\"2\"", &a, &b), 0);
	CHECK_INT(copy_tag("x <copy_lines start=\"1\" end=\"2\"/>", &a, &b), 0);
}

TEST(numbered, sniff_and_detection)
{
	int rc;
	seam_reply *r;

	CHECK_INT(nb_sniff("a\n<update_lines start=\"1\" end=\"2\">\n"), 1);
	CHECK_INT(nb_sniff("x\n   <copy_lines start=\"1\" end=\"2\"/>\n"), 1);
	CHECK_INT(nb_sniff("we could use update_lines here\n<update_lines\n"), 0);
	CHECK_INT(nb_sniff("</update_lines>\n"), 0);

	/* prose naming the tag does not hide a SEARCH/REPLACE block */
	r = tr_parse("auto",
	             "Use <update_lines start=\"1\" end=\"2\"> next time.\n\na.py\n<<<<<<< SEARCH\nx\n"
	             "=======\ny\n>>>>>>> REPLACE\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_EDITBLOCK);
	seam_reply_free(r);

	/* CR LF replies read the same */
	r = tr_parse("auto", "a.py\r\n<update_lines start=\"1\" end=\"2\">\r\nA\r\n</update_lines>\r\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "+A\n");
	seam_reply_free(r);
}

TEST(numbered, hostile_text)
{
	static const char *const texts[] = {
	    "<update_lines start=\"1\" end=\"2\"",
	    "<update_lines start=\"1\" end=\"2>\nx\n</update_lines>\n",
	    "a.c\n<update_lines start=\"\" end=\"\" path=\"\">\n</update_lines>\n",
	    "a.c\n<update_lines path=\"../../etc/passwd\" start=\"1\" end=\"2\">\nx\n</update_lines>\n",
	    "a.c\n<update_lines start=\"1\" end=\"2\">\n<update_lines start=\"1\" end=\"2\">\n",
	    "```\n<copy_lines start=\"1\" end=\"2\"/>\n",
	    "<copy_lines/>\n<update_lines/>\n</update_lines>\n<update_lines>\n",
	    "a.c\n<update_lines start=\"1\" end=\"2\">\x01\x02\n\xff\xfe</update_lines>\n",
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		seam_reply *r = tr_parse("numbered", texts[i], &rc);
		CHECK(rc == SEAM_OK || rc == SEAM_EPARSE);
		CHECK((rc == SEAM_OK) == (r != NULL));
		seam_reply_free(r);
	}
	/* the path attribute is cleaned like any path (the tree refuses escapes later) */
	{
		seam_reply *r = tr_parse("numbered", texts[3], &rc);
		CHECK_INT(rc, SEAM_OK);
		CHECK_STR(tr_files(r), "../../etc/passwd update 1\n");
		seam_reply_free(r);
	}
}

/* ---- applying ---- */

static const char *APP = "import os\n"                  /* 1 */
                         "import sys\n"                 /* 2 */
                         "\n"                           /* 3 */
                         "\n"                           /* 4 */
                         "def total(values):\n"         /* 5 */
                         "    result = 0\n"             /* 6 */
                         "    for v in values:\n"       /* 7 */
                         "        result += v\n"        /* 8 */
                         "    return result\n"          /* 9 */
                         "\n"                           /* 10 */
                         "\n"                           /* 11 */
                         "def main():\n"                /* 12 */
                         "    print(total([1, 2, 3]))\n"; /* 13 */

/* Applies reply to an in-memory app.py holding `before`; *after gets the new content (or
 * NULL when the plan failed), *ei edit `which`'s outcome. Returns the plan's code. */
typedef struct outcome {
	int rc;
	char after[4096];
	int changed;
	seam_edit_info ei;
	char strategy[64], message[2048];
} outcome;

static void nb_apply(const char *before, const char *reply, size_t which, outcome *o)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	size_t len = 0;
	const char *got;

	memset(o, 0, sizeof(*o));
	o->rc = -100;
	if (seam_session_new(&s, NULL) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, "app.py", before, strlen(before), 0644))
		goto out;
	o->rc = seam_reply_parse(&r, s, reply, strlen(reply));
	if (o->rc)
		goto out;
	o->rc = seam_plan_new(&p, s, r, t);
	if (p && !seam_plan_edit(p, 0, which, &o->ei)) {
		snprintf(o->strategy, sizeof(o->strategy), "%s", o->ei.strategy);
		snprintf(o->message, sizeof(o->message), "%s", o->ei.message);
	}
	if (o->rc == SEAM_OK && seam_plan_commit(p) == SEAM_OK) {
		got = seam_tree_get(t, "app.py", &len);
		if (got && len < sizeof(o->after)) {
			memcpy(o->after, got, len);
			o->changed = len != strlen(before) || memcmp(got, before, len);
		}
	}
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(numbered_apply, replace_insert_delete_in_any_order)
{
	outcome o;

	/* blocks refer to the file before the reply, whatever their order */
	nb_apply(APP,
	         "Three changes to app.py:\n\napp.py\n<update_lines start=\"12\" end=\"14\">\n"
	         "def main() -> None:\n    print(total([1, 2, 3, 4]))\n</update_lines>\n\n"
	         "app.py\n<update_lines start=\"5\" end=\"5\">\n# totals\n</update_lines>\n\n"
	         "app.py\n<update_lines start=\"1\" end=\"2\"></update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.after, "import sys\n\n\n# totals\ndef total(values):\n    result = 0\n"
	                   "    for v in values:\n        result += v\n    return result\n\n\n"
	                   "def main() -> None:\n    print(total([1, 2, 3, 4]))\n");
	CHECK_STR(o.strategy, "line-numbers");
	CHECK_INT(o.ei.start_line, 12);
	CHECK_INT(o.ei.end_line, 13);

	/* the last line replaced, and lines appended after it: both by the numbers before */
	nb_apply(APP, "app.py\n<update_lines start=\"13\" end=\"14\">\n    print(total([4]))\n"
	              "</update_lines>\n<update_lines start=\"14\" end=\"14\">\n\n\nmain()\n"
	              "</update_lines>\n",
	         1, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "def main():\n    print(total([4]))\n\n\nmain()\n") != NULL);
	CHECK_INT(o.ei.start_line, 14);

	/* appending: start == end == lines + 1 */
	nb_apply(APP, "app.py\n<update_lines start=\"14\" end=\"14\">\n\n\nmain()\n</update_lines>\n", 0,
	         &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "    print(total([1, 2, 3]))\n\n\nmain()\n") != NULL);
}

TEST(numbered_apply, crlf_and_untouched_bytes_kept)
{
	outcome o;

	nb_apply("a = 1\r\nb = 2  \r\nc = 3\r\n",
	         "app.py\n<update_lines start=\"1\" end=\"3\">\nA = 1\nb = 2  \n</update_lines>\n", 0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.after, "A = 1\r\nb = 2  \r\nc = 3\r\n");
}

TEST(numbered_apply, duplicate_at_start_repaired)
{
	outcome o;

	/* the new text starts with line 5, which the range (6-9) leaves above it */
	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"10\">\ndef total(values):\n"
	              "    return sum(values)\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.strategy, "line-numbers-repaired");
	CHECK(strstr(o.message, "start=\"6\" end=\"10\" taken as start=\"5\" end=\"10\""));
	CHECK_INT(o.ei.start_line, 5);
	CHECK_STR(o.after, "import os\nimport sys\n\n\ndef total(values):\n    return sum(values)\n\n\n"
	                   "def main():\n    print(total([1, 2, 3]))\n");
}

TEST(numbered_apply, duplicate_at_end_repaired)
{
	outcome o;

	/* end="12" as if inclusive: the new text ends with line 12, which the range keeps */
	nb_apply(APP, "app.py\n<update_lines start=\"10\" end=\"12\">\n\n\ndef helper():\n    pass\n"
	              "\n\ndef main():\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.strategy, "line-numbers-repaired");
	CHECK(strstr(o.message, "taken as start=\"10\" end=\"13\""));
	CHECK_STR(o.after, "import os\nimport sys\n\n\ndef total(values):\n    result = 0\n"
	                   "    for v in values:\n        result += v\n    return result\n\n\n"
	                   "def helper():\n    pass\n\n\ndef main():\n    print(total([1, 2, 3]))\n");

	/* an insertion whose text repeats the lines on both sides of its point */
	nb_apply(APP, "app.py\n<update_lines start=\"8\" end=\"8\">\n    for v in values:\n"
	              "        assert v >= 0\n        result += v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.strategy, "line-numbers-repaired");
	CHECK(strstr(o.after, "    for v in values:\n        assert v >= 0\n        result += v\n"
	                      "    return result\n"));
}

TEST(numbered_apply, shifted_range_repaired)
{
	outcome o;

	/* meant 6-8, written 7-9 (one low: 0-based numbers): the first line is line 6, the last
	   line 8, and line 9 would go */
	nb_apply(APP, "app.py\n<update_lines start=\"7\" end=\"10\">\n    result = 0\n"
	              "    for v in sorted(values):\n        result += v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.strategy, "line-numbers-repaired");
	CHECK(strstr(o.message, "taken as start=\"6\" end=\"9\""));
	CHECK(strstr(o.after, "    result = 0\n    for v in sorted(values):\n        result += v\n"
	                      "    return result\n"));

	/* meant 6-8, written 5-7 (one high) */
	nb_apply(APP, "app.py\n<update_lines start=\"5\" end=\"8\">\n    result = 0\n"
	              "    for v in sorted(values):\n        result += v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.message, "taken as start=\"6\" end=\"9\""));
	CHECK(strstr(o.after, "def total(values):\n    result = 0\n    for v in sorted(values):\n"
	                      "        result += v\n    return result\n"));
}

TEST(numbered_apply, drop_refused)
{
	outcome o;

	/* the range starts at line 6 but the text at line 7: line 6 would vanish, which may be
	   meant; the reply is refused and nothing written */
	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"9\">\n    for v in values:\n"
	              "        result += 2 * v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(o.message, "replaces line 6 (\"    result = 0\")"));
	CHECK(strstr(o.message, "send start=\"7\""));
	CHECK(strstr(o.message, "<update_lines start=\"6\" end=\"7\"></update_lines>"));

	/* the same at the end */
	nb_apply(APP, "app.py\n<update_lines start=\"7\" end=\"10\">\n    for v in values:\n"
	              "        result += 2 * v\n    return result\n    print(result)\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK); /* a changed last line is no evidence: applied as written */
	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"10\">\n    result = 1\n"
	              "    for v in values:\n        result += v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK(strstr(o.message, "replaces line 9 (\"    return result\")"));
	CHECK(strstr(o.message, "send end=\"9\""));
}

/* end written inclusive while the block changes its last line: the new text ends with a changed
 * copy of the line the range keeps, and both would stand. Refused with the numbers to send;
 * an exclusive end whose last line changes, and an added line unlike the one below, apply. */
TEST(numbered_apply, changed_line_below_the_range_refused)
{
	outcome o;

	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"8\">\n    result = 0\n"
	              "    for v in values:\n        result += v * 2\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(o.message, "much like line 8 (\"        result += v\")"));
	CHECK(strstr(o.message, "send end=\"9\""));
	/* as the model meant it */
	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"9\">\n    result = 0\n"
	              "    for v in values:\n        result += v * 2\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "    for v in values:\n        result += v * 2\n    return result\n"));
	/* both lines meant: written out with the range taking line 8 */
	nb_apply(APP, "app.py\n<update_lines start=\"8\" end=\"9\">\n        result += v * 2\n"
	              "        result += v\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "        result += v * 2\n        result += v\n    return result\n"));
	/* a new last line unlike line 9 below: applied as written */
	nb_apply(APP, "app.py\n<update_lines start=\"7\" end=\"9\">\n    for v in values:\n"
	              "        result += v\n        count += 1\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "        result += v\n        count += 1\n    return result\n"));
}

TEST(numbered_apply, weak_duplicate_refused)
{
	outcome o;
	const char *c = "int f(void)\n{\n\tif (x) {\n\t\ty();\n\t}\n\treturn 0;\n}\n";

	/* "}" twice may be meant (a block closed next to another): refused, with both ways */
	nb_apply(c, "app.py\n<update_lines start=\"6\" end=\"7\">\n\tz();\n}\n</update_lines>\n", 0,
	         &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK(strstr(o.message, "ends its new text with line 7 (\"}\")"));
	CHECK(strstr(o.message, "send end=\"8\""));
	CHECK(strstr(o.message, "write it twice"));

	/* written inside the range twice, it is meant: applied */
	nb_apply(c, "app.py\n<update_lines start=\"6\" end=\"8\">\n\tz();\n}\n}\n</update_lines>\n", 0,
	         &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.after, "int f(void)\n{\n\tif (x) {\n\t\ty();\n\t}\n\tz();\n}\n}\n");

	/* a blank line next to a blank line is no evidence at all */
	nb_apply(APP, "app.py\n<update_lines start=\"4\" end=\"4\">\n\n</update_lines>\n", 0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(strstr(o.after, "import sys\n\n\n\ndef total"));
}

TEST(numbered_apply, bad_numbers_refused_all_or_nothing)
{
	outcome o;

	nb_apply(APP, "app.py\n<update_lines start=\"1\" end=\"2\">\nimport re\n</update_lines>\n"
	              "app.py\n<update_lines start=\"12\" end=\"16\">\nx\n</update_lines>\n",
	         1, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_STR(o.after, ""); /* nothing written */
	CHECK(strstr(o.message, "has 13 lines: end may be at most 14"));

	nb_apply(APP, "app.py\n<update_lines start=\"9\" end=\"7\">\nx\n</update_lines>\n", 0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK(strstr(o.message, "needs line numbers start=\"i\" end=\"j\""));

	/* two blocks for the same lines contradict each other */
	nb_apply(APP, "app.py\n<update_lines start=\"6\" end=\"8\">\n    result = 1\n    for v in values:\n"
	              "</update_lines>\n<update_lines start=\"7\" end=\"8\">\n    for w in values:\n"
	              "</update_lines>\n",
	         1, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.ei.status, SEAM_STATUS_OVERLAP);
}

TEST(numbered_apply, placeholder_refused)
{
	outcome o;

	nb_apply(APP, "app.py\n<update_lines start=\"5\" end=\"10\">\ndef total(values):\n"
	              "    # ... rest of the code ...\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK_INT(o.ei.status, SEAM_STATUS_LAZY);
}

TEST(numbered_apply, retried_insertion_is_noop)
{
	outcome o, again;
	const char *reply = "app.py\n<update_lines start=\"6\" end=\"6\">\n    \"\"\"Sum.\"\"\"\n"
	                    "    values = list(values)\n</update_lines>\n";

	nb_apply(APP, reply, 0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	nb_apply(o.after, reply, 0, &again);
	CHECK_INT(again.rc, SEAM_OK);
	CHECK_INT(again.ei.status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK_STR(again.after, o.after);
}

TEST(numbered_apply, whole_file_with_copies)
{
	outcome o;

	/* the imports swapped, a docstring added, the rest copied: copied lines keep their
	   bytes (CR LF here), new lines get the file's line ending */
	nb_apply("import os\r\nimport sys\r\n\r\ndef f():\r\n    return 1  \r\n",
	         "app.py\n```python\n<copy_lines start=\"2\" end=\"3\"/>\n<copy_lines start=\"1\" "
	         "end=\"2\"/>\n<copy_lines start=\"3\" end=\"5\"/>\n    \"\"\"One.\"\"\"\n"
	         "<copy_lines start=\"5\" end=\"6\"/>\n```\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK_STR(o.after, "import sys\r\nimport os\r\n\r\ndef f():\r\n    \"\"\"One.\"\"\"\r\n"
	                   "    return 1  \r\n");

	/* out of the file: refused, with the file's length */
	nb_apply(APP, "app.py\n```python\n<copy_lines start=\"1\" end=\"20\"/>\n```\n", 0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	CHECK(strstr(o.message, "copies lines 1-19 of app.py, which has 13 lines: end may be at "
	                        "most 14"));

	/* copy_lines inside an <update_lines> block moves lines */
	nb_apply(APP, "app.py\n<update_lines start=\"1\" end=\"3\">\n<copy_lines start=\"2\" end=\"3\"/>\n"
	              "<copy_lines start=\"1\" end=\"2\"/>\n</update_lines>\n",
	         0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	CHECK(!strncmp(o.after, "import sys\nimport os\n\n\ndef total", 32));
}

TEST(numbered_apply, missing_file)
{
	outcome o;

	/* a range in a file that is not there: not found; an insertion at line 1 creates it */
	nb_apply(APP, "new.py\n<update_lines start=\"1\" end=\"3\">\nx = 1\n</update_lines>\n", 0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
	nb_apply(APP, "new.py\n<update_lines start=\"1\" end=\"1\">\nx = 1\n</update_lines>\n", 0, &o);
	CHECK_INT(o.rc, SEAM_OK);
	nb_apply(APP, "new.py\n```\n<copy_lines start=\"1\" end=\"2\"/>\n```\n", 0, &o);
	CHECK_INT(o.rc, SEAM_EFAIL);
}
