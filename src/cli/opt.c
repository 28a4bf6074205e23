#include "opt.h"
#include "seam.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errsz, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static int fail(char *err, size_t errsz, const char *fmt, ...)
{
	va_list ap;

	if (err && errsz) {
		va_start(ap, fmt);
		vsnprintf(err, errsz, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int sm_cli_parse_count(const char *s, long max, long *out)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 1 || v > max)
		return -1;
	*out = v;
	return 0;
}

int sm_cli_parse_size(const char *s, size_t *out)
{
	size_t v = 0, mul = 1;
	const char *p = s;

	if (!s || *s < '0' || *s > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		size_t d = (size_t)(*p - '0');
		if (v > (SIZE_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	switch (*p) {
	case '\0':
		break;
	case 'k':
	case 'K':
		mul = (size_t)1 << 10;
		p++;
		break;
	case 'm':
	case 'M':
		mul = (size_t)1 << 20;
		p++;
		break;
	case 'g':
	case 'G':
		mul = (size_t)1 << 30;
		p++;
		break;
	default:
		return -1;
	}
	if (*p || (v && mul > SIZE_MAX / v))
		return -1;
	*out = v * mul;
	return 0;
}

/* The long options that take a value; each parses its value into o. */
enum { OPT_FORMAT, OPT_MAX_REPLY, OPT_MAX_FILE, OPT_MAX_EDITS, OPT_DIR, OPT_SNIPPET, OPT_SYNTAX,
       OPT_LAZY, OPT_MAX_FUZZY, OPT_LOCK_WAIT, OPT_JOBS, OPT_PATH, OPT_STRIP_PREFIX,
       OPT_COLOR, OPT_INCLUDE, OPT_EXCLUDE };

/* Which commands take an option, as bits. */
#define FOR(c) (1u << (c))
#define APPLY FOR(SM_CLI_APPLY)
#define DETECT FOR(SM_CLI_DETECT)
#define LOCATE FOR(SM_CLI_LOCATE)
#define MCP FOR(SM_CLI_MCP)
#define RECOVER FOR(SM_CLI_RECOVER)

static const struct {
	const char *name;
	int id;
	unsigned cmds;
} valued[] = {
	{"format", OPT_FORMAT, APPLY},
	{"max-reply-bytes", OPT_MAX_REPLY, APPLY | DETECT | LOCATE | MCP},
	{"max-file-bytes", OPT_MAX_FILE, APPLY | LOCATE | MCP},
	{"max-edits", OPT_MAX_EDITS, APPLY | MCP},
	{"directory", OPT_DIR, APPLY | MCP | RECOVER},
	{"snippet", OPT_SNIPPET, LOCATE},
	{"syntax", OPT_SYNTAX, APPLY | MCP},
	{"lazy", OPT_LAZY, APPLY | MCP},
	{"max-fuzzy-ms", OPT_MAX_FUZZY, APPLY | MCP},
	{"lock-wait-ms", OPT_LOCK_WAIT, APPLY | MCP | RECOVER},
	{"jobs", OPT_JOBS, APPLY},
	{"path", OPT_PATH, APPLY | DETECT},
	{"strip-prefix", OPT_STRIP_PREFIX, APPLY | DETECT},
	{"color", OPT_COLOR, APPLY},
	{"include", OPT_INCLUDE, APPLY | DETECT},
	{"exclude", OPT_EXCLUDE, APPLY | DETECT},
};

static const struct {
	const char *name;
	size_t field; /* offset of the int flag in sm_cli */
	unsigned cmds;
} flags[] = {
	{"dry-run", offsetof(sm_cli, dry_run), APPLY},
	{"check", offsetof(sm_cli, dry_run), APPLY},
	{"diff", offsetof(sm_cli, diff), APPLY},
	{"stat", offsetof(sm_cli, stat), APPLY},
	{"numstat", offsetof(sm_cli, numstat), APPLY},
	{"strict", offsetof(sm_cli, strict), APPLY | MCP},
	{"json", offsetof(sm_cli, json), APPLY | LOCATE | DETECT},
	{"feedback", offsetof(sm_cli, feedback), APPLY},
	{"quiet", offsetof(sm_cli, quiet), APPLY | RECOVER},
	{"no-resolve", offsetof(sm_cli, no_resolve), APPLY | MCP},
	{"keep-no-eol", offsetof(sm_cli, keep_no_eol), APPLY | MCP},
	{"stream", offsetof(sm_cli, stream), APPLY},
	{"batch", offsetof(sm_cli, batch), APPLY},
	{"reverse", offsetof(sm_cli, reverse), APPLY | DETECT},
};

static int set_value(sm_cli *o, int id, const char *name, const char *v, char *err, size_t errsz)
{
	int f;

	switch (id) {
	case OPT_FORMAT:
		f = seam_format_from_name(v);
		if (f < 0)
			return fail(
			    err, errsz,
			    "unknown format '%s' (use auto, editblock, udiff, gitdiff, whole, patch, "
			    "lndiff, toolcall, numbered or snippet; for agents: cline, roo, textcall, "
			    "edits or sweagent)",
			    v);
		o->format = f;
		return 0;
	case OPT_LAZY:
		if (!strcmp(v, "expand"))
			o->lazy = SEAM_LAZY_EXPAND;
		else if (!strcmp(v, "refuse"))
			o->lazy = SEAM_LAZY_REFUSE;
		else if (!strcmp(v, "allow"))
			o->lazy = SEAM_LAZY_ALLOW;
		else
			return fail(err, errsz, "unknown --lazy mode '%s' (use expand, refuse or allow)",
				    v);
		return 0;
	case OPT_DIR:
		if (!*v)
			return fail(err, errsz, "%s needs a directory", name);
		o->dir = v;
		return 0;
	case OPT_SYNTAX:
		if (!strcmp(v, "check"))
			o->syntax = SEAM_SYNTAX_CHECK;
		else if (!strcmp(v, "warn"))
			o->syntax = SEAM_SYNTAX_WARN;
		else if (!strcmp(v, "off"))
			o->syntax = SEAM_SYNTAX_OFF;
		else
			return fail(err, errsz, "unknown syntax mode '%s' (use check, warn or off)", v);
		return 0;
	case OPT_JOBS: {
		long n;
		if (sm_cli_parse_count(v, 64, &n))
			return fail(err, errsz, "%s needs a number of threads from 1 to 64, not '%s'",
				    name, v);
		o->jobs = (unsigned int)n;
		return 0;
	}
	case OPT_PATH:
		if (!*v)
			return fail(err, errsz, "%s needs a file path", name);
		o->path = v;
		return 0;
	case OPT_COLOR:
		if (!strcmp(v, "auto"))
			o->color = SM_COLOR_AUTO;
		else if (!strcmp(v, "always"))
			o->color = SM_COLOR_ALWAYS;
		else if (!strcmp(v, "never"))
			o->color = SM_COLOR_NEVER;
		else
			return fail(err, errsz, "--color takes auto, always or never, not '%s'", v);
		return 0;
	case OPT_INCLUDE:
	case OPT_EXCLUDE:
		if (!*v)
			return fail(err, errsz, "%s needs a glob (such as 'src/*' or '*.py')", name);
		if (o->nglobs == SM_CLI_MAX_GLOBS)
			return fail(err, errsz, "at most %d --include and --exclude can be given",
				    SM_CLI_MAX_GLOBS);
		o->globs[o->nglobs].glob = v;
		o->globs[o->nglobs++].include = id == OPT_INCLUDE;
		o->has_include |= id == OPT_INCLUDE;
		return 0;
	case OPT_STRIP_PREFIX:
		if (*v != '/' || !v[1])
			return fail(err, errsz, "%s needs an absolute directory other than '/' (the "
				    "agent's workspace, such as /workspace)", name);
		o->strip_prefix = v;
		return 0;
	case OPT_SNIPPET:
		if (!*v)
			return fail(err, errsz, "%s needs a file ('-' for stdin)", name);
		o->snippet = v;
		return 0;
	default:
		break;
	}
	{
		size_t n;
		if (id == OPT_MAX_FUZZY || id == OPT_LOCK_WAIT) {
			/* milliseconds: digits only, at most about 49 days */
			if (!*v || strspn(v, "0123456789") != strlen(v) ||
			    sm_cli_parse_size(v, &n) || n > UINT_MAX)
				return fail(err, errsz, "%s needs a number of milliseconds, not '%s'",
					    name, v);
			if (id == OPT_MAX_FUZZY && n == 0)
				return fail(err, errsz, "%s needs at least 1 ms", name);
			if (id == OPT_MAX_FUZZY) {
				o->max_fuzzy_ms = (unsigned int)n;
			} else {
				o->lock_wait_ms = (unsigned int)n;
				o->no_wait = n == 0;
			}
			return 0;
		}
		if (sm_cli_parse_size(v, &n))
			return fail(err, errsz,
			            "%s needs a number (like 1000, 64K or 8M), not '%s'", name, v);
		if (id == OPT_MAX_REPLY)
			o->max_reply_bytes = n;
		else if (id == OPT_MAX_FILE)
			o->max_file_bytes = n;
		else
			o->max_edits = n;
	}
	return 0;
}

static int *flag_field(sm_cli *o, size_t off)
{
	return (int *)(void *)((char *)o + off);
}

/* Handles argv[*i], a long option ("--name" or "--name=value"). */
static int parse_long(int argc, char **argv, int *i, sm_cli *o, char *err, size_t errsz)
{
	const char *arg = argv[*i] + 2, *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg), k;
	unsigned cmd = FOR(o->cmd);

	for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
		char name[32];
		if (strlen(valued[k].name) != n || strncmp(valued[k].name, arg, n))
			continue;
		if (!(valued[k].cmds & cmd))
			break;
		snprintf(name, sizeof(name), "--%s", valued[k].name);
		if (eq)
			return set_value(o, valued[k].id, name, eq + 1, err, errsz);
		if (*i + 1 >= argc)
			return fail(err, errsz, "option '%s' needs a value", name);
		++*i;
		return set_value(o, valued[k].id, name, argv[*i], err, errsz);
	}
	for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
		if (strlen(flags[k].name) != n || strncmp(flags[k].name, arg, n))
			continue;
		if (!(flags[k].cmds & cmd))
			break;
		if (eq)
			return fail(err, errsz, "option '--%s' takes no value", flags[k].name);
		*flag_field(o, flags[k].field) = 1;
		return 0;
	}
	return fail(err, errsz, "unknown option '%s'", argv[*i]);
}

/* Handles argv[*i], one or more short options ("-n", "-nq", "-C dir", "-Cdir"). */
static int parse_short(int argc, char **argv, int *i, sm_cli *o, char *err, size_t errsz)
{
	const char *p = argv[*i] + 1;
	int apply = o->cmd == SM_CLI_APPLY, mcp = o->cmd == SM_CLI_MCP, recover = o->cmd == SM_CLI_RECOVER;

	for (; *p; p++) {
		if (*p == 'h') {
			o->help_on = o->cmd;
			o->cmd = SM_CLI_HELP;
			return 0;
		}
		if (apply && *p == 'n') {
			o->dry_run = 1;
		} else if ((apply || o->cmd == SM_CLI_DETECT) && *p == 'R') {
			o->reverse = 1;
		} else if ((apply || recover) && *p == 'q') {
			o->quiet = 1;
		} else if ((apply || o->cmd == SM_CLI_DETECT) && *p == 'p') {
			const char *v = p[1] ? p + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
			char *end;
			unsigned long k;
			if (!v)
				return fail(err, errsz, "option '-p' needs a number of path components");
			k = strtoul(v, &end, 10);
			if (*end || end == v || v[0] == '-' || k > 64)
				return fail(err, errsz, "-p takes a number of path components (0 to 64), "
					    "not '%s'", v);
			o->strip = (unsigned int)k;
			o->strip_set = 1;
			return 0;
		} else if (apply && *p == 'j') {
			if (p[1])
				return set_value(o, OPT_JOBS, "-j", p + 1, err, errsz);
			if (*i + 1 >= argc)
				return fail(err, errsz, "option '-j' needs a number of threads");
			++*i;
			return set_value(o, OPT_JOBS, "-j", argv[*i], err, errsz);
		} else if ((apply || mcp || recover) && *p == 'C') {
			if (p[1])
				return set_value(o, OPT_DIR, "-C", p + 1, err, errsz);
			if (*i + 1 >= argc)
				return fail(err, errsz, "option '-C' needs a directory");
			++*i;
			return set_value(o, OPT_DIR, "-C", argv[*i], err, errsz);
		} else {
			return fail(err, errsz, "unknown option '-%c'", *p);
		}
	}
	return 0;
}

static int parse_command(int argc, char **argv, int i, sm_cli *o, char *err, size_t errsz)
{
	int only_args = 0;

	for (; i < argc; i++) {
		const char *a = argv[i];
		int rc = 0;

		if (!only_args && !strcmp(a, "--")) {
			only_args = 1;
			continue;
		}
		if (!only_args && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
			o->help_on = o->cmd;
			o->cmd = SM_CLI_HELP;
			o->help_short = a[1] == 'h' && o->help_on == SM_CLI_APPLY;
			return 0;
		}
		if (!only_args && a[0] == '-' && a[1] == '-')
			rc = parse_long(argc, argv, &i, o, err, errsz);
		else if (!only_args && a[0] == '-' && a[1])
			rc = parse_short(argc, argv, &i, o, err, errsz);
		else if (o->cmd == SM_CLI_MCP)
			return fail(err, errsz, "mcp takes no argument ('%s'): it reads requests "
				    "on stdin", a);
		else if (o->cmd == SM_CLI_RECOVER)
			return fail(err, errsz, "recover takes no argument ('%s'; use -C DIR)", a);
		else if (o->reply)
			return fail(err, errsz, "only one %s can be given ('%s' and '%s')",
				    o->cmd == SM_CLI_LOCATE ? "file" : "reply", o->reply, a);
		else
			o->reply = a;
		if (rc)
			return rc;
		if (o->cmd == SM_CLI_HELP)
			return 0;
	}
	if (o->cmd == SM_CLI_LOCATE && (!o->reply || !strcmp(o->reply, "-")))
		return fail(err, errsz, "locate needs the path of the file to look in (the snippet "
				       "comes from --snippet FILE or stdin)");
	if (o->batch && (o->stream || o->dry_run || o->diff || o->json || o->feedback))
		return fail(err, errsz, "--batch cannot be used with --stream, --dry-run, --diff, "
				       "--json or --feedback (its output is JSON lines; a record may "
				       "say \"dry_run\": true)");
	if (o->batch && o->dir)
		return fail(err, errsz, "--batch takes no -C: each record names its \"root\" (or "
				       "holds its \"files\")");
	if (o->batch && (o->reverse || o->nglobs))
		return fail(err, errsz, "--batch cannot be used with -R, --include or --exclude "
				       "(each record carries its own reply)");
	if (o->stream && o->nglobs)
		return fail(err, errsz, "--stream cannot be used with --include or --exclude");
	if (o->jobs && !o->batch)
		return fail(err, errsz, "-j/--jobs is for --batch");
	if (o->json && o->feedback)
		return fail(err, errsz, "--json and --feedback cannot be used together");
	if (o->feedback && o->diff)
		return fail(err, errsz, "--feedback and --diff cannot be used together");
	if ((o->stat || o->numstat) && (o->json || o->feedback || o->batch))
		return fail(err, errsz, "--stat and --numstat go with the text report (not --json, "
				       "--feedback or --batch)");
	return 0;
}

int sm_cli_parse(int argc, char **argv, sm_cli *o, char *err, size_t errsz)
{
	const char *c;

	memset(o, 0, sizeof(*o));
	o->format = SEAM_FORMAT_AUTO;
	o->syntax = SEAM_SYNTAX_CHECK;
	o->lazy = SEAM_LAZY_EXPAND;
	if (err && errsz)
		err[0] = '\0';
	if (argc < 2)
		return fail(err, errsz, "no command given");
	c = argv[1];
	if (!strcmp(c, "--help") || !strcmp(c, "-h")) {
		o->cmd = SM_CLI_HELP;
		o->help_short = c[1] == 'h';
		return 0;
	}
	if (!strcmp(c, "--version") || !strcmp(c, "-V") || !strcmp(c, "version")) {
		o->cmd = SM_CLI_VERSION;
		return 0;
	}
	if (!strcmp(c, "help")) {
		o->cmd = SM_CLI_HELP;
		if (argc > 3)
			return fail(err, errsz, "help takes at most one command name");
		if (argc == 3) {
			if (!strcmp(argv[2], "apply"))
				o->help_on = SM_CLI_APPLY;
			else if (!strcmp(argv[2], "detect"))
				o->help_on = SM_CLI_DETECT;
			else if (!strcmp(argv[2], "locate"))
				o->help_on = SM_CLI_LOCATE;
			else if (!strcmp(argv[2], "mcp"))
				o->help_on = SM_CLI_MCP;
			else if (!strcmp(argv[2], "recover"))
				o->help_on = SM_CLI_RECOVER;
			else
				return fail(err, errsz,
					    "no help on '%s' (commands: apply, detect, locate, mcp, recover)",
					    argv[2]);
		}
		return 0;
	}
	if (!strcmp(c, "apply"))
		o->cmd = SM_CLI_APPLY;
	else if (!strcmp(c, "detect"))
		o->cmd = SM_CLI_DETECT;
	else if (!strcmp(c, "locate"))
		o->cmd = SM_CLI_LOCATE;
	else if (!strcmp(c, "mcp"))
		o->cmd = SM_CLI_MCP;
	else if (!strcmp(c, "recover"))
		o->cmd = SM_CLI_RECOVER;
	else if (c[0] == '-')
		return fail(err, errsz, "unknown option '%s'", c);
	else
		return fail(err, errsz,
			    "unknown command '%s' (commands: apply, detect, locate, mcp, recover, "
			    "prompt, ask, help)", c);
	return parse_command(argc, argv, 2, o, err, errsz);
}
