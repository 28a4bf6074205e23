/*
 * A context line cut short and miscopied (issue 11): one typo from the beginning of a file line
 * the edit keeps. With that line standing twice, the old side reads two ways: the cut line an
 * unmarked addition before the first copy, or the first copy cut short and miscopied. Both fit,
 * and the reply does not say which; refused. Neutral content of our own.
 */
#include "plan_run.h"

static const char TALLY[] = "def tally():\n"
                            "    total += 1\n"
                            "    total = fetch_count()\n"
                            "    total = fetch_count()\n"
                            "    return total\n";

/* "fetch_cout": "fetch_coun" (cut short) with its last letter miscopied. Read as an addition,
 * it was written before the twins, the lines added above them too; meant after the first. */
TEST(unseen_cut_miscopied, cut_and_miscopied_context_line_beside_its_twin_is_refused)
{
	static const char R[] = "*** Begin Patch\n"
	                        "*** Update File: tally.py\n"
	                        "@@\n"
	                        " def tally():\n"
	                        "     total += 1\n"
	                        "     total = fetch_cout\n"
	                        "+    log_step(4)\n"
	                        "+    # stepped\n"
	                        "     total = fetch_count()\n"
	                        "*** End Patch\n";
	run x;

	go(&x, "tally.py", TALLY, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "tally.py", TALLY));
	done(&x);
}
