/*
 * A merged hunk (with a "...") whose old side has two copies of a comment, one in each half,
 * and whose new side keeps one: the sides' diff keeps one copy and deletes the other by its
 * own order, knowing nothing of the file. The halves stand apart in the file, a function
 * between them, so which copy stays decides on which side of that function the comment is
 * left: the reply does not say. Refused, the file kept. Neutral content of our own.
 */
#include "plan_run.h"

TEST(unseen_split_twin, kept_copy_of_a_deleted_twin_across_a_skipped_stretch_is_refused)
{
	static const char F[] = "def build():\n"
	                        "    width = 3\n"
	                        "    # then the rest comes in\n"
	                        "    # then the rest comes in\n"
	                        "    height += 1\n"
	                        "    # then the rest comes in\n"
	                        "\n"
	                        "def build():\n"
	                        "    height += 1\n"
	                        "    try:\n"
	                        "        height = build()\n"
	                        "    except ValueError:\n"
	                        "        pass\n"
	                        "    # then the rest comes in\n"
	                        "\n"
	                        "    if height:\n"
	                        "        return width\n"
	                        "    try:\n"
	                        "        height = build()\n"
	                        "    except ValueError:\n"
	                        "        pass\n";
	run x;

	go(&x, "shape.py", F,
	   "shape.py\n```python\n<<<<<<< SEARCH\n"
	   "def build():\n"
	   "    ...\n"
	   "    height += 1\n"
	   "    # then the rest comes in\n"
	   "\n"
	   "    # then the rest comes in\n"
	   "\n"
	   "    if height:\n"
	   "        return width\n"
	   "    try:\n"
	   "=======\n"
	   "def build():\n"
	   "    ...\n"
	   "    height += 1\n"
	   "\n"
	   "    # then the rest comes in\n"
	   "\n"
	   "        return width\n"
	   "    try:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK || has(&x, "shape.py", F));
	done(&x);
}

/* The same two copies in a hunk: its '-' and ' ' marks are the model's, so the copy it deletes
 * and the copy it keeps are said, and the hunk applies as marked, the stretch between them
 * (a function header the merged hunk left out) kept in place. */
TEST(unseen_split_twin, hunk_marks_which_copy_of_a_twin_stays)
{
	static const char F[] = "def setup():\n"
	                        "    for item in items:\n"
	                        "        show(item)\n"
	                        "    count += 1\n"
	                        "    return count\n"
	                        "    return count\n"
	                        "\n"
	                        "def gather():\n"
	                        "    total = fetch()\n"
	                        "    for item in items:\n"
	                        "        fetch(item)\n"
	                        "\n"
	                        "def reset():\n"
	                        "\n"
	                        "    for item in items:\n"
	                        "        fetch(item)\n"
	                        "    total = close()\n";
	run x;

	go(&x, "t.py", F,
	   "```diff\n--- a/t.py\n+++ b/t.py\n@@ -1,12 +1,15 @@\n"
	   " def setup():\n"
	   "+    note = mark(2)\n"
	   "+    # a note\n"
	   "     for item in items:\n"
	   " def gather():\n"
	   "     total = fetch()\n"
	   "+    with lock:\n"
	   "+        for item in items:\n"
	   "+            fetch(item)\n"
	   "-    for item in items:\n"
	   "-        fetch(item)\n"
	   " \n"
	   " \n"
	   "     for item in items:\n"
	   "         fetch(item)\n"
	   "     total = close()\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.py",
	          "def setup():\n"
	          "    note = mark(2)\n"
	          "    # a note\n"
	          "    for item in items:\n"
	          "        show(item)\n"
	          "    count += 1\n"
	          "    return count\n"
	          "    return count\n"
	          "\n"
	          "def gather():\n"
	          "    total = fetch()\n"
	          "    with lock:\n"
	          "        for item in items:\n"
	          "            fetch(item)\n"
	          "\n"
	          "def reset():\n"
	          "\n"
	          "    for item in items:\n"
	          "        fetch(item)\n"
	          "    total = close()\n"));
	done(&x);
}
