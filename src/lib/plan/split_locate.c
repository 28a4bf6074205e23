/*
 * Each change run of a merged hunk found on its own (split.c asks, then checks the runs found
 * together): the run's context shrunk from its far ends until it fits one place, and the
 * changed lines of a run paired with the lines they change. Calls no part of split.c.
 */
#include "split_locate.h"
#include "../match/image_work.h"
#include "../core/seam_limits.h"

/* 1 when some old line of sub has SM_SPLIT_BARE_MIN_CHARS of substance. */
static int solid_bare(const sm_medit *sub)
{
	size_t i;

	for (i = 0; i < sub->nold; i++) {
		const sm_line *l = &sub->seq[sub->old[i]].l;
		char tmp[256];
		size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);
		if (sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp) >= SM_SPLIT_BARE_MIN_CHARS)
			return 1;
	}
	return 0;
}

/*
 * Pairs the M added lines of a change run of N >= 2 deleted lines then 1 <= M <= N added ones
 * with deleted lines, in order, each with the first one left that it is a changed form of:
 * pair[i] = the added line (index into me->seq) paired with deleted line i, SIZE_MAX when none.
 * 1 when every added line found its deleted line.
 */
static int pair_lines(const sm_medit *me, size_t s, size_t n, size_t k, size_t m, size_t *pair)
{
	size_t i = 0, j;

	for (j = 0; j < n; j++)
		pair[j] = SIZE_MAX;
	for (j = 0; j < m; j++) {
		const sm_line *b = &me->seq[k + j].l;
		if (b->blank)
			return 0;
		while (i < n && (me->seq[s + i].l.blank ||
		                 !sm_text_similar(me->seq[s + i].l.p, me->seq[s + i].l.n, b->p,
		                                  b->n, SM_SPLIT_PAIR_SIM)))
			i++;
		if (i == n || n - i < m - j)
			return 0;
		pair[i++] = k + j;
	}
	return 1;
}

/* 1 when an old line of the piece [a, b) of pm has SM_SPLIT_BARE_MIN_CHARS of substance. */
static int piece_solid(const sm_medit *pm, size_t a, size_t b)
{
	for (; a < b; a++) {
		const sm_line *l = &pm->seq[a].l;
		char tmp[256];
		size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);
		if (pm->seq[a].kind != SM_HL_ADD &&
		    sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp) >= SM_SPLIT_BARE_MIN_CHARS)
			return 1;
	}
	return 0;
}

/* A piece of the cut run [s, e) of pm too thin to be found on its own ("/// pattern.") stays
 * with the piece before it (the first one, with the piece after it): brk[k] = 1 only where
 * both pieces around it have substance. */
static void join_thin(const sm_medit *pm, unsigned char *brk, size_t s, size_t e)
{
	size_t k, from = s, next;

	for (k = s + 1; k <= e; k++) {
		if (k < e && brk[k] != 1)
			continue;
		/* the piece [from, k) is complete; brk[k] would start the next */
		if (k == e)
			break;
		for (next = k + 1; next < e && brk[next] != 1; next++)
			;
		if (!piece_solid(pm, from, k) || !piece_solid(pm, k, next))
			brk[k] = 2; /* joined: the piece runs on from `from` */
		else
			from = k;
	}
}

/*
 * The change runs of me that are N >= 2 deleted lines then 1 <= M <= N added ones, each added
 * line a changed form of a deleted one (in order), rewritten into pm (a copy of me) as their
 * one-line changes (-a +a') and the deleted lines between them (-b -c), each its own run:
 * brk[k] = 1 where such a piece other than the first starts, 2 on the other lines of such
 * runs, 0 elsewhere. 1 when some run was rewritten
 * (pm is then to be disposed), 0 when none, SEAM_ENOMEM when out of memory.
 */
