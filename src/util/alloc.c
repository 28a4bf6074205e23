#include "alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Per thread: a test arms the allocations of its own thread, and a program running seam in
 * several threads at once shares no counter between them (no data race, no lost count). */
static _Thread_local long fail_countdown = -1;
static _Thread_local unsigned long n_allocs;

void sm_alloc_fail_after(long n)
{
	fail_countdown = n;
}

unsigned long sm_alloc_count(void)
{
	return n_allocs;
}

static int should_fail(void)
{
	n_allocs++;
	if (fail_countdown < 0)
		return 0;
	if (fail_countdown == 0)
		return 1;
	fail_countdown--;
	return 0;
}

void *sm_malloc(size_t n)
{
	if (should_fail())
		return NULL;
	return malloc(n ? n : 1);
}

void *sm_calloc(size_t count, size_t size)
{
	if (should_fail())
		return NULL;
	return calloc(count ? count : 1, size ? size : 1);
}

void *sm_realloc(void *p, size_t n)
{
	if (should_fail())
		return NULL;
	return realloc(p, n ? n : 1);
}

void sm_free(void *p)
{
	free(p);
}

char *sm_strndup(const char *s, size_t n)
{
	char *d = sm_malloc(n + 1);
	if (!d)
		return NULL;
	if (n)
		memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *sm_strdup(const char *s)
{
	return sm_strndup(s, strlen(s));
}

int sm_grow(void **pv, size_t *cap, size_t need, size_t size)
{
	size_t ncap;
	void *nv;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap : 8;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / size)
		return -1;
	nv = sm_realloc(*pv, ncap * size);
	if (!nv)
		return -1;
	*pv = nv;
	*cap = ncap;
	return 0;
}
