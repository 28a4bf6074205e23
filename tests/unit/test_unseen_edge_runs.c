/*
 * A SEARCH/REPLACE block whose old side holds two blank lines where the file has a blank line,
 * a line the old side left out and a blank line, and whose new side gives that line back
 * (issue 11, fuzz_oracle findings 64 and 66). The sides' diff, which saw no file, may pair the
 * new side's blank lines on either side of the addition that gives the line back ([+b, +x], b
 * is b, [+x, +b]); anchored on the file's blank line, the blank line parted the left-out line
 * from its copy and it was written twice. It must be written once whichever way the diff went:
 * at the top edge (the blank-lines tier lets the first blank line go and the splice anchors
 * the run around the left-out line, slide_edge), at the bottom, and inside the region (a line
 * of substance deleted beyond the blank lines). Neutral content of our own.
 */
#include "plan_run.h"

/* The top edge (finding 64). The file has one blank line, a comment and one blank line above
 * open_door(); the SEARCH side two blank lines (the comment left out), the REPLACE side a blank
 * line, the comment and two blank lines: the comment kept, a blank line added, and the second
 * copy of the comment (inside the braces) deleted with the last line. The sides' diff added
 * the blank line and the comment above the first blank line; anchored there, the blank line
 * parted the comment's copy from the left-out comment, and the comment was written twice. */
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

/* Inside the region: the old side starts with a line it deletes, then the two blank lines;
 * found by the repair tier with the comment left out between the file's blank lines. The
 * diff deleted that line and added a blank line and the comment before the first blank line. */
TEST(unseen_edge_runs, line_left_out_between_blank_lines_below_a_deletion_is_written_once)
{
	static const char F[] = "setup();\n"
	                        "begin();\n"
	                        "count = 0;\n"
	                        "\n"
	                        "# sorted by name\n"
	                        "\n"
	                        "open_door();\n"
	                        "\n"
	                        "count = 0;\n"
	                        "    {\n"
	                        "# sorted by name\n"
	                        "    }\n";
	run x;

	go(&x, "door.txt", F,
	   "door.txt\n```\n<<<<<<< SEARCH\n"
	   "count = 0;\n"
	   "\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "count = 0;\n"
	   "    {\n"
	   "# sorted by name\n"
	   "    }\n"
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
	          "begin();\n"
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

/* The same upside down: the old side ends with the two blank lines and a line it deletes; the
 * diff deleted that line and added the comment and a blank line after it, below the second
 * blank line, while the left-out comment stands above it. */
TEST(unseen_edge_runs, line_left_out_between_blank_lines_above_a_deletion_is_written_once)
{
	static const char F[] = "    }\n"
	                        "# sorted by name\n"
	                        "    {\n"
	                        "count = 0;\n"
	                        "\n"
	                        "open_door();\n"
	                        "\n"
	                        "# sorted by name\n"
	                        "\n"
	                        "count = 0;\n"
	                        "begin();\n"
	                        "setup();\n";
	run x;

	go(&x, "door.txt", F,
	   "door.txt\n```\n<<<<<<< SEARCH\n"
	   "    }\n"
	   "# sorted by name\n"
	   "    {\n"
	   "count = 0;\n"
	   "\n"
	   "open_door();\n"
	   "\n"
	   "\n"
	   "count = 0;\n"
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
	          "begin();\n"
	          "setup();\n"));
	done(&x);
}
