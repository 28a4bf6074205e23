/*
 * Edits sent again (issue 11) that carry a second mistake of the model besides (a line of the
 * old side with trailing blanks, a context line left out, a context line cut short): the old
 * side fits another place only loosely while the new side stands where the edit was made, as
 * loosely as the mistake leaves it. Refused, never applied at the loose place. Beside each, the
 * same reply on the file it was written for, which still applies. Neutral content of our own.
 */
#include "plan_run.h"

/* ---- a line deleted once and added twice: one copy kept, the other one added ---- */

/* The SEARCH side's third line carries a trailing tab; the REPLACE side writes that line twice.
 * Made already: the REPLACE side stands as written at lines 3-7, and the SEARCH side fits only
 * as two halves further on. The run "-line with a tab, +line, +line" keeps one line and adds
 * one: its second copy is an addition, evidence that the edit was made. */
static const char TANK_REPLY[] = "tank.py\n"
                                 "```\n"
                                 "<<<<<<< SEARCH\n"
                                 "    if level:\n"
                                 "        return level\n"
                                 "    if level:\t\n"
                                 "        return level\n"
                                 "\n"
                                 "=======\n"
                                 "        return level\n"
                                 "    if level:\n"
                                 "    if level:\n"
                                 "        return level\n"
                                 "\n"
                                 ">>>>>>> REPLACE\n"
                                 "```\n";

TEST(unseen_resent_defects, line_added_twice_for_one_trimmed_made_already_is_refused)
{
	static const char before[] = "def warm_tank():\n"
	                             "\n"
	                             "        return level\n"
	                             "    if level:\n"
	                             "    if level:\n"
	                             "        return level\n"
	                             "\n"
	                             "def fill_tank():\n"
	                             "    level = pump_water()\n"
	                             "    level = read_gauge()\n"
	                             "    if level:\n"
	                             "        return level\n"
	                             "\n"
	                             "    level = read_gauge()\n"
	                             "    level = pump_water()\n";
	run x;

	go(&x, "tank.py", before, TANK_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "stands as written from line 3"));
	CHECK(has(&x, "tank.py", before));
	done(&x);
}

TEST(unseen_resent_defects, line_added_twice_for_one_trimmed_not_made_yet_applies)
{
	static const char before[] = "def warm_tank():\n"
	                             "\n"
	                             "    if level:\n"
	                             "        return level\n"
	                             "    if level:\n"
	                             "        return level\n"
	                             "\n"
	                             "def fill_tank():\n"
	                             "    level = pump_water()\n"
	                             "    level = read_gauge()\n"
	                             "    if level:\n"
	                             "        return level\n"
	                             "\n"
	                             "    level = read_gauge()\n"
	                             "    level = pump_water()\n";
	run x;

	go(&x, "tank.py", before, TANK_REPLY);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tank.py",
	          "def warm_tank():\n"
	          "\n"
	          "        return level\n"
	          "    if level:\n"
	          "    if level:\n"
	          "        return level\n"
	          "\n"
	          "def fill_tank():\n"
	          "    level = pump_water()\n"
	          "    level = read_gauge()\n"
	          "    if level:\n"
	          "        return level\n"
	          "\n"
	          "    level = read_gauge()\n"
	          "    level = pump_water()\n"));
	done(&x);
}

/* ---- a split run meeting the loose new side at a context line ---- */

/* The patch leaves out a context line ("depth++;") and was applied already: its new side
 * stands, but for that line, from line 31. Cut into runs, the change fits the first
 * fill_pool() at line 28, its trailing context reaching line 31 too. The run deletes nothing
 * within the new side's span: it stands away from it, sharing a context line at the seam. */
