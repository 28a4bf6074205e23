/*
 * A rival of a tolerant place: a merged hunk's reading. A tolerant tier places the whole old
 * side at one place, letting lines go or taking some on trust; the same old side cut once
 * between two of its lines may instead stand as two pieces, one of them as written at another
 * place, the other where the tolerant place put it, with file lines between them (two hunks
 * merged with no divider). When the tolerant place puts that piece anywhere but as written
 * (a line left out inside it, a blank line let go, a miscopy), the two readings fit the reply
 * in different ways and write different files: the edit is refused as ambiguous rather than
 * written at the first. A piece standing as written in the tolerant place too is that
 * reading's, and names no rival. An old side with an elision marker is read so too: the
 * marker says where the model left lines out, not that it left out no others (a merged hunk
 * skips a stretch without one); only the piece standing as written may not hold it.
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <string.h>

static int same(const sm_image *im, size_t f, const sm_line *o)
{
	return f < im->n && sm_line_h(sm_ln(im, f), SM_LVL_TYPO) == sm_line_h(o, SM_LVL_TYPO);
}

/* What found says of its pieces, per cut k (arrays of m + 1): the first file line it puts
 * old lines [0, k) on and one past the last (top_lo, top_hi), the same for [k, m) (bot_lo,
 * bot_hi; SM_NOLINE when none of them is in the file), and how many of the first (last) old
 * lines it puts one after another as written (*head, *tail). */
typedef struct edges {
	size_t *top_lo, *top_hi, *bot_lo, *bot_hi, head, tail;
} edges;

static int line_as_written(const sm_mctx *c, const sm_cand *found, size_t i)
{
	return found->lo[i] != SM_NOLINE && found->hi[i] == found->lo[i] + 1 &&
	       same(c->im, found->lo[i], &c->e->seq[c->e->old[i]].l);
}

static int edges_of(const sm_mctx *c, const sm_cand *found, edges *g)
{
	size_t m = c->e->nold, i;

	g->top_lo = sm_malloc(4 * (m + 1) * sizeof(size_t));
	if (!g->top_lo)
		return SEAM_ENOMEM;
	g->top_hi = g->top_lo + (m + 1);
	g->bot_lo = g->top_hi + (m + 1);
	g->bot_hi = g->bot_lo + (m + 1);
	g->top_lo[0] = g->top_hi[0] = g->bot_lo[m] = g->bot_hi[m] = SM_NOLINE;
	for (i = 0; i < m; i++) {
		size_t lo = found->lo[i], hi = found->hi[i], in = lo != SM_NOLINE && hi > lo;
		g->top_lo[i + 1] =
		    in && (g->top_lo[i] == SM_NOLINE || lo < g->top_lo[i]) ? lo : g->top_lo[i];
		g->top_hi[i + 1] =
		    in && (g->top_hi[i] == SM_NOLINE || hi > g->top_hi[i]) ? hi : g->top_hi[i];
	}
	for (i = m; i-- > 0;) {
		size_t lo = found->lo[i], hi = found->hi[i], in = lo != SM_NOLINE && hi > lo;
		g->bot_lo[i] = in && (g->bot_lo[i + 1] == SM_NOLINE || lo < g->bot_lo[i + 1])
		                   ? lo
		                   : g->bot_lo[i + 1];
		g->bot_hi[i] = in && (g->bot_hi[i + 1] == SM_NOLINE || hi > g->bot_hi[i + 1])
		                   ? hi
		                   : g->bot_hi[i + 1];
	}
	for (g->head = 0; g->head < m && line_as_written(c, found, g->head) &&
	                  found->lo[g->head] == found->lo[0] + g->head;
	     g->head++)
		;
	for (g->tail = 0; g->tail < m && line_as_written(c, found, m - 1 - g->tail) &&
	                  found->lo[m - 1 - g->tail] + g->tail == found->lo[m - 1];
	     g->tail++)
		;
	return 0;
}

/* 1 when found puts some old line of [a, z) on the very file line a piece of them standing
 * from p would: the same reading of that line, not another place (a twin of a line moved
 * beside its copy). Pieces that merely overlap, each line elsewhere, are two readings. */
static int shares_line(const sm_cand *found, size_t a, size_t z, size_t p)
{
	size_t i;

	for (i = a; i < z; i++)
		if (found->lo[i] == p + (i - a))
			return 1;
	return 0;
}

