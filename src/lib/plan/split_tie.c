/*
 * A whole-sides block is cut into change runs by its sides' diff, which breaks its ties by its
 * own order, knowing nothing of the file: where a line has copies (a blank line, a repeated
 * comment) that an alignment pairing as many lines could pair instead, it keeps the first.
 * The runs are then found each on its own, with the file lines between them left out, and
 * which copy the diff kept decides which run a new line goes with, and so on which side of
 * the lines left out it is written, or which copy of a line a run deletes (splice_tie.c asks
 * the same of a place found whole). The split is made again with the ties broken from the
 * other end; when both readings are found and write different files, the reply does not say
 * which it means, and the hunk is refused.
 */
#include "split_tie.h"
#include "../match/prep.h"
#include "../match/image.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

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

int sm_split_tie_pairing(const sm_medit *me, sm_medit *alt)
{
	sm_span *ol = NULL, *nl = NULL;
	size_t no = 0, nn = 0, k;
	sm_prep_side os, ns;
	int rc = 0;

	memset(alt, 0, sizeof(*alt));
	/* whole sides only, diffed by prep as one run: a hunk's kinds (and a block's context
	   lines) are the model's pairing, and a line the laziness guard took back is no line
	   of the diff's */
	if (!me->one_run || me->kind != SM_KIND_BLOCK || me->late_ties || me->nold < 2)
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
		if (me->seq[k].kind != SM_HL_ADD)
			ol[no++] = sp;
		if (sm_mline_is_new(&me->seq[k]))
			nl[nn++] = sp;
	}
	os = (sm_prep_side){no, span_at, ol};
	ns = (sm_prep_side){nn, span_at, nl};
	if (sm_prep_sides_late(alt, &os, &ns)) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	if (alt->nold != me->nold || same_pairing(alt, me)) {
		sm_prep_dispose(alt);
		memset(alt, 0, sizeof(*alt));
		goto out;
	}
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

int sm_split_tie_differ(const sm_image *a, const sm_image *b)
{
	sm_buf x = SM_BUF_INIT, y = SM_BUF_INIT;
	int rc;

	if (sm_image_render(a, &x) || sm_image_render(b, &y))
		rc = SEAM_ENOMEM;
	else
		rc = x.len != y.len || memcmp(x.ptr, y.ptr, x.len) != 0;
	sm_buf_dispose(&x);
	sm_buf_dispose(&y);
	return rc;
}
