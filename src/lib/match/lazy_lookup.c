/*
 * What the laziness guard looks lines up in, built once the first placeholder shows up (sets of
 * hashes, so that a whole file of placeholders stays linear), and the small reads of an edit's
 * lines around a placeholder that every part of the guard makes.
 */
#include "lazy_impl.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

/* Slots for n keys at most 3/4 full: linear probing stays short. Exactly that many, not the
 * next power of two, which made a whole file's tally up to 8/3 slots a line, not 4/3 (issue
 * 12's memory bound); a hash is taken to its slot by its high bits scaled to cap. */
static size_t slots_for(size_t n)
{
	size_t cap = n / 3 * 4 + (n % 3 * 4 + 4 + 2) / 3;
	return cap < 16 ? 16 : cap;
}

/* The first slot to probe for h among cap. */
static size_t slot_of(uint64_t h, size_t cap)
{
	if (cap <= UINT32_MAX)
		return (size_t)(((h >> 32) * (uint64_t)cap) >> 32);
	return (size_t)(h % cap);
}

static size_t next_slot(size_t i, size_t cap)
{
	return i + 1 == cap ? 0 : i + 1;
}

static void hset_add(hset *s, uint64_t h)
{
	size_t i;
	if (!h) {
		s->zero = 1;
		return;
	}
	for (i = slot_of(h, s->cap); s->v[i] && s->v[i] != h; i = next_slot(i, s->cap))
		;
	s->v[i] = h;
}

int sm_lazy_hset_has(const hset *s, uint64_t h)
{
	size_t i;
	if (!s->v)
		return 0;
	if (!h)
		return s->zero;
	for (i = slot_of(h, s->cap); s->v[i]; i = next_slot(i, s->cap))
		if (s->v[i] == h)
			return 1;
	return 0;
}

static int hset_init(hset *s, size_t n)
{
	size_t cap = slots_for(n);
	memset(s, 0, sizeof(*s));
	s->v = sm_calloc(cap, sizeof(*s->v));
	s->cap = cap;
	return s->v ? 0 : SEAM_ENOMEM;
}

int sm_lazy_tally_init(tally *t, size_t lines)
{
	size_t cap = slots_for(lines);
	memset(t, 0, sizeof(*t));
	if (lines > UINT32_MAX)
		return SEAM_ELIMIT;
	t->v = sm_calloc(cap, sizeof(*t->v));
	t->n = sm_calloc(2 * cap, sizeof(*t->n));
	t->cap = cap;
	return t->v && t->n ? 0 : -1;
}

/* The two counters of h (added when add, else NULL when h is not there). */
uint32_t *sm_lazy_tally_at(tally *t, uint64_t h, int add)
{
	size_t i;
	if (!h)
		return t->zero;
	for (i = slot_of(h, t->cap); t->v[i] && t->v[i] != h; i = next_slot(i, t->cap))
		;
	if (!t->v[i]) {
		if (!add)
			return NULL;
		t->v[i] = h;
	}
	return t->n + 2 * i;
}

/* 1 when h is in the set of the file's lines (empty when an index answers, sm_lazy_file_has); after
 * build. */
static int file_set_has(ctx *c, uint64_t h)
{
	if (c->whole) {
		const uint32_t *n = sm_lazy_tally_at(&c->sides, h, 0);
		return n && n[0] > 0;
	}
	return sm_lazy_hset_has(&c->file, h);
}

/* 1 when a line of the file has hash h (indentation-blind); after build. */
int sm_lazy_file_has(ctx *c, uint64_t h)
{
	if (c->im && c->im->ix) {
		c->work += sm_work_lookup(c->im);
		return sm_image_has(c->im, h, 0, c->im->n);
	}
	return file_set_has(c, h);
}

/* One key for two line texts in a row, a before b. */
uint64_t sm_lazy_pair_of(uint64_t a, uint64_t b)
{
	return (a ^ (a >> 29)) * 0x9e3779b97f4a7c15u + b;
}

int sm_lazy_build(ctx *c)
{
	size_t k, adds = 0, olds = 0, cand;
	int prev;

	if (c->built)
		return 0;
	/* an image with an index answers for its lines (sm_lazy_file_has), and a whole file's are
	   the edit's old side: no set of them */
	if ((!c->whole && hset_init(&c->file, c->im && !c->im->ix ? c->im->n : 0)) ||
	    sm_lazy_tally_init(&c->sides, c->e->nseq) || sm_lazy_tally_init(&c->exact, c->e->nseq))
		return SEAM_ENOMEM;
	for (k = 0; c->im && !c->im->ix && k < c->im->n; k++)
		hset_add(&c->file, sm_hx(c->im, k));
	if (c->im && !c->im->ix)
		c->work += sm_work_pass(0, c->im->n);
	for (k = 0; k < c->e->nseq; k++) {
		const sm_mline *ml = &c->e->seq[k];
		uint32_t *n = sm_lazy_tally_at(&c->sides, ml->l.h_indent, 1);
		n[0] += ml->kind != SM_HL_ADD;
		n[1] += sm_mline_is_new(ml);
		n = sm_lazy_tally_at(&c->exact, ml->l.h_rstrip, 1);
		n[0] += ml->kind != SM_HL_ADD;
		n[1] += sm_mline_is_new(ml);
		adds += ml->kind == SM_HL_ADD;
		olds += ml->kind != SM_HL_ADD;
	}
	/* the pass a set of the file's lines would have taken, as with an image */
	if (c->whole)
		c->work += sm_work_pass(0, olds);
	if (hset_init(&c->lone, adds) || hset_init(&c->pairs, adds))
		return SEAM_ENOMEM;
	for (k = 0; k + 1 < c->e->nseq; k++) {
		const sm_mline *a = &c->e->seq[k], *b = &c->e->seq[k + 1];
		if (a->kind == SM_HL_ADD && b->kind == SM_HL_ADD && !a->l.blank && !b->l.blank)
			hset_add(&c->pairs, sm_lazy_pair_of(a->l.h_indent, b->l.h_indent));
	}
	/* a line added alone: the non-blank new lines before and after it are kept ones */
	for (k = 0, cand = SM_NOLINE, prev = SM_HL_CTX; k < c->e->nseq; k++) {
		const sm_mline *ml = &c->e->seq[k];
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (cand != SM_NOLINE && ml->kind == SM_HL_CTX)
			hset_add(&c->lone, c->e->seq[cand].l.h_indent);
		cand = ml->kind == SM_HL_ADD && prev == SM_HL_CTX ? k : SM_NOLINE;
		prev = ml->kind == SM_HL_ADD ? SM_HL_ADD : SM_HL_CTX;
	}
	if (cand != SM_NOLINE)
		hset_add(&c->lone, c->e->seq[cand].l.h_indent);
	c->built = 1;
	return 0;
}

