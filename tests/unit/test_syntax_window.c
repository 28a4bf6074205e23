/*
 * The syntax check's fast path (plan/syntax_window.c, syntax/syntax_cuts.c): the cuts a
 * lexical scan finds, and edits in files large enough that only the parts around them are
 * parsed. An edit that breaks its file is refused as before, whatever the window shows
 * (unbalanced braces, an unclosed comment, string or #if, a backslash joining the line after
 * the window, a line indented at a window's start, a decorator left without its function, a
 * line moved deeper in a method); a correct one is settled by its window alone.
 */
#include "test.h"
#include "seam.h"
#include "../../src/lib/syntax/syntax.h"
#include "../../src/lib/plan/plan_impl.h"
#include "../../src/util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cut lines of text as "0 3 7 ..." ("-" when the scan gives the file up). */
static const char *cuts_of(const char *grammar, const char *text)
{
	static char out[512];
	const sm_grammar *g = NULL;
	sm_syntax_cut *c = NULL;
	size_t i, n = 0, k;
	int rc;

	for (i = 0; sm_syntax_grammar_at(i); i++)
		if (!strcmp(sm_syntax_grammar_at(i)->name, grammar))
			g = sm_syntax_grammar_at(i);
	if (!g)
		return "no grammar";
	rc = sm_syntax_cuts(g, text, strlen(text), &c, &n);
	if (rc != 1)
		return rc ? "error" : "-";
	out[0] = '\0';
	for (i = 0, k = 0; i < n && k + 16 < sizeof(out); i++)
		k += (size_t)snprintf(out + k, sizeof(out) - k, "%s%u", i ? " " : "", c[i].line);
	sm_free(c);
	return out;
}

/* The cuts of sm_syntax_cuts_deep, those between a body's statements marked "b", those
 * between a class's members "m". */
static const char *deep_cuts_of(const char *grammar, const char *text)
{
	static char out[512];
	const sm_grammar *g = NULL;
	sm_syntax_cut *c = NULL;
	size_t i, n = 0, k;
	int rc;

	for (i = 0; sm_syntax_grammar_at(i); i++)
		if (!strcmp(sm_syntax_grammar_at(i)->name, grammar))
			g = sm_syntax_grammar_at(i);
	if (!g)
		return "no grammar";
	rc = sm_syntax_cuts_deep(g, text, strlen(text), &c, &n);
	if (rc != 1)
		return rc ? "error" : "-";
	out[0] = '\0';
	for (i = 0, k = 0; i < n && k + 16 < sizeof(out); i++)
		k += (size_t)snprintf(out + k, sizeof(out) - k, "%s%u%s", i ? " " : "", c[i].line,
				      c[i].body == 1 ? "b" : c[i].body == 2 ? "m" : "");
	sm_free(c);
	return out;
}

TEST(syntax_window, c_deep_cuts_between_the_statements_of_a_body)
{
	/* 0 int f(void)  1 {  2 int a = 1;  3 if (a) {  4 a++;  5 } else {  6 a--;  7 }
	   8 do {  9 a++;  10 }  11 while (a < 3);  12 return a;  13 }  14 int z; */
	CHECK_STR(deep_cuts_of("c", "int f(void)\n{\n\tint a = 1;\n\tif (a) {\n\t\ta++;\n\t} else {\n"
				    "\t\ta--;\n\t}\n\tdo {\n\t\ta++;\n\t}\n\twhile (a < 3);\n"
				    "\treturn a;\n}\nint z;\n"),
		  "0 2b 3b 8b 12b 13b 14 15");
	/* the top level as sm_syntax_cuts has it */
	CHECK_STR(cuts_of("c", "int f(void)\n{\n\tint a = 1;\n\treturn a;\n}\nint z;\n"), "0 5 6");
	/* an initializer's or a compound literal's '}' waits for its ';'; an else, a catch or
	   the while of a do continues the statement before; a label's statement is its own */
	CHECK_STR(deep_cuts_of("cpp", "int g(int v)\n{\n\tstruct pt p = {\n\t\t1, 2\n\t}\n\t;\n"
				      "\tv = (struct pt){\n\t\t3\n\t}.x;\n\tif (v)\n\t\tv++;\n\telse\n"
				      "\t\tv--;\n\ttry {\n\t\tv++;\n\t}\n\tcatch (...) {\n\t}\n"
				      "out:\n\treturn v;\n}\n"),
		  "0 2b 6b 9b 13b 18b 20b 21");
	/* a body with a case label at its own depth, or with a preprocessor line: no cuts in
	   it (the top level keeps its own) */
	CHECK_STR(deep_cuts_of("c", "int h(int v)\n{\n\tv++;\ncase 1:\n\tv++;\n\treturn v;\n}\n"
				    "int k(int v)\n{\n\tv++;\n#ifdef X\n\tv++;\n#endif\n\treturn v;\n}\n"
				    "int m(int v)\n{\n\tswitch (v) {\n\tcase 1:\n\t\tv++;\n\t}\n"
				    "\treturn v;\n}\n"),
		  "0 7 15 17b 21b 22b 23");
	/* a struct's braces, a lambda, a macro without its ';': no body, or no cut after them */
	CHECK_STR(deep_cuts_of("cpp", "struct s {\n\tint a;\n};\nint n(void)\n{\n"
				      "\tauto f = [](int x) {\n\t\treturn x;\n\t};\n\tFOREACH(x)\n"
				      "\tg(x);\n\treturn 0;\n}\n"),
		  "0 3 5b 8b 10b 11b 12");
}

