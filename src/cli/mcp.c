#define _POSIX_C_SOURCE 200809L
/*
 * seam mcp: a Model Context Protocol server over stdio. Requests and responses are JSON-RPC 2.0
 * messages, one per line (MCP's stdio transport); stdout carries nothing else, logs go to
 * stderr. Every tool is a thin client of seam.h: the tree is the directory the server was
 * started in (or -C DIR), and every path is held to the library's rules, so a request can
 * neither read nor write outside it.
 *
 * The server outlives bad input: a line that is not JSON, not an object, too long, or a
 * request with wrong arguments gets a JSON-RPC error (or a tool result with isError) and the
 * next line is read as usual. It ends at the end of its input, or when stdout is closed.
 */
#include "cli.h"
#include "mcp.h"
#include "filter.h"

#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Newest first: the answer to initialize is the client's version when it is one of these,
 * else the newest. */
static const char *const versions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

/* JSON-RPC error codes (the spec's reserved ones). */
enum { PARSE_ERROR = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601,
       INVALID_PARAMS = -32602 };

/* Text collected with open_memstream. */
typedef struct membuf {
	char *p;
	size_t n;
} membuf;

/* A view of lines longer than this many is cut, with a note saying how to see the rest: a
 * model's context is the limit, not the file. */
#define VIEW_MAX_LINES 2000

int sm_mcp_init(sm_mcp *m, const sm_cli *o)
{
	memset(m, 0, sizeof(*m));
	m->o = o;
	m->dir = o->dir ? o->dir : ".";
	return 0;
}

/* A line's limit: the reply limit, doubled for JSON's escapes, plus room for the envelope. */
size_t sm_mcp_line_limit(const sm_cli *o)
{
	size_t r = o->max_reply_bytes ? o->max_reply_bytes : sm_cli_default_reply_bytes();
	return r > ((size_t)-1 - 65536) / 2 ? (size_t)-1 : r * 2 + 65536;
}

static char *dump(json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(j);
	return s;
}

static json_t *rpc_error(json_t *id, int code, const char *msg)
{
	return json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(),
			 "error", "code", code, "message", msg);
}

static json_t *rpc_result(json_t *id, json_t *result)
{
	return json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id, "result", result);
}

/* A tool's answer: text for the model, isError when it should try again, and the same facts
 * as structured content for a program. Takes structured (may be NULL). */
static json_t *tool_result(const char *text, int is_error, json_t *structured)
{
	json_t *r = json_pack("{s:[{s:s, s:s}], s:b}", "content", "type", "text", "text",
			      text ? text : "", "isError", is_error);
	if (r && structured)
		json_object_set_new(r, "structuredContent", structured);
	else
		json_decref(structured);
	return r;
}

static seam_session *session(const sm_mcp *m, int format, int reverse, char *err, size_t errsz)
{
	const sm_cli *o = m->o;
	seam_options opt = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	int rc;

	opt.format = (seam_format_t)format;
	opt.max_reply_bytes = o->max_reply_bytes;
	opt.max_file_bytes = o->max_file_bytes;
	opt.max_edits = o->max_edits;
	opt.max_fuzzy_ms = o->max_fuzzy_ms;
	opt.lock_wait_ms = o->lock_wait_ms;
	opt.syntax = (seam_syntax_t)o->syntax;
	opt.lazy = (seam_lazy_t)o->lazy;
	if (o->no_resolve)
		opt.flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if (o->keep_no_eol)
		opt.flags |= SEAM_FLAG_KEEP_NO_EOL;
	if (o->strict)
		opt.flags |= SEAM_FLAG_STRICT;
	if (o->no_wait)
		opt.flags |= SEAM_FLAG_NO_WAIT;
	if (reverse)
		opt.flags |= SEAM_FLAG_REVERSE;
	rc = seam_session_new(&s, &opt);
	if (rc) {
		snprintf(err, errsz, "cannot start a session (%d)", rc);
		return NULL;
	}
	return s;
}

static char *render(const seam_plan *p, seam_render_t how)
{
	char *out = NULL;
	size_t n;
	if (seam_plan_render(p, how, &out, &n))
		return NULL;
	return out;
}

