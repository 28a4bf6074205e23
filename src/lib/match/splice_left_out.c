/*
 * File lines inside the region that the old side left out, put back into the old side where the
 * reply rewrites them (refill), so that the sides are diffed with the lines the file has. The
 * lines dropped where the new side already writes them are splice_drop.c's, the left-out line a
 * rewrite does not decide splice_rewrite.c's; both call in here, never the other way.
 */
#include "splice_left_out.h"
#include "splice_refill_unshown.h"
#include "splice_edge.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/*
 * A whole-sides rewrite (a SEARCH/REPLACE-style block) whose old side left out file lines that
 * its new side writes: the sides were diffed without those lines, and where the new side's copy
 * of such a line ties with an old line of the same text further on, the diff may pair the two
 * and take the lines between them for moved ones ("A C D" -> "A B C D'", the file "A B C D":
 * B paired with D, C moved below it, and the file's B kept beside it: B written twice). The
 * file decides the tie: such left-out lines (of substance, short ones too: "i += 1" ties as
 * well as a long line; whose text the new side writes as a context line, no more copies than
 * the old side leaves for it) are put back into the old side where the file has them and the
 * sides are diffed again; that diff is taken when it writes fewer additions. A left-out line
 * whose copies the new side writes only as additions is put back too, and the diff then taken
 * only if it pairs the line between the old lines the file has around it (put_back_in_place).
 * Not a line of a stretch the old side skipped, one of whose lines of substance the new side
 * has no copy of (a merged hunk's stretch between its halves): the new side's context copy of
 * its text stands for the other half's line ("done", "}"), the diff with the line put back
 * still pairs it so, and deletes the line put back, which the reply never showed.
 * A numbered block (ln-diff) says more: a gap in its old lines' numbers (10 then 12) is a file
 * line it left out, not one it deletes, and when its new side writes that line's text at its
 * depth (more copies than the old side has), the new side kept it: it is put back too, whether
 * or not the diff paired its copy (a miscopied old line can make the diff pair a later old line
 * with an earlier new one, and take the left-out line's copy for an addition).
 * *me and *c (its own lo, hi) are then the edit to splice: 1; 0 when not (nothing is made);
 * SEAM_ENOMEM.
 */
static size_t additions(const sm_medit *e)
{
	size_t k, n = 0;
	for (k = 0; k < e->nseq; k++)
		n += e->seq[k].kind == SM_HL_ADD;
	return n;
}

/* 1 when old line i of me and old line j stand on file lines of the same bytes, with only
 * deletions between them in me's sequence: which of the two the diff kept is the same text. */
static int swaps_with(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i, size_t j)
{
	size_t a = me->old[i < j ? i : j], z = me->old[i < j ? j : i], k;
	const sm_line *x, *y;

	if (c->lo[j] == SM_NOLINE || c->hi[j] != c->lo[j] + 1 ||
	    me->seq[me->old[j]].kind != SM_HL_CTX)
		return 0;
	for (k = a + 1; k < z; k++)
		if (me->seq[k].kind != SM_HL_DEL || me->seq[k].keep)
			return 0;
	x = sm_ln(im, c->lo[i]);
	y = sm_ln(im, c->lo[j]);
	return sm_line_same_bytes(x, y);
}

/* 1 when no addition stands in me's sequence between old lines i and j. */
static int adjacent_old(const sm_medit *me, size_t i, size_t j)
{
	size_t k;

	for (k = me->old[i < j ? i : j] + 1; k < me->old[i < j ? j : i]; k++)
		if (me->seq[k].kind == SM_HL_ADD)
			return 0;
	return 1;
}

/* 1 when old lines i and j of me stand on one file line each, of the same bytes. */
static int file_twins(const sm_image *im, const sm_cand *c, size_t i, size_t j)
{
	const sm_line *x, *y;

	if (c->lo[i] == SM_NOLINE || c->hi[i] != c->lo[i] + 1 || c->lo[j] == SM_NOLINE ||
	    c->hi[j] != c->lo[j] + 1)
		return 0;
	x = sm_ln(im, c->lo[i]);
	y = sm_ln(im, c->lo[j]);
	return sm_line_same_bytes(x, y);
}

/* 1 when old line i of me is a deletion the laziness guard did not take back. */
static int plain_del(const sm_medit *me, size_t i)
{
	return me->seq[me->old[i]].kind == SM_HL_DEL && !me->seq[me->old[i]].keep;
}

/*
 * 1 when old line i of me, a deletion, is in a run of deletions (additions among them: one
 * change) that the diff could as well have slid along the context lines beside it until i is
 * one of them: those context lines repeat the run's first (last) lines in order, nothing added
 * between them. The result is the same text either way ("a b" deleted before a kept "a b" is
 * the kept one deleted, the change's additions written before or after the kept copy), so the
 * new side writes i's text where i stands.
 */
static int slides_to_context(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i)
{
	size_t a = i, b = i + 1, s;

	while (a > 0 && plain_del(me, a - 1))
		a--;
	while (b < me->nold && plain_del(me, b))
		b++;
	/* down: old lines b, b+1, ... are context copies of a, a+1, ... */
	for (s = 0; a + s <= i && b + s < me->nold; s++)
		if (me->seq[me->old[b + s]].kind != SM_HL_CTX ||
		    (s && !adjacent_old(me, b + s - 1, b + s)) || !file_twins(im, c, a + s, b + s))
			break;
	if (a + s > i)
		return 1;
	/* up: old lines a-1, a-2, ... are context copies of b-1, b-2, ... */
	for (s = 0; b - s > i && a > s; s++)
		if (me->seq[me->old[a - s - 1]].kind != SM_HL_CTX ||
		    (s && !adjacent_old(me, a - s - 1, a - s)) ||
		    !file_twins(im, c, a - s - 1, b - s - 1))
			break;
	return b - s <= i;
}

/*
 * 1 when every line put back (put_back, per line of the span from start) stands, in me's
 * diff, for a line of the new side: a context line there, a deletion beside a context line
 * of the same text with only deletions between them (the diff kept the other copy, which
 * writes the same text), or one of a run of deletions that slides onto context copies of it.
 * c is me's candidate; [start, end) the span put_back covers.
 */
static int put_back_paired(const sm_image *im, const sm_medit *me, const sm_cand *c,
                           const unsigned char *put_back, size_t start, size_t end)
{
	size_t i, j;

	for (i = 0; i < me->nold; i++) {
		int ok;
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    !put_back[c->lo[i] - start] || me->seq[me->old[i]].kind == SM_HL_CTX)
			continue;
		ok = 0;
		for (j = i; j-- > 0 && !ok;) {
			ok = swaps_with(im, me, c, i, j);
			if (me->seq[me->old[j]].kind != SM_HL_DEL)
				break;
		}
		for (j = i + 1; j < me->nold && !ok; j++) {
			ok = swaps_with(im, me, c, i, j);
			if (me->seq[me->old[j]].kind != SM_HL_DEL)
				break;
		}
		if (!ok && !slides_to_context(im, me, c, i))
			return 0;
	}
	return 1;
}

/*
 * 1 when old line j of me, next to old line i, is a deletion the match put on one file line of
 * other text (a miscopy), and the new side writes that file line's text right beside line i,
 * on j's side: the model gave its miscopied line back as the file has it, so the new side
 * still has line i between the lines the file has around it.
 */
static int fixed_beside(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i,
                        size_t j)
{
	const sm_mline *ml = &me->seq[me->old[j]];
	const sm_line *fl;
	size_t k;

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || c->lo[j] == SM_NOLINE ||
	    c->hi[j] != c->lo[j] + 1)
		return 0;
	fl = sm_ln(im, c->lo[j]);
	if (fl->blank || fl->h_indent == ml->l.h_indent)
		return 0;
	if (j < i ? me->old[i] == 0 : me->old[i] + 1 >= me->nseq)
		return 0;
	k = j < i ? me->old[i] - 1 : me->old[i] + 1;
	return me->seq[k].kind == SM_HL_ADD && me->seq[k].l.h_indent == fl->h_indent;
}

/*
 * 1 when seq[k], a deletion, is a line the edit only takes trailing blanks off: its change run
 * (the lines between two context lines) adds it back but for trailing blanks, and adds nothing
 * but such copies of the run's deletions and no more blank lines than it deletes (the sides'
 * diff compares exactly: a SEARCH line miscopied with trailing blanks is deleted and written
 * again). It stays where it stands.
 */
int sm_splice_loses_trailing_blanks(const sm_medit *me, size_t k)
{
	size_t a, z, x, y;
	long blanks = 0;
	int own = 0;

	sm_change_run(me, k, &a, &z);
	for (x = a; x < z; x++) {
		if (me->seq[x].l.blank) {
			/* a blank line added where the run deletes as many: kept, not moved */
			blanks += me->seq[x].kind == SM_HL_ADD ? 1 : -1;
			continue;
		}
		if (me->seq[x].kind != SM_HL_ADD)
			continue;
		for (y = a; y < z; y++)
			if (me->seq[y].kind == SM_HL_DEL && !me->seq[y].keep &&
			    !me->seq[y].l.blank &&
			    sm_line_h(&me->seq[y].l, SM_LVL_RSTRIP) ==
			        sm_line_h(&me->seq[x].l, SM_LVL_RSTRIP))
				break;
		if (y == z)
			return 0;
		own |= sm_line_h(&me->seq[k].l, SM_LVL_RSTRIP) ==
		       sm_line_h(&me->seq[x].l, SM_LVL_RSTRIP);
	}
	return own && blanks <= 0 && !me->seq[k].l.blank;
}

/* 1 when the additions between old lines i and j (beside each other) end, next to i, with a
 * copy of j's text: the sides' diff could as well have paired j with that copy, the other
 * additions then on j's far side (a tie: j, [+x, +j] is [+j, +x], j), j next to i. */
static int slides_beside(const sm_medit *me, size_t i, size_t j)
{
	const sm_line *a, *l = &me->seq[me->old[j]].l;
	size_t k = j < i ? me->old[i] - 1 : me->old[i] + 1;

	if (k >= me->nseq || me->seq[k].kind != SM_HL_ADD)
		return 0;
	a = &me->seq[k].l;
	return sm_line_same_bytes(a, l);
}

/* 1 when old line j, beside old line i (j = i - 1 or i + 1), stands where the file has it
 * next to i: a context line with no addition between them (or additions the diff could as
 * well have put on its far side, slides_beside), or a line the edit only takes trailing
 * blanks off, its copy the only addition between them. */
static int anchor_beside(const sm_medit *me, size_t i, size_t j)
{
	const sm_mline *ml = &me->seq[me->old[j]];

	if (ml->kind == SM_HL_CTX)
		return adjacent_old(me, i, j) || slides_beside(me, i, j);
	if (ml->kind != SM_HL_DEL || ml->keep || !sm_splice_loses_trailing_blanks(me, me->old[j]))
		return 0;
	/* below i, its copy comes after it: nothing added between; above i, what stands
	   between is its run's, copies of its deletions */
	return j < i || adjacent_old(me, i, j);
}

/*
 * 1 when every line put back whose copies the first diff wrote only as additions (put_back 2)
 * is, in me's diff, a context line between the old lines the file has around it, themselves
 * context lines with no addition between (or miscopies the new side writes fixed right beside
 * it, fixed_beside, or lines the edit only takes trailing blanks off, anchor_beside): the new
 * side writes it where the file has it. A line left out of both sides whose text the new side
 * writes elsewhere (a new function made from the old one) is not, and stays the file's. So too
 * a line put back for a text the new side writes as context (put_back 1) that me's diff pairs
 * as context: a line of the new side that has additions between it and the old lines the file
 * has around the left-out line (a line moved down from another place, its text the same) is not
 * that line written where it stands, and the first diff stays (a merged hunk passes over the
 * line, which stays the file's). [start, end) the span put_back covers.
 */
static int put_back_in_place(const sm_image *im, const sm_medit *me, const sm_cand *c,
                             const unsigned char *put_back, size_t start, size_t end)
{
	size_t i;

	for (i = 0; i < me->nold; i++) {
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    !put_back[c->lo[i] - start])
			continue;
		if (me->seq[me->old[i]].kind != SM_HL_CTX) {
			/* (one the new side pairs as a deletion: put_back_paired's) */
			if (put_back[c->lo[i] - start] == 2)
				return 0;
			continue;
		}
		if (i > 0 && !anchor_beside(me, i, i - 1) && !fixed_beside(im, me, c, i, i - 1))
			return 0;
		if (i + 1 < me->nold && !anchor_beside(me, i, i + 1) &&
		    !fixed_beside(im, me, c, i, i + 1))
			return 0;
	}
	return 1;
}

