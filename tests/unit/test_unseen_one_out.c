/*
 * Merged hunks with a context line left out besides (issue 11, session of 2026-11-27), written
 * again with neutral content of our own: the reply's old side stands at one place as read by
 * some tier, and, cut in two, at another place as two halves with file lines between them but
 * for one file line it leaves out. Unless the first place outweighs the other by a margin the
 * reply shows, the reply reads two ways and is refused.
 */
#include "plan_run.h"

/* A merged hunk whose second half, five lines of substance, stands as written at one copy of
 * the loop while a copy further on stands with a line left out: the merged-hunk reading is
 * applied there. */
TEST(unseen_one_out, long_half_as_written_outweighs_a_copy_leaving_one_out)
{
	static const char F[] = "def open_shop():\n"
	                        "    for crate in crates:\n"
	                        "        stack_crate(crate)\n"
	                        "    if crate:\n"
	                        "        return crate\n"
	                        "    crate += 1\n"
	                        "\n"
	                        "def stack_crate():\n"
	                        "    crate = 0\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    if crate:\n"
	                        "        return crate\n"
	                        "    crate -= 1\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    # count the stock\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    if crate:\n"
	                        "        return crate\n";
	run x;

	go(&x, "shop.py", F,
	   "```diff\n--- a/shop.py\n+++ b/shop.py\n@@ -1,11 +1,11 @@\n"
	   " def open_shop():\n"
	   "     for crate in crates:\n"
	   "         stack_crate(crate)\n"
	   "     if crate:\n"
	   "-        return crate\n"
	   "+        return crate  # full\n"
	   "     crate += 1\n"
	   "         lift_crate(crate)\n"
	   "     for crate in crates:\n"
	   "-        lift_crate(crate)\n"
	   "+        lift_crate(crate, gently=True)\n"
	   "     if crate:\n"
	   "         return crate\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shop.py",
	          "def open_shop():\n"
	          "    for crate in crates:\n"
	          "        stack_crate(crate)\n"
	          "    if crate:\n"
	          "        return crate  # full\n"
	          "    crate += 1\n"
	          "\n"
	          "def stack_crate():\n"
	          "    crate = 0\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate)\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate, gently=True)\n"
	          "    if crate:\n"
	          "        return crate\n"
	          "    crate -= 1\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate)\n"
	          "    # count the stock\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate)\n"
	          "    if crate:\n"
	          "        return crate\n"));
	done(&x);
}

/* The repair tier reads the hunk at the first function, letting three file lines go (two
 * comments and a line of the second loop), while its old side, cut after the opening brace,
 * stands at the second function but for one line left out: a merged hunk whose second half has
 * a context line dropped. The loose place does not outweigh that reading: refused. */
TEST(unseen_one_out, loose_place_beside_halves_leaving_one_out_is_refused)
{
	static const char F[] = "int fill_tray(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < tray; i++) {\n"
	                        "\t\tpour(i);\n"
	                        "\t}\n"
	                        "\t/* keep level */\n"
	                        "\t/* keep level */\n"
	                        "\tfor (i = 0; i < cup; i++) {\n"
	                        "\t\tpour(i);\n"
	                        "\t}\n"
	                        "\twhile (cup) {\n"
	                        "\t\tcup--;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int drain_tray(void)\n"
	                        "{\n"
	                        "\twhile (cup) {\n"
	                        "\t\ttray--;\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < tray; i++) {\n"
	                        "\t\tpour(i);\n"
	                        "\t}\n"
	                        "\tfor (i = 0; i < cup; i++) {\n"
	                        "\t\tpour(i);\n"
	                        "\t}\n"
	                        "\twhile (cup) {\n"
	                        "\t\ttray--;\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "tray.c", F,
	   "```diff\n--- tray.c\n+++ tray.c\n@@ ... @@\n"
	   " int fill_tray(void)\n"
	   " {\n"
	   "+\tint level = 0;\n"
	   " \tfor (i = 0; i < tray; i++) {\n"
	   "-\t\tpour(i);\n"
	   " \t}\n"
	   " \tfor (i = 0; i < cup; i++) {\n"
	   " \t}\n"
	   " \twhile (cup) {\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "but for one file line its old side leaves out"));
	CHECK(has(&x, "tray.c", F));
	done(&x);
}

