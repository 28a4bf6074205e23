#ifndef SEAM_LIB_SPLICE_MOVED_TWICE_H
#define SEAM_LIB_SPLICE_MOVED_TWICE_H

#include "match.h"

/* A file line of substance inside cand's region that a whole-sides edit's old side left out (a
 * run of at most SM_MAX_EXTRA_RUN lines), whose text the new side writes, and that the splice
 * keeps beside the new side's copies: the result holds that text once more than the new side
 * gives the region. The new side's copy is that line moved (kept once) or one more line
 * (twice, as spliced); the reply does not say which. SM_NOLINE when there is none. */
size_t sm_splice_left_out_moved_twice(const sm_image *im, const sm_medit *e, const sm_cand *cand);

#endif
