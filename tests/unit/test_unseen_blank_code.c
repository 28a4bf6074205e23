/*
 * Merged hunks whose old side dropped a context line (issue 11, neutral content of our own, the
 * shapes of replies the generator made): a blank line of the old side is no copy of a line of
 * substance (the repair tier reads no place where it stands for one), the split tier writes no
 * line beside its own copy across the stretch it skips, and a whole-sides block's left-out
 * lines are moved only as many as the new side adds.
 */
#include "plan_run.h"

/* Applied as want, or refused with the file as it was. */
static int right_or_refused(const run *x, const char *path, const char *before, const char *want)
{
	return x->plan == SEAM_OK ? has(x, path, want) : has(x, path, before);
}

static const char C1_FILE[] = "int stop_all(void)\n"
                              "{\n"
                              "\t/* nothing else to stop */\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "\treturn 0;\n"
                              "}\n"
                              "\n"
                              "int start_all(void)\n"
                              "{\n"
                              "\treturn 0;\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\trun_one(k);\n"
                              "\t}\n"
                              "\n"
                              "}\n"
                              "\n"
                              "int stop_all(void)\n"
                              "{\n"
                              "\n"
                              "\n"
                              "\t/* nothing else to stop */\n"
                              "\t/* nothing else to stop */\n"
                              "\tstop_all(limit);\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\tstop_all(k);\n"
                              "\t}\n"
                              "}\n"
                              "\n"
                              "int stop_all(void)\n"
                              "{\n"
                              "\trun_one(limit);\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "\treturn 0;\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\tstop_all(k);\n"
                              "\t}\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "}\n"
                              "\n"
                              "int write_item_all(void)\n"
                              "{\n"
                              "\t/* nothing else to stop */\n"
                              "\t/* nothing else to stop */\n"
                              "\n"
                              "}\n";

static const char C1_WANT[] = "int stop_all(void)\n"
                              "{\n"
                              "\t/* nothing else to stop */\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "\treturn 0;\n"
                              "}\n"
                              "\n"
                              "int start_all(void)\n"
                              "{\n"
                              "\treturn 0;\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\trun_one(k);\n"
                              "\t}\n"
                              "\n"
                              "}\n"
                              "\n"
                              "int stop_all(void_v2)\n"
                              "{\n"
                              "\n"
                              "\n"
                              "\t/* nothing else to stop */\n"
                              "\t/* nothing else to stop */\n"
                              "\tstop_all(limit);\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\tstop_all(k);\n"
                              "\t}\n"
                              "}\n"
                              "\n"
                              "int stop_all(void)\n"
                              "{\n"
                              "\trun_one(limit);\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "\t\treturn limit;\n"
                              "\tif (limit) {\n"
                              "\t}\n"
                              "\treturn 0;\n"
                              "\tfor (k = 0; i < limit; k++) {\n"
                              "\t\tstop_all(k);\n"
                              "\t}\n"
                              "\tif (limit) {\n"
                              "\t\treturn limit;\n"
                              "\t}\n"
                              "}\n"
                              "\n"
                              "int write_item_all(void)\n"
                              "{\n"
                              "\t/* nothing else to stop */\n"
                              "\t/* nothing else to stop */\n"
                              "\n"
                              "}\n";

static const char C1_REPLY[] = "{\n"
                               " \"name\": \"apply_patch\",\n"
                               " \"arguments\": {\n"
                               "  \"input\": \"*** Begin Patch\\n*** Update File: stop.c\\n@@\\n \\tfor (k = 0; i < limit; k++) {\\n \\t}\\n \\n }\\n \\n+int stop_all(void_v2)\\n-int stop_all(void)\\n {\\n \\n \\t\\treturn limit;\\n \\t}\\n+\\t\\treturn limit;\\n \\tif (limit) {\\n-\\t\\treturn limit;\\n*** End Patch\\n\"\n"
                               " }\n"
                               "}\n";

/* The repair tier's place for the merged hunk read the old side's blank line where the file has
 * the lines of substance it skipped (a blank line put for code), and rewrote the second copy
 * of the function. */
TEST(unseen_blank_code, blank_old_line_stands_for_no_code)
{
	run x;

	go(&x, "stop.c", C1_FILE, C1_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "stop.c", C1_FILE, C1_WANT));
	done(&x);
}
