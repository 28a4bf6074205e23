/*
 * Hostile replies against real directories: each must end in a clear refusal or a correct
 * result, within a bounded time, and nothing outside the root may change.
 *
 * The layout of every test (in the test's temporary directory):
 *
 *     root/              the tree seam is given (a.py, src/b.c, .git/hooks/)
 *     outside/secret.txt a sentinel a reply must never reach
 *     sentinel.txt       another, beside root
 *
 * After each reply, a snapshot of everything but root/ (names, types, link targets, sizes,
 * contents) must equal the one taken before. Each reply runs under a time limit: a check
 * fails past HOSTILE_SECONDS of wall time, and a watchdog (alarm) ends the whole run past
 * HOSTILE_HARD_SECONDS, for a hang (a FIFO opened for reading, a quadratic loop).
 */
#define _GNU_SOURCE
#include "test.h"
#include "seam.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Wall-time budget of one reply (parse + plan + commit), and the watchdog of a whole test. */
#define HOSTILE_SECONDS 10.0
#define HOSTILE_HARD_SECONDS 120

static const char A_PY[] = "def f():\n    return 1\n\n\ndef g(x):\n    return x * 2\n";
static const char SECRET[] = "SECRET\n";

/* ---- fixture ---- */

static char root[1024], outside[1024];

static void mkdirs(const char *path)
{
	char buf[PATH_MAX];
	size_t i, n = strlen(path);

	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++)
		if (buf[i] == '/' || buf[i] == '\0') {
			char c = buf[i];
			buf[i] = '\0';
			mkdir(buf, 0777);
			buf[i] = c;
		}
}

static void put_at(const char *dir, const char *rel, const char *data, size_t len)
{
	char p[PATH_MAX], *slash;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	slash = strrchr(p, '/');
	*slash = '\0';
	mkdirs(p);
	*slash = '/';
	sm_test_write_file(p, data, len);
}

static void put(const char *rel, const char *data)
{
	put_at(root, rel, data, strlen(data));
}

static char *in_root(const char *rel)
{
	static char buf[4][PATH_MAX];
	static int k;
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", root, rel);
	return buf[k];
}

static void on_alarm(int sig)
{
	static const char msg[] = "hostile: watchdog: a test ran past its hard limit\n";
	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(3);
}

static void setup(void)
{
	const char *tmp = sm_test_tmpdir();

	snprintf(root, sizeof(root), "%s/root", tmp);
	snprintf(outside, sizeof(outside), "%s/outside", tmp);
	mkdirs(root);
	mkdirs(outside);
	put_at(outside, "secret.txt", SECRET, strlen(SECRET));
	put_at(tmp, "sentinel.txt", SECRET, strlen(SECRET));
	put("a.py", A_PY);
	put("src/b.c", "int b;\n");
	mkdirs(in_root(".git/hooks"));
	put(".git/config", "[core]\n");
	signal(SIGALRM, on_alarm);
	alarm(HOSTILE_HARD_SECONDS);
}

static void teardown(void)
{
	alarm(0);
}

/* ---- the snapshot of everything outside root/ ---- */

static char *snap_buf;
static size_t snap_len, snap_cap;
static size_t root_len;

static void snap_put(const char *s, size_t n)
{
	if (snap_len + n + 1 > snap_cap) {
		snap_cap = (snap_len + n + 1) * 2;
		snap_buf = realloc(snap_buf, snap_cap);
		if (!snap_buf)
			abort();
	}
	memcpy(snap_buf + snap_len, s, n);
	snap_len += n;
	snap_buf[snap_len] = '\0';
}

static int snap_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	char line[PATH_MAX + 128];
	(void)ftw;
	/* root/ itself may change: that is where replies go */
	if (!strncmp(path, root, root_len) && (path[root_len] == '/' || path[root_len] == '\0'))
		return 0;
	snprintf(line, sizeof(line), "%s %d %o %lld\n", path, flag, (unsigned)sb->st_mode,
		 (long long)sb->st_size);
	snap_put(line, strlen(line));
	if (flag == FTW_SL) {
		char t[PATH_MAX];
		ssize_t n = readlink(path, t, sizeof(t) - 1);
		if (n >= 0)
			snap_put(t, (size_t)n);
		snap_put("\n", 1);
	} else if (flag == FTW_F && S_ISREG(sb->st_mode)) {
		size_t n;
		char *d = sm_test_read_file(path, &n);
		if (d) {
			snap_put(d, n);
			free(d);
		}
		snap_put("\n", 1);
	}
	return 0;
}

