#ifndef SEAM_LIB_SPLICE_H
#define SEAM_LIB_SPLICE_H

#include "match.h"

/* Strings the splicer makes (re-indented lines), freed together with the plan. */
typedef struct sm_pool {
	char **v;
	size_t n, cap;
} sm_pool;

char *sm_pool_add(sm_pool *p, size_t n);
void sm_pool_dispose(sm_pool *p);

/*
 * Replaces cand's region of im with the edit's result: context lines keep the file's bytes,
 * deletions go, additions come in (shifted to the file's indentation when the match was
 * shifted, with the file's line ending), file lines the old side did not mention stay. -1 when
 * out of memory (im unchanged). *first and *count receive the range of the result in im.
 */
int sm_splice(sm_image *im, const sm_medit *e, const sm_cand *cand, sm_pool *pool, size_t *first,
	      size_t *count);

/* The region sm_splice rewrites for cand: cand's, widened over file lines right around it that
 * repeat the new side's first or last lines (see splice_edge.c). */
void sm_splice_widen(const sm_image *im, const sm_medit *e, const sm_cand *cand, size_t *start,
		     size_t *end);

/* A file line just past an edge of cand's region (up to a blank line) that an added line of
 * `adds` (e, or the whole hunk e is a run of) equals, where the match let go of a blank line
 * of e's old side at that edge: the old side fits as well with its blank line beyond that line
 * and the line left out, and the new side then keeps it rather than adding it a second time.
 * The reply does not say which; SM_NOLINE when that cannot happen, or when the splice takes
 * the blank lines around the left-out ones as the edge (the line is then written once). */
size_t sm_splice_left_out_added(const sm_image *im, const sm_medit *e, const sm_cand *cand,
				const sm_medit *adds);

/* A file line inside cand's region, between two lines the edit's context stands on, that no old
 * line stands for, where the edit only adds lines (or one just past an edge whose blank line the
 * match let go of, beside lines the edit adds there): the reply does not say whether its new
 * lines go before or after it. SM_NOLINE when every segment is decided. */
/* 1 when seq[k] of e, a deletion, is a line the edit only takes trailing blanks off: its change
 * run gives it back but for them (a SEARCH line copied with trailing blanks), adding nothing but
 * such copies; it stays where it stands. */
int sm_splice_loses_trailing_blanks(const sm_medit *e, size_t k);
size_t sm_splice_undecided(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* A file line of substance inside cand's region that the old side left out (alone) beside a
 * line it deletes, while the new side holds its text only on lines the sides' diff pairs with other
 * old lines, and that the splice does not put back into the old side (refill): the edit
 * rewrites the lines around it, and the reply does not say whether its new side's copy stands
 * for it (rewritten once) or for the other line (the left-out line then kept, where nothing on
 * the new side places it: a line written twice). SM_NOLINE when there is none. */
size_t sm_splice_left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *cand);
/* The first file line of a run the old side of a whole-sides edit left out (a skipped stretch)
 * between two old lines whose text the sides hold in runs of copies that the diff pairs
 * differently on the two sides (a copy added or deleted beside the gap, or new copies paired
 * from across other lines): the new side, all of one text there, does not say on which side of
 * the gap its lines go, and the splice's pick moves the change. SM_NOLINE when none. */
size_t sm_splice_gap_slides(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* The file line just past an edge of cand's region that the new side's edge line repeats,
 * while the old side's edge line is another: a line of substance the old side holds a copy of
 * (the edit moves that copy beside its twin, written twice in a row, or the old side left the
 * twin out and the edit takes the other away), or a short line the new side adds (one more
 * copy, or the line left out of the old side). The reply does not say which; SM_NOLINE when
 * that is not the shape, or the splice absorbs the line (a repeat of the lines around the
 * edit, written once). */
size_t sm_splice_beside_copy(const sm_image *im, const sm_medit *e, const sm_cand *cand);

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
