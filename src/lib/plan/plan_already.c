/*
 * "Already applied": whether an edit's new side already stands where its old side would go (a
 * reply sent twice must change nothing the second time), judged only from evidence that says
 * so. Used by the edit steps (plan_edit.c, plan_lines.c); calls none of them. The deleted
 * lines (plan_already_deleted.c), a place done though it passes lines over
 * (plan_already_done.c) and an old side fitting but for one line (plan_old_side.c) are judged
 * apart; none of them calls back into this file.
 */
#include "plan_already_impl.h"
#include "plan_new_side.h"
#include "../match/prep.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* 1 when the new side sits in im at p, compared at `level`. */
static int new_side_at_level(const sm_image *im, const sm_medit *me, size_t p, int level)
{
	size_t k, i = p;
	for (k = 0; k < me->nseq; k++) {
		if (!sm_mline_is_new(&me->seq[k]))
			continue;
		if (i >= im->n || sm_line_h(sm_ln(im, i), level) != sm_line_h(&me->seq[k].l, level))
			return 0;
		i++;
	}
	return 1;
}

/* 1 when the new side sits in im at p (compared as the typography tier does). */
static int new_side_at(const sm_image *im, const sm_medit *me, size_t p)
{
	return new_side_at_level(im, me, p, SM_LVL_TYPO);
}

/* 1 when lines to append already end the file (but for blank lines after them): the same
 * reply sent again. The same lines elsewhere in the file are not the append done: a file may
 * hold a block twice. */
int sm_plan_appended_already(const sm_image *im, const sm_medit *me, sm_budget *budget)
{
	size_t nnew = 0, nonblank = 0, k, end = im->n, p;
	int rc;

	for (k = 0; k < me->nseq; k++) {
		nnew += sm_mline_is_new(&me->seq[k]);
		nonblank += sm_mline_is_new(&me->seq[k]) && !me->seq[k].l.blank;
	}
	if (!nonblank)
		return 0;
	for (;;) {
		if (end >= nnew) {
			p = end - nnew;
			if (new_side_at(im, me, p)) {
				rc = 1;
				break;
			}
		}
		if (!end || !sm_ln(im, end - 1)->blank) {
			rc = 0;
			break;
		}
		end--;
	}
	/* a place tried per blank line passed, up to the new side's lines compared at each */
	sm_budget_charge(budget, (uint64_t)(im->n - end + 1) * (nnew ? nnew : 1));
	return rc;
}

/* 1 when me adds a line of substance and its new side, blank lines at its edges set aside,
 * stands as written (indentation aside) at two places or more of [lo, hi): only a blank line
 * beside it told the place found from the others, which any run of lines followed by a blank
 * one does, while the lines it adds stand in those others too. (An edit that only deletes
 * proves itself by the lines around each deletion standing together, judged apart.) */
static int told_by_blank_edge(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                              sm_budget *budget)
{
	size_t k, a = SM_NOLINE, z = 0, n = 0, s, f, i, places = 0, adds = 0;
	int edge_blank = 0;

	for (k = 0; k < me->nseq; k++)
		adds += me->seq[k].kind == SM_HL_ADD && !me->seq[k].l.blank;
	if (!adds)
		return 0;
	for (k = 0; k < me->nseq; k++) {
		if (!sm_mline_is_new(&me->seq[k]))
			continue;
		if (me->seq[k].elide)
			return 0;
		if (!me->seq[k].l.blank) {
			if (a == SM_NOLINE)
				a = k;
			z = k;
		}
	}
	if (a == SM_NOLINE)
		return 0;
	for (k = 0; k < me->nseq; k++)
		if (sm_mline_is_new(&me->seq[k]) && me->seq[k].l.blank)
			edge_blank |= k < a || k > z;
	if (!edge_blank)
		return 0;
	for (k = a; k <= z; k++)
		n += sm_mline_is_new(&me->seq[k]);
	if (hi > im->n)
		hi = im->n;
	for (s = lo; s + n <= hi && places < 2; s++) {
		for (k = a, f = s, i = 0; k <= z; k++) {
			const sm_line *l = &me->seq[k].l, *x;
			if (!sm_mline_is_new(&me->seq[k]))
				continue;
			if (sm_budget_charge(budget, 1))
				return 0; /* cut short: nothing said */
			x = sm_ln(im, f++);
			if (l->blank ? !x->blank : x->blank || x->h_indent != l->h_indent)
				break;
			i++;
		}
		places += i == n;
	}
	return places >= 2;
}

int sm_plan_new_side_proven(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			   sm_budget *budget, size_t *at, size_t *end, int *err)
{
	sm_cand w;

	*err = 0;
	if (!sm_new_side_evidence(me, 1) ||
	    !sm_new_side_once_at(im, me, lo, hi, budget, SM_POLICY_ALREADY, &w, err))
		return 0;
	/* found once only for a blank line at its edge: its lines stand in other places too,
	   and one of them may as well be where the edit was meant (its old side not found) */
	if (told_by_blank_edge(im, me, lo, hi, budget))
		return 0;
	/* found with its "..." standing for lines (SM_POLICY_ALREADY's elision tier): a line
	   it adds may stand anywhere past the piece before it, so the proof is only a change
	   closed in by context lines of its own piece, standing together as written (runs_closed,
	   whatever it adds) */
	if (w.tier == SM_TIER_ELIDE && !sm_runs_closed(me, 1, 0))
		return 0;
	*at = w.start;
	*end = w.end;
	return 1;
}

