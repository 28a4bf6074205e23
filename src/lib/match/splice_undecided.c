/*
 * Places where the reply does not say where its lines go or which file line it means: a line
 * beside an edge or inside the region that the new lines could go before or after, or that a
 * copy on the new side could stand for. The callers refuse such an edit rather than guess.
 */
#include "splice_undecided.h"
#include "splice_edge.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/*
 * An edge of the region where the edit only adds lines and its old side then ends (starts) with
 * blank lines the match let go of: the reply puts its new lines next to a blank line, and the
 * file has a line of substance there instead, with a blank line just past it. The lines go
 * right after the anchor (as the match put them) or after that line, before its blank line;
 * the reply does not say which. The line, or SM_NOLINE. dir: +1 the bottom edge, -1 the top.
 */
static size_t edge_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c, int dir)
{
	size_t k = 0, oi, seen = 0, n = e->nseq, f, i;
	int adds = 0, gone = 0;

	if (!e->nold)
		return SM_NOLINE;
	/* walk from the edge inward to the first line that stands on the file */
	for (i = 0; i < n; i++) {
		k = dir > 0 ? n - 1 - i : i;
		if (e->seq[k].kind == SM_HL_ADD) {
			adds |= !e->seq[k].l.blank;
			continue;
		}
		oi = dir > 0 ? e->nold - 1 - seen : seen;
		seen++;
		if (c->lo[oi] != SM_NOLINE && c->lo[oi] == c->hi[oi] && e->seq[k].l.blank) {
			/* a blank line on the far side of the additions; one on their near side
			   too (the additions between two blank lines the match let go of) leaves
			   them as little placed */
			if (adds && !gone)
				return SM_NOLINE;
			gone = 1;
			continue;
		}
		break;
	}
	if (!gone || !adds || i == n || !(e->seq[k].kind == SM_HL_CTX || e->seq[k].keep))
		return SM_NOLINE;
	/* the file line just past the edge, and a blank line right beyond it */
	if (dir > 0 ? c->end >= im->n : c->start == 0)
		return SM_NOLINE;
	f = dir > 0 ? c->end : c->start - 1;
	if (sm_ln(im, f)->blank || is_addition(e, 0, n, sm_ln(im, f)))
		return SM_NOLINE;
	for (i = 1; i <= SM_SLIDE_MAX_LINES; i++) {
		size_t g;
		if (dir > 0 ? f + i >= im->n : f < i)
			return SM_NOLINE;
		g = dir > 0 ? f + i : f - i;
		if (sm_ln(im, g)->blank)
			return f;
	}
	return SM_NOLINE;
}

/* 1 when every file line of [a, z) is a line the new side of `adds` keeps (a context or kept
 * line, as written but for trailing blanks, or, a line of e itself, as the splice writes it at
 * c: a re-indented block's line shifted): read as left out of the old side, those lines
 * are what the new side's copies stand for, and a splice that leaves them beyond the edge
 * writes them beside those copies (the new side's copy of a line paired, by the sides' diff,
 * with another old line of that text that the edit in fact deletes). */
static int all_kept_on_new_side(const sm_image *im, const sm_medit *adds, const sm_medit *e,
                                const sm_cand *c, size_t a, size_t z)
{
	size_t f, k;

	for (f = a; f < z; f++) {
		const sm_line *l = sm_ln(im, f);
		for (k = 0; k < adds->nseq; k++)
			if (adds->seq[k].kind != SM_HL_ADD && sm_mline_is_new(&adds->seq[k]) &&
			    (sm_line_h(&adds->seq[k].l, SM_LVL_RSTRIP) ==
			         sm_line_h(l, SM_LVL_RSTRIP) ||
			     /* as the splice writes it, the block re-indented (e's own lines) */
			     (adds == e && sm_same_line(im, e, c, f, k))))
				break;
		if (k == adds->nseq)
			return 0;
	}
	return a < z;
}