/* 1 when a file line in [from, to) is not blank: halves with only blank lines between are a
 * blank line let go (the blank-lines tier's reading), no stretch a merged hunk passed over.
 * Charged to the budget (0 when it runs out: no rival found, as sm_exact_rival's). */
static int solid_between(const sm_mctx *c, size_t from, size_t to)
{
	const sm_image *im = c->im;

	if (sm_budget_charge(c->budget, to - from))
		return 0;
	for (; from < to; from++)
		if (!sm_ln(im, from)->blank)
			return 1;
	return 0;
}

/* 1 when some cut k has its piece standing as written at exactly one place (*at): a piece
 * that stands at several (a ")" and a call's first line, repeated down a table) is a common
 * run of lines, not a place the reply names. */
static int one_place(const size_t *cnt, const size_t *first, size_t m, size_t *at)
{
	size_t k;

	for (k = 1; k < m; k++)
		if (cnt[k] == 1) {
			*at = first[k];
			return 1;
		}
	return 0;
}

/* The first and last lines of substance of e's old side (*a0, *a1), elision markers among
 * them: 1 when there are two. Unlike sm_pieces_ends, a marker does not rule the reading out
 * here: the piece found puts where it did may hold it (the elision it says), only the piece
 * standing as written elsewhere must not (a marker at its outer end: that side is skipped). */
static int cut_ends(const sm_medit *e, size_t *a0, size_t *a1)
{
	size_t i;

	*a0 = *a1 = SM_NOLINE;
	for (i = 0; i < e->nold; i++)
		if (!e->seq[e->old[i]].l.blank) {
			if (*a0 == SM_NOLINE)
				*a0 = i;
			*a1 = i;
		}
	return *a0 != SM_NOLINE && *a0 != *a1;
}

/* 1 when old line o may stand for file line f with neither as written: a miscopy of it at the
 * context bar (SM_MIN_CTX_SIMILARITY, its indentation the same), or the line cut short
 * (sm_cut_text). */
static int loose_pair(const sm_line *o, const sm_line *f)
{
	size_t oi, fi;

	if (o->blank || f->blank)
		return 0;
	if (sm_cut_text(o->p, o->n, f->p, f->n))
		return 1;
	oi = sm_text_indent_len(o->p, o->n);
	fi = sm_text_indent_len(f->p, f->n);
	return oi == fi && !memcmp(o->p, f->p, oi) &&
	       sm_text_similar(o->p, o->n, f->p, f->n, SM_MIN_CTX_SIMILARITY);
}

/* How loosely found puts piece [a, z) of the old side, cut at k (a == k or z == k): its old
 * lines of substance standing on no file line or on one not as written, and the file lines of
 * substance it lets go between two of them or across the cut (which the halves' reading
 * passes over as the stretch between them). */
static size_t piece_looseness(const sm_mctx *c, const sm_cand *found, size_t a, size_t z, size_t k)
{
	const sm_medit *e = c->e;
	size_t i, f, n = 0, from = SM_NOLINE, lo = a == k ? k - 1 : a, hi = z == k ? k + 1 : z;

	/* a line per old line and per file line of found's place at most (0 when spent: no
	   rival, as sm_exact_rival's) */
	if (sm_budget_charge(c->budget, (uint64_t)(hi - lo) + (found->end - found->start)))
		return 0;
	for (i = lo; i < hi; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		int in = i >= a && i < z;
		if (found->lo[i] == SM_NOLINE || found->hi[i] <= found->lo[i]) {
			n += in && !o->blank;
			continue;
		}
		n += in && !o->blank && !line_as_written(c, found, i);
		if (from != SM_NOLINE)
			for (f = from; f < found->lo[i] && f < c->im->n; f++)
				n += !sm_ln(c->im, f)->blank;
		if (from == SM_NOLINE || found->hi[i] > from)
			from = found->hi[i];
	}
	return n;
}

/* How many of old lines [a, z) stand one after another from file line p, as written but for
 * one line at most that is a miscopy or cut short (loose_pair; *loose its index, SM_NOLINE
 * when none). */