int sm_plan_result_at(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	size_t k, oi, nnew = 0, q, q0, q1, dlo = SIZE_MAX, dhi = 0, *pos;
	int ok = 0;

	for (k = 0, oi = 0; k < me->nseq; k++) {
		nnew += sm_mline_is_new(&me->seq[k]);
		if (me->seq[k].kind == SM_HL_ADD)
			continue;
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep && c->lo[oi] != SM_NOLINE &&
		    c->hi[oi] > c->lo[oi]) {
			if (c->lo[oi] < dlo)
				dlo = c->lo[oi];
			if (c->hi[oi] > dhi)
				dhi = c->hi[oi];
		}
		oi++;
	}
	if (dlo == SIZE_MAX || dhi - dlo > nnew)
		return 0; /* nothing the place would delete, or more than the new side holds */
	pos = sm_malloc((nnew ? nnew : 1) * sizeof(*pos));
	if (!pos)
		return 0;
	/* pos[i]: the index in seq of the i-th new-side line */
	for (k = 0, q = 0; k < me->nseq; k++)
		if (sm_mline_is_new(&me->seq[k]))
			pos[q++] = k;
	q0 = dhi > nnew ? dhi - nnew : 0;
	q1 = dlo;
	for (q = q0; q <= q1 && !ok; q++) {
		/* byte for byte: an edit that changes only whitespace is not made by a file
		   that differs from its old side only there */
		if (q + nnew > im->n || !new_side_at_level(im, me, q, SM_LVL_EXACT))
			continue;
		ok = 1;
		for (k = 0, oi = 0; k < me->nseq && ok; k++) {
			size_t f;
			if (me->seq[k].kind == SM_HL_ADD)
				continue;
			if (c->lo[oi] != SM_NOLINE)
				for (f = c->lo[oi]; f < c->hi[oi] && ok; f++) {
					/* a deleted line must stand on an addition, a context line
					   on itself */
					if (f < q || f >= q + nnew)
						ok = 0;
					else if (sm_mline_is_new(&me->seq[k]))
						ok = pos[f - q] == k;
					else
						ok = me->seq[pos[f - q]].kind == SM_HL_ADD;
				}
			oi++;
		}
		if (ok)
			*at = q;
	}
	sm_free(pos);
	return ok;
}

/*
 * 1 when the edit's new side is already in the file where its old side would go: a reply sent
 * twice must change nothing the second time. With the old side found at old_at, only a new side
 * around it counts (an insertion whose result is there already), and only the few places that
 * could hold it are looked at; old_at NULL (the old side found nowhere by any tier): the new
 * side in exactly one place, and saying by itself that the edit was made.
 */
int sm_plan_already_there(const sm_image *im, const sm_medit *me, const sm_cand *old_at, int *err)
{
	size_t k, nonblank = 0, nadd = 0, nnew = 0, p, pe;
	int found = 0;

	*err = 0;
	if (!old_at)
		return sm_plan_new_side_proven(im, me, 0, im->n, NULL, &p, &pe, err);
	for (k = 0; k < me->nseq; k++) {
		nadd += me->seq[k].kind == SM_HL_ADD;
		nnew += sm_mline_is_new(&me->seq[k]);
		nonblank += sm_mline_is_new(&me->seq[k]) && !me->seq[k].l.blank;
	}
	if (!nonblank || !nadd)
		return 0;
	/* a place that fits only by letting go of file lines that are the edit's additions */
	if (sm_plan_skipped_done(im, me, old_at, &p) == 1)
		return 1;
	if (nnew <= me->nold)
		return sm_plan_result_at(im, me, old_at, &p);
	p = old_at->end > nnew ? old_at->end - nnew : 0;
	for (; p <= old_at->start && !found; p++)
		found = new_side_at(im, me, p);
	return found || sm_plan_result_at(im, me, old_at, &p);
}

int sm_plan_numbers_say_unmade(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t k, above = 0;

	/* the model's own number for its first old line: not a guess (Roo's start_line), nor
	   one seam set from an anchor or from the block before */
	if (me->hint_start <= 0 || (me->flags & SM_EDIT_SOFT_HINT) || me->after_anchor ||
	    me->in_order || !me->nold)
		return 0;
	for (k = 0; k < me->old[0]; k++)
		above += me->seq[k].kind == SM_HL_ADD;
	/* made, the lines it adds above its first old line would have moved that line down by
	   as many; standing at its number, the file is as the edit found it */
	return above && c->lo[0] != SM_NOLINE && c->hi[0] > c->lo[0] && c->lo[0] == c->start &&
	       sm_ln(im, c->lo[0])->orig == (uint32_t)me->hint_start;
}

