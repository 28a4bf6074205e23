/*
 * The schemas of edit tools: which fields each agent's tool has and what they mean, one row per
 * tool (see tool.h). A call is known by its tool name when the envelope gives one, else by its
 * fields. Each agent's conventions are kept as that agent means them:
 *
 *   Anthropic / OpenHands / SWE-agent   {command: str_replace|insert|create, path, old_str,
 *                                        new_str, file_text, insert_line}: insert AFTER
 *                                        insert_line, 0 = top
 *   Claude Code, Gemini CLI, Roo edit   {file_path, old_string, new_string, replace_all |
 *                                        allow_multiple | expected_replacements}; MultiEdit
 *                                        {file_path, edits: [...]} in order
 *   Cline SDK editor                    {path, old_text, new_text, insert_line}: insert BEFORE
 *                                        insert_line (1-based; count + 1 appends)
 *   Zed edit_file                       {path, edits: [{old_text, new_text}]} in order, each on
 *                                        the file the previous left ("edits" may be a string)
 *   Copilot                             replace_string_in_file {filePath, oldString,
 *                                        newString}; multi_replace_string_in_file
 *                                        {replacements: [{filePath, oldString, newString}]}, all
 *                                        against the original file, overlaps refused;
 *                                        insert_edit_into_file / create_file
 *   Cline / Roo native                  replace_in_file / apply_diff {path, diff}: SEARCH/REPLACE
 *                                        blocks; Kilo apply_diff {path, diffs: [{startLine,
 *                                        originalContent, replacement}]}
 *   OpenAI apply_patch                  {input | patch}: a V4A patch; Responses apply_patch_call
 *                                        {operation: {type, path, diff}}
 *   Write tools                         write_to_file / write_file / create_file / Write
 *                                        {path | file_path | filePath, content}
 */
#include "tool.h"
#include "../../util/alloc.h"

#include <stdio.h>
#include <string.h>

size_t sm_tool_path_clean(const char *p, size_t n, char *out)
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

