/*
 * Wrong applies of the issue 11 oracle where a miscopied context line of a unified diff was
 * taken for an unmarked addition and written into the file beside the line it is a copy of,
 * each written again with neutral content of our own.
 */
#include "plan_run.h"

/* A hunk of two change runs (an added line, then a deleted one) whose context line between
 * them is miscopied by one letter, and whose correct text is also an earlier context line of
 * the hunk: the split aligned that earlier context line onto the file's copy and took the
 * miscopied line for an unmarked addition next to it. The miscopied line is context. */
TEST(unseen_miscopy, miscopied_context_next_to_its_original_is_context)
{
	static const char F[] = "header line of the notes\n"
				"\n"
				"[a]\n"
				"mode: fast\n"
				"kind: plain\n"
				"\n"
				"[b]\n"
				"mode: slow\n"
				"kind: plain\n"
				"\n"
				"kind: plain\n"
				" first body line of the block\n"
				" .\n"
				" second body line goes here\n"
				" third body line goes here\n"
				" .\n"
				" fourth body line stands here\n"
				" fifth body line stands here\n";
	run x;
	go(&x, "notes.txt", F,
	   "```diff\n--- a/notes.txt\n+++ b/notes.txt\n@@ -4,12 +4,12 @@\n"
	   " mode: fast\n"
	   " kind: plain\n"
	   " \n"
	   " [b]\n"
	   " mode: slow\n"
	   " kind: plain\n"
	   " \n"
	   " kinb: plain\n"
	   "+ .\n"
	   "  first body line of the block\n"
	   "- .\n"
	   "  second body line goes here\n"
	   "  third body line goes here\n"
	   "  .\n"
	   "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "notes.txt",
		  "header line of the notes\n\n[a]\nmode: fast\nkind: plain\n\n[b]\nmode: slow\n"
		  "kind: plain\n\nkind: plain\n .\n first body line of the block\n"
		  " second body line goes here\n third body line goes here\n .\n"
		  " fourth body line stands here\n fifth body line stands here\n"));
	done(&x);
}

/* A short context line with two letters swapped (below the similarity bar of a miscopy) and the
 * blank line before its original left out: taken for an unmarked addition, it was written
 * beside the original. One typo from a neighbouring file line is a miscopy, not an addition:
 * never written (here refused, as the blank line left out leaves the place unsure). */
TEST(unseen_miscopy, short_line_one_swap_from_its_neighbour_is_not_added)
{
	static const char F[] = "---\n"
				"title: Moving the tool to a new home\n"
				"kind: notes\n"
				"version: 1\n"
				"---\n"
				"\n"
				"# Moving the tool to a new home\n"
				"\n"
				"## STEPS\n"
				"\n"
				"You need to make the following changes to move the tool to your\n"
				"own machine:\n"
				"\n"
				"1. Find the right settings for it.\n";
	run x;
	go(&x, "guide.md", F,
	   "```diff\n--- a/guide.md\n+++ b/guide.md\n@@ -2,11 +2,11 @@\n"
	   " title: Moving the tool to a new home\n"
	   " kind: notes\n"
	   "+version: 2\n"
	   "-version: 1\n"
	   " ---\n"
	   " \n"
	   " # Moving the tool to a new home\n"
	   " ## STPES\n"
	   " \n"
	   " You need to make the following changes to move the tool to your\n"
	   " own machine:\n"
	   " \n"
	   "```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "guide.md",
			  "---\ntitle: Moving the tool to a new home\nkind: notes\nversion: 2\n---\n\n"
			  "# Moving the tool to a new home\n\n## STEPS\n\nYou need to make the "
			  "following changes to move the tool to your\nown machine:\n\n"
			  "1. Find the right settings for it.\n"));
	else
		CHECK(has(&x, "guide.md", F));
	done(&x);
}

/* An elided SEARCH block whose head lines stand twice in the file before its tail: the
 * elision fits from either copy of the head, and the first was taken. Two equally good places
 * are refused, naming them. */
TEST(unseen_miscopy, elision_fitting_two_heads_is_ambiguous)
{
	static const char F[] = "void first_case(void)\n"
				"{\n"
				"\tstart_job(queue, alpha);\n"
				"\tassert_ok(queue);\n"
				"\tlog_line(\"first case body\");\n"
				"\tflush_all(queue);\n"
				"}\n"
				"\n"
				"void second_case(void)\n"
				"{\n"
				"\tstart_job(queue, alpha);\n"
				"\tassert_ok(queue);\n"
				"\tlog_line(\"second case body\");\n"
				"\tassert_done(queue);\n"
				"\tfinish_job(queue, \"last step\");\n"
				"}\n";
	run x;
	go(&x, "jobs.c", F,
	   "jobs.c\n```c\n<<<<<<< SEARCH\n"
	   "\tstart_job(queue, alpha);\n"
	   "\tassert_ok(queue);\n"
	   "\t/* ... */\n"
	   "\tassert_done(queue);\n"
	   "\tfinish_job(queue, \"last step\");\n"
	   "=======\n"
	   "\tstart_job(queue, beta);\n"
	   "\tassert_ok(queue);\n"
	   "\t/* ... */\n"
	   "\tassert_done(queue);\n"
	   "\tfinish_job(queue, \"last step of beta\");\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "jobs.c", F));
	done(&x);
}

/* ---- a line left out beside a blank line, its text standing just above ---- */

static const char NOTES[] = "Section: core\n"
			    "Owner: the core team\n"
			    "Mode: strict\n"
			    "\n"
			    "Section: extras\n"
			    "Owner: the extras team\n"
			    "Mode: strict\n"
			    "\n"
			    "Mode: strict\n"
			    " This text explains the strict mode, which checks every input\n"
			    " before it is stored, and refuses what it cannot read fully.\n"
			    " It is the default of every section in this file.\n"
			    " .\n"
			    " The end of the notes.\n";

/* A numbered block leaves out line 9 (a gap in its numbers) whose text its new side has; the
 * blank-line tier let the old side's blank line go and placed the block on line 9 instead,
 * so lines 7-8 stayed above the new side's copies and the line was written twice. */
TEST(unseen_miscopy, numbered_gap_line_not_doubled_by_letting_a_blank_go)
{
	run x;
	go(&x, "notes.txt", NOTES,
	   "notes.txt\n<editblock>\n<<<<<<< REMOVE\n"
	   "7\xe2\x94\x82Mode: strict\n"
	   "8\xe2\x94\x82\n"
	   "10\xe2\x94\x82 This text explains the strict mode, which checks every input\n"
	   "11\xe2\x94\x82 before it is stored, and refuses what it cannot read fully.\n"
	   "12\xe2\x94\x82 It is the default of every section in this file.\n"
	   "=======\n"
	   "  \xe2\x94\x82Mode: strict\n"
	   "  \xe2\x94\x82\n"
	   "  \xe2\x94\x82Mode: strict\n"
	   "  \xe2\x94\x82 This text explains the strict mode, which checks every input\n"
	   "  \xe2\x94\x82 It is the default of every section in this file.\n"
	   "  \xe2\x94\x82 before it is stored, and refuses what it cannot read fully.\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "notes.txt",
			  "Section: core\nOwner: the core team\nMode: strict\n\nSection: extras\n"
			  "Owner: the extras team\nMode: strict\n\nMode: strict\n"
			  " This text explains the strict mode, which checks every input\n"
			  " It is the default of every section in this file.\n"
			  " before it is stored, and refuses what it cannot read fully.\n"
			  " .\n The end of the notes.\n"));
	else
		CHECK(has(&x, "notes.txt", NOTES));
	done(&x);
}

