/*
 * "Already applied": whether an edit's new side already stands where its old side would go (a
 * reply sent twice must change nothing the second time), judged only from evidence that says
 * so. Used by the edit steps (plan_edit.c, plan_lines.c); calls none of them.
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

/* 1 when line d, its indentation and trailing blanks aside, begins file line f and is shorter,
 * keeping SM_CUT_MIN_CHARS non-blank characters: d cut short (a model that stopped mid-line). */
static int cut_of(const sm_line *d, const sm_line *f)
{
	size_t di, fi, dn = d->n;

	if (d->blank || f->blank || sm_line_solid_chars(d, SM_CUT_MIN_CHARS) < SM_CUT_MIN_CHARS)
		return 0;
	while (dn && (d->p[dn - 1] == ' ' || d->p[dn - 1] == '\t' || d->p[dn - 1] == '\r'))
		dn--;
	di = sm_text_indent_len(d->p, dn);
	fi = sm_text_indent_len(f->p, f->n);
	return dn - di < f->n - fi && !memcmp(d->p + di, f->p + fi, dn - di);
}

/* 1 when file line f is deleted line d still standing: its text (indentation aside), one typo
 * from it, or d cut short (its text, trailing blanks aside, begins f's and stands nowhere in
 * the file: a model that stopped mid-line). */
static int stands_for_deleted(const sm_image *im, const sm_line *f, const sm_line *d)
{
	size_t fi, di;

	if (f->blank || d->blank)
		return 0;
	if (f->h_indent == d->h_indent)
		return 1;
	fi = sm_text_indent_len(f->p, f->n);
	di = sm_text_indent_len(d->p, d->n);
	if (sm_one_typo(f->p + fi, f->n - fi, d->p + di, d->n - di))
		return 1;
	return cut_of(d, f) && !sm_image_has(im, d->h_indent, 0, im->n);
}

/* 1 when line l is file line f cut short in the middle of a word: f starts with it (trailing
 * blanks aside), the last byte kept and the next one both of a word, and l keeps
 * SM_CUT_MIN_CHARS non-blank characters. A line written whole ends at a word's end or with a
 * bracket or a semicolon; one that stops inside a word is a model that stopped mid-line. */
static int cut_mid_word(const sm_line *l, const sm_line *f)
{
	size_t n = l->n;
	unsigned char a, b;

	while (n && (l->p[n - 1] == ' ' || l->p[n - 1] == '\t' || l->p[n - 1] == '\r'))
		n--;
	if (!n || n >= f->n || memcmp(l->p, f->p, n) != 0 ||
	    sm_line_solid_chars(l, SM_CUT_MIN_CHARS) < SM_CUT_MIN_CHARS)
		return 0;
	a = (unsigned char)f->p[n - 1];
	b = (unsigned char)f->p[n];
	return (isalnum(a) || a == '_') && (isalnum(b) || b == '_');
}

/* The old side's nearest line of substance before (dir -1) or after (dir 1) old line i, past
 * blank lines; SM_NOLINE when none or an elision (which may stand for anything). */
static size_t old_solid_beside(const sm_medit *me, size_t i, int dir)
{
	while (dir < 0 ? i > 0 : i + 1 < me->nold) {
		const sm_mline *ml;
		i = dir < 0 ? i - 1 : i + 1;
		ml = &me->seq[me->old[i]];
		if (ml->elide)
			return SM_NOLINE;
		if (!ml->l.blank)
			return i;
	}
	return SM_NOLINE;
}

/* 1 when the first file line of substance past file line f (dir -1 above, 1 below; blank
 * lines skipped, SM_EDGE_LOOK at most) is line l, indentation aside. */
static int solid_past_is(const sm_image *im, size_t f, int dir, const sm_line *l)
{
	size_t k;

	for (k = 0; k <= SM_EDGE_LOOK; k++) {
		if (dir < 0 ? f < k + 1 : f + k + 1 >= im->n)
			return 0;
		const sm_line *g = sm_ln(im, dir < 0 ? f - k - 1 : f + k + 1);
		if (!g->blank)
			return g->h_indent == l->h_indent;
	}
	return 0;
}

