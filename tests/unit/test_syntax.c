/*
 * The syntax check through seam.h on in-memory trees: an edit that breaks a file that parsed is
 * refused in every language with a grammar (and the same kind of edit, written correctly,
 * applies); warn and off; files broken before, new files and languages without a grammar are
 * not refused; a tie at a tolerant tier is broken by the parse, never one at the exact tier.
 */
#include "test.h"
#include "seam.h"
#include "../../src/lib/syntax/syntax.h"
#include "../../src/util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fx {
	seam_session *s;
	seam_tree *t;
	seam_reply *r;
	seam_plan *p;
	int rc;
	seam_file_info fi;
	seam_edit_info ei;
} fx;

static void fx_free(fx *f)
{
	seam_plan_free(f->p);
	seam_reply_free(f->r);
	seam_tree_free(f->t);
	seam_session_free(f->s);
	memset(f, 0, sizeof(*f));
}

/* Plans reply on a tree holding path = before; fi/ei describe file 0 and its first edit. -1
 * when a step before planning failed. */
static int fx_run(fx *f, seam_syntax_t mode, const char *path, const char *before,
		  const char *reply)
{
	seam_options o = SEAM_OPTIONS_INIT;

	memset(f, 0, sizeof(*f));
	o.syntax = mode;
	if (seam_session_new(&f->s, &o) || seam_tree_new_memory(&f->t, f->s) ||
	    (before && seam_tree_put(f->t, path, before, strlen(before), 0644)) ||
	    seam_reply_parse(&f->r, f->s, reply, strlen(reply)))
		return -1;
	f->rc = seam_plan_new(&f->p, f->s, f->r, f->t);
	if (!f->p || seam_plan_file(f->p, 0, &f->fi) || seam_plan_edit(f->p, 0, 0, &f->ei))
		return -1;
	return 0;
}

/* A reply with one SEARCH/REPLACE block (old empty: create the file). */
static const char *block(const char *path, const char *old, const char *new_)
{
	static char buf[8][4096];
	static int k;
	k = (k + 1) % 8;
	snprintf(buf[k], sizeof(buf[k]),
		 "%s\n```\n<<<<<<< SEARCH\n%s%s=======\n%s%s>>>>>>> REPLACE\n```\n", path, old,
		 *old ? "\n" : "", new_, *new_ ? "\n" : "");
	return buf[k];
}

/* 1 when the in-memory file is exactly want. */
static int content_is(const fx *f, const char *path, const char *want)
{
	size_t n;
	const char *got = seam_tree_get(f->t, path, &n);
	return got && n == strlen(want) && !memcmp(got, want, n);
}

typedef struct lang_case {
	const char *path, *label, *before, *old;
	const char *bad;  /* a new side that breaks the file */
	const char *good; /* the same change written correctly */
	const char *line; /* "N | text": the line the message must quote */
} lang_case;

