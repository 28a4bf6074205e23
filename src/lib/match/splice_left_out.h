#ifndef SEAM_LIB_SPLICE_LEFT_OUT_H
#define SEAM_LIB_SPLICE_LEFT_OUT_H

#include "match.h"
#include "splice_pool.h"

/* 1 when seq[k] of e, a deletion, is a line the edit only takes trailing blanks off: its change
 * run gives it back but for them (a SEARCH line copied with trailing blanks), adding nothing but
 * such copies; it stays where it stands. */
int sm_splice_loses_trailing_blanks(const sm_medit *e, size_t k);

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

/* For sm_splice (each described where it is defined). */
int sm_drop_repeats(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del);
int sm_drop_blank_joins(const sm_image *im, const sm_medit *e, const sm_cand *c,
                        unsigned char *del);
int sm_refill(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *me, sm_cand *out,
              sm_pool *pool);

#endif
