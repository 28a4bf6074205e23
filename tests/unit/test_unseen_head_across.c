/*
 * A merged hunk that moves a line down into a loop, the loop's own header left out of its old
 * side (a context line dropped), the stretch between its halves left out too. Its old side stands
 * as two halves as written, the second starting on another loop's body line further on; it stands
 * as well with that body line and its brace on the first half, the header left out between. The
 * second half is five lines of substance long, yet the readings differ only in which copy of the
 * body line the moved line goes under: which side of the stretch, the reply does not say.
 * Refused. Neutral content of our own.
 */
#include "plan_run.h"

static const char F[] = "int gather(void)\n"
                        "{\n"
                        "\ttally(total);\n"
                        "\ttally(total);\n"
                        "\tif (total) {\n"
                        "\t\treturn total;\n"
                        "\t}\n"
                        "\twhile (total) {\n"
                        "\t\ttotal--;\n"
                        "\t}\n"
                        "\tfor (k = 0; k < total; k++) {\n"
                        "\t\ttally(k);\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int spread(void)\n"
                        "{\n"
                        "\tprobe(total);\n"
                        "\tfor (k = 0; k < total; k++) {\n"
                        "\t\tprobe(k);\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int settle(void)\n"
                        "{\n"
                        "\twhile (total) {\n"
                        "\t\ttotal--;\n"
                        "\t}\n"
                        "\ttotal++;\n"
                        "}\n"
                        "\n"
                        "int drain(void)\n"
                        "{\n"
                        "\treset_all(total);\n"
                        "\twhile (total) {\n"
                        "\t\ttotal--;\n"
                        "\t}\n"
                        "\treturn 0;\n"
                        "}\n";

TEST(unseen_head_across, moved_line_under_a_body_line_either_side_of_the_stretch_is_refused)
{
	static const char want[] = "int gather(void)\n"
	                           "{\n"
	                           "\ttally(total);\n"
	                           "\tif (total) {\n"
	                           "\t\treturn total;\n"
	                           "\t}\n"
	                           "\twhile (total) {\n"
	                           "\t\ttotal--;\n"
	                           "\ttally(total);\n"
	                           "\t}\n"
	                           "\tfor (k = 0; k < total; k++) {\n"
	                           "\t\ttally(k);\n"
	                           "\t}\n"
	                           "}\n"
	                           "\n"
	                           "int spread(void)\n"
	                           "{\n"
	                           "\tprobe(total);\n"
	                           "\tfor (k = 0; k < total; k++) {\n"
	                           "\t\tprobe(k);\n"
	                           "\t}\n"
	                           "}\n"
	                           "\n"
	                           "int settle(void)\n"
	                           "{\n"
	                           "\twhile (total) {\n"
	                           "\t\ttotal--;\n"
	                           "\t}\n"
	                           "\ttotal++;\n"
	                           "}\n"
	                           "\n"
	                           "int drain(void)\n"
	                           "{\n"
	                           "\twhile (total) {\n"
	                           "\treset_all(total);\n"
	                           "\t\ttotal--;\n"
	                           "\t}\n"
	                           "\treturn 0;\n"
	                           "}\n";
	run x;

	go(&x, "pool.c", F,
	   "```diff\n--- pool.c\n+++ pool.c\n@@ ... @@\n"
	   " \ttally(total);\n"
	   "-\ttally(total);\n"
	   " \tif (total) {\n"
	   " \t\treturn total;\n"
	   " \t}\n"
	   " \t\ttotal--;\n"
	   "+\ttally(total);\n"
	   " \t}\n"
	   " \ttotal++;\n"
	   " }\n"
	   " \n"
	   " int drain(void)\n"
	   " {\n"
	   "+\twhile (total) {\n"
	   " \treset_all(total);\n"
	   "-\twhile (total) {\n"
	   " \t\ttotal--;\n"
	   " \t}\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK || has(&x, "pool.c", want));
	CHECK(x.plan == SEAM_OK || has(&x, "pool.c", F));
	done(&x);
}