/* 1 when old line i, cut short of file line f at any point (cut_of), has f standing outside
 * place c between the old side's lines of substance around i, as the old side has them: the
 * reply reads there whole, that line cut by a model that stopped at a word's end, as well as at
 * c with a new line written; a prefix that short starts other lines by chance only where its
 * neighbours do not stand around them too. */
static int cut_between_neighbours(const sm_image *im, const sm_medit *me, const sm_cand *c,
                                  size_t i, size_t f)
{
	size_t prev = old_solid_beside(me, i, -1), next = old_solid_beside(me, i, 1);

	if (prev == SM_NOLINE || next == SM_NOLINE || (f >= c->start && f < c->end))
		return 0;
	return cut_of(&me->seq[me->old[i]].l, sm_ln(im, f)) &&
	       solid_past_is(im, f, -1, &me->seq[me->old[prev]].l) &&
	       solid_past_is(im, f, 1, &me->seq[me->old[next]].l);
}

size_t sm_plan_cut_taken_for_new(const sm_image *im, const sm_medit *me, const sm_cand *c,
				 sm_budget *budget, size_t *k)
{
	size_t i, f;

	for (i = 0; i < me->nold; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->elide || ml->l.blank || (c->lo[i] != SM_NOLINE && c->hi[i] > c->lo[i]))
			continue;
		if (sm_budget_charge(budget, sm_work_pass(0, im->n)))
			return SM_NOLINE;
		for (f = 0; f < im->n; f++)
			if (cut_mid_word(&ml->l, sm_ln(im, f)) ||
			    cut_between_neighbours(im, me, c, i, f)) {
				*k = me->old[i];
				return f;
			}
	}
	return SM_NOLINE;
}

/* 1 when deleted line seq[j] is one its change run (the lines between two context lines) adds
 * back but for trailing blanks, found within SM_EDGE_LOOK_RUN lines of it: a line the diff,
 * comparing exactly, took for deleted and written again (the new side keeps it). */
static int added_back(const sm_medit *me, size_t j)
{
	uint64_t h = sm_line_h(&me->seq[j].l, SM_LVL_RSTRIP);
	size_t k;

	for (k = j; k-- > 0 && j - k <= SM_EDGE_LOOK_RUN && me->seq[k].kind != SM_HL_CTX;)
		if (me->seq[k].kind == SM_HL_ADD && sm_line_h(&me->seq[k].l, SM_LVL_RSTRIP) == h)
			return 1;
	for (k = j + 1; k < me->nseq && k - j <= SM_EDGE_LOOK_RUN && me->seq[k].kind != SM_HL_CTX;
	     k++)
		if (me->seq[k].kind == SM_HL_ADD && sm_line_h(&me->seq[k].l, SM_LVL_RSTRIP) == h)
			return 1;
	return 0;
}

