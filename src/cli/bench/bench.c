#define _XOPEN_SOURCE 700

/* seam bench: dispatch, and `seam bench tasks SRC_DIR` (a sorted walk, seam_bench_tasks on
 * each file). */
#include "bench.h"
#include "bench_report.h"
#include "bench_run.h"
#include "../cli.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>

static const char bench_help[] =
	"usage: seam bench tasks [--min-lines N] [--min-nodes N] SRC_DIR > TASKS.jsonl\n"
	"       seam bench run TASKS.jsonl --format F --out RUN.jsonl [-j N] [--retries N]\n"
	"                      [--model M] [--base-url URL] [--timeout S]\n"
	"       seam bench report [--png FILE] RUN.jsonl...\n"
	"       seam bench rescore RUN.jsonl\n"
	"\n"
	"The laziness benchmark: refactoring tasks that tempt a model to leave a placeholder\n"
	"instead of code, checked by syntax tree, per edit format.\n"
	"  tasks    finds in the large Python, JavaScript and TypeScript files under SRC_DIR the\n"
	"           class methods that never use their instance, have more than 100 syntax nodes\n"
	"           and are less than half of their class; one task per line: move it out as a\n"
	"           top-level function of the same name\n"
	"  run      asks a model each task (seam ask's endpoint settings: SEAM_BASE_URL,\n"
	"           SEAM_MODEL, SEAM_API_KEY) and appends a line per task to RUN: passed, the check\n"
	"           that failed, lazy replies, rounds, tokens, every reply; tasks already in RUN\n"
	"           are skipped (a stopped run resumes)\n"
	"  report   the table per format: pass rate, lazy replies, edit errors, rounds and tokens\n"
	"           per task; --png writes a bar chart with gnuplot\n"
	"  rescore  applies the recorded replies again with this seam, checks, prints the table\n"
	"\n"
	"exit status: 0 done (run: every task has its line), 1 run: some task has none (run it\n"
	"again to resume), 2 error\n";

void sm_cli_bench_help(FILE *f)
{
	fputs(bench_help, f);
}

/* the files under the root, sorted: a task list is the same on every run */
static char **found;
static size_t nfound, capfound;

static int on_file(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (type != FTW_F)
		return 0;
	if (nfound == capfound) {
		char **nf = realloc(found, (capfound = capfound ? capfound * 2 : 256) * sizeof(*nf));
		if (!nf)
			return -1;
		found = nf;
	}
	return (found[nfound] = strdup(path)) ? (nfound++, 0) : -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int tasks_main(int argc, char **argv)
{
	seam_bench_options o = {SEAM_BENCH_OPTIONS_VERSION, 0, 0};
	const char *dir = NULL;
	char *abs = NULL;
	size_t i, rootlen, count = 0;
	int a, status = EXIT_APPLIED;
	long v;
	char *end;

	for (a = 2; a < argc; a++) {
		if ((!strcmp(argv[a], "--min-lines") || !strcmp(argv[a], "--min-nodes")) &&
		    a + 1 < argc) {
			v = strtol(argv[a + 1], &end, 10);
			if (*end || v < 1 || v > 1000000)
				goto usage;
			if (argv[a][6] == 'l')
				o.min_file_lines = (unsigned)v;
			else
				o.min_method_nodes = (unsigned)v;
			a++;
		} else if (argv[a][0] != '-' && !dir) {
			dir = argv[a];
		} else {
			goto usage;
		}
	}
	if (!dir)
		goto usage;
	if (nftw(dir, on_file, 32, FTW_PHYS)) {
		sm_cli_errorf(dir, errno ? strerror(errno) : "cannot walk it");
		status = EXIT_ERROR;
		goto out;
	}
	qsort(found, nfound, sizeof(*found), by_name);
	/* the tasks name the root as an absolute path: a run need not start where this did */
	abs = realpath(dir, NULL);
	rootlen = strlen(dir);
	while (rootlen > 1 && dir[rootlen - 1] == '/')
		rootlen--;
	for (i = 0; i < nfound; i++) {
		const char *rel = found[i] + rootlen, *why;
		char *data, *out = NULL;
		size_t len, olen = 0;
		while (*rel == '/')
			rel++;
		data = sm_cli_slurp(found[i], sm_cli_default_file_bytes(), &len, &why);
		if (!data)
			continue; /* unreadable: no task */
		if (seam_bench_tasks(abs ? abs : dir, rel, data, len, &o, &out, &olen) == SEAM_OK) {
			fwrite(out, 1, olen, stdout);
			for (size_t k = 0; k < olen; k++)
				count += out[k] == '\n';
		}
		seam_free(out);
		free(data);
	}
	fprintf(stderr, "seam: bench: %zu tasks in %zu files\n", count, nfound);
out:
	free(abs);
	for (i = 0; i < nfound; i++)
		free(found[i]);
	free(found);
	found = NULL;
	nfound = capfound = 0;
	return status;
usage:
	fputs(bench_help, stderr);
	return EXIT_ERROR;
}

int sm_cli_bench_main(int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : "";

	if (!strcmp(sub, "tasks"))
		return tasks_main(argc, argv);
	if (!strcmp(sub, "run"))
		return sm_bench_run_main(argc, argv);
	if (!strcmp(sub, "report") || !strcmp(sub, "rescore"))
		return sm_bench_report_main(argc, argv, !strcmp(sub, "rescore"));
	if (!strcmp(sub, "-h") || !strcmp(sub, "--help") || !strcmp(sub, "help")) {
		fputs(bench_help, stdout);
		return EXIT_APPLIED;
	}
	fputs(bench_help, stderr);
	return EXIT_ERROR;
}
