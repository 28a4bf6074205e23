/*
 * Merged hunks whose file repeats one line many times (issue 11, session of 2026-11-26), written
 * again with neutral content of our own: the block skips the stretch between its two halves and
 * leaves out a context line besides, and the stretch it skips lies between copies of a line that
 * the new side holds in one long run. Which copies stand before the stretch and which after is
 * a pick of the sides' diff, not the reply's.
 */
#include "plan_run.h"

/* The new side writes `return total` six times in a row; the old side has three copies around
 * the skipped stretch (one before, two after) and others beyond lines it deletes. The diff
 * paired the new copies across those deletions and put two of them before the stretch, where
 * the reply meant one: the change landed on the wrong side of `total += 1`. Refused, naming the
 * stretch. */
TEST(unseen_gap_copies, skipped_stretch_between_copies_paired_otherwise_is_refused)
{
	static const char F[] = "def sum_rows():\n"
	                        "    for row in rows:\n"
	                        "        add_row(row)\n"
	                        "    if row:\n"
	                        "        return total\n"
	                        "    return total\n"
	                        "    total += 1\n"
	                        "    return total\n"
	                        "    total += 1\n"
	                        "\n"
	                        "def sum_cols():\n"
	                        "    return total\n"
	                        "    return total\n"
	                        "    if total:\n"
	                        "        return total\n"
	                        "    return total\n"
	                        "    return total\n"
	                        "    # done with the sums\n";
	run x;
	seam_edit_info ei;

	go(&x, "sums.py", F,
	   "sums.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "        add_row(row)\n"
	   "        return total\n"
	   "    return total\n"
	   "    total += 1\n"
	   "    return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    if total:\n"
	   "        return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    # done with the sums\n"
	   "=======\n"
	   "        add_row(row)\n"
	   "    if row:\n"
	   "        return total\n"
	   "    for attempt in range(3):\n"
	   "        return total\n"
	   "        total += 1\n"
	   "    return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    return total\n"
	   "    # done with the sums\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "between copies of one line"));
	CHECK(has(&x, "sums.py", F));
	done(&x);
}
