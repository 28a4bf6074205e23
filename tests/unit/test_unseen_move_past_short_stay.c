/*
 * Lines moved past a file line the old side left out at its edge (splice_edge_move.c), where
 * the line of the region that stays before the copy is short: a closing quote, a rule, a brace.
 * It stays as surely as a long line does, so the reply is as undecided (the left-out line moved
 * past once, or written a second time) and refused, naming the line. Content of our own.
 */
#include "plan_run.h"

static const char NOTES[] = "Notes on the cellar\n"
                            "---\n"
                            "Jars of plum jam line the shelf.\n"
                            "Cider rests in the oak barrel.\n"
                            "\n"
                            "stock = count_jars(shelf)\n"
                            "\n"
                            "\n"
                            "Potatoes keep in the cold corner.\n";

/* The two lines under the rule moved below the stock line: the old side stops before it, the
 * new side writes it (and the blank line after it), then the two lines. Only "---" stays
 * before the copy. */
TEST(unseen_move_past_short_stay, lines_moved_past_a_left_out_line_under_a_short_line_are_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "notes.txt", NOTES,
	   "notes.txt\n```\n<<<<<<< SEARCH\n"
	   "---\n"
	   "Jars of plum jam line the shelf.\n"
	   "Cider rests in the oak barrel.\n"
	   "\n"
	   "=======\n"
	   "---\n"
	   "\n"
	   "stock = count_jars(shelf)\n"
	   "\n"
	   "Jars of plum jam line the shelf.\n"
	   "Cider rests in the oak barrel.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 6 of the file"));
	CHECK(has(&x, "notes.txt", NOTES));
	done(&x);
}

/* The copy written before the whole old side, nothing of the region before it: the line
 * inserted there, as the reply reads (unchanged by the short line's rule). */
TEST(unseen_move_past_short_stay, copy_above_the_whole_old_side_applies)
{
	run x;

	go(&x, "notes.txt", NOTES,
	   "notes.txt\n```\n<<<<<<< SEARCH\n"
	   "Cider rests in the oak barrel.\n"
	   "=======\n"
	   "stock = count_jars(shelf)\n"
	   "Cider rests in the oak barrel.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt",
	          "Notes on the cellar\n"
	          "---\n"
	          "Jars of plum jam line the shelf.\n"
	          "stock = count_jars(shelf)\n"
	          "Cider rests in the oak barrel.\n"
	          "\n"
	          "stock = count_jars(shelf)\n"
	          "\n"
	          "\n"
	          "Potatoes keep in the cold corner.\n"));
	done(&x);
}
