/*
 * Wrong applies at the edges of a located edit (issue 11), each written again with neutral
 * content of our own: blank lines at a block's edge matched on the wrong side of a line the old
 * side left out, a blank line paired across a moved line, an unmarked addition that is a
 * miscopy of the line just past the region, a deleted line taken for a miscopy of another, and
 * lines added where the reply does not decide on which side of a file line they go.
 */
#include "plan_run.h"

/* ---- blank lines at a block's edge, and the line the old side left out between them ---- */

/* A SEARCH side ending with two blank lines, the line between them in the file left out (its
 * REPLACE side has it): the match lets one blank line go and ends the region at the first
 * blank line of the file, so the left-out line stayed below the region and the REPLACE side
 * wrote it a second time. The blank lines are anchored around it instead: written once. */
TEST(unseen_edges, trailing_blank_run_around_left_out_line_written_once)
{
	static const char F[] = "def mark(row, a, b):\n"
				"    if a:\n"
				"        row.append('*' * a)\n"
				"    else:\n"
				"        row.append('^' * (b - a))\n"
				"\n"
				"    row.append('|')\n"
				"\n"
				"    return row\n";
	run x;
	go(&x, "mark.py", F,
	   "mark.py\n```\n<<<<<<< SEARCH\n"
	   "    else:\n"
	   "        row.append('^' * (b - a))\n"
	   "\n"
	   "\n"
	   "=======\n"
	   "    else:\n"
	   "        row.append('^' * (b - a + 1))\n"
	   "\n"
	   "    row.append('|')\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "mark.py",
		  "def mark(row, a, b):\n"
		  "    if a:\n"
		  "        row.append('*' * a)\n"
		  "    else:\n"
		  "        row.append('^' * (b - a + 1))\n"
		  "\n"
		  "    row.append('|')\n"
		  "\n"
		  "    return row\n"));
	done(&x);
}

/* The same at the top: a SEARCH side starting with a blank line, the line right below the
 * file's blank line left out (its REPLACE side keeps it, with a new line before it). */
TEST(unseen_edges, leading_blank_around_left_out_line_written_once)
{
	static const char F[] = "def load(path):\n"
				"    data = read(path)\n"
				"\n"
				"    check(data)\n"
				"    return parse(data)\n";
	run x;
	go(&x, "load.py", F,
	   "load.py\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "    return parse(data)\n"
	   "=======\n"
	   "\n"
	   "    log(path)\n"
	   "    check(data)\n"
	   "    return parse(data, strict=True)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "load.py",
		  "def load(path):\n"
		  "    data = read(path)\n"
		  "\n"
		  "    log(path)\n"
		  "    check(data)\n"
		  "    return parse(data, strict=True)\n"));
	done(&x);
}

/* A numbered block whose numbers skip a line (a gap: the line the model left out) just before
 * its last, blank, line; the INSERT side keeps the left-out line. Written once. */
TEST(unseen_edges, numbered_gap_before_last_blank_line_written_once)
{
	static const char F[] = "from tools import version\n"
				"from tools import Link\n"
				"\n"
				"import app.compat\n"
				"\n"
				"# kept until the tools are updated\n"
				"app.compat.text = str\n"
				"\n"
				"# Settings ----------------------------\n"
				"\n"
				"name = \"App\"\n";
	run x;
	go(&x, "conf.py", F,
	   "conf.py\n<editblock>\n<<<<<<< REMOVE\n"
	   " 2\xe2\x94\x82" "from tools import Link\n"
	   " 3\xe2\x94\x82\n"
	   " 4\xe2\x94\x82" "import app.compat\n"
	   " 5\xe2\x94\x82\n"
	   " 6\xe2\x94\x82# kept until the tools are updatde\n"
	   " 7\xe2\x94\x82" "app.compat.text = str\n"
	   " 8\xe2\x94\x82\n"
	   "10\xe2\x94\x82\n"
	   "=======\n"
	   "  \xe2\x94\x82" "from tools import Link\n"
	   "  \xe2\x94\x82\n"
	   "  \xe2\x94\x82# Settings ----------------------------\n"
	   "  \xe2\x94\x82\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "conf.py",
		  "from tools import version\n"
		  "from tools import Link\n"
		  "\n"
		  "# Settings ----------------------------\n"
		  "\n"
		  "name = \"App\"\n"));
	done(&x);
}

/* ---- blank lines paired after the lines of substance ---- */

/* A block that moves a blank line and leaves a line out of its SEARCH side: a diff of the two
 * sides that pairs blank lines as freely as code paired the SEARCH side's blank line with the
 * REPLACE side's first one, across the docstring, and the function line the REPLACE side gives
 * back came out twice. Lines of substance are paired first. */
