/*
 * The atomic commit of a disk tree: every file or none, across a failure, a signal or a crash.
 *
 *   lock      the plan lock (tree_lock.c), unless the caller holds it already, then the
 *             directory of every file written (a lock that holds whatever root led there)
 *   recover   a commit that died in this tree is finished or undone first (tree_journal.c)
 *   check     each target is still what sm_tree_read saw (size and content hash)
 *   journal   every file, its temporary and backup names, its old and new content's size and
 *             hash: written and synced in the plan lock's directory before anything is made
 *   prepare   each new content goes to .seam-XXXXXXXX.tmp beside its target: written, synced;
 *             then their directories are synced and the journal says "install"
 *   install   SIGINT, SIGTERM and SIGHUP held off. Each existing target is swapped with its
 *             temporary (renameat2 RENAME_EXCHANGE: the target is never missing, and the old
 *             file, now at the temporary name, is checked to be the one that was read); where
 *             that is not available, it gets a backup (hard link, or renamed aside where links
 *             are impossible) and its temporary is renamed over it; a deletion renames it aside
 *   sync      the directories touched are fsynced
 *   finish    the backups are removed, then the journal; the signals held off are delivered
 *
 * A failure anywhere before the journal is removed undoes everything in reverse order (the
 * journal says "undo" first). A process killed anywhere leaves its journal: the next run, or
 * `seam recover`, finishes the commit or undoes it (tree_journal.c). The undo and the clean-up
 * are not fault-injection points: they run after the one failure a test injects, and a failure
 * there cannot be recovered anyway.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "tree_stat.h"
#include "../../util/alloc.h"
#include "../../util/errno_text.h"
#include "../../util/fault.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* BAK_SWAPPED: the old file is at the temporary name (exchanged with the new one). */
enum bak { BAK_NONE, BAK_CLAIMED, BAK_LINK, BAK_ASIDE, BAK_SWAPPED };

struct op {
	const sm_write *w;
	int skip;          /* deleting a file that is already gone */
	int made;          /* the temporary file exists (created by prepare) */
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
	sm_journal j;
	sigset_t hold, saved; /* the signals held off during the install, and the mask before */
	int holding;
};

/* Names only need to be unlikely to collide: O_EXCL and link() refuse an existing one, and the
 * commit then fails (the journal names them before they are made, so they are not retried).
 * The state is the call's own (threads may commit at once): the time, the process and the
 * output buffer's address, and a counter that differs for every call. */
