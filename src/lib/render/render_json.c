#include "render.h"
#include "../../util/alloc.h"

#include <jansson.h>
#include <string.h>

/*
 * The JSON document. jansson refuses a string that is not valid UTF-8 (json_string returns
 * NULL and the document cannot be dumped), and paths and messages quote file and reply bytes
 * that may be anything: every string goes through sm_render_utf8_clean first, and json_stringn
 * keeps an embedded NUL (dumped as \u0000) rather than cutting the string there.
 *
 * jansson allocates with malloc, not sm_malloc: installing our allocator there would change it
 * for the whole process we are embedded in. Its failures are still caught (every constructor
 * is checked) and the output itself is built in an sm_buf.
 */

/* Length of the valid UTF-8 sequence at p[0..n), or 0 with *bad set to the bytes to replace. */
static size_t utf8_seq(const unsigned char *p, size_t n, size_t *bad)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t need, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		need = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 4;
	else {
		*bad = 1;
		return 0;
	}
	/* The second byte's range is what rules out overlong forms, surrogates and values past
	 * U+10FFFF. */
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	for (i = 1; i < need; i++) {
		if (i >= n || p[i] < lo || p[i] > hi) {
			/* Replace the valid prefix as one unit (the Unicode "maximal subpart"). */
			*bad = i;
			return 0;
		}
		lo = 0x80;
		hi = 0xBF;
	}
	return need;
}

int sm_render_utf8_clean(sm_buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, run = 0;

	while (i < n) {
		size_t bad = 0, k;
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_seq(p + i, n - i, &bad);
		if (k) {
			i += k;
			continue;
		}
		sm_buf_put(b, s + run, i - run);
		sm_buf_puts(b, "\xEF\xBF\xBD");
		i += bad;
		run = i;
	}
	sm_buf_put(b, s + run, n - run);
	return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
}

typedef struct jctx {
	sm_buf tmp; /* reused for every string */
	int failed;
} jctx;

static json_t *jstr(jctx *c, const char *s)
{
	json_t *v;

	if (!s)
		s = "";
	sm_buf_clear(&c->tmp);
	if (sm_render_utf8_clean(&c->tmp, s, strlen(s))) {
		c->failed = 1;
		return NULL;
	}
	v = json_stringn(c->tmp.ptr ? c->tmp.ptr : "", c->tmp.len);
	if (!v)
		c->failed = 1;
	return v;
}

static json_t *jint(jctx *c, long long n)
{
	json_t *v = json_integer((json_int_t)n);
	if (!v)
		c->failed = 1;
	return v;
}

/* Sets o[key] = v, taking v (even on failure); NULL v records a failure. */
static void set(jctx *c, json_t *o, const char *key, json_t *v)
{
	if (!o || !v || json_object_set_new(o, key, v)) {
		c->failed = 1;
		if (!o)
			json_decref(v);
	}
}

static void push(jctx *c, json_t *a, json_t *v)
{
	if (!a || !v || json_array_append_new(a, v)) {
		c->failed = 1;
		if (!a)
			json_decref(v);
	}
}

static json_t *edit_json(jctx *c, const seam_plan *p, size_t num, const seam_edit_info *ei)
{
	json_t *o = json_object();
	int located = ei->start_line > 0;

	if (!o) {
		c->failed = 1;
		return NULL;
	}
	set(c, o, "index", jint(c, (long long)num));
	set(c, o, "status", jstr(c, sm_render_status_word(p, ei->status, 1)));
	set(c, o, "strategy", ei->strategy && *ei->strategy ? jstr(c, ei->strategy) : json_null());
	set(c, o, "start_line", located ? jint(c, ei->start_line) : json_null());
	set(c, o, "end_line", located ? jint(c, ei->end_line) : json_null());
	set(c, o, "reply_line", ei->reply_line > 0 ? jint(c, ei->reply_line) : json_null());
	set(c, o, "message", jstr(c, ei->message));
	return o;
}

