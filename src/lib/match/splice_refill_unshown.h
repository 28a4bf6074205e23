#ifndef SEAM_LIB_SPLICE_REFILL_UNSHOWN_H
#define SEAM_LIB_SPLICE_REFILL_UNSHOWN_H

#include "match.h"

/* 1 when the refill's diff me (at out) deletes, where the reply changes nothing, a line
 * written nowhere (splice_refill_unshown.c); SEAM_ENOMEM. */
int sm_refill_deletes_unshown(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const sm_medit *me, const sm_cand *out, const unsigned char *put_back,
                              size_t start, size_t end);

#endif
