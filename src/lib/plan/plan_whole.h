/* plan_whole.c: a file operation carried out whole (replaced, created, deleted). */
#ifndef SEAM_LIB_PLAN_WHOLE_H
#define SEAM_LIB_PLAN_WHOLE_H

#include "plan_impl.h"

int sm_plan_do_whole(seam_plan *p, sm_pfile *pf, sm_pstate *st);
int sm_plan_do_create(seam_plan *p, sm_pfile *pf, sm_pstate *st);
int sm_plan_do_delete(seam_plan *p, sm_pfile *pf, sm_pstate *st);

#endif