static void make_name(char *out, size_t size, const char *suffix)
{
	static atomic_uint_fast64_t calls;
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	struct timespec ts;
	uint64_t state;
	char rnd[9];
	int i;

	clock_gettime(CLOCK_REALTIME, &ts);
	state = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40) ^
		(uint64_t)(uintptr_t)out;
	/* a golden-ratio step per call, then the mixer of splitmix64: near calls land far apart */
	state += (atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed) + 1) *
		 0x9e3779b97f4a7c15ull;
	state = (state ^ (state >> 30)) * 0xbf58476d1ce4e5b9ull;
	state = (state ^ (state >> 27)) * 0x94d049bb133111ebull;
	state ^= state >> 31;
	state |= 1;
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
	char etext[SM_ERRNO_TEXT_MAX];

	if (c->why) {
		sm_buf_clear(c->why);
		sm_buf_puts(c->why, what);
		sm_buf_puts(c->why, " '");
		sm_buf_put_quoted(c->why, path, strlen(path), 200);
		sm_buf_printf(c->why, "': %s", sm_errno_text(e, etext, sizeof(etext)));
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

static void remember(struct op *op, const struct stat *st)
{
	op->seen_exists = 1;
	op->seen_size = (uint64_t)st->st_size;
	op->seen_ino = (uint64_t)st->st_ino;
	op->seen_dev = (uint64_t)st->st_dev;
	op->seen_mtime_ns = sm_stat_mtime_ns(st);
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
	if ((uint64_t)st.st_size != op->seen_size || sm_stat_mtime_ns(&st) != op->seen_mtime_ns ||
	    (uint64_t)st.st_ino != op->seen_ino || (uint64_t)st.st_dev != op->seen_dev)
		return changed(c, op->w->path,
			       "was changed by someone else while seam was writing");
	return 0;
}

/* The file is the one read, its size, mtime and ctime as they were, and the read's ctime was
 * settled: no write can have happened since. */
static int unchanged_since_read(const sm_filestat *b, const struct stat *st)
{
	return b->settled && (uint64_t)st->st_size == b->size && sm_stat_mtime_ns(st) == b->mtime_ns &&
	       sm_stat_ctime_ns(st) == b->ctime_ns && (uint64_t)st->st_ino == b->ino &&
	       (uint64_t)st->st_dev == b->dev;
}

static int check_one(struct commit *c, struct op *op)
{
	const sm_write *w = op->w;
	const char *base;
	struct stat st;
	uint64_t hash = 0;
	int dfd, fd, rc, e, same;

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
	if (unchanged_since_read(&w->before, &st)) {
		/* No write since the read can have left these (tree_disk.c, settled): the bytes
		   read are the file's, and reading it again would only hash them once more. */
		sm_disk_close_dir(c->t, dfd);
	} else {
		fd = sm_fault_hit(SM_FAULT_OPEN) ? -1
						 : openat(dfd, base,
							  O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
								  O_NOCTTY | O_CLOEXEC);
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		if (fd < 0)
			return fail_errno(c, "cannot open", w->path, e);
		rc = sm_disk_hash(fd, (size_t)w->before.size, &hash, &same);
		e = errno;
		close(fd);
		if (rc)
			return fail_errno(c, "cannot read", w->path, e);
		if (!same || hash != w->before.hash)
			return changed(c, w->path, "was changed since it was read");
	}
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

/* The file operations below return 0 or SEAM_EIO, errno saying why. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t r;
		if (sm_fault_hit(SM_FAULT_WRITE))
			return SEAM_EIO;
		r = write(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return SEAM_EIO;
		if (r == 0) {
			errno = EIO;
			return SEAM_EIO;
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
	int dfd, fd, e;

	dfd = sm_disk_open_parent(c->t, w->path, &base, &c->created, 0);
	if (dfd < 0)
		return fail_errno(c, "cannot make the directory of", w->path, errno);
	fd = sm_fault_hit(SM_FAULT_OPEN)
		     ? -1
		     : openat(dfd, op->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			      (mode_t)op->mode);
	e = errno;
	/* ACLs, labels and user attributes stay with the file, as an in-place write keeps them.
	 * A file gone meanwhile has none to keep: the look before its rename reports the change. */
	if (fd >= 0 && w->before.exists && (e = sm_disk_copy_xattrs(dfd, base, fd)) != 0 &&
	    e != ENOENT) {
		op->made = 1; /* the temporary exists: the rollback removes it */
		close(fd);
		sm_disk_close_dir(c->t, dfd);
		return fail_errno(c, "cannot keep the extended attributes of", w->path, e);
	}
	sm_disk_close_dir(c->t, dfd);
	if (fd < 0)
		return fail_errno(c, "cannot create a temporary file beside", w->path, e);
	op->made = 1;
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

/* Claims the backup name by creating it empty, so that renaming onto it can never replace a
 * file someone else owns (where RENAME_NOREPLACE is not available). */
static int claim_bak(int dfd, struct op *op)
{
	int fd = sm_fault_hit(SM_FAULT_OPEN)
			 ? -1
			 : openat(dfd, op->bak, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				  0600);

	if (fd < 0)
		return SEAM_EIO;
	close(fd);
	op->bak_state = BAK_CLAIMED;
	return 0;
}

static int rename_aside(int dfd, const char *base, struct op *op)
{
#ifdef RENAME_NOREPLACE
	if (sm_fault_hit(SM_FAULT_RENAME))
		return SEAM_EIO;
	if (renameat2(dfd, base, dfd, op->bak, RENAME_NOREPLACE) == 0) {
		op->bak_state = BAK_ASIDE;
		return 0;
	}
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return SEAM_EIO;
#endif
	if (claim_bak(dfd, op))
		return SEAM_EIO;
	if (sm_fault_hit(SM_FAULT_RENAME) || renameat(dfd, base, dfd, op->bak))
		return SEAM_EIO;
	op->bak_state = BAK_ASIDE;
	return 0;
}

static int backup(int dfd, const char *base, struct op *op)
{
	if (!sm_fault_hit(SM_FAULT_LINK) && linkat(dfd, base, dfd, op->bak, 0) == 0) {
		op->bak_state = BAK_LINK;
		return 0;
	}
	if (!links_impossible(errno))
		return SEAM_EIO;
	return rename_aside(dfd, base, op);
}

/* A new file must not replace one that appeared since the check. */
static int rename_new(int dfd, const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(dfd, from, dfd, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return SEAM_EIO;
#endif
	return renameat(dfd, from, dfd, to) ? SEAM_EIO : 0;
}

/*
 * Swaps the new file in: the target is never missing, and the file swapped out (now at the
 * temporary name) must be the one the check read; if someone replaced or rewrote it since,
 * it is swapped back. 1 when RENAME_EXCHANGE is not available here (use the backup path).
 */
int sm_commit_no_exchange;

static int swap_in(struct commit *c, struct op *op, int dfd, const char *base)
{
#ifdef RENAME_EXCHANGE
	struct stat st;

	if (sm_commit_no_exchange)
		return 1;
	if (sm_fault_hit(SM_FAULT_RENAME))
		return fail_errno(c, "cannot replace", op->w->path, errno);
	if (renameat2(dfd, op->tmp, dfd, base, RENAME_EXCHANGE)) {
		if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP)
			return 1;
		return fail_errno(c, "cannot replace", op->w->path, errno);
	}
	op->bak_state = BAK_SWAPPED;
	op->installed = 1;
	if (fstatat(dfd, op->tmp, &st, AT_SYMLINK_NOFOLLOW) || (uint64_t)st.st_size != op->seen_size ||
	    sm_stat_mtime_ns(&st) != op->seen_mtime_ns || (uint64_t)st.st_ino != op->seen_ino ||
	    (uint64_t)st.st_dev != op->seen_dev) {
		if (renameat2(dfd, op->tmp, dfd, base, RENAME_EXCHANGE) == 0) {
			op->bak_state = BAK_NONE;
			op->installed = 0;
		}
		return changed(c, op->w->path, "was changed by someone else while seam was writing");
	}
	return 0;
#else
	(void)c;
	(void)op;
	(void)dfd;
	(void)base;
	return 1;
#endif
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
	if (w->before.exists && (r = swap_in(c, op, dfd, base)) != 1) {
		sm_disk_close_dir(c->t, dfd);
		return r;
	}
	if (w->before.exists && backup(dfd, base, op)) {
		e = errno;
		sm_disk_close_dir(c->t, dfd);
		return fail_errno(c, "cannot back up", w->path, e);
	}
	if (sm_fault_hit(SM_FAULT_RENAME))
		r = SEAM_EIO;
	else if (w->before.exists)
		r = renameat(dfd, op->tmp, dfd, base);
	else
		r = rename_new(dfd, op->tmp, base);
	e = errno;
	sm_disk_close_dir(c->t, dfd);
	if (r)
		return fail_errno(c, "cannot replace", w->path, e);
	op->made = 0;
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

	if (!op->made && op->bak_state == BAK_NONE && !op->installed)
		return;
	dfd = sm_disk_open_parent(c->t, w->path, &base, NULL, SM_WALK_CLEANUP);
	if (dfd < 0) {
		r = -1;
		goto out;
	}
	if (op->installed) {
		if (op->bak_state == BAK_SWAPPED) {
			r |= renameat(dfd, op->tmp, dfd, base); /* the old file is at tmp */
			op->made = 0;
		} else if (op->bak_state == BAK_LINK || op->bak_state == BAK_ASIDE) {
			r |= renameat(dfd, op->bak, dfd, base);
		} else {
			r |= unlinkat(dfd, base, 0);
		}
	} else if (op->bak_state == BAK_ASIDE) {
		r |= renameat(dfd, op->bak, dfd, base);
	} else if (op->bak_state == BAK_LINK || op->bak_state == BAK_CLAIMED) {
		r |= unlinkat(dfd, op->bak, 0);
	}
	op->bak_state = BAK_NONE;
	op->installed = 0;
	if (op->made)
		r |= unlinkat(dfd, op->tmp, 0);
	op->made = 0;
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

		if (op->bak_state == BAK_NONE && !op->made)
			continue;
		dfd = sm_disk_open_parent(c->t, op->w->path, &base, NULL, SM_WALK_CLEANUP);
		if (dfd >= 0) {
			if (op->bak_state == BAK_SWAPPED || op->made)
				(void)unlinkat(dfd, op->tmp, 0);
			else
				(void)unlinkat(dfd, op->bak, 0);
			sm_disk_close_dir(c->t, dfd);
		}
		op->bak_state = BAK_NONE;
		op->made = 0;
	}
}

/* ---- journal ---- */

/* Leading directories of path (below the root) that exist now: the recovery of a new file
 * removes only the (empty) ones made after them. */
static unsigned int existing_depth(struct commit *c, const char *path)
{
	char name[SM_NAME_MAX + 1];
	const char *p = path, *slash;
	unsigned int depth = 0;
	int fd = c->t->rootfd, nfd;

	while ((slash = strchr(p, '/')) != NULL) {
		size_t m = (size_t)(slash - p);
		if (m > SM_NAME_MAX)
			break;
		memcpy(name, p, m);
		name[m] = '\0';
		nfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd < 0)
			break;
		sm_disk_close_dir(c->t, fd);
		fd = nfd;
		depth++;
		p = slash + 1;
	}
	sm_disk_close_dir(c->t, fd);
	return depth;
}

