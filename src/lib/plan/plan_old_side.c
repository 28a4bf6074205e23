/*
 * An edit's old side that fits the file but for one line: a line made up, a file line left
 * out, one line a typo off. Such a fit proves little on its own (a brace and a call fit
 * anywhere), so the planner weighs it against a new side standing elsewhere, the rival
 * reading of a loosely placed edit.
 */
#include "plan_already_impl.h"
#include "../match/prep.h"
#include "../match/image_work.h"
#include "../../util/text.h"

#include <stdint.h>

/* 1 when the old side of me fits im from line s as written (SM_LVL_TYPO, a blank line for a
 * blank line; a deleted line the file holds nowhere may be the line it stands on cut short)
 * but for its line seq[w], made up, which stands for `wn` (0 or 1) lines of code;
 * with `adds`, its added lines too, each where the edit puts it (the lines the old side left
 * out). *same is set when every context line stands where the new side at `at` has it: the
 * edit made there, read another way. The lines compared are added to *work. */
static int fits_but_made_up(const sm_image *im, const sm_medit *me, size_t s, size_t hi,
			    size_t w, size_t wn, int adds, size_t at, int *same, uint64_t *work)
{
	size_t k, f = s, nw = 0;

	*same = 1;
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		if (ml->kind == SM_HL_ADD && !adds) {
			nw++;
			continue;
		}
		if (k == w) {
			if (wn && (f >= hi || sm_ln(im, f)->blank))
				return 0; /* a line of code made up stands for one, not a gap */
			f += wn;
			continue;
		}
		if (f >= hi)
			return 0;
		++*work;
		if (ml->l.blank
		        ? !sm_ln(im, f)->blank
		        : sm_line_h(sm_ln(im, f), SM_LVL_TYPO) != sm_line_h(&ml->l, SM_LVL_TYPO) &&
		              !(ml->kind == SM_HL_DEL && !ml->keep &&
		                sm_plan_cut_of(&ml->l, sm_ln(im, f)) &&
		                !sm_image_has(im, ml->l.h_indent, 0, im->n)))
			return 0;
		if (sm_mline_is_new(ml)) {
			*same &= ml->kind == SM_HL_ADD || f == at + nw;
			nw++;
		}
		f++;
	}
	return 1;
}

int sm_plan_old_side_wild(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			  size_t at, size_t end, sm_budget *budget, size_t *place, size_t *k)
{
	size_t i, s, wn, nwild = 0, solid = 0, w = 0, n = me->nold, ctx = 0;
	uint64_t work = 0;
	int same, hinted;

	for (i = 0; i < n; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->elide)
			return 0;
		ctx += sm_mline_is_new(ml);
		if (ml->kind == SM_HL_DEL && !ml->keep && !ml->l.blank) {
			if (sm_budget_charge(budget, im->ix ? sm_work_lookup(im)
							    : sm_work_pass(0, im->n)))
				return 0;
			if (!sm_image_has(im, ml->l.h_indent, 0, im->n)) {
				size_t f;
				/* a line cut short begins a file line: the old side read with it
				   cut (fits_but_made_up takes it where it begins the line it stands
				   on), not made up */
				if (sm_budget_charge(budget, sm_work_pass(0, im->n)))
					return 0;
				for (f = 0; f < im->n && !sm_plan_cut_of(&ml->l, sm_ln(im, f)); f++)
					;
				if (f < im->n)
					continue;
				nwild++;
				w = me->old[i];
				continue;
			}
		}
		solid += sm_already_solid(&ml->l);
	}
	/* one made-up line among lines that fit as written; with more, those that fit say
	   little (a re-sent edit's deleted lines stand nowhere either) */
	/* with less substance, the fit is a rival only standing at the reply's own number for
	   its first old line (a guess, but the model's own, not seam's): a few short lines fit
	   anywhere by chance, not where the model said they stand. Only ever refuses. */
	hinted = me->hint_start > 0 && !me->after_anchor && !me->in_order;
	if (nwild != SM_ALREADY_WILD_MAX || hi > im->n ||
	    solid < (hinted ? SM_WILD_AT_HINT_MIN_SOLID : SM_RIVAL_NEW_MIN_SOLID))
		return 0;
	/* each place of the range, the made-up line standing for a line or for none (a line
	   added to the old side), its lines compared until one differs: charged as they go (a
	   file of one line repeated is n x nold) */
	for (s = lo; s + n - 1 <= hi; s++) {
		if (solid < SM_RIVAL_NEW_MIN_SOLID &&
		    sm_ln(im, s)->orig != (uint32_t)me->hint_start)
			continue;
		for (wn = 0; wn < (ctx ? 4u : 2u); wn++) {
			/* wn 2, 3: the additions stand too, where the edit puts them (lines the old
			   side left out): the file holds them and the lines to delete, the edit not
			   made; judged by where the context lines stand (there are some) */
			int fit = fits_but_made_up(im, me, s, hi, w, wn & 1, wn >> 1, at, &same,
						   &work);
			if (sm_budget_charge(budget, work))
				return 0; /* cut short: no place said */
			work = 0;
			/* the edit made at `at`, read another way, is no other reading: its context
			   lines where the new side has them (none: the place apart from it) */
			if (fit && (ctx ? !same : s >= end || s + n - 1 + (wn & 1) <= at)) {
				*place = s;
				*k = w;
				return 1 + (int)(wn >> 1);
			}
		}
	}
	return 0;
}

