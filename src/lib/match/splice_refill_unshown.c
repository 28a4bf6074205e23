/*
 * The refill's veto (splice_left_out.c): a diff with the left-out lines put back that deletes,
 * where the reply changes nothing, a line the reply never deletes (one of two copies of a run
 * the reply keeps once, the other left out). The first diff stays then.
 */
#include "splice_refill_unshown.h"
#include "../../util/alloc.h"

#include <stdlib.h>

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The texts (indentation-blind) of the file lines the deletions of x at c stand for, sorted,
 * into *v (*n of them): NULL *v when none; SEAM_ENOMEM. */
static int deleted_texts(const sm_image *im, const sm_medit *x, const sm_cand *c, uint64_t **v,
                         size_t *n)
{
	size_t oi, f, cap = 0;

	*v = NULL;
	*n = 0;
	for (oi = 0; oi < x->nold; oi++) {
		const sm_mline *ml = &x->seq[x->old[oi]];
		if (ml->kind != SM_HL_DEL || ml->keep || c->lo[oi] == SM_NOLINE)
			continue;
		for (f = c->lo[oi]; f < c->hi[oi] && f < im->n; f++) {
			if (sm_grow((void **)v, &cap, *n + 1, sizeof(**v))) {
				sm_free(*v);
				*v = NULL;
				return SEAM_ENOMEM;
			}
			(*v)[(*n)++] = sm_ln(im, f)->h_indent;
		}
	}
	if (*n)
		qsort(*v, *n, sizeof(**v), cmp_u64);
	return 0;
}

/* The texts (indentation-blind) of x's additions, sorted, into *v (*n of them); SEAM_ENOMEM. */
static int added_texts(const sm_medit *x, uint64_t **v, size_t *n)
{
	size_t k, cap = 0;

	*v = NULL;
	*n = 0;
	for (k = 0; k < x->nseq; k++) {
		if (x->seq[k].kind != SM_HL_ADD)
			continue;
		if (sm_grow((void **)v, &cap, *n + 1, sizeof(**v))) {
			sm_free(*v);
			*v = NULL;
			return SEAM_ENOMEM;
		}
		(*v)[(*n)++] = x->seq[k].l.h_indent;
	}
	if (*n)
		qsort(*v, *n, sizeof(**v), cmp_u64);
	return 0;
}

/* 1 when seq line s of e is a change of its diff (a deletion not taken back) or has a change
 * right beside it. */
static int changed_near(const sm_medit *e, size_t s)
{
	size_t k;

	for (k = s ? s - 1 : s; k <= s + 1 && k < e->nseq; k++)
		if (e->seq[k].kind == SM_HL_ADD || (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep))
			return 1;
	return 0;
}

/* How many of the n sorted texts v are h. */
static size_t count_of(const uint64_t *v, size_t n, uint64_t h)
{
	size_t lo = 0, hi = n, m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (v[m] < h)
			lo = m + 1;
		else
			hi = m;
	}
	for (m = lo; m < n && v[m] == h; m++)
		;
	return m - lo;
}

/*
 * 1 when me (at out) holds, between two lines it keeps, a change run that deletes only lines
 * the reply does not delete, one of them of a text that me deletes more often than e (at c)
 * does plus the copies me adds of it: no addition in the run, and each line in it either put
 * back (put_back, per line of [start, end)), never shown, or an old line e keeps among lines it
 * keeps (no change of the reply's beside it). There the reply changes nothing, yet a line
 * goes that is written nowhere: the new side's copies of the text were all paired already,
 * and the diff with the lines put back tied one of them to a line put back and deleted the
 * other ("a b" kept as "a b", the file "a b a b": one "a b" goes). The first diff stays, and
 * keeps the left-out lines where the file has them. A line that goes where the reply changes
 * lines (a move past a left-out twin, a blank line moved), in place of a deletion of its text
 * in the first diff, or with a copy written elsewhere (moved), goes as the reply says; so does
 * one at the region's edge, where how far the region reaches is the reading's. SEAM_ENOMEM out
 * of memory.
 */
int sm_refill_deletes_unshown(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const sm_medit *me, const sm_cand *out, const unsigned char *put_back,
                              size_t start, size_t end)
{
	uint64_t *a = NULL, *b = NULL, *w = NULL;
	size_t na = 0, nb = 0, nw = 0, k, oi = 0, ei = 0;
	int more = 0, unshown = 0, other = 0, anchored = 0;

	if (deleted_texts(im, e, c, &a, &na) || deleted_texts(im, me, out, &b, &nb) ||
	    added_texts(me, &w, &nw)) {
		sm_free(a);
		sm_free(b);
		return SEAM_ENOMEM;
	}
	for (k = 0; k <= me->nseq && !more; k++) {
		const sm_mline *ml = k < me->nseq ? &me->seq[k] : NULL;
		size_t f = SM_NOLINE;
		int back = 0;
		if (ml && ml->kind != SM_HL_ADD) {
			f = out->lo[oi++];
			back = f != SM_NOLINE && f >= start && f < end && put_back[f - start];
			if (!back)
				ei++; /* one of e's old lines, in the same order */
		}
		if (!ml || ml->kind == SM_HL_CTX) {
			/* between two lines the reply keeps (at the region's edge, where the old
			   side ends, the region's reach is the reading's) */
			more = unshown && !other && ml && anchored;
			unshown = other = 0;
			anchored = ml != NULL;
			continue;
		}
		if (ml->kind == SM_HL_ADD || ml->keep) {
			other = 1;
			continue;
		}
		/* an old line of the reply's is a change of the reply's when its own diff deletes
		   it too, or changes a line right beside it (a line moved past it: which of the
		   two the diff kept is its choice); one it kept among lines it kept is no more
		   its deletion than a line put back */
		if (!back && (ei > e->nold || changed_near(e, e->old[ei - 1])))
			other = 1;
		else if (f != SM_NOLINE && f < im->n &&
		         count_of(b, nb, sm_ln(im, f)->h_indent) >
		             count_of(a, na, sm_ln(im, f)->h_indent) +
		                 count_of(w, nw, sm_ln(im, f)->h_indent))
			unshown = 1;
	}
	sm_free(a);
	sm_free(b);
	sm_free(w);
	return more;
}
