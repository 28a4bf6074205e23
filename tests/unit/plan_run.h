#ifndef SEAM_TESTS_PLAN_RUN_H
#define SEAM_TESTS_PLAN_RUN_H

/*
 * One reply planned and committed on a memory tree of one file, for the tests that check the
 * whole result of a reply (test_unseen_*.c): the reply, the file before, and the one file that
 * is right, or a refusal.
 */
#include "test.h"
#include "seam.h"

#include <stdio.h>
#include <string.h>

typedef struct run {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int parse, plan, commit;
} run;

/* Plans reply on a memory tree holding `path` = before; commits when the plan is ok. */
static inline void go(run *x, const char *path, const char *before, const char *reply)
{
	memset(x, 0, sizeof(*x));
	x->commit = -1;
	if (seam_session_new(&x->s, NULL) || seam_tree_new_memory(&x->t, x->s) ||
	    seam_tree_put(x->t, path, before, strlen(before), 0644)) {
		x->parse = -100;
		return;
	}
	x->parse = seam_reply_parse(&x->r, x->s, reply, strlen(reply));
	if (x->parse)
		return;
	x->plan = seam_plan_new(&x->p, x->s, x->r, x->t);
	if (x->plan == SEAM_OK)
		x->commit = seam_plan_commit(x->p);
}

static inline void done(run *x)
{
	seam_plan_free(x->p);
	seam_reply_free(x->r);
	seam_tree_free(x->t);
	seam_session_free(x->s);
}

static inline int has(const run *x, const char *path, const char *want)
{
	size_t n = 0;
	const char *got = seam_tree_get(x->t, path, &n);
	int ok = got && n == strlen(want) && !memcmp(got, want, n);
	if (!ok)
		printf("  %s is:\n%.*s\n  want:\n%s\n", path, got ? (int)n : 9, got ? got : "(missing)",
		       want);
	return ok;
}

/* has(), blank lines aside: the corpus scores a blank line more or less as "ws-only", a
 * success (a blank line the old side let go stays in the file) */
static inline int has_but_blank_lines(const run *x, const char *path, const char *want)
{
	size_t n = 0, i = 0, j = 0, wn = strlen(want);
	const char *got = seam_tree_get(x->t, path, &n);
	int ok = got != NULL;

	while (ok) {
		while (i < n && got[i] == '\n' && (i == 0 || got[i - 1] == '\n'))
			i++;
		while (j < wn && want[j] == '\n' && (j == 0 || want[j - 1] == '\n'))
			j++;
		if (i == n || j == wn) {
			ok = i == n && j == wn;
			break;
		}
		ok = got[i++] == want[j++];
	}
	if (!ok)
		printf("  %s is:\n%.*s\n  want (blank lines aside):\n%s\n", path,
		       got ? (int)n : 9, got ? got : "(missing)", want);
	return ok;
}

static inline seam_edit_info edit(const run *x, size_t e)
{
	seam_edit_info ei;
	memset(&ei, 0, sizeof(ei));
	seam_plan_edit(x->p, 0, e, &ei);
	return ei;
}

#endif
