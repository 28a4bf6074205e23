/*
 * Elisions ("..." standing for unchanged lines) and short loose places, in replies seam has not
 * seen (issue 11, session 9), each written again with neutral content of our own.
 */
#include "plan_run.h"

/* ---- a line given back but for its trailing blanks is kept, not changed ---- */

/* A block sent again: its new side (a "...", then two lines that stand together) is in the
 * file at lines 1-5, while its old side, whose line after the "..." carries trailing blanks the
 * new side drops, is nowhere. The split cut it into runs and put its deletion in the next
 * function, on a context line it took for a miscopy there (lines 1-13: the "..." passing over a
 * whole function). The line given back but for its trailing blanks is kept in place: the run
 * it deletes lies between two context lines, which stand together in the file, so the new
 * side is evidence and keeps the split off; the block is refused, the file unchanged. */
TEST(unseen_elision, resent_block_with_trimmed_line_after_elision_is_not_split)
{
	static const char F[] = "    current_total = fetch_rows()\n"
				"    # see below\n"
				"    try:\n"
				"        current_total = fetch_rows()\n"
				"        pass\n"
				"\n"
				"def reset_all():\n"
				"    current_total = fetch_rows()\n"
				"    # see below\n"
				"    try:\n"
				"        current_total = open_files()\n"
				"    except ValueError:\n"
				"        pass\n";
	run x;
	go(&x, "k.py", F,
	   "k.py\n```\n<<<<<<< SEARCH\n"
	   "    current_total = fetch_rows()\n"
	   "    ...\n"
	   "        current_total = fetch_rows()  \n"
	   "    except ValueError:\n"
	   "        pass\n"
	   "=======\n"
	   "    current_total = fetch_rows()\n"
	   "    ...\n"
	   "        current_total = fetch_rows()\n"
	   "        pass\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	/* made already (nothing to change), or refused: never the deletion in reset_all */
	CHECK(edit(&x, 0).status != SEAM_STATUS_APPLIED);
	CHECK(has(&x, "k.py", F));
	done(&x);
}

/* ---- a short loose place rests on its lines of substance ---- */

/* A block from another file (a JavaScript function's end): "return null;", "return 0;", "}"
 * and a blank line. Its "return 0;" is nowhere in this file and was taken for an unmarked
 * addition, "return null;" for a miscopy of "return node;" (0.75 alike, a different value, not
 * a typo), and the place rested on a lone "}": fuzzy at lines 7-9. The old side's lines that
 * place it are two, as short as SM_SHORT_OLD_LINES: a miscopy among them must be nearly its
 * file line. Refused, the file unchanged. */
TEST(unseen_elision, foreign_block_on_a_lone_closer_is_refused)
{
	static const char F[] = "#include <stdio.h>\n"
				"\n"
				"int count_items(int node)\n"
				"{\n"
				"\tif (!node)\n"
				"\t\treturn -1;\n"
				"\treturn node;\n"
				"}\n"
				"\n"
				"int other_items(void)\n"
				"{\n"
				"\tint total = 0;\n"
				"\tfor (int i = 0; i < 4; i++)\n"
				"\t\ttotal += i;\n"
				"\treturn total;\n"
				"}\n";
	run x;
	go(&x, "m.c", F,
	   "m.c\n```\n<<<<<<< SEARCH\n"
	   "    return null;\n"
	   "  return 0;\n"
	   "}\n"
	   "\n"
	   "=======\n"
	   "  return 0;\n"
	   "    return null;\n"
	   "}\n"
	   "\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "m.c", F));
	done(&x);
}

/* ---- an elision marker with typography on one side is still one marker ---- */

/* The SEARCH side writes its "..." as a typographic ellipsis ("…"), the REPLACE side as three
 * dots: both are the one elision, kept. Read exactly, the two differed, the marker was a line
 * deleted and another added, and the block fitted nowhere. */
TEST(unseen_elision, typographic_ellipsis_on_one_side_is_an_elision)
{
	static const char F[] = "int start(void)\n"
				"{\n"
				"\tint a = load(1);\n"
				"\tint b = load(2);\n"
				"\tint c = load(3);\n"
				"\treturn a + b + c;\n"
				"}\n";
	run x;
	go(&x, "s.c", F,
	   "s.c\n```\n<<<<<<< SEARCH\n"
	   "int start(void)\n"
	   "{\n"
	   "\t\xE2\x80\xA6\n"
	   "\treturn a + b + c;\n"
	   "=======\n"
	   "int start(void)\n"
	   "{\n"
	   "\t...\n"
	   "\treturn a * b * c;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.c",
		  "int start(void)\n{\n\tint a = load(1);\n\tint b = load(2);\n\tint c = load(3);\n"
		  "\treturn a * b * c;\n}\n"));
	done(&x);
}

/* The same with the comment form ("// …" against "// ..."), and with trailing blanks on one
 * copy of the marker only. */
TEST(unseen_elision, comment_ellipsis_differing_in_typography_or_blanks_is_an_elision)
{
	static const char F[] = "int start(void)\n"
				"{\n"
				"\tint a = load(1);\n"
				"\tint b = load(2);\n"
				"\treturn a + b;\n"
				"}\n";
	static const char W[] = "int start(void)\n"
				"{\n"
				"\tint a = load(1);\n"
				"\tint b = load(2);\n"
				"\treturn a - b;\n"
				"}\n";
	run x;
	go(&x, "s.c", F,
	   "s.c\n```\n<<<<<<< SEARCH\n"
	   "{\n"
	   "\t// \xE2\x80\xA6\n"
	   "\treturn a + b;\n"
	   "=======\n"
	   "{\n"
	   "\t// ...\n"
	   "\treturn a - b;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.c", W));
	done(&x);
	go(&x, "s.c", F,
	   "s.c\n```\n<<<<<<< SEARCH\n"
	   "{\n"
	   "\t...  \n"
	   "\treturn a + b;\n"
	   "=======\n"
	   "{\n"
	   "\t...\n"
	   "\treturn a - b;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "s.c", W));
	done(&x);
}

/* A line of code is never paired with a marker: a Python `...` body the edit replaces with a
 * statement is a change (the marker pairing asks both sides to be markers). */
TEST(unseen_elision, dots_body_replaced_by_code_is_a_change)
{
	static const char F[] = "def first():\n    ...\n\ndef second():\n    return 2\n";
	run x;
	go(&x, "p.py", F,
	   "p.py\n```\n<<<<<<< SEARCH\n"
	   "def first():\n"
	   "    ...\n"
	   "=======\n"
	   "def first():\n"
	   "    return 1\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "p.py", "def first():\n    return 1\n\ndef second():\n    return 2\n"));
	done(&x);
}

/* ---- a tie names distinct places ---- */

/* The second block ties between places inside the lines the first one wrote: named in the
 * file's numbers before the reply they all read "line 2" (the nearest numbered line), the
 * same place three times. They are named in the numbers of the file as the first block
 * leaves it, and said so. */
TEST(unseen_elision, tie_on_lines_an_earlier_block_wrote_names_distinct_places)
{
	static const char F[] = "def f():\n    pass\n\ndef g():\n    return 1\n";
	const char *msg;
	run x;
	go(&x, "a.py", F,
	   "a.py\n```\n<<<<<<< SEARCH\n"
	   "def f():\n"
	   "    pass\n"
	   "=======\n"
	   "def f():\n"
	   "    x = 1\n"
	   "    y = 2\n"
	   "    x = 1\n"
	   "    y = 2\n"
	   "    pass\n"
	   ">>>>>>> REPLACE\n```\n"
	   "\n"
	   "a.py\n```\n<<<<<<< SEARCH\n"
	   "    x = 1\n"
	   "    ...\n"
	   "    y = 2\n"
	   "=======\n"
	   "    x = 1\n"
	   "    ...\n"
	   "    y = 3\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 1).status, SEAM_STATUS_AMBIGUOUS);
	msg = edit(&x, 1).message;
	CHECK(msg && strstr(msg, "lines 2-3, lines 2-5, lines 4-5"));
	CHECK(msg && strstr(msg, "as the edits before this one leave it"));
	CHECK(has(&x, "a.py", F));
	done(&x);
}

/* ---- "already applied" through a "..." ---- */

/* A block with a "..." sent again: the file holds its new side, the "..." standing for the
 * lines between, and its old side nowhere. Its change is closed in by context lines of its own
 * piece ("a = 1;" above, "}" below), standing together as written: made already, nothing
 * changed. The strict tiers alone never found a new side with a "..." in it, and the reply
 * was refused as not found. */
TEST(unseen_elision, block_with_elision_sent_again_is_already_applied)
{
	static const char F[] = "int start(void)\n"
				"{\n"
				"\tint b = load(2);\n"
				"\tint c = load(3);\n"
				"\ta = 1;\n"
				"\treturn a - b;\n"
				"}\n"
				"\n"
				"int stop(void)\n"
				"{\n"
				"\treturn 0;\n"
				"}\n";
	run x;
	go(&x, "s.c", F,
	   "s.c\n```\n<<<<<<< SEARCH\n"
	   "int start(void)\n"
	   "{\n"
	   "\t...\n"
	   "\ta = 1;\n"
	   "\treturn compute_all(a, b, 7);\n"
	   "}\n"
	   "=======\n"
	   "int start(void)\n"
	   "{\n"
	   "\t...\n"
	   "\ta = 1;\n"
	   "\treturn a - b;\n"
	   "}\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "s.c", F));
	done(&x);
}

/* Its new side found through the "..." with the changed line right after it, no context line
 * of its own piece before it: the "..." lets that line stand anywhere past the piece above
 * (here in the next function), which proves nothing. Not taken for made: refused, unchanged. */
TEST(unseen_elision, added_line_right_after_elision_proves_nothing)
{
	static const char F[] = "int start(void)\n"
				"{\n"
				"\tint b = load(2);\n"
				"\treturn a * b;\n"
				"}\n"
				"\n"
				"int stop(void)\n"
				"{\n"
				"\treturn a - b;\n"
				"}\n";
	run x;
	go(&x, "s.c", F,
	   "s.c\n```\n<<<<<<< SEARCH\n"
	   "int start(void)\n"
	   "{\n"
	   "\t...\n"
	   "\treturn compute_all(a, b, 7);\n"
	   "=======\n"
	   "int start(void)\n"
	   "{\n"
	   "\t...\n"
	   "\treturn a - b;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(edit(&x, 0).status != SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "s.c", F));
	done(&x);
}

/* A block with a "..." that moves a blank line (from after a line to before it): found with
 * its "..." standing for lines and the blank line let go, its new side stood in the file it had
 * not changed yet, and the block was refused as maybe made already. A new side proves the edit
 * made through a "..." only with its lines as written, blank ones too: applied. */
TEST(unseen_elision, elided_block_moving_a_blank_line_is_applied)
{
	static const char F[] = "def run(items):\n"
				"    total = 0\n"
				"    total += 1\n"
				"    scale = 2\n"
				"    for item in items:\n"
				"        process(item)\n"
				"\n"
				"    return total\n";
	run x;
	go(&x, "w.py", F,
	   "w.py\n```\n<<<<<<< SEARCH\n"
	   "    total += 1\n"
	   "    ...\n"
	   "    for item in items:\n"
	   "        process(item)\n"
	   "\n"
	   "=======\n"
	   "    total += 1\n"
	   "    ...\n"
	   "    for item in items:\n"
	   "\n"
	   "        process(item)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "w.py",
		  "def run(items):\n    total = 0\n    total += 1\n    scale = 2\n"
		  "    for item in items:\n\n        process(item)\n    return total\n"));
	done(&x);
}
