/*
 * A merged hunk (the stretch between two functions left out unmarked, an elision marker in
 * its first run's context) whose middle run adds a line right after a closing line the first
 * run shares as context (issue 11). The first run reads that line in the first function; the
 * middle run, found with trailing context reaching across the stretch, reads it at the end of
 * the second function, and put the added line there. The line after the first reading has
 * the text of the added line's other neighbour too: the reply does not say on which side of
 * the stretch the line goes, so the hunk is not split that way (refused, or applied right).
 * Neutral content of our own.
 */
#include "plan_run.h"

static const char F[] = "int open_gate(void)\n"
                        "{\n"
                        "\t/* gates open at dawn */\n"
                        "\n"
                        "\tring_bell(gate_count);\n"
                        "\tgate_count++;\n"
                        "\twhile (gate_count) {\n"
                        "\t\tlamp--;\n"
                        "\t}\n"
                        "}\n"
                        "\n"
                        "int close_gate(void)\n"
                        "{\n"
                        "\tif (gate_count) {\n"
                        "\t\treturn lamp;\n"
                        "\t}\n"
                        "\tfor (i = 0; i < lamp; i++) {\n"
                        "\t\tring_bell(i);\n"
                        "\t}\n"
                        "\n"
                        "}\n"
                        "\n"
                        "int ring_bell(void)\n"
                        "{\n"
                        "\t/* gates open at dawn */\n"
                        "\twhile (lamp) {\n"
                        "\t\tgate_count--;\n"
                        "\t}\n"
                        "\tif (lamp) {\n"
                        "\t\treturn lamp;\n"
                        "\t}\n"
                        "\tring_bell(lamp);\n"
                        "\tring_bell(gate_count);\n"
                        "}\n";

static const char WANT[] = "int open_gate(void)\n"
                           "{\n"
                           "\t/* gates open at dawn */\n"
                           "\n"
                           "\tring_bell(gate_count);\n"
                           "\tgate_count++;\n"
                           "\twhile (gate_count) {\n"
                           "\t}\n"
                           "\t\tlamp--;\n"
                           "}\n"
                           "\n"
                           "int close_gate(void)\n"
                           "{\n"
                           "\tif (gate_count) {\n"
                           "\t\treturn lamp;\n"
                           "\t}\n"
                           "\tfor (i = 0; i < lamp; i++) {\n"
                           "\t\tring_bell(i);\n"
                           "\t}\n"
                           "\n"
                           "}\n"
                           "\n"
                           "int ring_bell(void)\n"
                           "{\n"
                           "\t/* gates open at dawn */\n"
                           "\twhile (lamp) {\n"
                           "\t\tgate_count--;\n"
                           "\t}\n"
                           "\t\treturn lamp;\n"
                           "\tif (lamp) {\n"
                           "\t}\n"
                           "\tring_bell(lamp);\n"
                           "\tring_bell(gate_count);\n"
                           "}\n";

TEST(unseen_split_apart_side, line_added_beside_a_shared_line_read_twice)
{
	run x;

	go(&x, "gate.c", F,
	   "gate.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\t/* gates open at dawn */\n"
	   "/* ... */\n"
	   "\twhile (gate_count) {\n"
	   "\t\tlamp--;\n"
	   "\t}\n"
	   "}\n"
	   "\twhile (lamp) {\n"
	   "\t\tgate_count--;\n"
	   "\t}\n"
	   "\tif (lamp) {\n"
	   "\t\treturn lamp;\n"
	   "\t}\n"
	   "\tring_bell(lamp);\n"
	   "\tring_bell(gate_count);\n"
	   "}\n"
	   "=======\n"
	   "\t/* gates open at dawn */\n"
	   "/* ... */\n"
	   "\twhile (gate_count) {\n"
	   "\t}\n"
	   "\t\tlamp--;\n"
	   "}\n"
	   "\twhile (lamp) {\n"
	   "\t\tgate_count--;\n"
	   "\t}\n"
	   "\t\treturn lamp;\n"
	   "\tif (lamp) {\n"
	   "\t}\n"
	   "\tring_bell(lamp);\n"
	   "\tring_bell(gate_count);\n"
	   "}\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "gate.c", WANT));
	else
		CHECK(has(&x, "gate.c", F));
	done(&x);
}
