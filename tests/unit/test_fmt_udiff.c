/* Unified diffs: aider's and git's, headers, hunks, new and deleted files, hunk ends. */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

TEST(udiff, aider_style)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "Here are the diffs:\n\n```diff\n--- src/m.py\n+++ src/m.py\n"
	                         "@@ ... @@\n import os\n-x = 1\n+x = 2\n \n def f():\n"
	                         "@@ ... @@\n-    pass\n+    return x\n@@ ... @@\n```\n\nDone.\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_UDIFF);
	CHECK_STR(tr_files(r), "src/m.py update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), " import os\n-x = 1\n+x = 2\n \n def f():\n");
	CHECK_STR(tr_edit(r, 0, 1), "-    pass\n+    return x\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 0);
	CHECK_INT(r->files[0].edits[0].hint_len, -1);
	CHECK_INT(r->files[0].edits[0].reply_line, 6);
	CHECK_INT(r->files[0].edits[0].flags, 0);
	CHECK_INT(r->files[0].reply_line, 4);
	seam_reply_free(r);
}

TEST(udiff, git_style)
{
	int rc;
	seam_reply *r = tr_parse("gitdiff",
	                         "```diff\ndiff --git a/mode.go b/mode.go\n"
	                         "index 11f833e..c8813af 100644\n--- a/mode.go\n+++ b/mode.go\n"
	                         "@@ -65,7 +65,8 @@ func SetMode(value string) {\n"
	                         " \tcase TestMode:\n-\t\tpanic(1)\n+\t\tpanic(2)\n"
	                         "@@ -90 +91,2 @@\n x\n+y\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_UDIFF);
	CHECK_STR(tr_files(r), "mode.go update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), " \tcase TestMode:\n-\t\tpanic(1)\n+\t\tpanic(2)\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 65);
	CHECK_INT(r->files[0].edits[0].hint_len, 7);
	CHECK_INT(r->files[0].edits[1].hint_start, 90);
	CHECK_INT(r->files[0].edits[1].hint_len, 1);
	seam_reply_free(r);
}

TEST(udiff, prefixes)
{
	int rc;
	seam_reply *r;

	/* a/ and b/ go only when both sides carry them */
	r = tr_parse("udiff", "--- a/x.c\n+++ b/x.c\n@@ @@\n-1\n+2\n", &rc);
	CHECK_STR(tr_files(r), "x.c update 1\n");
	seam_reply_free(r);
	r = tr_parse("udiff", "--- a/x.c\n+++ a/x.c\n@@ @@\n-1\n+2\n", &rc);
	CHECK_STR(tr_files(r), "a/x.c update 1\n");
	seam_reply_free(r);
	/* one side prefixed, the other not: the same file, not a rename */
	r = tr_parse("udiff", "--- a/x.c\n+++ x.c\n@@ @@\n-1\n+2\n", &rc);
	CHECK_STR(tr_files(r), "x.c update 1\n");
	seam_reply_free(r);
	r = tr_parse("udiff", "--- ./lib/y.rb\n+++ ./lib/y.rb\n@@ @@\n-1\n+2\n", &rc);
	CHECK_STR(tr_files(r), "lib/y.rb update 1\n");
	seam_reply_free(r);
	r = tr_parse("udiff",
	             "--- a/x.c\t2024-01-01 10:00:00\n+++ b/x.c\t2024-01-02\n@@ @@\n-1\n"
	             "+2\n",
	             &rc);
	CHECK_STR(tr_files(r), "x.c update 1\n");
	seam_reply_free(r);
	r = tr_parse("udiff", "--- src\\win.cs\n+++ src\\win.cs\n@@ @@\n-1\n+2\n", &rc);
	CHECK_STR(tr_files(r), "src/win.cs update 1\n");
	seam_reply_free(r);
}

TEST(udiff, create_and_delete)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "```diff\n--- /dev/null\n+++ b/docs/new.md\n@@ -0,0 +1,3 @@\n"
	                         "+# New\n+\n+text\n```\n\n```diff\n--- a/old.txt\n"
	                         "+++ /dev/null\n@@ -1,2 +0,0 @@\n-bye\n-now\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "docs/new.md create 1\nold.txt delete 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+# New\n+\n+text\n");
	CHECK_STR(tr_edit(r, 1, 0), "-bye\n-now\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 0);
	seam_reply_free(r);
}

TEST(udiff, create_with_several_hunks_is_one_content)
{
	int rc;
	seam_reply *r =
	    tr_parse("udiff", "--- /dev/null\n+++ n.py\n@@ ... @@\n+a\n b\n@@ ... @@\n+c\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "n.py create 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+a\n+b\n+c\n");
	seam_reply_free(r);
}

TEST(udiff, git_modes_and_renames)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "diff --git a/gone.c b/gone.c\ndeleted file mode 100644\n"
	                         "index 1..0\n"
	                         "diff --git a/empty.txt b/empty.txt\nnew file mode 100644\n"
	                         "index 0..1\n"
	                         "diff --git a/old/n.py b/new/n.py\nsimilarity index 100%\n"
	                         "rename from old/n.py\nrename to new/n.py\n"
	                         "diff --git a/s.sh b/s.sh\nold mode 100644\nnew mode 100755\n"
	                         "diff --git a/k.c b/k.c\nnew file mode 100644\n--- a/k.c\n"
	                         "+++ b/k.c\n@@ -0,0 +1 @@\n+int k;\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	/* a mode change alone is a change (it used to be dropped): s.sh is an update */
	CHECK_STR(tr_files(r),
	          "gone.c delete 0\nempty.txt create 1\nold/n.py update 0 -> new/n.py\n"
	          "s.sh update 0\nk.c create 1\n");
	CHECK_STR(tr_edit(r, 1, 0), "");
	CHECK_STR(tr_edit(r, 4, 0), "+int k;\n");
	CHECK_INT(r->files[0].git_delete, 1);
	CHECK_INT(r->files[1].mode, SM_MODE_PLAIN);
	CHECK_INT(r->files[2].copy, 0);
	CHECK_INT(r->files[3].mode, SM_MODE_EXEC);
	CHECK_INT(r->files[4].mode, SM_MODE_PLAIN);
	seam_reply_free(r);
}

TEST(udiff, git_copy_binary_and_odd_modes)
{
	int rc;
	/* a copy is its own fileop, never merged with a change of its source */
	seam_reply *r = tr_parse("auto",
	                         "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n"
	                         "-x\n+y\n"
	                         "diff --git a/a.py b/b.py\nsimilarity index 90%\ncopy from a.py\n"
	                         "copy to b.py\n--- a/a.py\n+++ b/b.py\n@@ -1 +1 @@\n-x\n+z\n"
	                         "diff --git a/i.png b/i.png\nindex 1..2 100644\nGIT binary patch\n"
	                         "literal 1\nIcmZ?w00001\n\n"
	                         "diff --git a/j.png b/j.png\nnew file mode 100644\n"
	                         "Binary files /dev/null and b/j.png differ\n"
	                         "diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n"
	                         "@@ -0,0 +1 @@\n+a.py\n"
	                         "diff --git a/o.py b/p.py\nrename old o.py\nrename new p.py\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\na.py update 1 -> b.py\ni.png update 0\n"
	                       "j.png create 1\nl create 1\no.py update 0 -> p.py\n");
	CHECK_INT(r->files[0].copy, 0);
	CHECK_INT(r->files[1].copy, 1);
	CHECK_STR(tr_edit(r, 1, 0), "-x\n+z\n");
	CHECK_INT(r->files[2].refuse_status, SEAM_STATUS_BINARY);
	CHECK(r->files[2].refuse != NULL);
	CHECK_INT(r->files[3].refuse_status, SEAM_STATUS_BINARY);
	CHECK_INT(r->files[4].refuse_status, SEAM_STATUS_REFUSED_PATH);
	CHECK(r->files[4].refuse && strstr(r->files[4].refuse, "symbolic link"));
	CHECK(r->files[5].refuse == NULL);
	seam_reply_free(r);
}

TEST(udiff, blank_lines)
{
	int rc;
	/* an empty line inside a hunk is a blank context line; those at the end separate it */
	seam_reply *r = tr_parse("udiff",
	                         "```diff\n--- a.py\n+++ a.py\n@@ ... @@\n a\n\n-b\n+c\n\n\n"
	                         "```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), " a\n \n-b\n+c\n");
	seam_reply_free(r);
}

TEST(udiff, no_newline_markers)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-old\n"
	                         "\\ No newline at end of file\n+new\n"
	                         "\\ No newline at end of file\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-old\n+new\n");
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_OLD_NOEOL | SM_EDIT_NEW_NOEOL);
	seam_reply_free(r);

	r = tr_parse("udiff",
	             "--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-old\n+new\n"
	             "\\ No newline at end of file\n",
	             &rc);
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_NEW_NOEOL);
	seam_reply_free(r);
}

