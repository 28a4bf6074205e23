#ifndef SEAM_UTIL_BUF_H
#define SEAM_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

/*
 * A growable byte buffer, always NUL-terminated. Errors are sticky (as libgit2's filebuf): once
 * an allocation fails, every later call is a no-op and sm_buf_failed() says so, so a writer can
 * append many pieces and check once at the end.
 */
typedef struct sm_buf {
	char *ptr;
	size_t len;
	size_t cap;
	int failed;
} sm_buf;

#define SM_BUF_INIT {NULL, 0, 0, 0}

int sm_buf_put(sm_buf *b, const void *data, size_t n);
int sm_buf_puts(sm_buf *b, const char *s);
int sm_buf_putc(sm_buf *b, char c);
int sm_buf_printf(sm_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
int sm_buf_vprintf(sm_buf *b, const char *fmt, va_list ap);
/* Appends text from a reply or a file made safe to print: control bytes other than tab (and
 * newline when keep_newlines) become \xNN, at most max bytes are kept (then "..."). The one
 * escaper of the library; -1 when out of memory. */
int sm_buf_put_escaped(sm_buf *b, const char *s, size_t n, size_t max, int keep_newlines);
/* sm_buf_put_escaped with newlines escaped: the one way untrusted text enters a message. */
int sm_buf_put_quoted(sm_buf *b, const char *s, size_t n, size_t max);
void sm_buf_clear(sm_buf *b);
void sm_buf_dispose(sm_buf *b);
/* Hands the buffer's memory to the caller (free with sm_free); the buffer becomes empty. */
char *sm_buf_detach(sm_buf *b, size_t *len);
static inline int sm_buf_failed(const sm_buf *b)
{
	return b->failed;
}

#endif