int sm_split_pair_runs(const sm_medit *me, sm_medit *pm, unsigned char **brk)
{
	size_t k = 0, s, e, n, i, o, paired = 0, *pair = NULL;

	*brk = NULL;
	memset(pm, 0, sizeof(*pm));
	while (k < me->nseq) {
		if (me->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		for (s = k; k < me->nseq && me->seq[k].kind == SM_HL_DEL; k++)
			;
		n = k - s;
		for (e = k; e < me->nseq && me->seq[e].kind == SM_HL_ADD; e++)
			;
		if (n >= 2 && e > k && e - k <= n &&
		    (e == me->nseq || me->seq[e].kind == SM_HL_CTX)) {
			if (!pm->seq) {
				pm->seq = sm_malloc(me->nseq * sizeof(*pm->seq));
				pm->old = sm_malloc(me->nseq * sizeof(*pm->old));
				*brk = sm_calloc(me->nseq, 1);
				pair = sm_malloc(me->nseq * sizeof(*pair));
				if (!pm->seq || !pm->old || !*brk || !pair) {
					sm_free(pm->seq);
					sm_free(pm->old);
					sm_free(*brk);
					sm_free(pair);
					*brk = NULL;
					pm->seq = NULL;
					return SEAM_ENOMEM;
				}
				memcpy(pm->seq, me->seq, me->nseq * sizeof(*pm->seq));
			}
			if (pair_lines(me, s, n, k, e - k, pair)) {
				for (i = 0, o = s; i < n; i++) {
					/* a piece starts at a changed line, and at the first
					   deleted line after one */
					int starts =
					    pair[i] != SIZE_MAX || (i && pair[i - 1] != SIZE_MAX);
					(*brk)[o] = i && starts ? 1 : 2;
					pm->seq[o++] = me->seq[s + i];
					if (pair[i] != SIZE_MAX) {
						(*brk)[o] = 2;
						pm->seq[o++] = me->seq[pair[i]];
					}
				}
				join_thin(pm, *brk, s, o);
				paired++;
			}
		}
		while (k < me->nseq && me->seq[k].kind != SM_HL_CTX)
			k++;
	}
	sm_free(pair);
	if (!paired) {
		sm_free(pm->seq);
		sm_free(pm->old);
		sm_free(*brk);
		*brk = NULL;
		memset(pm, 0, sizeof(*pm));
		return 0;
	}
	pm->nseq = me->nseq;
	pm->blocklike = me->blocklike;
	pm->hint_start = me->hint_start;
	pm->flags = me->flags;
	pm->after_anchor = me->after_anchor;
	pm->in_order = me->in_order;
	for (k = 0; k < pm->nseq; k++)
		if (pm->seq[k].kind != SM_HL_ADD)
			pm->old[pm->nold++] = k;
	return 1;
}

/* 1 when the run [s, e) of me is N >= 1 deleted lines then N added ones, each added line a
 * changed form of the deleted one in its place, or deleted lines only: its new lines say where
 * they go by the old ones they change (or there are none), not by the context around them. */
static int changed_lines(const sm_medit *me, size_t s, size_t e)
{
	size_t n = 0, i;

	while (s + n < e && me->seq[s + n].kind == SM_HL_DEL)
		n++;
	if (n && s + n == e)
		return 1;
	if (!n || e - s != 2 * n)
		return 0;
	for (i = 0; i < n; i++) {
		const sm_line *a = &me->seq[s + i].l, *b = &me->seq[s + n + i].l;
		if (me->seq[s + n + i].kind != SM_HL_ADD || a->blank || b->blank ||
		    !sm_text_similar(a->p, a->n, b->p, b->n, SM_SPLIT_PAIR_SIM))
			return 0;
	}
	return 1;
}

/* 0 when a side of r's context, as located with `lead` and `trail` lines, stands on no file
 * line (the blank-lines tier let go of all of it: blank lines the file does not have there)
 * while that side's widest context had a non-blank line, cut to fit: the run's new lines on
 * that side are then placed by nothing the reply gave there, and a merged hunk's skipped
 * stretch may well lie between them and where they belong. */
static int sides_anchored(const sm_medit *me, const run *r, size_t lead, size_t trail)
{
	const sm_medit *sub = &r->sub;
	const sm_cand *c = &r->m.best;
	size_t i, k;
	int top = !lead, bottom = !trail, solid_top = 0, solid_bottom = 0;

	for (i = 0; i < sub->nold; i++) {
		k = sub->old[i];
		/* a context line of the run taken for an unmarked addition: in a run this small the
		   repair lets a miscopied context line fit anywhere (as the fuzzy tier would, which
		   split runs go without), and the whole hunk may fit elsewhere with that line a
		   miscopy of the file's */
		if (c->lo[i] == SM_NOLINE && sub->seq[k].kind == SM_HL_CTX && !sub->seq[k].l.blank)
			return 0;
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i])
			continue;
		top |= k < lead;
		bottom |= k >= sub->nseq - trail;
	}
	for (k = r->ls; k < r->s; k++)
		solid_top |= !me->seq[k].l.blank;
	for (k = r->e; k < r->te; k++)
		solid_bottom |= !me->seq[k].l.blank;
	return (top || !solid_top) && (bottom || !solid_bottom);
}

