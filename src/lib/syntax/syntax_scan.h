#ifndef SEAM_LIB_SYNTAX_SCAN_H
#define SEAM_LIB_SYNTAX_SCAN_H

/*
 * The lexical scan behind the cuts (syntax_cuts.c says what a cut is): its state, the lexing
 * every language shares (syntax_scan.c), and one scanner per language (syntax_cuts_c.c,
 * syntax_cuts_go.c, syntax_cuts_java.c; Python's is in syntax_cuts.c). Private to syntax/.
 */

#include "syntax.h"

#include <stddef.h>
#include <stdint.h>

typedef struct sm_scan {
	const char *d;
	size_t len, i;
	uint32_t line;
	sm_syntax_cut *cut;
	size_t n, cap;
	int oom;
	int ended; /* the last item of the text is complete by the scan's rules */
	int deep;  /* cut between the statements of a function body too (sm_syntax_cuts_deep) */
	int stmt;  /* the text is a run of statements: a case or default label at its own depth
	              gives it up (sm_syntax_closed) */
} sm_scan;

/* Per byte: 1 an identifier's byte (a letter, a digit, '_', any byte of a UTF-8 sequence),
 * 2 a blank other than the newline. The scan reads a file's every byte: a table, not a chain
 * of comparisons. */
extern const unsigned char sm_scan_byte_class[256];

int sm_scan_ident(unsigned char c);
int sm_scan_ident_start(unsigned char c);
void sm_scan_add_cut_kind(sm_scan *s, uint32_t line, uint32_t ctx, uint32_t level, uint32_t body);
void sm_scan_add_cut(sm_scan *s, uint32_t line, uint32_t ctx, uint32_t level);
/* The word at d[i..]: 1 when it is w followed by a non-identifier byte. */
int sm_scan_word_is(const sm_scan *s, size_t i, const char *w);
/* The length of the word at d[i..]. */
size_t sm_scan_word_len(const sm_scan *s, size_t i);
/* Skips a block comment starting at s->i ("/ *"); 0 when it is not closed. */
int sm_scan_skip_block_comment(sm_scan *s);
void sm_scan_skip_line_comment(sm_scan *s, int splices);
size_t sm_scan_number_end(const sm_scan *s, int sep);
int sm_scan_skip_triple(sm_scan *s, char q);
int sm_scan_skip_quoted(sm_scan *s, char q, int to_eol);

/* The scanners: 1 with the cuts in s, 0 to give the file up (s->oom says why). */
int sm_scan_c(sm_scan *s);
int sm_scan_go(sm_scan *s);
int sm_scan_java(sm_scan *s);
int sm_scan_python(sm_scan *s);

#endif
