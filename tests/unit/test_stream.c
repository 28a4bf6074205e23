/*
 * Streaming: real-looking replies fed byte by byte, in fixed and in seeded random chunk sizes,
 * must end in exactly the plan (and the renderings) seam_reply_parse + seam_plan_new give; every
 * edit gets one event that agrees with that plan; a failing edit's event comes before the next
 * edit's lines are fed; the cases where the end of a reply changes how its start reads end in
 * corrections or withdrawals.
 */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/format/format.h"
#include "lib/stream/stream.h"
#include "util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tfile {
	const char *path, *data;
} tfile;

/* Tree of the tests: the project a model is asked to change. */
static const char app_py[] = "import os\n"
			     "\n"
			     "\n"
			     "def greet(name):\n"
			     "    return \"Hello \" + name\n"
			     "\n"
			     "\n"
			     "def farewell(name):\n"
			     "    return \"Bye \" + name\n"
			     "\n"
			     "\n"
			     "def main():\n"
			     "    print(greet(\"world\"))\n"
			     "    print(farewell(\"world\"))\n";
static const char util_py[] = "def add(a, b):\n"
			      "    return a + b\n"
			      "\n"
			      "\n"
			      "def sub(a, b):\n"
			      "    \"\"\"a minus b\"\"\"\n"
			      "    return a - b\n";

static const tfile project[] = {
    {"src/app.py", app_py},
    {"src/util.py", util_py},
    {"src/old.py", "OLD = True\n"},
    {"README.md", "# Project\n"},
    {NULL, NULL},
};

static seam_tree *make_tree(seam_session *s, const tfile *files)
{
	seam_tree *t = NULL;
	size_t i;

	if (seam_tree_new_memory(&t, s))
		return NULL;
	for (i = 0; files[i].path; i++)
		if (seam_tree_put(t, files[i].path, files[i].data, strlen(files[i].data), 0644)) {
			seam_tree_free(t);
			return NULL;
		}
	return t;
}

/* What a path ends with: its return code and the renderings of its plan. */
typedef struct outcome {
	int rc;
	char *json, *text, *err;
} outcome;

static void outcome_free(outcome *o)
{
	seam_free(o->json);
	seam_free(o->text);
	free(o->err);
	memset(o, 0, sizeof(*o));
}

static void outcome_of(outcome *o, seam_session *s, int rc, const seam_plan *p)
{
	size_t n;

	o->rc = rc;
	o->err = strdup(seam_session_errmsg(s));
	if (p) {
		seam_plan_render(p, SEAM_RENDER_JSON, &o->json, &n);
		seam_plan_render(p, SEAM_RENDER_TEXT, &o->text, &n);
	}
}

/* The path without streaming. */
static void whole_path(outcome *o, const tfile *files, const char *reply, size_t len,
		       const seam_options *opts)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t;
	int rc;

	memset(o, 0, sizeof(*o));
	seam_session_new(&s, opts);
	t = make_tree(s, files);
	rc = seam_reply_parse(&r, s, reply, len);
	if (!rc || rc == SEAM_EFAIL)
		rc = seam_plan_new(&p, s, r, t);
	outcome_of(o, s, rc, p);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* An event as taken from the stream, with copies of its strings and the number of bytes fed
 * when it could be taken. */
typedef struct taken {
	seam_event ev;
	char *path, *strategy, *message;
	size_t at;
} taken;

typedef struct events {
	taken *v;
	size_t n, cap;
	size_t readings, spent;
} events;

static void events_free(events *e)
{
	size_t i;

	for (i = 0; i < e->n; i++) {
		free(e->v[i].path);
		free(e->v[i].strategy);
		free(e->v[i].message);
	}
	free(e->v);
	memset(e, 0, sizeof(*e));
}

static void drain(seam_stream *st, events *e, size_t at)
{
	seam_event ev;

	while (seam_stream_next(st, &ev)) {
		taken *g;
		if (e->n == e->cap) {
			e->cap = e->cap ? 2 * e->cap : 16;
			e->v = realloc(e->v, e->cap * sizeof(*e->v));
		}
		g = &e->v[e->n++];
		g->ev = ev;
		g->path = strdup(ev.path);
		g->strategy = strdup(ev.strategy);
		g->message = strdup(ev.message);
		g->ev.path = g->path;
		g->ev.strategy = g->strategy;
		g->ev.message = g->message;
		g->at = at;
	}
}

static unsigned long long rng;

static size_t next_chunk(size_t fixed, size_t max)
{
	if (fixed)
		return fixed;
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return 1 + (size_t)(rng % max);
}

/*
 * The path with streaming: chunks of `fixed` bytes, or of random sizes 1..max from seed.
 * *e receives every event; the final plan is rendered into *o (and checked against the events).
 */
static void stream_path(outcome *o, events *e, const tfile *files, const char *reply, size_t len,
			const seam_options *opts, unsigned flags, size_t fixed, size_t max,
			unsigned long long seed)
{
	seam_stream_options so = {SEAM_STREAM_OPTIONS_VERSION, flags};
	seam_session *s = NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t;
	size_t at = 0;
	int rc;

	memset(o, 0, sizeof(*o));
	memset(e, 0, sizeof(*e));
	rng = seed * 2654435761ull + 1;
	seam_session_new(&s, opts);
	t = make_tree(s, files);
	seam_stream_new(&st, s, t, &so);
	while (at < len) {
		size_t k = next_chunk(fixed, max);
		if (k > len - at)
			k = len - at;
		rc = seam_stream_feed(st, reply + at, k);
		at += k;
		if (rc)
			break;
		drain(st, e, at);
	}
	rc = seam_stream_finish(st, &r, &p);
	drain(st, e, len + 1);
	e->readings = st->readings;
	e->spent = st->spent;
	outcome_of(o, s, rc, p);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
}

