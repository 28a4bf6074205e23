/*
 * A place that reads a line the edit moves where the move puts it: the change is made there
 * already (the reply, or a half of a merged hunk, sent again), and the place takes the moved
 * line from its new place. Asked of a split hunk's runs read as one place (split.c), where a
 * run found by its own deleted line alone can take the moved line from anywhere.
 */
#include "plan_move_made.h"
#include "plan_already_impl.h"

/* 1 when file line f holds line l as written (trailing blanks aside; a blank line for a blank
 * one): a line re-indented in place (a block unwrapped) is no move, nor are its neighbours there
 * the new side's. */
static int file_is(const sm_image *im, size_t f, const sm_line *l)
{
	const sm_line *x;

	if (f >= im->n)
		return 0;
	x = sm_ln(im, f);
	return l->blank ? x->blank : !x->blank && x->h_rstrip == l->h_rstrip;
}

/* The line next to seq[k] on its side (new: the new side; else the old one), dir -1 above, +1
 * below; NULL at the edge of the edit. */
static const sm_line *beside(const sm_medit *me, size_t k, int dir, int new_side)
{
	for (k += (size_t)dir; k < me->nseq; k += (size_t)dir)
		if (new_side ? sm_mline_is_new(&me->seq[k])
		             : me->seq[k].kind != SM_HL_ADD)
			return &me->seq[k].l;
	return NULL;
}

/*
 * Deleted line seq[d], read on file line f that holds it as written, while the edit also adds
 * a line of that text (seq[a], the line moved): 1 when the file lines around f are the
 * neighbours the new side gives the added copy, on both sides, and not those the old side
 * gives the deleted one (on a side where the new neighbour has substance): f is the copy the
 * edit writes, where it writes it, not the one it takes away.
 */
static int moved_here(const sm_image *im, const sm_medit *me, size_t d, size_t a, size_t f)
{
	const sm_line *na = beside(me, a, -1, 1), *nb = beside(me, a, 1, 1);
	const sm_line *oa = beside(me, d, -1, 0), *ob = beside(me, d, 1, 0);

	if (!na || !nb || !f || !file_is(im, f - 1, na) || !file_is(im, f + 1, nb))
		return 0;
	return (!na->blank && (!oa || !file_is(im, f - 1, oa))) ||
	       (!nb->blank && (!ob || !file_is(im, f + 1, ob)));
}

size_t sm_plan_move_made_at(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t k, j, oi = 0, f;

	if (!c->lo)
		return SM_NOLINE;
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *d = &me->seq[k];
		size_t i;
		if (d->kind == SM_HL_ADD)
			continue;
		i = oi++;
		f = c->lo[i];
		/* read as written (a miscopy given back whole is no move) */
		if (d->kind != SM_HL_DEL || d->keep || !sm_already_solid(&d->l) || f == SM_NOLINE ||
		    c->hi[i] != f + 1 || !file_is(im, f, &d->l))
			continue;
		for (j = 0; j < me->nseq; j++) {
			const sm_mline *a = &me->seq[j];
			if (a->kind == SM_HL_ADD && !a->keep && a->l.h_rstrip == d->l.h_rstrip &&
			    moved_here(im, me, k, j, f))
				return f;
		}
	}
	return SM_NOLINE;
}