const char *sm_tool_safe(const char *p, size_t n, char out[SM_TOOL_SAFE_MAX + 4])
{
	size_t i, k = n > SM_TOOL_SAFE_MAX ? SM_TOOL_SAFE_MAX : n;

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

static int has(json_t *o, const char *key)
{
	return json_object_get(o, key) != NULL;
}

/* ---- one call ---- */

typedef struct call {
	const char *what; /* for notes: "str_replace", "old_string edit", ... */
	char path[SM_PATH_MAX + 1];
	size_t plen;
	char shown[SM_TOOL_SAFE_MAX + 4];
} call;

/* The keys that name a call's file, by agent. */
static const char *const path_keys[] = {"path", "file_path", "filePath", "absolutePath",
                                        "filepath", NULL};

/* Reads the call's path into c; notes and returns 0 when there is none usable. */
static int call_path(sm_toolctx *t, json_t *o, call *c)
{
	size_t n = 0, i;
	const char *p = NULL;

	for (i = 0; !p && path_keys[i]; i++)
		p = str_of(o, path_keys[i], &n);
	if (!p) {
		sm_note(t->r, t->line, "%s call without \"path\", skipped", c->what);
		return 0;
	}
	c->plen = sm_tool_path_clean(p, n, c->path);
	if (!c->plen) {
		sm_note(t->r, t->line, "%s call with an unusable path \"%s\", skipped", c->what,
		        sm_tool_safe(p, n, c->shown));
		return 0;
	}
	sm_tool_safe(c->path, c->plen, c->shown);
	return 1;
}

/* The string field `key` of the call, refused (noted, NULL) when missing or holding a NUL. */
static const char *call_text(sm_toolctx *t, json_t *o, const call *c, const char *key, size_t *n)
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
static int add_text(sm_toolctx *t, sm_edit *e, char kind, const char *s, size_t n)
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

static int new_edit(sm_toolctx *t, const call *c, seam_op_t op, sm_edit **e)
{
	sm_fileop *f = sm_reply_file(t->r, c->path, c->plen, op, t->line);

	if (!f)
		return SEAM_ENOMEM;
	return sm_reply_new_edit(t->r, f, t->line, e);
}

/* A count field: a number, or a string of digits (models quote numbers); -1 when neither. */
static long count_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
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

/* The keys of one replace schema. */
typedef struct rkeys {
	const char *old, *nw;
	int opt_new; /* the new text may be left out (deletes the old text) */
} rkeys;

/*
 * old -> new. With path_from the path is the enclosing call's (MultiEdit, Zed's edits, ...).
 * Counts: replace_all / replaceAll / allow_multiple ask for every place; expected_replacements
 * (Gemini) above 1 asks for every place and that many of them.
 */
static int replace(sm_toolctx *t, json_t *o, const call *from, call *c, const rkeys *k,
                   unsigned flags, long hint)
{
	const char *old, *nw = "";
	size_t on = 0, nn = 0;
	long want = count_of(o, "expected_replacements");
	sm_edit *e;
	int rc;

	if (from) {
		c->plen = from->plen;
		memcpy(c->path, from->path, c->plen + 1);
		memcpy(c->shown, from->shown, sizeof(c->shown));
	} else if (!call_path(t, o, c)) {
		return 0;
	}
	old = call_text(t, o, c, k->old, &on);
	if (!old)
		return 0;
	if (!k->opt_new || has(o, k->nw)) {
		nw = call_text(t, o, c, k->nw, &nn);
		if (!nw)
			return 0;
	}
	if (has(o, "expected_replacements") && want < 1) {
		sm_note(t->r, t->line, "%s call for %s: \"expected_replacements\" is not a count of 1 "
		        "or more, skipped", c->what, c->shown);
		return 0;
	}
	rc = new_edit(t, c, SEAM_OP_UPDATE, &e);
	if (rc)
		return rc;
	e->flags |= SM_EDIT_BLOCK | flags;
	e->hint_start = hint;
	if (json_is_true(json_object_get(o, "replace_all")) ||
	    json_is_true(json_object_get(o, "replaceAll")) ||
	    json_is_true(json_object_get(o, "allow_multiple")))
		e->flags |= SM_EDIT_REPLACE_ALL;
	if (want > 1) {
		e->flags |= SM_EDIT_REPLACE_ALL | SM_EDIT_COUNTED;
		e->hint_len = want;
	}
	rc = add_text(t, e, SM_HL_DEL, old, on);
	return rc ? rc : add_text(t, e, SM_HL_ADD, nw, nn);
}

/*
 * An insertion at a line number. `before`: the text goes before line k (Cline's editor,
 * 1-based, count + 1 appends), else after it (Anthropic / OpenHands, 0 = top).
 */
static int insert(sm_toolctx *t, json_t *o, call *c, const char *key, int before)
{
	const char *s;
	size_t n = 0;
	long k;
	sm_edit *e;
	int rc;

	if (!call_path(t, o, c))
		return 0;
	k = count_of(o, "insert_line");
	if (k < 0 || (before && k < 1)) {
		sm_note(t->r, t->line,
		        "insert call for %s without a line number \"insert_line\" (%s), skipped",
		        c->shown, before ? "1 or more" : "0 or more");
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
	e->hint_start = before ? k - 1 : k;
	return add_text(t, e, SM_HL_ADD, s, n);
}

/* The whole new content (op SEAM_OP_WHOLE: create or overwrite; SEAM_OP_CREATE: the tool
 * refuses an existing file). */
static int whole(sm_toolctx *t, json_t *o, call *c, const char *key, seam_op_t op)
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
	rc = new_edit(t, c, op, &e);
	return rc ? rc : add_text(t, e, SM_HL_ADD, s, n);
}

/* A list of edits of one file: Claude Code's MultiEdit, Zed's edits (in order, each on the
 * file the previous left), Kilo's diffs. "edits" sent as a JSON-encoded string is read too
 * (Zed accepts it). */
static int list(sm_toolctx *t, json_t *o, call *c, const char *key, const rkeys *k,
                const char *hint_key)
{
	json_t *v, *edits = json_object_get(o, key), *decoded = NULL;
	size_t i;
	int rc = 0;

	if (!call_path(t, o, c))
		return 0;
	if (json_is_string(edits)) {
		decoded = json_loadb(json_string_value(edits), json_string_length(edits),
		                     JSON_REJECT_DUPLICATES, NULL);
		edits = decoded;
	}
	if (!json_is_array(edits)) {
		sm_note(t->r, t->line, "%s call for %s: \"%s\" is not a list of edits, skipped",
		        c->what, c->shown, key);
		json_decref(decoded);
		return 0;
	}
	json_array_foreach(edits, i, v) {
		call one;
		if (!json_is_object(v)) {
			sm_note(t->r, t->line, "edit %zu of the %s call for %s is not an object, "
			        "skipped", i + 1, c->what, c->shown);
			continue;
		}
		one.what = c->what;
		rc = replace(t, v, c, &one, k, 0, hint_key ? count_of(v, hint_key) : 0);
		if (rc)
			break;
	}
	json_decref(decoded);
	return rc;
}

/* Copilot's multi-replace: replacements of any files, each matched against the file as it was
 * before the call; two that claim the same lines are refused as overlapping. */
static int multi_replace(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"oldString", "newString", 0};
	json_t *v;
	size_t i;
	int rc = 0;

	json_array_foreach(json_object_get(o, "replacements"), i, v) {
		call one;
		one.what = c->what;
		if (!json_is_object(v)) {
			sm_note(t->r, t->line, "replacement %zu of a %s call is not an object, skipped",
			        i + 1, c->what);
			continue;
		}
		if ((rc = replace(t, v, NULL, &one, &k, SM_EDIT_ORIGINAL, 0)))
			break;
	}
	return rc;
}