/* A malloc'd description of the test directory without root/. */
static char *snapshot(void)
{
	char *s;

	snap_buf = NULL;
	snap_len = snap_cap = 0;
	root_len = strlen(root);
	snap_put("", 0);
	nftw(sm_test_tmpdir(), snap_one, 16, FTW_PHYS);
	s = snap_buf;
	snap_buf = NULL;
	return s;
}

/* ---- running a reply ---- */

typedef struct {
	int parse;  /* seam_reply_parse */
	int plan;   /* seam_plan_new (0 when not reached) */
	int commit; /* seam_plan_commit (1 when not tried) */
	seam_status_t status; /* of the first file, SEAM_STATUS_SKIPPED when none */
	double seconds;
	int timed_out, crashed; /* the child ran out of time, or died */
	size_t msg_len; /* longest message of the plan (file and edits) */
	char msg[512];  /* the first failure message */
} outcome;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static outcome run_here(const char *reply, size_t len, const seam_options *o)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	outcome oc;
	double t0 = now();

	memset(&oc, 0, sizeof(oc));
	oc.commit = 1;
	oc.status = SEAM_STATUS_SKIPPED;
	if (seam_session_new(&s, o))
		abort();
	oc.parse = seam_reply_parse(&r, s, reply, len);
	if (oc.parse == SEAM_OK && seam_tree_open_dir(&t, s, root) == SEAM_OK) {
		oc.plan = seam_plan_new(&p, s, r, t);
		if (p) {
			size_t i, k;
			for (i = 0; i < seam_plan_file_count(p); i++) {
				seam_file_info fi;
				seam_plan_file(p, i, &fi);
				if (i == 0)
					oc.status = fi.status;
				if (strlen(fi.message) > oc.msg_len)
					oc.msg_len = strlen(fi.message);
				if (!oc.msg[0] && fi.message[0])
					snprintf(oc.msg, sizeof(oc.msg), "%s", fi.message);
				for (k = 0; k < fi.edit_count; k++) {
					seam_edit_info ei;
					seam_plan_edit(p, i, k, &ei);
					if (strlen(ei.message) > oc.msg_len)
						oc.msg_len = strlen(ei.message);
					if (!oc.msg[0] && ei.message[0])
						snprintf(oc.msg, sizeof(oc.msg), "%s", ei.message);
				}
			}
		}
		if (oc.plan == SEAM_OK)
			oc.commit = seam_plan_commit(p);
	}
	if (!oc.msg[0])
		snprintf(oc.msg, sizeof(oc.msg), "%s", seam_session_errmsg(s));
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	oc.seconds = now() - t0;
	return oc;
}

/*
 * Runs the reply in a child process that has HOSTILE_SECONDS of CPU and wall time (alarm): a
 * reply that hangs or takes too long fails its test (timed_out) and the suite goes on. The
 * child leaves with _exit, so a leak check at exit is the parent's alone.
 */
static outcome run_opts(const char *reply, size_t len, const seam_options *o)
{
	int fd[2], status = 0;
	pid_t pid;
	outcome oc;
	double t0 = now();

	memset(&oc, 0, sizeof(oc));
	fflush(stdout);
	if (pipe(fd) != 0 || (pid = fork()) < 0) {
		perror("pipe/fork");
		exit(2);
	}
	if (pid == 0) {
		close(fd[0]);
		signal(SIGALRM, SIG_DFL);
		alarm((unsigned)HOSTILE_SECONDS + 1);
		oc = run_here(reply, len, o);
		if (write(fd[1], &oc, sizeof(oc)) != (ssize_t)sizeof(oc))
			_exit(4);
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], &oc, sizeof(oc)) != (ssize_t)sizeof(oc)) {
		memset(&oc, 0, sizeof(oc));
		oc.parse = oc.plan = SEAM_ERROR;
		oc.crashed = 1;
	}
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
		oc.timed_out = 1;
		oc.parse = oc.plan = SEAM_ERROR;
		snprintf(oc.msg, sizeof(oc.msg), "killed after %.0f s", HOSTILE_SECONDS + 1);
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		oc.crashed = 1;
		oc.parse = oc.plan = SEAM_ERROR;
		snprintf(oc.msg, sizeof(oc.msg), "the child died (status 0x%x)", (unsigned)status);
	}
	oc.seconds = now() - t0;
	return oc;
}

static outcome run(const char *reply)
{
	return run_opts(reply, strlen(reply), NULL);
}

/* Nothing was written: the reply was refused as a whole. */
static int refused(const outcome *o)
{
	return o->parse == SEAM_EPARSE || o->parse == SEAM_ELIMIT ||
	       (o->parse == SEAM_OK && (o->plan == SEAM_EFAIL || o->plan == SEAM_ELIMIT));
}

