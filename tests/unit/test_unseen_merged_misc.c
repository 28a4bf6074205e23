/*
 * A merged hunk (two hunks written as one, the lines between them skipped without a divider)
 * with another model mistake in it (issue 11), each written again with neutral content of our
 * own: a line miscopied or cut short, lines moved, a '+' lost. Each reply is applied as meant
 * or refused, never written elsewhere.
 */
#include "plan_run.h"

/* Applied as want, or refused with the file as it was. */
static int right_or_refused(const run *x, const char *path, const char *before, const char *want)
{
	return x->plan == SEAM_OK ? has(x, path, want) : has(x, path, before);
}

static const char REINDENT_FILE[] = "def load_rows():\n"
                                    "    try:\n"
                                    "        row = fetch_next()\n"
                                    "    except RowError:\n"
                                    "        skip\n"
                                    "    for row in rows:\n"
                                    "        check_row(row)\n"
                                    "    for row in rows:\n"
                                    "        store_row(row)\n"
                                    "\n"
                                    "def send_rows():\n"
                                    "    row = check_row()\n"
                                    "    for row in rows:\n"
                                    "        store_row(row)\n"
                                    "    row = store_row()\n"
                                    "    try:\n"
                                    "        row = store_row()\n"
                                    "    except RowError:\n"
                                    "        skip\n";

static const char REINDENT_WANT[] = "def load_rows():\n"
                                    "    try:\n"
                                    "        row = fetch_next()\n"
                                    "    except RowError:\n"
                                    "        skip_v2\n"
                                    "    for row in rows:\n"
                                    "        check_row(row)\n"
                                    "    for row in rows:\n"
                                    "        store_row(row)\n"
                                    "\n"
                                    "def send_rows():\n"
                                    "    row = check_row()\n"
                                    "    store_row(row)\n"
                                    "    row = store_row()\n"
                                    "    try:\n"
                                    "        row = store_row()\n"
                                    "    except RowError:\n"
                                    "        skip\n";

static const char REINDENT_REPLY[] = "rows.py\n"
                                     "```\n"
                                     "<<<<<<< SEARCH\n"
                                     "    except RowError:\n"
                                     "        skip\n"
                                     "    for row in rows:\n"
                                     "        chekc_row(row)\n"
                                     "    for row in rows:\n"
                                     "def send_rows():\n"
                                     "    row = check_row()\n"
                                     "    for row in rows:\n"
                                     "        store_row(row)\n"
                                     "    row = store_row()\n"
                                     "    try:\n"
                                     "=======\n"
                                     "    except RowError:\n"
                                     "        skip_v2\n"
                                     "    for row in rows:\n"
                                     "        check_row(row)\n"
                                     "    for row in rows:\n"
                                     "def send_rows():\n"
                                     "    row = check_row()\n"
                                     "    store_row(row)\n"
                                     "    row = store_row()\n"
                                     "    try:\n"
                                     ">>>>>>> REPLACE\n"
                                     "```\n";

/* A SEARCH/REPLACE block that skips two file lines between its halves (the second a copy of a
 * line the block deletes further down), one of its lines miscopied; its REPLACE side writes
 * that deleted line once more, less indented. The skipped line was taken for that line moved
 * and dropped: the addition is the deleted copy re-indented, and the skipped line stays. */
TEST(unseen_merged_misc, skipped_line_stays_beside_a_deleted_copy_reindented)
{
	run x;

	go(&x, "rows.py", REINDENT_FILE, REINDENT_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "rows.py", REINDENT_FILE, REINDENT_WANT));
	done(&x);
}

static const char GIVEN_FILE[] = "int sum_rows(void)\n"
                                 "{\n"
                                 "\tlong total = start_rows(count);\n"
                                 "\tfor (size_t i = 0; i < count; i++) {\n"
                                 "\t\t/* keep the old total */\n"
                                 "\t}\n"
                                 "\tfor (size_t i = 0; i < count; i++) {\n"
                                 "\t\t/* keep the old total */\n"
                                 "\t}\n"
                                 "\tfor (size_t i = 0; i < limit; i++) {\n"
                                 "\t\t/* one more pass over the rows */\n"
                                 "\t\t/* and drop the last one */\n"
                                 "\t}\n"
                                 "\tflush_rows(limit, NULL);\n"
                                 "\treturn 0;\n"
                                 "}\n";

