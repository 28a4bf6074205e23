/*
 * A SEARCH/REPLACE block whose old side starts (ends) with a run of blank lines the file has
 * fewer of, a line of the file left out between them, and whose new side gives that line back
 * (issue 11, fuzz_oracle finding 64): the splice anchors the run's blank lines on the file's
 * blank lines around the left-out line (slide_edge), so that the merge writes the line once.
 * The sides' diff, which saw no file, may have paired the new side's blank lines on either
 * side of the addition that gives the line back; the left-out line must be written once either
 * way. Neutral content of our own.
 */
#include "plan_run.h"

/* The file has one blank line, a comment and one blank line above open_door(); the SEARCH side
 * two blank lines (the comment left out), the REPLACE side a blank line, the comment and two
 * blank lines: the comment kept, a blank line added, and the second copy of the comment
 * (inside the braces) deleted with the last line. The sides' diff added the blank line and the
 * comment above the first blank line; anchored there, the blank line parted the comment's
 * copy from the left-out comment, and the comment was written twice. */
TEST(unseen_edge_runs, line_left_out_of_a_top_blank_run_and_given_back_is_written_once)
{
	static const char F[] = "setup();\n"
				"count = 0;\n"
				"\n"
				"# sorted by name\n"
				"\n"
				"open_door();\n"
				"\n"
				"count = 0;\n"
				"    {\n"
				"# sorted by name\n"
				"    }\n"
				"    count = 0;\n";
	run x;

	go(&x, "door.txt", F,
	   "door.txt\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "count = 0;\n"
	   "    {\n"
	   "# sorted by name\n"
	   "    }\n"
	   "    count = 0;\n"
	   "=======\n"
	   "\n"
	   "# sorted by name\n"
	   "\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "count = 0;\n"
	   "    {\n"
	   "    }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "door.txt",
		  "setup();\n"
		  "count = 0;\n"
		  "\n"
		  "# sorted by name\n"
		  "\n"
		  "\n"
		  "open_door();\n"
		  "\n"
		  "count = 0;\n"
		  "    {\n"
		  "    }\n"));
	done(&x);
}

/* The same block 4 columns deeper than the file (the fuzzer's shape): found shifted, the same
 * reading. */
TEST(unseen_edge_runs, line_left_out_of_a_top_blank_run_of_a_reindented_block_is_written_once)
{
	static const char F[] = "setup();\n"
				"count = 0;\n"
				"\n"
				"# sorted by name\n"
				"\n"
				"open_door();\n"
				"\n"
				"count = 0;\n"
				"    {\n"
				"# sorted by name\n"
				"    }\n"
				"    count = 0;\n";
	run x;

	go(&x, "door.txt", F,
	   "door.txt\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "\n"
	   "    open_door();\n"
	   "\n"
	   "    count = 0;\n"
	   "        {\n"
	   "    # sorted by name\n"
	   "        }\n"
	   "        count = 0;\n"
	   "=======\n"
	   "\n"
	   "    # sorted by name\n"
	   "\n"
	   "\n"
	   "    open_door();\n"
	   "\n"
	   "    count = 0;\n"
	   "        {\n"
	   "        }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "door.txt",
		  "setup();\n"
		  "count = 0;\n"
		  "\n"
		  "# sorted by name\n"
		  "\n"
		  "\n"
		  "open_door();\n"
		  "\n"
		  "count = 0;\n"
		  "    {\n"
		  "    }\n"));
	done(&x);
}

/* The same at the bottom edge: the file upside down, the old side ending with two blank lines
 * where the file has a blank line, the comment (left out) and a blank line; the new side ends
 * with two blank lines, the comment and a blank line. */
TEST(unseen_edge_runs, line_left_out_of_a_bottom_blank_run_and_given_back_is_written_once)
{
	static const char F[] = "    count = 0;\n"
				"    }\n"
				"# sorted by name\n"
				"    {\n"
				"count = 0;\n"
				"\n"
				"open_door();\n"
				"\n"
				"# sorted by name\n"
				"\n"
				"count = 0;\n"
				"setup();\n";
	run x;

	go(&x, "door.txt", F,
	   "door.txt\n```\n<<<<<<< SEARCH\n"
	   "    count = 0;\n"
	   "    }\n"
	   "# sorted by name\n"
	   "    {\n"
	   "count = 0;\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "\n"
	   "=======\n"
	   "    }\n"
	   "    {\n"
	   "count = 0;\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "\n"
	   "# sorted by name\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "door.txt",
		  "    }\n"
		  "    {\n"
		  "count = 0;\n"
		  "\n"
		  "open_door();\n"
		  "\n"
		  "\n"
		  "# sorted by name\n"
		  "\n"
		  "count = 0;\n"
		  "setup();\n"));
	done(&x);
}
