/*
 * A merged hunk with a blank line dropped from its old side, found as two halves (the second on
 * the first copy of its lines past the stretch, but for that blank line), while the second half
 * stands as well on a later copy but for the blank line and one line of substance the old side
 * leaves out (a context line dropped too). The lines it adds go under one copy or the other of
 * a line every function holds: the reply does not say which. Refused. Neutral content of our
 * own.
 */
#include "plan_run.h"

static const char F[] = "int open_gauge(void)\n"
                        "{\n"
                        "\twhile (level) {\n"
                        "\t\tlevel--;\n"
                        "\t}\n"
                        "\twhile (level) {\n"
                        "\t\tlevel--;\n"
                        "\t}\n"
                        "\treturn 0;\n"
                        "\tsettle(level);\n"
                        "\tif (level) {\n"
                        "\t\treturn level;\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int shut_gauge(void)\n"
                        "{\n"
                        "\twhile (level) {\n"
                        "\t\tlevel--;\n"
                        "\t}\n"
                        "\tsettle(level);\n"
                        "\tlevel++;\n"
                        "}\n"
                        "\n"
                        "int read_gauge(void)\n"
                        "{\n"
                        "\tif (level) {\n"
                        "\t\treturn level;\n"
                        "\t}\n"
                        "\tif (level) {\n"
                        "\t\treturn level;\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int read_gauge(void)\n"
                        "{\n"
                        "\tif (level) {\n"
                        "\t\treturn level;\n"
                        "\t}\n"
                        "\treturn 0;\n"
                        "}\n"
                        "\n"
                        "int read_gauge(void)\n"
                        "{\n"
                        "\tif (level) {\n"
                        "\t\treturn level;\n"
                        "\t}\n"
                        "\treturn 1;\n"
                        "}\n";

TEST(unseen_blank_one_out, half_on_a_later_copy_with_a_blank_and_a_line_left_out_is_refused)
{
	run x;

	go(&x, "gauge.c", F,
	   "```diff\n"
	   "--- a/gauge.c\n"
	   "+++ b/gauge.c\n"
	   "@@ -6,16 +6,16 @@\n"
	   " \twhile (level) {\n"
	   " \t\tlevel--;\n"
	   " \t}\n"
	   " \treturn 0;\n"
	   " \tsettle(level);\n"
	   "+\treturn level;\n"
	   "-\tif (level) {\n"
	   "-\t\treturn level;\n"
	   "-\t}\n"
	   " }\n"
	   " \t\treturn level;\n"
	   "+\t\tmarker = probe(2);\n"
	   "+\t\t// probed twice here\n"
	   " \t}\n"
	   " }\n"
	   " int read_gauge(void)\n"
	   " {\n"
	   " \tif (level) {\n"
	   " \t\treturn level;\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "gauge.c", F));
	done(&x);
}
