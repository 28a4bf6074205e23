/*
 * Paths in a reply that try to leave the root, through seam.h on a real directory: absolute,
 * "..", back-slashes, %2e%2e, names of dots and spaces, symlinked directories and files leading
 * out, a FIFO and a device, .git/ (any spelling), control bytes and newlines. Each is refused
 * in every reply form, alone and next to a valid edit, nothing is written, and a sentinel
 * directory beside the root stays byte-identical.
 */
#define _GNU_SOURCE
#include "test.h"
#include "disk_fixture.h"
#include "seam.h"
#include "util/buf.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * A root with a few files, symlinks leading out, a FIFO and (as root) a device; beside it a
 * sentinel directory that no reply may touch.
 */
static int hostile_setup(void)
{
	df_put("root/a.py", "x = 1\n");
	df_put("root/.git/config", "[core]\n");
	df_put("root/.git/hooks/README", "hooks\n");
	df_put("root/sub/b.py", "y = 1\n");
	df_put("outside/secret.txt", "secret\n");
	df_put("outside/dir/inner.txt", "inner\n");
	if (symlink("../outside", df_at("root/linkdir")) || symlink("../outside/secret.txt", df_at("root/linkfile")) ||
	    symlink(df_at("outside"), df_at("root/abslink")) || mkfifo(df_at("root/fifo"), 0644))
		return -1;
	if (mknod(df_at("root/dev"), S_IFCHR | 0644, makedev(1, 3)))
		df_put("root/dev", "not a device here\n"); /* not root: the FIFO covers it */
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
	df_run x;
	int code = 0;
	size_t f, nf;

	df_plan(&x, "root", text, len, NULL);
	nf = x.p ? seam_plan_file_count(x.p) : 0;
	if (x.parse_rc == SEAM_OK && x.plan_rc == SEAM_EFAIL) {
		/* refused; and a refused plan cannot be written */
		if (seam_plan_commit(x.p) != SEAM_EFAIL)
			code = 20;
		else if (df_file_status(&x, 0) != SEAM_STATUS_REFUSED_PATH &&
			 df_file_status(&x, 0) != SEAM_STATUS_NOT_FOUND)
			code = 30 + df_file_status(&x, 0);
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
	df_run_free(&x);
	return code;
}

/*
 * Each hostile path, in each reply form, alone and next to a valid edit of a.py: the plan
 * refuses it (or reads no edit), no commit writes anything, the sentinel is untouched. Planning
 * runs in a child with a 10 s alarm, so that a FIFO opened for reading would fail the test
 * (killed by SIGALRM) instead of hanging it.
 */
TEST(hostile_paths, paths_never_leave_the_root)
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
	snprintf(outside_abs, sizeof(outside_abs), "%s", df_at("outside/secret.txt"));
	root0 = df_snapshot("root", 1, &stray);
	out0 = df_snapshot("outside", 1, NULL);
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
			char *r1 = df_snapshot("root", 1, &stray), *o1 = df_snapshot("outside", 1, NULL);
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
TEST(hostile_paths, link_inside_root_is_followed)
{
	df_run x;
	const char *reply = "alias.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
	struct stat st;

	df_put("root/real/a.py", "x = 1\n");
	CHECK(symlink("real/a.py", df_at("root/alias.py")) == 0);
	df_plan(&x, "root", reply, strlen(reply), NULL);
	CHECK_INT(x.plan_rc, SEAM_OK);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	df_run_free(&x);
	CHECK(df_is("root/real/a.py", "x = 2\n"));
	CHECK(lstat(df_at("root/alias.py"), &st) == 0 && S_ISLNK(st.st_mode));
}
