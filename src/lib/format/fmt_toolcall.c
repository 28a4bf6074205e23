/*
 * Tool calls written as JSON, the shape agents send through function calling:
 *
 *     {"command": "str_replace", "path": "a.py", "old_str": "x = 1\n", "new_str": "x = 2\n"}
 *     {"command": "insert", "path": "a.py", "insert_line": 3, "new_str": "y = 0\n"}
 *     {"command": "create", "path": "b.py", "file_text": "print(1)\n"}
 *     {"file_path": "a.py", "old_string": "x", "new_string": "y", "replace_all": true}
 *
 * bare or fenced, one after another or in an array, and wrapped the ways APIs wrap them:
 * {"name": ..., "arguments": {...}}, "arguments" as a JSON-encoded string, {"tool": ...,
 * "input": {...}}, OpenAI's tool_calls and Anthropic's content blocks (any object that is not a
 * call is looked through). Claude Code's MultiEdit ({"file_path", "edits": [...]}) and Write
 * ({"file_path", "content"}) are read too.
 *
 * JSON strings are escaped, so the text an edit holds is not in the reply: each decoded string
 * is kept on the reply (sm_reply_keep) and the lines point into that copy.
 */
#include "format.h"
#include "../../util/alloc.h"

#include <jansson.h>
#include <string.h>

/* Objects nested deeper than this are not looked into: no real wrapper goes past a handful of
 * levels, and it bounds the recursion below jansson's own limit of 2048. */
#define WALK_MAX_DEPTH 64
/* "arguments" encoded in a string encoded in a string...: two levels are seen in the wild */
#define STR_MAX_DEPTH 3
/* Failed parses may read this many times the reply before the scan gives up: a reply built to
 * make every '{' a long failed parse would otherwise cost quadratic time. */
#define FAIL_BUDGET_FACTOR 4
#define FAIL_BUDGET_MIN (1u << 20)
/* How far past the point where a parse failed, at most, to look for call keys before noting
 * it (the rest of that line). */
#define NEAR_WINDOW 4096
/* One value larger than this is not read (jansson reports positions as int). */
#define VALUE_MAX ((size_t)1 << 30)
/* Longest text of the reply quoted in a note. */
#define SAFE_MAX 120

#define JFLAGS (JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES)

/* ---- markers ---- */

static int is_jws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * When p[i] opens a JSON key equal to w followed by ':', the offset after the ':', else 0.
 * The closing quote may be escaped (\"), as in "arguments" sent as an encoded string.
 */
static size_t key_at(const char *p, size_t n, size_t i, const char *w)
{
	size_t k = strlen(w), j = i + 1;

	if (n - j < k + 2 || memcmp(p + j, w, k))
		return 0;
	for (j += k; j < n && p[j] == '\\'; j++)
		;
	if (j >= n || p[j] != '"')
		return 0;
	for (j++; j < n && is_jws(p[j]); j++)
		;
	return j < n && p[j] == ':' ? j + 1 : 0;
}

/* 1 when p[0..n) holds one of the keys only an edit call has, or "command" naming an edit. */
static int has_marker(const char *p, size_t n)
{
	static const char *const keys[] = {"old_str",   "new_str", "old_string",
	                                   "new_string", "file_text"};
	static const char *const cmds[] = {"str_replace", "insert", "create"};
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		if (p[i] != '"')
			continue;
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (key_at(p, n, i, keys[k]))
				return 1;
		j = key_at(p, n, i, "command");
		if (!j)
			continue;
		while (j < n && (is_jws(p[j]) || p[j] == '\\'))
			j++;
		if (j >= n || p[j] != '"')
			continue;
		j++;
		for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++) {
			size_t w = strlen(cmds[k]);
			if (n - j > w && !memcmp(p + j, cmds[k], w) &&
			    (p[j + w] == '"' || p[j + w] == '\\'))
				return 1;
		}
	}
	return 0;
}

int sm_toolcall_sniff(const sm_lines *ls)
{
	size_t i;
	int brace = 0;

	/* a key after a '{' somewhere before it: prose naming "old_str" has no object */
	for (i = 0; i < ls->n; i++) {
		const sm_rline *l = &ls->v[i];
		const char *b = brace ? l->p : memchr(l->p, '{', l->n);
		if (!b)
			continue;
		brace = 1;
		if (has_marker(b, l->n - (size_t)(b - l->p)))
			return 1;
	}
	return 0;
}

/* ---- state ---- */

