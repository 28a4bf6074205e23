/*
 * A placeholder's span, or a split hunk's added lines, that the sides read two ways once a line
 * the file repeats is paired with its other copy (issue 11, session of 2026-11-27), with neutral
 * content of our own: a short line of the span that the new text writes again where the old
 * text left the file's other copy out; a kept block after the placeholder that the span's last
 * lines repeat, with a change after it that rewrites the block's lines; an added "}" at the
 * head of a merged hunk's second run that reads as well before the first run's "}". Each is
 * refused; the file stays as it was.
 */
#include "plan_run.h"

/* The placeholder takes the place of a short line ("pos += 1") and a blank line; the new text
 * writes "pos += 1" again further down, where the file's other copy of it stands but the old
 * text left that copy out. Moved down (the placeholder standing for nothing, left out), or the
 * file's other copy written back (the placeholder standing for the line)? Refused. */
TEST(unseen_lazy_repeats, short_line_written_again_beside_left_out_copy_is_refused)
{
	static const char F[] = "def open_gate():\n"
	                        "    return value\n"
	                        "    pos += 1\n"
	                        "\n"
	                        "def weigh_items():\n"
	                        "    return total\n"
	                        "    pos += 1\n"
	                        "    if total:\n"
	                        "        return total\n"
	                        "    for piece in pieces:\n"
	                        "        count_piece(total)\n"
	                        "    piece = count_piece()\n"
	                        "    if total:\n"
	                        "        return total\n"
	                        "\n"
	                        "def close_gate():\n"
	                        "    total += 1\n"
	                        "    if total:\n"
	                        "        return piece\n";
	run x;

	go(&x, "pkg/mix.py", F,
	   "<replace_in_file>\n"
	   "<path>pkg/mix.py</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "    pos += 1\n"
	   "\n"
	   "def weigh_items():\n"
	   "    return total\n"
	   "    if total:\n"
	   "        return total\n"
	   "    for piece in pieces:\n"
	   "        count_piece(total)\n"
	   "    piece = count_piece()\n"
	   "    if total:\n"
	   "        return total\n"
	   "\n"
	   "def close_gate():\n"
	   "=======\n"
	   "    # ... rest of the code unchanged ...\n"
	   "def weigh_items():\n"
	   "    log_weight(total)\n"
	   "    return total\n"
	   "    pos += 1\n"
	   "    if total:\n"
	   "        return total\n"
	   "    for piece in pieces:\n"
	   "        count_piece(total)\n"
	   "    piece = count_piece()\n"
	   "    if total:\n"
	   "        return total\n"
	   "\n"
	   "def close_gate():\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/mix.py", F));
	done(&x);
}
