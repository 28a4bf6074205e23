/*
 * Agents' formats end to end on an in-memory tree: each agent's conventions as that agent
 * means them (where an insertion goes and what line 0 means, what a line hint may decide, the
 * order blocks apply in, overlapping replacements), paths from outside the edit, and the two
 * wrong applies fixed at their mechanism (marker lines written into a file; a short old side
 * taken for a different line of the same shape).
 */
#include "test.h"
#include "seam.h"

#include <stdio.h>
#include <string.h>

static const char APP_JS[] =
	"function greet() {\n"
	"  console.log(\"hello\")\n"
	"}\n"
	"\n"
	"function part() {\n"
	"  return 1\n"
	"}\n"
	"\n"
	"function other() {\n"
	"  return 1\n"
	"}\n";

typedef struct run {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int parse, plan, commit;
} run;

static void go_opts(run *x, const char *reply, const char *path, const char *strip)
{
	seam_options o = SEAM_OPTIONS_INIT;

	memset(x, 0, sizeof(*x));
	x->commit = -1;
	o.path = path;
	o.strip_prefix = strip;
	if (seam_session_new(&x->s, &o) || seam_tree_new_memory(&x->t, x->s) ||
	    seam_tree_put(x->t, "app.js", APP_JS, strlen(APP_JS), 0644)) {
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

static void go(run *x, const char *reply)
{
	go_opts(x, reply, NULL, NULL);
}

static void done(run *x)
{
	seam_plan_free(x->p);
	seam_reply_free(x->r);
	seam_tree_free(x->t);
	seam_session_free(x->s);
}

static int has(const run *x, const char *path, const char *want)
{
	size_t n = 0;
	const char *got = seam_tree_get(x->t, path, &n);
	int ok = got && n == strlen(want) && !memcmp(got, want, n);
	if (!ok)
		printf("  %s is:\n%.*s\n  want:\n%s\n", path, got ? (int)n : 9,
		       got ? got : "(missing)", want);
	return ok;
}

static seam_status_t status_of(const run *x, size_t f, size_t e)
{
	seam_edit_info ei;
	memset(&ei, 0, sizeof(ei));
	seam_plan_edit(x->p, f, e, &ei);
	return ei.status;
}

/* ---- where insertions go ---- */

TEST(apply_agents, openhands_inserts_after_line_zero_is_top)
{
	run x;
	go(&x, "<function=str_replace_editor>\n<parameter=command>insert</parameter>\n"
	       "<parameter=path>app.js</parameter>\n<parameter=insert_line>0</parameter>\n"
	       "<parameter=new_str>\n'use strict'\n</parameter>\n</function>\n"
	       "<function=str_replace_editor>\n<parameter=command>insert</parameter>\n"
	       "<parameter=path>app.js</parameter>\n<parameter=insert_line>3</parameter>\n"
	       "<parameter=new_str>\n// after greet\n</parameter>\n</function>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "app.js",
	          "'use strict'\nfunction greet() {\n  console.log(\"hello\")\n}\n// after greet\n"
	          "\nfunction part() {\n  return 1\n}\n\nfunction other() {\n  return 1\n}\n"));
	done(&x);
}

TEST(apply_agents, cline_editor_inserts_before_count_plus_one_appends)
{
	run x;
	go(&x, "{\"name\": \"editor\", \"arguments\": {\"path\": \"app.js\", \"new_text\": "
	       "\"// head\\n\", \"insert_line\": 1}}\n"
	       "{\"name\": \"editor\", \"arguments\": {\"path\": \"app.js\", \"new_text\": "
	       "\"// tail\\n\", \"insert_line\": 12}}\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "app.js",
	          "// head\nfunction greet() {\n  console.log(\"hello\")\n}\n\nfunction part() {\n"
	          "  return 1\n}\n\nfunction other() {\n  return 1\n}\n// tail\n"));
	done(&x);
}