/* Optional string argument: NULL when absent; *bad set when present but not a string. */
static const char *opt_string(json_t *args, const char *key, int *bad)
{
	json_t *v = json_object_get(args, key);
	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v)) {
		*bad = 1;
		return NULL;
	}
	return json_string_value(v);
}

/*
 * apply_edit's "include" and "exclude" (a glob or an array of globs) into f, a copy of the
 * server's options: the excludes first, so that an exclude wins over an include, as in a batch
 * record (none given: the server's own --include / --exclude). NULL, or why they are refused.
 */
static const char *tool_globs(json_t *args, sm_cli *f)
{
	static const char *const keys[2] = {"exclude", "include"};
	size_t k, i;

	if (!json_object_get(args, "include") && !json_object_get(args, "exclude"))
		return NULL;
	f->nglobs = 0;
	f->has_include = 0;
	for (k = 0; k < 2; k++) {
		json_t *v = json_object_get(args, keys[k]);
		size_t n = json_is_array(v) ? json_array_size(v) : 1;
		if (!v || json_is_null(v))
			continue;
		if (!json_is_array(v) && !json_is_string(v))
			return "'include' and 'exclude' must each be a glob or an array of globs "
			       "(strings).";
		if (n > SM_CLI_MAX_GLOBS - f->nglobs)
			return "'include' and 'exclude' hold more than 64 globs in all.";
		for (i = 0; i < n; i++) {
			json_t *g = json_is_array(v) ? json_array_get(v, i) : v;
			if (!json_is_string(g) || !json_string_length(g) ||
			    json_string_length(g) > 1024 ||
			    strlen(json_string_value(g)) != json_string_length(g))
				return "every glob of 'include' and 'exclude' must be a non-empty "
				       "string of at most 1024 bytes, without NUL.";
			f->globs[f->nglobs].glob = json_string_value(g);
			f->globs[f->nglobs].include = k == 1;
			f->nglobs++;
		}
		f->has_include |= k == 1;
	}
	return NULL;
}

static json_t *tool_apply(const sm_mcp *m, json_t *args)
{
	int bad = 0, format = SEAM_FORMAT_AUTO, dry, rc, written = 0;
	const char *reply = opt_string(args, "reply", &bad);
	const char *fmt = opt_string(args, "format", &bad);
	json_t *dj = json_object_get(args, "dry_run"), *doc = NULL, *res;
	json_t *rj = json_object_get(args, "reverse"), *excluded = NULL;
	sm_cli_excluded x = {NULL, 0};
	sm_cli *f;
	const char *why;
	size_t len = reply ? json_string_length(json_object_get(args, "reply")) : 0;
	seam_session *s;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	char err[160], *text = NULL, *js;

	if (bad || !reply || (dj && !json_is_boolean(dj)) || (rj && !json_is_boolean(rj)))
		return tool_result("apply_edit needs 'reply' (a string: the model's reply or edit "
				   "text), and optionally 'format' (a string), 'dry_run' and 'reverse' "
				   "(booleans), 'include' and 'exclude' (globs).",
				   1, NULL);
	dry = dj && json_is_true(dj);
	/* the server's options hold 64 globs: a copy of them on the heap, not the stack */
	f = malloc(sizeof(*f));
	if (!f)
		return tool_result("out of memory", 1, NULL);
	*f = *m->o;
	if ((why = tool_globs(args, f))) {
		free(f);
		return tool_result(why, 1, NULL);
	}
	if (fmt && (format = seam_format_from_name(fmt)) < 0) {
		snprintf(err, sizeof(err), "unknown format '%.40s'; leave it out to detect the format",
			 fmt);
		free(f);
		return tool_result(err, 1, NULL);
	}
	s = session(m, format, rj ? json_is_true(rj) : m->o->reverse, err, sizeof(err));
	if (!s) {
		free(f);
		return tool_result(err, 1, NULL);
	}
	rc = seam_reply_parse(&r, s, reply, len);
	if (!rc && (sm_cli_filter(f, r, &x) || (x.n && !(excluded = sm_cli_excluded_json(&x))))) {
		free(f);
		sm_cli_excluded_free(&x);
		seam_reply_free(r);
		seam_session_free(s);
		return tool_result("out of memory", 1, NULL);
	}
	free(f);
	if (!rc)
		rc = seam_tree_open_dir(&t, s, m->dir);
	if (!rc && !dry)
		rc = seam_tree_lock(t);
	if (!rc || rc == SEAM_EFAIL) {
		rc = seam_plan_new(&p, s, r, t);
		if (!rc && !dry) {
			rc = seam_plan_commit(p);
			written = !rc;
		}
	}
	if (p) {
		js = render(p, SEAM_RENDER_JSON);
		doc = js ? json_loads(js, 0, NULL) : NULL;
		seam_free(js);
		if (json_is_object(doc)) {
			json_object_set_new(doc, "dry_run", json_boolean(dry));
			json_object_set_new(doc, "written", json_boolean(written));
			if (excluded)
				json_object_set(doc, "excluded", excluded);
		}
	}
	if (p && (rc == SEAM_OK || rc == SEAM_EFAIL)) {
		/* success: the report (what went where, how it was found); failure: the feedback,
		 * written for the model that will retry; first the files left out, one a line */
		membuf out = {NULL, 0};
		FILE *mf = x.n ? open_memstream(&out.p, &out.n) : NULL;
		text = render(p, rc ? SEAM_RENDER_FEEDBACK : SEAM_RENDER_TEXT);
		if (mf) {
			sm_cli_excluded_print(mf, &x);
			fputs(text ? text : "", mf);
			if (fclose(mf)) {
				free(out.p);
				out.p = NULL;
			}
		}
		res = tool_result(out.p ? out.p : text ? text : "out of memory", rc != 0, doc);
		free(out.p);
	} else {
		res = tool_result(seam_session_errmsg(s), 1, doc);
	}
	seam_free(text);
	json_decref(excluded);
	sm_cli_excluded_free(&x);
	seam_plan_free(p);
	if (t)
		seam_tree_unlock(t);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	return res;
}

