#define _GNU_SOURCE
#include "test.h"
#include "lib/tree/tree.h"
#include "lib/tree/tree_impl.h"
#include "util/alloc.h"
#include "util/fault.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- helpers ---- */

static void put_file(const char *root, const char *rel, const char *data, unsigned mode)
{
	char p[PATH_MAX], *s;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	sm_test_write_file(p, data, strlen(data));
	chmod(p, mode);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Appends a listing of dir (relative name rel) to out: every entry sorted, with type, mode and
 * content, so that two snapshots are equal exactly when the trees are. Counts .seam-* names.
 */
static void snap(const char *dir, const char *rel, sm_buf *out, int *stray)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *names[256];
	size_t n = 0, i;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL && n < 256)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_name);
	for (i = 0; i < n; i++) {
		char p[PATH_MAX], r[PATH_MAX];
		struct stat st;

		snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
		snprintf(r, sizeof(r), "%s%s%s", rel, *rel ? "/" : "", names[i]);
		if (!strncmp(names[i], ".seam-", 6))
			(*stray)++;
		if (lstat(p, &st) == 0) {
			sm_buf_printf(out, "%s %o\n", r, (unsigned)st.st_mode);
			if (S_ISDIR(st.st_mode)) {
				snap(p, r, out, stray);
			} else if (S_ISREG(st.st_mode)) {
				size_t len;
				char *data = sm_test_read_file(p, &len);
				sm_buf_put(out, data, len);
				sm_buf_putc(out, '\n');
				free(data);
			}
		}
		free(names[i]);
	}
}

static char *snapshot(const char *root, int *stray)
{
	sm_buf b = SM_BUF_INIT;

	*stray = 0;
	sm_buf_puts(&b, "");
	snap(root, "", &b, stray);
	return sm_buf_detach(&b, NULL);
}

static mode_t current_umask(void)
{
	mode_t m = umask(022);
	umask(m);
	return m;
}

static unsigned mode_of(const char *root, const char *rel)
{
	char p[PATH_MAX];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	if (stat(p, &st))
		return 0;
	return (unsigned)(st.st_mode & 07777);
}

struct fx {
	seam_session *s;
	seam_tree *t;
	char root[1024];
	sm_write w[3];
	sm_buf why;
};

/*
 * The three-file commit of the brief: update bin/run.sh (0755), create new/dir/file.c in a
 * directory that does not exist, delete docs/old.txt.
 */
static int fx_setup(struct fx *f, const char *name)
{
	char *data;
	size_t len;
	sm_filestat st;

	memset(f, 0, sizeof(*f));
	snprintf(f->root, sizeof(f->root), "%s/%s", sm_test_tmpdir(), name);
	mkdir(f->root, 0777);
	put_file(f->root, "bin/run.sh", "#!/bin/sh\necho old\n", 0755);
	put_file(f->root, "docs/old.txt", "obsolete\n", 0644);
	put_file(f->root, "keep.txt", "untouched\n", 0600);
	if (seam_session_new(&f->s, NULL) || seam_tree_open_dir(&f->t, f->s, f->root))
		return -1;
	f->w[0].path = "bin/run.sh";
	f->w[0].data = "#!/bin/sh\necho new\necho more\n";
	f->w[0].len = strlen(f->w[0].data);
	if (sm_tree_read(f->t, "bin/run.sh", 1000, &data, &len, &st, NULL))
		return -1;
	sm_free(data);
	f->w[0].before = st;
	f->w[1].path = "new/dir/file.c";
	f->w[1].data = "int main(void) { return 0; }\n";
	f->w[1].len = strlen(f->w[1].data);
	f->w[2].path = "docs/old.txt";
	f->w[2].del = 1;
	if (sm_tree_read(f->t, "docs/old.txt", 1000, &data, &len, &st, NULL))
		return -1;
	sm_free(data);
	f->w[2].before = st;
	return 0;
}

static void fx_close(struct fx *f)
{
	seam_tree_free(f->t);
	seam_session_free(f->s);
	sm_buf_dispose(&f->why);
}

