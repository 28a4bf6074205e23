#define _POSIX_C_SOURCE 200809L

/*
 * seam bench run TASKS.jsonl --format F --out RUN.jsonl: each task through the model loop with
 * an OpenAI-compatible endpoint (seam ask's settings and client), one line per task appended
 * to RUN. Tasks already in RUN are skipped (a stopped run resumes); -j N runs N tasks at a
 * time, each in a child process that hands its line back through a file.
 */
#include "bench_run.h"
#include "bench_jsonl.h"
#include "bench_score.h"
#include "../cli.h"
#include "../ask/http.h"

#include "../ask/curl_dl.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUN_MAX_JOBS 64

static const char *env2(const char *a, const char *b)
{
	const char *v = getenv(a);
	if (v && *v)
		return v;
	v = getenv(b);
	return v && *v ? v : NULL;
}

typedef struct watch {
	seam_stream *st;
	int failed, fed_error;
} watch;

static int on_piece(void *ctx, const char *t, size_t n)
{
	watch *w = ctx;
	seam_event ev;

	if (!w->st || w->fed_error)
		return 0;
	if (seam_stream_feed(w->st, t, n) != SEAM_OK) {
		w->fed_error = 1;
		return 0;
	}
	while (seam_stream_next(w->st, &ev))
		if (ev.kind == SEAM_EVENT_EDIT &&
		    (ev.status == SEAM_STATUS_NO_MATCH || ev.status == SEAM_STATUS_AMBIGUOUS ||
		     ev.status == SEAM_STATUS_LAZY || ev.status == SEAM_STATUS_OVERLAP ||
		     ev.status == SEAM_STATUS_SYNTAX))
			w->failed = 1;
	return w->failed;
}

/* A reply from the endpoint, streamed and cut at the first failed edit as seam ask does. */
static int ask_reply(void *ctx, seam_loop *l, char **text, size_t *len, int *cut, long *ptok,
		     long *ctok, char *err, size_t errsz)
{
	const sm_ask_conf *c = ctx;
	char *msgs = NULL, *body;
	json_t *req;
	sm_ask_answer a;
	watch w = {NULL, 0, 0};
	int rc;

	if (seam_loop_request(l, &msgs, NULL)) {
		snprintf(err, errsz, "out of memory");
		return -1;
	}
	req = json_pack("{s:s, s:o, s:b, s:{s:b}}", "model", c->model, "messages",
			json_loads(msgs, 0, NULL), "stream", 1, "stream_options", "include_usage", 1);
	seam_free(msgs);
	body = req ? json_dumps(req, JSON_COMPACT) : NULL;
	json_decref(req);
	if (!body) {
		snprintf(err, errsz, "out of memory");
		return -1;
	}
	seam_loop_stream(l, &w.st);
	rc = sm_ask_post(c, body, strlen(body), on_piece, &w, &a, err, errsz);
	free(body);
	seam_stream_free(w.st);
	if (rc)
		return -1;
	if (!strcmp(a.finish, "refused")) {
		snprintf(err, errsz, "the model refused to answer");
		free(a.text);
		return -1;
	}
	*text = a.text;
	*len = a.len;
	*cut = a.cut;
	*ptok = a.prompt_tokens;
	*ctok = a.completion_tokens;
	return 0;
}

static const char run_usage[] =
	"usage: seam bench run TASKS.jsonl --format F --out RUN.jsonl [-j N] [--retries N]\n"
	"                      [--model M] [--base-url URL] [--timeout S]\n";

typedef struct job {
	pid_t pid;
	size_t task;
	char part[4096];
} job;

/* Appends the child's line to out; counts a pass. */
static void collect(job *jb, FILE *out, size_t *done, size_t *passed)
{
	size_t len = 0;
	const char *why;
	char *line = sm_cli_slurp(jb->part, (size_t)256 << 20, &len, &why);
	json_t *v = line ? json_loads(line, 0, NULL) : NULL;

	if (!v) {
		fprintf(stderr, "seam: bench: task %zu gave no result (it will run again on resume)\n",
			jb->task);
	} else {
		fputs(line, out);
		fflush(out);
		(*done)++;
		*passed += json_is_true(json_object_get(v, "passed"));
	}
	json_decref(v);
	free(line);
	unlink(jb->part);
	jb->pid = 0;
}

