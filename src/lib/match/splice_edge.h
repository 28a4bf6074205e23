#ifndef SEAM_LIB_SPLICE_EDGE_H
#define SEAM_LIB_SPLICE_EDGE_H

#include "match.h"

/* The region sm_splice rewrites for cand: cand's, widened over file lines right around it that
 * repeat the new side's first or last lines (see splice_edge.c). */
void sm_splice_widen(const sm_image *im, const sm_medit *e, const sm_cand *cand, size_t *start,
                     size_t *end);

/* For the other parts of the splicer (each described where it is defined). */
int sm_changed_form_of(const sm_line *a, const sm_line *l);
int sm_same_line(const sm_image *im, const sm_medit *e, const sm_cand *c0, size_t f, size_t k);
void sm_widen(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps, size_t *pe);
int sm_settle(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_cand *out);
int sm_splice_moved_across_runs(const sm_medit *e, uint64_t h);
int sm_slide_copies(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *out);

#endif
