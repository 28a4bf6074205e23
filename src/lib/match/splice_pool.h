#ifndef SEAM_LIB_SPLICE_POOL_H
#define SEAM_LIB_SPLICE_POOL_H

#include <stddef.h>

/* Strings the splicer makes (re-indented lines), freed together with the plan. */
typedef struct sm_pool {
	char **v;
	size_t n, cap;
} sm_pool;

char *sm_pool_add(sm_pool *p, size_t n);
void sm_pool_dispose(sm_pool *p);

#endif