TEST(udiff, hunk_ends)
{
	int rc;
	/* prose ends a bare hunk; a fence closer ends a fenced one; counts are not believed */
	seam_reply *r = tr_parse("udiff",
	                         "--- a.c\n+++ a.c\n@@ -1,1 +1,1 @@\n-x\n+y\n+z\n"
	                         "That adds z.\n```diff\n--- b.c\n+++ b.c\n@@ -1 +1 @@\n"
	                         "-p\n+q\n```\n-not a diff line\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.c update 1\nb.c update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-x\n+y\n+z\n");
	CHECK_STR(tr_edit(r, 1, 0), "-p\n+q\n");
	seam_reply_free(r);
}

TEST(udiff, bare_hunk_stops_at_paragraph_once_counts_are_met)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- a.md\n+++ a.md\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\n"
	                         "- I changed b to c\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), " a\n-b\n+c\n");
	seam_reply_free(r);
}

TEST(udiff, dashes_line_is_a_deletion_unless_a_header)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- q.sql\n+++ q.sql\n@@ ... @@\n--- comment\n"
	                         "+-- note\n select 1;\n--- r.sql\n+++ r.sql\n@@ ... @@\n"
	                         "-a\n+b\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "q.sql update 1\nr.sql update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "--- comment\n+-- note\n select 1;\n");
	seam_reply_free(r);
}

