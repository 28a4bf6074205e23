/*
 * A rival of an exact place: a SEARCH that dropped a context line can still fit exactly at
 * another place, while its REPLACE writes the dropped line back and so names the place meant:
 * there, the old side's lines stand with the REPLACE's own added lines between them, in the
 * REPLACE's order ("blank, if x:" fits here; "blank, def f():, if x:" is there, and the
 * REPLACE has "def f():" between those two lines). Two places that fit as well as each other
 * in different ways: the edit is refused as ambiguous rather than written at the first.
 */
#include "match.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <string.h>

/* A file line and an edit line equal but for trailing whitespace. */
static int same(const sm_line *f, const sm_line *o)
{
	return f->h_rstrip == o->h_rstrip;
}

/* 1 when the edit's sequence fits at file line p with at least one of its nonblank additions
 * standing between its old lines; *end gets the end of the place. */
static int fits_with_adds(const sm_mctx *c, size_t p, size_t *end, size_t *at)
{
	const sm_medit *e = c->e;
	const sm_image *fim = c->im;
	size_t j = p, k, oi = 0, adds = 0;

	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD) {
			/* an addition at the place: only between old lines (one before the first
			   old line or after the last is a line the reply adds next to them) */
			if (oi == 0 || oi == e->nold || ml->l.blank)
				continue;
			if (j < c->hi && same(sm_ln(fim, j), &ml->l)) {
				j++;
				adds++;
			}
			continue;
		}
		if (j >= c->hi || !same(sm_ln(fim, j), &ml->l))
			return 0;
		at[oi++] = j++;
	}
	*end = j;
	return adds > 0 && oi == e->nold;
}

/* The first line in [p, stop) whose hash is h's, stop when none: the table read in place, one
 * entry after another in each of its runs. */
static size_t next_start(const sm_image *im, size_t p, size_t stop, uint64_t h)
{
	while (p < stop) {
		size_t run = sm_image_run_end(im, p);
		if (run > stop)
			run = stop;
		const sm_line *l = sm_ln(im, p);
		for (; p < run; p++, l++)
			if (l->h_rstrip == h)
				return p;
	}
	return stop;
}

/* The old line (index into e->old) with the fewest places in [lo, hi) by the image's index,
 * and that count; SM_NOLINE when every old line hashes as blank (the index holds none). */
static size_t rarest_old(const sm_mctx *c, size_t *count)
{
	const sm_medit *e = c->e;
	uint64_t blank = sm_text_hash("", 0, SM_LVL_INDENT);
	size_t k, n, best = SM_NOLINE;

	*count = 0;
	for (k = 0; k < e->nold; k++) {
		uint64_t h = e->seq[e->old[k]].l.h_indent;
		if (h == blank)
			continue;
		n = sm_image_find(c->im, h, c->lo, c->hi, NULL, 0);
		if (best == SM_NOLINE || n < *count) {
			best = k;
			*count = n;
		}
	}
	return best;
}

