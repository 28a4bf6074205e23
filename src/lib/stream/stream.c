/*
 * Streaming (stream.h): feeding the text, reading it again, and the early events.
 */
#include "stream.h"
#include "../format/format.h"
#include "../plan/plan_step.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

int seam_stream_new(seam_stream **out, seam_session *s, seam_tree *t,
		    const seam_stream_options *opts)
{
	seam_stream *st;

	if (out)
		*out = NULL;
	if (!out || !s || !t)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_stream_new: a NULL argument") : SEAM_EUSAGE;
	if (opts && opts->version != SEAM_STREAM_OPTIONS_VERSION)
		return sm_fail(s, SEAM_EUSAGE, "seam_stream_new: options version %u, expected %u",
			       opts->version, SEAM_STREAM_OPTIONS_VERSION);
	st = sm_calloc(1, sizeof(*st));
	if (!st)
		return sm_fail_code(s, SEAM_ENOMEM);
	st->s = s;
	st->t = t;
	st->flags = opts ? opts->flags : 0;
	st->hint = s->opts.format;
	*out = st;
	return SEAM_OK;
}

void seam_stream_free(seam_stream *st)
{
	size_t i;

	if (!st)
		return;
	seam_plan_free(st->live);
	seam_reply_free(st->acc);
	for (i = 0; i < st->nev; i++)
		sm_free(st->ev[i].strings);
	sm_free(st->ev);
	sm_free(st->buf);
	sm_free(st);
}

int seam_stream_next(seam_stream *st, seam_event *ev)
{
	if (!st || !ev || st->taken >= st->nev)
		return 0;
	*ev = st->ev[st->taken++].pub;
	return 1;
}

/* ---- the complete edits ---- */

/* Appends a copy of e to f of acc, its text in one block that acc keeps (a reading's text
 * goes away with it), each line with its reply line. SEAM_ENOMEM when out of memory. */
static int copy_edit(seam_reply *acc, sm_fileop *f, const sm_edit *e, sm_buf *tmp)
{
	size_t k, off = 0;
	sm_edit *c;
	char *blk;

	sm_buf_clear(tmp);
	/* one byte after each line: an empty line must not share its address with the next
	   (a whole file's lines are told by address, see sm_fileop_reply_line_of) */
	for (k = 0; k < e->nlines; k++) {
		sm_buf_put(tmp, e->lines[k].text.p, e->lines[k].text.n);
		sm_buf_put(tmp, "\n", 1);
	}
	for (k = 0; k < e->nanchors; k++)
		sm_buf_put(tmp, e->anchors[k].p, e->anchors[k].n);
	if (sm_buf_failed(tmp))
		return SEAM_ENOMEM;
	blk = sm_reply_keep(acc, tmp->ptr ? tmp->ptr : "", tmp->len);
	c = blk ? sm_fileop_add_edit(acc, f, e->reply_line) : NULL;
	if (!c)
		return SEAM_ENOMEM;
	c->kind = e->kind;
	c->flags = e->flags;
	c->hint_start = e->hint_start;
	c->hint_len = e->hint_len;
	for (k = 0; k < e->nlines; k++) {
		if (sm_edit_add_line(c, e->lines[k].kind, blk + off, e->lines[k].text.n))
			return SEAM_ENOMEM;
		c->lines[k].reply_line = e->lines[k].reply_line;
		c->lines[k].no = e->lines[k].no;
		off += e->lines[k].text.n + 1;
	}
	for (k = 0; k < e->nanchors; k++) {
		if (sm_edit_add_anchor(c, blk + off, e->anchors[k].n))
			return SEAM_ENOMEM;
		off += e->anchors[k].n;
	}
	return 0;
}

/* 1 when no more text can add to or change the edits of a create, whole-file or delete. */
static int whole_op_complete(const sm_fileop *f)
{
	size_t k;

	if (f->open)
		return 0;
	for (k = 0; k < f->nedits; k++)
		if (f->edits[k].open)
			return 0;
	return 1;
}

