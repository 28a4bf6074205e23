/*
 * A line a merged block leaves out of both sides (the stretch between its two changes), whose
 * text the new side adds next to it while the old side deletes another copy (issue 11), with
 * neutral content of our own. The sides' diff moved the deleted copy's lines past the kept
 * ones; the splice took the added copy for the left-out line and wrote the text once. The
 * added copy may as well be the deleted one moved, the left-out line staying beside it: two
 * files, refused naming both lines.
 */
#include "plan_run.h"

static const char F[] = "x = prep()\n"
                        "\n"
                        "def run():\n"
                        "\n"
                        "    for k in ks:\n"
                        "        run(k)\n"
                        "\n"
                        "def run():\n"
                        "    y = run()\n"
                        "    for v in vs:\n"
                        "        run(y)\n"
                        "\n"
                        "def run():\n"
                        "    pass\n";

/* The loop moved above "def run():" (line 3), the second change in the loop below; line 8 left
 * out of both sides. */
TEST(unseen_merged_moved_copy, left_out_line_or_deleted_copy_moved_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "jobs.py", F,
	   "jobs.py\n```python\n<<<<<<< SEARCH\n"
	   "x = prep()\n"
	   "\n"
	   "def run():\n"
	   "\n"
	   "    for k in ks:\n"
	   "        run(k)\n"
	   "\n"
	   "    y = run()\n"
	   "    for v in vs:\n"
	   "        run(y)\n"
	   "\n"
	   "def run():\n"
	   "=======\n"
	   "x = prep()\n"
	   "    for k in ks:\n"
	   "        run(k)\n"
	   "\n"
	   "def run():\n"
	   "\n"
	   "\n"
	   "    y = run()\n"
	   "    for v in vs2:\n"
	   "        run(y)\n"
	   "\n"
	   "def run():\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "leaves out line 8"));
	CHECK(ei.message && strstr(ei.message, "another copy, line 3"));
	CHECK(has(&x, "jobs.py", F));
	done(&x);
}

/* The same line left out of the old side only, the new side writing it between the file's
 * two neighbours of it: the left-out line itself, written once. */
TEST(unseen_merged_moved_copy, left_out_line_written_between_its_neighbours_applies_once)
{
	run x;

	go(&x, "jobs.py", F,
	   "jobs.py\n```python\n<<<<<<< SEARCH\n"
	   "x = prep()\n"
	   "\n"
	   "def run():\n"
	   "\n"
	   "    for k in ks:\n"
	   "        run(k)\n"
	   "\n"
	   "    y = run()\n"
	   "    for v in vs:\n"
	   "        run(y)\n"
	   "=======\n"
	   "x = prep()\n"
	   "\n"
	   "    for k in ks:\n"
	   "        run(k)\n"
	   "\n"
	   "def run():\n"
	   "    y = run()\n"
	   "    for v in vs:\n"
	   "        run(y)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "jobs.py",
	          "x = prep()\n"
	          "\n"
	          "    for k in ks:\n"
	          "        run(k)\n"
	          "\n"
	          "def run():\n"
	          "    y = run()\n"
	          "    for v in vs:\n"
	          "        run(y)\n"
	          "\n"
	          "def run():\n"
	          "    pass\n"));
	done(&x);
}
