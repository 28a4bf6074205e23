/*
 * The one runner of the matcher ladder. Every caller names a policy (which tiers, in which
 * order, what stops the ladder) and the runner does the rest the same way for all: the one pass
 * over the range the tiers share, each tier in turn, the budget checked around each, the choice
 * among the places a tier found. A tier that finds one place wins; a tier that finds several
 * refuses the edit as ambiguous unless one clearly fits better or the claimed line number picks
 * exactly one. Going on to a more tolerant tier after a tie would only find the same places
 * again, so a tie is final. A tier the budget cut short decides nothing, nor do those after it.
 */
#include "match.h"
#include "match_costs.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	sm_tier_fn fn;
} tiers[SM_TIER_COUNT] = {
	[SM_TIER_EXACT] = {"exact", sm_tier_exact},
	[SM_TIER_WS] = {"whitespace", sm_tier_ws},
	[SM_TIER_TYPO] = {"typography", sm_tier_typo},
	[SM_TIER_INDENT] = {"indentation", sm_tier_indent},
	[SM_TIER_PIECES] = {"merged-hunk", sm_tier_pieces},
	[SM_TIER_BLANK] = {"blank-lines", sm_tier_blank},
	[SM_TIER_PIECES_BLANK] = {"merged-hunk", sm_tier_pieces_blank},
	[SM_TIER_ELIDE] = {"elision", sm_tier_elide},
	[SM_TIER_REPAIR] = {"diff-repair", sm_tier_repair},
	[SM_TIER_REINDENT] = {"line-indentation", sm_tier_reindent},
	[SM_TIER_SPLIT] = {"split-hunk", NULL}, /* the caller's hook (split.c) */
	[SM_TIER_FUZZY] = {"fuzzy", sm_tier_fuzzy},
};

#define ORDER(...) {__VA_ARGS__}, (int)sizeof((signed char[]){__VA_ARGS__})
#define STRICT SM_TIER_EXACT, SM_TIER_WS, SM_TIER_TYPO, SM_TIER_INDENT
#define TOLERANT SM_TIER_BLANK, SM_TIER_ELIDE, SM_TIER_REPAIR

/*
 * The policies. Every one runs on the caller's budget (the plan's, or seam_locate's own), and
 * every tier charges it for its work, so one reply's cost is bounded the same way whoever
 * drives the ladder.
 */
