/*
 * A placeholder bounded below by a closing line whose copy stands inside its span, the lines
 * past that copy rewritten by the line the reply adds after the bound (issue 11), with neutral
 * content of our own. The diff keeps the last copy (the placeholder standing for the whole
 * block, the rewritten line added after it); kept on the copy inside, the placeholder stops
 * there and the reply unwraps the block. Two files: refused, naming both copies.
 */
#include "plan_run.h"

/* "PH, '}', 'step_once();'" over "...'}', 'if (waiting) {', '\tstep_once();', '}'": the
 * second block unwrapped, or its call written once more after it. */
TEST(unseen_bound_copy_rewritten, unwrapped_block_or_line_added_after_it_is_refused)
{
	static const char F[] = "int sweep(void)\n"
	                        "{\n"
	                        "\tif (ready) {\n"
	                        "\t\tstep_once();\n"
	                        "\t}\n"
	                        "\tif (waiting) {\n"
	                        "\t\tstep_once();\n"
	                        "\t}\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "src/sweep.c", F,
	   "src/sweep.c\n```c\n<<<<<<< SEARCH\n"
	   "int sweep(void)\n"
	   "{\n"
	   "\tif (ready) {\n"
	   "\t}\n"
	   "\tif (waiting) {\n"
	   "\t\tstep_once();\n"
	   "\t}\n"
	   "\n"
	   "\treturn 0;\n"
	   "=======\n"
	   "int sweep(void)\n"
	   "// ... existing code ...\n"
	   "\t}\n"
	   "\tstep_once();\n"
	   "\n"
	   "\tlog_pass();\n"
	   "\treturn 0;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "src/sweep.c", F));
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "may be line 8"));
	CHECK(ei.message && strstr(ei.message, "or line 5"));
	done(&x);
}

/* The same, the line added after the bound new code (no line of the span rewritten): the
 * diff's reading stands alone, and the placeholder is expanded. */
TEST(unseen_bound_copy_rewritten, new_line_after_the_bound_still_applies)
{
	static const char F[] = "int sweep(void)\n"
	                        "{\n"
	                        "\tif (ready) {\n"
	                        "\t\tstep_once();\n"
	                        "\t}\n"
	                        "\tif (waiting) {\n"
	                        "\t\tstep_once();\n"
	                        "\t}\n"
	                        "\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "src/sweep.c", F,
	   "src/sweep.c\n```c\n<<<<<<< SEARCH\n"
	   "int sweep(void)\n"
	   "{\n"
	   "\tif (ready) {\n"
	   "\t}\n"
	   "\tif (waiting) {\n"
	   "\t\tstep_once();\n"
	   "\t}\n"
	   "\n"
	   "\treturn 0;\n"
	   "=======\n"
	   "int sweep(void)\n"
	   "// ... existing code ...\n"
	   "\t}\n"
	   "\tnote_sweep(total);\n"
	   "\n"
	   "\tlog_pass();\n"
	   "\treturn 0;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "src/sweep.c",
	          "int sweep(void)\n"
	          "{\n"
	          "\tif (ready) {\n"
	          "\t\tstep_once();\n"
	          "\t}\n"
	          "\tif (waiting) {\n"
	          "\t\tstep_once();\n"
	          "\t}\n"
	          "\tnote_sweep(total);\n"
	          "\n"
	          "\tlog_pass();\n"
	          "\treturn 0;\n"
	          "}\n"));
	done(&x);
}
