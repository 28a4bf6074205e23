#ifndef SEAM_LIB_LOOP_QUOTES_H
#define SEAM_LIB_LOOP_QUOTES_H

/*
 * The first step of snippet editing in the loop: the model quotes, from memory, each snippet
 * it will change (a file name line, then <selected_snippet> ... </selected_snippet> with no
 * <updated_snippet> after it); seam answers with the exact regions (seam_locate).
 */

#include <stddef.h>

/* Quotes read from one reply, at most: each is answered with a region of a file. */
#define SM_QUOTES_MAX 64
/* Bytes of a quote's path (as reply.h's SM_PATH_MAX). */
#define SM_QUOTE_PATH 1024

typedef struct sm_quote {
	char path[SM_QUOTE_PATH + 1]; /* the file named before it, cleaned; "" when none */
	const char *p;                /* the quoted text, in the reply */
	size_t n;
	long line;                    /* reply line of its opening tag */
} sm_quote;

/*
 * Reads the quotes of text: fills q[0..*n) (at most max). Returns 1 when the reply holds a
 * snippet pair (an <updated_snippet>): it is not a quoting reply. 0 otherwise.
 */
int sm_quotes_find(const char *text, size_t len, sm_quote *q, size_t max, size_t *n);

#endif
