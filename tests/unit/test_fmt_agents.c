/*
 * Agents' formats, read into the one edit representation: Cline's and Roo's tool tags,
 * OpenHands' text calls, Zed's <edits>, SWE-agent's edit N:M, and the JSON schemas of the
 * other agents' tools. Each test states the edit a reply must give, and the conventions each
 * agent means (where an insertion goes, what a line hint may decide, what carries the path).
 */
#include "test.h"
#include "seam.h"
#include "lib/ir/edit.h"
#include "lib/read/reply.h"
#include "util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* from test_reply.c */
seam_reply *tr_parse(const char *format, const char *text, int *rc);
const char *tr_files(const seam_reply *r);
const char *tr_edit(const seam_reply *r, size_t file, size_t edit);
const char *tr_errmsg(void);

static char ag_err[4096];

/* Parses with --path / --strip-prefix. */
static seam_reply *ag_parse(const char *format, const char *text, const char *path,
                            const char *strip, int *rc)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;

	o.format = (seam_format_t)seam_format_from_name(format);
	o.path = path;
	o.strip_prefix = strip;
	*rc = seam_session_new(&s, &o);
	if (*rc)
		return NULL;
	*rc = seam_reply_parse(&r, s, text, strlen(text));
	snprintf(ag_err, sizeof(ag_err), "%s", seam_session_errmsg(s));
	seam_session_free(s);
	return r;
}

static const sm_edit *ed(const seam_reply *r, size_t f, size_t e)
{
	return r && f < r->nfiles && e < r->files[f].nedits ? &r->files[f].edits[e] : NULL;
}

/* ---- Cline ---- */

static const char CLINE[] =
	"I'll rename the counter.\n\n"
	"<replace_in_file>\n"
	"<path>src/count.ts</path>\n"
	"<diff>\n"
	"------- SEARCH\n"
	"let n = 0;\n"
	"=======\n"
	"let count = 0;\n"
	"+++++++ REPLACE\n"
	"<<<<<<< SEARCH\n"
	"n += 1;\n"
	"=======\n"
	"count += 1;\n"
	">>>>>>> REPLACE\n"
	"</diff>\n"
	"</replace_in_file>\n";

TEST(agents, cline_replace_in_file_both_marker_styles)
{
	int rc;
	seam_reply *r = tr_parse("auto", CLINE, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_CLINE);
	CHECK_STR(tr_files(r), "src/count.ts update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "-let n = 0;\n+let count = 0;\n");
	CHECK_STR(tr_edit(r, 0, 1), "-n += 1;\n+count += 1;\n");
	CHECK_INT(ed(r, 0, 0)->flags & SM_EDIT_SOFT_HINT, 0);
	seam_reply_free(r);
}

TEST(agents, cline_search_marker_with_angle)
{
	int rc;
	seam_reply *r = tr_parse("cline",
	                         "<replace_in_file>\n<path>a.py</path>\n<diff>\n------- SEARCH>\n"
	                         "x = 1\n=======\nx = 2\n+++++++ REPLACE>\n</diff>\n"
	                         "</replace_in_file>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	seam_reply_free(r);
}

TEST(agents, cline_write_to_file_keeps_content_lines)
{
	int rc;
	/* the content is the lines between the tag lines, blank ones at its ends included; a
	   </content> inside the file does not end it (the last one does) */
	seam_reply *r = tr_parse("auto",
	                         "<write_to_file>\n<path> docs/new.md </path>\n<content>\n"
	                         "# Title\n\nuse </content> in text\n\n</content>\n"
	                         "</write_to_file>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "docs/new.md whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+# Title\n+\n+use </content> in text\n+\n");
	seam_reply_free(r);
}

TEST(agents, cline_write_to_file_fence_taken_off)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<write_to_file>\n<path>b.py</path>\n<content>\n```python\n"
	                         "print(1)\n```\n</content>\n</write_to_file>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "+print(1)\n");
	seam_reply_free(r);
}

TEST(agents, cline_without_path_or_cut_off_is_refused)
{
	int rc;
	seam_reply *r = tr_parse("cline",
	                         "<replace_in_file>\n<diff>\n------- SEARCH\na\n=======\nb\n"
	                         "+++++++ REPLACE\n</diff>\n</replace_in_file>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "without a <path>") != NULL);
	seam_reply_free(r);
	/* cut off: no closing tag of the tool */
	r = tr_parse("cline",
	             "<write_to_file>\n<path>c.py</path>\n<content>\nprint(1)\n", &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "never closed") != NULL);
	seam_reply_free(r);
}

/* ---- Roo / Kilo ---- */

TEST(agents, roo_apply_diff_hints_sorted_soft)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<apply_diff>\n<path>lib/m.py</path>\n<diff>\n"
	                         "<<<<<<< SEARCH\n:start_line:40\n-------\nb = 1\n=======\nb = 2\n"
	                         ">>>>>>> REPLACE\n\n"
	                         "<<<<<<< SEARCH\n:start_line:3\n:end_line:3\n-------\na = 1\n=======\n"
	                         "a = 2\n>>>>>>> REPLACE\n"
	                         "</diff>\n</apply_diff>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_ROO);
	/* Roo applies the blocks of a diff sorted by their hints */
	CHECK_STR(tr_edit(r, 0, 0), "-a = 1\n+a = 2\n");
	CHECK_INT(ed(r, 0, 0)->hint_start, 3);
	CHECK_INT(ed(r, 0, 1)->hint_start, 40);
	CHECK(ed(r, 0, 0)->flags & SM_EDIT_SOFT_HINT);
	seam_reply_free(r);
}

