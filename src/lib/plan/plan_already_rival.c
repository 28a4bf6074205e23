/*
 * The rival readings of an edit placed loosely: its new side standing elsewhere (or better)
 * says the reply may have been sent again as much as meant there, and the caller refuses.
 * Used by the edit steps (plan_edit.c, plan_half.c, split.c); calls plan_new_side.c, never
 * plan_already.c.
 */
#include "plan_already_rival.h"
#include "plan_new_side.h"
#include "plan_already_impl.h"
#include "../match/prep.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <stdint.h>

/* 1 when added line a has the text of a line the edit deletes (indentation aside). */
static int text_of_deleted(const sm_medit *me, const sm_line *a)
{
	size_t k;

	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep &&
		    sm_line_h(&me->seq[k].l, SM_LVL_INDENT) == sm_line_h(a, SM_LVL_INDENT))
			return 1;
	return 0;
}

static int other_bytes(const sm_medit *me, size_t j, size_t k)
{
	return !same_bytes(me, j, k);
}

/* 1 when added line seq[k] is a line its own change run deletes at another indentation (its
 * text, indentation aside, not its bytes): a line kept in place and re-indented, as a body is
 * when the block around it is taken off. Such a run only deletes, as far as the new side's
 * evidence goes: its added line of substance was there before the edit too. Each deletion
 * keeps one addition at most. */
static int reindented_in_run(const sm_medit *me, size_t k)
{
	if (me->seq[k].kind != SM_HL_ADD || me->seq[k].keep || me->seq[k].l.blank)
		return 0;
	return sm_kept_in_run(me, k, SM_LVL_INDENT, other_bytes);
}

/* sm_plan_new_side_rival and, with `blank_bound`, sm_plan_new_side_rival_blank: the evidence
 * asked of the new side is then only runs closed by a blank context line on one side (a new
 * side the first already judged is left to it). */
