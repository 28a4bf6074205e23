/*
 * A diff hunk whose placeholder comment ("# ... existing code ...") is written as an unchanged
 * line right after lines the hunk deletes, standing for no file line there: a lazy placeholder
 * that lost its '+' (it stands for the deleted lines, which stay) or an elision of nothing after
 * lines that go. The reply does not say which (issue 11, unmarked-added+lazy, written again with
 * neutral content of our own).
 */
#include "plan_run.h"

static const char NOTES_FILE[] = "def save_notes(notes):\n"
                                 "    for note in notes:\n"
                                 "        check_note(note)\n"
                                 "    write_notes(notes)\n"
                                 "    return len(notes)\n"
                                 "\n"
                                 "def load_notes():\n"
                                 "    notes = read_notes()\n"
                                 "    for note in notes:\n"
                                 "        check_note(note)\n"
                                 "    if notes:\n"
                                 "        sort_notes(notes)\n"
                                 "    return notes\n";

static const char NOTES_REPLY[] = "```diff\n"
                                  "--- a/notes.py\n"
                                  "+++ b/notes.py\n"
                                  "@@ -1,12 +1,10 @@\n"
                                  " def save_notes(notes):\n"
                                  "     for note in notes:\n"
                                  "         check_note(note)\n"
                                  "-    write_notes(notes)\n"
                                  "+    store_notes(notes)\n"
                                  "     return len(notes)\n"
                                  " \n"
                                  " def load_notes():\n"
                                  "-    notes = read_notes()\n"
                                  "-    for note in notes:\n"
                                  "-        check_note(note)\n"
                                  "     # ... existing code ...\n"
                                  "     if notes:\n"
                                  "         sort_notes(notes)\n"
                                  "```\n";

static const char NOTES_LONGER[] = "def save_notes(notes):\n"
                                   "    for note in notes:\n"
                                   "        check_note(note)\n"
                                   "    write_notes(notes)\n"
                                   "    return len(notes)\n"
                                   "\n"
                                   "def load_notes():\n"
                                   "    notes = read_notes()\n"
                                   "    for note in notes:\n"
                                   "        check_note(note)\n"
                                   "    log_notes(notes)\n"
                                   "    if notes:\n"
                                   "        sort_notes(notes)\n"
                                   "    return notes\n";

static const char NOTES_LONGER_WANT[] = "def save_notes(notes):\n"
                                        "    for note in notes:\n"
                                        "        check_note(note)\n"
                                        "    store_notes(notes)\n"
                                        "    return len(notes)\n"
                                        "\n"
                                        "def load_notes():\n"
                                        "    log_notes(notes)\n"
                                        "    if notes:\n"
                                        "        sort_notes(notes)\n"
                                        "    return notes\n";

/* The placeholder stands for no line: refused, the file as it was. */
TEST(unseen_empty_marker, placeholder_for_nothing_beside_deletions_is_refused)
{
	run x;

	go(&x, "notes.py", NOTES_FILE, NOTES_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "notes.py", NOTES_FILE));
	done(&x);
}

/* The same reply where the placeholder stands for a line the file has there: an elision, the
 * deleted lines go. */
TEST(unseen_empty_marker, placeholder_for_a_line_beside_deletions_still_applies)
{
	run x;

	go(&x, "notes.py", NOTES_LONGER, NOTES_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.py", NOTES_LONGER_WANT));
	done(&x);
}

static const char CRATES_FILE[] = "def open_crates():\n"
                                  "    # open every crate first\n"
                                  "    crate = seal_crate()\n"
                                  "    try:\n"
                                  "        full_load = seal_crate()\n"
                                  "    except CrateError:\n"
                                  "        pass\n"
                                  "\n"
                                  "def seal_crate():\n"
                                  "    if full_load:\n"
                                  "        return crate\n"
                                  "    for crate in crates:\n"
                                  "        seal_crate(crate)\n"
                                  "    for crate in crates:\n"
                                  "        seal_crate(crate)\n"
                                  "    if full_load:\n"
                                  "        return full_load\n"
                                  "    if crate:\n"
                                  "        return full_load\n"
                                  "    crate = ship_load()\n"
                                  "    if full_load:\n"
                                  "        return full_load\n"
                                  "\n"
                                  "def ship_load():\n"
                                  "    for crate in crates:\n"
                                  "        seal_crate(crate)\n"
                                  "    return crate\n";

static const char CRATES_REPLY[] = "*** Begin Patch  \n"
                                   "*** Update File: crates.py\n"
                                   "@@\n"
                                   "         seal_crate(cratte)\n"
                                   "     for crate in crates:\n"
                                   "-        seal_crate(crate)\n"
                                   "     if full_load:\n"
                                   "-        return full_load\n"
                                   "-    if crate:\n"
                                   "-        return full_load\n"
                                   "-    crate = ship_load()\n"
                                   "-    if full_load:\n"
                                   "-        return full_load\n"
                                   "-\n"
                                   "         # ... rest of the code unchanged ...\n"
                                   "*** End Patch\n";

/* A patch whose first context line is miscopied (the split tier places it, run by run); its
 * placeholder, after the second run's deletions, ends the hunk: it stands for no line there
 * either. Refused. */
TEST(unseen_empty_marker, placeholder_ending_a_split_hunk_after_deletions_is_refused)
{
	run x;

	go(&x, "crates.py", CRATES_FILE, CRATES_REPLY);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "crates.py", CRATES_FILE));
	done(&x);
}
