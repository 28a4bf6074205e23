/*
 * Files changed by someone else between seam_plan_new and seam_plan_commit, or while the
 * commit writes its temporaries: changed in place, grown, created where the plan creates one,
 * removed, replaced by a FIFO. The commit writes nothing, names the file, leaves no temporary;
 * the other program's change is what the tree holds. A new mtime on the same bytes is no
 * change.
 */
#define _GNU_SOURCE
#include "test.h"
#include "disk_fixture.h"
#include "seam.h"
#include "util/buf.h"
#include "util/fault.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum meddle { M_SAME_SIZE, M_GROW, M_CREATE, M_DELETE, M_CHANGE_DELETED, M_TOUCH, M_FIFO };

/* What another program does to the tree under root. */
static void meddle(const char *root, enum meddle how)
{
	char p[PATH_MAX];

	switch (how) {
	case M_SAME_SIZE:
		snprintf(p, sizeof(p), "%s/a.py", root);
		df_put(p, "x = 9\ny = 1\n");
		break;
	case M_GROW:
		snprintf(p, sizeof(p), "%s/a.py", root);
		df_put(p, "x = 1\ny = 1\nz = 1\n");
		break;
	case M_CREATE:
		snprintf(p, sizeof(p), "%s/new.py", root);
		df_put(p, "theirs\n");
		break;
	case M_DELETE:
		snprintf(p, sizeof(p), "%s/a.py", root);
		unlink(df_at(p));
		break;
	case M_CHANGE_DELETED:
		snprintf(p, sizeof(p), "%s/old.txt", root);
		df_put(p, "new\n");
		break;
	case M_TOUCH:
		snprintf(p, sizeof(p), "%s/a.py", root);
		utimensat(AT_FDCWD, df_at(p), NULL, 0);
		break;
	case M_FIFO:
		snprintf(p, sizeof(p), "%s/a.py", root);
		unlink(df_at(p));
		mkfifo(df_at(p), 0644);
		break;
	}
}

TEST(changed, changed_between_plan_and_commit)
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
		df_run x;
		int stray = 0;
		const char *msg;

		snprintf(root, sizeof(root), "chg%zu", i);
		df_three_setup(root);
		df_plan(&x, root, df_three_ops, strlen(df_three_ops), NULL);
		CHECK_INT(x.plan_rc, SEAM_OK);
		meddle(root, cases[i].how);
		before = df_snapshot(root, 1, NULL);
		CHECK_INT(seam_plan_commit(x.p), SEAM_ECHANGED);
		msg = seam_session_errmsg(x.s);
		if (!strstr(msg, cases[i].file) || !strstr(msg, cases[i].says)) {
			sm_test_fail(__FILE__, __LINE__, "case %zu: message '%s'", i, msg);
			return;
		}
		after = df_snapshot(root, 1, &stray);
		CHECK_STR(after, before); /* the other program's change, and nothing of ours */
		CHECK_INT(stray, 0);
		free(before);
		free(after);
		df_run_free(&x);
	}
}

/* A new mtime on the same bytes is no change: the content decides. */
TEST(changed, touched_only_still_commits)
{
	df_run x;

	df_three_setup("touch");
	df_plan(&x, "touch", df_three_ops, strlen(df_three_ops), NULL);
	CHECK_INT(x.plan_rc, SEAM_OK);
	meddle("touch", M_TOUCH);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	df_run_free(&x);
	CHECK(df_is("touch/a.py", "x = 1\ny = 2\n"));
	CHECK(df_is("touch/new.py", "n = 1\n"));
	CHECK(sm_test_read_file(df_at("touch/old.txt"), NULL) == NULL);
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

TEST(changed, changed_during_commit)
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
		df_run x;
		struct during d;
		int stray = 0, rc;
		const char *msg;

		snprintf(root, sizeof(root), "dur%zu", i);
		df_three_setup(root);
		df_plan(&x, root, df_three_ops, strlen(df_three_ops), NULL);
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
		/* the tree as the other program left it: its change replayed on a fresh copy
		   (mtimes differ between the two copies: left out) */
		after = df_snapshot(root, 0, &stray);
		{
			char ref[64], *want;
			snprintf(ref, sizeof(ref), "ref%zu", i);
			df_three_setup(ref);
			meddle(ref, cases[i].how);
			want = df_snapshot(ref, 0, NULL);
			CHECK_STR(after, want);
			free(want);
		}
		CHECK_INT(stray, 0);
		free(after);
		df_run_free(&x);
	}
}
