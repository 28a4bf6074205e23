/*
 * A placeholder's span read otherwise once blank lines count: the diff of the two sides pairs
 * lines of substance first and blank lines by shape after (prep.c), and sm_lazy_better_reading
 * weighs readings on lines of substance alone. A blank line the reply keeps or adds next to the
 * line that bounds a placeholder then decides nothing there, yet it may be what pairs that
 * line with another copy of its text: "x", blank, placeholder over "x", "y", blank, "y", ...
 * reads as "x" kept, a blank line added and the placeholder standing for blank, "y", ... (the
 * diff's reading), or as "y" deleted, the blank line and the second "y" kept, the placeholder
 * standing for the rest, each one line of the reply's own. The two give two files.
 */
#include "lazy_impl.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

/* a blank line's stand-in: blank lines pair with each other whatever their spaces */
#define BLANK_H 0x9e3779b97f4a7c15ull
#define INF UINT32_MAX
#define POLY 0x100000001b3ull

static uint64_t line_h(const sm_mline *ml)
{
	return ml->l.blank ? BLANK_H : sm_line_h(&ml->l, SM_LVL_EXACT);
}

/*
 * 1 when, blank lines counted as lines like any other (each deletion and addition of the
 * reply's own costing one, each placeholder of hits free to stand for one run of old lines,
 * each line the diff keeps kept on some copy of its text), the cheapest reading in which a
 * placeholder stands for other lines of substance than the diff's span of it (the old lines
 * between the new lines that bound it, which the guard restores) costs no more than the
 * cheapest in which it stands for the same: another file as likely, and seam cannot tell
 * which was meant. Lines the guard leaves out of the new side (placeholders that stand for
 * nothing, drop; lines added inside a span) are no lines of it here, and a deletion taken back
 * (keep) is kept. Only readings no dearer than the diff's are weighed: its pairing of blank
 * lines by shape may cost more than another pairing of them, which alone tells nothing.
 * *cost: the cheapest reading of the diff's span; *best: the other's. Past SM_LAZY_TIE_CELLS
 * cells (or pairs of rows), or with two placeholders in one span, 0; SEAM_ENOMEM when out of
 * memory. Two full tables of the costs to and from each cell give the cheapest reading through
 * each pair of rows where a placeholder's run may start and end.
 */
int sm_lazy_span_read_otherwise(ctx *c, const sm_lazy_hit *hits, size_t nh,
                                const unsigned char *drop, size_t *cost, size_t *best)
{
	const sm_medit *e = c->e;
	unsigned char *ph = NULL, *kept = NULL;
	size_t *in = NULL;
	uint64_t *a = NULL, *b = NULL, *pre = NULL, *pw = NULL;
	uint32_t *f = NULL, *g = NULL;
	size_t *col = NULL, *d0 = NULL, *d1 = NULL, *nb = NULL;
	size_t k, i, j, n = 0, m = 0, w, h, cur = 0;
	int rc = SEAM_ENOMEM;

	*cost = *best = 0;
	in = sm_calloc(e->nseq ? e->nseq : 1, sizeof(*in));
	col = sm_malloc((nh ? nh : 1) * sizeof(*col));
	d0 = sm_malloc((nh ? nh : 1) * sizeof(*d0));
	d1 = sm_malloc((nh ? nh : 1) * sizeof(*d1));
	if (!in || !col || !d0 || !d1)
		goto out;
	/* in[k]: 1 + the hit whose span (between the new lines that bound it) holds seq[k] */
	for (h = 0; h < nh; h++) {
		size_t lo = sm_lazy_new_neighbour(e, hits[h].ph, -1),
		       hi = sm_lazy_new_neighbour(e, hits[h].ph, 1);
		for (k = lo == SM_NOLINE ? 0 : lo + 1; k < (hi == SM_NOLINE ? e->nseq : hi); k++) {
			if (in[k]) {
				rc = 0; /* two placeholders in one span: not this question */
				goto out;
			}
			in[k] = h + 1;
		}
	}
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind != SM_HL_ADD)
			n++;
		if (in[k]                               ? k == hits[in[k] - 1].ph
		    : ml->kind != SM_HL_DEL || ml->keep ? !(drop && drop[k])
		                                        : 0)
			m++;
		if (!in[k])
			cur += (ml->kind == SM_HL_DEL && !ml->keep) ||
			       (ml->kind == SM_HL_ADD && !(drop && drop[k]));
	}
	*cost = cur;
	/* the tables, and the pairs of rows where a placeholder's run may start and end */
	if ((uint64_t)(n + 1) * (m + 1) > SM_LAZY_TIE_CELLS ||
	    (uint64_t)(n + 1) * (n + 1) > SM_LAZY_TIE_CELLS) {
		rc = 0;
		goto out;
	}
	w = m + 1;
	a = sm_malloc((n ? n : 1) * sizeof(*a));
	b = sm_malloc((m ? m : 1) * sizeof(*b));
	ph = sm_calloc(m ? m : 1, 1);
	kept = sm_calloc(m ? m : 1, 1);
	pre = sm_malloc((n + 1) * sizeof(*pre));
	pw = sm_malloc((n + 1) * sizeof(*pw));
	nb = sm_malloc((n + 1) * sizeof(*nb));
	f = sm_malloc((n + 1) * w * sizeof(*f));
	g = sm_malloc((n + 1) * w * sizeof(*g));
	if (!a || !b || !ph || !kept || !pre || !pw || !nb || !f || !g)
		goto out;
	for (h = 0; h < nh; h++)
		d0[h] = SIZE_MAX;
	for (k = 0, i = 0, j = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (in[k]) {
			h = in[k] - 1;
			if (k == hits[h].ph) {
				col[h] = j;
				ph[j] = 1;
				b[j++] = 0;
			}
			if (ml->kind != SM_HL_ADD) {
				/* every old line of the span is restored (the placeholder's run) */
				if (d0[h] == SIZE_MAX)
					d0[h] = i;
				d1[h] = i + 1;
			}
		} else if ((ml->kind != SM_HL_DEL || ml->keep) && !(drop && drop[k])) {
			kept[j] = ml->kind != SM_HL_ADD;
			b[j++] = line_h(ml);
		}
		if (ml->kind != SM_HL_ADD)
			a[i++] = line_h(ml);
	}
	/* pre: a polynomial hash of the old lines of substance before each line (nb of them),
	   pw its powers: the substance of a run of old lines compared at once */
	pre[0] = 0;
	nb[0] = 0;
	pw[0] = 1;
	for (i = 0; i < n; i++) {
		int solid = a[i] != BLANK_H;
		pre[i + 1] = solid ? pre[i] * POLY + a[i] : pre[i];
		nb[i + 1] = nb[i] + (size_t)solid;
		pw[i + 1] = pw[i] * POLY;
	}
