/*
 * The memory-lean paths of the plan (issue 12's memory bound): an image rendered as runs of
 * bytes (src/lib/match/image_runs.c) gives what sm_image_render gives, whatever its lines and
 * endings; a plan that frees a file's table before making its result (nothing reads it after)
 * gives what the plan that keeps it gives; a whole file planned on the file's line hashes
 * alone reaches the verdicts the full tables reach (already applied, placeholders, excerpts,
 * a file an earlier edit of the reply changed). Neutral content of our own.
 */
#include "test.h"
#include "plan_run.h"
#include "seam.h"
#include "lib/match/image.h"
#include "lib/match/image_runs.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);
	memcpy(d, s, strlen(s) + 1);
	return d;
}

/* 1 when im's runs over regions reg join into exactly its rendering, and it renders as that. */
static int runs_match_render(const sm_image *im, const sm_span *reg, size_t nreg, size_t *nruns)
{
	sm_buf want = SM_BUF_INIT;
	sm_runs r;
	char *got = NULL;
	size_t len = 0;
	int ok;

	if (sm_image_render(im, &want) || sm_image_runs(im, reg, nreg, &r)) {
		sm_buf_dispose(&want);
		return 0;
	}
	ok = !sm_runs_join(&r, &got, &len) && r.bytes == want.len && len == want.len &&
	     !memcmp(got, want.ptr ? want.ptr : "", len) && got[len] == '\0' &&
	     sm_image_renders_as(im, want.ptr ? want.ptr : "", want.len);
	/* one byte more or less, or another last byte: not the rendering */
	if (ok && want.len)
		ok = !sm_image_renders_as(im, want.ptr, want.len - 1);
	if (ok) {
		char *other = malloc(want.len + 1);
		memcpy(other, want.ptr ? want.ptr : "", want.len);
		other[want.len] = 'x';
		ok = !sm_image_renders_as(im, other, want.len + 1);
		if (want.len) {
			other[want.len - 1] ^= 1;
			ok = ok && !sm_image_renders_as(im, other, want.len);
		}
		free(other);
	}
	if (!ok)
		printf("  runs give:\n%.*s\n  render gives:\n%.*s\n", (int)len, got ? got : "",
		       (int)want.len, want.ptr ? want.ptr : "");
	if (nruns)
		*nruns = r.n;
	sm_free(got);
	sm_runs_dispose(&r);
	sm_buf_dispose(&want);
	return ok;
}

TEST(image_runs, a_file_as_read_is_one_run_in_its_region)
{
	static const char *const files[] = {
		"alpha();\nbeta();\n\ngamma();\n",
		"alpha();\r\nbeta();\r\n\r\ngamma();\r\n",
		"alpha();\rbeta();\r\rgamma();\r",
		"\xEF\xBB\xBF" "alpha();\nbeta();\n",
		"alpha();\nbeta(); /* no newline at the end */",
		"mixed();\r\nendings();\nhere();\r\n",
		"",
		"\n\n\n",
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		sm_image im;
		sm_span reg = {files[i], strlen(files[i])};
		size_t n = 0;
		CHECK_INT(sm_image_load(&im, files[i], strlen(files[i])), 0);
		CHECK(runs_match_render(&im, &reg, 1, &n));
		/* the byte order mark is written from a constant: a run of its own */
		CHECK(n <= 1 + (size_t)im.bom);
		/* without the region, every line and ending is a run of its own, same bytes */
		CHECK(runs_match_render(&im, NULL, 0, NULL));
		sm_image_dispose(&im);
	}
}

TEST(image_runs, spliced_lines_from_other_buffers_render_the_same)
{
	static const char file[] = "one();\r\ntwo();\r\nthree();\r\nfour();\r\nfive();\r\nsix();\r\n";
	static const char reply[] = "new_a();\nnew_b();\nfour();\n";
	char *heap = malloc(16);
	sm_span reg[2] = {{file, sizeof(file) - 1}, {reply, sizeof(reply) - 1}};
	sm_image im;
	sm_line l[3];
	size_t n = 0;

	memcpy(heap, "from_heap();", 12);
	CHECK_INT(sm_image_load(&im, file, sizeof(file) - 1), 0);
	/* two lines of the reply (LF: not the file's CRLF rendering), one from elsewhere */
	sm_line_init(&l[0], reply, 8);
	sm_line_init(&l[1], reply + 9, 8);
	sm_line_init(&l[2], heap, 12);
	l[0].crlf = l[1].crlf = l[2].crlf = 1;
	CHECK_INT(sm_image_splice(&im, 1, 2, l, 2), 0);
	CHECK_INT(sm_image_splice(&im, 5, 0, &l[2], 1), 0);
	CHECK(runs_match_render(&im, reg, 2, &n));
	/* "one", each new line and its CRLF (the reply has LF), "four" and "five", the heap line
	   and its ending, "six": 9 runs for 7 lines */
	CHECK_INT(n, 9);
	/* the same lines written with the reply's LF: the reply's lines join into one run */
	l[0].crlf = l[1].crlf = 0;
	sm_image_dispose(&im);
	CHECK_INT(sm_image_load(&im, reply, sizeof(reply) - 1), 0);
	CHECK_INT(sm_image_splice(&im, 0, 1, l, 2), 0);
	CHECK(runs_match_render(&im, reg, 2, &n));
	/* the last line ends the file without an ending */
	im.final_eol = 0;
	CHECK(runs_match_render(&im, reg, 2, NULL));
	sm_image_dispose(&im);
	free(heap);
}

