/*
 * "Already applied" (issue 11): an edit is skipped as made only when the file says so, never
 * because its new text stands somewhere. Each shape written with neutral content of our own:
 * a new side standing as written while the old side fits elsewhere but for a line made up; a
 * new side standing with the line the edit deletes (cut short) still right beside it; an edit
 * adding lines above an old side that stands at the very line its numbers name. Beside each,
 * the same edit really sent again, which must stay a skip (applied twice, it duplicates code).
 */
#include "plan_run.h"

/* ---- a new side standing as written, the old side elsewhere but for a made-up line ---- */

static const char ROWS[] = "int load_rows(void)\n"
			   "{\n"
			   "\tfor (i = 0; i < count; i++) {\n"
			   "\t\tsend_row(i);\n"
			   "\t}\n"
			   "\treturn count;\n"
			   "}\n"
			   "\n"
			   "int save_rows(void)\n"
			   "{\n"
			   "\t/* walk the rows */\n"
			   "\tfor (i = 0; i < count; i++) {\n"
			   "\t\tsend_row(i);\n"
			   "\t}\n"
			   "\treturn count;\n"
			   "}\n";

/* The comment deleted from save_rows, the hunk's last context line made up on its old side
 * and written right on its new side: no tier places the old side (the made-up line is too
 * unlike the file's), and the new side stands as written in load_rows. Taken for made, the
 * edit was skipped; the old side fits save_rows but for the made-up line: either may be meant,
 * so it is refused naming both. */
TEST(unseen_made, new_side_elsewhere_while_old_side_fits_but_for_a_made_up_line_is_refused)
{
	static const char R[] = "*** Begin Patch\n"
				"*** Update File: rows.c\n"
				"@@\n"
				" {\n"
				"-\t/* walk the rows */\n"
				" \tfor (i = 0; i < count; i++) {\n"
				"-\t\tflush_cache(1);\n"
				"+\t\tsend_row(i);\n"
				"*** End Patch\n";
	run x;

	go(&x, "rows.c", ROWS, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "flush_cache(1);") &&
	      strstr(edit(&x, 0).message, "line 10"));
	CHECK(has(&x, "rows.c", ROWS));
	done(&x);
}

/* The comment deleted from save_rows with a made-up line added to the hunk's old side (no file
 * line stands for it): the new side, "{" and the loop head together, stands in load_rows. The
 * old side fits save_rows but for the line made up: refused, not skipped. */
TEST(unseen_made, new_side_elsewhere_while_old_side_fits_but_for_an_added_made_up_line_is_refused)
{
	static const char R[] = "*** Begin Patch\n"
				"*** Update File: rows.c\n"
				"@@\n"
				" {\n"
				"-\tif rows_ready:\n"
				"-\t/* walk the rows */\n"
				" \tfor (i = 0; i < count; i++) {\n"
				"*** End Patch\n";
	run x;

	go(&x, "rows.c", ROWS, R);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "if rows_ready:"));
	CHECK(has(&x, "rows.c", ROWS));
	done(&x);
}

/* The same edit sent again once made (the comment gone from the one function that held the
 * loop, a copy of it further down): its made-up line fits nowhere else with the rest of its
 * old side, and the new side stands alone: already applied, the file unchanged. */
