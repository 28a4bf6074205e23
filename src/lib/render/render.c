#include "render.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sm_render_status_name(seam_status_t st)
{
	const char *n = seam_status_name(st);
	return n ? n : "unknown";
}

const char *sm_render_op_name(seam_op_t op)
{
	const char *n = seam_op_name(op);
	return n ? n : "unknown";
}

int sm_render_written(const seam_plan *p)
{
	return seam_plan_written(p);
}

const char *sm_render_status_word(const seam_plan *p, seam_status_t st, int json)
{
	if (st != SEAM_STATUS_APPLIED || seam_plan_written(p))
		return sm_render_status_name(st);
	return json || !seam_plan_ok(p) ? "planned" : "would apply";
}

int sm_render_status_ok(seam_status_t st)
{
	return st == SEAM_STATUS_APPLIED || st == SEAM_STATUS_ALREADY_APPLIED;
}

typedef struct path_ref {
	const char *path;
	size_t i;
} path_ref;

static int by_path(const void *x, const void *y)
{
	const path_ref *a = x, *b = y;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	return a->i < b->i ? -1 : a->i > b->i;
}

int sm_render_dups(const seam_plan *p, unsigned char **dup)
{
	size_t i, n = 0, nf = seam_plan_file_count(p);
	path_ref *v;

	*dup = sm_calloc(nf ? nf : 1, 1);
	v = sm_malloc((nf ? nf : 1) * sizeof(*v));
	if (!*dup || !v) {
		sm_free(*dup);
		sm_free(v);
		*dup = NULL;
		return SEAM_ENOMEM;
	}
	for (i = 0; i < nf; i++) {
		seam_file_info fi;
		if (seam_plan_file(p, i, &fi)) {
			sm_free(v);
			sm_free(*dup);
			*dup = NULL;
			return SEAM_ERROR;
		}
		if (fi.changed && fi.path) {
			v[n].path = fi.path;
			v[n].i = i;
			n++;
		}
	}
	/* Sorting keeps this O(n log n) for replies that touch thousands of files. */
	qsort(v, n, sizeof(*v), by_path);
	for (i = 1; i < n; i++)
		if (!strcmp(v[i].path, v[i - 1].path))
			(*dup)[v[i].i] = 1;
	sm_free(v);
	return 0;
}

int sm_render_count(const seam_plan *p, sm_render_totals *t)
{
	size_t i, j, nf = seam_plan_file_count(p);
	unsigned char *dup;
	int rc;

	memset(t, 0, sizeof(*t));
	t->files = nf;
	if ((rc = sm_render_dups(p, &dup)))
		return rc;
	for (i = 0; i < nf; i++) {
		seam_file_info fi;
		size_t before = t->failed;
		if (seam_plan_file(p, i, &fi)) {
			sm_free(dup);
			return SEAM_ERROR;
		}
		for (j = 0; j < fi.edit_count; j++) {
			seam_edit_info ei;
			if (seam_plan_edit(p, i, j, &ei)) {
				sm_free(dup);
				return SEAM_ERROR;
			}
			t->edits++;
			if (ei.status == SEAM_STATUS_APPLIED)
				t->applied++;
			else if (ei.status == SEAM_STATUS_ALREADY_APPLIED)
				t->already_applied++;
			else
				t->failed++;
		}
		if (t->failed == before && !sm_render_status_ok(fi.status)) {
			t->failed_files++;
			t->failed++;
		}
	}
	sm_free(dup);
	/* every path written or removed once: a move changes two, two operations on one path
	   change one; a move whose old name is left empty is one file changed, as git counts a
	   rename (a move followed by a new file under the old name stays two) */
	{
		seam_path_info pi, from;
		for (i = 0; seam_plan_path(p, i, &pi) == SEAM_OK; i++) {
			t->paths += pi.changed;
			if (pi.changed && pi.from >= 0 && !pi.copied &&
			    seam_plan_path(p, (size_t)pi.from, &from) == SEAM_OK && from.changed &&
			    !from.new_data)
				continue;
			t->changed += pi.changed;
		}
	}
	return 0;
}

