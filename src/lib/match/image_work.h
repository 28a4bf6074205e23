#ifndef SEAM_LIB_IMAGE_WORK_H
#define SEAM_LIB_IMAGE_WORK_H

/*
 * The work the image's steps cost, in units of the search budget (util/budget.h; the weights
 * and their measures in core/seam_limits.h): a lookup in its line index, and the runs a splice
 * renumbers and its index update. Callers charge these before the step, so that an edit is
 * charged the work it makes: a lookup where a pass over the file used to be, the runs after a
 * splice.
 */

#include "image.h"

#include <stddef.h>
#include <stdint.h>

/* One lookup in im's line index (its two binary searches); 0 when im has no index. */
uint64_t sm_work_lookup(const sm_image *im);
/* A pass over lines [lo, hi) of im, a unit a line. */
uint64_t sm_work_pass(size_t lo, size_t hi);
/* A splice of im at line `at` (sm_image_splice): the runs of lines after it take their new
 * line numbers (no line moves), then the index (in line numbers) takes the splice. */
uint64_t sm_work_splice(const sm_image *im, size_t at);

#endif
