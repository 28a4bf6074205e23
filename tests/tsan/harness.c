/*
 * Thread safety as a tested property (make check-tsan): THREADS threads (default 6) run ROUNDS
 * rounds (default 50) of applying replies of every format at once, built with
 * -fsanitize=thread. Each thread has its own sessions, trees, replies, plans and streams, and
 * in every round:
 *
 *   - applies each reply to an in-memory tree and commits it;
 *   - applies some replies to files on disk in a directory of its own, committing them;
 *   - plans each reply (without committing) on the same read-only directory every thread
 *     reads, through a tree of its own, and on two trees all threads share (one on disk, one
 *     in memory), with a session of its own: a tree may be read by several plans at once;
 *   - feeds one reply through a stream and finds a snippet with seam_locate;
 *   - now and then, plans a reply to three large files, whose syntax check runs in threads.
 *
 * Thread 0 also arms the test hooks (a failing allocation, a failing filesystem call), which
 * must fail its own calls only: the other threads, running at the same time, must see every
 * outcome they expect.
 *
 * Every outcome is compared with the one written below; the last line is "N passed, N failed".
 * A data race is reported by ThreadSanitizer itself (TSAN_OPTIONS halt_on_error=1 makes it end
 * the run with its exit code before the summary line, which fails the suite).
 *
 * The directories are made under $TMPDIR (or /tmp) and removed at the end: outside any
 * repository, so each thread's directory is its own lock's (seam_tree_lock) and threads do
 * not queue on one lock.
 *
 *     build/tsan/harness [THREADS [ROUNDS]]
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include "seam.h"
#include "util/alloc.h"
#include "util/fault.h"

#include <errno.h>
#include <ftw.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the files and the replies (written for this test) -------------------------------------- */

static const char CALC_PY[] = "import math\n"
			      "\n"
			      "\n"
			      "def area(r):\n"
			      "    return math.pi * r * r\n"
			      "\n"
			      "\n"
			      "def total(items):\n"
			      "    s = 0\n"
			      "    for x in items:\n"
			      "        s += x\n"
			      "    return s\n";

static const char LIST_C[] = "#include <stdlib.h>\n"
			     "\n"
			     "struct node {\n"
			     "\tint value;\n"
			     "\tstruct node *next;\n"
			     "};\n"
			     "\n"
			     "int list_len(const struct node *n)\n"
			     "{\n"
			     "\tint k = 0;\n"
			     "\twhile (n) {\n"
			     "\t\tk++;\n"
			     "\t\tn = n->next;\n"
			     "\t}\n"
			     "\treturn k;\n"
			     "}\n";

static const char NOTES_TXT[] = "first line\nsecond line\nfirst line\n";

static const struct {
	const char *path, *data;
} BASE[] = {{"calc.py", CALC_PY}, {"list.c", LIST_C}, {"notes.txt", NOTES_TXT}};
#define NBASE (sizeof(BASE) / sizeof(BASE[0]))

typedef struct job {
	const char *name;
	const char *reply;
	int plan_rc;        /* what seam_plan_new returns */
	seam_status_t edit; /* status of the first edit of the first file */
	const char *path;   /* the file to look at after the commit (plan_rc == SEAM_OK) */
	const char *want;   /* its content then */
} job;