/* 1 when r, found with `lead` and `trail` lines of context, fits only by leaving out a file line
 * of substance between two of its context lines on one side. */
static int context_skips(const sm_image *im, const run *r, size_t lead, size_t trail)
{
	const sm_medit *sub = &r->sub;
	const sm_cand *c = &r->m.best;
	size_t i, f, prev = SM_NOLINE, pk = 0;

	for (i = 0; i < sub->nold; i++) {
		size_t k = sub->old[i];
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i])
			continue;
		if (prev != SM_NOLINE && ((pk < lead && k < lead) ||
		                          (pk >= sub->nseq - trail && k >= sub->nseq - trail)))
			for (f = prev; f < c->lo[i] && f < im->n; f++)
				if (!sm_ln(im, f)->blank)
					return 1;
		prev = c->hi[i];
		pk = k;
	}
	return 0;
}

/* 1 when r's place lets a file line of substance go between two non-blank old lines it
 * deletes one after the other: the reply deletes lines that stand together, and a run this
 * small, stretched over lines it never names, fits far more places than the one it was copied
 * from (a merged hunk's other run, lines moved there); two lines deleted apart are two runs.
 * (Blank lines deleted say little of where they stood: the blank-lines tier's to judge.) */
static int deletes_apart(const sm_image *im, const run *r)
{
	const sm_medit *sub = &r->sub;
	const sm_cand *c = &r->m.best;
	size_t i, f;

	for (i = 0; i + 1 < sub->nold; i++) {
		if (sub->seq[sub->old[i]].kind != SM_HL_DEL ||
		    sub->seq[sub->old[i + 1]].kind != SM_HL_DEL || sub->seq[sub->old[i]].l.blank ||
		    sub->seq[sub->old[i + 1]].l.blank || c->lo[i] == SM_NOLINE ||
		    c->hi[i] <= c->lo[i] || c->lo[i + 1] == SM_NOLINE)
			continue;
		for (f = c->hi[i]; f < c->lo[i + 1] && f < im->n; f++)
			if (!sm_ln(im, f)->blank)
				return 1;
	}
	return 0;
}

/* The file line where r's own lines (after `lead` lines of context) go: its first old line
 * from there that the place stands somewhere, else one past the last old line placed. */
static size_t own_at(const run *r, size_t lead)
{
	const sm_cand *c = &r->m.best;
	size_t i;

	for (i = 0; i < r->sub.nold; i++)
		if (r->sub.old[i] >= lead && c->lo[i] != SM_NOLINE)
			return c->lo[i];
	for (i = r->sub.nold; i-- > 0;)
		if (c->hi[i] != SM_NOLINE)
			return c->hi[i];
	return SM_NOLINE;
}

static int found_with(run *r, size_t lead, size_t trail)
{
	r->us = r->s - lead;
	r->ue = r->e + trail;
	r->bare_lead = r->s > r->ls && !lead;
	r->bare_trail = r->te > r->e && !trail;
	return 1;
}

/* 1 when every old line of substance of r stands on a line an earlier edit of the reply added
 * (no number in the file before it): the run is then placed by the reply's own new text
 * alone, which says nothing of where in the file the model copied a merged hunk's lines
 * from (a line the reply adds twice, one '+' of it lost). */
static int on_added_lines(const sm_image *im, const run *r)
{
	const sm_medit *sub = &r->sub;
	const sm_cand *c = &r->m.best;
	size_t i, f, solid = 0;

	for (i = 0; i < sub->nold; i++) {
		if (sub->seq[sub->old[i]].l.blank || c->lo[i] == SM_NOLINE)
			continue;
		for (f = c->lo[i]; f < c->hi[i] && f < im->n; f++)
			if (sm_ln(im, f)->orig)
				return 0;
		solid++;
	}
	return solid > 0;
}

/*
 * Finds run r in [lo, hi), shrinking its context; 1 found, 0 not, -1 out of memory.
 *
 * In a hunk that marks the lines it leaves out with an elision ("...", "# ... existing code"),
 * a place that fits r's context only by leaving out a file line of substance between two of
 * its context lines on one side (context_skips) is how the merged hunk's skipped stretch reads
 * when the context reaches across it, to a copy of the lines beyond it (the other run's place)
 * standing near another copy of the run's own: a model that marks its omissions does not also
 * drop a context line unmarked, but it does merge two hunks (the stretch the split is for).
 * (Without a marker the left-out line is as likely a context line the model dropped, and the
 * wide place the right one.) The context is then shrunk further, such places passed over: the
 * first place found without a left-out line decides, taken when it puts the run's own lines
 * where the wide one did; when it puts them elsewhere, or the nearer context fits two places,
 * the run reads two ways and is not found alone (its neighbours' places may settle it, as for
 * any run whose context fits twice); when nothing fits with less, the wide place stands.
 */
