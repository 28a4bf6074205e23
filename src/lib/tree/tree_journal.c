/*
 * The commit's journal, and the recovery of a commit whose process died (seam_tree_recover).
 *
 * A commit (tree_commit.c) writes its journal before it creates anything: every file it will
 * write or delete, the temporary and backup names it will use beside each one, and the size
 * and hash of each file's old and new content. Then it prepares and syncs every new file,
 * appends "install" (every new content is on disk), renames, syncs the directories, removes
 * its backups and finally the journal. A commit that fails on its own undoes itself and appends
 * "undo" first.
 *
 * The journal lives in the directory of the plan lock (tree_lock.c: the top of the repository,
 * or the root), named .seam-journal-XXXXXXXX: every run whose root is in that repository (or
 * is that root) looks there, and it is never inside .git, which is a file in worktrees and
 * submodules. The committing process holds a flock on the journal for as long as it runs, so a
 * journal nobody holds is one whose process died, and only such a journal is recovered.
 *
 * Recovery decides by content, not by remembering which step ran: for each file it reads what
 * is at the target, at the temporary and at the backup name and compares sizes and hashes with
 * the journal's. It goes forward (every target gets its new content, every deletion is done)
 * when the journal says "install" without "undo" and every new content is still somewhere;
 * else back (every target gets its old content again) when every old content is somewhere;
 * then every .seam-* name of the journal is removed, and the journal last. When neither is
 * possible (someone removed the files seam needs), nothing is touched and the journal stays:
 * the error names it.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../../util/alloc.h"
#include "../../util/errno_text.h"
#include "../../util/fault.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JOURNAL_MAGIC "seam-journal 1\n"

/* ---- writing ---- */

static int jfail(sm_buf *why, const char *what, const char *name, int e)
{
	if (why) {
		char et[SM_ERRNO_TEXT_MAX];

		sm_buf_clear(why);
		sm_buf_puts(why, what);
		sm_buf_puts(why, " '");
		sm_buf_put_quoted(why, name, strlen(name), 200);
		sm_buf_printf(why, "': %s; nothing was written", sm_errno_text(e, et, sizeof(et)));
	}
	return e == ENOMEM ? SEAM_ENOMEM : SEAM_EIO;
}

