/*
 * Old-side lines cut short (a model that stopped mid-line, issue 11), each written again with
 * neutral content of our own: a short cut context line between two copies of the line it was
 * cut from (taken for an addition, the copy for a line the old side dropped: the cut line was
 * written into the file), and a deleted line cut short in a block that takes a wrapper off
 * (found nowhere, then judged already applied from its own lines re-indented).
 */
#include "plan_run.h"

/* A file whose three functions share every line but the doubled "total += 1" of the last. */
static const char COUNT[] = "def count(rows):\n"
			    "    # count every row twice\n"
			    "    try:\n"
			    "        total = count(rows)\n"
			    "    except KeyError:\n"
			    "        pass\n"
			    "\n"
			    "def count(rows):\n"
			    "    # count every row twice\n"
			    "    try:\n"
			    "        total = count(rows)\n"
			    "    except KeyError:\n"
			    "        pass\n"
			    "\n"
			    "def count(rows):\n"
			    "    # count every row twice\n"
			    "    total += 1\n"
			    "    total += 1\n"
			    "    try:\n"
			    "        total = count(rows)\n"
			    "    except KeyError:\n"
			    "        pass\n"
			    "    return total\n";

static const char COUNT_WANT[] = "def count(rows):\n"
				 "    # count every row twice\n"
				 "    try:\n"
				 "        total = count(rows)\n"
				 "    except KeyError:\n"
				 "        pass\n"
				 "\n"
				 "def count(rows):\n"
				 "    # count every row twice\n"
				 "    try:\n"
				 "        total = count(rows)\n"
				 "    except KeyError:\n"
				 "        pass\n"
				 "\n"
				 "def count(rows):  # twice\n"
				 "    # count every row twice\n"
				 "    total += 1\n"
				 "    total += 1\n"
				 "    try:\n"
				 "        total = count(rows)\n"
				 "    except KeyError:\n"
				 "        pass\n"
				 "    return total\n";

static void patch_with(char *buf, size_t n, const char *comment)
{
	snprintf(buf, n,
		 "*** Begin Patch\n"
		 "*** Update File: count.py\n"
		 "@@\n"
		 " \n"
		 "-def count(rows):\n"
		 "+def count(rows):  # twice\n"
		 "     %s\n"
		 "     total += 1\n"
		 "     total\n"
		 "     try:\n"
		 "         total = count(rows)\n"
		 "     except KeyError:\n"
		 "*** End Patch\n",
		 comment);
}

/* "    total" (shorter than a cut the repair tier looks for near a place) between the two
 * copies of "    total += 1": the diff-repair tier took it for an addition that lost its '+'
 * and the first copy for a line the old side left out, and wrote "    total" into the file.
 * One line cut short explains both; the fuzzy tier pairs it with the copy it was cut from. */
TEST(unseen_cut, short_cut_line_between_copies_is_that_line)
{
	char reply[1024];
	run x;

	patch_with(reply, sizeof(reply), "# count every row twice");
	go(&x, "count.py", COUNT, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "count.py", COUNT_WANT));
	done(&x);
}

/* The same beside a miscopied comment line: the fuzzy tier (the only one that takes the
 * miscopy) took the cut line for an addition, too unlike its line to pass for a miscopy of it;
 * it now pairs a line the file line starts with as that line cut short. */
TEST(unseen_cut, short_cut_line_beside_a_miscopy_is_that_line)
{
	char reply[1024];
	run x;

	patch_with(reply, sizeof(reply), "# count evrey row twice");
	go(&x, "count.py", COUNT, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "count.py", COUNT_WANT));
	done(&x);
}

/* Two cut lines in one old side are more than a model that stopped mid-line leaves
 * (SM_MAX_CUT_LINES): refused, the file unchanged. */
TEST(unseen_cut, two_cut_lines_refused)
{
	static const char R[] = "*** Begin Patch\n"
				"*** Update File: count.py\n"
				"@@\n"
				" \n"
				"-def count(rows):\n"
				"+def count(rows):  # twice\n"
				"     # count every row twice\n"
				"     total += 1\n"
				"     total\n"
				"     try:\n"
				"         total = co\n"
				"     except KeyError:\n"
				"*** End Patch\n";
	run x;

	go(&x, "count.py", COUNT, R);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "count.py", COUNT));
	done(&x);
}