/* The same left-out line in a unified diff that adds lines after the first: placed on the
 * left-out line (the blank line let go), the additions went two lines too low. */
TEST(unseen_miscopy, hunk_left_out_line_not_placed_by_letting_a_blank_go)
{
	run x;
	go(&x, "notes.txt", NOTES,
	   "```diff\n--- notes.txt\n+++ notes.txt\n@@ -7,6 +7,8 @@\n"
	   " Mode: strict\n"
	   "+added_line_one = 1\n"
	   "+# a second added line\n"
	   " \n"
	   "  This text explains the strict mode, which checks every input\n"
	   "  before it is stored, and refuses what it cannot read fully.\n"
	   "  It is the default of every section in this file.\n"
	   "```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "notes.txt",
			  "Section: core\nOwner: the core team\nMode: strict\n\nSection: extras\n"
			  "Owner: the extras team\nMode: strict\nadded_line_one = 1\n"
			  "# a second added line\n\nMode: strict\n"
			  " This text explains the strict mode, which checks every input\n"
			  " before it is stored, and refuses what it cannot read fully.\n"
			  " It is the default of every section in this file.\n"
			  " .\n The end of the notes.\n"));
	else
		CHECK(has(&x, "notes.txt", NOTES));
	done(&x);
}

/* A changed line whose '+' was left out (it reads as context) in a hunk that also misses a
 * context line: the fuzzy tier paired that "context" line with the differing file line above
 * the one it replaces, so the deletion went through and the new line was never written. A
 * context line nearly equal to a line the edit deletes is that line changed, not a miscopy of
 * another file line. The intended file, or a refusal (the old file kept). */
TEST(unseen_miscopy, changed_line_without_plus_is_not_a_miscopied_context)
{
	static const char F[] =
		"class TestTint(object):\n"
		"\n"
		"    def testBack(self):\n"
		"        self.assertEqual(Tint.LIGHTBLACK_X, 'tint 100')\n"
		"        self.assertEqual(Tint.LIGHTRED_X, 'tint 101')\n"
		"        self.assertEqual(Tint.LIGHTGREEN_X, 'tint 102')\n"
		"        self.assertEqual(Tint.LIGHTYELLOW_X, 'tint 103')\n"
		"        self.assertEqual(Tint.LIGHTBLUE_X, 'tint 104')\n"
		"        self.assertEqual(Tint.LIGHTMAGENTA_X, 'tint 105')\n"
		"        self.assertEqual(Tint.LIGHTCYAN_X, 'tint 106')\n"
		"        self.assertEqual(Tint.LIGHTWHITE_X, 'tint 107')\n"
		"\n"
		"\n"
		"    def testStyle(self):\n"
		"        pass\n";
	static const char want[] =
		"class TestTint(object):\n"
		"\n"
		"    def testBack(self):\n"
		"        self.assertEqual(Tint.LIGHTBLACK_X, 'tint 100')\n"
		"        self.assertEqual(Tint.LIGHTRED_X, 'tint 101')\n"
		"        self.assertEqual(Tint.LIGHTGREEN_X_v2, 'tint 102')\n"
		"        self.assertEqual(Tint.LIGHTYELLOW_X, 'tint 103')\n"
		"        self.assertEqual(Tint.LIGHTBLUE_X, 'tint 104')\n"
		"        self.assertEqual(Tint.LIGHTMAGENTA_X, 'tint 105')\n"
		"        self.assertEqual(Tint.LIGHTCYAN_X, 'tint 106')\n"
		"        self.assertEqual(Tint.LIGHTWHITE_X, 'tint 107')\n"
		"\n"
		"\n"
		"    def testStyle(self):\n"
		"        pass\n";
	run x;
	go(&x, "tint.py", F,
	   "*** Begin Patch\n*** Update File: tint.py\n@@\n"
	   "         self.assertEqual(Tint.LIGHTGREEN_X_v2, 'tint 102')\n"
	   "-        self.assertEqual(Tint.LIGHTGREEN_X, 'tint 102')\n"
	   "         self.assertEqual(Tint.LIGHTYELLOW_X, 'tint 103')\n"
	   "         self.assertEqual(Tint.LIGHTBLUE_X, 'tint 104')\n"
	   "         self.assertEqual(Tint.LIGHTMAGENTA_X, 'tint 105')\n"
	   "         self.assertEqual(Tint.LIGHTCYAN_X, 'tint 106')\n"
	   " \n"
	   " \n"
	   "     def testStyle(self):\n"
	   "*** End Patch\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "tint.py", want));
	else
		CHECK(has(&x, "tint.py", F));
	done(&x);
}

/* ---- a numbered block is not placed where its lines stand at other distances apart ---- */

/* Two declarations that differ by one parameter, the first of them twice, blank lines between. */
static const char WIDGETS[] = "#include \"widget.h\"\n"
			      "\n"
			      "static int widget_count(const struct widget *w);\n"
			      "\n"
			      "static int widget_count(const struct widget *w, int flags);\n"
			      "\n"
			      "static int widget_count(const struct widget *w);\n"
			      "\n"
			      "static int widget_total(void);\n";

/* The block's lines as the file has them at `at`, numbered from `at`: the place they were
 * copied from. */
#define WG_OLD_3 "3\xe2\x94\x82static int wdiget_count(const struct widget *w);\n"
#define WG_GAP   "4\xe2\x94\x82\n6\xe2\x94\x82\n"
#define WG_TAIL  "7\xe2\x94\x82static int widget_count(const struct widget *w);\n8\xe2\x94\x82\n"

/* A numbered block over lines 3-8 that leaves out line 5 (a gap in its numbers) and miscopies
 * its first line (two letters swapped); it changes that line. The fuzzy tier fitted the
 * miscopied line to line 5 instead (the same words but for a parameter), with one of the
 * block's blank lines let go, and the splice there kept line 3 above the new side's copy of the
 * block: the changed line written beside its old form. Lines 3 and 7 stood two lines nearer
 * than their numbers 3 and 7 say (sm_cand_against_numbers), and the miscopied line has a far
 * nearer copy, line 3, beside the place (miscopy_elsewhere, match_align.c, which now refuses
 * it first). The intended file, or a refusal. */
TEST(unseen_miscopy, numbered_miscopied_first_line_not_placed_against_its_numbers)
{
	run x;
	go(&x, "w.h", WIDGETS,
	   "w.h\n<editblock>\n<<<<<<< REMOVE\n" WG_OLD_3 WG_GAP WG_TAIL "=======\n"
	   " \xe2\x94\x82static long widget_count(const struct widget *w);\n"
	   " \xe2\x94\x82\n"
	   " \xe2\x94\x82static int widget_count(const struct widget *w, int flags);\n"
	   " \xe2\x94\x82\n"
	   " \xe2\x94\x82static int widget_count(const struct widget *w);\n"
	   " \xe2\x94\x82\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	if (x.plan == SEAM_OK) {
		CHECK(has(&x, "w.h",
			  "#include \"widget.h\"\n\nstatic long widget_count(const struct widget *w);\n"
			  "\nstatic int widget_count(const struct widget *w, int flags);\n\n"
			  "static int widget_count(const struct widget *w);\n\n"
			  "static int widget_total(void);\n"));
	} else {
		CHECK(has(&x, "w.h", WIDGETS));
	}
	done(&x);
}

/* The same block miscopying its line 7 instead, which it changes: fitted to line 5, its change
 * went two lines too high. */
TEST(unseen_miscopy, numbered_miscopied_last_line_not_placed_against_its_numbers)
{
	run x;
	go(&x, "w.h", WIDGETS,
	   "w.h\n<editblock>\n<<<<<<< REMOVE\n"
	   "3\xe2\x94\x82static int widget_count(const struct widget *w);\n" WG_GAP
	   "7\xe2\x94\x82static int wdiget_count(const struct widget *w);\n8\xe2\x94\x82\n"
	   "=======\n"
	   " \xe2\x94\x82static int widget_count(const struct widget *w);\n"
	   " \xe2\x94\x82\n"
	   " \xe2\x94\x82static int widget_count(const struct widget *w, int flags);\n"
	   " \xe2\x94\x82\n"
	   " \xe2\x94\x82static long widget_count(const struct widget *w);\n"
	   " \xe2\x94\x82\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "w.h",
			  "#include \"widget.h\"\n\nstatic int widget_count(const struct widget *w);\n"
			  "\nstatic int widget_count(const struct widget *w, int flags);\n\n"
			  "static long widget_count(const struct widget *w);\n\n"
			  "static int widget_total(void);\n"));
	else
		CHECK(has(&x, "w.h", WIDGETS));
	done(&x);
}

