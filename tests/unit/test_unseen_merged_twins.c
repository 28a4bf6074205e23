/*
 * A merged hunk's two pieces with twin lines (issue 11): the old side reads as two pieces with
 * one file line passed over between them, and the new side holds that line right after a copy
 * of the line above the cut. The sides' diff may pair the new line with its twin above the cut
 * (the lines between moved across it instead): it is still the line the old side left out,
 * written back, not a stretch the hunk passed over. Neutral content of our own.
 */
#include "plan_run.h"

static const char TICK[] = "void tick(void)\n"
                           "{\n"
                           "\tcount_up();\n"
                           "\t/* note it here */\n"
                           "\tcount_up();\n"
                           "\t/* note it here */\n"
                           "\t/* note it here */\n"
                           "}\n";

/* The first count_up() moved below the first note, the second one (context) left out of the
 * old side, whose last line has a trailing blank (so the sides' diff pairs the new count_up()
 * with the old one above the cut, adding the note before it again): read as two pieces with it
 * passed over, it was kept there and written back too, doubled. The one intended file: the
 * first count_up() deleted. */
TEST(unseen_merged_twins, skipped_twin_written_back_is_not_passed_over)
{
	static const char R[] = "tick.c\n"
	                        "```\n"
	                        "<<<<<<< SEARCH\n"
	                        "{\n"
	                        "\tcount_up();\n"
	                        "\t/* note it here */\n"
	                        "\t/* note it here */\n"
	                        "\t/* note it here */ \n"
	                        "=======\n"
	                        "{\n"
	                        "\t/* note it here */\n"
	                        "\tcount_up();\n"
	                        "\t/* note it here */\n"
	                        "\t/* note it here */\n"
	                        ">>>>>>> REPLACE\n"
	                        "```\n";
	static const char WANT[] = "void tick(void)\n"
	                           "{\n"
	                           "\t/* note it here */\n"
	                           "\tcount_up();\n"
	                           "\t/* note it here */\n"
	                           "\t/* note it here */\n"
	                           "}\n";
	run x;

	go(&x, "tick.c", TICK, R);
	/* applied as intended, or refused: never the line doubled */
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "tick.c", WANT));
	else
		CHECK(has(&x, "tick.c", TICK));
	CHECK(strcmp(edit(&x, 0).strategy ? edit(&x, 0).strategy : "", "merged-hunk") != 0);
	done(&x);
}
