#ifndef SEAM_LIB_SPLICE_DOUBLED_H
#define SEAM_LIB_SPLICE_DOUBLED_H

#include "match.h"

/* Where each line of a splice's result came from (splice.c records it when asked). */
enum {
	SM_OUT_LEFT_OUT, /* a file line no old line stands for, kept as the file has it */
	SM_OUT_SHARED,   /* such a line written once for the new side's copy of it */
	SM_OUT_ANCHOR,   /* a file line an old line of the edit keeps */
	SM_OUT_NEW       /* a line of the new side the splice writes */
};

/* The record of one traced splice: per line of its result, how and from where (a file line of
 * the image before the splice, or SM_NOLINE for a new line); hit, the first file line found
 * doubled (sm_splice_doubled_scan), SM_NOLINE when none; merged, the first left-out line written
 * once for an added copy that may be a deleted line moved, merged_del that deleted line
 * (sm_splice_merged_scan), SM_NOLINE when none. */
typedef struct sm_splice_trace {
	unsigned char *how;
	size_t *from;
	size_t cap;
	size_t hit;
	size_t merged, merged_del;
} sm_splice_trace;

/* The first file line of substance in a splice's result (res, n lines, traced in tr) that no old
 * line stands for, kept, while the new side writes a line of its text apart from it: right
 * beside it in the result (an addition, or a kept line brought next to it from across lines the
 * edit deletes), or beside the context line standing on the file line next to it, on its side
 * (the new side writes the line where the file has it, and the splice writes it elsewhere too).
 * SM_NOLINE when none, and when out of memory. im is the image before the splice, e and c the
 * edit and place it spliced. */
size_t sm_splice_doubled_scan(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const sm_line *res, size_t n, const sm_splice_trace *tr);

/* 1 when place c of e may keep a file line the old side left out: a line of substance between
 * two of its old lines (the stretch between a cut's halves is none). The check that spares the
 * places that leave nothing out a traced splice. */
int sm_splice_may_double(const sm_image *im, const sm_medit *e, const sm_cand *c);

#endif
