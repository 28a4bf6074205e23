/*
 * Fast apply's rival readings: the snippet aligned again under other prices or rules (only the
 * lines next to the markers as anchors, an edge line barred from its place, prices that find
 * lines moved, a block's body re-indented out of it). One that breaks no more anchors, costs
 * about as much and gives another file is a reading the reply does not rule out: plan_fast.c
 * refuses the snippet, naming it.
 */
#include "plan_fast_rival.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Takes off the anchor blocks' own weight (the lines standing with an edge line in the file:
 * add.hi 1, glue), keeping it in *hi and *glue for blocks_on, which puts it back; 0 or
 * SEAM_ENOMEM. */
static int blocks_off(fast *F, uint64_t **hi, unsigned char **glue)
{
	size_t k;

	*hi = sm_malloc(F->m * sizeof(**hi));
	*glue = sm_malloc(F->m);
	if (!*hi || !*glue) {
		sm_free(*hi);
		sm_free(*glue);
		*hi = NULL;
		*glue = NULL;
		return SEAM_ENOMEM;
	}
	for (k = 0; k < F->m; k++) {
		(*hi)[k] = F->it[k].add.hi;
		(*glue)[k] = (unsigned char)F->it[k].glue;
		if (F->it[k].add.hi == 1)
			F->it[k].add.hi = 0;
		F->it[k].glue = 0;
	}
	return 0;
}

static void blocks_on(fast *F, uint64_t *hi, unsigned char *glue)
{
	size_t k;

	for (k = 0; k < F->m; k++) {
		F->it[k].add.hi = hi[k];
		F->it[k].glue = glue[k];
	}
	sm_free(hi);
	sm_free(glue);
}

/* 1 when the snippet, aligned with only the lines next to its markers as anchors (not the
 * lines standing with them in the file), deletes fewer file lines than `use`, by more than the
 * snippet has lines, and gives another file (that alignment in *w), 0 when not, 2 when the budget cannot pay for the alignment,
 * SEAM_ENOMEM. F's costs are as they were after. */
int sm_fast_block_doubt(fast *F, const path *use, path *w, sm_budget *budget)
{
	size_t k, blocks = 0;
	uint64_t *hi;
	unsigned char *glue;
	int rv = 0;

	for (k = 0; k < F->m; k++)
		blocks += F->it[k].add.hi == 1 || F->it[k].glue;
	if (!blocks)
		return 0;
	/* an alignment's cells are matching work: the plan's budget pays for them */
	if (sm_budget_charge(budget, (uint64_t)(F->m + 1) * (F->n + 1)))
		return 2;
	if (blocks_off(F, &hi, &glue))
		return SEAM_ENOMEM;
	if (sm_fast_align(F) || sm_fast_trace(F, 0, w))
		rv = SEAM_ENOMEM;
	else
		/* a few more deletions are what the anchors are for (a run's short edge line,
		   a lone "}", is placed by the lines above it); more file lines than the
		   snippet has are code it neither shows nor marks, deleted only because a
		   copied block stands whole further on */
		rv = sm_fast_deletions(w) + F->m < sm_fast_deletions(use) &&
		     !sm_fast_same_result(F, use, w);
	blocks_on(F, hi, glue);
	return rv;
}

/* 1 when item x, placed by path P, has a line equal to it elsewhere in the file (by the
 * indentation-blind hash: a superset of equal lines). */
static int has_copy(const fast *F, const path *P, size_t x)
{
	uint64_t h = F->it[x].l.h_indent;
	size_t at = P->at[x];

	return sm_image_has(F->im, h, 0, at) || sm_image_has(F->im, h, at + 1, F->n);
}

