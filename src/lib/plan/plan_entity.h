#ifndef SEAM_LIB_PLAN_ENTITY_H
#define SEAM_LIB_PLAN_ENTITY_H

/*
 * Which text of a block whose HTML entities were decoded (sm_edit.literal: Cline and Roo decode
 * "&lt;" and the like for some models only) the file says was meant (plan_entity.c).
 */

#include "../ir/edit.h"
#include "../match/image.h"
#include "../../util/budget.h"

enum {
	SM_ENT_DECODED = 0, /* the decoded text (the edit as it is) */
	SM_ENT_LITERAL = 1, /* the text as written: *lit is the edit with it (lit->lines owned) */
	SM_ENT_UNSURE = 2   /* the file fits both, or holds the entities and fits neither */
};

/* SM_ENT_* for edit e (e->literal non-NULL) in image im, the work charged to b; with
 * SM_ENT_LITERAL, *lit is e with its lines' text as written (free lit->lines with sm_free).
 * SEAM_ENOMEM when out of memory. */
int sm_entity_choose(const sm_image *im, const sm_edit *e, sm_budget *b, sm_edit *lit);
/* *lit = e with its lines' text as written (e->literal non-NULL; free lit->lines with sm_free).
 * SEAM_ENOMEM when out of memory. */
int sm_entity_literal(const sm_edit *e, sm_edit *lit);

#endif
