/*
 * A merged block whose new side may be cut in two places, in replies seam has not seen (issue
 * 11, stop 21), written again with neutral content of our own.
 */
#include "plan_run.h"

/* A SEARCH/REPLACE block spans two functions (lines 4-12 and 33-37, a function skipped
 * between): it moves a while loop below the for loop in the first and swaps the last two
 * lines of the second. Its new side holds the lines around the cut ("}", then "while") twice.
 * The cut whose pieces keep the most lines reads the first function's while loop as moved over
 * the skipped function into the second; the other cut keeps each move inside its piece. Which
 * one the model meant is not said: refused, the file unchanged. */
TEST(unseen_merged_move, new_side_cut_moving_lines_over_the_gap_is_refused)
{
	static const char F[] = "int drain_queue(void)\n"
	                        "{\n"
	                        "\tpush_item(queue_len);\n"
	                        "\tif (queue_len) {\n"
	                        "\t\treturn queue_len;\n"
	                        "\t}\n"
	                        "\twhile (queue_len) {\n"
	                        "\t\tqueue_len--;\n"
	                        "\t}\n"
	                        "\tfor (k = 0; k < queue_len; k++) {\n"
	                        "\t\tpush_item(k);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int fill_queue(void)\n"
	                        "{\n"
	                        "\tpop_item(queue_len);\n"
	                        "\tfor (k = 0; k < queue_len; k++) {\n"
	                        "\t\tpush_item(k);\n"
	                        "\t}\n"
	                        "\tpush_item(queue_len);\n"
	                        "\tfor (k = 0; k < queue_len; k++) {\n"
	                        "\t\tpop_item(k);\n"
	                        "\t}\n"
	                        "\tif (queue_len) {\n"
	                        "\t\treturn queue_len;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int pop_item(void)\n"
	                        "{\n"
	                        "\treset_all(queue_len);\n"
	                        "\twhile (queue_len) {\n"
	                        "\t\tqueue_len--;\n"
	                        "\t}\n"
	                        "\twhile (queue_len) {\n"
	                        "\t\tqueue_len--;\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	go(&x, "q.c", F,
	   "q.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\tif (queue_len) {\n"
	   "\t\treturn queue_len;\n"
	   "\t}\n"
	   "\twhile (queue_len) {\n"
	   "\t\tqueue_len--;\n"
	   "\t}\n"
	   "\tfor (k = 0; k < queue_len; k++) {\n"
	   "\t\tpush_item(k);\n"
	   "\t}\n"
	   "\twhile (queue_len) {\n"
	   "\t\tqueue_len--;\n"
	   "\t}\n"
	   "\twhile (queue_len) {\n"
	   "\t\tqueue_len--;\n"
	   "=======\n"
	   "\tif (queue_len) {\n"
	   "\t\treturn queue_len;\n"
	   "\t}\n"
	   "\tfor (k = 0; k < queue_len; k++) {\n"
	   "\t\tpush_item(k);\n"
	   "\t}\n"
	   "\twhile (queue_len) {\n"
	   "\t\tqueue_len--;\n"
	   "\t}\n"
	   "\twhile (queue_len) {\n"
	   "\t\tqueue_len--;\n"
	   "\t}\n"
	   "\t\tqueue_len--;\n"
	   "\twhile (queue_len) {\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "q.c", F));
	done(&x);
}
