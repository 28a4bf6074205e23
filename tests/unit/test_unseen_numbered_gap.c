/*
 * The gaps in a numbered block's old lines (issue 11, class 3: a merged hunk's stretch, a line
 * of context left out) read from its numbers. Neutral content of our own, in files without a
 * grammar, so each result is compared line for line.
 */
#include "plan_run.h"

/* A file line the numbers leave out is put back as kept when the new side writes more copies of
 * its text than the old side has: counted at the line's own depth only. A "}" at the margin is
 * not the "\t}" and "\t\t}" that close the blocks the change adds, and taken for one it let the
 * diff delete a "\t}" the reply keeps. */
static const char BEFORE[] = "int a(void)\n{\n\twhile (n) {\n\t\tn--;\n\t}\n\tif (n) {\n"
                             "\t\treturn n;\n\t}\n}\n\nint b(void)\n{\n\twhile (m) {\n"
                             "\t\tm--;\n\t}\n\tif (m) {\n\t\treturn m;\n\t}\n}\n";

/* Lines 9-11 left out between the halves (a merged hunk), line 16 left out of the old side
 * but written on the new one (missing context); line 6 deleted, line 14 wrapped. */
static const char REPLY[] = "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                            "3\xe2\x94\x82\twhile (n) {\n4\xe2\x94\x82\t\tn--;\n"
                            "5\xe2\x94\x82\t}\n6\xe2\x94\x82\tif (n) {\n"
                            "7\xe2\x94\x82\t\treturn n;\n8\xe2\x94\x82\t}\n"
                            "12\xe2\x94\x82{\n13\xe2\x94\x82\twhile (m) {\n"
                            "14\xe2\x94\x82\t\tm--;\n15\xe2\x94\x82\t}\n"
                            "17\xe2\x94\x82\t\treturn m;\n"
                            "=======\n"
                            "  \xe2\x94\x82\twhile (n) {\n  \xe2\x94\x82\t\tn--;\n"
                            "  \xe2\x94\x82\t}\n  \xe2\x94\x82\t\treturn n;\n"
                            "  \xe2\x94\x82\t}\n  \xe2\x94\x82{\n  \xe2\x94\x82\twhile (m) {\n"
                            "  \xe2\x94\x82\t\tif (ready) {\n  \xe2\x94\x82\t\t\tm--;\n"
                            "  \xe2\x94\x82\t\t}\n  \xe2\x94\x82\t}\n"
                            "  \xe2\x94\x82\tif (m) {\n  \xe2\x94\x82\t\treturn m;\n"
                            ">>>>>>> INSERT\n</editblock>\n";

static const char AFTER[] = "int a(void)\n{\n\twhile (n) {\n\t\tn--;\n\t}\n"
                            "\t\treturn n;\n\t}\n}\n\nint b(void)\n{\n\twhile (m) {\n"
                            "\t\tif (ready) {\n\t\t\tm--;\n\t\t}\n\t}\n\tif (m) {\n"
                            "\t\treturn m;\n\t}\n}\n";

TEST(unseen_numbered_gap, left_out_margin_brace_is_not_a_deeper_copy)
{
	run x;

	go(&x, "t.txt", BEFORE, REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.txt", AFTER));
	done(&x);
}

/* A blank old line numbered 7, right after line 6 standing at its number: of the two blank file
 * lines a tolerant tier may pair it with at the same cost (7 and 9), its number names 7. Paired
 * with 9, the stretch the block skips was read from the wrong blank line, and the rewrapped
 * "return waiting" was lost with a blank line moved. */
static const char WAIT_BEFORE[] = "def first():\n    if ready:\n        return ready\n"
                                  "    count += 1\n    if waiting:\n        return waiting\n\n"
                                  "def second():\n\n    return waiting\n    if limit:\n"
                                  "        return limit\n    if limit:\n        return waiting\n";

static const char WAIT_REPLY[] = "t.txt\n<editblock>\n<<<<<<< REMOVE\n"
                                 "4\xe2\x94\x82    count += 1\n5\xe2\x94\x82    if waiting:\n"
                                 "6\xe2\x94\x82        return waiting\n7\xe2\x94\x82\n"
                                 "11\xe2\x94\x82    if limit:\n13\xe2\x94\x82    if limit:\n"
                                 "14\xe2\x94\x82        return waiting\n"
                                 "=======\n"
                                 "  \xe2\x94\x82    count += 1\n  \xe2\x94\x82    if waiting:\n"
                                 "  \xe2\x94\x82        with lock:\n"
                                 "  \xe2\x94\x82            return waiting\n  \xe2\x94\x82\n"
                                 "  \xe2\x94\x82    if limit:\n  \xe2\x94\x82        return limit\n"
                                 "  \xe2\x94\x82    if limit:\n  \xe2\x94\x82        audit()\n"
                                 "  \xe2\x94\x82        return waiting\n"
                                 ">>>>>>> INSERT\n</editblock>\n";

static const char WAIT_AFTER[] = "def first():\n    if ready:\n        return ready\n"
                                 "    count += 1\n    if waiting:\n        with lock:\n"
                                 "            return waiting\n\n"
                                 "def second():\n\n    return waiting\n    if limit:\n"
                                 "        return limit\n    if limit:\n        audit()\n"
                                 "        return waiting\n";

TEST(unseen_numbered_gap, blank_line_paired_at_its_number)
{
	run x;

	go(&x, "t.txt", WAIT_BEFORE, WAIT_REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.txt", WAIT_AFTER));
	done(&x);
}