/* The message of the last result()'s first edit. */
static char last_msg[2048];

/* The result of reply on before, with the syntax check as given (off: the plan frees the table
 * before the result; check: it keeps it for the check), and the flags. */
static char *result(const char *path, const char *before, const char *reply, seam_syntax_t syn,
		    unsigned int flags, int *changed, const char **strategy)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	seam_file_info fi;
	seam_edit_info ei;
	char *out = NULL;

	o.syntax = syn;
	o.flags = flags;
	if (seam_session_new(&s, &o) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, path, before, strlen(before), 0644) ||
	    seam_reply_parse(&r, s, reply, strlen(reply)))
		goto out;
	seam_plan_new(&p, s, r, t);
	if (!p || seam_plan_file(p, 0, &fi))
		goto out;
	*changed = fi.changed;
	last_msg[0] = '\0';
	if (!seam_plan_edit(p, 0, 0, &ei))
		snprintf(last_msg, sizeof(last_msg), "%s", ei.message ? ei.message : "");
	if (strategy && !seam_plan_edit(p, 0, 0, &ei))
		*strategy = ei.strategy && !strcmp(ei.strategy, "whole-file") ? "whole-file"
			    : ei.strategy && strstr(ei.strategy, "expanded") ? "expanded"
			    : ei.strategy && !strcmp(ei.strategy, "already-applied") ? "already-applied"
			    : ei.strategy && !strcmp(ei.strategy, "excerpt") ? "excerpt" : "other";
	out = malloc(fi.new_len + 1);
	memcpy(out, fi.new_data ? fi.new_data : "", fi.new_len);
	out[fi.new_len] = '\0';
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	return out;
}

/* The same reply planned with the table kept and with it freed: the same bytes. */
static int same_both_ways(const char *path, const char *before, const char *reply,
			  unsigned int flags, const char *want)
{
	int c1 = -1, c2 = -1;
	char *a = result(path, before, reply, SEAM_SYNTAX_CHECK, flags, &c1, NULL);
	char *b = result(path, before, reply, SEAM_SYNTAX_OFF, flags, &c2, NULL);
	int ok = a && b && !strcmp(a, b) && c1 == c2 && (!want || !strcmp(b, want));

	if (!ok)
		printf("  kept:\n%s\n  freed:\n%s\n  want:\n%s\n", a ? a : "(none)",
		       b ? b : "(none)", want ? want : "(any)");
	free(a);
	free(b);
	return ok;
}

TEST(image_runs, a_plan_that_frees_the_table_writes_the_same_bytes)
{
	static const char F[] = "int a = 1;\r\nint b = 2;\r\nint c = 3;\r\nint d = 4;\r\n";
	static const char NOEOL[] = "x = 1\ny = 2\nz = 3";

	CHECK(same_both_ways("f.c", F,
			     "f.c\n```c\n<<<<<<< SEARCH\nint b = 2;\n=======\nint b = 20;\n"
			     "int b2 = 21;\n>>>>>>> REPLACE\n```\n",
			     0, "int a = 1;\r\nint b = 20;\r\nint b2 = 21;\r\nint c = 3;\r\nint d = 4;\r\n"));
	/* a change at the end of a file without a final newline: it gets one, or keeps lacking it */
	CHECK(same_both_ways("f.py", NOEOL,
			     "f.py\n```python\n<<<<<<< SEARCH\nz = 3\n=======\nz = 30\n"
			     ">>>>>>> REPLACE\n```\n",
			     0, "x = 1\ny = 2\nz = 30\n"));
	CHECK(same_both_ways("f.py", NOEOL,
			     "f.py\n```python\n<<<<<<< SEARCH\nz = 3\n=======\nz = 30\n"
			     ">>>>>>> REPLACE\n```\n",
			     SEAM_FLAG_KEEP_NO_EOL, "x = 1\ny = 2\nz = 30"));
	/* a diff that stays away from the end leaves the lack as it is */
	CHECK(same_both_ways("f.py", NOEOL, "--- a/f.py\n+++ b/f.py\n@@ -1,2 +1,2 @@\n-x = 1\n+x = 10\n y = 2\n",
			     0, "x = 10\ny = 2\nz = 3"));
	/* a reply that changes nothing: unchanged either way */
	CHECK(same_both_ways("f.py", NOEOL,
			     "f.py\n```python\n<<<<<<< SEARCH\ny = 2\n=======\ny = 2\n"
			     ">>>>>>> REPLACE\n```\n",
			     0, NOEOL));
}

/* A C file of n numbered functions. */
static char *functions(int n, const char *eol)
{
	sm_buf b = SM_BUF_INIT;
	int i;
	for (i = 0; i < n; i++)
		sm_buf_printf(&b, "int f%d(int x)%s{%s\treturn x * %d + %d;%s}%s%s", i, eol, eol, i,
			      i * 7, eol, eol, eol);
	return sm_buf_detach(&b, NULL);
}

