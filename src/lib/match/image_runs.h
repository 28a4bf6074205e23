#ifndef SEAM_LIB_IMAGE_RUNS_H
#define SEAM_LIB_IMAGE_RUNS_H

/*
 * The bytes sm_image_render writes, as a short list of runs of bytes that live outside the
 * image's table (in the file read, the reply, the plan's memory, or static line endings), so
 * that the table can be freed before the result is made (issue 12's memory bound: a file's
 * table is 48 bytes a line, more than the file; table, file and result at once were over it).
 * Lines that lie one after the other in one of the given regions, with the ending rendering
 * writes between them, are one run: a file's unchanged stretches and a reply's block of new
 * lines cost one run each, not one a line.
 */

#include "image.h"

typedef struct sm_runs {
	sm_span *v;   /* the runs in order; owned (sm_runs_dispose) */
	size_t n;
	size_t bytes; /* their total: what sm_image_render writes */
} sm_runs;

/* The runs of im's rendering, lines lying in regions reg[0..nreg) joined where the
 * region holds the bytes rendering writes. SEAM_ENOMEM when out of memory (out empty). */
int sm_image_runs(const sm_image *im, const sm_span *reg, size_t nreg, sm_runs *out);
/* 1 when im renders to exactly data[0..len) (no allocation, stops at the first difference). */
int sm_image_renders_as(const sm_image *im, const char *data, size_t len);
/* 1 when the runs are exactly data[0..len). */
int sm_runs_equal(const sm_runs *r, const char *data, size_t len);
/* The runs joined into one new NUL-terminated buffer (*out, *len). SEAM_ENOMEM when out of
 * memory. */
int sm_runs_join(const sm_runs *r, char **out, size_t *len);
void sm_runs_dispose(sm_runs *r);

#endif
