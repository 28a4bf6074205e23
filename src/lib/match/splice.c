/*
 * Building the result of one located edit. The alignment says which file lines each old line
 * stands for; walking the edit's lines in order then gives the result: a three-way merge of the
 * file region, the old side and the new side, in which the file wins for everything the edit
 * does not change. The region's edges are in splice_edge.c, the lines the old side left out in
 * splice_left_out.c, splice_drop.c and splice_rewrite.c, the places the reply leaves undecided
 * in splice_undecided.c.
 */
#include "splice.h"
#include "splice_impl.h"
#include "splice_doubled.h"
#include "splice_merged.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

typedef struct out {
	sm_line *v;
	size_t n, cap;
	int failed;
	int last_new; /* the last line put is the edit's, not the file's */
	sm_splice_trace *tr; /* where each line came from; NULL: not asked */
} out;

/* Records where the line just put came from (how, file line f or SM_NOLINE), when traced. */
static void trace(out *o, unsigned char how, size_t f)
{
	sm_splice_trace *tr = o->tr;

	if (!tr || o->failed)
		return;
	if (o->n > tr->cap) {
		size_t cap = tr->cap;
		if (sm_grow((void **)&tr->from, &cap, o->n, sizeof(*tr->from)) ||
		    sm_grow((void **)&tr->how, &tr->cap, o->n, sizeof(*tr->how))) {
			o->failed = 1;
			return;
		}
	}
	tr->how[o->n - 1] = how;
	tr->from[o->n - 1] = f;
}

static void put(out *o, const sm_line *l)
{
	if (o->failed || sm_grow((void **)&o->v, &o->cap, o->n + 1, sizeof(*o->v))) {
		o->failed = 1;
		return;
	}
	o->v[o->n++] = *l;
	o->last_new = 0;
}

/* File line f of im put as the file has it, come there as `how` (splice_doubled.h). */
static void put_file(out *o, const sm_image *im, size_t f, unsigned char how)
{
	put(o, sm_ln(im, f));
	trace(o, how, f);
}

/* New line k of the edit, shifted to the file's indentation if the match was shifted. */
static void put_new(out *o, const sm_image *im, const sm_medit *e, size_t k, const sm_cand *c0,
		    sm_pool *pool)
{
	sm_line l;
	sm_cand tmp;
	const sm_cand *c = shift_of(im, e, c0, k, &tmp);
	const sm_line *src = &e->seq[k].l;
	const char *p = src->p;
	size_t n = src->n;

	/* a whitespace-only line is written as the reply has it: it has no indentation to move
	   (aider does the same, and the committed files of the corpus agree) */
	if (c && c->shifted && n && sm_text_indent_len(p, n) < n) {
		size_t ind = sm_text_indent_len(p, n), tw = (size_t)c->tabw;
		long cols = (long)sm_text_indent_cols(p, n, tw) + c->delta;
		size_t ncols = cols > 0 ? (size_t)cols : 0, k = 0, pre;
		char *s;
		pre = c->use_tabs ? ncols / tw + ncols % tw : ncols;
		s = sm_pool_add(pool, pre + n - ind);
		if (!s) {
			o->failed = 1;
			return;
		}
		if (c->use_tabs) {
			for (; k < ncols / tw; k++)
				s[k] = '\t';
			memset(s + k, ' ', ncols % tw);
			k += ncols % tw;
		} else {
			memset(s, ' ', ncols);
			k = ncols;
		}
		memcpy(s + k, p + ind, n - ind);
		p = s;
		n = k + n - ind;
	}
	sm_line_init(&l, p, n);
	l.crlf = (uint8_t)im->crlf;
	put(o, &l);
	trace(o, SM_OUT_NEW, SM_NOLINE);
	o->last_new = !o->failed;
}

/*
 * 1 when a context line of a SEARCH/REPLACE block found shifted is blank but for whitespace
 * that differs from the file's blank line it stands on: the REPLACE side gives the region's
 * new text whole, and a whitespace-only line of it has no indentation to move, so it is
 * written as the reply has it, as its added lines are (put_new).
 */
