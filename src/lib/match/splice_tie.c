/*
 * The sides' diff of a whole-sides edit breaks its ties by its own order, knowing nothing of
 * the file: where a line has copies on the new side (or the old) that an alignment pairing as
 * many lines could pair instead, it keeps the first. Contiguous in the file, the old side gives
 * the same result whichever copy stays. But where it leaves file lines out (a merged hunk's
 * stretch, a line dropped), the file keeps them, and which copy stays decides which new lines
 * are written before them and which after: a line moved across code the reply never mentions.
 * The diff is made again with its ties broken from the other end; when the two readings splice
 * into different files, the reply does not say which it means and the edit is refused.
 * A swap is such a tie too: the new side writing a line below the lines that stood under it,
 * the diff keeps that line or the lines it crosses. Where a copy of the kept line stands among
 * the lines left out, the new side's line may be that copy, the old one deleted (issue 11: a
 * context line dropped from the old side only, its copy read in its place); that reading is
 * spliced too (sm_splice_cross_reading).
 */
#include "splice_tie.h"
#include "splice.h"
#include "prep.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

#include <string.h>

/* 1 when the sides' pairing decides where the new side's lines go around the file lines
 * between old lines a and b (indexes into e->old): both unchanged and nothing added between
 * them, the stretch stays between the same two lines whatever copies they are. */
static int decided(const sm_medit *e, size_t a, size_t b)
{
	size_t k;

	for (k = e->old[a]; k <= e->old[b]; k++)
		if (e->seq[k].kind != SM_HL_CTX)
			return 0;
	return 1;
}

/* A file line of substance inside c's region that no old line stands on and whose text the
 * new side lacks (code the reply never mentions, which the splice keeps whatever the edit
 * says), in a stretch whose place among the new lines the pairing does not decide; the first.
 * SM_NOLINE when there is none: the old side unbroken, every stretch decided, or only lines
 * the new side writes again left out (a line dropped from a copied run, whose place the
 * splice's own rules give) or blank lines. */
static size_t left_out(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t oi, g, prev = SM_NOLINE;

	for (oi = 0; oi < e->nold; oi++) {
		size_t hi;
		if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		hi = prev == SM_NOLINE ? SM_NOLINE : c->hi[prev];
		if (hi != SM_NOLINE && c->lo[oi] > hi && !decided(e, prev, oi))
			for (g = hi; g < c->lo[oi]; g++) {
				const sm_line *l = sm_ln(im, g);
				if (l->blank)
					continue;
				if (!sm_new_side_has(e, l->h_indent))
					return g;
			}
		prev = oi;
	}
	return SM_NOLINE;
}

/* left_out of the edit as the splice reads it: copies slid, the lines the old side left out
 * that the refill puts back (a line dropped from a copied run, which the reply's own lines
 * place) in it. SM_NOLINE out of memory too (the splice that follows reports it). */
static size_t left_out_as_spliced(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_splice_read r;
	sm_pool pool = {0};
	size_t f = SM_NOLINE;

	if (!sm_splice_read_open(&r, im, e, c, &pool)) {
		f = left_out(im, r.e, r.c);
		sm_splice_read_close(&r);
	}
	sm_pool_dispose(&pool);
	return f;
}

size_t sm_splice_tie_reading(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t gap, f = SM_NOLINE;
	sm_medit alt;
	sm_buf a = SM_BUF_INIT, b = SM_BUF_INIT;

	/* an uncut place (a cut one is the split's: split_tie.c) of sides diffed as one run,
	   leaving out code whose place the pairing decides; sm_prep_late_reading asks the rest,
	   one_run first here because reading the splice costs more than the other questions */
	if (c->cut || !e->one_run)
		return SM_NOLINE;
	gap = left_out_as_spliced(im, e, c);
	if (gap == SM_NOLINE || sm_prep_late_reading(e, &alt) != 1)
		return SM_NOLINE;
	if (!sm_splice_rendered(im, e, c, NULL, &a) && !sm_splice_rendered(im, &alt, c, NULL, &b) &&
	    (a.len != b.len || memcmp(a.ptr, b.ptr, a.len) != 0))
		f = gap;
	sm_buf_dispose(&a);
	sm_buf_dispose(&b);
	sm_prep_dispose(&alt);
	return f;
}

/* 1 when the sides' diff keeps old line i across a swap: a line the new side adds on one side
 * of it has the text of one the old side deletes on the other (the same change run), as when
 * the new side writes two lines in the other order. The diff keeps one of the two as well as
 * the other. */