static size_t walk_loose(const sm_mctx *c, size_t a, size_t z, size_t p, size_t *loose)
{
	const sm_medit *e = c->e;
	size_t i;

	*loose = SM_NOLINE;
	for (i = a; i < z && p + (i - a) < c->hi; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		/* a marker stands for lines, never on one (as sm_cut_rival's own walks) */
		if (e->seq[e->old[i]].elide)
			break;
		if (same(c->im, p + (i - a), o))
			continue;
		if (*loose != SM_NOLINE || !loose_pair(o, sm_ln(c->im, p + (i - a))))
			break;
		*loose = i;
	}
	return i - a;
}

/*
 * The same rival with one line of the piece not as written (a miscopy or a line cut short):
 * where found puts that piece with at least three lines loose (lines let go inside it or
 * across the cut, lines miscopied), two halves with the one line loose and a stretch passed
 * over between them (a second thing the reply got wrong) fit the reply better, the other half
 * being where found puts it; with two, a context line left out beside a miscopy reads as
 * well as two hunks merged. The first piece is sought from the places of its
 * first line of substance, the second from those of the line it starts with. 1 and *at as
 * sm_cut_rival's.
 */
static int cut_rival_loose(const sm_mctx *c, const sm_cand *found, const edges *g,
                           const size_t *solid, const size_t *dist, size_t *cnt, size_t *first,
                           size_t a0, const sm_occ *t, size_t *at)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, x, k, len, np, loose;
	const size_t *pp = NULL;

	/* a first piece old[0, k) from p, the second where found put it */
	memset(cnt, 0, (m + 1) * sizeof(*cnt));
	np = e->seq[e->old[a0]].elide ? 0 : sm_occ_places(t, a0, &pp);
	if (sm_budget_charge(c->budget, (uint64_t)np * m))
		return 0;
	for (x = 0; x < np; x++) {
		size_t p = pp[x] >= a0 ? pp[x] - a0 : SM_NOLINE;
		if (p == SM_NOLINE || p < c->lo)
			continue;
		len = walk_loose(c, 0, m - 1, p, &loose);
		for (k = loose == SM_NOLINE ? len + 1 : loose + 1; k <= len; k++) {
			size_t below = g->bot_lo[k];
			if (dist[k] < SM_PIECES_MIN_SOLID ||
			    solid[m] - solid[k] < SM_PIECES_MIN_SOLID || below == SM_NOLINE ||
			    p + k >= below || below - (p + k) > SM_PIECES_MAX_GAP || k <= g->head ||
			    !solid_between(c, p + k, below))
				continue;
			if (shares_line(found, 0, k, p))
				continue;
			if (piece_looseness(c, found, 0, k, k) < 3)
				continue;
			if (!cnt[k]++)
				first[k] = p;
		}
	}
	if (one_place(cnt, first, m, at))
		return 1;
	/* a second piece old[k, m) from p, the first where found put it */
	memset(cnt, 0, (m + 1) * sizeof(*cnt));
	for (k = 1; k < m; k++) {
		size_t above = g->top_hi[k];
		if (e->seq[e->old[k]].l.blank || solid[k] < SM_PIECES_MIN_SOLID ||
		    dist[m] - dist[k] < SM_PIECES_MIN_SOLID || above == SM_NOLINE ||
		    m - k <= g->tail)
			continue;
		np = sm_occ_places(t, k, &pp);
		if (sm_budget_charge(c->budget, (uint64_t)np * (m - k)))
			return 0;
		for (x = 0; x < np; x++) {
			size_t p = pp[x];
			if (p < c->lo || p <= above || p - above > SM_PIECES_MAX_GAP ||
			    walk_loose(c, k, m, p, &loose) != m - k || loose == SM_NOLINE ||
			    !solid_between(c, above, p))
				continue;
			if (shares_line(found, k, m, p))
				continue;
			if (piece_looseness(c, found, k, m, k) < 3)
				continue;
			if (!cnt[k]++)
				first[k] = p;
		}
	}
	return one_place(cnt, first, m, at);
}

