/*
 * The language table: comment syntax and grammars by file extension. Only what the laziness
 * guard needs to tell a comment-only line from code; string literals and nesting are not its
 * concern (a placeholder is a whole line). The syntax check's grammars are named here too, so a
 * language is added in one place (and its grammar in scripts/grammars.lock).
 */
#include "lang.h"

#include <string.h>

#define C_BLOCK {{"/*", "*/"}}

typedef struct entry {
	const char *exts;  /* extensions, lowercase, space-separated, without the dot */
	const char *names; /* base names of files without a telling extension */
	sm_lang lang;
} entry;

/* A row without grammars leaves sm_lang.grammars out: {NULL}, no grammar parses it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
static const entry table[] = {
	{"py pyi pyw", "SConstruct SConscript", {"Python", {"#"}, {{NULL}}, 0, {"python"}}},
	{"pyx", NULL, {"Python", {"#"}, {{NULL}}, 0, {NULL}}},
	/* ".h" is C or C++: a header counts as parsing when either grammar parses it */
	{"c", NULL, {"C", {"//"}, C_BLOCK, 1, {"c"}}},
	{"h", NULL, {"C", {"//"}, C_BLOCK, 1, {"c", "cpp"}}},
	{"cc cpp cxx c++ hh hpp hxx h++", NULL, {"C++", {"//"}, C_BLOCK, 1, {"cpp"}}},
	{"ipp inl cu cuh ino", NULL, {"C++", {"//"}, C_BLOCK, 1, {NULL}}},
	{"m mm", NULL, {"Objective-C", {"//"}, C_BLOCK, 1}},
	/* JSX is part of the JavaScript grammar; TypeScript's grammar does not take JSX, so ".tsx"
	   has its own */
	{"js mjs cjs jsx", NULL,
	 {"JavaScript", {"//"}, {{"/*", "*/"}, {"{/*", "*/}"}}, 1, {"javascript"}}},
	{"ts mts cts", NULL,
	 {"TypeScript", {"//"}, {{"/*", "*/"}, {"{/*", "*/}"}}, 1, {"typescript"}}},
	{"tsx", NULL, {"TypeScript", {"//"}, {{"/*", "*/"}, {"{/*", "*/}"}}, 1, {"tsx"}}},
	{"go", NULL, {"Go", {"//"}, C_BLOCK, 1, {"go"}}},
	{"rs", NULL, {"Rust", {"//"}, C_BLOCK, 1, {"rust"}}},
	{"java", NULL, {"Java", {"//"}, C_BLOCK, 1, {"java"}}},
	{"kt kts", NULL, {"Kotlin", {"//"}, C_BLOCK, 1}},
	{"scala sc", NULL, {"Scala", {"//"}, C_BLOCK, 1}},
	{"groovy gradle", "Jenkinsfile", {"Groovy", {"//"}, C_BLOCK, 1}},
	{"swift", NULL, {"Swift", {"//"}, C_BLOCK, 1}},
	{"dart", NULL, {"Dart", {"//"}, C_BLOCK, 1}},
	{"cs csx", NULL, {"C#", {"//"}, C_BLOCK, 1}},
	{"fs fsi fsx", NULL, {"F#", {"//"}, {{"(*", "*)"}}, 0}},
	{"zig", NULL, {"Zig", {"//"}, {{NULL}}, 0}},
	{"proto", NULL, {"Protocol Buffers", {"//"}, C_BLOCK, 1}},
	{"sol", NULL, {"Solidity", {"//"}, C_BLOCK, 1}},
	{"php phtml", NULL, {"PHP", {"//", "#"}, C_BLOCK, 1}},
	{"rb rake gemspec ru erb", "Gemfile Rakefile Guardfile Podfile Vagrantfile Brewfile",
	 {"Ruby", {"#"}, {{"<%#", "%>"}}, 0}},
	{"sh bash zsh ksh fish bats", NULL, {"shell", {"#"}, {{NULL}}, 0}},
	{"ps1 psm1", NULL, {"PowerShell", {"#"}, {{"<#", "#>"}}, 0}},
	{"pl pm t", NULL, {"Perl", {"#"}, {{NULL}}, 0}},
	{"r", NULL, {"R", {"#"}, {{NULL}}, 0}},
	{"jl", NULL, {"Julia", {"#"}, {{"#=", "=#"}}, 0}},
	{"ex exs", NULL, {"Elixir", {"#"}, {{NULL}}, 0}},
	{"nim", NULL, {"Nim", {"#"}, {{"#[", "]#"}}, 0}},
	{"cr", NULL, {"Crystal", {"#"}, {{NULL}}, 0}},
	{"tf tfvars hcl", NULL, {"HCL", {"#", "//"}, C_BLOCK, 0}},
	{"nix", NULL, {"Nix", {"#"}, C_BLOCK, 0}},
	{"cmake", "CMakeLists.txt", {"CMake", {"#"}, {{NULL}}, 0}},
	{"mk mak", "Makefile GNUmakefile makefile", {"Make", {"#"}, {{NULL}}, 0}},
	{"dockerfile", "Dockerfile Containerfile", {"Dockerfile", {"#"}, {{NULL}}, 0}},
	{"yml yaml", NULL, {"YAML", {"#"}, {{NULL}}, 0}},
	{"toml", "Pipfile", {"TOML", {"#"}, {{NULL}}, 0}},
	{"ini cfg conf properties editorconfig", NULL, {"INI", {"#", ";"}, {{NULL}}, 0}},
	{"sql psql pgsql", NULL, {"SQL", {"--", "#"}, C_BLOCK, 0}},
	{"lua", NULL, {"Lua", {"--"}, {{"--[[", "]]"}}, 0}},
	{"hs lhs elm", NULL, {"Haskell", {"--"}, {{"{-", "-}"}}, 0}},
	{"adb ads vhd vhdl", NULL, {"Ada", {"--"}, {{NULL}}, 0}},
	{"erl hrl", NULL, {"Erlang", {"%"}, {{NULL}}, 0}},
	{"tex sty cls bib", NULL, {"TeX", {"%"}, {{NULL}}, 0}},
	{"clj cljs cljc edn el lisp lsp scm ss rkt", NULL, {"Lisp", {";"}, {{"#|", "|#"}}, 0}},
	{"asm s nasm", NULL, {"assembly", {";", "#", "//"}, C_BLOCK, 0}},
	{"vim", ".vimrc", {"Vim script", {"\""}, {{NULL}}, 0}},
	{"bat cmd", NULL, {"Batch", {"::", "rem ", "REM "}, {{NULL}}, 0}},
	{"html htm xhtml xml svg xsl xslt plist csproj fsproj vbproj props targets", NULL,
	 {"HTML", {NULL}, {{"<!--", "-->"}}, 0}},
	{"md markdown mdx", NULL, {"Markdown", {NULL}, {{"<!--", "-->"}, {"{/*", "*/}"}}, 0}},
	{"vue svelte astro", NULL,
	 {"Vue", {"//"}, {{"<!--", "-->"}, {"/*", "*/"}, {"{/*", "*/}"}}, 1}},
	{"jinja jinja2 j2 njk twig", NULL, {"Jinja", {NULL}, {{"{#", "#}"}, {"<!--", "-->"}}, 0}},
	{"hbs handlebars mustache", NULL, {"Handlebars", {NULL}, {{"{{!--", "--}}"}, {"{{!", "}}"}, {"<!--", "-->"}}, 0}},
	{"css", NULL, {"CSS", {NULL}, C_BLOCK, 1}},
	{"scss sass less styl", NULL, {"SCSS", {"//"}, C_BLOCK, 1}},
	{"graphql gql", NULL, {"GraphQL", {"#"}, {{NULL}}, 0}},
	/* JSON has no comments: a model's "// ..." in one is a placeholder in JavaScript's syntax */
	{"json jsonc json5", NULL, {"JSON", {"//"}, C_BLOCK, 0}},
};
#pragma GCC diagnostic pop

