/*
 * The languages the syntax check knows: the grammars built in (the Makefile defines
 * SM_GRAMMAR_<name> for each one it compiled from scripts/grammars.lock) and which file
 * extensions each one parses. Adding a language: a line in the lock file, one in `grammars`
 * and its extensions in `exts`.
 */
#include "syntax.h"
#include "seam.h"

#include <string.h>

#define GRAMMAR(name, label)                                                             \
	const struct TSLanguage *tree_sitter_##name(void);                                \
	static const sm_grammar g_##name = {#name, label, tree_sitter_##name};

#ifdef SM_GRAMMAR_python
GRAMMAR(python, "Python")
#endif
#ifdef SM_GRAMMAR_c
GRAMMAR(c, "C")
#endif
#ifdef SM_GRAMMAR_cpp
GRAMMAR(cpp, "C++")
#endif
#ifdef SM_GRAMMAR_javascript
GRAMMAR(javascript, "JavaScript")
#endif
#ifdef SM_GRAMMAR_typescript
GRAMMAR(typescript, "TypeScript")
#endif
#ifdef SM_GRAMMAR_tsx
GRAMMAR(tsx, "TSX")
#endif
#ifdef SM_GRAMMAR_go
GRAMMAR(go, "Go")
#endif
#ifdef SM_GRAMMAR_rust
GRAMMAR(rust, "Rust")
#endif
#ifdef SM_GRAMMAR_java
GRAMMAR(java, "Java")
#endif

static const sm_grammar *const grammars[] = {
#ifdef SM_GRAMMAR_python
	&g_python,
#endif
#ifdef SM_GRAMMAR_c
	&g_c,
#endif
#ifdef SM_GRAMMAR_cpp
	&g_cpp,
#endif
#ifdef SM_GRAMMAR_javascript
	&g_javascript,
#endif
#ifdef SM_GRAMMAR_typescript
	&g_typescript,
#endif
#ifdef SM_GRAMMAR_tsx
	&g_tsx,
#endif
#ifdef SM_GRAMMAR_go
	&g_go,
#endif
#ifdef SM_GRAMMAR_rust
	&g_rust,
#endif
#ifdef SM_GRAMMAR_java
	&g_java,
#endif
	NULL,
};

/*
 * Extension (case-sensitive: ".C" and ".H" are C++ by an old convention this table does not
 * guess at) to grammar names. ".h" is C or C++: a header counts as parsing when either grammar
 * parses it. JSX is part of the JavaScript grammar; TypeScript's grammar does not take JSX,
 * so ".tsx" has its own.
 */
static const struct {
	const char *ext;
	const char *names[SM_SYNTAX_MAX_GRAMMARS];
} exts[] = {
	/* Python */
	{"py", {"python"}}, {"pyi", {"python"}}, {"pyw", {"python"}},
	/* C, C++ */
	{"c", {"c"}}, {"h", {"c", "cpp"}},
	{"cc", {"cpp"}}, {"cpp", {"cpp"}}, {"cxx", {"cpp"}}, {"c++", {"cpp"}},
	{"hh", {"cpp"}}, {"hpp", {"cpp"}}, {"hxx", {"cpp"}}, {"h++", {"cpp"}},
	/* JavaScript (JSX included), TypeScript, TSX */
	{"js", {"javascript"}}, {"mjs", {"javascript"}}, {"cjs", {"javascript"}},
	{"jsx", {"javascript"}},
	{"ts", {"typescript"}}, {"mts", {"typescript"}}, {"cts", {"typescript"}},
	{"tsx", {"tsx"}},
	/* Go, Rust, Java */
	{"go", {"go"}}, {"rs", {"rust"}}, {"java", {"java"}},
};

const sm_grammar *sm_syntax_grammar_at(size_t i)
{
	return i < sizeof(grammars) / sizeof(*grammars) ? grammars[i] : NULL;
}

static const sm_grammar *by_name(const char *name)
{
	size_t i;
	for (i = 0; grammars[i]; i++)
		if (!strcmp(grammars[i]->name, name))
			return grammars[i];
	return NULL;
}

size_t sm_syntax_grammars_for(const char *path, const sm_grammar **out, size_t max)
{
	const char *base, *dot;
	size_t i, k, n = 0;

	if (!path)
		return 0;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base) /* no extension, or a dot file such as ".c" */
		return 0;
	for (i = 0; i < sizeof(exts) / sizeof(*exts); i++) {
		if (strcmp(exts[i].ext, dot + 1))
			continue;
		for (k = 0; k < SM_SYNTAX_MAX_GRAMMARS && exts[i].names[k] && n < max; k++) {
			const sm_grammar *g = by_name(exts[i].names[k]);
			if (g)
				out[n++] = g;
		}
		break;
	}
	return n;
}

const char *seam_syntax_language(size_t i)
{
	const sm_grammar *g = sm_syntax_grammar_at(i);
	return g ? g->name : NULL;
}
