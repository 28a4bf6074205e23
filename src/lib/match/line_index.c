/*
 * The line index (line_index.h): an open-addressing table from hash to a group, each group a
 * sorted run of positions in one shared pool. A group that outgrows its room moves to the
 * pool's end with twice the room, so the pool stays within about twice the lines ever held.
 */
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <string.h>

/* The places of one hash: pool[start, start + len), room for cap. */
typedef struct slot {
	uint64_t h;
	uint32_t start, len, cap;
} slot;

struct sm_lindex {
	/* open addressing over the groups: tab[j] is a group's index + 1, 0 when empty; 4 bytes
	   a cell, so the table can be made big enough for every line at once (no rehash while
	   building) and cost less than the groups it points to */
	uint32_t *tab;
	size_t mask;
	slot *s;
	size_t ns, scap;
	uint32_t *pool;
	size_t pn, pcap;
	size_t n; /* lines of the image: below LINDEX_MAX_LINES */
	uint64_t skip;
};

/* Positions are 32-bit, and shift() needs them below 2^31. */
#define LINDEX_MAX_LINES ((size_t)1 << 31)
/* A moved line updated where it stands costs about as much as shifting this many packed
 * positions in one pass (sm_lindex_move picks the cheaper). */
#define LINDEX_MOVE_PASS 32

/* The cell of h in tab: the one holding its group, or the empty one it would take. */
static uint32_t *probe(uint32_t *tab, size_t mask, const slot *s, uint64_t h)
{
	size_t j;

	/* the low bits of the hash pick the cell; mixed first, so that hashes equal there
	   (a caller's, a collision) spread as well as chance allows */
	uint64_t x = h ^ (h >> 29);
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 32;
	for (j = (size_t)x & mask; tab[j] && s[tab[j] - 1].h != h; j = (j + 1) & mask)
		;
	return &tab[j];
}

static slot *find_slot(const sm_lindex *ix, uint64_t h)
{
	uint32_t c = *probe(ix->tab, ix->mask, ix->s, h);
	return c ? &ix->s[c - 1] : NULL;
}

/* Room in the table for `want` groups at most half full; SEAM_ENOMEM when out of memory. */
static int tab_fit(sm_lindex *ix, size_t want)
{
	size_t size = ix->tab ? ix->mask + 1 : 64, i;
	uint32_t *nt;

	while (want * 2 > size)
		size *= 2;
	if (ix->tab && size == ix->mask + 1)
		return 0;
	nt = sm_calloc(size, sizeof(*nt));
	if (!nt)
		return SEAM_ENOMEM;
	for (i = 0; i < ix->ns; i++)
		*probe(nt, size - 1, ix->s, ix->s[i].h) = (uint32_t)(i + 1);
	sm_free(ix->tab);
	ix->tab = nt;
	ix->mask = size - 1;
	return 0;
}

/* The group of h, made when absent; NULL when out of memory. The pointer holds until the
 * next group is made. */