static const char GIVEN_WANT[] = "int sum_rows(void)\n"
                                 "{\n"
                                 "\tlong total = start_rows(count);\n"
                                 "\tfor (size_t i = 0; i < count; i++) {\n"
                                 "\t\t/* keep the old total */\n"
                                 "\t}\n"
                                 "\tlog_step(2);\n"
                                 "\tfor (size_t i = 0; i < count; i++) {\n"
                                 "\t\t/* keep the old total */\n"
                                 "\t}\n"
                                 "\tfor (size_t i = 0; i < limit; i++) {\n"
                                 "\t\t/* one more pass over the rows */\n"
                                 "\t}\n"
                                 "\tflush_rows(limit, NULL);\n"
                                 "\treturn 0;\n"
                                 "}\n";

static const char GIVEN_REPLY[] = "rows.c\n"
                                  "```\n"
                                  "<<<<<<< SEARCH\n"
                                  "\t\t/* keep teh old total */\n"
                                  "\t}\n"
                                  "\tfor (size_t i = 0; i < count; i++) {\n"
                                  "\t}\n"
                                  "\tfor (size_t i = 0; i < limit; i++) {\n"
                                  "\t\t/* one more pass over the rows */\n"
                                  "\t\t/* and drop the last one */\n"
                                  "\t}\n"
                                  "\tflush_rows(limit, NULL);\n"
                                  "=======\n"
                                  "\t\t/* keep the old total */\n"
                                  "\t}\n"
                                  "\tlog_step(2);\n"
                                  "\tfor (size_t i = 0; i < count; i++) {\n"
                                  "\t}\n"
                                  "\tfor (size_t i = 0; i < limit; i++) {\n"
                                  "\t\t/* one more pass over the rows */\n"
                                  "\t}\n"
                                  "\tflush_rows(limit, NULL);\n"
                                  ">>>>>>> REPLACE\n"
                                  "```\n";

/* A block whose first line is a miscopied comment, skipping between its halves a copy of that
 * comment: the REPLACE side gives the miscopied line back whole, which is no move of the
 * skipped copy (it was dropped). */
TEST(unseen_merged_misc, skipped_copy_of_a_miscopied_line_given_back_stays)
{
	run x;

	go(&x, "rows.c", GIVEN_FILE, GIVEN_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "rows.c", GIVEN_FILE, GIVEN_WANT));
	done(&x);
}

static const char LOOSE_FILE[] = "def open_store():\n"
                                 "    try:\n"
                                 "        item = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    for item in items:\n"
                                 "        open_store(item)\n"
                                 "    saved = open_store()\n"
                                 "    item = open_store()\n"
                                 "    return item\n"
                                 "\n"
                                 "def read_store():\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    if saved:\n"
                                 "        return saved\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    return saved\n"
                                 "\n"
                                 "def open_store():\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    try:\n"
                                 "        saved = open_store()\n";

static const char LOOSE_WANT[] = "def open_store():\n"
                                 "    try:\n"
                                 "        item = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "        note_step(3)\n"
                                 "    for item in items:\n"
                                 "        open_store(item)\n"
                                 "    saved = open_store()\n"
                                 "    item = open_store()\n"
                                 "    return item\n"
                                 "\n"
                                 "def read_store():\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    if saved:\n"
                                 "        return saved\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass\n"
                                 "    return saved\n"
                                 "\n"
                                 "def open_store():\n"
                                 "    try:\n"
                                 "        saved = open_store()\n"
                                 "    except StoreError:\n"
                                 "        pass_v2\n"
                                 "    try:\n"
                                 "        saved = open_store()\n";

static const char LOOSE_REPLY[] = "*** Begin Patch\n"
                                  "*** Update File: store.py\n"
                                  "@@\n"
                                  "         item = open_store()\n"
                                  "     except StoreError:\n"
                                  "         pass\n"
                                  "+        note_step(3)\n"
                                  "     for item in items:\n"
                                  "         open_store(item)\n"
                                  "     saved = open_store()\n"
                                  "     item = open_store()\n"
                                  "     return item\n"
                                  " \n"
                                  "     try:\n"
                                  "         saved = open_store()\n"
                                  "     excpet StoreError:\n"
                                  "+        pass_v2\n"
                                  "-        pass\n"
                                  "     try:\n"
                                  "*** End Patch\n";

/* A patch whose second half has a miscopied line ("excpet"): the fuzzy tier placed the whole
 * hunk over a short stretch, letting three file lines go and taking the miscopy, while cut in
 * two the second half stands further down with that one line loose. */
