/*
 * The callback tree: files that only the caller can reach (an editor's unsaved buffers, a
 * virtual or remote filesystem) read and written through the functions it gives. seam keeps
 * its guarantees on top: a file is read again before the write and must be as the plan read
 * it, and the caller's write gets every file of the plan at once.
 */
#include "tree.h"
#include "tree_impl.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

struct sm_callbacks {
	seam_tree_callbacks cb;
	void *ctx;
};

/* The caller's read of a clean path: 1 and a copy, 0 when missing, or a negative code. */
static int cb_get(seam_tree *t, const char *path, size_t max, char **data, size_t *len,
		  sm_buf *why)
{
	const char *p = NULL;
	size_t n = 0;
	int rc = t->callbacks->cb.read(t->callbacks->ctx, path, &p, &n);

	*data = NULL;
	*len = 0;
	if (rc == 1)
		return 0;
	if (rc != SEAM_OK || (!p && n)) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "the caller's read of '");
			sm_buf_put_quoted(why, path, strlen(path), 200);
			sm_buf_puts(why, "' failed");
		}
		return rc == SEAM_ENOMEM ? SEAM_ENOMEM : SEAM_EIO;
	}
	if (n > max)
		return sm_tree_too_large(why, path, max);
	if (!(*data = sm_strndup(p ? p : "", n)))
		return SEAM_ENOMEM;
	*len = n;
	return 1;
}

static int cb_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		   sm_filestat *st, sm_buf *why)
{
	int rc = cb_get(t, path, max_bytes, data, len, why);

	memset(st, 0, sizeof(*st));
	if (rc <= 0)
		return rc;
	st->exists = 1;
	st->mode = 0644;
	st->size = *len;
	st->hash = sm_tree_hash(*data, *len);
	return 0;
}

static int cb_exists(seam_tree *t, const char *path)
{
	const char *p = NULL;
	size_t n = 0;

	return t->callbacks->cb.read(t->callbacks->ctx, path, &p, &n) == SEAM_OK;
}

static int cb_locate(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why)
{
	(void)why;
	*exists = cb_exists(t, clean);
	*out = sm_strdup(clean);
	return *out ? SEAM_STATUS_APPLIED : SEAM_ENOMEM;
}

struct collect {
	char **v;
	size_t n, cap;
	int failed;
};

static void add_name(void *arg, const char *path)
{
	struct collect *c = arg;
	char *copy;

	if (c->failed || !path || !sm_tree_path_is_clean(path))
		return; /* a name seam could not resolve to anyway */
	if (c->n >= SM_LIST_MAX_ENTRIES)
		return;
	if (sm_grow((void **)&c->v, &c->cap, c->n + 1, sizeof(*c->v)) ||
	    !(copy = sm_strdup(path))) {
		c->failed = 1;
		return;
	}
	c->v[c->n++] = copy;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cb_list(seam_tree *t)
{
	struct collect c = {0};
	size_t i;

	if (!t->callbacks->cb.list) {
		t->listed = 1; /* nothing to resolve a wrong name to */
		return 0;
	}
	if (t->callbacks->cb.list(t->callbacks->ctx, add_name, &c) != SEAM_OK || c.failed) {
		for (i = 0; i < c.n; i++)
			sm_free(c.v[i]);
		sm_free(c.v);
		if (c.failed)
			return SEAM_ENOMEM;
		t->listed = 1;
		return SEAM_EIO;
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), by_name);
	t->names = c.v;
	t->nnames = c.n;
	t->listed = 1;
	return 0;
}

static int cb_has_entry(seam_tree *t, const char *path)
{
	size_t i, k = strlen(path);

	if (cb_exists(t, path))
		return 1;
	for (i = 0; i < t->nnames; i++)
		if (!strncmp(t->names[i], path, k) && t->names[i][k] == '/')
			return 1;
	return 0;
}

static int cb_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why)
{
	seam_tree_write *out;
	size_t i;
	int rc = 0;

	if (!t->callbacks->cb.write) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "the tree was given no write callback");
		}
		return SEAM_EUSAGE;
	}
	/* every file as the plan read it, or nothing is handed over */
	for (i = 0; i < n && !rc; i++) {
		char *data = NULL;
		size_t len = 0;
		int got = cb_get(t, w[i].path, (size_t)-1, &data, &len, why);
		if (got < 0)
			rc = got;
		else if (got != w[i].before.exists ||
			 (got && (len != w[i].before.size ||
				  sm_tree_hash(data, len) != w[i].before.hash))) {
			if (why) {
				sm_buf_clear(why);
				sm_buf_puts(why, "'");
				sm_buf_put_quoted(why, w[i].path, strlen(w[i].path), 200);
				sm_buf_puts(why, "' was changed since it was read");
			}
			rc = SEAM_ECHANGED;
		}
		sm_free(data);
	}
	if (rc)
		return rc;
	out = sm_calloc(n + 1, sizeof(*out));
	if (!out)
		return SEAM_ENOMEM;
	for (i = 0; i < n; i++) {
		out[i].path = w[i].path;
		out[i].data = w[i].del ? NULL : (w[i].data ? w[i].data : "");
		out[i].len = w[i].del ? 0 : w[i].len;
		out[i].mode = w[i].set_exec > 0 || w[i].mode == 0755u ? 0755u
			      : w[i].set_exec < 0 ? 0644u : 0;
	}
	rc = t->callbacks->cb.write(t->callbacks->ctx, out, n);
	sm_free(out);
	if (rc != SEAM_OK) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "the caller's write failed");
		}
		return rc == SEAM_ENOMEM || rc == SEAM_ECHANGED || rc == SEAM_EBUSY ? rc : SEAM_EIO;
	}
	return 0;
}

static void cb_close(seam_tree *t)
{
	sm_free(t->callbacks);
	t->callbacks = NULL;
}

static const sm_tree_ops callback_ops = {
	cb_locate, cb_read, cb_exists, cb_has_entry, cb_list, cb_commit, cb_close,
};

int seam_tree_new_callbacks(seam_tree **out, seam_session *s, const seam_tree_callbacks *cb,
			    void *ctx)
{
	seam_tree *t;

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!s || !cb || !cb->read)
		return SEAM_EUSAGE;
	t = sm_tree_alloc(s, SM_TREE_CALLBACKS, &callback_ops);
	if (!t)
		return SEAM_ENOMEM;
	if (!(t->callbacks = sm_calloc(1, sizeof(*t->callbacks)))) {
		seam_tree_free(t);
		return SEAM_ENOMEM;
	}
	t->callbacks->cb = *cb;
	t->callbacks->ctx = ctx;
	*out = t;
	return SEAM_OK;
}
