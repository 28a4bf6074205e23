/*
 * Edits sent again (issue 11), placed by a loose tier over lines the reply does not show: the
 * file already reads as the edit makes it there (all of it, or a half of a merged hunk, or every
 * line it adds among the lines passed over), so the place is no proof the edit is still to make.
 * Refused, never applied a second time. Neutral content of our own.
 */
#include "plan_run.h"

static void refused_as_made(const char *name, const char *before, const char *reply)
{
	run x;

	go(&x, name, before, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, name, before));
	done(&x);
}

/* A merged hunk (two hunks' old sides joined, the lines between left out) whose first half,
 * adding two lines to a loop, is made in close_slots already. The diff-repair reads that half on
 * another copy of the loop (open_slots), as written, then passes over five lines to the second
 * half. A half read as written is still a reading the place bent when the place passes lines
 * over at the cut between the halves: the half's new side standing as written elsewhere says
 * that half is made. */
TEST(unseen_resent_in_place, merged_half_made_is_not_read_on_another_copy_across_the_cut)
{
	static const char before[] = "int close_slots(void)\n"
	                             "{\n"
	                             "\tstep_all(count);\n"
	                             "\tcount++;\n"
	                             "\twhile (count) {\n"
	                             "\t\tnote_step(1);\n"
	                             "\t\t// counted at step one\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "\tfor (i = 0; i < count; i++) {\n"
	                             "\t\tclose_slot(i);\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int open_slots(void)\n"
	                             "{\n"
	                             "\topen_slot(count);\n"
	                             "\n"
	                             "\tcount++;\n"
	                             "\twhile (count) {\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "}\n"
	                             "\n"
	                             "int size_slots(void)\n"
	                             "{\n"
	                             "\tfor (i = 0; i < count; i++) {\n"
	                             "\t\topen_slot(i);\n"
	                             "\t}\n"
	                             "\twhile (count) {\n"
	                             "\t\tcount--;\n"
	                             "\t}\n"
	                             "\tcount++;\n"
	                             "\tcount++;\n"
	                             "\treturn 0;\n"
	                             "}\n";
	static const char reply[] = "slots.c\n"
	                            "```\n"
	                            "<<<<<<< SEARCH\n"
	                            "\twhile (count) {\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tfor (i = 0; i < count; i++) {\n"
	                            "\t}\n"
	                            "\twhile (count) {\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tcount++;\n"
	                            "=======\n"
	                            "\twhile (count) {\n"
	                            "\t\tnote_step(1);\n"
	                            "\t\t// counted at step one\n"
	                            "\t\tcount--;\n"
	                            "\t}\n"
	                            "\tfor (i = 0; i < count; i++) {\n"
	                            "\t}\n"
	                            "\tcount--;\n"
	                            "\tcount++;\n"
	                            ">>>>>>> REPLACE\n"
	                            "```\n";

	refused_as_made("slots.c", before, reply);
}
