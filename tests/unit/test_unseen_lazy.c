/*
 * Placeholders in whole files restored short or written into the file (issue 11, class 6),
 * with neutral content of our own.
 */
#include "plan_run.h"

/* A whole file repeats its lines: a placeholder standing for lines that all occur elsewhere in
 * the file (a test's setup written like every other test's) was taken to stand for nothing,
 * and written into the file. One copy fewer on the new side is a line lost: restored. */
TEST(unseen_lazy, whole_file_placeholder_for_repeated_lines_is_restored)
{
	static const char F[] = "def test_one(runner):\n    @group()\n    def cli():\n        pass\n\n"
				"    @cli.command('a')\n    def a():\n        echo('a')\n\n"
				"    assert run(cli) == 'a'\n\n\n"
				"def test_two(runner):\n    @group()\n    def cli():\n        pass\n\n"
				"    @cli.command('a')\n    def a():\n        echo('a')\n\n"
				"    @cli.command('b')\n    def b():\n        echo('b')\n\n"
				"    assert run(cli) == 'ab'\n";
	static const char TAIL[] = "\n\ndef test_three(runner):\n    assert runner\n";
	char want[sizeof(F) + sizeof(TAIL)];
	run x;
	seam_edit_info ei;

	go(&x, "t.py", F,
	   "t.py\n```python\n"
	   "def test_one(runner):\n    @group()\n    def cli():\n        pass\n\n"
	   "    @cli.command('a')\n    def a():\n        echo('a')\n\n"
	   "    assert run(cli) == 'a'\n\n\n"
	   "def test_two(runner):\n    @group()\n    # ... rest of the function unchanged ...\n"
	   "    @cli.command('b')\n    def b():\n        echo('b')\n\n"
	   "    assert run(cli) == 'ab'\n\n\ndef test_three(runner):\n    assert runner\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	snprintf(want, sizeof(want), "%s%s", F, TAIL);
	CHECK(has(&x, "t.py", want));
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "expanded-placeholder"));
	done(&x);
}

/* A placeholder in a whole file where no line of the file goes stands for nothing: left out
 * (as in every other format) and said, never written into the file. */
TEST(unseen_lazy, whole_file_placeholder_for_nothing_is_left_out)
{
	run x;
	seam_edit_info ei;

	go(&x, "x.py", "a = 1\nb = 2\nc = 3\n",
	   "x.py\n```python\na = 1\n# ... existing code ...\nb = 2\nc = 4\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "x.py", "a = 1\nb = 2\nc = 4\n"));
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "dropped-placeholder"));
	CHECK_STR(ei.strategy, "whole-file");
	done(&x);
}

/* A diff's '-' line that a blank unchanged line separates from the placeholder is a deletion
 * the model wrote, not a line the placeholder stands for: the blank line bounds the
 * placeholder's span in a hunk (where the reply marks every line), and the line stays deleted
 * while the ones next to the placeholder come back. */
TEST(unseen_lazy, hunk_deletion_beyond_a_blank_context_line_stays_deleted)
{
	run x;

	go(&x, "k.py",
	   "class K:\n    def first(self):\n        return 1\n\n    def second(self):\n"
	   "        log('second')\n\n    def third(self):\n        return 3\n\n"
	   "    def fourth(self):\n        return 4\n",
	   "```diff\n--- a/k.py\n+++ b/k.py\n@@ -4,9 +4,6 @@\n \n     def second(self):\n"
	   "-        log('second')\n \n-    def third(self):\n-        return 3\n-\n"
	   "+    # ... rest of the code unchanged ...\n     def fourth(self):\n"
	   "         return 4\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "k.py",
		  "class K:\n    def first(self):\n        return 1\n\n    def second(self):\n\n"
		  "    def third(self):\n        return 3\n\n    def fourth(self):\n        return 4\n"));
	done(&x);
}

/* The unchanged line next to a placeholder repeats among the lines the edit deletes: the diff
 * paired it with one copy, and the placeholder stood for nothing and was left out, deleting
 * the lines between the copies; paired with the other copy it stands for them. Which copy was
 * meant is unsure: refused, naming the lines, never a file missing them. */
