/*
 * The tree's lock (seam_tree_lock): two seam processes on one tree, or on two directories of
 * one repository, never write at once; the second waits (bounded) or fails at once with
 * SEAM_FLAG_NO_WAIT, then works on what the first wrote. The lock creates nothing and dies
 * with its process.
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
#include <sys/wait.h>
#include <unistd.h>

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

TEST(tree_lock, held_lock_fails_or_waits_bounded)
{
	seam_options o = SEAM_OPTIONS_INIT;
	int ready[2], go[2];
	df_run x;
	pid_t pid;
	char c, *before, *after;
	double t0, dt;

	df_three_setup("lk");
	before = df_snapshot("lk", 1, NULL);
	pid = lock_holder(df_at("lk"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);

	/* no wait: at once */
	o.flags = SEAM_FLAG_NO_WAIT;
	df_plan(&x, "lk", df_three_ops, strlen(df_three_ops), &o);
	CHECK_INT(x.plan_rc, SEAM_OK); /* planning reads only */
	t0 = df_wall();
	CHECK_INT(seam_tree_lock(x.t), SEAM_EBUSY);
	CHECK_INT(seam_plan_commit(x.p), SEAM_EBUSY);
	dt = df_wall() - t0;
	CHECK(dt < 0.5);
	CHECK(strstr(seam_session_errmsg(x.s), "another seam process is writing to") != NULL);
	CHECK(strstr(seam_session_errmsg(x.s), "lk") != NULL);
	df_run_free(&x);

	/* a bounded wait */
	o.flags = 0;
	o.lock_wait_ms = 300;
	df_plan(&x, "lk", df_three_ops, strlen(df_three_ops), &o);
	t0 = df_wall();
	CHECK_INT(seam_plan_commit(x.p), SEAM_EBUSY);
	dt = df_wall() - t0;
	CHECK(dt >= 0.29 && dt < 3.0);
	CHECK(strstr(seam_session_errmsg(x.s), "waited") != NULL);
	after = df_snapshot("lk", 1, NULL);
	CHECK_STR(after, before);
	free(after);

	/* released: the same plan goes through */
	CHECK(write(go[1], "g", 1) == 1);
	waitpid(pid, NULL, 0);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	df_run_free(&x);
	CHECK(df_is("lk/a.py", "x = 1\ny = 2\n"));
	close(ready[0]);
	close(go[1]);
	free(before);
}

/* A lock dies with its process, however it ends: nothing to clean up. */
TEST(tree_lock, lock_of_a_killed_process_is_gone)
{
	int ready[2], go[2];
	seam_session *s;
	seam_tree *t;
	pid_t pid;
	char c;

	df_put("kl/a.py", "x = 1\n");
	pid = lock_holder(df_at("kl"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	{
		seam_options o = SEAM_OPTIONS_INIT;
		o.flags = SEAM_FLAG_NO_WAIT;
		CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	}
	CHECK_INT(seam_tree_open_dir(&t, s, df_at("kl")), SEAM_OK);
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
TEST(tree_lock, lock_creates_nothing)
{
	seam_session *s;
	seam_tree *t;
	char *before, *after;

	df_put("ro/a.py", "x = 1\n");
	CHECK(chmod(df_at("ro"), 0555) == 0);
	before = df_snapshot("ro", 1, NULL);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, df_at("ro")), SEAM_OK);
	CHECK_INT(seam_tree_lock(t), SEAM_OK);
	seam_tree_unlock(t);
	seam_tree_free(t);
	seam_session_free(s);
	after = df_snapshot("ro", 1, NULL);
	CHECK_STR(after, before);
	chmod(df_at("ro"), 0755);
	free(before);
	free(after);
}

/* In a repository, the lock is the repository's: a root in a subdirectory waits too. */
TEST(tree_lock, lock_is_the_repositorys)
{
	seam_options o = SEAM_OPTIONS_INIT;
	int ready[2], go[2];
	seam_session *s;
	seam_tree *t;
	pid_t pid;
	char c;

	df_put("repo/.git/HEAD", "ref: refs/heads/main\n");
	df_put("repo/src/deep/a.py", "x = 1\n");
	pid = lock_holder(df_at("repo"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);
	o.flags = SEAM_FLAG_NO_WAIT;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, df_at("repo/src/deep")), SEAM_OK);
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

TEST(tree_lock, two_processes_at_once)
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
			df_put(p, "x = 1\ny = 1\nz = 1\n");
		}
		CHECK(pipe(planned) == 0);
		fflush(stdout);
		pid = fork();
		CHECK(pid >= 0);
		if (pid == 0) {
			close(planned[0]);
			_exit(apply_locked(df_at(root), ra, 300, planned[1]) == SEAM_OK ? 0 : 1);
		}
		close(planned[1]);
		CHECK(read(planned[0], &c, 1) == 1); /* the first has planned, holds the lock */
		t0 = df_wall();
		rc = apply_locked(df_at(root), round == 0 ? rb : rc_conflict, 0, -1);
		CHECK(df_wall() - t0 > 0.15); /* it waited for the first */
		waitpid(pid, &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		close(planned[0]);
		{
			char p[128];
			snprintf(p, sizeof(p), "%s/f.py", root);
			if (round == 0) {
				CHECK_INT(rc, SEAM_OK);
				CHECK(df_is(p, "x = 2\ny = 1\nz = 2\n"));
			} else {
				CHECK_INT(rc, SEAM_EFAIL); /* "x = 1" is gone: not found */
				CHECK(df_is(p, "x = 2\ny = 1\nz = 1\n"));
			}
		}
	}
}

/*
 * Nested roots outside a repository take different plan locks (the root of each), but the
 * commit also locks the directory of each file it writes: a commit through the outer root
 * waits for a process holding the inner root, whatever root led to the file.
 */
TEST(tree_lock, nested_roots_exclude_each_other)
{
	static const char reply[] = "sub/f.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n"
				    ">>>>>>> REPLACE\n```\n";
	seam_options o = SEAM_OPTIONS_INIT;
	int ready[2], go[2];
	df_run x;
	pid_t pid;
	char c;

	df_put("nest/sub/f.py", "x = 1\n");
	pid = lock_holder(df_at("nest/sub"), ready, go);
	CHECK(pid > 0);
	CHECK(read(ready[0], &c, 1) == 1);
	o.flags = SEAM_FLAG_NO_WAIT;
	df_plan(&x, "nest", reply, strlen(reply), &o);
	CHECK_INT(x.plan_rc, SEAM_OK);
	CHECK_INT(seam_tree_lock(x.t), SEAM_OK); /* the outer root's own lock is free */
	CHECK_INT(seam_plan_commit(x.p), SEAM_EBUSY);
	CHECK(df_is("nest/sub/f.py", "x = 1\n"));
	CHECK(write(go[1], "g", 1) == 1);
	waitpid(pid, NULL, 0);
	CHECK_INT(seam_plan_commit(x.p), SEAM_OK);
	CHECK(df_is("nest/sub/f.py", "x = 2\n"));
	df_run_free(&x);
	close(ready[0]);
	close(go[1]);
}
