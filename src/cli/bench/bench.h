#ifndef SEAM_CLI_BENCH_H
#define SEAM_CLI_BENCH_H

/*
 * seam bench: the laziness benchmark's commands. The parse-tree work is in the library
 * (seam_bench_tasks, seam_bench_check); here are the files, the model and the table.
 *
 *   bench.c         the subcommands' dispatch, tasks (the only one that includes this header:
 *                   each part has its own, so that calls go one way, from the dispatch down)
 *   bench_jsonl.c   the reader of task and run files
 *   bench_score.c   one task through the model loop, whatever gives the replies (a model for
 *                   run, a recorded run for rescore), and its verdict
 *   bench_run.c     run: the endpoint, -j, resume, progress
 *   bench_report.c  report and rescore: the table and the chart
 */

#include <stdio.h>

int sm_cli_bench_main(int argc, char **argv);
void sm_cli_bench_help(FILE *f);

#endif
