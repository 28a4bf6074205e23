/*
 * File lines inside the region that the old side left out: dropped where the new side, the
 * region's complete text, already writes them (repeats, blank lines that would stand doubled),
 * or put back into the old side where the reply rewrites them (refill), and the left-out line a
 * rewrite does not decide (sm_splice_left_out_in_rewrite).
 */
#include "splice_left_out.h"
#include "splice_edge.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* 1 when file line f stays as it is: outside the region, or stood for by an old line that is
 * kept (context) */
static int stays(const sm_cand *c, const unsigned char *kept, size_t f)
{
	return f < c->start || f >= c->end || kept[f - c->start];
}

/*
 * 1 when addition k comes with a neighbour that copies the file's neighbour of left-out line f
 * on the same side: the line above (below) k is an addition too, equal to the line above
 * (below) f, and that file line stays. The new side then writes a copy of f's surroundings (a
 * new function made from an old one), and f, left out of both sides, is not what it moved. A
 * neighbour of substance only (solid_line): a `}` beside f is beside most lines.
 */
static int copies_neighbour(const sm_image *im, const sm_medit *e, const sm_cand *c,
                            const unsigned char *kept, const size_t *addseg, size_t f, size_t k)
{
	int d;

	for (d = -1; d <= 1; d += 2) {
		size_t g = f + (size_t)d, kk = k + (size_t)d;
		if ((d < 0 && (!f || !k)) || (d > 0 && (g >= im->n || kk >= e->nseq)))
			continue;
		if (addseg[kk] == SIZE_MAX || !solid_line(sm_ln(im, g)) || !stays(c, kept, g))
			continue;
		if (e->seq[kk].l.h_indent == sm_ln(im, g)->h_indent)
			return 1;
	}
	return 0;
}

/*
 * A whole-sides rewrite gives its region's complete new text: a file line its old side left out
 * (a gap in a numbered block, a line the repair skipped) that the new side writes in another
 * segment (a reordered block) is that line, not one to keep beside it. Such a line is marked 2
 * in del while keeping it would leave the region with more copies of its text than the new side
 * has. A line the merge of its own segment can pair with an addition is left to that merge, and
 * only distinctive lines are judged (a lone "}" is everywhere).
 */
static void skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const unsigned char *covered, unsigned char *skipped);

