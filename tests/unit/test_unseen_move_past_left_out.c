/*
 * Lines moved past a file line the old side left out at its edge (issue 11, stop 27), with
 * neutral content of our own: the new side writes the line just beyond the place's edge, then
 * lines of its old side after it. Read as written, that line stays beyond the edge and is written
 * a second time, the moved lines between the two copies; read as the move, it stays once. The
 * reply does not say which: refused, naming the line (splice_edge_move.c). The shapes beside it
 * that say what they mean still apply.
 */
#include "plan_run.h"

static const char ROOMS[] = "Kitchen has a long oak table.\n"
                            "\n"
                            "Hallway holds the coat rack.\n"
                            "Study keeps the brass lamp.\n"
                            "Attic stores the winter boxes.\n"
                            "\n"
                            "Garden Shed Notes\n"
                            "\n"
                            "Porch faces the morning sun.\n";

/* The two lines under the hallway moved below the heading: the old side stops before the
 * heading, the new side writes the heading and its blank line, then the two lines. */
TEST(unseen_move_past_left_out, lines_moved_below_a_left_out_heading_are_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "rooms.txt", ROOMS,
	   "rooms.txt\n```\n<<<<<<< SEARCH\n"
	   "Hallway holds the coat rack.\n"
	   "Study keeps the brass lamp.\n"
	   "Attic stores the winter boxes.\n"
	   "\n"
	   "=======\n"
	   "Hallway holds the coat rack.\n"
	   "\n"
	   "Garden Shed Notes\n"
	   "\n"
	   "Study keeps the brass lamp.\n"
	   "Attic stores the winter boxes.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 7 of the file"));
	CHECK(has(&x, "rooms.txt", ROOMS));
	done(&x);
}

/* The same at the top: a line of the old side moved above the line just before the place,
 * which the old side left out and the new side writes after it. */
TEST(unseen_move_past_left_out, line_moved_above_a_left_out_line_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "rooms.txt", ROOMS,
	   "rooms.txt\n```\n<<<<<<< SEARCH\n"
	   "Study keeps the brass lamp.\n"
	   "Attic stores the winter boxes.\n"
	   "=======\n"
	   "Study keeps the brass lamp.\n"
	   "Hallway holds the coat rack.\n"
	   "Attic stores the winter boxes.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 3 of the file"));
	CHECK(has(&x, "rooms.txt", ROOMS));
	done(&x);
}

/* A short line (a closing brace) added before the old side's last lines, equal to the line just
 * past the place: too common to say anything, applied as written. */
TEST(unseen_move_past_left_out, short_line_equal_to_the_next_applies)
{
	static const char F[] = "int pump_level(void)\n"
	                        "{\n"
	                        "\tif (ready) {\n"
	                        "\t\tstart_pump();\n"
	                        "\tstop_pump();\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "pump.txt", F,
	   "pump.txt\n```\n<<<<<<< SEARCH\n"
	   "\tif (ready) {\n"
	   "\t\tstart_pump();\n"
	   "\tstop_pump();\n"
	   "=======\n"
	   "\tif (ready) {\n"
	   "\t\tstart_pump();\n"
	   "\t}\n"
	   "\tstop_pump();\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pump.txt",
	          "int pump_level(void)\n"
	          "{\n"
	          "\tif (ready) {\n"
	          "\t\tstart_pump();\n"
	          "\t}\n"
	          "\tstop_pump();\n"
	          "\t}\n"
	          "}\n"));
	done(&x);
}

/* A diff's context lines say the lines stay where they are: a '+' line equal to the line past
 * the hunk, before them, is one more copy, applied as written. */
TEST(unseen_move_past_left_out, diff_adding_the_next_line_before_its_context_applies)
{
	run x;

	go(&x, "rooms.txt", ROOMS,
	   "```diff\n--- a/rooms.txt\n+++ b/rooms.txt\n@@ -3,3 +3,4 @@\n"
	   " Hallway holds the coat rack.\n"
	   "+Garden Shed Notes\n"
	   " Study keeps the brass lamp.\n"
	   " Attic stores the winter boxes.\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rooms.txt",
	          "Kitchen has a long oak table.\n"
	          "\n"
	          "Hallway holds the coat rack.\n"
	          "Garden Shed Notes\n"
	          "Study keeps the brass lamp.\n"
	          "Attic stores the winter boxes.\n"
	          "\n"
	          "Garden Shed Notes\n"
	          "\n"
	          "Porch faces the morning sun.\n"));
	done(&x);
}

/* The new side repeats the line past the place at its own edge (a neighbour sent again), with
 * nothing of the old side after it: written once, as the edge rule reads it. */
TEST(unseen_move_past_left_out, neighbour_repeated_at_the_edge_applies)
{
	run x;

	go(&x, "rooms.txt", ROOMS,
	   "rooms.txt\n```\n<<<<<<< SEARCH\n"
	   "Study keeps the brass lamp.\n"
	   "Attic stores the winter boxes.\n"
	   "=======\n"
	   "Study keeps the silver lamp.\n"
	   "Attic stores the winter boxes.\n"
	   "\n"
	   "Garden Shed Notes\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rooms.txt",
	          "Kitchen has a long oak table.\n"
	          "\n"
	          "Hallway holds the coat rack.\n"
	          "Study keeps the silver lamp.\n"
	          "Attic stores the winter boxes.\n"
	          "\n"
	          "Garden Shed Notes\n"
	          "\n"
	          "Porch faces the morning sun.\n"));
	done(&x);
}

/* A one-line block whose new side writes the next file line above it: the line inserted before
 * the whole old side, nothing of the region staying before the copy; applied as written (a
 * model that sets a flag before a step it already sets after). */
TEST(unseen_move_past_left_out, next_line_inserted_above_the_whole_old_side_applies)
{
	run x;

	go(&x, "rooms.txt", ROOMS,
	   "rooms.txt\n```\n<<<<<<< SEARCH\n"
	   "Study keeps the brass lamp.\n"
	   "=======\n"
	   "Attic stores the winter boxes.\n"
	   "Study keeps the brass lamp.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rooms.txt",
	          "Kitchen has a long oak table.\n"
	          "\n"
	          "Hallway holds the coat rack.\n"
	          "Attic stores the winter boxes.\n"
	          "Study keeps the brass lamp.\n"
	          "Attic stores the winter boxes.\n"
	          "\n"
	          "Garden Shed Notes\n"
	          "\n"
	          "Porch faces the morning sun.\n"));
	done(&x);
}