static int write_full(int fd, const char *p, size_t n, int fault)
{
	while (n > 0) {
		ssize_t r;
		if (fault && sm_fault_hit(SM_FAULT_WRITE))
			return SEAM_EIO;
		r = write(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			return SEAM_EIO;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static void put_rel(sm_buf *b, const char *rel, const char *path)
{
	if (*rel) {
		sm_buf_puts(b, rel);
		sm_buf_putc(b, '/');
	}
	sm_buf_puts(b, path);
}

/* Creates the journal file in dfd (O_EXCL, a fresh random name), and holds it. */
static int create_journal(int dfd, sm_journal *j)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	struct timespec ts;
	struct stat a, c;
	uint64_t x;
	int tries, r, e;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = ((uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)getpid() << 32) ^
	    (uint64_t)ts.tv_sec;
	for (tries = 0; tries < 100 && j->fd < 0; tries++) {
		char rnd[9];
		int k;
		for (k = 0; k < 8; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			rnd[k] = digits[x % 36];
		}
		rnd[8] = '\0';
		snprintf(j->name, sizeof(j->name), SM_JOURNAL_PREFIX "%s", rnd);
		j->fd = sm_fault_hit(SM_FAULT_OPEN)
				? -1
				: openat(dfd, j->name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
					 0600);
		if (j->fd < 0 && errno != EEXIST)
			break;
	}
	if (j->fd < 0)
		return SEAM_EIO;
	j->dirfd = dfd;
	/* Held before a word is written, and checked to be still in place: a recovery that saw the
	 * empty file first (and took it for a dead one) makes this commit give up instead. */
	r = flock(j->fd, LOCK_EX | LOCK_NB);
	if (r == 0 && (fstat(j->fd, &a) || fstatat(dfd, j->name, &c, AT_SYMLINK_NOFOLLOW) ||
		       a.st_ino != c.st_ino || a.st_dev != c.st_dev))
		r = -1, errno = EBUSY;
	if (r && errno != ENOLCK && errno != EBADF && errno != EINVAL) {
		e = errno;
		close(j->fd);
		j->fd = -1;
		errno = e;
		return SEAM_EIO;
	}
	return 0;
}

int sm_journal_begin(seam_tree *t, sm_journal *j, const sm_jop *ops, size_t n, sm_buf *why)
{
	sm_buf b = SM_BUF_INIT;
	const char *rel = t->lock_rel, *p;
	unsigned int up = 0;
	int dfd = sm_disk_lock_dir(t), e, r;
	size_t i;

	j->fd = -1;
	j->dirfd = -1;
	j->name[0] = '\0';
	/* In the plan lock's directory; where that is not writable (the top of a repository
	 * that is someone else's) in the root, where the run after looks too. */
	if (create_journal(dfd, j) && dfd != t->rootfd &&
	    (errno == EACCES || errno == EPERM || errno == EROFS)) {
		dfd = t->rootfd;
		rel = "";
		create_journal(dfd, j);
	}
	if (j->fd < 0) {
		e = errno;
		j->name[0] = '\0';
		return jfail(why, "cannot create the commit's journal beside", ops[0].path, e);
	}
	if (*rel)
		for (up = 1, p = rel; *p; p++)
			up += *p == '/';
	sm_buf_puts(&b, JOURNAL_MAGIC);
	for (i = 0; i < n; i++) {
		const sm_jop *o = &ops[i];
		sm_buf_printf(&b, "op %c %s %s %u %" PRIu64 " %016" PRIx64 " %" PRIu64 " %016" PRIx64 " ",
			      o->kind, *o->tmp ? o->tmp : "-", *o->bak ? o->bak : "-", o->keep + up,
			      o->old_size, o->old_hash, o->new_size, o->new_hash);
		put_rel(&b, rel, o->path);
		sm_buf_putc(&b, '\n');
	}
	sm_buf_printf(&b, "end %zu\n", n);
	if (sm_buf_failed(&b) || b.len > SM_JOURNAL_MAX_BYTES) {
		e = sm_buf_failed(&b) ? ENOMEM : EFBIG;
		sm_buf_dispose(&b);
		sm_journal_end(t, j);
		return jfail(why, "cannot write the commit's journal beside", ops[0].path, e);
	}
	r = write_full(j->fd, b.ptr, b.len, 1);
	sm_buf_dispose(&b);
	if (r || sm_fault_hit(SM_FAULT_FSYNC) || fsync(j->fd) || sm_fault_hit(SM_FAULT_FSYNC) ||
	    (fsync(dfd) && errno != EINVAL && errno != ENOTSUP && errno != EBADF)) {
		e = errno;
		sm_journal_end(t, j);
		return jfail(why, "cannot write the commit's journal beside", ops[0].path, e);
	}
	return 0;
}

int sm_journal_mark(sm_journal *j, const char *rec, int fault, sm_buf *why)
{
	char line[16];
	size_t n = strlen(rec);
	int r;

	if (j->fd < 0)
		return 0;
	if (n + 1 >= sizeof(line))
		return jfail(why, "cannot write the journal", j->name, EINVAL);
	memcpy(line, rec, n);
	line[n++] = '\n';
	if (lseek(j->fd, 0, SEEK_END) < 0)
		r = SEAM_EIO;
	else
		r = write_full(j->fd, line, n, fault);
	if (r || (fault && sm_fault_hit(SM_FAULT_FSYNC)) || fsync(j->fd))
		return jfail(why, "cannot write the journal", j->name, errno);
	return 0;
}

void sm_journal_end(seam_tree *t, sm_journal *j)
{
	int dfd = j->dirfd;

	(void)t;
	if (j->name[0] && dfd >= 0) {
		(void)unlinkat(dfd, j->name, 0);
		/* A journal that came back after a power cut would be recovered again: harmless
		 * when the files are as it says, but not after later changes. */
		(void)fsync(dfd);
	}
	if (j->fd >= 0)
		close(j->fd); /* drops its flock */
	j->fd = -1;
	j->name[0] = '\0';
}

/* ---- reading ---- */

struct rop {
	char kind;
	char tmp[SM_NAME_MAX + 1], bak[SM_NAME_MAX + 1];
	unsigned int keep;
	uint64_t old_size, old_hash, new_size, new_hash;
	char *path; /* relative to the journal's directory */
};

struct rjournal {
	struct rop *ops;
	size_t n;
	int install, undo;
};

static void rjournal_free(struct rjournal *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		sm_free(r->ops[i].path);
	sm_free(r->ops);
	memset(r, 0, sizeof(*r));
}

/* A name seam made beside a file: ".seam-" and no '/'. */
static int seam_name_ok(const char *s)
{
	return !strncmp(s, ".seam-", 6) && !strchr(s, '/') && strlen(s) <= SM_NAME_MAX;
}

static int parse_name(const char *tok, size_t m, char *out)
{
	if (m == 1 && tok[0] == '-') {
		out[0] = '\0';
		return 0;
	}
	if (m > SM_NAME_MAX)
		return SEAM_EPARSE;
	memcpy(out, tok, m);
	out[m] = '\0';
	return seam_name_ok(out) ? 0 : SEAM_EPARSE;
}

/* Next space-separated token of [*p, end). */
static int token(const char **p, const char *end, const char **tok, size_t *m)
{
	const char *s = *p;

	while (s < end && *s != ' ')
		s++;
	if (s == *p || s >= end)
		return SEAM_EPARSE;
	*tok = *p;
	*m = (size_t)(s - *p);
	*p = s + 1;
	return 0;
}

static int parse_u64(const char *tok, size_t m, int base, uint64_t *out)
{
	char tmp[24], *e;

	if (m == 0 || m >= sizeof(tmp))
		return SEAM_EPARSE;
	memcpy(tmp, tok, m);
	tmp[m] = '\0';
	errno = 0;
	*out = (uint64_t)strtoull(tmp, &e, base);
	return *e || errno || tmp[0] == '-' ? SEAM_EPARSE : 0;
}

static int parse_op(const char *line, size_t len, struct rop *o)
{
	const char *p = line + 3, *end = line + len, *tok;
	size_t m;
	uint64_t keep;

	memset(o, 0, sizeof(*o));
	if (token(&p, end, &tok, &m) || m != 1 || !strchr("NRD", tok[0]))
		return SEAM_EPARSE;
	o->kind = tok[0];
	if (token(&p, end, &tok, &m) || parse_name(tok, m, o->tmp) ||
	    token(&p, end, &tok, &m) || parse_name(tok, m, o->bak) ||
	    token(&p, end, &tok, &m) || parse_u64(tok, m, 10, &keep) || keep > SM_PATH_MAX ||
	    token(&p, end, &tok, &m) || parse_u64(tok, m, 10, &o->old_size) ||
	    token(&p, end, &tok, &m) || parse_u64(tok, m, 16, &o->old_hash) ||
	    token(&p, end, &tok, &m) || parse_u64(tok, m, 10, &o->new_size) ||
	    token(&p, end, &tok, &m) || parse_u64(tok, m, 16, &o->new_hash))
		return SEAM_EPARSE;
	o->keep = (unsigned int)keep;
	if ((o->kind != 'D' && !o->tmp[0]) || (o->kind != 'N' && !o->bak[0]) || p >= end ||
	    (size_t)(end - p) > SM_PATH_MAX)
		return SEAM_EPARSE;
	o->path = sm_malloc((size_t)(end - p) + 1);
	if (!o->path)
		return SEAM_ENOMEM;
	memcpy(o->path, p, (size_t)(end - p));
	o->path[end - p] = '\0';
	if (!sm_tree_path_is_clean(o->path) || strlen(o->path) != (size_t)(end - p)) {
		sm_free(o->path);
		o->path = NULL;
		return SEAM_EPARSE;
	}
	return 0;
}

/* -1: not a journal of ours (or torn before its end: nothing was created yet). */
static int parse_journal(const char *d, size_t len, struct rjournal *r)
{
	const char *p = d, *end = d + len;
	size_t cap = 0, want;
	int ended = 0;

	memset(r, 0, sizeof(*r));
	if (len < sizeof(JOURNAL_MAGIC) - 1 || memcmp(d, JOURNAL_MAGIC, sizeof(JOURNAL_MAGIC) - 1))
		return SEAM_EPARSE;
	p += sizeof(JOURNAL_MAGIC) - 1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t m;
		if (!nl)
			break; /* a torn last record counts as not written */
		m = (size_t)(nl - p);
		if (!ended && m > 3 && !memcmp(p, "op ", 3)) {
			if (r->n == cap) {
				size_t nc = cap ? cap * 2 : 16;
				struct rop *no = sm_realloc(r->ops, nc * sizeof(*no));
				if (!no)
					goto bad;
				r->ops = no;
				cap = nc;
			}
			if (parse_op(p, m, &r->ops[r->n]))
				goto bad;
			r->n++;
		} else if (!ended && m > 4 && !memcmp(p, "end ", 4)) {
			uint64_t v;
			if (parse_u64(p + 4, m - 4, 10, &v))
				goto bad;
			want = (size_t)v;
			if (want != r->n)
				goto bad;
			ended = 1;
		} else if (ended && m == 7 && !memcmp(p, "install", 7)) {
			r->install = 1;
		} else if (ended && m == 4 && !memcmp(p, "undo", 4)) {
			r->undo = 1;
		} else {
			goto bad;
		}
		p = nl + 1;
	}
	if (ended)
		return 0;
bad:
	rjournal_free(r);
	return SEAM_EPARSE;
}

/* ---- recovery ---- */

/* The directory holding path (relative to start), never through a symlink; an fd of its own. */
static int walk_parent(int start, const char *path, const char **base)
{
	char name[SM_NAME_MAX + 1];
	const char *p = path, *slash;
	int fd = openat(start, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), nfd;

	while (fd >= 0 && (slash = strchr(p, '/')) != NULL) {
		size_t m = (size_t)(slash - p);
		if (m > SM_NAME_MAX) {
			close(fd);
			errno = ENAMETOOLONG;
			return SEAM_EIO;
		}
		memcpy(name, p, m);
		name[m] = '\0';
		nfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = nfd;
		p = slash + 1;
	}
	*base = p;
	return fd;
}

/* What is at name: 0 absent, 1 a regular file with the content (size, hash), 2 something else. */
static int holds(int dfd, const char *name, uint64_t size, uint64_t hash)
{
	struct stat st;
	char *data;
	size_t len;
	int fd, r;

	if (!*name || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return 0;
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size != size)
		return 2;
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return 2;
	r = sm_disk_slurp(fd, (size_t)size, (size_t)size, &data, &len);
	close(fd);
	if (r)
		return 2;
	r = len == size && sm_tree_hash(data, len) == hash ? 1 : 2;
	sm_free(data);
	return r;
}

/* Where the wanted content of one file is: "" for the target itself, a .seam name, or NULL. */
static const char *source_of(int dfd, const char *base, const struct rop *o, int fwd)
{
	uint64_t size = fwd ? o->new_size : o->old_size, hash = fwd ? o->new_hash : o->old_hash;

	if (holds(dfd, base, size, hash) == 1)
		return "";
	if (holds(dfd, o->tmp, size, hash) == 1)
		return o->tmp;
	if (holds(dfd, o->bak, size, hash) == 1)
		return o->bak;
	return NULL;
}

/* 1 when the file can be brought to its new (fwd) or old state. */
static int possible(int ldfd, const struct rop *o, int fwd)
{
	const char *base;
	int dfd = walk_parent(ldfd, o->path, &base), ok;

	if (dfd < 0) /* its directory is gone: a new file never made, or nothing to restore */
		return o->kind == 'N' || (fwd && o->kind == 'D');
	if (o->kind == 'D' && fwd)
		ok = 1;
	else if (o->kind == 'N' && !fwd)
		ok = 1;
	else if (o->kind == 'N' && holds(dfd, base, o->new_size, o->new_hash) == 2)
		ok = 0; /* someone else's file is there */
	else
		ok = source_of(dfd, base, o, fwd) != NULL;
	close(dfd);
	return ok;
}

static void drop_dirs(int ldfd, const struct rop *o)
{
	char p[SM_PATH_MAX + 1];
	unsigned int depth = 0;
	size_t i, n = strlen(o->path);

	memcpy(p, o->path, n + 1);
	for (i = 0; i < n; i++)
		depth += p[i] == '/';
	/* the deepest directory first; only empty ones go, as rmdir does */
	while (depth > o->keep) {
		char *s = strrchr(p, '/');
		if (!s)
			break;
		*s = '\0';
		/* missing: the commit died before making it, the parent may be there */
		if (unlinkat(ldfd, p, AT_REMOVEDIR) && errno != ENOENT)
			break;
		depth--;
	}
}

/* Brings one file to its new (fwd) or old state, then removes its .seam names. */
static int settle(int ldfd, const struct rop *o, int fwd)
{
	const char *base, *src;
	int dfd = walk_parent(ldfd, o->path, &base), r = 0;

	if (dfd < 0) {
		if (!fwd && o->kind == 'N')
			drop_dirs(ldfd, o); /* killed while making them */
		return 0;
	}
	if (fwd && o->kind == 'D') {
		if (holds(dfd, base, o->old_size, o->old_hash) == 1)
			r |= unlinkat(dfd, base, 0);
	} else if (!fwd && o->kind == 'N') {
		if (holds(dfd, base, o->new_size, o->new_hash) == 1)
			r |= unlinkat(dfd, base, 0);
	} else {
		src = source_of(dfd, base, o, fwd);
		if (!src)
			r = -1;
		else if (*src)
			r |= renameat(dfd, src, dfd, base);
	}
	if (o->tmp[0] && unlinkat(dfd, o->tmp, 0) && errno != ENOENT)
		r = -1;
	if (o->bak[0] && unlinkat(dfd, o->bak, 0) && errno != ENOENT)
		r = -1;
	(void)fsync(dfd);
	close(dfd);
	if (!fwd && o->kind == 'N')
		drop_dirs(ldfd, o);
	return r;
}

/* Recovers the journal at name (not held by anyone). 1 forward, 0 back, a negative SEAM_E* code
 * when impossible. */
static int recover_one(int ldfd, const char *name, int jfd, sm_buf *why)
{
	struct rjournal r;
	char *data;
	size_t len, i;
	int fwd, rc, ok;

	rc = sm_disk_slurp(jfd, SM_JOURNAL_MAX_BYTES, 4096, &data, &len);
	if (rc)
		return rc;
	if (parse_journal(data, len, &r)) {
		/* Torn before its end: its commit had not created anything yet. Anything else
		 * that is not a journal of ours is left alone. */
		int torn = len < sizeof(JOURNAL_MAGIC) - 1
				   ? !memcmp(data, JOURNAL_MAGIC, len)
				   : !memcmp(data, JOURNAL_MAGIC, sizeof(JOURNAL_MAGIC) - 1) &&
					     !memmem(data, len, "\nend ", 5);
		sm_free(data);
		if (torn) {
			(void)unlinkat(ldfd, name, 0);
			return 0;
		}
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "'");
			sm_buf_put_quoted(why, name, strlen(name), 200);
			sm_buf_puts(why, "' is not a journal seam can read; remove it if no seam "
					 "commit was interrupted there");
		}
		return SEAM_EIO;
	}
	sm_free(data);
	fwd = r.install && !r.undo;
	for (ok = 1, i = 0; ok && i < r.n; i++)
		ok = possible(ldfd, &r.ops[i], fwd);
	if (!ok) {
		fwd = !fwd;
		for (ok = 1, i = 0; ok && i < r.n; i++)
			ok = possible(ldfd, &r.ops[i], fwd);
	}
	if (!ok) {
		if (why) {
			sm_buf_clear(why);
			sm_buf_puts(why, "an interrupted commit (journal '");
			sm_buf_put_quoted(why, name, strlen(name), 200);
			sm_buf_puts(why, "') can be neither finished nor undone: files it needs are "
					 "gone; check the files it names, then remove it");
		}
		rjournal_free(&r);
		return SEAM_EIO;
	}
	rc = 0;
	for (i = 0; i < r.n; i++)
		rc |= settle(ldfd, &r.ops[i], fwd);
	rjournal_free(&r);
	if (rc) {
		if (why) {
			char et[SM_ERRNO_TEXT_MAX];

			sm_buf_clear(why);
			sm_buf_puts(why, "cannot finish recovering an interrupted commit (journal '");
			sm_buf_put_quoted(why, name, strlen(name), 200);
			sm_buf_printf(why, "'): %s", sm_errno_text(errno, et, sizeof(et)));
		}
		return SEAM_EIO;
	}
	(void)unlinkat(ldfd, name, 0);
	(void)fsync(ldfd);
	return fwd;
}

