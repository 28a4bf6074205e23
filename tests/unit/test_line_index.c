/*
 * The line index (src/lib/line_index.c) and the image keeping it: what it finds must be what a
 * scan of the image finds, after any splices; and the tiers reading it must see every place a
 * scan gives them (two equal places still tie).
 */
#include "test.h"
#include "seam.h"
#include "lib/match/image.h"
#include "lib/match/line_index.h"
#include "lib/match/match.h"
#include "util/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKIP 0xb1a4cull

/* Hashes in a plain array, as the index reads them. */
#define A(a) ((sm_lhashes){(const char *)(a), sizeof(uint64_t)})

/* The positions of h in hx[lo, hi), as a scan gives them; their number. */
static size_t scan(sm_lhashes hx, size_t n, uint64_t h, size_t lo, size_t hi, size_t *pos,
		   size_t max)
{
	size_t i, c = 0;

	for (i = lo; i < hi && i < n; i++)
		if (sm_lhash(hx, i) == h && h != SKIP) {
			if (c < max)
				pos[c] = i;
			c++;
		}
	return c;
}

/* The lines of im in [lo, hi) with hash h, as a scan gives them; their number. */
static size_t scan_im(const sm_image *im, uint64_t h, size_t lo, size_t hi, size_t *pos,
		      size_t max)
{
	size_t i, c = 0;

	for (i = lo; i < hi && i < im->n; i++)
		if (sm_hx(im, i) == h && h != SKIP) {
			if (c < max)
				pos[c] = i;
			c++;
		}
	return c;
}

TEST(line_index, duplicates_in_order_and_ranges)
{
	uint64_t h[] = {7, 9, 7, SKIP, 7, 9, 11};
	size_t pos[8], n;
	sm_lindex *ix = sm_lindex_build(A(h), 7, SKIP);

	CHECK(ix != NULL);
	n = sm_lindex_find(ix, 7, 0, 7, pos, 8);
	CHECK_INT(n, 3);
	CHECK_INT(pos[0], 0);
	CHECK_INT(pos[1], 2);
	CHECK_INT(pos[2], 4);
	/* a range cuts the count, and max cuts only what is written */
	CHECK_INT(sm_lindex_find(ix, 7, 1, 4, pos, 8), 1);
	CHECK_INT(pos[0], 2);
	CHECK_INT(sm_lindex_find(ix, 7, 0, 7, pos, 1), 3);
	CHECK_INT(pos[0], 0);
	CHECK_INT(sm_lindex_find(ix, 9, 2, 2, pos, 8), 0);
	CHECK_INT(sm_lindex_find(ix, 12, 0, 7, pos, 8), 0);
	/* the skipped hash (the blank line's) is never found */
	CHECK_INT(sm_lindex_find(ix, SKIP, 0, 7, pos, 8), 0);
	sm_lindex_free(ix);
}

TEST(line_index, empty_file)
{
	size_t pos[2];
	uint64_t h[1] = {9};
	sm_lindex *ix = sm_lindex_build(A(NULL), 0, SKIP);

	CHECK(ix != NULL);
	CHECK_INT(sm_lindex_find(ix, 7, 0, 0, pos, 2), 0);
	/* a line comes into an empty file (told before the file changes: the old hashes, the
	   new lines' hashes) */
	CHECK_INT(sm_lindex_splice(ix, A(NULL), 0, 0, A(h), 1), 0);
	CHECK_INT(sm_lindex_find(ix, 9, 0, 1, pos, 2), 1);
	CHECK_INT(pos[0], 0);
	/* and goes */
	CHECK_INT(sm_lindex_splice(ix, A(h), 0, 1, A(NULL), 0), 0);
	CHECK_INT(sm_lindex_find(ix, 9, 0, 1, pos, 2), 0);
	sm_lindex_free(ix);
}

/* Lines moved by a splice keep their order among equal hashes, and new lines go among them
 * where their positions say, before, between and after the kept ones. */
TEST(line_index, splice_orders_new_among_kept)
{
	/* before: 5 6 5 SKIP 5; after replacing [1, 3) by 5 5 5 6: 5 5 5 5 6 SKIP 5 */
	uint64_t before[] = {5, 6, 5, SKIP, 5};
	uint64_t lines[] = {5, 5, 5, 6};
	uint64_t after[] = {5, 5, 5, 5, 6, SKIP, 5};
	size_t pos[8];
	size_t want[8], k;
	sm_lindex *ix = sm_lindex_build(A(before), 5, SKIP);

	CHECK(ix != NULL);
	CHECK_INT(sm_lindex_splice(ix, A(before + 1), 1, 2, A(lines), 4), 0);
	for (k = 0; k < 7; k++)
		CHECK_INT(sm_lindex_find(ix, after[k], 0, 7, pos, 8),
			  scan(A(after), 7, after[k], 0, 7, want, 8));
	CHECK_INT(sm_lindex_find(ix, 5, 0, 7, pos, 8), 5);
	CHECK_INT(pos[0], 0);
	CHECK_INT(pos[1], 1);
	CHECK_INT(pos[2], 2);
	CHECK_INT(pos[3], 3);
	CHECK_INT(pos[4], 6);
	CHECK_INT(sm_lindex_find(ix, 6, 0, 7, pos, 8), 1);
	CHECK_INT(pos[0], 4);
	CHECK_INT(sm_lindex_find(ix, 5, 2, 6, pos, 8), 2);
	CHECK_INT(pos[0], 2);
	sm_lindex_free(ix);
}

