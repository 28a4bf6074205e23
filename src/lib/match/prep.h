#ifndef SEAM_LIB_PREP_H
#define SEAM_LIB_PREP_H

#include "match.h"

/* Builds me from e (hashes, elisions, rewritten runs re-diffed). SEAM_ENOMEM when out of memory.
 * Line texts stay pointing into the reply. */
int sm_prep_edit(sm_medit *me, const sm_edit *e);
/* An edit whose old side is in's new side (all context): to ask "is it already applied?". */
int sm_prep_new_side(sm_medit *out, const sm_medit *in);
void sm_prep_dispose(sm_medit *me);

#endif
