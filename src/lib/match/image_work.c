/* The work of the image's steps (image_work.h). */
#include "image_work.h"
#include "../core/seam_limits.h"

/* The probes of one binary search over the index of im's n lines. */
static uint64_t probes(const sm_image *im)
{
	uint64_t k = 1;
	size_t n = im->n;

	while (n >>= 1)
		k++;
	return k;
}

uint64_t sm_work_lookup(const sm_image *im)
{
	return im->ix ? 2 * probes(im) * SM_WORK_PROBE : 0;
}

uint64_t sm_work_pass(size_t lo, size_t hi)
{
	return hi > lo ? hi - lo : 0;
}

uint64_t sm_work_splice(const sm_image *im, size_t at)
{
	/* no line moves (image.h): the runs after the splice take their new line numbers */
	uint64_t u = (uint64_t)sm_image_runs_after(im, at) * SM_WORK_RUN_MOVED;

	if (!im->ix)
		return u;
	/* the index takes the splice in line numbers: the splice finds its piece by binary
	   search and records its own lines (charged by the caller as the edit's lines); what
	   splices leave for later lookups to read is the index's wear, which makes it again past
	   a bound (line_index.c) */
	return u + probes(im) * SM_WORK_PROBE;
}