static int same_str(const char *what, const char *a, const char *b)
{
	if ((!a) != (!b) || (a && strcmp(a, b))) {
		sm_test_fail(__FILE__, __LINE__, "%s differs:\n--- without streaming\n%s\n--- streamed\n%s",
			     what, a ? a : "(none)", b ? b : "(none)");
		return -1;
	}
	return 0;
}

/* The final word on edit number `index`: the last event about it, or NULL. */
static const taken *last_about(const events *e, size_t index)
{
	const taken *g = NULL;
	size_t i;

	for (i = 0; i < e->n; i++)
		if (e->v[i].ev.index == index && e->v[i].ev.kind != SEAM_EVENT_WITHDRAWN)
			g = &e->v[i];
	return g;
}

/* Every edit of the plan (its JSON rendering, parsed back) has one event that says what the
 * plan says; with `clean`, no correction and no withdrawal. */
static int check_events(const events *e, const char *json, int clean)
{
	char want[256];
	size_t i, edits = 0;
	const char *q;

	for (i = 0; i < e->n; i++) {
		const seam_event *ev = &e->v[i].ev;
		if (clean && ev->kind != SEAM_EVENT_EDIT) {
			sm_test_fail(__FILE__, __LINE__, "a %s event for edit %zu (%s)",
				     ev->kind == SEAM_EVENT_CORRECTION ? "correction" : "withdrawn",
				     ev->index, ev->message);
			return -1;
		}
	}
	/* the plan's edits in its JSON: "index":N,"status":"S" */
	for (q = json ? strstr(json, "\"index\": ") : NULL; q; q = strstr(q + 1, "\"index\": ")) {
		size_t idx = strtoul(q + 9, NULL, 10);
		const char *st = strstr(q, "\"status\": \"");
		const taken *g = last_about(e, idx);
		edits++;
		if (!g || !st) {
			sm_test_fail(__FILE__, __LINE__, "no event for edit %zu", idx);
			return -1;
		}
		/* the plan is not written: its JSON words an applied edit "planned" */
		snprintf(want, sizeof(want), "\"status\": \"%s\"",
			 g->ev.status == SEAM_STATUS_APPLIED ? "planned"
							     : seam_status_name(g->ev.status));
		if (strncmp(st, want, strlen(want))) {
			sm_test_fail(__FILE__, __LINE__, "edit %zu: event says %s, plan %.40s", idx,
				     seam_status_name(g->ev.status), st);
			return -1;
		}
	}
	for (i = 0; clean && i < e->n; i++)
		if (e->v[i].ev.index < 1 || e->v[i].ev.index > edits) {
			sm_test_fail(__FILE__, __LINE__, "event for edit %zu of %zu", e->v[i].ev.index,
				     edits);
			return -1;
		}
	if (clean && e->n != edits) {
		sm_test_fail(__FILE__, __LINE__, "%zu events for %zu edits", e->n, edits);
		return -1;
	}
	return 0;
}

/*
 * Feeds reply in many ways (byte by byte, fixed sizes, seeded random sizes, all at once, with
 * and without SEAM_STREAM_EAGER) and checks each against the path without streaming. *bytewise
 * receives the events of the byte-by-byte run.
 */
static int same_as_whole(const tfile *files, const char *reply, const seam_options *opts,
			 int clean, events *bytewise)
{
	static const size_t fixed[] = {1, 2, 3, 7, 64, 4096, 0};
	size_t len = strlen(reply), k;
	unsigned long long seed;
	outcome w, s;
	events e;
	int rc = 0;

	whole_path(&w, files, reply, len, opts);
	for (k = 0; !rc && k < sizeof(fixed) / sizeof(fixed[0]) + 12; k++) {
		size_t fx = k < 7 ? fixed[k] : 0, max = k % 2 ? 17 : 300;
		size_t fixed_size = k == 6 ? len : fx;
		seed = k;
		stream_path(&s, &e, files, reply, len, opts, k == 8 ? SEAM_STREAM_EAGER : 0,
			    fixed_size, max, seed);
		if (s.rc != w.rc) {
			sm_test_fail(__FILE__, __LINE__, "run %zu: rc %d streamed, %d without (%s)", k,
				     s.rc, w.rc, s.err);
			rc = -1;
		}
		if (!rc)
			rc = same_str("JSON", w.json, s.json);
		if (!rc)
			rc = same_str("report", w.text, s.text);
		if (!rc && !w.json)
			rc = same_str("message", w.err, s.err);
		if (!rc && w.json)
			rc = check_events(&e, w.json, clean);
		if (k == 0 && bytewise)
			*bytewise = e;
		else
			events_free(&e);
		outcome_free(&s);
	}
	outcome_free(&w);
	return rc;
}

static const taken *event_for(const events *e, size_t index)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (e->v[i].ev.index == index)
			return &e->v[i];
	return NULL;
}

/* Offset in reply of the first byte of marker (which must be there). */
static size_t offset_of(const char *reply, const char *marker)
{
	const char *p = strstr(reply, marker);
	return p ? (size_t)(p - reply) : (size_t)-1;
}

