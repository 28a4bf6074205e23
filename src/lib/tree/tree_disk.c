/*
 * The disk tree: opening the root, resolving paths under it, reading files, listing them.
 *
 * Every access starts from the root's fd and goes down one component at a time with
 * O_NOFOLLOW, so nothing outside the root is ever opened, whatever a component turns into
 * between two calls. Symlinks are followed only by sm_disk_resolve, by reading them and
 * checking where they lead: the paths it returns hold no symlink at all.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "tree_stat.h"
#include "../../util/alloc.h"
#include "../../util/errno_text.h"
#include "../../util/fault.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINK_HOPS 40 /* Linux's own limit (MAXSYMLINKS) */

static int why_errno(sm_buf *why, const char *what, const char *path, int e)
{
	char etext[SM_ERRNO_TEXT_MAX];

	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, what);
		sm_buf_puts(why, " '");
		sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_printf(why, "': %s", sm_errno_text(e, etext, sizeof(etext)));
	}
	return e == ENOMEM ? SEAM_ENOMEM : SEAM_EIO;
}

int sm_disk_open(seam_tree *t, const char *root)
{
	char real[PATH_MAX];
	struct stat st;
	sm_buf msg = SM_BUF_INIT;
	int fd, e;

	/* Resolved once: the root may itself be a symlink, and absolute symlink targets are
	 * compared against its real path. */
	if (!realpath(root, real)) {
		e = errno;
		goto fail;
	}
	if (sm_fault_hit(SM_FAULT_OPEN))
		fd = -1;
	else
		fd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		goto fail;
	}
	if (fstat(fd, &st) || !S_ISDIR(st.st_mode)) {
		e = ENOTDIR;
		close(fd);
		goto fail;
	}
	t->root = sm_strdup(real);
	if (root[0] == '/') {
		size_t k = strlen(root);
		while (k > 1 && root[k - 1] == '/')
			k--;
		t->given_root = sm_strndup(root, k);
	}
	if (!t->root || (root[0] == '/' && !t->given_root)) {
		close(fd);
		sm_free(t->root);
		sm_free(t->given_root);
		t->root = t->given_root = NULL;
		return sm_fail_code(t->s, SEAM_ENOMEM);
	}
	t->root_len = strlen(real);
	t->rootfd = fd;
	return SEAM_OK;
fail:
	why_errno(&msg, "cannot open the root", root, e);
	e = sm_fail(t->s, e == ENOMEM ? SEAM_ENOMEM : SEAM_EIO, "%s",
		    msg.ptr ? msg.ptr : "cannot open the root");
	sm_buf_dispose(&msg);
	return e;
}

void sm_disk_close(seam_tree *t)
{
	if (t->rootfd >= 0)
		close(t->rootfd);
	t->rootfd = -1;
	sm_free(t->root);
	t->root = NULL;
	sm_free(t->given_root);
	t->given_root = NULL;
}

void sm_disk_close_dir(seam_tree *t, int fd)
{
	if (fd >= 0 && fd != t->rootfd)
		close(fd);
}

int sm_disk_open_parent(seam_tree *t, const char *path, const char **base, sm_buf *created,
			int flags)
{
	char name[SM_NAME_MAX + 1];
	const char *p = path, *slash;
	int fd = t->rootfd, nfd, e;

	while ((slash = strchr(p, '/')) != NULL) {
		size_t m = (size_t)(slash - p);
		if (m > SM_NAME_MAX) {
			e = ENAMETOOLONG;
			goto fail;
		}
		memcpy(name, p, m);
		name[m] = '\0';
		nfd = !(flags & SM_WALK_CLEANUP) && sm_fault_hit(SM_FAULT_OPEN)
			      ? -1
			      : openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd < 0 && errno == ENOENT && created) {
			if (sm_fault_hit(SM_FAULT_MKDIR)) {
				e = errno;
				goto fail;
			}
			if (mkdirat(fd, name, 0777) == 0) {
				if (sm_buf_put(created, path, (size_t)(slash - path)) ||
				    sm_buf_putc(created, '\0')) {
					unlinkat(fd, name, AT_REMOVEDIR);
					e = ENOMEM;
					goto fail;
				}
			} else if (errno != EEXIST) {
				e = errno;
				goto fail;
			}
			nfd = sm_fault_hit(SM_FAULT_OPEN) ? -1
							  : openat(fd, name,
								   O_RDONLY | O_DIRECTORY |
									   O_NOFOLLOW | O_CLOEXEC);
		}
		if (nfd < 0) {
			e = errno;
			goto fail;
		}
		sm_disk_close_dir(t, fd);
		fd = nfd;
		p = slash + 1;
	}
	*base = p;
	return fd;
