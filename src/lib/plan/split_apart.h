/* split_apart.c: the new lines of a split hunk's runs: undecided or already made. */
#ifndef SEAM_LIB_SPLIT_APART_H
#define SEAM_LIB_SPLIT_APART_H

#include "split_impl.h"

int sm_split_cut_adds_twin(const sm_image *im, const sm_medit *me, const run *p, const run *r);
int sm_split_closes_on_copy(const sm_image *im, const run *runs, size_t nr, size_t i, int dir);
int sm_split_lead_adds_on_blank(const sm_image *im, const sm_medit *me, const run *p, const run *r,
                                size_t at[2]);
int sm_split_move_lead_adds(const sm_image *im, const sm_medit *me, run *p, run *r);
int sm_split_line_is(const sm_image *im, size_t f, const sm_line *l);
int sm_split_deletion_closed_up(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                                size_t hi, size_t *at);
/* A run placed by a tolerant tier whose own new side stands as written over its place while
 * the place reads its deletions beyond it (split_apart.c): 1 with *ws, 0, or SEAM_ENOMEM. */
int sm_split_deletion_read_past(const sm_image *im, const run *r, size_t lo, size_t hi,
                                sm_budget *budget, size_t *ws);
int sm_split_made_apart(const sm_image *im, const sm_medit *me, const run *r, size_t lo0,
                        size_t hi0, sm_budget *budget, size_t *ws);

/* Run r, found by diff-repair or fuzzy, reads a line it deletes apart from the context beside
 * it, over lines of the file, while its own new side (the context around it cut a line at a
 * time on one side) stands as written away from the deleted lines (sm_plan_deletion_read_past):
 * *ws where; 1, 0 or SEAM_ENOMEM. */
int sm_split_run_read_past(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                           size_t hi, sm_budget *budget, size_t *ws);

#endif
