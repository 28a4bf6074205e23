#ifndef SEAM_LIB_SPLICE_TWIN_H
#define SEAM_LIB_SPLICE_TWIN_H

#include "match.h"

/* A file line that an unchanged line of a whole-sides edit stands on, where the sides' diff
 * could as well have paired that line's new copy with a deleted old copy of the same text in
 * its change run (no unchanged or added line between the two: the new side reads the same
 * either way), the two copies standing on different file lines, and the file spliced by the
 * one reading differs from the file spliced by the other (lines the old side left out stand
 * between them and stay): the reply does not say which copy it keeps. *alt: the other copy's
 * line. SM_NOLINE when there is none; SEAM_ENOMEM out of memory is SM_NOLINE too (the splice
 * that follows reports it). */
size_t sm_splice_twin_reading(const sm_image *im, const sm_medit *e, const sm_cand *cand,
                              size_t *alt);

#endif
