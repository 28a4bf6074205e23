/* plan_split_hook.c: the split of a hunk as a rung of the ladder (its hook and argument). */
#ifndef SEAM_LIB_PLAN_SPLIT_HOOK_H
#define SEAM_LIB_PLAN_SPLIT_HOOK_H

#include "plan_impl.h"

/* The split of a hunk (split.c), run by the ladder at its place in the apply policy. */
typedef struct split_arg {
	seam_plan *p;
	sm_pstate *st;
	const sm_medit *me;
	size_t lo, hi;
	sm_pedit *pe;
	const sm_report_ctx *rc;
	size_t made_at; /* where the new side stands as written, when that kept the split off */
	/* the blank line two runs read on two file lines, lines added below it, when that kept
	   the split off (SM_SPLIT_BLANK_UNDECIDED): the first run's, the next run's */
	size_t blank_at[2];
} split_arg;

int sm_plan_split_hook(void *arg);

#endif
