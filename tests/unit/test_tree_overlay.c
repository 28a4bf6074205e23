#define _POSIX_C_SOURCE 200809L
/*
 * seam_tree_new_overlay through seam.h: a second reply planned on the result of a first, both
 * written at once (or neither), on memory and disk trees.
 */
#include "test.h"
#include "disk_fixture.h"
#include "seam.h"

#include <string.h>
#include <unistd.h>

/* A plan of reply on t (parsed with session s); NULL when parsing or planning failed. */
static seam_plan *plan_on(seam_session *s, seam_tree *t, const char *reply, seam_reply **r)
{
	seam_plan *p = NULL;

	*r = NULL;
	if (seam_reply_parse(r, s, reply, strlen(reply)) != SEAM_OK)
		return NULL;
	if (seam_plan_new(&p, s, *r, t) != SEAM_OK) {
		seam_plan_free(p);
		return NULL;
	}
	return p;
}

static int mem_is(const seam_tree *t, const char *path, const char *want)
{
	size_t n = 0;
	const char *got = seam_tree_get(t, path, &n);

	if (!want)
		return got == NULL;
	return got && n == strlen(want) && !memcmp(got, want, n);
}

static const char first[] = "*** Begin Patch\n"
			    "*** Update File: a.txt\n"
			    "@@\n"
			    " one\n"
			    "-two\n"
			    "+TWO\n"
			    "*** Add File: deep/dir/new.txt\n"
			    "+fresh\n"
			    "*** End Patch\n";

/* sees the first reply's line (TWO) as context, edits the file the first created by its base
 * name, deletes b.txt */
static const char second[] = "*** Begin Patch\n"
			     "*** Update File: a.txt\n"
			     "@@\n"
			     " TWO\n"
			     "-three\n"
			     "+THREE\n"
			     "*** Update File: new.txt\n"
			     "@@\n"
			     "-fresh\n"
			     "+fresher\n"
			     "*** Delete File: b.txt\n"
			     "*** End Patch\n";

TEST(overlay, two_rounds_one_commit_in_memory)
{
	seam_session *s = NULL;
	seam_tree *base = NULL, *ov = NULL;
	seam_reply *r1 = NULL, *r2 = NULL;
	seam_plan *p1, *p2;
	char *data = NULL;
	size_t len = 0;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&base, s), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "a.txt", "one\ntwo\nthree\n", 14, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "b.txt", "bee\n", 4, 0644), SEAM_OK);
	p1 = plan_on(s, base, first, &r1);
	CHECK(p1 != NULL);
	CHECK_INT(seam_tree_new_overlay(&ov, p1), SEAM_OK);
	seam_plan_free(p1); /* the overlay holds its own copy */
	seam_reply_free(r1);
	/* the overlay reads as the first plan's result, the base is untouched */
	CHECK_INT(seam_tree_read(ov, "a.txt", &data, &len), SEAM_OK);
	CHECK_MEM(data, len, "one\nTWO\nthree\n", 14);
	seam_free(data);
	CHECK(mem_is(base, "a.txt", "one\ntwo\nthree\n"));
	CHECK(mem_is(base, "deep/dir/new.txt", NULL));

	p2 = plan_on(s, ov, second, &r2);
	CHECK(p2 != NULL);
	CHECK(mem_is(base, "a.txt", "one\ntwo\nthree\n"));
	CHECK_INT(seam_plan_commit(p2), SEAM_OK);
	/* both rounds, written at once */
	CHECK(mem_is(base, "a.txt", "one\nTWO\nTHREE\n"));
	CHECK(mem_is(base, "deep/dir/new.txt", "fresher\n"));
	CHECK(mem_is(base, "b.txt", NULL));
	/* afterwards the overlay reads as the base */
	CHECK_INT(seam_tree_read(ov, "a.txt", &data, &len), SEAM_OK);
	CHECK_MEM(data, len, "one\nTWO\nTHREE\n", 14);
	seam_free(data);
	seam_plan_free(p2);
	seam_reply_free(r2);
	seam_tree_free(ov);
	seam_tree_free(base);
	seam_session_free(s);
}

