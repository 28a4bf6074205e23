#include "test.h"
#include "lib/render/render.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- unified diff ---------------------------------------------------------------------- */

static char *udiff(const char *op, const char *np, const char *a, size_t an, const char *b,
		   size_t bn)
{
	static char out[8192];
	sm_buf buf = SM_BUF_INIT;

	out[0] = '\0';
	if (sm_render_unified(&buf, op, np, a, an, b, bn))
		snprintf(out, sizeof(out), "(error)");
	else if (buf.ptr)
		snprintf(out, sizeof(out), "%.*s", (int)buf.len, buf.ptr);
	sm_buf_dispose(&buf);
	return out;
}

#define UDIFF(a, b) udiff("f", "f", a, strlen(a), b, strlen(b))

TEST(render, udiff_equal_is_empty)
{
	CHECK_STR(UDIFF("", ""), "");
	CHECK_STR(UDIFF("a\nb\n", "a\nb\n"), "");
	CHECK_STR(UDIFF("a\nb", "a\nb"), "");
}

TEST(render, udiff_one_change_with_context)
{
	CHECK_STR(UDIFF("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nX\n6\n7\n8\n9\n"),
		  "--- a/f\n+++ b/f\n"
		  "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n");
}

TEST(render, udiff_hunks_split_and_joined)
{
	const char *a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n";

	/* Lines 2 and 15 are 12 apart: two hunks. */
	CHECK_STR(UDIFF(a, "1\nB\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\nO\n16\n"),
		  "--- a/f\n+++ b/f\n"
		  "@@ -1,5 +1,5 @@\n 1\n-2\n+B\n 3\n 4\n 5\n"
		  "@@ -12,5 +12,5 @@\n 12\n 13\n 14\n-15\n+O\n 16\n");
	/* Lines 2 and 9 have 6 lines between them: one hunk, as diff -U3 does. */
	CHECK_STR(UDIFF(a, "1\nB\n3\n4\n5\n6\n7\n8\nI\n10\n11\n12\n13\n14\n15\n16\n"),
		  "--- a/f\n+++ b/f\n"
		  "@@ -1,12 +1,12 @@\n 1\n-2\n+B\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+I\n 10\n 11\n 12\n");
}

TEST(render, udiff_insert_and_delete_ranges)
{
	CHECK_STR(UDIFF("", "x\n"), "--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+x\n");
	CHECK_STR(UDIFF("x\n", ""), "--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-x\n");
	CHECK_STR(UDIFF("a\nb\n", "x\na\nb\n"), "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+x\n a\n b\n");
	CHECK_STR(UDIFF("a\nb\nc\nd\ne\n", "a\nb\nc\nd\ne\nf\n"),
		  "--- a/f\n+++ b/f\n@@ -3,3 +3,4 @@\n c\n d\n e\n+f\n");
}

TEST(render, udiff_no_newline_at_end)
{
	CHECK_STR(UDIFF("a\nb", "a\nc"), "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n"
					 "\\ No newline at end of file\n+c\n"
					 "\\ No newline at end of file\n");
	/* Adding the missing newline is a change of that line. */
	CHECK_STR(UDIFF("a\nb", "a\nb\n"), "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n"
					   "\\ No newline at end of file\n+b\n");
	/* An unchanged last line without newline, as context. */
	CHECK_STR(UDIFF("a\nb", "x\nb"), "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+x\n b\n"
					 "\\ No newline at end of file\n");
}

TEST(render, udiff_keeps_crlf)
{
	CHECK_STR(UDIFF("a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"),
		  "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n");
	/* A line-ending change alone is a change. */
	CHECK_STR(UDIFF("a\r\n", "a\n"), "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\r\n+a\n");
}

TEST(render, udiff_create_and_delete)
{
	CHECK_STR(udiff(NULL, "new.c", NULL, 0, "x\ny\n", 4),
		  "--- /dev/null\n+++ b/new.c\n@@ -0,0 +1,2 @@\n+x\n+y\n");
	CHECK_STR(udiff("old.c", NULL, "x\ny", 3, NULL, 0),
		  "--- a/old.c\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n"
		  "\\ No newline at end of file\n");
	/* A new empty file still shows that it appears. */
	CHECK_STR(udiff(NULL, "empty", NULL, 0, "", 0), "--- /dev/null\n+++ b/empty\n");
}