/*
 * Marks in gap (per line of c's span) the file lines a numbered block's numbers leave out: those
 * between two old lines of substance numbered n and m > n + 1 that stand, single, on file lines
 * exactly m - n apart in the file before the reply, none written since. Lines it cannot be sure
 * of stay unmarked.
 */
static void numbered_gaps(const sm_image *im, const sm_medit *e, const sm_cand *c,
                          unsigned char *gap)
{
	size_t oi, prev = SIZE_MAX, f;

	if (!e->old_no)
		return;
	for (oi = 0; oi < e->nold; oi++) {
		size_t fa, fb;
		uint32_t na, nb;
		if (!e->old_no[oi] || c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 ||
		    c->lo[oi] >= im->n || !sm_ln(im, c->lo[oi])->orig)
			continue;
		if (prev != SIZE_MAX) {
			fa = c->lo[prev];
			fb = c->lo[oi];
			na = e->old_no[prev];
			nb = e->old_no[oi];
			if (nb > na + 1 && fb > fa && fb - fa == (size_t)(nb - na) &&
			    sm_ln(im, fb)->orig - sm_ln(im, fa)->orig == nb - na)
				for (f = fa + 1; f < fb; f++)
					if (f >= c->start && f < c->end && sm_ln(im, f)->orig)
						gap[f - c->start] = 1;
		}
		prev = oi;
	}
}

