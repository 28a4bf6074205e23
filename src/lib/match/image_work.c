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
	size_t k = at < im->gap ? im->gap - at : at - im->gap;
	uint64_t u;

	/* a table without room (nothing added yet) moves nothing: its lines stay where they
	   are (a splice that grows it makes room first, a move of the lines after the gap once
	   per 1/64 it grows) */
	if (im->cap == im->n)
		k = 0;
	/* each line's record, and its entry in the line-number map when there is one */
	u = (uint64_t)k * SM_WORK_LINE_MOVED * (im->oat ? 2 : 1);

	if (!im->ix)
		return u;
	/* the index takes the splice in line numbers: a gap move tells it nothing, the splice
	   finds its piece by binary search and records its own lines (charged by the caller as the
	   edit's lines); what splices leave for later lookups to read is the index's wear, which
	   makes it again past a bound (line_index.c) */
	return u + probes(im) * SM_WORK_PROBE;
}