static const lang_case cases[] = {
	{"app/m.py", "Python", "def f(x):\n    return x + 1\n\n\ndef g(y):\n    return y * 2\n",
	 "def g(y):\n    return y * 2", "def g(y:\n    return y * 3",
	 "def g(y, z):\n    return y * z", "5 | def g(y:"},
	{"src/m.c", "C", "int f(int x)\n{\n\treturn x + 1;\n}\n\nint g(int y)\n{\n\treturn y * 2;\n}\n",
	 "\treturn y * 2;", "\treturn y * 3", "\treturn y * 3;", "8 | \treturn y * 3"},
	{"src/m.cpp", "C++", "class A {\npublic:\n  int f() const { return 1; }\n};\n",
	 "  int f() const { return 1; }", "  int f() const { return 2; ",
	 "  int f() const { return 2; }", "3 |   int f() const { return 2; \n"},
	{"web/m.js", "JavaScript", "function f(a) {\n  return a + 1;\n}\n\nexport default f;\n",
	 "  return a + 1;", "  return (a + 2;", "  return (a + 2);", "2 |   return (a + 2;"},
	{"web/m.ts", "TypeScript",
	 "function f(a: number): number {\n  return a + 1;\n}\n\nexport default f;\n",
	 "  return a + 1;", "  return a +;", "  return a + 2;", "2 |   return a +;"},
	{"web/m.tsx", "TSX", "export const A = () => <div>hi</div>;\n\nexport const B = 2;\n",
	 "export const A = () => <div>hi</div>;", "export const A = () => <div>hi</div;",
	 "export const A = () => <div>hello</div>;", "1 | export const A"},
	{"cmd/m.go", "Go", "package main\n\nfunc f(a int) int {\n\treturn a + 1\n}\n", "\treturn a + 1",
	 "\treturn a +", "\treturn a + 2", "4 | \treturn a +"},
	{"src/m.rs", "Rust", "fn f(a: i32) -> i32 {\n    a + 1\n}\n\nfn g() {}\n",
	 "fn f(a: i32) -> i32 {", "fn f(a: i32) -> i32 {{", "fn f(a: i32, b: i32) -> i32 {",
	 "1 | fn f(a: i32) -> i32 {{"},
	{"src/M.java", "Java", "class M {\n    int f(int a) {\n        return a + 1;\n    }\n}\n",
	 "        return a + 1;", "        return a + 1", "        return a + 2;", "3 |         return a + 1"},
	/* a header is C or C++: this one is C */
	{"inc/m.h", "C", "#ifndef M_H\n#define M_H\nint f(int x);\nint g(int y);\n#endif\n",
	 "int g(int y);", "int g(int y;", "int g(int y, int z);", "4 | int g(int y;"},
};

/* Every built grammar parses a good snippet cleanly and a broken one with errors. */
TEST(syntax, every_grammar_loads_and_parses)
{
	struct TSParser *parser = NULL;
	size_t i, n = 0;

	for (i = 0; sm_syntax_grammar_at(i); i++) {
		const sm_grammar *g = sm_syntax_grammar_at(i);
		sm_syntax_res res;
		size_t k;
		for (k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
			const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];
			size_t ng = sm_syntax_grammars_for(cases[k].path, gs, SM_SYNTAX_MAX_GRAMMARS);
			if (ng && gs[0] == g)
				break;
		}
		if (k == sizeof(cases) / sizeof(*cases)) {
			sm_test_fail(__FILE__, __LINE__, "grammar %s has no test case", g->name);
			break;
		}
		sm_syntax_parse(&parser, g, cases[k].before, strlen(cases[k].before), &res);
		if (res.outcome != SM_PARSE_CLEAN) {
			sm_test_fail(__FILE__, __LINE__, "%s: clean snippet gives %d", g->name, res.outcome);
			break;
		}
		sm_syntax_parse(&parser, g, "}}} ((( ;;; @@@ ```", 19, &res);
		if (res.outcome != SM_PARSE_ERRORS || !res.nspots) {
			sm_test_fail(__FILE__, __LINE__, "%s: garbage gives %d", g->name, res.outcome);
			break;
		}
		n++;
	}
	sm_syntax_parser_free(parser);
	CHECK(n >= 1);
}

TEST(syntax, refused_per_language_and_applied_when_correct)
{
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		const lang_case *c = &cases[k];
		fx f;
		int ok;

		ok = !fx_run(&f, SEAM_SYNTAX_CHECK, c->path, c->before, block(c->path, c->old, c->bad)) &&
		     f.rc == SEAM_EFAIL && f.fi.status == SEAM_STATUS_SYNTAX &&
		     f.ei.status == SEAM_STATUS_SYNTAX && strstr(f.ei.message, c->label) &&
		     strstr(f.ei.message, c->line) && strstr(f.ei.message, "breaks the syntax") &&
		     seam_plan_commit(f.p) == SEAM_EFAIL && content_is(&f, c->path, c->before);
		if (!ok) {
			sm_test_fail(__FILE__, __LINE__, "%s: not refused as it should be (rc %d, status %s):\n%s",
				     c->path, f.rc, seam_status_name(f.ei.status), f.ei.message ? f.ei.message : "");
			fx_free(&f);
			return;
		}
		fx_free(&f);

		ok = !fx_run(&f, SEAM_SYNTAX_CHECK, c->path, c->before, block(c->path, c->old, c->good)) &&
		     f.rc == SEAM_OK && f.ei.status == SEAM_STATUS_APPLIED && !*f.ei.message &&
		     !seam_plan_commit(f.p) && !content_is(&f, c->path, c->before);
		if (!ok) {
			sm_test_fail(__FILE__, __LINE__, "%s: correct edit not applied (rc %d, status %s):\n%s",
				     c->path, f.rc, seam_status_name(f.ei.status), f.ei.message ? f.ei.message : "");
			fx_free(&f);
			return;
		}
		fx_free(&f);
	}
}

