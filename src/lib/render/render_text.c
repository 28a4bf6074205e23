#include "render.h"

#include <string.h>

/*
 * The human report: one line per file, one per edit, failures explained under the edit, and a
 * summary. Edits are numbered in reply order (the third block of the reply is "edit 3" wherever
 * its file is), since that is how a reader counts them.
 */

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

static void put_lines(sm_buf *b, long start, long end)
{
	if (start <= 0)
		return;
	if (end <= start)
		sm_buf_printf(b, " at line %ld", start);
	else
		sm_buf_printf(b, " at lines %ld-%ld", start, end);
}

static void put_edit(sm_buf *b, const seam_plan *p, size_t num, const seam_edit_info *ei)
{
	const char *strategy = ei->strategy ? ei->strategy : "";
	const char *msg = ei->message ? ei->message : "";

	sm_buf_printf(b, "  edit %zu", num);
	if (ei->reply_line > 0)
		sm_buf_printf(b, " (reply line %ld)", ei->reply_line);
	sm_buf_printf(b, ": %s", sm_render_status_word(p, ei->status, 0));
	if (ei->status == SEAM_STATUS_APPLIED && *strategy) {
		sm_buf_puts(b, " by ");
		sm_render_put_safe(b, strategy, strlen(strategy));
	}
	if (sm_render_status_ok(ei->status)) {
		put_lines(b, ei->start_line, ei->end_line);
		sm_buf_putc(b, '\n');
		/* a note on an applied edit: how it was placed (the syntax check broke a tie), or
		   what the laziness guard restored */
		sm_render_put_indented(b, msg, strlen(msg), "    ");
		return;
	}
	sm_buf_putc(b, '\n');
	sm_render_put_indented(b, msg, strlen(msg), "    ");
}

static void put_file(sm_buf *b, const seam_plan *p, const seam_file_info *fi)
{
	const char *path = fi->path && *fi->path ? fi->path : fi->asked_path;
	const char *msg = fi->message ? fi->message : "";
	int ok = sm_render_status_ok(fi->status);

	if (!path)
		path = "";
	sm_render_put_safe(b, path, strlen(path));
	sm_buf_printf(b, ": %s, %s", sm_render_op_name(fi->op),
		      sm_render_status_word(p, fi->status, 0));
	if (ok && !fi->changed)
		sm_buf_puts(b, " (unchanged)");
	/* A one-line note (a resolved name) reads best on the file's line; a failure's
	 * explanation goes under it. */
	if (ok && *msg && !strchr(msg, '\n')) {
		sm_buf_puts(b, " (");
		sm_render_put_safe(b, msg, strlen(msg));
		sm_buf_puts(b, ")\n");
		return;
	}
	sm_buf_putc(b, '\n');
	if (*msg)
		sm_render_put_indented(b, msg, strlen(msg), "  ");
}

int sm_render_text(const seam_plan *p, sm_buf *b)
{
	size_t i, j, nf = seam_plan_file_count(p), flat = 0;
	sm_render_totals t;
	sm_render_index ix;
	int rc;

	if ((rc = sm_render_count(p, &t)) || (rc = sm_render_index_build(p, &ix)))
		return rc;
	for (i = 0; i < nf && !rc; i++) {
		seam_file_info fi;
		if (seam_plan_file(p, i, &fi)) {
			rc = SEAM_ERROR;
			break;
		}
		put_file(b, p, &fi);
		for (j = 0; j < fi.edit_count; j++, flat++) {
			seam_edit_info ei;
			if (flat >= ix.n || seam_plan_edit(p, i, j, &ei)) {
				rc = SEAM_ERROR;
				break;
			}
			put_edit(b, p, ix.num[flat], &ei);
		}
	}
	sm_render_index_dispose(&ix);
	if (rc)
		return rc;
	if (t.failed) {
		/* A file can fail with no edit to blame (a missing file to delete). */
		if (t.failed_files)
			sm_buf_printf(b, "%zu failure%s", t.failed, plural(t.failed));
		else
			sm_buf_printf(b, "%zu edit%s failed", t.failed, plural(t.failed));
		sm_buf_printf(b, ", %zu would apply; nothing written\n",
			      t.applied + t.already_applied);
	} else if (!sm_render_written(p)) {
		/* a dry run, or a plan not committed yet: nothing is applied until it is written */
		sm_buf_printf(b, "%zu file%s would change, %zu edit%s would apply", t.changed,
			      plural(t.changed), t.applied, plural(t.applied));
		if (t.already_applied)
			sm_buf_printf(b, ", %zu already applied", t.already_applied);
		sm_buf_putc(b, '\n');
	} else {
		sm_buf_printf(b, "%zu file%s changed, %zu edit%s applied", t.changed,
			      plural(t.changed), t.applied, plural(t.applied));
		if (t.already_applied)
			sm_buf_printf(b, ", %zu already applied", t.already_applied);
		sm_buf_putc(b, '\n');
	}
	return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
}
