/*
 * Fast apply (Cursor, Morph, Continue, Copilot's insert_edit_into_file): a lazy snippet of a
 * file, the changed lines with some unchanged ones around them and a marker comment standing
 * for every run of lines left out:
 *
 *     src/app.js
 *     ```js
 *     // ... existing code ...
 *     function total(xs) {
 *       return xs.reduce((a, b) => a + b, 0);
 *     }
 *     // ... existing code ...
 *     ```
 *
 * either a path line (or the info string) and a fence, or an edit_file tool call
 * {"target_file", "instructions", "code_edit"} (also target_filepath, target_file_path, path,
 * filepath), bare, fenced, or in the usual API envelopes ("arguments" as a string, "input",
 * tool_calls, content blocks).
 *
 * Each snippet becomes one edit of kind SM_KIND_FAST: its markers are context lines, its
 * other lines additions; the planner (plan_fast.c) anchors it in the file and turns it into an
 * ordinary hunk. A marker-like line is always a marker here, so none lands in a file.
 *
 * Detected on its own when a fence starts or ends with one of the markers fast-apply prompts
 * ask for (own_marker; a listing that reaches both ends of the file, or trails off into other
 * words, is a whole file, whose placeholders the laziness guard handles), or when a
 * "code_edit" key is present.
 */
#include "format.h"
#include "../read/placeholder.h"
#include "../core/lang.h"
#include "../../util/alloc.h"

#include <jansson.h>
#include <string.h>

/* Nesting followed into envelopes, and levels of JSON encoded in a string ("arguments"). */
#define WALK_MAX_DEPTH 64
#define STR_MAX_DEPTH 3
/* Failed JSON parses may read this many times the reply (plus the minimum) before the scan
 * stops: a reply of many '{' lines that each fail late would otherwise cost quadratic time. */
#define FAIL_BUDGET_FACTOR 4
#define FAIL_BUDGET_MIN ((size_t)1 << 20)
/* A comment whose body is "... words ..." is a marker up to this many bytes (Continue reads
 * any comment of that shape as one; "// ... keep the auth logic ..." is a hint, not code). */
#define MARKER_MAX_BODY SM_LAZY_MAX_BODY /* for the same reason */

#define JFLAGS (JSON_ALLOW_NUL | JSON_DISABLE_EOF_CHECK)

/* 1 when p[0..n) holds s (strlen(s) > 0). */
static int has_sub(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	const char *q = p, *e = p + n;

	while ((size_t)(e - q) >= k && (q = memchr(q, s[0], (size_t)(e - q) - k + 1))) {
		if (!memcmp(q, s, k))
			return 1;
		q++;
	}
	return 0;
}

static int dots_at(const char *p, size_t n)
{
	if (n >= 3 && !memcmp(p, "...", 3))
		return 3;
	if (n >= 3 && !memcmp(p, "\xE2\x80\xA6", 3))
		return 3;
	return 0;
}

int sm_fastapply_is_marker(const char *p, size_t n)
{
	const char *b;
	size_t bn;

	if (sm_lazy_is_marker(p, n))
		return 1;
	b = sm_lang_comment_body(NULL, p, n, &bn);
	if (!b || bn > MARKER_MAX_BODY)
		return 0;
	sm_trim(&b, &bn);
	return bn >= 6 && dots_at(b, bn) && dots_at(b + bn - 3, 3);
}

/*
 * The markers fast-apply prompts tell a model to write ("// ... existing code ...", Continue's
 * "// ... rest of code ...", Morph's "# ... unchanged code ..."), dots and case aside: only
 * these make a reply a fast-apply one on their own. A listing that trails off into "# ... rest
 * of the file unchanged ..." is a lazy whole file, for the laziness guard.
 */
static int own_marker(const char *p, size_t n)
{
	static const char *const words[] = {"existing code", "keep existing code", "rest of code",
	                                    "rest of function", "unchanged code"};
	const char *b = sm_lang_comment_body(NULL, p, n, &n);
	size_t k, d;

	if (!b || n > MARKER_MAX_BODY)
		return 0;
	for (;;) { /* dots and blanks off both ends */
		sm_trim(&b, &n);
		if ((d = dots_at(b, n))) {
			b += d;
			n -= d;
		} else if (n >= 3 && dots_at(b + n - 3, 3)) {
			n -= 3;
		} else {
			break;
		}
	}
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (sm_eq_nocase(b, n, words[k]))
			return 1;
	return 0;
}

static int blank(const sm_rline *l)
{
	return sm_text_is_blank(l->p, l->n);
}