TEST(unseen_made, made_edit_with_a_made_up_line_sent_again_stays_applied)
{
	static const char F[] = "int save_rows(void)\n"
				"{\n"
				"\tfor (i = 0; i < count; i++) {\n"
				"\t\tsend_row(i);\n"
				"\t}\n"
				"\t/* walk the rows */\n"
				"\treturn count;\n"
				"}\n";
	run x;

	go(&x, "rows.c", F,
	   "*** Begin Patch\n"
	   "*** Update File: rows.c\n"
	   "@@\n"
	   " {\n"
	   "-\t/* walk the rows */\n"
	   " \tfor (i = 0; i < count; i++) {\n"
	   "-\t\tflush_cache(1);\n"
	   "+\t\tsend_row(i);\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "rows.c", F));
	done(&x);
}

/* ---- a new side standing with the line it deletes still beside it ---- */

static const char JOBS[] = "def run_jobs(jobs):\n"
			   "    for job in jobs:\n"
			   "        job.start()\n"
			   "    if jobs:\n"
			   "        return len(jobs)\n"
			   "    return len(jobs)\n"
			   "    return len(jobs)\n"
			   "    # every job ran\n";

/* A block deleting the second of two "return len(jobs)", its SEARCH side leaving out the line
 * under the `if` and cut short on its last line: the sides' diff takes the left-out line for an
 * addition, and the new side (the file's first six lines) stands as written. The line the block
 * deletes, cut short, still stands right below it: not made there. Skipped as made, the edit
 * was lost; it is refused. */
TEST(unseen_made, new_side_with_its_cut_deleted_line_still_beside_it_is_refused)
{
	run x;

	go(&x, "jobs.py", JOBS,
	   "jobs.py\n```\n<<<<<<< SEARCH\n"
	   "def run_jobs(jobs):\n"
	   "    for job in jobs:\n"
	   "        job.start()\n"
	   "    if jobs:\n"
	   "    return len(jobs)\n"
	   "    return le\n"
	   "=======\n"
	   "def run_jobs(jobs):\n"
	   "    for job in jobs:\n"
	   "        job.start()\n"
	   "    if jobs:\n"
	   "        return len(jobs)\n"
	   "    return len(jobs)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	/* h-cutindent's rule (a deleted line that is its neighbour cut short is a copy of it, no
	   proof) keeps the new side from proving the edit made before this rule is asked: then
	   the plain no-match, which names the line the old side lacks */
	CHECK(edit(&x, 0).message &&
	      (strstr(edit(&x, 0).message, "still standing right beside it") ||
	       strstr(edit(&x, 0).message, "5 |         return len(jobs)")));
	CHECK(has(&x, "jobs.py", JOBS));
	done(&x);
}

/* A block changing the last line of the `if`, sent again once made: the line it deletes is
 * gone, a line of other text stands below the new side. Already applied, unchanged. */
TEST(unseen_made, made_edge_change_sent_again_stays_applied)
{
	static const char F[] = "def run_jobs(jobs):\n"
				"    for job in jobs:\n"
				"        job.start()\n"
				"    if jobs:\n"
				"        return len(jobs)\n"
				"    return None\n"
				"    # every job ran\n";
	run x;

	go(&x, "jobs.py", F,
	   "jobs.py\n```\n<<<<<<< SEARCH\n"
	   "    if jobs:\n"
	   "        return len(jobs)\n"
	   "    return len(jobs)\n"
	   "=======\n"
	   "    if jobs:\n"
	   "        return len(jobs)\n"
	   "    return None\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "jobs.py", F));
	done(&x);
}

/* ---- lines added above an old side that stands at its own numbers ---- */

static const char SHUT[] = "int shut(int fd)\n"
			   "{\n"
			   "\tif (fd < 0) {\n"
			   "\t\treturn -1;\n"
			   "\t}\n"
			   "\tclose(fd);\n"
			   "\treturn 0;\n"
			   "}\n";

static const char SHUT_HUNK[] = "--- a/shut.c\n"
				"+++ b/shut.c\n"
				"@@ -6,2 +6,3 @@\n"
				"+\t}\n"
				" \tclose(fd);\n"
				" \treturn 0;\n";

/* A hunk adding "}" above lines 6-7, where the file's line 5 is "}": its old side stands at
 * line 6, as its numbers say, and its new side at lines 5-7 around it. Made, the "}" it adds
 * would have moved line 6 down one; standing at its number, the file is as the hunk found it,
 * whatever stands above. It was taken for made (skipped); now it is not (here refused, the
 * added line a copy of the line beyond its edge: left out, or written twice?). */
TEST(unseen_made, addition_above_old_side_at_its_numbers_is_not_taken_for_made)
{
	run x;

	go(&x, "shut.c", SHUT, SHUT_HUNK);
	CHECK(edit(&x, 0).status != SEAM_STATUS_ALREADY_APPLIED);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shut.c", SHUT));
	done(&x);
}

/* The same hunk sent again once made: the "}" it added stands above, the old side one line
 * below its number (moved by the line added). Already applied, unchanged. */
TEST(unseen_made, addition_above_old_side_sent_again_stays_applied)
{
	static const char F[] = "int shut(int fd)\n"
				"{\n"
				"\tif (fd < 0) {\n"
				"\t\treturn -1;\n"
				"\t}\n"
				"\t}\n"
				"\tclose(fd);\n"
				"\treturn 0;\n"
				"}\n";
	run x;

	go(&x, "shut.c", F, SHUT_HUNK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "shut.c", F));
	done(&x);
}

/* ---- a line the edit moves, standing where its new side has it ---- */

static const char TALLY[] = "begin_batch\n"
			    "\tstep_counter++;\n"
			    "\twhile (queue_len) {\n"
			    "\t\tqueue_len--;\n"
			    "\t}\n"
			    "}\n"
			    "\n"
			    "begin_round\n"
			    "\tif (queue_len) {\n"
			    "\t\treturn step_counter;\n"
			    "\t}\n"
			    "\n"
			    "\n"
			    "\tstep_counter++;\n"
			    "}\n"
			    "\n"
			    "begin_final\n"
			    "\tif (queue_len) {\n"
			    "\t\treturn step_counter;\n"
			    "\t}\n"
			    "\tflush_worker++;\n"
			    "\tstep_counter++;\n"
			    "}\n";

/* A hunk moving "step_counter++" above the line before it, that line made up on its old side:
 * the diff-repair tier places it in begin_round, passing over the two blank lines and taking
 * the made-up line for an addition, with the moved line's deletion on the file's
 * "step_counter++". That line, standing as the new side has it, was taken for the edit made
 * (skipped); it stands there whether or not the edit is made: refused. */
TEST(unseen_made, moved_line_standing_is_no_proof_of_made)
{
	run x;

	go(&x, "tally.txt", TALLY,
	   "*** Begin Patch\n"
	   "*** Update File: tally.txt\n"
	   "@@\n"
	   " \t\treturn step_counter;\n"
	   " \t}\n"
	   "+\tstep_counter++;\n"
	   " \treset_all_tables(1);\n"
	   "-\tstep_counter++;\n"
	   " }\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(has(&x, "tally.txt", TALLY));
	done(&x);
}

/* ---- a context line cut short, taken for an addition ---- */

/* A hunk adding a line above "flush_worker++;", which it cuts short ("flush_w"): the
 * diff-repair tier placed it in begin_round, the cut line taken for an addition and the blank
 * lines let go, and wrote "flush_w" and the new line there. The file's line 21 is the cut line
 * whole: the place may be the wrong one, and the cut line is no line to write. Refused. */
TEST(unseen_made, context_line_cut_mid_word_is_not_written_as_new)
{
	run x;

	go(&x, "tally.txt", TALLY,
	   "*** Begin Patch\n"
	   "*** Update File: tally.txt\n"
	   "@@\n"
	   " \t\treturn step_counter;\n"
	   " \t}\n"
	   "+\tlog_round(queue_len);\n"
	   " \tflush_w\n"
	   " \tstep_counter++;\n"
	   " }\n"
	   "*** End Patch\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "line 21"));
	CHECK(has(&x, "tally.txt", TALLY));
	done(&x);
}

/* ---- the file holding what the edit adds and what it deletes ---- */

static const char SUM_BLOCK[] = "sum.c\n```\n<<<<<<< SEARCH\n"
				"{\n"
				"\tfor (i = 0; i < rows; i++) {\n"
				"\t}\n"
				"\trows++;\n"
				"\tcache.reset(all_keys);\n"
				"\t/* keep the total */\n"
				"=======\n"
				"{\n"
				"\tfor (i = 0; i < rows; i++) {\n"
				"\t\tadd_row(i);\n"
				"\t}\n"
				"\trows++;\n"
				"\t/* keep the total */\n"
				">>>>>>> REPLACE\n```\n";

/* A block deleting the first of two comments, its SEARCH side leaving out the loop's body line
 * and putting a made-up line in place of that comment: the sides' diff adds the body line and
 * deletes the made-up one, and the new side stands as written. The file holds that body line
 * and, where the made-up line goes, a line with the context below it: what the edit adds and
 * what it deletes, both. Taken for made, it was skipped; refused. */
TEST(unseen_made, file_holding_additions_and_a_made_up_deletion_is_refused)
{
	static const char F[] = "int sum_rows(void)\n"
				"{\n"
				"\tfor (i = 0; i < rows; i++) {\n"
				"\t\tadd_row(i);\n"
				"\t}\n"
				"\trows++;\n"
				"\t/* keep the total */\n"
				"\t/* keep the total */\n"
				"}\n";
	run x;

	go(&x, "sum.c", F, SUM_BLOCK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "left out of it?"));
	CHECK(has(&x, "sum.c", F));
	done(&x);
}

/* The same block sent again once made: below the comment stands a line of other text, so the
 * context does not fit one line lower. Already applied, unchanged. */
TEST(unseen_made, made_block_with_a_made_up_deletion_sent_again_stays_applied)
{
	static const char F[] = "int sum_rows(void)\n"
				"{\n"
				"\tfor (i = 0; i < rows; i++) {\n"
				"\t\tadd_row(i);\n"
				"\t}\n"
				"\trows++;\n"
				"\t/* keep the total */\n"
				"\treturn rows;\n"
				"}\n";
	run x;

	go(&x, "sum.c", F, SUM_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "sum.c", F));
	done(&x);
}

/* ---- the old side still standing, one line one typo off ---- */

static const char TALLY_BLOCK[] = "tally.txt\n```\n<<<<<<< SEARCH\n"
				  "        total += 1;\n"
				  "    retrun total;  \n"
				  "=======\n"
				  "    # keep it short\n"
				  ">>>>>>> REPLACE\n```\n";

/* A block 4 columns deeper than the file, replacing two lines (the second miscopied, a
 * transposition, with trailing blanks) by a comment: no tier places an old side this short
 * with a miscopy, and the comment, standing as written elsewhere (at another indentation),
 * was taken for the edit made. The two lines stand in the file together, one a typo off: the
 * lines it deletes are there. Refused. */
TEST(unseen_made, new_side_elsewhere_while_old_side_stands_one_typo_off_is_refused)
{
	static const char F[] = "tally(rows):\n"
				"    total += 1;\n"
				"return total;\n"
				"record(total);\n"
				"while rows:\n"
				"# keep it short\n"
				"\n"
				"rows.pop()\n";
	run x;

	go(&x, "tally.txt", F, TALLY_BLOCK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "one typo off"));
	CHECK(has(&x, "tally.txt", F));
	done(&x);
}

