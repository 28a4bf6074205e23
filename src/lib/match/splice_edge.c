/*
 * The edges of the region a splice rewrites: widened over file lines just past it that the new
 * side repeats (written once), blank edges slid onto the blank lines around lines the old side
 * left out, and runs of copies at an edge taken at their outer end (sm_splice_widen).
 */
#include "splice_edge.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* 1 when file line f is new-side line k as the splice would write it: indentation included
 * (shifted by the match's shift, when it was). */
int sm_same_line(const sm_image *im, const sm_medit *e, const sm_cand *c0, size_t f, size_t k)
{
	const sm_line *a = sm_ln(im, f), *b = &e->seq[k].l;
	sm_cand tmp;
	const sm_cand *c = shift_of(im, e, c0, k, &tmp);

	if (a->blank || b->blank)
		return a->blank && b->blank;
	if (!c->shifted)
		return sm_line_h(a, SM_LVL_TYPO) == sm_line_h(b, SM_LVL_TYPO);
	return a->h_indent == b->h_indent &&
	       (long)sm_text_indent_cols(a->p, a->n, (size_t)c->tabw) ==
	           (long)sm_text_indent_cols(b->p, b->n, (size_t)c->tabw) + c->delta;
}

/* 1 when old line i is a blank context line that stands on no file line (the blank-lines
 * tier let it go). */
static int gone_blank(const sm_medit *e, const sm_cand *c, size_t i)
{
	const sm_mline *ml = &e->seq[e->old[i]];

	return ml->kind == SM_HL_CTX && ml->l.blank &&
	       (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i]);
}

/*
 * A whole-sides rewrite whose new side repeats the file lines right around its old side (a
 * comment above the first SEARCH line, left out of the SEARCH side only; or the lines around
 * the edit, which the model copied on the REPLACE side) is found just inside those lines. When
 * the file lines right above the region equal the new side's first lines, in order and with
 * their indentation, and those are additions, they are taken into the region, where the merge
 * writes them once; the same at the bottom with the new side's last lines. Only for
 * SEARCH/REPLACE-style blocks: a diff's '-' lines say exactly what goes, and its '+' lines may
 * well repeat their neighbours.
 */
/* 1 when the new side adds line k's text more times than the old side deletes it: an added
 * line equal to a deleted one is that line moved, or changed back, not a repeat of the file
 * line beside the region, and absorbing that file line would write the two as one. A deleted
 * line counts by its own text and by that of the file line the match put it on: a miscopied
 * line moved is the file's line moved (a miscopied "wrtieln;" deletes the file's "writeln;"). */
/* 1 when a line the old side deletes before its first context line (after its last, dir -1)
 * of another text than new line k has k's text: the new side's edge line is that line written
 * again where it stood (a miscopied first line given back its text, or a miscopy among the run
 * of copies at the edge), not the file line beyond the region repeated, however many more
 * copies the new side adds further in. */
static int rewrites_edge(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k, int dir)
{
	uint64_t h = e->seq[k].l.h_indent;
	size_t j, oi, n = e->nseq;

	for (j = 0, oi = 0; j < n; j++) {
		size_t at = dir > 0 ? j : n - 1 - j, o;
		const sm_mline *ml = &e->seq[at];
		if (ml->kind == SM_HL_ADD)
			continue;
		o = dir > 0 ? oi : e->nold - 1 - oi;
		oi++;
		if (ml->kind != SM_HL_DEL && ml->l.h_indent == h && !ml->l.blank)
			continue; /* a copy kept: the run of copies at the edge goes on */
		if (ml->kind != SM_HL_DEL)
			return 0; /* the edge's context line: past the edge run */
		if (!ml->keep && deleted_text(im, e, c, at, o, h) == h)
			return 1;
	}
	return 0;
}

/* 1 when the edit e is a run of (e->whole) adds text h no more times than it deletes it: a
 * run's addition of h is then a line another run deletes, moved, not a repeat of the file line
 * beyond the run's edge, which the reply never showed. */
