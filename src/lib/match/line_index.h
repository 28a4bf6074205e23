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

typedef struct sm_lindex sm_lindex;

/* The index of hashes h[0..n), h[i] being line i's; NULL when out of memory or when n does
 * not fit the index's 32-bit positions (the caller then scans). */
sm_lindex *sm_lindex_build(const uint64_t *h, size_t n, uint64_t skip);
void sm_lindex_free(sm_lindex *ix);

/*
 * A splice of lines [at, at + del) replaced by nins lines, in two steps around the change of
 * the lines themselves: sm_lindex_remove with the hashes of the lines going away, then
 * sm_lindex_insert with those of the lines coming in (it also moves every later position by
 * nins - del). SEAM_ENOMEM (or SEAM_ELIMIT past its positions) from sm_lindex_insert: the
 * index is then unusable and must be freed.
 */
void sm_lindex_remove(sm_lindex *ix, size_t at, size_t del, const uint64_t *oldh);
int sm_lindex_insert(sm_lindex *ix, size_t at, size_t del, size_t nins, const uint64_t *newh);

/* The lines [at, at + nins) added with hashes newh, no other position moving (the image's
 * gap takes them). SEAM_ENOMEM or SEAM_ELIMIT as sm_lindex_insert. */
int sm_lindex_add(sm_lindex *ix, size_t at, size_t nins, const uint64_t *newh);
/* Lines of hashes h[0..n) moved from positions [from, from + n) to [to, to + n), with no
 * other position inside the two (the image's gap moving over them): each is updated where it
 * stands, in its group's order. */
void sm_lindex_move(sm_lindex *ix, size_t from, size_t to, size_t n, const uint64_t *h);
/* Every position at or after `from` moves by d (the image's room grew), all of them then below
 * top. SEAM_ELIMIT when top is past the index's positions (the index must then be freed). */
int sm_lindex_shift(sm_lindex *ix, size_t from, size_t d, size_t top);

/* The number of lines with hash h in [lo, hi), and the first `max` of them, ascending, in
 * pos. The skipped hash is never found. */
size_t sm_lindex_find(const sm_lindex *ix, uint64_t h, size_t lo, size_t hi, size_t *pos,
		      size_t max);

#endif
