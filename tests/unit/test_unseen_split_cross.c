/*
 * A whole-sides block found only cut into runs, whose sides' diff keeps a line across a swap (a
 * line deleted before it, its copy added after it) while a copy of the kept line stands in the
 * stretch the runs skip (issue 11: a context line dropped from the old side only). The diff
 * pairs the new side's line with the copy a later run reads; the model may have meant the copy
 * the runs leave out, the later one deleted. The two write different files: refused, naming
 * both (split.c, sm_splice_cross_reading asked of the runs as one place). Content of our own.
 */
#include "plan_run.h"

static const char SHOP[] = "def unpack_crates():\n"
                           "\n"
                           "    for shelf in shelves:\n"
                           "        dust(shelf)\n"
                           "    if shelf:\n"
                           "        return shelf\n"
                           "    if shelf:\n"
                           "        return shelf\n"
                           "\n"
                           "\n"
                           "\n"
                           "def count_stock():\n"
                           "    if shelf:\n"
                           "        return shelf\n"
                           "    return shelf\n"
                           "    try:\n"
                           "        shelf = fetch()\n"
                           "    except Missing:\n"
                           "        pass\n"
                           "\n"
                           "def sweep_floor():\n"
                           "    return shelf\n"
                           "\n"
                           "    for shelf in shelves:\n"
                           "        dust(shelf)\n"
                           "    return shelf\n"
                           "    shelf += 1\n";

/* The new side's "for" line under the first function's blank line (the line its old side left
 * out there) or the second function's, kept by the diff as the old side's line past the
 * swapped "def sweep_floor" */
#define NEW_SIDE                                                                                   \
	"=======\n"                                                                                \
	"def unpack_crates():  # opened\n"                                                         \
	"\n"                                                                                       \
	"    for shelf in shelves:\n"                                                              \
	"\n"                                                                                       \
	"def sweep_floor():\n"                                                                     \
	"    with lock:\n"                                                                         \
	"        return shelf\n"                                                                   \
	"\n"                                                                                       \
	"        for shelf in shelves:\n"                                                          \
	"            dust(shelf)\n"                                                                \
	"        return shelf\n"                                                                   \
	"        shelf += 1\n"                                                                     \
	">>>>>>> REPLACE\n```\n"

TEST(unseen_split_cross, line_kept_across_a_swap_with_a_copy_skipped_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "shop.py", SHOP,
	   "shop.py\n```python\n<<<<<<< SEARCH\n"
	   "def unpack_crates():\n"
	   "\n"
	   "\n"
	   "def sweep_floor():\n"
	   "    return shelf\n"
	   "\n"
	   "    for shelf in shelves:\n"
	   "        dust(shelf)\n"
	   "    return shelf\n"
	   "    shelf += 1\n" NEW_SIDE);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 24 of the file"));
	CHECK(ei.message && strstr(ei.message, "at line 3 "));
	CHECK(has(&x, "shop.py", SHOP));
	done(&x);
}

/* The same block with the line in its old side: the diff keeps it where it stands, applied. */
TEST(unseen_split_cross, line_given_in_the_old_side_applies)
{
	run x;

	go(&x, "shop.py", SHOP,
	   "shop.py\n```python\n<<<<<<< SEARCH\n"
	   "def unpack_crates():\n"
	   "\n"
	   "    for shelf in shelves:\n"
	   "\n"
	   "def sweep_floor():\n"
	   "    return shelf\n"
	   "\n"
	   "    for shelf in shelves:\n"
	   "        dust(shelf)\n"
	   "    return shelf\n"
	   "    shelf += 1\n" NEW_SIDE);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shop.py",
	          "def unpack_crates():  # opened\n"
	          "\n"
	          "    for shelf in shelves:\n"
	          "        dust(shelf)\n"
	          "    if shelf:\n"
	          "        return shelf\n"
	          "    if shelf:\n"
	          "        return shelf\n"
	          "\n"
	          "\n"
	          "\n"
	          "def count_stock():\n"
	          "    if shelf:\n"
	          "        return shelf\n"
	          "    return shelf\n"
	          "    try:\n"
	          "        shelf = fetch()\n"
	          "    except Missing:\n"
	          "        pass\n"
	          "\n"
	          "def sweep_floor():\n"
	          "    with lock:\n"
	          "        return shelf\n"
	          "\n"
	          "        for shelf in shelves:\n"
	          "            dust(shelf)\n"
	          "        return shelf\n"
	          "        shelf += 1\n"));
	done(&x);
}

/* Two lines swapped at each end of a merged block (indented a level deeper than the file): the
 * diff keeps "crate_count += 1" across the first swap, and the stretch the runs skip holds a
 * copy of it. The new side writes that line above "crate_count = open_crate_all()", which
 * stands before the copy: the copy cannot be it in the new side's order, and the block applies
 * as the runs read it. */
TEST(unseen_split_cross, swap_with_a_copy_out_of_the_new_sides_order_applies)
{
	static const char F[] = "def unload_van():\n"
	                        "\n"
	                        "    crate_count = open_crate_all()\n"
	                        "    crate_count += 1\n"
	                        "\n"
	                        "    lid_marker = open_crate_all()\n"
	                        "\n"
	                        "def count_boxes_all():\n"
	                        "\n"
	                        "    crate_count += 1\n"
	                        "    return crate_count\n"
	                        "\n"
	                        "    if lid_marker:\n"
	                        "        return lid_marker\n"
	                        "    crate_count = open_crate_all()\n"
	                        "\n"
	                        "def open_crate_all():\n"
	                        "    for crate_count in crate_stack:\n"
	                        "        open_crate_all(crate_count)\n"
	                        "    for lid_marker in lid_stack:\n"
	                        "        open_crate_all(crate_count)\n"
	                        "\n"
	                        "    crate_count += 1\n";
	run x;

	go(&x, "crates.py", F,
	   "crates.py\n```python\n<<<<<<< SEARCH\n"
	   "        crate_count = open_crate_all()\n"
	   "        crate_count += 1\n"
	   "\n"
	   "        lid_marker = open_crate_all()\n"
	   "\n"
	   "    def open_crate_all():\n"
	   "        for crate_count in crate_stack:\n"
	   "            open_crate_all(crate_count)\n"
	   "        for lid_marker in lid_stack:\n"
	   "=======\n"
	   "        crate_count += 1\n"
	   "        crate_count = open_crate_all()\n"
	   "\n"
	   "        lid_marker = open_crate_all()\n"
	   "\n"
	   "    def open_crate_all():\n"
	   "        for crate_count in crate_stack:\n"
	   "        for lid_marker in lid_stack:\n"
	   "            open_crate_all(crate_count)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "crates.py",
	          "def unload_van():\n"
	          "\n"
	          "    crate_count += 1\n"
	          "    crate_count = open_crate_all()\n"
	          "\n"
	          "    lid_marker = open_crate_all()\n"
	          "\n"
	          "def count_boxes_all():\n"
	          "\n"
	          "    crate_count += 1\n"
	          "    return crate_count\n"
	          "\n"
	          "    if lid_marker:\n"
	          "        return lid_marker\n"
	          "    crate_count = open_crate_all()\n"
	          "\n"
	          "def open_crate_all():\n"
	          "    for crate_count in crate_stack:\n"
	          "    for lid_marker in lid_stack:\n"
	          "        open_crate_all(crate_count)\n"
	          "        open_crate_all(crate_count)\n"
	          "\n"
	          "    crate_count += 1\n"));
	done(&x);
}
