/*
 * Merged hunks with a context line left out besides, whose other reading (the halves standing
 * but for one file line left out) moves lines across the stretch the merged hunk skips (issue
 * 11, stop 26), written again with neutral content of our own. The reading the merged-hunk tier
 * found stands as written only on another copy of a run that shares one line with the first
 * (or, for a reply shifted as a whole, the other reading stands only with indentation aside):
 * the reply does not say on which side of the stretch its lines go, and is refused.
 */
#include "plan_run.h"

static const char BOXES[] = "def pack_boxes():\n"
                            "    if box:\n"
                            "        return box\n"
                            "    try:\n"
                            "        box = fold_carton()\n"
                            "    except ShelfError:\n"
                            "        pass\n"
                            "    # stack them up\n"
                            "    try:\n"
                            "        box = fold_carton()\n"
                            "    except ShelfError:\n"
                            "        pass\n"
                            "    try:\n"
                            "        lid = fold_carton()\n"
                            "    except ShelfError:\n"
                            "        pass\n"
                            "    box = pack_boxes()\n"
                            "\n"
                            "def tape_all():\n"
                            "    for box in boxes:\n"
                            "        tape_lid(box)\n"
                            "    return boxes\n"
                            "\n"
                            "def sort_boxes():\n"
                            "    boxes.sort()\n"
                            "    if box:\n"
                            "        return lid\n"
                            "    box = tape_lid()\n";

/* The first half, a try block, stands as written at its second copy (sharing only its last
 * "try:" with the first copy) and, but for the comment between, at its first: the halves as
 * written do not outweigh that reading, whose change is made five lines higher. */
TEST(unseen_one_out_moved, half_as_written_on_a_copy_sharing_one_line_is_refused)
{
	run x;

	go(&x, "pkg/boxes.py", BOXES,
	   "*** Begin Patch\n"
	   "*** Update File: pkg/boxes.py\n"
	   "@@\n"
	   "     try:\n"
	   "+    except ShelfError:\n"
	   "         box = fold_carton()\n"
	   "-    except ShelfError:\n"
	   "         pass\n"
	   "     try:\n"
	   "         return lid\n"
	   "+    if not dry_run:\n"
	   "+        box = tape_lid()\n"
	   "-    box = tape_lid()\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/boxes.py", BOXES));
	done(&x);
}

/* The same change as a SEARCH/REPLACE block re-indented as a whole (four columns deeper): its
 * other reading is walked with indentation aside, and refuses it the same way. */
TEST(unseen_one_out_moved, shifted_block_on_a_copy_sharing_one_line_is_refused)
{
	run x;

	go(&x, "pkg/boxes.py", BOXES,
	   "pkg/boxes.py\n"
	   "```python\n"
	   "<<<<<<< SEARCH\n"
	   "        try:\n"
	   "            box = fold_carton()\n"
	   "        except ShelfError:\n"
	   "            pass\n"
	   "        try:\n"
	   "            return lid\n"
	   "        box = tape_lid()\n"
	   "=======\n"
	   "        try:\n"
	   "        except ShelfError:\n"
	   "            box = fold_carton()\n"
	   "            pass\n"
	   "        try:\n"
	   "            return lid\n"
	   "        if not dry_run:\n"
	   "            box = tape_lid()\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/boxes.py", BOXES));
	done(&x);
}
