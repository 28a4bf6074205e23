/*
 * A loose place whose changed line has other copies in the file (issue 11, session of
 * 2026-11-26), with neutral content of our own: the block merges two hunks (the lines between
 * them left out, no marker) and stands for more lines with "..."; the stretches it leaves out
 * can be put so that its changed line falls on either of two copies, and the reply does not say
 * which. Refused, naming both; a block that leaves out one line, whose changed line has a copy
 * that reads only with a long stretch let go and a line made up, still applies.
 */
#include "plan_run.h"

static const char F[] = "def load_items():\n"
                        "    try:\n"
                        "        item = fetch()\n"
                        "    except Missing:\n"
                        "        skip()\n"
                        "    # stage one\n"
                        "    item = fetch()\n"
                        "    try:\n"
                        "        item = fetch()\n"
                        "    except Missing:\n"
                        "        skip()\n"
                        "    for item in items:\n"
                        "        keep(item)\n"
                        "    try:\n"
                        "        item = fetch()\n"
                        "    except Missing:\n"
                        "        skip()\n"
                        "    item = fetch()\n"
                        "\n"
                        "def store_items():\n"
                        "    for item in items:\n"
                        "        keep(item)\n"
                        "    count += 1\n"
                        "    for item in items:\n"
                        "        keep(item)\n"
                        "\n"
                        "def close_items():\n"
                        "    for item in items:\n"
                        "        keep(item)\n"
                        "    return count\n";

/* "..." may stand for three lines or nine: with three, the block's two loops are lines 12-13
 * and 21-22 (a stretch of eight let go), and `skip()` is line 11; with nine, its `except` and
 * `skip()` are lines 16-17, and two short stretches fall before and between the loops. The
 * repair tier took the second reading (two short stretches are cheaper for it than one long);
 * the reply is as consistent with the first. */
TEST(unseen_copy_reading, changed_line_on_either_copy_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "items.py", F,
	   "items.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "    # stage one\n"
	   "    ...\n"
	   "    except Missing:\n"
	   "        skip()\n"
	   "    for item in items:\n"
	   "        keep(item)\n"
	   "    for item in items:\n"
	   "        keep(item)\n"
	   "\n"
	   "def close_items():\n"
	   "=======\n"
	   "    # stage one\n"
	   "    ...\n"
	   "    except Missing:\n"
	   "        skip_all()\n"
	   "    for item in items:\n"
	   "        keep(item)\n"
	   "    for item in items:\n"
	   "        keep(item)\n"
	   "        log(item)\n"
	   "\n"
	   "def close_items():\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 17 of the file"));
	CHECK(ei.message && strstr(ei.message, "another copy of that line, line 11"));
	CHECK(has(&x, "items.py", F));
	done(&x);
}

/* One context line left out (`for item in items:` between the block's lines): the other copy
 * of `count += 1` reads only with a line made up and a stretch let go, so the place stands. */
TEST(unseen_copy_reading, one_line_left_out_with_a_far_copy_applies)
{
	static const char F2[] = "def load_items():\n"
	                         "    try:\n"
	                         "        item = fetch()\n"
	                         "    except Missing:\n"
	                         "        skip()\n"
	                         "    # stage one\n"
	                         "    item = fetch()\n"
	                         "    try:\n"
	                         "        item = fetch()\n"
	                         "    except Missing:\n"
	                         "        skip()\n"
	                         "    for item in items:\n"
	                         "        keep(item)\n"
	                         "    try:\n"
	                         "        item = fetch()\n"
	                         "    except Missing:\n"
	                         "        skip()\n"
	                         "    item = fetch()\n"
	                         "\n"
	                         "def store_items():\n"
	                         "    for item in items:\n"
	                         "        keep(item)\n"
	                         "    count += 1\n"
	                         "    for item in items:\n"
	                         "        keep(item)\n"
	                         "\n"
	                         "def close_items():\n"
	                         "    for item in items:\n"
	                         "        keep(item)\n"
	                         "    count += 1\n"
	                         "    return count\n";
	run x;

	go(&x, "items.py", F2,
	   "items.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "        keep(item)\n"
	   "    count += 1\n"
	   "        keep(item)\n"
	   "\n"
	   "def close_items():\n"
	   "=======\n"
	   "        keep(item)\n"
	   "    count += 2\n"
	   "        keep(item)\n"
	   "\n"
	   "def close_items():\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "items.py",
	          "def load_items():\n"
	          "    try:\n"
	          "        item = fetch()\n"
	          "    except Missing:\n"
	          "        skip()\n"
	          "    # stage one\n"
	          "    item = fetch()\n"
	          "    try:\n"
	          "        item = fetch()\n"
	          "    except Missing:\n"
	          "        skip()\n"
	          "    for item in items:\n"
	          "        keep(item)\n"
	          "    try:\n"
	          "        item = fetch()\n"
	          "    except Missing:\n"
	          "        skip()\n"
	          "    item = fetch()\n"
	          "\n"
	          "def store_items():\n"
	          "    for item in items:\n"
	          "        keep(item)\n"
	          "    count += 2\n"
	          "    for item in items:\n"
	          "        keep(item)\n"
	          "\n"
	          "def close_items():\n"
	          "    for item in items:\n"
	          "        keep(item)\n"
	          "    count += 1\n"
	          "    return count\n"));
	done(&x);
}