TEST(render, udiff_binary_and_odd_paths)
{
	CHECK_STR(udiff("b.bin", "b.bin", "a\0b", 3, "a\0c", 3),
		  "Binary files a/b.bin and b/b.bin differ\n");
	CHECK_STR(
	    udiff("we\"ird\\name", "we\"ird\\name", "a\n", 2, "b\n", 2),
	    "--- \"a/we\\\"ird\\\\name\"\n+++ \"b/we\\\"ird\\\\name\"\n@@ -1 +1 @@\n-a\n+b\n");
	CHECK_STR(udiff("tab\there", "tab\there", "a\n", 2, "b\n", 2),
		  "--- \"a/tab\\there\"\n+++ \"b/tab\\there\"\n@@ -1 +1 @@\n-a\n+b\n");
}

/* Applies a unified diff made by sm_render_unified (trusting its own counts) to old. */
static int apply_udiff(const char *old, size_t on, const char *d, size_t dn, sm_buf *out)
{
	size_t pos = 0, i = 0;
	const char *o = old;

	/* Skip the two header lines. */
	for (int k = 0; k < 2; k++) {
		const char *nl = memchr(d + i, '\n', dn - i);
		if (!nl)
			return -1;
		i = (size_t)(nl - d) + 1;
	}
	while (i < dn) {
		long a0, al = 1, b0, bl = 1;
		const char *nl = memchr(d + i, '\n', dn - i);
		size_t lstart = 0, line = 0;
		if (!nl || (sscanf(d + i, "@@ -%ld,%ld +%ld,%ld @@", &a0, &al, &b0, &bl) != 4 &&
			    sscanf(d + i, "@@ -%ld +%ld,%ld @@", &a0, &b0, &bl) != 3 &&
			    sscanf(d + i, "@@ -%ld,%ld +%ld @@", &a0, &al, &b0) != 3 &&
			    sscanf(d + i, "@@ -%ld +%ld @@", &a0, &b0) != 2))
			return -1;
		i = (size_t)(nl - d) + 1;
		/* Copy old lines before the hunk. */
		if (al == 0)
			a0++;
		for (lstart = 0, line = 1; line < (size_t)a0; line++) {
			const char *e = memchr(o + lstart, '\n', on - lstart);
			lstart = e ? (size_t)(e - o) + 1 : on;
		}
		if (lstart < pos)
			return -1;
		sm_buf_put(out, o + pos, lstart - pos);
		pos = lstart;
		while (i < dn && d[i] != '@') {
			char m = d[i];
			const char *e = memchr(d + i, '\n', dn - i);
			size_t len = (size_t)(e - d) - i; /* without the \n */
			int noeol = e + 1 < d + dn && e[1] == '\\';
			if (m == '\\') {
				i = (size_t)(e - d) + 1;
				continue;
			}
			if (m == ' ' || m == '-') {
				size_t keep = len - 1 + (noeol ? 0 : 1);
				if (pos + keep > on || memcmp(o + pos, d + i + 1, keep))
					return -1;
				if (m == ' ')
					sm_buf_put(out, o + pos, keep);
				pos += keep;
			} else if (m == '+') {
				sm_buf_put(out, d + i + 1, len - 1 + (noeol ? 0 : 1));
			} else {
				return -1;
			}
			i = (size_t)(e - d) + 1;
		}
	}
	sm_buf_put(out, o + pos, on - pos);
	return 0;
}

static uint64_t rng = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void random_text(sm_buf *b, const char *seed, size_t seedn)
{
	static const char *words[] = {"a", "b", "c", "x = 1;", "", "}", "\t{", "d\r"};
	size_t i, n = rnd(30);

	sm_buf_clear(b);
	if (seed && rnd(2)) {
		/* A mutation of seed: drop, add and change a few lines. */
		size_t s = 0;
		while (s < seedn) {
			const char *e = memchr(seed + s, '\n', seedn - s);
			size_t end = e ? (size_t)(e - seed) + 1 : seedn;
			unsigned r = rnd(8);
			if (r == 1)
				sm_buf_printf(b, "%s\n", words[rnd(8)]);
			if (r != 0)
				sm_buf_put(b, seed + s, end - s);
			s = end;
		}
	} else {
		for (i = 0; i < n; i++)
			sm_buf_printf(b, "%s\n", words[rnd(8)]);
	}
	if (b->len && rnd(3) == 0)
		b->len--; /* no newline at the end */
	if (b->ptr)
		b->ptr[b->len] = '\0';
}

