#ifndef SEAM_LIB_SPLIT_LOCATE_H
#define SEAM_LIB_SPLIT_LOCATE_H

#include "split_impl.h"

/* For split.c (each described where it is defined). */
int sm_split_pair_runs(const sm_medit *me, sm_medit *pm, unsigned char **brk);
int sm_split_locate(const sm_image *im, const sm_medit *me, run *r, size_t lo, size_t hi,
                    sm_budget *budget);

#endif
