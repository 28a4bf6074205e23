/*
 * The tree against hostile replies and a hostile world, through seam.h on real directories:
 *
 *   - paths that try to leave the root (absolute, "..", back-slashes, %2e%2e, trailing dots
 *     and spaces, symlinked directories and files leading out), name a FIFO or a device,
 *     write into .git/, or hold control bytes: refused, nothing written anywhere, and a
 *     sentinel directory beside the root stays byte-identical;
 *   - files changed by someone else between the plan and the commit, or during the commit:
 *     the commit writes nothing and names the file;
 *   - two seam processes on one tree: the second waits for the lock (or fails at once with
 *     SEAM_FLAG_NO_WAIT), then works on what the first wrote; no update is lost.
 */
#define _GNU_SOURCE
#include "test.h"
#include "seam.h"
#include "util/buf.h"
#include "util/fault.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- helpers ---- */

static const char *at(const char *rel)
{
	static char buf[8][PATH_MAX];
	static int k;
	int n;
	k = (k + 1) % 8;
	n = snprintf(buf[k], sizeof(buf[k]), "%s/%s", sm_test_tmpdir(), rel);
	if (n < 0 || (size_t)n >= sizeof(buf[k]))
		abort(); /* test paths are short */
	return buf[k];
}

static void put(const char *rel, const char *data)
{
	char p[PATH_MAX], *s;

	snprintf(p, sizeof(p), "%s", at(rel));
	for (s = p + strlen(sm_test_tmpdir()) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	sm_test_write_file(p, data, strlen(data));
}

static int is(const char *rel, const char *want)
{
	size_t n;
	char *got = sm_test_read_file(at(rel), &n);
	int ok = got && n == strlen(want) && !memcmp(got, want, n);
	free(got);
	return ok;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every entry under dir, sorted, with type, mode, size, content or link target, mtime: two
 * snapshots are equal exactly when nothing was touched. Counts .seam-* leftovers. */
static void snap(const char *dir, const char *rel, sm_buf *out, int *stray)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *names[512];
	size_t n = 0, i;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL && n < 512)
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
			sm_buf_printf(out, "%s %o %lld %lld.%09ld\n", r, (unsigned)st.st_mode,
				      (long long)st.st_size, (long long)st.st_mtim.tv_sec,
				      st.st_mtim.tv_nsec);
			if (S_ISDIR(st.st_mode)) {
				snap(p, r, out, stray);
			} else if (S_ISREG(st.st_mode)) {
				size_t len;
				char *data = sm_test_read_file(p, &len);
				sm_buf_put(out, data, len);
				sm_buf_putc(out, '\n');
				free(data);
			} else if (S_ISLNK(st.st_mode)) {
				char tgt[PATH_MAX];
				ssize_t k = readlink(p, tgt, sizeof(tgt) - 1);
				sm_buf_put(out, tgt, k > 0 ? (size_t)k : 0);
				sm_buf_putc(out, '\n');
			}
		}
		free(names[i]);
	}
}

static char *snapshot(const char *rel, int *stray)
{
	sm_buf b = SM_BUF_INIT;
	int s = 0;

	sm_buf_puts(&b, "");
	snap(at(rel), "", &b, stray ? stray : &s);
	return sm_buf_detach(&b, NULL);
}

/* A session, a parsed reply and a disk tree, planned. */
struct run {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int parse_rc, plan_rc;
};

static void run_plan(struct run *x, const char *root, const char *reply, size_t len,
		     const seam_options *o)
{
	memset(x, 0, sizeof(*x));
	x->parse_rc = x->plan_rc = -100;
	if (seam_session_new(&x->s, o))
		return;
	x->parse_rc = seam_reply_parse(&x->r, x->s, reply, len);
	if (x->parse_rc)
		return;
	if (seam_tree_open_dir(&x->t, x->s, at(root)))
		return;
	x->plan_rc = seam_plan_new(&x->p, x->s, x->r, x->t);
}

static void run_free(struct run *x)
{
	seam_plan_free(x->p);
	seam_reply_free(x->r);
	seam_tree_free(x->t);
	seam_session_free(x->s);
}

