#define _POSIX_C_SOURCE 200809L

/* seam bench report RUN.jsonl... and seam bench rescore RUN.jsonl: the table per format, and
 * a bar chart drawn by gnuplot. */
#include "bench_report.h"
#include "bench_jsonl.h"
#include "bench_score.h"
#include "../cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define REPORT_MAX_FORMATS 32

typedef struct row {
	char format[32];
	long tasks, passed, lazy, lazy_tasks, edit_errors, errors, rounds, tokens;
	long fail_parse, fail_placeholder, fail_function, fail_class, fail_apply;
} row;

static row *row_for(row *rows, size_t *n, const char *format)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp(rows[i].format, format))
			return &rows[i];
	if (*n == REPORT_MAX_FORMATS)
		return NULL;
	memset(&rows[*n], 0, sizeof(*rows));
	snprintf(rows[*n].format, sizeof(rows[*n].format), "%s", format);
	return &rows[(*n)++];
}

static long num(const json_t *o, const char *k)
{
	json_int_t v = json_integer_value(json_object_get(o, k));
	return v < 0 ? 0 : (long)v;
}

static void add(row *r, const json_t *l)
{
	const char *check = json_string_value(json_object_get(l, "check"));

	r->tasks++;
	if (json_object_get(l, "error")) {
		r->errors++;
		return;
	}
	r->passed += json_is_true(json_object_get(l, "passed"));
	r->lazy += num(l, "lazy");
	r->lazy_tasks += num(l, "lazy") > 0;
	r->edit_errors += num(l, "edit_errors");
	r->rounds += num(l, "rounds");
	r->tokens += num(l, "tokens");
	if (!check)
		return;
	r->fail_parse += !strcmp(check, "parse");
	r->fail_placeholder += !strcmp(check, "placeholder");
	r->fail_function += !strcmp(check, "function");
	r->fail_class += !strcmp(check, "class");
	r->fail_apply += !strcmp(check, "apply");
}

static double per(long a, long b)
{
	return b ? (double)a / (double)b : 0.0;
}

static void table(const row *rows, size_t n)
{
	size_t i;

	printf("%-10s %6s %7s %6s %5s %10s %11s %7s %11s  %s\n", "format", "tasks", "passed",
	       "pass%", "lazy", "lazy-tasks", "edit-errors", "rounds", "tokens/task",
	       "failed: placeholder parse function class apply error");
	for (i = 0; i < n; i++) {
		const row *r = &rows[i];
		long ran = r->tasks - r->errors;
		printf("%-10s %6ld %7ld %5.1f%% %5ld %10ld %11ld %7.2f %11.0f  %ld %ld %ld %ld %ld %ld\n",
		       r->format, r->tasks, r->passed, 100.0 * per(r->passed, r->tasks), r->lazy,
		       r->lazy_tasks, r->edit_errors, per(r->rounds, ran), per(r->tokens, ran),
		       r->fail_placeholder, r->fail_parse, r->fail_function, r->fail_class,
		       r->fail_apply, r->errors);
	}
}

/* The chart: pass rate and share of tasks with a lazy reply, per format. */
static int chart(const row *rows, size_t n, const char *png)
{
	char dir[] = "/tmp/seam-chart-XXXXXX", dat[64], gp[64];
	FILE *f;
	size_t i;
	pid_t pid;
	int st = -1;

	if (!mkdtemp(dir)) {
		sm_cli_errorf("mkdtemp", strerror(errno));
		return -1;
	}
	snprintf(dat, sizeof(dat), "%s/data", dir);
	snprintf(gp, sizeof(gp), "%s/plot.gp", dir);
	if (!(f = fopen(dat, "w")))
		goto out;
	for (i = 0; i < n; i++)
		fprintf(f, "\"%s\" %.2f %.2f\n", rows[i].format,
			100.0 * per(rows[i].passed, rows[i].tasks),
			100.0 * per(rows[i].lazy_tasks, rows[i].tasks));
	fclose(f);
	if (!(f = fopen(gp, "w")))
		goto out;
	fprintf(f, "set terminal png size 800,480\n"
		   "set output ARG1\n"
		   "set title 'seam bench: refactoring tasks per edit format'\n"
		   "set ylabel '%% of tasks'\n"
		   "set yrange [0:100]\n"
		   "set style data histograms\n"
		   "set style histogram clustered gap 1\n"
		   "set style fill solid 0.8 border -1\n"
		   "set key top right\n"
		   "plot ARG2 using 2:xtic(1) title 'passed', '' using 3 title 'with a lazy reply'\n");
	fclose(f);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execlp("gnuplot", "gnuplot", "-c", gp, png, dat, (char *)NULL);
		fprintf(stderr, "seam: gnuplot: %s (Debian: apt-get install gnuplot-nox)\n",
			strerror(errno));
		_exit(127);
	}
	if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st))
		st = 0;
	else
		st = -1;
