/*
 * Building a reply by calls (seam_reply_new, seam_reply_add_*): each call, its refusals of
 * hostile arguments, the session's limits, and that a built reply plans and applies as a parsed
 * one holding the same edits. Public API only (seam.h).
 */
#include "test.h"
#include "seam.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct bx {
	seam_session *s;
	seam_tree *t;
	seam_reply *r;
	seam_plan *p;
} bx;

/* A session (opts: NULL for the defaults), a memory tree holding a.py, and an empty reply. */
static int bx_open(bx *x, const seam_options *opts)
{
	memset(x, 0, sizeof(*x));
	return seam_session_new(&x->s, opts) || seam_tree_new_memory(&x->t, x->s) ||
	       seam_tree_put(x->t, "a.py", "def f():\n    return 1\n\nx = 1\nx = 1\n", 35, 0644) ||
	       seam_reply_new(&x->r, x->s);
}

static void bx_close(bx *x)
{
	seam_plan_free(x->p);
	seam_reply_free(x->r);
	seam_tree_free(x->t);
	seam_session_free(x->s);
}

/* Plans and commits x->r; a.py's content after, or NULL when planning or committing failed. */
static const char *bx_apply(bx *x, const char *path)
{
	static char buf[4096];
	const char *got;
	size_t n = 0;

	if (seam_plan_new(&x->p, x->s, x->r, x->t) || seam_plan_commit(x->p))
		return NULL;
	got = seam_tree_get(x->t, path, &n);
	if (!got || n >= sizeof(buf))
		return NULL;
	memcpy(buf, got, n);
	buf[n] = '\0';
	return buf;
}

/* The status of edit 0 of file 0 after planning x->r. */
static int bx_status(bx *x)
{
	seam_edit_info ei;

	seam_plan_new(&x->p, x->s, x->r, x->t);
	if (!x->p || seam_plan_edit(x->p, 0, 0, &ei))
		return -100;
	return (int)ei.status;
}

TEST(build, new_refuses_nulls)
{
	seam_session *s = NULL;
	seam_reply *r = (seam_reply *)1;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_reply_new(NULL, s), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(s), "out is NULL") != NULL);
	CHECK_INT(seam_reply_new(&r, NULL), SEAM_EUSAGE);
	CHECK(r == NULL);
	CHECK_INT(seam_reply_new(&r, s), SEAM_OK);
	CHECK(r != NULL);
	CHECK_INT(seam_reply_file_count(r), 0);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_AUTO);
	seam_reply_free(r);
	seam_session_free(s);
}

TEST(build, add_file)
{
	bx x;
	size_t i = 99, j = 99;
	char longp[5000];

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "./src\\a.py", SEAM_OP_UPDATE, &i), SEAM_OK);
	CHECK_INT(i, 0);
	CHECK_STR(seam_reply_file_path(x.r, 0), "src/a.py");
	/* two updates of one path are one file */
	CHECK_INT(seam_reply_add_file(x.r, x.s, "src/a.py", SEAM_OP_UPDATE, &j), SEAM_OK);
	CHECK_INT(j, 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "b.py", SEAM_OP_CREATE, NULL), SEAM_OK);
	CHECK_INT(seam_reply_file_count(x.r), 2);
	CHECK_INT(seam_reply_file_op(x.r, 1), SEAM_OP_CREATE);
	/* hostile: NULLs, an op that is none, paths that are no file name */
	CHECK_INT(seam_reply_add_file(NULL, x.s, "a.py", SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(i, (size_t)-1);
	CHECK_INT(seam_reply_add_file(x.r, NULL, "a.py", SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, NULL, SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", (seam_op_t)7, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", (seam_op_t)-1, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "", SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a\x01.py", SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "dir/", SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	memset(longp, 'a', sizeof(longp) - 1);
	longp[sizeof(longp) - 1] = '\0';
	CHECK_INT(seam_reply_add_file(x.r, x.s, longp, SEAM_OP_UPDATE, &i), SEAM_EUSAGE);
	CHECK_INT(seam_reply_file_count(x.r), 2);
	bx_close(&x);
}

TEST(build, add_file_refuses_parsed_reply)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	static const char text[] = "a.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n"
				   ">>>>>>> REPLACE\n```\n";

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, text, sizeof(text) - 1), SEAM_OK);
	CHECK_INT(seam_reply_add_file(r, s, "b.py", SEAM_OP_UPDATE, NULL), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(s), "parsed") != NULL);
	CHECK_INT(seam_reply_add_replace(r, s, 0, "x", 1, "y", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_file_count(r), 1);
	seam_reply_free(r);
	seam_session_free(s);
}

