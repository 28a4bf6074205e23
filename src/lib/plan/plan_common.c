/*
 * What every step of the planner shares, below them all: an edit's status and message, the
 * notes of the laziness guard, what an edit is called, and the overlap of numbered blocks.
 * Nothing here calls a step, so the steps (plan_edit.c, plan_lines.c, plan_fast.c, the syntax
 * check) and the planner above them call down only.
 */
#include "plan_impl.h"
#include "report.h"
#include "../core/session.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

const char *sm_plan_edit_noun(const seam_plan *p)
{
	return sm_reply_edit_noun(p->r);
}

int sm_plan_set_message(sm_pedit *pe, sm_buf *b)
{
	if (sm_buf_failed(b)) {
		sm_buf_dispose(b);
		return SEAM_ENOMEM;
	}
	pe->message = sm_buf_detach(b, NULL);
	return pe->message ? 0 : SEAM_ENOMEM;
}

void sm_plan_charge_splice(seam_plan *p, const sm_image *im, size_t at)
{
	sm_budget_charge(&p->fuzzy, sm_work_splice(im, at));
}

int sm_plan_lazy_mode(const seam_plan *p)
{
	return p && p->s ? (int)p->s->opts.lazy : SEAM_LAZY_EXPAND;
}

int sm_plan_note_expanded(seam_plan *p, sm_pedit *pe, const sm_lazy_result *lz,
			  const sm_image *im, const sm_cand *c)
{
	sm_buf b = SM_BUF_INIT;
	size_t i;

	(void)p; /* the reply lines are the lines' own (sm_hline.reply_line) */
	if (!lz || !lz->nexp || pe->status != SEAM_STATUS_APPLIED)
		return 0;
	for (i = 0; i < lz->nexp; i++) {
		const sm_lazy_exp *x = &lz->exp[i];
		long first = 0, last = 0;
		if (c && c->lo[x->old0] != SM_NOLINE && c->hi[x->old0] > c->lo[x->old0])
			first = sm_image_orig_near(im, c->lo[x->old0]);
		if (c && c->lo[x->old1] != SM_NOLINE && c->hi[x->old1] > c->lo[x->old1])
			last = sm_image_orig_near(im, c->hi[x->old1] - 1);
		if (!first || last < first)
			last = first;
		sm_report_expanded(&b, x, x->reply_line, first, last);
	}
	pe->strategy = sm_lazy_strategy(pe->strategy);
	sm_free(pe->message);
	pe->message = NULL;
	return sm_plan_set_message(pe, &b);
}

int sm_plan_note_dropped(seam_plan *p, sm_pedit *pe, const sm_lazy_result *lz)
{
	sm_buf b = SM_BUF_INIT;
	size_t i;

	(void)p;
	if (pe->message && *pe->message) {
		sm_buf_puts(&b, pe->message);
		if (b.len && b.ptr[b.len - 1] != '\n')
			sm_buf_putc(&b, '\n');
	}
	for (i = 0; i < lz->ndropped; i++) {
		long line = lz->dropped[i].reply_line;
		sm_buf_puts(&b, "dropped-placeholder: \"");
		sm_buf_put_quoted(&b, lz->dropped[i].text.p, lz->dropped[i].text.n, 120);
		sm_buf_putc(&b, '"');
		if (line > 0)
			sm_buf_printf(&b, " (reply line %ld)", line);
		sm_buf_puts(&b, " stands for no code of the file (no line is deleted where it "
				"stands), so it was left out, not written\n");
	}
	sm_free(pe->message);
	pe->message = NULL;
	return sm_plan_set_message(pe, &b);
}

int sm_plan_fail(sm_pedit *pe, seam_status_t st, sm_buf *msg)
{
	pe->status = st;
	return sm_plan_set_message(pe, msg);
}

/* Numbered blocks all refer to the file before the reply: two that claim the same lines
 * contradict each other, and neither may win silently. Block j, over lines first..last, is
 * checked against the blocks before it, so it is refused as soon as it is planned; the first
 * one it overlaps is named. */
/* One applied numbered edit's lines, [first, last] of the file before the reply. */
struct sm_prange {
	long first, last;
	size_t edit;
};

