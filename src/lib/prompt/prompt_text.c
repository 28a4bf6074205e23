/*
 * The words of seam_prompt(). Written for what makes models edit well: a format they have seen
 * often, nothing to escape or count where it can be avoided, whole blocks rather than
 * scattered lines, text to copy rather than numbers to get right, and no elided code. Every
 * example is parsed and applied by tests/unit/test_prompt.c: change one, run that test.
 */
#include "prompt_text.h"

#include <string.h>

const char SM_PROMPT_EXAMPLE_PATH[] = "src/stats.py";
const char SM_PROMPT_EXAMPLE_ASK[] =
	"Make mean() return 0.0 for an empty list, and add a test for it in "
	"tests/test_stats.py.";
const char SM_PROMPT_EXAMPLE_BEFORE[] =
	"\"\"\"Small statistics helpers.\"\"\"\n"
	"\n"
	"\n"
	"def mean(values):\n"
	"    total = 0\n"
	"    for v in values:\n"
	"        total += v\n"
	"    return total / len(values)\n"
	"\n"
	"\n"
	"def describe(values):\n"
	"    return f\"n={len(values)} mean={mean(values)}\"\n";
const char SM_PROMPT_EXAMPLE_AFTER[] =
	"\"\"\"Small statistics helpers.\"\"\"\n"
	"\n"
	"\n"
	"def mean(values):\n"
	"    if not values:\n"
	"        return 0.0\n"
	"    return sum(values) / len(values)\n"
	"\n"
	"\n"
	"def describe(values):\n"
	"    return f\"n={len(values)} mean={mean(values)}\"\n";
const char SM_PROMPT_EXAMPLE_NEW_PATH[] = "tests/test_stats.py";
const char SM_PROMPT_EXAMPLE_NEW[] =
	"from src.stats import mean\n"
	"\n"
	"\n"
	"def test_mean_of_empty_list_is_zero():\n"
	"    assert mean([]) == 0.0\n";

/* The body of the new example file, each line behind a prefix (diffs, patches). */
#define NEW_LINES(pre)                                                                             \
	pre "from src.stats import mean\n" pre "\n" pre "\n" pre                                   \
	    "def test_mean_of_empty_list_is_zero():\n" pre "    assert mean([]) == 0.0\n"

#define OLD_MEAN                                                                                   \
	"def mean(values):\n"                                                                      \
	"    total = 0\n"                                                                          \
	"    for v in values:\n"                                                                   \
	"        total += v\n"                                                                     \
	"    return total / len(values)\n"
#define NEW_MEAN                                                                                   \
	"def mean(values):\n"                                                                      \
	"    if not values:\n"                                                                     \
	"        return 0.0\n"                                                                     \
	"    return sum(values) / len(values)\n"

#define UDIFF_HUNK                                                                                 \
	"@@ -4,5 +4,4 @@\n"                                                                         \
	" def mean(values):\n"                                                                     \
	"-    total = 0\n"                                                                         \
	"-    for v in values:\n"                                                                  \
	"-        total += v\n"                                                                    \
	"-    return total / len(values)\n"                                                        \
	"+    if not values:\n"                                                                    \
	"+        return 0.0\n"                                                                    \
	"+    return sum(values) / len(values)\n"

