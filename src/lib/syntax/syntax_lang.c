/*
 * The languages the syntax check knows: the grammars built in (the Makefile defines
 * SM_GRAMMAR_<name> for each one it compiled from scripts/grammars.lock); which file
 * extensions each one parses is the language table's (lang.c). Adding a language: a line in
 * the lock file, one in `grammars`, and its grammar's name on its row of lang.c.
 */
#include "syntax.h"
#include "../core/lang.h"
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

_Static_assert(SM_SYNTAX_MAX_GRAMMARS >= SM_LANG_MAX_GRAMMARS,
	       "a file may be parsed by every grammar the language table names for it");

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
	const char *const *names = sm_lang_grammars_for(path);
	size_t k, n = 0;

	for (k = 0; names && k < SM_LANG_MAX_GRAMMARS && names[k] && n < max; k++) {
		const sm_grammar *g = by_name(names[k]);
		if (g)
			out[n++] = g;
	}
	return n;
}

const char *seam_syntax_language(size_t i)
{
	const sm_grammar *g = sm_syntax_grammar_at(i);
	return g ? g->name : NULL;
}