/* A block that takes the inner of two equal `if` lines off, its deleted line
 * "      const label =" cut short: no tier placed the old side (the cut line too unlike its
 * line for a miscopy), and the new side, the inner lines re-indented, stands in the file
 * inside the place: judged already applied, nothing written. The cut line pairs with the line
 * it starts, and a new side that stands only at another indentation inside the place found is
 * the old side's own lines, no sign of the edit made before. */
TEST(unseen_cut, cut_deleted_line_of_an_unwrap_is_applied)
{
	static const char F[] = "function load(item) {\n"
				"  const rec = find(item);\n"
				"  if (rec != null) {\n"
				"    if (rec != null) {\n"
				"      const size = measure(rec);\n"
				"      const label = describe(rec);\n"
				"    }\n"
				"  }\n"
				"  return rec;\n"
				"}\n";
	run x;

	go(&x, "load.js", F,
	   "load.js\n```\n<<<<<<< SEARCH\n"
	   "  if (rec != null) {\n"
	   "    if (rec != null) {\n"
	   "      const size = measure(rec);\n"
	   "      const label =\n"
	   "    }\n"
	   "  }\n"
	   "=======\n"
	   "  if (rec != null) {\n"
	   "    const size = measure(rec);\n"
	   "    const label = describe(rec);\n"
	   "  }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "load.js",
		  "function load(item) {\n"
		  "  const rec = find(item);\n"
		  "  if (rec != null) {\n"
		  "    const size = measure(rec);\n"
		  "    const label = describe(rec);\n"
		  "  }\n"
		  "  return rec;\n"
		  "}\n"));
	done(&x);
}

/* The unwrap block again with its old side as the file has it, sent once more after it was
 * made: the place (fuzzy or not) must not write it twice. Here the old side fits nowhere (its
 * inner `if` is gone) and the new side stands as written: already applied, unchanged. */
TEST(unseen_cut, unwrap_sent_again_stays_applied)
{
	static const char F[] = "function load(item) {\n"
				"  const rec = find(item);\n"
				"  if (rec != null) {\n"
				"    const size = measure(rec);\n"
				"    const label = describe(rec);\n"
				"  }\n"
				"  return rec;\n"
				"}\n";
	run x;

	go(&x, "load.js", F,
	   "load.js\n```\n<<<<<<< SEARCH\n"
	   "  if (rec != null) {\n"
	   "    if (rec != null) {\n"
	   "      const size = measure(rec);\n"
	   "      const label =\n"
	   "    }\n"
	   "  }\n"
	   "=======\n"
	   "  if (rec != null) {\n"
	   "    const size = measure(rec);\n"
	   "    const label = describe(rec);\n"
	   "  }\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(has(&x, "load.js", F));
	done(&x);
}

/* A hunk whose last line of substance, cut short ("    spine " of "    spine = tidy()"), stands
 * between two blank context lines and after it the hunk ends: the diff-repair tier took it for
 * an addition, let the first blank line go and put the second on the blank line above the
 * whole line, and wrote "    spine" into the file beside it. The file line the place leaves
 * unpaired where the addition would go is the line it was cut from: the repair steps aside and
 * the fuzzy tier pairs the cut with its line. */
TEST(unseen_cut, cut_last_line_after_a_blank_is_that_line)
{
	static const char F[] = "def tidy(shelf):\n"
				"    for book in shelf:\n"
				"        tidy(book)\n"
				"    if book:\n"
				"        return shelf\n"
				"    books = tidy()\n"
				"    if books:\n"
				"        return shelf\n"
				"\n"
				"    spine = tidy()\n"
				"\n"
				"def dust(shelf):\n"
				"    if book:\n"
				"        return book\n";
	static const char WANT[] = "def tidy(shelf):\n"
				   "    for book in shelf:\n"
				   "        tidy(book)\n"
				   "    if book:\n"
				   "        return shelf\n"
				   "    books = tidy()\n"
				   "    if books:\n"
				   "        dusted = wipe(1)\n"
				   "        return shelf\n"
				   "\n"
				   "    spine = tidy()\n"
				   "\n"
				   "def dust(shelf):\n"
				   "    if book:\n"
				   "        return book\n";
	run x;

	go(&x, "shelf.py", F,
	   "*** Begin Patch\n"
	   "*** Update File: shelf.py\n"
	   "@@\n"
	   "     if books:\n"
	   "+        dusted = wipe(1)\n"
	   "         return shelf\n"
	   " \n"
	   "     spine \n"
	   " \n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shelf.py", WANT));
	done(&x);
}

