/* JSON tool calls: each call shape, wrappers, escapes, broken and hostile JSON. */
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
seam_reply *tr_parse_alone(seam_format_t f, const char *text, size_t len, size_t max_edits,
                           int *rc);

int sm_toolcall_sniff(const sm_lines *ls);

static seam_reply *tc_parse(const char *text, int *rc)
{
	return tr_parse_alone(SEAM_FORMAT_TOOLCALL, text, strlen(text), 100000, rc);
}

static int sniff(const char *text)
{
	sm_lines ls;
	int s;

	if (sm_lines_split(&ls, text, strlen(text)))
		return -1;
	s = sm_toolcall_sniff(&ls);
	sm_lines_free(&ls);
	return s;
}

static const char *notes(const seam_reply *r)
{
	return r && r->notes.ptr ? r->notes.ptr : "";
}

TEST(toolcall, str_replace)
{
	int rc;
	seam_reply *r = tc_parse("I'll fix it.\n\n{\"command\": \"str_replace\", \"path\": \"src/a.py\", "
	                         "\"old_str\": \"def f():\\n    return 1\\n\", "
	                         "\"new_str\": \"def f():\\n    return 2\\n\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "src/a.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "-def f():\n-    return 1\n+def f():\n+    return 2\n");
	CHECK_INT(r->files[0].edits[0].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_OLD_ONLY);
	CHECK_INT(r->files[0].edits[0].reply_line, 3);
	CHECK_INT(r->files[0].reply_line, 3);
	CHECK_STR(notes(r), "");
	/* the lines point at decoded text the reply keeps, not into the escaped reply */
	CHECK(r->nkept >= 2);
	seam_reply_free(r);
}

TEST(toolcall, str_replace_without_new_str_deletes)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"str_replace\",\"path\":\"a.c\",\"old_str\":\"x;\\n\"}",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_edit(r, 0, 0), "-x;\n");
	seam_reply_free(r);
}

TEST(toolcall, insert)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"insert\",\"path\":\"a.py\",\"insert_line\":3,"
	                         "\"new_str\":\"import os\\nimport re\\n\"}\n"
	                         "{\"command\":\"insert\",\"path\":\"b.py\",\"insert_line\":\"0\","
	                         "\"insert_text\":\"# top\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "a.py update 1\nb.py update 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+import os\n+import re\n");
	CHECK_INT(r->files[0].edits[0].kind, SM_KIND_INSERT);
	CHECK_INT(r->files[0].edits[0].flags, 0);
	CHECK_INT(r->files[0].edits[0].hint_start, 3);
	CHECK_STR(tr_edit(r, 1, 0), "+# top\n");
	CHECK_INT(r->files[1].edits[0].hint_start, 0);
	CHECK_INT(r->files[1].edits[0].reply_line, 2);
	seam_reply_free(r);
}

TEST(toolcall, create_and_write)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"create\",\"path\":\"new/m.py\","
	                         "\"file_text\":\"a\\n\\nb\\n\"}\n"
	                         "{\"file_path\":\"w.txt\",\"content\":\"\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "new/m.py whole 1\nw.txt whole 1\n");
	CHECK_STR(tr_edit(r, 0, 0), "+a\n+\n+b\n");
	CHECK_INT(r->files[1].edits[0].nlines, 0);
	seam_reply_free(r);
}

