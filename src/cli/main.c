#define _POSIX_C_SOURCE 200809L

/*
 * The seam tool: a thin client of seam.h. Results go to stdout, messages to stderr (prefixed
 * "seam: "), so that `seam apply --json | jq` and `seam apply --feedback > msg` work.
 */

#include "cli.h"
#include "filter.h"
#include "mcp.h"
#include "bench/bench.h"

#include <errno.h>
#include <jansson.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Past this many edits planning can take a noticeable moment: say what is going on. */
#define PROGRESS_EDITS 200

static int too_large(size_t limit, const char **why)
{
	static char msg[96];

	snprintf(msg, sizeof(msg), "the reply is larger than %zu bytes (--max-reply-bytes)", limit);
	*why = msg;
	return SEAM_ELIMIT;
}

/* Reads all of f, refusing more than limit bytes. Returns 0, or an error code with *why set. */
static int read_all(FILE *f, size_t limit, char **out, size_t *len, const char **why)
{
	size_t cap = 0, n = 0;
	char *buf = NULL;

	for (;;) {
		size_t got;
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *nb;
			/* One byte past the limit is enough to know it is passed. */
			if (ncap > limit + 1)
				ncap = limit + 1 > n ? limit + 1 : n + 1;
			nb = realloc(buf, ncap + 1);
			if (!nb) {
				free(buf);
				*why = "out of memory";
				return SEAM_ENOMEM;
			}
			buf = nb;
			cap = ncap;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n > limit) {
			free(buf);
			return too_large(limit, why);
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		*why = strerror(errno);
		free(buf);
		return SEAM_EIO;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

static int read_reply(const sm_cli *o, char **data, size_t *len, const char **why)
{
	/* The library's default, applied here too: a huge stdin is refused while it is read,
	 * before it is held whole. */
	size_t limit = o->max_reply_bytes ? o->max_reply_bytes : sm_cli_default_reply_bytes();
	FILE *f = stdin;
	int rc;

	/* read_all needs room for limit + 2 bytes; no real machine holds that much anyway. */
	if (limit > SIZE_MAX / 2)
		limit = SIZE_MAX / 2;

	if (o->reply && strcmp(o->reply, "-")) {
		struct stat st;
		f = fopen(o->reply, "rb");
		if (!f) {
			*why = strerror(errno);
			return SEAM_EIO;
		}
		/* A file says its size: a huge one is refused without reading it. */
		if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
		    (uintmax_t)st.st_size > (uintmax_t)limit) {
			fclose(f);
			return too_large(limit, why);
		}
	} else if (isatty(STDIN_FILENO)) {
		fputs("seam: reading the reply from the terminal (end it with Ctrl-D)\n", stderr);
	}
	rc = read_all(f, limit, data, len, why);
	if (f != stdin)
		fclose(f);
	return rc;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads and parses the reply; on failure says why and returns the exit status (else -1). */
static int load_reply(const sm_cli *o, seam_session *s, seam_reply **r)
{
	const char *why = "", *name = o->reply && strcmp(o->reply, "-") ? o->reply : "stdin";
	char *data = NULL;
	size_t len = 0;
	int rc;

	rc = read_reply(o, &data, &len, &why);
	if (rc) {
		if (o->json)
			sm_cli_json_error(o, rc, why);
		else
			sm_cli_errorf(name, why);
		return EXIT_ERROR;
	}
	rc = seam_reply_parse(r, s, data, len);
	free(data);
	if (rc == SEAM_EPARSE)
		return sm_cli_no_edit(o, s);
	if (rc) {
		if (o->json)
			sm_cli_json_error(o, rc, seam_session_errmsg(s));
		else
			sm_cli_errorf("reading the reply", seam_session_errmsg(s));
		return EXIT_ERROR;
	}
	return -1;
}

static size_t count_edits(const seam_reply *r)
{
	size_t i, n = 0, nf = seam_reply_file_count(r);
	for (i = 0; i < nf; i++)
		n += seam_reply_edit_count(r, i);
	return n;
}

static int plan_and_report(const sm_cli *o, seam_session *s, seam_reply *r, seam_tree *t,
			   const sm_cli_excluded *x)
{
	json_t *excluded = NULL;
	seam_plan *p = NULL;
	size_t nedits = count_edits(r);
	int progress = !o->quiet && nedits > PROGRESS_EDITS && isatty(STDERR_FILENO);
	double t0 = now();
	int rc;

	if (progress)
		fprintf(stderr, "seam: locating %zu edits in %zu file%s...", nedits,
			seam_reply_file_count(r), seam_reply_file_count(r) == 1 ? "" : "s");
	rc = seam_plan_new(&p, s, r, t);
	if (progress)
		fprintf(stderr, " %.2f s\n", now() - t0);
	/* the files left out come first in the text report, as a member of the JSON */
	if (x->n && o->json && !(excluded = sm_cli_excluded_json(x))) {
		sm_cli_errorf("rendering the report", "out of memory");
		seam_plan_free(p);
		return EXIT_ERROR;
	}
	if (x->n && !o->json && !o->feedback && !o->quiet)
		sm_cli_excluded_print(stdout, x);
	rc = sm_cli_report(o, s, p, rc, excluded);
	json_decref(excluded);
	return rc;
}

/* A commit a killed seam left was finished or undone when the tree was opened: say so. */
static void say_recovered(const sm_cli *o, seam_tree *t)
{
	size_t fwd = 0, back = 0;

	if (o->quiet || seam_tree_recover(t, &fwd, &back) != SEAM_OK || fwd + back == 0)
		return;
	fprintf(stderr,
		"seam: an interrupted commit was found in the tree: %zu finished, %zu undone\n",
		fwd, back);
}

static int run_recover(const sm_cli *o)
{
	seam_options so = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	size_t fwd = 0, back = 0;
	int rc, status = EXIT_APPLIED;

	so.lock_wait_ms = o->lock_wait_ms;
	if (o->no_wait)
		so.flags |= SEAM_FLAG_NO_WAIT;
	if (seam_session_new(&s, &so)) {
		sm_cli_errorf("cannot start", "out of memory");
		return EXIT_ERROR;
	}
	/* Opening the tree recovers it; the second call only counts what was done. */
	if ((rc = seam_tree_open_dir(&t, s, o->dir ? o->dir : ".")) != SEAM_OK ||
	    (rc = seam_tree_recover(t, &fwd, &back)) != SEAM_OK) {
		sm_cli_errorf(*seam_session_errmsg(s) ? seam_session_errmsg(s) : "recover", NULL);
		status = EXIT_ERROR;
	} else if (!o->quiet) {
		if (fwd + back == 0)
			puts("nothing to recover");
		else
			printf("interrupted commits: %zu finished, %zu undone\n", fwd, back);
	}
	seam_tree_free(t);
	seam_session_free(s);
	return status;
}

static int run_apply(const sm_cli *o)
{
	seam_options so = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	const char *dir = o->dir ? o->dir : ".";
	sm_cli_excluded x = {NULL, 0};
	int rc, status;

	so.format = (seam_format_t)o->format;
	so.max_reply_bytes = o->max_reply_bytes;
	so.max_file_bytes = o->max_file_bytes;
	so.max_edits = o->max_edits;
	so.syntax = (seam_syntax_t)o->syntax;
	so.lazy = (seam_lazy_t)o->lazy;
	so.max_fuzzy_ms = o->max_fuzzy_ms;
	so.lock_wait_ms = o->lock_wait_ms;
	so.path = o->path;
	so.strip_prefix = o->strip_prefix;
	if (o->strip_set) {
		so.flags |= SEAM_FLAG_STRIP_COMPONENTS;
		so.strip_components = o->strip;
	}
	if (o->no_wait)
		so.flags |= SEAM_FLAG_NO_WAIT;
	if (o->no_resolve)
		so.flags |= SEAM_FLAG_NO_NAME_RESOLVE;
	if (o->keep_no_eol)
		so.flags |= SEAM_FLAG_KEEP_NO_EOL;
	if (o->dry_run)
		so.flags |= SEAM_FLAG_DRY_RUN;
	if (o->reverse)
		so.flags |= SEAM_FLAG_REVERSE;
	if (o->strict)
		so.flags |= SEAM_FLAG_STRICT;
	if (o->batch)
		return sm_cli_batch(o, &so);
	if ((rc = seam_session_new(&s, &so))) {
		sm_cli_errorf("cannot start", rc == SEAM_ENOMEM ? "out of memory" : "bad options");
		return EXIT_ERROR;
	}
	/* a stream needs the tree first: each edit is located as soon as it is complete */
	status = o->stream ? -1 : load_reply(o, s, &r);
	if (status < 0 && r && sm_cli_filter(o, r, &x)) {
		sm_cli_errorf("cannot start", "out of memory");
		status = EXIT_ERROR;
	}
	if (status < 0) {
		if ((rc = seam_tree_open_dir(&t, s, dir))) {
			if (o->json)
				sm_cli_json_error(o, rc, seam_session_errmsg(s));
			else
				sm_cli_errorf(*seam_session_errmsg(s) ? seam_session_errmsg(s) : dir,
					      NULL);
			status = EXIT_ERROR;
		} else if (o->stream) {
			/* No lock while the model writes: the stream plans on what it read, and the
			 * commit takes the lock and checks every file against that. */
			say_recovered(o, t);
			status = sm_cli_stream(o, s, t);
		} else if (!o->dry_run && (rc = seam_tree_lock(t)) != SEAM_OK) {
			/* Held from reading the files to writing them: a second seam on the same
			 * tree waits, then plans on what the first one wrote. */
			if (o->json)
				sm_cli_json_error(o, rc, seam_session_errmsg(s));
			else
				sm_cli_errorf("nothing was written", seam_session_errmsg(s));
			status = EXIT_ERROR;
		} else {
			say_recovered(o, t);
			status = plan_and_report(o, s, r, t, &x);
			seam_tree_unlock(t);
		}
	}
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	sm_cli_excluded_free(&x);
	return status;
}

/* seam detect --json: {"format": F, "files": [{"path", "op", "edits"}]}, and "excluded" (the
 * files --include/--exclude left out) when there are some */
static int detect_json(const seam_reply *r, const sm_cli_excluded *x)
{
	json_t *doc = json_object(), *files = json_array();
	size_t i, nf = seam_reply_file_count(r);
	char *out = NULL;

	if (doc && files) {
		json_object_set_new(doc, "version", json_string(SEAM_VERSION));
		json_object_set_new(doc, "format", json_string(seam_format_name(seam_reply_format(r))));
		for (i = 0; i < nf; i++) {
			const char *path = seam_reply_file_path(r, i);
			json_t *f = json_object();
			if (!f)
				break;
			/* a path that is not UTF-8 is given as null rather than dropped */
			json_object_set_new(f, "path", path ? json_string(path) : json_null());
			if (!json_object_get(f, "path"))
				json_object_set_new(f, "path", json_null());
			json_object_set_new(f, "op", json_string(seam_op_name(seam_reply_file_op(r, i))));
			json_object_set_new(f, "edits",
					    json_integer((json_int_t)seam_reply_edit_count(r, i)));
			json_array_append_new(files, f);
		}
		json_object_set(doc, "files", files);
		if (x->n)
			json_object_set_new(doc, "excluded", sm_cli_excluded_json(x));
		out = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	}
	json_decref(files);
	json_decref(doc);
	if (!out) {
		sm_cli_errorf("rendering the report", "out of memory");
		return EXIT_ERROR;
	}
	puts(out);
	free(out);
	return EXIT_APPLIED;
}

static int run_detect(const sm_cli *o)
{
	seam_options so = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	sm_cli_excluded x = {NULL, 0};
	size_t i, nf;
	int status;

	so.max_reply_bytes = o->max_reply_bytes;
	so.path = o->path;
	so.strip_prefix = o->strip_prefix;
	if (o->strip_set) {
		so.flags |= SEAM_FLAG_STRIP_COMPONENTS;
		so.strip_components = o->strip;
	}
	if (o->reverse)
		so.flags |= SEAM_FLAG_REVERSE;
	if (seam_session_new(&s, &so)) {
		sm_cli_errorf("cannot start", "out of memory");
		return EXIT_ERROR;
	}
	status = load_reply(o, s, &r);
	if (status < 0 && sm_cli_filter(o, r, &x)) {
		sm_cli_errorf("cannot start", "out of memory");
		status = EXIT_ERROR;
	}
	if (status < 0 && o->json) {
		status = detect_json(r, &x);
	} else if (status < 0) {
		printf("format: %s\n", seam_format_name(seam_reply_format(r)));
		sm_cli_excluded_print(stdout, &x);
		nf = seam_reply_file_count(r);
		for (i = 0; i < nf; i++) {
			size_t ne = seam_reply_edit_count(r, i);
			sm_cli_put_safe(stdout, seam_reply_file_path(r, i));
			printf(": %s, %zu edit%s\n", seam_op_name(seam_reply_file_op(r, i)), ne,
			       ne == 1 ? "" : "s");
		}
		status = EXIT_APPLIED;
	}
	seam_reply_free(r);
	seam_session_free(s);
	sm_cli_excluded_free(&x);
	return status;
}

int main(int argc, char **argv)
{
	char err[512];
	sm_cli o;
	int status;

	/* A reader that goes away (| head) must not kill us between two writes of a commit;
	 * EPIPE on stdout is handled below instead. */
	signal(SIGPIPE, SIG_IGN);
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, SM_CLI_MMAP_THRESHOLD);
#endif
	/* the benchmark's commands parse their own arguments (bench/) */
	if (argc >= 2 && !strcmp(argv[1], "bench")) {
		status = sm_cli_bench_main(argc - 1, argv + 1);
		if (fflush(stdout) && errno != EPIPE)
			return EXIT_ERROR;
		return status;
	}
	/* the model loop's commands parse their own arguments (prompt.c, ask/) */
	if (argc >= 2 && (!strcmp(argv[1], "prompt") || !strcmp(argv[1], "ask") ||
			  (argc == 3 && !strcmp(argv[1], "help") &&
			   (!strcmp(argv[2], "prompt") || !strcmp(argv[2], "ask"))))) {
		if (!strcmp(argv[1], "help"))
			status = !strcmp(argv[2], "ask") ? (sm_cli_ask_help(stdout), EXIT_APPLIED)
							 : (sm_cli_prompt_help(stdout), EXIT_APPLIED);
		else if (!strcmp(argv[1], "prompt"))
			status = sm_cli_prompt_main(argc - 1, argv + 1);
		else
			status = sm_cli_ask_main(argc - 1, argv + 1);
		if (fflush(stdout) && errno != EPIPE)
			return EXIT_ERROR;
		return status;
	}
	if (sm_cli_parse(argc, argv, &o, err, sizeof(err))) {
		sm_cli_errorf(err, NULL);
		sm_cli_usage(stderr);
		return EXIT_ERROR;
	}
	switch (o.cmd) {
	case SM_CLI_HELP:
		if (o.help_short)
			sm_cli_help_short(stdout);
		else
			sm_cli_help(stdout, o.help_on);
		status = EXIT_APPLIED;
		break;
	case SM_CLI_VERSION: {
		size_t i;
		puts("seam " SEAM_VERSION);
		fputs("syntax check:", stdout);
		for (i = 0; seam_syntax_language(i); i++)
			printf(" %s", seam_syntax_language(i));
		puts(i ? "" : " none (built without grammars)");
		status = EXIT_APPLIED;
		break;
	}
	case SM_CLI_APPLY:
		status = run_apply(&o);
		break;
	case SM_CLI_DETECT:
		status = run_detect(&o);
		break;
	case SM_CLI_LOCATE:
		status = sm_cli_locate(&o);
		break;
	case SM_CLI_MCP:
		status = sm_cli_mcp(&o);
		break;
	case SM_CLI_RECOVER:
		status = run_recover(&o);
		break;
	default:
		sm_cli_usage(stderr);
		return EXIT_ERROR;
	}
	if (fflush(stdout) || ferror(stdout)) {
		/* Nobody is left to read a broken pipe's report; anything else is worth saying.
		 * Exit 2 says nothing was written: not so once the tree was. */
		if (errno != EPIPE) {
			sm_cli_errorf(sm_cli_written ? "the files were written, but writing the "
						       "report failed"
						     : "writing the output",
				      strerror(errno));
			return sm_cli_written ? status : EXIT_ERROR;
		}
	}
	return status;
}
