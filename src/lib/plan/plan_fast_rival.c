/*
 * Fast apply's rival readings: the snippet aligned again under other prices or rules (only the
 * lines next to the markers as anchors, an edge line barred from its place, a block's body
 * re-indented out of it). One that breaks no more anchors, costs about as much and gives another
 * file is a reading the reply does not rule out: plan_fast.c refuses the snippet, naming it.
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

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The indentation-blind hashes (h_indent) of the lines path P deletes (dels 1: file lines) or
 * adds (dels 0: snippet lines), sorted, in *out (sm_free it); their count, or SEAM_ENOMEM as
 * (size_t)-1. */
static size_t changed_hashes(const fast *F, const path *P, int dels, uint64_t **out)
{
	size_t k, i = 0, j = 0, n = 0;
	uint64_t *h = sm_malloc((P->n + 1) * sizeof(*h));

	if (!h)
		return (size_t)-1;
	for (k = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (dels && mv == MV_DEL)
			h[n++] = sm_ln(F->im, j)->h_indent;
		else if (!dels && mv == MV_ADD)
			h[n++] = F->it[i].l.h_indent;
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	qsort(h, n, sizeof(*h), cmp_u64);
	*out = h;
	return n;
}

/* 1 when h is among the n sorted hashes of v. */
static int has_hash(const uint64_t *v, size_t n, uint64_t h)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo] == h;
}

/* The lines path P adds that its markers also keep from the file (indentation aside), among
 * the lines with something to say (sm_fast_twice_worthy): written again where the snippet
 * shows them once. SEAM_ENOMEM as (size_t)-1. */
static size_t kept_copies(const fast *F, const path *P)
{
	size_t k, i = 0, j = 0, n = 0, copies = 0;
	uint64_t *h = sm_malloc((F->n + 1) * sizeof(*h));

	if (!h)
		return (size_t)-1;
	for (k = 0; k < P->n; k++) {
		if (P->v[k] == MV_ABSORB)
			h[n++] = sm_ln(F->im, j)->h_indent;
		j += P->v[k] == MV_MATCH || P->v[k] == MV_ABSORB || P->v[k] == MV_DEL;
	}
	qsort(h, n, sizeof(*h), cmp_u64);
	for (k = 0, j = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (mv == MV_ADD && sm_fast_twice_worthy(&F->it[i].l) &&
		    has_hash(h, n, F->it[i].l.h_indent))
			copies++;
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
	}
	sm_free(h);
	return copies;
}

/* What path P changes, for the third reading of sm_fast_edge_rival: the lines it deletes and
 * adds, less the pairs of a deleted line and an added one of the same text, indentation aside
 * (a line moved: taken out at one place, written at another, counted once), plus the lines it
 * adds that its markers also keep (kept_copies: a copy of code the snippet does not show,
 * which a move read as a copy writes), in *size; the pairs in *moved, the lines it deletes that
 * are no such pair in *loose. 0 or SEAM_ENOMEM. */
static int moved_size(const fast *F, const path *P, size_t *size, size_t *moved, size_t *loose)
{
	uint64_t *d = NULL, *a = NULL;
	size_t nd = changed_hashes(F, P, 1, &d), na, x = 0, y = 0, pairs = 0, copies;

	if (nd == (size_t)-1)
		return SEAM_ENOMEM;
	na = changed_hashes(F, P, 0, &a);
	if (na == (size_t)-1) {
		sm_free(d);
		return SEAM_ENOMEM;
	}
	while (x < nd && y < na) {
		if (d[x] == a[y]) {
			pairs++;
			x++;
			y++;
		} else if (d[x] < a[y]) {
			x++;
		} else {
			y++;
		}
	}
	sm_free(d);
	sm_free(a);
	copies = kept_copies(F, P);
	if (copies == (size_t)-1)
		return SEAM_ENOMEM;
	*size = nd + na - pairs + copies;
	*moved = pairs;
	*loose = nd - pairs;
	return 0;
}

/* For the third reading of sm_fast_edge_rival (mode 3): whether path w is a move where path u
 * is not, by what each changes (moved_size): -1 when w moves more lines than u, deletes no more
 * lines that are no moved line's old place, and changes less; 0 the same but changing as
 * much; 1 otherwise (a reading that only deletes code, or writes a copy, to match the snippet's
 * new lines on lines further on is what the deletion price rules out, not a move); SEAM_ENOMEM
 * as 2. */
