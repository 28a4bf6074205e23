/*
 * The end of a stream: the whole reply read and planned as seam_reply_parse and seam_plan_new
 * do, then the events still owed, in reply order: every edit not reported yet, a correction
 * for every early event the plan contradicts, and a withdrawal for every early event about an
 * edit the whole reply does not hold.
 */
#include "stream_end.h"
#include "stream_event.h"
#include "../plan/plan_step.h"
#include "../render/render.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct owed {
	size_t file, edit, index;
} owed;

static int by_index(const void *x, const void *y)
{
	const owed *a = x, *b = y;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Withdraws every early event that `claimed` does not mark (all when claimed is NULL). */
static int withdraw(seam_stream *st, const unsigned char *claimed, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		seam_event ev;
		if (!st->ev[i].early || (claimed && claimed[i]))
			continue;
		ev = st->ev[i].pub;
		ev.kind = SEAM_EVENT_WITHDRAWN;
		ev.final = 1;
		if (sm_stream_push(st, &ev, st->ev[i].file, st->ev[i].edit, 0))
			return SEAM_ENOMEM;
	}
	return 0;
}

/* The early event about edit j of file i, when the final reading holds that very edit there:
 * its index in st->ev, else (size_t)-1. */
static size_t early_for(const seam_stream *st, const size_t *slot, const size_t *off,
			const seam_reply *r, size_t i, size_t j)
{
	const seam_reply *acc = st->acc;
	const sm_fileop *a, *f = &r->files[i];

	if (!acc || i >= acc->nfiles)
		return (size_t)-1;
	a = &acc->files[i];
	if (j >= a->nedits || a->op != f->op || a->reply_line != f->reply_line ||
	    strcmp(a->path, f->path) || !sm_stream_same_edit(&a->edits[j], &f->edits[j]))
		return (size_t)-1;
	return slot[off[i] + j];
}

/* Queues the events owed after the final plan p of reading r. SEAM_ENOMEM when out of memory. */
static int settle(seam_stream *st, const seam_reply *r, const seam_plan *p)
{
	size_t nearly = st->nev, i, j, k, n = 0, total = 0, flat = 0;
	size_t *off = NULL, *slot = NULL, nacc = st->acc ? st->acc->nfiles : 0;
	unsigned char *claimed = NULL;
	sm_render_index ix;
	owed *o = NULL;
	int rc = SEAM_ENOMEM;

	if (sm_render_index_build(p, &ix))
		return SEAM_ENOMEM;
	/* where each early event's edit sits in acc */
	off = sm_calloc(nacc + 1, sizeof(*off));
	for (i = 0; off && i < nacc; i++)
		off[i + 1] = off[i] + st->acc->files[i].nedits;
	slot = off ? sm_malloc((off[nacc] + 1) * sizeof(*slot)) : NULL;
	claimed = sm_calloc(nearly + 1, 1);
	for (i = 0; i < r->nfiles; i++)
		total += r->files[i].nedits;
	o = sm_malloc((total + 1) * sizeof(*o));
	if (!off || !slot || !claimed || !o)
		goto out;
	for (k = 0; k < off[nacc]; k++)
		slot[k] = (size_t)-1;
	for (k = 0; k < nearly; k++)
		if (st->ev[k].early)
			slot[off[st->ev[k].file] + st->ev[k].edit] = k;
	for (i = 0; i < r->nfiles; i++)
		for (j = 0; j < r->files[i].nedits && flat < ix.n; j++, flat++) {
			o[n].file = i;
			o[n].edit = j;
			o[n].index = ix.num[flat];
			n++;
		}
	qsort(o, n, sizeof(*o), by_index);
	for (k = 0; k < n; k++) {
		size_t e = early_for(st, slot, off, r, o[k].file, o[k].edit);
		seam_event now;
		sm_stream_event_of(p, o[k].file, o[k].edit, o[k].index, &now);
		now.final = 1;
		if (e != (size_t)-1) {
			claimed[e] = 1;
			if (sm_stream_same_event(&st->ev[e].pub, &now))
				continue;
			now.kind = SEAM_EVENT_CORRECTION;
		}
		if (sm_stream_push(st, &now, o[k].file, o[k].edit, 0))
			goto out;
	}
	rc = withdraw(st, claimed, nearly);
out:
	sm_render_index_dispose(&ix);
	sm_free(o);
	sm_free(claimed);
	sm_free(slot);
	sm_free(off);
	return rc;
}

int sm_stream_finish(seam_stream *st, seam_reply **reply, seam_plan **plan)
{
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	int rc;

	if (st->dead) {
		withdraw(st, NULL, st->nev);
		if (st->dead == SEAM_ELIMIT)
			return sm_fail(st->s, SEAM_ELIMIT,
				       "the reply is over the limit of %zu bytes (max_reply_bytes)",
				       st->s->opts.max_reply_bytes);
		return sm_fail_code(st->s, st->dead);
	}
	/* the live plan has told what it could: its memory goes before the final plan's comes */
	seam_plan_free(st->live);
	st->live = NULL;
	rc = seam_reply_parse(&r, st->s, st->buf ? st->buf : "", st->len);
	if (rc == SEAM_OK) {
		rc = seam_plan_new(&p, st->s, r, st->t);
		if (rc != SEAM_OK && rc != SEAM_EFAIL) {
			seam_reply_free(r);
			r = NULL;
		}
	}
	if (!r) {
		withdraw(st, NULL, st->nev);
		return rc;
	}
	if (settle(st, r, p)) {
		seam_plan_free(p);
		seam_reply_free(r);
		return sm_fail_code(st->s, SEAM_ENOMEM);
	}
	*reply = r;
	*plan = p;
	return rc;
}