#define NLANG (sizeof(table) / sizeof(*table))

/* 1 when word (n bytes) is one of the space-separated words of list, compared without case
 * when fold is set. */
static int in_list(const char *list, const char *word, size_t n, int fold)
{
	const char *p = list;

	while (p && *p) {
		size_t k = strcspn(p, " "), i;
		if (k == n) {
			for (i = 0; i < n; i++) {
				char a = p[i], b = word[i];
				if (fold && b >= 'A' && b <= 'Z')
					b = (char)(b - 'A' + 'a');
				if (a != b)
					break;
			}
			if (i == n)
				return 1;
		}
		p += k;
		while (*p == ' ')
			p++;
	}
	return 0;
}

const sm_lang *sm_lang_for_path(const char *path)
{
	const char *base, *dot;
	size_t i;

	if (!path)
		return NULL;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (strchr(base, '\\')) /* a Windows path the reply wrote */
		base = strrchr(base, '\\') + 1;
	for (i = 0; i < NLANG; i++)
		if (table[i].names && in_list(table[i].names, base, strlen(base), 0))
			return &table[i].lang;
	dot = strrchr(base, '.');
	if (!dot || !dot[1])
		return NULL;
	for (i = 0; i < NLANG; i++)
		if (in_list(table[i].exts, dot + 1, strlen(dot + 1), 1))
			return &table[i].lang;
	return NULL;
}

