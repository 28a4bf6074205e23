/*
 * What an edit's new side, found standing in the file, says: whether its lines are evidence
 * that the edit was made (not the old side's own lines, nor lines it moves or miscopies), and
 * whether it stands in exactly one place of a range. Asked by the "already applied" judgement
 * (plan_already.c, plan_already_deleted.c) and by the rival readings (plan_already_rival.c);
 * calls none of them.
 */
#include "plan_new_side.h"
#include "plan_already_impl.h"
#include "../match/prep.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <stdint.h>

/* 1 when deleted line d is context line c cut short (a model that stopped mid-line; indentation
 * aside), or one typo from a start of c (cut and miscopied: c cut to d's length, or a byte
 * longer or shorter for a byte the typo added or dropped): a copy of c as much as one written
 * whole. (A start of c only like d, not one typo from it, is no sign: "x += 1" is as like the
 * start of "x = f()" as a line and its neighbour often are.) */
static int cut_copy(const sm_line *d, const sm_line *c)
{
	size_t di = sm_text_indent_len(d->p, d->n), ci = sm_text_indent_len(c->p, c->n), dn = d->n,
	       n, cn = c->n - ci;

	while (dn > di && (d->p[dn - 1] == ' ' || d->p[dn - 1] == '\t' || d->p[dn - 1] == '\r'))
		dn--;
	n = dn - di;
	if (sm_cut_text(d->p + di, n, c->p + ci, cn))
		return 1;
	if (n < SM_CUT_MIN_SOLID || n + 2 > cn)
		return 0;
	return sm_one_typo(d->p + di, n, c->p + ci, n) ||
	       sm_one_typo(d->p + di, n, c->p + ci, n + 1) ||
	       sm_one_typo(d->p + di, n, c->p + ci, n - 1);
}

/* 1 when a deleted line is its neighbouring context line, or like it (SM_MIN_LINE_SIMILARITY: a
 * miscopy of it; the proof is given up, never a place taken, so the wider bar costs nothing),
 * or that line cut short (cut_copy): the edit takes out one of two copies, and the file held
 * the new side (a line, then what follows the copies) before the edit as much as after it. */
static int deletes_copy_of_neighbour(const sm_medit *me)
{
	size_t k, j;

	for (k = 0; k < me->nseq; k++) {
		const sm_mline *d = &me->seq[k];
		if (d->kind != SM_HL_DEL || d->keep || d->l.blank)
			continue;
		for (j = k; j-- > 0 && !sm_mline_is_new(&me->seq[j]);)
			; /* the context line before the run */
		if (j < k && j != (size_t)-1 &&
		    (sm_text_similar(d->l.p, d->l.n, me->seq[j].l.p, me->seq[j].l.n,
		                     SM_MIN_LINE_SIMILARITY) ||
		     cut_copy(&d->l, &me->seq[j].l)))
			return 1;
		for (j = k + 1; j < me->nseq && !(me->seq[j].kind == SM_HL_CTX || me->seq[j].keep);
		     j++)
			;
		if (j < me->nseq && (sm_text_similar(d->l.p, d->l.n, me->seq[j].l.p, me->seq[j].l.n,
		                                     SM_MIN_LINE_SIMILARITY) ||
		                     cut_copy(&d->l, &me->seq[j].l)))
			return 1;
	}
	return 0;
}

/* 1 when seq[k] is half of a line kept in place but for its trailing blanks: an added line its
 * own change run deletes with them (trims_in_run), or that deleted line. Such a pair is a
 * context line of the new side, not a change: the lines around it stand beside it after the
 * edit as before. */
static int kept_trimmed(const sm_medit *me, size_t k)
{
	size_t a, z, j;

	if (me->seq[k].keep || me->seq[k].l.blank)
		return 0;
	if (me->seq[k].kind == SM_HL_ADD)
		return trims_in_run(me, k);
	if (me->seq[k].kind != SM_HL_DEL || !sm_splice_loses_trailing_blanks(me, k))
		return 0;
	sm_change_run(me, k, &a, &z);
	for (j = a; j < z; j++)
		if (me->seq[j].kind == SM_HL_ADD && sm_line_h(&me->seq[j].l, SM_LVL_RSTRIP) ==
		                                        sm_line_h(&me->seq[k].l, SM_LVL_RSTRIP))
			return 1;
	return 0;
}