out:
	unlink(dat);
	unlink(gp);
	rmdir(dir);
	if (st)
		fprintf(stderr, "seam: bench: the chart %s was not drawn\n", png);
	return st;
}

/* rescore: the recorded replies, in order */
typedef struct recorded {
	const json_t *replies;
	size_t next;
} recorded;

static int recorded_reply(void *ctx, seam_loop *l, char **text, size_t *len, int *cut,
			  long *ptok, long *ctok, char *err, size_t errsz)
{
	recorded *r = ctx;
	const json_t *rep = json_array_get(r->replies, r->next);
	const char *t = json_string_value(json_object_get(rep, "text"));

	(void)l;
	if (!t) {
		snprintf(err, errsz, "the recorded replies ran out: this seam asks for reply %zu",
			 r->next + 1);
		return 1;
	}
	r->next++;
	*len = json_string_length(json_object_get(rep, "text"));
	if (!(*text = malloc(*len + 1)))
		return -1;
	memcpy(*text, t, *len);
	(*text)[*len] = '\0';
	*cut = json_is_true(json_object_get(rep, "cut"));
	*ptok = (long)json_integer_value(json_object_get(rep, "prompt_tokens"));
	*ctok = (long)json_integer_value(json_object_get(rep, "completion_tokens"));
	return 0;
}

int sm_bench_report_main(int argc, char **argv, int rescore)
{
	row rows[REPORT_MAX_FORMATS];
	size_t nrows = 0, i, k, changed = 0, nfiles = 0;
	const char *png = NULL;
	json_t *last = json_object(); /* "format/task" -> its last line */
	const char *key;
	json_t *v;
	int a, status = EXIT_APPLIED;

	for (a = 2; a < argc; a++) {
		if (!strcmp(argv[a], "--png") && a + 1 < argc && !rescore) {
			png = argv[++a];
			continue;
		}
		if (argv[a][0] == '-' || (rescore && nfiles)) {
			fprintf(stderr, "usage: seam bench report [--png FILE] RUN.jsonl...\n"
					"       seam bench rescore RUN.jsonl\n");
			json_decref(last);
			return EXIT_ERROR;
		}
		nfiles++;
		json_t *lines = sm_bench_read_jsonl(argv[a], 0);
		if (!lines) {
			json_decref(last);
			return EXIT_ERROR;
		}
		for (k = 0; k < json_array_size(lines); k++) {
			json_t *l = json_array_get(lines, k);
			char kb[128];
			const char *f = json_string_value(json_object_get(l, "format"));
			snprintf(kb, sizeof(kb), "%s/%lld", f ? f : "?",
				 (long long)json_integer_value(json_object_get(l, "task")));
			json_object_set(last, kb, l);
		}
		json_decref(lines);
	}
	if (!nfiles) {
		fprintf(stderr, "seam: bench %s needs RUN.jsonl\n", rescore ? "rescore" : "report");
		json_decref(last);
		return EXIT_ERROR;
	}
	json_object_foreach(last, key, v) {
		const char *f = json_string_value(json_object_get(v, "format"));
		json_t *use = v, *again = NULL;
		row *r;
		if (rescore && !json_object_get(v, "error") && json_object_get(v, "spec")) {
			recorded rec = {json_object_get(v, "replies"), 0};
			size_t nr = json_array_size(rec.replies);
			again = sm_bench_score(json_object_get(v, "spec"),
					       (size_t)json_integer_value(json_object_get(v, "task")),
					       f ? f : "editblock",
					       (unsigned)(nr < 1 ? 1 : nr > 20 ? 20 : nr),
					       recorded_reply, &rec);
			if (!again) {
				status = EXIT_ERROR;
				continue;
			}
			if (json_is_true(json_object_get(again, "passed")) !=
			    json_is_true(json_object_get(v, "passed"))) {
				changed++;
				fprintf(stderr, "seam: bench: task %s: recorded %s, now %s%s%s\n", key,
					json_is_true(json_object_get(v, "passed")) ? "passed"
										   : "failed",
					json_is_true(json_object_get(again, "passed")) ? "passed"
										       : "failed",
					json_is_true(json_object_get(again, "passed")) ? "" : ": ",
					json_string_value(json_object_get(again, "reason")));
			}
			use = again;
		}
		if ((r = row_for(rows, &nrows, f ? f : "?")))
			add(r, use);
		json_decref(again);
	}
	table(rows, nrows);
	if (rescore)
		printf("%zu verdict%s changed since the run\n", changed, changed == 1 ? "" : "s");
	if (png && chart(rows, nrows, png))
		status = EXIT_ERROR;
	(void)i;
	json_decref(last);
	return status;
}
