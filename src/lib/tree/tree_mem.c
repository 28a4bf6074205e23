/*
 * The in-memory tree: a sorted array of files, for embedding seam with no filesystem. A commit
 * allocates everything it needs first and only then swaps the buffers, so it is all or nothing
 * like the disk commit.
 */
#include "tree_impl.h"
#include "../../util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Index of path, or of where it would go (*found = 0). */
static size_t find_at(const seam_tree *t, const char *path, int *found)
{
	size_t lo = 0, hi = t->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(t->files[mid].path, path);
		if (r == 0) {
			*found = 1;
			return mid;
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return lo;
}

sm_memfile *sm_mem_find(const seam_tree *t, const char *clean)
{
	int found;
	size_t i = find_at(t, clean, &found);

	return found ? &t->files[i] : NULL;
}

int sm_mem_has_entry(const seam_tree *t, const char *clean)
{
	size_t n = strlen(clean), i;
	int found;

	i = find_at(t, clean, &found);
	if (found)
		return 1;
	/* a directory: the first path after `clean` in sorted order starts with "clean/" */
	for (; i < t->nfiles && !strncmp(t->files[i].path, clean, n); i++)
		if (t->files[i].path[n] == '/')
			return 1;
	return 0;
}

void sm_mem_free(seam_tree *t)
{
	size_t i;

	for (i = 0; i < t->nfiles; i++) {
		sm_free(t->files[i].path);
		sm_free(t->files[i].data);
	}
	sm_free(t->files);
	t->files = NULL;
	t->nfiles = t->cap = 0;
}

int sm_mem_put(seam_tree *t, const char *clean, const void *data, size_t len, unsigned int mode)
{
	int found;
	size_t i = find_at(t, clean, &found);
	char *copy = sm_strndup(data ? data : "", len), *path = NULL;

	if (!copy)
		return SEAM_ENOMEM;
	if (!mode)
		mode = 0644;
	if (found) {
		sm_free(t->files[i].data);
		t->files[i].data = copy;
		t->files[i].len = len;
		t->files[i].mode = mode;
		t->files[i].gen = ++t->gen;
		return SEAM_OK;
	}
	path = sm_strdup(clean);
	if (!path || sm_grow((void **)&t->files, &t->cap, t->nfiles + 1, sizeof(*t->files))) {
		sm_free(path);
		sm_free(copy);
		return SEAM_ENOMEM;
	}
	memmove(&t->files[i + 1], &t->files[i], (t->nfiles - i) * sizeof(*t->files));
	t->files[i].path = path;
	t->files[i].data = copy;
	t->files[i].len = len;
	t->files[i].mode = mode;
	t->files[i].gen = ++t->gen;
	t->nfiles++;
	return SEAM_OK;
}

static void fill_stat(sm_filestat *st, const sm_memfile *f)
{
	st->exists = 1;
	st->mode = f->mode & 07777;
	st->size = f->len;
	st->mtime_ns = (int64_t)f->gen;
	st->dev = 0;
	st->ino = 0;
	st->ctime_ns = 0;
	st->settled = 0;
	st->hash = sm_tree_hash(f->data, f->len);
}

int sm_mem_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		sm_filestat *st, sm_buf *why)
{
	sm_memfile *f = sm_mem_find(t, path);

	*data = NULL;
	*len = 0;
	memset(st, 0, sizeof(*st));
	if (!f)
		return 0;
	if (f->len > max_bytes)
		return sm_tree_too_large(why, path, max_bytes);
	*data = sm_strndup(f->data, f->len);
	if (!*data) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "out of memory");
		}
		return SEAM_ENOMEM;
	}
	*len = f->len;
	fill_stat(st, f);
	return 0;
}

int sm_mem_list(seam_tree *t)
{
	char **v = NULL;
	size_t i;

	if (t->nfiles) {
		v = sm_calloc(t->nfiles, sizeof(*v));
		if (!v)
			return SEAM_ENOMEM;
	}
	for (i = 0; i < t->nfiles; i++) {
		v[i] = sm_strdup(t->files[i].path);
		if (!v[i]) {
			while (i-- > 0)
				sm_free(v[i]);
			sm_free(v);
			return SEAM_ENOMEM;
		}
	}
	t->names = v;
	t->nnames = t->nfiles;
	t->listed = 1;
	return 0;
}