/* The tree as the three-file commit leaves it. */
static int fx_applied(struct fx *f)
{
	char p[PATH_MAX];
	size_t len;
	char *d;
	int ok;

	snprintf(p, sizeof(p), "%s/bin/run.sh", f->root);
	d = sm_test_read_file(p, &len);
	ok = d && len == f->w[0].len && !memcmp(d, f->w[0].data, len);
	free(d);
	snprintf(p, sizeof(p), "%s/new/dir/file.c", f->root);
	d = sm_test_read_file(p, &len);
	ok = ok && d && len == f->w[1].len && !memcmp(d, f->w[1].data, len);
	free(d);
	snprintf(p, sizeof(p), "%s/docs/old.txt", f->root);
	ok = ok && access(p, F_OK) != 0;
	ok = ok && mode_of(f->root, "bin/run.sh") == 0755;
	ok = ok && mode_of(f->root, "new/dir/file.c") == (0666 & ~current_umask());
	return ok;
}

/* ---- tests ---- */

TEST(tree_commit, three_files)
{
	struct fx f;
	char *s;
	int stray;

	CHECK(!fx_setup(&f, "t"));
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	CHECK(fx_applied(&f));
	CHECK_INT(mode_of(f.root, "keep.txt"), 0600);
	s = snapshot(f.root, &stray);
	CHECK_INT(stray, 0);
	CHECK(strstr(s, "docs ") != NULL); /* the emptied directory stays */
	sm_free(s);
	fx_close(&f);
}

TEST(tree_commit, new_file_mode)
{
	struct fx f;

	CHECK(!fx_setup(&f, "t"));
	f.w[1].mode = 0755;
	CHECK_INT(sm_tree_commit(f.t, &f.w[1], 1, &f.why), 0);
	CHECK_INT(mode_of(f.root, "new/dir/file.c"), 0755 & ~current_umask());
	f.w[1].path = "setuid";
	f.w[1].mode = 04755; /* never from a reply */
	CHECK_INT(sm_tree_commit(f.t, &f.w[1], 1, &f.why), 0);
	CHECK_INT(mode_of(f.root, "setuid"), 0755 & ~current_umask());
	fx_close(&f);
}

/* Fails the n-th I/O call (of `kind`, or of any kind when kind < 0) of the commit, for every
 * n until the commit gets through; each failure must leave the tree exactly as it was. */
static void fault_loop(int kind, int err)
{
	unsigned long n;
	int done = 0;

	for (n = 1; n < 500 && !done; n++) {
		struct fx f;
		char name[64], *before, *after;
		int rc, stray, pending;

		snprintf(name, sizeof(name), "k%d-e%d-n%lu", kind, err, n);
		CHECK(!fx_setup(&f, name));
		before = snapshot(f.root, &stray);
		CHECK_INT(stray, 0);
		sm_fault_reset();
		if (err)
			sm_fault_set_errno(err);
		if (kind < 0)
			sm_fault_arm_any(n);
		else
			sm_fault_arm((enum sm_fault)kind, n);
		rc = sm_tree_commit(f.t, f.w, 3, &f.why);
		pending = sm_fault_pending();
		sm_fault_reset();
		after = snapshot(f.root, &stray);
		if (stray) {
			sm_test_fail(__FILE__, __LINE__, "n=%lu: .seam-* left behind:\n%s", n, after);
			return;
		}
		if (pending) {
			/* n is past the last call: the commit went through */
			CHECK_INT(rc, 0);
			CHECK(fx_applied(&f));
			done = 1;
		} else if (rc == 0) {
			/* a link refused with EPERM falls back to renaming aside */
			CHECK(err != 0);
			CHECK(fx_applied(&f));
		} else {
			if (rc != SEAM_EIO || strcmp(before, after)) {
				sm_test_fail(__FILE__, __LINE__,
					     "kind %d n=%lu: rc %d (%s)\n--- before\n%s--- after\n%s",
					     kind, n, rc, f.why.ptr ? f.why.ptr : "", before, after);
				return;
			}
			CHECK(f.why.len > 0 && strchr(f.why.ptr, '\''));
		}
		sm_free(before);
		sm_free(after);
		fx_close(&f);
	}
	CHECK(done);
}

TEST(tree_commit, fault_every_call)
{
	fault_loop(-1, 0);
}

