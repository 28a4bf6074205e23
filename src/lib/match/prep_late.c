/*
 * A whole-sides edit's pairing is its sides' diff's, which breaks ties by taking the first copy
 * that fits. The same edit diffed with its ties broken from the other end is the other reading
 * of the same reply; splice_tie.c (a place found whole) and split_tie.c (the split's runs) each
 * make it and refuse when the two readings write different files.
 */
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>

static sm_span span_at(void *ctx, size_t i)
{
	return ((const sm_span *)ctx)[i];
}

/* 1 when a and b pair the same lines (the same kinds, line for line). */
static int same_pairing(const sm_medit *a, const sm_medit *b)
{
	size_t k;

	if (a->nseq != b->nseq)
		return 0;
	for (k = 0; k < a->nseq; k++)
		if (a->seq[k].kind != b->seq[k].kind)
			return 0;
	return 1;
}

/* me made again, its sides diffed with ties broken from the other end (late) or, old line veto
 * (an index into me->old; SM_NOLINE: none) paired with nothing. */
static int reading(const sm_medit *me, sm_medit *alt, int late, size_t veto)
{
	/* a text no line of the new side can have: the veto's old line pairs with nothing */
	static const char none[] = "\x01\x02";
	sm_span *ol = NULL, *nl = NULL;
	size_t no = 0, nn = 0, k;
	sm_prep_side os, ns;
	int rc = 0;

	memset(alt, 0, sizeof(*alt));
	/* whole sides only, diffed by prep as one run: a hunk's kinds (and a block's context
	   lines) are the model's pairing, and a line the laziness guard took back is no line
	   of the diff's */
	if (!me->one_run || me->kind != SM_KIND_BLOCK || me->nold < 2)
		return 0;
	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].keep || me->seq[k].given)
			return 0;
	ol = sm_malloc(me->nseq * sizeof(*ol));
	nl = sm_malloc(me->nseq * sizeof(*nl));
	if (!ol || !nl) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (k = 0; k < me->nseq; k++) {
		sm_span sp = {me->seq[k].l.p, me->seq[k].l.n};
		if (sm_mline_is_new(&me->seq[k]))
			nl[nn++] = sp;
		if (me->seq[k].kind != SM_HL_ADD) {
			ol[no] = no == veto ? (sm_span){none, sizeof(none) - 1} : sp;
			no++;
		}
	}
	os = (sm_prep_side){no, span_at, ol};
	ns = (sm_prep_side){nn, span_at, nl};
	if ((late ? sm_prep_sides_late(alt, &os, &ns) : sm_prep_sides(alt, &os, &ns))) {
		rc = SEAM_ENOMEM; /* which leaves alt empty */
		goto out;
	}
	if (alt->nold != me->nold || same_pairing(alt, me)) {
		sm_prep_dispose(alt);
		memset(alt, 0, sizeof(*alt));
		goto out;
	}
	if (veto != SM_NOLINE)
		alt->seq[alt->old[veto]].l = me->seq[me->old[veto]].l;
	/* the same edit but for the pairing: its modifiers, its hints */
	alt->flags = me->flags;
	alt->hint_start = me->hint_start;
	alt->after_anchor = me->after_anchor;
	alt->in_order = me->in_order;
	alt->old_no = me->old_no;
	rc = 1;
out:
	sm_free(ol);
	sm_free(nl);
	return rc;
}

int sm_prep_late_reading(const sm_medit *me, sm_medit *alt)
{
	return reading(me, alt, 1, SM_NOLINE);
}

int sm_prep_veto_reading(const sm_medit *me, size_t veto, sm_medit *alt)
{
	return reading(me, alt, me->late_ties, veto);
}
