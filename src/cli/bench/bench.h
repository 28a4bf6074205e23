#ifndef SEAM_CLI_BENCH_H
#define SEAM_CLI_BENCH_H

/*
 * seam bench: the laziness benchmark's commands. The parse-tree work is in the library
 * (seam_bench_tasks, seam_bench_check); here are the files, the model and the table.
 *
 *   bench.c         the subcommands' dispatch, tasks
 *   bench_score.c   one task through the model loop, whatever gives the replies (a model for
 *                   run, a recorded run for rescore), and its verdict
 *   bench_run.c     run: the endpoint, -j, resume, progress
 *   bench_report.c  report and rescore: the table and the chart
 */

#include "../cli.h"

#include <jansson.h>

/* Gives the next reply for the loop's request (JSON messages). Returns 0 with *text (malloc'ed)
 * set, 1 when there is no more (recorded run), -1 with err filled. tokens: -1 when unknown. */
typedef int (*sm_bench_reply_fn)(void *ctx, seam_loop *l, char **text, size_t *len, int *cut,
				 long *ptok, long *ctok, char *err, size_t errsz);

/* Runs task (a task line as a JSON object) with format, at most rounds replies, replies from
 * fn. Returns the run line (new reference): task, passed, check, reason, lazy, edit_errors,
 * rounds, tokens, replies, ... ; NULL when out of memory. */
json_t *sm_bench_score(const json_t *task, size_t index, const char *format, unsigned rounds,
		       sm_bench_reply_fn fn, void *ctx);

int sm_cli_bench_main(int argc, char **argv);
void sm_cli_bench_help(FILE *f);
int sm_bench_run_main(int argc, char **argv);
int sm_bench_report_main(int argc, char **argv, int rescore);

/* Reads a JSONL file: an array of objects (a bad line is an error naming it); NULL after a
 * message. */
json_t *sm_bench_read_jsonl(const char *path, int missing_ok);

#endif
