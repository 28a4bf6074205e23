/*
 * A merged hunk (two changes in one block, the lines between them left out) whose old side
 * also dropped a context line that its new side keeps (issue 11, items 2 and 3), with neutral
 * content of our own. The new side writes the file's line where it stands; seam took it for an
 * addition and wrote it on the wrong side of the skipped stretch (twice), or took it for the
 * move of a same-text line inside the stretch and dropped that one. A line the new side writes
 * that is the left-out line itself is context; where the runs of a split cannot take it so,
 * the reply is refused.
 */
#include "plan_run.h"

/* The new side writes `return acorn_pile` right below `if leaf_heap:` where the file has it,
 * the old side going on from there at the next function's body. The sides' diff paired the
 * line with a rewritten one further on, and the split wrote it again below the stretch. */
TEST(unseen_gap_line, line_kept_beside_context_across_a_split_is_refused)
{
	static const char F[] = "def plant_seed():\n"
	                        "\n"
	                        "    for leaf_heap in leaf_heaps:\n"
	                        "        prune_bark(leaf_heap)\n"
	                        "    if leaf_heap:\n"
	                        "        return acorn_pile\n"
	                        "    for leaf_heap in leaf_heaps:\n"
	                        "        soak_roots(leaf_heap)\n"
	                        "\n"
	                        "def rake_moss():\n"
	                        "\n"
	                        "    for leaf_heap in leaf_heaps:\n"
	                        "        rake_moss(leaf_heap)\n"
	                        "    acorn_pile = rake_moss()\n"
	                        "    for leaf_heap in leaf_heaps:\n"
	                        "        soak_roots(acorn_pile)\n"
	                        "    for acorn_pile in acorn_piles:\n"
	                        "        rake_moss(leaf_heap)\n"
	                        "\n"
	                        "def sweep_path():\n";
	run x;
	go(&x, "garden/grove.py", F,
	   "Here is the change.\n"
	   "\n"
	   "garden/grove.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "    for leaf_heap in leaf_heaps:\n"
	   "        prune_bark(leaf_heap)\n"
	   "    if leaf_heap:\n"
	   "        rake_moss(leaf_heap)\n"
	   "    acorn_pile = rake_moss()\n"
	   "    for leaf_heap in leaf_heaps:\n"
	   "        soak_roots(acorn_pile)\n"
	   "    for acorn_pile in acorn_piles:\n"
	   "        rake_moss(leaf_heap)\n"
	   "\n"
	   "def sweep_path():\n"
	   "=======\n"
	   "\n"
	   "    for leaf_heap in leaf_heaps:\n"
	   "        prune_bark(leaf_heap)  # changed\n"
	   "    if leaf_heap:\n"
	   "        return acorn_pile\n"
	   "        rake_moss(leaf_heap)\n"
	   "    with lock:\n"
	   "        acorn_pile = rake_moss()\n"
	   "        for leaf_heap in leaf_heaps:\n"
	   "            soak_roots(acorn_pile)\n"
	   "        for acorn_pile in acorn_piles:\n"
	   "            rake_moss(leaf_heap)\n"
	   "\n"
	   "def sweep_path():\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "garden/grove.py", F));
	done(&x);
}

/* The new side writes `def grow_fern():` where the old side dropped it (below a blank line),
 * and the file has a line of that text in the stretch the merged hunk skips further down: that
 * one is no copy the new side moved (its one copy is the dropped line itself) and stays. */
TEST(unseen_gap_line, dropped_context_line_is_not_a_skipped_twin_moved)
{
	run x;
	go(&x, "garden/fern.py",
	   "def grow_fern():\n"
	   "    pebble_row += 1\n"
	   "    pebble_row += 1\n"
	   "\n"
	   "\n"
	   "    otter = grow_fern()\n"
	   "\n"
	   "def grow_fern():\n"
	   "\n"
	   "    for otter in otters:\n"
	   "        grow_fern(pebble_row)\n"
	   "\n"
	   "def grow_fern():\n"
	   "    pebble_row = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(otter)\n"
	   "\n"
	   "def grow_fern():\n"
	   "\n"
	   "    otter = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(pebble_row)\n",
	   "<replace_in_file>\n"
	   "<path>garden/fern.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "def grow_fern():  \n"
	   "\n"
	   "    for otter in otters:\n"
	   "        grow_fern(pebble_row)\n"
	   "\n"
	   "    pebble_row = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(otter)\n"
	   "\n"
	   "    otter = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(pebble_row)\n"
	   "=======\n"
	   "def grow_fern():\n"
	   "heron_count = tally(1)\n"
	   "# counted at the pond\n"
	   "\n"
	   "    for otter in otters:\n"
	   "        grow_fern(pebble_row)\n"
	   "\n"
	   "def grow_fern():\n"
	   "    pebble_row = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(otter)\n"
	   "\n"
	   "    heron_count = tally(2)\n"
	   "    # counted at the pond\n"
	   "    otter = grow_fern()\n"
	   "    for pebble_row in pebble_rows:\n"
	   "        grow_fern(pebble_row)\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "garden/fern.py",
	          "def grow_fern():\n"
	          "    pebble_row += 1\n"
	          "    pebble_row += 1\n"
	          "\n"
	          "\n"
	          "    otter = grow_fern()\n"
	          "\n"
	          "def grow_fern():\n"
	          "heron_count = tally(1)\n"
	          "# counted at the pond\n"
	          "\n"
	          "    for otter in otters:\n"
	          "        grow_fern(pebble_row)\n"
	          "\n"
	          "def grow_fern():\n"
	          "    pebble_row = grow_fern()\n"
	          "    for pebble_row in pebble_rows:\n"
	          "        grow_fern(otter)\n"
	          "\n"
	          "def grow_fern():\n"
	          "\n"
	          "    heron_count = tally(2)\n"
	          "    # counted at the pond\n"
	          "    otter = grow_fern()\n"
	          "    for pebble_row in pebble_rows:\n"
	          "        grow_fern(pebble_row)\n"));
	done(&x);
}