TEST(syntax_window, go_cuts_by_the_semicolon_rule)
{
	/* 0 package main  2 import "fmt"  4 func f(a int) int {  5 x := a +  6 1  7 if x > 0 {
	   8 x++  9 } else {  10 x--  11 }  12 s := `raw  13 }`  14 fmt.Println(s)  15 return x
	   16 }  17 var v = struct {  18 a int  19 }{1}  20 func g() struct{ a int } {
	   21 return struct{ a int }{1}  22 } */
	static const char *const src =
		"package main\n\nimport \"fmt\"\n\nfunc f(a int) int {\n\tx := a +\n\t\t1\n"
		"\tif x > 0 {\n\t\tx++\n\t} else {\n\t\tx--\n\t}\n\ts := `raw\n}`\n"
		"\tfmt.Println(s)\n\treturn x\n}\nvar v = struct {\n\ta int\n}{1}\n"
		"func g() struct{ a int } {\n\treturn struct{ a int }{1}\n}\n";
	CHECK_STR(deep_cuts_of("go", src), "0 2 4 5b 7b 12b 14b 15b 16b 17 20 23");
	CHECK_STR(cuts_of("go", src), "0 2 4 17 20 23");
	/* a case label at the body's own depth: no cuts in that body; one in a switch is the
	   switch's */
	CHECK_STR(deep_cuts_of("go", "package p\nfunc h(v int) {\n\tswitch v {\n\tcase 1:\n"
				     "\t\tv++\n\t}\n\tv--\n}\nfunc k(v int) {\n\tv++\ncase 1:\n}\n"),
		  "0 1 2b 6b 7b 8 12");
	/* a comment line keeps the statement before it ended; a ';' ends one too */
	CHECK_STR(deep_cuts_of("go", "package p\nfunc m() {\n\ta := 1; b := 2\n\t// note\n"
				     "\tc := a /* x\n\t*/\n\td := b\n}\n"),
		  "0 1 2b 4b 6b 7b 8");
	CHECK_STR(cuts_of("go", "package p\nvar s = `open\n"), "-");
	CHECK_STR(cuts_of("go", "package p\nfunc f() {\n"), "-");
	CHECK_STR(cuts_of("go", "package p\nvar s = \"a\\\nb\"\n"), "-");
}

TEST(syntax_window, java_cuts_between_members_and_statements)
{
	static const char *const src =
		"package a.b;\n\nimport java.util.List;\n\n@Deprecated\npublic class A extends B {\n"
		"\tprivate int x = 1;\n\tprivate int[] ys = {\n\t\t1, 2\n\t};\n\t@Override\n"
		"\tpublic int f(int v) throws Exception {\n\t\tint a = v;\n\t\tif (a > 0) {\n"
		"\t\t\ta++;\n\t\t} else {\n\t\t\ta--;\n\t\t}\n\t\tString s = \"\"\"\n"
		"\t\t\ttext }\n\t\t\t\"\"\";\n\t\treturn a;\n\t}\n\tstatic {\n\t\tinit();\n"
		"\t}\n\tclass Inner {\n\t\tvoid g() {\n\t\t}\n\t}\n\tA() {\n\t\tsuper(1);\n"
		"\t\tx = 2;\n\t}\n}\ninterface I {\n\tvoid h();\n}\n";

	/* members after a ';' or a body, not between an annotation and its method, not inside
	   an initializer, a nested class or an interface; statements as in C, none in a
	   constructor that calls super(...) */
	CHECK_STR(deep_cuts_of("java", src),
		  "0 2 4 6m 7m 10m 12b 13b 18b 21b 22b 23m 24b 25b 26m 30m 34m 35 38");
	CHECK_STR(cuts_of("java", src), "0 2 4 35 38");
	CHECK_STR(cuts_of("java", "class A {\n\tString s = \"\"\"\n\topen\n}\n"), "-");
	CHECK_STR(cuts_of("java", "class A {\n\tchar c = '\\u0041';\n}\nclass B {}\n"), "0 3 4");
	CHECK_STR(cuts_of("java", "class A {\n\tint x = 1; \\u000a\n}\n"), "-");
}

TEST(syntax_window, c_cuts_between_top_level_items_only)
{
	/* 0 int a;  1 int f(void)  2 {  3 return 1;  4 }  5 (blank)  6 struct s {  7 int x;
	   8 };  9 static int b = {  10 1 };  11 int g(void); */
	CHECK_STR(cuts_of("c", "int a;\nint f(void)\n{\n\treturn 1;\n}\n\nstruct s {\n\tint x;\n"
			       "};\nstatic int b[] = {\n1 };\nint g(void);\n"),
		  "0 1 6 9 11 12");
	/* a comment or a string that looks like code, a '{' in a character literal */
	CHECK_STR(cuts_of("c", "/*\nint fake(void) {\n*/\nchar *s = \"{ /*\";\nchar c = '{';\n"
			       "int h;\n"),
		  "0 3 4 5 6");
	/* a struct's body ends no item until its ';': the line after may continue it */
	CHECK_STR(cuts_of("c", "struct pt {\n\tint x;\n}\norigin;\nint y;\n"), "0 4 5");
	/* K&R parameter declarations belong to their function */
	CHECK_STR(cuts_of("c", "int add(a, b)\nint a;\nint b;\n{\n\treturn a + b;\n}\nint z;\n"),
		  "0 6 7");
	/* after a declaration that ends in ')' and no ';' (a macro call): no cut */
	CHECK_STR(cuts_of("c", "DEFINE_THING(a)\nint b;\nint c;\n"), "0 2 3");
	/* a #define's continuation lines and braces are its own */
	CHECK_STR(cuts_of("c", "#define BEGIN {\n#define M(x) \\\n\tint x;\nint d;\n"), "0 1 3 4");
	/* an #if: its branches are sequences of their own */
	CHECK_STR(cuts_of("c", "#ifdef A\nint p;\n#else\nint q;\n#endif\nint r;\n"), "0 1 2 3 4 5 6");
}

