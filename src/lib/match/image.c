#include "image.h"
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <string.h>

void sm_line_init(sm_line *l, const char *p, size_t n)
{
	uint64_t h[SM_NLEVELS];

	l->p = p;
	l->n = n;
	sm_text_hash_all(p, n, h);
	l->h_rstrip = h[SM_LVL_RSTRIP];
	l->h_indent = h[SM_LVL_INDENT];
	l->h_space = h[SM_LVL_SPACE];
	l->same = (uint8_t)((h[SM_LVL_EXACT] == h[SM_LVL_RSTRIP] ? SM_LINE_SAME_EXACT : 0) |
			    (h[SM_LVL_TYPO] == h[SM_LVL_RSTRIP] ? SM_LINE_SAME_TYPO : 0));
	l->blank = (uint8_t)sm_text_is_blank(p, n);
	l->orig = 0;
	l->crlf = 0;
}

/* Room for `need` lines. A table grows by an eighth (still a constant factor: splicing stays
 * linear overall), not by doubling: a file's table is made at its exact size, and an edit adding
 * one line must not make it twice as big (issue 12's memory bound). */
static int reserve(sm_image *im, size_t need)
{
	size_t cap = im->cap + im->cap / 8;
	sm_line *v;

	if (need <= im->cap)
		return 0;
	if (cap < need)
		cap = need;
	if (cap < 8)
		cap = 8;
	if (cap > SIZE_MAX / sizeof(*im->v))
		return SEAM_ENOMEM;
	v = sm_realloc(im->v, cap * sizeof(*im->v));
	if (!v)
		return SEAM_ENOMEM;
	im->v = v;
	im->cap = cap;
	return 0;
}

/* Room for exactly `need` lines in an empty image: a file's table is made once at its size,
 * and the growth of reserve() would leave some of it unused (issue 12's memory bound). */
static int reserve_exact(sm_image *im, size_t need)
{
	if (im->cap || !need)
		return reserve(im, need);
	if (need > SIZE_MAX / sizeof(*im->v))
		return SEAM_ENOMEM;
	im->v = sm_malloc(need * sizeof(*im->v));
	if (!im->v)
		return SEAM_ENOMEM;
	im->cap = need;
	return 0;
}

/* Lines in data[i..len) ending with eol, and a last one without it. */
static size_t count_lines(const char *data, size_t i, size_t len, char eol)
{
	size_t n = 0;
	const char *nl;

	while (i < len && (nl = memchr(data + i, eol, len - i)) != NULL) {
		n++;
		i = (size_t)(nl - data) + 1;
	}
	return n + (i < len);
}

char sm_image_eol(const char *data, size_t len)
{
	return len && !memchr(data, '\n', len) && memchr(data, '\r', len) ? '\r' : '\n';
}

int sm_image_load(sm_image *im, const char *data, size_t len)
{
	size_t i = 0, ncrlf = 0;
	char eol = sm_image_eol(data, len);

	memset(im, 0, sizeof(*im));
	im->final_eol = 1;
	if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) {
		im->bom = 1;
		i = 3;
	}
	im->cr = eol == '\r';
	if (reserve_exact(im, count_lines(data, i, len, eol)))
		return SEAM_ENOMEM;
	while (i < len) {
		const char *nl = memchr(data + i, eol, len - i);
		size_t end = nl ? (size_t)(nl - data) : len;
		sm_line *l;

		if (reserve(im, im->n + 1)) {
			sm_image_dispose(im);
			return SEAM_ENOMEM;
		}
		l = &im->v[im->n];
		if (nl && !im->cr && end > i && data[end - 1] == '\r') {
			sm_line_init(l, data + i, end - 1 - i);
			l->crlf = 1;
			ncrlf++;
		} else {
			sm_line_init(l, data + i, end - i);
		}
		l->orig = (uint32_t)(im->n + 1);
		im->n++;
		if (!nl) {
			im->final_eol = 0;
			break;
		}
		i = end + 1;
	}
	im->crlf = ncrlf * 2 > im->n;
	/* the ending an unterminated last line gets if an edit gives it one */
	if (!im->final_eol && im->n)
		im->v[im->n - 1].crlf = (uint8_t)im->crlf;
	return 0;
}

int sm_image_splice(sm_image *im, size_t at, size_t del, const sm_line *ins, size_t nins)
{
	size_t tail;

	if (at > im->n || del > im->n - at)
		return SEAM_EUSAGE;
	if (nins > del && reserve(im, im->n - del + nins))
		return SEAM_ENOMEM;
	if (im->ix) {
		/* the index follows, told while the image still has the lines going away */
		sm_lhashes nh = {NULL, sizeof(*ins)};
		if (nins)
			nh.base = (const char *)&ins[0].h_indent;
		if (sm_lindex_splice(im->ix, sm_image_hashes(im), at, del, nh, nins)) {
			/* the index is a shortcut: without it the tiers scan */
			sm_lindex_free(im->ix);
			im->ix = NULL;
		}
	}
	tail = im->n - at - del;
	if (tail && nins != del) /* (a line for a line moves nothing) */
		memmove(im->v + at + nins, im->v + at + del, tail * sizeof(*im->v));
	if (nins)
		memcpy(im->v + at, ins, nins * sizeof(*ins));
	im->n = im->n - del + nins;
	return 0;
}