size_t sm_splice_left_out_added(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                const sm_medit *adds)
{
	size_t i, p, q, f, g, k, a, z, ws, we;
	int top, dropped;

	if (!e->nold)
		return SM_NOLINE;
	for (p = 0; p < e->nold && e->seq[e->old[p]].l.blank; p++)
		;
	if (p == e->nold)
		return SM_NOLINE;
	for (q = e->nold - 1; e->seq[e->old[q]].l.blank; q--)
		;
	for (top = 1; top >= 0; top--) {
		dropped = 0;
		for (i = top ? 0 : q + 1; i < (top ? p : e->nold); i++)
			dropped |= c->lo[i] != SM_NOLINE && c->lo[i] == c->hi[i];
		if (!dropped)
			continue;
		/* the file lines past the edge, up to a blank line */
		if (top) {
			for (g = c->start, k = 0;
			     g > 0 && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g - 1)->blank; g--, k++)
				;
			if (g == 0 || g == c->start || k > SM_SLIDE_MAX_LINES)
				continue;
			a = g;
			z = c->start;
		} else {
			for (g = c->end, k = 0;
			     g < im->n && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g)->blank; g++, k++)
				;
			if (g == im->n || g == c->end || k > SM_SLIDE_MAX_LINES)
				continue;
			a = c->end;
			z = g;
		}
		for (f = a; f < z; f++) {
			/* (kept lines only where the sides' diff paired them: a hunk's context
			   lines are the model's own, each standing for the file line it is read on)
			 */
			if (!is_addition(adds, 0, adds->nseq, sm_ln(im, f)) &&
			    !(f == a && e->blocklike && all_kept_on_new_side(im, adds, e, c, a, z)))
				continue;
			/* the splice anchors the edge's blank lines around the left-out lines
			   (slide_edge) when the edit's own additions hold them, or absorbs the
			   lines the new side repeats at its edge in order (widen): written once */
			if (adds == e) {
				sm_splice_widen(im, e, c, &ws, &we);
				if (ws <= f && f < we)
					return SM_NOLINE;
			}
			return f;
		}
	}
	return SM_NOLINE;
}

/*
 * The other order at an edge: the edit adds lines beyond the run of blank lines its old side
 * starts (ends) with, and the match let go of one of those blank lines, while past the region
 * the file has lines of substance and then a blank line. The let-go blank line may as well be
 * that one, the lines between left out of the old side: the new lines go before them or after
 * them, and the reply does not say which. The file line next to the edge, or SM_NOLINE.
 * dir: +1 the bottom edge, -1 the top.
 */
static size_t edge_adds_beyond(const sm_image *im, const sm_medit *e, const sm_cand *c, int dir)
{
	size_t i, p, k, g, f, ws, we, n = e->nold;
	int adds = 0, gone = 0;

	if (!n)
		return SM_NOLINE;
	/* the additions at the very edge, before any old line */
	for (i = 0; i < e->nseq; i++) {
		k = dir > 0 ? e->nseq - 1 - i : i;
		if (e->seq[k].kind != SM_HL_ADD)
			break;
		adds |= !e->seq[k].l.blank;
	}
	if (!adds)
		return SM_NOLINE;
	/* then the edge run of blank old lines, one of them let go */
	for (p = 0; p < n; p++) {
		size_t oi = dir > 0 ? n - 1 - p : p;
		if (!e->seq[e->old[oi]].l.blank)
			break;
		gone |= c->lo[oi] != SM_NOLINE && c->lo[oi] == c->hi[oi];
	}
	if (!gone || p == n)
		return SM_NOLINE;
	/* past the edge: lines of substance, then a blank line */
	if (dir < 0) {
		for (g = c->start, k = 0;
		     g > 0 && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g - 1)->blank; g--, k++)
			;
		if (g == 0 || g == c->start || k > SM_SLIDE_MAX_LINES)
			return SM_NOLINE;
		f = c->start - 1;
	} else {
		for (g = c->end, k = 0;
		     g < im->n && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g)->blank; g++, k++)
			;
		if (g == im->n || g == c->end || k > SM_SLIDE_MAX_LINES)
			return SM_NOLINE;
		f = c->end;
	}
	/* the splice takes the blank lines around the left-out lines as the edge when the
	   additions give those lines back (slide_edge): decided */
	sm_splice_widen(im, e, c, &ws, &we);
	return ws <= f && f < we ? SM_NOLINE : f;
}

/*
 * The additions between anchors at file lines a and b = a + 1 that are copies of one line, in a run
 * of such copies: when the run, within the region, holds more lines than the edit's old lines stand
 * on, a copy was left out, and it may as well stand on the other side of the additions (C, +x, C
 * with C C C in the file: x after the first copy or after the second). The reply does not say; the
 * left-out copy, or SM_NOLINE. oa: the old line standing on a; *done: past the run's end (a run is
 * judged once).
 */