/* The same block sent again once made: the two lines are gone, the comment stands where they
 * were. Already applied, unchanged. */
TEST(unseen_made, made_block_with_a_typo_sent_again_stays_applied)
{
	static const char F[] = "tally(rows):\n"
				"# keep it short\n"
				"record(total);\n"
				"while rows:\n"
				"\n"
				"rows.pop()\n";
	run x;

	go(&x, "tally.txt", F, TALLY_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "tally.txt", F));
	done(&x);
}

/* ---- a numbered block whose new side stands at its own place, the deleted line beside ---- */

/* An ln-diff block numbered two lines off, leaving a line out of its REMOVE side (a gap in its
 * numbers), one line miscopied and one with trailing blanks, deleting its last line: no tier
 * places the old side, and its new side stands as written at the block's own place, the line
 * it deletes still right after it. Its numbers being off, they prove nothing either way; the
 * line the edit deletes, still there, says it is not made: refused, naming that line (fuzz
 * finding 63 of fuzz/README.md, its shape with content of our own). */
#define LOG_BLOCK                                                                                  \
	"log.txt\n<editblock>\n<<<<<<< REMOVE\n"                                                   \
	"     4\xe2\x94\x82    log_line(a);\n"                                                     \
	"     6\xe2\x94\x82\n"                                                                     \
	"     7\xe2\x94\x82\n"                                                                     \
	"     8\xe2\x94\x82# sorted by nmae\n"                                                     \
	"     9\xe2\x94\x82total = 0;  \n"                                                         \
	"    10\xe2\x94\x82\n"                                                                     \
	"    11\xe2\x94\x82    finish:\n"                                                          \
	"=======\n"                                                                                \
	"      \xe2\x94\x82    log_line(a);\n"                                                     \
	"      \xe2\x94\x82log_line(a);\n"                                                         \
	"      \xe2\x94\x82\n"                                                                     \
	"      \xe2\x94\x82\n"                                                                     \
	"      \xe2\x94\x82# sorted by name\n"                                                     \
	"      \xe2\x94\x82total = 0;\n"                                                           \
	"      \xe2\x94\x82\n"                                                                     \
	">>>>>>> INSERT\n</editblock>\n"

