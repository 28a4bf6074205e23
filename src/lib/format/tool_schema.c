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

#include <string.h>

/* ---- the schemas ---- */

static int cmd_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"old_str", "new_str", 1};
	size_t n = 0;
	const char *cmd = sm_tool_str(o, "command", &n);

	c->what = cmd;
	if (n == 11 && !memcmp(cmd, "str_replace", 11))
		return sm_tool_replace(t, o, NULL, c, &k, 0, 0);
	if (n == 6 && !memcmp(cmd, "insert", 6))
		return sm_tool_insert(t, o, c, sm_tool_has(o, "insert_text") ? "insert_text" : "new_str", 0);
	if (n == 6 && !memcmp(cmd, "create", 6))
		return sm_tool_whole(t, o, c, "file_text", SEAM_OP_WHOLE);
	sm_note(t->r, t->line, "\"command\": \"%s\" is not an edit, skipped",
	        sm_tool_safe(cmd, n, c->shown));
	return 0;
}

static int old_str_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"old_str", "new_str", 1};
	if (!sm_tool_has(o, "old_str") && sm_tool_has(o, "file_text"))
		return sm_tool_whole(t, o, c, "file_text", SEAM_OP_WHOLE);
	return sm_tool_replace(t, o, NULL, c, &k, 0, 0);
}

static int old_string_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"old_string", "new_string", 0};
	return sm_tool_replace(t, o, NULL, c, &k, 0, 0);
}

/* A list of edits: Claude Code's MultiEdit ({old_string, new_string} each) or Zed's edit_file
 * ({old_text, new_text} each), told apart by the fields of the first edit. */
static int edits_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys claude = {"old_string", "new_string", 0},
	                   zed = {"old_text", "new_text", 0};
	json_t *edits = json_object_get(o, "edits"), *first;
	int is_zed;

	if (json_is_string(edits)) {
		/* decoded here to see its first edit; sm_tool_list() decodes it again */
		json_t *d = json_loadb(json_string_value(edits), json_string_length(edits),
		                       JSON_REJECT_DUPLICATES, NULL);
		first = json_array_get(d, 0);
		is_zed = json_is_object(first) && sm_tool_has(first, "old_text");
		json_decref(d);
	} else {
		first = json_array_get(edits, 0);
		is_zed = json_is_object(first) && sm_tool_has(first, "old_text");
	}
	if (is_zed)
		c->what = "edit_file";
	return sm_tool_list(t, o, c, "edits", is_zed ? &zed : &claude, NULL);
}

static int cline_editor_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"old_text", "new_text", 0};
	if (sm_tool_has(o, "insert_line"))
		return sm_tool_insert(t, o, c, "new_text", 1);
	if (sm_tool_has(o, "old_text"))
		return sm_tool_replace(t, o, NULL, c, &k, 0, 0);
	/* no old text: Cline creates the file with new_text (an existing one is refused) */
	return sm_tool_whole(t, o, c, "new_text", SEAM_OP_CREATE);
}

static int copilot_replace_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	static const sm_rkeys k = {"oldString", "newString", 0};
	return sm_tool_replace(t, o, NULL, c, &k, 0, 0);
}

static int copilot_multi_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	return sm_tool_multi_replace(t, o, c);
}

static int copilot_insert_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	size_t n = 0;
	const char *s = sm_tool_str(o, "code", &n);

	if (s && sm_tool_has_marker_line(s, n)) {
		if (sm_tool_call_path(t, o, c))
			sm_note(t->r, t->line, "insert_edit_into_file call for %s holds "
			        "\"...existing code...\" lines (a lazy snippet): skipped", c->shown);
		return 0;
	}
	/* without a marker, Copilot writes the code verbatim only into an empty or new file */
	return sm_tool_whole(t, o, c, "code", SEAM_OP_CREATE);
}

static int write_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	return sm_tool_whole(t, o, c, sm_tool_has(o, "content") ? "content" : "contents", SEAM_OP_WHOLE);
}

static int cline_blocks_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	return sm_tool_blocks(t, o, c, SM_EB_CLINE);
}

static int roo_blocks_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	return sm_tool_blocks(t, o, c, SM_EB_ROO);
}

static int patch_text_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	size_t n = 0;
	const char *s = sm_tool_str(o, "input", &n);

	if (!s)
		s = sm_tool_str(o, "patch", &n);
	(void)c;
	return s ? sm_tool_embedded(t, s, n, NULL, 0, 1) : 0;
}

static int patch_op_call(sm_toolctx *t, json_t *o, sm_tcall *c)
{
	return sm_tool_patch_op(t, o, c);
}

/*
 * One row per tool. `names`: the tool names that select the row ('|'-separated; NULL: none);
 * `keys`: fields that select it without a name, all present ('|'-separated; NULL: the row
 * needs its name); `needs`: a field it needs even with its name (NULL: none). Rows are tried
 * in order, names first, so the specific schemas come before the general ones.
 */
static const struct schema {
	const char *names, *keys, *needs;
	int (*read)(sm_toolctx *, json_t *, sm_tcall *);
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
		if (!sm_tool_has(o, k))
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
		return json_is_string(json_object_get(o, "command")) && sm_tool_has_path(o);
	if (!strcmp(s->keys, "operation"))
		return sm_tool_is_patch_op(o);
	if (!strcmp(s->keys, "edits")) /* a list of edits of a named file */
		return sm_tool_has_path(o) && (json_is_array(json_object_get(o, "edits")) ||
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
	sm_tcall c;

	if (!s)
		return 0;
	memset(&c, 0, sizeof(c));
	c.what = s->what;
	t->calls++;
	return s->read(t, o, &c);
}
