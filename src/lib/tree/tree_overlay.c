/*
 * The overlay: a plan's result laid over the tree it was planned on, so that the next reply
 * (a retry that re-sends the failed edits, the next step of an agent) plans on top of it
 * without anything being written. Committing a plan made on an overlay writes both rounds to
 * the base at once, all or nothing, each file checked against what the first plan read.
 */
#include "tree.h"
#include "tree_impl.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

struct sm_overlay {
	seam_tree *base;
	sm_write *w; /* sorted by path; paths and data owned */
	size_t n;
};

static int by_path(const void *a, const void *b)
{
	return strcmp(((const sm_write *)a)->path, ((const sm_write *)b)->path);
}

static const sm_write *find(const struct sm_overlay *o, const char *path)
{
	size_t lo = 0, hi = o->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(o->w[mid].path, path);
		if (!r)
			return &o->w[mid];
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void drop_writes(struct sm_overlay *o)
{
	size_t i;

	for (i = 0; i < o->n; i++) {
		sm_free((char *)o->w[i].path);
		sm_free((char *)o->w[i].data);
	}
	sm_free(o->w);
	o->w = NULL;
	o->n = 0;
}

static int ov_locate(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why)
{
	const sm_write *w = find(t->overlay, clean);
	int rc;

	if (w) {
		*exists = !w->del;
		*out = sm_strdup(clean);
		return *out ? SEAM_STATUS_APPLIED : SEAM_ENOMEM;
	}
	rc = t->overlay->base->ops->locate(t->overlay->base, clean, out, exists, why);
	/* through a symbolic link of the base to a path the plan wrote */
	if (rc == SEAM_STATUS_APPLIED && *out && (w = find(t->overlay, *out)) != NULL)
		*exists = !w->del;
	return rc;
}

/* The mode a written file has after the plan: the base's with the plan's change, or the
 * plan's for a new one. */
static unsigned int mode_of(const sm_write *w)
{
	unsigned int m = w->before.exists ? w->before.mode : (w->mode ? w->mode : 0644);

	if (w->set_exec > 0)
		m |= (m & 0444) >> 2;
	else if (w->set_exec < 0)
		m &= ~0111u;
	return m & 07777;
}

static int ov_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		   sm_filestat *st, sm_buf *why)
{
	const sm_write *w = find(t->overlay, path);

	if (!w)
		return t->overlay->base->ops->read(t->overlay->base, path, max_bytes, data, len,
						   st, why);
	*data = NULL;
	*len = 0;
	memset(st, 0, sizeof(*st));
	if (w->del)
		return 0;
	if (w->len > max_bytes)
		return sm_tree_too_large(why, path, max_bytes);
	*data = sm_strndup(w->data ? w->data : "", w->len);
	if (!*data)
		return SEAM_ENOMEM;
	*len = w->len;
	st->exists = 1;
	st->mode = mode_of(w);
	st->size = w->len;
	st->dev = w->before.dev;
	st->ino = w->before.ino;
	st->hash = sm_tree_hash(*data, *len);
	return 0;
}

static int ov_exists(seam_tree *t, const char *path)
{
	const sm_write *w = find(t->overlay, path);

	return w ? !w->del : t->overlay->base->ops->exists(t->overlay->base, path);
}

static int ov_has_entry(seam_tree *t, const char *path)
{
	const struct sm_overlay *o = t->overlay;
	size_t i, k = strlen(path);

	for (i = 0; i < o->n; i++)
		if (!o->w[i].del && !strncmp(o->w[i].path, path, k) &&
		    (o->w[i].path[k] == '\0' || o->w[i].path[k] == '/'))
			return 1;
	return o->base->ops->has_entry(o->base, path);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The base's names less the files the plan deleted, with the files it created. */
static int ov_list(seam_tree *t)
{
	struct sm_overlay *o = t->overlay;
	seam_tree *b = o->base;
	char **v;
	size_t i, k = 0;
	int rc = 0;

	pthread_mutex_lock(&b->names_lock);
	if (!b->listed)
		rc = b->ops->list(b);
	pthread_mutex_unlock(&b->names_lock);
	if (rc == SEAM_ENOMEM)
		return rc;
	v = sm_calloc(b->nnames + o->n + 1, sizeof(*v));
	if (!v)
		return SEAM_ENOMEM;
	for (i = 0; i < b->nnames && !rc; i++) {
		const sm_write *w = find(o, b->names[i]);
		if (w && w->del)
			continue;
		if (!(v[k++] = sm_strdup(b->names[i])))
			rc = SEAM_ENOMEM;
	}
	for (i = 0; i < o->n && !rc; i++) {
		if (o->w[i].del || o->w[i].before.exists)
			continue;
		if (!(v[k++] = sm_strdup(o->w[i].path)))
			rc = SEAM_ENOMEM;
	}
	if (rc) {
		while (k-- > 0)
			sm_free(v[k]);
		sm_free(v);
		return rc;
	}
	qsort(v, k, sizeof(*v), by_name);
	t->names = v;
	t->nnames = k;
	t->listed = 1;
	return 0;
}

static int changed_here(sm_buf *why, const char *path)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "'");
		sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_puts(why, "' is not as the plan on the overlay read it");
	}
	return SEAM_ECHANGED;
}

