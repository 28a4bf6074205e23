#ifndef SEAM_LIB_FORMAT_TOOL_H
#define SEAM_LIB_FORMAT_TOOL_H

/*
 * Tool calls, split in two small tables:
 *
 * - envelopes (how an API or a text protocol carries a call: OpenAI's and Anthropic's JSON,
 *   "arguments" as an encoded string, OpenHands' <function=...><parameter=...> text): each
 *   reader turns what it finds into a tool name (when the envelope gives one) and a JSON
 *   object of arguments, and hands both to sm_tool_call;
 * - schemas (tool_schema.c: which fields a tool has and what they mean, per agent): one row per
 *   tool, so that a new agent's tool is one row.
 *
 * The arguments' strings are decoded text that is not in the reply: each one an edit keeps is
 * copied onto the reply (sm_reply_keep) and the lines point into that copy.
 */

#include "format.h"

#include <jansson.h>

/* Longest text of the reply quoted in a note. */
#define SM_TOOL_SAFE_MAX 120

typedef struct sm_toolctx {
	seam_reply *r;
	long line;    /* reply line of the call being read */
	size_t calls; /* call objects recognised, read or skipped */
	int rc;       /* 0, SEAM_ENOMEM or SEAM_ELIMIT: the first error stops the reading */
	/* 1 when the values are the lines written between tags (fmt_textcall.c), not a JSON
	   string's text: a value's last line end then says nothing of the text's end */
	int lines_only;
} sm_toolctx;

/* 1 when o holds the arguments of an edit call some schema reads; name is the tool's name
 * when the envelope gave one, else NULL (the fields alone must then say it). */
int sm_tool_is_call(json_t *o, const char *name);
/* Reads the call into the reply (notes what it skips). 0, SEAM_ENOMEM or SEAM_ELIMIT. */
int sm_tool_call(sm_toolctx *t, json_t *o, const char *name);
/* 1 when name is a tool this table knows (an edit tool, read or refused by name). */
int sm_tool_known(const char *name, size_t n);

/* ---- the building blocks of the schemas (tool_read.c) ---- */

/* One call being read: what it is called in notes, and its path once read. */
typedef struct sm_tcall {
	const char *what; /* for notes: "str_replace", "old_string/new_string", ... */
	char path[SM_PATH_MAX + 1];
	size_t plen;
	char shown[SM_TOOL_SAFE_MAX + 4];
} sm_tcall;

/* The keys of one replace schema. */
typedef struct sm_rkeys {
	const char *old, *nw;
	int opt_new; /* the new text may be left out (deletes the old text) */
} sm_rkeys;

/* o's string field key (NULL when absent or not a string), its length in *n. */
const char *sm_tool_str(json_t *o, const char *key, size_t *n);
int sm_tool_has(json_t *o, const char *key);
/* 1 when o names a file in one of the path fields agents use. */
int sm_tool_has_path(json_t *o);
/* 1 when o holds a Responses API operation {type, path, diff}. */
int sm_tool_is_patch_op(json_t *o);
/* A count field: a number, or a string of digits; -1 when neither. */
long sm_tool_count(json_t *o, const char *key);
/* 1 when s holds Copilot's "...existing code..." marker. */
int sm_tool_has_marker_line(const char *s, size_t n);
/* The call's path into c (0, noted, when none is usable). */
int sm_tool_call_path(sm_toolctx *t, json_t *o, sm_tcall *c);
/* A text field of the call (NULL, noted, when missing or holding a NUL). */
const char *sm_tool_text(sm_toolctx *t, json_t *o, const sm_tcall *c, const char *key, size_t *n);

/* The edits; each returns 0 (also when it skipped the call with a note), SEAM_ENOMEM or
 * SEAM_ELIMIT. */
/* old -> new (keys k); the path is from's when given (a list's call); flags and hint go on
 * the edit. */
int sm_tool_replace(sm_toolctx *t, json_t *o, const sm_tcall *from, sm_tcall *c,
                    const sm_rkeys *k, unsigned flags, long hint);
/* Text at insert_line: before it (before = 1; 1-based) or after it (0 = the top). */
int sm_tool_insert(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, int before);
/* The whole file from field key, as op (SEAM_OP_WHOLE or SEAM_OP_CREATE). */
int sm_tool_whole(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, seam_op_t op);
/* A list (field key, or a JSON string of one) of replacements of the call's file, in order;
 * hint_key names each one's line hint (NULL: none). */
int sm_tool_list(sm_toolctx *t, json_t *o, sm_tcall *c, const char *key, const sm_rkeys *k,
                 const char *hint_key);
/* Copilot's replacements, each with its own file, all against the file before the call. */
int sm_tool_multi_replace(sm_toolctx *t, json_t *o, sm_tcall *c);
/* SEARCH/REPLACE blocks (field diff) for the call's path, or Kilo's diffs list. */
int sm_tool_blocks(sm_toolctx *t, json_t *o, sm_tcall *c, unsigned conv);
/* A patch (or, with c, SEARCH/REPLACE blocks for c's path) held in a field. */
int sm_tool_embedded(sm_toolctx *t, const char *s, size_t n, const sm_tcall *c, unsigned conv,
                     int patch);
/* The Responses API's apply_patch_call operation. */
int sm_tool_patch_op(sm_toolctx *t, json_t *o, sm_tcall *c);

/* A copy of reply or decoded text fit for a note: control bytes become '?', cut short at a
 * UTF-8 boundary. */
const char *sm_tool_safe(const char *p, size_t n, char out[SM_TOOL_SAFE_MAX + 4]);

#endif
