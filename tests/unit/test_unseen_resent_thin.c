/*
 * A re-sent edit (issue 11) whose change is made already, written with neutral content of our
 * own. Its new side holds a single line of substance (too thin to say "made" by itself), but the
 * old side fits only cut into runs with less of the reply's context than the new side stands
 * with. Each is refused.
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