static const job JOBS[] = {
	{"editblock",
	 "Squaring with the power operator:\n\ncalc.py\n```python\n<<<<<<< SEARCH\n"
	 "    return math.pi * r * r\n=======\n    return math.pi * r ** 2\n>>>>>>> REPLACE\n```\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "calc.py",
	 "import math\n\n\ndef area(r):\n    return math.pi * r ** 2\n\n\ndef total(items):\n"
	 "    s = 0\n    for x in items:\n        s += x\n    return s\n"},
	{"udiff",
	 "```diff\n--- a/list.c\n+++ b/list.c\n@@ -9,7 +9,7 @@\n {\n \tint k = 0;\n \twhile (n) {\n"
	 "-\t\tk++;\n+\t\tk += 1;\n \t\tn = n->next;\n \t}\n \treturn k;\n```\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "list.c",
	 "#include <stdlib.h>\n\nstruct node {\n\tint value;\n\tstruct node *next;\n};\n\n"
	 "int list_len(const struct node *n)\n{\n\tint k = 0;\n\twhile (n) {\n\t\tk += 1;\n"
	 "\t\tn = n->next;\n\t}\n\treturn k;\n}\n"},
	{"whole", "The new notes:\n\nnotes.txt\n```\nfirst line\nchanged line\n```\n", SEAM_OK,
	 SEAM_STATUS_APPLIED, "notes.txt", "first line\nchanged line\n"},
	{"patch",
	 "*** Begin Patch\n*** Update File: calc.py\n@@ def total(items):\n-    s = 0\n"
	 "+    s = 0.0\n*** Add File: docs/readme.txt\n+calc and list\n*** End Patch\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "calc.py",
	 "import math\n\n\ndef area(r):\n    return math.pi * r * r\n\n\ndef total(items):\n"
	 "    s = 0.0\n    for x in items:\n        s += x\n    return s\n"},
	{"toolcall",
	 "```json\n{\"command\": \"str_replace\", \"path\": \"list.c\", \"old_str\": \"\\tint k = 0;\","
	 " \"new_str\": \"\\tint k = 0; /* nodes seen */\"}\n```\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "list.c",
	 "#include <stdlib.h>\n\nstruct node {\n\tint value;\n\tstruct node *next;\n};\n\n"
	 "int list_len(const struct node *n)\n{\n\tint k = 0; /* nodes seen */\n\twhile (n) {\n"
	 "\t\tk++;\n\t\tn = n->next;\n\t}\n\treturn k;\n}\n"},
	{"numbered", "notes.txt\n<update_lines start=\"2\" end=\"3\">\nline two\n</update_lines>\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "notes.txt", "first line\nline two\nfirst line\n"},
	/* a path the tree does not have: resolved to calc.py through the tree's list of names */
	{"resolved-name",
	 "src/calc.py\n```python\n<<<<<<< SEARCH\n    for x in items:\n=======\n"
	 "    for x in sorted(items):\n>>>>>>> REPLACE\n```\n",
	 SEAM_OK, SEAM_STATUS_APPLIED, "calc.py",
	 "import math\n\n\ndef area(r):\n    return math.pi * r * r\n\n\ndef total(items):\n"
	 "    s = 0\n    for x in sorted(items):\n        s += x\n    return s\n"},
	{"ambiguous",
	 "notes.txt\n```\n<<<<<<< SEARCH\nfirst line\n=======\n1st line\n>>>>>>> REPLACE\n```\n",
	 SEAM_EFAIL, SEAM_STATUS_AMBIGUOUS, NULL, NULL},
	/* breaks the Python parse: the syntax check (tree-sitter) refuses it */
	{"syntax",
	 "calc.py\n```python\n<<<<<<< SEARCH\n    return math.pi * r * r\n=======\n"
	 "    return (math.pi * r * r\n>>>>>>> REPLACE\n```\n",
	 SEAM_EFAIL, SEAM_STATUS_SYNTAX, NULL, NULL},
	{"no-match",
	 "list.c\n```c\n<<<<<<< SEARCH\n\treturn n->value;\n=======\n\treturn 0;\n>>>>>>> REPLACE\n```\n",
	 SEAM_EFAIL, SEAM_STATUS_NO_MATCH, NULL, NULL},
};
#define NJOBS (sizeof(JOBS) / sizeof(JOBS[0]))

/* ---- counting --------------------------------------------------------------------------------- */

typedef struct worker {
	pthread_t th;
	int id;
	char dir[512]; /* this thread's own directory on disk */
	long passed, failed;
} worker;

static int nrounds = 50;
static char shared_dir[512];       /* read by every thread, written by none */
static seam_tree *shared_mem_tree; /* planned on by every thread, never changed */
static seam_tree *shared_disk_tree;

static void check(worker *w, int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		w->passed++;
		return;
	}
	w->failed++;
	if (w->failed > 20)
		return; /* the count says the rest */
	flockfile(stdout);
	printf("FAIL thread %d: ", w->id);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	funlockfile(stdout);
}

static int same(const char *got, size_t n, const char *want)
{
	return got && want && n == strlen(want) && !memcmp(got, want, n);
}

/* ---- files on disk ---------------------------------------------------------------------------- */