TEST(unseen_made, numbered_new_side_at_its_place_with_its_deleted_line_after_is_refused)
{
	static const char F[] = "begin();\n"
	                        "    log_line(a);\n"
	                        "log_line(a);\n"
	                        "\n"
	                        "\n"
	                        "# sorted by name\n"
	                        "total = 0;\n"
	                        "\n"
	                        "    finish:\n";
	run x;

	go(&x, "log.txt", F, LOG_BLOCK);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "still standing right beside it"));
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* The same block sent again once made: the last line is gone. Already applied, unchanged. */
TEST(unseen_made, numbered_block_made_sent_again_stays_applied)
{
	static const char F[] = "begin();\n"
	                        "    log_line(a);\n"
	                        "log_line(a);\n"
	                        "\n"
	                        "\n"
	                        "# sorted by name\n"
	                        "total = 0;\n"
	                        "\n";
	run x;

	go(&x, "log.txt", F, LOG_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* The same shape where the run after the last context line first deletes blank lines (one of
 * them miscopied with trailing blanks, so the sides' diff pairs none of them) and then the
 * line of substance, adding blank lines back: a deleted blank line says nothing (the new
 * side's blank lines may be it), the first line of substance the run deletes, standing right
 * after the new side, says the edit is not made: refused (fuzz finding 67). */
#define LOG_BLANKS_BLOCK                                                                           \
	"log.txt\n<editblock>\n<<<<<<< REMOVE\n"                                                   \
	"     4\xe2\x94\x82    log_line(a);\n"                                                     \
	"     5\xe2\x94\x82\n"                                                                     \
	"     7\xe2\x94\x82# sorted by nmae\n"                                                     \
	"     8\xe2\x94\x82total = 0;\n"                                                           \
	"     9\xe2\x94\x82  \n"                                                                   \
	"    10\xe2\x94\x82\n"                                                                     \
	"    11\xe2\x94\x82    finish:\n"                                                          \
	"=======\n"                                                                                \
	"      \xe2\x94\x82    log_line(a);\n"                                                     \
	"      \xe2\x94\x82\n"                                                                     \
	"      \xe2\x94\x82log_line(a);\n"                                                         \
	"      \xe2\x94\x82# sorted by name\n"                                                     \
	"      \xe2\x94\x82total = 0;\n"                                                           \
	"      \xe2\x94\x82\n"                                                                     \
	"      \xe2\x94\x82\n"                                                                     \
	">>>>>>> INSERT\n</editblock>\n"

TEST(unseen_made, new_side_with_its_deleted_line_after_deleted_blank_lines_is_refused)
{
	static const char F[] = "begin();\n"
	                        "    log_line(a);\n"
	                        "\n"
	                        "log_line(a);\n"
	                        "# sorted by name\n"
	                        "total = 0;\n"
	                        "\n"
	                        "\n"
	                        "    finish:\n";
	run x;

	go(&x, "log.txt", F, LOG_BLANKS_BLOCK);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "\"    finish:\""));
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* The same block sent again once made: already applied, unchanged. */
TEST(unseen_made, new_side_after_deleted_blank_lines_made_sent_again_stays_applied)
{
	static const char F[] = "begin();\n"
	                        "    log_line(a);\n"
	                        "\n"
	                        "log_line(a);\n"
	                        "# sorted by name\n"
	                        "total = 0;\n"
	                        "\n"
	                        "\n";
	run x;

	go(&x, "log.txt", F, LOG_BLANKS_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* ---- a new side at its place, a line it keeps miscopied with trailing blanks ---- */

/* A block 4 columns deeper than the file, leaving out the second log_line(a) and miscopying
 * the `}` after it with trailing blanks, deleting the blank line and the `{` below: its new
 * side stands as written at the block's own place. The sides' diff, comparing exactly, deletes
 * the `}` and adds it back; that line the new side keeps says nothing, the `{` it deletes,
 * still right after the new side past the blank line, says the edit is not made: refused
 * (fuzz finding 70). */
#define BRACE_BLOCK                                                                                \
	"log.txt\n```\n<<<<<<< SEARCH\n"                                                           \
	"        log_line(a);\n"                                                                   \
	"    }  \n"                                                                                \
	"\n"                                                                                       \
	"        {\n"                                                                              \
	"=======\n"                                                                                \
	"        log_line(a);\n"                                                                   \
	"    log_line(a);\n"                                                                       \
	"    }\n"                                                                                  \
	">>>>>>> REPLACE\n```\n"

TEST(unseen_made, new_side_at_its_place_keeping_a_line_miscopied_with_blanks_is_refused)
{
	static const char F[] = "begin();\n"
	                        "    total = 0;\n"
	                        "    total = 0;\n"
	                        "\n"
	                        "}\n"
	                        "    log_line(a);\n"
	                        "log_line(a);\n"
	                        "}\n"
	                        "\n"
	                        "    {\n";
	run x;

	go(&x, "log.txt", F, BRACE_BLOCK);
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_NO_MATCH);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "still standing right beside it"));
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* The same block sent again once made: already applied, unchanged. */
TEST(unseen_made, new_side_keeping_a_line_miscopied_with_blanks_made_stays_applied)
{
	static const char F[] = "begin();\n"
	                        "    total = 0;\n"
	                        "    total = 0;\n"
	                        "\n"
	                        "}\n"
	                        "    log_line(a);\n"
	                        "log_line(a);\n"
	                        "}\n";
	run x;

	go(&x, "log.txt", F, BRACE_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "log.txt", F));
	done(&x);
}

/* ---- the old side one line of text, one typo off, beside a blank line ---- */

/* 59's shape with one line of text: a block 4 columns deeper of a blank line and a miscopied
 * `return total;` (a transposition, trailing blanks), replaced by a comment that stands as
 * written elsewhere. The blank line and the line one typo off stand together in the file:
 * as weak a reading as the one-line new side standing alone. Refused, naming both (fuzz
 * finding 73). */
static const char TALLY_BLANK_BLOCK[] = "tally.txt\n```\n<<<<<<< SEARCH\n"
                                        "\n"
                                        "    retrun total;  \n"
                                        "=======\n"
                                        "    # keep it short\n"
                                        ">>>>>>> REPLACE\n```\n";

TEST(unseen_made, new_side_elsewhere_while_a_blank_and_a_line_one_typo_off_stand_is_refused)
{
	static const char F[] = "tally(rows):\n"
	                        "\n"
	                        "return total;\n"
	                        "record(total);\n"
	                        "while rows:\n"
	                        "# keep it short\n"
	                        "\n"
	                        "rows.pop()\n";
	run x;

	go(&x, "tally.txt", F, TALLY_BLANK_BLOCK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "one typo off"));
	CHECK(has(&x, "tally.txt", F));
	done(&x);
}

/* The same block sent again once made: already applied, unchanged. */
TEST(unseen_made, made_block_of_a_blank_and_a_typo_sent_again_stays_applied)
{
	static const char F[] = "tally(rows):\n"
	                        "# keep it short\n"
	                        "record(total);\n"
	                        "while rows:\n"
	                        "\n"
	                        "rows.pop()\n";
	run x;

	go(&x, "tally.txt", F, TALLY_BLANK_BLOCK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "tally.txt", F));
	done(&x);
}
