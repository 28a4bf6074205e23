/*
 * Edits with a placeholder or an elision marker and a second defect (issue 11, session of
 * 2026-11-27), with neutral content of our own: a placeholder whose span reads two ways (a
 * line the new text writes again, a closing line with a copy inside the span), lines added
 * beside a context line with a copy across an elision, a change run split before the head
 * line a marker follows. Each is refused; the file stays as it was.
 */
#include "plan_run.h"

/* The placeholder heads the new text where the old text deletes a blank line and a `def`
 * line the file repeats; the new text writes that `def` line again at its end, among added
 * lines. Moved to the end (the placeholder standing for nothing), or kept where it is (the
 * placeholder standing for it, the copy at the end the file's next line, which the old text
 * left out)? Refused, the file unchanged. */
TEST(unseen_mh_lazy, placeholder_over_repeated_def_written_again_is_refused)
{
	static const char F[] =
	    "def step():\n"
	    "    count += 1\n"
	    "    count += 1\n"
	    "\n"
	    "\n"
	    "    node = step()\n"
	    "\n"
	    "def step():\n"
	    "\n"
	    "    for node in nodes:\n"
	    "        step(count)\n"
	    "\n"
	    "def step():\n"
	    "    count = step()\n"
	    "    for count in counts:\n"
	    "        step(node)\n"
	    "\n"
	    "def step():\n"
	    "\n"
	    "    node = step()\n"
	    "    for count in counts:\n"
	    "        step(count)\n"
	    "    count = step()\n"
	    "    count += 1\n"
	    "    count += 1\n"
	    "    return count\n";
	run x;

	go(&x, "pkg/steps.py", F,
	   "I'll make the change.\n"
	   "\n"
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>pkg/steps.py</parameter>\n"
	   "<parameter=old_str>\n"
	   "\n"
	   "def step():\n"
	   "    count = step()\n"
	   "    for count in counts:\n"
	   "        step(node)\n"
	   "\n"
	   "\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "# ... existing code ...\n"
	   "    count = step()\n"
	   "    for attempt in range(3):\n"
	   "        for count in counts:\n"
	   "            step(node)\n"
	   "\n"
	   "def step():\n"
	   "\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/steps.py", F));
	done(&x);
}

/* A merged old text (two stretches of the file, the lines between them left out) and a new
 * text that writes "for {", a placeholder in the loop's body, "}": the "}" after the
 * placeholder pairs with the loop's own "}" (the placeholder stands for the body) or with a
 * later copy, the placeholder then standing for the head of another loop whose body the reply
 * empties. Refused, the file unchanged. */
TEST(unseen_mh_lazy, placeholder_ending_on_block_head_the_next_line_closes_is_refused)
{
	static const char F[] =
	    "int send_rows(void)\n"
	    "{\n"
	    "\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "}\n"
	    "\n"
	    "int fill_rows(void)\n"
	    "{\n"
	    "\tleft++;\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "\t/* Walk each row once more */\n"
	    "\tfor (i = 0; i < left; i++) {\n"
	    "\t\torder_row(i);\n"
	    "\t}\n"
	    "}\n"
	    "\n"
	    "int send_rows(void)\n"
	    "{\n"
	    "\n"
	    "\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "\tcheck_row(left);\n"
	    "\tcheck_row(left);\n"
	    "}\n"
	    "\n"
	    "int load_rows(void)\n"
	    "{\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "\tleft++;\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "\tleft++;\n"
	    "\n"
	    "}\n"
	    "\n"
	    "int size_rows(void)\n"
	    "{\n"
	    "\twhile (left) {\n"
	    "\t\tleft--;\n"
	    "\t}\n"
	    "\tfor (i = 0; i < left; i++) {\n"
	    "\t\torder_row(i);\n"
	    "\t}\n"
	    "\tsend_rows(left);\n"
	    "\t/* Walk each row once more */\n"
	    "\tfor (i = 0; i < left; i++) {\n"
	    "\t\torder_row(i);\n"
	    "\t}\n"
	    "\tfor (i = 0; i < left; i++) {\n"
	    "\t\tcheck_row(i);\n"
	    "\t}\n"
	    "}\n";
	run x;

	go(&x, "pkg/rows.c", F,
	   "pkg/rows.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "int fill_rows(void)\n"
	   "{\n"
	   "\tleft++;\n"
	   "\twhile (left) {\n"
	   "\t\tleft--;\n"
	   "\t}\n"
	   "\t/* Walk each row once more */\n"
	   "\tfor (i = 0; i < left; i++) {\n"
	   "\t\torder_row(i);\n"
	   "\tfor (i = 0; i < left; i++) {\n"
	   "\t\torder_row(i);\n"
	   "\t}\n"
	   "\tfor (i = 0; i < left; i++) {\n"
	   "\t\tcheck_row(i);\n"
	   "\t}\n"
	   "}\n"
	   "=======\n"
	   "int fill_rows(void)\n"
	   "{\n"
	   "\tleft++;\n"
	   "\twhile (left) {\n"
	   "\t\tleft--;\n"
	   "\t}\n"
	   "\t/* Walk each row_v2 once more */\n"
	   "\tfor (i = 0; i < left; i++) {\n"
	   "\t\t// ... existing code ...\n"
	   "\t}\n"
	   "\tcheck_row(i);\n"
	   "}\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/rows.c", F));
	done(&x);
}

/* A block that merges two hunks and stands for more lines with "...": the lines it adds go
 * after a context line that has a copy right before the marker's stretch and another inside
 * it, and the stretches it leaves out can be put either way. The reply does not say which
 * copy; refused, naming both, the file unchanged. */