static const sm_policy policies[SM_POLICY_COUNT] = {
	/* an edit of a reply: strict, then a merged hunk's two halves each standing as written
	   (one reading only), then tolerant (the halves again with blank lines let go right
	   after the blank-lines tier: a merged hunk that also drops a blank line is no whole
	   place's line left out, which the repair would take the skipped stretch for at another
	   copy of its lines), then old lines shifted line by line (only where the new side's
	   indentation is no guess); then each change run of a merged hunk on its own (only when
	   no tier placed the whole: a tie found whole is not broken by cutting the hunk); the
	   fuzzy tier last, as the last resort */
	[SM_POLICY_APPLY] = {"apply", ORDER(STRICT, SM_TIER_PIECES, SM_TIER_BLANK,
					    SM_TIER_PIECES_BLANK, SM_TIER_ELIDE, SM_TIER_REPAIR,
					    SM_TIER_REINDENT, SM_TIER_SPLIT, SM_TIER_FUZZY),
			     SM_STOP_FIRST},
	/* a lazy edit refused: where it would have gone, to name the lines it would delete;
	   no split (nothing is applied, a whole place or none) */
	[SM_POLICY_LAZY] = {"lazy-check", ORDER(STRICT, TOLERANT, SM_TIER_FUZZY), SM_STOP_FIRST},
	/* seam_locate: a snippet from memory goes up the same ladder (its "..." lines are
	   elisions); no split, it changes nothing */
	[SM_POLICY_LOCATE] = {"locate", ORDER(STRICT, TOLERANT, SM_TIER_FUZZY), SM_STOP_FIRST},
	/* a change run of a merged hunk, once per context size: no fuzzy tier (a run is small,
	   and a miscopy in it would let it fit anywhere), no split (it is the split) */
	[SM_POLICY_SPLIT] = {"split-run", ORDER(STRICT, TOLERANT), SM_STOP_FIRST},
	/* a run found by its own old lines alone, none of its context (split.c): as written, or
	   but for whitespace or typography (curly quotes, dashes: the same text), nothing more
	   tolerant (a bare run has nothing else to prove it) */
	[SM_POLICY_SPLIT_BARE] = {"split-bare", ORDER(SM_TIER_EXACT, SM_TIER_WS, SM_TIER_TYPO),
				 SM_STOP_FIRST},
	/* a new side found alone says "already applied" only when it is there as written, its
	   "..." (when it has one on both sides) standing for lines as in the apply policy: a
	   block with an elision sent again (plan_already.c then asks its changes to be closed in
	   by context lines of their own piece) */
	[SM_POLICY_ALREADY] = {"already-applied", ORDER(STRICT, SM_TIER_ELIDE), SM_STOP_FIRST},
	/* a new side standing where the old side fits only loosely: it only ever refuses, so a
	   blank line the reply left out of both sides does not hide it, nor does a "..." the
	   reply wrote on both sides (the elision tier finds nothing without one) */
	[SM_POLICY_RIVAL] = {"rival", ORDER(STRICT, SM_TIER_BLANK, SM_TIER_ELIDE), SM_STOP_FIRST},
	/* a new side found as loosely as a split run is, to be compared with the split's place:
	   it only refuses, and only where none of the runs stands (split.c) */
	[SM_POLICY_RIVAL_LOOSE] = {"rival-loose", ORDER(STRICT, TOLERANT, SM_TIER_FUZZY),
				  SM_STOP_FIRST},
	/* replace_all: a tolerant place repeated over a file would multiply its risk */
	[SM_POLICY_REPLACE_ALL] = {"replace-all", ORDER(STRICT), SM_STOP_ALL},
};

const sm_policy *sm_policy_get(int policy)
{
	return policy >= 0 && policy < SM_POLICY_COUNT ? &policies[policy] : NULL;
}

const char *sm_tier_name(int tier)
{
	return tier >= 0 && tier < SM_TIER_COUNT ? tiers[tier].name : "";
}

void sm_ladder_budget(sm_budget *b, unsigned int ms)
{
	sm_budget_init(b, (uint64_t)ms * SM_WORK_PER_MS);
}

unsigned int sm_ladder_budget_ms(const sm_budget *b)
{
	return b ? (unsigned int)(b->limit / SM_WORK_PER_MS) : 0;
}