int sm_split_locate(const sm_image *im, const sm_medit *me, run *r, size_t lo, size_t hi,
                    sm_budget *budget)
{
	size_t lead = r->s - r->ls, trail = r->te - r->e;
	/* at least one line of a side's context, unless the run only changes lines (each new
	   line a changed form of an old one): it may then be found by its own old lines (bare),
	   and bare_side_ok decides whether its new lines could as well belong beyond a stretch
	   the reply skipped on that side */
	int changes = changed_lines(me, r->s, r->e);
	size_t minl = lead && !changes ? 1 : 0, mint = trail && !changes ? 1 : 0;
	size_t klead = 0, ktrail = 0, k;
	sm_medit ksub = {0};
	sm_match km;
	int kept = 0, marked = 0;

	for (k = 0; k < me->nseq; k++)
		marked |= me->seq[k].elide;
	memset(&km, 0, sizeof(km));
	for (;;) {
		sm_mctx c = {0};
		/* found by its own old lines alone: without the context it had on a side, or a
		   one-line change of a paired run, which has none */
		int bare = (r->s > r->ls && !lead) || (r->te > r->e && !trail) ||
		           (r->paired && !lead && !trail);
		if (sm_budget_out(budget)) {
			/* cut short: the wide place decides nothing either */
			if (kept) {
				sm_match_dispose(&km);
				free_sub(&ksub);
			}
			return 0;
		}
		if (make_sub(&r->sub, me, r->s - lead, r->e + trail)) {
			if (kept) {
				sm_match_dispose(&km);
				free_sub(&ksub);
			}
			return SEAM_ENOMEM;
		}
		if (bare ? solid_bare(&r->sub) : solid(&r->sub)) {
			c.im = im;
			c.e = &r->sub;
			c.lo = lo;
			c.hi = hi;
			c.budget = budget;
			if (sm_ladder_run(&c, bare ? SM_POLICY_SPLIT_BARE : SM_POLICY_SPLIT,
			                  &r->m) < 0) {
				if (kept) {
					sm_match_dispose(&km);
					free_sub(&ksub);
				}
				return SEAM_ENOMEM;
			}
			if (r->m.status == SEAM_STATUS_APPLIED &&
			    sides_anchored(me, r, lead, trail) && !deletes_apart(im, r) &&
			    !on_added_lines(im, r)) {
				if (marked && context_skips(im, r, lead, trail)) {
					if (kept) {
						sm_match_dispose(&r->m);
						free_sub(&r->sub);
						goto shrink;
					}
					km = r->m;
					ksub = r->sub;
					klead = lead;
					ktrail = trail;
					kept = 1;
					memset(&r->m, 0, sizeof(r->m));
					memset(&r->sub, 0, sizeof(r->sub));
					goto shrink;
				}
				if (kept) {
					run k0 = *r;
					int two;
					k0.sub = ksub;
					k0.m = km;
					two = own_at(r, lead) != own_at(&k0, klead);
					sm_match_dispose(&km);
					free_sub(&ksub);
					if (two) {
						sm_match_dispose(&r->m);
						free_sub(&r->sub);
						return 0;
					}
				}
				return found_with(r, lead, trail);
			}
			if (r->m.status == SEAM_STATUS_AMBIGUOUS) {
				/* less context can only fit more places (the place a wider context
				   reached only by leaving out a line is one of them: neither is
				   taken, the run's neighbours' places may settle it) */
				sm_match_dispose(&r->m);
				free_sub(&r->sub);
				if (kept) {
					sm_match_dispose(&km);
					free_sub(&ksub);
				}
				return 0;
			}
			sm_match_dispose(&r->m);
		}
		free_sub(&r->sub);
	shrink:
		if (lead <= minl && trail <= mint)
			goto none;
		if (lead >= trail && lead > minl)
			lead--;
		else
			trail--;
	}
none:
	if (!kept)
		return 0;
	r->m = km;
	r->sub = ksub;
	return found_with(r, klead, ktrail);
}
