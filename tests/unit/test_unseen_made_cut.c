/*
 * "Already applied" (issue 11) with an old side read near whole elsewhere: a new side standing
 * as written is no proof the edit was made while the old side fits another place but for one
 * line made up and one cut short (a model that stopped mid-line begins the line it meant).
 * Neutral content of our own.
 */
#include "plan_run.h"

static const char ROWS[] = "int load_rows(void)\n"
                           "{\n"
                           "\tfor (i = 0; i < count; i++) {\n"
                           "\t\tsend_row(i);\n"
                           "\t}\n"
                           "\treturn count;\n"
                           "}\n"
                           "\n"
                           "int save_rows(void)\n"
                           "{\n"
                           "\t/* walk the rows */\n"
                           "\tfor (i = 0; i < count; i++) {\n"
                           "\t\tsend_row(i);\n"
                           "\t}\n"
                           "\treturn count;\n"
                           "}\n";

/* The comment deleted from save_rows, cut short on the old side, with a made-up deleted line
 * among the context: no tier places the old side, and the new side ("{", the loop head, the
 * call) stands as written in load_rows. The old side reads save_rows whole but for the made-up
 * line, the cut line beginning the comment it stands on: either place may be meant, refused. */
TEST(unseen_made_cut, new_side_elsewhere_while_old_side_fits_with_a_cut_and_a_made_up_line)
{
	static const char R[] = "*** Begin Patch\n"
	                        "*** Update File: rows.c\n"
	                        "@@\n"
	                        " {\n"
	                        "-\t/* walk the r\n"
	                        " \tfor (i = 0; i < count; i++) {\n"
	                        "-\t\tflush_cache(1);\n"
	                        " \t\tsend_row(i);\n"
	                        "*** End Patch\n";
	run x;

	go(&x, "rows.c", ROWS, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "flush_cache(1);") &&
	      strstr(edit(&x, 0).message, "line 10"));
	CHECK(has(&x, "rows.c", ROWS));
	done(&x);
}
