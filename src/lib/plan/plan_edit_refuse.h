/* plan_edit_refuse.c: the refusals of an edit that name a file line (the splice's, the split
 * tier's). */
#ifndef SEAM_LIB_PLAN_EDIT_REFUSE_H
#define SEAM_LIB_PLAN_EDIT_REFUSE_H

#include "plan_impl.h"

int sm_plan_refuse_at(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t line,
                      int status, const char *mid, const char *tail);
int sm_plan_refuse_beside(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t start,
                          const char *mid, const char *why, size_t at, const char *tail);
int sm_plan_refuse_empty_marker(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                size_t gap);
int sm_plan_refuse_blank_undecided(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                   size_t a, size_t b);
int sm_plan_refuse_copy_reading(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                size_t at, size_t alt);

#endif
