/*
 * A merged hunk read as its two halves: models merge two hunks into one and skip the unchanged
 * lines between them with no divider. When the old side, cut once between two of its lines,
 * stands as written (trailing blanks and typography aside, indentation kept) as two pieces one
 * after the other with file lines between, and that in exactly one way, that is the place: each
 * piece holds every one of its lines, which no tolerant tier's reading does (the alignment takes
 * the skipped lines for dropped context at any copy of the pieces' lines that costs less, and a
 * split finds each change with as little of its context as fits). Two or more such readings
 * decide nothing here (the later tiers judge them); nor does one that puts a line the new side
 * adds at the cut (the reply does not say on which side of the skipped lines it goes), nor,
 * in a whole-sides rewrite, one whose new side holds the lines around the cut one after the
 * other in no place, or in several and not exactly one of them cuts it into halves that keep
 * what the whole block's diff keeps (new_cut: it does not say where its halves meet), nor one
 * whose new side writes a skipped line back beside the cut (a line the old side left out: the
 * tolerant tiers' case). Cuts that only move blank context lines, nothing added beside them,
 * from one piece to the other are one reading; in a whole-sides rewrite, cuts that move any
 * blank old lines are, its new side saying which piece they go with.
 * A reply re-indented as a whole (every line shifted by one amount, tabs for spaces) is read
 * the same way with indentation aside, only when no cut stands as written, and its one
 * reading must be shifted by one amount across both pieces (the indentation tier's rule).
 * The one reading whose new side holds the lines around the cut in several places, none of
 * them the one, stops the ladder (sm_halves): every later tier would take the lines between
 * the pieces for lines left out and place them by a guess of the sides' diff, or place the
 * old side elsewhere, where it stands less as written.
 */
#include "match.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>

static int same(const sm_image *im, size_t f, const sm_line *o, int level)
{
	return sm_line_h(sm_ln(im, f), level) == sm_line_h(o, level);
}

/* 1 when the edit changes something among the lines of old[a, b) or between them (a line
 * deleted, or added after old[a]): each half of a merged hunk is a hunk, which holds a change. */
static int changes_within(const sm_medit *e, size_t a, size_t b)
{
	size_t i;

	for (i = e->old[a]; i <= e->old[b - 1]; i++)
		if (e->seq[i].kind != SM_HL_CTX && !e->seq[i].keep)
			return 1;
	return 0;
}

/* The lines of a whole-sides rewrite's two sides, to diff each piece's on their own. */
typedef struct sides {
	sm_span *ol, *nl;
	size_t no, nn;
} sides;

static sm_span span_at(void *ctx, size_t i)
{
	return ((const sm_span *)ctx)[i];
}

/* How many lines of substance (*sub) and lines in all (*all) a diff keeps as context. */
static void kept(const sm_medit *d, size_t *sub, size_t *all)
{
	size_t i;

	for (i = 0; i < d->nseq; i++)
		if (d->seq[i].kind == SM_HL_CTX) {
			*sub += !d->seq[i].l.blank;
			++*all;
		}
}

/* 1 when l has SM_SPLIT_MIN_SOLID_CHARS non-blank characters (a lone "}" is in every block). */
static int solid_line(const sm_line *l)
{
	return sm_line_solid_chars(l, SM_SPLIT_MIN_SOLID_CHARS) >= SM_SPLIT_MIN_SOLID_CHARS;
}

/* How many more times diff d adds the text h (SM_LVL_TYPO) than it deletes it. */
static long net_adds(const sm_medit *d, uint64_t h)
{
	size_t i;
	long n = 0;

	for (i = 0; i < d->nseq; i++)
		if (d->seq[i].kind != SM_HL_CTX && sm_line_h(&d->seq[i].l, SM_LVL_TYPO) == h)
			n += d->seq[i].kind == SM_HL_ADD ? 1 : -1;
	return n;
}

/* 1 when a line of substance is lost by one piece's diff (deleted more often than added) and
 * gained by the other's: a cut that reads the line as moved over the lines between the
 * pieces. Pieces this long are not compared (a line per pair of lines). */
