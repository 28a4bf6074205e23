/*
 * A merged hunk whose added lines sit at the cut, a blank line their only context on one side
 * (issue 11, generator merged-hunks+move-run), written again with neutral content of our own.
 */
#include "plan_run.h"

static const char F[] = "def press_all():\n"
                        "    for step in steps:\n"
                        "        fold_all(step)\n"
                        "    if step:\n"
                        "        return step\n"
                        "    step += 1\n"
                        "    # Kept in plain words here\n"
                        "    return step\n"
                        "\n"
                        "def sort_pile():\n"
                        "\n"
                        "    if step:\n"
                        "        return step\n"
                        "\n"
                        "    if step:\n"
                        "        return step\n"
                        "    step += 1\n"
                        "\n"
                        "def fold_all():\n"
                        "    try:\n"
                        "        step = press_all()\n"
                        "    except FoldError:\n"
                        "        pass\n"
                        "    step += 1\n"
                        "\n"
                        "    for step in steps:\n"
                        "        press_all(step)\n"
                        "    step += 1\n"
                        "    try:\n"
                        "        step = fold_all()\n"
                        "    except FoldError:\n"
                        "        pass\n"
                        "    try:\n"
                        "        step = trim_edges()\n"
                        "    except FoldError:\n"
                        "        pass\n"
                        "\n"
                        "def fold_all():\n"
                        "    return step\n"
                        "    # Kept in plain words here\n"
                        "    try:\n"
                        "        step = press_all()\n"
                        "    except FoldError:\n"
                        "        pass\n"
                        "    return step\n"
                        "\n"
                        "def trim_edges():\n"
                        "    if step:\n"
                        "        return step\n"
                        "    if step:\n"
                        "        return step\n"
                        "\n"
                        "    try:\n"
                        "        step = fold_all()\n"
                        "    except FoldError:\n"
                        "        pass\n"
                        "    # Kept in plain words here\n"
                        "    step += 1\n";

static const char REPLY[] =
    "{\n"
    " \"role\": \"assistant\",\n"
    " \"content\": [\n"
    "  {\n"
    "   \"type\": \"text\",\n"
    "   \"text\": \"Editing.\"\n"
    "  },\n"
    "  {\n"
    "   \"type\": \"tool_use\",\n"
    "   \"id\": \"toolu_0\",\n"
    "   \"name\": \"Edit\",\n"
    "   \"input\": {\n"
    "    \"file_path\": \"pkg/paper.py\",\n"
    "    \"old_string\": \"        return step\\n    step += 1\\n    # Kept in plain words "
    "here\\n    return step\\n\\ndef sort_pile():\\n\\ndef trim_edges():\\n    if step:\\n  "
    "      return step\\n    if step:\\n        return step\\n\\n    try:\\n        step = "
    "fold_all()\",\n"
    "    \"new_string\": \"        return step\\n    step += 1\\n    # Kept in plain words "
    "here\\ndef sort_pile():\\n\\n    return step\\n\\ndef trim_edges():\\n    if step:\\n  "
    "      return step\\n    return step\\n\\n    try:\\n        step = fold_all()\"\n"
    "   }\n"
    "  }\n"
    " ]\n"
    "}\n";

/* A tool call's old_string merging two (the first moves "return step" and a blank line below
 * `def sort_pile():`, the second cuts trim_edges()'s second `if`), lines 12-46 left out. The
 * lines added go after the blank line below `def sort_pile():` and before `def trim_edges():`,
 * with the cut between: the run adding them was found with only that blank line above, which the
 * run before reads on line 11 and it on line 46. Nothing says which side of the skipped stretch
 * they go on: refused. */
TEST(unseen_merged_cut_blank, lines_added_below_a_blank_line_read_twice_are_refused)
{
	run x;
	go(&x, "pkg/paper.py", F, REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/paper.py", F));
	done(&x);
}

/* The same refusal says what is wrong: the blank line each run reads (11 and 46, named by the
 * lines of substance beside them), the stretch the reply leaves out between them (12-45), and
 * what would make it sure; not "not found", which it is not. */
TEST(unseen_merged_cut_blank, the_refusal_names_both_blank_lines_and_the_stretch)
{
	run x;
	seam_edit_info ei;

	go(&x, "pkg/paper.py", F, REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "with only a blank line above them"));
	CHECK(ei.message && strstr(ei.message, "the blank line after line 10 of the file"));
	CHECK(ei.message && strstr(ei.message, "def sort_pile():), line 11, or below the blank "
	                                       "line before line 47"));
	CHECK(ei.message && strstr(ei.message, "def trim_edges():), line 46"));
	CHECK(ei.message && strstr(ei.message, "above lines 12-45, which it leaves out, or below"));
	CHECK(ei.message && strstr(ei.message, "Send it again with the line right above the added "
	                                       "lines that is not blank"));
	CHECK(ei.message && !strstr(ei.message, "not found"));
	CHECK(has(&x, "pkg/paper.py", F));
	done(&x);
}
