/*
 * Where the reply's own lines decide, stop 28's refusals of an undecided side or copy stand aside
 * (issue 11), with neutral content of our own: lines a block adds that are the very lines it
 * left out, given back where the file has them; and a numbered block whose own number for a
 * line names the copy it is read on. Each applies as the reply means.
 */
#include "plan_run.h"

/* A block that leaves out "Section Two", the blank line after it and "water the tall plants",
 * then gives the last back on its new side right above the line that follows it in the file:
 * the blank context line could stand on either blank line around the left-out heading, but the
 * added line is the file's own line in place, which both readings write once. Applied. */
TEST(unseen_reply_decides, left_out_lines_given_back_in_place_decide_the_side)
{
	static const char F[] = "intro line one\n"
	                        "intro line two\n"
	                        "\n"
	                        "pack the blue bags\n"
	                        "check the front door\n"
	                        "\n"
	                        "Section Two\n"
	                        "\n"
	                        "water the tall plants\n"
	                        "close the old window\n"
	                        "sweep the long hall\n"
	                        "\n"
	                        "turn off the light\n"
	                        "end of list\n";
	static const char A[] = "intro line one\n"
	                        "intro line two\n"
	                        "\n"
	                        "pack the blue bags\n"
	                        "check the front_v2 door\n"
	                        "\n"
	                        "Section Two\n"
	                        "\n"
	                        "water the tall plants\n"
	                        "close the old window\n"
	                        "\n"
	                        "turn off the light\n"
	                        "end of list\n";
	run x;

	go(&x, "list.txt", F,
	   "list.txt\n"
	   "```\n"
	   "<<<<<<< SEARCH\n"
	   "pack the blue bags\n"
	   "check the front door\n"
	   "\n"
	   "close the old window\n"
	   "sweep the long hall\n"
	   "\n"
	   "turn off the light\n"
	   "=======\n"
	   "pack the blue bags\n"
	   "check the front_v2 door\n"
	   "\n"
	   "water the tall plants\n"
	   "close the old window\n"
	   "\n"
	   "turn off the light\n"
	   ">>>>>>> REPLACE\n"
	   "```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "list.txt", A));
	done(&x);
}

/* A numbered block whose blank line (9) has a copy across the lines it leaves out (10-12, the
 * next function's head): which blank line it is decides on which side of them the line added
 * after the closing brace goes, and the block's own number says it is line 9. Applied there. */
TEST(unseen_reply_decides, numbered_blank_line_decides_the_side_of_an_addition)
{
	static const char F[] = "int open_gate(void)\n"
	                        "{\n"
	                        "\twhile (busy) {\n"
	                        "\t\tbusy--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tbusy++;\n"
	                        "}\n"
	                        "\n"
	                        "int close_gate(void)\n"
	                        "{\n"
	                        "\n"
	                        "\tif (busy) {\n"
	                        "\t\treturn busy;\n"
	                        "\t}\n"
	                        "\n"
	                        "\twhile (busy) {\n"
	                        "\t\tbusy--;\n"
	                        "\t}\n"
	                        "\n"
	                        "\tif (busy) {\n"
	                        "\t\treturn 1;\n"
	                        "\t}\n"
	                        "}\n";
	static const char A[] = "int open_gate(void)\n"
	                        "{\n"
	                        "\twhile (busy) {\n"
	                        "\t\tbusy--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "\tbusy++;\n"
	                        "}\n"
	                        "log_step(7);\n"
	                        "\n"
	                        "int close_gate(void)\n"
	                        "{\n"
	                        "\n"
	                        "\tif (busy) {\n"
	                        "\t\treturn busy;  // checked\n"
	                        "\t}\n"
	                        "\n"
	                        "\twhile (busy) {\n"
	                        "\t\tbusy--;\n"
	                        "\t}\n"
	                        "\n"
	                        "\tif (busy) {\n"
	                        "\t\treturn 1;\n"
	                        "\t}\n"
	                        "}\n";
	run x;

	go(&x, "gate.c", F,
	   "gate.c\n"
	   "<editblock>\n"
	   "<<<<<<< REMOVE\n"
	   " 5│\t}\n"
	   " 7│\tbusy++;\n"
	   " 8│}\n"
	   " 9│\n"
	   "13│\tif (bsuy) {\n"
	   "14│\t\treturn busy;\n"
	   "15│\t}\n"
	   "16│\n"
	   "17│\twhile (busy) {\n"
	   "18│\t\tbusy--;\n"
	   "19│\t}\n"
	   "20│\n"
	   "21│\tif (busy) {\n"
	   "=======\n"
	   "  │\t}\n"
	   "  │\treturn 0;\n"
	   "  │\tbusy++;\n"
	   "  │}\n"
	   "  │log_step(7);\n"
	   "  │\n"
	   "  │\tif (busy) {\n"
	   "  │\t\treturn busy;  // checked\n"
	   "  │\t}\n"
	   "  │\n"
	   "  │\twhile (busy) {\n"
	   "  │\t\tbusy--;\n"
	   "  │\t}\n"
	   "  │\n"
	   "  │\tif (busy) {\n"
	   ">>>>>>> INSERT\n"
	   "</editblock>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "gate.c", A));
	done(&x);
}

/* A numbered block that moves "if item:" and its deeper "return item" below two lines, leaving
 * out line 5: the diff keeps line 8 ("return item") across the move while a copy of it (line 5,
 * deeper) is left out; the block numbers the kept line 8, so it is that line. Applied. */
TEST(unseen_reply_decides, numbered_kept_line_is_the_copy_its_number_names)
{
	static const char F[] = "def start():\n"
	                        "    for item in items:\n"
	                        "        start(item)\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "    return item\n"
	                        "    item += 1\n"
	                        "    return item\n"
	                        "    item += 1\n"
	                        "\n"
	                        "def stop_all():\n"
	                        "    return item\n"
	                        "    return item\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "    return item\n";
	static const char A[] = "def start():\n"
	                        "    for item in items:\n"
	                        "        start(item)\n"
	                        "    return item\n"
	                        "    item += 1\n"
	                        "\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "    return item\n"
	                        "    item += 1\n"
	                        "def stop_all():\n"
	                        "    return item\n"
	                        "    return item\n"
	                        "    if item:\n"
	                        "        return item\n"
	                        "    return item\n";
	run x;

	go(&x, "st.py", F,
	   "st.py\n"
	   "<editblock>\n"
	   "<<<<<<< REMOVE\n"
	   " 4│    if item:\n"
	   " 6│    return item\n"
	   " 7│    item += 1\n"
	   " 8│    return item\n"
	   " 9│    item += 1\n"
	   "10│\n"
	   "11│def stop_all():\n"
	   "=======\n"
	   "  │    return item\n"
	   "  │    item += 1\n"
	   "  │\n"
	   "  │    if item:\n"
	   "  │        return item\n"
	   "  │    return item\n"
	   "  │    item += 1\n"
	   "  │def stop_all():\n"
	   ">>>>>>> INSERT\n"
	   "</editblock>\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "st.py", A));
	done(&x);
}