TEST(toolcall, old_string_new_string_and_replace_all)
{
	int rc;
	seam_reply *r = tc_parse("{\"file_path\":\"x.go\",\"old_string\":\"a\",\"new_string\":\"b\","
	                         "\"replace_all\":true}\n"
	                         "{\"path\":\"y.go\",\"old_string\":\"c\",\"new_string\":\"d\","
	                         "\"replace_all\":false}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "x.go update 1\ny.go update 1\n");
	CHECK_INT(r->files[0].edits[0].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[0].edits[0].flags, SM_EDIT_OLD_ONLY | SM_EDIT_REPLACE_ALL);
	CHECK_INT(r->files[1].edits[0].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[1].edits[0].flags, SM_EDIT_OLD_ONLY);
	CHECK_STR(tr_edit(r, 1, 0), "-c\n+d\n");
	seam_reply_free(r);
}

TEST(toolcall, multiedit)
{
	int rc;
	seam_reply *r = tc_parse("{\"file_path\":\"m.rs\",\"edits\":[{\"old_string\":\"a\","
	                         "\"new_string\":\"b\"},7,{\"old_string\":\"c\",\"new_string\":\"d\","
	                         "\"replace_all\":true}]}",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "m.rs update 2\n");
	CHECK_STR(tr_edit(r, 0, 1), "-c\n+d\n");
	CHECK_INT(r->files[0].edits[1].kind, SM_KIND_BLOCK);
	CHECK_INT(r->files[0].edits[1].flags, SM_EDIT_OLD_ONLY | SM_EDIT_REPLACE_ALL);
	CHECK(strstr(notes(r), "edit 2 of the MultiEdit call for m.rs is not an object"));
	seam_reply_free(r);
}

TEST(toolcall, array_gives_each_call_its_line)
{
	int rc;
	seam_reply *r = tc_parse("Two edits:\n```json\n[\n  {\"command\": \"str_replace\",\n"
	                         "   \"path\": \"a.js\", \"old_str\": \"1\", \"new_str\": \"2\"},\n"
	                         "  {\"command\": \"str_replace\",\n   \"path\": \"a.js\",\n"
	                         "   \"old_str\": \"3\", \"new_str\": \"4\"}\n]\n```\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "a.js update 2\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 4);
	CHECK_INT(r->files[0].edits[1].reply_line, 6);
	CHECK_STR(tr_edit(r, 0, 1), "-3\n+4\n");
	seam_reply_free(r);
}

TEST(toolcall, fenced_values_one_after_another)
{
	int rc;
	seam_reply *r = tc_parse("```json\n{\"command\":\"create\",\"path\":\"a.md\",\"file_text\":"
	                         "\"# A\\n\"}\n{\"command\":\"create\",\"path\":\"b.md\",\"file_text\":"
	                         "\"# B\\n\"}{\"command\":\"create\",\"path\":\"c.md\",\"file_text\":"
	                         "\"# C\\n\"}\n```\nand\n```\n{\"file_path\":\"d.md\","
	                         "\"old_string\":\"x\",\"new_string\":\"y\"}\n```\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "a.md whole 1\nb.md whole 1\nc.md whole 1\nd.md update 1\n");
	CHECK_INT(r->files[2].edits[0].reply_line, 3);
	CHECK_INT(r->files[3].edits[0].reply_line, 7);
	seam_reply_free(r);
}

/* Every envelope row (fmt_toolcall.c) carries a tool's name to arguments that need it: a
 * patch string under "input" is apply_patch's only when a name says so. */
TEST(toolcall, envelope_rows)
{
#define PATCH_ARGS "{\"input\":\"*** Begin Patch\\n*** Update File: w.py\\n@@\\n-o\\n+n\\n" \
		   "*** End Patch\"}"
	static const char *const replies[] = {
	    "{\"name\":\"apply_patch\",\"arguments\":" PATCH_ARGS "}",
	    "{\"type\":\"function\",\"function\":{\"name\":\"apply_patch\",\"arguments\":" PATCH_ARGS
	    "}}",
	    "{\"type\":\"tool_use\",\"name\":\"apply_patch\",\"input\":" PATCH_ARGS "}",
	    "{\"functionCall\":{\"name\":\"apply_patch\",\"args\":" PATCH_ARGS "}}",
	    "{\"tool\":\"apply_patch\",\"parameters\":" PATCH_ARGS "}",
	    "{\"tool_name\":\"apply_patch\",\"call\":" PATCH_ARGS "}",
	};
#undef PATCH_ARGS
	size_t i;
	int rc;

	for (i = 0; i < sizeof(replies) / sizeof(replies[0]); i++) {
		seam_reply *r = tc_parse(replies[i], &rc);
		if (rc || strcmp(tr_files(r), "w.py update 1\n"))
			printf("  envelope %zu: %d %s / %s\n", i, rc, r ? tr_files(r) : "", r ? notes(r) : "");
		CHECK_INT(rc, 0);
		CHECK_STR(tr_files(r), "w.py update 1\n");
		CHECK_STR(tr_edit(r, 0, 0), "-o\n+n\n");
		seam_reply_free(r);
	}
}

TEST(toolcall, wrappers)
{
	static const char *const replies[] = {
	    "{\"name\":\"str_replace_editor\",\"arguments\":{\"command\":\"str_replace\","
	    "\"path\":\"w.py\",\"old_str\":\"o\",\"new_str\":\"n\"}}",
	    "{\"tool\":\"str_replace_based_edit_tool\",\"input\":{\"command\":\"str_replace\","
	    "\"path\":\"w.py\",\"old_str\":\"o\",\"new_str\":\"n\"}}",
	    "{\"name\":\"str_replace_editor\",\"arguments\":\"{\\\"command\\\":\\\"str_replace\\\","
	    "\\\"path\\\":\\\"w.py\\\",\\\"old_str\\\":\\\"o\\\",\\\"new_str\\\":\\\"n\\\"}\"}",
	    /* OpenAI chat completion message */
	    "{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
	    "\"function\":{\"name\":\"edit\",\"arguments\":\"{\\\"file_path\\\":\\\"w.py\\\","
	    "\\\"old_string\\\":\\\"o\\\",\\\"new_string\\\":\\\"n\\\"}\"}}]}",
	    /* Anthropic content blocks */
	    "[{\"type\":\"text\",\"text\":\"Fixing {it}.\"},{\"type\":\"tool_use\",\"id\":\"t1\","
	    "\"name\":\"str_replace_based_edit_tool\",\"input\":{\"command\":\"str_replace\","
	    "\"path\":\"w.py\",\"old_str\":\"o\",\"new_str\":\"n\"}}]",
	    /* a string encoded twice */
	    "{\"arguments\":\"{\\\"arguments\\\":\\\"{\\\\\\\"path\\\\\\\":\\\\\\\"w.py\\\\\\\","
	    "\\\\\\\"old_str\\\\\\\":\\\\\\\"o\\\\\\\",\\\\\\\"new_str\\\\\\\":\\\\\\\"n\\\\\\\"}\\\"}\"}",
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(replies) / sizeof(replies[0]); i++) {
		seam_reply *r = tc_parse(replies[i], &rc);
		CHECK_INT(rc, 0);
		CHECK(sniff(replies[i]) == 1);
		if (strcmp(tr_edit(r, 0, 0), "-o\n+n\n"))
			printf("  wrapper %zu: %s / %s\n", i, tr_files(r), notes(r));
		CHECK_STR(tr_files(r), "w.py update 1\n");
		CHECK_STR(tr_edit(r, 0, 0), "-o\n+n\n");
		CHECK_STR(notes(r), "");
		seam_reply_free(r);
	}
}

TEST(toolcall, escapes)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"str_replace\",\"path\":\"e.txt\","
	                         "\"old_str\":\"tab\\there \\\"q\\\" back\\\\slash\\r\\nnext\","
	                         "\"new_str\":\"caf\\u00e9 \\ud83d\\ude00 \\/ \\b\\f\\n\\n\"}",
	                         &rc);

	CHECK_INT(rc, 0);
	/* the new text ends with a line end the old text lacks: the old text's own line end,
	   still in the file, ends one more blank line (SM_EDIT_JOINS_NEXT's converse) */
	CHECK_STR(tr_edit(r, 0, 0), "-tab\there \"q\" back\\slash\n-next\n"
	                            "+caf\xc3\xa9 \xf0\x9f\x98\x80 / \b\f\n+\n+\n");
	seam_reply_free(r);
}

