/*
 * A file line the old side left out, written by the splice once for the new side's copy of it
 * (a whole-sides rewrite: the line dropped from the old side only, splice.c's shared merge),
 * while the edit deletes another line of that text. The sides' diff, which saw no file, may
 * have paired the added copy with nothing where it is that deleted line moved (lines moved
 * past a stretch: "- x" above, "+ x" below, the diff keeping the stretch): the left-out line
 * then stays too, and the file holds the text twice where the splice writes it once (issue 11:
 * hunks merged over a stretch, a line of the stretch lost). The reply does not say which; asked
 * of the splice's traced result, as splice_doubled.c asks the opposite question.
 */
#include "splice_merged.h"
#include "splice_impl.h"

/* 1 when file line f (of im) and result line i (of res, n lines) stand between lines alike on
 * side d (-1 above, 1 below): the same text, indentation aside, both blank, or both at an end. */
static int same_beside(const sm_image *im, size_t f, const sm_line *res, size_t n, size_t i, int d)
{
	int f_end = d < 0 ? f == 0 : f + 1 >= im->n, i_end = d < 0 ? i == 0 : i + 1 >= n;
	const sm_line *a, *b;

	if (f_end || i_end)
		return f_end && i_end;
	a = sm_ln(im, d < 0 ? f - 1 : f + 1);
	b = &res[d < 0 ? i - 1 : i + 1];
	return (a->blank && b->blank) || a->h_indent == b->h_indent;
}

size_t sm_splice_merged_scan(const sm_image *im, const sm_medit *e, const sm_cand *c,
                             const sm_line *res, size_t n, const sm_splice_trace *tr, size_t *del)
{
	size_t i, k, oi, nd, na, d;

	for (i = 0; i < n; i++) {
		const sm_line *l = &res[i];
		if (tr->how[i] != SM_OUT_SHARED || l->blank || !sm_line_of_substance(l))
			continue;
		/* written between its own file neighbours: the new side has the line where the
		   file has it (a line left out of the old side only), no other line moved there */
		if (same_beside(im, tr->from[i], res, n, i, -1) &&
		    same_beside(im, tr->from[i], res, n, i, 1))
			continue;
		nd = na = 0;
		d = SM_NOLINE;
		for (k = 0, oi = 0; k < e->nseq; k++) {
			const sm_mline *ml = &e->seq[k];
			size_t lo = ml->kind != SM_HL_ADD ? c->lo[oi++] : SM_NOLINE;
			if (ml->l.h_indent != l->h_indent)
				continue;
			if (ml->kind == SM_HL_ADD)
				na++;
			else if (ml->kind == SM_HL_DEL && !ml->keep && lo != SM_NOLINE &&
			         lo >= c->start && lo < c->end) {
				nd++;
				if (d == SM_NOLINE)
					d = lo;
			}
		}
		if (nd && na <= nd) {
			*del = d;
			return tr->from[i];
		}
	}
	return SM_NOLINE;
}
