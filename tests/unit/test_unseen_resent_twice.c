/*
 * A deletion sent again whose old side stands nowhere as written, while its new side stands as
 * written twice (issue 11): the split must not cut the hunk's context to make the deletion on
 * another copy of the deleted line's neighbours. Which of the two places holds the change made
 * the file does not say, but that it may be made already it does. Beside it, the same reply on
 * a file that holds its new side nowhere, where the split still makes the deletion.
 */
#include "plan_run.h"

static const char DROP[] = "```diff\n"
                           "--- a/pump.c\n"
                           "+++ b/pump.c\n"
                           "@@ -20,7 +20,6 @@\n"
                           " {\n"
                           "-\treset_all();\n"
                           " \tfor (k = 0; k < count; k++) {\n"
                           " \t\ttick(k);\n"
                           " \t}\n"
                           " \twhile (count) {\n"
                           " \t\tcount--;\n"
                           "```\n";

#define WARM                                                                                       \
	"void warm(void)\n{\n\treset_all();\n\tfor (k = 0; k < count; k++) {\n\t\ttick(k);\n\t}\n" \
	"}\n"
#define LOOPS                                                                                      \
	"{\n\tfor (k = 0; k < count; k++) {\n\t\ttick(k);\n\t}\n\twhile (count) {\n\t\tcount--;\n" \
	"\t}\n}\n"

/* warm() holds the deleted line with the loop below it but no while after; cool() and drain()
 * each hold the new side whole. */
TEST(unseen_resent_twice, deletion_not_split_onto_a_copy_when_new_side_stands_twice)
{
	static const char before[] = WARM "\nvoid cool(void)\n" LOOPS "\nvoid drain(void)\n" LOOPS;
	run x;

	go(&x, "pump.c", before, DROP);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "applied already"));
	CHECK(has(&x, "pump.c", before));
	done(&x);
}

/* No place holds the new side: the split makes the deletion in warm(), its context cut. */
TEST(unseen_resent_twice, deletion_still_split_when_new_side_stands_nowhere)
{
	static const char before[] = WARM "\nvoid cool(void)\n{\n\twhile (count) {\n\t\tcount--;\n"
	                                  "\t}\n}\n";
	static const char want[] =
	    "void warm(void)\n{\n\tfor (k = 0; k < count; k++) {\n"
	    "\t\ttick(k);\n\t}\n}\n"
	    "\nvoid cool(void)\n{\n\twhile (count) {\n\t\tcount--;\n\t}\n}\n";
	run x;

	go(&x, "pump.c", before, DROP);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pump.c", want));
	done(&x);
}
