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

/* Old text: two stretches of the file merged, ending in "# Keep the lamp lit", a blank line,
 * the same comment, a blank line. New text: a placeholder, the comment and a blank line, then
 * the comment with a note appended and a blank line. The kept pair may be the file's last
 * pair (the placeholder standing for the first, a new commented line added after) or its first
 * (the second comment rewritten with the note). Refused. */
TEST(unseen_lazy_repeats, kept_block_repeated_by_span_end_before_rewrite_is_refused)
{
	static const char F[] = "def light_on():\n"
	                        "    # Keep the lamp lit\n"
	                        "    glow += 1\n"
	                        "    for bulb in bulbs:\n"
	                        "        light_on(bulb)\n"
	                        "    glow += 1\n"
	                        "    try:\n"
	                        "        glow = dim_all()\n"
	                        "    except LampFault:\n"
	                        "        pass\n"
	                        "\n"
	                        "def dim_all():\n"
	                        "    try:\n"
	                        "        glow = light_on()\n"
	                        "    except LampFault:\n"
	                        "        pass\n"
	                        "    for bulb in bulbs:\n"
	                        "        light_on(bulb)\n"
	                        "\n"
	                        "    return glow\n"
	                        "\n"
	                        "def swap_bulb():\n"
	                        "    for bulb in bulbs:\n"
	                        "        dim_all(bulb)\n"
	                        "    # Keep the lamp lit\n"
	                        "    # Keep the lamp lit\n"
	                        "\n"
	                        "    # Keep the lamp lit\n"
	                        "\n"
	                        "def check_all():\n"
	                        "    return glow\n";
	run x;

	go(&x, "pkg/lamp.py", F,
	   "I'll make the change.\n"
	   "\n"
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>pkg/lamp.py</parameter>\n"
	   "<parameter=old_str>\n"
	   "    except LampFault:\n"
	   "        pass\n"
	   "\n"
	   "def dim_all():\n"
	   "    try:\n"
	   "        glow = light_on()\n"
	   "    except LampFault:\n"
	   "        pass\n"
	   "    for bulb in bulbs:\n"
	   "        light_on(bulb)\n"
	   "\n"
	   "    return glow\n"
	   "\n"
	   "    # Keep the lamp lit\n"
	   "\n"
	   "    # Keep the lamp lit\n"
	   "\n"
	   "def check_all():\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "    except LampFault:\n"
	   "        note_fault(glow)\n"
	   "        pass\n"
	   "# existing code here\n"
	   "    # Keep the lamp lit\n"
	   "\n"
	   "    # Keep the lamp lit  # and dimmed\n"
	   "\n"
	   "def check_all():\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/lamp.py", F));
	done(&x);
}

/* Old text: two stretches of the file merged between two "\t}" lines. The new text moves a
 * line and a "}" into the loop and adds three lines, the first a "}", after the two "}" lines:
 * that "}" reads as well before the first of them (the first stretch's) as after the second
 * (the other stretch's, far below). Refused. */
TEST(unseen_lazy_repeats, added_brace_sliding_across_split_cut_is_refused)
{
	static const char F[] = "int pump_level(void)\n"
	                        "{\n"
	                        "\twhile (water_level) {\n"
	                        "\t\twater_level--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tfor (k = 0; k < water_level; k++) {\n"
	                        "\t\tpump_once(k);\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tfor (k = 0; k < water_level; k++) {\n"
	                        "\t\tpump_once(k);\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int pump_level(void)\n"
	                        "{\n"
	                        "\twhile (water_level) {\n"
	                        "\t\twater_level--;\n"
	                        "\t}\n"
	                        "\twater_level++;\n"
	                        "\twhile (water_level) {\n"
	                        "\t\twater_level--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "pkg/pump.c", F,
	   "I'll make the change.\n"
	   "\n"
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>pkg/pump.c</parameter>\n"
	   "<parameter=old_str>\n"
	   "{\n"
	   "\twhile (water_level) {\n"
	   "\t\twater_level--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "\tfor (k = 0; k < water_level; k++) {\n"
	   "\t\tpump_once(k);\n"
	   "\t}\n"
	   "\t}\n"
	   "\twater_level++;\n"
	   "\twhile (water_level) {\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "{\n"
	   "\twhile (water_level) {\n"
	   "\treturn 0;\n"
	   "\tfor (k = 0; k < water_level; k++) {\n"
	   "\t\tpump_once(k);\n"
	   "\t\twater_level--;\n"
	   "\t}\n"
	   "\t}\n"
	   "\t}\n"
	   "\tif (pumping) {\n"
	   "\t\twater_level++;\n"
	   "\t}\n"
	   "\twhile (water_level) {\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "pkg/pump.c", F));
	done(&x);
}