#define POOL_MADE                                                                                  \
	"int pump_all(void)\n"                                                                     \
	"{\n"                                                                                      \
	"\tfill_pool(depth);\n"                                                                    \
	"\tfill_pool(depth);\n"                                                                    \
	"\tif (depth) {\n"                                                                         \
	"\t\treturn depth;\n"                                                                      \
	"\t}\n"                                                                                    \
	"\tif (depth) {\n"                                                                         \
	"\t\treturn depth;\n"                                                                      \
	"\t}\n"                                                                                    \
	"\treturn 0;\n"                                                                            \
	"\treturn 0;\n"                                                                            \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int drain_pool(void)\n"                                                                   \
	"{\n"                                                                                      \
	"\treturn 0;\n"                                                                            \
	"\tdepth++;\n"                                                                             \
	"\tif (depth) {\n"                                                                         \
	"\t\treturn depth;\n"                                                                      \
	"\t}\n"                                                                                    \
	"\treturn 0;\n"                                                                            \
	"\tif (depth) {\n"                                                                         \
	"\t\treturn depth;\n"                                                                      \
	"\t}\n"                                                                                    \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int fill_pool(void)\n"                                                                    \
	"{\n"                                                                                      \
	"\tdepth++;\n"                                                                             \
	"\treturn 0;\n"                                                                            \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int fill_pool(void)  /* v2 */\n"                                                          \
	"{\n"                                                                                      \
	"\tdepth++;\n"                                                                             \
	"\treturn 0;\n"                                                                            \
	"\tif (depth) {\n"                                                                         \
	"\t\treturn depth;\n"                                                                      \
	"\t}\n"                                                                                    \
	"\tdepth++;\n"                                                                             \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int fill_pool(void)\n"                                                                    \
	"{\n"                                                                                      \
	"\tpump_all(depth);\n"                                                                     \
	"\tdepth++;\n"                                                                             \
	"\tdepth++;\n"                                                                             \
	"\tdepth++;\n"                                                                             \
	"\tdepth++;\n"                                                                             \
	"}\n"

static const char POOL_REPLY[] = "*** Begin Patch\n"
                                 "*** Update File: pool.c\n"
                                 "@@\n"
                                 " \treturn 0;\n"
                                 " }\n"
                                 " \n"
                                 "+int fill_pool(void)  /* v2 */\n"
                                 "-int fill_pool(void)\n"
                                 " {\n"
                                 " \treturn 0;\n"
                                 " \tif (depth) {\n"
                                 " \t\treturn depth;\n"
                                 "*** End Patch\n";

TEST(unseen_resent_defects, run_sharing_a_context_line_with_the_new_side_made_already_is_refused)
{
	static const char before[] = POOL_MADE;
	run x;

	go(&x, "pool.c", before, POOL_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message &&
	      strstr(edit(&x, 0).message, "all but a line or so, from line 31"));
	CHECK(has(&x, "pool.c", before));
	done(&x);
}

TEST(unseen_resent_defects, run_sharing_a_context_line_not_made_yet_applies)
{
	static const char before[] = "int pump_all(void)\n"
	                             "{\n"
	                             "\tfill_pool(depth);\n"
	                             "\tfill_pool(depth);\n"
	                             "\tif (depth) {\n"
	                             "\t\treturn depth;\n"
	                             "\t}\n"
	                             "\tif (depth) {\n"
	                             "\t\treturn depth;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "\treturn 0;\n"
	                             "}\n"
	                             "\n"
	                             "int drain_pool(void)\n"
	                             "{\n"
	                             "\treturn 0;\n"
	                             "\tdepth++;\n"
	                             "\tif (depth) {\n"
	                             "\t\treturn depth;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "\tif (depth) {\n"
	                             "\t\treturn depth;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int fill_pool(void)\n"
	                             "{\n"
	                             "\tdepth++;\n"
	                             "\treturn 0;\n"
	                             "}\n"
	                             "\n"
	                             "int fill_pool(void)\n"
	                             "{\n"
	                             "\tdepth++;\n"
	                             "\treturn 0;\n"
	                             "\tif (depth) {\n"
	                             "\t\treturn depth;\n"
	                             "\t}\n"
	                             "\tdepth++;\n"
	                             "}\n"
	                             "\n"
	                             "int fill_pool(void)\n"
	                             "{\n"
	                             "\tpump_all(depth);\n"
	                             "\tdepth++;\n"
	                             "\tdepth++;\n"
	                             "\tdepth++;\n"
	                             "\tdepth++;\n"
	                             "}\n";
	run x;

	go(&x, "pool.c", before, POOL_REPLY);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pool.c", POOL_MADE));
	done(&x);
}

/* ---- a context line cut short in a new side standing elsewhere ---- */

/* The hunk's context line "retu" is "return key;" cut short, and the hunk was applied already:
 * its new side stands at lines 2-5, every line as written but that one, which its file line
 * starts with. The old side fits close_gate() only with three lines let go and that line read
 * as a miscopy: the new side stands as plainly as the reply lets it. */
static const char GATE_REPLY[] = "```diff\n"
                                 "--- gate.c\n"
                                 "+++ gate.c\n"
                                 "@@ ... @@\n"
                                 " {\n"
                                 " \tif (key) {\n"
                                 "+\t}\n"
                                 " \t\tretu\n"
                                 "-\t}\n"
                                 "```\n";

TEST(unseen_resent_defects, context_cut_short_made_already_is_refused)
{
	static const char before[] = "int open_gate(void)\n"
	                             "{\n"
	                             "\tif (key) {\n"
	                             "\t}\n"
	                             "\t\treturn key;\n"
	                             "\treturn 0;\n"
	                             "\tturn_key(key);\n"
	                             "\tif (lock_state) {\n"
	                             "\t\treturn key;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int close_gate(void)\n"
	                             "{\n"
	                             "\treturn 0;\n"
	                             "\n"
	                             "\n"
	                             "\tif (key) {\n"
	                             "\t\treturn key;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "}\n";
	run x;

	go(&x, "gate.c", before, GATE_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "new side stands from line 2"));
	CHECK(has(&x, "gate.c", before));
	done(&x);
}

TEST(unseen_resent_defects, context_cut_short_not_made_yet_applies)
{
	static const char before[] = "int open_gate(void)\n"
	                             "{\n"
	                             "\tif (key) {\n"
	                             "\t\treturn key;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "\tturn_key(key);\n"
	                             "\tif (lock_state) {\n"
	                             "\t\treturn key;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int close_gate(void)\n"
	                             "{\n"
	                             "\treturn 0;\n"
	                             "\n"
	                             "\n"
	                             "\tif (key) {\n"
	                             "\t\treturn key;\n"
	                             "\t}\n"
	                             "\treturn 0;\n"
	                             "}\n";
	run x;

	go(&x, "gate.c", before, GATE_REPLY);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "gate.c",
	          "int open_gate(void)\n"
	          "{\n"
	          "\tif (key) {\n"
	          "\t}\n"
	          "\t\treturn key;\n"
	          "\treturn 0;\n"
	          "\tturn_key(key);\n"
	          "\tif (lock_state) {\n"
	          "\t\treturn key;\n"
	          "\t}\n"
	          "}\n"
	          "\n"
	          "int close_gate(void)\n"
	          "{\n"
	          "\treturn 0;\n"
	          "\n"
	          "\n"
	          "\tif (key) {\n"
	          "\t\treturn key;\n"
	          "\t}\n"
	          "\treturn 0;\n"
	          "}\n"));
	done(&x);
}