static int moves_across(const sm_medit *a, const sm_medit *b)
{
	size_t i;

	if (a->nseq + b->nseq > SM_PIECES_MOVE_CMP_LINES)
		return 0;
	for (i = 0; i < a->nseq; i++) {
		const sm_mline *x = &a->seq[i];
		uint64_t h;
		long na, nb;
		if (x->kind == SM_HL_CTX || !solid_line(&x->l))
			continue;
		h = sm_line_h(&x->l, SM_LVL_TYPO);
		na = net_adds(a, h);
		nb = net_adds(b, h);
		if ((na < 0 && nb > 0) || (na > 0 && nb < 0))
			return 1;
	}
	return 0;
}

/* What the two pieces keep when the old side is cut at old line k and the new side at new line
 * jn, each piece's sides diffed on their own (as splice.c then splices them); *cross: 1 when
 * they move a line of substance from one to the other (moves_across). SEAM_ENOMEM when out of
 * memory. */
static int cut_keeps(const sides *s, size_t k, size_t jn, size_t *sub, size_t *all, int *cross)
{
	sm_prep_side oa = {k, span_at, s->ol}, ob = {s->no - k, span_at, s->ol + k};
	sm_prep_side na = {jn, span_at, s->nl}, nb = {s->nn - jn, span_at, s->nl + jn};
	sm_medit a, b;
	int rc = SEAM_ENOMEM;

	*sub = *all = 0;
	if (sm_prep_sides(&a, &oa, &na))
		return rc;
	if (!sm_prep_sides(&b, &ob, &nb)) {
		kept(&a, sub, all);
		kept(&b, sub, all);
		*cross = moves_across(&a, &b);
		sm_prep_dispose(&b);
		rc = 0;
	}
	sm_prep_dispose(&a);
	return rc;
}

/*
 * *cut = 1 + the new line j where the new side is cut (new lines j - 1 and j are old lines k - 1
 * and k as written: trailing blanks and typography aside, a curly quote on one side only is the
 * line the file has, which the new side writes right), when exactly one j is the cut; 0 when
 * none or several are; returns 0, or SEAM_ENOMEM when out of memory. Each piece's sides are
 * diffed on their own for each place of the pair (cut_keeps): the cut is the one place whose
 * pieces keep every line of substance the whole block's diff keeps (none is paired across the
 * skipped lines: a cut that loses one moves it over them, the reading of a line the old side
 * left out) and, among those, the most lines (blank ones too); it must be the only one. A new
 * side holding the pair more often than the old side does made a copy of it, and either may be
 * where the halves meet: none then. *several: 1 when the new side holds the pair but no one
 * place of it is the cut (a copy of the pair, or places that keep as much): where the halves
 * meet is not said, while a place that keeps too little says it is no reading. open[0, *nopen)
 * (SM_PIECES_MAX_NEW_CUTS at most): when this k sets *several, the places (as *cut gives
 * them) any of which may be where the halves meet.
 */
static int new_cut(const sm_medit *e, size_t k, const sides *s, sm_budget *budget, size_t *cut,
                   int *several, size_t *open, size_t *nopen)
{
	uint64_t a = sm_line_h(&e->seq[e->old[k - 1]].l, SM_LVL_TYPO);
	uint64_t b = sm_line_h(&e->seq[e->old[k]].l, SM_LVL_TYPO);
	size_t i, j = 0, found = 0, at[SM_PIECES_MAX_NEW_CUTS], in_old = 0;
	size_t wsub = 0, wall = 0, best = 0, nbest = 0, sub, all, keeps[SM_PIECES_MAX_NEW_CUTS];
	const sm_line *prev = NULL;
	int cross, best_cross = 0, other_within = 0, crosses[SM_PIECES_MAX_NEW_CUTS];

	*cut = 0;
	*nopen = 0;
	for (i = 0; i < e->nseq; i++) {
		const sm_line *l = &e->seq[i].l;
		if (!sm_mline_is_new(&e->seq[i]))
			continue;
		if (prev && sm_line_h(prev, SM_LVL_TYPO) == a && sm_line_h(l, SM_LVL_TYPO) == b) {
			if (found == SM_PIECES_MAX_NEW_CUTS)
				return 0;
			at[found++] = j;
		}
		prev = l;
		j++;
	}
	if (!found)
		return 0;
	for (i = 1; i < e->nold; i++)
		in_old += sm_line_h(&e->seq[e->old[i - 1]].l, SM_LVL_TYPO) == a &&
			  sm_line_h(&e->seq[e->old[i]].l, SM_LVL_TYPO) == b;
	if (found > in_old) {
		*several = 1;
		for (i = 0; i < found; i++)
			open[(*nopen)++] = at[i] + 1;
		return 0;
	}
	kept(e, &wsub, &wall);
	for (i = 0; i < found; i++) {
		/* two diffs of the pieces: a line per line of both sides, each */
		if (sm_budget_charge(budget, 2 * (uint64_t)(s->no + s->nn)))
			return 0;
		if (cut_keeps(s, k, at[i], &sub, &all, &cross))
			return SEAM_ENOMEM;
		keeps[i] = sub < wsub ? 0 : all;
		crosses[i] = cross;
		if (!cross)
			other_within = 1; /* one cut of them keeps each move inside a piece */
		if (sub < wsub)
			continue;
		if (all > best) {
			best = all;
			nbest = 0;
		}
		if (all == best && nbest++ == 0) {
			*cut = at[i] + 1;
			best_cross = cross;
		}
	}
	/* a cut whose pieces move a line of substance over the skipped lines, while another
	   place of the pair in the new side keeps each move inside a piece: keeping most lines
	   is no answer, that other place reads the reply as well (a block moved a few lines
	   down in the first piece is not carried past a whole function into the second) */
	if (nbest == 1 && best_cross && other_within)
		nbest = 2;
	if (nbest != 1)
		*cut = 0;
	*several |= nbest > 1;
	/* the places that keep the most, and with a crossing one those that keep each move
	   inside a piece */
	for (i = 0; nbest > 1 && i < found; i++)
		if (keeps[i] && (keeps[i] == best || (best_cross && !crosses[i])))
			open[(*nopen)++] = at[i] + 1;
	return 0;
}

