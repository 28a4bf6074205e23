#define _POSIX_C_SOURCE 200809L
/* The model loop driven with scripted replies: apply, fail then corrected, lazy, cut, give up. */
#include "test.h"
#include "seam.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *APP =
	"import sys\n"
	"\n"
	"\n"
	"def parse(argv):\n"
	"    if len(argv) < 2:\n"
	"        return None\n"
	"    return argv[1]\n"
	"\n"
	"\n"
	"def greet(name):\n"
	"    print(\"hello \" + name)\n"
	"    print(\"bye\")\n"
	"\n"
	"\n"
	"def main():\n"
	"    name = parse(sys.argv)\n"
	"    greet(name or \"world\")\n";

/* One good block (parse) and one whose SEARCH side is nowhere (greet, miscopied). */
static const char *REPLY_HALF =
	"Let me think about this.\n\n"
	"<think>\nparse should strip; greet should use an f-string.\n</think>\n\n"
	"app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def parse(argv):\n"
	"    if len(argv) < 2:\n"
	"        return None\n"
	"    return argv[1]\n"
	"=======\n"
	"def parse(argv):\n"
	"    if len(argv) < 2:\n"
	"        return None\n"
	"    return argv[1].strip()\n"
	">>>>>>> REPLACE\n"
	"```\n\n"
	"app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def greet(person):\n"
	"    print(\"good day \" + person)\n"
	"    sys.stdout.flush()\n"
	"=======\n"
	"def greet(name):\n"
	"    print(f\"hello {name}\")\n"
	">>>>>>> REPLACE\n"
	"```\n";

static const char *REPLY_FIX =
	"Sorry, here is the block again, copied from the file:\n\n"
	"app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def greet(name):\n"
	"    print(\"hello \" + name)\n"
	"    print(\"bye\")\n"
	"=======\n"
	"def greet(name):\n"
	"    print(f\"hello {name}\")\n"
	"    print(\"bye\")\n"
	">>>>>>> REPLACE\n"
	"```\n";

static const char *REPLY_LAZY =
	"app.py\n"
	"```python\n"
	"<<<<<<< SEARCH\n"
	"def parse(argv):\n"
	"    if len(argv) < 2:\n"
	"        return None\n"
	"    return argv[1]\n"
	"\n"
	"\n"
	"def greet(name):\n"
	"    print(\"hello \" + name)\n"
	"    print(\"bye\")\n"
	"=======\n"
	"def parse(argv):\n"
	"    # ... existing code ...\n"
	"    return argv[1].strip()\n"
	"\n"
	"\n"
	"def greet(name):\n"
	"    # ... rest of the function unchanged ...\n"
	"    print(\"ciao\")\n"
	">>>>>>> REPLACE\n"
	"```\n";

static const char *AFTER =
	"import sys\n"
	"\n"
	"\n"
	"def parse(argv):\n"
	"    if len(argv) < 2:\n"
	"        return None\n"
	"    return argv[1].strip()\n"
	"\n"
	"\n"
	"def greet(name):\n"
	"    print(f\"hello {name}\")\n"
	"    print(\"bye\")\n"
	"\n"
	"\n"
	"def main():\n"
	"    name = parse(sys.argv)\n"
	"    greet(name or \"world\")\n";

typedef struct fixture {
	seam_session *s;
	seam_tree *t;
	seam_loop *l;
} fixture;

static int setup(fixture *f, unsigned rounds)
{
	seam_loop_options o = {SEAM_LOOP_OPTIONS_VERSION, "editblock", rounds};
	const char *files[] = {"app.py"};

	memset(f, 0, sizeof(*f));
	if (seam_session_new(&f->s, NULL) || seam_tree_new_memory(&f->t, f->s) ||
	    seam_tree_put(f->t, "app.py", APP, strlen(APP), 0644))
		return -1;
	return seam_loop_new(&f->l, f->s, f->t, "Strip the name, and greet with an f-string.",
			     files, 1, &o);
}

static void teardown(fixture *f)
{
	seam_loop_free(f->l);
	seam_tree_free(f->t);
	seam_session_free(f->s);
}

/* The content of the last message of the next request, and how many messages it has. */
static char *last_message(seam_loop *l, size_t *count, const char **role)
{
	char *js = NULL, *out = NULL;
	json_t *a, *m;

	if (seam_loop_request(l, &js, NULL))
		return NULL;
	a = json_loads(js, 0, NULL);
	seam_free(js);
	if (!a || !json_is_array(a) || !json_array_size(a)) {
		json_decref(a);
		return NULL;
	}
	*count = json_array_size(a);
	m = json_array_get(a, *count - 1);
	out = strdup(json_string_value(json_object_get(m, "content")));
	*role = strcmp(json_string_value(json_object_get(m, "role")), "user") ? "other" : "user";
	json_decref(a);
	return out;
}