static int ws_only_context(const sm_image *im, const sm_medit *e, const sm_cand *c,
			   const sm_mline *ml, size_t lo, size_t hi)
{
	const sm_line *f;

	if (!c->shifted || e->kind != SM_KIND_BLOCK || !e->blocklike || !ml->l.blank ||
	    ml->kind != SM_HL_CTX || hi != lo + 1)
		return 0;
	f = sm_ln(im, lo);
	return f->blank && (f->n != ml->l.n || memcmp(f->p, ml->l.p, f->n) != 0);
}

/*
 * One segment: the lines between two context anchors. Its deletions go; what remains of the
 * file span (lines the old side did not mention: dropped context) stays, merged with the
 * additions. Lines before the first deletion come first, then the additions, then the rest,
 * as the additions take the place of what they delete. In a whole-sides rewrite a skipped file
 * line that the new side also has is the same line (dropped from the old side only) and is
 * written once.
 */
typedef struct seg {
	size_t *adds; /* indexes into e->seq */
	size_t na, acap;
	size_t first_del; /* lowest file line a deletion stands for, SM_NOLINE if none */
	size_t ndel;      /* file lines the segment deletes */
	/* per file line of the span: 1 when a deletion stands for it, 2 when it is a line the old
	   side left out that the new side writes elsewhere (see drop_repeats) */
	unsigned char *del;
} seg;

/* 1 when file line l equals one of the segment's additions (indentation-blind) that gives
 * back no deleted line (gb, per addition; NULL: none does). */
static int is_addition_of(const sm_medit *e, const seg *sg, const unsigned char *gb,
			  const sm_line *l)
{
	size_t i;
	for (i = 0; i < sg->na; i++)
		if ((!gb || !gb[i]) && e->seq[sg->adds[i]].l.h_indent == l->h_indent)
			return 1;
	return 0;
}

/*
 * Marks in gb (per addition of the segment) the additions with the text of a file line of
 * [f, to) that the segment deletes, each deleted line once: an old line miscopied or cut short
 * that the new side writes whole gives that line back. Such an addition is not the copy of a
 * kept line of the segment (a left-out twin, a line of a merged hunk's stretch), which stays
 * beside it. NULL when none does or the segment is too large to look (SM_SPLICE_MERGE_CELLS);
 * *failed on out of memory.
 */
static unsigned char *give_backs(const sm_image *im, const sm_medit *e, const seg *sg, size_t f,
				 size_t to, const sm_cand *c, int *failed)
{
	unsigned char *gb, *taken;
	size_t i, j, n = 0;

	if (!e->blocklike || !sg->na || !sg->ndel || to <= f ||
	    sg->na * (to - f) > SM_SPLICE_MERGE_CELLS)
		return NULL;
	gb = sm_calloc(sg->na, 1);
	taken = sm_calloc(to - f, 1);
	if (!gb || !taken) {
		sm_free(gb);
		sm_free(taken);
		*failed = 1;
		return NULL;
	}
	for (i = 0; i < sg->na; i++)
		for (j = f; j < to; j++)
			if (sg->del[j - c->start] == 1 && !taken[j - f] &&
			    sm_ln(im, j)->h_indent == e->seq[sg->adds[i]].l.h_indent) {
				gb[i] = taken[j - f] = 1;
				n++;
				break;
			}
	sm_free(taken);
	if (!n) {
		sm_free(gb);
		gb = NULL;
	}
	return gb;
}

static int changed_form(const sm_medit *e, const seg *sg, const sm_line *l)
{
	const sm_line *a = NULL;
	size_t i;

	for (i = 0; i < sg->na; i++) {
		const sm_line *t = &e->seq[sg->adds[i]].l;
		if (t->h_rstrip == l->h_rstrip)
			return 0;
		if (!a && !t->blank)
			a = t;
	}
	return sm_changed_form_of(a, l);
}