TEST(build, replace_applies)
{
	bx x;
	size_t f;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "    return 1\n", 13, "    return 2\n", 13, 0),
		  SEAM_OK);
	CHECK_INT(seam_reply_edit_count(x.r, f), 1);
	CHECK_STR(bx_apply(&x, "a.py"), "def f():\n    return 2\n\nx = 1\nx = 1\n");
	bx_close(&x);
}

TEST(build, replace_all_and_ambiguous)
{
	bx x;
	size_t f;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "x = 1", 5, "x = 9", 5, 0), SEAM_OK);
	CHECK_INT(bx_status(&x), SEAM_STATUS_AMBIGUOUS);
	bx_close(&x);

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "x = 1", 5, "x = 9", 5, SEAM_REPLACE_ALL),
		  SEAM_OK);
	CHECK_STR(bx_apply(&x, "a.py"), "def f():\n    return 1\n\nx = 9\nx = 9\n");
	bx_close(&x);
}

TEST(build, replace_refuses_hostile)
{
	bx x;
	size_t f;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "n.py", SEAM_OP_CREATE, NULL), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(NULL, x.s, f, "a", 1, "b", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_replace(x.r, NULL, f, "a", 1, "b", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, 7, "a", 1, "b", 1, 0), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(x.s), "no file 7") != NULL);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, (size_t)-1, "a", 1, "b", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, NULL, 1, "b", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "a", 1, NULL, 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "", 0, "b", 1, 0), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(x.s), "old text is empty") != NULL);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "a", 1, "b", 1, 1u << 7), SEAM_EUSAGE);
	/* a create takes its content, not a replace */
	CHECK_INT(seam_reply_add_replace(x.r, x.s, 1, "a", 1, "b", 1, 0), SEAM_EUSAGE);
	/* huge sizes: refused by the limit before any byte is read */
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "a", SIZE_MAX, "b", 1, 0), SEAM_ELIMIT);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "a", 1, "b", SIZE_MAX, 0), SEAM_ELIMIT);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "a", SIZE_MAX / 2 + 1, "b", SIZE_MAX / 2 + 1,
					 0),
		  SEAM_ELIMIT);
	/* NULL text with no length is the empty text */
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "x = 1\nx = 1", 11, NULL, 0, 0), SEAM_OK);
	CHECK_INT(seam_reply_edit_count(x.r, f), 1);
	CHECK_STR(bx_apply(&x, "a.py"), "def f():\n    return 1\n\n");
	bx_close(&x);
}

/* NULs and invalid UTF-8 are content: copied byte for byte, judged by the planner (a NUL in
 * Python source breaks its parse: refused by the syntax check). */
TEST(build, replace_keeps_bytes)
{
	bx x;
	size_t f, n = 0;
	static const char nw[] = "x = \"\xff\xfe\"\ny = \"a\0b\"\n";
	const char *got;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_tree_put(x.t, "b.txt", "one\ntwo\n", 8, 0644), SEAM_OK);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "b.txt", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "two\n", 4, nw, sizeof(nw) - 1, 0), SEAM_OK);
	CHECK_INT(seam_plan_new(&x.p, x.s, x.r, x.t), SEAM_OK);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	got = seam_tree_get(x.t, "b.txt", &n);
	CHECK(got != NULL);
	CHECK_INT(n, 4 + sizeof(nw) - 1);
	CHECK(!memcmp(got, "one\n", 4) && !memcmp(got + 4, nw, sizeof(nw) - 1));
	bx_close(&x);

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "    return 1\n", 13, nw, sizeof(nw) - 1, 0),
		  SEAM_OK);
	CHECK_INT(bx_status(&x), SEAM_STATUS_SYNTAX);
	bx_close(&x);
}