/* One splice whose new entries go first and last in hash order while the ones going away sit in
 * the middle: the runs between them move up and down in the same pass, and every hash is then
 * found where a scan of the new hashes finds it. */
TEST(line_index, splice_moves_runs_both_ways)
{
	uint64_t before[] = {10, 20, 30, 40, 50, 60, 70, 80, 30, 50};
	uint64_t lines[] = {90, 5, 90, 95, 40};
	/* [2, 5) (30 40 50) replaced by the five lines */
	uint64_t after[] = {10, 20, 90, 5, 90, 95, 40, 60, 70, 80, 30, 50};
	const size_t na = sizeof(after) / sizeof(after[0]);
	size_t pos[16], want[16], i, k;
	sm_lindex *ix = sm_lindex_build(A(before), 10, SKIP);

	CHECK(ix != NULL);
	CHECK_INT(sm_lindex_splice(ix, A(before + 2), 2, 3, A(lines), 5), 0);
	for (i = 0; i < na; i++) {
		size_t w = scan(A(after), na, after[i], 0, na, want, 16);
		CHECK_INT(sm_lindex_find(ix, after[i], 0, na, pos, 16), w);
		for (k = 0; k < w; k++)
			CHECK_INT(pos[k], want[k]);
	}
	CHECK_INT(sm_lindex_find(ix, 30, 0, na, pos, 16), 1);
	CHECK_INT(pos[0], 10);
	sm_lindex_free(ix);
}

/* Random splices of up to a dozen lines over hashes of a wide range (many distinct, some
 * repeated, the skipped one among them): after each, every hash's places are a scan's. */
TEST(line_index, random_wide_splices)
{
	enum { CAP = 400, R = 40 };
	uint64_t h[CAP], nh[CAP], lines[12];
	size_t n = 120, round, i, k, pos[CAP], want[CAP];
	unsigned int seed = 777;
	sm_lindex *ix;

	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		h[i] = (seed >> 16) % R == 0 ? SKIP : (seed >> 16) % R;
	}
	ix = sm_lindex_build(A(h), n, SKIP);
	CHECK(ix != NULL);
	for (round = 0; round < 500; round++) {
		size_t at, del, nins, m = 0;
		seed = seed * 1103515245u + 12345u;
		at = (seed >> 8) % (n + 1);
		del = (seed >> 3) % 13;
		if (del > n - at)
			del = n - at;
		nins = (seed >> 20) % (n > 300 ? 4 : 13);
		for (i = 0; i < nins; i++) {
			seed = seed * 1103515245u + 12345u;
			lines[i] = (seed >> 16) % R == 0 ? SKIP : (seed >> 16) % R;
		}
		CHECK_INT(sm_lindex_splice(ix, A(h + at), at, del, A(lines), nins), 0);
		for (i = 0; i < at; i++)
			nh[m++] = h[i];
		for (i = 0; i < nins; i++)
			nh[m++] = lines[i];
		for (i = at + del; i < n; i++)
			nh[m++] = h[i];
		memcpy(h, nh, m * sizeof(*h));
		n = m;
		for (k = 0; k < R; k++) {
			size_t w = scan(A(h), n, k, 0, n, want, CAP), got, j;
			got = sm_lindex_find(ix, k, 0, n, pos, CAP);
			CHECK_INT(got, w);
			for (j = 0; j < w && j < got; j++)
				CHECK_INT(pos[j], want[j]);
		}
	}
	sm_lindex_free(ix);
}

/* A plain array of hashes, spliced as the index is told; the index made again from it when
 * worn (as the image does). */
typedef struct model {
	uint64_t *h;
	size_t n, cap;
} model;

static void model_splice(model *md, size_t at, size_t del, const uint64_t *lines, size_t nins)
{
	CHECK(md->n - del + nins <= md->cap);
	memmove(md->h + at + nins, md->h + at + del, (md->n - at - del) * sizeof(*md->h));
	memcpy(md->h + at, lines, nins * sizeof(*lines));
	md->n = md->n - del + nins;
}