/* 1 when old line oi stands on one file line that differs from it only in typography */
static int typo_miscopy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l, *l;

	if (c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 || c->lo[oi] >= im->n)
		return 0;
	l = sm_ln(im, c->lo[oi]);
	return l->h_rstrip != o->h_rstrip && sm_line_h(l, SM_LVL_TYPO) == sm_line_h(o, SM_LVL_TYPO);
}

/* 1 when the new side adds file line f as the splice would write it (same_line) with neither
 * neighbour an addition equal to f's neighbour of substance in the file: the line written
 * where it stands, not inside a copy of its surroundings (a new function made from the old
 * one, which writes the line again beside copies of its neighbours). */
static int adds_in_place(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t f)
{
	size_t k;
	int d;

	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind != SM_HL_ADD || !sm_same_line(im, e, c, f, k))
			continue;
		for (d = -1; d <= 1; d += 2) {
			size_t g = f + (size_t)d, kk = k + (size_t)d;
			if ((d < 0 && (!f || !k)) || (d > 0 && (g >= im->n || kk >= e->nseq)))
				continue;
			if (e->seq[kk].kind == SM_HL_ADD && sm_line_of_substance(sm_ln(im, g)) &&
			    e->seq[kk].l.h_indent == sm_ln(im, g)->h_indent)
				break;
		}
		if (d > 1)
			return 1;
	}
	return 0;
}

