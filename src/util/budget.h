#ifndef SEAM_UTIL_BUDGET_H
#define SEAM_UTIL_BUDGET_H

/*
 * A time budget for a search that could run long on hostile input (the fuzzy matcher). The
 * search calls sm_budget_tick() once per unit of work; every SM_BUDGET_STRIDE ticks it reads
 * the thread's CPU clock, so the cost is a clock read per few hundred units. Time counts only
 * between sm_budget_start() and sm_budget_stop(), and adds up over every stretch: one budget
 * bounds a whole plan. It is found spent by a tick (the search is then cut short) or by the
 * start of a stretch; then it stays spent (sm_budget_out), and every tick says so. A search
 * that ended before a tick found the budget spent was complete. A NULL budget is unlimited.
 */

#include <stdint.h>

typedef struct sm_budget {
	uint64_t limit_ns; /* 0: unlimited */
	uint64_t spent_ns; /* over the stretches that ended */
	uint64_t t0;       /* start of the current stretch */
	unsigned int ticks;
	int running;
	int out;           /* spent: sticky */
} sm_budget;

/* Units of work between two clock reads: a unit is one edit distance of two lines (0.1 to
 * 250 us), so the clock (a system call, ~0.3 us) costs well under 1% and the budget is
 * overrun by at most a few tens of ms. */
#define SM_BUDGET_STRIDE 128u

void sm_budget_init(sm_budget *b, unsigned int ms);
void sm_budget_start(sm_budget *b);
void sm_budget_stop(sm_budget *b);
/* Counts one unit; 1 when the budget is spent (the caller stops and reports it). */
int sm_budget_tick(sm_budget *b);
/* 1 when the budget is spent. */
int sm_budget_out(const sm_budget *b);

#endif
