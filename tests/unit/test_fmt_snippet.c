/*
 * Snippet pairs: <selected_snippet>/<updated_snippet> read by the parser (names, fences, prose
 * between, broken pairs), then applied through seam.h: the locate step's text is the ground
 * truth, so a slip in the re-copied selected text is never written back.
 */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"

#include <stdio.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

int sm_snippet_sniff(const sm_lines *ls);

static int sn_sniff(const char *text)
{
	sm_lines ls;
	int s;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	s = sm_snippet_sniff(&ls);
	sm_lines_free(&ls);
	return s;
}

TEST(snippet, basic_pair)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Here is the change.\n\nsrc/app.py\n<selected_snippet>\ndef f():\n"
	                         "    return 1\n</selected_snippet>\n<updated_snippet>\ndef f():\n"
	                         "    return 2\n</updated_snippet>\n\nDone.\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_SNIPPET);
	CHECK_STR(tr_files(r), "src/app.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-def f():\n-    return 1\n+def f():\n+    return 2\n");
	CHECK_INT(r->files[0].edits[0].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[0].edits[0].reply_line, 4);
	seam_reply_free(r);
}

TEST(snippet, fences_prose_and_names)
{
	int rc;
	seam_reply *r;

	/* each snippet in its own fence, a word between, the name in a path attribute */
	r = tr_parse("snippet",
	             "```python\n<selected_snippet path=\"lib/a.py\">\nx = 1\n</selected_snippet>\n```\n"
	             "becomes:\n```python\n<updated_snippet>\nx = 2\n</updated_snippet>\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "lib/a.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	seam_reply_free(r);

	/* fences inside the tags come off; a second pair takes the previous file name; text on
	   the tag lines is content */
	r = tr_parse("snippet",
	             "`b.js`\n<selected_snippet>\n```js\nlet a = 1;\n```\n</selected_snippet>\n"
	             "<updated_snippet>\n```js\nconst a = 1;\n```\n</updated_snippet>\n\n"
	             "<selected_snippet>let b = 2;</selected_snippet>\n"
	             "<updated_snippet>const b = 2;</updated_snippet>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "b.js update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "-let a = 1;\n+const a = 1;\n");
	CHECK_STR(tr_edit(r, 0, 1), "-let b = 2;\n+const b = 2;\n");
	seam_reply_free(r);

	/* an empty updated snippet deletes */
	r = tr_parse("snippet", "a.py\n<selected_snippet>\nx = 1\n</selected_snippet>\n"
	                        "<updated_snippet>\n</updated_snippet>\n",
	             &rc);
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n");
	seam_reply_free(r);
}

TEST(snippet, broken_pairs)
{
	int rc;
	seam_reply *r;

	r = tr_parse("snippet", "a.py\n<selected_snippet>\nx = 1\n</selected_snippet>\n\nThen run it.\n",
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "without an <updated_snippet>"));

	/* a cut-off reply: the half-written new text is not applied, the next pair is */
	r = tr_parse("snippet",
	             "a.py\n<selected_snippet>\nx = 1\n</selected_snippet>\n<updated_snippet>\nx = 2\n"
	             "\nb.py\n<selected_snippet>\ny = 1\n</selected_snippet>\n<updated_snippet>\n"
	             "y = 2\n</updated_snippet>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "b.py update 1\n");
	seam_reply_free(r);

	/* too much prose between the two: not a pair */
	r = tr_parse("snippet",
	             "a.py\n<selected_snippet>\nx = 1\n</selected_snippet>\nOne.\nTwo.\nThree.\n"
	             "<updated_snippet>\nx = 2\n</updated_snippet>\n",
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);

	/* nothing selected */
	r = tr_parse("snippet", "a.py\n<selected_snippet>\n</selected_snippet>\n<updated_snippet>\nx\n"
	                        "</updated_snippet>\n",
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "empty <selected_snippet>"));
}

TEST(snippet, sniff_and_four_character_markers)
{
	int rc;
	seam_reply *r;

	CHECK_INT(sn_sniff("x\n<selected_snippet>\n"), 1);
	CHECK_INT(sn_sniff("x\n<updated_snippet>\n"), 0);
	CHECK_INT(sn_sniff("the <selected_snippet> tag\n"), 0);

	/* ORIGINAL/UPDATED with 4-character markers stay SEARCH/REPLACE blocks */
	r = tr_parse("auto", "a.py\n<<<< ORIGINAL\nx = 1\n====\nx = 2\n>>>> UPDATED\n", &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_EDITBLOCK);
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	seam_reply_free(r);
}

/* ---- applying ---- */

static const char *SRC =
    "def report(values, weights):\n"
    "    total_count = compute_total(values, weights)\n"
    "    average_value = total_count / max(len(values), 1)\n"
    "    print(\"average:\", average_value)\n"
    "    return average_value\n";

