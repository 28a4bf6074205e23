/*
 * Copies of one line on both sides of a change run. The sides' diff pairs an unchanged line of
 * the new side with one old copy of its text when another, deleted, would do as well (the same
 * count of lines of substance paired): a tie it breaks by its own order, knowing nothing of the
 * file. Where the old side leaves file lines out between the two copies, the file keeps them,
 * and which copy stays decides on which side of them the line is written: a line moved across
 * code the reply never mentions. Both readings are spliced; when they differ the edit is
 * refused with both lines named.
 */
#include "splice_twin.h"
#include "splice.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

#include <string.h>

/* 1 when e with seq[k] and seq[j] trading kinds (k deleted, j unchanged) splices at c into
 * another file than e; 0 when the same, SEAM_ENOMEM out of memory. */
static int readings_differ(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k,
                           size_t j)
{
	sm_medit alt = *e;
	sm_buf a = SM_BUF_INIT, b = SM_BUF_INIT;
	int rc = SEAM_ENOMEM;

	alt.seq = sm_malloc(e->nseq * sizeof(*alt.seq));
	if (!alt.seq)
		return SEAM_ENOMEM;
	memcpy(alt.seq, e->seq, e->nseq * sizeof(*alt.seq));
	alt.seq[k].kind = SM_HL_DEL;
	alt.seq[j].kind = SM_HL_CTX;
	if (!sm_splice_rendered(im, e, c, NULL, &a) && !sm_splice_rendered(im, &alt, c, NULL, &b))
		rc = a.len != b.len || memcmp(a.ptr, b.ptr, a.len) != 0;
	sm_buf_dispose(&a);
	sm_buf_dispose(&b);
	sm_free(alt.seq);
	return rc;
}

/* 1 when a file line strictly between a and b stands in cov's table as one no old line stands
 * on (kept by the splice whatever the edit says): only then can the readings differ. */
static int kept_between(const unsigned char *cov, const sm_cand *c, size_t a, size_t b)
{
	size_t g, lo = a < b ? a : b, hi = a < b ? b : a;

	for (g = lo + 1; g < hi; g++)
		if (g >= c->start && g < c->end && !cov[g - c->start])
			return 1;
	return 0;
}

size_t sm_splice_twin_reading(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *alt)
{
	size_t k, oi = 0, g, f = SM_NOLINE, kept = 0;
	unsigned char *cov;

	/* whole sides only: a hunk's kinds are the model's pairing */
	if (!e->blocklike || e->kind != SM_KIND_BLOCK || c->cut || c->end <= c->start)
		return SM_NOLINE;
	cov = sm_calloc(c->end - c->start, 1);
	if (!cov)
		return SM_NOLINE;
	for (oi = 0; oi < e->nold; oi++)
		if (c->lo[oi] != SM_NOLINE)
			for (g = c->lo[oi]; g < c->hi[oi]; g++)
				if (g >= c->start && g < c->end)
					cov[g - c->start] = 1;
	for (g = 0; g < c->end - c->start; g++)
		kept += !cov[g];
	for (k = 0, oi = 0; kept && k < e->nseq && f == SM_NOLINE; k++) {
		int dir;
		if (e->seq[k].kind == SM_HL_ADD)
			continue;
		for (dir = -1;
		     e->seq[k].kind == SM_HL_CTX && !e->seq[k].l.blank && c->lo[oi] != SM_NOLINE &&
		     c->lo[oi] < c->hi[oi] && dir <= 1 && f == SM_NOLINE;
		     dir += 2) {
			uint64_t h = sm_line_h(&e->seq[k].l, SM_LVL_EXACT);
			size_t j = k, oj = oi;
			for (;;) {
				if (dir < 0 ? j == 0 : j + 1 >= e->nseq)
					break;
				j += (size_t)dir;
				if (e->seq[j].kind != SM_HL_DEL || e->seq[j].keep)
					break;
				oj += (size_t)dir;
				if (sm_line_h(&e->seq[j].l, SM_LVL_EXACT) != h ||
				    c->lo[oj] == SM_NOLINE || c->lo[oj] >= c->hi[oj] ||
				    c->lo[oj] == c->lo[oi] ||
				    !kept_between(cov, c, c->lo[oi], c->lo[oj]))
					continue;
				if (readings_differ(im, e, c, k, j) == 1) {
					*alt = c->lo[oj];
					f = c->lo[oi];
					break;
				}
			}
		}
		oi++;
	}
	sm_free(cov);
	return f;
}
