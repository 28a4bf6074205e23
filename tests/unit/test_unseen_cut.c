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

/*
 * A line cut short in a re-indented reply (issue 11, oracle seeds 3701 openhands and 3305 zed:
 * reindent with truncated). The cut line was looked for only at the indentation it was written
 * with, so in an old side shifted as a whole it paired with nothing: the fuzzy tier took it for
 * a miscopy of a like line further on, kept the lines between as lines the old side dropped,
 * and deleted that line. A line paired by less than its text is looked for at the shift the
 * rest of the old side stands at (its seed's), as a whole line is by the indentation tier.
 */
static const char DRAIN[] = "def drain(queue):\n"
			    "    while queue:\n"
			    "        item = queue.pop()\n"
			    "    while queue:\n"
			    "        item = queue.pop()\n"
			    "    pending_total = flush_all()\n"
			    "    queue = []\n"
			    "    pending_total += 1\n"
			    "    return pending_total\n";

/* The old side written 4 columns left of the file, its last line cut short: the edit takes
 * the lines it names, and "pending_total += 1" two lines on stays. */
TEST(unseen_cut, dedented_cut_last_line_pairs_at_the_shift)
{
	run x;

	go(&x, "drain.py", DRAIN,
	   "drain.py\n```\n<<<<<<< SEARCH\n"
	   "    item = queue.pop()\n"
	   "while queue:\n"
	   "    item = queue.pop()\n"
	   "pending_total = flu\n"
	   "=======\n"
	   "    item = queue.pop()\n"
	   "while queue:\n"
	   "    item = queue.pop()\n"
	   "    item = queue.pop()\n"
	   "pending_total = flush_all()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "drain.py",
		  "def drain(queue):\n"
		  "    while queue:\n"
		  "        item = queue.pop()\n"
		  "    while queue:\n"
		  "        item = queue.pop()\n"
		  "        item = queue.pop()\n"
		  "    pending_total = flush_all()\n"
		  "    queue = []\n"
		  "    pending_total += 1\n"
		  "    return pending_total\n"));
	done(&x);
}

static const char STORE[] = "def load(path):\n"
			    "    try:\n"
			    "        handle = open_path(path)\n"
			    "    except IOError:\n"
			    "        pass\n"
			    "    pending_total = flush_all()\n"
			    "\n"
			    "def save(path):\n"
			    "    try:\n"
			    "        handle = open_path(path)\n"
			    "    except IOError:\n"
			    "        pass\n"
			    "    if handle:\n"
			    "        return path\n"
			    "    pending_total += 1\n"
			    "    handle = open_path(path)\n";

static const char STORE_DEEPER[] = "store.py\n```\n<<<<<<< SEARCH\n"
				   "        except IOError:\n"
				   "            pass\n"
				   "        pending_total = flu\n"
				   "=======\n"
				   "        except IOError:\n"
				   "            pass\n"
				   "        pending_total = flush_all()\n"
				   "        handle = None\n"
				   ">>>>>>> REPLACE\n```\n";

/* The old side written 4 columns deeper, its last line cut short, and its first two lines
 * standing twice: the place is the copy followed by the line it was cut from, not the other
 * with "pending_total += 1" taken for a miscopy of it (replaced, two lines kept in between). */
TEST(unseen_cut, deeper_cut_line_pairs_at_the_shift)
{
	run x;

	go(&x, "store.py", STORE, STORE_DEEPER);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "store.py",
		  "def load(path):\n"
		  "    try:\n"
		  "        handle = open_path(path)\n"
		  "    except IOError:\n"
		  "        pass\n"
		  "    pending_total = flush_all()\n"
		  "    handle = None\n"
		  "\n"
		  "def save(path):\n"
		  "    try:\n"
		  "        handle = open_path(path)\n"
		  "    except IOError:\n"
		  "        pass\n"
		  "    if handle:\n"
		  "        return path\n"
		  "    pending_total += 1\n"
		  "    handle = open_path(path)\n"));
	done(&x);
}

/* The same reply where both copies go on with a line the cut one starts: two places equally
 * good, refused and named, nothing written. */
TEST(unseen_cut, shifted_cut_line_twice_refused)
{
	static const char F[] = "def load(path):\n"
				"    try:\n"
				"        handle = open_path(path)\n"
				"    except IOError:\n"
				"        pass\n"
				"    pending_total = flush_all()\n"
				"\n"
				"def save(path):\n"
				"    try:\n"
				"        handle = open_path(path)\n"
				"    except IOError:\n"
				"        pass\n"
				"    pending_total = flush_some()\n";
	run x;

	go(&x, "store.py", F, STORE_DEEPER);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "store.py", F));
	done(&x);
}

/* The line the cut one starts stands only at another shift than the rest of the old side (one
 * level deeper in the file, while the reply puts it beside "except"): it is not that line, and
 * no other reading fits; refused, nothing written. */
TEST(unseen_cut, cut_line_at_another_shift_refused)
{
	static const char F[] = "def load(path):\n"
				"    try:\n"
				"        handle = open_path(path)\n"
				"    except IOError:\n"
				"        pass\n"
				"        pending_total = flush_all()\n"
				"    return handle\n";
	run x;

	go(&x, "store.py", F, STORE_DEEPER);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "store.py", F));
	done(&x);
}

/* A hunk whose lines are all 4 columns deeper than the file's, its last context line cut
 * short: that line pairs with the one it starts at the hunk's shift, and the change is made
 * (no tier placed it: the cut line was looked for as written). */