TEST(render, udiff_randomized_round_trip)
{
	sm_buf a = SM_BUF_INIT, b = SM_BUF_INIT, d = SM_BUF_INIT, back = SM_BUF_INIT;
	int iter;

	for (iter = 0; iter < 3000; iter++) {
		random_text(&a, NULL, 0);
		random_text(&b, a.ptr, a.len);
		sm_buf_clear(&d);
		sm_buf_clear(&back);
		CHECK_INT(sm_render_unified(&d, "f", "f", a.ptr, a.len, b.ptr, b.len), 0);
		if (a.len == b.len && (!a.len || !memcmp(a.ptr, b.ptr, a.len))) {
			CHECK_INT(d.len, 0);
			continue;
		}
		if (apply_udiff(a.ptr ? a.ptr : "", a.len, d.ptr, d.len, &back) ||
		    back.len != b.len || (b.len && memcmp(back.ptr, b.ptr, b.len))) {
			sm_test_fail(__FILE__, __LINE__, "iteration %d: diff does not apply:\n%s",
				     iter, d.ptr);
			break;
		}
	}
	sm_buf_dispose(&a);
	sm_buf_dispose(&b);
	sm_buf_dispose(&d);
	sm_buf_dispose(&back);
}

TEST(render, udiff_out_of_memory)
{
	const char *a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n", *b = "1\n2\nX\n4\n5\n6\n7\nY\n9\n";
	long k;

	for (k = 0; k < 100; k++) {
		sm_buf d = SM_BUF_INIT;
		int rc;
		sm_alloc_fail_after(k);
		rc = sm_render_unified(&d, "f", "f", a, strlen(a), b, strlen(b));
		sm_alloc_fail_after(-1);
		sm_buf_dispose(&d);
		if (rc == 0)
			return;
		CHECK_INT(rc, SEAM_ENOMEM);
	}
	CHECK(!"never succeeded");
}

/* ---- UTF-8 cleaning -------------------------------------------------------------------- */

static const char *clean(const char *s, size_t n, size_t *outn)
{
	static char out[256];
	sm_buf b = SM_BUF_INIT;

	sm_render_utf8_clean(&b, s, n);
	*outn = b.len;
	memcpy(out, b.ptr ? b.ptr : "", b.len);
	out[b.len] = '\0';
	sm_buf_dispose(&b);
	return out;
}

#define FFFD "\xEF\xBF\xBD"
#define CHECK_CLEAN(in, want)                                                             \
	do {                                                                              \
		size_t n_;                                                                \
		const char *c_ = clean(in, sizeof(in) - 1, &n_);                          \
		CHECK_MEM(c_, n_, want, sizeof(want) - 1);                                \
		CHECK(sm_text_utf8_valid(c_, n_));                                        \
	} while (0)

