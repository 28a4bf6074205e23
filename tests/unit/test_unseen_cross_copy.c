/*
 * A block merging two changes over a stretch it leaves out (issue 11, stop 28), with neutral
 * content of our own: its new side drops a loop header and writes a copy of it lower down, the
 * first line of the stretch left out. The sides' diff keeps the old side's header, the lines
 * below it moved above, and the file's copy in the stretch stayed too: the header twice. Read
 * the other way (the header deleted, the new side's copy the left-out line) the block writes
 * another file, and the reply does not say which it means (splice_tie.c's crossing reading).
 */
#include "plan_run.h"

static const char MIX[] = "def alpha():\n"
                          "    value = 1\n"
                          "    for item in items:\n"
                          "        handle(item)\n"
                          "\n"
                          "    for item in items:\n"
                          "        record(other)\n"
                          "\n"
                          "def beta():\n"
                          "    return value\n";

TEST(unseen_cross_copy, kept_line_with_a_left_out_copy_is_refused)
{
	run x;

	go(&x, "mix.py", MIX,
	   "mix.py\n```python\n<<<<<<< SEARCH\n"
	   "\n"
	   "def alpha():\n"
	   "    value = 1\n"
	   "    for item in items:\n"
	   "        handle(item)\n"
	   "\n"
	   "def beta():\n"
	   "    return value\n"
	   "=======\n"
	   "\n"
	   "def alpha():\n"
	   "    value = 1\n"
	   "    handle(item)\n"
	   "\n"
	   "    for item in items:\n"
	   "def beta():\n"
	   "    return value + 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "line 3 ") != NULL);
	CHECK(strstr(edit(&x, 0).message, "at line 6 ") != NULL);
	CHECK(has(&x, "mix.py", MIX));
	done(&x);
}

/* Sent again with the stretch in its old side, as the refusal asks: applied, the header once. */
TEST(unseen_cross_copy, same_block_with_the_stretch_applies)
{
	run x;

	go(&x, "mix.py", MIX,
	   "mix.py\n```python\n<<<<<<< SEARCH\n"
	   "def alpha():\n"
	   "    value = 1\n"
	   "    for item in items:\n"
	   "        handle(item)\n"
	   "\n"
	   "    for item in items:\n"
	   "        record(other)\n"
	   "\n"
	   "def beta():\n"
	   "    return value\n"
	   "=======\n"
	   "def alpha():\n"
	   "    value = 1\n"
	   "    handle(item)\n"
	   "\n"
	   "    for item in items:\n"
	   "        record(other)\n"
	   "\n"
	   "def beta():\n"
	   "    return value + 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "mix.py",
	          "def alpha():\n"
	          "    value = 1\n"
	          "    handle(item)\n"
	          "\n"
	          "    for item in items:\n"
	          "        record(other)\n"
	          "\n"
	          "def beta():\n"
	          "    return value + 1\n"));
	done(&x);
}

/* The other copy is the block's own line cut short: the new side writes a guard whole at the
 * top and drops the guard of the function below; the sides' diff kept the lower guard (its text
 * exact), so the top one went and the lower stayed, moved across the left-out stretch. Read with
 * the cut line written whole, the lower guard goes. The reply does not say: refused, naming both
 * lines. */
static const char CALC[] = "def first():\n"
                           "    total = 0\n"
                           "    if ready:\n"
                           "        return total\n"
                           "\n"
                           "    total += 1\n"
                           "\n"
                           "def second():\n"
                           "    if ready:\n"
                           "        return total\n"
                           "    total += 1\n";

#define CALC_REPLY(GUARD)                                                                          \
	"calc.py\n```python\n<<<<<<< SEARCH\n"                                                     \
	"def first():\n"                                                                           \
	"    total = 0\n" GUARD "        return total\n"                                           \
	"\n"                                                                                       \
	"def second():\n"                                                                          \
	"    if ready:\n"                                                                          \
	"        return total\n"                                                                   \
	"    total += 1\n"                                                                         \
	"=======\n"                                                                                \
	"def first(limit):\n"                                                                      \
	"    total = 0\n"                                                                          \
	"    if ready:\n"                                                                          \
	"        return total\n"                                                                   \
	"\n"                                                                                       \
	"def second():\n"                                                                          \
	"    return total\n"                                                                       \
	"    total += 1\n"                                                                         \
	">>>>>>> REPLACE\n```\n"

