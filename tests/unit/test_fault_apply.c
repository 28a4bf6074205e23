/*
 * Fault injection over a whole apply, through seam.h: parse, open, plan, render, commit of a
 * diff touching four files (two updates, a creation in a new directory, a deletion), with the Nth allocation failing (sm_alloc_fail_after) and
 * with the Nth filesystem call failing (sm_fault_arm_any), for every N until the apply goes
 * through. After each failure the tree must be exactly as before (no stray .seam-* file, no
 * directory left), and after the success exactly as expected; ASan's leak check covers the
 * failure paths.
 */
#define _GNU_SOURCE
#include "test.h"
#include "seam.h"
#include "util/alloc.h"
#include "util/fault.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char REPLY[] =
	"I changed four files.\n"
	"\n"
	"```diff\n"
	"--- a/src/app.py\n"
	"+++ b/src/app.py\n"
	"@@ -3,3 +3,3 @@\n"
	" \n"
	" def greet(name):\n"
	"-    return \"Hello \" + name\n"
	"+    return f\"Hello, {name}!\"\n"
	"--- a/README.md\n"
	"+++ b/README.md\n"
	"@@ -1,3 +1,3 @@\n"
	" # App\n"
	"-Says hello.\n"
	"+Says hello, politely.\n"
	" \n"
	"--- /dev/null\n"
	"+++ b/lib/new/util.py\n"
	"@@ -0,0 +1,2 @@\n"
	"+def util():\n"
	"+    return 42\n"
	"--- a/old.txt\n"
	"+++ /dev/null\n"
	"@@ -1 +0,0 @@\n"
	"-obsolete\n"
	"```\n";

static const char APP_BEFORE[] = "import os\n\n\ndef greet(name):\n    return \"Hello \" + name\n";
static const char APP_AFTER[] = "import os\n\n\ndef greet(name):\n    return f\"Hello, {name}!\"\n";
static const char README_BEFORE[] = "# App\nSays hello.\n\nMore text.\n";
static const char README_AFTER[] = "# App\nSays hello, politely.\n\nMore text.\n";
static const char UTIL_AFTER[] = "def util():\n    return 42\n";

static void put(const char *root, const char *rel, const char *data)
{
	char p[PATH_MAX], *s;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	sm_test_write_file(p, data, strlen(data));
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every entry under dir, sorted, with type and content; counts names starting with .seam-. */
static void snap(const char *dir, const char *rel, FILE *out, int *stray)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *names[64];
	size_t n = 0, i;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL && n < 64)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_name);
	for (i = 0; i < n; i++) {
		char p[PATH_MAX], r[PATH_MAX];
		struct stat st;

		snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
		snprintf(r, sizeof(r), "%s%s%s", rel, *rel ? "/" : "", names[i]);
		if (!strncmp(names[i], ".seam", 5))
			(*stray)++;
		if (lstat(p, &st) == 0) {
			fprintf(out, "%s %o\n", r, (unsigned)st.st_mode);
			if (S_ISDIR(st.st_mode)) {
				snap(p, r, out, stray);
			} else if (S_ISREG(st.st_mode)) {
				size_t len;
				char *data = sm_test_read_file(p, &len);
				if (data)
					fwrite(data, 1, len, out);
				fputc('\n', out);
				free(data);
			}
		}
		free(names[i]);
	}
}

static char *snapshot(const char *root, int *stray)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*stray = 0;
	snap(root, "", f, stray);
	fclose(f);
	return buf;
}

static void make_tree(const char *root)
{
	mkdir(root, 0777);
	put(root, "src/app.py", APP_BEFORE);
	put(root, "README.md", README_BEFORE);
	put(root, "old.txt", "obsolete\n");
	put(root, "keep.txt", "untouched\n");
}

static int file_is(const char *root, const char *rel, const char *want)
{
	char p[PATH_MAX];
	size_t n;
	char *got;
	int ok;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	got = sm_test_read_file(p, &n);
	ok = want ? got && n == strlen(want) && !memcmp(got, want, n) : got == NULL;
	free(got);
	return ok;
}