static int commit_and_check(fixture *f, const char *want)
{
	seam_plan *p = NULL;
	const char *got;
	size_t len = 0;
	int rc = seam_loop_plan(f->l, &p);

	if (rc == SEAM_OK)
		rc = seam_plan_commit(p);
	seam_plan_free(p);
	if (rc)
		return rc;
	got = seam_tree_get(f->t, "app.py", &len);
	return got && len == strlen(want) && !memcmp(got, want, len) ? 0 : -100;
}

TEST(loop, first_request_holds_prompt_files_and_instruction)
{
	fixture f;
	char *js = NULL;
	json_t *a;

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK_INT(seam_loop_request(f.l, &js, NULL), SEAM_OK);
	a = json_loads(js, 0, NULL);
	seam_free(js);
	CHECK(a && json_array_size(a) == 2);
	CHECK_STR(json_string_value(json_object_get(json_array_get(a, 0), "role")), "system");
	CHECK(strstr(json_string_value(json_object_get(json_array_get(a, 0), "content")),
		     "<<<<<<< SEARCH"));
	CHECK(strstr(json_string_value(json_object_get(json_array_get(a, 1), "content")),
		     "app.py\n```\nimport sys\n"));
	CHECK(strstr(json_string_value(json_object_get(json_array_get(a, 1), "content")),
		     "Strip the name"));
	json_decref(a);
	teardown(&f);
}

TEST(loop, reply_that_applies_is_done_in_one_round)
{
	fixture f;

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_DONE);
	CHECK_INT(seam_loop_rounds(f.l), 1);
	CHECK_STR(seam_loop_feedback(f.l), "");
	/* nothing written before the plan is committed */
	{
		size_t len;
		const char *got = seam_tree_get(f.t, "app.py", &len);
		CHECK(got && len == strlen(APP) && !memcmp(got, APP, len));
	}
	CHECK_INT(seam_loop_feed(f.l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_EUSAGE);
	CHECK_INT(commit_and_check(&f, APP) == -100, 1); /* changed, not the whole AFTER */
	teardown(&f);
}

