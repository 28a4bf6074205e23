#define _POSIX_C_SOURCE 200809L

/* The JSONL reader of seam bench's subcommands (tasks and runs are one JSON object a line). */
#include "bench_jsonl.h"
#include "../cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

json_t *sm_bench_read_jsonl(const char *path, int missing_ok)
{
	FILE *f = fopen(path, "r");
	json_t *all = json_array();
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long no = 0;

	if (!f) {
		if (missing_ok && errno == ENOENT && all)
			return all;
		sm_cli_errorf(path, strerror(errno));
		json_decref(all);
		return NULL;
	}
	while (all && (n = getline(&line, &cap, f)) >= 0) {
		json_t *v;
		no++;
		if (n == 0 || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		v = json_loads(line, 0, NULL);
		if (!json_is_object(v)) {
			fprintf(stderr, "seam: %s:%ld: not a JSON object\n", path, no);
			json_decref(v);
			json_decref(all);
			all = NULL;
			break;
		}
		json_array_append_new(all, v);
	}
	free(line);
	fclose(f);
	return all;
}
