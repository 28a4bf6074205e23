#include "diff.h"
#include "seam.h" /* the SEAM_E* codes */
#include "alloc.h"

#include <stdint.h>
#include <stdlib.h>

/*
 * Myers' algorithm in its linear-space form: find the middle snake of the current box by running
 * the greedy search from both corners at once, then recurse on the two halves. Every recursion
 * halves the number of differences left, so the depth stays near log2(D) and the C stack is safe
 * on any input. Coordinates are ptrdiff_t so that diagonals (x - y) and the sentinels of the
 * V arrays can go negative.
 */

typedef struct dctx {
	const uint64_t *a, *b;
	ptrdiff_t *vf, *vb; /* furthest x per diagonal, forward and backward; indexed from voff */
	ptrdiff_t voff;
	size_t max_d;
	sm_diff_chunk *out;
	size_t n, cap;
	int failed;
} dctx;

static void emit(dctx *c, ptrdiff_t a0, ptrdiff_t a1, ptrdiff_t b0, ptrdiff_t b1)
{
	sm_diff_chunk *last;

	if (c->failed || (a0 == a1 && b0 == b1))
		return;
	/* Halves of the recursion meet end to end; one change reads better as one region. */
	if (c->n) {
		last = &c->out[c->n - 1];
		if (last->a1 == (size_t)a0 && last->b1 == (size_t)b0) {
			last->a1 = (size_t)a1;
			last->b1 = (size_t)b1;
			return;
		}
	}
	if (sm_grow((void **)&c->out, &c->cap, c->n + 1, sizeof(*c->out))) {
		c->failed = 1;
		return;
	}
	c->out[c->n].a0 = (size_t)a0;
	c->out[c->n].a1 = (size_t)a1;
	c->out[c->n].b0 = (size_t)b0;
	c->out[c->n].b1 = (size_t)b1;
	c->n++;
}

/*
 * Finds a point (*sx, *sy) on an optimal path through the box a[x0..x1) x b[y0..y1), whose
 * corners are known to differ (the caller trimmed them). Returns 0, or -1 when the box needs
 * more than max_d differences: then the caller gives up on it.
 */
static int split(dctx *c, ptrdiff_t x0, ptrdiff_t x1, ptrdiff_t y0, ptrdiff_t y1, ptrdiff_t *sx,
		 ptrdiff_t *sy)
{
	const uint64_t *a = c->a, *b = c->b;
	ptrdiff_t *vf = c->vf + c->voff, *vb = c->vb + c->voff;
	ptrdiff_t kmin = x0 - y1, kmax = x1 - y0; /* the diagonals the box spans */
	ptrdiff_t fmid = x0 - y0, bmid = x1 - y1;
	ptrdiff_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
	int odd = (fmid - bmid) & 1;
	ptrdiff_t d, k, x, y;

	vf[fmid] = x0;
	vb[bmid] = x1;
	for (d = 1;; d++) {
		/* Widen the band of diagonals by one each side, or shrink it at the box's edge; a
		 * sentinel just outside the band makes the neighbour test below choose inside. */
		if (fmin > kmin)
			vf[--fmin - 1] = -1;
		else
			fmin++;
		if (fmax < kmax)
			vf[++fmax + 1] = -1;
		else
			fmax--;
		for (k = fmax; k >= fmin; k -= 2) {
			if (vf[k - 1] >= vf[k + 1])
				x = vf[k - 1] + 1;
			else
				x = vf[k + 1];
			y = x - k;
			while (x < x1 && y < y1 && a[x] == b[y]) {
				x++;
				y++;
			}
			vf[k] = x;
			if (odd && k >= bmin && k <= bmax && vb[k] <= x) {
				*sx = x;
				*sy = y;
				return 0;
			}
		}
		if (bmin > kmin)
			vb[--bmin - 1] = PTRDIFF_MAX;
		else
			bmin++;
		if (bmax < kmax)
			vb[++bmax + 1] = PTRDIFF_MAX;
		else
			bmax--;
		for (k = bmax; k >= bmin; k -= 2) {
			if (vb[k - 1] < vb[k + 1])
				x = vb[k - 1];
			else
				x = vb[k + 1] - 1;
			y = x - k;
			while (x > x0 && y > y0 && a[x - 1] == b[y - 1]) {
				x--;
				y--;
			}
			vb[k] = x;
			if (!odd && k >= fmin && k <= fmax && x <= vf[k]) {
				*sx = x;
				*sy = y;
				return 0;
			}
		}
		/* Both searches spent d differences without meeting: the box needs more than 2d. */
		if (c->max_d && (size_t)d * 2 >= c->max_d)
			return SEAM_ELIMIT;
	}
}

