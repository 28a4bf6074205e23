/*
 * An added line that lost its "+" beside the deletion of its old text, in replies seam has not
 * seen (issue 11, stop 21), written again with neutral content of our own.
 */
#include "plan_run.h"

/* A patch's first line, a context line, is a comment with one word changed; below it a
 * deletion (cut short) of that comment, whose file text stands twice, one copy after the other
 * (lines 7 and 8). The fuzzy tier read the context line as a miscopy of line 7 and deleted
 * line 8: one copy left. It reads as well as the comment's new text, an addition that lost its
 * "+", the deletion standing for line 8: both copies kept, the second rewritten. The miscopy's
 * likeness to line 7 says nothing, line 8 being the same text: refused, naming both readings,
 * the file unchanged. */
TEST(unseen_twin_add, context_miscopy_beside_deleted_twin_is_refused)
{
	static const char F[] = "def keep_rows():\n"
	                        "    rows = load_rows()\n"
	                        "    # trim the rows down to size\n"
	                        "    return rows\n"
	                        "\n"
	                        "def pick_rows():\n"
	                        "    # trim the rows down to size\n"
	                        "    # trim the rows down to size\n"
	                        "    if rows:\n"
	                        "        return rows\n"
	                        "\n"
	                        "def pick_rows_again():\n"
	                        "    rows = load_rows()\n";
	run x;
	go(&x, "r.py", F,
	   "*** Begin Patch\n"
	   "*** Update File: r.py\n"
	   "@@\n"
	   "     # trim the rows_v2 down to size\n"
	   "-    # trim the rows\n"
	   "     if rows:\n"
	   "         return rows\n"
	   " def pick_rows_again():\n"
	   "*** End Patch\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "without its \"+\"") != NULL);
	CHECK(has(&x, "r.py", F));
	done(&x);
}