/* 1 when a cut k of a reading (fk to hk) whose new side holds the lines around it in several
 * places (open[0, n)) has one that is not the agreed cut cut_new of cut bk moved with it: the
 * halves may meet there as well (a line moved to the cut goes at the end of the first piece or
 * the start of the second, a blank line of the pair read on either side of the skipped lines). */
static int open_elsewhere(const size_t *open, size_t n, size_t k, size_t bk, size_t cut_new)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (open[i] + bk != cut_new + k)
			return 1;
	return 0;
}

/* 1 when the reply's line l is file line f as the place writes it: as written, or for a place
 * shifted as a whole (sh->shifted), by its shift and no other. */
static int stands_as(const sm_line *f, const sm_line *l, const sm_cand *sh)
{
	size_t tw = (size_t)sh->tabw;

	if (!sh->shifted)
		return sm_line_h(f, SM_LVL_TYPO) == sm_line_h(l, SM_LVL_TYPO);
	return sm_line_h(f, SM_LVL_INDENT) == sm_line_h(l, SM_LVL_INDENT) &&
	       (long)sm_text_indent_cols(f->p, f->n, tw) ==
	           (long)sm_text_indent_cols(l->p, l->n, tw) + sh->delta;
}

/* 1 when old lines [a, b) are lines e deletes, at least one of substance, none kept: a line
 * the sides' diff pairs past them has them moved across it. */
static int deleted_between(const sm_medit *e, size_t a, size_t b)
{
	size_t i;
	int solid = 0;

	if (a >= b)
		return 0;
	for (i = a; i < b; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		if (ml->kind != SM_HL_DEL || ml->keep)
			return 0;
		solid |= !ml->l.blank;
	}
	return solid;
}

/* 1 when old lines (o, k), the lines above the cut, are added again in order right above new
 * line i (deleted lines between aside): the sides' diff, pairing new line i with old line o,
 * moved those lines across it instead of it across them (twin lines, one diff of several as
 * long). Context lines must hold one of substance (the new side holding blank ones twice says
 * nothing); lines the diff deletes, every one of them, are the move itself, blank ones too. */
static int moved_above(const sm_medit *e, size_t o, size_t k, size_t i)
{
	size_t j = k, n = i;
	int solid = 0, all_del = 1;

	if (o + 1 >= k)
		return 0;
	while (j-- > o + 1) {
		const sm_mline *ol = &e->seq[e->old[j]];
		if (ol->kind != SM_HL_CTX && (ol->kind != SM_HL_DEL || ol->keep))
			return 0;
		all_del &= ol->kind == SM_HL_DEL;
		while (n > 0 && !sm_mline_is_new(&e->seq[n - 1]))
			n--;
		if (!n || e->seq[n - 1].kind != SM_HL_ADD ||
		    sm_line_h(&e->seq[n - 1].l, SM_LVL_TYPO) != sm_line_h(&ol->l, SM_LVL_TYPO))
			return 0;
		solid |= !ol->l.blank;
		n--;
	}
	return solid || all_del;
}

