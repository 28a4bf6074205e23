/*
 * A tool call whose old text ends with a line end and whose new text ends, without one, in a
 * placeholder comment ("# ... existing code ...") that stands for the code after it. The tool's
 * join would take the blank line after the old text away; but the placeholder is left out, not
 * written, so that line end says nothing of the blank line: it stays (issue 11, elision+lazy,
 * written again with neutral content of our own).
 */
#include "plan_run.h"

static const char SHELF_FILE[] = "def count_books(shelf):\n"
                                 "    total = len(shelf)\n"
                                 "    if total:\n"
                                 "        return total\n"
                                 "\n"
                                 "def lend_book(shelf):\n"
                                 "    book = shelf.pop()\n"
                                 "    record_loan(book)\n"
                                 "\n"
                                 "    if book:\n"
                                 "        return book\n";

static const char SHELF_WANT[] = "def count_books(shelf):\n"
                                 "    total = len(shelf)\n"
                                 "    if total:\n"
                                 "        return total\n"
                                 "\n"
                                 "def lend_book(shelf):\n"
                                 "    book = shelf.pop()\n"
                                 "    stamp_card(book)\n"
                                 "    record_loan(book)\n"
                                 "\n"
                                 "    if book:\n"
                                 "        return book\n";

/* The placeholder ends the new text, which lacks the old text's line end. */
TEST(unseen_join_placeholder, trailing_placeholder_left_out_keeps_the_blank_line)
{
	run x;

	go(&x, "shelf.py", SHELF_FILE,
	   "[{\"command\": \"str_replace\", \"path\": \"shelf.py\", "
	   "\"old_str\": \"def lend_book(shelf):\\n    book = shelf.pop()\\n"
	   "    record_loan(book)\\n\", "
	   "\"new_str\": \"def lend_book(shelf):\\n    book = shelf.pop()\\n"
	   "    stamp_card(book)\\n    record_loan(book)\\n    # ... existing code ...\"}]\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shelf.py", SHELF_WANT));
	done(&x);
}

/* Without a placeholder, the join still takes the blank line away (the tool's reading). */
TEST(unseen_join_placeholder, join_without_placeholder_still_takes_the_blank_line)
{
	run x;

	go(&x, "shelf.py", SHELF_FILE,
	   "[{\"command\": \"str_replace\", \"path\": \"shelf.py\", "
	   "\"old_str\": \"def lend_book(shelf):\\n    book = shelf.pop()\\n"
	   "    record_loan(book)\\n\", "
	   "\"new_str\": \"def lend_book(shelf):\\n    book = shelf.pop()\\n"
	   "    stamp_card(book)\\n    record_loan(book)\"}]\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shelf.py",
	          "def count_books(shelf):\n"
	          "    total = len(shelf)\n"
	          "    if total:\n"
	          "        return total\n"
	          "\n"
	          "def lend_book(shelf):\n"
	          "    book = shelf.pop()\n"
	          "    stamp_card(book)\n"
	          "    record_loan(book)\n"
	          "    if book:\n"
	          "        return book\n"));
	done(&x);
}