TEST(syntax_window, c_scan_gives_up_on_what_it_does_not_model)
{
	CHECK_STR(cuts_of("cpp", "auto s = R\"(a { b)\";\nint x;\n"), "-");
	CHECK_STR(cuts_of("c", "int f(void) {\n\treturn 1;\n"), "-");       /* unclosed */
	CHECK_STR(cuts_of("c", "int x; }\nint y;\n"), "-");                   /* closes more */
	CHECK_STR(cuts_of("c", "/* open\nint y;\n"), "-");                    /* comment */
	CHECK_STR(cuts_of("c", "char *s = \"open\nint y;\n"), "-");           /* string */
	/* a branch that leaves a brace open */
	CHECK_STR(cuts_of("c", "#if A\nint f(int a) {\n#else\nint f(void) {\n#endif\n\treturn 0;\n}\n"),
		  "-");
	CHECK_STR(cuts_of("rust", "fn main() {}\n"), "-"); /* no scanner: no cuts */
}

TEST(syntax_window, python_cuts_at_column_zero_statements)
{
	/* 0 import os  1 def f():  2 x = 1  3 (blank)  4 class C:  5 pass  6 y = 2 */
	CHECK_STR(cuts_of("python", "import os\ndef f():\n    x = 1\n\nclass C:\n    pass\ny = 2\n"),
		  "0 1 4 6 7");
	/* not inside a string, a bracket or a continued line; not before else/except/finally;
	   not between a decorator and its function */
	CHECK_STR(cuts_of("python", "s = \"\"\"\nfake = 1\n\"\"\"\nt = (\nu)\nv = 1 + \\\nw\n"
				    "if v:\n    pass\nelse:\n    pass\n@deco\ndef g():\n    pass\n"
				    "z = 0\n"),
		  "0 3 5 7 11 14 15");
	CHECK_STR(cuts_of("python", "@a\n@b(1,\n2)\ndef h():\n    pass\nk = 1\n"), "0 5 6");
	CHECK_STR(cuts_of("python", "s = '''open\nx = 1\n"), "-");
	CHECK_STR(cuts_of("python", "t = (1,\nx = 1\n"), "-");
}

/* ---- edits in a file large enough that the fast path is used ---- */

/* n small functions of lang (0 C, 1 Python, 2 Go, 3 Java methods), numbered from k, appended
 * to b */
static void filler(sm_buf *b, int py, int k, int n)
{
	int i;
	for (i = k; i < k + n; i++)
		if (py == 3)
			sm_buf_printf(b, "\tint filler%d(int a) {\n\t\tint b = a + %d;\n\t\treturn b * 2;\n\t}\n\n",
				      i, i);
		else if (py == 2)
			sm_buf_printf(b, "func filler_%d(a int) int {\n\tb := a + %d\n\treturn b * 2\n}\n\n", i, i);
		else if (py)
			sm_buf_printf(b, "def filler_%d(a):\n    b = a + %d\n    return b * 2\n\n\n", i, i);
		else
			sm_buf_printf(b, "static int filler_%d(int a)\n{\n\tint b = a + %d;\n\treturn b * 2;\n}\n\n",
				      i, i);
}

typedef struct wcase {
	const char *name, *path, *middle, *old, *new_;
	int refused; /* the whole check refuses it */
} wcase;

