/*
 * End to end through seam.h on real directories: parse a reply, plan it, commit it, and look at
 * the bytes on disk. One test per promise the core makes.
 */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "seam.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *path_in(const char *name)
{
	static char buf[8][4096];
	static int k;
	k = (k + 1) % 8;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", sm_test_tmpdir(), name);
	return buf[k];
}

static void put(const char *name, const char *data)
{
	char dir[4096], *slash;
	snprintf(dir, sizeof(dir), "%s", path_in(name));
	for (slash = strchr(dir + strlen(sm_test_tmpdir()) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(dir, 0755);
		*slash = '/';
	}
	sm_test_write_file(path_in(name), data, strlen(data));
}

/* The laziness guard of the next run() (seam_options.lazy). */
static seam_lazy_t lazy_mode = SEAM_LAZY_EXPAND;

/* Parses, plans and (when the plan is ok and commit is set) commits reply on the test dir.
 * Returns seam_plan_new's code; *out receives the plan (caller frees). */
static int run(const char *reply, unsigned flags, int commit, seam_plan **out, seam_reply **rp,
	       seam_tree **tp, seam_session **sp)
{
	seam_options o = SEAM_OPTIONS_INIT;
	int rc;

	o.flags = flags;
	o.lazy = lazy_mode;
	*out = NULL;
	*rp = NULL;
	*tp = NULL;
	if (seam_session_new(sp, &o))
		return -100;
	if (seam_reply_parse(rp, *sp, reply, strlen(reply)))
		return -101;
	if (seam_tree_open_dir(tp, *sp, sm_test_tmpdir()))
		return -102;
	rc = seam_plan_new(out, *sp, *rp, *tp);
	if (rc == SEAM_OK && commit && seam_plan_commit(*out))
		return -103;
	return rc;
}

static void finish(seam_plan *p, seam_reply *r, seam_tree *t, seam_session *s)
{
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

#define RUN(reply, flags, commit)                                                        \
	seam_plan *p_;                                                                   \
	seam_reply *r_;                                                                  \
	seam_tree *t_;                                                                   \
	seam_session *s_;                                                                \
	int rc_ = run(reply, flags, commit, &p_, &r_, &t_, &s_)

#define FINISH() finish(p_, r_, t_, s_)

static int file_is(const char *name, const char *want)
{
	size_t n;
	char *got = sm_test_read_file(path_in(name), &n);
	int ok = got && n == strlen(want) && !memcmp(got, want, n);
	if (!ok)
		printf("  %s is:\n%s\n  want:\n%s\n", name, got ? got : "(missing)", want);
	free(got);
	return ok;
}

static const char *A = "def a():\n    return 1\n";
static const char *B = "def b():\n    return 2\n";
static const char *C = "def c():\n    return 3\n";

TEST(apply, three_files_third_fails_writes_nothing)
{
	put("a.py", A);
	put("b.py", B);
	put("c.py", C);
	{
		RUN("a.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 10\n>>>>>>> REPLACE\n```\n"
		    "b.py\n```\n<<<<<<< SEARCH\n    return 2\n=======\n    return 20\n>>>>>>> REPLACE\n```\n"
		    "c.py\n```\n<<<<<<< SEARCH\n    return 4\n=======\n    return 40\n>>>>>>> REPLACE\n```\n",
		    0, 1);
		seam_file_info fi;
		CHECK_INT(rc_, SEAM_EFAIL);
		CHECK(!seam_plan_ok(p_));
		CHECK_INT(seam_plan_commit(p_), SEAM_EFAIL);
		CHECK_INT(seam_plan_file_count(p_), 3);
		seam_plan_file(p_, 0, &fi);
		CHECK_INT(fi.status, SEAM_STATUS_APPLIED);
		seam_plan_file(p_, 2, &fi);
		CHECK_INT(fi.status, SEAM_STATUS_NO_MATCH);
		FINISH();
	}
	CHECK(file_is("a.py", A));
	CHECK(file_is("b.py", B));
	CHECK(file_is("c.py", C));
}

TEST(apply, retried_reply_is_noop)
{
	const char *reply = "```diff\n--- a.py\n+++ a.py\n@@ @@\n def a():\n-    return 1\n+    return 10\n"
			    "+\n+def a2():\n+    return 11\n```\n";
	put("a.py", A);
	{
		RUN(reply, 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("a.py", "def a():\n    return 10\n\ndef a2():\n    return 11\n"));
	{
		RUN(reply, 0, 1);
		seam_edit_info ei;
		seam_file_info fi;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_ALREADY_APPLIED);
		seam_plan_file(p_, 0, &fi);
		CHECK_INT(fi.changed, 0);
		FINISH();
	}
	CHECK(file_is("a.py", "def a():\n    return 10\n\ndef a2():\n    return 11\n"));
}

TEST(apply, binary_file_refused)
{
	sm_test_write_file(path_in("blob.bin"), "ab\0cd\n", 6);
	{
		RUN("blob.bin\n```\n<<<<<<< SEARCH\nab\n=======\nxy\n>>>>>>> REPLACE\n```\n", 0, 1);
		seam_file_info fi;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_file(p_, 0, &fi);
		CHECK_INT(fi.status, SEAM_STATUS_BINARY);
		FINISH();
	}
}

TEST(apply, path_escape_refused)
{
	put("a.py", A);
	{
		RUN("```diff\n--- /dev/null\n+++ ../escape.py\n@@ -0,0 +1 @@\n+print('x')\n```\n", 0, 1);
		seam_file_info fi;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_file(p_, 0, &fi);
		CHECK_INT(fi.status, SEAM_STATUS_REFUSED_PATH);
		FINISH();
	}
	{
		RUN(".git/hooks/pre-commit\n```\n<<<<<<< SEARCH\n=======\nrm -rf /\n>>>>>>> REPLACE\n```\n", 0, 1);
		seam_file_info fi;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_file(p_, 0, &fi);
		CHECK_INT(fi.status, SEAM_STATUS_REFUSED_PATH);
		FINISH();
	}
	CHECK(sm_test_read_file(path_in("../escape.py"), NULL) == NULL);
	CHECK(sm_test_read_file(path_in(".git/hooks/pre-commit"), NULL) == NULL);
}

TEST(apply, crlf_and_mode_kept)
{
	put("w.py", "x = 1\r\ny = 2\r\nz = 3\r\n");
	chmod(path_in("w.py"), 0755);
	{
		RUN("w.py\n```python\n<<<<<<< SEARCH\ny = 2\n=======\ny = 20\ny2 = 21\n>>>>>>> REPLACE\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("w.py", "x = 1\r\ny = 20\r\ny2 = 21\r\nz = 3\r\n"));
	{
		struct stat st;
		CHECK(stat(path_in("w.py"), &st) == 0);
		CHECK_INT(st.st_mode & 07777, 0755);
	}
}

TEST(apply, final_newline_default_and_kept)
{
	put("n.txt", "one\ntwo\nthree");
	{
		RUN("n.txt\n```\n<<<<<<< SEARCH\none\n=======\nONE\n>>>>>>> REPLACE\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("n.txt", "ONE\ntwo\nthree\n"));
	put("k.txt", "one\ntwo\nthree");
	{
		RUN("k.txt\n```\n<<<<<<< SEARCH\none\n=======\nONE\n>>>>>>> REPLACE\n```\n", SEAM_FLAG_KEEP_NO_EOL,
		    1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("k.txt", "ONE\ntwo\nthree"));
}

/* A unified diff whose hunks stay away from the last line says nothing about the final newline:
 * the lack stays (as patch leaves it); a hunk that reaches the last line ends it as its text
 * does, with a newline. */
TEST(apply, final_newline_udiff_away_from_end_kept)
{
	put("m.txt", "red\ngreen\nblue\n\nwhite\nblack");
	{
		RUN("```diff\n--- m.txt\n+++ m.txt\n@@ ... @@\n red\n+orange\n green\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("m.txt", "red\norange\ngreen\nblue\n\nwhite\nblack"));
	put("e.txt", "red\ngreen\nblue");
	{
		RUN("```diff\n--- e.txt\n+++ e.txt\n@@ ... @@\n red\n-green\n+GREEN\n blue\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("e.txt", "red\nGREEN\nblue\n"));
}

TEST(apply, gitdiff_with_numbers_create_and_delete)
{
	put("src/m.c", "int a;\nint b;\nint c;\nint d;\nint e;\n");
	put("old.c", "int gone;\n");
	{
		RUN("```diff\ndiff --git a/src/m.c b/src/m.c\nindex 1..2 100644\n--- a/src/m.c\n+++ b/src/m.c\n"
		    "@@ -2,3 +2,3 @@\n int b;\n-int c;\n+int c2;\n int d;\n"
		    "diff --git a/new.c b/new.c\nnew file mode 100644\n--- /dev/null\n+++ b/new.c\n@@ -0,0 +1,2 @@\n"
		    "+int n;\n+int m;\n"
		    "diff --git a/old.c b/old.c\ndeleted file mode 100644\n--- a/old.c\n+++ /dev/null\n"
		    "@@ -1 +0,0 @@\n-int gone;\n```\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("src/m.c", "int a;\nint b;\nint c2;\nint d;\nint e;\n"));
	CHECK(file_is("new.c", "int n;\nint m;\n"));
	CHECK(sm_test_read_file(path_in("old.c"), NULL) == NULL);
}

TEST(apply, whole_file_and_name_resolution)
{
	put("src/util.py", "def u():\n    pass\n");
	{
		seam_file_info fi;
		RUN("Here is the file:\n\nutil.py\n```python\ndef u():\n    return 42\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		(void)fi;
		FINISH();
	}
	/* a whole-file reply for a name that is not in the tree creates it: only edits of
	   existing content are resolved to a close name */
	CHECK(file_is("util.py", "def u():\n    return 42\n"));
	put("lib/helpers.py", "def h():\n    pass\n");
	{
		seam_file_info fi;
		RUN("helpers.py\n```\n<<<<<<< SEARCH\n    pass\n=======\n    return 1\n>>>>>>> REPLACE\n```\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_file(p_, 0, &fi);
		CHECK_STR(fi.path, "lib/helpers.py");
		CHECK(strstr(fi.message, "lib/helpers.py") != NULL);
		FINISH();
	}
	CHECK(file_is("lib/helpers.py", "def h():\n    return 1\n"));
}

/* A SEARCH that dropped a line fits exactly at one place, while its REPLACE writes the dropped
 * line back, and the old side with that line between its lines stands at another place: two
 * places, refused. Without the rival the exact place is taken. */
TEST(apply, exact_place_with_rival_that_replace_names_is_ambiguous)
{
	const char *f = "def first():\n\n    if ready:\n        go()\n\n"
			"def second(n):\n    if ready:\n        stop()\n";
	put("r.py", f);
	{
		RUN("r.py\n```\n<<<<<<< SEARCH\n\n    if ready:\n=======\n\nLIMIT = 3\n"
		    "def second(n):\n    if ready:\n>>>>>>> REPLACE\n```\n",
		    0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
		FINISH();
	}
	CHECK(file_is("r.py", f));
	/* the REPLACE's new line stands nowhere in the file: the exact place is the only one */
	{
		RUN("r.py\n```\n<<<<<<< SEARCH\n\n    if ready:\n=======\n\nLIMIT = 3\n"
		    "    if ready:\n>>>>>>> REPLACE\n```\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("r.py", "def first():\n\nLIMIT = 3\n    if ready:\n        go()\n\n"
			      "def second(n):\n    if ready:\n        stop()\n"));
}

/* The same rival after earlier blocks, the second adding a line: the file's table (indexed at
 * the second search) then has its gap
 * between the two places, at the rival's first line or inside the rival (the rival scan reads
 * the table in its two runs), or after both; still two places, refused. */
TEST(apply, exact_place_with_rival_across_the_gap)
{
	static const char *const first[] = {
		/* the gap lands between the two places, at the rival's first line */
		"<<<<<<< SEARCH\n        go()\n=======\n        go()\n        went()\n>>>>>>> REPLACE\n",
		/* ... or inside the rival (after the blank line before def second) */
		"<<<<<<< SEARCH\n        go()\n\n=======\n        go()\n        went()\n\n"
		">>>>>>> REPLACE\n",
		/* ... or after both */
		"<<<<<<< SEARCH\n        stop()\n=======\n        stop()\n        stopped()\n"
		">>>>>>> REPLACE\n"};
	const char *f = "def first():\n\n    if ready:\n        go()\n\n"
			"def second(n):\n    if ready:\n        stop()\n";
	size_t i;

	for (i = 0; i < sizeof(first) / sizeof(first[0]); i++) {
		char reply[1024];
		snprintf(reply, sizeof(reply),
			 "r.py\n```\n<<<<<<< SEARCH\ndef first():\n=======\ndef first(): # 1\n"
			 ">>>>>>> REPLACE\n```\n\n"
			 "r.py\n```\n%s```\n\nr.py\n```\n<<<<<<< SEARCH\n\n    if ready:\n=======\n"
			 "\nLIMIT = 3\ndef second(n):\n    if ready:\n>>>>>>> REPLACE\n```\n",
			 first[i]);
		put("r.py", f);
		{
			RUN(reply, 0, 1);
			seam_edit_info ei;
			CHECK_INT(rc_, SEAM_EFAIL);
			seam_plan_edit(p_, 0, 1, &ei);
			CHECK_INT(ei.status, SEAM_STATUS_APPLIED);
			seam_plan_edit(p_, 0, 2, &ei);
			CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
			FINISH();
		}
		CHECK(file_is("r.py", f));
	}
}

TEST(apply, ambiguous_writes_nothing_and_names_places)
{
	const char *two = "x = 1\nprint(x)\nx = 1\nprint(x)\n";
	put("t.py", two);
	{
		RUN("t.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n", 0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
		CHECK(strstr(ei.message, "line 1,") && strstr(ei.message, "line 3"));
		FINISH();
	}
	CHECK(file_is("t.py", two));
}

TEST(apply, feedback_lists_what_would_apply)
{
	put("a.py", A);
	put("b.py", B);
	{
		char *fb = NULL;
		size_t n;
		RUN("a.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 10\n>>>>>>> REPLACE\n```\n"
		    "b.py\n```\n<<<<<<< SEARCH\n    return 99\n=======\n    return 20\n>>>>>>> REPLACE\n```\n",
		    0, 0);
		CHECK_INT(rc_, SEAM_EFAIL);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_FEEDBACK, &fb, &n), SEAM_OK);
		CHECK(strstr(fb, "return 99") != NULL);      /* what was not found */
		CHECK(strstr(fb, "return 2") != NULL);       /* the closest text */
		CHECK(strstr(fb, "would apply") && strstr(fb, "a.py")); /* what not to re-send */
		seam_free(fb);
		FINISH();
	}
}

/* The count of a no-match's closest text is of the old side's lines found there: a file that
 * repeats two of them through the window counts each once, never more than the old side has. */
TEST(apply, closest_text_counts_old_lines_once)
{
	put("r.py", "a = 1\nb = 2\na = 1\nb = 2\na = 1\nb = 2\na = 1\nb = 2\na = 1\nb = 2\n");
	{
		char *fb = NULL;
		size_t n;
		RUN("r.py\n```\n<<<<<<< SEARCH\na = 1\n\nzz = 3\n\nb = 2\nq1 = 1\nq2 = 1\nq3 = 1\n"
		    "q4 = 1\nq5 = 1\n=======\nx = 1\n>>>>>>> REPLACE\n```\n",
		    0, 0);
		CHECK_INT(rc_, SEAM_EFAIL);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_FEEDBACK, &fb, &n), SEAM_OK);
		CHECK(strstr(fb, "(2 of 8 lines the same)") != NULL);
		seam_free(fb);
		FINISH();
	}
}

/* A left-out line of a CR LF file is named without its line end (no "\x0d" in the note). */
TEST(apply, trust_note_leaves_out_cr)
{
	put("c.py", "def f():\r\n    alpha = compute(1)\r\n    beta = compute(2)\r\n"
	            "    gamma = compute(3)\r\n    return alpha + gamma\r\n");
	{
		char *fb = NULL;
		size_t n;
		RUN("c.py\n```\n<<<<<<< SEARCH\ndef f():\n    alpha = compute(1)\n    gamma = "
		    "compute(3)\n"
		    "    return alpha + gamma\n=======\ndef f():\n    alpha = compute(1)\n"
		    "    gamma = compute(4)\n    return alpha + gamma\n>>>>>>> REPLACE\n```\n",
		    0, 0);
		CHECK_INT(rc_, SEAM_OK);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_TEXT, &fb, &n), SEAM_OK);
		CHECK(strstr(fb, "line 3 is not in the reply:     beta = compute(2)\n") != NULL);
		CHECK(strstr(fb, "x0d") == NULL);
		seam_free(fb);
		FINISH();
	}
}

TEST(apply, start_line_hint_breaks_tie)
{
	put("h.py", "x = 1\nprint(x)\n\n\n\n\n\n\n\n\nx = 1\nprint(x)\n");
	{
		RUN("h.py\n```\n<<<<<<< SEARCH\n:start_line:11\n-------\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("h.py", "x = 1\nprint(x)\n\n\n\n\n\n\n\n\nx = 2\nprint(x)\n"));
}

TEST(apply, patch_path_with_diff_prefix)
{
	put("pkg/m.py", "x = 1\n");
	{
		RUN("*** Begin Patch\n*** Update File: a/pkg/m.py\n@@\n-x = 1\n+x = 2\n"
		    "*** Add File: b/pkg/n.py\n+y = 1\n*** End Patch\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("pkg/m.py", "x = 2\n"));
	CHECK(file_is("pkg/n.py", "y = 1\n"));
	/* a real top-level directory a/ is taken at its word */
	put("a/pkg/m.py", "x = 1\n");
	{
		RUN("*** Begin Patch\n*** Update File: a/pkg/m.py\n@@\n-x = 1\n+x = 3\n*** End Patch\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("a/pkg/m.py", "x = 3\n"));
	CHECK(file_is("pkg/m.py", "x = 2\n"));
}

TEST(apply, patch_end_of_file_does_not_break_a_tie)
{
	const char *f = "func a() {\n\treturn\n}\n\nfunc b() {\n\treturn\n}\n";
	put("e.go", f);
	{
		RUN("*** Begin Patch\n*** Update File: e.go\n@@\n }\n+\n+func c() {}\n*** End of File\n"
		    "*** End Patch\n",
		    0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
		FINISH();
	}
	CHECK(file_is("e.go", f));
}

TEST(apply, miscopied_line_after_elision_is_not_an_addition)
{
	put("l.go", "\tcase 1:\n\t\tc = red\n\tcase 2:\n\t\tc = blue\n\t}\n\tend := now()\n"
		    "\tlatency := end.Sub(start)\n\tprintf(\"%v\", latency)\n\tdone()\n");
	{
		RUN("l.go\n```\n<<<<<<< SEARCH\n\tcase 1:\n\t\t...\n\tlatencys := end.Sub(start)\n"
		    "\tprintf(\"%v\", latency)\n\tdone()\n=======\n\tcase 1:\n\t\t...\n"
		    "\tlatencys := end.Sub(start)\n\tprintf(\"%12v\", latency)\n\tdone()\n"
		    ">>>>>>> REPLACE\n```\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("l.go", "\tcase 1:\n\t\tc = red\n\tcase 2:\n\t\tc = blue\n\t}\n\tend := now()\n"
			      "\tlatency := end.Sub(start)\n\tprintf(\"%12v\", latency)\n\tdone()\n"));
}

TEST(apply, lndiff_numbered_blank_line_is_a_place)
{
	put("s.js", "a();\n\nb();\n\nc();\n");
	{
		RUN("s.js\n<editblock>\n<<<<<<< REMOVE\n4|\n=======\n  |\n"
		    "  |// d\n  |d();\n>>>>>>> INSERT\n</editblock>\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("s.js", "a();\n\nb();\n\n// d\nd();\nc();\n"));
}

/* "@@ -2,0 +3,2 @@" places its lines by the number alone, which is refused, also when the same
 * lines end the file: that is another copy of them, not this insertion done already. */
TEST(apply, numbered_insertion_is_not_an_append_done)
{
	const char *f = "head\nmid\nx();\ny();\n";

	put("u.c", f);
	{
		RUN("--- a/u.c\n+++ b/u.c\n@@ -2,0 +3,2 @@\n+x();\n+y();\n", 0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
		CHECK(strstr(ei.message, "no unchanged line around them") != NULL);
		FINISH();
	}
	CHECK(file_is("u.c", f));
	/* past the last line: an append, and sent again it is one done */
	{
		seam_edit_info ei;
		RUN("--- a/u.c\n+++ b/u.c\n@@ -4,0 +5,2 @@\n+x();\n+y();\n", 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_ALREADY_APPLIED);
		FINISH();
	}
	CHECK(file_is("u.c", f));
}

TEST(apply, patch_anchor_takes_first_place_after_it)
{
	const char *f = "(function() {\n  /*---*/\n\n  var a;\n  /*---*/\n\n  var b;\n})();\n";
	put("p.js", f);
	{
		/* without an anchor the two places tie: refused */
		RUN("*** Begin Patch\n*** Update File: p.js\n@@\n   /*---*/\n \n+  var z;\n*** End Patch\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_EFAIL);
		FINISH();
	}
	CHECK(file_is("p.js", f));
	{
		RUN("*** Begin Patch\n*** Update File: p.js\n@@ (function() {\n   /*---*/\n \n+  var z;\n"
		    "*** End Patch\n",
		    0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("p.js", "(function() {\n  /*---*/\n\n  var z;\n  var a;\n  /*---*/\n\n  var b;\n})();\n"));
}

/* ---- the laziness guard, end to end ------------------------------------------------------- */

static const char *SVC = "import os\n"
			 "\n"
			 "\n"
			 "class Service:\n"
			 "    def __init__(self, name):\n"
			 "        self.name = name\n"
			 "        self.port = 8080\n"
			 "        self.hosts = []\n"
			 "\n"
			 "    def start(self):\n"
			 "        os.makedirs(self.name, exist_ok=True)\n"
			 "        return self.port\n"
			 "\n"
			 "    def stop(self):\n"
			 "        return None\n";

/* the whole file again, __init__'s body replaced by a placeholder, stop() changed */
static const char *SVC_LAZY_WHOLE =
	"svc.py\n```python\nimport os\n\n\nclass Service:\n    def __init__(self, name):\n"
	"        # ... existing code ...\n\n    def start(self):\n"
	"        os.makedirs(self.name, exist_ok=True)\n        return self.port\n\n"
	"    def stop(self):\n        return True\n```\n";

static const char *SVC_STOPPED = "import os\n"
				 "\n"
				 "\n"
				 "class Service:\n"
				 "    def __init__(self, name):\n"
				 "        self.name = name\n"
				 "        self.port = 8080\n"
				 "        self.hosts = []\n"
				 "\n"
				 "    def start(self):\n"
				 "        os.makedirs(self.name, exist_ok=True)\n"
				 "        return self.port\n"
				 "\n"
				 "    def stop(self):\n"
				 "        return True\n";

TEST(apply, lazy_whole_file_middle_expanded)
{
	put("svc.py", SVC);
	{
		RUN(SVC_LAZY_WHOLE, 0, 1);
		seam_edit_info ei;
		char *text = NULL, *json = NULL;
		size_t n;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_APPLIED);
		CHECK_STR(ei.strategy, "whole-file+expanded-placeholder");
		CHECK(strstr(ei.message, "\"        # ... existing code ...\" (reply line 8) stands "
					 "for 3 unchanged lines (lines 6-8 of the file)") != NULL);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_TEXT, &text, &n), SEAM_OK);
		CHECK(strstr(text, "applied by whole-file+expanded-placeholder") != NULL);
		CHECK(strstr(text, "    expanded-placeholder: ") != NULL);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_JSON, &json, &n), SEAM_OK);
		CHECK(strstr(json, "\"strategy\": \"whole-file+expanded-placeholder\"") != NULL);
		CHECK(strstr(json, "\"message\": \"expanded-placeholder: ") != NULL);
		seam_free(text);
		seam_free(json);
		FINISH();
	}
	CHECK(file_is("svc.py", SVC_STOPPED));
}

TEST(apply, lazy_whole_file_middle_refused_when_not_bounded)
{
	/* the line after the placeholder is new: which lines it stands for is not known */
	put("svc.py", SVC);
	{
		RUN("svc.py\n```python\nimport os\n\n\nclass Service:\n    def __init__(self, name):\n"
		    "        # ... existing code ...\n        self.debug = False\n\n    def start(self):\n"
		    "        os.makedirs(self.name, exist_ok=True)\n        return self.port\n\n"
		    "    def stop(self):\n        return None\n```\n",
		    0, 1);
		seam_edit_info ei;
		char *fb = NULL;
		size_t n;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_LAZY);
		CHECK(strstr(ei.message, "the placeholder \"        # ... existing code ...\" (reply "
					 "line 8): it would delete 3 lines of code, lines 6-8 "
					 "(\"        self.name = name\" ... \"        self.hosts = []\")") != NULL);
		CHECK(strstr(ei.message, "the line after it is a line you changed or added") != NULL);
		CHECK(strstr(ei.message, "Write that part out in full") != NULL);
		CHECK_INT(seam_plan_render(p_, SEAM_RENDER_FEEDBACK, &fb, &n), SEAM_OK);
		CHECK(strstr(fb, ": lazy") != NULL);
		seam_free(fb);
		FINISH();
	}
	CHECK(file_is("svc.py", SVC));
}

TEST(apply, lazy_refuse_mode_and_allow_mode)
{
	put("svc.py", SVC);
	lazy_mode = SEAM_LAZY_REFUSE;
	{
		RUN(SVC_LAZY_WHOLE, 0, 1);
		seam_edit_info ei;
		lazy_mode = SEAM_LAZY_EXPAND;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_LAZY);
		/* refusing is the mode, not a failed expansion: no reason about the lines around */
		CHECK(strstr(ei.message, "seam restores") == NULL);
		FINISH();
	}
	CHECK(file_is("svc.py", SVC));
	lazy_mode = SEAM_LAZY_ALLOW;
	{
		RUN(SVC_LAZY_WHOLE, 0, 1);
		lazy_mode = SEAM_LAZY_EXPAND;
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	CHECK(file_is("svc.py", "import os\n\n\nclass Service:\n    def __init__(self, name):\n"
				"        # ... existing code ...\n\n    def start(self):\n"
				"        os.makedirs(self.name, exist_ok=True)\n        return self.port\n\n"
				"    def stop(self):\n        return True\n"));
}

TEST(apply, lazy_editblock_expanded)
{
	put("svc.py", SVC);
	{
		RUN("svc.py\n```python\n<<<<<<< SEARCH\n    def __init__(self, name):\n"
		    "        self.name = name\n        self.port = 8080\n        self.hosts = []\n\n"
		    "    def start(self):\n=======\n    def __init__(self, name):\n"
		    "        // ...\n\n    def start(self):\n        self.started = True\n"
		    ">>>>>>> REPLACE\n```\n",
		    0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_STR(ei.strategy, "exact+expanded-placeholder");
		CHECK(strstr(ei.message, "(lines 6-8 of the file)") != NULL);
		FINISH();
	}
	CHECK(file_is("svc.py", "import os\n\n\nclass Service:\n    def __init__(self, name):\n"
				"        self.name = name\n        self.port = 8080\n        self.hosts = []\n"
				"\n    def start(self):\n        self.started = True\n"
				"        os.makedirs(self.name, exist_ok=True)\n        return self.port\n\n"
				"    def stop(self):\n        return None\n"));
}

TEST(apply, lazy_real_comments_are_not_flagged)
{
	/* a comment the model adds, with placeholder words, next to a real change; and a
	   placeholder-like comment the file has already, kept by the whole file */
	const char *kept = "def f():\n    # ... rest of the setup is done by the caller ...\n"
			   "    return 1\n";
	put("svc.py", SVC);
	put("k.py", kept);
	{
		RUN("svc.py\n```python\n<<<<<<< SEARCH\n    def stop(self):\n        return None\n"
		    "=======\n    def stop(self):\n        # ... more cleanup may follow ...\n"
		    "        return None\n>>>>>>> REPLACE\n```\n",
		    0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_STR(ei.strategy, "exact");
		FINISH();
	}
	{
		RUN("k.py\n```python\ndef f():\n    # ... rest of the setup is done by the caller ...\n"
		    "    return 2\n```\n",
		    0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_STR(ei.strategy, "whole-file");
		FINISH();
	}
	CHECK(file_is("k.py", "def f():\n    # ... rest of the setup is done by the caller ...\n"
			      "    return 2\n"));
}

TEST(apply, lazy_option_checked)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;

	CHECK_INT(o.lazy, SEAM_LAZY_EXPAND);
	o.lazy = (seam_lazy_t)7;
	CHECK_INT(seam_session_new(&s, &o), SEAM_EUSAGE);
	CHECK(s == NULL);
	o.lazy = SEAM_LAZY_ALLOW;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	seam_session_free(s);
}

TEST(apply, lazy_expanded_reply_retried_is_noop)
{
	/* the second time the old side is gone; the new side, with the lines the placeholder
	   stood for, is there: already applied */
	const char *reply = "svc.py\n```python\n<<<<<<< SEARCH\n    def __init__(self, name):\n"
			    "        self.name = name\n        self.port = 8080\n        self.hosts = []\n"
			    "\n    def start(self):\n        os.makedirs(self.name, exist_ok=True)\n"
			    "=======\n    def __init__(self, name):\n        # ... existing code ...\n\n"
			    "    def start(self):\n        os.makedirs(self.name)\n>>>>>>> REPLACE\n```\n";
	put("svc.py", SVC);
	{
		RUN(reply, 0, 1);
		CHECK_INT(rc_, SEAM_OK);
		FINISH();
	}
	{
		RUN(reply, 0, 1);
		seam_edit_info ei;
		CHECK_INT(rc_, SEAM_OK);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_ALREADY_APPLIED);
		FINISH();
	}
	CHECK(file_is("svc.py", "import os\n\n\nclass Service:\n    def __init__(self, name):\n"
				"        self.name = name\n        self.port = 8080\n        self.hosts = []\n"
				"\n    def start(self):\n        os.makedirs(self.name)\n"
				"        return self.port\n\n    def stop(self):\n        return None\n"));
}

TEST(apply, lazy_refusals_name_their_reply_lines)
{
	put("svc.py", SVC);
	lazy_mode = SEAM_LAZY_REFUSE;
	{
		RUN("svc.py\n```python\n<<<<<<< SEARCH\n        self.port = 8080\n        self.hosts = []\n"
		    "=======\n        // ...\n>>>>>>> REPLACE\n```\n\nand\n\n"
		    "svc.py\n```python\n<<<<<<< SEARCH\n    def stop(self):\n        return None\n"
		    "=======\n    def stop(self):\n        # ... rest of the method unchanged ...\n"
		    ">>>>>>> REPLACE\n```\n",
		    0, 1);
		seam_edit_info ei;
		lazy_mode = SEAM_LAZY_EXPAND;
		CHECK_INT(rc_, SEAM_EFAIL);
		seam_plan_edit(p_, 0, 0, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_LAZY);
		CHECK(strstr(ei.message, "\"        // ...\" (reply line 7): it would delete 2 lines of "
					 "code, lines 7-8") != NULL);
		seam_plan_edit(p_, 0, 1, &ei);
		CHECK_INT(ei.status, SEAM_STATUS_LAZY);
		CHECK(strstr(ei.message, "(reply line 20): it would delete 1 line of code, line 15 ")
		      != NULL);
		FINISH();
	}
	CHECK(file_is("svc.py", SVC));
}
