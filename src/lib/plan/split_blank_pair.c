/*
 * A model that drops a context line standing right beside a blank line from the old side only
 * (issue 11: hunks merged, context left out) gives blank line, line where the file has blank
 * line, left-out line, line (two blank lines side by side where the file has blank, line,
 * blank). The blank-lines tier lets the blank line go, and the run reads the old side from the
 * line after: the left-out line stays above (below) the run, and when the sides' diff paired
 * the new side's copy of it with an old line further on, that old line is read on the file's
 * later copy, the change written beside the left-out line instead of on the line the model
 * changes (a line written twice). The other reading, the blank line on the file's blank line
 * with that line left out, is what the new side shows when it writes the line right beside its
 * blank line as the file has it: the reply does not say which, and the split is refused, naming
 * both.
 */
#include "split_blank_pair.h"

/* 1 when the new side of me, from seq line k0 (the blank line let go) on (up) or back (!up),
 * writes a blank line and right after (before) it a line of x's text (indentation aside) that
 * the sides' diff pairs with an old line: that old line is then read on a later copy, and the
 * change beside it one line off. (A line the new side only adds is written once for the file's
 * left-out copy by the splice: no harm.) */
static int new_side_beside_blank(const sm_medit *me, size_t k0, const sm_line *x, int up)
{
	size_t k = k0;
	int blank = 0;

	for (; k < me->nseq; k = up ? k + 1 : k - 1) {
		const sm_mline *l = &me->seq[k];
		if (!sm_mline_is_new(l))
			continue;
		if (!blank) {
			if (!l->l.blank)
				return 0;
			blank = 1;
			continue;
		}
		return l->kind == SM_HL_CTX && l->l.h_indent == x->h_indent;
	}
	return 0;
}

/* The file line beyond line f on side d (-1 above, 1 below), not blank, with a blank line right
 * beyond it, both in no run's place; SM_NOLINE when none. */
static size_t beyond_to_blank(const sm_image *im, const run *runs, size_t nr, size_t f, int d)
{
	size_t x = f + (size_t)d, b = x + (size_t)d;

	if ((d < 0 && f < 2) || (d > 0 && f + 2 >= im->n))
		return SM_NOLINE;
	if (sm_ln(im, x)->blank || !sm_ln(im, b)->blank)
		return SM_NOLINE;
	if (!sm_split_in_no_run(runs, nr, x) || !sm_split_in_no_run(runs, nr, b))
		return SM_NOLINE;
	return x;
}

size_t sm_split_blank_pair_left_out(const sm_image *im, const sm_medit *me, const run *runs,
                                    size_t nr, size_t *beside)
{
	size_t i, j;

	for (i = 0; i < nr; i++) {
		const run *r = &runs[i];
		const sm_cand *c = &r->m.best;
		for (j = 0; j + 1 < r->sub.nold; j++) {
			const sm_mline *a = &r->sub.seq[r->sub.old[j]],
			               *b = &r->sub.seq[r->sub.old[j + 1]];
			size_t f, x;
			int up;
			if (c->lo[j] == SM_NOLINE || c->lo[j + 1] == SM_NOLINE)
				continue;
			/* a blank line let go (no file line), the old line beside it on one line */
			if (a->l.blank && c->lo[j] == c->hi[j] && c->hi[j + 1] == c->lo[j + 1] + 1)
				f = c->lo[j + 1], up = 1;
			else if (b->l.blank && c->lo[j + 1] == c->hi[j + 1] &&
			         c->hi[j] == c->lo[j] + 1)
				f = c->lo[j], up = 0;
			else
				continue;
			if (f >= im->n)
				continue;
			/* the blank line let go stands as well beyond the line next to f that way
			 */
			x = beyond_to_blank(im, runs, nr, f, up ? -1 : 1);
			if (x != SM_NOLINE &&
			    new_side_beside_blank(me, r->us + r->sub.old[up ? j : j + 1],
			                          sm_ln(im, x), up)) {
				*beside = f;
				return x;
			}
		}
	}
	return SM_NOLINE;
}
