/*
 * A line the old side left out, kept by the splice, while the new side writes that line too, so
 * that the result holds one line more than the reply meant (issue 11, stop 28, class D), with
 * neutral content of our own. The new side's copy may be the left-out line itself or one more:
 * where the reply does not say which, the edit is refused (naming the line, where the rule that
 * refuses knows it), never written with the line twice.
 */
#include "plan_run.h"

/* A blank context line that stands as well on the blank line above a left-out line as on the
 * one below the stretch left out: the new side writes that line right below the blank line
 * (splice_doubled.c). */
TEST(unseen_extra_line, left_out_line_below_a_blank_line_that_slides_is_refused)
{
	static const char F[] = "Morning tasks for the week ahead,\n"
	                        "\n"
	                        "Open every window along the hall:\n"
	                        "Carry the old boxes down to the cellar;\n"
	                        "Fold the blankets and stack them high.\n"
	                        "Check the pantry for anything stale:\n"
	                        "\n"
	                        "Trim the hedge by the garden wall,\n"
	                        "Sweep the porch before the guests arrive and leave.\n"
	                        "\n"
	                        "Evening Notes\n"
	                        "\n"
	                        "Water the roses near the gate:\n"
	                        "Feed the cat twice.\n"
	                        "Polish the silver until it shines,\n"
	                        "\n"
	                        "Lock the doors and close the shutters.\n"
	                        "Turn the lamps off one by one.\n";
	run x;
	seam_edit_info ei;

	go(&x, "notes.txt", F,
	   "notes.txt\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "Morning tasks for the week ahead,\n"
	   "\n"
	   "Open every window along the hall:\n"
	   "Carry the old boxes down to the cellar;\n"
	   "Fold the blankets and stack them high.\n"
	   "Check the pantry for anything stale:\n"
	   "\n"
	   "Water the roses near the gate:\n"
	   "Feed the cat twice.\n"
	   "Polish the silver until it shines,\n"
	   "\n"
	   "Lock the doors and close the shutters.\n"
	   "Turn the lamps off one by one.\n"
	   "=======\n"
	   "Morning tasks for the week ahead,\n"
	   "\n"
	   "Open every window along the hall:\n"
	   "Fold the blankets and stack them high.\n"
	   "Check the pantry for anything stale:\n"
	   "\n"
	   "Trim the hedge by the garden wall,\n"
	   "Water the roses near the gate:\n"
	   "Polish the silver until it shines,\n"
	   "Feed the cat twice.\n"
	   "\n"
	   "Lock the doors and close the shutters.\n"
	   "Turn the lamps off one by one.\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 8 of the file"));
	CHECK(has(&x, "notes.txt", F));
	done(&x);
}

/* A merged hunk re-indented with tabs on a file indented with spaces: one run adds, below a
 * context line, the file's line right below it, past the run's place (split_left_line.c). */
TEST(unseen_extra_line, left_out_line_past_a_reindented_run_is_not_split)
{
	static const char F[] = "def open_shop():\n"
	                        "    if lights_on:\n"
	                        "        return shelf_count\n"
	                        "    return opening_hour\n"
	                        "    if doors_open:\n"
	                        "        return opening_hour\n"
	                        "\n"
	                        "\n"
	                        "def count_stock():\n"
	                        "    return shelf_count\n"
	                        "    if doors_open:\n"
	                        "        return opening_hour\n"
	                        "    if lights_on:\n"
	                        "        return opening_hour\n"
	                        "    if doors_open:\n"
	                        "        return shelf_count\n"
	                        "    door_count += 1\n"
	                        "    if shelf_count:\n"
	                        "        return door_count\n"
	                        "    door_count += 1\n"
	                        "\n"
	                        "def close_shop():\n"
	                        "    if shelf_count:\n"
	                        "        return door_count\n"
	                        "\n"
	                        "    shelf_count += 1\n"
	                        "    if doors_open:\n"
	                        "        return shelf_count\n";
	run x;

	go(&x, "shop.py", F,
	   "<function=str_replace_editor>\n"
	   "<parameter=command>str_replace</parameter>\n"
	   "<parameter=path>shop.py</parameter>\n"
	   "<parameter=old_str>\n"
	   "\tif doors_open:\n"
	   "\t\treturn opening_hour\n"
	   "\n"
	   "\n"
	   "def count_stock():\n"
	   "\n"
	   "\tshelf_count += 1\n"
	   "\tif doors_open:\n"
	   "\t\treturn shelf_count\n"
	   "</parameter>\n"
	   "<parameter=new_str>\n"
	   "\tif doors_open:\n"
	   "\t\treturn opening_hour_v2\n"
	   "\n"
	   "\n"
	   "def count_stock():\n"
	   "\treturn shelf_count\n"
	   "\n"
	   "\twith lock:\n"
	   "\t\tshelf_count += 1\n"
	   "\t\tif doors_open:\n"
	   "\t\t\treturn shelf_count\n"
	   "</parameter>\n"
	   "</function>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shop.py", F));
	done(&x);
}