/* The tools replace text: a line end one side has and the other lacks is the edit's. */
TEST(toolcall, sides_ending_differently)
{
	int rc;
	seam_reply *r = tc_parse("{\"path\":\"a.txt\",\"old_str\":\"one\\ntwo\\n\","
	                         "\"new_str\":\"one\\n2\"}\n"
	                         "{\"path\":\"a.txt\",\"old_str\":\"one\\ntwo\","
	                         "\"new_str\":\"one\\n2\\n\"}\n"
	                         "{\"path\":\"a.txt\",\"old_str\":\"one\\n\",\"new_str\":\"1\\n\"}\n"
	                         "{\"path\":\"a.txt\",\"old_str\":\"one\\n\",\"new_str\":\"\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "a.txt update 4\n");
	/* the old text's line end goes: the line after joins (the planner deletes it if blank) */
	CHECK_STR(tr_edit(r, 0, 0), "-one\n-two\n+one\n+2\n");
	CHECK(r->files[0].edits[0].flags & SM_EDIT_JOINS_NEXT);
	/* a line end written: the old text's own, still in the file, ends a blank line */
	CHECK_STR(tr_edit(r, 0, 1), "-one\n-two\n+one\n+2\n+\n");
	CHECK(!(r->files[0].edits[1].flags & SM_EDIT_JOINS_NEXT));
	/* alike, and a deletion: lines as written */
	CHECK_STR(tr_edit(r, 0, 2), "-one\n+1\n");
	CHECK_INT(r->files[0].edits[2].flags, SM_EDIT_OLD_ONLY);
	CHECK_STR(tr_edit(r, 0, 3), "-one\n");
	CHECK_INT(r->files[0].edits[3].flags, SM_EDIT_OLD_ONLY);
	seam_reply_free(r);
}

TEST(toolcall, paths_cleaned_not_judged)
{
	int rc;
	seam_reply *r = tc_parse("{\"path\":\".\\\\src\\\\a b.c\",\"old_str\":\"x\",\"new_str\":\"y\"}\n"
	                         "{\"path\":\"/repo//lib/x.c\",\"old_str\":\"x\",\"new_str\":\"y\"}\n"
	                         "{\"path\":\"a\\u0000b.c\",\"old_str\":\"x\",\"new_str\":\"y\"}\n"
	                         "{\"path\":\"dir/\",\"old_str\":\"x\",\"new_str\":\"y\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	/* absolute and ".." paths are the tree's to refuse, with its own message */
	CHECK_STR(tr_files(r), "src/a b.c update 1\n/repo/lib/x.c update 1\n");
	CHECK(strstr(notes(r), "line 3: str_replace call with an unusable path \"a?b.c\""));
	CHECK(strstr(notes(r), "line 4: str_replace call with an unusable path \"dir/\""));
	seam_reply_free(r);
}

TEST(toolcall, view_and_unknown_commands_noted)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"view\",\"path\":\"a.py\"}\n"
	                         "{\"command\":\"undo_edit\",\"path\":\"a.py\"}\n"
	                         "{\"command\":\"ls -la\"}\n"
	                         "{\"command\":\"create\",\"path\":\"k.py\",\"file_text\":\"k\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "k.py whole 1\n");
	CHECK(strstr(notes(r), "line 1: \"command\": \"view\" is not an edit, skipped"));
	CHECK(strstr(notes(r), "line 2: \"command\": \"undo_edit\" is not an edit"));
	/* a bash call is no edit call at all: nothing to say */
	CHECK(!strstr(notes(r), "ls -la"));
	seam_reply_free(r);
}

TEST(toolcall, missing_fields_noted)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"str_replace\",\"path\":\"a.py\",\"new_str\":\"n\"}\n"
	                         "{\"old_str\":\"o\",\"new_str\":\"n\"}\n"
	                         "{\"command\":\"insert\",\"path\":\"a.py\",\"new_str\":\"n\"}\n"
	                         "{\"command\":\"insert\",\"path\":\"a.py\",\"insert_line\":-2,"
	                         "\"new_str\":\"n\"}\n"
	                         "{\"command\":\"create\",\"path\":\"b.py\"}\n"
	                         "{\"file_path\":\"c.py\",\"old_string\":\"o\"}\n"
	                         "{\"file_path\":\"c.py\",\"old_string\":\"o\",\"new_string\":5}\n"
	                         "{\"command\":\"insert\",\"path\":\"a.py\",\"insert_line\":1,"
	                         "\"new_str\":\"\"}\n"
	                         "{\"command\":\"str_replace\",\"path\":\"ok.py\",\"old_str\":\"o\","
	                         "\"new_str\":\"n\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "ok.py update 1\n");
	CHECK_INT(r->files[0].edits[0].reply_line, 9);
	CHECK(strstr(notes(r), "line 1: str_replace call for a.py without \"old_str\", skipped"));
	CHECK(strstr(notes(r), "line 2: str_replace call without \"path\", skipped"));
	CHECK(strstr(notes(r), "line 3: insert call for a.py without a line number"));
	CHECK(strstr(notes(r), "line 4: insert call for a.py without a line number"));
	CHECK(strstr(notes(r), "line 5: create call for b.py without \"file_text\""));
	CHECK(strstr(notes(r), "line 6: old_string/new_string call for c.py without \"new_string\""));
	CHECK(strstr(notes(r), "line 7: old_string/new_string call for c.py without \"new_string\""));
	CHECK(strstr(notes(r), "line 8: insert call for a.py inserts nothing"));
	seam_reply_free(r);
}