TEST(overlay, base_changed_meanwhile_writes_nothing)
{
	seam_session *s = NULL;
	seam_tree *base = NULL, *ov = NULL;
	seam_reply *r1 = NULL, *r2 = NULL;
	seam_plan *p1, *p2;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&base, s), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "a.txt", "one\ntwo\nthree\n", 14, 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "b.txt", "bee\n", 4, 0644), SEAM_OK);
	p1 = plan_on(s, base, first, &r1);
	CHECK(p1 != NULL);
	CHECK_INT(seam_tree_new_overlay(&ov, p1), SEAM_OK);
	p2 = plan_on(s, ov, second, &r2);
	CHECK(p2 != NULL);
	/* someone edits a.txt in the base after the first plan read it */
	CHECK_INT(seam_tree_put(base, "a.txt", "one\ntwo\nthree\nfour\n", 19, 0644), SEAM_OK);
	CHECK_INT(seam_plan_commit(p2), SEAM_ECHANGED);
	CHECK(mem_is(base, "a.txt", "one\ntwo\nthree\nfour\n"));
	CHECK(mem_is(base, "b.txt", "bee\n"));
	CHECK(mem_is(base, "deep/dir/new.txt", NULL));
	seam_plan_free(p1);
	seam_plan_free(p2);
	seam_reply_free(r1);
	seam_reply_free(r2);
	seam_tree_free(ov);
	seam_tree_free(base);
	seam_session_free(s);
}

TEST(overlay, refused_for_a_failed_plan_and_bad_arguments)
{
	static const char bad[] = "*** Begin Patch\n*** Update File: a.txt\n@@\n-nowhere\n+x\n"
				  "*** End Patch\n";
	seam_session *s = NULL;
	seam_tree *base = NULL, *ov = (seam_tree *)&ov;
	seam_reply *r = NULL;
	seam_plan *p = NULL;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&base, s), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "a.txt", "one\n", 4, 0644), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, bad, strlen(bad)), SEAM_OK);
	CHECK_INT(seam_plan_new(&p, s, r, base), SEAM_EFAIL);
	CHECK_INT(seam_tree_new_overlay(&ov, p), SEAM_EFAIL);
	CHECK(ov == NULL);
	CHECK(strstr(seam_session_errmsg(s), "failed edits") != NULL);
	CHECK_INT(seam_tree_new_overlay(NULL, p), SEAM_EUSAGE);
	CHECK_INT(seam_tree_new_overlay(&ov, NULL), SEAM_EUSAGE);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(base);
	seam_session_free(s);
}

TEST(overlay, created_then_deleted_and_stacked)
{
	static const char make[] = "*** Begin Patch\n*** Add File: tmp.txt\n+scratch\n"
				   "*** Update File: a.txt\n@@\n-one\n+ONE\n*** End Patch\n";
	static const char more[] = "*** Begin Patch\n*** Update File: a.txt\n@@\n ONE\n+two\n"
				   "*** End Patch\n";
	static const char drop[] = "*** Begin Patch\n*** Delete File: tmp.txt\n"
				   "*** Update File: a.txt\n@@\n two\n+three\n*** End Patch\n";
	seam_session *s = NULL;
	seam_tree *base = NULL, *ov1 = NULL, *ov2 = NULL;
	seam_reply *r1 = NULL, *r2 = NULL, *r3 = NULL;
	seam_plan *p1, *p2, *p3;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&base, s), SEAM_OK);
	CHECK_INT(seam_tree_put(base, "a.txt", "one\n", 4, 0644), SEAM_OK);
	p1 = plan_on(s, base, make, &r1);
	CHECK(p1 != NULL);
	CHECK_INT(seam_tree_new_overlay(&ov1, p1), SEAM_OK);
	p2 = plan_on(s, ov1, more, &r2);
	CHECK(p2 != NULL);
	CHECK_INT(seam_tree_new_overlay(&ov2, p2), SEAM_OK);
	p3 = plan_on(s, ov2, drop, &r3);
	CHECK(p3 != NULL);
	CHECK_INT(seam_plan_commit(p3), SEAM_OK);
	/* three rounds in one write; the file made and removed on the way never appears */
	CHECK(mem_is(base, "a.txt", "ONE\ntwo\nthree\n"));
	CHECK(mem_is(base, "tmp.txt", NULL));
	seam_plan_free(p1);
	seam_plan_free(p2);
	seam_plan_free(p3);
	seam_reply_free(r1);
	seam_reply_free(r2);
	seam_reply_free(r3);
	seam_tree_free(ov2);
	seam_tree_free(ov1);
	seam_tree_free(base);
	seam_session_free(s);
}