typedef struct tc {
	seam_reply *r;
	const sm_lines *ls;
	char *buf;      /* the lines joined with '\n': a JSON value may span lines */
	size_t len;
	size_t *starts; /* offset of each line in buf */
	long line;      /* reply line of the value being read */
	size_t calls;   /* call objects recognised, read or skipped */
	int rc;
} tc;

static long line_of(const tc *t, size_t off)
{
	size_t lo = 0, hi = t->ls->n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return t->ls->v[lo].no;
}

/* A copy of reply or decoded text fit for a note: control bytes become '?', cut short at a
 * UTF-8 boundary. */
static const char *safe(const char *p, size_t n, char out[SAFE_MAX + 4])
{
	size_t i, k = n > SAFE_MAX ? SAFE_MAX : n;

	if (k < n)
		while (k && ((unsigned char)p[k] & 0xc0) == 0x80)
			k--;
	for (i = 0; i < k; i++)
		out[i] = (unsigned char)p[i] < 0x20 || p[i] == 0x7f ? '?' : p[i];
	memcpy(out + k, k < n ? "..." : "", k < n ? 4 : 1);
	return out;
}

static const char *str_of(json_t *o, const char *key, size_t *n)
{
	json_t *v = json_object_get(o, key);

	*n = json_string_length(v);
	return json_string_value(v);
}

/*
 * Cleans a path a call names. The call says plainly which string is the path, so none of the
 * guessing of names in prose applies: separators are made '/', "./" and doubled slashes go.
 * Absolute and ".." paths are kept for the tree to refuse with its own message. 0 when the
 * path is empty, too long, a directory, or holds a control byte (NUL included).
 */
static size_t clean_path(const char *p, size_t n, char *out)
{
	size_t i, o = 0;

	sm_trim(&p, &n);
	if (!n || n > SM_PATH_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		char c = p[i] == '\\' ? '/' : p[i];
		if ((unsigned char)c < 0x20 || c == 0x7f)
			return 0;
		if (c == '/' && o && out[o - 1] == '/')
			continue;
		out[o++] = c;
	}
	out[o] = '\0';
	while (o > 2 && out[0] == '.' && out[1] == '/') {
		memmove(out, out + 2, o - 1);
		o -= 2;
	}
	return o && out[o - 1] != '/' ? o : 0;
}

/* ---- one call ---- */

typedef struct call {
	const char *what; /* for notes: "str_replace", "old_string edit", ... */
	char path[SM_PATH_MAX + 1];
	size_t plen;
	char shown[SAFE_MAX + 4];
} call;

/* Reads the call's path into c; notes and returns 0 when there is none usable. */
static int call_path(tc *t, json_t *o, call *c)
{
	size_t n = 0;
	const char *p = str_of(o, "path", &n);

	if (!p)
		p = str_of(o, "file_path", &n);
	if (!p) {
		sm_note(t->r, t->line, "%s call without \"path\", skipped", c->what);
		return 0;
	}
	c->plen = clean_path(p, n, c->path);
	if (!c->plen) {
		sm_note(t->r, t->line, "%s call with an unusable path \"%s\", skipped", c->what,
		        safe(p, n, c->shown));
		return 0;
	}
	safe(c->path, c->plen, c->shown);
	return 1;
}

/* The string field `key` of the call, refused (noted, NULL) when missing or holding a NUL. */
static const char *call_text(tc *t, json_t *o, const call *c, const char *key, size_t *n)
{
	const char *s = str_of(o, key, n);

	if (!s)
		sm_note(t->r, t->line, "%s call for %s without \"%s\", skipped", c->what, c->shown,
		        key);
	else if (memchr(s, '\0', *n)) {
		sm_note(t->r, t->line,
		        "%s call for %s: \"%s\" holds a NUL character (\\u0000), which a text "
		        "file cannot hold; skipped",
		        c->what, c->shown, key);
		s = NULL;
	}
	return s;
}

/* Appends s[0..n) as lines of `kind`: a final '\n' opens no empty line, a trailing '\r' goes. */
static int add_text(tc *t, sm_edit *e, char kind, const char *s, size_t n)
{
	const char *kept, *p, *nl, *end;

	if (!n)
		return 0;
	if (!(kept = sm_reply_keep(t->r, s, n)))
		return SEAM_ENOMEM;
	for (p = kept, end = kept + n; p < end; p = nl + 1) {
		size_t k;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		k = (size_t)(nl - p);
		if (k && p[k - 1] == '\r')
			k--;
		if (sm_edit_add_line(e, kind, p, k))
			return SEAM_ENOMEM;
	}
	return 0;
}

