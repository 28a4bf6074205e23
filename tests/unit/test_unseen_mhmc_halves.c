/*
 * Merged hunks with context lines left out (issue 11, stop 25), written again with neutral
 * content of our own: the reply's old side, cut in two, stands as written at one place, while
 * the model meant another where a line of it is left out. Where nothing in the reply outweighs
 * the other reading, it is refused, the file unchanged.
 */
#include "plan_run.h"

/* A hunk whose first half makes both changes and whose second half is context only: the
 * second half stands as written after a stretch of twenty lines, while the reply reads as well
 * with its "return 0;" on the other function's, the lines after it standing there but for a
 * header left out. A merged hunk's halves are two hunks, each with a change; a stretch of context
 * skipped is context left out, which the tolerant tiers find nowhere for sure: refused. */
TEST(unseen_mhmc_halves, merged_hunk_half_without_a_change_is_no_reading)
{
	static const char F[] = "int load_shelf(void)\n"
	                        "{\n"
	                        "\tshelf++;\n"
	                        "\tbooks++;\n"
	                        "\tif (shelf) {\n"
	                        "\t\treturn shelf;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int sort_shelf(void)\n"
	                        "{\n"
	                        "\tif (books) {\n"
	                        "\t\treturn shelf;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tif (rows) {\n"
	                        "\t\treturn rows;\n"
	                        "\t}\n"
	                        "\t/* one per row */\n"
	                        "\tshelf--;\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int count_books(void)\n"
	                        "{\n"
	                        "\t/* one per row */\n"
	                        "\t/* one per row */\n"
	                        "\tif (rows) {\n"
	                        "\t\treturn rows;\n"
	                        "\t}\n"
	                        "\tif (rows) {\n"
	                        "\t\treturn books;\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "shelf.c", F,
	   "```diff\n"
	   "--- a/shelf.c\n"
	   "+++ b/shelf.c\n"
	   "@@ -1,17 +1,21 @@\n"
	   " int load_shelf(void)\n"
	   " {\n"
	   " \tshelf++;\n"
	   " \tbooks++;\n"
	   " \tif (shelf) {\n"
	   "+\t\twhile (busy--) {\n"
	   "+\t\t\treturn shelf;\n"
	   "+\t\t}\n"
	   "-\t\treturn shelf;\n"
	   " \t}\n"
	   " \treturn 0;\n"
	   "+\tlog_step(1);\n"
	   " }\n"
	   " \n"
	   " {\n"
	   " \t/* one per row */\n"
	   " \t/* one per row */\n"
	   " \tif (rows) {\n"
	   " \t\treturn rows;\n"
	   " \t}\n"
	   " \tif (rows) {\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "shelf.c", F));
	done(&x);
}

/* A SEARCH/REPLACE block spans two functions; its old side leaves out a "return 0;" after two
 * blank lines that its new side keeps. The sides' diff pairs the old "return 0;" with that
 * line, so one change run adds lines above it and another deletes the two blank lines; split
 * apart, the second run was found where the file has no blank lines (both let go): it deleted
 * nothing, and the first wrote its lines as if they were still to come. A run whose change
 * stands nowhere is not found: refused. */