void sm_lazy_ctx_dispose(ctx *c)
{
	sm_free(c->file.v);
	sm_free(c->lone.v);
	sm_free(c->pairs.v);
	sm_free(c->lone_file.v);
	sm_free(c->lone_file.n);
	sm_free(c->sides.v);
	sm_free(c->sides.n);
	sm_free(c->exact.v);
	sm_free(c->exact.n);
}

/* The nearest line of the new side in direction dir (+1, -1) from k that is not blank, or
 * SM_NOLINE. A blank unchanged line bounds too when the reply marked every line itself (a
 * diff's hunk, not both sides given whole): there a '-' line beyond it is a deletion the model
 * wrote, not a line the placeholder stands for; when seam diffed the sides (blocks, numbered
 * lines), which blank line of the file the new side's blank line was paired with is the
 * diff's guess, so it does not bound. */
size_t sm_lazy_new_neighbour(const sm_medit *e, size_t k, int dir)
{
	while (dir < 0 ? k-- > 0 : ++k < e->nseq)
		if (sm_mline_is_new(&e->seq[k]) &&
		    (!e->seq[k].l.blank ||
		     (e->kind == SM_KIND_HUNK && !e->blocklike && e->seq[k].kind == SM_HL_CTX)))
			return k;
	return SM_NOLINE;
}

/* 1 when seq[k] is an unchanged line that can bound a span: context, not an elision (which
 * stands for lines of its own). */
int sm_lazy_bound(const sm_medit *e, size_t k)
{
	return k != SM_NOLINE && e->seq[k].kind == SM_HL_CTX && !e->seq[k].elide;
}

/* 1 when one of seq[lo, hi) is a context line the reply marked itself (sm_mline.given): a
 * diff's hunk pairs its lines as the model wrote them, and a slide that moves the unchanged
 * mark off it (to a deletion the model wrote beside it: "  x" then "- x") takes the model's
 * deletion into the placeholder's span, where it is restored, and the line the model deleted
 * stays. Only the pairings prep guessed may be taken back. */
int sm_lazy_given_in(const sm_medit *e, size_t lo, size_t hi)
{
	size_t k;

	for (k = lo; k < hi && k < e->nseq; k++)
		if (e->seq[k].given)
			return 1;
	return 0;
}

/*
 * The real lines seq[r0..r1) deletes: not blank, not elision markers, and of a
 * text the new side holds fewer copies of than the old side (a line moved elsewhere is not
 * gone; a line deleted here whose text the new side keeps in another place is: a whole file
 * repeats "}" and "pass" everywhere, and one copy fewer is a line lost). Fills gone, del0 and
 * del1.
 */
void sm_lazy_run_gone(ctx *c, size_t r0, size_t r1, sm_lazy_hit *hit)
{
	size_t d;
	for (d = r0; d < r1; d++) {
		const sm_mline *dl = &c->e->seq[d];
		const uint32_t *n;
		if (dl->kind != SM_HL_DEL || dl->keep || dl->l.blank ||
		    sm_is_elision(dl->l.p, dl->l.n))
			continue;
		n = sm_lazy_tally_at(&c->sides, dl->l.h_indent, 0);
		/* written elsewhere: moved, not gone. But a short line ("try:", "else:", "}")
		   the new side writes only at another depth is as likely new code of its own
		   as the old line moved (the line it opened or closed stays where it was) */
		if (n && n[1] >= n[0] &&
		    (sm_lazy_solid_chars(&dl->l, SM_LAZY_MOVED_MIN_CHARS) >=
		         SM_LAZY_MOVED_MIN_CHARS ||
		     ((n = sm_lazy_tally_at(&c->exact, dl->l.h_rstrip, 0)) != NULL &&
		      n[1] >= n[0])))
			continue;
		if (!hit->gone++)
			hit->del0 = d;
		hit->del1 = d;
	}
}

/* 1 when seq lines a and b have the same text, byte for byte. */
int sm_lazy_same_text(const sm_medit *e, size_t a, size_t b)
{
	return sm_line_same_bytes(&e->seq[a].l, &e->seq[b].l);
}

/* Non-blank characters of l, counted up to lim. */
size_t sm_lazy_solid_chars(const sm_line *l, size_t lim)
{
	size_t i, m = 0;
	for (i = 0; i < l->n && m < lim; i++)
		m += !isspace((unsigned char)l->p[i]);
	return m;
}

