/* The apply_patch format: sections, chunks, anchors, End of File, renames, and the slips of
 * real replies (no End Patch, fences, indentation, CRLF, lost markers). */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"
#include "lib/format/format.h"
#include "util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* from test_reply.c */
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
seam_reply *tr_parse_alone(seam_format_t f, const char *text, size_t len, size_t max_edits,
                           int *rc);

static seam_reply *tp_parse(const char *text, int *rc)
{
	return tr_parse_alone(SEAM_FORMAT_PATCH, text, strlen(text), 100000, rc);
}

static const char *notes(const seam_reply *r)
{
	return r->notes.ptr ? r->notes.ptr : "";
}

/* The anchors of an edit, one per line. */
static const char *anchors(const seam_reply *r, size_t file, size_t edit)
{
	static char buf[4096];
	const sm_edit *e = &r->files[file].edits[edit];
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < e->nanchors && o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%.*s\n", (int)e->anchors[i].n,
		                      e->anchors[i].p);
	return buf;
}

/* 2 when "*** Begin Patch" is there, 1 when only file sections are, else 0 */
static int sniff(const char *text)
{
	sm_lines ls;
	int v;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	v = sm_patch_sniff(&ls) ? 2 : sm_patch_sniff_loose(&ls);
	sm_lines_free(&ls);
	return v;
}

