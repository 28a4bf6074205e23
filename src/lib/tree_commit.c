/*
 * The atomic commit of a disk tree: every file or none.
 *
 *   lock      the tree's lock (tree_lock.c), unless the caller holds it already
 *   check     each target is still what sm_tree_read saw (size and content hash)
 *   prepare   each new content goes to .seam-XXXXXXXX.tmp beside its target: written, synced
 *   install   each existing target gets a backup (hard link, or renamed aside where links are
 *             impossible), then its temporary is renamed over it; a deletion renames it aside
 *   sync      the directories touched are fsynced
 *   finish    the backups are removed
 *
 * Until the backups are removed, every step can be undone; a failure anywhere before that
 * undoes everything in reverse order. The undo and the final clean-up are not fault-injection
 * points: they run after the one failure a test injects, and a failure there cannot be
 * recovered anyway.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../util/alloc.h"
#include "../util/fault.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum bak { BAK_NONE, BAK_CLAIMED, BAK_LINK, BAK_ASIDE };

struct op {
	const sm_write *w;
	int skip;          /* deleting a file that is already gone */
	unsigned int mode; /* of the new file */
	int have_owner;
	uid_t uid;
	gid_t gid;
	char tmp[32]; /* temporary name in the target's directory, "" when none */
	char bak[32]; /* backup name, meaning given by bak_state */
	enum bak bak_state;
	int installed; /* the target now holds the new content (or is gone) */
	/* the target as the check saw it (exists: seen_exists), compared again just before it
	   is replaced: a write by someone else between the check and the rename is caught */
	int seen_exists;
	uint64_t seen_size, seen_ino, seen_dev;
	int64_t seen_mtime_ns;
};

struct commit {
	seam_tree *t;
	struct op *ops;
	size_t n;
	sm_buf created; /* directories made, NUL-separated, in creation order */
	sm_buf *why;
};

/* Names only need to be unlikely to collide: O_EXCL and link() refuse an existing one and the
 * caller tries another. */
static void make_name(char *out, size_t size, const char *suffix)
{
	static uint64_t state;
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char rnd[9];
	int i;

	if (!state) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		state = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^
			((uint64_t)getpid() << 40) ^ (uint64_t)(uintptr_t)&state;
		state |= 1;
	}
	for (i = 0; i < 8; i++) {
		state ^= state << 13;
		state ^= state >> 7;
		state ^= state << 17;
		rnd[i] = digits[state % 36];
	}
	rnd[8] = '\0';
	snprintf(out, size, ".seam-%s.%s", rnd, suffix);
}

static int fail_errno(struct commit *c, const char *what, const char *path, int e)
{
	if (c->why) {
		sm_buf_clear(c->why);
		sm_buf_puts(c->why, what);
		sm_buf_puts(c->why, " '");
		sm_buf_put_quoted(c->why, path, strlen(path), 200);
		sm_buf_printf(c->why, "': %s", strerror(e));
	}
	return e == ENOMEM ? SEAM_ENOMEM : SEAM_EIO;
}

static int changed(struct commit *c, const char *path, const char *how)
{
	if (c->why) {
		sm_buf_clear(c->why);
		sm_buf_puts(c->why, "'");
		sm_buf_put_quoted(c->why, path, strlen(path), 200);
		sm_buf_puts(c->why, "' ");
		sm_buf_puts(c->why, how);
	}
	return SEAM_ECHANGED;
}

/* ---- check ---- */

static int64_t mtime_ns(const struct stat *st)
{
#ifdef __APPLE__
	return (int64_t)st->st_mtimespec.tv_sec * 1000000000 + st->st_mtimespec.tv_nsec;
#else
	return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
#endif
}

static void remember(struct op *op, const struct stat *st)
{
	op->seen_exists = 1;
	op->seen_size = (uint64_t)st->st_size;
	op->seen_ino = (uint64_t)st->st_ino;
	op->seen_dev = (uint64_t)st->st_dev;
	op->seen_mtime_ns = mtime_ns(st);
}

