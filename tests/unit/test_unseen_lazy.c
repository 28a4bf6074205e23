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

/* A diff's hunk: "  x" right after a placeholder's run, then "- x" of the same text. The reply
 * deletes one of two copies (a line written twice, taken out once) beside a placeholder that
 * stands for the lines deleted above it; read as a diff's way of writing one more copy the
 * placeholder stands for, nothing would be deleted, and the edit changed nothing while the
 * duplicate stayed. Nothing tells the two apart: refused, saying where the line may be. */
TEST(unseen_lazy, hunk_copy_deleted_beside_a_placeholder_is_refused)
{
	static const char F[] = "def start():\n    unlock()\n    open_door()\n    greet()\n"
				"    greet()\n    leave()\n";
	run x;
	seam_edit_info ei;

	go(&x, "door.py", F,
	   "```diff\n--- a/door.py\n+++ b/door.py\n@@ -1,6 +1,4 @@\n def start():\n"
	   "-    unlock()\n-    open_door()\n+    # ... existing code ...\n     greet()\n"
	   "-    greet()\n     leave()\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "the line \"    greet()\" may be line 5"));
	CHECK(ei.message && strstr(ei.message, "or line 4"));
	CHECK(has(&x, "door.py", F));
	done(&x);

	/* the same above the placeholder: "- x" then "  x", the run below */
	go(&x, "door.py", "def stop():\n    wave()\n    wave()\n    close_door()\n    lock()\n",
	   "```diff\n--- a/door.py\n+++ b/door.py\n@@ -1,5 +1,3 @@\n def stop():\n"
	   "-    wave()\n     wave()\n-    close_door()\n-    lock()\n"
	   "+    # ... rest of the function unchanged ...\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(has(&x, "door.py", "def stop():\n    wave()\n    wave()\n    close_door()\n    lock()\n"));
	done(&x);

	/* a copy the reply deletes away from the placeholder (a line between) is its own */
	go(&x, "door.py", F,
	   "```diff\n--- a/door.py\n+++ b/door.py\n@@ -1,6 +1,5 @@\n def start():\n"
	   "-    unlock()\n+    # ... existing code ...\n     open_door()\n     greet()\n"
	   "-    greet()\n     leave()\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "door.py", "def start():\n    unlock()\n    open_door()\n    greet()\n"
				 "    leave()\n"));
	done(&x);
}

/* SEARCH/REPLACE: the new side moves lines past its placeholder ("two()", "three()" after
 * it), and seam's diff of the sides keeps them where they were: the placeholder then stands
 * for no line, and the lines after the moved ones look deleted by the reply (a function
 * lost) though the placeholder may be meant to keep them. Paired otherwise it stands for
 * them: refused, naming the lines, never a file missing them. */
TEST(unseen_lazy, block_placeholder_for_nothing_beside_deletions_is_refused)
{
	static const char F[] = "def main():\n    zero()\n    one()\n    two()\n    three()\n\n"
				"def tail():\n    four()\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    zero()\n    one()\n    two()\n    three()\n\n"
	   "def tail():\n    four()\n=======\n    zero()\n    one()\n"
	   "    # ... existing code ...\n    two()\n    three()\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "stands for no line"));
	CHECK(ei.message && strstr(ei.message, "lines 7-8"));
	CHECK(has(&x, "m.py", F));
	done(&x);

	/* a placeholder for nothing in an edit that deletes nothing real is still left out */
	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    zero()\n    one()\n=======\n    zero()\n"
	   "    # ... existing code ...\n    one()\n    one_more()\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def main():\n    zero()\n    one()\n    one_more()\n    two()\n"
			      "    three()\n\ndef tail():\n    four()\n"));
	done(&x);
}

/* SEARCH/REPLACE: "step()" written before the placeholder and "close()" three times after it,
 * where the file repeats "close() step() wait()": seam's diff keeps the first "step()" and the
 * "close()" lines it finds after it, so the placeholder stands for one "wait()" and the reply
 * seems to delete three lines itself. With the placeholder standing for the lines up to the
 * last two "close()" (a "close()" moved past it), the reply changes two: a reading that costs
 * the reply less than the diff's is one it may mean, and the two results differ. Refused,
 * saying both counts; the file as it was. */