static const wcase wcases[] = {
	/* correct edits: settled by their window */
	{"c good", "src/w.c", "int target(int v)\n{\n\treturn v + 1;\n}\n", "\treturn v + 1;",
	 "\tif (v < 0)\n\t\treturn 0;\n\treturn v + 2;", 0},
	{"python good", "app/w.py", "class Target:\n    def m(self):\n        return 1\n\n",
	 "        return 1", "        if self:\n            return 2\n        return 1", 0},
	{"header good", "inc/w.h", "int target(int v);\n", "int target(int v);",
	 "int target(int v, int w);", 0},
	{"c good in a nested block", "src/w.c",
	 "int target(int v)\n{\n\tif (v) {\n\t\tv++;\n\t} else {\n\t\tv--;\n\t}\n\treturn v;\n}\n",
	 "\t\tv--;", "\t\tv -= 2;\n\t\tv = v < 0 ? 0 : v;", 0},
	{"go good", "w.go", "func target(v int) int {\n\tif v > 0 {\n\t\tv++\n\t}\n\treturn v\n}\n",
	 "\t\tv++", "\t\tv += 2\n\t\tv = min(v, 9)", 0},
	{"go good at the top level", "w.go", "type target struct {\n\ta int\n}\n", "\ta int",
	 "\ta int\n\tb string", 0},
	{"java good", "W.java", "\tint target(int v) {\n\t\tif (v > 0) {\n\t\t\tv++;\n\t\t}\n\t\treturn v;\n\t}\n",
	 "\t\t\tv++;", "\t\t\tv += 2;\n\t\t\tv = Math.min(v, 9);", 0},
	{"java good member", "W.java", "\tprivate int target = 1;\n", "\tprivate int target = 1;",
	 "\tprivate int target = 2;\n\tprivate String name = \"t\";", 0},
	/* broken edits: refused, and never by the window alone */
	{"java brace dropped", "W.java",
	 "\tint target(int v) {\n\t\tif (v > 0) {\n\t\t\tv++;\n\t\t}\n\t\treturn v;\n\t}\n",
	 "\t\t\tv++;\n\t\t}", "\t\t\tv++;", 1},
	{"java member broken", "W.java", "\tprivate int target = 1;\n", "\tprivate int target = 1;",
	 "\tprivate int target = ;", 1},
	/* a statement where only members may stand */
	{"java statement among members", "W.java", "\tprivate int target = 1;\n",
	 "\tprivate int target = 1;", "\ttarget = 2;", 1},
	/* a constructor's call of super(...) after a statement: its body has no cuts */
	{"java super after a statement", "W.java",
	 "\tW(int v) {\n\t\tsuper();\n\t\tthis.v = v;\n\t}\n\tint v;\n", "\t\tsuper();",
	 "\t\tint k = 1;\n\t\tsuper();", 1},

	{"go brace dropped", "w.go", "func target(v int) int {\n\tif v > 0 {\n\t\tv++\n\t}\n\treturn v\n}\n",
	 "\t\tv++\n\t}", "\t\tv++", 1},
	{"go statement left open", "w.go", "func target(v int) int {\n\tv++\n\treturn v\n}\n",
	 "\treturn v", "\treturn v +", 1},
	{"go raw string opened", "w.go", "func target(v int) int {\n\tv++\n\treturn v\n}\n",
	 "\treturn v", "\ts := `v\n\treturn v", 1},
	{"go body closed twice", "w.go", "func target(v int) int {\n\tv++\n\treturn v\n}\n",
	 "\tv++", "\tv++\n}\n}", 1},
	/* an else on a line of its own: the semicolon rule ended the if before it */
	{"go else on its own line", "w.go",
	 "func target(v int) int {\n\tif v > 0 {\n\t\tv++\n\t} else {\n\t\tv--\n\t}\n\treturn v\n}\n",
	 "\t} else {", "\t}\n\telse {", 1},

	/* the window of statements around the edit ends with an else that lost its if */
	{"c else orphaned", "src/w.c",
	 "int target(int v)\n{\n\tv++;\n\tif (v)\n\t\tv++;\n\telse\n\t\tv--;\n\treturn v;\n}\n",
	 "\tif (v)\n\t\tv++;", "\t\tv++;", 1},
	{"c statement left open", "src/w.c", "int target(int v)\n{\n\tv++;\n\treturn v + 1;\n}\n",
	 "\treturn v + 1;", "\treturn v +", 1},
	{"c body closed twice", "src/w.c", "int target(int v)\n{\n\tv++;\n\treturn v + 1;\n}\n",
	 "\treturn v + 1;\n}", "\treturn v + 1;\n}\n}", 1},

	{"c brace dropped", "src/w.c", "int target(int v)\n{\n\tif (v) {\n\t\tv++;\n\t}\n\treturn v;\n}\n",
	 "\t\tv++;\n\t}", "\t\tv++;", 1},
	{"c comment opened", "src/w.c", "int target(int v)\n{\n\treturn v + 1;\n}\n",
	 "\treturn v + 1;", "\treturn v + 1; /* one more", 1},
	/* tree-sitter reads the unclosed comment as "v / *(+w)": the window parses, but in the
	   file the comment runs to the next one's end and takes the function's '}' */
	{"c comment read as operators", "src/w.c",
	 "int target(int v, int w)\n{\n\treturn v + w;\n}\n/* a note */\n", "\treturn v + w;",
	 "\treturn v/* + w;", 1},
	{"c string opened", "src/w.c", "int target(int v)\n{\n\treturn v + 1;\n}\n",
	 "\treturn v + 1;", "\tputs(\"v);\n\treturn v + 1;", 1},
	{"c #if opened", "src/w.c", "int target(int v)\n{\n\treturn v + 1;\n}\n",
	 "int target(int v)", "#if FEATURE\nint target(int v)", 1},
	/* the backslash joins the line after the window to the #define */
	{"c splice past the window", "src/w.c",
	 "#define TWICE(x) \\\n\t((x) * 2)\nstruct pair {\n\tint a;\n};\n",
	 "#define TWICE(x) \\\n\t((x) * 2)", "#define TWICE(x) \\", 1},
	/* the struct's body ends no item: the macro line after it is part of its declaration */
	{"c struct continued", "src/w.c", "struct pt {\n\tint x;\n}\nORIGIN(pt);\n", "ORIGIN(pt);",
	 "ORIGIN(pt) + 1;", 1},
	/* a line moved deeper inside a method (issue 11) */
	{"python deeper in a method", "app/w.py",
	 "class Target:\n    def m(self):\n        a = 1\n        return a\n\n", "        return a",
	 "            return a", 1},
	/* an indented line where a column-0 statement stood: it joins the block before */
	{"python indented at a cut", "app/w.py", "def target():\n    return 1\nafter = 2\n",
	 "after = 2", "\tafter = 2", 1},
	{"python decorator orphaned", "app/w.py", "@register\ndef handler():\n    pass\n",
	 "def handler():\n    pass", "handler = 1", 1},
	{"python string opened", "app/w.py", "def target():\n    return 1\n", "    return 1",
	 "    return \"\"\"1", 1},
	{"python continued past the window", "app/w.py", "total = 1\ndef target():\n    return 1\n",
	 "total = 1", "total = 1 + \\", 1},
};

