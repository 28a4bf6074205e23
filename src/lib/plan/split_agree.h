/* split_agree.c: whether the runs of a split hunk read as one hunk. */
#ifndef SEAM_LIB_SPLIT_AGREE_H
#define SEAM_LIB_SPLIT_AGREE_H

#include "split_impl.h"

size_t sm_split_old_of(const run *r, size_t k);
int sm_split_stands(const run *r, size_t i);
int sm_split_changes_nothing(const run *r);
int sm_split_runs_in_order(const run *runs, size_t nr);
int sm_split_heads_in_order(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                            size_t lo0, size_t hi0, sm_budget *budget);
int sm_split_runs_agree(const sm_image *im, const run *runs, size_t nr, sm_budget *budget);
int sm_split_shared_apart(const run *a, const run *b, const sm_medit *me);
int sm_split_placed_without_shared(const run *runs, size_t i, size_t nr);
int sm_split_shared_read_across(const sm_image *im, const run *a, const run *b);
int sm_split_clip(run *a, const run *b);
int sm_split_one_stretch(const run *a, const run *b);

#endif