/* 1 when a line e adds is, as written (indentation kept: a line re-indented is the file's
 * line moved, not written back; in a place shifted as a whole, shifted as the place is), the
 * first line of substance of the file lines between the pieces, [from, to), and stands in the
 * new side right after a copy of old line k - 1 (the last line above the cut), or is their
 * last one and stands right before a copy of old line k: that line is one the old side left
 * out and the new side writes back where it stands, not a stretch the merged hunk passed
 * over. A context line counts as well when the sides' diff pairs it with an old line beyond
 * the cut, every old line between deleted (a copy of the skipped line that the other piece
 * rewrites: the diff moves those lines across it instead of adding it), or with one above
 * the cut, the old lines between added again right above it (moved_above). */
static int written_back(const sm_medit *e, size_t k, const sm_image *im, size_t from, size_t to,
                        const sm_cand *sh)
{
	uint64_t above = sm_line_h(&e->seq[e->old[k - 1]].l, SM_LVL_TYPO);
	uint64_t below = sm_line_h(&e->seq[e->old[k]].l, SM_LVL_TYPO);
	const sm_line *first, *last;
	size_t i, j, oi, prev = SM_NOLINE, next;

	for (j = from; j < to && sm_ln(im, j)->blank; j++)
		;
	if (j == to)
		return 0;
	first = sm_ln(im, j);
	for (j = to; j-- > from && sm_ln(im, j)->blank;)
		;
	last = sm_ln(im, j);
	for (i = 0, oi = 0; i < e->nseq; i++) {
		const sm_mline *ml = &e->seq[i];
		size_t o = oi;
		oi += ml->kind != SM_HL_ADD;
		if (!sm_mline_is_new(ml))
			continue;
		if (ml->l.blank) {
			prev = i;
			continue;
		}
		/* an addition, or a context line the sides' diff pairs with an old line away from
		   the cut (old[k] and beyond for the first skipped line, old[k - 1] and before for
		   the last): the new side holds it beside the cut all the same, the diff's pairing
		   moving the old lines between instead */
		for (next = i + 1; next < e->nseq && !sm_mline_is_new(&e->seq[next]); next++)
			;
		if ((stands_as(first, &ml->l, sh) && prev != SM_NOLINE &&
		     (ml->kind == SM_HL_ADD || deleted_between(e, k, o) ||
		      moved_above(e, o, k, i)) &&
		     sm_line_h(&e->seq[prev].l, SM_LVL_TYPO) == above) ||
		    (stands_as(last, &ml->l, sh) && next < e->nseq &&
		     (ml->kind == SM_HL_ADD || (o + 1 < k && deleted_between(e, o + 1, k))) &&
		     sm_line_h(&e->seq[next].l, SM_LVL_TYPO) == below))
			return 1;
		prev = i;
	}
	return 0;
}

/* 1 when the old lines between cuts a and b (either order) are blank context lines with no
 * line added among or beside them (an addition there goes with one piece or the other). */
static int blank_ctx(const sm_medit *e, size_t a, size_t b)
{
	size_t i, lo = a < b ? a : b, hi = a < b ? b : a;

	for (i = lo; i < hi; i++)
		if (!e->seq[e->old[i]].l.blank || e->seq[e->old[i]].kind != SM_HL_CTX)
			return 0;
	for (i = e->old[lo - 1] + 1; i < e->old[hi]; i++)
		if (e->seq[i].kind == SM_HL_ADD)
			return 0;
	return 1;
}

/* 1 when the old lines between cuts a < b are blank: in a whole-sides rewrite, the two cuts
 * put the same old lines at the same file lines but for blank ones, and its new side, cut where
 * it holds the lines around each (new_cut), says which piece holds them and what they become. */
static int blank_old(const sm_medit *e, size_t a, size_t b)
{
	for (; a < b; a++)
		if (!e->seq[e->old[a]].l.blank)
			return 0;
	return 1;
}

/* 1 when the file lines [from, to) are blank (or the budget ran out looking). */
static int blank_between(const sm_image *im, size_t from, size_t to, sm_budget *budget)
{
	if (sm_budget_charge(budget, to - from))
		return 1;
	for (; from < to; from++)
		if (!sm_ln(im, from)->blank)
			return 0;
	return 1;
}