/* The status of file i of the plan (-1 when there is none). */
static int file_status(const struct run *x, size_t i)
{
	seam_file_info fi;
	if (!x->p || seam_plan_file(x->p, i, &fi))
		return -1;
	return (int)fi.status;
}

static void set_old_mtime(const char *rel)
{
	struct timespec ts[2] = {{1000000000, 0}, {1000000000, 0}};
	utimensat(AT_FDCWD, at(rel), ts, AT_SYMLINK_NOFOLLOW);
}

/* ---- paths that try to get out ---- */

/*
 * A root with a few files, symlinks leading out, a FIFO and (as root) a device; beside it a
 * sentinel directory that no reply may touch.
 */
static int hostile_setup(void)
{
	put("root/a.py", "x = 1\n");
	put("root/.git/config", "[core]\n");
	put("root/.git/hooks/README", "hooks\n");
	put("root/sub/b.py", "y = 1\n");
	put("outside/secret.txt", "secret\n");
	put("outside/dir/inner.txt", "inner\n");
	if (symlink("../outside", at("root/linkdir")) || symlink("../outside/secret.txt", at("root/linkfile")) ||
	    symlink(at("outside"), at("root/abslink")) || mkfifo(at("root/fifo"), 0644))
		return -1;
	if (mknod(at("root/dev"), S_IFCHR | 0644, makedev(1, 3)))
		put("root/dev", "not a device here\n"); /* not root: the FIFO covers it */
	return 0;
}

/* The reply forms that name a path: update, create, whole file, delete, tool call. */
static void replies_for(const char *path, sm_buf out[5])
{
	size_t i;

	for (i = 0; i < 5; i++)
		sm_buf_clear(&out[i]);
	sm_buf_printf(&out[0], "%s\n```\n<<<<<<< SEARCH\nsecret\n=======\npwned\n>>>>>>> REPLACE\n```\n",
		      path);
	sm_buf_printf(&out[1], "```diff\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+pwned\n```\n", path);
	sm_buf_printf(&out[2], "%s\n```\npwned\n```\n", path);
	sm_buf_printf(&out[3],
		      "```diff\ndiff --git a/%s b/%s\ndeleted file mode 100644\n--- a/%s\n+++ /dev/null\n"
		      "@@ -1 +0,0 @@\n-secret\n```\n",
		      path, path, path);
	/* JSON: the path is escaped, so control bytes and newlines reach the tree as such */
	sm_buf_puts(&out[4], "{\"command\": \"create\", \"path\": \"");
	for (i = 0; path[i]; i++) {
		unsigned char c = (unsigned char)path[i];
		if (c == '"' || c == '\\')
			sm_buf_printf(&out[4], "\\%c", c);
		else if (c < 0x20)
			sm_buf_printf(&out[4], "\\u%04x", c);
		else
			sm_buf_putc(&out[4], (char)c);
	}
	sm_buf_puts(&out[4], "\", \"file_text\": \"pwned\\n\"}\n");
}

/* 0 when form k of a reply naming path means what the test asks. */
static int form_applies(const char *path, size_t k, int pass)
{
	if (pass == 1 && k == 4)
		return 0;
	/* a newline in a path only survives JSON escaping: in the text forms it ends the name
	   line, and what is left is another (inside) name */
	if (k < 4 && strchr(path, '\n'))
		return 0;
	/* in a diff header a tab ends the path (a timestamp may follow) */
	if ((k == 1 || k == 3) && strchr(path, '\t'))
		return 0;
	/* "+++ b/" with no name is read as a file "b" (inside the root; see the report) */
	if ((k == 1 || k == 3) && !*path)
		return 0;
	return 1;
}

