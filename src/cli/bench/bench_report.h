#ifndef SEAM_CLI_BENCH_REPORT_H
#define SEAM_CLI_BENCH_REPORT_H

/* seam bench report and rescore (bench_report.c), called by the dispatch in bench.c. */
int sm_bench_report_main(int argc, char **argv, int rescore);

#endif