static int new_side_rival(const sm_image *im, const sm_medit *me, int tier, const sm_cand *place,
                          size_t lo, size_t hi, sm_budget *budget, size_t *at, int *err,
                          int blank_bound, size_t *two)
{
	size_t k, solid, nadd, blank_changed = 0, nreind = 0, grow;
	sm_cand w;
	int r;

	*err = 0;
	if (tier != SM_TIER_REPAIR && tier != SM_TIER_SPLIT && tier != SM_TIER_FUZZY &&
	    !((tier == SM_TIER_ELIDE || tier == SM_TIER_PIECES || tier == SM_TIER_PIECES_BLANK) &&
	      place))
		return 0;
	count_new(me, &solid, &nadd);
	for (k = 0; k < me->nseq; k++)
		blank_changed +=
		    me->seq[k].kind != SM_HL_CTX && !me->seq[k].keep && me->seq[k].l.blank;
	/* an edit that only deletes leaves a new side the file holds anyway (its context) unless
	   the deletion stood between two context lines that now stand together (a copy deleted
	   beside its original counts here: the rival only ever refuses); those two lines closing
	   up are the evidence, so one line of substance is enough there, as for the loose new
	   side (a comment added proves nothing by itself) */
	/* (an added line one typo from a line the edit deletes is that line miscopied on the old
	   side and written right: the edit deletes, as far as this goes; the same line is a line
	   moved, which the edit makes) */
	/* (nor is a line of the run given back but for its trailing blanks: kept in place) */
	/* (nor one its own run deletes at another indentation: kept and re-indented, a block
	   taken off around it; the run then proves itself only closed in by context lines that
	   now stand together, as a deletion does) */
	for (k = 0; k < me->nseq; k++) {
		int reind = reindented_in_run(me, k);
		nreind += reind;
		nadd -=
		    me->seq[k].kind == SM_HL_ADD &&
		    ((typo_of_deleted(me, &me->seq[k].l) && !text_of_deleted(me, &me->seq[k].l)) ||
		     trims_in_run(me, k) || reind);
	}
	/* (a run bounded by a blank context line on one side proves as much only found as
	   written, the blank line standing: blank_bound) */
	if (!solid || (nadd && solid < SM_RIVAL_NEW_MIN_SOLID))
		return 0;
	if (nadd ? blank_bound
	         : (nreind ? sm_runs_closed(me, 0, 0) : sm_new_side_evidence(me, 0)) == blank_bound)
		return 0; /* judged by the other of the two */
	if (blank_bound && !sm_runs_closed(me, 0, 1))
		return 0;
	/* a new side made where the old side stands in [lo, hi) reaches past hi by the lines it
	   adds beyond those it deletes: a window sized for the old side (a numbered block's)
	   is widened by that much, or the made edit standing at its edge is not seen */
	for (k = 0, grow = 0; k < me->nseq; k++)
		grow += sm_mline_is_new(&me->seq[k]);
	grow = grow > me->nold ? grow - me->nold : 0;
	if (hi < im->n)
		hi = hi + grow < im->n ? hi + grow : im->n;
	/* blank lines let go only when the edit changes none: one that moves or adds blank lines
	   would find its new side in the file it has not changed yet */
	r = sm_new_side_places(im, me, lo, hi, budget,
	                       blank_changed ? SM_POLICY_ALREADY : SM_POLICY_RIVAL, &w, two, err);
	if (r != 1)
		return r;
	if (blank_bound && w.tier > SM_TIER_INDENT)
		return 0;
	/* standing only at another indentation than the place's, inside the place: the old
	   side's own lines, which the edit re-indents (a wrapper taken off), not the edit made
	   before, which would stand as the rest of the reply does */
	if (place && w.shifted && (!place->shifted || w.delta != place->delta) &&
	    w.start >= place->start && w.end <= place->end)
		return 0;
	/* an old side found by elision has every piece as written, only the lines its "..."
	   stand for unseen: a new side elsewhere is no rival (as for an exact place), nor is one
	   reaching past the place (its "..." passing over the lines the edit changes, or its
	   additions beyond the place's edge, which the splice takes in), but one within it is:
	   the reply sent again, its old side fitting over a longer gap around the lines made */
	/* (an old side read as a merged hunk's two halves has no "..." saying lines were left
	   out: a reading as loose as the repair's, its new side standing anywhere a rival) */
	if (tier == SM_TIER_ELIDE && (w.start < place->start || w.end > place->end))
		return 0;
	*at = w.start;
	return 1;
}

int sm_plan_new_side_rival(const sm_image *im, const sm_medit *me, int tier, const sm_cand *place,
                           size_t lo, size_t hi, sm_budget *budget, size_t *at, int *err)
{
	return new_side_rival(im, me, tier, place, lo, hi, budget, at, err, 0, NULL);
}

int sm_plan_new_side_rival_blank(const sm_image *im, const sm_medit *me, int tier,
                                 const sm_cand *place, size_t lo, size_t hi, sm_budget *budget,
                                 size_t *at, int *err)
{
	return new_side_rival(im, me, tier, place, lo, hi, budget, at, err, 1, NULL);
}

int sm_plan_new_side_rival_or_twice(const sm_image *im, const sm_medit *me, int tier, size_t lo,
                                    size_t hi, sm_budget *budget, size_t *at, size_t two[2],
                                    int *err)
{
	return new_side_rival(im, me, tier, NULL, lo, hi, budget, at, err, 0, two);
}

int sm_plan_new_side_loose(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                           sm_budget *budget, size_t *s, size_t *e, int *err)
{
	size_t solid, nadd;

	*err = 0;
	count_new(me, &solid, &nadd);
	/* an edit that only deletes, its context on both sides of each deletion, needs but one
	   line of substance: the place must also be apart from the old side's, which fits only
	   loosely */
	if (!solid || (!nadd && !sm_new_side_evidence(me, 0)) ||
	    (nadd && solid < SM_RIVAL_NEW_MIN_SOLID))
		return 0;
	return sm_new_side_once(im, me, lo, hi, budget, SM_POLICY_RIVAL_LOOSE, s, e, err);
}

