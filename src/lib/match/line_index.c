/*
 * The line index (line_index.h), in line numbers, which a splice changes at the cost of the
 * splice, not of the file.
 *
 * The base: the non-blank lines of the file as it was when the index was made ("epoch" line
 * numbers), sorted by (hash, epoch line) with the hashes stored beside them (12 bytes a line),
 * never changed until the index is made again. On top of it:
 *  - pieces: the runs of base lines still in the file, each an epoch range and where it
 *    starts now, in file order; a splice cuts the one or two it falls in and moves the start
 *    of those after it (in a file's edits in order, none: the last piece);
 *  - the overlay: the lines splices brought in, with their hashes and line numbers now,
 *    sorted by line; a splice moves the ones after it (again none for edits in order);
 *  - the dead: the base lines splices removed, by epoch line, linked by hash (a base run's
 *    count includes them: they are counted out);
 *  - a small table of how many overlay and dead entries each hash has, so that a lookup of
 *    a hash none of them has (nearly every one) reads neither.
 * A splice's lines written back unchanged around its change (a hunk's context) are none of
 * these: to an index keyed by hash alone they never left. Every piece, overlay and dead entry
 * read beyond the splice's own lines is counted as wear;
 * past LINDEX_WEAR per base line the index says it is worn and its owner makes it again (a
 * pass over the file): the upkeep stays within a constant factor of the builds, so hostile
 * orders (edits out of order, thousands of splices at one place, one line added many times)
 * cost at most a rebuild now and then, never a pass per edit over the whole file.
 */
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Line numbers are 32-bit. */
#define LINDEX_MAX_LINES ((size_t)1 << 31)
/* Wear allowed per base line (plus a floor for tiny files) before the index is made again.
 * A unit is an entry read or moved in a small array (a nanosecond or less); a rebuild costs
 * about ten to twenty such units a line (the lines' hashes read, a scatter, the buckets'
 * sort), so the upkeep costs at most a few rebuilds' worth, and a rebuild is amortised over
 * LINDEX_WEAR units of work it saves. */
#define LINDEX_WEAR 16
#define LINDEX_WEAR_FLOOR 4096
/* The build's buckets: the top bits of the hash, at most this many (a 256 KiB count table),
 * fewer for a small file (about one bucket per line). */
#define BUCKET_BITS_MAX 16
/* A bucket up to this size is sorted by insertion; a larger one (a line repeated often, or
 * hashes made to share their top bits) by 8 bits more at a time, never quadratic. */
#define BUCKET_INSERTION 32

typedef struct piece {
	uint32_t b;   /* first epoch line */
	uint32_t len; /* lines */
	uint32_t cur; /* its line number now */
} piece;

/* How many overlay and dead entries a hash has. */
typedef struct tally {
	uint64_t key;
	uint32_t nov, ndead;
	uint32_t dead; /* the latest of its dead entries + 1 (0: none); each links the one before */
	int used;
} tally;

struct sm_lindex {
	/* the base, sorted by (key, ep); the pieces, overlay, dead and tally as described at the
	   top of the file; wear, the upkeep counted since the build (sm_lindex_worn) */
	uint64_t *key;
	uint32_t *ep;
	size_t m;
	uint32_t *bkt; /* bucket b (the top bits of a key) is key[bkt[b], bkt[b + 1]) */
	unsigned int shift; /* a key's bucket is key >> shift */
	size_t n0;     /* lines at the epoch */
	size_t n;      /* lines now */
	uint64_t skip;
	piece *pc;
	size_t npc, cappc;
	/* the overlay, sorted by line now */
	uint32_t *opos;
	uint64_t *okey;
	size_t nov, capov, capok;
	/* the dead base lines, in the order they left, each hash's linked from its tally */
	uint32_t *dep;
	uint32_t *dnext; /* the hash's dead entry before this one + 1 (0: none) */
	size_t ndead, capdead, capdn;
	tally *tl;
	size_t tlmask, ntl; /* tl has tlmask + 1 cells, ntl used */
	uint64_t wear;
	int broken; /* out of memory in an update: worn (the owner drops it) */
};

static void insertion_sort(uint64_t *k, uint32_t *e, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		uint64_t kk = k[i];
		uint32_t ee = e[i];
		for (j = i; j > 0 && (k[j - 1] > kk || (k[j - 1] == kk && e[j - 1] > ee)); j--) {
			k[j] = k[j - 1];
			e[j] = e[j - 1];
		}
		k[j] = kk;
		e[j] = ee;
	}
}

