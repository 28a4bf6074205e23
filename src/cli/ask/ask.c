#define _POSIX_C_SOURCE 200809L

/*
 * seam ask "INSTRUCTION" FILE...: drives a seam_loop with an OpenAI-compatible endpoint. Each
 * answer is streamed (http.c) into a seam_stream on the loop's files: at the first edit that
 * fails while the model is still writing, the transfer is aborted and the loop is fed what
 * came, marked cut. The tree is written once, at the end, all or nothing.
 */
#include "http.h"
#include "../cli.h"

#include "curl_dl.h"
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Seconds without a byte before a request is called stalled: a loaded local model can think
 * for a long while before its first token. */
#define ASK_DEFAULT_TIMEOUT 120L
#define ASK_DEFAULT_BASE_URL "https://api.openai.com/v1"

static const char ask_help[] =
	"usage: seam ask [options] \"INSTRUCTION\" FILE...\n"
	"\n"
	"seam ask: send the prompt of a format (seam prompt), the FILEs and the INSTRUCTION to an\n"
	"OpenAI-compatible chat-completions endpoint, apply the edits of the answer, and when some\n"
	"fail, send seam's feedback and ask again for those only (the edits that applied are\n"
	"kept). The answer is streamed: at the first edit that fails while the model is still\n"
	"writing, the generation is stopped and the model is asked again at once. The tree is\n"
	"written once, when every edit of every round applies: all files or none.\n"
	"\n"
	"options:\n"
	"  --format F        the edit format asked for (default editblock; see seam prompt);\n"
	"                    snippet runs two steps: the model quotes what it will change,\n"
	"                    seam answers with the exact regions, the model rewrites them\n"
	"  --model M         the model (default $SEAM_MODEL, else $OPENAI_MODEL)\n"
	"  --base-url URL    the API's base URL, up to /v1 (default $SEAM_BASE_URL, else\n"
	"                    $OPENAI_BASE_URL, else " ASK_DEFAULT_BASE_URL ")\n"
	"  --retries N       answers asked for at most (default 3, at most 20)\n"
	"  --timeout S       give up on a request after S seconds without a byte (default 120)\n"
	"  -C DIR            the tree (default: the current directory)\n"
	"  -n, --dry-run     show the diff, write nothing\n"
	"  --json            print one JSON document (status, rounds, tokens, stopped, diff)\n"
	"  -h, --help        show this help\n"
	"\n"
	"The API key comes from $SEAM_API_KEY, else $OPENAI_API_KEY (never from the command line;\n"
	"it is never printed). A local server needs none.\n"
	"\n"
	"exit status: 0 applied (or would apply, with --dry-run), 1 gave up after --retries\n"
	"answers (nothing written), 2 error (nothing written)\n";

void sm_cli_ask_help(FILE *f)
{
	fputs(ask_help, f);
}

typedef struct ask_opts {
	const char *format, *model, *base_url, *dir, *instruction;
	const char **files;
	size_t nfiles;
	unsigned rounds;
	long timeout;
	int json, dry_run;
} ask_opts;

static const char *env2(const char *a, const char *b)
{
	const char *v = getenv(a);
	if (v && *v)
		return v;
	v = getenv(b);
	return v && *v ? v : NULL;
}

