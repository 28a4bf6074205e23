/*
 * Fast-apply snippets that move lines (issue 11, the generator's lazy + move-run, session 7),
 * written again with neutral content of our own. The alignment prices a deleted file line above
 * any number of new ones and a line standing with a run's edge line in the file above both, so
 * a run whose lines were moved reads as the lines copied (the old ones kept, the file holding
 * them twice) or as a stretch of the file deleted, when the moved line makes a block with the
 * edge line at its old place or the file repeats the lines moved. Aligned again with no block
 * and prices that find a move (sm_fast_move_rival), the move is found: the snippet reads two
 * ways, and is refused with the lines named.
 */
#include "plan_run.h"

/* A function header moved above the function before it: "}", "", "int gamma(void)" stand
 * together at the header's old place, so the run was matched there and the function it moved
 * past was written again as new (the file held it twice). */
TEST(unseen_moves, moved_header_beside_its_old_block_is_refused)
{
	static const char F[] = "int alpha(void)\n{\n\tprepare();\n\treturn 1;\n}\n\n"
				"int beta(void)\n{\n\twhile (busy) {\n\t\tbusy--;\n\t}\n"
				"\tflush(busy);\n}\n\n"
				"int gamma(void)\n{\n\treport(busy);\n\treturn 2;\n}\n";
	run x;
	seam_edit_info ei;

	go(&x, "m.c", F,
	   "m.c\n```c\n// ... existing code ...\n}\n\nint gamma(void)\nint beta(void)\n{\n"
	   "\twhile (busy) {\n\t\tbusy--;\n\t}\n\tflush(busy);\n}\n\n{\n"
	   "// ... existing code ...\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "\"int gamma(void)\" fits file line 15 or is new"));
	CHECK(has(&x, "m.c", F));
	done(&x);
}

/* Two lines moved up into the function before, where the file has them twice in a row: the
 * snippet's copy was matched on the first of the two, the marker kept the second and the
 * moved lines were written as new (three copies where the reply shows two). */
TEST(unseen_moves, lines_moved_from_a_repeated_pair_are_refused)
{
	static const char F[] = "def load(path):\n    check(path)\n    for part in parts:\n"
				"        use(part)\n    # keep going\n    if ready:\n"
				"        return ready\n\ndef load(path):\n    # keep going\n"
				"    while queue:\n        queue.pop()\n    while queue:\n"
				"        queue.pop()\n\n    if ready:\n        return queue\n";
	run x;
	seam_edit_info ei;

	go(&x, "a.py", F,
	   "a.py\n```python\n    # ... existing code ...\n        use(part)\n    # keep going\n"
	   "    if ready:\n        return ready\n    while queue:\n        queue.pop()\n\n"
	   "def load(path):\n    # keep going\n    while queue:\n        queue.pop()\n"
	   "# ... existing code ...\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "\"    while queue:\" fits file lines 11 and 13"));
	CHECK(has(&x, "a.py", F));
	done(&x);
}

/* Two lines moved down past a loop, where the run's last line and the one moved with it stand
 * together again further on: the run was matched there and everything between deleted (a loop
 * lost, the moved lines only half written). */
TEST(unseen_moves, lines_moved_before_a_later_copy_of_the_edge_are_refused)
{
	static const char F[] = "int first(void)\n{\n\tif (mode) {\n\t\treturn mode;\n\t}\n"
				"\tfinish(mode);\n}\n\nint second(void)\n{\n\tmode++;\n"
				"\t/* step again */\n\tif (mode) {\n\t\treturn mode;\n\t}\n"
				"\twhile (mode) {\n\t\tmode--;\n\t}\n\twhile (mode) {\n\t\tmode--;\n\t}\n"
				"\t/* step again */\n\twhile (mode) {\n\t\tmode--;\n\t}\n}\n";
	run x;
	seam_edit_info ei;

	go(&x, "b.c", F,
	   "b.c\n```c\n// ... existing code ...\n{\n\tif (mode) {\n\t\treturn mode;\n\t}\n"
	   "\tfinish(mode);\n}\n\nint second(void)\n{\n\tif (mode) {\n\t\treturn mode;\n\t}\n"
	   "\twhile (mode) {\n\t\tmode--;\n\t}\n\tmode++;\n\t/* step again */\n"
	   "\twhile (mode) {\n// ... existing code ...\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "fits file lines 19 and 16"));
	CHECK(has(&x, "b.c", F));
	done(&x);
}

/* Two lines moved out of a function into the next one, where the alignment read the next
 * function as written again (its lines new, the old ones kept under the marker). Counted as
 * lines, that copy changes fewer than the move, so the move is looked for at prices where a
 * copy of a line the file has costs more than new text, and a deleted line the snippet writes
 * elsewhere is half of a move. */
TEST(unseen_moves, lines_moved_into_the_next_function_are_refused)
{
	static const char F[] = "int first(void)\n{\n\tif (ready) {\n\t\treturn ready;\n\t}\n"
				"\tif (ready) {\n\t\treturn ready;\n\t}\n}\n\nint second(void)\n{\n"
				"\tsecond(ready);\n\tready++;\n\tready++;\n}\n\nint third(void)\n{\n"
				"\tgo(ready);\n}\n";
	run x;
	seam_edit_info ei;

	go(&x, "s.c", F,
	   "s.c\n```c\n\t\t// ... existing code ...\n\t\treturn ready;\n\t}\n\tif (ready) {\n}\n\n"
	   "int second(void)\n{\n\tsecond(ready);\n\tready++;\n\tready++;\n\t\treturn ready;\n"
	   "\t}\n}\n\n// ... existing code ...\n```\n");
	CHECK(x.plan != SEAM_OK);
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "\"int second(void)\" fits file line 11 or is new"));
	CHECK(has(&x, "s.c", F));
	done(&x);
}

