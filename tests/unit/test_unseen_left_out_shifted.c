/*
 * Wrong applies (issue 11) of merged hunks whose old side also left out a context line the new
 * side keeps: the sides' diff takes that line for an addition, and a reading that places the old
 * side on other lines than the file's own copy of it writes the line a second time. Neutral
 * content of our own.
 */
#include "plan_run.h"

static const char PANTRY[] = "\"\"\"Notes kept about the pantry shelves,\n"
                             "\n"
                             "Every jar is counted twice before the winter market opens;\n"
                             "\"\"\"\n"
                             "import os\n"
                             "import time\n"
                             "\n"
                             "SHELF = 4\n"
                             "ROWS = 12\n"
                             "\n"
                             "\n"
                             "def open_door(key):\n"
                             "    return key\n"
                             "\n"
                             "\n"
                             "class Pantry:\n"
                             "    def count(self, jar):\n"
                             "        total = 0\n"
                             "        for lid in jar:\n"
                             "            total += weigh(lid)\n"
                             "        if not jar:\n"
                             "            return None\n"
                             "        if not total:\n"
                             "            return None\n"
                             "        return None\n"
                             "\n"
                             "    def stack(self, lid):\n"
                             "        weight = measure(lid, 0)\n"
                             "        try:\n"
                             "            label = paint(lid, None)\n"
                             "        except ValueError:\n"
                             "            pass\n"
                             "        return weight\n";

/* A merged block whose second half left out the method's last "return None" (shallower than
 * the one before it) and kept it in its new side: cut into runs, that line's run reads its
 * context "return None" on the shallower copy, its indentation shifted, while its new side
 * stands as written over the same lines: the line is the file's own, not one to add. */
