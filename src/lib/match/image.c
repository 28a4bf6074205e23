#include "image.h"
#include "line_index.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <string.h>

/* no line (SM_NOLINE of match.h) */
#define NOLINE ((size_t)-1)

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

/* The store grows by 1/IMAGE_GROW of itself: still a constant factor (its growth stays linear
 * overall), not a doubling: a file's store is made at its exact size, and an edit adding one
 * line must not make it twice as big (issue 12's memory bound). */
#define IMAGE_GROW 64

/* Room in the store for `need` entries (its lines never move in it: realloc only). */
static int reserve(sm_image *im, size_t need)
{
	size_t cap = im->cap + im->cap / IMAGE_GROW;
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

/* Room for `need` runs. */
static int reserve_pieces(sm_image *im, size_t need)
{
	size_t cap = im->cappc ? im->cappc : 4;
	sm_piece *pc;

	if (need <= im->cappc)
		return 0;
	while (cap < need)
		cap *= 2;
	pc = sm_realloc(im->pc, cap * sizeof(*pc));
	if (!pc)
		return SEAM_ENOMEM;
	im->pc = pc;
	im->cappc = cap;
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

/* The index in pc of the run holding line i (i < n): a binary search. */
static size_t piece_of(const sm_image *im, size_t i)
{
	size_t a = 0, b = im->npc;

	while (b - a > 1) {
		size_t mid = a + (b - a) / 2;
		if (im->pc[mid].at <= i)
			a = mid;
		else
			b = mid;
	}
	return a;
}

size_t sm_image_seek(const sm_image *im, size_t i)
{
	size_t k = im->fk;

	/* the runs next to the finger's first (a scan crossing into the next run), then a
	   binary search */
	if (k + 1 < im->npc && i - im->pc[k + 1].at < im->pc[k + 1].len)
		k++;
	else if (k && i - im->pc[k - 1].at < im->pc[k - 1].len)
		k--;
	else
		k = piece_of(im, i);
	/* the finger is no part of the image's value (a cache of where reads are): set through
	   a const image as sm_ln hands out its lines */
	((sm_image *)im)->fk = k;
	return im->pc[k].slot + (i - im->pc[k].at);
}

/* One run: the store's lines [slot, slot + n) are the file. */
static int one_piece(sm_image *im, size_t slot, size_t n)
{
	im->npc = 0;
	im->fk = 0;
	im->base = slot;
	if (!n)
		return 0;
	if (reserve_pieces(im, 1))
		return SEAM_ENOMEM;
	im->pc[0].at = 0;
	im->pc[0].slot = slot;
	im->pc[0].len = n;
	im->npc = 1;
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
		im->n++;
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
	im->nv = im->mono = im->n;
	if (one_piece(im, 0, im->n)) {
		sm_image_dispose(im);
		return SEAM_ENOMEM;
	}
	return 0;
}

/* 1 when a and b are the same line record (a line a splice writes back as it was). */
static int same_record(const sm_line *a, const sm_line *b)
{
	return a->p == b->p && a->n == b->n && a->orig == b->orig && a->crlf == b->crlf &&
	       a->h_rstrip == b->h_rstrip && a->h_indent == b->h_indent && a->same == b->same &&
	       a->blank == b->blank;
}

/* The first run whose lines end after line q (npc when none). */
static size_t piece_after(const sm_image *im, size_t q)
{
	if (!im->npc || q >= im->n)
		return im->npc;
	return piece_of(im, q);
}

size_t sm_image_runs_after(const sm_image *im, size_t at)
{
	size_t k = piece_after(im, at);

	return k < im->npc ? im->npc - k - 1 : 0;
}

/* The line-number map forgets line (entry) e going away. */
static void oat_drop(sm_image *im, size_t e)
{
	uint32_t o = im->v[e].orig;

	if (im->oat && o && o < im->noat && im->oat[o] == e)
		im->oat[o] = NOLINE;
}

/* The line-number map takes line (entry) e coming in. */
static void oat_take(sm_image *im, size_t e)
{
	uint32_t o = im->v[e].orig;

	if (!im->oat || !o || o >= im->noat)
		return;
	/* a number standing twice: which one is first is the map made again */
	if (im->oat[o] != NOLINE)
		im->oat_stale = 1;
	else
		im->oat[o] = e;
}

/* The line index told of the splice, with the hashes of the lines going away (they may lie in
 * several runs: copied out, a splice's own lines). The index is a shortcut: without it the
 * tiers scan (the next search makes it again). */
static void index_splice(sm_image *im, size_t at, size_t del, const sm_line *ins, size_t nins)
{
	uint64_t small[64], *h = small;
	sm_lhashes oh = {NULL, sizeof(uint64_t)}, nh = {NULL, sizeof(*ins)};
	size_t i;

	if (del > sizeof(small) / sizeof(small[0]) && !(h = sm_malloc(del * sizeof(*h)))) {
		sm_image_drop_index(im);
		return;
	}
	for (i = 0; i < del; i++)
		h[i] = sm_hx(im, at + i);
	oh.base = (const char *)h;
	if (nins)
		nh.base = (const char *)&ins[0].h_indent;
	if (sm_lindex_splice(im->ix, oh, at, del, nh, nins))
		sm_image_drop_index(im);
	if (h != small)
		sm_free(h);
}

int sm_image_adopt(sm_image *im, sm_line *v, size_t n)
{
	if (one_piece(im, 0, n))
		return SEAM_ENOMEM;
	im->v = v;
	im->n = im->nv = im->cap = im->mono = n;
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
	size_t i, k, k0, end, nv0 = im->nv, nrep = 0, whole;
	sm_piece rep[3];
	int placed = 0;

	if (at > im->n || del > im->n - at)
		return SEAM_EUSAGE;
	/* the lines written back as they were at either end (a hunk's context) stay where they
	   are: neither leave nor come in (as the index takes them, line_index.c) */
	while (del && nins && same_record(sm_ln(im, at), &ins[0])) {
		at++;
		del--;
		ins++;
		nins--;
	}
	while (del && nins && same_record(sm_ln(im, at + del - 1), &ins[nins - 1])) {
		del--;
		nins--;
	}
	if (!del && !nins)
		return 0;
	/* the whole file replaced: every entry of the store is gone, the new lines are written
	   from its start (a reply rewriting a file whole again and again does not grow it) */
	whole = del == im->n;
	if (whole)
		nv0 = 0;
	/* room first, so that a failure leaves the image as it was: as many lines in as out are
	   written where the old ones are (no room, no run); else the new lines go at the store's
	   end, and the runs gain at most two */
	if (del != nins && (reserve(im, nv0 + nins) || reserve_pieces(im, im->npc + 2)))
		return SEAM_ENOMEM;
	if (im->ix)
		index_splice(im, at, del, ins, nins);
	for (i = 0; im->oat && i < del; i++)
		oat_drop(im, sm_ph(im, at + i));
	if (del == nins) {
		for (i = 0; i < nins; i++) {
			size_t e = sm_ph(im, at + i);
			im->v[e] = ins[i];
			oat_take(im, e);
		}
		return 0;
	}
	for (i = 0; i < nins; i++) {
		im->v[nv0 + i] = ins[i];
		oat_take(im, nv0 + i);
	}
	im->nv = nv0 + nins;
	/* the runs [k0, k) the lines [at, end) fall in become what is left of them before and
	   after, with the new lines' run between (a left part ends before its run does, so
	   before the store's end: the new lines never go on it) */
	end = at + del;
	k0 = piece_after(im, at);
	for (k = k0; k < im->npc && im->pc[k].at < end; k++) {
		const sm_piece *c = &im->pc[k];
		if (c->at < at) {
			rep[nrep].at = c->at;
			rep[nrep].slot = c->slot;
			rep[nrep++].len = at - c->at;
		}
		if (c->at + c->len > end) {
			if (nins) {
				rep[nrep].at = at;
				rep[nrep].slot = nv0;
				rep[nrep++].len = nins;
				placed = 1;
			}
			rep[nrep].at = at + nins;
			rep[nrep].slot = c->slot + (end - c->at);
			rep[nrep++].len = c->at + c->len - end;
		}
	}
	if (nins && !placed) {
		if (!nrep && k0 > 0 && im->pc[k0 - 1].at + im->pc[k0 - 1].len == at &&
		    im->pc[k0 - 1].slot + im->pc[k0 - 1].len == nv0) {
			/* right after the store's last run, in the file and in the store (lines
			   added one after another): that run grows */
			im->pc[k0 - 1].len += nins;
		} else {
			rep[nrep].at = at;
			rep[nrep].slot = nv0;
			rep[nrep++].len = nins;
		}
	}
	/* pieces [k0, k) become rep[0, nrep); those after move by nins - del */
	{
		size_t tail = im->npc - k;
		memmove(im->pc + k0 + nrep, im->pc + k, tail * sizeof(*im->pc));
		memcpy(im->pc + k0, rep, nrep * sizeof(*rep));
		for (i = k0 + nrep; i < k0 + nrep + tail; i++)
			im->pc[i].at = im->pc[i].at + nins - del;
		im->npc = k0 + nrep + tail;
	}
	im->n = im->n - del + nins;
	im->fk = k0 < im->npc ? k0 : (im->npc ? im->npc - 1 : 0);
	im->base = im->npc ? im->pc[0].slot : 0;
	/* the whole file rewritten: the new run is the store, in order */
	if (whole)
		im->mono = im->nv;
	return 0;
}

void sm_image_index(sm_image *im)
{
	sm_lhashes store = {NULL, sizeof(sm_line)};

	if (im->ix && sm_lindex_worn(im->ix))
		sm_image_drop_index(im); /* its upkeep has cost more than making it again */
	if (im->ix || !im->searched++)
		return;
	if (im->v)
		store.base = (const char *)&im->v[0].h_indent;
	/* the lines in order, run after run, where they are in the store */
	im->ix = sm_lindex_build_runs(store, im->pc, im->npc, im->n,
				      sm_text_hash("", 0, SM_LVL_INDENT));
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

size_t sm_image_first(const sm_image *im, uint64_t h, size_t lo, size_t hi)
{
	size_t j, pos;

	if (hi > im->n)
		hi = im->n;
	/* the index leaves the blank line's hash out */
	if (im->ix && h != sm_text_hash("", 0, SM_LVL_INDENT))
		return sm_image_find(im, h, lo, hi, &pos, 1) ? pos : NOLINE;
	for (j = lo; j < hi; j++)
		if (sm_hx(im, j) == h)
			return j;
	return NOLINE;
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

/* 1 when run k holds store entry e. */
static int holds(const sm_image *im, size_t k, size_t e)
{
	return k < im->npc && e - im->pc[k].slot < im->pc[k].len;
}

/* The run holding store entry e (which is in one), npc when none does. */
static size_t piece_of_entry(const sm_image *im, size_t e)
{
	size_t a, b, k;

	if (holds(im, im->fk, e))
		return im->fk;
	if (holds(im, im->fk + 1, e))
		return im->fk + 1;
	if (im->fk && holds(im, im->fk - 1, e))
		return im->fk - 1;
	if (e < im->mono) {
		/* the runs of the entries below mono are in file order in pc, those of the
		   splices' lines between them: a binary search over the former, stepping over
		   the latter */
		a = 0;
		b = im->npc;
		while (a < b) {
			size_t mid = a + (b - a) / 2, j = mid;
			while (j < b && im->pc[j].slot >= im->mono)
				j++;
			if (j == b) {
				b = mid;
				continue;
			}
			if (holds(im, j, e))
				return j;
			if (im->pc[j].slot < e)
				a = j + 1;
			else
				b = mid;
		}
		return im->npc;
	}
	/* a splice's line: the runs in turn */
	for (k = 0; k < im->npc; k++)
		if (holds(im, k, e))
			return k;
	return im->npc;
}

size_t sm_image_orig_at(const sm_image *im, long k)
{
	size_t e, r;

	if (k < 1 || (size_t)k >= im->noat || (e = im->oat[k]) == NOLINE)
		return NOLINE;
	if (im->npc <= 1)
		return e - im->base;
	r = piece_of_entry(im, e);
	if (r == im->npc)
		return NOLINE; /* not reached: the map holds only entries of lines in the file */
	((sm_image *)im)->fk = r; /* the finger, as sm_ln sets it */
	return im->pc[r].at + (e - im->pc[r].slot);
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
	size_t k, o = 0;

	*dst = *src;
	dst->v = NULL;
	dst->pc = NULL;
	dst->npc = dst->cappc = 0;
	dst->ix = NULL;
	dst->oat = NULL;
	dst->noat = 0;
	dst->cap = dst->nv = 0;
	if (src->n && reserve_exact(dst, src->n)) {
		sm_image_dispose(dst);
		return SEAM_ENOMEM;
	}
	/* the copy has its lines in order, in one run */
	for (k = 0; k < src->npc; k++) {
		memcpy(dst->v + o, src->v + src->pc[k].slot, src->pc[k].len * sizeof(*src->v));
		o += src->pc[k].len;
	}
	dst->nv = dst->mono = src->n;
	if (one_piece(dst, 0, src->n)) {
		sm_image_dispose(dst);
		return SEAM_ENOMEM;
	}
	return 0;
}

void sm_image_dispose(sm_image *im)
{
	sm_free(im->v);
	sm_free(im->pc);
	im->pc = NULL;
	im->npc = im->cappc = im->fk = im->base = 0;
	sm_lindex_free(im->ix);
	im->ix = NULL;
	sm_free(im->oat);
	im->oat = NULL;
	im->noat = 0;
	im->v = NULL;
	im->n = im->cap = im->nv = im->mono = 0;
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
