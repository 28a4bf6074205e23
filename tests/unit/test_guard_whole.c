/*
 * The laziness guard on a whole file, made without the tables it once had (issue 12's memory
 * bound): the file's lines read from its bytes (sm_file_lines) are sm_image_load's; an edit
 * prepared from two sides read through functions (sm_prep_sides) is the one sm_prep_edit makes
 * of the edit of all old lines deleted and all new ones added; the guard told that the edit's
 * old side is the file (sm_lazy_guard_whole) answers as the guard given the file's image; and
 * the line numbers and sums of a file as loaded come without loading it. End to end:
 * tests/cli/apply-lazy-whole.sh.
 */
#include "test.h"
#include "lib/match/image.h"
#include "lib/match/lazy.h"
#include "lib/match/prep.h"
#include "lib/plan/plan_impl.h"
#include "util/alloc.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof(*(a)))

/* Bytes of every shape sm_image_load splits: line endings LF, CR LF, CR alone (a file with no
 * LF), mixed; a byte order mark; no final line ending; blank lines; empty. */
static const char *const FILES[] = {
	"",
	"a",
	"a\n",
	"\n",
	"\n\n",
	"a\r\nb\r\n",
	"a\r\nb",
	"a\rb\r",
	"line\r",
	"\xEF\xBB\xBFx\ny",
	"\xEF\xBB\xBF",
	"\xEF\xBB\xBF\n",
	"x\r\r\n",
	"\r\n",
	"\r",
	"a\n\n\nb",
	"a\rb\nc",
	"x\n\r",
	"def f():\n    return 1\n\n\ndef g():\n    return 2",
};

TEST(guard_whole, file_lines_are_the_image_lines)
{
	size_t f, k;

	for (f = 0; f < COUNT(FILES); f++) {
		const char *d = FILES[f];
		sm_image im;
		sm_file_lines fl;

		CHECK_INT(sm_image_load(&im, d, strlen(d)), 0);
		CHECK_INT(sm_file_lines_make(&fl, d, strlen(d)), 0);
		if (fl.n != im.n)
			sm_test_fail(__FILE__, __LINE__, "file %zu: %zu lines, the image %zu", f, fl.n,
				     im.n);
		for (k = 0; k < fl.n && k < im.n; k++) {
			sm_span t = sm_file_line(&fl, k);
			if (t.p != sm_ln(&im, k)->p || t.n != sm_ln(&im, k)->n)
				sm_test_fail(__FILE__, __LINE__, "file %zu line %zu: not the image's",
					     f, k);
		}
		CHECK_INT(fl.final_eol, im.final_eol);
		sm_file_lines_dispose(&fl);
		sm_image_dispose(&im);
	}
}

/* The lines of a file as loaded, numbered and summed without its image. */
TEST(guard_whole, line_numbers_and_sums_of_a_loaded_file)
{
	static const size_t far[] = {SM_NOLINE, SM_NOLINE - 1, SIZE_MAX / 2};
	size_t f, i;

	for (f = 0; f < COUNT(FILES); f++) {
		const char *d = FILES[f];
		sm_image im;
		sm_line_sums a, b;

		CHECK_INT(sm_image_load(&im, d, strlen(d)), 0);
		for (i = 0; i < im.n + 4; i++)
			CHECK_INT(sm_image_orig_near_loaded(im.n, i), sm_image_orig_near(&im, i));
		for (i = 0; i < COUNT(far); i++)
			CHECK_INT(sm_image_orig_near_loaded(im.n, far[i]),
				  sm_image_orig_near(&im, far[i]));
		CHECK_INT(sm_line_sums_make(&a, &im), 0);
		CHECK_INT(sm_line_sums_load(&b, d, strlen(d)), 0);
		CHECK_INT(b.n, a.n);
		for (i = 0; i < a.n; i++) {
			CHECK(a.h[i] == b.h[i]);
			CHECK_INT(a.blank[i], b.blank[i]);
		}
		sm_line_sums_dispose(&a);
		sm_line_sums_dispose(&b);
		sm_image_dispose(&im);
	}
}

/* A side read from a table of lines, through the function sm_prep_sides calls. */
typedef struct lines {
	sm_hline *v;
	size_t n;
} lines;

static sm_span line_of(void *ctx, size_t i)
{
	return ((lines *)ctx)->v[i].text;
}

/* The lines of text (NUL-terminated), each as kind. */
static void split(sm_edit *e, const char *text, char kind)
{
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		sm_edit_add_line(e, kind, p, n);
		p += n + (nl ? 1 : 0);
	}
}

/* The two preparations of the whole-sides edit old -> new: by sm_prep_edit on the edit of old's
 * lines deleted and new's added (*a; e holds its lines), and by sm_prep_sides on the same
 * lines (*b). 0 when both were made. */