TEST(tree_commit, fault_every_call_by_kind)
{
	int k;

	for (k = 0; k < SM_FAULT_N; k++)
		fault_loop(k, 0);
}

TEST(tree_commit, fault_without_hard_links)
{
	/* every injected failure is EPERM: the link fails as on a filesystem without hard
	 * links, and the backup falls back to renaming the target aside (the path of systems
	 * without RENAME_EXCHANGE, which Linux would otherwise take) */
	sm_commit_no_exchange = 1;
	fault_loop(SM_FAULT_LINK, EPERM);
	fault_loop(-1, EPERM);
	sm_commit_no_exchange = 0;
}

TEST(tree_commit, fault_every_call_without_exchange)
{
	int k;

	sm_commit_no_exchange = 1;
	fault_loop(-1, 0);
	for (k = 0; k < SM_FAULT_N; k++)
		fault_loop(k, 0);
	sm_commit_no_exchange = 0;
}

/* ---- killed in the middle ---- */

struct killer {
	int kind;
	unsigned long n, seen;
	int sig;
};

static void kill_hook(enum sm_fault k, void *arg)
{
	struct killer *x = arg;

	if ((int)k == x->kind && ++x->seen == x->n)
		raise(x->sig);
}

enum { K_OLD, K_NEW, K_MIXED, K_LEFT, K_END, K_NOPE };

/*
 * Runs the three-file commit in a child that gets signal sig at the n-th I/O call of kind
 * (before the call is made), with the portable install (mode 1: hard-link backups; 2: links
 * impossible, renamed aside) or RENAME_EXCHANGE (0); then opens the tree again, which
 * recovers it, and says how it ended. K_END when the commit makes fewer than n such calls.
 */
static int kill_at(int mode, int kind, int sig, unsigned long n, const char *old_snap,
		   const char *new_snap)
{
	char name[64], *now;
	struct fx f;
	seam_session *s;
	seam_tree *t;
	int status, stray, out;
	pid_t pid;

	snprintf(name, sizeof(name), "kill-%d-%d-%d-%lu", mode, kind, sig, n);
	if (fx_setup(&f, name))
		return K_NOPE;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		struct killer x = {kind, n, 0, sig};
		int rc;
		sm_commit_no_exchange = mode != 0;
		if (mode == 2) {
			sm_fault_set_errno(EMLINK); /* the file is at its link limit */
			sm_fault_arm(SM_FAULT_LINK, 1);
		}
		sm_fault_set_hook(kill_hook, &x);
		rc = sm_tree_commit(f.t, f.w, 3, &f.why);
		_exit(rc ? 4 : x.seen < n ? 3 : 0);
	}
	fx_close(&f);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return K_NOPE;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
		out = K_END;
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		return K_NOPE;
	else
		out = -1;
	if (seam_session_new(&s, NULL) || seam_tree_open_dir(&t, s, f.root))
		return K_NOPE;
	seam_tree_free(t);
	seam_session_free(s);
	now = snapshot(f.root, &stray);
	if (out < 0)
		out = stray ? K_LEFT : !strcmp(now, old_snap) ? K_OLD : !strcmp(now, new_snap) ? K_NEW : K_MIXED;
	if (out == K_MIXED || out == K_LEFT)
		fprintf(stderr, "--- kill mode %d kind %d sig %d n %lu:\n%s", mode, kind, sig, n, now);
	sm_free(now);
	return out;
}

