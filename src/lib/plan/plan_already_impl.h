/*
 * The small line tests the parts of "already applied" share (plan_already.c the judgement,
 * plan_new_side.c the evidence a new side gives, plan_already_rival.c the rival readings,
 * plan_already_deleted.c the deleted lines, plan_already_done.c a place done though it passes
 * lines over, plan_old_side.c an old side fitting but for one line), and the functions one of
 * them calls in another.
 */
#ifndef SEAM_LIB_PLAN_ALREADY_IMPL_H
#define SEAM_LIB_PLAN_ALREADY_IMPL_H

#include "plan_impl.h"
#include "../../util/text.h"

#include <string.h>

/* 1 when l has SM_ALREADY_MIN_CHARS of substance: a lone "}" or "return" stands anywhere. */
static inline int sm_already_solid(const sm_line *l)
{
	return sm_line_solid_chars(l, SM_ALREADY_MIN_CHARS) >= SM_ALREADY_MIN_CHARS;
}

/* 1 when added line a is one typo from a line the edit deletes (indentation aside), or
 * (cut) that line cut inside a word: the old side's line miscopied, or cut short by a model that
 * stopped mid-line, and given back whole on the new side, as likely as a change made (a line
 * carried on from the middle of a word is seldom an edit). */
static inline int like_deleted(const sm_medit *me, const sm_line *a, int cut)
{
	size_t k, ai = sm_text_indent_len(a->p, a->n), di;

	for (k = 0; k < me->nseq; k++) {
		const sm_line *d = &me->seq[k].l;
		if (me->seq[k].kind != SM_HL_DEL || d->blank)
			continue;
		di = sm_text_indent_len(d->p, d->n);
		if (cut ? sm_cut_text(d->p + di, d->n - di, a->p + ai, a->n - ai) == 2
		        : sm_one_typo(a->p + ai, a->n - ai, d->p + di, d->n - di))
			return 1;
	}
	return 0;
}

static inline int typo_of_deleted(const sm_medit *me, const sm_line *a)
{
	return like_deleted(me, a, 0);
}

static inline int cut_of_deleted(const sm_medit *me, const sm_line *a)
{
	return like_deleted(me, a, 1);
}

/* 1 when seq lines a and b have the same bytes. */
static inline int same_bytes(const sm_medit *me, size_t a, size_t b)
{
	return sm_line_same_bytes(&me->seq[a].l, &me->seq[b].l);
}

/* 1 when added line seq[k] is kept in place by a deletion of its own change run: one of its
 * text at `level` that `keeps` accepts (j the deletion). Each deletion keeps one addition at
 * most, the first ones: a run that deletes a line once and adds it twice writes one copy more,
 * a line of its own. */
static inline int sm_kept_in_run(const sm_medit *me, size_t k, int level,
                                 int (*keeps)(const sm_medit *me, size_t j, size_t k))
{
	size_t a, z, j, dels = 0, before = 0;

	sm_change_run(me, k, &a, &z);
	for (j = a; j < z; j++) {
		if (sm_line_h(&me->seq[j].l, level) != sm_line_h(&me->seq[k].l, level))
			continue;
		dels += me->seq[j].kind == SM_HL_DEL && !me->seq[j].keep && keeps(me, j, k);
		before += j < k && me->seq[j].kind == SM_HL_ADD && !me->seq[j].keep;
	}
	return before < dels;
}

static inline int loses_trailing_blanks(const sm_medit *me, size_t j, size_t k)
{
	(void)k;
	return sm_splice_loses_trailing_blanks(me, j);
}

/* 1 when added line seq[k] is a line its own change run deletes, given back but for trailing
 * blanks (sm_splice_loses_trailing_blanks): the line kept in place, not moved. */
static inline int trims_in_run(const sm_medit *me, size_t k)
{
	return sm_kept_in_run(me, k, SM_LVL_RSTRIP, loses_trailing_blanks);
}

/* The new side's lines of substance (SM_ALREADY_MIN_CHARS) in *solid, its added lines in *nadd. */
static inline void count_new(const sm_medit *me, size_t *solid, size_t *nadd)
{
	size_t k;

	*solid = *nadd = 0;
	for (k = 0; k < me->nseq; k++) {
		*solid += sm_mline_is_new(&me->seq[k]) && sm_already_solid(&me->seq[k].l);
		*nadd += me->seq[k].kind == SM_HL_ADD;
	}
}

/* plan_already_deleted.c: 1 when line d, its indentation and trailing blanks aside, begins file
 * line f and is shorter (d cut short) */
int sm_plan_cut_of(const sm_line *d, const sm_line *f);
/* plan_already_done.c: 1 when place c of me deletes file line f */
int sm_plan_place_deletes(const sm_medit *me, const sm_cand *c, size_t f);

#endif