/* Edit `index` failed with status, and its event came before a byte of `before` was fed. */
#define CHECK_EARLY_FAILURE(ev_, reply_, index_, status_, before_)                                 \
	do {                                                                                 \
		const taken *ge_ = event_for(ev_, index_);                                         \
		CHECK(ge_ != NULL);                                                           \
		CHECK_STR(seam_status_name(ge_->ev.status), seam_status_name(status_));       \
		CHECK(offset_of(reply_, before_) != (size_t)-1);                               \
		if (ge_->at > offset_of(reply_, before_)) {                                     \
			sm_test_fail(__FILE__, __LINE__,                                     \
				     "edit %d reported after %zu bytes, the next edit starts at " \
				     "%zu",                                                  \
				     (int)(index_), ge_->at, offset_of(reply_, before_));        \
			return;                                                              \
		}                                                                            \
		CHECK(!ge_->ev.final);                                                        \
		CHECK(*ge_->ev.message);                                                      \
	} while (0)

/* Every edit but those listed (0-terminated) was reported before the end. */
static int all_early_but(const events *e, const size_t *late)
{
	size_t i, k;

	for (i = 0; i < e->n; i++) {
		int is_late = 0;
		for (k = 0; late[k]; k++)
			is_late |= late[k] == e->v[i].ev.index;
		if (is_late != e->v[i].ev.final) {
			sm_test_fail(__FILE__, __LINE__, "edit %zu reported %s", e->v[i].ev.index,
				     e->v[i].ev.final ? "at the end" : "early");
			return -1;
		}
	}
	return 0;
}

/* ---- real-looking replies ---- */

static const char editblock_reply[] =
	"I'll make the greetings friendlier and document `sub`.\n"
	"\n"
	"src/app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def greet(name):\n"
	"    return \"Hello \" + name\n"
	"=======\n"
	"def greet(name):\n"
	"    return f\"Hello, {name}!\"\n"
	">>>>>>> REPLACE\n"
	"```\n"
	"\n"
	"Then the goodbye:\n"
	"\n"
	"src/app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def leave(person):\n"
	"    return \"Ciao \" + person\n"
	"=======\n"
	"def leave(person):\n"
	"    return f\"Ciao, {person}!\"\n"
	">>>>>>> REPLACE\n"
	"```\n"
	"\n"
	"And greet takes the punctuation, on top of the first change:\n"
	"\n"
	"src/app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def greet(name):\n"
	"    return f\"Hello, {name}!\"\n"
	"=======\n"
	"def greet(name, punct=\"!\"):\n"
	"    return f\"Hello, {name}{punct}\"\n"
	">>>>>>> REPLACE\n"
	"```\n"
	"\n"
	"src/util.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def sub(a, b):\n"
	"    return a - b\n"
	"=======\n"
	"def sub(a, b):\n"
	"    \"\"\"a minus b\"\"\"\n"
	"    return a - b\n"
	">>>>>>> REPLACE\n"
	"```\n"
	"\n"
	"A new module:\n"
	"\n"
	"src/extra.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"=======\n"
	"VALUE = 1\n"
	">>>>>>> REPLACE\n"
	"```\n"
	"\n"
	"Let me know if you want more.\n";

TEST(stream, editblock_same_as_whole)
{
	events e;
	static const size_t late[] = {5, 0}; /* the update that creates src/extra.py */

	CHECK(same_as_whole(project, editblock_reply, NULL, 1, &e) == 0);
	CHECK_EARLY_FAILURE(&e, editblock_reply, 2, SEAM_STATUS_NO_MATCH,
			    "src/app.py\n```python\n<<<<<<< SEARCH\ndef greet(name):\n    return f");
	CHECK(all_early_but(&e, late) == 0);
	/* the third block builds on the first: located where the first one left its text */
	CHECK_STR(seam_status_name(event_for(&e, 3)->ev.status), "applied");
	/* the fourth was applied already (a retried reply) */
	CHECK_STR(seam_status_name(event_for(&e, 4)->ev.status), "already-applied");
	/* the first one was reported as soon as its REPLACE line was in */
	CHECK(event_for(&e, 1)->at <= offset_of(editblock_reply, "```\n\nThen the goodbye"));
	events_free(&e);
}

static const char udiff_reply[] =
	"Here is the diff:\n"
	"\n"
	"```diff\n"
	"--- a/src/app.py\n"
	"+++ b/src/app.py\n"
	"@@ -4,2 +4,2 @@\n"
	" def greet(name):\n"
	"-    return \"Hello \" + name\n"
	"+    return f\"Hello, {name}!\"\n"
	"@@ -20,2 +20,2 @@\n"
	" def leave(person):\n"
	"-    return \"Ciao \" + person\n"
	"+    return f\"Ciao, {person}!\"\n"
	"@@ -12,3 +12,4 @@\n"
	" def main():\n"
	"     print(greet(\"world\"))\n"
	"+    print(\"---\")\n"
	"     print(farewell(\"world\"))\n"
	"--- a/src/util.py\n"
	"+++ b/src/util.py\n"
	"@@ -1,2 +1,2 @@\n"
	" def add(a, b):\n"
	"-    return a + b\n"
	"+    return b + a\n"
	"--- /dev/null\n"
	"+++ b/src/extra.py\n"
	"@@ -0,0 +1,2 @@\n"
	"+def extra():\n"
	"+    return 42\n"
	"```\n"
	"\n"
	"That's all.\n";