/* 1 when the reading r still says what acc holds (see stream.h). */
static int agrees(const seam_stream *st, const seam_reply *r)
{
	const seam_reply *acc = st->acc;
	size_t i, j;

	if (!acc)
		return 1;
	if (r->in_thinking || (acc->nfiles && r->format != acc->format) || r->nfiles < acc->nfiles)
		return 0;
	for (i = 0; i < acc->nfiles; i++) {
		const sm_fileop *a = &acc->files[i], *f = &r->files[i];
		if (a->op != f->op || a->reply_line != f->reply_line || strcmp(a->path, f->path) ||
		    f->nedits < a->nedits || a->copy != f->copy || a->mode != f->mode ||
		    a->refuse != f->refuse || a->git_delete != f->git_delete)
			return 0;
		/* a create, whole-file or delete planned whole has all its edits already */
		if (a->op != SEAM_OP_UPDATE && st->live && sm_plan_file_opened(st->live, i) &&
		    f->nedits != a->nedits)
			return 0;
		for (j = 0; j < a->nedits; j++)
			if (f->edits[j].open || !sm_stream_same_edit(&a->edits[j], &f->edits[j]))
				return 0;
	}
	return 1;
}

typedef struct fresh {
	size_t file, edit, index;
	long line;   /* where the edit starts in the reply */
	size_t flat; /* its place in file order: the edits of the files before it, plus edit */
} fresh;

/* Reply order, as the report counts: by reply line, then (two edits on one line) file order. */
static int by_place(const void *x, const void *y)
{
	const fresh *a = x, *b = y;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->flat < b->flat ? -1 : a->flat > b->flat;
}

/*
 * Numbers the new edits nw[0..n) of reading r (1-based, in reply order as the report counts):
 * an edit's number is 1 + the edits of r before it in that order. With nw sorted in that order,
 * one pass over r's edits finds, for each, the first new edit it precedes (a binary search);
 * sums of those counts give the numbers: O(E log n) for E edits, where counting for each new
 * edit over all of them was O(E n), quadratic in a stream of many edits.
 */
static int number_new(const seam_reply *r, fresh *nw, size_t n)
{
	size_t *before, i, j, flat = 0, sum = 0;

	qsort(nw, n, sizeof(*nw), by_place);
	before = sm_calloc(n, sizeof(*before));
	if (!before)
		return SEAM_ENOMEM;
	for (i = 0; i < r->nfiles; i++)
		for (j = 0; j < r->files[i].nedits; j++, flat++) {
			fresh e;
			size_t lo = 0, hi = n;

			e.line = r->files[i].edits[j].reply_line;
			e.flat = flat;
			while (lo < hi) { /* the first new edit after e */
				size_t mid = lo + (hi - lo) / 2;
				if (by_place(&nw[mid], &e) > 0)
					hi = mid;
				else
					lo = mid + 1;
			}
			if (lo < n)
				before[lo]++;
		}
	for (i = 0; i < n; i++) {
		sum += before[i];
		nw[i].index = sum + 1;
	}
	sm_free(before);
	return 0;
}

/*
 * Takes the complete edits of reading r that acc lacks, plans them, and queues their events in
 * reply order. Returns 0, DIVERGED when r cannot be mirrored after all, or SEAM_ENOMEM when out
 * of memory.
 */