static int crossed(const sm_medit *e, size_t i)
{
	size_t k = e->old[i], a, z, s, t, p, q;

	/* the unchanged lines around it, a run kept whole as one line is */
	for (s = k; s > 0 && e->seq[s - 1].kind == SM_HL_CTX; s--)
		;
	for (t = k + 1; t < e->nseq && e->seq[t].kind == SM_HL_CTX; t++)
		;
	for (a = s; a > 0 && e->seq[a - 1].kind != SM_HL_CTX; a--)
		;
	for (z = t; z < e->nseq && e->seq[z].kind != SM_HL_CTX; z++)
		;
	for (p = a; p < s; p++)
		for (q = t; q < z; q++) {
			const sm_mline *x = &e->seq[p], *y = &e->seq[q];
			if (x->kind != y->kind && x->l.h_rstrip == y->l.h_rstrip)
				return 1;
		}
	return 0;
}

/* An old line the diff deletes, standing on a file line, that is old line i's text cut short
 * (the model stopped mid-line): the new side's copy may be that line written whole. The file
 * line it stands on, the first; SM_NOLINE when none. */
static size_t cut_copy(const sm_medit *e, const sm_cand *c, size_t i)
{
	const sm_line *x = &e->seq[e->old[i]].l;
	size_t j;

	for (j = 0; j < e->nold; j++) {
		const sm_line *d = &e->seq[e->old[j]].l;
		if (e->seq[e->old[j]].kind == SM_HL_DEL && c->lo[j] != SM_NOLINE &&
		    c->hi[j] == c->lo[j] + 1 && sm_cut_text(d->p, d->n, x->p, x->n))
			return c->lo[j];
	}
	return SM_NOLINE;
}

/* A file line of c's region no old line stands on (left out) with text h (indentation-blind),
 * the first; SM_NOLINE when none. */
static size_t left_out_text(const sm_image *im, const sm_medit *e, const sm_cand *c, uint64_t h)
{
	size_t g, oi;

	for (g = c->start; g < c->end; g++) {
		if (sm_ln(im, g)->h_indent != h)
			continue;
		for (oi = 0; oi < e->nold; oi++)
			if (c->lo[oi] != SM_NOLINE && g >= c->lo[oi] && g < c->hi[oi])
				break;
		if (oi == e->nold)
			return g;
	}
	return SM_NOLINE;
}

/* left_out_text of old line i's text. */
static size_t left_out_copy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t i)
{
	return left_out_text(im, e, c, e->seq[e->old[i]].l.h_indent);
}

/* 1 when text t[0..tn) holds s[0..sn) (sn > 0). */
static int holds(const char *t, size_t tn, const char *s, size_t sn)
{
	size_t i;

	for (i = 0; i + sn <= tn; i++)
		if ((!i || t[i - 1] == '\n') && !memcmp(t + i, s, sn))
			return 1;
	return 0;
}

/* b's text without its blank lines, into out. */
static void solid(const sm_buf *b, sm_buf *out)
{
	size_t i = 0, j, k;

	while (i < b->len) {
		for (j = i; j < b->len && b->ptr[j] != '\n'; j++)
			;
		for (k = i; k < j && (b->ptr[k] == ' ' || b->ptr[k] == '\t'); k++)
			;
		if (k < j)
			sm_buf_put(out, b->ptr + i, j - i + (j < b->len));
		i = j + 1;
	}
}

/* 1 when the rendered reading b writes every run of lines alt adds together one after the
 * other, blank lines and copies of left-out lines aside (the splice drops or joins those,
 * keeps these where the file has them): a reading that splits the new
 * side's own adjacent lines apart is no reading of the reply (the splice put a kept line
 * between them). Unsure (lines shifted, CR LF ends, out of memory): 1, the readings weighed. */
static int runs_whole(const sm_image *im, const sm_medit *alt, const sm_cand *c, const sm_buf *b)
{
	sm_buf run = SM_BUF_INIT, text = SM_BUF_INIT;
	size_t k = 0, j, n;
	int ok = 1;

	if (c->shifted || im->crlf)
		return 1;
	solid(b, &text);
	while (ok && k < alt->nseq) {
		if (alt->seq[k].kind != SM_HL_ADD) {
			k++;
			continue;
		}
		sm_buf_clear(&run);
		for (n = 0, j = k; j < alt->nseq && alt->seq[j].kind == SM_HL_ADD; j++) {
			/* a copy of a left-out line may be that line, kept where the file has it */
			if (left_out_text(im, alt, c, alt->seq[j].l.h_indent) != SM_NOLINE)
				break;
			if (!alt->seq[j].l.blank) {
				sm_buf_put(&run, alt->seq[j].l.p, alt->seq[j].l.n);
				sm_buf_putc(&run, '\n');
				n++;
			}
		}
		if (n >= 2)
			ok = sm_buf_failed(&run) || sm_buf_failed(&text) ||
			     holds(text.ptr, text.len, run.ptr, run.len);
		k = j + (j == k);
	}
	sm_buf_dispose(&run);
	sm_buf_dispose(&text);
	return ok;
}