int sm_plan_deletions_apart(const sm_medit *me, const sm_cand *place, size_t a, size_t z, size_t s,
                            size_t e)
{
	size_t i, n = 0;

	for (i = a; i < z; i++) {
		if (me->seq[me->old[i]].kind != SM_HL_DEL)
			continue;
		if (place->lo[i] == SM_NOLINE || place->hi[i] <= place->lo[i] ||
		    (place->hi[i] + 1 > s && place->lo[i] < e + 1))
			return 0;
		n++;
	}
	return n > 0;
}

int sm_plan_new_side_written(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                             sm_budget *budget, size_t *s, size_t *e, int *tier, int *err)
{
	size_t solid, nadd;
	sm_cand w;

	*err = 0;
	count_new(me, &solid, &nadd);
	if (!solid || (!nadd && !sm_new_side_evidence(me, 0)) ||
	    (nadd && solid < SM_RIVAL_NEW_MIN_SOLID))
		return 0;
	if (!sm_new_side_once_at(im, me, lo, hi, budget, SM_POLICY_RIVAL, &w, err))
		return 0;
	*s = w.start;
	*e = w.end;
	if (tier)
		*tier = w.tier;
	return 1;
}

int sm_plan_new_side_written_blank(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                                   sm_budget *budget, size_t *s, size_t *e, int *err)
{
	size_t solid, nadd, k, lines;
	sm_cand w;

	*err = 0;
	count_new(me, &solid, &nadd);
	for (k = 0, lines = 0; k < me->nseq; k++)
		lines += sm_mline_is_new(&me->seq[k]) && !me->seq[k].l.blank;
	/* (a line of substance and a blank line beside it stand together in many files: two
	   lines that are not blank, at least) */
	if (!solid || lines < 2 || (nadd && solid < SM_RIVAL_NEW_MIN_SOLID) ||
	    sm_new_side_evidence(me, 0) || !sm_runs_closed(me, 0, 1))
		return 0; /* none, or sm_plan_new_side_written's to judge */
	if (!sm_new_side_once_at(im, me, lo, hi, budget, SM_POLICY_RIVAL, &w, err) ||
	    w.tier > SM_TIER_INDENT)
		return 0;
	*s = w.start;
	*e = w.end;
	return 1;
}

int sm_plan_stands_loosely(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                           sm_budget *budget, size_t *s, size_t *e, int *err)
{
	sm_cand w;

	*err = 0;
	if (!sm_new_side_once_at(im, me, lo, hi, budget, SM_POLICY_RIVAL_LOOSE, &w, err) ||
	    w.tier <= SM_TIER_INDENT)
		return 0;
	*s = w.start;
	*e = w.end;
	return 1;
}

int sm_plan_new_side_anyhow(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                            sm_budget *budget, size_t *s, size_t *e, int *err)
{
	*err = 0;
	return sm_new_side_evidence(me, 0) &&
	       sm_new_side_once(im, me, lo, hi, budget, SM_POLICY_RIVAL_LOOSE, s, e, err);
}

int sm_plan_new_side_thin(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                          sm_budget *budget, size_t *s, size_t *e, int *err)
{
	size_t k, solid, nadd, lines = 0, adds = 0;
	sm_cand w;

	*err = 0;
	count_new(me, &solid, &nadd);
	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		lines += sm_mline_is_new(ml) && !ml->l.blank;
		adds += ml->kind == SM_HL_ADD && !ml->keep && sm_already_solid(&ml->l) &&
		        (!typo_of_deleted(me, &ml->l) || text_of_deleted(me, &ml->l)) &&
		        !cut_of_deleted(me, &ml->l) && !trims_in_run(me, k);
	}
	/* more lines of substance are sm_plan_new_side_rival's to judge; a lone line added
	   with nothing but blank lines around it stands anywhere */
	if (solid != 1 || !adds || lines < 2)
		return 0;
	/* exactly as written: a re-indented line found whitespace aside would be the old line
	   at its old depth, the change not made */
	if (!sm_new_side_once_at(im, me, lo, hi, budget, SM_POLICY_RIVAL, &w, err) ||
	    w.tier != SM_TIER_EXACT)
		return 0;
	*s = w.start;
	*e = w.end;
	return 1;
}