int sm_splice_moved_across_runs(const sm_medit *e, uint64_t h)
{
	const sm_medit *w = e->whole;
	long net = 0;
	size_t j;

	if (!w)
		return 0;
	for (j = 0; j < w->nseq; j++) {
		const sm_mline *ml = &w->seq[j];
		if (ml->l.h_indent != h)
			continue;
		if (ml->kind == SM_HL_ADD)
			net++;
		else if (ml->kind == SM_HL_DEL && !ml->keep)
			net--;
	}
	return net <= 0;
}

static int surplus(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k, int dir,
                   const unsigned char *cov)
{
	uint64_t h = e->seq[k].l.h_indent, hd;
	long net = 0;
	size_t j, oi = 0;

	if (rewrites_edge(im, e, c, k, dir) || sm_splice_moved_across_runs(e, h))
		return 0;
	/* a line of the region no old line stands for (one the old side left out), of this
	   text: the merge writes the addition as that line (flush), so it is no repeat of the
	   line beyond the edge */
	for (j = c->start; cov && j < c->end; j++)
		net -= !cov[j - c->start] && sm_ln(im, j)->h_indent == h;
	for (j = 0; j < e->nseq; j++) {
		const sm_mline *ml = &e->seq[j];
		if (ml->kind == SM_HL_ADD) {
			net += ml->l.h_indent == h;
			continue;
		}
		hd = deleted_text(im, e, c, j, oi, h);
		oi++;
		if (ml->kind == SM_HL_DEL && !ml->keep && hd == h)
			net--;
	}
	return net > 0;
}

void sm_widen(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps, size_t *pe)
{
	size_t k, lead = 0, trail = 0, nn = 0, m, best, i, oi;
	size_t s = c->start, en = c->end;
	int drop_top, drop_bottom;
	size_t *nw;
	unsigned char *anchored, *cov;

	*ps = s;
	*pe = en;
	if (!(e->blocklike && e->kind == SM_KIND_BLOCK))
		return;
	nw = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*nw));
	anchored = sm_malloc(e->nseq ? e->nseq : 1);
	if (!nw || !anchored) {
		sm_free(nw);
		sm_free(anchored);
		return; /* not widened: the merge writes the repeated lines twice, nothing lost */
	}
	/* the new side as the splice writes it: additions (and context lines the file lacks),
	   and context lines standing on file lines (anchored); a blank context line the file
	   does not have there is not written */
	for (k = 0, oi = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (!sm_mline_is_new(ml) || (ml->kind == SM_HL_DEL && lo == SM_NOLINE))
			continue;
		if (ml->kind != SM_HL_ADD && lo != SM_NOLINE && lo == hi)
			continue;
		anchored[nn] = ml->kind != SM_HL_ADD && lo != SM_NOLINE;
		nw[nn++] = k;
	}
	while (lead < nn && !anchored[lead])
		lead++;
	while (trail < nn && !anchored[nn - 1 - trail])
		trail++;
	sm_free(anchored);
	/* the region's lines some old line stands for (cov[f - s]); the others are kept */
	cov = sm_calloc(en > s ? en - s : 1, 1);
	if (!cov) {
		sm_free(nw);
		return; /* not widened: the merge writes the repeated lines twice, nothing lost */
	}
	for (oi = 0; oi < e->nold; oi++)
		for (i = c->lo[oi]; c->lo[oi] != SM_NOLINE && i < c->hi[oi]; i++)
			if (i >= s && i < en)
				cov[i - s] = 1;
	if (lead == nn)
		trail = nn; /* no context: all additions, either edge may repeat */
	/* An old side that starts (ends) with a blank line the match let go of, found just inside
	   file lines that repeat the new side's first (last) lines and have a blank line beyond
	   them: the model left those lines out between its blank line and the next one, and the
	   new side gives them back. Short lines (a comment opener, "}", "Files: *") are then
	   absorbed too. The file's first (last) line has nothing beyond it: its edge bounds the
	   left-out lines as a blank line would. */
	drop_top = e->nold && gone_blank(e, c, 0);
	drop_bottom = e->nold && gone_blank(e, c, e->nold - 1);
	/* top: file[s-m .. s) == new[0 .. m), the longest run holding a distinctive line */
	for (m = lead < s ? lead : s, best = 0; m > 0 && !best; m--) {
		int ok = 1, solid = 0;
		for (i = 0; i < m && ok; i++) {
			ok = sm_same_line(im, e, c, s - m + i, nw[i]) &&
			     (sm_ln(im, s - m + i)->blank || surplus(im, e, c, nw[i], 1, cov));
			solid |= sm_line_of_substance(sm_ln(im, s - m + i));
		}
		solid |= drop_top && (s - m == 0 || sm_ln(im, s - m - 1)->blank);
		if (ok && solid)
			best = m;
	}
	*ps = s - best;
	/* bottom: file[en .. en+m) == new[nn-m .. nn) */
	for (m = trail < im->n - en ? trail : im->n - en, best = 0; m > 0 && !best; m--) {
		int ok = 1, solid = 0;
		for (i = 0; i < m && ok; i++) {
			ok = sm_same_line(im, e, c, en + i, nw[nn - m + i]) &&
			     (sm_ln(im, en + i)->blank ||
			      surplus(im, e, c, nw[nn - m + i], -1, cov));
			solid |= sm_line_of_substance(sm_ln(im, en + i));
		}
		solid |= drop_bottom && (en + m == im->n || sm_ln(im, en + m)->blank);
		if (ok && solid)
			best = m;
	}
	*pe = en + best;
	/* the two runs must not claim the same new lines (a new side shorter than both) */
	if ((s - *ps) + (*pe - en) > nn)
		*pe = en;
	sm_free(nw);
	sm_free(cov);
}