TEST(syntax, message_names_the_missing_token_and_quotes_the_line)
{
	fx f;
	const lang_case *c = &cases[1]; /* C, a dropped semicolon */

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, c->path, c->before, block(c->path, c->old, c->bad)));
	CHECK(strstr(f.ei.message, "line 8: missing \";\""));
	CHECK(strstr(f.ei.message, "    8 | \treturn y * 3\n"));
	CHECK(strstr(f.ei.message, "send it again"));
	fx_free(&f);
}

TEST(syntax, warn_applies_and_says_so)
{
	fx f;
	const lang_case *c = &cases[0];

	CHECK(!fx_run(&f, SEAM_SYNTAX_WARN, c->path, c->before, block(c->path, c->old, c->bad)));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.fi.status, SEAM_STATUS_APPLIED);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK(strstr(f.fi.message, "warning: "));
	CHECK(strstr(f.fi.message, "5 | def g(y:"));
	CHECK(strstr(f.fi.message, "--syntax=warn"));
	/* the model hears of it in the feedback too, although every edit applied */
	{
		char *fb = NULL;
		size_t n = 0;
		CHECK_INT(seam_plan_render(f.p, SEAM_RENDER_FEEDBACK, &fb, &n), SEAM_OK);
		CHECK(fb && strstr(fb, "The edit would apply"));
		CHECK(fb && strstr(fb, "Note on app/m.py: warning: "));
		CHECK(fb && strstr(fb, "5 | def g(y:"));
		seam_free(fb);
	}
	CHECK_INT(seam_plan_commit(f.p), SEAM_OK);
	CHECK(content_is(&f, c->path, "def f(x):\n    return x + 1\n\n\ndef g(y:\n    return y * 3\n"));
	fx_free(&f);
}

TEST(syntax, off_applies_silently)
{
	fx f;
	const lang_case *c = &cases[6]; /* Go */

	CHECK(!fx_run(&f, SEAM_SYNTAX_OFF, c->path, c->before, block(c->path, c->old, c->bad)));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK_STR(f.fi.message, "");
	CHECK_INT(seam_plan_commit(f.p), SEAM_OK);
	CHECK(content_is(&f, c->path, "package main\n\nfunc f(a int) int {\n\treturn a +\n}\n"));
	fx_free(&f);
}

TEST(syntax, file_broken_before_is_not_refused)
{
	fx f;
	const char *before = "def f(x:\n    return x + 1\n\n\ndef g(y):\n    return y * 2\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "m.py", before,
		      block("m.py", "    return y * 2", "    return (y * 3")));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK_STR(f.fi.message, "");
	fx_free(&f);
}

TEST(syntax, language_without_grammar_is_applied)
{
	fx f;
	const char *before = "def f(x)\n  x + 1\nend\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "lib/m.rb", before,
		      block("lib/m.rb", "  x + 1", "  x + (1")));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK_INT(seam_plan_commit(f.p), SEAM_OK);
	CHECK(content_is(&f, "lib/m.rb", "def f(x)\n  x + (1\nend\n"));
	fx_free(&f);
}

TEST(syntax, new_file_with_errors_is_created)
{
	fx f;

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "new.py", NULL, block("new.py", "", "def f(:\n")));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	fx_free(&f);
}

