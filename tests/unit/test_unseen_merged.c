/*
 * Merged hunks with a second defect (issue 11, session 9), each written again with neutral
 * content of our own: a SEARCH/REPLACE block that merges two hunks, the unchanged lines between
 * them left out with no "...", and besides a line cut short, an identifier miscopied, or a
 * context line left out of the SEARCH side. The merged-hunk tier declines those; the tiers after
 * it must place the block as the reply means, or refuse.
 */
#include "plan_run.h"

/* A shell function whose SEARCH side skips the first loop's body and end (the merged hunk's
 * stretch) and cuts the loop's head short. The fuzzy tier places the old side over the whole
 * function, the skipped lines kept. The new side's `done` (the second loop's, context) has the
 * text of the first loop's `done` in the stretch: put back into the old side as a line left out,
 * the sides' diff still paired the new `done` with the second loop's and deleted the first's, a
 * line the reply never showed. A stretch with lines the new side has no copy of at all (the
 * first loop's body, the comment) was skipped, not left out: nothing of it is put back. */
TEST(unseen_merged, skipped_stretch_with_a_twin_of_a_context_line_is_kept)
{
	static const char F[] = "#!/bin/sh\n"
				"\n"
				"clean_all() {\n"
				"\tif [ -n \"$target\" ]; then\n"
				"\t\techo \"clean_all: $target\"\n"
				"\tfi\n"
				"\tmode=\"${MODE:-fast}\"\n"
				"\tfor part in \"$@\"; do\n"
				"\t\tremove_part \"$part\"\n"
				"\tdone\n"
				"\t# then the logs, one by one\n"
				"\tfor log_file in \"$@\"; do\n"
				"\t\trotate_log \"$log_file\"\n"
				"\tdone\n"
				"}\n"
				"\n"
				"clean_all \"$@\"\n";
	run x;
	go(&x, "clean.sh", F,
	   "clean.sh\n```\n<<<<<<< SEARCH\n"
	   "clean_all() {\n"
	   "\tif [ -n \"$target\" ]; then\n"
	   "\t\techo \"clean_all: $target\"\n"
	   "\tfi\n"
	   "\tmode=\"${MODE:-fast}\"\n"
	   "\tfor part in \n"
	   "\tfor log_file in \"$@\"; do\n"
	   "\t\trotate_log \"$log_file\"\n"
	   "\tdone\n"
	   "=======\n"
	   "clean_all() {\n"
	   "\techo \"clean_all: $target\"\n"
	   "\tmode=\"${MODE:-fast}\"\n"
	   "\tfor part in \"$@\"; do\n"
	   "\tfor log_file in \"$@\"; do\n"
	   "\t\trotate_log \"$log_file\" --now\n"
	   "\tdone\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "clean.sh",
		  "#!/bin/sh\n"
		  "\n"
		  "clean_all() {\n"
		  "\techo \"clean_all: $target\"\n"
		  "\tmode=\"${MODE:-fast}\"\n"
		  "\tfor part in \"$@\"; do\n"
		  "\t\tremove_part \"$part\"\n"
		  "\tdone\n"
		  "\t# then the logs, one by one\n"
		  "\tfor log_file in \"$@\"; do\n"
		  "\t\trotate_log \"$log_file\" --now\n"
		  "\tdone\n"
		  "}\n"
		  "\n"
		  "clean_all \"$@\"\n"));
	done(&x);
}

/* The same in C with a miscopied line ("retrun 0;"): the SEARCH side skips the end of one
 * function and the head of the next. The stretch's `}` and `{` have twins among the new side's
 * context lines; put back, they were deleted, and the two functions ran into one. */
