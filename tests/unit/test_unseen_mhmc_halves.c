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