TEST(unseen_left_out_shifted, run_read_shifted_where_its_new_side_stands_as_written)
{
	static const char R[] =
	    "pk/pantry.py\n"
	    "```\n"
	    "<<<<<<< SEARCH\n"
	    "\"\"\"Notes kept about the pantry shelves,\n"
	    "\n"
	    "Every jar is counted twice before the winter market opens;\n"
	    "\"\"\"\n"
	    "import os\n"
	    "import time\n"
	    "            return None\n"
	    "\n"
	    "    def stack(self, lid):\n"
	    "        weight = measure(lid, 0)\n"
	    "        try:\n"
	    "            label = paint(lid, None)\n"
	    "        except ValueError:\n"
	    "=======\n"
	    "\"\"\"Notes kept about the pantry shelves,\n"
	    "\n"
	    "Every jar is counted twice before the winter market opens, and again;\n"
	    "\"\"\"\n"
	    "import os\n"
	    "import time\n"
	    "            return None\n"
	    "        return None\n"
	    "\n"
	    "    def stack(self, lid_v2):\n"
	    "        weight = measure(lid_v2, 0)\n"
	    "        try:\n"
	    "            label = paint(lid_v2, None)\n"
	    "        except ValueError:\n"
	    ">>>>>>> REPLACE\n"
	    "```\n";
	run x;

	go(&x, "pk/pantry.py", PANTRY, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 24"));
	CHECK(has(&x, "pk/pantry.py", PANTRY));
	done(&x);
}

static const char KETTLE[] = "int boil_water(void)\n"
                             "{\n"
                             "\twarm_level++;\n"
                             "\treturn 0;\n"
                             "}\n"
                             "\n"
                             "int pour_tea(void)\n"
                             "{\n"
                             "\twarm_level++;\n"
                             "\twarm_level++;\n"
                             "\twhile (warm_level) {\n"
                             "\t\twarm_level--;\n"
                             "\t}\n"
                             "}\n"
                             "\n"
                             "int steep_leaves(void)\n"
                             "{\n"
                             "\twarm_level++;\n"
                             "\tif (warm_level) {\n"
                             "\t\treturn warm_level;\n"
                             "\t}\n"
                             "}\n"
                             "\n"
                             "int serve_cups(void)\n"
                             "{\n"
                             "\tsteep_leaves(warm_level);\n"
                             "\twarm_level++;\n"
                             "\twarm_level++;\n"
                             "\tif (warm_level) {\n"
                             "\t\treturn warm_level;\n"
                             "\t}\n"
                             "\tsteep_leaves(warm_level);\n"
                             "}\n";

/* A merged block with a line cut short in its second half, whose new side keeps the call the
 * old side left out below that half: read loosely on the nearer copy of the half (the function
 * between let go), or on the later copy, where the call the new side "adds" stands already. The
 * reply does not say which: refused, naming the other. */
TEST(unseen_left_out_shifted, loose_place_while_a_half_stands_elsewhere_with_its_addition)
{
	static const char R[] = "<apply_diff>\n"
	                        "<path>kettle.c</path>\n"
	                        "<diff>\n"
	                        "<<<<<<< SEARCH\n"
	                        ":start_line:8\n"
	                        "-------\n"
	                        "{\n"
	                        "\twarm_level++;\n"
	                        "\twarm_level++;\n"
	                        "\twhile (warm_level) {\n"
	                        "\t\twarm_level--;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\twarm_level++;\n"
	                        "\tif (warm_level) {\n"
	                        "\t\treturn warm_l\n"
	                        "\t}\n"
	                        "}\n"
	                        "=======\n"
	                        "{\n"
	                        "\twarm_level++;\n"
	                        "\twarm_level++;\n"
	                        "\twhile (warm_level) {\n"
	                        "\t}\n"
	                        "\t\twarm_level--;\n"
	                        "}\n"
	                        "\twarm_level++;\n"
	                        "\tif (warm_level) {\n"
	                        "\t\treturn_v2 warm_level;\n"
	                        "\t}\n"
	                        "\tsteep_leaves(warm_level);\n"
	                        "}\n"
	                        ">>>>>>> REPLACE\n"
	                        "</diff>\n"
	                        "</apply_diff>\n";
	run x;

	go(&x, "kettle.c", KETTLE, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 28"));
	CHECK(has(&x, "kettle.c", KETTLE));
	done(&x);
}

static const char WORKS[] = "\tif (bucket == quota) {\n"
                            "\t\tsize_t flow = gather_ripple(bucket);\n"
                            "\t\tfor (size_t b = 0; b < jars_total; b++) {\n"
                            "\t\t\tlong splash = scoop_water(bucket);\n"
                            "\t\t\tlong spill = drain_sieve(b);\n"
                            "\t\t\tsize_t spill = divert_spill_all(valve);\n"
                            "\t\t}\n"
                            "\t}\n"
                            "\tif (bucket < quota) {\n"
                            "\t\tlong ripple_crumbs = pickup_flow(bucket);\n"
                            "\t} else {\n"
                            "\t\tif (!valve)\n"
                            "\t\t\treturn -1;\n"
                            "\tif (bucket < quota) {\n"
                            "\t\tif (!valve)\n"
                            "\t\t\treturn -1;\n"
                            "\t\tsize_t rest_sieve = soak_sponge(bucket);\n"
                            "\t}\n"
                            "\treturn amount;\n"
                            "\t\t/* Barrel filled out */\n";

/* A merged block whose first half ends on the branch head the old side left the line under out
 * of, the new side keeping that line, while the second half opens on a copy of the same head:
 * the sides' diff pairs the new side's head with the second half's copy and deletes the first,
 * so the kept line reads as an addition there, written under the second head while the first
 * head keeps the file's own. Paired with the first copy, the line is the file's, left out: the
 * split does not decide, and nothing is written. */
TEST(unseen_left_out_shifted, head_copy_paired_away_from_the_line_left_out_under_it)
{
	static const char R[] = "works.c\n"
	                        "```\n"
	                        "<<<<<<< SEARCH\n"
	                        "\tif (bucket == quota) {\n"
	                        "\t\tsize_t flow = gather_ripple(bucket);\n"
	                        "\t\tfor (size_t b = 0; b < jars_total; b++) {\n"
	                        "\t\t\tlong splash = scoop_water(bucket);\n"
	                        "\t\t\tlong spill = drain_sieve(b);\n"
	                        "\t\t\tsize_t spill = divert_spill_all(valve);\n"
	                        "\t\t}\n"
	                        "\t}\n"
	                        "\tif (bucket < quota) {\n"
	                        "\t}\n"
	                        "\tif (bucket < quota) {\n"
	                        "\t\tif (!valve)\n"
	                        "\t\t\treturn -1;\n"
	                        "\t\tsize_t rest_sieve = soak_sponge(bucket);\n"
	                        "\t}\n"
	                        "\treturn amount;\n"
	                        "}\n"
	                        "=======\n"
	                        "\tif (bucket == quota) {\n"
	                        "\t\tsize_t flow = gather_ripple(bucket);\n"
	                        "\t\tlong splash = scoop_water(bucket);\n"
	                        "\t\tlong spill = drain_sieve(b);\n"
	                        "\t\tsize_t spill = divert_spill_all(valve);\n"
	                        "\t}\n"
	                        "\tif (bucket < quota) {\n"
	                        "\t\tlong ripple_crumbs = pickup_flow(bucket);\n"
	                        "\t}\n"
	                        "\tif (!valve)\n"
	                        "\t\treturn -1;\n"
	                        "\tsize_t rest_sieve = soak_sponge(bucket);\n"
	                        "\treturn amount;\n"
	                        "}\n"
	                        ">>>>>>> REPLACE\n"
	                        "```\n";
	run x;

	go(&x, "works.c", WORKS, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "works.c", WORKS));
	done(&x);
}