TEST(unseen_merged, skipped_function_boundary_is_kept_around_a_miscopy)
{
	static const char F[] = "static int depth;\n"
				"static int level;\n"
				"\n"
				"int take_level(void)\n"
				"{\n"
				"\tif (depth) {\n"
				"\t\treturn level;\n"
				"\t}\n"
				"\treturn 0;\n"
				"}\n"
				"\n"
				"int drop_depth(void)\n"
				"{\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\tlevel++;\n"
				"\treturn 0;\n"
				"}\n";
	run x;
	go(&x, "level.c", F,
	   "level.c\n```\n<<<<<<< SEARCH\n"
	   "{\n"
	   "\tif (depth) {\n"
	   "\t\treturn level;\n"
	   "\t}\n"
	   "\tretrun 0;\n"
	   "\t\tdepth--;\n"
	   "\t}\n"
	   "\tlevel++;\n"
	   "\treturn 0;\n"
	   "=======\n"
	   "{\n"
	   "\treturn level;\n"
	   "\treturn 0;\n"
	   "\t\tdepth--;\n"
	   "\t}\n"
	   "\tlevel += 2;\n"
	   "\treturn 0;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "level.c",
		  "static int depth;\n"
		  "static int level;\n"
		  "\n"
		  "int take_level(void)\n"
		  "{\n"
		  "\treturn level;\n"
		  "\treturn 0;\n"
		  "}\n"
		  "\n"
		  "int drop_depth(void)\n"
		  "{\n"
		  "\twhile (depth) {\n"
		  "\t\tdepth--;\n"
		  "\t}\n"
		  "\tlevel += 2;\n"
		  "\treturn 0;\n"
		  "}\n"));
	done(&x);
}

/* A merged hunk whose SEARCH side leaves out the line right above its second half's first
 * context line (a blank one), while the REPLACE side keeps it: between the halves it reads as a
 * line added at the cut. The split placed it after the first half (its line above), written a
 * second time across the stretch from where it stands. The reply does not say whether it is
 * new or that line left out: refused, the file unchanged. */
TEST(unseen_merged, line_added_at_the_cut_twin_of_the_stretch_end_is_refused)
{
	static const char F[] = "module Paths\n"
				"\n"
				"  def quiet_paths\n"
				"    old_root, @root = @root, nil\n"
				"    yield\n"
				"  ensure\n"
				"    @root = old_root\n"
				"  end\n"
				"\n"
				"end\n"
				"\n"
				"class Name\n"
				"\n"
				"  def to_slug\n"
				"    downcase.tr(\" \", \"-\")\n"
				"  end\n"
				"\n"
				"end\n"
				"\n"
				"module Listing\n"
				"  \n"
				"  def pick(&block)\n"
				"    find { |e| value = block[e] and break value }\n"
				"  end\n"
				"  \n"
				"end\n";
	run x;
	go(&x, "paths.rb", F,
	   "paths.rb\n```\n<<<<<<< SEARCH\n"
	   "    old_root, @root = @root, nil\n"
	   "    yield\n"
	   "  ensure\n"
	   "    @root = old_root\n"
	   "  end\n"
	   "\n"
	   "end\n"
	   "  \n"
	   "  def pick(&block)\n"
	   "    find { |e| value = block[e] and break value }\n"
	   "  end\n"
	   "=======\n"
	   "    old_root, @root = @root, false\n"
	   "    yield\n"
	   "  ensure\n"
	   "    @root = old_root\n"
	   "  end\n"
	   "\n"
	   "end\n"
	   "module Listing\n"
	   "  \n"
	   "  def pick(&block) # first match\n"
	   "    find { |e| value = block[e] and break value }\n"
	   "  end\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "paths.rb", F));
	done(&x);
}

/* The merged hunk's stretch begins with a line the file has twice in a row ("total += 1"), and
 * the SEARCH side (one copy) cuts a later line short. The fuzzy tier put the copy on the second
 * twin, so the first stood alone between two old lines: put back as a line left out (the new
 * side has its text as context), the re-diff deleted it. Either twin may be the one the reply
 * shows: the stretch runs on over the other, and is one the old side skipped. */
TEST(unseen_merged, twin_at_the_edge_of_a_skipped_stretch_is_kept)
{
	static const char F[] = "import sys\n"
				"\n"
				"\n"
				"def read_all():\n"
				"    try:\n"
				"        total = next_total()\n"
				"    except KeyError:\n"
				"        pass\n"
				"    total = next_total()\n"
				"    for total in totals:\n"
				"        print_total(total)\n"
				"    for total in totals:\n"
				"        print_total(total)\n"
				"    total += 1\n"
				"    total += 1\n"
				"    for total in totals:\n"
				"        read_all(total)\n"
				"\n"
				"def write_all():\n"
				"    total = next_total()\n"
				"    return total\n"
				"\n"
				"\n"
				"def read_all():\n"
				"    total += 1\n"
				"    return total\n"
				"    try:\n"
				"        total = next_total()\n"
				"    except KeyError:\n"
				"        pass\n";
	run x;
	go(&x, "tally.py", F,
	   "tally.py\n```\n<<<<<<< SEARCH\n"
	   "    for total in totals:\n"
	   "        print_total(total)\n"
	   "    total += 1\n"
	   "    total = next_total()\n"
	   "    return tot\n"
	   "\n"
	   "\n"
	   "def read_all():\n"
	   "    total += 1\n"
	   "    return total\n"
	   "    try:\n"
	   "        total = next_total()\n"
	   "=======\n"
	   "    for total in totals:  # every one\n"
	   "        print_total(total)\n"
	   "    total += 1\n"
	   "    total = next_total()\n"
	   "    return total\n"
	   "\n"
	   "\n"
	   "def read_all():\n"
	   "    total += 1\n"
	   "    return total\n"
	   "    try:\n"
	   "        total = next_total()  # again\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.py",
		  "import sys\n"
		  "\n"
		  "\n"
		  "def read_all():\n"
		  "    try:\n"
		  "        total = next_total()\n"
		  "    except KeyError:\n"
		  "        pass\n"
		  "    total = next_total()\n"
		  "    for total in totals:\n"
		  "        print_total(total)\n"
		  "    for total in totals:  # every one\n"
		  "        print_total(total)\n"
		  "    total += 1\n"
		  "    total += 1\n"
		  "    for total in totals:\n"
		  "        read_all(total)\n"
		  "\n"
		  "def write_all():\n"
		  "    total = next_total()\n"
		  "    return total\n"
		  "\n"
		  "\n"
		  "def read_all():\n"
		  "    total += 1\n"
		  "    return total\n"
		  "    try:\n"
		  "        total = next_total()  # again\n"
		  "    except KeyError:\n"
		  "        pass\n"));
	done(&x);
}

