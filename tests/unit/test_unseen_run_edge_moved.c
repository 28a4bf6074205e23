/*
 * A merged str_replace (two hunks' old sides joined, the lines between left out) whose second
 * half moves a loop's body line below the next loop's header, where the file has a line of that
 * text right after the header already. The split places each half on its own; the second half's
 * run, its addition alone, was widened over that file line as if the new side repeated it, and
 * the line went: the whole edit deletes the text as often as it adds it (a line moved across the
 * runs), so its addition is the moved line, and the file line past the run's edge, which the
 * reply never showed, stays. Neutral content of our own, in a file without a grammar.
 */
#include "plan_run.h"

static const char BEFORE[] = "def load_settings():\n"
                             "\n"
                             "    path_value = read_entry()\n"
                             "    path_value += 1\n"
                             "\n"
                             "    mode_flag = read_entry()\n"
                             "\n"
                             "def describe():\n"
                             "\n"
                             "    path_value += 1\n"
                             "    return path_value\n"
                             "\n"
                             "    if mode_flag:\n"
                             "        return mode_flag\n"
                             "    path_value = read_entry()\n"
                             "\n"
                             "def read_entry():\n"
                             "    for path_value in path_values:\n"
                             "        read_entry(path_value)\n"
                             "    for mode_flag in mode_flags:\n"
                             "        read_entry(path_value)\n"
                             "\n"
                             "    path_value += 1\n"
                             "    if mode_flag:\n"
                             "        return mode_flag\n"
                             "\n"
                             "    if mode_flag:\n"
                             "        return path_value\n"
                             "\n"
                             "def finish_up():\n"
                             "    return mode_flag\n"
                             "    if path_value:\n"
                             "        return path_value\n";

static const char REPLY[] = "Here is the edit.\n"
                            "\n"
                            "<function=str_replace_editor>\n"
                            "<parameter=command>str_replace</parameter>\n"
                            "<parameter=path>s.txt</parameter>\n"
                            "<parameter=old_str>\n"
                            "    path_value = read_entry()\n"
                            "    path_value += 1\n"
                            "\n"
                            "    mode_flag = read_entry()\n"
                            "\n"
                            "def read_entry():\n"
                            "    for path_value in path_values:\n"
                            "        read_entry(path_value)\n"
                            "    for mode_flag in mode_flags:\n"
                            "</parameter>\n"
                            "<parameter=new_str>\n"
                            "    path_value += 1\n"
                            "    path_value = read_entry()\n"
                            "\n"
                            "    mode_flag = read_entry()\n"
                            "\n"
                            "def read_entry():\n"
                            "    for path_value in path_values:\n"
                            "    for mode_flag in mode_flags:\n"
                            "        read_entry(path_value)\n"
                            "</parameter>\n"
                            "</function>\n";

static const char AFTER[] = "def load_settings():\n"
                            "\n"
                            "    path_value += 1\n"
                            "    path_value = read_entry()\n"
                            "\n"
                            "    mode_flag = read_entry()\n"
                            "\n"
                            "def describe():\n"
                            "\n"
                            "    path_value += 1\n"
                            "    return path_value\n"
                            "\n"
                            "    if mode_flag:\n"
                            "        return mode_flag\n"
                            "    path_value = read_entry()\n"
                            "\n"
                            "def read_entry():\n"
                            "    for path_value in path_values:\n"
                            "    for mode_flag in mode_flags:\n"
                            "        read_entry(path_value)\n"
                            "        read_entry(path_value)\n"
                            "\n"
                            "    path_value += 1\n"
                            "    if mode_flag:\n"
                            "        return mode_flag\n"
                            "\n"
                            "    if mode_flag:\n"
                            "        return path_value\n"
                            "\n"
                            "def finish_up():\n"
                            "    return mode_flag\n"
                            "    if path_value:\n"
                            "        return path_value\n";

TEST(unseen_run_edge_moved, line_moved_across_runs_keeps_the_file_line_past_the_edge)
{
	run x;

	go(&x, "s.txt", BEFORE, REPLY);
	CHECK_INT(x.parse, 0);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.txt", AFTER));
	done(&x);
}
