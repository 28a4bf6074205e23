/*
 * A block merging two changes over a stretch it leaves out, that also dropped a context line
 * from its old side only (issue 11, stop 27), with neutral content of our own: the new side
 * still writes that line, right at the stretch, and the splice kept the file's line beside the
 * new side's copy of it: the line twice in a row. The copy may be the left-out line itself or
 * another beside it; the reply does not say (splice_doubled.c).
 */
#include "plan_run.h"

static const char ROWS[] = "def load_rows():\n"
                           "    rows = fetch()\n"
                           "    if rows:\n"
                           "        return rows\n"
                           "    rows.sort()\n"
                           "    for row in rows:\n"
                           "        check_row(row)\n"
                           "\n"
                           "def save_rows():\n"
                           "    for row in rows:\n"
                           "        check_row(row)\n"
                           "    for row in rows:\n"
                           "        check_row(row)\n";

/* The old side skips lines 6-7 between its two changes; the new side holds line 7's text right
 * after line 5, where the file has it after line 6. Spliced, line 7 stood twice in a row:
 * refused, naming line 7 and asking for it in the old side, the file unchanged. */
TEST(unseen_left_out_doubled, left_out_line_beside_its_new_copy_is_refused)
{
	run x;

	go(&x, "rows.py", ROWS,
	   "rows.py\n```\n<<<<<<< SEARCH\n"
	   "    rows = fetch()\n"
	   "    if rows:\n"
	   "        return rows\n"
	   "    rows.sort()\n"
	   "\n"
	   "def save_rows():\n"
	   "    for row in rows:\n"
	   "        check_row(row)\n"
	   "    for row in rows:\n"
	   "=======\n"
	   "    rows = fetch()\n"
	   "    return rows\n"
	   "    rows.sort()\n"
	   "        check_row(row)\n"
	   "\n"
	   "def save_rows():\n"
	   "    check_row(row)\n"
	   "    for row in rows:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "leaves out line 7 ") != NULL);
	CHECK(strstr(edit(&x, 0).message, "in its old side") != NULL);
	CHECK(has(&x, "rows.py", ROWS));
	done(&x);
}

/* The same block sent again with the line in its old side: applied, the line once. */
TEST(unseen_left_out_doubled, line_given_in_the_old_side_applies_once)
{
	run x;

	go(&x, "rows.py", ROWS,
	   "rows.py\n```\n<<<<<<< SEARCH\n"
	   "    rows = fetch()\n"
	   "    if rows:\n"
	   "        return rows\n"
	   "    rows.sort()\n"
	   "    for row in rows:\n"
	   "        check_row(row)\n"
	   "\n"
	   "def save_rows():\n"
	   "    for row in rows:\n"
	   "        check_row(row)\n"
	   "    for row in rows:\n"
	   "=======\n"
	   "    rows = fetch()\n"
	   "    return rows\n"
	   "    rows.sort()\n"
	   "    for row in rows:\n"
	   "        check_row(row)\n"
	   "\n"
	   "def save_rows():\n"
	   "    check_row(row)\n"
	   "    for row in rows:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rows.py",
	          "def load_rows():\n"
	          "    rows = fetch()\n"
	          "    return rows\n"
	          "    rows.sort()\n"
	          "    for row in rows:\n"
	          "        check_row(row)\n"
	          "\n"
	          "def save_rows():\n"
	          "    check_row(row)\n"
	          "    for row in rows:\n"
	          "        check_row(row)\n"));
	done(&x);
}

/* The old side skips lines 9-11 between its changes; the new side writes line 9's text right
 * after line 8, where the file has it, and the sides' diff paired that copy with line 13 (a
 * later copy), taking line 12 for deleted and written again: line 9 kept, its copy written
 * before line 12 too. The new side's neighbours say the copy is line 9 itself, which the splice
 * writes apart: refused, naming line 9, the file unchanged. */
TEST(unseen_left_out_doubled, left_out_line_the_new_side_writes_in_place_is_refused)
{
	static const char BOX[] = "def pack_items():\n"
	                          "    for box in boxes:\n"
	                          "        seal_box(spare_box)\n"
	                          "\n"
	                          "    if box:\n"
	                          "        return spare_box\n"
	                          "    for box in boxes:\n"
	                          "        seal_box(box)\n"
	                          "    for box in boxes:\n"
	                          "        seal_box(spare_box)\n"
	                          "\n"
	                          "def ship_items():\n"
	                          "    for box in boxes:\n"
	                          "        seal_box(box)\n"
	                          "    for box in boxes:\n"
	                          "        seal_box(spare_box)\n";
	run x;

	go(&x, "box.py", BOX,
	   "box.py\n```\n<<<<<<< SEARCH\n"
	   "    for box in boxes:\n"
	   "        seal_box(spare_box)\n"
	   "\n"
	   "    if box:\n"
	   "        return spare_box\n"
	   "    for box in boxes:\n"
	   "        seal_box(box)\n"
	   "def ship_items():\n"
	   "    for box in boxes:\n"
	   "        seal_box(box)\n"
	   "=======\n"
	   "    for box in boxes:\n"
	   "        seal_box(spare_box)\n"
	   "\n"
	   "    return spare_box\n"
	   "    for box in boxes:\n"
	   "        seal_box(box)\n"
	   "    for box in boxes:\n"
	   "def ship_items():\n"
	   "    for box in boxes:  # changed\n"
	   "        seal_box(box)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "leaves out line 9 ") != NULL);
	CHECK(has(&x, "box.py", BOX));
	done(&x);
}
