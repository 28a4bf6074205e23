/*
 * A re-sent edit (issue 11) whose change is made already, written with neutral content of our
 * own. Its new side holds a single line of substance (too thin to say "made" by itself), but the
 * old side fits only on lines it should not: cut into runs with less of the reply's context than
 * the new side stands with, or on lines another edit of the same reply has just written. Each is
 * refused; an edit that builds on the one before it, its new side standing nowhere, still applies.
 */
#include "plan_run.h"

/* The `if` around the return is taken off already: the return stands, as written, with the
 * blank line and the `try:` the hunk gives below it. The split found the deletion further up
 * on another `if`, its `try:` cut, and would unwrap that one. */
TEST(unseen_resent_thin, split_runs_away_from_thin_made_new_side_are_refused)
{
	static const char F[] = "def load_shelf():\n"
	                        "\n"
	                        "    try:\n"
	                        "        total_count = read_bin()\n"
	                        "    except BinError:\n"
	                        "        pass\n"
	                        "    total_count = read_bin()\n"
	                        "\n"
	                        "def count_shelf():\n"
	                        "    for total_count in bins:\n"
	                        "        read_bin(total_count)\n"
	                        "    if total_count:\n"
	                        "        return total_count\n"
	                        "\n"
	                        "def sweep_shelf():\n"
	                        "    print(total_count)\n"
	                        "    return total_count\n"
	                        "\n"
	                        "    try:\n"
	                        "        total_count = read_bin()\n"
	                        "    except BinError:\n"
	                        "        pass\n";
	run x;
	go(&x, "pkg/stock.py", F,
	   "*** Begin Patch\n"
	   "*** Update File: pkg/stock.py\n"
	   "@@\n"
	   "+    return total_count\n"
	   "-    if total_count:\n"
	   "-        return total_count\n"
	   " \n"
	   "     try:\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/stock.py", F));
	done(&x);
}

/* The loop around the decrement is taken off already, the decrement standing below the brace
 * the hunk gives above it. The split found the loop's lines without that brace (a comment
 * stands above them) and would take off the loop the made change left. */
TEST(unseen_resent_thin, split_run_beside_thin_made_new_side_is_refused)
{
	static const char F[] = "int pour_sand(void)\n"
	                        "{\n"
	                        "\tif (pebble_store) {\n"
	                        "\t\treturn grain_leftover;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int sift_sand(void)\n"
	                        "{\n"
	                        "\t/* keep the sieve dry */\n"
	                        "\twhile (pebble_store) {\n"
	                        "\t\tgrain_leftover--;\n"
	                        "\t}\n"
	                        "\tgrain_leftover--;\n"
	                        "\n"
	                        "\tif (pebble_store) {\n"
	                        "\t\treturn pebble_store;\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	go(&x, "pkg/drift.c", F,
	   "*** Begin Patch\n"
	   "*** Update File: pkg/drift.c\n"
	   "@@\n"
	   " \t}\n"
	   "-\twhile (pebble_store) {\n"
	   "-\t\tgrain_leftover--;\n"
	   "-\t}\n"
	   "+\tgrain_leftover--;\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/drift.c", F));
	done(&x);
}

static const char BROOK_REPLY[] = "I'll make the change.\n"
                                  "\n"
                                  "<function=str_replace_editor>\n"
                                  "<parameter=command>str_replace</parameter>\n"
                                  "<parameter=path>pkg/brook.py</parameter>\n"
                                  "<parameter=old_str>\n"
                                  "def drain_basin():\n"
                                  "    # ask the keeper first\n"
                                  "    level -= 1\n"
                                  "    level -= 1\n"
                                  "</parameter>\n"
                                  "<parameter=new_str>\n"
                                  "def drain_basin():\n"
                                  "    level -= 1\n"
                                  "    # ask the keeper first\n"
                                  "    level -= 1\n"
                                  "</parameter>\n"
                                  "</function>\n"
                                  "\n"
                                  "<function=str_replace_editor>\n"
                                  "<parameter=command>str_replace</parameter>\n"
                                  "<parameter=path>pkg/brook.py</parameter>\n"
                                  "<parameter=old_str>\n"
                                  "    level -= 1\n"
                                  "    # ask the keeper first\n"
                                  "    level -= 1\n"
                                  "</parameter>\n"
                                  "<parameter=new_str>\n"
                                  "    level -= 1\n"
                                  "    level -= 1\n"
                                  "</parameter>\n"
                                  "</function>\n";

/* The first call moves the comment down a line; the second, a call made already in
 * skim_basin (its comment gone, the two lines together), fits as written only on the lines the
 * first call has just written, and would take the moved comment off: refused. */
TEST(unseen_resent_thin, edit_taking_off_a_line_the_reply_wrote_with_new_side_made_is_refused)
{
	static const char F[] = "def fill_basin():\n"
	                        "    level = 0\n"
	                        "    level += 1\n"
	                        "    return level\n"
	                        "\n"
	                        "def drain_basin():\n"
	                        "    # ask the keeper first\n"
	                        "    level -= 1\n"
	                        "    level -= 1\n"
	                        "    return level\n"
	                        "\n"
	                        "def skim_basin():\n"
	                        "    level -= 1\n"
	                        "    level -= 1\n"
	                        "    return level\n";
	run x;
	go(&x, "pkg/brook.py", F, BROOK_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/brook.py", F));
	done(&x);
}

/* The same two calls on a file where the second's new side stands nowhere: it builds on the
 * first (the comment moved, then taken off), as the reply's calls say in order. */
TEST(unseen_resent_thin, edit_taking_off_a_line_the_reply_wrote_applies_when_not_made)
{
	static const char F[] = "def fill_basin():\n"
	                        "    level = 0\n"
	                        "    level += 1\n"
	                        "    return level\n"
	                        "\n"
	                        "def drain_basin():\n"
	                        "    # ask the keeper first\n"
	                        "    level -= 1\n"
	                        "    level -= 1\n"
	                        "    return level\n"
	                        "\n"
	                        "def skim_basin():\n"
	                        "    level -= 3\n"
	                        "    level -= 3\n"
	                        "    return level\n";
	run x;
	go(&x, "pkg/brook.py", F, BROOK_REPLY);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "pkg/brook.py",
	          "def fill_basin():\n"
	          "    level = 0\n"
	          "    level += 1\n"
	          "    return level\n"
	          "\n"
	          "def drain_basin():\n"
	          "    level -= 1\n"
	          "    level -= 1\n"
	          "    return level\n"
	          "\n"
	          "def skim_basin():\n"
	          "    level -= 3\n"
	          "    level -= 3\n"
	          "    return level\n"));
	done(&x);
}