TEST(unseen_edges, blank_line_not_paired_across_a_moved_line)
{
	static const char F[] = "    def line(self):\n"
				"        return self.at\n"
				"\n"
				"def scan(path):\n"
				"    \"\"\"scan(path)\n"
				"\n"
				"    Walks the tree under path.\n"
				"    \"\"\"\n";
	run x;
	go(&x, "scan.py", F,
	   "scan.py\n```\n<<<<<<< SEARCH\n"
	   "    \"\"\"scan(path)\n"
	   "\n"
	   "    Walks teh tree under path.\n"
	   "=======\n"
	   "\n"
	   "def scan(path):\n"
	   "\n"
	   "    \"\"\"scan(path)\n"
	   "    Walks the tree under path.\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "scan.py",
		  "    def line(self):\n"
		  "        return self.at\n"
		  "\n"
		  "def scan(path):\n"
		  "\n"
		  "    \"\"\"scan(path)\n"
		  "    Walks the tree under path.\n"
		  "    \"\"\"\n"));
	done(&x);
}

/* ---- what the tolerant tiers may take a line for ---- */

/* A hunk context line written with a transposed letter, then only a blank line: the repair tier
 * took it for an unmarked addition (the blank line beyond it "anchored" it) and the file's own
 * line, just past the region, stayed beside the misspelt copy. A blank line anchors nothing:
 * the line is a miscopy of that one, which the fuzzy tier then finds. */
TEST(unseen_edges, unmarked_addition_beside_blank_is_miscopy_of_line_past_it)
{
	static const char F[] = "import os\n"
				"\n"
				"\n"
				"class Fault(Exception):\n"
				"    pass\n"
				"\n"
				"MODE_PLAIN = 0x0001\n"
				"\n"
				"_table = None\n";
	run x;
	go(&x, "m.py", F,
	   "```diff\n--- a/m.py\n+++ b/m.py\n@@ -2,7 +2,7 @@\n"
	   " \n"
	   " \n"
	   " class Fault(Exception):\n"
	   "     pass\n"
	   " \n"
	   "+\n"
	   " MODE_PALIN = 0x0001\n"
	   "-\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py",
		  "import os\n\n\nclass Fault(Exception):\n    pass\n\n\n"
		  "MODE_PLAIN = 0x0001\n_table = None\n"));
	done(&x);
}

/* A '-' line whose text stands in the file two lines up, a context line left out after it and
 * the next one miscopied: the fuzzy tier took the '-' line for a miscopy of a similar line
 * further down (ATIME for CTIME) and the miscopied context line for an unmarked addition, and
 * deleted the wrong line. A line the file holds as written is that line, never a miscopy of
 * another: refused. */
