/*
 * An edit as sm_splice reads it (the slide of copies, then the refill), for the splice itself
 * and for the questions asked of the same reading before it (splice_rewrite.c, splice_tie.c).
 */
#include "splice_read.h"
#include "splice_edge.h"
#include "splice_left_out.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>

int sm_splice_read_open(sm_splice_read *r, const sm_image *im, const sm_medit *e, const sm_cand *c,
                        sm_pool *pool)
{
	int rc;

	memset(r, 0, sizeof(*r));
	r->slid_ = sm_slide_copies(im, e, c, &r->sl_);
	if (r->slid_ < 0)
		return r->slid_;
	r->e = r->slid = r->slid_ ? &r->sl_ : e;
	r->c = c;
	rc = sm_refill(im, r->slid, c, &r->me_, &r->out_, pool);
	if (rc < 0) {
		sm_splice_read_close(r);
		return rc;
	}
	if (rc == 1) {
		r->refilled = 1;
		r->e = &r->me_;
		r->c = &r->out_;
	}
	return 0;
}

void sm_splice_read_close(sm_splice_read *r)
{
	if (r->refilled) {
		sm_prep_dispose(&r->me_);
		sm_free(r->out_.lo);
		sm_free(r->out_.hi);
		r->refilled = 0;
	}
	if (r->slid_)
		sm_prep_dispose(&r->sl_);
	r->slid_ = 0;
}