/* Every hash of [0, R) over [lo, hi): count and first places as a scan of the model. */
static void check_ranges(sm_lindex *ix, const model *md, size_t R, size_t lo, size_t hi,
			 size_t *pos, size_t *want, size_t max)
{
	size_t k, j;

	for (k = 0; k < R; k++) {
		size_t w = scan(A(md->h), md->n, k, lo, hi, want, max);
		size_t got = sm_lindex_find(ix, k, lo, hi, pos, max);
		CHECK_INT(got, w);
		for (j = 0; j < w && j < got && j < max; j++)
			CHECK_INT(pos[j], want[j]);
	}
}

/* Splices in three orders a reply can give: forward through the file (a diff's hunks), at
 * random places (blocks out of order), and many at one place; after each, every hash over a
 * random range and the whole file is what a scan finds, and the index is made again when it
 * says it is worn. Counts only (max 0) and a few places (max 3) both. */
TEST(line_index, splices_in_any_order_and_at_one_place)
{
	enum { CAP = 20000, R = 30 };
	static uint64_t h[CAP];
	static size_t pos[CAP], want[CAP];
	uint64_t lines[16];
	model md = {h, 2000, CAP};
	size_t round, i, at = 0, rebuilt = 0, mode;
	unsigned int seed = 4242;
	sm_lindex *ix;

	for (i = 0; i < md.n; i++) {
		seed = seed * 1103515245u + 12345u;
		h[i] = (seed >> 16) % R == 0 ? SKIP : (seed >> 16) % R;
	}
	ix = sm_lindex_build(A(h), md.n, SKIP);
	CHECK(ix != NULL);
	for (round = 0; round < 3000; round++) {
		size_t del, nins, lo, hi;
		mode = round / 1000; /* forward, random, one place */
		seed = seed * 1103515245u + 12345u;
		if (mode == 0)
			at += (seed >> 8) % 7;
		else if (mode == 1)
			at = (seed >> 8) % (md.n + 1);
		else
			at = md.n / 2;
		if (at > md.n)
			at = md.n;
		del = (seed >> 3) % 4;
		if (del > md.n - at)
			del = md.n - at;
		nins = (seed >> 20) % 5;
		for (i = 0; i < nins; i++) {
			seed = seed * 1103515245u + 12345u;
			/* at one place: mostly the one hash, as a reply adding "}" again and again */
			lines[i] = mode == 2 && (seed >> 12) % 4 ? 7 : (seed >> 16) % R;
		}
		CHECK_INT(sm_lindex_splice(ix, A(h + at), at, del, A(lines), nins), 0);
		model_splice(&md, at, del, lines, nins);
		if (sm_lindex_worn(ix)) {
			sm_lindex_free(ix);
			ix = sm_lindex_build(A(h), md.n, SKIP);
			CHECK(ix != NULL);
			rebuilt++;
		}
		seed = seed * 1103515245u + 12345u;
		lo = (seed >> 4) % (md.n + 1);
		hi = lo + (seed >> 16) % (md.n - lo + 1);
		check_ranges(ix, &md, R, lo, hi, pos, want, round & 1 ? 3 : CAP);
		if (round % 50 == 0) {
			check_ranges(ix, &md, R, 0, md.n, pos, want, CAP);
			check_ranges(ix, &md, R, 0, md.n, pos, want, 0);
		}
	}
	/* the hashes added at one place wore the index out at least once */
	CHECK(rebuilt > 0);
	sm_lindex_free(ix);
}

/* A big file: a million lines, most of them one repeated line and the rest in hashes that
 * share their top bits (one bucket of the build, sorted by its fallback), then a thousand
 * splices in order: the places and counts are right at both ends of the file. */
TEST(line_index, huge_file_repeated_and_colliding)
{
	enum { N = 1000000 };
	uint64_t *h = malloc(N * sizeof(*h)), one = 0x1234;
	size_t pos[8], i, n;
	sm_lindex *ix;

	CHECK(h != NULL);
	for (i = 0; i < N; i++)
		h[i] = i % 3 ? one : ((uint64_t)0xabcd << 48) | (N - i);
	ix = sm_lindex_build(A(h), N, SKIP);
	CHECK(ix != NULL);
	CHECK_INT(sm_lindex_find(ix, one, 0, N, NULL, 0), N - (N + 2) / 3);
	CHECK_INT(sm_lindex_find(ix, ((uint64_t)0xabcd << 48) | (N - 3), 0, N, pos, 8), 1);
	CHECK_INT(pos[0], 3);
	/* a thousand one-line replacements of a repeated line, in order through the file */
	for (i = 0; i < 1000; i++) {
		uint64_t nl = 0x5678;
		CHECK_INT(sm_lindex_splice(ix, A(h + i * 900 + 1), i * 900 + 1, 1, A(&nl), 1), 0);
		h[i * 900 + 1] = nl;
	}
	CHECK_INT(sm_lindex_find(ix, one, 0, N, NULL, 0), N - (N + 2) / 3 - 1000);
	n = sm_lindex_find(ix, 0x5678, 0, N, pos, 8);
	CHECK_INT(n, 1000);
	CHECK_INT(pos[0], 1);
	CHECK_INT(pos[7], 7 * 900 + 1);
	CHECK_INT(sm_lindex_find(ix, 0x5678, N - 100000, N, NULL, 0), 0);
	CHECK_INT(sm_lindex_find(ix, one, 0, 3, pos, 8), 1);
	CHECK_INT(pos[0], 2);
	sm_lindex_free(ix);
	free(h);
}

