#ifndef SEAM_LIB_PLAN_STEP_H
#define SEAM_LIB_PLAN_STEP_H

/* The planner's steps, without its internals. */

#include "seam.h"

#include <stddef.h>

/*
 * Planning in steps, for a reply that grows while it is planned (a stream, stream.c);
 * seam_plan_new is sm_plan_begin, then sm_plan_step and sm_plan_close on each file operation
 * in order, then the verdict. Each returns 0 or a negative SEAM_E* code (SEAM_ENOMEM when out of
 * memory).
 *
 * sm_plan_begin makes a plan of r as it stands. After fileops or edits were appended to r,
 * sm_plan_sync makes room for them (r->files may have moved: every pf->op is set again).
 * sm_plan_step(p, i) plans what fileop i holds that was not planned yet: at its first step
 * its file is resolved and read (with the edits it holds then) and a create, whole-file or
 * delete operation is carried out whole; an update's edits are planned in order, each on the
 * file as the ones before left it. sm_plan_close(p, i) ends fileop i (its rename).
 */
int sm_plan_begin(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t);
int sm_plan_sync(seam_plan *p);
int sm_plan_step(seam_plan *p, size_t i);
int sm_plan_close(seam_plan *p, size_t i);

/* 1 when sm_plan_step has run on fileop i. */
int sm_plan_file_opened(const seam_plan *p, size_t i);
/* 1 when fileop i is an update of a file the tree does not hold (its edits create it). */
int sm_plan_file_creates(const seam_plan *p, size_t i);

#endif