/*
 * The last look before a target is replaced, renamed aside or created: cheap (one fstatat), so
 * it runs for each file right before its rename, after the temporaries were written and synced
 * (which takes the longest). Size, mtime and inode as the check saw them: a write by someone
 * else since moves the mtime, a rename over the file changes the inode. What remains is the
 * instant between this look and the rename, which no POSIX call closes.
 */
static int still_as_checked(struct commit *c, struct op *op, int dfd, const char *base)
{
	struct stat st;

	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno != ENOENT)
			return fail_errno(c, "cannot look up", op->w->path, errno);
		if (op->seen_exists)
			return changed(c, op->w->path,
				       "was removed by someone else while seam was writing");
		return 0;
	}
	if (!op->seen_exists)
		return changed(c, op->w->path,
			       "was created by someone else while seam was writing");
	if ((uint64_t)st.st_size != op->seen_size || mtime_ns(&st) != op->seen_mtime_ns ||
	    (uint64_t)st.st_ino != op->seen_ino || (uint64_t)st.st_dev != op->seen_dev)
		return changed(c, op->w->path,
			       "was changed by someone else while seam was writing");
	return 0;
}

static int check_one(struct commit *c, struct op *op)
{
	const sm_write *w = op->w;
	const char *base;
	struct stat st;
	char *data;
	size_t len;
	int dfd, fd, rc, e;

	dfd = sm_disk_open_parent(c->t, w->path, &base, NULL, 0);
	if (dfd < 0) {
		if (errno != ENOENT)
			return fail_errno(c, "cannot open the directory of", w->path, errno);
		if (w->before.exists)
			return changed(c, w->path, "was removed since it was read");
		op->skip = w->del;
		return 0;
	}
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW)) {
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		if (e != ENOENT)
			return fail_errno(c, "cannot look up", w->path, e);
		if (w->before.exists)
			return changed(c, w->path, "was removed since it was read");
		op->skip = w->del;
		return 0;
	}
	if (!w->before.exists) {
		sm_disk_close_dir(c->t, dfd);
		return changed(c, w->path, "was created by someone else since the plan was made");
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size != w->before.size) {
		sm_disk_close_dir(c->t, dfd);
		return changed(c, w->path, "was changed since it was read");
	}
	fd = sm_fault_hit(SM_FAULT_OPEN)
		     ? -1
		     : openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	e = errno;
	sm_disk_close_dir(c->t, dfd);
	if (fd < 0)
		return fail_errno(c, "cannot open", w->path, e);
	rc = sm_disk_slurp(fd, (size_t)w->before.size, (size_t)st.st_size, &data, &len);
	e = errno;
	close(fd);
	if (rc == SEAM_ELIMIT)
		return changed(c, w->path, "was changed since it was read");
	if (rc == SEAM_EIO)
		return fail_errno(c, "cannot read", w->path, e);
	if (rc)
		return fail_errno(c, "cannot read", w->path, ENOMEM);
	rc = len != w->before.size || sm_tree_hash(data, len) != w->before.hash;
	sm_free(data);
	if (rc)
		return changed(c, w->path, "was changed since it was read");
	remember(op, &st);
	/* The mode and owner it has now, not when it was read: a chmod in between is kept. */
	op->mode = (unsigned int)(st.st_mode & 07777);
	if (w->set_exec > 0)
		op->mode |= (op->mode & 0444) >> 2;
	else if (w->set_exec < 0)
		op->mode &= ~0111u;
	op->have_owner = 1;
	op->uid = st.st_uid;
	op->gid = st.st_gid;
	return 0;
}

