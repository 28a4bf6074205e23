/*
 * A whole-sides edit that leaves file lines out between its old lines (two hunks merged into
 * one block, the lines between them left out, no marker) while its sides hold copies of one
 * line (issue 11, session of 2026-11-27), with neutral content of our own. The sides' diff pairs
 * the copies by its own order, knowing nothing of the file, and which copy stays decides which
 * new lines are written before the left-out lines and which after: a line moved across code
 * the reply never mentions. When the diff with its ties broken from the other end splices into
 * another file, the edit is refused (sm_splice_tie_reading); without copies to pair otherwise
 * it applies.
 */
#include "plan_run.h"

static const char ROWS[] = "import os\n"
                           "\n"
                           "\n"
                           "def fetch_rows(rows):\n"
                           "    for row in rows:\n"
                           "        check(row)\n"
                           "    # keep the rows\n"
                           "    # then count them\n"
                           "    if rows:\n"
                           "        return rows\n"
                           "\n"
                           "def count_rows(rows):\n"
                           "    return rows\n"
                           "    if rows:\n"
                           "        return rows\n"
                           "\n"
                           "    try:\n"
                           "        rows = load()\n"
                           "    except OSError:\n"
                           "        pass\n";

/* Two changes alike ("if rows: return rows" to "return rows") a few lines apart, the function
 * header between them left out, one old line cut short: the kept "return rows" of the second
 * function pairs with the first of the new side's three copies as well as with the last, which
 * put the header above the first change or below the second. */
TEST(unseen_tie_reading, copies_paired_either_way_across_a_left_out_line_are_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "pkg/rows.py", ROWS,
	   "pkg/rows.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    # keep the rows\n"
	   "    # then count them\n"
	   "    if rows:\n"
	   "        return rows\n"
	   "\n"
	   "    return rows\n"
	   "    if rows:\n"
	   "        return\n"
	   "\n"
	   "    try:\n"
	   "=======\n"
	   "    # keep the rows\n"
	   "    # then count them\n"
	   "    return rows\n"
	   "\n"
	   "    return rows\n"
	   "    return rows\n"
	   "\n"
	   "    try:\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 12 of the file"));
	CHECK(has(&x, "pkg/rows.py", ROWS));
	done(&x);
}

/* The same block with new lines of their own: nothing to pair otherwise, applied. */
TEST(unseen_tie_reading, distinct_new_lines_across_a_left_out_line_apply)
{
	run x;

	go(&x, "pkg/rows.py", ROWS,
	   "pkg/rows.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    # keep the rows\n"
	   "    # then count them\n"
	   "    if rows:\n"
	   "        return rows\n"
	   "\n"
	   "    return rows\n"
	   "    if rows:\n"
	   "        return\n"
	   "\n"
	   "    try:\n"
	   "=======\n"
	   "    # keep the rows\n"
	   "    # then count them\n"
	   "    return first(rows)\n"
	   "\n"
	   "    return rows\n"
	   "    return last(rows)\n"
	   "\n"
	   "    try:\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pkg/rows.py",
	          "import os\n"
	          "\n"
	          "\n"
	          "def fetch_rows(rows):\n"
	          "    for row in rows:\n"
	          "        check(row)\n"
	          "    # keep the rows\n"
	          "    # then count them\n"
	          "    return first(rows)\n"
	          "\n"
	          "def count_rows(rows):\n"
	          "    return rows\n"
	          "    return last(rows)\n"
	          "\n"
	          "    try:\n"
	          "        rows = load()\n"
	          "    except OSError:\n"
	          "        pass\n"));
	done(&x);
}

/* A loop header moved down a line and, past the left-out end of the function and the next
 * one's header, a loop collapsed into its body; one old line left out: the sides pair the
 * kept "while" and "}" with the loop of either function. */
TEST(unseen_tie_reading, loop_lines_paired_with_either_function_are_refused)
{
	static const char TANK[] = "int drain(void)\n"
	                           "{\n"
	                           "\twhile (level) {\n"
	                           "\t\tlevel--;\n"
	                           "\t}\n"
	                           "\tlevel++;\n"
	                           "\twhile (level) {\n"
	                           "\t\tlevel--;\n"
	                           "\t}\n"
	                           "\tlevel++;\n"
	                           "\n"
	                           "}\n"
	                           "\n"
	                           "int fill_up(void)\n"
	                           "{\n"
	                           "\twhile (level) {\n"
	                           "\t\tlevel--;\n"
	                           "\t}\n"
	                           "\tfor (k = 0; k < level; k++) {\n"
	                           "\t\tpush(k);\n"
	                           "\t}\n"
	                           "\treturn level;\n"
	                           "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "tank.c", TANK,
	   "tank.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\twhile (level) {\n"
	   "\t}\n"
	   "\tlevel++;\n"
	   "\twhile (level) {\n"
	   "\t\tlevel--;\n"
	   "\t}\n"
	   "{\n"
	   "\twhile (level) {\n"
	   "\t\tlevel--;\n"
	   "\t}\n"
	   "\tfor (k = 0; k < level; k++) {\n"
	   "=======\n"
	   "\twhile (level) {\n"
	   "\t\tlevel--;\n"
	   "\t}\n"
	   "\tlevel++;\n"
	   "\t\tlevel--;\n"
	   "\twhile (level) {\n"
	   "\t}\n"
	   "{\n"
	   "\tlevel--;\n"
	   "\tfor (k = 0; k < level; k++) {\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "tank.c", TANK));
	done(&x);
}