/* Where each old line of a piece stands: lo/hi per old line, as a candidate's (lo == hi for a
 * blank line the file does not have there). */
typedef struct walk {
	size_t *lo, *hi;
} walk;

/* 1 when old line i may stand on no file line: a blank context line (one the edit deletes says
 * a blank line stands there, and let go it would delete nothing). */
static int let_go(const sm_medit *e, size_t i)
{
	const sm_mline *ml = &e->seq[e->old[i]];

	return ml->l.blank && ml->kind == SM_HL_CTX;
}

/*
 * The first piece from the place f of old line a0 (its first non-blank line): the lines
 * old[0, n) stand one after another in w, the place starting at *start; n returned. As written
 * (loose 0): every line from the first, on consecutive file lines. With blank lines let go
 * (loose 1): a blank context line the file does not have there stands on no line (let_go), a
 * blank file line the old side does not have is passed over, and n is 0 unless old[a0] stands
 * at f.
 */
static size_t walk_down(const sm_mctx *c, size_t a0, size_t f, int loose, int level, walk *w,
			size_t *start)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t m = e->nold, i, j, top = f;

	if (!loose) {
		if (f < a0 || f - a0 < c->lo)
			return 0;
		*start = f - a0;
		for (i = 0;
		     i < m && *start + i < c->hi && same(im, *start + i, &e->seq[e->old[i]].l, level);
		     i++) {
			w->lo[i] = *start + i;
			w->hi[i] = *start + i + 1;
		}
		return i;
	}
	for (j = a0; j-- > 0;) {
		if (top > c->lo && sm_ln(im, top - 1)->blank) {
			w->lo[j] = --top;
			w->hi[j] = top + 1;
		} else if (let_go(e, j)) {
			w->lo[j] = w->hi[j] = top;
		} else {
			return 0;
		}
	}
	*start = top;
	for (j = f, i = a0; i < m;) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (j < c->hi && same(im, j, o, level)) {
			w->lo[i] = j;
			w->hi[i++] = ++j;
		} else if (i > a0 && let_go(e, i)) {
			w->lo[i] = w->hi[i] = j;
			i++;
		} else if (i > a0 && j < c->hi && sm_ln(im, j)->blank) {
			j++;
		} else {
			break;
		}
	}
	return i > a0 ? i : 0;
}

/* The second piece, up from the place f of old line a1 (its last non-blank line): old[m - n, m)
 * stand in w, the place ending at *end; n returned, as walk_down's. */
static size_t walk_up(const sm_mctx *c, size_t a1, size_t f, int loose, int level, walk *w,
		      size_t *end)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t m = e->nold, i, j, g;

	if (!loose) {
		*end = f + (m - 1 - a1) + 1; /* one past the last old line */
		if (*end > c->hi)
			return 0;
		for (i = 0; i < m && i < *end - c->lo &&
		            same(im, *end - 1 - i, &e->seq[e->old[m - 1 - i]].l, level);
		     i++) {
			w->lo[m - 1 - i] = *end - 1 - i;
			w->hi[m - 1 - i] = *end - i;
		}
		return i;
	}
	if (f >= c->hi || !same(im, f, &e->seq[e->old[a1]].l, level))
		return 0;
	w->lo[a1] = f;
	w->hi[a1] = g = f + 1;
	for (j = a1 + 1; j < m; j++) {
		if (g < c->hi && sm_ln(im, g)->blank) {
			w->lo[j] = g;
			w->hi[j] = ++g;
		} else if (let_go(e, j)) {
			w->lo[j] = w->hi[j] = g;
		} else {
			return 0;
		}
	}
	*end = g;
	for (i = a1, j = f; i > 0;) {
		const sm_line *o = &e->seq[e->old[i - 1]].l;
		if (j > c->lo && same(im, j - 1, o, level)) {
			w->lo[--i] = --j;
			w->hi[i] = j + 1;
		} else if (let_go(e, i - 1)) {
			w->lo[--i] = j;
			w->hi[i] = j;
		} else if (j > c->lo && sm_ln(im, j - 1)->blank) {
			j--;
		} else {
			break;
		}
	}
	return m - i;
}

/* The file lines of the reading cut at old line k, its pieces walked as wa and wb: cand's lo[i],
 * hi[i] for each of the m old lines, and its cost, the blank lines let go (an old line standing
 * on none) or passed over (a blank file line inside a piece the old side does not have). */