static int write_file(const char *dir, const char *rel, const char *data)
{
	char p[1024];
	FILE *f;
	size_t n = strlen(data);

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	f = fopen(p, "wb");
	if (!f)
		return -1;
	if (fwrite(data, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

static char *read_file(const char *dir, const char *rel, size_t *len)
{
	char p[1024], *buf;
	FILE *f;
	long n;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	f = fopen(p, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf)
		*len = (size_t)n;
	return buf;
}

/* The base files, as at the start (what a previous round wrote is put back). */
static int lay_out(const char *dir)
{
	char p[1024];
	size_t i;

	if (mkdir(dir, 0777) && errno != EEXIST)
		return -1;
	for (i = 0; i < NBASE; i++)
		if (write_file(dir, BASE[i].path, BASE[i].data))
			return -1;
	snprintf(p, sizeof(p), "%s/docs/readme.txt", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/docs", dir);
	rmdir(p);
	return 0;
}

static int disk_is(const char *dir, const char *rel, const char *want)
{
	size_t n = 0;
	char *got = read_file(dir, rel, &n);
	int ok = same(got, n, want);
	free(got);
	return ok;
}

static const char *base_of(const char *path)
{
	size_t i;
	for (i = 0; i < NBASE; i++)
		if (!strcmp(BASE[i].path, path))
			return BASE[i].data;
	return NULL;
}

/* ---- one reply, one way ----------------------------------------------------------------------- */

static seam_tree *memory_tree(seam_session *s)
{
	seam_tree *t = NULL;
	size_t i;

	if (seam_tree_new_memory(&t, s))
		return NULL;
	for (i = 0; i < NBASE; i++)
		if (seam_tree_put(t, BASE[i].path, BASE[i].data, strlen(BASE[i].data), 0644)) {
			seam_tree_free(t);
			return NULL;
		}
	return t;
}

/* The plan says what the job expects: its return code, the first edit's status, and (for a
 * plan that succeeds) the new content of the job's file. */
static void check_plan(worker *w, const job *j, const char *where, int rc, seam_plan *p)
{
	seam_edit_info ei;
	seam_file_info fi;
	char *out = NULL;
	size_t n, i;
	int found = 0;

	check(w, rc == j->plan_rc, "%s %s: plan returned %d, want %d", where, j->name, rc,
	      j->plan_rc);
	if (!p)
		return;
	memset(&ei, 0, sizeof(ei));
	check(w, seam_plan_edit(p, 0, 0, &ei) == SEAM_OK && ei.status == j->edit,
	      "%s %s: first edit %s, want %s", where, j->name, seam_status_name(ei.status),
	      seam_status_name(j->edit));
	for (i = 0; j->path && i < seam_plan_file_count(p); i++)
		if (seam_plan_file(p, i, &fi) == SEAM_OK && !strcmp(fi.path, j->path)) {
			found = 1;
			check(w, same(fi.new_data, fi.new_len, j->want), "%s %s: new %s differs",
			      where, j->name, j->path);
		}
	check(w, !j->path || found, "%s %s: no file %s in the plan", where, j->name,
	      j->path ? j->path : "");
	/* every rendering, as a host would print it */
	for (i = SEAM_RENDER_TEXT; i <= SEAM_RENDER_JSON_LINE; i++) {
		out = NULL;
		n = 0;
		check(w, seam_plan_render(p, (seam_render_t)i, &out, &n) == SEAM_OK && out &&
			      strlen(out) == n,
		      "%s %s: rendering %zu failed", where, j->name, i);
		seam_free(out);
	}
}

static void in_memory(worker *w, const job *j)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	const char *got;
	size_t n = 0;
	int rc;

	if (seam_session_new(&s, NULL) || !(t = memory_tree(s)) ||
	    seam_reply_parse(&r, s, j->reply, strlen(j->reply))) {
		check(w, 0, "memory %s: setting up or parsing failed", j->name);
		goto out;
	}
	rc = seam_plan_new(&p, s, r, t);
	check_plan(w, j, "memory", rc, p);
	if (rc == SEAM_OK) {
		check(w, seam_plan_commit(p) == SEAM_OK, "memory %s: commit failed: %s", j->name,
		      seam_session_errmsg(s));
		got = seam_tree_get(t, j->path, &n);
		check(w, same(got, n, j->want), "memory %s: %s after the commit differs", j->name,
		      j->path);
	}
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* On the thread's own directory, committed; the next round lays the files out again. */
static void on_own_disk(worker *w, const job *j)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	int rc;

	if (lay_out(w->dir) || seam_session_new(&s, NULL) || seam_tree_open_dir(&t, s, w->dir) ||
	    seam_reply_parse(&r, s, j->reply, strlen(j->reply))) {
		check(w, 0, "disk %s: setting up or parsing failed", j->name);
		goto out;
	}
	rc = seam_plan_new(&p, s, r, t);
	check_plan(w, j, "disk", rc, p);
	if (rc == SEAM_OK) {
		check(w, seam_plan_commit(p) == SEAM_OK, "disk %s: commit failed: %s", j->name,
		      seam_session_errmsg(s));
		check(w, disk_is(w->dir, j->path, j->want), "disk %s: %s after the commit differs",
		      j->name, j->path);
	}
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* Planned only, on a tree of the thread's own over the shared directory, or on a shared tree. */
static void plan_only(worker *w, const job *j, seam_tree *shared, const char *where)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	int rc;

	if (seam_session_new(&s, NULL) || (!shared && seam_tree_open_dir(&t, s, shared_dir)) ||
	    seam_reply_parse(&r, s, j->reply, strlen(j->reply))) {
		check(w, 0, "%s %s: setting up or parsing failed", where, j->name);
		goto out;
	}
	rc = seam_plan_new(&p, s, r, shared ? shared : t);
	check_plan(w, j, where, rc, p);
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* The reply fed a few bytes at a time: the final plan is the one seam_plan_new gives. */
static void streamed(worker *w, const job *j, size_t step)
{
	seam_session *s = NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	seam_event ev;
	size_t off, len = strlen(j->reply), events = 0;
	int rc;

	if (seam_session_new(&s, NULL) || !(t = memory_tree(s)) ||
	    seam_stream_new(&st, s, t, NULL)) {
		check(w, 0, "stream %s: setting up failed", j->name);
		goto out;
	}
	for (off = 0; off < len; off += step) {
		size_t n = len - off < step ? len - off : step;
		if (seam_stream_feed(st, j->reply + off, n)) {
			check(w, 0, "stream %s: feed failed", j->name);
			goto out;
		}
		while (seam_stream_next(st, &ev))
			events++;
	}
	rc = seam_stream_finish(st, &r, &p);
	while (seam_stream_next(st, &ev))
		events++;
	check(w, events > 0, "stream %s: no event", j->name);
	check_plan(w, j, "stream", rc, p);
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
}

static void located(worker *w)
{
	static const char snippet[] = "def total(items):\n    s = 0\n";
	seam_session *s = NULL;
	seam_location loc;
	int rc;

	memset(&loc, 0, sizeof(loc));
	if (seam_session_new(&s, NULL)) {
		check(w, 0, "locate: no session");
		return;
	}
	rc = seam_locate(s, CALC_PY, strlen(CALC_PY), snippet, strlen(snippet), &loc);
	check(w, rc == SEAM_OK && loc.count == 1 && loc.regions[0].start_line == 8 &&
			 loc.regions[0].end_line == 9,
	      "locate: rc %d, count %zu, line %ld", rc, loc.count, loc.regions[0].start_line);
	seam_session_free(s);
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Batch mode from a worker thread: seam_batch_apply_lines starts threads of its own, so batch
 * threads of several workers run at once. Every record must come back, in order, with the
 * outcome it has alone. */
static void batched(worker *w)
{
	static const char recs[] =
	    "{\"id\":1,\"reply\":\"a.py\\n```\\n<<<<<<< SEARCH\\nx = 1\\n=======\\nx = 2\\n"
	    ">>>>>>> REPLACE\\n```\\n\",\"files\":{\"a.py\":\"x = 1\\n\"}}\n"
	    "not json\n"
	    "{\"id\":3,\"reply\":\"a.py\\n```\\n<<<<<<< SEARCH\\ny = 1\\n=======\\ny = 2\\n"
	    ">>>>>>> REPLACE\\n```\\n\",\"files\":{\"a.py\":\"x = 1\\n\"}}\n"
	    "{\"id\":4,\"reply\":\"b.py\\n```\\nz = 0\\n```\\n\",\"files\":{}}\n";
	char *out = NULL;
	size_t n = 0;
	int rc = seam_batch_apply_lines(NULL, recs, sizeof(recs) - 1, 1, 3, &out, &n);

	check(w, rc == SEAM_OK && out, "batch: rc %d", rc);
	if (out) {
		const char *l2 = strchr(out, '\n'), *l3 = l2 ? strchr(l2 + 1, '\n') : NULL;
		const char *l4 = l3 ? strchr(l3 + 1, '\n') : NULL;
		check(w, starts(out, "{\"id\":1,\"line\":1,\"ok\":true,\"files\":{\"a.py\":\"x = 2") &&
			     l2 && starts(l2 + 1, "{\"id\":null,\"line\":2,\"ok\":false") && l3 &&
			     starts(l3 + 1, "{\"id\":3,\"line\":3,\"ok\":false") && l4 &&
			     starts(l4 + 1, "{\"id\":4,\"line\":4,\"ok\":true"),
		      "batch: results %s", out);
	}
	seam_free(out);
}

/* ---- the test hooks of thread 0 --------------------------------------------------------------- */

/* The k-th allocation of this thread fails: the plan or the commit fails cleanly (out of
 * memory) or, when k is past the last allocation, everything happens as without the hook. The
 * memory tree is never left half-written. */
static void with_failing_alloc(worker *w, const job *j, long k)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	const char *got;
	size_t n = 0;
	int rc, crc = 1;

	if (seam_session_new(&s, NULL) || !(t = memory_tree(s)) ||
	    seam_reply_parse(&r, s, j->reply, strlen(j->reply))) {
		check(w, 0, "alloc %s: setting up failed", j->name);
		goto out;
	}
	sm_alloc_fail_after(k);
	rc = seam_plan_new(&p, s, r, t);
	if (rc == SEAM_OK)
		crc = seam_plan_commit(p);
	sm_alloc_fail_after(-1);
	check(w, rc == j->plan_rc || rc == SEAM_ENOMEM,
	      "alloc %s after %ld: plan returned %d", j->name, k, rc);
	if (rc == SEAM_OK && j->path) {
		got = seam_tree_get(t, j->path, &n);
		if (crc == SEAM_OK)
			check(w, same(got, n, j->want), "alloc %s after %ld: committed content differs",
			      j->name, k);
		else
			check(w, crc == SEAM_ENOMEM && same(got, n, base_of(j->path)),
			      "alloc %s after %ld: failed commit (%d) changed the tree", j->name, k,
			      crc);
	}
out:
	sm_alloc_fail_after(-1);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* The k-th filesystem call of this thread's commit fails: nothing is written. */
static void with_failing_io(worker *w, const job *j, unsigned long k)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t = NULL;
	int rc;

	if (lay_out(w->dir) || seam_session_new(&s, NULL) || seam_tree_open_dir(&t, s, w->dir) ||
	    seam_reply_parse(&r, s, j->reply, strlen(j->reply)) ||
	    seam_plan_new(&p, s, r, t) != SEAM_OK) {
		check(w, 0, "fault %s: setting up failed", j->name);
		goto out;
	}
	sm_fault_arm_any(k);
	rc = seam_plan_commit(p);
	if (sm_fault_pending()) /* k past the last call: the commit went through */
		check(w, rc == SEAM_OK && disk_is(w->dir, j->path, j->want),
		      "fault %s at %lu: unhooked commit failed (%d)", j->name, k, rc);
	else
		check(w, rc != SEAM_OK && disk_is(w->dir, j->path, base_of(j->path)),
		      "fault %s at %lu: commit returned %d and left %s changed", j->name, k, rc,
		      j->path);
	sm_fault_reset();
out:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* ---- the threads ------------------------------------------------------------------------------ */

/*
 * One reply to three C files large enough that the syntax check runs its files in threads of
 * its own (plan/syntax_check.c), inside this thread: the middle file's edit breaks it and is
 * refused, the others apply.
 */
static void parallel_check(worker *w, int round)
{
	enum { NFILES = 3, NFUNCS = 900 };
	static const char *const paths[NFILES] = {"p/a.c", "p/b.c", "p/c.c"};
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	char *text = malloc((size_t)NFUNCS * 64), reply[2048];
	size_t i, k, n, rl = 0;
	int rc = -100;

	if (text && !seam_session_new(&s, NULL) && !seam_tree_new_memory(&t, s)) {
		for (i = 0, rc = 0; i < NFILES && !rc; i++) {
			for (k = 0, n = 0; k < NFUNCS; k++)
				n += (size_t)sprintf(text + n, "int f%zu(int a)\n{\n\treturn a + %zu;\n}\n", k,
						     k * 7 + i);
			rc = seam_tree_put(t, paths[i], text, n, 0644);
			rl += (size_t)snprintf(reply + rl, sizeof(reply) - rl,
					       "%s\n```\n<<<<<<< SEARCH\n\treturn a + %d;\n=======\n"
					       "\treturn a + %s;\n>>>>>>> REPLACE\n```\n\n",
					       paths[i], (round % NFUNCS) * 7 + (int)i,
					       i == 1 ? "(1" : "1");
		}
		if (!rc && !seam_reply_parse(&r, s, reply, rl))
			rc = seam_plan_new(&p, s, r, t);
	}
	check(w, rc == SEAM_EFAIL && p, "parallel check: plan rc %d", rc);
	for (i = 0; p && i < NFILES; i++) {
		int want = i == 1 ? SEAM_STATUS_SYNTAX : SEAM_STATUS_APPLIED;
		check(w, !seam_plan_edit(p, i, 0, &ei) && (int)ei.status == want,
		      "parallel check: file %zu status %d", i, (int)ei.status);
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	free(text);
}

static void *run(void *arg)
{
	worker *w = arg;
	int round;
	size_t i;

	for (round = 0; round < nrounds; round++) {
		for (i = 0; i < NJOBS; i++) {
			in_memory(w, &JOBS[i]);
			plan_only(w, &JOBS[i], NULL, "shared-dir");
			plan_only(w, &JOBS[i], shared_mem_tree, "shared-memory-tree");
			plan_only(w, &JOBS[i], shared_disk_tree, "shared-disk-tree");
		}
		/* committing on disk is the slow part (fsync): two replies a round, in turn */
		on_own_disk(w, &JOBS[(size_t)(round + w->id) % NJOBS]);
		on_own_disk(w, &JOBS[(size_t)(round + w->id + 3) % NJOBS]);
		streamed(w, &JOBS[(size_t)(round + w->id) % NJOBS], (size_t)(3 + round % 13));
		located(w);
		if (round % 5 == 0)
			batched(w);
		if (round % 10 == w->id % 10)
			parallel_check(w, round);
		if (w->id == 0) {
			with_failing_alloc(w, &JOBS[(size_t)round % NJOBS], (long)round * 7);
			with_failing_io(w, &JOBS[0], (unsigned long)(1 + round % 12));
		}
	}
	return NULL;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int main(int argc, char **argv)
{
	int nthreads = argc > 1 ? atoi(argv[1]) : 6;
	const char *tmp = getenv("TMPDIR");
	char top[256];
	seam_session *s = NULL;
	worker *ws;
	long passed = 0, failed = 0;
	size_t i;
	int k;

	if (argc > 2)
		nrounds = atoi(argv[2]);
	if (nthreads < 1 || nthreads > 64 || nrounds < 1) {
		fprintf(stderr, "usage: harness [THREADS (1-64) [ROUNDS]]\n");
		return 2;
	}
	snprintf(top, sizeof(top), "%s/seam-tsan-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(top)) {
		fprintf(stderr, "harness: cannot make %s: %s\n", top, strerror(errno));
		return 2;
	}
	snprintf(shared_dir, sizeof(shared_dir), "%s/shared", top);
	ws = calloc((size_t)nthreads, sizeof(*ws));
	if (!ws || lay_out(shared_dir) || seam_session_new(&s, NULL) ||
	    !(shared_mem_tree = memory_tree(s)) ||
	    seam_tree_open_dir(&shared_disk_tree, s, shared_dir)) {
		fprintf(stderr, "harness: cannot set up %s\n", top);
		return 2;
	}
	for (k = 0; k < nthreads; k++) {
		ws[k].id = k;
		snprintf(ws[k].dir, sizeof(ws[k].dir), "%s/t%d", top, k);
		if (pthread_create(&ws[k].th, NULL, run, &ws[k])) {
			fprintf(stderr, "harness: cannot start thread %d\n", k);
			return 2;
		}
	}
	for (k = 0; k < nthreads; k++) {
		pthread_join(ws[k].th, NULL);
		passed += ws[k].passed;
		failed += ws[k].failed;
	}
	/* the shared directory was only read */
	for (i = 0; i < NBASE; i++) {
		int ok = disk_is(shared_dir, BASE[i].path, BASE[i].data);
		passed += ok;
		failed += !ok;
	}
	seam_tree_free(shared_disk_tree);
	seam_tree_free(shared_mem_tree);
	seam_session_free(s);
	free(ws);
	if (nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS))
		fprintf(stderr, "harness: could not remove all of %s\n", top);
	printf("harness: %d threads x %d rounds, %zu replies each way\n", nthreads, nrounds,
	       (size_t)NJOBS);
	printf("%ld passed, %ld failed\n", passed, failed);
	return failed ? 1 : 0;
}
