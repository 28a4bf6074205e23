/*
 * A deletion sent again (issue 11): diff-repair reads the deleted line on another copy of it and
 * the context the reply gives right beside it further on, over lines of the file between them,
 * while the file holds the new side as written (the context closed up over the deletion) away
 * from the deleted line. The deletion may be made already: refused, never made on the copy.
 * Neutral content of our own.
 */
#include "plan_run.h"

static void refused_as_made(const char *name, const char *before, const char *reply)
{
	run x;

	go(&x, name, before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, name, before));
	done(&x);
}

/* A loop taken off around a call, made in load_all already; the repair reads the loop on its
 * copy in save_all and the "try:" after it two lines on, past the next function's first line. */
TEST(unseen_deletion_read_past, loop_taken_off_already_is_not_taken_off_a_copy)
{
	static const char before[] = "def load_all():\n"
	                             "    total = 0\n"
	                             "    flush(item)\n"
	                             "    try:\n"
	                             "        total = read_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n"
	                             "\n"
	                             "def save_all():\n"
	                             "    total += 1\n"
	                             "    for item in items:\n"
	                             "        flush(item)\n"
	                             "\n"
	                             "def check_all():\n"
	                             "    try:\n"
	                             "        total = write_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n";
	static const char reply[] = "jobs.py\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "    for item in items:\n"
	                            "        flush(item)\n"
	                            "    try:\n"
	                            "=======\n"
	                            "    flush(item)\n"
	                            "    try:\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";
	refused_as_made("jobs.py", before, reply);
}

/* A call deleted before a "try:" that stands, closed up over it, twice; the repair reads the
 * call on a copy above the next function's first line and the "try:" below it. */
TEST(unseen_deletion_read_past, deletion_standing_made_twice_is_not_made_on_a_copy)
{
	static const char before[] = "def load_all():\n"
	                             "    total = 0\n"
	                             "    flush(item)\n"
	                             "\n"
	                             "def check_all():\n"
	                             "\n"
	                             "    try:\n"
	                             "        total = read_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n"
	                             "    return total\n"
	                             "\n"
	                             "    try:\n"
	                             "        total = read_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n";
	static const char reply[] = "jobs.py\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "\n"
	                            "    flush(item)\n"
	                            "    try:\n"
	                            "        total = read_all()\n"
	                            "=======\n"
	                            "\n"
	                            "    try:\n"
	                            "        total = read_all()\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";
	refused_as_made("jobs.py", before, reply);
}

/* The slip beside it: a SEARCH that leaves out the line between the loop and the "try:" after
 * it, with the new side standing nowhere: the loop is taken off where it stands. */
TEST(unseen_deletion_read_past, context_line_left_out_still_applies)
{
	static const char before[] = "def save_all():\n"
	                             "    total += 1\n"
	                             "    for item in items:\n"
	                             "        flush(item)\n"
	                             "    log_items(items)\n"
	                             "    try:\n"
	                             "        total = write_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n";
	static const char reply[] = "jobs.py\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "    for item in items:\n"
	                            "        flush(item)\n"
	                            "    try:\n"
	                            "=======\n"
	                            "    flush(item)\n"
	                            "    try:\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";
	static const char want[] = "def save_all():\n"
	                           "    total += 1\n"
	                           "    flush(item)\n"
	                           "    log_items(items)\n"
	                           "    try:\n"
	                           "        total = write_all()\n"
	                           "    except ValueError:\n"
	                           "        pass\n";
	run x;

	go(&x, "jobs.py", before, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "jobs.py", want));
	done(&x);
}
