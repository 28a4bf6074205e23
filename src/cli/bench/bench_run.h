#ifndef SEAM_CLI_BENCH_RUN_H
#define SEAM_CLI_BENCH_RUN_H

/* seam bench run (bench_run.c), called by the dispatch in bench.c. */
int sm_bench_run_main(int argc, char **argv);

#endif
