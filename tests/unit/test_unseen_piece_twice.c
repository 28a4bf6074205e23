/*
 * A merged hunk (two hunks' old sides written as one, the lines between left out) that also
 * drops a context line, one of its pieces standing at two places equally well (issue 11): the
 * fuzzy tier took the copy with the shorter stretch between the pieces and changed the wrong
 * loop, the blank-lines tier read a piece's blank line as one the model made up rather than the
 * copy with that blank line beyond the stretch. A shorter stretch is no evidence: refused,
 * naming the other place. Beside each, the same reply on a file with one copy applies.
 */
#include "plan_run.h"

/* the first piece: its first line cut short, the loop's second "while" line left out */
static const char PATCH[] = "*** Begin Patch\n"
                            "*** Update File: cache.c\n"
                            "@@\n"
                            " \twhile (slo\n"
                            "+\t\tslots--;  // changed\n"
                            "-\t\tslots--;\n"
                            " \t}\n"
                            " \t\tmarks--;\n"
                            " \t}\n"
                            " \treset_cache(slots);\n"
                            " }\n"
                            " \n"
                            " int drop_cache(void)\n"
                            " {\n"
                            " \t/* Keep the pages warm */\n"
                            "+\tlog_step(3);\n"
                            " \n"
                            "*** End Patch\n";

#define LOOPS                                                                                      \
	"\twhile (slots) {\n\t\tslots--;\n\t}\n\twhile (marks) {\n\t\tmarks--;\n\t}\n"             \
	"\treset_cache(slots);\n"
#define LOAD "int load_cache(void)\n{\n" LOOPS "}\n\n"
#define RESET                                                                                      \
	"int reset_cache(void)\n{\n\treturn 0;\n\n" LOOPS                                          \
	"\twhile (slots) {\n\t\tpages--;\n\t}\n}\n\n"
#define DROP                                                                                       \
	"int drop_cache(void)\n{\n\t/* Keep the pages warm */\n\n\twhile (pages) {\n"              \
	"\t\tpages--;\n\t}\n}\n"

TEST(unseen_piece_twice, piece_with_a_line_left_out_at_two_copies_is_refused)
{
	static const char before[] = LOAD RESET DROP;
	run x;

	go(&x, "cache.c", before, PATCH);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 3 "));
	CHECK(has(&x, "cache.c", before));
	done(&x);
}

TEST(unseen_piece_twice, piece_with_one_copy_applies)
{
	static const char before[] = LOAD DROP;
	static const char after[] = "int load_cache(void)\n{\n\twhile (slots) {\n"
	                            "\t\tslots--;  // changed\n\t}\n\twhile (marks) {\n"
	                            "\t\tmarks--;\n\t}\n\treset_cache(slots);\n}\n\n"
	                            "int drop_cache(void)\n{\n\t/* Keep the pages warm */\n"
	                            "\tlog_step(3);\n\n\twhile (pages) {\n\t\tpages--;\n\t}\n}\n";
	run x;

	go(&x, "cache.c", before, PATCH);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "cache.c", after));
	done(&x);
}

/* the second piece a blank line and a comment, the comment standing twice, once after a blank
   line beyond a stretch of the file, once right below the first piece with no blank line */
static const char DIFF[] = "--- port.c\n"
                           "+++ port.c\n"
                           "@@ ... @@\n"
                           "-int open_port(void)\n"
                           "+int open_port_v2(void)\n"
                           " {\n"
                           " \tfor (i = 0; i < ports; i++) {\n"
                           " \t\tprobe_port(i);\n"
                           " \t}\n"
                           " \n"
                           "-\t/* Wait for the port to settle */\n"
                           "+\t/* Wait for the port to settle, twice */\n";

#define OPEN "int open_port(void)\n{\n\tfor (i = 0; i < ports; i++) {\n\t\tprobe_port(i);\n\t}\n"
#define PROBE "\nint probe_port(void)\n{\n\twhile (ports) {\n\t\tports--;\n\t}\n\tports++;\n"

TEST(unseen_piece_twice, blank_line_made_up_or_a_stretch_passed_over_is_refused)
{
	static const char before[] =
	    OPEN "\t/* Wait for the port to settle */\n\tif (ports) {\n"
	         "\t\treturn ports;\n\t}\n}\n" PROBE "\n\t/* Wait for the port to settle */\n}\n";
	run x;

	go(&x, "port.c", before, DIFF);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 19 "));
	CHECK(has(&x, "port.c", before));
	done(&x);
}

TEST(unseen_piece_twice, blank_line_made_up_with_one_copy_applies)
{
	static const char before[] = OPEN "\t/* Wait for the port to settle */\n\tif (ports) {\n"
	                                  "\t\treturn ports;\n\t}\n}\n" PROBE "}\n";
	static const char after[] = "int open_port_v2(void)\n{\n\tfor (i = 0; i < ports; i++) {\n"
	                            "\t\tprobe_port(i);\n\t}\n"
	                            "\t/* Wait for the port to settle, twice */\n\tif (ports) {\n"
	                            "\t\treturn ports;\n\t}\n}\n" PROBE "}\n";
	run x;

	go(&x, "port.c", before, DIFF);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "port.c", after));
	done(&x);
}