/*
 * 1 when the run seq[a..z] (deletions only, or additions only) slides to an edge of the edit
 * through context lines that repeat it: a deletion of "x" after a context line "x" is as well
 * the deletion of the first "x" (the diff of the sides chose one of the copies), and the run
 * then stands at the edge. dir -1 toward the top, +1 toward the bottom. Each step compares
 * one line: at most the sequence.
 */
static int slides_to_edge(const sm_medit *me, size_t a, size_t z, int dir, int blank_edge)
{
	size_t k = z - a + 1, j, i;
	char kind = me->seq[a].kind;

	for (i = a; i <= z; i++)
		if (me->seq[i].kind != kind || me->seq[i].keep)
			return 0;
	/* step j moves the run one line: the context line it passes equals the run's line
	   that the step takes to the other end (the run's lines in turn, cyclically) */
	for (j = 1;; j++) {
		size_t at = dir < 0 ? a - j : z + j, from;
		if (dir < 0 ? j > a : at >= me->nseq)
			return 1;
		if (me->seq[at].kind != SM_HL_CTX || me->seq[at].keep)
			return 0;
		from = dir < 0 ? a + (k - 1 - (j - 1) % k) : a + (j - 1) % k;
		if (!same_bytes(me, at, from)) {
			/* only blank context lines left to the edge: an edge too (but where a blank
			   line bounds a run) */
			if (!blank_edge)
				return 0;
			for (; dir < 0 ? j <= a : at < me->nseq; j++, at = dir < 0 ? a - j : z + j)
				if (!me->seq[at].l.blank || me->seq[at].kind != SM_HL_CTX)
					return 0;
			return 1;
		}
	}
}

/*
 * 1 when the new side, standing in the file, says the edit was made: it adds a line of
 * substance, or (an edit that only deletes, or adds only short lines) every run it changes has
 * a context line on both sides, which now stand together. A deletion at the edge of an edit
 * leaves a new side the file holds anyway: that proves nothing; so does a run that slides to
 * the edge over copies of its own lines (slides_to_edge); and with `copies` (the proof of
 * "already applied", not a rival's), neither does a deleted line that is (nearly) its neighbour
 * (deletes_copy_of_neighbour), nor a str_replace's new side. Nor does an added line one typo
 * from a line the edit deletes: the file holding it says as well that the model miscopied that
 * line on its old side (and the edit is not made) as that the change is made, nor one a deleted
 * line is cut from inside a word (cut_of_deleted: that line cut short, written whole). A "..."
 * is no context line here: the lines it stands for may hold what was deleted beside it.
 */
int sm_new_side_evidence(const sm_medit *me, int copies)
{
	size_t k;

	if ((me->flags & SM_EDIT_OLD_ONLY) && copies)
		return 0; /* str_replace: its old text must fit one place, nothing stands in for it
		             (as a rival, which only refuses, its new side counts as any other) */
	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_ADD && !me->seq[k].l.blank &&
		    sm_already_solid(&me->seq[k].l) && !typo_of_deleted(me, &me->seq[k].l) &&
		    !cut_of_deleted(me, &me->seq[k].l) && !trims_in_run(me, k))
			return 1;
	return sm_runs_closed(me, copies, 0);
}

/* 1 when a context line of substance (not blank, not a "...") stands among the context lines
 * from seq[k] on, up to the next changed line. */
static int solid_ctx_from(const sm_medit *me, size_t k)
{
	for (; k < me->nseq && !me->seq[k].elide &&
	       (me->seq[k].kind == SM_HL_CTX || me->seq[k].keep || kept_trimmed(me, k));
	     k++)
		if (!me->seq[k].l.blank)
			return 1;
	return 0;
}

int sm_plan_new_side_is_evidence(const sm_medit *me)
{
	return sm_new_side_evidence(me, 0);
}

/* The second half of sm_new_side_evidence: every run the edit changes lies between two context
 * lines of substance, neither of them a "...", and does not slide to an edge. With
 * `blank_bound` (a rival's evidence, the new side found as written, blank lines too), a blank
 * context line bounds a run as well, so long as the context on one side of it holds a line of
 * substance: the lines around the run stand together there as the edit leaves them. */