/* Numbers off by two for the whole block (the file grew above it) agree with each other: the
 * block is placed by its text, its miscopied first line a miscopy. */
TEST(unseen_miscopy, numbered_block_shifted_whole_still_applies)
{
	run x;
	go(&x, "w.h", WIDGETS,
	   "w.h\n<editblock>\n<<<<<<< REMOVE\n"
	   "5\xe2\x94\x82static int wdiget_count(const struct widget *w);\n"
	   "6\xe2\x94\x82\n"
	   "7\xe2\x94\x82static int widget_count(const struct widget *w, int flags);\n"
	   "8\xe2\x94\x82\n"
	   "9\xe2\x94\x82static int widget_count(const struct widget *w);\n"
	   "10\xe2\x94\x82\n"
	   "=======\n"
	   "  \xe2\x94\x82static long widget_count(const struct widget *w);\n"
	   "  \xe2\x94\x82\n"
	   "  \xe2\x94\x82static int widget_count(const struct widget *w, int flags);\n"
	   "  \xe2\x94\x82\n"
	   "  \xe2\x94\x82static int widget_count(const struct widget *w);\n"
	   "  \xe2\x94\x82\n"
	   ">>>>>>> INSERT\n</editblock>\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "w.h",
		  "#include \"widget.h\"\n\nstatic long widget_count(const struct widget *w);\n"
		  "\nstatic int widget_count(const struct widget *w, int flags);\n\n"
		  "static int widget_count(const struct widget *w);\n\n"
		  "static int widget_total(void);\n"));
	done(&x);
}

/* ---- a miscopied context line is not taken for an addition with its original close by ---- */

/* A hunk over two loops with the same head leaves out the second head (a line left out of the
 * hunk) and miscopies the first loop's body line. The repair tier placed it at the second head,
 * the miscopied line taken for an unmarked addition and the blank line let go: the miscopy and
 * the new line were written into the second loop, while the line it copies stood three lines
 * above. A near copy of the "added" line that close by is the line it was copied from (the
 * fuzzy tier then places the hunk at the first loop). */
TEST(unseen_miscopy, context_miscopy_not_added_with_its_original_a_loop_above)
{
	static const char F[] = "static void sum_all(const int *values, int count)\n"
				"{\n"
				"\tfor (int i = 0; i < count; i++)\n"
				"\t\ttotal += values[i];\n"
				"\n"
				"\tfor (int i = 0; i < count; i++)\n"
				"\t\taverage += values[i] / count;\n"
				"\treport(total, average);\n"
				"}\n";
	run x;
	go(&x, "m.c", F,
	   "```diff\n--- a/m.c\n+++ b/m.c\n@@ -3,4 +3,5 @@\n"
	   " \tfor (int i = 0; i < count; i++)\n"
	   " \t\ttotal += vaules[i];\n"
	   "+\t\tseen++;\n"
	   " \n"
	   " \t\taverage += values[i] / count;\n"
	   "```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "m.c",
			  "static void sum_all(const int *values, int count)\n{\n"
			  "\tfor (int i = 0; i < count; i++)\n\t\ttotal += values[i];\n\t\tseen++;\n\n"
			  "\tfor (int i = 0; i < count; i++)\n\t\taverage += values[i] / count;\n"
			  "\treport(total, average);\n}\n"));
	else
		CHECK(has(&x, "m.c", F));
	done(&x);
}

/* ---- a miscopied line moved is not taken for a repeat of the file line beside the block ---- */

/* A SEARCH/REPLACE block moves its first line below its second, which it miscopies, and leaves
 * out a later line. The new side's first line is the file's text of the miscopied line, and
 * the file line just above the block has that text too: the edge rule took that neighbour for
 * the model repeating it and wrote the two as one, so the moved line was lost. The miscopied
 * old line stands for a file line of that text: the new side's copy is that line moved. */