int sm_cut_rival(const sm_mctx *c, const sm_cand *found, size_t *at)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t m = e->nold, i, a0 = SM_NOLINE, a1 = SM_NOLINE, np, ns, x, k, len, *solid, *cnt,
	       *first, *dist;
	const size_t *pp = NULL, *ps = NULL;
	sm_occ local = {0};
	const sm_occ *t;
	edges g = {0};
	int rc = 0;

	*at = SM_NOLINE;
	if (m < 2 * SM_PIECES_MIN_SOLID || !found->lo || found->cut)
		return 0;
	if (!cut_ends(e, &a0, &a1))
		return 0;
	t = sm_occ_for(c, &local);
	if (!t)
		return SEAM_ENOMEM;
	np = e->seq[e->old[a0]].elide ? 0 : sm_occ_places(t, a0, &pp);
	ns = e->seq[e->old[a1]].elide ? 0 : sm_occ_places(t, a1, &ps);
	solid = sm_malloc(4 * (m + 1) * sizeof(*solid));
	if (!solid || edges_of(c, found, &g)) {
		sm_free(solid);
		sm_occ_free(&local);
		return SEAM_ENOMEM;
	}
	cnt = solid + (m + 1);
	first = cnt + (m + 1);
	dist = first + (m + 1);
	solid[0] = dist[0] = 0;
	for (i = 0; i < m; i++) {
		solid[i + 1] = solid[i] + !e->seq[e->old[i]].l.blank;
		dist[i + 1] = dist[i] + sm_line_of_substance(&e->seq[e->old[i]].l);
	}
	/* a line per place and per old line at most */
	if (sm_budget_charge(c->budget, (uint64_t)(np + ns) * m))
		goto out;
	/* a first piece old[0, k) as written from p, the second where found put it, below */
	memset(cnt, 0, (m + 1) * sizeof(*cnt));
	for (x = 0; x < np; x++) {
		size_t p = pp[x] >= a0 ? pp[x] - a0 : SM_NOLINE;
		if (p == SM_NOLINE || p < c->lo)
			continue;
		for (len = 0; len < m - 1 && p + len < c->hi && !e->seq[e->old[len]].elide &&
		              same(im, p + len, &e->seq[e->old[len]].l);
		     len++)
			;
		for (k = 1; k <= len; k++) {
			size_t below = g.bot_lo[k];
			if (dist[k] < SM_PIECES_MIN_SOLID ||
			    solid[m] - solid[k] < SM_PIECES_MIN_SOLID || below == SM_NOLINE ||
			    p + k >= below || below - (p + k) > SM_PIECES_MAX_GAP || k <= g.head ||
			    !solid_between(c, p + k, below))
				continue;
			/* not a line of it where found puts it (a twin of a line moved) */
			if (shares_line(found, 0, k, p))
				continue;
			if (!cnt[k]++)
				first[k] = p;
		}
	}
	rc = one_place(cnt, first, m, at);
	if (rc)
		goto out;
	/* a second piece old[k, m) as written up to end, the first where found put it, above */
	memset(cnt, 0, (m + 1) * sizeof(*cnt));
	for (x = 0; x < ns; x++) {
		size_t end = ps[x] + (m - 1 - a1) + 1;
		if (end > c->hi)
			continue;
		for (len = 0;
		     len < m - 1 && len < end - c->lo && !e->seq[e->old[m - 1 - len]].elide &&
		     same(im, end - 1 - len, &e->seq[e->old[m - 1 - len]].l);
		     len++)
			;
		for (k = m - len; k < m; k++) {
			size_t above = g.top_hi[k], from = end - (m - k);
			if (!k || solid[k] < SM_PIECES_MIN_SOLID ||
			    dist[m] - dist[k] < SM_PIECES_MIN_SOLID || above == SM_NOLINE ||
			    from <= above || from - above > SM_PIECES_MAX_GAP || m - k <= g.tail ||
			    !solid_between(c, above, from))
				continue;
			if (shares_line(found, k, m, from))
				continue;
			if (!cnt[k]++)
				first[k] = from;
		}
	}
	rc = one_place(cnt, first, m, at);
	if (!rc) {
		rc = cut_rival_loose(c, found, &g, solid, dist, cnt, first, a0, t, at);
		rc = rc ? 2 : 0;
	}
out:
	sm_free(g.top_lo);
	sm_free(solid);
	sm_occ_free(&local);
	return rc;
}

/* 1 when line l of the edit stands on file line f as written (trailing blanks aside) or, for a
 * place found shifted, as the piece's first line (o on file line g) does: the same text, its
 * indentation shifted as much (a re-indented block is re-indented throughout). */
