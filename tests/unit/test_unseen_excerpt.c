/*
 * A whole file that is an excerpt (issue 11, class 7): a reply that gives one of two classes,
 * the other left out with no placeholder, replaced the file and deleted the other class. Read
 * as an excerpt when it is placed with certainty, refused when it is not; real rewrites that
 * shorten a file still apply. Neutral content of our own.
 */
#include "plan_run.h"

/* Two classes of 14 and 15 lines, an import above them. */
static const char SHAPES[] =
	"import math\n"
	"\n"
	"\n"
	"class Circle:\n"
	"    def __init__(self, r):\n"
	"        self.r = r\n"
	"\n"
	"    def area(self):\n"
	"        return math.pi * self.r * self.r\n"
	"\n"
	"    def perimeter(self):\n"
	"        return 2 * math.pi * self.r\n"
	"\n"
	"    def describe(self):\n"
	"        return 'circle of radius %s' % self.r\n"
	"\n"
	"\n"
	"class Square:\n"
	"    def __init__(self, side):\n"
	"        self.side = side\n"
	"\n"
	"    def area(self):\n"
	"        return self.side * self.side\n"
	"\n"
	"    def perimeter(self):\n"
	"        return 4 * self.side\n"
	"\n"
	"    def describe(self):\n"
	"        return 'square of side %s' % self.side\n";

#define SQUARE_CHANGED                                                                             \
	"class Square:\n"                                                                          \
	"    def __init__(self, side):\n"                                                          \
	"        self.side = side\n"                                                               \
	"\n"                                                                                       \
	"    def area(self):\n"                                                                    \
	"        return self.side ** 2\n"                                                          \
	"\n"                                                                                       \
	"    def perimeter(self):\n"                                                               \
	"        return 4 * self.side\n"                                                           \
	"\n"                                                                                       \
	"    def describe(self):\n"                                                                \
	"        return 'square of side %s' % self.side\n"

/* As go(), with the laziness guard's mode set. */
static void go_lazy(run *x, seam_lazy_t mode, const char *path, const char *before,
		    const char *reply)
{
	seam_options o = SEAM_OPTIONS_INIT;

	memset(x, 0, sizeof(*x));
	x->commit = -1;
	o.lazy = mode;
	if (seam_session_new(&x->s, &o) || seam_tree_new_memory(&x->t, x->s) ||
	    seam_tree_put(x->t, path, before, strlen(before), 0644)) {
		x->parse = -100;
		return;
	}
	x->parse = seam_reply_parse(&x->r, x->s, reply, strlen(reply));
	if (x->parse)
		return;
	x->plan = seam_plan_new(&x->p, x->s, x->r, x->t);
	if (x->plan == SEAM_OK)
		x->commit = seam_plan_commit(x->p);
}

/* The second class alone, one line changed: the first class and the import stay. */
TEST(unseen_excerpt, second_class_alone_is_placed_and_the_first_kept)
{
	char want[sizeof(SHAPES) + 16];
	const char *at = strstr(SHAPES, "        return self.side * self.side\n");
	run x;
	seam_edit_info ei;

	go(&x, "shapes.py", SHAPES, "shapes.py\n```python\n" SQUARE_CHANGED "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	snprintf(want, sizeof(want), "%.*s        return self.side ** 2\n%s", (int)(at - SHAPES),
		 SHAPES, at + strlen("        return self.side * self.side\n"));
	CHECK(has(&x, "shapes.py", want));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_APPLIED);
	CHECK_STR(ei.strategy, "excerpt");
	/* the changed line, with the context of its hunk */
	CHECK(ei.start_line <= 23 && ei.end_line >= 23);
	CHECK(ei.message && strstr(ei.message, "excerpt: the whole file given is lines 18-29 of "
					       "the file, changed inside, with no placeholder for "
					       "lines 1-17 above it"));
	CHECK(ei.message && strstr(ei.message, "to delete lines on purpose, send a diff"));
	done(&x);
}

/* The first of two brace-closed classes, a method added: the last "}" of the excerpt is the
 * first class's, not the file's last line, and the second class stays. */
