/*
 * A unified diff's context lines are the model's own pairing: a line its hunk leaves out beside a
 * deletion, whose text the hunk holds only as context further on, stays where the file has it
 * (stop 28: `bench/datagen`'s hunks, each missing one comment line that the file repeats, were
 * refused as undecided). Whole sides (SEARCH/REPLACE), paired by the sides' diff, are
 * test_unseen_ties.c's.
 */
#include "plan_run.h"

static const char TALLY[] = "int tally(void)\n"
                            "{\n"
                            "\tint rc = 0;\n"
                            "\tcount += 4;\n"
                            "\n"
                            "\t/* refresh the cache */\n"
                            "\tslot = first;\n"
                            "\n"
                            "\t/* refresh the cache */\n"
                            "\tsize -= 2;\n"
                            "\treturn rc;\n"
                            "}\n";

TEST(hunk_context_pairs, left_out_line_repeated_as_context_below_stays)
{
	run x;

	go(&x, "tally.c", TALLY,
	   "```diff\n"
	   "--- a/tally.c\n"
	   "+++ b/tally.c\n"
	   "@@ -4,7 +4,7 @@\n"
	   " \tcount += 4;\n"
	   " \n"
	   "-\tslot = first;\n"
	   "+\tslot = last;\n"
	   " \n"
	   " \t/* refresh the cache */\n"
	   " \tsize -= 2;\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.c",
	          "int tally(void)\n"
	          "{\n"
	          "\tint rc = 0;\n"
	          "\tcount += 4;\n"
	          "\n"
	          "\t/* refresh the cache */\n"
	          "\tslot = last;\n"
	          "\n"
	          "\t/* refresh the cache */\n"
	          "\tsize -= 2;\n"
	          "\treturn rc;\n"
	          "}\n"));
	done(&x);
}