int sm_plan_deleted_beside(const sm_image *im, const sm_medit *me, size_t at, size_t *line,
			   size_t *k)
{
	size_t j, f, i, nb, ns, nnew = 0, first = SM_NOLINE, last = SM_NOLINE;

	for (j = 0; j < me->nseq; j++) {
		if (me->seq[j].elide)
			return 0; /* the new side's extent is not its count of lines */
		nnew += sm_mline_is_new(&me->seq[j]);
		if (me->seq[j].kind == SM_HL_CTX || me->seq[j].keep) {
			if (first == SM_NOLINE)
				first = j;
			last = j;
		}
	}
	if (first == SM_NOLINE)
		return 0; /* no context line: nothing says where its deleted lines stood */
	/* above the new side: the last line of substance the run before the first context
	   line deletes; below it, the first the run after the last one deletes. A blank line
	   it deletes says nothing (the new side's blank lines may be it), and the line stands
	   past as many blank file lines at most; nor does one it adds back (the new side
	   keeps it). Up to SM_EDGE_LOOK_RUN such lines passed over */
	for (j = first, nb = 0, ns = 0; j-- > 0 && ns <= SM_EDGE_LOOK_RUN;)
		if (me->seq[j].kind == SM_HL_DEL) {
			if (me->seq[j].l.blank || added_back(me, j)) {
				nb += me->seq[j].l.blank;
				ns++;
				continue;
			}
			for (f = at, i = 0; f > 0 && i <= nb; f--, i++) {
				if (stands_for_deleted(im, sm_ln(im, f - 1), &me->seq[j].l)) {
					*line = f - 1;
					*k = j;
					return 1;
				}
				if (!sm_ln(im, f - 1)->blank)
					break;
			}
			break;
		}
	for (j = last + 1, nb = 0, ns = 0; j < me->nseq && ns <= SM_EDGE_LOOK_RUN; j++)
		if (me->seq[j].kind == SM_HL_DEL) {
			if (me->seq[j].l.blank || added_back(me, j)) {
				nb += me->seq[j].l.blank;
				ns++;
				continue;
			}
			for (f = at + nnew, i = 0; f < im->n && i <= nb; f++, i++) {
				if (stands_for_deleted(im, sm_ln(im, f), &me->seq[j].l)) {
					*line = f;
					*k = j;
					return 1;
				}
				if (!sm_ln(im, f)->blank)
					break;
			}
			break;
		}
	return 0;
}

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
		                cut_of(&ml->l, sm_ln(im, f)) &&
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
				for (f = 0; f < im->n && !cut_of(&ml->l, sm_ln(im, f)); f++)
					;
				if (f < im->n)
					continue;
				nwild++;
				w = me->old[i];
				continue;
			}
		}
		solid += sm_line_solid_chars(&ml->l, SM_ALREADY_MIN_CHARS) >= SM_ALREADY_MIN_CHARS;
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
		solid += me->seq[k].kind != SM_HL_ADD &&
		         sm_line_solid_chars(&me->seq[k].l, SM_ALREADY_MIN_CHARS) >=
		             SM_ALREADY_MIN_CHARS;
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

/* 1 when file line f is seq line k byte for byte (a change of whitespace or typography only is
 * no evidence that it was made). */
static int same_exact(const sm_image *im, size_t f, const sm_mline *ml)
{
	const sm_line *a = sm_ln(im, f);

	if (a->blank || ml->l.blank)
		return a->blank && ml->l.blank;
	return sm_line_h(a, SM_LVL_EXACT) == sm_line_h(&ml->l, SM_LVL_EXACT);
}

size_t sm_plan_copy_apart(const sm_medit *me, const sm_cand *c)
{
	size_t k, oi, prev_oi = SM_NOLINE;

	for (k = 0, oi = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		size_t n_oi;
		if (ml->kind == SM_HL_ADD) {
			prev_oi = SM_NOLINE;
			continue;
		}
		n_oi = oi++;
		if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank ||
		    c->lo[n_oi] == SM_NOLINE || c->hi[n_oi] <= c->lo[n_oi])
			goto next;
		/* the context line right above it in the reply, its copy, placed apart */
		if (prev_oi != SM_NOLINE && me->seq[k - 1].kind == SM_HL_CTX &&
		    !me->seq[k - 1].keep && same_bytes(me, k - 1, k) &&
		    c->lo[prev_oi] != SM_NOLINE && c->hi[prev_oi] > c->lo[prev_oi] &&
		    c->hi[prev_oi] != c->lo[n_oi])
			return c->lo[n_oi];
		/* ... or right below it */
		if (k + 1 < me->nseq && me->seq[k + 1].kind == SM_HL_CTX && !me->seq[k + 1].keep &&
		    same_bytes(me, k + 1, k) && c->lo[oi] != SM_NOLINE &&
		    c->hi[oi] > c->lo[oi] && c->lo[oi] != c->hi[n_oi])
			return c->lo[n_oi];
next:
		prev_oi = n_oi;
	}
	return SM_NOLINE;
}

/* 1 when line o is line f with two neighbouring characters swapped (indentation and trailing
 * blanks aside): a slip of copying, not a change (a change made on purpose adds, drops or
 * replaces characters: "*T" to "T", "x" to "xs", "0" to "1"). */
