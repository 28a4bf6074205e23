/*
 * An old side that copies two file lines of one text as one (a merged hunk's first half ending
 * on the first of the twins) may be placed on the second twin: the alignment takes a match as
 * late as it can when both cost the same. The first twin then looks left out, and the splice
 * took it for the line the REPLACE side writes higher up, moved there, and dropped it (issue 11,
 * written again with neutral content of our own).
 */
#include "plan_run.h"

/* Applied as want, or refused with the file as it was. */
static int right_or_refused(const run *x, const char *path, const char *before, const char *want)
{
	return x->plan == SEAM_OK ? has(x, path, want) : has(x, path, before);
}

static const char TWIN_FILE[] = "def open_cache():\n"
                                "    size = 0\n"
                                "    # warm the cache\n"
                                "    return cache\n"
                                "    # warm the cache\n"
                                "\n"
                                "def fill_cache():\n"
                                "    if cache_ready:\n"
                                "        return cache\n"
                                "    cache = fill_cache()\n"
                                "    return cache\n"
                                "    return cache\n"
                                "\n"
                                "    # warm the cache\n"
                                "    size += 1\n"
                                "\n"
                                "def drop_cache():\n"
                                "    size = clear_entries()\n"
                                "    size = clear_entries()\n"
                                "    if size:\n"
                                "        return cache\n"
                                "    cache = fill_cache()\n"
                                "    size += 1\n"
                                "    if size:\n"
                                "        return cache\n";

static const char TWIN_WANT[] = "def open_cache():\n"
                                "    size = 0\n"
                                "    # warm the cache\n"
                                "    return cache\n"
                                "    # warm the cache\n"
                                "\n"
                                "def fill_cache():\n"
                                "    return cache\n"
                                "    cache = fill_cache()\n"
                                "    return cache\n"
                                "    return cache\n"
                                "\n"
                                "    # warm the cache\n"
                                "    size += 1\n"
                                "\n"
                                "def drop_cache():\n"
                                "    size = clear_entries()\n"
                                "    size = clear_entries()\n"
                                "    with lock:\n"
                                "        if size:\n"
                                "            return cache\n"
                                "        cache = fill_cache()\n"
                                "        size += 1\n"
                                "        if size:\n"
                                "            return cache\n";

static const char TWIN_REPLY[] = "cache.py\n"
                                 "```\n"
                                 "<<<<<<< SEARCH\n"
                                 "    # warm the cache\n"
                                 "\n"
                                 "def fill_cache():\n"
                                 "    if cahce_ready:\n"
                                 "        return cache\n"
                                 "    cache = fill_cache()\n"
                                 "    return cache\n"
                                 "    size = clear_entries()\n"
                                 "    size = clear_entries()\n"
                                 "    if size:\n"
                                 "        return cache\n"
                                 "    cache = fill_cache()\n"
                                 "    size += 1\n"
                                 "    if size:\n"
                                 "        return cache\n"
                                 "=======\n"
                                 "    # warm the cache\n"
                                 "\n"
                                 "def fill_cache():\n"
                                 "    return cache\n"
                                 "    cache = fill_cache()\n"
                                 "    return cache\n"
                                 "    size = clear_entries()\n"
                                 "    size = clear_entries()\n"
                                 "    with lock:\n"
                                 "        if size:\n"
                                 "            return cache\n"
                                 "        cache = fill_cache()\n"
                                 "        size += 1\n"
                                 "        if size:\n"
                                 "            return cache\n"
                                 ">>>>>>> REPLACE\n"
                                 "```\n";

/* A merged SEARCH/REPLACE block (one of its lines miscopied, so only the fuzzy tier places it)
 * whose first half ends on "return cache", which the file has twice in a row; the REPLACE side
 * writes a third "return cache" in place of the lines it deletes. Both twins stay. */
TEST(unseen_twin_gap, twin_left_after_a_run_is_not_taken_for_a_moved_line)
{
	run x;

	go(&x, "cache.py", TWIN_FILE, TWIN_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "cache.py", TWIN_FILE, TWIN_WANT));
	done(&x);
}
