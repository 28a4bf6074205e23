/*
 * A whole-sides rewrite that is a merged hunk and moves a line down while its old side leaves
 * that line out (issue 11): the first run, found with the context it shares with the next, holds
 * the left-out line in its place; clipped apart, the line stands between the two runs, kept,
 * while the next run writes the moved copy: the line written twice. Whether it moved or is
 * written once more the reply does not say; the runs as found are asked too
 * (sm_split_left_out_written_elsewhere), and the block is judged whole. Neutral content of our
 * own.
 */
#include "plan_run.h"

/* the bar between a line's number and its text */
#define BAR "\xe2\x94\x82"

static const char TANK[] = "def start_pump():\n"
                           "    if level:\n"
                           "        return flow\n"
                           "    level = read_gauge()\n"
                           "    return level\n"
                           "\n"
                           "def drain_tank():\n"
                           "    if level:\n"
                           "        return flow\n"
                           "    if level:\n"
                           "        return level\n"
                           "\n"
                           "def fill_tank():\n"
                           "    if flow:\n"
                           "        return flow\n"
                           "\n"
                           "    try:\n"
                           "        flow = open_valve()\n"
                           "    except ValveError:\n"
                           "        pass\n"
                           "    for level in levels:\n"
                           "        note_level(flow)\n"
                           "    try:\n"
                           "        level = read_gauge()\n"
                           "    except ValveError:\n"
                           "        pass\n";

/* Numbered removal (line 7, "def drain_tank():", not listed) and the insertion that writes it
 * two lines further down: never written twice. */
TEST(unseen_mh_left_between, numbered_block_leaving_out_a_moved_line_is_not_split)
{
	run x;

	go(&x, "pkg/tank.py", TANK,
	   "pkg/tank.py\n"
	   "<editblock>\n"
	   "<<<<<<< REMOVE\n"
	   " 5" BAR "    return level\n"
	   " 6" BAR "\n"
	   " 8" BAR "    if level:\n"
	   " 9" BAR "        return flow\n"
	   "10" BAR "    if level:\n"
	   "11" BAR "        return level\n"
	   "21" BAR "    for level in levels:\n"
	   "22" BAR "        note_level(flow)\n"
	   "23" BAR "    try:\n"
	   "24" BAR "        level = read_gauge()\n"
	   "=======\n"
	   "  " BAR "    return level\n"
	   "  " BAR "    if level:\n"
	   "  " BAR "        return flow\n"
	   "  " BAR "\n"
	   "  " BAR "def drain_tank():\n"
	   "  " BAR "    if level:\n"
	   "  " BAR "        return level\n"
	   "  " BAR "    for level in levels:\n"
	   "  " BAR "        for tries in range(3):\n"
	   "  " BAR "            note_level(flow)\n"
	   "  " BAR "    try:\n"
	   "  " BAR "        level = read_gauge()\n"
	   ">>>>>>> INSERT\n"
	   "</editblock>\n");
	CHECK(x.parse == SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/tank.py", TANK));
	done(&x);
}

/* The same as a SEARCH/REPLACE block. */
TEST(unseen_mh_left_between, block_leaving_out_a_moved_line_is_not_split)
{
	run x;

	go(&x, "pkg/tank.py", TANK,
	   "pkg/tank.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    return level\n"
	   "\n"
	   "    if level:\n"
	   "        return flow\n"
	   "    if level:\n"
	   "        return level\n"
	   "    for level in levels:\n"
	   "        note_level(flow)\n"
	   "    try:\n"
	   "        level = read_gauge()\n"
	   "=======\n"
	   "    return level\n"
	   "    if level:\n"
	   "        return flow\n"
	   "\n"
	   "def drain_tank():\n"
	   "    if level:\n"
	   "        return level\n"
	   "    for level in levels:\n"
	   "        for tries in range(3):\n"
	   "            note_level(flow)\n"
	   "    try:\n"
	   "        level = read_gauge()\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.parse == SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/tank.py", TANK));
	done(&x);
}