int sm_plan_context_loose(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                          sm_budget *budget, size_t *s, size_t *e, int *err)
{
	size_t solid, nadd;

	*err = 0;
	count_new(me, &solid, &nadd);
	if (nadd || solid < SM_RIVAL_NEW_MIN_SOLID || sm_new_side_evidence(me, 0))
		return 0; /* sm_plan_new_side_loose's to judge */
	/* standing as written, the context is the split's outer context, which split.c judges
	   and names as such */
	return sm_plan_stands_loosely(im, me, lo, hi, budget, s, e, err);
}

/* 1 when place c of the new side (ns) puts one of its lines, not as written (indentation
 * aside), on a file line that `place` (the old side's, of me) gives a line me deletes: the two
 * readings claim that line, the old side's as the line to delete (miscopied or cut short), and
 * the new side's fit costs less only by reading it as another line. Both places hold their
 * lines on increasing file lines: one walk of each. */
static int loose_on_deleted(const sm_image *im, const sm_medit *me, const sm_medit *ns,
                            const sm_cand *c, const sm_cand *place)
{
	size_t i, k = 0, oi = 0;

	for (i = 0; i < ns->nold; i++) {
		const sm_line *l = &ns->seq[ns->old[i]].l;
		size_t f = c->lo[i];
		if (f == SM_NOLINE || c->hi[i] <= f ||
		    (c->hi[i] == f + 1 && !l->blank && sm_ln(im, f)->h_indent == l->h_indent))
			continue;
		for (; k < me->nseq; k++) {
			const sm_mline *ml = &me->seq[k];
			size_t a, z;
			if (ml->kind == SM_HL_ADD)
				continue;
			a = place->lo[oi];
			z = place->hi[oi];
			if (ml->kind != SM_HL_DEL || ml->keep || a == SM_NOLINE || z <= a) {
				oi++;
				continue;
			}
			if (z <= f) {
				oi++;
				continue; /* wholly before f: before every later line too */
			}
			if (a < c->hi[i])
				return 1;
			break; /* past f's lines: the next line of ns may reach it */
		}
	}
	return 0;
}

int sm_plan_new_side_fits_better(const sm_image *im, const sm_medit *me, const sm_cand *place,
                                 size_t lo, size_t hi, sm_budget *budget, size_t *s, size_t *e,
                                 int *err)
{
	size_t solid, nadd, k;
	sm_medit ns;
	sm_mctx c = {im, NULL, lo, hi, NULL, budget, NULL, NULL, NULL, NULL};
	sm_match m;
	int found;

	*err = 0;
	count_new(me, &solid, &nadd);
	/* no evidence asked of an edit that only deletes: a new side that is the old side's
	   context (a deletion at its edge) fits wherever that context does, as cheaply, and so
	   beats the place only by what placing the deleted lines cost there */
	if (solid < SM_RIVAL_NEW_MIN_SOLID)
		return 0;
	/* the additions must stand as written there (sm_new_side_adds_on): one the window does
	   not hold rules every place out before the ladder's search, which costs the most where
	   the new side is not in the file at all, as most often */
	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_ADD && !me->seq[k].l.blank &&
		    !sm_image_has(im, me->seq[k].l.h_indent, lo, hi))
			return 0;
	if (sm_prep_new_side(&ns, me)) {
		*err = 1;
		return 0;
	}
	c.e = &ns;
	if (sm_ladder_run(&c, SM_POLICY_RIVAL_LOOSE, &m) < 0)
		*err = 1;
	/* one place only, around the old side's, costing a line's repair less than it, with the
	   edit's additions standing there as written, no line of it taken loosely for a file
	   line the old side deletes, and no blank line of it let go while the place passes over
	   a blank file line (an edit that moves a blank line finds its new side so in the file
	   it has not changed yet: sm_moves_blank) */
	found = !*err && m.status == SEAM_STATUS_APPLIED && m.best.end > place->start &&
	        m.best.start < place->end && place->cost - m.best.cost >= SM_AMBIGUITY_MARGIN &&
	        sm_new_side_adds_on(im, me, &m.best) &&
	        !loose_on_deleted(im, me, &ns, &m.best, place) && !sm_moves_blank(im, &ns, &m.best);
	if (found) {
		*s = m.best.start;
		*e = m.best.end;
	}
	sm_match_dispose(&m);
	sm_prep_dispose(&ns);
	return found;
}

