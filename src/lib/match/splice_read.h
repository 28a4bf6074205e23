#ifndef SEAM_LIB_SPLICE_READ_H
#define SEAM_LIB_SPLICE_READ_H

#include "match.h"
#include "splice_pool.h"

/* An edit as sm_splice reads it: copies slid (sm_slide_copies), then the lines its old side
 * left out that the refill puts back (sm_refill). e and c are the reading; slid is the edit
 * after the slide alone (e itself when nothing slid). Holds pointers into itself: not to be
 * copied. */
typedef struct sm_splice_read {
	const sm_medit *e, *slid;
	const sm_cand *c;
	int refilled; /* e and c are the refill's */
	sm_medit sl_, me_;
	sm_cand out_;
	int slid_;
} sm_splice_read;
/* 0, or SEAM_ENOMEM (nothing to close then). The refill's lines live in pool. */
int sm_splice_read_open(sm_splice_read *r, const sm_image *im, const sm_medit *e, const sm_cand *c,
                        sm_pool *pool);
void sm_splice_read_close(sm_splice_read *r);

#endif
