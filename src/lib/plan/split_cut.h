/* split_cut.c: the runs of a split hunk found with part of their context cut. */
#ifndef SEAM_LIB_SPLIT_CUT_H
#define SEAM_LIB_SPLIT_CUT_H

#include "split_impl.h"

int sm_split_left_out_written_elsewhere(const sm_image *im, const sm_medit *me, const run *r);
long sm_split_indent_of(const sm_line *l, const sm_cand *c, int is_new);
int sm_split_cuts_ok(const sm_image *im, const sm_medit *me, const run *runs, size_t i, size_t nr);
size_t sm_split_run_edge(const run *r, int above);
int sm_split_outer_apart(const sm_image *im, const sm_medit *me, const run *r, int above, size_t lo,
                         size_t hi, sm_budget *budget, size_t *ctx_at);
int sm_split_near_slice_elsewhere(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                                  size_t hi, sm_budget *budget);

#endif