/* Roo's multi-file form: several <file>, several <diff> per file, blocks in <content> (in a
 * CDATA section or not); a <diff>'s <start_line> is the hint of its blocks that carry none */
TEST(agents, roo_apply_diff_multi_file_args)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<apply_diff>\n<args>\n<file>\n  <path>m.py</path>\n  <diff>\n"
	                         "    <content><![CDATA[\n<<<<<<< SEARCH\n    return 2\n=======\n"
	                         "    return 20\n>>>>>>> REPLACE\n]]></content>\n"
	                         "    <start_line>6</start_line>\n  </diff>\n  <diff>\n"
	                         "    <content>\n<<<<<<< SEARCH\n:start_line:2\n-------\n    return 1\n"
	                         "=======\n    return 10\n>>>>>>> REPLACE\n</content>\n  </diff>\n"
	                         "</file>\n<file>\n  <path>n.py</path>\n  <diff>\n"
	                         "    <content><![CDATA[<<<<<<< SEARCH\ny = 2\n=======\ny = 3\n"
	                         ">>>>>>> REPLACE]]></content>\n  </diff>\n</file>\n"
	                         "</args>\n</apply_diff>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_ROO);
	CHECK_STR(tr_files(r), "m.py update 2\nn.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-    return 2\n+    return 20\n");
	CHECK_INT(ed(r, 0, 0)->hint_start, 6);
	CHECK(ed(r, 0, 0)->flags & SM_EDIT_SOFT_HINT);
	CHECK_STR(tr_edit(r, 0, 1), "-    return 1\n+    return 10\n");
	CHECK_INT(ed(r, 0, 1)->hint_start, 2);
	CHECK_STR(tr_edit(r, 1, 0), "-y = 2\n+y = 3\n");
	CHECK_INT(ed(r, 1, 0)->hint_start, 0);
	seam_reply_free(r);
	/* a <file> without a path, a <diff> never closed, a <diff> without content: skipped,
	   nothing taken for another file's */
	r = tr_parse("roo",
	             "<apply_diff>\n<args>\n<file>\n<diff>\n<content>\n<<<<<<< SEARCH\na\n=======\nb\n"
	             ">>>>>>> REPLACE\n</content>\n</diff>\n</file>\n<file>\n<path>q.txt</path>\n"
	             "<diff>\n<start_line>3</start_line>\n</diff>\n<diff>\n<content>\n"
	             "<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n</content>\n</file>\n"
	             "</args>\n</apply_diff>\n",
	             &rc);
	CHECK(rc != SEAM_OK || r->nfiles == 0 || r->files[0].nedits == 0);
	seam_reply_free(r);
}

/* Roo's multi-file form with a tag and what follows it on one line ("<file><path>...",
 * "<diff><content><![CDATA[..."), as its own prompt shows it: read as if on lines of their own;
 * a <path> left on the <file> line still names no other file's diff */
