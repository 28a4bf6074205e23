/*
 * A line left out inside a block's place, its new side the region's lines moved (issue 11, stop
 * 27), with neutral content of our own: the new side writes the left-out line's text where the
 * move puts it, and the splice keeps the file's line too, a line written twice. The new side's
 * copy is the line moved (it stands once) or one more: the reply does not say which, refused
 * naming the line (splice_moved_twice.c). A left-out line whose new side is no such move keeps
 * applying as before (test_unseen_edges.c, test_unseen_merged.c, test_unseen_refill_*.c).
 */
#include "plan_run.h"

/* A line of substance left out between two lines the block moves. */
TEST(unseen_left_out_moved_twice, left_out_line_among_moved_lines_is_refused)
{
	static const char F[] = "Pantry notes\n"
	                        "\n"
	                        "Section: pantry shelves\n"
	                        "\n"
	                        "  count the jars\n"
	                        "    label each jar clearly\n"
	                        "\n"
	                        "  count the jars\n"
	                        "    label each jar clearly\n"
	                        "  sweep the floor\n"
	                        "\n"
	                        "Section: cellar\n";
	run x;
	seam_edit_info ei;

	go(&x, "pantry.txt", F,
	   "pantry.txt\n```\n<<<<<<< SEARCH\n"
	   "Section: pantry shelves\n"
	   "\n"
	   "  count the jars\n"
	   "\n"
	   "  count the jars\n"
	   "    label each jar clearly\n"
	   "  sweep the floor\n"
	   "=======\n"
	   "Section: pantry shelves\n"
	   "  count the jars\n"
	   "\n"
	   "  count the jars\n"
	   "    label each jar clearly\n"
	   "\n"
	   "    label each jar clearly\n"
	   "  sweep the floor\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 6 of the file"));
	CHECK(has(&x, "pantry.txt", F));
	done(&x);
}

/* A short line left out, every line of the new side but blank ones the region's, moved. */
TEST(unseen_left_out_moved_twice, short_left_out_line_in_a_pure_move_is_refused)
{
	static const char F[] = "Chores for Monday\n"
	                        "  water the ferns\n"
	                        "\n"
	                        "Chores for Tuesday\n"
	                        "  dust\n"
	                        "  fold the laundry\n"
	                        "  fold the laundry\n"
	                        "  feed the cat\n"
	                        "\n"
	                        "Chores for Friday\n";
	run x;
	seam_edit_info ei;

	go(&x, "chores.txt", F,
	   "chores.txt\n```\n<<<<<<< SEARCH\n"
	   "Chores for Monday\n"
	   "  water the ferns\n"
	   "\n"
	   "Chores for Tuesday\n"
	   "  fold the laundry\n"
	   "  fold the laundry\n"
	   "  feed the cat\n"
	   "=======\n"
	   "Chores for Monday\n"
	   "  water the ferns\n"
	   "\n"
	   "  fold the laundry\n"
	   "Chores for Tuesday\n"
	   "  dust\n"
	   "  fold the laundry\n"
	   "  feed the cat\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 5 of the file"));
	CHECK(has(&x, "chores.txt", F));
	done(&x);
}

/* The same short line left out, the new side changing a line besides the move: no pure move,
 * and a short line says nothing; applied as before, the line kept where it stands. */
TEST(unseen_left_out_moved_twice, short_left_out_line_beside_a_changed_line_applies)
{
	static const char F[] = "Chores for Monday\n"
	                        "  water the ferns\n"
	                        "\n"
	                        "Chores for Tuesday\n"
	                        "  dust\n"
	                        "  fold the laundry\n"
	                        "  feed the cat\n"
	                        "\n"
	                        "Chores for Friday\n";
	run x;

	go(&x, "chores.txt", F,
	   "chores.txt\n```\n<<<<<<< SEARCH\n"
	   "Chores for Monday\n"
	   "  water the ferns\n"
	   "\n"
	   "Chores for Tuesday\n"
	   "  fold the laundry\n"
	   "  feed the cat\n"
	   "=======\n"
	   "Chores for Monday\n"
	   "  water the ferns\n"
	   "  dust\n"
	   "\n"
	   "Chores for Tuesday\n"
	   "  fold the laundry\n"
	   "  feed the dog\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	done(&x);
}