/* 0, 1 (help printed), or -1 after a message. */
static int parse(int argc, char **argv, ask_opts *o)
{
	int i, only_args = 0;
	long v;

	memset(o, 0, sizeof(*o));
	o->format = "editblock";
	o->timeout = ASK_DEFAULT_TIMEOUT;
	o->files = calloc((size_t)argc + 1, sizeof(*o->files));
	if (!o->files)
		return -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *val = NULL;
		if (!only_args && !strcmp(a, "--")) {
			only_args = 1;
			continue;
		}
		if (only_args || a[0] != '-' || !a[1]) {
			if (!o->instruction)
				o->instruction = a;
			else
				o->files[o->nfiles++] = a;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			sm_cli_ask_help(stdout);
			return 1;
		}
		if (!strcmp(a, "--json")) {
			o->json = 1;
			continue;
		}
		if (!strcmp(a, "-n") || !strcmp(a, "--dry-run")) {
			o->dry_run = 1;
			continue;
		}
		if (!strcmp(a, "--api-key") || !strncmp(a, "--api-key=", 10) || !strcmp(a, "--key")) {
			sm_cli_errorf(a, "the key is never taken on the command line: set "
					 "SEAM_API_KEY (or OPENAI_API_KEY)");
			return -1;
		}
		if (!strcmp(a, "--format") || !strcmp(a, "--model") || !strcmp(a, "--base-url") ||
		    !strcmp(a, "--retries") || !strcmp(a, "--timeout") || !strcmp(a, "-C")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "seam: option '%s' needs a value\n", a);
				return -1;
			}
			val = argv[++i];
		} else {
			fprintf(stderr, "seam: unknown option '%s'\n", a);
			return -1;
		}
		if (!strcmp(a, "--format")) {
			char *t = NULL;
			if (seam_prompt(val, &t, NULL)) {
				fprintf(stderr, "seam: no prompt for format '%s'\n", val);
				return -1;
			}
			seam_free(t);
			o->format = val;
		} else if (!strcmp(a, "--model")) {
			o->model = val;
		} else if (!strcmp(a, "--base-url")) {
			o->base_url = val;
		} else if (!strcmp(a, "-C")) {
			o->dir = val;
		} else if (!strcmp(a, "--retries")) {
			if (sm_cli_parse_count(val, 20, &v)) {
				fprintf(stderr, "seam: --retries needs a number from 1 to 20\n");
				return -1;
			}
			o->rounds = (unsigned)v;
		} else {
			if (sm_cli_parse_count(val, 86400, &v)) {
				fprintf(stderr, "seam: --timeout needs a number of seconds\n");
				return -1;
			}
			o->timeout = v;
		}
	}
	if (!o->instruction || !o->nfiles) {
		sm_cli_errorf("ask needs an instruction and at least one FILE", NULL);
		return -1;
	}
	return 0;
}

/* What a round's stream watches for. */
typedef struct watch {
	seam_stream *st;
	int failed;
	long fed_error;
} watch;

static int edit_failed(seam_status_t s)
{
	return s == SEAM_STATUS_NO_MATCH || s == SEAM_STATUS_AMBIGUOUS || s == SEAM_STATUS_LAZY ||
	       s == SEAM_STATUS_OVERLAP || s == SEAM_STATUS_SYNTAX;
}

static int on_piece(void *ctx, const char *t, size_t n)
{
	watch *w = ctx;
	seam_event ev;

	if (!w->st || w->fed_error)
		return 0;
	if (seam_stream_feed(w->st, t, n) != SEAM_OK) {
		w->fed_error = 1; /* too large: the loop says so when fed */
		return 0;
	}
	while (seam_stream_next(w->st, &ev))
		if (ev.kind == SEAM_EVENT_EDIT && edit_failed(ev.status))
			w->failed = 1;
	return w->failed;
}

typedef struct outcome {
	const char *status;  /* applied, dry-run, gave-up, error */
	char stopped[1024];
	char *diff, *feedback;
	unsigned rounds, cuts;
	long ptok, ctok;
	int files;
} outcome;

static void put_json_out(const outcome *r)
{
	json_t *o = json_pack("{s:s, s:i, s:i, s:{s:I, s:I}, s:s, s:s, s:s, s:i}", "status",
			      r->status, "rounds", (int)r->rounds, "cut", (int)r->cuts, "tokens",
			      "prompt", (json_int_t)r->ptok, "completion", (json_int_t)r->ctok,
			      "stopped", r->stopped, "diff", r->diff ? r->diff : "", "feedback",
			      r->feedback ? r->feedback : "", "files", r->files);
	char *s = o ? json_dumps(o, JSON_INDENT(2)) : NULL;

	if (s) {
		puts(s);
		free(s);
	}
	json_decref(o);
}

static void put_text_out(const outcome *r)
{
	if (r->diff && *r->diff)
		fputs(r->diff, stdout);
	if (r->feedback && *r->feedback && strcmp(r->status, "applied") &&
	    strcmp(r->status, "dry-run")) {
		fputs("\nlast feedback to the model:\n", stdout);
		fputs(r->feedback, stdout);
	}
	printf("rounds: %u\n", r->rounds);
	if (r->cuts)
		printf("generations stopped at a failed edit: %u\n", r->cuts);
	if (r->ptok >= 0 || r->ctok >= 0)
		printf("tokens: %ld prompt, %ld completion\n", r->ptok < 0 ? 0 : r->ptok,
		       r->ctok < 0 ? 0 : r->ctok);
	else
		puts("tokens: not reported by the server");
	printf("stopped: %s\n", r->stopped);
}