/* 1 when old line oi stands on one file line of substance that differs from it beyond its
 * indentation: a line the match took for a miscopy of that file line. */
static int miscopied(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l;

	return c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1 && c->lo[oi] < im->n &&
	       !o->blank && !sm_ln(im, c->lo[oi])->blank &&
	       sm_ln(im, c->lo[oi])->h_indent != o->h_indent;
}

/* 1 when span line j of c is one no old line stands for (covered: per line of the span), or
 * one an old line stands for that has the bytes of such a line right beside it (a line of
 * substance): the old line may as well stand on that twin, the stretch then one line on. */
static int off_side(const sm_image *im, const sm_cand *c, const unsigned char *covered, size_t j)
{
	size_t span = c->end - c->start, d;
	const sm_line *l = sm_ln(im, c->start + j), *t;

	if (!covered[j])
		return 1;
	if (l->blank)
		return 0;
	for (d = 0; d < 2; d++) {
		size_t g = d ? j + 1 : j - 1;
		if (d ? j + 1 >= span : !j)
			continue;
		t = sm_ln(im, c->start + g);
		if (!covered[g] && sm_line_same_bytes(t, l))
			return 1;
	}
	return 0;
}

/* Marks in skipped (per line of c's span) the stretches the old side skipped: runs of lines no
 * old line stands for (off_side: the twins beside them too) one of whose lines of substance
 * the new side has no copy of. Such a stretch is a merged hunk's between its halves: its lines
 * stay as the file has them, and a context line of the new side with the text of one of them
 * stands for the other half's line, not for it. */
