/*
 * The line index (line_index.h): an open-addressing table from hash to a group, each group a
 * sorted run of positions in one shared pool. A group that outgrows its room moves to the
 * pool's end with twice the room, so the pool stays within about twice the lines ever held.
 */
#include "line_index.h"
#include "../util/alloc.h"

#include <string.h>

typedef struct slot {
	uint64_t h;
	uint32_t start, len, cap, used;
} slot;

struct sm_lindex {
	slot *s;
	size_t mask, nused;
	uint32_t *pool;
	size_t pn, pcap;
	size_t n; /* lines of the image: below LINDEX_MAX_LINES */
	uint64_t skip;
};

/* Positions are 32-bit, and shift() needs them below 2^31. */
#define LINDEX_MAX_LINES ((size_t)1 << 31)

static slot *probe(slot *s, size_t mask, uint64_t h)
{
	size_t j;

	/* the low bits of the hash pick the slot; mixed first, so that hashes equal there
	   (a caller's, a collision) spread as well as chance allows */
	uint64_t x = h ^ (h >> 29);
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 32;
	for (j = (size_t)x & mask; s[j].used && s[j].h != h; j = (j + 1) & mask)
		;
	return &s[j];
}

static const slot *find_slot(const sm_lindex *ix, uint64_t h)
{
	const slot *sl = probe(ix->s, ix->mask, h);
	return sl->used ? sl : NULL;
}

/* The slot of h, made when absent (the table doubles past half full); NULL when out of
 * memory. */
static slot *get_slot(sm_lindex *ix, uint64_t h)
{
	slot *sl = probe(ix->s, ix->mask, h);
	size_t size, i;
	slot *ns;

	if (sl->used)
		return sl;
	if ((ix->nused + 1) * 2 > ix->mask + 1) {
		size = (ix->mask + 1) * 2;
		ns = sm_calloc(size, sizeof(*ns));
		if (!ns)
			return NULL;
		for (i = 0; i <= ix->mask; i++)
			if (ix->s[i].used)
				*probe(ns, size - 1, ix->s[i].h) = ix->s[i];
		sm_free(ix->s);
		ix->s = ns;
		ix->mask = size - 1;
		sl = probe(ix->s, ix->mask, h);
	}
	memset(sl, 0, sizeof(*sl));
	sl->used = 1;
	sl->h = h;
	ix->nused++;
	return sl;
}