static int swapped_pair(const sm_line *o, const sm_line *f)
{
	size_t oi = sm_text_indent_len(o->p, o->n), fi = sm_text_indent_len(f->p, f->n);
	size_t on = o->n, fn = f->n, i = 0;

	while (on > oi && (o->p[on - 1] == ' ' || o->p[on - 1] == '\t' || o->p[on - 1] == '\r'))
		on--;
	while (fn > fi && (f->p[fn - 1] == ' ' || f->p[fn - 1] == '\t' || f->p[fn - 1] == '\r'))
		fn--;
	if (on - oi != fn - fi)
		return 0;
	while (oi + i < on && o->p[oi + i] == f->p[fi + i])
		i++;
	return oi + i + 1 < on && o->p[oi + i] == f->p[fi + i + 1] &&
	       o->p[oi + i + 1] == f->p[fi + i] && o->p[oi + i] != o->p[oi + i + 1] &&
	       !memcmp(o->p + oi + i + 2, f->p + fi + i + 2, on - oi - i - 2);
}

/* 1 when place c of me deletes file line f (a '-' line of me stands on it). */
static int place_deletes(const sm_medit *me, const sm_cand *c, size_t f)
{
	size_t k, oi = 0;

	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		size_t i;
		if (ml->kind == SM_HL_ADD)
			continue;
		i = oi++;
		if (ml->kind == SM_HL_DEL && !ml->keep && c->lo[i] != SM_NOLINE && c->lo[i] <= f &&
		    f < c->hi[i])
			return 1;
	}
	return 0;
}

size_t sm_plan_unmarked_swap(const sm_image *im, const sm_medit *me, const sm_cand *c,
			     size_t lo, size_t hi, sm_budget *budget)
{
	size_t k, oi = 0, f, best = SM_NOLINE;

	if (hi > im->n)
		hi = im->n;
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		size_t i;
		if (ml->kind == SM_HL_ADD)
			continue;
		i = oi++;
		if (ml->kind != SM_HL_CTX || ml->elide || ml->l.blank || c->lo[i] != SM_NOLINE ||
		    sm_line_solid_chars(&ml->l, SM_ALREADY_MIN_CHARS) < SM_ALREADY_MIN_CHARS)
			continue;
		/* a pass over the file, a line taken for an addition (SM_MAX_OLD_SKIPS at most) */
		if (sm_budget_charge(budget, sm_work_pass(lo, hi)))
			return SM_NOLINE; /* cut short: nothing said */
		for (f = lo; f < hi; f++)
			if (swapped_pair(&ml->l, sm_ln(im, f)) && !place_deletes(me, c, f) &&
			    (best == SM_NOLINE ||
			     (f > c->start ? f - c->start : c->start - f) <
				 (best > c->start ? best - c->start : c->start - best)))
				best = f;
	}
	return best;
}

int sm_plan_blank_moved_done(const sm_image *im, const sm_medit *me, const sm_cand *c,
			     size_t *end)
{
	size_t k, oi, f = c->start;
	int let_go = 0, anchored = 0, changed = 0;

	if (c->shifted)
		return 0; /* additions are re-indented there: not compared byte for byte */
	for (k = 0, oi = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml->elide)
			return 0; /* its lines stand for any: no walk line by line */
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (ml->kind == SM_HL_DEL && !ml->keep) {
			/* deleted: it must stand past the new side, which is the file's now */
			changed = 1;
			continue;
		}
		if (ml->kind == SM_HL_ADD) {
			changed = 1;
			if (f >= im->n || !same_exact(im, f, ml))
				return 0;
			f++;
		} else if (lo == SM_NOLINE || hi <= lo) {
			/* a context line the place let go: a blank one, standing here all the same */
			if (!ml->l.blank || f >= im->n || !sm_ln(im, f)->blank)
				return 0;
			let_go = 1;
			f++;
		} else {
			if (lo != f)
				return 0;
			anchored |= !ml->l.blank;
			f = hi;
		}
	}
	if (!let_go || !anchored || !changed)
		return 0;
	for (k = 0, oi = 0; k < me->nseq; k++) {
		if (me->seq[k].kind == SM_HL_ADD)
			continue;
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep && c->lo[oi] != SM_NOLINE &&
		    c->hi[oi] > c->lo[oi] && c->lo[oi] < f)
			return 0;
		oi++;
	}
	*end = f;
	return 1;
}

/*
 * One segment of a place (the edit's lines seq[k0..k1) between two context lines, the file
 * lines [f0, f1) between the lines those stand on): 1 when it is done already. Its additions
 * stand, in order and together, among those file lines; no other of those lines is a deleted
 * line (by text, or because a deletion stands on it). *ev is set when the additions standing
 * hold a line of substance.
 */