/*
 * The line next to a marker places its run: the alignment puts it on the file line where the
 * run deletes fewest lines. But when that line stands at another place too, the run may fit
 * there nearly as well: a line moved by one place there against a line added here, one of
 * several equal lines deleted against none (a run "A, A" next to a marker over "A, A, A" reads
 * as unchanged, or as one A deleted). Aligned again with the edge line barred from its place
 * (the same prices and anchors, but a line deleted inside an anchor block costs nothing more:
 * a block the model copied with a line left out), an alignment that breaks no more
 * anchors, deletes at most SM_FAST_RIVAL_LINES more file lines, adds no more lines, deletes
 * lines between lines it keeps that the best does not (new_kept_dels) and gives another file
 * is a
 * reading the reply does not rule out: refused, naming the lines placed differently (*w holds
 * that alignment). base is the cost of the alignment `use` came from. 1 when refused, 0 when
 * not, 2 when the budget cannot pay for the alignments, SEAM_ENOMEM. F's costs are as they
 * were after.
 */
/* Whether path w has a run of deleted file lines between two lines it keeps (a deletion of
 * its own, not the old side of a change) that path u does not have, the same lines: 1 or 0;
 * SEAM_ENOMEM. */
static int new_kept_dels(const path *u, const path *w)
{
	size_t k, j, nu = 0, *ru = sm_malloc((u->n + 1) * 2 * sizeof(*ru));
	int pass, hit = 0;

	if (!ru)
		return SEAM_ENOMEM;
	for (pass = 0; pass < 2 && !hit; pass++) {
		const path *P = pass ? w : u;
		unsigned char before = 0;
		size_t start = 0;
		for (k = 0, j = 0; k < P->n && !hit; k++) {
			unsigned char mv = P->v[k];
			if (mv == MV_DEL && (!k || P->v[k - 1] != MV_DEL))
				start = j;
			if (mv == MV_DEL && before == MV_MATCH && k + 1 < P->n &&
			    P->v[k + 1] == MV_MATCH) {
				/* the run [start, j] between two kept lines */
				if (!pass) {
					ru[2 * nu] = start;
					ru[2 * nu++ + 1] = j;
				} else {
					size_t r;
					for (r = 0; r < nu && (ru[2 * r] != start || ru[2 * r + 1] != j);
					     r++)
						;
					hit = r == nu;
				}
			}
			if (mv != MV_DEL)
				before = mv;
			j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
		}
	}
	sm_free(ru);
	return hit;
}

/* A line a path deletes or adds, by its indentation-blind hash (h_indent): the file line or
 * the snippet item. */
typedef struct hline {
	uint64_t h;
	size_t at;
} hline;

static int cmp_hline(const void *a, const void *b)
{
	const hline *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The lines path P deletes (dels 1) or adds (dels 0), sorted by hash, in *out (sm_free it);
 * their count, or SEAM_ENOMEM as (size_t)-1. With kept set, the file lines its markers keep
 * instead. */
static size_t path_lines(const fast *F, const path *P, int dels, int kept, hline **out)
{
	size_t k, i = 0, j = 0, n = 0;
	hline *h = sm_malloc((P->n + 1) * sizeof(*h));

	if (!h)
		return (size_t)-1;
	for (k = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if ((kept && mv == MV_ABSORB) || (!kept && dels && mv == MV_DEL))
			h[n++] = (hline){sm_ln(F->im, j)->h_indent, j};
		else if (!kept && !dels && mv == MV_ADD)
			h[n++] = (hline){F->it[i].l.h_indent, i};
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	qsort(h, n, sizeof(*h), cmp_hline);
	*out = h;
	return n;
}

/* 1 when h is among the n sorted lines of v. */
static int has_hash(const hline *v, size_t n, uint64_t h)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].h < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].h == h;
}

/* What path P changes, for sm_fast_move_rival: the lines it deletes and adds, less the pairs of
 * a deleted line and an added one of the same text, indentation aside (a line moved: taken out
 * at one place, written at another, counted once), plus the lines it adds, in no such pair,
 * that its markers also keep from the file, among the lines with something to say
 * (sm_fast_twice_worthy: a copy of code the snippet does not show, which a move read as a copy
 * writes), in *size; the pairs in *moved, the lines it deletes in no pair in *loose. 0 or
 * SEAM_ENOMEM. */