TEST(unseen_lazy, placeholder_next_to_a_repeated_line_is_refused_not_left_out)
{
	static const char F[] = "def a():\n    pass\n\n\ndef b():\n    step()\n    pass\n\n\n"
				"def c():\n    pass\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\ndef a():\n    pass\n\n\ndef b():\n    step()\n"
	   "    pass\n=======\ndef a():  # first\n    pass\n# ... existing code ...\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	/* "pass" kept on its first copy, next to the changed line: the placeholder stands for
	   the lines after it, "def b():" ... "pass" */
	CHECK(ei.message && strstr(ei.message, "lines 5-7 (\"def b():\" ... \"    pass\")"));
	CHECK(has(&x, "m.py", F));
	done(&x);

	/* placeholder first, its unchanged neighbour "}" deleted further down as well */
	go(&x, "m.c", "int f(void)\n{\n\tone();\n}\nint g(void)\n{\n\ttwo();\n}\n",
	   "m.c\n```c\n<<<<<<< SEARCH\n}\nint g(void)\n{\n\ttwo();\n}\n=======\n"
	   "// ... existing code ...\n}\n\tthree();\n}\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	CHECK(has(&x, "m.c", "int f(void)\n{\n\tone();\n}\nint g(void)\n{\n\ttwo();\n}\n"));
	done(&x);
}

/* A line repeated in a row around a placeholder: the diff deleted the first copy, not one next
 * to the placeholder, and the placeholder stood for one copy too few (the file lost a line).
 * The deleted copies are taken next to the placeholder, which stands for them. */
TEST(unseen_lazy, placeholder_among_repeated_lines_restores_every_copy)
{
	char f[512], r[512], z[128];
	run x;
	int i;

	for (z[0] = 0, i = 0; i < 12; i++)
		strcat(z, "    'z'\n");
	snprintf(f, sizeof(f), "TABLE = (\n    'a'\n    'b'\n    'c'\n%s    'd'\n)\n", z);
	snprintf(r, sizeof(r),
		 "t.py\n```python\nTABLE = (\n    'a'\n    'b2'\n    'c'\n%.*s"
		 "    # ... rest of the table unchanged ...\n%.*s    'd'\n)\n```\n",
		 4 * 8, z, 5 * 8, z);
	go(&x, "t.py", f, r);
	CHECK_INT(x.plan, SEAM_OK);
	snprintf(r, sizeof(r), "TABLE = (\n    'a'\n    'b2'\n    'c'\n%s    'd'\n)\n", z);
	CHECK(has(&x, "t.py", r));
	done(&x);
}

/* A comment of the file that holds "..." and, once changed, "unchanged" (so it reads like a
 * placeholder), changed by a SEARCH/REPLACE block: the new line is that line edited, not a
 * marker standing for it. It was expanded back to the old line, the change lost and the edit
 * reported applied. */
TEST(unseen_lazy, changed_comment_with_dots_is_not_a_placeholder)
{
	static const char F[] = "int total(const int *v, int n)\n"
				"{\n"
				"\tint s = 0, i;\n"
				"\t/* sum the values (ints, longs...) one by one, as given */\n"
				"\tfor (i = 0; i < n; i++)\n"
				"\t\ts += v[i];\n"
				"\treturn s;\n"
				"}\n";
	run x;
	go(&x, "total.c", F,
	   "total.c\n```c\n<<<<<<< SEARCH\n"
	   "\tint s = 0, i;\n"
	   "\t/* sum the values (ints, longs...) one by one, as given */\n"
	   "\tfor (i = 0; i < n; i++)\n"
	   "=======\n"
	   "\tint s = 0, i;\n"
	   "\t/* sum the values (ints, longs...) one by one, order unchanged */\n"
	   "\tfor (i = 0; i < n; i++)\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "total.c",
		  "int total(const int *v, int n)\n{\n\tint s = 0, i;\n"
		  "\t/* sum the values (ints, longs...) one by one, order unchanged */\n"
		  "\tfor (i = 0; i < n; i++)\n\t\ts += v[i];\n\treturn s;\n}\n"));
	done(&x);
}
