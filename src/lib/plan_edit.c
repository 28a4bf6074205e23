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
	sm_mctx c = {im, NULL, 0, im->n, NULL, NULL};
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

/* The first line at or after `from` (before `to`) equal to a at the strictest level that has
 * one: an anchor names a class or function line to search forward from. */
static size_t find_anchor(const sm_image *im, const sm_span *a, size_t from, size_t to)
{
	int level;
	size_t j;

	for (level = SM_LVL_EXACT; level <= SM_LVL_INDENT; level++) {
		uint64_t h = sm_text_hash(a->p, a->n, level);
		for (j = from; j < to; j++)
			if (im->v[j].h[level] == h &&
			    (level || (im->v[j].n == a->n && !memcmp(im->v[j].p, a->p, a->n))))
				return j;
	}
	return SM_NOLINE;
}

/* The end of the block an anchor line opens: the next line indented no deeper than it, taken
 * in when it closes the block ("}", "end", ")"). */
static size_t block_end(const sm_image *im, size_t at)
{
	size_t ind = sm_text_indent_cols(im->v[at].p, im->v[at].n, 8), j;

	for (j = at + 1; j < im->n; j++) {
		const sm_line *l = &im->v[j];
		size_t k;
		if (l->blank || sm_text_indent_cols(l->p, l->n, 8) > ind)
			continue;
		k = sm_text_indent_len(l->p, l->n);
		if (k < l->n && (l->p[k] == '}' || l->p[k] == ')' || l->p[k] == ']' ||
				 (l->n - k >= 3 && !memcmp(l->p + k, "end", 3))))
			return j + 1;
		return j;
	}
	return im->n;
}

/*
 * The ladder on [lo, hi): strict tiers, tolerant tiers, the split of a hunk, "already
 * applied", fuzzy; then the splice. Returns -1 when out of memory, 1 when nothing fits in the
 * range (pe untouched, so a caller may try a wider one), 0 when pe says what happened.
 */
static int locate(seam_plan *p, sm_pstate *st, const sm_medit *me, size_t lo, size_t hi,
		  int last_try, sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc)
{
	sm_match m;
	sm_mctx c = {&st->im, me, lo, hi, NULL, NULL};
	sm_occ occ = {0};
	int err = 0, rv = 0;

	if (sm_occ_build(&occ, &st->im, me, lo, hi))
		return -1;
	c.occ = &occ;
	if (sm_match_run(&c, SM_TIER_EXACT, SM_TIER_SPLIT, &m)) {
		sm_occ_free(&occ);
		return -1;
	}
	if (m.status == SEAM_STATUS_NO_MATCH) {
		int r = sm_split_apply(&st->im, me, lo, hi, &p->pool, pe);
		if (r) {
			rv = r < 0 ? -1 : 0;
			goto done;
		}
	}
	/* Only now, with the old side nowhere, may the new side being there mean "already
	   applied": asked earlier, a new side that merely repeats existing lines would hide a
	   miscopied old side. Asked before the fuzzy tier, which would otherwise take the
	   changed lines for a miscopy of the old ones. */
	if (m.status == SEAM_STATUS_NO_MATCH) {
		if (already_there(&st->im, me, NULL, &err) || err) {
			rv = err ? -1 : 0;
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
			goto done;
		}
		sm_match_dispose(&m);
		if (me->flags & SM_EDIT_NUMBERED && me->hint_start > 0) {
			/* a numbered block may be miscopied only where its numbers put it */
			size_t at = (size_t)me->hint_start - 1, slack = SM_NUMBERED_WINDOW + 2;
			c.lo = at > lo + slack ? at - slack : lo;
			c.hi = at + me->nold + slack < hi ? at + me->nold + slack : hi;
			c.occ = NULL;
		}
		c.budget = &p->fuzzy;
		if (sm_match_run(&c, SM_TIER_FUZZY, SM_TIER_COUNT, &m)) {
			sm_occ_free(&occ);
			return -1;
		}
	}
	switch (m.status) {
	case SEAM_STATUS_APPLIED:
		if (already_there(&st->im, me, &m.best, &err)) {
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
			break;
		}
		if (err || splice_at(p, st, me, &m, pe))
			rv = -1;
		break;
	case SEAM_STATUS_AMBIGUOUS:
		sm_report_ambiguous(msg, rc, &st->im, me, &m.others);
		rv = fail(pe, SEAM_STATUS_AMBIGUOUS, msg);
		break;
	default:
		if (!last_try) {
			rv = 1;
			break;
		}
		if (sm_budget_out(&p->fuzzy)) {
			sm_report_budget(msg, rc, (unsigned int)(p->fuzzy.limit_ns / 1000000u));
			rv = fail(pe, SEAM_STATUS_TOO_LARGE, msg);
			break;
		}
		sm_report_no_match(msg, rc, &st->im, me, &p->fuzzy);
		rv = fail(pe, SEAM_STATUS_NO_MATCH, msg);
		break;
	}
done:
	sm_match_dispose(&m);
	sm_occ_free(&occ);
	return rv < 0 ? -1 : rv;
}

