/*
 * A line the old side left out beside a miscopied one, and a line written right beside its own
 * copy (issue 11), each written again with neutral content of our own: the REPLACE side gives
 * the left-out line back next to the miscopied line written fixed (the left-out line was
 * written twice), and an edit whose new side ends with the line standing just past its place
 * while it deletes another copy of it (moved beside its twin, or that twin left out of the old
 * side: the reply does not say which).
 */
#include "plan_run.h"

static const char PAINT[] = "def paint(walls):\n"
			    "    # one coat on every wall\n"
			    "    brush = pick()\n"
			    "\n"
			    "    for wall in walls:\n"
			    "        brush.coat(wall)\n"
			    "    return brush\n"
			    "    # one coat on every wall\n"
			    "    return brush\n"
			    "\n"
			    "def pick():\n"
			    "    return brush\n"
			    "    brush += 1\n";

static const char PAINT_WANT[] = "def paint(walls):\n"
				 "    # one coat on every wall\n"
				 "    brush = pick()\n"
				 "\n"
				 "    for wall in walls:\n"
				 "        brush.coat(wall, twice=True)\n"
				 "    return brush\n"
				 "    # one coat on every wall\n"
				 "    return brush\n"
				 "\n"
				 "def pick():\n"
				 "    return brush\n"
				 "    brush += 1\n";

/* The SEARCH side miscopies "return brush" as "return bursh" and leaves out the comment below
 * it; its last line has a trailing blank (so the sides' diff pairs no line there). The REPLACE
 * writes the line fixed, then the comment: put back where the file has it, the comment stands
 * between the miscopy written fixed and the next line, which is where the file has it. It
 * was written a second time above the fixed line. */
TEST(unseen_beside, left_out_line_beside_a_fixed_miscopy_written_once)
{
	run x;

	go(&x, "paint.py", PAINT,
	   "paint.py\n```\n<<<<<<< SEARCH\n"
	   "        brush.coat(wall)\n"
	   "    return bursh\n"
	   "    return brush\n"
	   "\n"
	   "def pick():\n"
	   "    return brush \n"
	   "=======\n"
	   "        brush.coat(wall, twice=True)\n"
	   "    return brush\n"
	   "    # one coat on every wall\n"
	   "    return brush\n"
	   "\n"
	   "def pick():\n"
	   "    return brush\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "paint.py", PAINT_WANT));
	done(&x);
}

/* The same as a JSON str_replace call (Copilot's replacements). */
TEST(unseen_beside, left_out_line_beside_a_fixed_miscopy_tool_call)
{
	run x;

	go(&x, "paint.py", PAINT,
	   "[{\"filePath\": \"paint.py\", "
	   "\"oldString\": \"        brush.coat(wall)\\n    return bursh\\n    return brush\\n\\n"
	   "def pick():\\n    return brush \\n\", "
	   "\"newString\": \"        brush.coat(wall, twice=True)\\n    return brush\\n"
	   "    # one coat on every wall\\n    return brush\\n\\ndef pick():\\n    return brush\\n\"}]\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "paint.py", PAINT_WANT));
	done(&x);
}

static const char QUEUE[] = "def open_all():\n"
			    "    if ready:\n"
			    "        return ready\n"
			    "    if queue:\n"
			    "        return queue\n"
			    "    if ready:\n"
			    "        return queue\n"
			    "    queue = refill()\n"
			    "    # drain what is left first\n"
			    "    queue = refill()\n"
			    "\n"
			    "def refill():\n"
			    "    return ready\n";

/* A block that moves "queue = refill()" below the comment, its new side ending with it, while
 * the file has that line right below the block's place: the block moves the line beside its
 * copy (written twice in a row) or its old side left that copy out (the edit deletes the one
 * above the comment). It was applied the first way, silently; now refused, naming the line. */
TEST(unseen_beside, line_moved_beside_its_copy_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "q.py", QUEUE,
	   "q.py\n```\n<<<<<<< SEARCH\n"
	   "        return queue\n"
	   "    queue = refill()\n"
	   "    # drain what is left first\n"
	   "=======\n"
	   "        return queue\n"
	   "    # drain what is left first\n"
	   "    queue = refill()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "q.py", QUEUE));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 10 of the file") &&
	      strstr(ei.message, "in its old side"));
	done(&x);
}

