/*
 * plan_open.c: a file operation's file resolved and read, the paths a move or a copy writes.
 * The functions that open a file return 0 (go on), a negative SEAM_E* code, or a positive
 * value when the operation is settled (its status and message say why).
 */
#ifndef SEAM_LIB_PLAN_OPEN_H
#define SEAM_LIB_PLAN_OPEN_H

#include "plan_impl.h"

int sm_plan_has_old_lines(const sm_fileop *op);
void sm_plan_skip_all(sm_pfile *pf);
int sm_plan_open_file(seam_plan *p, sm_pfile *pf);
int sm_plan_open_copy(seam_plan *p, sm_pfile *pf);
int sm_plan_do_move(seam_plan *p, sm_pfile *pf, size_t src);

#endif
