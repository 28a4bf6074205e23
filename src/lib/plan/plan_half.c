/*
 * A merged hunk with one half made already. A model that merges two hunks of one change into
 * one (no divider between them) and sends it after making one of them leaves a hunk whose old
 * side stands nowhere: the made half's old lines are gone. A loose tier (repair, re-indentation,
 * fuzzy) may still place it, letting go of the lines the hunk skipped and reading the made
 * half into a copy of its old lines nearby. The made half's new side then stands as written
 * where the loose place does not read it: the file says as plainly that this half is made
 * there as the loose place says it is to make. The reply does not say which: refused.
 */
#include "plan_impl.h"
#include "plan_already_rival.h"
#include "plan_new_side.h"
#include "split_impl.h"

/* 1 when `place` gives old lines [a, z) of me one after another, each as written (indentation
 * aside, a blank line for a blank): the place reads that part of the hunk as the file holds it,
 * and a copy of its new side elsewhere is a copy, not a reading the place bent. */
static int part_as_written(const sm_image *im, const sm_medit *me, const sm_cand *place, size_t a,
                           size_t z)
{
	size_t i;

	for (i = a; i < z; i++) {
		const sm_line *o = &me->seq[me->old[i]].l, *f;
		size_t at = place->lo[i];
		if (at == SM_NOLINE || place->hi[i] != at + 1 || at >= im->n ||
		    (i > a && place->lo[i - 1] + 1 != at))
			return 0;
		f = sm_ln(im, at);
		if (o->blank ? !f->blank : f->blank || f->h_indent != o->h_indent)
			return 0;
	}
	return 1;
}

/* 1 when `place` puts old lines cut - 1 and cut on file lines with lines between them (or
 * either on none): the place passes file lines over where the hunk is cut in two. */
static int passes_at_cut(const sm_cand *place, size_t cut)
{
	if (!cut || place->lo[cut - 1] == SM_NOLINE || place->lo[cut] == SM_NOLINE)
		return 1;
	return place->hi[cut - 1] != place->lo[cut];
}

/* 1 when [s, e) is apart from the file lines `place` gives old lines [a, z) of me (the first
 * to one past the last of those it puts in the file). */
static int apart_from_part(const sm_cand *place, size_t a, size_t z, size_t s, size_t e)
{
	size_t lo = SM_NOLINE, hi = 0, i;

	for (i = a; i < z; i++) {
		if (place->lo[i] == SM_NOLINE || place->hi[i] <= place->lo[i])
			continue;
		if (lo == SM_NOLINE || place->lo[i] < lo)
			lo = place->lo[i];
		if (place->hi[i] > hi)
			hi = place->hi[i];
	}
	return lo == SM_NOLINE || e <= lo || s >= hi;
}

/* 1 when a change run of me within seq [a, b) (old lines from oa on) deletes lines and `place`
 * reads each of them a line or more outside [s, e) (sm_plan_deletions_apart): the place takes
 * that run's change from other copies of its lines, while the half's new side stands there
 * made, whatever it reads of the half's other runs beside it. */
static int run_apart(const sm_medit *me, const sm_cand *place, size_t a, size_t b, size_t oa,
                     size_t s, size_t e)
{
	size_t k = a, o = oa, ro;

	while (k < b) {
		if (me->seq[k].kind == SM_HL_CTX) {
			k++;
			o++;
			continue;
		}
		for (ro = o; k < b && me->seq[k].kind != SM_HL_CTX; k++)
			o += me->seq[k].kind != SM_HL_ADD;
		if (sm_plan_deletions_apart(me, place, ro, o, s, e))
			return 1;
	}
	return 0;
}

/* 1 when a line of [a, b) of me is a change (not context). */
static int has_change(const sm_medit *me, size_t a, size_t b)
{
	for (; a < b; a++)
		if (me->seq[a].kind != SM_HL_CTX)
			return 1;
	return 0;
}

int sm_plan_half_made(const sm_image *im, const sm_medit *me, const sm_cand *place, size_t lo,
                      size_t hi, sm_budget *budget, size_t *at, int *err)
{
	size_t k, nold_top = 0, side, ws, we;
	sm_medit h;

	*err = 0;
	if (!place->lo)
		return 0;
	/* a cut between two context lines, a change on each side: each half keeps a context line
	   at the cut, as the two hunks had */
	for (k = 1; k < me->nseq; k++) {
		nold_top += me->seq[k - 1].kind != SM_HL_ADD;
		if (me->seq[k - 1].kind != SM_HL_CTX || me->seq[k].kind != SM_HL_CTX ||
		    !has_change(me, 0, k - 1) || !has_change(me, k + 1, me->nseq))
			continue;
		for (side = 0; side < 2; side++) {
			size_t a = side ? k : 0, b = side ? me->nseq : k;
			size_t oa = side ? nold_top : 0, oz = side ? me->nold : nold_top;
			int made;
			if (sm_budget_out(budget))
				return 0;
			/* (a half read as written is still a reading the place bent when the place
			   passes file lines over at the cut: the halves read apart, as two hunks
			   merged, and the half may be one copy of its old lines while the other
			   copy is the half made) */
			if (part_as_written(im, me, place, oa, oz) &&
			    !passes_at_cut(place, nold_top))
				continue;
			if (make_sub(&h, me, a, b)) {
				*err = 1;
				return 0;
			}
			/* (a half whose change is closed in by a blank context line on one side,
			   a deletion right after a blank line, proves itself made only as
			   written, that blank line standing: the lines around the change then
			   stand together as the hunk gives them) */
			made =
			    ((sm_plan_new_side_is_evidence(&h) &&
			      sm_plan_new_side_written(im, &h, lo, hi, budget, &ws, &we, NULL, err)) ||
			     (!*err && sm_plan_new_side_written_blank(im, &h, lo, hi, budget, &ws, &we,
			                                              err))) &&
			    (apart_from_part(place, oa, oz, ws, we) ||
			     run_apart(me, place, a, b, oa, ws, we));
			free_sub(&h);
			if (*err)
				return 0;
			if (made) {
				/* named by a line of substance */
				for (*at = ws; *at + 1 < we && sm_ln(im, *at)->blank; ++*at)
					;
				return 1;
			}
		}
	}
	return 0;
}