static void compare(dctx *c, ptrdiff_t x0, ptrdiff_t x1, ptrdiff_t y0, ptrdiff_t y1)
{
	ptrdiff_t sx, sy;

	while (x0 < x1 && y0 < y1 && c->a[x0] == c->b[y0]) {
		x0++;
		y0++;
	}
	while (x0 < x1 && y0 < y1 && c->a[x1 - 1] == c->b[y1 - 1]) {
		x1--;
		y1--;
	}
	if (x0 == x1 || y0 == y1) {
		emit(c, x0, x1, y0, y1);
		return;
	}
	if (split(c, x0, x1, y0, y1, &sx, &sy)) {
		emit(c, x0, x1, y0, y1);
		return;
	}
	compare(c, x0, sx, y0, sy);
	compare(c, sx, x1, sy, y1);
}

int sm_diff_lines(const uint64_t *ha, size_t na, const uint64_t *hb, size_t nb, size_t max_d,
		  sm_diff_chunk **out, size_t *nout)
{
	dctx c = {0};
	size_t pre = 0, na2 = na, nb2 = nb, nv;

	*out = NULL;
	*nout = 0;
	/* The shared head and tail need no V arrays: trim them before sizing anything. */
	while (pre < na && pre < nb && ha[pre] == hb[pre])
		pre++;
	while (na2 > pre && nb2 > pre && ha[na2 - 1] == hb[nb2 - 1]) {
		na2--;
		nb2--;
	}
	c.a = ha;
	c.b = hb;
	c.max_d = max_d;
	if (na2 > pre && nb2 > pre) {
		size_t n = na2 - pre, m = nb2 - pre;
		/* Coordinates and diagonals must fit a ptrdiff_t with room to spare. */
		if (n > (size_t)PTRDIFF_MAX / 8 || m > (size_t)PTRDIFF_MAX / 8)
			return SEAM_ELIMIT;
		nv = n + m + 3;
		if (nv > SIZE_MAX / (2 * sizeof(ptrdiff_t)))
			return SEAM_ELIMIT;
		c.vf = sm_malloc(nv * 2 * sizeof(ptrdiff_t));
		if (!c.vf)
			return SEAM_ENOMEM;
		c.vb = c.vf + nv;
		/* Diagonals (x - y) of the box run from -m to n, and one sentinel sits past each
		 * end; sub-boxes lie inside, so this one range serves the whole recursion. */
		c.voff = (ptrdiff_t)m + 1;
		compare(&c, (ptrdiff_t)pre, (ptrdiff_t)na2, (ptrdiff_t)pre, (ptrdiff_t)nb2);
		sm_free(c.vf);
	} else {
		emit(&c, (ptrdiff_t)pre, (ptrdiff_t)na2, (ptrdiff_t)pre, (ptrdiff_t)nb2);
	}
	if (c.failed) {
		sm_free(c.out);
		return SEAM_ENOMEM;
	}
	*out = c.out;
	*nout = c.n;
	return 0;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

size_t sm_diff_common(uint64_t *ha, size_t na, uint64_t *hb, size_t nb)
{
	size_t i = 0, j = 0, n = 0;

	qsort(ha, na, sizeof(*ha), by_value);
	qsort(hb, nb, sizeof(*hb), by_value);
	while (i < na && j < nb) {
		if (ha[i] == hb[j]) {
			n++;
			i++;
			j++;
		} else if (ha[i] < hb[j]) {
			i++;
		} else {
			j++;
		}
	}
	return n;
}
