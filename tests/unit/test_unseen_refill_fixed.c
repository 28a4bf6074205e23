/*
 * A merged hunk re-sent with its second half made already (issue 11), written with neutral
 * content of our own: the made half's changed line stands in the file as the new side writes
 * it, and the loose place reads the old side's copy of it as a miscopy of that line. The file
 * also holds a line the old side left out, a twin of the context line beside it. Put back into
 * the old side, the twin explained no addition of its own: the count of additions fell only by
 * the miscopied line fixed, and the diff took the twin off. It stays.
 */
#include "plan_run.h"

TEST(unseen_refill_fixed, twin_put_back_beside_a_fixed_miscopy_is_kept)
{
	static const char F[] = "int trace_ridge(void)\n"
	                        "{\n"
	                        "\tif (valley) {\n"
	                        "\t\treturn 0;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int fold_map(void)\n"
	                        "{\n"
	                        "\t/* mark the ridge */\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "\tif (ridge) {\n"
	                        "\t\treturn summit;\n"
	                        "\t}\n"
	                        "\n"
	                        "}\n"
	                        "\n"
	                        "int fold_map(void)\n"
	                        "{\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "\t/* mark the ridge */\n"
	                        "\treturn 0;\n"
	                        "\tif (summit) {  /* dry */\n"
	                        "\t\treturn valley_index;\n"
	                        "\t}\n"
	                        "}\n";
	static const char WANT[] = "int trace_ridge(void)\n"
	                           "{\n"
	                           "\tif (valley) {\n"
	                           "\t\treturn 0;\n"
	                           "\t}\n"
	                           "}\n"
	                           "\n"
	                           "int fold_map(void)\n"
	                           "{\n"
	                           "\t/* mark the ridge */\n"
	                           "\treturn 0;\n"
	                           "\treturn 0;\n"
	                           "\tif (ridge) {\n"
	                           "\t}\n"
	                           "\n"
	                           "}\n"
	                           "\n"
	                           "int fold_map(void)\n"
	                           "{\n"
	                           "\n"
	                           "\treturn 0;\n"
	                           "\treturn 0;\n"
	                           "\t/* mark the ridge */\n"
	                           "\treturn 0;\n"
	                           "\tif (summit) {  /* dry */\n"
	                           "\t\treturn valley_index;\n"
	                           "\t}\n"
	                           "}\n";
	run x;
	go(&x, "ridge.c", F,
	   "ridge.c\n"
	   "```c\n"
	   "<<<<<<< SEARCH\n"
	   "\treturn 0;\n"
	   "\tif (ridge) {\n"
	   "\t\treturn summit;\n"
	   "\t}\n"
	   "\n"
	   "}\n"
	   "\n"
	   "\treturn 0;\n"
	   "\t/* mark the ridge */\n"
	   "\treturn 0;\n"
	   "\tif (summit) {\n"
	   "=======\n"
	   "\treturn 0;\n"
	   "\tif (ridge) {\n"
	   "\t}\n"
	   "\n"
	   "}\n"
	   "\n"
	   "\treturn 0;\n"
	   "\t/* mark the ridge */\n"
	   "\treturn 0;\n"
	   "\tif (summit) {  /* dry */\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "ridge.c", WANT));
	done(&x);
}
