/*
 * A rival of an exact place: a SEARCH that dropped a context line can still fit exactly at
 * another place, while its REPLACE writes the dropped line back and so names the place meant:
 * there, the old side's lines stand with the REPLACE's own added lines between them, in the
 * REPLACE's order ("blank, if x:" fits here; "blank, def f():, if x:" is there, and the
 * REPLACE has "def f():" between those two lines). Two places that fit as well as each other
 * in different ways: the edit is refused as ambiguous rather than written at the first.
 */
#include "match.h"
#include "../../util/alloc.h"

#include <string.h>

/* A file line and an edit line equal but for trailing whitespace. */
static int same(const sm_line *f, const sm_line *o)
{
	return f->h_rstrip == o->h_rstrip;
}

/* 1 when the edit's sequence fits at file line p with at least one of its nonblank additions
 * standing between its old lines; *end gets the end of the place. */
static int fits_with_adds(const sm_mctx *c, size_t p, size_t *end, size_t *at)
{
	const sm_medit *e = c->e;
	const sm_image *fim = c->im;
	size_t j = p, k, oi = 0, adds = 0;

	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD) {
			/* an addition at the place: only between old lines (one before the first
			   old line or after the last is a line the reply adds next to them) */
			if (oi == 0 || oi == e->nold || ml->l.blank)
				continue;
			if (j < c->hi && same(sm_ln(fim, j), &ml->l)) {
				j++;
				adds++;
			}
			continue;
		}
		if (j >= c->hi || !same(sm_ln(fim, j), &ml->l))
			return 0;
		at[oi++] = j++;
	}
	*end = j;
	return adds > 0 && oi == e->nold;
}

/* The first line in [p, stop) whose hash is h's, stop when none: the table read in place, one
 * entry after another in each of its two runs (before the gap, after it). */
static size_t next_start(const sm_image *im, size_t p, size_t stop, uint64_t h)
{
	while (p < stop) {
		size_t run = p < im->gap && im->gap < stop ? im->gap : stop;
		const sm_line *l = sm_ln(im, p);
		for (; p < run; p++, l++)
			if (l->h_rstrip == h)
				return p;
	}
	return stop;
}

int sm_exact_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, p, end = 0, k, nadd = 0, lim;
	size_t *at, *starts = NULL, nstarts = 0, si;
	uint64_t h;
	int rc = 0;

	memset(rival, 0, sizeof(*rival));
	if (!e->blocklike || e->kind != SM_KIND_BLOCK || m < 2)
		return 0;
	for (k = 0; k < e->nseq; k++)
		nadd += e->seq[k].kind == SM_HL_ADD && !e->seq[k].l.blank;
	if (!nadd || c->hi < c->lo || c->hi - c->lo < m + 1)
		return 0;
	h = e->seq[e->old[0]].l.h_rstrip;
	lim = c->hi - m;
	/* the starts: from the line index when the image has one (the lines whose
	   indentation-blind hash is the first old line's: a superset, each checked below; the
	   index holds no blank line, so a first old line that hashes as one is scanned for), else
	   one pass over the range; then a walk of at most the sequence per start. Each charged
	   before it is done, as the tiers do: a pass per edit was a lines x edits term that
	   spent a whole reply's budget on 8,000 exact blocks of a 120,000-line file */
	if (c->im->ix && e->seq[e->old[0]].l.h_indent != sm_text_hash("", 0, SM_LVL_INDENT)) {
		size_t n = sm_image_find(c->im, e->seq[e->old[0]].l.h_indent, c->lo, lim, NULL, 0);
		if (sm_budget_charge(c->budget, n + 1))
			return 0;
		starts = sm_malloc((n ? n : 1) * sizeof(*starts));
		if (!starts)
			return SEAM_ENOMEM;
		nstarts = sm_image_find(c->im, e->seq[e->old[0]].l.h_indent, c->lo, lim, starts, n);
	} else if (sm_budget_charge(c->budget, c->hi - c->lo)) {
		return 0;
	}
	at = sm_malloc(m * sizeof(*at));
	if (!at) {
		sm_free(starts);
		return SEAM_ENOMEM;
	}
	for (si = 0, p = starts ? (nstarts ? starts[0] : lim) : next_start(c->im, c->lo, lim, h);
	     p < lim;
	     p = starts ? (++si < nstarts ? starts[si] : lim) : next_start(c->im, p + 1, lim, h)) {
		if (sm_budget_charge(c->budget, e->nseq))
			break;
		if (!fits_with_adds(c, p, &end, at))
			continue;
		if (p < found->end && end > found->start)
			continue; /* the same lines: not another place */
		rival->lo = sm_malloc(m * sizeof(*rival->lo));
		rival->hi = sm_malloc(m * sizeof(*rival->hi));
		if (!rival->lo || !rival->hi) {
			sm_cand_free(rival);
			rc = SEAM_ENOMEM;
			break;
		}
		for (k = 0; k < m; k++) {
			rival->lo[k] = at[k];
			rival->hi[k] = at[k] + 1;
		}
		rival->start = p;
		rival->end = end;
		rival->cost = found->cost;
		rival->tier = found->tier;
		rc = 1;
		break;
	}
	sm_free(at);
	sm_free(starts);
	return rc;
}
