/*
 * Merged hunks with a context line left out too (issue 11, generator merged-hunks +
 * missing-context), written again with neutral content of our own.
 */
#include "plan_run.h"

/* The first hunk's old side leaves out the comment above `if size:` in load(); the two hunks
 * are merged, show() skipped. Read with blank lines let go, the halves stand as load()'s head
 * and show()'s end down to pack(), one of the two blank lines the reply gives above
 * `def pack` standing on no file line: a blank line the reply wrote that the file lacks there.
 * Read with the comment left out, every reply line stands, blank lines and all, and the
 * change goes to load(). Each reading takes one slip beyond the merge: the edit is refused
 * (seam wrote the change into show()). */
static const char BOX[] = "def load(box):\n"
                          "    for part in box.parts:\n"
                          "        check(part)\n"
                          "\n"
                          "    size = measure(box)\n"
                          "    size += 1\n"
                          "    # keep the count\n"
                          "    if size:\n"
                          "        return size\n"
                          "\n"
                          "\n"
                          "def show(box):\n"
                          "    # keep the count\n"
                          "    # keep the count\n"
                          "\n"
                          "    if size:\n"
                          "        return size\n"
                          "\n"
                          "def pack(box):\n"
                          "    if box.full:\n"
                          "        return box\n"
                          "    for part in box.parts:\n"
                          "        wrap(part)\n"
                          "    if size:\n"
                          "        return box\n"
                          "    box.weight += 1\n"
                          "    box.weight += 1\n"
                          "\n"
                          "def weigh(box):\n"
                          "    total = measure(box)\n"
                          "    return total\n";

TEST(unseen_mhmc_blank, a_blank_line_let_go_does_not_outweigh_a_line_left_out)
{
	run x;
	go(&x, "box.py", BOX,
	   "```diff\n"
	   "--- a/box.py\n"
	   "+++ b/box.py\n"
	   "@@ -1,19 +1,18 @@\n"
	   " def load(box):\n"
	   "     for part in box.parts:\n"
	   "         check(part)\n"
	   " \n"
	   "     size = measure(box)\n"
	   "     size += 1\n"
	   "     if size:\n"
	   "+        return size + 1\n"
	   "-        return size\n"
	   " \n"
	   " \n"
	   " def pack(box):\n"
	   "     if box.full:\n"
	   "         return box\n"
	   "-    for part in box.parts:\n"
	   "         wrap(part)\n"
	   "     if size:\n"
	   "         return box\n"
	   "     box.weight += 1\n"
	   "     box.weight += 1\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "box.py", BOX));
	done(&x);
}

/* The REPLACE side keeps `def finish(job):` below the blank line after start(), which the
 * SEARCH side leaves out; the two hunks are merged, finish() skipped. The sides' diff reads that
 * line as added in place of the first `job = prepare(job)` at finish()'s end, and the split put
 * it there: a second `def finish`. Added where the stretch's first line stands, beside the
 * context above it, it is as well that line left out of the old side: the split does not decide
 * (before the rule, it wrote the copy). */
static const char JOB[] = "def start(job):\n"
                          "    try:\n"
                          "        job = prepare(job)\n"
                          "    except JobError:\n"
                          "        pass\n"
                          "    for step in steps:\n"
                          "        prepare(step)\n"
                          "    note = prepare(job)\n"
                          "    job = prepare(job)\n"
                          "    return job\n"
                          "\n"
                          "def finish(job):\n"
                          "    try:\n"
                          "        note = prepare(job)\n"
                          "    except JobError:\n"
                          "        pass\n"
                          "    if note:\n"
                          "        return note\n"
                          "    try:\n"
                          "        note = prepare(job)\n"
                          "    except JobError:\n"
                          "        pass\n"
                          "    return note\n"
                          "    try:\n"
                          "        note = prepare(job)\n"
                          "    except JobError:\n"
                          "        pass\n"
                          "    job = prepare(job)\n"
                          "    job = prepare(job)\n"
                          "\n"
                          "def start(job):\n"
                          "    try:\n"
                          "        note = prepare(job)\n"
                          "    except JobError:\n"
                          "        pass\n";

TEST(unseen_mhmc_blank, a_line_added_after_deletions_at_a_cut_may_be_the_stretchs_own)
{
	run x;
	go(&x, "job.py", JOB,
	   "job.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    return job\n"
	   "\n"
	   "    job = prepare(job)\n"
	   "    job = prepare(job)\n"
	   "\n"
	   "def start(job):\n"
	   "=======\n"
	   "    return job.result\n"
	   "\n"
	   "def finish(job):\n"
	   "    job = prepare(job)\n"
	   "    with lock:\n"
	   "        job = prepare(job)\n"
	   "\n"
	   "def start(job):\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "job.py", JOB));
	done(&x);
}
