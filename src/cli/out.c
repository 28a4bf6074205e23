/* The tool's output: messages, JSON errors, renderings and the report after planning. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "diffstat.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define C_RED "\033[31m"
#define C_GREEN "\033[32m"
#define C_CYAN "\033[36m"
#define C_BOLD "\033[1m"
#define C_OFF "\033[m"

void sm_cli_put_safe(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7f))
			fputc(c, f);
		else
			fprintf(f, "\\x%02x", c);
	}
}

/* The width messages are wrapped to: 0 (none) unless f is a terminal; then COLUMNS when it
 * holds a width from 20 to 10000, else the terminal's, else 80. A pipe or a file gets every
 * line whole, for grep and for the model that reads it. */
static size_t wrap_width(FILE *f)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;
	char *end;
	long v;

	if (!isatty(fileno(f)))
		return 0;
	if (c && *c) {
		v = strtol(c, &end, 10);
		if (!*end && v >= 20 && v <= 10000)
			return (size_t)v;
	}
	if (!ioctl(fileno(f), TIOCGWINSZ, &ws) && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* The column after c written at column col: tabs to the next multiple of 8, UTF-8
 * continuation bytes count for nothing. */
static size_t advance(size_t col, unsigned char c)
{
	if (c == '\t')
		return (col / 8 + 1) * 8;
	return (c & 0xc0) != 0x80 ? col + 1 : col;
}

/*
 * One line l[0..n) cut at spaces into pieces of at most width columns (a word longer than
 * that, such as a path, stays whole), each coloured with c; the pieces after the first are
 * indented two columns past the line's own indentation (at most half the width). Each byte is
 * read at most twice: a long line costs its length.
 */
static void put_line(FILE *f, const char *l, size_t n, size_t width, const char *c,
		     size_t first_col)
{
	size_t ind = 0, start = 0, pad = 0;

	while (ind < n && l[ind] == ' ')
		ind++;
	if (ind + 2 <= width / 2)
		pad = ind + 2;
	while (start < n) {
		size_t col = start ? pad : first_col, end = n, cut = 0, i;
		int broke = 0;
		for (i = start; width && i < n; i++) {
			if (l[i] == ' ' && i > start) {
				if (col <= width) {
					cut = i;
				} else {
					end = cut ? cut : i;
					broke = 1;
					break;
				}
			}
			col = advance(col, (unsigned char)l[i]);
		}
		if (!broke && width && col > width && cut)
			end = cut;
		if (start)
			fprintf(f, "\n%*s", (int)pad, "");
		if (c)
			fputs(c, f);
		fwrite(l + start, 1, end - start, f);
		if (c)
			fputs(C_OFF, f);
		start = end;
		while (start < n && l[start] == ' ' && end != n)
			start++;
	}
}

void sm_cli_errorf(const char *what, const char *detail)
{
	char *msg = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&msg, &len);

	if (!m) {
		fputs("seam: out of memory\n", stderr);
		return;
	}
	sm_cli_put_safe(m, what);
	if (detail && *detail) {
		fputs(": ", m);
		sm_cli_put_safe(m, detail);
	}
	if (fclose(m)) {
		free(msg);
		fputs("seam: out of memory\n", stderr);
		return;
	}
	fputs("seam: ", stderr);
	/* a message may hold lines of its own: each is wrapped */
	{
		size_t i = 0, w = wrap_width(stderr);
		while (i <= len) {
			const char *nl = memchr(msg + i, '\n', len - i);
			size_t n = nl ? (size_t)(nl - msg) - i : len - i;
			put_line(stderr, msg + i, n, w, NULL, i ? 0 : 6);
			fputc('\n', stderr);
			if (!nl)
				break;
			i += n + 1;
		}
	}
	free(msg);
}

static const char *error_name(int rc)
{
	switch (rc) {
	case SEAM_EPARSE:
		return "no-edit";
	case SEAM_ENOMEM:
		return "out-of-memory";
	case SEAM_EIO:
		return "io-error";
	case SEAM_ELIMIT:
		return "too-large";
	case SEAM_ECHANGED:
		return "changed";
	case SEAM_EBUSY:
		return "busy";
	case SEAM_EUSAGE:
		return "usage";
	default:
		return "error";
	}
}

