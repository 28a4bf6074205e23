/*
 * File lines inside the region that the old side left out while the new side, the region's
 * complete text, already writes them (repeats, blank lines that would stand doubled): dropped,
 * or the file would hold them twice. Apart from the refill (splice_left_out.c), which puts
 * such lines back into the old side instead, because these rules only mark lines in del.
 */
#include "splice_drop.h"
#include "splice_left_out.h"
#include "splice_edge.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <stdlib.h>

/* 1 when file line f stays as it is: outside the region, or stood for by an old line that is
 * kept (context) */
static int stays(const sm_cand *c, const unsigned char *kept, size_t f)
{
	return f < c->start || f >= c->end || kept[f - c->start];
}

/* 1 when the new side writes more copies of text h than the old side has: an addition of it
 * is then one more copy, not an old line of that text the diff deleted and wrote again. An old
 * line is counted by the text it deletes (deleted_text): one cut short or miscopied that the new
 * side writes whole is a copy the old side has. */
static int more_copies(const sm_image *im, const sm_medit *e, const sm_cand *c, uint64_t h)
{
	size_t k, oi;
	long n = 0;

	for (k = 0, oi = 0; k < e->nseq; k++) {
		int old = e->seq[k].kind != SM_HL_ADD;
		uint64_t t = e->seq[k].l.h_indent;
		if (old && e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep)
			t = deleted_text(im, e, c, k, oi, h);
		oi += old;
		if (t != h)
			continue;
		n += sm_mline_is_new(&e->seq[k]);
		n -= old;
	}
	return n > 0;
}

/*
 * 1 when addition k comes with a neighbour that copies the file's neighbour of left-out line f
 * on the same side: the line above (below) k is an addition too, equal to the line above
 * (below) f, and that file line stays. The new side then writes a copy of f's surroundings (a
 * new function made from an old one), and f, left out of both sides, is not what it moved. A
 * neighbour of substance only (solid_line): a `}` beside f is beside most lines. Only when the
 * new side writes that neighbour's text more often than the old side has it: otherwise the
 * addition is an old copy of it moved (of two twins the diff kept one as context, which one is
 * its choice: "stays" says nothing), and f moved with it.
 */
static int copies_neighbour(const sm_image *im, const sm_medit *e, const sm_cand *c,
                            const unsigned char *kept, const size_t *addseg, size_t f, size_t k)
{
	int d;

	for (d = -1; d <= 1; d += 2) {
		size_t g = f + (size_t)d, kk = k + (size_t)d;
		if ((d < 0 && (!f || !k)) || (d > 0 && (g >= im->n || kk >= e->nseq)))
			continue;
		if (addseg[kk] == SIZE_MAX || !sm_line_of_substance(sm_ln(im, g)) ||
		    !stays(c, kept, g))
			continue;
		if (e->seq[kk].l.h_indent == sm_ln(im, g)->h_indent &&
		    more_copies(im, e, c, sm_ln(im, g)->h_indent))
			return 1;
	}
	return 0;
}

/* The new-side line beside seq line k on side d (-1 above, 1 below), deletions passed over;
 * SIZE_MAX when none. */
static size_t new_beside(const sm_medit *e, size_t k, int d)
{
	for (k += (size_t)d; k < e->nseq; k += (size_t)d)
		if (sm_mline_is_new(&e->seq[k]))
			return k;
	return SIZE_MAX;
}

/*
 * 1 when some new-side line with the text of left-out line f comes between two new-side lines that
 * copy f's file neighbours, and the old side deletes both of them: the new side writes the
 * three together elsewhere, a block moved whole, and f, between two lines that go, is moved
 * with them even when it is too short (a lone "else:") to be judged by its text alone. The
 * neighbours must be copied lines, one of them of substance, one an addition; the other may be
 * context on another copy of its text (the sides' diff paired it there, and the old side deletes
 * the neighbour all the same). At most one may be blank (a blank line is beside anything), and
 * only an added one beside an added neighbour of substance. The line with f's text may be
 * context too, on another file line of that text: of two equal new lines the diff paired one,
 * and which one is its choice (the count of its text, sm_drop_repeats, still decides).
 */