const char *const *sm_lang_grammars_for(const char *path)
{
	const char *base, *dot;
	size_t i;

	if (!path)
		return NULL;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base) /* no extension, or a dot file such as ".c" */
		return NULL;
	for (i = 0; i < NLANG; i++)
		if (in_list(table[i].exts, dot + 1, strlen(dot + 1), 0))
			return table[i].lang.grammars[0] ? table[i].lang.grammars : NULL;
	return NULL;
}

static int starts(const char *p, size_t n, const char *s)
{
	size_t k;

	/* the first byte first: every reply line is asked for each opener of a table, and
	   nearly every line starts with none of them */
	if (s[0] && (!n || p[0] != s[0]))
		return 0;
	k = strlen(s);
	return n >= k && !memcmp(p, s, k);
}

static int ends(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	return n >= k && !memcmp(p + n - k, s, k);
}

/* The body after an opener of lang found at the start of p[0..n), or NULL. */
static const char *body_in(const sm_lang *l, const char *p, size_t n, size_t *bn)
{
	size_t k, best = 0;
	const char *close = NULL;

	/* the longest opener wins: JSX's brace-slash-star before slash-star, "--[[" before "--" */
	for (k = 0; k < SM_LANG_MAX_BLOCK && l->block[k][0]; k++)
		if (starts(p, n, l->block[k][0]) && strlen(l->block[k][0]) > best) {
			best = strlen(l->block[k][0]);
			close = l->block[k][1];
		}
	for (k = 0; k < SM_LANG_MAX_LINE && l->line[k]; k++)
		if (starts(p, n, l->line[k]) && strlen(l->line[k]) > best) {
			best = strlen(l->line[k]);
			close = NULL;
		}
	if (!best && l->star_lines && n && p[0] == '*' && !starts(p, n, "*/")) {
		best = 1; /* " * text" inside a block comment */
		close = "*/";
	}
	if (!best)
		return NULL;
	p += best;
	n -= best;
	if (close && ends(p, n, close))
		n -= strlen(close);
	*bn = n;
	return p;
}

/* Openers that mean "comment" in most languages and code in almost none: the syntax of
 * markers that need no language ("# ...", "// ...", "<!-- ... -->"). */
static const sm_lang generic = {
	"any", {"#", "//", "--", ";", "%"}, {{"<!--", "-->"}, {"/*", "*/"}, {"{/*", "*/}"}}, 1, {NULL}};

const char *sm_lang_comment_body(const sm_lang *lang, const char *p, size_t n, size_t *bn)
{
	const char *b;
	size_t len = 0;

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	if (!n)
		return NULL;
	b = body_in(lang ? lang : &generic, p, n, &len);
	if (!b)
		return NULL;
	while (len && (*b == ' ' || *b == '\t')) {
		b++;
		len--;
	}
	while (len && (b[len - 1] == ' ' || b[len - 1] == '\t'))
		len--;
	*bn = len;
	return b;
}