/* 1 when the file lines [a, b) are, in order, among the additions of seq[from..to). */
static int additions_hold(const sm_image *im, const sm_medit *e, size_t from, size_t to, size_t a,
                          size_t b)
{
	size_t k;

	for (k = from; k < to && a < b; k++)
		if (e->seq[k].kind == SM_HL_ADD && e->seq[k].l.h_indent == sm_ln(im, a)->h_indent)
			a++;
	return a == b;
}

/* 1 when old line i stands on a file line of substance or context stands on anything: an
 * anchor of the merge (a context line, or a deletion the guard took back) on the file. */
static int anchored_ctx(const sm_medit *e, const size_t *lo, const size_t *hi, size_t i)
{
	return sm_mline_is_new(&e->seq[e->old[i]]) && lo[i] != SM_NOLINE && hi[i] > lo[i];
}

/*
 * A whole-sides rewrite whose old side ends with blank lines, one of which the match let go of
 * (the file has fewer blank lines there), found just before file lines that the new side adds
 * and a blank line after them: the model left those lines out between its blank lines, and
 * its new side gives them back. Aligned as the match did, the lines would stay below the
 * region and be written a second time; the blank lines of the edge are therefore anchored on
 * the blank lines around the left-out ones, which come inside the region, where the merge
 * writes them once. The same at the top. Only when every left-out line is, in order, an
 * addition of the edge's segment (one of them distinctive), at most SM_SLIDE_MAX_LINES of them.
 * lo, hi (copies of the candidate's) and *start, *end are changed; returns 1 when slid.
 */
