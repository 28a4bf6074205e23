#ifndef SEAM_LIB_SPLIT_H
#define SEAM_LIB_SPLIT_H

#include "plan_impl.h"
#include "../match/match.h"

/* The lines [a, b) of me as an edit of their own (sub's arrays are its own: sm_split_slice_free
 * frees them). SEAM_ENOMEM when out of memory. */
int sm_split_slice(sm_medit *sub, const sm_medit *me, size_t a, size_t b);
void sm_split_slice_free(sm_medit *sub);

/*
 * The split-hunk tier: locates each change run of the edit separately, with the context around
 * it, shrinking that context from its far ends until the run fits exactly one place; every run
 * must be found, in order, without overlap. Returns 1 when applied (pe filled), 0 when it does
 * not fit, SEAM_ENOMEM when out of memory. The image is changed only when every run is found. Every
 * context size of every run is a run of the ladder (the split-run policy): they spend `budget`
 * (the plan's), and once it is spent no run is found. The apply policy calls it at its
 * SM_TIER_SPLIT rung (plan_edit.c's hook). With `rival` (the file lines [rival[0], rival[1])
 * where the new side stands loosely: sm_plan_new_side_loose), runs found where none of them
 * touches those lines are not applied: 2, the first run's place in at[0] (the hunk may have
 * been sent again). A first (last) run found with its leading (trailing) context cut, while
 * that context, no other run's, stands whole in one place not beside the run: 3, the
 * context's place in at[0], the run's in at[1] (the reply puts its context and its change
 * apart: sent again, or a line of it miscopied); 5 the same when the context stands there only
 * as loosely as a run is found (a line of it left out or miscopied). A run found with its context
 * cut on a side, whose own new side (its context up to an elision, around its additions) stands
 * apart from it: 4, the run's place in at[0], that new side's in at[1] (that change made already).
 * An elision marker beside a line the hunk deletes, standing for no line where the runs are found:
 * 6, the file line it stands just above in at[0].
 * A line the runs delete that reads as well on another copy, the hunk aligned with the file with
 * its let-go lines put elsewhere (sm_plan_copy_reading): 7, the run's line in at[0], the other
 * copy in at[1] (the reply does not say which copy it means).
 * With `made` (the file lines [made[0], made[1]) where the new side of an edit that only
 * deletes stands as written, its runs' neighbours together), a run that does not touch those
 * lines, and no reason above refused them: 8, that run's place in at[0], made[0] in at[1] (the
 * deletion made there, the run fitting another copy of the deleted lines).
 * The runs read as one place of the hunk, a half of it (cut at a context line between two of
 * its changes) whose new side stands as written apart from where the runs read that half,
 * which they do not read as written (sm_plan_half_made): 9, the first run's place in at[0],
 * that half's new side in at[1] (a merged hunk sent again, one half made).
 */
int sm_split_apply(sm_image *im, const sm_medit *me, size_t lo, size_t hi, sm_pool *pool,
                   sm_budget *budget, sm_pedit *pe, const size_t *rival, const size_t *made,
                   size_t at[2]);

#endif
