/*
 * Merged hunks with a run moved (issue 11, stop 29), written again with neutral content of our
 * own: the block skips the stretch between its two halves, and the line just past that stretch
 * is one the edit deletes and writes again further on, past lines it keeps. The sides' diff
 * anchors the stretch on the deleted copy; the reply may as well mean the stretch to stay beside
 * the line where it is written again, on the other side of the kept lines.
 */
#include "plan_run.h"

/* The `while` loop moves below the `if`; the block leaves out the end of `pack` and the head
 * of `unpack_all` before its second half, which starts with the `{` under that head. The
 * sides' diff pairs the moved loop with the loop of `unpack_all` and deletes the `{`: applied
 * so, the loop lands between `unpack_all`'s head and its brace. Refused, naming both lines. */
TEST(unseen_gap_moved, stretch_next_to_a_moved_line_is_refused)
{
	static const char F[] = "int pack(void)\n"
	                        "{\n"
	                        "\ttotal++;\n"
	                        "\tfor (k = 0; k < total; k++) {\n"
	                        "\t\temit_item(k);\n"
	                        "\t}\n"
	                        "\twhile (total) {\n"
	                        "\t\ttotal--;\n"
	                        "\t}\n"
	                        "\tif (total) {\n"
	                        "\t\treturn total;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int unpack_all(void)\n"
	                        "{\n"
	                        "\twhile (total) {\n"
	                        "\t\ttotal--;\n"
	                        "\t}\n"
	                        "\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "pack.c", F,
	   "pack.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\t\temit_item(k);\n"
	   "\t}\n"
	   "\twhile (total) {\n"
	   "\t\ttotal--;\n"
	   "\t}\n"
	   "\tif (total) {\n"
	   "\t\treturn total;\n"
	   "\t}\n"
	   "{\n"
	   "\twhile (total) {\n"
	   "\t\ttotal--;\n"
	   "\t}\n"
	   "\n"
	   "=======\n"
	   "\t\temit_item(k);\n"
	   "\t}\n"
	   "\tif (total) {\n"
	   "\t\treturn total;\n"
	   "\t}\n"
	   "\twhile (total) {\n"
	   "\t\ttotal--;\n"
	   "\t}\n"
	   "{\n"
	   "\twhile (total_left) {\n"
	   "\t\ttotal_left--;\n"
	   "\t}\n"
	   "\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 13 of the file"));
	CHECK(ei.message && strstr(ei.message, "line 16 ("));
	CHECK(has(&x, "pack.c", F));
	done(&x);
}

/* The stretch between two blank lines the edit deletes and writes again together further on,
 * past a line it keeps: lifted whole from between them, or left where it is? Refused. A blank
 * line moving alone is a change of spacing and says nothing (match's merged-block test). */
TEST(unseen_gap_moved, stretch_between_two_moved_blank_lines_is_refused)
{
	static const char F[] = "\tcount++;\n"
	                        "\twhile (count) {\n"
	                        "\t\tcount--;\n"
	                        "\t}\n"
	                        "\twhile (count) {\n"
	                        "\t\tcount--;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_all(void)\n"
	                        "{\n"
	                        "\n"
	                        "\tif (count) {\n"
	                        "\t\treturn count;\n"
	                        "\t}\n"
	                        "\twhile (count) {\n"
	                        "\t\tcount--;\n"
	                        "\t}\n";
	run x;
	seam_edit_info ei;

	go(&x, "drain.c", F,
	   "drain.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\twhile (count) {\n"
	   "\t}\n"
	   "\twhile (count) {\n"
	   "\t\tcount--;\n"
	   "\t}\n"
	   "}\n"
	   "\n"
	   "\n"
	   "\tif (count) {\n"
	   "\t\treturn count;\n"
	   "\t}\n"
	   "\twhile (count) {\n"
	   "=======\n"
	   "\twhile (count) {\n"
	   "\t\tcount--;\n"
	   "\t}\n"
	   "}\n"
	   "\t\tcount--;\n"
	   "\t}\n"
	   "\twhile (count) {\n"
	   "\n"
	   "\n"
	   "\treturn count;\n"
	   "\twhile (count) {\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "int drain_all(void)"));
	CHECK(has(&x, "drain.c", F));
	done(&x);
}

/* A unified diff's hunk moves two `stock++;` lines up past the end of `fill` and leaves out the
 * two `price++;` lines below them. Its '-' and '+' lines say which lines move; the lines it
 * leaves out stay where the file has them. Applied (only whole sides, whose moves are the sides'
 * diff's, leave that open). */
#define DRAIN(head, tail, loop)                                                                    \
	"int fill(void)\n"                                                                         \
	"{\n"                                                                                      \
	"\tstock++;\n"                                                                             \
	"\tprice++;\n"                                                                             \
	"\n"                                                                                       \
	"\tstock++;\n"                                                                             \
	"}\n" head "\n"                                                                            \
	"int drain(void)\n"                                                                        \
	"{\n"                                                                                      \
	"\tstock++;\n" tail "\tprice++;\n"                                                         \
	"\tprice++;\n"                                                                             \
	"\twhile (stock) {\n"                                                                      \
	"\t\tstock--;" loop "\n"                                                                   \
	"\t}\n"                                                                                    \
	"\treturn 0;\n"                                                                            \
	"}\n"

TEST(unseen_gap_moved, hunk_moving_a_line_leaves_the_stretch_in_place)
{
	run x;

	go(&x, "drain.c", DRAIN("", "\tstock++;\n\tstock++;\n", ""),
	   "```diff\n"
	   "--- a/drain.c\n"
	   "+++ b/drain.c\n"
	   "@@ ... @@\n"
	   " \tstock++;\n"
	   " }\n"
	   "+\tstock++;\n"
	   "+\tstock++;\n"
	   " \n"
	   " int drain(void)\n"
	   " {\n"
	   " \tstock++;\n"
	   "-\tstock++;\n"
	   "-\tstock++;\n"
	   " \twhile (stock) {\n"
	   "+\t\tstock--;  // changed\n"
	   "-\t\tstock--;\n"
	   " \t}\n"
	   " \treturn 0;\n"
	   " }\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "drain.c", DRAIN("\tstock++;\n\tstock++;\n", "", "  // changed")));
	done(&x);
}