TEST(unseen_miscopy, moved_miscopied_line_not_taken_for_a_repeated_neighbour)
{
	static const char F[] = "# settings of the job\n"
				"name = 'alpha'\n"
				"mode = 'fast and careful'\n"
				"size = 10\n"
				"mode = 'fast and careful'\n"
				"limit = 20 # per batch of work\n"
				"retries = 3 # on a failure\n"
				"[extra]\n"
				"color = 'blue and green'\n"
				"end = true\n";
	run x;
	go(&x, "s.toml", F,
	   "s.toml\n```\n<<<<<<< SEARCH\n"
	   "size = 10\n"
	   "mdoe = 'fast and careful'\n"
	   "limit = 20 # per batch of work\n"
	   "[extra]\n"
	   "color = 'blue and green'\n"
	   "=======\n"
	   "mode = 'fast and careful'\n"
	   "size = 10\n"
	   "limit = 20 # per batch of work\n"
	   "retries = 3 # on a failure\n"
	   "[extra]\n"
	   "color = 'blue and green'\n"
	   ">>>>>>> REPLACE\n```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "s.toml",
			  "# settings of the job\nname = 'alpha'\nmode = 'fast and careful'\n"
			  "mode = 'fast and careful'\nsize = 10\nlimit = 20 # per batch of work\n"
			  "retries = 3 # on a failure\n[extra]\ncolor = 'blue and green'\nend = true\n"));
	else
		CHECK(has(&x, "s.toml", F));
	done(&x);
}

/* ---- a line left out beside a let-go blank edge and added again is not written twice ---- */

/* A SEARCH side starting with two blank lines where the file has a function line between them
 * (left out of the SEARCH side); the REPLACE side deletes a later line and writes the left-out
 * one back. The blank-lines tier let the first blank line go, so the block was found just below
 * the left-out line, the sides' diff paired a blank line across the change (the new side's edge
 * is a context line, so the edge rule did not take the line in), and the line was written a
 * second time. Written back once, or a copy? The reply does not say: refused, naming the line. */
TEST(unseen_miscopy, left_out_line_beside_a_let_go_blank_not_written_twice)
{
	static const char F[] = "import os\n\nif ready:\n\ndef load_items(path, limit):\n\n"
				"def save_items(path, items, mode):\n\ndef load_items_fast(path):\n"
				"    return 4\n\nprint(load_items_fast('x'))\n";
	run x;
	go(&x, "t.txt", F,
	   "t.txt\n```\n<<<<<<< SEARCH\n\n\ndef save_items(path, items, mode):\n\n"
	   "def load_items_fast(path):\n=======\n\ndef load_items(path, limit):\n\n\n"
	   "def load_items_fast(path):\n>>>>>>> REPLACE\n```\n");
	if (x.plan == SEAM_OK) {
		CHECK(has(&x, "t.txt",
			  "import os\n\nif ready:\n\ndef load_items(path, limit):\n\n\n"
			  "def load_items_fast(path):\n    return 4\n\nprint(load_items_fast('x'))\n"));
	} else {
		const char *m = x.p ? edit(&x, 0).message : NULL;
		CHECK(has(&x, "t.txt", F));
		CHECK(m && strstr(m, "line 5 left out and written back, or a copy"));
	}
	done(&x);
}

/* ---- a miscopy is not fitted to another line when its original stands beside the place ---- */

/* A SEARCH side that miscopies its first line (a declaration) and leaves out the line after the
 * next blank line (the definition's head, alike but for a parameter); the REPLACE side adds a
 * line after the declaration and writes the head back. The fuzzy tier fitted the miscopied
 * declaration to the head (one of the block's blank lines let go), the cheaper fit, so the
 * block was found just below the declaration it copies, and the new side wrote the declaration
 * a second time. A miscopy with a far nearer copy just beside its place is that line's. */
TEST(unseen_miscopy, miscopy_not_fitted_to_another_line_beside_its_original)
{
	static const char F[] = "#include \"widget.h\"\n"
				"\n"
				"static int widget_count(const struct widget *w);\n"
				"\n"
				"static int widget_count(const struct widget *w, int flags)\n"
				"{\n"
				"\tint sum = 0;\n"
				"\tfor (int i = 0; i < flags; i++)\n"
				"\t\tsum += w->size;\n"
				"\treturn sum;\n"
				"}\n";
	run x;
	go(&x, "w.c", F,
	   "w.c\n```\n<<<<<<< SEARCH\n\nstatic int wdiget_count(const struct widget *w);\n\n{\n"
	   "\tint sum = 0;\n\tfor (int i = 0; i < flags; i++)\n=======\n\n"
	   "static int widget_count(const struct widget *w);\n"
	   "static int widget_total(const struct widget *w);\n\n"
	   "static int widget_count(const struct widget *w, int flags)\n{\n\tint sum = 0;\n"
	   "\tfor (int i = 0; i < flags; i++)\n>>>>>>> REPLACE\n```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "w.c",
			  "#include \"widget.h\"\n\nstatic int widget_count(const struct widget *w);\n"
			  "static int widget_total(const struct widget *w);\n\n"
			  "static int widget_count(const struct widget *w, int flags)\n{\n"
			  "\tint sum = 0;\n\tfor (int i = 0; i < flags; i++)\n\t\tsum += w->size;\n"
			  "\treturn sum;\n}\n"));
	else
		CHECK(has(&x, "w.c", F));
	done(&x);
}

/* An ln-diff block whose REMOVE side leaves one line out (numbered 7-10, then 12-15: line 11,
 * a class line, is in neither's numbers) and miscopies a docstring's closing quotes with a
 * typographic one, while its INSERT side keeps the class line. The miscopy made the sides' diff
 * pair the later closing quotes with the earlier ones, the class line's copy became an
 * addition, and the file's own line stayed beside it: written twice. The gap in the numbers
 * says the line was left out, and the new side keeps it: written once. */
static const char GAP_FILE[] = "\"\"\"Tools for shapes.\"\"\"\n"
			       "\n"
			       "import math\n"
			       "\n"
			       "\n"
			       "def area(r):\n"
			       "    \"\"\"Area of a circle.\n"
			       "    \"\"\"\n"
			       "\n"
			       "\n"
			       "class ShapeError(Exception):\n"
			       "    \"\"\"\n"
			       "    Raised when a shape is not valid\n"
			       "    and cannot be drawn\n"
			       "    \"\"\"\n"
			       "\n"
			       "\n"
			       "def other():\n"
			       "    return 1\n";

static void gap_block(char *buf, size_t n, const char *quote8, int keep_class)
{
	snprintf(buf, n,
		 "`m.py`\n<editblock>\n<<<<<<< REMOVE\n"
		 "7\xe2\x94\x82    \"\"\"Area of a circle.\n"
		 "8\xe2\x94\x82    %s\n"
		 "9\xe2\x94\x82\n"
		 "10\xe2\x94\x82\n"
		 "12\xe2\x94\x82    \"\"\"\n"
		 "13\xe2\x94\x82    Raised when a shape is not valid\n"
		 "14\xe2\x94\x82    and cannot be drawn\n"
		 "15\xe2\x94\x82    \"\"\"\n"
		 "=======\n"
		 "   \xe2\x94\x82    \"\"\"Area of a circle.\n"
		 "   \xe2\x94\x82    \"\"\"\n"
		 "   \xe2\x94\x82\n"
		 "   \xe2\x94\x82\n"
		 "%s"
		 "   \xe2\x94\x82    \"\"\"\n"
		 "   \xe2\x94\x82    Raised when a shape is not valid (new)\n"
		 "   \xe2\x94\x82    and cannot be drawn\n"
		 "   \xe2\x94\x82    \"\"\"\n"
		 ">>>>>>> INSERT\n</editblock>\n",
		 quote8, keep_class ? "   \xe2\x94\x82" "class ShapeError(Exception):\n" : "");
}

