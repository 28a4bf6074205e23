/*
 * The reading kit's shared pieces, each kept once: the escaper every message and rendering
 * goes through, and the reader of a file name written above a block.
 */
#include "test.h"
#include "lib/format/tag.h"
#include "lib/core/lang.h"
#include "lib/read/reply.h"
#include "util/buf.h"
#include "util/text.h"

#include <string.h>

TEST(kit, escaper_keeps_tab_and_newline_only_when_asked)
{
	sm_buf b = SM_BUF_INIT;
	static const char s[] = "a\tb\nc\x1b[31m\x7f";

	CHECK_INT(sm_buf_put_escaped(&b, s, sizeof(s) - 1, 100, 1), 0);
	CHECK_STR(b.ptr, "a\tb\nc\\x1b[31m\\x7f");
	sm_buf_clear(&b);
	CHECK_INT(sm_buf_put_quoted(&b, s, sizeof(s) - 1, 100), 0);
	CHECK_STR(b.ptr, "a\tb\\x0ac\\x1b[31m\\x7f");
	sm_buf_clear(&b);
	/* at most max bytes, then "..." */
	CHECK_INT(sm_buf_put_quoted(&b, s, sizeof(s) - 1, 4), 0);
	CHECK_STR(b.ptr, "a\tb\\x0a...");
	sm_buf_clear(&b);
	CHECK_INT(sm_buf_put_escaped(&b, "plain", 5, 5, 0), 0);
	CHECK_STR(b.ptr, "plain");
	sm_buf_dispose(&b);
}

static int stop_open(const char *p, size_t n)
{
	if (n == 6 && !memcmp(p, "<open>", 6))
		return SM_ABOVE_SKIP_ONCE;
	return n == 6 && !memcmp(p, "<stop>", 6);
}

static size_t name_above(const char *text, char *out)
{
	sm_lines ls;
	long line = 0;
	size_t len;

	if (sm_lines_split(&ls, text, strlen(text)))
		return (size_t)-1;
	len = sm_name_above(&ls, ls.n - 1, stop_open, out, &line);
	sm_lines_free(&ls);
	return len;
}

TEST(kit, name_above_passes_over_one_skip_line)
{
	char out[SM_PATH_MAX + 1];

	CHECK_INT((int)name_above("src/a.py\n\nBLOCK\n", out), 8);
	CHECK_STR(out, "src/a.py");
	/* one <open> line between the name and the block is passed over ... */
	CHECK_INT((int)name_above("src/a.py\n<open>\nBLOCK\n", out), 8);
	CHECK_STR(out, "src/a.py");
	/* ... a second one stops the search, as any stop line does */
	CHECK_INT((int)name_above("src/a.py\n<open>\n<open>\nBLOCK\n", out), 0);
	CHECK_INT((int)name_above("src/a.py\n<stop>\nBLOCK\n", out), 0);
	/* a name in the info string of a fence just above */
	CHECK_INT((int)name_above("```python src/b.py\nBLOCK\n", out), 8);
	CHECK_STR(out, "src/b.py");
}

TEST(kit, one_line_splitter)
{
	static const char s[] = "a\r\nb\n\nc";
	size_t at = 0, n;
	int nl = -1;

	n = sm_text_next_line(s, sizeof(s) - 1, &at, &nl);
	CHECK_INT((int)n, 2); /* the '\r' stays: callers decide */
	CHECK_INT(nl, 1);
	CHECK_INT((int)at, 3);
	CHECK_INT((int)sm_text_next_line(s, sizeof(s) - 1, &at, &nl), 1);
	CHECK_INT((int)sm_text_next_line(s, sizeof(s) - 1, &at, &nl), 0);
	CHECK_INT(nl, 1);
	n = sm_text_next_line(s, sizeof(s) - 1, &at, &nl);
	CHECK_INT((int)n, 1);
	CHECK_INT(nl, 0);
	CHECK_INT((int)at, (int)sizeof(s) - 1);
	/* a final newline opens no empty line */
	at = 0;
	CHECK_INT((int)sm_text_next_line("x\n", 2, &at, NULL), 1);
	CHECK_INT((int)at, 2);
}

TEST(kit, one_lexical_path_cleaner)
{
	char out[SM_PATH_MAX + 1];

	/* a tool call's path: made lexical only; absolute and ".." kept for the tree to refuse */
	CHECK_INT((int)sm_path_lexical(" .\\src//a b.py ", 15, SM_PATH_MAX, out), 10);
	CHECK_STR(out, "src/a b.py");
	CHECK_INT((int)sm_path_lexical("/etc/../x", 9, SM_PATH_MAX, out), 9);
	CHECK_STR(out, "/etc/../x");
	CHECK_INT((int)sm_path_lexical("src/", 4, SM_PATH_MAX, out), 0);
	CHECK_INT((int)sm_path_lexical("a\x01", 2, SM_PATH_MAX, out), 0);
	CHECK_INT((int)sm_path_lexical("abcd", 4, 3, out), 0);
	/* a name in prose: the same lexical form, then the prose rules on top */
	CHECK_INT((int)sm_path_clean("./src\\a.py", 10, 0, out), 8);
	CHECK_STR(out, "src/a.py");
	CHECK_INT((int)sm_path_clean("C:\\x\\y.c", 8, 0, out), 8);
	CHECK_STR(out, "C:/x/y.c");
	CHECK_INT((int)sm_path_clean("./C:/y.c", 8, 0, out), 0);
	CHECK_INT((int)sm_path_clean("app/(auth)/page.tsx", 19, 0, out), 19);
	CHECK_INT((int)sm_path_clean("f(x).py", 7, 0, out), 0);
	CHECK_INT((int)sm_path_clean("a b.py", 6, 0, out), 0);
}

TEST(kit, one_language_table)
{
	const char *const *g;

	/* one row gives both the comment syntax and the grammars */
	CHECK_STR(sm_lang_for_path("x/h.h")->name, "C");
	g = sm_lang_grammars_for("x/h.h");
	CHECK(g && !strcmp(g[0], "c") && !strcmp(g[1], "cpp"));
	g = sm_lang_grammars_for("a.tsx");
	CHECK(g && !strcmp(g[0], "tsx") && !g[1]);
	CHECK_STR(sm_lang_for_path("a.tsx")->name, "TypeScript");
	/* comment syntax folds case, grammars do not; some languages have no grammar */
	CHECK_STR(sm_lang_for_path("A.PY")->name, "Python");
	CHECK(sm_lang_grammars_for("A.PY") == NULL);
	CHECK_STR(sm_lang_for_path("m.pyx")->name, "Python");
	CHECK(sm_lang_grammars_for("m.pyx") == NULL);
	CHECK(sm_lang_grammars_for("lib/.c") == NULL);
	CHECK(sm_lang_grammars_for("Makefile") == NULL);
	CHECK(sm_lang_grammars_for(NULL) == NULL);
}
