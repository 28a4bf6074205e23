/*
 * A place the alignment's program found, judged before it becomes a candidate: left out as
 * doubtful when another reading is as likely (a context line like a deleted one, a blank line
 * let go that is likelier a line left out beside it), or its pairing moved onto the copy the
 * model meant (a twin left out inside a run, a blank line as written). The program's order
 * chose among equal costs; these rules say which of them the reply means.
 */
#include "match_align_impl.h"
#include "match_costs.h"
#include "image_work.h"

#include <string.h>

/* A place left out as doubtful (see dp.doubt): no candidate. */
int sm_align_doubted(dp *d, float cost)
{
	if (!d->doubt || cost < d->doubt_cost)
		d->doubt_cost = cost;
	d->doubt = 1;
	return 0;
}

/* A place left out by sm_align_blank_or_left_out or sm_align_miscopy_far (see dp.nbd), its other
 * reading putting old line a on file line g: no candidate. */
int sm_align_blank_doubt(dp *d, float cost, size_t a, size_t g)
{
	if (d->nbd == SM_BLANK_DOUBTS)
		return sm_align_doubted(d, cost);
	d->bd_a[d->nbd] = a;
	d->bd_g[d->nbd] = g;
	d->bd_cost[d->nbd++] = cost;
	return 0;
}

/* 1 when context line i, paired with a file line it does not equal, is a near copy of a line
 * the edit deletes (one typo, or SM_MISCOPY_SIM similar), or is at least as like a deleted line
 * as like the file line it was paired with: it is as likely that line changed with its '+' left
 * out as a miscopy of the file line it was paired with (a name given a suffix, "f(x)" to
 * "f_v2(x)", is 0.85-0.9 like both when the deleted line and the one above it read the same),
 * and taken as context it would leave the change out while the deletion goes through. A line
 * its file line starts with is that line cut short (sm_align_cut_short), whatever the deleted
 * lines. */
int sm_align_subst_ctx_like_deleted(const dp *d, size_t i)
{
	const sm_medit *e = d->c->e;
	const sm_mline *ml = &e->seq[e->old[i]];
	const sm_line *fl = sm_ln(d->c->im, d->lo[i]);
	double fit = -1, s;
	size_t k;

	if (ml->kind != SM_HL_CTX || ml->elide || ml->l.blank ||
	    sm_align_cut_short(d, &ml->l, fl) || sm_align_cut_of(d, &ml->l, fl))
		return 0; /* the file line cut short (sm_align_truncated_near): that line, not a
		             change */
	for (k = 0; k < d->m; k++) {
		const sm_mline *x = &e->seq[e->old[k]];
		if (x->kind != SM_HL_DEL || x->keep || x->l.blank || ml->l.n * 2 < x->l.n ||
		    x->l.n * 2 < ml->l.n)
			continue;
		if (sm_align_one_typo(ml->l.p, ml->l.n, x->l.p, x->l.n))
			return 1;
		if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ml->l.n, x->l.n)))
			return 1; /* not judged: not taken */
		s = sm_text_similarity(ml->l.p, ml->l.n, x->l.p, x->l.n);
		if (s >= SM_MISCOPY_SIM)
			return 1;
		if (fit < 0) {
			if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ml->l.n, fl->n)))
				return 1;
			fit = sm_text_similarity(ml->l.p, ml->l.n, fl->p, fl->n);
		}
		if (s >= fit)
			return 1;
	}
	return 0;
}

/* 1 when old blank line i, let go (not in the file at its place), is likelier a line left out
 * beside it: its nearest line of substance above (below), past the old side's other blank
 * lines, stands in the file with one or a few blank lines (SM_EDGE_LOOK, or as many as the old
 * side's run of blank lines around i, SM_EDGE_LOOK_RUN at most) after (before) it just
 * above (below) the place found, so the old side also fits there with the file line between
 * them left out, and the new side, which often holds that line, would write it twice (or adds
 * its lines after the wrong copy). Which the reply meant is not decided: the place is left
 * out, and *pa, *pg say where the other reading puts that line of substance (old line *pa on
 * file line *pg), for sm_align_blank_doubt. */
