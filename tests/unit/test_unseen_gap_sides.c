/*
 * Lines a hunk adds next to a stretch of the file it leaves out, where the file lets its
 * unchanged lines stand on either side of the stretch (issue 11, stop 28), with neutral content
 * of our own: a blank context line whose copy stands at the stretch's other end, and more blank
 * lines around the additions than the file has there. The reply does not say on which side of
 * the file's line the additions go: refused, naming it.
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

static const char R[] = "import sys\n"
                        "\n"
                        "level = 3\n"
                        "\n"
                        "\n"
                        "\n"
                        "def run(rows):\n"
                        "    return rows\n";

static const char R_REPLY[] = "```diff\n"
                              "--- a/run.py\n"
                              "+++ b/run.py\n"
                              "@@ -1,5 +1,7 @@\n"
                              " import sys\n"
                              " \n"
                              " \n"
                              "+limit = 10\n"
                              "+\n"
                              " \n"
                              "```\n";

/* Lines added with two blank lines above them and one below, where the file has one blank line
 * after the import and then a line the hunk leaves out, followed by three: the file's one blank
 * line stands for any of the reply's, and the additions go before it or after it (or after the
 * left-out line). Refused, naming the blank line. */
TEST(unseen_gap_sides, additions_among_more_blank_lines_than_the_file_has_are_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "run.py", R, R_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 2 of the file"));
	CHECK(has(&x, "run.py", R));
	done(&x);
}

/* The refusal above names its blank line as one, not as empty quotes. */
TEST(unseen_gap_sides, a_blank_line_named_in_a_refusal_reads_as_a_blank_line)
{
	run x;
	seam_edit_info ei;

	go(&x, "run.py", R, R_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "line 2 of the file (a blank line)"));
	CHECK(ei.message && !strstr(ei.message, "()"));
	done(&x);
}