/* Plans a hostile reply on root/; 0 when it was refused as it must be, else a code. */
static int try_reply(const char *text, size_t len, int pass)
{
	struct run x;
	int code = 0;
	size_t f, nf;

	run_plan(&x, "root", text, len, NULL);
	nf = x.p ? seam_plan_file_count(x.p) : 0;
	if (x.parse_rc == SEAM_OK && x.plan_rc == SEAM_EFAIL) {
		/* refused; and a refused plan cannot be written */
		if (seam_plan_commit(x.p) != SEAM_EFAIL)
			code = 20;
		else if (file_status(&x, 0) != SEAM_STATUS_REFUSED_PATH &&
			 file_status(&x, 0) != SEAM_STATUS_NOT_FOUND)
			code = 30 + file_status(&x, 0);
	} else if (x.parse_rc == SEAM_OK && x.plan_rc == SEAM_OK) {
		/* the parser dropped the hostile part (a note says so): the plan may only hold
		   the valid edit; not committed here */
		for (f = 0; f < nf; f++) {
			seam_file_info fi;
			seam_plan_file(x.p, f, &fi);
			if (strcmp(fi.path, "a.py"))
				code = 50;
		}
		if (pass == 0)
			code = 51;
	} else if (x.parse_rc != SEAM_EPARSE) {
		code = 40 + (x.plan_rc < 0 ? -x.plan_rc : 9);
	}
	run_free(&x);
	return code;
}

/*
 * Each hostile path, in each reply form, alone and next to a valid edit of a.py: the plan
 * refuses it (or reads no edit), no commit writes anything, the sentinel is untouched. Planning
 * runs in a child with a 10 s alarm, so that a FIFO opened for reading would fail the test
 * (killed by SIGALRM) instead of hanging it.
 */
TEST(hostile_fs, paths_never_leave_the_root)
{
	static const char *const paths[] = {
		"/etc/passwd", "OUTSIDE", "../outside/secret.txt", "sub/../../outside/secret.txt",
		"a/../../x", "..\\outside\\secret.txt", "sub\\..\\..\\x", "%2e%2e/outside/secret.txt",
		"%2E%2E%2Foutside", "..%2fx", ".. /x", "... /x", ". ./x", "sub/. ./../x",
		"linkdir/secret.txt", "linkdir/new.txt", "linkdir/dir/inner.txt", "linkfile",
		"abslink/secret.txt", "abslink/new.txt", "fifo", "dev", "sub/b.py/x",
		".git/config", ".git/hooks/pre-commit", ".GIT/hooks/pre-commit", ".git./config",
		".git /config", "sub/.git/config", "git~1/config", ".git\xe2\x80\x8c/config",
		".hg/hgrc", "a\x01.py", "new\nline.py", "tab\there.py", "del\x7f.py", "~/x",
		"C:/x", "c:\\x", "",
	};
	char outside_abs[PATH_MAX];
	sm_buf reply[5] = {SM_BUF_INIT, SM_BUF_INIT, SM_BUF_INIT, SM_BUF_INIT, SM_BUF_INIT};
	sm_buf both = SM_BUF_INIT;
	char *root0, *out0;
	size_t i, k;
	int stray = 0;

	CHECK(hostile_setup() == 0);
	snprintf(outside_abs, sizeof(outside_abs), "%s", at("outside/secret.txt"));
	root0 = snapshot("root", &stray);
	out0 = snapshot("outside", NULL);
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		const char *path = strcmp(paths[i], "OUTSIDE") ? paths[i] : outside_abs;
		pid_t pid;
		int status = 0;

		replies_for(path, reply);
		fflush(stdout);
		pid = fork();
		CHECK(pid >= 0);
		if (pid == 0) {
			alarm(10); /* a hang (a FIFO opened for reading) ends with SIGALRM */
			for (k = 0; k < 5; k++) {
				int pass, code;
				for (pass = 0; pass < 2; pass++) {
					if (!form_applies(path, k, pass))
						continue;
					if (pass == 1) {
						/* the same next to a valid edit: all or nothing */
						sm_buf_clear(&both);
						sm_buf_put(&both, reply[k].ptr, reply[k].len);
						sm_buf_puts(&both, "\na.py\n```\n<<<<<<< SEARCH\nx = 1\n"
								   "=======\nx = 2\n>>>>>>> REPLACE\n```\n");
					}
					code = try_reply(pass ? both.ptr : reply[k].ptr,
							 pass ? both.len : reply[k].len, pass);
					if (code) {
						printf("  path '%s', form %zu, pass %d: code %d\n",
						       paths[i], k, pass, code);
						fflush(stdout);
						_exit(code);
					}
				}
			}
			_exit(0);
		}
		waitpid(pid, &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			sm_test_fail(__FILE__, __LINE__, "path '%s': %s %d", paths[i],
				     WIFEXITED(status) ? "exit" : "signal",
				     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			return;
		}
		{
			char *r1 = snapshot("root", &stray), *o1 = snapshot("outside", NULL);
			int same = !strcmp(r1, root0) && !strcmp(o1, out0);
			free(r1);
			free(o1);
			if (!same) {
				sm_test_fail(__FILE__, __LINE__, "path '%s' changed the trees", paths[i]);
				return;
			}
		}
	}
	CHECK_INT(stray, 0);
	for (k = 0; k < 5; k++)
		sm_buf_dispose(&reply[k]);
	sm_buf_dispose(&both);
	free(root0);
	free(out0);
}

