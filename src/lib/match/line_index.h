#ifndef SEAM_LIB_LINE_INDEX_H
#define SEAM_LIB_LINE_INDEX_H

/*
 * Where each line hash occurs in a file image: built once per file, then kept in step with
 * every splice, so that finding the places of an edit's lines costs their occurrences, not a
 * pass over the file per edit (a reply of a thousand hunks on a file of 200,000 lines made
 * 200 million probes).
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

/* The hashes the index follows, where they are: line i's is the 8 bytes at base + i * stride
 * (an image's lines hold them, one field of each line record: no packed copy of its own). */
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
 * not fit the index's 32-bit positions (the caller then scans). It keeps no pointer to h: the
 * calls below are given the image's hashes as they are then. */
sm_lindex *sm_lindex_build(sm_lhashes h, size_t n, uint64_t skip);
void sm_lindex_free(sm_lindex *ix);

/*
 * A splice of lines [at, at + del) replaced by nins lines whose hashes are newh 0..nins, told
 * before the image changes (h: its hashes as they are): the lines gone leave, every later one
 * moves by nins - del, the new ones come in. SEAM_ENOMEM (or SEAM_ELIMIT past its positions):
 * the index is then unusable and must be freed. The image (a gap buffer) uses
 * sm_lindex_replace; this plain-array form is what the index's own tests drive.
 */
int sm_lindex_splice(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		     size_t nins);

/*
 * The same in a gap buffer (image.h), where positions are entries of the table: lines
 * [at, at + del) replaced by nins lines at [at, at + nins), no other position moving (the gap
 * takes the difference). Told before the table changes, as sm_lindex_splice.
 */
int sm_lindex_replace(sm_lindex *ix, sm_lhashes h, size_t at, size_t del, sm_lhashes newh,
		      size_t nins);
/* Lines moved from positions [from, from + n) to [to, to + n), with no other position inside
 * the two (the image's gap moving over them), told before they move (h: the hashes as they
 * are): each entry is rewritten where it stands (a hash's entries keep their order), or, for a
 * far move, in one pass over the array. SEAM_ENOMEM: the index must be freed. */
int sm_lindex_move(sm_lindex *ix, sm_lhashes h, size_t from, size_t to, size_t n);
/* Every position at or after `from` moves by d (the image's room grew), all of them then below
 * top. SEAM_ELIMIT when top is past the index's positions (the index must then be freed). */
int sm_lindex_shift(sm_lindex *ix, size_t from, size_t d, size_t top);

/* The number of lines with hash key in [lo, hi), and the first `max` of them, ascending, in
 * pos; h is the image's hashes the index follows. The skipped hash is never found. */
size_t sm_lindex_find(const sm_lindex *ix, sm_lhashes h, uint64_t key, size_t lo,
		      size_t hi, size_t *pos, size_t max);

#endif