TEST(unseen_excerpt, first_class_alone_keeps_the_second)
{
	static const char F[] =
		"class Queue {\n  constructor() {\n    this.items = [];\n  }\n\n"
		"  push(x) {\n    this.items.push(x);\n  }\n\n"
		"  pop() {\n    return this.items.shift();\n  }\n}\n\n"
		"class Stack {\n  constructor() {\n    this.items = [];\n  }\n\n"
		"  push(x) {\n    this.items.push(x);\n  }\n\n"
		"  pop() {\n    return this.items.pop();\n  }\n\n"
		"  peek() {\n    return this.items[this.items.length - 1];\n  }\n\n"
		"  size() {\n    return this.items.length;\n  }\n}\n\nexport { Queue, Stack };\n";
	static const char WANT[] =
		"class Queue {\n  constructor() {\n    this.items = [];\n  }\n\n"
		"  push(x) {\n    this.items.push(x);\n  }\n\n"
		"  pop() {\n    return this.items.shift();\n  }\n\n"
		"  isEmpty() {\n    return this.items.length === 0;\n  }\n}\n\n"
		"class Stack {\n  constructor() {\n    this.items = [];\n  }\n\n"
		"  push(x) {\n    this.items.push(x);\n  }\n\n"
		"  pop() {\n    return this.items.pop();\n  }\n\n"
		"  peek() {\n    return this.items[this.items.length - 1];\n  }\n\n"
		"  size() {\n    return this.items.length;\n  }\n}\n\nexport { Queue, Stack };\n";
	run x;
	seam_edit_info ei;

	go(&x, "q.js", F,
	   "q.js\n```js\n"
	   "class Queue {\n  constructor() {\n    this.items = [];\n  }\n\n"
	   "  push(x) {\n    this.items.push(x);\n  }\n\n"
	   "  pop() {\n    return this.items.shift();\n  }\n\n"
	   "  isEmpty() {\n    return this.items.length === 0;\n  }\n}\n```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "q.js", WANT));
	ei = edit(&x, 0);
	CHECK_STR(ei.strategy, "excerpt");
	CHECK(ei.message && strstr(ei.message, "lines 14-37 below it"));
	done(&x);
}

/* Two classes with the same methods: the methods given, one line changed, fit both. Refused,
 * both places named, nothing written. */
TEST(unseen_excerpt, excerpt_that_fits_two_places_is_refused_naming_them)
{
	static const char F[] = "class Left:\n    def __init__(self, v):\n        self.v = v\n\n"
				"    def get(self):\n        return self.v\n\n"
				"    def set(self, v):\n        self.v = v\n\n"
				"    def clear(self):\n        self.v = None\n\n\n"
				"class Right:\n    def __init__(self, v):\n        self.v = v\n\n"
				"    def get(self):\n        return self.v\n\n"
				"    def set(self, v):\n        self.v = v\n\n"
				"    def clear(self):\n        self.v = None\n";
	run x;
	seam_edit_info ei;

	go(&x, "twin.py", F,
	   "twin.py\n```python\n    def get(self):\n        return self.v\n\n"
	   "    def set(self, v):\n        self.v = int(v)\n\n"
	   "    def clear(self):\n        self.v = None\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "twin.py", F));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(ei.message && strstr(ei.message, "read as an excerpt, fits the file in more than "
					       "one way"));
	CHECK(ei.message && strstr(ei.message, "\"    def get(self):\" fits file lines 19 and 5"));
	CHECK(ei.message && strstr(ei.message, "it reads as an excerpt, not the whole file"));
	CHECK(ei.message && strstr(ei.message, "To delete lines on purpose, send a diff that "
					       "removes them, or a SEARCH/REPLACE block with an "
					       "empty REPLACE section."));
	done(&x);
}

/* An excerpt that starts with new lines has nothing to place its top by: written as it is, it
 * deletes the lines above its first line of the file. Refused. */
TEST(unseen_excerpt, excerpt_starting_with_a_change_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "shapes.py", SHAPES,
	   "shapes.py\n```python\n"
	   "    def diameter(self):\n        return 2 * self.r\n"
	   "    def area(self):\n        return math.pi * self.r * self.r\n\n"
	   "    def perimeter(self):\n        return 2 * math.pi * self.r\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shapes.py", SHAPES));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "starts with lines that are not in the file, and "
					       "written as it is it deletes lines 1-7 above them"));
	CHECK(ei.message && strstr(ei.message, "nothing says where in the file it goes"));
	done(&x);
}

