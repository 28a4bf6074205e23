/*
 * Edits sent again (issue 11) whose old side fits another place only loosely, passing over the
 * body of a block the edit takes off, already re-indented: refused, never applied there. Beside
 * it, the same edit not made yet, which still applies. Neutral content of our own.
 */
#include "plan_run.h"

#define TIDE_EBB                                                                                   \
	"int ebb(void)\n{\n\twhile (moon) {\n\t\tmoon--;\n\t}\n\t/* low water */\n"                \
	"\tif (tide) {\n\t\treturn tide;\n\t}\n\treturn tide;\n}\n\n"

static const char UNWRAP[] = "```diff\n"
                             "--- a/tide.c\n"
                             "+++ b/tide.c\n"
                             "@@ -14,5 +14,3 @@\n"
                             " \t}\n"
                             "-\tif (tide) {\n"
                             "-\t\treturn tide;\n"
                             "-\t}\n"
                             "+\treturn tide;\n"
                             " }\n"
                             "```\n";

/* flow() has the condition taken off already. The hunk fits ebb() only by letting go of its
 * comment and of "\treturn tide;", at the depth the hunk writes its body at (the line it deletes
 * stands a level deeper): applied there, that line would stand twice. */
TEST(unseen_resent_loose, hunk_passing_over_its_body_reindented_is_refused)
{
	static const char before[] =
	    TIDE_EBB "int flow(void)\n{\n\tif (moon) {\n\t\tmoon++;\n\t}\n\treturn tide;\n}\n";
	run x;

	go(&x, "tide.c", before, UNWRAP);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "one of its additions"));
	CHECK(has(&x, "tide.c", before));
	done(&x);
}

/* Not made yet in flow(): the hunk stands there as written and applies there. */
TEST(unseen_resent_loose, hunk_not_made_yet_applies_where_it_stands)
{
	static const char before[] =
	    TIDE_EBB "int flow(void)\n{\n\tif (moon) {\n\t\tmoon++;\n\t}\n\tif (tide) {\n"
	             "\t\treturn tide;\n\t}\n}\n";
	static const char want[] =
	    TIDE_EBB "int flow(void)\n{\n\tif (moon) {\n\t\tmoon++;\n\t}\n\treturn tide;\n}\n";
	run x;

	go(&x, "tide.c", before, UNWRAP);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tide.c", want));
	done(&x);
}