/* Names every temporary and backup, and writes the journal that lists them. */
static int begin_journal(struct commit *c)
{
	sm_jop *j = sm_calloc(c->n, sizeof(*j));
	size_t i, nj = 0;
	int rc;

	if (!j)
		return fail_errno(c, "cannot write", c->ops[0].w->path, ENOMEM);
	for (i = 0; i < c->n; i++) {
		struct op *op = &c->ops[i];
		const sm_write *w = op->w;
		sm_jop *o = &j[nj];

		if (op->skip)
			continue;
		if (!w->del)
			make_name(op->tmp, sizeof(op->tmp), "tmp");
		if (w->before.exists)
			make_name(op->bak, sizeof(op->bak), "bak");
		o->kind = w->del ? 'D' : w->before.exists ? 'R' : 'N';
		o->path = w->path;
		o->tmp = op->tmp;
		o->bak = op->bak;
		o->keep = o->kind == 'N' ? existing_depth(c, w->path) : 0;
		o->old_size = w->before.size;
		o->old_hash = w->before.hash;
		o->new_size = w->len;
		o->new_hash = sm_tree_hash(w->data ? w->data : "", w->len);
		nj++;
	}
	rc = nj ? sm_journal_begin(c->t, &c->j, j, nj, c->why) : 0;
	sm_free(j);
	return rc;
}