/* The SEARCH side's first half ends before a loop the file has twice, the second half starts
 * with a line cut short; the new side gives the cut line back whole. Putting back the skipped
 * loop (the second half has its text as context) came with fewer additions than the first diff,
 * but only because the cut line, fixed, no longer counted as one; the loop itself was deleted.
 * With old lines fixed, every line put back must stand for the new side's copy of it. */
TEST(unseen_merged, lines_put_back_are_not_credited_with_a_fixed_cut_line)
{
	static const char F[] = "import os\n"
				"\n"
				"\n"
				"def flush_queue():\n"
				"    for item in items:\n"
				"        send_item(item)\n"
				"    item += 1\n"
				"    for item in items:\n"
				"        send_item(item)\n"
				"\n"
				"def drain_queue():\n"
				"    for item in items:\n"
				"        send_item(item)\n"
				"    # one more pass when the queue refills\n"
				"    return item\n";
	run x;
	go(&x, "queue.py", F,
	   "queue.py\n```\n<<<<<<< SEARCH\n"
	   "def flush_queue():\n"
	   "    for item in items:\n"
	   "        send_item(item)\n"
	   "    item += 1\n"
	   "def drain_qu\n"
	   "    for item in items:\n"
	   "        send_item(item)\n"
	   "    # one more pass when the queue refills\n"
	   "    return item\n"
	   "=======\n"
	   "def flush_queue():\n"
	   "    send_item(item)\n"
	   "    item += 1\n"
	   "def drain_queue():\n"
	   "    log_step(\"drain\")\n"
	   "    for item in items:\n"
	   "        send_item(item)\n"
	   "    # one more pass when the queue refills\n"
	   "    return item\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "queue.py",
		  "import os\n"
		  "\n"
		  "\n"
		  "def flush_queue():\n"
		  "    send_item(item)\n"
		  "    item += 1\n"
		  "    for item in items:\n"
		  "        send_item(item)\n"
		  "\n"
		  "def drain_queue():\n"
		  "    log_step(\"drain\")\n"
		  "    for item in items:\n"
		  "        send_item(item)\n"
		  "    # one more pass when the queue refills\n"
		  "    return item\n"));
	done(&x);
}

