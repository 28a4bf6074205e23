#ifndef SEAM_LIB_SPLICE_REWRITE_H
#define SEAM_LIB_SPLICE_REWRITE_H

#include "match.h"

/* A file line of substance inside cand's region that the old side left out (alone) beside a
 * line it deletes, while the new side holds its text only on lines the sides' diff pairs with other
 * old lines, and that the splice does not put back into the old side (refill): the edit
 * rewrites the lines around it, and the reply does not say whether its new side's copy stands
 * for it (rewritten once) or for the other line (the left-out line then kept, where nothing on
 * the new side places it: a line written twice). SM_NOLINE when there is none. */
size_t sm_splice_left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* The first file line of a run the old side of a whole-sides edit left out (a skipped stretch)
 * between two old lines whose text the sides hold in runs of copies that the diff pairs
 * differently on the two sides (a copy added or deleted beside the gap, or new copies paired
 * from across other lines): the new side, all of one text there, does not say on which side of
 * the gap its lines go, and the splice's pick moves the change. SM_NOLINE when none. */
size_t sm_splice_gap_slides(const sm_image *im, const sm_medit *e, const sm_cand *cand);

#endif