TEST(unseen_edges, deleted_line_in_file_is_not_a_miscopy_of_another)
{
	static const char F[] = "# slots of the record\n"
				"\n"
				"SLOT_NAME = 0\n"
				"SLOT_SIZE = 1\n"
				"SLOT_ATIME = 7\n"
				"SLOT_MTIME = 8\n"
				"SLOT_CTIME = 9\n"
				"\n"
				"# helpers\n"
				"\n"
				"def slot(n):\n"
				"    return n\n";
	run x;
	go(&x, "slots.py", F,
	   "```diff\n--- a/slots.py\n+++ b/slots.py\n@@ -1,6 +1,6 @@\n"
	   "+SLOT_ATIME = 7  # changed\n"
	   "-SLOT_ATIME = 7\n"
	   " SLOT_CTMIE = 9\n"
	   " \n"
	   " # helpers\n"
	   " \n"
	   " def slot(n):\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "slots.py", F));
	done(&x);
}

/* ---- new lines whose side of a file line the reply does not decide ---- */

/* A hunk adds lines after a docstring and before a blank line, and leaves out the line between
 * them in the file: after the docstring, or after that line? The blank-lines tier let the
 * blank line go and put them right after the docstring. Refused, naming the line. */
TEST(unseen_edges, additions_before_a_let_go_blank_line_are_refused)
{
	static const char F[] = "class Gate:\n"
				"    def open(self):\n"
				"        \"\"\"Open the gate.\"\"\"\n"
				"        self.opened = True\n"
				"\n"
				"    def close(self):\n"
				"        \"\"\"Close the gate.\"\"\"\n"
				"        self.opened = False\n";
	run x;
	seam_edit_info ei;
	go(&x, "gate.py", F,
	   "```diff\n--- a/gate.py\n+++ b/gate.py\n@@ -2,3 +2,5 @@\n"
	   "     def open(self):\n"
	   "         \"\"\"Open the gate.\"\"\"\n"
	   "+        self.count += 1\n"
	   "+        log(\"open\")\n"
	   " \n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status != SEAM_STATUS_APPLIED);
	CHECK(ei.message && strstr(ei.message, "self.opened = True"));
	CHECK(has(&x, "gate.py", F));
	done(&x);
}

/* ---- a REPLACE side ending with a blank line before the closing marker ---- */

/* Its SEARCH side ends with text and the file has a blank line right after that text: the
 * blank line is the reply's spacing before the marker (aider reads it so), and written it would
 * make two blank lines where the file has one. */
TEST(unseen_edges, replace_tail_blank_before_file_blank_not_doubled)
{
	static const char F[] = "import alpha\n"
				"import beta\n"
				"\n"
				"setup()\n";
	run x;
	go(&x, "boot.py", F,
	   "boot.py\n```python\n<<<<<<< SEARCH\n"
	   "import alpha\n"
	   "import beta\n"
	   "=======\n"
	   "import alpha\n"
	   "import gamma\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "boot.py", "import alpha\nimport gamma\n\nsetup()\n"));
	done(&x);
}

/* A block that moves a line with the blank line after it down to just before a blank line of
 * the file: the REPLACE side ends with that blank line, but it is the one the old side
 * deletes, moved (the new side adds no blank line), so it is text and is written. */
TEST(unseen_edges, replace_tail_blank_moved_with_its_line_written)
{
	static const char F[] = "def run(job):\n"
				"    job.start()\n"
				"    return job.result\n"
				"\n"
				"    job.log('started')\n"
				"\n"
				"print('done')\n";
	run x;
	go(&x, "job.py", F,
	   "job.py\n```python\n<<<<<<< SEARCH\n"
	   "    job.start()\n"
	   "    return job.result\n"
	   "\n"
	   "    job.log('started')\n"
	   "=======\n"
	   "    job.start()\n"
	   "    job.log('started')\n"
	   "    return job.result\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "job.py", "def run(job):\n    job.start()\n    job.log('started')\n"
				"    return job.result\n\n\nprint('done')\n"));
	done(&x);
}

/* The same block where the file has a line of text right after the old text: the blank line
 * separates them, as the reply writes it. */
TEST(unseen_edges, replace_tail_blank_before_file_text_written)
{
	static const char F[] = "import alpha\n"
				"import beta\n"
				"setup()\n";
	run x;
	go(&x, "boot.py", F,
	   "boot.py\n```python\n<<<<<<< SEARCH\n"
	   "import alpha\n"
	   "import beta\n"
	   "=======\n"
	   "import alpha\n"
	   "import gamma\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "boot.py", "import alpha\nimport gamma\n\nsetup()\n"));
	done(&x);
}

/* At the end of the file nothing follows to double: the blank line is written. */
TEST(unseen_edges, replace_tail_blank_at_end_of_file_written)
{
	run x;
	go(&x, "boot.py", "import alpha\nimport beta\n",
	   "boot.py\n```python\n<<<<<<< SEARCH\n"
	   "import beta\n"
	   "=======\n"
	   "import gamma\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "boot.py", "import alpha\nimport gamma\n\n"));
	done(&x);
}

/* A SEARCH side ending with the file's blank line, a REPLACE side ending with text: the blank
 * line is replaced as written (a comment put right above the next function). Only the REPLACE
 * side's final blank line is ever read as spacing. */
TEST(unseen_edges, search_tail_blank_replaced_as_written)
{
	static const char F[] = "int one(void) {\n"
				"\treturn 1;\n"
				"}\n"
				"\n"
				"int two(void) {\n"
				"\treturn 2;\n"
				"}\n";
	run x;
	go(&x, "n.c", F,
	   "n.c\n```c\n<<<<<<< SEARCH\n"
	   "\treturn 1;\n"
	   "}\n"
	   "\n"
	   "=======\n"
	   "\treturn 1;\n"
	   "}\n"
	   "\n"
	   "/* the second one */\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "n.c",
		  "int one(void) {\n\treturn 1;\n}\n\n/* the second one */\nint two(void) {\n"
		  "\treturn 2;\n}\n"));
	done(&x);
}

/* A deletion whose SEARCH side ends with a blank line deletes it too, as written: the blank
 * line above the deleted lines stays the only one. */
TEST(unseen_edges, deletion_with_search_tail_blank_deletes_it)
{
	static const char F[] = "total = 0\n"
				"\n"
				"debug = True\n"
				"trace = []\n"
				"\n"
				"run(total)\n";
	run x;
	go(&x, "cfg.py", F,
	   "cfg.py\n```python\n<<<<<<< SEARCH\n"
	   "debug = True\n"
	   "trace = []\n"
	   "\n"
	   "=======\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "cfg.py", "total = 0\n\nrun(total)\n"));
	done(&x);
}

/* The same read when the block is placed by the split of its change runs (a line moved among
 * lines whose depth the reply gives wrong): the run holding the REPLACE side's last line ends
 * before the file's blank line, which stays the only one. */
TEST(unseen_edges, replace_tail_blank_of_split_block_not_doubled)
{
	static const char F[] = "{\n"
				"  \"server\": {\n"
				"    \"host\": \"localhost\",\n"
				"    \"limits\": {\n"
				"      \"conns\": 10,\n"
				"      \"rate\": 5\n"
				"    },\n"
				"    \"port\": 8080\n"
				"  },\n"
				"\n"
				"  \"log\": \"info\"\n"
				"}\n";
	run x;
	go(&x, "c.json", F,
	   "c.json\n```json\n<<<<<<< SEARCH\n"
	   "  \"server\": {\n"
	   "    \"host\": \"localhost\",\n"
	   "    \"limits\": {\n"
	   "        \"conns\": 10,\n"
	   "        \"rate\": 5\n"
	   "      },\n"
	   "    \"port\": 8080\n"
	   "  },\n"
	   "=======\n"
	   "  \"server\": {\n"
	   "    \"limits\": {\n"
	   "        \"conns\": 10,\n"
	   "        \"host\": \"localhost\",\n"
	   "        \"rate\": 5\n"
	   "      },\n"
	   "    \"port\": 8080\n"
	   "  },\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_STR(edit(&x, 0).strategy, "split-hunk");
	CHECK(has(&x, "c.json",
		  "{\n  \"server\": {\n    \"limits\": {\n      \"conns\": 10,\n"
		  "      \"host\": \"localhost\",\n      \"rate\": 5\n    },\n    \"port\": 8080\n"
		  "  },\n\n  \"log\": \"info\"\n}\n"));
	done(&x);
}

/* ---- a blank line let go at an edge, and a line just beyond it that the new side holds ---- */

/* A SEARCH side that starts with two blank lines and leaves out the line between them in the
 * file, which its REPLACE side keeps (a whole-sides rewrite that pairs its new lines after the
 * second blank line): the blank-lines tier let one blank line go and started the region below
 * the left-out line, and the REPLACE side wrote it a second time. The blank lines are anchored
 * around it (a blank context line anchors nothing): written once. */
TEST(unseen_edges, leading_blank_pair_around_left_out_line_written_once)
{
	static const char F[] = "def sweep(ctx, rows):\n"
				"    ctx.depth = 3\n"
				"\n"
				"    ctx.attach_marker(rows, label=\"sweep\")\n"
				"\n"
				"    table = lookup_table(\"widths\")\n"
				"\n"
				"    first = measure_rows(rows, 40)\n"
				"    second = first.scale(2).scale(3).value()\n"
				"    return ctx.finish(second)\n";
	run x;
	go(&x, "sweep.py", F,
	   "sweep.py\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "\n"
	   "    table = lookup_table(\"widths\")\n"
	   "\n"
	   "    first = measure_rows(rows, 40)\n"
	   "    second = first.scale(2).scale(3).value()\n"
	   "=======\n"
	   "\n"
	   "    ctx.attach_marker(rows, label=\"sweep\")\n"
	   "\n"
	   "\n"
	   "    first = measure_rows(rows, 40)\n"
	   "    second = first.scale(2).scale(3).value()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "sweep.py",
		  "def sweep(ctx, rows):\n"
		  "    ctx.depth = 3\n"
		  "\n"
		  "    ctx.attach_marker(rows, label=\"sweep\")\n"
		  "\n"
		  "\n"
		  "    first = measure_rows(rows, 40)\n"
		  "    second = first.scale(2).scale(3).value()\n"
		  "    return ctx.finish(second)\n"));
	done(&x);
}

/* The same with a short left-out line (no line of substance to anchor the blank lines around):
 * the new side holds the line just beyond the edge where the blank line was let go, so it was
 * either left out of the old side (kept once) or added beside its copy (written twice). The
 * reply does not say: refused, naming the line. */
TEST(unseen_edges, short_line_beyond_a_let_go_edge_blank_held_by_new_side_is_refused)
{
	static const char F[] = "def sweep(ctx, rows):\n"
				"    ctx.depth = 3\n"
				"\n"
				"    n += 1\n"
				"\n"
				"    table = lookup_table(\"widths\")\n"
				"\n"
				"    first = measure_rows(rows, 40)\n"
				"    second = first.scale(2).scale(3).value()\n"
				"    return ctx.finish(second)\n";
	run x;
	seam_edit_info ei;
	go(&x, "sweep.py", F,
	   "sweep.py\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "\n"
	   "    table = lookup_table(\"widths\")\n"
	   "\n"
	   "    first = measure_rows(rows, 40)\n"
	   "    second = first.scale(2).scale(3).value()\n"
	   "=======\n"
	   "\n"
	   "    n += 1\n"
	   "\n"
	   "\n"
	   "    first = measure_rows(rows, 40)\n"
	   "    second = first.scale(2).scale(3).value()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "line 4 of the file"));
	CHECK(has(&x, "sweep.py", F));
	done(&x);
}

/* A hunk that adds lines above two blank context lines and leaves out the line between those
 * blank lines in the file (a run of lines moved above it, the deleted copy miscopied): the
 * match let the first blank line go and put the new lines right after the left-out line, and
 * one blank line moved. Whether they go before or after that line the reply does not say:
 * refused, naming it. */
TEST(unseen_edges, additions_beyond_a_let_go_edge_blank_line_are_refused)
{
	static const char F[] = "import os\n"
				"import sys\n"
				"\n"
				"LOG = make_logger(\"tool\")\n"
				"\n"
				"LIMIT_COUNT = 120\n"
				"ENTRY_SIZE = 4096\n"
				"WINDOW = 32\n"
				"\n"
				"\n"
				"def run(args):\n"
				"    return args\n";
	run x;
	seam_edit_info ei;
	go(&x, "conf.py", F,
	   "```diff\n--- a/conf.py\n+++ b/conf.py\n@@ -3,5 +3,5 @@\n"
	   "+LIMIT_COUNT = 120\n"
	   "+ENTRY_SIZE = 4096\n"
	   " \n"
	   " \n"
	   "-LIMTI_COUNT = 120\n"
	   "-ENTRY_SIZE = 4096\n"
	   " WINDOW = 32\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "make_logger"));
	CHECK(has(&x, "conf.py", F));
	done(&x);
}

/* A numbered block that moves a line one place down, its old copy miscopied ("wrtieln;"), the
 * same text standing again just below the block: the edge rule took the moved line, the new
 * side's last, for a repeat of that file line and absorbed it, so the moved line was written
 * once for two and a line was lost. An added line equal to the file line a deletion stands on
 * is that line moved: not absorbed. */
TEST(unseen_edges, moved_line_with_miscopied_old_copy_is_not_absorbed_below)
{
	static const char F[] = "begin\n"
				"    writeln;\n"
				"    writeln('b=');\n"
				"    show(output, b[k], n, digits);\n"
				"    writeln;\n"
				"    writeln('term=', term: 2);\n"
				"    writeln;\n"
				"    case term of\n"
				"end\n";
	run x;
	go(&x, "p.pas", F,
	   "p.pas\n<editblock>\n<<<<<<< REMOVE\n"
	   "4\xe2\x94\x82    show(output, b[k], n, digits);\n"
	   "5\xe2\x94\x82    wrtieln;\n"
	   "6\xe2\x94\x82    writeln('term=', term: 2);\n"
	   "=======\n"
	   " \xe2\x94\x82    show(output, b[k], n, digits);\n"
	   " \xe2\x94\x82    writeln('term=', term: 2);\n"
	   " \xe2\x94\x82    writeln;\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "p.pas",
		  "begin\n"
		  "    writeln;\n"
		  "    writeln('b=');\n"
		  "    show(output, b[k], n, digits);\n"
		  "    writeln('term=', term: 2);\n"
		  "    writeln;\n"
		  "    writeln;\n"
		  "    case term of\n"
		  "end\n"));
	done(&x);
}

/* ---- a SEARCH side that ends (starts) among copies of one line ---- */

/* A SEARCH side ending with the first of two equal lines, its REPLACE side writing both (and
 * changing a line above): the file line past the region is the REPLACE side's last line, left
 * out of the SEARCH side, as widen takes a line the new side repeats. The diff of the sides put
 * the second copy before the first, where no edge sees it, and the copy was written three
 * times. */
TEST(unseen_edges, copy_left_out_at_the_bottom_among_its_copies_written_once)
{
	static const char F[] = "def tally(items):\n"
				"    begin(items)\n"
				"    count += 1\n"
				"    count += 1\n"
				"    close(items)\n";
	run x;
	go(&x, "tally.py", F,
	   "tally.py\n```\n<<<<<<< SEARCH\n"
	   "    begin(items)\n"
	   "    count += 1\n"
	   "=======\n"
	   "    begin(items, fast=True)\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.py",
		  "def tally(items):\n"
		  "    begin(items, fast=True)\n"
		  "    count += 1\n"
		  "    count += 1\n"
		  "    close(items)\n"));
	done(&x);
}

/* The same at the top: the SEARCH side starts with the second of two equal lines, the REPLACE
 * side writes both before its changed line (the diff put the added copy after a deletion). */
TEST(unseen_edges, copy_left_out_at_the_top_among_its_copies_written_once)
{
	static const char F[] = "def tally(items):\n"
				"    begin(items)\n"
				"    count += 1\n"
				"    count += 1\n"
				"    close(items)\n";
	run x;
	go(&x, "tally.py", F,
	   "tally.py\n```\n<<<<<<< SEARCH\n"
	   "    count += 1\n"
	   "    close(items)\n"
	   "=======\n"
	   "    count += 1\n"
	   "    count += 1\n"
	   "    close(items, flush=True)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "tally.py",
		  "def tally(items):\n"
		  "    begin(items)\n"
		  "    count += 1\n"
		  "    count += 1\n"
		  "    close(items, flush=True)\n"));
	done(&x);
}

/* A SEARCH side that leaves out a short line (fewer than WIDEN_MIN_CHARS of substance) whose
 * text its REPLACE side writes as the copy of a line it keeps: put back where the file has it,
 * the sides' diff pairs it as it does a longer one. Only the longer ones were, and the short
 * line stayed besides its copy (written twice). */
TEST(unseen_edges, short_left_out_line_written_back_is_put_back)
{
	run x;
	go(&x, "run.py",
	   "def finish(job):\n"
	   "    i += 1\n"
	   "\n"
	   "\n"
	   "    i += 1\n"
	   "    result = collect(job)\n",
	   "run.py\n```\n<<<<<<< SEARCH\n"
	   "def finish(job):\n"
	   "\n"
	   "\n"
	   "    i += 1\n"
	   "    result = collect(job)\n"
	   "=======\n"
	   "def finish(job):\n"
	   "    i += 1\n"
	   "\n"
	   "\n"
	   "    result = collect(job)\n"
	   "    i += 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "run.py",
		  "def finish(job):\n"
		  "    i += 1\n"
		  "\n"
		  "\n"
		  "    result = collect(job)\n"
		  "    i += 1\n"));
	done(&x);
}

/* A SEARCH side that leaves out the second of two equal lines, whose REPLACE side changes the
 * first and fixes a miscopied line after it, writing the left-out line where the file has it:
 * put back, the sides' diff writes as many additions as without it (the REPLACE's copy then
 * pairs with the left-out line instead of the first), so it was not taken and the line was
 * written twice. Taken when the line put back stands for the REPLACE's copy. */
TEST(unseen_edges, left_out_copy_written_back_decides_an_even_diff)
{
	run x;
	go(&x, "pick.py",
	   "def pick(rows):\n"
	   "    for row in rows:\n"
	   "        return row\n"
	   "    if items:\n"
	   "        return row\n"
	   "    if fallback:\n"
	   "        return None\n",
	   "pick.py\n```\n<<<<<<< SEARCH\n"
	   "        return row\n"
	   "    if itmes:\n"
	   "    if fallback:\n"
	   "=======\n"
	   "        return row  # first\n"
	   "    if items:\n"
	   "        return row\n"
	   "    if fallback:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "pick.py",
		  "def pick(rows):\n"
		  "    for row in rows:\n"
		  "        return row  # first\n"
		  "    if items:\n"
		  "        return row\n"
		  "    if fallback:\n"
		  "        return None\n"));
	done(&x);
}

/* The same even diff where the file's copy kept is the first one: the line put back is deleted
 * in the diff, beside the copy it keeps with only deletions between (a blank line moved above
 * the copy): the same text either way, taken. */
TEST(unseen_edges, left_out_copy_beside_its_kept_twin_is_put_back)
{
	run x;
	go(&x, "emit.py",
	   "def emit(buffer):\n"
	   "    return buffer\n"
	   "\n"
	   "    return buffer\n"
	   "    # flush the queue first\n"
	   "\n"
	   "\n"
	   "def other():\n"
	   "    pass\n",
	   "emit.py\n```\n<<<<<<< SEARCH\n"
	   "def emit(buffer):\n"
	   "    return buffer\n"
	   "\n"
	   "    # flush the queue first\n"
	   "\n"
	   "=======\n"
	   "def emit(buffer):\n"
	   "\n"
	   "    return buffer\n"
	   "    # flush the queue first\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "emit.py",
		  "def emit(buffer):\n"
		  "\n"
		  "    return buffer\n"
		  "    # flush the queue first\n"
		  "\n"
		  "\n"
		  "def other():\n"
		  "    pass\n"));
	done(&x);
}