/* The first lines of the file, unchanged, as the whole file: an excerpt that changes nothing
 * or a deletion of the rest; not guessed. The message says how to delete on purpose. */
TEST(unseen_excerpt, unchanged_part_is_refused_with_how_to_delete)
{
	run x;
	seam_edit_info ei;

	go(&x, "shapes.py", SHAPES,
	   "shapes.py\n```python\nimport math\n\n\nclass Circle:\n    def __init__(self, r):\n"
	   "        self.r = r\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shapes.py", SHAPES));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "The whole file at reply line 3 for shapes.py is "
					       "lines 1-6 of the file, unchanged, with no "
					       "placeholder for lines 7-29 below it: an excerpt that "
					       "changes nothing, or a deletion of those lines"));
	CHECK(ei.message && strstr(ei.message, "Nothing was changed."));
	CHECK(ei.message && strstr(ei.message, "To delete lines on purpose, send a diff"));
	done(&x);
}

/* Real rewrites that shorten a file: its first and last lines kept and most of the middle
 * deleted; a file rewritten short with new lines; a function removed at the end. Each is the
 * whole file the reply says. */
TEST(unseen_excerpt, shortening_rewrites_still_apply_whole)
{
	static const char MID[] = "import math\n\n\nclass Square:\n    def describe(self):\n"
				  "        return 'square of side %s' % self.side\n";
	static const char SHORT[] = "from geometry import Circle, Square\n\n"
				    "__all__ = ['Circle', 'Square']\n";
	char tail_cut[sizeof(SHAPES)];
	const char *at = strstr(SHAPES, "\n\n    def describe(self):\n        return 'square");
	char reply[sizeof(SHAPES) + 64];
	run x;
	seam_edit_info ei;

	/* all but the import, a class line and the last method deleted: more than half of the
	   file, between lines the reply shows (its first and last lines are the file's) */
	snprintf(reply, sizeof(reply), "shapes.py\n```python\n%s```\n", MID);
	go(&x, "shapes.py", SHAPES, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shapes.py", MID));
	ei = edit(&x, 0);
	CHECK_STR(ei.strategy, "whole-file");
	done(&x);

	/* rewritten as a short file of new lines */
	snprintf(reply, sizeof(reply), "shapes.py\n```python\n%s```\n", SHORT);
	go(&x, "shapes.py", SHAPES, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shapes.py", SHORT));
	CHECK_STR(edit(&x, 0).strategy, "whole-file");
	done(&x);

	/* the last method removed (3 lines at the end): far less than half of the file */
	snprintf(tail_cut, sizeof(tail_cut), "%.*s\n", (int)(at - SHAPES), SHAPES);
	snprintf(reply, sizeof(reply), "shapes.py\n```python\n%s```\n", tail_cut);
	go(&x, "shapes.py", SHAPES, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shapes.py", tail_cut));
	CHECK_STR(edit(&x, 0).strategy, "whole-file");
	done(&x);
}

/* --lazy=refuse takes no excerpt; --lazy=allow writes the whole file as given. */
TEST(unseen_excerpt, lazy_modes)
{
	run x;
	seam_edit_info ei;

	go_lazy(&x, SEAM_LAZY_REFUSE, "shapes.py", SHAPES,
		"shapes.py\n```python\n" SQUARE_CHANGED "```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shapes.py", SHAPES));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "lines 18-29 of the file, changed inside, with no "
					       "placeholder for lines 1-17 above it: an excerpt, "
					       "not the whole file, and --lazy=refuse takes none"));
	done(&x);

	go_lazy(&x, SEAM_LAZY_ALLOW, "shapes.py", SHAPES,
		"shapes.py\n```python\n" SQUARE_CHANGED "```\n");
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "shapes.py", SQUARE_CHANGED));
	CHECK_STR(edit(&x, 0).strategy, "whole-file");
	done(&x);
}

/* Hostile: a file of one line repeated 4000 times (a line above and below them), the whole
 * file given a few of them with one changed. The excerpt fits every place, so it is not placed;
 * the whole file's own reading keeps lines near both ends of the file (a deletion between lines
 * it shows), so the whole file stands, as it did. Quick, and never a mix of the two. */
