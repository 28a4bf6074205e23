#include "edit.h"
#include "../../util/alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t path_hash(const char *p, size_t n)
{
	return sm_text_hash(p, n, SM_LVL_EXACT);
}

/* Fills the path index (r->index, r->index_cap slots) from the update fileops. */
static void index_fill(seam_reply *r)
{
	size_t i, j, mask = r->index_cap - 1;

	memset(r->index, 0, r->index_cap * sizeof(*r->index));
	for (i = 0; i < r->nfiles; i++) {
		if (r->files[i].op != SEAM_OP_UPDATE || r->files[i].copy)
			continue;
		for (j = path_hash(r->files[i].path, strlen(r->files[i].path)) & mask; r->index[j];
		     j = (j + 1) & mask)
			;
		r->index[j] = i + 1;
	}
}

/* Rebuilds the path index at twice the size. SEAM_ENOMEM when out of memory. */
static int index_grow(seam_reply *r)
{
	size_t cap = r->index_cap ? r->index_cap * 2 : 64;
	size_t *t = sm_calloc(cap, sizeof(*t));

	if (!t)
		return SEAM_ENOMEM;
	sm_free(r->index);
	r->index = t;
	r->index_cap = cap;
	index_fill(r);
	return 0;
}

void sm_reply_reindex(seam_reply *r)
{
	if (r->index_cap)
		index_fill(r);
}

void sm_reply_drop_empty_updates(seam_reply *r)
{
	size_t i, k = 0;

	for (i = 0; i < r->nfiles; i++) {
		sm_fileop *f = &r->files[i];
		if (f->op == SEAM_OP_UPDATE && !f->nedits && !f->move_to && !f->mode && !f->refuse) {
			sm_reply_note(r, f->reply_line, "%s: a header with no change after it, skipped",
				      f->path);
			sm_free(f->edits);
			sm_free(f->path);
			continue;
		}
		if (k != i)
			r->files[k] = *f;
		k++;
	}
	if (k == r->nfiles)
		return;
	r->nfiles = k;
	if (r->index_cap)
		index_fill(r);
}

void sm_reply_keep_files(seam_reply *r, const unsigned char *keep)
{
	size_t i, j, k = 0;

	for (i = 0; i < r->nfiles; i++) {
		sm_fileop *f = &r->files[i];
		if (!keep[i]) {
			for (j = 0; j < f->nedits; j++) {
				sm_free(f->edits[j].lines);
				sm_free(f->edits[j].anchors);
				sm_free(f->edits[j].literal);
			}
			r->total_edits -= f->nedits <= r->total_edits ? f->nedits : r->total_edits;
			sm_free(f->edits);
			sm_free(f->path);
			sm_free(f->move_to);
			continue;
		}
		if (k != i)
			r->files[k] = *f;
		k++;
	}
	r->nfiles = k;
	if (r->index_cap)
		index_fill(r);
}