TEST(unseen_lazy, block_placeholder_read_better_otherwise_is_refused)
{
	static const char F[] = "def main():\n    begin()\n    setup()\n    close()\n    step()\n"
				"    wait()\n    close()\n    step()\n    wait()\n    close()\n"
				"    close()\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    begin()\n    setup()\n    close()\n    step()\n"
	   "    wait()\n    close()\n    step()\n    wait()\n    close()\n    close()\n=======\n"
	   "    begin()\n    setup()\n    step()\n    # ... existing code ...\n    close()\n"
	   "    close()\n    close()\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "deletes or adds 3 lines of its own"));
	CHECK(ei.message && strstr(ei.message, "changes only 2"));
	CHECK(has(&x, "m.py", F));
	done(&x);

	/* the diff's reading is the best one: expanded as before */
	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    begin()\n    setup()\n    close()\n    step()\n"
	   "    wait()\n=======\n    begin()\n    setup()\n    # ... existing code ...\n"
	   "    wait()\n    finish()\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def main():\n    begin()\n    setup()\n    close()\n    step()\n"
			      "    wait()\n    finish()\n    close()\n    step()\n    wait()\n"
			      "    close()\n    close()\n"));
	done(&x);
}

/* SEARCH/REPLACE: a fourth "# note" written before the placeholder, and the "# note" after
 * "return value" left out (a line moved up past the placeholder), in a file where "# note"
 * is also the first line of "second()". seam's diff pairs the fourth "# note" with that
 * one, so the reply seems to delete "def second():" and the last "# note"; paired otherwise,
 * as cheaply, the "# note" is moved and the placeholder stands for "def second():" too.
 * The two readings give two files: refused, never a file missing "def second():". A tie
 * without such a move (where the placeholder ends) is expanded as before. */
TEST(unseen_lazy, block_placeholder_tie_with_a_line_moved_past_is_refused)
{
	static const char F[] = "def first():\n    go()\n\n    # note\n    # note\n    # note\n\n"
				"def second():\n    # note\n    run()\n    if ok:\n"
				"        return value\n    # note\n\ndef third():\n    stop()\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    # note\n    # note\n    # note\n\n"
	   "def second():\n    # note\n    run()\n    if ok:\n        return value\n"
	   "    # note\n=======\n    # note\n    # note\n    # note\n    # note\n\n"
	   "# ... existing code ...\n        return value\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "as cheaply, a line the reply keeps is moved"));
	CHECK(has(&x, "m.py", F));
	done(&x);

	/* a tie that moves no line: the placeholder for "run()" alone or up to "return value" */
	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    # note\n    run()\n    if ok:\n"
	   "        return value\n=======\n    # note\n    # ... existing code ...\n"
	   "    if ok:\n        finish()\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def first():\n    go()\n\n    # note\n    # note\n    # note\n\n"
			      "def second():\n    # note\n    run()\n    if ok:\n"
			      "        finish()\n    # note\n\ndef third():\n    stop()\n"));
	done(&x);
}

/* SEARCH/REPLACE: the reply keeps "go()" and a blank line, then the placeholder, then
 * "stop()", where the file has "stop()" between "go()" and the blank line. Blank lines bound
 * no span, so the placeholder's span reached back past the blank line and restored "stop()",
 * the file given it twice, though the reply, writing the blank line right after "go()", may
 * have moved it past the placeholder. Two files: refused. With "stop()" written nowhere else,
 * or the blank line right after "go()" in the file as well, expanded as before. */
TEST(unseen_lazy, block_placeholder_span_past_a_kept_blank_line_is_refused)
{
	static const char F[] = "def first():\n    go()\n    stop()\n\ndef second():\n    run()\n"
				"    wait()\n";
	static const char G[] = "def first():\n    go()\n\n    stop()\ndef second():\n    run()\n"
				"    wait()\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    go()\n    stop()\n\ndef second():\n    run()\n"
	   "    wait()\n=======\n    go()\n\n# ... existing code ...\n    wait()\n    stop()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "keeps a blank line between the placeholder"));
	CHECK(has(&x, "m.py", F));
	done(&x);

	go(&x, "m.py", F,
	   "m.py\n```python\n<<<<<<< SEARCH\n    go()\n    stop()\n\ndef second():\n    run()\n"
	   "    wait()\n=======\n    go()\n\n# ... existing code ...\n    wait()\n    finish()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def first():\n    go()\n    stop()\n\ndef second():\n    run()\n"
			      "    wait()\n    finish()\n"));
	done(&x);

	go(&x, "m.py", G,
	   "m.py\n```python\n<<<<<<< SEARCH\n    go()\n\n    stop()\ndef second():\n    run()\n"
	   "    wait()\n=======\n    go()\n\n# ... existing code ...\n    wait()\n    finish()\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def first():\n    go()\n\n    stop()\ndef second():\n    run()\n"
			      "    wait()\n    finish()\n"));
	done(&x);
}

