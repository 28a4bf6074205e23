/*
 * A numbered block that deletes one of two copies of a line, while the file holds one copy only
 * at the block's place (the block made already, or its lines miscopied). The split finds the
 * deletion with its leading context (the other copy) cut, and that cut line stands three lines
 * up, but at another depth, a line of the block above: that is not the cut copy standing, and
 * deleting the one copy there would leave none. Refused, the file kept. Neutral content of
 * our own.
 */
#include "plan_run.h"

TEST(unseen_cut_twin_depth, cut_twin_of_a_deleted_line_at_another_depth_accounts_for_nothing)
{
	static const char F[] = "def load():\n"
	                        "    try:\n"
	                        "        total = read_all()\n"
	                        "    except KeyError:\n"
	                        "        pass\n"
	                        "    total = read_all()\n"
	                        "    # keep the tally\n"
	                        "    other = 1\n";
	run x;

	go(&x, "cfg.py", F,
	   "cfg.py\n<editblock>\n<<<<<<< REMOVE\n"
	   "6\xe2\x94\x82"
	   "    total = read_all()\n"
	   "7\xe2\x94\x82"
	   "    total = read_all()\n"
	   "8\xe2\x94\x82"
	   "    # keep the tally\n"
	   "=======\n"
	   "  \xe2\x94\x82"
	   "    total = read_all()\n"
	   "  \xe2\x94\x82"
	   "    # keep the tally\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK(x.plan != SEAM_OK || has(&x, "cfg.py", F));
	done(&x);
}