static void flush(out *o, const sm_image *im, const sm_medit *e, seg *sg, size_t f, size_t to,
		  const sm_cand *c, sm_pool *pool)
{
	size_t nx = 0, i, j, *x = NULL;
	unsigned short *L = NULL;
	unsigned char *gb = NULL;
	int shared = 0;

	if (to > f) {
		x = sm_malloc((to - f) * sizeof(*x));
		if (!x) {
			o->failed = 1;
			return;
		}
		for (j = f; j < to; j++)
			if (!sg->del[j - c->start])
				x[nx++] = j;
	}
	gb = give_backs(im, e, sg, f, to, c, &o->failed);
	if (o->failed) {
		sm_free(x);
		return;
	}
	/* in a whole-sides rewrite, a kept line the new side also has is that same line (left
	   out of the old side only): the merge below writes it once, where the new side puts it;
	   taking the additions one for one would write it twice */
	for (j = 0; e->blocklike && j < nx && !shared; j++)
		shared = is_addition_of(e, sg, gb, sm_ln(im, x[j]));
	if (nx && !shared && sg->na == sg->ndel && sg->first_del != SM_NOLINE) {
		/* as many additions as deleted lines, with kept lines among the deletions: each
		   addition takes the place of one deleted line, in order */
		for (j = f, i = 0; j < to; j++) {
			if (!sg->del[j - c->start])
				put_file(o, im, j, SM_OUT_LEFT_OUT);
			else if (sg->del[j - c->start] == 1 && i < sg->na)
				put_new(o, im, e, sg->adds[i++], c, pool);
		}
		sm_free(x);
		sm_free(gb);
		sg->na = sg->ndel = 0;
		sg->first_del = SM_NOLINE;
		return;
	}
	if (e->blocklike && sg->na && nx && sg->na * nx <= SM_SPLICE_MERGE_CELLS)
		L = sm_calloc((sg->na + 1) * (nx + 1), sizeof(*L));
	if (L) {
		size_t na = sg->na, w = nx + 1;
		/* L[i][j]: longest common subsequence of adds[i..] and extras[j..] */
		for (i = na; i-- > 0;)
			for (j = nx; j-- > 0;) {
				if ((!gb || !gb[i]) &&
				    e->seq[sg->adds[i]].l.h_indent == sm_ln(im, x[j])->h_indent)
					L[i * w + j] = (unsigned short)(L[(i + 1) * w + j + 1] + 1);
				else
					L[i * w + j] = L[(i + 1) * w + j] > L[i * w + j + 1] ? L[(i + 1) * w + j]
											: L[i * w + j + 1];
			}
		i = j = 0;
		while (i < na || j < nx) {
			if (i < na && j < nx && (!gb || !gb[i]) &&
			    e->seq[sg->adds[i]].l.h_indent == sm_ln(im, x[j])->h_indent &&
			    L[i * w + j] == L[(i + 1) * w + j + 1] + 1) {
				put_file(o, im, x[j], SM_OUT_SHARED);
				i++;
				j++;
			} else if (j < nx &&
				   (i == na || L[i * w + j + 1] > L[(i + 1) * w + j] ||
				    /* a line before the deletions stays before the additions, unless
				       it is one of them */
				    (sg->first_del != SM_NOLINE && x[j] < sg->first_del &&
				     L[i * w + j] == L[i * w + j + 1]))) {
				put_file(o, im, x[j], SM_OUT_LEFT_OUT);
				j++;
			} else {
				put_new(o, im, e, sg->adds[i], c, pool);
				i++;
			}
		}
		sm_free(L);
	} else {
		for (j = 0; j < nx && sg->first_del != SM_NOLINE && x[j] < sg->first_del; j++)
			put_file(o, im, x[j], SM_OUT_LEFT_OUT);
		for (i = 0; i < sg->na; i++)
			put_new(o, im, e, sg->adds[i], c, pool);
		/* additions with no deletion, and the file line kept right after them is the
		   first one's old form (the '-' line left out): the addition replaces it */
		if (j < nx && !sg->ndel && j == 0 && changed_form(e, sg, sm_ln(im, x[j])))
			j++;
		for (; j < nx; j++)
			put_file(o, im, x[j], SM_OUT_LEFT_OUT);
	}
	sm_free(x);
	sm_free(gb);
	sg->na = sg->ndel = 0;
	sg->first_del = SM_NOLINE;
}

/* The file's byte order mark is written apart from its lines: a new first line that copied
 * it (from seam's own diff, or a raw read of the file) must not write it a second time. */
