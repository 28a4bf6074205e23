/*
 * A diff's context line that is in fact an added line (its '+' lost) is placed on no file line
 * by the repair tier. Beside it, a blank line of the hunk the file lacks may be a blank line
 * the model added, or stand beside a line of substance the hunk left out: the line of
 * substance the let-go blank line is judged by lies past the unplaced line, not at it (issue
 * 11, written with neutral content of our own).
 */
#include "plan_run.h"

/* Applied as want, or refused with the file as it was. */
static int right_or_refused(const run *x, const char *path, const char *before, const char *want)
{
	return x->plan == SEAM_OK ? has(x, path, want) : has(x, path, before);
}

static const char ITEMS_FILE[] = "def load_items():\n"
                                 "    for item in items:\n"
                                 "        keep(item)\n"
                                 "    # keep them all\n"
                                 "    # keep them all\n"
                                 "\n"
                                 "    # keep them all\n"
                                 "\n"
                                 "def save_items():\n"
                                 "    return store\n";

static const char ITEMS_WANT[] = "def load_items():\n"
                                 "    for item in items:\n"
                                 "        keep(item)\n"
                                 "    # keep them all\n"
                                 "    # keep them all\n"
                                 "    total = count(items)\n"
                                 "    # counted once\n"
                                 "\n"
                                 "    # keep them all\n"
                                 "\n"
                                 "def save_items():\n"
                                 "    return store\n";

static const char ITEMS_REPLY[] = "```diff\n"
                                  "--- items.py\n"
                                  "+++ items.py\n"
                                  "@@ ... @@\n"
                                  "     # keep them all\n"
                                  "+    total = count(items)\n"
                                  "     # counted once\n"
                                  " \n"
                                  " \n"
                                  " def save_items():\n"
                                  "     return store\n"
                                  "```\n";

/* The hunk leaves out the comment between the two blank lines, and its second added line is
 * written as context: after the second comment (the reply's reading) or after the third (a
 * blank line added) read the same. Never after the third. */
TEST(unseen_unmarked_blank, blank_beside_unplaced_line_is_judged_past_it)
{
	run x;

	go(&x, "items.py", ITEMS_FILE, ITEMS_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "items.py", ITEMS_FILE, ITEMS_WANT));
	done(&x);
}
