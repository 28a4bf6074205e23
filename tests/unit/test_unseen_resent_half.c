/*
 * Edits sent again after they were made, whole or in part (a merged hunk with one half made, a
 * line moved), with the context cut or lines left out (issue 11), written with neutral content of
 * our own. The loose tiers (diff-repair, merged halves, split runs) read the edit onto other copies
 * of its old lines beside or below where its new side stands made. Each reply is refused, naming
 * the place where it stands made.
 */
#include "plan_run.h"

/* The first half (two calls renamed) is made at lines 4-5. The split pairs each deleted line
 * with its renamed form and finds the two pieces on their own, on lines 13 and 20 with file
 * lines between them, where the hunk has them together: those are other copies of the made
 * half's old lines. The split renamed them there. */
TEST(unseen_resent_half, split_run_pieces_read_apart_while_the_half_stands_made_are_refused)
{
	static const char F[] = "def weave_sail():\n"
	                        "    keel += 1\n"
	                        "    for keel in keels:\n"
	                        "        weave_sail_v2(rope)\n"
	                        "    rope = weave_sail_v2()\n"
	                        "\n"
	                        "def trim_jibs():\n"
	                        "    return mast\n"
	                        "    for keel in keels:\n"
	                        "        weave_sail(keel)\n"
	                        "\n"
	                        "    for keel in keels:\n"
	                        "        weave_sail(rope)\n"
	                        "\n"
	                        "def weave_sail():\n"
	                        "    return mast\n"
	                        "    mast = weave_sail()\n"
	                        "    return mast\n"
	                        "\n"
	                        "    rope = weave_sail()\n"
	                        "\n"
	                        "def haul_nets():\n"
	                        "    rope += 1\n"
	                        "\n"
	                        "\n"
	                        "    # tide turns at the old pier\n"
	                        "    for rope in ropes:\n"
	                        "        weave_sail(keel)\n"
	                        "    return mast\n"
	                        "    mast += 1\n"
	                        "\n"
	                        "def weave_sail():\n"
	                        "    # tide turns at the old pier\n"
	                        "    for rope in ropes:\n"
	                        "        weave_sail(mast)\n"
	                        "    rope += 1\n"
	                        "\n"
	                        "    mast += 1\n"
	                        "    keel += 1\n"
	                        "    return mast\n";
	run x;
	go(&x, "pkg/sails.py", F,
	   "Here is the change.\n"
	   "\n"
	   "pkg/sails.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "        weave_sail(rope)\n"
	   "    rope = weave_sail()\n"
	   "\n"
	   "\n"
	   "    mast += 1\n"
	   "    keel += 1\n"
	   "    return mast\n"
	   "=======\n"
	   "        weave_sail_v2(rope)\n"
	   "    rope = weave_sail_v2()\n"
	   "\n"
	   "\n"
	   "    mast += 1\n"
	   "    keel += 1\n"
	   "    if not calm_sea:\n"
	   "        return mast\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/sails.py", F));
	done(&x);
}

/* The first half (a line deleted after `try:`) is made at the top of the last function, where
 * its new side stands as written. The repair reads that half's context there and the deleted
 * line on a copy further on, letting go of the made lines between: it deleted the copy. */
TEST(unseen_resent_half, loose_place_reading_a_made_halfs_deletion_further_on_is_refused)
{
	static const char F[] = "def fold_paper():\n"
	                        "\n"
	                        "    crane += 1\n"
	                        "    for crane in cranes:\n"
	                        "        fold_paper(crane)\n"
	                        "    return crane\n"
	                        "    # keep the corners sharp\n"
	                        "\n"
	                        "    # keep the corners sharp\n"
	                        "\n"
	                        "def count_all_cranes():\n"
	                        "    for crane in cranes:\n"
	                        "        fold_paper(crane)\n"
	                        "    crane += 1\n"
	                        "\n"
	                        "def check_cranes():\n"
	                        "\n"
	                        "    try:\n"
	                        "        crane = fold_paper()\n"
	                        "    except CraneTorn:\n"
	                        "        pass\n"
	                        "    return crane\n"
	                        "\n"
	                        "    crane += 1\n"
	                        "    try:\n"
	                        "        crane = fold_paper()\n"
	                        "    except CraneTorn:\n"
	                        "        pass\n"
	                        "    # keep the corners sharp\n"
	                        "\n"
	                        "def fold_paper():\n"
	                        "    for crane in cranes:\n"
	                        "        fold_paper(crane)\n"
	                        "    try:\n"
	                        "    except CraneTorn:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        crane = fold_paper()\n"
	                        "    except CraneTorn:\n"
	                        "        pass\n"
	                        "    if crane:\n"
	                        "        return crane\n"
	                        "    crane = fold_paper()\n"
	                        "    try:\n"
	                        "        crane = fold_paper()\n"
	                        "    except CraneTorn:\n"
	                        "        pass\n"
	                        "    if crane:\n"
	                        "        return crane\n";
	run x;
	go(&x, "pkg/cranes.py", F,
	   "Here is the change.\n"
	   "\n"
	   "*** Begin Patch\n"
	   "*** Update File: pkg/cranes.py\n"
	   "@@\n"
	   "     for crane in cranes:\n"
	   "         fold_paper(crane)\n"
	   "     try:\n"
	   "-        crane = fold_paper()\n"
	   "     except CraneTorn:\n"
	   "     if crane:\n"
	   "         return crane\n"
	   "     crane = fold_paper()\n"
	   "     try:\n"
	   "         crane = fold_paper()\n"
	   "     except CraneTorn:\n"
	   "         pass\n"
	   "+        audit_trail_41 = record_step(7)\n"
	   "+        # pressed flat at fold 7\n"
	   "     if crane:\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/cranes.py", F));
	done(&x);
}

/* A line moved above the one before it, sent again with a context line left out. The move is
 * made (lines 16-18); the merged-hunk tier read the hunk as two halves, its change on a copy of
 * the old lines below, where it moved that line a second time. */
TEST(unseen_resent_half, halves_making_a_move_away_from_where_it_stands_made_are_refused)
{
	static const char F[] = "def stack_stones():\n"
	                        "    # moss grows on the north side\n"
	                        "    try:\n"
	                        "        cairn = stack_stones()\n"
	                        "    except StoneSlip:\n"
	                        "        pass\n"
	                        "\n"
	                        "def stack_stones():\n"
	                        "    try:\n"
	                        "        pebble = stack_stones()\n"
	                        "    except StoneSlip:\n"
	                        "        pass\n"
	                        "    for pebble in pebbles:\n"
	                        "        stack_stones(pebble)\n"
	                        "    pebble = stack_stones()\n"
	                        "    try:\n"
	                        "    except StoneSlip:\n"
	                        "        cairn = stack_stones()\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        cairn = stack_stones()\n"
	                        "    except StoneSlip:\n"
	                        "        pass\n"
	                        "    # moss grows on the north side\n"
	                        "    pebble = stack_stones()\n";
	run x;
	go(&x, "pkg/cairns.py", F,
	   "Here is the change.\n"
	   "\n"
	   "*** Begin Patch\n"
	   "*** Update File: pkg/cairns.py\n"
	   "@@\n"
	   "     for pebble in pebbles:\n"
	   "         stack_stones(pebble)\n"
	   "     try:\n"
	   "+    except StoneSlip:\n"
	   "         cairn = stack_stones()\n"
	   "-    except StoneSlip:\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/cairns.py", F));
	done(&x);
}
