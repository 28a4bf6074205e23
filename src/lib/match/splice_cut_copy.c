/*
 * A merged hunk placed in two pieces, the file lines between them kept as they are (a stretch
 * the reply skipped): the lines the new side adds at the cut are spliced with the first piece.
 * When the new side, read from those additions on, is the file's lines from above the second
 * piece's place (its last lines left out of the old side, the second piece's own lines after
 * them, as the file has them), the additions may be those left-out lines, written once, or new
 * lines at the end of the first piece; spliced, the result holds them twice (issue 11, class D).
 */
#include "splice_cut_copy.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "splice_edge.h"
#include "splice.h"

/* 1 when new-side line k is file line f as written (indentation and all, as the match shifts). */
static int same(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t f, size_t k)
{
	return f < im->n && sm_same_line(im, e, c, f, k);
}

/*
 * 1 when the new lines of the first piece from seq a on (all additions) and then the second
 * piece's new lines, through its first context line of substance, are the file's lines from f,
 * one for one, that context line standing where the copy reaches it (the second piece's
 * deletions passed over: the file lines they stand on are the copy's too).
 */
static int reads_as_file(const sm_image *im, const sm_splice_halves *h, size_t a, size_t f)
{
	const sm_medit *e = &h->b;
	size_t k, oi = 0;

	for (k = a; k < h->a.nseq; k++, f++)
		if (!same(im, &h->a, &h->ca, f, k))
			return 0;
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_DEL) {
			oi++;
			continue;
		}
		if (!same(im, e, &h->cb, f, k))
			return 0;
		if (ml->kind == SM_HL_CTX) {
			if (h->cb.lo[oi] != f || h->cb.hi[oi] != f + 1)
				return 0;
			if (sm_line_of_substance(sm_ln(im, f)))
				return 1;
			oi++;
		}
		f++;
	}
	return 0;
}

size_t sm_splice_cut_copy(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_splice_halves h;
	size_t a, f2, end1, p, q, t, g, found = SM_NOLINE;

	if (!c->cut || !e->blocklike || c->cut >= e->nold || e->old_no ||
	    c->lo[c->cut] == SM_NOLINE || c->hi[c->cut - 1] == SM_NOLINE ||
	    sm_splice_pieces(e, c, &h))
		return SM_NOLINE; /* (out of memory: read as written, as before) */
	/* the first piece's last lines, additions all */
	for (a = h.a.nseq; a > 0 && h.a.seq[a - 1].kind == SM_HL_ADD; a--)
		;
	q = h.a.nseq - a;
	f2 = c->lo[c->cut];
	end1 = c->hi[c->cut - 1];
	/* the first piece's last t additions from p stretch lines above the second piece (the
	   rest of them on the second piece's own lines) */
	for (t = 1; f2 > end1 && t <= q && t <= SM_CUT_COPY_MAX_LINES && found == SM_NOLINE; t++)
		for (p = 1; p <= t && p <= f2 - end1 && found == SM_NOLINE; p++) {
			size_t subst = 0;
			for (g = f2 - p; g < f2; g++)
				subst += sm_line_of_substance(sm_ln(im, g));
			if (subst && reads_as_file(im, &h, h.a.nseq - t, f2 - p))
				found = f2 - p;
		}
	sm_splice_pieces_dispose(&h);
	return found;
}
