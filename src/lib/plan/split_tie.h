/* split_tie.c: a whole-sides block's split made again with its sides' diff breaking its ties
 * from the other end. */
#ifndef SEAM_LIB_SPLIT_TIE_H
#define SEAM_LIB_SPLIT_TIE_H

#include "../match/match.h"

/* sm_prep_late_reading of me (the other pairing of a whole-sides block's sides), none when me
 * is already that reading (late_ties): 1, *alt to dispose with sm_prep_dispose; 0 when there is
 * none; SEAM_ENOMEM when out of memory. */
int sm_split_tie_pairing(const sm_medit *me, sm_medit *alt);

/* 1 when a and b hold different lines (text and line ends): the two readings write different
 * files. SEAM_ENOMEM when out of memory. */
int sm_split_tie_differ(const sm_image *a, const sm_image *b);

#endif
