/*
 * A merged hunk (two changes in one block, the unchanged lines between them left out) with one
 * half made already (issue 11), written with neutral content of our own. The made half's new
 * side stands in the file; its old lines, or lines like them, stand elsewhere, and the split or
 * a loose tier would make that half again there. Each reply is refused: the file says as
 * plainly that the half is made as that it is to make.
 */
#include "plan_run.h"

/* The first half (a line moved below the "{") is made at the top. Its run, the line added
 * below a "{" with the comment and two blank lines after it, fits further down only with a
 * blank line let go, while its new side stands as written, with just as much context, at the
 * top. The split took the lower place and moved a function's first line into another one. */
TEST(unseen_half_made, run_found_looser_than_its_made_new_side_is_refused)
{
	static const char F[] = "{\n"
	                        "int kelp_lotus(void)\n"
	                        "\t/* fjord grove hazel grove */\n"
	                        "\n"
	                        "\n"
	                        "}\n"
	                        "int iris_juniper(void)\n"
	                        "{\n"
	                        "\t/* fjord grove hazel grove */\n"
	                        "\tcedar++;\n"
	                        "}\n"
	                        "int maple_lotus(void)\n"
	                        "{\n"
	                        "\twhile (cedar) {\n"
	                        "\t\tcedar--;\n"
	                        "\t}\n";
	run x;
	go(&x, "pkg/lotus.c", F,
	   "Here is the change.\n"
	   "\n"
	   "pkg/lotus.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "int kelp_lotus(void)\n"
	   "{\n"
	   "\t/* fjord grove hazel grove */\n"
	   "\n"
	   "\n"
	   "{\n"
	   "\twhile (cedar) {\n"
	   "\t\tcedar--;\n"
	   "\t}\n"
	   "=======\n"
	   "\n"
	   "{\n"
	   "int kelp_lotus(void)\n"
	   "\t/* fjord grove hazel grove */\n"
	   "\n"
	   "\n"
	   "{\n"
	   "\twhile (cedar_quartz) {\n"
	   "\t\tcedar_quartz--;\n"
	   "\t}\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/lotus.c", F));
	done(&x);
}

/* The first half only deletes (the `if` around `return cedar;`) and is made at the top: its
 * new side with the context below it (the loop) stands as written there, while the split found
 * the deletion with that context cut, on a copy of its lines further down. */
TEST(unseen_half_made, made_deletion_standing_with_more_context_is_refused)
{
	static const char F[] = "{\n"
	                        "\treturn 0;\n"
	                        "\tcedar++;\n"
	                        "\tif (fjord) {\n"
	                        "\t\treturn cedar;\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < cedar; i++) {\n"
	                        "\t\tdelta_ember(i);\n"
	                        "\tcedar++;\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\t\treturn fjord;\n"
	                        "\tfjord++;\n"
	                        "\tcedar++;\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;
	go(&x, "pkg/cedar.c", F,
	   "Here is the change.\n"
	   "\n"
	   "pkg/cedar.c\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\tcedar++;\n"
	   "\tif (fjord) {\n"
	   "\t\treturn cedar;\n"
	   "\t}\n"
	   "\tfor (i = 0; i < cedar; i++) {\n"
	   "\t\tdelta_ember(i);\n"
	   "\t\treturn fjord;\n"
	   "\t}\n"
	   "\tfjord++;\n"
	   "\tcedar++;\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "}\n"
	   "=======\n"
	   "{\n"
	   "\treturn 0;\n"
	   "\tcedar++;\n"
	   "\treturn cedar;\n"
	   "\tfor (i = 0; i < cedar; i++) {\n"
	   "\t\tdelta_ember(i);\n"
	   "\t\treturn fjord;\n"
	   "\t}\n"
	   "\tfjord++;\n"
	   "\tcedar++;\n"
	   "\treturn 0;\n"
	   "}\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/cedar.c", F));
	done(&x);
}

/* The first half (a comment added to the call) is made in the first lines; the split found
 * its run on the copy of the call right below, that run's first context line being the made
 * new side's last one: the two places overlap at their edge, and the run would comment the
 * copy. */
