/*
 * A move across a file line just beyond the region's edge that the old side left out: the new
 * side writes that line (and the lines after it, in order) and then lines of the old side past
 * it. Read as written, the line stays beyond the edge and is written a second time, the moved
 * lines between the two copies; read as the move, the old side left the line out and it stays
 * once. The reply does not say which, and the planner refuses (sm_splice_move_past_left_out).
 */
#include "splice_edge_move.h"
#include "splice_edge.h"
#include "splice_read.h"
#include "splice_impl.h"
#include "match_costs.h"

/* The region the splice rewrites: c's, widened over file lines past it that the new side
 * repeats (sm_splice_widen, on the edit as the reply gives it). */
typedef struct span {
	size_t s, e;
} span;

/* 1 when the new side writes the text of new line j (the file line f's) more times than the
 * old side holds it: an old line of that text, or one the match put on a file line of f's text
 * (a miscopy), and the region's lines no old line stands for of f's text (left out, or taken in
 * by the widened edge: the new side's copy is that line, written once). One copy is then new,
 * not a line of the region moved, kept or sent again. */
static int new_copy(const sm_image *im, const sm_medit *e, const sm_cand *c, const span *w,
                    size_t j, size_t f)
{
	uint64_t h = e->seq[j].l.h_indent, hf = sm_ln(im, f)->h_indent;
	long net = 0;
	size_t k, oi = 0, i, s = w->s < c->start ? w->s : c->start,
	          en = w->e > c->end ? w->e : c->end;
	unsigned char *cov = sm_calloc(en > s ? en - s : 1, 1);

	if (!cov)
		return 0; /* out of memory: read as written, as before */
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (sm_mline_is_new(ml))
			net += ml->l.h_indent == h;
		if (ml->kind == SM_HL_ADD)
			continue;
		net -= ml->l.h_indent == h || deleted_text(im, e, c, k, oi, hf) == hf;
		for (i = c->lo[oi]; c->lo[oi] != SM_NOLINE && i < c->hi[oi]; i++)
			if (i >= s && i < en)
				cov[i - s] = 1;
		oi++;
	}
	for (i = s; i < en; i++)
		net -= !cov[i - s] && sm_ln(im, i)->h_indent == hf;
	sm_free(cov);
	return net > 0;
}

/* 1 when the edit deletes a line of text h (by its own text or its file line's). */
static int deletes(const sm_image *im, const sm_medit *e, const sm_cand *c, uint64_t h)
{
	size_t k, oi = 0;

	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD)
			continue;
		if (ml->kind == SM_HL_DEL && !ml->keep && deleted_text(im, e, c, k, oi, h) == h)
			return 1;
		oi++;
	}
	return 0;
}

/* 1 when new line k is a line of the old side: an addition of a line the edit deletes (the
 * line moved), or, in a whole-sides edit, a context line (the sides' diff, which saw no file,
 * kept the moved lines and took the copy for the change). A diff's context line is the reply's
 * word that the line stays where it is, and the addition before it is then meant. A blank
 * line is spacing around the move (it passes, *solid unchanged). */
static int old_line(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k, uint64_t h,
                    int *solid)
{
	const sm_mline *ml = &e->seq[k];

	if (ml->l.blank)
		return 1;
	if (ml->l.h_indent == h)
		return 0; /* a copy of the line itself: a run of copies, nothing moved past it */
	if (ml->kind == SM_HL_ADD ? !deletes(im, e, c, ml->l.h_indent) : !e->blocklike)
		return 0;
	*solid = 1;
	return 1;
}

/* 1 when new line k stands for a line of the region that stays where it is: a context line
 * (blank aside), or in a whole-sides edit an addition of substance whose text the edit deletes
 * (moved, moves_past). */
static int stays(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k)
{
	const sm_mline *ml = &e->seq[k];

	if (ml->kind != SM_HL_ADD)
		return !ml->l.blank;
	return e->blocklike && sm_line_of_substance(&ml->l) && deletes(im, e, c, ml->l.h_indent);
}

/* The new side's lines (context and additions) in order, their indexes into seq in nw. */
static size_t new_lines(const sm_medit *e, size_t *nw)
{
	size_t k, n = 0;

	for (k = 0; k < e->nseq; k++)
		if (sm_mline_is_new(&e->seq[k]))
			nw[n++] = k;
	return n;
}

/* 1 when the new lines on j's inner side (those before it, dir > 0) are all blank, as many
 * as the blank file lines of the region right inward of f: the new side writes the file's lines
 * through the copy in order, the region's spacing (kept or paired otherwise by the sides' diff,
 * which saw no file) and then the left-out line, and the moved run after them. */
