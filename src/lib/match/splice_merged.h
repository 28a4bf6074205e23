#ifndef SEAM_LIB_SPLICE_MERGED_H
#define SEAM_LIB_SPLICE_MERGED_H

#include "splice_doubled.h"

/* The first file line of substance in a splice's result (res, n lines, traced in tr) that the
 * old side left out and the splice wrote once for the new side's added copy of it
 * (SM_OUT_SHARED), while the edit deletes another line of that text in its place, *del, and
 * adds no more lines of the text than it deletes: the added copy may be the deleted line moved
 * (the left-out line then stays beside it) as well as the left-out line itself; not when the
 * result writes it between lines alike its two file neighbours (where the file has it).
 * SM_NOLINE when none. im is the image before the splice, e and c the edit and place it
 * spliced. */
size_t sm_splice_merged_scan(const sm_image *im, const sm_medit *e, const sm_cand *c,
                             const sm_line *res, size_t n, const sm_splice_trace *tr, size_t *del);

#endif