void sm_image_index(sm_image *im)
{
	if (im->ix || !im->searched++)
		return;
	im->ix = sm_lindex_build(sm_image_hashes(im), im->n, sm_text_hash("", 0, SM_LVL_INDENT));
}

void sm_image_drop_index(sm_image *im)
{
	sm_lindex_free(im->ix);
	im->ix = NULL;
}

int sm_image_has(const sm_image *im, uint64_t h, size_t lo, size_t hi)
{
	size_t j;

	if (hi > im->n)
		hi = im->n;
	/* the index leaves the blank line's hash out */
	if (im->ix && h != sm_text_hash("", 0, SM_LVL_INDENT))
		return sm_lindex_find(im->ix, sm_image_hashes(im), h, lo, hi, NULL, 0) > 0;
	for (j = lo; j < hi; j++)
		if (sm_image_hx(im, j) == h)
			return 1;
	return 0;
}

/* The bytes sm_image_render writes. */
static size_t render_size(const sm_image *im)
{
	size_t i, n = im->bom ? 3 : 0;

	for (i = 0; i < im->n; i++) {
		n += im->v[i].n;
		if (i + 1 == im->n && !im->final_eol)
			break;
		n += im->cr ? 1 : (im->v[i].crlf ? 2 : 1);
	}
	return n;
}

/* The line ending rendering writes after line l. */
static const char *eol_of(const sm_image *im, const sm_line *l)
{
	return im->cr ? "\r" : (l->crlf ? "\r\n" : "\n");
}

/*
 * 1 when line i, the ending written after it and line i + 1 are one stretch of the file's bytes:
 * two lines read from the file, one after the other (their original numbers follow, and the
 * second starts right after the first's ending, so both point into the one buffer the file was
 * read into and the bytes between them are its), and that ending is the one rendering writes.
 */
static int as_written(const sm_image *im, size_t i)
{
	const sm_line *a = &im->v[i], *b = a + 1;
	size_t el = im->cr ? 1 : (a->crlf ? 2 : 1);

	if (!a->orig || b->orig != a->orig + 1 ||
	    (uintptr_t)b->p - (uintptr_t)a->p != a->n + el)
		return 0;
	return !memcmp(a->p + a->n, eol_of(im, a), el);
}

int sm_image_render(const sm_image *im, sm_buf *out)
{
	size_t i;

	/* one allocation of the result's size, not a doubling buffer up to twice it */
	if (!out->ptr && !out->failed) {
		size_t n = render_size(im);
		out->ptr = n < SIZE_MAX ? sm_malloc(n + 1) : NULL;
		if (!out->ptr)
			return SEAM_ENOMEM;
		out->cap = n + 1;
		out->len = 0;
		out->ptr[0] = '\0';
	}

	if (im->bom)
		sm_buf_put(out, "\xEF\xBB\xBF", 3);
	for (i = 0; i < im->n; i++) {
		const sm_line *l = &im->v[i];
		const char *from = l->p;

		/* a run of lines lying in the file's bytes as they will be written: one copy */
		while (i + 1 < im->n && as_written(im, i))
			i++;
		l = &im->v[i];
		sm_buf_put(out, from, (size_t)(l->p - from) + l->n);
		if (i + 1 == im->n && !im->final_eol)
			break;
		sm_buf_put(out, eol_of(im, l), im->cr ? 1 : (l->crlf ? 2 : 1));
	}
	return sm_buf_failed(out) ? SEAM_ENOMEM : 0;
}

int sm_image_copy(sm_image *dst, const sm_image *src)
{
	*dst = *src;
	dst->v = NULL;
	dst->ix = NULL;
	dst->cap = 0;
	if (src->n && reserve_exact(dst, src->n)) {
		sm_image_dispose(dst);
		return SEAM_ENOMEM;
	}
	if (src->n) {
		memcpy(dst->v, src->v, src->n * sizeof(*src->v));
	}
	return 0;
}

void sm_image_dispose(sm_image *im)
{
	sm_free(im->v);
	sm_lindex_free(im->ix);
	im->ix = NULL;
	im->v = NULL;
	im->n = im->cap = 0;
}

long sm_image_orig_near(const sm_image *im, size_t i)
{
	size_t k;

	if (i < im->n && im->v[i].orig)
		return im->v[i].orig;
	for (k = 1; k <= im->n; k++) {
		if (i >= k && i - k < im->n && im->v[i - k].orig)
			return (long)im->v[i - k].orig + 1;
		if (i + k < im->n && im->v[i + k].orig)
			return im->v[i + k].orig;
	}
	return 1;
}