static int both(const char *old, const char *new, sm_edit *e, sm_medit *a, sm_medit *b)
{
	lines lo, ln;
	sm_prep_side so = {0, line_of, &lo}, sn = {0, line_of, &ln};
	size_t nd;

	memset(e, 0, sizeof(*e));
	e->kind = SM_KIND_BLOCK;
	e->hint_len = -1;
	split(e, old, SM_HL_DEL);
	nd = e->nlines;
	split(e, new, SM_HL_ADD);
	lo.v = e->lines;
	lo.n = so.n = nd;
	ln.v = e->lines + nd;
	ln.n = sn.n = e->nlines - nd;
	if (sm_prep_edit(a, e))
		return -1;
	return sm_prep_sides(b, &so, &sn);
}

/* 1 when a and b are the same prepared edit, line for line. */
static int same_medit(const sm_medit *a, const sm_medit *b)
{
	size_t k;

	if (a->nseq != b->nseq || a->nold != b->nold || a->blocklike != b->blocklike ||
	    a->kind != b->kind || a->flags != b->flags || a->hint_start != b->hint_start)
		return 0;
	for (k = 0; k < a->nseq; k++) {
		const sm_mline *x = &a->seq[k], *y = &b->seq[k];
		if (x->kind != y->kind || x->elide != y->elide || x->keep != y->keep ||
		    x->reply_line != y->reply_line || x->l.p != y->l.p || x->l.n != y->l.n ||
		    x->l.h_rstrip != y->l.h_rstrip || x->l.h_indent != y->l.h_indent ||
		    x->l.blank != y->l.blank || x->l.same != y->l.same)
			return 0;
	}
	for (k = 0; k < a->nold; k++)
		if (a->old[k] != b->old[k])
			return 0;
	return 1;
}

/* Pairs of sides: unchanged, rewritten, lines moved, blank lines paired by shape, an elision
 * kept on both sides, an empty side, an old side of blank lines only (made additions). */
static const char *const SIDES[][2] = {
	{"a\nb\nc\n", "a\nb\nc\n"},
	{"def f():\n    x = 1\n    return x\n", "def f():\n    # ... existing code ...\n    return x\n"},
	{"import a\n\nimport b\n\ndef f():\n    pass\n", "import a\n\nimport c\nimport b\n\ndef f():\n"},
	{"x = 1\ny = 2\nz = 3\n", "z = 3\nx = 1\ny = 2\n"},
	{"a()\n...\nb()\n", "a()\n...\nb(1)\n"},
	{"", "new()\n"},
	{"old()\n", ""},
	{"\n\n", "made()\n"},
	{"{\n}\n{\n}\n", "{\n  // rest of the code\n}\n"},
	{"p\n\n\nq\n\nr\n", "p\n\nq\n\n\nr\n"},
};

TEST(guard_whole, sides_prepare_as_the_whole_edit)
{
	size_t i;

	for (i = 0; i < COUNT(SIDES); i++) {
		sm_edit e;
		sm_medit a, b;
		int rc = both(SIDES[i][0], SIDES[i][1], &e, &a, &b);
		if (rc || !same_medit(&a, &b))
			sm_test_fail(__FILE__, __LINE__, "sides %zu: %s", i,
				     rc ? "not prepared" : "prepared otherwise");
		sm_prep_dispose(&a);
		sm_prep_dispose(&b);
		sm_free(e.lines);
	}
}

/* 1 when the guard's two results (and the edits it left) are the same. */
static int same_result(const sm_lazy_result *x, const sm_lazy_result *y)
{
	size_t i;

	if (x->refused != y->refused || x->nexp != y->nexp || x->ndropped != y->ndropped ||
	    x->work != y->work)
		return 0;
	if (x->refused && (x->hit.ph != y->hit.ph || x->hit.gone != y->hit.gone ||
			   x->hit.del0 != y->hit.del0 || x->hit.del1 != y->hit.del1 ||
			   x->hit.bounded != y->hit.bounded))
		return 0;
	for (i = 0; i < x->nexp; i++)
		if (x->exp[i].text.p != y->exp[i].text.p || x->exp[i].old0 != y->exp[i].old0 ||
		    x->exp[i].old1 != y->exp[i].old1 || x->exp[i].reply_line != y->exp[i].reply_line)
			return 0;
	for (i = 0; i < x->ndropped; i++)
		if (x->dropped[i].text.p != y->dropped[i].text.p)
			return 0;
	return 1;
}

/* A whole file and the new side given for it: bounded placeholders (expanded), a placeholder
 * next to a change (refused), the file's own comment (not lazy), one that stands for nothing
 * (left out), a note asking for code in a new block, a line moved out of a span, lines that
 * repeat, and a blank-only file (its old side made additions: the image answers). */
