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
 * sides' diff keeps it across a swap (a line added on one side of its unchanged run, the same
 * text deleted on the other) while a copy of it stands among the file lines the old side left
 * out, or an old line the diff deletes is it cut short (*copy, the file line; *cut 1 for the
 * latter): the new side's line may be that copy, the old line deleted. When the two readings
 * pair as many lines and splice into different files (the other one writing the lines the new
 * side adds together one after the other), the reply does not say which line it keeps. SM_NOLINE
 * when there is no such line, the readings agree, or out of memory. */
size_t sm_splice_cross_reading(const sm_image *im, const sm_medit *e, const sm_cand *cand,
                               size_t *copy, int *cut);
/* The same, the other reading kept only when the new side's line can be the copy with the new
 * side's lines in their order: the other reading adds it between the old lines that stand
 * around the copy in the file (a split's runs read as one place, split.c, whose stretch
 * between runs holds lines far from the swap). */
size_t sm_splice_cross_reading_in_order(const sm_image *im, const sm_medit *e, const sm_cand *cand,
                                        size_t *copy, int *cut);

#endif
