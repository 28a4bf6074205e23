/*
 * A unified diff's context lines are the model's own pairing: a line its hunk leaves out beside a
 * deletion, or past an edge whose blank line the match let go, whose text the hunk holds only as
 * context further on, stays where the file has it (stop 28: `bench/datagen`'s hunks, each
 * missing one comment line that the file repeats, were refused as undecided). Whole sides
 * (SEARCH/REPLACE), paired by the sides' diff, are test_unseen_ties.c's. And a hunk is not
 * "applied already" where its new side stands only with its added line left out.
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

/* The hunk's first context line is blank; the file has a comment between that blank line and
 * the next context line (left out of the hunk), and the hunk writes the same comment as context
 * further on, where the file has it too. Read with the blank line let go, the comment stands
 * just past the edge: that copy is not the new side's, which the hunk pairs with the file's
 * second comment. Applied, both comments kept (bench/datagen's 100k-udiff was refused). */
#define SHOP(size)                                                                                 \
	"open the shop\n"                                                                          \
	"count the tills\n"                                                                        \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"# weigh it twice\n"                                                                       \
	"call_scale(box);\n"                                                                       \
	"size = " size ";\n"                                                                       \
	"\n"                                                                                       \
	"# weigh it twice\n"                                                                       \
	"moved = 3;\n"                                                                             \
	"close the shop\n"

TEST(hunk_context_pairs, line_past_a_let_go_blank_edge_repeated_as_context_stays)
{
	run x;

	go(&x, "shop.txt", SHOP("4"),
	   "```diff\n"
	   "--- a/shop.txt\n"
	   "+++ b/shop.txt\n"
	   "@@ ... @@\n"
	   " \n"
	   " call_scale(box);\n"
	   "-size = 4;\n"
	   "+size = 61;\n"
	   " \n"
	   " # weigh it twice\n"
	   " moved = 3;\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shop.txt", SHOP("61")));
	done(&x);
}

/* A hunk that leaves out a comment line above the line it changes, found by the repair at its
 * place; an earlier function of the file ends with the hunk's closing lines too, but without
 * the changed line: the new side "stands" there only with its added line (and a blank line)
 * left out, which shows nothing of the edit made. Applied where the old side fits. */
#define RING(shift)                                                                                \
	"start_ring(a);\n"                                                                         \
	"if (wide) {\n"                                                                            \
	"\tgrow(a);\n"                                                                             \
	"\ttrim(a);\n"                                                                             \
	"}\n"                                                                                      \
	"out:\n"                                                                                   \
	"\treturn res;\n"                                                                          \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"next_ring(b);\n"                                                                          \
	"for (i = 0; i < n; i++) {\n"                                                              \
	"\tshrink(b);\n"                                                                           \
	"\tclear(b);\n"                                                                            \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"/* keep the order */\n"                                                                   \
	"key = head >> " shift ";\n"                                                               \
	"out:\n"                                                                                   \
	"\treturn res;\n"                                                                          \
	"}\n"

TEST(hunk_context_pairs, new_side_short_of_its_added_line_is_not_applied_already)
{
	run x;

	go(&x, "ring.c", RING("7"),
	   "```diff\n"
	   "--- a/ring.c\n"
	   "+++ b/ring.c\n"
	   "@@ ... @@\n"
	   " }\n"
	   " \n"
	   "-key = head >> 7;\n"
	   "+key = head >> 96;\n"
	   " out:\n"
	   " \treturn res;\n"
	   " }\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "ring.c", RING("96")));
	done(&x);
}
