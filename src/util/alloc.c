/* mmap/madvise(MADV_HUGEPAGE)/mremap and malloc_usable_size are GNU/Linux interfaces */
#define _GNU_SOURCE
#include "alloc.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#if defined(MADV_HUGEPAGE) && defined(MREMAP_MAYMOVE)
#define SM_BIG 1
#endif
#endif

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

/*
 * Big blocks (SM_BIG_MIN, 4 MiB, and up: a large file's bytes, its line table and index, the
 * rendered output) get their own 2 MiB-aligned mapping marked MADV_HUGEPAGE, rounded up to
 * 2 MiB, so that the kernel backs them with huge pages where it can ("madvise" THP mode): a
 * 200,000-line apply then takes ~900 first-touch faults instead of ~5,800, which were near
 * half its CPU; the price is at most one partly used huge page a block in RSS. malloc's own large blocks are not
 * 2 MiB-aligned, so the advice is lost on them. A block is recognised by its address (2 MiB-
 * aligned, which a malloc'd pointer almost never is) and then a small registry of live big
 * blocks (the mapping's length); anything that fails (no room in the registry, mmap refused,
 * not Linux) falls back to malloc, which sm_free/sm_realloc tell apart by the same test.
 */
#ifdef SM_BIG
#define SM_HUGE ((size_t)2 << 20)
#define SM_BIG_SLOTS 64

static struct {
	_Atomic uintptr_t p;
	_Atomic size_t len;
} big_reg[SM_BIG_SLOTS];
static _Atomic long big_live;
static _Atomic int big_off; /* test hook: 1 = never map (the malloc fallback) */

static size_t big_round(size_t n)
{
	if (n > SIZE_MAX - SM_HUGE)
		return 0;
	return (n + SM_HUGE - 1) & ~(SM_HUGE - 1);
}

/* The registry slot of p, or -1 if p is not a live big block. */
static int big_find(const void *p)
{
	uintptr_t u = (uintptr_t)p;

	if (!u || (u & (SM_HUGE - 1)) || !atomic_load_explicit(&big_live, memory_order_relaxed))
		return -1;
	for (int i = 0; i < SM_BIG_SLOTS; i++)
		if (atomic_load_explicit(&big_reg[i].p, memory_order_relaxed) == u)
			return i;
	return -1;
}