TEST(unseen_excerpt, excerpt_of_a_repeated_line_is_not_guessed)
{
	static char F[7 + 4000 * 6 + 7 + 1];
	static const char R[] = "r.py\n```python\nx = 1\nx = 1\nx = 2\nx = 1\nx = 1\n```\n";
	size_t k;
	run x;

	memcpy(F, "# top\n", 7);
	for (k = 0; k < 4000; k++)
		memcpy(F + 7 + 6 * k, "x = 1\n", 6);
	memcpy(F + 7 + 6 * 4000, "# end\n", 7);
	F[sizeof(F) - 1] = 0;
	go(&x, "r.py", F, R);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "r.py", "x = 1\nx = 1\nx = 2\nx = 1\nx = 1\n"));
	CHECK_STR(edit(&x, 0).strategy, "whole-file");
	done(&x);
}

/* A real deletion the excerpt's placing would misread: the imports and the last class kept,
 * a small class and a big one before it (most of the file) deleted. Placed as a snippet, which
 * deletes as little as it can, the last class's lines would be matched in the small class
 * (the same method) and only its class line taken for new, the rest of the file kept: the small
 * class renamed. The whole file's own reading keeps every line of the reply, more than that
 * placing does, so the whole file stands. */
TEST(unseen_excerpt, deletion_of_middle_classes_is_not_misread)
{
	static const char HEAD[] = "import { a } from './a';\nimport { b } from './b';\n"
				   "import { c } from './c';\nimport { d } from './d';\n"
				   "import { e } from './e';\nimport { f } from './f';\n\n";
	static const char TINY[] = "class Tiny {\n  run() {\n    return f(6);\n  }\n}\n\n";
	static const char BIG[] = "class Big {\n  one() {\n    return a(1);\n  }\n\n"
				  "  two() {\n    return b(2);\n  }\n\n  three() {\n    return c(3);\n  }\n\n"
				  "  four() {\n    return d(4);\n  }\n\n  five() {\n    return e(5);\n  }\n}\n\n";
	static const char LAST[] = "class Last {\n  run() {\n    return f(6);\n  }\n}\n";
	char before[sizeof(HEAD) + sizeof(TINY) + sizeof(BIG) + sizeof(LAST)];
	char after[sizeof(HEAD) + sizeof(LAST)], reply[sizeof(after) + 32];
	run x;

	snprintf(before, sizeof(before), "%s%s%s%s", HEAD, TINY, BIG, LAST);
	snprintf(after, sizeof(after), "%s%s", HEAD, LAST);
	snprintf(reply, sizeof(reply), "m.js\n```js\n%s```\n", after);
	go(&x, "m.js", before, reply);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK(has(&x, "m.js", after));
	CHECK_STR(edit(&x, 0).strategy, "whole-file");
	done(&x);
}

/* The first class alone, a method added at its end (the case): the reply ends with new
 * lines, so written as given it deletes the second class below them, and nothing says whether
 * the excerpt's new lines end the file or the class. Refused, the second class named. (Before,
 * it replaced the file and deleted the second class.) */
TEST(unseen_excerpt, first_class_with_a_method_added_at_its_end_is_refused)
{
	run x;
	seam_edit_info ei;

	go(&x, "shapes.py", SHAPES,
	   "shapes.py\n```python\nclass Circle:\n    def __init__(self, r):\n        self.r = r\n\n"
	   "    def area(self):\n        return math.pi * self.r * self.r\n\n"
	   "    def perimeter(self):\n        return 2 * math.pi * self.r\n\n"
	   "    def describe(self):\n        return 'circle of radius %s' % self.r\n\n"
	   "    def diameter(self):\n        return 2 * self.r\n```\n");
	CHECK_INT(x.plan, SEAM_EFAIL);
	CHECK(has(&x, "shapes.py", SHAPES));
	ei = edit(&x, 0);
	CHECK_INT(ei.status, SEAM_STATUS_LAZY);
	CHECK(ei.message && strstr(ei.message, "ends with lines that are not in the file, and "
					       "written as it is it deletes lines 16-29 below them, "
					       "and it has no placeholder for lines 1-3 above it"));
	done(&x);
}