static size_t copies_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oa,
                               size_t a, size_t b, size_t *done)
{
	uint64_t h = sm_ln(im, a)->h_rstrip;
	size_t s = a, z = b, j, f, from;

	if (b != a + 1 || a < *done || sm_ln(im, a)->blank || sm_ln(im, b)->h_rstrip != h)
		return SM_NOLINE;
	while (s > c->start && sm_ln(im, s - 1)->h_rstrip == h)
		s--;
	while (z + 1 < c->end && sm_ln(im, z + 1)->h_rstrip == h)
		z++;
	*done = z + 1;
	/* the first old line standing in the run (the mapping runs in file order) */
	for (from = oa + 1; from-- > 0;)
		if (c->lo[from] != SM_NOLINE && c->hi[from] > c->lo[from] && c->hi[from] <= s)
			break;
	from = from == SIZE_MAX ? 0 : from + 1;
	/* each line of the run in turn: the next old line standing on it, or none */
	for (f = s, j = from; f <= z; f++) {
		while (j < e->nold && (c->lo[j] == SM_NOLINE || c->hi[j] <= f))
			j++;
		if (j == e->nold || c->lo[j] > f)
			return f;
	}
	return SM_NOLINE;
}

/* 1 when old line oi stands on one file line as an unchanged line (context, or a deletion the
 * laziness guard kept). */
static int stands_kept(const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_mline *ml = &e->seq[e->old[oi]];

	return c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1 && sm_mline_is_new(ml) &&
	       !ml->elide;
}

/* 1 when the edit adds a line between old lines oi and oi + 1 (seq order) that only old line
 * `by` (oi or oi + 1) places: not a rewrite of the other, a line it deletes, which the additions
 * stay beside wherever `by` stands. */
static int adds_placed_by(const sm_medit *e, size_t oi, size_t by)
{
	size_t k, to = e->old[oi + 1], other = by == oi ? oi + 1 : oi;

	if (e->seq[e->old[other]].kind == SM_HL_DEL && !e->seq[e->old[other]].keep)
		return 0;
	for (k = e->old[oi] + 1; k < to; k++)
		if (e->seq[k].kind == SM_HL_ADD)
			return 1;
	return 0;
}

/* The first line of substance of file lines [a, z) that is not a copy of file line g: a line the
 * additions pass when an unchanged line is read on its copy across the stretch (a run of copies
 * of that line read one copy or another is copies_undecided's question). SM_NOLINE if none. */
static size_t other_solid(const sm_image *im, size_t a, size_t z, size_t g)
{
	size_t f;

	for (f = a; f < z; f++)
		if (!sm_ln(im, f)->blank && sm_ln(im, f)->h_rstrip != sm_ln(im, g)->h_rstrip)
			return f;
	return SM_NOLINE;
}

/* 1 when the lines the edit adds between old lines oi and oi + 1 are, line for line (blank ones
 * aside), the file lines between the places of the two: lines the old side left out and the new
 * side gives back where they stand, which the splice writes as those lines on either reading.
 * Not when one of them has the text of a line the edit deletes: they are then as well that line
 * moved here, which the splice writes as one more copy beside the left-out one, and the stretch's
 * side it goes on is the question again. */
static int adds_are_left_out(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	size_t k = e->old[oi] + 1, to = e->old[oi + 1], f, z, n = 0;

	if (c->hi[oi] == SM_NOLINE || c->lo[oi + 1] == SM_NOLINE || c->hi[oi] > c->lo[oi + 1])
		return 0;
	f = c->hi[oi];
	z = c->lo[oi + 1];
	for (;;) {
		while (k < to && (e->seq[k].kind != SM_HL_ADD || e->seq[k].l.blank))
			k++;
		while (f < z && sm_ln(im, f)->blank)
			f++;
		if (k == to || f == z)
			return k == to && f == z && n > 0;
		if (e->seq[k].l.h_indent != sm_ln(im, f)->h_indent ||
		    sm_old_side_deletes(e, &e->seq[k].l, SM_LVL_RSTRIP))
			return 0;
		k++;
		f++;
		n++;
	}
}

