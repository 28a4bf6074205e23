#ifndef SEAM_LIB_LANG_H
#define SEAM_LIB_LANG_H

/*
 * The languages seam edits, keyed by file extension (one table, lang.c): their comment syntax
 * and the grammars of the syntax check.
 * The laziness guard reads placeholder comments in the syntax of the file's language only: in
 * Python "-- rest of the code" is not a comment, in Markdown "* the rest of the list" is an
 * item, and a guard that took them for placeholders would refuse real edits.
 */

#include <stddef.h>

#define SM_LANG_MAX_LINE 5  /* line comment openers per language */
#define SM_LANG_MAX_BLOCK 3 /* block comment open/close pairs per language */
#define SM_LANG_MAX_GRAMMARS 2 /* grammars that may parse one extension (".h": C or C++) */

typedef struct sm_lang {
	const char *name;
	const char *line[SM_LANG_MAX_LINE];        /* "#", "//", ...; NULL ends the list */
	const char *block[SM_LANG_MAX_BLOCK][2];   /* opener and closer; {NULL} ends the list */
	int star_lines; /* a line starting with "*" continues a block comment (C family) */
	/* the tree-sitter grammars (by name, syntax/syntax_lang.c) that parse these extensions;
	   {NULL}: none */
	const char *grammars[SM_LANG_MAX_GRAMMARS];
} sm_lang;

/* The language of a path by its extension, or by its base name for files that have none
 * (Makefile, Dockerfile, Gemfile); NULL when unknown. */
const sm_lang *sm_lang_for_path(const char *path);
/* The names of the grammars that parse path (sm_lang.grammars), by its extension compared with
 * case (".C" and ".H" are C++ by an old convention this registry does not guess at); NULL for
 * a path with no extension, a dot file such as ".c", or an extension no grammar parses. */
const char *const *sm_lang_grammars_for(const char *path);

/*
 * When p[0..n) is a line holding only a comment, its body with the opener and a closer on the
 * same line taken off (and blanks around it), in lang's syntax. lang NULL: the comment syntax
 * common to most languages (hash, double slash, slash-star and star lines, double dash,
 * semicolon, percent, HTML and JSX comments), for markers that mean the same in any language.
 * NULL when the line is not a comment-only line.
 */
const char *sm_lang_comment_body(const sm_lang *lang, const char *p, size_t n, size_t *bn);

#endif