/* Sorts k[0..n) (with e) by (key, ep), the lines of a key coming in ascending, where all keys
 * agree above bit `bits`: by the next 8 bits, stable, then each part the same way (a line
 * repeated thousands of times shares its bucket with a few others: one pass sets them apart,
 * and its own part is in order already). 0 or SEAM_ENOMEM. */
static int sort_bucket(uint64_t *k, uint32_t *e, size_t n, unsigned int bits)
{
	size_t i, at[257];
	uint64_t *tk;
	uint32_t *te;
	unsigned int shift;

	for (i = 1; i < n; i++)
		if (k[i - 1] > k[i])
			break;
	if (i >= n)
		return 0; /* in order: one key, or its keys came in order */
	if (n <= BUCKET_INSERTION) {
		insertion_sort(k, e, n);
		return 0;
	}
	if (!bits)
		return 0; /* one key (not reached: its lines came in order) */
	shift = bits > 8 ? bits - 8 : 0;
	tk = sm_malloc(n * sizeof(*tk));
	te = sm_malloc(n * sizeof(*te));
	if (!tk || !te) {
		sm_free(tk);
		sm_free(te);
		return SEAM_ENOMEM;
	}
	memset(at, 0, sizeof(at));
	for (i = 0; i < n; i++)
		at[((k[i] >> shift) & 0xff) + 1]++;
	for (i = 1; i <= 256; i++)
		at[i] += at[i - 1];
	for (i = 0; i < n; i++) {
		size_t j = at[(k[i] >> shift) & 0xff]++;
		tk[j] = k[i];
		te[j] = e[i];
	}
	memcpy(k, tk, n * sizeof(*k));
	memcpy(e, te, n * sizeof(*e));
	sm_free(tk);
	sm_free(te);
	/* at[d] is now the end of part d */
	for (i = 0; i < 256; i++) {
		size_t a = i ? at[i - 1] : 0;
		if (at[i] - a > 1 && sort_bucket(k + a, e + a, at[i] - a, shift))
			return SEAM_ENOMEM;
	}
	return 0;
}

static sm_lindex *build(sm_lhashes store, const sm_lrun *runs, size_t nruns, size_t n,
			uint64_t skip);

sm_lindex *sm_lindex_build_runs(sm_lhashes store, const sm_lrun *runs, size_t nruns, size_t n,
				uint64_t skip)
{
	return build(store, runs, nruns, n, skip);
}

static sm_lindex *build(sm_lhashes store, const sm_lrun *runs, size_t nruns, size_t n,
			uint64_t skip)
{
	sm_lindex *ix;
	uint32_t *count = NULL;
	size_t i, j, r, m = 0, nb;
	unsigned int bits = 4, shift;

	if (n >= LINDEX_MAX_LINES)
		return NULL;
	ix = sm_calloc(1, sizeof(*ix));
	if (!ix)
		return NULL;
	ix->n0 = ix->n = n;
	ix->skip = skip;
	while (bits < BUCKET_BITS_MAX && ((size_t)1 << bits) < n)
		bits++;
	shift = 64 - bits;
	nb = (size_t)1 << bits;
	count = sm_calloc(nb + 1, sizeof(*count));
	if (!count)
		goto fail;
	/* the lines in order, run after run (twice: the count, the scatter) */
	for (r = 0; r < nruns; r++)
		for (j = 0; j < runs[r].len; j++) {
			uint64_t h = sm_lhash(store, runs[r].slot + j);
			if (h != skip) {
				count[(h >> shift) + 1]++;
				m++;
			}
		}
	ix->m = m;
	ix->key = sm_malloc((m ? m : 1) * sizeof(*ix->key));
	ix->ep = sm_malloc((m ? m : 1) * sizeof(*ix->ep));
	if (!ix->key || !ix->ep)
		goto fail;
	for (i = 1; i <= nb; i++)
		count[i] += count[i - 1];
	/* scattered by the top bits in line order: a bucket holds its lines ascending */
	for (r = 0; r < nruns; r++)
		for (j = 0; j < runs[r].len; j++) {
			uint64_t h = sm_lhash(store, runs[r].slot + j);
			if (h != skip) {
				uint32_t at = count[h >> shift]++;
				ix->key[at] = h;
				ix->ep[at] = (uint32_t)(runs[r].at + j);
			}
		}
	/* count[b] is now the end of bucket b: made its start, kept for the lookups */
	memmove(count + 1, count, nb * sizeof(*count));
	count[0] = 0;
	for (i = 0; i < nb; i++)
		if (count[i + 1] - count[i] > 1 &&
		    sort_bucket(ix->key + count[i], ix->ep + count[i], count[i + 1] - count[i], shift))
			goto fail;
	ix->bkt = count;
	ix->shift = shift;
	count = NULL;
	if (n) {
		ix->pc = sm_malloc(4 * sizeof(*ix->pc));
		if (!ix->pc)
			goto fail;
		ix->cappc = 4;
		ix->pc[0].b = 0;
		ix->pc[0].len = (uint32_t)n;
		ix->pc[0].cur = 0;
		ix->npc = 1;
	}
	return ix;
fail:
	sm_free(count);
	sm_lindex_free(ix);
	return NULL;
}