/* Asks, feeds, repeats. Fills r; returns the exit status. */
static int converse(const ask_opts *o, const sm_ask_conf *c, seam_session *s, seam_tree *t,
		    outcome *r)
{
	seam_loop_options lo = {SEAM_LOOP_OPTIONS_VERSION, o->format, o->rounds};
	seam_loop *l = NULL;
	seam_plan *p = NULL;
	char err[512];
	int rc, status = EXIT_ERROR;

	rc = seam_loop_new(&l, s, t, o->instruction, o->files, o->nfiles, &lo);
	if (rc) {
		snprintf(r->stopped, sizeof(r->stopped), "error: %s", seam_session_errmsg(s));
		return EXIT_ERROR;
	}
	while (seam_loop_state(l) == SEAM_LOOP_NEED_REPLY) {
		char *msgs = NULL, *body;
		json_t *req;
		sm_ask_answer a;
		watch w = {NULL, 0, 0};
		size_t k;

		if (seam_loop_request(l, &msgs, NULL)) {
			snprintf(r->stopped, sizeof(r->stopped), "error: out of memory");
			goto out;
		}
		req = json_pack("{s:s, s:o, s:b, s:{s:b}}", "model", c->model, "messages",
				json_loads(msgs, 0, NULL), "stream", 1, "stream_options",
				"include_usage", 1);
		seam_free(msgs);
		body = req ? json_dumps(req, JSON_COMPACT) : NULL;
		json_decref(req);
		if (!body) {
			snprintf(r->stopped, sizeof(r->stopped), "error: out of memory");
			goto out;
		}
		seam_loop_stream(l, &w.st);
		rc = sm_ask_post(c, body, strlen(body), on_piece, &w, &a, err, sizeof(err));
		free(body);
		seam_stream_free(w.st);
		if (rc) {
			snprintf(r->stopped, sizeof(r->stopped), "error: %s", err);
			goto out;
		}
		if (a.prompt_tokens >= 0)
			r->ptok = (r->ptok < 0 ? 0 : r->ptok) + a.prompt_tokens;
		if (a.completion_tokens >= 0)
			r->ctok = (r->ctok < 0 ? 0 : r->ctok) + a.completion_tokens;
		for (k = 0; k < a.len && (a.text[k] == ' ' || a.text[k] == '\n' ||
					  a.text[k] == '\r' || a.text[k] == '\t');
		     k++)
			;
		if (!strcmp(a.finish, "refused")) {
			snprintf(r->stopped, sizeof(r->stopped),
				 "error: the model refused to answer");
			free(a.text);
			goto out;
		}
		if (k == a.len) {
			snprintf(r->stopped, sizeof(r->stopped), "error: the model's answer was empty");
			free(a.text);
			goto out;
		}
		if (a.cut)
			r->cuts++;
		rc = seam_loop_feed(l, a.text, a.len, a.cut ? SEAM_LOOP_CUT : 0);
		free(a.text);
		if (rc) {
			snprintf(r->stopped, sizeof(r->stopped), "error: %s", seam_session_errmsg(s));
			goto out;
		}
		if (!o->json && seam_loop_state(l) == SEAM_LOOP_NEED_REPLY)
			fprintf(stderr, "seam: round %u: %s\n", seam_loop_rounds(l),
				a.cut ? "an edit failed while the model was writing; stopped it, "
					"asking again"
				: *seam_loop_feedback(l) ? "some edits failed, asking again"
							 : "regions located, asking for the edits");
	}
	r->rounds = seam_loop_rounds(l);
	free(r->feedback);
	r->feedback = strdup(seam_loop_feedback(l));
	if (seam_loop_state(l) == SEAM_LOOP_GAVE_UP) {
		r->status = "gave-up";
		snprintf(r->stopped, sizeof(r->stopped),
			 "gave up: edits still failed after %u answers; nothing written", r->rounds);
		status = EXIT_FAILED;
		goto out;
	}
	if (seam_loop_state(l) != SEAM_LOOP_DONE) {
		snprintf(r->stopped, sizeof(r->stopped), "error: %s", seam_session_errmsg(s));
		goto out;
	}
	rc = seam_loop_plan(l, &p);
	if (rc == SEAM_EPARSE) {
		r->status = o->dry_run ? "dry-run" : "applied";
		snprintf(r->stopped, sizeof(r->stopped),
			 "every edit applied, and none changed anything");
		status = EXIT_APPLIED;
		goto out;
	}
	if (rc) {
		snprintf(r->stopped, sizeof(r->stopped), "error: %s", seam_session_errmsg(s));
		goto out;
	}
	seam_plan_render(p, SEAM_RENDER_DIFF, &r->diff, NULL);
	r->files = (int)seam_plan_file_count(p);
	if (o->dry_run) {
		r->status = "dry-run";
		snprintf(r->stopped, sizeof(r->stopped),
			 "every edit applied; dry run: nothing written (%d file%s would change)",
			 r->files, r->files == 1 ? "" : "s");
		status = EXIT_APPLIED;
		goto out;
	}
	rc = seam_plan_commit(p);
	if (rc) {
		snprintf(r->stopped, sizeof(r->stopped), "error: nothing written: %s",
			 seam_session_errmsg(s));
		goto out;
	}
	r->status = "applied";
	snprintf(r->stopped, sizeof(r->stopped), "every edit applied; %d file%s written", r->files,
		 r->files == 1 ? "" : "s");
	status = EXIT_APPLIED;
out:
	if (!r->rounds)
		r->rounds = seam_loop_rounds(l);
	seam_plan_free(p);
	seam_loop_free(l);
	return status;
}

