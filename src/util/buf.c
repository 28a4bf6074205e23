#include "buf.h"
#include "alloc.h"

#include <stdio.h>
#include <string.h>

static int ensure(sm_buf *b, size_t extra)
{
	if (b->failed)
		return -1;
	if (b->len + extra + 1 < b->len || sm_grow((void **)&b->ptr, &b->cap, b->len + extra + 1, 1)) {
		b->failed = 1;
		return -1;
	}
	return 0;
}

int sm_buf_put(sm_buf *b, const void *data, size_t n)
{
	if (ensure(b, n))
		return -1;
	if (n)
		memcpy(b->ptr + b->len, data, n);
	b->len += n;
	b->ptr[b->len] = '\0';
	return 0;
}

int sm_buf_puts(sm_buf *b, const char *s)
{
	return sm_buf_put(b, s, strlen(s));
}

int sm_buf_putc(sm_buf *b, char c)
{
	return sm_buf_put(b, &c, 1);
}

int sm_buf_vprintf(sm_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0) {
		b->failed = 1;
		return -1;
	}
	if (ensure(b, (size_t)n))
		return -1;
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int sm_buf_printf(sm_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = sm_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

int sm_buf_put_escaped(sm_buf *b, const char *s, size_t n, size_t max, int keep_newlines)
{
	size_t i, run = 0, lim = n < max ? n : max;
	char esc[8];

	for (i = 0; i < lim; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\t' || (c == '\n' && keep_newlines) || (c >= 0x20 && c != 0x7f))
			continue;
		sm_buf_put(b, s + run, i - run);
		snprintf(esc, sizeof(esc), "\\x%02x", c);
		sm_buf_puts(b, esc);
		run = i + 1;
	}
	sm_buf_put(b, s + run, lim - run);
	if (n > max)
		sm_buf_puts(b, "...");
	return b->failed ? -1 : 0;
}

int sm_buf_put_quoted(sm_buf *b, const char *s, size_t n, size_t max)
{
	return sm_buf_put_escaped(b, s, n, max, 0);
}

void sm_buf_clear(sm_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

void sm_buf_dispose(sm_buf *b)
{
	sm_free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

char *sm_buf_detach(sm_buf *b, size_t *len)
{
	char *p = b->ptr;

	if (!p && !b->failed)
		p = sm_strndup("", 0);
	if (len)
		*len = b->len;
	b->ptr = NULL;
	b->len = b->cap = 0;
	return p;
}
