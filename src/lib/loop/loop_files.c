/*
 * What every part of the loop calls: the conversation's messages, the records of the files the
 * loop has brought into its copy, and the state on failure. A file of its own below the state
 * machine (loop.c) and the halves it delegates to (loop_keep.c, loop_snippet.c), so that they
 * call it and nothing calls back up.
 */
#include "loop_impl.h"
#include "../tree/tree.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <string.h>

int sm_loop_add_msg(seam_loop *l, const char *role, sm_buf *content)
{
	char *c;

	if (sm_buf_failed(content) ||
	    sm_grow((void **)&l->msgs, &l->mcap, l->nmsgs + 1, sizeof(*l->msgs)))
		return SEAM_ENOMEM;
	c = sm_buf_detach(content, NULL);
	if (!c && !(c = sm_strdup("")))
		return SEAM_ENOMEM;
	l->msgs[l->nmsgs].role = role;
	l->msgs[l->nmsgs].content = c;
	l->nmsgs++;
	return SEAM_OK;
}

sm_loop_file *sm_loop_find_file(seam_loop *l, const char *path)
{
	size_t i;

	for (i = 0; i < l->nfiles; i++)
		if (!strcmp(l->files[i].path, path))
			return &l->files[i];
	return NULL;
}

/*
 * Brings the file the reply calls `asked` into the copy, read from the real tree (resolved as
 * a plan would, misspelt names included). Paths the real tree refuses or cannot read are left
 * out: the plan on the copy then says why. *added is set when a file came in.
 */
int sm_loop_bring(seam_loop *l, const char *asked, int must_exist, int shown, int *added)
{
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	char *path = NULL, *data = NULL;
	size_t len = 0;
	sm_filestat st;
	int rc;

	if (added)
		*added = 0;
	rc = sm_tree_resolve(l->t, asked, strlen(asked), must_exist, l->s->opts.flags, &path,
			     &note, &why);
	sm_buf_dispose(&note);
	if (rc < 0) {
		sm_buf_dispose(&why);
		return rc;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		if (shown)
			rc = sm_fail(l->s, SEAM_EIO, "%s: %s", asked, why.ptr ? why.ptr : "not usable");
		else
			rc = SEAM_OK;
		sm_buf_dispose(&why);
		return rc;
	}
	if (sm_loop_find_file(l, path)) {
		sm_free(path);
		sm_buf_dispose(&why);
		return SEAM_OK;
	}
	if (l->nfiles >= SM_LOOP_MAX_FILES) {
		sm_free(path);
		sm_buf_dispose(&why);
		return sm_fail(l->s, SEAM_ELIMIT, "the loop tracks at most %u files",
			       SM_LOOP_MAX_FILES);
	}
	rc = sm_tree_read(l->t, path, 0, &data, &len, &st, &why);
	if (rc == SEAM_OK && shown && !st.exists)
		rc = sm_fail(l->s, SEAM_EIO, "%s does not exist", path);
	else if (rc && rc != SEAM_ENOMEM)
		rc = sm_fail(l->s, rc, "%s: %s", path, why.ptr ? why.ptr : "cannot be read");
	sm_buf_dispose(&why);
	if (rc == SEAM_OK &&
	    sm_grow((void **)&l->files, &l->fcap, l->nfiles + 1, sizeof(*l->files)))
		rc = SEAM_ENOMEM;
	if (rc == SEAM_OK && st.exists)
		rc = seam_tree_put(l->mem, path, data, len, st.mode ? st.mode : 0644);
	if (rc) {
		sm_free(path);
		sm_free(data);
		return rc;
	}
	l->files[l->nfiles].path = path;
	l->files[l->nfiles].orig = st.exists ? data : NULL;
	l->files[l->nfiles].olen = len;
	l->files[l->nfiles].shown = shown;
	if (!st.exists)
		sm_free(data);
	l->nfiles++;
	if (added)
		*added = 1;
	return SEAM_OK;
}

/* The file's current text in the copy, rendered for the model (or a note that it is gone). */
void sm_loop_put_current(seam_loop *l, sm_buf *b, const char *path)
{
	size_t len = 0;
	const char *data = seam_tree_get(l->mem, path, &len);

	if (data)
		sm_prompt_put_file(b, l->pr, path, data, len);
	else
		sm_buf_printf(b, "%s does not exist.\n", path);
}

int sm_loop_fail_state(seam_loop *l, int rc)
{
	l->state = SEAM_LOOP_FAILED;
	return rc;
}
