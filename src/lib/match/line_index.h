#ifndef SEAM_LIB_LINE_INDEX_H
#define SEAM_LIB_LINE_INDEX_H

/*
 * Where each line hash occurs in a file image: built once per file, then kept in step with
 * every splice, so that finding the places of an edit's lines costs their occurrences, not a
 * pass over the file per edit (a reply of a thousand hunks on a file of 200,000 lines made
 * 200 million probes). Positions are line numbers; a splice costs about its own lines (plus
 * what edits out of order make it move), never a pass over the index (line_index.c).
 *
 * It is keyed by the 64-bit hash alone, as the scan it replaces was: it gives the same
 * positions a scan comparing hashes would, in ascending order, and the tiers compare what
 * they need (bytes, levels) at each. One hash, the skipped one (the blank line's), is not
 * indexed: it would be the largest group and nothing looks it up.
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct sm_lindex sm_lindex;

/* Hashes where they are: line i's is the 8 bytes at base + i * stride (an image's lines hold
 * them, one field of each line record); the index copies those it holds. */
typedef struct sm_lhashes {
	const char *base;
	size_t stride;
} sm_lhashes;

static inline uint64_t sm_lhash(sm_lhashes h, size_t i)
{
	uint64_t x;
	memcpy(&x, h.base + i * h.stride, sizeof(x));
	return x;
}

/* The index of hashes h 0..n, line i's being sm_lhash(h, i); NULL when out of memory or when n does
 * not fit the index's 32-bit line numbers (the caller then scans). It keeps no pointer to h. */
sm_lindex *sm_lindex_build(sm_lhashes h, size_t n, uint64_t skip);
/* A run of a file's lines: lines [at, at + len) have the hashes at entries [slot, slot + len)
 * of a store (an image's runs, image.h). */
typedef struct sm_lrun {
	size_t at, slot, len;
} sm_lrun;
/* The same where the hashes are in runs of a store: line runs[r].at + j's is
 * sm_lhash(store, runs[r].slot + j); the runs in file order, n lines in all. */
sm_lindex *sm_lindex_build_runs(sm_lhashes store, const sm_lrun *runs, size_t nruns, size_t n,
				uint64_t skip);
void sm_lindex_free(sm_lindex *ix);

/*
 * Lines [at, at + del) replaced by nins lines whose hashes are newh 0..nins; every later line
 * moves by nins - del. Told before the lines change: h gives the hashes of lines [at, at + del)
 * as they are (line at + i's is sm_lhash(h, i)). Positions are line numbers, so where the
 * lines are kept tells the index nothing. SEAM_ENOMEM (the index is then worn: sm_lindex_worn), SEAM_ELIMIT past its
 * 32-bit line numbers, SEAM_EUSAGE when the lines are not in the index's file.
 */
int sm_lindex_splice(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		     size_t nins);
/* 1 when the index should be made again: its upkeep since it was made (the splices' and the
 * lookups' reading of what splices left) has cost about LINDEX_WEAR passes of its own size, or
 * an update ran out of memory. */
int sm_lindex_worn(const sm_lindex *ix);

/* The number of lines with hash key in [lo, hi), and the first `max` of them, ascending, in
 * pos. The skipped hash is never found. Not const: a lookup counts its wear. */
size_t sm_lindex_find(sm_lindex *ix, uint64_t key, size_t lo, size_t hi, size_t *pos,
		      size_t max);

#endif