enum { DIVERGED = 1 };
static int take(seam_stream *st, const seam_reply *r)
{
	seam_reply *acc;
	sm_buf tmp = SM_BUF_INIT;
	fresh *nw = NULL;
	size_t *from = NULL, i, j, base, nnew = 0, cap = 0;
	int rc = SEAM_ENOMEM;

	if (!st->acc && !(st->acc = sm_calloc(1, sizeof(*st->acc))))
		return SEAM_ENOMEM;
	acc = st->acc;
	acc->format = r->format;
	for (i = acc->nfiles; i < r->nfiles; i++) {
		const sm_fileop *f = &r->files[i];
		sm_fileop *a = f->copy ? sm_reply_copy(acc, f->path, strlen(f->path), f->move_to,
						       strlen(f->move_to), f->reply_line)
				       : sm_reply_file(acc, f->path, strlen(f->path), f->op,
						       f->reply_line);
		if (!a)
			return SEAM_ENOMEM;
		/* a reading never repeats an update's path, and agrees() saw acc's in r */
		if (acc->nfiles != i + 1)
			return DIVERGED;
		if (!f->copy && f->move_to && !(a->move_to = sm_strdup(f->move_to)))
			return SEAM_ENOMEM;
		a->mode = f->mode;
		a->git_delete = f->git_delete;
		a->refuse = f->refuse;
		a->refuse_status = f->refuse_status;
	}
	if (!st->live && sm_plan_begin(&st->live, st->s, acc, st->t))
		return SEAM_ENOMEM;
	/* from[i]: the first edit of file i this reading adds; (size_t)-1: nothing to plan */
	from = sm_malloc((r->nfiles ? r->nfiles : 1) * sizeof(*from));
	if (!from)
		goto out;
	for (i = 0; i < r->nfiles; i++) {
		const sm_fileop *f = &r->files[i];
		sm_fileop *a = &acc->files[i];
		size_t had = a->nedits;
		from[i] = (size_t)-1;
		/* a create, whole-file or delete is planned whole, once complete */
		if (f->op != SEAM_OP_UPDATE &&
		    (sm_plan_file_opened(st->live, i) || !whole_op_complete(f)))
			continue;
		for (j = had; j < f->nedits && !f->edits[j].open; j++)
			if (copy_edit(acc, a, &f->edits[j], &tmp))
				goto out;
		if (a->nedits > had || f->op != SEAM_OP_UPDATE)
			from[i] = had;
	}
	if (sm_plan_sync(st->live))
		goto out;
	for (i = 0, base = 0; i < r->nfiles; base += r->files[i].nedits, i++) {
		if (from[i] == (size_t)-1)
			continue;
		if (sm_plan_step(st->live, i))
			goto out;
		/* an update creating its file: whether the file must exist depends on the blocks
		   after it (seam.h), so its edits are reported at the end */
		if (sm_plan_file_creates(st->live, i))
			continue;
		for (j = from[i]; j < acc->files[i].nedits; j++) {
			if (sm_grow((void **)&nw, &cap, nnew + 1, sizeof(*nw)))
				goto out;
			nw[nnew].file = i;
			nw[nnew].edit = j;
			nw[nnew].line = r->files[i].edits[j].reply_line;
			nw[nnew].flat = base + j;
			nnew++;
		}
	}
	if (nnew && number_new(r, nw, nnew))
		goto out;
	for (i = 0; i < nnew; i++) {
		seam_event ev;
		sm_stream_event_of(st->live, nw[i].file, nw[i].edit, nw[i].index, &ev);
		if (sm_stream_push(st, &ev, nw[i].file, nw[i].edit, 1))
			goto out;
	}
	rc = 0;
out:
	sm_free(from);
	sm_free(nw);
	sm_buf_dispose(&tmp);
	return rc;
}

/* A reading disagreed with what was reported: the end settles it (stream.h). */
static void diverge(seam_stream *st)
{
	st->diverged = 1;
	seam_plan_free(st->live);
	st->live = NULL;
}

