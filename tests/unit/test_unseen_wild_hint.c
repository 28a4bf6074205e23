/*
 * "Already applied" (issue 11) with a short old side: its new side standing as written is no
 * proof the edit was made while the old side fits, but for one line made up, at the very line
 * the reply numbers it (Roo's ":start_line:"), with one line of substance only. Neutral content
 * of our own.
 */
#include "plan_run.h"

static const char PIPES[] = "int open_pipe(void)\n"
                            "{\n"
                            "\treturn -1;\n"
                            "\tclose_pipe(handle);\n"
                            "}\n"
                            "\n"
                            "int shut_pipe(void)\n"
                            "{\n"
                            "\tclose_pipe(handle);\n"
                            "\treturn -1;\n"
                            "}\n";

static void reply_at(char *buf, size_t n, int line)
{
	snprintf(buf, n,
	         "<apply_diff>\n<path>pipes.c</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:%d\n"
	         "-------\n{\n\tlog_value(\"pipe.open\", 3);\n\tclose_pipe(handle);\n=======\n{\n"
	         "\tclose_pipe(handle);\n\treturn -1;\n>>>>>>> REPLACE\n</diff>\n</apply_diff>\n",
	         line);
}

/* The old side ("{", a made-up call, the close) fits open_pipe from line 2, where the reply
 * says it stands, but for the made-up call standing for "return -1;"; its new side stands in
 * shut_pipe. Either may be meant: refused, naming both, the file unchanged. */
TEST(unseen_wild_hint, short_old_side_fitting_at_its_number_is_a_rival)
{
	char r[512];
	run x;

	reply_at(r, sizeof(r), 2);
	go(&x, "pipes.c", PIPES, r);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_AMBIGUOUS);
	CHECK(edit(&x, 0).message && strstr(edit(&x, 0).message, "log_value") &&
	      strstr(edit(&x, 0).message, "line 2") && strstr(edit(&x, 0).message, "line 8"));
	CHECK(has(&x, "pipes.c", PIPES));
	done(&x);
}

/* The same reply numbered where its new side stands (sent again after it was made there): the
 * old side fits no other place at that number, and the edit is skipped as made. */
TEST(unseen_wild_hint, resent_numbered_at_its_new_side_is_already_applied)
{
	char r[512];
	run x;

	reply_at(r, sizeof(r), 8);
	go(&x, "pipes.c", PIPES, r);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_ALREADY_APPLIED);
	CHECK(has(&x, "pipes.c", PIPES));
	done(&x);
}