static void drop_copied_bom(sm_image *im)
{
	const sm_line *l = im->n ? sm_ln(im, 0) : NULL;

	if (im->bom && im->n && !l->orig && l->n >= 3 && !memcmp(l->p, "\xEF\xBB\xBF", 3)) {
		sm_line nl;
		sm_line_init(&nl, l->p + 3, l->n - 3);
		nl.crlf = l->crlf;
		/* through the splice, which keeps the image's index (it cannot fail: no growth) */
		(void)sm_image_splice(im, 0, 1, &nl, 1);
	}
}

static int splice_one(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
                      size_t *first, size_t *count, sm_splice_trace *tr);
static int compose(const sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool, out *o_,
                   size_t *start, size_t *end);
static int splice_any(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
                      size_t *first, size_t *count, sm_splice_trace *tr);

/*
 * A place in two pieces (c0->cut, a merged hunk's halves): each piece spliced on its own, the
 * lower one first, as the split does its runs; the file lines between them are no line the
 * old side left out (a whole-sides rewrite would take one the new side holds for its copy).
 */
static sm_span span_at(void *ctx, size_t i)
{
	return ((const sm_span *)ctx)[i];
}

int sm_splice_pieces(const sm_medit *e, const sm_cand *c0, sm_splice_halves *h)
{
	size_t cut = c0->cut, k0, i;

	memset(h, 0, sizeof(*h));
	h->ca = *c0;
	h->cb = *c0;
	h->ca.cut = h->cb.cut = 0;
	h->ca.cut_new = h->cb.cut_new = 0;
	h->ca.end = c0->hi[cut - 1];
	h->cb.start = c0->lo[cut];
	h->cb.lo = c0->lo + cut;
	h->cb.hi = c0->hi + cut;
	if (c0->cut_new) {
		/* pieces of a whole-sides rewrite cut on the new side apart from its diff: each
		   piece's two sides diffed on their own */
		size_t jn = c0->cut_new - 1, no = 0, nn = 0, k;
		sm_span *ol = sm_malloc((e->nseq + 1) * sizeof(*ol)),
		        *nl = sm_malloc((e->nseq + 1) * sizeof(*nl));
		sm_prep_side sa, sb, ta, tb;
		int rc = SEAM_ENOMEM;

		h->prepped = 1;
		if (!ol || !nl)
			goto out;
		for (k = 0; k < e->nseq; k++) {
			const sm_mline *ml = &e->seq[k];
			sm_span sp = {ml->l.p, ml->l.n};
			if (ml->kind != SM_HL_ADD)
				ol[no++] = sp;
			if (sm_mline_is_new(ml))
				nl[nn++] = sp;
		}
		sa = (sm_prep_side){cut, span_at, ol};
		sb = (sm_prep_side){no - cut, span_at, ol + cut};
		ta = (sm_prep_side){jn, span_at, nl};
		tb = (sm_prep_side){nn - jn, span_at, nl + jn};
		if (sm_prep_sides(&h->a, &sa, &ta) || sm_prep_sides(&h->b, &sb, &tb))
			goto out;
		/* each piece keeps its old lines (the tier's pieces hold lines of substance) */
		rc = h->a.nold != cut || h->b.nold != no - cut ? SEAM_ERROR : 0;
		h->b.flags = e->flags;
	out:
		sm_free(ol);
		sm_free(nl);
		if (rc)
			sm_splice_pieces_dispose(h);
		return rc;
	}
	k0 = e->old[cut];
	h->a = *e;
	h->b = *e;
	h->b.old = h->bold = sm_malloc((e->nold - cut) * sizeof(*h->b.old));
	if (!h->b.old)
		return SEAM_ENOMEM;
	for (i = cut; i < e->nold; i++)
		h->b.old[i - cut] = e->old[i] - k0;
	h->a.nseq = k0;
	h->a.nold = cut;
	/* the REPLACE side's last line, and the file's end, are the second piece's */
	h->a.flags &= ~(unsigned)(SM_EDIT_NEW_TAIL_BLANK | SM_EDIT_NEW_NOEOL | SM_EDIT_OLD_NOEOL);
	h->b.seq = e->seq + k0;
	h->b.nseq = e->nseq - k0;
	h->b.nold = e->nold - cut;
	h->b.old_no = e->old_no ? e->old_no + cut : NULL;
	return 0;
}