int sm_exact_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, p, end = 0, k, nadd = 0, lim;
	size_t *at, *starts = NULL, nstarts = 0, si, r = 0, slack = 0, next = 0;
	uint64_t h;
	int rc = 0;

	memset(rival, 0, sizeof(*rival));
	if (!e->blocklike || e->kind != SM_KIND_BLOCK || m < 2)
		return 0;
	for (k = 0; k < e->nseq; k++)
		nadd += e->seq[k].kind == SM_HL_ADD && !e->seq[k].l.blank;
	if (!nadd || c->hi < c->lo || c->hi - c->lo < m + 1)
		return 0;
	h = e->seq[e->old[0]].l.h_rstrip;
	lim = c->hi - m;
	/* the starts: from the line index when the image has one, by the old line with the
	   fewest places (its indentation-blind hash: a superset, each checked below): at a
	   place q of old line r, the place starts r lines before q, or up to as many more as
	   the REPLACE has additions between the first old line and line r (each may stand in
	   the file between them); the index holds no blank line, so when every old line hashes
	   as one the range is scanned. Then a walk of at most the sequence per start. Each
	   charged before it is done, as the tiers do: a pass per edit was a lines x edits term
	   that spent a whole reply's budget on 8,000 exact blocks of a 120,000-line file, and
	   the places of the first old line ("{" in a C file) a term as large on a file of
	   1,000,000 lines (5,000 tool calls: 7 s of CPU, now 1.4 s) */
	if (c->im->ix && (r = rarest_old(c, &nstarts)) != SM_NOLINE) {
		if (sm_budget_charge(c->budget, (uint64_t)m * sm_work_lookup(c->im) + nstarts + 1))
			return 0;
		for (k = e->old[0] + 1; k < e->old[r]; k++)
			slack += e->seq[k].kind == SM_HL_ADD && !e->seq[k].l.blank;
		starts = sm_malloc((nstarts ? nstarts : 1) * sizeof(*starts));
		if (!starts)
			return SEAM_ENOMEM;
		nstarts = sm_image_find(c->im, e->seq[e->old[r]].l.h_indent, c->lo, c->hi, starts,
					nstarts);
	} else if (sm_budget_charge(c->budget, c->hi - c->lo)) {
		return 0;
	}
	at = sm_malloc(m * sizeof(*at));
	if (!at) {
		sm_free(starts);
		return SEAM_ENOMEM;
	}
	si = 0;
	p = starts ? lim : next_start(c->im, c->lo, lim, h);
	for (;;) {
		if (starts) {
			/* the next start in the window of a place of line r, in order, each once */
			size_t q, a, b;
			for (p = lim; si < nstarts; si++) {
				q = starts[si];
				if (q < r)
					continue;
				b = q - r;
				a = b >= slack ? b - slack : 0;
				if (a < next)
					a = next;
				if (a < c->lo)
					a = c->lo;
				if (b >= lim)
					b = lim - 1;
				if (a > b)
					continue;
				p = next_start(c->im, a, b + 1, h);
				if (p <= b)
					break;
				next = b + 1;
				p = lim;
			}
			if (p >= lim)
				break;
			next = p + 1;
		} else if (p >= lim) {
			break;
		}
		if (sm_budget_charge(c->budget, e->nseq))
			break;
		if (fits_with_adds(c, p, &end, at) && !(p < found->end && end > found->start)) {
			rival->lo = sm_malloc(m * sizeof(*rival->lo));
			rival->hi = sm_malloc(m * sizeof(*rival->hi));
			if (!rival->lo || !rival->hi) {
				sm_cand_free(rival);
				rc = SEAM_ENOMEM;
				break;
			}
			for (k = 0; k < m; k++) {
				rival->lo[k] = at[k];
				rival->hi[k] = at[k] + 1;
			}
			rival->start = p;
			rival->end = end;
			rival->cost = found->cost;
			rival->tier = found->tier;
			rc = 1;
			break;
		}
		if (!starts)
			p = next_start(c->im, p + 1, lim, h);
	}
	sm_free(at);
	sm_free(starts);
	return rc;
}

/* The nearest non-blank file line from f in direction dir (SM_WRITTEN_BACK_BLANKS blank lines at
 * most passed), or NULL. */
static const sm_line *file_neighbour(const sm_image *im, size_t f, int dir)
{
	size_t k;

	for (k = 1; k <= SM_WRITTEN_BACK_BLANKS + 1; k++) {
		if (dir < 0 ? f < k : f + k >= im->n)
			return NULL;
		if (!sm_ln(im, dir < 0 ? f - k : f + k)->blank)
			return sm_ln(im, dir < 0 ? f - k : f + k);
	}
	return NULL;
}

/* The nearest non-blank line of the new side from seq line k in direction dir, or NULL. */
static const sm_line *new_neighbour(const sm_medit *e, size_t k, int dir)
{
	while (dir < 0 ? k > 0 : k + 1 < e->nseq) {
		k = dir < 0 ? k - 1 : k + 1;
		if (sm_mline_is_new(&e->seq[k]) && !e->seq[k].l.blank)
			return &e->seq[k].l;
	}
	return NULL;
}

/* The file lines of the place no old line stands for that the new side writes beside a
 * neighbour they have in the file (the line above them just above, or the line below just
 * below): the REPLACE gives the left-out line back where it stands, whichever old lines the
 * sides' diff paired (a miscopied line paired with nothing can make it pair the left-out
 * line's neighbour with another copy, and the count in order misses it). */
