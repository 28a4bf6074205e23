/*
 * The work budget charges each edit the work it does (match/image_work.c): a lookup in the
 * line index where a pass over the file used to be, the lines a splice moves. A big strict
 * reply applies within a budget far below lines x edits, while replies whose work does grow
 * with lines x edits (blocks far out of order, each moving the gap across the file) still stop
 * at the budget with its message. Deterministic: the budget counts units, no clock.
 */
#include "test.h"
#include "seam.h"
#include "lib/core/seam_limits.h"
#include "lib/match/image_work.h"
#include "lib/match/match.h"
#include "lib/match/prep.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Line i of the test file: unique, statement-like. */
static void file_line(sm_buf *b, size_t i)
{
	sm_buf_printf(b, "\tint v%zu = v%zu * %zu + b;\n", i, i ? i - 1 : 0, i * 7 % 97 + 1);
}

static char *make_file(size_t lines)
{
	sm_buf b = SM_BUF_INIT;
	size_t i;

	for (i = 0; i < lines; i++)
		file_line(&b, i);
	return sm_buf_detach(&b, NULL);
}

/* A SEARCH/REPLACE block for line `at` (with a line of context on each side): the line
 * replaced by two, so that every splice grows the file (and makes a run of the line table). */
static void block(sm_buf *r, size_t at)
{
	sm_buf_puts(r, "big.c\n<<<<<<< SEARCH\n");
	file_line(r, at - 1);
	file_line(r, at);
	file_line(r, at + 1);
	sm_buf_puts(r, "=======\n");
	file_line(r, at - 1);
	sm_buf_printf(r, "\tint w%zu = 1;\n\tint x%zu = 2;\n", at, at);
	file_line(r, at + 1);
	sm_buf_puts(r, ">>>>>>> REPLACE\n\n");
}

/* The file with the blocks at lines at[0..n) applied. */
static char *applied(size_t lines, const size_t *at, size_t n)
{
	sm_buf b = SM_BUF_INIT;
	size_t i, k = 0;
	unsigned char *hit = calloc(lines, 1);

	for (k = 0; k < n; k++)
		hit[at[k]] = 1;
	for (i = 0; i < lines; i++) {
		if (hit[i])
			sm_buf_printf(&b, "\tint w%zu = 1;\n\tint x%zu = 2;\n", i, i);
		else
			file_line(&b, i);
	}
	free(hit);
	return sm_buf_detach(&b, NULL);
}

struct result {
	int plan;
	size_t applied, not_looked_for;
	int same; /* the new content is the expected one */
};

static void plan(unsigned ms, const char *data, const char *reply, const char *want,
		 struct result *res)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_file_info fi;
	seam_edit_info ei;
	size_t k;

	memset(res, 0, sizeof(*res));
	o.max_fuzzy_ms = ms;
	o.max_edits = 20000;
	if (seam_session_new(&s, &o) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, "big.c", data, strlen(data), 0644) ||
	    seam_reply_parse(&r, s, reply, strlen(reply))) {
		res->plan = -100;
		goto out;
	}
	res->plan = seam_plan_new(&p, s, r, t);
	if (!p || seam_plan_file(p, 0, &fi))
		goto out;
	for (k = 0; k < fi.edit_count && !seam_plan_edit(p, 0, k, &ei); k++) {
		res->applied += ei.status == SEAM_STATUS_APPLIED;
		res->not_looked_for += ei.status == SEAM_STATUS_TOO_LARGE &&
				       strstr(ei.message, "was not looked for: the edits before "
							  "it spent the search budget") != NULL;
	}
	res->same = want && fi.new_data && fi.new_len == strlen(want) &&
		    !memcmp(fi.new_data, want, fi.new_len);
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

#define LINES 50000
#define EDITS 500
/* 4e7 units. Charged a pass over the file per edit twice over, as before, these edits cost
 * 2 x 50,000 x 500 = 5e7 units and were refused from about edit 400 on; charged their work
 * (the gap moved over each line once, a lookup per line of each block, the index's update per
 * splice) they cost about half the budget. */
#define BUDGET_MS 40