static int stands_as(const sm_mctx *c, const sm_cand *found, const sm_line *l, size_t f,
                     const sm_line *o, size_t g)
{
	const sm_line *fl = sm_ln(c->im, f);

	if (!found->shifted)
		return fl->h_rstrip == l->h_rstrip;
	return fl->h_indent == l->h_indent && sm_shift_agrees(o, sm_ln(c->im, g), l, fl);
}

/* 1 when old line l stands on file line f cut short as the tolerant tiers take it (sm_cut_text),
 * l holding SM_TRUNCATED_MIN_CHARS of substance. */
static int cut_short_on(const sm_mctx *c, const sm_line *l, size_t f)
{
	const sm_line *fl = sm_ln(c->im, f);

	return sm_line_solid_chars(l, SM_TRUNCATED_MIN_CHARS) >= SM_TRUNCATED_MIN_CHARS &&
	       sm_cut_text(l->p, l->n, fl->p, fl->n);
}

/* 1 when old lines [a, z) of e fit from file line p as written (trailing blanks aside; shifted
 * as a whole as found is), the new side's lines of substance added between two of them standing
 * between them too, at least one; *end gets one past the last. slips: how many old lines
 * (not the first) may stand cut short instead (a place found loosely took as much). */
static int fits_with_adds(const sm_mctx *c, const sm_cand *found, size_t a, size_t z, size_t p,
                          size_t *end, int slips)
{
	const sm_medit *e = c->e;
	const sm_line *o = &e->seq[e->old[a]].l;
	size_t k, j = p, adds = 0;

	for (k = e->old[a]; k <= e->old[z - 1]; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD) {
			if (!ml->l.blank && j < c->hi && stands_as(c, found, &ml->l, j, o, p)) {
				j++;
				adds++;
			}
			continue;
		}
		if (j >= c->hi)
			return 0;
		if (!stands_as(c, found, &ml->l, j, o, p) &&
		    (k == e->old[a] || found->shifted || slips-- <= 0 ||
		     !cut_short_on(c, &ml->l, j)))
			return 0;
		j++;
	}
	*end = j;
	return adds > 0;
}

/* The old line a place found loosely (no cut of its own) resumes at after the widest stretch of
 * file lines it lets go that holds a line of substance: where a merged hunk's second half
 * begins; 0 when it lets none go. */
static size_t loose_cut(const sm_mctx *c, const sm_cand *found)
{
	const sm_medit *e = c->e;
	size_t i, prev = SM_NOLINE, best = 0, wide = 0;

	for (i = 0; i < e->nold; i++) {
		if (found->lo[i] == SM_NOLINE)
			continue;
		if (prev != SM_NOLINE && found->lo[i] > prev && found->lo[i] - prev > wide &&
		    solid_between(c, prev, found->lo[i])) {
			wide = found->lo[i] - prev;
			best = i;
		}
		prev = found->hi[i];
	}
	return best;
}

/* 1 when file lines [p, end) share a line with the lines found reads old lines [a, z) on. */
static int overlaps(const sm_cand *found, size_t a, size_t z, size_t p, size_t end)
{
	size_t i, lo = SM_NOLINE, hi = 0;

	for (i = a; i < z; i++)
		if (found->lo[i] != SM_NOLINE && found->hi[i] > found->lo[i]) {
			lo = found->lo[i] < lo ? found->lo[i] : lo;
			hi = found->hi[i] > hi ? found->hi[i] : hi;
		}
	return lo != SM_NOLINE && p < hi && lo < end;
}

