/*
 * Edits sent again (issue 11): an edit already made, sent a second time, whose old side fits
 * elsewhere only loosely, must be refused (or skipped), never applied at that other place. Each
 * shape with neutral content of our own: a block taken off around a line (the line kept and
 * re-indented), and a deletion whose neighbours already stand together. Beside each, the same
 * edit not yet made, which still applies where the old side fits.
 */
#include "plan_run.h"

/* ---- a loop taken off around its body, the body re-indented ---- */

#define QUEUE_HEAD                                                                                 \
	"int drain_queue(void)\n{\n\tif (ready) {\n\t\treturn "                                    \
	"pending;\n\t}\n\tlog_state(pending);\n\n"                                                 \
	"\twhile (pending) {\n\t\tpending--;\n\t}\n}\n"

/* fill_queue with the loop taken off already: the reply's new side, as written */
#define QUEUE_MADE                                                                                 \
	"\nint fill_queue(void)\n{\n\tfor (i = 0; i < limit; i++) {\n\t\tpush_item(i);\n\t}\n\n"   \
	"\tpending--;\n}\n"

static const char UNWRAP[] = "queue.c\n"
                             "```\n"
                             "<<<<<<< SEARCH\n"
                             "\t}\n"
                             "\n"
                             "\twhile (pending) {\n"
                             "\t\tpending--;\n"
                             "\t}\n"
                             "}\n"
                             "=======\n"
                             "\t}\n"
                             "\n"
                             "\tpending--;\n"
                             "}\n"
                             ">>>>>>> REPLACE\n"
                             "```\n";

/* The loop around "pending--;" taken off in fill_queue already; the block sent again fits
 * drain_queue only with a line let go (the repair). Its only line of substance on the new side
 * is the body re-indented, which the old side holds too: still, the new side standing as
 * written, the loop's neighbours together around the body, is the edit made. Applied in
 * drain_queue, that loop was taken off as well. */
TEST(unseen_resent, loop_taken_off_already_is_not_taken_off_where_it_fits_loosely)
{
	static const char before[] = QUEUE_HEAD QUEUE_MADE;
	run x;

	go(&x, "queue.c", before, UNWRAP);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "queue.c", before));
	done(&x);
}

/* The same block not made anywhere (fill_queue holds another body): it applies in drain_queue,
 * the line the reply left out kept. */
TEST(unseen_resent, loop_not_taken_off_yet_still_applies_where_it_fits_loosely)
{
	static const char WANT[] = "int drain_queue(void)\n"
	                           "{\n"
	                           "\tif (ready) {\n"
	                           "\t\treturn pending;\n"
	                           "\t}\n"
	                           "\tlog_state(pending);\n"
	                           "\n"
	                           "\tpending--;\n"
	                           "}\n"
	                           "\n"
	                           "int fill_queue(void)\n"
	                           "{\n"
	                           "\tpush_item(limit);\n"
	                           "}\n";
	static const char before[] =
	    QUEUE_HEAD "\nint fill_queue(void)\n{\n\tpush_item(limit);\n}\n";
	run x;

	go(&x, "queue.c", before, UNWRAP);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "queue.c", WANT));
	done(&x);
}

/* ---- a deletion whose neighbours stand together already ---- */

static const char DELETE_COMMENT[] = "*** Begin Patch\n"
                                     "*** Update File: worker.py\n"
                                     "@@\n"
                                     " def start_worker():\n"
                                     "-    # hold the queue lock\n"
                                     " \n"
                                     "*** End Patch\n";

/* The comment deleted from start_worker already (the function's name and the blank line after
 * it stand together); the hunk sent again fits only with two lines let go, at a copy of the
 * comment further down. Deleted there, the function loses a line the edit never meant. */
TEST(unseen_resent, deletion_made_already_is_not_made_again_where_it_fits_loosely)
{
	static const char B[] = "def start_worker():\n"
	                        "\n"
	                        "    job = next_job()\n"
	                        "    # hold the queue lock\n"
	                        "\n"
	                        "def stop_worker():\n"
	                        "    job = next_job()\n"
	                        "    # hold the queue lock\n";
	run x;

	go(&x, "worker.py", B, DELETE_COMMENT);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "deleted already"));
	CHECK(has(&x, "worker.py", B));
	done(&x);
}

/* The same hunk not made (the name and the blank line not together anywhere): it applies where
 * the old side fits with a line let go. */
TEST(unseen_resent, deletion_not_made_yet_still_applies_where_it_fits_loosely)
{
	static const char B[] = "def start_worker():\n"
	                        "    job = next_job()\n"
	                        "    # hold the queue lock\n"
	                        "\n"
	                        "def stop_worker():\n"
	                        "    return None\n";
	static const char WANT[] = "def start_worker():\n"
	                           "    job = next_job()\n"
	                           "\n"
	                           "def stop_worker():\n"
	                           "    return None\n";
	run x;

	go(&x, "worker.py", B, DELETE_COMMENT);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "worker.py", WANT));
	done(&x);
}

/* ---- a new side one line from an old side that left a line out ---- */

