#ifndef SEAM_LIB_PLAN_FAST_RIVAL_H
#define SEAM_LIB_PLAN_FAST_RIVAL_H

/* Fast apply's rival readings (plan_fast_rival.c says each): 1 when the snippet reads another
 * way too (that alignment in *w), 0 when not, 2 when the plan's budget cannot pay for the
 * alignments, SEAM_ENOMEM. F's costs are as they were after. */
#include "plan_fast_align.h"

int sm_fast_block_doubt(fast *F, const path *use, path *w, sm_budget *budget);
int sm_fast_edge_rival(fast *F, const path *use, cost base, path *w, sm_budget *budget);
/* with no anchor block and a deleted line priced as a new one: lines moved where `use` reads
 * them copied or deletes a stretch of the file */
int sm_fast_move_rival(fast *F, const path *use, cost base, path *w, sm_budget *budget);
/* *x: the first snippet line the rival re-indents */
int sm_fast_unwrap_rival(fast *F, const path *use, cost base, path *w, size_t *x,
                         sm_budget *budget);

#endif