/* A merged hunk whose new side holds one more copy of a line than its old side, another run
 * adding it, while the file has a copy inside the first run's place that its old side left out
 * (split_cut.c). */
TEST(unseen_extra_line, surplus_copy_of_a_left_out_line_is_not_split)
{
	static const char F[] = "def fill_tank():\n"
	                        "    return level\n"
	                        "\n"
	                        "def drain_tank():\n"
	                        "\n"
	                        "    if level:\n"
	                        "        return level\n"
	                        "\n"
	                        "    if level:\n"
	                        "        return level\n"
	                        "    level += 1\n"
	                        "\n"
	                        "def check_valve():\n"
	                        "    try:\n"
	                        "        level = read_gauge()\n"
	                        "    except GaugeError:\n"
	                        "        pass\n"
	                        "    level += 1\n"
	                        "\n"
	                        "    for level in levels:\n"
	                        "        read_gauge(level)\n"
	                        "    level += 1\n"
	                        "    try:\n"
	                        "        level = check_valve()\n"
	                        "    except GaugeError:\n"
	                        "        pass\n"
	                        "    try:\n"
	                        "        level = drain_tank()\n"
	                        "    except GaugeError:\n"
	                        "        pass\n"
	                        "\n"
	                        "def check_valve():\n"
	                        "    return level\n"
	                        "    # Note the pressure first\n"
	                        "    try:\n"
	                        "        level = read_gauge()\n"
	                        "    except GaugeError:\n"
	                        "        pass\n";
	run x;

	go(&x, "tank.py", F,
	   "tank.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "def drain_tank():\n"
	   "\n"
	   "        return level\n"
	   "\n"
	   "    if level:\n"
	   "        return level\n"
	   "    level += 1\n"
	   "\n"
	   "\n"
	   "def check_valve():\n"
	   "    return level\n"
	   "    # Note the pressure first\n"
	   "=======\n"
	   "def drain_tank():\n"
	   "        return level\n"
	   "\n"
	   "    if level:\n"
	   "        return level\n"
	   "\n"
	   "    if level:\n"
	   "    level += 1\n"
	   "\n"
	   "\n"
	   "def check_valve():\n"
	   "    return level\n"
	   "    # Note the pressure first and last\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "tank.py", F));
	done(&x);
}

/* A run moved past the line right below the block's place, left out of its old side, the sides'
 * diff taking the old side's last line for the move: that line written first, then the left-out
 * line and the run (splice_edge_move.c). */
TEST(unseen_extra_line, move_past_left_out_line_after_a_moved_line_is_refused)
{
	static const char F[] = "Packing list for the trip\n"
	                        "\n"
	                        "Socks and a warm sweater for the cold nights.\n"
	                        "A map of the northern trails and a compass.\n"
	                        "Bring the small stove with two spare canisters;\n"
	                        "Pack the first aid kit in the top pocket.\n"
	                        "The rain cover folds into the side pouch:\n"
	                        "Check the tent poles before leaving home.\n"
	                        "\n"
	                        "Food Supplies\n"
	                        "\n"
	                        "Oats and dried fruit for every breakfast,\n"
	                        "Coffee beans ground the night before.\n";
	run x;
	seam_edit_info ei;

	go(&x, "pack.txt", F,
	   "pack.txt\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "Bring the small stove with two spare canisters;\n"
	   "Pack the first aid kit in the top pocket.\n"
	   "The rain cover folds into the side pouch:\n"
	   "=======\n"
	   "The rain cover folds into the side pouch:\n"
	   "Check the tent poles before leaving home.\n"
	   "\n"
	   "Bring the small stove with two spare canisters;\n"
	   "Pack the first aid kit in the top pocket.\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 8 of the file"));
	CHECK(has(&x, "pack.txt", F));
	done(&x);
}