static void place(sm_cand *cand, const walk *wa, const walk *wb, size_t m, size_t k)
{
	size_t i, blanks = 0;

	for (i = 0; i < m; i++) {
		const walk *w = i < k ? wa : wb;
		cand->lo[i] = w->lo[i];
		cand->hi[i] = w->hi[i];
		blanks += w->lo[i] == w->hi[i];
	}
	for (i = 1; i < m; i++)
		if (i != k && cand->lo[i] > cand->hi[i - 1])
			blanks += cand->lo[i] - cand->hi[i - 1];
	cand->cost = SM_COST_BLANK * (double)blanks;
}

int sm_pieces_ends(const sm_medit *e, size_t *a0, size_t *a1)
{
	size_t i;

	*a0 = *a1 = SM_NOLINE;
	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		if (ml->elide)
			return 0; /* the elision tier's: it says where lines were skipped */
		if (!ml->l.blank) {
			if (*a0 == SM_NOLINE)
				*a0 = i;
			*a1 = i;
		}
	}
	return *a0 != SM_NOLINE && *a0 != *a1;
}

/* The merged-hunk reading of c's old side, each piece standing as written (loose 0) or with
 * blank lines let go inside it and at its outer edge (loose 1), at one level of comparison
 * (SM_LVL_TYPO: as written; SM_LVL_INDENT: shifted as a whole, both pieces by one shift);
 * *none: 1 when no cut of the old side stands at all. */