static int segment_done(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t k0,
			size_t k1, size_t oi0, size_t f0, size_t f1, int moved, int *ev)
{
	size_t k, f, oi, na = 0, nd = 0, run = SM_NOLINE;

	for (k = k0; k < k1; k++) {
		na += me->seq[k].kind == SM_HL_ADD;
		nd += me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep;
	}
	if (!na || f1 - f0 < na || (f1 - f0) * (na + nd) > SM_SKIPPED_DONE_MAX_CMP)
		return 0;
	for (f = f0; f + na <= f1 && run == SM_NOLINE; f++) {
		size_t g = f;
		for (k = k0; k < k1; k++) {
			if (me->seq[k].kind != SM_HL_ADD)
				continue;
			if (!same_exact(im, g, &me->seq[k]))
				break;
			g++;
		}
		if (k == k1)
			run = f;
	}
	if (run == SM_NOLINE)
		return 0;
	/* the lines around the run: none a deleted line, none a deletion stands on */
	for (f = f0; f < f1; f++) {
		if (f >= run && f < run + na)
			continue;
		for (k = k0; k < k1; k++)
			if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep &&
			    same_exact(im, f, &me->seq[k]))
				return 0;
	}
	for (k = k0, oi = oi0; k < k1; k++) {
		if (me->seq[k].kind == SM_HL_ADD)
			continue;
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep && c->lo[oi] != SM_NOLINE &&
		    c->hi[oi] > c->lo[oi] && (c->lo[oi] < run || c->hi[oi] > run + na))
			return 0;
		oi++;
	}
	/* (a line the edit moves, its text deleted too, stands in the file before the edit as
	   after it: evidence only with `moved`) */
	for (k = k0; k < k1; k++)
		if (me->seq[k].kind == SM_HL_ADD &&
		    sm_line_solid_chars(&me->seq[k].l, SM_ALREADY_MIN_CHARS) >=
		        SM_ALREADY_MIN_CHARS &&
		    (moved || !typo_of_deleted(me, &me->seq[k].l)))
			*ev = 1;
	return 1;
}

static int skipped_done(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at,
			int moved)
{
	size_t k, k0 = 0, oi = 0, oi0 = 0, f0 = c->start, changed = 0, done = 0;
	int ev = 0, any_ev = 0;

	if (c->shifted)
		return 0; /* additions are re-indented there: not compared byte for byte */
	*at = SM_NOLINE;
	for (k = 0; k <= me->nseq; k++) {
		const sm_mline *ml = k < me->nseq ? &me->seq[k] : NULL;
		size_t f1;
		int anchor = ml && (ml->kind == SM_HL_CTX || ml->keep);

		if (ml && !anchor) {
			oi += ml->kind != SM_HL_ADD;
			continue;
		}
		if (ml && (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])) {
			oi++; /* a context line let go (a blank one): no bound */
			continue;
		}
		f1 = ml ? c->lo[oi] : c->end;
		if (f1 < f0)
			return 0;
		if (k > k0) {
			size_t j;
			int seg_changed = 0;
			for (j = k0; j < k; j++)
				seg_changed |= me->seq[j].kind != SM_HL_CTX && !me->seq[j].keep;
			if (seg_changed) {
				changed++;
				ev = 0;
				if (segment_done(im, me, c, k0, k, oi0, f0, f1, moved, &ev)) {
					done++;
					if (ev && *at == SM_NOLINE)
						*at = f0;
					any_ev |= ev;
				}
			}
		}
		if (!ml)
			break;
		f0 = c->hi[oi];
		oi++;
		k0 = k + 1;
		oi0 = oi;
	}
	if (!done || !any_ev)
		return 0;
	return done == changed ? 1 : 2;
}

int sm_plan_skipped_done(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	return skipped_done(im, me, c, at, 1);
}

int sm_plan_done_by_moved_only(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t at;

	return skipped_done(im, me, c, &at, 1) == 1 && skipped_done(im, me, c, &at, 0) != 1;
}