/* The same past a left-out line with only the region's blank line before it on the new side
 * (splice_edge_move.c). */
TEST(unseen_extra_line, move_past_left_out_line_after_blank_lines_is_refused)
{
	static const char F[] = "Garden plan\n"
	                        "\n"
	                        "Tomatoes along the south fence get full sun.\n"
	                        "Beans climb the trellis by the shed door.\n"
	                        "Herbs grow best in the raised bed:\n"
	                        "\n"
	                        "Watering Schedule\n"
	                        "\n"
	                        "Every morning before the heat of the day.\n"
	                        "Skip the days after heavy rain.\n";
	run x;
	seam_edit_info ei;

	go(&x, "garden.txt", F,
	   "garden.txt\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "Herbs grow best in the raised bed:\n"
	   "\n"
	   "=======\n"
	   "\n"
	   "Watering Schedule\n"
	   "\n"
	   "Herbs grow best in the raised bed:\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 7 of the file"));
	CHECK(has(&x, "garden.txt", F));
	done(&x);
}

/* A merged hunk found as two pieces whose new side, from the lines it adds between them, is the
 * file's lines from the one above its second piece, left out of the old side (splice_cut_copy.c).
 */
TEST(unseen_extra_line, cut_additions_that_read_as_the_file_are_refused)
{
	static const char F[] = "int fill_jar(void)\n"
	                        "{\n"
	                        "\tjar_count++;\n"
	                        "\tlid_count++;\n"
	                        "\tlid_count++;\n"
	                        "\n"
	                        "\tjar_count++;\n"
	                        "}\n"
	                        "\n"
	                        "int empty_shelf(void)\n"
	                        "{\n"
	                        "\tjar_count--;\n"
	                        "\tlid_count--;\n"
	                        "\twhile (jar_count) {\n"
	                        "\t\tjar_count--;\n"
	                        "\t}\n"
	                        "\treturn 1;\n"
	                        "}\n"
	                        "\n"
	                        "int label_jars(void)\n"
	                        "{\n"
	                        "\tlid_count++;\n"
	                        "\twhile (lid_count) {\n"
	                        "\t\tlid_count--;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int fill_jar(void)\n"
	                        "{\n"
	                        "\treturn 1;\n"
	                        "\treturn 1;\n"
	                        "\n"
	                        "\n"
	                        "\treturn 1;\n"
	                        "\tjar_count++;\n"
	                        "\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "pantry.c", F,
	   "[{\"filePath\": \"pantry.c\", \"oldString\": "
	   "\"{\\n\\tjar_count++;\\n\\tlid_count++;\\n\\tlid_count++;\\n\\n\\tjar_count++;\\n}"
	   "\\n\\n\\n\\n\\treturn 1;\\n\\tjar_count++;\\n\\n}\\n\", \"newString\": "
	   "\"{\\n\\tjar_count++;\\n\\tlid_count_v2++;\\n\\tlid_count_v2++;\\n\\n\\tjar_count++;"
	   "\\n}\\n\\n\\treturn 1;\\n\\n\\n\\treturn "
	   "1;\\n\\tjar_count++;\\n\\n\\tseal_lids();\\n\\t// sealed\\n}\\n\"}]\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 31 of the file"));
	CHECK(has(&x, "pantry.c", F));
	done(&x);
}