void sm_splice_skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                 const unsigned char *covered, unsigned char *skipped)
{
	size_t span = c->end - c->start, j = 0, z, k;
	int skip;

	while (j < span) {
		if (!off_side(im, c, covered, j)) {
			j++;
			continue;
		}
		skip = 0;
		for (z = j; z < span && off_side(im, c, covered, z); z++) {
			const sm_line *l = sm_ln(im, c->start + z);
			skip |= !covered[z] && !l->blank && !sm_new_side_has(e, l->h_indent);
		}
		for (k = j; k < z; k++)
			skipped[k] = (unsigned char)skip;
		j = z;
	}
}

/* 1 when old line oi stands on one file line of the same text (indentation aside) but for
 * trailing blanks the file line lacks: the sides' diff, which compares lines exactly, takes
 * it for a line deleted and pairs the new side's copy of it with another old line. */
static int blank_tail_miscopy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l, *f;
	char t;

	if (c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 || c->lo[oi] >= im->n ||
	    o->blank || !o->n)
		return 0;
	f = sm_ln(im, c->lo[oi]);
	t = o->p[o->n - 1];
	return !f->blank && (t == ' ' || t == '\t') && f->h_indent == o->h_indent &&
	       sm_line_h(f, SM_LVL_EXACT) != sm_line_h(o, SM_LVL_EXACT) &&
	       (!f->n || (f->p[f->n - 1] != ' ' && f->p[f->n - 1] != '\t'));
}

/* 1 when old line oi stands on the file line right beside f, of the same bytes: the old side
 * named one of two twins and left the other out, and either reading gives the same file, so
 * the new side's copy paired with it is that old line's, not f's. */
static int twin_beside(const sm_image *im, const sm_cand *c, size_t oi, size_t f)
{
	size_t g = c->lo[oi];

	return g != SM_NOLINE && c->hi[oi] == g + 1 && (g + 1 == f || f + 1 == g) && g < im->n &&
	       sm_line_same_bytes(sm_ln(im, g), sm_ln(im, f));
}

/* The old side of e at c in file order, the lines marked in put_back (nput of them, per line of
 * c's span) put back where the file has them and the old lines marked in fix written as the file
 * has them, diffed with the new side into *me, its lines' places in out->lo, out->hi (freed here
 * on failure): 0, or SEAM_ENOMEM. */
