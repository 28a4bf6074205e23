/*
 * "Already applied", judged both ways (issue 11), where blank lines decide it. A deletion sent
 * again whose neighbours (one of them blank) already stand together must not be cut into runs
 * and made on another copy of the deleted line; and a new side found once only for a blank
 * line beside it, its lines standing elsewhere too, proves nothing when the old side is not
 * found: refused, not skipped. Beside each, the same edit where the verdict must stay.
 */
#include "plan_run.h"

/* ---- a comment between blank lines deleted already, a copy of it far away ---- */

#define ROWS_HEAD "def load_items():\n\n\n    pass\n\n"
#define ROWS_TAIL                                                                                  \
	"def parse_rows():\n\n    try:\n        count = read_rows()\n    except RowError:\n"       \
	"        pass\n\ndef close_rows():\n    try:\n        count = close_rows()\n"              \
	"    except RowError:\n        pass\n    # Keep the rows in order\n"

static const char DROP_NOTE[] = "```diff\n"
                                "--- rows.py\n"
                                "+++ rows.py\n"
                                "@@ -6,4 +6,3 @@\n"
                                " def save_items():\n"
                                " \n"
                                "-    # Keep the rows in order\n"
                                " \n"
                                "```\n";

/* save_items holds its blank lines together already: the comment the hunk deletes is gone
 * there. The split must not take the copy closing close_rows for it. */
TEST(unseen_resent_blank, deletion_made_is_not_split_onto_a_copy_far_away)
{
	static const char before[] = ROWS_HEAD "def save_items():\n\n\n" ROWS_TAIL;
	run x;

	go(&x, "rows.py", before, DROP_NOTE);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "rows.py", before));
	done(&x);
}

/* The comment still in save_items: deleted there, the copy in close_rows kept. */
TEST(unseen_resent_blank, deletion_not_made_still_applies_at_its_context)
{
	static const char before[] =
	    ROWS_HEAD "def save_items():\n\n    # Keep the rows in order\n\n" ROWS_TAIL;
	static const char want[] = ROWS_HEAD "def save_items():\n\n\n" ROWS_TAIL;
	run x;

	go(&x, "rows.py", before, DROP_NOTE);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "rows.py", want));
	done(&x);
}

/* ---- a block taken off around a line already, the hunk cut into runs ---- */

#define STEP_FIRST                                                                                 \
	"int first_step(void)\n{\n\tflush_queue(limit);\n\tif (limit) {\n\t\treturn count;\n\t}\n" \
	"\n\t/* drain it */\n\twhile (limit) {\n\t\tlimit--;\n\t}\n}\n\n"

/* second_step reads as the block's new side already; its old side (with a trailing blank the
 * file lacks) fits only as runs, one of them the "if" of first_step: not taken off there. */
TEST(unseen_resent_blank, block_made_is_not_split_onto_another_block)
{
	static const char reply[] = "step.c\n"
	                            "```c\n"
	                            "<<<<<<< SEARCH\n"
	                            "\n"
	                            "\tif (limit) {\n"
	                            "\t\treturn count;\n"
	                            "\t}\n"
	                            "\n"
	                            "\tfor (i = 0; i < limit; i++) {  \n"
	                            "\t\tpush_item(i);\n"
	                            "=======\n"
	                            "\n"
	                            "\treturn count;\n"
	                            "\n"
	                            "\tfor (i = 0; i < limit; i++) {\n"
	                            "\t\tpush_item(i);\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";
	static const char before[] =
	    STEP_FIRST "int second_step(void)\n{\n\n\treturn count;\n\n"
	               "\tfor (i = 0; i < limit; i++) {\n"
	               "\t\tpush_item(i);\n\t}\n\tsecond_step(limit);\n}\n";
	run x;

	go(&x, "step.c", before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "step.c", before));
	done(&x);
}

/* ---- a new side told from its copies only by the blank line after it ---- */

static const char MADE_UP_HEAD[] = "*** Begin Patch\n"
                                   "*** Update File: jobs.py\n"
                                   "@@\n"
                                   "-    if not job_ready:\n"
                                   "+    job_id += 1\n"
                                   "-    return job_state\n"
                                   " \n"
                                   "*** End Patch\n";

/* The old side's first line stands nowhere; "job_id += 1" stands three times, once before a
 * blank line. That one place is no proof the edit was made: refused, nothing skipped. */
TEST(unseen_resent_blank, new_side_told_only_by_a_blank_line_is_no_proof)
{
	static const char before[] = "def start_job():\n\n    job_id = new_id()\n    job_id += 1\n"
	                             "    job_state = 0\n\ndef stop_job():\n    job_id += 1\n"
	                             "    return job_state\n\n    return job_count\n"
	                             "    job_id += 1\n\ndef reset_job():\n    return job_state\n";
	run x;

	go(&x, "jobs.py", before, MADE_UP_HEAD);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(has(&x, "jobs.py", before));
	done(&x);
}

/* The new side's line standing once in the file (before a blank line): the edit sent again,
 * made already. */
TEST(unseen_resent_blank, new_side_standing_once_is_still_made)
{
	static const char reply[] = "*** Begin Patch\n"
	                            "*** Update File: jobs.py\n"
	                            "@@\n"
	                            "-    reset_all()\n"
	                            "+    job_id += 1\n"
	                            " \n"
	                            "*** End Patch\n";
	static const char before[] = "def start_job():\n\n    job_id = new_id()\n"
	                             "    job_state = 0\n\ndef stop_job():\n    return job_state\n"
	                             "\n    return job_count\n    job_id += 1\n\n"
	                             "def reset_job():\n    return job_state\n";
	run x;

	go(&x, "jobs.py", before, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "jobs.py", before));
	done(&x);
}
