/*
 * Lines moved to a place the reply names by too little context (issue 11, stop 29), with
 * neutral content of our own: lines added among unchanged edge lines that the file holds twice
 * in a row. Either copy reads the reply as well: refused, naming both.
 */
#include "plan_run.h"

static const char TENT[] = "open the shed\n"
                           "\n"
                           "pack the tent\n"
                           "\n"
                           "pack the tent\n"
                           "check the map\n"
                           "fold the chairs\n"
                           "sweep the porch\n"
                           "close the shed\n";

static void refused_naming(const char *name, const char *before, const char *reply,
                           const char *word)
{
	run x;
	seam_edit_info ei;

	go(&x, name, before, reply);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, word));
	CHECK(has(&x, name, before));
	done(&x);
}

/* Two lines moved up, the hunk's context a blank line above them and "pack the tent" below:
 * the file holds the blank line and that line twice in a row, and read on the first copy (the
 * second left out of the hunk) the moved lines go two lines higher. */
TEST(unseen_edge_repeat, additions_among_edge_lines_the_file_repeats_are_refused)
{
	refused_naming("tent.txt", TENT,
	               "```diff\n"
	               "--- a/tent.txt\n"
	               "+++ b/tent.txt\n"
	               "@@ -4,5 +4,5 @@\n"
	               " \n"
	               "+fold the chairs\n"
	               "+sweep the porch\n"
	               " pack the tent\n"
	               " check the map\n"
	               "-fold the chairs\n"
	               "-sweep the porch\n"
	               "```\n",
	               "a copy of those lines");
}

/* The same move with one more line of context above, which the copy above does not hold: the
 * hunk names its place, and applies. */
TEST(unseen_edge_repeat, additions_with_context_the_copy_lacks_apply)
{
	run x;

	go(&x, "tent.txt", TENT,
	   "```diff\n"
	   "--- a/tent.txt\n"
	   "+++ b/tent.txt\n"
	   "@@ -3,6 +3,6 @@\n"
	   " pack the tent\n"
	   " \n"
	   "+fold the chairs\n"
	   "+sweep the porch\n"
	   " pack the tent\n"
	   " check the map\n"
	   "-fold the chairs\n"
	   "-sweep the porch\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tent.txt",
	          "open the shed\n"
	          "\n"
	          "pack the tent\n"
	          "\n"
	          "fold the chairs\n"
	          "sweep the porch\n"
	          "pack the tent\n"
	          "check the map\n"
	          "close the shed\n"));
	done(&x);
}

/* Two lines moved down, below "pack the tent" and above a blank line, where the file holds
 * those two lines again right below: the copy below reads the hunk as well. */
TEST(unseen_edge_repeat, additions_among_bottom_edge_lines_the_file_repeats_are_refused)
{
	refused_naming("van.txt",
	               "start the van\n"
	               "fold the chairs\n"
	               "sweep the porch\n"
	               "check the map\n"
	               "pack the tent\n"
	               "\n"
	               "pack the tent\n"
	               "\n"
	               "drive home\n",
	               "```diff\n"
	               "--- a/van.txt\n"
	               "+++ b/van.txt\n"
	               "@@ -2,5 +2,5 @@\n"
	               "-fold the chairs\n"
	               "-sweep the porch\n"
	               " check the map\n"
	               " pack the tent\n"
	               "+fold the chairs\n"
	               "+sweep the porch\n"
	               " \n"
	               "```\n",
	               "a copy of those lines");
}