static size_t kept(const sm_medit *e)
{
	size_t k, n = 0;

	for (k = 0; k < e->nseq; k++)
		n += e->seq[k].kind == SM_HL_CTX;
	return n;
}

/* The file line old line oi of alt stands on, or the nearest one before it (dir -1) or after
 * it (dir 1) that does; blank old lines pass (spacing, which a place reads on any blank line
 * near it). edge when none (SIZE_MAX before the first: the index wraps past 0). */
static size_t old_at(const sm_medit *alt, const sm_cand *c, size_t oi, int dir, size_t edge)
{
	for (; oi < alt->nold; oi += (size_t)dir)
		if (c->lo[oi] != SM_NOLINE && !alt->seq[alt->old[oi]].l.blank)
			return dir > 0 ? c->lo[oi] : c->hi[oi] - 1;
	return edge;
}

/* 1 when the other reading alt adds a line of text h between the two old lines of substance
 * (not blank) around file line g as the place c has them: the new side's line can be that copy, the
 * order of the new side's lines kept. A new line written above an old line that stands before the
 * copy (or below one after it) is not the copy read in order: the copy would be read out of the new
 * side's order, the other reading no reading of the reply. */
static int copy_in_order(const sm_medit *alt, const sm_cand *c, uint64_t h, size_t g)
{
	size_t k, oi = 0, before, after;

	for (k = 0; k < alt->nseq; k++) {
		const sm_mline *ml = &alt->seq[k];
		if (ml->kind != SM_HL_ADD) {
			oi++;
			continue;
		}
		if (ml->l.h_indent != h)
			continue;
		/* the old lines before the addition are 0..oi-1, after it oi.. */
		before = oi ? old_at(alt, c, oi - 1, -1, SIZE_MAX) : SIZE_MAX;
		after = old_at(alt, c, oi, 1, c->end);
		if ((before == SIZE_MAX || before < g) && g < after)
			return 1;
	}
	return 0;
}

/* sm_splice_cross_reading, the other reading kept only when the new side's line can be the
 * copy in the new side's order (copy_in_order) when in_order is set. */
static size_t cross_reading(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *copy,
                            int *cut, int in_order);

size_t sm_splice_cross_reading(const sm_image *im, const sm_medit *e, const sm_cand *c,
                               size_t *copy, int *cut)
{
	return cross_reading(im, e, c, copy, cut, 0);
}

size_t sm_splice_cross_reading_in_order(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                        size_t *copy, int *cut)
{
	return cross_reading(im, e, c, copy, cut, 1);
}

static size_t cross_reading(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *copy,
                            int *cut, int in_order)
{
	size_t i, g, f = SM_NOLINE;

	if (c->cut || !e->one_run)
		return SM_NOLINE;
	for (i = 0; i < e->nold && f == SM_NOLINE; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		sm_medit alt;
		sm_buf a = SM_BUF_INIT, b = SM_BUF_INIT;

		if (ml->kind != SM_HL_CTX || c->lo[i] == SM_NOLINE || c->hi[i] != c->lo[i] + 1 ||
		    !sm_line_of_substance(&ml->l) || !crossed(e, i))
			continue;
		/* a numbered block whose own number for the line is the line it is read on says
		   which copy it keeps */
		if (sm_numbered_on(im, e, i, c->lo[i]))
			continue;
		g = left_out_copy(im, e, c, i);
		*cut = g == SM_NOLINE;
		if (*cut)
			g = cut_copy(e, c, i);
		if (g == SM_NOLINE || sm_prep_veto_reading(e, i, &alt) != 1)
			continue;
		if (in_order && !*cut && !copy_in_order(&alt, c, ml->l.h_indent, g)) {
			sm_prep_dispose(&alt);
			continue;
		}
		/* the other reading pairs as many lines, the new side's copy standing on g: a tie */
		if (kept(&alt) + 1 >= kept(e) && !sm_splice_rendered(im, e, c, NULL, &a) &&
		    !sm_splice_rendered(im, &alt, c, NULL, &b) &&
		    (a.len != b.len || memcmp(a.ptr, b.ptr, a.len) != 0) &&
		    runs_whole(im, &alt, c, &b)) {
			f = c->lo[i];
			*copy = g;
		}
		sm_buf_dispose(&a);
		sm_buf_dispose(&b);
		sm_prep_dispose(&alt);
	}
	return f;
}