/* 1 when line k of the edit's new side has the text of the new line right above or below it. */
static int twin_of_neighbour(const sm_medit *me, size_t k)
{
	const sm_line *a = &me->seq[k].l;
	size_t j;
	int d;

	for (d = -1; d <= 1; d += 2) {
		for (j = k; d < 0 ? j > 0 : j + 1 < me->nseq;) {
			j = d < 0 ? j - 1 : j + 1;
			if (!sm_mline_is_new(&me->seq[j]))
				continue; /* a deleted line is not on the new side */
			if (me->seq[j].l.n == a->n && !memcmp(me->seq[j].l.p, a->p, a->n))
				return 1;
			break;
		}
	}
	return 0;
}

int sm_plan_already_undecided(const sm_image *im, const sm_medit *me, const sm_cand *old_at)
{
	size_t k, nadd = 0, nnew = 0, p;

	for (k = 0; k < me->nseq; k++) {
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep)
			return 0; /* it deletes a line: the old side found says it is not made */
		if (me->seq[k].kind == SM_HL_ADD && !twin_of_neighbour(me, k))
			return 0;
		nadd += me->seq[k].kind == SM_HL_ADD;
		nnew += sm_mline_is_new(&me->seq[k]);
	}
	if (!nadd || nnew <= me->nold)
		return 0;
	for (p = old_at->end > nnew ? old_at->end - nnew : 0; p <= old_at->start; p++)
		if (new_side_at(im, me, p))
			return 1;
	return 0;
}

/* 1 when the lines the edit keeps (its context lines, at least one of substance), standing
 * where its new side has them, stand so from file line `at` and from no other line: the old
 * side's own lines pin the place. Compared indentation aside, a blank line for a blank line. */
static int kept_pin_place(const sm_image *im, const sm_medit *me, size_t at, sm_budget *budget)
{
	size_t t, k, q, solid = 0, places = 0, first = SM_NOLINE, last = 0;

	for (k = 0, q = 0; k < me->nseq; k++) {
		if (!sm_mline_is_new(&me->seq[k]))
			continue;
		if (me->seq[k].kind != SM_HL_ADD) {
			solid += sm_already_solid(&me->seq[k].l);
			if (first == SM_NOLINE)
				first = q;
			last = q;
		}
		q++;
	}
	if (!solid || last - first >= im->n)
		return 0;
	/* t: where the first kept line stands; the lines the edit adds may reach past the
	   file's edges there (another place of the kept lines all the same) */
	for (t = 0; t + (last - first) < im->n && places < 2; t++) {
		int fit = 1;
		for (k = 0, q = 0; k < me->nseq && fit; k++) {
			const sm_line *l = &me->seq[k].l, *x;
			if (!sm_mline_is_new(&me->seq[k]))
				continue;
			if (me->seq[k].kind != SM_HL_ADD) {
				if (sm_budget_charge(budget, 1))
					return 0; /* cut short: nothing said */
				x = sm_ln(im, t + q - first);
				fit = l->blank ? x->blank : !x->blank && x->h_indent == l->h_indent;
			}
			q++;
		}
		if (fit) {
			if (t != at + first)
				return 0;
			places++;
		}
	}
	return places == 1;
}

size_t sm_plan_new_text_elsewhere(const sm_image *im, const sm_medit *me, size_t at, size_t nnew,
                                  sm_budget *budget, size_t *k)
{
	size_t j, f, seen = SM_NOLINE, end = at + nnew;

	for (j = 0; j < me->nseq; j++)
		if (me->seq[j].elide)
			return SM_NOLINE; /* the new side's extent is not its count of lines */
	/* the model's own number for its first old line (even one it guessed, as Roo's; not one
	   seam set) names the line the new side starts at: the place is the reply's, not met by
	   chance */
	if (me->hint_start > 0 && !me->after_anchor && !me->in_order && at < im->n &&
	    sm_ln(im, at)->orig == (uint32_t)me->hint_start)
		return SM_NOLINE;
	if (kept_pin_place(im, me, at, budget))
		return SM_NOLINE;
	for (j = 0; j < me->nseq; j++) {
		const sm_line *a = &me->seq[j].l;
		if (me->seq[j].kind != SM_HL_ADD || a->blank || !sm_already_solid(a) ||
		    sm_old_side_deletes(me, a, SM_LVL_INDENT))
			continue;
		if (sm_budget_charge(budget, sm_work_pass(0, im->n)))
			return SM_NOLINE; /* cut short: nothing said */
		f = sm_image_first(im, a->h_indent, 0, at);
		if (f == SM_NOLINE)
			f = sm_image_first(im, a->h_indent, end, im->n);
		if (f == SM_NOLINE)
			return SM_NOLINE; /* a new line standing only there: the edit's own */
		if (seen == SM_NOLINE) {
			seen = f;
			*k = j;
		}
	}
	return seen;
}