TEST(overlay, on_disk)
{
	seam_session *s = NULL;
	seam_tree *base = NULL, *ov = NULL;
	seam_reply *r1 = NULL, *r2 = NULL;
	seam_plan *p1, *p2;

	df_put("ov/a.txt", "one\ntwo\nthree\n");
	df_put("ov/b.txt", "bee\n");
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&base, s, df_at("ov")), SEAM_OK);
	p1 = plan_on(s, base, first, &r1);
	CHECK(p1 != NULL);
	CHECK_INT(seam_tree_new_overlay(&ov, p1), SEAM_OK);
	p2 = plan_on(s, ov, second, &r2);
	CHECK(p2 != NULL);
	CHECK(df_is("ov/a.txt", "one\ntwo\nthree\n"));
	CHECK_INT(seam_plan_commit(p2), SEAM_OK);
	CHECK(df_is("ov/a.txt", "one\nTWO\nTHREE\n"));
	CHECK(df_is("ov/deep/dir/new.txt", "fresher\n"));
	CHECK(access(df_at("ov/b.txt"), F_OK) != 0);
	seam_plan_free(p1);
	seam_plan_free(p2);
	seam_reply_free(r1);
	seam_reply_free(r2);
	seam_tree_free(ov);
	seam_tree_free(base);
	seam_session_free(s);
}

/* ---- the callback tree: files the caller holds ---------------------------------------- */

typedef struct cbfiles {
	const char *path[8];
	char data[8][64];
	int present[8];
	int writes, fail_read, fail_write;
	size_t nwritten;
} cbfiles;

static int cb_slot(cbfiles *f, const char *path)
{
	int i;

	for (i = 0; i < 8; i++)
		if (f->path[i] && !strcmp(f->path[i], path))
			return i;
	return -1;
}

static int cb_read(void *ctx, const char *path, const char **data, size_t *len)
{
	cbfiles *f = ctx;
	int i = cb_slot(f, path);

	if (f->fail_read)
		return SEAM_EIO;
	if (i < 0 || !f->present[i])
		return 1;
	*data = f->data[i];
	*len = strlen(f->data[i]);
	return SEAM_OK;
}

static int cb_write(void *ctx, const seam_tree_write *w, size_t n)
{
	cbfiles *f = ctx;
	size_t i;

	f->writes++;
	if (f->fail_write)
		return SEAM_EIO;
	for (i = 0; i < n; i++) {
		int k = cb_slot(f, w[i].path);
		if (k < 0 || w[i].len >= sizeof(f->data[k]))
			return SEAM_EIO;
		f->present[k] = w[i].data != NULL;
		if (w[i].data) {
			memcpy(f->data[k], w[i].data, w[i].len);
			f->data[k][w[i].len] = '\0';
		}
	}
	f->nwritten = n;
	return SEAM_OK;
}

static int cb_list(void *ctx, void (*add)(void *arg, const char *path), void *arg)
{
	cbfiles *f = ctx;
	int i;

	for (i = 0; i < 8; i++)
		if (f->path[i] && f->present[i])
			add(arg, f->path[i]);
	add(arg, "../outside"); /* not a clean path: never offered as a name */
	return SEAM_OK;
}

static void cb_setup(cbfiles *f)
{
	memset(f, 0, sizeof(*f));
	f->path[0] = "src/app.py";
	strcpy(f->data[0], "def f():\n    return 1\n");
	f->present[0] = 1;
	f->path[1] = "gone.txt";
	strcpy(f->data[1], "bye\n");
	f->present[1] = 1;
	f->path[2] = "made.txt";
}

