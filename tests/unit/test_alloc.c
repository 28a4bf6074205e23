/*
 * The allocator's big blocks (src/util/alloc.c): SM_BIG_MIN bytes and up get their own
 * huge-page-advised mapping on Linux, smaller ones malloc's; a block keeps its bytes when
 * sm_realloc moves it across the threshold either way, sm_free returns either kind, and with
 * the mapping path off (sm_alloc_big_off, the fallback when mmap fails) everything is malloc's.
 */
#include "test.h"
#include "util/alloc.h"

#include <stdint.h>
#include <string.h>

/* Writes a pattern over n bytes at p (seeded by k) and reads it back. */
static void fill(unsigned char *p, size_t n, unsigned k)
{
	for (size_t i = 0; i < n; i += 4093)
		p[i] = (unsigned char)(i * 31 + k);
	p[n - 1] = (unsigned char)(k + 7);
}

static int same(const unsigned char *p, size_t n, unsigned k)
{
	for (size_t i = 0; i < n; i += 4093)
		if (p[i] != (unsigned char)(i * 31 + k))
			return 0;
	return 1;
}

TEST(alloc, big_alloc_free)
{
	unsigned char *p = sm_malloc(SM_BIG_MIN + 10);
	unsigned char *z = sm_calloc(SM_BIG_MIN / 8 + 1, 8);
	unsigned char *s = sm_malloc(1000);

	CHECK(p && z && s);
#ifdef __linux__
	CHECK(sm_alloc_is_big(p));
	CHECK(sm_alloc_is_big(z));
	CHECK(((uintptr_t)p & (((size_t)2 << 20) - 1)) == 0); /* 2 MiB-aligned */
#endif
	CHECK(!sm_alloc_is_big(s));
	/* just under the threshold is malloc's, at it a mapping */
	{
		void *u = sm_malloc(SM_BIG_MIN - 1), *v = sm_malloc(SM_BIG_MIN);
		CHECK(u && v);
		CHECK(!sm_alloc_is_big(u));
#ifdef __linux__
		CHECK(sm_alloc_is_big(v));
#endif
		sm_free(u);
		sm_free(v);
	}
	CHECK(!sm_alloc_is_big(NULL));
	CHECK(z[0] == 0 && z[SM_BIG_MIN / 2] == 0 && z[SM_BIG_MIN] == 0);
	fill(p, SM_BIG_MIN + 10, 3);
	CHECK(same(p, SM_BIG_MIN + 10, 3));
	sm_free(p);
	sm_free(z);
	sm_free(s);
	sm_free(NULL);
}

TEST(alloc, realloc_across_threshold)
{
	size_t n = 100000;
	unsigned char *p = sm_malloc(n), *q;

	CHECK(p);
	fill(p, n, 5);
	/* small -> big: the bytes come along */
	q = sm_realloc(p, 3 * SM_BIG_MIN);
	CHECK(q);
	p = q;
	CHECK(same(p, n, 5));
	fill(p, 3 * SM_BIG_MIN, 9);
	/* big -> bigger (in place or moved), several times */
	for (size_t m = 4 * SM_BIG_MIN; m <= 12 * SM_BIG_MIN; m += 3 * SM_BIG_MIN) {
		q = sm_realloc(p, m);
		CHECK(q);
		p = q;
		CHECK(same(p, 3 * SM_BIG_MIN, 9));
	}
	/* a big block in between that stops in-place growth of the next one */
	{
		unsigned char *a = sm_malloc(SM_BIG_MIN), *b;
		CHECK(a);
		fill(a, SM_BIG_MIN, 1);
		b = sm_malloc(SM_BIG_MIN);
		CHECK(b);
		q = sm_realloc(a, 5 * SM_BIG_MIN);
		CHECK(q);
		CHECK(same(q, SM_BIG_MIN, 1));
		sm_free(b);
		sm_free(q);
	}
	/* shrinking within the big range keeps the bytes (the pages past the new end go back),
	   and the block grows again from there */
	q = sm_realloc(p, SM_BIG_MIN + 1);
	CHECK(q);
	p = q;
	CHECK(same(p, SM_BIG_MIN, 9));
	q = sm_realloc(p, 6 * SM_BIG_MIN);
	CHECK(q);
	p = q;
	CHECK(same(p, SM_BIG_MIN, 9));
	p[6 * SM_BIG_MIN - 1] = 1;
	q = sm_realloc(p, 2 * SM_BIG_MIN);
	CHECK(q);
	p = q;
	CHECK(same(p, SM_BIG_MIN, 9));
	/* big -> small: back to malloc */
	q = sm_realloc(p, 5000);
	CHECK(q);
	p = q;
	CHECK(!sm_alloc_is_big(p));
	CHECK(same(p, 5000, 9));
	sm_free(p);
}

TEST(alloc, fallback_when_off)
{
	unsigned char *p, *q;

	sm_alloc_big_off(1);
	p = sm_malloc(SM_BIG_MIN * 2);
	CHECK(p);
	CHECK(!sm_alloc_is_big(p));
	fill(p, SM_BIG_MIN * 2, 4);
	q = sm_realloc(p, SM_BIG_MIN * 4);
	CHECK(q);
	CHECK(!sm_alloc_is_big(q));
	CHECK(same(q, SM_BIG_MIN * 2, 4));
	sm_alloc_big_off(0);
	/* a malloc'd block that grows while the path is on again becomes a big one */
	p = sm_realloc(q, SM_BIG_MIN * 5);
	CHECK(p);
	CHECK(same(p, SM_BIG_MIN * 2, 4));
	sm_free(p);
}

TEST(alloc, many_big_blocks)
{
	/* more live big blocks than the registry holds: the rest are malloc's, all free alike */
	enum { N = 80 };
	unsigned char *v[N];
	for (int i = 0; i < N; i++) {
		v[i] = sm_malloc(SM_BIG_MIN);
		CHECK(v[i]);
		fill(v[i], SM_BIG_MIN, (unsigned)i);
	}
	for (int i = 0; i < N; i++)
		CHECK(same(v[i], SM_BIG_MIN, (unsigned)i));
	for (int i = 0; i < N; i++)
		sm_free(v[i]);
}

TEST(alloc, fail_injection_counts_big)
{
	sm_alloc_fail_after(0);
	CHECK(sm_malloc(SM_BIG_MIN) == NULL);
	sm_alloc_fail_after(-1);
}