/* The names of the journals in the plan lock's directory. */
static int list_journals(int ldfd, sm_buf *names, size_t *n)
{
	int fd = openat(ldfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d;
	struct dirent *e;

	*n = 0;
	if (fd < 0)
		return SEAM_EIO;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return SEAM_EIO;
	}
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, SM_JOURNAL_PREFIX, sizeof(SM_JOURNAL_PREFIX) - 1))
			continue;
		sm_buf_puts(names, e->d_name);
		sm_buf_putc(names, '\0');
		++*n;
	}
	closedir(d);
	return sm_buf_failed(names) ? SEAM_ENOMEM : 0;
}

/* Recovers the dead journals of directory ldfd (listed in names). */
static int recover_dir(seam_tree *t, int ldfd, const sm_buf *names, sm_buf *why)
{
	size_t off;
	int rc = 0;

	for (off = 0; off < names->len && !rc; off += strlen(names->ptr + off) + 1) {
		const char *name = names->ptr + off;
		struct stat a, b;
		int jfd = openat(ldfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), r;
		if (jfd < 0)
			continue; /* gone: its commit ended */
		/* Held: its commit is running (in a process that does not share our plan lock).
		 * Gone or replaced once held: someone else recovered it. */
		if (flock(jfd, LOCK_EX | LOCK_NB) || fstat(jfd, &a) ||
		    fstatat(ldfd, name, &b, AT_SYMLINK_NOFOLLOW) || a.st_ino != b.st_ino ||
		    a.st_dev != b.st_dev || !S_ISREG(a.st_mode)) {
			close(jfd);
			continue;
		}
		r = recover_one(ldfd, name, jfd, why);
		close(jfd);
		if (r < 0)
			rc = SEAM_EIO;
		else if (r)
			t->recovered_fwd++;
		else
			t->recovered_back++;
	}
	return rc;
}

int sm_journal_recover(seam_tree *t, sm_buf *why)
{
	sm_buf names = SM_BUF_INIT, rnames = SM_BUF_INIT;
	size_t n = 0, rn = 0;
	int ldfd = sm_disk_lock_dir(t), rc = 0;

	/* The plan lock's directory, and the root (where a journal goes when the other is not
	 * writable). An unreadable directory is reported by what needs it. */
	if (list_journals(ldfd, &names, &n))
		n = 0;
	if (ldfd != t->rootfd && list_journals(t->rootfd, &rnames, &rn))
		rn = 0;
	if (n + rn > 0 && (rc = sm_disk_lock(t, why)) == 0) {
		if (n)
			rc = recover_dir(t, ldfd, &names, why);
		if (!rc && rn)
			rc = recover_dir(t, t->rootfd, &rnames, why);
		sm_disk_unlock(t);
	}
	sm_buf_dispose(&names);
	sm_buf_dispose(&rnames);
	return rc;
}
