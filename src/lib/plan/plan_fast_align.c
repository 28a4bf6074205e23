/*
 * Fast apply's alignment (plan_fast.c says what it reads): the cost table of a snippet against
 * the file, row by row, and the paths traced back through it.
 */
#include "plan_fast_align.h"
#include "../../util/alloc.h"

#include <string.h>

#define INF UINT64_MAX

static int changed_form(const sm_line *a, const sm_line *b);
static int same_core(const sm_line *a, const sm_line *b);

/* 1 when a snippet line may stand for a file line: equal but for trailing blanks (a model
 * drops them when it copies); 2 when equal byte for byte. */
int sm_fast_equal(const item *a, const sm_line *f)
{
	if (a->l.h_rstrip != f->h_rstrip)
		return 0;
	return a->l.n == f->n && !memcmp(a->l.p, f->p, f->n) ? 2 : 1;
}

static int cost_lt(cost a, cost b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

static cost cost_add(cost a, uint64_t hi, uint64_t lo)
{
	a.hi += hi;
	a.lo += lo;
	return a;
}

/* 1 when, in sm_fast_edge_rival's first alignment (F->ban 1), file line f deleted between items i-1
 * and i of an anchor block is a copy of one of them: the block still stands together in the
 * file, one of its repeated lines left out. */
static int copy_deleted(const fast *F, size_t i, size_t f)
{
	const sm_line *l;

	if (F->ban != 1)
		return 0;
	l = sm_ln(F->im, f);
	return sm_fast_equal(&F->it[i], l) == 2 || (i && sm_fast_equal(&F->it[i - 1], l) == 2);
}

/* The cost table, row by row (two rows kept), with the optimal moves of every cell. 0, or -1
 * when out of memory. */
int sm_fast_align(fast *F)
{
	static const cost none = {INF, INF};
	size_t i, j, W = F->n + 1;
	cost *prev = sm_malloc(W * sizeof(*prev)), *cur = sm_malloc(W * sizeof(*cur)), *t;

	if (!prev || !cur) {
		sm_free(prev);
		sm_free(cur);
		return SEAM_ENOMEM;
	}
	for (i = 0; i <= F->m; i++) {
		const item *x = i ? &F->it[i - 1] : NULL;
		unsigned char *row = F->mv + i * W;
		/* a file line deleted before the next item breaks its anchor block (but for
		   sm_fast_edge_rival's second reading, F->ban 2, where a block broken by a deletion
		   of its own is one, its lines still the file's; and its first, F->ban 1, where the
		   line deleted is a copy of one beside it: copy_deleted) */
		uint64_t del_hi = i < F->m && F->it[i].glue && F->ban != 2;
		for (j = 0; j <= F->n; j++) {
			cost best = none, v;
			unsigned char bits = 0;
#define TRY(val, move)                                                                             \
	do {                                                                                       \
		v = (val);                                                                         \
		if (cost_lt(v, best)) {                                                            \
			best = v;                                                                  \
			bits = (move);                                                             \
		} else if (!cost_lt(best, v)) {                                                    \
			bits |= (move);                                                            \
		}                                                                                  \
	} while (0)
			if (!i && !j) {
				cur[0].hi = cur[0].lo = 0;
				row[0] = 0;
				continue;
			}
			if (x && x->marker) {
				if (i)
					TRY(prev[j], MV_ENTER);
				if (j)
					TRY(cur[j - 1], MV_ABSORB);
			} else {
				int eq = x && j && !(F->ban && F->ban_i == i - 1 && F->ban_j == j - 1)
				                 ? sm_fast_equal(x, sm_ln(F->im, j - 1))
				                 : 0;
				/* a line that differs in trailing blanks is written as the snippet
				   has it: a change, costing what an addition does */
				if (eq)
					TRY(cost_add(prev[j - 1], 0, eq == 2 ? 0 : 1), MV_MATCH);
				else if (F->changes && x && j && x->changeable &&
				         !(F->ban && F->ban_i == i - 1 && F->ban_j == j - 1) &&
				         changed_form(&x->l, sm_ln(F->im, j - 1)))
					/* the file line changed into x: one new line, as adding x is */
					TRY(cost_add(prev[j - 1], 0, x->add.lo), MV_MATCH);
				else if (F->unwrap && x && j && x->dedent &&
				         same_core(&x->l, sm_ln(F->im, j - 1)))
					/* the file line re-indented: no new line */
					TRY(prev[j - 1], MV_MATCH);
				if (x)
					TRY(cost_add(prev[j], x->add.hi, x->add.lo), MV_ADD);
				if (j)
					TRY(cost_add(cur[j - 1], del_hi && !copy_deleted(F, i, j - 1),
					             F->del_of ? F->del_of[j - 1] : F->del),
					    MV_DEL);
			}
#undef TRY
			cur[j] = best;
			row[j] = bits;
		}
		t = prev;
		prev = cur;
		cur = t;
	}
	F->final = prev[F->n];
	sm_free(prev);
	sm_free(cur);
	return 0;
}

/* Traces the cheapest moves back from (m,n): `early` takes file lines by markers and deletions
 * first, so that the snippet's lines stand for the earliest file lines they can; otherwise the
 * latest. Fills P (moves in forward order). SEAM_ENOMEM when out of memory. */
int sm_fast_trace(const fast *F, int early, path *P)
{
	static const unsigned char late_order[] = {MV_MATCH, MV_ENTER, MV_ADD, MV_DEL, MV_ABSORB};
	static const unsigned char early_order[] = {MV_ABSORB, MV_DEL, MV_ADD, MV_ENTER, MV_MATCH};
	const unsigned char *order = early ? early_order : late_order;
	size_t i = F->m, j = F->n, W = F->n + 1, k, cap = F->m + F->n + 1;

	P->v = sm_malloc(cap);
	P->at = sm_malloc((F->m + 1) * sizeof(*P->at));
	P->n = 0;
	if (!P->v || !P->at)
		return SEAM_ENOMEM;
	for (k = 0; k < F->m; k++)
		P->at[k] = SM_NOLINE;
	while (i || j) {
		unsigned char bits = F->mv[i * W + j], mv = 0;
		for (k = 0; k < 5 && !mv; k++)
			if (bits & order[k])
				mv = order[k];
		if (!mv)
			return SEAM_ERROR; /* not reached: align found a path to (m,n) */
		P->v[P->n++] = mv;
		switch (mv) {
		case MV_MATCH:
			P->at[i - 1] = j - 1;
			i--;
			j--;
			break;
		case MV_ADD:
		case MV_ENTER:
			i--;
			break;
		default: /* MV_DEL, MV_ABSORB */
			j--;
			break;
		}
	}
	for (k = 0; k < P->n / 2; k++) {
		unsigned char t = P->v[k];
		P->v[k] = P->v[P->n - 1 - k];
		P->v[P->n - 1 - k] = t;
	}
	return 0;
}

void sm_fast_path_free(path *P)
{
	sm_free(P->v);
	sm_free(P->at);
}

/* The file lines path P deletes. */
size_t sm_fast_deletions(const path *P)
{
	size_t k, n = 0;

	for (k = 0; k < P->n; k++)
		n += P->v[k] == MV_DEL;
	return n;
}

/* 1 when two alignments give the same new file. */
int sm_fast_same_result(const fast *F, const path *a, const path *b)
{
	size_t ka = 0, kb = 0, ia = 0, ja = 0, ib = 0, jb = 0;

	for (;;) {
		const sm_line *la = NULL, *lb = NULL;
		/* the next line each writes */
		while (ka < a->n && !la) {
			unsigned char mv = a->v[ka++];
			if (mv == MV_ABSORB)
				la = sm_ln(F->im, ja);
			else if (mv == MV_ADD || mv == MV_MATCH)
				la = &F->it[ia].l;
			ia += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
			ja += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
		}
		while (kb < b->n && !lb) {
			unsigned char mv = b->v[kb++];
			if (mv == MV_ABSORB)
				lb = sm_ln(F->im, jb);
			else if (mv == MV_ADD || mv == MV_MATCH)
				lb = &F->it[ib].l;
			ib += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
			jb += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
		}
		if (!la || !lb)
			return !la && !lb;
		if (la->n != lb->n || memcmp(la->p, lb->p, la->n))
			return 0;
	}
}

/* The nearest line of the run next to marker k in direction dir that is not blank, or
 * SM_NOLINE. */
size_t sm_fast_edge_of(const fast *F, size_t k, int dir)
{
	size_t a = k;

	while (dir < 0 ? a-- > 0 : ++a < F->m) {
		if (F->it[a].marker)
			return SM_NOLINE;
		if (!F->it[a].l.blank)
			return a;
	}
	return SM_NOLINE;
}

/* The text of l without its indentation and trailing blanks. */
void sm_fast_core_of(const sm_line *l, const char **p, size_t *n)
{
	size_t a = 0, b = l->n;

	while (a < b && (l->p[a] == ' ' || l->p[a] == '\t'))
		a++;
	while (b > a && (l->p[b - 1] == ' ' || l->p[b - 1] == '\t' || l->p[b - 1] == '\r'))
		b--;
	*p = l->p + a;
	*n = b - a;
}

/* 1 when a and b are the same line but for indentation (and trailing blanks). */
static int same_core(const sm_line *a, const sm_line *b)
{
	const char *p, *q;
	size_t pn, qn;

	if (a->h_indent != b->h_indent)
		return 0;
	sm_fast_core_of(a, &p, &pn);
	sm_fast_core_of(b, &q, &qn);
	return pn && pn == qn && !memcmp(p, q, pn);
}

/* 1 when a is b changed, by the share of both lines their common start and end cover
 * (indentation aside): SM_FAST_CHANGED_SHARE, as a ratio of matched characters is. */
static int changed_form(const sm_line *a, const sm_line *b)
{
	const char *p, *q;
	size_t pn, qn, lo, pre = 0, suf = 0;

	sm_fast_core_of(a, &p, &pn);
	sm_fast_core_of(b, &q, &qn);
	lo = pn < qn ? pn : qn;
	if (lo < SM_FAST_TWICE_MIN_CHARS)
		return 0;
	/* the share cannot be reached: no need to compare */
	if (2.0 * (double)lo < SM_FAST_CHANGED_SHARE * (double)(pn + qn))
		return 0;
	while (pre < lo && p[pre] == q[pre])
		pre++;
	while (suf < lo - pre && p[pn - 1 - suf] == q[qn - 1 - suf])
		suf++;
	return 2.0 * (double)(pre + suf) >= SM_FAST_CHANGED_SHARE * (double)(pn + qn);
}

/* 1 when l has SM_FAST_TWICE_MIN_CHARS non-blank characters. */
int sm_fast_twice_worthy(const sm_line *l)
{
	size_t k, n = 0;

	for (k = 0; k < l->n; k++)
		n += l->p[k] != ' ' && l->p[k] != '\t' && l->p[k] != '\r';
	return n >= SM_FAST_TWICE_MIN_CHARS;
}
