/*
 * Edits sent again (issue 11), placed by a loose tier over lines the reply does not show: the
 * file already reads as the edit makes it there (all of it, or a half of a merged hunk, or every
 * line it adds among the lines passed over), so the place is no proof the edit is still to make.
 * Refused, never applied a second time. Neutral content of our own.
 */
#include "plan_run.h"

static void refused_as_made(const char *name, const char *before, const char *reply)
{
	run x;

	go(&x, name, before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, name, before));
	done(&x);
}

/* A merged hunk (two hunks' old sides joined, the lines between left out) whose first half,
 * adding two lines to a loop, is made in close_slots already. The diff-repair reads that half on
 * another copy of the loop (open_slots), as written, then passes over five lines to the second
 * half. A half read as written is still a reading the place bent when the place passes lines
 * over at the cut between the halves: the half's new side standing as written elsewhere says
 * that half is made. */
TEST(unseen_resent_in_place, merged_half_made_is_not_read_on_another_copy_across_the_cut)
{
	static const char before[] = "int close_slots(void)\n"
	                             "{\n"
	                             "\tstep_all(count);\n"
	                             "\tcount++;\n"
	                             "\twhile (count) {\n"
	                             "\t\tnote_step(1);\n"
	                             "\t\t// counted at step one\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "\tfor (i = 0; i < count; i++) {\n"
	                             "\t\tclose_slot(i);\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int open_slots(void)\n"
	                             "{\n"
	                             "\topen_slot(count);\n"
	                             "\n"
	                             "\tcount++;\n"
	                             "\twhile (count) {\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int size_slots(void)\n"
	                             "{\n"
	                             "\tfor (i = 0; i < count; i++) {\n"
	                             "\t\topen_slot(i);\n"
	                             "\t}\n"
	                             "\twhile (count) {\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "\tcount++;\n"
	                             "\tcount++;\n"
	                             "\treturn 0;\n"
	                             "}\n";
	static const char reply[] = "slots.c\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "\twhile (count) {\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tfor (i = 0; i < count; i++) {\n"
	                            "\t}\n"
	                            "\twhile (count) {\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tcount++;\n"
	                            "=======\n"
	                            "\twhile (count) {\n"
	                            "\t\tnote_step(1);\n"
	                            "\t\t// counted at step one\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tfor (i = 0; i < count; i++) {\n"
	                            "\t}\n"
	                            "\tcount--;\n"
	                            "\tcount++;\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";

	refused_as_made("slots.c", before, reply);
}

/* A block that moves a short line above the function head, sent again after the move: its old
 * side fits only by diff-repair, passing over the moved line and two blank lines, while the file
 * reads exactly as its new side at the start of that place. Its new side has one line of
 * substance only, too little for a rival elsewhere; inside the loose place it is the edit made.
 * Applied, the short line was moved a second time and a copy lost. */
TEST(unseen_resent_in_place, new_side_standing_inside_the_loose_place_is_made)
{
	static const char before[] = "def load_rows():\n"
	                             "    for row in rows:\n"
	                             "        check_row(row)\n"
	                             "    try:\n"
	                             "        total = parse_all()\n"
	                             "    except ValueError:\n"
	                             "        pass\n"
	                             "\n"
	                             "    n += 1\n"
	                             "def parse_all():\n"
	                             "\n"
	                             "\n"
	                             "    n += 1\n"
	                             "    rows = load_rows()\n";
	static const char reply[] = "rows.py\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "        pass\n"
	                            "\n"
	                            "def parse_all():\n"
	                            "    n += 1\n"
	                            "=======\n"
	                            "        pass\n"
	                            "\n"
	                            "    n += 1\n"
	                            "def parse_all():\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";

	refused_as_made("rows.py", before, reply);
}

/* A SEARCH/REPLACE block sent again after it was made, its SEARCH two hunks merged: the place
 * by diff-repair passes over the two lines it adds (standing in the file as written) and over
 * the merged hunk's stretch besides. A SEARCH that left out exactly every line its REPLACE adds,
 * and another line of the file too, reads as well as the block made. Applied, it deleted a copy
 * of the lines it had deleted already. */
TEST(unseen_resent_in_place, every_addition_passed_over_with_another_line_is_made)
{
	static const char before[] = "int drain(void)\n"
	                             "{\n"
	                             "\tpoll_all(level);\n"
	                             "\twhile (level) {\n"
	                             "\t\tlevel--;\n"
	                             "\t}\n"
	                             "\twhile (level) {\n"
	                             "\t\tnote_step(level, 2);\n"
	                             "\t\t// counted once per pass\n"
	                             "\t\tlevel--;\n"
	                             "\t}\n"
	                             "\t/* the last of the queue */\n"
	                             "\tif (level) {\n"
	                             "\t\treturn level;\n"
	                             "\t}\n"
	                             "\tif (level) {\n"
	                             "\t\treturn level;\n"
	                             "\t}\n"
	                             "\treturn level;\n"
	                             "}\n";
	static const char reply[] = "drain.c\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "\t}\n"
	                            "\twhile (level) {\n"
	                            "\t\tlevel--;\n"
	                            "\t}\n"
	                            "\t/* the last of the queue */\n"
	                            "\t\treturn level;\n"
	                            "\t}\n"
	                            "\tif (level) {\n"
	                            "\t\treturn level;\n"
	                            "\t}\n"
	                            "}\n"
	                            "=======\n"
	                            "\t}\n"
	                            "\twhile (level) {\n"
	                            "\t\tnote_step(level, 2);\n"
	                            "\t\t// counted once per pass\n"
	                            "\t\tlevel--;\n"
	                            "\t}\n"
	                            "\t/* the last of the queue */\n"
	                            "\t\treturn level;\n"
	                            "\t}\n"
	                            "\treturn level;\n"
	                            "}\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";

	refused_as_made("drain.c", before, reply);
}

/* The common slip beside it: a SEARCH that leaves out one line its REPLACE writes back whole
 * (the comment above the call) and another line it drops from both sides, while the block
 * deletes a line. One line given back is no sign of the block made: applied, the comment
 * written once, the line dropped from both sides kept. */
TEST(unseen_resent_in_place, one_line_given_back_with_another_left_out_still_applies)
{
	static const char before[] = "def open_link(host):\n"
	                             "    if host:\n"
	                             "        # the host is checked once\n"
	                             "        link = connect(host)\n"
	                             "        # retries come later\n"
	                             "        return link\n"
	                             "    log_miss(host)\n"
	                             "    return None\n";
	static const char reply[] = "link.py\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "def open_link(host):\n"
	                            "    if host:\n"
	                            "        link = connect(host)\n"
	                            "        return link\n"
	                            "    log_miss(host)\n"
	                            "    return None\n"
	                            "=======\n"
	                            "def open_link(host):\n"
	                            "    if host:\n"
	                            "        # the host is checked once\n"
	                            "        link = connect(host)\n"
	                            "        return link\n"
	                            "    return None\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";
	static const char want[] = "def open_link(host):\n"
	                           "    if host:\n"
	                           "        # the host is checked once\n"
	                           "        link = connect(host)\n"
	                           "        # retries come later\n"
	                           "        return link\n"
	                           "    return None\n";
	run x;

	go(&x, "link.py", before, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "link.py", want));
	done(&x);
}