/* A symlink inside the root to a file inside the root is followed, and the file it names is
 * what changes; the link stays a link. */
TEST(hostile_fs, link_inside_root_is_followed)
{
	struct run x;
	const char *reply = "alias.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
	struct stat st;

	put("root/real/a.py", "x = 1\n");
	CHECK(symlink("real/a.py", at("root/alias.py")) == 0);
	run_plan(&x, "root", reply, strlen(reply), NULL);
	CHECK_INT(x.plan_rc, SEAM_OK);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	run_free(&x);
	CHECK(is("root/real/a.py", "x = 2\n"));
	CHECK(lstat(at("root/alias.py"), &st) == 0 && S_ISLNK(st.st_mode));
}

/* ---- changed under our feet ---- */

/* update a.py, create new.py, delete old.txt */
static const char *const three_ops =
	"```diff\ndiff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x = 1\n-y = 1\n+y = 2\n"
	"diff --git a/new.py b/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/new.py\n"
	"@@ -0,0 +1 @@\n+n = 1\n"
	"diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n--- a/old.txt\n+++ /dev/null\n"
	"@@ -1 +0,0 @@\n-old\n```\n";

static void three_setup(const char *root)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/a.py", root);
	put(p, "x = 1\ny = 1\n");
	set_old_mtime(p);
	snprintf(p, sizeof(p), "%s/old.txt", root);
	put(p, "old\n");
	set_old_mtime(p);
	snprintf(p, sizeof(p), "%s/keep.txt", root);
	put(p, "keep\n");
}

enum meddle { M_SAME_SIZE, M_GROW, M_CREATE, M_DELETE, M_CHANGE_DELETED, M_TOUCH, M_FIFO };

/* What another program does to the tree under root. */
static void meddle(const char *root, enum meddle how)
{
	char p[PATH_MAX];

	switch (how) {
	case M_SAME_SIZE:
		snprintf(p, sizeof(p), "%s/a.py", root);
		put(p, "x = 9\ny = 1\n");
		break;
	case M_GROW:
		snprintf(p, sizeof(p), "%s/a.py", root);
		put(p, "x = 1\ny = 1\nz = 1\n");
		break;
	case M_CREATE:
		snprintf(p, sizeof(p), "%s/new.py", root);
		put(p, "theirs\n");
		break;
	case M_DELETE:
		snprintf(p, sizeof(p), "%s/a.py", root);
		unlink(at(p));
		break;
	case M_CHANGE_DELETED:
		snprintf(p, sizeof(p), "%s/old.txt", root);
		put(p, "new\n");
		break;
	case M_TOUCH:
		snprintf(p, sizeof(p), "%s/a.py", root);
		utimensat(AT_FDCWD, at(p), NULL, 0);
		break;
	case M_FIFO:
		snprintf(p, sizeof(p), "%s/a.py", root);
		unlink(at(p));
		mkfifo(at(p), 0644);
		break;
	}
}