sm_lindex *sm_lindex_build(sm_lhashes h, size_t n, uint64_t skip)
{
	sm_lrun run = {0, 0, n};

	return build(h, &run, n ? 1 : 0, n, skip);
}

void sm_lindex_free(sm_lindex *ix)
{
	if (!ix)
		return;
	sm_free(ix->key);
	sm_free(ix->bkt);
	sm_free(ix->ep);
	sm_free(ix->pc);
	sm_free(ix->opos);
	sm_free(ix->okey);
	sm_free(ix->dep);
	sm_free(ix->dnext);
	sm_free(ix->tl);
	sm_free(ix);
}

int sm_lindex_worn(const sm_lindex *ix)
{
	return ix->broken || ix->wear > (uint64_t)LINDEX_WEAR * ix->n0 + LINDEX_WEAR_FLOOR;
}

/* ---- the tally of overlay and dead entries by hash ---------------------------------------- */

static tally *tally_get(const sm_lindex *ix, uint64_t key)
{
	size_t j;

	if (!ix->tl)
		return NULL;
	for (j = (size_t)(key ^ (key >> 29)) & ix->tlmask; ix->tl[j].used; j = (j + 1) & ix->tlmask)
		if (ix->tl[j].key == key)
			return &ix->tl[j];
	return NULL;
}

/* The hash's cell, made when missing; NULL when out of memory. */
static tally *tally_add(sm_lindex *ix, uint64_t key)
{
	tally *t = tally_get(ix, key);
	size_t j;

	if (t)
		return t;
	if (!ix->tl || (ix->ntl + 1) * 2 > ix->tlmask + 1) {
		size_t size = ix->tl ? (ix->tlmask + 1) * 2 : 64, i;
		tally *old = ix->tl, *nt = sm_calloc(size, sizeof(*nt));
		size_t oldsize = ix->tl ? ix->tlmask + 1 : 0;
		if (!nt)
			return NULL;
		ix->tl = nt;
		ix->tlmask = size - 1;
		for (i = 0; i < oldsize; i++) {
			if (!old[i].used)
				continue;
			for (j = (size_t)(old[i].key ^ (old[i].key >> 29)) & ix->tlmask; nt[j].used;
			     j = (j + 1) & ix->tlmask)
				;
			nt[j] = old[i];
		}
		sm_free(old);
	}
	for (j = (size_t)(key ^ (key >> 29)) & ix->tlmask; ix->tl[j].used; j = (j + 1) & ix->tlmask)
		;
	ix->tl[j].used = 1;
	ix->tl[j].key = key;
	ix->tl[j].nov = ix->tl[j].ndead = ix->tl[j].dead = 0;
	ix->ntl++;
	return &ix->tl[j];
}

/* ---- pieces ------------------------------------------------------------------------------ */

/* The first piece whose lines end after line q (npc when none). */
static size_t piece_after(const sm_lindex *ix, size_t q)
{
	size_t a = 0, b = ix->npc;

	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if ((size_t)ix->pc[mid].cur + ix->pc[mid].len <= q)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* The epoch line of the first base line at line q or after it (n0 when none). */
static size_t epoch_of(const sm_lindex *ix, size_t q)
{
	size_t k = piece_after(ix, q);

	if (k == ix->npc)
		return ix->n0;
	if (ix->pc[k].cur <= q)
		return ix->pc[k].b + (q - ix->pc[k].cur);
	return ix->pc[k].b;
}

/* The line now of base line ep, GONE when a splice removed it; *k gets its piece. */
#define GONE ((size_t)-1)
static size_t line_of(const sm_lindex *ix, uint32_t ep, size_t *k)
{
	size_t a = 0, b = ix->npc;

	/* the last piece starting at ep or before */
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (ix->pc[mid].b <= ep)
			a = mid + 1;
		else
			b = mid;
	}
	if (!a || ep - ix->pc[a - 1].b >= ix->pc[a - 1].len)
		return GONE;
	*k = a - 1;
	return ix->pc[a - 1].cur + (ep - ix->pc[a - 1].b);
}

