/*
 * A model that drops a context line standing between two blank lines from the old side only
 * (issue 11: hunks merged, context left out) gives two blank lines side by side where the file
 * has blank, line, blank. The blank-lines tier lets one of the two go, and the run reads them as
 * one file blank line: the line the model left out stays above (below) the run, and the lines
 * the sides' diff paired with the new side's copy of it are read one line too far, the change
 * written beside the left-out line instead of on the line the model changes (the line written
 * twice). The other reading, the two blank lines on the file's two with that line left out, is
 * what the new side shows when it writes the line between two blank lines as the file has it:
 * the reply does not say which, and the split is refused, naming both.
 */
#include "split_blank_pair.h"

/* 1 when file line f is inside the place of a run of runs[0, nr) other than runs[i]. */
static int in_other_run(const run *runs, size_t nr, size_t i, size_t f)
{
	size_t j;

	for (j = 0; j < nr; j++)
		if (j != i && runs[j].m.best.start <= f && f < runs[j].m.best.end)
			return 1;
	return 0;
}

/* 1 when the new side of me writes a line of x's text (indentation aside) between two blank
 * lines, nothing else between them. */
static int new_side_between_blanks(const sm_medit *me, const sm_line *x)
{
	const sm_line *w[3] = {NULL, NULL, NULL};
	size_t k;

	for (k = 0; k < me->nseq; k++) {
		if (!sm_mline_is_new(&me->seq[k]))
			continue;
		w[0] = w[1];
		w[1] = w[2];
		w[2] = &me->seq[k].l;
		if (w[0] && w[0]->blank && w[2]->blank && !w[1]->blank &&
		    w[1]->h_indent == x->h_indent)
			return 1;
	}
	return 0;
}

/* The file line of substance beyond blank line f on side d (-1 above, 1 below), a blank line
 * right beyond it, neither in a place of another run nor of r itself; SM_NOLINE when none. */
static size_t between_blanks(const sm_image *im, const run *runs, size_t nr, size_t i, size_t f,
                             int d)
{
	size_t x = f + (size_t)d, b = x + (size_t)d;
	const run *r = &runs[i];

	if ((d < 0 && f < 2) || (d > 0 && f + 2 >= im->n))
		return SM_NOLINE;
	if (sm_ln(im, x)->blank || !sm_ln(im, b)->blank)
		return SM_NOLINE;
	if ((r->m.best.start <= x && x < r->m.best.end) ||
	    (r->m.best.start <= b && b < r->m.best.end))
		return SM_NOLINE;
	if (in_other_run(runs, nr, i, x) || in_other_run(runs, nr, i, b))
		return SM_NOLINE;
	return x;
}

size_t sm_split_blank_pair_left_out(const sm_image *im, const sm_medit *me, const run *runs,
                                    size_t nr, size_t *blank)
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
			if (!a->l.blank || !b->l.blank || c->lo[j] == SM_NOLINE ||
			    c->lo[j + 1] == SM_NOLINE)
				continue;
			/* one of the two let go (no file line), the other on one blank line */
			if (c->lo[j] == c->hi[j] && c->hi[j + 1] == c->lo[j + 1] + 1)
				f = c->lo[j + 1], up = 1;
			else if (c->lo[j + 1] == c->hi[j + 1] && c->hi[j] == c->lo[j] + 1)
				f = c->lo[j], up = 0;
			else
				continue;
			if (f >= im->n || !sm_ln(im, f)->blank)
				continue;
			/* the one let go is the pair's upper (lower) line: it stands beyond f that
			 * way */
			x = between_blanks(im, runs, nr, i, f, up ? -1 : 1);
			if (x != SM_NOLINE && new_side_between_blanks(me, sm_ln(im, x))) {
				*blank = f;
				return x;
			}
		}
	}
	return SM_NOLINE;
}
