/*
 * "Already applied" concluded from a new side standing in the file while the old side is found
 * nowhere (issue 11), with neutral content of our own: the new side is proof only when a line
 * it adds (not one it moves) stands there alone. Lines the file holds elsewhere too say
 * nothing: a short file that repeats its lines holds many arrangements of them.
 */
#include "plan_run.h"

/* A block moved up, its old side with a line made up and a line left out: the new side (the
 * block, then the lines the old side left out and moved) already stands at the top, the file's
 * own lines in that order, and its one new line ("return 0;") stands further down as well. The
 * edit is not made: refused, naming that other line, never skipped as made. */
TEST(unseen_made_elsewhere, new_side_of_lines_standing_elsewhere_is_refused)
{
	static const char F[] = "int load_table(void)\n"
	                        "{\n"
	                        "\tcount = 0;\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn count;\n"
	                        "\t}\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int save_table(void)\n"
	                        "{\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn count;\n"
	                        "\t}\n"
	                        "\tcount++;\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "src/table.c", F,
	   "src/table.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "}\n"
	   "\n"
	   "int save_table(void)\n"
	   "{\n"
	   "\tif (ready) {\n"
	   "\t\tflush_rows(table);\n"
	   "\t\treturn count;\n"
	   "\t}\n"
	   "=======\n"
	   "\tif (ready) {\n"
	   "\t\treturn count;\n"
	   "\t}\n"
	   "\n"
	   "\treturn 0;\n"
	   "}\n"
	   "\n"
	   "int save_table(void)\n"
	   "{\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "stands elsewhere in the file") &&
	      strstr(edit(&x, 0).message, "line 17"));
	CHECK(has(&x, "src/table.c", F));
	done(&x);
}

/* An edit sent again once made, its old side found nowhere: the line it adds stands only where
 * its new side does, and the file is left as it is. */
TEST(unseen_made_elsewhere, new_line_standing_only_there_stays_applied)
{
	static const char F[] = "int load_table(void)\n"
	                        "{\n"
	                        "\tcount = 0;\n"
	                        "\tclear_rows(table);\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn count;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "src/table.c", F,
	   "src/table.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\tcount = 0;\n"
	   "\tif (ready) {\n"
	   "=======\n"
	   "\tcount = 0;\n"
	   "\tclear_rows(table);\n"
	   "\tif (ready) {\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "src/table.c", F));
	done(&x);
}

/* An edit sent again once made, its old side found nowhere (the line it deleted is gone), the
 * line it adds ("return 0;") standing further down as well: the lines it keeps stand around
 * the new side there and nowhere else, so they pin the place, and the edit stays skipped. */
TEST(unseen_made_elsewhere, kept_lines_pinning_the_place_stay_applied)
{
	static const char F[] = "int load_table(void)\n"
	                        "{\n"
	                        "\tcount = 0;\n"
	                        "\treturn 0;\n"
	                        "\treset_rows(table);\n"
	                        "}\n"
	                        "\n"
	                        "int save_table(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "src/table.c", F,
	   "src/table.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\tcount = 0;\n"
	   "\tflush_rows(table, 2);\n"
	   "\treset_rows(table);\n"
	   "=======\n"
	   "\tcount = 0;\n"
	   "\treturn 0;\n"
	   "\treset_rows(table);\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "src/table.c", F));
	done(&x);
}
