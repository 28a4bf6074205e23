/*
 * The laziness guard: placeholder lines per language, which placeholders are lazy, and the
 * decision between expanding and refusing, on prepared edits (the planner's view). End to end
 * through seam.h: test_apply.c (lazy_*).
 */
#include "test.h"
#include "lib/match/lazy.h"
#include "lib/match/prep.h"
#include "util/alloc.h"

#include <stdio.h>
#include <string.h>

static int ph(const char *path, const char *line)
{
	return sm_lazy_is_placeholder(sm_lang_for_path(path), line, strlen(line));
}

TEST(lazy, language_by_extension_and_name)
{
	CHECK_STR(sm_lang_for_path("src/app.py")->name, "Python");
	CHECK_STR(sm_lang_for_path("a/b/Main.JAVA")->name, "Java");
	CHECK_STR(sm_lang_for_path("lib/x.tsx")->name, "TypeScript");
	CHECK_STR(sm_lang_for_path("Makefile")->name, "Make");
	CHECK_STR(sm_lang_for_path("docker/Dockerfile")->name, "Dockerfile");
	CHECK_STR(sm_lang_for_path("Gemfile")->name, "Ruby");
	CHECK_STR(sm_lang_for_path("src\\win\\x.cs")->name, "C#");
	CHECK(sm_lang_for_path("notes.txt") == NULL);
	CHECK(sm_lang_for_path("LICENSE") == NULL);
	CHECK(sm_lang_for_path("x.") == NULL);
	CHECK(sm_lang_for_path(NULL) == NULL);
}

/* One placeholder per language, in that language's own comment syntax. */
TEST(lazy, placeholder_styles_per_language)
{
	static const char *const yes[][2] = {
		{"a.py", "    # ... rest of the code ..."},
		{"a.c", "\t/* ... rest unchanged ... */"},
		{"a.cpp", "    // existing code here"},
		{"a.h", " * rest of the function unchanged"},
		{"a.js", "  // ... keep the existing logic ..."},
		{"a.tsx", "      {/* rest of the component unchanged */}"},
		{"a.ts", "// [unchanged code omitted for brevity]"},
		{"a.go", "\t// ... existing code ..."},
		{"a.rs", "    // (rest of the implementation unchanged)"},
		{"A.java", "        // ... same as before ..."},
		{"A.cs", "        /* remaining code */"},
		{"a.rb", "  # ...remaining code..."},
		{"a.php", "    # rest of the class"},
		{"a.php", "    // rest of the class"},
		{"run.sh", "# ... rest of the script remains the same ..."},
		{"a.html", "  <!-- same as before -->"},
		{"a.css", "/* ... other rules unchanged ... */"},
		{"q.sql", "-- rest of the query remains unchanged"},
		{"c.yaml", "  # ... rest of the config ..."},
		{"a.lua", "  -- ... rest of the function unchanged ..."},
		{"a.hs", "-- rest of the module unchanged"},
		{"a.ex", "  # ... existing code ..."},
		{"a.el", ";; ... rest of the file unchanged ..."},
		{"a.tex", "% rest of the file unchanged"},
		{"a.vue", "  <!-- ... existing code ... -->"},
		{"Makefile", "# ... other targets unchanged ..."},
		{"a.json", "  // ... other keys unchanged ..."},
	};
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(*yes); i++)
		if (!ph(yes[i][0], yes[i][1])) {
			sm_test_fail(__FILE__, __LINE__, "%s: '%s' is a placeholder", yes[i][0],
				     yes[i][1]);
			return;
		}
}

/* The same words in another language's syntax are not a comment there, or are code. */
TEST(lazy, other_syntax_is_not_a_placeholder)
{
	CHECK(!ph("a.py", "-- rest of the code unchanged"));
	CHECK(!ph("a.c", "# rest of the code unchanged"));
	CHECK(!ph("a.sql", "// rest of the code unchanged"));
	CHECK(!ph("README.md", "* rest of the steps remain the same"));
	CHECK(!ph("a.md", "# Rest of the code"));
	CHECK(!ph("a.html", "// rest of the code"));
	/* prose that merely holds a weak word, and a long comment */
	CHECK(!ph("a.py", "# compatible with existing code"));
	CHECK(!ph("a.py", "# the same rules apply to the other parser"));
	CHECK(!ph("a.py", "# when the rest of the code stays the same we can skip the whole "
			  "recompilation step, which saves minutes on every single build of it"));
	CHECK(!ph("a.py", "x = rest_of_the_code()"));
	CHECK(!ph("a.py", ""));
	CHECK(!ph("a.py", "    "));
}

/* A comment quoted in a comment is an example in the file's docs ("your code goes here"), not
 * code the model left out; the same words as a comment of their own still are one. */
TEST(lazy, comment_in_a_comment_is_not_a_placeholder)
{
	CHECK(!ph("a.rb", "  #     # Your application code goes here..."));
	CHECK(!ph("a.py", "    #   # rest of the function unchanged"));
	CHECK(!ph("a.c", " *   // ... existing code ..."));
	CHECK(ph("a.rb", "  # Your application code goes here..."));
	CHECK(ph("a.py", "    # rest of the function unchanged"));
	CHECK(ph("a.c", "   // ... existing code ..."));
	CHECK(ph("a.rb", "  #     ..."));
	CHECK(ph("a.py", "## rest of the function unchanged"));
	CHECK(ph("a.py", "# # rest of the function unchanged"));
}

/* An ellipsis comment is a placeholder in any language, also one seam does not know; words
 * need the language's syntax. */
TEST(lazy, ellipsis_comment_in_any_language)
{
	CHECK(ph("a.py", "// ..."));
	CHECK(ph("a.c", "# ..."));
	CHECK(ph("notes.txt", "..."));
	CHECK(ph("notes.txt", "  # …"));
	CHECK(ph("notes.txt", "<!-- ... -->"));
	CHECK(ph("notes.txt", "/* ... */"));
	CHECK(ph("notes.txt", "-- . . ."));
	CHECK(!ph("notes.txt", "# ... rest of the code ..."));
	CHECK(!ph("notes.txt", ".."));
	CHECK(!ph("a.py", "print('...')"));
}

/* Placeholder words count as words of their own: inside a longer word or an identifier
 * ("decode" holds "code", "fetch" "etc", "another" "other", "interest of" "rest of",
 * "do_more" "more") they make no placeholder, while each placeholder form, plural or next to
 * an ellipsis or punctuation, still is one. */