static int refill_edit(const sm_image *im, const sm_medit *e, const sm_cand *c,
                       const unsigned char *put_back, size_t nput, const unsigned char *fix,
                       sm_medit *me, sm_cand *out, sm_pool *pool)
{
	size_t k, oi, f, n, nl = 0;
	sm_edit ed;
	int rc;

	memset(&ed, 0, sizeof(ed));
	ed.kind = e->kind;
	ed.flags = e->flags;
	ed.hint_start = e->hint_start;
	ed.hint_len = -1;
	ed.nlines = e->nold + nput + e->nseq;
	ed.lines = sm_malloc(ed.nlines * sizeof(*ed.lines));
	out->lo = sm_malloc((e->nold + nput) * sizeof(size_t));
	out->hi = sm_malloc((e->nold + nput) * sizeof(size_t));
	if (!ed.lines || !out->lo || !out->hi) {
		sm_free(ed.lines);
		sm_free(out->lo);
		sm_free(out->hi);
		return SEAM_ENOMEM;
	}
	/* the old side in file order, the left-out lines put back where the file has them */
	f = c->start;
	for (oi = 0; oi <= e->nold; oi++) {
		size_t upto = oi < e->nold ? c->lo[oi] : c->end;
		for (; f < upto; f++) {
			const sm_line *t = sm_ln(im, f);
			if (f < c->start || !put_back[f - c->start])
				continue;
			/* in the reply's own form (its indentation: a block re-indented), the text
			   of the new side's line it stands for, so that the diff pairs the two: one
			   the splice would write as the file has it (same_line) first, as a twin of
			   another depth ("    f(x);" beside "f(x);") is another line */
			for (k = 0, n = SIZE_MAX; k < e->nseq; k++) {
				if (!sm_mline_is_new(&e->seq[k]) ||
				    e->seq[k].l.h_indent != sm_ln(im, f)->h_indent)
					continue;
				if (n == SIZE_MAX)
					n = k;
				if (sm_same_line(im, e, c, f, k)) {
					n = k;
					break;
				}
			}
			if (n != SIZE_MAX)
				t = &e->seq[n].l;
			ed.lines[nl].text.p = t->p;
			ed.lines[nl].text.n = t->n;
			ed.lines[nl].kind = SM_HL_DEL;
			ed.lines[nl].reply_line = 0;
			out->lo[nl] = f;
			out->hi[nl++] = f + 1;
		}
		if (oi == e->nold)
			break;
		if (fix[oi] == 2) {
			const sm_line *o = &e->seq[e->old[oi]].l, *fl = sm_ln(im, c->lo[oi]);
			size_t oind = sm_text_indent_len(o->p, o->n),
			       find = sm_text_indent_len(fl->p, fl->n);
			char *t = sm_pool_add(pool, oind + fl->n - find + 1);
			if (!t) {
				sm_free(ed.lines);
				sm_free(out->lo);
				sm_free(out->hi);
				return SEAM_ENOMEM;
			}
			memcpy(t, o->p, oind);
			memcpy(t + oind, fl->p + find, fl->n - find);
			ed.lines[nl].text.p = t;
			ed.lines[nl].text.n = oind + fl->n - find;
		} else if (fix[oi]) {
			ed.lines[nl].text.p = sm_ln(im, c->lo[oi])->p;
			ed.lines[nl].text.n = sm_ln(im, c->lo[oi])->n;
		} else {
			ed.lines[nl].text.p = e->seq[e->old[oi]].l.p;
			ed.lines[nl].text.n = e->seq[e->old[oi]].l.n;
		}
		ed.lines[nl].kind = SM_HL_DEL;
		ed.lines[nl].reply_line = e->seq[e->old[oi]].reply_line;
		out->lo[nl] = c->lo[oi];
		out->hi[nl++] = c->hi[oi];
		if (c->hi[oi] > f)
			f = c->hi[oi];
	}
	for (k = 0; k < e->nseq; k++) {
		if (!sm_mline_is_new(&e->seq[k]))
			continue;
		ed.lines[nl].text.p = e->seq[k].l.p;
		ed.lines[nl].text.n = e->seq[k].l.n;
		ed.lines[nl].kind = SM_HL_ADD;
		ed.lines[nl++].reply_line = e->seq[k].reply_line;
	}
	ed.nlines = nl;
	rc = sm_prep_edit_ties(me, &ed, e->late_ties);
	sm_free(ed.lines);
	if (rc) {
		sm_free(out->lo);
		sm_free(out->hi);
	}
	return rc;
}

/* The additions of me of the text (bytes) of line l. */
static size_t adds_of(const sm_medit *me, const sm_line *l)
{
	size_t k, n = 0;

	for (k = 0; k < me->nseq; k++)
		n += me->seq[k].kind == SM_HL_ADD && sm_line_same_bytes(&me->seq[k].l, l);
	return n;
}

/* 1 when each line put back that me deletes (old lines of me at c, marked in put_back per line of
 * [start, end)) leaves fewer additions of its text in me than base writes: base is the diff with
 * the old lines fixed but nothing put back, so the additions a fix takes away (a miscopied line
 * the new side gives back whole) are not counted for the lines put back. A line put back that
 * explains no addition of its own text only takes a twin of a kept line off (the diff keeps the
 * other copy): the file had one more than the reply's two sides, which say nothing of it. One
 * that me keeps stands for the new side's copy of it, as put_back_paired asks. */
