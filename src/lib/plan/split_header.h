/* split_header.c: a merged hunk's first run found away from the line its header names, where
 * the run's lines stand too but for blank lines the reply dropped. */
#ifndef SEAM_LIB_SPLIT_HEADER_H
#define SEAM_LIB_SPLIT_HEADER_H

#include "split_impl.h"

size_t sm_split_header_rival(const sm_image *im, const sm_medit *me, const run *first,
                             sm_budget *budget);

#endif
