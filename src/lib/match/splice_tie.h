#ifndef SEAM_LIB_SPLICE_TIE_H
#define SEAM_LIB_SPLICE_TIE_H

#include "match.h"

/* The first file line that a whole-sides edit placed at cand leaves out between two of its old
 * lines, when the sides' diff with its ties broken from the other end (sm_prep_sides_late)
 * splices into another file than e: the reply does not say which copies of its repeated lines
 * go before those file lines and which after. SM_NOLINE when the readings agree, the old side
 * stands unbroken, or out of memory (the splice that follows reports it). */
size_t sm_splice_tie_reading(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* The file line an unchanged old line of a whole-sides edit placed at cand stands on, when the
 * sides' diff keeps it across a change (lines added on one side of it, deleted on the other:
 * the new side swapped it with its neighbours) while a copy of it stands among the file lines
 * the old side left out (*copy): the new side's line may be that left-out copy, the old line
 * deleted. When the two readings splice into different files, the reply does not say which line
 * it keeps. SM_NOLINE when there is no such line, the readings agree, or out of memory. */
size_t sm_splice_cross_reading(const sm_image *im, const sm_medit *e, const sm_cand *cand,
			       size_t *copy);

#endif