static char *reply_for(const wcase *c)
{
	sm_buf b = SM_BUF_INIT;
	sm_buf_printf(&b, "%s\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n", c->path,
		      c->old, c->new_);
	return sm_buf_detach(&b, NULL);
}

TEST(syntax_window, edits_in_a_large_file)
{
	size_t i;

	for (i = 0; i < sizeof(wcases) / sizeof(*wcases); i++) {
		const wcase *c = &wcases[i];
		int py = strstr(c->path, ".py") ? 1 : strstr(c->path, ".go") ? 2 :
			 strstr(c->path, ".java") ? 3 : 0;
		seam_options o = SEAM_OPTIONS_INIT;
		seam_session *s = NULL;
		seam_tree *t = NULL;
		seam_reply *r = NULL;
		seam_plan *p = NULL;
		seam_edit_info ei;
		const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
		size_t ng;
		sm_buf before = SM_BUF_INIT;
		char *reply = reply_for(c);
		int fast;

		if (py == 3) /* the methods of one class */
			sm_buf_puts(&before, "public class W {\n");
		filler(&before, py, 0, 20);
		sm_buf_puts(&before, c->middle);
		if (py == 1)
			sm_buf_puts(&before, "\n\n");
		filler(&before, py, 20, 20);
		if (py == 3)
			sm_buf_puts(&before, "}\n");
		CHECK(!sm_buf_failed(&before) && reply);
		CHECK(!seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s) &&
		      !seam_tree_put(t, c->path, before.ptr, before.len, 0644) &&
		      !seam_reply_parse(&r, s, reply, strlen(reply)));
		seam_plan_new(&p, s, r, t);
		CHECK(p && !seam_plan_edit(p, 0, 0, &ei));
		if ((ei.status == SEAM_STATUS_SYNTAX) != c->refused)
			sm_test_fail(__FILE__, __LINE__, "%s: status %d", c->name, (int)ei.status);
		/* what the windows alone conclude about the result */
		CHECK(p->nstates == 1 && p->states[0].out && p->states[0].changed);
		ng = sm_syntax_grammars_for(c->path, gs, SM_SYNTAX_MAX_GRAMMARS);
		fast = sm_syntax_windows_clean(&p->parser, &p->states[0], gs, ng);
		if (fast != !c->refused)
			sm_test_fail(__FILE__, __LINE__, "%s: windows clean %d", c->name, fast);
		seam_plan_free(p);
		seam_reply_free(r);
		seam_tree_free(t);
		seam_session_free(s);
		sm_buf_dispose(&before);
		sm_free(reply);
	}
}

/* Two edits of one file, far apart: each window settles its own. */
TEST(syntax_window, two_edits_two_windows)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
	sm_buf before = SM_BUF_INIT;
	const char *reply = "src/w.c\n```\n<<<<<<< SEARCH\n\tint b = a + 3;\n=======\n\tint b = a + 33;\n"
			    ">>>>>>> REPLACE\n```\n\nsrc/w.c\n```\n<<<<<<< SEARCH\n\tint b = a + 30;\n"
			    "=======\n\tint b = a - 30;\n>>>>>>> REPLACE\n```\n";

	filler(&before, 0, 0, 40);
	CHECK(!seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s) &&
	      !seam_tree_put(t, "src/w.c", before.ptr, before.len, 0644) &&
	      !seam_reply_parse(&r, s, reply, strlen(reply)));
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_OK);
	CHECK_INT(sm_syntax_grammars_for("src/w.c", gs, SM_SYNTAX_MAX_GRAMMARS), 1);
	CHECK_INT(sm_syntax_windows_clean(&p->parser, &p->states[0], gs, 1), 1);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&before);
}

/* Plans one SEARCH/REPLACE block on path = before; the status of its edit. */
static int status_of(const char *path, const char *before, const char *old, const char *new_)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	wcase c = {"", path, "", old, new_, 0};
	char *reply = reply_for(&c);
	int st = -1;

	if (reply && !seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s) &&
	    !seam_tree_put(t, path, before, strlen(before), 0644) &&
	    !seam_reply_parse(&r, s, reply, strlen(reply))) {
		seam_plan_new(&p, s, r, t);
		if (p && !seam_plan_edit(p, 0, 0, &ei))
			st = (int)ei.status;
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	sm_free(reply);
	return st;
}

/*
 * When the windows do not settle it, the file before is parsed again from the result's tree
 * (an incremental parse): its verdict is a whole parse's. A file with an error far from the
 * edit is not refused; one without is; the last line without a newline, changed.
 */