TEST(toolcall, nul_refused)
{
	int rc;
	const char t[] = "{\"command\":\"create\",\"path\":\"n.bin\",\"file_text\":\"a\\u0000b\"}\n"
	                 "x\0y {\"path\":\"ok.c\",\"old_str\":\"o\",\"new_str\":\"n\"}\n"
	                 "{\"path\":\"raw.c\",\"old_str\":\"o\0\",\"new_str\":\"n\"}\n";
	seam_reply *r = tr_parse_alone(SEAM_FORMAT_TOOLCALL, t, sizeof(t) - 1, 100000, &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "ok.c update 1\n");
	CHECK(strstr(notes(r), "line 1: create call for n.bin: \"file_text\" holds a NUL"));
	/* a raw NUL byte inside a string is not JSON at all */
	CHECK(strstr(notes(r), "line 3: a tool call that is not valid JSON"));
	seam_reply_free(r);
}

TEST(toolcall, invalid_json_noted)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"str_replace\",\"path\":\"a.py\",\"old_str\":\"x\\q\","
	                         "\"new_str\":\"y\"}\n"
	                         "{\"command\":\"str_replace\",\"path\":\"a.py\",\"old_str\":\"x\","
	                         "\"old_str\":\"y\",\"new_str\":\"z\"}\n"
	                         "{\"path\":\"a.py\",\"old_str\":\"\\ud83d\",\"new_str\":\"y\"}\n"
	                         "Some code: {\"a\": [1, 2}\n"
	                         "{\"name\":\"e\",\"arguments\":\"{\\\"path\\\":\\\"a.py\\\","
	                         "\\\"old_str\\\": 1,}\"}\n"
	                         "{\"command\":\"str_replace\",\"path\":\"b.py\",\"old_str\":\"x\","
	                         "\"new_str\":\"cut off",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_INT(r->nfiles, 0);
	CHECK(strstr(notes(r), "line 1: a tool call that is not valid JSON (invalid escape"));
	CHECK(strstr(notes(r), "line 2: a tool call that is not valid JSON (duplicate object key"));
	CHECK(strstr(notes(r), "line 3: a tool call that is not valid JSON (invalid Unicode"));
	CHECK(!strstr(notes(r), "line 4"));
	CHECK(strstr(notes(r), "line 5: the \"arguments\" string of a tool call is not valid JSON"));
	CHECK(strstr(notes(r), "line 6: a tool call that is not valid JSON"));
	seam_reply_free(r);
}