int sm_render_file_failed_alone(const seam_plan *p, size_t i, const seam_file_info *fi)
{
	size_t j;

	if (sm_render_status_ok(fi->status))
		return 0;
	for (j = 0; j < fi->edit_count; j++) {
		seam_edit_info ei;
		if (seam_plan_edit(p, i, j, &ei))
			return 0;
		if (!sm_render_status_ok(ei.status))
			return 0;
	}
	return 1;
}

static int by_reply_line(const void *x, const void *y)
{
	const sm_render_ref *a = x, *b = y;

	if (a->reply_line != b->reply_line)
		return a->reply_line < b->reply_line ? -1 : 1;
	return a->flat < b->flat ? -1 : a->flat > b->flat;
}

int sm_render_index_build(const seam_plan *p, sm_render_index *ix)
{
	size_t i, j, k, nf = seam_plan_file_count(p), total = 0;
	seam_file_info fi;
	seam_edit_info ei;

	memset(ix, 0, sizeof(*ix));
	for (i = 0; i < nf; i++) {
		if (seam_plan_file(p, i, &fi))
			return SEAM_ERROR;
		if (fi.edit_count > SIZE_MAX / sizeof(sm_render_ref) - total)
			return SEAM_ENOMEM;
		total += fi.edit_count;
	}
	ix->order = sm_malloc(total * sizeof(*ix->order));
	ix->num = sm_malloc(total * sizeof(*ix->num));
	if (!ix->order || !ix->num) {
		sm_render_index_dispose(ix);
		return SEAM_ENOMEM;
	}
	for (i = 0, k = 0; i < nf; i++) {
		if (seam_plan_file(p, i, &fi))
			goto fail;
		for (j = 0; j < fi.edit_count && k < total; j++, k++) {
			if (seam_plan_edit(p, i, j, &ei))
				goto fail;
			ix->order[k].file = i;
			ix->order[k].edit = j;
			ix->order[k].reply_line = ei.reply_line;
			ix->order[k].flat = k;
		}
	}
	/* The plan answered differently the second time round: do not trust it. */
	if (k != total)
		goto fail;
	ix->n = total;
	qsort(ix->order, total, sizeof(*ix->order), by_reply_line);
	for (k = 0; k < total; k++)
		ix->num[ix->order[k].flat] = k + 1;
	return 0;
fail:
	sm_render_index_dispose(ix);
	return SEAM_ERROR;
}

void sm_render_index_dispose(sm_render_index *ix)
{
	sm_free(ix->order);
	sm_free(ix->num);
	memset(ix, 0, sizeof(*ix));
}

int sm_render_put_safe(sm_buf *b, const char *s, size_t n)
{
	if (s)
		sm_buf_put_escaped(b, s, n, n, 1);
	return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
}

int sm_render_put_indented(sm_buf *b, const char *s, size_t n, const char *indent)
{
	size_t i = 0;

	/* A message ending in a newline should not leave a dangling indent behind it. */
	while (n > 0 && s[n - 1] == '\n')
		n--;
	while (i < n) {
		const char *p = s + i;
		size_t m = sm_text_next_line(s, n, &i, NULL);
		if (m)
			sm_buf_puts(b, indent);
		sm_render_put_safe(b, p, m);
		sm_buf_putc(b, '\n');
	}
	return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
}

int sm_render_hand_out(sm_buf *b, int rc, char **out, size_t *len)
{
	size_t n;

	if (!rc && sm_buf_failed(b))
		rc = SEAM_ENOMEM;
	if (rc) {
		sm_buf_dispose(b);
		return rc;
	}
	*out = sm_buf_detach(b, &n);
	if (!*out)
		return SEAM_ENOMEM;
	if (len)
		*len = n;
	return SEAM_OK;
}
