/*
 * Building the result of one located edit. The alignment says which file lines each old line
 * stands for; walking the edit's lines in order then gives the result: a three-way merge of the
 * file region, the old side and the new side, in which the file wins for everything the edit
 * does not change.
 */
#include "splice.h"
#include "../util/alloc.h"

#include <string.h>

char *sm_pool_add(sm_pool *p, size_t n)
{
	char *s;
	if (sm_grow((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v)))
		return NULL;
	s = sm_malloc(n + 1);
	if (s)
		p->v[p->n++] = s;
	return s;
}

void sm_pool_dispose(sm_pool *p)
{
	size_t i;
	for (i = 0; i < p->n; i++)
		sm_free(p->v[i]);
	sm_free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}

typedef struct out {
	sm_line *v;
	size_t n, cap;
	int failed;
} out;

static void put(out *o, const sm_line *l)
{
	if (o->failed || sm_grow((void **)&o->v, &o->cap, o->n + 1, sizeof(*o->v))) {
		o->failed = 1;
		return;
	}
	o->v[o->n++] = *l;
}

/* A new line of the edit, shifted to the file's indentation if the match was shifted. */
static void put_new(out *o, const sm_image *im, const sm_line *src, const sm_cand *c, sm_pool *pool)
{
	sm_line l;
	const char *p = src->p;
	size_t n = src->n;

	/* whitespace-only lines move with the block too (editors indent blank lines) */
	if (c && c->shifted && n) {
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
	unsigned char *del; /* per file line of the span: 1 when a deletion stands for it */
} seg;

static void flush(out *o, const sm_image *im, const sm_medit *e, seg *sg, size_t f, size_t to,
		  const sm_cand *c, sm_pool *pool)
{
	size_t nx = 0, i, j, *x = NULL;
	unsigned short *L = NULL;

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
	if (nx && sg->na == sg->ndel && sg->first_del != SM_NOLINE) {
		/* as many additions as deleted lines, with kept lines among the deletions: each
		   addition takes the place of one deleted line, in order */
		for (j = f, i = 0; j < to; j++) {
			if (!sg->del[j - c->start])
				put(o, &im->v[j]);
			else if (i < sg->na)
				put_new(o, im, &e->seq[sg->adds[i++]].l, c, pool);
		}
		sm_free(x);
		sg->na = sg->ndel = 0;
		sg->first_del = SM_NOLINE;
		return;
	}
	if (e->blocklike && sg->na && nx && sg->na * nx <= 65536)
		L = sm_calloc((sg->na + 1) * (nx + 1), sizeof(*L));
	if (L) {
		size_t na = sg->na, w = nx + 1;
		/* L[i][j]: longest common subsequence of adds[i..] and extras[j..] */
		for (i = na; i-- > 0;)
			for (j = nx; j-- > 0;) {
				if (e->seq[sg->adds[i]].l.h[SM_LVL_INDENT] == im->v[x[j]].h[SM_LVL_INDENT])
					L[i * w + j] = (unsigned short)(L[(i + 1) * w + j + 1] + 1);
				else
					L[i * w + j] = L[(i + 1) * w + j] > L[i * w + j + 1] ? L[(i + 1) * w + j]
											: L[i * w + j + 1];
			}
		i = j = 0;
		while (i < na || j < nx) {
			if (i < na && j < nx &&
			    e->seq[sg->adds[i]].l.h[SM_LVL_INDENT] == im->v[x[j]].h[SM_LVL_INDENT] &&
			    L[i * w + j] == L[(i + 1) * w + j + 1] + 1) {
				put(o, &im->v[x[j]]);
				i++;
				j++;
			} else if (j < nx &&
				   (i == na || L[i * w + j + 1] > L[(i + 1) * w + j] ||
				    /* a line before the deletions stays before the additions, unless
				       it is one of them */
				    (sg->first_del != SM_NOLINE && x[j] < sg->first_del &&
				     L[i * w + j] == L[i * w + j + 1]))) {
				put(o, &im->v[x[j]]);
				j++;
			} else {
				put_new(o, im, &e->seq[sg->adds[i]].l, c, pool);
				i++;
			}
		}
		sm_free(L);
	} else {
		for (j = 0; j < nx && sg->first_del != SM_NOLINE && x[j] < sg->first_del; j++)
			put(o, &im->v[x[j]]);
		for (i = 0; i < sg->na; i++)
			put_new(o, im, &e->seq[sg->adds[i]].l, c, pool);
		for (; j < nx; j++)
			put(o, &im->v[x[j]]);
	}
	sm_free(x);
	sg->na = sg->ndel = 0;
	sg->first_del = SM_NOLINE;
}

int sm_splice(sm_image *im, const sm_medit *e, const sm_cand *c, sm_pool *pool, size_t *first,
	      size_t *count)
{
	out o = {0};
	seg sg = {0};
	size_t k, oi = 0, f = c->start, j, span = c->end - c->start;
	int at_end = c->end == im->n;

	sg.first_del = SM_NOLINE;
	sg.del = sm_calloc(span ? span : 1, 1);
	if (!sg.del)
		return -1;
	for (k = 0; k < e->nseq && !o.failed; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (ml->kind == SM_HL_ADD || lo == SM_NOLINE) {
			/* an addition, or a context line not in the file: one that lost its '+' */
			if (sm_grow((void **)&sg.adds, &sg.acap, sg.na + 1, sizeof(*sg.adds)))
				o.failed = 1;
			else
				sg.adds[sg.na++] = k;
			continue;
		}
		if (ml->kind == SM_HL_DEL) {
			for (j = lo; j < hi; j++)
				sg.del[j - c->start] = 1;
			sg.ndel += hi - lo;
			if (lo < hi && lo < sg.first_del)
				sg.first_del = lo;
			continue;
		}
		flush(&o, im, e, &sg, f, lo, c, pool);
		for (j = lo; j < hi; j++)
			put(&o, &im->v[j]);
		if (hi > f)
			f = hi;
	}
	if (!o.failed)
		flush(&o, im, e, &sg, f, c->end, c, pool);
	sm_free(sg.adds);
	sm_free(sg.del);
	if (o.failed || sm_image_splice(im, c->start, c->end - c->start, o.v, o.n)) {
		sm_free(o.v);
		return -1;
	}
	if (at_end && (e->flags & SM_EDIT_NEW_NOEOL))
		im->final_eol = 0;
	else if (at_end && (e->flags & SM_EDIT_OLD_NOEOL))
		im->final_eol = 1;
	*first = c->start;
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
			put_new(&o, im, &e->seq[k].l, NULL, pool);
	if (o.failed || sm_image_splice(im, im->n, 0, o.v, o.n)) {
		sm_free(o.v);
		return -1;
	}
	if (e->flags & SM_EDIT_NEW_NOEOL)
		im->final_eol = 0;
	sm_free(o.v);
	return 0;
}