static int pieces_find(const sm_mctx *c, sm_cands *out, int loose, int level, int *none)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t m = e->nold, i, a0 = SM_NOLINE, a1 = SM_NOLINE, np, ns, x, y, k;
	size_t *solid = NULL, *lo = NULL, *hi = NULL, *len_p = NULL, *len_s = NULL;
	size_t *p_start = NULL, *s_end = NULL, *cells = NULL;
	size_t found = 0, fx = 0, fy = 0, fk = 0, hk = 0, k0, cut_new = 0;
	int thin = 0;
	const size_t *pp = NULL, *ps = NULL;
	walk *wp = NULL, *ws = NULL;
	sm_occ local = {0};
	const sm_occ *t;
	sm_cand cand;
	int rc = 0;

	*none = 1;
	if (m < 2 * SM_PIECES_MIN_SOLID || c->hi <= c->lo)
		return 0;
	if (!sm_pieces_ends(e, &a0, &a1))
		return 0;
	t = sm_occ_for(c, &local);
	if (!t)
		return SEAM_ENOMEM;
	np = sm_occ_places(t, a0, &pp);
	ns = sm_occ_places(t, a1, &ps);
	if (!np || !ns)
		goto out;
	/* a line per place and per old line at most, twice (and as many blank file lines) */
	if (sm_budget_charge(c->budget, (uint64_t)(np + ns) * m * (loose ? 2 : 1)))
		goto out;
	solid = sm_malloc((m + 1) * sizeof(*solid));
	len_p = sm_malloc(np * sizeof(*len_p));
	len_s = sm_malloc(ns * sizeof(*len_s));
	p_start = sm_malloc(np * sizeof(*p_start));
	s_end = sm_malloc(ns * sizeof(*s_end));
	wp = sm_malloc(np * sizeof(*wp));
	ws = sm_malloc(ns * sizeof(*ws));
	cells = sm_malloc((np + ns) * 2 * m * sizeof(*cells));
	if (!solid || !len_p || !len_s || !p_start || !s_end || !wp || !ws || !cells) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (x = 0; x < np; x++) {
		wp[x].lo = cells + 2 * m * x;
		wp[x].hi = wp[x].lo + m;
	}
	for (y = 0; y < ns; y++) {
		ws[y].lo = cells + 2 * m * (np + y);
		ws[y].hi = ws[y].lo + m;
	}
	/* solid[i]: the non-blank lines among old[0, i) */
	solid[0] = 0;
	for (i = 0; i < m; i++)
		solid[i + 1] = solid[i] + !e->seq[e->old[i]].l.blank;
	/* len_p[x]: how many old lines from the first stand from the place where old[a0] stands
	   at pp[x]; len_s[y]: how many up to the last end where old[a1] is ps[y] */
	for (x = 0; x < np; x++)
		len_p[x] = walk_down(c, a0, pp[x], loose, level, &wp[x], &p_start[x]);
	for (y = 0; y < ns; y++)
		len_s[y] = walk_up(c, a1, ps[y], loose, level, &ws[y], &s_end[y]);
	/* every cut k (old[0, k) above, old[k, m) below) each piece of which stands, the lines
	   between one to SM_PIECES_MAX_GAP */
	for (x = 0; x < np && found < 2; x++) {
		for (y = 0; y < ns && found < 2 && len_p[x]; y++) {
			size_t kmin, kmax;
			if (!len_s[y] || s_end[y] <= p_start[x])
				continue;
			kmin = m - len_s[y];
			kmax = len_p[x] < m ? len_p[x] : m;
			for (k = kmin > 1 ? kmin : 1; k <= kmax && k < m && found < 2; k++) {
				size_t a_end = wp[x].hi[k - 1], b_start = ws[y].lo[k];
				if (b_start <= a_end || b_start - a_end > SM_PIECES_MAX_GAP)
					continue;
				/* the lines on either side of the cut stand in the file: a blank
				   line let go there says nothing of which half it, and what the new
				   side writes beside it, goes with */
				if (loose && (wp[x].lo[k - 1] == wp[x].hi[k - 1] ||
				              ws[y].lo[k] == ws[y].hi[k]))
					continue;
				/* the same two places, cut a blank context line on: the same reading */
				if (found && p_start[x] == p_start[fx] && s_end[y] == s_end[fy] &&
				    (e->blocklike ? blank_old(e, fk, k) : blank_ctx(e, fk, k))) {
					hk = k;
					continue;
				}
				/* a piece too thin to place by itself is no reading here, but it is
				   another way the old side stands (a line left out next to its last
				   "}"): the reply does not say which */
				if (solid[k] < SM_PIECES_MIN_SOLID ||
				    solid[m] - solid[k] < SM_PIECES_MIN_SOLID) {
					thin = 1;
					continue;
				}
				/* nor, in a hunk, is one whose half holds no change: two hunks
				   merged are two changes the model marked, and a stretch of context
				   skipped after (or before) the one change is context the old side
				   left out, which the tolerant tiers read against every other place
				   the lines could stand (a whole-sides rewrite's changes are the
				   sides' diff, which may put them all in one piece: new_cut judges
				   its cut) */
				if (!e->blocklike &&
				    (!changes_within(e, 0, k) || !changes_within(e, k, m))) {
					thin = 1;
					continue;
				}
				/* nor are halves with only blank lines between them: blank lines the
				   old side left out (the blank-lines tier's reading) */
				if (blank_between(im, a_end, b_start, c->budget)) {
					thin = 1;
					continue;
				}
				found++;
				fx = x;
				fy = y;
				fk = hk = k;
			}
		}
	}
	*none = !found && !thin;
	if (found != 1 || thin)
		goto out;
	k0 = fk;
	/* the pass over the new side below */
	sm_budget_charge(c->budget, e->nseq + (ws[fy].lo[fk] - p_start[fx]));
	lo = sm_malloc(m * sizeof(*lo));
	hi = sm_malloc(m * sizeof(*hi));
	if (!lo || !hi) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	memset(&cand, 0, sizeof(cand));
	cand.start = p_start[fx];
	cand.end = s_end[fy];
	cand.lo = lo;
	cand.hi = hi;
	cand.tier = loose ? SM_TIER_PIECES_BLANK : SM_TIER_PIECES;
	place(&cand, wp + fx, ws + fy, m, fk);
	/* shifted: by one shift, both pieces (the indentation tier's rule), that says how deep
	   every new line goes (blank lines aside, the same for every cut of the reading) */
	if (level == SM_LVL_INDENT && !sm_indent_shift(c, &cand))
		goto out;
	/* a skipped line the new side adds beside the lines around the cut is one the old side
	   left out, written back (the tolerant tiers' reading), not a stretch the merged hunk
	   passed over; beside the lines around any cut of the reading (blank old lines moved
	   from one piece to the other), as the new side may hold it past such a blank line */
	for (k = k0; k <= hk; k++)
		if (written_back(e, k, im, wp[fx].hi[k - 1], ws[fy].lo[k], &cand))
			goto out;
	/* a line the new side adds at the cut: above or below the skipped lines? (a whole-sides
	   rewrite's new side says it by where it holds the lines around the cut) */
	for (i = e->old[fk - 1] + 1; i < e->old[fk] && !e->blocklike; i++)
		if (e->seq[i].kind == SM_HL_ADD)
			goto out;
	if (e->blocklike) {
		/* a whole-sides rewrite's new side is cut where it holds the lines around the old
		   side's cut one after the other (new_cut); the cuts of one reading (fk to hk,
		   blank old lines moved from one piece to the other) that find it must agree on
		   it, moved with them; where the diff of its two sides (one of several as
		   long) cut across the pieces' edge, each piece's sides are diffed on their own,
		   else the diff's own cut is that place */
		size_t bk = 0, j, nb, open[SM_PIECES_MAX_NEW_CUTS], nopen = 0, open_ks = 0;
		sides sd = {NULL, NULL, 0, 0};
		int agree = 1, several = 0;

		sd.ol = sm_malloc((e->nseq + 1) * sizeof(*sd.ol));
		sd.nl = sm_malloc((e->nseq + 1) * sizeof(*sd.nl));
		for (i = 0; sd.ol && sd.nl && i < e->nseq; i++) {
			sm_span sp = {e->seq[i].l.p, e->seq[i].l.n};
			if (e->seq[i].kind != SM_HL_ADD)
				sd.ol[sd.no++] = sp;
			if (sm_mline_is_new(&e->seq[i]))
				sd.nl[sd.nn++] = sp;
		}
		rc = sd.ol && sd.nl ? 0 : SEAM_ENOMEM;
		for (k = fk; k <= hk && !rc && agree; k++) {
			rc = new_cut(e, k, &sd, c->budget, &j, &several, open, &nopen);
			open_ks += nopen > 0;
			if (!j || rc)
				continue;
			if (!cut_new) {
				cut_new = j;
				bk = k;
			} else if (j + bk != cut_new + k) {
				agree = 0;
			}
		}
		/* a cut of the reading whose new side leaves the halves' meeting open, a place of
		   it other than the agreed one (asked again once that is known) */
		for (k = fk; k <= hk && !rc && agree && cut_new && open_ks; k++) {
			int sev = 0;
			rc = new_cut(e, k, &sd, c->budget, &j, &sev, open, &nopen);
			if (!rc && !j && sev && open_elsewhere(open, nopen, k, bk, cut_new))
				agree = 0;
		}
		sm_free(sd.ol);
		sm_free(sd.nl);
		if (!rc && (!agree || (!cut_new && several)) && c->halves) {
			/* the one reading, its halves' meeting unsaid (cuts of it that disagree, or
			   a new side holding the lines around the cut in several places, none of
			   them the one): no later tier may guess it */
			c->halves->set = 1;
			c->halves->a0 = p_start[fx];
			c->halves->a1 = wp[fx].hi[k0 - 1];
			c->halves->b0 = ws[fy].lo[k0];
			c->halves->b1 = s_end[fy];
		}
		if (rc || !agree || !cut_new)
			goto out;
		fk = bk;
		place(&cand, wp + fx, ws + fy, m, fk);
		/* the new lines above old[fk] in the diff: the diff's own cut when both are kept */
		for (i = 0, nb = 0; i < e->old[fk]; i++)
			nb += sm_mline_is_new(&e->seq[i]);
		if (e->seq[e->old[fk - 1]].kind == SM_HL_CTX &&
		    e->seq[e->old[fk]].kind == SM_HL_CTX && cut_new == nb + 1)
			cut_new = 0;
	}
	cand.cut = fk;
	cand.cut_new = cut_new;
	rc = sm_cands_add(out, &cand, m);
out:
	sm_free(solid);
	sm_free(len_p);
	sm_free(len_s);
	sm_free(p_start);
	sm_free(s_end);
	sm_free(wp);
	sm_free(ws);
	sm_free(cells);
	sm_free(lo);
	sm_free(hi);
	sm_occ_free(&local);
	return rc < 0 ? rc : 0;
}

int sm_tier_pieces(const sm_mctx *c, sm_cands *out)
{
	int none = 0, rc = pieces_find(c, out, 0, SM_LVL_TYPO, &none);

	/* re-indented as a whole, only when no cut stands as written (a reading as written, one
	   or several, is the reply's own: a shifted one is not weighed against it) */
	if (!rc && none && !out->n)
		rc = pieces_find(c, out, 0, SM_LVL_INDENT, &none);
	return rc;
}

int sm_tier_pieces_blank(const sm_mctx *c, sm_cands *out)
{
	int none = 0;

	return pieces_find(c, out, 1, SM_LVL_TYPO, &none);
}