static int moved_between(const sm_image *im, const sm_medit *e, const sm_cand *c,
                         const unsigned char *kept, const size_t *segof, const size_t *addseg,
                         size_t f)
{
	uint64_t h = sm_ln(im, f)->h_indent;
	size_t k;
	int d, both, solid, added;

	if (f <= c->start || f + 1 >= c->end)
		return 0;
	for (k = 1; k + 1 < e->nseq; k++) {
		int blank = 0, solid_added = 0;
		if (!sm_mline_is_new(&e->seq[k]) || e->seq[k].l.h_indent != h)
			continue;
		for (d = -1, both = 1, solid = 0, added = 0; d <= 1 && both; d += 2) {
			size_t g = f + (size_t)d, kk = new_beside(e, k, d);
			const sm_line *l = sm_ln(im, g);
			int add = kk != SIZE_MAX && addseg[kk] != SIZE_MAX;
			both = kk != SIZE_MAX && segof[g - c->start] == SIZE_MAX - 1 &&
			       !kept[g - c->start] && e->seq[kk].l.h_indent == l->h_indent &&
			       (!l->blank || add);
			blank += l->blank;
			solid |= sm_line_of_substance(l);
			solid_added |= sm_line_of_substance(l) && add;
			added |= add;
		}
		if (both && solid && added && (!blank || (blank == 1 && solid_added)))
			return 1;
	}
	return 0;
}

/* How many file lines of segment s (segall: each span line's) the old side deletes that have
 * text h (indentation aside): the segment's merge gives each back one addition of that text
 * (splice.c, give_backs), which then pairs with no line the old side left out. */
static long seg_deletes(const sm_image *im, const sm_cand *c, const unsigned char *kept,
                        const size_t *segof, const size_t *segall, size_t s, uint64_t h)
{
	size_t j;
	long n = 0;

	for (j = 0; j < c->end - c->start; j++)
		n += segall[j] == s && segof[j] == SIZE_MAX - 1 && !kept[j] &&
		     sm_ln(im, c->start + j)->h_indent == h;
	return n;
}

/*
 * 1 when the old lines standing on file lines f - 1 and f + 1 are both context, with nothing
 * added between them: the new side passes over left-out line f right where the old side does,
 * both sides saying nothing of it.
 */
static int passed_over_in_place(const sm_medit *e, const sm_cand *c, size_t f)
{
	size_t k, oi, above = SIZE_MAX, below = SIZE_MAX;

	if (!f)
		return 0;
	for (k = 0, oi = 0; k < e->nseq; k++) {
		if (e->seq[k].kind == SM_HL_ADD)
			continue;
		if (c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1) {
			if (c->lo[oi] + 1 == f)
				above = k;
			if (c->lo[oi] == f + 1)
				below = k;
		}
		oi++;
	}
	if (above == SIZE_MAX || below == SIZE_MAX || above > below ||
	    e->seq[above].kind != SM_HL_CTX || e->seq[below].kind != SM_HL_CTX)
		return 0;
	for (k = above + 1; k < below; k++)
		if (e->seq[k].kind == SM_HL_ADD)
			return 0;
	return 1;
}

/*
 * 1 when addition k is a left-out line of its own segment written where it stands: that
 * segment holds as many left-out lines the splice would write as k (same_line), of k's text,
 * as there are such additions up to k. The new side keeps the line there (a context line
 * dropped from the old side only, issue 11: the left-out line itself is context, not an
 * addition), and the segment's merge pairs the two: it is no copy written elsewhere for
 * another left-out line of that text to have moved to (that line, of a stretch the old side
 * skips, stays).
 */
static int written_in_place(const sm_image *im, const sm_medit *e, const sm_cand *c,
                            const size_t *segof, const size_t *addseg, size_t k)
{
	size_t span = c->end - c->start, j, x, outs = 0, rank = 0;

	for (j = 0; j < span; j++)
		outs += segof[j] == addseg[k] && !sm_ln(im, c->start + j)->blank &&
		        sm_same_line(im, e, c, c->start + j, k);
	for (x = 0; x < k && rank < outs; x++)
		rank += addseg[x] == addseg[k] && e->seq[x].l.h_indent == e->seq[k].l.h_indent;
	return rank < outs;
}

