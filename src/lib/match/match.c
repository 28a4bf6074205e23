/*
 * Candidate lists: the places a tier found, kept best first up to SM_KEEP_CANDS, a place found
 * twice kept once at its lower cost. The tiers fill them, the runner (match_ladder.c) reads
 * them.
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <string.h>

void sm_cand_free(sm_cand *c)
{
	sm_free(c->lo);
	sm_free(c->hi);
	c->lo = c->hi = NULL;
}

int sm_cand_copy(sm_cand *dst, const sm_cand *src, size_t nold)
{
	*dst = *src;
	dst->lo = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	dst->hi = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	if (!dst->lo || !dst->hi) {
		sm_cand_free(dst);
		return SEAM_ENOMEM;
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

/*
 * A block whose every old line carries its number (ln-diff) shifts as a whole when the file
 * moved under it, and a line the model left out leaves a gap in the numbers, not a shift: two
 * lines that stand at other distances apart in a place than their numbers say were not copied
 * from that place. A tolerant tier that fits a miscopied line to another file line can find
 * such a place (a miscopied first line taken for the line below it, with a blank line of the
 * block let go to make room), and a splice there writes lines the new side repeats twice.
 */
int sm_cand_against_numbers(const sm_image *im, const sm_medit *e, const sm_cand *c,
			    size_t old[2])
{
	size_t i, first = SM_NOLINE;
	long shift = 0;

	if (!e->old_no || !c->lo || !c->hi)
		return 0;
	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		long s;
		if (!e->old_no[i] || ml->l.blank || ml->elide || c->lo[i] == SM_NOLINE ||
		    c->hi[i] != c->lo[i] + 1 || c->lo[i] >= im->n || !sm_ln(im, c->lo[i])->orig)
			continue;
		s = (long)sm_ln(im, c->lo[i])->orig - (long)e->old_no[i];
		if (first == SM_NOLINE) {
			first = i;
			shift = s;
		} else if (s != shift) {
			old[0] = first;
			old[1] = i;
			return 1;
		}
	}
	return 0;
}

long sm_cand_hint_dist(const sm_cands *cs, const sm_cand *c)
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
	return sm_cand_hint_dist(cs, a) > sm_cand_hint_dist(cs, b);
}

int sm_cands_add(sm_cands *cs, const sm_cand *cand, size_t nold)
{
	size_t i, worst = 0;

	for (i = 0; i < cs->n; i++) {
		sm_cand *o = &cs->v[i];
		if (o->start == cand->start && o->end == cand->end) {
			if (cand->cost < o->cost) {
				sm_cand_free(o);
				return sm_cand_copy(o, cand, nold);
			}
			return 0;
		}
	}
	cs->total++;
	if (cs->n < SM_KEEP_CANDS) {
		if (sm_grow((void **)&cs->v, &cs->cap, cs->n + 1, sizeof(*cs->v)))
			return SEAM_ENOMEM;
		if (sm_cand_copy(&cs->v[cs->n], cand, nold))
			return SEAM_ENOMEM;
		cs->n++;
		return 0;
	}
	for (i = 1; i < cs->n; i++)
		if (worse(cs, &cs->v[i], &cs->v[worst]))
			worst = i;
	if (worse(cs, &cs->v[worst], cand)) {
		sm_cand_free(&cs->v[worst]);
		return sm_cand_copy(&cs->v[worst], cand, nold);
	}
	return 0;
}

void sm_cands_clear(sm_cands *cs)
{
	size_t i;
	for (i = 0; i < cs->n; i++)
		sm_cand_free(&cs->v[i]);
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