void sm_splice_pieces_dispose(sm_splice_halves *h)
{
	if (h->prepped) {
		sm_prep_dispose(&h->a);
		sm_prep_dispose(&h->b);
	}
	sm_free(h->bold);
	memset(h, 0, sizeof(*h));
}

/* Splices the halves of place c0, the lower first, as the split does its runs; *first,
 * *count: the lines written, the second half's moved by what the first changed. */
static int splice_halves(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
                         size_t *first, size_t *count, sm_splice_trace *tr)
{
	size_t f1 = 0, n1 = 0, f2 = 0, n2 = 0, n;
	sm_splice_halves h;
	int rc = sm_splice_pieces(e, c0, &h);

	if (rc)
		return rc;
	rc = splice_any(im, &h.b, &h.cb, pool, &f2, &n2, tr);
	if (!rc) {
		n = im->n;
		rc = splice_any(im, &h.a, &h.ca, pool, &f1, &n1, tr);
		if (!rc) {
			*first = f1;
			*count = f2 + im->n - n + n2 - f1;
		}
	}
	sm_splice_pieces_dispose(&h);
	return rc;
}

static int splice_any(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
                      size_t *first, size_t *count, sm_splice_trace *tr)
{
	sm_splice_read r;
	int rc;

	if (c0->cut)
		return splice_halves(im, e, c0, pool, first, count, tr);
	rc = sm_splice_read_open(&r, im, e, c0, pool);
	if (rc < 0)
		return rc;
	rc = splice_one(im, r.e, r.c, pool, first, count, tr);
	sm_splice_read_close(&r);
	return rc;
}

int sm_splice(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool, size_t *first,
              size_t *count)
{
	return splice_any(im, e, c0, pool, first, count, NULL);
}

/* Place c of e spliced on a copy of im, traced into *tr (its arrays freed; hit and merged
 * SM_NOLINE when out of memory), when it may keep a line the old side left out. */
static void traced(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_splice_trace *tr)
{
	sm_image cp;
	sm_pool pool = {0};
	size_t first, count;

	*tr = (sm_splice_trace){NULL, NULL, 0, SM_NOLINE, SM_NOLINE, SM_NOLINE};
	if (!sm_splice_may_double(im, e, c))
		return;
	if (!c->cut) {
		/* one piece: composed on the image itself, which only the splice's last step
		   writes (a copy of the file per edit cost more than the rest of the plan) */
		sm_splice_read r;
		out o = {.tr = tr};
		size_t start, end;
		if (sm_splice_read_open(&r, im, e, c, &pool) < 0) {
			tr->hit = tr->merged = SM_NOLINE;
		} else {
			if (compose(im, r.e, r.c, &pool, &o, &start, &end) || o.failed)
				tr->hit = tr->merged = SM_NOLINE;
			sm_free(o.v);
			sm_splice_read_close(&r);
		}
	} else {
		/* spliced on a copy, as the plan would: the halves of a cut the lower one
		   last, so that each half's file lines are still the image's when it is traced
		 */
		memset(&cp, 0, sizeof(cp));
		if (sm_image_copy(&cp, im)) {
			tr->hit = tr->merged = SM_NOLINE;
		} else {
			if (splice_any(&cp, e, c, &pool, &first, &count, tr))
				tr->hit = tr->merged = SM_NOLINE;
			sm_image_dispose(&cp);
		}
	}
	sm_pool_dispose(&pool);
	sm_free(tr->how);
	sm_free(tr->from);
	tr->how = NULL;
	tr->from = NULL;
}

size_t sm_splice_doubled(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *merged,
                         size_t *del)
{
	sm_splice_trace tr;

	traced(im, e, c, &tr);
	*merged = tr.merged;
	*del = tr.merged_del;
	return tr.hit;
}

/* 1 when seq[k] is an addition or a deletion: a line of a change run, no anchor. */
static int changes(const sm_medit *e, size_t k)
{
	return e->seq[k].kind == SM_HL_ADD || (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep);
}

