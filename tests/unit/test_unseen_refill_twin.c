/*
 * A left-out line put back into a whole-sides block's old side because the diff paired the new
 * side's copy of its text with an old line (refill): not when that old line stands right beside
 * it, of the same bytes. The old side then named one of two twins and left the other out,
 * either reading gives the same file, and the pairing is that old line's own; putting the twin
 * back too made the old side hold one copy more than the new side keeps, and one of the twins
 * was deleted. Neutral content of our own, in a file without a grammar.
 */
#include "plan_run.h"

/* Line 7 left out of the old side and written back on the new one (missing context); of the
 * twins at lines 11 and 12 the old side names one. */
static const char BEFORE[] = "def first():\n"
                             "    if ready:\n"
                             "        return ready\n"
                             "    if waiting:\n"
                             "        return waiting\n"
                             "    count = tally()\n"
                             "    # keep the tally fresh\n"
                             "    count = tally()\n"
                             "\n"
                             "def second():\n"
                             "    # keep the tally fresh\n"
                             "    # keep the tally fresh\n"
                             "    if ready:\n"
                             "        return ready\n"
                             "\n"
                             "def third():\n"
                             "    count = tally()\n";

static const char REPLY[] = "t.txt\n"
                            "```\n"
                            "<<<<<<< SEARCH\n"
                            "    if waiting:\n"
                            "        return waiting\n"
                            "    count = tally()\n"
                            "    count = tally()\n"
                            "\n"
                            "def second():\n"
                            "    # keep the tally fresh\n"
                            "    if ready:\n"
                            "        return ready\n"
                            "\n"
                            "def third():\n"
                            "    count = tally()\n"
                            "=======\n"
                            "    if waiting:\n"
                            "        return waiting\n"
                            "        log()\n"
                            "    count = tally()\n"
                            "    # keep the tally fresh\n"
                            "    count = tally()\n"
                            "\n"
                            "def second():\n"
                            "    # keep the tally fresh\n"
                            "    return ready\n"
                            "\n"
                            "def third():\n"
                            "    count = tally()\n"
                            ">>>>>>> REPLACE\n"
                            "```\n";

static const char AFTER[] = "def first():\n"
                            "    if ready:\n"
                            "        return ready\n"
                            "    if waiting:\n"
                            "        return waiting\n"
                            "        log()\n"
                            "    count = tally()\n"
                            "    # keep the tally fresh\n"
                            "    count = tally()\n"
                            "\n"
                            "def second():\n"
                            "    # keep the tally fresh\n"
                            "    # keep the tally fresh\n"
                            "    return ready\n"
                            "\n"
                            "def third():\n"
                            "    count = tally()\n";

TEST(unseen_refill_twin, left_out_twin_beside_its_named_copy_stays_once)
{
	run x;

	go(&x, "t.txt", BEFORE, REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.txt", AFTER));
	done(&x);
}