int sm_align_blank_or_left_out(const dp *d, size_t i, int level, size_t *pa, size_t *pg)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t a, f, k, look = SM_EDGE_LOOK, run = 1;
	int dir;

	/* as many of the file's blank lines as the old side's run of blank lines around i holds
	   (its blank lines let go there may be all of them, past the left-out line), a few at
	   least, SM_EDGE_LOOK_RUN at most */
	for (a = i; a > 0 && run < SM_EDGE_LOOK_RUN && e->seq[e->old[a - 1]].l.blank; a--)
		run++;
	for (a = i; a + 1 < d->m && run < SM_EDGE_LOOK_RUN && e->seq[e->old[a + 1]].l.blank; a++)
		run++;
	if (run > look)
		look = run;
	/* the old side's nearest line of substance on each side (past its other blank lines),
	   and past its file line the file's blank lines (look at most) then a copy of it */
	for (dir = -1; dir <= 1; dir += 2) {
		/* a line taken as an addition that lost its '+' (placed on no file line) is
		   not the file's either: looked past like a blank line */
		for (a = i; dir < 0 ? a > 0 : a + 1 < d->m;) {
			a = dir < 0 ? a - 1 : a + 1;
			if (!e->seq[e->old[a]].l.blank &&
			    !(d->lo[a] == SM_NOLINE && e->seq[e->old[a]].kind == SM_HL_CTX &&
			      !e->seq[e->old[a]].elide))
				break;
		}
		if (a == i || e->seq[e->old[a]].l.blank || e->seq[e->old[a]].elide)
			continue;
		f = d->lo[a];
		if (f == SM_NOLINE || d->hi[a] != f + 1)
			continue;
		for (k = 1; k <= look + 1; k++) {
			size_t g;
			if (dir < 0 ? f < k : f + k >= im->n)
				break;
			g = dir < 0 ? f - k : f + k;
			if (sm_ln(im, g)->blank)
				continue;
			/* a copy of the line, or of the file line it stands on (a miscopy's) */
			if (k > 1 && (line_eq(&e->seq[e->old[a]].l, sm_ln(im, g), level) ||
				      line_eq(sm_ln(im, f), sm_ln(im, g), level))) {
				*pa = a;
				*pg = g;
				return 1;
			}
			break;
		}
	}
	return 0;
}

/* 1 when file lines a and b have the same bytes (and some substance). */
static int twins(const sm_image *im, size_t a, size_t b)
{
	return !sm_ln(im, a)->blank && sm_line_same_bytes(sm_ln(im, a), sm_ln(im, b));
}

/*
 * An old line paired with the second of two file lines of one text, the first left out just
 * after the old line before it, while a gap follows it anyway: both cost the same, so the
 * program's order chose (a match as late as it can be) and split what the old side copies in
 * one run (a merged hunk's first half "F G" on the file's "F G G ... H") into two gaps. What
 * comes after judges the left-out twin as a line the old side did not show (moved where the
 * new side writes its text), though it showed it. The pairing moves onto the first twin: one
 * gap, after the run. (The mirror, a second half's "G H" on "G G H", the order already pairs
 * with the second twin.)
 */
void sm_align_close_twin_gaps(const dp *d)
{
	const sm_medit *e = d->c->e;
	size_t i, f, pl, ph, nl;

	for (i = 1; i + 1 < d->m; i++) {
		f = d->lo[i];
		pl = d->lo[i - 1];
		ph = d->hi[i - 1];
		nl = d->lo[i + 1];
		if (f == SM_NOLINE || !f || d->hi[i] != f + 1 || pl == SM_NOLINE || pl >= ph ||
		    ph != f - 1 || nl == SM_NOLINE || nl <= f + 1 || e->seq[e->old[i]].l.blank ||
		    e->seq[e->old[i]].elide || e->seq[e->old[i - 1]].elide ||
		    e->seq[e->old[i + 1]].elide || !twins(d->c->im, f - 1, f))
			continue;
		d->lo[i] = f - 1;
		d->hi[i] = f;
	}
}

/* The file lines old line i may move among without passing another old line's: from the end
 * of the last paired old line before it (start when none) to the first paired after it (end). */
static void free_between(const dp *d, size_t i, size_t start, size_t end, size_t *lo_b,
                         size_t *hi_b)
{
	size_t k;

	*lo_b = start;
	for (k = i; k-- > 0;)
		if (d->hi[k] != SM_NOLINE) {
			*lo_b = d->hi[k];
			break;
		}
	*hi_b = end;
	for (k = i + 1; k < d->m; k++)
		if (d->lo[k] != SM_NOLINE) {
			*hi_b = d->lo[k];
			break;
		}
}

