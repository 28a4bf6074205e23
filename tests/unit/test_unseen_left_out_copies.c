/*
 * A whole-sides rewrite whose old side leaves out a line, deletes another copy of its text
 * and whose new side adds that text once elsewhere (issue 11, fuzz_oracle finding 72): the
 * REPLACE side is the region's complete new text, and it holds the text once. The addition
 * and the deletion are no move of the line past its left-out copy: kept, the left-out copy
 * would stand beside the added one and the region hold one copy more than the new side.
 * Neutral content of our own.
 */
#include "plan_run.h"

/* An ln-diff block 4 columns deeper than the file, numbers off by one line, leaving out the
 * second indented log_line(a) (between two blank lines), deleting the first, and whose new
 * side writes it once, after two check: lines it adds. */
TEST(unseen_left_out_copies, left_out_line_added_once_elsewhere_while_a_copy_is_deleted)
{
	static const char F[] = "\n"
	                        "check:\n"
	                        "log_line(a);\n"
	                        "    log_line(a);\n"
	                        "\n"
	                        "    log_line(a);\n"
	                        "\n"
	                        "\n"
	                        "    check:\n"
	                        "    return count;\n"
	                        "    }\n"
	                        "return count;\n"
	                        "\n";
	run x;

	go(&x, "log.txt", F,
	   "log.txt\n<editblock>\n<<<<<<< REMOVE\n"
	   "     2\xe2\x94\x82    check:\n"
	   "     3\xe2\x94\x82    log_line(a);\n"
	   "     4\xe2\x94\x82        log_line(a);\n"
	   "     5\xe2\x94\x82  \n"
	   "     7\xe2\x94\x82\n"
	   "     8\xe2\x94\x82\n"
	   "     9\xe2\x94\x82        check:\n"
	   "    10\xe2\x94\x82        return count;\n"
	   "    11\xe2\x94\x82        }\n"
	   "=======\n"
	   "      \xe2\x94\x82    log_line(a);\n"
	   "      \xe2\x94\x82        check:\n"
	   "      \xe2\x94\x82    \n"
	   "      \xe2\x94\x82        check:\n"
	   "      \xe2\x94\x82\n"
	   "      \xe2\x94\x82        log_line(a);\n"
	   "      \xe2\x94\x82\n"
	   "      \xe2\x94\x82        return count;\n"
	   "      \xe2\x94\x82        }\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "log.txt",
		          "\n"
		          "log_line(a);\n"
		          "    check:\n"
		          "    \n"
		          "    check:\n"
		          "\n"
		          "    log_line(a);\n"
		          "\n"
		          "    return count;\n"
		          "    }\n"
		          "return count;\n"
		          "\n"));
	else
		CHECK(has(&x, "log.txt", F));
	done(&x);
}