/* Reads a file of the tree for locate and view, on a session of its own (*s, for the tool to
 * use and free). On failure: NULL, *s freed, *res the tool's error. */
static char *read_file(const sm_mcp *m, const char *path, seam_session **s, size_t *len,
		       json_t **res)
{
	seam_tree *t = NULL;
	char *data = NULL, err[160];
	int rc;

	*s = session(m, SEAM_FORMAT_AUTO, 0, err, sizeof(err));
	if (!*s) {
		*res = tool_result(err, 1, NULL);
		return NULL;
	}
	rc = seam_tree_open_dir(&t, *s, m->dir);
	if (!rc)
		rc = seam_tree_read(t, path, &data, len);
	if (rc) {
		*res = tool_result(seam_session_errmsg(*s), 1, NULL);
		seam_session_free(*s);
		*s = NULL;
	}
	seam_tree_free(t);
	return data;
}

static json_t *tool_locate(const sm_mcp *m, json_t *args)
{
	int bad = 0, rc;
	const char *path = opt_string(args, "path", &bad);
	const char *snip = opt_string(args, "snippet", &bad);
	json_t *res = NULL, *regions;
	seam_session *s;
	seam_location loc;
	membuf out = {NULL, 0};
	char *data;
	size_t len = 0, i;
	FILE *f;

	if (bad || !path || !snip)
		return tool_result("locate needs 'path' (a file under the root) and 'snippet' (the "
				   "code as remembered; '...' lines may stand for code left out).",
				   1, NULL);
	data = read_file(m, path, &s, &len, &res);
	if (!data)
		return res;
	rc = seam_locate(s, data, len, snip, json_string_length(json_object_get(args, "snippet")),
			 &loc);
	f = open_memstream(&out.p, &out.n);
	regions = json_array();
	for (i = 0; !rc || rc == SEAM_EFAIL ? i < loc.count : 0; i++) {
		const seam_region *g = &loc.regions[i];
		json_array_append_new(regions,
				      json_pack("{s:i, s:i, s:f, s:s%}", "start_line",
						(json_int_t)g->start_line, "end_line",
						(json_int_t)g->end_line, "similarity", g->similarity,
						"text", data + g->offset, g->len));
		if (f && (rc == SEAM_OK || loc.status == SEAM_STATUS_AMBIGUOUS)) {
			fprintf(f, "%s:%ld-%ld: %s by %s, %.0f%% similar\n", path, g->start_line,
				g->end_line, rc ? "candidate" : "found", loc.strategy,
				g->similarity * 100);
			if (!rc)
				fwrite(data + g->offset, 1, g->len, f);
		}
	}
	if (f) {
		if (rc)
			fprintf(f, "%s\n", seam_session_errmsg(s));
		fclose(f);
	}
	res = tool_result(out.p ? out.p : "out of memory", rc != 0,
			  json_pack("{s:s, s:s, s:o}", "status",
				    rc == SEAM_OK ? "found"
				    : loc.status == SEAM_STATUS_AMBIGUOUS && rc == SEAM_EFAIL
					? "ambiguous"
					: "no-match",
				    "strategy", rc == SEAM_OK || rc == SEAM_EFAIL ? loc.strategy : "",
				    "regions", regions));
	free(out.p);
	seam_free(data);
	seam_session_free(s);
	return res;
}

