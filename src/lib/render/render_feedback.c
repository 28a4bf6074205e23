#include "render.h"
#include "../../util/alloc.h"

#include <string.h>

/*
 * What an agent sends back to the model after a failure. The model reads all of it, so it is
 * short, exact and actionable: each failure with the planner's own diagnostic, the edits that
 * worked (so they are not sent twice), and one instruction. Messages are printed as written,
 * not indented, because they quote code whose indentation matters.
 */

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

static const char *file_path(const seam_file_info *fi)
{
	if (fi->path && *fi->path)
		return fi->path;
	return fi->asked_path ? fi->asked_path : "";
}

static void put_message(sm_buf *b, const char *msg)
{
	size_t n = strlen(msg);

	while (n > 0 && msg[n - 1] == '\n')
		n--;
	if (!n)
		return;
	sm_render_put_safe(b, msg, n);
	sm_buf_putc(b, '\n');
}

/* A failed file whose edits say nothing more than the file: its own message. */
static void put_file_failure(sm_buf *b, const seam_file_info *fi)
{
	const char *path = file_path(fi);

	sm_buf_putc(b, '\n');
	sm_render_put_safe(b, path, strlen(path));
	sm_buf_printf(b, " (%s): %s\n", sm_render_op_name(fi->op),
	              sm_render_status_name(fi->status));
	put_message(b, fi->message ? fi->message : "");
}

static void put_edit_failure(sm_buf *b, size_t num, const seam_file_info *fi,
			     const seam_edit_info *ei, int with_file_msg)
{
	const char *path = file_path(fi);
	const char *msg = ei->message ? ei->message : "";

	sm_buf_printf(b, "\nEdit %zu (", num);
	sm_render_put_safe(b, path, strlen(path));
	if (ei->reply_line > 0)
		sm_buf_printf(b, ", reply line %ld", ei->reply_line);
	sm_buf_printf(b, "): %s\n", sm_render_status_name(ei->status));
	if (with_file_msg)
		put_message(b, fi->message);
	if (*msg)
		put_message(b, msg);
	else if (ei->status == SEAM_STATUS_SKIPPED && !with_file_msg)
		sm_buf_puts(b, "Not tried, because of the problem with this file above.\n");
}

/* "edit 1 (a.c), edits 3-5 (b.c)": runs of consecutive numbers in one file are joined. */
static int put_applied_list(sm_buf *b, const seam_plan *p, const sm_render_index *ix)
{
	size_t k = 0, listed = 0;

	while (k < ix->n) {
		seam_file_info fi;
		seam_edit_info ei;
		size_t e = k, f = ix->order[k].file;
		const char *path;

		if (seam_plan_edit(p, f, ix->order[k].edit, &ei))
			return SEAM_ERROR;
		if (!sm_render_status_ok(ei.status)) {
			k++;
			continue;
		}
		while (e + 1 < ix->n && ix->order[e + 1].file == f) {
			seam_edit_info next;
			if (seam_plan_edit(p, f, ix->order[e + 1].edit, &next))
				return SEAM_ERROR;
			if (!sm_render_status_ok(next.status))
				break;
			e++;
		}
		if (seam_plan_file(p, f, &fi))
			return SEAM_ERROR;
		path = file_path(&fi);
		sm_buf_puts(b, listed ? ", " : "\nThese edits would apply (do not re-send them): ");
		if (e == k)
			sm_buf_printf(b, "edit %zu (", k + 1);
		else
			sm_buf_printf(b, "edits %zu-%zu (", k + 1, e + 1);
		sm_render_put_safe(b, path, strlen(path));
		sm_buf_putc(b, ')');
		listed++;
		k = e + 1;
	}
	if (listed)
		sm_buf_puts(b, ".\n");
	return 0;
}