TEST(unseen_mh_lazy, lines_added_beside_either_copy_across_an_elision_is_refused)
{
	static const char F[] =
	    "int open_grid(void)\n"
	    "{\n"
	    "\twidth++;\n"
	    "\tif (saved) {\n"
	    "\t\treturn saved;\n"
	    "\t}\n"
	    "\tfor (i = 0; i < width; i++) {\n"
	    "\t\tdrop_cell(i);\n"
	    "\t}\n"
	    "\tfor (i = 0; i < height; i++) {\n"
	    "\t\tput_cell(i);\n"
	    "\t}\n"
	    "}\n"
	    "\n"
	    "int flush_grid(void)\n"
	    "{\n"
	    "\tdrop_cell(height);\n"
	    "\n"
	    "\treturn 0;\n"
	    "\treturn 0;\n"
	    "\tfor (i = 0; i < height; i++) {\n"
	    "\t\tdrop_cell(i);\n"
	    "\t}\n"
	    "\treturn 0;\n"
	    "\tfor (i = 0; i < width; i++) {\n"
	    "\t\tdrop_cell(i);\n"
	    "\t}\n"
	    "}\n"
	    "\n"
	    "int read_grid(void)\n"
	    "{\n"
	    "\treturn 0;\n"
	    "\treturn 0;\n"
	    "\n"
	    "\tfor (i = 0; i < height; i++) {\n"
	    "\t\tput_cell(i);\n"
	    "\t}\n"
	    "\n"
	    "\tput_cell(width);\n"
	    "}\n"
	    "\n"
	    "int mark_grid(void)\n"
	    "{\n"
	    "\twidth++;\n"
	    "\tfor (i = 0; i < height; i++) {\n"
	    "\t\tsplit_client(i);\n"
	    "\t}\n"
	    "\t/* Start then end often left change */\n"
	    "\treturn 0;\n"
	    "\tsplit_client(width);\n"
	    "\n"
	    "\treturn 0;\n"
	    "}\n";
	run x;

	go(&x, "pkg/grid.c", F,
	   "<apply_diff>\n"
	   "<path>pkg/grid.c</path>\n"
	   "<diff>\n"
	   "<<<<<<< SEARCH\n"
	   "-------\n"
	   "\twidth++;\n"
	   "\tif (saved) {\n"
	   "\t\treturn saved;\n"
	   "\t}\n"
	   "\tfor (i = 0; i < width; i++) {\n"
	   "\t\tdrop_cell(i);\n"
	   "\t}\n"
	   "\tfor (i = 0; i < height; i++) {\n"
	   "\t\tput_cell(i);\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "...\n"
	   "\tput_cell(width);\n"
	   "=======\n"
	   "\twidth++;\n"
	   "\tif (saved) {\n"
	   "\t\treturn saved;\n"
	   "\t}\n"
	   "\tfor (i = 0; i < width; i++) {  # changed\n"
	   "\t\tdrop_cell(i);\n"
	   "\t}\n"
	   "\tfor (i = 0; i < height; i++) {\n"
	   "\t\tput_cell(i);\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\ttrace = note(2);\n"
	   "\t// checked by the oracle at step 2\n"
	   "\treturn 0;\n"
	   "...\n"
	   "\tput_cell(width);\n"
	   ">>>>>>> REPLACE\n"
	   "\n"
	   "</diff>\n"
	   "</apply_diff>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/grid.c", F));
	done(&x);
}

/* A block whose first line (a function's head) is followed by a marker, then lines the
 * file repeats in two functions: the split must not put the first change before that head
 * line, which the file holds once, after them. Refused, the file unchanged. */
TEST(unseen_mh_lazy, run_before_the_head_its_marker_follows_is_not_split)
{
	static const char F[] =
	    "int attach_items(void)\n"
	    "{\n"
	    "\ttotal_items++;\n"
	    "\tcache_slots++;\n"
	    "\tcache_slots++;\n"
	    "\n"
	    "\ttotal_items++;\n"
	    "}\n"
	    "\n"
	    "int flush_stream(void)\n"
	    "{\n"
	    "\ttotal_items++;\n"
	    "\ttotal_items++;\n"
	    "\ttotal_items++;\n"
	    "\tcache_slots++;\n"
	    "\tcache_slots++;\n"
	    "\twhile (total_items) {\n"
	    "\t\ttotal_items--;\n"
	    "\t}\n"
	    "\treturn 0;\n"
	    "}\n"
	    "\n"
	    "int apply_order(void)\n"
	    "{\n"
	    "\ttotal_items++;\n"
	    "\tcache_slots++;\n"
	    "\twhile (total_items) {\n"
	    "\t\ttotal_items--;\n"
	    "\t}\n"
	    "}\n"
	    "\n"
	    "int attach_items(void)\n"
	    "{\n"
	    "\treturn 0;\n"
	    "\treturn 0;\n"
	    "\n"
	    "\n"
	    "\treturn 0;\n"
	    "\ttotal_items++;\n"
	    "\n"
	    "}\n";
	run x;

	go(&x, "pkg/paths.c", F,
	   "<replace_in_file>\n"
	   "<path>pkg/paths.c</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "int flush_stream(void)\n"
	   "/* ... */\n"
	   "\tcache_slots++;\n"
	   "\tcache_slots++;\n"
	   "\ttotal_items++;\n"
	   "\tcache_slots++;\n"
	   "\twhile (total_items) {\n"
	   "=======\n"
	   "int flush_stream(void)\n"
	   "/* ... */\n"
	   "\tcache_slots++;\n"
	   "\ttrace_point_9 = note_change(6);\n"
	   "\t// checked by the oracle at step 6\n"
	   "\tcache_slots++;\n"
	   "\ttotal_items++;\n"
	   "\twhile (total_items) {\n"
	   "\tcache_slots++;\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/paths.c", F));
	done(&x);
}
