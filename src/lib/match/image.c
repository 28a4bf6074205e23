#include "image.h"
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <string.h>

/* no line (SM_NOLINE of match.h) */
#define NOLINE ((size_t)-1)

/* The line-number map (oat) follows lines [0, n) of entries from..from+n moved to to..to+n. */
static void oat_move(sm_image *im, size_t from, size_t to, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t o = im->v[to + i].orig;
		if (o && o < im->noat && im->oat[o] == from + i)
			im->oat[o] = to + i;
	}
}

void sm_line_init(sm_line *l, const char *p, size_t n)
{
	uint64_t h[SM_NLEVELS];

	l->p = p;
	l->n = n;
	sm_text_hash_upto_indent(p, n, h);
	l->h_rstrip = h[SM_LVL_RSTRIP];
	l->h_indent = h[SM_LVL_INDENT];
	l->same = (uint8_t)((h[SM_LVL_EXACT] == h[SM_LVL_RSTRIP] ? SM_LINE_SAME_EXACT : 0) |
			    (h[SM_LVL_TYPO] == h[SM_LVL_RSTRIP] ? SM_LINE_SAME_TYPO : 0));
	l->blank = (uint8_t)sm_text_is_blank(p, n);
	l->orig = 0;
	l->crlf = 0;
}

/* A table grows by 1/IMAGE_GROW of itself: still a constant factor (splicing stays linear
 * overall), not a doubling: a file's table is made at its exact size, and an edit adding one
 * line must not make it twice as big (issue 12's memory bound). Small, because the lines after
 * the gap move to the new end, so every page of the new room is touched at once: an eighth of
 * a 300,000-line table was 1.8 MB more peak memory for a strict diff than the table without a
 * gap (whose new room stays untouched); at 1/64 the moves cost no measurable time (200,000
 * lines growing by 100,000: 0.21-0.24 s user either way). */
#define IMAGE_GROW 64

/* Room for `need` lines, the lines after the gap moving to the new end (the line index, in
 * line numbers, is not told). */
static int reserve(sm_image *im, size_t need)
{
	size_t cap = im->cap + im->cap / IMAGE_GROW, tail = im->n - im->gap, grow;
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
	/* the lines after the gap stay at the end */
	grow = cap - im->cap;
	if (tail) {
		size_t from = im->cap - tail;
		memmove(im->v + from + grow, im->v + from, tail * sizeof(*im->v));
		if (im->oat)
			oat_move(im, from, from + grow, tail);
	}
	im->cap = cap;
	return 0;
}

/* Moves the gap to line `to`: the lines between it and there cross it (one move each, however
 * far the next splice is from the file's end; the line index is in line numbers and is not
 * told). */
