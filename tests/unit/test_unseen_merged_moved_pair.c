/*
 * A merged block with a context line left out of its old side (issue 11, session of 2026-11-26),
 * written again with neutral content of our own: the line just past the first half, which the
 * block's new side still holds, is also the line the second half changes, so the sides' diff
 * pairs the new side's copy with that later line and moves the lines between across it.
 */
#include "plan_run.h"

/* The first half ends on a blank line, the second starts on two; the stretch between them opens
 * with `if ready:`, which the old side left out and the new side writes right after the blank
 * line. The diff pairs it with the second half's `if ready:` (which the edit rewrites), so no
 * addition stands beside the cut, and the merged-hunk tier wrote a second `if ready:` above the
 * stretch. The new side's line beside the cut is the skipped line written back, however the
 * diff pairs it: the merged reading is not the reply's, and no later tier places it whole. */
TEST(unseen_merged_moved_pair, skipped_line_paired_past_the_cut_is_refused)
{
	static const char F[] = "def open_files():\n"
	                        "    # read the list first\n"
	                        "\n"
	                        "    try:\n"
	                        "        total = read_list()\n"
	                        "    except ListError:\n"
	                        "        pass\n"
	                        "\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "    for total in totals:\n"
	                        "        read_list(ready)\n"
	                        "\n"
	                        "def close_files():\n"
	                        "    for total in totals:\n"
	                        "        read_list(total)\n"
	                        "    # read the list first\n"
	                        "    try:\n"
	                        "        ready = read_list()\n"
	                        "    except ListError:\n"
	                        "        pass\n"
	                        "    total += 1\n"
	                        "\n"
	                        "\n"
	                        "def count_files():\n"
	                        "    ready = read_list()\n"
	                        "    ready = read_list()\n"
	                        "    if total:\n"
	                        "        return ready\n"
	                        "\n"
	                        "def sort_names():\n"
	                        "    try:\n"
	                        "        total = read_list()\n"
	                        "    except ListError:\n"
	                        "        pass\n"
	                        "    total = read_list()\n"
	                        "\n"
	                        "\n"
	                        "def flush_files():\n"
	                        "    if ready:\n"
	                        "        return total\n"
	                        "    # read the list first\n"
	                        "    # read the list first\n"
	                        "    ready += 1\n";
	run x;
	seam_edit_info ei;

	go(&x, "files.py", F,
	   "files.py\n```\n<<<<<<< SEARCH\n"
	   "    # read the list first\n"
	   "\n"
	   "    try:\n"
	   "        total = read_list()\n"
	   "    except ListError:\n"
	   "        pass\n"
	   "\n"
	   "\n"
	   "\n"
	   "def flush_files():\n"
	   "    if ready:\n"
	   "        return total\n"
	   "    # read the list first\n"
	   "    # read the list first\n"
	   "    ready += 1\n"
	   "=======\n"
	   "    # read the list first\n"
	   "\n"
	   "    try:\n"
	   "        total = read_list()\n"
	   "        pass\n"
	   "    except ListError:\n"
	   "\n"
	   "    if ready:\n"
	   "\n"
	   "\n"
	   "def flush_files():\n"
	   "    return total\n"
	   "    # read the list first\n"
	   "    # read the list first\n"
	   "    ready += 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_NO_MATCH || ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "files.py", F));
	done(&x);
}
