#include "test.h"
#include "util/diff.h"
#include "seam.h"
#include "util/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Lines are single characters here: "abc" is three lines a, b, c. */
static size_t to_hashes(const char *s, uint64_t *h)
{
	size_t n = strlen(s), i;
	for (i = 0; i < n; i++)
		h[i] = (uint64_t)(unsigned char)s[i] * 0x9E3779B97F4A7C15ull;
	return n;
}

/* Diffs two strings of one-character lines and prints the chunks as "a0-a1:b0-b1 ...". */
static int diff_str(const char *a, const char *b, size_t max_d, char *got, size_t gotsz)
{
	uint64_t ha[64], hb[64];
	size_t na = to_hashes(a, ha), nb = to_hashes(b, hb), n, i, o = 0;
	sm_diff_chunk *ch;

	got[0] = '\0';
	if (sm_diff_lines(ha, na, hb, nb, max_d, &ch, &n))
		return -1;
	for (i = 0; i < n && o < gotsz; i++)
		o += (size_t)snprintf(got + o, gotsz - o, "%s%zu-%zu:%zu-%zu", i ? " " : "",
		                      ch[i].a0, ch[i].a1, ch[i].b0, ch[i].b1);
	sm_free(ch);
	return 0;
}

#define CHECK_DIFF(a, b, max_d, want)                                                     \
	do {                                                                              \
		char got_[512];                                                           \
		CHECK_INT(diff_str(a, b, max_d, got_, sizeof(got_)), 0);                  \
		CHECK_STR(got_, want);                                                    \
	} while (0)

TEST(diff, identical)
{
	CHECK_DIFF("", "", 0, "");
	CHECK_DIFF("a", "a", 0, "");
	CHECK_DIFF("abcabc", "abcabc", 0, "");
	CHECK_DIFF("abcabc", "abcabc", 1, "");
}

TEST(diff, identical_sets_null)
{
	uint64_t h[3] = {1, 2, 3};
	sm_diff_chunk *ch = (sm_diff_chunk *)&h; /* must be overwritten */
	size_t n = 99;

	CHECK_INT(sm_diff_lines(h, 3, h, 3, 0, &ch, &n), 0);
	CHECK_INT(n, 0);
	CHECK(ch == NULL);
	CHECK_INT(sm_diff_lines(NULL, 0, NULL, 0, 0, &ch, &n), 0);
	CHECK_INT(n, 0);
}

TEST(diff, empty_sides)
{
	CHECK_DIFF("", "abc", 0, "0-0:0-3");
	CHECK_DIFF("abc", "", 0, "0-3:0-0");
	CHECK_DIFF("", "x", 5, "0-0:0-1");
}

TEST(diff, one_change)
{
	CHECK_DIFF("abc", "axc", 0, "1-2:1-2");
	CHECK_DIFF("abc", "abxc", 0, "2-2:2-3");
	CHECK_DIFF("abc", "ac", 0, "1-2:1-1");
	CHECK_DIFF("abc", "xabc", 0, "0-0:0-1");
	CHECK_DIFF("abc", "abcx", 0, "3-3:3-4");
	CHECK_DIFF("abc", "bc", 0, "0-1:0-0");
	CHECK_DIFF("abc", "ab", 0, "2-3:2-2");
	CHECK_DIFF("abc", "xyz", 0, "0-3:0-3");
}

TEST(diff, separate_changes)
{
	CHECK_DIFF("abcdefg", "aXcdeYg", 0, "1-2:1-2 5-6:5-6");
	CHECK_DIFF("abcdefg", "abdefXYg", 0, "2-3:2-2 6-6:5-7");
	CHECK_DIFF("abcdefgh", "bcdefgh1", 0, "0-1:0-0 8-8:7-8");
}

TEST(diff, replaced_region_is_one_chunk)
{
	/* Deletions and insertions that touch merge into one replace. */
	CHECK_DIFF("aXYb", "aZb", 0, "1-3:1-2");
	CHECK_DIFF("abcdef", "aUVWf", 0, "1-5:1-4");
}