int sm_drop_repeats(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del)
{
	size_t span = c->end - c->start, k, oi, j, f, nanch, nout, *segof, *addseg, *ahi;
	unsigned char *kept, *covered, *skipped;
	int rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span)
		return 0;
	segof = sm_malloc(span * sizeof(*segof));
	addseg = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*addseg));
	ahi = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*ahi));
	kept = sm_calloc(span, 1);
	covered = sm_calloc(span, 1);
	skipped = sm_calloc(span, 1);
	if (!segof || !addseg || !ahi || !kept || !covered || !skipped) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (j = 0; j < span; j++)
		segof[j] = SIZE_MAX; /* left out (SIZE_MAX - 1: an old line stands for it) */
	/* the segment of each written new line: the anchors (context standing on the file)
	   before it; the file lines each old line stands for are not left out */
	for (k = 0, oi = 0, nanch = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		addseg[k] = SIZE_MAX;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (lo == SM_NOLINE) {
			if (sm_mline_is_new(ml) && !(ml->kind == SM_HL_DEL))
				addseg[k] = nanch; /* written as an addition */
			continue;
		}
		for (f = lo; f < hi; f++)
			if (f >= c->start && f < c->end) {
				segof[f - c->start] = SIZE_MAX - 1;
				kept[f - c->start] = ml->kind != SM_HL_DEL || ml->keep;
			}
		if (sm_mline_is_new(ml) && hi > lo)
			ahi[nanch++] = hi;
	}
	/* a left-out line is in the segment after the anchors above it (anchors come in file
	   order) */
	for (j = 0, k = 0; j < span; j++) {
		while (k < nanch && ahi[k] <= c->start + j)
			k++;
		if (segof[j] == SIZE_MAX)
			segof[j] = k;
	}
	for (j = 0, nout = 0; j < span; j++)
		nout += segof[j] != SIZE_MAX - 1;
	/* the stretches a merged hunk passed over between its halves: the new side says
	   nothing of the copies there */
	for (j = 0; j < span; j++)
		covered[j] = segof[j] == SIZE_MAX - 1;
	skipped_stretches(im, e, c, covered, skipped);
	/* a line is a candidate when its text is added in another segment, no fewer times than
	   the old side deletes it (kept, the region would hold a copy more than the new side:
	   an addition and a deletion of the text are not a move of it past its left-out copy) */
	for (j = 0; j < span && nout <= SM_SPLICE_MAX_LEFT_OUT; j++) {
		const sm_line *l = sm_ln(im, c->start + j);
		uint64_t h = l->h_indent;
		long net = 0, same_add = 0, other_add = 0, other_del = 0, given_back = 0, claimed;
		int same_seg = 0, added = 0;
		if (segof[j] == SIZE_MAX - 1 || l->blank || !solid_line(l))
			continue;
		for (k = 0, oi = 0; k < e->nseq; k++) {
			size_t lo = SM_NOLINE;
			if (e->seq[k].kind != SM_HL_ADD && c->hi[oi] == c->lo[oi] + 1)
				lo = c->lo[oi];
			oi += e->seq[k].kind != SM_HL_ADD;
			/* a deletion by the text of the file line it stands on too: a line cut
			   short or miscopied that the new side gives back whole deletes that line,
			   and the addition is it written again, not a left-out line moved */
			if (e->seq[k].l.h_indent != h &&
			    !(e->seq[k].kind == SM_HL_DEL && lo != SM_NOLINE &&
			      deleted_text(im, e, c, k, oi - 1, h) == h))
				continue;
			if (addseg[k] != SIZE_MAX) {
				if (copies_neighbour(im, e, c, kept, addseg, c->start + j, k))
					continue;
				same_seg |= addseg[k] == segof[j];
				if (!sm_same_line(im, e, c, c->start + j, k)) {
					other_add++;
					continue;
				}
				net++;
				same_add++;
			} else if (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep) {
				/* a copy of another depth deleted ("    f(x);" for "f(x);") is
				   another line: the addition is not that one moved */
				if (lo == SM_NOLINE || sm_line_h(sm_ln(im, lo), SM_LVL_TYPO) ==
				                           sm_line_h(l, SM_LVL_TYPO)) {
					net--;
					/* an old line miscopied or cut short: the addition of its
					   file line's text is that line given back */
					given_back += e->seq[k].l.h_indent != h;
				} else {
					other_del++;
				}
			}
		}
		/* an addition written at another depth than the left-out line is first that
		   deleted copy of another depth written again (re-indented), and one at its depth
		   first a miscopied line given back whole: only the rest may be the left-out line
		   moved. As many additions as deletions move it only when one of those is left:
		   otherwise the additions are the deleted copies rewritten, and a line the edit
		   does not name stays */
		added = same_add > given_back;
		if (other_add > other_del)
			net += other_add - other_del;
		/* copies of it dropped already count against the additions */
		for (f = 0, claimed = 0; f < j; f++)
			claimed += del[f] == 3 && sm_ln(im, c->start + f)->h_indent == h;
		net -= claimed;
		/* (a line of a stretch a merged hunk passed over is not among the copies the
		   new side counts: as many additions as deletions move none of it; nor when the
		   one addition left is the move of a copy above, dropped already) */
		if ((net > 0 || (net == 0 && !claimed && added && !skipped[j])) && !same_seg)
			del[j] = 3; /* candidate */
	}
	/* a run of left-out lines is moved only when the new side has every line of it: one line
	   of a longer run equal to an addition is a coincidence (hunks merged over a gap) */
	for (j = 0; j < span; j = f) {
		int all = 1, any = 0;
		if (segof[j] == SIZE_MAX - 1) {
			f = j + 1;
			continue;
		}
		for (f = j; f < span && segof[f] != SIZE_MAX - 1; f++) {
			if (sm_ln(im, c->start + f)->blank)
				continue;
			all &= del[f] == 3;
			any |= del[f] == 3;
		}
		for (k = j; k < f; k++)
			if (del[k] == 3)
				del[k] = all && any ? 2 : 0;
	}