/* A text the call holds in another format of seam (SEARCH/REPLACE blocks, a V4A patch): read
 * by that format's reader, with the call's path when `c` is given. The text is decoded, so it
 * is kept on the reply; its lines are numbered from the call's line. */
static int embedded(sm_toolctx *t, const char *s, size_t n, const call *c, unsigned conv,
                    int patch)
{
	const char *kept = sm_reply_keep(t->r, s, n);
	sm_lines ls = {0};
	size_t i;
	int rc;

	if (!kept || sm_lines_split(&ls, kept, n)) {
		sm_lines_free(&ls);
		return SEAM_ENOMEM;
	}
	for (i = 0; i < ls.n; i++)
		ls.v[i].no += t->line - 1;
	rc = patch ? sm_patch_parse(t->r, &ls)
	           : sm_editblock_read(t->r, &ls, c->path, c->plen, t->line, conv);
	sm_lines_free(&ls);
	return rc;
}

/* {path, diff}: SEARCH/REPLACE blocks (Cline's replace_in_file, Roo's apply_diff), or Kilo's
 * {path, diffs: [{startLine, originalContent, replacement}]}. */
static int blocks(sm_toolctx *t, json_t *o, call *c, unsigned conv)
{
	static const rkeys kilo = {"originalContent", "replacement", 0};
	const char *s;
	size_t n = 0;

	if (has(o, "diffs"))
		return list(t, o, c, "diffs", &kilo, "startLine");
	if (!call_path(t, o, c) || !(s = call_text(t, o, c, "diff", &n)))
		return 0;
	return embedded(t, s, n, c, conv, 0);
}

/* Builds "*** Begin Patch\n*** <head>: <path>\n<body>\n*** End Patch\n" and reads it as a
 * patch: the Responses API's apply_patch_call sends the path and the hunks apart. */