int sm_fastapply_sniff(const sm_lines *ls)
{
	sm_fence_mark m;
	size_t i, j;

	for (i = 0; i < ls->n; i++) {
		const sm_rline *l = &ls->v[i];
		if (l->n >= 11 && has_sub(l->p, l->n, "\"code_edit"))
			return 1;
		if (!own_marker(l->p, l->n))
			continue;
		/* first or last line of a fence */
		for (j = i; j-- > 0 && blank(&ls->v[j]);)
			;
		if (j != (size_t)-1 && sm_fence_line(ls->v[j].p, ls->v[j].n, &m))
			return 1;
		for (j = i + 1; j < ls->n && blank(&ls->v[j]); j++)
			;
		if (j < ls->n && sm_fence_line(ls->v[j].p, ls->v[j].n, &m))
			return 1;
	}
	return 0;
}

/* Appends a snippet line to e: a marker as context, any other line as an addition. */
static int add_line(sm_edit *e, const char *p, size_t n)
{
	int mk = sm_fastapply_is_marker(p, n);
	return sm_edit_add_line(e, mk ? SM_HL_CTX : SM_HL_ADD, p, n) ? SEAM_ENOMEM : 0;
}

/* ---- fences ---- */

static int read_fences(seam_reply *r, const sm_lines *ls)
{
	char name[SM_PATH_MAX + 1];
	sm_fence *fs = NULL;
	size_t nf = 0, i, j, from, len;
	long name_no;
	int inside, rc = 0;
	sm_fileop *f;
	sm_edit *e;

	if (sm_fences_find(ls, &fs, &nf))
		return SEAM_ENOMEM;
	for (i = 0; i < nf && !rc; i++) {
		len = sm_fence_name(ls, &fs[i], name, &name_no, &inside);
		if (!len)
			continue;
		if (fs[i].close >= ls->n) {
			/* a cut-off reply: half a snippet would delete what it leaves out */
			sm_note(r, ls->v[fs[i].open].no,
			        "the fence of %s is never closed, snippet skipped", name);
			continue;
		}
		from = fs[i].open + 1 + (size_t)inside;
		if (from >= fs[i].close)
			continue;
		f = sm_reply_file(r, name, len, SEAM_OP_UPDATE, name_no);
		if (!f) {
			rc = SEAM_ENOMEM;
			break;
		}
		rc = sm_reply_new_edit(r, f, ls->v[from].no, &e);
		if (rc)
			break;
		e->kind = SM_KIND_FAST;
		if (fs[i].guessed)
			e->open = 1;
		for (j = from; !rc && j < fs[i].close; j++)
			rc = add_line(e, ls->v[j].p, ls->v[j].n);
	}
	sm_free(fs);
	return rc;
}

/* ---- edit_file tool calls ---- */

typedef struct jctx {
	seam_reply *r;
	long line; /* reply line of the top-level value being walked */
	int rc;
	size_t calls;
} jctx;

static const char *str_of(json_t *o, const char *key, size_t *n)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_string(v))
		return NULL;
	*n = json_string_length(v);
	return json_string_value(v);
}

/* The snippet's text, without one fence around all of it (Morph's plugin strips it too). */
static void unfence(const char **s, size_t *n)
{
	const char *p = *s, *e = *s + *n, *nl, *last;
	sm_fence_mark m;
	size_t k;

	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		e--;
	nl = memchr(p, '\n', (size_t)(e - p));
	if (!nl)
		return;
	k = (size_t)(nl - p);
	if (k && p[k - 1] == '\r')
		k--;
	if (!sm_fence_line(p, k, &m) || m.ch == '<')
		return;
	for (last = e; last > nl && last[-1] != '\n'; last--)
		;
	if (last <= nl || !sm_fence_closes(&m, last, (size_t)(e - last)))
		return;
	*s = nl + 1;
	*n = (size_t)(last - (nl + 1));
}

