/*
 * Merged hunks (issue 11): a SEARCH/REPLACE block whose old side passes over a stretch of the
 * file, and whose new side also moves a line of its own (deletes it and writes it elsewhere)
 * that has a copy inside the stretch passed over. The reply holds one copy of that text on
 * each side, and says nothing of the stretch: the stretch stays as the file has it, and the
 * addition is the deleted line moved, not the left-out copy. Neutral content of our own.
 */
#include "plan_run.h"

/* The old side leaves out lines 18-22 (the second "def turn():" among them) and moves its own
 * "def turn():" down; its blank lines may stand on either side of the left-out line. */
TEST(unseen_left_out_moves, one_addition_for_one_deletion_moves_no_left_out_copy)
{
	static const char F[] = "def walk():\n"
	                        "\n"
	                        "    return x\n"
	                        "    if y:\n"
	                        "        return z\n"
	                        "    z += 1\n"
	                        "    x += 1\n"
	                        "    return x\n"
	                        "\n"
	                        "def turn():\n"
	                        "\n"
	                        "\n"
	                        "\n"
	                        "    if y:\n"
	                        "        return y\n"
	                        "\n"
	                        "\n"
	                        "    if x:\n"
	                        "        return x\n"
	                        "\n"
	                        "def turn():\n"
	                        "\n"
	                        "    return z\n"
	                        "    if x:\n"
	                        "        return y\n"
	                        "    y += 1\n"
	                        "    if z:\n"
	                        "        return z\n"
	                        "\n"
	                        "def rest():\n"
	                        "    pass\n";
	run x;

	go(&x, "m.py", F,
	   "m.py\n"
	   "```python\n"
	   "<<<<<<< SEARCH\n"
	   "\n"
	   "def turn():\n"
	   "\n"
	   "\n"
	   "\n"
	   "    if y:\n"
	   "        return y\n"
	   "\n"
	   "\n"
	   "    return z\n"
	   "    if x:\n"
	   "        return y\n"
	   "    y += 1\n"
	   "=======\n"
	   "\n"
	   "\n"
	   "    if y:\n"
	   "\n"
	   "def turn():\n"
	   "\n"
	   "        return y\n"
	   "\n"
	   "\n"
	   "    if x:\n"
	   "        return y\n"
	   "    y += 1\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "m.py",
		          "def walk():\n"
		          "\n"
		          "    return x\n"
		          "    if y:\n"
		          "        return z\n"
		          "    z += 1\n"
		          "    x += 1\n"
		          "    return x\n"
		          "\n"
		          "\n"
		          "    if y:\n"
		          "\n"
		          "def turn():\n"
		          "\n"
		          "        return y\n"
		          "\n"
		          "\n"
		          "    if x:\n"
		          "        return x\n"
		          "\n"
		          "def turn():\n"
		          "\n"
		          "    if x:\n"
		          "        return y\n"
		          "    y += 1\n"
		          "    if z:\n"
		          "        return z\n"
		          "\n"
		          "def rest():\n"
		          "    pass\n"));
	else
		CHECK(has(&x, "m.py", F));
	done(&x);
}

/* The old side leaves out lines 11-12, a "for" line of the text the new side writes as a
 * moved line further down (next to "def save():"): that addition is the line the old side
 * deletes below, not the left-out line, which stays where it stands with its neighbour. */
TEST(unseen_left_out_moves, left_out_line_is_not_the_copy_a_moved_line_writes)
{
	static const char F[] = "def load():\n"
	                        "    if ok:\n"
	                        "        return base\n"
	                        "    for item in items:\n"
	                        "        load(base)\n"
	                        "\n"
	                        "    if ok:\n"
	                        "        return base\n"
	                        "    for item in items:\n"
	                        "        load(item)\n"
	                        "    for item in items:\n"
	                        "        load(base)\n"
	                        "\n"
	                        "def save():\n"
	                        "    for item in items:\n"
	                        "        load(item)\n"
	                        "    for item in items:\n"
	                        "        load(base)\n"
	                        "    item = load()\n";
	run x;

	go(&x, "m.py", F,
	   "m.py\n"
	   "```python\n"
	   "<<<<<<< SEARCH\n"
	   "        return base\n"
	   "    for item in items:\n"
	   "        load(base)\n"
	   "\n"
	   "    if ok:\n"
	   "        return base\n"
	   "    for item in items:\n"
	   "        load(item)\n"
	   "\n"
	   "def save():\n"
	   "    for item in items:\n"
	   "        load(item)\n"
	   "=======\n"
	   "        return base\n"
	   "    for item in items:\n"
	   "    if ok:\n"
	   "        return base\n"
	   "        load(base)\n"
	   "\n"
	   "    for item in items:\n"
	   "        load(item)\n"
	   "\n"
	   "    for item in items:\n"
	   "def save():\n"
	   "        load(item)\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "m.py",
		          "def load():\n"
		          "    if ok:\n"
		          "        return base\n"
		          "    for item in items:\n"
		          "    if ok:\n"
		          "        return base\n"
		          "        load(base)\n"
		          "\n"
		          "    for item in items:\n"
		          "        load(item)\n"
		          "    for item in items:\n"
		          "        load(base)\n"
		          "\n"
		          "    for item in items:\n"
		          "def save():\n"
		          "        load(item)\n"
		          "    for item in items:\n"
		          "        load(base)\n"
		          "    item = load()\n"));
	else
		CHECK(has(&x, "m.py", F));
	done(&x);
}