static int patch_op(sm_toolctx *t, json_t *o, call *c)
{
	json_t *op = json_object_get(o, "operation");
	const char *type = json_string_value(json_object_get(op, "type")), *head, *body = "";
	size_t n = 0, len;
	char *text;
	int rc;

	c->what = "apply_patch_call";
	if (!type || !call_path(t, op, c))
		return 0;
	if (!strcmp(type, "create_file"))
		head = "Add File";
	else if (!strcmp(type, "update_file"))
		head = "Update File";
	else if (!strcmp(type, "delete_file"))
		head = "Delete File";
	else {
		sm_note(t->r, t->line, "apply_patch_call for %s: unknown operation type, skipped",
		        c->shown);
		return 0;
	}
	if (strcmp(type, "delete_file") && !(body = call_text(t, op, c, "diff", &n)))
		return 0;
	if (!n && strcmp(type, "delete_file")) {
		sm_note(t->r, t->line, "apply_patch_call for %s with an empty diff, skipped",
		        c->shown);
		return 0;
	}
	len = 16 + 5 + strlen(head) + 2 + c->plen + 1 + n + 1 + 14;
	if (!(text = sm_malloc(len + 1)))
		return SEAM_ENOMEM;
	len = (size_t)snprintf(text, len + 1, "*** Begin Patch\n*** %s: %s\n", head, c->path);
	memcpy(text + len, body, n);
	len += n;
	if (n && body[n - 1] != '\n')
		text[len++] = '\n';
	memcpy(text + len, "*** End Patch\n", 14);
	len += 14;
	t->line--; /* the made-up first line is the call's */
	rc = embedded(t, text, len, NULL, 0, 1);
	t->line++;
	sm_free(text);
	return rc;
}

/* Copilot writes "...existing code..." in insert_edit_into_file's code for the lines it keeps:
 * a lazy snippet, which only a merge of snippets can place. */
static int has_existing_marker(const char *s, size_t n)
{
	size_t i;

	for (i = 3; i + 13 <= n; i++)
		if (!memcmp(s + i, "existing code", 13) && !memcmp(s + i - 3, "...", 3))
			return 1;
	return 0;
}

/* ---- the schemas ---- */

static int cmd_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"old_str", "new_str", 1};
	size_t n = 0;
	const char *cmd = str_of(o, "command", &n);

	c->what = cmd;
	if (n == 11 && !memcmp(cmd, "str_replace", 11))
		return replace(t, o, NULL, c, &k, 0, 0);
	if (n == 6 && !memcmp(cmd, "insert", 6))
		return insert(t, o, c, has(o, "insert_text") ? "insert_text" : "new_str", 0);
	if (n == 6 && !memcmp(cmd, "create", 6))
		return whole(t, o, c, "file_text", SEAM_OP_WHOLE);
	sm_note(t->r, t->line, "\"command\": \"%s\" is not an edit, skipped",
	        sm_tool_safe(cmd, n, c->shown));
	return 0;
}

static int old_str_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"old_str", "new_str", 1};
	if (!has(o, "old_str") && has(o, "file_text"))
		return whole(t, o, c, "file_text", SEAM_OP_WHOLE);
	return replace(t, o, NULL, c, &k, 0, 0);
}

static int old_string_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"old_string", "new_string", 0};
	return replace(t, o, NULL, c, &k, 0, 0);
}

/* A list of edits: Claude Code's MultiEdit ({old_string, new_string} each) or Zed's edit_file
 * ({old_text, new_text} each), told apart by the fields of the first edit. */
static int edits_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys claude = {"old_string", "new_string", 0},
	                   zed = {"old_text", "new_text", 0};
	json_t *edits = json_object_get(o, "edits"), *first;
	int is_zed;

	if (json_is_string(edits)) {
		/* decoded here to see its first edit; list() decodes it again */
		json_t *d = json_loadb(json_string_value(edits), json_string_length(edits),
		                       JSON_REJECT_DUPLICATES, NULL);
		first = json_array_get(d, 0);
		is_zed = json_is_object(first) && has(first, "old_text");
		json_decref(d);
	} else {
		first = json_array_get(edits, 0);
		is_zed = json_is_object(first) && has(first, "old_text");
	}
	if (is_zed)
		c->what = "edit_file";
	return list(t, o, c, "edits", is_zed ? &zed : &claude, NULL);
}

