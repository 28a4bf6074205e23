/*
 * The alignment engine of the tolerant tiers. An alignment pairs the old side's lines, in
 * order, with file lines, allowing only the repairs the calling tier permits: blank lines on
 * one side, elision markers standing for runs of file lines, file lines the model dropped,
 * context lines that are really unmarked additions, miscopied lines. Each repair has a cost
 * (match_costs.h); the cheapest alignment wins.
 *
 * Work stays linear in the file: one pass counts where the old side's lines occur, then a
 * small dynamic program runs in a window around each occurrence of the rarest line ("seed").
 * The seed line is forced onto its occurrence, so two copies of a block, even close together,
 * give two candidates and the ladder sees the tie.
 *
 * Here: the search for seeds and windows. One run of the program is match_align_seed.c, the
 * judgement of the place it finds match_align_doubt.c, the questions both ask about a line
 * paired by less than its text match_align_miscopy.c; none of them calls back into this file.
 */
#include "match.h"
#include "match_align_impl.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

/* Beyond this many cells a window is not searched: bounded memory on hostile input. */
#define MAX_CELLS ((size_t)8 << 20)

static int seedable(const sm_mline *ml)
{
	return !ml->l.blank && !ml->elide;
}

static size_t count_elide(const sm_medit *e, size_t from, size_t to)
{
	size_t i, k = 0;
	for (i = from; i < to; i++)
		k += e->seq[e->old[i]].elide;
	return k;
}

static int align_find(const sm_mctx *c, const sm_align_opts *o, sm_cands *out)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, i, s, pass;
	size_t used[2] = {SM_NOLINE, SM_NOLINE}, cap = 0, *inold = NULL;
	sm_occ local = {0};
	const sm_occ *tp;
	dp d = {0};
	int rc = 0;

	if (!m || c->hi <= c->lo)
		return 0;
	/* the table compares indentation-blind, the level every tolerant tier uses */
	tp = sm_occ_for(c, &local);
	if (!tp)
		return SEAM_ENOMEM;
	d.c = c;
	d.o = o;
	d.t = tp;
	d.m = m;
	for (i = 0; i < m; i++)
		d.nonblank += seedable(&e->seq[e->old[i]]);
	d.lo = sm_malloc(m * sizeof(size_t));
	d.elo = o->elide ? sm_malloc(m * sizeof(size_t)) : NULL;
	d.hi = sm_malloc(m * sizeof(size_t));
	inold = sm_calloc(tp->mask + 1, sizeof(size_t));
	if (!d.lo || !d.hi || !inold || (o->elide && !d.elo)) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	for (i = 0; i < m; i++)
		if (tp->of_old[i] != SM_NOLINE)
			inold[tp->of_old[i]]++;
	/* Seed from the rarest line, then the second rarest: one wrong occurrence of the first
	   cannot hide the right place. A line seeds one window per pair of its places in the
	   file and in the old side; one with more pairs than SM_MAX_SEEDS anchors nothing (an
	   old side of 50 "```" lines against a file of 60 would run 3,000 windows). */
	for (pass = 0; pass < 2; pass++) {
		size_t pick = SM_NOLINE, q;
		for (i = 0; i < m; i++) {
			size_t sl = tp->of_old[i];
			if (sl == SM_NOLINE || !tp->s[sl].count ||
			    tp->s[sl].count * inold[sl] > SM_MAX_SEEDS || sl == used[0])
				continue;
			if (pick == SM_NOLINE || tp->s[sl].count < tp->s[pick].count)
				pick = sl;
		}
		if (pick == SM_NOLINE)
			break;
		used[pass] = pick;
		for (q = 0; q < tp->s[pick].count && q < SM_MAX_SEEDS; q++) {
			size_t at = tp->s[pick].pos[q];
			for (s = 0; s < m; s++) {
				size_t before, after, ws, we, cells, slack;
				if (tp->of_old[s] != pick)
					continue;
				slack = SM_WINDOW_SLACK + (o->extras ? SM_MAX_EXTRAS : 0);
				before = s + slack;
				after = m - s + slack;
				if (o->elide) {
					before += SM_ELISION_MAX * count_elide(e, 0, s);
					after += SM_ELISION_MAX * count_elide(e, s, m);
				}
				ws = at > before ? at - before : 0;
				if (ws < c->lo)
					ws = c->lo;
				we = at + after < c->hi ? at + after : c->hi;
				cells = (m + 1) * (we - ws + 1);
				if (cells > MAX_CELLS)
					continue;
				if (cells > cap) {
					float *nd = sm_realloc(d.D, cells * sizeof(float));
					unsigned char *nm;
					if (!nd) {
						rc = SEAM_ENOMEM;
						goto done;
					}
					d.D = nd;
					nm = sm_realloc(d.mv, cells);
					if (!nm) {
						rc = SEAM_ENOMEM;
						goto done;
					}
					d.mv = nm;
					cap = cells;
				}
				/* the window's cells, charged before it is run */
				if (sm_budget_charge(c->budget, cells))
					goto done; /* the caller drops what was found */
				d.ws = ws;
				d.W = we - ws;
				d.late = 0;
				d.early_ok = 0;
				if (sm_align_run_seed(&d, s, at, out) < 0) {
					rc = SEAM_ENOMEM;
					goto done;
				}
				/* an elision absorbs any run of lines, so a piece beside it may fit at
				   two places (a head line repeated before the tail): the latest
				   placement too, and two equally good places are refused, named */
				if (o->elide && !sm_budget_out(c->budget)) {
					if (sm_budget_charge(c->budget, cells))
						goto done;
					d.late = 1;
					if (sm_align_run_seed(&d, s, at, out) < 0) {
						rc = SEAM_ENOMEM;
						goto done;
					}
				}
				if (sm_budget_out(c->budget))
					goto done; /* the caller drops what was found */
			}
		}
	}