TEST(agents, roo_apply_diff_multi_file_tags_on_one_line)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<apply_diff>\n<args>\n<file><path>m.py</path>\n"
	                         "  <diff><content><![CDATA[\n<<<<<<< SEARCH\n    return 2\n=======\n"
	                         "    return 20\n>>>>>>> REPLACE\n]]></content>\n"
	                         "    <start_line>6</start_line>\n  </diff>\n</file>\n"
	                         "<file>  <path>n.py</path>\n<diff>\n<content>\n<<<<<<< SEARCH\n"
	                         "y = 2\n=======\ny = 3\n>>>>>>> REPLACE\n</content>\n</diff>\n"
	                         "</file>\n</args>\n</apply_diff>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_ROO);
	CHECK_STR(tr_files(r), "m.py update 1\nn.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-    return 2\n+    return 20\n");
	CHECK_INT(ed(r, 0, 0)->hint_start, 6);
	CHECK_STR(tr_edit(r, 1, 0), "-y = 2\n+y = 3\n");
	seam_reply_free(r);
	/* the tag alone on its line, and the <file> line with only blanks after it: as before */
	r = tr_parse("roo",
	             "<apply_diff>\n<args>\n<file>   \n<diff><content>\n<<<<<<< SEARCH\na\n=======\n"
	             "b\n>>>>>>> REPLACE\n</content>\n</diff>\n</file>\n</args>\n</apply_diff>\n",
	             &rc);
	CHECK(rc != SEAM_OK || r->nfiles == 0 || r->files[0].nedits == 0);
	seam_reply_free(r);
}

/* HTML entities in a <diff> or <content>: decoded as Cline and Roo decode them, only when the
 * value shows it was escaped (an "&lt;" or "&gt;", and no raw angle bracket but the block
 * markers'); never in Cline's .xml files, nor in OpenHands' parameters */
