/*
 * Numbered blocks (issue 11) whose old side leaves a file line out (a gap in its numbers) and
 * whose new side moves lines around it. Neutral content of our own, in a file without a
 * grammar, so each result is compared line for line.
 */
#include "plan_run.h"

/* Line 5 is left out of the old side; the new side moves lines 7-8 up and writes line 5 once,
 * after them. Of the two equal comment lines 6-7 the sides' diff keeps one as context and
 * writes the other as an addition beside line 5's copy: that addition is the old copy moved,
 * not a new copy of line 5's surroundings, so line 5's copy is line 5 moved and the left-out
 * line is not written twice. */
static const char LAMP_BEFORE[] = "def setup():\n    return lamp\n    lamp += 1\n\n"
                                  "def teardown():\n    # the lamp stays lit all night\n"
                                  "    # the lamp stays lit all night\n    return lamp\n"
                                  "    lamp -= 1\n";

static const char LAMP_REPLY[] = "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                                 "2\xe2\x94\x82    return lamp\n3\xe2\x94\x82    lamp += 1\n"
                                 "4\xe2\x94\x82\n"
                                 "6\xe2\x94\x82    # the lamp stays lit all night\n"
                                 "7\xe2\x94\x82    # the lamp stays lit all night\n"
                                 "8\xe2\x94\x82    return lamp\n"
                                 "=======\n"
                                 "  \xe2\x94\x82    return lamp\n  \xe2\x94\x82    lamp += 1\n"
                                 "  \xe2\x94\x82    # the lamp stays lit all night\n"
                                 "  \xe2\x94\x82    return lamp\n  \xe2\x94\x82\n"
                                 "  \xe2\x94\x82" "def teardown():\n"
                                 "  \xe2\x94\x82    # the lamp stays lit all night\n"
                                 ">>>>>>> INSERT\n</editblock>\n";

static const char LAMP_AFTER[] = "def setup():\n    return lamp\n    lamp += 1\n"
                                 "    # the lamp stays lit all night\n    return lamp\n\n"
                                 "def teardown():\n    # the lamp stays lit all night\n"
                                 "    lamp -= 1\n";

TEST(unseen_gap_twin_moves, twin_kept_as_context_is_no_copy_of_the_surroundings)
{
	run x;

	go(&x, "t.txt", LAMP_BEFORE, LAMP_REPLY);
	CHECK_INT(x.parse, 0);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "t.txt", LAMP_AFTER));
	else
		CHECK(has(&x, "t.txt", LAMP_BEFORE));
	done(&x);
}
