/*
 * A merged hunk whose old side leaves out the line between two blank lines (issue 11): its two
 * blank lines stand side by side where the file has blank, line, blank, and its new side writes
 * that line between them as the file has it. The blank-lines tier read the two as one file blank
 * line, the left-out line above the run, and the line the model changes was read on the line
 * after: written a second time beside it. The reply does not say which copy it changes: refused,
 * or applied as meant. Neutral content of our own.
 */
#include "plan_run.h"

static const char ROWS[] = "int load_rows(void)\n"
                           "{\n"
                           "\tif (table) {\n"
                           "\t\ttable--;\n"
                           "\t}\n"
                           "\n"
                           "\tflush_rows(table);\n"
                           "\n"
                           "\tflush_rows(table);\n"
                           "}\n"
                           "\n"
                           "int pick_rows(void)\n"
                           "{\n"
                           "\t/* keep it neat */\n"
                           "\tscan_rows(table);\n"
                           "\tif (table) {\n"
                           "\t\ttable--;\n"
                           "\t}\n"
                           "\tfor (i = 0; i < table; i++) {\n"
                           "\t\tscan_rows(i);\n"
                           "\t}\n"
                           "}\n"
                           "\n"
                           "int tidy_rows(void)\n"
                           "{\n"
                           "\t/* keep it neat */\n"
                           "\tscan_rows(table);\n"
                           "\tif (table) {\n"
                           "\t\ttable--;\n"
                           "\t}\n"
                           "\ttable++;\n"
                           "}\n";

TEST(unseen_blank_pair, two_blank_lines_read_as_one_beside_a_left_out_line)
{
	run x;

	go(&x, "pkg/rows.c", ROWS,
	   "<replace_in_file>\n"
	   "<path>pkg/rows.c</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "\n"
	   "\n"
	   "    flush_rows(table);\n"
	   "}\n"
	   "        scan_rows(i);\n"
	   "    }\n"
	   "}\n"
	   "\n"
	   "int tidy_rows(void)\n"
	   "{\n"
	   "    /* keep it neat */\n"
	   "    scan_rows(table);\n"
	   "    if (table) {\n"
	   "=======\n"
	   "\n"
	   "    flush_rows(table);\n"
	   "\n"
	   "    flush_rows(table);  /* twice */\n"
	   "}\n"
	   "        scan_rows(i);\n"
	   "    }\n"
	   "}\n"
	   "\n"
	   "int tidy_rows(void)  /* neat */\n"
	   "{\n"
	   "    /* keep it neat */\n"
	   "    scan_rows(table);\n"
	   "    if (table) {\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "pkg/rows.c",
		          "int load_rows(void)\n"
		          "{\n"
		          "\tif (table) {\n"
		          "\t\ttable--;\n"
		          "\t}\n"
		          "\n"
		          "\tflush_rows(table);\n"
		          "\n"
		          "\tflush_rows(table);  /* twice */\n"
		          "}\n"
		          "\n"
		          "int pick_rows(void)\n"
		          "{\n"
		          "\t/* keep it neat */\n"
		          "\tscan_rows(table);\n"
		          "\tif (table) {\n"
		          "\t\ttable--;\n"
		          "\t}\n"
		          "\tfor (i = 0; i < table; i++) {\n"
		          "\t\tscan_rows(i);\n"
		          "\t}\n"
		          "}\n"
		          "\n"
		          "int tidy_rows(void)  /* neat */\n"
		          "{\n"
		          "\t/* keep it neat */\n"
		          "\tscan_rows(table);\n"
		          "\tif (table) {\n"
		          "\t\ttable--;\n"
		          "\t}\n"
		          "\ttable++;\n"
		          "}\n"));
	else
		CHECK(has(&x, "pkg/rows.c", ROWS));
	done(&x);
}