static int put_back_explains(const sm_medit *me, const sm_cand *c, const sm_medit *base,
                             const unsigned char *put_back, size_t start, size_t end)
{
	size_t i;

	for (i = 0; i < me->nold; i++) {
		const sm_line *l = &me->seq[me->old[i]].l;
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    !put_back[c->lo[i] - start] || me->seq[me->old[i]].kind != SM_HL_DEL)
			continue;
		if (adds_of(base, l) <= adds_of(me, l))
			return 0;
	}
	return 1;
}

int sm_refill(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *me, sm_cand *out,
              sm_pool *pool)
{
	size_t span = c->end - c->start, k, oi, f, n, nput = 0, nfix = 0;
	unsigned char *put_back = NULL, *covered = NULL, *gap = NULL, *fix = NULL, *skipped = NULL;
	int rc = 0, explains = 1, more = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span || !e->nold)
		return 0;
	for (k = 0, oi = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->keep)
			return 0; /* the laziness guard's: not a plain rewrite */
		if (ml->kind != SM_HL_ADD && c->lo[oi++] == SM_NOLINE)
			return 0; /* an old line the file does not have (an unmarked addition) */
	}
	covered = sm_calloc(span, 1);
	put_back = sm_calloc(span, 1);
	gap = sm_calloc(span, 1);
	fix = sm_calloc(e->nold, 1);
	skipped = sm_calloc(span, 1);
	if (!covered || !put_back || !gap || !fix || !skipped) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (oi = 0; oi < e->nold; oi++)
		for (f = c->lo[oi]; f < c->hi[oi]; f++)
			if (f >= c->start && f < c->end)
				covered[f - c->start] = 1;
	numbered_gaps(im, e, c, gap);
	sm_splice_skipped_stretches(im, e, c, covered, skipped);
	for (f = c->start; f < c->end; f++) {
		const sm_line *l = sm_ln(im, f);
		long net = 0, paired = 0, net_same = 0;
		if (covered[f - c->start] || l->blank)
			continue;
		/* the new side's copies of its text, less the old side's and those put back; one of
		   them paired with an old line (an addition is the merge's and drop_repeats' to
		   judge: a line left out of both sides and written again in a new function is no
		   tie of the diff) */
		for (k = 0, oi = 0; k < e->nseq; oi += e->seq[k].kind != SM_HL_ADD, k++) {
			if (e->seq[k].l.h_indent != l->h_indent)
				continue;
			/* a copy of another depth that the old side deletes ("    f(x);" for
			   "f(x);") is another line: not what an addition of this text moved */
			if (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep &&
			    c->hi[oi] == c->lo[oi] + 1 && c->lo[oi] < im->n &&
			    sm_line_h(sm_ln(im, c->lo[oi]), SM_LVL_TYPO) !=
			        sm_line_h(l, SM_LVL_TYPO))
				continue;
			net += sm_mline_is_new(&e->seq[k]);
			net -= e->seq[k].kind != SM_HL_ADD;
			/* a numbered gap's line is kept by a copy at its own depth only: "}" is not
			   the "\t}" or "\t\t}" that close the blocks a change adds */
			if (sm_same_line(im, e, c, f, k))
				net_same += (long)sm_mline_is_new(&e->seq[k]) -
				            (e->seq[k].kind != SM_HL_ADD);
			/* (an old line that carries trailing blanks the file line lacks is that
			   file line: the exact diff wrote it deleted and its new copy added, a pair
			   it would have kept had the model copied the line as the file has it) */
			paired += (e->seq[k].kind == SM_HL_CTX && !twin_beside(im, c, oi, f)) ||
			          (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep &&
			           blank_tail_miscopy(im, e, c, oi));
		}
		for (n = c->start; n < f; n++) {
			net -= put_back[n - c->start] && sm_ln(im, n)->h_indent == l->h_indent;
			net_same -= put_back[n - c->start] && sm_ln(im, n)->h_rstrip == l->h_rstrip;
		}
		/* a text the new side pairs with an old line, however many copies the old side
		   deletes: the diff saw no file and may have paired the new copy with a farther
		   old one, the left-out line then staying beside it (the put-back is kept only if
		   it explains an addition, below); a numbered gap's line: the new side writes a
		   copy the old side does not have, or adds it where it stands (the diff took the
		   old side's other copy for it, moved); and a line whose copies are all additions,
		   taken only if the diff then puts it between the old lines the file has around
		   it (in_place) */
		if ((paired && !skipped[f - c->start]) ||
		    (gap[f - c->start] && (net_same > 0 || adds_in_place(im, e, c, f)))) {
			put_back[f - c->start] = 1;
			nput++;
		} else if (!paired && net > 0) {
			put_back[f - c->start] = 2;
			nput++;
		}
	}
	/* a numbered block's old line that stands on a file line it miscopied only in its
	   typography (a curly quote for a straight one) is that file line: diffed as the file
	   has it, it pairs with the new side's copy as the model meant. So is, when lines are
	   put back, any old line the match took for a miscopy of its file line (or that carries
	   trailing blanks the file line lacks), in the reply's indentation (2): the diff pairs the
	   new side's copy of the line with it, not with a neighbour's copy, which would leave lines
	   added between a line put back and the old lines around it (put_back_in_place) */
	for (oi = 0; oi < e->nold; oi++) {
		fix[oi] = e->old_no && typo_miscopy(im, e, c, oi);
		if (!fix[oi] && nput &&
		    (miscopied(im, e, c, oi) || blank_tail_miscopy(im, e, c, oi)))
			fix[oi] = 2;
		nfix += fix[oi] != 0;
	}
	if (!nput && !nfix)
		goto out;
	rc = refill_edit(im, e, c, put_back, nput, fix, me, out, pool);
	if (rc)
		goto out;
	/* with old lines fixed too, each line put back and deleted must leave fewer additions
	   of its own text than the fixes alone do (the count below credits the lines put back
	   with the additions the fixes take away) */
	if (nput && nfix) {
		sm_medit base;
		sm_cand bc;
		unsigned char *none = sm_calloc(span, 1);
		memset(&bc, 0, sizeof(bc));
		rc = none ? refill_edit(im, e, c, none, 0, fix, &base, &bc, pool) : SEAM_ENOMEM;
		sm_free(none);
		if (!rc) {
			explains = put_back_explains(me, out, &base, put_back, c->start, c->end);
			sm_prep_dispose(&base);
			sm_free(bc.lo);
			sm_free(bc.hi);
		} else {
			sm_prep_dispose(me);
			sm_free(out->lo);
			sm_free(out->hi);
			goto out;
		}
	}
	/* taken only when the lines put back explain lines of the new side the first diff wrote
	   as additions: a line left out of both sides, whose text the new side writes elsewhere
	   (a new function made from the old one), explains none and stays where it is. With as
	   many additions either way, only when each line put back stands for the new side's copy
	   of it (the two diffs tie, but the first writes the line once more than the new side
	   does, beside the copy it pairs). So too with old lines fixed: the additions they take
	   away (a miscopied or cut line the new side gives back whole) are theirs, and say
	   nothing of the lines put back */
	if (!rc && nput && me->nold == e->nold + nput) {
		more = sm_refill_deletes_unshown(im, e, c, me, out, put_back, c->start, c->end);
		if (more < 0) {
			sm_prep_dispose(me);
			sm_free(out->lo);
			sm_free(out->hi);
			rc = SEAM_ENOMEM;
			goto out;
		}
	}
	if (!rc && (!explains || more || me->nold != e->nold + nput ||
	            (additions(me) > additions(e) || (additions(me) == additions(e) && !nput) ||
	             (nput && !put_back_paired(im, me, out, put_back, c->start, c->end)) ||
	             !put_back_in_place(im, me, out, put_back, c->start, c->end)))) {
		sm_prep_dispose(me);
		rc = 0;
	} else if (!rc) {
		me->whole = e->whole;
		out->start = c->start;
		out->end = c->end;
		out->cost = c->cost;
		out->tier = c->tier;
		out->delta = c->delta;
		out->tabw = c->tabw;
		out->use_tabs = c->use_tabs;
		out->shifted = c->shifted;
		rc = 1;
	}
	if (rc != 1) {
		sm_free(out->lo);
		sm_free(out->hi);
	}
out:
	sm_free(covered);
	sm_free(put_back);
	sm_free(gap);
	sm_free(fix);
	sm_free(skipped);
	return rc;
}