TEST(diff, repeated_lines)
{
	/* Blank-like repeated lines: the diff must stay minimal and in bounds. */
	CHECK_DIFF("aaaa", "aaaaaa", 0, "4-4:4-6");
	CHECK_DIFF("aaaaaa", "aaaa", 0, "4-6:4-4");
	CHECK_DIFF("abab", "baba", 0, "0-1:0-0 4-4:3-4");
}

TEST(diff, max_d_gives_up_on_middle)
{
	/* Prefix and suffix are still trimmed; the middle becomes one region. */
	CHECK_DIFF("PabcdS", "PwxyzS", 2, "1-5:1-5");
	CHECK_DIFF("PaXbYcS", "PaZbWcS", 2, "2-5:2-5");
	/* The same with enough room is searched. */
	CHECK_DIFF("PaXbYcS", "PaZbWcS", 4, "2-3:2-3 4-5:4-5");
	/* D equal to the cap is still searched exactly (D = 5 here: a replace counts 2). */
	CHECK_DIFF("abcdefgh", "aXcdeYgZh", 5, "1-2:1-2 5-6:5-6 7-7:7-8");
	CHECK_DIFF("abcdefgh", "aXcdeYgZh", 4, "1-7:1-8");
	CHECK_DIFF("abcdefgh", "aXcdefgh", 2, "1-2:1-2");
	CHECK_DIFF("abcdefgh", "aXcdefgh", 1, "1-2:1-2");
}

/* Minimal number of inserted + deleted lines, by the textbook O(nm) LCS table. */
static size_t dp_distance(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t *t = calloc((na + 1) * (nb + 1), sizeof(*t)), i, j, lcs;
	for (i = na; i-- > 0;)
		for (j = nb; j-- > 0;) {
			size_t *c = &t[i * (nb + 1) + j];
			if (a[i] == b[j])
				*c = 1 + t[(i + 1) * (nb + 1) + j + 1];
			else {
				size_t r = t[(i + 1) * (nb + 1) + j], d = t[i * (nb + 1) + j + 1];
				*c = r > d ? r : d;
			}
		}
	lcs = t[0];
	free(t);
	return na + nb - 2 * lcs;
}

/* Checks chunks are ordered, separated, and that applying them to a gives b; returns the number
 * of changed lines or (size_t)-1 when something is off. */
static size_t check_chunks(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
			   const sm_diff_chunk *ch, size_t n)
{
	size_t i, ia = 0, ib = 0, d = 0, k;

	for (i = 0; i < n; i++) {
		if (ch[i].a0 > ch[i].a1 || ch[i].b0 > ch[i].b1 || ch[i].a1 > na || ch[i].b1 > nb)
			return (size_t)-1;
		if (ch[i].a0 == ch[i].a1 && ch[i].b0 == ch[i].b1)
			return (size_t)-1;
		if (ch[i].a0 < ia || ch[i].b0 < ib || ch[i].a0 - ia != ch[i].b0 - ib)
			return (size_t)-1;
		/* Two chunks with nothing between them should have been merged. */
		if (i && ch[i].a0 == ia)
			return (size_t)-1;
		for (k = 0; k < ch[i].a0 - ia; k++)
			if (a[ia + k] != b[ib + k])
				return (size_t)-1;
		d += (ch[i].a1 - ch[i].a0) + (ch[i].b1 - ch[i].b0);
		ia = ch[i].a1;
		ib = ch[i].b1;
	}
	if (na - ia != nb - ib)
		return (size_t)-1;
	for (k = 0; k < na - ia; k++)
		if (a[ia + k] != b[ib + k])
			return (size_t)-1;
	return d;
}

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