static const char GAP_WANT[] = "\"\"\"Tools for shapes.\"\"\"\n\nimport math\n\n\n"
			       "def area(r):\n    \"\"\"Area of a circle.\n    \"\"\"\n\n\n"
			       "class ShapeError(Exception):\n    \"\"\"\n"
			       "    Raised when a shape is not valid (new)\n"
			       "    and cannot be drawn\n    \"\"\"\n\n\ndef other():\n    return 1\n";

TEST(unseen_miscopy, numbered_gap_kept_by_new_side_is_written_once)
{
	/* the typographic quote, a letter too many (placed by the fuzzy tier, not re-read as
	   the file's line), and the straight one (which was right before) */
	static const char *const Q[] = {"\xe2\x80\x9c\"\"", "\"\"\"x", "\"\"\""};
	char reply[2048];
	size_t i;

	for (i = 0; i < 3; i++) {
		run x;
		gap_block(reply, sizeof(reply), Q[i], 1);
		go(&x, "m.py", GAP_FILE, reply);
		CHECK_INT(x.plan, SEAM_OK);
		CHECK(has(&x, "m.py", GAP_WANT));
		done(&x);
	}
}

/* The same gap, the INSERT side without the class line: the line left out of both sides stays
 * where it is, once. */
TEST(unseen_miscopy, numbered_gap_left_out_of_both_sides_stays)
{
	char reply[2048];
	run x;

	gap_block(reply, sizeof(reply), "\xe2\x80\x9c\"\"", 0);
	go(&x, "m.py", GAP_FILE, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", GAP_WANT));
	done(&x);
}

/* ---- a line nowhere in the file: an addition at one place, a miscopy at another ---- */

/* A changed line whose '+' was left out, the new form of the line it comes before with a suffix
 * added to its name ("flush_queue(event)" to "flush_queue_v2(event)", 0.86 alike), where the
 * file line above the run reads as the deleted line does: the fuzzy tier paired the "context"
 * line with that file line as its miscopy (0.86 is above the bar of a miscopied context line),
 * so the deletions went through and the changed line was never written. A context line at
 * least as like a line the edit deletes as like the file line it would stand for is as likely
 * that line changed. The intended file, or a refusal (the old file kept). */
TEST(unseen_miscopy, changed_line_as_like_the_deleted_as_the_line_above_is_not_context)
{
	static const char F[] = "int drain(void)\n{\n\tcount++;\n\tflush_queue(event);\n"
				"\tflush_queue(handle);\n\tflush_queue(event);\n\n\tflush_queue(handle);\n}\n";
	static const char want[] = "int drain(void)\n{\n\tcount++;\n\tflush_queue(event);\n"
				   "\tflush_queue_v2(handle);\n\tflush_queue_v2(event);\n\n"
				   "\tflush_queue(handle);\n}\n";
	run x;
	go(&x, "q.c", F,
	   "*** Begin Patch\n*** Update File: q.c\n@@\n"
	   "+\tflush_queue_v2(handle);\n"
	   " \tflush_queue_v2(event);\n"
	   "-\tflush_queue(handle);\n"
	   "-\tflush_queue(event);\n"
	   " \n"
	   "*** End Patch\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "q.c", want));
	else
		CHECK(has(&x, "q.c", F));
	done(&x);
}

/* Two functions that read the same but for one line: the second has "count += 1" where the
 * first has a blank line. A hunk for the second miscopies that line ("cuont", two letters
 * swapped, below the similarity bar of a miscopied context line): the repair tier placed it in
 * the first function, the miscopy taken for an unmarked addition and the blank line let go,
 * since in the second it sits beside its original (a miscopy, a place left out). That place
 * is where the line is a miscopy, and the first must beat it clearly to be taken: it does not
 * (an addition and a blank line against a miscopy). The intended file, or a refusal. */
TEST(unseen_miscopy, swapped_letters_not_added_where_a_blank_line_lets_it_fit)
{
	static const char F[] = "def load_items():\n    for item in items:\n        emit(item)\n"
				"    try:\n        value = fetch()\n    except KeyError:\n        pass\n"
				"\n    # keep the order\n    return value\n\n\n"
				"def save_items():\n    for item in items:\n        emit(item)\n"
				"    try:\n        value = fetch()\n    except KeyError:\n        pass\n"
				"    count += 1\n    # keep the order\n    return count\n";
	static const char want[] = "def load_items():\n    for item in items:\n        emit(item)\n"
				   "    try:\n        value = fetch()\n    except KeyError:\n"
				   "        pass\n\n    # keep the order\n    return value\n\n\n"
				   "def save_items():\n    for item in items:\n        emit(item)\n"
				   "    try:\n    except KeyError:\n        pass\n"
				   "    count += 1\n    # keep the order\n    return count\n";
	run x;
	go(&x, "m.py", F,
	   "```diff\n--- a/m.py\n+++ b/m.py\n@@ ... @@\n"
	   "         emit(item)\n"
	   "     try:\n"
	   "-        value = fetch()\n"
	   "     except KeyError:\n"
	   "         pass\n"
	   "     cuont += 1\n"
	   "     # keep the order\n"
	   "```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "m.py", want));
	else
		CHECK(has(&x, "m.py", F));
	done(&x);
}

/* The same in C with a miscopy above the bar ("conuter_value++;", 0.88 like the file's line):
 * the first function holds the line, the second a blank line in its place. The repair tier
 * took the second, the miscopy an addition there and the blank line let go; the first, where
 * the line is a miscopy, costs less as that. Two places: refused as ambiguous, or the first. */
TEST(unseen_miscopy, miscopy_above_the_bar_not_added_where_a_blank_line_lets_it_fit)
{
	static const char F[] = "int first(void)\n{\n\twhile (counter_value) {\n"
				"\t\tcounter_value--;\n\t}\n\tcounter_value++;\n"
				"\tif (counter_value) {\n\t\treturn counter_value;\n\t}\n}\n\n"
				"int second(void)\n{\n\twhile (counter_value) {\n"
				"\t\tcounter_value--;\n\t}\n\n\tif (counter_value) {\n"
				"\t\treturn counter_value;\n\t}\n}\n";
	static const char want[] = "int first(void)\n{\n\twhile (counter_value) {\n"
				   "\t\tcounter_value--;\n\t}\n\tcounter_value++;\n"
				   "\tif (counter_value > 0) {\n\t\treturn counter_value;\n\t}\n}\n\n"
				   "int second(void)\n{\n\twhile (counter_value) {\n"
				   "\t\tcounter_value--;\n\t}\n\n\tif (counter_value) {\n"
				   "\t\treturn counter_value;\n\t}\n}\n";
	run x;
	go(&x, "c.c", F,
	   "```diff\n--- a/c.c\n+++ b/c.c\n@@ ... @@\n"
	   " \t}\n"
	   " \tconuter_value++;\n"
	   "-\tif (counter_value) {\n"
	   "+\tif (counter_value > 0) {\n"
	   " \t\treturn counter_value;\n"
	   " \t}\n"
	   " }\n"
	   "```\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "c.c", want));
	else
		CHECK(has(&x, "c.c", F));
	done(&x);
}

/* A numbered block over lines 2-9 that leaves out line 5 (a gap in its numbers), a copy of its
 * first line two blank lines below it; the new side keeps that line. The blank-lines tier found
 * the block's lines from that copy on, two of its blank lines let go, and the splice there kept
 * lines 2-4 above the new side's copy of them: the first line written twice. Lines 2 and 7
 * stood two lines nearer than their numbers say; a tier that lets lines go is judged against
 * them. The block goes where it was copied from, the line left out written once. */
TEST(unseen_miscopy, numbered_gap_not_closed_by_letting_blank_lines_go)
{
#define NB "\xe2\x94\x82"
	static const char F[] = "def start():\n    return first_value\n\n\n    return first_value\n"
				"\ndef finish():\n    # tidy up the last run\n"
				"    # tidy up the last run\n    try:\n        pass\n";
	static const char want[] = "def start():\n    return first_value\n\n"
				   "marker = note_step(2)\n# noted at step 2\n\n"
				   "    return first_value\n\ndef finish():\n"
				   "    # tidy up the last run\n    # tidy up the last run\n"
				   "    try:\n        pass\n";
	run x;
	go(&x, "s.py", F,
	   "s.py\n<editblock>\n<<<<<<< REMOVE\n"
	   "2" NB "    return first_value\n3" NB "\n4" NB "\n6" NB "\n7" NB "def finish():\n"
	   "8" NB "    # tidy up the last run\n9" NB "    # tidy up the last run\n"
	   "=======\n"
	   " " NB "    return first_value\n " NB "\n " NB "marker = note_step(2)\n"
	   " " NB "# noted at step 2\n " NB "\n " NB "    return first_value\n " NB "\n"
	   " " NB "def finish():\n " NB "    # tidy up the last run\n"
	   " " NB "    # tidy up the last run\n"
	   ">>>>>>> INSERT\n</editblock>\n");
#undef NB
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "s.py", want));
	else
		CHECK(has(&x, "s.py", F));
	done(&x);
}

/* A numbered block over lines 5-11 that leaves out line 6 (a gap in its numbers), its first
 * line blank, line 6 a copy of line 8; the new side keeps line 6. The blank-lines tier fitted
 * the block from line 7 on, its first blank line let go and the second paired with line 7: its
 * lines of substance at their numbers, so the numbers said nothing against it, and the splice
 * there wrote line 6 again from the new side. A blank line whose number names a line outside
 * the place was not copied from there. The intended file, or a refusal. */
TEST(unseen_miscopy, numbered_leading_blank_not_let_go_past_the_gap)
{
#define NB "\xe2\x94\x82"
	static const char F[] = "int tally(void)\n{\n\treturn 0;\n\treturn 0;\n\n"
				"\tnote_value(shared_count);\n\n\tnote_value(shared_count);\n"
				"\tshared_count++;\n}\n\nint other(void)\n{\n}\n";
	static const char want[] = "int tally(void)\n{\n\treturn 0;\n\treturn 0;\n\n"
				   "\tnote_value(shared_count);\n\n\tnote_value(shared_count, 1);\n"
				   "\tshared_count++;\n}\n\nint other(void)\n{\n}\n";
	run x;
	go(&x, "t.c", F,
	   "t.c\n<editblock>\n<<<<<<< REMOVE\n"
	   " 5" NB "\n 7" NB "\n 8" NB "\tnote_value(shared_count);\n 9" NB "\tshared_count++;\n"
	   "10" NB "}\n11" NB "\n"
	   "=======\n"
	   "  " NB "\n  " NB "\tnote_value(shared_count);\n  " NB "\n"
	   "  " NB "\tnote_value(shared_count, 1);\n  " NB "\tshared_count++;\n  " NB "}\n"
	   "  " NB "\n"
	   ">>>>>>> INSERT\n</editblock>\n");
#undef NB
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "t.c", want));
	else
		CHECK(has(&x, "t.c", F));
	done(&x);
}