/*
 * 1 when blank context line k, on file lines [lo, hi), is no anchor of the merge: the change
 * run right beside it in the sequence adds lines of which the farthest from it is blank, so
 * that the sides' diff, which saw no file, could as well have paired the blank line on the
 * run's other side (a tie: [+b, +x], b is b, [+x, +b]), and it adds the text of a line the old
 * side left out right beyond the anchor on that other side. Anchored, the blank line parts the
 * left-out line from its copy and both are written; merged with the segment, the line meets
 * its copy and is written once. cov: per line of c's span, 1 when an old line stands for it
 * or the splice drops it.
 */
static int loose_blank(const sm_image *im, const sm_medit *e, const sm_cand *c,
                       const unsigned char *cov, size_t k, size_t lo, size_t hi)
{
	size_t a, z, f, i, far;
	int d;

	for (d = -1; d <= 1; d += 2) {
		if (d < 0) {
			for (a = k; a > 0 && changes(e, a - 1); a--)
				;
			z = k;
			for (far = a; far < z && e->seq[far].kind != SM_HL_ADD; far++)
				;
		} else {
			for (z = k + 1; z < e->nseq && changes(e, z); z++)
				;
			a = k + 1;
			for (far = z; far > a && e->seq[far - 1].kind != SM_HL_ADD; far--)
				;
			far = far > a ? far - 1 : z;
		}
		if (far >= z || !e->seq[far].l.blank)
			continue;
		/* the lines left out right beyond the anchor, on the side the run would go */
		for (i = 0; i < SM_SLIDE_MAX_LINES; i++) {
			if (d < 0 ? hi + i >= c->end : lo < c->start + i + 1)
				break;
			f = d < 0 ? hi + i : lo - 1 - i;
			if (cov[f - c->start])
				break;
			if (!sm_ln(im, f)->blank && is_addition(e, a, z, sm_ln(im, f)))
				return 1;
		}
	}
	return 0;
}

/* The lines place c0 of e writes over its region, into *o (o->failed when out of memory), the
 * region's bounds as widened into *start, *end; traced into o->tr when asked. The image is only
 * read, so that a trace needs no copy of it. */