/* 1 when the added line k is a line the edit deletes too, but for one typo at most and its
 * indentation (a line moved, its old copy maybe miscopied; typo_of_deleted takes the same text
 * as well): it stands in the file before the edit as after it, and a copy of it is no sign of
 * either. */
static int moved_line(const sm_medit *me, size_t k)
{
	return typo_of_deleted(me, &me->seq[k].l);
}

/* 1 when added line k is the text of a line the edit deletes at another depth, and of none at
 * its own (a loop unwrapped, its body kept): a file line holding it byte for byte at its own
 * depth is the line as the edit writes it, not as the file held it before. */
static int reindented_only(const sm_medit *me, size_t k)
{
	size_t j, moved = 0;

	for (j = 0; j < me->nseq; j++) {
		if (me->seq[j].kind != SM_HL_DEL)
			continue;
		if (same_bytes(me, j, k))
			return 0;
		moved |= sm_line_h(&me->seq[j].l, SM_LVL_INDENT) ==
		         sm_line_h(&me->seq[k].l, SM_LVL_INDENT);
	}
	return moved != 0;
}

int sm_plan_passes_added(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	size_t k, f, oi = 0, nadd = 0, next = c->start, prev = SM_NOLINE;
	int beside_del;

	if (c->shifted || c->end <= c->start)
		return 0; /* additions are re-indented there: not compared byte for byte */
	for (k = 0; k < me->nseq; k++)
		nadd += me->seq[k].kind == SM_HL_ADD;
	if (!nadd || (c->end - c->start) * nadd > SM_SKIPPED_DONE_MAX_CMP)
		return 0;
	/* the old lines stand on increasing file lines: the lines between them are let go */
	for (k = 0; k <= me->nseq; k++) {
		size_t to = c->end;
		if (k < me->nseq) {
			if (me->seq[k].kind == SM_HL_ADD)
				continue;
			if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi]) {
				oi++;
				continue;
			}
			to = c->lo[oi];
		}
		/* a stretch let go right beside a deleted line, by a tier that lets go of lines
		   it does not read (not the merged-hunk tier's stretch between its halves, where a
		   common line stands at any depth by chance) */
		beside_del = c->tier != SM_TIER_PIECES && c->tier != SM_TIER_PIECES_BLANK &&
		             ((prev != SM_NOLINE && me->seq[prev].kind == SM_HL_DEL) ||
		              (k < me->nseq && me->seq[k].kind == SM_HL_DEL));
		for (f = next; f < to && f < im->n; f++) {
			size_t j;
			if (sm_ln(im, f)->blank)
				continue;
			for (j = 0; j < me->nseq; j++)
				if (me->seq[j].kind == SM_HL_ADD &&
				    sm_line_solid_chars(&me->seq[j].l, SM_ALREADY_MIN_CHARS) >=
				        SM_ALREADY_MIN_CHARS &&
				    same_exact(im, f, &me->seq[j]) &&
				    (!moved_line(me, j) ||
				     (beside_del && reindented_only(me, j)))) {
					*at = f;
					return 1;
				}
		}
		if (k == me->nseq)
			break;
		if (c->hi[oi] > next)
			next = c->hi[oi];
		prev = k;
		oi++;
	}
	return 0;
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

int sm_plan_deleted_gone(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
			 size_t hi, sm_budget *budget, size_t *at, size_t *del_at, int *err)
{
	size_t k, oi, solid, nadd, dels = 0;

	*err = 0;
	if (c->tier != SM_TIER_REPAIR && c->tier != SM_TIER_FUZZY)
		return 0;
	count_new(me, &solid, &nadd);
	if (solid < SM_RIVAL_NEW_MIN_SOLID)
		return 0;
	for (k = 0, oi = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		if (ml->kind == SM_HL_ADD) {
			if (!ml->l.blank)
				return 0; /* an added line: the rival checks judge its new side */
			continue;
		}
		oi++;
		if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank)
			continue;
		/* a deleted line the file holds as written (indentation aside), here or anywhere:
		   the text to delete is there */
		if (c->lo[oi - 1] == SM_NOLINE || c->hi[oi - 1] <= c->lo[oi - 1] ||
		    sm_image_has(im, ml->l.h_indent, 0, im->n))
			return 0;
		/* ... or one typo from the line it is placed on: a line that near at the place is
		   that line miscopied, not a neighbour of lines deleted already */
		{
			const sm_line *f = sm_ln(im, c->lo[oi - 1]);
			size_t a = sm_text_indent_len(ml->l.p, ml->l.n), b = sm_text_indent_len(f->p, f->n);
			if (sm_one_typo(ml->l.p + a, ml->l.n - a, f->p + b, f->n - b))
				return 0;
		}
		if (!dels++)
			*del_at = c->lo[oi - 1];
	}
	sm_budget_charge(budget, sm_work_pass(0, im->n));
	return dels && sm_new_side_once(im, me, lo, hi, budget, SM_POLICY_RIVAL, at, NULL, err);
}

