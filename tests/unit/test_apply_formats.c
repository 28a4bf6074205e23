/*
 * The formats beyond the core three, end to end through seam.h on an in-memory tree: a
 * real-looking reply in each (prose around it, several files or blocks) applied and compared
 * byte for byte, and the refusals each format must give.
 */
#include "test.h"
#include "seam.h"
#include "lib/tree/tree.h"
#include "util/alloc.h"

#include <stdio.h>
#include <string.h>

static const char SERVER_PY[] =
	"import os\n"
	"\n"
	"\n"
	"class Server:\n"
	"    def __init__(self, port):\n"
	"        self.port = port\n"
	"\n"
	"    def start(self):\n"
	"        print(\"starting\")\n"
	"        return True\n"
	"\n"
	"\n"
	"class Client:\n"
	"    def start(self):\n"
	"        print(\"starting\")\n"
	"        return True\n";

static const char UTIL_PY[] = "def add(a, b):\n    return a + b\n";

typedef struct run {
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	int parse, plan, commit;
} run;

/* Parses reply, plans it on a memory tree holding server.py and util.py, commits when the
 * plan is ok. */
static void go(run *x, const char *reply)
{
	memset(x, 0, sizeof(*x));
	x->commit = -1;
	if (seam_session_new(&x->s, NULL) || seam_tree_new_memory(&x->t, x->s) ||
	    seam_tree_put(x->t, "app/server.py", SERVER_PY, strlen(SERVER_PY), 0644) ||
	    seam_tree_put(x->t, "util.py", UTIL_PY, strlen(UTIL_PY), 0644)) {
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
	int ok = want ? got && n == strlen(want) && !memcmp(got, want, n) : got == NULL;
	if (!ok)
		printf("  %s is:\n%.*s\n  want:\n%s\n", path, got ? (int)n : 9,
		       got ? got : "(missing)", want ? want : "(missing)");
	return ok;
}

static seam_edit_info edit(const run *x, size_t f, size_t e)
{
	seam_edit_info ei;
	memset(&ei, 0, sizeof(ei));
	seam_plan_edit(x->p, f, e, &ei);
	return ei;
}

/* ---- *** Begin Patch ---- */

TEST(formats, patch_reply_updates_adds_deletes_and_moves)
{
	run x;
	go(&x, "I'll make `Client.start` quiet, add a helper and retire util.py.\n\n"
	       "```\n"
	       "*** Begin Patch\n"
	       "*** Update File: app/server.py\n"
	       "@@ class Client:\n"
	       "     def start(self):\n"
	       "-        print(\"starting\")\n"
	       "+        log(\"starting\")\n"
	       "         return True\n"
	       "@@\n"
	       " import os\n"
	       "+from app.log import log\n"
	       "*** Add File: app/log.py\n"
	       "+def log(msg):\n"
	       "+    pass\n"
	       "*** Delete File: util.py\n"
	       "*** End Patch\n"
	       "```\n\nThat's all.\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_PATCH);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "app/server.py",
		  "import os\nfrom app.log import log\n\n\nclass Server:\n    def __init__(self, port):\n"
		  "        self.port = port\n\n    def start(self):\n        print(\"starting\")\n"
		  "        return True\n\n\nclass Client:\n    def start(self):\n"
		  "        log(\"starting\")\n        return True\n"));
	CHECK(has(&x, "app/log.py", "def log(msg):\n    pass\n"));
	CHECK(has(&x, "util.py", NULL));
	done(&x);

	go(&x, "*** Begin Patch\n*** Update File: util.py\n*** Move to: lib/util.py\n@@\n"
	       "-    return a + b\n+    return b + a\n*** End Patch\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", NULL));
	CHECK(has(&x, "lib/util.py", "def add(a, b):\n    return b + a\n"));
	done(&x);
}