TEST(syntax, header_parsed_as_cpp_when_c_fails)
{
	fx f;
	const char *before = "namespace n {\ntemplate <typename T> class A {\npublic:\n  T f() const;\n};\n}\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "a.h", before,
		      block("a.h", "  T f() const;", "  T f() const;\n  virtual T g() const = 0;")));
	CHECK_INT(f.rc, SEAM_OK);
	fx_free(&f);
	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "a.h", before,
		      block("a.h", "  T f() const;", "  T f( const;")));
	CHECK_INT(f.ei.status, SEAM_STATUS_SYNTAX);
	CHECK(strstr(f.ei.message, "as C++"));
	fx_free(&f);
}

/* Two edits of one file: only the one next to the error is refused; the other would apply. */
TEST(syntax, blame_goes_to_the_edit_near_the_error)
{
	fx f;
	seam_edit_info e2;
	const char *before = "def f(x):\n    return x + 1\n\n\n\n\n\n\ndef g(y):\n    return y * 2\n";
	char reply[1024];

	snprintf(reply, sizeof(reply), "%s%s", block("m.py", "    return x + 1", "    return x + 2"),
		 block("m.py", "def g(y):", "def g(y:"));
	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "m.py", before, reply));
	CHECK_INT(f.rc, SEAM_EFAIL);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK(!seam_plan_edit(f.p, 0, 1, &e2));
	CHECK_INT(e2.status, SEAM_STATUS_SYNTAX);
	CHECK(strstr(e2.message, "9 | def g(y:"));
	CHECK(!strstr(e2.message, "return x + 2"));
	fx_free(&f);
}

TEST(syntax, byte_order_mark_keeps_line_numbers)
{
	fx f;
	const char *before = "\xEF\xBB\xBFx = 1\ny = 2\nz = 3\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "b.py", before, block("b.py", "y = 2", "y = (2")));
	CHECK_INT(f.ei.status, SEAM_STATUS_SYNTAX);
	CHECK(strstr(f.ei.message, "    2 | y = (2\n"));
	fx_free(&f);
}

/*
 * The tie-break. The old side is miscopied (getCuont), so only the fuzzy tier finds it, and it
 * finds it twice: among the fields of M and in run(). The new side adds an `if`, which Java
 * allows in a method only: the syntax check picks run(), which is not the first candidate.
 */
static const char tie_java[] = "class M {\n"
			       "    int count = getCount(total);\n"
			       "    int extra = 0;\n"
			       "\n"
			       "    void run() {\n"
			       "        int count = getCount(total);\n"
			       "        int extra = 0;\n"
			       "        use(count, extra);\n"
			       "    }\n"
			       "}\n";
static const char tie_old[] = "int count = getCuont(total);\nint extra = 0;";
static const char tie_new[] = "int count = getCount(total);\nif (count > 3)\n    count = 3;\n"
			      "int extra = 0;";

TEST(syntax, tie_at_a_tolerant_tier_broken_by_the_parse)
{
	fx f;

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "M.java", tie_java, block("M.java", tie_old, tie_new)));
	CHECK_INT(f.rc, SEAM_OK);
	CHECK_INT(f.ei.status, SEAM_STATUS_APPLIED);
	CHECK_STR(f.ei.strategy, "fuzzy");
	CHECK_INT(f.ei.start_line, 6);
	CHECK(strstr(f.ei.message, "2 places fit"));
	CHECK(strstr(f.ei.message, "lines 2, 6"));
	CHECK(strstr(f.ei.message, "syntax check chose"));
	CHECK_INT(seam_plan_commit(f.p), SEAM_OK);
	CHECK(content_is(&f, "M.java",
			 "class M {\n    int count = getCount(total);\n    int extra = 0;\n\n"
			 "    void run() {\n        int count = getCount(total);\n"
			 "        if (count > 3)\n            count = 3;\n        int extra = 0;\n"
			 "        use(count, extra);\n    }\n}\n"));
	fx_free(&f);
}

/* The place the parse chose may still be refused (here: the change stands made in done()):
 * the refusal says its own reason, the tie-break's note after it, not the note alone. */
