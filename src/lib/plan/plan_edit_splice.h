/* plan_edit_splice.c: one edit's place judged and spliced. */
#ifndef SEAM_LIB_PLAN_EDIT_SPLICE_H
#define SEAM_LIB_PLAN_EDIT_SPLICE_H

#include "plan_impl.h"

int sm_plan_splice_at(seam_plan *p, sm_pstate *st, const sm_medit *me, const sm_match *m, size_t lo,
                      size_t hi, sm_pedit *pe, const sm_lazy_result *lz, const sm_report_ctx *rc,
                      int syntax_chose);

#endif
