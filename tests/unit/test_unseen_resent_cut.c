/*
 * A change sent again whose old side fits elsewhere only with the reply's context cut short
 * (issue 11): the split must not make it on that other copy of its old lines while its whole new
 * side, short context lines and all, stands (but for a line left out) apart from it. Beside it,
 * the same change not made anywhere, which still applies where its old side fits.
 */
#include "plan_run.h"

static const char RETRIED[] = "*** Begin Patch\n"
                              "*** Update File: pipe.py\n"
                              "@@\n"
                              "-    except StreamError:\n"
                              "+    except StreamError:  # retried\n"
                              "         pass\n"
                              "     try:\n"
                              "*** End Patch\n";

/* The first handler is changed already, "try:" a line below its "pass"; the second handler's
 * old line fits the run only with "try:" cut. */
TEST(unseen_resent_cut, change_made_is_not_split_onto_a_copy_with_context_cut)
{
	static const char before[] = "def open_pipe():\n    try:\n        handle = open_stream()\n"
	                             "    except StreamError:  # retried\n        pass\n"
	                             "    handle = open_stream()\n    try:\n"
	                             "        handle = open_stream()\n    except StreamError:\n"
	                             "        pass\n    if handle:\n        return handle\n";
	run x;

	go(&x, "pipe.py", before, RETRIED);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "pipe.py", before));
	done(&x);
}

/* The change made nowhere: the run still applies on the one handler, "try:" cut. */
TEST(unseen_resent_cut, change_not_made_still_applies_with_context_cut)
{
	static const char before[] = "def open_pipe():\n    handle = open_stream()\n    try:\n"
	                             "        handle = open_stream()\n    except StreamError:\n"
	                             "        pass\n    if handle:\n        return handle\n";
	static const char want[] = "def open_pipe():\n    handle = open_stream()\n    try:\n"
	                           "        handle = open_stream()\n"
	                           "    except StreamError:  # retried\n"
	                           "        pass\n    if handle:\n        return handle\n";
	run x;

	go(&x, "pipe.py", before, RETRIED);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pipe.py", want));
	done(&x);
}
