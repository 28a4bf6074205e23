#ifndef SEAM_LIB_SPLICE_EDGE_REPEAT_H
#define SEAM_LIB_SPLICE_EDGE_REPEAT_H

#include "match.h"

/* The first file line of a copy, just beyond an edge of cand's region, of the unchanged old
 * lines at that edge (two or more) between two of which e adds a line of substance: read on
 * that copy, the old side's own lines left out, the additions go a copy away (*here: the first
 * file line of those lines as the place reads them). SM_NOLINE when that is not the shape, or
 * both readings write the same lines. */
size_t sm_splice_edge_repeat(const sm_image *im, const sm_medit *e, const sm_cand *cand,
                             size_t *here);

#endif