TEST(build, limits_of_the_session)
{
	seam_options o = SEAM_OPTIONS_INIT;
	bx x;
	size_t f;

	o.max_edits = 2;
	o.max_reply_bytes = 64;
	CHECK_INT(bx_open(&x, &o), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "def f():", 8, "def g():", 8, 0), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "import os\n", 10), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "import re\n", 10), SEAM_ELIMIT);
	CHECK(strstr(seam_session_errmsg(x.s), "max_edits") != NULL);
	CHECK_INT(seam_reply_edit_count(x.r, f), 2);
	bx_close(&x);

	o.max_edits = 0;
	CHECK_INT(bx_open(&x, &o), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "0123456789012345678901234567890\n", 32),
		  SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "0123456789012345678901234567890\n", 32),
		  SEAM_OK);
	/* 64 bytes held: one more is past max_reply_bytes */
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "x", 1), SEAM_ELIMIT);
	CHECK(strstr(seam_session_errmsg(x.s), "max_reply_bytes") != NULL);
	CHECK_INT(seam_reply_edit_count(x.r, f), 2);
	bx_close(&x);
}

TEST(build, hunk)
{
	bx x;
	size_t f;
	static const char h[] = "\n x = 1\n-x = 1\n+x = 2\n";

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, h, sizeof(h) - 1), SEAM_OK);
	CHECK_STR(bx_apply(&x, "a.py"), "def f():\n    return 1\n\nx = 1\nx = 2\n");
	bx_close(&x);

	/* "\ No newline at end of file" after an added line: the file ends without one */
	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, " x = 1\n-x = 1\n+x = 3\n\\ No newline at end of file\n",
				      48),
		  SEAM_OK);
	CHECK_STR(bx_apply(&x, "a.py"), "def f():\n    return 1\n\nx = 1\nx = 3");
	bx_close(&x);
}

TEST(build, hunk_refuses_hostile)
{
	bx x;
	size_t f;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, " a\nxb\n+c\n", 9), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(x.s), "line 2 begins") != NULL);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, "@@ -1 +1 @@\n-a\n+b\n", 18), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, " a\n b\n", 6), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(x.s), "adds and deletes no line") != NULL);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, "", 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, NULL, 3), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, "+a", SIZE_MAX), SEAM_ELIMIT);
	/* an embedded NUL is a byte of the line, not its end */
	CHECK_INT(seam_reply_add_hunk(x.r, x.s, f, "-x = 1\n+x\0 = 1\n", 15), SEAM_OK);
	/* refused calls added nothing */
	CHECK_INT(seam_reply_edit_count(x.r, f), 1);
	bx_close(&x);
}

TEST(build, insert)
{
	bx x;
	size_t f;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 0, "import os\n", 10), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 2, "    pass\n", 9), SEAM_OK);
	CHECK_STR(bx_apply(&x, "a.py"), "import os\ndef f():\n    return 1\n    pass\n\nx = 1\nx = 1\n");
	bx_close(&x);

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, -1, "a\n", 2), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 1, "", 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 1, NULL, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 1, NULL, 2), SEAM_EUSAGE);
	/* past the end: refused when planning, naming the file's last line */
	CHECK_INT(seam_reply_add_insert(x.r, x.s, f, 99, "a\n", 2), SEAM_OK);
	CHECK_INT(bx_status(&x), SEAM_STATUS_NO_MATCH);
	bx_close(&x);
}

