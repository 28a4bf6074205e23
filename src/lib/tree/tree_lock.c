/*
 * The write locks of a disk tree (seam_tree_lock in seam.h).
 *
 * flock(2) on directories, not lock files: nothing is created, so a read-only tree (a
 * checkout on a read-only mount, a directory of someone else's that seam only checks) can be
 * locked, and no stale lock file is left behind by a process that was killed; the kernel drops
 * the lock with the last descriptor.
 *
 * Two kinds. The plan lock is on the top of the repository holding the root (the nearest
 * directory with a .git entry), or on the root outside a repository: `seam apply -C src` and
 * `seam apply` in one checkout exclude each other from reading to writing, so the second plans
 * on what the first wrote. It alone does not cover every writer of a file: `-C t` and `-C
 * t/sub` outside a repository, or a repository and its submodule, take different ones. So the
 * commit also locks the directory holding each file it writes (for a file in a directory still
 * to be made, the deepest one that exists): a directory is the same inode whatever root led to
 * it. Those are taken all at once or not at all (none is held while waiting for another), so
 * two commits never wait on each other in a cycle; the plan lock, taken first, is never the
 * one waited for by its own holder (a directory that is the plan lock's is skipped).
 *
 * flock is advisory and, on some network filesystems, unsupported (ENOLCK, EBADF): there seam
 * goes on without it, since the lock only orders seam processes and the check stays.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../../util/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Pause between two attempts while another process holds the lock. */
#define LOCK_POLL_MS 10

/*
 * The directory of the plan lock: an fd of its own, or the root's (then not closed
 * separately). Sets t->lock_rel to the root's path below it ("" for the root itself).
 */
static int lock_dir_fd(seam_tree *t)
{
	char dir[PATH_MAX];
	size_t n = t->root_len;
	struct stat st;
	int fd;

	t->lock_rel = t->root + t->root_len;
	if (n + sizeof("/.git") > sizeof(dir))
		return t->rootfd;
	memcpy(dir, t->root, n + 1);
	for (;;) {
		memcpy(dir + n, "/.git", sizeof("/.git"));
		if (fstatat(AT_FDCWD, dir, &st, AT_SYMLINK_NOFOLLOW) == 0)
			break;
		while (n > 0 && dir[n - 1] != '/')
			n--;
		if (n <= 1) /* reached "/": no repository */
			return t->rootfd;
		n--;
	}
	if (n == t->root_len)
		return t->rootfd;
	dir[n] = '\0';
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return t->rootfd; /* unreadable: lock at least the root */
	t->lock_rel = t->root + (n == 1 ? 1 : n + 1); /* past "/top/" */
	return fd;
}

int sm_disk_lock_dir(seam_tree *t)
{
	if (t->lockfd < 0)
		t->lockfd = lock_dir_fd(t);
	return t->lockfd;
}

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

static int busy(seam_tree *t, sm_buf *why, long waited)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "another seam process is writing to '");
		sm_buf_put_quoted(why, t->root, t->root_len, 200);
		sm_buf_printf(why,
			      "' (waited %ld ms for its lock); nothing was written, "
			      "try again when it is done",
			      waited);
	}
	return SEAM_EBUSY;
}

static unsigned int wait_ms(const seam_tree *t)
{
	if (t->s && (t->s->opts.flags & SEAM_FLAG_NO_WAIT))
		return 0;
	return t->s ? t->s->opts.lock_wait_ms : SM_DEFAULT_LOCK_WAIT_MS;
}

int sm_disk_lock(seam_tree *t, sm_buf *why)
{
	unsigned int wait = wait_ms(t);
	struct timespec t0, pause = {0, LOCK_POLL_MS * 1000000L};
	long waited = 0;

	if (t->locks > 0) {
		t->locks++;
		return 0;
	}
	sm_disk_lock_dir(t);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (flock(t->lockfd, LOCK_EX | LOCK_NB) == 0)
			break;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK)
			break; /* no locks on this filesystem: advisory anyway, go on */
		waited = elapsed_ms(&t0);
		if (waited >= (long)wait) {
			return busy(t, why, waited);
		}
		nanosleep(&pause, NULL);
	}
	t->locks = 1;
	return 0;
}

/* ---- the directories of the files written ---- */

struct dlock {
	int fd;
	uint64_t dev, ino;
};

static int cmp_dlock(const void *a, const void *b)
{
	const struct dlock *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return 0;
}

/* The directory holding path (clean, relative to the root), or the deepest existing one on the
 * way to it; never through a symlink. -1 with errno on failure. */