/*
 * A stretch of file lines the edit leaves out between two old lines that stand one after the
 * other, while the unchanged lines on one side of it have copies on its other side, in order:
 * they stand as well there, the stretch then left out beyond them (the file's "K, x, K" with
 * "K, +a" read on either K). Which copy they are decides on which side of the stretch lines the
 * edit adds beside them go, and the reply does not say: the stretch's first line of substance,
 * or SM_NOLINE. (A blank line read one line or the other inside a run of blank lines moves the
 * additions past no line of substance: nothing to decide.)
 */
static size_t anchor_slides(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t i, t, a, z, f;

	/* only the alignment's places: its program's order chose among equal costs (a merged
	   hunk's halves stand as written, their cut weighed by the pieces tiers' own rivals) */
	if (c->tier != SM_TIER_REPAIR && c->tier != SM_TIER_REINDENT && c->tier != SM_TIER_FUZZY)
		return SM_NOLINE;
	for (i = 0; i + 1 < e->nold; i++) {
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i] || c->lo[i + 1] == SM_NOLINE ||
		    c->hi[i + 1] <= c->lo[i + 1] || c->lo[i + 1] <= c->hi[i])
			continue;
		a = c->hi[i]; /* the stretch left out: [a, z) */
		z = c->lo[i + 1];
		/* the old lines below the stretch read from its top: i + 1 + t on a + t */
		f = other_solid(im, a, z, z);
		for (t = 0; f != SM_NOLINE && i + 1 + t < e->nold && a + t < z; t++) {
			if (!stands_kept(e, c, i + 1 + t) || c->lo[i + 1 + t] != z + t ||
			    sm_ln(im, a + t)->h_rstrip != sm_ln(im, z + t)->h_rstrip)
				break;
			if (sm_numbered_on(im, e, i + 1 + t, c->lo[i + 1 + t]))
				break;
			if (i + 2 + t < e->nold && adds_placed_by(e, i + 1 + t, i + 1 + t) &&
			    !adds_are_left_out(im, e, c, i + 1 + t))
				return f;
		}
		/* the old lines above it read from its bottom: i - t on z - 1 - t */
		f = other_solid(im, a, z, a - 1);
		for (t = 0; f != SM_NOLINE && t <= i && z > a + t; t++) {
			if (!stands_kept(e, c, i - t) || c->lo[i - t] + 1 + t != a ||
			    sm_ln(im, z - 1 - t)->h_rstrip != sm_ln(im, a - 1 - t)->h_rstrip)
				break;
			if (sm_numbered_on(im, e, i - t, c->lo[i - t]))
				break;
			if (i - t > 0 && adds_placed_by(e, i - t - 1, i - t) &&
			    !adds_are_left_out(im, e, c, i - t - 1))
				return f;
		}
	}
	return SM_NOLINE;
}

/* 1 when seq[k], a line the edit deletes, is written again by an addition of its text (byte for
 * byte, trailing space aside) with a line of the old side kept between the two: the line moved
 * across that kept line, as the sides' diff reads it. */
static int moved_past_kept(const sm_medit *e, size_t k)
{
	size_t step;
	int dir, kept;

	for (dir = -1; dir <= 1; dir += 2)
		for (step = 1, kept = 0; dir < 0 ? step <= k : k + step < e->nseq; step++) {
			const sm_mline *ml = &e->seq[dir < 0 ? k - step : k + step];
			if (ml->kind != SM_HL_ADD) {
				kept |= sm_mline_is_new(ml);
				continue;
			}
			if (kept && ml->l.h_rstrip == e->seq[k].l.h_rstrip)
				return 1;
		}
	return 0;
}

/* 1 when seq[k] is a line the edit deletes and writes again past a kept line. */
static int moves(const sm_medit *e, size_t k)
{
	return e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep && moved_past_kept(e, k);
}

/* 1 when a neighbour a or b of a stretch let go (old lines next to each other) moves past a kept
 * line, the other one kept. A blank line moves with every change of spacing, so one counts only
 * with the other neighbour moving too (the stretch lifted whole from between the two). */
static int moved_side(const sm_medit *e, size_t a, size_t b)
{
	int ma = moves(e, a), mb = moves(e, b);

	if (ma && mb)
		return 1;
	/* the other neighbour kept: the stretch is anchored between a line that stays and one
	   that goes (a deleted one leaves the stretch to the segment's merge of its lines) */
	return (ma && !e->seq[a].l.blank && sm_mline_is_new(&e->seq[b])) ||
	       (mb && !e->seq[b].l.blank && sm_mline_is_new(&e->seq[a]));
}