/* A numbered block whose numbers are all two too high, its first line blank and one line
 * miscopied; the loop it changes is written twice, once right after a closing brace and once
 * after a blank line. The fuzzy tier fitted it to both, the first with its blank line let go,
 * and the claimed line picked the first (nearer by one): its blank line names the closing brace
 * above it, by the shift its lines of substance give. A blank line that names a line of
 * substance was not copied from that place. The second loop changes, or nothing does. */
TEST(unseen_miscopy, numbered_blank_line_naming_a_line_of_substance_is_against)
{
#define NB "\xe2\x94\x82"
	static const char F[] = "int drain_all(void)\n{\n\tif (queue_depth) {\n"
				"\t\treturn queue_depth;\n\t}\n\twhile (queue_depth) {\n"
				"\t\tqueue_depth--;\n\t}\n\n\twhile (queue_depth) {\n"
				"\t\tqueue_depth--;\n\t}\n}\n";
	static const char want[] = "int drain_all(void)\n{\n\tif (queue_depth) {\n"
				   "\t\treturn queue_depth;\n\t}\n\twhile (queue_depth) {\n"
				   "\t\tqueue_depth--;\n\t}\n\n\t\tqueue_depth--;\n"
				   "\twhile (queue_depth) {\n\t}\n}\n";
	run x;
	go(&x, "d.c", F,
	   "d.c\n<editblock>\n<<<<<<< REMOVE\n"
	   " 7" NB "\n 8" NB "\twhile (queue_depth) {\n 9" NB "\t\tqueue_detph--;\n10" NB "\t}\n"
	   "=======\n"
	   "  " NB "\n  " NB "\t\tqueue_depth--;\n  " NB "\twhile (queue_depth) {\n  " NB "\t}\n"
	   ">>>>>>> INSERT\n</editblock>\n");
#undef NB
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "d.c", want));
	else
		CHECK(has(&x, "d.c", F));
	done(&x);
}

