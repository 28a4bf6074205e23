#ifndef SEAM_TESTS_DISK_FIXTURE_H
#define SEAM_TESTS_DISK_FIXTURE_H

/*
 * Helpers of the tests that run seam.h on real directories under the test's temporary
 * directory and compare whole trees before and after (test_hostile_paths.c,
 * test_changed_files.c, test_tree_lock.c).
 */

#include "seam.h"

#include <stddef.h>

/* tmpdir/rel (one of 8 rotating buffers). */
const char *df_at(const char *rel);
/* Writes tmpdir/rel, making its directories. */
void df_put(const char *rel, const char *data);
/* 1 when tmpdir/rel holds exactly want. */
int df_is(const char *rel, const char *want);
/* Sets the mtime of tmpdir/rel to 2001, so that any later write moves it. */
void df_old_mtime(const char *rel);
/*
 * Every entry under tmpdir/rel, sorted, with type, mode, size (and mtime when with_mtime),
 * content or link target: two snapshots are equal exactly when nothing was touched. Adds the
 * number of .seam-* leftovers to *stray (may be NULL). Free with free().
 */
char *df_snapshot(const char *rel, int with_mtime, int *stray);
/* Monotonic wall-clock seconds. */
double df_wall(void);

/* A session, a parsed reply and a disk tree on tmpdir/root, planned. */
typedef struct df_run {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int parse_rc, plan_rc;
} df_run;

void df_plan(df_run *x, const char *root, const char *reply, size_t len, const seam_options *o);
void df_run_free(df_run *x);
/* The status of file i of the plan (-1 when there is none). */
int df_file_status(const df_run *x, size_t i);

/*
 * A reply in git-diff form that updates a.py ("y = 1" -> "y = 2"), creates new.py and deletes
 * old.txt, and the tree it applies to under tmpdir/root (a.py and old.txt with old mtimes,
 * keep.txt).
 */
extern const char *const df_three_ops;
void df_three_setup(const char *root);

#endif
