/*
 * A piece of a tolerant place that stands as well elsewhere. The old side, cut once, reads as a
 * merged hunk's two pieces (the lines between left out) wherever one piece fits: found puts
 * both pieces somewhere, and one of them may fit as well (or better) at another place on the
 * same side of the other piece, with a stretch of file lines between them. A model that merges
 * two hunks also drops or miscopies lines, so each piece is weighed by the same slips (a line
 * left out on either side, a line miscopied or cut short) wherever it stands: when the other
 * place costs no more, counting the stretch between the pieces as one more slip, the reply does
 * not say which copy it changes, and the edit is refused. How far apart the pieces stand is not
 * evidence: a merged hunk skips any stretch (SM_PIECES_MAX_GAP).
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <string.h>

#define INF ((size_t)-1 / 4)

/* Lines are compared indentation-blind: a piece keeps its lines' depth where it stands, and
 * found's tier may have shifted it (the alignment's seeds are the same copies). */
static int same(const sm_image *im, size_t f, const sm_line *o)
{
	return sm_line_h(sm_ln(im, f), SM_LVL_INDENT) == sm_line_h(o, SM_LVL_INDENT);
}

/* 1 when old line o may stand for file line f without being as written: a miscopy at the
 * context bar or the line cut short, both read from their first non-blank byte. */
static int loose(const sm_line *o, const sm_line *f)
{
	size_t oi, fi;

	if (o->blank || f->blank)
		return 0;
	oi = sm_text_indent_len(o->p, o->n);
	fi = sm_text_indent_len(f->p, f->n);
	return sm_cut_text(o->p + oi, o->n - oi, f->p + fi, f->n - fi) ||
	       sm_text_similar(o->p + oi, o->n - oi, f->p + fi, f->n - fi, SM_MIN_CTX_SIMILARITY);
}

static size_t skip_cost(const sm_line *l)
{
	return l->blank ? SM_PIECE_SLIP_BLANK : SM_PIECE_SLIP;
}

/* Old line i standing on no file line: made up, or an addition that lost its mark. A blank
 * line at either end of the old side is the one slip of the kind a model often makes (a block
 * copied with a blank line around it); inside, as unlikely as a line of substance. */
static size_t made_cost(const sm_medit *e, size_t i)
{
	return e->seq[e->old[i]].l.blank && (i == 0 || i + 1 == e->nold) ? SM_PIECE_SLIP_BLANK
	                                                                 : SM_PIECE_SLIP_MADE;
}

/* The cost of old line o standing on file line f: as written, loose, or not at all. */
static size_t pair_cost(const sm_image *im, size_t f, const sm_line *o)
{
	if (same(im, f, o))
		return 0;
	return loose(o, sm_ln(im, f)) ? SM_PIECE_SLIP : INF;
}

static int placed(const sm_cand *found, size_t i)
{
	return found->lo[i] != SM_NOLINE && found->hi[i] > found->lo[i];
}

static size_t file_cost(const sm_image *im, size_t from, size_t to)
{
	size_t n = 0;

	for (; from < to; from++)
		n += skip_cost(sm_ln(im, from));
	return n;
}

/* File lines [from, to) passed over between two old lines: each a slip, a stretch one merge
 * at most (found may read a merged hunk inside the piece). */
static size_t stretch_cost(const sm_image *im, size_t from, size_t to)
{
	size_t n = 0;

	for (; from < to && n < SM_PIECE_SLIP_MERGE; from++)
		n += skip_cost(sm_ln(im, from));
	return n > SM_PIECE_SLIP_MERGE ? SM_PIECE_SLIP_MERGE : n;
}

/* What found's reading of old lines [a, z) costs: lines it places on no file line or not as
 * written, file lines it lets go between two of them. */
static size_t found_cost(const sm_mctx *c, const sm_cand *found, size_t a, size_t z)
{
	const sm_medit *e = c->e;
	size_t i, n = 0, last = SM_NOLINE;

	for (i = a; i < z; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (!placed(found, i)) {
			n += made_cost(e, i);
			continue;
		}
		/* a line on a file line it is neither a miscopy of nor cut from costs what the
		   walk charges for it (pair_cost: standing on no line), or found would be
		   weighed by a bar its rival is not held to */
		if (!same(c->im, found->lo[i], o))
			n += loose(o, sm_ln(c->im, found->lo[i])) ? SM_PIECE_SLIP : made_cost(e, i);
		n += file_cost(c->im, found->lo[i] + 1, found->hi[i]);
		if (last != SM_NOLINE)
			n += found->lo[i] >= last ? stretch_cost(c->im, last, found->lo[i])
			                          : SM_PIECE_SLIP;
		last = found->hi[i];
	}
	return n;
}

