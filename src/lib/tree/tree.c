/*
 * The tree object and the entry points of tree.h: the lexical checks run here for both kinds
 * of tree, then the disk or memory code takes over.
 */
#define _POSIX_C_SOURCE 200809L
#include "tree.h"
#include "tree_impl.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void sm_tree_forget_names(seam_tree *t)
{
	size_t i;

	for (i = 0; i < t->nnames; i++)
		sm_free(t->names[i]);
	sm_free(t->names);
	sm_free(t->ignored);
	t->ignored = NULL;
	t->names = NULL;
	t->nnames = 0;
	t->listed = 0;
}

static void disk_close(seam_tree *t)
{
	sm_disk_lock_close(t);
	sm_disk_close(t);
}

static const sm_tree_ops disk_ops = {
	sm_disk_resolve, sm_disk_read, sm_disk_exists, sm_disk_has_entry,
	sm_disk_list, sm_disk_commit, disk_close,
};

static int mem_locate(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why)
{
	(void)why;
	*exists = sm_mem_find(t, clean) != NULL;
	*out = sm_strdup(clean);
	return *out ? SEAM_STATUS_APPLIED : SEAM_ENOMEM;
}

static int mem_exists(seam_tree *t, const char *path)
{
	return sm_mem_find(t, path) != NULL;
}

static int mem_has_entry(seam_tree *t, const char *path)
{
	return sm_mem_has_entry(t, path);
}

static const sm_tree_ops mem_ops = {
	mem_locate, sm_mem_read, mem_exists, mem_has_entry, sm_mem_list, sm_mem_commit, sm_mem_free,
};

seam_tree *sm_tree_alloc(seam_session *s, enum sm_tree_kind kind, const sm_tree_ops *ops)
{
	seam_tree *t = sm_calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	if (pthread_mutex_init(&t->names_lock, NULL)) {
		sm_free(t);
		return NULL;
	}
	t->s = s;
	t->kind = kind;
	t->ops = ops;
	t->rootfd = -1;
	t->lockfd = -1;
	return t;
}

int seam_tree_open_dir(seam_tree **out, seam_session *s, const char *root)
{
	seam_tree *t;
	int rc;

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!s)
		return SEAM_EUSAGE;
	if (!root || !*root)
		return sm_fail(s, SEAM_EUSAGE, "no root directory given");
	t = sm_tree_alloc(s, SM_TREE_DISK, &disk_ops);
	if (!t)
		return sm_fail_code(s, SEAM_ENOMEM);
	rc = sm_disk_open(t, root);
	if (rc) {
		pthread_mutex_destroy(&t->names_lock);
		sm_free(t);
		return rc;
	}
	/* Before anything reads the tree: a commit that died in it is finished or undone. */
	if ((rc = seam_tree_recover(t, NULL, NULL)) != SEAM_OK) {
		seam_tree_free(t);
		return rc;
	}
	*out = t;
	return SEAM_OK;
}

int seam_tree_recover(seam_tree *t, size_t *finished, size_t *undone)
{
	sm_buf why = SM_BUF_INIT;
	int rc;

	if (finished)
		*finished = 0;
	if (undone)
		*undone = 0;
	if (!t)
		return SEAM_EUSAGE;
	if (t->kind != SM_TREE_DISK)
		return SEAM_OK;
	rc = sm_journal_recover(t, &why);
	if (rc == SEAM_EIO || rc == SEAM_EBUSY || rc == SEAM_ENOMEM)
		sm_fail(t->s, rc, "%s", why.ptr ? why.ptr : "cannot recover an interrupted commit");
	sm_buf_dispose(&why);
	if (finished)
		*finished = t->recovered_fwd;
	if (undone)
		*undone = t->recovered_back;
	return rc;
}

int seam_tree_new_memory(seam_tree **out, seam_session *s)
{
	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!s)
		return SEAM_EUSAGE;
	*out = sm_tree_alloc(s, SM_TREE_MEM, &mem_ops);
	if (!*out)
		return sm_fail_code(s, SEAM_ENOMEM);
	return SEAM_OK;
}