/* A miscopied SEARCH side fits one place with its miscopy alone and another with its miscopy
 * and a line it left out, which its REPLACE side writes back right there: the second costs
 * more only for a line the REPLACE names, so the two fit as well as each other. Refused as
 * ambiguous (the tolerant tiers' form of the exact tier's rival); the fuzzy tier took the first. */
TEST(unseen_edges, tolerant_place_named_by_a_written_back_line_ties)
{
	static const char F[] = "int first(void)\n"
				"{\n"
				"\treturn 0;\n"
				"\tif (window) {\n"
				"\t\treturn window;\n"
				"\t}\n"
				"}\n"
				"\n"
				"int second(void)\n"
				"{\n"
				"\treturn 0;\n"
				"\tif (window) {\n"
				"\t\treturn window;\n"
				"\t}\n"
				"\twindow++;\n"
				"}\n";
	run x;
	go(&x, "w.c", F,
	   "w.c\n```\n<<<<<<< SEARCH\n"
	   "\treturn 0;\n"
	   "\tif (wnidow) {\n"
	   "\t\treturn window;\n"
	   "\t}\n"
	   "}\n"
	   "=======\n"
	   "\treturn 1;\n"
	   "\tif (window) {\n"
	   "\t\treturn window;\n"
	   "\t}\n"
	   "\twindow++;\n"
	   "}\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "w.c", F));
	done(&x);
}

/* ---- "already applied" and a deletion among copies ---- */

/* A SEARCH side that no tier places (a miscopied line too short to stand for its file line)
 * whose REPLACE side drops the first of two equal comment lines and fixes the miscopy: the
 * REPLACE stands in the file (the second comment on), and the sides' diff put the deletion
 * between the two copies, where it looked like a change between context lines that the file
 * now shows made. The deletion is as well the first copy's, at the edge, which proves nothing:
 * not "already applied" (the edit was not made), refused as not found. */
TEST(unseen_edges, deletion_sliding_to_the_edge_over_its_copy_is_no_evidence)
{
	static const char F[] = "def first_rows():\n"
				"    return rows\n"
				"    rows += 1\n"
				"\n"
				"def other_rows():\n"
				"    # Keep each row once\n"
				"    # Keep each row once\n"
				"    return rows\n"
				"    rows += 1\n"
				"    if rows:\n"
				"        return rows\n"
				"    # Keep each row once\n"
				"    return rows\n";
	seam_edit_info ei;
	run x;
	go(&x, "rows.py", F,
	   "rows.py\n```\n<<<<<<< SEARCH\n"
	   "    # Keep each row once\n"
	   "    # Keep each row once\n"
	   "    return rows\n"
	   "    rows += 1\n"
	   "    if rwos: \n"
	   "        return rows\n"
	   "    # Keep each row once\n"
	   "    return rows\n"
	   "=======\n"
	   "    # Keep each row once\n"
	   "    return rows\n"
	   "    rows += 1\n"
	   "    if rows:\n"
	   "        return rows\n"
	   "    # Keep each row once\n"
	   "    return rows\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_NO_MATCH);
	CHECK(has(&x, "rows.py", F));
	done(&x);
}

/* ---- a line taken at another indentation than its neighbours ---- */

/* A SEARCH side that leaves out the second of two equal lines at different indentations
 * ("        return value", then "    return value"), its REPLACE side writing it back: an
 * indentation-blind match is nearly free, so the cheapest path put the SEARCH's deeper line on
 * the shallower one, at another shift than its neighbours; the tier refused that path and
 * found nothing, and the line-indentation tier took it line by line, the left-out line then
 * written beside its copy. The seed run again with lines as written finds the place with the
 * line left out; but the deeper line's twin stands beside the shallower one at the other lines'
 * shift, so the SEARCH side reads as well as the shallower line re-indented alone (h-fuzz's
 * finding 41, unseen_ties::line_shifted_alone_beside_its_twin_is_refused, the same shape
 * meant that way): two files, refused, the file untouched. */
TEST(unseen_edges, path_at_mixed_shifts_gives_way_to_the_lines_as_written)
{
	run x;
	go(&x, "b.py",
	   "def build():\n"
	   "    if ready:\n"
	   "        return value\n"
	   "    return value\n"
	   "    try:\n"
	   "        value = compute()\n"
	   "    except KeyError:\n"
	   "        pass\n",
	   "b.py\n```\n<<<<<<< SEARCH\n"
	   "        return value\n"
	   "    try:\n"
	   "        value = compute()\n"
	   "    except KeyError:\n"
	   "=======\n"
	   "        return value\n"
	   "    return value\n"
	   "    try:\n"
	   "    except KeyError:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "b.py",
		  "def build():\n"
		  "    if ready:\n"
		  "        return value\n"
		  "    return value\n"
		  "    try:\n"
		  "        value = compute()\n"
		  "    except KeyError:\n"
		  "        pass\n"));
	done(&x);
}

/* ---- a short left-out line the REPLACE side writes back only as an addition ---- */

/* A SEARCH side that leaves out a short block opener ("  with X do", below WIDEN_MIN_CHARS of
 * substance) between two lines it deletes, and a REPLACE side that moves two lines above the
 * block and writes the block's head again, the opener in its place: the sides' diff paired
 * the moved lines and took the head for new lines, and the short opener (which the merge's
 * repeat check passes over) stayed above the moved lines besides its copy. Put back, the diff
 * pairs it between the two lines the file has around it: written once. */
TEST(unseen_edges, short_left_out_opener_written_back_in_place_is_put_back)
{
	run x;
	go(&x, "s.pas",
	   "procedure Show(X : TItem);\n"
	   "\n"
	   "begin\n"
	   "  with X do\n"
	   "    begin\n"
	   "    Writeln('Name :', Name);\n"
	   "    Writeln('Size :', Size);\n"
	   "    Writeln('Kind :', Kind);\n"
	   "    end;\n"
	   "end;\n",
	   "s.pas\n```\n<<<<<<< SEARCH\n"
	   "begin\n"
	   "    begin\n"
	   "    Writeln('Name :', Name);\n"
	   "    Writeln('Size :', Size);\n"
	   "=======\n"
	   "    Writeln('Name :', Name);\n"
	   "    Writeln('Size :', Size);\n"
	   "begin\n"
	   "  with X do\n"
	   "    begin\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.pas",
		  "procedure Show(X : TItem);\n"
		  "\n"
		  "    Writeln('Name :', Name);\n"
		  "    Writeln('Size :', Size);\n"
		  "begin\n"
		  "  with X do\n"
		  "    begin\n"
		  "    Writeln('Kind :', Kind);\n"
		  "    end;\n"
		  "end;\n"));
	done(&x);
}