int sm_cli_ask_main(int argc, char **argv)
{
	ask_opts o;
	sm_ask_conf c;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	outcome r;
	int status, rc;

	rc = parse(argc, argv, &o);
	if (rc) {
		free(o.files);
		if (rc < 0)
			fputs("Try 'seam help ask' for more.\n", stderr);
		return rc > 0 ? EXIT_APPLIED : EXIT_ERROR;
	}
	memset(&c, 0, sizeof(c));
	c.base_url = o.base_url ? o.base_url : env2("SEAM_BASE_URL", "OPENAI_BASE_URL");
	if (!c.base_url)
		c.base_url = ASK_DEFAULT_BASE_URL;
	c.model = o.model ? o.model : env2("SEAM_MODEL", "OPENAI_MODEL");
	c.key = env2("SEAM_API_KEY", "OPENAI_API_KEY");
	c.timeout_s = o.timeout;
	c.progress = !o.json && isatty(STDERR_FILENO);
	if (!c.model) {
		sm_cli_errorf("no model: give --model, or set SEAM_MODEL (or OPENAI_MODEL)", NULL);
		free(o.files);
		return EXIT_ERROR;
	}
	memset(&r, 0, sizeof(r));
	r.status = "error";
	r.ptok = r.ctok = -1;
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		sm_cli_errorf("cannot start libcurl", sm_curl_error());
		free(o.files);
		return EXIT_ERROR;
	}
	if ((rc = seam_session_new(&s, NULL)) || (rc = seam_tree_open_dir(&t, s, o.dir ? o.dir : "."))) {
		snprintf(r.stopped, sizeof(r.stopped), "error: %s",
			 s ? seam_session_errmsg(s) : "out of memory");
		status = EXIT_ERROR;
	} else {
		status = converse(&o, &c, s, t, &r);
	}
	if (o.json)
		put_json_out(&r);
	else if (status == EXIT_ERROR)
		fprintf(stderr, "seam: %s%s\n", r.stopped + (strncmp(r.stopped, "error: ", 7) ? 0 : 7),
			strstr(r.stopped, "nothing written") ? "" : "; nothing written");
	else
		put_text_out(&r);
	if (status == EXIT_ERROR && !o.json && r.rounds)
		fprintf(stderr, "seam: after %u answer%s\n", r.rounds, r.rounds == 1 ? "" : "s");
	seam_free(r.diff);
	free(r.feedback);
	seam_tree_free(t);
	seam_session_free(s);
	curl_global_cleanup();
	free(o.files);
	return status;
}
