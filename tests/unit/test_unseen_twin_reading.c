/*
 * Merged hunks with a miscopied line (issue 11, session of 2026-11-27), written again with
 * neutral content of our own: the block skips the stretch between its two halves, and an
 * unchanged line of it has a twin among the lines it rewrites. The sides' diff, which sees no
 * file, pairs the new copy with either old copy as well; which one stays decides on which side
 * of the skipped stretch the line is written.
 */
#include "plan_run.h"

/* `return ready` under the first `if ready:` is unchanged, and its twin under the miscopied
 * `if raedy:` is rewritten; between them the file has four lines the block leaves out. The
 * diff kept the second copy, and the first went after the skipped lines, away from its `if`.
 * Refused, naming both copies. */
TEST(unseen_twin_reading, unchanged_line_with_twin_across_skipped_lines_is_refused)
{
	static const char F[] = "def top():\n"
	                        "\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "\n"
	                        "def load_rows():\n"
	                        "    ready = fetch_rows()\n"
	                        "    ready = trim_rows()\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "\n"
	                        "    ready = trim_rows()\n"
	                        "    ready = fetch_rows()\n"
	                        "\n"
	                        "def fetch_rows():\n"
	                        "\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "    ready = trim_rows()\n"
	                        "    ready += 1\n"
	                        "\n"
	                        "def show_rows():\n"
	                        "\n"
	                        "    if ready:\n"
	                        "        return ready\n"
	                        "    ready += 1\n";
	run x;
	seam_edit_info ei;

	go(&x, "rows.py", F,
	   "rows.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "def load_rows():\n"
	   "    ready = fetch_rows()\n"
	   "    ready = trim_rows()\n"
	   "    if ready:\n"
	   "        return ready\n"
	   "\n"
	   "\n"
	   "    if raedy:\n"
	   "        return ready\n"
	   "    ready = trim_rows()\n"
	   "    ready += 1\n"
	   "\n"
	   "def show_rows():\n"
	   "\n"
	   "    if ready:\n"
	   "=======\n"
	   "\n"
	   "def load_rows():\n"
	   "    ready = fetch_rows()\n"
	   "    ready = trim_rows()  # changed\n"
	   "    if ready:\n"
	   "        return ready\n"
	   "\n"
	   "\n"
	   "    if ready_now:\n"
	   "        return ready_now\n"
	   "    ready_now = trim_rows()\n"
	   "    ready_now += 1\n"
	   "\n"
	   "def show_rows():\n"
	   "\n"
	   "    if ready_now:\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 20 of the file"));
	CHECK(ei.message && strstr(ei.message, "line 12 ("));
	CHECK(has(&x, "rows.py", F));
	done(&x);
}