/* insert_line: the new lines go after line K of the file before the reply (0: the top). */
static int insert_after(seam_plan *p, sm_pstate *st, const sm_medit *me, long k, sm_pedit *pe,
			sm_buf *msg, const sm_report_ctx *rc)
{
	size_t at = 0, j;
	long last = 0;
	sm_cand c = {0};
	sm_medit plain = *me;

	/* an insertion at a stated line is not a rewrite: a neighbour equal to an inserted line
	   is not taken for it (see widen in splice.c) */
	plain.blocklike = 0;

	for (j = 0; j < st->im.n; j++)
		if (st->im.v[j].orig && (long)st->im.v[j].orig > last)
			last = st->im.v[j].orig;
	if (k < 0 || k > last) {
		sm_buf_printf(msg, "The %s at reply line %ld inserts after line %ld, but ", rc->what,
			      rc->reply_line, k);
		sm_buf_put_quoted(msg, rc->path, strlen(rc->path), 200);
		sm_buf_printf(msg, " has %ld lines. Give a line number from 0 to %ld.\n", last, last);
		return fail(pe, SEAM_STATUS_NO_MATCH, msg);
	}
	for (j = 0; k > 0 && j < st->im.n; j++)
		if ((long)st->im.v[j].orig == k) {
			at = j + 1;
			break;
		}
	c.start = c.end = at;
	if (sm_splice(&st->im, &plain, &c, &p->pool, &j, &j))
		return -1;
	pe->status = SEAM_STATUS_APPLIED;
	pe->strategy = "insert";
	pe->start_line = pe->end_line = k + 1;
	return 0;
}

/*
 * replace_all: every place the old side fits, found by the strict tiers only (a tolerant match
 * repeated over a file would multiply its risk), replaced from the bottom up so that earlier
 * positions stay valid.
 */