int seam_tree_put(seam_tree *t, const char *path, const void *data, size_t len, unsigned int mode)
{
	char clean[SM_PATH_MAX + 1];
	sm_buf why = SM_BUF_INIT;
	int rc;

	if (!t || !path || (!data && len))
		return SEAM_EUSAGE;
	if (t->kind != SM_TREE_MEM)
		return sm_fail(t->s, SEAM_EUSAGE, "seam_tree_put needs an in-memory tree");
	if (sm_tree_path_clean(path, strlen(path), clean, &why)) {
		rc = sm_fail(t->s, SEAM_EUSAGE, "%s", why.ptr ? why.ptr : "invalid path");
		sm_buf_dispose(&why);
		return rc;
	}
	rc = sm_mem_put(t, clean, data, len, mode);
	if (rc)
		return sm_fail_code(t->s, rc);
	sm_tree_forget_names(t);
	return SEAM_OK;
}

const void *seam_tree_get(const seam_tree *t, const char *path, size_t *len)
{
	char clean[SM_PATH_MAX + 1];
	const sm_memfile *f;

	if (len)
		*len = 0;
	if (!t || !path || t->kind != SM_TREE_MEM)
		return NULL;
	if (sm_tree_path_clean(path, strlen(path), clean, NULL))
		return NULL;
	f = sm_mem_find(t, clean);
	if (!f)
		return NULL;
	if (len)
		*len = f->len;
	return f->data;
}

/* "'path'" made safe to print, into q (the path is the caller's, maybe a model's). */
static const char *quoted_path(sm_buf *q, const char *path)
{
	sm_buf_putc(q, '\'');
	sm_buf_put_quoted(q, path, strlen(path), 200);
	sm_buf_putc(q, '\'');
	return q->ptr ? q->ptr : "the path";
}

int seam_tree_read(seam_tree *t, const char *path, char **data, size_t *len)
{
	sm_buf why = SM_BUF_INIT, note = SM_BUF_INIT, q = SM_BUF_INIT;
	sm_filestat st;
	char *clean = NULL;
	int rc;

	if (data)
		*data = NULL;
	if (len)
		*len = 0;
	if (!t || !path || !data || !len)
		return SEAM_EUSAGE;
	/* must_exist = 0: the name is taken as written, never resolved to a close one (a reader
	 * asking for x.py must not be shown y.py) */
	rc = sm_tree_resolve(t, path, strlen(path), 0, t->s->opts.flags, &clean, &note, &why);
	if (rc == SEAM_STATUS_REFUSED_PATH)
		rc = sm_fail(t->s, SEAM_EUSAGE, "%s is refused: %s", quoted_path(&q, path),
			     why.ptr ? why.ptr : "not a usable path");
	else if (rc > 0)
		rc = sm_fail(t->s, SEAM_EIO, "%s cannot be read%s%s", quoted_path(&q, path),
			     why.ptr ? ": " : "", why.ptr ? why.ptr : "");
	else if (rc < 0)
		rc = sm_fail(t->s, rc, "%s: %s", quoted_path(&q, path),
			     rc == SEAM_ENOMEM ? sm_errmsg(rc) : "refused");
	if (!rc) {
		sm_buf_clear(&why);
		rc = sm_tree_read(t, clean, 0, data, len, &st, &why);
		if (rc == SEAM_ELIMIT)
			rc = sm_fail(t->s, rc, "%s is larger than %zu bytes (max_file_bytes)",
				     quoted_path(&q, path), t->s->opts.max_file_bytes);
		else if (rc)
			rc = sm_fail(t->s, rc, "%s cannot be read: %s", quoted_path(&q, path),
				     why.ptr ? why.ptr : "error");
		else if (!st.exists)
			rc = sm_fail(t->s, SEAM_EIO, "%s does not exist under the root",
				     quoted_path(&q, path));
	}
	sm_free(clean);
	sm_buf_dispose(&why);
	sm_buf_dispose(&note);
	sm_buf_dispose(&q);
	return rc;
}

void seam_tree_free(seam_tree *t)
{
	if (!t)
		return;
	sm_tree_forget_names(t);
	t->ops->close(t);
	pthread_mutex_destroy(&t->names_lock);
	sm_free(t);
}

seam_session *sm_tree_session(const seam_tree *t)
{
	return t ? t->s : NULL;
}

/* Resolves where `clean` leads: on disk through symlinks inside the root. */
static int locate(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why)
{
	return t->ops->locate(t, clean, out, exists, why);
}