fail:
	sm_disk_close_dir(t, fd);
	errno = e;
	return SEAM_EIO;
}

int sm_disk_slurp(int fd, size_t max, size_t hint, char **data, size_t *len)
{
	size_t cap = (hint < max ? hint : max) + 1, n = 0;
	char *buf = sm_malloc(cap + 1), *nb;
	ssize_t r;

	*data = NULL;
	*len = 0;
	if (!buf)
		return SEAM_ENOMEM;
	for (;;) {
		if (n == cap) {
			/* The file grew since fstat: go on, up to one byte past the limit. */
			size_t ncap = cap > max / 2 ? max + 1 : cap * 2;
			if (ncap <= cap) {
				sm_free(buf);
				return SEAM_ELIMIT;
			}
			nb = sm_realloc(buf, ncap + 1);
			if (!nb) {
				sm_free(buf);
				return SEAM_ENOMEM;
			}
			buf = nb;
			cap = ncap;
		}
		if (sm_fault_hit(SM_FAULT_READ))
			r = -1;
		else
			r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			sm_free(buf);
			errno = e;
			return SEAM_EIO;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > max) {
			sm_free(buf);
			return SEAM_ELIMIT;
		}
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

int sm_disk_hash(int fd, size_t size, uint64_t *hash, int *same)
{
	/* a piece at a time: checking a file before it is replaced holds no second copy of it */
	unsigned char piece[65536];
	sm_tree_hasher hs;
	ssize_t r;

	sm_tree_hash_begin(&hs, size);
	*same = 0;
	for (;;) {
		if (sm_fault_hit(SM_FAULT_READ))
			r = -1;
		else
			r = read(fd, piece, sizeof(piece));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return SEAM_EIO;
		if (r == 0)
			break;
		if ((size_t)r > size - hs.fed)
			return 0; /* longer than it was */
		sm_tree_hash_feed(&hs, piece, (size_t)r);
	}
	if (hs.fed != size)
		return 0;
	*same = 1;
	*hash = sm_tree_hash_end(&hs);
	return 0;
}

/* ---- resolution ---- */

struct walk {
	sm_buf cur;  /* resolved components so far, no symlink among them */
	sm_buf pend; /* components still to walk */
	size_t at;   /* read position in pend */
};

/* Next component of pend; 0 when none is left. */
static int next_comp(struct walk *w, const char **c, size_t *m)
{
	const char *p = w->pend.ptr;

	while (w->at < w->pend.len) {
		size_t s = w->at;
		while (w->at < w->pend.len && p[w->at] != '/')
			w->at++;
		*c = p + s;
		*m = w->at - s;
		if (w->at < w->pend.len)
			w->at++;
		if (*m == 0 || (*m == 1 && **c == '.'))
			continue;
		return 1;
	}
	return 0;
}

static int pop_comp(sm_buf *cur)
{
	if (cur->len == 0)
		return SEAM_EUSAGE;
	while (cur->len > 0 && cur->ptr[cur->len - 1] != '/')
		cur->len--;
	if (cur->len > 0)
		cur->len--;
	cur->ptr[cur->len] = '\0';
	return 0;
}

static int push_comp(sm_buf *cur, const char *c, size_t m)
{
	if (cur->len)
		sm_buf_putc(cur, '/');
	return sm_buf_put(cur, c, m);
}

static int refused(sm_buf *why, const char *what, const char *p, const char *reason)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, what);
		sm_buf_puts(why, " '");
		sm_buf_put_quoted(why, p, strlen(p), 200);
		sm_buf_puts(why, "' ");
		sm_buf_puts(why, reason);
	}
	return SEAM_STATUS_REFUSED_PATH;
}