static void move_gap(sm_image *im, size_t to)
{
	size_t g = im->cap - im->n, k;

	if (to < im->gap) {
		k = im->gap - to;
		memmove(im->v + to + g, im->v + to, k * sizeof(*im->v));
		if (im->oat && g)
			oat_move(im, to, to + g, k);
	} else if (to > im->gap) {
		k = to - im->gap;
		memmove(im->v + im->gap, im->v + im->gap + g, k * sizeof(*im->v));
		if (im->oat && g)
			oat_move(im, im->gap + g, im->gap, k);
	}
	im->gap = to;
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

/* The line of data[0..len) that starts at i < len, as a file's lines are read (eol ends them):
 * its text, line ending excluded, in *t, *crlf when that ending is CR LF; returns where the
 * next line starts, or 0 when this one is the last and has no line ending. */
static inline size_t line_at(const char *data, size_t len, size_t i, char eol, sm_span *t,
			       int *crlf)
{
	const char *nl = memchr(data + i, eol, len - i);
	size_t end = nl ? (size_t)(nl - data) : len;

	*crlf = nl && eol != '\r' && end > i && data[end - 1] == '\r';
	t->p = data + i;
	t->n = end - i - (size_t)*crlf;
	return nl ? end + 1 : 0;
}

/* The first byte of data[0..len) that is no byte order mark. */
static size_t text_start(const char *data, size_t len)
{
	return len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

int sm_image_load(sm_image *im, const char *data, size_t len)
{
	size_t i = 0, ncrlf = 0;
	char eol = sm_image_eol(data, len);

	memset(im, 0, sizeof(*im));
	im->final_eol = 1;
	i = text_start(data, len);
	im->bom = i > 0;
	im->cr = eol == '\r';
	if (reserve_exact(im, count_lines(data, i, len, eol)))
		return SEAM_ENOMEM;
	while (i < len) {
		sm_span t;
		int crlf;
		size_t next = line_at(data, len, i, eol, &t, &crlf);
		sm_line *l;

		/* the table was made at the count of lines: room, but for a count gone wrong */
		if (im->n >= im->cap && reserve(im, im->n + 1)) {
			sm_image_dispose(im);
			return SEAM_ENOMEM;
		}
		l = &im->v[im->n];
		sm_line_init(l, t.p, t.n);
		if (crlf) {
			l->crlf = 1;
			ncrlf++;
		}
		l->orig = (uint32_t)(im->n + 1);
		im->gap = ++im->n;
		if (!next) {
			im->final_eol = 0;
			break;
		}
		i = next;
	}
	im->crlf = ncrlf * 2 > im->n;
	/* the ending an unterminated last line gets if an edit gives it one */
	if (!im->final_eol && im->n)
		im->v[im->n - 1].crlf = (uint8_t)im->crlf;
	return 0;
}

int sm_file_lines_make(sm_file_lines *fl, const char *data, size_t len)
{
	size_t i = text_start(data, len), n;

	memset(fl, 0, sizeof(*fl));
	fl->data = data;
	fl->eol = sm_image_eol(data, len);
	n = count_lines(data, i, len, fl->eol);
	if (n >= SIZE_MAX / sizeof(*fl->at))
		return SEAM_ENOMEM;
	fl->at = sm_malloc((n + 1) * sizeof(*fl->at));
	if (!fl->at)
		return SEAM_ENOMEM;
	/* at[n]: one past the last line's ending, or (none) one past its end, so that line k
	   ends one byte before at[k + 1] */
	fl->at[0] = i;
	fl->final_eol = 1;
	while (i < len && fl->n < n) {
		sm_span t;
		int crlf;
		size_t next = line_at(data, len, i, fl->eol, &t, &crlf);
		fl->n++;
		if (!next) {
			fl->final_eol = 0;
			next = len + 1;
		}
		fl->at[fl->n] = i = next;
	}
	return 0;
}

sm_span sm_file_line(const sm_file_lines *fl, size_t k)
{
	sm_span t;
	size_t end = fl->at[k + 1] - 1;

	t.p = fl->data + fl->at[k];
	t.n = end - fl->at[k];
	/* as line_at: a CR before a line's LF is its ending's */
	if ((k + 1 < fl->n || fl->final_eol) && fl->eol != '\r' && t.n && t.p[t.n - 1] == '\r')
		t.n--;
	return t;
}

void sm_file_lines_dispose(sm_file_lines *fl)
{
	sm_free(fl->at);
	memset(fl, 0, sizeof(*fl));
}

int sm_image_splice(sm_image *im, size_t at, size_t del, const sm_line *ins, size_t nins)
{
	size_t i, e0;
	/* as many lines in as out, all on one side of the gap: written where they are, the gap
	   left where it is (edits out of order that keep the line count move no line) */
	int inplace = del == nins && (at + del <= im->gap || at >= im->gap);

	if (at > im->n || del > im->n - at)
		return SEAM_EUSAGE;
	if (!del && !nins)
		return 0;
	if (inplace) {
		e0 = sm_ph(im, at);
	} else {
		if (nins > del && reserve(im, im->n - del + nins))
			return SEAM_ENOMEM;
		/* the deleted lines just before the gap, then into it; the new ones fill it from
		   there */
		move_gap(im, at + del);
		e0 = at;
	}
	if (im->ix) {
		/* told while the table still has the lines going away, at entries [e0, e0 + del) */
		sm_lhashes nh = {NULL, sizeof(*ins)}, oh = sm_image_hashes(im);
		if (nins)
			nh.base = (const char *)&ins[0].h_indent;
		oh.base += (e0 - at) * oh.stride;
		if (sm_lindex_splice(im->ix, oh, at, del, nh, nins)) {
			/* the index is a shortcut: without it the tiers scan (the next search
			   makes it again) */
			sm_lindex_free(im->ix);
			im->ix = NULL;
		}
	}
	for (i = 0; im->oat && i < del; i++) {
		uint32_t o = im->v[e0 + i].orig;
		if (o && o < im->noat && im->oat[o] == e0 + i)
			im->oat[o] = NOLINE;
	}
	if (!inplace) {
		im->gap = at;
		im->n -= del;
	}
	for (i = 0; i < nins; i++) {
		uint32_t o = ins[i].orig;
		im->v[e0 + i] = ins[i];
		if (im->oat && o && o < im->noat) {
			/* a number standing twice: which one is first is the map made again */
			if (im->oat[o] != NOLINE)
				im->oat_stale = 1;
			else
				im->oat[o] = e0 + i;
		}
	}
	if (!inplace) {
		im->gap += nins;
		im->n += nins;
	}
	return 0;
}

void sm_image_index(sm_image *im)
{
	sm_lhashes lo, hi;

	if (im->ix && sm_lindex_worn(im->ix))
		sm_image_drop_index(im); /* its upkeep has cost more than making it again */
	if (im->ix || !im->searched++)
		return;
	/* the lines in order where they are, the gap left where it is: those after it are
	   cap - n entries further */
	lo = hi = sm_image_hashes(im);
	if (hi.base)
		hi.base += (im->cap - im->n) * hi.stride;
	im->ix = sm_lindex_build_split(lo, im->gap, hi, im->n, sm_text_hash("", 0, SM_LVL_INDENT));
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
		return sm_image_find(im, h, lo, hi, NULL, 0) > 0;
	for (j = lo; j < hi; j++)
		if (sm_hx(im, j) == h)
			return 1;
	return 0;
}

size_t sm_image_find(const sm_image *im, uint64_t h, size_t lo, size_t hi, size_t *pos,
		     size_t max)
{
	if (hi > im->n)
		hi = im->n;
	if (hi <= lo)
		return 0;
	return sm_lindex_find(im->ix, h, lo, hi, pos, max);
}

int sm_image_orig_map(sm_image *im, long norig)
{
	size_t j, n = norig > 0 ? (size_t)norig + 1 : 1;

	if (im->oat && im->noat == n && !im->oat_stale)
		return 0;
	sm_free(im->oat);
	im->noat = 0;
	im->oat_stale = 0;
	if (!(im->oat = sm_malloc(n * sizeof(*im->oat))))
		return SEAM_ENOMEM;
	im->noat = n;
	for (j = 0; j < n; j++)
		im->oat[j] = NOLINE;
	for (j = 0; j < im->n; j++) {
		uint32_t o = sm_ln(im, j)->orig;
		/* a line copied twice (a whole file repeating a range) keeps its first place */
		if (o && o < n) {
			if (im->oat[o] == NOLINE)
				im->oat[o] = sm_ph(im, j);
			else
				im->oat_stale = 1;
		}
	}
	return 0;
}

size_t sm_image_orig_at(const sm_image *im, long k)
{
	size_t p;

	if (k < 1 || (size_t)k >= im->noat || (p = im->oat[k]) == NOLINE)
		return NOLINE;
	return p < im->gap ? p : p - (im->cap - im->n);
}

/* The bytes sm_image_render writes. */
static size_t render_size(const sm_image *im)
{
	size_t i, n = im->bom ? 3 : 0;

	for (i = 0; i < im->n; i++) {
		const sm_line *l = sm_ln(im, i);
		n += l->n;
		if (i + 1 == im->n && !im->final_eol)
			break;
		n += im->cr ? 1 : (l->crlf ? 2 : 1);
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
	const sm_line *a = sm_ln(im, i), *b = sm_ln(im, i + 1);
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
		const sm_line *l = sm_ln(im, i);
		const char *from = l->p;

		/* a run of lines lying in the file's bytes as they will be written: one copy */
		while (i + 1 < im->n && as_written(im, i))
			i++;
		l = sm_ln(im, i);
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
	dst->oat = NULL;
	dst->noat = 0;
	dst->cap = 0;
	if (src->n && reserve_exact(dst, src->n)) {
		sm_image_dispose(dst);
		return SEAM_ENOMEM;
	}
	/* the copy has its lines in order, its gap (none) at the end */
	if (src->n) {
		size_t tail = src->n - src->gap;
		memcpy(dst->v, src->v, src->gap * sizeof(*src->v));
		memcpy(dst->v + src->gap, src->v + src->cap - tail, tail * sizeof(*src->v));
	}
	dst->gap = dst->n;
	return 0;
}

void sm_image_dispose(sm_image *im)
{
	sm_free(im->v);
	sm_lindex_free(im->ix);
	im->ix = NULL;
	sm_free(im->oat);
	im->oat = NULL;
	im->noat = 0;
	im->v = NULL;
	im->n = im->cap = im->gap = 0;
}

/* Line j's number before the reply: im's, or (im NULL) that of line j of a file as loaded. */
static uint32_t orig_of(const sm_image *im, size_t j)
{
	return im ? sm_ln(im, j)->orig : (uint32_t)(j + 1);
}

static long orig_near(const sm_image *im, size_t n, size_t i)
{
	size_t k;

	if (i < n && orig_of(im, i))
		return orig_of(im, i);
	for (k = 1; k <= n; k++) {
		if (i >= k && i - k < n && orig_of(im, i - k))
			return (long)orig_of(im, i - k) + 1;
		if (i + k < n && orig_of(im, i + k))
			return orig_of(im, i + k);
	}
	return 1;
}

long sm_image_orig_near(const sm_image *im, size_t i)
{
	return orig_near(im, im->n, i);
}

long sm_image_orig_near_loaded(size_t n, size_t i)
{
	return orig_near(NULL, n, i);
}