static int guess(seam_tree *t, const char *clean, int same_only, char **out, sm_buf *note,
		 sm_buf *why)
{
	char *cand = NULL;
	int rc = 0, exists = 0;

	/* Plans in other threads may be reading this tree too: the first one lists it. Once
	 * listed, the names stay as they are until the tree changes, so matching needs no lock. */
	pthread_mutex_lock(&t->names_lock);
	if (!t->listed) {
		rc = t->ops->list(t);
		if (rc && rc != SEAM_ENOMEM) /* cannot list: no guess, but no reason to fail */
			t->listed = 1;
	}
	pthread_mutex_unlock(&t->names_lock);
	if (rc == SEAM_ENOMEM)
		return rc;
	rc = sm_name_match(t->names, t->ignored, t->nnames, clean, same_only, &cand, note, why);
	if (rc != SEAM_STATUS_APPLIED)
		return rc;
	/* The listing holds no symlinks and only checked names, but the tree may have changed
	 * since it was made: the candidate goes through the whole check again. */
	rc = locate(t, cand, out, &exists, why);
	sm_free(cand);
	if (rc == SEAM_STATUS_APPLIED && !exists) {
		sm_free(*out);
		*out = NULL;
		rc = SEAM_STATUS_NOT_FOUND;
	}
	return rc;
}

/*
 * "a/src/x.c" where the tree has no top-level "a": the a/ or b/ of a diff header, copied into
 * a format that has none (a patch's "*** Add File: a/x"). Creating a directory "a" is never what
 * the model meant.
 */
static int diff_prefix(seam_tree *t, const char *clean, sm_buf *note)
{
	char top[2] = {clean[0], 0};

	if ((clean[0] != 'a' && clean[0] != 'b') || clean[1] != '/' || !clean[2])
		return 0;
	/* -p N said how many components to strip: nothing more is guessed */
	if (t->s && (t->s->opts.flags & SEAM_FLAG_STRIP_COMPONENTS))
		return 0;
	if (t->ops->has_entry(t, top))
		return 0;
	if (note) {
		sm_buf_clear(note);
		sm_buf_printf(note, "read '%s' as '%s' (the tree has no directory %s/)", clean,
			      clean + 2, top);
	}
	return 1;
}

/* p[0..n) below root[0..k) ("/" holds every absolute path): the rest, else NULL. */
static const char *below(const char *p, size_t n, const char *root, size_t k, size_t *rest)
{
	if (!root)
		return NULL;
	if (k == 1 && root[0] == '/')
		k = 0;
	if (n <= k + 1 || memcmp(p, root, k) || p[k] != '/')
		return NULL;
	*rest = n - k - 1;
	return p + k + 1;
}

/*
 * An absolute path as agents write them (Anthropic's editor tool, OpenHands, SWE-agent): under
 * the root (its real path, or the path it was given by), the part below it, which is then held
 * to every rule a relative path is. Outside the root: refused, naming the root.
 */
static int absolute(const seam_tree *t, const char **p, size_t *n, sm_buf *why)
{
	const char *rel;
	size_t rest = 0;

	if (!*n || (*p)[0] != '/' || !t->root)
		return 0;
	rel = below(*p, *n, t->root, t->root_len, &rest);
	if (!rel && t->given_root)
		rel = below(*p, *n, t->given_root, strlen(t->given_root), &rest);
	if (rel) {
		*p = rel;
		*n = rest;
		return 0;
	}
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "the path '");
		sm_buf_put_quoted(why, *p, *n, 200);
		sm_buf_puts(why, "' is absolute and not under the root '");
		sm_buf_put_quoted(why, t->given_root ? t->given_root : t->root,
				  strlen(t->given_root ? t->given_root : t->root), 200);
		sm_buf_puts(why, "' (-C); write it relative to the root");
	}
	return SEAM_EUSAGE;
}

/* The reply names an ignored path exactly: it is used as named (the user's tree, the user's
 * choice), and said, since a model rarely means build output. */
static int ignored_note(seam_tree *t, const char *path, sm_buf *note)
{
	sm_buf pat = SM_BUF_INIT;
	int ign = t->kind == SM_TREE_DISK ? sm_ignore_path(t->rootfd, t->root, path, &pat) : 0;

	if (ign == SEAM_ENOMEM) {
		sm_buf_dispose(&pat);
		return SEAM_ENOMEM;
	}
	if (ign) {
		if (note->len)
			sm_buf_puts(note, "; ");
		sm_buf_puts(note, "git ignores '");
		sm_buf_put_quoted(note, path, strlen(path), 200);
		sm_buf_puts(note, "' (.gitignore pattern '");
		sm_buf_put_quoted(note, pat.ptr ? pat.ptr : "", pat.len, 200);
		sm_buf_puts(note, "'); used as the reply names it");
	}
	sm_buf_dispose(&pat);
	return SEAM_STATUS_APPLIED;
}