out:
	sm_free(segof);
	sm_free(addseg);
	sm_free(ahi);
	sm_free(kept);
	sm_free(covered);
	sm_free(skipped);
	return rc;
}

/*
 * A whole-sides rewrite whose old side left out a blank file line (the blank-lines tier let it
 * go) and deletes the lines between it and a blank line it keeps as context: kept, the two
 * would stand together where the new side, the region's complete text, has the one. Such a
 * left-out line is marked 2 in del (not written) when nothing is added between it and that
 * blank line. So is a left-out blank line between two lines the old side deletes (the nearest
 * non-blank ones): it is inside the stretch the new side rewrites. Blank lines that stood
 * together in the file before, beside a kept one, are left as they are: there the old side may
 * have merely miscounted them.
 */
int sm_drop_blank_joins(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del)
{
	size_t span = c->end - c->start, k, oi, j, g, nanch, *segof, *addseg, *ahi;
	unsigned char *st; /* per span line: 0 left out, 1 deleted, 2 kept */
	int d;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span)
		return 0;
	st = sm_calloc(span, 1);
	segof = sm_malloc(span * sizeof(*segof));
	addseg = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*addseg));
	ahi = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*ahi));
	if (!st || !segof || !addseg || !ahi) {
		sm_free(st);
		sm_free(segof);
		sm_free(addseg);
		sm_free(ahi);
		return SEAM_ENOMEM;
	}
	/* what each old line stands for; the anchors before each written addition */
	for (k = 0, oi = 0, nanch = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE, f;
		addseg[k] = SIZE_MAX;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (lo == SM_NOLINE) {
			if (sm_mline_is_new(ml))
				addseg[k] = nanch;
			continue;
		}
		for (f = lo; f < hi; f++)
			if (f >= c->start && f < c->end)
				st[f - c->start] = sm_mline_is_new(ml) ? 2 : 1;
		if (sm_mline_is_new(ml) && hi > lo)
			ahi[nanch++] = hi;
	}
	/* a file line is in the segment after the anchors above it (in file order) */
	for (j = 0, k = 0; j < span; j++) {
		while (k < nanch && ahi[k] <= c->start + j)
			k++;
		segof[j] = k;
	}
	for (j = 0; j < span; j++) {
		int added = 0, inside = 1;
		if (st[j] || !sm_ln(im, c->start + j)->blank || del[j])
			continue;
		for (d = -1; d <= 1 && inside; d += 2) {
			for (g = j + (size_t)d;
			     g < span && !st[g] && sm_ln(im, c->start + g)->blank; g += (size_t)d)
				;
			inside = g < span && st[g] == 1;
		}
		if (inside) {
			del[j] = 2;
			continue;
		}
		for (k = 0; k < e->nseq && !added; k++)
			added = addseg[k] == segof[j];
		if (added)
			continue;
		for (d = -1; d <= 1; d += 2) {
			for (g = j + (size_t)d; g < span && st[g] == 1; g += (size_t)d)
				;
			if (g < span && g != j + (size_t)d && st[g] == 2 &&
			    sm_ln(im, c->start + g)->blank) {
				del[j] = 2;
				break;
			}
		}
	}
	sm_free(st);
	sm_free(segof);
	sm_free(addseg);
	sm_free(ahi);
	return 0;
}

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
 * line it left out, not one it deletes, and when its new side writes that line's text (more
 * copies than the old side has), the new side kept it: it is put back too, whether or not the
 * diff paired its copy (a miscopied old line can make the diff pair a later old line with an
 * earlier new one, and take the left-out line's copy for an addition).
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
	return x->n == y->n && !memcmp(x->p, y->p, x->n);
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
	return x->n == y->n && !memcmp(x->p, y->p, x->n);
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
	return a->n == l->n && !memcmp(a->p, l->p, l->n);
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
 * writes elsewhere (a new function made from the old one) is not, and stays the file's.
 * [start, end) the span put_back covers.
 */
static int put_back_in_place(const sm_image *im, const sm_medit *me, const sm_cand *c,
                             const unsigned char *put_back, size_t start, size_t end)
{
	size_t i;

	for (i = 0; i < me->nold; i++) {
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    put_back[c->lo[i] - start] != 2)
			continue;
		if (me->seq[me->old[i]].kind != SM_HL_CTX)
			return 0;
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
			if (e->seq[kk].kind == SM_HL_ADD && solid_line(sm_ln(im, g)) &&
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

/* 1 when the new side of e writes a line of text h (indentation aside). */
static int new_side_has(const sm_medit *e, uint64_t h)
{
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (sm_mline_is_new(&e->seq[k]) && e->seq[k].l.h_indent == h)
			return 1;
	return 0;
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
		if (!covered[g] && t->n == l->n && !memcmp(t->p, l->p, l->n))
			return 1;
	}
	return 0;
}

/* Marks in skipped (per line of c's span) the stretches the old side skipped: runs of lines no
 * old line stands for (off_side: the twins beside them too) one of whose lines of substance
 * the new side has no copy of. Such a stretch is a merged hunk's between its halves: its lines
 * stay as the file has them, and a context line of the new side with the text of one of them
 * stands for the other half's line, not for it. */
static void skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
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
			skip |= !covered[z] && !l->blank && !new_side_has(e, l->h_indent);
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

int sm_refill(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *me, sm_cand *out,
              sm_pool *pool)
{
	size_t span = c->end - c->start, k, oi, f, n, nput = 0, nfix = 0, nl = 0;
	unsigned char *put_back = NULL, *covered = NULL, *gap = NULL, *fix = NULL, *skipped = NULL;
	sm_edit ed;
	int rc = 0;

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
	skipped_stretches(im, e, c, covered, skipped);
	for (f = c->start; f < c->end; f++) {
		const sm_line *l = sm_ln(im, f);
		long net = 0, paired = 0;
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
			/* (an old line that carries trailing blanks the file line lacks is that
			   file line: the exact diff wrote it deleted and its new copy added, a pair
			   it would have kept had the model copied the line as the file has it) */
			paired += e->seq[k].kind == SM_HL_CTX ||
			          (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep &&
			           blank_tail_miscopy(im, e, c, oi));
		}
		for (n = c->start; n < f; n++)
			net -= put_back[n - c->start] && sm_ln(im, n)->h_indent == l->h_indent;
		/* a text the new side pairs with an old line, however many copies the old side
		   deletes: the diff saw no file and may have paired the new copy with a farther
		   old one, the left-out line then staying beside it (the put-back is kept only if
		   it explains an addition, below); a numbered gap's line: the new side writes a
		   copy the old side does not have, or adds it where it stands (the diff took the
		   old side's other copy for it, moved); and a line whose copies are all additions,
		   taken only if the diff then puts it between the old lines the file has around
		   it (in_place) */
		if ((paired && !skipped[f - c->start]) ||
		    (gap[f - c->start] && (net > 0 || adds_in_place(im, e, c, f)))) {
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
		rc = SEAM_ENOMEM;
		goto out;
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
				rc = SEAM_ENOMEM;
				goto out;
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
	rc = sm_prep_edit(me, &ed);
	sm_free(ed.lines);
	/* taken only when the lines put back explain lines of the new side the first diff wrote
	   as additions: a line left out of both sides, whose text the new side writes elsewhere
	   (a new function made from the old one), explains none and stays where it is. With as
	   many additions either way, only when each line put back stands for the new side's copy
	   of it (the two diffs tie, but the first writes the line once more than the new side
	   does, beside the copy it pairs). So too with old lines fixed: the additions they take
	   away (a miscopied or cut line the new side gives back whole) are theirs, and say
	   nothing of the lines put back */
	if (!rc && (me->nold != e->nold + nput ||
	            (additions(me) > additions(e) || (additions(me) == additions(e) && !nput) ||
	             (nput && !put_back_paired(im, me, out, put_back, c->start, c->end)) ||
	             !put_back_in_place(im, me, out, put_back, c->start, c->end)))) {
		sm_prep_dispose(me);
		rc = 0;
	} else if (!rc) {
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

/* The first file line of substance inside c's region that no old line stands for, alone
 * between the nearest old lines that stand on the file, one of them a deletion, and whose text
 * (indentation aside) the new side holds only on lines the sides' diff pairs with other old
 * lines (an addition of that text is the left-out line written again, which the splice writes
 * once: drop_repeats); SM_NOLINE when none (see sm_splice_left_out_in_rewrite). One walk over
 * the old lines and the lines between them, and over the edit per line left out. */
static size_t left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t oi, k, f, prev = SM_NOLINE, prev_hi = 0;

	for (oi = 0; oi < e->nold; oi++) {
		const sm_mline *ml = &e->seq[e->old[oi]];
		if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		/* one line left out (a merged hunk's skip is a stretch), beside a deletion */
		if (prev != SM_NOLINE && prev_hi + 1 == c->lo[oi] &&
		    ((ml->kind == SM_HL_DEL && !ml->keep) ||
		     (e->seq[e->old[prev]].kind == SM_HL_DEL && !e->seq[e->old[prev]].keep)))
			for (f = prev_hi; f < c->lo[oi]; f++) {
				const sm_line *l = sm_ln(im, f);
				int ctx = 0, added = 0;
				if (l->blank)
					continue;
				for (k = 0; k < e->nseq; k++)
					if (sm_mline_is_new(&e->seq[k]) &&
					    e->seq[k].l.h_indent == l->h_indent) {
						added |= e->seq[k].kind == SM_HL_ADD;
						ctx |= e->seq[k].kind != SM_HL_ADD;
					}
				if (ctx && !added)
					return f;
			}
		prev = oi;
		prev_hi = c->hi[oi];
	}
	return SM_NOLINE;
}

size_t sm_splice_left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_medit me, sl;
	sm_cand out;
	sm_pool pool = {0};
	size_t f = SM_NOLINE;
	int rc, slid = sm_slide_copies(im, e, c, &sl);

	if (slid < 0)
		return SM_NOLINE; /* out of memory: the splice says so */
	if (slid)
		e = &sl;
	/* as the splice reads the edit: a line refill puts back is the new side's */
	rc = sm_refill(im, e, c, &me, &out, &pool);
	if (rc == 1) {
		sm_prep_dispose(&me);
		sm_free(out.lo);
		sm_free(out.hi);
	} else if (rc == 0) {
		f = left_out_in_rewrite(im, e, c);
	}
	sm_pool_dispose(&pool);
	if (slid)
		sm_prep_dispose(&sl);
	return f;
}

/* Counts into *n the run of seq lines of exact text h around a gap, walked on one side from
 * seq[from] in direction dir (new side: deletions skipped; old side: additions skipped), keeping
 * their bounds; *moved set when one of them is not context (added or deleted). */
static void run_walk(const sm_medit *e, uint64_t h, size_t from, int dir, int new_side, size_t *n,
                     size_t *lo, size_t *hi, int *moved)
{
	size_t k = from;

	while (k < e->nseq) {
		const sm_mline *ml = &e->seq[k];
		int on_side = new_side ? sm_mline_is_new(ml) : ml->kind != SM_HL_ADD;
		if (on_side) {
			if (sm_line_h(&ml->l, SM_LVL_EXACT) != h)
				break;
			*moved |= ml->kind != SM_HL_CTX;
			if (*n == 0 || k < *lo)
				*lo = k;
			if (*n == 0 || k > *hi)
				*hi = k;
			++*n;
		}
		if (dir < 0 && !k)
			break;
		k += (size_t)dir;
	}
}

/* 1 when the gap between old lines a and b (seq indexes ka < kb) could stand elsewhere among
 * the copies of text h around it: a run of that text on one side reaches across the gap (copies
 * before it and after it), and the two sides' runs are not the same context lines (an addition
 * or a deletion of that text beside it, or the diff pairing copies from across other lines). A
 * run on one side of the gap only puts its copies there whatever the pairing. */
static int gap_slides(const sm_medit *e, uint64_t h, size_t ka, size_t kb)
{
	size_t nb = 0, na = 0, ob = 0, oa = 0, nlo = 0, nhi = 0, olo = 0, ohi = 0, k;
	int moved = 0;

	/* the new side: back from just before b, and on from b when the lines between a and b
	   are all of that text */
	run_walk(e, h, kb - 1, -1, 1, &nb, &nlo, &nhi, &moved);
	for (k = ka + 1; k < kb; k++)
		if (sm_mline_is_new(&e->seq[k]) && sm_line_h(&e->seq[k].l, SM_LVL_EXACT) != h)
			break;
	na = nb;
	if (k == kb)
		run_walk(e, h, kb, 1, 1, &na, &nlo, &nhi, &moved);
	na -= nb;
	run_walk(e, h, ka, -1, 0, &ob, &olo, &ohi, &moved);
	oa = ob;
	run_walk(e, h, kb, 1, 0, &oa, &olo, &ohi, &moved);
	oa -= ob;
	if (!((nb && na) || (ob && oa)))
		return 0;
	return moved || nb != ob || na != oa || nlo != olo || nhi != ohi;
}

size_t sm_splice_gap_slides(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_medit me, sl;
	sm_cand out;
	sm_pool pool = {0};
	const sm_medit *r = e;
	const sm_cand *rc_c = c;
	size_t f = SM_NOLINE, oi, ka = 0;
	int rc, whole, slid = sm_slide_copies(im, e, c, &sl);

	if (slid < 0)
		return SM_NOLINE;
	if (slid)
		e = r = &sl;
	rc = sm_refill(im, e, c, &me, &out, &pool);
	if (rc == 1) {
		r = &me;
		rc_c = &out;
	}
	/* whole sides only: a hunk's kinds are the model's pairing */
	whole = e->blocklike && e->kind == SM_KIND_BLOCK;
	for (oi = 0; rc >= 0 && whole && oi < r->nold && f == SM_NOLINE; oi++) {
		size_t kb = r->old[oi], g;
		int solid = 0;
		if (rc_c->lo[oi] == SM_NOLINE)
			break;
		if (oi && rc_c->lo[oi - 1] != SM_NOLINE && rc_c->hi[oi - 1] < rc_c->lo[oi]) {
			for (g = rc_c->hi[oi - 1]; g < rc_c->lo[oi]; g++)
				solid |= !sm_ln(im, g)->blank;
			ka = r->old[oi - 1];
			if (solid &&
			    ((!r->seq[ka].l.blank &&
			      gap_slides(r, sm_line_h(&r->seq[ka].l, SM_LVL_EXACT), ka, kb)) ||
			     (!r->seq[kb].l.blank &&
			      gap_slides(r, sm_line_h(&r->seq[kb].l, SM_LVL_EXACT), ka, kb))))
				f = rc_c->hi[oi - 1];
		}
	}
	if (rc == 1) {
		sm_prep_dispose(&me);
		sm_free(out.lo);
		sm_free(out.hi);
	}
	sm_pool_dispose(&pool);
	if (slid)
		sm_prep_dispose(&sl);
	return f;
}
