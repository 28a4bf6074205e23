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
