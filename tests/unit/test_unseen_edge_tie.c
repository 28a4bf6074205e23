/*
 * Merged hunks with a context line left out of the old side (the new side keeping it) at the
 * file's or a function's edge (issue 11, session of 2026-11-27, stop 26), each written again with
 * neutral content of our own. Each reply reads two ways that write different files, and nothing
 * in it says which is meant: refused, never written by the first reading found.
 */
#include "plan_run.h"

/* The file both of the first two tests edit: pump_start's `return 0;` after two blank lines,
 * copies of the loop and the note in the functions below. */
static const char PUMP[] = "int pump_start(void)\n"
                           "{\n"
                           "\twhile (level) {\n"
                           "\t\tflow--;\n"
                           "\t}\n"
                           "\treturn 0;\n"
                           "\n"
                           "\n"
                           "\treturn 0;\n"
                           "\t/* spare note */\n"
                           "}\n"
                           "\n"
                           "int pump_mid(void)\n"
                           "{\n"
                           "\tflow++;\n"
                           "\tfor (i = 0; i < flow; i++) {\n"
                           "\t\tpump_step(i);\n"
                           "\t}\n"
                           "\n"
                           "\treturn 0;\n"
                           "}\n"
                           "\n"
                           "int pump_step(void)\n"
                           "{\n"
                           "\tfor (i = 0; i < flow; i++) {\n"
                           "\t\tpump_step(i);\n"
                           "\t}\n"
                           "\tflow++;\n"
                           "\treturn 0;\n"
                           "\t/* spare note */\n"
                           "\twhile (level) {\n"
                           "\t\tflow--;\n"
                           "\t}\n"
                           "\tlevel++;\n"
                           "}\n"
                           "\n"
                           "int pump_stop(void)\n"
                           "{\n"
                           "\treturn 0;\n"
                           "\t/* spare note */\n"
                           "\treturn 0;\n"
                           "\t/* spare note */\n"
                           "}\n";

/* The block leaves out `return 0;` after pump_start's two blank lines and skips to pump_stop;
 * its new side writes that line back right after the blank lines. The sides' diff paired it with
 * the `return 0;` above the blank lines (deleting them and adding them again right above it),
 * so the merged-hunk tier did not see the skipped line written back, and its reading added it
 * above pump_stop: the line stood twice. The blank lines deleted and added again are a move the
 * diff made (match_pieces.c, moved_above): the line is written back, not a stretch passed
 * over, and the merged-hunk reading is no reading. */
TEST(unseen_edge_tie, skipped_line_written_back_past_moved_blank_lines_is_refused)
{
	run x;

	go(&x, "pkg/pump.c", PUMP,
	   "pkg/pump.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "int pump_start(void)\n"
	   "{\n"
	   "\twhile (level) {\n"
	   "\t\tflow--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\n"
	   "\n"
	   "int pump_stop(void)\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\t/* spare note */\n"
	   "\treturn 0;\n"
	   "\t/* spare note */\n"
	   "=======\n"
	   "int pump_start(void)\n"
	   "{\n"
	   "\twhile (level) {\n"
	   "\t\tflow--;  // changed\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\n"
	   "\n"
	   "\treturn 0;\n"
	   "int pump_stop(void)\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "\t/* spare note */\n"
	   "\t/* spare note */\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/pump.c", PUMP));
	done(&x);
}

/* The block leaves out pump_start's `return 0;` right below the `}` of its loop (the new side
 * keeps it there) and skips to pump_step. The merged-hunk tier with blank lines let go read the
 * old side's two blank lines as standing on no file line and its `return 0;` as that first one,
 * and added the new side's `return 0;` above it: the line stood twice. The other reading leaves
 * out that one line and stands the blank lines where the file has them. A reading that lets
 * go the reply's blank lines stands its half no more as written than one that leaves out a
 * line (match_cut_rival.c, lets_blank_go): neither outweighs the other. */
