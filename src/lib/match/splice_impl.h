/*
 * What the parts of the splicer share (splice.c the merge itself, splice_edge.c the region's
 * edges, splice_left_out.c, splice_drop.c and splice_rewrite.c the lines the old side left out,
 * splice_undecided.c the places the reply does not decide, splice_read.c the edit as the splice
 * reads it). Each part's own header declares its functions (described where they are defined);
 * splice.h gathers them for the layers above.
 */
#ifndef SEAM_LIB_SPLICE_IMPL_H
#define SEAM_LIB_SPLICE_IMPL_H

#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <stdint.h>

/* 1 when file line l equals one of the edit's additions seq[from..to) (indentation-blind). */
static inline int is_addition(const sm_medit *e, size_t from, size_t to, const sm_line *l)
{
	size_t k;
	for (k = from; k < to; k++)
		if (e->seq[k].kind == SM_HL_ADD && e->seq[k].l.h_indent == l->h_indent)
			return 1;
	return 0;
}

/* The candidate c as it shifts seq line k of e: c itself, or for a place shifted line by line
 * *tmp, shifted as k's neighbours are (the match checked that they agree). */
static inline const sm_cand *shift_of(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                      size_t k, sm_cand *tmp)
{
	if (!c || c->shifted != SM_SHIFT_PER_LINE)
		return c;
	*tmp = *c;
	tmp->shifted = 1;
	if (!sm_reindent_delta(im, e, c, k, &tmp->delta))
		tmp->delta = 0;
	return tmp;
}

/* The text of old line oi (seq[j]) as it deletes: its own, or that of the file line the match
 * put it on. */
static inline uint64_t deleted_text(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                    size_t j, size_t oi, uint64_t h)
{
	uint64_t hd = e->seq[j].l.h_indent;

	if (c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1 && hd != h)
		hd = sm_ln(im, c->lo[oi])->h_indent;
	return hd;
}

static inline void release(sm_cand *c, int slid)
{
	if (slid > 0) {
		sm_free(c->lo);
		sm_free(c->hi);
	}
}

#endif
