/*
 * Wrong applies in files of a few lines used many times (issue 11, fuzz_oracle's vocabulary
 * mode, session 6), each written again with neutral content of our own: where runs of `}`,
 * blank lines and the same statement give an old side several equally cheap readings, the
 * reading the matcher takes must be the one the reply means, or none.
 */
#include "plan_run.h"

/* A SEARCH side with two blank lines where the file has one, then a line the file repeats
 * every other line: either the model wrote one blank line too many, or it left out the line
 * between two blank lines of the file (the generator's "missing-context"). The blank-lines tier
 * let the first of the two go (its neighbour above is a line of substance with no copy above
 * it) and found the block two lines short of the region, so the last copy stayed below the new
 * side's. A let-go blank line of a run is judged by the lines of substance around the run. */
TEST(unseen_ties, let_go_blank_of_a_run_before_a_repeated_line_is_doubted)
{
	static const char F[] = "begin();\n"
				"start_engine();\n"
				"}\n"
				"\n"
				"return count;\n"
				"\n"
				"return count;\n"
				"\n"
				"return count;\n";
	run x;
	go(&x, "steps.txt", F,
	   "steps.txt\n```\n<<<<<<< SEARCH\n"
	   "start_engine();\n"
	   "}\n"
	   "\n"
	   "\n"
	   "return count;\n"
	   "\n"
	   "return count;\n"
	   "=======\n"
	   "start_engine();\n"
	   "}\n"
	   "}\n"
	   "\n"
	   "return count;\n"
	   "\n"
	   "return count;\n"
	   ">>>>>>> REPLACE\n```\n");
	/* the one reading left: line 5 left out of the old side, the region lines 2-9 */
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "steps.txt",
		  "begin();\n"
		  "start_engine();\n"
		  "}\n"
		  "}\n"
		  "\n"
		  "return count;\n"
		  "\n"
		  "return count;\n"));
	done(&x);
}

/* A SEARCH side whose first line is a miscopy of a line the file has twice in a row (the copy
 * above the region and the first line of the region); its REPLACE side gives that line back its
 * text first and adds another copy of it further down. The edge rule (widen) took the new first
 * line for the model repeating the file line above and absorbed it: the two written as one, a
 * copy lost. Counted over the whole new side the line is added twice and deleted once; but the
 * deleted one stands at the same edge: the new edge line is that line written again. */
TEST(unseen_ties, miscopied_first_line_given_back_is_not_the_line_above_repeated)
{
	static const char F[] = "header();\n"
				"    // reset the counter\n"
				"    // reset the counter\n"
				"    count = 0;\n"
				"    {\n"
				"}\n";
	run x;
	go(&x, "count.txt", F,
	   "count.txt\n```\n<<<<<<< SEARCH\n"
	   "    // rseet the counter\n"
	   "    count = 0;\n"
	   "    {\n"
	   "}\n"
	   "=======\n"
	   "    // reset the counter\n"
	   "}\n"
	   "}\n"
	   "    count = 0;\n"
	   "    // reset the counter\n"
	   "}\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "count.txt",
		  "header();\n"
		  "    // reset the counter\n"
		  "    // reset the counter\n"
		  "}\n"
		  "}\n"
		  "    count = 0;\n"
		  "    // reset the counter\n"
		  "}\n"));
	done(&x);
}
