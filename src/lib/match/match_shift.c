/*
 * The indentation of a candidate: whether the old side's lines sit in the file shifted by one
 * uniform number of columns (for one tab width), and by how much; or, for the line-indentation
 * tier, shifted line by line in a way that still says how deep each new line goes. Every
 * contiguous tier checks its places with it, and the fuzzy tier its one-line place; the
 * indentation tier is the one that accepts a shift. When several tab widths fit, one that needs
 * no shift wins (the model wrote tabs for the file's own indentation unit: its deeper new lines
 * are one unit deeper per tab), else the most common width.
 */
#include "match.h"

#include <string.h>

/* Tab widths tried, most common first: 4 (most code), 8 (C, Go), 2 (JS, Ruby). */
static const size_t tab_widths[] = {4, 8, 2};

int sm_indent_shift(const sm_mctx *c, sm_cand *cand)
{
	const sm_medit *e = c->e;
	const sm_image *fim = c->im;
	size_t w, i, tabbed = 0, indented = 0, same = 1, pairs = 0;

	for (i = 0; i < e->nold; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		size_t j = cand->lo[i], k;
		if (j == SM_NOLINE || cand->hi[i] != j + 1 || o->blank || sm_ln(fim, j)->blank)
			continue;
		pairs++;
		k = sm_text_indent_len(sm_ln(fim, j)->p, sm_ln(fim, j)->n);
		if (k) {
			indented++;
			tabbed += sm_ln(fim, j)->p[0] == '\t';
		}
		if (k != sm_text_indent_len(o->p, o->n) ||
		    (k && memcmp(sm_ln(fim, j)->p, o->p, k) != 0))
			same = 0;
	}
	cand->tabw = 4;
	cand->delta = 0;
	cand->use_tabs = indented && tabbed * 2 >= indented;
	cand->shifted = 0;
	if (same || !pairs)
		return 1;
	for (w = 0; w < sizeof(tab_widths) / sizeof(*tab_widths); w++) {
		size_t tw = tab_widths[w];
		long delta = 0;
		int first = 1, ok = 1;
		for (i = 0; i < e->nold && ok; i++) {
			const sm_line *o = &e->seq[e->old[i]].l;
			size_t j = cand->lo[i];
			long d;
			if (j == SM_NOLINE || cand->hi[i] != j + 1 || o->blank || sm_ln(fim, j)->blank)
				continue;
			d = (long)sm_text_indent_cols(sm_ln(fim, j)->p, sm_ln(fim, j)->n, tw) -
			    (long)sm_text_indent_cols(o->p, o->n, tw);
			if (first) {
				delta = d;
				first = 0;
			} else if (d != delta) {
				ok = 0;
			}
		}
		/* a shift to the left that would take a line the new side adds past column 0: the
		   reply's new lines keep their depths relative to its old ones, and at this place
		   they cannot (written at column 0 they would lose their nesting); the place is
		   not the one the reply was written for */
		for (i = 0; i < e->nseq && ok && delta < 0; i++) {
			const sm_line *l = &e->seq[i].l;
			if (e->seq[i].kind == SM_HL_ADD && !l->blank &&
			    (long)sm_text_indent_cols(l->p, l->n, tw) + delta < 0)
				ok = 0;
		}
		if (ok && (!cand->shifted || (!delta && cand->delta))) {
			cand->tabw = (int)tw;
			cand->delta = delta;
			cand->shifted = 1;
		}
	}
	return cand->shifted;
}

int sm_shift_agrees(const sm_line *o1, const sm_line *f1, const sm_line *o2, const sm_line *f2)
{
	size_t w;

	for (w = 0; w < sizeof(tab_widths) / sizeof(*tab_widths); w++) {
		size_t tw = tab_widths[w];
		long d1 = (long)sm_text_indent_cols(f1->p, f1->n, tw) -
			  (long)sm_text_indent_cols(o1->p, o1->n, tw),
		     d2 = (long)sm_text_indent_cols(f2->p, f2->n, tw) -
			  (long)sm_text_indent_cols(o2->p, o2->n, tw);
		if (d1 == d2)
			return 1;
	}
	return 0;
}

/*
 * A shift per line: the old side is in the file line for line, indentation aside, but its
 * lines are shifted by different amounts (a model that re-indented part of what it copied: a
 * nested block one level off, a closing bracket at the wrong depth). No single shift fits, so
 * the indentation tier refuses it; the line-indentation tier takes it when the new side can
 * still be written without a guess:
 * - every line of the old side stands on one file line (blank lines may come and go, nothing
 *   else is repaired), and indentation is spaces only, on both sides (a tab's width is a guess);
 * - the file keeps its own text for every context line (the splice always does);
 * - each added line is indented as the lines it replaces are shifted (they must agree), or, added
 *   between context lines, as the nearest context line above and below it are when they agree,
 *   else as the one of them at its own depth in the reply;
 * - an added line with the text of a line the edit deletes is that line moved: it must come out
 *   at the column the file gave the deleted one, or the reply says two things.
 * Anything else is refused: the ladder goes on, and the edit fails with the usual message.
 * The tier itself is match_reindent.c; the splice asks sm_reindent_delta for each new line.
 */

/* 1 and *cols, the columns of a spaces-only indentation; 0 when it holds a tab. */
static int space_cols(const sm_line *l, long *cols)
{
	size_t k = sm_text_indent_len(l->p, l->n), i;

	for (i = 0; i < k; i++)
		if (l->p[i] != ' ')
			return 0;
	*cols = (long)k;
	return 1;
}

/* The shift (file columns - reply columns) of old line i of c, when it stands on one non-blank
 * file line and is not blank itself: 1 and *d; 0 otherwise. */