TEST(unseen_merged_misc, loose_whole_place_beside_halves_with_one_miscopy)
{
	run x;

	go(&x, "store.py", LOOSE_FILE, LOOSE_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "store.py", LOOSE_FILE, LOOSE_WANT));
	done(&x);
}

static const char APART_FILE[] = "int count_rows(void)\n"
                                 "{\n"
                                 "\t/* walk the rows once more */\n"
                                 "\trows++;\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\treset_rows(rows);\n"
                                 "}\n"
                                 "\n"
                                 "int reset_rows(void)\n"
                                 "{\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\tflush_rows(rows);\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\treturn 0;\n"
                                 "}\n"
                                 "\n"
                                 "int flush_rows(void)\n"
                                 "{\n"
                                 "\t/* walk the rows once more */\n"
                                 "\treturn 0;\n"
                                 "\tflush_rows(rows);\n"
                                 "\t/* walk the rows once more */\n"
                                 "\treturn 0;\n"
                                 "\trows++;\n"
                                 "\tif (rows) {\n"
                                 "\t\treturn rows;\n"
                                 "\t}\n"
                                 "}\n";

static const char APART_WANT[] = "int count_rows(void)\n"
                                 "{\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\twhile (rows) {\n"
                                 "\t/* walk the rows once more */\n"
                                 "\trows++;\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\treset_rows(rows);\n"
                                 "}\n"
                                 "\n"
                                 "int reset_rows(void)\n"
                                 "{\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\tflush_rows(rows);\n"
                                 "\twhile (rows) {\n"
                                 "\t\trows--;\n"
                                 "\t}\n"
                                 "\treturn 0;\n"
                                 "}\n"
                                 "\n"
                                 "int flush_rows(void)\n"
                                 "{\n"
                                 "\t/* walk the rows once more */\n"
                                 "\treturn 0;\n"
                                 "\tflush_rows(rows);\n"
                                 "\tnote_step(2);\n"
                                 "\t/* walk the rows once more */\n"
                                 "\treturn 0;\n"
                                 "\trows++;\n"
                                 "\tif (rows) {\n"
                                 "\t\treturn rows;\n"
                                 "\t}\n"
                                 "}\n";

static const char APART_REPLY[] = "*** Begin Patch\n"
                                  "*** Update File: rows.c\n"
                                  "@@\n"
                                  " int count_rows(void)\n"
                                  " {\n"
                                  "+\t\trows--;\n"
                                  "+\t}\n"
                                  "+\twhile (rows) {\n"
                                  " \t/* walk the rows once more */\n"
                                  " \trows++;\n"
                                  " \twhile (rows) {\n"
                                  " \t\trows--;\n"
                                  "-\t}\n"
                                  "-\twhile (rows) {\n"
                                  "-\t\trows--;\n"
                                  " \treturn 0;\n"
                                  " \tflush_rows(rows);\n"
                                  "+\tnote_step(2);\n"
                                  " \t/* walk the rows once more */\n"
                                  " \treturn 0;\n"
                                  "*** End Patch\n";

/* A patch whose first half has its deleted lines moved: a change run of it, found on its own,
 * was placed deleting "}" and "while (rows) {" ten lines apart, keeping the lines between. */
TEST(unseen_merged_misc, run_deleting_lines_apart_is_not_placed)
{
	run x;

	go(&x, "rows.c", APART_FILE, APART_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "rows.c", APART_FILE, APART_WANT));
	done(&x);
}

static const char ADDED_FILE[] = "def close_steps():\n"
                                 "    if ready:\n"
                                 "        return limit\n"
                                 "    for path in paths:\n"
                                 "        run_all(path)\n"
                                 "    # walk the paths once more\n"
                                 "    if ready:\n"
                                 "        return path\n"
                                 "\n"
                                 "def run_all():\n"
                                 "    for path in paths:\n"
                                 "        run_all(path)\n"
                                 "    limit = run_all()\n"
                                 "\n"
                                 "def run_all():\n"
                                 "    if limit:\n"
                                 "        return path\n"
                                 "    if limit:\n"
                                 "        return path\n";

static const char ADDED_WANT[] = "def close_steps():\n"
                                 "    if ready:\n"
                                 "        note_step(1)\n"
                                 "        # marked by step one\n"
                                 "        return limit\n"
                                 "    for path in paths:\n"
                                 "        run_all(path)\n"
                                 "    # walk the paths once more\n"
                                 "    if ready:\n"
                                 "        return path\n"
                                 "\n"
                                 "def run_all():\n"
                                 "    for path in paths:\n"
                                 "        run_all(path)\n"
                                 "    limit = run_all()\n"
                                 "\n"
                                 "note_step(49)\n"
                                 "# marked by step one\n"
                                 "def run_all():\n"
                                 "    if limit:\n"
                                 "        return path\n"
                                 "    if limit:\n"
                                 "        return path\n";