/* Reads the complete lines again. Returns 0 or SEAM_ENOMEM. */
static int reread(seam_stream *st)
{
	seam_reply *r = NULL;
	int rc;

	st->read_end = st->line_end;
	st->may_end = 0;
	st->readings++;
	st->spent += st->line_end;
	rc = sm_reply_read_text(&r, st->s, st->buf, st->line_end);
	if (rc == SEAM_ENOMEM) {
		seam_reply_free(r);
		return SEAM_ENOMEM;
	}
	/* past the edit limit: the end says so; nothing complete is missed meanwhile */
	if (rc || !r->nfiles) {
		/* no edit yet, but markers of a format (whole files are what is left when there
		   are none): its lines are the ones that may end an edit */
		if (!rc && st->s->opts.format == SEAM_FORMAT_AUTO && r->format != SEAM_FORMAT_WHOLE)
			st->hint = r->format;
		seam_reply_free(r);
		return 0;
	}
	rc = 0;
	if (r->mixed_line || !agrees(st, r)) {
		diverge(st);
	} else if (!r->in_thinking) {
		if (st->s->opts.format == SEAM_FORMAT_AUTO)
			st->hint = r->format;
		rc = take(st, r);
		if (rc == DIVERGED)
			diverge(st);
	}
	seam_reply_free(r);
	return rc < 0 ? rc : 0;
}

/* 1 when reading the text again now is worth its cost (stream.h). */
static int worth_reading(const seam_stream *st)
{
	size_t grown = st->line_end - st->read_end;

	if (!st->may_end || !grown || st->diverged)
		return 0;
	return (st->flags & SEAM_STREAM_EAGER) ||
	       st->spent + st->line_end <= SM_STREAM_WORK_FACTOR * st->line_end + SM_STREAM_WORK_FREE;
}

int seam_stream_feed(seam_stream *st, const void *data, size_t len)
{
	const char *nl;
	size_t at;
	int rc;

	if (!st || (!data && len))
		return st ? sm_fail(st->s, SEAM_EUSAGE, "seam_stream_feed: data is NULL")
			  : SEAM_EUSAGE;
	if (st->finished)
		return sm_fail(st->s, SEAM_EUSAGE, "seam_stream_feed: the stream is finished");
	if (st->dead)
		return st->dead;
	if (len > st->s->opts.max_reply_bytes - st->len) {
		st->dead = SEAM_ELIMIT;
		return sm_fail(st->s, SEAM_ELIMIT,
			       "the reply is over the limit of %zu bytes (max_reply_bytes)",
			       st->s->opts.max_reply_bytes);
	}
	if (!len)
		return SEAM_OK;
	if (sm_grow((void **)&st->buf, &st->cap, st->len + len, 1)) {
		st->dead = SEAM_ENOMEM;
		return sm_fail_code(st->s, SEAM_ENOMEM);
	}
	memcpy(st->buf + st->len, data, len);
	at = st->len;
	st->len += len;
	/* lines completed by these bytes: each may be one after which an edit is complete */
	at = st->line_end > at ? st->line_end : at;
	for (; at < st->len && (nl = memchr(st->buf + at, '\n', st->len - at)) != NULL;) {
		size_t from = st->line_end, n = (size_t)(nl - st->buf) - from;
		if (n && st->buf[from + n - 1] == '\r')
			n--;
		if (!st->may_end && sm_format_may_end(st->hint, st->buf + from, n))
			st->may_end = 1;
		st->line_end = (size_t)(nl - st->buf) + 1;
		at = st->line_end;
	}
	if (worth_reading(st) && (rc = reread(st)) != 0) {
		st->dead = rc;
		return sm_fail_code(st->s, rc);
	}
	return SEAM_OK;
}

int seam_stream_finish(seam_stream *st, seam_reply **reply, seam_plan **plan)
{
	if (reply)
		*reply = NULL;
	if (plan)
		*plan = NULL;
	if (!st || !reply || !plan)
		return st ? sm_fail(st->s, SEAM_EUSAGE, "seam_stream_finish: a NULL argument")
			  : SEAM_EUSAGE;
	if (st->finished)
		return sm_fail(st->s, SEAM_EUSAGE, "seam_stream_finish: called twice");
	st->finished = 1;
	return sm_stream_finish(st, reply, plan);
}