static int compose(const sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool, out *o_,
                   size_t *start, size_t *end)
{
	out o = *o_;
	sm_splice_trace *tr = o.tr;
	seg sg = {0};
	sm_cand wide;
	const sm_cand *c = &wide;
	size_t k, oi = 0, f, j, span;
	unsigned char *cov = NULL;
	int slid;

	slid = sm_settle(im, e, c0, &wide);
	if (slid < 0)
		return SEAM_ENOMEM;
	sm_widen(im, e, &wide, &wide.start, &wide.end);

	f = c->start;
	span = c->end - c->start;

	sg.first_del = SM_NOLINE;
	sg.del = sm_calloc(span ? span : 1, 1);
	if (!sg.del) {
		release(&wide, slid);
		return SEAM_ENOMEM;
	}
	if (sm_drop_repeats(im, e, c, sg.del) || sm_drop_blank_joins(im, e, c, sg.del)) {
		sm_free(sg.del);
		release(&wide, slid);
		return SEAM_ENOMEM;
	}
	/* the span's lines an old line stands for or the splice drops (loose_blank) */
	if (e->blocklike && e->kind == SM_KIND_BLOCK && span) {
		cov = sm_malloc(span);
		if (!cov) {
			sm_free(sg.del);
			release(&wide, slid);
			return SEAM_ENOMEM;
		}
		for (j = 0; j < span; j++)
			cov[j] = sg.del[j] != 0;
		for (k = 0; k < e->nold; k++)
			for (j = c->lo[k]; c->lo[k] != SM_NOLINE && j < c->hi[k]; j++)
				if (j >= c->start && j < c->end)
					cov[j - c->start] = 1;
	}
	for (k = 0; k < e->nseq && !o.failed; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		int loose = 0;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			loose = cov && ml->kind == SM_HL_CTX && ml->l.blank && lo != SM_NOLINE &&
			        hi > lo && loose_blank(im, e, c, cov, k, lo, hi);
			oi++;
		}
		if (ml->kind == SM_HL_DEL && ml->keep && lo == SM_NOLINE)
			continue; /* kept, but not in the file: nothing of the file to keep */
		if (ml->kind == SM_HL_ADD || lo == SM_NOLINE || loose) {
			/* an addition, a context line not in the file (one that lost its '+'), or
			   a blank line that anchors nothing (loose_blank) */
			if (sm_grow((void **)&sg.adds, &sg.acap, sg.na + 1, sizeof(*sg.adds)))
				o.failed = 1;
			else
				sg.adds[sg.na++] = k;
			continue;
		}
		if (ml->kind == SM_HL_DEL && !ml->keep) {
			for (j = lo; j < hi; j++)
				sg.del[j - c->start] = 1;
			sg.ndel += hi - lo;
			if (lo < hi && lo < sg.first_del)
				sg.first_del = lo;
			continue;
		}
		/* context, or a deletion the laziness guard took back: the file's lines stay */
		if (lo == hi)
			continue; /* a blank line the file does not have: no anchor, nothing to keep */
		flush(&o, im, e, &sg, f, lo, c, pool);
		if (ws_only_context(im, e, c, ml, lo, hi))
			put_new(&o, im, e, k, c, pool);
		else
			for (j = lo; j < hi; j++)
				put_file(&o, im, j, SM_OUT_ANCHOR);
		if (hi > f)
			f = hi;
	}
	if (!o.failed)
		flush(&o, im, e, &sg, f, c->end, c, pool);
	if (!o.failed && tr && tr->hit == SM_NOLINE)
		tr->hit = sm_splice_doubled_scan(im, e, c, o.v, o.n, tr);
	if (!o.failed && tr && tr->merged == SM_NOLINE)
		tr->merged = sm_splice_merged_scan(im, e, c, o.v, o.n, tr, &tr->merged_del);
	sm_free(sg.adds);
	sm_free(sg.del);
	sm_free(cov);
	*start = c->start;
	*end = c->end;
	release(&wide, slid);
	*o_ = o;
	return 0;
}

static int splice_one(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
                      size_t *first, size_t *count, sm_splice_trace *tr)
{
	out o = {.tr = tr};
	size_t start, end;
	int at_end, rc = compose(im, e, c0, pool, &o, &start, &end);

	if (rc)
		return rc;
	at_end = end == im->n;
	if (o.failed || sm_image_splice(im, start, end - start, o.v, o.n)) {
		sm_free(o.v);
		return SEAM_ENOMEM;
	}
	/* The file's missing final newline belongs to its end: an edit away from the end keeps
	   the lack; one that rewrites the end (a new last line, or a SEARCH/REPLACE block whose
	   text reaches it) ends as its text does: a REPLACE side ends with a newline, a diff
	   says otherwise with its "\ No newline" marker. */
	if (at_end && o.n && (o.last_new || e->blocklike))
		im->final_eol = !(e->flags & SM_EDIT_NEW_NOEOL);
	else if (at_end && (e->flags & SM_EDIT_NEW_NOEOL))
		im->final_eol = 0;
	else if (at_end && (e->flags & SM_EDIT_OLD_NOEOL))
		im->final_eol = 1; /* "\ No newline" after the old side only: the new one has it */
	if (at_end && (e->flags & (SM_EDIT_NEW_NOEOL | SM_EDIT_OLD_NOEOL)))
		im->eol_said = 1;
	if (at_end)
		im->end_edited = 1;
	if (start == 0)
		drop_copied_bom(im);
	*first = start;
	*count = o.n;
	sm_free(o.v);
	return 0;
}

int sm_splice_append(sm_image *im, const sm_medit *e, sm_pool *pool)
{
	out o = {0};
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (e->seq[k].kind != SM_HL_DEL)
			put_new(&o, im, e, k, NULL, pool);
	if (o.failed || sm_image_splice(im, im->n, 0, o.v, o.n)) {
		sm_free(o.v);
		return SEAM_ENOMEM;
	}
	if (o.n) {
		im->end_edited = 1;
		im->final_eol = !(e->flags & SM_EDIT_NEW_NOEOL);
		if (e->flags & SM_EDIT_NEW_NOEOL)
			im->eol_said = 1;
	}
	drop_copied_bom(im);
	sm_free(o.v);
	return 0;
}