/* 1 when fuzzy place c passes over a file line of substance between its lines (a line let go)
 * and also puts a line of the old side on a file line not as written (indentation aside) or on
 * none (a miscopy, a line cut short): found only at two costs at once. One walk of the place. */
static int doubly_loose(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t i, g, f = c->start;
	int passed = 0, off = 0;

	if (c->tier != SM_TIER_FUZZY)
		return 0;
	for (i = 0; i < me->nold; i++) {
		const sm_line *l = &me->seq[me->old[i]].l;
		if (me->seq[me->old[i]].elide)
			return 0; /* a "..." stands for lines: none is let go */
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i]) {
			off |= !l->blank;
			continue;
		}
		for (g = f; g < c->lo[i] && g < im->n; g++)
			passed |= !sm_ln(im, g)->blank;
		off |= c->hi[i] != c->lo[i] + 1 ||
		       sm_line_h(sm_ln(im, c->lo[i]), SM_LVL_INDENT) != sm_line_h(l, SM_LVL_INDENT);
		if (c->hi[i] > f)
			f = c->hi[i];
	}
	for (g = f; g < c->end && g < im->n; g++)
		passed |= !sm_ln(im, g)->blank;
	return passed && off;
}

/* 1 when place q of the new side (ns) puts a line of it on a file line that place c of the old
 * side (me) does not give a line of the same text (indentation aside): the new side is not just
 * the old side's own lines where they stand (a deletion at an edge leaves a new side that is
 * the context, found wherever the old side is). Both places run forward: one walk of each. */
static int stands_apart(const sm_image *im, const sm_medit *me, const sm_medit *ns,
                        const sm_cand *c, const sm_cand *q)
{
	size_t i, j = 0;

	(void)im;
	for (i = 0; i < ns->nold; i++) {
		const sm_line *l = &ns->seq[ns->old[i]].l;
		size_t f = q->lo[i];
		if (f == SM_NOLINE || q->hi[i] <= f || l->blank)
			continue;
		while (j < me->nold && (c->lo[j] == SM_NOLINE || c->hi[j] <= f))
			j++;
		if (j >= me->nold || c->lo[j] > f ||
		    sm_line_h(&me->seq[me->old[j]].l, SM_LVL_INDENT) != sm_line_h(l, SM_LVL_INDENT))
			return 1;
	}
	return 0;
}

/* 1 when place c of the new side (ns, of me) reads each of its lines on one file line, one
 * after another (no file line let go), every line as written (indentation aside) but context
 * lines cut short: their file lines start with them and go on (sm_cut_text), a model that
 * stopped mid-line. The old side holds those lines too and is read as loosely on them wherever
 * it is placed: the new side stands as written as far as the reply lets anything stand. */
static int stands_but_cut(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t k, i = 0, prev = SM_NOLINE;

	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		const sm_line *l = &ml->l, *fl;
		size_t f, li, fi;
		if (!sm_mline_is_new(ml))
			continue;
		f = c->lo[i++];
		if (f == SM_NOLINE || c->hi[i - 1] != f + 1 || (prev != SM_NOLINE && f != prev + 1))
			return 0;
		prev = f;
		fl = sm_ln(im, f);
		if (fl->h_indent == l->h_indent)
			continue;
		li = sm_text_indent_len(l->p, l->n);
		fi = sm_text_indent_len(fl->p, fl->n);
		if (ml->kind != SM_HL_CTX || l->blank || fl->blank ||
		    !sm_cut_text(l->p + li, l->n - li, fl->p + fi, fl->n - fi))
			return 0;
	}
	return i > 0;
}

