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

/* The same with one blank line: the old side's blank line, then the line after the one it
 * leaves out, where the file has blank line, that line, the next; its new side writes the
 * left-out line right after its blank line, the copy the sides' diff pairs with the old side's
 * later copy of it (the line that changes). The blank line let go, the run read the change one
 * line off and wrote the left-out line's copy again. */
static const char LAMP[] = "def turn_lamp():\n"
                           "    try:\n"
                           "        glow = read_level()\n"
                           "    except LampError:\n"
                           "        pass\n"
                           "\n"
                           "    if glow:\n"
                           "        return level\n"
                           "    if glow:\n"
                           "        return glow\n"
                           "\n"
                           "def wait_lamp():\n"
                           "    try:\n"
                           "        level = read_level()\n"
                           "    except LampError:\n"
                           "        pass\n"
                           "\n"
                           "    level = read_level()\n"
                           "    if level:\n"
                           "        return level\n"
                           "    glow = read_level()\n"
                           "\n"
                           "def fade_lamp():\n"
                           "    try:\n"
                           "        level = read_level()\n"
                           "    except LampError:\n"
                           "        pass\n"
                           "\n"
                           "    level = read_level()\n"
                           "\n"
                           "\n"
                           "    try:\n"
                           "        level = read_level()\n"
                           "    except LampError:\n"
                           "        pass\n";

static const char LAMP_CHECKED[] = "def turn_lamp():\n"
                                   "    try:\n"
                                   "        glow = read_level()\n"
                                   "    except LampError:\n"
                                   "        pass\n"
                                   "\n"
                                   "    if glow:\n"
                                   "        return level\n"
                                   "    if glow:  # checked\n"
                                   "        return glow\n"
                                   "\n"
                                   "def wait_lamp():\n"
                                   "    try:\n"
                                   "        level = read_level()\n"
                                   "    except LampError:\n"
                                   "        pass\n"
                                   "\n"
                                   "    level = read_level()\n"
                                   "    if level:\n"
                                   "        return level\n"
                                   "    glow = read_level()\n"
                                   "\n"
                                   "def fade_lamp():\n"
                                   "    try:\n"
                                   "        level = read_level()\n"
                                   "    except LampError:\n"
                                   "        pass\n"
                                   "\n"
                                   "    level = read_level()\n"
                                   "\n"
                                   "\n"
                                   "    try:\n"
                                   "        level = read_level()  # checked\n"
                                   "    except LampError:\n"
                                   "        pass\n";

TEST(unseen_blank_pair, blank_line_let_go_beside_a_left_out_line)
{
	run x;

	go(&x, "pkg/lamp.py", LAMP,
	   "<replace_in_file>\n"
	   "<path>pkg/lamp.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "\n"
	   "            return level\n"
	   "        if glow:\n"
	   "            return glow\n"
	   "\n"
	   "    def wait_lamp():\n"
	   "\n"
	   "        level = read_level()\n"
	   "\n"
	   "\n"
	   "        try:\n"
	   "            level = read_level()\n"
	   "=======\n"
	   "\n"
	   "        if glow:\n"
	   "            return level\n"
	   "        if glow:  # checked\n"
	   "            return glow\n"
	   "\n"
	   "    def wait_lamp():\n"
	   "\n"
	   "        level = read_level()\n"
	   "\n"
	   "\n"
	   "        try:\n"
	   "            level = read_level()  # checked\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "pkg/lamp.py", LAMP_CHECKED));
	else
		CHECK(has(&x, "pkg/lamp.py", LAMP));
	done(&x);
}

/* The same reply with the left-out line given: applied as meant. */
TEST(unseen_blank_pair, blank_line_with_its_line_given_applies)
{
	run x;

	go(&x, "pkg/lamp.py", LAMP,
	   "<replace_in_file>\n"
	   "<path>pkg/lamp.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "\n"
	   "        if glow:\n"
	   "            return level\n"
	   "        if glow:\n"
	   "            return glow\n"
	   "\n"
	   "    def wait_lamp():\n"
	   "\n"
	   "        level = read_level()\n"
	   "\n"
	   "\n"
	   "        try:\n"
	   "            level = read_level()\n"
	   "=======\n"
	   "\n"
	   "        if glow:\n"
	   "            return level\n"
	   "        if glow:  # checked\n"
	   "            return glow\n"
	   "\n"
	   "    def wait_lamp():\n"
	   "\n"
	   "        level = read_level()\n"
	   "\n"
	   "\n"
	   "        try:\n"
	   "            level = read_level()  # checked\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pkg/lamp.py", LAMP_CHECKED));
	done(&x);
}
