/*
 * Merged hunks with a context line dropped and an added line left unmarked (issue 11, stop 30),
 * written again with neutral content of our own. The unmarked line stands on no file line, so
 * the hunk is found by the diff-repair tier, which lets it go; the other reading of the merged
 * hunk (its second half on a later copy, one file line left out) lets it go as well, and is
 * weighed as for any merged hunk.
 */
#include "plan_run.h"

#define HITS(tail)                                                                                 \
	"int load_all(void)\n"                                                                     \
	"{\n"                                                                                      \
	"\thits++;\n"                                                                              \
	"\thits++;\n"                                                                              \
	"\twhile (hits) {\n"                                                                       \
	"\t\thits--;\n"                                                                            \
	"\t}\n"                                                                                    \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int store_one(void)\n"                                                                    \
	"{\n"                                                                                      \
	"\thits++;\n"                                                                              \
	"\tif (hits) {\n"                                                                          \
	"\t\treturn hits;\n"                                                                       \
	"\t}\n"                                                                                    \
	"}\n"                                                                                      \
	"\n"                                                                                       \
	"int keep_all(void)\n"                                                                     \
	"{\n"                                                                                      \
	"\tstore_one(hits);\n"                                                                     \
	"\thits++;\n" tail "\tstore_one(hits);\n"                                                  \
	"}\n"

static const char MERGED[] = "```diff\n"
                             "--- a/keep.c\n"
                             "+++ b/keep.c\n"
                             "@@ ... @@\n"
                             " {\n"
                             " \thits++;\n"
                             " \thits++;\n"
                             " \twhile (hits) {\n"
                             "+\t}\n"
                             " \t\thits--;\n"
                             "-\t}\n"
                             " }\n"
                             " \thits++;\n"
                             " \tif (hits) {\n"
                             " \t\treturn_v2 hits;\n"
                             "-\t\treturn hits;\n"
                             " \t}\n"
                             " }\n"
                             "```\n";

/* The second half stands as written in `store_one` (the unmarked line aside) and, but for the
 * `store_one(hits);` line it leaves out, in `keep_all`: which `return` it rewrites the reply
 * does not say. Refused, naming the later copy. */
TEST(unseen_unmarked_one_out, unmarked_line_does_not_hide_the_one_out_reading)
{
	static const char F[] = HITS("\thits++;\n"
	                             "\tif (hits) {\n"
	                             "\t\treturn hits;\n"
	                             "\t}\n");
	run x;
	seam_edit_info ei;

	go(&x, "keep.c", F, MERGED);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "one half from line 22"));
	CHECK(has(&x, "keep.c", F));
	done(&x);
}

/* With no later copy of the second half, the diff-repair place is the one reading: applied,
 * the unmarked line written as an added one. */
TEST(unseen_unmarked_one_out, no_later_copy_applies)
{
	static const char F[] = HITS("");
	run x;

	go(&x, "keep.c", F, MERGED);
	CHECK_INT(x.plan, SEAM_OK);
	done(&x);
}