/* A positive integer argument, or def when absent; -1 when present and not one. */
static long opt_line(json_t *args, const char *key, long def)
{
	json_t *v = json_object_get(args, key);
	if (!v || json_is_null(v))
		return def;
	if (!json_is_integer(v) || json_integer_value(v) < 1)
		return -1;
	return (long)json_integer_value(v);
}

static json_t *tool_view(const sm_mcp *m, json_t *args)
{
	int bad = 0;
	const char *path = opt_string(args, "path", &bad);
	long from = opt_line(args, "start_line", 1), to = opt_line(args, "end_line", 0), no = 1;
	json_t *res = NULL, *nj = json_object_get(args, "line_numbers");
	int numbers = !nj || json_is_true(nj);
	seam_session *s;
	membuf out = {NULL, 0};
	char *data;
	size_t len = 0, i = 0;
	long shown = 0, total;
	FILE *f;

	if (bad || !path || from < 0 || to < 0 || (nj && !json_is_boolean(nj)) ||
	    (to && to < from))
		return tool_result("view needs 'path' (a file under the root), and optionally "
				   "'start_line' and 'end_line' (1-based, inclusive, start <= end) "
				   "and 'line_numbers' (a boolean, default true).",
				   1, NULL);
	data = read_file(m, path, &s, &len, &res);
	if (!data)
		return res;
	if (memchr(data, '\0', len < 8000 ? len : 8000)) {
		res = tool_result("the file is binary: it holds NUL bytes", 1, NULL);
		goto done;
	}
	for (total = 0, i = 0; i < len; i++)
		total += data[i] == '\n';
	total += len && data[len - 1] != '\n';
	f = open_memstream(&out.p, &out.n);
	if (!f) {
		res = tool_result("out of memory", 1, NULL);
		goto done;
	}
	/* "   12│text": the numbering the numbered formats expect (as `cat -n` with a bar) */
	for (i = 0; i < len && (!to || no <= to); no++) {
		const char *nl = memchr(data + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - data) : len;
		if (no >= from) {
			if (shown == VIEW_MAX_LINES) {
				fprintf(f, "[view cut at %d lines: ask again with start_line %ld]\n",
					VIEW_MAX_LINES, no);
				break;
			}
			if (numbers)
				fprintf(f, "%6ld\xe2\x94\x82", no);
			fwrite(data + i, 1, e - i, f);
			fputc('\n', f);
			shown++;
		}
		i = nl ? e + 1 : len;
	}
	if (!shown)
		fprintf(f, "[no line in that range: the file has %ld lines]\n", total);
	fclose(f);
	res = tool_result(out.p, 0,
			  json_pack("{s:s, s:i, s:i}", "path", path, "total_lines", (json_int_t)total,
				    "shown_lines", (json_int_t)shown));
	free(out.p);
done:
	seam_free(data);
	seam_session_free(s);
	return res;
}

/* The system prompt of a format, and optionally files rendered as that format wants them
 * (numbered for the formats that refer to line numbers). */