TEST(stream, udiff_same_as_whole)
{
	events e;
	/* a new file's hunks may go on while no other file has started: at the end */
	static const size_t late[] = {5, 0};

	CHECK(same_as_whole(project, udiff_reply, NULL, 1, &e) == 0);
	/* a hunk ends at the line after it: here the next hunk's @@ line, before its body */
	CHECK_EARLY_FAILURE(&e, udiff_reply, 2, SEAM_STATUS_NO_MATCH, " def main():\n");
	CHECK(all_early_but(&e, late) == 0);
	CHECK(event_for(&e, 1)->at <= offset_of(udiff_reply, " def leave"));
	CHECK(event_for(&e, 4)->at <= offset_of(udiff_reply, "+def extra"));
	events_free(&e);
}

static const char whole_reply[] =
	"Here are the full files.\n"
	"\n"
	"src/util.py\n"
	"```python\n"
	"def add(a, b):\n"
	"    return a + b\n"
	"\n"
	"\n"
	"def mul(a, b):\n"
	"    return a * b\n"
	"```\n"
	"\n"
	"README.md\n"
	"```markdown\n"
	"# Project\n"
	"\n"
	"Run it:\n"
	"\n"
	"```python\n"
	"import app\n"
	"app.main()\n"
	"```\n"
	"\n"
	"That is all.\n"
	"```\n"
	"\n"
	"src/app.py\n"
	"```python\n"
	"import os\n"
	"\n"
	"# ... rest of the file unchanged ...\n"
	"```\n"
	"\n"
	"Done.\n";

TEST(stream, whole_same_as_whole)
{
	events e;
	static const size_t late[] = {0};

	CHECK(same_as_whole(project, whole_reply, NULL, 1, &e) == 0);
	/* the README's own code block does not end the README early (no correction: checked
	   above), and the placeholder listing is refused when its fence closes */
	CHECK_EARLY_FAILURE(&e, whole_reply, 3, SEAM_STATUS_LAZY, "\nDone.");
	CHECK(event_for(&e, 2)->at > offset_of(whole_reply, "That is all."));
	CHECK(all_early_but(&e, late) == 0);
	events_free(&e);
}

static const char patch_reply[] =
	"Applying the change with a patch.\n"
	"\n"
	"*** Begin Patch\n"
	"*** Update File: src/app.py\n"
	"@@ def greet(name):\n"
	"-    return \"Hello \" + name\n"
	"+    return f\"Hello, {name}!\"\n"
	"@@ def leave(person):\n"
	"-    return \"Ciao \" + person\n"
	"+    return f\"Ciao, {person}!\"\n"
	"*** Update File: src/util.py\n"
	"@@\n"
	" def add(a, b):\n"
	"-    return a + b\n"
	"+    return b + a\n"
	"*** Add File: src/extra.py\n"
	"+def extra():\n"
	"+    return 42\n"
	"*** Delete File: src/old.py\n"
	"*** End Patch\n"
	"\n"
	"The greeting now has a comma.\n";

TEST(stream, patch_same_as_whole)
{
	events e;
	static const size_t late[] = {0};

	CHECK(same_as_whole(project, patch_reply, NULL, 1, &e) == 0);
	/* the chunk's anchor is not in the file; the next section's marker ends it */
	CHECK_EARLY_FAILURE(&e, patch_reply, 2, SEAM_STATUS_NO_MATCH, "@@\n def add");
	CHECK(all_early_but(&e, late) == 0);
	CHECK(event_for(&e, 4)->at <= offset_of(patch_reply, "*** End Patch"));
	events_free(&e);
}

static const char lndiff_reply[] = "src/app.py\n"
				   "<editblock>\n"
				   "<<<<<<< REMOVE\n"
				   "  4│def greet(name):\n"
				   "  5│    return \"Hello \" + name\n"
				   "=======\n"
				   "   │def greet(name):\n"
				   "   │    return f\"Hello, {name}!\"\n"
				   ">>>>>>> INSERT\n"
				   "</editblock>\n"
				   "\n"
				   "src/app.py\n"
				   "<editblock>\n"
				   "<<<<<<< REMOVE\n"
				   " 30│def leave(person):\n"
				   " 31│    return \"Ciao \" + person\n"
				   "=======\n"
				   "   │def leave(person):\n"
				   ">>>>>>> INSERT\n"
				   "</editblock>\n"
				   "\n"
				   "src/app.py\n"
				   "<editblock>\n"
				   "<<<<<<< REMOVE\n"
				   " 14│    print(farewell(\"world\"))\n"
				   "=======\n"
				   "   │    print(farewell(\"you\"))\n"
				   ">>>>>>> INSERT\n"
				   "</editblock>\n";

TEST(stream, lndiff_same_as_whole)
{
	events e;
	static const size_t late[] = {0};

	CHECK(same_as_whole(project, lndiff_reply, NULL, 1, &e) == 0);
	CHECK_EARLY_FAILURE(&e, lndiff_reply, 2, SEAM_STATUS_NO_MATCH,
			    "src/app.py\n<editblock>\n<<<<<<< REMOVE\n 14");
	CHECK(all_early_but(&e, late) == 0);
	events_free(&e);
}

static const char toolcall_reply[] =
	"[\n"
	"  {\"command\": \"str_replace\", \"path\": \"src/app.py\",\n"
	"   \"old_str\": \"    return \\\"Hello \\\" + name\\n\",\n"
	"   \"new_str\": \"    return f\\\"Hello, {name}!\\\"\\n\"},\n"
	"  {\"command\": \"str_replace\", \"path\": \"src/util.py\",\n"
	"   \"old_str\": \"    return a * b\\n\", \"new_str\": \"    return b * a\\n\"},\n"
	"  {\"command\": \"create\", \"path\": \"src/extra.py\",\n"
	"   \"file_text\": \"def extra():\\n    return 42\\n\"}\n"
	"]\n";