static int applied(const outcome *o)
{
	return o->parse == SEAM_OK && o->plan == SEAM_OK && o->commit == SEAM_OK;
}

static int file_is(const char *rel, const char *want, size_t wlen)
{
	size_t n;
	char *got = sm_test_read_file(in_root(rel), &n);
	int ok = got && n == wlen && !memcmp(got, want, n);
	free(got);
	return ok;
}

/*
 * Runs each reply of a NULL-terminated list on a fresh copy of the fixture files; each must
 * be refused, leave a.py as it was, and leave everything outside root as it was.
 */
#define CHECK_ALL_REFUSED(list)                                                               \
	do {                                                                                   \
		size_t i_;                                                                     \
		for (i_ = 0; (list)[i_]; i_++) {                                               \
			char *before_ = snapshot(), *after_;                                   \
			outcome o_ = run((list)[i_]);                                          \
			after_ = snapshot();                                                   \
			if (!refused(&o_) || strcmp(before_, after_) ||                        \
			    !file_is("a.py", A_PY, strlen(A_PY)) ||                            \
			    o_.seconds > HOSTILE_SECONDS) {                                    \
				sm_test_fail(__FILE__, __LINE__,                               \
					     "reply %zu: parse %d plan %d commit %d in %.1f s, "  \
					     "outside %s, a.py %s: %s\n%s",                       \
					     i_, o_.parse, o_.plan, o_.commit, o_.seconds,     \
					     strcmp(before_, after_) ? "CHANGED" : "same",       \
					     file_is("a.py", A_PY, strlen(A_PY)) ? "same"         \
										 : "CHANGED",      \
					     o_.msg, (list)[i_]);                                 \
				free(before_);                                                 \
				free(after_);                                                  \
				return;                                                        \
			}                                                                      \
			free(before_);                                                         \
			free(after_);                                                          \
		}                                                                              \
	} while (0)

/* The three ways a reply names a file, each asking to write "PWNED" at `path`. */
static char *three_formats(const char *path, int which)
{
	static char buf[3][8192];
	switch (which) {
	case 0: /* SEARCH/REPLACE creating or changing the file */
		snprintf(buf[0], sizeof(buf[0]),
			 "%s\n```\n<<<<<<< SEARCH\nSECRET\n=======\nPWNED\n>>>>>>> REPLACE\n```\n", path);
		return buf[0];
	case 1: /* a diff creating it */
		snprintf(buf[1], sizeof(buf[1]),
			 "```diff\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+PWNED\n```\n", path);
		return buf[1];
	default: /* a whole file */
		snprintf(buf[2], sizeof(buf[2]), "%s\n```\nPWNED\n```\n", path);
		return buf[2];
	}
}

/* Every path of the list, in the three formats, must be refused. */
static int all_paths_refused(const char *const *paths, const char *file, int line)
{
	size_t i;
	int k;

	for (i = 0; paths[i]; i++)
		for (k = 0; k < 3; k++) {
			const char *reply = three_formats(paths[i], k);
			char *before = snapshot(), *after;
			outcome o = run(reply);
			int same;
			after = snapshot();
			same = !strcmp(before, after);
			free(before);
			free(after);
			if (!refused(&o) || !same || o.seconds > HOSTILE_SECONDS) {
				sm_test_fail(file, line,
					     "path '%s' (format %d): parse %d plan %d commit %d in %.1f s, "
					     "outside %s: %s",
					     paths[i], k, o.parse, o.plan, o.commit, o.seconds,
					     same ? "same" : "CHANGED", o.msg);
				return 0;
			}
		}
	return 1;
}

/* ---- paths ---- */

TEST(hostile, absolute_paths)
{
	char abs_secret[PATH_MAX + 32], abs_new[PATH_MAX + 32], abs_root[PATH_MAX + 32];
	const char *paths[8];

	setup();
	snprintf(abs_secret, sizeof(abs_secret), "%s/secret.txt", outside);
	snprintf(abs_new, sizeof(abs_new), "%s/new.txt", outside);
	snprintf(abs_root, sizeof(abs_root), "%s/a.py", root); /* absolute, but inside the root */
	paths[0] = abs_secret;
	paths[1] = abs_new;
	paths[2] = "/tmp/seam-hostile-should-not-exist";
	paths[3] = "//etc/x";
	paths[4] = "C:\\Windows\\x.txt";
	paths[5] = "\\\\server\\share\\x";
	paths[6] = "~/x.txt";
	paths[7] = NULL;
	CHECK(all_paths_refused(paths, __FILE__, __LINE__));
	CHECK(access("/tmp/seam-hostile-should-not-exist", F_OK) != 0);
	/* an absolute path that names a file inside the root: refused too, or applied there */
	{
		char *before = snapshot(), *after;
		outcome o = run(three_formats(abs_root, 2));
		after = snapshot();
		CHECK(!strcmp(before, after));
		CHECK(refused(&o) || file_is("a.py", "PWNED\n", 6));
		free(before);
		free(after);
	}
	teardown();
}

