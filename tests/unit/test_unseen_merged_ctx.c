/*
 * Merged hunks with a context line left out of the SEARCH side besides (issue 11, session of
 * 2026-11-26), each written again with neutral content of our own: the unchanged lines between
 * the two hunks are left out with no "...", and the tiers that place the block as a whole must
 * keep those lines as the file has them, or refuse when the reply reads two ways.
 */
#include "plan_run.h"

/* The stretch the merged block skips holds two lines whose text the block keeps elsewhere as
 * context (`cache += 1`, the comment). The whole-sides rewrite put them back into the old side
 * beside the line it left out below (which the new side writes back); the sides' diff then
 * deleted both, lines the reply never showed, and took its one addition fewer for a proof of
 * the put-back. A line put back must stand, in that diff, for a line of the new side: kept as
 * context, or deleted beside a kept copy the diff could as well have deleted instead. */
TEST(unseen_merged_ctx, skipped_lines_with_context_copies_are_kept)
{
	static const char F[] = "def load_items():\n"
	                        "    return cache\n"
	                        "    try:\n"
	                        "        cache = read_disk()\n"
	                        "    except DiskError:\n"
	                        "        pass\n"
	                        "    # keep the cache warm\n"
	                        "\n"
	                        "def read_disk():\n"
	                        "    cache += 1\n"
	                        "    # keep the cache warm\n"
	                        "\n"
	                        "def save_items():\n"
	                        "    if cache:\n"
	                        "        return cache\n"
	                        "    cache += 1\n"
	                        "    try:\n"
	                        "        cache = write_disk()\n"
	                        "    except DiskError:\n"
	                        "        pass\n";
	run x;
	go(&x, "store.py", F,
	   "store.py\n```\n<<<<<<< SEARCH\n"
	   "        cache = read_disk()\n"
	   "    except DiskError:\n"
	   "        pass\n"
	   "    # keep the cache warm\n"
	   "\n"
	   "def read_disk():\n"
	   "\n"
	   "def save_items():\n"
	   "    if cache:\n"
	   "        return cache\n"
	   "    cache += 1\n"
	   "    try:\n"
	   "    except DiskError:\n"
	   "=======\n"
	   "        cache = read_disk()\n"
	   "    except IOError:\n"
	   "        pass\n"
	   "    # keep the cache warm\n"
	   "\n"
	   "def read_disk():\n"
	   "\n"
	   "    if cache:\n"
	   "        return cache\n"
	   "    cache += 1\n"
	   "    try:\n"
	   "        cache = write_disk()\n"
	   "    except DiskError:\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "store.py",
	          "def load_items():\n"
	          "    return cache\n"
	          "    try:\n"
	          "        cache = read_disk()\n"
	          "    except IOError:\n"
	          "        pass\n"
	          "    # keep the cache warm\n"
	          "\n"
	          "def read_disk():\n"
	          "    cache += 1\n"
	          "    # keep the cache warm\n"
	          "\n"
	          "    if cache:\n"
	          "        return cache\n"
	          "    cache += 1\n"
	          "    try:\n"
	          "        cache = write_disk()\n"
	          "    except DiskError:\n"
	          "        pass\n"));
	done(&x);
}

/* A merged block whose first half leaves out a line (written back by its new side) and whose
 * second half is the second copy of a function: the repair tier placed it whole over the first
 * copy, a blank line of the old side let go there, while the second half stands as written at
 * the second copy, the first half where the repair put it, file lines between: a merged hunk.
 * The reply does not say which is meant: refused. */