TEST(stream, toolcall_same_as_whole)
{
	events e;
	static const size_t late[] = {0};

	CHECK(same_as_whole(project, toolcall_reply, NULL, 1, &e) == 0);
	CHECK_EARLY_FAILURE(&e, toolcall_reply, 2, SEAM_STATUS_NO_MATCH,
			    "  {\"command\": \"create\"");
	CHECK(all_early_but(&e, late) == 0);
	events_free(&e);
}

/* Drafts in a thinking section are not reported while the answer may still hold edits. */
TEST(stream, thinking_drafts_not_reported)
{
	static const char reply[] = "<think>\n"
				    "Maybe this:\n"
				    "src/app.py\n"
				    "```python\n"
				    "<<<<<<< SEARCH\n"
				    "import os\n"
				    "=======\n"
				    "import sys\n"
				    ">>>>>>> REPLACE\n"
				    "```\n"
				    "No, keep os.\n"
				    "</think>\n"
				    "src/app.py\n"
				    "```python\n"
				    "<<<<<<< SEARCH\n"
				    "import os\n"
				    "=======\n"
				    "import os\n"
				    "import re\n"
				    ">>>>>>> REPLACE\n"
				    "```\n";
	events e;
	size_t i;

	CHECK(same_as_whole(project, reply, NULL, 1, &e) == 0);
	CHECK_INT(e.n, 1);
	for (i = 0; i < e.n; i++)
		CHECK(e.v[i].at > offset_of(reply, "</think>"));
	CHECK(!e.v[0].ev.final);
	events_free(&e);
}

/* A file listed twice: the later listing is the edit, which the first event could not know.
 * The end withdraws the early event and reports the edit the plan holds. */
TEST(stream, relisted_file_withdrawn_at_the_end)
{
	static const char reply[] = "src/util.py\n"
				    "```python\n"
				    "def add(a, b):\n"
				    "    return a + b\n"
				    "```\n"
				    "\n"
				    "Sorry, the whole file:\n"
				    "\n"
				    "src/util.py\n"
				    "```python\n"
				    "def add(a, b):\n"
				    "    return b + a\n"
				    "```\n";
	events e;

	CHECK(same_as_whole(project, reply, NULL, 0, &e) == 0);
	CHECK_INT(e.n, 3);
	CHECK_INT(e.v[0].ev.kind, SEAM_EVENT_EDIT);
	CHECK(!e.v[0].ev.final);
	CHECK_INT(e.v[0].ev.reply_line, 3);
	/* the final word: the second listing, then the withdrawal of the first */
	CHECK_INT(e.v[1].ev.kind, SEAM_EVENT_EDIT);
	CHECK(e.v[1].ev.final);
	CHECK_INT(e.v[1].ev.reply_line, 11);
	CHECK_INT(e.v[2].ev.kind, SEAM_EVENT_WITHDRAWN);
	CHECK_INT(e.v[2].ev.reply_line, 3);
	events_free(&e);
}

/* An update that appends to a missing file creates it, unless a later block of that file has
 * an old side: then the whole file is refused. Its events wait for the end, and agree. */
TEST(stream, creating_update_reported_at_the_end)
{
	static const char reply[] = "src/new.py\n"
				    "```python\n"
				    "<<<<<<< SEARCH\n"
				    "=======\n"
				    "A = 1\n"
				    ">>>>>>> REPLACE\n"
				    "```\n"
				    "src/new.py\n"
				    "```python\n"
				    "<<<<<<< SEARCH\n"
				    "A = 1\n"
				    "=======\n"
				    "A = 2\n"
				    ">>>>>>> REPLACE\n"
				    "```\n";
	static const size_t late[] = {1, 2, 0};
	events e;

	CHECK(same_as_whole(project, reply, NULL, 1, &e) == 0);
	CHECK_INT(e.n, 2);
	CHECK(all_early_but(&e, late) == 0);
	CHECK_STR(seam_status_name(e.v[0].ev.status), "skipped");
	CHECK_STR(seam_status_name(e.v[0].ev.file_status), "not-found");
	events_free(&e);
}

/* A missing file with old text is refused at once: the event says why (the file's message). */
TEST(stream, missing_file_reported_early)
{
	static const char reply[] = "src/nowhere/gone.py\n"
				    "```python\n"
				    "<<<<<<< SEARCH\n"
				    "x = 1\n"
				    "=======\n"
				    "x = 2\n"
				    ">>>>>>> REPLACE\n"
				    "```\n"
				    "And more text after it.\n";
	events e;

	CHECK(same_as_whole(project, reply, NULL, 1, &e) == 0);
	CHECK_INT(e.n, 1);
	CHECK(!e.v[0].ev.final);
	CHECK_STR(seam_status_name(e.v[0].ev.status), "skipped");
	CHECK_STR(seam_status_name(e.v[0].ev.file_status), "not-found");
	CHECK(strstr(e.v[0].ev.message, "gone.py") != NULL);
	events_free(&e);
}

TEST(stream, no_edit_and_limits)
{
	seam_options o = SEAM_OPTIONS_INIT;
	events e;

	/* no edit: EPARSE with the message seam_reply_parse gives */
	CHECK(same_as_whole(project, "Nothing to change here.\n", NULL, 1, &e) == 0);
	CHECK_INT(e.n, 0);
	events_free(&e);
	/* over the edit limit: the same error at the end, the early events withdrawn */
	o.max_edits = 2;
	CHECK(same_as_whole(project, editblock_reply, &o, 0, &e) == 0);
	CHECK(e.n >= 2);
	CHECK_INT(e.v[e.n - 1].ev.kind, SEAM_EVENT_WITHDRAWN);
	events_free(&e);
}

