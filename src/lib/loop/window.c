/* sm_loop_windows: see window.h. Linear in the file times the words of the instruction (at
 * most WORDS_MAX of them). */
#include "window.h"
#include "seam.h" /* the SEAM_E* codes */
#include "loop_limits.h"
#include "../../util/alloc.h"

#include <string.h>

/* Words of an instruction looked for: an instruction naming more is not about a few places. */
#define WORDS_MAX 16

static int ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

typedef struct word {
	const char *p;
	size_t n;
	size_t lines; /* lines of the file holding it */
} word;

/* 1 when line [p, p+n) holds w as a whole word. */
static int holds(const char *p, size_t n, const word *w)
{
	size_t i;

	for (i = 0; i + w->n <= n; i++)
		if (p[i] == w->p[0] && !memcmp(p + i, w->p, w->n) && (i == 0 || !ident(p[i - 1])) &&
		    (i + w->n == n || !ident(p[i + w->n])))
			return 1;
	return 0;
}

long sm_loop_windows(const char *instruction, const char *data, size_t len, sm_window **out)
{
	word w[WORDS_MAX];
	size_t nw = 0, i, k, nlines = 0, shown = 0;
	unsigned char *hit;
	sm_window *v = NULL;
	size_t cap = 0;
	long nv = 0, no;
	const char *p;

	*out = NULL;
	for (i = 0; i < len; i++)
		if (data[i] == '\n')
			nlines++;
	if (len && data[len - 1] != '\n')
		nlines++;
	if (nlines <= SM_LOOP_WINDOW_FILE_LINES)
		return 0;
	for (p = instruction; *p && nw < WORDS_MAX;) {
		size_t n = 0;
		while (*p && !ident(*p))
			p++;
		while (ident(p[n]))
			n++;
		if (n >= 3) {
			for (k = 0; k < nw && !(w[k].n == n && !memcmp(w[k].p, p, n)); k++)
				;
			if (k == nw) {
				w[nw].p = p;
				w[nw].n = n;
				w[nw].lines = 0;
				nw++;
			}
		}
		p += n;
	}
	if (!nw)
		return 0;
	hit = sm_calloc(nlines + 1, 1);
	if (!hit)
		return SEAM_ENOMEM;
	/* how many lines hold each word, then the lines holding the selective ones */
	for (k = 0; k < nw; k++) {
		for (i = 0, no = 1; i < len; no++) {
			const char *nl = memchr(data + i, '\n', len - i);
			size_t n = nl ? (size_t)(nl - (data + i)) : len - i;
			if (holds(data + i, n, &w[k]))
				w[k].lines++;
			i += n + (nl != NULL);
		}
	}
	for (k = 0; k < nw; k++) {
		if (!w[k].lines || w[k].lines * 100 > nlines * SM_LOOP_WINDOW_MAX_SHARE)
			continue;
		for (i = 0, no = 1; i < len; no++) {
			const char *nl = memchr(data + i, '\n', len - i);
			size_t n = nl ? (size_t)(nl - (data + i)) : len - i;
			if (holds(data + i, n, &w[k]))
				hit[no] = 1;
			i += n + (nl != NULL);
		}
	}
	for (no = 1; no <= (long)nlines && shown < SM_LOOP_WINDOW_FILE_LINES; no++) {
		long a, b;
		if (!hit[no])
			continue;
		a = no > (long)SM_LOOP_WINDOW_CONTEXT ? no - (long)SM_LOOP_WINDOW_CONTEXT : 1;
		b = no + (long)SM_LOOP_WINDOW_CONTEXT;
		if (b > (long)nlines)
			b = (long)nlines;
		if (nv && a <= v[nv - 1].last + 1) {
			shown += (size_t)(b - v[nv - 1].last);
			v[nv - 1].last = b;
		} else {
			if (sm_grow((void **)&v, &cap, (size_t)nv + 1, sizeof(*v))) {
				sm_free(hit);
				sm_free(v);
				return SEAM_ENOMEM;
			}
			v[nv].first = a;
			v[nv].last = b;
			shown += (size_t)(b - a + 1);
			nv++;
		}
	}
	sm_free(hit);
	*out = v;
	return nv;
}