/*
 * Both rounds in one commit of the base: a path written by both gets the second round's
 * content and the first round's check against the base; a file the first round created and
 * the second deleted is not written at all.
 */
static int ov_commit(seam_tree *t, const sm_write *w2, size_t n2, sm_buf *why)
{
	struct sm_overlay *o = t->overlay;
	sm_write *all;
	unsigned char *taken;
	size_t i, k = 0;
	int rc;

	all = sm_calloc(n2 + o->n + 1, sizeof(*all));
	taken = sm_calloc(o->n + 1, 1);
	if (!all || !taken) {
		sm_free(all);
		sm_free(taken);
		return SEAM_ENOMEM;
	}
	for (i = 0; i < n2; i++) {
		const sm_write *w1 = find(o, w2[i].path);
		sm_write c = w2[i];
		if (w1) {
			/* the second plan read the overlay's content: it must still be that */
			if (w1->del ? w2[i].before.exists
				    : (!w2[i].before.exists || w2[i].before.size != w1->len ||
				       w2[i].before.hash != sm_tree_hash(w1->data ? w1->data : "",
									w1->len))) {
				sm_free(all);
				sm_free(taken);
				return changed_here(why, w2[i].path);
			}
			taken[w1 - o->w] = 1;
			c.before = w1->before;
			if (!c.set_exec)
				c.set_exec = w1->set_exec;
			if (!c.mode)
				c.mode = w1->mode;
			if (c.del && !w1->before.exists)
				continue;
		}
		all[k++] = c;
	}
	for (i = 0; i < o->n; i++)
		if (!taken[i])
			all[k++] = o->w[i];
	sm_free(taken);
	rc = sm_tree_commit(o->base, all, k, why);
	sm_free(all);
	if (!rc)
		drop_writes(o); /* both rounds are in the base now: the overlay shows it as it is */
	return rc;
}

static void ov_close(seam_tree *t)
{
	if (!t->overlay)
		return;
	drop_writes(t->overlay);
	sm_free(t->overlay);
	t->overlay = NULL;
}

static const sm_tree_ops overlay_ops = {
	ov_locate, ov_read, ov_exists, ov_has_entry, ov_list, ov_commit, ov_close,
};

int sm_tree_new_overlay(seam_tree **out, seam_session *s, seam_tree *base, const sm_write *w,
			size_t n)
{
	struct sm_overlay *o;
	seam_tree *t;
	size_t i;

	*out = NULL;
	if (!s || !base || (!w && n))
		return SEAM_EUSAGE;
	t = sm_tree_alloc(s, SM_TREE_OVERLAY, &overlay_ops);
	o = sm_calloc(1, sizeof(*o));
	if (!t || !o || !(o->w = sm_calloc(n + 1, sizeof(*o->w)))) {
		sm_free(o);
		if (t)
			seam_tree_free(t);
		return SEAM_ENOMEM;
	}
	t->overlay = o;
	o->base = base;
	for (i = 0; i < n; i++) {
		sm_write *c = &o->w[o->n++];
		*c = w[i];
		c->path = sm_strdup(w[i].path);
		c->data = w[i].del ? NULL : sm_strndup(w[i].data ? w[i].data : "", w[i].len);
		if (!c->path || (!w[i].del && !c->data)) {
			seam_tree_free(t);
			return SEAM_ENOMEM;
		}
	}
	qsort(o->w, o->n, sizeof(*o->w), by_path);
	/* absolute paths of a reply are read under the base's root */
	t->root = base->root;
	t->root_len = base->root_len;
	t->given_root = base->given_root;
	*out = t;
	return SEAM_OK;
}