TEST(syntax, tie_broken_then_refused_keeps_its_reason)
{
	fx f;
	const char *file = "class M {\n"
	                   "    int count = getCount(total);\n"
	                   "    int extra = 0;\n"
	                   "\n"
	                   "    void run() {\n"
	                   "        int count = getCount(total);\n"
	                   "        int extra = 0;\n"
	                   "        use(count, extra);\n"
	                   "    }\n"
	                   "\n"
	                   "    void done() {\n"
	                   "        int count = getCount(total);\n"
	                   "        if (count > 3)\n"
	                   "            count = 3;\n"
	                   "        int extra = 0;\n"
	                   "    }\n"
	                   "}\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "M.java", file, block("M.java", tie_old, tie_new)));
	CHECK_INT(f.ei.status, SEAM_STATUS_AMBIGUOUS);
	CHECK(strstr(f.ei.message, "may be applied already"));
	CHECK(strstr(f.ei.message, "from line 12"));
	CHECK(strstr(f.ei.message, "syntax check chose"));
	CHECK(strstr(f.ei.message, "may be applied already") <
	      strstr(f.ei.message, "syntax check chose"));
	fx_free(&f);
}

/* The same tie is left to the model when the check only warns, or is off. */
TEST(syntax, tie_not_broken_in_warn_or_off)
{
	fx f;

	CHECK(!fx_run(&f, SEAM_SYNTAX_WARN, "M.java", tie_java, block("M.java", tie_old, tie_new)));
	CHECK_INT(f.ei.status, SEAM_STATUS_AMBIGUOUS);
	fx_free(&f);
	CHECK(!fx_run(&f, SEAM_SYNTAX_OFF, "M.java", tie_java, block("M.java", tie_old, tie_new)));
	CHECK_INT(f.ei.status, SEAM_STATUS_AMBIGUOUS);
	fx_free(&f);
}

/* Two places holding the very same text tie at the exact tier: which one the model meant is
 * not the parser's to say, even though only one result parses. */
TEST(syntax, exact_tie_never_broken_by_the_parse)
{
	fx f;
	const char *file = "class M {\n    int count = getCount(total);\n    int extra = 0;\n\n"
			   "    void run() {\n    int count = getCount(total);\n    int extra = 0;\n"
			   "    use(count, extra);\n    }\n}\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "M.java", file,
		      block("M.java", "    int count = getCount(total);\n    int extra = 0;",
			    "    int count = getCount(total);\n    if (count > 3)\n        count = 3;\n"
			    "    int extra = 0;")));
	CHECK_INT(f.rc, SEAM_EFAIL);
	CHECK_INT(f.ei.status, SEAM_STATUS_AMBIGUOUS);
	fx_free(&f);
}

/* A tie where every result parses stays ambiguous. */
TEST(syntax, tie_where_both_parse_stays_ambiguous)
{
	fx f;
	const char *file = "class M {\n    void a() {\n        int count = getCount(total);\n"
			   "        int extra = 0;\n    }\n\n    void b() {\n"
			   "        int count = getCount(total);\n        int extra = 0;\n    }\n}\n";

	CHECK(!fx_run(&f, SEAM_SYNTAX_CHECK, "M.java", file, block("M.java", tie_old, tie_new)));
	CHECK_INT(f.ei.status, SEAM_STATUS_AMBIGUOUS);
	fx_free(&f);
}

TEST(syntax, status_name_and_options)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;

	CHECK_STR(seam_status_name(SEAM_STATUS_SYNTAX), "syntax");
	CHECK_INT(o.syntax, SEAM_SYNTAX_CHECK);
	o.syntax = (seam_syntax_t)3;
	CHECK_INT(seam_session_new(&s, &o), SEAM_EUSAGE);
	CHECK(s == NULL);
	o.syntax = SEAM_SYNTAX_OFF;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	seam_session_free(s);
}

