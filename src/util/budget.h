#ifndef SEAM_UTIL_BUDGET_H
#define SEAM_UTIL_BUDGET_H

/*
 * A work budget for a search that could run long on hostile input (the tolerant tiers of the
 * matcher, the split of a hunk, the search for the closest text). It counts units of work, not
 * time: a search charges what it is about to do (lines compared, cells of an alignment,
 * character cells of an edit distance), so the same input spends the same units and gets the
 * same answer on any machine under any load. One budget bounds a whole plan. Once a charge
 * takes it past its limit it is spent, and stays spent (sm_budget_out): every later charge
 * says so. A search whose charges all passed was complete. A NULL budget, or a limit of 0, is
 * unlimited.
 */

#include <stdint.h>

typedef struct sm_budget {
	uint64_t limit; /* units; 0: unlimited */
	uint64_t spent;
	int out;        /* spent: sticky */
} sm_budget;

void sm_budget_init(sm_budget *b, uint64_t units);
/* Charges `units`; 1 when the budget is spent (the caller stops and reports it). */
int sm_budget_charge(sm_budget *b, uint64_t units);
/* 1 when the budget is spent. */
int sm_budget_out(const sm_budget *b);

#endif
