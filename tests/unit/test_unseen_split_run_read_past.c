/*
 * A merged hunk sent again with its first half made already (issue 11): that half deletes a
 * return between a "pass" and a "try:", and the file holds the two closed up, with the line
 * after, twice. The split finds the half by diff-repair on another copy of the return, reading
 * the "pass" before it over a function's first line: the deletion read apart from its context,
 * while the half's new side (its context cut a line at a time where it runs on into the other
 * half's) stands as written away from it. Refused, not made on the copy. Neutral content of
 * our own.
 */
#include "plan_run.h"

TEST(unseen_split_run_read_past, half_read_apart_from_its_context_is_made_where_it_stands)
{
	static const char before[] = "def wash_the_cups():\n"
	                             "    for cups_of_water in cups_of_waters:\n"
	                             "        stir_slowly(cups_of_water)\n"
	                             "\n"
	                             "    return cups_of_water\n"
	                             "    try:\n"
	                             "        cups_of_water = fill_a_pot()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    try:\n"
	                             "        cups_of_water = pour_the_cups()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    for cups_of_water in cups_of_waters:\n"
	                             "        fill_a_pot(cups_of_water)\n"
	                             "\n"
	                             "def boil_water():\n"
	                             "    cups_of_water += 1\n"
	                             "    try:\n"
	                             "        cups_of_water = fill_a_pot()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    try:\n"
	                             "        cups_of_water = pour_the_cups()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    try:\n"
	                             "        cups_of_water = pour_the_cups()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "\n"
	                             "def stir_slowly():\n"
	                             "    for cups_of_water in cups_of_waters:\n"
	                             "        stir_slowly(cups_of_water)\n"
	                             "    return cups_of_water\n"
	                             "    for cups_of_water in cups_of_waters:\n"
	                             "        fill_a_pot(cups_of_water)\n"
	                             "    return cups_of_water\n"
	                             "    cups_of_water = stir_slowly()\n"
	                             "    try:\n"
	                             "        cups_of_water = pour_the_cups()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    try:\n"
	                             "        cups_of_water = stir_slowly()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "\n"
	                             "def serve_the_tea():\n"
	                             "    return cups_of_water\n"
	                             "    try:\n"
	                             "        cups_of_water = fill_a_pot()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n"
	                             "    cups_of_water = pour_the_cups()\n"
	                             "    return cups_of_water\n"
	                             "    cups_of_water += 1\n"
	                             "    cups_of_water += 1\n"
	                             "    try:\n"
	                             "        cups_of_water = fill_a_pot()\n"
	                             "    except KettleBroken:\n"
	                             "        pass\n";
	static const char reply[] = "*** Begin Patch \n"
	                            "*** Update File: tea.py \n"
	                            "@@\n"
	                            "         pass\n"
	                            "-    return cups_of_water\n"
	                            "     try:\n"
	                            "         cups_of_water = pour_the_cups()\n"
	                            "         pass\n"
	                            "     cups_of_water = pour_the_cups()\n"
	                            "+    for attempt in range(3):\n"
	                            "+        return cups_of_water\n"
	                            "-    return cups_of_water\n"
	                            "     cups_of_water += 1\n"
	                            "*** End Patch \n";
	run x;

	go(&x, "tea.py", before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "tea.py", before));
	done(&x);
}