/* The same at the top: the new side starts with the line standing just above its place. */
TEST(unseen_beside, line_moved_beside_its_copy_above_is_refused)
{
	static const char F[] = "def close_all():\n"
				"    queue = refill()\n"
				"    # drain what is left first\n"
				"    queue = refill()\n"
				"    if ready:\n"
				"        return queue\n";
	run x;

	go(&x, "q.py", F,
	   "q.py\n```\n<<<<<<< SEARCH\n"
	   "    # drain what is left first\n"
	   "    queue = refill()\n"
	   "    if ready:\n"
	   "=======\n"
	   "    queue = refill()\n"
	   "    # drain what is left first\n"
	   "    if ready:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "q.py", F));
	done(&x);
}

/* With the copy in its old side, the block says what it means: applied, the line once. */
TEST(unseen_beside, line_with_its_copy_in_the_old_side_applies)
{
	run x;

	go(&x, "q.py", QUEUE,
	   "q.py\n```\n<<<<<<< SEARCH\n"
	   "        return queue\n"
	   "    queue = refill()\n"
	   "    # drain what is left first\n"
	   "    queue = refill()\n"
	   "=======\n"
	   "        return queue\n"
	   "    # drain what is left first\n"
	   "    queue = refill()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "q.py",
		  "def open_all():\n"
		  "    if ready:\n"
		  "        return ready\n"
		  "    if queue:\n"
		  "        return queue\n"
		  "    if ready:\n"
		  "        return queue\n"
		  "    # drain what is left first\n"
		  "    queue = refill()\n"
		  "\n"
		  "def refill():\n"
		  "    return ready\n"));
	done(&x);
}

/* ---- a left-out line between blank lines, given back by the new side ---- */

static const char ITEMS[] = "def setup_items():\n"
			    "\n"
			    "    # Keep the list short\n"
			    "\n"
			    "    # Keep the list short\n"
			    "\n"
			    "def commit_items():\n"
			    "    try:\n"
			    "        handle = open_store()\n"
			    "    except StoreError:\n"
			    "        pass\n";

static const char ITEMS_WANT[] = "def setup_items():\n"
				 "\n"
				 "    # Keep the list short\n"
				 "\n"
				 "    # Keep the list short\n"
				 "\n"
				 "def commit_items(force):\n"
				 "    try:\n"
				 "        handle = open_store()\n"
				 "    except StoreError:\n"
				 "        pass\n";

/* A SEARCH side starting with two blank lines, the comment between them in the file left out,
 * its first line of substance miscopied ("comit_items"); the REPLACE side gives the comment
 * back. The blank lines are anchored around the comment, which then stands inside the region
 * as a line the old side left out, and the merge writes the REPLACE's copy as that line; the
 * edge rule also took the REPLACE's first lines for a repeat of the blank line and comment
 * above the region and absorbed those: the comment moved below the new signature, a blank
 * line lost. A line the region keeps (no old line stands for it) of an addition's text is what
 * the merge writes it as: no repeat of a line beyond the edge. */
