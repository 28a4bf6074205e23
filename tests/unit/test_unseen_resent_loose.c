/*
 * Edits sent again (issue 11) whose old side fits another place only loosely while their new
 * side, closed in by a blank context line on one side, stands as written elsewhere: refused,
 * never applied there. Beside each, the same edit not made yet, which still applies. Neutral
 * content of our own.
 */
#include "plan_run.h"

/* ---- a run closed in by a blank context line on one side ---- */

#define LAMP_BRIGHTEN                                                                              \
	"\nint brighten(void)\n{\n\tlevel++;\n\n\tfor (i = 0; i < level; i++) {\n"                 \
	"\t\tglow(i);\n\t}\n\t/* keep it warm */\n}\n"

static const char LOOP_OFF[] = "```diff\n"
                               "--- a/lamp.c\n"
                               "+++ b/lamp.c\n"
                               "@@ -3,5 +3,3 @@\n"
                               " \n"
                               "-\tfor (i = 0; i < level; i++) {\n"
                               "-\t\tglow(i);\n"
                               "-\t}\n"
                               "+\tglow(i);\n"
                               " }\n"
                               "```\n";

/* dim() has the loop taken off already: a blank line, the body, the closing brace, as the hunk
 * leaves them. The hunk fits brighten() only by letting its comment go: refused there. */
TEST(unseen_resent_loose, loop_off_after_a_blank_line_made_already_is_refused)
{
	static const char before[] = "int dim(void)\n{\n\n\tglow(i);\n}\n" LAMP_BRIGHTEN;
	run x;

	go(&x, "lamp.c", before, LOOP_OFF);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "stands as written from line 3"));
	CHECK(has(&x, "lamp.c", before));
	done(&x);
}

/* dim() still holds the loop: the hunk stands there as written and applies there. */
TEST(unseen_resent_loose, loop_off_after_a_blank_line_not_made_yet_applies)
{
	static const char before[] = "int dim(void)\n{\n\n\tfor (i = 0; i < level; i++) {\n"
	                             "\t\tglow(i);\n\t}\n}\n" LAMP_BRIGHTEN;
	static const char want[] = "int dim(void)\n{\n\n\tglow(i);\n}\n" LAMP_BRIGHTEN;
	run x;

	go(&x, "lamp.c", before, LOOP_OFF);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "lamp.c", want));
	done(&x);
}

static const char HEADER_OFF[] = "wheel.c\n"
                                 "```\n"
                                 "<<<<<<< SEARCH\n"
                                 "\n"
                                 "int spin_wheel(void)\n"
                                 "{\n"
                                 "\tif (speed) {\n"
                                 "=======\n"
                                 "\n"
                                 "{\n"
                                 "\tif (speed) {\n"
                                 ">>>>>>> REPLACE\n"
                                 "```\n";

#define WHEEL_WHIRL                                                                                \
	"int spin_whirl(void)\n{\n\tif (speed) {\n\t\treturn speed;\n\t}\n\tspeed++;\n}\n\n"
#define WHEEL_REST "{\n\tif (speed) {\n\t\treturn gear;\n\t}\n\treturn 0;\n}\n"

/* A function's first line deleted after a blank line, made already: the blank line, the brace
 * and the line below stand together. The block fits spin_whirl() only with its name read as a
 * miscopy (and the blank line above it let go): refused, that line kept. */
TEST(unseen_resent_loose, first_line_deleted_after_a_blank_line_made_already_is_refused)
{
	static const char before[] = WHEEL_WHIRL WHEEL_REST;
	run x;

	go(&x, "wheel.c", before, HEADER_OFF);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "stands as written from line 8"));
	CHECK(has(&x, "wheel.c", before));
	done(&x);
}

/* The line still there: the block stands as written and deletes it. */
TEST(unseen_resent_loose, first_line_after_a_blank_line_not_deleted_yet_is_deleted)
{
	static const char before[] = WHEEL_WHIRL "int spin_wheel(void)\n" WHEEL_REST;
	static const char want[] = WHEEL_WHIRL WHEEL_REST;
	run x;

	go(&x, "wheel.c", before, HEADER_OFF);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "wheel.c", want));
	done(&x);
}