TEST(lazy, placeholder_words_are_whole_words)
{
	static const char *const no[][2] = {
		{"a.py", "    # decode the header..."},
		{"a.py", "    # fetch the rows..."},
		{"a.js", "  // try another port..."},
		{"a.js", "  // ...otherwise give up"},
		{"a.c", "\t/* wait for the moreish bytes ... */"},
		{"a.c", "\t/* flags: FLAG_SAME ... FLAG_DO_MORE */"},
		{"a.go", "\t// samesite cookies, etc_conf..."},
		{"a.py", "    # the interest of the code owners is why we log"},
		{"a.rb", "  # the forest of function calls stays flat"},
		{"a.py", "    # unicode names... are folded"},
		{"a.rs", "    // ...restore the snippet cache"},
		{"a.ts", "  // previousValue... is kept"},
	};
	static const char *const yes[][2] = {
		{"a.py", "    # ... code ..."},
		{"a.py", "    # ...etc."},
		{"a.js", "  // ... other methods ..."},
		{"a.js", "  // ... others ..."},
		{"a.c", "\t/* ...more... */"},
		{"a.go", "\t// ...snip..."},
		{"a.go", "\t// ...snipped..."},
		{"a.py", "    # ... same ..."},
		{"a.py", "    # (rest) ..."},
		{"a.rs", "    // ... previously defined helpers ..."},
		{"a.java", "    // ...existing-code..."},
		{"a.ts", "  // ... remaining props ..."},
		{"a.py", "    # rest of the tests unchanged"},
		{"a.py", "    # rest of the classes"},
		{"a.py", "    # rest of the functions"},
		{"a.yaml", "  # rest of the configuration"},
		{"a.c", "\t/* [omitted for brevity] */"},
		{"a.js", "  // REST OF THE CODE"},
		{"a.js", "  // \xE2\x80\xA6other code\xE2\x80\xA6"},
	};
	size_t i;

	for (i = 0; i < sizeof(no) / sizeof(*no); i++)
		if (ph(no[i][0], no[i][1]))
			sm_test_fail(__FILE__, __LINE__, "%s: '%s' is no placeholder", no[i][0],
				     no[i][1]);
	for (i = 0; i < sizeof(yes) / sizeof(*yes); i++)
		if (!ph(yes[i][0], yes[i][1]))
			sm_test_fail(__FILE__, __LINE__, "%s: '%s' is a placeholder", yes[i][0],
				     yes[i][1]);
	/* the same on lines kept on both sides of an edit (the wider marker test) */
	CHECK(!sm_lazy_is_marker("  // try another port...", 24));
	CHECK(!sm_lazy_is_marker("# decode the header...", 22));
	CHECK(sm_lazy_is_marker("  // ... other methods ...", 26));
	/* a comment asking for code: the word at a word's start, going on as it may */
	CHECK(!sm_placeholder_asks_for_code(sm_lang_for_path("a.py"), "# padd the rows", 15));
	CHECK(!sm_placeholder_asks_for_code(sm_lang_for_path("a.py"), "# overwrite the rows", 20));
	CHECK(sm_placeholder_asks_for_code(sm_lang_for_path("a.py"), "# implementation here", 21));
	CHECK(sm_placeholder_asks_for_code(sm_lang_for_path("a.py"), "# TODOs: the rows", 17));
	/* what a comment says it stands for: "rest of" as words, not in "interest of" */
	CHECK(!sm_placeholder_says_existing("the interest of speed", 21));
	CHECK(sm_placeholder_says_existing("the rest of it", 14));
}

/* ---- the guard on prepared edits ----------------------------------------------------------- */

/* An edit from diff lines (" ctx", "-old", "+new"), block: the SEARCH/REPLACE form. */
static int prep(sm_medit *me, sm_edit *e, const char *lines, int block)
{
	const char *p = lines;

	memset(e, 0, sizeof(*e));
	e->kind = block ? SM_KIND_BLOCK : SM_KIND_HUNK;
	e->hint_len = -1;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n == 0)
			sm_edit_add_line(e, ' ', p, 0);
		else
			sm_edit_add_line(e, p[0], p + 1, n - 1);
		p += n + (nl ? 1 : 0);
	}
	return sm_prep_edit(me, e);
}

typedef struct g {
	sm_edit e;
	sm_medit me;
	sm_image im;
	sm_lazy_result res;
	char buf[4096]; /* the new side after the guard, lines joined */
} g;

/* Runs the guard on an edit of `file` (path gives the language); fills x->buf with the new
 * side as the splicer would write it (kept deletions included). */
static int guard(g *x, const char *path, const char *file, const char *lines, int block, int mode)
{
	size_t k, n = 0;

	memset(x, 0, sizeof(*x));
	if (prep(&x->me, &x->e, lines, block) || sm_image_load(&x->im, file, strlen(file)))
		return -1;
	if (sm_lazy_guard(&x->me, sm_lang_for_path(path), &x->im, mode, &x->res))
		return -1;
	for (k = 0; k < x->me.nseq && n + 1 < sizeof(x->buf); k++) {
		const sm_line *l = &x->me.seq[k].l;
		if (!sm_mline_is_new(&x->me.seq[k]))
			continue;
		n += (size_t)snprintf(x->buf + n, sizeof(x->buf) - n, "%.*s\n", (int)l->n, l->p);
	}
	return 0;
}

static void done(g *x)
{
	sm_lazy_result_dispose(&x->res);
	sm_prep_dispose(&x->me);
	sm_image_dispose(&x->im);
	sm_free(x->e.lines);
}

static const char *PY = "def load(path):\n"
			"    # read the whole file\n"
			"    with open(path) as f:\n"
			"        data = f.read()\n"
			"    check(data)\n"
			"    return data\n";

/* Bounded on both sides by unchanged lines: the placeholder stands for what lies between. */
TEST(lazy, bounded_placeholder_is_expanded)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			"-def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n-    check(data)\n-    return data\n"
			"+def load(path):\n+    # ... existing code ...\n+    check(data)\n"
			"+    return data.strip()\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_INT(x.res.exp[0].old0, 1);
	CHECK_INT(x.res.exp[0].old1, 3);
	CHECK(!strncmp(x.res.exp[0].text.p, "    # ... existing code ...", x.res.exp[0].text.n));
	CHECK_STR(x.buf, "def load(path):\n    # read the whole file\n    with open(path) as f:\n"
			 "        data = f.read()\n    check(data)\n    return data.strip()\n");
	done(&x);
}

/* A changed line next to the placeholder: what it stands for is not known. */
TEST(lazy, placeholder_next_to_a_change_is_refused)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			"-def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n-    check(data)\n-    return data\n"
			"+def load(path):\n+    # ... rest of the function unchanged ...\n"
			"+    return data.strip()\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.nexp, 0);
	CHECK_INT(x.res.hit.bounded, 0);
	CHECK_INT(x.res.hit.gone, 5);
	CHECK(strstr(x.me.seq[x.res.hit.ph].l.p, "rest of the function") != NULL);
	CHECK(!strncmp(x.me.seq[x.res.hit.del0].l.p, "    # read the whole file", 25));
	CHECK(!strncmp(x.me.seq[x.res.hit.del1].l.p, "    return data", 15));
	done(&x);
}

/* At the end of the new side nothing bounds it below. */
TEST(lazy, placeholder_ending_the_new_side_is_refused)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"+    # ...\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.bounded, 0);
	CHECK_INT(x.res.hit.gone, 2);
	done(&x);
}

TEST(lazy, refuse_mode_refuses_bounded_too)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n+    # ...\n     check(data)\n",
			0, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.bounded, 1);
	CHECK_INT(x.res.hit.gone, 3);
	done(&x);
}

