#ifndef SEAM_CLI_BENCH_JSONL_H
#define SEAM_CLI_BENCH_JSONL_H

/* seam bench's reader of task and run files, shared by its subcommands (a file of its own so
 * that they call it, not the dispatch in bench.c that calls them). */

#include <jansson.h>

/* Reads a JSONL file: an array of objects (a bad line is an error naming it); NULL after a
 * message. */
json_t *sm_bench_read_jsonl(const char *path, int missing_ok);

#endif