static int cline_editor_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"old_text", "new_text", 0};
	if (has(o, "insert_line"))
		return insert(t, o, c, "new_text", 1);
	if (has(o, "old_text"))
		return replace(t, o, NULL, c, &k, 0, 0);
	/* no old text: Cline creates the file with new_text (an existing one is refused) */
	return whole(t, o, c, "new_text", SEAM_OP_CREATE);
}

static int copilot_replace_call(sm_toolctx *t, json_t *o, call *c)
{
	static const rkeys k = {"oldString", "newString", 0};
	return replace(t, o, NULL, c, &k, 0, 0);
}

static int copilot_multi_call(sm_toolctx *t, json_t *o, call *c)
{
	return multi_replace(t, o, c);
}

static int copilot_insert_call(sm_toolctx *t, json_t *o, call *c)
{
	size_t n = 0;
	const char *s = str_of(o, "code", &n);

	if (s && has_existing_marker(s, n)) {
		if (call_path(t, o, c))
			sm_note(t->r, t->line, "insert_edit_into_file call for %s holds "
			        "\"...existing code...\" lines (a lazy snippet): skipped", c->shown);
		return 0;
	}
	/* without a marker, Copilot writes the code verbatim only into an empty or new file */
	return whole(t, o, c, "code", SEAM_OP_CREATE);
}

static int write_call(sm_toolctx *t, json_t *o, call *c)
{
	return whole(t, o, c, has(o, "content") ? "content" : "contents", SEAM_OP_WHOLE);
}

static int cline_blocks_call(sm_toolctx *t, json_t *o, call *c)
{
	return blocks(t, o, c, 0);
}

static int roo_blocks_call(sm_toolctx *t, json_t *o, call *c)
{
	return blocks(t, o, c, SM_EB_ROO);
}

static int patch_text_call(sm_toolctx *t, json_t *o, call *c)
{
	size_t n = 0;
	const char *s = str_of(o, "input", &n);

	if (!s)
		s = str_of(o, "patch", &n);
	(void)c;
	return s ? embedded(t, s, n, NULL, 0, 1) : 0;
}

static int patch_op_call(sm_toolctx *t, json_t *o, call *c)
{
	return patch_op(t, o, c);
}

static int has_path(json_t *o)
{
	size_t i;
	for (i = 0; path_keys[i]; i++)
		if (json_is_string(json_object_get(o, path_keys[i])))
			return 1;
	return 0;
}

static int is_patch_op(json_t *o)
{
	json_t *op = json_object_get(o, "operation");
	return json_is_object(op) && json_is_string(json_object_get(op, "type")) &&
	       has_path(op);
}

/*
 * One row per tool. `names`: the tool names that select the row ('|'-separated; NULL: none);
 * `keys`: fields that select it without a name, all present ('|'-separated; NULL: the row
 * needs its name); `needs`: a field it needs even with its name (NULL: none). Rows are tried
 * in order, names first, so the specific schemas come before the general ones.
 */