TEST(toolcall, wrapper_missing_last_brace_still_read)
{
	int rc;
	seam_reply *r = tc_parse("{\"name\":\"str_replace_editor\",\"arguments\":{\"command\":"
	                         "\"str_replace\",\"path\":\"a.py\",\"old_str\":\"o\",\"new_str\":"
	                         "\"n\"}\n\nDone.\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "a.py update 1\n");
	CHECK_STR(notes(r), "");
	seam_reply_free(r);
}

TEST(toolcall, invalid_utf8_in_reply)
{
	int rc;
	seam_reply *r = tc_parse("Caf\xe9 \xff\xfe prose {\"path\":\"u.c\",\"old_str\":\"o\","
	                         "\"new_str\":\"n\"}\n"
	                         "{\"path\":\"v.c\",\"old_str\":\"\xe9t\xe9\",\"new_str\":\"n\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "u.c update 1\n");
	CHECK(strstr(notes(r), "line 2: a tool call that is not valid JSON (unable to decode byte"));
	seam_reply_free(r);
}

TEST(toolcall, huge_nesting_bounded)
{
	size_t n = 400000, i, o = 0;
	char *t = malloc(n * 8 + 256);
	int rc;
	seam_reply *r;

	CHECK(t);
	/* each '[' could start a list of calls and each fails only at jansson's depth limit */
	for (i = 0; i < n / 8; i++)
		o += (size_t)sprintf(t + o, "[{\"a\":");
	o += (size_t)sprintf(t + o, "\n{\"path\":\"z.c\",\"old_str\":\"o\",\"new_str\":\"n\"}\n");
	for (i = 0; i < n; i++)
		t[o++] = '[';
	for (i = 0; i < n / 8; i++)
		o += (size_t)sprintf(t + o, "{\"old_str\":");
	t[o] = '\0';
	r = tr_parse_alone(SEAM_FORMAT_TOOLCALL, t, o, 100000, &rc);
	CHECK_INT(rc, 0);
	CHECK(r != NULL);
	seam_reply_free(r);

	/* a deep but valid wrapper: looked into up to a bound, no crash */
	o = 0;
	for (i = 0; i < 2000; i++)
		o += (size_t)sprintf(t + o, "{\"input\":");
	o += (size_t)sprintf(t + o, "{\"path\":\"d.c\",\"old_str\":\"o\",\"new_str\":\"n\"}");
	for (i = 0; i < 2000; i++)
		t[o++] = '}';
	r = tr_parse_alone(SEAM_FORMAT_TOOLCALL, t, o, 100000, &rc);
	CHECK_INT(rc, 0);
	CHECK_INT(r->nfiles, 0);
	seam_reply_free(r);
	free(t);
}

TEST(toolcall, edit_limit)
{
	int rc;
	const char *t = "[{\"path\":\"a\",\"old_str\":\"1\",\"new_str\":\"2\"},"
	                "{\"path\":\"a\",\"old_str\":\"3\",\"new_str\":\"4\"}]";
	seam_reply *r = tr_parse_alone(SEAM_FORMAT_TOOLCALL, t, strlen(t), 1, &rc);

	CHECK_INT(rc, SEAM_ELIMIT);
	seam_reply_free(r);
}

TEST(toolcall, create_then_edit_keeps_order)
{
	int rc;
	seam_reply *r = tc_parse("{\"command\":\"create\",\"path\":\"n.py\",\"file_text\":\"a\\n\"}\n"
	                         "{\"command\":\"str_replace\",\"path\":\"n.py\",\"old_str\":\"a\","
	                         "\"new_str\":\"b\"}\n",
	                         &rc);

	CHECK_INT(rc, 0);
	CHECK_STR(tr_files(r), "n.py whole 1\nn.py update 1\n");
	seam_reply_free(r);
}

TEST(toolcall, out_of_memory_everywhere)
{
	const char *t = "[{\"name\":\"e\",\"arguments\":\"{\\\"path\\\":\\\"a.c\\\",\\\"old_str\\\":"
	                "\\\"x\\\\ny\\\",\\\"new_str\\\":\\\"z\\\"}\"},\n{\"command\":\"create\","
	                "\"path\":\"b.c\",\"file_text\":\"1\\n2\\n3\\n\"},{\"command\":\"view\","
	                "\"path\":\"c\"}, {\"command\":\"insert\",\"path\":\"a.c\",\"insert_line\":1,"
	                "\"new_str\":\"q\"}]";
	long k;
	int rc, done = 0;

	for (k = 0; k < 500 && !done; k++) {
		seam_reply *r;
		sm_alloc_fail_after(k);
		r = tc_parse(t, &rc);
		sm_alloc_fail_after(-1);
		CHECK(rc == 0 || rc == SEAM_ENOMEM);
		if (rc == 0 && r) {
			CHECK_STR(tr_files(r), "a.c update 2\nb.c whole 1\n");
			done = 1;
		}
		seam_reply_free(r);
	}
	CHECK(done);
}

TEST(toolcall, sniff)
{
	CHECK_INT(sniff("{\"command\": \"str_replace\", \"path\": \"a\"}"), 1);
	CHECK_INT(sniff("```json\n{\n  \"command\" : \"insert\",\n"), 1);
	CHECK_INT(sniff("{\"command\":\"create\"}"), 1);
	CHECK_INT(sniff("{\"file_text\": \"x\"}"), 1);
	CHECK_INT(sniff("{\"a\": 1,\n \"old_string\": \"x\"}"), 1);
	CHECK_INT(sniff("{\"arguments\": \"{\\\"new_str\\\": 1}\"}"), 1);
	CHECK_INT(sniff("{\"arguments\": \"{\\\"command\\\":\\\"str_replace\\\"}\"}"), 1);
	/* prose and look-alikes */
	CHECK_INT(sniff("Set \"old_str\": to the text.\n"), 0);
	CHECK_INT(sniff("{\"command\": \"view\", \"path\": \"a\"}"), 0);
	CHECK_INT(sniff("{\"old_str_x\": 1, \"old_str\" 2}"), 0);
	CHECK_INT(sniff("<<<<<<< SEARCH\nold_str = 1\n=======\n"), 0);
	CHECK_INT(sniff(""), 0);
}

TEST(toolcall, through_public_api_when_registered)
{
	int rc;
	seam_reply *r;

	/* the lead registers the format in detect.c and names it in reply_api.c; until then
	 * there is nothing to go through */
	if (seam_format_from_name("toolcall") < 0)
		return;
	r = tr_parse("auto",
	             "```json\n{\"command\":\"str_replace\",\"path\":\"a.py\",\"old_str\":\"1\","
	             "\"new_str\":\"2\"}\n```\n",
	             &rc);
	CHECK_INT(rc, SEAM_OK);
	CHECK_INT(seam_reply_format(r), SEAM_FORMAT_TOOLCALL);
	CHECK_STR(tr_edit(r, 0, 0), "-1\n+2\n");
	seam_reply_free(r);
}
