#ifndef SEAM_LIB_LAZY_IMPL_H
#define SEAM_LIB_LAZY_IMPL_H

/*
 * What the parts of the laziness guard share: the sets it looks lines up in and the functions
 * one part calls in another. Private to lazy*.c; the guard's interface is lazy.h, its records
 * lazy_hit.h (this header cannot include lazy.h: lazy.c calls the parts).
 */

#include "lazy_hit.h"
#include "../core/lang.h"
#include "../read/placeholder.h"
#include "image.h"

#include <stdint.h>

/* A set of line hashes (open addressing; 0 stands for an empty slot, so hash 0 is kept
 * aside): membership in the file and in the new side in constant time, so that the guard stays
 * linear on a whole file of placeholders. */
typedef struct hset {
	uint64_t *v;
	size_t cap;
	int zero;
} hset;

/* How many copies of each line text (indentation-blind) the old side and the new side hold:
 * open addressing on the hash, two counters a slot; hash 0 has counters of its own. */
typedef struct tally {
	uint64_t *v;
	/* n[2 * slot]: old side, n[2 * slot + 1]: new side; 32 bits, as the edit's lines
	   (sm_lazy_tally_init): 8 bytes a slot, not 16 (issue 12's memory bound, a whole file's
	   guard) */
	uint32_t *n;
	size_t cap;
	uint32_t zero[2];
} tally;

/* What the guard looks lines up in, built when the first placeholder shows up. */
typedef struct ctx {
	const sm_medit *e;
	const sm_image *im;
	/* e's old side is the whole file (sm_lazy_guard_whole): the tally's old side answers for
	   the file's lines, and there is no set of them */
	int whole;
	hset file;
	tally sides;
	tally exact; /* as sides, by text with its indentation (h_rstrip) */
	hset lone;   /* texts of lines added alone between kept lines (sm_lazy_moved_out) */
	/* two non-blank lines added one after the other, as sm_lazy_pair_of (moved_run) */
	hset pairs;
	/* copies in the file of each text of lone (file_repeats), counted when first asked on
	   an image without a line index */
	tally lone_file;
	int built;
	uint64_t work; /* in the file: its lines set, its index's lookups (sm_lazy_result) */
} ctx;

/* lazy_lookup.c: the sets, built once, and the reads of an edit's lines around a placeholder */
int sm_lazy_hset_has(const hset *s, uint64_t h);
int sm_lazy_tally_init(tally *t, size_t lines);
uint32_t *sm_lazy_tally_at(tally *t, uint64_t h, int add);
int sm_lazy_file_has(ctx *c, uint64_t h);
uint64_t sm_lazy_pair_of(uint64_t a, uint64_t b);
int sm_lazy_build(ctx *c);
void sm_lazy_ctx_dispose(ctx *c);
size_t sm_lazy_new_neighbour(const sm_medit *e, size_t k, int dir);
int sm_lazy_bound(const sm_medit *e, size_t k);
int sm_lazy_given_in(const sm_medit *e, size_t lo, size_t hi);
void sm_lazy_run_gone(ctx *c, size_t r0, size_t r1, sm_lazy_hit *hit);
int sm_lazy_same_text(const sm_medit *e, size_t a, size_t b);
size_t sm_lazy_solid_chars(const sm_line *l, size_t lim);

/* lazy_moved.c: a line of a span moved out of it, or written once more */
int sm_lazy_moved_out(ctx *c, size_t k);
int sm_lazy_unsure_move(ctx *c, sm_lazy_hit *h, int runs);
int sm_lazy_moved_among_repeats(ctx *c, size_t r0, size_t r1, sm_lazy_hit *h);

/* lazy_bounds.c: the bounds of a span slid onto the copies the reply means, or two fits refused */
int sm_lazy_slide_bounds(sm_medit *e, size_t ph, size_t *near, size_t *far);
int sm_lazy_slide_kept(const sm_lang *lang, sm_medit *e, size_t ph, int dir, size_t *near,
                       size_t *far);
int sm_lazy_guessed_pair(ctx *c, size_t ph, int dir);
int sm_lazy_slide_copies(sm_medit *e, size_t ph, size_t *near, size_t *far);
int sm_lazy_copy_in_changes(const sm_lang *lang, const sm_medit *e, size_t ph, int dir,
                            size_t *near, size_t *far);
int sm_lazy_moved_beside(ctx *c, size_t ph, int dir, size_t lo, size_t hi, size_t *near,
                         size_t *far);
int sm_lazy_sides_guessed(const ctx *c);
void sm_lazy_refuse_two_fits(ctx *c, size_t ph, size_t near, size_t far, sm_lazy_result *res);
int sm_lazy_block_in_span(const sm_lang *lang, ctx *c, size_t ph, int dir, size_t *near,
                          size_t *far);
void sm_lazy_copy_beside_bound(ctx *c, size_t ph, int dir, sm_lazy_result *res);
void sm_lazy_copy_reads_on(ctx *c, size_t ph, int dir, sm_lazy_result *res);
int sm_lazy_bound_copy_inside(ctx *c, size_t lo, size_t hi, size_t *near, size_t *far);
int sm_lazy_bound_copy_rewritten(ctx *c, size_t lo, size_t hi, size_t *near, size_t *far);

/* lazy_reading.c: the other readings that refuse or leave out a placeholder */
int sm_lazy_in_new_block(ctx *c, size_t ph, size_t r0, size_t r1, size_t *steps);
int sm_lazy_blank_cuts_span(const sm_medit *e, const sm_lazy_hit *hits, size_t n, size_t *which);
int sm_lazy_better_reading(ctx *c, const sm_lazy_hit *hits, size_t nh, const unsigned char *drop,
                           size_t *cost, size_t *best);
/* lazy_span_reading.c: a placeholder's span read otherwise once blank lines count */
int sm_lazy_span_read_otherwise(ctx *c, const sm_lazy_hit *hits, size_t nh,
                                const unsigned char *drop, size_t *cost, size_t *best);
int sm_lazy_span_rewritten(const sm_medit *e, size_t ph, size_t lo, size_t hi);
int sm_lazy_changed_line(const sm_medit *e, size_t r0, size_t r1, size_t ph);

#endif
