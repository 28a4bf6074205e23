/*
 * The ladder: tiers from strict to tolerant, stopping at the first that finds anything. A tier
 * that finds one place wins; a tier that finds several refuses the edit as ambiguous unless one
 * clearly fits better or the claimed line number picks exactly one. Going on to a more tolerant
 * tier after a tie would only find the same places again, so a tie is final.
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	sm_tier_fn fn;
} tiers[SM_TIER_COUNT] = {
	[SM_TIER_EXACT] = {"exact", sm_tier_exact},
	[SM_TIER_WS] = {"whitespace", sm_tier_ws},
	[SM_TIER_TYPO] = {"typography", sm_tier_typo},
	[SM_TIER_INDENT] = {"indentation", sm_tier_indent},
	[SM_TIER_BLANK] = {"blank-lines", sm_tier_blank},
	[SM_TIER_ELIDE] = {"elision", sm_tier_elide},
	[SM_TIER_REPAIR] = {"diff-repair", sm_tier_repair},
	[SM_TIER_SPLIT] = {"split-hunk", NULL},
	[SM_TIER_FUZZY] = {"fuzzy", sm_tier_fuzzy},
};

const char *sm_tier_name(int tier)
{
	return tier >= 0 && tier < SM_TIER_COUNT ? tiers[tier].name : "";
}

static void cand_free(sm_cand *c)
{
	sm_free(c->lo);
	sm_free(c->hi);
	c->lo = c->hi = NULL;
}

static int cand_copy(sm_cand *dst, const sm_cand *src, size_t nold)
{
	*dst = *src;
	dst->lo = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	dst->hi = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	if (!dst->lo || !dst->hi) {
		cand_free(dst);
		return -1;
	}
	if (nold) {
		memcpy(dst->lo, src->lo, nold * sizeof(size_t));
		memcpy(dst->hi, src->hi, nold * sizeof(size_t));
	}
	return 0;
}

static long dist(long a, long b)
{
	return a > b ? a - b : b - a;
}

/* Distance of a candidate from the claimed line (0 when the edit claims none). */
static long hint_dist(const sm_cands *cs, const sm_cand *c)
{
	if (cs->hint <= 0 || !cs->im)
		return 0;
	return dist(sm_image_orig_near(cs->im, c->start), cs->hint);
}

/* 1 when a is a worse candidate to keep than b. */
static int worse(const sm_cands *cs, const sm_cand *a, const sm_cand *b)
{
	if (a->cost != b->cost)
		return a->cost > b->cost;
	return hint_dist(cs, a) > hint_dist(cs, b);
}

int sm_cands_add(sm_cands *cs, const sm_cand *cand, size_t nold)
{
	size_t i, worst = 0;

	for (i = 0; i < cs->n; i++) {
		sm_cand *o = &cs->v[i];
		if (o->start == cand->start && o->end == cand->end) {
			if (cand->cost < o->cost) {
				cand_free(o);
				return cand_copy(o, cand, nold);
			}
			return 0;
		}
	}
	cs->total++;
	if (cs->n < SM_KEEP_CANDS) {
		if (sm_grow((void **)&cs->v, &cs->cap, cs->n + 1, sizeof(*cs->v)))
			return -1;
		if (cand_copy(&cs->v[cs->n], cand, nold))
			return -1;
		cs->n++;
		return 0;
	}
	for (i = 1; i < cs->n; i++)
		if (worse(cs, &cs->v[i], &cs->v[worst]))
			worst = i;
	if (worse(cs, &cs->v[worst], cand)) {
		cand_free(&cs->v[worst]);
		return cand_copy(&cs->v[worst], cand, nold);
	}
	return 0;
}

void sm_cands_clear(sm_cands *cs)
{
	size_t i;
	for (i = 0; i < cs->n; i++)
		cand_free(&cs->v[i]);
	cs->n = 0;
	cs->total = 0;
}

void sm_cands_dispose(sm_cands *cs)
{
	sm_cands_clear(cs);
	sm_free(cs->v);
	cs->v = NULL;
	cs->cap = 0;
}

