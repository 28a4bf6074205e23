/*
 * Elisions: a context line that is only "..." (or "# ...", "// ...") on both sides stands for
 * the unchanged lines the model did not copy; its pieces are found in order and the elided
 * lines stay as they are.
 *
 * A marker line the file itself holds, at the same indentation, in the range searched (a
 * doctest's "..." continuation, Python's `...` body, a comment that reads like a placeholder)
 * is a copied file line, not an elision: taken for one it would stand for any run of lines
 * around its own copy, and a line the old side left out there would be kept beside the new
 * side's copy of it (written twice), or the edit would land wherever the rest fits.
 */
#include "match.h"
#include "../../util/alloc.h"

#include <string.h>

/* Places of a marker's indentation-blind hash looked at for one at its indentation; past
 * them the marker is a line the file repeats, a file line all the same. */
#define ELIDE_HELD_LOOK 8

/* 1 when the file holds the marker line l in [lo, hi) as written (trailing blanks aside). */
static int held(const sm_mctx *c, const sm_line *l)
{
	size_t pos[ELIDE_HELD_LOOK], n, k, j;
	uint64_t h = sm_line_h(l, SM_LVL_EXACT);

	if (c->im->ix) {
		sm_budget_charge(c->budget, 1);
		n = sm_image_find(c->im, l->h_indent, c->lo, c->hi, pos, ELIDE_HELD_LOOK);
		for (k = 0; k < n && k < ELIDE_HELD_LOOK; k++)
			if (sm_line_h(sm_ln(c->im, pos[k]), SM_LVL_EXACT) == h)
				return 1;
		return n > ELIDE_HELD_LOOK;
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

int sm_tier_elide(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 1, 0, 0, 0, SM_TIER_ELIDE};
	size_t i;

	/* the markers the file holds are plain lines (sm_align_find): without another, nothing
	   this tier adds to the previous one */
	for (i = 0; i < c->e->nold; i++)
		if (c->e->seq[c->e->old[i]].elide && !held(c, &c->e->seq[c->e->old[i]].l))
			return sm_align_find(c, &o, out);
	return 0;
}