/* SEARCH/REPLACE: the reply deletes "counter += 1" from setup() and keeps, after the
 * placeholder in work(), "counter += 1", a blank line, "counter += 1", where the file has two
 * copies of it in a row after the comment the placeholder takes the place of. Paired as the
 * diff pairs them, the placeholder stands for the comment and the copy in setup() is deleted;
 * read as that copy moved next to the placeholder (a deletion and an addition, one move), it
 * stands for the comment and the first copy, and the file keeps three. Two files: refused,
 * naming the line. The same with the line once in work(): the copy may be moved after it.
 * With the copy kept in setup(), expanded as before. */
TEST(unseen_lazy, block_placeholder_beside_a_moved_copy_of_its_bound_is_refused)
{
	static const char F[] = "def setup():\n    begin()\n    counter += 1\n\ndef work():\n"
				"    # prepare the input\n    counter += 1\n    counter += 1\n"
				"    finish()\n";
	static const char G[] = "def setup():\n    begin()\n    counter += 1\n\ndef work():\n"
				"    # prepare the input\n    counter += 1\n    total += 2\n"
				"    finish()\n";
	static const char H[] = "def work():\n    counter += 1\n    # prepare the input\n"
				"    finish()\n\ndef setup():\n    counter += 1\n    begin()\n";
	run x;
	seam_edit_info ei;

	go(&x, "w.py", F,
	   "w.py\n```python\n<<<<<<< SEARCH\n    begin()\n    counter += 1\n\ndef work():\n"
	   "    # prepare the input\n    counter += 1\n    counter += 1\n    finish()\n=======\n"
	   "    begin()\ndef work():\n    # ... existing code ...\n    counter += 1\n\n"
	   "    counter += 1\n    finish()\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "may be line 7 of the file"));
	CHECK(ei.message && strstr(ei.message, "that copy moved next to the placeholder"));
	CHECK(has(&x, "w.py", F));
	done(&x);

	go(&x, "w.py", G,
	   "w.py\n```python\n<<<<<<< SEARCH\n    begin()\n    counter += 1\n\ndef work():\n"
	   "    # prepare the input\n    counter += 1\n    total += 2\n    finish()\n=======\n"
	   "    begin()\ndef work():\n    # ... existing code ...\n    counter += 1\n\n"
	   "    total += 2\n    finish()\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "may be line 7 of the file"));
	CHECK(has(&x, "w.py", G));
	done(&x);

	/* the line before the placeholder, its copy deleted below: the same two readings */
	go(&x, "w.py", H,
	   "w.py\n```python\n<<<<<<< SEARCH\ndef work():\n    counter += 1\n"
	   "    # prepare the input\n    finish()\n\ndef setup():\n    counter += 1\n"
	   "    begin()\n=======\ndef work():\n    counter += 1\n    # ... existing code ...\n"
	   "    finish()\n\ndef setup():\n    begin()\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "right before it"));
	CHECK(ei.message && strstr(ei.message, "may be line 2 of the file"));
	CHECK(has(&x, "w.py", H));
	done(&x);

	/* no copy deleted elsewhere: the placeholder stands for the comment */
	go(&x, "w.py", F,
	   "w.py\n```python\n<<<<<<< SEARCH\n    begin()\n    counter += 1\n\ndef work():\n"
	   "    # prepare the input\n    counter += 1\n    counter += 1\n    finish()\n=======\n"
	   "    begin()\n    counter += 1\n\ndef work():\n    # ... existing code ...\n"
	   "    counter += 1\n\n    counter += 1\n    finish()\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "w.py", "def setup():\n    begin()\n    counter += 1\n\ndef work():\n"
			      "    # prepare the input\n    counter += 1\n\n    counter += 1\n"
			      "    finish()\n"));
	done(&x);
}

/* SEARCH/REPLACE: the reply writes "total = count(items)" and "# keep the total" after the
 * loop, two lines in a row as the file has them before the loop, and puts a placeholder where
 * the file has the comment, a blank line and the loop's lines. The placeholder's span holds
 * the comment: restored, the file has it twice if the two lines were moved (as a run: the
 * guard looked only at a line added alone), once more if they were written again. Refused,
 * naming the line. With the two lines not written together elsewhere, expanded as before. */
TEST(unseen_lazy, block_placeholder_span_line_written_as_a_run_elsewhere_is_refused)
{
	static const char F[] = "def tally(items):\n    total = count(items)\n"
				"    # keep the total\n\n    total = count(items)\n"
				"    while pending:\n        pending -= 1\n    finish()\n";
	run x;
	seam_edit_info ei;

	go(&x, "t.py", F,
	   "t.py\n```python\n<<<<<<< SEARCH\ndef tally(items):\n    total = count(items)\n"
	   "    # keep the total\n\n    total = count(items)\n    while pending:\n"
	   "        pending -= 1\n    finish()\n=======\ndef tally(items):\n\n"
	   "    total = count(items)\n    # ... existing code ...\n    finish()\n"
	   "    total = count(items)\n    # keep the total\n>>>>>>> REPLACE\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "# keep the total"));
	CHECK(ei.message && strstr(ei.message, "moved out of that part or written once more"));
	CHECK(has(&x, "t.py", F));
	done(&x);

	/* the comment not written elsewhere: the placeholder stands for it and the loop */
	go(&x, "t.py", F,
	   "t.py\n```python\n<<<<<<< SEARCH\ndef tally(items):\n    total = count(items)\n"
	   "    # keep the total\n\n    total = count(items)\n    while pending:\n"
	   "        pending -= 1\n    finish()\n=======\ndef tally(items):\n"
	   "    total = count(items)\n    # ... existing code ...\n    finish()\n"
	   "    report(total)\n>>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "t.py", "def tally(items):\n    total = count(items)\n"
			      "    # keep the total\n\n    total = count(items)\n"
			      "    while pending:\n        pending -= 1\n    finish()\n"
			      "    report(total)\n"));
	done(&x);
}

/* SEARCH/REPLACE whose old side leaves out a line of the file ("start(item);" before
 * "return;"), with a placeholder where the old side's first "start(item);" and a blank line
 * are, and "start(item);" written before "return;". Seam's diff reads that line as moved
 * there, so the placeholder stood for nothing and was left out: the first copy was deleted.
 * But the file holds two copies, so the new side's may be the one the old side left out, and
 * the placeholder then stands for the first: refused, as a line in a placeholder's span that
 * may be moved or written once more is. With the file holding one copy, the move is sure and
 * the placeholder is left out as before. */
TEST(unseen_lazy, placeholder_for_nothing_beside_an_unsure_move_is_refused)
{
	static const char F[] = "void run(void)\n{\n\tstart(item);\n\n\tfor (i = 0; i < n; i++) {\n"
				"\t\tstep(i);\n\t}\n\tstart(item);\n\treturn;\n}\n";
	static const char G[] = "void run(void)\n{\n\tstart(item);\n\n\tfor (i = 0; i < n; i++) {\n"
				"\t\tstep(i);\n\t}\n\treturn;\n}\n";
	static const char R[] = "r.c\n```c\n<<<<<<< SEARCH\n\tstart(item);\n\n"
				"\tfor (i = 0; i < n; i++) {\n\t\tstep(i);\n\t}\n\treturn;\n=======\n"
				"\t// existing code here\n\tfor (i = 0; i < n; i++) {\n"
				"\t\twhile (again--) {\n\t\t\tstep(i);\n\t\t}\n\t}\n\tstart(item);\n"
				"\treturn;\n>>>>>>> REPLACE\n```\n";
	run x;
	seam_edit_info ei;

	go(&x, "r.c", F, R);
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "moved out of that part or written once more"));
	CHECK(has(&x, "r.c", F));
	done(&x);

	go(&x, "r.c", G, R);
	CHECK_INT(x.plan, SEAM_OK);
	/* the blank line its run deletes is one it stands for: kept */
	CHECK(has(&x, "r.c", "void run(void)\n{\n\n\tfor (i = 0; i < n; i++) {\n"
			      "\t\twhile (again--) {\n\t\t\tstep(i);\n\t\t}\n\t}\n\tstart(item);\n"
			      "\treturn;\n}\n"));
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "dropped-placeholder"));
	done(&x);
}

/* A placeholder in place of blank lines only (the lines between two functions) stands for no
 * code and is left out; the blank lines were deleted with it, the two functions joined. A
 * reply that meant to delete them would not put a note about kept code in their place: they
 * are what it stands for, and stay. */
TEST(unseen_lazy, placeholder_for_blank_lines_only_keeps_them)
{
	run x;
	seam_edit_info ei;

	go(&x, "m.py", "def one():\n    x = 1\n\n\ndef two():\n    y = 2\n",
	   "m.py\n```python\n<<<<<<< SEARCH\n    x = 1\n\n\ndef two():\n    y = 2\n=======\n"
	   "    x = 1\n# ... existing code ...\ndef two():\n    y = 2\n    z = 3\n"
	   ">>>>>>> REPLACE\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.py", "def one():\n    x = 1\n\n\ndef two():\n    y = 2\n    z = 3\n"));
	ei = edit(&x, 0);
	CHECK(ei.message && strstr(ei.message, "dropped-placeholder"));
	done(&x);
}