TEST(tree_commit, killed_at_every_call)
{
	static const char *const mode_name[] = {"exchange", "hard-link backup", "renamed aside"};
	static const char *const kind_name[] = {"open", "read", "write", "fsync", "rename",
						"link", "close", "mkdir"};
	char *old_snap, *new_snap;
	struct fx f;
	int mode, kind, sig, stray, bad = 0;

	CHECK(SM_FAULT_N == 8);
	CHECK(!fx_setup(&f, "kill-old"));
	old_snap = snapshot(f.root, &stray);
	fx_close(&f);
	CHECK(!fx_setup(&f, "kill-new"));
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	new_snap = snapshot(f.root, &stray);
	fx_close(&f);
	/* RENAME_EXCHANGE, Linux's path, is killed at every system call of the real binary by
	 * tests/cli/kill-commit.sh (strace); here the portable paths, which only a test reaches
	 * on Linux. */
	for (mode = 1; mode < 3; mode++)
		for (kind = 0; kind < SM_FAULT_N; kind++)
			for (sig = 0; sig < 2; sig++) {
				int count[K_NOPE + 1] = {0}, r = K_OLD;
				unsigned long n;
				for (n = 1; n < 200 && r != K_END; n++) {
					r = kill_at(mode, kind, sig ? SIGKILL : SIGTERM, n, old_snap,
						    new_snap);
					count[r]++;
				}
				if (getenv("SEAM_KILL_TABLE"))
					printf("%-16s %-6s %-4s %3d points: %2d all-old %2d all-new "
					       "%d mixed %d leftover %d failed\n",
					       mode_name[mode], kind_name[kind], sig ? "KILL" : "TERM",
					       count[K_OLD] + count[K_NEW] + count[K_MIXED] + count[K_LEFT],
					       count[K_OLD], count[K_NEW], count[K_MIXED], count[K_LEFT],
					       count[K_NOPE]);
				bad += count[K_MIXED] + count[K_LEFT] + count[K_NOPE];
			}
	sm_free(old_snap);
	sm_free(new_snap);
	CHECK_INT(bad, 0);
}

TEST(tree_commit, out_of_memory)
{
	long k;
	int rc = -1;

	for (k = 0; k < 300 && rc; k++) {
		struct fx f;
		char name[64], *before, *after;
		int stray;

		snprintf(name, sizeof(name), "m%ld", k);
		CHECK(!fx_setup(&f, name));
		before = snapshot(f.root, &stray);
		sm_alloc_fail_after(k);
		rc = sm_tree_commit(f.t, f.w, 3, &f.why);
		sm_alloc_fail_after(-1);
		after = snapshot(f.root, &stray);
		CHECK_INT(stray, 0);
		if (rc) {
			CHECK_INT(rc, SEAM_ENOMEM);
			CHECK_STR(after, before);
		} else {
			CHECK(fx_applied(&f));
		}
		sm_free(before);
		sm_free(after);
		fx_close(&f);
	}
	CHECK_INT(rc, 0);
}

TEST(tree_commit, changed_between_read_and_commit)
{
	struct fx f;
	char p[PATH_MAX], *before, *after;
	int stray;

	/* same size, other content */
	CHECK(!fx_setup(&f, "a"));
	put_file(f.root, "bin/run.sh", "#!/bin/sh\necho OLD\n", 0755);
	before = snapshot(f.root, &stray);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), SEAM_ECHANGED);
	CHECK(strstr(f.why.ptr, "bin/run.sh") != NULL);
	after = snapshot(f.root, &stray);
	CHECK_STR(after, before);
	CHECK_INT(stray, 0);
	sm_free(before);
	sm_free(after);
	fx_close(&f);

	/* the new file appeared */
	CHECK(!fx_setup(&f, "b"));
	put_file(f.root, "new/dir/file.c", "mine\n", 0644);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), SEAM_ECHANGED);
	snprintf(p, sizeof(p), "%s/new/dir/file.c", f.root);
	before = sm_test_read_file(p, NULL);
	CHECK_STR(before, "mine\n");
	free(before);
	fx_close(&f);

	/* the file to delete is gone already: nothing to do for it */
	CHECK(!fx_setup(&f, "c"));
	snprintf(p, sizeof(p), "%s/docs/old.txt", f.root);
	CHECK(unlink(p) == 0);
	f.w[2].before.exists = 0;
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	CHECK(fx_applied(&f));
	fx_close(&f);

	/* the file to update was removed */
	CHECK(!fx_setup(&f, "d"));
	snprintf(p, sizeof(p), "%s/bin/run.sh", f.root);
	CHECK(unlink(p) == 0);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), SEAM_ECHANGED);
	CHECK(access(p, F_OK) != 0);
	fx_close(&f);

	/* a mode change alone is no change of content: the new mode is kept */
	CHECK(!fx_setup(&f, "e"));
	snprintf(p, sizeof(p), "%s/bin/run.sh", f.root);
	CHECK(chmod(p, 0700) == 0);
	CHECK_INT(sm_tree_commit(f.t, f.w, 1, &f.why), 0);
	CHECK_INT(mode_of(f.root, "bin/run.sh"), 0700);
	fx_close(&f);
}