/* The first line of substance of file lines [f, to), or SM_NOLINE when there is none or the
 * new side of e writes one of them back (a line with a word, indentation aside; a lone brace
 * matches anywhere): the left-out rules place such a stretch by that line. */
static size_t stretch_unwritten(const sm_image *im, const sm_medit *e, size_t f, size_t to)
{
	size_t at = SM_NOLINE;

	for (; f < to; f++) {
		const sm_line *l = sm_ln(im, f);
		if (sm_text_has_word(l->p, l->n) && sm_new_side_has(e, l->h_indent))
			return SM_NOLINE;
		if (at == SM_NOLINE && !l->blank)
			at = f;
	}
	return at;
}

/* 1 when, of old lines a and b (old lines pa and pa + 1) around a stretch let go, only one moves
 * and the other could stand as well on the stretch's line right beside the moving one (a blank
 * line, say, matched past the stretch): read so, the stretch is not next to the moving line. */
static int neighbour_slides(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t a,
                            size_t b, size_t pa)
{
	int ma = moves(e, a), mb = moves(e, b);

	if (ma && !mb)
		return sm_ln(im, c->hi[pa])->h_rstrip == sm_ln(im, c->lo[pa + 1])->h_rstrip;
	if (mb && !ma)
		return sm_ln(im, c->lo[pa + 1] - 1)->h_rstrip == sm_ln(im, c->lo[pa])->h_rstrip;
	return 0;
}

size_t sm_splice_gap_beside_moved(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                  size_t *moved)
{
	size_t k, oi = 0, prev_k = SM_NOLINE, at;

	/* a hunk says itself which lines it moves (its '-' and '+' lines) and leaves the others
	   where the file has them; only whole sides are read as moving a line by the sides' diff,
	   which may as well have moved the left-out lines with it */
	if (!e->blocklike)
		return SM_NOLINE;
	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind == SM_HL_ADD)
			continue;
		oi++;
		if (c->lo[oi - 1] == SM_NOLINE || c->hi[oi - 1] <= c->lo[oi - 1]) {
			prev_k = SM_NOLINE;
			continue;
		}
		if (prev_k != SM_NOLINE && c->hi[oi - 2] < c->lo[oi - 1] &&
		    moved_side(e, prev_k, k) && !neighbour_slides(im, e, c, prev_k, k, oi - 2) &&
		    (at = stretch_unwritten(im, e, c->hi[oi - 2], c->lo[oi - 1])) != SM_NOLINE) {
			*moved = moves(e, prev_k) ? c->lo[oi - 2] : c->lo[oi - 1];
			return at;
		}
		prev_k = k;
	}
	return SM_NOLINE;
}

size_t sm_splice_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t k, oi, prev_hi = SM_NOLINE, prev_oi = 0, done = 0, f;
	int adds = 0, dels = 0;
	const sm_line *first_add = NULL;

	if ((f = edge_undecided(im, e, c, 1)) != SM_NOLINE ||
	    (f = edge_undecided(im, e, c, -1)) != SM_NOLINE ||
	    (f = edge_adds_beyond(im, e, c, 1)) != SM_NOLINE ||
	    (f = edge_adds_beyond(im, e, c, -1)) != SM_NOLINE ||
	    (f = anchor_slides(im, e, c)) != SM_NOLINE)
		return f;

	for (k = 0, oi = 0; k <= e->nseq; k++) {
		const sm_mline *ml = k < e->nseq ? &e->seq[k] : NULL;
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml && ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (ml && (ml->kind == SM_HL_ADD || lo == SM_NOLINE)) {
			adds += ml->kind == SM_HL_ADD || sm_mline_is_new(ml);
			if (!first_add && !ml->l.blank)
				first_add = &ml->l;
			continue;
		}
		if (ml && ml->kind == SM_HL_DEL && !ml->keep) {
			dels += hi > lo;
			continue;
		}
		if (ml && lo == hi)
			continue; /* a blank line the file does not have there */
		/* an anchor (or the end): the segment since the previous one is decided unless it
		   only adds, and the file has a line of substance between the two anchors */
		if (adds && !dels && prev_hi != SM_NOLINE && ml) {
			int first = 1;
			for (f = prev_hi; f < lo; f++) {
				if (sm_ln(im, f)->blank)
					continue;
				/* the first addition's old form, which it replaces (see flush) */
				if (!(first && !e->blocklike &&
				      sm_changed_form_of(first_add, sm_ln(im, f))) &&
				    !is_addition(e, 0, e->nseq, sm_ln(im, f)))
					return f;
				first = 0;
			}
			if (prev_hi > 0 && lo < im->n &&
			    (f = copies_undecided(im, e, c, prev_oi, prev_hi - 1, lo, &done)) !=
			        SM_NOLINE)
				return f;
		}
		adds = dels = 0;
		first_add = NULL;
		if (ml) {
			prev_hi = hi;
			prev_oi = oi - 1;
		}
	}
	return SM_NOLINE;
}