TEST(unseen_mhmc_halves, split_run_deleting_only_blank_lines_it_lets_go_is_not_found)
{
	static const char F[] = "int open_gate(void)\n"
	                        "{\n"
	                        "\twhile (latch) {\n"
	                        "\t\tgate--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "\t/* Keep the hinge oiled */\n"
	                        "}\n"
	                        "\n"
	                        "int swing_gate(void)\n"
	                        "{\n"
	                        "\tgate++;\n"
	                        "\tfor (i = 0; i < gate; i++) {\n"
	                        "\t\tpush_gate(i);\n"
	                        "\t}\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int push_gate(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < gate; i++) {\n"
	                        "\t\tpush_gate(i);\n"
	                        "\t}\n"
	                        "\tgate++;\n"
	                        "\treturn 0;\n"
	                        "\t/* Keep the hinge oiled */\n"
	                        "\twhile (latch) {\n"
	                        "\t\tgate--;\n"
	                        "\t}\n"
	                        "\tlatch++;\n"
	                        "}\n"
	                        "\n"
	                        "int shut_gate(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\t/* Keep the hinge oiled */\n"
	                        "\treturn 0;\n"
	                        "\t/* Keep the hinge oiled */\n"
	                        "}\n";
	run x;

	go(&x, "gate.c", F,
	   "gate.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "int open_gate(void)\n"
	   "{\n"
	   "\twhile (latch) {\n"
	   "\t\tgate--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\n"
	   "\n"
	   "}\n"
	   "\n"
	   "int shut_gate(void)\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\t/* Keep the hinge oiled */\n"
	   "\treturn 0;\n"
	   "\t/* Keep the hinge oiled */\n"
	   "=======\n"
	   "int open_gate(void)\n"
	   "{\n"
	   "\twhile (latch_now) {\n"
	   "\t\tgate--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\n"
	   "\n"
	   "\treturn 0;\n"
	   "}\n"
	   "\n"
	   "int shut_gate(void)\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\t/* Keep the hinge oiled */\n"
	   "\treturn 0;\n"
	   "\tclose_all(7);\n"
	   "\t/* all shut */\n"
	   "\t/* Keep the hinge oiled */\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "gate.c", F));
	done(&x);
}

/* A merged hunk's second half renames a function whose header stands four times: as written
 * right after the first half (a "}", a blank line, the header, "{", an if block), and, but for
 * a "return 0;" left out, further on. Of the half's six lines, three are braces, in every
 * block: the half as written does not outweigh the other copy. Refused. */
TEST(unseen_mhmc_halves, half_of_short_lines_as_written_does_not_outweigh_a_copy_one_out)
{
	static const char F[] = "int start_pump(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\twhile (valve) {\n"
	                        "\t\ttank--;\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < valve; i++) {\n"
	                        "\t\tprime_pump(i);\n"
	                        "\t}\n"
	                        "\tif (valve) {\n"
	                        "\t\treturn tank;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int prime_pump(void)\n"
	                        "{\n"
	                        "\tif (valve) {\n"
	                        "\t\treturn valve;\n"
	                        "\t}\n"
	                        "\tif (tank) {\n"
	                        "\t\treturn tank;\n"
	                        "\t}\n"
	                        "\t/* Check the seals */\n"
	                        "}\n"
	                        "\n"
	                        "int prime_pump(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < valve; i++) {\n"
	                        "\t\tprime_pump(i);\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "\twhile (valve) {\n"
	                        "\t\ttank--;\n"
	                        "\t}\n"
	                        "\tif (valve) {\n"
	                        "\t\treturn valve;\n"
	                        "\t}\n"
	                        "\twhile (valve) {\n"
	                        "\t\ttank--;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int prime_pump(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\tif (valve) {\n"
	                        "\t\treturn valve;\n"
	                        "\t}\n"
	                        "\t/* Check the seals */\n"
	                        "\tif (tank) {\n"
	                        "\t\treturn valve;\n"
	                        "\t}\n"
	                        "\tprime_pump(valve);\n"
	                        "}\n"
	                        "\n"
	                        "int prime_pump(void)\n"
	                        "{\n"
	                        "\tprime_pump(tank);\n"
	                        "\twhile (tank) {\n"
	                        "\t\ttank--;\n"
	                        "\t}\n"
	                        "\twhile (valve) {\n"
	                        "\t\tvalve--;\n"
	                        "\t}\n"
	                        "\twhile (valve) {\n"
	                        "\t\tvalve--;\n"
	                        "\t}\n"
	                        "\tif (valve) {\n"
	                        "\t\treturn tank;\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "pump.c", F,
	   "```diff\n"
	   "--- pump.c\n"
	   "+++ pump.c\n"
	   "@@ ... @@\n"
	   " int start_pump(void)\n"
	   " {\n"
	   "+\treturn 0;  // now\n"
	   "-\treturn 0;\n"
	   " \twhile (valve) {\n"
	   " \t\ttank--;\n"
	   " \t}\n"
	   " \tfor (i = 0; i < valve; i++) {\n"
	   " }\n"
	   " \n"
	   "+int prime_pump(int force)\n"
	   "-int prime_pump(void)\n"
	   " {\n"
	   " \tif (valve) {\n"
	   " \t\treturn valve;\n"
	   " \t}\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pump.c", F));
	done(&x);
}