/* Read again after its ctime settled (tree_disk.c): the commit may trust size, times and inode
 * without reading the file again, and a write since the read must still be seen, even one that
 * puts the size and the mtime back (it moves the ctime). */
static void reread_settled(struct fx *f)
{
	char *data;
	size_t len;

	usleep(30000); /* past the coarse clock's step: not a timing, a precondition */
	CHECK(!sm_tree_read(f->t, "bin/run.sh", 1000, &data, &len, &f->w[0].before, NULL));
	sm_free(data);
}

TEST(tree_commit, settled_read_still_sees_changes)
{
	struct fx f;
	char p[PATH_MAX];
	struct timespec ts[2];
	int64_t m;

	/* nothing changed: committed, with or without a second read */
	CHECK(!fx_setup(&f, "settled_a"));
	reread_settled(&f);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	CHECK(fx_applied(&f));
	fx_close(&f);

	/* same size, other content, the mtime put back */
	CHECK(!fx_setup(&f, "settled_b"));
	reread_settled(&f);
	m = f.w[0].before.mtime_ns;
	put_file(f.root, "bin/run.sh", "#!/bin/sh\necho OLD\n", 0755);
	snprintf(p, sizeof(p), "%s/bin/run.sh", f.root);
	ts[0].tv_sec = ts[1].tv_sec = (time_t)(m / 1000000000);
	ts[0].tv_nsec = ts[1].tv_nsec = (long)(m % 1000000000);
	CHECK(utimensat(AT_FDCWD, p, ts, 0) == 0);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), SEAM_ECHANGED);
	CHECK(strstr(f.why.ptr, "bin/run.sh") != NULL);
	fx_close(&f);
}

TEST(tree_commit, directory_swapped_for_link)
{
	struct fx f;
	char p[PATH_MAX], q[1024], *d;

	/* bin/ is replaced, after the plan, by a link to a directory outside holding a file of
	 * the same name and content: the commit must not follow it */
	CHECK(!fx_setup(&f, "t"));
	snprintf(q, sizeof(q), "%s/elsewhere", sm_test_tmpdir());
	mkdir(q, 0777);
	put_file(q, "run.sh", "#!/bin/sh\necho old\n", 0755);
	snprintf(p, sizeof(p), "%s/bin/run.sh", f.root);
	unlink(p);
	snprintf(p, sizeof(p), "%s/bin", f.root);
	CHECK(rmdir(p) == 0);
	CHECK(symlink(q, p) == 0);
	CHECK(sm_tree_commit(f.t, f.w, 1, &f.why) != 0);
	snprintf(p, sizeof(p), "%s/run.sh", q);
	d = sm_test_read_file(p, NULL);
	CHECK_STR(d, "#!/bin/sh\necho old\n");
	free(d);
	fx_close(&f);
}

TEST(tree_commit, invalid_writes)
{
	struct fx f;
	sm_write w[2];

	CHECK(!fx_setup(&f, "t"));
	memset(w, 0, sizeof(w));
	w[0].path = "../escape";
	w[0].data = "x";
	w[0].len = 1;
	CHECK_INT(sm_tree_commit(f.t, w, 1, &f.why), SEAM_EUSAGE);
	w[0].path = ".git/hooks/pre-commit";
	CHECK_INT(sm_tree_commit(f.t, w, 1, &f.why), SEAM_EUSAGE);
	w[0].path = "a/./b";
	CHECK_INT(sm_tree_commit(f.t, w, 1, &f.why), SEAM_EUSAGE);
	w[0].path = "dup";
	w[1] = w[0];
	CHECK_INT(sm_tree_commit(f.t, w, 2, &f.why), SEAM_EUSAGE);
	CHECK(strstr(f.why.ptr, "dup") != NULL);
	CHECK_INT(sm_tree_commit(f.t, w, 0, &f.why), 0);
	fx_close(&f);
}

