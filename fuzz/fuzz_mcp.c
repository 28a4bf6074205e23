/*
 * fuzz_mcp: the MCP server's request handler (src/cli/mcp.c, sm_mcp_handle) on arbitrary
 * lines, as a client would send them one after the other. The tools work on a scratch
 * directory made once per process (its files are the fuzzer's to change).
 *
 * Oracles (each a trap):
 *  - every response is one JSON object with "jsonrpc": "2.0" and exactly one of "result" or
 *    "error"; an error has an integer code and a string message;
 *  - a request whose id is a string or an integer gets that id back; a notification (an
 *    object with a method and no id) gets no response at all;
 *  - a tools/call result has a "content" array of text items and a boolean "isError";
 *  - nothing appears beside the scratch directory (no write escapes the root).
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "cli/mcp.h"

#include <dirent.h>
#include <jansson.h>
#include <sys/stat.h>
#include <unistd.h>

/* Lines per input, and bytes per input: the handler is linear, long inputs only slow down. */
#define MAX_LINES 16
#define MAX_INPUT (64 * 1024)

static char root[64], parent[64];
static size_t parent_entries;

static size_t count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	size_t n = 0;
	if (!d)
		return 0;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

static void setup(void)
{
	char tmpl[] = "/tmp/seam-fuzz-mcp-XXXXXX";
	if (root[0])
		return;
	if (!mkdtemp(tmpl))
		abort();
	snprintf(parent, sizeof(parent), "%s", tmpl);
	snprintf(root, sizeof(root), "%s/root", tmpl);
	if (mkdir(root, 0755))
		abort();
	parent_entries = count_entries(parent);
}

static void check_response(json_t *req, const char *out)
{
	json_error_t e;
	json_t *r = json_loads(out, 0, &e), *id = req ? json_object_get(req, "id") : NULL;
	json_t *res, *err;

	FZ_ORACLE(json_is_object(r), "response is not a JSON object: %s", out);
	FZ_ORACLE(!strcmp(json_string_value(json_object_get(r, "jsonrpc")) ?
			      json_string_value(json_object_get(r, "jsonrpc")) : "", "2.0"),
		  "no jsonrpc 2.0: %s", out);
	res = json_object_get(r, "result");
	err = json_object_get(r, "error");
	FZ_ORACLE(!res != !err, "needs exactly one of result and error: %s", out);
	if (err)
		FZ_ORACLE(json_is_integer(json_object_get(err, "code")) &&
			      json_is_string(json_object_get(err, "message")),
			  "malformed error: %s", out);
	if (id && (json_is_string(id) || json_is_integer(id)) && res)
		FZ_ORACLE(json_equal(id, json_object_get(r, "id")), "id not echoed: %s", out);
	if (res && req && json_is_string(json_object_get(req, "method")) &&
	    !strcmp(json_string_value(json_object_get(req, "method")), "tools/call")) {
		json_t *c = json_object_get(res, "content");
		size_t i;
		FZ_ORACLE(json_is_array(c) && json_is_boolean(json_object_get(res, "isError")),
			  "malformed tool result: %s", out);
		for (i = 0; i < json_array_size(c); i++)
			FZ_ORACLE(json_is_string(json_object_get(json_array_get(c, i), "text")),
				  "content item without text: %s", out);
	}
	json_decref(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sm_cli o;
	sm_mcp m;
	size_t i = 0, lines = 0;

	if (size > MAX_INPUT)
		return 0;
	setup();
	memset(&o, 0, sizeof(o));
	o.dir = root;
	o.max_fuzzy_ms = 200;
	o.lock_wait_ms = 0;
	o.no_wait = 1;
	sm_mcp_init(&m, &o);
	while (i < size && lines++ < MAX_LINES) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t e = nl ? (size_t)(nl - data) : size;
		char *out = NULL;
		json_t *req = json_loadb((const char *)data + i, e - i, JSON_REJECT_DUPLICATES, NULL);
		FZ_ORACLE(!sm_mcp_handle(&m, (const char *)data + i, e - i, &out), "handler failed");
		if (json_is_object(req) && json_is_string(json_object_get(req, "method")) &&
		    !json_object_get(req, "id") &&
		    !strcmp(json_string_value(json_object_get(req, "jsonrpc")) ?
				    json_string_value(json_object_get(req, "jsonrpc")) : "", "2.0"))
			FZ_ORACLE(!out, "a notification was answered: %s", out);
		if (out)
			check_response(json_is_object(req) ? req : NULL, out);
		free(out);
		json_decref(req);
		i = e + 1;
	}
	FZ_ORACLE(count_entries(parent) == parent_entries, "something was written beside the root");
	return 0;
}