/* The first index in the group at or after position p. */
static size_t lower(const uint32_t *g, size_t n, size_t p)
{
	size_t a = 0, b = n;

	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (g[m] < p)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

sm_lindex *sm_lindex_build(const uint64_t *h, size_t n, uint64_t skip)
{
	sm_lindex *ix;
	size_t i, acc = 0;

	if (n >= LINDEX_MAX_LINES)
		return NULL;
	ix = sm_calloc(1, sizeof(*ix));
	if (!ix)
		return NULL;
	ix->n = n;
	ix->skip = skip;
	ix->mask = 63;
	ix->s = sm_calloc(ix->mask + 1, sizeof(*ix->s));
	ix->pcap = n ? n : 1;
	ix->pool = sm_malloc(ix->pcap * sizeof(*ix->pool));
	if (!ix->s || !ix->pool)
		goto fail;
	/* count, give each group its room, then fill in ascending order */
	for (i = 0; i < n; i++) {
		slot *sl;
		if (h[i] == skip)
			continue;
		if (!(sl = get_slot(ix, h[i])))
			goto fail;
		sl->len++;
	}
	for (i = 0; i <= ix->mask; i++) {
		if (!ix->s[i].used)
			continue;
		ix->s[i].start = (uint32_t)acc;
		ix->s[i].cap = ix->s[i].len;
		acc += ix->s[i].len;
		ix->s[i].len = 0;
	}
	ix->pn = acc;
	for (i = 0; i < n; i++) {
		slot *sl;
		if (h[i] == skip)
			continue;
		sl = probe(ix->s, ix->mask, h[i]);
		ix->pool[sl->start + sl->len++] = (uint32_t)i;
	}
	return ix;
fail:
	sm_lindex_free(ix);
	return NULL;
}

void sm_lindex_free(sm_lindex *ix)
{
	if (!ix)
		return;
	sm_free(ix->s);
	sm_free(ix->pool);
	sm_free(ix);
}

void sm_lindex_remove(sm_lindex *ix, size_t at, size_t del, const uint64_t *oldh)
{
	size_t i;

	for (i = 0; i < del; i++) {
		slot *sl;
		uint32_t *g;
		size_t k;
		if (oldh[i] == ix->skip)
			continue;
		sl = probe(ix->s, ix->mask, oldh[i]);
		if (!sl->used)
			continue;
		g = ix->pool + sl->start;
		k = lower(g, sl->len, at + i);
		if (k < sl->len && g[k] == at + i) {
			memmove(g + k, g + k + 1, (sl->len - k - 1) * sizeof(*g));
			sl->len--;
		}
	}
}

/* p[i] += d where p[i] >= from. Positions are below 2^31 (see sm_lindex_build), so the sign
 * bit of from - 1 - p[i] says p[i] >= from: branch-free, in blocks of a fixed count, which the
 * compiler makes vector code at -O2. (Bytes of moved groups' old room are shifted too; nothing
 * reads them.) */
static void shift(uint32_t *p, size_t n, uint32_t from, uint32_t d)
{
	size_t i = 0, k;

	for (; i + 16 <= n; i += 16)
		for (k = 0; k < 16; k++)
			p[i + k] += d & (0u - ((from - 1u - p[i + k]) >> 31));
	for (; i < n; i++)
		p[i] += d & (0u - ((from - 1u - p[i]) >> 31));
}

int sm_lindex_insert(sm_lindex *ix, size_t at, size_t del, size_t nins, const uint64_t *newh)
{
	size_t i;

	if (ix->n - del >= LINDEX_MAX_LINES - nins)
		return -1;
	ix->n = ix->n - del + nins;
	if (nins != del) {
		/* every later line moves: one pass over the packed positions (the room of moved
		   groups included, which nothing reads) */
		uint32_t d = (uint32_t)nins - (uint32_t)del, from = (uint32_t)(at + del);
		shift(ix->pool, ix->pn, from, d);
	}
	for (i = 0; i < nins; i++) {
		slot *sl;
		uint32_t *g;
		size_t k;
		if (newh[i] == ix->skip)
			continue;
		if (!(sl = get_slot(ix, newh[i])))
			return -1;
		if (sl->len == sl->cap) {
			size_t cap = sl->cap ? (size_t)sl->cap * 2 : 2;
			if (sm_grow((void **)&ix->pool, &ix->pcap, ix->pn + cap, sizeof(*ix->pool)))
				return -1;
			memcpy(ix->pool + ix->pn, ix->pool + sl->start, sl->len * sizeof(*ix->pool));
			sl->start = (uint32_t)ix->pn;
			sl->cap = (uint32_t)cap;
			ix->pn += cap;
		}
		g = ix->pool + sl->start;
		k = lower(g, sl->len, at + i);
		memmove(g + k + 1, g + k, (sl->len - k) * sizeof(*g));
		g[k] = (uint32_t)(at + i);
		sl->len++;
	}
	return 0;
}

size_t sm_lindex_find(const sm_lindex *ix, uint64_t h, size_t lo, size_t hi, size_t *pos,
		      size_t max)
{
	const slot *sl;
	const uint32_t *g;
	size_t a, b, k;

	if (h == ix->skip || hi <= lo || !(sl = find_slot(ix, h)))
		return 0;
	g = ix->pool + sl->start;
	a = lower(g, sl->len, lo);
	b = lower(g, sl->len, hi);
	for (k = 0; k < max && a + k < b; k++)
		pos[k] = g[a + k];
	return b - a;
}
