/*
 * What makes seam usable from several threads, checked in the normal build (make check-tsan
 * runs the harness of tests/tsan/ under ThreadSanitizer): the test hooks are per thread, a plan
 * follows its own session's options whatever session made its tree, several plans may read one
 * tree at once, and system errors are put into words without strerror's shared buffer.
 */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "seam.h"
#include "util/alloc.h"
#include "util/errno_text.h"
#include "util/fault.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void *alloc_in_thread(void *arg)
{
	int *res = arg;
	void *p = sm_malloc(16);

	res[0] = p != NULL;
	res[1] = (int)sm_alloc_count();
	sm_free(p);
	return NULL;
}

TEST(threads, alloc_hook_fails_its_own_thread_only)
{
	pthread_t th;
	int res[2] = {0, 0};
	unsigned long before = sm_alloc_count();
	void *p;

	sm_alloc_fail_after(0); /* this thread's next allocation fails */
	CHECK_INT(pthread_create(&th, NULL, alloc_in_thread, res), 0);
	pthread_join(th, NULL);
	p = sm_malloc(16);
	sm_alloc_fail_after(-1);
	CHECK(p == NULL);
	CHECK_INT(res[0], 1);
	CHECK_INT(res[1], 1); /* a new thread counts its own allocations from 0 */
	CHECK(sm_alloc_count() == before + 1);
}

static void *fault_in_thread(void *arg)
{
	int *res = arg;

	res[0] = sm_fault_hit(SM_FAULT_OPEN);
	res[1] = (int)sm_fault_total();
	return NULL;
}

TEST(threads, fault_hook_fails_its_own_thread_only)
{
	pthread_t th;
	int res[2] = {-1, -1}, hit;

	sm_fault_arm_any(1);
	CHECK_INT(pthread_create(&th, NULL, fault_in_thread, res), 0);
	pthread_join(th, NULL);
	CHECK_INT(sm_fault_pending(), 1); /* the other thread's call did not take it */
	hit = sm_fault_hit(SM_FAULT_READ);
	sm_fault_reset();
	CHECK_INT(hit, 1);
	CHECK_INT(res[0], 0);
	CHECK_INT(res[1], 1);
}

/* Plans reply on a memory tree made with a session of flags tree_flags, with a session of
 * flags plan_flags; returns the status of the reply's file. */
static int plan_status(unsigned int tree_flags, unsigned int plan_flags, const char *reply)
{
	seam_options o1 = SEAM_OPTIONS_INIT, o2 = SEAM_OPTIONS_INIT;
	seam_session *ts = NULL, *ps = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_file_info fi;
	int st = -100;

	o1.flags = tree_flags;
	o2.flags = plan_flags;
	if (!seam_session_new(&ts, &o1) && !seam_session_new(&ps, &o2) &&
	    !seam_tree_new_memory(&t, ts) && !seam_tree_put(t, "src/calc.py", "x = 1\n", 6, 0644) &&
	    !seam_reply_parse(&r, ps, reply, strlen(reply))) {
		seam_plan_new(&p, ps, r, t);
		if (p && seam_plan_file(p, 0, &fi) == SEAM_OK)
			st = (int)fi.status;
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(ps);
	seam_session_free(ts);
	return st;
}

TEST(threads, plan_follows_its_own_session_not_the_trees)
{
	/* calc.py is not in the tree; src/calc.py is, and only name resolution finds it */
	static const char reply[] =
		"calc.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";

	CHECK_INT(plan_status(0, 0, reply), SEAM_STATUS_APPLIED);
	CHECK_INT(plan_status(SEAM_FLAG_NO_NAME_RESOLVE, 0, reply), SEAM_STATUS_APPLIED);
	CHECK_INT(plan_status(0, SEAM_FLAG_NO_NAME_RESOLVE, reply), SEAM_STATUS_NOT_FOUND);
	CHECK_INT(plan_status(SEAM_FLAG_NO_NAME_RESOLVE, SEAM_FLAG_NO_NAME_RESOLVE, reply),
		  SEAM_STATUS_NOT_FOUND);
}

struct shared_run {
	seam_tree *t;
	int ok;
};

/* A misspelt name: the first plan to need the tree's list of names makes it, whichever
 * thread that is; every plan must find the file. */
static void *plan_on_shared(void *arg)
{
	static const char reply[] = "lib/utils.py\n```\n<<<<<<< SEARCH\ndef f():\n=======\n"
				    "def g():\n>>>>>>> REPLACE\n```\n";
	struct shared_run *x = arg;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_file_info fi;
	int k;

	x->ok = 1;
	for (k = 0; k < 20 && x->ok; k++) {
		x->ok = !seam_session_new(&s, NULL) &&
			!seam_reply_parse(&r, s, reply, strlen(reply)) &&
			seam_plan_new(&p, s, r, x->t) == SEAM_OK && !seam_plan_file(p, 0, &fi) &&
			!strcmp(fi.path, "lib/util.py") && fi.new_len == 13 &&
			!memcmp(fi.new_data, "def g():\n  1\n", 13);
		seam_plan_free(p);
		seam_reply_free(r);
		seam_session_free(s);
		p = NULL;
		r = NULL;
		s = NULL;
	}
	return NULL;
}

TEST(threads, plans_in_threads_share_one_tree)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	struct shared_run x[4];
	pthread_t th[4];
	char name[32];
	int k, started = 0;

	CHECK(!seam_session_new(&s, NULL) && !seam_tree_new_memory(&t, s));
	CHECK(!seam_tree_put(t, "lib/util.py", "def f():\n  1\n", 13, 0644));
	for (k = 0; k < 200; k++) { /* a listing long enough to take a while */
		snprintf(name, sizeof(name), "pkg%d/mod%d.py", k % 7, k);
		CHECK(!seam_tree_put(t, name, "pass\n", 5, 0644));
	}
	for (k = 0; k < 4; k++) {
		x[k].t = t;
		x[k].ok = 0;
		if (pthread_create(&th[k], NULL, plan_on_shared, &x[k]) == 0)
			started++;
	}
	for (k = 0; k < started; k++)
		pthread_join(th[k], NULL);
	seam_tree_free(t);
	seam_session_free(s);
	CHECK_INT(started, 4);
	for (k = 0; k < 4; k++)
		CHECK(x[k].ok);
}

TEST(threads, errno_text_fills_the_callers_buffer)
{
	char a[SM_ERRNO_TEXT_MAX], b[SM_ERRNO_TEXT_MAX], tiny[4];

	CHECK(sm_errno_text(ENOENT, a, sizeof(a)) == a);
	CHECK(a[0] != '\0');
	CHECK(strcmp(sm_errno_text(EACCES, b, sizeof(b)), a) != 0); /* each its own text */
	CHECK_STR(a, "No such file or directory");
	/* too small a buffer still ends in a NUL */
	sm_errno_text(EACCES, tiny, sizeof(tiny));
	CHECK(strlen(tiny) < sizeof(tiny));
	/* a value with no message of its own */
	CHECK(sm_errno_text(-12345, b, sizeof(b))[0] != '\0');
	CHECK(*sm_errno_text(EIO, NULL, 0) == '\0');
}
