/*
 * A block whose new side stands in the file while its old side does not (issue 11, stop 30),
 * with neutral content of our own: the line nearest the new side that the block deletes is one
 * the model made up, and the deleted line past it stands right beside the new side. The made-up
 * line stood on no file line, so the block is not made there: refused, not taken as applied.
 */
#include "plan_run.h"

/* The block moves a comment from above "def save():" into its body, its old side holding a
 * line the file has nowhere between that comment and the blank line. The file holds the new
 * side (the body already has two copies of the comment), with the comment still above it. */
TEST(unseen_made_up_deleted, deleted_line_beside_new_side_past_a_made_up_line_refuses)
{
	run x;
	seam_edit_info ei;
	static const char F[] = "def load():\n"
	                        "    total = 0\n"
	                        "    for item in items:\n"
	                        "        total += item\n"
	                        "\n"
	                        "    # keep the order stable\n"
	                        "\n"
	                        "def save():\n"
	                        "    return total\n"
	                        "    # keep the order stable\n"
	                        "    # keep the order stable\n"
	                        "    write(total)\n";

	go(&x, "g.py", F,
	   "g.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    # keep the order stable\n"
	   "return made_up_value\n"
	   "\n"
	   "def save():\n"
	   "    # keep the order stable\n"
	   "=======\n"
	   "\n"
	   "def save():\n"
	   "    return total\n"
	   "    # keep the order stable\n"
	   "    # keep the order stable\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_NO_MATCH);
	CHECK(ei.message && strstr(ei.message, "still standing right beside it at line 6"));
	CHECK(has(&x, "g.py", F));
	done(&x);
}