/* A reply that turns to another format part way: the end refuses it as seam_reply_parse
 * does, whatever was seen of the first part. */
TEST(stream, mixed_formats_refused_at_the_end)
{
	static const char mixed[] = "src/util.py\n```\n<<<<<<< SEARCH\n    return a + b\n=======\n"
				    "    return b + a\n>>>>>>> REPLACE\n```\n\n--- a/README.md\n"
				    "+++ b/README.md\n@@ -1 +1 @@\n-# Project\n+# Seam\n";
	events e;

	CHECK(same_as_whole(project, mixed, NULL, 0, &e) == 0);
	events_free(&e);
}

TEST(stream, reply_too_large)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_stream *st = NULL;
	seam_reply *r = (seam_reply *)1;
	seam_plan *p = (seam_plan *)1;
	seam_tree *t;
	seam_event ev;
	size_t n = 0;

	o.max_reply_bytes = 300;
	CHECK(!seam_session_new(&s, &o));
	t = make_tree(s, project);
	CHECK(!seam_stream_new(&st, s, t, NULL));
	CHECK_INT(seam_stream_feed(st, editblock_reply, 250), SEAM_OK);
	CHECK(seam_stream_next(st, &ev)); /* the first block */
	CHECK_INT(seam_stream_feed(st, editblock_reply + 250, 100), SEAM_ELIMIT);
	CHECK_INT(seam_stream_feed(st, "x", 1), SEAM_ELIMIT);
	CHECK_INT(seam_stream_finish(st, &r, &p), SEAM_ELIMIT);
	CHECK(r == NULL && p == NULL);
	CHECK(strstr(seam_session_errmsg(s), "max_reply_bytes") != NULL);
	while (seam_stream_next(st, &ev))
		n += ev.kind == SEAM_EVENT_WITHDRAWN;
	CHECK_INT(n, 1);
	CHECK_INT(seam_stream_feed(st, "x", 1), SEAM_EUSAGE);
	CHECK_INT(seam_stream_finish(st, &r, &p), SEAM_EUSAGE);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(stream, usage_errors)
{
	seam_session *s = NULL;
	seam_stream *st = (seam_stream *)1;
	seam_stream_options bad = {99, 0};
	seam_tree *t;
	seam_event ev;

	CHECK(!seam_session_new(&s, NULL));
	t = make_tree(s, project);
	CHECK_INT(seam_stream_new(&st, NULL, t, NULL), SEAM_EUSAGE);
	CHECK(st == NULL);
	CHECK_INT(seam_stream_new(&st, s, NULL, NULL), SEAM_EUSAGE);
	CHECK_INT(seam_stream_new(&st, s, t, &bad), SEAM_EUSAGE);
	CHECK_INT(seam_stream_feed(NULL, "x", 1), SEAM_EUSAGE);
	CHECK_INT(seam_stream_next(NULL, &ev), 0);
	CHECK_INT(seam_stream_finish(NULL, NULL, NULL), SEAM_EUSAGE);
	seam_stream_free(NULL);
	CHECK(!seam_stream_new(&st, s, t, NULL));
	CHECK_INT(seam_stream_feed(st, NULL, 1), SEAM_EUSAGE);
	CHECK_INT(seam_stream_feed(st, NULL, 0), SEAM_OK);
	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_DIFF, &(char *){0}, NULL), SEAM_EUSAGE);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(stream, event_renderings)
{
	seam_event ev = {SEAM_EVENT_EDIT, 2, "src/a\x1b.py", SEAM_OP_UPDATE, 16,
			 SEAM_STATUS_NO_MATCH, SEAM_STATUS_APPLIED, "", 0, 0,
			 "not found:\n  x = 1\n", 0};
	char *out = NULL;
	size_t len = 0;

	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_TEXT, &out, &len), SEAM_OK);
	CHECK_STR(out, "edit 2 (reply line 16) src/a\\x1b.py: no-match\n    not found:\n      x = 1\n");
	CHECK_INT(len, strlen(out));
	seam_free(out);
	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_JSON_LINE, &out, &len), SEAM_OK);
	CHECK_STR(out, "{\"event\":\"edit\",\"index\":2,\"path\":\"src/a\\u001B.py\",\"op\":\"update\","
		       "\"reply_line\":16,\"status\":\"no-match\",\"file_status\":null,"
		       "\"strategy\":null,\"start_line\":null,\"end_line\":null,"
		       "\"message\":\"not found:\\n  x = 1\\n\",\"final\":false}\n");
	seam_free(out);
	ev.kind = SEAM_EVENT_CORRECTION;
	ev.status = SEAM_STATUS_APPLIED;
	ev.strategy = "fuzzy";
	ev.start_line = 8;
	ev.end_line = 9;
	ev.message = "";
	ev.final = 1;
	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_TEXT, &out, &len), SEAM_OK);
	CHECK_STR(out, "correction: edit 2 (reply line 16) src/a\\x1b.py: located by fuzzy at "
		       "lines 8-9\n");
	seam_free(out);
	ev.kind = SEAM_EVENT_WITHDRAWN;
	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_TEXT, &out, &len), SEAM_OK);
	CHECK_STR(out, "withdrawn: edit 2 (reply line 16) src/a\\x1b.py: not an edit of the whole "
		       "reply\n");
	seam_free(out);
	ev.kind = SEAM_EVENT_EDIT;
	ev.status = SEAM_STATUS_SKIPPED;
	ev.file_status = SEAM_STATUS_NOT_FOUND;
	ev.message = "gone";
	CHECK_INT(seam_event_render(&ev, SEAM_RENDER_JSON_LINE, &out, &len), SEAM_OK);
	CHECK(strstr(out, "\"status\":\"skipped\",\"file_status\":\"not-found\"") != NULL);
	seam_free(out);
}

