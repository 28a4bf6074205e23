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
