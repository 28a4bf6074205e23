/*
 * Fuzzy: lines miscopied by the model (an identifier misspelt, a word changed) may stand for
 * the file line they resemble, by edit distance. The last resort: the ladder takes its answer
 * only when one place clearly beats every other. A one-line old side, which has no exact line
 * to anchor on, is compared against every line of the file.
 *
 * Its cost per line is an edit distance, charged to the work budget (seam_options'
 * max_fuzzy_ms, over the whole plan). A search the budget cuts short returns no candidate at
 * all: a place found in part of the file could be the wrong one of two. The planner reports
 * the edit as too-large ("search budget exhausted").
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

static int single_line(const sm_mctx *c, size_t idx, sm_cands *out)
{
	const sm_line *o = &c->e->seq[c->e->old[idx]].l;
	double best = 0, second = 0;
	size_t i, at = SM_NOLINE;
	size_t lo[1], hi[1];
	sm_cand cand = {0};
	char tmp[64];

	if (sm_text_normalize(o->p, o->n < sizeof(tmp) ? o->n : sizeof(tmp), SM_LVL_SPACE, tmp) <
	    SM_FUZZY_SINGLE_MIN_CHARS)
		return 0;

	for (i = c->lo; i < c->hi; i++) {
		const sm_line *f = sm_ln(c->im, i);
		double s;
		if (f->blank || f->n * 2 < o->n || o->n * 2 < f->n)
			continue;
		if (sm_budget_charge(c->budget, sm_text_similarity_work(o->n, f->n)))
			return 0;
		s = sm_text_similarity(o->p, o->n, f->p, f->n);
		if (s > best) {
			second = best;
			best = s;
			at = i;
		} else if (s > second) {
			second = s;
		}
	}
	if (at == SM_NOLINE || best < SM_FUZZY_SINGLE_MIN || best - second < SM_FUZZY_LEAD)
		return 0;
	lo[0] = at;
	hi[0] = at + 1;
	cand.start = at;
	cand.end = at + 1;
	cand.lo = lo;
	cand.hi = hi;
	cand.cost = SM_COST_SUBST_BASE + (1.0 - best);
	cand.tier = SM_TIER_FUZZY;
	if (!sm_indent_shift(c, &cand))
		return 0;
	return sm_cands_add(out, &cand, 1);
}

static int search(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 1, 1, 1, 1, SM_TIER_FUZZY};
	size_t i, nonblank = 0, which = 0;

	for (i = 0; i < c->e->nold; i++) {
		const sm_mline *ml = &c->e->seq[c->e->old[i]];
		if (!ml->l.blank && !ml->elide) {
			nonblank++;
			which = i;
		}
	}
	if (c->e->nold == 1 && nonblank == 1)
		return single_line(c, which, out);
	return sm_align_find(c, &o, out);
}

/* The runner (match_ladder.c) drops what a search cut short found. */
int sm_tier_fuzzy(const sm_mctx *c, sm_cands *out)
{
	if (sm_budget_out(c->budget))
		return 0;
	return search(c, out);
}