TEST(build, whole)
{
	bx x;
	size_t c, w, u;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "new.py", SEAM_OP_CREATE, &c), SEAM_OK);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, c, "print(1)", 8), SEAM_OK);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, c, "print(2)\n", 9), SEAM_EUSAGE);
	CHECK(strstr(seam_session_errmsg(x.s), "content already") != NULL);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_WHOLE, &w), SEAM_OK);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, w, "y = 2\n", 6), SEAM_OK);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "b.py", SEAM_OP_UPDATE, &u), SEAM_OK);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, u, "z\n", 2), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_insert(x.r, x.s, c, 0, "z\n", 2), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, c, NULL, 1), SEAM_EUSAGE);
	CHECK_STR(bx_apply(&x, "new.py"), "print(1)\n");
	CHECK_STR(seam_tree_get(x.t, "a.py", NULL) ? "y" : "", "y");
	bx_close(&x);
}

TEST(build, delete_takes_no_edit)
{
	bx x;
	size_t d;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_DELETE, &d), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, d, "x", 1, "y", 1, 0), SEAM_EUSAGE);
	CHECK_INT(seam_reply_add_whole(x.r, x.s, d, "x", 1), SEAM_EUSAGE);
	CHECK(bx_apply(&x, "a.py") == NULL); /* gone */
	CHECK(seam_plan_ok(x.p));
	bx_close(&x);
}

/* The same edits parsed from a tool call and built by calls: the same plan, line for line. */
TEST(build, plans_as_parsed)
{
	static const char call[] =
		"{\"name\": \"str_replace_based_edit_tool\", \"input\": {\"command\": \"str_replace\", "
		"\"path\": \"a.py\", \"old_str\": \"    return 1\", \"new_str\": \"    return 3\"}}";
	bx a, b;
	seam_reply *parsed = NULL;
	char *da = NULL, *db = NULL;
	size_t la = 0, lb = 0, f;
	seam_edit_info ea, eb;

	CHECK_INT(bx_open(&a, NULL), 0);
	CHECK_INT(bx_open(&b, NULL), 0);
	CHECK_INT(seam_reply_parse(&parsed, a.s, call, sizeof(call) - 1), SEAM_OK);
	CHECK_INT(seam_reply_add_file(b.r, b.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(b.r, b.s, f, "    return 1", 12, "    return 3", 12, 0),
		  SEAM_OK);
	CHECK_INT(seam_plan_new(&a.p, a.s, parsed, a.t), SEAM_OK);
	CHECK_INT(seam_plan_new(&b.p, b.s, b.r, b.t), SEAM_OK);
	CHECK_INT(seam_plan_render(a.p, SEAM_RENDER_DIFF, &da, &la), SEAM_OK);
	CHECK_INT(seam_plan_render(b.p, SEAM_RENDER_DIFF, &db, &lb), SEAM_OK);
	CHECK(la > 0 && la == lb && !memcmp(da, db, la));
	CHECK_INT(seam_plan_edit(a.p, 0, 0, &ea), SEAM_OK);
	CHECK_INT(seam_plan_edit(b.p, 0, 0, &eb), SEAM_OK);
	CHECK_INT(eb.status, ea.status);
	CHECK_STR(eb.strategy, ea.strategy);
	CHECK_INT(eb.start_line, ea.start_line);
	CHECK_INT(eb.end_line, ea.end_line);
	CHECK_INT(eb.reply_line, 2); /* the second call */
	seam_free(da);
	seam_free(db);
	seam_reply_free(parsed);
	bx_close(&a);
	bx_close(&b);
}

/* A failed edit's message names the call that made it. */
TEST(build, message_names_the_call)
{
	bx x;
	size_t f;
	seam_edit_info ei;

	CHECK_INT(bx_open(&x, NULL), 0);
	CHECK_INT(seam_reply_add_file(x.r, x.s, "a.py", SEAM_OP_UPDATE, &f), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "def f():", 8, "def g():", 8, 0), SEAM_OK);
	CHECK_INT(seam_reply_add_replace(x.r, x.s, f, "nowhere at all\n", 15, "y\n", 2, 0), SEAM_OK);
	CHECK_INT(seam_plan_new(&x.p, x.s, x.r, x.t), SEAM_EFAIL);
	CHECK_INT(seam_plan_edit(x.p, 0, 1, &ei), SEAM_OK);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK_INT(ei.reply_line, 3);
	CHECK(strstr(ei.message, "reply line 3") != NULL);
	bx_close(&x);
}
