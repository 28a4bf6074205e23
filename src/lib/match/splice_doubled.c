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

size_t sm_splice_doubled_scan(const sm_image *im, const sm_line *res, size_t n,
                              const sm_splice_trace *tr)
{
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (doubled(im, res, tr, i, i + 1))
			return tr->from[i];
		if (doubled(im, res, tr, i + 1, i))
			return tr->from[i + 1];
	}
	return SM_NOLINE;
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