TEST(unseen_half_made, made_new_side_across_the_runs_edge_is_refused)
{
	static const char F[] = "    delta_ember = grove_hazel()\n"
	                        "    for delta_ember in delta_fjord:\n"
	                        "        iris_juniper_cedar(delta_ember)  # kelp\n"
	                        "    for delta_ember in delta_fjord:\n"
	                        "        iris_juniper_cedar(delta_ember)\n"
	                        "    if delta_ember:\n"
	                        "        return delta_ember\n"
	                        "    for delta_ember in delta_fjord:\n"
	                        "    except nectar:\n"
	                        "    delta_ember += 1\n"
	                        "def iris_juniper_cedar():\n"
	                        "        grove_hazel(delta_ember)\n"
	                        "    try:\n"
	                        "        delta_ember = iris_juniper_cedar()\n";
	run x;
	go(&x, "pkg/ember.py", F,
	   "<replace_in_file>\n"
	   "<path>pkg/ember.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "    delta_ember = grove_hazel()\n"
	   "    for delta_ember in delta_fjord:\n"
	   "        iris_juniper_cedar(delta_ember)\n"
	   "    for delta_ember in delta_fjord:\n"
	   "    delta_ember += 1\n"
	   "\n"
	   "\n"
	   "def iris_juniper_cedar():\n"
	   "    for delta_ember in delta_fjord:\n"
	   "        grove_hazel(delta_ember)\n"
	   "    try:\n"
	   "        delta_ember = iris_juniper_cedar()\n"
	   "=======\n"
	   "    delta_ember = grove_hazel()\n"
	   "    for delta_ember in delta_fjord:\n"
	   "        iris_juniper_cedar(delta_ember)  # kelp\n"
	   "    for delta_ember in delta_fjord:\n"
	   "    delta_ember += 1\n"
	   "\n"
	   "\n"
	   "def iris_juniper_cedar():\n"
	   "    for delta_ember in delta_fjord:\n"
	   "        grove_hazel(delta_ember)  # kelp\n"
	   "    try:\n"
	   "        delta_ember = iris_juniper_cedar()\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/ember.py", F));
	done(&x);
}

/* The first half (the retry loop) is made at the top; the repair placed the whole hunk lower,
 * letting the lines between the halves go and reading the first half into the copy of its old
 * lines there, which it would have changed again. */
TEST(unseen_half_made, loose_place_with_a_half_made_elsewhere_is_refused)
{
	static const char F[] = "        delta_ember = fjord_grove()\n"
	                        "    except olive:\n"
	                        "        for raven in range(3):\n"
	                        "            pass\n"
	                        "    delta_ember += 1\n"
	                        "        delta_ember = fjord_grove()\n"
	                        "    except olive:\n"
	                        "        pass\n"
	                        "    nectar += 1\n"
	                        "    delta_ember += 1\n"
	                        "def fjord_grove():\n"
	                        "        delta_ember = fjord_grove()\n"
	                        "    except olive:\n"
	                        "        pass\n"
	                        "    delta_ember = fjord_grove()\n";
	run x;
	go(&x, "pkg/grove.py", F,
	   "```diff\n"
	   "--- pkg/grove.py\n"
	   "+++ pkg/grove.py\n"
	   "@@ ... @@\n"
	   "         delta_ember = fjord_grove()\n"
	   "     except olive:\n"
	   "+        for raven in range(3):\n"
	   "+            pass\n"
	   "-        pass\n"
	   "     delta_ember += 1\n"
	   "         delta_ember = fjord_grove()\n"
	   "     except olive:\n"
	   "+        umber_violet_52 = willow_yarrow(2)\n"
	   "+        # zinnia kelp acorn birch clover yarrow 2\n"
	   "         pass\n"
	   "     delta_ember = fjord_grove()\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/grove.py", F));
	done(&x);
}

/* The first half only deletes (the `if` above `return tide_level;`) and is made in
 * birch_tide: its new side ("{", a blank line, the return) stands as written there. The split
 * found the deletion with its leading context cut, on a copy of its lines in lark_fern. Cut
 * from the side that runs into the second half (the loop), that new side keeps its own "{"
 * whole; cut from the top, as the longer side first, it lost the "{" and with it the line of
 * substance that makes a closed-up deletion evidence, and the split deleted lark_fern's `if`. */
TEST(unseen_half_made, made_deletion_standing_with_its_own_edge_context_is_refused)
{
	static const char F[] = "int ash_reed(void)\n"
	                        "{\n"
	                        "\twhile (tide_level) {\n"
	                        "\t\tmoss_count--;\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < moss_count; i++) {\n"
	                        "\t\tfern_log(i);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int lark_fern(void)\n"
	                        "{\n"
	                        "\tif (tide_level) {\n"
	                        "\t\treturn moss_count;\n"
	                        "\t}\n"
	                        "\tfern_log(moss_count);\n"
	                        "\tif (moss_count) {\n"
	                        "\t\treturn tide_level;\n"
	                        "\t}\n"
	                        "\tmoss_count++;\n"
	                        "}\n"
	                        "\n"
	                        "int birch_tide(void)\n"
	                        "{\n"
	                        "\n"
	                        "\t\treturn tide_level;\n"
	                        "\t}\n"
	                        "\tfern_log(moss_count);\n"
	                        "}\n"
	                        "\n"
	                        "int wren_moss(void)\n"
	                        "{\n"
	                        "\twhile (tide_level) {\n"
	                        "\t\ttide_level--;\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < moss_count; i++) {\n"
	                        "\t\tfern_log(i);\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	go(&x, "pkg/tide.c", F,
	   "```diff\n"
	   "--- pkg/tide.c\n"
	   "+++ pkg/tide.c\n"
	   "@@ ... @@\n"
	   " {\n"
	   " \n"
	   "-\tif (moss_count) {\n"
	   " \t\treturn tide_level;\n"
	   " \twhile (tide_level) {\n"
	   "+\t\ttide_level--;  /* slow */\n"
	   "-\t\ttide_level--;\n"
	   " \t}\n"
	   " \tfor (i = 0; i < moss_count; i++) {\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pkg/tide.c", F));
	done(&x);
}