static int slide_edge(const sm_image *im, const sm_medit *e, int bottom, size_t *lo, size_t *hi,
                      size_t *start, size_t *end)
{
	size_t n = e->nold, t, i, k, f, p, edge, seg_from, seg_to, b[SM_SLIDE_MAX_LINES + 64], nb;
	int gone = 0, solid = 0;

	if (!n)
		return 0;
	/* t: the old line of substance nearest the edge */
	if (bottom) {
		for (t = n; t > 0 && e->seq[e->old[t - 1]].l.blank; t--)
			;
		if (!t || t == n)
			return 0;
		t--;
	} else {
		for (t = 0; t < n && e->seq[e->old[t]].l.blank; t++)
			;
		if (t == n || t == 0)
			return 0;
	}
	if (lo[t] == SM_NOLINE || hi[t] <= lo[t])
		return 0;
	/* the edge run: blank old lines, some let go, every one placed */
	for (i = bottom ? t + 1 : 0; i < (bottom ? n : t); i++) {
		if (lo[i] == SM_NOLINE)
			return 0;
		gone |= lo[i] == hi[i];
	}
	if (!gone)
		return 0;
	/* between the line of substance and the region's edge, blank file lines only */
	for (f = bottom ? hi[t] : *start; f < (bottom ? *end : lo[t]); f++)
		if (!sm_ln(im, f)->blank)
			return 0;
	/* the left-out lines: up to the next blank line beyond the edge */
	if (bottom) {
		for (p = *end; p < im->n && !sm_ln(im, p)->blank && p - *end <= SM_SLIDE_MAX_LINES;
		     p++)
			solid |= sm_line_of_substance(sm_ln(im, p));
		if (p >= im->n || !sm_ln(im, p)->blank || p == *end ||
		    p - *end > SM_SLIDE_MAX_LINES)
			return 0;
	} else {
		if (!*start)
			return 0;
		for (p = *start - 1;
		     p > 0 && !sm_ln(im, p)->blank && *start - p <= SM_SLIDE_MAX_LINES; p--)
			solid |= sm_line_of_substance(sm_ln(im, p));
		if (!sm_ln(im, p)->blank || p + 1 == *start || *start - p - 1 > SM_SLIDE_MAX_LINES)
			return 0;
	}
	if (!solid)
		return 0;
	/* the edge's segment: from the last anchor before the edge run (to the first after it);
	   a blank line anchors nothing (a whole-sides diff may pair the new lines after one) */
	seg_from = 0;
	seg_to = e->nseq;
	if (bottom) {
		for (i = t + 1; i-- > 0;)
			if (anchored_ctx(e, lo, hi, i) && !e->seq[e->old[i]].l.blank) {
				seg_from = e->old[i] + 1;
				break;
			}
		if (!additions_hold(im, e, seg_from, seg_to, *end, p))
			return 0;
	} else {
		for (i = t; i < n; i++)
			if (anchored_ctx(e, lo, hi, i) && !e->seq[e->old[i]].l.blank) {
				seg_to = e->old[i];
				break;
			}
		if (!additions_hold(im, e, seg_from, seg_to, p + 1, *start))
			return 0;
	}
	/* the blank file lines of the widened edge, outermost first */
	edge = bottom ? hi[t] : lo[t];
	nb = 0;
	if (bottom) {
		for (f = p + 1; f-- > edge && nb < sizeof(b) / sizeof(*b);)
			if (sm_ln(im, f)->blank)
				b[nb++] = f;
	} else {
		for (f = p; f < edge && nb < sizeof(b) / sizeof(*b); f++)
			if (sm_ln(im, f)->blank)
				b[nb++] = f;
	}
	/* the run's lines onto them from the edge inward; lines left over stay let go */
	k = 0;
	if (bottom) {
		for (i = n; i-- > t + 1;) {
			if (k < nb) {
				lo[i] = b[k];
				hi[i] = b[k] + 1;
				k++;
			} else {
				lo[i] = hi[i] = b[k - 1];
			}
		}
		*end = p + 1;
	} else {
		for (i = 0; i < t; i++) {
			if (k < nb) {
				lo[i] = b[k];
				hi[i] = b[k] + 1;
				k++;
			} else {
				lo[i] = hi[i] = b[k - 1] + 1;
			}
		}
		*start = p;
	}
	return 1;
}

/* The candidate as the splice takes it: c, with its blank edges slid (slide_edge) into *out,
 * whose lo and hi are then its own (free them with release). 0 not slid (*out is c), 1 slid,
 * SEAM_ENOMEM when out of memory. */
int sm_settle(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_cand *out)
{
	size_t n = e->nold ? e->nold : 1;
	int top, bottom;

	*out = *c;
	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !e->nold)
		return 0;
	out->lo = sm_malloc(n * sizeof(size_t));
	out->hi = sm_malloc(n * sizeof(size_t));
	if (!out->lo || !out->hi) {
		sm_free(out->lo);
		sm_free(out->hi);
		*out = *c;
		return SEAM_ENOMEM;
	}
	memcpy(out->lo, c->lo, e->nold * sizeof(size_t));
	memcpy(out->hi, c->hi, e->nold * sizeof(size_t));
	bottom = slide_edge(im, e, 1, out->lo, out->hi, &out->start, &out->end);
	top = slide_edge(im, e, 0, out->lo, out->hi, &out->start, &out->end);
	if (top || bottom)
		return 1;
	sm_free(out->lo);
	sm_free(out->hi);
	*out = *c;
	return 0;
}