/* The message is made plain ASCII, so the JSON is valid whatever bytes it quotes. */
void sm_cli_json_error(const sm_cli *o, int rc, const char *msg)
{
	if (o->stream)
		printf("{\"event\":\"error\",\"version\":\"%s\",\"ok\":false,\"error\":\"%s\","
		       "\"message\":\"",
		       SEAM_VERSION, error_name(rc));
	else
		printf("{\n  \"version\": \"%s\",\n  \"ok\": false,\n  \"error\": \"%s\",\n"
		       "  \"message\": \"",
		       SEAM_VERSION, error_name(rc));
	for (; msg && *msg; msg++) {
		unsigned char c = (unsigned char)*msg;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else if (c >= 0x80)
			putchar('?');
		else
			putchar(c);
	}
	fputs(o->stream ? "\"}\n" : "\"\n}\n", stdout);
}

/* --color: always, never, or (auto) when f is a terminal and NO_COLOR is unset or empty
 * (no-color.org). */
static int use_color(const sm_cli *o, FILE *f)
{
	const char *nc = getenv("NO_COLOR");

	if (o->color == SM_COLOR_ALWAYS)
		return 1;
	if (o->color == SM_COLOR_NEVER || (nc && *nc))
		return 0;
	return isatty(fileno(f));
}


/* The colour of a report line: its status word. Lines quoting a message stay plain. */
static const char *report_color(const char *l, size_t n)
{
	static const char *const bad[] = {": no-match", ": ambiguous", ": refused", ": skipped",
					  ": not-found", ": overlap", ": exists", ": too-large",
					  ": lazy", ": syntax", ": planned", " failed", "failure"};
	size_t i, k;

	if (n && l[0] == ' ' && (n < 7 || memcmp(l, "  edit ", 7)))
		return NULL;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (k = 0; k + strlen(bad[i]) <= n; k++)
			if (!memcmp(l + k, bad[i], strlen(bad[i])))
				return C_RED;
	for (k = 0; k + 7 <= n; k++)
		if (!memcmp(l + k, "applied", 7) || !memcmp(l + k, "would a", 7))
			return C_GREEN;
	return NULL;
}

static const char *diff_color(const char *l, size_t n)
{
	if (n >= 4 && (!memcmp(l, "+++ ", 4) || !memcmp(l, "--- ", 4)))
		return C_BOLD;
	if (n >= 5 && !memcmp(l, "diff ", 5))
		return C_BOLD;
	if (n >= 2 && !memcmp(l, "@@", 2))
		return C_CYAN;
	if (n && l[0] == '+')
		return C_GREEN;
	if (n && l[0] == '-')
		return C_RED;
	return NULL;
}

/* s[0..len): how says which colours (0: none, 1: the report's, 2: the diff's), width where
 * lines are wrapped (0: nowhere; a diff never is). */
static void put_lines(FILE *f, const char *s, size_t len, int how, size_t width)
{
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - s) - i : len - i;
		const char *c = how == 2 ? diff_color(s + i, n) : how ? report_color(s + i, n) : NULL;
		put_line(f, s + i, n, how == 2 ? 0 : width, c, 0);
		if (nl)
			fputc('\n', f);
		i += n + 1;
	}
}

int sm_cli_render_to(const sm_cli *o, FILE *f, const seam_plan *p, seam_render_t how)
{
	char *out = NULL;
	size_t len = 0;
	int rc = seam_plan_render(p, how, &out, &len);

	if (rc) {
		sm_cli_errorf("rendering the report", rc == SEAM_ENOMEM ? "out of memory" : "failed");
		return -1;
	}
	{
		int color = o && (how == SEAM_RENDER_TEXT || how == SEAM_RENDER_DIFF) &&
			    use_color(o, f);
		size_t width = how == SEAM_RENDER_TEXT || how == SEAM_RENDER_FEEDBACK
				       ? wrap_width(f) : 0;
		if (color || width)
			put_lines(f, out, len, color ? (how == SEAM_RENDER_DIFF ? 2 : 1) : 0, width);
		else
			fwrite(out, 1, len, f);
	}
	seam_free(out);
	return 0;
}

