/*
 * A merged hunk with a blank line dropped from its first half, found as two halves: the second
 * on the first copy of its lines past the stretch, as written. The second half stands as well on
 * a later copy but for one line of substance the old side leaves out (a context line dropped
 * too), the first half the same in both readings (the blank line passed over alike). The lines
 * it adds go into one loop or the other: the reply does not say which. Refused. Neutral content
 * of our own.
 */
#include "plan_run.h"

static const char F[] = "int fill_tank(void)\n"
                        "{\n"
                        "\tif (volume) {\n"
                        "\t\treturn volume;\n"
                        "\t}\n"
                        "\tif (volume) {\n"
                        "\t\treturn volume;\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int drain_tank(void)\n"
                        "{\n"
                        "\tpump_rate(volume);\n"
                        "\t/* keep the valve shut */\n"
                        "\twhile (volume) {\n"
                        "\t\tvolume--;\n"
                        "\t}\n"
                        "\tfor (i = 0; i < volume; i++) {\n"
                        "\t\tmeasure_level(i);\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int vent_tank(void)\n"
                        "{\n"
                        "\tif (volume) {\n"
                        "\t\treturn volume;\n"
                        "\t}\n"
                        "\t/* keep the valve shut */\n"
                        "\tpump_rate(volume);\n"
                        "\tvolume++;\n"
                        "}\n"
                        "\n"
                        "int seal_tank(void)\n"
                        "{\n"
                        "\twhile (volume) {\n"
                        "\t\tvolume--;\n"
                        "\t}\n"
                        "\treturn 0;\n"
                        "\tfor (i = 0; i < volume; i++) {\n"
                        "\t\tmeasure_level(i);\n"
                        "\t}\n"
                        "\tvolume++;\n"
                        "}\n";

TEST(unseen_blank_shared_half, second_half_exact_nearby_and_one_out_further_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "tank.c", F,
	   "*** Begin Patch\n"
	   "*** Update File: tank.c\n"
	   "@@\n"
	   " \t\treturn volume;\n"
	   " \t}\n"
	   "+\treturn volume;\n"
	   "-\tif (volume) {\n"
	   "-\t\treturn volume;\n"
	   "-\t}\n"
	   " }\n"
	   " int drain_tank(void)\n"
	   " \t\tvolume--;\n"
	   " \t}\n"
	   " \tfor (i = 0; i < volume; i++) {\n"
	   "+\t\ttally = gauge_step(7);\n"
	   "+\t\t// read back at step 7\n"
	   " \t\tmeasure_level(i);\n"
	   " \t}\n"
	   "*** End Patch\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "tank.c", F));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 4 of the file") &&
	      strstr(ei.message, "line 36"));
	done(&x);
}