/* The other side of that rule: a line left out of both sides whose text the REPLACE side
 * writes again in a new function is the file's, and stays where it is. */
TEST(unseen_edges, left_out_line_written_in_a_new_function_stays)
{
	run x;
	go(&x, "n.py",
	   "def load(path):\n"
	   "    data = read(path)\n"
	   "    check(data)\n"
	   "    return data\n",
	   "n.py\n```\n<<<<<<< SEARCH\n"
	   "def load(path):\n"
	   "    check(data)\n"
	   "    return data\n"
	   "=======\n"
	   "def load(path):\n"
	   "    check(data)\n"
	   "    return data\n"
	   "\n"
	   "def load_twice(path):\n"
	   "    data = read(path)\n"
	   "    check(data)\n"
	   "    return data\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "n.py",
		  "def load(path):\n"
		  "    data = read(path)\n"
		  "    check(data)\n"
		  "    return data\n"
		  "\n"
		  "def load_twice(path):\n"
		  "    data = read(path)\n"
		  "    check(data)\n"
		  "    return data\n"));
	done(&x);
}

/* A miscopied line the REPLACE side writes fixed, twice: diffed as the file has it (a rule
 * tried and dropped), it paired with the second copy, beside lines the SEARCH left out past its
 * let-go blank line, and they were written twice. Spliced as written, the lines are once. */
TEST(unseen_edges, fixed_line_paired_among_added_copies_decides_nothing)
{
	run x;
	go(&x, "f.py",
	   "def fetch_rows():\n"
	   "    return next_row\n"
	   "\n"
	   "\n"
	   "    return next_row\n"
	   "\n"
	   "def fetch_rows():\n"
	   "    # Read each row once\n"
	   "    try:\n"
	   "        next_row = fetch_rows()\n"
	   "    except RowError:\n"
	   "        pass\n",
	   "f.py\n```\n<<<<<<< SEARCH\n"
	   "def fetch_rows():\n"
	   "    reutrn next_row\n"
	   "\n"
	   "\n"
	   "\n"
	   "=======\n"
	   "def fetch_rows():  # changed\n"
	   "    return next_row\n"
	   "\n"
	   "\n"
	   "    return next_row\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "f.py",
		  "def fetch_rows():  # changed\n"
		  "    return next_row\n"
		  "\n"
		  "\n"
		  "    return next_row\n"
		  "\n"
		  "def fetch_rows():\n"
		  "    # Read each row once\n"
		  "    try:\n"
		  "        next_row = fetch_rows()\n"
		  "    except RowError:\n"
		  "        pass\n"));
	done(&x);
}