static void widen_settled(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps,
                          size_t *pe)
{
	sm_cand s;
	int slid = sm_settle(im, e, c, &s);

	/* out of memory: the match's own region (the merge then writes it as matched) */
	sm_widen(im, e, slid < 0 ? c : &s, ps, pe);
	release(&s, slid);
}

/* 1 when l is a line of substance with exactly x's bytes. */
static int same_text(const sm_line *l, const sm_line *x)
{
	return !l->blank && sm_line_same_bytes(l, x);
}

/* 1 when seq[k] is a context line or an addition with x's text: one of a run of copies. */
static int copy_of(const sm_mline *seq, size_t k, const sm_line *x)
{
	return (seq[k].kind == SM_HL_ADD || seq[k].kind == SM_HL_CTX) && same_text(&seq[k].l, x);
}

/*
 * The run of copies at an edge whose additions a move would take to its outer end: bottom,
 * the run of context lines and additions of one text (deletions between them, which the new
 * side does not hold) that ends with the anchor nearest the edge; top, the one that starts
 * with it. seq is e's sequence or a reordered copy of it (the same old lines, in order).
 * [*a, *z] and 1 when an addition of it has an old line on its outer side; 0 when nothing
 * would move.
 */
static int copies_run(const sm_medit *e, const sm_cand *c, const sm_mline *seq, int bottom,
                      size_t *a, size_t *z)
{
	size_t k = 0, oi = 0, n = e->nseq, i, seen = 0;
	const sm_line *x;
	int add_seen = 0;

	/* the anchor nearest the edge: a context line standing on file lines (deletions between
	   it and the edge write nothing) */
	for (i = 0; i < n; i++) {
		k = bottom ? n - 1 - i : i;
		if (seq[k].kind == SM_HL_ADD)
			continue;
		oi = bottom ? e->nold - 1 - seen : seen;
		seen++;
		if (seq[k].kind != SM_HL_DEL || seq[k].keep)
			break;
	}
	if (i == n || seq[k].kind != SM_HL_CTX || seq[k].l.blank || c->lo[oi] == SM_NOLINE ||
	    c->hi[oi] <= c->lo[oi])
		return 0;
	x = &seq[k].l;
	/* the run inward from it, up to its last copy */
	*a = *z = k;
	if (bottom) {
		for (i = k; i-- > 0;) {
			if (copy_of(seq, i, x))
				*a = i;
			else if (seq[i].kind != SM_HL_DEL || seq[i].keep)
				break;
		}
		for (i = *a; i <= *z; i++) {
			if (seq[i].kind == SM_HL_ADD)
				add_seen = 1;
			else if (add_seen)
				return 1;
		}
		return 0;
	}
	for (i = k + 1; i < n; i++) {
		if (copy_of(seq, i, x))
			*z = i;
		else if (seq[i].kind != SM_HL_DEL || seq[i].keep)
			break;
	}
	for (i = *a + 1; i <= *z; i++)
		if (seq[i].kind == SM_HL_ADD && seq[i - 1].kind != SM_HL_ADD)
			return 1;
	return 0;
}

/* Moves the additions of seq[a..z] to its outer end (bottom: the end, top: the start), the
 * other lines in order; tmp holds z - a + 1 lines. */
static void move_copies(sm_mline *seq, size_t a, size_t z, sm_mline *tmp, int bottom)
{
	size_t i, nt = 0;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = a; i <= z; i++)
			if ((seq[i].kind == SM_HL_ADD) == (bottom ? pass == 1 : pass == 0))
				tmp[nt++] = seq[i];
	memcpy(seq + a, tmp, nt * sizeof(*tmp));
}

