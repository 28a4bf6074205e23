/*
 * The not-found message of an edit whose old side stands as two parts (a merged hunk that no
 * tier could place): it names both parts and the file lines left out between them, so the
 * retry can copy them. Only where each part stands at one place. Neutral content of our own.
 */
#include "plan_run.h"

static const char SUMS[] = "def alpha(items):\n" /* 1 */
                           "    total = 0\n"
                           "    for item in items:\n" /* 3 */
                           "        total += item.size\n"
                           "    return total\n" /* 5 */
                           "\n"
                           "\n"
                           "def beta(rows):\n"
                           "    names = []\n"
                           "    for row in rows:\n"
                           "        names.append(row.name)\n"
                           "    return names\n"
                           "\n"
                           "\n"
                           "def gamma(cells):\n"
                           "    count = 0\n"
                           "    for cell in cells:\n" /* 17 */
                           "        count += cell.weight\n"
                           "    return count\n"; /* 19 */

/* A line added right at the cut: nothing says on which side of the lines left out it goes. */
static const char MERGED[] = "sums.py\n```\n<<<<<<< SEARCH\n"
                             "    for item in items:\n        total += item.size\n"
                             "    return total\n"
                             "    for cell in cells:\n        count += cell.weight\n"
                             "    return count\n"
                             "=======\n"
                             "    for item in items:\n        total += item.size\n"
                             "    return total\n"
                             "    log(\"between\")\n"
                             "    for cell in cells:\n        count += cell.weight\n"
                             "    return count\n"
                             ">>>>>>> REPLACE\n```\n";

TEST(report_parts, not_found_names_both_parts_and_the_lines_left_out)
{
	run x;
	seam_edit_info ei;

	go(&x, "sums.py", SUMS, MERGED);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(ei.message && strstr(ei.message, "first 3 old lines are lines 3-5"));
	CHECK(ei.message && strstr(ei.message, "last 3 are lines 17-19"));
	CHECK(ei.message && strstr(ei.message, "(lines 6-16) are left out"));
	CHECK(has(&x, "sums.py", SUMS));
	done(&x);
}

/* The same reply against a file where its first part stands twice: naming one would be a
 * guess, so the message says nothing of parts. */
TEST(report_parts, no_hint_when_a_part_stands_twice)
{
	char twice[1024];
	run x;
	seam_edit_info ei;

	snprintf(twice, sizeof(twice),
	         "%s\n\ndef delta(items):\n    total = 0\n"
	         "    for item in items:\n        total += item.size\n    return total\n",
	         SUMS);
	go(&x, "sums.py", twice, MERGED);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "was not found"));
	CHECK(ei.message && !strstr(ei.message, "are left out"));
	done(&x);
}

/* Old lines of which only one part stands in the file (the rest made up): no hint. */
TEST(report_parts, no_hint_when_one_part_is_nowhere)
{
	run x;
	seam_edit_info ei;

	go(&x, "sums.py", SUMS,
	   "sums.py\n```\n<<<<<<< SEARCH\n    for item in items:\n        total += item.size\n"
	   "    return total\n    for leaf in leaves:\n        size += leaf.depth\n"
	   "    return size\n=======\n    pass\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "was not found"));
	CHECK(ei.message && !strstr(ei.message, "are left out"));
	done(&x);
}
