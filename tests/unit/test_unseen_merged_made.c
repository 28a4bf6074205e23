/*
 * A merged hunk (two changes in one block, the unchanged lines between them left out) whose
 * second change is in the file already (issue 11), written with neutral content of our own.
 * The context between the two changes runs from the first half's lines into the second's, so
 * the second half's new side stands as written only with the part of that context that is its
 * own; its old lines, with the context cut, fit another copy of them.
 */
#include "plan_run.h"

/* `read_cache(fresh=True)` stands in later() with its own context (`return seen`, the two
 * `seen += 1`); the split finds the old line by a shorter context in other() and would change
 * that copy too. The reply does not say which is meant: refused. */
TEST(unseen_merged_made, half_made_already_with_its_own_context_is_refused)
{
	static const char F[] = "def tally(items):\n"
	                        "    for item in items:\n"
	                        "        count_one(item)\n"
	                        "\n"
	                        "    return seen\n"
	                        "    try:\n"
	                        "        seen = open_store()\n"
	                        "    except StoreGone:\n"
	                        "        pass\n"
	                        "\n"
	                        "def other():\n"
	                        "    seen += 1\n"
	                        "    try:\n"
	                        "        seen = read_cache()\n"
	                        "    except CacheMiss:\n"
	                        "        pass\n"
	                        "    return seen\n"
	                        "\n"
	                        "def later():\n"
	                        "    load_all()\n"
	                        "    return seen\n"
	                        "    seen += 1\n"
	                        "    seen += 1\n"
	                        "    try:\n"
	                        "        seen = read_cache(fresh=True)\n"
	                        "    except CacheMiss:\n"
	                        "        pass\n";
	run x;
	go(&x, "tally.py", F,
	   "tally.py\n```\n<<<<<<< SEARCH\n"
	   "def tally(items):\n"
	   "    for item in items:\n"
	   "        count_one(item)\n"
	   "\n"
	   "    return seen\n"
	   "    return seen\n"
	   "    seen += 1\n"
	   "    seen += 1\n"
	   "    try:\n"
	   "        seen = read_cache()\n"
	   "    except CacheMiss:\n"
	   "=======\n"
	   "def tally(items):\n"
	   "    count_one(item)\n"
	   "\n"
	   "    return seen\n"
	   "    return seen\n"
	   "    seen += 1\n"
	   "    seen += 1\n"
	   "    try:\n"
	   "        seen = read_cache(fresh=True)\n"
	   "    except CacheMiss:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "tally.py", F));
	done(&x);
}