/* Replaces pend with target + what was left of pend, for walking on from a symlink. */
static int splice_link(struct walk *w, const char *target, size_t tn)
{
	sm_buf np = SM_BUF_INIT;

	sm_buf_put(&np, target, tn);
	sm_buf_putc(&np, '/');
	sm_buf_put(&np, w->pend.ptr + w->at, w->pend.len - w->at);
	if (sm_buf_failed(&np)) {
		sm_buf_dispose(&np);
		return SEAM_ENOMEM;
	}
	sm_buf_dispose(&w->pend);
	w->pend = np;
	w->at = 0;
	return 0;
}

/* Follows the link at w->cur (whose last component was just pushed at saved length cl). */
static int follow_link(seam_tree *t, struct walk *w, size_t cl, sm_buf *why)
{
	char target[PATH_MAX + 1]; /* the system's limit: an absolute target holds the root too */
	const char *rel = target;
	ssize_t tn;

	tn = readlinkat(t->rootfd, w->cur.ptr, target, sizeof(target) - 1);
	if (tn < 0)
		return why_errno(why, "cannot read the symbolic link", w->cur.ptr, errno) ==
				       SEAM_ENOMEM
			       ? SEAM_ENOMEM
			       : SEAM_STATUS_IO_ERROR;
	if (tn == 0 || (size_t)tn >= sizeof(target) - 1)
		return refused(why, "the symbolic link", w->cur.ptr, "has an unusable target");
	target[tn] = '\0';
	if (target[0] == '/') {
		if (t->root_len == 1) {
			rel = target + 1;
		} else if (!strncmp(target, t->root, t->root_len) &&
			   (target[t->root_len] == '/' || target[t->root_len] == '\0')) {
			rel = target + t->root_len;
		} else {
			return refused(why, "the symbolic link", w->cur.ptr,
				       "leads outside the project root");
		}
		sm_buf_clear(&w->cur);
	} else {
		w->cur.len = cl;
		w->cur.ptr[cl] = '\0';
	}
	if (splice_link(w, rel, strlen(rel)))
		return SEAM_ENOMEM;
	return 0;
}