int sm_pieces_adds_rival(const sm_mctx *c, const sm_cand *found, size_t *at)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, cut = found->cut, side, x, n, end;
	const size_t *pos = NULL;
	sm_occ local = {0};
	const sm_occ *t;
	int rc = 0, loose = found->tier == SM_TIER_FUZZY || found->tier == SM_TIER_REPAIR;
	size_t cut0 = cut;

	*at = SM_NOLINE;
	if (!found->lo)
		return 0;
	/* a place found loosely across a stretch it lets go reads the hunk as merged all the
	   same, its halves on either side of that stretch; the rival half may slip as much as
	   one old line cut short (the place found took more than that) */
	if (!cut && loose)
		cut = loose_cut(c, found);
	if (!cut || cut >= m)
		return 0;
	t = sm_occ_for(c, &local);
	if (!t)
		return SEAM_ENOMEM;
	for (side = 0; side < 2 && !rc; side++) {
		size_t a = side ? cut : 0, z = side ? m : cut;
		/* the other piece's lines bound where this one may stand */
		size_t lo =
		    side ? found->hi[cut - 1] + 1
		         : (found->lo[cut] > SM_PIECES_MAX_GAP ? found->lo[cut] - SM_PIECES_MAX_GAP
		                                               : 0);
		size_t hi = side ? found->hi[cut - 1] + SM_PIECES_MAX_GAP : found->lo[cut] - 1;
		if (e->seq[e->old[a]].l.blank)
			continue;
		n = t->of_old[a] == SM_NOLINE ? 0 : t->s[t->of_old[a]].count;
		if (!n || n > SM_MAX_SEEDS)
			continue;
		pos = t->s[t->of_old[a]].pos;
		if (sm_budget_charge(c->budget, (uint64_t)n * (e->old[z - 1] - e->old[a] + 1)))
			break;
		for (x = 0; x < n && !rc; x++) {
			size_t p = pos[x];
			if (p < lo || p == found->lo[a] ||
			    !fits_with_adds(c, found, a, z, p, &end, loose) ||
			    (side ? p > hi : end > hi) ||
			    (loose && !cut0 && overlaps(found, a, z, p, end)))
				continue;
			*at = p;
			rc = 1;
		}
	}
	sm_occ_free(&local);
	return rc;
}

/* 1 when e's sequence holds a non-blank line of the new side only (an addition) between old
 * lines i and i + 1 (blank lines moved write a file different in whitespace only). */
static int adds_between(const sm_medit *e, size_t i)
{
	size_t k;

	for (k = e->old[i] + 1; k < e->old[i + 1]; k++)
		if (e->seq[k].kind == SM_HL_ADD && !e->seq[k].l.blank)
			return 1;
	return 0;
}

/* 1 when file lines f and g have the same text (trailing blanks and typography aside): an old
 * line stands on either at the same cost. */
static int twins(const sm_image *im, size_t f, size_t g)
{
	return sm_line_h(sm_ln(im, f), SM_LVL_TYPO) == sm_line_h(sm_ln(im, g), SM_LVL_TYPO);
}

/* 1 when old line i is a non-blank line e deletes. */
static int deleted(const sm_medit *e, size_t i)
{
	return e->seq[e->old[i]].kind == SM_HL_DEL && !e->seq[e->old[i]].keep &&
	       !e->seq[e->old[i]].l.blank;
}

size_t sm_gap_slide_rival(const sm_mctx *c, const sm_cand *found)
{
	const sm_medit *e = c->e;
	const sm_image *im = c->im;
	size_t m = e->nold, i, t, a, b, f;
	int solid;

	if (!found->lo || m < 2)
		return SM_NOLINE;
	if (sm_budget_charge(c->budget, (uint64_t)m * 4 + (found->end - found->start)))
		return SM_NOLINE;
	for (i = 1; i < m; i++) {
		if (found->lo[i - 1] == SM_NOLINE || found->hi[i - 1] != found->lo[i - 1] + 1 ||
		    found->lo[i] == SM_NOLINE || found->hi[i] != found->lo[i] + 1)
			continue;
		a = found->hi[i - 1];
		b = found->lo[i];
		if (b <= a)
			continue;
		for (solid = 0, f = a; f < b; f++)
			solid |= !sm_ln(im, f)->blank;
		if (!solid)
			continue;
		/* the stretch one line on at a time: old lines i.. onto the lines let go */
		for (t = 0; i + t < m && found->lo[i + t] == b + t &&
		            found->hi[i + t] == b + t + 1 && twins(im, a + t, b + t);
		     t++)
			if (deleted(e, i + t) || (t && adds_between(e, i + t - 1)))
				return a + t;
		/* ... or back: old lines ..i - 1 onto the lines let go */
		for (t = 0; t < i && found->lo[i - 1 - t] == a - 1 - t &&
		            found->hi[i - 1 - t] == a - t && twins(im, b - 1 - t, a - 1 - t);
		     t++)
			if (deleted(e, i - 1 - t) || (t && adds_between(e, i - 1 - t)))
				return b - 1 - t;
	}
	return SM_NOLINE;
}