/* A context line miscopied (two letters swapped) with a tab left at its end, above the deletion
 * of the line after its original, the blank line between the function line and them left out:
 * the trailing tab hid the typo, so the miscopy read as the deleted line's new form (its '+'
 * left out) and replaced the line it copies. Trailing blanks do not make a typo two: the place
 * where the line is a miscopy is seen, and the two readings are refused, or the second line
 * goes. */
TEST(unseen_miscopy, trailing_tab_does_not_hide_a_swapped_pair)
{
	static const char F[] = "def first():\n    count += 1\n\n\ndef trim_rows():\n\n"
				"    total += 1\n    total += 1\n\ndef other():\n    total += 1\n";
	static const char want[] = "def first():\n    count += 1\n\n\ndef trim_rows():\n\n"
				   "    total += 1\n\ndef other():\n    total += 1\n";
	run x;
	go(&x, "t.py", F,
	   "*** Begin Patch\n*** Update File: t.py\n@@\n"
	   " def trim_rows():\n"
	   "     ttoal += 1\t\n"
	   "-    total += 1\n"
	   "*** End Patch\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "t.py", want));
	else
		CHECK(has(&x, "t.py", F));
	done(&x);
}

/* A hunk of one change whose trailing context holds a miscopied line (two letters swapped),
 * the blank line above that context left out: the whole fits only the fuzzy tier, but the split
 * tier ran first and found the change with two lines of trailing context at the last "try"
 * block, cutting the miscopied line as accounted for by its original, which stands four lines
 * above that place: at the place the hunk was copied from. A trailing context line cut from a
 * run is a miscopy of a line below the place, a leading one of a line above it. */
static const char TRY_FILE[] =
	"def write_buffer():\n    return amount\n    entry += 1\n    for entry in entries:\n"
	"        write_buffer(entry)\n\ndef fetch_rows_all():\n    # Keep this going\n"
	"    total_count += 1\n    try:\n        total_count = fetch_rows_all()\n"
	"    except LookupError:\n        pass\n    # Keep this going\n\ndef fetch_rows_all():\n"
	"    for amount in amounts:\n        fetch_rows_all(amount)\n    total_count += 1\n"
	"    try:\n        entry = fetch_rows_all()\n    except LookupError:\n        pass\n\n"
	"def write_buffer():\n    return total_count\n\n\n    # Keep this going\n"
	"    # Keep this going\n\n    return amount\n\ndef write_record():\n\n    try:\n"
	"        entry = fetch_rows_all()\n    except LookupError:%s\n        pass\n\n    try:\n"
	"        entry = write_buffer()\n    except LookupError:\n        pass\n    try:\n"
	"        entry = fetch_rows_all()\n    except LookupError:\n        pass\n    try:\n"
	"        amount = fetch_rows_all()\n    except LookupError:\n        pass\n";

TEST(unseen_miscopy, cut_trailing_miscopy_is_not_accounted_for_above_the_run)
{
	char before[2048], want[2048];
	run x;

	snprintf(before, sizeof(before), TRY_FILE, "");
	snprintf(want, sizeof(want), TRY_FILE, "  # changed");
	go(&x, "s.py", before,
	   "*** Begin Patch\n*** Update File: s.py\n@@\n"
	   "         entry = fetch_rows_all()\n"
	   "+    except LookupError:  # changed\n"
	   "-    except LookupError:\n"
	   "         pass\n"
	   "     try:\n"
	   "         etnry = write_buffer()\n"
	   "     except LookupError:\n"
	   "         pass\n"
	   "*** End Patch\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "s.py", want));
	else
		CHECK(has(&x, "s.py", before));
	done(&x);
}

/* A hunk that adds two lines after a return, then three blank lines and a function line, the
 * second copy of the return (between the blank lines) left out of its context: it fits, two of
 * its blank lines let go, from that second copy on, and the new lines went after it. A blank
 * line let go next to a line whose copy stands past the file's blank lines beyond it (two here,
 * not one) is as likely that copy's line left out: the place where the line was left out is
 * taken (its blank lines all there), or the hunk refused. */
TEST(unseen_miscopy, blank_lines_let_go_past_two_blank_lines_to_a_copy)
{
	static const char F[] = "def list_names():\n    return first_name\n\n\n    return first_name\n"
				"\ndef list_names():\n    # read them in order\n    pass\n";
	static const char want[] = "def list_names():\n    return first_name\n"
				   "    extra_note = mark_step(1)\n    # marked at step 1\n\n\n"
				   "    return first_name\n\ndef list_names():\n"
				   "    # read them in order\n    pass\n";
	run x;
	go(&x, "n.py", F,
	   "*** Begin Patch\n*** Update File: n.py\n@@\n"
	   "     return first_name\n"
	   "+    extra_note = mark_step(1)\n"
	   "+    # marked at step 1\n"
	   " \n \n \n"
	   " def list_names():\n"
	   "*** End Patch\n");
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "n.py", want));
	else
		CHECK(has(&x, "n.py", F));
	done(&x);
}

/* An edit that only deletes the first line of its old side, a line the file holds nowhere,
 * the rest standing as written (the reply sent again after the line was deleted): the fuzzy
 * tier took the deleted line for a miscopy of the line above the place's blank line (another
 * name, another value) and deleted that line, which the reply never wrote. The deleted text is
 * nowhere and the new side stands: gone already or miscopied, the reply does not say; refused.
 * A deleted line one typo from the line it is placed on is that line miscopied: deleted. */