/* 1 when seq[k] is a blank unchanged line (context, or a deletion the laziness guard kept). */
static int blank_kept(const sm_medit *e, size_t k)
{
	return e->seq[k].kind != SM_HL_ADD && sm_mline_is_new(&e->seq[k]) && e->seq[k].l.blank &&
	       !e->seq[k].elide;
}

/*
 * Lines the edit adds between blank lines of its old side, some of those standing on the file's
 * blank lines and some let go (the reply writes more blank lines there than the file has): the
 * file's blank lines may be any of the reply's, so the additions go after one or after another
 * of them, and the reply does not say which. Where the file has fewer blank lines than the reply
 * writes, a line of substance was often left out of the old side between them, and the lines
 * belong beside it instead. A standing blank line beside the additions, or SM_NOLINE.
 */
size_t sm_splice_blank_sides(const sm_medit *e, const sm_cand *c)
{
	size_t k, j, z, oi = 0, o, stand;
	int solid, gone;

	for (k = 0; k < e->nseq; k = z) {
		if (e->seq[k].kind != SM_HL_ADD) {
			z = k + 1;
			oi++;
			continue;
		}
		for (z = k, solid = 0; z < e->nseq && e->seq[z].kind == SM_HL_ADD; z++)
			solid |= !e->seq[z].l.blank;
		if (!solid || !k || z == e->nseq)
			continue;
		gone = 0;
		stand = SM_NOLINE;
		/* the blank unchanged lines right above the additions (old lines oi - 1 down),
		   then right below (oi up); the old lines between are all such lines */
		for (j = k, o = oi; j-- > 0 && blank_kept(e, j) && c->lo[--o] != SM_NOLINE;) {
			if (c->hi[o] == c->lo[o])
				gone = 1;
			else
				stand = c->lo[o];
		}
		if (j + 1 == k)
			continue;
		for (j = z, o = oi; j < e->nseq && blank_kept(e, j) && c->lo[o] != SM_NOLINE;
		     j++, o++) {
			if (c->hi[o] == c->lo[o])
				gone = 1;
			else if (stand == SM_NOLINE)
				stand = c->lo[o];
		}
		if (j > z && gone && stand != SM_NOLINE)
			return stand;
	}
	return SM_NOLINE;
}

/* 1 when an old line of the edit (a line it deletes, when `deleted`) has h's text (its own, or
 * that of the file line the match put it on). */
static int old_holds(const sm_image *im, const sm_medit *e, const sm_cand *c, uint64_t h,
                     int deleted)
{
	size_t j, oi = 0;

	for (j = 0; j < e->nseq; j++) {
		if (e->seq[j].kind == SM_HL_ADD)
			continue;
		if (!(deleted && sm_mline_is_new(&e->seq[j])) &&
		    deleted_text(im, e, c, j, oi, h) == h)
			return 1;
		oi++;
	}
	return 0;
}

/* The addition of the edge run (the lines the new side adds past its last old line, dir +1,
 * or before its first, dir -1) nearest to the old side that is a line of substance, when
 * other additions of substance follow it outward (it is not the new side's edge line, which
 * the caller judges); SIZE_MAX when there is none. */
static size_t inner_edge_addition(const sm_medit *e, int dir)
{
	size_t n = e->nseq, i, k, first = SIZE_MAX, outer = 0;

	for (i = 0; i < n; i++) {
		k = dir > 0 ? n - 1 - i : i;
		if (e->seq[k].kind != SM_HL_ADD)
			break;
		if (e->seq[k].l.blank)
			continue;
		outer += first != SIZE_MAX;
		first = k;
	}
	return outer ? first : SIZE_MAX;
}