int sm_disk_resolve(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why)
{
	struct walk w = {SM_BUF_INIT, SM_BUF_INIT, 0};
	const char *c;
	size_t m, cl;
	int hops = 0, rc = SEAM_ENOMEM;
	struct stat st;

	*out = NULL;
	*exists = 0;
	if (sm_buf_puts(&w.pend, clean) || sm_buf_put(&w.cur, "", 0))
		goto done;
	while (next_comp(&w, &c, &m)) {
		if (m == 2 && c[0] == '.' && c[1] == '.') {
			/* only a link's target gets here: the clean path has no ".." */
			if (pop_comp(&w.cur)) {
				rc = refused(why, "the path", clean,
					     "goes through a symbolic link that leads outside the "
					     "project root");
				goto done;
			}
			continue;
		}
		if (sm_tree_path_component_ok(c, m, why)) {
			rc = SEAM_STATUS_REFUSED_PATH;
			goto done;
		}
		cl = w.cur.len;
		if (push_comp(&w.cur, c, m))
			goto done;
		if (w.cur.len > SM_PATH_MAX) {
			rc = refused(why, "the path", clean,
				     "resolves to more than " SM_LIMIT_TEXT(SM_PATH_MAX) " bytes");
			goto done;
		}
		if (fstatat(t->rootfd, w.cur.ptr, &st, AT_SYMLINK_NOFOLLOW)) {
			if (errno == ENOENT)
				break; /* the rest does not exist yet: taken as written */
			if (errno == ENOTDIR) {
				rc = refused(why, "the path", clean, "goes through a file as if it were a directory");
				goto done;
			}
			rc = why_errno(why, "cannot look up", w.cur.ptr, errno) == SEAM_ENOMEM
				     ? SEAM_ENOMEM
				     : SEAM_STATUS_IO_ERROR;
			goto done;
		}
		if (S_ISLNK(st.st_mode)) {
			if (++hops > MAX_LINK_HOPS) {
				rc = refused(why, "the path", clean, "goes through too many symbolic links");
				goto done;
			}
			if ((rc = follow_link(t, &w, cl, why)) != 0)
				goto done;
			rc = SEAM_ENOMEM;
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			const char *c2;
			size_t m2, save = w.at;
			if (!next_comp(&w, &c2, &m2)) {
				rc = refused(why, "the path", clean, "is a directory, not a file");
				goto done;
			}
			w.at = save;
			continue;
		}
		if (!S_ISREG(st.st_mode)) {
			rc = refused(why, "the path", clean,
				     S_ISFIFO(st.st_mode) ? "is a FIFO, not a regular file"
				     : S_ISSOCK(st.st_mode)
					     ? "is a socket, not a regular file"
					     : "is a device, not a regular file");
			goto done;
		}
		if (w.at < w.pend.len && strspn(w.pend.ptr + w.at, "/") != w.pend.len - w.at) {
			rc = refused(why, "the path", clean, "goes through a file as if it were a directory");
			goto done;
		}
		*exists = 1;
		break;
	}
	/* What remains (after a missing component) comes from a link's target or the clean
	 * path; it is taken lexically, and still may not climb out. */
	while (next_comp(&w, &c, &m)) {
		if (m == 2 && c[0] == '.' && c[1] == '.') {
			if (pop_comp(&w.cur)) {
				rc = refused(why, "the path", clean,
					     "goes through a symbolic link that leads outside the "
					     "project root");
				goto done;
			}
			continue;
		}
		if (sm_tree_path_component_ok(c, m, why)) {
			rc = SEAM_STATUS_REFUSED_PATH;
			goto done;
		}
		if (push_comp(&w.cur, c, m))
			goto done;
	}
	if (sm_buf_failed(&w.cur))
		goto done;
	if (w.cur.len == 0) {
		rc = refused(why, "the path", clean, "names the project root, not a file");
		goto done;
	}
	if (w.cur.len > SM_PATH_MAX) {
		rc = refused(why, "the path", clean,
			     "resolves to more than " SM_LIMIT_TEXT(SM_PATH_MAX) " bytes");
		goto done;
	}
	*out = sm_buf_detach(&w.cur, NULL);
	rc = *out ? SEAM_STATUS_APPLIED : SEAM_ENOMEM;
done:
	sm_buf_dispose(&w.cur);
	sm_buf_dispose(&w.pend);
	return rc;
}

/* ---- reading ---- */

/* The clock the kernel stamps a write's ctime with (its coarse clock; never ahead of a stamp it
 * hands out later), read before the file is looked at; NO_CLOCK where there is none. */
#define NO_CLOCK INT64_MIN
static int64_t stamp_clock(void)
{
#if defined(__linux__) && defined(CLOCK_REALTIME_COARSE)
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME_COARSE, &ts) == 0)
		return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
#endif
	return NO_CLOCK;
}

/*
 * Whether no write after the clock read `now` can leave ctime at c: a write stamps ctime with
 * the clock then, cut to the filesystem's step, so once c is a whole step behind `now` every
 * later stamp is past c (git's "racily clean" rule). The step is not known: the coarsest a
 * value allows is taken (the largest power of ten dividing its nanoseconds, 2 s when they are
 * 0, as FAT's), and a stamp too recent for it leaves the change check to read the file again.
 */