static int line_shift(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t i, long *d)
{
	const sm_line *o = &e->seq[e->old[i]].l;
	size_t f = c->lo[i];
	long a, b;

	if (f == SM_NOLINE || c->hi[i] != f + 1 || o->blank || sm_ln(im, f)->blank)
		return 0;
	if (!space_cols(sm_ln(im, f), &a) || !space_cols(o, &b))
		return 0;
	*d = a - b;
	return 1;
}

int sm_reindent_delta(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k,
		      long *delta)
{
	size_t oi = 0, j, r0 = k, r1 = k, above = SM_NOLINE, below = SM_NOLINE;
	long da = 0, db = 0, dd = 0, d, ka = 0, x = -1;
	int dels = 0;

	/* the change run around k: its lines between two context lines */
	while (r0 > 0 && e->seq[r0 - 1].kind != SM_HL_CTX)
		r0--;
	while (r1 < e->nseq && e->seq[r1].kind != SM_HL_CTX)
		r1++;
	for (j = 0; j < e->nseq; j++) {
		if (e->seq[j].kind == SM_HL_ADD)
			continue;
		if (line_shift(im, e, c, oi, &d)) {
			if (j >= r0 && j < r1) {
				/* a line the run replaces: they must all say one shift */
				if (dels++ && d != dd)
					return 0;
				dd = d;
			} else if (j < r0) {
				above = oi;
				da = d;
			} else if (below == SM_NOLINE) {
				below = oi;
				db = d;
			}
		}
		oi++;
	}
	if (dels) {
		*delta = dd;
		return 1;
	}
	/* lines added between two context lines: both say the same, or the one at the added
	   line's own depth in the reply decides (a neighbour at another depth, alone at an edge
	   or against the other, says nothing sure about it) */
	if (above != SM_NOLINE && below != SM_NOLINE && da == db) {
		*delta = da;
		return 1;
	}
	if (!space_cols(&e->seq[k].l, &ka))
		return 0;
	if (above != SM_NOLINE && space_cols(&e->seq[e->old[above]].l, &x) && x == ka) {
		*delta = da;
		return 1;
	}
	if (below != SM_NOLINE && space_cols(&e->seq[e->old[below]].l, &x) && x == ka) {
		*delta = db;
		return 1;
	}
	return 0;
}

int sm_twin_beside(const sm_image *im, const sm_medit *e, const sm_cand *cand)
{
	size_t i, j, g;
	long d, dj, oc, fc;
	int dir, alone, other;

	for (i = 0; i < e->nold; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (!line_shift(im, e, cand, i, &d) || !space_cols(o, &oc))
			continue;
		for (dir = -1; dir <= 1; dir += 2) {
			if ((dir < 0 && !cand->lo[i]) || (dir > 0 && cand->lo[i] + 1 >= im->n))
				continue;
			g = cand->lo[i] + (size_t)dir;
			if (sm_ln(im, g)->blank || sm_ln(im, g)->h_indent != o->h_indent ||
			    !space_cols(sm_ln(im, g), &fc) || fc - oc == d)
				continue;
			for (j = 0, alone = 1, other = 0; j < e->nold; j++) {
				if (j == i || !line_shift(im, e, cand, j, &dj))
					continue;
				alone &= dj != d;
				other |= dj == fc - oc;
			}
			if (alone && other)
				return 1;
		}
	}
	return 0;
}

int sm_reindent_check(const sm_mctx *c, sm_cand *cand)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t i, k, oi;
	long d, first = 0;
	int seen = 0, mixed = 0;

	/* a walk over the edit per new line (sm_reindent_delta, the moved-line check): bounded,
	   and charged */
	if (e->nseq > SM_REINDENT_MAX_LINES ||
	    sm_budget_charge(c->budget, (uint64_t)e->nseq * e->nseq))
		return 0;
	for (i = 0; i < e->nold; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (cand->lo[i] == SM_NOLINE || cand->hi[i] != cand->lo[i] + 1) {
			if (!o->blank)
				return 0; /* a line that stands on no file line, or on several */
			continue;
		}
		if (o->blank || sm_ln(im, cand->lo[i])->blank)
			continue;
		if (!line_shift(im, e, cand, i, &d))
			return 0; /* a tab in the indentation */
		if (!seen)
			first = d;
		mixed |= seen && d != first;
		seen = 1;
	}
	if (!mixed)
		return 0; /* one shift: the indentation tier's */
	if (sm_twin_beside(im, e, cand))
		return 0;
	cand->tabw = 4;
	cand->delta = 0;
	cand->use_tabs = 0;
	cand->shifted = SM_SHIFT_PER_LINE;
	for (k = 0; k < e->nseq; k++) {
		const sm_line *a = &e->seq[k].l;
		long cols, fc;
		if (e->seq[k].kind != SM_HL_ADD || a->blank)
			continue;
		if (!space_cols(a, &cols) || !sm_reindent_delta(im, e, cand, k, &d))
			return 0;
		cols += d;
		if (cols < 0)
			return 0;
		/* a line moved: where the file has the deleted copy */
		for (i = 0, oi = 0; i < e->nseq; i++) {
			const sm_mline *ml = &e->seq[i];
			if (ml->kind == SM_HL_ADD)
				continue;
			if (ml->kind == SM_HL_DEL && !ml->keep && ml->l.h_indent == a->h_indent &&
			    cand->lo[oi] != SM_NOLINE && cand->hi[oi] == cand->lo[oi] + 1 &&
			    (!space_cols(sm_ln(im, cand->lo[oi]), &fc) || fc != cols))
				return 0;
			oi++;
		}
	}
	return 1;
}
