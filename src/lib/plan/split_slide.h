/* split_slide.c: a run's edge additions that slide through its context to the cut. */
#ifndef SEAM_LIB_SPLIT_SLIDE_H
#define SEAM_LIB_SPLIT_SLIDE_H

#include "split_impl.h"

int sm_split_adds_slide_to_cut(const sm_medit *me, const run *p, const run *r);

#endif
