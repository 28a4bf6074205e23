/*
 * The write lock of a disk tree (seam_tree_lock in seam.h).
 *
 * flock(2) on a directory, not a lock file: nothing is created, so a read-only tree (a
 * checkout on a read-only mount, a directory of someone else's that seam only checks) can be
 * locked, and no stale lock file is left behind by a process that was killed; the kernel drops
 * the lock with the last descriptor. The directory is the top of the repository holding the
 * root (the nearest one with a .git entry), so that `seam apply -C src` and `seam apply` in the
 * same checkout exclude each other; outside a repository it is the root. Two roots nested in a
 * directory that is no repository do not exclude each other: the commit's check of every file
 * against what was read (tree_commit.c) still refuses to write over a change.
 *
 * flock is advisory and, on some network filesystems, unsupported (ENOLCK, EBADF): there seam
 * goes on without it, since the lock only orders seam processes and the check stays.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../util/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Pause between two attempts while another process holds the lock. */
#define LOCK_POLL_MS 10

/* The directory to lock: an fd of its own, or the root's (then not closed separately). */
static int lock_dir_fd(seam_tree *t)
{
	char dir[PATH_MAX];
	size_t n = t->root_len;
	struct stat st;
	int fd;

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
	return fd >= 0 ? fd : t->rootfd; /* unreadable: lock at least the root */
}

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

int sm_disk_lock(seam_tree *t, sm_buf *why)
{
	unsigned int wait = t->s ? t->s->opts.lock_wait_ms : SM_DEFAULT_LOCK_WAIT_MS;
	struct timespec t0, pause = {0, LOCK_POLL_MS * 1000000L};
	long waited = 0;

	if (t->s && (t->s->opts.flags & SEAM_FLAG_NO_WAIT))
		wait = 0;
	if (t->locks > 0) {
		t->locks++;
		return 0;
	}
	if (t->lockfd < 0)
		t->lockfd = lock_dir_fd(t);
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
		nanosleep(&pause, NULL);
	}
	t->locks = 1;
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