static size_t written_back_beside(const sm_image *im, const sm_medit *e, const sm_cand *cand)
{
	size_t f, k, oi, n = 0, looked = 0;

	for (f = cand->start; f < cand->end && f < im->n && looked < SM_WRITTEN_BACK_LOOK; f++) {
		const sm_line *l = sm_ln(im, f), *up, *down;
		int covered = 0;
		if (l->blank)
			continue;
		for (oi = 0; oi < e->nold && !covered; oi++)
			covered = cand->lo[oi] != SM_NOLINE && cand->lo[oi] <= f && f < cand->hi[oi];
		if (covered)
			continue;
		looked++;
		up = file_neighbour(im, f, -1);
		down = file_neighbour(im, f, 1);
		for (k = 0; k < e->nseq; k++) {
			const sm_line *a, *b;
			if (!sm_mline_is_new(&e->seq[k]) || e->seq[k].l.h_indent != l->h_indent)
				continue;
			a = new_neighbour(e, k, -1);
			b = new_neighbour(e, k, 1);
			if ((up && a && a->h_indent == up->h_indent) ||
			    (down && b && b->h_indent == down->h_indent)) {
				n++;
				break;
			}
		}
	}
	return n;
}

size_t sm_cand_written_back(const sm_image *im, const sm_medit *e, const sm_cand *cand)
{
	size_t beside = e->blocklike && e->kind == SM_KIND_BLOCK && cand->lo
				? written_back_beside(im, e, cand)
				: 0;
	size_t k, oi = 0, f, from = 0, n = 0, prev = cand->start;

	if (!e->blocklike || e->kind != SM_KIND_BLOCK || !cand->lo)
		return 0;
	for (k = 0; k <= e->nseq; k++) {
		size_t upto, a;
		if (k < e->nseq && e->seq[k].kind == SM_HL_ADD)
			continue;
		if (k < e->nseq) {
			if (cand->lo[oi] == SM_NOLINE) {
				oi++;
				continue; /* not in the file: no bound */
			}
			upto = cand->lo[oi];
		} else {
			upto = cand->end;
		}
		/* the file lines between the last old line placed and this one, none of the old
		   side's, against the additions between the two in the sequence, in order */
		for (f = prev, a = from; f < upto && f < im->n; f++) {
			const sm_line *l = sm_ln(im, f);
			if (l->blank)
				continue;
			while (a < k && !(e->seq[a].kind == SM_HL_ADD &&
					  e->seq[a].l.h_indent == l->h_indent))
				a++;
			if (a == k)
				break;
			a++;
			n++;
		}
		if (k == e->nseq)
			break;
		if (cand->hi[oi] > prev)
			prev = cand->hi[oi];
		from = k + 1;
		oi++;
	}
	return n > beside ? n : beside;
}

/* 1 when edit line o reads as file line f at place at's indentation: as written at no shift,
 * else its text at the place's shift (a re-indented reply: its lines stand that many columns
 * off, as the place found them, whatever the line). */
static int reads_as(const sm_cand *at, const sm_line *f, const sm_line *o)
{
	size_t tw;

	if (!at->shifted || (at->shifted == 1 && !at->delta))
		return same(f, o);
	if (f->h_indent != o->h_indent)
		return 0;
	if (at->shifted != 1)
		return 1; /* a shift per line: the text says it */
	tw = (size_t)at->tabw;
	return (long)sm_text_indent_cols(f->p, f->n, tw) - (long)sm_text_indent_cols(o->p, o->n, tw) ==
	       at->delta;
}

/* How many lines of the edit's new side (or of its old side) read as file line f at place at's
 * indentation (reads_as); *pair, for the new side, 1 when two of them follow each other there. */
static size_t copies_of(const sm_medit *e, const sm_cand *at, const sm_line *f, int new_side,
			int *pair)
{
	size_t k, n = 0;
	int last = 0;

	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		int in = new_side ? ml->kind != SM_HL_DEL : ml->kind != SM_HL_ADD;
		if (!in)
			continue;
		if (!ml->l.blank && reads_as(at, f, &ml->l)) {
			if (last && pair)
				*pair = 1;
			n++;
			last = 1;
		} else {
			last = 0;
		}
	}
	return n;
}