/* A fresh 2 MiB-aligned mapping of len bytes (a multiple of SM_HUGE), or NULL. */
static void *big_map(size_t len)
{
	char *m, *a;
	uintptr_t u;
	size_t head, tail;

	if (len > SIZE_MAX - SM_HUGE)
		return NULL;
	m = mmap(NULL, len + SM_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	u = (uintptr_t)m;
	head = (SM_HUGE - (u & (SM_HUGE - 1))) & (SM_HUGE - 1);
	a = m + head;
	tail = SM_HUGE - head;
	if (head)
		munmap(m, head);
	if (tail)
		munmap(a + len, tail);
	(void)madvise(a, len, MADV_HUGEPAGE); /* advice only: without it the block still works */
	return a;
}

static int big_register(void *a, size_t len)
{
	for (int i = 0; i < SM_BIG_SLOTS; i++) {
		uintptr_t z = 0;
		if (atomic_compare_exchange_strong(&big_reg[i].p, &z, (uintptr_t)a)) {
			atomic_store_explicit(&big_reg[i].len, len, memory_order_relaxed);
			atomic_fetch_add(&big_live, 1);
			return i;
		}
	}
	return -1;
}

/* A big block of at least n bytes (zeroed: fresh anonymous memory), or NULL to use malloc. */
static void *big_alloc(size_t n)
{
	size_t len = big_round(n);
	void *a;

	if (!len || atomic_load_explicit(&big_off, memory_order_relaxed))
		return NULL;
	a = big_map(len);
	if (!a)
		return NULL;
	if (big_register(a, len) < 0) {
		munmap(a, len);
		return NULL;
	}
	return a;
}

static void big_release(int slot)
{
	void *a = (void *)atomic_load_explicit(&big_reg[slot].p, memory_order_relaxed);
	size_t len = atomic_load_explicit(&big_reg[slot].len, memory_order_relaxed);

	atomic_fetch_sub(&big_live, 1);
	atomic_store(&big_reg[slot].p, 0);
	munmap(a, len);
}

/* Grow (or shrink) the big block in `slot` to n bytes; NULL (block untouched) on failure. */
static void *big_resize(int slot, size_t n)
{
	void *p = (void *)atomic_load_explicit(&big_reg[slot].p, memory_order_relaxed);
	size_t len = atomic_load_explicit(&big_reg[slot].len, memory_order_relaxed);
	size_t nlen;
	void *q;

	if (n < SM_BIG_MIN / 2) { /* small again: back to malloc, give the mapping back */
		q = malloc(n ? n : 1);
		if (!q)
			return NULL;
		memcpy(q, p, n);
		big_release(slot);
		return q;
	}
	nlen = big_round(n);
	if (!nlen)
		return NULL;
	if (nlen <= len) {
		/* smaller: the huge pages past its end go back (a table made in place over a
		   larger one, plan.c image_of_new_side, would keep the larger one's pages) */
		if (nlen < len && !munmap((char *)p + nlen, len - nlen))
			atomic_store_explicit(&big_reg[slot].len, nlen, memory_order_relaxed);
		return p;
	}
	/* in place when the address space after it is free */
	q = mremap(p, len, nlen, 0);
	if (q != MAP_FAILED) {
		atomic_store_explicit(&big_reg[slot].len, nlen, memory_order_relaxed);
		return p;
	}
	/* else a new aligned mapping; the old pages move into its start (no copy) */
	q = big_map(nlen);
	if (!q)
		return NULL;
	if (mremap(p, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED)
		memcpy(q, p, len), munmap(p, len);
	atomic_store_explicit(&big_reg[slot].len, nlen, memory_order_relaxed);
	atomic_store(&big_reg[slot].p, (uintptr_t)q);
	return q;
}
#endif

void sm_alloc_big_off(int off)
{
#ifdef SM_BIG
	atomic_store(&big_off, off);
#else
	(void)off;
#endif
}

int sm_alloc_is_big(const void *p)
{
#ifdef SM_BIG
	return big_find(p) >= 0;
#else
	(void)p;
	return 0;
#endif
}

void *sm_malloc(size_t n)
{
	if (should_fail())
		return NULL;
#ifdef SM_BIG
	if (n >= SM_BIG_MIN) {
		void *a = big_alloc(n);
		if (a)
			return a;
	}
#endif
	return malloc(n ? n : 1);
}

void *sm_calloc(size_t count, size_t size)
{
	if (should_fail())
		return NULL;
#ifdef SM_BIG
	if (count && size && count <= SIZE_MAX / size && count * size >= SM_BIG_MIN) {
		void *a = big_alloc(count * size);
		if (a)
			return a;
	}
#endif
	return calloc(count ? count : 1, size ? size : 1);
}

void *sm_realloc(void *p, size_t n)
{
	if (should_fail())
		return NULL;
#ifdef SM_BIG
	{
		int slot = big_find(p);
		if (slot >= 0)
			return big_resize(slot, n);
		if (n >= SM_BIG_MIN) {
			void *a = big_alloc(n);
			if (a) {
				if (p) {
					size_t old = malloc_usable_size(p);
					memcpy(a, p, old < n ? old : n);
					free(p);
				}
				return a;
			}
		}
	}
#endif
	return realloc(p, n ? n : 1);
}

void sm_free(void *p)
{
#ifdef SM_BIG
	int slot = big_find(p);
	if (slot >= 0) {
		big_release(slot);
		return;
	}
#endif
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