TEST(hostile, dotdot_variants)
{
	static const char *const paths[] = {
		"../outside/secret.txt", "../sentinel.txt", "../new.txt", "a/../../outside/secret.txt",
		"src/../../sentinel.txt", "..\\outside\\secret.txt", "src\\..\\..\\new.txt",
		"%2e%2e/outside/secret.txt", "%2E%2E%2Foutside%2Fsecret.txt", "..%2fnew.txt",
		". ./new.txt", ".. /new.txt", "... /new.txt", "../ /new.txt", "./../new.txt",
		"src/./../../new.txt", "..", "../", "..\\", "...", ". .",
		NULL,
	};

	setup();
	CHECK(all_paths_refused(paths, __FILE__, __LINE__));
	/* "a/../b.py" stays inside: applied inside the root (or refused), never outside */
	{
		char *before = snapshot(), *after;
		outcome o = run(three_formats("src/../c.py", 2));
		after = snapshot();
		CHECK(!strcmp(before, after));
		CHECK(refused(&o) || file_is("c.py", "PWNED\n", 6));
		free(before);
		free(after);
	}
	teardown();
}

TEST(hostile, trailing_dots_and_spaces)
{
	/* names Windows would read as another file, or as "..": refused, or written inside the
	   root under exactly one name */
	static const char *const names[] = {"a.py.", "a.py ", "src./b.c", "src /b.c", "a.py::$DATA",
					    NULL};
	size_t i;

	setup();
	for (i = 0; names[i]; i++) {
		char *before = snapshot(), *after;
		outcome o = run(three_formats(names[i], 2));
		after = snapshot();
		if (strcmp(before, after)) {
			sm_test_fail(__FILE__, __LINE__, "'%s' changed something outside", names[i]);
			free(before);
			free(after);
			return;
		}
		free(before);
		free(after);
		CHECK(refused(&o) || applied(&o));
		CHECK(o.seconds < HOSTILE_SECONDS);
		/* whatever happened, src/ is still a directory and a.py was not replaced by a
		   name that only looks like it */
		CHECK(access(in_root("src/b.c"), F_OK) == 0);
		put("a.py", A_PY);
	}
	teardown();
}