/*
 * A whole-sides rewrite gives its region's complete new text: a file line its old side left out
 * (a gap in a numbered block, a line the repair skipped) that the new side writes in another
 * segment (a reordered block) is that line, not one to keep beside it. Such a line is marked 2
 * in del while keeping it would leave the region with more copies of its text than the new side
 * has. A line the merge of its own segment can pair with an addition is left to that merge, and
 * only distinctive lines are judged (a lone "}" is everywhere).
 */
int sm_drop_repeats(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del)
{
	size_t span = c->end - c->start, k, oi, j, f, nanch, nout, *segof, *addseg, *ahi, *segall;
	unsigned char *kept, *covered, *skipped;
	int rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span)
		return 0;
	segof = sm_malloc(span * sizeof(*segof));
	segall = sm_malloc(span * sizeof(*segall));
	addseg = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*addseg));
	ahi = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*ahi));
	kept = sm_calloc(span, 1);
	covered = sm_calloc(span, 1);
	skipped = sm_calloc(span, 1);
	if (!segof || !segall || !addseg || !ahi || !kept || !covered || !skipped) {
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
		segall[j] = k;
		if (segof[j] == SIZE_MAX)
			segof[j] = k;
	}
	for (j = 0, nout = 0; j < span; j++)
		nout += segof[j] != SIZE_MAX - 1;

	/* the stretches a merged hunk passed over between its halves: the new side says
	   nothing of the copies there */
	for (j = 0; j < span; j++)
		covered[j] = segof[j] == SIZE_MAX - 1;
	sm_splice_skipped_stretches(im, e, c, covered, skipped);
	/* a line is a candidate when its text is added in another segment, no fewer times than
	   the old side deletes it (kept, the region would hold a copy more than the new side:
	   an addition and a deletion of the text are not a move of it past its left-out copy) */
	for (j = 0; j < span && nout <= SM_SPLICE_MAX_LEFT_OUT; j++) {
		const sm_line *l = sm_ln(im, c->start + j);
		uint64_t h = l->h_indent;
		long net = 0, same_add = 0, other_add = 0, other_del = 0, given_back = 0, claimed;
		long same_seg = 0;
		int added = 0;
		if (segof[j] == SIZE_MAX - 1 || l->blank)
			continue;
		if (!sm_line_of_substance(l) &&
		    !moved_between(im, e, c, kept, segof, addseg, c->start + j))
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
				if (copies_neighbour(im, e, c, kept, addseg, c->start + j, k) ||
				    (addseg[k] != segof[j] &&
				     written_in_place(im, e, c, segof, addseg, k)))
					continue;
				same_seg += addseg[k] == segof[j];
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
		/* an addition of the segment that one of the segment's deleted lines of that
		   text takes (the merge gives it back: an old line miscopied, at another depth)
		   is not one the merge can pair with the left-out line */
		if (same_seg)
			same_seg -= seg_deletes(im, c, kept, segof, segall, segof[j], h);
		added = same_add > given_back;
		if (other_add > other_del)
			net += other_add - other_del;
		/* copies of it dropped already count against the additions */
		for (f = 0, claimed = 0; f < j; f++)
			claimed += del[f] == 3 && sm_ln(im, c->start + f)->h_indent == h;
		net -= claimed;
		/* (a line of a stretch a merged hunk passed over is not among the copies the
		   new side counts: as many additions as deletions move none of it; nor when the
		   one addition left is the move of a copy above, dropped already. As many
		   additions as deletions are the deleted copies moved as well: only a numbered
		   block's numbers say that its old side means every line of the region, the
		   left-out one too, and its new side the region's text; an old side without
		   them may have passed over the line, a merged hunk's, and it stays) */
		/* (nor when the new side passes over the line where the old side does, its
		   neighbours kept together: the addition is then the twin the old side deletes
		   moved, the numbers saying the line is not one the edit deletes) */
		if ((net > 0 || (net == 0 && e->old_no && !claimed && added && !skipped[j] &&
		                 !passed_over_in_place(e, c, c->start + j))) &&
		    same_seg <= 0)
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
	sm_free(segall);
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
