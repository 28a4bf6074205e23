/*
 * A merged hunk, re-indented as a whole (spaces for the file's tabs), with a context line left
 * out of its old side (issue 11): cut into runs, each found shifted, it read its first half on
 * an earlier copy that holds those lines without the left-out one, while it stands as two
 * halves with file lines between them but for that one line, which its new side writes back
 * where the file has it. The runs' place, one shift for all, is weighed against that reading
 * with indentation aside, as a place found whole and shifted is: the reply does not say which
 * is meant, refused (or applied as meant). Neutral content of our own.
 */
#include "plan_run.h"

static const char SPOOL[] = "int print_all(void)\n"
                            "{\n"
                            "\twhile (spool) {\n"
                            "\t\tspool--;\n"
                            "\t}\n"
                            "\tprint_page(last_page);\n"
                            "}\n"
                            "\n"
                            "int flush_spool(void)\n"
                            "{\n"
                            "\twhile (spool) {\n"
                            "\t\tspool--;\n"
                            "\t}\n"
                            "\t/* pages go out in order */\n"
                            "\tprint_page(last_page);\n"
                            "\n"
                            "}\n"
                            "\n"
                            "int print_page(void)\n"
                            "{\n"
                            "\t/* pages go out in order */\n"
                            "\tfor (i = 0; i < queue_len; i++) {\n"
                            "\t\tprint_page(i);\n"
                            "\t}\n"
                            "\twhile (queue_len) {\n"
                            "\t\tqueue_len--;\n"
                            "\t}\n"
                            "\treturn 0;\n"
                            "}\n";

TEST(unseen_split_shifted_one_out, reindented_runs_weighed_against_one_out_halves)
{
	run x;

	go(&x, "pkg/spool.c", SPOOL,
	   "<replace_in_file>\n"
	   "<path>pkg/spool.c</path>\n"
	   "<diff>\n"
	   "------- SEARCH\n"
	   "{\n"
	   "    while (spool) {\n"
	   "        spool--;\n"
	   "    }\n"
	   "    print_page(last_page);\n"
	   "    }\n"
	   "    while (queue_len) {\n"
	   "        queue_len--;\n"
	   "    }\n"
	   "=======\n"
	   "{\n"
	   "    while (spool > 1) {\n"
	   "        spool--;\n"
	   "    }\n"
	   "    /* pages go out in order */\n"
	   "    print_page(last_page);\n"
	   "    }\n"
	   "    while (queue_len) {\n"
	   "        queue_len = trim_queue(queue_len);\n"
	   "        queue_len--;\n"
	   "    }\n"
	   "+++++++ REPLACE\n"
	   "</diff>\n"
	   "</replace_in_file>\n");
	CHECK_INT(x.parse, SEAM_OK);
	if (x.plan == SEAM_OK)
		CHECK(has(&x, "pkg/spool.c",
		          "int print_all(void)\n"
		          "{\n"
		          "\twhile (spool) {\n"
		          "\t\tspool--;\n"
		          "\t}\n"
		          "\tprint_page(last_page);\n"
		          "}\n"
		          "\n"
		          "int flush_spool(void)\n"
		          "{\n"
		          "\twhile (spool > 1) {\n"
		          "\t\tspool--;\n"
		          "\t}\n"
		          "\t/* pages go out in order */\n"
		          "\tprint_page(last_page);\n"
		          "\n"
		          "}\n"
		          "\n"
		          "int print_page(void)\n"
		          "{\n"
		          "\t/* pages go out in order */\n"
		          "\tfor (i = 0; i < queue_len; i++) {\n"
		          "\t\tprint_page(i);\n"
		          "\t}\n"
		          "\twhile (queue_len) {\n"
		          "\t\tqueue_len = trim_queue(queue_len);\n"
		          "\t\tqueue_len--;\n"
		          "\t}\n"
		          "\treturn 0;\n"
		          "}\n"));
	else
		CHECK(has(&x, "pkg/spool.c", SPOOL));
	done(&x);
}
