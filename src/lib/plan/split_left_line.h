/* split_left_line.c: a line a split hunk adds that is the file line its runs leave out beside
 * the context line it stands next to. */
#ifndef SEAM_LIB_SPLIT_LEFT_LINE_H
#define SEAM_LIB_SPLIT_LEFT_LINE_H

#include "split_impl.h"

int sm_split_adds_left_out_line(const sm_image *im, const sm_medit *me, const run *runs, size_t nr);

#endif
