#ifndef SEAM_LIB_SPLICE_UNDECIDED_H
#define SEAM_LIB_SPLICE_UNDECIDED_H

#include "match.h"

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
size_t sm_splice_undecided(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* The file line just past an edge of cand's region that the new side's edge line repeats,
 * while the old side's edge line is another: a line of substance the old side holds a copy of
 * (the edit moves that copy beside its twin, written twice in a row, or the old side left the
 * twin out and the edit takes the other away), or a short line the new side adds (one more
 * copy, or the line left out of the old side). The reply does not say which; SM_NOLINE when
 * that is not the shape, or the splice absorbs the line (a repeat of the lines around the
 * edit, written once). */
size_t sm_splice_beside_copy(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* The file line where an elision marker of e's old side ("// ... existing code ...") stands
 * for no file line at all, right beside a line the edit deletes: the marker is then likelier
 * the deleted run's new side, its '+' lost (a lazy placeholder standing for those lines, which
 * stay), than an elision of nothing after lines that go. The reply does not say which;
 * The place is the file line the marker stands just above (the line count: at the end);
 * SM_NOLINE when no marker is so placed. */
size_t sm_splice_empty_marker(const sm_medit *e, const sm_cand *cand);

/* A blank line of the file that cand stands one of the edit's blank lines on, beside lines the
 * edit adds between blank lines of its old side while it lets go others of them there: the
 * additions go before or after it, and the reply does not say which. SM_NOLINE when none. */
size_t sm_splice_blank_sides(const sm_medit *e, const sm_cand *cand);

/* File lines the place lets go of between two old lines next to each other, one of which the
 * edit deletes and writes again elsewhere, past a line it keeps (a blank line only with the
 * other neighbour moving too): the sides' diff anchors the stretch on the deleted copy, but the
 * neighbour may as well be the one written again, and the stretch then goes with it, on the
 * other side of the kept lines. The reply does not say which: the first line of substance of
 * the stretch (*moved: the file line of the neighbour that moves), or SM_NOLINE. Not for a
 * stretch the new side writes a line of back (a line with a word, indentation aside): the
 * left-out rules place it by that line. */
size_t sm_splice_gap_beside_moved(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                  size_t *moved);

#endif
