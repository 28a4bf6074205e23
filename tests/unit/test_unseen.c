/*
 * The kinds of wrong apply found on replies seam had never seen (issue 11), each written again
 * with neutral content of our own: the reply, the file before, and the one file that is right
 * (or a refusal). One test per mechanism, named for it.
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
static void go(run *x, const char *path, const char *before, const char *reply)
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
		printf("  %s is:\n%.*s\n  want:\n%s\n", path, got ? (int)n : 9, got ? got : "(missing)",
		       want);
	return ok;
}

static seam_edit_info edit(const run *x, size_t e)
{
	seam_edit_info ei;
	memset(&ei, 0, sizeof(ei));
	seam_plan_edit(x->p, 0, e, &ei);
	return ei;
}

/* ---- a line left out of the old side that the new side keeps is written once ---- */

static const char KIND_JS[] =
	"function setup(data) {\n"
	"  let kind;\n"
	"  if (isForm(data)) {\n"
	"    if (browserEnv || workerEnv) {\n"
	"      headers.setKind(false); // browser decides\n"
	"    } else if (!headers.getKind(/^multipart/)) {\n"
	"      headers.setKind('multipart'); // app frameworks\n"
	"    } else if (isString(kind = headers.getKind())) {\n"
	"      // strip the duplicated separator for odd platforms\n"
	"      headers.setKind(kind.replace(/;+/, ';'))\n"
	"    }\n"
	"  }\n"
	"  return data;\n"
	"}\n";

/* SEARCH/REPLACE: as many new lines as deleted ones, one file line (a comment) left out of the
 * SEARCH side between them and kept on the REPLACE side: the comment is the same line, not a
 * new one beside it. */
TEST(unseen, left_out_line_kept_by_new_side_written_once)
{
	run x;
	go(&x, "k.js", KIND_JS,
	   "k.js\n```\n<<<<<<< SEARCH\n"
	   "    if (browserEnv || workerEnv) {\n"
	   "      headers.setKind(false); // browser decides\n"
	   "    } else if (!headers.getKind(/^multipart/)) {\n"
	   "      headers.setKind('multipart'); // app frameworks\n"
	   "    } else if (isString(kind = headers.getKind())) {\n"
	   "      headers.setKind(kind.replace(/;+/, ';'))\n"
	   "    }\n"
	   "  }\n"
	   "=======\n"
	   "    if (browserEnv || workerEnv) {\n"
	   "      headers.setKind(false); // browser decides\n"
	   "    } else if ((kind = headers.getKind()) !== false) {\n"
	   "      // strip the duplicated separator for odd platforms\n"
	   "      const [type, ...rest] = kind ? kind.split(';') : [];\n"
	   "      headers.setKind([type || 'multipart', ...rest].join('; '));\n"
	   "    }\n"
	   "  }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "k.js",
		  "function setup(data) {\n"
		  "  let kind;\n"
		  "  if (isForm(data)) {\n"
		  "    if (browserEnv || workerEnv) {\n"
		  "      headers.setKind(false); // browser decides\n"
		  "    } else if ((kind = headers.getKind()) !== false) {\n"
		  "      // strip the duplicated separator for odd platforms\n"
		  "      const [type, ...rest] = kind ? kind.split(';') : [];\n"
		  "      headers.setKind([type || 'multipart', ...rest].join('; '));\n"
		  "    }\n"
		  "  }\n"
		  "  return data;\n"
		  "}\n"));
	done(&x);
}

/* A numbered block with a gap in its numbers (a comment left out of the REMOVE side) whose
 * INSERT side reorders the branches and carries the comment with its branch: the comment is
 * moved, not kept in place beside its new copy. */
TEST(unseen, numbered_gap_line_moved_by_new_side_written_once)
{
	static const char F[] = "function pick() {\n"
				"  let mode;\n"
				"  if (hasWindow()) {\n"
				"    // in a page use the fetch mode\n"
				"    mode = 'fetch';\n"
				"  } else if (hasProcess()) {\n"
				"    // on a server use the socket mode\n"
				"    mode = 'socket';\n"
				"  }\n"
				"  return mode;\n"
				"}\n";
	run x;
	go(&x, "pick.js", F,
	   "pick.js\n```\n<<<<<<< REMOVE\n"
	   "2│  let mode;\n"
	   "3│  if (hasWindow()) {\n"
	   "4│    // in a page use the fetch mode\n"
	   "5│    mode = 'fetch';\n"
	   "6│  } else if (hasProcess()) {\n"
	   "8│    mode = 'socket';\n"
	   "9│  }\n"
	   "=======\n"
	   "  │  let mode;\n"
	   "  │  if (hasProcess() && isServer()) {\n"
	   "  │    // on a server use the socket mode\n"
	   "  │    mode = 'socket';\n"
	   "  │  } else if (hasWindow()) {\n"
	   "  │    // in a page use the fetch mode\n"
	   "  │    mode = 'fetch';\n"
	   "  │  }\n"
	   ">>>>>>> INSERT\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pick.js",
		  "function pick() {\n"
		  "  let mode;\n"
		  "  if (hasProcess() && isServer()) {\n"
		  "    // on a server use the socket mode\n"
		  "    mode = 'socket';\n"
		  "  } else if (hasWindow()) {\n"
		  "    // in a page use the fetch mode\n"
		  "    mode = 'fetch';\n"
		  "  }\n"
		  "  return mode;\n"
		  "}\n"));
	done(&x);
}

/* Hunks merged into one block over a gap of several lines, one of which equals a line the
 * block keeps elsewhere: the gap's lines stay where they are, all of them. */
TEST(unseen, merged_hunks_gap_lines_stay)
{
	static const char F[] = "@mark.slow\n"
				"def test_connect(server):\n"
				"    limit = Limit(connect=1)\n"
				"    run(limit)\n"
				"    assert server.closed\n"
				"\n"
				"\n"
				"@mark.slow\n"
				"def test_pool(server):\n"
				"    limit = Limit(pool=1)\n"
				"    run(limit)\n";
	run x;
	go(&x, "test_t.py", F,
	   "test_t.py\n```\n<<<<<<< SEARCH\n"
	   "@mark.slow\ndef test_connect(server):\n    limit = Limit(connect=1)\n    run(limit)\n"
	   "def test_pool(server):\n    limit = Limit(pool=1)\n"
	   "=======\n"
	   "@mark.slow\ndef test_connect(server):\n    limit = Limit(None, connect=1)\n    run(limit)\n"
	   "def test_pool(server):\n    limit = Limit(None, pool=1)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "test_t.py",
		  "@mark.slow\n"
		  "def test_connect(server):\n"
		  "    limit = Limit(None, connect=1)\n"
		  "    run(limit)\n"
		  "    assert server.closed\n"
		  "\n"
		  "\n"
		  "@mark.slow\n"
		  "def test_pool(server):\n"
		  "    limit = Limit(None, pool=1)\n"
		  "    run(limit)\n"));
	done(&x);
}

/* ---- "already applied" only when proven ---- */

static const char IMPORTS_PY[] =
	"import base64\n"
	"import io\n"
	"import os\n"
	"import typing\n"
	"\n"
	"\n"
	"def token():\n"
	"    return base64.b16encode(os.urandom(8))\n";

/* A hunk deleting a miscopied first line: its new side (the lines after it) is in the file, as
 * it always is for a deletion at the edge. That proves nothing: the fuzzy tier places the old
 * side and the line goes. */
