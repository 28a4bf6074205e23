/*
 * A place whose edit is done already though the place passes lines over: its additions stand,
 * in order, among the lines it skips or moves, a blank line moved, a pair swapped unmarked, a
 * copy apart. The reply sent again must change nothing; these rules tell it from a reply that
 * has yet to be made, where a line passed over would otherwise be lost.
 */
#include "plan_already_impl.h"
#include "../match/image_work.h"
#include "../../util/text.h"

#include <stdint.h>
#include <string.h>

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
int sm_plan_place_deletes(const sm_medit *me, const sm_cand *c, size_t f)
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
		    !sm_already_solid(&ml->l))
			continue;
		/* a pass over the file, a line taken for an addition (SM_MAX_OLD_SKIPS at most) */
		if (sm_budget_charge(budget, sm_work_pass(lo, hi)))
			return SM_NOLINE; /* cut short: nothing said */
		for (f = lo; f < hi; f++)
			if (swapped_pair(&ml->l, sm_ln(im, f)) &&
			    !sm_plan_place_deletes(me, c, f) &&
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
		if (me->seq[k].kind == SM_HL_ADD && sm_already_solid(&me->seq[k].l) &&
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

/* A walk over the stretches of file lines a place lets go between its old lines (they stand on
 * increasing file lines), in order: the lines from next to the file line of old line oi, seq
 * line k (the last stretch, k == me->nseq: to the place's end); prev, the seq line before the
 * stretch (SM_NOLINE before the first). */
typedef struct let_go {
	size_t k, oi, next, prev;
	int started;
} let_go;

/* The walk's next stretch, [w->next, *to); 0 past the last. */
static int next_let_go(const sm_medit *me, const sm_cand *c, let_go *w, size_t *to)
{
	if (w->started) {
		if (w->k >= me->nseq)
			return 0;
		if (c->hi[w->oi] > w->next)
			w->next = c->hi[w->oi];
		w->prev = w->k++;
		w->oi++;
	}
	w->started = 1;
	for (; w->k < me->nseq; w->k++) {
		if (me->seq[w->k].kind == SM_HL_ADD)
			continue;
		if (c->lo[w->oi] != SM_NOLINE && c->hi[w->oi] > c->lo[w->oi]) {
			*to = c->lo[w->oi];
			return 1;
		}
		w->oi++;
	}
	*to = c->end;
	return 1;
}

int sm_plan_passes_added(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	size_t k, f, to, nadd = 0;
	let_go w = {0, 0, c->start, SM_NOLINE, 0};
	int beside_del;

	if (c->shifted || c->end <= c->start)
		return 0; /* additions are re-indented there: not compared byte for byte */
	for (k = 0; k < me->nseq; k++)
		nadd += me->seq[k].kind == SM_HL_ADD;
	if (!nadd || (c->end - c->start) * nadd > SM_SKIPPED_DONE_MAX_CMP)
		return 0;
	/* the old lines stand on increasing file lines: the lines between them are let go */
	while (next_let_go(me, c, &w, &to)) {
		/* a stretch let go right beside a deleted line, by a tier that lets go of lines
		   it does not read (not the merged-hunk tier's stretch between its halves, where a
		   common line stands at any depth by chance) */
		beside_del = c->tier != SM_TIER_PIECES && c->tier != SM_TIER_PIECES_BLANK &&
		             ((w.prev != SM_NOLINE && me->seq[w.prev].kind == SM_HL_DEL) ||
		              (w.k < me->nseq && me->seq[w.k].kind == SM_HL_DEL));
		for (f = w.next; f < to && f < im->n; f++) {
			size_t j;
			if (sm_ln(im, f)->blank)
				continue;
			for (j = 0; j < me->nseq; j++)
				if (me->seq[j].kind == SM_HL_ADD &&
				    sm_already_solid(&me->seq[j].l) &&
				    same_exact(im, f, &me->seq[j]) &&
				    (!moved_line(me, j) ||
				     (beside_del && reindented_only(me, j)))) {
					*at = f;
					return 1;
				}
		}
	}
	return 0;
}

int sm_plan_new_side_in_place(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	size_t k, f, g, nnew = 0, solid = 0, adds = 0;

	if ((c->tier != SM_TIER_REPAIR && c->tier != SM_TIER_FUZZY) || c->shifted ||
	    c->end <= c->start)
		return 0;
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		if (ml->elide)
			return 0; /* its lines stand for any: no walk line by line */
		if (sm_mline_is_new(ml)) {
			nnew++;
			solid += sm_already_solid(&ml->l);
		}
		adds += ml->kind == SM_HL_ADD && !ml->keep && !ml->l.blank;
	}
	/* (an edit that only deletes has for new side its context closed up, judged by the
	   rules for deletions made already: sm_plan_deletion_closed_up and its kin) */
	if (nnew < 2 || !solid || !adds || c->end - c->start < nnew)
		return 0;
	if ((c->end - c->start) * nnew > SM_SKIPPED_DONE_MAX_CMP)
		return 0;
	for (f = c->start; f + nnew <= c->end && f + nnew <= im->n; f++) {
		for (k = 0, g = f; k < me->nseq; k++) {
			if (!sm_mline_is_new(&me->seq[k]))
				continue;
			if (!same_exact(im, g, &me->seq[k]))
				break;
			g++;
		}
		if (k == me->nseq) {
			*at = f;
			return 1;
		}
	}
	return 0;
}

int sm_plan_passes_all_added(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at)
{
	size_t k, f, j, to, nadd = 0, want = 0, first = SM_NOLINE;
	let_go w = {0, 0, c->start, SM_NOLINE, 0};
	int other = 0;
	unsigned char seen[64];

	if (c->shifted || c->end <= c->start || me->nseq > sizeof seen)
		return 0; /* additions are re-indented there: not compared byte for byte */
	memset(seen, 0, sizeof seen);
	for (k = 0; k < me->nseq; k++) {
		nadd += me->seq[k].kind == SM_HL_ADD;
		want += me->seq[k].kind == SM_HL_ADD && !moved_line(me, k) &&
		        sm_already_solid(&me->seq[k].l);
	}
	/* (one line given back is the SEARCH's usual slip, a line left out and written back
	   whole; SM_RIVAL_NEW_MIN_SOLID of them, every one it adds, is the block made) */
	if (want < SM_RIVAL_NEW_MIN_SOLID || (c->end - c->start) * nadd > SM_SKIPPED_DONE_MAX_CMP)
		return 0;
	while (next_let_go(me, c, &w, &to)) {
		for (f = w.next; f < to && f < im->n; f++) {
			int hit = 0;
			if (sm_ln(im, f)->blank)
				continue;
			for (j = 0; j < me->nseq; j++)
				if (me->seq[j].kind == SM_HL_ADD &&
				    same_exact(im, f, &me->seq[j])) {
					hit = 1;
					if (!seen[j] && !moved_line(me, j) &&
					    sm_already_solid(&me->seq[j].l)) {
						seen[j] = 1;
						want--;
						if (first == SM_NOLINE)
							first = f;
					}
					break;
				}
			other |= !hit;
		}
	}
	if (want || !other)
		return 0;
	*at = first;
	return 1;
}
