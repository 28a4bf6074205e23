/*
 * A placeholder whose bounding line has a copy of itself just inside the span (issue 11,
 * session of 2026-11-27), with neutral content of our own: the diff of the two sides keeps the
 * bound on one copy, and another reading, as cheap once blank lines count or differing by a
 * deletion at the edit's end, keeps it on the other. Two files: refused, the file unchanged.
 */
#include "plan_run.h"

/* The new text keeps "total = 0", adds a blank line, keeps a comment the file repeats and
 * puts a placeholder after it. Paired on lines of substance, the comment is the file's first
 * copy and the blank line is added (the placeholder standing for the blank line and the
 * second copy); with the blank line the file's, the first copy is deleted and the comment is
 * the second. One change either way, two files. */
TEST(unseen_lazy_bound_copy, blank_line_pairs_bound_with_other_copy_is_refused)
{
	static const char F[] = "def tally(parts):\n"
	                        "    total = 0\n"
	                        "    # add up the parts\n"
	                        "\n"
	                        "    # add up the parts\n"
	                        "    # add up the parts\n"
	                        "    for part in parts:\n"
	                        "        total += part\n"
	                        "\n"
	                        "def shout(total):\n"
	                        "    print(total)\n"
	                        "    return total\n";
	run x;

	go(&x, "tally.py", F,
	   "tally.py\n```python\n<<<<<<< SEARCH\n"
	   "    total = 0\n"
	   "    # add up the parts\n"
	   "\n"
	   "    # add up the parts\n"
	   "    # add up the parts\n"
	   "    for part in parts:\n"
	   "        total += part\n"
	   "\n"
	   "def shout(total):\n"
	   "    print(total)\n"
	   "=======\n"
	   "    total = 0\n"
	   "\n"
	   "    # add up the parts\n"
	   "    # ... existing code ...\n"
	   "    print(total)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "tally.py", F));
	done(&x);
}

/* The old text ends with two copies of "return 0;", the new text with a placeholder and one
 * copy. The placeholder stands for the first copy (the file keeps both), or the kept line is
 * the first copy and the reply deletes the second. Two files: refused. */
TEST(unseen_lazy_bound_copy, last_line_copied_at_span_end_is_refused)
{
	static const char F[] = "int drain(void)\n"
	                        "{\n"
	                        "\tflush_queue();\n"
	                        "\tclose_ports();\n"
	                        "\tnote_done();\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "drain.c", F,
	   "drain.c\n```c\n<<<<<<< SEARCH\n"
	   "\tflush_queue();\n"
	   "\tclose_ports();\n"
	   "\tnote_done();\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "=======\n"
	   "\tflush_queue(); /* first */\n"
	   "\tclose_ports();\n"
	   "\t// ... existing code ...\n"
	   "\treturn 0;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "drain.c", F));
	done(&x);
}

/* The same copy with a kept line after it ("}"): the diff's reading keeps the two lines
 * together as the file has them, the other would delete a line between kept ones. Applied,
 * the placeholder standing for both middle lines and the first copy. */
TEST(unseen_lazy_bound_copy, copy_before_kept_lines_is_applied)
{
	static const char F[] = "int drain(void)\n"
	                        "{\n"
	                        "\tflush_queue();\n"
	                        "\tclose_ports();\n"
	                        "\tnote_done();\n"
	                        "\treturn 0;\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "drain.c", F,
	   "drain.c\n```c\n<<<<<<< SEARCH\n"
	   "\tflush_queue();\n"
	   "\tclose_ports();\n"
	   "\tnote_done();\n"
	   "\treturn 0;\n"
	   "\treturn 0;\n"
	   "}\n"
	   "=======\n"
	   "\tflush_queue(); /* first */\n"
	   "\tclose_ports();\n"
	   "\t// ... existing code ...\n"
	   "\treturn 0;\n"
	   "}\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "drain.c",
	          "int drain(void)\n{\n\tflush_queue(); /* first */\n\tclose_ports();\n"
	          "\tnote_done();\n\treturn 0;\n\treturn 0;\n}\n"));
	done(&x);
}

/* The new text keeps "}" and a blank line after a placeholder, then writes a new line. Paired
 * on lines of substance, that "}" is the file's last one before "return 0;" (the placeholder
 * standing for both loops but the last "}", the blank line and the new line added after it);
 * kept with the blank line after it, it is the first loop's "}" (the placeholder standing for
 * that loop's head and body, the reply writing the new line in place of the second loop). Two
 * files: refused. */
TEST(unseen_lazy_bound_copy, bound_copy_read_on_by_blank_line_is_refused)
{
	static const char F[] = "int pump(void)\n"
	                        "{\n"
	                        "\tif (level) {\n"
	                        "\t\treturn level;\n"
	                        "\t}\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\n"
	                        "\twhile (level) {\n"
	                        "\t\tlevel--;\n"
	                        "\t}\n"
	                        "\treturn 0;\n"
	                        "}\n";
	run x;

	go(&x, "pump.c", F,
	   "pump.c\n```c\n<<<<<<< SEARCH\n"
	   "\tif (level) {\n"
	   "\t\treturn level;\n"
	   "\t}\n"
	   "\twhile (level) {\n"
	   "\t\tlevel--;\n"
	   "\t}\n"
	   "\n"
	   "\twhile (level) {\n"
	   "\t\tlevel--;\n"
	   "\t}\n"
	   "\treturn 0;\n"
	   "=======\n"
	   "\tif (level) {\n"
	   "\t\treturn level;\n"
	   "\t}\n"
	   "\t// ... existing code ...\n"
	   "\t}\n"
	   "\n"
	   "\tlevel = 0;\n"
	   "\treturn 0;\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.parse, SEAM_OK);
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "pump.c", F));
	done(&x);
}