TEST(lazy, allow_mode_does_nothing)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n+    # ...\n     check(data)\n",
			0, SEAM_LAZY_ALLOW),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 0);
	CHECK_STR(x.buf, "def load(path):\n    # ...\n    check(data)\n");
	done(&x);
}

/* A comment the model adds, with nothing deleted next to it, is not lazy. */
TEST(lazy, added_comment_is_not_lazy)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			"     with open(path) as f:\n         data = f.read()\n"
			"+    # ... other checks may follow ...\n     check(data)\n",
			0, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 0);
	done(&x);
}

/* Lines that move elsewhere in the new side are not gone. */
TEST(lazy, moved_lines_are_not_gone)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n+    # rest of the code moved below\n     check(data)\n"
			"+    # read the whole file\n+    with open(path) as f:\n+        data = f.read()\n",
			0, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 0);
	done(&x);
}

/* A placeholder-looking line the file has already is the file's own comment. */
TEST(lazy, placeholder_already_in_file_is_not_lazy)
{
	const char *file = "int f(int e)\n{\n\t/* rest of the code unchanged */\n\tlog(e);\n"
			   "\treturn e;\n}\n";
	g x;
	CHECK_INT(guard(&x, "f.c", file,
			"-{\n-\tlog(e);\n-\treturn e;\n+{\n+\t/* rest of the code unchanged */\n"
			"+\treturn e;\n",
			1, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 0);
	done(&x);
}

/* In a language seam does not know, only an ellipsis is read as a placeholder. */
TEST(lazy, unknown_language_needs_an_ellipsis)
{
	g x;
	const char *file = "alpha\nbeta\ngamma\ndelta\n";
	CHECK_INT(guard(&x, "notes.txt", file, " alpha\n-beta\n-gamma\n+# rest of the code\n delta\n",
			0, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 0);
	done(&x);
	CHECK_INT(guard(&x, "notes.txt", file, " alpha\n-beta\n-gamma\n+...\n delta\n", 0,
			SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "alpha\nbeta\ngamma\ndelta\n");
	done(&x);
}

/* Blank lines the model put around the placeholder go with it; two bounded placeholders of
 * one edit are both expanded; an elision on both sides bounds nothing. */
TEST(lazy, blank_lines_and_two_placeholders)
{
	const char *file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\ng = 7\n";
	g x;
	CHECK_INT(guard(&x, "v.py", file,
			"-a = 1\n-b = 2\n-c = 3\n-d = 4\n-e = 5\n-f = 6\n-g = 7\n"
			"+a = 1\n+\n+# ...\n+\n+d = 40\n+# ... same as before ...\n+g = 7\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1); /* "d = 40" is a change: the first is not bounded below */
	done(&x);
	CHECK_INT(guard(&x, "v.py", file,
			"-a = 1\n-b = 2\n-c = 3\n-d = 4\n-e = 5\n-f = 6\n-g = 7\n"
			"+a = 1\n+\n+# ...\n+\n+d = 4\n+e = 50\n+f = 6\n+# ... same as before ...\n+g = 7\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	/* the second deletes nothing ("f = 6" and "g = 7" are kept): it stands for no code and
	   is left out, listed (issue 19: a placeholder standing for nothing is not written);
	   the first is expanded */
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_INT(x.res.ndropped, 1);
	CHECK_STR(x.buf, "a = 1\nb = 2\nc = 3\nd = 4\ne = 50\nf = 6\ng = 7\n");
	done(&x);
	CHECK_INT(guard(&x, "v.py", file,
			"-a = 1\n-b = 2\n-c = 3\n-d = 4\n-e = 5\n-f = 6\n-g = 7\n"
			"+a = 1\n+\n+# ...\n+\n+d = 4\n+# ... same as before ...\n+g = 70\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1); /* the second is followed by a change */
	done(&x);
	CHECK_INT(guard(&x, "v.py", file,
			" a = 1\n-b = 2\n-c = 3\n+\n+# ...\n+\n d = 4\n-e = 5\n-f = 6\n+# (rest unchanged)\n"
			" g = 7\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 2);
	CHECK_STR(x.buf, file);
	done(&x);
}

TEST(lazy, strategy_names)
{
	CHECK_STR(sm_lazy_strategy("exact"), "exact+expanded-placeholder");
	CHECK_STR(sm_lazy_strategy("whole-file"), "whole-file+expanded-placeholder");
	CHECK_STR(sm_lazy_strategy("no-such"), "expanded-placeholder");
	CHECK_STR(sm_lazy_strategy(NULL), "expanded-placeholder");
}

/* A placeholder where no line of the file goes (an insertion with a "// ... existing code ..."
 * among its new lines) stands for nothing: left out and listed, in every mode but allow; the
 * rest of the insertion is written. A bare "..." is Python code (a stub's body): written. */
TEST(lazy, placeholder_standing_for_nothing_is_dropped)
{
	static const int modes[] = {SEAM_LAZY_EXPAND, SEAM_LAZY_REFUSE};
	size_t i;
	g x;

	for (i = 0; i < 2; i++) {
		CHECK_INT(guard(&x, "m.py", PY,
				" def load(path):\n+    # ... existing code ...\n+    trace(path)\n"
				"     # read the whole file\n",
				0, modes[i]),
			  0);
		CHECK_INT(x.res.refused, 0);
		CHECK_INT(x.res.nexp, 0);
		CHECK_INT(x.res.ndropped, 1);
		CHECK(x.res.ndropped == 1 &&
		      !strncmp(x.res.dropped[0].text.p, "    # ... existing code ...",
		               x.res.dropped[0].text.n));
		CHECK_STR(x.buf, "def load(path):\n    trace(path)\n    # read the whole file\n");
		done(&x);
	}
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n+    # ... existing code ...\n     # read the whole file\n",
			0, SEAM_LAZY_ALLOW),
		  0);
	CHECK_INT(x.res.ndropped, 0);
	CHECK_STR(x.buf, "def load(path):\n    # ... existing code ...\n    # read the whole file\n");
	done(&x);
	CHECK_INT(guard(&x, "m.py", PY, "     return data\n+\n+def stub():\n+    ...\n", 0,
			SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.ndropped, 0);
	CHECK_STR(x.buf, "    return data\n\ndef stub():\n    ...\n");
	done(&x);	/* a comment that does not claim to stand for code of the file is the model's to keep */
	CHECK_INT(guard(&x, "m.py", PY, "     return data\n+\n+def sync():\n+    # Add your logic here\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.ndropped, 0);
	CHECK_STR(x.buf, "    return data\n\ndef sync():\n    # Add your logic here\n");
	done(&x);
}

/* The same questions on an image with a line index (a file's second edit on): the index, not a
 * set of the file's lines, says whether the placeholder line is the file's own. */
TEST(lazy, file_own_comment_through_the_line_index)
{
	const char *file = "int f(int e)\n{\n\t/* rest of the code unchanged */\n\tlog(e);\n"
			   "\treturn e;\n}\n";
	const char *own = "-{\n-\tlog(e);\n-\treturn e;\n+{\n+\t/* rest of the code unchanged */\n"
			  "+\treturn e;\n";
	const char *lazy = "-{\n-\tlog(e);\n-\treturn e;\n+{\n+\t/* rest of the body unchanged */\n"
			   "+\treturn e;\n";
	g x;

	memset(&x, 0, sizeof(x));
	CHECK_INT(prep(&x.me, &x.e, own, 1), 0);
	CHECK_INT(sm_image_load(&x.im, file, strlen(file)), 0);
	x.im.searched = 1;
	sm_image_index(&x.im);
	CHECK(x.im.ix != NULL);
	CHECK_INT(sm_lazy_guard(&x.me, sm_lang_for_path("f.c"), &x.im, SEAM_LAZY_REFUSE, &x.res), 0);
	CHECK_INT(x.res.refused, 0);
	done(&x);

	memset(&x, 0, sizeof(x));
	CHECK_INT(prep(&x.me, &x.e, lazy, 1), 0);
	CHECK_INT(sm_image_load(&x.im, file, strlen(file)), 0);
	x.im.searched = 1;
	sm_image_index(&x.im);
	CHECK(x.im.ix != NULL);
	CHECK_INT(sm_lazy_guard(&x.me, sm_lang_for_path("f.c"), &x.im, SEAM_LAZY_REFUSE, &x.res), 0);
	CHECK_INT(x.res.refused, 1);
	done(&x);
}

/* The unchanged line above a placeholder paired with the later of two copies of its text (the
 * diff's choice): the lines between the copies look deleted by the run above it, and the
 * placeholder would be restored short. Where seam diffed the two sides (SEARCH/REPLACE), the
 * first copy, next to the line above it as in the new side, is the unchanged one: the
 * placeholder stands for every line down to the next unchanged line. The same below, with the
 * last copy. A diff's hunk that marks the later copy unchanged itself reads as well as the
 * reply deleting the lines between the copies (an oracle's reply meant that): refused as two
 * fits, naming both copies. */
TEST(lazy, bound_paired_with_a_later_copy_is_moved_to_the_first)
{
	static const char *const C = "try\n{\n    work();\n}\ncatch (const parse_error&)\n{\n"
				     "    // parse errors are fine here\n}\n"
				     "catch (const type_error&)\n{\n    // so are type errors\n}\n"
				     "catch (const range_error&)\n{\n    // and range errors\n}\n";
	g x;
	CHECK_INT(guard(&x, "run.cpp", C,
			"-catch (const parse_error&)\n-{\n-    // parse errors are fine here\n-}\n"
			"-catch (const type_error&)\n-{\n-    // so are type errors\n-}\n"
			"-catch (const range_error&)\n+catch (const parse_error&)\n+{\n"
			"+    /* ... rest unchanged ... */\n+catch (const range_error&)\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "catch (const parse_error&)\n{\n    // parse errors are fine here\n}\n"
			 "catch (const type_error&)\n{\n    // so are type errors\n}\n"
			 "catch (const range_error&)\n");
	done(&x);
	/* the hunk marks the later "{" unchanged and deletes the lines before it itself */
	CHECK_INT(guard(&x, "run.cpp", C,
			" catch (const parse_error&)\n-{\n-    // parse errors are fine here\n-}\n"
			"-catch (const type_error&)\n {\n-    // so are type errors\n-}\n"
			"+    /* ... rest unchanged ... */\n catch (const range_error&)\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 1);
	CHECK(x.res.hit.fit_near < x.me.nseq && x.me.seq[x.res.hit.fit_near].l.n == 1 &&
	      x.me.seq[x.res.hit.fit_near].l.p[0] == '{');
	CHECK(x.res.hit.fit_near < x.res.hit.fit_far);
	CHECK_INT(x.res.nexp, 0);
	done(&x);
	/* below: the unchanged "}" that ends the new side paired with the first of two copies,
	   the one before the lines that look deleted after it */
	CHECK_INT(guard(&x, "run.cpp", C,
			"-catch (const type_error&)\n-{\n-    // so are type errors\n-}\n"
			"-catch (const range_error&)\n-{\n-    // and range errors\n-}\n"
			"+catch (const type_error&)\n+{\n+    /* ... rest unchanged ... */\n+}\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "catch (const type_error&)\n{\n    // so are type errors\n}\n"
			 "catch (const range_error&)\n{\n    // and range errors\n}\n");
	done(&x);
	CHECK_INT(guard(&x, "run.cpp", C,
			" catch (const type_error&)\n {\n-    // so are type errors\n"
			"+    /* ... rest unchanged ... */\n }\n-catch (const range_error&)\n-{\n"
			"-    // and range errors\n-}\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 1);
	CHECK(x.res.hit.fit_near > x.res.hit.fit_far);
	done(&x);
}

/* The unchanged line bounding a placeholder, with blank lines between them: a copy of it at the
 * head of the deletions above is the unchanged one, and the deletions between stand behind the
 * placeholder too (they were taken for a run of their own, the placeholder for standing for
 * nothing). So where seam diffed the sides; a diff's hunk that marks the later "}" unchanged
 * itself reads as well as the reply deleting the function between: refused as two fits. */
TEST(lazy, bound_across_blank_lines_is_moved_to_the_first_copy)
{
	static const char *const G = "func check(ok bool) {\n\tif !ok {\n\t\tfail()\n\t}\n}\n\n"
				     "func rnd() int {\n\treturn 1\n}\n\nfunc TestEmpty(t *testing.T) {\n";
	g x;
	CHECK_INT(guard(&x, "m.go", G,
			"-func check(ok bool) {\n-\tif !ok {\n-\t\tfail()\n-\t}\n-}\n-\n"
			"-func rnd() int {\n-\treturn 1\n-}\n-\n-func TestEmpty(t *testing.T) {\n"
			"+func check(ok bool) {\n+\tif !ok {\n+\t\tfail()\n+\t}\n+}\n+\n"
			"+// ... same as before ...\n+func TestEmpty(t *testing.T) {\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.ndropped, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, G);
	done(&x);
	CHECK_INT(guard(&x, "m.go", G,
			" func check(ok bool) {\n \tif !ok {\n \t\tfail()\n \t}\n-}\n-\n"
			"-func rnd() int {\n-\treturn 1\n }\n \n+// ... same as before ...\n"
			" func TestEmpty(t *testing.T) {\n",
			0, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 1);
	CHECK_INT(x.res.nexp, 0);
	done(&x);
}

/* A whole file repeats its lines ("pass", "}", a decorator) in many places: a line the
 * placeholder's run deletes whose text the new side keeps elsewhere is still gone when the new
 * side holds one copy fewer; only a line moved (as many copies on both sides) is not. */
TEST(lazy, deleted_line_with_copies_elsewhere_is_gone)
{
	static const char *const F = "def one():\n    pass\n\ndef two():\n    pass\n";
	g x;
	CHECK_INT(guard(&x, "t.py", F,
			" def one():\n     pass\n \n def two():\n-    pass\n+    # ... rest of the function unchanged ...\n",
			0, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.gone, 1);
	done(&x);
}

/* Lines that stand for code left out (a marker) and lines that do not: an elision, a comment of
 * placeholder phrases, a short comment of placeholder words; not code, not a comment of other
 * words, not a comment quoted inside a comment. */
TEST(lazy, marker_lines)
{
	static const char *const yes[] = {
		"...", "    ...", "// ...", "# ...", "/* ... */", "\xE2\x80\xA6", "  // \xE2\x80\xA6",
		"// ... existing code ...", "# rest of the code remains the same",
		"// (unchanged)", "# existing code", "-- omitted", "/* same as before */",
		"<!-- ... -->", "  # . . .", "# existing imports", "// (rest unchanged)",
		"// same as before.",
	};
	static const char *const no[] = {
		"", "   ", "x = 1", "return a...b;", "// see the loop above", "# TODO: more",
		"print('...')", "// two dots ..", "#     # your code goes here...",
		"foo(); // unchanged",
		/* prose holding a placeholder word is a real comment */
		"            # the existing system", "# the existing system  # changed",
		"// same order as the header",
	};
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!sm_lazy_is_marker(yes[i], strlen(yes[i])))
			sm_test_fail(__FILE__, __LINE__, "not a marker: \"%s\"", yes[i]);
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (sm_lazy_is_marker(no[i], strlen(no[i])))
			sm_test_fail(__FILE__, __LINE__, "a marker: \"%s\"", no[i]);
}

/* Comments that ask for code to be written, and comments that claim to stand for code of the
 * file (or hold an ellipsis), which do not. */
TEST(lazy, comments_asking_for_code)
{
	static const char *const yes[] = {
		"    // Implement the export logic here", "# TODO: fill the cache here",
		"  /* add the retry logic here */", "// write your handler code here",
	};
	static const char *const no[] = {
		"// ... existing code ...", "# rest of the logic here", "// implement here ...",
		"// TODO \xE2\x80\xA6", "// the logic here stays unchanged", "x = 1 # implement",
		"// existing implementation here",
	};
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!sm_placeholder_asks_for_code(sm_lang_for_path("m.js"), yes[i], strlen(yes[i])) &&
		    !sm_placeholder_asks_for_code(sm_lang_for_path("m.py"), yes[i], strlen(yes[i])))
			sm_test_fail(__FILE__, __LINE__, "asks for nothing: \"%s\"", yes[i]);
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (sm_placeholder_asks_for_code(sm_lang_for_path("m.js"), no[i], strlen(no[i])) ||
		    sm_placeholder_asks_for_code(sm_lang_for_path("m.py"), no[i], strlen(no[i])))
			sm_test_fail(__FILE__, __LINE__, "asks for code: \"%s\"", no[i]);
}

static const char *JS = "function render(items) {\n"
			"  const list = items.map(format);\n"
			"  show(list);\n"
			"  return list.length;\n"
			"}\n";

/* A new callback whose body is a note asking for code, where the edit replaces a line of the
 * file: the block is the reply's own, the note stands for no code, and it is written. */
TEST(lazy, note_asking_for_code_in_a_new_block_is_written)
{
	g x;
	CHECK_INT(guard(&x, "m.js", JS,
			" function render(items) {\n   const list = items.map(format);\n"
			"-  show(list);\n+  button.onClick(() => {\n"
			"+    // Implement the export logic here\n+  });\n"
			"   return list.length;\n }\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 0);
	CHECK_INT(x.res.ndropped, 0);
	CHECK_STR(x.buf, "function render(items) {\n  const list = items.map(format);\n"
			 "  button.onClick(() => {\n    // Implement the export logic here\n  });\n"
			 "  return list.length;\n}\n");
	done(&x);
	/* still guarded in refuse mode: written there too, it stands for nothing */
	CHECK_INT(guard(&x, "m.js", JS,
			"-  show(list);\n+  button.onClick(() => {\n"
			"+    // Implement the export logic here\n+  });\n   return list.length;\n",
			1, SEAM_LAZY_REFUSE),
		  0);
	CHECK_INT(x.res.refused, 0);
	done(&x);
}

/* The same note as the body of an old function whose signature changed stands for the old body:
 * written, it would delete it. Refused as before (nothing bounds it). */
TEST(lazy, note_asking_for_code_in_a_changed_stub_is_refused)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			"-def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n-    check(data)\n-    return data\n"
			"+def load(path, mode):\n+    # TODO: implement the loading logic here\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK(strstr(x.me.seq[x.res.hit.ph].l.p, "loading logic") != NULL);
	done(&x);
	/* renamed and re-indented nowhere: a miscopied signature is the old one too */
	CHECK_INT(guard(&x, "m.js", JS,
			"-function render(items) {\n-  const list = items.map(format);\n"
			"-  show(list);\n-  return list.length;\n-}\n"
			"+function renders(item) {\n+  // Implement the render logic here\n+}\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	done(&x);
}

/* The note inside a block the file has (its opener unchanged) stands for the block's lines: the
 * guard expands it as any placeholder. */
TEST(lazy, note_asking_for_code_in_an_old_block_is_expanded)
{
	g x;
	CHECK_INT(guard(&x, "m.py", PY,
			" def load(path):\n-    # read the whole file\n-    with open(path) as f:\n"
			"-        data = f.read()\n+    # implement the reading logic here\n"
			"     check(data)\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "def load(path):\n    # read the whole file\n    with open(path) as f:\n"
			 "        data = f.read()\n    check(data)\n");
	done(&x);
}

static const char *AREA = "def area(r):\n"
			  "    rr = r * r\n"
			  "    print(\"area\")\n"
			  "    total = math.pi * rr\n"
			  "    log_event(\"computed\")\n"
			  "    check(total)\n";

/* A whole file that moves a line out of the span its placeholder stands for: the expansion
 * restores the span but that line, which the reply writes above (once, not twice). */
TEST(lazy, expansion_leaves_out_a_line_moved_elsewhere)
{
	g x;
	CHECK_INT(guard(&x, "m.py", AREA,
			" def area(r):\n+    log_event(\"computed\")\n     rr = r * r\n"
			"-    print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
			"+    # ... existing code ...\n     check(total)\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "def area(r):\n    log_event(\"computed\")\n    rr = r * r\n"
			 "    print(\"area\")\n    total = math.pi * rr\n    check(total)\n");
	done(&x);
}

/* ... but a copy of that line among other lines the reply adds is new code that repeats it,
 * not the line moved: the span keeps its own copy. */
TEST(lazy, expansion_keeps_a_line_new_code_repeats)
{
	g x;
	CHECK_INT(guard(&x, "m.py", AREA,
			"+def volume(r, h):\n+    log_event(\"computed\")\n+    return area(r) * h\n"
			"+\n def area(r):\n     rr = r * r\n"
			"-    print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
			"+    # ... existing code ...\n     check(total)\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "def volume(r, h):\n    log_event(\"computed\")\n    return area(r) * h\n\n"
			 "def area(r):\n    rr = r * r\n    print(\"area\")\n"
			 "    total = math.pi * rr\n    log_event(\"computed\")\n    check(total)\n");
	done(&x);
}

/* The other pairing of the same reply: the moved line's old copy kept unchanged, its new copy
 * added right above the placeholder, the span deleted before it. Left out as standing for
 * nothing, the placeholder would lose the span: refused. */
TEST(lazy, placeholder_below_a_moved_line_is_refused_not_dropped)
{
	g x;
	CHECK_INT(guard(&x, "m.py", AREA,
			" def area(r):\n-    rr = r * r\n-    print(\"area\")\n"
			"-    total = math.pi * rr\n     log_event(\"computed\")\n+    rr = r * r\n"
			"+    # ... existing code ...\n     check(total)\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.ndropped, 0);
	done(&x);
}

/* AREA and a second function that holds a copy of its log_event line. */
static const char *AREAS = "def area(r):\n"
			   "    rr = r * r\n"
			   "    print(\"area\")\n"
			   "    total = math.pi * rr\n"
			   "    log_event(\"computed\")\n"
			   "    check(total)\n"
			   "\n"
			   "def perimeter(r):\n"
			   "    log_event(\"computed\")\n"
			   "    return 2 * r\n";

/* The same move as expansion_leaves_out_a_line_moved_elsewhere, but the file holds a second
 * copy of the moved line: a copy added alone is then as likely the line written once more as
 * the line moved, the reply reads the same both ways, and either guess writes a wrong file
 * (restored whole, the line stood twice in area). Refused, naming the line and its copy. */
TEST(lazy, line_moved_out_with_copies_elsewhere_is_refused)
{
	static const char *const edits[] = {
		/* moved above the span */
		" def area(r):\n+    log_event(\"computed\")\n     rr = r * r\n"
		"     print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
		"+    # ... existing code ...\n     check(total)\n \n def perimeter(r):\n"
		"     log_event(\"computed\")\n     return 2 * r\n",
		/* moved below it */
		" def area(r):\n     rr = r * r\n     print(\"area\")\n"
		"-    total = math.pi * rr\n-    log_event(\"computed\")\n"
		"+    # ... existing code ...\n     check(total)\n+    log_event(\"computed\")\n"
		" \n def perimeter(r):\n     log_event(\"computed\")\n     return 2 * r\n",
	};
	size_t i;
	g x;

	for (i = 0; i < sizeof(edits) / sizeof(*edits); i++) {
		const sm_line *o, *n;
		CHECK_INT(guard(&x, "m.py", AREAS, edits[i], 1, SEAM_LAZY_EXPAND), 0);
		CHECK_INT(x.res.refused, 1);
		CHECK_INT(x.res.nexp, 0);
		CHECK_INT(x.res.hit.moved, 1);
		CHECK(x.res.hit.moved_new < x.me.nseq);
		o = &x.me.seq[x.res.hit.moved_old].l;
		n = &x.me.seq[x.res.hit.moved_new].l;
		CHECK_INT(x.me.seq[x.res.hit.moved_old].kind, SM_HL_DEL);
		CHECK_INT(x.me.seq[x.res.hit.moved_new].kind, SM_HL_ADD);
		CHECK(o->n == n->n && !memcmp(o->p, "    log_event(\"computed\")", o->n));
		CHECK(!memcmp(n->p, o->p, n->n));
		done(&x);
	}
	/* refuse mode refuses it as any lazy placeholder */
	CHECK_INT(guard(&x, "m.py", AREAS, edits[0], 1, SEAM_LAZY_REFUSE), 0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.moved, 0);
	done(&x);
}

/* The new side writing the line twice (once alone) while the old side holds it once: moved
 * and written again, or written twice? Refused as well. */
TEST(lazy, line_moved_out_and_written_again_is_refused)
{
	g x;
	CHECK_INT(guard(&x, "m.py", AREA,
			" def area(r):\n+    log_event(\"computed\")\n     rr = r * r\n"
			"-    print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
			"+    # ... existing code ...\n     check(total)\n+\n+def volume(r, h):\n"
			"+    log_event(\"computed\")\n+    return area(r) * h\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.moved, 1);
	done(&x);
}

/* A line the file repeats, written again among other new lines (a new function that logs as
 * the others do), while a placeholder stands for a span holding a copy: new code, not the
 * line moved; the span is restored whole. */
TEST(lazy, repeated_line_in_new_code_keeps_the_span_whole)
{
	g x;
	CHECK_INT(guard(&x, "m.py", AREAS,
			"+def volume(r, h):\n+    log_event(\"computed\")\n+    return area(r) * h\n"
			"+\n def area(r):\n     rr = r * r\n"
			"-    print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
			"+    # ... existing code ...\n     check(total)\n \n def perimeter(r):\n"
			"     log_event(\"computed\")\n     return 2 * r\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, "def volume(r, h):\n    log_event(\"computed\")\n    return area(r) * h\n\n"
			 "def area(r):\n    rr = r * r\n    print(\"area\")\n"
			 "    total = math.pi * rr\n    log_event(\"computed\")\n    check(total)\n\n"
			 "def perimeter(r):\n    log_event(\"computed\")\n    return 2 * r\n");
	done(&x);
}

/* AREA and a second function without the log_event line. */
static const char *AREA_ONE = "def area(r):\n"
			      "    rr = r * r\n"
			      "    print(\"area\")\n"
			      "    total = math.pi * rr\n"
			      "    log_event(\"computed\")\n"
			      "    check(total)\n"
			      "\n"
			      "def perimeter(r):\n"
			      "    return 2 * r\n";

/* A block's old side is a part of the file: a copy of the moved line outside it (here in the
 * second function) makes the line one the file repeats as much as a copy inside, whether the
 * image has a line index (a file's later edits) or not. With no other copy in the file, the
 * same block is the move of expansion_leaves_out_a_line_moved_elsewhere. */
TEST(lazy, line_moved_out_of_a_block_with_copies_in_the_file_is_refused)
{
	static const char *const lines =
		" def area(r):\n+    log_event(\"computed\")\n     rr = r * r\n"
		"-    print(\"area\")\n-    total = math.pi * rr\n-    log_event(\"computed\")\n"
		"+    # ... existing code ...\n     check(total)\n";
	int indexed;
	g x;

	for (indexed = 0; indexed < 2; indexed++) {
		memset(&x, 0, sizeof(x));
		CHECK_INT(prep(&x.me, &x.e, lines, 1), 0);
		CHECK_INT(sm_image_load(&x.im, AREAS, strlen(AREAS)), 0);
		if (indexed) {
			x.im.searched = 1;
			sm_image_index(&x.im);
			CHECK(x.im.ix != NULL);
		}
		CHECK_INT(sm_lazy_guard(&x.me, sm_lang_for_path("m.py"), &x.im, SEAM_LAZY_EXPAND,
					&x.res),
			  0);
		CHECK_INT(x.res.refused, 1);
		CHECK_INT(x.res.hit.moved, 1);
		done(&x);

		memset(&x, 0, sizeof(x));
		CHECK_INT(prep(&x.me, &x.e, lines, 1), 0);
		CHECK_INT(sm_image_load(&x.im, AREA_ONE, strlen(AREA_ONE)), 0);
		if (indexed) {
			x.im.searched = 1;
			sm_image_index(&x.im);
			CHECK(x.im.ix != NULL);
		}
		CHECK_INT(sm_lazy_guard(&x.me, sm_lang_for_path("m.py"), &x.im, SEAM_LAZY_EXPAND,
					&x.res),
			  0);
		CHECK_INT(x.res.refused, 0);
		CHECK_INT(x.res.nexp, 1);
		done(&x);
	}
}

/* A placeholder-shaped line the reply adds that is a comment of the file (its own, not a
 * placeholder) moves no pairing around it: which copies of the lines beside it the diff kept is
 * the diff's, as for any line. Sliding them (as for a placeholder) moved a deleted "x" away
 * from the real placeholder's span, which was then restored one line short; and only when the
 * image had a line index (the file's later edits), so the same reply gave two files. */
TEST(lazy, file_own_comment_moves_no_pairing)
{
	static const char *const file = "a = 1\nb = 2\nx()\nx()\nx()\nz = 3\n"
					"# ... rest of the code ...\n";
	static const char *const lines = " a = 1\n+# ... existing code ...\n-b = 2\n-x()\n x()\n"
					 " x()\n+# ... rest of the code ...\n z = 3\n";
	int indexed;
	g x;

	for (indexed = 0; indexed < 2; indexed++) {
		size_t k, n = 0;
		memset(&x, 0, sizeof(x));
		CHECK_INT(prep(&x.me, &x.e, lines, 0), 0);
		CHECK_INT(sm_image_load(&x.im, file, strlen(file)), 0);
		if (indexed) {
			x.im.searched = 1;
			sm_image_index(&x.im);
			CHECK(x.im.ix != NULL);
		}
		CHECK_INT(sm_lazy_guard(&x.me, sm_lang_for_path("m.py"), &x.im, SEAM_LAZY_EXPAND,
					&x.res),
			  0);
		CHECK_INT(x.res.refused, 0);
		CHECK_INT(x.res.nexp, 1);
		for (k = 0; k < x.me.nseq; k++) {
			const sm_line *l = &x.me.seq[k].l;
			if (sm_mline_is_new(&x.me.seq[k]))
				n += (size_t)snprintf(x.buf + n, sizeof(x.buf) - n, "%.*s\n",
						      (int)l->n, l->p);
		}
		CHECK_STR(x.buf, "a = 1\nb = 2\nx()\nx()\nx()\n# ... rest of the code ...\nz = 3\n");
		done(&x);
	}
}

/* A block the file repeats in a row, the new side showing fewer copies before the placeholder:
 * the diff may pair the kept lines with the later copies and delete the first (it did so when
 * the reply also deleted a line far above), and the placeholder stood for the lines after the
 * last copy only: restored short, a copy lost. The copies next to the line above are the kept
 * ones, as when the diff pairs them so: the placeholder stands for the rest. The same below. */
static const char *TICKS = "def run(n):\n"
			   "    if n == 0:\n"
			   "        tick(n)\n"
			   "    if n == 0:\n"
			   "        tick(n)\n"
			   "    if n == 0:\n"
			   "        tick(n)\n"
			   "    finish(n)\n"
			   "    report(n)\n"
			   "    return n\n";

TEST(lazy, placeholder_after_fewer_copies_of_a_repeated_block_stands_for_the_rest)
{
	g x;
	CHECK_INT(guard(&x, "m.py", TICKS,
			" def run(n):\n-    if n == 0:\n-        tick(n)\n     if n == 0:\n"
			"         tick(n)\n     if n == 0:\n+    # ... rest of the code ...\n"
			"-        tick(n)\n-    finish(n)\n-    report(n)\n     return n\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, TICKS);
	done(&x);
}

/* The same below the placeholder: kept "tick if tick" under it, paired with the first copies
 * and the last deleted, are the last copies (next to the line below, as in the file). */
TEST(lazy, placeholder_before_fewer_copies_of_a_repeated_block_stands_for_the_rest)
{
	g x;
	CHECK_INT(guard(&x, "m.py", TICKS,
			" def run(n):\n-    if n == 0:\n+    # ... rest of the code ...\n"
			"         tick(n)\n     if n == 0:\n         tick(n)\n-    if n == 0:\n"
			"-        tick(n)\n     finish(n)\n     report(n)\n     return n\n",
			1, SEAM_LAZY_EXPAND),
		  0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	CHECK_STR(x.buf, TICKS);
	done(&x);
}

/* A file that repeats short blocks in a row, a placeholder among them: the diff paired the kept
 * lines above it with later copies (deletions left among them, the placeholder's span only the
 * last lines). The kept lines fit right after the change above them, every deletion between is
 * the placeholder's: the span is restored whole (issue 11, oracle seed 5803). */
static const char *REPEATS =
	"\"\"\"Checks of the greeter.\"\"\"\n"
	"\n"
	"import greeter as g\n"
	"\n"
	"\n"
	"class GreetTests:\n"
	"\n"
	"    def test_plain(self):\n"
	"        \"\"\"Plain names.\"\"\"\n"
	"        self.check('hello')\n"
	"\n"
	"    def test_late(self):\n"
	"        \"\"\"\n"
	"        Late names are reported.\n"
	"        \"\"\"\n"
	"        self.check('''\n"
	"        y = 7\n"
	"        from greeter import wave\n"
	"        ''', g.LateName)\n"
	"        self.check('''\n"
	"        from shop import cart\n"
	"        from greeter import wave\n"
	"        cart\n"
	"        ''', g.LateName)\n"
	"\n"
	"    def test_used(self):\n"
	"        \"\"\"Names in use.\"\"\"\n"
	"        self.check('''\n"
	"        from greeter import wave\n"
	"        from greeter import nod\n"
	"\n"
	"        assert nod is not wave\n"
	"        ''')\n"
	"\n"
	"    def test_unknown(self):\n"
	"        \"\"\"Unknown names fail.\"\"\"\n"
	"        self.check('''\n"
	"        from greeter import shout\n"
	"        ''', g.UnknownName)\n"
	"\n";

static void lines_as(char *out, size_t cap, const char *text, char mark)
{
	size_t n = 0;
	while (*text && n + 2 < cap) {
		out[n++] = mark;
		while (*text && *text != '\n' && n + 2 < cap)
			out[n++] = *text++;
		if (*text == '\n')
			out[n++] = *text++;
	}
	out[n] = 0;
}

TEST(lazy, kept_lines_on_later_copies_are_moved_next_to_the_change)
{
	static const char *NEW =
		"\"\"\"Checks of the greeter.\"\"\"\n"
		"\n"
		"import greeter as g\n"
		"\n"
		"\n"
		"class GreetTests:\n"
		"\n"
		"    def test_plain(self):\n"
		"        \"\"\"Plain names.\"\"\"\n"
		"        self.check('hello')  # changed\n"
		"\n"
		"    def test_late(self):\n"
		"        \"\"\"\n"
		"        Late names are reported.\n"
		"        \"\"\"\n"
		"        self.check('''\n"
		"        y = 7\n"
		"        from greeter import wave\n"
		"        ''', g.LateName)\n"
		"        # ... rest of the file unchanged ...\n"
		"        from greeter import nod\n"
		"\n"
		"        assert nod is not wave\n"
		"        ''')\n"
		"\n"
		"    def test_unknown(self):\n"
		"        \"\"\"Unknown names fail.\"\"\"\n"
		"        self.check('''\n"
		"        from greeter import shout\n"
		"        ''', g.UnknownName)\n"
		"\n";
	char old[2048], add[2048], lines[4096];
	g x;

	lines_as(old, sizeof(old), REPEATS, '-');
	lines_as(add, sizeof(add), NEW, '+');
	snprintf(lines, sizeof(lines), "%s%s", old, add);
	CHECK_INT(guard(&x, "t.py", REPEATS, lines, 1, SEAM_LAZY_EXPAND), 0);
	CHECK_INT(x.res.refused, 0);
	CHECK_INT(x.res.nexp, 1);
	/* every line of the file but the changed one, none lost */
	CHECK(strstr(x.buf, "    def test_plain(self):\n        \"\"\"Plain names.\"\"\"\n"
			    "        self.check('hello')  # changed\n\n") != NULL);
	CHECK_STR(strstr(x.buf, "  # changed\n") + strlen("  # changed\n"),
		  strstr(REPEATS, "('hello')\n") + strlen("('hello')\n"));
	CHECK_INT(x.res.exp[0].old0, 19);
	CHECK_INT(x.res.exp[0].old1, 28);
	done(&x);
}

/* ... but with a line among the kept ones deleted by the reply itself, the kept lines do not
 * fit next to the change as they stand: kept on the first copies, the placeholder stands for
 * the lines after them; kept where the diff put them, the reply deletes lines among them and
 * the placeholder stands for fewer. Two fits: refused, naming the line next to the placeholder
 * and its two places. */
TEST(lazy, kept_lines_with_two_fits_are_refused)
{
	static const char *OLD =
		"def top():\n"
		"    a = f(b)\n"
		"\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    return a\n"
		"\n"
		"    a = f(b)\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    a = f(b)\n"
		"    run('''\n"
		"    b = g(c)\n"
		"    return a\n"
		"\n"
		"    run('''\n"
		"    b = g(c)\n"
		"    ''', err)\n"
		"    return a\n"
		"    a = f(b)\n"
		"    a = f(b)\n"
		"\n"
		"    run('''\n"
		"    b = g(c)\n"
		"    run('''\n"
		"    run('''\n"
		"    ''', err)\n"
		"    b = g(c)\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    done(1)\n";
	static const char *NEW =
		"def top2():\n"
		"    a = f(b)\n"
		"\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    return a\n"
		"\n"
		"    a = f(b)\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    return a\n"
		"\n"
		"    run('''\n"
		"    b = g(c)\n"
		"    # ... rest of the file unchanged ...\n"
		"    ''', err)\n"
		"    b = g(c)\n"
		"    a = f(b)\n"
		"    b = g(c)\n"
		"    done(1)\n";
	static const char *KEPT = "    b = g(c)";
	char old[2048], add[2048], lines[4096];
	const sm_line *l;
	g x;

	lines_as(old, sizeof(old), OLD, '-');
	lines_as(add, sizeof(add), NEW, '+');
	snprintf(lines, sizeof(lines), "%s%s", old, add);
	CHECK_INT(guard(&x, "t.py", OLD, lines, 1, SEAM_LAZY_EXPAND), 0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 1);
	CHECK_INT(x.res.hit.bounded, 1);
	CHECK(x.me.seq[x.res.hit.ph].kind == SM_HL_ADD);
	/* the line next to it, on its two copies: lines 17 and 24 of the file */
	l = &x.me.seq[x.res.hit.fit_near].l;
	CHECK(l->n == strlen(KEPT) && !memcmp(l->p, KEPT, l->n));
	l = &x.me.seq[x.res.hit.fit_far].l;
	CHECK(l->n == strlen(KEPT) && !memcmp(l->p, KEPT, l->n));
	CHECK_INT(sm_lazy_old_index(&x.me, x.res.hit.fit_near), 16);
	CHECK_INT(sm_lazy_old_index(&x.me, x.res.hit.fit_far), 23);
	done(&x);
	/* refusing mode: refused as any lazy placeholder, not for two fits */
	CHECK_INT(guard(&x, "t.py", OLD, lines, 1, SEAM_LAZY_REFUSE), 0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 0);
	done(&x);
}

/* The unchanged line next to a placeholder has a copy the reply deletes among the changes just
 * before it: the diff took a line the file has there (a blank one) as added and paired the
 * kept lines with their later copies, so the placeholder would stand for fewer lines than the
 * reply leaves out. Which copy the reply meant is not sure: refused, naming both places. */
TEST(lazy, kept_line_with_a_deleted_copy_among_the_changes_is_refused)
{
	static const char *OLD =
		"static void\nset_one(struct box *b, int v)\n{\n  box_put(b, v, KIND_one);\n}\n"
		"static void\nset_two(struct box *b, int v)\n{\n  box_put(b, v, KIND_two);\n}\n\n"
		"static void\nset_three(struct box *b, int v)\n{\n  box_put(b, v, KIND_three);\n}\n"
		"static void\nset_four(struct box *b, int v)\n{\n  box_put(b, v, KIND_four);\n}\n\n"
		"static void\nset_five(struct box *b, int v)\n{\n  box_put(b, v, KIND_five);\n}\n"
		"static void\nset_six(struct box *b, int v)\n{\n  box_put(b, v, KIND_six);\n}\n\n"
		"const struct table box_table = {\n  set_one, set_two,\n};\n";
	static const char *NEW =
		"/* boxes */\n"
		"static void\nset_one(struct box *b, int v)\n{\n  box_put(b, v, KIND_one);\n}\n"
		"static void\nset_two(struct box *b, int v)\n{\n  box_put(b, v, KIND_two);\n}\n\n"
		"static void\nset_three(struct box *b, int v)\n{\n  box_put(b, v, KIND_three);\n}\n"
		"static void\nset_four(struct box *b, int v)\n{\n  box_put(b, v, KIND_four);\n}\n\n"
		"static void\n"
		"// ... rest of the file unchanged ...\n"
		"\nconst struct table box_table = {\n  set_one, set_two,\n};\n";
	static const char *KEPT = "static void";
	char old[2048], add[2048], lines[4096];
	const sm_line *l;
	g x;

	lines_as(old, sizeof(old), OLD, '-');
	lines_as(add, sizeof(add), NEW, '+');
	snprintf(lines, sizeof(lines), "%s%s", old, add);
	CHECK_INT(guard(&x, "t.c", OLD, lines, 1, SEAM_LAZY_EXPAND), 0);
	CHECK_INT(x.res.refused, 1);
	CHECK_INT(x.res.hit.fits, 1);
	CHECK(x.me.seq[x.res.hit.ph].kind == SM_HL_ADD);
	l = &x.me.seq[x.res.hit.fit_near].l;
	CHECK(l->n == strlen(KEPT) && !memcmp(l->p, KEPT, l->n));
	l = &x.me.seq[x.res.hit.fit_far].l;
	CHECK(l->n == strlen(KEPT) && !memcmp(l->p, KEPT, l->n));
	/* the 5th "static void" (line 23) and the 6th (line 28) */
	CHECK_INT(sm_lazy_old_index(&x.me, x.res.hit.fit_near), 22);
	CHECK_INT(sm_lazy_old_index(&x.me, x.res.hit.fit_far), 27);
	done(&x);
}