TEST(formats, patch_refusals)
{
	run x;
	seam_edit_info ei;

	/* the same lines in two classes and no anchor: ambiguous, nothing written */
	go(&x, "*** Begin Patch\n*** Update File: app/server.py\n@@\n     def start(self):\n"
	       "-        print(\"starting\")\n+        print(\"go\")\n*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(ei.message, "lines 8-9") && strstr(ei.message, "lines 14-15"));
	CHECK(has(&x, "app/server.py", SERVER_PY));
	done(&x);
	/* an anchor that is not in the file */
	go(&x, "*** Begin Patch\n*** Update File: app/server.py\n@@ class Worker:\n"
	       "-        return True\n+        return False\n*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0, 0);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(strstr(ei.message, "class Worker:") != NULL);
	done(&x);
}

/* ---- ln-diff ---- */

TEST(formats, lndiff_blocks_any_order_with_shifted_numbers)
{
	run x;
	/* the second block first, and its numbers 2 too high: the text wins */
	go(&x, "Two changes to `app/server.py`:\n\n"
	       "app/server.py\n"
	       "<editblock>\n"
	       "<<<<<<< REMOVE\n"
	       "  17\xe2\x94\x82        print(\"starting\")\n"
	       "=======\n"
	       "    \xe2\x94\x82        print(\"client starting\")\n"
	       ">>>>>>> INSERT\n"
	       "</editblock>\n"
	       "\n"
	       "app/server.py\n"
	       "<editblock>\n"
	       "<<<<<<< REMOVE\n"
	       "   6\xe2\x94\x82        self.port = port\n"
	       "=======\n"
	       "    \xe2\x94\x82        self.port = int(port)\n"
	       ">>>>>>> INSERT\n"
	       "</editblock>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_LNDIFF);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "app/server.py",
		  "import os\n\n\nclass Server:\n    def __init__(self, port):\n"
		  "        self.port = int(port)\n\n    def start(self):\n        print(\"starting\")\n"
		  "        return True\n\n\nclass Client:\n    def start(self):\n"
		  "        print(\"client starting\")\n        return True\n"));
	done(&x);
}

TEST(formats, lndiff_refusals)
{
	run x;

	/* two blocks over the same line */
	go(&x, "app/server.py\n<editblock>\n<<<<<<< REMOVE\n  9|        print(\"starting\")\n"
	       " 10|        return True\n=======\n        pass\n>>>>>>> INSERT\n</editblock>\n"
	       "app/server.py\n<editblock>\n<<<<<<< REMOVE\n 10|        return True\n=======\n"
	       "        return False\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "app/server.py", SERVER_PY));
	done(&x);
	/* numbers 8 lines off: farther than a block may shift, and the line occurs twice */
	go(&x, "app/server.py\n<editblock>\n<<<<<<< REMOVE\n  1|        print(\"starting\")\n=======\n"
	       "        print(\"x\")\n>>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "app/server.py", SERVER_PY));
	done(&x);
}

/* ---- tool calls ---- */

TEST(formats, toolcall_list_of_calls)
{
	run x;
	go(&x, "Calling the editor:\n```json\n"
	       "[{\"command\": \"str_replace\", \"path\": \"util.py\", \"old_str\": \"    return a + b\","
	       " \"new_str\": \"    return int(a) + int(b)\"},\n"
	       " {\"command\": \"insert\", \"path\": \"util.py\", \"insert_line\": 0,"
	       " \"new_str\": \"# math helpers\"},\n"
	       " {\"command\": \"create\", \"path\": \"app/__init__.py\", \"file_text\": \"\"},\n"
	       " {\"path\": \"app/server.py\", \"old_string\": \"print(\\\"starting\\\")\","
	       " \"new_string\": \"print(\\\"up\\\")\", \"replace_all\": true}]\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_TOOLCALL);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", "# math helpers\ndef add(a, b):\n    return int(a) + int(b)\n"));
	CHECK(has(&x, "app/__init__.py", ""));
	CHECK(strstr(seam_tree_get(x.t, "app/server.py", &(size_t){0}), "starting") == NULL);
	done(&x);
}

TEST(formats, toolcall_str_replace_must_fit_one_place)
{
	run x;
	seam_edit_info ei;

	go(&x, "{\"command\": \"str_replace\", \"path\": \"app/server.py\","
	       " \"old_str\": \"        return True\", \"new_str\": \"        return False\"}\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(ei.message, "2 places") != NULL);
	CHECK(strstr(ei.message, "line 10") && strstr(ei.message, "line 16"));
	CHECK(has(&x, "app/server.py", SERVER_PY));
	done(&x);

	go(&x, "{\"command\": \"str_replace\", \"path\": \"util.py\","
	       " \"old_str\": \"return a - b\", \"new_str\": \"return 0\"}\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0, 0);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(has(&x, "util.py", UTIL_PY));
	done(&x);
}

/* A SEARCH side that quotes a patch section line is still a SEARCH/REPLACE block. */
TEST(formats, search_text_quoting_a_patch_line)
{
	run x;
	go(&x, "notes.md\n```\n<<<<<<< SEARCH\n=======\n"
	       "*** Delete File: util.py\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_EDITBLOCK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "notes.md", "*** Delete File: util.py\n"));
	CHECK(has(&x, "util.py", UTIL_PY));
	done(&x);
	go(&x, "*** Delete File: util.py\n");
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_PATCH);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", NULL));
	done(&x);
}

/* "+++ b/" names no file: not a file called "b". */
TEST(formats, diff_prefix_without_a_name)
{
	run x;
	go(&x, "--- /dev/null\n+++ b/\n@@ -0,0 +1 @@\n+x = 2\n");
	CHECK_INT(x.parse, SEAM_EPARSE);
	CHECK(strstr(seam_session_errmsg(x.s), "without a usable path") != NULL);
	done(&x);
}

/* A diff cut off inside its fence (or mid-line) before the lines its header announces is
 * refused whole, not applied as far as it goes; short counts alone are a common slip. */
TEST(formats, diff_cut_off_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "```diff\n--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n"
	       "-    return a + b\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0, 0);
	CHECK(strstr(ei.message, "cut off") != NULL);
	CHECK(has(&x, "util.py", UTIL_PY));
	done(&x);
	go(&x, "--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,3 @@\n def add(a, b):\n-    return a + b\n+    return");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "util.py", UTIL_PY));
	done(&x);
	/* counts one too many in a complete reply: applied */
	go(&x, "```diff\n--- a/util.py\n+++ b/util.py\n@@ -1,3 +1,3 @@\n def add(a, b):\n"
	       "-    return a + b\n+    return b + a\n```\n");
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", "def add(a, b):\n    return b + a\n"));
	done(&x);
}

/* A SEARCH side quoting a numbered edit (a path line, then <update_lines>) stays a
 * SEARCH/REPLACE block: the block opens first. */
TEST(formats, search_text_quoting_update_lines)
{
	run x;
	go(&x, "notes.md\n```\n<<<<<<< SEARCH\n=======\nutil.py\n<update_lines start=\"1\" end=\"2\">\n"
	       "def sub(a, b):\n</update_lines>\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(seam_reply_format(x.r), SEAM_FORMAT_EDITBLOCK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", UTIL_PY));
	CHECK(has(&x, "notes.md", "util.py\n<update_lines start=\"1\" end=\"2\">\ndef sub(a, b):\n"
				  "</update_lines>\n"));
	done(&x);
}

/* ---- one format per reply ---- */

/* SEARCH/REPLACE blocks and a diff in one reply: reading one and dropping the other would
 * apply half the reply with no word said, so the reply is refused whole, naming both parts. */
TEST(formats, mixed_formats_refused_whole)
{
	run x;
	const char *msg;

	go(&x, "First util.py:\n\nutil.py\n```python\n<<<<<<< SEARCH\n    return a + b\n=======\n"
	       "    return b + a\n>>>>>>> REPLACE\n```\n\nThen the server:\n\n```diff\n"
	       "--- a/app/server.py\n+++ b/app/server.py\n@@ -1,3 +1,3 @@\n-import os\n+import sys\n"
	       " \n \n```\n");
	CHECK_INT(x.parse, SEAM_EPARSE);
	msg = seam_session_errmsg(x.s);
	CHECK(strstr(msg, "mixes edit formats") != NULL);
	CHECK(strstr(msg, "SEARCH/REPLACE blocks") != NULL);
	CHECK(strstr(msg, "unified diff hunks") != NULL);
	CHECK(strstr(msg, "line 17") != NULL);
	CHECK(has(&x, "util.py", UTIL_PY));
	done(&x);
	/* the other way round: a diff first, then a block */
	go(&x, "--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n"
	       "+    return b + a\n\napp/server.py\n```\n<<<<<<< SEARCH\nimport os\n=======\n"
	       "import sys\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_EPARSE);
	CHECK(strstr(seam_session_errmsg(x.s), "mixes edit formats") != NULL);
	done(&x);
	/* a file deleted by a patch line outside the blocks is an edit too */
	go(&x, "util.py\n```\n<<<<<<< SEARCH\n    return a + b\n=======\n    return b + a\n"
	       ">>>>>>> REPLACE\n```\n\n*** Delete File: app/server.py\n");
	CHECK_INT(x.parse, SEAM_EPARSE);
	CHECK(strstr(seam_session_errmsg(x.s), "line 10") != NULL);
	done(&x);
}

/* A diff that is the text of an edit (a SEARCH/REPLACE block writing a .patch file) is not a
 * second format, and a forced format reads only its own. */
TEST(formats, diff_inside_a_block_is_its_text)
{
	run x;
	seam_session *s;
	seam_options o = SEAM_OPTIONS_INIT;
	seam_reply *r = NULL;
	const char *mixed = "util.py\n```\n<<<<<<< SEARCH\n    return a + b\n=======\n"
			    "    return b + a\n>>>>>>> REPLACE\n```\n\n```diff\n--- a/util.py\n"
			    "+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n"
			    "+    return b + a\n```\n";

	go(&x, "fix.patch\n```\n<<<<<<< SEARCH\n=======\n--- a/util.py\n+++ b/util.py\n"
	       "@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n+    return b + a\n"
	       ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", UTIL_PY));
	CHECK(has(&x, "fix.patch", "--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n"
				   "-    return a + b\n+    return b + a\n"));
	done(&x);
	o.format = SEAM_FORMAT_EDITBLOCK;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, mixed, strlen(mixed)), SEAM_OK);
	CHECK_INT(seam_reply_edit_count(r, 0), 1);
	seam_reply_free(r);
	seam_session_free(s);
}

/* ---- git's extended headers on a memory tree ---- */

static unsigned int mode_of(const run *x, const char *path)
{
	sm_filestat st;
	char *data = NULL;
	size_t len = 0;
	sm_buf why = SM_BUF_INIT;

	memset(&st, 0, sizeof(st));
	if (sm_tree_read(x->t, path, 0, &data, &len, &st, &why))
		st.mode = 01000;
	sm_free(data);
	sm_buf_dispose(&why);
	return st.exists ? st.mode : 02000;
}

TEST(formats, git_modes_and_copies_on_memory_tree)
{
	run x;

	go(&x, "diff --git a/util.py b/util.py\nold mode 100644\nnew mode 100755\n"
	       "diff --git a/util.py b/u2.py\nsimilarity index 90%\ncopy from util.py\n"
	       "copy to u2.py\n--- a/util.py\n+++ b/u2.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n"
	       "-    return a + b\n+    return b + a\n"
	       "diff --git a/run.sh b/run.sh\nnew file mode 100755\n--- /dev/null\n+++ b/run.sh\n"
	       "@@ -0,0 +1 @@\n+echo\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "util.py", UTIL_PY));
	CHECK(has(&x, "u2.py", "def add(a, b):\n    return b + a\n"));
	CHECK(has(&x, "run.sh", "echo\n"));
	CHECK_INT(mode_of(&x, "util.py"), 0755);
	/* the copy is of the file before the reply: not executable */
	CHECK_INT(mode_of(&x, "u2.py"), 0644);
	CHECK_INT(mode_of(&x, "run.sh"), 0755);
	done(&x);
}