static int put_failures(sm_buf *b, const seam_plan *p, const sm_render_index *ix)
{
	size_t i, k, nf = seam_plan_file_count(p);
	seam_file_info fi;
	seam_edit_info ei;
	unsigned char *told; /* the file's own message was given already */

	told = sm_calloc(nf ? nf : 1, 1);
	if (!told)
		return SEAM_ENOMEM;

	/* Files that failed with no failed edit (a missing file to delete, a refused path). */
	for (i = 0; i < nf; i++) {
		if (seam_plan_file(p, i, &fi))
			goto fail;
		if (sm_render_file_failed_alone(p, i, &fi))
			put_file_failure(b, &fi);
	}
	for (k = 0; k < ix->n; k++) {
		const sm_render_ref *r = &ix->order[k];
		int with_file_msg = 0;

		if (r->file >= nf || seam_plan_file(p, r->file, &fi) ||
		    seam_plan_edit(p, r->file, r->edit, &ei))
			goto fail;
		if (sm_render_status_ok(ei.status))
			continue;
		/* The file's own message (refused path, not found...) goes with its first failed
		 * edit, unless that edit already says the same. */
		if (!told[r->file] && fi.message && *fi.message &&
		    !sm_render_status_ok(fi.status) &&
		    (!ei.message || !strstr(ei.message, fi.message)))
			with_file_msg = 1;
		told[r->file] = 1;
		put_edit_failure(b, k + 1, &fi, &ei, with_file_msg);
	}
	sm_free(told);
	return 0;
fail:
	sm_free(told);
	return SEAM_ERROR;
}

/* What an applied file's message says (a syntax warning under --syntax=warn, a move) is news
 * to the model too: an edit that applied may still need its attention. */
static int put_notes(sm_buf *b, const seam_plan *p)
{
	size_t i, nf = seam_plan_file_count(p);
	seam_file_info fi;

	for (i = 0; i < nf; i++) {
		const char *path;
		if (seam_plan_file(p, i, &fi))
			return SEAM_ERROR;
		if (!sm_render_status_ok(fi.status) || !fi.message || !*fi.message)
			continue;
		path = file_path(&fi);
		sm_buf_puts(b, "\nNote on ");
		sm_render_put_safe(b, path, strlen(path));
		sm_buf_puts(b, ": ");
		put_message(b, fi.message);
	}
	return 0;
}

int sm_render_feedback(const seam_plan *p, sm_buf *b)
{
	sm_render_totals t;
	sm_render_index ix;
	int rc;

	if ((rc = sm_render_count(p, &t)))
		return rc;
	if (!t.failed) {
		/* a dry run (or a plan not written yet) never tells the model it applied */
		int w = sm_render_written(p);
		if (t.edits == 1)
			sm_buf_printf(b, "The edit %s (%zu file%s %s", w ? "applied" : "would apply",
				      t.changed, plural(t.changed), w ? "changed" : "would change");
		else
			sm_buf_printf(b, "All %zu edits %s (%zu file%s %s", t.edits,
				      w ? "applied" : "would apply", t.changed, plural(t.changed),
				      w ? "changed" : "would change");
		if (t.already_applied)
			sm_buf_printf(b, "; %zu %s already there", t.already_applied,
				      t.already_applied == 1 ? "was" : "were");
		sm_buf_puts(b, ").\n");
		if ((rc = put_notes(b, p)))
			return rc;
		return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
	}
	if ((rc = sm_render_index_build(p, &ix)))
		return rc;
	if (t.failed_files)
		sm_buf_printf(b, "%zu problem%s found; nothing was changed.\n", t.failed,
			      plural(t.failed));
	else
		sm_buf_printf(b, "%zu of %zu edit%s failed; nothing was changed.\n", t.failed,
			      t.edits, plural(t.edits));
	rc = put_failures(b, p, &ix);
	if (!rc)
		rc = put_applied_list(b, p, &ix);
	if (!rc)
		rc = put_notes(b, p);
	sm_render_index_dispose(&ix);
	if (rc)
		return rc;
	sm_buf_puts(b, "\nRe-send only the failed edits.\n");
	return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
}
