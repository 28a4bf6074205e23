/*
 * A stream's events for a reader: a line of the text report (the message indented under it),
 * or one JSON object on one line (JSON lines: a reader can act on each line as it comes).
 */
#include "render.h"

#include <jansson.h>
#include <string.h>

static const char *kind_name(seam_event_t k)
{
	switch (k) {
	case SEAM_EVENT_CORRECTION:
		return "correction";
	case SEAM_EVENT_WITHDRAWN:
		return "withdrawn";
	default:
		return "edit";
	}
}

/* An event comes before the commit: an edit that found its place is "located", never
 * "applied" (nothing is written until the stream ends well). */
static const char *event_status(seam_status_t st)
{
	return st == SEAM_STATUS_APPLIED ? "located" : sm_render_status_name(st);
}

static void put_text(sm_buf *b, const seam_event *ev)
{
	const char *strategy = ev->strategy ? ev->strategy : "";
	const char *msg = ev->message ? ev->message : "";
	const char *path = ev->path ? ev->path : "";

	if (ev->kind != SEAM_EVENT_EDIT)
		sm_buf_printf(b, "%s: ", kind_name(ev->kind));
	sm_buf_printf(b, "edit %zu", ev->index);
	if (ev->reply_line > 0)
		sm_buf_printf(b, " (reply line %ld)", ev->reply_line);
	sm_buf_puts(b, " ");
	sm_render_put_safe(b, path, strlen(path));
	if (ev->kind == SEAM_EVENT_WITHDRAWN) {
		sm_buf_puts(b, ": not an edit of the whole reply\n");
		return;
	}
	sm_buf_printf(b, ": %s", event_status(ev->status));
	if (ev->status == SEAM_STATUS_SKIPPED)
		sm_buf_printf(b, " (%s)", sm_render_status_name(ev->file_status));
	if (ev->status == SEAM_STATUS_APPLIED && *strategy) {
		sm_buf_puts(b, " by ");
		sm_render_put_safe(b, strategy, strlen(strategy));
	}
	if (ev->start_line > 0 && sm_render_status_ok(ev->status)) {
		if (ev->end_line <= ev->start_line)
			sm_buf_printf(b, " at line %ld", ev->start_line);
		else
			sm_buf_printf(b, " at lines %ld-%ld", ev->start_line, ev->end_line);
	}
	sm_buf_putc(b, '\n');
	if (*msg && !sm_render_status_ok(ev->status))
		sm_render_put_indented(b, msg, strlen(msg), "    ");
}

typedef struct jctx {
	sm_buf tmp;
	int failed;
} jctx;

static void set(jctx *c, json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v))
		c->failed = 1;
}

static json_t *jstr(jctx *c, const char *s)
{
	sm_buf_clear(&c->tmp);
	if (sm_render_utf8_clean(&c->tmp, s ? s : "", s ? strlen(s) : 0))
		return NULL;
	return json_stringn(c->tmp.ptr ? c->tmp.ptr : "", c->tmp.len);
}

static json_t *jline(long n)
{
	return n > 0 ? json_integer((json_int_t)n) : json_null();
}

static int dump_cb(const char *buffer, size_t size, void *data)
{
	return sm_buf_put(data, buffer, size);
}

static int put_json(sm_buf *b, const seam_event *ev)
{
	jctx c = {SM_BUF_INIT, 0};
	json_t *o = json_object();
	int skipped = ev->status == SEAM_STATUS_SKIPPED, rc = 0;

	if (!o)
		return SEAM_ENOMEM;
	set(&c, o, "event", jstr(&c, kind_name(ev->kind)));
	set(&c, o, "index", json_integer((json_int_t)ev->index));
	set(&c, o, "path", jstr(&c, ev->path));
	set(&c, o, "op", jstr(&c, sm_render_op_name(ev->op)));
	set(&c, o, "reply_line", jline(ev->reply_line));
	set(&c, o, "status", jstr(&c, event_status(ev->status)));
	set(&c, o, "file_status",
	    skipped ? jstr(&c, sm_render_status_name(ev->file_status)) : json_null());
	set(&c, o, "strategy", ev->strategy && *ev->strategy ? jstr(&c, ev->strategy) : json_null());
	set(&c, o, "start_line", jline(ev->start_line));
	set(&c, o, "end_line", jline(ev->start_line > 0 ? ev->end_line : 0));
	set(&c, o, "message", jstr(&c, ev->message));
	set(&c, o, "final", json_boolean(ev->final));
	if (c.failed || json_dump_callback(o, dump_cb, b, JSON_COMPACT | JSON_PRESERVE_ORDER))
		rc = SEAM_ENOMEM;
	else
		sm_buf_putc(b, '\n');
	json_decref(o);
	sm_buf_dispose(&c.tmp);
	return rc;
}

int seam_event_render(const seam_event *ev, seam_render_t how, char **out, size_t *len)
{
	sm_buf b = SM_BUF_INIT;
	int rc = 0;

	if (out)
		*out = NULL;
	if (len)
		*len = 0;
	if (!ev || !out || (how != SEAM_RENDER_TEXT && how != SEAM_RENDER_JSON_LINE))
		return SEAM_EUSAGE;
	if (how == SEAM_RENDER_TEXT)
		put_text(&b, ev);
	else
		rc = put_json(&b, ev);
	return sm_render_hand_out(&b, rc, out, len);
}