static int do_call(jctx *c, json_t *o)
{
	static const char *const paths[] = {"target_file", "target_filepath", "target_file_path",
	                                    "path", "filepath", "file_path"};
	char name[SM_PATH_MAX + 1];
	const char *code, *path = NULL, *kept, *p, *end, *nl;
	size_t cn = 0, pn = 0, len, k;
	sm_fileop *f;
	sm_edit *e;

	code = str_of(o, "code_edit", &cn);
	for (k = 0; !path && k < sizeof(paths) / sizeof(paths[0]); k++)
		path = str_of(o, paths[k], &pn);
	if (!code || !path) {
		sm_note(c->r, c->line, "a \"code_edit\" call without %s, skipped",
		        code ? "a target_file" : "its code_edit text");
		return 0;
	}
	len = sm_path_clean(path, pn, 1, name);
	if (!len) {
		sm_note(c->r, c->line, "a \"code_edit\" call whose target_file is not a path, skipped");
		return 0;
	}
	f = sm_reply_file(c->r, name, len, SEAM_OP_UPDATE, c->line);
	if (!f)
		return SEAM_ENOMEM;
	if ((c->rc = sm_reply_new_edit(c->r, f, c->line, &e)))
		return c->rc;
	e->kind = SM_KIND_FAST;
	c->calls++;
	unfence(&code, &cn);
	if (!cn)
		return 0;
	if (!(kept = sm_reply_keep(c->r, code, cn)))
		return SEAM_ENOMEM;
	for (p = kept, end = kept + cn; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		k = (size_t)(nl - p);
		if (k && p[k - 1] == '\r')
			k--;
		if (add_line(e, p, k))
			return SEAM_ENOMEM;
	}
	return 0;
}

static void walk(jctx *c, json_t *v, int depth, int sdepth);

/* "arguments" sent as a JSON-encoded string */
static void walk_string(jctx *c, json_t *s, int depth, int sdepth)
{
	const char *p = json_string_value(s);
	size_t n = json_string_length(s), i = 0;
	json_t *v;

	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
		i++;
	if (sdepth >= STR_MAX_DEPTH || i >= n || (p[i] != '{' && p[i] != '[') ||
	    !has_sub(p, n, "code_edit"))
		return;
	v = json_loadb(p + i, n - i, JSON_ALLOW_NUL, NULL);
	if (v) {
		walk(c, v, depth + 1, sdepth + 1);
		json_decref(v);
	}
}

static void walk(jctx *c, json_t *v, int depth, int sdepth)
{
	const char *k;
	json_t *x;
	size_t i;

	if (c->rc || depth > WALK_MAX_DEPTH)
		return;
	if (json_is_object(v)) {
		if (json_object_get(v, "code_edit")) {
			c->rc = do_call(c, v);
			return;
		}
		json_object_foreach(v, k, x)
		{
			if (json_is_string(x))
				walk_string(c, x, depth, sdepth);
			else
				walk(c, x, depth + 1, sdepth);
		}
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, x)
		{
			if (json_is_string(x))
				walk_string(c, x, depth, sdepth);
			else
				walk(c, x, depth + 1, sdepth);
		}
	}
}

/* JSON values that open a line ('{' or '[' first on it) and hold "code_edit". */
static int read_calls(seam_reply *r, const sm_lines *ls)
{
	jctx c = {r, 0, 0, 0};
	size_t i, budget = FAIL_BUDGET_FACTOR * r->len + FAIL_BUDGET_MIN;
	const char *end = r->text + r->len;

	if (!has_sub(r->text, r->len, "\"code_edit"))
		return 0;
	for (i = 0; i < ls->n && !c.rc; i++) {
		const sm_rline *l = &ls->v[i];
		size_t k = sm_text_indent_len(l->p, l->n), avail;
		json_error_t err;
		json_t *v;

		if (k >= l->n || (l->p[k] != '{' && l->p[k] != '['))
			continue;
		if (l->p < r->text || l->p >= end)
			continue; /* not the reply's own text */
		avail = (size_t)(end - (l->p + k));
		v = json_loadb(l->p + k, avail, JFLAGS, &err);
		if (!v) {
			size_t cost = err.position > 0 ? (size_t)err.position : 1;
			if (cost >= budget)
				break;
			budget -= cost;
			continue;
		}
		c.line = l->no;
		walk(&c, v, 0, 0);
		json_decref(v);
		/* skip the lines the value spans */
		if (err.position > 0) {
			const char *stop = l->p + k + err.position;
			while (i + 1 < ls->n && ls->v[i + 1].p < stop)
				i++;
		}
	}
	return c.rc;
}

int sm_fastapply_parse(seam_reply *r, const sm_lines *ls)
{
	int rc = read_calls(r, ls);
	if (!rc && !r->nfiles)
		rc = read_fences(r, ls);
	return rc;
}

int sm_fastapply_may_end(const char *p, size_t n)
{
	sm_fence_mark m;
	/* a fence closes a snippet, a '}' a call */
	return sm_fence_line(p, n, &m) || sm_toolcall_may_end(p, n);
}