static const char *const CASES[][3] = {
	{"m.py", "def f():\n    x = 1\n    y = 2\n    return x + y\n\n\ndef g():\n    return 0\n",
	 "def f():\n    # ... existing code ...\n    return x + y\n\n\ndef g():\n    return 1\n"},
	{"m.py", "def f():\n    x = 1\n    y = 2\n    return x + y\n",
	 "def f():\n    # ... existing code ...\n    return x * y\n"},
	{"m.c", "int f(void)\n{\n\tlog();\n\treturn 0;\n}\n/* rest of the code unchanged */\n",
	 "int f(void)\n{\n\t/* rest of the code unchanged */\n\treturn 0;\n}\n"},
	{"m.py", "def a():\n    return 1\n",
	 "def a():\n    # ... existing code ...\n    return 1\n\n\ndef c():\n    return 3\n"},
	{"m.py", "def a():\n    return 1\n",
	 "def a():\n    return 1\n\n\ndef upload(path):\n    # implement the upload here\n"},
	{"m.js", "function f() {\n  const total = computeTotal(items);\n  a();\n  b();\n}\n"
		 "function g() {\n  c();\n}\n",
	 "function f() {\n  // ... existing code ...\n}\nfunction g() {\n"
	 "  const total = computeTotal(items);\n  c();\n}\n"},
	{"m.c", "{\n}\n{\n  x();\n}\n{\n}\n", "{\n}\n{\n  // ... existing code ...\n}\n{\n}\n"},
	{"m.py", "\n\n", "def f():\n    # ... existing code ...\n    pass\n"},
};

TEST(guard_whole, whole_guard_answers_as_with_the_image)
{
	static const int modes[] = {SEAM_LAZY_EXPAND, SEAM_LAZY_REFUSE};
	size_t i, m, k;

	for (i = 0; i < COUNT(CASES); i++)
		for (m = 0; m < COUNT(modes); m++) {
			const char *file = CASES[i][1];
			const sm_lang *lang = sm_lang_for_path(CASES[i][0]);
			sm_edit e;
			sm_medit a, b;
			sm_image im;
			sm_lazy_result ra, rb;
			int ok;

			CHECK_INT(both(file, CASES[i][2], &e, &a, &b), 0);
			CHECK_INT(sm_image_load(&im, file, strlen(file)), 0);
			CHECK_INT(sm_lazy_guard(&a, lang, &im, modes[m], &ra), 0);
			if (b.nold == im.n) {
				/* as the planner does: the old lines' indexes go first */
				sm_free(b.old);
				b.old = NULL;
				b.nold = 0;
				CHECK_INT(sm_lazy_guard_whole(&b, lang, modes[m], &rb), 0);
				CHECK(b.old == NULL);
			} else {
				CHECK_INT(sm_lazy_guard(&b, lang, &im, modes[m], &rb), 0);
			}
			ok = same_result(&ra, &rb) && a.nseq == b.nseq;
			for (k = 0; ok && k < a.nseq; k++)
				ok = a.seq[k].kind == b.seq[k].kind && a.seq[k].keep == b.seq[k].keep &&
				     a.seq[k].l.p == b.seq[k].l.p;
			if (!ok)
				sm_test_fail(__FILE__, __LINE__, "case %zu, mode %d: answered otherwise",
					     i, modes[m]);
			sm_lazy_result_dispose(&ra);
			sm_lazy_result_dispose(&rb);
			sm_prep_dispose(&a);
			sm_prep_dispose(&b);
			sm_image_dispose(&im);
			sm_free(e.lines);
		}
}

/* The cases above answer what they were written for (the comparison is not of two nothings). */
TEST(guard_whole, cases_cover_each_answer)
{
	size_t i, exp = 0, ref = 0, drop = 0, none = 0;

	for (i = 0; i < COUNT(CASES); i++) {
		const char *file = CASES[i][1];
		sm_edit e;
		sm_medit a, b;
		sm_image im;
		sm_lazy_result r;

		CHECK_INT(both(file, CASES[i][2], &e, &a, &b), 0);
		CHECK_INT(sm_image_load(&im, file, strlen(file)), 0);
		CHECK_INT(sm_lazy_guard(&a, sm_lang_for_path(CASES[i][0]), &im, SEAM_LAZY_EXPAND, &r),
			  0);
		sm_image_dispose(&im);
		exp += r.nexp > 0;
		ref += r.refused;
		drop += r.ndropped > 0;
		none += !r.nexp && !r.refused && !r.ndropped;
		sm_lazy_result_dispose(&r);
		sm_prep_dispose(&a);
		sm_prep_dispose(&b);
		sm_free(e.lines);
	}
	CHECK(exp >= 2);
	CHECK(ref >= 1);
	CHECK(drop >= 1);
	CHECK(none >= 2);
}
