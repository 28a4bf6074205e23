/*
 * A context line cut short at a word's end, shorter than the bar for a cut found near a place
 * (issue 11): diff-repair read it as an unmarked addition, a blank line let go, at a place
 * with the lines around it but not the line, and wrote the cut line there. Its whole line stands
 * elsewhere, between copies of the same neighbours: the reply reads there whole, that line
 * cut, as well: refused, naming that line, as a line cut mid-word is. Beside it, a file with no
 * line the cut one begins.
 */
#include "plan_run.h"

static const char REPLY[] = "*** Begin Patch\n"
                            "*** Update File: queue.c\n"
                            "@@\n"
                            " \t}\n"
                            " \n"
                            " \t/* Per\n"
                            "+\tlog_step(7);\n"
                            "+\t// counted once per pass\n"
                            " \twhile (depth) {\n"
                            "*** End Patch\n";

#define HEAD                                                                                       \
	"int reset_queue(void)\n{\n\tif (queue) {\n\t\treturn depth;\n\t}\n\twhile (depth) {\n"    \
	"\t\tdepth--;\n\t}\n\tflush_queue(depth);\n\tif (depth) {\n\t\treturn queue;\n\t}\n\n"
#define TAIL "\twhile (depth) {\n\t\tdepth--;\n\t}\n}\n"

TEST(unseen_cut_far, cut_context_line_is_not_written_as_an_addition_elsewhere)
{
	static const char before[] = HEAD "\t/* Per slot pass */\n" TAIL;
	run x;

	go(&x, "queue.c", before, REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 14"));
	CHECK(has(&x, "queue.c", before));
	done(&x);
}

/* No file line begins with it: read as an addition, the reply fits both "}" and while loops
 * as well, and is refused as before. */
TEST(unseen_cut_far, line_begun_by_nothing_leaves_the_tie)
{
	static const char before[] = HEAD TAIL;
	run x;

	go(&x, "queue.c", before, REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "queue.c", before));
	done(&x);
}