static int new_edit(tc *t, const call *c, seam_op_t op, sm_edit **e)
{
	sm_fileop *f = sm_reply_file(t->r, c->path, c->plen, op, t->line);

	if (!f)
		return SEAM_ENOMEM;
	return sm_reply_new_edit(t->r, f, t->line, e);
}

/*
 * old -> new. `opt_new`: the str_replace_editor schema lets new_str out to delete the old
 * text; Claude Code's old_string/new_string pair has both required.
 */
static int replace(tc *t, json_t *o, const char *path_from, call *c, const char *ok,
                   const char *nk, int opt_new)
{
	const char *old, *nw = "";
	size_t on = 0, nn = 0;
	sm_edit *e;
	int rc;

	if (path_from) {
		c->plen = strlen(path_from);
		memcpy(c->path, path_from, c->plen + 1);
	} else if (!call_path(t, o, c)) {
		return 0;
	}
	old = call_text(t, o, c, ok, &on);
	if (!old)
		return 0;
	if (!opt_new || json_object_get(o, nk)) {
		nw = call_text(t, o, c, nk, &nn);
		if (!nw)
			return 0;
	}
	rc = new_edit(t, c, SEAM_OP_UPDATE, &e);
	if (rc)
		return rc;
	e->flags |= SM_EDIT_BLOCK | SM_EDIT_OLD_ONLY;
	if (json_is_true(json_object_get(o, "replace_all")))
		e->flags |= SM_EDIT_REPLACE_ALL;
	rc = add_text(t, e, SM_HL_DEL, old, on);
	return rc ? rc : add_text(t, e, SM_HL_ADD, nw, nn);
}

/* insert_line as a number, or a string of digits (models quote numbers); -1 when neither. */
static long insert_line(json_t *o)
{
	json_t *v = json_object_get(o, "insert_line");
	const char *s = json_string_value(v);
	size_t i, n = json_string_length(v);
	json_int_t x = json_integer_value(v);
	long k = 0;

	if (json_is_integer(v))
		return x >= 0 && x <= 1000000000 ? (long)x : -1;
	for (i = 0; s && n <= 9 && i < n && s[i] >= '0' && s[i] <= '9'; i++)
		k = k * 10 + (s[i] - '0');
	return s && n && i == n ? k : -1;
}

static int insert(tc *t, json_t *o, call *c)
{
	const char *s, *key = json_object_get(o, "insert_text") ? "insert_text" : "new_str";
	size_t n = 0;
	long k;
	sm_edit *e;
	int rc;

	if (!call_path(t, o, c))
		return 0;
	k = insert_line(o);
	if (k < 0) {
		sm_note(t->r, t->line,
		        "insert call for %s without a line number \"insert_line\" (0 or more), "
		        "skipped",
		        c->shown);
		return 0;
	}
	s = call_text(t, o, c, key, &n);
	if (!s)
		return 0;
	if (!n) {
		sm_note(t->r, t->line, "insert call for %s inserts nothing, skipped", c->shown);
		return 0;
	}
	rc = new_edit(t, c, SEAM_OP_UPDATE, &e);
	if (rc)
		return rc;
	e->flags |= SM_EDIT_INSERT_AFTER;
	e->hint_start = k;
	return add_text(t, e, SM_HL_ADD, s, n);
}

/* The whole new content: "create" with file_text, or Write with content. */
static int create(tc *t, json_t *o, call *c, const char *key)
{
	const char *s;
	size_t n = 0;
	sm_edit *e;
	int rc;

	if (!call_path(t, o, c))
		return 0;
	s = call_text(t, o, c, key, &n);
	if (!s)
		return 0;
	rc = new_edit(t, c, SEAM_OP_WHOLE, &e);
	return rc ? rc : add_text(t, e, SM_HL_ADD, s, n);
}

/* MultiEdit: the edits of one file, in order, each against the file as the previous left it. */
static int multi(tc *t, json_t *o, call *c)
{
	json_t *v, *edits = json_object_get(o, "edits");
	size_t i;
	int rc = 0;

	if (!call_path(t, o, c))
		return 0;
	json_array_foreach(edits, i, v) {
		call one;
		if (!json_is_object(v)) {
			sm_note(t->r, t->line, "edit %zu of the MultiEdit call for %s is not an "
			        "object, skipped", i + 1, c->shown);
			continue;
		}
		one.what = "MultiEdit";
		memcpy(one.shown, c->shown, sizeof(one.shown));
		rc = replace(t, v, c->path, &one, "old_string", "new_string", 0);
		if (rc)
			break;
	}
	return rc;
}

static int has(json_t *o, const char *key)
{
	return json_object_get(o, key) != NULL;
}