static int replace_all(seam_plan *p, sm_pstate *st, const sm_medit *me, sm_pedit *pe,
		       sm_buf *msg, const sm_report_ctx *rc)
{
	sm_mctx c = {&st->im, me, 0, st->im.n, NULL, NULL};
	sm_cands cs = {0};
	int tier;
	size_t i, n = 0, first, count, *starts = NULL;

	for (tier = SM_TIER_EXACT; tier <= SM_TIER_INDENT && !cs.n; tier++) {
		size_t p0;
		/* every place, not just the best few: scan place by place */
		for (p0 = 0; p0 + me->nold <= st->im.n; p0++) {
			c.lo = p0;
			c.hi = p0 + me->nold;
			sm_cands_clear(&cs);
			if (sm_contig_find(&c, tier == SM_TIER_INDENT ? SM_LVL_INDENT : tier, tier, &cs)) {
				sm_cands_dispose(&cs);
				sm_free(starts);
				return -1;
			}
			if (!cs.n)
				continue;
			if (!n || p0 >= starts[n - 1] + me->nold) {
				size_t *ns = sm_realloc(starts, (n + 1) * sizeof(*starts));
				if (!ns) {
					sm_cands_dispose(&cs);
					sm_free(starts);
					return -1;
				}
				starts = ns;
				starts[n++] = p0;
			}
		}
		if (n)
			break;
		sm_cands_clear(&cs);
	}
	if (!n) {
		sm_cands_dispose(&cs);
		sm_report_no_match(msg, rc, &st->im, me, &p->fuzzy);
		return fail(pe, SEAM_STATUS_NO_MATCH, msg);
	}
	pe->start_line = sm_image_orig_near(&st->im, starts[0]);
	pe->end_line = sm_image_orig_near(&st->im, starts[n - 1] + me->nold - 1);
	for (i = n; i-- > 0;) {
		c.lo = starts[i];
		c.hi = starts[i] + me->nold;
		sm_cands_clear(&cs);
		if (sm_contig_find(&c, tier == SM_TIER_INDENT ? SM_LVL_INDENT : tier, tier, &cs) || !cs.n ||
		    sm_splice(&st->im, me, &cs.v[0], &p->pool, &first, &count)) {
			sm_cands_dispose(&cs);
			sm_free(starts);
			return -1;
		}
	}
	sm_cands_dispose(&cs);
	sm_free(starts);
	pe->status = SEAM_STATUS_APPLIED;
	pe->strategy = "replace-all";
	return 0;
}

int sm_plan_update_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe)
{
	sm_medit me;
	sm_buf msg = SM_BUF_INIT;
	sm_report_ctx rc = {pf->path, sm_plan_edit_noun(p), e->reply_line};
	size_t ph, gone, lo = 0, hi = st->im.n, k;
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
	if (e->flags & SM_EDIT_INSERT_AFTER) {
		rv = insert_after(p, st, &me, e->hint_start, pe, &msg, &rc);
		goto out;
	}
	if ((e->flags & SM_EDIT_REPLACE_ALL) && me.nold) {
		rv = replace_all(p, st, &me, pe, &msg, &rc);
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
	/* anchors narrow the search to the block of the last one, each found after the one
	   before it */
	for (k = 0; k < e->nanchors; k++) {
		size_t at = find_anchor(&st->im, &e->anchors[k], lo, hi);
		if (at == SM_NOLINE) {
			sm_buf_printf(&msg, "The %s at reply line %ld for ", rc.what, rc.reply_line);
			sm_buf_put_quoted(&msg, pf->path, strlen(pf->path), 200);
			sm_buf_puts(&msg, " names the line \"");
			sm_buf_put_quoted(&msg, e->anchors[k].p, e->anchors[k].n, 120);
			sm_buf_printf(&msg, "\" to search from, which is not in the file after line %ld. "
					    "Use a class or function line copied from the file.\n",
				      lo ? sm_image_orig_near(&st->im, lo - 1) : 0L);
			rv = fail(pe, SEAM_STATUS_NO_MATCH, &msg);
			goto out;
		}
		lo = at + 1;
		hi = block_end(&st->im, at);
	}
	if (e->flags & SM_EDIT_AT_EOF) {
		/* the old side ends the file: it starts about its length before the last line
		   that is not blank (a few lines of slack for lines it dropped) */
		size_t end = st->im.n;
		while (end > lo && st->im.v[end - 1].blank)
			end--;
		if (end > me.nold + 3 && end - me.nold - 3 > lo)
			lo = end - me.nold - 3;
	}
	rv = locate(p, st, &me, lo, hi, !e->nanchors || hi == st->im.n, pe, &msg, &rc);
	if (rv == 1) /* not in the anchor's block: the rest of the file after the anchor */
		rv = locate(p, st, &me, lo, st->im.n, 1, pe, &msg, &rc);
out:
	sm_buf_dispose(&msg);
	sm_prep_dispose(&me);
	return rv < 0 ? -1 : 0;
}