static size_t solid_lines(const sm_medit *e, size_t a, size_t z)
{
	size_t n = 0;

	for (; a < z; a++)
		n += !e->seq[e->old[a]].l.blank;
	return n;
}

/* 1 when moving old lines [a, z) (with the additions on the cut's side: before k for the
 * second piece, after it for the first) writes another file: the piece changes something. */
static int piece_changes(const sm_medit *e, size_t a, size_t z, int second)
{
	size_t s = second ? (a ? e->old[a - 1] + 1 : 0) : 0;
	size_t t = second ? e->nseq : (z < e->nold ? e->old[z] : e->nseq);

	for (; s < t; s++)
		if (e->seq[s].kind != SM_HL_CTX && !(e->seq[s].kind == SM_HL_DEL && e->seq[s].keep))
			return 1;
	return 0;
}

/*
 * One alignment of old lines taken from an end of the edit towards the other, against file
 * lines taken from an end of a window the same way (dir 1: old lines from 0 and the file from
 * wlo up; dir -1: old lines from m - 1 and the file from whi - 1 down). t[i][j]: the least cost
 * of the first i old lines on the first j file lines, the file lines before the first free.
 */
typedef struct walk {
	size_t *t, m, w, wlo, whi;
	int dir;
	/* per piece length L (piece_open, asked once per side): where found puts the other
	   piece's inner end, and what found's reading of the piece costs (INF: no rival) */
	size_t *pb, *cost;
} walk;

static size_t old_at(const walk *k, size_t i)
{
	return k->dir > 0 ? i : k->m - 1 - i;
}

static size_t file_at(const walk *k, size_t j)
{
	return k->dir > 0 ? k->wlo + j : k->whi - 1 - j;
}

#define T(k, i, j) ((k)->t[(i) * ((k)->w + 1) + (j)])

static void walk_fill(const sm_mctx *c, walk *k)
{
	const sm_medit *e = c->e;
	size_t i, j;

	for (j = 0; j <= k->w; j++)
		T(k, 0, j) = 0;
	for (i = 1; i <= k->m; i++) {
		const sm_line *o = &e->seq[e->old[old_at(k, i - 1)]].l;
		T(k, i, 0) = T(k, i - 1, 0) + made_cost(e, old_at(k, i - 1));
		for (j = 1; j <= k->w; j++) {
			size_t v = T(k, i - 1, j) + made_cost(e, old_at(k, i - 1)),
			       d = T(k, i - 1, j - 1), f = T(k, i, j - 1);
			size_t p = pair_cost(c->im, file_at(k, j - 1), o);
			if (d < INF && p < INF && d + p < v)
				v = d + p;
			if (f < INF && f + skip_cost(sm_ln(c->im, file_at(k, j - 1))) < v)
				v = f + skip_cost(sm_ln(c->im, file_at(k, j - 1)));
			T(k, i, j) = v < INF ? v : INF;
		}
	}
}

/* The file line each of the first i old lines stands on along the best path to (i, j)
 * (at[old line], SM_NOLINE when on none); the number of distinctive lines as written, or
 * loose where found too puts them not as written (the same slip on both sides: a miscopy or
 * a line cut short names its copy as well as found's). */
static size_t walk_back(const sm_mctx *c, const sm_cand *found, const walk *k, size_t i, size_t j,
                        size_t *at)
{
	const sm_medit *e = c->e;
	size_t n = 0;

	while (i > 0) {
		const sm_line *o = &e->seq[e->old[old_at(k, i - 1)]].l;
		size_t v = T(k, i, j);
		if (j > 0) {
			size_t p = pair_cost(c->im, file_at(k, j - 1), o);
			if (p < INF && T(k, i - 1, j - 1) + p == v) {
				at[old_at(k, i - 1)] = file_at(k, j - 1);
				n += sm_line_of_substance(o) &&
				     (!p || !placed(found, old_at(k, i - 1)) ||
				      !same(c->im, found->lo[old_at(k, i - 1)], o));
				i--;
				j--;
				continue;
			}
			if (T(k, i, j - 1) + skip_cost(sm_ln(c->im, file_at(k, j - 1))) == v) {
				j--;
				continue;
			}
		}
		at[old_at(k, i - 1)] = SM_NOLINE;
		i--;
	}
	return n;
}