static int resolve(seam_tree *t, const char *asked, size_t n, int must_exist,
		   unsigned int flags, char **out, sm_buf *note, sm_buf *why)
{
	char clean[SM_PATH_MAX + 1];
	int rc, exists = 0;

	*out = NULL;
	if (!t || (!asked && n))
		return SEAM_EUSAGE;
	if (absolute(t, &asked, &n, why))
		return SEAM_STATUS_REFUSED_PATH;
	if (sm_tree_path_clean(asked, n, clean, why))
		return SEAM_STATUS_REFUSED_PATH;
	if (diff_prefix(t, clean, note))
		memmove(clean, clean + 2, strlen(clean + 2) + 1);
	rc = locate(t, clean, out, &exists, why);
	if (rc != SEAM_STATUS_APPLIED)
		return rc;
	if (!exists && must_exist == SM_RESOLVE_SAME && *out && !strcmp(*out, clean) &&
	    !(t->s && (t->s->opts.flags & SEAM_FLAG_NO_NAME_RESOLVE))) {
		/* a new name that an existing file has but for case or Unicode form: that file,
		   as a formats that must find the file would resolve it (and as a case-blind
		   filesystem would write it); two such files: refused */
		char *same = NULL;
		rc = guess(t, clean, 1, &same, note, why);
		if (rc == SEAM_STATUS_NOT_FOUND) {
			/* no such file: the new name it is */
			if (why)
				sm_buf_clear(why);
			if (!note)
				return SEAM_STATUS_APPLIED;
			sm_buf_clear(note);
			return ignored_note(t, *out, note);
		}
		sm_free(*out);
		*out = same;
		return rc == SEAM_STATUS_AMBIGUOUS ? SEAM_STATUS_REFUSED_PATH : rc;
	}
	if (exists || !must_exist || must_exist == SM_RESOLVE_SAME) {
		if (note && strcmp(*out, clean)) {
			sm_buf_clear(note);
			sm_buf_puts(note, "'");
			sm_buf_put_quoted(note, clean, strlen(clean), 200);
			sm_buf_puts(note, "' leads through a symbolic link to '");
			sm_buf_put_quoted(note, *out, strlen(*out), 200);
			sm_buf_puts(note, "'");
		}
		return note ? ignored_note(t, *out, note) : SEAM_STATUS_APPLIED;
	}
	sm_free(*out);
	*out = NULL;
	if (flags & SEAM_FLAG_NO_NAME_RESOLVE) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "'");
			sm_buf_put_quoted(why, clean, strlen(clean), 200);
			sm_buf_puts(why, "' is not in the tree");
		}
		return SEAM_STATUS_NOT_FOUND;
	}
	rc = guess(t, clean, 0, out, note, why);
	return rc == SEAM_STATUS_AMBIGUOUS ? SEAM_STATUS_NOT_FOUND : rc;
}

static int bad_path(sm_buf *why, const char *path)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "not a resolved path: '");
		if (path)
			sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_puts(why, "'");
	}
	return SEAM_EUSAGE;
}

int sm_tree_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		 sm_filestat *st, sm_buf *why)
{
	*data = NULL;
	*len = 0;
	memset(st, 0, sizeof(*st));
	if (!t)
		return SEAM_EUSAGE;
	if (max_bytes == 0)
		max_bytes = t->s ? t->s->opts.max_file_bytes : SM_DEFAULT_MAX_FILE_BYTES;
	/* Resolved paths are clean; anything else did not come from sm_tree_resolve. */
	if (!sm_tree_path_is_clean(path))
		return bad_path(why, path);
	return t->ops->read(t, path, max_bytes, data, len, st, why);
}

int sm_tree_exists(seam_tree *t, const char *path)
{
	if (!t || !sm_tree_path_is_clean(path))
		return 0;
	return t->ops->exists(t, path);
}

static int cmp_write(const void *a, const void *b)
{
	return strcmp((*(const sm_write *const *)a)->path, (*(const sm_write *const *)b)->path);
}

/* Every path must be clean (as sm_tree_resolve makes them) and written once: two writes of one
 * file could not be undone in order. */