int sm_runs_closed(const sm_medit *me, int copies, int blank_bound)
{
	size_t k, first = 0, last = 0;
	int ctx_before = 0, open_run = 0, runs = 0, solid_above = 0;

	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		if (ml->elide) {
			/* a "..." stands for any lines, the deleted ones among them: a run beside
			   it is at an edge */
			if (open_run)
				return 0;
			ctx_before = 0;
			solid_above = 0;
			continue;
		}
		/* (a line given back but for its trailing blanks is kept: context here, so a
		   run beside it is not at an edge, nor is one after a "..." and that line) */
		if (ml->kind == SM_HL_CTX || ml->keep || kept_trimmed(me, k)) {
			if (ml->l.blank && !blank_bound)
				continue;
			if (open_run) {
				if (slides_to_edge(me, first, last, -1, !blank_bound) ||
				    slides_to_edge(me, first, last, 1, !blank_bound))
					return 0;
				if (blank_bound && !solid_above && !solid_ctx_from(me, k))
					return 0; /* blank lines on both sides: together anywhere */
				runs++;
				solid_above = 0;
			}
			open_run = 0;
			ctx_before = 1;
			solid_above |= !ml->l.blank;
		} else {
			if (!ctx_before)
				return 0;
			if (!open_run)
				first = k;
			last = k;
			open_run = 1;
		}
	}
	return runs && !open_run && (!copies || !deletes_copy_of_neighbour(me));
}

/* 1 when the places the elision tier tied all start at one line (*at; the nearest end in *end
 * when end is not NULL): the new side stands there, its "..." standing for a shorter or a longer
 * run of lines (the earliest and the latest placement of the pieces after it tie). That tells
 * an edit's place apart from nothing, but does say the new side is there. */
static int one_start(const sm_cands *cs, size_t *at, size_t *end)
{
	size_t i, e;

	/* the ties are the first cs->total (the cheapest); more than kept: one not seen may
	   start elsewhere */
	if (!cs->total || cs->total > cs->n)
		return 0;
	e = cs->v[0].end;
	for (i = 1; i < cs->total; i++) {
		if (cs->v[i].start != cs->v[0].start)
			return 0;
		if (cs->v[i].end < e)
			e = cs->v[i].end;
	}
	*at = cs->v[0].start;
	if (end)
		*end = e;
	return 1;
}

/* 1 when place c of ns lets a blank line of ns go and passes over a blank file line too: the
 * blank line stands elsewhere in the file than in ns, which then is not there as written (an
 * edit that moves a blank line past another line, diffed as that line moved, finds its new
 * side in the file it has not changed yet). One pass over the place. */
int sm_moves_blank(const sm_image *im, const sm_medit *ns, const sm_cand *c)
{
	size_t i, g, f = c->start;
	int let_go = 0, passed = 0;

	for (i = 0; i < ns->nold; i++) {
		const sm_mline *ml = &ns->seq[ns->old[i]];
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i]) {
			if (ml->elide)
				return 0; /* the lines it stands for are not told apart */
			let_go |= ml->l.blank;
			continue;
		}
		for (g = f; g < c->lo[i] && g < im->n; g++)
			passed |= sm_ln(im, g)->blank;
		if (c->hi[i] > f)
			f = c->hi[i];
	}
	for (g = f; g < c->end && g < im->n; g++)
		passed |= sm_ln(im, g)->blank;
	return let_go && passed;
}

/* 1 when place c (found by the elision tier) holds every line of ns but its "..." as written:
 * each on a file line of its own, and lines that follow each other in ns on lines that follow
 * each other in the file, blank ones too (the tier lets a blank line go, and a new side that
 * adds or moves one would then be found in the file the edit has not changed yet). */
static int elided_as_written(const sm_medit *ns, const sm_cand *c)
{
	size_t i, prev = SM_NOLINE;

	for (i = 0; i < ns->nold; i++) {
		if (ns->seq[ns->old[i]].elide) {
			prev = SM_NOLINE;
			continue;
		}
		if (c->lo[i] == SM_NOLINE || c->hi[i] != c->lo[i] + 1 ||
		    (prev != SM_NOLINE && c->lo[i] != prev))
			return 0;
		prev = c->hi[i];
	}
	return 1;
}