TEST(render, utf8_clean)
{
	CHECK_CLEAN("plain ascii", "plain ascii");
	CHECK_CLEAN("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
	            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
	CHECK_CLEAN("a\xFF" "b", "a" FFFD "b");
	CHECK_CLEAN("\xC3(", FFFD "(");
	/* Overlong forms, surrogates and values past U+10FFFF: each byte replaced. */
	CHECK_CLEAN("\xC0\xAF", FFFD FFFD);
	CHECK_CLEAN("\xE0\x80\xAF", FFFD FFFD FFFD);
	CHECK_CLEAN("\xED\xA0\x80", FFFD FFFD FFFD);
	CHECK_CLEAN("\xF4\x90\x80\x80", FFFD FFFD FFFD FFFD);
	CHECK_CLEAN("\xF5\x80", FFFD FFFD);
	/* A sequence cut short is one replacement (for its valid prefix). */
	CHECK_CLEAN("x\xE2\x82", "x" FFFD);
	CHECK_CLEAN("\xF0\x9F\x98z", FFFD "z");
	/* NUL stays (json_stringn escapes it as \u0000). */
	CHECK_CLEAN("a\0b", "a\0b");
}

TEST(render, put_safe_escapes_controls)
{
	sm_buf b = SM_BUF_INIT;

	sm_render_put_safe(&b, "a\tb\nc\x1b[31m\x7f\r", 12);
	CHECK_STR(b.ptr, "a\tb\nc\\x1b[31m\\x7f\\x0d");
	sm_buf_clear(&b);
	sm_render_put_indented(&b, "one\ntwo\n\nthree\n\n", 16, "  ");
	CHECK_STR(b.ptr, "  one\n  two\n\n  three\n");
	sm_buf_dispose(&b);
}

/* ---- whole plans, through the public API ------------------------------------------------ */

typedef struct fixture {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int rc;
} fixture;

static void fx_free(fixture *f)
{
	seam_plan_free(f->p);
	seam_tree_free(f->t);
	seam_reply_free(f->r);
	seam_session_free(f->s);
	memset(f, 0, sizeof(*f));
}

/* Plans reply against an in-memory tree holding files as {path, content} pairs (NULL-ended). */
static int fx_plan(fixture *f, const char *reply, const char *const *files)
{
	memset(f, 0, sizeof(*f));
	if (seam_session_new(&f->s, NULL) || seam_tree_new_memory(&f->t, f->s))
		return -1;
	for (; files && files[0]; files += 2)
		if (seam_tree_put(f->t, files[0], files[1], strlen(files[1]), 0644))
			return -1;
	if (seam_reply_parse(&f->r, f->s, reply, strlen(reply)))
		return -1;
	f->rc = seam_plan_new(&f->p, f->s, f->r, f->t);
	return f->p ? 0 : -1;
}

static char *render(const seam_plan *p, seam_render_t how)
{
	char *out = NULL;
	size_t len = 0;

	if (seam_plan_render(p, how, &out, &len))
		return NULL;
	/* The length is the string's: no NUL inside, which a C caller would cut at. */
	if (strlen(out) != len) {
		seam_free(out);
		return NULL;
	}
	return out;
}

#define CHECK_HAS(hay, needle)                                                            \
	do {                                                                              \
		if (!(hay) || !strstr(hay, needle)) {                                     \
			sm_test_fail(__FILE__, __LINE__, "'%s' not in:\n%s", needle,      \
				     (hay) ? (hay) : "(null)");                           \
			goto done;                                                        \
		}                                                                         \
	} while (0)

static const char greet_py[] = "def greet(name):\n    return \"Hello \" + name\n";
static const char *const greet_tree[] = {"greet.py", greet_py, NULL};

static const char good_block[] = "greet.py\n"
				 "```python\n"
				 "<<<<<<< SEARCH\n"
				 "    return \"Hello \" + name\n"
				 "=======\n"
				 "    return f\"Hello, {name}!\"\n"
				 ">>>>>>> REPLACE\n"
				 "```\n";

static const char bad_block[] = "\ngreet.py\n"
				"```python\n"
				"<<<<<<< SEARCH\n"
				"def farewell(name):\n"
				"=======\n"
				"def bye(name):\n"
				">>>>>>> REPLACE\n"
				"```\n";

TEST(render, plan_success_all_renderings)
{
	fixture f;
	char *text = NULL, *json = NULL, *diff = NULL, *fb = NULL;

	CHECK_INT(fx_plan(&f, good_block, greet_tree), 0);
	CHECK_INT(f.rc, SEAM_OK);
	text = render(f.p, SEAM_RENDER_TEXT);
	json = render(f.p, SEAM_RENDER_JSON);
	diff = render(f.p, SEAM_RENDER_DIFF);
	fb = render(f.p, SEAM_RENDER_FEEDBACK);
	/* not written yet: nothing says "applied" */
	CHECK_HAS(text, "greet.py: update, would apply\n  edit 1 (reply line 3): would apply by ");
	CHECK_HAS(text, " at line 2\n1 file would change, 1 edit would apply\n");
	CHECK(!strstr(text, "applied"));
	CHECK_HAS(json, "\"ok\": true");
	CHECK_HAS(json, "\"dry_run\": false");
	CHECK_HAS(json, "\"written\": false");
	CHECK_HAS(json, "\"status\": \"planned\"");
	CHECK_HAS(json, "\"path\": \"greet.py\"");
	CHECK_HAS(json, "\"start_line\": 2");
	CHECK_HAS(json, "\"applied\": 1");
	CHECK_HAS(json, "\"failed\": 0");
	CHECK(diff && !strcmp(diff, "diff --git a/greet.py b/greet.py\n"
				    "--- a/greet.py\n+++ b/greet.py\n@@ -1,2 +1,2 @@\n"
				    " def greet(name):\n-    return \"Hello \" + name\n"
				    "+    return f\"Hello, {name}!\"\n"));
	CHECK(fb && !strcmp(fb, "The edit would apply (1 file would change).\n"));
	/* once written, the same plan says it was */
	CHECK_INT(seam_plan_commit(f.p), SEAM_OK);
	seam_free(text);
	seam_free(json);
	seam_free(fb);
	text = render(f.p, SEAM_RENDER_TEXT);
	json = render(f.p, SEAM_RENDER_JSON);
	fb = render(f.p, SEAM_RENDER_FEEDBACK);
	CHECK_HAS(text, "greet.py: update, applied\n  edit 1 (reply line 3): applied by ");
	CHECK_HAS(text, " at line 2\n1 file changed, 1 edit applied\n");
	CHECK_HAS(json, "\"written\": true");
	CHECK_HAS(json, "\"status\": \"applied\"");
	CHECK(fb && !strcmp(fb, "The edit applied (1 file changed).\n"));
done:
	seam_free(text);
	seam_free(json);
	seam_free(diff);
	seam_free(fb);
	fx_free(&f);
}

TEST(render, plan_failure_feedback)
{
	fixture f;
	char reply[1024], *text = NULL, *fb = NULL, *json = NULL;

	snprintf(reply, sizeof(reply), "%s%s", good_block, bad_block);
	CHECK_INT(fx_plan(&f, reply, greet_tree), 0);
	CHECK_INT(f.rc, SEAM_EFAIL);
	text = render(f.p, SEAM_RENDER_TEXT);
	fb = render(f.p, SEAM_RENDER_FEEDBACK);
	json = render(f.p, SEAM_RENDER_JSON);
	CHECK_HAS(text, "  edit 2 (reply line 12): no-match\n    ");
	CHECK_HAS(text, "1 edit failed, 1 would apply; nothing written\n");
	CHECK_HAS(fb,
	          "1 of 2 edits failed; nothing was changed.\n\nEdit 2 (greet.py, reply line 12)"
	          ": no-match\n");
	CHECK_HAS(fb, "\nThese edits would apply (do not re-send them): edit 1 (greet.py).\n");
	CHECK_HAS(fb, "\nRe-send only the failed edits.\n");
	/* Only the failure is explained: the edit that worked is not. */
	CHECK(!strstr(fb, "Edit 1"));
	CHECK_HAS(json, "\"ok\": false");
	CHECK_HAS(json, "\"status\": \"no-match\"");
	CHECK_HAS(json, "\"failed\": 1");
done:
	seam_free(text);
	seam_free(fb);
	seam_free(json);
	fx_free(&f);
}

TEST(render, plan_json_survives_invalid_utf8)
{
	/* A file path and file text that are not UTF-8, and a failure message quoting them. */
	static const char *const tree[] = {"caf\xe9.txt", "x = '\xff\xfe'\n", NULL};
	static const char reply[] = "caf\xe9.txt\n"
				    "```\n"
				    "<<<<<<< SEARCH\n"
				    "x = '\xff\xfd'\n"
				    "=======\n"
				    "y = '\xc0\xaf'\n"
				    ">>>>>>> REPLACE\n"
				    "```\n";
	fixture f;
	char *json = NULL, *text = NULL;

	CHECK_INT(fx_plan(&f, reply, tree), 0);
	json = render(f.p, SEAM_RENDER_JSON);
	text = render(f.p, SEAM_RENDER_TEXT);
	CHECK(json != NULL);
	CHECK(sm_text_utf8_valid(json, strlen(json)));
	CHECK_HAS(json, "\"path\": \"caf\xEF\xBF\xBD.txt\"");
	CHECK_HAS(json, "\"summary\"");
	CHECK(text != NULL);
done:
	seam_free(json);
	seam_free(text);
	fx_free(&f);
}

TEST(render, plan_create_and_delete_diff)
{
	static const char reply[] = "```diff\n"
				    "--- /dev/null\n"
				    "+++ b/new.txt\n"
				    "@@ -0,0 +1,2 @@\n"
				    "+one\n"
				    "+two\n"
				    "```\n";
	fixture f;
	char *diff = NULL;

	CHECK_INT(fx_plan(&f, reply, greet_tree), 0);
	CHECK_INT(f.rc, SEAM_OK);
	diff = render(f.p, SEAM_RENDER_DIFF);
	CHECK_HAS(diff, "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n");
done:
	seam_free(diff);
	fx_free(&f);
}

TEST(render, plan_render_bad_arguments)
{
	fixture f;
	char *out = (char *)"x";
	size_t len = 7;

	CHECK_INT(seam_plan_render(NULL, SEAM_RENDER_TEXT, &out, &len), SEAM_EUSAGE);
	CHECK(out == NULL);
	CHECK_INT(len, 0);
	CHECK_INT(fx_plan(&f, good_block, greet_tree), 0);
	CHECK_INT(seam_plan_render(f.p, SEAM_RENDER_TEXT, NULL, &len), SEAM_EUSAGE);
	CHECK_INT(seam_plan_render(f.p, (seam_render_t)42, &out, &len), SEAM_EUSAGE);
	/* len is optional. */
	CHECK_INT(seam_plan_render(f.p, SEAM_RENDER_FEEDBACK, &out, NULL), SEAM_OK);
	seam_free(out);
	fx_free(&f);
}

TEST(render, plan_render_out_of_memory)
{
	fixture f;
	char reply[1024];
	seam_render_t how;

	snprintf(reply, sizeof(reply), "%s%s", good_block, bad_block);
	CHECK_INT(fx_plan(&f, reply, greet_tree), 0);
	for (how = SEAM_RENDER_TEXT; how <= SEAM_RENDER_FEEDBACK; how++) {
		long k;
		for (k = 0; k < 200; k++) {
			char *out = NULL;
			int rc;
			sm_alloc_fail_after(k);
			rc = seam_plan_render(f.p, how, &out, NULL);
			sm_alloc_fail_after(-1);
			seam_free(out);
			if (rc == SEAM_OK)
				break;
			CHECK_INT(rc, SEAM_ENOMEM);
			CHECK(out == NULL);
		}
		CHECK(k < 200);
	}
	fx_free(&f);
}

/* ---- the plan's paths, through seam.h alone (what the renderings read) ----------------- */

TEST(render, plan_paths_and_written)
{
	static const char reply[] = "*** Begin Patch\n"
				    "*** Update File: a.txt\n"
				    "@@\n"
				    " one\n"
				    "-two\n"
				    "+TWO\n"
				    "*** Update File: b.txt\n"
				    "*** Move to: c.txt\n"
				    "*** End Patch\n";
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_path_info pi;
	size_t i, n, changed = 0;
	long moved_to = -1, moved_from = -1;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "a.txt", "one\ntwo\n", 8, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "b.txt", "bee\n", 4, 0644), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_OK);
	CHECK_INT(seam_plan_dry_run(p), 0);
	CHECK_INT(seam_plan_written(p), 0);
	n = seam_plan_path_count(p);
	CHECK_INT(n, 3);
	for (i = 0; i < n; i++) {
		CHECK_INT(seam_plan_path(p, i, &pi), SEAM_OK);
		changed += pi.changed;
		if (!strcmp(pi.path, "a.txt")) {
			CHECK_MEM(pi.old_data, pi.old_len, "one\ntwo\n", 8);
			CHECK_MEM(pi.new_data, pi.new_len, "one\nTWO\n", 8);
			CHECK_INT(pi.from, -1);
		} else if (!strcmp(pi.path, "b.txt")) {
			CHECK(pi.new_data == NULL);
			moved_from = (long)i;
		} else if (!strcmp(pi.path, "c.txt")) {
			CHECK(pi.old_data == NULL);
			CHECK_MEM(pi.new_data, pi.new_len, "bee\n", 4);
			CHECK_INT(pi.copied, 0);
			moved_to = pi.from;
		}
	}
	CHECK_INT((long)changed, 3);
	CHECK(moved_from >= 0 && moved_to == moved_from);
	CHECK_INT(seam_plan_path(p, n, &pi), SEAM_EUSAGE);
	CHECK_INT(seam_plan_path(NULL, 0, &pi), SEAM_EUSAGE);
	CHECK_INT(seam_plan_path(p, 0, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	CHECK_INT(seam_plan_written(p), 1);
	CHECK_INT(seam_plan_written(NULL), 0);
	CHECK_INT((long)seam_plan_path_count(NULL), 0);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}