int sm_cli_render(FILE *f, const seam_plan *p, seam_render_t how)
{
	return sm_cli_render_to(NULL, f, p, how);
}

static const char *looked_for(int format)
{
	switch (format) {
	case SEAM_FORMAT_EDITBLOCK:
		return "SEARCH/REPLACE blocks (--format editblock)";
	case SEAM_FORMAT_UDIFF:
		return "unified diffs (--format udiff)";
	case SEAM_FORMAT_WHOLE:
		return "file names followed by a fence holding the whole file (--format whole)";
	case SEAM_FORMAT_PATCH:
		return "*** Begin Patch sections (--format patch)";
	case SEAM_FORMAT_LNDIFF:
		return "<editblock> blocks with numbered lines (--format lndiff)";
	case SEAM_FORMAT_TOOLCALL:
		return "JSON tool calls (--format toolcall)";
	case SEAM_FORMAT_NUMBERED:
		return "<update_lines start end> blocks and whole files with <copy_lines/> "
		       "(--format numbered)";
	case SEAM_FORMAT_SNIPPET:
		return "<selected_snippet>/<updated_snippet> pairs (--format snippet)";
	case SEAM_FORMAT_FASTAPPLY:
		return "lazy snippets with \"// ... existing code ...\" markers, or edit_file "
		       "calls (--format fastapply)";
	default:
		return "SEARCH/REPLACE blocks, unified or git diffs, *** Begin Patch sections, "
		       "<editblock> blocks, JSON tool calls, <update_lines> blocks, snippet pairs, "
		       "and whole files in fences";
	}
}

int sm_cli_no_edit(const sm_cli *o, seam_session *s)
{
	/* The parser's message says what it looked for; ours is the fallback. */
	const char *msg = seam_session_errmsg(s);
	char fallback[256];

	if (!*msg) {
		snprintf(fallback, sizeof(fallback), "no edit found in the reply (looked for %s)",
		         looked_for(o->format));
		msg = fallback;
	}
	if (o->json)
		sm_cli_json_error(o, SEAM_EPARSE, msg);
	if (o->feedback) {
		/* The model reads this: the message alone, as a sentence. */
		const char *m = msg;
		if (*m >= 'a' && *m <= 'z')
			putchar(*m++ - 'a' + 'A');
		sm_cli_put_safe(stdout, m);
		fputs("\n", stdout);
	}
	/* said once: stdout carries it already with --json or --feedback */
	if (!o->json && !o->feedback)
		sm_cli_errorf(msg, NULL);
	return EXIT_FAILED;
}

/* With --stream --json the report is the last line: {"event":"summary","report":{...}}. */
static int render_summary(const seam_plan *p)
{
	char *out = NULL;
	size_t len = 0;
	int rc = seam_plan_render(p, SEAM_RENDER_JSON_LINE, &out, &len);

	if (rc) {
		sm_cli_errorf("rendering the report", rc == SEAM_ENOMEM ? "out of memory" : "failed");
		return -1;
	}
	while (len && out[len - 1] == '\n')
		len--;
	fputs("{\"event\":\"summary\",\"report\":", stdout);
	fwrite(out, 1, len, stdout);
	fputs("}\n", stdout);
	seam_free(out);
	return 0;
}

/* --json --diff, --json with files left out: the document with the diff in it ("diff": the
 * text --diff prints, "" when nothing changed or the run failed), for an agent that reads one
 * document, and the files --include/--exclude left out ("excluded"). */
