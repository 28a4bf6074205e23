#ifndef SEAM_LIB_PLAN_MOVE_MADE_H
#define SEAM_LIB_PLAN_MOVE_MADE_H

#include "plan_impl.h"
#include "../match/match.h"

/* The file line where place c reads a deleted line of me (one of substance) as written, while me
 * adds a copy of it elsewhere (a line moved), the file lines around it being the new side's
 * neighbours of that copy (both of them, as written) and not the old side's of the
 * deleted one (on a side where the new neighbour has substance): the move stands made there,
 * the edit sent again (or a half of a merged hunk), and its place takes the moved line from
 * where it was put. SM_NOLINE when none. One pass over me per deleted line. */
size_t sm_plan_move_made_at(const sm_image *im, const sm_medit *me, const sm_cand *c);

#endif
