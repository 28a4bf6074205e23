/*
 * fuzz_stream: a reply fed to seam_stream in chunks must end exactly as the path without
 * streaming (seam_reply_parse + seam_plan_new) ends, and the events must agree with that end.
 *
 * Input: the layout of fuzz_apply (one configuration byte, then files and the reply cut by the
 * line "%FZ%"; each file segment is its path line, then its content). Configuration bits: 0-2
 * the format (past the last: auto), 3 SEAM_FLAG_NO_NAME_RESOLVE, 4 small limits (3 edits, 64-byte
 * files, 2 KB replies), 5 SEAM_STREAM_EAGER, 6-7 the chunks: 1 byte each, random sizes up to 7
 * or up to 300 (seeded by the input's length and first bytes), or the whole reply at once.
 *
 * Oracles:
 *  - the return code of seam_stream_finish is that of the path without streaming, and its
 *    message too when there is no plan; with a plan, the JSON and text renderings are
 *    byte-identical;
 *  - feeding never fails but with SEAM_ELIMIT past max_reply_bytes, and then the end does;
 *  - every edit of the final plan has a last word (its last edit or correction event) that
 *    says what the plan says (number, file, op, reply line, status, file status of a skipped
 *    edit, strategy, lines, message); every early event either says that too or is followed by
 *    a correction or a withdrawal of that edit; no event after the end is early;
 *  - with no plan, every early event is withdrawn;
 *  - every event renders as text, and as one line of valid JSON.
 */
#include "fuzz.h"
#include "seam.h"

#include <jansson.h>

#define MAX_INPUT (64 * 1024)
#define MAX_FILES 6

typedef struct {
	int rc;
	char *json, *text, *err;
} outcome;

static char *dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (!d)
		abort(); /* the harness's own memory */
	return memcpy(d, s, n);
}

static void outcome_free(outcome *o)
{
	seam_free(o->json);
	seam_free(o->text);
	free(o->err);
}

static void outcome_of(outcome *o, seam_session *s, int rc, const seam_plan *p)
{
	size_t n;

	o->rc = rc;
	o->err = dup(seam_session_errmsg(s));
	o->json = o->text = NULL;
	if (p) {
		FZ_ORACLE(!seam_plan_render(p, SEAM_RENDER_JSON, &o->json, &n), "JSON rendering");
		FZ_ORACLE(!seam_plan_render(p, SEAM_RENDER_TEXT, &o->text, &n), "text rendering");
	}
}

static seam_tree *make_tree(seam_session *s, const fz_span *seg, size_t nfiles)
{
	seam_tree *t = NULL;
	size_t i;

	FZ_ORACLE(!seam_tree_new_memory(&t, s), "seam_tree_new_memory");
	for (i = 0; i < nfiles; i++) {
		const char *sp = (const char *)seg[i].p, *nl = memchr(sp, '\n', seg[i].n);
		size_t pl = nl ? (size_t)(nl - sp) : seg[i].n;
		char path[512];
		if (pl >= sizeof(path) || memchr(sp, '\0', pl))
			continue;
		memcpy(path, sp, pl);
		path[pl] = '\0';
		if (fz_path_safe(path))
			seam_tree_put(t, path, nl ? nl + 1 : sp + pl, nl ? seg[i].n - pl - 1 : 0, 0644);
	}
	return t;
}

/* An event with its strings copied (the stream's live until it is freed; these outlive it). */
typedef struct {
	seam_event ev;
	char *path, *strategy, *message;
} kept;

typedef struct {
	kept *v;
	size_t n, cap;
} kept_list;

static void keep(kept_list *l, const seam_event *ev, int after_end)
{
	char *out = NULL;
	size_t len = 0;
	json_error_t err;
	json_t *j;

	FZ_ORACLE(ev->path && ev->strategy && ev->message, "event with a NULL string");
	FZ_ORACLE(ev->final == after_end, "event final=%d, sent %s the end", ev->final,
		  after_end ? "after" : "before");
	FZ_ORACLE(after_end || ev->kind == SEAM_EVENT_EDIT, "early event of kind %d", ev->kind);
	FZ_ORACLE(!seam_event_render(ev, SEAM_RENDER_TEXT, &out, &len) && out && !out[len],
		  "text rendering of an event");
	seam_free(out);
	FZ_ORACLE(!seam_event_render(ev, SEAM_RENDER_JSON_LINE, &out, &len) && out && len &&
			  out[len - 1] == '\n' && !memchr(out, '\n', len - 1),
		  "JSON line of an event");
	j = json_loadb(out, len, 0, &err);
	if (!j)
		fz_dump("event", out, len);
	FZ_ORACLE(j != NULL, "event JSON does not parse: %s", err.text);
	json_decref(j);
	seam_free(out);
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v)
			abort();
	}
	l->v[l->n].ev = *ev;
	l->v[l->n].path = dup(ev->path);
	l->v[l->n].strategy = dup(ev->strategy);
	l->v[l->n].message = dup(ev->message);
	l->n++;
}