TEST(syntax_window, file_before_reparsed_from_the_result)
{
	sm_buf b = SM_BUF_INIT;

	filler(&b, 0, 0, 20);
	sm_buf_puts(&b, "int broken(int v\n{\n\treturn v;\n}\n\n");
	filler(&b, 0, 20, 20);
	sm_buf_puts(&b, "int last(int v)\n{\n\treturn v + 1;\n}");
	CHECK(!sm_buf_failed(&b));
	/* broken before: the edit that breaks its own function is applied, as before */
	CHECK_INT(status_of("src/w.c", b.ptr, "\treturn v + 1;\n}", "\treturn v + 1;\n"),
		  SEAM_STATUS_APPLIED);
	sm_buf_dispose(&b);
	filler(&b, 0, 0, 40);
	sm_buf_puts(&b, "int last(int v)\n{\n\treturn v + 1;\n}");
	CHECK_INT(status_of("src/w.c", b.ptr, "\treturn v + 1;\n}", "\treturn v + 1;\n"),
		  SEAM_STATUS_SYNTAX);
	CHECK_INT(status_of("src/w.c", b.ptr, "\treturn v + 1;\n}", "\treturn v + 2;\n}"),
		  SEAM_STATUS_APPLIED);
	/* Python: an edit in the middle, and one on a last line without a newline */
	sm_buf_dispose(&b);
	filler(&b, 1, 0, 40);
	sm_buf_puts(&b, "def last(v):\n    return v + 1");
	CHECK_INT(status_of("app/w.py", b.ptr, "    b = a + 3\n", "    b = (a + 3\n"),
		  SEAM_STATUS_SYNTAX);
	CHECK_INT(status_of("app/w.py", b.ptr, "    return v + 1", "    return (v + 1"),
		  SEAM_STATUS_SYNTAX);
	sm_buf_dispose(&b);
}

/* Go: an error in the file before, far from the edit, refuses nothing; a correct edit there
 * is settled by its window. */
TEST(syntax_window, go_error_outside_the_windows)
{
	sm_buf b = SM_BUF_INIT;

	filler(&b, 2, 0, 20);
	sm_buf_puts(&b, "func broken(v int) int {\n\treturn (v\n}\n\n");
	filler(&b, 2, 20, 20);
	CHECK(!sm_buf_failed(&b));
	CHECK_INT(status_of("w.go", b.ptr, "\tb := a + 30\n", "\tb := a + 31\n"), SEAM_STATUS_APPLIED);
	/* the file did not parse before: a broken edit is not refused either, as before */
	CHECK_INT(status_of("w.go", b.ptr, "\tb := a + 30\n", "\tb := (a + 31\n"), SEAM_STATUS_APPLIED);
	sm_buf_dispose(&b);
	filler(&b, 2, 0, 40);
	CHECK_INT(status_of("w.go", b.ptr, "\tb := a + 30\n", "\tb := (a + 31\n"), SEAM_STATUS_SYNTAX);
	sm_buf_dispose(&b);
}

/* Java: the same, with the error in another method of the class. */
TEST(syntax_window, java_error_outside_the_windows)
{
	sm_buf b = SM_BUF_INIT;

	sm_buf_puts(&b, "class W {\n");
	filler(&b, 3, 0, 20);
	sm_buf_puts(&b, "\tint broken(int v) {\n\t\treturn (v;\n\t}\n\n");
	filler(&b, 3, 20, 20);
	sm_buf_puts(&b, "}\n");
	CHECK(!sm_buf_failed(&b));
	CHECK_INT(status_of("W.java", b.ptr, "\t\tint b = a + 30;\n", "\t\tint b = a + 31;\n"),
		  SEAM_STATUS_APPLIED);
	CHECK_INT(status_of("W.java", b.ptr, "\t\tint b = a + 30;\n", "\t\tint b = (a + 31;\n"),
		  SEAM_STATUS_APPLIED);
	sm_buf_dispose(&b);
	sm_buf_puts(&b, "class W {\n");
	filler(&b, 3, 0, 40);
	sm_buf_puts(&b, "}\n");
	CHECK_INT(status_of("W.java", b.ptr, "\t\tint b = a + 30;\n", "\t\tint b = (a + 31;\n"),
		  SEAM_STATUS_SYNTAX);
	sm_buf_dispose(&b);
}

/*
 * A tie in a large file: each place's result is parsed from the file's tree, edited there
 * (syntax_tiebreak.c). The edit adds an if, which only the method allows: the method's place
 * wins; when the field is in a method too, both parse and the tie stands.
 */
static int tie_in_large_file(int both, long *line)
{
	sm_buf b = SM_BUF_INIT;
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	const char *reply = "M.java\n```\n<<<<<<< SEARCH\nint count = getCuont(total);\nint extra = 0;\n"
			    "=======\nint count = getCount(total);\nif (count > 3)\n    count = 3;\n"
			    "int extra = 0;\n>>>>>>> REPLACE\n```\n";
	int st = -1;

	sm_buf_puts(&b, both ? "class M {\n    void first() {\n" : "class M {\n");
	sm_buf_puts(&b, "    int count = getCount(total);\n    int extra = 0;\n");
	sm_buf_puts(&b, both ? "    }\n\n" : "\n");
	filler(&b, 3, 0, 40);
	sm_buf_puts(&b, "    void run() {\n        int count = getCount(total);\n        int extra = 0;\n"
			"        use(count, extra);\n    }\n");
	filler(&b, 3, 40, 40);
	sm_buf_puts(&b, "}\n");
	if (!sm_buf_failed(&b) && !seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s) &&
	    !seam_tree_put(t, "M.java", b.ptr, b.len, 0644) &&
	    !seam_reply_parse(&r, s, reply, strlen(reply))) {
		seam_plan_new(&p, s, r, t);
		if (p && !seam_plan_edit(p, 0, 0, &ei)) {
			st = (int)ei.status;
			*line = ei.start_line;
		}
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&b);
	return st;
}

TEST(syntax_window, tie_in_a_large_file)
{
	long line = 0;

	CHECK_INT(tie_in_large_file(0, &line), SEAM_STATUS_APPLIED);
	CHECK_INT(line, 1 + 2 + 1 + 40 * 5 + 2); /* run()'s first line */
	CHECK_INT(tie_in_large_file(1, &line), SEAM_STATUS_AMBIGUOUS);
}

