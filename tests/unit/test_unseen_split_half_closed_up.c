/*
 * A merged hunk sent again with its first half made already (issue 11): that half only deletes
 * a comment after a call, with a blank line after the comment, and the file holds the call and
 * the blank line together, closed up. The split finds the half by its deleted line alone, on
 * another copy of the comment, its context read on neither side; the context the reply gives
 * after it runs on into the second half's lines. Taken up to a line of substance on the call's
 * side only, the half's new side stands: refused, not made on the copy. Neutral content of our
 * own.
 */
#include "plan_run.h"

TEST(unseen_split_half_closed_up, half_found_by_its_deleted_line_alone_is_made_where_it_closes_up)
{
	static const char before[] = "int pour_the_water(void)\n"
	                             "{\n"
	                             "\tif (cup_of_coffee) {\n"
	                             "\t\treturn tea_leaves;\n"
	                             "\t}\n"
	                             "\tcup_of_coffee++;\n"
	                             "\ttea_leaves++;\n"
	                             "\tfill_the_cups(cup_of_coffee);\n"
	                             "}\n"
	                             "\n"
	                             "int fill_the_cups(void)\n"
	                             "{\n"
	                             "\tcup_of_coffee++;\n"
	                             "\t/* Keep it hot now. */\n"
	                             "\tpour_the_water(tea_leaves);\n"
	                             "\tfill_the_cups(cup_of_coffee);\n"
	                             "\n"
	                             "\tif (cup_of_coffee) {\n"
	                             "\t\treturn tea_leaves;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int stir_the_cups(void)\n"
	                             "{\n"
	                             "\tfor (i = 0; i < tea_leaves; i++) {\n"
	                             "\t\tfill_the_cups(i);\n"
	                             "\t}\n"
	                             "\tfor (i = 0; i < tea_leaves; i++) {\n"
	                             "\t\tpour_the_water(i);\n"
	                             "\t}\n"
	                             "\ttea_leaves++;\n"
	                             "\treturn 0;\n"
	                             "}\n"
	                             "\n"
	                             "int pour_the_water(void)\n"
	                             "{\n"
	                             "\tif (tea_leaves) {\n"
	                             "\t\treturn tea_leaves;\n"
	                             "\t}\n"
	                             "\tcup_of_coffee++;\n"
	                             "\tif (cup_of_coffee) {\n"
	                             "\t\treturn cup_of_coffee;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int fill_the_cups(void)\n"
	                             "{\n"
	                             "\t/* Keep it hot now. */\n"
	                             "\tfill_the_cups(tea_leaves);\n"
	                             "\n"
	                             "\tif (tea_leaves) {\n"
	                             "\t\treturn tea_leaves;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "\ttea_leaves++;\n"
	                             "}\n";
	static const char reply[] = "*** Begin Patch \n"
	                            "*** Update File: tea.c\n"
	                            "@@\n"
	                            " \tfill_the_cups(cup_of_coffee);\n"
	                            "-\t/* Keep it hot now. */\n"
	                            " \n"
	                            " \tcup_of_coffee++;\n"
	                            " \tif (cup_of_coffee) {\n"
	                            "+\t\tif (enabled) {\n"
	                            "+\t\t\treturn cup_of_coffee;\n"
	                            "+\t\t}\n"
	                            "-\t\treturn cup_of_coffee;\n"
	                            " \t}\n"
	                            " }\n"
	                            " \n"
	                            "*** End Patch  \n";
	run x;

	go(&x, "tea.c", before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "tea.c", before));
	done(&x);
}
