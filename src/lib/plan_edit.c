/*
 * One edit of an update, from the reply's lines to the changed image: the laziness guard, the
 * strict tiers, the "already applied" check, the tolerant tiers, the split of a hunk into its
 * change runs, the fuzzy tier, then the splice. Failures get their message here, where what
 * was tried is known.
 */
#include "plan.h"
#include "prep.h"
#include "lazy.h"
#include "report.h"
#include "split.h"
#include "../util/alloc.h"

#include <string.h>

const char *sm_plan_edit_noun(const seam_plan *p)
{
	switch (p->r->format) {
	case SEAM_FORMAT_EDITBLOCK:
		return "SEARCH/REPLACE block";
	case SEAM_FORMAT_UDIFF:
		return "hunk";
	default:
		return "edit";
	}
}

static int set_message(sm_pedit *pe, sm_buf *b)
{
	if (sm_buf_failed(b)) {
		sm_buf_dispose(b);
		return -1;
	}
	pe->message = sm_buf_detach(b, NULL);
	return pe->message ? 0 : -1;
}

/* 1 when the new side sits in im at p (compared as the typography tier does). */
static int new_side_at(const sm_image *im, const sm_medit *me, size_t p)
{
	size_t k, i = p;
	for (k = 0; k < me->nseq; k++) {
		if (me->seq[k].kind == SM_HL_DEL)
			continue;
		if (i >= im->n || im->v[i].h[SM_LVL_TYPO] != me->seq[k].l.h[SM_LVL_TYPO])
			return 0;
		i++;
	}
	return 1;
}

/*
 * 1 when the edit's new side is already in the file where (or instead of where) its old side
 * would go: a reply sent twice must change nothing the second time. With the old side found at
 * old_at, only a new side around it counts (an insertion whose result is there already), and
 * only the few places that could hold it are looked at.
 */
static int already_there(const sm_image *im, const sm_medit *me, const sm_cand *old_at, int *err)
{
	sm_medit ns;
	sm_mctx c = {im, NULL, 0, im->n, NULL};
	sm_match m;
	size_t k, nonblank = 0, nadd = 0, nnew = 0, p;
	int found = 0;

	*err = 0;
	for (k = 0; k < me->nseq; k++) {
		nadd += me->seq[k].kind == SM_HL_ADD;
		nnew += me->seq[k].kind != SM_HL_DEL;
		nonblank += me->seq[k].kind != SM_HL_DEL && !me->seq[k].l.blank;
	}
	if (!nonblank || (old_at && !nadd))
		return 0;
	if (old_at) {
		if (nnew <= me->nold)
			return 0;
		p = old_at->end > nnew ? old_at->end - nnew : 0;
		for (; p <= old_at->start && !found; p++)
			found = new_side_at(im, me, p);
		return found;
	}
	if (sm_prep_new_side(&ns, me)) {
		*err = 1;
		return 0;
	}
	c.e = &ns;
	if (sm_match_run(&c, SM_TIER_EXACT, SM_TIER_INDENT + 1, &m))
		*err = 1;
	else
		found = m.status == SEAM_STATUS_APPLIED || m.status == SEAM_STATUS_AMBIGUOUS;
	sm_match_dispose(&m);
	sm_prep_dispose(&ns);
	return found;
}

static int splice_at(seam_plan *p, sm_pstate *st, const sm_medit *me, const sm_match *m,
		     sm_pedit *pe)
{
	size_t first, count;

	pe->start_line = sm_image_orig_near(&st->im, m->best.start);
	pe->end_line = sm_image_orig_near(&st->im, m->best.end - 1);
	if (sm_splice(&st->im, me, &m->best, &p->pool, &first, &count))
		return -1;
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = m->best.tier;
	pe->strategy = sm_tier_name(m->best.tier);
	pe->hint_decided = m->hint_decided;
	return 0;
}

static int fail(sm_pedit *pe, seam_status_t st, sm_buf *msg)
{
	pe->status = st;
	return set_message(pe, msg);
}

int sm_plan_update_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe)
{
	sm_medit me;
	sm_match m;
	sm_mctx c;
	sm_occ occ = {0};
	sm_buf msg = SM_BUF_INIT;
	sm_report_ctx rc = {pf->path, sm_plan_edit_noun(p), e->reply_line};
	size_t ph, gone;
	int err = 0, rv = 0;

	pe->tier = -1;
	pe->strategy = "";
	if (sm_prep_edit(&me, e))
		return -1;
	ph = sm_lazy_find(&me, &st->im, &gone);
	if (ph != SM_NOLINE) {
		sm_report_lazy(&msg, &rc, &me, ph, gone);
		rv = fail(pe, SEAM_STATUS_LAZY, &msg);
		goto out;
	}
	if (!me.nold) {
		if (already_there(&st->im, &me, NULL, &err) && !err) {
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
		} else if (err || sm_splice_append(&st->im, &me, &p->pool)) {
			rv = -1;
		} else {
			pe->status = SEAM_STATUS_APPLIED;
			pe->strategy = st->im.n == sm_edit_count(e, SM_HL_ADD) ? "create" : "append";
			pe->end_line = pe->start_line = sm_image_orig_near(&st->im, st->im.n - 1);
		}
		goto out;
	}
	c.im = &st->im;
	c.e = &me;
	c.lo = 0;
	c.hi = st->im.n;
	if (sm_occ_build(&occ, &st->im, &me, 0, st->im.n)) {
		rv = -1;
		goto out;
	}
	c.occ = &occ;
	if (sm_match_run(&c, SM_TIER_EXACT, SM_TIER_SPLIT, &m)) {
		rv = -1;
		goto out;
	}
	if (m.status == SEAM_STATUS_NO_MATCH) {
		int r = sm_split_apply(&st->im, &me, &p->pool, pe);
		if (r < 0) {
			rv = -1;
			goto done;
		}
		if (r > 0)
			goto done;
	}
	/* Only now, with the old side nowhere, may the new side being there mean "already
	   applied": asked earlier, a new side that merely repeats existing lines would hide a
	   miscopied old side. Asked before the fuzzy tier, which would otherwise take the
	   changed lines for a miscopy of the old ones. */
	if (m.status == SEAM_STATUS_NO_MATCH) {
		int there = already_there(&st->im, &me, NULL, &err);
		if (err) {
			rv = -1;
			goto done;
		}
		if (there) {
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
			goto done;
		}
		sm_match_dispose(&m);
		if (sm_match_run(&c, SM_TIER_FUZZY, SM_TIER_COUNT, &m)) {
			rv = -1;
			goto out;
		}
	}
	switch (m.status) {
	case SEAM_STATUS_APPLIED:
		if (already_there(&st->im, &me, &m.best, &err)) {
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
			break;
		}
		if (err || splice_at(p, st, &me, &m, pe))
			rv = -1;
		break;
	case SEAM_STATUS_AMBIGUOUS:
		sm_report_ambiguous(&msg, &rc, &st->im, &me, &m.others);
		rv = fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		break;
	default:
		sm_report_no_match(&msg, &rc, &st->im, &me);
		rv = fail(pe, SEAM_STATUS_NO_MATCH, &msg);
		break;
	}
done:
	sm_match_dispose(&m);
out:
	sm_occ_free(&occ);
	sm_buf_dispose(&msg);
	sm_prep_dispose(&me);
	return rv;
}