int sm_bench_run_main(int argc, char **argv)
{
	const char *tasks_path = NULL, *out_path = NULL, *format = NULL, *model = NULL,
		   *base = NULL;
	long jobs = 1, rounds = 3, timeout = 120, v;
	json_t *tasks = NULL, *prev = NULL;
	char *seen = NULL;
	sm_ask_conf c;
	FILE *out = NULL;
	job js[RUN_MAX_JOBS];
	size_t i, ntasks, done = 0, passed = 0, todo = 0, running = 0;
	int i_arg, tty = isatty(STDERR_FILENO), status = EXIT_ERROR;

	for (i_arg = 2; i_arg < argc; i_arg++) {
		const char *a = argv[i_arg], *val = i_arg + 1 < argc ? argv[i_arg + 1] : NULL;
		if (a[0] != '-') {
			if (tasks_path)
				goto usage;
			tasks_path = a;
			continue;
		}
		if (!val)
			goto usage;
		i_arg++;
		if (!strcmp(a, "--format")) {
			char *t = NULL;
			if (seam_prompt(val, &t, NULL)) {
				fprintf(stderr, "seam: no prompt for format '%s'\n", val);
				return EXIT_ERROR;
			}
			seam_free(t);
			format = val;
		} else if (!strcmp(a, "--out")) {
			out_path = val;
		} else if (!strcmp(a, "--model")) {
			model = val;
		} else if (!strcmp(a, "--base-url")) {
			base = val;
		} else if (!strcmp(a, "-j") && !sm_cli_parse_count(val, RUN_MAX_JOBS, &v)) {
			jobs = v;
		} else if (!strcmp(a, "--retries") && !sm_cli_parse_count(val, 20, &v)) {
			rounds = v;
		} else if (!strcmp(a, "--timeout") && !sm_cli_parse_count(val, 86400, &v)) {
			timeout = v;
		} else {
			goto usage;
		}
	}
	if (!tasks_path || !out_path || !format)
		goto usage;
	memset(&c, 0, sizeof(c));
	c.base_url = base ? base : env2("SEAM_BASE_URL", "OPENAI_BASE_URL");
	if (!c.base_url)
		c.base_url = "https://api.openai.com/v1";
	c.model = model ? model : env2("SEAM_MODEL", "OPENAI_MODEL");
	c.key = env2("SEAM_API_KEY", "OPENAI_API_KEY");
	c.timeout_s = timeout;
	if (!c.model) {
		sm_cli_errorf("no model: give --model, or set SEAM_MODEL (or OPENAI_MODEL)", NULL);
		return EXIT_ERROR;
	}
	if (!(tasks = sm_bench_read_jsonl(tasks_path, 0)) ||
	    !(prev = sm_bench_read_jsonl(out_path, 1)))
		goto out;
	ntasks = json_array_size(tasks);
	if (!(seen = calloc(ntasks + 1, 1)))
		goto out;
	/* resume: a task with a line (not an error) in RUN is done */
	for (i = 0; i < json_array_size(prev); i++) {
		json_t *l = json_array_get(prev, i);
		json_int_t k = json_integer_value(json_object_get(l, "task"));
		const char *f = json_string_value(json_object_get(l, "format"));
		if (f && strcmp(f, format)) {
			fprintf(stderr, "seam: bench: %s holds a run with --format %s, not %s\n",
				out_path, f, format);
			goto out;
		}
		if (k >= 0 && (size_t)k < ntasks && !json_object_get(l, "error") && !seen[k]) {
			seen[k] = 1;
			done++;
			passed += json_is_true(json_object_get(l, "passed"));
		}
	}
	for (i = 0; i < ntasks; i++)
		todo += !seen[i];
	if (!(out = fopen(out_path, "a"))) {
		sm_cli_errorf(out_path, strerror(errno));
		goto out;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		sm_cli_errorf("cannot start libcurl", sm_curl_error());
		goto out;
	}
	if (done)
		fprintf(stderr, "seam: bench: resuming: %zu of %zu tasks done already\n", done,
			ntasks);
	memset(js, 0, sizeof(js));
	if (tty)
		fprintf(stderr, "seam: bench: task %zu of %zu, %zu passed so far ", done, ntasks,
			passed);
	fflush(NULL);
	for (i = 0; i < ntasks || running;) {
		int st;
		pid_t pid;
		size_t k;
		if (i < ntasks && seen[i]) {
			i++;
			continue;
		}
		if (i < ntasks && running < (size_t)jobs) {
			for (k = 0; js[k].pid; k++)
				;
			js[k].task = i;
			snprintf(js[k].part, sizeof(js[k].part), "%s.part.%zu", out_path, i);
			pid = fork();
			if (pid == 0) {
				json_t *line = sm_bench_score(json_array_get(tasks, i), i, format,
							      (unsigned)rounds, ask_reply, &c);
				char *s = line ? json_dumps(line, JSON_COMPACT) : NULL;
				FILE *f = s ? fopen(js[k].part, "w") : NULL;
				int ok = f && fprintf(f, "%s\n", s) > 0;
				if (f && fclose(f))
					ok = 0;
				_exit(ok ? 0 : 1);
			}
			if (pid < 0) {
				sm_cli_errorf("fork", strerror(errno));
				break;
			}
			js[k].pid = pid;
			running++;
			i++;
			continue;
		}
		pid = wait(&st);
		if (pid < 0)
			break;
		for (k = 0; k < (size_t)jobs; k++)
			if (js[k].pid == pid) {
				collect(&js[k], out, &done, &passed);
				running--;
			}
		if (tty)
			fprintf(stderr, "\rseam: bench: task %zu of %zu, %zu passed so far ", done,
				ntasks, passed);
	}
	if (tty)
		fputc('\n', stderr);
	fprintf(stderr, "seam: bench: %zu of %zu tasks done, %zu passed\n", done, ntasks, passed);
	curl_global_cleanup();
	status = done == ntasks ? EXIT_APPLIED : EXIT_FAILED;
	(void)todo;
out:
	if (out && fclose(out))
		status = EXIT_ERROR;
	free(seen);
	json_decref(tasks);
	json_decref(prev);
	return status;
usage:
	fputs(run_usage, stderr);
	return EXIT_ERROR;
}