static int settled(int64_t c, int64_t now)
{
	int64_t ns = c % 1000000000, step = 1;

	if (now == NO_CLOCK || now < 0 || c <= 0)
		return 0;
	if (ns == 0)
		step = 2000000000;
	else
		while (step < 1000000000 && ns % (step * 10) == 0)
			step *= 10;
	return c <= now - step;
}

static void fill_stat(sm_filestat *fs, const struct stat *st)
{
	fs->exists = 1;
	fs->mode = (unsigned int)(st->st_mode & 07777);
	fs->size = (uint64_t)st->st_size;
	fs->mtime_ns = sm_stat_mtime_ns(st);
	fs->dev = (uint64_t)st->st_dev;
	fs->ino = (uint64_t)st->st_ino;
	fs->ctime_ns = sm_stat_ctime_ns(st);
}

int sm_disk_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		 sm_filestat *fs, sm_buf *why)
{
	const char *base;
	struct stat st;
	int dfd, fd, rc, e;
	int64_t now;

	*data = NULL;
	*len = 0;
	memset(fs, 0, sizeof(*fs));
	now = stamp_clock();
	dfd = sm_disk_open_parent(t, path, &base, NULL, 0);
	if (dfd < 0) {
		if (errno == ENOENT)
			return 0;
		return why_errno(why, "cannot open the directory of", path, errno);
	}
	/* O_NONBLOCK: a FIFO swapped in since the path was resolved must not hang the read. */
	fd = sm_fault_hit(SM_FAULT_OPEN)
		     ? -1
		     : openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	e = errno;
	sm_disk_close_dir(t, dfd);
	if (fd < 0) {
		if (e == ENOENT)
			return 0;
		return why_errno(why, "cannot open", path, e);
	}
	if (fstat(fd, &st)) {
		e = errno;
		close(fd);
		return why_errno(why, "cannot stat", path, e);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "'");
			sm_buf_put_quoted(why, path, strlen(path), 200);
			sm_buf_puts(why, "' is not a regular file");
		}
		return SEAM_EIO;
	}
	if ((uint64_t)st.st_size > max_bytes) {
		close(fd);
		return sm_tree_too_large(why, path, max_bytes);
	}
	rc = sm_disk_slurp(fd, max_bytes, (size_t)st.st_size, data, len);
	e = errno;
	close(fd);
	if (rc == SEAM_ELIMIT)
		sm_tree_too_large(why, path, max_bytes);
	else if (rc == SEAM_EIO) {
		why_errno(why, "cannot read", path, e);
	} else if (rc == SEAM_ENOMEM && why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "out of memory");
	}
	if (rc)
		return rc;
	fill_stat(fs, &st);
	fs->settled = (uint64_t)*len == (uint64_t)st.st_size && settled(fs->ctime_ns, now);
	fs->size = *len;
	fs->hash = sm_tree_hash(*data, *len);
	return 0;
}

/* lstat of path under the root: 0 with *st filled, SEAM_EIO when there is nothing there. */
static int stat_at(seam_tree *t, const char *path, struct stat *st)
{
	const char *base;
	int dfd = sm_disk_open_parent(t, path, &base, NULL, 0), r;

	if (dfd < 0)
		return SEAM_EIO;
	r = fstatat(dfd, base, st, AT_SYMLINK_NOFOLLOW);
	sm_disk_close_dir(t, dfd);
	return r ? SEAM_EIO : 0;
}

int sm_disk_has_entry(seam_tree *t, const char *path)
{
	struct stat st;
	return stat_at(t, path, &st) == 0;
}

int sm_disk_exists(seam_tree *t, const char *path)
{
	struct stat st;
	return stat_at(t, path, &st) == 0 && S_ISREG(st.st_mode);
}