static int moved_cmp(const fast *F, const path *u, const path *w)
{
	size_t su, mu, lu, sw, mw, lw;

	if (moved_size(F, u, &su, &mu, &lu) || moved_size(F, w, &sw, &mw, &lw))
		return 2;
	if (mw <= mu || lw > lu)
		return 1;
	return sw < su ? -1 : sw > su;
}

/* Whether the alignment just made (mode: see sm_fast_edge_rival) is a rival of `use` by its
 * cost: 1 or 0. */
static int rival_cost(const fast *F, cost base, int mode)
{
	/* mode 3 prices no block: its anchors are the edge lines alone, and what it may change
	   more is judged on the traced path (rival_path) */
	if (mode == 3)
		return F->final.hi <= base.hi;
	/* lo counts deleted lines in units of F->del, above the new lines: at most
	   SM_FAST_RIVAL_LINES more of the one, no more of the other (a reading that writes
	   again lines a marker keeps is no rival: doubled, earlier_copy) */
	return F->final.hi == base.hi &&
	       F->final.lo / F->del <= base.lo / F->del + SM_FAST_RIVAL_LINES &&
	       F->final.lo % F->del <= base.lo % F->del;
}

/* 1 when traced path w is a reading of its own beside `use`: another file with a deletion of
 * its own between lines it keeps (one of several equal lines left out, a line moved away; one
 * that only widens a change of the reply's, the line next to it deleted too, is none). In mode
 * 3, which prices a deleted line as a new one, the rival must also change no more than `use`
 * (moved_size), and one that changes less is a reading of its own whatever it deletes. 0 when
 * not, SEAM_ENOMEM. */
static int rival_path(const fast *F, const path *use, const path *w, int mode)
{
	int c = 0;

	if (sm_fast_same_result(F, use, w))
		return 0;
	if (mode == 3) {
		c = moved_cmp(F, use, w);
		if (c == 2)
			return SEAM_ENOMEM;
		if (c)
			return c < 0;
	}
	return new_kept_dels(use, w);
}

int sm_fast_edge_rival(fast *F, const path *use, cost base, path *w, sm_budget *budget)
{
	size_t k, x, last = SM_NOLINE, cells = (F->m + 1) * (F->n + 1);
	uint64_t del = F->del;
	int dir, rv = 0;

	for (k = 0; k < F->m && !rv; k++) {
		if (!F->it[k].marker)
			continue;
		for (dir = -1; dir <= 1 && !rv; dir += 2) {
			int mode, tr;
			x = sm_fast_edge_of(F, k, dir);
			if (x == SM_NOLINE || x == last || use->at[x] == SM_NOLINE ||
			    !has_copy(F, use, x))
				continue;
			last = x;
			/* three times: a block broken only by a copy of its own lines left out (1),
			   by any line left out (2), no block at all (3: a line moved into the run
			   beside its edge line, where the file has it, makes a block of the two at the
			   line's old place); each may find a reading the others' costs hide */
			for (mode = 1; mode <= 3 && !rv; mode++) {
				uint64_t *hi = NULL;
				unsigned char *glue = NULL;
				/* an alignment's cells are matching work: the plan's budget pays */
				if (sm_budget_charge(budget, cells)) {
					rv = 2;
					break;
				}
				if (mode == 3 && blocks_off(F, &hi, &glue)) {
					rv = SEAM_ENOMEM;
					break;
				}
				F->ban = mode == 1 ? 1 : 2;
				F->ban_i = x;
				F->ban_j = use->at[x];
				if (mode == 3)
					F->del = 1;
				rv = sm_fast_align(F);
				F->ban = 0;
				F->del = del;
				if (mode == 3)
					blocks_on(F, hi, glue);
				if (rv) {
					rv = SEAM_ENOMEM;
					break;
				}
				if (!rival_cost(F, base, mode))
					continue;
				/* both ways of tracing: one of them may give the same file */
				for (tr = 0; tr < 2 && !rv; tr++) {
					sm_fast_path_free(w);
					memset(w, 0, sizeof(*w));
					if (sm_fast_trace(F, tr, w))
						rv = SEAM_ENOMEM;
					else
						rv = rival_path(F, use, w, mode);
				}
			}
		}
	}
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