TEST(apply_agents, roo_insert_content_line_zero_appends)
{
	run x;
	go(&x, "<insert_content>\n<path>app.js</path>\n<line>0</line>\n<content>\n"
	       "module.exports = { greet }\n</content>\n</insert_content>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "app.js", "function greet() {\n  console.log(\"hello\")\n}\n\nfunction part() "
	                        "{\n  return 1\n}\n\nfunction other() {\n  return 1\n}\n"
	                        "module.exports = { greet }\n"));
	done(&x);
}

/* ---- hints, order, overlaps, counts ---- */

TEST(apply_agents, roo_hint_never_picks_between_identical_places)
{
	run x;
	/* "  return 1" is at lines 6 and 10: the claimed line points at 10, but a remembered
	   number is no evidence between two identical texts */
	go(&x, "<apply_diff>\n<path>app.js</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:10\n"
	       "-------\n  return 1\n=======\n  return 2\n>>>>>>> REPLACE\n</diff>\n"
	       "</apply_diff>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 0), SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	/* with the text deciding, the hint is not needed, and a wrong one changes nothing */
	go(&x, "<apply_diff>\n<path>app.js</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:2\n"
	       "-------\nfunction other() {\n  return 1\n=======\nfunction other() {\n  return 2\n"
	       ">>>>>>> REPLACE\n</diff>\n</apply_diff>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "other() {\n  return 2") != NULL);
	done(&x);
}

/* Cline's blocks are in file order, each searched from where the one before it matched: of two
 * places a block's text fits equally, one before the block before it is not meant, and the
 * other is the place. Alone, or with none or both after it, it is refused as ambiguous. */
TEST(apply_agents, cline_blocks_in_file_order_break_ties)
{
	run x;
	/* "  return 1" is at lines 6 and 10; the block before matched line 9 */
	go(&x, "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n"
	       "function other() {\n=======\nfunction another() {\n+++++++ REPLACE\n"
	       "------- SEARCH\n  return 1\n=======\n  return 3\n+++++++ REPLACE\n"
	       "</diff>\n</replace_in_file>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}),
		     "part() {\n  return 1\n}\n\nfunction another() {\n  return 3") != NULL);
	done(&x);
	/* the block before matched line 5: both places are after it */
	go(&x, "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n"
	       "function part() {\n=======\nfunction piece() {\n+++++++ REPLACE\n"
	       "------- SEARCH\n  return 1\n=======\n  return 3\n+++++++ REPLACE\n"
	       "</diff>\n</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 1), SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	/* alone: nothing decides */
	go(&x, "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n  return 1\n"
	       "=======\n  return 3\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 0), SEAM_STATUS_AMBIGUOUS);
	done(&x);
	/* the block before is below both places: refused, not taken from the top */
	go(&x, "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n"
	       "function other() {\n  return 1\n}\n=======\nfunction other() {\n  return 1\n}\n"
	       "// end\n+++++++ REPLACE\n"
	       "------- SEARCH\n  return 1\n=======\n  return 3\n+++++++ REPLACE\n"
	       "</diff>\n</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 1), SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	/* two calls: the second call's block is the first of its own */
	go(&x, "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n"
	       "function part() {\n=======\nfunction piece() {\n+++++++ REPLACE\n"
	       "</diff>\n</replace_in_file>\n"
	       "<replace_in_file>\n<path>app.js</path>\n<diff>\n------- SEARCH\n  return 1\n"
	       "=======\n  return 3\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 1), SEAM_STATUS_AMBIGUOUS);
	done(&x);
}

TEST(apply_agents, zed_edits_apply_in_order)
{
	run x;
	go_opts(&x, "<edits>\n<old_text>\nfunction part() {\n  return 1\n</old_text>\n<new_text>\n"
	            "function part() {\n  return 5\n</new_text>\n<old_text>\n  return 5\n"
	            "</old_text>\n<new_text>\n  return 6\n</new_text>\n</edits>\n",
	        "app.js", NULL);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "part() {\n  return 6") != NULL);
	done(&x);
}

TEST(apply_agents, copilot_multi_replace_overlap_refused)
{
	run x;
	go(&x, "{\"name\": \"multi_replace_string_in_file\", \"arguments\": {\"replacements\": ["
	       "{\"filePath\": \"app.js\", \"oldString\": \"function part() {\\n  return 1\", "
	       "\"newString\": \"function part() {\\n  return 2\"},"
	       "{\"filePath\": \"app.js\", \"oldString\": \"  return 2\\n}\\n\\nfunction other() {\", "
	       "\"newString\": \"  return 3\\n}\\n\\nfunction other() {\"}]}}\n");
	/* the second is matched as if against the original: it claims a line the first changed */
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	go(&x, "{\"name\": \"multi_replace_string_in_file\", \"arguments\": {\"replacements\": ["
	       "{\"filePath\": \"app.js\", \"oldString\": \"function part() {\\n  return 1\", "
	       "\"newString\": \"function part() {\\n  return 2\"},"
	       "{\"filePath\": \"app.js\", \"oldString\": \"function other() {\\n  return 1\", "
	       "\"newString\": \"function other() {\\n  return 3\"}]}}\n");
	CHECK_INT(x.commit, SEAM_OK);
	done(&x);
}

TEST(apply_agents, gemini_expected_replacements_must_match)
{
	run x;
	go(&x, "{\"name\": \"replace\", \"args\": {\"file_path\": \"app.js\", \"instruction\": \"i\","
	       " \"old_string\": \"  return 1\", \"new_string\": \"  return 0\", "
	       "\"expected_replacements\": 3}}\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	go(&x, "{\"name\": \"replace\", \"args\": {\"file_path\": \"app.js\", \"instruction\": \"i\","
	       " \"old_string\": \"  return 1\", \"new_string\": \"  return 0\", "
	       "\"expected_replacements\": 2}}\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "return 1") == NULL);
	done(&x);
}

/* ---- paths from outside the edit ---- */

TEST(apply_agents, workspace_prefix_and_path_option)
{
	static const char call[] =
		"<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
		"<parameter=path>/workspace/app.js</parameter>\n"
		"<parameter=old_str>  console.log(\"hello\")</parameter>\n"
		"<parameter=new_str>  console.log(\"hi\")</parameter>\n</function>\n";
	run x;

	go(&x, call);
	CHECK_INT(x.plan, SEAM_EFAIL); /* absolute: refused as before */
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	go_opts(&x, call, NULL, "/workspace");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "\"hi\"") != NULL);
	done(&x);
	go_opts(&x, "edit 6:6\n  return 7\nend_of_edit\n", "app.js", NULL);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "part() {\n  return 7") != NULL);
	done(&x);
}

/* ---- the two wrong applies ---- */

TEST(apply_agents, malformed_markers_never_written_into_a_file)
{
	static const char *const replies[] = {
	    "app.js\n```js\n<<-- SEARCH\n  console.log(\"hello\")\n=======\n  console.log(\"hi\")\n"
	    ">>>>>>> REPLACE\n```\n",
	    "app.js\n```js\n-- SEARCH\n  console.log(\"hello\")\n=======\n  console.log(\"hi\")\n"
	    "++ REPLACE\n```\n",
	    "app.js\n```js\n<<<<<<< SEARCH\n  console.log(\"hello\")\n>>>>>>> REPLACE\n```\n",
	};
	size_t i;

	for (i = 0; i < sizeof(replies) / sizeof(replies[0]); i++) {
		run x;
		go(&x, replies[i]);
		CHECK(x.parse != SEAM_OK || x.plan != SEAM_OK);
		CHECK(has(&x, "app.js", APP_JS));
		done(&x);
	}
}

TEST(apply_agents, short_old_side_needs_more_than_its_shape)
{
	run x;
	/* "wrong" is another string than "hello", not a miscopy of it */
	go(&x, "app.js\n```js\n<<<<<<< SEARCH\nfunction greet() {\n  console.log(\"wrong\")\n"
	       "=======\nfunction greet() {\n  console.log(\"fixed\")\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 0), SEAM_STATUS_NO_MATCH);
	CHECK(has(&x, "app.js", APP_JS));
	done(&x);
	/* a real miscopy (one letter) of a short side is still repaired */
	go(&x, "app.js\n```js\n<<<<<<< SEARCH\nfunction greet() {\n  console.log(\"helo\")\n"
	       "=======\nfunction greet() {\n  console.log(\"fixed\")\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(strstr(seam_tree_get(x.t, "app.js", &(size_t){0}), "\"fixed\"") != NULL);
	done(&x);
}

/* A deletion whose old side holds slips: its new side (the context after what goes) is in the
 * file whether or not it was applied, so it is not taken for "already applied"; sent again
 * once applied, it changes nothing and is refused (already applied is only concluded when
 * proven). */
TEST(apply_agents, miscopied_deletion_is_not_already_applied)
{
	static const char file[] =
		"def setup(headers, body):\n    decoders = []\n"
		"    value = headers.get(\"content-encoding\", \"identity\")\n"
		"    for part in value.split(\",\"):\n        decoders.append(make_decoder(part))\n"
		"\n    if isinstance(body, bytes):\n        return body\n    return None\n";
	static const char reply[] =
		"s.py\n```python\n<<<<<<< SEARCH\n    decoders = []\n"
		"    value = headers.get(\"content-encoding\", \"identity\")\n"
		"    for part in value.split(\xe2\x80\x9c,\xe2\x80\x9d):\n"
		"        decoders.append(make_decoders(part))\n\n    if isinstance(body, bytes):\n"
		"=======\n    if isinstance(body, bytes):\n>>>>>>> REPLACE\n```\n";
	static const char want[] = "def setup(headers, body):\n    if isinstance(body, bytes):\n"
				   "        return body\n    return None\n";
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	size_t n = 0;
	const char *got;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "s.py", file, strlen(file), 0644), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_OK);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	seam_plan_free(p);
	got = seam_tree_get(t, "s.py", &n);
	CHECK(got && n == strlen(want) && !memcmp(got, want, n));
	/* again, on the result: the lines are gone, and nothing around them proves the deletion
	   was this edit's (its only context line stands after them, in the file either way):
	   "already applied" is not concluded from that, the edit is refused, nothing changes */
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_EFAIL);
	memset(&ei, 0, sizeof(ei));
	seam_plan_edit(p, 0, 0, &ei);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

/* ---- HTML entities (Cline, Roo decode them for some models): the file decides ---- */

static void go_in(run *x, const char *path, const char *file, const char *reply)
{
	seam_options o = SEAM_OPTIONS_INIT;

	memset(x, 0, sizeof(*x));
	x->commit = -1;
	if (seam_session_new(&x->s, &o) || seam_tree_new_memory(&x->t, x->s) ||
	    seam_tree_put(x->t, path, file, strlen(file), 0644)) {
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

/* A block with "&lt;" and no raw '<' reads as escaped by the transport; when the file holds
 * the entity as text and the decoded line is nowhere in it, the block is kept as written (both
 * sides); when the decoded line is the file's, decoded; fitting both, refused. */
TEST(apply_agents, entities_decoded_only_where_the_file_says_so)
{
	static const char page[] = "<p>\n  Use &lt;b&gt; for bold.\n  Tip one.\n</p>\n";
	static const char code[] = "if (n < limit) {\n  n++;\n}\n";
	static const char both[] = "x &lt; y\nx < y\n";
	run x;

	go_in(&x, "doc.html", page,
	      "<apply_diff>\n<path>doc.html</path>\n<diff>\n<<<<<<< SEARCH\n"
	      "  Use &lt;b&gt; for bold.\n=======\n  Use &lt;strong&gt; for bold.\n"
	      ">>>>>>> REPLACE\n</diff>\n</apply_diff>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "doc.html", "<p>\n  Use &lt;strong&gt; for bold.\n  Tip one.\n</p>\n"));
	done(&x);
	/* Cline's tag, the same */
	go_in(&x, "doc.html", page,
	      "<replace_in_file>\n<path>doc.html</path>\n<diff>\n------- SEARCH\n"
	      "  Use &lt;b&gt; for bold.\n=======\n  Use &lt;i&gt; for bold.\n"
	      "+++++++ REPLACE\n</diff>\n</replace_in_file>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "doc.html", "<p>\n  Use &lt;i&gt; for bold.\n  Tip one.\n</p>\n"));
	done(&x);
	/* escaped by the transport: the decoded line is the file's */
	go_in(&x, "a.c", code,
	      "<apply_diff>\n<path>a.c</path>\n<diff>\n<<<<<<< SEARCH\nif (n &lt; limit) {\n"
	      "=======\nif (n &lt;= limit &amp;&amp; n &gt; 0) {\n>>>>>>> REPLACE\n</diff>\n"
	      "</apply_diff>\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "a.c", "if (n <= limit && n > 0) {\n  n++;\n}\n"));
	done(&x);
	/* both forms are lines of the file: refused, nothing written */
	go_in(&x, "b.txt", both,
	      "<apply_diff>\n<path>b.txt</path>\n<diff>\n<<<<<<< SEARCH\nx &lt; y\n=======\n"
	      "x &lt; z\n>>>>>>> REPLACE\n</diff>\n</apply_diff>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(status_of(&x, 0, 0), SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "b.txt", both));
	done(&x);
	/* neither form fits and the file holds "&lt;" as text: refused */
	go_in(&x, "doc.html", page,
	      "<apply_diff>\n<path>doc.html</path>\n<diff>\n<<<<<<< SEARCH\n"
	      "  Use &lt;em&gt; for it.\n=======\n  Use &lt;u&gt; for it.\n"
	      ">>>>>>> REPLACE\n</diff>\n</apply_diff>\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "doc.html", page));
	done(&x);
}