/* ---- cost ---- */

/* A reply of n editblock edits of pad lines each, over files f0..f9 of the tree. */
static char *big_reply(size_t n, size_t pad, tfile *files, char **contents)
{
	size_t i, k, cap = n * (pad * 80 + 400) + 64, o = 0;
	char *r = malloc(cap);

	for (i = 0; i < 10; i++) {
		size_t c = 0, ccap = (n / 10 + 1) * (pad + 2) * 40 + 64;
		contents[i] = malloc(ccap);
		for (k = 0; k < (n / 10 + 1) * (pad + 2); k++)
			c += (size_t)snprintf(contents[i] + c, ccap - c, "line_%zu_%zu = %zu\n", i, k, k);
		files[i].path = NULL;
	}
	for (i = 0; i < 10; i++) {
		static char names[10][16];
		snprintf(names[i], sizeof(names[i]), "f%zu.py", i);
		files[i].path = names[i];
		files[i].data = contents[i];
	}
	files[10].path = NULL;
	o += (size_t)snprintf(r + o, cap - o, "Many edits.\n\n");
	for (i = 0; i < n; i++) {
		size_t f = i % 10, at = (i / 10) * (pad + 2);
		o += (size_t)snprintf(r + o, cap - o, "f%zu.py\n```\n<<<<<<< SEARCH\n", f);
		for (k = 0; k < pad; k++)
			o += (size_t)snprintf(r + o, cap - o, "line_%zu_%zu = %zu\n", f, at + k, at + k);
		o += (size_t)snprintf(r + o, cap - o, "=======\n");
		for (k = 0; k < pad; k++)
			o += (size_t)snprintf(r + o, cap - o, "line_%zu_%zu = %zu\n", f, at + k,
					      at + k + 1);
		o += (size_t)snprintf(r + o, cap - o, ">>>>>>> REPLACE\n```\n\n");
	}
	return r;
}

/* Past SM_STREAM_WORK_FREE the readings together cost at most SM_STREAM_WORK_FACTOR times the
 * text: fed byte by byte, a reply of ~140 KB and 200 edits is read a few dozen times, not 200
 * (nor once per line); the result is the same, and most events still come before the end. */
TEST(stream, long_reply_read_within_budget)
{
	tfile files[11];
	char *contents[10];
	char *reply = big_reply(200, 20, files, contents);
	size_t len = strlen(reply), i, early = 0;
	seam_session *s = NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_tree *t;
	seam_event ev;
	outcome w, o;
	events e;

	CHECK(len > 100000);
	whole_path(&w, files, reply, len, NULL);
	CHECK(!seam_session_new(&s, NULL));
	t = make_tree(s, files);
	CHECK(!seam_stream_new(&st, s, t, NULL));
	for (i = 0; i < len; i++) {
		CHECK_INT(seam_stream_feed(st, reply + i, 1), SEAM_OK);
		/* the budget holds at every point, give or take the one reading it allows */
		CHECK(st->spent <= SM_STREAM_WORK_FACTOR * (i + 1) + SM_STREAM_WORK_FREE);
		while (seam_stream_next(st, &ev))
			early++;
	}
	CHECK(st->readings < 100);
	CHECK(early > 150);
	CHECK_INT(seam_stream_finish(st, &r, &p), SEAM_OK);
	outcome_of(&o, s, SEAM_OK, p);
	CHECK(same_str("JSON", w.json, o.json) == 0);
	outcome_free(&o);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
	/* SEAM_STREAM_EAGER: read at every REPLACE line, every event at once */
	stream_path(&o, &e, files, reply, len, NULL, SEAM_STREAM_EAGER, 64, 0, 0);
	CHECK(same_str("JSON", w.json, o.json) == 0);
	CHECK(check_events(&e, w.json, 1) == 0);
	CHECK(e.readings >= 200);
	for (i = 0; i < e.n; i++)
		CHECK(!e.v[i].ev.final);
	events_free(&e);
	outcome_free(&o);
	outcome_free(&w);
	seam_tree_free(t);
	seam_session_free(s);
	for (i = 0; i < 10; i++)
		free(contents[i]);
	free(reply);
}

/* Lines that may each end an edit, 4096 of them in 16 KiB, fed byte by byte: every reading
 * of them would read 32 MiB in all (seconds); within the budget it is under 400 KiB. */
TEST(stream, many_possible_ends_read_within_budget)
{
	char *reply = malloc(4 * 4096 + 1);
	size_t i;
	outcome o;
	events e;

	for (i = 0; i < 4096; i++)
		memcpy(reply + 4 * i, "```\n", 4);
	reply[4 * 4096] = '\0';
	stream_path(&o, &e, project, reply, 4 * 4096, NULL, 0, 1, 0, 0);
	CHECK_INT(o.rc, SEAM_EPARSE);
	CHECK_INT(e.n, 0);
	CHECK(e.readings < 1024);
	CHECK(e.spent <= SM_STREAM_WORK_FACTOR * 4 * 4096 + SM_STREAM_WORK_FREE);
	events_free(&e);
	outcome_free(&o);
	free(reply);
}