TEST(syntax, extension_table)
{
	const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS];

	CHECK_INT(sm_syntax_grammars_for("a/b.py", gs, SM_SYNTAX_MAX_GRAMMARS), 1);
	CHECK_STR(gs[0]->name, "python");
	CHECK_INT(sm_syntax_grammars_for("x.h", gs, SM_SYNTAX_MAX_GRAMMARS), 2);
	CHECK_STR(gs[0]->name, "c");
	CHECK_STR(gs[1]->name, "cpp");
	CHECK_INT(sm_syntax_grammars_for("x.tsx", gs, SM_SYNTAX_MAX_GRAMMARS), 1);
	CHECK_STR(gs[0]->name, "tsx");
	CHECK_INT(sm_syntax_grammars_for("Makefile", gs, SM_SYNTAX_MAX_GRAMMARS), 0);
	CHECK_INT(sm_syntax_grammars_for("dir.py/README", gs, SM_SYNTAX_MAX_GRAMMARS), 0);
	CHECK_INT(sm_syntax_grammars_for(".c", gs, SM_SYNTAX_MAX_GRAMMARS), 0);
	CHECK_INT(sm_syntax_grammars_for("x.C", gs, SM_SYNTAX_MAX_GRAMMARS), 0);
	CHECK_INT(sm_syntax_grammars_for("x.rb", gs, SM_SYNTAX_MAX_GRAMMARS), 0);
}

/* Past the size limit a file is not parsed at all (its edits apply unchecked). */
TEST(syntax, too_large_is_not_checked)
{
	struct TSParser *parser = NULL;
	sm_syntax_res res;
	size_t n = SM_SYNTAX_MAX_BYTES + 1;
	char *big = calloc(1, n);

	CHECK(big != NULL);
	memset(big, '(', n);
	sm_syntax_parse(&parser, sm_syntax_grammar_at(0), big, n, &res);
	free(big);
	sm_syntax_parser_free(parser);
	CHECK_INT(res.outcome, SM_PARSE_UNKNOWN);
}

/* One refusal (tie = 0) or one tie-break (tie = 1), rendered every way: 0 when everything
 * happened as it should, SEAM_ENOMEM when an allocation failed and that was reported, -1 for
 * anything else. */
static int syntax_once(int tie)
{
	fx f;
	int rc, how;

	if (tie)
		rc = fx_run(&f, SEAM_SYNTAX_CHECK, "M.java", tie_java, block("M.java", tie_old, tie_new));
	else
		rc = fx_run(&f, SEAM_SYNTAX_CHECK, cases[0].path, cases[0].before,
			    block(cases[0].path, cases[0].old, cases[0].bad));
	if (rc) {
		/* a step before the plan ran out of memory, or the plan did */
		rc = f.rc == SEAM_ENOMEM || !f.p ? SEAM_ENOMEM : -1;
		fx_free(&f);
		return rc;
	}
	if (tie)
		rc = f.rc == SEAM_OK && f.ei.status == SEAM_STATUS_APPLIED &&
		     strstr(f.ei.message, "syntax check chose") ? 0 : -1;
	else
		rc = f.rc == SEAM_EFAIL && f.ei.status == SEAM_STATUS_SYNTAX &&
		     strstr(f.ei.message, "breaks the syntax") ? 0 : -1;
	for (how = SEAM_RENDER_TEXT; !rc && how <= SEAM_RENDER_FEEDBACK; how++) {
		char *out = NULL;
		size_t len;
		rc = seam_plan_render(f.p, (seam_render_t)how, &out, &len);
		if (rc && rc != SEAM_ENOMEM)
			rc = -1;
		seam_free(out);
	}
	fx_free(&f);
	return rc;
}

/* Every allocation of a refusal and of a tie-break fails in turn: each run ends in
 * SEAM_ENOMEM or in the full result, never in a wrong one (and ASan sees no leak). */
TEST(syntax, every_allocation_fails_in_turn)
{
	int tie;

	for (tie = 0; tie < 2; tie++) {
		long k;
		int rc = -1;
		for (k = 0; k < 20000 && rc; k++) {
			sm_alloc_fail_after(k);
			rc = syntax_once(tie);
			sm_alloc_fail_after(-1);
			if (rc && rc != SEAM_ENOMEM) {
				sm_test_fail(__FILE__, __LINE__, "tie %d, allocation %ld: wrong result", tie, k);
				return;
			}
		}
		CHECK_INT(rc, 0);
		CHECK(k > 10);
	}
}