TEST(hostile, symlinked_dir_and_file_outside)
{
	char target[PATH_MAX + 32];
	static const char *const paths[] = {
		"out/secret.txt", "out/new.txt", "out/sub/new.txt", "sec", "rel", "deep/up/secret.txt",
		"updir/outside/secret.txt", NULL,
	};
	static const char *const edits[] = {
		/* changing the file behind the link, in each format */
		"out/secret.txt\n```\n<<<<<<< SEARCH\nSECRET\n=======\nPWNED\n>>>>>>> REPLACE\n```\n",
		"sec\n```\n<<<<<<< SEARCH\nSECRET\n=======\nPWNED\n>>>>>>> REPLACE\n```\n",
		"```diff\n--- a/rel\n+++ b/rel\n@@ -1 +1 @@\n-SECRET\n+PWNED\n```\n",
		/* deleting through the link */
		"```diff\n--- a/out/secret.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-SECRET\n```\n",
		"```diff\n--- a/sec\n+++ /dev/null\n@@ -1 +0,0 @@\n-SECRET\n```\n",
		"diff --git a/sec b/sec\ndeleted file mode 100644\n--- a/sec\n+++ /dev/null\n@@ -1 +0,0 @@\n-SECRET\n",
		/* a rename onto the link */
		"diff --git a/a.py b/sec\nsimilarity index 100%\nrename from a.py\nrename to sec\n",
		"diff --git a/a.py b/out/moved.py\n--- a/a.py\n+++ b/out/moved.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n",
		NULL,
	};
	struct stat st;

	setup();
	snprintf(target, sizeof(target), "%s/secret.txt", outside);
	CHECK(symlink(outside, in_root("out")) == 0);          /* dir, absolute */
	CHECK(symlink(target, in_root("sec")) == 0);           /* file, absolute */
	CHECK(symlink("../outside/secret.txt", in_root("rel")) == 0); /* file, relative */
	mkdirs(in_root("deep"));
	CHECK(symlink("../..", in_root("deep/up")) == 0);      /* climbs two levels */
	CHECK(symlink("..", in_root("updir")) == 0);
	CHECK(all_paths_refused(paths, __FILE__, __LINE__));
	CHECK_ALL_REFUSED(edits);
	/* the links are still links */
	CHECK(lstat(in_root("out"), &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(in_root("sec"), &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(in_root("rel"), &st) == 0 && S_ISLNK(st.st_mode));
	teardown();
}

TEST(hostile, fifo_and_devices)
{
	static const char *const edits[] = {
		"pipe.txt\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n",
		"pipe.txt\n```\nwhole new content\n```\n",
		"```diff\n--- a/pipe.txt\n+++ b/pipe.txt\n@@ -1 +1 @@\n-x\n+y\n```\n",
		"```diff\n--- a/pipe.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n```\n",
		"```diff\n--- /dev/null\n+++ b/pipe.txt\n@@ -0,0 +1 @@\n+y\n```\n",
		"null\n```\n<<<<<<< SEARCH\n=======\ny\n>>>>>>> REPLACE\n```\n",
		"zero\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n",
		"tty\n```\nx\n```\n",
		NULL,
	};
	struct stat st;

	setup();
	CHECK(mkfifo(in_root("pipe.txt"), 0644) == 0);
	CHECK(symlink("/dev/null", in_root("null")) == 0);
	CHECK(symlink("/dev/zero", in_root("zero")) == 0);
	CHECK(symlink("/dev/tty", in_root("tty")) == 0);
	/* no reader on the other side: a blocking open would hang here (the watchdog) */
	CHECK_ALL_REFUSED(edits);
	CHECK(lstat(in_root("pipe.txt"), &st) == 0 && S_ISFIFO(st.st_mode));
	teardown();
}

TEST(hostile, git_metadata)
{
	static const char *const paths[] = {
		".git/hooks/pre-commit", ".git/config", ".GIT/hooks/post-checkout", ".Git/HEAD",
		"sub/../.git/hooks/pre-push", ".git\\hooks\\pre-commit", "./.git/info/exclude",
		".git./hooks/x", ".git /hooks/x", ".g\xe2\x80\x8cit/hooks/x", "\xef\xbb\xbf.git/hooks/x",
		"GIT~1/hooks/x", ".git::$INDEX_ALLOCATION/hooks/x", "src/.git/config",
		"hooks/pre-commit", "gitdir/config", NULL,
	};
	struct stat st;

	setup();
	/* links inside the root that lead into .git */
	CHECK(symlink(".git/hooks", in_root("hooks")) == 0);
	CHECK(symlink(".git", in_root("gitdir")) == 0);
	CHECK(all_paths_refused(paths, __FILE__, __LINE__));
	CHECK(lstat(in_root(".git/hooks/pre-commit"), &st) != 0);
	CHECK(lstat(in_root(".git/hooks/pre-push"), &st) != 0);
	CHECK(file_is(".git/config", "[core]\n", 7));
	teardown();
}

TEST(hostile, control_bytes_in_names)
{
	static const char *const replies[] = {
		"a\x01" "b.py\n```\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n```\n",
		"a\x1b[31mred.py\n```\nx\n```\n",
		"```diff\n--- /dev/null\n+++ b/a\x7f" "b.py\n@@ -0,0 +1 @@\n+x\n```\n",
		"```diff\n--- /dev/null\n+++ \"b/a\\nb.py\"\n@@ -0,0 +1 @@\n+x\n```\n",
		"diff --git \"a/x\\ty.py\" \"b/x\\ty.py\"\nnew file mode 100644\n--- /dev/null\n+++ \"b/x\\ty.py\"\n@@ -0,0 +1 @@\n+x\n",
		"```diff\n--- /dev/null\n+++ b/a\tb.py\n@@ -0,0 +1 @@\n+x\n```\n",
		"`a\rb.py`\n```\nx\n```\n",
		NULL,
	};
	size_t i;

	setup();
	for (i = 0; replies[i]; i++) {
		char *before = snapshot(), *after;
		outcome o = run(replies[i]);
		after = snapshot();
		CHECK(!strcmp(before, after));
		free(before);
		free(after);
		CHECK(refused(&o) || applied(&o));
		CHECK(o.seconds < HOSTILE_SECONDS);
	}
	/* whatever was applied, no name in the root holds a control byte */
	{
		char cmd[PATH_MAX + 64];
		FILE *f;
		int bad = 0, c;
		snprintf(cmd, sizeof(cmd), "find '%s' -print0", root);
		f = popen(cmd, "r");
		CHECK(f != NULL);
		while ((c = fgetc(f)) != EOF)
			if ((c > 0 && c < 0x20) || c == 0x7f)
				bad = 1;
		pclose(f);
		CHECK(!bad);
	}
	teardown();
}

/* ---- sizes ---- */

TEST(hostile, ten_megabyte_line)
{
	size_t n = 10 * 1024 * 1024, i;
	char *line = malloc(n + 2), *reply, *want;
	outcome o;

	setup();
	CHECK(line != NULL);
	for (i = 0; i < n; i++)
		line[i] = (char)('a' + i % 26);
	line[n] = '\n';
	line[n + 1] = '\0';
	put_at(root, "big.txt", line, n + 1);
	/* SEARCH the whole line, REPLACE it with the same line, one byte changed */
	reply = malloc(2 * n + 200);
	want = malloc(n + 2);
	CHECK(reply && want);
	memcpy(want, line, n + 2);
	want[n / 2] = '#';
	{
		size_t k = 0;
		k += (size_t)sprintf(reply + k, "big.txt\n```\n<<<<<<< SEARCH\n");
		memcpy(reply + k, line, n + 1);
		k += n + 1;
		k += (size_t)sprintf(reply + k, "=======\n");
		memcpy(reply + k, want, n + 1);
		k += n + 1;
		k += (size_t)sprintf(reply + k, ">>>>>>> REPLACE\n```\n");
		o = run_opts(reply, k, NULL);
	}
	if (!applied(&o) || o.seconds > HOSTILE_SECONDS)
		sm_test_fail(__FILE__, __LINE__, "10 MB line: parse %d plan %d commit %d in %.1f s: %s",
			     o.parse, o.plan, o.commit, o.seconds, o.msg);
	else
		CHECK(file_is("big.txt", want, n + 1));
	/* a reply that is one 10 MB line of prose: no edit, quickly */
	memset(reply, 'x', n);
	o = run_opts(reply, n, NULL);
	CHECK_INT(o.parse, SEAM_EPARSE);
	CHECK(o.seconds < HOSTILE_SECONDS);
	/* a 10 MB file name line before a block */
	memcpy(reply + n, "\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n", 41);
	o = run_opts(reply, n + 41, NULL);
	CHECK(refused(&o));
	CHECK(o.seconds < HOSTILE_SECONDS);
	free(line);
	free(reply);
	free(want);
	teardown();
}

/* n SEARCH/REPLACE blocks, each changing one line of an n-line file. */
static void many_edits(size_t n, int *ok, outcome *out)
{
	size_t i, k = 0, cap = n * 80 + 100, fk = 0;
	char *reply = malloc(cap), *file = malloc(n * 24 + 1), *want = malloc(n * 24 + 1);
	size_t wk = 0;

	*ok = 0;
	if (!reply || !file || !want)
		abort();
	for (i = 0; i < n; i++) {
		fk += (size_t)sprintf(file + fk, "line %zu\n", i);
		wk += (size_t)sprintf(want + wk, "LINE %zu\n", i);
		k += (size_t)snprintf(reply + k, cap - k,
				      "%s<<<<<<< SEARCH\nline %zu\n=======\nLINE %zu\n>>>>>>> REPLACE\n",
				      i ? "" : "many.txt\n", i, i);
	}
	put_at(root, "many.txt", file, fk);
	*out = run_opts(reply, k, NULL);
	*ok = applied(out) ? file_is("many.txt", want, wk) : file_is("many.txt", file, fk);
	free(reply);
	free(file);
	free(want);
}

TEST(hostile, hundred_thousand_tiny_edits)
{
	outcome o;
	int ok;

	setup();
	many_edits(100000, &ok, &o);
	if (!ok || !(applied(&o) || refused(&o)) || o.seconds > HOSTILE_SECONDS)
		sm_test_fail(__FILE__, __LINE__,
			     "100000 edits: parse %d plan %d commit %d in %.1f s, file %s: %s", o.parse,
			     o.plan, o.commit, o.seconds, ok ? "right" : "WRONG", o.msg);
	teardown();
}

TEST(hostile, edit_limit)
{
	seam_options opt = SEAM_OPTIONS_INIT;
	char *reply = malloc(200000);
	size_t i, k = 0;
	outcome o;

	setup();
	CHECK(reply != NULL);
	opt.max_edits = 1000;
	k += (size_t)sprintf(reply, "a.py\n");
	for (i = 0; i < 1001; i++)
		k += (size_t)sprintf(reply + k, "<<<<<<< SEARCH\n=======\nx%zu = 1\n>>>>>>> REPLACE\n", i);
	o = run_opts(reply, k, &opt);
	CHECK_INT(o.parse, SEAM_ELIMIT);
	CHECK(strstr(o.msg, "max_edits") != NULL);
	CHECK(file_is("a.py", A_PY, strlen(A_PY)));
	free(reply);
	teardown();
}

TEST(hostile, nested_fences)
{
	size_t depth = 10000, i, k = 0;
	char *reply = malloc(depth * 24 + 1000);
	static const char want[] = "def f():\n    return 5\n\n\ndef g(x):\n    return x * 2\n";
	outcome o;

	setup();
	CHECK(reply != NULL);
	k += (size_t)sprintf(reply, "a.py\n");
	for (i = 0; i < depth; i++)
		k += (size_t)sprintf(reply + k, "%.*s`lang%zu\n", (int)(3 + i % 5), "````````", i);
	k += (size_t)sprintf(reply + k,
			     "<<<<<<< SEARCH\n    return 1\n=======\n    return 5\n>>>>>>> REPLACE\n");
	for (i = 0; i < depth; i++)
		k += (size_t)sprintf(reply + k, "```\n");
	o = run_opts(reply, k, NULL);
	CHECK(o.seconds < HOSTILE_SECONDS);
	CHECK(refused(&o) || applied(&o));
	CHECK(applied(&o) ? file_is("a.py", want, strlen(want)) : file_is("a.py", A_PY, strlen(A_PY)));
	/* fences only, never closed: no edit */
	k = 0;
	for (i = 0; i < depth; i++)
		k += (size_t)sprintf(reply + k, "~~~~ x%zu\n", i);
	o = run_opts(reply, k, NULL);
	CHECK(refused(&o));
	CHECK(o.seconds < HOSTILE_SECONDS);
	free(reply);
	teardown();
}

TEST(hostile, ambiguous_ten_thousand_times)
{
	size_t n = 10000, i, k = 0;
	char *file = malloc(n * 16 + 100);
	outcome o;

	setup();
	CHECK(file != NULL);
	for (i = 0; i < n; i++)
		k += (size_t)sprintf(file + k, "    x = 1\n%s", i % 3 ? "" : "y\n");
	put_at(root, "amb.py", file, k);
	o = run("amb.py\n```\n<<<<<<< SEARCH\n    x = 1\n=======\n    x = 2\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(o.plan, SEAM_EFAIL);
	CHECK_INT(o.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(o.seconds < HOSTILE_SECONDS);
	/* the message names some places, not ten thousand */
	CHECK(o.msg_len < 16384);
	CHECK(file_is("amb.py", file, k));
	/* the same with a diff and a line number that picks none of them for sure */
	o = run("```diff\n--- a/amb.py\n+++ b/amb.py\n@@ -5000 +5000 @@\n-    x = 1\n+    x = 2\n```\n");
	CHECK(refused(&o) || applied(&o));
	CHECK(o.seconds < HOSTILE_SECONDS);
	if (applied(&o)) {
		/* a line number may pick one place: then exactly one line changed */
		size_t n2;
		char *got = sm_test_read_file(in_root("amb.py"), &n2);
		CHECK(got && n2 == k);
		if (got) {
			size_t diff = 0;
			for (i = 0; i < k; i++)
				diff += got[i] != file[i];
			CHECK_INT(diff, 1);
		}
		free(got);
	}
	free(file);
	teardown();
}

/* ---- bytes ---- */

TEST(hostile, nul_bytes)
{
	static const char bin[] = "a\0b\nc\n";
	static const char reply1[] = "bin.dat\n<<<<<<< SEARCH\na\0b\n=======\nx\n>>>>>>> REPLACE\n";
	static const char reply2[] =
		"Some prose\0 with a NUL.\n\na.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n"
		"    return 7\n>>>>>>> REPLACE\n```\n";
	static const char reply3[] = "a.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return \0\n"
				     ">>>>>>> REPLACE\n```\n";
	static const char want2[] = "def f():\n    return 7\n\n\ndef g(x):\n    return x * 2\n";
	outcome o;

	setup();
	put_at(root, "bin.dat", bin, sizeof(bin) - 1);
	o = run_opts(reply1, sizeof(reply1) - 1, NULL);
	CHECK(refused(&o));
	CHECK(file_is("bin.dat", bin, sizeof(bin) - 1));
	o = run_opts(reply2, sizeof(reply2) - 1, NULL);
	CHECK(refused(&o) || applied(&o));
	CHECK(applied(&o) ? file_is("a.py", want2, strlen(want2)) : file_is("a.py", A_PY, strlen(A_PY)));
	put("a.py", A_PY);
	/* a NUL in the new text: the file would become binary; refused, or written as asked */
	o = run_opts(reply3, sizeof(reply3) - 1, NULL);
	CHECK(refused(&o) || applied(&o));
	if (applied(&o)) {
		static const char want3[] = "def f():\n    return \0\n\n\ndef g(x):\n    return x * 2\n";
		CHECK(file_is("a.py", want3, sizeof(want3) - 1));
	} else {
		CHECK(file_is("a.py", A_PY, strlen(A_PY)));
	}
	CHECK(o.seconds < HOSTILE_SECONDS);
	teardown();
}

TEST(hostile, invalid_utf8)
{
	static const char file[] = "ok\n\xff\xfe bad \xc3\x28 \xed\xa0\x80 end\nlast\n";
	static const char reply[] = "u.txt\n<<<<<<< SEARCH\n\xff\xfe bad \xc3\x28 \xed\xa0\x80 end\n=======\n"
				    "\xc0\xaf replaced \xf8\x88\x80\x80\x80\n>>>>>>> REPLACE\n";
	static const char want[] = "ok\n\xc0\xaf replaced \xf8\x88\x80\x80\x80\nlast\n";
	outcome o;

	setup();
	put("u.txt", file);
	o = run(reply);
	CHECK(applied(&o));
	CHECK(file_is("u.txt", want, strlen(want)));
	/* invalid UTF-8 in a path: refused, or the exact bytes inside the root */
	o = run("\xff\xfe.txt\n```\nx\n```\n");
	CHECK(refused(&o) || applied(&o));
	teardown();
}

TEST(hostile, byte_order_marks)
{
	static const char file[] = "\xef\xbb\xbfline one\nline two\n";
	static const char want[] = "\xef\xbb\xbfLINE ONE\nline two\n";
	outcome o;

	setup();
	put("bom.txt", file);
	/* the reply does not copy the BOM: the edit applies and the BOM stays, once */
	o = run("bom.txt\n<<<<<<< SEARCH\nline one\n=======\nLINE ONE\n>>>>>>> REPLACE\n");
	CHECK(applied(&o));
	CHECK(file_is("bom.txt", want, strlen(want)));
	/* a reply that starts with a BOM (a file saved by an editor) */
	put("bom.txt", file);
	o = run("\xef\xbb\xbf" "bom.txt\n<<<<<<< SEARCH\nline two\n=======\nLINE TWO\n>>>>>>> REPLACE\n");
	CHECK(applied(&o)); /* the reply's BOM is dropped before it is read */
	CHECK(file_is("bom.txt", "\xef\xbb\xbfline one\nLINE TWO\n", 21));
	/* a whole-file reply without BOM for a file with one: the BOM is kept, not doubled */
	put("bom.txt", file);
	o = run("bom.txt\n```\nnew one\nnew two\n```\n");
	CHECK(applied(&o));
	CHECK(file_is("bom.txt", "\xef\xbb\xbfnew one\nnew two\n", 19));
	teardown();
}

TEST(hostile, markers_without_ends)
{
	static const char *const replies[] = {
		"a.py\n<<<<<<< SEARCH\n    return 1\n",
		"a.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n",
		"a.py\n=======\n    return 2\n>>>>>>> REPLACE\n",
		"a.py\n>>>>>>> REPLACE\n",
		"a.py\n<<<<<<< SEARCH\n<<<<<<< SEARCH\n<<<<<<< SEARCH\n=======\n",
		"```diff\n--- a/a.py\n```\n",
		"<think>\na.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n",
		"a.py\n```python\ndef f():\n    return 3\n",
		"```\n```\n```\n",
		"",
		"\n\n\n",
		NULL,
	};
	size_t i;

	setup();
	for (i = 0; replies[i]; i++) {
		outcome o = run(replies[i]);
		if (!refused(&o) || !file_is("a.py", A_PY, strlen(A_PY))) {
			sm_test_fail(__FILE__, __LINE__, "reply %zu: parse %d plan %d: %s", i, o.parse,
				     o.plan, o.msg);
			return;
		}
		CHECK(o.msg[0] != '\0'); /* the refusal says why */
	}
	teardown();
}

/*
 * A diff cut off after its file headers holds no edit: the reply must be refused as one with
 * no edit (exit 1 of the CLI), not reported as applied with nothing changed.
 */
TEST(hostile, diff_headers_without_hunks)
{
	static const char *const replies[] = {
		"```diff\n--- a/a.py\n+++ b/a.py\n```\n",
		"--- a/a.py\n+++ b/a.py\n",
		"diff --git a/a.py b/a.py\nindex 1..2 100644\n--- a/a.py\n+++ b/a.py\n",
		NULL,
	};
	size_t i;

	setup();
	for (i = 0; replies[i]; i++) {
		outcome o = run(replies[i]);
		if (!refused(&o))
			sm_test_fail(__FILE__, __LINE__,
				     "reply %zu (headers, no hunk): parse %d plan %d commit %d, "
				     "reported as applied", i, o.parse, o.plan, o.commit);
	}
	CHECK(file_is("a.py", A_PY, strlen(A_PY)));
	teardown();
}