/*
 * The fuzzy tier's place of a SEARCH/REPLACE block whose first (or last) old line is a miscopy
 * of the region's edge line f, while the file line just outside, g, is f's twin (the same
 * text): the old side reads as well with f left out and the miscopy standing for g. The two
 * readings place the same lines but for f, which only the second keeps as a line left out, and
 * they write different files when the REPLACE writes that text twice more than the old side
 * holds it, two of them one after the other ("f f" in the file, "f~" old, "f f" new: the first
 * reading adds a copy, the second rewrites the pair; copies written apart keep f beside its
 * twin either way). 1 and *rival (owning lo/hi) when so, 0
 * when not, SEAM_ENOMEM when out of memory.
 */
int sm_fuzzy_edge_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival)
{
	const sm_medit *e = c->e;
	int side, pair;

	if (!e->blocklike || e->kind != SM_KIND_BLOCK || e->nold < 2)
		return 0;
	for (side = 0; side < 2; side++) {
		size_t k = side ? e->nold - 1 : 0, f, g;
		const sm_line *o = &e->seq[e->old[k]].l, *fl;

		if (o->blank || found->lo[k] == SM_NOLINE || found->hi[k] != found->lo[k] + 1)
			continue;
		f = found->lo[k];
		if (side ? f + 1 != found->end || f + 1 >= c->hi : f != found->start || f <= c->lo)
			continue;
		g = side ? f + 1 : f - 1;
		fl = sm_ln(c->im, f);
		if (fl->blank || reads_as(found, fl, o) || !same(fl, sm_ln(c->im, g)))
			continue;
		pair = 0;
		if (copies_of(e, found, fl, 1, &pair) < copies_of(e, found, fl, 0, NULL) + 2 || !pair)
			continue;
		if (sm_cand_copy(rival, found, e->nold))
			return SEAM_ENOMEM;
		rival->lo[k] = g;
		rival->hi[k] = g + 1;
		if (side)
			rival->end = g + 1;
		else
			rival->start = g;
		return 1;
	}
	return 0;
}

/*
 * The fuzzy tier's place whose first (or last) old line, a context line, is a miscopy of the
 * region's edge line f, while the old line beside it is a deletion standing for f's twin g just
 * inside (the same text): the context line reads as well as an addition that lost its mark,
 * the new text of the line the deletion takes, the place then beginning (or ending) at g. The
 * two readings write different files (the first keeps one of the twins, the second both, one
 * of them rewritten), and how close the miscopy is to f says nothing: the line it replaces is
 * f's text too. 1 and *rival (owning lo/hi) when so, 0 when not, SEAM_ENOMEM.
 */
int sm_fuzzy_twin_add_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival)
{
	const sm_medit *e = c->e;
	int side;

	if (e->nold < 3)
		return 0;
	for (side = 0; side < 2; side++) {
		size_t k = side ? e->nold - 1 : 0, d = side ? k - 1 : 1, f, g;
		const sm_mline *ctx = &e->seq[e->old[k]], *del = &e->seq[e->old[d]];
		const sm_line *fl;

		if (ctx->kind != SM_HL_CTX || ctx->l.blank || ctx->elide ||
		    del->kind != SM_HL_DEL || found->lo[k] == SM_NOLINE ||
		    found->hi[k] != found->lo[k] + 1 || found->lo[d] == SM_NOLINE ||
		    found->hi[d] != found->lo[d] + 1)
			continue;
		f = found->lo[k];
		g = found->lo[d];
		if (side ? f + 1 != found->end || g + 1 != f : f != found->start || g != f + 1)
			continue;
		fl = sm_ln(c->im, f);
		/* a miscopy of its text: a line only indented otherwise is the file's line */
		if (fl->blank || fl->h_indent == ctx->l.h_indent || !same(fl, sm_ln(c->im, g)))
			continue;
		if (sm_cand_copy(rival, found, e->nold))
			return SEAM_ENOMEM;
		rival->lo[k] = rival->hi[k] = SM_NOLINE;
		if (side)
			rival->end = f;
		else
			rival->start = g;
		return 1;
	}
	return 0;
}