static int same(const seam_event *a, const kept *b)
{
	return a->index == b->ev.index && a->op == b->ev.op && a->reply_line == b->ev.reply_line &&
	       a->status == b->ev.status && a->file_status == b->ev.file_status &&
	       a->start_line == b->ev.start_line && a->end_line == b->ev.end_line &&
	       !strcmp(a->path, b->path) && !strcmp(a->strategy, b->strategy) &&
	       !strcmp(a->message, b->message);
}

typedef struct {
	size_t file, edit;
	long line;
	size_t flat;
} ref;

static int by_line(const void *x, const void *y)
{
	const ref *a = x, *b = y;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->flat < b->flat ? -1 : a->flat > b->flat;
}

/* The events say what the plan says (see the oracles above). */
static void check_events(const kept_list *l, const seam_plan *p)
{
	size_t nf = p ? seam_plan_file_count(p) : 0, i, j, k, n = 0;
	ref *refs = NULL;

	for (i = 0; i < nf; i++) {
		seam_file_info fi;
		FZ_ORACLE(!seam_plan_file(p, i, &fi), "seam_plan_file");
		for (j = 0; j < fi.edit_count; j++) {
			seam_edit_info ei;
			FZ_ORACLE(!seam_plan_edit(p, i, j, &ei), "seam_plan_edit");
			refs = realloc(refs, (n + 1) * sizeof(*refs));
			if (!refs)
				abort();
			refs[n].file = i;
			refs[n].edit = j;
			refs[n].line = ei.reply_line;
			refs[n].flat = n;
			n++;
		}
	}
	if (n)
		qsort(refs, n, sizeof(*refs), by_line);
	/* the last word on each edit */
	for (k = 0; k < n; k++) {
		seam_file_info fi;
		seam_edit_info ei;
		seam_event want;
		const kept *last = NULL;
		seam_plan_file(p, refs[k].file, &fi);
		seam_plan_edit(p, refs[k].file, refs[k].edit, &ei);
		memset(&want, 0, sizeof(want));
		want.index = k + 1;
		want.path = fi.path;
		want.op = fi.op;
		want.reply_line = ei.reply_line;
		want.status = ei.status;
		want.strategy = ei.strategy;
		want.start_line = ei.start_line;
		want.end_line = ei.end_line;
		want.file_status =
			ei.status == SEAM_STATUS_SKIPPED ? fi.status : SEAM_STATUS_APPLIED;
		want.message = ei.status == SEAM_STATUS_SKIPPED ? fi.message : ei.message;
		for (i = 0; i < l->n; i++)
			if (l->v[i].ev.index == k + 1 && l->v[i].ev.kind != SEAM_EVENT_WITHDRAWN)
				last = &l->v[i];
		FZ_ORACLE(last != NULL, "no event for edit %zu", k + 1);
		if (!same(&want, last)) {
			fz_dump("event message", last->message, strlen(last->message));
			fz_dump("plan message", want.message, strlen(want.message));
			FZ_ORACLE(0, "edit %zu: the event says %s (%s, lines %ld-%ld), the plan %s",
				  k + 1, seam_status_name(last->ev.status), last->strategy,
				  last->ev.start_line, last->ev.end_line, seam_status_name(want.status));
		}
	}
	/* an early event is the last word, or is corrected or withdrawn */
	for (i = 0; i < l->n; i++) {
		int settled = 0;
		if (l->v[i].ev.final)
			continue;
		for (j = i + 1; j < l->n; j++)
			settled |= l->v[j].ev.index == l->v[i].ev.index &&
				   l->v[j].ev.kind != SEAM_EVENT_EDIT;
		if (settled)
			continue;
		FZ_ORACLE(l->v[i].ev.index >= 1 && l->v[i].ev.index <= n,
			  "early event for edit %zu of %zu, never withdrawn", l->v[i].ev.index, n);
	}
	free(refs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_span seg[MAX_FILES + 1];
	seam_options o = SEAM_OPTIONS_INIT;
	seam_stream_options so = {SEAM_STREAM_OPTIONS_VERSION, 0};
	seam_session *s = NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t;
	seam_event ev;
	kept_list events = {NULL, 0, 0};
	outcome whole, streamed;
	const char *reply;
	size_t nseg, len, at = 0, i;
	unsigned cfg, mode;
	uint64_t rng;
	int rc, limited = 0;

	if (size < 1)
		return 0;
	if (size > MAX_INPUT)
		size = MAX_INPUT;
	cfg = data[0];
	nseg = fz_split(data + 1, size - 1, seg, MAX_FILES + 1);
	reply = (const char *)seg[nseg - 1].p;
	len = seg[nseg - 1].n;
	o.format = (seam_format_t)(cfg & 7) < SEAM_FORMAT_COUNT ? (seam_format_t)(cfg & 7)
								 : SEAM_FORMAT_AUTO;
	if (cfg & 8)
		o.flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if (cfg & 16) {
		o.max_edits = 3;
		o.max_file_bytes = 64;
		o.max_reply_bytes = 2048;
	}
	if (cfg & 32)
		so.flags |= SEAM_STREAM_EAGER;
	mode = cfg >> 6;

	/* without streaming */
	FZ_ORACLE(!seam_session_new(&s, &o), "seam_session_new");
	t = make_tree(s, seg, nseg - 1);
	rc = seam_reply_parse(&r, s, len ? reply : NULL, len);
	if (rc == SEAM_OK)
		rc = seam_plan_new(&p, s, r, t);
	outcome_of(&whole, s, rc, p);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	p = NULL;
	r = NULL;

	/* streamed */
	FZ_ORACLE(!seam_session_new(&s, &o), "seam_session_new");
	t = make_tree(s, seg, nseg - 1);
	FZ_ORACLE(!seam_stream_new(&st, s, t, &so), "seam_stream_new");
	rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)size ^ ((uint64_t)data[size / 2] << 32);
	while (at < len) {
		size_t k;
		rng ^= rng << 13;
		rng ^= rng >> 7;
		rng ^= rng << 17;
		k = mode == 0 ? 1 : mode == 1 ? 1 + rng % 7 : mode == 2 ? 1 + rng % 300 : len;
		if (k > len - at)
			k = len - at;
		rc = seam_stream_feed(st, reply + at, k);
		at += k;
		FZ_ORACLE(rc == SEAM_OK || (rc == SEAM_ELIMIT && at > (o.max_reply_bytes
								     ? o.max_reply_bytes
								     : (size_t)64 << 20)),
			  "seam_stream_feed = %d after %zu bytes", rc, at);
		while (seam_stream_next(st, &ev))
			keep(&events, &ev, 0);
		if (rc) {
			limited = 1;
			break;
		}
	}
	rc = seam_stream_finish(st, &r, &p);
	FZ_ORACLE(!limited || rc == SEAM_ELIMIT, "a reply over the limit ended with %d", rc);
	FZ_ORACLE((rc == SEAM_OK || rc == SEAM_EFAIL) == (p != NULL), "finish %d, plan %p", rc,
		  (void *)p);
	while (seam_stream_next(st, &ev))
		keep(&events, &ev, 1);
	outcome_of(&streamed, s, rc, p);

	FZ_ORACLE(whole.rc == streamed.rc, "rc %d without streaming, %d streamed (%s)", whole.rc,
		  streamed.rc, streamed.err);
	if (!p) {
		/* a stream stops taking bytes at the limit: it cannot say the whole size */
		if (!limited)
			FZ_ORACLE(!strcmp(whole.err, streamed.err), "messages differ:\n%s\n---\n%s",
				  whole.err, streamed.err);
		for (i = 0; i < events.n; i++) {
			size_t j;
			int gone = events.v[i].ev.final;
			for (j = i + 1; j < events.n && !gone; j++)
				gone = events.v[j].ev.kind == SEAM_EVENT_WITHDRAWN &&
				       events.v[j].ev.index == events.v[i].ev.index;
			FZ_ORACLE(gone, "an early event stands with no plan");
		}
	} else {
		if (strcmp(whole.json, streamed.json)) {
			fz_dump("without streaming", whole.json, strlen(whole.json));
			fz_dump("streamed", streamed.json, strlen(streamed.json));
			FZ_ORACLE(0, "the JSON renderings differ");
		}
		FZ_ORACLE(!strcmp(whole.text, streamed.text), "the text renderings differ");
		check_events(&events, p);
	}
	for (i = 0; i < events.n; i++) {
		free(events.v[i].path);
		free(events.v[i].strategy);
		free(events.v[i].message);
	}
	free(events.v);
	outcome_free(&whole);
	outcome_free(&streamed);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
	return 0;
}