/* (a) 500 exact blocks in file order on a 50,000-line file: all applied, byte for byte. */
TEST(budget_work, big_exact_reply_applies_within_a_small_budget)
{
	char *data = make_file(LINES), *want;
	sm_buf reply = SM_BUF_INIT;
	size_t at[EDITS], k;
	struct result res;

	for (k = 0; k < EDITS; k++) {
		at[k] = k * (LINES / EDITS) + 50;
		block(&reply, at[k]);
	}
	want = applied(LINES, at, EDITS);
	plan(BUDGET_MS, data, reply.ptr, want, &res);
	CHECK_INT(res.plan, SEAM_OK);
	CHECK_INT((long)res.applied, EDITS);
	CHECK_INT((long)res.not_looked_for, 0);
	CHECK(res.same);
	sm_free(want);
	sm_free(data);
	sm_buf_dispose(&reply);
}

/* (b) The same blocks given alternately from the top and the bottom of the file: a splice moves
 * no line (the image is a piece table of line runs), so they cost what they cost in file order
 * and apply within the same budget, byte for byte the file (a) gives. (With the gap buffer each
 * splice moved the lines between the two ends, lines x edits, and this budget stopped them.) */
TEST(budget_work, blocks_far_out_of_order_apply_within_the_budget)
{
	char *data = make_file(LINES), *want;
	sm_buf reply = SM_BUF_INIT;
	size_t at[EDITS], k;
	struct result res;

	for (k = 0; k < EDITS; k++) {
		size_t i = k / 2;
		block(&reply, k % 2 ? LINES - 50 - i * (LINES / EDITS) : i * (LINES / EDITS) + 50);
		at[k] = k * (LINES / EDITS) + 50;
	}
	want = applied(LINES, at, EDITS);
	plan(BUDGET_MS, data, reply.ptr, want, &res);
	CHECK_INT(res.plan, SEAM_OK);
	CHECK_INT((long)res.applied, EDITS);
	CHECK_INT((long)res.not_looked_for, 0);
	CHECK(res.same);
	sm_free(want);
	sm_free(data);
	sm_buf_dispose(&reply);
}

/* The charges themselves: the occurrence table of an edit costs its lookups once the image
 * has an index (a pass over the range before), and a splice the runs after it. */
TEST(budget_work, lookups_and_moves_are_charged_as_done)
{
	char *data = make_file(LINES);
	sm_image im;
	sm_edit e;
	sm_medit me;
	sm_buf line = SM_BUF_INIT;
	sm_line first;
	uint64_t scan, looked, near, far;
	size_t i;

	memset(&im, 0, sizeof(im));
	memset(&e, 0, sizeof(e));
	CHECK_INT(sm_image_load(&im, data, strlen(data)), 0);
	e.kind = SM_KIND_BLOCK;
	for (i = 100; i < 103; i++) {
		sm_buf_clear(&line);
		file_line(&line, i);
		CHECK_INT(sm_edit_add_line(&e, SM_HL_DEL, line.ptr, line.len - 1), 0);
	}
	CHECK_INT(sm_prep_edit(&me, &e), 0);
	scan = sm_occ_work(&im, &me, 0, im.n);
	CHECK(scan == LINES);
	CHECK(sm_work_lookup(&im) == 0);
	/* a file of one run: a splice anywhere renumbers no run */
	CHECK(sm_work_splice(&im, im.n / 2) == 0);
	CHECK(sm_work_splice(&im, 0) == 0);
	sm_image_index(&im);
	sm_image_index(&im); /* made at the second search */
	CHECK(im.ix != NULL);
	looked = sm_occ_work(&im, &me, 0, im.n);
	CHECK(looked > 0);
	CHECK(looked < scan / 10);
	CHECK(looked == 3 * (sm_work_lookup(&im) + SM_MAX_SEEDS));
	/* lines added in the middle and at the end: a splice near the end renumbers no run,
	   one at the top the few runs after it, whatever the lines (no line moves) */
	first = *sm_ln(&im, 0); /* a copy: the splice may move the table */
	CHECK_INT(sm_image_splice(&im, im.n / 2, 0, &first, 1), 0);
	CHECK_INT(sm_image_splice(&im, im.n, 0, &first, 1), 0);
	near = sm_work_splice(&im, im.n - 10);
	far = sm_work_splice(&im, 0);
	CHECK(near == sm_work_lookup(&im) / 2 + SM_WORK_RUN_MOVED);
	CHECK(far == near + 2 * SM_WORK_RUN_MOVED);
	CHECK(far < (uint64_t)im.n / 100);
	sm_prep_dispose(&me);
	sm_free(e.lines);
	sm_image_dispose(&im);
	sm_buf_dispose(&line);
	sm_free(data);
}