const sm_prompt sm_prompts[] = {
	{"editblock", SEAM_FORMAT_EDITBLOCK, 0, 1,
	 "You change files by writing SEARCH/REPLACE blocks: each block names a file, quotes the "
	 "lines to change exactly as they are in it, and gives the lines to put in their place.",
	 "- Put the file's path alone on the line before the block's fence, exactly as it was "
	 "shown to you.\n"
	 "- Then, inside a fence, the block:\n"
	 "    <<<<<<< SEARCH\n"
	 "    (the lines to change, copied from the file)\n"
	 "    =======\n"
	 "    (the new lines)\n"
	 "    >>>>>>> REPLACE\n"
	 "- The SEARCH side must be a run of whole, consecutive lines of the file, long enough to "
	 "occur once in it. Include the whole function, method or block you change.\n"
	 "- Several changes to one file: one block per place, in the order they appear in the "
	 "file. Never let two blocks cover the same lines.\n"
	 "- To create a file: a block with an empty SEARCH side and the whole file as REPLACE side.\n"
	 "- Deleting or renaming a file cannot be written in this format: say in prose what should "
	 "be deleted or renamed.\n",
	 "src/stats.py\n"
	 "```python\n"
	 "<<<<<<< SEARCH\n" OLD_MEAN "=======\n" NEW_MEAN ">>>>>>> REPLACE\n"
	 "```\n"
	 "\n"
	 "tests/test_stats.py\n"
	 "```python\n"
	 "<<<<<<< SEARCH\n"
	 "=======\n" NEW_LINES("") ">>>>>>> REPLACE\n"
	 "```\n",
	 "- The SEARCH side is compared with the file line by line: copy it, do not retype it.\n"},

	{"udiff", SEAM_FORMAT_UDIFF, 0, 1,
	 "You change files by writing unified diffs, as `diff -u` prints them.",
	 "- Each file starts with `--- a/PATH` and `+++ b/PATH` lines, PATH as it was shown to "
	 "you.\n"
	 "- Then hunks: a `@@ -A,B +C,D @@` line, then the lines of the hunk: ' ' (a space) before "
	 "a line kept as it is, '-' before a line removed, '+' before a line added. The numbers "
	 "may be approximate: the lines themselves are what is looked for.\n"
	 "- Give each hunk two or three unchanged lines of context around the change, copied "
	 "exactly, and rewrite whole functions or blocks rather than single scattered lines: "
	 "remove the old version with '-' lines and add the new one with '+' lines.\n"
	 "- One hunk per place, in file order; hunks never overlap.\n"
	 "- To create a file: `--- /dev/null`, `+++ b/PATH`, one hunk `@@ -0,0 +1,N @@` with every "
	 "line '+'. To delete one: `--- a/PATH`, `+++ /dev/null` and a hunk removing every line.\n"
	 "- Renaming cannot be written in this format: delete the old file and create the new "
	 "one.\n"
	 "- Put the diff in a ```diff fence.\n",
	 "```diff\n"
	 "--- a/src/stats.py\n"
	 "+++ b/src/stats.py\n" UDIFF_HUNK "--- /dev/null\n"
	 "+++ b/tests/test_stats.py\n"
	 "@@ -0,0 +1,5 @@\n" NEW_LINES("+") "```\n",
	 "- Every line of a hunk starts with ' ', '-' or '+'; an empty line kept as it is is a "
	 "single space.\n"},

	{"gitdiff", SEAM_FORMAT_UDIFF, 0, 1,
	 "You change files by writing a diff as `git diff` prints it.",
	 "- Each file starts with `diff --git a/PATH b/PATH`, then `--- a/PATH` and `+++ b/PATH`, "
	 "PATH as it was shown to you.\n"
	 "- Then hunks: a `@@ -A,B +C,D @@` line, then ' ' (a space) before a line kept, '-' "
	 "before a line removed, '+' before a line added. The numbers may be approximate: the "
	 "lines themselves are what is looked for.\n"
	 "- Give each hunk two or three unchanged lines of context, copied exactly, and rewrite "
	 "whole functions or blocks rather than scattered lines.\n"
	 "- One hunk per place, in file order; hunks never overlap.\n"
	 "- To create a file: `new file mode 100644` after the diff --git line, `--- /dev/null`, "
	 "and one hunk of '+' lines. To delete one: `deleted file mode 100644`, `+++ /dev/null` "
	 "and a hunk removing every line. To rename one: `rename from OLD` and `rename to NEW` "
	 "after the diff --git line (with hunks if its content changes too).\n"
	 "- Put the diff in a ```diff fence.\n",
	 "```diff\n"
	 "diff --git a/src/stats.py b/src/stats.py\n"
	 "--- a/src/stats.py\n"
	 "+++ b/src/stats.py\n" UDIFF_HUNK "diff --git a/tests/test_stats.py b/tests/test_stats.py\n"
	 "new file mode 100644\n"
	 "--- /dev/null\n"
	 "+++ b/tests/test_stats.py\n"
	 "@@ -0,0 +1,5 @@\n" NEW_LINES("+") "```\n",
	 "- Every line of a hunk starts with ' ', '-' or '+'; an empty line kept as it is is a "
	 "single space.\n"},

	{"whole", SEAM_FORMAT_WHOLE, 0, 1,
	 "You change files by writing each changed file again, whole.",
	 "- Put the file's path alone on a line, then a fence holding the complete new content "
	 "of the file: every line, the unchanged ones too.\n"
	 "- To create a file, do the same with its new path.\n"
	 "- Deleting or renaming a file cannot be written in this format: say in prose what should "
	 "be deleted or renamed.\n"
	 "- Only files you change: do not repeat a file you leave as it is.\n",
	 "src/stats.py\n"
	 "```python\n"
	 "\"\"\"Small statistics helpers.\"\"\"\n"
	 "\n"
	 "\n" NEW_MEAN "\n"
	 "\n"
	 "def describe(values):\n"
	 "    return f\"n={len(values)} mean={mean(values)}\"\n"
	 "```\n"
	 "\n"
	 "tests/test_stats.py\n"
	 "```python\n" NEW_LINES("") "```\n",
	 "- The listing replaces the whole file: a line you leave out is deleted. Write out every "
	 "line, however long the file.\n"},

	{"patch", SEAM_FORMAT_PATCH, 0, 1,
	 "You change files by writing one patch in the apply_patch format.",
	 "- The patch starts with `*** Begin Patch` and ends with `*** End Patch`.\n"
	 "- `*** Update File: PATH` changes a file: then one or more chunks, each opened by a "
	 "line `@@` or `@@ LINE` where LINE is the line of the class or function the change is "
	 "in, copied exactly. In a chunk, ' ' (a space) before a line kept, '-' before a line "
	 "removed, '+' before a line added; give about three unchanged lines of context around "
	 "each change.\n"
	 "- `*** Add File: PATH` creates a file: every line of it follows with '+'.\n"
	 "- `*** Delete File: PATH` deletes a file.\n"
	 "- `*** Move to: NEW` right after an Update File line renames the file.\n"
	 "- Rewrite whole functions or blocks rather than scattered lines; one chunk per place, "
	 "in file order.\n",
	 "```\n"
	 "*** Begin Patch\n"
	 "*** Update File: src/stats.py\n"
	 "@@ def mean(values):\n"
	 "-    total = 0\n"
	 "-    for v in values:\n"
	 "-        total += v\n"
	 "-    return total / len(values)\n"
	 "+    if not values:\n"
	 "+        return 0.0\n"
	 "+    return sum(values) / len(values)\n"
	 "*** Add File: tests/test_stats.py\n" NEW_LINES("+") "*** End Patch\n"
	 "```\n",
	 "- No line numbers in the patch: chunks are found by their text.\n"},

	{"lndiff", SEAM_FORMAT_LNDIFF, 1, 1,
	 "You change files by writing edit blocks whose removed lines carry the line numbers the "
	 "files were shown with.",
	 "- Files are shown with a line number and a '\xe2\x94\x82' before each line. Put the "
	 "file's path alone on a line, then one block per change:\n"
	 "    <editblock>\n"
	 "    <<<<<<< REMOVE\n"
	 "    (the lines to change, copied with their numbers, exactly as shown)\n"
	 "    =======\n"
	 "    (the new lines, without numbers)\n"
	 "    >>>>>>> INSERT\n"
	 "    </editblock>\n"
	 "- Number every removed line as it was shown; all blocks refer to the numbers of the file "
	 "as shown, whatever the blocks before them changed.\n"
	 "- Replace whole functions or blocks; never two blocks on the same lines.\n"
	 "- To create a file: its path, then a block with an empty REMOVE side.\n"
	 "- Deleting or renaming a file cannot be written in this format: say in prose what should "
	 "be deleted or renamed.\n",
	 "src/stats.py\n"
	 "<editblock>\n"
	 "<<<<<<< REMOVE\n"
	 " 4\xe2\x94\x82" "def mean(values):\n"
	 " 5\xe2\x94\x82" "    total = 0\n"
	 " 6\xe2\x94\x82" "    for v in values:\n"
	 " 7\xe2\x94\x82" "        total += v\n"
	 " 8\xe2\x94\x82" "    return total / len(values)\n"
	 "=======\n" NEW_MEAN ">>>>>>> INSERT\n"
	 "</editblock>\n"
	 "\n"
	 "tests/test_stats.py\n"
	 "<editblock>\n"
	 "<<<<<<< REMOVE\n"
	 "=======\n" NEW_LINES("") ">>>>>>> INSERT\n"
	 "</editblock>\n",
	 "- The text of a removed line counts more than its number: copy both.\n"},

	{"toolcall", SEAM_FORMAT_TOOLCALL, 0, 1,
	 "You change files by writing JSON tool calls.",
	 "- Write a JSON list of calls in a ```json fence. Each call is an object with \"command\" "
	 "and \"path\":\n"
	 "  {\"command\": \"str_replace\", \"path\": P, \"old_str\": OLD, \"new_str\": NEW} "
	 "replaces OLD, which must occur exactly once in the file, with NEW;\n"
	 "  {\"command\": \"insert\", \"path\": P, \"insert_line\": N, \"new_str\": NEW} inserts "
	 "NEW after line N (0: at the top);\n"
	 "  {\"command\": \"create\", \"path\": P, \"file_text\": TEXT} creates a file.\n"
	 "- Strings are JSON strings: newlines as \\n, quotes as \\\", backslashes as \\\\.\n"
	 "- OLD is whole lines of the file, copied exactly, long enough to occur once; replace "
	 "whole functions or blocks rather than scattered lines.\n"
	 "- Deleting or renaming a file cannot be written in this format: say in prose what should "
	 "be deleted or renamed.\n",
	 "```json\n"
	 "[\n"
	 "  {\"command\": \"str_replace\", \"path\": \"src/stats.py\",\n"
	 "   \"old_str\": \"def mean(values):\\n    total = 0\\n    for v in values:\\n"
	 "        total += v\\n    return total / len(values)\\n\",\n"
	 "   \"new_str\": \"def mean(values):\\n    if not values:\\n        return 0.0\\n"
	 "    return sum(values) / len(values)\\n\"},\n"
	 "  {\"command\": \"create\", \"path\": \"tests/test_stats.py\",\n"
	 "   \"file_text\": \"from src.stats import mean\\n\\n\\n"
	 "def test_mean_of_empty_list_is_zero():\\n    assert mean([]) == 0.0\\n\"}\n"
	 "]\n"
	 "```\n",
	 "- The calls must be valid JSON: one list, no comments, no trailing commas.\n"},

	{"numbered", SEAM_FORMAT_NUMBERED, 1, 1,
	 "You change files by giving new text for ranges of numbered lines.",
	 "- Files are shown with a line number and a '\xe2\x94\x82' before each line. Put the "
	 "file's path alone on a line, then one block per change:\n"
	 "    <update_lines start=\"S\" end=\"E\">\n"
	 "    (the new text, without numbers)\n"
	 "    </update_lines>\n"
	 "  which replaces lines S to E-1 (E is the first line kept after the change). start == "
	 "end inserts before line S.\n"
	 "- All blocks refer to the numbers of the file as shown, whatever the blocks before them "
	 "changed; never two blocks on the same lines.\n"
	 "- To create a file: its path, then <update_lines start=\"1\" end=\"1\"> holding its "
	 "whole content.\n"
	 "- Deleting or renaming a file cannot be written in this format: say in prose what should "
	 "be deleted or renamed.\n",
	 "src/stats.py\n"
	 "<update_lines start=\"5\" end=\"9\">\n"
	 "    if not values:\n"
	 "        return 0.0\n"
	 "    return sum(values) / len(values)\n"
	 "</update_lines>\n"
	 "\n"
	 "tests/test_stats.py\n"
	 "<update_lines start=\"1\" end=\"1\">\n" NEW_LINES("") "</update_lines>\n",
	 "- Check S and E against the numbers shown: E is one past the last line replaced.\n"},

	{"snippet", SEAM_FORMAT_SNIPPET, 0, 0,
	 "You change files by quoting the snippet you change and giving its new version.",
	 "- Put the file's path alone on a line, then for each change:\n"
	 "    <selected_snippet>\n"
	 "    (the lines to change, copied from the file)\n"
	 "    </selected_snippet>\n"
	 "    <updated_snippet>\n"
	 "    (the same lines as they must become)\n"
	 "    </updated_snippet>\n"
	 "- Select a whole function or block, long enough to occur once in the file.\n"
	 "- Creating, deleting or renaming a file cannot be written in this format: say in prose "
	 "what should be created (with its whole content in a fence), deleted or renamed.\n",
	 "src/stats.py\n"
	 "<selected_snippet>\n" OLD_MEAN "</selected_snippet>\n"
	 "<updated_snippet>\n" NEW_MEAN "</updated_snippet>\n",
	 "- Lines the two snippets share are kept as the file has them.\n"},
};

const size_t sm_nprompts = sizeof(sm_prompts) / sizeof(sm_prompts[0]);

const sm_prompt *sm_prompt_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < sm_nprompts; i++)
		if (!strcmp(sm_prompts[i].name, name))
			return &sm_prompts[i];
	return NULL;
}