/* The SEARCH side's last line is a comment cut short, which the new side gives back whole; the
 * file has that comment twice more, in a row, at the end of the first half, and the old side
 * shows one of them. The other, left out, was dropped as a line the new side writes elsewhere
 * (drop_repeats): the whole comment was counted as an addition, while the cut line it gives
 * back deletes that very text. */
TEST(unseen_merged, cut_line_given_back_is_not_a_left_out_line_moved)
{
	static const char F[] = "def open_port():\n"
				"\n"
				"    size = pick_size()\n"
				"    if size:\n"
				"        return size\n"
				"    # keep the port for the next call\n"
				"    # keep the port for the next call\n"
				"\n"
				"def close_port():\n"
				"    port = pick_port()\n"
				"\n"
				"    if port:\n"
				"        return port\n"
				"    # keep the port for the next call\n";
	run x;
	go(&x, "port.py", F,
	   "port.py\n```\n<<<<<<< SEARCH\n"
	   "    size = pick_size()\n"
	   "    if size:\n"
	   "        return size\n"
	   "    # keep the port for the next call\n"
	   "    port = pick_port()\n"
	   "\n"
	   "    if port:\n"
	   "        return port\n"
	   "    # keep the port\n"
	   "=======\n"
	   "    size = pick_size()\n"
	   "    return size\n"
	   "    # keep the port for the next call\n"
	   "    port = pick_port()\n"
	   "\n"
	   "    log_step(\"close\")\n"
	   "    if port:\n"
	   "        return port\n"
	   "    # keep the port for the next call\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "port.py",
		  "def open_port():\n"
		  "\n"
		  "    size = pick_size()\n"
		  "    return size\n"
		  "    # keep the port for the next call\n"
		  "    # keep the port for the next call\n"
		  "\n"
		  "def close_port():\n"
		  "    port = pick_port()\n"
		  "\n"
		  "    log_step(\"close\")\n"
		  "    if port:\n"
		  "        return port\n"
		  "    # keep the port for the next call\n"));
	done(&x);
}

/* The SEARCH side skips the body of an `if` and one of two equal comments, and cuts the other
 * short; the new side gives it back whole. In the segment that deletes the cut line, its
 * addition was merged with the kept twin (a left-out line the new side writes, written once)
 * and the cut line deleted: one comment lost. An addition with the text of a line its segment
 * deletes gives that line back; the twin stays beside it. */
TEST(unseen_merged, cut_line_given_back_beside_its_kept_twin_keeps_both)
{
	static const char F[] = "static int count;\n"
				"\n"
				"int open_gate(void)\n"
				"{\n"
				"\tcheck_gate(count);\n"
				"\treturn 0;\n"
				"\tif (count) {\n"
				"\t\treturn count;\n"
				"\t}\n"
				"\t/* the gate stays open until the count drops */\n"
				"\t/* the gate stays open until the count drops */\n"
				"}\n"
				"\n"
				"int close_gate(void)\n"
				"{\n"
				"\treturn 0;\n"
				"}\n";
	run x;
	go(&x, "gate.c", F,
	   "gate.c\n```\n<<<<<<< SEARCH\n"
	   "{\n"
	   "\tcheck_gate(count);\n"
	   "\treturn 0;\n"
	   "\tif (count) {\n"
	   "\t/* the gate stays open \n"
	   "}\n"
	   "\n"
	   "int close_gate(void)\n"
	   "{\n"
	   "=======\n"
	   "{\n"
	   "\tcheck_gate(count);\n"
	   "\tif (count) {\n"
	   "\t/* the gate stays open until the count drops */\n"
	   "}\n"
	   "\n"
	   "int close_gate(void)\n"
	   "{\n"
	   "\tlog_gate(count);\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "gate.c",
		  "static int count;\n"
		  "\n"
		  "int open_gate(void)\n"
		  "{\n"
		  "\tcheck_gate(count);\n"
		  "\tif (count) {\n"
		  "\t\treturn count;\n"
		  "\t}\n"
		  "\t/* the gate stays open until the count drops */\n"
		  "\t/* the gate stays open until the count drops */\n"
		  "}\n"
		  "\n"
		  "int close_gate(void)\n"
		  "{\n"
		  "\tlog_gate(count);\n"
		  "\treturn 0;\n"
		  "}\n"));
	done(&x);
}

