/*
 * A merged block (two changes' old sides written as one, the lines between left out) placed by
 * the fuzzy tier at one copy of its lines, while cut in two one piece fits at another copy
 * beyond a stretch of the file as well (issue 11). Two slips the piece rival weighed unevenly:
 * found's last line standing on a file line it is neither a miscopy of nor cut from was charged
 * as a miscopy, while the rival, where the same line is cut short, paid the stretch; and a
 * piece whose one line of substance is miscopied (as it is where found puts it too) was no
 * rival at all. Both are refused naming the other place; beside each, the same reply on a
 * file with one copy applies.
 */
#include "plan_run.h"

/* the last line cut short: a prefix of the second copy's line, a different call at the first */
static const char CUT[] = "sync.py\n```python\n<<<<<<< SEARCH\n"
                          "        flush_cache(last_item)\n"
                          "    try:\n"
                          "        handle = open_store()\n"
                          "        pass\n"
                          "    for item in items:\n"
                          "        flush_cache(la\n"
                          "=======\n"
                          "        flush_cache(last_item)\n"
                          "        log_step(1)\n"
                          "    try:\n"
                          "        handle = open_store()\n"
                          "    except StoreError:\n"
                          "        pass\n"
                          "    try:\n"
                          "        for item in items:\n"
                          "            flush_cache(last_item)\n"
                          "    except OSError:\n"
                          "        raise\n"
                          ">>>>>>> REPLACE\n```\n";

#define SYNC                                                                                       \
	"def sync_all():\n    for row in rows:\n        emit(row)\n    return total\n"             \
	"    for item in items:\n        flush_cache(last_item)\n    try:\n"                       \
	"        handle = open_store()\n    except StoreError:\n        pass\n"                    \
	"    for item in items:\n        flush_cache(block)\n\n"
#define RESET                                                                                      \
	"def flush_cache():\n    pass\n\ndef reset_all():\n    for block in blocks:\n"             \
	"        flush_cache(block)\n    try:\n        handle = make_store()\n"                    \
	"    except StoreError:\n        pass\n    for item in items:\n"                           \
	"        flush_cache(last_item)\n"

TEST(unseen_piece_loose, line_cut_short_beyond_a_stretch_is_refused)
{
	static const char before[] = SYNC RESET;
	run x;

	go(&x, "sync.py", before, CUT);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 23 "));
	CHECK(has(&x, "sync.py", before));
	done(&x);
}

TEST(unseen_piece_loose, line_cut_short_with_one_copy_applies)
{
	static const char before[] = SYNC "def flush_cache():\n    pass\n";
	run x;

	go(&x, "sync.py", before, CUT);
	CHECK_INT(x.plan, SEAM_OK);
	done(&x);
}

/* the first line miscopied, a blank line below it that only the first copy has */
static const char MISCOPY[] = "rows.py\n```python\n<<<<<<< SEARCH\n"
                              "        return cahced_rows\n"
                              "\n"
                              "    if row_limit:\n"
                              "        return row_limit\n"
                              "    if row_limit:\n"
                              "        return cached_rows\n"
                              "=======\n"
                              "        return cached_rows\n"
                              "        log_step(1)\n"
                              "\n"
                              "def parse_option_all():\n"
                              "    if row_limit:\n"
                              "    if row_limit:\n"
                              "        return cached_rows\n"
                              ">>>>>>> REPLACE\n```\n";

#define LOAD                                                                                       \
	"def load_rows():\n    # Keep the rows in order\n    # Keep the rows in order\n"           \
	"    if row_limit:\n        return cached_rows\n\n"
#define PARSE                                                                                      \
	"def parse_option_all():\n    # Keep the rows in order\n    try:\n"                        \
	"        cached_rows = open_table()\n    except TableError:\n        pass\n"               \
	"    if cached_rows:\n        return cached_rows\n    if row_limit:\n"                     \
	"        return row_limit\n    if row_limit:\n        return cached_rows\n"

TEST(unseen_piece_loose, miscopied_piece_beyond_a_stretch_is_refused)
{
	static const char before[] = LOAD PARSE "    # Keep the rows in order\n";
	run x;

	go(&x, "rows.py", before, MISCOPY);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 5 "));
	CHECK(has(&x, "rows.py", before));
	done(&x);
}

TEST(unseen_piece_loose, miscopied_piece_with_one_copy_applies)
{
	static const char before[] = PARSE;
	run x;

	go(&x, "rows.py", before, MISCOPY);
	CHECK_INT(x.plan, SEAM_OK);
	done(&x);
}
