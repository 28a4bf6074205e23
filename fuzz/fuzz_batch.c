/*
 * fuzz_batch: seam_batch_apply_lines on arbitrary JSON lines (memory records only: an input
 * holding a record with a "root" is skipped, so the fuzzer never writes to the disk), on one
 * thread and on three.
 *
 * Oracles (each a trap):
 *  - the call succeeds, and gives exactly one result line per non-blank input line, each a
 *    JSON object with "line" (the input's line number, in order) and a boolean "ok";
 *  - a result that is ok has "files" (an object of strings or null) and "edits" (an array);
 *    one that is not has "error" or "feedback";
 *  - three threads give the same result lines as one, but where the search budget ran out in
 *    either run (thread CPU time, which timing changes; a record may set it to 1 ms).
 */
#define _GNU_SOURCE /* memmem */
#include "fuzz.h"
#include "seam.h"

#include <jansson.h>

#define MAX_INPUT (128 * 1024)

static int has_root(const uint8_t *data, size_t size)
{
	size_t i = 0;
	while (i < size) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t e = nl ? (size_t)(nl - data) : size;
		json_t *j = json_loadb((const char *)data + i, e - i, JSON_ALLOW_NUL, NULL);
		int root = json_is_object(j) && json_object_get(j, "root");
		json_decref(j);
		if (root)
			return 1;
		i = e + 1;
	}
	return 0;
}

static void same_results(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0, j = 0;
	while (i < na && j < nb) {
		const char *ea = memchr(a + i, '\n', na - i), *eb = memchr(b + j, '\n', nb - j);
		size_t la, lb;
		FZ_ORACLE(ea && eb, "a result without its newline");
		la = (size_t)(ea - (a + i));
		lb = (size_t)(eb - (b + j));
		if (la != lb || memcmp(a + i, b + j, la)) {
			int budget = memmem(a + i, la, "budget", 6) || memmem(b + j, lb, "budget", 6);
			FZ_ORACLE(budget, "threads changed a result:\n%.*s\n%.*s", (int)la, a + i,
				  (int)lb, b + j);
		}
		i += la + 1;
		j += lb + 1;
	}
	FZ_ORACLE(i >= na && j >= nb, "threads changed the number of results");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	seam_options o = SEAM_OPTIONS_INIT;
	char *one = NULL, *three = NULL;
	size_t n1 = 0, n3 = 0, i, lines = 0, results = 0;
	long last = 0;

	if (size > MAX_INPUT || has_root(data, size))
		return 0;
	o.max_fuzzy_ms = 200;
	FZ_ORACLE(!seam_batch_apply_lines(&o, (const char *)data, size, 1, 1, &one, &n1),
		  "batch failed");
	FZ_ORACLE(!seam_batch_apply_lines(&o, (const char *)data, size, 1, 3, &three, &n3),
		  "batch on threads failed");
	same_results(one, n1, three, n3);
	for (i = 0; i < size;) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t e = nl ? (size_t)(nl - data) : size, k;
		for (k = i; k < e && (data[k] == ' ' || data[k] == '\t' || data[k] == '\r'); k++)
			;
		lines += k < e;
		i = e + 1;
	}
	for (i = 0; i < n1;) {
		char *nl = memchr(one + i, '\n', n1 - i);
		json_t *r;
		FZ_ORACLE(nl, "a result without its newline");
		r = json_loadb(one + i, (size_t)(nl - (one + i)), 0, NULL);
		FZ_ORACLE(json_is_object(r) && json_is_boolean(json_object_get(r, "ok")) &&
			      json_is_integer(json_object_get(r, "line")),
			  "malformed result: %.*s", (int)(nl - (one + i)), one + i);
		FZ_ORACLE(json_integer_value(json_object_get(r, "line")) > last, "results out of order");
		last = (long)json_integer_value(json_object_get(r, "line"));
		if (json_is_true(json_object_get(r, "ok"))) {
			const char *k;
			json_t *v;
			FZ_ORACLE(json_is_object(json_object_get(r, "files")) &&
				      json_is_array(json_object_get(r, "edits")),
				  "an ok result without files or edits");
			json_object_foreach(json_object_get(r, "files"), k, v)
				FZ_ORACLE(json_is_string(v) || json_is_null(v), "a file is not text");
		} else {
			FZ_ORACLE(json_object_get(r, "error") || json_object_get(r, "feedback"),
				  "a failed result says nothing");
		}
		json_decref(r);
		results++;
		i = (size_t)(nl - one) + 1;
	}
	FZ_ORACLE(results == lines, "%zu results for %zu records", results, lines);
	seam_free(one);
	seam_free(three);
	return 0;
}