/* ---- prepare ---- */

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t r;
		if (sm_fault_hit(SM_FAULT_WRITE))
			return -1;
		r = write(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = EIO;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int prepare_one(struct commit *c, struct op *op)
{
	const sm_write *w = op->w;
	const char *base;
	int dfd, fd = -1, tries, e;

	dfd = sm_disk_open_parent(c->t, w->path, &base, &c->created, 0);
	if (dfd < 0)
		return fail_errno(c, "cannot make the directory of", w->path, errno);
	for (tries = 0; tries < 100 && fd < 0; tries++) {
		make_name(op->tmp, sizeof(op->tmp), "tmp");
		fd = sm_fault_hit(SM_FAULT_OPEN)
			     ? -1
			     : openat(dfd, op->tmp,
				      O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				      (mode_t)op->mode);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		e = errno;
		op->tmp[0] = '\0';
		sm_disk_close_dir(c->t, dfd);
		return fail_errno(c, "cannot create a temporary file beside", w->path, e);
	}
	/* ACLs, labels and user attributes stay with the file, as an in-place write keeps them */
	if (w->before.exists && (e = sm_disk_copy_xattrs(dfd, base, fd)) != 0) {
		close(fd);
		sm_disk_close_dir(c->t, dfd);
		return fail_errno(c, "cannot keep the extended attributes of", w->path, e);
	}
	sm_disk_close_dir(c->t, dfd);
	if (w->before.exists) {
		/* Set explicitly: the creation mode went through the umask. Owner first, since
		 * chown clears the set-id bits. Only root can give a file away: best effort. */
		if (op->have_owner && (op->uid != geteuid() || op->gid != getegid()))
			(void)!fchown(fd, op->uid, op->gid);
		if (fchmod(fd, (mode_t)op->mode)) {
			e = errno;
			close(fd);
			return fail_errno(c, "cannot set the mode of a temporary file beside",
					  w->path, e);
		}
	}
	if (write_all(fd, w->data ? w->data : "", w->len)) {
		e = errno;
		close(fd);
		return fail_errno(c, "cannot write", w->path, e);
	}
	if (sm_fault_hit(SM_FAULT_FSYNC) || fsync(fd)) {
		e = errno;
		close(fd);
		return fail_errno(c, "cannot sync", w->path, e);
	}
	/* close() can report a delayed write error (NFS): it counts as a failed write. */
	if (sm_fault_hit(SM_FAULT_CLOSE)) {
		e = errno;
		close(fd);
		return fail_errno(c, "cannot close", w->path, e);
	}
	if (close(fd))
		return fail_errno(c, "cannot close", w->path, errno);
	return 0;
}

/* ---- install ---- */

static int links_impossible(int e)
{
	return e == EPERM || e == EXDEV || e == EMLINK || e == ENOTSUP || e == EOPNOTSUPP ||
	       e == ENOSYS || e == EACCES;
}

/* Claims a fresh backup name by creating it empty, so that renaming onto it can never
 * replace a file someone else owns. */
static int claim_bak(int dfd, struct op *op)
{
	int tries, fd = -1;

	for (tries = 0; tries < 100 && fd < 0; tries++) {
		make_name(op->bak, sizeof(op->bak), "bak");
		fd = sm_fault_hit(SM_FAULT_OPEN)
			     ? -1
			     : openat(dfd, op->bak, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				      0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return -1;
	close(fd);
	op->bak_state = BAK_CLAIMED;
	return 0;
}

static int rename_aside(int dfd, const char *base, struct op *op)
{
	if (claim_bak(dfd, op))
		return -1;
	if (sm_fault_hit(SM_FAULT_RENAME) || renameat(dfd, base, dfd, op->bak))
		return -1;
	op->bak_state = BAK_ASIDE;
	return 0;
}

static int backup(int dfd, const char *base, struct op *op)
{
	int tries;

	for (tries = 0; tries < 100; tries++) {
		make_name(op->bak, sizeof(op->bak), "bak");
		if (!sm_fault_hit(SM_FAULT_LINK) && linkat(dfd, base, dfd, op->bak, 0) == 0) {
			op->bak_state = BAK_LINK;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	if (!links_impossible(errno))
		return -1;
	return rename_aside(dfd, base, op);
}

/* A new file must not replace one that appeared since the check. */
static int rename_new(int dfd, const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(dfd, from, dfd, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return -1;
#endif
	return renameat(dfd, from, dfd, to);
}

static int install_one(struct commit *c, struct op *op)
{
	const sm_write *w = op->w;
	const char *base;
	int dfd, e, r;

	dfd = sm_disk_open_parent(c->t, w->path, &base, NULL, 0);
	if (dfd < 0)
		return fail_errno(c, "cannot open the directory of", w->path, errno);
	if ((r = still_as_checked(c, op, dfd, base)) != 0) {
		sm_disk_close_dir(c->t, dfd);
		return r;
	}
	if (w->del) {
		r = rename_aside(dfd, base, op);
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		if (r)
			return fail_errno(c, "cannot delete", w->path, e);
		op->installed = 1;
		return 0;
	}
	if (w->before.exists && backup(dfd, base, op)) {
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		return fail_errno(c, "cannot back up", w->path, e);
	}
	if (sm_fault_hit(SM_FAULT_RENAME))
		r = -1;
	else if (w->before.exists)
		r = renameat(dfd, op->tmp, dfd, base);
	else
		r = rename_new(dfd, op->tmp, base);
	e = errno;
	sm_disk_close_dir(c->t, dfd);
	if (r)
		return fail_errno(c, "cannot replace", w->path, e);
	op->tmp[0] = '\0';
	op->installed = 1;
	return 0;
}

/* ---- sync ---- */

struct dirref {
	const char *p;
	size_t len; /* of the directory part of p */
};

static size_t dir_len(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? (size_t)(s - p) : 0;
}

static int cmp_dirref(const void *a, const void *b)
{
	const struct dirref *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int r = memcmp(x->p, y->p, n);

	if (r)
		return r;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* Makes the renames durable: a rename is only on disk once its directory is synced. */
static int sync_dirs(struct commit *c, struct dirref *v, size_t nv)
{
	size_t i;

	qsort(v, nv, sizeof(*v), cmp_dirref);
	for (i = 0; i < nv; i++) {
		const char *base;
		int dfd, r, e;

		if (i > 0 && !cmp_dirref(&v[i - 1], &v[i]))
			continue;
		dfd = sm_disk_open_parent(c->t, v[i].p, &base, NULL, 0);
		if (dfd < 0)
			return fail_errno(c, "cannot open the directory of", v[i].p, errno);
		r = sm_fault_hit(SM_FAULT_FSYNC) || fsync(dfd);
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		/* Some filesystems cannot sync a directory at all; that is not a failure. */
		if (r && e != EINVAL && e != ENOTSUP && e != EBADF)
			return fail_errno(c, "cannot sync the directory of", v[i].p, e);
	}
	return 0;
}

/* ---- undo and finish ---- */

static void undo_one(struct commit *c, struct op *op, sm_buf *errs)
{
	const sm_write *w = op->w;
	const char *base;
	int dfd, r = 0;

	if (!op->tmp[0] && op->bak_state == BAK_NONE && !op->installed)
		return;
	dfd = sm_disk_open_parent(c->t, w->path, &base, NULL, SM_WALK_CLEANUP);
	if (dfd < 0) {
		r = -1;
		goto out;
	}
	if (op->installed) {
		if (op->bak_state == BAK_LINK || op->bak_state == BAK_ASIDE)
			r |= renameat(dfd, op->bak, dfd, base);
		else
			r |= unlinkat(dfd, base, 0);
	} else if (op->bak_state == BAK_ASIDE) {
		r |= renameat(dfd, op->bak, dfd, base);
	} else if (op->bak_state != BAK_NONE) {
		r |= unlinkat(dfd, op->bak, 0);
	}
	op->bak_state = BAK_NONE;
	op->installed = 0;
	if (op->tmp[0])
		r |= unlinkat(dfd, op->tmp, 0);
	op->tmp[0] = '\0';
	sm_disk_close_dir(c->t, dfd);
out:
	if (r) {
		sm_buf_puts(errs, errs->len ? ", '" : "'");
		sm_buf_put_quoted(errs, w->path, strlen(w->path), 200);
		sm_buf_puts(errs, "'");
	}
}

static void undo(struct commit *c)
{
	sm_buf errs = SM_BUF_INIT;
	size_t i, end = c->created.len;

	for (i = c->n; i-- > 0;)
		undo_one(c, &c->ops[i], &errs);
	/* Created directories, deepest (latest) first; only empty ones go, as rmdir does. */
	while (end > 0) {
		size_t s = end - 1;
		const char *base;
		int dfd;
		while (s > 0 && c->created.ptr[s - 1] != '\0')
			s--;
		dfd = sm_disk_open_parent(c->t, c->created.ptr + s, &base, NULL, SM_WALK_CLEANUP);
		if (dfd >= 0) {
			(void)unlinkat(dfd, base, AT_REMOVEDIR);
			sm_disk_close_dir(c->t, dfd);
		}
		end = s;
	}
	if (errs.len && c->why) {
		sm_buf_puts(c->why, "; and these files could not be restored: ");
		sm_buf_put(c->why, errs.ptr, errs.len);
	}
	sm_buf_dispose(&errs);
}

static void finish(struct commit *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		struct op *op = &c->ops[i];
		const char *base;
		int dfd;

		if (op->bak_state == BAK_NONE)
			continue;
		dfd = sm_disk_open_parent(c->t, op->w->path, &base, NULL, SM_WALK_CLEANUP);
		if (dfd >= 0) {
			(void)unlinkat(dfd, op->bak, 0);
			sm_disk_close_dir(c->t, dfd);
		}
		op->bak_state = BAK_NONE;
	}
}

/* ---- the commit ---- */

static int run(struct commit *c)
{
	struct dirref *dirs;
	size_t i, nd = 0, off;
	int rc;

	for (i = 0; i < c->n; i++)
		if ((rc = check_one(c, &c->ops[i])) != 0)
			return rc;
	for (i = 0; i < c->n; i++) {
		struct op *op = &c->ops[i];
		if (op->skip || op->w->del)
			continue;
		if (!op->w->before.exists)
			op->mode = op->w->mode ? (op->w->mode & 0777) : 0666;
		if ((rc = prepare_one(c, op)) != 0)
			return rc;
	}
	/* Allocated before anything is installed, so running out of memory changes nothing. */
	for (off = 0; off < c->created.len; off += strlen(c->created.ptr + off) + 1)
		nd++;
	dirs = sm_calloc(c->n + nd, sizeof(*dirs));
	if (!dirs)
		return fail_errno(c, "cannot write", c->ops[0].w->path, ENOMEM);
	nd = 0;
	for (off = 0; off < c->created.len; off += strlen(c->created.ptr + off) + 1) {
		dirs[nd].p = c->created.ptr + off;
		dirs[nd].len = dir_len(dirs[nd].p);
		nd++;
	}
	for (i = 0; i < c->n; i++) {
		if (c->ops[i].skip)
			continue;
		if ((rc = install_one(c, &c->ops[i])) != 0) {
			sm_free(dirs);
			return rc;
		}
		dirs[nd].p = c->ops[i].w->path;
		dirs[nd].len = dir_len(dirs[nd].p);
		nd++;
	}
	rc = sync_dirs(c, dirs, nd);
	sm_free(dirs);
	return rc;
}

int sm_disk_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why)
{
	struct commit c;
	size_t i;
	int rc;

	if (n == 0)
		return 0;
	memset(&c, 0, sizeof(c));
	c.t = t;
	c.n = n;
	c.why = why;
	c.ops = sm_calloc(n, sizeof(*c.ops));
	if (!c.ops)
		return fail_errno(&c, "cannot write", w[0].path ? w[0].path : "", ENOMEM);
	for (i = 0; i < n; i++)
		c.ops[i].w = &w[i];
	if ((rc = sm_disk_lock(t, why)) == 0) {
		rc = run(&c);
		if (rc)
			undo(&c);
		else
			finish(&c);
		sm_disk_unlock(t);
	}
	if (rc == SEAM_ENOMEM && why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "out of memory; nothing was written");
	}
	sm_buf_dispose(&c.created);
	sm_free(c.ops);
	return rc;
}
