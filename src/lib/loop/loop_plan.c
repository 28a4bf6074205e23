/* seam_loop_plan: the copy compared with the files as first read, one whole-content operation
 * per changed file (a delete per deleted one), planned on the real tree. */
#include "loop_impl.h"
#include "../tree/tree.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

/* Appends content as the '+' lines of one whole-content edit of a new fileop. */
static int add_whole(seam_reply *r, const char *path, const char *data, size_t len, int bom)
{
	sm_fileop *f = sm_reply_file(r, path, strlen(path), SEAM_OP_WHOLE, 0);
	sm_edit *e;
	size_t i;

	if (!f || !(e = sm_fileop_add_edit(r, f, 0)))
		return SEAM_ENOMEM;
	if (bom && len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) {
		data += 3;
		len -= 3;
	}
	for (i = 0; i < len;) {
		const char *p = data + i;
		size_t n = sm_text_next_line(data, len, &i, NULL);
		if (n && p[n - 1] == '\r')
			n--;
		if (sm_edit_add_line(e, SM_HL_ADD, p, n))
			return SEAM_ENOMEM;
	}
	if (len && data[len - 1] != '\n')
		e->flags |= SM_EDIT_NEW_NOEOL;
	return SEAM_OK;
}

/*
 * The first file of p whose content before differs from what the loop read first (changed by
 * someone else during the conversation: whole contents planned over it would undo that), or
 * SIZE_MAX. seam_plan_commit then checks that nothing changes between this plan and the write.
 */
static size_t changed_since(seam_loop *l, const seam_plan *p)
{
	size_t i, n = seam_plan_file_count(p);

	for (i = 0; i < n; i++) {
		seam_file_info fi;
		const sm_loop_file *lf;
		if (seam_plan_file(p, i, &fi) || !fi.path || !(lf = sm_loop_find_file(l, fi.path)))
			continue;
		if ((lf->orig != NULL) != (fi.old_data != NULL) ||
		    (lf->orig && (lf->olen != fi.old_len || memcmp(lf->orig, fi.old_data, lf->olen))))
			return i;
	}
	return SIZE_MAX;
}

int seam_loop_plan(seam_loop *l, seam_plan **out)
{
	seam_reply *r;
	sm_buf text = SM_BUF_INIT;
	size_t i, *at, nmem;
	int rc = SEAM_OK;

	if (!l || !out)
		return SEAM_EUSAGE;
	*out = NULL;
	r = sm_calloc(1, sizeof(*r));
	nmem = sm_tree_mem_count(l->mem);
	at = sm_calloc(nmem + 1, sizeof(*at));
	if (!r || !at) {
		sm_free(r);
		sm_free(at);
		return SEAM_ENOMEM;
	}
	/* every changed file's text, in one buffer the edits' spans point into */
	for (i = 0; i < nmem; i++) {
		const char *data;
		size_t len;

		sm_tree_mem_at(l->mem, i, &data, &len);
		at[i] = text.len;
		sm_buf_put(&text, data, len);
	}
	if (sm_buf_failed(&text)) {
		sm_free(r);
		sm_free(at);
		return SEAM_ENOMEM;
	}
	r->text = sm_buf_detach(&text, &r->len);
	r->format = SEAM_FORMAT_WHOLE;
	for (i = 0; i < nmem && rc == SEAM_OK; i++) {
		const char *data, *path;
		size_t len;
		const sm_loop_file *lf;

		path = sm_tree_mem_at(l->mem, i, &data, &len);
		lf = sm_loop_find_file(l, path);
		if (lf && lf->orig && lf->olen == len && !memcmp(lf->orig, data, len))
			continue;
		rc = add_whole(r, path, r->text ? r->text + at[i] : "", len,
			       lf && lf->orig && lf->olen >= 3 && !memcmp(lf->orig, "\xef\xbb\xbf", 3));
	}
	for (i = 0; i < l->nfiles && rc == SEAM_OK; i++)
		if (l->files[i].orig && !sm_tree_mem_has(l->mem, l->files[i].path) &&
		    !sm_reply_file(r, l->files[i].path, strlen(l->files[i].path), SEAM_OP_DELETE, 0))
			rc = SEAM_ENOMEM;
	sm_free(at);
	if (rc == SEAM_OK && !r->nfiles)
		rc = sm_fail(l->s, SEAM_EPARSE, "no change was kept");
	if (rc) {
		seam_reply_free(r);
		return rc;
	}
	rc = seam_plan_new(out, l->ms, r, l->t);
	if (*out && (i = changed_since(l, *out)) != SIZE_MAX) {
		seam_file_info fi;
		seam_plan_file(*out, i, &fi);
		rc = sm_fail(l->s, SEAM_ECHANGED,
			     "%s changed since the loop read it: the edits were made to the old "
			     "content, so nothing is planned over the new one",
			     fi.path);
		seam_plan_free(*out);
		*out = NULL;
		seam_reply_free(r);
		return rc;
	}
	if (*out) {
		/* the plan borrows the reply: the loop keeps it until it is freed (an earlier
		   plan of the loop must be freed before this call, as documented) */
		seam_reply_free(l->final);
		l->final = r;
	} else {
		seam_reply_free(r);
	}
	if (rc && rc != SEAM_EFAIL)
		sm_fail(l->s, rc, "%s", seam_session_errmsg(l->ms));
	return rc;
}
