/*
 * Merged hunks with a context line left out of the old side (the new side keeping it) at the
 * file's or a function's edge (issue 11, session of 2026-11-27, stop 26), each written again with
 * neutral content of our own. Each reply reads two ways that write different files, and nothing
 * in it says which is meant: refused, never written by the first reading found.
 */
#include "plan_run.h"

/* The block leaves out `return 0;` after pump_start's two blank lines and skips to pump_stop;
 * its new side writes that line back right after the blank lines. The sides' diff paired it with
 * the `return 0;` above the blank lines (deleting them and adding them again right above it),
 * so the merged-hunk tier did not see the skipped line written back, and its reading added it
 * above pump_stop: the line stood twice. The blank lines deleted and added again are a move the
 * diff made (match_pieces.c, moved_above): the line is written back, not a stretch passed
 * over, and the merged-hunk reading is no reading. */
TEST(unseen_edge_tie, skipped_line_written_back_past_moved_blank_lines_is_refused)
{
	static const char F[] =
	    "int pump_start(void)\n"
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
	run x;

	go(&x, "pkg/pump.c", F,
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
	CHECK(has(&x, "pkg/pump.c", F));
	done(&x);
}