static json_t *tool_prompt(const sm_mcp *m, json_t *args)
{
	int bad = 0;
	const char *fmt = opt_string(args, "format", &bad);
	json_t *files = json_object_get(args, "files"), *v, *res = NULL;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	char *text = NULL, err[160];
	size_t n, i;
	FILE *f;
	membuf out = {NULL, 0};

	if (bad || (files && !json_is_array(files)))
		return tool_result("prompt takes 'format' (a string, default editblock) and "
				   "optionally 'files' (an array of paths under the root).",
				   1, NULL);
	if (!fmt)
		fmt = "editblock";
	if (seam_prompt(fmt, &text, &n)) {
		snprintf(err, sizeof(err), "no prompt for the format '%.40s'", fmt);
		return tool_result(err, 1, NULL);
	}
	f = open_memstream(&out.p, &out.n);
	if (!f) {
		seam_free(text);
		return tool_result("out of memory", 1, NULL);
	}
	fwrite(text, 1, n, f);
	seam_free(text);
	if (json_array_size(files)) {
		s = session(m, SEAM_FORMAT_AUTO, 0, err, sizeof(err));
		if (!s || seam_tree_open_dir(&t, s, m->dir))
			res = tool_result(s ? seam_session_errmsg(s) : err, 1, NULL);
	}
	json_array_foreach(files, i, v) {
		char *data = NULL, *shown = NULL;
		size_t len = 0, sn = 0;
		if (res)
			break;
		if (!json_is_string(v)) {
			res = tool_result("every entry of 'files' is a path (a string)", 1, NULL);
			break;
		}
		if (seam_tree_read(t, json_string_value(v), &data, &len)) {
			res = tool_result(seam_session_errmsg(s), 1, NULL);
			break;
		}
		if (seam_prompt_file(fmt, json_string_value(v), data, len, &shown, &sn)) {
			seam_free(data);
			res = tool_result("out of memory", 1, NULL);
			break;
		}
		fputc('\n', f);
		fwrite(shown, 1, sn, f);
		seam_free(shown);
		seam_free(data);
	}
	fclose(f);
	if (!res)
		res = tool_result(out.p ? out.p : "", 0, NULL);
	free(out.p);
	seam_tree_free(t);
	seam_session_free(s);
	return res;
}

static json_t *tools_core(void);

static json_t *tools_list(void)
{
	json_t *l = tools_core(), *fmts = json_array();
	size_t i;

	for (i = 0; seam_prompt_format(i); i++)
		json_array_append_new(fmts, json_string(seam_prompt_format(i)));
	json_array_append_new(
	    json_object_get(l, "tools"),
	    json_pack("{s:s, s:s, s:{s:s, s:{s:{s:s, s:s, s:o}, s:{s:s, s:s, s:{s:s}}}}}",
		      "name", "prompt", "description",
		      "The instructions that ask a model for edits in one of the formats "
		      "apply_edit reads (rules, a worked example, reminders), and optionally "
		      "files rendered as that format wants them (numbered where it uses line "
		      "numbers).",
		      "inputSchema", "type", "object", "properties", "format", "type", "string",
		      "description", "the edit format (default editblock)", "enum", fmts, "files",
		      "type", "array", "description", "paths of files under the root to show",
		      "items", "type", "string"));
	return l;
}

/* apply_edit's options beside reply, format and dry_run: -R, --include and --exclude */
static void apply_options(json_t *l)
{
	json_t *tool = json_array_get(json_object_get(l, "tools"), 0);
	json_t *props = json_object_get(json_object_get(tool, "inputSchema"), "properties");
	json_t *globs = json_pack("{s:[s, s], s:{s:s}, s:i}", "type", "string", "array", "items",
				  "type", "string", "maxItems", 64);

	if (!props || !globs) {
		json_decref(globs);
		return;
	}
	json_object_set_new(props, "reverse",
			    json_pack("{s:s, s:s}", "type", "boolean", "description",
				      "apply a unified diff or *** Begin Patch in reverse (patch -R)"));
	json_object_set_new(props, "include", json_deep_copy(globs));
	json_object_set_new(props, "exclude", globs);
	json_object_set_new(json_object_get(props, "include"), "description",
			    json_string("apply only the files whose path (a rename's new name) "
					"a glob matches ('*' matches '/' too)"));
	json_object_set_new(json_object_get(props, "exclude"), "description",
			    json_string("leave out the files whose path a glob matches (an "
					"exclude wins over an include); the files left out are "
					"listed first and in 'excluded'"));
}