done:
	/* a place left out for a let-go blank line whose other reading no place kept is: a
	   doubt (the meant place may be that reading, never scored or itself left out) */
	for (i = 0; !rc && i < d.nbd && out->n; i++) {
		size_t k;
		for (k = 0; k < out->n && out->v[k].lo[d.bd_a[i]] != d.bd_g[i]; k++)
			;
		if (k == out->n)
			sm_align_doubted(&d, d.bd_cost[i]);
	}
	/* a place kept only because a rival was left out for a miscopy (or the above) must beat
	   it clearly */
	if (!rc && d.doubt && out->n) {
		double low = out->v[0].cost;
		for (i = 1; i < out->n; i++)
			if (out->v[i].cost < low)
				low = out->v[i].cost;
		if (low > d.doubt_cost - SM_AMBIGUITY_MARGIN)
			sm_cands_clear(out);
	}
	sm_free(d.D);
	sm_free(d.mv);
	sm_free(d.lo);
	sm_free(d.elo);
	sm_free(d.hi);
	sm_free(inold);
	sm_occ_free(&local);
	return rc;
}

/* 1 when the file holds the marker line l in [lo, hi) as written (trailing blanks aside). */
static int held(const sm_mctx *c, const sm_line *l)
{
	size_t pos[SM_ELIDE_HELD_LOOK], n, k, j;
	uint64_t h = sm_line_h(l, SM_LVL_EXACT);

	if (c->im->ix) {
		sm_budget_charge(c->budget, 1);
		n = sm_image_find(c->im, l->h_indent, c->lo, c->hi, pos, SM_ELIDE_HELD_LOOK);
		for (k = 0; k < n && k < SM_ELIDE_HELD_LOOK; k++)
			if (sm_line_h(sm_ln(c->im, pos[k]), SM_LVL_EXACT) == h)
				return 1;
		return n > SM_ELIDE_HELD_LOOK;
	}
	sm_budget_charge(c->budget, c->hi - c->lo);
	for (j = c->lo; j < c->hi && j < c->im->n; j++)
		if (sm_hx(c->im, j) == l->h_indent && sm_line_h(sm_ln(c->im, j), SM_LVL_EXACT) == h)
			return 1;
	return 0;
}

int sm_elide_copied(const sm_mctx *c, sm_medit *e2)
{
	size_t i, copied = 0;

	for (i = 0; i < c->e->nold; i++) {
		const sm_mline *ml = &c->e->seq[c->e->old[i]];
		copied += ml->elide && held(c, &ml->l);
	}
	if (!copied)
		return 0;
	*e2 = *c->e;
	e2->seq = sm_malloc(c->e->nseq * sizeof(*e2->seq));
	if (!e2->seq)
		return SEAM_ENOMEM;
	memcpy(e2->seq, c->e->seq, c->e->nseq * sizeof(*e2->seq));
	for (i = 0; i < e2->nold; i++) {
		sm_mline *ml = &e2->seq[e2->old[i]];
		if (ml->elide && held(c, &ml->l))
			ml->elide = 0;
	}
	return 1;
}

int sm_align_find(const sm_mctx *c, const sm_align_opts *o, sm_cands *out)
{
	sm_medit e2;
	sm_mctx c2;
	int rc;

	if (!o->elide)
		return align_find(c, o, out);
	/* marker lines the file holds are copied lines, not elisions (match_elide.c) */
	rc = sm_elide_copied(c, &e2);
	if (rc <= 0)
		return rc < 0 ? rc : align_find(c, o, out);
	c2 = *c;
	c2.e = &e2;
	c2.occ = NULL;
	rc = align_find(&c2, o, out);
	sm_free(e2.seq);
	return rc;
}