/* Where the moved lines stand once and no other place fits, the move is applied. */
TEST(unseen_moves, line_moved_where_nothing_repeats_is_applied)
{
	static const char F[] = "int area(int w, int h)\n{\n\tcheck_width(w);\n\tint total = w * h;\n"
				"\tlog_total(total);\n\treturn total;\n}\n\nint main(void)\n{\n"
				"\treturn area(2, 3);\n}\n";
	run x;

	go(&x, "c.c", F,
	   "c.c\n```c\nint area(int w, int h)\n{\n\tint total = w * h;\n\tcheck_width(w);\n"
	   "\tlog_total(total);\n\treturn total;\n}\n// ... existing code ...\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "c.c",
		  "int area(int w, int h)\n{\n\tint total = w * h;\n\tcheck_width(w);\n"
		  "\tlog_total(total);\n\treturn total;\n}\n\nint main(void)\n{\n"
		  "\treturn area(2, 3);\n}\n"));
	done(&x);
}

/* The move reading is looked for, not any cheaper one: with no block and a deleted line priced
 * as a new one, a block rewritten next to a closer the file repeats also reads as the new block
 * written beside the old one (no line deleted, its header a copy the marker keeps), and a
 * block's body taken out of its `if` as the body written again after it. Neither moves a line:
 * the snippet is applied as the rewrite it is. */
TEST(unseen_moves, block_rewritten_beside_a_repeated_closer_is_applied)
{
	static const char F[] = "package main\n\nfunc collect(items []Item) []Item {\n"
				"\tout := []Item{}\n\tfor _, it := range items {\n\t\tif it.skip {\n"
				"\t\t\tcontinue\n\t\t}\n\t\tif len(it.tags) == 0 {\n"
				"\t\t\tout = append(out, &Item{\n\t\t\t\tname: it.name,\n"
				"\t\t\t\tsize: it.size})\n\t\t}\n\t}\n\treturn out\n}\n\n"
				"func main() {\n\tcollect(nil)\n}\n";
	static const char U[] = "function run(node, table) {\n  if (node) {\n    prepare(node);\n  }\n"
				"  closeAll(node, true);\n  if (table < limit) {\n"
				"    const item = lookup(table);\n    if (!item)\n      return null;\n  }\n"
				"  if (node != null) {\n    finish(node);\n  }\n}\n";
	run x;

	go(&x, "c.go", F,
	   "c.go\n```go\n// ... existing code ...\n\t\t}\n\t\tif len(it.tags) == 0 {\n"
	   "\t\t\tout = append(out, copyItem(it))\n\t\t}\n\t}\n\treturn out\n}\n"
	   "// ... existing code ...\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "c.go",
		  "package main\n\nfunc collect(items []Item) []Item {\n"
		  "\tout := []Item{}\n\tfor _, it := range items {\n\t\tif it.skip {\n"
		  "\t\t\tcontinue\n\t\t}\n\t\tif len(it.tags) == 0 {\n"
		  "\t\t\tout = append(out, copyItem(it))\n\t\t}\n\t}\n\treturn out\n}\n\n"
		  "func main() {\n\tcollect(nil)\n}\n"));
	done(&x);

	go(&x, "u.js", U,
	   "u.js\n```js\n  // ... existing code ...\n  }\n  closeAll(node, true);\n"
	   "  const item = lookup(table);\n  if (!item)\n    return null;\n  if (node != null) {\n"
	   "// ... existing code ...\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "u.js",
		  "function run(node, table) {\n  if (node) {\n    prepare(node);\n  }\n"
		  "  closeAll(node, true);\n  const item = lookup(table);\n  if (!item)\n"
		  "    return null;\n  if (node != null) {\n    finish(node);\n  }\n}\n"));
	done(&x);
}