/* 1 when an addition of substance outward of edge-run line `in` (toward the edge dir) has the
 * text of a line the edit deletes: a line moved past `in`. */
static int moves_past(const sm_medit *e, size_t in, int dir)
{
	size_t i, k;

	for (i = 1; dir > 0 ? in + i < e->nseq : i <= in; i++) {
		const sm_line *l;
		k = dir > 0 ? in + i : in - i;
		l = &e->seq[k].l;
		if (e->seq[k].kind == SM_HL_ADD && !l->blank &&
		    sm_old_side_deletes(e, l, SM_LVL_RSTRIP))
			return 1;
	}
	return 0;
}

size_t sm_splice_beside_copy(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t n = e->nseq, i, k, f, ws, we;
	int dir;

	/* a numbered block's numbers say where its old side ends: nothing left out there */
	if (!e->nold || !n || e->old_no || (e->flags & SM_EDIT_NUMBERED))
		return SM_NOLINE;
	for (dir = 1; dir >= -1; dir -= 2) {
		size_t oe = dir > 0 ? e->nold - 1 : 0;
		if (dir > 0 ? c->end >= im->n : c->start == 0)
			continue;
		f = dir > 0 ? c->end : c->start - 1;
		if (sm_ln(im, f)->blank)
			continue;
		/* the new side's edge line: that line of the file written again */
		for (i = 0, k = SIZE_MAX; i < n; i++) {
			size_t at = dir > 0 ? n - 1 - i : i;
			if (sm_mline_is_new(&e->seq[at]) && !e->seq[at].l.blank) {
				k = at;
				break;
			}
		}
		if (k != SIZE_MAX && !sm_same_line(im, e, c, f, k)) {
			/* the edge run's first line of substance, with a line the edit deletes
			   moved past it, while no line of its text is deleted: the line beyond
			   the edge left out of the old side (a pure move past it) or one more copy
			   of it written beside it (as literally written: the move adds a line).
			   When the edit deletes a line of that text too (as written, or a miscopy
			   standing on such a file line), the literal reading is itself a pure move
			   or a fix, and it stands */
			size_t in = inner_edge_addition(e, dir);
			if (in == SIZE_MAX || !sm_line_of_substance(sm_ln(im, f)) ||
			    !sm_same_line(im, e, c, f, in) || !moves_past(e, in, dir) ||
			    old_holds(im, e, c, sm_ln(im, f)->h_indent, 1) ||
			    deleted_text(im, e, c, e->old[oe], oe, sm_ln(im, f)->h_indent) ==
			        sm_ln(im, f)->h_indent)
				continue;
			sm_splice_widen(im, e, c, &ws, &we);
			if (ws <= f && f < we)
				continue;
			return f;
		}
		if (k == SIZE_MAX)
			continue;
		/* ... while the old side's edge line is another (not the file's pair of copies
		   kept), and the old side has a line of that text (a line of substance): the new
		   side's line is that one moved to the edge, or the line beyond the edge left out
		   of the old side. A short line ("i += 1;", "pass") the edge rule never absorbs:
		   added at the edge, it is as well that line left out as one more copy */
		if (deleted_text(im, e, c, e->old[oe], oe, sm_ln(im, f)->h_indent) ==
		    sm_ln(im, f)->h_indent)
			continue;
		if (sm_line_of_substance(sm_ln(im, f))
		        ? !old_holds(im, e, c, sm_ln(im, f)->h_indent, 0)
		        : e->seq[k].kind != SM_HL_ADD)
			continue;
		sm_splice_widen(im, e, c, &ws, &we);
		if (ws <= f && f < we)
			continue; /* absorbed: written once */
		return f;
	}
	return SM_NOLINE;
}

/* 1 when seq[k] exists and is a line the edit deletes (not one the laziness guard keeps). */
static int deleted_at(const sm_medit *e, size_t k)
{
	return k < e->nseq && e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep;
}

size_t sm_splice_empty_marker(const sm_medit *e, const sm_cand *cand)
{
	size_t oi, k;

	for (oi = 0; oi < e->nold; oi++) {
		k = e->old[oi];
		if (!e->seq[k].elide || cand->lo[oi] == SM_NOLINE || cand->hi[oi] != cand->lo[oi])
			continue;
		if ((k && deleted_at(e, k - 1)) || deleted_at(e, k + 1))
			return cand->lo[oi];
	}
	return SM_NOLINE;
}
