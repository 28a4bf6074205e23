#ifndef SEAM_LIB_RENDER_H
#define SEAM_LIB_RENDER_H

/*
 * Renderings of a plan. They read the plan through the public getters of seam.h, so they keep
 * working whatever the plan looks like inside, and a test can check them on any plan; the
 * files changed, which no operation alone tells (a move writes two paths), come from
 * sm_plan_path.
 * Each appends to b and returns 0, SEAM_ENOMEM, or SEAM_ERROR when a getter fails.
 */

#include "seam.h"
#include "../../util/buf.h"

#include <stddef.h>

int sm_render_text(const seam_plan *p, sm_buf *b);
/* one_line: compact, on one line (SEAM_RENDER_JSON_LINE) */
int sm_render_json(const seam_plan *p, sm_buf *b, int one_line);
int sm_render_diff(const seam_plan *p, sm_buf *b);
int sm_render_feedback(const seam_plan *p, sm_buf *b);

/* Totals over a plan, as every rendering's summary counts them. */
typedef struct sm_render_totals {
	/* changed: the files changed as git diff --stat counts them, a move once (its new name);
	   paths: every path written or removed, a move's two */
	size_t files, changed, paths;
	size_t edits, applied, already_applied, failed;
	/* Files that failed with no failed edit to carry it (a missing file to delete, ...):
	 * counted in failed too. */
	size_t failed_files;
} sm_render_totals;

/* 1 when file i failed but none of its edits did: the failure is the file's alone. */
int sm_render_file_failed_alone(const seam_plan *p, size_t i, const seam_file_info *fi);

int sm_render_count(const seam_plan *p, sm_render_totals *t);

/*
 * Two operations of a reply can name one file (a name resolved to a path also written out):
 * the plan then shows that file's final content under both. Sets *dup (free with sm_free) so
 * that dup[i] is 1 when changed file i has the path of an earlier changed file, to show and
 * count each file once.
 */
int sm_render_dups(const seam_plan *p, unsigned char **dup);

/*
 * Edits numbered in reply order. A plan groups edits by file (and merges two blocks of one
 * file), so its order is not the reply's; sorting by reply line gives back what the model sees
 * as its first, second, ... edit.
 */
typedef struct sm_render_ref {
	size_t file, edit;
	long reply_line;
	size_t flat; /* position when the plan's edits are listed file by file */
} sm_render_ref;

typedef struct sm_render_index {
	sm_render_ref *order; /* order[k] is edit number k + 1 */
	size_t *num;          /* num[flat] is the 1-based number of that edit */
	size_t n;
} sm_render_index;

int sm_render_index_build(const seam_plan *p, sm_render_index *ix);
/* The edits of p as the --json document gives them (index, status, ..., message), each with
 * its file's "path", in reply order: one JSON array (jansson), NULL when out of memory. */
struct json_t *sm_render_edits_json(const seam_plan *p);
void sm_render_index_dispose(sm_render_index *ix);
/* The names of seam.h, never NULL (a status from a newer planner has no name here yet). */
const char *sm_render_status_name(seam_status_t st);
const char *sm_render_op_name(seam_op_t op);

/*
 * A status as a rendering words it for what happened: an edit located but not written is
 * "applied" only once seam_plan_commit wrote it; before that it "would apply" (text, a plan that
 * can be written) or is "planned" (JSON, and any plan that failed). Other statuses keep their
 * names of seam.h. json: the word for the JSON document.
 */
const char *sm_render_status_word(const seam_plan *p, seam_status_t st, int json);
/* 1 when the plan's changes are on disk (seam_plan_commit wrote them). */
int sm_render_written(const seam_plan *p);

/* 1 when the status counts as a success (applied or already applied). */
int sm_render_status_ok(seam_status_t st);

/*
 * Appends a unified diff of old[0..on) against new[0..nn) with 3 lines of context. old_path /
 * new_path are printed after "--- a/" and "+++ b/"; NULL prints /dev/null (a created or deleted
 * file). Bytes are kept as they are (CR LF included); a last line with no line ending gets
 * "\ No newline at end of file". Nothing is appended when both sides are equal. Returns 0 or
 * SEAM_ENOMEM.
 */
int sm_render_unified(sm_buf *b, const char *old_path, const char *new_path, const char *old,
		      size_t on, const char *new_, size_t nn);

/*
 * Appends s[0..n) to b as valid UTF-8: each invalid sequence (stray byte, overlong form,
 * surrogate, past U+10FFFF, cut short) becomes U+FFFD. NUL bytes are kept, so use b->len. Used
 * for every string handed to jansson, which refuses invalid UTF-8.
 */
int sm_render_utf8_clean(sm_buf *b, const char *s, size_t n);

/* Appends s[0..n) for a reader (terminal or model): control bytes other than tab and newline
 * become \xNN, so a hostile path or message cannot drive the terminal. */
int sm_render_put_safe(sm_buf *b, const char *s, size_t n);
/* Appends s[0..n) with every line after a newline prefixed by indent (and the first too). */
int sm_render_put_indented(sm_buf *b, const char *s, size_t n, const char *indent);
/* The end of every rendering: b's text handed out as *out (and *len, may be NULL) when rc is 0
 * and b did not fail, else b disposed of and the code returned. */
int sm_render_hand_out(sm_buf *b, int rc, char **out, size_t *len);

#endif
