/*
 * A merged hunk that moves lines and dropped a context line from its old side only (issue 11,
 * stop 30), with neutral content of our own: the new side writes the dropped line right above a
 * "}" it keeps, with a copy of that "}" after it, and the sides' diff pairs the first copy. The
 * split then writes the line and the "}" a second time after the file's own, and the first
 * run loses the "}" it moves. Refused, the file unchanged.
 */
#include "plan_run.h"

/* The block moves "return level;" into the second loop of first() and wraps the last
 * "return 0;" of last(); its old side leaves out last()'s "push_item(n);", which its new side
 * writes above the "}" that follows it. */
TEST(unseen_split_copy_pairing, left_out_line_beside_a_copy_of_its_context_refuses)
{
	run x;
	static const char F[] = "void setup(void)\n"
	                        "{\n"
	                        "\treset_all();\n"
	                        "}\n"
	                        "\n"
	                        "int first(void)\n"
	                        "{\n"
	                        "\twhile (n < limit) {\n"
	                        "\t\tpush_item(n);\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn level;\n"
	                        "\t}\n"
	                        "\twhile (n < level) {\n"
	                        "\t\tpush_item(n);\n"
	                        "\t}\n"
	                        "\tif (level) {\n"
	                        "\t\treturn ready;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int middle(void)\n"
	                        "{\n"
	                        "\tstart_clock();\n"
	                        "\tif (ready) {\n"
	                        "\t\treturn ready;\n"
	                        "\t}\n"
	                        "\tstop_clock();\n"
	                        "}\n"
	                        "\n"
	                        "int last(void)\n"
	                        "{\n"
	                        "\twhile (n < limit) {\n"
	                        "\t\tpush_item(n);\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "}\n";

	go(&x, "s/f.c", F,
	   "s/f.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\t\tpush_item(n);\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\tif (ready) {\n"
	   "\t\treturn level;\n"
	   "\t}\n"
	   "\twhile (n < level) {\n"
	   "\t\tpush_item(n);\n"
	   "\t}\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "}\n"
	   "=======\n"
	   "\t\tpush_item(n);\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\tif (ready) {\n"
	   "\twhile (n < level) {\n"
	   "\t\tpush_item(n);\n"
	   "\t\treturn level;\n"
	   "\t}\n"
	   "\t}\n"
	   "\t\tpush_item(n);\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\t{\n"
	   "\t\treturn 0;\n"
	   "\t}\n"
	   "}\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "s/f.c", F));
	done(&x);
}