int sm_new_side_adds_on(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t k, i = 0;

	for (k = 0; k < me->nseq; k++) {
		const sm_mline *ml = &me->seq[k];
		if (!sm_mline_is_new(ml))
			continue;
		if (ml->kind == SM_HL_ADD && !ml->l.blank &&
		    (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i] ||
		     (im && (c->hi[i] != c->lo[i] + 1 ||
		             sm_ln(im, c->lo[i])->h_indent != ml->l.h_indent))))
			return 0;
		i++;
	}
	return 1;
}

/* Where the new side stands in [lo, hi) by the policy's tiers: 1, exactly one place (in *where,
 * its lines not kept); by SM_POLICY_RIVAL ("as written"), not a place that moves a blank line
 * (sm_moves_blank); by SM_POLICY_ALREADY's elision tier, only one that holds its lines as
 * written (elided_as_written); by SM_POLICY_RIVAL_LOOSE, only one that holds every added
 * line (sm_new_side_adds_on). 2, two places or more by the tiers short of elision (the first
 * two starts in two[], asked only when two is given). 0, neither. One run of the ladder
 * answers both, so a caller asking both spends `budget` once. */
int sm_new_side_places(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                       sm_budget *budget, int policy, sm_cand *where, size_t two[2], int *err)
{
	sm_medit ns;
	sm_mctx c = {im, NULL, lo, hi, NULL, budget, NULL, NULL, NULL, NULL};
	sm_match m;
	size_t i;
	int found = 0;

	if (sm_prep_new_side(&ns, me)) {
		*err = 1;
		return 0;
	}
	c.e = &ns;
	if (sm_ladder_run(&c, policy, &m) < 0)
		*err = 1;
	else if (m.status == SEAM_STATUS_APPLIED) {
		/* one place only: a new side found twice says nothing about which one the edit
		   was meant for */
		found = policy != SM_POLICY_RIVAL || !sm_moves_blank(im, &ns, &m.best);
		if (found && policy == SM_POLICY_ALREADY && m.best.tier == SM_TIER_ELIDE)
			found = elided_as_written(&ns, &m.best);
		if (found && policy == SM_POLICY_RIVAL_LOOSE)
			found = sm_new_side_adds_on(NULL, me, &m.best);
		*where = m.best;
		where->lo = where->hi = NULL;
	} else if (m.status == SEAM_STATUS_AMBIGUOUS && m.tier == SM_TIER_ELIDE) {
		size_t s, e;
		found = one_start(&m.others, &s, &e);
		for (i = 0; found && policy == SM_POLICY_RIVAL && i < m.others.total; i++)
			found = !sm_moves_blank(im, &ns, &m.others.v[i]);
		for (i = 0; found && policy == SM_POLICY_ALREADY && i < m.others.total; i++)
			found = elided_as_written(&ns, &m.others.v[i]);
		if (found) {
			*where = m.others.v[0];
			where->lo = where->hi = NULL;
			where->start = s;
			where->end = e;
		}
	} else if (two && m.status == SEAM_STATUS_AMBIGUOUS && m.others.total >= 2) {
		found = 2;
		for (i = 0; found && policy == SM_POLICY_RIVAL && i < m.others.total; i++)
			found = sm_moves_blank(im, &ns, &m.others.v[i]) ? 0 : 2;
		two[0] = m.others.v[0].start;
		two[1] = m.others.v[1].start;
	}
	sm_match_dispose(&m);
	sm_prep_dispose(&ns);
	return found;
}

int sm_new_side_once_at(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                        sm_budget *budget, int policy, sm_cand *where, int *err)
{
	return sm_new_side_places(im, me, lo, hi, budget, policy, where, NULL, err);
}

int sm_new_side_once(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                     sm_budget *budget, int policy, size_t *at, size_t *end, int *err)
{
	sm_cand w;

	if (!sm_new_side_once_at(im, me, lo, hi, budget, policy, &w, err))
		return 0;
	*at = w.start;
	if (end)
		*end = w.end;
	return 1;
}

int sm_plan_deletes_copy_of_neighbour(const sm_medit *me)
{
	return deletes_copy_of_neighbour(me);
}