static int render_json_extra(const sm_cli *o, const seam_plan *p, int ok, json_t *excluded)
{
	char *js = NULL, *d = NULL, *out;
	size_t jn = 0, dn = 0;
	json_t *doc = NULL;
	int rc = -1;

	if (seam_plan_render(p, SEAM_RENDER_JSON, &js, &jn) ||
	    (o->diff && ok && seam_plan_render(p, SEAM_RENDER_DIFF, &d, &dn)))
		goto out;
	doc = json_loadb(js, jn, 0, NULL);
	if (!doc)
		goto out;
	/* the diff quotes file bytes: a file that is not UTF-8 gets no "diff" (null) */
	if (o->diff &&
	    json_object_set_new(doc, "diff", d ? json_stringn(d, dn) : json_string("")))
		goto out;
	if (excluded && json_object_set(doc, "excluded", excluded))
		goto out;
	out = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (!out)
		goto out;
	puts(out);
	free(out);
	rc = 0;
out:
	if (rc)
		sm_cli_errorf("rendering the report", "out of memory");
	json_decref(doc);
	seam_free(js);
	seam_free(d);
	return rc;
}

int sm_cli_written;

int sm_cli_report(const sm_cli *o, seam_session *s, seam_plan *p, int rc, json_t *excluded)
{
	int ok, status;

	if (rc != SEAM_OK && rc != SEAM_EFAIL) {
		if (o->json)
			sm_cli_json_error(o, rc, seam_session_errmsg(s));
		else
			sm_cli_errorf("planning the edits", seam_session_errmsg(s));
		seam_plan_free(p);
		return EXIT_ERROR;
	}
	ok = rc == SEAM_OK && seam_plan_ok(p);
	status = ok ? EXIT_APPLIED : EXIT_FAILED;
	/* Write the files before printing, so that a reader closing the pipe early cannot stop
	 * the commit, and so that a failed write replaces a report that would say it worked. */
	if (ok && !o->dry_run && (rc = seam_plan_commit(p)) != SEAM_OK) {
		const char *why = seam_session_errmsg(s);
		if (o->json)
			sm_cli_json_error(o, rc, why);
		if (o->feedback) {
			fputs("The edits could not be written, and nothing was changed: ", stdout);
			sm_cli_put_safe(stdout, why);
			fputc('\n', stdout);
		}
		if (!o->json && !o->feedback)
			sm_cli_errorf("nothing was written", why);
		seam_plan_free(p);
		return EXIT_ERROR;
	}
	if (ok && !o->dry_run)
		sm_cli_written = 1;
	if (o->json) {
		if (o->stream ? render_summary(p)
			      : o->diff || excluded ? render_json_extra(o, p, ok, excluded)
						       : sm_cli_render(stdout, p, SEAM_RENDER_JSON))
			status = EXIT_ERROR;
	} else if (o->feedback) {
		if (sm_cli_render(stdout, p, SEAM_RENDER_FEEDBACK))
			status = EXIT_ERROR;
	} else {
		if (!o->quiet && sm_cli_render_to(o, stdout, p, SEAM_RENDER_TEXT))
			status = EXIT_ERROR;
		if (!o->quiet && ok && o->dry_run)
			puts("dry run: nothing written");
		/* only a change that was written (or would be, in a dry run): half a reply
		   piped into git apply would be worse than none */
		if (o->diff && ok && sm_cli_render_to(o, stdout, p, SEAM_RENDER_DIFF))
			status = EXIT_ERROR;
		if (o->stat && ok && sm_cli_diffstat(stdout, p, 0))
			status = EXIT_ERROR;
		if (o->numstat && ok && sm_cli_diffstat(stdout, p, 1))
			status = EXIT_ERROR;
		/* Quiet still explains a failure, on stderr: it is an error. */
		if (o->quiet && !ok && sm_cli_render(stderr, p, SEAM_RENDER_FEEDBACK))
			status = EXIT_ERROR;
	}
	seam_plan_free(p);
	/* The report failed after the files were written: the status says what happened. */
	if (sm_cli_written && status == EXIT_ERROR) {
		sm_cli_errorf("the files were written", "only the report could not be printed");
		status = EXIT_APPLIED;
	}
	return status;
}
