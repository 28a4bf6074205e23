/*
 * The building blocks of the tool schemas (tool_schema.c): a call's path and text fields, and
 * the edits they make (a replacement, an insertion at a line, a whole file, a list of
 * replacements, SEARCH/REPLACE blocks or a patch held in a field), each read into the one edit
 * representation with the convention its caller names.
 */
#include "tool.h"
#include "../../util/alloc.h"

#include <stdio.h>
#include <string.h>

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

const char *sm_tool_str(json_t *o, const char *key, size_t *n)
{
	json_t *v = json_object_get(o, key);

	*n = json_string_length(v);
	return json_string_value(v);
}

int sm_tool_has(json_t *o, const char *key)
{
	return json_object_get(o, key) != NULL;
}

/* ---- one call ---- */

/* The keys that name a call's file, by agent. */
static const char *const path_keys[] = {"path", "file_path", "filePath", "absolutePath",
                                        "filepath", NULL};

/* Reads the call's path into c; notes and returns 0 when there is none usable. */
int sm_tool_call_path(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	size_t n = 0, i;
	const char *p = NULL;

	for (i = 0; !p && path_keys[i]; i++)
		p = sm_tool_str(o, path_keys[i], &n);
	if (!p) {
		sm_note(t->r, t->line, "%s call without \"path\", skipped", c->what);
		return 0;
	}
	c->plen = sm_path_lexical(p, n, SM_PATH_MAX, c->path);
	if (!c->plen) {
		sm_note(t->r, t->line, "%s call with an unusable path \"%s\", skipped", c->what,
		        sm_tool_safe(p, n, c->shown));
		return 0;
	}
	sm_tool_safe(c->path, c->plen, c->shown);
	return 1;
}

/* The string field `key` of the call, refused (noted, NULL) when missing or holding a NUL. */
const char *sm_tool_text(sm_toolctx *t, json_t *o, const sm_tcall *c, const char *key, size_t *n)
{
	const char *s = sm_tool_str(o, key, n);

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
	const char *kept;

	if (!n)
		return 0;
	if (!(kept = sm_reply_keep(t->r, s, n)))
		return SEAM_ENOMEM;
	return sm_edit_add_text(e, kind, kept, n, 0);
}

static int new_edit(sm_toolctx *t, const sm_tcall *c, seam_op_t op, sm_edit **e)
{
	sm_fileop *f = sm_reply_file(t->r, c->path, c->plen, op, t->line);

	if (!f)
		return SEAM_ENOMEM;
	return sm_reply_new_edit(t->r, f, t->line, e);
}

/* A count field: a number, or a string of digits (models quote numbers); -1 when neither. */
long sm_tool_count(json_t *o, const char *key)
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

/*
 * old -> new. With path_from the path is the enclosing call's (MultiEdit, Zed's edits, ...).
 * Counts: replace_all / replaceAll / allow_multiple ask for every place; expected_replacements
 * (Gemini) above 1 asks for every place and that many of them.
 */
int sm_tool_replace(sm_toolctx *t, json_t *o, const sm_tcall *from, sm_tcall *c, const sm_rkeys *k,
                   unsigned flags, long hint)
{
	const char *old, *nw = "";
	size_t on = 0, nn = 0;
	long want = sm_tool_count(o, "expected_replacements");
	sm_edit *e;
	int rc;

	if (from) {
		c->plen = from->plen;
		memcpy(c->path, from->path, c->plen + 1);
		memcpy(c->shown, from->shown, sizeof(c->shown));
	} else if (!sm_tool_call_path(t, o, c)) {
		return 0;
	}
	old = sm_tool_text(t, o, c, k->old, &on);
	if (!old)
		return 0;
	if (!k->opt_new || sm_tool_has(o, k->nw)) {
		nw = sm_tool_text(t, o, c, k->nw, &nn);
		if (!nw)
			return 0;
	}
	if (sm_tool_has(o, "expected_replacements") && want < 1) {
		sm_note(t->r, t->line, "%s call for %s: \"expected_replacements\" is not a count of 1 "
		        "or more, skipped", c->what, c->shown);
		return 0;
	}
	rc = new_edit(t, c, SEAM_OP_UPDATE, &e);
	if (rc)
		return rc;
	/* a tool call names its old text: the new text being somewhere never stands in for it */
	e->kind = SM_KIND_BLOCK;
	e->flags |= SM_EDIT_OLD_ONLY | flags;
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
	if (!rc)
		rc = add_text(t, e, SM_HL_ADD, nw, nn);
	if (rc || t->lines_only || !on || !nn || (old[on - 1] == '\n') == (nw[nn - 1] == '\n'))
		return rc;
	/* The sides end differently: the tool replaces text, and a line end one side has and the
	   other lacks is a line end the edit takes away or writes (SM_EDIT_JOINS_NEXT). Written,
	   it ends the new text's last line, and the old text's own line end (still in the file
	   after it) then ends one more, blank line. */
	if (old[on - 1] == '\n')
		e->flags |= SM_EDIT_JOINS_NEXT;
	else
		rc = sm_edit_add_line(e, SM_HL_ADD, "", 0);
	return rc;
}

/*
 * An insertion at a line number. `before`: the text goes before line k (Cline's editor,
 * 1-based, count + 1 appends), else after it (Anthropic / OpenHands, 0 = top).
 */
