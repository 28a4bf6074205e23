/*
 * A merged hunk whose first run is found, cut from the rest, at a copy of its lines away from
 * the line its header names, while from that line the hunk's lines stand too but for a blank
 * line the reply dropped (issue 11, stop 28), with neutral content of our own: the reply does
 * not say which copy it changes. Refused, naming both.
 */
#include "plan_run.h"

/* The header names line 5, where "}", a blank line, "while (level) {" and "level--;" stand;
 * the run's three lines stand without the blank line at line 24, in the function the second
 * run changes. Refused, naming line 24 and line 5. */
TEST(unseen_split_header, first_run_away_from_the_header_line_is_refused)
{
	static const char P[] = "int fill_tank(void)\n"
	                        "{\n"
	                        "\tif (level) {\n"
	                        "\t\treturn flow;\n"
	                        "\t}\n"
	                        "\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\tif (flow) {\n"
	                        "\t\treturn level;\n"
	                        "\t}\n"
	                        "\t/* drained here */\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tank(void)\n"
	                        "{\n"
	                        "\topen_valve(level);\n"
	                        "\n"
	                        "\t/* drained here */\n"
	                        "\topen_valve(flow);\n"
	                        "\twhile (level) {\n"
	                        "\t\tflow--;\n"
	                        "\t}\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\tflow++;\n"
	                        "}\n"
	                        "\n"
	                        "int stop_pump(void)\n"
	                        "{\n"
	                        "\n"
	                        "\tflow++;\n"
	                        "\twhile (flow) {\n"
	                        "\t\tflow--;\n"
	                        "\t}\n"
	                        "\topen_valve(level);\n"
	                        "\t/* drained here */\n"
	                        "\tflow++;\n"
	                        "\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "pump.c", P,
	   "```diff\n"
	   "--- a/pump.c\n"
	   "+++ b/pump.c\n"
	   "@@ -5,9 +5,11 @@\n"
	   " \t}\n"
	   " \twhile (level) {\n"
	   "+\t\tcheck_gauge(level);\n"
	   "+\t\tlog_level(level);\n"
	   " \t\tlevel--;\n"
	   " \tflow++;\n"
	   " \twhile (flow) {\n"
	   " \t}\n"
	   " \topen_valve(level);\n"
	   "+\tflow++;\n"
	   " \t/* drained here */\n"
	   "-\tflow++;\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 24 of the file"));
	CHECK(ei.message && strstr(ei.message, "header names, line 5"));
	CHECK(has(&x, "pump.c", P));
	done(&x);
}