TEST(unseen_miscopy, deletion_of_lines_gone_already_is_not_a_miscopy_of_a_neighbour)
{
	static const char F[] = "public class Grid {\n"
				"    private static double row_gap = 12.5;\n"
				"    private static double row_pad = 1.75;\n"
				"    private static double row_max = 0.95;\n"
				"\n"
				"    private static double col_pad = 1.40;\n"
				"    private static double col_max = -0.65;\n"
				"\n"
				"    private double span = 0;\n"
				"}\n";
	static const char typo_want[] = "public class Grid {\n"
					"    private static double row_gap = 12.5;\n"
					"    private static double row_pad = 1.75;\n"
					"\n"
					"    private static double col_pad = 1.40;\n"
					"    private static double col_max = -0.65;\n"
					"\n"
					"    private double span = 0;\n"
					"}\n";
	run x;
	seam_edit_info ei;

	go(&x, "Grid.java", F,
	   "Grid.java\n```\n<<<<<<< SEARCH\n"
	   "\n"
	   "    private static double col_gap = 8.0;\n"
	   "    private static double col_pad = 1.40;\n"
	   "    private static double col_max = -0.65;\n"
	   "=======\n"
	   "\n"
	   "    private static double col_pad = 1.40;\n"
	   "    private static double col_max = -0.65;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "row_max") && strstr(ei.message, "deleted already"));
	CHECK(has(&x, "Grid.java", F));
	done(&x);

	go(&x, "Grid.java", F,
	   "Grid.java\n```\n<<<<<<< SEARCH\n"
	   "    private static double row_pad = 1.75;\n"
	   "    private static double row_mxa = 0.95;\n"
	   "\n"
	   "    private static double col_pad = 1.40;\n"
	   "=======\n"
	   "    private static double row_pad = 1.75;\n"
	   "\n"
	   "    private static double col_pad = 1.40;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "Grid.java", typo_want));
	done(&x);
}

/* A SEARCH/REPLACE block sent again after it was made, its SEARCH side's loop line copied with
 * a trailing blank: the sides' diff took that line for deleted and written again, an addition
 * that kept the new side (one line of substance) under the rival's bar, and diff-repair placed
 * the old side at a later copy of the loop three lines past its "{" and blank line, deleting
 * that loop's body. A line given back but for its trailing blanks is kept in place, no
 * addition: the new side, standing as written, refuses the loose place. The same block applies
 * to the file before the edit. */
TEST(unseen_miscopy, resent_block_with_a_trailing_blank_is_not_placed_loosely)
{
	static const char made[] = "int drain_queue(void)\n{\n\n"
				   "\tfor (i = 0; i < queue_len; i++) {\n\t}\n}\n\n"
				   "int fill_queue(void)\n{\n\n"
				   "\tqueue_len++;\n\t/* keep the order */\n\n"
				   "\tfor (i = 0; i < queue_len; i++) {\n\t\tfill_queue(i);\n\t}\n}\n";
	static const char before[] = "int drain_queue(void)\n{\n\n"
				     "\tfor (i = 0; i < queue_len; i++) {\n\t\tfill_queue(i);\n\t}\n}\n";
	static const char want[] = "int drain_queue(void)\n{\n\n"
				   "\tfor (i = 0; i < queue_len; i++) {\n\t}\n}\n";
	static const char reply[] = "q.txt\n```\n<<<<<<< SEARCH\n"
				    "{\n\n"
				    "\tfor (i = 0; i < queue_len; i++) { \n"
				    "\t\tfill_queue(i);\n"
				    "\t}\n"
				    "=======\n"
				    "{\n\n"
				    "\tfor (i = 0; i < queue_len; i++) {\n"
				    "\t}\n"
				    ">>>>>>> REPLACE\n```\n";
	run x;
	seam_edit_info ei;

	go(&x, "q.txt", made, reply);
	CHECK_INT(x.plan, SEAM_EFAIL);
	ei = edit(&x, 0);
	CHECK(ei.status == SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "may be applied already"));
	CHECK(has(&x, "q.txt", made));
	done(&x);

	go(&x, "q.txt", before, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "q.txt", want));
	done(&x);
}

/* A hunk whose comment line is miscopied ("lamsp") and whose context leaves out the line above
 * it: where it was written the old side reads with the comment miscopied and a line left out,
 * while a copy of the function's other lines further down (no comment there) reads with the
 * comment an addition that lost its '+', one repair. The diff-repair tier took that place and
 * wrote the comment in; the comment's near copy stands between the old side's lines around it
 * (right above the deleted line's copy, its previous line a line further up), so the place is
 * no surer than that one. One typo from it, the line is a copying slip, not a new line: the
 * fuzzy tier's place that reads it so is kept, and the edit made where it was copied from. */
TEST(unseen_miscopy, miscopied_line_between_its_neighbours_elsewhere_is_no_addition)
{
	static const char F[] = "int settle(void)\n"
				"{\n"
				"\treturn 0;\n"
				"}\n"
				"\n"
				"int settle_all(void)\n"
				"{\n"
				"\tready_count++;\n"
				"\t/* Keep the lamps lit */\n"
				"\tif (ready_count) {\n"
				"\t\treturn ready_count;\n"
				"\t}\n"
				"}\n"
				"\n"
				"int drift(void)\n"
				"{\n"
				"\tif (ready_count) {\n"
				"\t\treturn ready_count;\n"
				"\t}\n"
				"}\n"
				"\n"
				"int settle_all(void)\n"
				"{\n"
				"\tif (ready_count) {\n"
				"\t\treturn ready_count;\n"
				"\t}\n"
				"}\n";
	static const char WANT[] = "int settle(void)\n"
				   "{\n"
				   "\treturn 0;\n"
				   "}\n"
				   "\n"
				   "int settle_all(void)\n"
				   "{\n"
				   "\tready_count++;\n"
				   "\t/* Keep the lamps lit */\n"
				   "\tif (ready_count) {  // checked\n"
				   "\t\treturn ready_count;\n"
				   "\t}\n"
				   "}\n"
				   "\n"
				   "int drift(void)\n"
				   "{\n"
				   "\tif (ready_count) {\n"
				   "\t\treturn ready_count;\n"
				   "\t}\n"
				   "}\n"
				   "\n"
				   "int settle_all(void)\n"
				   "{\n"
				   "\tif (ready_count) {\n"
				   "\t\treturn ready_count;\n"
				   "\t}\n"
				   "}\n";
	run x;

	go(&x, "lamps.c", F,
	   "--- a/lamps.c\n"
	   "+++ b/lamps.c\n"
	   "@@ ... @@\n"
	   " int settle_all(void)\n"
	   " {\n"
	   " \t/* Keep the lamsp lit */\n"
	   "-\tif (ready_count) {\n"
	   "+\tif (ready_count) {  // checked\n"
	   " \t\treturn ready_count;\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "lamps.c", WANT));
	done(&x);
}

/* The same with a swapped pair of letters in a short line ("detph++;" for "depth++;"): too
 * unlike its line for the fuzzy tier's context bar, so no tier reads the place it was copied
 * from (a comment left out above it), and the diff-repair tier put the hunk on a copy of its
 * loops elsewhere, the miscopied line added and a file line between the loops let go.
 * Refused, the file unchanged. */
TEST(unseen_miscopy, swapped_letters_line_between_its_neighbours_elsewhere_is_no_addition)
{
	static const char F[] = "int tally(void)\n"
				"{\n"
				"\treturn 0;\n"
				"}\n"
				"\n"
				"int sweep(void)\n"
				"{\n"
				"\t/* Walk every aisle */\n"
				"\tdepth++;\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\treturn depth;\n"
				"}\n"
				"\n"
				"int rest(void)\n"
				"{\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\tlog_depth(depth);\n"
				"\twhile (depth) {\n"
				"\t\tdepth--;\n"
				"\t}\n"
				"\treturn 0;\n"
				"}\n";
	run x;

	go(&x, "count.c", F,
	   "--- a/count.c\n"
	   "+++ b/count.c\n"
	   "@@ ... @@\n"
	   " {\n"
	   " \tdetph++;\n"
	   "+\tdepth--;\n"
	   " \twhile (depth) {\n"
	   " \t\tdepth--;\n"
	   "-\t}\n"
	   "-\twhile (depth) {\n"
	   "-\t\tdepth--;\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "count.c", F));
	done(&x);
}