/* Hashes that differ only in one 16-bit digit of the build's radix sort, each digit in turn,
 * with equal ones among them: every hash's places come out complete and ascending. */
TEST(line_index, build_sorts_every_digit)
{
	enum { N = 256 };
	uint64_t h[N];
	size_t pos[N], i, k;
	sm_lindex *ix;

	for (i = 0; i < N; i++)
		h[i] = (uint64_t)((N - i) % 7) << (16 * (i % 4));
	ix = sm_lindex_build(A(h), N, SKIP);
	CHECK(ix != NULL);
	for (i = 0; i < N; i++) {
		size_t want[N], w = scan(A(h), N, h[i], 0, N, want, N);
		size_t got = sm_lindex_find(ix, h[i], 0, N, pos, N);
		CHECK_INT(got, w);
		for (k = 0; k < w; k++)
			CHECK_INT(pos[k], want[k]);
	}
	sm_lindex_free(ix);
}

/* Hashes made to share all but their last few bits, in no order, each repeated, beside one
 * repeated thousands of times in their bucket: the build's bucket sorts find every one's
 * places, complete and ascending (and stay linear: no insertion sort of a big bucket). */
TEST(line_index, build_sorts_shared_top_bits)
{
	enum { N = 6000 };
	static uint64_t h[N];
	static size_t pos[N], want[N];
	size_t i, k;
	unsigned int seed = 99;
	sm_lindex *ix;

	for (i = 0; i < N; i++) {
		seed = seed * 1103515245u + 12345u;
		h[i] = i % 2 ? (0xfeedull << 48) | 0x1111 : (0xfeedull << 48) | ((seed >> 16) % 61);
	}
	ix = sm_lindex_build(A(h), N, SKIP);
	CHECK(ix != NULL);
	for (i = 0; i < 64; i++) {
		uint64_t key = i < 61 ? (0xfeedull << 48) | i : (0xfeedull << 48) | 0x1111;
		size_t w = scan(A(h), N, key, 0, N, want, N), got = sm_lindex_find(ix, key, 0, N, pos, N);
		CHECK_INT(got, w);
		for (k = 0; k < w; k++)
			CHECK_INT(pos[k], want[k]);
	}
	sm_lindex_free(ix);
}

/* Equal hashes stand for lines whose texts may differ (a collision): the index gives all their
 * places, as the scan did, and the tiers compare what they need there. Hashes equal in their
 * low bits, and more of them than the first table holds, probe and grow its table. */
TEST(line_index, colliding_hashes)
{
	enum { N = 400 };
	uint64_t h[N];
	size_t pos[N], i;
	sm_lindex *ix;

	for (i = 0; i < N; i++)
		h[i] = ((uint64_t)(i % 150) << 40) | 5u;
	ix = sm_lindex_build(A(h), N, SKIP);
	CHECK(ix != NULL);
	for (i = 0; i < 150; i++) {
		size_t n = sm_lindex_find(ix, h[i], 0, N, pos, N);
		CHECK_INT(n, i < 100 ? 3 : 2);
		CHECK_INT(pos[0], i);
		CHECK_INT(pos[1], i + 150);
	}
	sm_lindex_free(ix);
}

/* Random splices of an image of a few distinct lines (blank ones, and ones equal but for
 * whitespace among them): after each, the index answers every hash and range as a scan of the
 * image does. */