static slot *get_slot(sm_lindex *ix, uint64_t h)
{
	uint32_t *c = probe(ix->tab, ix->mask, ix->s, h);
	slot *sl;

	if (*c)
		return &ix->s[*c - 1];
	if (ix->ns >= LINDEX_MAX_LINES)
		return NULL;
	if (ix->ns + 1 > ix->scap && sm_grow((void **)&ix->s, &ix->scap, ix->ns + 1, sizeof(*ix->s)))
		return NULL;
	if ((ix->ns + 1) * 2 > ix->mask + 1) {
		if (tab_fit(ix, ix->ns + 1))
			return NULL;
		c = probe(ix->tab, ix->mask, ix->s, h);
	}
	sl = &ix->s[ix->ns];
	memset(sl, 0, sizeof(*sl));
	sl->h = h;
	*c = (uint32_t)++ix->ns;
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
	ix->pcap = n ? n : 1;
	ix->pool = sm_malloc(ix->pcap * sizeof(*ix->pool));
	/* a cell for every line: no rehash however many of them differ */
	if (!ix->pool || tab_fit(ix, n))
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
	for (i = 0; i < ix->ns; i++) {
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
		sl = find_slot(ix, h[i]);
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
	sm_free(ix->tab);
	sm_free(ix->s);
	sm_free(ix->pool);
	sm_free(ix);
}

void sm_lindex_remove(sm_lindex *ix, size_t at, size_t del, const uint64_t *oldh)
{
	size_t i;

	ix->n = del < ix->n ? ix->n - del : 0;
	for (i = 0; i < del; i++) {
		slot *sl;
		uint32_t *g;
		size_t k;
		if (oldh[i] == ix->skip)
			continue;
		if (!(sl = find_slot(ix, oldh[i])))
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
	if (ix->n >= LINDEX_MAX_LINES - nins)
		return SEAM_ELIMIT;
	if (nins != del) {
		/* every later line moves: one pass over the packed positions (the room of moved
		   groups included, which nothing reads) */
		uint32_t d = (uint32_t)nins - (uint32_t)del, from = (uint32_t)(at + del);
		shift(ix->pool, ix->pn, from, d);
	}
	return sm_lindex_add(ix, at, nins, newh);
}

int sm_lindex_add(sm_lindex *ix, size_t at, size_t nins, const uint64_t *newh)
{
	size_t i;

	if (ix->n >= LINDEX_MAX_LINES - nins || at >= LINDEX_MAX_LINES - nins)
		return SEAM_ELIMIT;
	ix->n += nins;
	for (i = 0; i < nins; i++) {
		slot *sl;
		uint32_t *g;
		size_t k;
		if (newh[i] == ix->skip)
			continue;
		if (!(sl = get_slot(ix, newh[i])))
			return SEAM_ENOMEM;
		if (sl->len == sl->cap) {
			size_t cap = sl->cap ? (size_t)sl->cap * 2 : 2;
			if (sm_grow((void **)&ix->pool, &ix->pcap, ix->pn + cap, sizeof(*ix->pool)))
				return SEAM_ENOMEM;
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

/* p[i] += d where lo <= p[i] < hi, branch-free as shift() is. */
static void shift_range(uint32_t *p, size_t n, uint32_t lo, uint32_t hi, uint32_t d)
{
	size_t i = 0, k;

	for (; i + 16 <= n; i += 16)
		for (k = 0; k < 16; k++)
			p[i + k] += d & (0u - (((lo - 1u - p[i + k]) & (p[i + k] - hi)) >> 31));
	for (; i < n; i++)
		p[i] += d & (0u - (((lo - 1u - p[i]) & (p[i] - hi)) >> 31));
}

void sm_lindex_move(sm_lindex *ix, size_t from, size_t to, size_t n, const uint64_t *h)
{
	size_t k, j;

	/* far moves (edits out of order) in one pass over the packed positions: never dearer
	   than the pass a splice made before the gap, where each line looked up is a hash
	   probe and a search, some LINDEX_MOVE_PASS positions' worth */
	if (n * LINDEX_MOVE_PASS >= ix->pn) {
		shift_range(ix->pool, ix->pn, (uint32_t)from, (uint32_t)(from + n),
			    (uint32_t)to - (uint32_t)from);
		return;
	}

	/* nothing stands between a moved line's old and new position but lines moving the same
	   way, so each group stays in order if the line nearest the destination moves first */
	for (j = 0; j < n; j++) {
		size_t i = to > from ? n - 1 - j : j;
		slot *sl;
		uint32_t *g;
		if (h[i] == ix->skip || !(sl = find_slot(ix, h[i])))
			continue;
		g = ix->pool + sl->start;
		k = lower(g, sl->len, from + i);
		if (k < sl->len && g[k] == from + i)
			g[k] = (uint32_t)(to + i);
	}
}

int sm_lindex_shift(sm_lindex *ix, size_t from, size_t d, size_t top)
{
	if (top >= LINDEX_MAX_LINES)
		return SEAM_ELIMIT;
	shift(ix->pool, ix->pn, (uint32_t)from, (uint32_t)d);
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