TEST(unseen_edge_tie, blank_lines_let_go_do_not_outweigh_a_line_left_out_is_refused)
{
	run x;

	go(&x, "pkg/pump.c", PUMP,
	   "Here is the change.\n"
	   "\n"
	   "pkg/pump.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "int pump_start(void)\n"
	   "{\n"
	   "\twhile (level) {\n"
	   "\t\tflow--;\n"
	   "\t}\n"
	   "\n"
	   "\n"
	   "\treturn 0;\n"
	   "\tfor (i = 0; i < flow; i++) {\n"
	   "\t\tpump_step(i);\n"
	   "\t}\n"
	   "\n"
	   "\treturn 0;\n"
	   "}\n"
	   "\n"
	   "int pump_step(void)\n"
	   "{\n"
	   "=======\n"
	   "int pump_start(void)\n"
	   "{\n"
	   "\twhile (level_v2) {\n"
	   "\t\tflow--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\n"
	   "\n"
	   "\treturn 0;\n"
	   "\tfor (i = 0; i < flow; i++) {\n"
	   "\t\tpump_step(i);\n"
	   "\t}\n"
	   "\n"
	   "\treturn 0;\n"
	   "}\n"
	   "\n"
	   "int pump_step(void)  // changed\n"
	   "{\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/pump.c", PUMP));
	done(&x);
}

/* The block's old side leaves out the second "# rows are read here" of load_row and skips to
 * gather_rows; its new side writes that line back after the blank line. The sides' diff paired
 * the new side's second comment with the old one and added the first with a blank line, so the
 * split found a run adding those two lines in load_row and another deleting a blank line
 * beside a copy of the comment in check_row. Paired from the other end, the comment is added
 * at the cut, above or below the lines left out. Two pairings, two files (split_tie.c). */
TEST(unseen_edge_tie, split_of_a_block_paired_otherwise_is_refused)
{
	static const char F[] = "def load_row():\n"
	                        "    for sheet in sheets:\n"
	                        "        load_row(sheet)\n"
	                        "\n"
	                        "    # rows are read here\n"
	                        "\n"
	                        "    # rows are read here\n"
	                        "    # rows are read here\n"
	                        "    # rows are read here\n"
	                        "\n"
	                        "def scan_rows():\n"
	                        "    # rows are read here\n"
	                        "    for sheet in sheets:\n"
	                        "        load_row(spare_row)\n"
	                        "    if sheet:\n"
	                        "        return spare_row\n"
	                        "    # rows are read here\n"
	                        "\n"
	                        "def check_row():\n"
	                        "    for spare_row in spare_rows:\n"
	                        "        load_row(sheet)\n"
	                        "    # rows are read here\n"
	                        "\n"
	                        "\n"
	                        "def gather_rows():\n"
	                        "    if sheet:\n"
	                        "        return spare_row\n"
	                        "\n"
	                        "    if spare_row:\n"
	                        "        return sheet\n"
	                        "    for spare_row in spare_rows:\n"
	                        "        load_row(sheet)\n"
	                        "    if sheet:\n"
	                        "        return spare_row\n"
	                        "    for sheet in sheets:\n"
	                        "        load_row(spare_row)\n";
	run x;

	go(&x, "pkg/rows.py", F,
	   "pkg/rows.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "def load_row():\n"
	   "    for sheet in sheets:\n"
	   "        load_row(sheet)\n"
	   "\n"
	   "    # rows are read here\n"
	   "\n"
	   "        return spare_row\n"
	   "\n"
	   "    if spare_row:\n"
	   "        return sheet\n"
	   "    for spare_row in spare_rows:\n"
	   "        load_row(sheet)\n"
	   "=======\n"
	   "def load_row():\n"
	   "    mark = note_step(1)\n"
	   "    # noted at step one\n"
	   "    for sheet in sheets:\n"
	   "        load_row(sheet)\n"
	   "\n"
	   "    # rows are read here\n"
	   "\n"
	   "    # rows are read here\n"
	   "        return spare_row\n"
	   "\n"
	   "    if spare_row:\n"
	   "        if not dry_run:\n"
	   "            return sheet\n"
	   "    for spare_row in spare_rows:\n"
	   "        load_row(sheet)\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/rows.py", F));
	done(&x);
}

/* The block leaves out walk_start's comment below its `{` (the new side keeps it there) and
 * skips to the end of visit_node. The repair tier placed the whole old side in visit_node,
 * letting go of its comment and a blank line and adding the new side's comment below `{`:
 * one place, one line of substance let go, taken as the likelier reading. But the other
 * reading, two halves with one file line left out between `{` and the blank line, is the line
 * the new side writes back there (match_cut_rival.c, one_out_written_back): as likely. */
