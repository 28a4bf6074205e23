#ifndef SEAM_LIB_SPLICE_CUT_COPY_H
#define SEAM_LIB_SPLICE_CUT_COPY_H

#include "match.h"
#include "splice.h"

/* A place in two pieces (cand.cut, the old sides only) whose new side, from the lines it adds
 * at the cut through the second piece's first context line, reads as the file's own lines from a
 * line of substance above the second piece, in the stretch between the pieces: the first file
 * line of that copy, or SM_NOLINE. The splice writes those additions with the first piece and
 * keeps the stretch's lines as well: the line stands twice, where the new side may mean it once
 * (left out of the second piece's old side). */
size_t sm_splice_cut_copy(const sm_image *im, const sm_medit *e, const sm_cand *cand);

#endif
