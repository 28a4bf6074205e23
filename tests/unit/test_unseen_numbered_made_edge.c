/*
 * A numbered block sent again (issue 11): its new side stands in the file already, but past
 * the window its numbers give (a window sized for its old side, and an earlier block, made too,
 * shifted it), while a run of its old lines fits inside the window. Neutral content of our
 * own, in a file without a grammar, so each result is compared line for line.
 */
#include "plan_run.h"

/* Both blocks are made already: the first one's new side stands at lines 17-21, its numbers
 * (15-17) were those of the file before the second one added two lines. "# keep it short"
 * and a blank line also stand together at 15-16, where the split of the first block into runs
 * would add its two lines a second time. */
static const char MADE_FILE[] = "def load():\n    # keep it short\n    count += 1\n"
                                "    mark_a = step(2)\n    # added earlier\n"
                                "    for item in items:\n        load_item(item)\n"
                                "    count += 1\n    return count\n\ndef save():\n"
                                "    for item in items:\n        save_item(item)\n"
                                "    # keep it short\n    # keep it short\n\n"
                                "    # keep it short\n    mark_b = step(1)\n"
                                "    # added later\n\ndef close():\n    return count\n";

static const char MADE_REPLY[] = "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                                 "15\xe2\x94\x82    # keep it short\n16\xe2\x94\x82\n"
                                 "17\xe2\x94\x82"
                                 "def close():\n"
                                 "=======\n"
                                 "  \xe2\x94\x82    # keep it short\n"
                                 "  \xe2\x94\x82    mark_b = step(1)\n"
                                 "  \xe2\x94\x82    # added later\n  \xe2\x94\x82\n"
                                 "  \xe2\x94\x82"
                                 "def close():\n"
                                 ">>>>>>> INSERT\n</editblock>\n\n"
                                 "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                                 "2\xe2\x94\x82    # keep it short\n3\xe2\x94\x82    count += 1\n"
                                 "4\xe2\x94\x82    for item in items:\n"
                                 "5\xe2\x94\x82        load_item(item)\n"
                                 "=======\n"
                                 "  \xe2\x94\x82    # keep it short\n  \xe2\x94\x82    count += 1\n"
                                 "  \xe2\x94\x82    mark_a = step(2)\n"
                                 "  \xe2\x94\x82    # added earlier\n"
                                 "  \xe2\x94\x82    for item in items:\n"
                                 "  \xe2\x94\x82        load_item(item)\n"
                                 ">>>>>>> INSERT\n</editblock>\n";

TEST(unseen_numbered_made_edge, made_new_side_past_the_window_keeps_the_split_off)
{
	run x;

	go(&x, "t.txt", MADE_FILE, MADE_REPLY);
	CHECK_INT(x.parse, 0);
	/* made already, or refused: never the two lines added again */
	CHECK(has(&x, "t.txt", MADE_FILE));
	done(&x);
}