/*
 * A block's new side that writes a line more times than its old side, beside the old side's
 * copies of it: the diff of the two sides put the additions on one side of the copies, which
 * the sides do not say ([+x, x] is [x, +x]). At an edge past which the file repeats the new
 * side's last (first) lines, the old side left them out and the new side gives them back
 * (widen): the additions are taken at the run's outer end, where widen finds them and the
 * merge writes the file's lines once, as it does when the repeated line is not a copy. *out
 * is then e with its seq reordered (its own seq and old: sm_prep_dispose) and the result 1; 0
 * when e stays (no edge widens more so), SEAM_ENOMEM when out of memory. Nothing is copied
 * unless an edge has such a run (a whole file's edit holds a line a record: issue 12's
 * memory bound).
 */
int sm_slide_copies(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *out)
{
	size_t ws, we, ws2, we2, k, oi, a, z, *to;
	sm_medit m = *e, t = *e;
	sm_mline *ts, *tmp = NULL;
	int side, took = 0, rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !e->nold || !e->nseq ||
	    (!copies_run(e, c, e->seq, 1, &a, &z) && !copies_run(e, c, e->seq, 0, &a, &z)))
		return 0;
	m.seq = sm_malloc(e->nseq * sizeof(*m.seq));
	m.old = sm_malloc(e->nold * sizeof(*m.old));
	t.seq = sm_malloc(e->nseq * sizeof(*t.seq));
	t.old = sm_malloc(e->nold * sizeof(*t.old));
	tmp = sm_malloc(e->nseq * sizeof(*tmp));
	if (!m.seq || !m.old || !t.seq || !t.old || !tmp) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	memcpy(m.seq, e->seq, e->nseq * sizeof(*m.seq));
	memcpy(m.old, e->old, e->nold * sizeof(*m.old));
	widen_settled(im, e, c, &ws, &we);
	for (side = 1; side >= 0; side--) {
		if (!copies_run(e, c, m.seq, side, &a, &z))
			continue;
		memcpy(t.seq, m.seq, e->nseq * sizeof(*t.seq));
		move_copies(t.seq, a, z, tmp, side);
		for (k = 0, oi = 0; k < t.nseq; k++)
			if (t.seq[k].kind != SM_HL_ADD)
				t.old[oi++] = k;
		widen_settled(im, &t, c, &ws2, &we2);
		if (side ? we2 <= we : ws2 >= ws)
			continue; /* not wider at this edge: it stays as the diff wrote it */
		ws = ws2;
		we = we2;
		ts = m.seq;
		m.seq = t.seq;
		t.seq = ts;
		to = m.old;
		m.old = t.old;
		t.old = to;
		took = 1;
	}
	if (took) {
		*out = m;
		m.seq = NULL;
		m.old = NULL;
		rc = 1;
	}
out:
	sm_free(tmp);
	sm_prep_dispose(&t);
	sm_prep_dispose(&m);
	return rc;
}

void sm_splice_widen(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps,
                     size_t *pe)
{
	sm_medit m;
	int rc = sm_slide_copies(im, e, c, &m);

	widen_settled(im, rc == 1 ? &m : e, c, ps, pe);
	if (rc == 1)
		sm_prep_dispose(&m);
}

/* Shared leading bytes of two lines. */
static size_t common_prefix(const sm_line *a, const sm_line *b)
{
	size_t k = 0;
	while (k < a->n && k < b->n && a->p[k] == b->p[k])
		k++;
	return k;
}

/*
 * 1 when file line l is the old form of the segment's first non-blank addition: same indentation
 * and start through its first '(' (a signature) and over at least SM_SPLICE_CHANGED_SHARE of the
 * shorter line, while l's own text is not among the additions (then it would stay as itself).
 * A hunk that adds a changed signature without its '-' line means the line changed, not a second
 * definition beside the old one.
 */
int sm_changed_form_of(const sm_line *a, const sm_line *l)
{
	size_t pre, paren, shorter;

	if (!a || l->blank || !sm_line_of_substance(l))
		return 0;
	pre = common_prefix(a, l);
	for (paren = 0; paren < l->n && l->p[paren] != '('; paren++)
		;
	shorter = a->n < l->n ? a->n : l->n;
	if (paren == l->n || pre <= paren)
		return 0;
	return (double)pre >= SM_SPLICE_CHANGED_SHARE * (double)shorter;
}
