/*
 * A whole-sides block that is a merged hunk with a context line dropped from its old side only
 * (issue 11): its sides' diff, pairing from the front, reads the new side's copy of the dropped
 * line as context further on, and the split writes a file; paired from the other end the copy is
 * an addition beside a context line the next run reads too, two runs that are one stretch of
 * the hunk and that no clip cuts apart. That other pairing is a reading all the same
 * (split_tie.c), and it writes another file: refused. Neutral content of our own.
 */
#include "plan_run.h"

/* The old side leaves out "if ready:" right above "return spare", which the new side writes
 * back; the block is dedented by one level. Read from the front, the second "if ready:" is kept
 * and "return spare" deleted and written again; read from the back, "return spare" is kept
 * and the second "if ready:" deleted. Two files: refused, naming the lines left out. */
TEST(unseen_mh_stretch, dropped_line_written_back_beside_shared_context_is_refused)
{
	static const char F[] = "def warm_up():\n"
	                        "    # keep the slots warm\n"
	                        "    # keep the slots warm\n"
	                        "    if ready:\n"
	                        "        return slot\n"
	                        "\n"
	                        "def fill_slots():\n"
	                        "    # keep the slots warm\n"
	                        "    try:\n"
	                        "        slot = take_slot()\n"
	                        "    except SlotError:\n"
	                        "        pass\n"
	                        "    if slot:\n"
	                        "        return slot\n"
	                        "    if ready:\n"
	                        "        return spare\n"
	                        "    if ready:\n"
	                        "        return slot\n"
	                        "    # keep the slots warm\n";
	run x;

	go(&x, "pkg/slots.py", F,
	   "pkg/slots.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "if ready:\n"
	   "    return slot\n"
	   "\n"
	   "    return spare\n"
	   "if ready:\n"
	   "    return slot\n"
	   "# keep the slots warm\n"
	   "=======\n"
	   "if ready:\n"
	   "\n"
	   "if ready:\n"
	   "    return spare\n"
	   "return slot\n"
	   "# keep the slots warm\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.parse == SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "pkg/slots.py", F));
	done(&x);
}

/* A block that reorders the imports at the top of the file and rewrites a comment further down,
 * the lines between left out: paired from the other end, the first run only adds imports above
 * the context the next run reads, one stretch again, but at the hunk's top edge, with no lines
 * skipped above them: both pairings write one file, and the block applies. */
TEST(unseen_mh_stretch, one_stretch_at_the_top_edge_is_no_rival)
{
	static const char F[] = "import os\n"
	                        "from os import path\n"
	                        "from io import StringIO\n"
	                        "import sys\n"
	                        "from errno import EIO\n"
	                        "\n"
	                        "from fnmatch import fnmatch\n"
	                        "from glob import glob\n"
	                        "\n"
	                        "\n"
	                        "def show(name, colour):\n"
	                        "    if colour:\n"
	                        "        print(\"\\033[1m\" + name + \"\\033[0m\")\n"
	                        "    else:\n"
	                        "        print(name)\n"
	                        "\n"
	                        "\n"
	                        "def hidden(name):\n"
	                        "    return name.startswith(\".\")\n"
	                        "\n"
	                        "\n"
	                        "# Walk the tree from the root and print the names matching the\n"
	                        "# pattern given.\n"
	                        "def walk(root, pattern):\n"
	                        "    for name in glob(root + \"/**\", recursive=True):\n"
	                        "        if fnmatch(name, pattern):\n"
	                        "            show(name, False)\n";
	static const char W[] = "import os\n"
	                        "from errno import EIO\n"
	                        "from os import sep\n"
	                        "from io import StringIO\n"
	                        "from os import path\n"
	                        "import sys\n"
	                        "\n"
	                        "from fnmatch import fnmatch\n"
	                        "from glob import glob\n"
	                        "\n"
	                        "\n"
	                        "def show(name, colour):\n"
	                        "    if colour:\n"
	                        "        print(\"\\033[1m\" + name + \"\\033[0m\")\n"
	                        "    else:\n"
	                        "        print(name)\n"
	                        "\n"
	                        "\n"
	                        "def hidden(name):\n"
	                        "    return name.startswith(\".\")\n"
	                        "\n"
	                        "\n"
	                        "# Walk the tree from the root and print the files or names\n"
	                        "# matching the pattern given.\n"
	                        "def walk(root, pattern):\n"
	                        "    for name in glob(root + \"/**\", recursive=True):\n"
	                        "        if fnmatch(name, pattern):\n"
	                        "            show(name, False)\n";
	run x;

	go(&x, "walk.py", F,
	   "walk.py\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "from os import path\n"
	   "from io import StringIO\n"
	   "import sys\n"
	   "from errno import EIO\n"
	   "# Walk the tree from the root and print the names matching the\n"
	   "# pattern given.\n"
	   "=======\n"
	   "from errno import EIO\n"
	   "from os import sep\n"
	   "from io import StringIO\n"
	   "from os import path\n"
	   "import sys\n"
	   "# Walk the tree from the root and print the files or names\n"
	   "# matching the pattern given.\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK(x.plan == SEAM_OK);
	CHECK(has(&x, "walk.py", W));
	done(&x);
}
