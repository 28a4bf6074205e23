/*
 * What the parts of the split-hunk tier share (split.c the runs checked and applied,
 * split_locate.c each run found on its own): the run record and the slice of a hunk as an
 * edit of its own.
 */
#ifndef SEAM_LIB_SPLIT_IMPL_H
#define SEAM_LIB_SPLIT_IMPL_H

#include "plan_impl.h"
#include "../match/match.h"
#include "../match/match_costs.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>

typedef struct run {
	size_t s, e;   /* the change lines in me->seq */
	size_t ls, te; /* the widest slice: leading context from ls, trailing up to te */
	size_t us, ue; /* the slice the run was found with */
	sm_medit sub;
	sm_match m;
	int found;
	int paired;                /* one change of a paired run (sm_split_pair_runs) */
	int bare_lead, bare_trail; /* found with none of its leading (trailing) context */
	int apart;                 /* shared_apart with the next run */
} run;

static inline int make_sub(sm_medit *sub, const sm_medit *me, size_t a, size_t b)
{
	size_t k;

	memset(sub, 0, sizeof(*sub));
	sub->seq = sm_malloc((b - a + 1) * sizeof(*sub->seq));
	sub->old = sm_malloc((b - a + 1) * sizeof(*sub->old));
	if (!sub->seq || !sub->old)
		return SEAM_ENOMEM;
	memcpy(sub->seq, me->seq + a, (b - a) * sizeof(*sub->seq));
	sub->nseq = b - a;
	sub->blocklike = me->blocklike;
	sub->kind = me->kind;
	sub->whole = me->whole ? me->whole : me;
	/* the REPLACE side's last line goes with the run that holds it */
	sub->flags = me->flags & (b < me->nseq ? ~SM_EDIT_NEW_TAIL_BLANK : ~0u);
	for (k = 0; k < sub->nseq; k++)
		if (sub->seq[k].kind != SM_HL_ADD)
			sub->old[sub->nold++] = k;
	return 0;
}

/* 1 when file line f is in no run's place: a stretch the runs skip (a line inside a run's place
 * that its old side left out is its splice's to put back, splice_left_out.c). */
static inline int sm_split_in_no_run(const run *runs, size_t nr, size_t f)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (runs[i].m.best.start <= f && f < runs[i].m.best.end)
			return 0;
	return 1;
}

static inline void free_sub(sm_medit *sub)
{
	sm_free(sub->seq);
	sm_free(sub->old);
	memset(sub, 0, sizeof(*sub));
}

static inline int solid(const sm_medit *sub)
{
	size_t i, best = 0;
	for (i = 0; i < sub->nold; i++) {
		const sm_line *l = &sub->seq[sub->old[i]].l;
		char tmp[256];
		size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);
		n = sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp);
		if (n > best)
			best = n;
	}
	/* one old line only when it has a bare run's substance: a line that long, unique in the
	   file, places the lines next to it as well as two short ones */
	return best >= SM_SPLIT_MIN_SOLID_CHARS &&
	       (sub->nold >= 2 || best >= SM_SPLIT_BARE_MIN_CHARS);
}

#endif