TEST(tree_commit, waits_for_another_process)
{
	struct fx f;
	int go[2], ready[2];
	pid_t pid;
	char c = 0;

	CHECK(!fx_setup(&f, "t"));
	CHECK(pipe(go) == 0 && pipe(ready) == 0);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		/* another process holding the same tree's lock, as seam_tree_lock takes it */
		seam_session *s2;
		seam_tree *t2;
		if (seam_session_new(&s2, NULL) || seam_tree_open_dir(&t2, s2, f.root) ||
		    seam_tree_lock(t2))
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		if (read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	CHECK(read(ready[0], &c, 1) == 1);
	f.s->opts.lock_wait_ms = 100;
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), SEAM_EBUSY);
	CHECK(strstr(f.why.ptr, "another seam process") != NULL);
	CHECK(write(go[1], "g", 1) == 1);
	waitpid(pid, NULL, 0);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	CHECK(fx_applied(&f));
	close(go[0]);
	close(go[1]);
	close(ready[0]);
	close(ready[1]);
	fx_close(&f);
}

TEST(tree_commit, hard_link_kept_apart)
{
	struct fx f;
	char p[PATH_MAX], q[PATH_MAX], *d;

	/* a hard link to the target (which may live outside the root) keeps the old content:
	 * the target is replaced by rename, never written in place */
	CHECK(!fx_setup(&f, "t"));
	snprintf(p, sizeof(p), "%s/bin/run.sh", f.root);
	snprintf(q, sizeof(q), "%s/outside-link", sm_test_tmpdir());
	CHECK(link(p, q) == 0);
	CHECK_INT(sm_tree_commit(f.t, f.w, 3, &f.why), 0);
	d = sm_test_read_file(q, NULL);
	CHECK_STR(d, "#!/bin/sh\necho old\n");
	free(d);
	CHECK(fx_applied(&f));
	fx_close(&f);
}

TEST(tree_commit, failure_removes_created_directories)
{
	struct fx f;
	sm_write w[2];
	char *before, *after;
	int stray;

	CHECK(!fx_setup(&f, "t"));
	memset(w, 0, sizeof(w));
	w[0].path = "x/y/a.c";
	w[0].data = "a";
	w[0].len = 1;
	w[1].path = "x/z/b.c";
	w[1].data = "b";
	w[1].len = 1;
	before = snapshot(f.root, &stray);
	sm_fault_reset();
	sm_fault_arm(SM_FAULT_RENAME, 2); /* the second file's rename: the first is in place */
	CHECK_INT(sm_tree_commit(f.t, w, 2, &f.why), SEAM_EIO);
	sm_fault_reset();
	CHECK(strstr(f.why.ptr, "'x/z/b.c'") != NULL);
	CHECK(strstr(f.why.ptr, "Input/output error") != NULL);
	after = snapshot(f.root, &stray);
	CHECK_STR(after, before);
	CHECK_INT(stray, 0);
	sm_free(before);
	sm_free(after);
	CHECK_INT(sm_tree_commit(f.t, w, 2, &f.why), 0);
	CHECK(sm_tree_exists(f.t, "x/y/a.c") && sm_tree_exists(f.t, "x/z/b.c"));
	fx_close(&f);
}

TEST(tree_commit, many_files)
{
	struct fx f;
	sm_write w[200];
	char names[200][32], *s;
	int i, stray;

	CHECK(!fx_setup(&f, "t"));
	memset(w, 0, sizeof(w));
	for (i = 0; i < 200; i++) {
		snprintf(names[i], sizeof(names[i]), "d%d/f%d.txt", i % 7, i);
		w[i].path = names[i];
		w[i].data = names[i];
		w[i].len = strlen(names[i]);
	}
	CHECK_INT(sm_tree_commit(f.t, w, 200, &f.why), 0);
	for (i = 0; i < 200; i++)
		CHECK(sm_tree_exists(f.t, names[i]));
	s = snapshot(f.root, &stray);
	CHECK_INT(stray, 0);
	sm_free(s);
	fx_close(&f);
}

/*
 * Where the repository's top directory is not writable (someone else's checkout), the journal
 * goes in the root instead, and the next run finds it there: the journal's open is failed
 * with EACCES (the other opens failing so are plain failures), then the commit is killed at
 * its first rename and the tree opened again.
 */
