#ifndef SEAM_FUZZ_H
#define SEAM_FUZZ_H

/*
 * Shared by the fuzz targets (fuzz_*.c): the libFuzzer entry point, the oracle macro, a
 * growable byte buffer and the input splitting. Only the public API (seam.h) is used by the
 * targets, so what they check is what an embedder sees.
 *
 * An oracle violation is reported on stderr and ends the process with __builtin_trap(), so
 * libFuzzer (and fuzz/standalone.c) see it as a crash, not as a silent wrong answer.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_ORACLE(cond, ...)                                                                   \
	do {                                                                                   \
		if (!(cond)) {                                                                 \
			fprintf(stderr, "\nORACLE VIOLATION at %s:%d: %s\n", __FILE__, __LINE__, \
				#cond);                                                        \
			fprintf(stderr, __VA_ARGS__);                                          \
			fputc('\n', stderr);                                                   \
			fflush(stderr);                                                        \
			__builtin_trap();                                                      \
		}                                                                              \
	} while (0)

/*
 * 1 when SEAM_FUZZ_SKIP_KNOWN is set (make fuzz sets it): the targets then step over inputs
 * that hit a finding already kept in fuzz/regress/, so a long run looks for new ones. The
 * replay (make fuzz-replay) runs without it, so those findings fail until they are fixed.
 */
static inline int fz_skip_known(void)
{
	static int v = -1;
	if (v < 0) {
		const char *e = getenv("SEAM_FUZZ_SKIP_KNOWN");
		v = e && *e && *e != '0';
	}
	return v;
}

/* Segments of an input are separated by this line (fuzz/seam.dict has it too). */
#define FZ_SEP "\n%FZ%\n"
#define FZ_SEP_LEN 6

typedef struct {
	char *p;
	size_t n, cap;
} fz_buf;

static inline void fz_put(fz_buf *b, const void *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *np;
		while (cap < b->n + n + 1)
			cap *= 2;
		np = realloc(b->p, cap);
		if (!np)
			abort(); /* the harness's own memory, not the library's */
		b->p = np;
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static inline void fz_puts(fz_buf *b, const char *s)
{
	fz_put(b, s, strlen(s));
}

static inline void fz_putc(fz_buf *b, char c)
{
	fz_put(b, &c, 1);
}

static inline void fz_free(fz_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}

/* First occurrence of needle in hay, or NULL (memmem is not ISO C). */
static inline const uint8_t *fz_find(const uint8_t *hay, size_t hn, const char *needle, size_t nn)
{
	size_t i;

	if (nn == 0 || hn < nn)
		return NULL;
	for (i = 0; i + nn <= hn; i++)
		if (hay[i] == (uint8_t)needle[0] && !memcmp(hay + i, needle, nn))
			return hay + i;
	return NULL;
}

typedef struct {
	const uint8_t *p;
	size_t n;
} fz_span;

/* Cuts data at every FZ_SEP into at most max segments (the last one keeps the rest). */
static inline size_t fz_split(const uint8_t *data, size_t size, fz_span *seg, size_t max)
{
	size_t k = 0;

	while (k + 1 < max) {
		const uint8_t *sep = fz_find(data, size, FZ_SEP, FZ_SEP_LEN);
		if (!sep)
			break;
		seg[k].p = data;
		seg[k].n = (size_t)(sep - data);
		k++;
		size -= (size_t)(sep - data) + FZ_SEP_LEN;
		data = sep + FZ_SEP_LEN;
	}
	seg[k].p = data;
	seg[k].n = size;
	return k + 1;
}

/* Lines of a buffer: start offsets, lengths without '\n', and whether each ended with '\n'. */
typedef struct {
	const char *base;
	size_t *off, *len;
	unsigned char *eol;
	size_t n;
} fz_lines;

static inline void fz_lines_split(fz_lines *ls, const char *s, size_t n)
{
	size_t i = 0, cnt = 0, k = 0;

	for (i = 0; i < n; i++)
		cnt += s[i] == '\n';
	if (n && s[n - 1] != '\n')
		cnt++;
	ls->base = s;
	ls->n = cnt;
	ls->off = malloc((cnt + 1) * sizeof(size_t));
	ls->len = malloc((cnt + 1) * sizeof(size_t));
	ls->eol = malloc(cnt + 1);
	if (!ls->off || !ls->len || !ls->eol)
		abort();
	i = 0;
	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n;
		ls->off[k] = i;
		ls->len[k] = e - i;
		ls->eol[k] = nl != NULL;
		k++;
		i = nl ? e + 1 : n;
	}
}

static inline void fz_lines_free(fz_lines *ls)
{
	free(ls->off);
	free(ls->len);
	free(ls->eol);
	memset(ls, 0, sizeof(*ls));
}

static inline int fz_line_eq(const fz_lines *a, size_t i, const fz_lines *b, size_t j)
{
	return a->len[i] == b->len[j] && a->eol[i] == b->eol[j] &&
	       !memcmp(a->base + a->off[i], b->base + b->off[j], a->len[i]);
}

/* Prints at most max bytes of s, escaped, for a violation report. */
static inline void fz_dump(const char *what, const char *s, size_t n)
{
	size_t i, max = 2000;

	fprintf(stderr, "--- %s (%zu bytes)\n", what, n);
	if (!s) {
		fputs("(null)\n", stderr);
		return;
	}
	for (i = 0; i < n && i < max; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n' || (c >= 0x20 && c < 0x7f))
			fputc(c, stderr);
		else
			fprintf(stderr, "\\x%02x", c);
	}
	if (n > max)
		fputs("...", stderr);
	fputs("\n---\n", stderr);
}

/*
 * 1 when a path the plan hands out is one the tree may touch: relative, '/'-separated, no
 * empty, "." or ".." component, no ".git" (any case), no control byte, no back-slash.
 */
static inline int fz_path_safe(const char *p)
{
	size_t i, start = 0, n;

	if (!p || !*p || p[0] == '/')
		return 0;
	n = strlen(p);
	for (i = 0; i <= n; i++) {
		size_t m;
		const char *c;
		if (i < n) {
			unsigned char ch = (unsigned char)p[i];
			if (ch < 0x20 || ch == 0x7f || ch == '\\')
				return 0;
			if (ch != '/')
				continue;
		}
		c = p + start;
		m = i - start;
		start = i + 1;
		if (m == 0 || (m == 1 && c[0] == '.') || (m == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		if (m == 4 && c[0] == '.' && (c[1] | 0x20) == 'g' && (c[2] | 0x20) == 'i' &&
		    (c[3] | 0x20) == 't')
			return 0;
	}
	return 1;
}

#endif
