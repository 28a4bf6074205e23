/*
 * A hint for an edit that was not found: its old side standing in the file as two parts, its
 * first lines at one place and its last lines later on, with file lines between them that the
 * old side leaves out. Models merge two hunks that way, and when no tier could place the lines
 * that the new side adds around the cut, the edit is refused as not found; the retry goes
 * faster when the message says which lines were left out. Only a message: every outcome was
 * decided before this runs.
 */
#include "report_parts.h"

/* Parts of fewer lines of substance than this say too little to name their place. */
#define PART_MIN_SOLID 2
/* Comparisons charged per file line on top of one pass: extending each start of a run is
 * bounded so a file of one line repeated cannot make the hint cost more than the matcher. */
#define EXTEND_PER_LINE 4

static int same(const sm_image *im, size_t j, const sm_medit *e, size_t i)
{
	const sm_line *f = sm_ln(im, j), *o = &e->seq[e->old[i]].l;

	return f->h_rstrip == o->h_rstrip && f->n == o->n;
}

static size_t solid(const sm_medit *e, size_t from, size_t to)
{
	size_t i, k = 0;

	for (i = from; i < to; i++)
		k += !e->seq[e->old[i]].l.blank;
	return k;
}

/*
 * The longest run of the old side's first lines (dir 1) or last lines (dir -1) that stands in
 * the file, at *at (its first file line; for dir -1, its last). 0 when the longest stands at
 * two places (naming one would be a guess) or the work would run past left.
 */
static size_t longest(const sm_image *im, const sm_medit *e, int dir, size_t *at, uint64_t *left)
{
	size_t j, k, best = 0, ties = 0;

	for (j = 0; j < im->n; j++) {
		for (k = 0; k < e->nold && k <= (dir > 0 ? im->n - 1 - j : j); k++) {
			if (!*left)
				return 0;
			(*left)--;
			if (dir > 0 ? !same(im, j + k, e, k) : !same(im, j - k, e, e->nold - 1 - k))
				break;
		}
		if (k > best) {
			best = k;
			ties = 1;
			*at = j;
		} else if (k == best && k) {
			ties++;
		}
	}
	return ties == 1 ? best : 0;
}

void sm_report_two_parts(sm_buf *b, const sm_image *im, const sm_medit *e, sm_budget *budget)
{
	uint64_t left = (uint64_t)im->n * (EXTEND_PER_LINE + 1);
	size_t p, s, a = 0, z = 0, cut;

	if (e->nold < 2 * PART_MIN_SOLID || !im->n || sm_budget_charge(budget, left))
		return;
	p = longest(im, e, 1, &a, &left);
	s = longest(im, e, -1, &z, &left);
	if (!p || !s || p >= e->nold || s >= e->nold || p + s < e->nold)
		return;
	/* the first part ends where the last begins: old lines [0, cut) at a, [cut, nold) up to z
	 */
	cut = e->nold - s;
	if (a + cut > z + 1 - s || solid(e, 0, cut) < PART_MIN_SOLID ||
	    solid(e, cut, e->nold) < PART_MIN_SOLID)
		return;
	if (a + cut == z + 1 - s) /* side by side: nothing left out between them */
		return;
	sm_buf_printf(b,
	              "  Its first %zu old lines are lines %ld-%ld of the file and its last %zu "
	              "are lines %ld-%ld; the file lines between them (",
	              cut, sm_image_orig_near(im, a), sm_image_orig_near(im, a + cut - 1), s,
	              sm_image_orig_near(im, z + 1 - s), sm_image_orig_near(im, z));
	if (a + cut == z - s)
		sm_buf_printf(b, "line %ld", sm_image_orig_near(im, a + cut));
	else
		sm_buf_printf(b, "lines %ld-%ld", sm_image_orig_near(im, a + cut),
		              sm_image_orig_near(im, z - s));
	sm_buf_puts(b, ") are left out. Copy them into both sides of the edit, or send the two "
	               "changes as two edits.\n");
}