TEST(loop, failed_edit_is_asked_again_alone_and_rounds_combine)
{
	fixture f;
	size_t n = 0;
	const char *role = "";
	char *msg;

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, REPLY_HALF, strlen(REPLY_HALF), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK(strstr(seam_loop_feedback(f.l), "no-match") || strstr(seam_loop_feedback(f.l), "not found") ||
	      strstr(seam_loop_feedback(f.l), "could not"));
	msg = last_message(f.l, &n, &role);
	CHECK(msg != NULL);
	CHECK_INT(n, 4); /* system, user, assistant, user */
	CHECK_STR(role, "user");
	/* seam's own error text, the instruction to send only what failed, the file as it is now
	   (with the kept edit), and not a request for the edit that applied */
	CHECK(strstr(msg, seam_loop_feedback(f.l)) != NULL);
	CHECK(strstr(msg, "Send only the failed edits") != NULL);
	CHECK(strstr(msg, "return argv[1].strip()\n") != NULL);
	CHECK(strstr(msg, "def greet(person)") != NULL);
	free(msg);
	CHECK_INT(seam_loop_feed(f.l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_DONE);
	CHECK_INT(seam_loop_rounds(f.l), 2);
	CHECK_INT(commit_and_check(&f, AFTER), 0);
	teardown(&f);
}

TEST(loop, lazy_reply_is_refused_and_retried)
{
	fixture f;

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, REPLY_LAZY, strlen(REPLY_LAZY), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK(strstr(seam_loop_feedback(f.l), "lazy") || strstr(seam_loop_feedback(f.l), "placeholder"));
	CHECK_INT(seam_loop_feed(f.l, REPLY_HALF, strlen(REPLY_HALF), 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_DONE);
	CHECK_INT(commit_and_check(&f, AFTER), 0);
	teardown(&f);
}

TEST(loop, gives_up_after_max_rounds_and_writes_nothing)
{
	fixture f;
	char *js = NULL;
	const char *prose = "I am not sure what to change here.";
	size_t len;
	const char *got;

	CHECK_INT(setup(&f, 2), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, prose, strlen(prose), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK(strstr(seam_loop_feedback(f.l), "No edit could be read") != NULL);
	CHECK_INT(seam_loop_feed(f.l, REPLY_HALF, strlen(REPLY_HALF), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_GAVE_UP);
	CHECK_INT(seam_loop_rounds(f.l), 2);
	CHECK_INT(seam_loop_request(f.l, &js, NULL), SEAM_EUSAGE);
	CHECK(js == NULL);
	got = seam_tree_get(f.t, "app.py", &len);
	CHECK(got && len == strlen(APP) && !memcmp(got, APP, len));
	teardown(&f);
}

/* The last allowed reply holds no edit (prose, or a cut before its first edit): the loop gives
 * up as after any failed last round, it does not fail. */
TEST(loop, gives_up_when_the_last_reply_holds_no_edit)
{
	fixture f;
	char *js = NULL;
	const char *prose = "I am not sure what to change here.";
	const char *cut = "app.py\n```python\n<<<<<<< SEARCH\ndef parse(argv):\n";
	size_t len;
	const char *got;

	CHECK_INT(setup(&f, 2), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, REPLY_HALF, strlen(REPLY_HALF), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK_INT(seam_loop_feed(f.l, prose, strlen(prose), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_GAVE_UP);
	CHECK_INT(seam_loop_rounds(f.l), 2);
	CHECK(strstr(seam_loop_feedback(f.l), "No edit could be read") != NULL);
	CHECK_INT(seam_loop_request(f.l, &js, NULL), SEAM_EUSAGE);
	CHECK(js == NULL);
	got = seam_tree_get(f.t, "app.py", &len);
	CHECK(got && len == strlen(APP) && !memcmp(got, APP, len));
	teardown(&f);

	/* a single round, cut before its first complete edit */
	CHECK_INT(setup(&f, 1), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, cut, strlen(cut), SEAM_LOOP_CUT), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_GAVE_UP);
	CHECK(strstr(seam_loop_feedback(f.l), "No edit could be read") != NULL);
	teardown(&f);
}

TEST(loop, cut_reply_drops_the_unfinished_edit)
{
	fixture f;
	/* the failed block, then the start of a block the cut caught half-written */
	const char *cut =
		"app.py\n```python\n<<<<<<< SEARCH\ndef nothing_like_this():\n    pass\n=======\n"
		"def x():\n    pass\n>>>>>>> REPLACE\n```\n\napp.py\n```python\n<<<<<<< SEARCH\n"
		"def parse(argv):\n=======\ndef parse(ar";

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, cut, strlen(cut), SEAM_LOOP_CUT), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK(strstr(seam_loop_feedback(f.l), "Your reply was stopped there") != NULL);
	CHECK_INT(seam_loop_feed(f.l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_DONE);
	teardown(&f);
}

TEST(loop, files_on_disk_are_written_once_by_the_plan)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_plan *p = NULL;
	const char *files[] = {"app.py"};
	char path[4096];
	char *data;
	size_t len = 0;

	snprintf(path, sizeof(path), "%s/app.py", sm_test_tmpdir());
	sm_test_write_file(path, APP, strlen(APP));
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, sm_test_tmpdir()), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "do it", files, 1, NULL), SEAM_OK);
	CHECK_INT(seam_loop_feed(l, REPLY_HALF, strlen(REPLY_HALF), 0), SEAM_OK);
	data = sm_test_read_file(path, &len);
	CHECK(data && len == strlen(APP) && !memcmp(data, APP, len));
	free(data);
	CHECK_INT(seam_loop_feed(l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_plan(l, &p), SEAM_OK);
	CHECK_INT(seam_plan_file_count(p), 1);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	seam_plan_free(p);
	data = sm_test_read_file(path, &len);
	CHECK(data && len == strlen(AFTER) && !memcmp(data, AFTER, len));
	free(data);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, bad_arguments)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_loop_options o = {SEAM_LOOP_OPTIONS_VERSION, "nope", 0};
	const char *missing[] = {"missing.py"};

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "x", NULL, 0, &o), SEAM_EUSAGE);
	CHECK(l == NULL);
	CHECK_INT(seam_loop_new(&l, s, t, "", NULL, 0, NULL), SEAM_EUSAGE);
	o.format = NULL;
	o.max_rounds = 1000;
	CHECK_INT(seam_loop_new(&l, s, t, "x", NULL, 0, &o), SEAM_EUSAGE);
	CHECK(seam_loop_new(&l, s, t, "x", missing, 1, NULL) != SEAM_OK);
	CHECK(strstr(seam_session_errmsg(s), "missing.py") != NULL);
	CHECK_INT(seam_loop_state(NULL), SEAM_LOOP_FAILED);
	seam_loop_free(NULL);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, snippet_format_quotes_first_then_pairs)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_loop_options o = {SEAM_LOOP_OPTIONS_VERSION, "snippet", 0};
	const char *files[] = {"app.py"};
	/* from memory: a miscopied line, and "..." for what the model does not remember */
	const char *quote = "I will change greet:\n\napp.py\n<selected_snippet>\ndef greet(name):\n"
			    "    ...\n    print('bye')\n</selected_snippet>\n";
	const char *pair = "app.py\n<selected_snippet>\ndef greet(name):\n"
			   "    print(\"hello \" + name)\n    print(\"bye\")\n</selected_snippet>\n"
			   "<updated_snippet>\ndef greet(name):\n    print(f\"hello {name}\")\n"
			   "    print(\"bye\")\n</updated_snippet>\n";
	const char *role = "";
	size_t n = 0, len = 0;
	char *msg;
	seam_plan *p = NULL;
	const char *got;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "app.py", APP, strlen(APP), 0644), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "Use an f-string in greet.", files, 1, &o), SEAM_OK);
	msg = last_message(l, &n, &role);
	CHECK(msg && strstr(msg, "First step: do not write new code yet"));
	free(msg);
	CHECK_INT(seam_loop_feed(l, quote, strlen(quote), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(l), SEAM_LOOP_NEED_REPLY);
	msg = last_message(l, &n, &role);
	CHECK(msg != NULL);
	/* the exact region, with the lines the quote got wrong or left out */
	CHECK(strstr(msg, "Lines 10-12 of app.py:\napp.py\n```\ndef greet(name):\n") != NULL);
	CHECK(strstr(msg, "    print(\"hello \" + name)\n    print(\"bye\")\n") != NULL);
	CHECK(strstr(msg, "Now write each change") != NULL);
	free(msg);
	CHECK_INT(seam_loop_feed(l, pair, strlen(pair), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(l), SEAM_LOOP_DONE);
	CHECK_INT(seam_loop_rounds(l), 2);
	CHECK_INT(seam_loop_plan(l, &p), SEAM_OK);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	seam_plan_free(p);
	got = seam_tree_get(t, "app.py", &len);
	CHECK(got && strstr(got, "print(f\"hello {name}\")") && strstr(got, "return argv[1]\n"));
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, snippet_quote_not_found_is_asked_again)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_loop_options o = {SEAM_LOOP_OPTIONS_VERSION, "snippet", 0};
	const char *files[] = {"app.py"};
	const char *quote = "app.py\n<selected_snippet>\nclass Nothing:\n    colour = 'blue'\n"
			    "    size = 12\n</selected_snippet>\n";
	const char *role = "";
	size_t n = 0;
	char *msg;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "app.py", APP, strlen(APP), 0644), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "x", files, 1, &o), SEAM_OK);
	CHECK_INT(seam_loop_feed(l, quote, strlen(quote), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(l), SEAM_LOOP_NEED_REPLY);
	msg = last_message(l, &n, &role);
	CHECK(msg && strstr(msg, "None of your quotes was found") && strstr(msg, "reply line 2"));
	free(msg);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, hostile_paths_are_refused_and_reported)
{
	fixture f;
	const char *evil = "../outside.py\n```python\n<<<<<<< SEARCH\n=======\nprint(1)\n>>>>>>> REPLACE\n```\n\n"
			   ".git/config\n```\n<<<<<<< SEARCH\n=======\n[core]\n>>>>>>> REPLACE\n```\n";
	seam_plan *p = NULL;

	CHECK_INT(setup(&f, 0), SEAM_OK);
	CHECK_INT(seam_loop_feed(f.l, evil, strlen(evil), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(f.l), SEAM_LOOP_NEED_REPLY);
	CHECK(strstr(seam_loop_feedback(f.l), "out of the project root") != NULL);
	CHECK(strstr(seam_loop_feedback(f.l), ".git") != NULL);
	/* nothing was kept: no plan to commit */
	CHECK_INT(seam_loop_plan(f.l, &p), SEAM_EPARSE);
	CHECK(p == NULL);
	teardown(&f);
}

/* A large file: 200 functions of 10 lines; helper_117 is defined once and called once. */
static char *big_file(size_t *len)
{
	size_t cap = 200 * 400, n = 0, i;
	char *s = malloc(cap);

	if (!s)
		return NULL;
	for (i = 0; i < 200; i++)
		n += (size_t)snprintf(s + n, cap - n,
				      "def helper_%zu(x):\n    y = x + %zu\n    if y > 10:\n"
				      "        y -= 1\n    z = [y] * 2\n    for v in z:\n"
				      "        y += v\n    print(y)\n    return y\n\n",
				      i, i);
	n += (size_t)snprintf(s + n, cap - n, "def main():\n    helper_117(3)\n");
	*len = n;
	return s;
}

TEST(loop, snippet_flow_shows_large_files_in_windows)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_loop_options o = {SEAM_LOOP_OPTIONS_VERSION, "snippet", 0};
	const char *files[] = {"big.py"};
	const char *role = "";
	size_t n = 0, len = 0;
	char *msg, *data = big_file(&len);

	CHECK(data != NULL);
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "big.py", data, len, 0644), SEAM_OK);
	free(data);
	CHECK_INT(seam_loop_new(&l, s, t, "Make helper_117 return y * 2", files, 1, &o), SEAM_OK);
	msg = last_message(l, &n, &role);
	CHECK(msg != NULL);
	CHECK(strstr(msg, "big.py is large") != NULL);
	/* the definition (line 1171) and the call (line 2002), with context; "return" and "y" are
	   on too many lines to say where to look */
	CHECK(strstr(msg, "Lines 1131-1211 of big.py:") != NULL);
	CHECK(strstr(msg, "def helper_117(x):") != NULL);
	CHECK(strstr(msg, "Lines 1962-2002 of big.py:") != NULL);
	CHECK(strstr(msg, "def helper_3(x):") == NULL);
	CHECK(strlen(msg) < 20000);
	free(msg);
	seam_loop_free(l);
	/* other formats get the whole file */
	o.format = "editblock";
	CHECK_INT(seam_loop_new(&l, s, t, "Make helper_117 return y * 2", files, 1, &o), SEAM_OK);
	msg = last_message(l, &n, &role);
	CHECK(msg && strstr(msg, "def helper_3(x):") && !strstr(msg, "is large"));
	free(msg);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, file_changed_during_the_conversation_is_not_overwritten)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_plan *p = NULL;
	const char *files[] = {"app.py"};
	const char *theirs = "# edited by hand meanwhile\n";
	char path[4096];
	char *data;
	size_t len = 0;

	snprintf(path, sizeof(path), "%s/app.py", sm_test_tmpdir());
	sm_test_write_file(path, APP, strlen(APP));
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_open_dir(&t, s, sm_test_tmpdir()), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "do it", files, 1, NULL), SEAM_OK);
	CHECK_INT(seam_loop_feed(l, REPLY_FIX, strlen(REPLY_FIX), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(l), SEAM_LOOP_DONE);
	sm_test_write_file(path, theirs, strlen(theirs));
	CHECK_INT(seam_loop_plan(l, &p), SEAM_ECHANGED);
	CHECK(p == NULL);
	CHECK(strstr(seam_session_errmsg(s), "app.py changed since the loop read it") != NULL);
	data = sm_test_read_file(path, &len);
	CHECK(data && len == strlen(theirs) && !memcmp(data, theirs, len));
	free(data);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(loop, crlf_bom_and_missing_final_newline_survive_the_final_plan)
{
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_loop *l = NULL;
	seam_plan *p = NULL;
	const char *files[] = {"w.py", "n.py"};
	const char *crlf = "\xef\xbb\xbfx = 1\r\ny = 2\r\nz = 3\r\n";
	const char *noeol = "a = 1\nb = 2";
	const char *reply = "w.py\n```\n<<<<<<< SEARCH\ny = 2\n=======\ny = 20\n>>>>>>> REPLACE\n```\n\n"
			    "n.py\n```\n<<<<<<< SEARCH\na = 1\n=======\na = 10\n>>>>>>> REPLACE\n```\n";
	seam_options o = SEAM_OPTIONS_INIT;
	const char *got;
	size_t len = 0;

	o.flags = SEAM_FLAG_KEEP_NO_EOL;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "w.py", crlf, strlen(crlf), 0644), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "n.py", noeol, strlen(noeol), 0644), SEAM_OK);
	CHECK_INT(seam_loop_new(&l, s, t, "change", files, 2, NULL), SEAM_OK);
	CHECK_INT(seam_loop_feed(l, reply, strlen(reply), 0), SEAM_OK);
	CHECK_INT(seam_loop_state(l), SEAM_LOOP_DONE);
	CHECK_INT(seam_loop_plan(l, &p), SEAM_OK);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	seam_plan_free(p);
	got = seam_tree_get(t, "w.py", &len);
	CHECK_MEM(got, len, "\xef\xbb\xbfx = 1\r\ny = 20\r\nz = 3\r\n", strlen(crlf) + 1);
	got = seam_tree_get(t, "n.py", &len);
	CHECK_MEM(got, len, "a = 10\nb = 2", strlen(noeol) + 1);
	seam_loop_free(l);
	seam_tree_free(t);
	seam_session_free(s);
}