TEST(agents, xml_tool_entities_decoded_when_escaped)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<replace_in_file>\n<path>f.js</path>\n<diff>\n------- SEARCH\n"
	                         "if (a &lt; b &amp;&amp; c &gt; d) {\n  s = &quot;x&quot;;\n"
	                         "=======\nif (a &lt;= b) {\n  s = &apos;y&#39; + &amp;lt;;\n"
	                         "+++++++ REPLACE\n</diff>\n</replace_in_file>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-if (a < b && c > d) {\n-  s = \"x\";\n"
	                            "+if (a <= b) {\n+  s = 'y' + &lt;;\n");
	seam_reply_free(r);
	/* Roo: the markers escaped too */
	r = tr_parse("auto",
	             "<apply_diff>\n<path>m.ts</path>\n<diff>\n&lt;&lt;&lt;&lt;&lt;&lt;&lt; SEARCH\n"
	             "let v: Array&lt;number&gt; = [];\n=======\nlet v: Set&lt;number&gt; = new Set();\n"
	             "&gt;&gt;&gt;&gt;&gt;&gt;&gt; REPLACE\n</diff>\n</apply_diff>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-let v: Array<number> = [];\n+let v: Set<number> = new Set();\n");
	seam_reply_free(r);
	/* a raw '<' beside the entity: the entity is the code's */
	r = tr_parse("auto",
	             "<apply_diff>\n<path>n.java</path>\n<diff>\n<<<<<<< SEARCH\n"
	             "/** a name like \"x<y\" */\n=======\n/** a name like \"x&lt;y\" */\n"
	             ">>>>>>> REPLACE\n</diff>\n</apply_diff>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-/** a name like \"x<y\" */\n+/** a name like \"x&lt;y\" */\n");
	seam_reply_free(r);
	/* only "&amp;": nothing says it was escaped */
	r = tr_parse("auto",
	             "<write_to_file>\n<path>a.html</path>\n<content>\nTom &amp; Jerry\n</content>\n"
	             "</write_to_file>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "+Tom &amp; Jerry\n");
	seam_reply_free(r);
	/* Cline leaves .xml as written */
	r = tr_parse("auto",
	             "<write_to_file>\n<path>conf/a.XML</path>\n<content>\n&lt;a/&gt;\n</content>\n"
	             "</write_to_file>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "+&lt;a/&gt;\n");
	seam_reply_free(r);
	/* OpenHands' text calls keep their bytes */
	r = tr_parse("auto",
	             "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	             "<parameter=path>a.py</parameter>\n<parameter=old_str>s = \"&lt;\"</parameter>\n"
	             "<parameter=new_str>s = \"&gt;\"</parameter>\n</function>\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_edit(r, 0, 0), "-s = \"&lt;\"\n+s = \"&gt;\"\n");
	seam_reply_free(r);
}

TEST(agents, roo_escaped_markers_and_view_prefixes)
{
	int rc;
	seam_reply *r = tr_parse("roo",
	                         "<apply_diff>\n<path>notes.txt</path>\n<diff>\n"
	                         "<<<<<<< SEARCH\n-------\n\\=======\n\\<<<<<<< SEARCH\ntext\n"
	                         "=======\n\\-------\ntext\n>>>>>>> REPLACE\n\n"
	                         "<<<<<<< SEARCH\n 12 | def f():\n 13 |     return 1\n=======\n"
	                         "def f():\n    return 2\n>>>>>>> REPLACE\n\n"
	                         "<<<<<<< SEARCH\n:start_line:7\n-------\n1 | a table\nplain line\n"
	                         "=======\n1 | a table\n>>>>>>> REPLACE\n"
	                         "</diff>\n</apply_diff>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "notes.txt update 3\n");
	/* sorted by hint: none (0), 7, then the one whose prefixes said 12 */
	CHECK_STR(tr_edit(r, 0, 0), "-=======\n-<<<<<<< SEARCH\n-text\n+-------\n+text\n");
	/* a prefix is the view's only when every line of the side has it */
	CHECK_STR(tr_edit(r, 0, 1), "-1 | a table\n-plain line\n+1 | a table\n");
	CHECK_STR(tr_edit(r, 0, 2), "-def f():\n-    return 1\n+def f():\n+    return 2\n");
	CHECK_INT(ed(r, 0, 2)->hint_start, 12);
	seam_reply_free(r);
}

TEST(agents, roo_insert_content_before_line_zero_appends)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<insert_content>\n<path>a.py</path>\n<line>5</line>\n<content>\n"
	                         "import re\n</content>\n</insert_content>\n"
	                         "<insert_content>\n<path>b.py</path>\n<line>0</line>\n<content>\n"
	                         "# end\n</content>\n</insert_content>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\nb.py update 1\n");
	/* before line 5 = after line 4 */
	CHECK_INT(ed(r, 0, 0)->kind, SM_KIND_INSERT);
	CHECK_INT(ed(r, 0, 0)->hint_start, 4);
	/* 0: at the end (an edit with no old side appends) */
	CHECK(ed(r, 1, 0)->kind != SM_KIND_INSERT);
	CHECK_STR(tr_edit(r, 1, 0), "+# end\n");
	seam_reply_free(r);
}

/* ---- OpenHands / Qwen3-Coder text calls ---- */

TEST(agents, textcall_values_keep_their_bytes)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<function=str_replace_editor>\n"
	                         "<parameter=command>str_replace</parameter>\n"
	                         "<parameter=path>src/a.py</parameter>\n"
	                         "<parameter=old_str>\n    x = 1\n</parameter>\n"
	                         "<parameter=new_str>    x = 2\n\n</parameter>\n"
	                         "</function>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_TEXTCALL);
	CHECK_STR(tr_files(r), "src/a.py update 1\n");
	/* one newline after the opening tag and one before the closing tag are the tags';
	   indentation stays; a blank line left before the closing tag is a line */
	CHECK_STR(tr_edit(r, 0, 0), "-    x = 1\n+    x = 2\n+\n");
	seam_reply_free(r);
}

TEST(agents, textcall_in_tool_call_insert_and_create)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "<tool_call>\n<function=str_replace_editor>\n"
	                         "<parameter=command>insert</parameter>\n"
	                         "<parameter=path>a.py</parameter>\n"
	                         "<parameter=insert_line>2</parameter>\n"
	                         "<parameter=new_str>\ny = 0\n</parameter>\n"
	                         "</function>\n</tool_call>\n"
	                         "<tool_call><function=str_replace_editor><parameter=command>create"
	                         "</parameter><parameter=path>n.txt</parameter><parameter=file_text>"
	                         "hi</parameter></function></tool_call>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\nn.txt whole 1\n");
	/* OpenHands inserts after insert_line (0 = the top) */
	CHECK_INT(ed(r, 0, 0)->kind, SM_KIND_INSERT);
	CHECK_INT(ed(r, 0, 0)->hint_start, 2);
	CHECK_STR(tr_edit(r, 1, 0), "+hi\n");
	seam_reply_free(r);
}