/* 1 when added line k of me has the text of file line f (indentation aside). */
static int adds_line(const sm_medit *me, const sm_line *f)
{
	size_t k;

	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_ADD && !me->seq[k].l.blank &&
		    sm_line_h(&me->seq[k].l, SM_LVL_INDENT) == sm_line_h(f, SM_LVL_INDENT))
			return 1;
	return 0;
}

/* 1 when the old side of me stands as written from file line s (a blank line for a blank
 * line), but for one uniform change of indentation (the new side may have been found shifted),
 * with one non-blank file line passed over after its g-th old line, not a line the edit adds
 * (that line standing is the edit made); *same when every context line stands where the new
 * side at `at` has it (the edit made there, read another way). The lines compared are added to
 * *work. */
static int fits_but_left_out(const sm_image *im, const sm_medit *me, size_t s, size_t g, size_t at,
                             int *same, uint64_t *work)
{
	size_t k, f = s, nw = 0, oi = 0;
	long delta = 0;
	int shifted = 0;

	*same = 1;
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		const sm_line *x;
		if (ml->kind == SM_HL_ADD) {
			nw++;
			continue;
		}
		if (oi++ == g) {
			if (f >= im->n || sm_ln(im, f)->blank || adds_line(me, sm_ln(im, f)))
				return 0;
			f++;
		}
		if (f >= im->n)
			return 0;
		++*work;
		x = sm_ln(im, f);
		if (ml->l.blank ? !x->blank
		                : sm_line_h(x, SM_LVL_INDENT) != sm_line_h(&ml->l, SM_LVL_INDENT))
			return 0;
		if (!ml->l.blank) {
			long d = (long)sm_text_indent_len(x->p, x->n) -
			         (long)sm_text_indent_len(ml->l.p, ml->l.n);
			if (shifted && d != delta)
				return 0; /* not one shift: a line of another depth */
			delta = d;
			shifted = 1;
		}
		if (sm_mline_is_new(ml)) {
			*same &= f == at + nw;
			nw++;
		}
		f++;
	}
	return 1;
}

int sm_plan_old_side_left_out(const sm_image *im, const sm_medit *me, size_t at, size_t nnew,
                              sm_budget *budget, size_t *place)
{
	size_t k, s, g, n = me->nold, lo, solid = 0;
	uint64_t work = 0;
	int same;

	for (k = 0; k < me->nseq; k++) {
		if (me->seq[k].elide)
			return 0; /* its lines are not its count of lines */
		solid += me->seq[k].kind != SM_HL_ADD && sm_already_solid(&me->seq[k].l);
	}
	if (n < 2 || solid < SM_RIVAL_NEW_MIN_SOLID)
		return 0;
	/* the places that meet the new side's: from n lines above it to its last line; each
	   gap inside the old side (one at an edge is only another place) */
	lo = at > n ? at - n : 0;
	for (s = lo; s < at + nnew && s < im->n; s++)
		for (g = 1; g < n; g++) {
			int fit = fits_but_left_out(im, me, s, g, at, &same, &work);
			if (sm_budget_charge(budget, work))
				return 0; /* cut short: no place said */
			work = 0;
			if (fit && !same) {
				*place = s;
				return 1;
			}
		}
	return 0;
}

/* 1 when old line o is file line f one typo off, indentation and trailing blanks aside. */
static int one_typo_off(const sm_line *o, const sm_line *f)
{
	size_t oi = sm_text_indent_len(o->p, o->n), fi = sm_text_indent_len(f->p, f->n);
	size_t on = o->n, fn = f->n;

	while (on > oi && (o->p[on - 1] == ' ' || o->p[on - 1] == '\t' || o->p[on - 1] == '\r'))
		on--;
	while (fn > fi && (f->p[fn - 1] == ' ' || f->p[fn - 1] == '\t' || f->p[fn - 1] == '\r'))
		fn--;
	return sm_one_typo(o->p + oi, on - oi, f->p + fi, fn - fi);
}

int sm_plan_old_side_typo(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			  size_t at, size_t end, sm_budget *budget, size_t *place)
{
	size_t i, s, n = me->nold, solid = 0;

	for (i = 0; i < n; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->elide)
			return 0;
		solid += !ml->l.blank;
	}
	/* two lines of text, or one beside blank lines (which must stand as blank lines too) */
	if (!solid || (solid < 2 && n < 2) || hi > im->n || hi < lo + n)
		return 0;
	for (s = lo; s + n <= hi; s++) {
		size_t typos = 0, exact = 0;
		if (s < end && s + n > at)
			continue; /* over the new side: the edit made there */
		for (i = 0; i < n && typos <= 1; i++) {
			const sm_line *o = &me->seq[me->old[i]].l, *f = sm_ln(im, s + i);
			if (sm_budget_charge(budget, 1))
				return 0; /* cut short: no place said */
			if (o->blank || f->blank) {
				if (o->blank != f->blank)
					break;
				continue;
			}
			if (o->h_indent == f->h_indent)
				exact++;
			else if (one_typo_off(o, f))
				typos++;
			else
				break;
		}
		if (i == n && typos == 1 && (exact || n > solid)) {
			*place = s;
			return 1;
		}
	}
	return 0;
}