TEST(unseen_beside, left_out_line_between_blank_lines_is_not_the_line_above_repeated)
{
	run x;

	go(&x, "items.py", ITEMS,
	   "items.py\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "\n"
	   "def comit_items():\n"
	   "    try:\n"
	   "        handle = open_store()\n"
	   "=======\n"
	   "\n"
	   "    # Keep the list short\n"
	   "\n"
	   "def commit_items(force):\n"
	   "    try:\n"
	   "        handle = open_store()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "items.py", ITEMS_WANT));
	done(&x);
}

/* The same as an edit_file call (old_text, new_text). */
TEST(unseen_beside, left_out_line_between_blank_lines_tool_call)
{
	run x;

	go(&x, "items.py", ITEMS,
	   "{\"name\": \"edit_file\", \"arguments\": \"{\\\"path\\\": \\\"items.py\\\", "
	   "\\\"edits\\\": [{\\\"old_text\\\": \\\"\\\\n\\\\ndef comit_items():\\\\n    try:\\\\n"
	   "        handle = open_store()\\\\n\\\", \\\"new_text\\\": \\\"\\\\n    # Keep the list "
	   "short\\\\n\\\\ndef commit_items(force):\\\\n    try:\\\\n        handle = "
	   "open_store()\\\\n\\\"}]}\"}\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "items.py", ITEMS_WANT));
	done(&x);
}

/* ---- a blank line let go beside a miscopy, the line left out above it ---- */

/* A SEARCH side whose first line is a miscopy ("retrun total") of a line the file has twice,
 * a blank line between the two copies; the blank line follows it in the SEARCH side, the second
 * copy left out. The fuzzy tier put the miscopy on the second copy and let the blank line go
 * (cheaper than the line left out), and the REPLACE, which gives the second copy back, wrote it
 * twice. A let-go blank line next to a line whose file line stands again past blank lines just
 * beyond the place may as well be that line left out: the check compared the miscopy's own
 * text, which stands nowhere, and now compares the file line it stands on. Refused (the
 * message shows the old lines against the file). */
TEST(unseen_beside, blank_let_go_beside_a_miscopy_of_a_repeated_line_refused)
{
	static const char F[] = "def flush():\n"
				"    count += 1\n"
				"    return total\n"
				"\n"
				"    return total\n"
				"    return count\n"
				"    count += 1\n"
				"\n"
				"def close():\n"
				"    return total\n";
	run x;

	go(&x, "f.py", F,
	   "f.py\n```\n<<<<<<< SEARCH\n"
	   "    retrun total\n"
	   "\n"
	   "    return count\n"
	   "    count += 1\n"
	   "\n"
	   "def close():\n"
	   "=======\n"
	   "    return total\n"
	   "\n"
	   "    return total\n"
	   "    return count\n"
	   "    count += 1\n"
	   "    log(count)\n"
	   "\n"
	   "def close():\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "f.py", F));
	done(&x);
}

/* ---- a short line added at the edge beside its own copy ---- */

/* A block whose REPLACE ends with "node += 1", the line right below its place, which its
 * SEARCH does not have: the line left out of the SEARCH (it stays once) or one more copy beside
 * it. The edge rule absorbs a repeated line only when it is one of substance (a lone short
 * statement proves nothing either way), so it was written twice. Refused, naming the line. */
TEST(unseen_beside, short_line_added_beside_its_copy_refused)
{
	static const char F[] = "def walk(nodes):\n"
				"    for node in nodes:\n"
				"        return node\n"
				"    for nose in nodes:\n"
				"        visit(node)\n"
				"    node += 1\n"
				"    return node\n";
	run x;
	seam_edit_info ei;

	go(&x, "w.py", F,
	   "w.py\n```\n<<<<<<< SEARCH\n"
	   "        return node\n"
	   "    for nose in nodes:\n"
	   "        visti(node)\n"
	   "=======\n"
	   "        return node\n"
	   "    for nose in nodes:\n"
	   "        log(node)\n"
	   "        visit(node)\n"
	   "    node += 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "w.py", F));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 6 of the file"));
	done(&x);
}

/* ---- a left-out line written back beside its file neighbour names the place ---- */

/* A str_replace whose first old line is a miscopy ("dsut"), fitting lines 6-8 with its miscopy
 * alone and lines 8-11 with its miscopy and the comment it left out, which its new side writes
 * back between the lines the file has around it. The sides' diff paired the old side's last
 * line with the new side's first (a miscopied line pairs with nothing), so the comment was
 * not between the same old lines in the diff, and the place that owes a line to the new side
 * did not tie: the comment was written a second time at lines 6-8. A left-out line the new side
 * writes beside one of its file neighbours is written back there too: the two places tie,
 * refused, naming both. */
TEST(unseen_beside, left_out_line_written_back_beside_its_neighbour_ties)
{
	static const char F[] = "def sweep(rooms):\n"
				"    for room in rooms:\n"
				"        dust(room)\n"
				"    return rooms\n"
				"    for room in rooms:\n"
				"        dust(room)\n"
				"    for room in rooms:\n"
				"        dust(room)\n"
				"    # mop after the dust settles\n"
				"    for room in rooms:\n"
				"        dust(room)\n";
	run x;
	seam_edit_info ei;

	go(&x, "s.py", F,
	   "I'll make the change.\n\n"
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>s.py</parameter>\n"
	   "<parameter=old_str>\n"
	   "        dsut(room)\n"
	   "    for room in rooms:\n"
	   "        dust(room)\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "        dust(room)\n"
	   "    # mop after the dust settles\n"
	   "    for room in rooms:\n"
	   "        for coat in range(2):\n"
	   "            dust(room)\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "s.py", F));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "fits 2 places") && strstr(ei.message, "lines 8-11"));
	done(&x);
}

/* A block that moves the "def" line (and its blank line) down past the two lines below it,
 * while its old side stops after the first of them: the new side adds the second, "total +=
 * step", right where the file has it, and then the moved lines. Either that line was left out
 * of the old side (the block is a pure move, the line kept once) or the block writes one more
 * copy of it (twice in a row); the reply does not say which. It was written twice; now
 * refused, naming the line. Neutral content of our own (issue 11, generator seed 4101). */
static const char STEPS[] = "def first():\n"
                            "    return start\n"
                            "\n"
                            "def count_steps():\n"
                            "    return total\n"
                            "    total += step\n"
                            "\n"
                            "def last():\n"
                            "    return total\n";

TEST(unseen_beside, moved_past_a_left_out_line_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "steps.py", STEPS,
	   "steps.py\n```\n<<<<<<< SEARCH\n"
	   "    return start\n"
	   "\n"
	   "def count_steps():\n"
	   "    return total\n"
	   "=======\n"
	   "    return start\n"
	   "    return total\n"
	   "    total += step\n"
	   "\n"
	   "def count_steps():\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "steps.py", STEPS));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 6 of the file") &&
	      strstr(ei.message, "in its old side"));
	done(&x);
}

/* The same at the top: "reset()" moved up past "total += step", the line just above the old
 * side's first. */
TEST(unseen_beside, moved_past_a_left_out_line_above_refused)
{
	static const char F[] = "def first():\n"
	                        "    return start\n"
	                        "    total += step\n"
	                        "    if total > limit:\n"
	                        "        return total\n"
	                        "    reset()\n";
	run x;

	go(&x, "steps.py", F,
	   "steps.py\n```\n<<<<<<< SEARCH\n"
	   "    if total > limit:\n"
	   "        return total\n"
	   "    reset()\n"
	   "=======\n"
	   "    reset()\n"
	   "    total += step\n"
	   "    if total > limit:\n"
	   "        return total\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "steps.py", F));
	done(&x);
}

/* When the edit also deletes a line of the copy's text, the literal reading is itself a pure
 * move (the run of two lines moved up as a whole, beside the copy the file keeps): applied. */
TEST(unseen_beside, run_moved_beside_a_copy_it_also_moves_applies)
{
	static const char F[] = "    total += step\n"
	                        "    total += step\n"
	                        "    if done:\n"
	                        "        return total\n"
	                        "    reset()\n"
	                        "    total += step\n"
	                        "\n";
	run x;

	go(&x, "steps.py", F,
	   "steps.py\n```\n<<<<<<< SEARCH\n"
	   "    if done:\n"
	   "        return total\n"
	   "    reset()\n"
	   "    total += step\n"
	   "=======\n"
	   "    reset()\n"
	   "    total += step\n"
	   "    if done:\n"
	   "        return total\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "steps.py",
	          "    total += step\n"
	          "    total += step\n"
	          "    reset()\n"
	          "    total += step\n"
	          "    if done:\n"
	          "        return total\n"
	          "\n"));
	done(&x);
}
