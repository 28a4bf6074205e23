#ifndef SEAM_CLI_CLI_H
#define SEAM_CLI_CLI_H

/* What the parts of the tool share: exit codes and output (out.c), the stream (stream.c). */

#include "seam.h"
#include "opt.h"

#include <stdio.h>

enum { EXIT_APPLIED = 0, EXIT_FAILED = 1, EXIT_ERROR = 2 };

/*
 * The malloc mmap threshold the tool sets (glibc's M_MMAP_THRESHOLD): a block of this size or
 * more is a mapping of its own, given back to the system when freed, and grown in place by
 * realloc. Left to itself glibc raises the threshold to the largest block freed so far (up to
 * 32 MiB): after the first big table of a large file is freed, the next ones (a diff's, the
 * whole-file guard's) come from the heap and stay resident when freed, so the peak adds up
 * tables that were never alive together (issue 12's memory bound: a whole 100,000-line file,
 * max RSS 51.5 -> 47.2 MiB; numbered edits of 300,000 lines 40.6 -> 38.3). 128 KiB is glibc's
 * own starting value; setting it keeps it there.
 */
#define SM_CLI_MMAP_THRESHOLD (128 * 1024)

/* The files of a reply --include / --exclude left out (filter.c). */
typedef struct {
	struct sm_cli_left_out {
		char *path;        /* the file's final name (a rename's target) */
		const char *glob;  /* the --exclude that took it out ("" when by_include) */
		int by_include;    /* no --include matched it */
		size_t edits;
	} *v;
	size_t n;
} sm_cli_excluded;

/* Set once seam_plan_commit wrote the tree: from then on the exit status says so (0), whatever
 * happens to the report (a full disk or a closed stdout is said on stderr). */
extern int sm_cli_written;

/* Prints s on f with control bytes escaped: paths and messages can come from the reply. */
void sm_cli_put_safe(FILE *f, const char *s);
/* "seam: what: detail" on stderr. */
void sm_cli_errorf(const char *what, const char *detail);
/* With --json, stdout holds JSON even when there is no plan to render: one document, or with
 * --stream one line {"event":"error",...}. */
void sm_cli_json_error(const sm_cli *o, int rc, const char *msg);
/* Writes a rendering of p to f; -1 (after a message) when it cannot be made. */
int sm_cli_render(FILE *f, const seam_plan *p, seam_render_t how);
/* The same, coloured as o->color says (the text report's statuses, the diff's lines). */
int sm_cli_render_to(const sm_cli *o, FILE *f, const seam_plan *p, seam_render_t how);
/* The reply held no edit (seam_reply_parse said SEAM_EPARSE): says so in every output mode.
 * Returns EXIT_FAILED. */
int sm_cli_no_edit(const sm_cli *o, seam_session *s);
/* rc and p come from seam_plan_new: reports a planning error, or commits the plan when it is
 * ok (unless --dry-run) and prints the report. Frees p. Returns the exit status. */
/* excluded: with --json, the files --include/--exclude left out, as the "excluded" member of
 * the document (filter.c makes it; the text report's lines are printed by the caller); NULL:
 * none. */
struct json_t;
int sm_cli_report(const sm_cli *o, seam_session *s, seam_plan *p, int rc,
		  struct json_t *excluded);
/* seam apply --stream: reads the reply with read(2) as it comes, prints each event, then the
 * report. Returns the exit status. */
int sm_cli_stream(const sm_cli *o, seam_session *s, seam_tree *t);
/* seam apply --batch: JSON lines of records (REPLY or stdin) through seam_batch_apply_lines,
 * the results on stdout in input order. Returns the exit status (1 when a record is not ok). */
int sm_cli_batch(const sm_cli *o, const seam_options *defaults);

/* seam prompt (prompt.c) and seam ask (ask/): argv[0] is the command's name. Return the exit
 * status. */
int sm_cli_prompt_main(int argc, char **argv);
void sm_cli_prompt_help(FILE *f);
int sm_cli_ask_main(int argc, char **argv);
void sm_cli_ask_help(FILE *f);
/* Reads a whole file of at most limit bytes (malloc'ed, NUL-terminated); NULL with *why. */
char *sm_cli_slurp(const char *path, size_t limit, size_t *len, const char **why);

/* The library's default limits (seam_options_defaults), for reading input before a session
 * exists and for the help. */
static inline size_t sm_cli_default_reply_bytes(void)
{
	seam_options d;

	seam_options_defaults(&d);
	return d.max_reply_bytes;
}

static inline size_t sm_cli_default_file_bytes(void)
{
	seam_options d;

	seam_options_defaults(&d);
	return d.max_file_bytes;
}

#endif
