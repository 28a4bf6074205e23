#ifndef SEAM_LIB_SPLICE_LEFT_OUT_H
#define SEAM_LIB_SPLICE_LEFT_OUT_H

#include "match.h"
#include "splice_pool.h"

/* 1 when seq[k] of e, a deletion, is a line the edit only takes trailing blanks off: its change
 * run gives it back but for them (a SEARCH line copied with trailing blanks), adding nothing but
 * such copies; it stays where it stands. */
int sm_splice_loses_trailing_blanks(const sm_medit *e, size_t k);

/* For sm_splice (each described where it is defined). */
int sm_refill(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *me, sm_cand *out,
              sm_pool *pool);

/* The stretches the old side skipped, marked in skipped (splice_drop.c asks too). */
void sm_splice_skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                 const unsigned char *covered, unsigned char *skipped);

#endif
