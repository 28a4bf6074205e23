#ifndef SEAM_LIB_PLACEHOLDER_H
#define SEAM_LIB_PLACEHOLDER_H

/*
 * Placeholder lines by their text (placeholder.c): what a model writes instead of code it did
 * not copy. Whether one really takes the place of code is the laziness guard's question
 * (match/lazy.h).
 */

#include "../core/lang.h"
#include "../../util/text.h"

#include <stddef.h>

/* A comment longer than this is prose someone meant to keep, not a placeholder: the longest
 * placeholder line in the corpus is 44 characters with its comment marker; 120 leaves room for
 * wordier ones while a paragraph-long comment that happens to hold a phrase ("rest of the
 * code") is not read as one. */
#define SM_LAZY_MAX_BODY 120
/* A context line that is a short comment of placeholder words only ("// (unchanged)") is an
 * elision; past this length it reads as a sentence a file could hold. */
#define SM_LAZY_MAX_MARKER 40

/* 1 when the line is only an elision marker, in the comment syntax of any language: "...",
 * "…", "# ...", "// ...", a C or HTML comment of dots. */
int sm_is_elision(const char *p, size_t n);

/*
 * 1 when the line only stands for code the model did not write: an elision marker (any
 * language), or a comment-only line in lang's syntax saying so ("# ... rest of the code ...",
 * "// existing code here", "<!-- same as before -->"). lang NULL (a language seam does not
 * know): elision markers only.
 */
int sm_lazy_is_placeholder(const sm_lang *lang, const char *p, size_t n);

/* Wider, for lines kept on both sides of an edit: also a short comment of placeholder words
 * ("// (unchanged)"), which there can only be an elision. Any language's syntax. */
int sm_lazy_is_marker(const char *p, size_t n);

/* 1 when the comment body s[0..n) says it stands for code already in the file ("existing
 * code", "rest of the function", "unchanged"), not for code a model means to keep. */
int sm_placeholder_says_existing(const char *s, size_t n);
/* 1 when the comment p[0..n) (in lang's syntax) asks the reader to write code ("// Implement
 * the upload here", "# TODO: add validation logic here") and claims nothing about code of the
 * file: no words of sm_placeholder_says_existing, no "..." or "…". Such a line in a block the
 * file does not have is a note in new code, not left-out code (match/lazy_reading.c decides
 * where). */
int sm_placeholder_asks_for_code(const sm_lang *lang, const char *p, size_t n);
/* 1 when p[0..n) is a comment whose words are all placeholder words ("// ... existing code ...",
 * "# (unchanged)"), dots and punctuation aside; 0 for prose that holds one (" * of the file
 * unchanged ... is a lazy whole file") and for a line that is no comment. */
int sm_placeholder_words_only(const char *p, size_t n);

#endif