int sm_tool_insert(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, int before)
{
	const char *s;
	size_t n = 0;
	long k;
	sm_edit *e;
	int rc;

	if (!sm_tool_call_path(t, o, c))
		return 0;
	k = sm_tool_count(o, "insert_line");
	if (k < 0 || (before && k < 1)) {
		sm_note(t->r, t->line,
		        "insert call for %s without a line number \"insert_line\" (%s), skipped",
		        c->shown, before ? "1 or more" : "0 or more");
		return 0;
	}
	s = sm_tool_text(t, o, c, key, &n);
	if (!s)
		return 0;
	if (!n) {
		sm_note(t->r, t->line, "insert call for %s inserts nothing, skipped", c->shown);
		return 0;
	}
	rc = new_edit(t, c, SEAM_OP_UPDATE, &e);
	if (rc)
		return rc;
	e->kind = SM_KIND_INSERT;
	e->hint_start = before ? k - 1 : k;
	return add_text(t, e, SM_HL_ADD, s, n);
}

/* The whole new content (op SEAM_OP_WHOLE: create or overwrite; SEAM_OP_CREATE: the tool
 * refuses an existing file). */
int sm_tool_whole(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, seam_op_t op)
{
	const char *s;
	size_t n = 0;
	sm_edit *e;
	int rc;

	if (!sm_tool_call_path(t, o, c))
		return 0;
	s = sm_tool_text(t, o, c, key, &n);
	if (!s)
		return 0;
	rc = new_edit(t, c, op, &e);
	return rc ? rc : add_text(t, e, SM_HL_ADD, s, n);
}

/* A list of edits of one file: Claude Code's MultiEdit, Zed's edits (in order, each on the
 * file the previous left), Kilo's diffs. "edits" sent as a JSON-encoded string is read too
 * (Zed accepts it). */
int sm_tool_list(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, const sm_rkeys *k,
                const char *hint_key)
{
	json_t *v, *edits = json_object_get(o, key), *decoded = NULL;
	size_t i;
	int rc = 0;

	if (!sm_tool_call_path(t, o, c))
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
		sm_tcall one;
		if (!json_is_object(v)) {
			sm_note(t->r, t->line, "edit %zu of the %s call for %s is not an object, "
			        "skipped", i + 1, c->what, c->shown);
			continue;
		}
		one.what = c->what;
		rc = sm_tool_replace(t, v, c, &one, k, 0, hint_key ? sm_tool_count(v, hint_key) : 0);
		if (rc)
			break;
	}
	json_decref(decoded);
	return rc;
}

/* Copilot's multi-replace: replacements of any files, each matched against the file as it was
 * before the call; two that claim the same lines are refused as overlapping. */
int sm_tool_multi_replace(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"oldString", "newString", 0};
	json_t *v;
	size_t i;
	int rc = 0;

	json_array_foreach(json_object_get(o, "replacements"), i, v) {
		sm_tcall one;
		one.what = c->what;
		if (!json_is_object(v)) {
			sm_note(t->r, t->line, "replacement %zu of a %s call is not an object, skipped",
			        i + 1, c->what);
			continue;
		}
		if ((rc = sm_tool_replace(t, v, NULL, &one, &k, SM_EDIT_ORIGINAL, 0)))
			break;
	}
	return rc;
}

/* A text the call holds in another format of seam (SEARCH/REPLACE blocks, a V4A patch): read
 * by that format's reader, with the call's path when `c` is given. The text is decoded, so it
 * is kept on the reply; its lines are numbered from the call's line. */
int sm_tool_embedded(sm_toolctx *t, const char *s, size_t n, const sm_tcall *c, unsigned conv,
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
int sm_tool_blocks(sm_toolctx *t, json_t *o, sm_tcall *c, unsigned conv)
{
	static const sm_rkeys kilo = {"originalContent", "replacement", 0};
	const char *s;
	size_t n = 0;

	if (sm_tool_has(o, "diffs"))
		return sm_tool_list(t, o, c, "diffs", &kilo, "startLine");
	if (!sm_tool_call_path(t, o, c) || !(s = sm_tool_text(t, o, c, "diff", &n)))
		return 0;
	return sm_tool_embedded(t, s, n, c, conv, 0);
}

/* Builds "*** Begin Patch\n*** <head>: <path>\n<body>\n*** End Patch\n" and reads it as a
 * patch: the Responses API's apply_patch_call sends the path and the hunks apart. */
int sm_tool_patch_op(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	json_t *op = json_object_get(o, "operation");
	const char *type = json_string_value(json_object_get(op, "type")), *head, *body = "";
	size_t n = 0, len;
	char *text;
	int rc;

	c->what = "apply_patch_call";
	if (!type || !sm_tool_call_path(t, op, c))
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
	if (strcmp(type, "delete_file") && !(body = sm_tool_text(t, op, c, "diff", &n)))
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
	rc = sm_tool_embedded(t, text, len, NULL, 0, 1);
	t->line++;
	sm_free(text);
	return rc;
}

/* Copilot writes "...existing code..." in insert_edit_into_file's code for the lines it keeps:
 * a lazy snippet, which only a merge of snippets can place. */
int sm_tool_has_marker_line(const char *s, size_t n)
{
	size_t i;

	for (i = 3; i + 13 <= n; i++)
		if (!memcmp(s + i, "existing code", 13) && !memcmp(s + i - 3, "...", 3))
			return 1;
	return 0;
}

int sm_tool_has_path(json_t *o)
{
	size_t i;
	for (i = 0; path_keys[i]; i++)
		if (json_is_string(json_object_get(o, path_keys[i])))
			return 1;
	return 0;
}

int sm_tool_is_patch_op(json_t *o)
{
	json_t *op = json_object_get(o, "operation");
	return json_is_object(op) && json_is_string(json_object_get(op, "type")) &&
	       sm_tool_has_path(op);
}

