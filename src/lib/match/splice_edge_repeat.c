/*
 * Lines added among the unchanged lines at an edge of the place, those lines standing right
 * below (above) a copy of themselves: read on the copy, the old side's own lines there left
 * out (as a reply with too little context leaves lines out), the additions land a copy away
 * ("K, L, K, L, M" with "K, +x, L, M" read as "K, x, L, K, L, M" or "K, L, K, x, L, M"). The
 * exact place and the one with lines left out read the reply as well; it does not say which
 * copy it means, and the planner refuses (sm_splice_edge_repeat).
 */
#include "splice_edge_repeat.h"
#include "splice_impl.h"
#include "match_costs.h"

/* 1 when old line oi stands on file line f alone, unchanged (context, or a kept deletion). */
static int kept_on(const sm_medit *e, const sm_cand *c, size_t oi, size_t f)
{
	const sm_mline *ml = &e->seq[e->old[oi]];

	return c->lo[oi] == f && c->hi[oi] == f + 1 && sm_mline_is_new(ml) && !ml->elide;
}

/* 1 when the edit adds a line of substance between old lines oi and oi + 1. */
static int adds_between(const sm_medit *e, size_t oi)
{
	size_t k;

	for (k = e->old[oi] + 1; k < e->old[oi + 1]; k++)
		if (e->seq[k].kind == SM_HL_ADD && !e->seq[k].l.blank)
			return 1;
	return 0;
}

/* The hash of line i of "U then X" (x_first 0) or "X then U" (1), U the t file lines from u,
 * X the nx new-side lines of seq[k0, k1). */
static uint64_t joined(const sm_image *im, const sm_medit *e, size_t u, size_t t, size_t k0,
                       size_t k1, size_t nx, int x_first, size_t i)
{
	size_t k, w = 0;

	if (x_first ? i >= nx : i < t)
		return sm_ln(im, u + (x_first ? i - nx : i))->h_rstrip;
	i -= x_first ? 0 : t;
	for (k = k0; k < k1; k++)
		if (sm_mline_is_new(&e->seq[k]) && w++ == i)
			return e->seq[k].l.h_rstrip;
	return 0;
}

/* 1 when both readings write the same lines: U then X is X then U (the added lines a
 * rotation of the copies, which then read the same either way). */
static int same_either_way(const sm_image *im, const sm_medit *e, size_t u, size_t t, size_t k0,
                           size_t k1)
{
	size_t k, nx = 0, i;

	for (k = k0; k < k1; k++)
		nx += sm_mline_is_new(&e->seq[k]);
	for (i = 0; i < t + nx; i++)
		if (joined(im, e, u, t, k0, k1, nx, 0, i) != joined(im, e, u, t, k0, k1, nx, 1, i))
			return 0;
	return 1;
}

/*
 * The old lines [o0, o0 + t) at the top (dir -1) or bottom (+1) edge, unchanged on t file lines
 * in a row from f, with the t file lines just beyond the edge a copy of them, a line of
 * substance among them, and a line added between two of them with only blank lines of them
 * between it and the edge: the first file line of that copy, or SM_NOLINE.
 */
static size_t edge_copy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t t, int dir)
{
	size_t n = e->nold, o0 = dir < 0 ? 0 : n - t, f, i, g;
	int solid = 0, adds = 0;

	if (c->lo[o0] == SM_NOLINE)
		return SM_NOLINE;
	f = c->lo[o0];
	g = dir < 0 ? f - t : f + t; /* the copy */
	if ((dir < 0 && f < t) || (dir > 0 && f + 2 * t > im->n))
		return SM_NOLINE;
	for (i = 0; i < t; i++) {
		if (!kept_on(e, c, o0 + i, f + i) ||
		    sm_ln(im, g + i)->h_rstrip != sm_ln(im, f + i)->h_rstrip)
			return SM_NOLINE;
		solid |= sm_line_solid_chars(sm_ln(im, f + i), SM_SPLIT_MIN_SOLID_CHARS) >=
		         SM_SPLIT_MIN_SOLID_CHARS;
	}
	if (!solid)
		return SM_NOLINE;
	/* between two of them: the lines right around the additions are the same two on either
	   copy (beside the old line inward of them, a reading of the copy puts the additions at
	   the lines it leaves out, which the reply's neighbours of them say nothing for); and
	   only blank lines of them between the additions and the edge, the lines a reply most
	   often drops or adds (a line of substance there is context the model copied, and an
	   exact place with it is read as written) */
	for (i = 0; i + 1 < t && !adds; i++) {
		size_t x = dir < 0 ? i : t - 2 - i; /* additions after old line o0 + x */
		size_t k, a = dir < 0 ? 0 : x + 1, z = dir < 0 ? x + 1 : t;
		if (!adds_between(e, o0 + x))
			continue;
		adds = 1;
		for (k = a; k < z; k++)
			adds &= sm_ln(im, f + k)->blank;
		if (!adds)
			return SM_NOLINE;
	}
	if (!adds)
		return SM_NOLINE;
	/* the new side from the edge to the old line inward of the copies' lines */
	if (dir < 0 ? same_either_way(im, e, f, t, 0, t < n ? e->old[t] : e->nseq)
	            : same_either_way(im, e, f, t, t < n ? e->old[o0 - 1] + 1 : 0, e->nseq))
		return SM_NOLINE;
	return g;
}

size_t sm_splice_edge_repeat(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *here)
{
	size_t t, g;
	int dir;

	/* a place that stands whole, every old line on the next file line: the other reading
	   is the one that leaves lines out (a place letting lines go already weighs such
	   readings in its own tier) */
	if (!e->nold || c->cut)
		return SM_NOLINE;
	for (t = 0; t < e->nold; t++)
		if (c->lo[t] != c->start + t || c->hi[t] != c->lo[t] + 1)
			return SM_NOLINE;
	for (dir = -1; dir <= 1; dir += 2)
		for (t = 2; t <= SM_EDGE_REPEAT_MAX_LINES && t <= e->nold; t++) {
			g = edge_copy(im, e, c, t, dir);
			if (g != SM_NOLINE) {
				*here = c->lo[dir < 0 ? 0 : e->nold - t];
				return g;
			}
		}
	return SM_NOLINE;
}
