#ifndef SEAM_CLI_OPT_H
#define SEAM_CLI_OPT_H

/*
 * Command line of the seam tool. Parsing is a pure function of argv (no printing, no exit), so
 * that it can be unit-tested; main.c acts on the result.
 */

#include <stddef.h>
#include <stdio.h>

typedef enum {
	SM_CLI_USAGE = 0, /* no command given */
	SM_CLI_APPLY,
	SM_CLI_DETECT,
	SM_CLI_HELP,
	SM_CLI_VERSION,
	SM_CLI_LOCATE,
	SM_CLI_MCP,
	SM_CLI_RECOVER
} sm_cli_cmd;

enum { SM_COLOR_AUTO = 0, SM_COLOR_ALWAYS, SM_COLOR_NEVER };

/* --include and --exclude given in all: a command line, not a list of files */
#define SM_CLI_MAX_GLOBS 64

typedef struct sm_cli {
	sm_cli_cmd cmd;
	sm_cli_cmd help_on;  /* for SM_CLI_HELP: the command asked about, or SM_CLI_USAGE */
	int help_short;      /* -h (not --help): one screen */
	const char *dir;     /* -C DIR; NULL means "." */
	int format;          /* a seam_format_t */
	int syntax;          /* a seam_syntax_t */
	int dry_run;         /* -n, --dry-run, --check */
	int diff, json, feedback, quiet, no_resolve, keep_no_eol;
	int stat, numstat;
	int color;           /* --color: SM_COLOR_AUTO (default), _ALWAYS, _NEVER */
	int strict;          /* --strict: exact places only (SEAM_FLAG_STRICT) */
	int stream;          /* --stream: report each edit as the reply comes in */
	int batch;           /* --batch: JSON lines of records in, results out */
	unsigned int jobs;   /* -j N, --jobs N: threads for --batch (0: one) */
	size_t max_reply_bytes, max_file_bytes, max_edits; /* 0: the library's default */
	int lazy;            /* a seam_lazy_t (--lazy=expand|refuse|allow) */
	unsigned int max_fuzzy_ms;  /* 0: the library's default */
	unsigned int lock_wait_ms;  /* 0: the library's default, unless no_wait */
	int no_wait;                /* --lock-wait-ms 0: fail at once when the tree is locked */
	const char *reply;   /* path of the reply; NULL or "-" is stdin. locate: the FILE */
	const char *snippet; /* locate --snippet FILE; NULL or "-" is stdin */
	const char *path;    /* --path FILE: the file of edits that carry no path */
	int strip_set;            /* -p N given */
	unsigned int strip;       /* -p N: leading path components removed, as patch */
	const char *strip_prefix; /* --strip-prefix DIR: absolute paths under DIR are relative */
	int reverse;              /* -R, --reverse: the diff or patch applied backwards */
	/* --include GLOB / --exclude GLOB, in the order given (git apply's rule: the first that
	   matches a file decides; none matching, a file is kept unless an --include was given) */
	struct sm_cli_glob {
		const char *glob;
		int include;
	} globs[SM_CLI_MAX_GLOBS];
	size_t nglobs;
	int has_include;
} sm_cli;

/*
 * Parses argv[1..argc). Returns 0 and fills *o, or -1 with a one-line reason in err (no
 * "seam: " prefix, no newline). Never prints.
 */
int sm_cli_parse(int argc, char **argv, sm_cli *o, char *err, size_t errsz);

/* Parses a count from 1 to max: digits only (no sign, space or suffix). -1 if invalid or out of
 * range. */
int sm_cli_parse_count(const char *s, long max, long *out);

/* Parses a size: digits with an optional K, M or G suffix (powers of 1024). -1 if invalid or
 * too large for size_t. */
int sm_cli_parse_size(const char *s, size_t *out);

/* seam locate (locate.c): reads o->reply (the file) and the snippet, prints the region; returns
 * the exit status. */
int sm_cli_locate(const sm_cli *o);

/* Help texts (help.c). */
void sm_cli_help(FILE *f, sm_cli_cmd on);
/* -h: one screen of the options used most. */
void sm_cli_help_short(FILE *f);
void sm_cli_usage(FILE *f);

#endif
