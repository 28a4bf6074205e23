/* split_blank_pair.c: two blank lines of a run's old side read as one file blank line, while
 * the file holds them as two with a line between that the new side writes between its own. */
#ifndef SEAM_LIB_SPLIT_BLANK_PAIR_H
#define SEAM_LIB_SPLIT_BLANK_PAIR_H

#include "split_impl.h"

/* The file line a run of runs[0, nr) leaves out between the blank line two of its old blank
 * lines stand on together and the file's blank line beyond it, the new side writing a line of
 * its text between two blank lines (*blank: the blank line as the run reads it); SM_NOLINE when
 * none. */
size_t sm_split_blank_pair_left_out(const sm_image *im, const sm_medit *me, const run *runs,
                                    size_t nr, size_t *blank);

#endif