/* An edit that ends its function and begins another: the window is no run of statements
 * (it closes a brace it did not open), so the whole file decides, and it parses. */
TEST(syntax_window, body_split_in_two_decided_by_the_whole_file)
{
	sm_buf b = SM_BUF_INIT;

	filler(&b, 0, 0, 20);
	sm_buf_puts(&b, "int target(int v)\n{\n\tv++;\n\treturn v + 1;\n}\n");
	filler(&b, 0, 20, 20);
	CHECK(!sm_buf_failed(&b));
	CHECK_INT(status_of("src/w.c", b.ptr, "\tv++;\n", "\tv++;\n\treturn v;\n}\nint other(int v)\n{\n"),
		  SEAM_STATUS_APPLIED);
	CHECK_INT(status_of("src/w.c", b.ptr, "\tv++;\n", "\tv++;\n\treturn v;\n}\nint other(int v)\n{{\n"),
		  SEAM_STATUS_SYNTAX);
	sm_buf_dispose(&b);
}

/*
 * A reply to several large files: they are checked in threads (on a machine with more than
 * one core); each file's verdict and message are its own, reported in file order.
 */
TEST(syntax_window, several_large_files_checked_in_parallel)
{
	static const char *const paths[] = {"src/a.c", "src/b.c", "app/c.py", "src/d.c"};
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	sm_buf reply = SM_BUF_INIT;
	seam_edit_info ei;
	size_t i, bytes = 0;

	CHECK(!seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s));
	for (i = 0; i < 4; i++) {
		sm_buf b = SM_BUF_INIT;
		int py = i == 2;
		filler(&b, py, 0, 400);
		bytes += b.len;
		CHECK(!sm_buf_failed(&b) && !seam_tree_put(t, paths[i], b.ptr, b.len, 0644));
		sm_buf_dispose(&b);
		/* b.c and c.py break (a bracket dropped), a.c and d.c stay whole */
		sm_buf_printf(&reply, "%s\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n\n",
			      paths[i], py ? "    b = a + 7" : "\tint b = a + 7;",
			      i == 1 ? "\tint b = (a + 8;" : i == 2 ? "    b = (a + 8" :
			      py ? "    b = a + 8" : "\tint b = a + 8;");
	}
	CHECK(bytes >= SM_SYNTAX_THREAD_BYTES);
	CHECK(!sm_buf_failed(&reply) && !seam_reply_parse(&r, s, reply.ptr, reply.len));
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_EFAIL);
	for (i = 0; i < 4; i++) {
		CHECK(!seam_plan_edit(p, i, 0, &ei));
		CHECK_INT(ei.status, i == 1 || i == 2 ? SEAM_STATUS_SYNTAX : SEAM_STATUS_APPLIED);
		if (i == 1 || i == 2)
			CHECK(ei.message && strstr(ei.message, paths[i]) && strstr(ei.message, "(a + 8"));
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	sm_buf_dispose(&reply);
}

/*
 * The windows never vouch for a result that does not parse: random one-line edits (a line
 * dropped, doubled, or replaced by a bracket, a keyword, an open comment or string, a
 * label...) of C, C++, Go and Java files; whenever the windows say the result parses, a whole
 * parse says so too. A fixed seed: the same edits on every run.
 */
static const char *const noise[] = {
	"}", "{", "\t}", "\t{", "\telse", "\t} else {", "\tcase 1:", "\tdefault:", "\tsuper();",
	"\t/*", "\t*/", "\t\"", "\t`", "\t'", "\tx = ", "\t)", "\t(", "\t;", "\tif (x)", "\tdo",
	"\twhile (x);", "\tout:", "\treturn", "\t#if X", "\t#endif", "\tint f(void) {", "\tfunc f() {",
	"\tclass K {", "\t@Override", "\tx := 1", "\tint y = 2;", "\ttry {", "\t} catch (E e) {",
	"\t\"\"\"", "\tx = (T){", "\t}\n}", "\t{\n{", "\treturn x;\n}\nint z;", "\tL:",
	"\tgoto L;", "\tbreak", "\tfor {", "\tfor (;;)", "\tstruct s {", "\ttypedef int T;",
	"\t#define X {", "\tx++", "\t} while (0);", "\tif x {", "\tvar y int", "\ttype T int",
	"\tstatic {", "\tthis(1);", "\t= 1;", "\t,", "\t/* c */", "\t// c", "\tint a[] = {1,",
	"\t2};", "\t} finally {", "\tsynchronized (x) {", "\tyield 1;", "\tdefer f()",
	"\tselect {", "\tcase <-c:", "\tfallthrough", "\tx <- 1", "\t\\", "\tx = 1 \\",
	"\tpublic", "\tvoid g() {}", "\tint h();", "\t@A(x = {1})", "\tenum E { A }",
	"\tdefault -> 1;", "\tcase 1 -> 2;", "\tfunc() {}()", "\tR\"(", "\tu8'a'",
};