static int moved_size(const fast *F, const path *P, size_t *size, size_t *moved, size_t *loose)
{
	hline *d = NULL, *a = NULL, *kept = NULL;
	size_t nd, na, nk, x = 0, y = 0, pairs = 0, copies = 0;
	int rv = SEAM_ENOMEM;

	nd = path_lines(F, P, 1, 0, &d);
	na = nd == (size_t)-1 ? nd : path_lines(F, P, 0, 0, &a);
	nk = na == (size_t)-1 ? na : path_lines(F, P, 0, 1, &kept);
	if (nk == (size_t)-1)
		goto out;
	while (y < na) {
		if (x < nd && d[x].h == a[y].h) {
			pairs++;
			x++;
			y++;
		} else if (x < nd && d[x].h < a[y].h) {
			x++;
		} else {
			copies += sm_fast_twice_worthy(&F->it[a[y].at].l) &&
			          has_hash(kept, nk, a[y].h);
			y++;
		}
	}
	*size = nd + na - pairs + copies;
	*moved = pairs;
	*loose = nd - pairs;
	rv = 0;
out:
	sm_free(d);
	sm_free(a);
	sm_free(kept);
	return rv;
}

/* 1 when traced path w is sm_fast_move_rival's rival of `use`: it gives another file, moves
 * lines, as many as `use` at least (moved_size), deletes no more lines that are no moved line's
 * old place (a reading that deletes code, or writes a copy, to match the snippet's new lines on
 * lines further on is what the deletion price rules out, not a move) and changes less, or as
 * much with a deletion of its own between lines it keeps (new_kept_dels). 0 when not,
 * SEAM_ENOMEM. */
static int move_path(const fast *F, const path *use, const path *w)
{
	size_t su, mu, lu, sw, mw, lw;

	if (sm_fast_same_result(F, use, w))
		return 0;
	if (moved_size(F, use, &su, &mu, &lu) || moved_size(F, w, &sw, &mw, &lw))
		return SEAM_ENOMEM;
	if (!mw || mw < mu || lw > lu || sw > su)
		return 0;
	return sw < su ? 1 : new_kept_dels(use, w);
}

int sm_fast_edge_rival(fast *F, const path *use, cost base, path *w, sm_budget *budget)
{
	size_t k, x, last = SM_NOLINE, cells = (F->m + 1) * (F->n + 1);
	int dir, rv = 0;

	for (k = 0; k < F->m && !rv; k++) {
		if (!F->it[k].marker)
			continue;
		for (dir = -1; dir <= 1 && !rv; dir += 2) {
			int mode;
			x = sm_fast_edge_of(F, k, dir);
			if (x == SM_NOLINE || x == last || use->at[x] == SM_NOLINE ||
			    !has_copy(F, use, x))
				continue;
			last = x;
			/* twice: a block broken only by a copy of its own lines left out (1), by
			   any line left out (2); each may find a reading the other's costs hide */
			for (mode = 1; mode <= 2 && !rv; mode++) {
			/* an alignment's cells are matching work: the plan's budget pays for them */
			if (sm_budget_charge(budget, cells)) {
				rv = 2;
				break;
			}
			F->ban = mode;
			F->ban_i = x;
			F->ban_j = use->at[x];
			rv = sm_fast_align(F);
			F->ban = 0;
			if (rv) {
				rv = SEAM_ENOMEM;
				break;
			}
			/* lo counts deleted lines in units of F->del, above the new lines: at most
			   SM_FAST_RIVAL_LINES more of the one, no more of the other (a reading that
			   writes again lines a marker keeps is no rival: doubled, earlier_copy) */
			if (F->final.hi != base.hi ||
			    F->final.lo / F->del > base.lo / F->del + SM_FAST_RIVAL_LINES ||
			    F->final.lo % F->del > base.lo % F->del)
				continue;
			/* both ways of tracing: one of them may give the same file */
			sm_fast_path_free(w);
			memset(w, 0, sizeof(*w));
			if (sm_fast_trace(F, 0, w)) {
				rv = SEAM_ENOMEM;
				break;
			}
			/* the rival's deletion stands between lines it keeps (one of several equal
			   lines left out, a line moved away): one that only widens a change of the
			   reply's (the line next to it deleted too) is no reading of its own */
			if (!sm_fast_same_result(F, use, w) && (rv = new_kept_dels(use, w)) != 0) {
				if (rv < 0)
					break;
				rv = 1;
				break;
			}
			sm_fast_path_free(w);
			memset(w, 0, sizeof(*w));
			if (sm_fast_trace(F, 1, w)) {
				rv = SEAM_ENOMEM;
				break;
			}
			rv = sm_fast_same_result(F, use, w) ? 0 : new_kept_dels(use, w);
			}
		}
	}
	return rv;
}