static int deepest_dir(seam_tree *t, const char *path)
{
	char name[SM_NAME_MAX + 1];
	const char *p = path, *slash;
	int fd = openat(t->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), nfd;

	while (fd >= 0 && (slash = strchr(p, '/')) != NULL) {
		size_t m = (size_t)(slash - p);
		if (m > SM_NAME_MAX)
			break;
		memcpy(name, p, m);
		name[m] = '\0';
		nfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd < 0)
			break; /* missing: the commit makes it, under the lock of its parent */
		close(fd);
		fd = nfd;
		p = slash + 1;
	}
	return fd;
}

void sm_disk_unlock_dirs(int *fds, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fds[i] >= 0)
			close(fds[i]); /* drops the flock with the descriptor */
	sm_free(fds);
}

int sm_disk_lock_dirs(seam_tree *t, const sm_write *w, size_t n, int **fds_out, size_t *nfd_out,
		      sm_buf *why)
{
	struct timespec t0, pause = {0, LOCK_POLL_MS * 1000000L};
	unsigned int wait = wait_ms(t);
	struct dlock *d = sm_calloc(n ? n : 1, sizeof(*d));
	int *fds = sm_calloc(n ? n : 1, sizeof(*fds));
	struct stat lst, st;
	size_t i, k = 0, nd = 0, taken;
	int have_lst;

	*fds_out = NULL;
	*nfd_out = 0;
	if (!d || !fds) {
		sm_free(d);
		sm_free(fds);
		return SEAM_ENOMEM;
	}
	have_lst = t->lockfd >= 0 && fstat(t->lockfd, &lst) == 0;
	for (i = 0; i < n; i++) {
		int fd = deepest_dir(t, w[i].path);
		if (fd < 0)
			continue; /* the commit will say what is wrong with this path */
		if (fstat(fd, &st) ||
		    (have_lst && t->locks > 0 && st.st_dev == lst.st_dev && st.st_ino == lst.st_ino)) {
			close(fd); /* the plan lock's own directory: held already */
			continue;
		}
		d[nd].fd = fd;
		d[nd].dev = (uint64_t)st.st_dev;
		d[nd].ino = (uint64_t)st.st_ino;
		nd++;
	}
	/* One fixed order for every process: by device and inode, whatever path led there. */
	qsort(d, nd, sizeof(*d), cmp_dlock);
	for (i = 0; i < nd; i++) {
		if (k > 0 && !cmp_dlock(&d[k - 1], &d[i])) {
			close(d[i].fd);
			continue;
		}
		d[k++] = d[i];
	}
	nd = k;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		long waited;
		for (taken = 0; taken < nd; taken++) {
			int r;
			while ((r = flock(d[taken].fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
				;
			if (r && errno == EWOULDBLOCK)
				break;
			/* other errors: no locks on this filesystem, go on (advisory anyway) */
		}
		if (taken == nd)
			break;
		/* All or nothing: hold none while waiting, so no two commits wait in a cycle. */
		for (i = 0; i < taken; i++)
			(void)flock(d[i].fd, LOCK_UN);
		waited = elapsed_ms(&t0);
		if (waited >= (long)wait) {
			for (i = 0; i < nd; i++)
				close(d[i].fd);
			sm_free(d);
			sm_free(fds);
			return busy(t, why, waited);
		}
		nanosleep(&pause, NULL);
	}
	for (i = 0; i < nd; i++)
		fds[i] = d[i].fd;
	sm_free(d);
	*fds_out = fds;
	*nfd_out = nd;
	return 0;
}

void sm_disk_unlock(seam_tree *t)
{
	if (t->locks == 0)
		return;
	if (--t->locks == 0)
		(void)flock(t->lockfd, LOCK_UN);
}

void sm_disk_lock_close(seam_tree *t)
{
	if (t->locks > 0) {
		t->locks = 1;
		sm_disk_unlock(t);
	}
	if (t->lockfd >= 0 && t->lockfd != t->rootfd)
		close(t->lockfd);
	t->lockfd = -1;
}

int seam_tree_lock(seam_tree *t)
{
	sm_buf why = SM_BUF_INIT;
	int rc;

	if (!t)
		return SEAM_EUSAGE;
	if (t->kind != SM_TREE_DISK)
		return SEAM_OK;
	rc = sm_disk_lock(t, &why);
	if (rc)
		sm_fail(t->s, rc, "%s", why.ptr ? why.ptr : "the tree is locked by another process");
	sm_buf_dispose(&why);
	return rc;
}

void seam_tree_unlock(seam_tree *t)
{
	if (t && t->kind == SM_TREE_DISK)
		sm_disk_unlock(t);
}