/* ---- the commit ---- */

static struct dirref *dir_list(struct commit *c, size_t *nd)
{
	struct dirref *dirs;
	size_t i, off, n = 0;

	for (off = 0; off < c->created.len; off += strlen(c->created.ptr + off) + 1)
		n++;
	dirs = sm_calloc(c->n + n + 1, sizeof(*dirs));
	if (!dirs)
		return NULL;
	n = 0;
	for (off = 0; off < c->created.len; off += strlen(c->created.ptr + off) + 1) {
		dirs[n].p = c->created.ptr + off;
		dirs[n].len = dir_len(dirs[n].p);
		n++;
	}
	for (i = 0; i < c->n; i++) {
		if (c->ops[i].skip)
			continue;
		dirs[n].p = c->ops[i].w->path;
		dirs[n].len = dir_len(dirs[n].p);
		n++;
	}
	*nd = n;
	return dirs;
}

/* 1 once the install has begun: a failure from then on is undone with the journal saying so. */
static int run(struct commit *c, int *installing)
{
	struct dirref *dirs;
	size_t i, nd = 0;
	int rc;

	for (i = 0; i < c->n; i++)
		if ((rc = check_one(c, &c->ops[i])) != 0)
			return rc;
	if ((rc = begin_journal(c)) != 0)
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
	dirs = dir_list(c, &nd);
	if (!dirs)
		return fail_errno(c, "cannot write", c->ops[0].w->path, ENOMEM);
	/* Every new file and its name durable before the journal says they are there. */
	if ((rc = sync_dirs(c, dirs, nd)) != 0) {
		sm_free(dirs);
		return rc;
	}
	/*
	 * Held off until the journal is gone, so that a Ctrl-C or a timeout never splits a reply:
	 * such a signal is delivered (and acts as it would have) once the commit is complete or
	 * undone, a few renames and syncs later. Before this point it kills the process as
	 * usual, and the next run removes what the journal names. In a program with threads, a
	 * signal another thread takes is not held off (SIGKILL never is): the journal covers
	 * those.
	 */
	pthread_sigmask(SIG_BLOCK, &c->hold, &c->saved);
	c->holding = 1;
	if ((rc = sm_journal_mark(&c->j, "install", 1, c->why)) != 0) {
		sm_free(dirs);
		return rc;
	}
	*installing = 1;
	for (i = 0; i < c->n; i++) {
		if (c->ops[i].skip)
			continue;
		if ((rc = install_one(c, &c->ops[i])) != 0) {
			sm_free(dirs);
			return rc;
		}
	}
	rc = sync_dirs(c, dirs, nd);
	sm_free(dirs);
	return rc;
}