/* A block four columns deeper than the file whose old side leaves out the third sort (after
 * the blank line) and deletes the second: its sides' diff reads it as a blank line moved
 * between two sorts, as long as deleting one. No tier places the old side; its new side stands
 * as written one line down, while the old side stands from the line above, but for the sort it
 * left out, over the same lines: the edit not made, read with that line left out, as much as
 * made. Refused naming both (taken for made, the sort the edit deletes stays). */
#define SORTS_BLOCK                                                                                \
	"f.py\n```\n<<<<<<< SEARCH\n"                                                              \
	"        items.sort()\n        items.sort()\n\n        return items\n    with lock:\n"     \
	"        count += 1\n        return items\n    pass\n        count += 1\n"                 \
	"=======\n"                                                                                \
	"        items.sort()\n\n        items.sort()\n        return items\n    with lock:\n"     \
	"        count += 1\n        return items\n    pass\n        count += 1\n"                 \
	">>>>>>> REPLACE\n```\n"

TEST(unseen_resent, new_side_one_line_below_an_old_side_missing_a_line_is_refused)
{
	static const char B[] =
	    "items.sort()\nwith lock:\n"
	    "    items.sort()\n    items.sort()\n\n    items.sort()\n"
	    "    return items\nwith lock:\n    count += 1\n    return items\npass\n"
	    "    count += 1\n    return items\n";
	run x;

	go(&x, "f.py", B, SORTS_BLOCK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "left out of it"));
	CHECK(has(&x, "f.py", B));
	done(&x);
}

/* The same block sent again once made (one sort fewer): the old side stands nowhere, even with
 * a line left out, and the new side stands as written: skipped, as before. */
TEST(unseen_resent, blank_moved_sent_again_stays_applied)
{
	static const char B[] =
	    "items.sort()\nwith lock:\n"
	    "    items.sort()\n\n    items.sort()\n"
	    "    return items\nwith lock:\n    count += 1\n    return items\npass\n"
	    "    count += 1\n    return items\n";
	run x;

	go(&x, "f.py", B, SORTS_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "f.py", B));
	done(&x);
}

/* A deletion not made, its old side leaving out the blank line after its first line and
 * miscopying another (found only by the fuzzy tier): the first line and the blank line the
 * reply left out stand together right above the lines to delete, which is the place itself
 * with a blank line let go, not the deletion made. Applied. */
TEST(unseen_resent, deletion_beside_a_blank_line_left_out_still_applies)
{
	static const char B[] = "/* build switches */\n#define USE_FAST_PATH   1\n\n"
	                        "#ifdef LEGACY_MODE\n#  define USE_SLOW_PATH  1\n#endif\n\n"
	                        "#define MAX_RETRIES     3\n\n#define MAX_WAIT        9\n";
	static const char R[] =
	    "opts.h\n```\n<<<<<<< SEARCH\n"
	    "#define USE_FAST_PATH   1\n#ifdef LEGACY_MODE\n"
	    "#  define USE_SLOW_PATHs  1\n#endif\n\n#define MAX_RETRIES     3\n\n"
	    "=======\n"
	    "#define USE_FAST_PATH   1\n\n#define MAX_RETRIES     3\n\n"
	    ">>>>>>> REPLACE\n```\n";
	static const char WANT[] = "/* build switches */\n#define USE_FAST_PATH   1\n\n"
	                           "#define MAX_RETRIES     3\n\n#define MAX_WAIT        9\n";
	run x;

	go(&x, "opts.h", B, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "opts.h", WANT));
	done(&x);
}

/* A copy of a line deleted beside its twin ("return total;" twice), its hunk leaving out the
 * loop's body (found only with it let go), while "return total;" and "}" stand together in
 * another function: the file held that pair before the deletion too (the twin stays), so it
 * says nothing of the deletion made. Applied. */
TEST(unseen_resent, copy_deleted_beside_its_twin_still_applies_where_it_fits_loosely)
{
	static const char B[] = "int sum_rows(void)\n{\n\tfor (i = 0; i < rows; i++) {\n"
	                        "\t\tadd_row(i);\n\t}\n\treturn total;\n}\n\n"
	                        "int sum_cols(void)\n{\n\tfor (i = 0; i < cols; i++) {\n"
	                        "\t\tadd_col(i);\n\t}\n\tshow_total(cols);\n\treturn total;\n"
	                        "\treturn total;\n}\n";
	static const char R[] = "*** Begin Patch\n*** Update File: sum.c\n@@\n"
	                        " \tfor (i = 0; i < cols; i++) {\n \t}\n \tshow_total(cols);\n"
	                        " \treturn total;\n-\treturn total;\n }\n*** End Patch\n";
	static const char WANT[] =
	    "int sum_rows(void)\n{\n\tfor (i = 0; i < rows; i++) {\n"
	    "\t\tadd_row(i);\n\t}\n\treturn total;\n}\n\n"
	    "int sum_cols(void)\n{\n\tfor (i = 0; i < cols; i++) {\n"
	    "\t\tadd_col(i);\n\t}\n\tshow_total(cols);\n\treturn total;\n}\n";
	run x;

	go(&x, "sum.c", B, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "sum.c", WANT));
	done(&x);
}