TEST(line_index, follows_random_splices)
{
	static const char *const words[] = {"a();", "  a();", "a();  ", "", "   ", "b = 1;", "}", "\tb = 1;"};
	const size_t nw = sizeof(words) / sizeof(words[0]);
	sm_image im;
	sm_line ins[6];
	size_t pos[80], want[80], round, i;
	unsigned int seed = 12345;
	char text[] = "a();\n}\n\nb = 1;\n  a();\n}\n";

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	im.searched = 1;
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	for (round = 0; round < 3000; round++) {
		size_t at, del, nins, lo, hi;
		seed = seed * 1103515245u + 12345u;
		at = im.n ? (seed >> 8) % (im.n + 1) : 0;
		del = at < im.n ? (seed >> 4) % 3 : 0;
		if (del > im.n - at)
			del = im.n - at;
		/* the file grows a little more often than it shrinks, up to a few hundred lines */
		nins = (seed >> 12) % (im.n > 300 ? 2 : 5);
		for (i = 0; i < nins; i++) {
			const char *w = words[(seed >> (16 + i)) % nw];
			sm_line_init(&ins[i], w, strlen(w));
		}
		CHECK_INT(sm_image_splice(&im, at, del, ins, nins), 0);
		CHECK(im.ix != NULL);
		lo = im.n ? (seed >> 3) % im.n : 0;
		hi = lo + (seed >> 20) % (im.n - lo + 1);
		for (i = 0; i < nw; i++) {
			uint64_t h = sm_text_hash(words[i], strlen(words[i]), SM_LVL_INDENT);
			size_t got, w, k;
			if (!strcmp(words[i], "") || !strcmp(words[i], "   "))
				continue; /* the blank line: the index never holds it, nothing asks */
			got = sm_image_find(&im, h, lo, hi, pos, 80);
			w = scan_im(&im, h, lo, hi, want, 80);
			CHECK_INT(got, w);
			for (k = 0; k < w && k < 80; k++)
				CHECK_INT(pos[k], want[k]);
			/* and over the whole image */
			CHECK_INT(sm_image_find(&im, h, 0, im.n, pos, 80),
				  scan_im(&im, h, 0, im.n, want, 80));
		}
	}
	sm_image_dispose(&im);
}

/* An image searched between splices as the planner does (sm_image_index before each search):
 * thousands of one-line additions at one place, then splices from the end of the file to its
 * start (the gap travelling the whole file each time) — the index is worn out and made again
 * along the way, and every answer is a scan's. */
TEST(line_index, image_remakes_a_worn_index)
{
	static const char *const words[] = {"}", "x = 1;", "  x = 1;", "return 0;"};
	char *text = malloc(4000 * 8);
	sm_image im;
	sm_line ins[2];
	size_t pos[64], want[64], round, i, remade = 0, len = 0;

	CHECK(text != NULL);
	for (i = 0; i < 4000; i++)
		len += (size_t)sprintf(text + len, "%s\n", words[i % 4]);
	CHECK_INT(sm_image_load(&im, text, len), 0);
	im.searched = 1;
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	for (round = 0; round < 6000; round++) {
		size_t at = round < 4000 ? 2000 : (6000 - round) * 2;
		int worn;
		sm_line_init(&ins[0], words[round % 4], strlen(words[round % 4]));
		sm_line_init(&ins[1], "}", 1);
		CHECK_INT(sm_image_splice(&im, at, round % 3 == 0, ins, 1 + (round >= 4000)), 0);
		CHECK(im.ix != NULL);
		worn = sm_lindex_worn(im.ix);
		sm_image_index(&im);
		CHECK(im.ix != NULL);
		if (worn) {
			CHECK(!sm_lindex_worn(im.ix));
			remade++;
		}
		if (round % 97 == 0 || round == 5999)
			for (i = 0; i < 4; i++) {
				uint64_t h = sm_text_hash(words[i], strlen(words[i]), SM_LVL_INDENT);
				size_t lo = round % im.n, got, w, k;
				got = sm_image_find(&im, h, lo, im.n, pos, 64);
				w = scan_im(&im, h, lo, im.n, want, 64);
				CHECK_INT(got, w);
				for (k = 0; k < w && k < 64; k++)
					CHECK_INT(pos[k], want[k]);
			}
	}
	CHECK(remade > 0);
	sm_image_dispose(&im);
	free(text);
}

/* An edit of one old line, as the matcher sees it. */
static void one_line_edit(sm_medit *me, sm_mline *ml, size_t *old, const char *text)
{
	memset(me, 0, sizeof(*me));
	memset(ml, 0, sizeof(*ml));
	sm_line_init(&ml->l, text, strlen(text));
	ml->kind = SM_HL_DEL;
	old[0] = 0;
	me->seq = ml;
	me->nseq = 1;
	me->old = old;
	me->nold = 1;
	me->blocklike = 1;
}

/* The strict tiers through the index: a line equal but for whitespace is a place of the
 * whitespace tier, not of the exact one; two exact places are both seen, and refused. */
static int run_tiers(sm_image *im, const char *line, sm_match *m)
{
	sm_medit me;
	sm_mline ml;
	size_t old[1];
	sm_occ occ;
	sm_mctx c = {im, &me, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL};
	int rc;

	one_line_edit(&me, &ml, old, line);
	c.hi = im->n;
	if (sm_occ_build(&occ, im, &me, 0, im->n))
		return -1;
	c.occ = &occ;
	rc = sm_ladder_run(&c, SM_POLICY_ALREADY, m); /* the strict tiers */
	sm_occ_free(&occ);
	return rc;
}

