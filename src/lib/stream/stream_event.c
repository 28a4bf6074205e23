/*
 * A stream's events (stream_event.h): the queue, the event an edit of a plan gets, and the
 * comparisons by which the end checks what was sent early.
 */
#include "stream_event.h"
#include "../../util/alloc.h"

#include <string.h>

int sm_stream_push(seam_stream *st, const seam_event *ev, size_t file, size_t edit, int early)
{
	size_t np = strlen(ev->path) + 1, ns = strlen(ev->strategy) + 1,
	       nm = strlen(ev->message) + 1;
	sm_event *e;
	char *p;

	if (sm_grow((void **)&st->ev, &st->evcap, st->nev + 1, sizeof(*st->ev)))
		return SEAM_ENOMEM;
	p = sm_malloc(np + ns + nm);
	if (!p)
		return SEAM_ENOMEM;
	e = &st->ev[st->nev++];
	e->pub = *ev;
	e->strings = p;
	memcpy(p, ev->path, np);
	memcpy(p + np, ev->strategy, ns);
	memcpy(p + np + ns, ev->message, nm);
	e->pub.path = p;
	e->pub.strategy = p + np;
	e->pub.message = p + np + ns;
	e->file = file;
	e->edit = edit;
	e->early = early;
	return 0;
}

void sm_stream_event_of(const seam_plan *p, size_t file, size_t edit, size_t index,
			seam_event *ev)
{
	seam_file_info fi;
	seam_edit_info ei;

	memset(ev, 0, sizeof(*ev));
	seam_plan_file(p, file, &fi);
	seam_plan_edit(p, file, edit, &ei);
	ev->kind = SEAM_EVENT_EDIT;
	ev->index = index;
	ev->path = fi.path ? fi.path : "";
	ev->op = fi.op;
	ev->reply_line = ei.reply_line;
	ev->status = ei.status;
	ev->strategy = ei.strategy;
	ev->start_line = ei.start_line;
	ev->end_line = ei.end_line;
	/* a skipped edit has no message of its own: why its file failed is the report's text */
	if (ei.status == SEAM_STATUS_SKIPPED) {
		ev->file_status = fi.status;
		ev->message = fi.message;
	} else {
		ev->file_status = SEAM_STATUS_APPLIED;
		ev->message = ei.message;
	}
}

int sm_stream_same_event(const seam_event *a, const seam_event *b)
{
	return a->index == b->index && a->op == b->op && a->reply_line == b->reply_line &&
	       a->status == b->status && a->file_status == b->file_status &&
	       a->start_line == b->start_line && a->end_line == b->end_line &&
	       !strcmp(a->path, b->path) && !strcmp(a->strategy, b->strategy) &&
	       !strcmp(a->message, b->message);
}

static int same_span(sm_span a, sm_span b)
{
	return a.n == b.n && (!a.n || !memcmp(a.p, b.p, a.n));
}

int sm_stream_same_edit(const sm_edit *a, const sm_edit *b)
{
	size_t k;

	if (a->reply_line != b->reply_line || a->kind != b->kind || a->flags != b->flags ||
	    a->hint_start != b->hint_start || a->hint_len != b->hint_len ||
	    a->nlines != b->nlines || a->nanchors != b->nanchors)
		return 0;
	for (k = 0; k < a->nlines; k++)
		if (a->lines[k].kind != b->lines[k].kind || a->lines[k].no != b->lines[k].no ||
		    !same_span(a->lines[k].text, b->lines[k].text))
			return 0;
	for (k = 0; k < a->nanchors; k++)
		if (!same_span(a->anchors[k], b->anchors[k]))
			return 0;
	return 1;
}