/*
 * A blank line the edit deletes, paired with a file line that is blank only but for its
 * whitespace ("" with "  "), while a file line of the same run of blank lines, left unpaired
 * beside it, is the line as written: the pairing moves there. Both cost the same, so the
 * program's order chose; the line as written is the one the model copied, so it is the one
 * deleted, not its whitespace-only neighbour. Context lines keep the program's pairing: which
 * blank line they stand for decides where the unpaired one stays beside the new lines, and the
 * file keeps both. [start, end) is the region found.
 */
void sm_align_pair_blanks_exactly(const dp *d, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t i, k, lo_b, hi_b, f, g;
	int up, down;

	for (i = 0; i < d->m; i++) {
		const sm_line *ol = &e->seq[e->old[i]].l;
		f = d->lo[i];
		if (!ol->blank || e->seq[e->old[i]].kind != SM_HL_DEL || f == SM_NOLINE ||
		    d->hi[i] != f + 1 ||
		    line_eq(ol, sm_ln(im, f), SM_LVL_EXACT))
			continue;
		free_between(d, i, start, end, &lo_b, &hi_b);
		/* the nearest such line of the blank run around f, above first */
		for (g = SM_NOLINE, k = 1, up = down = 1; g == SM_NOLINE && (up || down); k++) {
			up = up && f >= lo_b + k && sm_ln(im, f - k)->blank;
			down = down && f + k < hi_b && sm_ln(im, f + k)->blank;
			if (up && line_eq(ol, sm_ln(im, f - k), SM_LVL_EXACT))
				g = f - k;
			else if (down && line_eq(ol, sm_ln(im, f + k), SM_LVL_EXACT))
				g = f + k;
		}
		if (g != SM_NOLINE) {
			d->lo[i] = g;
			d->hi[i] = g + 1;
		}
	}
}

/* The file line a numbered block's old line i stands at by its neighbour j's number: j paired
 * with one file line that stands at j's own number in the file before the reply, and i
 * numbered one off it. SM_NOLINE when the numbers say nothing there. */
static size_t by_neighbour_number(const dp *d, size_t i, size_t j)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t fj = d->lo[j];
	uint32_t o;

	if (fj == SM_NOLINE || d->hi[j] != fj + 1 || fj >= im->n || !e->old_no[j] || !e->old_no[i])
		return SM_NOLINE;
	o = sm_ln(im, fj)->orig;
	if (!o || o != e->old_no[j])
		return SM_NOLINE;
	if (j + 1 == i && e->old_no[i] == o + 1 && fj + 1 < im->n)
		return fj + 1;
	if (i + 1 == j && o == e->old_no[i] + 1 && fj)
		return fj - 1;
	return SM_NOLINE;
}

/*
 * A numbered block's blank old line paired with a blank file line other than the one its number
 * names, while the old line beside it stands at its own number and that numbered line is blank
 * too: the pairing moves there. Both cost the same (a blank line on one side is free), so the
 * program's order chose, and the other blank line of the stretch was left out; but which of the
 * lines around them the block left out (a merged hunk's stretch, a line of context dropped) is
 * what its numbers say, and reading it from the wrong blank line put a kept line inside the
 * edit and a left-out one outside it. When the two neighbours' numbers disagree, the pairing
 * stays. [start, end) is the region found.
 */
void sm_align_blanks_at_numbers(const dp *d, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t i, g, up, down, lo_b, hi_b;

	if (!e->old_no)
		return;
	for (i = 0; i < d->m; i++) {
		size_t f = d->lo[i];
		if (!e->seq[e->old[i]].l.blank || e->seq[e->old[i]].elide || f == SM_NOLINE ||
		    d->hi[i] != f + 1)
			continue;
		up = i ? by_neighbour_number(d, i, i - 1) : SM_NOLINE;
		down = i + 1 < d->m ? by_neighbour_number(d, i, i + 1) : SM_NOLINE;
		if (up != SM_NOLINE && down != SM_NOLINE && up != down)
			continue;
		g = up != SM_NOLINE ? up : down;
		if (g == SM_NOLINE || g == f || !sm_ln(im, g)->blank ||
		    sm_ln(im, g)->orig != e->old_no[i])
			continue;
		free_between(d, i, start, end, &lo_b, &hi_b);
		if (g < lo_b || g >= hi_b)
			continue;
		d->lo[i] = g;
		d->hi[i] = g + 1;
	}
}