TEST(tree_commit, journal_in_the_root_when_the_top_is_not_writable)
{
	unsigned long k;
	int fell_back = 0;

	for (k = 1; k < 100 && !fell_back; k++) {
		char top[PATH_MAX - 64], root[PATH_MAX], p[PATH_MAX + 16];
		seam_session *s;
		seam_tree *t;
		sm_write w;
		sm_buf why = SM_BUF_INIT;
		char *data;
		size_t len;
		int rc, status;
		pid_t pid;

		snprintf(top, sizeof(top), "%s/ro%lu", sm_test_tmpdir(), k);
		snprintf(root, sizeof(root), "%s/sub", top);
		mkdir(top, 0777);
		put_file(top, ".git/HEAD", "ref: x\n", 0644);
		put_file(top, "sub/f.txt", "old\n", 0644);
		memset(&w, 0, sizeof(w));
		CHECK_INT(seam_session_new(&s, NULL), 0);
		CHECK_INT(seam_tree_open_dir(&t, s, root), 0);
		w.path = "f.txt";
		w.data = "new\n";
		w.len = 4;
		CHECK_INT(sm_tree_read(t, "f.txt", 100, &data, &len, &w.before, NULL), 0);
		sm_free(data);
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			struct killer x = {SM_FAULT_RENAME, 1, 0, SIGKILL};
			sm_fault_set_errno(EACCES);
			sm_fault_arm(SM_FAULT_OPEN, k);
			sm_fault_set_hook(kill_hook, &x);
			rc = sm_tree_commit(t, &w, 1, &why);
			_exit(rc ? 1 : 0);
		}
		CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
		seam_tree_free(t);
		if (WIFSIGNALED(status)) {
			/* the journal was made, in the root since the top was refused to it */
			DIR *d = opendir(root);
			struct dirent *e;
			int in_root = 0;
			while (d && (e = readdir(d)) != NULL)
				in_root |= !strncmp(e->d_name, ".seam-journal-", 14);
			if (d)
				closedir(d);
			if (in_root) {
				size_t fwd = 0, back = 0;
				fell_back = 1;
				CHECK_INT(seam_tree_open_dir(&t, s, root), 0);
				CHECK_INT(seam_tree_recover(t, &fwd, &back), 0);
				CHECK_INT(fwd, 1);
				seam_tree_free(t);
				snprintf(p, sizeof(p), "%s/f.txt", root);
				data = sm_test_read_file(p, &len);
				CHECK(data && len == 4 && !memcmp(data, "new\n", 4));
				free(data);
			}
		}
		seam_session_free(s);
		sm_buf_dispose(&why);
	}
	CHECK(fell_back);
}

/*
 * Hostile journals: a valid journal (of a commit that replaces a.txt, creates n/b.txt and
 * deletes c.txt, with its temporaries present) cut, with bytes changed, lines repeated or
 * numbers bent, put beside a tree whose files and a sentinel directory beside the root
 * must never be touched except as the journal's own .seam-* names allow: opening the tree
 * recovers or refuses, never crashes (ASan), never writes outside the root, and leaves no
 * file but the tree's own, the journal's targets and .seam-* names.
 */
