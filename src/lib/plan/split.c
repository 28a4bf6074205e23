/*
 * Models merge two hunks into one (skipping the unchanged lines between them without a divider)
 * and get the far ends of long context wrong. Each change run is then found on its own, with as
 * much of its own context as still fits, never less than one line on a side that had any, and
 * the runs must come out in the order the hunk gives them.
 */
#include "split.h"
#include "split_locate.h"
#include "split_cut.h"
#include "split_agree.h"
#include "split_apart.h"
#include "split_undecided.h"
#include "split_slide.h"
#include "split_left_line.h"
#include "split_blank_pair.h"
#include "split_tie.h"
#include "split_header.h"
#include "../match/splice_tie.h"
#include "../match/prep.h"
#include "plan_already_rival.h"
#include "plan_move_made.h"
#include "../match/match_costs.h"
#include "../match/image_work.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"

#include <string.h>

/* A context line two runs share stands in f where the run that changes beside it reads it (the
 * run whose first or last change line is its neighbour in the hunk): the lines that run adds
 * or deletes there go beside that copy, whatever the other run read. */
static void own_edges(const sm_medit *me, const run *runs, size_t nr, sm_cand *f)
{
	size_t i, k, base, j, side;

	for (i = 0; i < nr; i++) {
		for (base = 0, k = 0; k < runs[i].us; k++)
			base += me->seq[k].kind != SM_HL_ADD;
		for (side = 0; side < 2; side++) {
			k = side ? runs[i].e : runs[i].s;
			if (!side && !k)
				continue;
			k -= !side;
			if (k < runs[i].us || k >= runs[i].ue || me->seq[k].kind == SM_HL_ADD)
				continue;
			j = sm_split_old_of(&runs[i], k);
			if (j == SM_NOLINE || base + j >= me->nold)
				continue;
			f->lo[base + j] = runs[i].m.best.lo[j];
			f->hi[base + j] = runs[i].m.best.hi[j];
		}
	}
}

/* A reply re-indented as a whole has every run found shifted by one amount: their place, as
 * one, is shifted so too, and the other reading is walked with indentation aside as for a place
 * found whole (walked as written, a re-indented hunk had no other reading at all). */
static void shifted_as_runs(const run *runs, size_t nr, sm_cand *f)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!runs[i].m.best.shifted || runs[i].m.best.delta != runs[0].m.best.delta)
			return;
	f->shifted = runs[0].m.best.shifted;
	f->delta = runs[0].m.best.delta;
	f->tabw = runs[0].m.best.tabw;
	f->use_tabs = runs[0].m.best.use_tabs;
}

/* 1 when the hunk, cut in two, stands as a merged hunk's halves but for one file line they leave
 * out, a line the runs change standing elsewhere (sm_pieces_one_out_rival): the runs, each found
 * with as little context as fits, do not outweigh that reading. at[0] the first run's place,
 * at[1] the other reading's half; SEAM_ENOMEM when out of memory. */
static int one_out_rival(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                         size_t lo0, size_t hi0, sm_budget *budget, size_t *at)
{
	sm_mctx c = {im, me, lo0, hi0, NULL, budget, NULL, NULL, NULL, NULL};
	sm_cand f;
	int rc;

	if (sm_split_place_of_runs(me, runs, nr, 1, &f))
		return SEAM_ENOMEM;
	own_edges(me, runs, nr, &f);
	shifted_as_runs(runs, nr, &f);
	rc = sm_pieces_one_out_rival(&c, &f, &at[1]);
	at[0] = runs[0].m.best.start;
	sm_free(f.lo);
	return rc;
}

#define MADE_APART_QUESTIONS 4

/* Question q of a run made apart from where it reads (*ws: where its change stands instead);
 * -1 when out of memory. */
static int run_made_apart(int q, const sm_image *im, const sm_medit *me, const run *r, size_t lo0,
                          size_t hi0, sm_budget *budget, size_t *ws)
{
	switch (q) {
	case 0:
		/* found by its own old lines, its context cut on a side, while its own new side
		   (its additions with the context the hunk gives around them) stands, as loosely
		   as a run is found, apart from it: that change is made there, and the run fits
		   another copy of its old lines */
		return sm_split_made_apart(im, me, r, lo0, hi0, budget, ws);
	case 1:
		/* a deletion found without its context on a side, while the lines it brings
		   together stand together (sm_split_deletion_closed_up): made there already, or
		   to be made? */
		sm_budget_charge(budget, sm_work_pass(lo0, hi0));
		return sm_split_deletion_closed_up(im, me, r, lo0, hi0, ws);
	case 2:
		/* a deletion read past the lines its context closes up over already */
		return sm_split_deletion_read_past(im, r, lo0, hi0, budget, ws);
	default:
		/* read apart from the context beside its deletion, its new side standing as
		   written away from the lines it deletes */
		return sm_split_run_read_past(im, me, r, lo0, hi0, budget, ws);
	}
}

