#ifndef SEAM_LIB_DIFF_H
#define SEAM_LIB_DIFF_H

/*
 * Line diff (Myers' O(ND) algorithm, with common prefix and suffix trimmed first). Lines are
 * compared by 64-bit hashes the caller computed at whatever level it wants.
 */

#include <stddef.h>
#include <stdint.h>

/* A changed region: a[a0..a1) was replaced by b[b0..b1) (either may be empty). */
typedef struct sm_diff_chunk {
	size_t a0, a1, b0, b1;
} sm_diff_chunk;

/*
 * Diffs ha[0..na) against hb[0..nb). On success returns 0 and sets *out (free with sm_free) to
 * the changed regions in order, *nout their count. When the number of differences passes
 * max_d (0 = no limit), the middle is reported as one changed region rather than searched:
 * bounded time on hostile input. Returns SEAM_ENOMEM when out of memory.
 */
int sm_diff_lines(const uint64_t *ha, size_t na, const uint64_t *hb, size_t nb, size_t max_d,
		  sm_diff_chunk **out, size_t *nout);

/*
 * How many lines ha[0..na) and hb[0..nb) have in common taken as multisets (a line counted as
 * often as it stands in both): at least as many as any alignment of the two keeps. Sorts both
 * arrays in place.
 */
size_t sm_diff_common(uint64_t *ha, size_t na, uint64_t *hb, size_t nb);

#endif