static json_t *tools_core(void)
{
	json_t *l = json_pack(
	    "{s:[{s:s, s:s, s:{s:s, s:{s:{s:s, s:s}, s:{s:s, s:s}, s:{s:s, s:s}}, s:[s]}},"
	    "{s:s, s:s, s:{s:s, s:{s:{s:s, s:s}, s:{s:s, s:s}}, s:[s, s]}},"
	    "{s:s, s:s, s:{s:s, s:{s:{s:s, s:s}, s:{s:s, s:s, s:i}, s:{s:s, s:s, s:i},"
	    " s:{s:s, s:s}}, s:[s]}}]}",
	    "tools",
	    /* apply_edit */
	    "name", "apply_edit", "description",
	    "Apply the edits of a reply (SEARCH/REPLACE blocks, unified diffs, whole files, "
	    "*** Begin Patch patches, numbered blocks, tool calls) to the files under the "
	    "server's root: every edit is located first (tolerant of miscopied text, never at "
	    "a guessed place), then all files are written or none. On failure nothing is "
	    "written and the text says which edits to send again and why.",
	    "inputSchema", "type", "object", "properties", "reply", "type", "string",
	    "description", "the reply or edit text, prose around the edits is fine", "format",
	    "type", "string", "description",
	    "force a format (editblock, udiff, gitdiff, whole, patch, lndiff, toolcall, "
	    "numbered, snippet); detected when left out",
	    "dry_run", "type", "boolean", "description", "locate every edit, write nothing",
	    "required", "reply",
	    /* locate */
	    "name", "locate", "description",
	    "Find the exact region of a file that a snippet written from memory stands for "
	    "(possibly miscopied, '...' lines for code left out): its line range and exact "
	    "text, to copy into an edit.",
	    "inputSchema", "type", "object", "properties", "path", "type", "string",
	    "description", "the file, relative to the root", "snippet", "type", "string",
	    "description", "the code as remembered", "required", "path", "snippet",
	    /* view */
	    "name", "view", "description",
	    "Show a file, or lines of it, with line numbers (\"    12\xe2\x94\x82" "code\", the "
	    "numbering the numbered edit formats refer to).",
	    "inputSchema", "type", "object", "properties", "path", "type", "string",
	    "description", "the file, relative to the root", "start_line", "type", "integer",
	    "description", "first line to show (1-based)", "minimum", 1, "end_line", "type",
	    "integer", "description", "last line to show (inclusive)", "minimum", 1,
	    "line_numbers", "type", "boolean", "description", "number the lines (default true)",
	    "required", "path");
	if (l)
		apply_options(l);
	return l;
}

static json_t *initialize(json_t *params)
{
	const char *want = json_string_value(json_object_get(params, "protocolVersion"));
	const char *v = versions[0];
	size_t i;

	for (i = 0; want && i < sizeof(versions) / sizeof(versions[0]); i++)
		if (!strcmp(want, versions[i]))
			v = versions[i];
	return json_pack("{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}", "protocolVersion", v,
			 "capabilities", "tools", "listChanged", 0, "serverInfo", "name", "seam",
			 "version", SEAM_VERSION, "instructions",
			 "seam applies code edits written by a model to the files under its root, "
			 "all or nothing, and says exactly what to re-send when an edit does not "
			 "fit. Use view to see a file with line numbers, locate to get the exact "
			 "text of a region you remember, apply_edit to change files.");
}