static int by_cost(const void *a, const void *b)
{
	const sm_cand *x = a, *y = b;
	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

/*
 * Picks the candidate the claimed line points at, or returns -1: the nearest one, when it is
 * within SM_HINT_WINDOW of the claim and every other is at least SM_HINT_MARGIN farther (a
 * claim off by a few lines must not choose between two close places). After an anchor the
 * nearest is the first after it, at any distance: that is what the patch format means.
 */
static long pick_by_hint(const sm_cands *cs, size_t nties, int numbered, int after_anchor,
			 int in_order)
{
	long best = -1, d0 = 0, d1 = -1, d;
	long window = numbered ? SM_NUMBERED_WINDOW : SM_HINT_WINDOW;
	long margin = numbered ? SM_NUMBERED_MARGIN : SM_HINT_MARGIN;
	size_t i;

	if (cs->hint <= 0)
		return -1;
	if (in_order) {
		/* the one place at or after the claim: the places before it are not meant; two
		   after it are still two (a model that writes its blocks in order does not say
		   which, even if the agent takes the first); every tie must be at hand */
		if (nties > cs->n)
			return -1;
		for (i = 0; i < nties; i++)
			if (sm_image_orig_near(cs->im, cs->v[i].start) >= cs->hint) {
				if (best >= 0)
					return -1;
				best = (long)i;
			}
		return best;
	}
	if (after_anchor) {
		window = LONG_MAX;
		margin = 1;
	}
	for (i = 0; i < nties; i++) {
		d = hint_dist(cs, &cs->v[i]);
		if (best < 0 || d < d0) {
			d1 = best < 0 ? -1 : d0;
			d0 = d;
			best = (long)i;
		} else if (d1 < 0 || d < d1) {
			d1 = d;
		}
	}
	if (best < 0 || d0 > window || (d1 >= 0 && d1 < d0 + margin))
		return -1;
	return best;
}

int sm_match_run(const sm_mctx *c, int first, int last, sm_match *m)
{
	int t, rc, timed;
	sm_cands cs = {0};

	cs.im = c->im;
	cs.hint = c->e->hint_start;
	memset(m, 0, sizeof(*m));
	m->status = SEAM_STATUS_NO_MATCH;
	for (t = first; t < last && t < SM_TIER_COUNT; t++) {
		size_t nties = 1;
		long pick;

		if (!tiers[t].fn)
			continue;
		sm_cands_clear(&cs);
		/* the tiers that align do work that grows with the file times the edit, repeated
		   per seed: their time is the budget's, and a tier cut short decides nothing, nor
		   do the tiers after it (the caller sees the budget spent) */
		timed = t >= SM_TIER_BLANK;
		if (timed)
			sm_budget_start(c->budget);
		rc = tiers[t].fn(c, &cs);
		if (timed)
			sm_budget_stop(c->budget);
		if (rc < 0 || (timed && sm_budget_out(c->budget))) {
			sm_cands_dispose(&cs);
			return rc < 0 ? -1 : 0;
		}
		if (!cs.n)
			continue;
		qsort(cs.v, cs.n, sizeof(*cs.v), by_cost);
		while (nties < cs.n && cs.v[nties].cost - cs.v[0].cost < SM_AMBIGUITY_MARGIN)
			nties++;
		if (cs.total > cs.n && nties == cs.n)
			nties = cs.total; /* more ties than were kept */
		pick = 0;
		/* a soft claim (a line number the model guessed) tells apart places that fit
		   nearly as well, never two that fit exactly as well */
		if (nties > 1 && (c->e->flags & SM_EDIT_SOFT_HINT) &&
		    (cs.n < 2 || cs.v[1].cost - cs.v[0].cost < SM_COST_EPSILON))
			pick = -1;
		else if (nties > 1) {
			pick = pick_by_hint(&cs, c->e->in_order ? nties : (nties < cs.n ? nties : cs.n),
					    (c->e->flags & SM_EDIT_NUMBERED) != 0,
					    c->e->after_anchor, c->e->in_order);
			if (pick >= 0)
				m->hint_decided = 1;
		}
		if (pick < 0) {
			m->status = SEAM_STATUS_AMBIGUOUS;
			m->tier = t;
			m->others = cs;
			m->others.total = nties;
			return 0;
		}
		m->status = SEAM_STATUS_APPLIED;
		m->best = cs.v[pick];
		m->best.tier = t;
		cs.v[pick].lo = cs.v[pick].hi = NULL;
		sm_cands_dispose(&cs);
		return 0;
	}
	sm_cands_dispose(&cs);
	return 0;
}

void sm_match_dispose(sm_match *m)
{
	cand_free(&m->best);
	sm_cands_dispose(&m->others);
}
