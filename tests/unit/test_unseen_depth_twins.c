/*
 * A block 4 columns deeper than the file that deletes a line whose text (indentation aside) is
 * also the text of a line it leaves out, at another depth, and whose new side keeps the
 * left-out line between copies of a line the file repeats (issue 11, fuzz_oracle finding 69).
 * The deleted copy of another depth is another line, not the one the new side's copy moved;
 * the left-out line is put back and the sides diffed again, where the new side's copy pairs
 * with it, and it is written once. Neutral content of our own.
 */
#include "plan_run.h"

TEST(unseen_depth_twins, left_out_line_with_a_deleted_twin_of_another_depth_is_kept_once)
{
	static const char F[] = "\n"
	                        "    # sorted by name\n"
	                        "    # sorted by name\n"
	                        "    return count;\n"
	                        "    log_line(a);\n"
	                        "return count;\n"
	                        "# sorted by name\n"
	                        "return count;\n"
	                        "}\n"
	                        "{\n"
	                        "}\n"
	                        "return count;\n";
	run x;

	go(&x, "count.txt", F,
	   "count.txt\n```\n<<<<<<< SEARCH\n"
	   "        # sorted by name\n"
	   "        return count;\n"
	   "        log_line(a);\n"
	   "    return count;\n"
	   "    return count;\n"
	   "    }\n"
	   "    {\n"
	   "    }\n"
	   "=======\n"
	   "        return count;\n"
	   "    return count;\n"
	   "\n"
	   "    return count;\n"
	   "    # sorted by name\n"
	   "    return count;\n"
	   "\n"
	   "    {\n"
	   "    }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "count.txt",
	          "\n"
	          "    # sorted by name\n"
	          "    return count;\n"
	          "return count;\n"
	          "\n"
	          "return count;\n"
	          "# sorted by name\n"
	          "return count;\n"
	          "\n"
	          "{\n"
	          "}\n"
	          "return count;\n"));
	done(&x);
}
