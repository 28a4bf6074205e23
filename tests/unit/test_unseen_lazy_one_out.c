/*
 * A merged hunk with a placeholder expanded (issue 11, stop 30), with neutral content of our own:
 * a half of it stands as written on a near copy and, but for one file line the old side leaves
 * out, on a farther one. A half holding no line kept for the placeholder, or one whose place
 * found lets such a line go, is weighed as without a placeholder: refused, naming the other
 * reading.
 */
#include "plan_run.h"

/* The placeholder follows lines of alpha the hunk shows deleted; the half after it, "level--;",
 * "}", the sweep comment, stands as written in beta and in gamma but for its
 * "count_node" line. Read in beta, the line it adds lands in the wrong function as likely as
 * not: refused, naming gamma's line. */
TEST(unseen_lazy_one_out, half_after_a_placeholder_with_a_one_out_copy_is_refused)
{
	run x;
	seam_edit_info ei;
	static const char F[] = "int alpha(void)\n"
	                        "{\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\t/* sweep the nodes */\n"
	                        "\tmark_node(root);\n"
	                        "\tlevel++;\n"
	                        "\tif (level) {\n"
	                        "\t\treturn root;\n"
	                        "\t}\n"
	                        "\tif (root) {\n"
	                        "\t\treturn level;\n"
	                        "\t}\n"
	                        "\t/* sweep the nodes */\n"
	                        "}\n"
	                        "\n"
	                        "int beta(void)\n"
	                        "{\n"
	                        "\twhile (root) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\t/* sweep the nodes */\n"
	                        "}\n"
	                        "\n"
	                        "int gamma(void)\n"
	                        "{\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\tcount_node(root);\n"
	                        "\t/* sweep the nodes */\n"
	                        "\tlevel++;\n"
	                        "}\n";

	go(&x, "src/f.c", F,
	   "```diff\n"
	   "--- a/src/f.c\n"
	   "+++ b/src/f.c\n"
	   "@@ ... @@\n"
	   " int alpha(void)\n"
	   " {\n"
	   " \twhile (level) {\n"
	   "-\t\tlevel--;\n"
	   "+\t\tlevel--;  // changed\n"
	   " \t}\n"
	   "-\t/* sweep the nodes */\n"
	   "-\tmark_node(root);\n"
	   "-\tlevel++;\n"
	   "-\tif (level) {\n"
	   "-\t\treturn root;\n"
	   "-\t}\n"
	   "-\tif (root) {\n"
	   "+\t// ... existing code ...\n"
	   " \t\tlevel--;\n"
	   "+\t\ttrace_step(1);\n"
	   " \t}\n"
	   " \t/* sweep the nodes */\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 29"));
	CHECK(has(&x, "src/f.c", F));
	done(&x);
}

/* The placeholder stands where the hunk shows "return 0;" and two blank lines deleted; the half
 * holding them stands in check_state() only by letting those blank lines go, and as written in
 * close_port() but for its "check_state" line. Lines the reply shows, kept for the placeholder,
 * that the place found stands on no file line do not speak for it: refused, naming line 24. */
TEST(unseen_lazy_one_out, half_letting_go_lines_kept_for_a_placeholder_is_refused)
{
	run x;
	seam_edit_info ei;
	static const char F[] = "int open_port(void)\n"
	                        "{\n"
	                        "\tcheck_state(ready);\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn ready;\n"
	                        "\t}\n"
	                        "\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn spare;\n"
	                        "\t}\n"
	                        "\trun_task(spare);\n"
	                        "}\n"
	                        "\n"
	                        "int check_state(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn ready;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int close_port(void)\n"
	                        "{\n"
	                        "\treturn 0;\n"
	                        "\n"
	                        "\n"
	                        "\tcheck_state(ready);\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn ready;\n"
	                        "\t}\n"
	                        "}\n";

	go(&x, "p.c", F,
	   "```diff\n"
	   "--- p.c\n"
	   "+++ p.c\n"
	   "@@ ... @@\n"
	   " \t\treturn ready;\n"
	   " \t}\n"
	   " \n"
	   "+\treturn spare;\n"
	   "-\tif (ready) {\n"
	   "-\t\treturn spare;\n"
	   "-\t}\n"
	   " \trun_task(spare);\n"
	   "-\treturn 0;\n"
	   "-\n"
	   "-\n"
	   "+\t// ... existing code ...\n"
	   " \tif (ready) {\n"
	   "+\t\treturn ready;  // changed\n"
	   "-\t\treturn ready;\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 24"));
	CHECK(has(&x, "p.c", F));
	done(&x);
}