TEST(line_index, strict_tiers_see_every_place)
{
	static const char text[] = "int f(void)\n{\n    return 1;\n}\nreturn 1;  \nint g;\n";
	static const char twice[] = "x = 1;\ny = 2;\nx = 1;\n";
	sm_image im;
	sm_match m;

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	im.searched = 1;
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	/* exact: the one place it fits byte for byte, though two more fit but for whitespace */
	CHECK_INT(run_tiers(&im, "int g;", &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.start, 5);
	sm_match_dispose(&m);
	/* "return 1;" is on no line byte for byte: trailing spaces (line 5) are the whitespace
	   tier's; the indented line 3 is the indentation tier's, a lower rung */
	CHECK_INT(run_tiers(&im, "return 1;", &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_APPLIED);
	CHECK_INT(m.best.tier, SM_TIER_WS);
	CHECK_INT(m.best.start, 4);
	sm_match_dispose(&m);
	sm_image_dispose(&im);

	CHECK_INT(sm_image_load(&im, twice, strlen(twice)), 0);
	im.searched = 1;
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	CHECK_INT(run_tiers(&im, "x = 1;", &m), 0);
	CHECK_INT(m.status, SEAM_STATUS_AMBIGUOUS);
	sm_match_dispose(&m);
	sm_image_dispose(&im);
}

/* The index is made at an image's second search, not its first (one pass is as cheap as the
 * index), and never carried into a copy. */
TEST(line_index, made_at_second_search_not_copied)
{
	static const char text[] = "a\nb\n";
	sm_image im, cp;

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	sm_image_index(&im);
	CHECK(im.ix == NULL);
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	CHECK_INT(sm_image_copy(&cp, &im), 0);
	CHECK(cp.ix == NULL);
	sm_image_dispose(&cp);
	sm_image_dispose(&im);
}

/* The index is keyed by the hashes sm_text_hash_all gives each line at load; its shortcut for
 * ASCII lines (a level whose text equals the one before takes its hash) must give exactly what
 * hashing each level's text does, for every mix of whitespace and for lines past ASCII. */
TEST(line_index, hash_all_equals_each_level)
{
	static const char *const lines[] = {
		"", " ", "\t", "  \t \r", "a", " a", "a ", " a ", "a b", "\ta  b\t", "x =\t1;\r",
		"\f\va\v", "if (x) {", "    return y;   ", "caf\xC3\xA9 au lait", "\xE2\x80\x9Cq\xE2\x80\x9D",
		"\xEF\xBB\xBF" "first line", "a\xC2\xA0", "\xC2\xA0 a b", "tab\there", "x\xE2\x80\xA6",
	};
	size_t i;
	int l;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		uint64_t h[SM_NLEVELS];
		size_t n = strlen(lines[i]);
		sm_text_hash_all(lines[i], n, h);
		for (l = 0; l < SM_NLEVELS; l++)
			if (h[l] != sm_text_hash(lines[i], n, l)) {
				sm_test_fail(__FILE__, __LINE__, "line %zu level %d", i, l);
				return;
			}
	}
}

/* A line record keeps two hashes and makes the others again (sm_line_h): every level must
 * still be what hashing the line's text at that level gives, lines with trailing whitespace,
 * typography and a BOM included, and a line longer than the hashing's stack buffer. The
 * record stays 40 bytes (it was 64, then 48: issue 12's memory bound). */
TEST(line_index, line_levels_equal_text_hash)
{
	static const char *const lines[] = {
		"", " ", "\t", "a", " a", "a ", " a b \t", "x =\t1;\r", "caf\xC3\xA9 ",
		"\xE2\x80\x9Cq\xE2\x80\x9D", "\xEF\xBB\xBF" "first", "a\xC2\xA0", "\xE2\x80\x94 b  ",
	};
	char longer[600];
	size_t i;
	int l;

	memset(longer, 'x', sizeof(longer));
	memcpy(longer + 10, "\xE2\x80\x9C", 3);
	longer[sizeof(longer) - 1] = ' ';
	CHECK(sizeof(sm_line) <= 40);
	for (i = 0; i <= sizeof(lines) / sizeof(lines[0]); i++) {
		const char *p = i < sizeof(lines) / sizeof(lines[0]) ? lines[i] : longer;
		size_t n = i < sizeof(lines) / sizeof(lines[0]) ? strlen(p) : sizeof(longer);
		sm_line line;
		sm_line_init(&line, p, n);
		for (l = 0; l < SM_NLEVELS; l++)
			if (sm_line_h(&line, l) != sm_text_hash(p, n, l)) {
				sm_test_fail(__FILE__, __LINE__, "line %zu level %d", i, l);
				return;
			}
	}
}

/* The same over random lines: whitespace of every kind at the start, inside and at the end,
 * now and then a byte past ASCII (the one pass that hashes ASCII lines keeps the rstripped,
 * indentation-blind and space-blind slices apart exactly as the levels define them). */
TEST(line_index, hash_all_equals_each_level_random)
{
	static const char alphabet[] = " \t\r\f\vab;(x\xC2\xA0\xE2";
	unsigned int seed = 4242;
	size_t round, i;
	int l;

	for (round = 0; round < 5000; round++) {
		char line[40];
		uint64_t h[SM_NLEVELS];
		size_t n;
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 8) % sizeof(line);
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			/* mostly ASCII: the last three bytes of the alphabet are rarer */
			line[i] = alphabet[(seed >> 10) % ((seed >> 20) % 8 ? 11 : 14)];
		}
		sm_text_hash_all(line, n, h);
		for (l = 0; l < SM_NLEVELS; l++)
			if (h[l] != sm_text_hash(line, n, l)) {
				sm_test_fail(__FILE__, __LINE__, "round %zu level %d", round, l);
				return;
			}
		/* the file lines' variant: the same hashes up to the indentation-blind one */
		sm_text_hash_upto_indent(line, n, h);
		for (l = 0; l <= SM_LVL_INDENT; l++)
			if (h[l] != sm_text_hash(line, n, l)) {
				sm_test_fail(__FILE__, __LINE__, "round %zu level %d (upto)", round, l);
				return;
			}
	}
}