static int mem_why(sm_buf *why, const char *path, const char *how, int rc)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "'");
		sm_buf_put_quoted(why, path ? path : "", path ? strlen(path) : 0, 200);
		sm_buf_puts(why, "' ");
		sm_buf_puts(why, how);
	}
	return rc;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const sm_memfile *)a)->path, ((const sm_memfile *)b)->path);
}

/* What each write does to the array, decided before anything changes. */
struct mop {
	long idx;      /* index of the existing file, -1 for a new one */
	char *data;    /* new content (owned until swapped in) */
	char *path;    /* for a new file */
	int skip;
};

static int check(seam_tree *t, const sm_write *w, struct mop *m, sm_buf *why)
{
	int found;
	size_t i;

	i = find_at(t, w->path, &found);
	m->idx = found ? (long)i : -1;
	if (!w->before.exists) {
		if (found)
			return mem_why(why, w->path, "was created since the plan was made",
				       SEAM_ECHANGED);
		m->skip = w->del;
		return 0;
	}
	if (!found)
		return mem_why(why, w->path, "was removed since it was read", SEAM_ECHANGED);
	if (t->files[i].len != w->before.size || (int64_t)t->files[i].gen != w->before.mtime_ns ||
	    sm_tree_hash(t->files[i].data, t->files[i].len) != w->before.hash)
		return mem_why(why, w->path, "was changed since it was read", SEAM_ECHANGED);
	return 0;
}

int sm_mem_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why)
{
	struct mop *m;
	sm_memfile *nf = NULL;
	size_t i, nnew = 0, k = 0;
	int rc = 0;

	if (n == 0)
		return 0;
	m = sm_calloc(n, sizeof(*m));
	if (!m)
		return mem_why(why, w[0].path, "could not be written: out of memory", SEAM_ENOMEM);
	for (i = 0; i < n && !rc; i++)
		rc = check(t, &w[i], &m[i], why);
	for (i = 0; i < n && !rc; i++) {
		if (m[i].skip || w[i].del)
			continue;
		m[i].data = sm_strndup(w[i].data ? w[i].data : "", w[i].len);
		if (!m[i].data)
			rc = SEAM_ENOMEM;
		if (m[i].idx < 0) {
			nnew++;
			m[i].path = sm_strdup(w[i].path);
			if (!m[i].path)
				rc = SEAM_ENOMEM;
		}
	}
	if (!rc && t->nfiles + nnew) {
		nf = sm_calloc(t->nfiles + nnew, sizeof(*nf));
		if (!nf)
			rc = SEAM_ENOMEM;
	}
	if (rc) {
		for (i = 0; i < n; i++) {
			sm_free(m[i].data);
			sm_free(m[i].path);
		}
		sm_free(m);
		if (rc == SEAM_ENOMEM)
			mem_why(why, w[0].path, "could not be written: out of memory", rc);
		return rc;
	}
	/* Nothing can fail from here on. Deleted and replaced buffers are freed; data is the
	 * marker of a deleted entry while copying. */
	for (i = 0; i < n; i++) {
		sm_memfile *f;
		if (m[i].skip || m[i].idx < 0)
			continue;
		f = &t->files[m[i].idx];
		sm_free(f->data);
		if (w[i].del) {
			sm_free(f->path);
			f->path = NULL;
			f->data = NULL;
		} else {
			f->data = m[i].data;
			f->len = w[i].len;
			f->gen = ++t->gen;
			if (w[i].set_exec > 0)
				f->mode |= (f->mode & 0444) >> 2;
			else if (w[i].set_exec < 0)
				f->mode &= ~0111u;
		}
	}
	for (i = 0; i < t->nfiles; i++)
		if (t->files[i].path)
			nf[k++] = t->files[i];
	for (i = 0; i < n; i++) {
		if (m[i].skip || m[i].idx >= 0 || w[i].del)
			continue;
		nf[k].path = m[i].path;
		nf[k].data = m[i].data;
		nf[k].len = w[i].len;
		nf[k].mode = w[i].mode ? w[i].mode : 0644;
		nf[k].gen = ++t->gen;
		k++;
	}
	if (k > 1)
		qsort(nf, k, sizeof(*nf), cmp_file);
	sm_free(t->files);
	t->cap = nf ? t->nfiles + nnew : 0;
	t->files = nf;
	t->nfiles = k;
	sm_free(m);
	return 0;
}
