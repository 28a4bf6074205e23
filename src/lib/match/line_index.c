/*
 * The line index (line_index.h): the positions of the image's lines (the skipped hash's left
 * out) in one array sorted by (hash, position), the hashes read where the image keeps them. A
 * hash's places are one run of it, found by two binary searches: 4 bytes a line, where
 * a hash table of groups cost about 39 at 300,000 lines (table cells, a 24-byte group per
 * distinct hash, the groups' room), a third of the peak of a strict diff's run (issue 12's
 * memory bound). In an image (a gap buffer) a position is an entry of its table: the gap's
 * moves rewrite the moved entries where they stand (sm_lindex_move), a splice into the gap
 * moves no other (sm_lindex_replace).
 */
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

struct sm_lindex {
	uint32_t *pos; /* sorted by (hash of the line, position) */
	size_t len, cap;
	size_t n; /* lines of the image: below LINDEX_MAX_LINES */
	uint64_t skip;
};

/* Positions are 32-bit. */
#define LINDEX_MAX_LINES ((size_t)1 << 31)
/* A moved line rewritten where it stands (two binary searches' probes) costs about as much as
 * shifting this many positions in one pass (sm_lindex_move picks the cheaper). */
#define LINDEX_MOVE_PASS 64
/* The build's radix sort: 16-bit digits, four passes over a 64-bit hash. */
#define DIGIT_BITS 16
#define DIGITS (1u << DIGIT_BITS)

/* The first index of pos[0..len) whose (h[pos], pos) is not below (key, p). */
static size_t lower(const sm_lindex *ix, sm_lhashes h, uint64_t key, size_t p)
{
	size_t a = 0, b = ix->len;

	while (a < b) {
		size_t m = a + (b - a) / 2;
		uint64_t hm = sm_lhash(h, ix->pos[m]);
		if (hm < key || (hm == key && ix->pos[m] < p))
			a = m + 1;
		else
			b = m;
	}
	return a;
}

sm_lindex *sm_lindex_build(sm_lhashes h, size_t n, uint64_t skip)
{
	sm_lindex *ix;
	uint32_t *tmp = NULL, *count = NULL;
	size_t i, m = 0;
	unsigned int pass;

	if (n >= LINDEX_MAX_LINES)
		return NULL;
	ix = sm_calloc(1, sizeof(*ix));
	if (!ix)
		return NULL;
	ix->n = n;
	ix->skip = skip;
	for (i = 0; i < n; i++)
		m += sm_lhash(h, i) != skip;
	ix->cap = m ? m : 1;
	ix->pos = sm_malloc(ix->cap * sizeof(*ix->pos));
	if (!ix->pos)
		goto fail;
	for (i = 0; i < n; i++)
		if (sm_lhash(h, i) != skip)
			ix->pos[ix->len++] = (uint32_t)i;
	if (m < 2)
		return ix;
	/* a stable LSD radix sort from the positions in ascending order: equal hashes keep their
	   positions ascending; linear whatever the hashes (no comparison sort's worst case) */
	tmp = sm_malloc(m * sizeof(*tmp));
	count = sm_malloc(DIGITS * sizeof(*count));
	if (!tmp || !count)
		goto fail;
	for (pass = 0; pass < 64 / DIGIT_BITS; pass++) {
		unsigned int shift = pass * DIGIT_BITS;
		uint32_t *t, sum = 0;
		memset(count, 0, DIGITS * sizeof(*count));
		for (i = 0; i < m; i++)
			count[(sm_lhash(h, ix->pos[i]) >> shift) & (DIGITS - 1)]++;
		if (count[(sm_lhash(h, ix->pos[0]) >> shift) & (DIGITS - 1)] == m)
			continue; /* one digit for all: the pass would move nothing */
		for (i = 0; i < DIGITS; i++) {
			uint32_t c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < m; i++)
			tmp[count[(sm_lhash(h, ix->pos[i]) >> shift) & (DIGITS - 1)]++] = ix->pos[i];
		t = ix->pos;
		ix->pos = tmp;
		tmp = t;
	}
	sm_free(tmp);
	sm_free(count);
	return ix;
fail:
	sm_free(tmp);
	sm_free(count);
	sm_lindex_free(ix);
	return NULL;
}

void sm_lindex_free(sm_lindex *ix)
{
	if (!ix)
		return;
	sm_free(ix->pos);
	sm_free(ix);
}

