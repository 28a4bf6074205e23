#ifndef SEAM_LIB_SPLICE_EDGE_MOVE_H
#define SEAM_LIB_SPLICE_EDGE_MOVE_H

#include "match.h"

/* The file line of substance just beyond an edge of cand's region that e's new side writes
 * again (an addition, with the file lines outward of it that the new side repeats after it, in
 * order) and then, up to its edge, only lines of the old side (context, or lines it deletes
 * written again): lines moved past a line the old side left out (it stays once), or a second
 * copy of that line written before them, as literally read. The new side writes that text more
 * times than the old side holds it. The reply does not say which; SM_NOLINE when that is not
 * the shape, or the splice absorbs the line (written once). */
size_t sm_splice_move_past_left_out(const sm_image *im, const sm_medit *e, const sm_cand *cand);

#endif
