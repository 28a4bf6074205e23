/*
 * The split of a whole-sides rewrite into runs (split.c) where one run's place holds a line its
 * old side left out while another run writes the new side's copy of that line (issue 11,
 * fuzz_oracle finding 71): each run spliced alone keeps the left-out line and the other writes
 * the copy, so the line is written twice. The split is then given up, and the block judged
 * whole by the tiers after it. Neutral content of our own.
 */
#include "plan_run.h"

/* The SEARCH side leaves out the comment between the two blank lines after check:, deletes the
 * unindented comment after the three indented ones and adds an indented blank line after the
 * first return: the runs put the REPLACE side's first comment on the file's comment after the
 * blank line and wrote the left-out one again. Refused (or, if ever placed whole, written
 * once). */
TEST(unseen_split_left_out, run_keeping_a_line_another_run_writes_is_not_split)
{
	static const char F[] = "return count;\n"
	                        "    # sorted by name\n"
	                        "    # sorted by name\n"
	                        "    # sorted by name\n"
	                        "return count;\n"
	                        "check:\n"
	                        "\n"
	                        "    # sorted by name\n"
	                        "\n"
	                        "    # sorted by name\n"
	                        "    # sorted by name\n"
	                        "    # sorted by name\n"
	                        "# sorted by name\n"
	                        "\n";
	run x;

	go(&x, "sorted.txt", F,
	   "sorted.txt\n```\n<<<<<<< SEARCH\n"
	   "return count;\n"
	   "check:\n"
	   "\n"
	   "\n"
	   "    # sorted by name\n"
	   "    # sorted by name\n"
	   "    # sorted by name\n"
	   "# sorted by name\n"
	   "\n"
	   "=======\n"
	   "return count;\n"
	   "    \n"
	   "check:\n"
	   "\n"
	   "    # sorted by name\n"
	   "\n"
	   "    # sorted by name\n"
	   "    # sorted by name\n"
	   "    # sorted by name\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "sorted.txt",
		          "return count;\n"
		          "    # sorted by name\n"
		          "    # sorted by name\n"
		          "    # sorted by name\n"
		          "return count;\n"
		          "    \n"
		          "check:\n"
		          "\n"
		          "    # sorted by name\n"
		          "\n"
		          "    # sorted by name\n"
		          "    # sorted by name\n"
		          "    # sorted by name\n"
		          "\n"));
	else
		CHECK(has(&x, "sorted.txt", F));
	done(&x);
}