/* Old sides made only of lines the file has more than SM_MAX_SEEDS times: the exact tier takes
 * the rarest line's places from the index instead of scanning, and finds what the scan does
 * (one place; a tie between many). */
static int run_block(sm_image *im, const char *l1, const char *l2, sm_match *m)
{
	sm_medit me;
	sm_mline ml[2];
	size_t old[2] = {0, 1};
	sm_occ occ;
	sm_mctx c = {im, &me, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL};
	int rc;

	memset(&me, 0, sizeof(me));
	memset(ml, 0, sizeof(ml));
	sm_line_init(&ml[0].l, l1, strlen(l1));
	sm_line_init(&ml[1].l, l2, strlen(l2));
	ml[0].kind = ml[1].kind = SM_HL_DEL;
	me.seq = ml;
	me.nseq = 2;
	me.old = old;
	me.nold = 2;
	me.blocklike = 1;
	c.hi = im->n;
	if (sm_occ_build(&occ, im, &me, 0, im->n))
		return -1;
	c.occ = &occ;
	rc = sm_ladder_run(&c, SM_POLICY_ALREADY, m); /* the strict tiers */
	sm_occ_free(&occ);
	return rc;
}

TEST(line_index, common_lines_only)
{
	char text[2000];
	size_t n = 0, i, k;
	sm_image im;
	sm_match m;

	for (i = 0; i < 120; i++) {
		n += (size_t)sprintf(text + n, "a;\n}\n");
		if (i == 77) /* the one place "}" follows "}" */
			n += (size_t)sprintf(text + n, "}\n");
	}
	for (k = 0; k < 2; k++) {
		CHECK_INT(sm_image_load(&im, text, n), 0);
		im.searched = (unsigned int)k;
		sm_image_index(&im);
		CHECK(k ? im.ix != NULL : im.ix == NULL);
		CHECK_INT(run_block(&im, "}", "}", &m), 0);
		CHECK_INT(m.status, SEAM_STATUS_APPLIED);
		CHECK_INT(m.best.start, 77 * 2 + 1);
		sm_match_dispose(&m);
		CHECK_INT(run_block(&im, "a;", "}", &m), 0);
		CHECK_INT(m.status, SEAM_STATUS_AMBIGUOUS);
		sm_match_dispose(&m);
		sm_image_dispose(&im);
	}
}

/* sm_image_has answers as a scan does, with the index or without, the blank line's hash
 * (which the index leaves out) included. */
TEST(line_index, image_has_equals_scan)
{
	static const char text[] = "a\n\n  b\n   \nc\n";
	static const char *const probe_lines[] = {"a", "b", "  b", "", " ", "c", "d"};
	sm_image im;
	size_t i, lo, hi, k;

	for (k = 0; k < 2; k++) {
		CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
		im.searched = (unsigned int)k;
		sm_image_index(&im);
		CHECK(k ? im.ix != NULL : im.ix == NULL);
		for (i = 0; i < sizeof(probe_lines) / sizeof(probe_lines[0]); i++) {
			uint64_t h = sm_text_hash(probe_lines[i], strlen(probe_lines[i]), SM_LVL_INDENT);
			for (lo = 0; lo <= im.n; lo++)
				for (hi = lo; hi <= im.n + 1; hi++) {
					size_t j, want = 0;
					for (j = lo; j < hi && j < im.n; j++)
						want |= sm_hx(&im, j) == h;
					CHECK_INT(sm_image_has(&im, h, lo, hi), want);
				}
		}
		sm_image_dispose(&im);
	}
}

/* Out of memory while the index follows a splice (or while it is made): the splice still
 * happens, the index is given up (the tiers scan), and nothing leaks (ASan's check). */
