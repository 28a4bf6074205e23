/*
 * Merged hunks with a run moved (issue 11, stop 30), written again with neutral content of our
 * own: the hunk deletes a function head and writes it again between its two halves, where the
 * file's stretch that the merge skipped ends with a copy of that head. Read as left-out lines
 * given back, the additions would stand on that copy; read as the deleted head moved, they go
 * before the stretch or after it, and the hunk does not say which.
 */
#include "plan_run.h"

#define ROWS(top)                                                                                  \
	"def start():\n"                                                                           \
	"    total = load_rows()\n"                                                                \
	"    try:\n"                                                                               \
	"        total = load_rows()\n"                                                            \
	"    except KeyError:\n"                                                                   \
	"        pass\n"                                                                           \
	"    result = load_rows()\n"                                                               \
	"\n" top "    for row in rows:\n"                                                          \
	"        load_rows(result)\n"                                                              \
	"\n"                                                                                       \
	"    if result:\n"                                                                         \
	"        return total\n"                                                                   \
	"    result += 1\n"                                                                        \
	"\n"                                                                                       \
	"def load_rows():\n"                                                                       \
	"    for col in cols:\n"                                                                   \
	"        load_rows(total)\n"                                                               \
	"    # keep in sync\n"                                                                     \
	"    # keep in sync\n"                                                                     \
	"\n"                                                                                       \
	"def finish():\n"                                                                          \
	"    for col in cols:\n"                                                                   \
	"        load_rows(col)\n"

/* The second `def load_rows():` and its blank line are the deleted head moved below `for row`
 * (before `if result:`), or the lines the merge skipped given back, the head then written once
 * more beside its copy. The blank context line above the additions stands on either blank line
 * around the skipped stretch. Refused, naming the stretch's first line. */
TEST(unseen_moved_back_between, moved_head_beside_its_copy_past_a_gap_is_refused)
{
	static const char F[] = ROWS("def load_rows():\n\n");
	run x;
	seam_edit_info ei;

	go(&x, "rows.py", F,
	   "```diff\n"
	   "--- a/rows.py\n"
	   "+++ b/rows.py\n"
	   "@@ -4,17 +4,16 @@\n"
	   "     except KeyError:\n"
	   "         pass\n"
	   "     result = load_rows()\n"
	   " \n"
	   "-def load_rows():\n"
	   "-\n"
	   "     for row in rows:\n"
	   "         load_rows(result)\n"
	   " \n"
	   "+def load_rows():\n"
	   "+\n"
	   "     for col in cols:\n"
	   "         load_rows(total)\n"
	   "     # keep in sync\n"
	   "-    # keep in sync\n"
	   " \n"
	   " def finish():\n"
	   "     for col in cols:\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 14 of the file"));
	CHECK(ei.message && strstr(ei.message, "before or after"));
	CHECK(has(&x, "rows.py", F));
	done(&x);
}
