/*
 * The refusals of an edit that name a file line, shared by the splice and the split tier: the
 * head naming the line, the reason, the line pointed to, quoted.
 */
#include "plan_edit_refuse.h"

/* Refuses pe with status: the head naming file line `line` (sm_report_file_line, mid before
 * it), then tail, which closes the parenthesis and says why. */
int sm_plan_refuse_at(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t line,
                      int status, const char *mid, const char *tail)
{
	sm_buf msg = SM_BUF_INIT;

	sm_report_file_line(&msg, rc, im, line, mid);
	sm_buf_puts(&msg, tail);
	return sm_plan_fail(pe, status, &msg);
}

/* Refuses pe as ambiguous: the head naming file line `start` (sm_report_file_line, mid before
 * it), then why and the file line `at` it points to, quoted, then tail, which closes the
 * parenthesis and says what would make the reply sure. */
int sm_plan_refuse_beside(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t start,
                          const char *mid, const char *why, size_t at, const char *tail)
{
	sm_buf msg = SM_BUF_INIT;

	sm_report_file_line(&msg, rc, im, start, mid);
	sm_buf_printf(&msg, "%s%ld (", why, sm_image_orig_near(im, at));
	sm_report_quote_line(&msg, im, at);
	sm_buf_puts(&msg, tail);
	return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
}

/* Refuses pe for a placeholder that stands for no line, just above file line `gap` (the line
 * count: at the end), beside lines the edit deletes: their new side, its '+' lost (the lines
 * stay), or an elision of nothing (they go)? The reply does not say. */
int sm_plan_refuse_empty_marker(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                size_t gap)
{
	return sm_plan_refuse_at(
	    pe, rc, im, gap < im->n ? gap : im->n - 1, SEAM_STATUS_AMBIGUOUS,
	    gap < im->n ? " has a placeholder that stands for no line, beside "
	                  "lines it deletes, just above "
	                : " has a placeholder that stands for no line, beside "
	                  "lines it deletes, just below ",
	    "): it does not say whether the placeholder stands for those lines "
	    "(they stay) or for none (they go). Send it again with the lines "
	    "copied in full.\n");
}

/* The refusal of a loose place whose changed line reads as well on another copy of it
 * (sm_plan_copy_reading): the lines left out or miscopied can be put either way. */
int sm_plan_refuse_copy_reading(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                size_t at, size_t alt)
{
	return sm_plan_refuse_beside(
	    pe, rc, im, at, " fits only loosely, changing ",
	    "), and as well with the lines it leaves out or miscopies put elsewhere, changing "
	    "another copy of that line, line ",
	    alt,
	    "): it does not say which copy it means. Send it again with the lines between its "
	    "parts and around the change copied as the file has them, none left out.\n");
}

/* The refusal of a hunk that fits cut into runs but for the blank line above the lines a run
 * adds at the cut (sm_split_lead_adds_on_blank), read by the run before on file line a and by
 * that run on file line b, the stretch the hunk leaves out between: the additions go below the
 * one or the other. Each blank line is named with the line of substance beside it. */
int sm_plan_refuse_blank_undecided(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                                   size_t a, size_t b)
{
	sm_buf msg = SM_BUF_INIT;
	size_t above = a, below = b;
	long la = sm_image_orig_near(im, a), lb = sm_image_orig_near(im, b);

	while (above > 0 && sm_ln(im, above)->blank)
		above--;
	while (below + 1 < im->n && sm_ln(im, below)->blank)
		below++;
	sm_report_file_line(
	    &msg, rc, im, above,
	    " fits only cut into runs, and the lines it adds at the cut, with only a "
	    "blank line above them, may go below the blank line after ");
	sm_buf_printf(&msg, "), line %ld, or below the blank line before line %ld (", la,
	              sm_image_orig_near(im, below));
	sm_report_quote_line(&msg, im, below);
	sm_buf_printf(&msg,
	              "), line %ld: the run before reads its blank line on line %ld, the run after "
	              "on line %ld, and the reply gives fewer blank lines there than the file has. "
	              "It does not say whether the added lines go above ",
	              lb, la, lb);
	if (lb > la + 2)
		sm_buf_printf(&msg, "lines %ld-%ld", la + 1, lb - 1);
	else
		sm_buf_printf(&msg, "line %ld", la + 1);
	sm_buf_puts(&msg, ", which it leaves out, or below them. Send it again with the line right "
	                  "above the added lines that is not blank, or with the lines between its "
	                  "parts copied as the file has them.\n");
	return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
}
