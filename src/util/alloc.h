#ifndef SEAM_UTIL_ALLOC_H
#define SEAM_UTIL_ALLOC_H

#include <stddef.h>

/*
 * Every allocation of the library goes through these, so that a test can make the Nth one fail
 * (sm_alloc_fail_after) and check that nothing leaks and nothing is half-written. They return
 * NULL on failure and never abort: the library runs inside other people's processes.
 */
void *sm_malloc(size_t n);
void *sm_calloc(size_t count, size_t size);
void *sm_realloc(void *p, size_t n);
void sm_free(void *p);
char *sm_strndup(const char *s, size_t n);
char *sm_strdup(const char *s);

/* Grow-array helper: ensures room for `need` elements of `size` bytes in *pv (capacity *cap). */
int sm_grow(void **pv, size_t *cap, size_t need, size_t size);

/*
 * Test hook: the allocation after `n` more successful ones fails; n < 0 disables (default).
 * Both hooks are per thread: they count and fail the allocations of the calling thread only.
 */
void sm_alloc_fail_after(long n);

/*
 * Blocks of SM_BIG_MIN bytes and more get their own huge-page-advised mapping (Linux), else
 * malloc's. 4 MiB: a block's mapping is rounded up to whole 2 MiB pages, so smaller blocks
 * wasted up to half their size in RSS (1 MiB: 120,000 lines with 10,000 tool calls at 42.8 MiB
 * for a bound of 34.0; 4 MiB: 31.5), while the big ones whose faults cost most (a 200,000-line
 * file's bytes, line table and result) keep the gain (strict 200k x 1000: 25.3 ms at 1 MiB,
 * 26.2 at 4 MiB, GNU patch 18.5). Test hooks: sm_alloc_big_off(1) sends every block to malloc (the fallback path);
 * sm_alloc_is_big tells whether p is such a mapping.
 */
#define SM_BIG_MIN ((size_t)4 << 20)
void sm_alloc_big_off(int off);
int sm_alloc_is_big(const void *p);
/* How many allocations this thread has made since it started (for fault-injection loops). */
unsigned long sm_alloc_count(void);

#endif