int sm_plan_loose_place_rival(const sm_image *im, const sm_medit *me, const sm_cand *place,
                              size_t lo, size_t hi, sm_budget *budget, size_t *s, int *err)
{
	size_t solid, nadd;
	sm_medit ns;
	sm_mctx c = {im, NULL, lo, hi, NULL, budget, NULL, NULL, NULL, NULL};
	sm_match m;
	int found;

	*err = 0;
	count_new(me, &solid, &nadd);
	if (!solid || !doubly_loose(im, me, place))
		return 0;
	if (sm_prep_new_side(&ns, me)) {
		*err = 1;
		return 0;
	}
	c.e = &ns;
	if (sm_ladder_run(&c, SM_POLICY_RIVAL_LOOSE, &m) < 0)
		*err = 1;
	/* one place only: as written (indentation aside) anywhere, or but for context lines cut
	   short (stands_but_cut), or more loosely around the old side's place and a line's
	   repair cheaper than it; holding a line the old side's
	   place does not (stands_apart), its additions as written (sm_new_side_adds_on), no line of
	   it read loosely as a line the old side deletes, no blank line moved (sm_moves_blank) */
	found = !*err && m.status == SEAM_STATUS_APPLIED &&
	        (m.best.tier <= SM_TIER_INDENT || stands_but_cut(im, me, &m.best) ||
	         (m.best.end > place->start && m.best.start < place->end &&
	          place->cost - m.best.cost >= SM_AMBIGUITY_MARGIN)) &&
	        stands_apart(im, me, &ns, place, &m.best) && sm_new_side_adds_on(im, me, &m.best) &&
	        !loose_on_deleted(im, me, &ns, &m.best, place) && !sm_moves_blank(im, &ns, &m.best);
	/* ... or as written in more places than one (all of them kept): the edit may be made at
	   any of them, and the loose place is a doubt as much (a refusal names the first apart) */
	if (!*err && m.status == SEAM_STATUS_AMBIGUOUS && m.tier <= SM_TIER_INDENT &&
	    m.others.total <= m.others.n) {
		size_t i;
		for (i = 0; !found && i < m.others.total; i++) {
			const sm_cand *q = &m.others.v[i];
			found = q->lo && stands_apart(im, me, &ns, place, q) &&
			        sm_new_side_adds_on(im, me, q) && !sm_moves_blank(im, &ns, q);
			if (found)
				*s = q->start;
		}
	}
	if (found && m.status == SEAM_STATUS_APPLIED)
		*s = m.best.start;
	sm_match_dispose(&m);
	sm_prep_dispose(&ns);
	return found;
}

/* 1 when every deleted run of me (an edit that only deletes) could as well be read one line up
 * or down (a context line beside it the copy of its line at the other end): one of two
 * identical lines taken off, the diff of the sides choosing which. */
static int deletes_only_copies(const sm_medit *me)
{
	size_t k, a, runs = 0;

	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].elide || me->seq[k].kind == SM_HL_ADD)
			return 0;
	for (k = 0; k < me->nseq; k = a) {
		if (me->seq[k].kind != SM_HL_DEL || me->seq[k].keep) {
			a = k + 1;
			continue;
		}
		for (a = k; a < me->nseq && me->seq[a].kind == SM_HL_DEL && !me->seq[a].keep; a++)
			;
		/* the run one line up or down is as well the deletion: a context line beside it
		   is a copy of the run's line at the other end */
		if (!(k > 0 && me->seq[k - 1].kind == SM_HL_CTX && !me->seq[k - 1].elide &&
		      same_bytes(me, k - 1, a - 1)) &&
		    !(a < me->nseq && me->seq[a].kind == SM_HL_CTX && !me->seq[a].elide &&
		      same_bytes(me, a, k)))
			return 0;
		runs++;
	}
	return runs > 0;
}