static int is_call(json_t *o)
{
	int path = has(o, "path") || has(o, "file_path");

	return has(o, "old_str") || has(o, "new_str") || has(o, "old_string") ||
	       has(o, "new_string") || has(o, "file_text") ||
	       (path && json_is_string(json_object_get(o, "command"))) ||
	       (has(o, "file_path") &&
	        (json_is_array(json_object_get(o, "edits")) ||
	         json_is_string(json_object_get(o, "content"))));
}

static int do_call(tc *t, json_t *o)
{
	const char *cmd;
	size_t n = 0;
	call c;

	c.what = "edit";
	cmd = str_of(o, "command", &n);
	if (cmd) {
		c.what = cmd;
		if (n == 11 && !memcmp(cmd, "str_replace", 11))
			return replace(t, o, NULL, &c, "old_str", "new_str", 1);
		if (n == 6 && !memcmp(cmd, "insert", 6))
			return insert(t, o, &c);
		if (n == 6 && !memcmp(cmd, "create", 6))
			return create(t, o, &c, "file_text");
		sm_note(t->r, t->line, "\"command\": \"%s\" is not an edit, skipped",
		        safe(cmd, n, c.shown));
		return 0;
	}
	if (has(o, "old_string") || has(o, "new_string")) {
		c.what = "old_string/new_string";
		return replace(t, o, NULL, &c, "old_string", "new_string", 0);
	}
	if (has(o, "old_str") || has(o, "new_str")) {
		c.what = "str_replace";
		return replace(t, o, NULL, &c, "old_str", "new_str", 1);
	}
	if (has(o, "file_text")) {
		c.what = "create";
		return create(t, o, &c, "file_text");
	}
	if (has(o, "edits")) {
		c.what = "MultiEdit";
		return multi(t, o, &c);
	}
	c.what = "Write";
	return create(t, o, &c, "content");
}

/* ---- looking through wrappers ---- */

static void walk(tc *t, json_t *v, int depth, int sdepth);

static int wrapper_key(const char *k)
{
	return !strcmp(k, "arguments") || !strcmp(k, "input") || !strcmp(k, "parameters") ||
	       !strcmp(k, "args");
}

/* Arguments sent as a JSON-encoded string (OpenAI's function calling does). */
static void walk_encoded(tc *t, json_t *s, int depth, int sdepth)
{
	const char *p = json_string_value(s);
	size_t n = json_string_length(s), i = 0;
	json_error_t err;
	char shown[SAFE_MAX + 4];
	json_t *v;

	while (i < n && is_jws(p[i]))
		i++;
	if (i >= n || (p[i] != '{' && p[i] != '['))
		return;
	v = json_loadb(p, n, JFLAGS, &err);
	if (!v) {
		if (has_marker(p, n)) {
			t->calls++;
			sm_note(t->r, t->line,
			        "the \"arguments\" string of a tool call is not valid JSON (%s), "
			        "skipped",
			        safe(err.text, strlen(err.text), shown));
		}
		return;
	}
	walk(t, v, depth + 1, sdepth + 1);
	json_decref(v);
}

static void walk(tc *t, json_t *v, int depth, int sdepth)
{
	const char *k;
	json_t *x;
	size_t i;

	if (t->rc || depth > WALK_MAX_DEPTH)
		return;
	if (json_is_array(v)) {
		json_array_foreach(v, i, x)
			walk(t, x, depth + 1, sdepth);
		return;
	}
	if (!json_is_object(v))
		return;
	if (is_call(v)) {
		t->calls++;
		t->rc = do_call(t, v);
		return;
	}
	json_object_foreach(v, k, x) {
		if (json_is_string(x) && sdepth < STR_MAX_DEPTH && wrapper_key(k))
			walk_encoded(t, x, depth, sdepth);
		else
			walk(t, x, depth + 1, sdepth);
	}
}

/* ---- the scan ---- */

static size_t skip_ws(const char *b, size_t n, size_t i)
{
	while (i < n && is_jws(b[i]))
		i++;
	return i;
}

/* Past one value of text jansson has already accepted. */
static size_t skip_value(const char *b, size_t n, size_t i)
{
	int depth = 0;

	do {
		if (i >= n)
			return n;
		if (b[i] == '"') {
			for (i++; i < n && b[i] != '"'; i++)
				i += b[i] == '\\';
		} else if (b[i] == '{' || b[i] == '[') {
			depth++;
		} else if (b[i] == '}' || b[i] == ']') {
			depth--;
		} else if (!depth) {
			while (i + 1 < n && !strchr(",]} \t\r\n", b[i + 1]))
				i++;
		}
		i++;
	} while (depth > 0);
	return i;
}