/* Takes range r into pf's sorted ranges; one overlapping another makes them mixed. */
static int add_range(sm_pfile *pf, struct sm_prange r)
{
	size_t a = 0, b = pf->nranges;

	if (r.last < r.first)
		pf->ranges_mixed = 1;
	if (pf->ranges_mixed)
		return 0;
	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (pf->ranges[m].first < r.first)
			a = m + 1;
		else
			b = m;
	}
	if ((a > 0 && pf->ranges[a - 1].last >= r.first) ||
	    (a < pf->nranges && pf->ranges[a].first <= r.last)) {
		pf->ranges_mixed = 1;
		return 0;
	}
	if (sm_grow((void **)&pf->ranges, &pf->rcap, pf->nranges + 1, sizeof(*pf->ranges)))
		return SEAM_ENOMEM;
	memmove(pf->ranges + a + 1, pf->ranges + a, (pf->nranges - a) * sizeof(*pf->ranges));
	pf->ranges[a] = r;
	pf->nranges++;
	return 0;
}

/* The edits before j are planned, their statuses final: each is read once, not once per later
 * edit. */
int sm_plan_earlier(sm_pfile *pf, size_t j)
{
	if (j < pf->upto) { /* planned again from an earlier edit: taken in again */
		pf->nranges = pf->nmarked = pf->upto = 0;
		pf->ranges_mixed = 0;
	}
	for (; pf->upto < j; pf->upto++) {
		size_t i = pf->upto;
		const sm_pedit *a = &pf->edits[i];
		if ((pf->op->edits[i].flags & (SM_EDIT_NUMBERED | SM_EDIT_ORIGINAL)) &&
		    a->status == SEAM_STATUS_APPLIED && a->start_line &&
		    add_range(pf, (struct sm_prange){a->start_line, a->end_line, i}))
			return SEAM_ENOMEM;
		if ((a->status == SEAM_STATUS_APPLIED || a->status == SEAM_STATUS_ALREADY_APPLIED) &&
		    (a->seen_first || a->wide_first)) {
			if (sm_grow((void **)&pf->marked, &pf->mcap, pf->nmarked + 1,
				    sizeof(*pf->marked)))
				return SEAM_ENOMEM;
			pf->marked[pf->nmarked++] = i;
		}
	}
	return 0;
}

void sm_plan_earlier_free(sm_pfile *pf)
{
	sm_free(pf->ranges);
	sm_free(pf->marked);
	pf->ranges = NULL;
	pf->marked = NULL;
	pf->nranges = pf->rcap = pf->nmarked = pf->mcap = pf->upto = 0;
	pf->ranges_mixed = 0;
}

/* The first edit before j (an index) whose applied numbered lines meet first..last, SIZE_MAX
 * when none; after sm_plan_earlier. */
static size_t first_meeting(const sm_pfile *pf, size_t j, long first, long last)
{
	size_t i, a = 0, b = pf->nranges, best = SIZE_MAX;

	if (pf->ranges_mixed) {
		for (i = 0; i < j; i++) {
			const sm_pedit *e = &pf->edits[i];
			if ((pf->op->edits[i].flags & (SM_EDIT_NUMBERED | SM_EDIT_ORIGINAL)) &&
			    e->status == SEAM_STATUS_APPLIED && e->start_line &&
			    e->end_line >= first && last >= e->start_line)
				return i;
		}
		return SIZE_MAX;
	}
	/* apart and sorted, the ranges end in order too: the first ending at or after first,
	   then every one starting by last */
	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (pf->ranges[m].last < first)
			a = m + 1;
		else
			b = m;
	}
	for (; a < pf->nranges && pf->ranges[a].first <= last; a++)
		if (pf->ranges[a].edit < best)
			best = pf->ranges[a].edit;
	return best;
}

int sm_plan_overlap(sm_pfile *pf, size_t j, long first, long last)
{
	const sm_fileop *op = pf->op;
	sm_pedit *b = &pf->edits[j], *a;
	sm_buf msg = SM_BUF_INIT;
	size_t i;

	if (sm_plan_earlier(pf, j))
		return SEAM_ENOMEM;
	if ((i = first_meeting(pf, j, first, last)) == SIZE_MAX)
		return 0;
	a = &pf->edits[i];
	sm_buf_printf(&msg, "The block at reply line %ld changes lines %ld-%ld, which the "
			    "block at reply line %ld changes too (lines %ld-%ld). Send one "
			    "block for those lines.\n",
		      op->edits[j].reply_line, first, last, op->edits[i].reply_line,
		      a->start_line, a->end_line);
	if (sm_buf_failed(&msg))
		return SEAM_ENOMEM;
	b->status = SEAM_STATUS_OVERLAP;
	sm_free(b->message);
	b->message = sm_buf_detach(&msg, NULL);
	return 0;
}
