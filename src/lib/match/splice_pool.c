/* The strings the splicer makes, kept until the plan is freed. */
#include "splice_pool.h"
#include "../../util/alloc.h"

char *sm_pool_add(sm_pool *p, size_t n)
{
	char *s;
	if (sm_grow((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v)))
		return NULL;
	s = sm_malloc(n + 1);
	if (s)
		p->v[p->n++] = s;
	return s;
}

void sm_pool_dispose(sm_pool *p)
{
	size_t i;
	for (i = 0; i < p->n; i++)
		sm_free(p->v[i]);
	sm_free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}
