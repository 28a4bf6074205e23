/*
 * Merged hunks with a context line left out besides (issue 11, session of 2026-11-26, stop 19),
 * each written again with neutral content of our own: the split (split.c) finds each change run
 * on its own, and must not write the reply where its runs read the hunk out of order, nor where
 * a run found loosely stands, with the context that is its own, as written elsewhere.
 */
#include "plan_run.h"

/* The hunk leaves out `depth++;` above its first change, then skips to the second copy of the
 * function. Its second run (a deletion inside `while (depth) {...}`) was found at the last loop
 * but one, a tolerant tier letting go of the last loop's two lines between its `}` lines, and
 * its third run at that very last loop: the second run's place passed over the third's lines,
 * and clipping it deleted the wrong loop's line. Two runs read out of the hunk's order: no
 * split; nothing else places the hunk, refused. */
TEST(unseen_split_order, runs_read_out_of_order_are_refused)
{
	static const char F[] = "int fill_tank(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tfill_tank(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tank(void)\n"
	                        "{\n"
	                        "\tdepth++;\n"
	                        "\treturn 0;\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "\tdrain_tank(depth);\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tdrain_tank(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tank(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < depth; i++) {\n"
	                        "\t\tdrain_tank(i);\n"
	                        "\t}\n"
	                        "\tdepth++;\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "\twhile (depth) {\n"
	                        "\t\tdepth--;\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "tank.c", F,
	   "--- a/tank.c\n"
	   "+++ b/tank.c\n"
	   "@@ -8,20 +8,20 @@\n"
	   " int drain_tank(void)\n"
	   " {\n"
	   " \treturn 0;\n"
	   "+\t\tdepth--;\n"
	   " \twhile (depth) {\n"
	   "-\t\tdepth--;\n"
	   " \t}\n"
	   " \t}\n"
	   "+\tuntil (depth) {\n"
	   "-\twhile (depth) {\n"
	   " \t\tdepth--;\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "tank.c", F));
	done(&x);
}

/* The hunk moves `pass` in open_gate, then skips to check_gate's `if gate_count:`, its old side
 * leaving out a line after it. The run deleting `pass` was once found with the context up to
 * that `if` (the other run's), fit by the repair tier at check_gate's `try:` copy, the old
 * side's blank line standing on no file line while two file lines were let go there, and the
 * split deleted check_gate's `pass`. A blank line is no miscopy of code (match_align.c): that
 * gap is refused, the run deleting `pass` is found in open_gate, where it stands as written
 * with its own context, and the reply is made as written, both changes. (The split's rule
 * against a run found loosely while its near slice stands elsewhere, which this reply once
 * reached, is tested by near_slice_elsewhere_is_refused below.) */
TEST(unseen_split_order, loose_run_blank_line_read_apart_applies)
{
	static const char F[] = "def open_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "    except GateError:\n"
	                        "        pass\n"
	                        "\n"
	                        "def shut_gate():\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def check_gate():\n"
	                        "    gate_count = read_gate()\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "    except GateError:\n"
	                        "        pass\n"
	                        "    return gate_count\n"
	                        "    gate_count = close_all()\n"
	                        "    if gate_count:\n"
	                        "        return gate_count\n"
	                        "    gate_count = read_gate()\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def read_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count = close_all()\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n";
	static const char W[] = "def open_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "        pass\n"
	                        "    except GateError:\n"
	                        "\n"
	                        "def shut_gate():\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n"
	                        "    gate_count += 1\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def check_gate():\n"
	                        "    gate_count = read_gate()\n"
	                        "    try:\n"
	                        "        gate_count = read_gate()\n"
	                        "    except GateError:\n"
	                        "        pass\n"
	                        "    return gate_count\n"
	                        "    gate_count = close_all()\n"
	                        "    if gate_count:\n"
	                        "        log_gate(\"checked\")\n"
	                        "        # the gate is checked once\n"
	                        "        return gate_count\n"
	                        "    gate_count = read_gate()\n"
	                        "    gate_count += 1\n"
	                        "\n"
	                        "def read_gate():\n"
	                        "    gate_count += 1\n"
	                        "    gate_count = close_all()\n"
	                        "    gate_count = close_all()\n"
	                        "    return gate_count\n"
	                        "    return gate_count\n";
	run x;

	go(&x, "gate.py", F,
	   "--- a/gate.py\n"
	   "+++ b/gate.py\n"
	   "@@ -1,16 +1,18 @@\n"
	   " def open_gate():\n"
	   "     gate_count += 1\n"
	   "     gate_count += 1\n"
	   "     try:\n"
	   "         gate_count = read_gate()\n"
	   "+        pass\n"
	   "     except GateError:\n"
	   "-        pass\n"
	   " \n"
	   "     if gate_count:\n"
	   "+        log_gate(\"checked\")\n"
	   "+        # the gate is checked once\n"
	   "         return gate_count\n"
	   "     gate_count += 1\n"
	   " \n"
	   " def read_gate():\n"
	   "     gate_count += 1\n"
	   "     gate_count = close_all()\n"
	   "     gate_count = close_all()\n");
	CHECK(x.plan == SEAM_OK);
	CHECK(has(&x, "gate.py", W));
	done(&x);
}

/* The hunk adds a line to light_lamp and deletes its `reset_lamp()`, its old side leaving out
 * three lines above the blank line before it, then skips to check_lamp's `if lamp_level:`.
 * The run deleting `reset_lamp()`, found with the context up to that `if` (the next run's),
 * fits loosely at check_lamp's copy of the blank line and `reset_lamp()`, its
 * `lamp_level -= 1` let go, and the split deleted check_lamp's `reset_lamp()`; the run with
 * one line of context on each side (the blank line, `lamp_level = close_lamp()`) stands as
 * written in light_lamp only. A run found loosely while its near slice stands as written in
 * one place away from it: no split (split.c, sm_split_near_slice_elsewhere), the hunk is
 * judged whole and found nowhere, refused. */
TEST(unseen_split_order, near_slice_elsewhere_is_refused)
{
	static const char F[] = "def light_lamp():\n"
	                        "    lamp_level = read_lamp()\n"
	                        "    lamp_level += 1\n"
	                        "    lamp_level *= 2\n"
	                        "    lamp_level *= 3\n"
	                        "    lamp_level *= 4\n"
	                        "\n"
	                        "    reset_lamp()\n"
	                        "    lamp_level = close_lamp()\n"
	                        "\n"
	                        "def dim_lamp():\n"
	                        "    lamp_level -= 1\n"
	                        "    return lamp_level\n"
	                        "\n"
	                        "def check_lamp():\n"
	                        "    lamp_level = read_lamp()\n"
	                        "\n"
	                        "    reset_lamp()\n"
	                        "    lamp_level -= 1\n"
	                        "    lamp_level = close_lamp()\n"
	                        "    if lamp_level:\n"
	                        "        return lamp_level\n"
	                        "    return 0\n";
	run x;

	go(&x, "lamp.py", F,
	   "--- a/lamp.py\n"
	   "+++ b/lamp.py\n"
	   "@@ -1,12 +1,13 @@\n"
	   " def light_lamp():\n"
	   "     lamp_level = read_lamp()\n"
	   "+    lamp_level += 2\n"
	   "     lamp_level += 1\n"
	   " \n"
	   "-    reset_lamp()\n"
	   "     lamp_level = close_lamp()\n"
	   "     if lamp_level:\n"
	   "+        log_lamp(\"checked\")\n"
	   "         return lamp_level\n"
	   "     return 0\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "lamp.py", F));
	done(&x);
}
