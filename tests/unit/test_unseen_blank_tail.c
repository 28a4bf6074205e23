/*
 * A SEARCH line miscopied with trailing blanks the file line lacks, beside a line the old side
 * left out that the new side keeps (issue 11, fuzz_oracle finding 68). The sides' diff
 * compares lines exactly: it takes the miscopied line for one deleted and written again, and
 * may pair the new side's copy of it with a later old line of the same text, the left-out
 * line's copy then added beyond that one while the file's own stays: written twice. Neutral
 * content of our own.
 */
#include "plan_run.h"

/* The comment right after start() carries two trailing blanks in the SEARCH side; the line
 * after it, left out, stands between it and a second copy of the comment. The REPLACE side
 * changes start() and adds a line at the end, keeping the rest. */
TEST(unseen_blank_tail, left_out_line_beside_a_line_miscopied_with_trailing_blanks_is_kept_once)
{
	static const char F[] = "start();\n"
	                        "# sorted by name\n"
	                        "total = 0;\n"
	                        "# sorted by name\n"
	                        "\n"
	                        "done();\n";
	run x;

	go(&x, "tally.txt", F,
	   "tally.txt\n```\n<<<<<<< SEARCH\n"
	   "start();\n"
	   "# sorted by name  \n"
	   "# sorted by name\n"
	   "\n"
	   "done();\n"
	   "=======\n"
	   "begin();\n"
	   "# sorted by name\n"
	   "total = 0;\n"
	   "# sorted by name\n"
	   "\n"
	   "done();\n"
	   "finish();\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.txt",
	          "begin();\n"
	          "# sorted by name\n"
	          "total = 0;\n"
	          "# sorted by name\n"
	          "\n"
	          "done();\n"
	          "finish();\n"));
	done(&x);
}

/* The file itself carries the trailing blanks the SEARCH side has: no miscopy, the line is the
 * file's as written, and the REPLACE side's copy without them takes them off. */
TEST(unseen_blank_tail, trailing_blanks_the_file_has_are_taken_off_as_the_reply_says)
{
	static const char F[] = "start();\n"
	                        "# sorted by name  \n"
	                        "total = 0;\n"
	                        "# sorted by name\n"
	                        "\n"
	                        "done();\n";
	run x;

	go(&x, "tally.txt", F,
	   "tally.txt\n```\n<<<<<<< SEARCH\n"
	   "start();\n"
	   "# sorted by name  \n"
	   "total = 0;\n"
	   "# sorted by name\n"
	   "=======\n"
	   "begin();\n"
	   "# sorted by name\n"
	   "total = 0;\n"
	   "# sorted by name\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.txt",
	          "begin();\n"
	          "# sorted by name\n"
	          "total = 0;\n"
	          "# sorted by name\n"
	          "\n"
	          "done();\n"));
	done(&x);
}