TEST(unseen_cut, shifted_hunk_with_cut_context_applies)
{
	static const char F[] = "def load(path):\n"
				"    try:\n"
				"        handle = open_path(path)\n"
				"    except IOError:\n"
				"        pass\n"
				"    pending_total = flush_all()\n"
				"    return handle\n";
	run x;

	go(&x, "store.py", F,
	   "*** Begin Patch\n"
	   "*** Update File: store.py\n"
	   "@@\n"
	   "             handle = open_path(path)\n"
	   "         except IOError:\n"
	   "             pass\n"
	   "-        pending_total = flush_all()\n"
	   "+        pending_total = flush_some()\n"
	   "         return hand\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "store.py",
		  "def load(path):\n"
		  "    try:\n"
		  "        handle = open_path(path)\n"
		  "    except IOError:\n"
		  "        pass\n"
		  "    pending_total = flush_some()\n"
		  "    return handle\n"));
	done(&x);
}

/* A context line cut short right above a copy of the line it was cut from, a line left out
 * higher up (oracle seed 8120 tiny udiff missing-context+truncated): the diff-repair tier took
 * "    row_co" for an addition that lost its '+', the first copy for the old side's next line,
 * and wrote the cut line into the file. The line the cut one starts stands for the old line
 * beside it while that line's copy stands just past it: one line cut short explains it (the
 * cut line that line, the next its copy), so the repair does not take it and the fuzzy tier
 * places it. */
TEST(unseen_cut, cut_line_above_a_copy_of_its_line_is_that_line)
{
	static const char F[] = "def tally(rows):\n"
				"    total = 0\n"
				"    total = 0\n"
				"    # add each row once\n"
				"    total += 1\n"
				"\n"
				"def count_rows(rows):\n"
				"    # add each row once\n"
				"    row_count += 1\n"
				"    row_count += 1\n"
				"    try:\n"
				"        row_count = tally(rows)\n"
				"    except KeyError:\n"
				"        pass\n";
	run x;

	go(&x, "tally.py", F,
	   "--- a/tally.py\n"
	   "+++ b/tally.py\n"
	   "@@ ... @@\n"
	   "     total = 0\n"
	   "     total += 1\n"
	   " \n"
	   "-def count_rows(rows):\n"
	   "     # add each row once\n"
	   "     row_co\n"
	   "     row_count += 1\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.py",
		  "def tally(rows):\n"
		  "    total = 0\n"
		  "    total = 0\n"
		  "    # add each row once\n"
		  "    total += 1\n"
		  "\n"
		  "    # add each row once\n"
		  "    row_count += 1\n"
		  "    row_count += 1\n"
		  "    try:\n"
		  "        row_count = tally(rows)\n"
		  "    except KeyError:\n"
		  "        pass\n"));
	done(&x);
}

/*
 * An edit that takes out one of two copies, its old side holding a line cut short, found
 * nowhere: the new side then stands in the file before the edit as after it, and was taken
 * for the edit made (nothing written, reported already applied; oracle seed 8106 tiny
 * reindent+truncated+miscopied-ident, cline and lndiff). A deleted line that its neighbour
 * starts with (or starts nearly so: cut and miscopied) is a copy of that neighbour; an added
 * line a deleted one was cut from inside a word is that line written whole: neither says the
 * edit was made. Refused, nothing written.
 */
TEST(unseen_cut, cut_copy_of_neighbour_is_not_applied_already)
{
	static const char F[] = "def flush(items):\n"
				"    for item in items:\n"
				"        send(item)\n"
				"    # Send each item once more\n"
				"    # Send each item once more\n"
				"    return items\n";
	run x;

	go(&x, "flush.py", F,
	   "flush.py\n```\n<<<<<<< SEARCH\n"
	   "        send(item)\n"
	   "    # Sned each item\n"
	   "    # Send each item once more\n"
	   "=======\n"
	   "        send(item)\n"
	   "    # Send each item once more\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "flush.py", F));
	done(&x);
}

TEST(unseen_cut, cut_line_written_whole_is_not_applied_already)
{
	static const char F[] = "int open_all(void)\n"
				"{\n"
				"\tstore(last_value);\n"
				"\tfor (i = 0; i < next_index; i++) {\n"
				"\t\tstore(i);\n"
				"\t}\n"
				"}\n"
				"\n"
				"int close_all(void)\n"
				"{\n"
				"\tstore(next_index);\n"
				"\tstore(last_value);\n"
				"\tstore(last_value);\n"
				"\tnext_index++;\n"
				"\t/* keep the last one */\n"
				"}\n";
	run x;

	go(&x, "close.c", F,
	   "close.c\n```\n<<<<<<< SEARCH\n"
	   "store(last_valeu);\n"
	   "store(las_tvalue);\n"
	   "next_inde\n"
	   "=======\n"
	   "store(last_value);\n"
	   "next_index++;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "close.c", F));
	done(&x);
}

/* A block whose last old line is cut from the first of two equal lines, its REPLACE writing that
 * line twice, one after the other: it reads as well with the cut line on the second, the first
 * left out (three copies written or two); refused as ambiguous. Written 4 columns left of the
 * file, the rival reading was looked for with the lines compared as written, and so never found
 * once the cut line paired at the shift: the place was taken. The edit's lines are compared at
 * the place's shift. */
TEST(unseen_cut, shifted_cut_edge_line_with_a_twin_refused)
{
	static const char F[] = "def run(jobs):\n"
				"    for job in jobs:\n"
				"        job.start()\n"
				"    job_count += 1\n"
				"    job_count += 1\n"
				"    return jobs\n";
	run x;

	go(&x, "run.py", F,
	   "run.py\n```\n<<<<<<< SEARCH\n"
	   "for job in jobs:\n"
	   "    job.start()\n"
	   "job_cou\n"
	   "=======\n"
	   "for job in jobs:\n"
	   "    job.begin()\n"
	   "job_count += 1\n"
	   "job_count += 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "run.py", F));
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
