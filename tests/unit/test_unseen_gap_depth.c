/*
 * A numbered block's gap (issue 11, class 3): a file line its numbers leave out is put back as
 * kept when the new side writes more copies of its text than the old side has. Counted at the
 * line's own depth only: a "}" at the margin is not the "\t}" and "\t\t}" that close the blocks
 * the change adds, and taken for one it let the diff delete a "\t}" the reply keeps. Neutral
 * content of our own (a file without a grammar, so the result is compared line for line).
 */
#include "plan_run.h"

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

TEST(unseen_gap_depth, left_out_margin_brace_is_not_a_deeper_copy)
{
	run x;

	go(&x, "t.txt", BEFORE, REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.txt", AFTER));
	done(&x);
}