/* ---- what the parsers mark open ---- */

static int open_marks(const char *text, size_t file, size_t edit)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	int v = -1;

	seam_session_new(&s, NULL);
	if (!sm_reply_read_text(&r, s, text, strlen(text)) && file < r->nfiles &&
	    edit < r->files[file].nedits)
		v = r->files[file].edits[edit].open;
	seam_reply_free(r);
	seam_session_free(s);
	return v;
}

TEST(stream, parsers_mark_what_may_grow)
{
	/* a hunk at the end of the text may grow; a line that is no hunk line ends it */
	CHECK_INT(open_marks("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n", 0, 0), 1);
	CHECK_INT(open_marks("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\nok\n", 0, 0), 0);
	/* "--- y" could start the next header: only the line after it says */
	CHECK_INT(open_marks("--- a/x.py\n+++ b/x.py\n@@\n-a\n+b\n--- a/y.py\n", 0, 0), 1);
	CHECK_INT(open_marks("--- a/x.py\n+++ b/x.py\n@@\n-a\n+b\n--- a/y.py\n+++ b/y.py\n", 0, 0),
		  0);
	/* " ```" in a fenced diff: the next line tells context from the closer */
	CHECK_INT(open_marks("```diff\n--- a/x.md\n+++ b/x.md\n@@\n-a\n+b\n ```\n", 0, 0), 1);
	/* a patch with no End Patch yet: a line without a marker may turn out context */
	CHECK_INT(open_marks("*** Begin Patch\n*** Update File: x.py\n@@\n-a\n+b\nprose\n", 0, 0), 1);
	CHECK_INT(open_marks("*** Begin Patch\n*** Update File: x.py\n@@\n-a\n+b\n"
			     "*** Update File: y.py\n@@\n-c\n+d\n",
			     0, 0),
		  0);
	CHECK_INT(open_marks("*** Begin Patch\n*** Update File: x.py\n@@\n-a\n+b\nprose\n"
			     "*** End Patch\n",
			     0, 0),
		  0);
	/* a whole file whose fence nests a code block not closed yet */
	CHECK_INT(open_marks("README.md\n```markdown\n# T\n```sh\nls\n```\nmore\n", 0, 0), 1);
	CHECK_INT(open_marks("README.md\n```markdown\n# T\n```sh\nls\n```\nmore\n```\n", 0, 0), 0);
	/* the same for a numbered whole-file listing */
	CHECK_INT(open_marks("README.md\n```markdown\n<copy_lines start=\"1\" end=\"2\"/>\n"
			     "```sh\nls\n```\nmore\n",
			     0, 0),
		  1);
	CHECK_INT(open_marks("README.md\n```markdown\n<copy_lines start=\"1\" end=\"2\"/>\n"
			     "```sh\nls\n```\nmore\n```\n",
			     0, 0),
		  0);
	/* SEARCH/REPLACE blocks are edits only once complete */
	CHECK_INT(open_marks("x.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", 0, 0), 0);
}

/* ---- out of memory ---- */

/* The Nth allocation fails, for every N until a run goes through: feeding or finishing says
 * SEAM_ENOMEM (never anything else, never a crash; ASan checks that nothing leaks), and the run
 * that goes through ends as the path without streaming. */
TEST(stream, every_allocation_fails_in_turn)
{
	size_t len = strlen(editblock_reply);
	outcome w;
	long n;
	int through = 0;

	whole_path(&w, project, editblock_reply, len, NULL);
	for (n = 0; n < 20000 && !through; n++) {
		seam_session *s = NULL;
		seam_stream *st = NULL;
		seam_reply *r = NULL;
		seam_plan *p = NULL;
		seam_tree *t;
		seam_event ev;
		size_t at = 0, k;
		int rc = SEAM_OK, fed = SEAM_OK;
		char *json = NULL;

		CHECK(!seam_session_new(&s, NULL));
		t = make_tree(s, project);
		CHECK(t != NULL);
		sm_alloc_fail_after(n);
		rc = seam_stream_new(&st, s, t, NULL);
		for (; rc == SEAM_OK && fed == SEAM_OK && at < len; at += k) {
			k = len - at < 7 ? len - at : 7;
			fed = seam_stream_feed(st, editblock_reply + at, k);
			while (seam_stream_next(st, &ev))
				CHECK(ev.path && ev.message && ev.strategy);
		}
		if (rc == SEAM_OK)
			rc = seam_stream_finish(st, &r, &p);
		sm_alloc_fail_after(-1);
		if (fed != SEAM_OK)
			CHECK_INT(fed, SEAM_ENOMEM);
		if (rc != SEAM_OK && rc != SEAM_EFAIL)
			CHECK_INT(rc, SEAM_ENOMEM);
		if (fed == SEAM_OK && (rc == SEAM_OK || rc == SEAM_EFAIL)) {
			CHECK(p != NULL);
			CHECK(!seam_plan_render(p, SEAM_RENDER_JSON, &json, &k));
			/* an allocation failing inside the final planning is its own ENOMEM; so a
			   plan that came back is the whole one */
			CHECK(same_str("JSON", w.json, json) == 0);
			CHECK_INT(rc, w.rc);
			through = 1;
		}
		while (st && seam_stream_next(st, &ev))
			;
		seam_free(json);
		seam_plan_free(p);
		seam_reply_free(r);
		seam_stream_free(st);
		seam_tree_free(t);
		seam_session_free(s);
	}
	CHECK(through);
	CHECK(n > 50); /* it did fail along the way */
	outcome_free(&w);
}