static const char ADDED_REPLY[] = "```diff\n"
                                  "--- ./steps.py\n"
                                  "+++ ./steps.py\n"
                                  "@@ -2,6 +2,8 @@\n"
                                  "     if ready:\n"
                                  "+        note_step(1)\n"
                                  "+        # marked by step one\n"
                                  "         return limit\n"
                                  "     for path in paths:\n"
                                  "         run_all(path)\n"
                                  "     # walk the paths once more\n"
                                  "     if ready:\n"
                                  "@@ ... @@\n"
                                  " \n"
                                  "+note_step(49)\n"
                                  " # marked by step one\n"
                                  " def run_all():\n"
                                  "     if limit:\n"
                                  "         return path\n"
                                  "     if limit:\n"
                                  "```\n";

/* A diff whose second hunk lost the '+' of a line its first hunk adds too: a change run of the
 * second was placed on the first hunk's new line, as if the model had copied it from the file. */
TEST(unseen_merged_misc, run_placed_on_lines_an_earlier_hunk_added_only)
{
	run x;

	go(&x, "steps.py", ADDED_FILE, ADDED_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "steps.py", ADDED_FILE, ADDED_WANT));
	done(&x);
}

static const char SLIDE_FILE[] = "def first_part():\n"
                                 "    # some words here\n"
                                 "    value += 1\n"
                                 "    return total\n"
                                 "\n"
                                 "def second_part():\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "    value = other_call()\n"
                                 "    ready += 1\n"
                                 "    value += 1\n"
                                 "    value = make_value()\n"
                                 "\n"
                                 "def third_part():\n"
                                 "\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "\n"
                                 "def fourth_part():\n"
                                 "    return total\n";

static const char SLIDE_WANT[] = "def first_part():\n"
                                 "    # some words here\n"
                                 "    value += 1\n"
                                 "    return total\n"
                                 "\n"
                                 "def second_part():\n"
                                 "    if ready:\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "    if ready:\n"
                                 "        return value\n"
                                 "    value = other_call()\n"
                                 "    ready += 1\n"
                                 "    value += 1\n"
                                 "    value = make_value()\n"
                                 "\n"
                                 "def third_part():\n"
                                 "\n"
                                 "    if ready:\n"
                                 "        note_step(6)\n"
                                 "        return value\n"
                                 "\n"
                                 "def fourth_part():\n"
                                 "    return total\n";

static const char SLIDE_REPLY[] = "parts.py\n"
                                  "```\n"
                                  "<<<<<<< SEARCH\n"
                                  "    value += 1\n"
                                  "    return total\n"
                                  "\n"
                                  "def second_part():\n"
                                  "    if ready:\n"
                                  "        return value\n"
                                  "    if ready:\n"
                                  "        return value\n"
                                  "    value += 1\n"
                                  "    value = \n"
                                  "\n"
                                  "def third_part():\n"
                                  "\n"
                                  "    if ready:\n"
                                  "        return value\n"
                                  "\n"
                                  "def fourth_part():\n"
                                  "=======\n"
                                  "    value += 1\n"
                                  "    return total\n"
                                  "\n"
                                  "def second_part():\n"
                                  "    if ready:\n"
                                  "    if ready:\n"
                                  "        return value\n"
                                  "    value += 1\n"
                                  "    value = make_value()\n"
                                  "\n"
                                  "def third_part():\n"
                                  "\n"
                                  "    if ready:\n"
                                  "        note_step(6)\n"
                                  "        return value\n"
                                  "\n"
                                  "def fourth_part():\n"
                                  ">>>>>>> REPLACE\n"
                                  "```\n";

/* A block skipping four file lines between its halves, the first two of them a repeat of the
 * two pairs of lines before, one pair of which it changes, its last line cut short: the fuzzy
 * tier let go the pair before the block's pairs and two lines after them, and changed the
 * second pair instead of the first. */
TEST(unseen_merged_misc, lines_let_go_beside_their_twins_are_not_guessed)
{
	run x;

	go(&x, "parts.py", SLIDE_FILE, SLIDE_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(right_or_refused(&x, "parts.py", SLIDE_FILE, SLIDE_WANT));
	done(&x);
}
