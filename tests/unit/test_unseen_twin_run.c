/*
 * A whole-sides block merged over a stretch it leaves out, its old side holding a run of copies
 * of one line (two before the stretch, two after) and its new side one copy fewer, a line written
 * among them: the sides' diff deletes the copy it meets first, with the change above it, and
 * keeps the others. Which copy of the run goes, and so on which side of the stretch the run is a
 * line short, the reply does not say. Refused. Neutral content of our own.
 */
#include "plan_run.h"

static const char F[] = "def load():\n"
                        "    if ready:\n"
                        "        return cache\n"
                        "    count += 1\n"
                        "    count += 1\n"
                        "    # keep the tally small\n"
                        "\n"
                        "def store():\n"
                        "    if ready:\n"
                        "        return cache\n"
                        "    count += 1\n"
                        "    cache = load()\n"
                        "\n"
                        "def flush():\n"
                        "    for item in items:\n"
                        "        write(item)\n"
                        "    count += 1\n"
                        "    count += 1\n"
                        "    try:\n"
                        "        cache = fetch()\n"
                        "    except KeyError:\n"
                        "        pass\n"
                        "    # keep the tally small\n";

/* the copy deleted before the stretch or after it: two files, the reply naming neither */
TEST(unseen_twin_run, copy_deleted_from_a_run_across_a_stretch_is_refused)
{
	static const char want[] = "def load():\n"
	                           "    if ready:\n"
	                           "        return cache  # cached\n"
	                           "    count += 1\n"
	                           "    count += 1\n"
	                           "    # keep the tally small\n"
	                           "\n"
	                           "def store():\n"
	                           "    if ready:\n"
	                           "        return cache\n"
	                           "    count += 1\n"
	                           "    cache = load()\n"
	                           "\n"
	                           "def flush():\n"
	                           "    for item in items:\n"
	                           "        write(item)\n"
	                           "    count += 1\n"
	                           "    try:\n"
	                           "        cache = fetch()\n"
	                           "    except KeyError:\n"
	                           "        pass\n"
	                           "    # keep the tally small\n";
	run x;

	go(&x, "tally.py", F,
	   "tally.py\n```python\n<<<<<<< SEARCH\n"
	   "    if ready:\n"
	   "        return cache\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   "    try:\n"
	   "        cache = fetch()\n"
	   "    except KeyError:\n"
	   "        pass\n"
	   "=======\n"
	   "    if ready:\n"
	   "        return cache  # cached\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   "    # keep the tally small\n"
	   "    count += 1\n"
	   "    try:\n"
	   "        cache = fetch()\n"
	   "    except KeyError:\n"
	   "        pass\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK || has(&x, "tally.py", want));
	CHECK(x.plan == SEAM_OK || has(&x, "tally.py", F));
	done(&x);
}
