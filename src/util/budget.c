#define _POSIX_C_SOURCE 200809L
#include "budget.h"

#include <string.h>
#include <time.h>

/* CPU time of this thread: a loaded machine (two cores shared by many jobs) slows the search
 * without spending its budget, so the same reply gets the same answer more often than with
 * the wall clock. */
static uint64_t now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) &&
	    clock_gettime(CLOCK_MONOTONIC, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sm_budget_init(sm_budget *b, unsigned int ms)
{
	memset(b, 0, sizeof(*b));
	b->limit_ns = (uint64_t)ms * 1000000u;
}

void sm_budget_start(sm_budget *b)
{
	if (!b || b->running)
		return;
	if (b->limit_ns && b->spent_ns >= b->limit_ns)
		b->out = 1;
	b->running = 1;
	b->t0 = now_ns();
}

void sm_budget_stop(sm_budget *b)
{
	uint64_t t;

	if (!b || !b->running)
		return;
	t = now_ns();
	b->running = 0;
	b->spent_ns += t > b->t0 ? t - b->t0 : 0;
}

int sm_budget_tick(sm_budget *b)
{
	uint64_t t;

	if (!b || !b->limit_ns)
		return 0;
	if (b->out)
		return 1;
	if (++b->ticks % SM_BUDGET_STRIDE)
		return 0;
	t = now_ns();
	if (b->running && b->spent_ns + (t > b->t0 ? t - b->t0 : 0) >= b->limit_ns)
		b->out = 1;
	return b->out;
}

int sm_budget_out(const sm_budget *b)
{
	return b && b->out;
}