TEST(unseen_cross_copy, kept_line_with_its_copy_cut_short_is_refused)
{
	run x;

	go(&x, "calc.py", CALC, CALC_REPLY("    if rea\n"));
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(edit(&x, 0).message, "line 9 ") != NULL);
	CHECK(strstr(edit(&x, 0).message, "line 3 ") != NULL);
	CHECK(strstr(edit(&x, 0).message, "cut short") != NULL);
	CHECK(has(&x, "calc.py", CALC));
	done(&x);
}

/* Sent again with the line whole, as the refusal asks: the lower guard goes. */
TEST(unseen_cross_copy, same_block_with_the_line_whole_applies)
{
	run x;

	go(&x, "calc.py", CALC, CALC_REPLY("    if ready:\n"));
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "calc.py",
	          "def first(limit):\n"
	          "    total = 0\n"
	          "    if ready:\n"
	          "        return total\n"
	          "\n"
	          "    total += 1\n"
	          "\n"
	          "def second():\n"
	          "    return total\n"
	          "    total += 1\n"));
	done(&x);
}

/* A crossing whose other reading splits two lines the new side adds together (a kept line of
 * the file spliced between them): no reading of the reply, so it does not make the block
 * ambiguous. The block, its loop header cut short and a stretch left out, applies as before. */
TEST(unseen_cross_copy, other_reading_splitting_added_lines_is_not_weighed)
{
	run x;

	go(&x, "feed.py",
	   "def pull():\n"
	   "\n"
	   "    entry = pull()\n"
	   "    entry += 1\n"
	   "\n"
	   "def pull():\n"
	   "    for entry in entries:\n"
	   "        pull(entry)\n"
	   "\n"
	   "    for entry in entries:\n"
	   "        pull(entry)\n"
	   "    entry = pull()\n"
	   "    for entry in entries:\n"
	   "        pull(entry)\n"
	   "    if entry:\n"
	   "        return entry\n"
	   "\n"
	   "def pull():\n"
	   "    return entry\n",
	   "feed.py\n```python\n<<<<<<< SEARCH\n"
	   "    entry += 1\n"
	   "\n"
	   "def pull():\n"
	   "    for entry in entr\n"
	   "\n"
	   "    for entry in entries:\n"
	   "    for entry in entries:\n"
	   "        pull(entry)\n"
	   "    if entry:\n"
	   "        return entry\n"
	   "\n"
	   "def pull():\n"
	   "    return entry\n"
	   "=======\n"
	   "    entry += 1\n"
	   "\n"
	   "def pull():\n"
	   "    count = tally(3)\n"
	   "    # tallied once\n"
	   "    for entry in entries:\n"
	   "        pull(entry)\n"
	   "\n"
	   "    for entry in entries:\n"
	   "    for entry in entries:\n"
	   "        pull_next(entry)\n"
	   "    if entry:\n"
	   "        return entry\n"
	   "\n"
	   "def pull_next():\n"
	   "    return entry\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "feed.py",
	          "def pull():\n"
	          "\n"
	          "    entry = pull()\n"
	          "    entry += 1\n"
	          "\n"
	          "def pull():\n"
	          "    count = tally(3)\n"
	          "    # tallied once\n"
	          "    for entry in entries:\n"
	          "        pull(entry)\n"
	          "\n"
	          "    for entry in entries:\n"
	          "        pull(entry)\n"
	          "    entry = pull()\n"
	          "    for entry in entries:\n"
	          "        pull_next(entry)\n"
	          "    if entry:\n"
	          "        return entry\n"
	          "\n"
	          "def pull_next():\n"
	          "    return entry\n"));
	done(&x);
}
