/*
 * The strict tiers: the old side as one contiguous run of lines, compared exactly, then with
 * trailing whitespace and line endings ignored, then with typographic characters folded.
 */
#include "match.h"
#include "../../util/alloc.h"

#include <string.h>

int sm_contig_find(const sm_mctx *c, int level, int tier, sm_cands *out)
{
	const sm_medit *e = c->e;
	const sm_line *f = c->im->v;
	size_t m = e->nold, p, i;
	size_t *lo, *hi;
	sm_cand cand;
	int rc = 0;

	if (!m || c->hi < c->lo || c->hi - c->lo < m)
		return 0;
	lo = sm_malloc(m * sizeof(*lo));
	hi = sm_malloc(m * sizeof(*hi));
	if (!lo || !hi) {
		sm_free(lo);
		sm_free(hi);
		return -1;
	}
	for (p = c->lo; p + m <= c->hi; p++) {
		for (i = 0; i < m; i++) {
			const sm_line *o = &e->seq[e->old[i]].l;
			if (f[p + i].h[level] != o->h[level])
				break;
			if (level == SM_LVL_EXACT &&
			    (f[p + i].n != o->n || memcmp(f[p + i].p, o->p, o->n)))
				break;
		}
		if (i < m)
			continue;
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
			continue;
		if (sm_cands_add(out, &cand, m)) {
			rc = -1;
			break;
		}
	}
	sm_free(lo);
	sm_free(hi);
	return rc;
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