/* The rival of an exact block (match_rival.c) is looked for from the places of its rarest old
 * line, not of its first ("{" in every function): the place of that line stands up to the
 * REPLACE's additions further than its index in the old side. Found the same: the block whose
 * REPLACE writes back the line the SEARCH dropped is refused as ambiguous, the one that adds
 * a line nowhere in the file is applied. The third block of each reply, so that the file has
 * its line index (made at the second search). */
static seam_status_t third_block(const char *replace)
{
	sm_buf f = SM_BUF_INIT, r = SM_BUF_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *rp = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	seam_status_t st = SEAM_STATUS_NO_MATCH;
	size_t i;

	sm_buf_puts(&f, "int a(void)\n{\n\tx_call();\n}\n");
	for (i = 0; i < 200; i++)
		sm_buf_printf(&f, "int f%zu(void)\n{\n\treturn %zu;\n}\n", i, i);
	sm_buf_puts(&f, "int b(void)\n{\n\tadded();\n\tx_call();\n}\n");
	sm_buf_printf(&r, "big.c\n<<<<<<< SEARCH\n\treturn 7;\n=======\n\treturn 8;\n"
			  ">>>>>>> REPLACE\n\n"
			  "big.c\n<<<<<<< SEARCH\n\treturn 9;\n=======\n\treturn 10;\n"
			  ">>>>>>> REPLACE\n\n"
			  "big.c\n<<<<<<< SEARCH\n{\n\tx_call();\n=======\n%s>>>>>>> REPLACE\n",
		      replace);
	if (!seam_session_new(&s, NULL) && !seam_tree_new_memory(&t, s) &&
	    !seam_tree_put(t, "big.c", f.ptr, f.len, 0644) &&
	    !seam_reply_parse(&rp, s, r.ptr, r.len)) {
		seam_plan_new(&p, s, rp, t);
		if (p && !seam_plan_edit(p, 0, 2, &ei))
			st = ei.status;
	}
	seam_plan_free(p);
	seam_reply_free(rp);
	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&f);
	sm_buf_dispose(&r);
	return st;
}

TEST(budget_work, rival_found_from_the_rarest_old_line)
{
	CHECK_INT(third_block("{\n\tadded();\n\tx_call();\n"), SEAM_STATUS_AMBIGUOUS);
	CHECK_INT(third_block("{\n\tnew_line();\n\tx_call();\n"), SEAM_STATUS_APPLIED);
}

/* (b) Many equal candidates: a block of two lines that fits each of 20,000 equal pairs of a
 * file, 200 times. Each place tried is charged as the lookup it is (m + SM_WORK_PROBE units),
 * not as m line comparisons alone (2 units for about 35 ns of work: 2,000 such blocks on
 * 200,000 lines took 14 s of CPU at the default budget); the budget stops them, with its
 * message, each refused (ambiguous or not looked for), nothing changed. */
TEST(budget_work, many_equal_candidates_stop_at_the_budget)
{
	sm_buf f = SM_BUF_INIT, r = SM_BUF_INIT;
	struct result res;
	size_t i;

	for (i = 0; i < 20000; i++)
		sm_buf_puts(&f, "\tx = 1;\n");
	for (i = 0; i < 200; i++)
		sm_buf_printf(&r, "big.c\n<<<<<<< SEARCH\n\tx = 1;\n\tx = 1;\n=======\n\ty = %zu;\n"
				  ">>>>>>> REPLACE\n\n", i);
	plan(20, f.ptr, r.ptr, NULL, &res);
	CHECK_INT(res.plan, SEAM_EFAIL);
	CHECK_INT((long)res.applied, 0);
	CHECK(res.not_looked_for > 100);
	sm_buf_dispose(&f);
	sm_buf_dispose(&r);
}