/* The first run standing outside the file lines [span[0], span[1]); nr when none does. */
static size_t run_away(const run *runs, size_t nr, const size_t *span)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (runs[i].m.best.start >= span[1] || runs[i].m.best.end <= span[0])
			break;
	return i;
}

/* One try of sm_split_apply, the runs paired (sm_split_pair_runs) or as the hunk has them: an
 * sm_split_result, or SEAM_ENOMEM. */
static int split_try(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
                     sm_budget *budget, sm_pedit *pe, int pairing, const size_t *rival,
                     const size_t *made, const size_t *thin, size_t *at_out, int *located)
{
	run *runs = NULL;
	size_t nr = 0, cap = 0, k, i, ctx_at = 0, run_at = 0;
	int rv = SM_SPLIT_NO_FIT, pr = 0, side, apart = 0, q, twin = 0;
	size_t twin_at[2] = {0, 0};
	sm_medit pm;
	const sm_medit *orig = me;
	unsigned char *brk = NULL;

	if (pairing) {
		pr = sm_split_pair_runs(me, &pm, &brk);
		if (pr <= 0) /* nothing to pair (SM_SPLIT_NO_FIT), or out of memory */
			return pr;
		me = &pm;
	}
	for (k = 0; k < me->nseq;) {
		if (me->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		if (sm_grow((void **)&runs, &cap, nr + 1, sizeof(*runs))) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		memset(&runs[nr], 0, sizeof(*runs));
		runs[nr].s = k;
		runs[nr].paired = brk && brk[k];
		while (k < me->nseq && me->seq[k].kind != SM_HL_CTX &&
		       !(k > runs[nr].s && brk && brk[k] == 1))
			k++;
		runs[nr].e = k;
		nr++;
	}
	if (!nr)
		goto out;
	for (i = 0; i < nr; i++) {
		runs[i].ls = i ? runs[i - 1].e : 0;
		runs[i].te = i + 1 < nr ? runs[i + 1].s : me->nseq;
	}
	/* every run on its own, then the ambiguous ones again between their neighbours */
	for (i = 0; i < nr; i++) {
		int r = sm_split_locate(im, me, &runs[i], lo0, hi0, budget);
		if (r < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		runs[i].found = r;
	}
	for (i = 0; i < nr; i++) {
		size_t lo = lo0, hi = hi0, j;
		int r;
		if (runs[i].found)
			continue;
		for (j = i; j-- > 0;)
			if (runs[j].found) {
				lo = runs[j].m.best.start;
				break;
			}
		for (j = i + 1; j < nr; j++)
			if (runs[j].found) {
				hi = runs[j].m.best.end;
				break;
			}
		r = sm_split_locate(im, me, &runs[i], lo, hi, budget);
		if (r <= 0) {
			rv = r < 0 ? r : SM_SPLIT_NO_FIT;
			goto out;
		}
		runs[i].found = 1;
	}
	/* the check of the cut context looks over the file once per cut line, at most: charged
	   as that (it decides nothing the budget could cut short; the next edit sees it spent) */
	sm_budget_charge(budget, (uint64_t)me->nseq * im->n);
	for (i = 0; i < nr; i++)
		if (!sm_split_cuts_ok(im, me, runs, i, nr))
			goto out;
	for (i = 0; i < nr; i++)
		if (sm_split_changes_nothing(&runs[i]))
			goto out;
	/* a run whose place, context and all (before the runs are clipped apart), passes over a
	   line that is one of its own additions: the run is made there already (as a whole
	   edit's place, plan_edit.c); judged whole by the tiers after the split */
	for (i = 0; i < nr && !me->blocklike; i++) {
		size_t at;
		if (sm_plan_passes_added(im, &runs[i].sub, &runs[i].m.best, &at))
			goto out;
	}
	/* the runs read as one place: a line the hunk moves taken from where it puts it (the
	   move made there already, the hunk or a half of it sent again) */
	{
		sm_cand whole;
		if (sm_split_place_of_runs(me, runs, nr, 0, &whole)) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		at_out[1] = sm_plan_move_made_at(im, me, &whole);
		/* (asked of the runs as found, before they are clipped apart; said only when no
		   other question below refuses the split first) */
		twin = at_out[1] == SM_NOLINE ? sm_split_twin_apart(me, &whole, twin_at) : 0;
		sm_free(whole.lo);
		if (twin < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		if (at_out[1] != SM_NOLINE) {
			at_out[0] = runs[0].m.best.start;
			rv = SM_SPLIT_RUN_MADE_APART;
			goto out;
		}
	}
	/* ... or deletes a copy of the context line beside it, the two apart in the file: the
	   copy deleted already (the hunk sent again, the run taking a copy further on) or lines
	   left out between them; judged whole by the tiers after the split (plan_edit.c refuses
	   such a place, naming it) */
	for (i = 0; i < nr; i++)
		if (sm_plan_copy_apart(&runs[i].sub, &runs[i].m.best) != SM_NOLINE)
			goto out;
	if (!sm_split_runs_agree(im, runs, nr, budget) || !sm_split_runs_in_order(runs, nr))
		goto out;
	for (i = 0; i < nr; i++) {
		int away = sm_split_near_slice_elsewhere(im, me, &runs[i], lo0, hi0, budget);
		if (away < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		if (away)
			goto out;
	}
	for (i = 0; i + 1 < nr; i++)
		runs[i].apart = sm_split_shared_apart(&runs[i], &runs[i + 1], me);
	for (i = 0; i + 1 < nr; i++)
		if (sm_split_apart_undecided(im, me, &runs[i], &runs[i + 1]))
			goto out;
	for (i = 0; i < nr; i++)
		if (!sm_split_placed_without_shared(runs, i, nr))
			goto out;
	/* ... or one of them reaches that copy over a line it leaves out, where it changes */
	for (i = 0; i + 1 < nr; i++)
		if (sm_split_shared_read_across(im, &runs[i], &runs[i + 1]))
			goto out;
	/* the runs as found (before they are clipped apart) against a merged hunk's reading */
	{
		int one = one_out_rival(im, me, runs, nr, lo0, hi0, budget, at_out);
		if (one) {
			rv = one < 0 ? SEAM_ENOMEM : SM_SPLIT_ONE_OUT;
			goto out;
		}
	}
	/* ... or against the header's reading, the first run standing there too but for blank
	   lines the reply dropped */
	{
		size_t hdr = sm_split_header_rival(im, me, &runs[0], budget);
		if (hdr != SM_NOLINE) {
			at_out[0] = runs[0].m.best.start;
			at_out[1] = hdr;
			rv = SM_SPLIT_HEADER_RIVAL;
			goto out;
		}
	}
	/* a run whose place as found (before the clip hands its shared context to the next
	   run) holds a line its old side left out that another run writes: the check below
	   asks it again of the clipped places, where the line may stand between two runs */
	for (i = 0; i < nr && me->blocklike; i++)
		if (sm_split_left_out_written_elsewhere(im, me, &runs[i]))
			goto out;
	for (i = 0; i + 1 < nr; i++) {
		/* a run that is only additions beside the context the next run reads on the
		   same lines cannot be clipped apart from it, yet the two read as one stretch of
		   the hunk: a reading all the same (split_tie.c's other pairing is one) when its
		   additions stand at a cut, file lines skipped above them, which side of those
		   lines they go being what the pairings disagree on (at the hunk's top edge
		   there is no such side: the two pairings write one file there) */
		if (i > 0 && runs[i - 1].m.best.end < runs[i].m.best.start &&
		    sm_split_one_stretch(&runs[i], &runs[i + 1])) {
			*located = 1;
			goto out;
		}
		if (runs[i].m.best.start >= runs[i + 1].m.best.start ||
		    !sm_split_clip(&runs[i], &runs[i + 1]))
			goto out;
	}
	/* every run found, in order, read as one hunk and clipped apart: a reading, whatever the
	   questions below decide of it */
	*located = 1;
	/* the outer contexts, no other run's, before the runs change (sm_split_move_lead_adds) */
	for (side = 0; side < 2 && !apart; side++) {
		run *r = &runs[side ? nr - 1 : 0];
		apart = sm_split_outer_apart(im, me, r, !side, lo0, hi0, budget, &ctx_at);
		if (apart < 0) {
			rv = apart;
			goto out;
		}
		if (apart)
			run_at = sm_split_run_edge(r, 1);
	}
	/* a line the split writes beside its own copy across a stretch */
	for (i = 1; i < nr; i++)
		if (sm_split_closes_on_copy(im, runs, nr, i - 1, 1) ||
		    sm_split_closes_on_copy(im, runs, nr, i, -1))
			goto out;
	/* a line added at a cut that may be the stretch's own line left out */
	for (i = 1; i < nr; i++)
		if (sm_split_cut_adds_twin(im, me, &runs[i - 1], &runs[i]))
			goto out;
	/* a line added beside a context line that is the file's line left out beside it */
	if (sm_split_adds_left_out_line(im, me, runs, nr))
		goto out;
	/* a blank line of the old side let go, the file's line between it and the run left
	   out while the new side writes it there (split_blank_pair.c) */
	{
		size_t beside = 0, left = sm_split_blank_pair_left_out(im, me, runs, nr, &beside);
		if (left != SM_NOLINE) {
			at_out[0] = beside;
			at_out[1] = left;
			rv = SM_SPLIT_BLANK_PAIR;
			goto out;
		}
	}
	/* lines added at a run's edge that read as well beyond its context, at the cut */
	for (i = 1; i < nr; i++) {
		int slide = sm_split_adds_slide_to_cut(me, &runs[i - 1], &runs[i]);
		if (slide) {
			if (slide < 0)
				rv = SEAM_ENOMEM;
			goto out;
		}
	}
	for (i = 1; i < nr; i++)
		if (sm_split_move_lead_adds(im, me, &runs[i - 1], &runs[i])) {
			rv = SEAM_ENOMEM;
			goto out;
		}
	/* lines added at the cut below a blank line the run before reads elsewhere */
	for (i = 1; i < nr; i++)
		if (sm_split_lead_adds_on_blank(im, me, &runs[i - 1], &runs[i], at_out)) {
			rv = SM_SPLIT_BLANK_UNDECIDED;
			goto out;
		}
	/* a run that adds lines at a file line it leaves out does not say on which side */
	for (i = 0; i < nr; i++)
		if (sm_splice_undecided(im, &runs[i].sub, &runs[i].m.best) != SM_NOLINE)
			goto out;
	/* ... or lets go of an edge blank line beside a line the hunk (any run of it) adds */
	for (i = 0; i < nr; i++)
		if (sm_splice_left_out_added(im, &runs[i].sub, &runs[i].m.best, me) != SM_NOLINE)
			goto out;
	/* ... or leaves out a line another run writes a copy of (a whole-sides rewrite) */
	for (i = 0; i < nr && me->blocklike; i++)
		if (sm_split_left_out_written_elsewhere(im, me, &runs[i]))
			goto out;
	/* ... or fits only by letting go of file lines that are its own additions (the hunk
	   sent again): judged whole by the tiers after the split, not written a second time (in
	   a whole-sides rewrite such a line is one the old side left out, and the splice writes
	   it once) */
	for (i = 0; i < nr && !me->blocklike; i++) {
		size_t at;
		if (sm_plan_skipped_done(im, &runs[i].sub, &runs[i].m.best, &at))
			goto out;
	}
	/* the new side stands (as loosely as a run is found) where none of the runs does:
	   the runs fit other copies of their lines, and the hunk may have been made already */
	if (rival) {
		/* (a run reaching into that span by its context alone, the lines it deletes apart
		   from it, stands away from it too: the two share a context line at their seam) */
		for (i = 0; i < nr; i++)
			if (runs[i].m.best.start < rival[1] && runs[i].m.best.end > rival[0] &&
			    !sm_plan_deletions_apart(&runs[i].sub, &runs[i].m.best, 0,
			                             runs[i].sub.nold, rival[0], rival[1]))
				break;
		if (i == nr) {
			*at_out = runs[0].m.best.start;
			rv = SM_SPLIT_RIVAL_LOOSE;
			goto out;
		}
	}
	/* ... or a run made apart from where it reads (run_made_apart's questions, each asked of
	   every run before the next) */
	for (q = 0; q < MADE_APART_QUESTIONS; q++)
		for (i = 0; i < nr; i++) {
			size_t ws = 0;
			int made = run_made_apart(q, im, me, &runs[i], lo0, hi0, budget, &ws);
			if (made < 0) {
				rv = SEAM_ENOMEM;
				goto out;
			}
			if (made) {
				at_out[0] = sm_split_run_edge(&runs[i], 1);
				at_out[1] = ws;
				rv = SM_SPLIT_RUN_MADE_APART;
				goto out;
			}
		}
	/* a placeholder standing for no line beside lines the hunk deletes */
	if ((at_out[0] = sm_split_marker_for_nothing(me, runs, nr)) != SM_NOLINE) {
		rv = SM_SPLIT_EMPTY_MARKER;
		goto out;
	}
	/* the edit's new side stands as written (a deletion's neighbours together already)
	   and a run stands away from it: that run fits another copy of its deleted lines,
	   the hunk's changes all belonging where its new side stands */
	if (made && (i = run_away(runs, nr, made)) < nr) {
		at_out[0] = runs[i].m.best.start;
		at_out[1] = made[0];
		rv = SM_SPLIT_DELETION_MADE;
		goto out;
	}
	/* the new side, one line of substance added, stands as written away from a run: the
	   old side fits nowhere as the reply gives it, only cut into runs of which one reads
	   another copy of its old lines with less of the reply's context than that new side
	   holds, so the hunk is as likely made there already (sent again) as to be made */
	if (thin && (i = run_away(runs, nr, thin)) < nr) {
		at_out[0] = runs[i].m.best.start;
		at_out[1] = thin[0];
		rv = SM_SPLIT_NEW_MADE;
		goto out;
	}
	/* a half of the hunk made already, its runs reading other copies of its old lines */
	{
		int half = sm_split_half_made_apart(im, me, runs, nr, lo0, hi0, budget, &at_out[1]);
		if (half) {
			at_out[0] = runs[0].m.best.start;
			rv = half < 0 ? SEAM_ENOMEM : SM_SPLIT_HALF_MADE;
			goto out;
		}
	}
	/* the reply puts its context in one place and its change in another */
	if (apart) {
		at_out[0] = ctx_at;
		at_out[1] = run_at;
		rv = apart == 2 ? SM_SPLIT_CONTEXT_APART_LOOSE : SM_SPLIT_CONTEXT_APART;
		goto out;
	}
	/* the runs' changed lines read as well, the hunk's lines let go put elsewhere, on other
	   copies of them (sm_plan_copy_reading): the reply does not say which copies */
	{
		int found =
		    sm_split_copies_read_otherwise(im, me, runs, nr, lo0, hi0, budget, at_out);
		if (found) {
			rv = found < 0 ? SEAM_ENOMEM : SM_SPLIT_COPY_READING;
			goto out;
		}
	}
	/* the hunk's head (tail) beyond a marker stands nowhere before (after) the runs */
	if (!sm_split_heads_in_order(im, me, runs, nr, lo0, hi0, budget))
		goto out;
	/* a line kept beside a deleted copy of it, the two across a stretch the runs skip */
	if (twin) {
		at_out[0] = twin_at[0];
		at_out[1] = twin_at[1];
		rv = SM_SPLIT_TWIN_APART;
		goto out;
	}
	/* a line the sides' diff keeps across a swap, a copy of it in a stretch the runs skip
	   (the whole sides' question, sm_splice_cross_reading, asked of the runs as one place:
	   the diff pairs the new side's line with the copy one run reads, while the model may
	   have meant the copy the runs leave out, the other deleted). Only a copy the new side's
	   line can be in its order: the stretch between runs is long, and a copy far from the
	   swap, across lines the new side writes on the other side of it, is not meant */
	{
		sm_cand whole;
		size_t copy = SM_NOLINE, kept;
		int cut = 0;
		if (sm_split_place_of_runs(orig, runs, nr, 0, &whole)) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		kept = sm_splice_cross_reading_in_order(im, orig, &whole, &copy, &cut);
		sm_free(whole.lo);
		if (kept != SM_NOLINE && !cut) {
			at_out[0] = kept;
			at_out[1] = copy;
			rv = SM_SPLIT_CROSS_READING;
			goto out;
		}
	}
	/* where the runs stand, for a caller that weighs this reading against another: the
	   first run, and the first line of substance the runs leave out between them */
	at_out[0] = runs[0].m.best.start;
	at_out[1] = runs[0].m.best.end < im->n ? runs[0].m.best.end : runs[0].m.best.start;
	for (i = 1; i < nr; i++)
		if (runs[i].m.best.start > runs[i - 1].m.best.end) {
			size_t f = runs[i - 1].m.best.end;
			while (f + 1 < runs[i].m.best.start && sm_ln(im, f)->blank)
				f++;
			at_out[1] = f;
			break;
		}
	pe->start_line = sm_image_orig_near(im, runs[0].m.best.start);
	pe->end_line = sm_image_orig_near(im, runs[nr - 1].m.best.end - 1);
	for (i = nr; i-- > 0;) {
		size_t first, count;
		sm_medit trim;
		const sm_medit *sub = &runs[i].sub;
		if (sm_splice_spacing_tail(im, sub, me, &runs[i].m.best, &trim))
			sub = &trim;
		sm_budget_charge(budget, sm_work_splice(im, runs[i].m.best.start));
		if (sm_splice(im, sub, &runs[i].m.best, pool, &first, &count)) {
			rv = SEAM_ENOMEM; /* out of memory midway: the caller drops the whole plan */
			goto out;
		}
	}
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = SM_TIER_SPLIT;
	pe->strategy = sm_tier_name(SM_TIER_SPLIT);
	rv = SM_SPLIT_APPLIED;
out:
	for (i = 0; i < nr; i++) {
		if (runs[i].found)
			sm_match_dispose(&runs[i].m);
		free_sub(&runs[i].sub);
	}
	sm_free(runs);
	if (pr) {
		sm_free(pm.seq);
		sm_free(pm.old);
		sm_free(brk);
	}
	return rv;
}

static int split_apply_one(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
                           sm_budget *budget, sm_pedit *pe, const size_t *rival, const size_t *made,
                           const size_t *thin, size_t at[2], int *located)
{
	int rv = split_try(im, me, lo0, hi0, pool, budget, pe, 0, rival, made, thin, at, located),
	    rv2;
	size_t first[2];

	if (rv != SM_SPLIT_NO_FIT && rv != SM_SPLIT_BLANK_UNDECIDED)
		return rv;
	/* the runs paired; a blank line the first try found undecided is said when the pairing
	   finds nothing either */
	first[0] = at[0];
	first[1] = at[1];
	rv2 = split_try(im, me, lo0, hi0, pool, budget, pe, 1, rival, made, thin, at, located);
	if (rv2 != SM_SPLIT_NO_FIT || rv != SM_SPLIT_BLANK_UNDECIDED)
		return rv2;
	at[0] = first[0];
	at[1] = first[1];
	return rv;
}

int sm_split_apply(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
                   sm_budget *budget, sm_pedit *pe, const size_t *rival, const size_t *made,
                   const size_t *thin, size_t at[2])
{
	sm_medit alt;
	sm_image one, other;
	sm_pedit pe0 = *pe, pe_alt;
	size_t at_alt[2] = {0, 0};
	int rv, rv2, differ = 0, located = 0, tie = im->oat ? 0 : sm_split_tie_pairing(me, &alt);

	if (tie <= 0)
		return tie < 0 ? tie
		               : split_apply_one(im, me, lo0, hi0, pool, budget, pe, rival, made,
		                                 thin, at, &located);
	/* a whole-sides block whose sides pair otherwise with their ties broken from the other
	   end (split_tie.c): both readings split on copies of the file, compared */
	if (sm_image_copy(&one, im)) {
		sm_prep_dispose(&alt);
		return SEAM_ENOMEM;
	}
	rv = split_apply_one(&one, me, lo0, hi0, pool, budget, pe, rival, made, thin, at, &located);
	if (rv == SM_SPLIT_APPLIED) {
		if (sm_image_copy(&other, im)) {
			rv = SEAM_ENOMEM;
		} else {
			pe_alt = pe0;
			located = 0;
			rv2 = split_apply_one(&other, &alt, lo0, hi0, pool, budget, &pe_alt, rival,
			                      made, thin, at_alt, &located);
			/* the other reading found, written (another file?) or not (its runs
			   found but undecided: seam cannot say it is not meant) */
			if (rv2 == SM_SPLIT_APPLIED)
				differ = sm_split_tie_differ(&one, &other);
			else
				differ = rv2 < 0 ? rv2 : located;
			sm_image_dispose(&other);
			if (differ < 0) {
				rv = differ;
			} else if (differ) {
				*pe = pe0;
				rv = SM_SPLIT_TIE_UNDECIDED;
			}
		}
	}
	if (rv == SM_SPLIT_APPLIED) {
		/* the copy holds the one reading: it is the file now */
		sm_image_dispose(im);
		*im = one;
	} else {
		sm_image_dispose(&one);
	}
	sm_prep_dispose(&alt);
	return rv;
}