TEST(agents, textcall_closing_tag_ends_value_and_cut_off_call_skipped)
{
	int rc;
	/* the first </parameter> ends a value; a call never closed is no edit */
	seam_reply *r = tr_parse("textcall",
	                         "<function=str_replace_editor>\n"
	                         "<parameter=command>str_replace</parameter>\n"
	                         "<parameter=path>a.py</parameter>\n"
	                         "<parameter=old_str>\na\n</parameter>\n"
	                         "<parameter=new_str>\nb\n",
	                         &rc);

	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "never closed") != NULL);
	seam_reply_free(r);
	r = tr_parse("textcall",
	             "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	             "<parameter=path>a.py</parameter>\n<parameter=path>b.py</parameter>\n"
	             "<parameter=old_str>a</parameter>\n</function>\n",
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "twice") != NULL);
	seam_reply_free(r);
}

TEST(agents, textcall_other_tools_are_not_edits)
{
	int rc;
	seam_reply *r = tr_parse("textcall",
	                         "<function=execute_bash>\n<parameter=command>ls</parameter>\n"
	                         "</function>\n",
	                         &rc);

	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(tr_errmsg(), "no edit call") != NULL);
	seam_reply_free(r);
}

/* ---- paths from outside the edit ---- */

static const char WORKSPACE_CALL[] =
	"<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n"
	"<parameter=path>/workspace/src/a.py</parameter>\n"
	"<parameter=old_str>a</parameter>\n<parameter=new_str>b</parameter>\n</function>\n";

TEST(agents, strip_prefix_maps_workspace_paths_only_when_asked)
{
	int rc;
	seam_reply *r = ag_parse("auto", WORKSPACE_CALL, NULL, NULL, &rc);

	CHECK_INT(rc, SEAM_OK);
	/* kept absolute: the tree refuses it */
	CHECK_STR(tr_files(r), "/workspace/src/a.py update 1\n");
	seam_reply_free(r);
	r = ag_parse("auto", WORKSPACE_CALL, NULL, "/workspace/", &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "src/a.py update 1\n");
	seam_reply_free(r);
	/* a directory whose name starts like the prefix is not under it */
	r = ag_parse("auto", WORKSPACE_CALL, NULL, "/work", &rc);
	CHECK_STR(tr_files(r), "/workspace/src/a.py update 1\n");
	seam_reply_free(r);
}

TEST(agents, zed_edits_need_path)
{
	int rc;
	const char *reply = "<edits>\n<old_text line=3>\nx = 1\n</old_text>\n<new_text>\nx = 2\n"
	                    "</new_text>\n<old_text>\ny = 1\n</old_text>\n<new_text>\n</new_text>\n"
	                    "</edits>\n";
	seam_reply *r = ag_parse("auto", reply, NULL, NULL, &rc);

	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(ag_err, "--path") != NULL);
	seam_reply_free(r);
	r = ag_parse("auto", reply, "pkg/m.py", NULL, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_EDITS);
	CHECK_STR(tr_files(r), "pkg/m.py update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "-x = 1\n+x = 2\n");
	CHECK_STR(tr_edit(r, 0, 1), "-y = 1\n");
	CHECK_INT(ed(r, 0, 0)->hint_start, 3);
	CHECK(ed(r, 0, 0)->flags & SM_EDIT_SOFT_HINT);
	seam_reply_free(r);
}