/* A value read at b[0..n): an array of calls gives each call the line it starts on. */
static void read_top(tc *t, size_t off, json_t *v, size_t n)
{
	const char *b = t->buf + off;
	size_t i, pos = 1;
	json_t *x;

	t->line = line_of(t, off);
	if (!json_is_array(v)) {
		walk(t, v, 0, 0);
		return;
	}
	json_array_foreach(v, i, x) {
		pos = skip_ws(b, n, pos);
		t->line = line_of(t, off + pos);
		walk(t, x, 1, 0);
		pos = skip_ws(b, n, skip_value(b, n, pos)) + 1; /* past the ',' */
	}
}

/* '{' before a key, or '[' before an object: where a call or a list of calls may start. */
static int candidate(const char *b, size_t n, size_t i)
{
	size_t j;

	if (b[i] != '{' && b[i] != '[')
		return 0;
	j = skip_ws(b, n, i + 1);
	return j < n && b[j] == (b[i] == '{' ? '"' : '{');
}

/* A failed parse that looked like a call: noted once the scan has passed it, unless a call
 * inside it was read after all (a wrapper missing its last brace). */
typedef struct pending {
	int on;
	size_t end, calls;
	long line;
	char why[SAFE_MAX + 4];
} pending;

static void flush(tc *t, pending *pd)
{
	if (pd->on && t->calls == pd->calls)
		sm_note(t->r, pd->line, "a tool call that is not valid JSON (%s), skipped", pd->why);
	pd->on = 0;
}

static int join_lines(tc *t)
{
	size_t i, total = 0, o = 0;

	for (i = 0; i < t->ls->n; i++)
		total += t->ls->v[i].n + 1;
	t->buf = sm_malloc(total + 1);
	t->starts = sm_malloc(t->ls->n * sizeof(*t->starts));
	if (!t->buf || !t->starts)
		return SEAM_ENOMEM;
	for (i = 0; i < t->ls->n; i++) {
		t->starts[i] = o;
		memcpy(t->buf + o, t->ls->v[i].p, t->ls->v[i].n);
		o += t->ls->v[i].n;
		t->buf[o++] = '\n';
	}
	t->buf[o] = '\0';
	t->len = o;
	return 0;
}

int sm_toolcall_parse(seam_reply *r, const sm_lines *ls)
{
	tc t = {r, ls, NULL, 0, NULL, 0, 0, 0};
	pending pd = {0, 0, 0, 0, ""};
	size_t i = 0, spent = 0, budget;
	json_error_t err;
	json_t *v;

	t.rc = ls->n ? join_lines(&t) : 0;
	budget = FAIL_BUDGET_FACTOR * t.len + FAIL_BUDGET_MIN;
	while (!t.rc && i < t.len) {
		size_t avail = t.len - i, used;
		if (!candidate(t.buf, t.len, i)) {
			i++;
			continue;
		}
		if (pd.on && i >= pd.end)
			flush(&t, &pd);
		v = json_loadb(t.buf + i, avail < VALUE_MAX ? avail : VALUE_MAX,
		               JSON_DISABLE_EOF_CHECK | JFLAGS, &err);
		used = err.position > 0 ? (size_t)err.position : 1;
		if (v) {
			read_top(&t, i, v, used);
			json_decref(v);
			i += used;
			continue;
		}
		if (!pd.on) {
			/* to the end of the line it failed on: the keys of a call cut short
			   there may follow, but not those of the next call */
			size_t end = i + used, lim = end + NEAR_WINDOW < t.len ? end + NEAR_WINDOW
			                                                     : t.len;
			while (end < lim && t.buf[end] != '\n')
				end++;
			if (has_marker(t.buf + i, end - i)) {
				pd.on = 1;
				pd.end = i + used;
				pd.calls = t.calls;
				pd.line = line_of(&t, i);
				safe(err.text, strlen(err.text), pd.why);
			}
			spent += end - i;
		}
		spent += used;
		if (spent > budget) {
			sm_note(r, line_of(&t, i),
			        "too much text that is almost JSON; the rest of the reply was not "
			        "read for tool calls");
			break;
		}
		i++;
	}
	flush(&t, &pd);
	sm_free(t.buf);
	sm_free(t.starts);
	return t.rc;
}

int sm_toolcall_may_end(const char *p, size_t n)
{
	/* a call is read once its object closes */
	return memchr(p, '}', n) != NULL || memchr(p, ']', n) != NULL;
}
