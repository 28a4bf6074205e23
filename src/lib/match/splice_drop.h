#ifndef SEAM_LIB_SPLICE_DROP_H
#define SEAM_LIB_SPLICE_DROP_H

#include "match.h"

/* For sm_splice (each described where it is defined). */
int sm_drop_repeats(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del);
int sm_drop_blank_joins(const sm_image *im, const sm_medit *e, const sm_cand *c,
                        unsigned char *del);

#endif