#define RANGE(x, y) (pre[y] - pre[x] * pw[nb[y] - nb[x]])
	c->work += sm_work_pass(0, 3 * (n + 1) * w + nh * (n + 1) * (n + 1));
#define DEL_COST(j) ((j) && ph[(j)-1] ? 0u : 1u)
	/* adding new line j costs one, a placeholder nothing; a line the diff keeps stays kept
	   (on some copy of its text): read as added, its file line restored by a placeholder,
	   the file would hold it twice */
#define ADD_COST(j) (ph[j] ? 0u : kept[j] ? INF : 1u)
#define ADD(x, y) ((x) == INF || (y) == INF ? INF : (x) + (y))
	for (i = 0; i <= n; i++) {
		for (j = 0; j <= m; j++) {
			uint32_t v = INF, t;
			if (!i && !j) {
				f[0] = 0;
				continue;
			}
			if (i && (t = ADD(f[(i - 1) * w + j], DEL_COST(j))) < v)
				v = t;
			if (j && (t = ADD(f[i * w + j - 1], ADD_COST(j - 1))) < v)
				v = t;
			if (i && j && !ph[j - 1] && a[i - 1] == b[j - 1] &&
			    f[(i - 1) * w + j - 1] < v)
				v = f[(i - 1) * w + j - 1];
			f[i * w + j] = v;
		}
	}
	for (i = n + 1; i-- > 0;) {
		for (j = m + 1; j-- > 0;) {
			uint32_t v = INF, t;
			if (i == n && j == m) {
				g[i * w + j] = 0;
				continue;
			}
			if (i < n && (t = ADD(g[(i + 1) * w + j], DEL_COST(j))) < v)
				v = t;
			if (j < m && (t = ADD(g[i * w + j + 1], ADD_COST(j))) < v)
				v = t;
			if (i < n && j < m && !ph[j] && a[i] == b[j] && g[(i + 1) * w + j + 1] < v)
				v = g[(i + 1) * w + j + 1];
			g[i * w + j] = v;
		}
	}
	rc = 0;
	for (h = 0; h < nh && !rc; h++) {
		size_t jp = col[h], i0, i1;
		uint32_t same = INF, other = INF;
		uint64_t mine;
		if (d0[h] == SIZE_MAX)
			continue;
		mine = RANGE(d0[h], d1[h]);
		for (i0 = 0; i0 <= n; i0++) {
			uint32_t f0 = f[i0 * w + jp];
			if (f0 == INF || f0 > cur)
				continue;
			for (i1 = i0; i1 <= n; i1++) {
				/* the path leaves the placeholder's column at i1 by a step that is
				   not one more old line of its run */
				uint32_t g1, t;
				if (jp + 1 == m) {
					g1 = i1 == n ? 0 : INF;
				} else {
					g1 = ADD(g[i1 * w + jp + 2], ADD_COST(jp + 1));
					if (i1 < n && !ph[jp + 1] && a[i1] == b[jp + 1] &&
					    (t = g[(i1 + 1) * w + jp + 2]) < g1)
						g1 = t;
				}
				if (g1 == INF || f0 + g1 > cur)
					continue;
				if (nb[i1] - nb[i0] == nb[d1[h]] - nb[d0[h]] &&
				    RANGE(i0, i1) == mine) {
					if (f0 + g1 < same)
						same = f0 + g1;
				} else if (f0 + g1 < other) {
					other = f0 + g1;
				}
			}
		}
		if (other <= same) {
			rc = 1;
			*cost = same;
			*best = other;
		}
	}
#undef RANGE
#undef DEL_COST
#undef ADD_COST
#undef ADD
out:
	sm_free(in);
	sm_free(ph);
	sm_free(kept);
	sm_free(a);
	sm_free(b);
	sm_free(pre);
	sm_free(pw);
	sm_free(nb);
	sm_free(f);
	sm_free(g);
	sm_free(col);
	sm_free(d0);
	sm_free(d1);
	return rc;
}