static json_t *file_json(jctx *c, const seam_plan *p, size_t i, const sm_render_index *ix,
			 size_t *flat)
{
	seam_file_info fi;
	json_t *o, *edits;
	size_t j;

	if (seam_plan_file(p, i, &fi))
		return NULL;
	o = json_object();
	if (!o) {
		c->failed = 1;
		return NULL;
	}
	set(c, o, "path", jstr(c, fi.path));
	set(c, o, "asked_path", jstr(c, fi.asked_path));
	set(c, o, "op", jstr(c, sm_render_op_name(fi.op)));
	set(c, o, "status", jstr(c, sm_render_status_word(p, fi.status, 1)));
	set(c, o, "changed", json_boolean(fi.changed));
	set(c, o, "message", jstr(c, fi.message));
	edits = json_array();
	for (j = 0; j < fi.edit_count && edits && !c->failed; j++) {
		seam_edit_info ei;
		if (*flat >= ix->n || seam_plan_edit(p, i, j, &ei)) {
			json_decref(edits);
			json_decref(o);
			return NULL;
		}
		push(c, edits, edit_json(c, p, ix->num[(*flat)++], &ei));
	}
	set(c, o, "edits", edits);
	return o;
}

struct json_t *sm_render_edits_json(const seam_plan *p)
{
	jctx c = {SM_BUF_INIT, 0};
	sm_render_index ix;
	json_t *out;
	size_t k;

	if (sm_render_index_build(p, &ix))
		return NULL;
	out = json_array();
	for (k = 0; out && k < ix.n && !c.failed; k++) {
		const sm_render_ref *r = &ix.order[k];
		seam_file_info fi;
		seam_edit_info ei;
		json_t *e;
		if (seam_plan_file(p, r->file, &fi) || seam_plan_edit(p, r->file, r->edit, &ei)) {
			c.failed = 1;
			break;
		}
		e = edit_json(&c, p, k + 1, &ei);
		set(&c, e, "path", jstr(&c, fi.path));
		push(&c, out, e);
	}
	sm_buf_dispose(&c.tmp);
	sm_render_index_dispose(&ix);
	if (c.failed) {
		json_decref(out);
		return NULL;
	}
	return out;
}

static int dump_cb(const char *buffer, size_t size, void *data)
{
	return sm_buf_put(data, buffer, size);
}

int sm_render_json(const seam_plan *p, sm_buf *b, int one_line)
{
	jctx c = {SM_BUF_INIT, 0};
	sm_render_totals t;
	json_t *doc, *files, *sum;
	sm_render_index ix;
	size_t i, nf = seam_plan_file_count(p), flat = 0;
	int rc = 0;

	if ((rc = sm_render_count(p, &t)) || (rc = sm_render_index_build(p, &ix)))
		return rc;
	doc = json_object();
	if (!doc) {
		sm_render_index_dispose(&ix);
		return SEAM_ENOMEM;
	}
	set(&c, doc, "version", jstr(&c, SEAM_VERSION));
	set(&c, doc, "ok", json_boolean(seam_plan_ok(p)));
	/* what happened on disk: an "ok" plan of a dry run wrote nothing */
	set(&c, doc, "dry_run", json_boolean(seam_plan_dry_run(p)));
	set(&c, doc, "written", json_boolean(sm_render_written(p)));
	files = json_array();
	for (i = 0; i < nf && files && !c.failed; i++) {
		json_t *f = file_json(&c, p, i, &ix, &flat);
		if (!f && !c.failed) {
			rc = SEAM_ERROR; /* a getter failed */
			break;
		}
		push(&c, files, f);
	}
	set(&c, doc, "files", files);
	sum = json_object();
	set(&c, sum, "files", jint(&c, (long long)t.files));
	set(&c, sum, "changed", jint(&c, (long long)t.changed));
	set(&c, sum, "edits", jint(&c, (long long)t.edits));
	set(&c, sum, "applied", jint(&c, (long long)t.applied));
	set(&c, sum, "already_applied", jint(&c, (long long)t.already_applied));
	set(&c, sum, "failed", jint(&c, (long long)t.failed));
	/* after the fields of earlier versions: "changed" counts a move once, as git does; this
	   counts the paths written or removed (a move's two) */
	set(&c, sum, "paths_changed", jint(&c, (long long)t.paths));
	set(&c, doc, "summary", sum);
	if (!rc && c.failed)
		rc = SEAM_ENOMEM;
	if (!rc && json_dump_callback(doc, dump_cb, b,
				      (one_line ? JSON_COMPACT : JSON_INDENT(2)) | JSON_PRESERVE_ORDER))
		rc = SEAM_ENOMEM;
	if (!rc)
		sm_buf_putc(b, '\n');
	json_decref(doc);
	sm_buf_dispose(&c.tmp);
	sm_render_index_dispose(&ix);
	if (!rc && sm_buf_failed(b))
		rc = SEAM_ENOMEM;
	return rc;
}