/* A cut line right below a copy of the line it was cut from ("\tcount" under two
 * "\tcount += 1;", cut at a word's end and too short for a cut looked for near the place):
 * the diff-repair tier put the old side's first line on the second copy and took the cut for
 * an addition after it, written beside its whole line. The file line right above (or below)
 * where an addition would go starting with it makes it that line cut short: the fuzzy tier
 * pairs it, one line up, and the new line goes after the first copy. */
TEST(unseen_cut, cut_line_below_a_copy_of_its_line_is_that_line)
{
	static const char F[] = "int tally(void)\n"
				"{\n"
				"\tcount += 1;\n"
				"\tcount += 1;\n"
				"\tif (ready) {\n"
				"\t\treturn ready;\n"
				"\t}\n"
				"\treturn 0;\n"
				"}\n";
	static const char WANT[] = "int tally(void)\n"
				   "{\n"
				   "\tcount += 1;\n"
				   "\taudit_mark = 1;\n"
				   "\tcount += 1;\n"
				   "\tif (ready) {\n"
				   "\t\treturn ready;\n"
				   "\t}\n"
				   "\treturn 0;\n"
				   "}\n";
	run x;

	go(&x, "tally.c", F,
	   "--- a/tally.c\n"
	   "+++ b/tally.c\n"
	   "@@ -3,5 +3,6 @@\n"
	   " \tcount += 1;\n"
	   "+\taudit_mark = 1;\n"
	   " \tcount\n"
	   " \tif (ready) {\n"
	   " \t\treturn ready;\n"
	   " \t}\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.c", WANT));
	done(&x);
}

/* A cut line ending inside a word ("\tqueue" of "\tqueue_depth++;") whose own place needs the
 * fuzzy tier (the cut and its whole line cost the repair an addition and a dropped line),
 * while a copy of the other lines stands whole a few lines on: the repair tier placed the
 * hunk there, the cut an addition between two equal lines. A line near the place that the
 * context line is cut from inside a word is that line: the repair steps aside, and the fuzzy
 * tier puts the change where the whole line stands. */
TEST(unseen_cut, cut_inside_a_word_near_a_copy_is_that_line)
{
	static const char F[] = "void drain(void)\n"
				"{\n"
				"\twhile (queue) {\n"
				"\t\tqueue--;\n"
				"\t}\n"
				"\tflush_all(queue);\n"
				"\tqueue_depth++;\n"
				"\tflush_all(queue);\n"
				"\twhile (queue) {\n"
				"\t\tqueue--;\n"
				"\t}\n"
				"\tflush_all(queue);\n"
				"\tflush_all(queue);\n"
				"\twhile (queue) {\n"
				"\t\tqueue--;\n"
				"\t}\n"
				"}\n";
	static const char WANT[] = "void drain(void)\n"
				   "{\n"
				   "\twhile (queue) {\n"
				   "\t\tqueue--;\n"
				   "\t}\n"
				   "\tflush_all(queue);  // once\n"
				   "\tqueue_depth++;\n"
				   "\tflush_all(queue);\n"
				   "\twhile (queue) {\n"
				   "\t\tqueue--;\n"
				   "\t}\n"
				   "\tflush_all(queue);\n"
				   "\tflush_all(queue);\n"
				   "\twhile (queue) {\n"
				   "\t\tqueue--;\n"
				   "\t}\n"
				   "}\n";
	run x;

	go(&x, "drain.c", F,
	   "*** Begin Patch\n"
	   "*** Update File: drain.c\n"
	   "@@\n"
	   " \twhile (queue) {\n"
	   " \t\tqueue--;\n"
	   " \t}\n"
	   "-\tflush_all(queue);\n"
	   "+\tflush_all(queue);  // once\n"
	   " \tqueue\n"
	   " \tflush_all(queue);\n"
	   " \twhile (queue) {\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "drain.c", WANT));
	done(&x);
}