static int by_cost(const void *a, const void *b)
{
	const sm_cand *x = a, *y = b;
	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

/*
 * Picks the candidate the claimed line points at, or returns NO_PICK: the nearest one, when it is
 * within SM_HINT_WINDOW of the claim and every other is at least SM_HINT_MARGIN farther (a
 * claim off by a few lines must not choose between two close places). After an anchor the
 * nearest is the first after it, at any distance: that is what the patch format means.
 */
#define NO_PICK (-1L)
static long pick_by_hint(const sm_cands *cs, size_t nties, int numbered, int after_anchor,
			 int in_order)
{
	long best = -1, d0 = 0, d1 = -1, d;
	long window = numbered ? SM_NUMBERED_WINDOW : SM_HINT_WINDOW;
	long margin = numbered ? SM_NUMBERED_MARGIN : SM_HINT_MARGIN;
	size_t i;

	if (cs->hint <= 0)
		return NO_PICK;
	if (in_order) {
		/* the one place at or after the claim: the places before it are not meant; two
		   after it are still two (a model that writes its blocks in order does not say
		   which, even if the agent takes the first); every tie must be at hand */
		if (nties > cs->n)
			return NO_PICK;
		for (i = 0; i < nties; i++)
			if (sm_image_orig_near(cs->im, cs->v[i].start) >= cs->hint) {
				if (best >= 0)
					return NO_PICK;
				best = (long)i;
			}
		return best;
	}
	if (after_anchor) {
		window = LONG_MAX;
		margin = 1;
	}
	for (i = 0; i < nties; i++) {
		d = sm_cand_hint_dist(cs, &cs->v[i]);
		if (best < 0 || d < d0) {
			d1 = best < 0 ? -1 : d0;
			d0 = d;
			best = (long)i;
		} else if (d1 < 0 || d < d1) {
			d1 = d;
		}
	}
	if (best < 0 || d0 > window || (d1 >= 0 && d1 < d0 + margin))
		return NO_PICK;
	return best;
}

/*
 * A place of a SEARCH/REPLACE block that costs more only for file lines its SEARCH side left
 * out, which its REPLACE side writes back right there (sm_cand_written_back), fits as well as
 * the best one: the REPLACE names it as the exact tier's rival does (match_rival.c). Such
 * places beyond the first nties of cs (sorted by cost) are moved up to join the ties; the
 * new count of ties.
 */
static size_t written_back_ties(const sm_mctx *c, sm_cands *cs, size_t nties)
{
	double best;
	size_t i;
	sm_cand t;

	if (!c->e->blocklike || c->e->kind != SM_KIND_BLOCK || nties >= cs->n)
		return nties;
	best = cs->v[0].cost - SM_COST_EXTRA * (double)sm_cand_written_back(c->im, c->e, &cs->v[0]);
	for (i = nties; i < cs->n; i++) {
		double own = cs->v[i].cost -
			     SM_COST_EXTRA * (double)sm_cand_written_back(c->im, c->e, &cs->v[i]);
		if (own - best >= SM_AMBIGUITY_MARGIN)
			continue;
		t = cs->v[nties];
		cs->v[nties] = cs->v[i];
		cs->v[i] = t;
		nties++;
	}
	return nties;
}

/* The choice among the places tier t found (cs, not empty): m applied or ambiguous. cs is
 * left empty (what m took is its). */
static void decide(const sm_mctx *c, int t, sm_cands *cs, sm_match *m)
{
	size_t nties = 1;
	long pick = 0;

	qsort(cs->v, cs->n, sizeof(*cs->v), by_cost);
	while (nties < cs->n && cs->v[nties].cost - cs->v[0].cost < SM_AMBIGUITY_MARGIN)
		nties++;
	nties = written_back_ties(c, cs, nties);
	if (cs->total > cs->n && nties == cs->n)
		nties = cs->total; /* more ties than were kept */
	/* a soft claim (a line number the model guessed) tells apart places that fit nearly as
	   well, never two that fit exactly as well */
	if (nties > 1 && (c->e->flags & SM_EDIT_SOFT_HINT) &&
	    (cs->n < 2 || cs->v[1].cost - cs->v[0].cost < SM_COST_EPSILON))
		pick = -1;
	else if (nties > 1) {
		pick = pick_by_hint(cs, c->e->in_order ? nties : (nties < cs->n ? nties : cs->n),
				    (c->e->flags & SM_EDIT_NUMBERED) != 0, c->e->after_anchor,
				    c->e->in_order);
		if (pick >= 0)
			m->hint_decided = 1;
	}
	if (pick < 0) {
		m->status = SEAM_STATUS_AMBIGUOUS;
		m->tier = t;
		m->others = *cs;
		m->others.total = nties;
		memset(cs, 0, sizeof(*cs));
		return;
	}
	m->status = SEAM_STATUS_APPLIED;
	m->best = cs->v[pick];
	m->best.tier = t;
	cs->v[pick].lo = cs->v[pick].hi = NULL;
	sm_cands_dispose(cs);
}

/* A place with a rival find names (sm_exact_rival, sm_fuzzy_edge_rival): m turns ambiguous,
 * the two places its ties. SEAM_ENOMEM when out of memory. */
static int rival_ties(const sm_mctx *c, sm_match *m,
		      int (*find)(const sm_mctx *, const sm_cand *, sm_cand *))
{
	sm_cand rival;
	sm_cands two = {0};
	int rc = find(c, &m->best, &rival);

	if (rc == 0)
		return 0;
	two.im = c->im;
	two.hint = c->e->hint_start;
	if (rc < 0 || sm_cands_add(&two, &m->best, c->e->nold) ||
	    sm_cands_add(&two, &rival, c->e->nold)) {
		/* out of memory: m decides nothing, and holds nothing a caller that stops on the
		   error would have to free */
		sm_cand_free(&rival);
		sm_cands_dispose(&two);
		sm_cand_free(&m->best);
		memset(&m->best, 0, sizeof(m->best));
		m->status = SEAM_STATUS_NO_MATCH;
		return SEAM_ENOMEM;
	}
	sm_cand_free(&rival);
	sm_cand_free(&m->best);
	memset(&m->best, 0, sizeof(m->best));
	m->status = SEAM_STATUS_AMBIGUOUS;
	m->tier = two.v[0].tier;
	m->hint_decided = 0;
	m->others = two;
	m->others.total = two.n;
	return 0;
}

/*
 * Drops from cs the places of a numbered block that put its lines at other distances apart
 * than their numbers say (sm_cand_against_numbers), the first of them kept in m to name in the
 * refusal. Only the places of the tiers that let lines go or take a line for another, for an
 * addition or for one left out (blank lines, elisions, repair, line-indentation, fuzzy) are
 * judged: the strict tiers' places hold the block's lines as written, one after another, which
 * outweigh a mistyped number (the text wins), while these fit lines that are not the file's or
 * lines the file does not hold there, and the numbers are then the block's only other word on
 * where it was copied from. Blank lines let go move the lines around them: a block that leaves
 * out a line (a gap in its numbers) fits a copy of its lines below that line, blank lines
 * between let go, as well as the place it was copied from with the line left out.
 */
static void drop_against_numbers(const sm_mctx *c, sm_cands *cs, sm_match *m)
{
	size_t i, w = 0, old[2];

	for (i = 0; i < cs->n; i++) {
		if (!sm_cand_against_numbers(c->im, c->e, &cs->v[i], old)) {
			cs->v[w++] = cs->v[i];
			continue;
		}
		if (!m->against) {
			m->against = 1;
			m->against_old[0] = old[0];
			m->against_old[1] = old[1];
			m->against_at[0] = cs->v[i].lo[old[0]];
			m->against_at[1] = cs->v[i].lo[old[1]];
		}
		sm_cand_free(&cs->v[i]);
		cs->total--;
	}
	cs->n = w;
}

int sm_ladder_run(const sm_mctx *c0, int policy, sm_match *m)
{
	const sm_policy *pol = sm_policy_get(policy);
	sm_mctx c = *c0;
	sm_occ occ = {0};
	sm_cands cs = {0};
	int k, rc = 0;

	memset(m, 0, sizeof(*m));
	m->status = SEAM_STATUS_NO_MATCH;
	if (!pol || pol->stop != SM_STOP_FIRST)
		return SEAM_EUSAGE;
	cs.im = c.im;
	cs.hint = c.e->hint_start;
	if (!c.occ) {
		/* the one table every tier shares: its lookups in the line index (a pass over
		   the range before the image has one) */
		if (sm_budget_charge(c.budget, sm_occ_work(c.im, c.e, c.lo, c.hi))) {
			m->cut = 1;
			return 0;
		}
		if (sm_occ_build(&occ, c.im, c.e, c.lo, c.hi))
			return SEAM_ENOMEM;
		c.occ = &occ;
	}
	c.twin = &m->twin;
	c.halves = &m->halves;
	for (k = 0; k < pol->ntiers && !rc; k++) {
		int t = pol->tiers[k];

		if (sm_budget_out(c.budget)) {
			m->cut = 1;
			break;
		}
		if (t == SM_TIER_SPLIT) {
			/* not after a place the numbers contradict: the runs would be found
			   without them; nor after a place that reads two ways (sm_mctx.twin) */
			if (c.split && !m->against && !m->twin)
				rc = c.split(c.split_arg);
			continue;
		}
		sm_cands_clear(&cs);
		if (tiers[t].fn(&c, &cs) < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (sm_budget_out(c.budget)) {
			/* a place found in part of the range could be the wrong one of two */
			m->cut = 1;
			break;
		}
		/* the one reading of a merged hunk that does not say where its halves meet: a
		   tier after it would take the lines between them for lines left out and guess
		   the same thing, or place the old side where it stands less as written */
		if (m->halves.set && !cs.n)
			break;
		if (t >= SM_TIER_BLANK && c.e->old_no)
			drop_against_numbers(&c, &cs, m);
		if (cs.n) {
			decide(&c, t, &cs, m);
			if (policy == SM_POLICY_APPLY && m->status == SEAM_STATUS_APPLIED &&
			    (t == SM_TIER_EXACT || t == SM_TIER_WS))
				rc = rival_ties(&c, m, sm_exact_rival);
			/* a miscopied edge line beside its twin reads two ways (match_rival.c) */
			else if (policy == SM_POLICY_APPLY && m->status == SEAM_STATUS_APPLIED &&
			         t == SM_TIER_FUZZY) {
				rc = rival_ties(&c, m, sm_fuzzy_edge_rival);
				/* a miscopied edge line beside a deletion of its twin: an
				   unmarked addition as well (match_rival.c) */
				if (!rc && m->status == SEAM_STATUS_APPLIED)
					rc = rival_ties(&c, m, sm_fuzzy_twin_add_rival);
			}
			break;
		}
	}
	if (m->status != SEAM_STATUS_NO_MATCH)
		m->against = 0; /* another place was found: that one says nothing */
	sm_cands_dispose(&cs);
	sm_occ_free(&occ);
	return rc;
}

void sm_ladder_all_free(sm_cand *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sm_cand_free(&v[i]);
	sm_free(v);
}

int sm_ladder_all(const sm_mctx *c0, int policy, sm_cand **v, size_t *n, int *tier, int *cut)
{
	const sm_policy *pol = sm_policy_get(policy);
	sm_mctx c = *c0;
	sm_cands cs = {0};
	size_t nold = c0->e->nold, cap = 0, p0;
	int k;

	*v = NULL;
	*n = 0;
	*tier = -1;
	*cut = 0;
	if (!pol || pol->stop != SM_STOP_ALL)
		return SEAM_EUSAGE;
	c.occ = NULL; /* each window's own */
	for (k = 0; k < pol->ntiers && !*n; k++) {
		int t = pol->tiers[k];
		if (!tiers[t].fn)
			continue;
		/* every place, not just the best few a tier keeps: window by window */
		for (p0 = c0->lo; nold && p0 + nold <= c0->hi; p0++) {
			c.lo = p0;
			c.hi = p0 + nold;
			sm_cands_clear(&cs);
			if (tiers[t].fn(&c, &cs) < 0)
				goto oom;
			if (sm_budget_out(c.budget)) {
				*cut = 1;
				sm_cands_dispose(&cs);
				sm_ladder_all_free(*v, *n);
				*v = NULL;
				*n = 0;
				return 0;
			}
			if (!cs.n || (*n && p0 < (*v)[*n - 1].start + nold))
				continue;
			if (sm_grow((void **)v, &cap, *n + 1, sizeof(**v)) ||
			    sm_cand_copy(&(*v)[*n], &cs.v[0], nold))
				goto oom;
			(*v)[*n].tier = t;
			++*n;
		}
		if (*n)
			*tier = t;
	}
	sm_cands_dispose(&cs);
	return 0;
oom:
	sm_cands_dispose(&cs);
	sm_ladder_all_free(*v, *n);
	*v = NULL;
	*n = 0;
	return SEAM_ENOMEM;
}

void sm_match_dispose(sm_match *m)
{
	sm_cand_free(&m->best);
	sm_cands_dispose(&m->others);
}
