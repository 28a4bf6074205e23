/*
 * fuzz_bench: the laziness benchmark's discovery and checks (seam_bench_tasks,
 * seam_bench_check) on any source text.
 *
 * Input: byte 0 picks the language by the file's extension (.py, .js, .ts, .tsx) and the
 * smallest method size (bits 2-7: 1-64 nodes); the rest is the file.
 *
 * Oracle: every task line is a JSON object naming a class and a method, with the method
 * smaller than half of its class; checked against the file unchanged, a task never passes
 * (there is no top-level function of its name: a task is not made when there is one), and the
 * check that fails is "function" (the file parses: tasks come from files that do); checked
 * against any cut of the file, it does not crash and gives a verdict.
 */
#include "fuzz.h"
#include "seam.h"

#define MAX_FILE (64 * 1024)
#define MAX_TASKS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {"f.py", "f.js", "f.ts", "f.tsx"};
	seam_bench_options o = {SEAM_BENCH_OPTIONS_VERSION, 1, 0};
	const char *file, *line;
	char *out = NULL;
	size_t len, n = 0;

	if (size < 1 || size - 1 > MAX_FILE)
		return 0;
	o.min_method_nodes = 1u + (data[0] >> 2);
	file = (const char *)data + 1;
	len = size - 1;
	if (seam_bench_tasks("/r", names[data[0] & 3], file, len, &o, &out, NULL) != SEAM_OK)
		return 0;
	for (line = out; *line && n < MAX_TASKS; n++) {
		const char *nl = strchr(line, '\n');
		char *v = NULL;
		size_t ll;
		FZ_ORACLE(nl != NULL, "task line without a newline");
		ll = (size_t)(nl - line);
		FZ_ORACLE(line[0] == '{' && strstr(line, "\"method\":"), "not a task: %.*s", (int)ll,
			  line);
		FZ_ORACLE(seam_bench_check(line, ll, file, len, file, len, &v, NULL) == SEAM_OK,
			  "the check refused its own task: %.*s", (int)ll, line);
		FZ_ORACLE(strstr(v, "\"passed\":false") && strstr(v, "\"check\":\"function\""),
			  "the file unchanged: %s", v);
		seam_free(v);
		v = NULL;
		if (seam_bench_check(line, ll, file, len, file, len / 2, &v, NULL) == SEAM_OK)
			FZ_ORACLE(strstr(v, "\"passed\":"), "no verdict: %s", v);
		seam_free(v);
		line = nl + 1;
	}
	seam_free(out);
	return 0;
}