/* 1 when a file line in [from, to) is not blank. */
static int solid_between(const sm_image *im, size_t from, size_t to)
{
	for (; from < to; from++)
		if (!sm_ln(im, from)->blank)
			return 1;
	return 0;
}

/* The first (last) placed old line of [a, z) in found, SM_NOLINE when none. */
static size_t first_placed(const sm_cand *found, size_t a, size_t z, int last)
{
	size_t i;

	if (!last) {
		for (i = a; i < z; i++)
			if (placed(found, i))
				return i;
		return SM_NOLINE;
	}
	for (i = z; i-- > a;)
		if (placed(found, i))
			return i;
	return SM_NOLINE;
}

/* Whether the piece of the L old lines at the dir end may have a rival at all, whatever the
 * file holds elsewhere: it changes something, holds a line of substance, and found reads it
 * with slips enough (fc + across, *cost) that a piece as written elsewhere plus a merge could
 * cost no more. *pb: where found puts the other piece's inner end. */
static int piece_open(const sm_mctx *c, const sm_cand *found, int dir, size_t L, size_t *pb,
                      size_t *cost)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, i, fc, across;
	/* the piece: old lines [a, z), the other piece [oa, oz) */
	size_t a = dir > 0 ? 0 : m - L, z = dir > 0 ? L : m;
	size_t oa = dir > 0 ? L : 0, oz = dir > 0 ? m : m - L;
	size_t ob = first_placed(found, oa, oz, dir < 0);

	if (ob == SM_NOLINE || !piece_changes(e, a, z, dir < 0) || solid_lines(e, a, z) < 1)
		return 0;
	*pb = dir > 0 ? found->lo[ob] : found->hi[ob];
	/* found's cost of this piece, and of the lines it lets go across the cut (a stretch
	   passed over costs one slip at most: a merged hunk's) */
	fc = found_cost(c, found, a, z);
	i = first_placed(found, a, z, dir > 0);
	if (i == SM_NOLINE)
		return 0;
	across = dir > 0 ? stretch_cost(c->im, found->hi[i], *pb)
	                 : stretch_cost(c->im, *pb, found->lo[i]);
	*cost = fc + across;
	return *cost >= SM_PIECE_SLIP_MERGE;
}

/* The cheapest piece of the walk, cut at each k, that stands apart from found and beyond its
 * other piece, weighed against found; 1 and *at when one costs no more. */
static int walk_judge(const sm_mctx *c, const sm_cand *found, walk *k, size_t *at, size_t *buf)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, L, j, i;

	for (L = 1; L < m; L++) {
		size_t a = k->dir > 0 ? 0 : m - L, z = k->dir > 0 ? L : m;
		size_t pb = k->pb[L], cost = k->cost[L], best = INF, bj = 0, ends, d;
		if (cost == INF)
			continue;
		for (j = 1; j <= k->w; j++) {
			size_t f = file_at(k, j - 1);
			if (k->dir > 0 ? f >= pb : f < pb)
				break;
			if (T(k, L, j) < best) {
				best = T(k, L, j);
				bj = j;
			}
		}
		if (best == INF || best + SM_PIECE_SLIP_MERGE > cost)
			continue;
		for (i = 0; i < m; i++)
			buf[i] = SM_NOLINE;
		d = walk_back(c, found, k, L, bj, buf);
		if (d < 1)
			continue;
		/* the piece's inner end, and the stretch to the other piece */
		ends = SM_NOLINE;
		for (i = a; i < z; i++)
			if (buf[i] != SM_NOLINE) {
				if (found->lo[i] == buf[i] && !e->seq[e->old[i]].l.blank)
					break;
				if (k->dir > 0 || ends == SM_NOLINE)
					ends = k->dir > 0 ? buf[i] + 1 : buf[i];
			}
		if (i < z || ends == SM_NOLINE)
			continue;
		if (k->dir > 0 ? (ends >= pb || pb - ends > SM_PIECES_MAX_GAP ||
		                  !solid_between(c->im, ends, pb))
		               : (ends <= pb || ends - pb > SM_PIECES_MAX_GAP ||
		                  !solid_between(c->im, pb, ends)))
			continue;
		/* named by its first line of substance */
		for (i = a; i < z && (buf[i] == SM_NOLINE || e->seq[e->old[i]].l.blank); i++)
			;
		*at = i < z ? buf[i] : ends;
		return 1;
	}
	return 0;
}

/* 1 when the edit claims the number of its first old line and found's first placed old line
 * stands on that line (counted from it): the first piece is placed by the reply. */