int sm_plan_copy_deleted_rival(const sm_image *im, const sm_medit *me, int tier,
                               const sm_cand *place, size_t lo, size_t hi, sm_budget *budget,
                               size_t *at, int *err)
{
	sm_medit ns;
	size_t s, i, solid, nadd;
	int found = 0;

	*err = 0;
	if (tier != SM_TIER_REPAIR && tier != SM_TIER_SPLIT && tier != SM_TIER_FUZZY)
		return 0;
	count_new(me, &solid, &nadd);
	if (!solid || !deletes_only_copies(me))
		return 0;
	if (sm_prep_new_side(&ns, me)) {
		*err = 1;
		return 0;
	}
	if (hi > im->n)
		hi = im->n;
	for (s = lo; !found && ns.nold && s + ns.nold <= hi; s++) {
		if (s < place->end && s + ns.nold > place->start)
			continue; /* over the loose place: its own lines */
		for (i = 0; i < ns.nold; i++) {
			const sm_line *o = &ns.seq[ns.old[i]].l, *f = sm_ln(im, s + i);
			if (sm_budget_charge(budget, 1))
				goto out; /* cut short: no place said */
			if (o->blank != f->blank || o->h_rstrip != f->h_rstrip)
				break;
		}
		if (i == ns.nold) {
			*at = s;
			found = 1;
		}
	}
out:
	sm_prep_dispose(&ns);
	return found;
}

/* 1 when place c puts a deleted line and the old line beside it that it keeps (context) on file
 * lines with lines between them, one of substance among them: the place reads the deletion
 * apart from the context the reply gives right beside it. */
static int reads_deletion_apart(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t i, f;

	for (i = 0; i + 1 < me->nold; i++) {
		const sm_mline *a = &me->seq[me->old[i]], *b = &me->seq[me->old[i + 1]];
		int da = a->kind == SM_HL_DEL && !a->keep, db = b->kind == SM_HL_DEL && !b->keep;
		if (da == db || c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i] ||
		    c->lo[i + 1] == SM_NOLINE || c->lo[i + 1] <= c->hi[i])
			continue;
		for (f = c->hi[i]; f < c->lo[i + 1] && f < im->n; f++)
			if (!sm_ln(im, f)->blank)
				return 1;
	}
	return 0;
}

int sm_plan_deletion_read_past(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
                               size_t hi, sm_budget *budget, size_t *at, int *err)
{
	return sm_plan_deletion_read_past_with(im, me, c, me, lo, hi, budget, at, err);
}

int sm_plan_deletion_read_past_with(const sm_image *im, const sm_medit *me, const sm_cand *c,
                                    const sm_medit *ns, size_t lo, size_t hi, sm_budget *budget,
                                    size_t *at, int *err)
{
	size_t k, solid, nadd, nnew = 0, two[2];
	sm_cand w;
	int r;

	*err = 0;
	if ((c->tier != SM_TIER_REPAIR && c->tier != SM_TIER_FUZZY) || c->shifted ||
	    c->end <= c->start)
		return 0;
	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].elide)
			return 0; /* its lines stand for any: no reading line by line */
	for (k = 0; k < ns->nseq; k++) {
		if (ns->seq[k].elide)
			return 0;
		nnew += sm_mline_is_new(&ns->seq[k]);
	}
	count_new(ns, &solid, &nadd);
	if (!solid || !reads_deletion_apart(im, me, c))
		return 0;
	r = sm_new_side_places(im, ns, lo, hi, budget, SM_POLICY_RIVAL, &w, two, err);
	if (r == 1 && w.tier <= SM_TIER_WS &&
	    sm_plan_deletions_apart(me, c, 0, me->nold, w.start, w.end))
		*at = w.start;
	/* standing as written twice, the deletions read apart from both: which copy was made
	   the file does not say, but that the edit may be made it does */
	else if (r == 2 && sm_plan_deletions_apart(me, c, 0, me->nold, two[0], two[0] + nnew) &&
	         sm_plan_deletions_apart(me, c, 0, me->nold, two[1], two[1] + nnew))
		*at = two[0];
	else
		return 0;
	/* named by a line of substance, not the blank line it may open with */
	while (*at + 1 < im->n && sm_ln(im, *at)->blank)
		++*at;
	return 1;
}