/* One alignment of sm_fast_move_rival, with the edge line x barred from file line ban_j when x
 * is not SM_NOLINE, both ways of tracing: 1 (the rival in *w), 0, SEAM_ENOMEM. */
static int move_try(fast *F, const path *use, cost base, path *w, size_t x)
{
	int rv, tr;

	F->ban = x != SM_NOLINE ? 2 : 0;
	F->ban_i = x;
	F->ban_j = x != SM_NOLINE ? use->at[x] : 0;
	rv = sm_fast_align(F);
	F->ban = 0;
	if (rv)
		return SEAM_ENOMEM;
	/* its anchors are the edge lines alone: it may break none more than the best */
	if (F->final.hi > base.hi)
		return 0;
	for (tr = 0; tr < 2; tr++) {
		sm_fast_path_free(w);
		memset(w, 0, sizeof(*w));
		if (sm_fast_trace(F, tr, w))
			return SEAM_ENOMEM;
		rv = move_path(F, use, w);
		if (rv)
			return rv;
	}
	return 0;
}

/* The prices of sm_fast_move_rival's alignment, in halves of a line: a new line costs 2, or 3
 * when it is a line with something to say that the file has already (a copy costs more than
 * new text: a moved line is a deletion and a copy); a deleted line costs 2, or 1 when the
 * snippet has its text (half of a move, the other half the line written at its new place). The
 * items' prices in their add.lo (the old ones in *lo), the file lines' in *del (sm_free both);
 * 0 or SEAM_ENOMEM. */
static int move_prices(fast *F, uint64_t **lo, uint64_t **del)
{
	size_t k, n = 0;
	hline *h = sm_malloc((F->m + 1) * sizeof(*h));

	*lo = sm_malloc((F->m + 1) * sizeof(**lo));
	*del = sm_malloc((F->n + 1) * sizeof(**del));
	if (!h || !*lo || !*del) {
		sm_free(h);
		sm_free(*lo);
		sm_free(*del);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < F->m; k++) {
		item *it = &F->it[k];
		(*lo)[k] = it->add.lo;
		it->add.lo = 2 + (!it->marker && sm_fast_twice_worthy(&it->l) &&
		                  sm_image_has(F->im, it->l.h_indent, 0, F->n));
		if (!it->marker && !it->l.blank)
			h[n++] = (hline){it->l.h_indent, k};
	}
	qsort(h, n, sizeof(*h), cmp_hline);
	for (k = 0; k < F->n; k++) {
		const sm_line *l = sm_ln(F->im, k);
		(*del)[k] = !l->blank && has_hash(h, n, l->h_indent) ? 1 : 2;
	}
	sm_free(h);
	return 0;
}

int sm_fast_move_rival(fast *F, const path *use, cost base, path *w, sm_budget *budget)
{
	size_t k, x, last = SM_NOLINE;
	uint64_t *hi, *lo, *del, cells = (uint64_t)(F->m + 1) * (F->n + 1);
	unsigned char *glue;
	int dir, rv;

	if (sm_budget_charge(budget, cells))
		return 2;
	if (blocks_off(F, &hi, &glue))
		return SEAM_ENOMEM;
	if (move_prices(F, &lo, &del)) {
		blocks_on(F, hi, glue);
		return SEAM_ENOMEM;
	}
	F->del_of = del;
	/* as it stands, then with each edge line that stands at another place too barred from its
	   own (the best alignment of these prices may still be the best one's reading) */
	rv = move_try(F, use, base, w, SM_NOLINE);
	for (k = 0; k < F->m && !rv; k++) {
		if (!F->it[k].marker)
			continue;
		for (dir = -1; dir <= 1 && !rv; dir += 2) {
			x = sm_fast_edge_of(F, k, dir);
			if (x == SM_NOLINE || x == last || use->at[x] == SM_NOLINE ||
			    !has_copy(F, use, x))
				continue;
			last = x;
			if (sm_budget_charge(budget, cells))
				rv = 2;
			else
				rv = move_try(F, use, base, w, x);
		}
	}
	F->del_of = NULL;
	for (k = 0; k < F->m; k++)
		F->it[k].add.lo = lo[k];
	sm_free(lo);
	sm_free(del);
	blocks_on(F, hi, glue);
	return rv;
}

