/*
 * Lines a hunk adds next to a stretch of the file it leaves out, where the file lets its
 * unchanged lines stand on either side of the stretch (issue 11, stop 28), with neutral content
 * of our own: a blank context line whose copy stands at the stretch's other end. The reply does not
 * say on which side of the file's line the additions go: refused, naming it.
 */
#include "plan_run.h"

/* A line moved down past a blank line, the hunk leaving out "water the fern daily" and the blank
 * line after it: the blank context line above the moved line stands as well on the file's blank
 * line before the left-out line as on the one after it, and the two put the moved line on either
 * side of it. Refused, naming the left-out line. */
TEST(unseen_gap_sides, blank_context_line_with_a_copy_across_the_stretch_is_refused)
{
	static const char N[] = "first line of notes\n"
	                        "carry the lamp home\n"
	                        "sweep the stairs twice\n"
	                        "\n"
	                        "water the fern daily\n"
	                        "\n"
	                        "fold the red shirts\n"
	                        "lock the back gate\n"
	                        "feed the old cat\n"
	                        "\n"
	                        "second part here\n";
	run x;
	seam_edit_info ei;

	go(&x, "notes.txt", N,
	   "```diff\n"
	   "--- a/notes.txt\n"
	   "+++ b/notes.txt\n"
	   "@@ -2,8 +2,9 @@\n"
	   "-carry the lamp home\n"
	   " sweep the stairs twice\n"
	   " \n"
	   "+carry the lamp home\n"
	   " fold the red shirts\n"
	   " lock the back gate\n"
	   "+mend the blue coat\n"
	   " feed the old cat\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "water the fern daily"));
	CHECK(has(&x, "notes.txt", N));
	done(&x);
}
