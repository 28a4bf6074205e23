#ifndef SEAM_UTIL_TEXT_H
#define SEAM_UTIL_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* A view into someone else's bytes (the reply, a file): never owns, never NUL-terminated. */
typedef struct sm_span {
	const char *p;
	size_t n;
} sm_span;

/*
 * Comparison levels, nested as xdiff's whitespace flags are: two lines equal at one level are
 * equal at every higher level, and a line's hash at a level is computed over exactly what that
 * level compares, so one hash filters every comparison.
 */
enum sm_level {
	SM_LVL_EXACT = 0,  /* the bytes, line ending excluded */
	SM_LVL_RSTRIP = 1, /* trailing spaces, tabs and a stray CR ignored, and a leading BOM */
	SM_LVL_TYPO = 2,   /* and typographic quotes, dashes, ellipses, NBSP folded to ASCII */
	SM_LVL_INDENT = 3, /* and leading whitespace ignored */
	SM_LVL_SPACE = 4,  /* and every whitespace byte ignored */
	SM_NLEVELS = 5
};

/* Writes the normalized form of p[0..n) at `level` to out (room for n bytes is enough: folding
 * never lengthens) and returns its length. */
size_t sm_text_normalize(const char *p, size_t n, int level, char *out);
/* Hash of the normalized form; equal lines hash equal at that level. */
uint64_t sm_text_hash(const char *p, size_t n, int level);
/* Fills h[0..SM_NLEVELS) at once (cheaper than five calls). */
void sm_text_hash_all(const char *p, size_t n, uint64_t h[SM_NLEVELS]);
/* The same for the levels up to SM_LVL_INDENT only, h[0..SM_LVL_INDENT] (a file's lines: no
 * tier compares them whitespace-blind, and that level is a third of the work). */
void sm_text_hash_upto_indent(const char *p, size_t n, uint64_t h[SM_NLEVELS]);
/* 1 when p[0..n) holds only spaces, tabs, CR, FF, VT. */
int sm_text_is_blank(const char *p, size_t n);
/* 1 when p[0..n) holds a letter, a digit or a byte of a UTF-8 sequence: a line with a word in
 * it, not only brackets and punctuation such as "}" or "});". */
int sm_text_has_word(const char *p, size_t n);
/* Bytes of leading whitespace. */
size_t sm_text_indent_len(const char *p, size_t n);
/* Width in columns of the leading whitespace, tabs advancing to the next multiple of tabw. */
size_t sm_text_indent_cols(const char *p, size_t n, size_t tabw);
/*
 * The offsets of the '\n' bytes of t[0..n), in *nl (malloc'd, caller frees) and their count in
 * *nnl: one pass, then sm_text_line_at answers each "which line" by a binary search. -1 when
 * out of memory.
 */
int sm_text_newlines(const char *t, size_t n, size_t **nl, size_t *nnl);
/* The 1-based line holding byte off, given the newlines sm_text_newlines found. */
long sm_text_line_at(const size_t *nl, size_t nnl, size_t off);
/* 1 when p[0..n) is valid UTF-8. */
int sm_text_utf8_valid(const char *p, size_t n);
/* The one line splitter: the line of s[0..len) that starts at *at (call while *at < len). Returns
 * its length without its '\n' (a '\r' before it stays: callers decide) and moves *at past the
 * '\n', or to len for a last line without one; *nl (may be NULL) says whether a '\n' ended it. */
size_t sm_text_next_line(const char *s, size_t len, size_t *at, int *nl);
/* Normalized edit-distance similarity of two byte strings in [0,1] (1 = equal), computed on
 * their SM_LVL_SPACE forms. Bounded work: strings longer than SM_SIM_MAX_LEN are compared on
 * their first SM_SIM_MAX_LEN bytes. */
double sm_text_similarity(const char *a, size_t an, const char *b, size_t bn);
/* sm_text_similarity(a, an, b, bn) >= at_least, the same answer, most often without the
 * edit-distance table (a bound on the distance from the bytes each holds tells most unlike
 * lines apart first). */
int sm_text_similar(const char *a, size_t an, const char *b, size_t bn, double at_least);
/* sm_text_similarity(a, an, b, bn) when it is at least at_least, else a value below at_least
 * (-1): the same bound turns most unlike lines away first. */
double sm_text_similarity_if(const char *a, size_t an, const char *b, size_t bn, double at_least);
/* The work of sm_text_similarity on strings of these lengths, in character cells (the edit
 * distance's table plus the passes that fold both strings): what a search charges its budget
 * for one comparison. */
uint64_t sm_text_similarity_work(size_t an, size_t bn);

#endif