TEST(tree_commit, hostile_journals)
{
	static const char *const repl[] = {"0", "9", " ", "\n", "/", "..", "-", "R", "D", "N",
					   "end 0\n", "install\n", "undo\n", ".seam-x"};
	char root[PATH_MAX - 64], p[PATH_MAX], *good, *outside_before;
	seam_session *s;
	seam_tree *t;
	sm_jop ops[3];
	sm_journal j;
	size_t glen, i;
	uint64_t x = 88172645463325252ull;
	int stray, nok = 0, neio = 0;

	snprintf(root, sizeof(root), "%s/hj", sm_test_tmpdir());
	mkdir(root, 0777);
	put_file(root, "a.txt", "old a\n", 0644);
	CHECK_INT(seam_session_new(&s, NULL), 0);
	CHECK_INT(seam_tree_open_dir(&t, s, root), 0);
	memset(ops, 0, sizeof(ops));
	ops[0] = (sm_jop){'R', "a.txt", ".seam-aaaaaaaa.tmp", ".seam-aaaaaaaa.bak", 0, 6,
			  sm_tree_hash("old a\n", 6), 6, sm_tree_hash("new a\n", 6)};
	ops[1] = (sm_jop){'N', "n/b.txt", ".seam-bbbbbbbb.tmp", "", 0, 0, 0, 6,
			  sm_tree_hash("new b\n", 6)};
	ops[2] = (sm_jop){'D', "c.txt", "", ".seam-cccccccc.bak", 0, 6,
			  sm_tree_hash("old c\n", 6), 0, 0};
	CHECK_INT(sm_journal_begin(t, &j, ops, 3, NULL), 0);
	CHECK_INT(sm_journal_mark(&j, "install", 0, NULL), 0);
	snprintf(p, sizeof(p), "%s/%s", root, j.name);
	good = sm_test_read_file(p, &glen);
	sm_journal_end(t, &j);
	seam_tree_free(t);
	CHECK(good != NULL);

	put_file(sm_test_tmpdir(), "outside/keep.txt", "sentinel\n", 0644);
	snprintf(p, sizeof(p), "%s/outside", sm_test_tmpdir());
	outside_before = snapshot(p, &stray);
	for (i = 0; i < 200; i++) {
		char dir[PATH_MAX], jp[PATH_MAX + 64], *now;
		sm_buf m = SM_BUF_INIT;
		size_t k, at, cut;
		int rc;

		snprintf(dir, sizeof(dir), "%s/hj%zu", sm_test_tmpdir(), i);
		mkdir(dir, 0777);
		put_file(dir, "a.txt", "old a\n", 0644);
		put_file(dir, "c.txt", "old c\n", 0644);
		put_file(dir, ".seam-aaaaaaaa.tmp", "new a\n", 0644);
		put_file(dir, "n/.seam-bbbbbbbb.tmp", "new b\n", 0644);
		sm_buf_put(&m, good, glen);
		for (k = 0; k < 1 + i % 4; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			at = (size_t)(x % (m.len + 1));
			switch ((x >> 20) % 4) {
			case 0: /* cut */
				m.len = at;
				break;
			case 1: /* one byte changed */
				if (at < m.len)
					m.ptr[at] = (char)(x >> 32);
				break;
			case 2: { /* a token put in */
				const char *r = repl[(x >> 40) % (sizeof(repl) / sizeof(repl[0]))];
				sm_buf b2 = SM_BUF_INIT;
				sm_buf_put(&b2, m.ptr, at);
				sm_buf_puts(&b2, r);
				sm_buf_put(&b2, m.ptr + at, m.len - at);
				sm_buf_dispose(&m);
				m = b2;
				break;
			}
			default: /* a line repeated */
				cut = at;
				while (cut < m.len && m.ptr[cut] != '\n')
					cut++;
				if (cut < m.len) {
					sm_buf b2 = SM_BUF_INIT;
					sm_buf_put(&b2, m.ptr, cut + 1);
					sm_buf_put(&b2, m.ptr + at, cut + 1 - at);
					sm_buf_put(&b2, m.ptr + cut + 1, m.len - cut - 1);
					sm_buf_dispose(&m);
					m = b2;
				}
				break;
			}
		}
		snprintf(jp, sizeof(jp), "%s/.seam-journal-fuzz%04zu", dir, i);
		sm_test_write_file(jp, m.ptr ? m.ptr : "", m.len);
		sm_buf_dispose(&m);
		rc = seam_tree_open_dir(&t, s, dir);
		CHECK(rc == SEAM_OK || rc == SEAM_EIO);
		if (rc == SEAM_OK) {
			nok++;
			seam_tree_free(t);
		} else {
			neio++;
			CHECK(strstr(seam_session_errmsg(s), "journal") != NULL);
		}
		now = snapshot(p, &stray);
		CHECK_STR(now, outside_before);
		sm_free(now);
	}
	sm_free(outside_before);
	free(good);
	seam_session_free(s);
	CHECK(nok > 0 && neio > 0); /* both recovered and refused journals were met */
}
