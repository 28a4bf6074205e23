/*
 * Merged hunks (two hunks in one block, the unchanged lines between them left out with no
 * "...") that are also re-indented as a whole, or whose new side does not say where its halves
 * meet (issue 11): the merged-hunk tier reads the first with indentation aside, shifted by one
 * amount; the second stops the ladder, refused, since every later tier would guess.
 */
#include "plan_run.h"

/* The SEARCH side is the first method's two tries and the last method's loop, every line one
 * level deeper than the file. The first lines stand again in reset() and the next two in
 * flush(), a few lines apart: read with lines left out there (the repair tier's cheapest
 * reading), the change went into reset(). Shifted by one amount, both pieces stand as
 * written in one way only: open() and the loop. */
TEST(unseen_merged_shift, reindented_merged_block_reads_as_its_two_pieces)
{
	static const char F[] = "class Store:\n"
	                        "    def open(self):\n"
	                        "        try:\n"
	                        "            self.db = connect()\n"
	                        "        except Error:\n"
	                        "            pass\n"
	                        "        try:\n"
	                        "            self.log = journal()\n"
	                        "        except Error:\n"
	                        "            pass\n"
	                        "        self.ready = True\n"
	                        "        self.items = []\n"
	                        "\n"
	                        "    def reset(self):\n"
	                        "        try:\n"
	                        "            self.db = connect()\n"
	                        "        except Error:\n"
	                        "            pass\n"
	                        "        self.count = 0\n"
	                        "\n"
	                        "    def flush(self):\n"
	                        "        try:\n"
	                        "            self.log = journal()\n"
	                        "        except Error:\n"
	                        "            pass\n"
	                        "        for item in self.items:\n"
	                        "            write(item)\n"
	                        "        self.items = []\n";
	run x;
	go(&x, "store.py", F,
	   "store.py\n```\n<<<<<<< SEARCH\n"
	   "            try:\n"
	   "                self.db = connect()\n"
	   "            except Error:\n"
	   "                pass\n"
	   "            try:\n"
	   "                self.log = journal()\n"
	   "            for item in self.items:\n"
	   "                write(item)\n"
	   "            self.items = []\n"
	   "=======\n"
	   "            try:\n"
	   "                self.db = connect()\n"
	   "            except Error:\n"
	   "                self.db = None\n"
	   "            try:\n"
	   "                self.log = journal()\n"
	   "            for item in self.items:\n"
	   "                write(item)\n"
	   "            self.items.clear()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "store.py",
	          "class Store:\n"
	          "    def open(self):\n"
	          "        try:\n"
	          "            self.db = connect()\n"
	          "        except Error:\n"
	          "            self.db = None\n"
	          "        try:\n"
	          "            self.log = journal()\n"
	          "        except Error:\n"
	          "            pass\n"
	          "        self.ready = True\n"
	          "        self.items = []\n"
	          "\n"
	          "    def reset(self):\n"
	          "        try:\n"
	          "            self.db = connect()\n"
	          "        except Error:\n"
	          "            pass\n"
	          "        self.count = 0\n"
	          "\n"
	          "    def flush(self):\n"
	          "        try:\n"
	          "            self.log = journal()\n"
	          "        except Error:\n"
	          "            pass\n"
	          "        for item in self.items:\n"
	          "            write(item)\n"
	          "        self.items.clear()\n"));
	done(&x);
}

/* The same block written with tabs for the file's four spaces: a line the new side adds
 * beside the cut that is the first skipped line but at another depth than the shift gives it
 * is a line of the reply's own, not the skipped line written back (compared shifted, not with
 * indentation aside). */
TEST(unseen_merged_shift, tabbed_merged_block_added_line_at_another_depth_is_its_own)
{
	static const char F[] = "def scan(rows):\n"
	                        "    for row in rows:\n"
	                        "        check(row)\n"
	                        "    if rows:\n"
	                        "        return rows\n"
	                        "    note('scan')\n"
	                        "    note('scan')\n"
	                        "    if rows:\n"
	                        "        return rows\n"
	                        "\n"
	                        "def trim(rows):\n"
	                        "    return rows\n"
	                        "    if rows:\n"
	                        "        return rows\n"
	                        "\n"
	                        "def keep(rows):\n"
	                        "    return rows\n";
	run x;
	go(&x, "scan.py", F,
	   "scan.py\n```\n<<<<<<< SEARCH\n"
	   "\t\tcheck(row)\n"
	   "\tif rows:\n"
	   "\t\treturn rows\n"
	   "\tnote('scan')\n"
	   "\tnote('scan')\n"
	   "\tif rows:\n"
	   "\n"
	   "def trim(rows):\n"
	   "\treturn rows\n"
	   "\tif rows:\n"
	   "\t\treturn rows\n"
	   "\n"
	   "=======\n"
	   "\t\tcheck(row)\n"
	   "\t\treturn rows\n"
	   "\tif rows:\n"
	   "\tnote('scan')\n"
	   "\tnote('scan')\n"
	   "\tif rows:\n"
	   "\n"
	   "def trim(rows):\n"
	   "\treturn rows\n"
	   "\treturn rows\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "scan.py",
	          "def scan(rows):\n"
	          "    for row in rows:\n"
	          "        check(row)\n"
	          "        return rows\n"
	          "    if rows:\n"
	          "    note('scan')\n"
	          "    note('scan')\n"
	          "    if rows:\n"
	          "        return rows\n"
	          "\n"
	          "def trim(rows):\n"
	          "    return rows\n"
	          "    return rows\n"
	          "\n"
	          "def keep(rows):\n"
	          "    return rows\n"));
	done(&x);
}

/* A merged block whose new side holds the lines around the cut ("if (port) {" then "}") one
 * after the other twice, its old side once: either may be where its halves meet, and the two
 * places keep as much. The split placed the runs by a guess and garbled pick_port(); no tier
 * after the merged-hunk tier may guess it: refused, the file unchanged. */
TEST(unseen_merged_shift, merged_block_whose_halves_meet_unsaid_is_refused)
{
	static const char F[] = "int read_port(int port)\n"
	                        "{\n"
	                        "\tif (port) {\n"
	                        "\t\treturn port;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n"
	                        "\n"
	                        "int pick_port(int port)\n"
	                        "{\n"
	                        "\tnote(port);\n"
	                        "\tif (port) {\n"
	                        "\t\treturn port;\n"
	                        "\t}\n"
	                        "\tif (port) {\n"
	                        "\t\treturn port;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\twhile (port > 8) {\n"
	                        "\t\tport--;\n"
	                        "\t}\n"
	                        "\tif (port) {\n"
	                        "\t\treturn port;\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	go(&x, "port.c", F,
	   "port.c\n```\n<<<<<<< SEARCH\n"
	   "int pick_port(int port)\n"
	   "{\n"
	   "\tnote(port);\n"
	   "\tif (port) {\n"
	   "\t\treturn port;\n"
	   "\t}\n"
	   "\tif (port) {\n"
	   "\t}\n"
	   "\tif (port) {\n"
	   "\t\treturn port;\n"
	   "\t}\n"
	   "}\n"
	   "=======\n"
	   "int pick_port(int port)\n"
	   "{\n"
	   "\tnote(port);\n"
	   "\t\treturn port;\n"
	   "\tif (port) {\n"
	   "\t}\n"
	   "\tif (port) {\n"
	   "\t}\n"
	   "\tif (port > 1) {\n"
	   "\t\treturn port - 1;\n"
	   "\t}\n"
	   "}\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "port.c", F));
	done(&x);
}
