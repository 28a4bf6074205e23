#ifndef SEAM_LIB_SPLICE_H
#define SEAM_LIB_SPLICE_H

#include "match.h"
#include "splice_pool.h"
#include "splice_edge.h"
#include "splice_edge_move.h"
#include "splice_edge_repeat.h"
#include "splice_left_out.h"
#include "splice_drop.h"
#include "splice_rewrite.h"
#include "splice_undecided.h"
#include "splice_read.h"
#include "splice_doubled.h"

/*
 * Replaces cand's region of im with the edit's result: context lines keep the file's bytes,
 * deletions go, additions come in (shifted to the file's indentation when the match was
 * shifted, with the file's line ending), file lines the old side did not mention stay. -1 when
 * out of memory (im unchanged). *first and *count receive the range of the result in im.
 */
int sm_splice(sm_image *im, const sm_medit *e, const sm_cand *cand, sm_pool *pool, size_t *first,
	      size_t *count);
/* A file line of substance that the old side left out, inside cand's region, which e spliced at
 * cand would keep right beside a line of the same text that the new side writes there
 * (splice_doubled.c): the new side's copy may be that line itself, kept once, or another beside
 * it. SM_NOLINE when there is none, and when out of memory (the splice reports it). The same
 * traced splice answers the other question (one copy of the image per edit, not two): *merged,
 * a left-out line of substance it would write once for an added copy of it while e deletes
 * another copy, *del, and adds no more copies than it deletes (splice_merged.c): the added copy
 * may be that line itself or the deleted one moved (the left-out line then stays too);
 * SM_NOLINE when there is none. */
size_t sm_splice_doubled(const sm_image *im, const sm_medit *e, const sm_cand *cand, size_t *merged,
                         size_t *del);
/* A place in two pieces (cand.cut, a merged hunk's halves) as the splice reads it: each piece an
 * edit of its own at its own place (a whole-sides rewrite cut on its new side, cand.cut_new,
 * has each piece's sides diffed on their own). */
typedef struct sm_splice_halves {
	sm_medit a, b;
	sm_cand ca, cb; /* their places: views into the place cut, nothing of their own */
	int prepped;    /* a and b diffed anew (sm_prep_dispose) */
	size_t *bold;   /* b's old lines, when not prepped */
} sm_splice_halves;
/* Makes the pieces of cand (cand->cut not 0): 0, SEAM_ENOMEM, or SEAM_ERROR when a piece would
 * not keep its old lines; dispose with sm_splice_pieces_dispose (done on failure). */
int sm_splice_pieces(const sm_medit *e, const sm_cand *cand, sm_splice_halves *h);
void sm_splice_pieces_dispose(sm_splice_halves *h);
/* The file e spliced at cand would make, without touching im: its bytes in out (cleared
 * first), from a copy of im spliced and rendered. For the readings weighed against each other
 * (a tie broken by what parses, two readings of a twin line). pool NULL: a pool of its own,
 * let go before it returns. SEAM_ENOMEM out of memory. */
int sm_splice_rendered(const sm_image *im, const sm_medit *e, const sm_cand *cand, sm_pool *pool,
                       sm_buf *out);

/* A block whose REPLACE side ends with a blank line that its SEARCH side does not end with
 * (SM_EDIT_NEW_TAIL_BLANK), placed at cand just before a blank line of im: that last line is
 * the reply's spacing before the closing marker, and written it would double the file's blank
 * line. *out is then e without it (its old lines, and so cand, stay valid) and the result is 1;
 * 0 when the edit stays as written, and when the edit (whole, the edit e is a run of, or e when
 * NULL) adds no blank line its old side does not delete: a blank line moved is text. */
int sm_splice_spacing_tail(const sm_image *im, const sm_medit *e, const sm_medit *whole,
			   const sm_cand *cand, sm_medit *out);

/* A tool call's edit whose old text ends with a line end its new text lacks
 * (SM_EDIT_JOINS_NEXT), placed at cand just before a blank line of im: the tool joins that
 * line onto the new text's last line, which is the blank line going. *out is then e with that
 * line as one more deleted old line and *oc the place over it (both the caller's to free:
 * sm_prep_dispose, sm_cand_free); the result is 1. 0 when the edit stays as written (the line
 * after the place is text, or there is none), SEAM_ENOMEM when out of memory. */
int sm_splice_join_blank(const sm_image *im, const sm_medit *e, const sm_cand *cand,
			 sm_medit *out, sm_cand *oc);

/* Appends the edit's new lines at the end of im (an edit with no old side). */
int sm_splice_append(sm_image *im, const sm_medit *e, sm_pool *pool);

#endif
