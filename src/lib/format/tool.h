#ifndef SEAM_LIB_FORMAT_TOOL_H
#define SEAM_LIB_FORMAT_TOOL_H

/*
 * Tool calls, split in two small tables:
 *
 * - envelopes (how an API or a text protocol carries a call: OpenAI's and Anthropic's JSON,
 *   "arguments" as an encoded string, OpenHands' <function=...><parameter=...> text): each
 *   reader turns what it finds into a tool name (when the envelope gives one) and a JSON
 *   object of arguments, and hands both to sm_tool_call;
 * - schemas (tool_call.c: which fields a tool has and what they mean, per agent): one row per
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
} sm_toolctx;

/* 1 when o holds the arguments of an edit call some schema reads; name is the tool's name
 * when the envelope gave one, else NULL (the fields alone must then say it). */
int sm_tool_is_call(json_t *o, const char *name);
/* Reads the call into the reply (notes what it skips). 0, SEAM_ENOMEM or SEAM_ELIMIT. */
int sm_tool_call(sm_toolctx *t, json_t *o, const char *name);
/* 1 when name is a tool this table knows (an edit tool, read or refused by name). */
int sm_tool_known(const char *name, size_t n);

/*
 * Cleans a path a call names. The call says plainly which string is the path, so none of the
 * guessing of names in prose applies: separators are made '/', "./" and doubled slashes go.
 * Absolute and ".." paths are kept for the tree to refuse with its own message (or for
 * --strip-prefix to map). 0 when the path is empty, too long, a directory, or holds a control
 * byte (NUL included). out holds SM_PATH_MAX + 1 bytes.
 */
size_t sm_tool_path_clean(const char *p, size_t n, char *out);
/* A copy of reply or decoded text fit for a note: control bytes become '?', cut short at a
 * UTF-8 boundary. */
const char *sm_tool_safe(const char *p, size_t n, char out[SM_TOOL_SAFE_MAX + 4]);

#endif