TEST(patch, update_with_chunks_and_anchors)
{
	int rc;
	seam_reply *r =
	    tp_parse("Here is the change:\n\n```\n*** Begin Patch\n"
	             "*** Update File: src/app.py\n@@\n import os\n-x = 1\n+x = 2\n"
	             "@@ class Foo:\n@@     def run(self):\n         a = 1\n-        b\n"
	             "+        c\n@@ def bar(): @@\n-    pass\n+    return 1\n"
	             "*** End Patch\n```\n\nDone.\n",
	             &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/app.py update 3\n");
	CHECK_STR(tr_edit(r, 0, 0), " import os\n-x = 1\n+x = 2\n");
	CHECK_STR(anchors(r, 0, 0), "");
	CHECK_STR(tr_edit(r, 0, 1), "         a = 1\n-        b\n+        c\n");
	/* nested anchors, in order; "@@ x @@" loses its closing @@ */
	CHECK_STR(anchors(r, 0, 1), "class Foo:\ndef run(self):\n");
	CHECK_STR(anchors(r, 0, 2), "def bar():\n");
	CHECK_INT(r->files[0].reply_line, 5);
	CHECK_INT(r->files[0].edits[0].reply_line, 6);
	CHECK_INT(r->files[0].edits[1].reply_line, 10);
	CHECK_INT(r->files[0].edits[0].flags, 0);
	CHECK_INT(r->files[0].edits[0].hint_start, 0);
	CHECK_INT(r->files[0].edits[0].hint_len, -1);
	CHECK_STR(notes(r), "");
	seam_reply_free(r);
}

TEST(patch, body_without_at_is_one_chunk)
{
	int rc;
	seam_reply *r =
	    tp_parse("*** Begin Patch\n*** Update File: a.c\n int a;\n-int b;\n+long b;\n"
	             "*** End Patch\n",
	             &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.c update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), " int a;\n-int b;\n+long b;\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 3);
	seam_reply_free(r);
}

TEST(patch, add_delete_move)
{
	int rc;
	seam_reply *r =
	    tp_parse("*** Begin Patch\n*** Add File: docs/new.md\n+# New\n+\n\n+text\n\n"
	             "*** Delete File: old.txt\n*** Update File: lib/a.rb\n"
	             "*** Move to: lib/b.rb\n@@\n-x\n+y\n*** Update File: c.go\n"
	             "*** Move to: d.go\n*** Add File: empty.txt\n*** End Patch\n",
	             &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "docs/new.md create 1\nold.txt delete 0\nlib/a.rb update 1 -> "
	                       "lib/b.rb\nc.go update 0 -> d.go\nempty.txt create 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+# New\n+\n+\n+text\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 3);
	CHECK_STR(tr_edit(r, 4, 0), "");
	CHECK_STR(notes(r), "");
	seam_reply_free(r);
}

TEST(patch, end_of_file_and_blank_lines)
{
	int rc;
	/* an empty line inside a chunk is blank context; those at its end are not part of it */
	seam_reply *r = tp_parse("*** Begin Patch\n*** Update File: m.py\n@@ def f():\n     a\n\n"
	                         "-    b\n+    c\n\n\n@@\n x\n+y\n\n*** End of File\n"
	                         "*** End Patch\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "m.py update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "     a\n \n-    b\n+    c\n");
	CHECK_STR(tr_edit(r, 0, 1), " x\n+y\n");
	CHECK_INT(r->files[0].edits[0].flags, 0);
	CHECK_INT(r->files[0].edits[1].flags, SM_EDIT_AT_EOF);
	seam_reply_free(r);
}

TEST(patch, missing_end_patch)
{
	int rc;
	/* fenced: the fence closes it; bare: the prose after it ends it */
	seam_reply *r = tp_parse("```\n*** Begin Patch\n*** Update File: a.c\n@@\n-1\n+2\n```\n"
	                         "Then:\n*** Begin Patch\n*** Update File: b.c\n-3\n+4\n\n"
	                         "That is all.\n-5\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.c update 1\nb.c update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-1\n+2\n");
	CHECK_STR(tr_edit(r, 1, 0), "-3\n+4\n");
	CHECK_STR(notes(r),
	          "line 2: *** Begin Patch never closed by *** End Patch; read to line 6\n"
	          "line 9: *** Begin Patch never closed by *** End Patch; read to line "
	          "13\n");
	seam_reply_free(r);
}

TEST(patch, several_patches_merge_updates)
{
	int rc;
	seam_reply *r = tp_parse("*** Begin Patch\n*** Update File: a.c\n-1\n+2\n*** End Patch\n"
	                         "and\n*** Begin Patch\n*** Update File: b.c\n-3\n+4\n"
	                         "*** Update File: ./a.c\n-5\n+6\n*** End Patch\n*** End Patch\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.c update 2\nb.c update 1\n");
	CHECK_STR(tr_edit(r, 0, 1), "-5\n+6\n");
	CHECK_STR(notes(r), "line 15: *** End Patch with no *** Begin Patch, ignored\n");
	seam_reply_free(r);
}

TEST(patch, spellings_crlf_and_paths)
{
	int rc;
	seam_reply *r = tp_parse("***Begin Patch\r\n*** update file:src\\win.cs\r\n@@\r\n-a\r\n"
	                         "+b\r\n***  End of File  ***\r\n*** Update File: `q.py`\r\n-c\r\n"
	                         "+d\r\n*** Update File: a/x/y.c\r\n-e\r\n+f\r\n"
	                         "*** Add File: LICENSE-MIT\r\n+MIT\r\n*** END PATCH ***\r\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	/* a/ stays: the tree resolves names */
	CHECK_STR(tr_files(r), "src/win.cs update 1\nq.py update 1\na/x/y.c update 1\n"
	                       "LICENSE-MIT create 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-a\n+b\n");
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_AT_EOF);
	CHECK_STR(tr_edit(r, 3, 0), "+MIT\n");
	CHECK_STR(notes(r), "");
	seam_reply_free(r);
}

TEST(patch, indented_fence)
{
	int rc;
	seam_reply *r = tp_parse("1. Change it:\n\n   ```\n   *** Begin Patch\n"
	                         "   *** Update File: a.py\n   @@ def f():\n        x = 1\n"
	                         "   -    y = 2\n   +    y = 3\n   \n        z\n   *** End Patch\n"
	                         "   ```\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "     x = 1\n-    y = 2\n+    y = 3\n \n     z\n");
	CHECK_STR(anchors(r, 0, 0), "def f():\n");
	seam_reply_free(r);
}

TEST(patch, unmarked_lines)
{
	int rc;
	/* inside a closed patch: context that lost its space (a tab-led line keeps its tab) */
	seam_reply *r = tp_parse("*** Begin Patch\n*** Update File: a.c\n@@\n int f()\n{\n"
	                         "-\treturn 1;\n+\treturn 2;\n\t/* x */\n}\n*** End Patch\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), " int f()\n {\n-\treturn 1;\n+\treturn 2;\n \t/* x */\n }\n");
	CHECK_STR(notes(r), "line 5: chunk line without ' ', '-' or '+' read as context\n");
	seam_reply_free(r);
}

TEST(patch, malformed_sections_are_skipped)
{
	int rc;
	seam_reply *r = tp_parse("*** Begin Patch\nsome words\n*** Update File:\n-a\n+b\n"
	                         "*** Add File: n.py\n+ok\nnot plus\n+more\n"
	                         "*** Update File: e.c\n@@ int main()\n*** Update File: f.c\n"
	                         "*** End of File\n@@\n-g\n+h\n*** End Patch\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "f.c update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-g\n+h\n");
	CHECK_STR(notes(r), "line 2: line outside the file sections of the patch, ignored\n"
	                    "line 3: *** Update File with no usable file name, skipped\n"
	                    "line 8: line of *** Add File: n.py does not start with '+'; the file "
	                    "is skipped\n"
	                    "line 11: @@ chunk of e.c holds no line, skipped\n"
	                    "line 10: *** Update File: e.c holds no chunk, skipped\n"
	                    "line 13: *** End of File outside a chunk, ignored\n");
	seam_reply_free(r);
}

TEST(patch, diff_header_in_a_patch)
{
	int rc;
	seam_reply *r =
	    tp_parse("*** Begin Patch\n*** Update File: a.py\n@@ -12,3 +12,4 @@ def f():\n"
	             " a\n+b\n@@ ... @@\n-c\n+d\n@@ -40 +41 @@\n-e\n+f\n*** End Patch\n",
	             &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 3\n");
	CHECK_STR(anchors(r, 0, 0), "def f():\n");
	CHECK_INT(r->files[0].edits[0].hint_start, 12);
	CHECK_INT(r->files[0].edits[0].hint_len, 3);
	CHECK_STR(anchors(r, 0, 1), "");
	CHECK_INT(r->files[0].edits[1].hint_start, 0);
	CHECK_STR(anchors(r, 0, 2), "");
	CHECK_INT(r->files[0].edits[2].hint_start, 40);
	CHECK_INT(r->files[0].edits[2].hint_len, 1);
	seam_reply_free(r);
}

TEST(patch, bare_sections_and_no_newline)
{
	int rc;
	seam_reply *r = tp_parse("Change:\n*** Update File: a.txt\n@@\n-old\n+new\n"
	                         "\\ No newline at end of file\n\nbye\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.txt update 1\n");
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_NEW_NOEOL);
	CHECK_STR(notes(r), "");
	seam_reply_free(r);
}

TEST(patch, markers_in_content_stay_content)
{
	int rc;
	/* a patch about patches: marked lines are never markers */
	seam_reply *r = tp_parse("*** Begin Patch\n*** Update File: t.txt\n *** End Patch\n"
	                         "-*** Begin Patch\n+*** Update File: x\n *** End of File\n"
	                         "*** End Patch\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0),
	          " *** End Patch\n-*** Begin Patch\n+*** Update File: x\n *** End of File\n");
	seam_reply_free(r);
}

TEST(patch, sniff)
{
	CHECK_INT(sniff("x\n*** Begin Patch\n"), 2);
	CHECK_INT(sniff("  ***Begin Patch\n"), 2);
	CHECK_INT(sniff("*** Update File: a.c\n-x\n"), 1);
	CHECK_INT(sniff("*** Add File: a.c\n+x\n"), 1);
	CHECK_INT(sniff("*** Begin Patch\n*** Add File: a.c\n+x\n"), 2);
	CHECK_INT(sniff("--- a.c\n+++ a.c\n@@ @@\n-x\n"), 0);
	CHECK_INT(sniff("*** Update File:\n"), 0);
	CHECK_INT(sniff("*** a.c\t2024\n--- a.c\n"), 0);
	CHECK_INT(sniff("The *** Begin Patch line\n"), 0);
}

TEST(patch, edit_limit)
{
	int rc;
	const char *t = "*** Begin Patch\n*** Update File: a\n-1\n@@\n-2\n@@\n-3\n";
	seam_reply *r = tr_parse_alone(SEAM_FORMAT_PATCH, t, strlen(t), 2, &rc);

	CHECK_INT(rc, SEAM_ELIMIT);
	seam_reply_free(r);
}

TEST(patch, out_of_memory)
{
	const char *t = "*** Begin Patch\n*** Update File: a.c\n*** Move to: b.c\n@@ x\n@@ y\n"
	                "-1\n+2\n*** Add File: n\n+a\n\n+b\n*** Delete File: d\n*** End Patch\n";
	long k;
	int rc;

	for (k = 0; k < 200; k++) {
		seam_reply *r;
		sm_alloc_fail_after(k);
		r = tp_parse(t, &rc);
		sm_alloc_fail_after(-1);
		seam_reply_free(r);
		if (rc == SEAM_OK)
			break;
		CHECK_INT(rc, SEAM_ENOMEM);
	}
	CHECK(k < 200);
}

TEST(patch, hostile_bytes)
{
#define P(s)                                                                                       \
	{                                                                                          \
		s, sizeof(s) - 1                                                                   \
	}
	static const struct {
		const char *p;
		size_t n;
	} pieces[] = {P("*** Begin Patch\n"),
	              P("*** End Patch\n"),
	              P("*** Update File: a.c\n"),
	              P("*** Add File: b\n"),
	              P("*** Delete File: c\n"),
	              P("*** Move to: d\n"),
	              P("*** End of File\n"),
	              P("@@\n"),
	              P("@@ x\n"),
	              P("@@ -1,2 +3 @@ y\n"),
	              P("@@ -99999999999999\n"),
	              P(" ctx\n"),
	              P("-del\n"),
	              P("+add\n"),
	              P("\n"),
	              P("```\n"),
	              P("  ```\n"),
	              P("\\ No\n"),
	              P("prose\n"),
	              P("\t\n"),
	              P("\xff\xfe\n"),
	              P("\0\n"),
	              P("*** \0\n"),
	              P("*** Update File: \0x\n"),
	              P("***\n"),
	              P("   *** Begin Patch\n"),
	              P("\r\n"),
	              P("@@")};
#undef P
	char buf[2048];
	unsigned int seed = 12345;
	int it, rc;

	for (it = 0; it < 5000; it++) {
		size_t len = 0, k, np;
		seam_reply *r;
		seed = seed * 1103515245u + 12345u;
		np = (seed >> 8) % 32;
		for (k = 0; k < np; k++) {
			size_t j;
			seed = seed * 1103515245u + 12345u;
			j = (seed >> 8) % (sizeof(pieces) / sizeof(pieces[0]));
			if (len + pieces[j].n >= sizeof(buf))
				break;
			memcpy(buf + len, pieces[j].p, pieces[j].n);
			len += pieces[j].n;
		}
		r = tr_parse_alone(SEAM_FORMAT_PATCH, buf, len, 100000, &rc);
		CHECK_INT(rc, SEAM_OK);
		seam_reply_free(r);
	}
}

TEST(patch, linear_time)
{
	/* bare sections interleaved with prose at two indentations, chunks of @@ lines: each
	 * would rescan the rest of the reply without the scan cache */
	size_t n = 60000, i, len = 0;
	char *t = malloc(n * 40);
	seam_reply *r;
	clock_t c0;
	int rc;

	CHECK(t != NULL);
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(t + len, "%s*** Update File: a%zu.c\nprose\n@@ x\n",
		                       i % 2 ? "  " : "", i % 7);
	c0 = clock();
	r = tr_parse_alone(SEAM_FORMAT_PATCH, t, len, 100000, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK((double)(clock() - c0) / CLOCKS_PER_SEC < 2.0);
	seam_reply_free(r);
	free(t);
}
