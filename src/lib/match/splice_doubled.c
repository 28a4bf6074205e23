/*
 * A file line the old side left out, kept by the splice, right beside a line of the same text
 * that the new side writes there (issue 11: hunks merged over a stretch, a context line dropped
 * from the old side only). The new side's copy may be the left-out line itself, kept where it
 * stands (written once), or another line beside it (written twice): the reply does not say,
 * and the splice, which reads it one way, would write the line twice where the model meant it
 * once. The rule is asked of the splice's result (splice.c traces where each line came from),
 * so that it holds whatever put the two together: the refill, the sides' diff pairing the copy
 * with a farther line, a tolerant tier's alignment. The split asks the same of its runs before
 * it splices them (split_left_line.c).
 */
#include "splice_doubled.h"
#include "splice_impl.h"

/* 1 when result lines a (a file line left out) and b (a line the new side writes there, next to
 * it) are the same line of substance, written twice where the file had it once. Not when the
 * file has a copy of it right there already, on b's side (a pair of twins, the one cut short or
 * miscopied given back whole, or kept): the result holds the file's two copies as they were. */
static int doubled(const sm_image *im, const sm_line *res, const sm_splice_trace *tr, size_t a,
                   size_t b)
{
	const sm_line *l = &res[a];
	size_t g = tr->from[a], twin = b > a ? g + 1 : g - 1;

	if (tr->how[a] != SM_OUT_LEFT_OUT || l->blank || !sm_line_of_substance(l) ||
	    res[b].h_indent != l->h_indent)
		return 0;
	if ((b > a || g > 0) && twin < im->n && sm_ln(im, twin)->h_indent == l->h_indent)
		return 0;
	/* an addition, or a kept line brought beside it from across lines the edit deletes */
	return tr->how[b] == SM_OUT_NEW || tr->how[b] == SM_OUT_ANCHOR;
}

/* The new-side line next to seq line k on side d (-1 above, 1 below), deletions passed over;
 * SIZE_MAX when none. */
static size_t new_next(const sm_medit *e, size_t k, int d)
{
	for (k += (size_t)d; k < e->nseq; k += (size_t)d)
		if (sm_mline_is_new(&e->seq[k]))
			return k;
	return SIZE_MAX;
}

/* 1 when file lines a and b and every line between are of one text (indentation aside). */
static int same_run(const sm_image *im, size_t a, size_t b)
{
	size_t f, lo = a < b ? a : b, hi = a < b ? b : a;

	for (f = lo; f < hi; f++)
		if (sm_ln(im, f)->h_indent != sm_ln(im, f + 1)->h_indent)
			return 0;
	return 1;
}

/*
 * For a blank context line standing on file line f, beside new-side line l on side d (as in
 * written_where_it_stands): the left-out line of l's text right beyond another blank line of the
 * left-out stretch next to f on the far side (f itself beside no such line). The blank context
 * line may stand on that other blank line as well as on f (nothing but left-out lines between
 * the two), and there the new side writes l where the file has it: the reply does not say which
 * blank line it means, and read on f the line is written twice. SM_NOLINE when none.
 */
static size_t blank_slid(const sm_image *im, const sm_cand *c, const unsigned char *kept, size_t f,
                         int d, const sm_line *l)
{
	size_t b, g;

	for (b = f;;) {
		/* (d < 0: l below the blank line, the stretch above f) */
		if (d < 0 ? b <= c->start : b + 1 >= c->end)
			return SM_NOLINE;
		b = d < 0 ? b - 1 : b + 1;
		if (!kept[b - c->start])
			return SM_NOLINE;
		if (!sm_ln(im, b)->blank)
			continue;
		g = d < 0 ? b + 1 : b - 1;
		if (g != f && kept[g - c->start] && sm_ln(im, g)->h_indent == l->h_indent)
			return g;
	}
}

/*
 * The first left-out file line (kept[g - c->start], kept apart from any line of the new side)
 * that the new side writes where the file has it: a line of the new side of its text, of
 * substance, next to a context line that stands on the file line next to it on that side (the
 * line below a context line standing on f is f + 1), while that line of the new side is written
 * apart from it (added elsewhere, or a context line standing on another copy, not one of the
 * run of copies g is in). Whole sides only. The new side says what the line is: the left-out line
 * itself (issue 11; the split asks the same of its runs, split_left_line.c). SM_NOLINE when none.
 */
static size_t written_where_it_stands(const sm_image *im, const sm_medit *e, const sm_cand *c,
                                      const unsigned char *kept)
{
	size_t k, j, oi, f, g, *old_of;
	int d;

	/* (a hunk's context lines are the model's own pairing, not the sides' diff's) */
	if (!e->blocklike)
		return SM_NOLINE;
	old_of = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*old_of));
	if (!old_of)
		return SM_NOLINE;
	for (k = 0, oi = 0; k < e->nseq; k++)
		old_of[k] = e->seq[k].kind != SM_HL_ADD ? oi++ : SIZE_MAX;
	for (k = 0; k < e->nseq; k++) {
		const sm_line *l = &e->seq[k].l;
		if (!sm_mline_is_new(&e->seq[k]) || l->blank || !sm_line_of_substance(l))
			continue;
		for (d = -1; d <= 1; d += 2) {
			j = new_next(e, k, d);
			if (j == SIZE_MAX || e->seq[j].kind != SM_HL_CTX)
				continue;
			oi = old_of[j];
			if (c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1)
				continue;
			f = c->lo[oi];
			/* (k below the context line: the file line below f) */
			g = d < 0 ? f + 1 : f - 1;
			if ((d > 0 && !f) || g < c->start || g >= c->end || !kept[g - c->start] ||
			    sm_ln(im, g)->h_indent != l->h_indent)
				g = e->seq[j].l.blank ? blank_slid(im, c, kept, f, d, l)
				                      : SM_NOLINE;
			if (g == SM_NOLINE)
				continue;
			/* a context line standing on a copy in g's own run of copies: the file's
			   run, which of its copies the old side named its choice */
			if (old_of[k] != SIZE_MAX && c->lo[old_of[k]] != SM_NOLINE &&
			    same_run(im, g, c->lo[old_of[k]]))
				continue;
			sm_free(old_of);
			return g;
		}
	}
	sm_free(old_of);
	return SM_NOLINE;
}

size_t sm_splice_doubled_scan(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const sm_line *res, size_t n, const sm_splice_trace *tr)
{
	size_t i, span = c->end - c->start, g;
	unsigned char *kept;

	for (i = 0; i + 1 < n; i++) {
		if (doubled(im, res, tr, i, i + 1))
			return tr->from[i];
		if (doubled(im, res, tr, i + 1, i))
			return tr->from[i + 1];
	}
	if (!span || !(kept = sm_calloc(span, 1)))
		return SM_NOLINE;
	for (i = 0; i < n; i++)
		if (tr->how[i] == SM_OUT_LEFT_OUT && tr->from[i] >= c->start &&
		    tr->from[i] < c->end)
			kept[tr->from[i] - c->start] = 1;
	g = written_where_it_stands(im, e, c, kept);
	sm_free(kept);
	return g;
}

int sm_splice_may_double(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t oi, f, prev = SM_NOLINE;

	for (oi = 0; oi < e->nold; oi++) {
		if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		/* (a cut's halves have no left-out line between them) */
		if (prev != SM_NOLINE && !(c->cut && oi == c->cut))
			for (f = prev; f < c->lo[oi] && f < im->n; f++)
				if (sm_line_of_substance(sm_ln(im, f)))
					return 1;
		prev = c->hi[oi];
	}
	return 0;
}