TEST(diff, randomized_minimal_and_applies)
{
	uint64_t a[80], b[80];
	int iter;

	for (iter = 0; iter < 20000; iter++) {
		size_t na = rnd() % 40, nb, i, n, d, alpha = 1 + rnd() % 6;
		sm_diff_chunk *ch;

		for (i = 0; i < na; i++)
			a[i] = rnd() % alpha;
		/* Half the time b is a mutation of a (the common case), else independent. */
		if (iter & 1) {
			nb = 0;
			for (i = 0; i < na && nb < 78; i++) {
				unsigned r = (unsigned)(rnd() % 10);
				if (r == 0)
					continue;
				if (r == 1)
					b[nb++] = rnd() % alpha;
				b[nb++] = r == 2 ? rnd() % alpha : a[i];
			}
		} else {
			nb = rnd() % 40;
			for (i = 0; i < nb; i++)
				b[i] = rnd() % alpha;
		}
		CHECK_INT(sm_diff_lines(a, na, b, nb, 0, &ch, &n), 0);
		d = check_chunks(a, na, b, nb, ch, n);
		if (d != dp_distance(a, na, b, nb)) {
			sm_free(ch);
			sm_test_fail(__FILE__, __LINE__, "iteration %d: distance %zu, want %zu",
			             iter, d, dp_distance(a, na, b, nb));
			return;
		}
		sm_free(ch);
		/* With a cap the result may be coarser, but must still turn a into b. */
		CHECK_INT(sm_diff_lines(a, na, b, nb, 1 + rnd() % 8, &ch, &n), 0);
		d = check_chunks(a, na, b, nb, ch, n);
		sm_free(ch);
		CHECK(d != (size_t)-1);
	}
}

TEST(diff, large_input_few_changes)
{
	size_t n = 200000, i, nc;
	uint64_t *a = malloc(n * sizeof(*a)), *b = malloc(n * sizeof(*b));
	sm_diff_chunk *ch;

	CHECK(a && b);
	for (i = 0; i < n; i++)
		a[i] = b[i] = i * 2654435761u;
	b[1000] = 1;
	b[150000] = 2;
	CHECK_INT(sm_diff_lines(a, n, b, n, 0, &ch, &nc), 0);
	CHECK_INT(nc, 2);
	CHECK_INT(ch[0].a0, 1000);
	CHECK_INT(ch[0].a1, 1001);
	CHECK_INT(ch[1].b0, 150000);
	sm_free(ch);
	free(a);
	free(b);
}

TEST(diff, hostile_input_bounded_by_max_d)
{
	/* Two unrelated 100k-line files: unbounded Myers would do ~10^10 steps. */
	size_t n = 100000, i, nc;
	uint64_t *a = malloc(n * sizeof(*a)), *b = malloc(n * sizeof(*b));
	sm_diff_chunk *ch;

	CHECK(a && b);
	for (i = 0; i < n; i++) {
		a[i] = i;
		b[i] = i + n;
	}
	a[0] = b[0] = 7;
	CHECK_INT(sm_diff_lines(a, n, b, n, 1000, &ch, &nc), 0);
	CHECK_INT(nc, 1);
	CHECK_INT(ch[0].a0, 1);
	CHECK_INT(ch[0].a1, n);
	CHECK_INT(ch[0].b1, n);
	sm_free(ch);
	free(a);
	free(b);
}

TEST(diff, out_of_memory)
{
	uint64_t a[12], b[12];
	size_t na = to_hashes("abcdefghijkl", a), nb = to_hashes("aXcdYfghZjkl", b), n;
	long k;
	sm_diff_chunk *ch;

	for (k = 0; k < 50; k++) {
		int rc;
		sm_alloc_fail_after(k);
		rc = sm_diff_lines(a, na, b, nb, 0, &ch, &n);
		sm_alloc_fail_after(-1);
		if (rc == 0) {
			CHECK_INT(n, 3);
			sm_free(ch);
			return;
		}
		CHECK_INT(rc, SEAM_ENOMEM);
		CHECK(ch == NULL);
		CHECK_INT(n, 0);
	}
	CHECK(!"never succeeded");
}