/* A new line's entry and the index of the array before which it goes. */
typedef struct ins_at {
	size_t at;
	uint64_t h;
	uint32_t pos;
} ins_at;

static int cmp_ins(const void *x, const void *y)
{
	const ins_at *a = x, *b = y;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->h != b->h)
		return a->h < b->h ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return a < b ? -1 : a > b;
}

/* p[i] += d where p[i] >= from. Positions are below 2^31 (see sm_lindex_build), so the sign
 * bit of from - 1 - p[i] says p[i] >= from: branch-free, in blocks of a fixed count, which the
 * compiler makes vector code at -O2. */
static void shift(uint32_t *p, size_t n, uint32_t from, uint32_t d)
{
	size_t i = 0, k;

	for (; i + 16 <= n; i += 16)
		for (k = 0; k < 16; k++)
			p[i + k] += d & (0u - ((from - 1u - p[i + k]) >> 31));
	for (; i < n; i++)
		p[i] += d & (0u - ((from - 1u - p[i]) >> 31));
}

/* A run of entries that moves as one: pos[src, src + len) to src + off. */
typedef struct stretch {
	size_t src, len;
	ptrdiff_t off;
} stretch;

/*
 * Moves the entries of pos[0..len) that stay to their places once the entries at the indexes
 * rm (ascending) leave and an entry comes in before each in[].at (ascending; before the entry
 * at a removed index when both fall there), leaving room for the new ones: each entry moves
 * at most once. The runs between two events move by the events before them; a run of runs
 * moving down goes first to last, one moving up last to first, and two runs of opposite ways
 * never reach each other's bytes (the order of the entries is kept), so one pass does it.
 */
static void move_stretches(uint32_t *pos, size_t len, const size_t *rm, size_t nrm,
			   const ins_at *in, size_t nin, stretch *st)
{
	size_t ns = 0, ir = 0, ii = 0, cur = 0, i, j, k;
	ptrdiff_t off = 0;

	for (;;) {
		size_t next = len;
		int kind = 0;
		if (ii < nin && in[ii].at <= next) {
			next = in[ii].at;
			kind = 1;
		}
		if (ir < nrm && rm[ir] < next) {
			next = rm[ir];
			kind = 2;
		}
		if (next > cur) {
			st[ns].src = cur;
			st[ns].len = next - cur;
			st[ns++].off = off;
		}
		if (!kind)
			break;
		if (kind == 1) {
			off++;
			ii++;
			cur = next;
		} else {
			off--;
			ir++;
			cur = next + 1;
		}
	}
	for (i = 0; i < ns;) {
		int up = st[i].off > 0;
		if (!st[i].off) {
			i++;
			continue;
		}
		for (j = i; j < ns && st[j].off && (st[j].off > 0) == up; j++)
			;
		for (k = 0; k < j - i; k++) {
			const stretch *t = &st[up ? j - 1 - k : i + k];
			memmove(pos + (ptrdiff_t)t->src + t->off, pos + t->src, t->len * sizeof(*pos));
		}
		i = j;
	}
}

/* sm_lindex_splice (later: the positions after the lines removed move by nins - del) and
 * sm_lindex_replace (no other position moves). */