TEST(callbacks, plan_and_commit_through_the_callers_functions)
{
	/* app.py by its base name: resolved through the list callback */
	static const char reply[] = "*** Begin Patch\n*** Update File: app.py\n@@\n def f():\n"
				    "-    return 1\n+    return 2\n*** Delete File: gone.txt\n"
				    "*** Add File: made.txt\n+new\n*** End Patch\n";
	seam_tree_callbacks cb = {cb_read, cb_write, cb_list};
	cbfiles f;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p;

	cb_setup(&f);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_callbacks(&t, s, &cb, &f), SEAM_OK);
	p = plan_on(s, t, reply, &r);
	CHECK(p != NULL);
	CHECK_INT(f.writes, 0);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	CHECK_INT(f.writes, 1);
	CHECK_INT((long)f.nwritten, 3);
	CHECK_STR(f.data[0], "def f():\n    return 2\n");
	CHECK_INT(f.present[1], 0);
	CHECK_INT(f.present[2], 1);
	CHECK_STR(f.data[2], "new\n");
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(callbacks, changed_failed_and_missing_callbacks)
{
	static const char reply[] = "*** Begin Patch\n*** Update File: src/app.py\n@@\n def f():\n"
				    "-    return 1\n+    return 2\n*** End Patch\n";
	seam_tree_callbacks cb = {cb_read, cb_write, NULL}, ro = {cb_read, NULL, NULL},
			    none = {NULL, cb_write, NULL};
	cbfiles f;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p;

	cb_setup(&f);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_callbacks(&t, s, &none, &f), SEAM_EUSAGE);
	CHECK_INT(seam_tree_new_callbacks(&t, s, NULL, &f), SEAM_EUSAGE);
	CHECK(t == NULL);
	/* the buffer changed between the plan and the commit: nothing handed over */
	CHECK_INT(seam_tree_new_callbacks(&t, s, &cb, &f), SEAM_OK);
	p = plan_on(s, t, reply, &r);
	CHECK(p != NULL);
	strcpy(f.data[0], "def f():\n    return 1\n# typed meanwhile\n");
	CHECK_INT(seam_plan_commit(p), SEAM_ECHANGED);
	CHECK_INT(f.writes, 0);
	seam_plan_free(p);
	seam_reply_free(r);
	/* the caller's write fails: the commit says so */
	cb_setup(&f);
	p = plan_on(s, t, reply, &r);
	CHECK(p != NULL);
	seam_reply_free(r);
	f.fail_write = 1;
	CHECK_INT(seam_plan_commit(p), SEAM_EIO);
	CHECK(strstr(seam_session_errmsg(s), "caller's write failed") != NULL);
	seam_plan_free(p);
	seam_tree_free(t);
	/* no write callback: plans can be made, not committed */
	cb_setup(&f);
	CHECK_INT(seam_tree_new_callbacks(&t, s, &ro, &f), SEAM_OK);
	p = plan_on(s, t, "*** Begin Patch\n*** Update File: src/app.py\n@@\n def f():\n"
			  "-    return 1\n+    return 3\n*** End Patch\n", &r);
	CHECK(p != NULL);
	CHECK_INT(seam_plan_commit(p), SEAM_EUSAGE);
	seam_plan_free(p);
	seam_reply_free(r);
	/* a read that fails: the plan refuses the file, never applies blind */
	f.fail_read = 1;
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK(seam_plan_new(&p, s, r, t) != SEAM_OK);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* --strict: a hunk only a tolerant tier places is refused, and the plan's content keeps the
 * file as it was (no refused change under a later edit of the file, none in seam_plan_path) */
TEST(strict, refused_place_leaves_the_content_unchanged)
{
	static const char reply[] = "```diff\n--- a/a.py\n+++ b/a.py\n"
				    "@@ -1,3 +1,3 @@\n def f():\n-    x = 1\n+    x = 2\n     return xx\n"
				    "@@ -5,2 +5,2 @@\n def g():\n-    y = 1\n+    y = 3\n```\n";
	static const char file[] = "def f():\n    x = 1\n    return x\n\ndef g():\n    y = 1\n";
	seam_options o;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_edit_info e0, e1;
	seam_path_info pi;

	seam_options_defaults(&o);
	o.flags |= SEAM_FLAG_STRICT;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "a.py", file, strlen(file), 0644), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_EFAIL);
	CHECK_INT(seam_plan_edit(p, 0, 0, &e0), SEAM_OK);
	CHECK_INT(seam_plan_edit(p, 0, 1, &e1), SEAM_OK);
	CHECK_INT(e0.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(e0.message, "--strict") != NULL);
	CHECK_INT(e1.status, SEAM_STATUS_APPLIED);
	CHECK_INT(seam_plan_path(p, 0, &pi), SEAM_OK);
	/* the exact hunk's change only: the refused one is not in the content */
	CHECK_MEM(pi.new_data, pi.new_len, "def f():\n    x = 1\n    return x\n\ndef g():\n    y = 3\n",
		  strlen(file));
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}
