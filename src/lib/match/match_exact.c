/*
 * The strict tiers: the old side as one contiguous run of lines, compared exactly, then with
 * trailing whitespace and line endings ignored, then with typographic characters folded.
 */
#include "match.h"
#include "line_index.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"

#include <string.h>

/* Checks the old side at file line p and adds it as a candidate; SEAM_ENOMEM when out of memory. */
static int try_at(const sm_mctx *c, int level, int tier, size_t p, size_t *lo, size_t *hi,
		  sm_cands *out)
{
	const sm_medit *e = c->e;
	const sm_image *fim = c->im;
	size_t m = e->nold, i;
	sm_cand cand;

	for (i = 0; i < m; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (sm_line_h(sm_ln(fim, p + i), level) != sm_line_h(o, level))
			return 0;
		if (level == SM_LVL_EXACT && (sm_ln(fim, p + i)->n != o->n || memcmp(sm_ln(fim, p + i)->p, o->p, o->n)))
			return 0;
	}
	for (i = 0; i < m; i++) {
		lo[i] = p + i;
		hi[i] = p + i + 1;
	}
	memset(&cand, 0, sizeof(cand));
	cand.start = p;
	cand.end = p + m;
	cand.lo = lo;
	cand.hi = hi;
	cand.tier = tier;
	if (level >= SM_LVL_INDENT && !sm_indent_shift(c, &cand))
		return 0;
	return sm_cands_add(out, &cand, m);
}

/* The old line occurring least in the range, however often; SM_NOLINE when every old line is
 * blank or an elision. */
static size_t rarest(const sm_occ *t, size_t m)
{
	size_t i, best = SM_NOLINE;

	for (i = 0; i < m; i++) {
		size_t sl = t->of_old[i];
		if (sl != SM_NOLINE &&
		    (best == SM_NOLINE || t->s[sl].count < t->s[t->of_old[best]].count))
			best = i;
	}
	return best;
}

int sm_contig_find(const sm_mctx *c, int level, int tier, sm_cands *out)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, p, i, anchor = SM_NOLINE, common;
	size_t *lo, *hi;
	sm_occ local = {0};
	const sm_occ *t;
	int rc = 0;

	if (!m || c->hi < c->lo || c->hi - c->lo < m)
		return 0;
	t = sm_occ_for(c, &local);
	lo = sm_malloc(m * sizeof(*lo));
	hi = sm_malloc(m * sizeof(*hi));
	if (!t || !lo || !hi) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	/* Every level implies the indentation-blind one, so the old line occurring least there
	   gives every place the old side can start; only when all its lines are blank (or very
	   common and the image has no index) is the whole range scanned. */
	for (i = 0; i < m; i++) {
		size_t sl = t->of_old[i];
		if (sl == SM_NOLINE || t->s[sl].count > SM_MAX_SEEDS)
			continue;
		if (anchor == SM_NOLINE || t->s[sl].count < t->s[t->of_old[anchor]].count)
			anchor = i;
	}
	/* every old line common: the rarest one's places, from the image's index */
	common = anchor == SM_NOLINE && c->im->ix ? rarest(t, m) : SM_NOLINE;
	/* each place tried compares up to m lines, and one found among the places of a line is
	   far from the last in memory (a probe, as the index's) and may be a candidate to keep;
	   a scan passes over the range in order. Charged before, so that a search the budget
	   would cut short is not started */
	if (sm_budget_charge(c->budget,
			     anchor != SM_NOLINE
				     ? (uint64_t)(m + SM_WORK_PROBE) * t->s[t->of_old[anchor]].count
			     : common != SM_NOLINE
				     ? (uint64_t)(m + SM_WORK_PROBE) * t->s[t->of_old[common]].count
				     : (uint64_t)m * (c->hi - c->lo - m + 1)))
		goto out;
	if (anchor != SM_NOLINE) {
		const sm_occ_slot *sl = &t->s[t->of_old[anchor]];
		for (i = 0; i < sl->count && !rc; i++) {
			if (sl->pos[i] < anchor)
				continue;
			p = sl->pos[i] - anchor;
			if (p < c->lo || p + m > c->hi)
				continue;
			rc = try_at(c, level, tier, p, lo, hi, out);
		}
	} else if ((anchor = common) != SM_NOLINE) {
		/* every old line common: the rarest one's places from the image's index, all of
		   them (the places the scan below would try and find), not a pass over the range */
		const sm_occ_slot *sl = &t->s[t->of_old[anchor]];
		size_t n = sl->count, *at = sm_malloc((n ? n : 1) * sizeof(*at));
		if (!at) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		n = sm_image_find(c->im, sl->h, c->lo, c->hi, at, n);
		for (i = 0; i < n && !rc; i++) {
			if (at[i] < anchor)
				continue;
			p = at[i] - anchor;
			if (p < c->lo || p + m > c->hi)
				continue;
			rc = try_at(c, level, tier, p, lo, hi, out);
		}
		sm_free(at);
	} else {
		for (p = c->lo; p + m <= c->hi && !rc; p++)
			rc = try_at(c, level, tier, p, lo, hi, out);
	}
out:
	sm_free(lo);
	sm_free(hi);
	sm_occ_free(&local);
	return rc < 0 ? rc : 0;
}

int sm_tier_exact(const sm_mctx *c, sm_cands *out)
{
	return sm_contig_find(c, SM_LVL_EXACT, SM_TIER_EXACT, out);
}

int sm_tier_ws(const sm_mctx *c, sm_cands *out)
{
	return sm_contig_find(c, SM_LVL_RSTRIP, SM_TIER_WS, out);
}

int sm_tier_typo(const sm_mctx *c, sm_cands *out)
{
	return sm_contig_find(c, SM_LVL_TYPO, SM_TIER_TYPO, out);
}
