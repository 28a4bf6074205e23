/* split_blank_pair.c: a blank line of a run's old side let go beside the line it reads next,
 * while the file holds a blank line beyond a line there that the new side writes beside its own
 * blank line (the old side left it out). */
#ifndef SEAM_LIB_SPLIT_BLANK_PAIR_H
#define SEAM_LIB_SPLIT_BLANK_PAIR_H

#include "split_impl.h"

/* The file line a run of runs[0, nr) leaves out between a blank line of its old side that it
 * lets go and the file line *beside (the old line next to that blank line), a file blank line
 * right beyond it, while the new side writes the left-out line's text beside a blank line,
 * paired with an old line; SM_NOLINE when none. */
size_t sm_split_blank_pair_left_out(const sm_image *im, const sm_medit *me, const run *runs,
                                    size_t nr, size_t *beside);

#endif