static int check_writes(const sm_write *w, size_t n, sm_buf *why)
{
	const sm_write **v;
	const char *dup = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!sm_tree_path_is_clean(w[i].path) || (!w[i].del && !w[i].data && w[i].len)) {
			if (why) {
				sm_buf_clear(why);
				sm_buf_puts(why, "invalid write for '");
				if (w[i].path)
					sm_buf_put_quoted(why, w[i].path, strlen(w[i].path), 200);
				sm_buf_puts(why, "'");
			}
			return SEAM_EUSAGE;
		}
	}
	v = sm_calloc(n, sizeof(*v));
	if (!v) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "out of memory; nothing was written");
		}
		return SEAM_ENOMEM;
	}
	for (i = 0; i < n; i++)
		v[i] = &w[i];
	qsort(v, n, sizeof(*v), cmp_write);
	for (i = 1; i < n && !dup; i++)
		if (!strcmp(v[i - 1]->path, v[i]->path))
			dup = v[i]->path;
	if (dup && why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "two writes for '");
		sm_buf_put_quoted(why, dup, strlen(dup), 200);
		sm_buf_puts(why, "'");
	}
	sm_free(v);
	return dup ? SEAM_EUSAGE : 0;
}

int sm_tree_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why)
{
	int rc;

	if (!t || (!w && n))
		return SEAM_EUSAGE;
	if (n == 0)
		return 0;
	if ((rc = check_writes(w, n, why)) != 0)
		return rc;
	rc = t->ops->commit(t, w, n, why);
	/* Even a failed disk commit may have raced with others: list again next time. */
	sm_tree_forget_names(t);
	return rc;
}

/*
 * A name not in the tree: the message names the root it was looked for under, and when the
 * enclosing git work tree holds that path at its top level (seam run from a subdirectory), says
 * so with the -C that would find it. The root stays what the caller chose.
 */
static void hint_root(const seam_tree *t, const char *asked, size_t n, sm_buf *why)
{
	char clean[SM_PATH_MAX + 1], top[PATH_MAX];
	const char *rel = asked;
	size_t k, rn = n;
	struct stat st;

	if (!why || !t->root || !why->len)
		return;
	if (rn && rel[0] == '/' && absolute(t, &rel, &rn, NULL))
		return;
	if (sm_tree_path_clean(rel, rn, clean, NULL))
		return;
	sm_buf_puts(why, " (root: '");
	sm_buf_put_quoted(why, t->root, t->root_len, 200);
	sm_buf_puts(why, "')");
	/* the nearest directory above the root holding .git */
	k = t->root_len;
	if (k >= sizeof(top))
		return;
	memcpy(top, t->root, k + 1);
	for (;;) {
		while (k > 1 && top[k - 1] != '/')
			k--;
		if (k <= 1)
			return;
		top[--k] = '\0';
		if (k + 6 + strlen(clean) >= sizeof(top))
			return;
		memcpy(top + k, "/.git", 6);
		if (!lstat(top, &st)) {
			top[k] = '/';
			memcpy(top + k + 1, clean, strlen(clean) + 1);
			if (!stat(top, &st)) {
				top[k] = '\0';
				sm_buf_puts(why, "; it is in the git work tree at '");
				sm_buf_put_quoted(why, top, k, 200);
				sm_buf_puts(why, "': run seam with -C '");
				sm_buf_put_quoted(why, top, k, 200);
				sm_buf_puts(why, "'");
			}
			return;
		}
		top[k] = '\0';
	}
}

int sm_tree_resolve(seam_tree *t, const char *asked, size_t n, int must_exist,
		    unsigned int flags, char **out, sm_buf *note, sm_buf *why)
{
	int rc = resolve(t, asked, n, must_exist, flags, out, note, why);

	if (rc == SEAM_STATUS_NOT_FOUND && asked)
		hint_root(t, asked, n, why);
	return rc;
}

size_t sm_tree_mem_count(const seam_tree *t)
{
	return t->kind == SM_TREE_MEM ? t->nfiles : 0;
}

const char *sm_tree_mem_at(const seam_tree *t, size_t i, const char **data, size_t *len)
{
	if (t->kind != SM_TREE_MEM || i >= t->nfiles) {
		*data = NULL;
		*len = 0;
		return NULL;
	}
	*data = t->files[i].data;
	*len = t->files[i].len;
	return t->files[i].path;
}

int sm_tree_mem_has(const seam_tree *t, const char *path)
{
	return t->kind == SM_TREE_MEM && sm_mem_find(t, path) != NULL;
}