/* The merged-hunk tier's place (two halves with file lines between them) while the new side
 * stands, but for one context line the reply left out, away from it: the reply sent again
 * after it was made, with a line dropped. The tier read it into the copies of its old lines
 * further on; refused like the repair and fuzzy tiers' loose places (sm_plan_new_side_loose). */
TEST(unseen_copy_reading, halves_while_the_new_side_stands_loosely_elsewhere_is_refused)
{
	static const char L[] = "int lamp_on(void)\n"
	                        "{\n"
	                        "\tglow_v2++;\n"
	                        "\tfor (k = 0; k < bulbs; k++) {\n"
	                        "\t\tlight(k);\n"
	                        "\t}\n"
	                        "\tfor (k = 0; k < glow_v2; k++) {\n"
	                        "\t\tlight(k);\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int lamp_off(void)\n"
	                        "{\n"
	                        "\tglow++;\n"
	                        "\tfor (k = 0; k < bulbs; k++) {\n"
	                        "\t\tlight(k);\n"
	                        "\t}\n"
	                        "\twhile (glow) {\n"
	                        "\t\tbulbs--;\n"
	                        "\t}\n"
	                        "\tif (bulbs) {\n"
	                        "\t\treturn glow;\n"
	                        "\t}\n"
	                        "\tfor (k = 0; k < glow; k++) {\n"
	                        "\t\tlight(k);\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "lamp.c", L,
	   "*** Begin Patch\n"
	   "*** Update File: lamp.c\n"
	   "@@\n"
	   " {\n"
	   "+\tglow_v2++;\n"
	   "-\tglow++;\n"
	   " \tfor (k = 0; k < bulbs; k++) {\n"
	   " \t}\n"
	   "+\tfor (k = 0; k < glow_v2; k++) {\n"
	   "-\tfor (k = 0; k < glow; k++) {\n"
	   " \t\tlight(k);\n"
	   " \t}\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "new side stands, all but a line or so"));
	CHECK(has(&x, "lamp.c", L));
	done(&x);
}

/* Two change runs, the second read after a stretch the block leaves out and a "# ..." line:
 * the split of the hunk found that run's short context at the last copy of its lines (line
 * 46), where the line after "# ..." stands nowhere; the whole block reads as well, better even,
 * with it at line 37. Refused, naming both (split.c's runs, the same rule). */
TEST(unseen_copy_reading, split_run_on_either_copy_is_refused)
{
	static const char R[] = "def join_rows():\n"
	                        "    return width\n"
	                        "    cell += 1\n"
	                        "    for cell in cells:\n"
	                        "        join_rows(cell)\n"
	                        "\n"
	                        "def parse_row():\n"
	                        "    # walk the rows\n"
	                        "    total += 1\n"
	                        "    try:\n"
	                        "        total = parse_row()\n"
	                        "    except RowError:\n"
	                        "        pass\n"
	                        "    # walk the rows\n"
	                        "\n"
	                        "def parse_row():\n"
	                        "    for width in widths:\n"
	                        "        parse_row(width)\n"
	                        "    total += 1\n"
	                        "    try:\n"
	                        "        cell = parse_row()\n"
	                        "    except RowError:\n"
	                        "        pass\n"
	                        "\n"
	                        "def join_rows():\n"
	                        "    return total\n"
	                        "\n"
	                        "\n"
	                        "    # walk the rows\n"
	                        "    # walk the rows\n"
	                        "\n"
	                        "    return width\n"
	                        "\n"
	                        "def emit_rows():\n"
	                        "\n"
	                        "    try:\n"
	                        "        cell = parse_row()\n"
	                        "    except RowError:\n"
	                        "        pass\n"
	                        "\n"
	                        "    try:\n"
	                        "        cell = join_rows()\n"
	                        "    except RowError:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        cell = parse_row()\n"
	                        "    except RowError:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        width = parse_row()\n"
	                        "    except RowError:\n"
	                        "        pass\n";
	run x;
	seam_edit_info ei;

	go(&x, "rows.py", R,
	   "rows.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "def parse_row():\n"
	   "    for width in widths:\n"
	   "        parse_row(width)\n"
	   "    total += 1\n"
	   "    try:\n"
	   "        cell = parse_row()\n"
	   "    except RowError:\n"
	   "        pass\n"
	   "    try:\n"
	   "        cell = parse_row()\n"
	   "    except RowError:\n"
	   "        # ...\n"
	   "        cell = join_rows()\n"
	   "=======\n"
	   "\n"
	   "def parse_row():\n"
	   "    for width in widths:\n"
	   "        parse_row(width)\n"
	   "    total += 1  # changed\n"
	   "    try:\n"
	   "        cell = parse_row()\n"
	   "    except RowError:\n"
	   "        pass\n"
	   "    try:\n"
	   "        cell = parse_row_all()\n"
	   "    except RowError:\n"
	   "        # ...\n"
	   "        cell = join_rows()\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 46 of the file"));
	CHECK(ei.message && strstr(ei.message, "another copy of that line, line 37"));
	CHECK(has(&x, "rows.py", R));
	done(&x);
}