/* The SEARCH side leaves out the line right above its second half (a function's last line),
 * which the REPLACE side keeps; the first half's context below that line is one blank line, the
 * rest of it (the second half's head) cut from the first run. The line read as added after the
 * first half, and was written there, the file's copy kept before the second half. */
TEST(unseen_merged, line_added_above_a_cut_blank_twin_of_the_stretch_end_is_refused)
{
	static const char F[] = "def scan_rows():\n"
				"\n"
				"    row_count += 1\n"
				"\n"
				"    return row_count\n"
				"\n"
				"    if flag:\n"
				"        return other\n"
				"    if row_count:\n"
				"        return row_count\n"
				"\n"
				"def count_rows():\n"
				"    return other\n"
				"    if flag:\n"
				"        return row_count\n"
				"    other += 1\n"
				"\n"
				"def decode_rows():\n"
				"    if row_count:\n"
				"        return other\n"
				"\n"
				"    row_count += 1\n";
	run x;
	go(&x, "rows.py", F,
	   "rows.py\n```\n<<<<<<< SEARCH\n"
	   "    row_count += 1\n"
	   "\n"
	   "    return row_count\n"
	   "\n"
	   "def decode_rows():\n"
	   "    if row_count:\n"
	   "        return other\n"
	   "\n"
	   "=======\n"
	   "    row_count += 1\n"
	   "\n"
	   "    return row_count\n"
	   "    other += 1\n"
	   "\n"
	   "def decode_rows():\n"
	   "    return other\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "rows.py", F));
	done(&x);
}

/* The SEARCH side leaves out a function's header right above its `try:`, which the REPLACE
 * side keeps; the first half ends with that `try:` too. The first run (the header, read as
 * added) was found with the `try:` of the function above, the second run with the one below:
 * one line of the reply on two file lines, the header written before the first. */
TEST(unseen_merged, context_line_both_runs_share_on_two_file_lines_is_refused)
{
	static const char F[] = "import os\n"
				"\n"
				"\n"
				"def open_all():\n"
				"    total = load_all()\n"
				"    if total:\n"
				"        return total\n"
				"    handle = load_all()\n"
				"    try:\n"
				"        handle.close()\n"
				"    except KeyError:\n"
				"        pass\n"
				"\n"
				"\n"
				"def load_more():\n"
				"    try:\n"
				"        total = load_all()\n"
				"    except KeyError:\n"
				"        pass\n"
				"\n"
				"    total = load_all()\n";
	run x;
	go(&x, "more.py", F,
	   "more.py\n```\n<<<<<<< SEARCH\n"
	   "    total = load_all()\n"
	   "    if total:\n"
	   "        return total\n"
	   "    handle = load_all()\n"
	   "\n"
	   "\n"
	   "    try:\n"
	   "        total = load_all()\n"
	   "    except KeyError:\n"
	   "        pass\n"
	   "\n"
	   "    total = load_all()\n"
	   "=======\n"
	   "    total = load_all()\n"
	   "    return total\n"
	   "    handle = load_all()\n"
	   "\n"
	   "\n"
	   "def load_more():\n"
	   "    try:\n"
	   "        total = load_all(more=True)\n"
	   "    except KeyError:\n"
	   "        pass\n"
	   "\n"
	   "    total = load_all()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "more.py", F));
	done(&x);
}
