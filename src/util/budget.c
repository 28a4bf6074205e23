#include "budget.h"

#include <string.h>

void sm_budget_init(sm_budget *b, uint64_t units)
{
	memset(b, 0, sizeof(*b));
	b->limit = units;
}

int sm_budget_charge(sm_budget *b, uint64_t units)
{
	if (!b || !b->limit)
		return 0;
	if (b->out)
		return 1;
	/* saturating: a charge computed from hostile sizes must not wrap the count */
	b->spent = units > UINT64_MAX - b->spent ? UINT64_MAX : b->spent + units;
	if (b->spent > b->limit)
		b->out = 1;
	return b->out;
}

int sm_budget_out(const sm_budget *b)
{
	return b && b->out;
}
