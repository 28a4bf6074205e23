#ifndef SEAM_LIB_SPLICE_TIE_H
#define SEAM_LIB_SPLICE_TIE_H

#include "match.h"

/* The first file line that a whole-sides edit placed at cand leaves out between two of its old
 * lines, when the sides' diff with its ties broken from the other end (sm_prep_sides_late)
 * splices into another file than e: the reply does not say which copies of its repeated lines
 * go before those file lines and which after. SM_NOLINE when the readings agree, the old side
 * stands unbroken, or out of memory (the splice that follows reports it). */
size_t sm_splice_tie_reading(const sm_image *im, const sm_medit *e, const sm_cand *cand);

#endif