sm_fileop *sm_reply_copy(seam_reply *r, const char *path, size_t n, const char *to, size_t tn,
			 long reply_line)
{
	sm_fileop *f;

	if (memchr(path, '\0', n) || memchr(to, '\0', tn))
		return NULL;
	/* not in the path index: a copy's edits are its own, not those of its source */
	if (sm_grow((void **)&r->files, &r->cap, r->nfiles + 1, sizeof(*r->files)))
		return NULL;
	f = &r->files[r->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = sm_strndup(path, n);
	f->move_to = sm_strndup(to, tn);
	if (!f->path || !f->move_to) {
		sm_free(f->path);
		sm_free(f->move_to);
		return NULL;
	}
	f->op = SEAM_OP_UPDATE;
	f->copy = 1;
	f->reply_line = reply_line;
	r->nfiles++;
	return f;
}

sm_fileop *sm_reply_file(seam_reply *r, const char *path, size_t n, seam_op_t op, long reply_line)
{
	size_t j = 0;
	sm_fileop *f;

	if (memchr(path, '\0', n))
		return NULL;
	/* Updates of one path merge; a hash index keeps that linear in the number of files. */
	if (op == SEAM_OP_UPDATE) {
		if ((r->nfiles + 1) * 2 > r->index_cap && index_grow(r))
			return NULL;
		for (j = path_hash(path, n) & (r->index_cap - 1); r->index[j];
		     j = (j + 1) & (r->index_cap - 1)) {
			f = &r->files[r->index[j] - 1];
			if (!strncmp(f->path, path, n) && f->path[n] == '\0')
				return f;
		}
	}
	if (sm_grow((void **)&r->files, &r->cap, r->nfiles + 1, sizeof(*r->files)))
		return NULL;
	f = &r->files[r->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = sm_strndup(path, n);
	if (!f->path)
		return NULL;
	f->op = op;
	f->reply_line = reply_line;
	if (op == SEAM_OP_UPDATE)
		r->index[j] = r->nfiles + 1;
	r->nfiles++;
	return f;
}

sm_edit *sm_fileop_add_edit(seam_reply *r, sm_fileop *f, long reply_line)
{
	sm_edit *e;

	if (r->max_edits && r->total_edits >= r->max_edits)
		return NULL;
	if (sm_grow((void **)&f->edits, &f->cap, f->nedits + 1, sizeof(*f->edits)))
		return NULL;
	e = &f->edits[f->nedits++];
	memset(e, 0, sizeof(*e));
	e->hint_len = -1;
	e->reply_line = reply_line;
	r->total_edits++;
	return e;
}

void sm_fileop_drop_last_edit(seam_reply *r, sm_fileop *f)
{
	if (!f->nedits)
		return;
	f->nedits--;
	sm_free(f->edits[f->nedits].lines);
	sm_free(f->edits[f->nedits].anchors);
	sm_free(f->edits[f->nedits].literal);
	r->total_edits--;
}

int sm_edit_add_line(sm_edit *e, char kind, const char *p, size_t n)
{
	if (sm_grow((void **)&e->lines, &e->cap, e->nlines + 1, sizeof(*e->lines)))
		return SEAM_ENOMEM;
	e->lines[e->nlines].text.p = p;
	e->lines[e->nlines].text.n = n;
	e->lines[e->nlines].kind = kind;
	e->lines[e->nlines].no = 0;
	e->lines[e->nlines].reply_line = 0;
	e->nlines++;
	return 0;
}

int sm_edit_add_hline(sm_edit *e, const sm_hline *hl)
{
	if (sm_edit_add_line(e, hl->kind, hl->text.p, hl->text.n))
		return SEAM_ENOMEM;
	e->lines[e->nlines - 1].no = hl->no;
	e->lines[e->nlines - 1].reply_line = hl->reply_line;
	return 0;
}

int sm_edit_add_text(sm_edit *e, char kind, const char *text, size_t n, long reply_line)
{
	size_t at = 0;

	while (at < n) {
		const char *p = text + at;
		size_t k = sm_text_next_line(text, n, &at, NULL);
		if (k && p[k - 1] == '\r')
			k--;
		if (sm_edit_add_hline(e, &(sm_hline){.text = {p, k}, .kind = kind,
							   .reply_line = reply_line}))
			return SEAM_ENOMEM;
	}
	return 0;
}

int sm_edit_add_anchor(sm_edit *e, const char *p, size_t n)
{
	if (sm_grow((void **)&e->anchors, &e->acap, e->nanchors + 1, sizeof(*e->anchors)))
		return SEAM_ENOMEM;
	e->anchors[e->nanchors].p = p;
	e->anchors[e->nanchors].n = n;
	e->nanchors++;
	return 0;
}

const char *sm_edit_kind_name(sm_edit_kind k)
{
	static const char *const names[SM_KIND_COUNT] = {
		[SM_KIND_HUNK] = "hunk",     [SM_KIND_BLOCK] = "block", [SM_KIND_LINES] = "lines",
		[SM_KIND_INSERT] = "insert", [SM_KIND_FAST] = "fast",
	};
	return (unsigned)k < SM_KIND_COUNT ? names[k] : "?";
}

size_t sm_edit_count(const sm_edit *e, char kind)
{
	size_t i, c = 0;
	for (i = 0; i < e->nlines; i++)
		c += e->lines[i].kind == kind;
	return c;
}

void sm_reply_note(seam_reply *r, long line, const char *fmt, ...)
{
	va_list ap;

	if (line > 0)
		sm_buf_printf(&r->notes, "line %ld: ", line);
	va_start(ap, fmt);
	sm_buf_vprintf(&r->notes, fmt, ap);
	va_end(ap);
	sm_buf_putc(&r->notes, '\n');
}

char *sm_reply_keep(seam_reply *r, const char *p, size_t n)
{
	char *s;

	if (sm_grow((void **)&r->kept, &r->kcap, r->nkept + 1, sizeof(*r->kept)))
		return NULL;
	s = sm_strndup(p, n);
	if (s)
		r->kept[r->nkept++] = s;
	return s;
}

void sm_reply_clear(seam_reply *r)
{
	size_t i, j;

	for (i = 0; i < r->nfiles; i++) {
		for (j = 0; j < r->files[i].nedits; j++) {
			sm_free(r->files[i].edits[j].lines);
			sm_free(r->files[i].edits[j].anchors);
			sm_free(r->files[i].edits[j].literal);
		}
		sm_free(r->files[i].edits);
		sm_free(r->files[i].path);
		sm_free(r->files[i].move_to);
	}
	sm_free(r->files);
	r->files = NULL;
	r->nfiles = r->cap = 0;
	sm_free(r->index);
	r->index = NULL;
	r->index_cap = 0;
	for (i = 0; i < r->nkept; i++)
		sm_free(r->kept[i]);
	sm_free(r->kept);
	r->kept = NULL;
	r->nkept = r->kcap = 0;
	r->total_edits = 0;
	r->mixed_line = 0;
}

int sm_reply_number_lines(seam_reply *r)
{
	size_t *nl = NULL, nnl = 0, i, j, k;
	uintptr_t t0 = (uintptr_t)r->text;

	if (!r->text)
		return 0;
	for (i = 0; i < r->nfiles; i++)
		for (j = 0; j < r->files[i].nedits; j++) {
			const sm_edit *e = &r->files[i].edits[j];
			for (k = 0; k < e->nlines; k++) {
				sm_hline *hl = &e->lines[k];
				uintptr_t a = (uintptr_t)hl->text.p;
				if (hl->reply_line || a < t0 || a - t0 > r->len)
					continue;
				/* one pass over the reply the first time a line needs it */
				if (!nl && sm_text_newlines(r->text, r->len, &nl, &nnl))
					return SEAM_ENOMEM;
				hl->reply_line = sm_text_line_at(nl, nnl, (size_t)(a - t0));
			}
		}
	sm_free(nl);
	return 0;
}

struct sm_line_no {
	uintptr_t p;
	long no;
};

static int by_address(const void *a, const void *b)
{
	uintptr_t x = ((const struct sm_line_no *)a)->p, y = ((const struct sm_line_no *)b)->p;
	return x < y ? SEAM_ENOMEM : x > y;
}

int sm_line_numbers_make(sm_line_numbers *t, const sm_fileop *op)
{
	size_t cap = 0, j, k;

	memset(t, 0, sizeof(*t));
	for (j = 0; j < op->nedits; j++)
		for (k = 0; k < op->edits[j].nlines; k++) {
			const sm_hline *hl = &op->edits[j].lines[k];
			if (!hl->reply_line)
				continue;
			if (sm_grow((void **)&t->v, &cap, t->n + 1, sizeof(*t->v))) {
				sm_line_numbers_dispose(t);
				return SEAM_ENOMEM;
			}
			t->v[t->n].p = (uintptr_t)hl->text.p;
			t->v[t->n++].no = hl->reply_line;
		}
	if (t->n)
		qsort(t->v, t->n, sizeof(*t->v), by_address);
	return 0;
}

long sm_line_numbers_at(const sm_line_numbers *t, const char *p)
{
	size_t lo = 0, hi = t->n;
	uintptr_t a = (uintptr_t)p;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->v[mid].p < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->v[lo].p == a ? t->v[lo].no : 0;
}

void sm_line_numbers_dispose(sm_line_numbers *t)
{
	sm_free(t->v);
	memset(t, 0, sizeof(*t));
}

int sm_fileop_number_like(const sm_fileop *op, sm_edit *e)
{
	sm_line_numbers t;
	size_t k;

	if (sm_line_numbers_make(&t, op))
		return SEAM_ENOMEM;
	for (k = 0; t.n && k < e->nlines; k++) {
		long no = sm_line_numbers_at(&t, e->lines[k].text.p);
		if (no)
			e->lines[k].reply_line = no;
	}
	sm_line_numbers_dispose(&t);
	return 0;
}