static int blank_lead(const sm_image *im, const sm_medit *e, const sm_cand *c, const size_t *nw,
                      size_t nn, size_t j, size_t f, int dir)
{
	size_t t, q = dir > 0 ? j : nn - 1 - j, g;

	if (!q)
		return 0;
	for (t = dir > 0 ? 0 : j + 1; t < (dir > 0 ? j : nn); t++)
		if (!e->seq[nw[t]].l.blank)
			return 0;
	for (t = 1; t <= q; t++) {
		if (dir > 0 ? f < c->start + t : f + t >= c->end)
			return 0;
		g = dir > 0 ? f - t : f + t;
		if (!sm_ln(im, g)->blank)
			return 0;
	}
	return 1;
}

/*
 * One edge (dir +1 the bottom, -1 the top): a new line j, an addition, equal to the file line f
 * just beyond the edge, with the new lines outward of it equal to the file lines outward of f
 * as far as they go (the run R, additions all), past R, up to the new side's edge, lines of
 * the old side only, one of substance at least (the moved run), and on R's inner side a line
 * that stays (stays).
 */
static int moves_past(const sm_image *im, const sm_medit *e, const sm_cand *c, const span *w,
                      const size_t *nw, size_t nn, size_t f, int dir)
{
	size_t j, i, m, t;
	int solid, ok;

	for (i = 0; i < nn; i++) {
		j = dir > 0 ? nn - 1 - i : i;
		if (e->seq[nw[j]].kind != SM_HL_ADD || !sm_same_line(im, e, c, f, nw[j]) ||
		    !new_copy(im, e, c, w, nw[j], f))
			continue;
		/* R: from j outward while the new lines are additions repeating the file's */
		for (m = 1;; m++) {
			size_t ff, jj;
			if (dir > 0 ? j + m >= nn || f + m >= im->n : m > j || m > f)
				break;
			jj = dir > 0 ? j + m : j - m;
			ff = dir > 0 ? f + m : f - m;
			if (e->seq[nw[jj]].kind != SM_HL_ADD || !sm_same_line(im, e, c, ff, nw[jj]))
				break;
		}
		/* past R, to the new side's edge: the old side's lines, the moved run */
		solid = 0;
		ok = dir > 0 ? j + m < nn : j >= m;
		for (t = dir > 0 ? j + m : 0; ok && t < (dir > 0 ? nn : j + 1 - m); t++)
			ok = old_line(im, e, c, nw[t], e->seq[nw[j]].l.h_indent, &solid);
		if (!ok || !solid)
			continue;
		/* on R's inner side, a line that stays: part of the region stays before the
		   copy while the run moves past it. A context line says so whatever its length
		   (a closing quote or brace of the region stays as well as a statement does); a
		   copy written before (after) the whole old side is the line inserted there, as
		   the reply reads. A line the edit moves there, of substance, is one too: the
		   sides' diff, which saw no file, kept the run and took that line for the move
		   (the old side's last line written first, where the file has the left-out line
		   after it) */
		for (t = dir > 0 ? 0 : j + 1; t < (dir > 0 ? j : nn); t++)
			if (stays(im, e, c, nw[t]))
				return 1;
		if (e->blocklike && blank_lead(im, e, c, nw, nn, j, f, dir))
			return 1;
	}
	return 0;
}

/* The line on one reading (the edit as the splice reads it: copies slid, left-out lines put
 * back), or SM_NOLINE. */
static size_t move_past(const sm_image *im, const sm_medit *e, const sm_cand *c, const sm_medit *e0,
                        const sm_cand *c0)
{
	size_t *nw, nn, f, found = SM_NOLINE;
	span w;
	int dir;

	if (!(c->end < im->n && sm_line_of_substance(sm_ln(im, c->end))) &&
	    !(c->start > 0 && sm_line_of_substance(sm_ln(im, c->start - 1))))
		return SM_NOLINE;
	nw = sm_malloc(e->nseq * sizeof(*nw));
	if (!nw)
		return SM_NOLINE; /* out of memory: the edit is read as written, as before */
	nn = new_lines(e, nw);
	sm_splice_widen(im, e0, c0, &w.s, &w.e);
	for (dir = 1; dir >= -1 && found == SM_NOLINE; dir -= 2) {
		if (dir > 0 ? c->end >= im->n : c->start == 0)
			continue;
		f = dir > 0 ? c->end : c->start - 1;
		if (w.s <= f && f < w.e)
			continue; /* absorbed: written once */
		if (!sm_line_of_substance(sm_ln(im, f)) ||
		    !moves_past(im, e, c, &w, nw, nn, f, dir))
			continue;
		found = f;
	}
	sm_free(nw);
	return found;
}

size_t sm_splice_move_past_left_out(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_splice_read r;
	sm_pool pool = {0};
	size_t f = SM_NOLINE;

	/* a numbered block's numbers say where its old side ends: nothing left out there */
	if (!e->nold || !e->nseq || e->old_no || (e->flags & SM_EDIT_NUMBERED) || c->cut)
		return SM_NOLINE;
	if (!sm_splice_read_open(&r, im, e, c, &pool)) {
		if (r.e->nseq && r.e->nold)
			f = move_past(im, r.e, r.c, e, c);
		sm_splice_read_close(&r);
	}
	sm_pool_dispose(&pool);
	return f;
}