TEST(unseen_edge_tie, one_line_left_out_written_back_outweighs_nothing_is_refused)
{
	static const char F[] = "int walk_start(void)\n"
	                        "{\n"
	                        "\t/* walk the nodes */\n"
	                        "\n"
	                        "\twalk_depth++;\n"
	                        "\tfor (i = 0; i < node_count; i++) {\n"
	                        "\t\tvisit_node(i);\n"
	                        "\t}\n"
	                        "\t/* walk the nodes */\n"
	                        "\n"
	                        "}\n"
	                        "\n"
	                        "int walk_mid(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < walk_depth; i++) {\n"
	                        "\t\tvisit_node(i);\n"
	                        "\t}\n"
	                        "\t/* walk the nodes */\n"
	                        "}\n"
	                        "\n"
	                        "int walk_reset(void)\n"
	                        "{\n"
	                        "\n"
	                        "\tfor (i = 0; i < node_count; i++) {\n"
	                        "\t\tvisit_node(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int visit_node(void)\n"
	                        "{\n"
	                        "\n"
	                        "\twalk_depth++;\n"
	                        "\t/* walk the nodes */\n"
	                        "\n"
	                        "\tfor (i = 0; i < node_count; i++) {\n"
	                        "\t\tvisit_node(i);\n"
	                        "\t}\n"
	                        "\t/* walk the nodes */\n"
	                        "}\n"
	                        "\n"
	                        "int walk_end(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < walk_depth; i++) {\n"
	                        "\t\tvisit_node(i);\n"
	                        "\t}\n"
	                        "\n"
	                        "\t/* walk the nodes */\n"
	                        "}\n";
	run x;

	go(&x, "pkg/walk.c", F,
	   "pkg/walk.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "{\n"
	   "\n"
	   "\twalk_depth++;\n"
	   "\tfor (i = 0; i < node_count; i++) {\n"
	   "\t\tvisit_node(i);\n"
	   "\t}\n"
	   "\t/* walk the nodes */\n"
	   "}\n"
	   "\n"
	   "int walk_end(void)\n"
	   "=======\n"
	   "{\n"
	   "\t/* walk the nodes */\n"
	   "\n"
	   "\twalk_depth++;\n"
	   "\tfor (i = 0; i < node_count; i++) {  // changed\n"
	   "\t\tvisit_node(i);\n"
	   "\t}\n"
	   "\t/* walk the nodes */  // changed\n"
	   "}\n"
	   "\n"
	   "int walk_end(void)\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/walk.c", F));
	done(&x);
}

/* The block leaves out `except BoxError:` of the second open_box (its new side keeps it there).
 * The first open_box holds the block too as two halves with one other line left out, its
 * `except BoxError:` written back as well (the new side's three lines are those of either
 * place). The one place, whose line let go the new side writes back where the file has it,
 * has the same evidence as the two halves and is one place: it is the reading, and the reply
 * is made there (match_cut_rival.c, found_writes_back). */
TEST(unseen_edge_tie, one_place_whose_left_out_line_is_written_back_outweighs_two_halves)
{
	static const char F[] = "def open_box():\n"
	                        "    try:\n"
	                        "        lid_state = peek_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    box_part = open_box()\n"
	                        "    try:\n"
	                        "        box_item = open_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    box_part = peek_box()\n"
	                        "\n"
	                        "def open_box():\n"
	                        "    try:\n"
	                        "        box_item = peek_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    if lid_state:\n"
	                        "        return box_part\n";
	static const char W[] = "def open_box():\n"
	                        "    try:\n"
	                        "        lid_state = peek_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    box_part = open_box()\n"
	                        "    try:\n"
	                        "        box_item = open_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    box_part = peek_box()\n"
	                        "\n"
	                        "def open_box():  # changed\n"
	                        "    try:\n"
	                        "        box_item = peek_box()\n"
	                        "    except BoxError:\n"
	                        "        pass\n"
	                        "    if lid_state:\n"
	                        "        return box_part\n";
	run x;

	go(&x, "pkg/boxes.py", F,
	   "pkg/boxes.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "def open_box():\n"
	   "    try:\n"
	   "        box_item = peek_box()\n"
	   "        pass\n"
	   "    if lid_state:\n"
	   "        return box_part\n"
	   "=======\n"
	   "def open_box():  # changed\n"
	   "    try:\n"
	   "        box_item = peek_box()\n"
	   "    except BoxError:\n"
	   "        pass\n"
	   "    if lid_state:\n"
	   "        return box_part\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan == SEAM_OK);
	CHECK(has(&x, "pkg/boxes.py", W));
	done(&x);
}
