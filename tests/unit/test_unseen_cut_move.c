/*
 * A whole-sides block moving lines to the cut of its two pieces (issue 11, stop 29), with
 * neutral content of our own: the new side holds the lines around the cut in two places, and
 * the moved lines go at the end of the first piece or at the start of the second. Refused,
 * naming both pieces.
 */
#include "plan_run.h"

static void refused_naming(const char *name, const char *before, const char *reply,
                           const char *word)
{
	run x;
	seam_edit_info ei;

	go(&x, name, before, reply);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, word));
	CHECK(has(&x, name, before));
	done(&x);
}

/* A block moving "note: keep going" and "end" below the blank line after the second "note",
 * its old side standing as two pieces with the filler lines between: the new side holds the
 * blank line and "note: keep going" one after the other twice, so the moved lines go at the
 * end of the first piece or at the start of the second, the filler lines between. */
TEST(unseen_cut_move, lines_moved_to_the_cut_of_a_blocks_pieces_are_refused)
{
	refused_naming("f.txt",
	               "alpha one\n"
	               "note: keep going\n"
	               "end\n"
	               "\n"
	               "begin two\n"
	               "note: keep going\n"
	               "\n"
	               "filler line a\n"
	               "filler line b\n"
	               "filler line c\n"
	               "\n"
	               "note: keep going\n"
	               "loop over items\n"
	               "call the worker\n"
	               "end loop\n",
	               "f.txt\n"
	               "```\n"
	               "<<<<<<< SEARCH\n"
	               "note: keep going\n"
	               "end\n"
	               "\n"
	               "begin two\n"
	               "note: keep going\n"
	               "\n"
	               "note: keep going\n"
	               "loop over items\n"
	               "call the worker\n"
	               "end loop\n"
	               "=======\n"
	               "begin two\n"
	               "note: keep going\n"
	               "\n"
	               "note: keep going\n"
	               "end\n"
	               "\n"
	               "note: keep going\n"
	               "loop over every item\n"
	               "call the worker\n"
	               "end loop\n"
	               ">>>>>>> REPLACE\n"
	               "```\n",
	               "two pieces");
}