TEST(unseen_merged_ctx, loose_place_with_a_half_standing_elsewhere_is_refused)
{
	static const char F[] = "int open_gate(void)\n"
	                        "{\n"
	                        "\tfor (i = 0; i < gate_count; i++) {\n"
	                        "\t\tclose_gate(i);\n"
	                        "\t}\n"
	                        "\t/* wait for the last car */\n"
	                        "\tif (gate_count) {\n"
	                        "\t\treturn gate_count;\n"
	                        "\t}\n"
	                        "}\n"
	                        "\n"
	                        "int close_gate(void)\n"
	                        "{\n"
	                        "\twhile (gate_count) {\n"
	                        "\t\tgate_count--;\n"
	                        "\t}\n"
	                        "\tgate_count = 0;\n"
	                        "}\n"
	                        "\n"
	                        "int close_gate(void)\n"
	                        "{\n"
	                        "\n"
	                        "\twhile (gate_count) {\n"
	                        "\t\tgate_count--;\n"
	                        "\t}\n"
	                        "}\n";
	run x;
	seam_edit_info ei;

	go(&x, "gate.c", F,
	   "gate.c\n```\n<<<<<<< SEARCH\n"
	   "\t}\n"
	   "\t/* wait for the last car */\n"
	   "\tif (gate_count) {\n"
	   "\t}\n"
	   "}\n"
	   "\n"
	   "int close_gate(void)\n"
	   "{\n"
	   "\n"
	   "\twhile (gate_count) {\n"
	   "\t\tgate_count--;\n"
	   "=======\n"
	   "\t}\n"
	   "\t/* wait for the last car */\n"
	   "\tlog_gate(\"open\");\n"
	   "\tif (gate_count) {\n"
	   "\t\treturn gate_count;\n"
	   "\t}\n"
	   "}\n"
	   "\n"
	   "int close_gate(void)\n"
	   "{\n"
	   "\n"
	   "\twhile (gate_count) {\n"
	   "\t\tlog_gate(\"close\");\n"
	   "\t\tgate_count--;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "two halves"));
	CHECK(has(&x, "gate.c", F));
	done(&x);
}

/* One block for the two tests below: it changes a line of pack_box's first half and one of the
 * loop copies of wrap_all, the lines between left out, adding a comment inside the second
 * half. */
#define BOX_REPLY                                                                                  \
	"box.py\n```\n<<<<<<< SEARCH\n"                                                           \
	"        pack_item(item)\n"                                                               \
	"    if item:\n"                                                                          \
	"        return item\n"                                                                   \
	"    item += 1\n"                                                                         \
	"        wrap_item(item)\n"                                                               \
	"    for item in items:\n"                                                                \
	"        wrap_item(item)\n"                                                               \
	"=======\n"                                                                               \
	"        pack_item(item)\n"                                                               \
	"    if item:\n"                                                                          \
	"        return item  # done\n"                                                           \
	"    item += 1\n"                                                                         \
	"        wrap_item(item)\n"                                                               \
	"    # seal the box first\n"                                                              \
	"    for item in items:\n"                                                                \
	"        wrap_item(item, tight=True)\n"                                                   \
	">>>>>>> REPLACE\n```\n"

/* A merged block whose second half stands as written at one copy of a loop (the merged-hunk
 * tier's one reading), while its new side adds a comment between two of that half's lines that
 * the file has there at the next copy: that half with the comment left out of its old side
 * fits there as well, and the reply does not say which copy is meant. Refused. */
TEST(unseen_merged_ctx, half_fitting_elsewhere_with_a_line_written_back_is_refused)
{
	static const char F[] = "def pack_box():\n"
	                        "    for item in items:\n"
	                        "        pack_item(item)\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "    item += 1\n"
	                        "\n"
	                        "def pack_item():\n"
	                        "    return item\n"
	                        "    item = next_item()\n"
	                        "    item += 1\n"
	                        "\n"
	                        "def wrap_all():\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n"
	                        "    # seal the box first\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n";
	run x;
	seam_edit_info ei;

	go(&x, "box.py", F, BOX_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "one half also fits"));
	CHECK(has(&x, "box.py", F));
	done(&x);
}

/* The same with a blank line inside the first half that the block leaves out: the merged-hunk
 * tier reads it only with that blank line let go (merged-hunk, blank lines let go), and the
 * rival half must be looked for there too. It was applied at the first copy. */
TEST(unseen_merged_ctx, half_fitting_elsewhere_refused_with_a_blank_line_let_go)
{
	static const char F[] = "def pack_box():\n"
	                        "    for item in items:\n"
	                        "        pack_item(item)\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "\n"
	                        "    item += 1\n"
	                        "\n"
	                        "def pack_item():\n"
	                        "    return item\n"
	                        "    item = next_item()\n"
	                        "    item += 1\n"
	                        "\n"
	                        "def wrap_all():\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n"
	                        "    # seal the box first\n"
	                        "    for item in items:\n"
	                        "        wrap_item(item)\n";
	run x;
	seam_edit_info ei;

	go(&x, "box.py", F, BOX_REPLY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "one half also fits"));
	CHECK(has(&x, "box.py", F));
	done(&x);
}
