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
#include "tool.h"
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
#define SAFE_MAX SM_TOOL_SAFE_MAX

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
	static const char *const keys[] = {"old_str",   "new_str",     "old_string",
	                                   "new_string", "file_text",   "old_text",
	                                   "new_text",   "oldString",   "newString",
	                                   "replacements", "originalContent"};
	static const char *const cmds[] = {"str_replace", "insert", "create"};
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		const char *q = p[i] == '"' ? p + i : memchr(p + i, '"', n - i);
		if (!q)
			break;
		i = (size_t)(q - p);
		/* the Responses API's item: its fields are generic ("operation", "path") */
		if (n - i > 18 && !memcmp(p + i, "\"apply_patch_call", 17) &&
		    (p[i + 17] == '"' || p[i + 17] == '\\'))
			return 1;
		/* Codex's apply_patch call: its field ("input", "patch") is generic, its value a
		   V4A patch that a JSON string holds on one line, where the patch reader does not
		   see it */
		if (n - i > 16 && !memcmp(p + i, "\"*** Begin Patch", 16))
			return 1;
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
	sm_toolctx x;   /* the reply, the line of the call being read, the calls seen */
	const sm_lines *ls;
	char *buf;      /* the lines joined with '\n': a JSON value may span lines */
	size_t len;
	size_t *starts; /* offset of each line in buf */
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

/* ---- looking through wrappers ---- */

static void walk(tc *t, json_t *v, const char *name, int depth, int sdepth);

/*
 * The envelopes the APIs put a tool call in, one row per shape: the field that names the tool,
 * beside the field that holds its arguments (an object, or a JSON-encoded string). A new API
 * shape is one row. Name fields are asked in the order of their first row.
 */
static const struct envelope {
	const char *api;
	const char *name_key; /* NULL: the shape gives no name there */
	const char *args_key; /* NULL: the arguments are the object's other fields */
} envelopes[] = {
    {"OpenAI chat, Responses function_call: {name, arguments: \"{...}\"}", "name", "arguments"},
    {"OpenAI chat: tool_calls[].function", NULL, "function"},
    {"Anthropic tool_use: {name, input}", "name", "input"},
    {"Gemini functionCall: {name, args}", "name", "args"},
    {"other agents' logs: {tool, parameters}", "tool", "parameters"},
    {"other agents' logs: {tool_name, ...}", "tool_name", NULL},
    {"Responses apply_patch_call: {type, operation}", "type", NULL},
};

#define NENVELOPES (sizeof(envelopes) / sizeof(envelopes[0]))

/* 1 when k holds a call's arguments in some envelope. */
static int wrapper_key(const char *k)
{
	size_t i;

	for (i = 0; i < NENVELOPES; i++)
		if (envelopes[i].args_key && !strcmp(k, envelopes[i].args_key))
			return 1;
	return 0;
}

/* Arguments sent as a JSON-encoded string (OpenAI's function calling does). */
static void walk_encoded(tc *t, json_t *s, const char *name, int depth, int sdepth)
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
			t->x.calls++;
			sm_note(t->x.r, t->x.line,
			        "the \"arguments\" string of a tool call is not valid JSON (%s), "
			        "skipped",
			        sm_tool_safe(err.text, strlen(err.text), shown));
		}
		return;
	}
	walk(t, v, name, depth + 1, sdepth + 1);
	json_decref(v);
}

/* The tool's name an envelope gives beside its arguments (the envelopes above). Only a known
 * edit tool counts: a "name" field is also what many objects have. */
static const char *name_of(json_t *o, const char *outer)
{
	size_t i, j;

	for (i = 0; i < NENVELOPES; i++) {
		const char *k = envelopes[i].name_key;
		json_t *v;
		if (!k)
			continue;
		for (j = 0; j < i && !(envelopes[j].name_key && !strcmp(envelopes[j].name_key, k)); j++)
			;
		if (j < i)
			continue; /* asked already */
		v = json_object_get(o, k);
		if (json_is_string(v) && sm_tool_known(json_string_value(v), json_string_length(v)))
			return json_string_value(v);
	}
	return outer;
}

static void walk(tc *t, json_t *v, const char *name, int depth, int sdepth)
{
	const char *k;
	json_t *x;
	size_t i;

	if (t->x.rc || depth > WALK_MAX_DEPTH)
		return;
	if (json_is_array(v)) {
		json_array_foreach(v, i, x)
			walk(t, x, name, depth + 1, sdepth);
		return;
	}
	if (!json_is_object(v))
		return;
	if (sm_tool_is_call(v, name)) {
		t->x.rc = sm_tool_call(&t->x, v, name);
		return;
	}
	name = name_of(v, name);
	json_object_foreach(v, k, x) {
		if (json_is_string(x) && sdepth < STR_MAX_DEPTH && wrapper_key(k))
			walk_encoded(t, x, name, depth, sdepth);
		else
			walk(t, x, name, depth + 1, sdepth);
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

	t->x.line = line_of(t, off);
	if (!json_is_array(v)) {
		walk(t, v, NULL, 0, 0);
		return;
	}
	json_array_foreach(v, i, x) {
		pos = skip_ws(b, n, pos);
		t->x.line = line_of(t, off + pos);
		walk(t, x, NULL, 1, 0);
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
	if (pd->on && t->x.calls == pd->calls)
		sm_note(t->x.r, pd->line, "a tool call that is not valid JSON (%s), skipped", pd->why);
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
	tc t = {{r, 0, 0, 0, 0}, ls, NULL, 0, NULL};
	pending pd = {0, 0, 0, 0, ""};
	size_t i = 0, spent = 0, budget;
	json_error_t err;
	json_t *v;

	t.x.rc = ls->n ? join_lines(&t) : 0;
	budget = FAIL_BUDGET_FACTOR * t.len + FAIL_BUDGET_MIN;
	while (!t.x.rc && i < t.len) {
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
				pd.calls = t.x.calls;
				pd.line = line_of(&t, i);
				sm_tool_safe(err.text, strlen(err.text), pd.why);
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
	return t.x.rc;
}

int sm_toolcall_may_end(const char *p, size_t n)
{
	/* a call is read once its object closes */
	return memchr(p, '}', n) != NULL || memchr(p, ']', n) != NULL;
}
