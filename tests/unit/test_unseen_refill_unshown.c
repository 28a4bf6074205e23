/*
 * A whole-sides block whose old side leaves out one of two equal runs of lines (a loop written
 * twice in a row) and, further on, a line its new side writes as an addition (missing context,
 * merged hunks). The refill puts the left-out lines back and diffs the sides again: the new side
 * then holds one copy of the loop for the file's two, and that diff deleted the other, where the
 * reply changes nothing and neither of its sides deletes a line. The left-out loop stays where
 * the file has it. Neutral content of our own, in a file without a grammar.
 */
#include "plan_run.h"

static const char BEFORE[] = "int drain_all(void)\n"
                             "{\n"
                             "\t/* empty the queue first */\n"
                             "\twhile (pending) {\n"
                             "\t\tpending--;\n"
                             "\t}\n"
                             "\tfor (n = 0; n < pending; n++) {\n"
                             "\t\tflush_slot(n);\n"
                             "\t}\n"
                             "\tfor (n = 0; n < pending; n++) {\n"
                             "\t\tflush_slot(n);\n"
                             "\t}\n"
                             "}\n"
                             "\n"
                             "int close_all(void)\n"
                             "{\n"
                             "\tflush_slot(pending);\n"
                             "\tif (pending) {\n"
                             "\t\treturn pending;\n"
                             "\t}\n"
                             "}\n";

static const char REPLY[] = "w.txt\n"
                            "```\n"
                            "<<<<<<< SEARCH\n"
                            "{\n"
                            "\t/* empty the queue first */\n"
                            "\twhile (pending) {\n"
                            "\t\tpending--;\n"
                            "\t}\n"
                            "\tfor (n = 0; n < pending; n++) {\n"
                            "\t\tflush_slot(n);\n"
                            "\t}\n"
                            "}\n"
                            "\n"
                            "{\n"
                            "\tflush_slot(pending);\n"
                            "\tif (pending) {\n"
                            "\t\treturn pending;\n"
                            "=======\n"
                            "{\n"
                            "\t/* empty the queue first */\n"
                            "\tlock_queue();\n"
                            "\twhile (pending) {\n"
                            "\t\tpending--;\n"
                            "\t}\n"
                            "\tfor (n = 0; n < pending; n++) {\n"
                            "\t\tflush_slot(n);\n"
                            "\t}\n"
                            "}\n"
                            "\n"
                            "int close_all(void)\n"
                            "{\n"
                            "\tif (pending) {\n"
                            "\t\treturn pending;\n"
                            ">>>>>>> REPLACE\n"
                            "```\n";

static const char AFTER[] = "int drain_all(void)\n"
                            "{\n"
                            "\t/* empty the queue first */\n"
                            "\tlock_queue();\n"
                            "\twhile (pending) {\n"
                            "\t\tpending--;\n"
                            "\t}\n"
                            "\tfor (n = 0; n < pending; n++) {\n"
                            "\t\tflush_slot(n);\n"
                            "\t}\n"
                            "\tfor (n = 0; n < pending; n++) {\n"
                            "\t\tflush_slot(n);\n"
                            "\t}\n"
                            "}\n"
                            "\n"
                            "int close_all(void)\n"
                            "{\n"
                            "\tif (pending) {\n"
                            "\t\treturn pending;\n"
                            "\t}\n"
                            "}\n";

/* applied with the second loop kept, or refused: never a loop gone */
TEST(unseen_refill_unshown, left_out_copy_of_a_kept_run_is_not_deleted)
{
	run x;

	go(&x, "w.txt", BEFORE, REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "w.txt", AFTER));
	done(&x);
}