/* line_of for ascending ep: *k, the piece the one before was looked up in (or 0), is tried
 * first, then the one after it (lines of a hash are mostly far fewer than the pieces apart). */
static size_t line_of_from(const sm_lindex *ix, uint32_t ep, size_t *k)
{
	size_t j;

	for (j = *k; j < ix->npc && j < *k + 2; j++) {
		if (ep < ix->pc[j].b)
			return GONE; /* between two pieces: a dead line */
		if (ep - ix->pc[j].b < ix->pc[j].len) {
			*k = j;
			return ix->pc[j].cur + (ep - ix->pc[j].b);
		}
	}
	return line_of(ix, ep, k);
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 16;
	void *np;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	np = sm_realloc(*p, c * size);
	if (!np)
		return SEAM_ENOMEM;
	*p = np;
	*cap = c;
	return 0;
}

/* The overlay index of the first entry at line q or after it. */
static size_t ov_at(const sm_lindex *ix, size_t q)
{
	size_t a = 0, b = ix->nov;

	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (ix->opos[mid] < q)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

int sm_lindex_splice(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		     size_t nins)
{
	size_t i, k, k0, nnew = 0, i0, i1, end = at + del, at0 = at;
	uint32_t d;
	piece left = {0, 0, 0}, right = {0, 0, 0};
	int hasl = 0, hasr = 0;

	if (ix->broken)
		return SEAM_ENOMEM;
	if (at > ix->n || del > ix->n - at)
		return SEAM_EUSAGE;
	if (ix->n - del >= LINDEX_MAX_LINES - nins)
		return SEAM_ELIMIT;
	/* a line replaced by one of the same hash is, to the index, the same line: the lines a
	   splice writes back unchanged around its change (a hunk's context) stay where they are
	   and neither leave nor come in */
	while (del && nins && sm_lhash(h, at - at0) == sm_lhash(newh, 0)) {
		at++;
		del--;
		nins--;
		newh.base += newh.stride;
	}
	while (del && nins && sm_lhash(h, at + del - 1 - at0) == sm_lhash(newh, nins - 1)) {
		del--;
		nins--;
	}
	end = at + del;
	d = (uint32_t)nins - (uint32_t)del; /* modulo 2^32: added to 32-bit line numbers */
	for (i = 0; i < nins; i++)
		nnew += sm_lhash(newh, i) != ix->skip;
	/* room first; a failure below (the dead's room, the tally's) leaves the index broken,
	   and worn: its owner drops it */
	if (grow((void **)&ix->pc, &ix->cappc, ix->npc + 1, sizeof(*ix->pc)) ||
	    grow((void **)&ix->opos, &ix->capov, ix->nov + nnew, sizeof(*ix->opos)) ||
	    grow((void **)&ix->okey, &ix->capok, ix->nov + nnew, sizeof(*ix->okey)))
		goto oom;
	ix->wear += 1;

	/* the base lines in [at, end): dead; their pieces cut */
	k0 = k = piece_after(ix, at);
	for (; k < ix->npc && ix->pc[k].cur < end; k++) {
		const piece *p = &ix->pc[k];
		size_t from = p->cur > at ? p->cur : at;
		size_t to = (size_t)p->cur + p->len < end ? (size_t)p->cur + p->len : end, q;
		for (q = from; q < to; q++) {
			uint64_t key = sm_lhash(h, q - at0);
			tally *t;
			if (key == ix->skip)
				continue;
			if (grow((void **)&ix->dep, &ix->capdead, ix->ndead + 1, sizeof(*ix->dep)) ||
			    grow((void **)&ix->dnext, &ix->capdn, ix->ndead + 1, sizeof(*ix->dnext)) ||
			    !(t = tally_add(ix, key)))
				goto oom;
			ix->dep[ix->ndead] = p->b + (uint32_t)(q - p->cur);
			ix->dnext[ix->ndead] = t->dead;
			t->dead = (uint32_t)++ix->ndead;
			t->ndead++;
		}
		if (p->cur < at) {
			left = *p;
			left.len = (uint32_t)(at - p->cur);
			hasl = 1;
		}
		if ((size_t)p->cur + p->len > end) {
			right.b = p->b + (uint32_t)(end - p->cur);
			right.len = (uint32_t)((size_t)p->cur + p->len - end);
			right.cur = (uint32_t)(at + nins);
			hasr = 1;
		}
	}
	/* pieces [k0, k) become left and right; those after move by d */
	{
		size_t nrep = (size_t)hasl + (size_t)hasr, tail = ix->npc - k;
		memmove(ix->pc + k0 + nrep, ix->pc + k, tail * sizeof(*ix->pc));
		if (hasl)
			ix->pc[k0] = left;
		if (hasr)
			ix->pc[k0 + hasl] = right;
		for (i = k0 + nrep; i < k0 + nrep + tail; i++)
			ix->pc[i].cur += d;
		ix->npc = k0 + nrep + tail;
		ix->wear += tail;
	}

	/* the overlay: the lines in [at, end) leave, the later ones move by d, the new ones in */
	i0 = ov_at(ix, at);
	i1 = ov_at(ix, end);
	for (i = i0; i < i1; i++) {
		tally *t = tally_get(ix, ix->okey[i]);
		if (t)
			t->nov--;
	}
	if (i1 - i0 != nnew) {
		memmove(ix->opos + i0 + nnew, ix->opos + i1, (ix->nov - i1) * sizeof(*ix->opos));
		memmove(ix->okey + i0 + nnew, ix->okey + i1, (ix->nov - i1) * sizeof(*ix->okey));
	}
	ix->nov = ix->nov - (i1 - i0) + nnew;
	for (i = i0 + nnew; i < ix->nov; i++)
		ix->opos[i] += d;
	ix->wear += ix->nov - i0;
	for (i = 0, k = i0; i < nins; i++) {
		uint64_t key = sm_lhash(newh, i);
		tally *t;
		if (key == ix->skip)
			continue;
		ix->opos[k] = (uint32_t)(at + i);
		ix->okey[k++] = key;
		if (!(t = tally_add(ix, key)))
			goto oom;
		t->nov++;
	}
	ix->n = ix->n - del + nins;
	return 0;
oom:
	ix->broken = 1;
	return SEAM_ENOMEM;
}

/* The first index of the base in [a, b) whose (key, ep) is not below (k, e). */
static size_t base_lower(const sm_lindex *ix, size_t a, size_t b, uint64_t k, size_t e)
{
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (ix->key[mid] < k || (ix->key[mid] == k && ix->ep[mid] < e))
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

size_t sm_lindex_find(sm_lindex *ix, uint64_t key, size_t lo, size_t hi, size_t *pos,
		      size_t max)
{
	size_t elo, ehi, a, b, count, nb = 0, no = 0, i, j, o0 = 0, o1 = 0, pk = 0;
	const tally *t;

	if (key == ix->skip || ix->broken)
		return 0;
	if (hi > ix->n)
		hi = ix->n;
	if (hi <= lo)
		return 0;
	t = tally_get(ix, key);
	/* the base lines in [lo, hi): those alive of epoch lines [elo, ehi) (a splice keeps
	   their order) */
	elo = epoch_of(ix, lo);
	ehi = epoch_of(ix, hi);
	a = base_lower(ix, ix->bkt[key >> ix->shift], ix->bkt[(key >> ix->shift) + 1], key, elo);
	b = base_lower(ix, a, ix->bkt[(key >> ix->shift) + 1], key, ehi);
	count = b - a;
	if (t && t->ndead) {
		uint32_t d;
		for (d = t->dead; d; d = ix->dnext[d - 1])
			count -= ix->dep[d - 1] >= elo && ix->dep[d - 1] < ehi;
		ix->wear += t->ndead;
	}
	if (t && t->nov) {
		o0 = ov_at(ix, lo);
		o1 = ov_at(ix, hi);
		for (i = o0; i < o1; i++)
			count += ix->okey[i] == key;
		ix->wear += o1 - o0;
	}
	if (!max || !pos)
		return count;
	/* the first `max`, ascending: the base run's (the dead skipped) merged with the
	   overlay's */
	for (i = a, j = o0; (nb + no) < max && (nb + no) < count;) {
		size_t pb = GONE, po = GONE;
		while (i < b && (pb = line_of_from(ix, ix->ep[i], &pk)) == GONE) {
			i++;
			ix->wear++;
		}
		if (i >= b)
			pb = GONE;
		while (j < o1 && ix->okey[j] != key)
			j++;
		if (j < o1)
			po = ix->opos[j];
		if (pb == GONE && po == GONE)
			break;
		if (po == GONE || (pb != GONE && pb < po)) {
			pos[nb + no] = pb;
			nb++;
			i++;
		} else {
			pos[nb + no] = po;
			no++;
			j++;
		}
	}
	return count;
}