static const char *const shapes[] = {
	/* C */
	"int target(int v)\n{\n\tint a = v;\n\tif (a > 0) {\n\t\ta++;\n\t} else {\n\t\ta--;\n\t}\n"
	"\tswitch (a) {\n\tcase 1:\n\t\ta = 2;\n\t\tbreak;\n\t}\n\tdo {\n\t\ta--;\n\t} while (a > 9);\n"
	"\tconst char *s = \"x { y\";\n\treturn a;\n}\n",
	/* Go */
	"func target(v int) int {\n\ta := v\n\tif a > 0 {\n\t\ta++\n\t} else {\n\t\ta--\n\t}\n"
	"\tswitch a {\n\tcase 1:\n\t\ta = 2\n\t}\n\ts := `raw {\n`\n\t_ = s\n\treturn a\n}\n",
	/* Java */
	"\tint target(int v) {\n\t\tint a = v;\n\t\tif (a > 0) {\n\t\t\ta++;\n\t\t} else {\n\t\t\ta--;\n"
	"\t\t}\n\t\tswitch (a) {\n\t\tcase 1:\n\t\t\ta = 2;\n\t\t}\n\t\tString s = \"x { y\";\n"
	"\t\treturn a;\n\t}\n\tprivate int field = 1;\n",
};

#ifndef ROUNDS /* more for a longer run: -DROUNDS=5000 -DSEED=N */
#define ROUNDS 60
#endif
#ifndef SEED
#define SEED 12
#endif

static unsigned long rng_next(unsigned long *x)
{
	*x = *x * 6364136223846793005UL + 1442695040888963407UL;
	return *x >> 33;
}

TEST(syntax_window, windows_never_vouch_for_a_broken_result)
{
	static const char *const paths[] = {"src/w.c", "w.go", "W.java", "src/w.cpp"};
	static const int langs[] = {0, 2, 3, 0};
	unsigned long x = SEED;
	int li, round, vouched = 0;

	for (li = 0; li < 4; li++) {
		sm_buf before = SM_BUF_INIT;
		const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
		size_t ng = sm_syntax_grammars_for(paths[li], gs, SM_SYNTAX_MAX_GRAMMARS);
		const char *lines[64], *lines_f[8];
		char fl[8][32];
		size_t nl = 0, nf;
		char *copy;

		if (langs[li] == 3)
			sm_buf_puts(&before, "class W {\n");
		filler(&before, langs[li], 0, 20);
		sm_buf_puts(&before, shapes[li % 3]);
		filler(&before, langs[li], 20, 20);
		if (langs[li] == 3)
			sm_buf_puts(&before, "}\n");
		CHECK(!sm_buf_failed(&before) && ng > 0);
		/* the lines of the shape, each unique in the file */
		copy = sm_malloc(strlen(shapes[li % 3]) + 1);
		CHECK(copy != NULL);
		strcpy(copy, shapes[li % 3]);
		for (char *l = strtok(copy, "\n"); l && nl < 64; l = strtok(NULL, "\n")) {
			const char *first = strstr(before.ptr, l);
			if (*l && first && !strstr(first + 1, l) && strcmp(l, "}") && strcmp(l, "\t}"))
				lines[nl++] = l;
		}
		/* and lines of the small functions around the shape */
		for (nf = 0; nf < 8; nf++) {
			snprintf(fl[nf], sizeof(fl[nf]), langs[li] == 0 ? "\tint b = a + %d;" :
				 langs[li] == 2 ? "\tb := a + %d" : "\t\tint b = a + %d;", 16 + (int)nf);
			lines_f[nf] = fl[nf];
		}
		for (round = 0; round < ROUNDS; round++) {
			seam_options o = SEAM_OPTIONS_INIT;
			seam_session *s = NULL;
			seam_tree *t = NULL;
			seam_reply *r = NULL;
			seam_plan *p = NULL;
			sm_buf reply = SM_BUF_INIT, neu = SM_BUF_INIT;
			const char *old = lines[rng_next(&x) % nl];
			unsigned long how = rng_next(&x) % 4;
			const char *tok = noise[rng_next(&x) % (sizeof(noise) / sizeof(*noise))];
			sm_syntax_res res;

			if (rng_next(&x) % 3 == 0) /* a line of the functions around it */
				old = lines_f[rng_next(&x) % nf];
			if (how == 0)
				sm_buf_printf(&neu, "%s", tok);
			else if (how == 1)
				sm_buf_printf(&neu, "%s\n%s", old, tok);
			else if (how == 2)
				sm_buf_printf(&neu, "%s\n%s", tok, old);
			else
				sm_buf_printf(&neu, "%s\n%s", old, old);
			sm_buf_printf(&reply, "%s\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n",
				      paths[li], old, neu.ptr);
			CHECK(!sm_buf_failed(&reply));
			CHECK(!seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s) &&
			      !seam_tree_put(t, paths[li], before.ptr, before.len, 0644) &&
			      !seam_reply_parse(&r, s, reply.ptr, reply.len));
			seam_plan_new(&p, s, r, t);
			if (p && p->nstates == 1 && p->states[0].out && p->states[0].changed &&
			    sm_syntax_windows_clean(&p->parser, &p->states[0], gs, ng) == 1) {
				vouched++;
				sm_syntax_parse(&p->parser, gs[0], p->states[0].out, p->states[0].outlen, &res);
				if (res.outcome != SM_PARSE_CLEAN)
					sm_test_fail(__FILE__, __LINE__, "%s: windows vouch for a broken result: %s -> %s",
						     paths[li], old, neu.ptr);
			}
			seam_plan_free(p);
			seam_reply_free(r);
			seam_tree_free(t);
			seam_session_free(s);
			sm_buf_dispose(&reply);
			sm_buf_dispose(&neu);
		}
		sm_free(copy);
		sm_buf_dispose(&before);
	}
	CHECK(vouched > 20); /* the windows settled some: the test tests something */
}