int sm_disk_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why)
{
	struct commit c;
	int *dfds = NULL;
	size_t i, ndfd = 0;
	int rc, installing = 0;

	if (n == 0)
		return 0;
	memset(&c, 0, sizeof(c));
	c.t = t;
	c.n = n;
	c.why = why;
	c.j.fd = -1;
	c.j.dirfd = -1;
	c.ops = sm_calloc(n, sizeof(*c.ops));
	if (!c.ops)
		return fail_errno(&c, "cannot write", w[0].path ? w[0].path : "", ENOMEM);
	for (i = 0; i < n; i++)
		c.ops[i].w = &w[i];
	sigemptyset(&c.hold);
	sigaddset(&c.hold, SIGINT);
	sigaddset(&c.hold, SIGTERM);
	sigaddset(&c.hold, SIGHUP);
	if ((rc = sm_disk_lock(t, why)) == 0) {
		if ((rc = sm_disk_lock_dirs(t, w, n, &dfds, &ndfd, why)) == 0 &&
		    (rc = sm_journal_recover(t, why)) == 0) {
			rc = run(&c, &installing);
			if (rc) {
				if (installing)
					(void)sm_journal_mark(&c.j, "undo", 0, NULL);
				undo(&c);
			} else {
				finish(&c);
			}
			sm_journal_end(t, &c.j);
			if (c.holding)
				pthread_sigmask(SIG_SETMASK, &c.saved, NULL);
		}
		if (dfds)
			sm_disk_unlock_dirs(dfds, ndfd);
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
