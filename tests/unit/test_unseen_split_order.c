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