/* The snippet lines path P adds. */
static size_t additions(const fast *F, const path *P)
{
	size_t k, n = 0;

	for (k = 0; k < F->m; k++)
		n += !F->it[k].marker && P->at[k] == SM_NOLINE;
	return n;
}

/*
 * The alignment deletes fewest file lines, so a block's body the snippet takes out of its
 * if/for and dedents ("if c:", "    x()" becoming "x()") is read as "x()" added beside the
 * block, the block kept: deleting the opening and closing lines costs more than writing the
 * body again, and the anchor after the run fits a later copy of itself. Aligned once more with
 * each line the best alignment adds (then also each it keeps but an anchor) allowed to stand
 * for a file line equal to it but for indentation, at no cost, a new line costing
 * SM_FAST_UNWRAP_LINES + 1 deleted ones: an
 * alignment that breaks no more anchors, re-indents a file line, adds fewer lines, deletes
 * at most SM_FAST_UNWRAP_LINES more and gives another file is a reading the reply does not
 * rule out: refused (*w holds it, *x the first line it re-indents). 1 when refused, 0 when
 * not, 2 when the budget cannot pay for the alignment, SEAM_ENOMEM. F's costs are as they were
 * after.
 */
int sm_fast_unwrap_rival(fast *F, const path *use, cost base, path *w, size_t *x,
                        sm_budget *budget)
{
	size_t k, dels = sm_fast_deletions(use), adds = additions(F, use), n, last = 0;
	uint64_t del = F->del;
	int rv, tr, pass;

	/* twice: only the lines the best alignment adds may be re-indented ones (0), then also
	   any line it keeps but an anchor (1: the line the best adds may be a copy of the one
	   re-indented, the re-indented one beside it); each may find a reading the other's
	   wider choice hides */
	for (pass = 0; pass < 2; pass++) {
		for (k = 0, n = 0; k < F->m; k++) {
			item *it = &F->it[k];
			it->dedent = !it->marker && !it->l.blank &&
			             (use->at[k] == SM_NOLINE || (pass && !it->add.hi)) &&
			             sm_image_has(F->im, it->l.h_indent, 0, F->n);
			n += it->dedent;
		}
		if (!n || n == last)
			continue;
		last = n;
		if (sm_budget_charge(budget, (uint64_t)(F->m + 1) * (F->n + 1)))
			return 2;
		for (k = 0; k < F->m; k++)
			F->it[k].add.lo = SM_FAST_UNWRAP_LINES + 1;
		F->del = 1;
		F->unwrap = 1;
		rv = sm_fast_align(F);
		F->unwrap = 0;
		F->del = del;
		for (k = 0; k < F->m; k++)
			F->it[k].add.lo = 1;
		if (rv)
			return SEAM_ENOMEM;
		if (F->final.hi != base.hi)
			continue;
		for (tr = 0; tr < 2; tr++) {
			sm_fast_path_free(w);
			memset(w, 0, sizeof(*w));
			if (sm_fast_trace(F, tr, w))
				return SEAM_ENOMEM;
			for (k = 0; k < F->m; k++)
				if (F->it[k].dedent && w->at[k] != SM_NOLINE &&
				    !sm_fast_equal(&F->it[k], sm_ln(F->im, w->at[k])))
					break;
			if (k == F->m || additions(F, w) >= adds ||
			    sm_fast_deletions(w) > dels + SM_FAST_UNWRAP_LINES ||
			    sm_fast_same_result(F, use, w))
				continue;
			*x = k;
			return 1;
		}
	}
	return 0;
}
