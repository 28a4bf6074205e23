/*
 * Wrong applies at the edges of a located edit (issue 11), each written again with neutral
 * content of our own: blank lines at a block's edge matched on the wrong side of a line the old
 * side left out, a blank line paired across a moved line, an unmarked addition that is a
 * miscopy of the line just past the region, a deleted line taken for a miscopy of another, and
 * lines added where the reply does not decide on which side of a file line they go.
 */
#include "plan_run.h"

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