TEST(image_runs, whole_files_on_line_hashes_reach_the_same_verdicts)
{
	char *f = functions(12, "\n"), *fws = NULL, *reply = NULL, *got, *at;
	const char *strat = NULL;
	sm_buf b = SM_BUF_INIT;
	int changed = -1;

	/* the same lines but for trailing blanks: already applied, the file kept byte for byte */
	sm_buf_puts(&b, f);
	at = strstr(b.ptr, "return x * 3 + 21;");
	memmove(at + strlen("return x * 3 + 21;") + 2, at + strlen("return x * 3 + 21;"),
		strlen(at + strlen("return x * 3 + 21;")) + 1);
	memcpy(at + strlen("return x * 3 + 21;"), "  ", 2);
	b.len += 2;
	fws = sm_buf_detach(&b, NULL);
	reply = malloc(strlen(f) + 64);
	sprintf(reply, "m.c\n```c\n%s```\n", f);
	got = result("m.c", fws, reply, SEAM_SYNTAX_OFF, 0, &changed, &strat);
	CHECK(got && !strcmp(got, fws));
	CHECK_INT(changed, 0);
	CHECK_STR(strat, "already-applied");
	free(got);

	/* a placeholder for two functions: expanded, the functions restored */
	{
		char *r2 = malloc(strlen(f) + 128), *want = dup(f), *p0, *p1;
		size_t cut0, cut1;
		p0 = strstr(f, "int f4(");
		p1 = strstr(f, "int f6(");
		cut0 = (size_t)(p0 - f);
		cut1 = (size_t)(p1 - f);
		/* and one change elsewhere: f9 returns another value */
		sprintf(r2, "m.c\n```c\n%.*s// ... existing code ...\n\n%s```\n", (int)cut0, f, f + cut1);
		at = strstr(r2, "return x * 9 + 63;");
		memcpy(at, "return x * 9 + 64;", 18);
		at = strstr(want, "return x * 9 + 63;");
		memcpy(at, "return x * 9 + 64;", 18);
		got = result("m.c", f, r2, SEAM_SYNTAX_OFF, 0, &changed, &strat);
		CHECK(got && !strcmp(got, want));
		CHECK_INT(changed, 1);
		CHECK_STR(strat, "expanded");
		free(got);
		/* the table kept (the check on): the same */
		got = result("m.c", f, r2, SEAM_SYNTAX_CHECK, 0, &changed, &strat);
		CHECK(got && !strcmp(got, want));
		CHECK_STR(strat, "expanded");
		free(got);
		free(r2);
		free(want);
	}

	/* two of twelve functions alone, one changed: read as an excerpt (the test on the
	   file's line hashes let it through), refused as one that fits two ways */
	{
		char *r3 = malloc(strlen(f) + 64), *p0, *p1;
		p0 = strstr(f, "int f10(");
		sprintf(r3, "m.c\n```c\n%s```\n", p0);
		p1 = strstr(r3, "return x * 11 + 77;");
		memcpy(p1, "return x * 11 + 78;", 19);
		got = result("m.c", f, r3, SEAM_SYNTAX_OFF, 0, &changed, &strat);
		CHECK(got && !strcmp(got, f));
		CHECK_INT(changed, 0);
		CHECK(strstr(last_msg, "read as an excerpt"));
		CHECK(strstr(last_msg, "51 of the file's 60 lines are not in it"));
		free(got);
		free(r3);
	}
	free(reply);
	free(fws);
	free(f);
}

/* A whole file after an edit of the same file in the same reply (a built reply): the image is
 * no longer the file read, and the whole file replaces what the edit left. */
TEST(image_runs, whole_file_after_an_edit_of_the_same_file)
{
	static const char F[] = "a = 1\nb = 2\nc = 3\n";
	static const char W[] = "a = 1\nb = 22\nc = 3\nd = 4\n";
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	size_t f0 = 0, f1 = 0, n = 0;
	const char *got;

	o.syntax = SEAM_SYNTAX_OFF;
	CHECK_INT(seam_session_new(&s, &o), 0);
	CHECK_INT(seam_tree_new_memory(&t, s), 0);
	CHECK_INT(seam_tree_put(t, "v.py", F, strlen(F), 0644), 0);
	CHECK_INT(seam_reply_new(&r, s), 0);
	CHECK_INT(seam_reply_add_file(r, s, "v.py", SEAM_OP_UPDATE, &f0), 0);
	CHECK_INT(seam_reply_add_replace(r, s, f0, "c = 3\n", 6, "c = 33\n", 7, 0), 0);
	CHECK_INT(seam_reply_add_file(r, s, "v.py", SEAM_OP_WHOLE, &f1), 0);
	CHECK_INT(seam_reply_add_whole(r, s, f1, W, strlen(W)), 0);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_OK);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	got = seam_tree_get(t, "v.py", &n);
	CHECK_MEM(got, n, W, strlen(W));
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}
