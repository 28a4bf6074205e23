/*
 * A place found loosely across a line it lets go is weighed against a half of its old side
 * standing elsewhere with the lines its new side adds (sm_pieces_adds_rival): another copy of
 * those lines is another place, but the same lines read one line off (a file that repeats a
 * line right below itself) is the place found, read otherwise. Neutral content of our own.
 */
#include "plan_run.h"

static const char KENNEL[] = "int feed_dogs(void)\n"
                             "{\n"
                             "\tif (bowl) {\n"
                             "\t\treturn leash;\n"
                             "\t}\n"
                             "\tif (bowl) {\n"
                             "\t\treturn leash;\n"
                             "\t}\n"
                             "\t/* fill the bowl first */\n"
                             "\treturn 0;\n"
                             "\tif (bowl) {\n"
                             "\t\treturn collar;\n"
                             "\t}\n"
                             "\treturn 0;\n"
                             "}\n"
                             "\n"
                             "int walk_dogs(void)\n"
                             "{\n"
                             "\t/* fill the bowl first */\n"
                             "\treturn 0;\n"
                             "\treturn 0;\n"
                             "\tif (leash) {\n"
                             "\t\treturn collar;\n"
                             "\t}\n"
                             "\n"
                             "}\n"
                             "\n"
                             "int walk_dogs(void)\n"
                             "{\n"
                             "\n"
                             "\treturn 0;\n"
                             "\treturn 0;\n"
                             "\t/* fill the bowl first */\n"
                             "\treturn 0;\n"
                             "\tif (collar) {\n"
                             "\t\treturn bowl;\n"
                             "\t}\n"
                             "}\n";

/* The block's old side leaves out the second function's head between "}" and "{" (a line let
 * go) and moves a closing brace up; its first half also reads from the line above, the file's
 * "return 0;" twice in a row, with the added brace there: the same lines one off, no rival. */
TEST(unseen_loose_rival_one_off, half_read_one_line_off_is_no_other_place)
{
	static const char R[] = "kennel.c\n"
	                        "```\n"
	                        "<<<<<<< SEARCH line=21\n"
	                        "\treturn 0;  \n"
	                        "\tif (leash) {\n"
	                        "\t\treturn collar;\n"
	                        "\t}\n"
	                        "\n"
	                        "}\n"
	                        "\n"
	                        "{\n"
	                        "=======\n"
	                        "\t}\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "\tif (leash) {\n"
	                        "\t\treturn collar;\n"
	                        "}\n"
	                        "\n"
	                        "int walk_dogs(void)\n"
	                        "{\n"
	                        ">>>>>>> REPLACE\n"
	                        "```\n";
	static const char WANT[] = "int feed_dogs(void)\n"
	                           "{\n"
	                           "\tif (bowl) {\n"
	                           "\t\treturn leash;\n"
	                           "\t}\n"
	                           "\tif (bowl) {\n"
	                           "\t\treturn leash;\n"
	                           "\t}\n"
	                           "\t/* fill the bowl first */\n"
	                           "\treturn 0;\n"
	                           "\tif (bowl) {\n"
	                           "\t\treturn collar;\n"
	                           "\t}\n"
	                           "\treturn 0;\n"
	                           "}\n"
	                           "\n"
	                           "int walk_dogs(void)\n"
	                           "{\n"
	                           "\t/* fill the bowl first */\n"
	                           "\treturn 0;\n"
	                           "\t}\n"
	                           "\n"
	                           "\treturn 0;\n"
	                           "\tif (leash) {\n"
	                           "\t\treturn collar;\n"
	                           "}\n"
	                           "\n"
	                           "int walk_dogs(void)\n"
	                           "{\n"
	                           "\n"
	                           "\treturn 0;\n"
	                           "\treturn 0;\n"
	                           "\t/* fill the bowl first */\n"
	                           "\treturn 0;\n"
	                           "\tif (collar) {\n"
	                           "\t\treturn bowl;\n"
	                           "\t}\n"
	                           "}\n";
	run x;

	go(&x, "kennel.c", KENNEL, R);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_APPLIED);
	CHECK(has(&x, "kennel.c", WANT));
	done(&x);
}
