/* Helpers of the disk-tree tests (disk_fixture.h). */
#define _GNU_SOURCE
#include "disk_fixture.h"
#include "test.h"
#include "util/buf.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *df_at(const char *rel)
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

void df_put(const char *rel, const char *data)
{
	char p[PATH_MAX], *s;

	snprintf(p, sizeof(p), "%s", df_at(rel));
	for (s = p + strlen(sm_test_tmpdir()) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	sm_test_write_file(p, data, strlen(data));
}

int df_is(const char *rel, const char *want)
{
	size_t n;
	char *got = sm_test_read_file(df_at(rel), &n);
	int ok = got && n == strlen(want) && !memcmp(got, want, n);
	free(got);
	return ok;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void snap(const char *dir, const char *rel, int with_mtime, sm_buf *out, int *stray)
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
			sm_buf_printf(out, "%s %o %lld", r, (unsigned)st.st_mode,
				      (long long)st.st_size);
			if (with_mtime)
				sm_buf_printf(out, " %lld.%09ld", (long long)st.st_mtim.tv_sec,
					      st.st_mtim.tv_nsec);
			sm_buf_putc(out, '\n');
			if (S_ISDIR(st.st_mode)) {
				snap(p, r, with_mtime, out, stray);
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

char *df_snapshot(const char *rel, int with_mtime, int *stray)
{
	sm_buf b = SM_BUF_INIT;
	int s = 0;

	sm_buf_puts(&b, "");
	snap(df_at(rel), "", with_mtime, &b, stray ? stray : &s);
	return sm_buf_detach(&b, NULL);
}

void df_plan(df_run *x, const char *root, const char *reply, size_t len, const seam_options *o)
{
	memset(x, 0, sizeof(*x));
	x->parse_rc = x->plan_rc = -100;
	if (seam_session_new(&x->s, o))
		return;
	x->parse_rc = seam_reply_parse(&x->r, x->s, reply, len);
	if (x->parse_rc)
		return;
	if (seam_tree_open_dir(&x->t, x->s, df_at(root)))
		return;
	x->plan_rc = seam_plan_new(&x->p, x->s, x->r, x->t);
}

void df_run_free(df_run *x)
{
	seam_plan_free(x->p);
	seam_reply_free(x->r);
	seam_tree_free(x->t);
	seam_session_free(x->s);
}

int df_file_status(const df_run *x, size_t i)
{
	seam_file_info fi;
	if (!x->p || seam_plan_file(x->p, i, &fi))
		return -1;
	return (int)fi.status;
}

void df_old_mtime(const char *rel)
{
	struct timespec ts[2] = {{1000000000, 0}, {1000000000, 0}};
	utimensat(AT_FDCWD, df_at(rel), ts, AT_SYMLINK_NOFOLLOW);
}

double df_wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* update a.py, create new.py, delete old.txt */
const char *const df_three_ops =
	"```diff\ndiff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x = 1\n-y = 1\n+y = 2\n"
	"diff --git a/new.py b/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/new.py\n"
	"@@ -0,0 +1 @@\n+n = 1\n"
	"diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n--- a/old.txt\n+++ /dev/null\n"
	"@@ -1 +0,0 @@\n-old\n```\n";

void df_three_setup(const char *root)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/a.py", root);
	df_put(p, "x = 1\ny = 1\n");
	df_old_mtime(p);
	snprintf(p, sizeof(p), "%s/old.txt", root);
	df_put(p, "old\n");
	df_old_mtime(p);
	snprintf(p, sizeof(p), "%s/keep.txt", root);
	df_put(p, "keep\n");
}