static int splice(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		  size_t nins, int later)
{
	size_t *rm = NULL, nrm = 0, nin = 0, i, k;
	ins_at *in = NULL;
	stretch *st = NULL;
	int rc = SEAM_ENOMEM;

	if (ix->n - del >= LINDEX_MAX_LINES - nins || at >= LINDEX_MAX_LINES - nins)
		return SEAM_ELIMIT;
	for (i = 0; i < del; i++)
		nrm += sm_lhash(h, at + i) != ix->skip;
	for (i = 0; i < nins; i++)
		nin += sm_lhash(newh, i) != ix->skip;
	if ((nrm && !(rm = sm_malloc(nrm * sizeof(*rm)))) ||
	    (nin && !(in = sm_malloc(nin * sizeof(*in)))) ||
	    !(st = sm_malloc((nrm + nin + 1) * sizeof(*st))))
		goto out;
	/* where the lines going away are, and where the new ones go, found in the array as it is
	   (the hashes before the splice): a new line goes before the first entry not below
	   (its hash, at); among the entries of its hash, those before `at` stay before it, the
	   later ones move after it, and the ones in [at, at + del) leave */
	for (i = 0, k = 0; i < del; i++) {
		uint64_t hh = sm_lhash(h, at + i);
		if (hh != ix->skip)
			rm[k++] = lower(ix, h, hh, at + i);
	}
	for (i = 0, k = 0; i < nins; i++) {
		uint64_t hh = sm_lhash(newh, i);
		if (hh == ix->skip)
			continue;
		in[k].h = hh;
		in[k].pos = (uint32_t)(at + i);
		in[k].at = lower(ix, h, hh, at);
		k++;
	}
	if (nrm > 1)
		qsort(rm, nrm, sizeof(*rm), cmp_size);
	if (nin > 1)
		qsort(in, nin, sizeof(*in), cmp_ins);
	if (ix->len - nrm + nin > ix->cap) {
		size_t cap = ix->cap + ix->cap / 8;
		uint32_t *np;
		if (cap < ix->len - nrm + nin)
			cap = ix->len - nrm + nin;
		np = sm_realloc(ix->pos, cap * sizeof(*np));
		if (!np)
			goto out;
		ix->pos = np;
		ix->cap = cap;
	}
	/* every later line moves by nins - del: one pass (a line for a line moves nothing) */
	if (later && nins != del)
		shift(ix->pos, ix->len, (uint32_t)(at + del), (uint32_t)nins - (uint32_t)del);
	move_stretches(ix->pos, ix->len, rm, nrm, in, nin, st);
	/* the new entries into the room left for them */
	for (i = 0, k = 0; i < nin; i++) {
		while (k < nrm && rm[k] < in[i].at)
			k++;
		ix->pos[in[i].at + i - k] = in[i].pos;
	}
	ix->len = ix->len - nrm + nin;
	ix->n = ix->n - del + nins;
	rc = 0;
out:
	sm_free(rm);
	sm_free(in);
	sm_free(st);
	return rc;
}

int sm_lindex_splice(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		     size_t nins)
{
	return splice(ix, h, at, del, newh, nins, 1);
}

int sm_lindex_replace(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		      size_t nins)
{
	return splice(ix, h, at, del, newh, nins, 0);
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

int sm_lindex_move(sm_lindex *ix, sm_lhashes h, size_t from, size_t to, size_t n)
{
	uint32_t *at, d = (uint32_t)to - (uint32_t)from;
	size_t i, m = 0;

	if (!n || from == to)
		return 0;
	if (to >= LINDEX_MAX_LINES - n || from >= LINDEX_MAX_LINES - n)
		return SEAM_ELIMIT;
	/* nothing stands between a moved line's old and new position but lines moving with it,
	   so the entries of a hash keep their order and each moved one's value changes in place;
	   a far move (edits out of order) in one pass over the array, never dearer than the
	   pass a splice made before the gap buffer */
	if (n * LINDEX_MOVE_PASS >= ix->len) {
		shift_range(ix->pos, ix->len, (uint32_t)from, (uint32_t)(from + n), d);
		return 0;
	}
	/* all found before any changes: a search reads the hashes of the entries it passes at
	   the positions they hold */
	at = sm_malloc(n * sizeof(*at));
	if (!at)
		return SEAM_ENOMEM;
	for (i = 0; i < n; i++) {
		uint64_t hh = sm_lhash(h, from + i);
		size_t k;
		if (hh == ix->skip)
			continue;
		k = lower(ix, h, hh, from + i);
		if (k < ix->len && ix->pos[k] == from + i)
			at[m++] = (uint32_t)k;
	}
	for (i = 0; i < m; i++)
		ix->pos[at[i]] += d;
	sm_free(at);
	return 0;
}

int sm_lindex_shift(sm_lindex *ix, size_t from, size_t d, size_t top)
{
	if (top >= LINDEX_MAX_LINES)
		return SEAM_ELIMIT;
	shift(ix->pos, ix->len, (uint32_t)from, (uint32_t)d);
	return 0;
}

size_t sm_lindex_find(const sm_lindex *ix, sm_lhashes h, uint64_t key, size_t lo,
		      size_t hi, size_t *pos, size_t max)
{
	size_t a, b, k;

	if (key == ix->skip || hi <= lo)
		return 0;
	a = lower(ix, h, key, lo);
	b = lower(ix, h, key, hi);
	for (k = 0; k < max && a + k < b; k++)
		pos[k] = ix->pos[a + k];
	return b - a;
}
