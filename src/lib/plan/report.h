#ifndef SEAM_LIB_REPORT_H
#define SEAM_LIB_REPORT_H

/*
 * Messages for edits that fail, written for the model that will try again: what was not found,
 * where the closest text is (with line numbers and a short diff), what to do. Every piece of
 * reply or file text goes through sm_buf_put_quoted, so a hostile reply cannot forge lines.
 */

#include "../match/lazy.h"

typedef struct sm_report_ctx {
	const char *path;     /* resolved path */
	const char *what;     /* "SEARCH block", "hunk", ... */
	long reply_line;
	int whole;            /* a whole-file edit: it has no old text to leave lines out of */
} sm_report_ctx;

/* Looks for the closest text on the plan's work budget (NULL: unlimited); once it is spent the
 * message goes without that part. */
void sm_report_no_match(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_medit *e,
			sm_budget *budget);
void sm_report_ambiguous(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_medit *e,
			 const sm_cands *cs);
/* A numbered block whose text fits only where two of its old lines (old[0], old[1]: indexes
 * into e->old) stand at other distances apart than their numbers say: at file lines at[0],
 * at[1] (sm_match's against_*). */
void sm_report_against_numbers(sm_buf *b, const sm_report_ctx *r, const sm_image *im,
			       const sm_medit *e, const size_t old[2], const size_t at[2]);
/* File line `line` of im as a message quotes it: its text, or "a blank line" (quoted empty
 * parentheses read as a slip). */
void sm_report_quote_line(sm_buf *b, const sm_image *im, size_t line);
/* The head of a refusal that names one file line: "The <what> at reply line N for <path>",
 * then mid, then "line L of the file (<its text>"; the caller closes the parenthesis and says
 * why. line is an index into im; the result is L, its number in the file as read. */
long sm_report_file_line(sm_buf *b, const sm_report_ctx *r, const sm_image *im, size_t line,
			 const char *mid);
/* A merged hunk's old side standing as two pieces, h (sm_match's halves), whose new side does
 * not say where the file lines between them go. */
void sm_report_halves(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_halves *h);
/* The work budget ran out before the edit was found (or found to be nowhere). */
void sm_report_budget(sm_buf *b, const sm_report_ctx *r, unsigned int budget_ms);
/* The budget was spent before the edit was looked for at all. */
void sm_report_budget_spent(sm_buf *b, const sm_report_ctx *r, unsigned int budget_ms);
/* The file lines (1-based, the file before the reply; 0: not located) a refused placeholder's
 * message names: first..last, those it would delete; near and far, where the line next to it
 * stands in each of two fits (h->fits). Each is an old line's own place, as the caller located
 * it: counted from first, a line the old side leaves out between them (a blank line the
 * tolerant tier skipped) put a number one off. */
typedef struct sm_lazy_where {
	long first, last, near, far;
} sm_lazy_where;
/* A refused placeholder: h from sm_lazy_guard, ph_line its line in the reply (0: unknown), at
 * the file lines it names, mode the session's seam_lazy_t. */
void sm_report_lazy(sm_buf *b, const sm_report_ctx *r, const sm_medit *e, const sm_lazy_hit *h,
		    long ph_line, const sm_lazy_where *at, int mode);
/* One line for an expanded placeholder: the file lines first..last (0: not known) it stood
 * for were kept. */
void sm_report_expanded(sm_buf *b, const sm_lazy_exp *x, long ph_line, long first, long last);

#endif