/* A block whose SEARCH side leaves out a line its REPLACE side keeps (a context line dropped
 * from one side), its lines between the two changes skipped: the split finds the first run
 * whole at the top of the file, where its lines stand as written with the kept line as an
 * addition, while the block, cut in two, stands at the second function but for that one line
 * (already there) and at the loops below. The runs do not outweigh that reading: refused. */
TEST(unseen_one_out, runs_beside_halves_leaving_one_out_are_refused)
{
	static const char F[] = "def grind():\n"
	                        "    for grain in sacks:\n"
	                        "        pour_grain(grain)\n"
	                        "    if grain:\n"
	                        "        return grain\n"
	                        "    grain -= 2\n"
	                        "\n"
	                        "def pour_grain():\n"
	                        "    for grain in sacks:\n"
	                        "        pour_grain(grain)\n"
	                        "    return grain\n"
	                        "    if grain:\n"
	                        "        return grain\n"
	                        "    return grain\n"
	                        "    # turn the stone slowly\n"
	                        "    grain = grind()\n"
	                        "    grain -= 2\n"
	                        "\n"
	                        "def weigh_all():\n"
	                        "    grain -= 2\n"
	                        "    for grain in sacks:\n"
	                        "        weigh(grain)\n"
	                        "    return grain\n"
	                        "    for grain in sacks:\n"
	                        "        weigh(grain)\n"
	                        "    for grain in sacks:\n"
	                        "        weigh(grain)\n";
	run x;
	seam_edit_info ei;

	go(&x, "mill.py", F,
	   "mill.py\n"
	   "```python\n"
	   "<<<<<<< SEARCH\n"
	   "    for grain in sacks:\n"
	   "        pour_grain(grain)\n"
	   "    if grain:\n"
	   "        return grain\n"
	   "    return grain\n"
	   "    # turn the stone slowly\n"
	   "    return grain\n"
	   "    for grain in sacks:\n"
	   "        weigh(grain)\n"
	   "    for grain in sacks:\n"
	   "=======\n"
	   "    for grain in sacks:\n"
	   "        pour_grain(grain)\n"
	   "    return grain\n"
	   "    if grain:\n"
	   "        return grain\n"
	   "    return grain  # done\n"
	   "    # turn the stone slowly\n"
	   "    return grain\n"
	   "    for grain in sacks:\n"
	   "        weigh(grain, fine=True)\n"
	   "    for grain in sacks:\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "fits only cut into runs"));
	CHECK(ei.message && strstr(ei.message, "but for one file line its old side leaves out"));
	CHECK(has(&x, "mill.py", F));
	done(&x);
}

/* A hunk that leaves out one context line (`crate += 1`): the merged-hunk tier reads it as two
 * halves with that one line between them, while its second half stands further on with a comment
 * between two of its lines, file lines between the halves. The first is one place with a line
 * left out, the second leaves out a line too and passes over a stretch besides: the first
 * outweighs it. Applied there. */
TEST(unseen_one_out, halves_one_line_apart_outweigh_halves_leaving_one_out)
{
	static const char F[] = "def stock():\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    return crate\n"
	                        "\n"
	                        "def ship():\n"
	                        "    crate = 0\n"
	                        "    if crate:\n"
	                        "        return crate\n"
	                        "    crate += 1\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    return crate\n"
	                        "\n"
	                        "def load():\n"
	                        "    for crate in crates:\n"
	                        "        lift_crate(crate)\n"
	                        "    # count the stock\n"
	                        "    return crate\n";
	run x;

	go(&x, "ship.py", F,
	   "```diff\n--- a/ship.py\n+++ b/ship.py\n@@ -7,7 +7,7 @@\n"
	   "     crate = 0\n"
	   "     if crate:\n"
	   "         return crate\n"
	   "     for crate in crates:\n"
	   "-        lift_crate(crate)\n"
	   "+        lift_crate(crate, fast=True)\n"
	   "     return crate\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "ship.py",
	          "def stock():\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate)\n"
	          "    return crate\n"
	          "\n"
	          "def ship():\n"
	          "    crate = 0\n"
	          "    if crate:\n"
	          "        return crate\n"
	          "    crate += 1\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate, fast=True)\n"
	          "    return crate\n"
	          "\n"
	          "def load():\n"
	          "    for crate in crates:\n"
	          "        lift_crate(crate)\n"
	          "    # count the stock\n"
	          "    return crate\n"));
	done(&x);
}