TEST(unseen, deletion_with_miscopied_line_is_made_not_already_applied)
{
	run x;
	go(&x, "t.py", IMPORTS_PY,
	   "```diff\n--- t.py\n+++ t.py\n@@ ... @@\n-import bsae64\n import io\n import os\n"
	   " import typing\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_APPLIED);
	CHECK(has(&x, "t.py",
		  "import io\nimport os\nimport typing\n\n\n"
		  "def token():\n    return base64.b16encode(os.urandom(8))\n"));
	done(&x);
}

static const char CONF_PY[] =
	"# Settings of the build\n"
	"\n"
	"name = \"widget\"\n"
	"release = \"1.0\"\n"
	"\n"
	"# Output ---------------------------------------------------------\n"
	"\n"
	"theme = \"plain\"\n"
	"\n"
	"# Output ---------------------------------------------------------\n"
	"\n"
	"show_sources = False\n";

/* A numbered block whose old side has one identifier miscopied, and whose new side (a comment
 * and a blank line) also stands elsewhere in the file: the text elsewhere says nothing about
 * this edit; the fuzzy tier places it where its numbers point. */
TEST(unseen, new_side_elsewhere_is_not_already_applied)
{
	run x;
	go(&x, "conf.py", CONF_PY,
	   "conf.py\n```\n<<<<<<< REMOVE\n"
	   "3│name = \"widget\"\n"
	   "4│relaese = \"1.0\"\n"
	   "=======\n"
	   "  │# Output ---------------------------------------------------------\n"
	   "  │\n"
	   ">>>>>>> INSERT\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_APPLIED);
	CHECK(has(&x, "conf.py",
		  "# Settings of the build\n"
		  "\n"
		  "# Output ---------------------------------------------------------\n"
		  "\n"
		  "\n"
		  "# Output ---------------------------------------------------------\n"
		  "\n"
		  "theme = \"plain\"\n"
		  "\n"
		  "# Output ---------------------------------------------------------\n"
		  "\n"
		  "show_sources = False\n"));
	done(&x);
}

/* A re-sent edit whose old side is miscopied: the fuzzy tier places the old side on the edit's
 * own result, which stands there with its context. Already applied, nothing changes. */
TEST(unseen, resent_edit_with_miscopy_is_already_applied)
{
	static const char F[] = "def area(w, h):\n    total = w * h\n    return total\n\n\n"
				"def perimeter(w, h):\n    return 2 * (w + h)\n";
	run x;
	go(&x, "geo.py", F,
	   "geo.py\n```\n<<<<<<< SEARCH\ndef area(w, h):\n    totl = w + h\n    return total\n"
	   "=======\ndef area(w, h):\n    total = w * h\n    return total\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "geo.py", F));
	done(&x);
}

/* str_replace: old_str must fit exactly one place; its new_str in the file does not make a
 * call whose old_str is nowhere succeed. */
TEST(unseen, str_replace_old_str_nowhere_is_refused)
{
	static const char F[] = "limit = 10\nretries = 3\nverbose = False\n";
	run x;
	go(&x, "cfg.py", F,
	   "{\"command\": \"str_replace\", \"path\": \"cfg.py\", "
	   "\"old_str\": \"timeout_seconds_for_the_pool = 30\\n\", \"new_str\": \"retries = 3\\n\"}");
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(has(&x, "cfg.py", F));
	done(&x);
}

/* A block that looks applied only because its new text stands on lines a later block of the
 * same reply rewrites: judged on a file the reply changes, it may belong elsewhere. Refused. */
TEST(unseen, already_applied_from_lines_a_later_block_rewrites_is_refused)
{
	static const char F[] = "def load(path):\n    with open(path) as fh:\n        return fh.read()\n\n\n"
				"def save(path, text):\n    with open(path, \"w\") as fh:\n"
				"        fh.write(text)\n";
	run x;
	go(&x, "io_util.py", F,
	   "io_util.py\n```\n<<<<<<< SEARCH\ndef store(path, text, mode):\n=======\n"
	   "def save(path, text):\n    with open(path, \"w\") as fh:\n>>>>>>> REPLACE\n```\n"
	   "io_util.py\n```\n<<<<<<< SEARCH\ndef save(path, text):\n    with open(path, \"w\") as fh:\n"
	   "=======\ndef save(path, text, encoding=\"utf-8\"):\n"
	   "    with open(path, \"w\", encoding=encoding) as fh:\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK_INT(edit(&x, 1).status, SEAM_STATUS_OVERLAP);
	CHECK(has(&x, "io_util.py", F));
	done(&x);
}

/* The same with unrelated blocks between the two: the earlier edits asked are those with a seen
 * or wide range, however many others came between. */
TEST(unseen, already_applied_then_other_blocks_then_rewrite_is_refused)
{
	static const char F[] = "def load(path):\n    with open(path) as fh:\n        return fh.read()\n\n\n"
				"def save(path, text):\n    with open(path, \"w\") as fh:\n"
				"        fh.write(text)\n\n\ndef one():\n    return 1\n\n\ndef two():\n"
				"    return 2\n";
	run x;
	go(&x, "io_util.py", F,
	   "io_util.py\n```\n<<<<<<< SEARCH\ndef store(path, text, mode):\n=======\n"
	   "def save(path, text):\n    with open(path, \"w\") as fh:\n>>>>>>> REPLACE\n```\n"
	   "io_util.py\n```\n<<<<<<< SEARCH\n    return 1\n=======\n    return 10\n"
	   ">>>>>>> REPLACE\n```\n"
	   "io_util.py\n```\n<<<<<<< SEARCH\n    return 2\n=======\n    return 20\n"
	   ">>>>>>> REPLACE\n```\n"
	   "io_util.py\n```\n<<<<<<< SEARCH\ndef save(path, text):\n    with open(path, \"w\") as fh:\n"
	   "=======\ndef save(path, text, encoding=\"utf-8\"):\n"
	   "    with open(path, \"w\", encoding=encoding) as fh:\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK_INT(edit(&x, 1).status, SEAM_STATUS_APPLIED);
	CHECK_INT(edit(&x, 2).status, SEAM_STATUS_APPLIED);
	CHECK_INT(edit(&x, 3).status, SEAM_STATUS_OVERLAP);
	CHECK(has(&x, "io_util.py", F));
	done(&x);
}

/* ---- the edge rule: file lines around an edit that its new side repeats ---- */

static const char BOOK_TS[] =
	"export async function book(db, user) {\n"
	"  // store the booking under the user\n"
	"  console.log('storing booking...')\n"
	"  const row = await db.insert(user.id)\n"
	"  return row\n"
	"}\n";

/* The REPLACE side starts with the two lines above the SEARCH side, whose first line is itself
 * changed: they are the same lines, written once (the top edge behaves as the bottom one). */
TEST(unseen, new_side_repeating_lines_above_changed_first_line_written_once)
{
	run x;
	go(&x, "b.ts", BOOK_TS,
	   "b.ts\n```\n<<<<<<< SEARCH\n  const row = await db.insert(user.id)\n  return row\n=======\n"
	   "  // store the booking under the user\n  console.log('storing booking...')\n"
	   "  const { row, err } = await db.insert(user.id)\n  if (err) throw err\n  return row\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "b.ts",
		  "export async function book(db, user) {\n"
		  "  // store the booking under the user\n"
		  "  console.log('storing booking...')\n"
		  "  const { row, err } = await db.insert(user.id)\n"
		  "  if (err) throw err\n"
		  "  return row\n"
		  "}\n"));
	done(&x);
}

/* A neighbour equal to a line deep inside the new side (indentation aside), not to its edge
 * lines in order, is not taken for it: the new block's line is written, the file's stays. */
TEST(unseen, neighbour_equal_to_inner_new_line_is_not_absorbed)
{
	static const char F[] = "function run(job) {\n  job.prepare()\n  job.execute()\n}\n";
	run x;
	go(&x, "j.js", F,
	   "j.js\n```\n<<<<<<< SEARCH\n  job.prepare()\n=======\n  job.prepare()\n"
	   "  if (!job.valid()) {\n    job.execute()\n    return\n  }\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "j.js",
		  "function run(job) {\n  job.prepare()\n  if (!job.valid()) {\n    job.execute()\n"
		  "    return\n  }\n  job.execute()\n}\n"));
	done(&x);
}

/* A re-sent block around lines ending in short closers: the whole repeated run is the same
 * lines, closers included, not half of it. */
TEST(unseen, repeated_run_with_short_closers_absorbed_whole)
{
	static const char F[] = "<main>\n  <section class=\"intro\">\n    <p>hello</p>\n  </section>\n</main>\n"
				"<script>\n  start()\n</script>\n";
	run x;
	go(&x, "p.html", F,
	   "p.html\n```\n<<<<<<< SEARCH\n    <p>hello</p>\n=======\n    <p>hello, visitor</p>\n"
	   "  </section>\n</main>\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "p.html",
		  "<main>\n  <section class=\"intro\">\n    <p>hello, visitor</p>\n  </section>\n</main>\n"
		  "<script>\n  start()\n</script>\n"));
	done(&x);
}

/* A line the first block's new side repeats (absorbed, written once) that a later block of the
 * reply rewrites: the two blocks claim one line; refused rather than losing it. */
TEST(unseen, absorbed_line_rewritten_by_later_block_is_refused)
{
	run x;
	go(&x, "b.ts", BOOK_TS,
	   "b.ts\n```\n<<<<<<< SEARCH\n  const row = await db.insert(user.id)\n=======\n"
	   "  console.log('storing booking...')\n  const row = await db.insert(user.id, 'pending')\n"
	   ">>>>>>> REPLACE\n```\n"
	   "b.ts\n```\n<<<<<<< SEARCH\n  console.log('storing booking...')\n=======\n"
	   "  console.info('storing the booking')\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_APPLIED);
	CHECK_INT(edit(&x, 1).status, SEAM_STATUS_OVERLAP);
	CHECK(has(&x, "b.ts", BOOK_TS));
	done(&x);
}

/* ---- a changed line whose '-' line the hunk left out ---- */

/* The hunk adds a new signature (and a docstring) for a function whose old signature it does not
 * delete; the body follows as context. The old signature is the line changed: replaced, not
 * kept under the new one. */
TEST(unseen, added_signature_replaces_its_old_form)
{
	static const char F[] = "import math\n\n"
				"def scale(values, factor=2):\n"
				"    out = [v * factor for v in values]\n"
				"    return out\n";
	run x;
	go(&x, "s.py", F,
	   "```diff\n--- s.py\n+++ s.py\n@@ ... @@\n import math\n \n"
	   "+def scale(values, factor=2) -> list:\n+    \"\"\"Multiply every value by factor.\"\"\"\n"
	   "     out = [v * factor for v in values]\n     return out\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.py",
		  "import math\n\n"
		  "def scale(values, factor=2) -> list:\n"
		  "    \"\"\"Multiply every value by factor.\"\"\"\n"
		  "    out = [v * factor for v in values]\n"
		  "    return out\n"));
	done(&x);
}

/* A new function added where the context left out a def line whose name differs past a short
 * shared start: not its old form, and the hunk does not say whether the new lines go before or
 * after the left-out line. Refused, naming it. */
TEST(unseen, added_function_at_a_left_out_line_is_refused)
{
	static const char F[] = "import math\n\n"
				"def scale(values, factor=2):\n"
				"    out = [v * factor for v in values]\n"
				"    return out\n";
	run x;
	go(&x, "s.py", F,
	   "```diff\n--- s.py\n+++ s.py\n@@ ... @@\n import math\n \n"
	   "+def scale_all_of_them_by_the_square_root(items):\n+    return [math.sqrt(i) for i in items]\n+\n"
	   "     out = [v * factor for v in values]\n     return out\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "leaves out line 3") != NULL);
	CHECK(has(&x, "s.py", F));
	done(&x);
}

/* ---- a block closed by a second divider ---- */

/* A REPLACE side followed by a second "=======" right before the tail marker: the divider is
 * the model closing the block twice, not a line to write. */
TEST(unseen, second_divider_at_block_end_is_not_written)
{
	static const char F[] = "WIDTH = 80\nHEIGHT = 24\n";
	run x;
	go(&x, "size.py", F,
	   "size.py\n```python\n<<<<<<< SEARCH\nHEIGHT = 24\n=======\nHEIGHT = 25\nDEPTH = 1\n=======\n\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "size.py", "WIDTH = 80\nHEIGHT = 25\nDEPTH = 1\n"));
	done(&x);
}

/* A second divider inside the REPLACE side, followed by the new side written again (it starts
 * with the same line): the first divider ends the SEARCH side, the second the new side; the
 * second version is not written, nor is the divider. */
TEST(unseen, second_divider_before_a_rewritten_new_side_ends_it)
{
	static const char F[] = "# sizes\nWIDTH = 80\nHEIGHT = 24\n";
	run x;
	go(&x, "size.py", F,
	   "size.py\n```python\n<<<<<<< SEARCH\nHEIGHT = 24\n=======\n# height in rows\n"
	   "HEIGHT = 25\n=======\n# height in rows\nHEIGHT = max(25, rows())\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "size.py", "# sizes\nWIDTH = 80\n# height in rows\nHEIGHT = 25\n"));
	done(&x);
}

/* A second divider inside the REPLACE side followed by other text is the new text's own
 * underline (a heading the block adds): content, written with what follows it. */
TEST(unseen, divider_as_underline_in_new_side_is_content)
{
	static const char F[] = "Intro text.\n";
	run x;
	go(&x, "NOTES.rst", F,
	   "NOTES.rst\n```\n<<<<<<< SEARCH\nIntro text.\n=======\nIntro text.\n\nHistory\n"
	   "=======\n\nFirst cut.\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "NOTES.rst", "Intro text.\n\nHistory\n=======\n\nFirst cut.\n"));
	done(&x);
}

/* Three dividers: one is content on each side (a reST underline); the middle one divides, and
 * the content stays on both sides as it was. */
TEST(unseen, divider_as_content_on_both_sides_kept)
{
	static const char F[] = "Usage\n=======\n\nRun it.\n";
	run x;
	go(&x, "README.rst", F,
	   "README.rst\n```\n<<<<<<< SEARCH\nUsage\n=======\n\nRun it.\n=======\nUsage\n=======\n\n"
	   "Run it twice.\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "README.rst", "Usage\n=======\n\nRun it twice.\n"));
	done(&x);
}

/* ---- the syntax check and grammar gaps ---- */

static const char PANEL_TSX[] = "export function Panel() {\n  return (\n    <div>\n      <h2>Logs</h2>\n"
				"    </div>\n  );\n}\n";

/* A bare "&" in JSX text is text to the language's own parsers; the grammar's failure on it
 * must not cost a correct edit. */
TEST(unseen, bare_ampersand_in_jsx_text_is_not_a_syntax_error)
{
	run x;
	go(&x, "p.tsx", PANEL_TSX,
	   "p.tsx\n```tsx\n<<<<<<< SEARCH\n      <h2>Logs</h2>\n=======\n      <h2>Logs & Events</h2>\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "p.tsx",
		  "export function Panel() {\n  return (\n    <div>\n      <h2>Logs & Events</h2>\n"
		  "    </div>\n  );\n}\n"));
	done(&x);
}

/* An "&" next to a real break is still refused. */
TEST(unseen, ampersand_with_broken_jsx_is_refused)
{
	run x;
	go(&x, "p.tsx", PANEL_TSX,
	   "p.tsx\n```tsx\n<<<<<<< SEARCH\n      <h2>Logs</h2>\n=======\n      <h2>Logs & {</h2>\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_SYNTAX);
	CHECK(has(&x, "p.tsx", PANEL_TSX));
	done(&x);
}

/* ---- a line written as context that is really new ---- */

/* A hunk that moves a line up, its '+' lost: the moved line is written as context above the
 * place where the hunk deletes it. That the file has the same text elsewhere does not account
 * for it: the split must not cut it away (the line would be lost); refused. */
TEST(unseen, moved_line_without_plus_is_not_cut_by_the_split)
{
	static const char F[] = "def scan(self):\n"
				"    if not self.ch:\n"
				"        return\n"
				"    while True:\n"
				"        if self.state == 'q':\n"
				"            self.token += self.ch\n"
				"            self.state = self.escaped\n"
				"        elif self.state in ('a', 'c'):\n"
				"            if not self.ch:\n"
				"                self.state = None\n"
				"                break\n";
	run x;
	go(&x, "scan.py", F,
	   "```diff\n--- a/scan.py\n+++ b/scan.py\n@@ -6,6 +6,6 @@\n"
	   "             self.token += self.ch\n"
	   "             self.state = self.escaped\n"
	   "             if not self.ch:\n"
	   "         elif self.state in ('a', 'c'):\n"
	   "-            if not self.ch:\n"
	   "                 self.state = None\n"
	   "                 break\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "scan.py", F));
	done(&x);
}

/* ---- new lines at a gap ---- */

/* A hunk that adds lines between two context lines the file has apart, with a line between
 * them that the hunk left out: before it or after it, the reply does not say. Refused. */
TEST(unseen, lines_added_at_a_left_out_line_are_refused)
{
	static const char F[] = "class Limits:\n    def __init__(self):\n        self.max_list = 6\n"
				"        self.max_deque = 6\n        self.max_string = 30\n";
	run x;
	go(&x, "limits.py", F,
	   "```diff\n--- a/limits.py\n+++ b/limits.py\n@@ -2,3 +2,4 @@\n     def __init__(self):\n"
	   "         self.max_list = 6\n+        self.max_bytes = 12\n         self.max_string = 30\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "limits.py", F));
	done(&x);
}

/* Two hunks merged into one block over a long gap: a branch added after the first line, a
 * function added before the last. The run's trailing context (two blank lines, then a
 * decorator) fits nowhere after the branch; cut to its blank lines, the blank-lines tier lets
 * them go, and nothing the reply gave below the run placed it: the function landed inside the
 * if/else. The split does not place a run by a side of context that stands on no file line
 * once a non-blank line of that side was cut; refused. */
TEST(unseen, split_run_not_placed_by_blank_context_it_let_go)
{
	static const char F[] = "import time\n\n\ndef route(path):\n    if path == \"/a\":\n"
				"        handle_a()\n    else:\n        handle_b()\n\n\n"
				"def handle_a():\n    time.sleep(0.1)\n    return send(\n        {\n"
				"            \"kind\": \"a\",\n            \"size\": 1,\n        }\n"
				"    )\n\n\ndef handle_b():\n    return send(\n        {\n"
				"            \"kind\": \"b\",\n            \"size\": 2,\n        }\n"
				"    )\n\n\n@fixture\ndef server():\n    return Server(route)\n";
	run x;
	go(&x, "app.py", F,
	   "app.py\n```\n<<<<<<< SEARCH\n        handle_a()\n\n\n@fixture\n=======\n"
	   "        handle_a()\n    elif path == \"/c\":\n        handle_c()\n\n\n"
	   "def handle_c():\n    return send(\n        {\n            \"kind\": \"c\",\n"
	   "            \"size\": 3,\n        }\n    )\n\n\n@fixture\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "app.py", F));
	done(&x);
}

/* A SEARCH side that starts with a blank line and leaves out the short line right below it (a
 * comment opener), which its REPLACE side keeps: the blank-lines tier lets the blank line go
 * and finds the rest one line further down. The left-out line right above the place, with the
 * blank line above it, is the line the new side gives back: written once. */
TEST(unseen, short_line_left_out_after_a_leading_blank_written_once)
{
	static const char F[] = "const limit = 10;\n\n/**\nReturns the size of a list (counting items).\n"
				"\n@param list - The list\n*/\nexport function size(list) {\n"
				"\treturn list.length;\n}\n";
	run x;
	go(&x, "size.js", F,
	   "size.js\n```\n<<<<<<< SEARCH\n\nReturns the size of a list (counting items).\n\n"
	   "@param list - The list\n=======\n\n/**\nReturns the size of a list.\n\n"
	   "@param list - The list\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "size.js",
		  "const limit = 10;\n\n/**\nReturns the size of a list.\n\n@param list - The list\n"
		  "*/\nexport function size(list) {\n\treturn list.length;\n}\n"));
	done(&x);
}

/* ---- the syntax check as strict as the language ---- */

/* A Python line written one level deeper than the block it joins: tree-sitter's grammar takes
 * it as one more statement of the block, CPython stops with IndentationError. Refused. */
TEST(unseen, python_line_moved_deeper_is_a_syntax_error)
{
	static const char F[] = "class Box:\n    def size(self):\n        total = 0\n"
				"        for item in self.items:\n            total += item\n"
				"        return total\n";
	run x;
	go(&x, "box.py", F,
	   "box.py\n```\n<<<<<<< SEARCH\n        total = 0\n=======\n        total = 0\n"
	   "            count = 0\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_SYNTAX);
	CHECK(has(&x, "box.py", F));
	done(&x);
}

/* Blocks Python reads as consistent stay accepted when an edit writes them: a block on its
 * header's line, statements joined by ";", a comment at any column, and tabs mixed with spaces
 * that agree at 8 columns (as Python 2 read them). */
TEST(unseen, python_consistent_blocks_are_not_syntax_errors)
{
	static const char F[] = "def pick(a, b):\n    return b\n";
	static const char NEW[] = "def pick(a, b):\n    if a: return a\n    x = 1; y = 2\n"
				  "  # a comment out of line\n    if x:\n\ty = x\n"
				  "        z = y\n    return b\n";
	run x;
	go(&x, "pick.py", F,
	   "pick.py\n```\n<<<<<<< SEARCH\n    return b\n=======\n    if a: return a\n"
	   "    x = 1; y = 2\n  # a comment out of line\n    if x:\n\ty = x\n        z = y\n"
	   "    return b\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pick.py", NEW));
	done(&x);
}

/* ---- a line left out of both sides is not the copy the new side writes elsewhere ---- */

/* A SEARCH side that leaves out one line of a function and a REPLACE side that leaves it out
 * too, then adds a new function made from the old one, that line among its lines: the left-out
 * line stays where it is (the new copy comes with a copy of its neighbour, which stays too). */
TEST(unseen, line_left_out_of_both_sides_is_not_moved_to_its_copy)
{
	run x;
	go(&x, "t.py",
	   "def test_alpha(env):\n"
	   "    client = make_client(env)\n"
	   "    path = \"/alpha\"\n"
	   "    payload = b\"some payload\"\n"
	   "    result = client.send(path, payload)\n"
	   "    assert result.ok\n"
	   "\n"
	   "\n"
	   "def test_gamma(env):\n"
	   "    pass\n",
	   "<replace_in_file>\n"
	   "<path>t.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "def test_alpha(env):\n"
	   "    client = make_client(env)\n"
	   "    path = \"/alpha\"\n"
	   "    result = client.send(path, payload)\n"
	   "    assert result.ok\n"
	   "\n"
	   "=======\n"
	   "def test_alpha(env):\n"
	   "    client = make_client(env)\n"
	   "    path = \"/alpha\"\n"
	   "    result = client.send(path, payload)\n"
	   "    assert result.ok\n"
	   "    assert result.size > 0\n"
	   "\n"
	   "\n"
	   "def test_beta(env):\n"
	   "    client = make_client(env)\n"
	   "    path = \"/beta\"\n"
	   "    payload = b\"some payload\"\n"
	   "    result = client.send(path, payload)\n"
	   "    assert not result.ok\n"
	   "\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.py",
		  "def test_alpha(env):\n"
		  "    client = make_client(env)\n"
		  "    path = \"/alpha\"\n"
		  "    payload = b\"some payload\"\n"
		  "    result = client.send(path, payload)\n"
		  "    assert result.ok\n"
		  "    assert result.size > 0\n"
		  "\n"
		  "\n"
		  "def test_beta(env):\n"
		  "    client = make_client(env)\n"
		  "    path = \"/beta\"\n"
		  "    payload = b\"some payload\"\n"
		  "    result = client.send(path, payload)\n"
		  "    assert not result.ok\n"
		  "\n"
		  "\n"
		  "def test_gamma(env):\n"
		  "    pass\n"));
	done(&x);
}

/* Two hunks merged over a stretch the old side skipped, the second one's deletion below the
 * stretch inside a deeper block: the new side's leading line at the stretch's own depth (a line
 * moved down past an if block) goes above the stretch, the deeper ones replace the deletion. */
TEST(unseen, merged_hunks_new_line_stays_above_the_skipped_stretch)
{
	run x;
	go(&x, "s.js",
	   "function setup(opts) {\n"
	   "  const box = makeBox(opts);\n"
	   "\n"
	   "  if (opts.wide) {\n"
	   "    box.width = 'wide';\n"
	   "  }\n"
	   "\n"
	   "  if (opts.items) {\n"
	   "    const list = buildList(opts.items);\n"
	   "    const first = list.head();\n"
	   "    const last = list.tail();\n"
	   "\n"
	   "    box.attach(list, first, last);\n"
	   "  }\n"
	   "  return box;\n"
	   "}\n",
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>s.js</parameter>\n"
	   "<parameter=old_str>\n"
	   "  const box = makeBox(opts);\n"
	   "\n"
	   "  if (opts.wide) {\n"
	   "    box.width = 'wide';\n"
	   "  }\n"
	   "\n"
	   "    box.attach(list, first, last);\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "  if (opts.wide) {\n"
	   "    opts.width = 'wide';\n"
	   "  }\n"
	   "\n"
	   "  const box = makeBox(opts);\n"
	   "\n"
	   "    // attach the whole list at once\n"
	   "    box.attach(list, first, last, true);\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.js",
		  "function setup(opts) {\n"
		  "  if (opts.wide) {\n"
		  "    opts.width = 'wide';\n"
		  "  }\n"
		  "\n"
		  "  const box = makeBox(opts);\n"
		  "\n"
		  "  if (opts.items) {\n"
		  "    const list = buildList(opts.items);\n"
		  "    const first = list.head();\n"
		  "    const last = list.tail();\n"
		  "\n"
		  "    // attach the whole list at once\n"
		  "    box.attach(list, first, last, true);\n"
		  "  }\n"
		  "  return box;\n"
		  "}\n"));
	done(&x);
}

/* A SEARCH side that leaves out a blank line and deletes the line between it and a blank line
 * it keeps: the new side has one blank line there, and the result too (kept, the left-out one
 * would stand beside the other). Two blank lines that stood together before stay two. */
TEST(unseen, left_out_blank_line_joined_by_a_deletion_written_once)
{
	static const char F[] = "const port = opts.port || 3000;\n"
				"\n"
				"server.start(port);\n"
				"\n"
				"log(\"running on \" + port);\n";
	static const char G[] = "let a = first();\n"
				"\n"
				"\n"
				"let b = second();\n";
	run x;
	go(&x, "s.js", F,
	   "s.js\n```\n<<<<<<< SEARCH\n"
	   "const port = opts.port || 3000;\n"
	   "server.start(port);\n"
	   "\n"
	   "log(\"running on \" + port);\n"
	   "=======\n"
	   "const port = opts.port || 3000;\n"
	   "\n"
	   "server.start(port, () => {\n"
	   "  log(`running on ${port}`);\n"
	   "});\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.js",
		  "const port = opts.port || 3000;\n"
		  "\n"
		  "server.start(port, () => {\n"
		  "  log(`running on ${port}`);\n"
		  "});\n"));
	done(&x);
	go(&x, "g.js", G,
	   "g.js\n```\n<<<<<<< SEARCH\nlet a = first();\n\nlet b = second();\n=======\n"
	   "let a = first(1);\n\nlet b = second();\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "g.js", "let a = first(1);\n\n\nlet b = second();\n"));
	done(&x);
}

/* A blank line the SEARCH side leaves out between two lines it deletes is inside the stretch
 * the REPLACE side rewrites: the new text is written as given, without it. */
TEST(unseen, left_out_blank_line_inside_a_deleted_stretch_goes_with_it)
{
	run x;
	go(&x, "m.rs",
	   "fn main() {\n    let a = compute();\n    a.check();\n\n    a.finish();\n    done();\n}\n",
	   "m.rs\n```\n<<<<<<< SEARCH\n    a.check();\n    a.finish();\n    done();\n=======\n"
	   "    a.verify();\n    a.close();\n    done();\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.rs",
		  "fn main() {\n    let a = compute();\n    a.verify();\n    a.close();\n    done();\n}\n"));
	done(&x);
}

/* A block written with tabs for a file indented by two spaces, its old lines all at one depth:
 * a tab is the file's unit (two columns, no shift), so a new line one tab deeper is two columns
 * deeper, not four. */
TEST(unseen, tabs_for_the_files_unit_keep_its_depth)
{
	run x;
	go(&x, "t.js",
	   "function t() {\n  check(a);\n  settings = {\n    open: '{'\n  };\n}\n",
	   "t.js\n```\n<<<<<<< SEARCH\n\tcheck(a);\n\tsettings = {\n=======\n\tcheck(a);\n"
	   "\tsettings = {\n\t\tclose: '}',\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.js",
		  "function t() {\n  check(a);\n  settings = {\n    close: '}',\n    open: '{'\n"
		  "  };\n}\n"));
	done(&x);
}

/* Two hunks merged with no context between them: two changed lines far apart, written as one
 * block of two old lines and their two changed forms. Each is found on its own (exactly, once)
 * and changed in its place. Lines that are no changed forms of each other are not paired, and
 * an old line that fits two places is refused. */
TEST(unseen, merged_one_line_changes_found_each_on_its_own)
{
	static const char F[] = "def load(path):\n    if not os.path.isfile(path):\n        raise Missing(path)\n    step_0(path)\n    step_1(path)\n    step_2(path)\n    step_3(path)\n    step_4(path)\n    step_5(path)\n    step_6(path)\n    step_7(path)\n    step_8(path)\n    step_9(path)\n    step_10(path)\n    step_11(path)\n    # resolve the parent directories of the path first\n    base = resolve(path)\n    return base\n";
	run x;
	go(&x, "l.py", F,
	   "l.py\n```\n<<<<<<< SEARCH\n    if not os.path.isfile(path):\n"
	   "    # resolve the parent directories of the path first\n=======\n"
	   "    if not os.path.exists(path):\n    # resolve the components of the path first\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "l.py", "def load(path):\n    if not os.path.exists(path):\n        raise Missing(path)\n    step_0(path)\n    step_1(path)\n    step_2(path)\n    step_3(path)\n    step_4(path)\n    step_5(path)\n    step_6(path)\n    step_7(path)\n    step_8(path)\n    step_9(path)\n    step_10(path)\n    step_11(path)\n    # resolve the components of the path first\n    base = resolve(path)\n    return base\n"));
	done(&x);
	go(&x, "l.py", F,
	   "l.py\n```\n<<<<<<< SEARCH\n    if not os.path.isfile(path):\n"
	   "    # resolve the parent directories of the path first\n=======\n"
	   "    return cached_value_of_it\n    log.warning(\"nothing to see\")\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "l.py", F));
	done(&x);
	go(&x, "d.py", "    step_one_of_the_work(path)\nv0 = 0\nv1 = 1\nv2 = 2\nv3 = 3\nv4 = 4\nv5 = 5\nv6 = 6\nv7 = 7\nv8 = 8\nv9 = 9\n    step_one_of_the_work(path)\n"
			"v0 = 0\nv1 = 1\nv2 = 2\nv3 = 3\nv4 = 4\nv5 = 5\nv6 = 6\nv7 = 7\nv8 = 8\nv9 = 9\n    # resolve the parent directories\n",
	   "d.py\n```\n<<<<<<< SEARCH\n    step_one_of_the_work(path)\n"
	   "    # resolve the parent directories\n=======\n    step_one_of_the_work(path, 2)\n"
	   "    # resolve the parent directories twice\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	done(&x);
}

/* A changed line whose context above it was cut (a stretch the reply skipped lies between): it
 * is found by its own old line and changed in place when its new form could not stand next to
 * the context instead (a method line beside imports); when it could (the same indentation as
 * the stretch's first line: a line moved up and changed), the reply does not say which, and it
 * is refused. */
TEST(unseen, changed_line_past_a_skipped_stretch_placed_only_when_it_cannot_move)
{
	static const char J[] = "package org.example;\n\nimport java.util.List;\nimport java.util.Map;\n\npublic class Node {\n    private int field0;\n    private int field1;\n    private int field2;\n    private int field3;\n    private int field4;\n    private int field5;\n    private int field6;\n    private int field7;\n    private int field8;\n    private int field9;\n    private int field10;\n    private int field11;\n    private int field12;\n    private int field13;\n    private int field14;\n    private int field15;\n    private int field16;\n    private int field17;\n    private int field18;\n    private int field19;\n\n    public Node parentNode() {\n        return parent;\n    }\n}\n";
	static const char S[] = "function spread(args) {\n    var length = args.length,\n        copy = Array(length);\n        step0(copy);\n        step1(copy);\n        step2(copy);\n        step3(copy);\n        step4(copy);\n        step5(copy);\n        step6(copy);\n        step7(copy);\n        step8(copy);\n        step9(copy);\n        step10(copy);\n        step11(copy);\n        step12(copy);\n        step13(copy);\n        step14(copy);\n        step15(copy);\n        step16(copy);\n        step17(copy);\n        step18(copy);\n        step19(copy);\n    var first = copy[0],\n        last = args.length - 1;\n    return last;\n}\n";
	run x;
	go(&x, "Node.java", J,
	   "Node.java\n```\n<<<<<<< SEARCH\nimport java.util.List;\n    public Node parentNode() {\n"
	   "=======\nimport java.util.List;\n    public Node parent() {\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "Node.java", "package org.example;\n\nimport java.util.List;\nimport java.util.Map;\n\npublic class Node {\n    private int field0;\n    private int field1;\n    private int field2;\n    private int field3;\n    private int field4;\n    private int field5;\n    private int field6;\n    private int field7;\n    private int field8;\n    private int field9;\n    private int field10;\n    private int field11;\n    private int field12;\n    private int field13;\n    private int field14;\n    private int field15;\n    private int field16;\n    private int field17;\n    private int field18;\n    private int field19;\n\n    public Node parent() {\n        return parent;\n    }\n}\n"));
	done(&x);
	go(&x, "s.js", S,
	   "s.js\n```\n<<<<<<< SEARCH\n    var length = args.length,\n        last = args.length - 1;\n"
	   "=======\n    var length = args.length,\n        last = length - 1;\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "s.js", S));
	done(&x);
}

/* Merged with no context between: a changed line and, far below it, lines deleted. The changed
 * line is changed in place, the deleted lines go, each found on its own. */
TEST(unseen, merged_changed_line_and_deleted_lines_found_each_on_its_own)
{
	run x;
	go(&x, "m.ts", "import { alpha, beta, gamma } from './module'\nconst v0 = make(0)\nconst v1 = make(1)\nconst v2 = make(2)\nconst v3 = make(3)\nconst v4 = make(4)\nconst v5 = make(5)\nconst v6 = make(6)\nconst v7 = make(7)\nconst v8 = make(8)\nconst v9 = make(9)\nconst v10 = make(10)\nconst v11 = make(11)\n\nexport function isThing(x) {\n  return x.__thing === true\n}\n\nexport function other() {}\n",
	   "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>m.ts</parameter>\n<parameter=old_str>\n"
	   "import { alpha, beta, gamma } from './module'\nexport function isThing(x) {\n"
	   "  return x.__thing === true\n}\n\n</parameter>\n<parameter=new_str>\n"
	   "import { alpha, beta } from './module'\n</parameter>\n</function>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.ts", "import { alpha, beta } from './module'\nconst v0 = make(0)\nconst v1 = make(1)\nconst v2 = make(2)\nconst v3 = make(3)\nconst v4 = make(4)\nconst v5 = make(5)\nconst v6 = make(6)\nconst v7 = make(7)\nconst v8 = make(8)\nconst v9 = make(9)\nconst v10 = make(10)\nconst v11 = make(11)\n\nexport function other() {}\n"));
	done(&x);
}

/* Cut into one-line changes, a line too short to be found on its own ("base = go(p)") stays
 * with the changed line next to it in the reply, and the two are found together. */
TEST(unseen, merged_changes_short_line_found_with_its_neighbour)
{
	run x;
	go(&x, "l.py", "def load(p):\n    if not os.path.isfile(p):\n        raise Missing(p)\n    step_0(p)\n    step_1(p)\n    step_2(p)\n    step_3(p)\n    step_4(p)\n    step_5(p)\n    step_6(p)\n    step_7(p)\n    step_8(p)\n    step_9(p)\n    step_10(p)\n    step_11(p)\n    # resolve the parent directories of the path first\n    base = go(p)\n    return base\n",
	   "l.py\n```\n<<<<<<< SEARCH\n    if not os.path.isfile(p):\n"
	   "    # resolve the parent directories of the path first\n    base = go(p)\n=======\n"
	   "    if not os.path.exists(p):\n    # resolve the components of the path first\n"
	   "    base = go(q)\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "l.py", "def load(p):\n    if not os.path.exists(p):\n        raise Missing(p)\n    step_0(p)\n    step_1(p)\n    step_2(p)\n    step_3(p)\n    step_4(p)\n    step_5(p)\n    step_6(p)\n    step_7(p)\n    step_8(p)\n    step_9(p)\n    step_10(p)\n    step_11(p)\n    # resolve the components of the path first\n    base = go(q)\n    return base\n"));
	done(&x);
}

/* ---- a line the block moves to its edge, beside a copy of it, is no repeat of that copy ---- */

TEST(unseen, line_moved_to_the_edge_beside_its_copy_is_not_absorbed)
{
	static const char CFG[] =
		"import sys\n"
		"\n"
		"\n"
		"def load_config(path):\n"
		"    config = {}\n"
		"    announce_loading(path)\n"
		"    config = {}\n"
		"    with open(path) as handle:\n"
		"        pass\n";
	run x;

	/* "config = {}" moved below the call, where the file has another "config = {}": never
	   written once for two (absorbed as a repeat). Two copies in a row is one reading; the
	   other is the copy below left out of the SEARCH side, the block taking the one above
	   away (test_unseen_beside.c): the reply does not say which, so it is refused, the
	   file unchanged */
	go(&x, "cfg.py", CFG,
	   "cfg.py\n```\n<<<<<<< SEARCH\ndef load_config(path):\n    config = {}\n"
	   "    announce_loading(path)\n=======\ndef load_config(path):\n"
	   "    announce_loading(path)\n    config = {}\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "cfg.py", CFG));
	done(&x);

	/* a new line equal to the line after the block, no copy deleted: the model repeated
	   that line, which is written once (the edge rule stays) */
	go(&x, "cfg.py", CFG,
	   "cfg.py\n```\n<<<<<<< SEARCH\ndef load_config(path):\n    config = {}\n"
	   "    announce_loading(path)\n=======\ndef load_config(path):\n    config = {}\n"
	   "    announce_loading(path)\n    log_loaded(path)\n    config = {}\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "cfg.py",
		  "import sys\n\n\ndef load_config(path):\n    config = {}\n    announce_loading(path)\n"
		  "    log_loaded(path)\n    config = {}\n    with open(path) as handle:\n        pass\n"));
	done(&x);
}

/* ---- a blank line deleted is the one written as the reply has it ---- */

/* The hunk deletes an empty line after "beta"; the file has an empty line and, after it, a line
 * of two spaces that the hunk left out. Both pairings cost the same; the empty line is the one
 * the model copied, so it goes, and the whitespace-only line the hunk did not show stays. */
TEST(unseen, deleted_blank_line_is_the_exact_one)
{
	static const char F[] = "alpha\nbeta\n\n  \ngamma\n";
	run x;
	go(&x, "notes.txt", F, "--- notes.txt\n+++ notes.txt\n@@ ... @@\n alpha\n-beta\n-\n gamma\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt", "alpha\n  \ngamma\n"));
	done(&x);

	/* the same with the whitespace-only line first: the empty line below it goes */
	go(&x, "notes.txt", "alpha\nbeta\n  \n\ngamma\n",
	   "--- notes.txt\n+++ notes.txt\n@@ ... @@\n alpha\n-beta\n-\n gamma\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt", "alpha\n  \ngamma\n"));
	done(&x);
}

/* ---- old lines shifted by different amounts from line to line (line-indentation tier) ---- */

static const char CONF[] = "{\n"
			   "  \"server\": {\n"
			   "    \"host\": \"localhost\",\n"
			   "    \"limits\": {\n"
			   "      \"conns\": 10,\n"
			   "      \"rate\": 5\n"
			   "    },\n"
			   "    \"port\": 8080\n"
			   "  },\n"
			   "  \"log\": \"info\"\n"
			   "}\n";

/* The nested lines two columns too deep, the rest as in the file: no one shift fits. The added
 * line replaces a deleted one, so it takes that line's shift; the context keeps the file's text. */
TEST(unseen, line_indentation_shift_per_line_applies)
{
	run x;
	go(&x, "conf.json", CONF,
	   "--- conf.json\n+++ conf.json\n@@ ... @@\n   \"server\": {\n     \"host\": \"localhost\",\n"
	   "     \"limits\": {\n         \"conns\": 10,\n-        \"rate\": 5\n+        \"rate\": 5,\n"
	   "+        \"burst\": 20\n     },\n     \"port\": 8080\n   },\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_STR(edit(&x, 0).strategy, "line-indentation");
	CHECK(has(&x, "conf.json",
		  "{\n  \"server\": {\n    \"host\": \"localhost\",\n    \"limits\": {\n"
		  "      \"conns\": 10,\n      \"rate\": 5,\n      \"burst\": 20\n    },\n"
		  "    \"port\": 8080\n  },\n  \"log\": \"info\"\n}\n"));
	done(&x);

	/* lines added between two context lines shifted differently: the one at the added
	   line's own depth in the reply decides */
	go(&x, "conf.json", CONF,
	   "--- conf.json\n+++ conf.json\n@@ ... @@\n     \"limits\": {\n         \"conns\": 10,\n"
	   "         \"rate\": 5\n+        ,\"burst\": 20\n     },\n     \"port\": 8080\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "conf.json",
		  "{\n  \"server\": {\n    \"host\": \"localhost\",\n    \"limits\": {\n"
		  "      \"conns\": 10,\n      \"rate\": 5\n      ,\"burst\": 20\n    },\n"
		  "    \"port\": 8080\n  },\n  \"log\": \"info\"\n}\n"));
	done(&x);
}

/* Refusals: where the new lines' depth would be a guess, nothing is written. */
TEST(unseen, line_indentation_refuses_a_guess)
{
	run x;
	/* added between context lines shifted differently, at the depth of neither */
	go(&x, "conf.json", CONF,
	   "--- conf.json\n+++ conf.json\n@@ ... @@\n     \"limits\": {\n         \"conns\": 10,\n"
	   "         \"rate\": 5\n+          \"odd\": 1\n     },\n     \"port\": 8080\n");
	CHECK(x.plan != SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(edit(&x, 0).message, "indented by amounts that change from line to line"));
	CHECK(has(&x, "conf.json", CONF));
	done(&x);

	/* lines moved: deleted at the file's depth, added among lines two columns too deep. The
	   new place's neighbours say one depth, the moved lines' own another: refused */
	go(&x, "c.json",
	   "{\n  \"a\": {\n    \"x\": 1,\n    \"y\": 2,\n    \"inner\": {\n      \"p\": 1,\n"
	   "      \"q\": 2\n    },\n    \"z\": 3\n  }\n}\n",
	   "--- c.json\n+++ c.json\n@@ ... @@\n   \"a\": {\n-    \"x\": 1,\n-    \"y\": 2,\n"
	   "     \"inner\": {\n         \"p\": 1,\n         \"q\": 2\n       },\n+    \"x\": 1,\n"
	   "+    \"y\": 2,\n       \"z\": 3\n   }\n");
	CHECK(x.plan != SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	done(&x);

	/* a line moved: the context around its new place says another depth than the file gave
	   the line it deletes. Not this tier's to decide (each change is then found on its own,
	   as the split of a hunk does) */
	go(&x, "conf.json", CONF,
	   "--- conf.json\n+++ conf.json\n@@ ... @@\n   \"server\": {\n-    \"host\": \"localhost\",\n"
	   "     \"limits\": {\n         \"conns\": 10,\n+        \"host\": \"localhost\",\n"
	   "         \"rate\": 5\n       },\n     \"port\": 8080\n   },\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_STR(edit(&x, 0).strategy, "split-hunk");
	done(&x);
}

/* The line-indentation tier judges edits of at most SM_REINDENT_MAX_LINES lines (its check walks
 * the edit once per new line): the same kind of hunk, short, applies; long, it is refused. */
static void reindent_hunk(run *x, size_t n)
{
	static char file[64 * 1024], reply[64 * 1024];
	size_t i, fo = 0, ro = 0;

	ro += (size_t)snprintf(reply + ro, sizeof(reply) - ro, "--- k.yml\n+++ k.yml\n@@ ... @@\n");
	fo += (size_t)snprintf(file + fo, sizeof(file) - fo, "top:\n");
	for (i = 0; i < n; i++) {
		fo += (size_t)snprintf(file + fo, sizeof(file) - fo, "  key%zu: %zu\n", i, i);
		/* every other line two columns too deep; a new key after the first, at its depth */
		ro += (size_t)snprintf(reply + ro, sizeof(reply) - ro, " %s  key%zu: %zu\n%s",
				       i % 2 ? "  " : "", i, i, i ? "" : "+  extra: 1\n");
	}
	go(x, "k.yml", file, reply);
}

TEST(unseen, line_indentation_bounded)
{
	run x;
	reindent_hunk(&x, 20);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_STR(edit(&x, 0).strategy, "line-indentation");
	CHECK(has(&x, "k.yml",
		  "top:\n  key0: 0\n  extra: 1\n  key1: 1\n  key2: 2\n  key3: 3\n  key4: 4\n"
		  "  key5: 5\n  key6: 6\n  key7: 7\n  key8: 8\n  key9: 9\n  key10: 10\n"
		  "  key11: 11\n  key12: 12\n  key13: 13\n  key14: 14\n  key15: 15\n"
		  "  key16: 16\n  key17: 17\n  key18: 18\n  key19: 19\n"));
	done(&x);
	reindent_hunk(&x, 300);
	CHECK(x.plan != SEAM_OK);
	done(&x);
}

/* ---- a left-out line the new side writes decides a tie of the sides' diff ---- */

/* A SEARCH side that leaves out the second of three guard lines and a REPLACE side that writes
 * it back and changes the third: the sides alone tie (the REPLACE's guard line pairs with the
 * SEARCH's third one as well as with the left-out one, the import between them then taken as
 * moved), and the tie taken the wrong way wrote the guard line twice. The file has the line
 * where the REPLACE side writes it: it is that line (bench/oracle.py). */
TEST(unseen, left_out_line_written_back_decides_the_diff_tie)
{
	run x;
	go(&x, "g.py",
	   "import alpha\n"
	   "with guard(Error):\n"
	   "    from .one import One\n"
	   "with guard(Error):\n"
	   "    from .two import Two, TwoMore\n"
	   "with guard(Error):\n"
	   "    from .three import Three\n"
	   "end_marker = 1\n",
	   "g.py\n```\n<<<<<<< SEARCH\n"
	   "    from .one import One\n"
	   "    from .two import Two, TwoMore\n"
	   "with guard(Error):\n"
	   "=======\n"
	   "    from .one import One\n"
	   "with guard(Error):\n"
	   "    from .two import Two, TwoMore\n"
	   "with guard(Error):  # changed\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "g.py",
		  "import alpha\n"
		  "with guard(Error):\n"
		  "    from .one import One\n"
		  "with guard(Error):\n"
		  "    from .two import Two, TwoMore\n"
		  "with guard(Error):  # changed\n"
		  "    from .three import Three\n"
		  "end_marker = 1\n"));
	done(&x);
}

/* ---- a split run is not found by taking its context line for an addition ---- */

/* A hunk whose context line after the added one is miscopied (two letters swapped): the whole
 * hunk fits one place with that line a miscopy (the fuzzy tier). The split tier, which tries
 * the hunk's runs with less context before the fuzzy tier, found its run at another place, the
 * lines alike there but for a blank line, by taking the miscopied line for an unmarked addition,
 * and wrote the miscopy there as new code (fuzz/fuzz_oracle.c). */
TEST(unseen, split_run_not_found_by_an_unmarked_context_line)
{
	run x;
	go(&x, "m.c",
	   "#include <stdio.h>\n\nint total(int *v, int n) {\n int sum = 0;\n return sum;\n}\n"
	   "int main(void)\n        run_values(void)\n{\n int values = 3;\n print_items(values);\n"
	   "}\n\nint main(void)\n{\n int other_values(void)\n{\n",
	   "```diff\n--- a/m.c\n+++ b/m.c\n@@ -8,5 +8,6 @@\n }\n int main(void)\n"
	   "+inserted_line(42);\n         rnu_values(void)\n {\n  int values = 3;\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.c",
		  "#include <stdio.h>\n\nint total(int *v, int n) {\n int sum = 0;\n return sum;\n}\n"
		  "int main(void)\ninserted_line(42);\n        run_values(void)\n{\n int values = 3;\n"
		  " print_items(values);\n}\n\nint main(void)\n{\n int other_values(void)\n{\n"));
	done(&x);
}

/* ---- additions between two blank context lines the match let go of ---- */

/* A hunk that leaves out the line after its last context line, and adds two lines between two
 * blank context lines: the blank-lines tier let both blank lines go and put the additions right
 * after the context line, inside the block, before the left-out line (bench/oracle.py). The file
 * has the left-out line there and blank lines after it: the reply does not say on which side of
 * it the lines go. Refused, naming it. */
TEST(unseen, additions_between_two_let_go_blank_lines_are_undecided)
{
	static const char F[] = "def check_all():\n    with raises(ValueError):\n"
				"        normalize(None, 0)\n\n    with raises(ValueError):\n"
				"        normalize([1, 2], None)\n\n\ndef test_next():\n    pass\n";
	run x;
	go(&x, "t.py", F,
	   "```diff\n--- t.py\n+++ t.py\n@@ -3,6 +3,8 @@\n         normalize(None, 0)\n \n"
	   "     with raises(ValueError):\n \n+added_step = record(6)\n+# checked here\n \n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "t.py", F));
	done(&x);
}

/* ---- a marker line the file holds is a copied line, not an elision ---- */

/* A doctest's "..." continuation (a line only of dots, kept on both sides) is a line of the
 * file: taken for an elision it stood for the line the SEARCH side left out before it, and the
 * REPLACE side's copy of that line was written beside it (bench/oracle.py, missing-context). */
TEST(unseen, doctest_dots_line_is_not_an_elision)
{
	static const char F[] = "def scale(values, factor):\n    \"\"\"Scale each value.\n\n"
				"    >>> for v in scale([1, 2], 3):\n    ...     print(v)\n    ...\n"
				"    3\n    6\n    \"\"\"\n    return [v * factor for v in values]\n";
	run x;
	go(&x, "s.py", F,
	   "s.py\n```\n<<<<<<< SEARCH\n    >>> for v in scale([1, 2], 3):\n    ...\n    3\n    6\n"
	   "    \"\"\"\n=======\n    >>> for v in scale([1, 2], 3):\n    ...     print(v)\n"
	   "    ...\n    3\n    6\n    9\n    \"\"\"\n>>>>>>> REPLACE\n```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "s.py",
			  "def scale(values, factor):\n    \"\"\"Scale each value.\n\n"
			  "    >>> for v in scale([1, 2], 3):\n    ...     print(v)\n    ...\n"
			  "    3\n    6\n    9\n    \"\"\"\n    return [v * factor for v in values]\n"));
	else
		CHECK(has(&x, "s.py", F));
	CHECK_INT(x.plan, SEAM_OK);
	done(&x);
}

/* A hunk whose context holds a comment that reads like a placeholder ("# code goes here: ..."),
 * a line of the file as written, and a miscopied line equal to another file line but for its
 * indentation: the split run of that line, the addition and the comment was found at that other
 * line with the comment taken for an elision that swallowed four lines before its own copy
 * (fuzz/regress/oracle-copied-marker-taken-for-elision). The comment is a plain line: the hunk
 * fits nowhere else, refused with the file unchanged. */
TEST(unseen, placeholder_like_file_line_is_not_an_elision)
{
	static const char F[] = "/* totals */\n\tvalues[i] = 0;\n retrun   total;\n"
				"      # code goes here: the scaling\n  sum += values[i];\n"
				" return   total;\n    return   total;\n"
				"      # code goes here: the report\n\nprint_total(total);\n";
	run x;
	go(&x, "src/f.txt", F,
	   "```diff\n--- a/src/f.txt\n+++ b/src/f.txt\n@@ -6,5 +6,6 @@\n  return   total;\n"
	   "     retrun   total;\n+    report(total);\n       # code goes here: the report\n \n"
	   " print_total(total);\n```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "src/f.txt",
			  "/* totals */\n\tvalues[i] = 0;\n retrun   total;\n"
			  "      # code goes here: the scaling\n  sum += values[i];\n"
			  " return   total;\n    return   total;\n    report(total);\n"
			  "      # code goes here: the report\n\nprint_total(total);\n"));
	else
		CHECK(has(&x, "src/f.txt", F));
	done(&x);
}

/* ---- a short left-out line at the file's edge, beside a blank line the match let go of ---- */

/* An old side that starts with a blank line and leaves out the line after it ("Files: *"),
 * which the new side gives back: the file has no blank line above that line, it is the file's
 * first. The blank line was let go, the region found below the left-out line, and the line,
 * too short to be distinctive, was kept above it and written again (bench/oracle.py, openhands,
 * missing-context). The file's edge bounds the left-out lines as a blank line would. */
TEST(unseen, short_left_out_first_line_beside_let_go_blank_written_once)
{
	static const char F[] = "Files: *\nCopyright: 2020 Someone Else\nLicense: MIT\n"
				" Permission is granted\n";
	run x;
	go(&x, "notice", F,
	   "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>notice</parameter>\n<parameter=old_str>\n\n"
	   "Copyright: 2020 Someone Else\nLicense: MIT\n Permission is granted\n</parameter>\n"
	   "<parameter=new_str>\n\nFiles: *\nCopyright: 2020 Someone Else\nLicense: MIT\n"
	   " Permission is now granted\n</parameter>\n</function>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notice",
		  "Files: *\nCopyright: 2020 Someone Else\nLicense: MIT\n"
		  " Permission is now granted\n"));
	done(&x);
}

/* The same at the bottom: the old side ends with a blank line, the file's last line ("End: *")
 * left out before it and given back by the new side. */
TEST(unseen, short_left_out_last_line_beside_let_go_blank_written_once)
{
	static const char F[] = "Copyright: 2020 Someone Else\nLicense: MIT\n"
				" Permission is granted\nEnd: *\n";
	run x;
	go(&x, "notice", F,
	   "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>notice</parameter>\n<parameter=old_str>\n"
	   "Copyright: 2020 Someone Else\nLicense: MIT\n Permission is granted\n\n</parameter>\n"
	   "<parameter=new_str>\nCopyright: 2020 Someone Else\nLicense: MIT\n"
	   " Permission is now granted\nEnd: *\n\n</parameter>\n</function>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notice",
		  "Copyright: 2020 Someone Else\nLicense: MIT\n Permission is now granted\nEnd: *\n"));
	done(&x);
}

/* ---- a context line taken for an addition while its original is kept as a dropped line ---- */

/* A hunk whose second context line is miscopied ("sattic"): the repair tier took it for an
 * unmarked addition above "}" and kept the file line it miscopies, further down the region, as
 * a line the hunk dropped, so both were written and the addition landed a block too high
 * (fuzz/regress/oracle-context-miscopy-added-beside-its-kept-original). A context line absent
 * from the file that nearly copies a line the region keeps as dropped is that line: the fuzzy
 * tier judges it, and places the addition after it. */
TEST(unseen, context_miscopy_is_not_added_beside_its_kept_original)
{
	static const char F[] = "#include <stdio.h>\n\nstatic void load_settings(void)\n"
				"    settings_value\n\n}\n\nstatic void print_report(int values, int count);\n"
				"}\n\nstatic void print_rapport(int values, int count);\n}\n";
	run x;
	go(&x, "src/f.txt", F,
	   "```diff\n--- a/src/f.txt\n+++ b/src/f.txt\n@@ -7,5 +7,6 @@\n \n"
	   " sattic void print_report(int values, int count);\n+inserted(42);\n }\n \n"
	   " static void print_rapport(int values, int count);\n```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "src/f.txt",
			  "#include <stdio.h>\n\nstatic void load_settings(void)\n    settings_value\n\n}\n\n"
			  "static void print_report(int values, int count);\ninserted(42);\n}\n\n"
			  "static void print_rapport(int values, int count);\n}\n"));
	else
		CHECK(has(&x, "src/f.txt", F));
	done(&x);
}