int sm_mcp_handle(sm_mcp *m, const char *line, size_t n, char **out)
{
	json_error_t jerr;
	json_t *req, *id, *params, *res = NULL;
	const char *method;

	*out = NULL;
	req = json_loadb(line, n, JSON_REJECT_DUPLICATES, &jerr);
	if (!req) {
		*out = dump(rpc_error(NULL, PARSE_ERROR, "parse error: not a JSON document"));
		return *out ? 0 : -1;
	}
	if (!json_is_object(req)) {
		/* arrays too: MCP's 2025-06-18 revision removed JSON-RPC batches */
		json_decref(req);
		*out = dump(rpc_error(NULL, INVALID_REQUEST, "invalid request: not one JSON object"));
		return *out ? 0 : -1;
	}
	id = json_object_get(req, "id");
	method = json_string_value(json_object_get(req, "method"));
	params = json_object_get(req, "params");
	if (id && !json_is_string(id) && !json_is_integer(id)) {
		res = rpc_error(NULL, INVALID_REQUEST, "invalid request: id must be a string or "
						       "an integer");
	} else if (!method || strcmp(json_string_value(json_object_get(req, "jsonrpc")) ?
					 json_string_value(json_object_get(req, "jsonrpc")) : "",
				     "2.0")) {
		/* a response from the client (we send no requests) or garbage */
		if (id && method == NULL && (json_object_get(req, "result") ||
					     json_object_get(req, "error")))
			res = NULL;
		else if (id)
			res = rpc_error(id, INVALID_REQUEST,
					"invalid request: needs \"jsonrpc\": \"2.0\" and a method");
	} else if (!id) {
		/* a notification (initialized, cancelled, ...): never answered */
		if (!strcmp(method, "notifications/initialized"))
			m->initialized = 1;
	} else if (params && !json_is_object(params)) {
		res = rpc_error(id, INVALID_PARAMS, "invalid params: must be an object");
	} else if (!strcmp(method, "initialize")) {
		res = rpc_result(id, initialize(params));
	} else if (!strcmp(method, "ping")) {
		res = rpc_result(id, json_object());
	} else if (!strcmp(method, "tools/list")) {
		res = rpc_result(id, tools_list());
	} else if (!strcmp(method, "tools/call")) {
		const char *name = json_string_value(json_object_get(params, "name"));
		json_t *args = json_object_get(params, "arguments"), *none = NULL;
		if (!args)
			args = none = json_object();
		if (!name || !json_is_object(args))
			res = rpc_error(id, INVALID_PARAMS,
					"invalid params: tools/call needs 'name' and object 'arguments'");
		else if (!strcmp(name, "apply_edit"))
			res = rpc_result(id, tool_apply(m, args));
		else if (!strcmp(name, "locate"))
			res = rpc_result(id, tool_locate(m, args));
		else if (!strcmp(name, "view"))
			res = rpc_result(id, tool_view(m, args));
		else if (!strcmp(name, "prompt"))
			res = rpc_result(id, tool_prompt(m, args));
		else
			res = rpc_error(id, INVALID_PARAMS, "unknown tool: see tools/list");
		json_decref(none);
	} else {
		res = rpc_error(id, METHOD_NOT_FOUND, "method not found");
	}
	json_decref(req);
	if (res) {
		*out = dump(res);
		return *out ? 0 : -1;
	}
	return 0;
}

/* Writes one message and its newline; -1 when stdout is gone (the client left). */
static int send_line(const char *s)
{
	if (fputs(s, stdout) == EOF || fputc('\n', stdout) == EOF || fflush(stdout) == EOF)
		return -1;
	return 0;
}

int sm_cli_mcp(const sm_cli *o)
{
	sm_mcp m;
	size_t limit = sm_mcp_line_limit(o), cap = 0, n = 0;
	char *line = NULL;
	int c, too_long = 0, rc = EXIT_APPLIED;

	/* a client that closes its end mid-answer ends the server, not kills it */
	signal(SIGPIPE, SIG_IGN);
	sm_mcp_init(&m, o);
	fprintf(stderr, "seam mcp: serving %s over stdio\n", m.dir);
	for (;;) {
		c = getc_unlocked(stdin);
		if (c != EOF && c != '\n') {
			if (too_long)
				continue;
			if (n == limit) {
				too_long = 1;
				continue;
			}
			if (n + 1 >= cap) {
				size_t ncap = cap ? cap * 2 : 4096;
				char *nl = realloc(line, ncap);
				if (!nl) {
					fprintf(stderr, "seam mcp: out of memory\n");
					rc = EXIT_ERROR;
					break;
				}
				line = nl;
				cap = ncap;
			}
			line[n++] = (char)c;
			continue;
		}
		if (too_long) {
			char *e = dump(rpc_error(NULL, INVALID_REQUEST, "request larger than the limit "
									"(--max-reply-bytes)"));
			int bad = !e || send_line(e);
			free(e);
			if (bad)
				break;
		} else if (n && !(n == 1 && line[0] == '\r')) {
			char *resp = NULL;
			if (sm_mcp_handle(&m, line, n, &resp)) {
				fprintf(stderr, "seam mcp: out of memory\n");
			} else if (resp) {
				int bad = send_line(resp);
				free(resp);
				if (bad)
					break;
			}
		}
		n = 0;
		too_long = 0;
		if (c == EOF)
			break;
	}
	free(line);
	return rc;
}