TEST(agents, sweagent_edit_range)
{
	int rc;
	seam_reply *r = ag_parse("auto", "edit 4:6\n    return 0\nend_of_edit\n", "m.py", NULL, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_SWEAGENT);
	CHECK_INT(ed(r, 0, 0)->kind, SM_KIND_LINES);
	CHECK_INT(ed(r, 0, 0)->hint_start, 4);
	CHECK_INT(ed(r, 0, 0)->hint_len, 3);
	CHECK_STR(tr_edit(r, 0, 0), "+    return 0\n");
	seam_reply_free(r);
	/* N:N-1 inserts before N */
	r = ag_parse("auto", "edit 4:3\nimport os\nend_of_edit\n", "m.py", NULL, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(ed(r, 0, 0)->hint_len, 0);
	seam_reply_free(r);
	/* without --path, or with two commands numbered against different files: refused */
	r = ag_parse("auto", "edit 4:6\nx\nend_of_edit\n", NULL, NULL, &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	seam_reply_free(r);
	r = ag_parse("auto", "edit 1:1\nx\nend_of_edit\nedit 5:5\ny\nend_of_edit\n", "m.py", NULL,
	             &rc);
	CHECK_INT(rc, SEAM_EPARSE);
	CHECK(strstr(ag_err, "one per reply") != NULL);
	seam_reply_free(r);
}

TEST(agents, search_block_without_name_takes_path_option)
{
	int rc;
	seam_reply *r = ag_parse("auto", "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", "x.txt",
	                         NULL, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "x.txt update 1\n");
	seam_reply_free(r);
}

/* Zed's diff-fenced edits: the head marker carries the line hint ("SEARCH line=N", the number
 * bare or quoted), soft as <old_text line=N>; anything else after SEARCH is no marker */
TEST(agents, zed_search_marker_line_hint)
{
	int rc;
	seam_reply *r = ag_parse("auto",
	                         "<<<<<<< SEARCH line=12\na\n=======\nb\n>>>>>>> REPLACE\n"
	                         "<<<<<<< SEARCH line=\"30\"\nc\n=======\nd\n>>>>>>> REPLACE\n",
	                         "x.txt", NULL, &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "x.txt update 2\n");
	CHECK_STR(tr_edit(r, 0, 0), "-a\n+b\n");
	CHECK_INT(ed(r, 0, 0)->hint_start, 12);
	CHECK(ed(r, 0, 0)->flags & SM_EDIT_SOFT_HINT);
	CHECK_INT(ed(r, 0, 1)->hint_start, 30);
	seam_reply_free(r);
	r = ag_parse("auto", "<<<<<<< SEARCH line=x\na\n=======\nb\n>>>>>>> REPLACE\n", "x.txt",
	             NULL, &rc);
	CHECK(rc != SEAM_OK || !ed(r, 0, 0) || ed(r, 0, 0)->hint_start == 0);
	seam_reply_free(r);
	r = ag_parse("auto", "<<<<<<< SEARCH\tline=7 \na\n=======\nb\n>>>>>>> REPLACE\n", "x.txt",
	             NULL, &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(ed(r, 0, 0)->hint_start, 7);
	seam_reply_free(r);
}

/* ---- JSON schemas ---- */

TEST(agents, json_zed_edit_file_list_and_string)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "{\"name\": \"edit_file\", \"arguments\": {\"path\": \"a.rs\", "
	                         "\"edits\": [{\"old_text\": \"a\", \"new_text\": \"b\"}, "
	                         "{\"old_text\": \"b\", \"new_text\": \"c\"}]}}\n"
	                         "{\"path\": \"b.rs\", \"edits\": \"[{\\\"old_text\\\": \\\"x\\\", "
	                         "\\\"new_text\\\": \\\"y\\\"}]\"}\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.rs update 2\nb.rs update 1\n");
	CHECK_STR(tr_edit(r, 0, 1), "-b\n+c\n");
	CHECK_STR(tr_edit(r, 1, 0), "-x\n+y\n");
	seam_reply_free(r);
}

TEST(agents, json_copilot_tools)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "{\"name\": \"replace_string_in_file\", \"input\": {\"filePath\": "
	                         "\"a.ts\", \"oldString\": \"x\", \"newString\": \"y\"}}\n"
	                         "{\"name\": \"multi_replace_string_in_file\", \"input\": "
	                         "{\"explanation\": \"e\", \"replacements\": [{\"filePath\": \"a.ts\", "
	                         "\"oldString\": \"p\", \"newString\": \"q\"}, {\"filePath\": \"b.ts\", "
	                         "\"oldString\": \"r\", \"newString\": \"s\"}]}}\n"
	                         "{\"name\": \"insert_edit_into_file\", \"input\": {\"filePath\": "
	                         "\"c.ts\", \"code\": \"// ...existing code...\\nz\"}}\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.ts update 2\nb.ts update 1\n");
	CHECK_INT(ed(r, 0, 0)->flags & SM_EDIT_ORIGINAL, 0);
	CHECK(ed(r, 0, 1)->flags & SM_EDIT_ORIGINAL);
	/* a lazy snippet is left to a snippet merge, with a note */
	CHECK(strstr(r->notes.ptr, "existing code") != NULL);
	seam_reply_free(r);
}

