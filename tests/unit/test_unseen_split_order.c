/*
 * Merged hunks with a context line left out besides (issue 11, session of 2026-11-26, stop 19),
 * each written again with neutral content of our own: the split (split.c) finds each change run
 * on its own, and must not write the reply where its runs read the hunk out of order, nor where
 * a line the stretch it skips begins or ends with may be the line its old side left out.
 */
#include "plan_run.h"

/* The hunk leaves out `depth++;` above its first change, then skips to the second copy of the
 * function. Its second run (a deletion inside `while (depth) {...}`) was found at the last loop
 * but one, a tolerant tier letting go of the last loop's two lines between its `}` lines, and
 * its third run at that very last loop: the second run's place passed over the third's lines,
 * and clipping it deleted the wrong loop's line. Two runs read out of the hunk's order: no
 * split; nothing else places the hunk, refused. */
TEST(unseen_split_order, runs_read_out_of_order_are_refused)
{
	static const char F[] = "int fill_tank(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tfill_tank(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tank(void)\n"
	                        "{\n"
	                        "\tdepth++;\n"
	                        "\treturn 0;\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "\tdrain_tank(depth);\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tdrain_tank(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tank(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tdrain_tank(i);\n"
	                        "\t}\n"
	                        "\tdepth++;\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "tank.c", F,
	   "--- a/tank.c\n"
	   "+++ b/tank.c\n"
	   "@@ -8,20 +8,20 @@\n"
	   " int drain_tank(void)\n"
	   " {\n"
	   " \treturn 0;\n"
	   "+\t\tdepth--;\n"
	   " \twhile (depth) {\n"
	   "-\t\tdepth--;\n"
	   " \t}\n"
	   " \t}\n"
	   "+\tuntil (depth) {\n"
	   "-\twhile (depth) {\n"
	   " \t\tdepth--;\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "tank.c", F));
	done(&x);
}

/* A SEARCH/REPLACE block merged from two changes, its old side leaving out the line right
 * before the second (`jar_count--;`, the last line of the stretch it skips), which the new side
 * keeps. The sides' diff paired the kept line with the copy of it further on and took the
 * second change's new `jar_count--;` for an addition: the split wrote the line once more beside
 * the file's own. An added line with the text of the skipped stretch's first or last line:
 * no split, refused. */
TEST(unseen_split_order, added_line_like_the_skipped_stretch_edge_is_refused)
{
	static const char F[] = "int count_jars(void)\n"
	                        "{\n"
	                        "\tstack_jar(lid_count);\n"
	                        "\tfor (i = 0; i < jar_count; i++) {\n"
	                        "\t\tstack_jar(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int open_jars(void)\n"
	                        "{\n"
	                        "\tstack_jar(jar_count);\n"
	                        "\tstack_jar(lid_count);\n"
	                        "\treturn lid_count;\n"
	                        "}\n"
	                        "\n"
	                        "int seal_jars(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\t/* one lid for every jar */\n"
	                        "\twhile (jar_count) {\n"
	                        "\t\tjar_count--;\n"
	                        "\t}\n"
	                        "\tlid_count++;\n"
	                        "\twhile (jar_count) {\n"
	                        "\t\tjar_count--;\n"
	                        "\t}\n"
	                        "\tshelf_count++;\n"
	                        "}\n";
	run x;

	go(&x, "jars.c", F,
	   "jars.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "int count_jars(void)\n"
	   "{\n"
	   "\tstack_jar(lid_count);\n"
	   "\tfor (i = 0; i < jar_count; i++) {\n"
	   "\t\tstack_jar(i);\n"
	   "\t}\n"
	   "}\n"
	   "\n"
	   "\t}\n"
	   "\tlid_count++;\n"
	   "\twhile (jar_count) {\n"
	   "\t\tjar_count--;\n"
	   "\t}\n"
	   "\tshelf_count++;\n"
	   "=======\n"
	   "int count_jars(void)\n"
	   "{\n"
	   "\tstack_jar(lid_count);\n"
	   "\tstack_jar(i);\n"
	   "}\n"
	   "\n"
	   "\t\tjar_count--;\n"
	   "\t}\n"
	   "\tlid_count++;\n"
	   "\tjar_count--;\n"
	   "\tshelf_count++;\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "jars.c", F));
	done(&x);
}

/* The hunk moves `pass` in open_gate, then skips to check_gate's `if gate_count:`, its old side
 * leaving out a line after it. The run deleting `pass`, found with the context up to that `if`
 * (the other run's), fit by the repair tier at check_gate's `try:` copy, two file lines let go
 * there for the skip, and the split deleted check_gate's `pass`; the run with one line of
 * context on each side (`except GateError:`, the blank line) stands as written in open_gate
 * only. A run found loosely while its near slice stands as written in one place away from it:
 * no split, refused. */
TEST(unseen_split_order, loose_run_whose_near_slice_stands_elsewhere_is_refused)
{
	static const char F[] = "def open_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "    except GateError:\n"
	                        "        pass\n"
	                        "\n"
	                        "def shut_gate():\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def check_gate():\n"
	                        "    gate_count = read_gate()\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "    except GateError:\n"
	                        "        pass\n"
	                        "    return gate_count\n"
	                        "    gate_count = close_all()\n"
	                        "    if gate_count:\n"
	                        "        return gate_count\n"
	                        "    gate_count = read_gate()\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def read_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count = close_all()\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n";
	run x;

	go(&x, "gate.py", F,
	   "--- a/gate.py\n"
	   "+++ b/gate.py\n"
	   "@@ -1,16 +1,18 @@\n"
	   " def open_gate():\n"
	   "     gate_count += 1\n"
	   "     gate_count += 1\n"
	   "     try:\n"
	   "         gate_count = read_gate()\n"
	   "+        pass\n"
	   "     except GateError:\n"
	   "-        pass\n"
	   " \n"
	   "     if gate_count:\n"
	   "+        log_gate(\"checked\")\n"
	   "+        # the gate is checked once\n"
	   "         return gate_count\n"
	   "     gate_count += 1\n"
	   " \n"
	   " def read_gate():\n"
	   "     gate_count += 1\n"
	   "     gate_count = close_all()\n"
	   "     gate_count = close_all()\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "gate.py", F));
	done(&x);
}