static const struct schema {
	const char *names, *keys, *needs;
	int (*read)(sm_toolctx *, json_t *, call *);
	const char *what;
} schemas[] = {
    {"str_replace_editor|str_replace_based_edit_tool|file_editor|text_editor", "command", "command",
     cmd_call, "str_replace_editor"},
    {"apply_patch_call", "operation", "operation", patch_op_call, "apply_patch_call"},
    {"replace_in_file", NULL, "diff", cline_blocks_call, "replace_in_file"},
    {"apply_diff", NULL, NULL, roo_blocks_call, "apply_diff"},
    {"editor", "new_text|insert_line", NULL, cline_editor_call, "editor"},
    {NULL, "path|old_text", NULL, cline_editor_call, "editor"},
    {"multi_replace_string_in_file", "replacements", "replacements", copilot_multi_call,
     "multi_replace_string_in_file"},
    {"replace_string_in_file", "oldString", NULL, copilot_replace_call,
     "replace_string_in_file"},
    {"insert_edit_into_file", NULL, "code", copilot_insert_call, "insert_edit_into_file"},
    {"apply_patch", "input", "input", patch_text_call, "apply_patch"},
    {"apply_patch", "patch", "patch", patch_text_call, "apply_patch"},
    {"MultiEdit|multi_edit|edit_file", "edits", "edits", edits_call, "MultiEdit"},
    {"replace|edit|search_replace|search_and_replace|Edit|single_find_and_replace",
     "old_string", "old_string", old_string_call, "old_string/new_string"},
    {NULL, "new_string", NULL, old_string_call, "old_string/new_string"},
    {NULL, "old_str", NULL, old_str_call, "str_replace"},
    {NULL, "new_str", NULL, old_str_call, "str_replace"},
    {NULL, "file_text", NULL, old_str_call, "create"},
    {NULL, "command", NULL, cmd_call, "edit"},
    {"write_to_file|write_file|create_file|Write|write|create_new_file", NULL, NULL, write_call,
     "write"},
    {NULL, "file_path|content", NULL, write_call, "Write"},
};

#define NSCHEMAS (sizeof(schemas) / sizeof(schemas[0]))

/* 1 when the '|'-separated list holds the word w[0..n). */
static int in_list(const char *list, const char *w, size_t n)
{
	while (list && *list) {
		const char *bar = strchr(list, '|');
		size_t k = bar ? (size_t)(bar - list) : strlen(list);
		if (k == n && !memcmp(list, w, n))
			return 1;
		list = bar ? bar + 1 : NULL;
	}
	return 0;
}

/* 1 when every key of the '|'-separated list is in o. */
static int has_all(json_t *o, const char *keys)
{
	char k[32];

	while (keys && *keys) {
		const char *bar = strchr(keys, '|');
		size_t n = bar ? (size_t)(bar - keys) : strlen(keys);
		if (n >= sizeof(k))
			return 0;
		memcpy(k, keys, n);
		k[n] = '\0';
		if (!has(o, k))
			return 0;
		keys = bar ? bar + 1 : NULL;
	}
	return 1;
}

/* The fields that only some tools have say which it is when no name does: "command" needs a
 * path beside it (a shell tool has a command too). */
static int by_keys(const struct schema *s, json_t *o)
{
	if (!s->keys || !has_all(o, s->keys))
		return 0;
	if (!strcmp(s->keys, "command"))
		return json_is_string(json_object_get(o, "command")) && has_path(o);
	if (!strcmp(s->keys, "operation"))
		return is_patch_op(o);
	if (!strcmp(s->keys, "edits")) /* a list of edits of a named file */
		return has_path(o) && (json_is_array(json_object_get(o, "edits")) ||
		                       json_is_string(json_object_get(o, "edits")));
	if (!strcmp(s->keys, "input") || !strcmp(s->keys, "patch"))
		return 0; /* "input" wraps arguments: a patch string needs the tool's name */
	return 1;
}

static const struct schema *schema_for(json_t *o, const char *name)
{
	size_t i;

	if (!json_is_object(o))
		return NULL;
	if (name)
		for (i = 0; i < NSCHEMAS; i++)
			if (in_list(schemas[i].names, name, strlen(name)) &&
			    (!schemas[i].needs || has_all(o, schemas[i].needs)))
				return &schemas[i];
	for (i = 0; i < NSCHEMAS; i++)
		if (by_keys(&schemas[i], o))
			return &schemas[i];
	return NULL;
}

int sm_tool_known(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < NSCHEMAS; i++)
		if (in_list(schemas[i].names, name, n))
			return 1;
	return 0;
}

int sm_tool_is_call(json_t *o, const char *name)
{
	return schema_for(o, name) != NULL;
}

int sm_tool_call(sm_toolctx *t, json_t *o, const char *name)
{
	const struct schema *s = schema_for(o, name);
	call c;

	if (!s)
		return 0;
	memset(&c, 0, sizeof(c));
	c.what = s->what;
	t->calls++;
	return s->read(t, o, &c);
}