TEST(agents, json_cline_editor_inserts_before)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "{\"name\": \"editor\", \"arguments\": {\"path\": \"a.py\", "
	                         "\"new_text\": \"import os\\n\", \"insert_line\": 1}}\n"
	                         "{\"name\": \"editor\", \"arguments\": {\"path\": \"n.py\", "
	                         "\"new_text\": \"x = 1\\n\"}}\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\nn.py create 1\n");
	/* before line 1 = after line 0 */
	CHECK_INT(ed(r, 0, 0)->kind, SM_KIND_INSERT);
	CHECK_INT(ed(r, 0, 0)->hint_start, 0);
	seam_reply_free(r);
}

TEST(agents, json_gemini_replace_counts)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "{\"name\": \"replace\", \"args\": {\"file_path\": \"a.go\", "
	                         "\"instruction\": \"i\", \"old_string\": \"a\", \"new_string\": \"b\", "
	                         "\"expected_replacements\": 3}}\n"
	                         "{\"name\": \"replace\", \"args\": {\"file_path\": \"b.go\", "
	                         "\"instruction\": \"i\", \"old_string\": \"a\", \"new_string\": \"b\", "
	                         "\"allow_multiple\": true}}\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(ed(r, 0, 0)->flags & (SM_EDIT_REPLACE_ALL | SM_EDIT_COUNTED),
	          SM_EDIT_REPLACE_ALL | SM_EDIT_COUNTED);
	CHECK_INT(ed(r, 0, 0)->hint_len, 3);
	CHECK_INT(ed(r, 1, 0)->flags & (SM_EDIT_REPLACE_ALL | SM_EDIT_COUNTED),
	          SM_EDIT_REPLACE_ALL);
	seam_reply_free(r);
}

TEST(agents, json_apply_patch_call_and_native_blocks)
{
	int rc;
	seam_reply *r = tr_parse("auto",
	                         "{\"type\": \"apply_patch_call\", \"call_id\": \"c\", \"operation\": "
	                         "{\"type\": \"update_file\", \"path\": \"a.py\", \"diff\": "
	                         "\"@@\\n def f():\\n-    return 1\\n+    return 2\\n\"}}\n"
	                         "{\"type\": \"apply_patch_call\", \"operation\": {\"type\": "
	                         "\"create_file\", \"path\": \"n.py\", \"diff\": \"+x = 1\\n\"}}\n"
	                         "{\"type\": \"apply_patch_call\", \"operation\": {\"type\": "
	                         "\"delete_file\", \"path\": \"old.py\"}}\n"
	                         "{\"name\": \"apply_diff\", \"arguments\": {\"path\": \"k.py\", "
	                         "\"diffs\": [{\"startLine\": 9, \"originalContent\": \"u\", "
	                         "\"replacement\": \"v\"}]}}\n",
	                         &rc);

	CHECK_INT(rc, SEAM_OK);
	CHECK_STR(tr_files(r), "a.py update 1\nn.py create 1\nold.py delete 0\nk.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), " def f():\n-    return 1\n+    return 2\n");
	CHECK_STR(tr_edit(r, 1, 0), "+x = 1\n");
	CHECK_INT(ed(r, 3, 0)->hint_start, 9);
	seam_reply_free(r);
}

TEST(agents, format_names)
{
	CHECK_INT(seam_format_from_name("cline"), SEAM_FORMAT_CLINE);
	CHECK_INT(seam_format_from_name("kilo"), SEAM_FORMAT_ROO);
	CHECK_INT(seam_format_from_name("OpenHands"), SEAM_FORMAT_TEXTCALL);
	CHECK_INT(seam_format_from_name("zed"), SEAM_FORMAT_EDITS);
	CHECK_INT(seam_format_from_name("swe-agent"), SEAM_FORMAT_SWEAGENT);
	CHECK_STR(seam_format_name(SEAM_FORMAT_TEXTCALL), "textcall");
	CHECK_STR(seam_format_name(SEAM_FORMAT_ROO), "roo");
}
