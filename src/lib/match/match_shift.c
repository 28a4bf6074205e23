/*
 * The indentation of a candidate: whether the old side's lines sit in the file shifted by one
 * uniform number of columns (for one tab width), and by how much. Every contiguous tier checks
 * its places with it, and the fuzzy tier its one-line place; the indentation tier is the one
 * that accepts a shift. When several tab widths fit, one that needs no shift wins (the model
 * wrote tabs for the file's own indentation unit: its deeper new lines are one unit deeper per
 * tab), else the most common width.
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
		if (ok && (!cand->shifted || (!delta && cand->delta))) {
			cand->tabw = (int)tw;
			cand->delta = delta;
			cand->shifted = 1;
		}
	}
	return cand->shifted;
}