/* The first edit's outcome; its strings copied (a plan's are gone with it). */
typedef struct sn_edit {
	seam_status_t status;
	char strategy[64], message[2048];
} sn_edit;

static int sn_apply(const char *before, const char *reply, char *after, size_t cap, sn_edit *ei)
{
	seam_edit_info info;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	size_t len = 0;
	const char *got;
	int rc = -100;

	after[0] = '\0';
	if (seam_session_new(&s, NULL) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, "stats.py", before, strlen(before), 0644))
		goto out;
	rc = seam_reply_parse(&r, s, reply, strlen(reply));
	if (rc)
		goto out;
	rc = seam_plan_new(&p, s, r, t);
	memset(ei, 0, sizeof(*ei));
	if (p && !seam_plan_edit(p, 0, 0, &info)) {
		ei->status = info.status;
		snprintf(ei->strategy, sizeof(ei->strategy), "%s", info.strategy);
		snprintf(ei->message, sizeof(ei->message), "%s", info.message);
	}
	if (rc == SEAM_OK && seam_plan_commit(p) == SEAM_OK) {
		got = seam_tree_get(t, "stats.py", &len);
		if (got && len < cap) {
			memcpy(after, got, len);
			after[len] = '\0';
		}
	}
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	return rc;
}

TEST(snippet_apply, exact_pair)
{
	char after[2048];
	sn_edit ei;
	int rc = sn_apply(SRC,
	                  "stats.py\n<selected_snippet>\n    print(\"average:\", average_value)\n"
	                  "</selected_snippet>\n<updated_snippet>\n    print(f\"average: {average_value:.2f}\")\n"
	                  "</updated_snippet>\n",
	                  after, sizeof(after), &ei);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(ei.strategy, "exact");
	CHECK(strstr(after, "    print(f\"average: {average_value:.2f}\")\n    return average_value\n"));
}

TEST(snippet_apply, renamed_identifier_never_written_back)
{
	char after[2048];
	sn_edit ei;
	/* the model re-copied the selected text with compute_total miscopied as compute_sum, on
	   a line it does not change: the file's line is written, not the copy */
	int rc = sn_apply(SRC,
	                  "stats.py\n<selected_snippet>\n"
	                  "    total_count = compute_sum(values, weights)\n"
	                  "    average_value = total_count / max(len(values), 1)\n"
	                  "    print(\"average:\", average_value)\n"
	                  "</selected_snippet>\n<updated_snippet>\n"
	                  "    total_count = compute_sum(values, weights)\n"
	                  "    average_value = total_count / max(len(values), 1)\n"
	                  "    log.info(\"average: %s\", average_value)\n"
	                  "</updated_snippet>\n",
	                  after, sizeof(after), &ei);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(after, "def report(values, weights):\n"
	                 "    total_count = compute_total(values, weights)\n"
	                 "    average_value = total_count / max(len(values), 1)\n"
	                 "    log.info(\"average: %s\", average_value)\n"
	                 "    return average_value\n");
	CHECK(strstr(ei.strategy, "fuzzy") || strstr(ei.strategy, "diff-repair"));
}

TEST(snippet_apply, elided_snippet)
{
	char after[2048];
	sn_edit ei;
	/* "..." on both sides stands for the lines the model left out; they stay */
	int rc = sn_apply(SRC,
	                  "stats.py\n<selected_snippet>\ndef report(values, weights):\n    ...\n"
	                  "    return average_value\n</selected_snippet>\n<updated_snippet>\n"
	                  "def report(values, weights=None):\n    ...\n    return average_value\n"
	                  "</updated_snippet>\n",
	                  after, sizeof(after), &ei);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(ei.strategy, "elision");
	CHECK(!strncmp(after, "def report(values, weights=None):\n    total_count = compute_total(",
	               strlen("def report(values, weights=None):\n    total_count = compute_total(")));
	CHECK(strstr(after, "    print(\"average:\", average_value)\n    return average_value\n"));
}

TEST(snippet_apply, not_found_and_ambiguous_refused)
{
	char after[2048];
	sn_edit ei;
	int rc;

	rc = sn_apply(SRC, "stats.py\n<selected_snippet>\nclass Report:\n    pass\n</selected_snippet>\n"
	                   "<updated_snippet>\nclass Report:\n    x = 1\n</updated_snippet>\n",
	              after, sizeof(after), &ei);
	CHECK_INT(rc, SEAM_EFAIL);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(ei.message, "The snippet pair at reply line 2"));

	rc = sn_apply("x = 1\ny = 2\nx = 1\n",
	              "stats.py\n<selected_snippet>\nx = 1\n</selected_snippet>\n"
	              "<updated_snippet>\nx = 3\n</updated_snippet>\n",
	              after, sizeof(after), &ei);
	CHECK_INT(rc, SEAM_EFAIL);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK_STR(after, "");
}