TEST(udiff, no_hunk_header)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "```diff\n--- a.py\n+++ a.py\n def f():\n-    return 1\n"
	                         "+    return 2\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), " def f():\n-    return 1\n+    return 2\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 4);
	seam_reply_free(r);
}

TEST(udiff, indented_fence_in_a_list)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "1. Update it:\n   ```diff\n   --- a.py\n   +++ a.py\n"
	                         "   @@ ... @@\n    x = 1\n   -y = 2\n   +y = 3\n   ```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), " x = 1\n-y = 2\n+y = 3\n");
	seam_reply_free(r);
}

TEST(udiff, fence_inside_hunk_is_content)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "````diff\n--- README.md\n+++ README.md\n@@ ... @@\n ```\n"
	                         "-make\n+make all\n ```\n````\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), " ```\n-make\n+make all\n ```\n");
	seam_reply_free(r);
}

TEST(udiff, headerless_hunks_take_the_fence_name)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "lib/a.rb\n```diff\n@@ ... @@\n-a\n+b\n```\n"
	                         "```diff lib/b.rb\n@@ ... @@\n-c\n+d\n```\n"
	                         "```diff\n@@ ... @@\n-e\n+f\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	/* the third has no name anywhere: it continues the previous file */
	CHECK_STR(tr_files(r), "lib/a.rb update 1\nlib/b.rb update 2\n");
	seam_reply_free(r);

	r = tr_parse("udiff", "Change:\n```diff\n@@ ... @@\n-a\n+b\n```\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "hunk with no file header"));
}

TEST(udiff, tab_context_without_space)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- m.go\n+++ m.go\n@@ ... @@\n\tcase A:\n-\t\tx()\n"
	                         "+\t\ty()\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), " \tcase A:\n-\t\tx()\n+\t\ty()\n");
	seam_reply_free(r);
}

TEST(udiff, crlf_reply)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "```diff\r\n--- a/x.txt\r\n+++ b/x.txt\r\n@@ -1,2 +1,2 @@\r\n"
	                         " a\r\n-b\r\n+c\r\n```\r\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "x.txt update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), " a\n-b\n+c\n");
	seam_reply_free(r);
}

TEST(udiff, hostile_numbers)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- a\n+++ a\n@@ -99999999999999999999,5 +1,-3 @@\n-x\n+y\n"
	                         "@@ -\n-z\n@@ -0,0 +0,0 @@\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a update 2\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 0);
	CHECK_INT(r->files[0].edits[0].hint_len, -1);
	seam_reply_free(r);
}

TEST(udiff, empty_hunks_are_dropped)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "--- a.py\n+++ a.py\n@@ ... @@\n@@ ... @@\n-x\n+y\n"
	                         "@@ ... @@\n\n\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\n");
	CHECK_INT(r->total_edits, 1);
	seam_reply_free(r);
}

TEST(udiff, unmarked_line_in_fenced_hunk_is_context)
{
	int rc;
	seam_reply *r = tr_parse("udiff",
	                         "```diff\n--- a.py\n+++ a.py\n@@ ... @@\n-a\n+b\nc = 1\n-d\n"
	                         "+e\n```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-a\n+b\n c = 1\n-d\n+e\n");
	CHECK(r->notes.ptr && strstr(r->notes.ptr, "line 7: hunk line without"));
	seam_reply_free(r);
}

TEST(udiff, differing_names_without_git_are_not_a_rename)
{
	int rc;
	seam_reply *r =
	    tr_parse("udiff", "--- src/utils.py\n+++ src/util.py\n@@ @@\n-a\n+b\n", &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/utils.py update 1\n");
	CHECK(r->notes.ptr && strstr(r->notes.ptr, "line 1: --- src/utils.py and +++ src/util.py"));
	seam_reply_free(r);

	r = tr_parse("udiff", "diff --git a/u.py b/v.py\n--- a/u.py\n+++ b/v.py\n@@ @@\n-a\n+b\n",
	             &rc);
	CHECK_STR(tr_files(r), "u.py update 1 -> v.py\n");
	seam_reply_free(r);
}