TEST(hostile_fs, changed_between_plan_and_commit)
{
	static const struct {
		enum meddle how;
		const char *file, *says;
	} cases[] = {
		{M_SAME_SIZE, "a.py", "changed"},     {M_GROW, "a.py", "changed"},
		{M_CREATE, "new.py", "created"},      {M_DELETE, "a.py", "removed"},
		{M_CHANGE_DELETED, "old.txt", "changed"}, {M_FIFO, "a.py", "changed"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char root[64], *before, *after;
		struct run x;
		int stray = 0;
		const char *msg;

		snprintf(root, sizeof(root), "chg%zu", i);
		three_setup(root);
		run_plan(&x, root, three_ops, strlen(three_ops), NULL);
		CHECK_INT(x.plan_rc, SEAM_OK);
		meddle(root, cases[i].how);
		before = snapshot(root, NULL);
		CHECK_INT(seam_plan_commit(x.p), SEAM_ECHANGED);
		msg = seam_session_errmsg(x.s);
		if (!strstr(msg, cases[i].file) || !strstr(msg, cases[i].says)) {
			sm_test_fail(__FILE__, __LINE__, "case %zu: message '%s'", i, msg);
			return;
		}
		after = snapshot(root, &stray);
		CHECK_STR(after, before); /* the other program's change, and nothing of ours */
		CHECK_INT(stray, 0);
		free(before);
		free(after);
		run_free(&x);
	}
}

/* A new mtime on the same bytes is no change: the content decides. */
TEST(hostile_fs, touched_only_still_commits)
{
	struct run x;

	three_setup("touch");
	run_plan(&x, "touch", three_ops, strlen(three_ops), NULL);
	CHECK_INT(x.plan_rc, SEAM_OK);
	meddle("touch", M_TOUCH);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	run_free(&x);
	CHECK(is("touch/a.py", "x = 1\ny = 2\n"));
	CHECK(is("touch/new.py", "n = 1\n"));
	CHECK(sm_test_read_file(at("touch/old.txt"), NULL) == NULL);
}

/* During the commit: the first write of a temporary file is the moment; every file was checked
 * already, so only the last look before each rename can see it. */
struct during {
	const char *root;
	enum meddle how;
	int done;
};

static void meddle_hook(enum sm_fault k, void *arg)
{
	struct during *d = arg;
	if (k == SM_FAULT_WRITE && !d->done) {
		d->done = 1;
		meddle(d->root, d->how);
	}
}

TEST(hostile_fs, changed_during_commit)
{
	static const struct {
		enum meddle how;
		const char *file, *says;
	} cases[] = {
		{M_SAME_SIZE, "a.py", "changed by someone else while seam was writing"},
		{M_GROW, "a.py", "changed by someone else while seam was writing"},
		{M_CREATE, "new.py", "created by someone else while seam was writing"},
		{M_DELETE, "a.py", "removed by someone else while seam was writing"},
		{M_CHANGE_DELETED, "old.txt", "changed by someone else while seam was writing"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char root[64], *after;
		struct run x;
		struct during d;
		int stray = 0, rc;
		const char *msg;

		snprintf(root, sizeof(root), "dur%zu", i);
		three_setup(root);
		run_plan(&x, root, three_ops, strlen(three_ops), NULL);
		CHECK_INT(x.plan_rc, SEAM_OK);
		d.root = root;
		d.how = cases[i].how;
		d.done = 0;
		sm_fault_set_hook(meddle_hook, &d);
		rc = seam_plan_commit(x.p);
		sm_fault_set_hook(NULL, NULL);
		CHECK_INT(d.done, 1);
		CHECK_INT(rc, SEAM_ECHANGED);
		msg = seam_session_errmsg(x.s);
		if (!strstr(msg, cases[i].file) || !strstr(msg, cases[i].says)) {
			sm_test_fail(__FILE__, __LINE__, "case %zu: message '%s'", i, msg);
			return;
		}
		after = snapshot(root, &stray);
		/* the tree as the other program left it: replay its change on a fresh copy */
		{
			char ref[64], *want;
			snprintf(ref, sizeof(ref), "ref%zu", i);
			three_setup(ref);
			meddle(ref, cases[i].how);
			want = snapshot(ref, NULL);
			/* mtimes differ between the two copies for what was rewritten: compare
			   names and contents only */
			{
				char *a = after, *w = want, *p;
				for (p = a; (p = strchr(p, ' ')) != NULL;) {
					char *e = strchr(p, '\n');
					if (!e)
						break;
					memmove(p, e, strlen(e) + 1);
					p++;
				}
				for (p = w; (p = strchr(p, ' ')) != NULL;) {
					char *e = strchr(p, '\n');
					if (!e)
						break;
					memmove(p, e, strlen(e) + 1);
					p++;
				}
				CHECK_STR(a, w);
			}
			free(want);
		}
		CHECK_INT(stray, 0);
		free(after);
		run_free(&x);
	}
}

/* ---- two seam processes ---- */

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A child that takes the lock of the tree at root, says so on `ready`, and holds it until
 * `go` is written or closed. */
static pid_t lock_holder(const char *root, int ready[2], int go[2])
{
	pid_t pid;

	if (pipe(ready) || pipe(go))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		seam_session *s;
		seam_tree *t;
		char c;
		close(ready[0]);
		close(go[1]);
		if (seam_session_new(&s, NULL) || seam_tree_open_dir(&t, s, root) || seam_tree_lock(t))
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		if (read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(ready[1]);
	close(go[0]);
	return pid;
}

TEST(hostile_fs, held_lock_fails_or_waits_bounded)
{
	seam_options o = SEAM_OPTIONS_INIT;
	int ready[2], go[2];
	struct run x;
	pid_t pid;
	char c, *before, *after;
	double t0, dt;

	three_setup("lk");
	before = snapshot("lk", NULL);
	pid = lock_holder(at("lk"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);

	/* no wait: at once */
	o.flags = SEAM_FLAG_NO_WAIT;
	run_plan(&x, "lk", three_ops, strlen(three_ops), &o);
	CHECK_INT(x.plan_rc, SEAM_OK); /* planning reads only */
	t0 = wall();
	CHECK_INT(seam_tree_lock(x.t), SEAM_EBUSY);
	CHECK_INT(seam_plan_commit(x.p), SEAM_EBUSY);
	dt = wall() - t0;
	CHECK(dt < 0.5);
	CHECK(strstr(seam_session_errmsg(x.s), "another seam process is writing to") != NULL);
	CHECK(strstr(seam_session_errmsg(x.s), "lk") != NULL);
	run_free(&x);

	/* a bounded wait */
	o.flags = 0;
	o.lock_wait_ms = 300;
	run_plan(&x, "lk", three_ops, strlen(three_ops), &o);
	t0 = wall();
	CHECK_INT(seam_plan_commit(x.p), SEAM_EBUSY);
	dt = wall() - t0;
	CHECK(dt >= 0.29 && dt < 3.0);
	CHECK(strstr(seam_session_errmsg(x.s), "waited") != NULL);
	after = snapshot("lk", NULL);
	CHECK_STR(after, before);
	free(after);

	/* released: the same plan goes through */
	CHECK(write(go[1], "g", 1) == 1);
	waitpid(pid, NULL, 0);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	run_free(&x);
	CHECK(is("lk/a.py", "x = 1\ny = 2\n"));
	close(ready[0]);
	close(go[1]);
	free(before);
}

/* A lock dies with its process, however it ends: nothing to clean up. */
TEST(hostile_fs, lock_of_a_killed_process_is_gone)
{
	int ready[2], go[2];
	seam_session *s;
	seam_tree *t;
	pid_t pid;
	char c;

	put("kl/a.py", "x = 1\n");
	pid = lock_holder(at("kl"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	{
		seam_options o = SEAM_OPTIONS_INIT;
		o.flags = SEAM_FLAG_NO_WAIT;
		CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	}
	CHECK_INT(seam_tree_open_dir(&t, s, at("kl")), SEAM_OK);
	CHECK_INT(seam_tree_lock(t), SEAM_OK);
	CHECK_INT(seam_tree_lock(t), SEAM_OK); /* nests */
	seam_tree_unlock(t);
	seam_tree_unlock(t);
	seam_tree_unlock(t); /* one too many: harmless */
	seam_tree_free(t);
	seam_session_free(s);
	close(ready[0]);
	close(go[1]);
}

/* Locking creates nothing, so a read-only root can be locked and nothing is left behind. */
TEST(hostile_fs, lock_creates_nothing)
{
	seam_session *s;
	seam_tree *t;
	char *before, *after;

	put("ro/a.py", "x = 1\n");
	CHECK(chmod(at("ro"), 0555) == 0);
	before = snapshot("ro", NULL);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, at("ro")), SEAM_OK);
	CHECK_INT(seam_tree_lock(t), SEAM_OK);
	seam_tree_unlock(t);
	seam_tree_free(t);
	seam_session_free(s);
	after = snapshot("ro", NULL);
	CHECK_STR(after, before);
	chmod(at("ro"), 0755);
	free(before);
	free(after);
}

/* In a repository, the lock is the repository's: a root in a subdirectory waits too. */
TEST(hostile_fs, lock_is_the_repositorys)
{
	seam_options o = SEAM_OPTIONS_INIT;
	int ready[2], go[2];
	seam_session *s;
	seam_tree *t;
	pid_t pid;
	char c;

	put("repo/.git/HEAD", "ref: refs/heads/main\n");
	put("repo/src/deep/a.py", "x = 1\n");
	pid = lock_holder(at("repo"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);
	o.flags = SEAM_FLAG_NO_WAIT;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, at("repo/src/deep")), SEAM_OK);
	CHECK_INT(seam_tree_lock(t), SEAM_EBUSY);
	CHECK(write(go[1], "g", 1) == 1);
	waitpid(pid, NULL, 0);
	CHECK_INT(seam_tree_lock(t), SEAM_OK);
	seam_tree_unlock(t);
	seam_tree_free(t);
	seam_session_free(s);
	close(ready[0]);
	close(go[1]);
}

/*
 * Two processes apply a reply each to the same file at once, as `seam apply` does (lock, plan,
 * commit): the first holds the lock across a slow moment between plan and commit; the second
 * waits, then plans on what the first wrote. Both changes end up in the file: no lost update,
 * no mix. With edits that conflict, the second is refused and the first's result stays whole.
 */
static int apply_locked(const char *root, const char *reply, int hold_ms, int say_fd)
{
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p = NULL;
	int rc;

	if (seam_session_new(&s, NULL) || seam_reply_parse(&r, s, reply, strlen(reply)) ||
	    seam_tree_open_dir(&t, s, root))
		return -100;
	rc = seam_tree_lock(t);
	if (rc == SEAM_OK) {
		rc = seam_plan_new(&p, s, r, t);
		if (say_fd >= 0 && write(say_fd, "p", 1) != 1)
			rc = -101;
		if (hold_ms)
			usleep((useconds_t)hold_ms * 1000);
		if (rc == SEAM_OK)
			rc = seam_plan_commit(p);
		seam_tree_unlock(t);
	}
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	return rc;
}

TEST(hostile_fs, two_processes_at_once)
{
	static const char *const ra =
		"f.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
	static const char *const rb =
		"f.py\n```\n<<<<<<< SEARCH\nz = 1\n=======\nz = 2\n>>>>>>> REPLACE\n```\n";
	static const char *const rc_conflict =
		"f.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 3\n>>>>>>> REPLACE\n```\n";
	int round;

	for (round = 0; round < 2; round++) {
		int planned[2], status;
		char c, root[64];
		pid_t pid;
		double t0;
		int rc;

		snprintf(root, sizeof(root), "two%d", round);
		{
			char p[128];
			snprintf(p, sizeof(p), "%s/f.py", root);
			put(p, "x = 1\ny = 1\nz = 1\n");
		}
		CHECK(pipe(planned) == 0);
		fflush(stdout);
		pid = fork();
		CHECK(pid >= 0);
		if (pid == 0) {
			close(planned[0]);
			_exit(apply_locked(at(root), ra, 300, planned[1]) == SEAM_OK ? 0 : 1);
		}
		close(planned[1]);
		CHECK(read(planned[0], &c, 1) == 1); /* the first has planned, holds the lock */
		t0 = wall();
		rc = apply_locked(at(root), round == 0 ? rb : rc_conflict, 0, -1);
		CHECK(wall() - t0 > 0.15); /* it waited for the first */
		waitpid(pid, &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		close(planned[0]);
		{
			char p[128];
			snprintf(p, sizeof(p), "%s/f.py", root);
			if (round == 0) {
				CHECK_INT(rc, SEAM_OK);
				CHECK(is(p, "x = 2\ny = 1\nz = 2\n"));
			} else {
				CHECK_INT(rc, SEAM_EFAIL); /* "x = 1" is gone: not found */
				CHECK(is(p, "x = 2\ny = 1\nz = 1\n"));
			}
		}
	}
}