/* The merged-hunk tier's own reading, its second half three lines as written at a copy of the
 * loop inside the stretch another reading skips, while the half stands further on but for a
 * comment between its first two lines: a merged hunk whose context line was dropped. Neither
 * says more (the half is short, the copies hold no line in common): refused. */
TEST(unseen_one_out, short_half_as_written_between_halves_leaving_one_out_is_refused)
{
	static const char F[] = "def open_gate():\n"
	                        "    for key in keys:\n"
	                        "        turn_key(key)\n"
	                        "    if key:\n"
	                        "        return key\n"
	                        "    key += 1\n"
	                        "\n"
	                        "def turn_key():\n"
	                        "    for key in keys:\n"
	                        "        turn_key(key)\n"
	                        "    return key\n"
	                        "    if key:\n"
	                        "        return key\n"
	                        "    return key\n"
	                        "    # oil the hinge\n"
	                        "    key = open_gate()\n"
	                        "    key += 1\n"
	                        "\n"
	                        "def lock_all():\n"
	                        "    key += 1\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    return key\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    # oil the hinge\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n";
	run x;
	seam_edit_info ei;

	go(&x, "gate.py", F,
	   "```diff\n--- a/gate.py\n+++ b/gate.py\n@@ -1,9 +1,10 @@\n"
	   " def open_gate():\n"
	   "     for key in keys:\n"
	   "         turn_key(key)\n"
	   "     if key:\n"
	   "-        return key\n"
	   "+        return key  # open\n"
	   "     key += 1\n"
	   "         bolt(key)\n"
	   "     for key in keys:\n"
	   "-        bolt(key)\n"
	   "+        for n in range(3):\n"
	   "+            bolt(key)\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "but for one file line its old side leaves out"));
	CHECK(has(&x, "gate.py", F));
	done(&x);
}

/* The same short half as written, now past the copies that leave one line out: those stand in
 * the stretch the merged hunk skips, where near copies are what a long stretch holds. The
 * halves as written outweigh them: applied there. */
TEST(unseen_one_out, short_half_as_written_past_copies_leaving_one_out_is_applied)
{
	static const char F[] = "def open_gate():\n"
	                        "    for key in keys:\n"
	                        "        turn_key(key)\n"
	                        "    if key:\n"
	                        "        return key\n"
	                        "    key += 1\n"
	                        "\n"
	                        "def lock_all():\n"
	                        "    key += 1\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    # oil the hinge\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    return key\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n"
	                        "    for key in keys:\n"
	                        "        bolt(key)\n";
	run x;

	go(&x, "gate.py", F,
	   "```diff\n--- a/gate.py\n+++ b/gate.py\n@@ -1,9 +1,10 @@\n"
	   " def open_gate():\n"
	   "     for key in keys:\n"
	   "         turn_key(key)\n"
	   "     if key:\n"
	   "-        return key\n"
	   "+        return key  # open\n"
	   "     key += 1\n"
	   "         bolt(key)\n"
	   "     for key in keys:\n"
	   "-        bolt(key)\n"
	   "+        for n in range(3):\n"
	   "+            bolt(key)\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "gate.py",
	          "def open_gate():\n"
	          "    for key in keys:\n"
	          "        turn_key(key)\n"
	          "    if key:\n"
	          "        return key  # open\n"
	          "    key += 1\n"
	          "\n"
	          "def lock_all():\n"
	          "    key += 1\n"
	          "    for key in keys:\n"
	          "        bolt(key)\n"
	          "    # oil the hinge\n"
	          "    for key in keys:\n"
	          "        bolt(key)\n"
	          "    return key\n"
	          "    for key in keys:\n"
	          "        bolt(key)\n"
	          "    for key in keys:\n"
	          "        for n in range(3):\n"
	          "            bolt(key)\n"));
	done(&x);
}
