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

/* Line 10 is left out of both sides (a merged hunk's gap of one line): the new side writes
 * lines 9 and 11 together, as the old side does. The old side deletes line 6, line 10's twin,
 * and the new side writes that text once, higher up: as many additions as deletions, the
 * addition is line 6 moved, and line 10, which neither side names, stays. */
static const char PART_BEFORE[] = "def build():\n\n    for part in parts:\n"
                                  "        build_part(size)\n\ndef build_part():\n"
                                  "    part = build_part()\n    return part\n\n"
                                  "def build_part():\n    for size in sizes:\n"
                                  "        build_part(size)\n\n    return size\n";

static const char PART_REPLY[] = "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                                 "2\xe2\x94\x82\n3\xe2\x94\x82    for part in parts:\n"
                                 "4\xe2\x94\x82        build_part(size)\n5\xe2\x94\x82\n"
                                 "6\xe2\x94\x82"
                                 "def build_part():\n"
                                 "7\xe2\x94\x82    part = build_part()\n"
                                 "8\xe2\x94\x82    return part\n9\xe2\x94\x82\n"
                                 "11\xe2\x94\x82    for size in sizes:\n"
                                 "12\xe2\x94\x82        build_part(size)\n13\xe2\x94\x82\n"
                                 "=======\n"
                                 "  \xe2\x94\x82\n  \xe2\x94\x82"
                                 "def build_part():\n"
                                 "  \xe2\x94\x82\n  \xe2\x94\x82    for part in parts:\n"
                                 "  \xe2\x94\x82        build_part(size)\n"
                                 "  \xe2\x94\x82    part = build_part()\n"
                                 "  \xe2\x94\x82    return part\n  \xe2\x94\x82\n"
                                 "  \xe2\x94\x82    for size in sizes:\n  \xe2\x94\x82\n"
                                 ">>>>>>> INSERT\n</editblock>\n";

static const char PART_AFTER[] = "def build():\n\ndef build_part():\n\n    for part in parts:\n"
                                 "        build_part(size)\n    part = build_part()\n"
                                 "    return part\n\ndef build_part():\n    for size in sizes:\n"
                                 "\n    return size\n";

TEST(unseen_gap_twin_moves, line_passed_over_by_both_sides_is_not_its_twin_moved)
{
	run x;

	go(&x, "t.txt", PART_BEFORE, PART_REPLY);
	CHECK_INT(x.parse, 0);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "t.txt", PART_AFTER));
	else
		CHECK(has(&x, "t.txt", PART_BEFORE));
	done(&x);
}
