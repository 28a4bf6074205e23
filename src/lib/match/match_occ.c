/* The occurrence table shared by the tiers (see sm_occ in match.h). */
#include "match.h"
#include "line_index.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <string.h>

int sm_occ_build(sm_occ *t, const sm_image *im, const sm_medit *e, size_t lo, size_t hi)
{
	size_t size = 16, i, j;
	/* every blank line hashes as the empty line once indentation is ignored */
	uint64_t blank = sm_text_hash("", 0, SM_LVL_INDENT);

	memset(t, 0, sizeof(*t));
	t->lo = lo;
	t->hi = hi;
	while (size < e->nold * 2 + 2)
		size *= 2;
	/* a slot is mostly its room for places (SM_MAX_SEEDS of them), read only below count:
	   cleared field by field, not zeroed whole for every edit */
	t->s = sm_malloc(size * sizeof(*t->s));
	t->of_old = sm_malloc((e->nold ? e->nold : 1) * sizeof(size_t));
	if (!t->s || !t->of_old) {
		sm_occ_free(t);
		return SEAM_ENOMEM;
	}
	for (j = 0; j < size; j++) {
		t->s[j].h = 0;
		t->s[j].used = 0;
		t->s[j].count = 0;
	}
	t->mask = size - 1;
	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		uint64_t h = ml->l.h_indent;
		t->of_old[i] = SM_NOLINE;
		/* a line of only Unicode spaces (NBSP...) folds to the blank line's hash, and
		   file lines with that hash are not counted below: it cannot be a seed */
		if (ml->l.blank || ml->elide || h == blank)
			continue;
		for (j = h & t->mask; t->s[j].used && t->s[j].h != h; j = (j + 1) & t->mask)
			;
		t->s[j].used = 1;
		t->s[j].h = h;
		t->of_old[i] = j;
	}
	if (im->ix) {
		/* the image's index gives each line's places at the cost of their number */
		for (j = 0; j <= t->mask; j++)
			if (t->s[j].used)
				t->s[j].count = sm_image_find(im, t->s[j].h, lo, hi, t->s[j].pos,
							      SM_MAX_SEEDS);
		return 0;
	}
	/* without one, a pass over the range: it reads one hash a line */
	for (i = lo; i < hi; i++) {
		uint64_t h = sm_hx(im, i);
		if (h == blank)
			continue;
		for (j = h & t->mask; t->s[j].used; j = (j + 1) & t->mask) {
			if (t->s[j].h == h) {
				if (t->s[j].count < SM_MAX_SEEDS)
					t->s[j].pos[t->s[j].count] = i;
				t->s[j].count++;
				break;
			}
		}
	}
	return 0;
}

uint64_t sm_occ_work(const sm_image *im, const sm_medit *e, size_t lo, size_t hi)
{
	uint64_t blank = sm_text_hash("", 0, SM_LVL_INDENT), n = 0;
	size_t i;

	if (!im->ix)
		return sm_work_pass(lo, hi);
	/* a lookup per old line that has a slot (at most: equal lines share one), and the places
	   it copies */
	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		n += !(ml->l.blank || ml->elide || ml->l.h_indent == blank);
	}
	return n * (sm_work_lookup(im) + SM_MAX_SEEDS);
}

void sm_occ_free(sm_occ *t)
{
	sm_free(t->s);
	sm_free(t->of_old);
	t->s = NULL;
	t->of_old = NULL;
}

size_t sm_occ_places(const sm_occ *t, size_t a, const size_t **pos)
{
	size_t sl = t->of_old[a];

	if (sl == SM_NOLINE || !t->s[sl].count || t->s[sl].count > SM_MAX_SEEDS)
		return 0;
	*pos = t->s[sl].pos;
	return t->s[sl].count;
}

const sm_occ *sm_occ_for(const sm_mctx *c, sm_occ *local)
{
	if (c->occ && c->occ->lo == c->lo && c->occ->hi == c->hi)
		return c->occ;
	/* its lookups in the index, or a pass over the range without one (when spent, the
	   table is still built, and the tier that asked finds the budget out) */
	sm_budget_charge(c->budget, sm_occ_work(c->im, c->e, c->lo, c->hi));
	if (sm_occ_build(local, c->im, c->e, c->lo, c->hi))
		return NULL;
	return local;
}