static int hint_agrees(const sm_mctx *c, const sm_cand *found)
{
	const sm_medit *e = c->e;
	size_t i = first_placed(found, 0, e->nold, 0);

	if (e->hint_start <= 0 || e->in_order || e->after_anchor || i == SM_NOLINE)
		return 0;
	return sm_image_orig_near(c->im, found->lo[i]) == e->hint_start + (long)i;
}

int sm_piece_moved_rival(const sm_mctx *c, const sm_cand *found, size_t *at)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, i, d0 = SM_NOLINE, d1 = SM_NOLINE, side, x, np, *buf = NULL;
	const size_t *pp = NULL;
	sm_occ local = {0};
	const sm_occ *t;
	walk k = {0};
	int rc = 0;

	*at = SM_NOLINE;
	if (!found->lo || m < 2 || m > SM_PIECE_RIVAL_MAX_LINES || e->old_no)
		return 0;
	for (i = 0; i < m; i++)
		if (e->seq[e->old[i]].elide)
			return 0;
	t = sm_occ_for(c, &local);
	if (!t)
		return SEAM_ENOMEM;
	/* the pieces are sought from the copies of the first (last) distinctive line that the
	   file holds (a line cut short or miscopied has none) */
	for (i = 0; i < m; i++)
		if (sm_line_of_substance(&e->seq[e->old[i]].l) && sm_occ_places(t, i, &pp) > 1) {
			if (d0 == SM_NOLINE)
				d0 = i;
			d1 = i;
		}
	if (d0 == SM_NOLINE) {
		sm_occ_free(&local);
		return 0;
	}
	k.m = m;
	k.w = m + 2 * SM_PIECE_RIVAL_SLACK;
	k.t = sm_malloc(((m + 1) * (k.w + 1) + 3 * m) * sizeof(*k.t));
	if (!k.t) {
		sm_occ_free(&local);
		return SEAM_ENOMEM;
	}
	buf = k.t + (m + 1) * (k.w + 1);
	k.pb = buf + m;
	k.cost = k.pb + m;
	for (side = 0; side < 2 && !rc; side++) {
		size_t d = side ? d1 : d0, L, pbmin = SM_NOLINE, pbmax = 0;
		/* a first line the reply numbers, standing where found puts it, places the
		   first piece */
		if (!side && hint_agrees(c, found))
			continue;
		k.dir = side ? -1 : 1;
		/* the pieces that may have a rival, and where their other piece stands: a rival
		   stands before it (after it) within a merge's stretch, so copies further away
		   are no rival's (a line like "{" has thousands in a large file) */
		for (L = 1; L < m; L++) {
			if (!piece_open(c, found, k.dir, L, &k.pb[L], &k.cost[L])) {
				k.cost[L] = INF;
				continue;
			}
			pbmin = k.pb[L] < pbmin ? k.pb[L] : pbmin;
			pbmax = k.pb[L] > pbmax ? k.pb[L] : pbmax;
		}
		if (pbmin == SM_NOLINE)
			continue;
		np = sm_occ_places(t, d, &pp);
		for (x = 0; x < np && !rc; x++) {
			size_t p = pp[x];
			if (p == found->lo[d])
				continue;
			if (k.dir > 0) {
				k.wlo =
				    p > d + SM_PIECE_RIVAL_SLACK ? p - d - SM_PIECE_RIVAL_SLACK : 0;
				if (k.wlo < c->lo)
					k.wlo = c->lo;
				k.whi = k.wlo + k.w < c->hi ? k.wlo + k.w : c->hi;
			} else {
				k.whi = p + (m - d) + SM_PIECE_RIVAL_SLACK;
				if (k.whi > c->hi)
					k.whi = c->hi;
				k.wlo = k.whi > c->lo + k.w ? k.whi - k.w : c->lo;
			}
			if (k.whi <= k.wlo ||
			    (k.dir > 0 ? k.wlo >= pbmax || k.whi + SM_PIECES_MAX_GAP < pbmin
			               : k.whi <= pbmin || k.wlo > pbmax + SM_PIECES_MAX_GAP))
				continue;
			if (sm_budget_charge(c->budget,
			                     (uint64_t)(m + 1) * (k.w + 1) * 2 + (uint64_t)m * m))
				goto out;
			{
				size_t w = k.w;
				k.w = k.whi - k.wlo;
				walk_fill(c, &k);
				rc = walk_judge(c, found, &k, at, buf);
				k.w = w;
			}
		}
	}
out:
	sm_free(k.t);
	sm_occ_free(&local);
	return rc;
}