TEST(line_index, out_of_memory_gives_the_index_up)
{
	static const char text[] = "a\nb\nc\n";
	static const char *const words[] = {"x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"};
	sm_image im;
	sm_line ins[8];
	size_t i;
	long n;
	int gave_up = 0;

	for (i = 0; i < 8; i++)
		sm_line_init(&ins[i], words[i], strlen(words[i]));
	for (n = 0; n < 40 && !gave_up; n++) {
		CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
		im.searched = 1;
		sm_image_index(&im);
		CHECK(im.ix != NULL);
		/* new hashes: groups, table cells and pool room to allocate */
		sm_alloc_fail_after(n);
		if (sm_image_splice(&im, 1, 1, ins, 8)) {
			/* the image's own growth failed: unchanged, index kept */
			sm_alloc_fail_after(-1);
			CHECK_INT(im.n, 3);
			CHECK(im.ix != NULL);
		} else {
			sm_alloc_fail_after(-1);
			CHECK_INT(im.n, 10);
			CHECK(sm_ln(&im, 9)->n == 1 && sm_ln(&im, 9)->p[0] == 'c');
			if (!im.ix)
				gave_up = 1;
		}
		sm_image_dispose(&im);
	}
	CHECK(gave_up);
	/* and when it cannot be made at all */
	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	im.searched = 1;
	sm_alloc_fail_after(0);
	sm_image_index(&im);
	sm_alloc_fail_after(-1);
	CHECK(im.ix == NULL);
	sm_image_dispose(&im);
}

/* What sm_image_render must write: each line and the ending it gets, one at a time (the way
 * rendering was written before it copied runs of the file's own bytes at once). */
static void render_line_by_line(const sm_image *im, sm_buf *b)
{
	size_t i;

	if (im->bom)
		sm_buf_put(b, "\xEF\xBB\xBF", 3);
	for (i = 0; i < im->n; i++) {
		sm_buf_put(b, sm_ln(im, i)->p, sm_ln(im, i)->n);
		if (i + 1 == im->n && !im->final_eol)
			break;
		if (im->cr)
			sm_buf_putc(b, '\r');
		else
			sm_buf_put(b, sm_ln(im, i)->crlf ? "\r\n" : "\n", sm_ln(im, i)->crlf ? 2 : 1);
	}
}

/* Rendering copies the stretches of the file that lie as they will be written in one piece: it
 * must give the same bytes as line by line, whatever the endings (LF, CR LF, mixed, CR only, a
 * BOM, no final newline), after any splices (lines moved apart, lines of the file put back in
 * another order, lines from elsewhere, the file's last line made a middle one). */
TEST(line_index, render_runs_equal_line_by_line)
{
	static const char *const files[] = {
		"a\nb\nc\nd\ne\nf\n",
		"a\r\nb\r\nc\nd\r\ne\nf",
		"\xEF\xBB\xBFx\ny\r\nz\n\n\nw",
		"a\rb\rc\rd\r",
		"one\ntwo\r\nthree\r\r\nfour\n",
		"",
		"solo",
	};
	static const char *const words[] = {"new", "", "x\ry", "b"};
	unsigned int seed = 777;
	size_t f, round, i;

	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++)
		for (round = 0; round < 200; round++) {
			sm_image im;
			sm_buf got = SM_BUF_INIT, want = SM_BUF_INIT;
			size_t steps = round % 6;
			CHECK_INT(sm_image_load(&im, files[f], strlen(files[f])), 0);
			for (i = 0; i < steps; i++) {
				sm_line ins[3];
				size_t at, del, nins, k;
				seed = seed * 1103515245u + 12345u;
				at = im.n ? (seed >> 8) % (im.n + 1) : 0;
				del = at < im.n ? (seed >> 4) % 2 : 0;
				nins = (seed >> 12) % 3;
				for (k = 0; k < nins; k++) {
					/* a line of the file again (orig kept), or one from elsewhere */
					if (im.n && (seed >> (16 + k)) & 1) {
						ins[k] = *sm_ln(&im, (seed >> (18 + k)) % im.n);
					} else {
						const char *w = words[(seed >> (20 + k)) % 4];
						sm_line_init(&ins[k], w, strlen(w));
						ins[k].crlf = (uint8_t)((seed >> 24) & 1);
					}
				}
				CHECK_INT(sm_image_splice(&im, at, del, ins, nins), 0);
			}
			im.final_eol = round % 4 != 3 ? im.final_eol : !im.final_eol;
			/* a whole file written in the reply's style keeps the file's lines (cr off) */
			im.cr = round % 5 != 4 ? im.cr : !im.cr;
			CHECK_INT(sm_image_render(&im, &got), 0);
			render_line_by_line(&im, &want);
			CHECK(!sm_buf_failed(&want));
			CHECK(got.len == want.len && !memcmp(got.ptr ? got.ptr : "",
							     want.ptr ? want.ptr : "", got.len));
			sm_buf_dispose(&got);
			sm_buf_dispose(&want);
			sm_image_dispose(&im);
		}
}