static int applied(const char *root)
{
	return file_is(root, "src/app.py", APP_AFTER) && file_is(root, "README.md", README_AFTER) &&
	       file_is(root, "lib/new/util.py", UTIL_AFTER) && file_is(root, "old.txt", NULL) &&
	       file_is(root, "keep.txt", "untouched\n");
}

/*
 * One whole apply. Returns the first failing code (0 when everything went through); renders
 * every form of the plan on the way, which may fail too.
 */
static int apply_once(const char *root)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	int rc, how;

	rc = seam_session_new(&s, NULL);
	if (rc)
		return rc;
	rc = seam_reply_parse(&r, s, REPLY, sizeof(REPLY) - 1);
	if (!rc)
		rc = seam_tree_open_dir(&t, s, root);
	if (!rc)
		rc = seam_plan_new(&p, s, r, t);
	for (how = SEAM_RENDER_TEXT; !rc && how <= SEAM_RENDER_FEEDBACK; how++) {
		char *out = NULL;
		size_t len = 0;
		rc = seam_plan_render(p, (seam_render_t)how, &out, &len);
		if (!rc && (!out || out[len] != '\0'))
			rc = -100;
		seam_free(out);
	}
	if (!rc)
		rc = seam_plan_commit(p);
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	return rc;
}

TEST(fault_apply, reply_applies)
{
	char root[1024];

	snprintf(root, sizeof(root), "%s/t", sm_test_tmpdir());
	make_tree(root);
	CHECK_INT(apply_once(root), 0);
	CHECK(applied(root));
}

TEST(fault_apply, every_allocation)
{
	long k;
	int rc = -1, failures = 0;

	for (k = 0; k < 20000 && rc; k++) {
		char root[1024], *before, *after;
		int stray;

		snprintf(root, sizeof(root), "%s/m%ld", sm_test_tmpdir(), k);
		make_tree(root);
		before = snapshot(root, &stray);
		sm_alloc_fail_after(k);
		rc = apply_once(root);
		sm_alloc_fail_after(-1);
		after = snapshot(root, &stray);
		if (stray) {
			sm_test_fail(__FILE__, __LINE__, "k=%ld: stray file left:\n%s", k, after);
			return;
		}
		if (rc) {
			failures++;
			if (rc != SEAM_ENOMEM || strcmp(before, after)) {
				sm_test_fail(__FILE__, __LINE__,
					     "k=%ld: rc %d\n--- before\n%s--- after\n%s", k, rc, before,
					     after);
				return;
			}
		} else {
			CHECK(applied(root));
		}
		free(before);
		free(after);
	}
	CHECK_INT(rc, 0);
	CHECK(failures > 10); /* the loop did reach the allocations */
}

TEST(fault_apply, every_filesystem_call)
{
	unsigned long n;
	int rc = -1, failures = 0;

	for (n = 1; n < 5000 && rc; n++) {
		char root[1024], *before, *after;
		int stray, pending;

		snprintf(root, sizeof(root), "%s/f%lu", sm_test_tmpdir(), n);
		make_tree(root);
		before = snapshot(root, &stray);
		sm_fault_arm_any(n);
		rc = apply_once(root);
		pending = sm_fault_pending();
		sm_fault_reset();
		after = snapshot(root, &stray);
		if (stray) {
			sm_test_fail(__FILE__, __LINE__, "n=%lu: stray file left:\n%s", n, after);
			return;
		}
		if (pending) {
			/* n is past the last call: the apply went through */
			CHECK_INT(rc, 0);
		}
		if (rc) {
			failures++;
			/* a read that fails is a failed plan (io-error); a write, SEAM_EIO */
			if ((rc != SEAM_EIO && rc != SEAM_EFAIL && rc != SEAM_ERROR) ||
			    strcmp(before, after)) {
				sm_test_fail(__FILE__, __LINE__,
					     "n=%lu: rc %d\n--- before\n%s--- after\n%s", n, rc, before,
					     after);
				return;
			}
		} else {
			CHECK(applied(root));
		}
		free(before);
		free(after);
	}
	CHECK_INT(rc, 0);
	CHECK(failures > 5);
}