/* 1 when the new side holds more blank lines than its old side deletes: a block that only
 * moves blank lines (a run moved with the blank line after it) writes its last one as text. */
static int adds_blank_lines(const sm_medit *e)
{
	long net = 0;
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (e->seq[k].l.blank && e->seq[k].kind == SM_HL_ADD)
			net++;
		else if (e->seq[k].l.blank && e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep)
			net--;
	return net > 0;
}

/* Numbered old lines (old_no) carry the reply's numbers, which the blank line has none of:
 * such an edit is left as written (no tool call makes one). */
int sm_splice_join_blank(const sm_image *im, const sm_medit *e, const sm_cand *cand,
			 sm_medit *out, sm_cand *oc)
{
	sm_mline *ml;

	if (!(e->flags & SM_EDIT_JOINS_NEXT) || !e->nold || e->old_no || cand->end >= im->n ||
	    !sm_ln(im, cand->end)->blank || cand->hi[e->nold - 1] != cand->end)
		return 0;
	*out = *e;
	*oc = *cand;
	out->seq = sm_malloc((e->nseq + 1) * sizeof(*out->seq));
	out->old = sm_malloc((e->nold + 1) * sizeof(*out->old));
	oc->lo = sm_malloc((e->nold + 1) * sizeof(*oc->lo));
	oc->hi = sm_malloc((e->nold + 1) * sizeof(*oc->hi));
	if (!out->seq || !out->old || !oc->lo || !oc->hi) {
		sm_prep_dispose(out);
		sm_cand_free(oc);
		return SEAM_ENOMEM;
	}
	memcpy(out->seq, e->seq, e->nseq * sizeof(*e->seq));
	memcpy(out->old, e->old, e->nold * sizeof(*e->old));
	memcpy(oc->lo, cand->lo, e->nold * sizeof(*oc->lo));
	memcpy(oc->hi, cand->hi, e->nold * sizeof(*oc->hi));
	ml = &out->seq[out->nseq];
	memset(ml, 0, sizeof(*ml));
	ml->l = *sm_ln(im, cand->end);
	ml->kind = SM_HL_DEL;
	ml->reply_line = e->seq[e->old[e->nold - 1]].reply_line;
	out->old[out->nold++] = out->nseq++;
	oc->lo[e->nold] = cand->end;
	oc->hi[e->nold] = cand->end + 1;
	oc->end = cand->end + 1;
	return 1;
}

/* Only the new side's last line, an addition, is ever dropped: a blank line the SEARCH side
 * also ends with, or one the diff of the two sides stood on a line of the old side, is the
 * reply's text; so is one the edit moves (whole: the edit e is a run of, or e). */
int sm_splice_spacing_tail(const sm_image *im, const sm_medit *e, const sm_medit *whole,
			   const sm_cand *cand, sm_medit *out)
{
	const sm_mline *last;

	if (!(e->flags & SM_EDIT_NEW_TAIL_BLANK) || !e->nseq || cand->end >= im->n ||
	    !sm_ln(im, cand->end)->blank || !adds_blank_lines(whole ? whole : e))
		return 0;
	last = &e->seq[e->nseq - 1];
	if (last->kind != SM_HL_ADD || !last->l.blank)
		return 0;
	*out = *e;
	out->nseq--;
	return 1;
}

int sm_splice_rendered(const sm_image *im, const sm_medit *e, const sm_cand *cand, sm_pool *pool,
                       sm_buf *out)
{
	sm_image cp;
	sm_pool own = {0};
	size_t first, count;
	int rc = SEAM_ENOMEM;

	memset(&cp, 0, sizeof(cp));
	if (sm_image_copy(&cp, im))
		return SEAM_ENOMEM;
	sm_buf_clear(out);
	if (sm_splice(&cp, e, cand, pool ? pool : &own, &first, &count) == 0 &&
	    sm_image_render(&cp, out) == 0)
		rc = 0;
	sm_image_dispose(&cp);
	sm_pool_dispose(&own);
	return rc;
}
