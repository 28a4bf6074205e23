/*
 * The lines an edit deletes, judged in the file where it would apply: still standing (as
 * written, one typo off, or cut short), standing beside the place, gone, or closed up around
 * the place. A deleted line standing proves the edit unmade; one gone or closed up may be the
 * edit made, or a reply that never saw those lines: each rule says which evidence tells.
 */
#include "plan_already_impl.h"
#include "plan_new_side.h"
#include "../match/prep.h"
#include "../match/image_work.h"
#include "../../util/text.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* 1 when line d, its indentation and trailing blanks aside, begins file line f and is shorter,
 * keeping SM_CUT_MIN_CHARS non-blank characters: d cut short (a model that stopped mid-line). */
int sm_plan_cut_of(const sm_line *d, const sm_line *f)
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
	return sm_plan_cut_of(d, f) && !sm_image_has(im, d->h_indent, 0, im->n);
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
	return sm_plan_cut_of(&me->seq[me->old[i]].l, sm_ln(im, f)) &&
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

/* 1 when deleted line d stands nowhere in the file, indentation aside: a line the model made
 * up, which stood on no file line and so puts none between the new side and the deleted lines
 * past it (which, standing right beside the new side, say it is not made all the same). */
static int made_up(const sm_image *im, const sm_line *d)
{
	return !sm_image_has(im, d->h_indent, 0, im->n);
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
	   keeps it), nor one standing nowhere in the file (made_up). Up to SM_EDGE_LOOK_RUN such
	   lines passed over */
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
			if (made_up(im, &me->seq[j].l)) {
				ns++;
				continue;
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
			if (made_up(im, &me->seq[j].l)) {
				ns++;
				continue;
			}
			break;
		}
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
		if (!sm_already_solid(a) && !sm_already_solid(b))
			return 0;
		d0 = c->lo[k];
		d1 = c->hi[z - 1];
		sm_budget_charge(budget, sm_work_pass(lo, hi));
		for (j = lo; j + 1 < hi && !found; j++)
			if (stands_as(im, j, a) && stands_as(im, j + 1, b) &&
			    !sm_plan_place_deletes(me, c, j) &&
			    !sm_plan_place_deletes(me, c, j + 1) &&
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