/* 1 when file line f is line l as written, indentation aside (a blank line for a blank one). */
static int stands_as(const sm_image *im, size_t f, const sm_line *l)
{
	const sm_line *x = sm_ln(im, f);

	return l->blank ? x->blank : !x->blank && x->h_indent == l->h_indent;
}

/* 1 when the pair at file lines j, j + 1 stands right beside the run the place deletes
 * ([d0, d1)), only blank lines between: the pair is the place's own lines with a blank line the
 * old side left out (a blank line let go), not the deletion made (SM_NOLINE: not placed). */
static int blank_gap_only(const sm_image *im, size_t j, size_t d0, size_t d1)
{
	size_t g;

	if (d0 != SM_NOLINE && j + 1 < d0) {
		for (g = j + 1; g < d0; g++)
			if (!sm_ln(im, g)->blank)
				return 0;
		return 1;
	}
	if (d1 != SM_NOLINE && d1 <= j) {
		for (g = d1; g <= j; g++)
			if (!sm_ln(im, g)->blank)
				return 0;
		return 1;
	}
	return 0;
}

int sm_plan_deletion_closed_up(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
                               size_t hi, sm_budget *budget, size_t *at)
{
	size_t k, z, j, first = SM_NOLINE;
	int runs = 0;

	if ((c->tier != SM_TIER_PIECES && c->tier != SM_TIER_REPAIR && c->tier != SM_TIER_FUZZY) ||
	    !c->lo)
		return 0;
	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_ADD || me->seq[k].keep || me->seq[k].elide)
			return 0; /* an added line: the rival checks judge its new side */
	/* a copy of a neighbour deleted: the file held the pair together before the edit too */
	if (sm_plan_deletes_copy_of_neighbour(me))
		return 0;
	if (hi > im->n)
		hi = im->n;
	for (k = 0; k < me->nseq; k = z) {
		const sm_line *a, *b;
		size_t d0, d1;
		int found = 0, solid_del = 0;
		if (me->seq[k].kind == SM_HL_CTX) {
			z = k + 1;
			continue;
		}
		for (z = k; z < me->nseq && me->seq[z].kind != SM_HL_CTX; z++)
			solid_del |= !me->seq[z].l.blank;
		/* blank lines deleted only: a blank line moved or taken out, as likely anywhere */
		if (!solid_del)
			return 0;
		/* a run at an edge of the edit closes up nothing the reply shows */
		if (!k || z == me->nseq)
			return 0;
		a = &me->seq[k - 1].l;
		b = &me->seq[z].l;
		/* two blank lines, or a short one beside a blank one, stand together anywhere */
		if (sm_line_solid_chars(a, SM_ALREADY_MIN_CHARS) < SM_ALREADY_MIN_CHARS &&
		    sm_line_solid_chars(b, SM_ALREADY_MIN_CHARS) < SM_ALREADY_MIN_CHARS)
			return 0;
		d0 = c->lo[k];
		d1 = c->hi[z - 1];
		sm_budget_charge(budget, sm_work_pass(lo, hi));
		for (j = lo; j + 1 < hi && !found; j++)
			if (stands_as(im, j, a) && stands_as(im, j + 1, b) &&
			    !place_deletes(me, c, j) && !place_deletes(me, c, j + 1) &&
			    !blank_gap_only(im, j, d0, d1)) {
				found = 1;
				if (first == SM_NOLINE)
					first = a->blank ? j + 1 : j;
			}
		if (!found)
			return 0;
		runs++;
	}
	if (!runs)
		return 0;
	*at = first;
	return 1;
}
