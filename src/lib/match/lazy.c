/*
 * The laziness guard: which lines are placeholders (in the comment syntax of the file's
 * language), which of them take the place of real code, and the expansion of the ones that
 * stand for one span of the old side.
 */
#include "lazy.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof(*(a)))

/* A set of line hashes (open addressing; 0 stands for an empty slot, so hash 0 is kept
 * aside): membership in the file and in the new side in constant time, so that the guard stays
 * linear on a whole file of placeholders. */
typedef struct hset {
	uint64_t *v;
	size_t cap;
	int zero;
} hset;

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

static int hset_has(const hset *s, uint64_t h)
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

/* How many copies of each line text (indentation-blind) the old side and the new side hold:
 * open addressing on the hash, two counters a slot; hash 0 has counters of its own. */
typedef struct tally {
	uint64_t *v;
	/* n[2 * slot]: old side, n[2 * slot + 1]: new side; 32 bits, as the edit's lines
	   (tally_init): 8 bytes a slot, not 16 (issue 12's memory bound, a whole file's guard) */
	uint32_t *n;
	size_t cap;
	uint32_t zero[2];
} tally;

static int tally_init(tally *t, size_t lines)
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
static uint32_t *tally_at(tally *t, uint64_t h, int add)
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

/* What the guard looks lines up in, built when the first placeholder shows up. */
typedef struct ctx {
	const sm_medit *e;
	const sm_image *im;
	/* e's old side is the whole file (sm_lazy_guard_whole): the tally's old side answers for
	   the file's lines, and there is no set of them */
	int whole;
	hset file;
	tally sides;
	tally exact; /* as sides, by text with its indentation (h_rstrip) */
	hset lone; /* texts of lines added alone between kept lines (moved_out) */
	hset pairs; /* two non-blank lines added one after the other, as pair_of (moved_run) */
	/* copies in the file of each text of lone (file_repeats), counted when first asked on
	   an image without a line index */
	tally lone_file;
	int built;
	uint64_t work; /* in the file: its lines set, its index's lookups (sm_lazy_result) */
} ctx;

/* 1 when h is in the set of the file's lines (empty when an index answers, file_has); after
 * build. */
static int file_set_has(ctx *c, uint64_t h)
{
	if (c->whole) {
		const uint32_t *n = tally_at(&c->sides, h, 0);
		return n && n[0] > 0;
	}
	return hset_has(&c->file, h);
}

/* 1 when a line of the file has hash h (indentation-blind); after build. */
static int file_has(ctx *c, uint64_t h)
{
	if (c->im && c->im->ix) {
		c->work += sm_work_lookup(c->im);
		return sm_image_has(c->im, h, 0, c->im->n);
	}
	return file_set_has(c, h);
}

/* One key for two line texts in a row, a before b. */
static uint64_t pair_of(uint64_t a, uint64_t b)
{
	return (a ^ (a >> 29)) * 0x9e3779b97f4a7c15u + b;
}

static int build(ctx *c)
{
	size_t k, adds = 0, olds = 0, cand;
	int prev;

	if (c->built)
		return 0;
	/* an image with an index answers for its lines (file_has), and a whole file's are the
	   edit's old side: no set of them */
	if ((!c->whole && hset_init(&c->file, c->im && !c->im->ix ? c->im->n : 0)) ||
	    tally_init(&c->sides, c->e->nseq) || tally_init(&c->exact, c->e->nseq))
		return SEAM_ENOMEM;
	for (k = 0; c->im && !c->im->ix && k < c->im->n; k++)
		hset_add(&c->file, sm_hx(c->im, k));
	if (c->im && !c->im->ix)
		c->work += sm_work_pass(0, c->im->n);
	for (k = 0; k < c->e->nseq; k++) {
		const sm_mline *ml = &c->e->seq[k];
		uint32_t *n = tally_at(&c->sides, ml->l.h_indent, 1);
		n[0] += ml->kind != SM_HL_ADD;
		n[1] += sm_mline_is_new(ml);
		n = tally_at(&c->exact, ml->l.h_rstrip, 1);
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
			hset_add(&c->pairs, pair_of(a->l.h_indent, b->l.h_indent));
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

static void ctx_dispose(ctx *c)
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
static size_t new_neighbour(const sm_medit *e, size_t k, int dir)
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
static int bound(const sm_medit *e, size_t k)
{
	return k != SM_NOLINE && e->seq[k].kind == SM_HL_CTX && !e->seq[k].elide;
}

/* 1 when one of seq[lo, hi) is a context line the reply marked itself (sm_mline.given): a
 * diff's hunk pairs its lines as the model wrote them, and a slide that moves the unchanged
 * mark off it (to a deletion the model wrote beside it: "  x" then "- x") takes the model's
 * deletion into the placeholder's span, where it is restored, and the line the model deleted
 * stays. Only the pairings prep guessed may be taken back. */
static int given_in(const sm_medit *e, size_t lo, size_t hi)
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
static size_t solid_chars(const sm_line *l, size_t lim);

static void run_gone(ctx *c, size_t r0, size_t r1, sm_lazy_hit *hit)
{
	size_t d;
	for (d = r0; d < r1; d++) {
		const sm_mline *dl = &c->e->seq[d];
		const uint32_t *n;
		if (dl->kind != SM_HL_DEL || dl->keep || dl->l.blank ||
		    sm_is_elision(dl->l.p, dl->l.n))
			continue;
		n = tally_at(&c->sides, dl->l.h_indent, 0);
		/* written elsewhere: moved, not gone. But a short line ("try:", "else:", "}")
		   the new side writes only at another depth is as likely new code of its own
		   as the old line moved (the line it opened or closed stays where it was) */
		if (n && n[1] >= n[0] &&
		    (solid_chars(&dl->l, SM_LAZY_MOVED_MIN_CHARS) >= SM_LAZY_MOVED_MIN_CHARS ||
		     ((n = tally_at(&c->exact, dl->l.h_rstrip, 0)) != NULL && n[1] >= n[0])))
			continue;
		if (!hit->gone++)
			hit->del0 = d;
		hit->del1 = d;
	}
}

/* 1 when seq lines a and b have the same text, byte for byte. */
static int same_text(const sm_medit *e, size_t a, size_t b)
{
	const sm_line *x = &e->seq[a].l, *y = &e->seq[b].l;
	return x->n == y->n && !memcmp(x->p, y->p, x->n);
}

/* Non-blank characters of l, counted up to lim. */
static size_t solid_chars(const sm_line *l, size_t lim)
{
	size_t i, m = 0;
	for (i = 0; i < l->n && m < lim; i++)
		m += !isspace((unsigned char)l->p[i]);
	return m;
}

/*
 * Counts the copies in the file of each text of c->lone (c->lone_file), once, for file_repeats
 * on an image without a line index: one pass over the file. SEAM_ENOMEM when out of memory.
 */
static int count_lone_in_file(ctx *c)
{
	size_t k;

	if (!c->im || c->im->ix || c->lone_file.v || c->e->nold >= c->im->n)
		return 0;
	if (tally_init(&c->lone_file, c->lone.cap))
		return SEAM_ENOMEM;
	for (k = 0; k < c->im->n; k++) {
		uint64_t h = sm_hx(c->im, k);
		if (hset_has(&c->lone, h))
			tally_at(&c->lone_file, h, 1)[0]++;
	}
	c->work += sm_work_pass(0, c->im->n);
	return 0;
}

/*
 * 1 when the file holds more than one line of text h (a text of c->lone): the old side of a
 * block is a part of the file, and a copy outside it makes the line one the file repeats, as
 * much as a copy inside. 0 when the old side is the whole file (its tally counted every copy:
 * sm_lazy_guard_whole, or as many old lines as the image).
 * From the line index, else from count_lone_in_file's counts (made before: without them,
 * the answer is 1, the careful one).
 */
static int file_repeats(ctx *c, uint64_t h)
{
	const uint32_t *n;

	if (c->whole || !c->im || c->e->nold >= c->im->n)
		return 0;
	if (c->im->ix) {
		c->work += sm_work_lookup(c->im);
		return sm_image_find(c->im, h, 0, c->im->n, NULL, 0) > 1;
	}
	if (!c->lone_file.v)
		return 1;
	n = tally_at(&c->lone_file, h, 0);
	return n && n[0] > 1;
}

/* The old and new copies of seq[k]'s text (c->sides) when seq[k] is a deleted line, not short
 * (SM_LAZY_MOVED_MIN_CHARS), whose text the reply adds alone somewhere (c->lone); else NULL. */
static const uint32_t *added_alone(ctx *c, size_t k)
{
	const sm_mline *ml = &c->e->seq[k];

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide ||
	    solid_chars(&ml->l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS ||
	    !hset_has(&c->lone, ml->l.h_indent))
		return NULL;
	return tally_at(&c->sides, ml->l.h_indent, 0);
}

/*
 * What seq[k], a line the edit deletes in the span a placeholder stands for, is when a copy of
 * its text (indentation aside) is a line the reply adds alone between lines it keeps
 * (c->lone): 1, the line the reply moved there, not to be restored (written twice otherwise),
 * when the old side holds its text once and the new side once, that added line, and the file
 * no other copy (file_repeats); -1 when the old side or the file holds other copies (or the
 * new side does): the reply reads the same whether the
 * span's copy was moved out or written once more (a line the file repeats is as likely
 * written again as moved), and the guard cannot tell which. 0 when no copy is added alone (a
 * copy among other added lines is new code that happens to repeat it, and the span keeps its
 * own), and for a short line ("}", "pass": SM_LAZY_MOVED_MIN_CHARS).
 */
static int moved_out(ctx *c, size_t k)
{
	const uint32_t *n = added_alone(c, k);

	if (!n)
		return 0;
	return n[0] == 1 && n[1] == 1 && !file_repeats(c, c->e->seq[k].l.h_indent) ? 1 : -1;
}

/* How many lines of the file have text h (indentation-blind): from the line index, else one
 * pass over the image; the old side's copies when it is the whole file. */
static size_t file_copies(ctx *c, uint64_t h)
{
	size_t k, n = 0;
	const uint32_t *t;

	if (c->whole || !c->im) {
		t = tally_at(&c->sides, h, 0);
		return t ? t[0] : 0;
	}
	if (c->im->ix) {
		c->work += sm_work_lookup(c->im);
		return sm_image_find(c->im, h, 0, c->im->n, NULL, 0);
	}
	for (k = 0; k < c->im->n; k++)
		n += sm_hx(c->im, k) == h;
	c->work += sm_work_pass(0, c->im->n);
	return n;
}

/*
 * A line of seq[r0..r1) that run_gone took as moved (not gone: the new side writes its text
 * as often as the old side deletes it) though no copy of it is added alone (moved_out: 0)
 * and the file holds more copies of its text than the old side does: the copy the new side
 * writes may be one of the file's others, written again (a reply that left the file's next
 * line out of its old side writes it at the end of the new one), and the placeholder then
 * stands for this one, kept. Moved or kept, nothing in the reply tells. Its index, or
 * SM_NOLINE.
 */
static size_t moved_among_repeats(ctx *c, size_t r0, size_t r1)
{
	size_t d;

	for (d = r0; d < r1; d++) {
		const sm_mline *dl = &c->e->seq[d];
		const uint32_t *n;
		if (dl->kind != SM_HL_DEL || dl->keep || dl->l.blank || dl->elide ||
		    sm_is_elision(dl->l.p, dl->l.n) ||
		    solid_chars(&dl->l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS ||
		    hset_has(&c->lone, dl->l.h_indent))
			continue;
		n = tally_at(&c->sides, dl->l.h_indent, 0);
		if (!n || !n[1] || n[1] < n[0])
			continue;
		if (file_copies(c, dl->l.h_indent) > n[0])
			return d;
	}
	return SM_NOLINE;
}

/* 1 when seq[k] is a line added alone: the nearest non-blank new line on each side, if any,
 * is a kept one (the rule build() fills c->lone by). */
static int lone_at(const sm_medit *e, size_t k)
{
	int dir;

	if (e->seq[k].kind != SM_HL_ADD || e->seq[k].l.blank)
		return 0;
	for (dir = -1; dir <= 1; dir += 2) {
		size_t j = k;
		while (dir < 0 ? j-- > 0 : ++j < e->nseq)
			if (sm_mline_is_new(&e->seq[j]) && !e->seq[j].l.blank)
				break;
		if (j < e->nseq && e->seq[j].kind != SM_HL_CTX)
			return 0;
	}
	return 1;
}

/* The old line next to seq[k] in direction dir (past added lines), or SM_NOLINE. */
static size_t old_beside(const sm_medit *e, size_t k, int dir)
{
	while (dir < 0 ? k-- > 0 : ++k < e->nseq)
		if (e->seq[k].kind != SM_HL_ADD)
			return k;
	return SM_NOLINE;
}

/*
 * 1 when seq[k], a line the edit deletes in the span a placeholder stands for, is written by
 * the reply together with the old line right before or after it, as two added lines in a row
 * in the same order (c->pairs), neither short ("{" and "}" open and close every block, and
 * new code repeats them with any line: SM_LAZY_MOVED_MIN_CHARS): the two lines moved
 * out of the span (the one beside it may be the line that bounds the span, which the diff
 * then paired with the wrong copy), or new code that repeats them; restored, the file gets
 * them twice if they were moved. moved_out looks at a line added alone; a run of them was
 * taken for new code, and restored.
 */
static int moved_run(ctx *c, size_t k)
{
	const sm_medit *e = c->e;
	const sm_mline *ml = &e->seq[k];
	size_t p = old_beside(e, k, -1), q = old_beside(e, k, 1);

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide ||
	    solid_chars(&ml->l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS)
		return 0;
	return (p != SM_NOLINE &&
		solid_chars(&e->seq[p].l, SM_LAZY_MOVED_MIN_CHARS) >= SM_LAZY_MOVED_MIN_CHARS &&
		hset_has(&c->pairs, pair_of(e->seq[p].l.h_indent, ml->l.h_indent))) ||
	       (q != SM_NOLINE &&
		solid_chars(&e->seq[q].l, SM_LAZY_MOVED_MIN_CHARS) >= SM_LAZY_MOVED_MIN_CHARS &&
		hset_has(&c->pairs, pair_of(ml->l.h_indent, e->seq[q].l.h_indent)));
}

/*
 * 1 when the span placeholder h->ph stands for (between its nearest new lines) holds a line
 * that moved_out cannot place (-1), or, when runs, one the reply writes with its neighbour
 * (moved_run): then h names it and a copy the reply adds (h->moved_old, h->moved_new), for
 * the refusal; SEAM_ENOMEM when out of memory. The spans of
 * a reply's placeholders do not overlap: each line is looked at once.
 */
static int unsure_move(ctx *c, sm_lazy_hit *h, int runs)
{
	const sm_medit *e = c->e;
	size_t lo = new_neighbour(e, h->ph, -1), hi = new_neighbour(e, h->ph, 1), k, j;

	for (k = lo == SM_NOLINE ? 0 : lo + 1; k < hi && k < e->nseq; k++) {
		const uint32_t *n = added_alone(c, k);
		if (!n && runs && moved_run(c, k)) {
			h->moved = 1;
			h->moved_run = 1;
			h->moved_old = k;
			h->moved_new = SM_NOLINE;
			for (j = 0; j < e->nseq && h->moved_new == SM_NOLINE; j++)
				if (e->seq[j].kind == SM_HL_ADD &&
				    e->seq[j].l.h_indent == e->seq[k].l.h_indent)
					h->moved_new = j;
			return 1;
		}
		/* the file's copies are counted (one pass) only for a line that may be moved */
		if (!n)
			continue;
		if (n[0] == 1 && n[1] == 1 && count_lone_in_file(c))
			return SEAM_ENOMEM;
		if (moved_out(c, k) >= 0)
			continue;
		h->moved = 1;
		h->moved_old = k;
		h->moved_new = SM_NOLINE;
		for (j = 0; j < e->nseq && h->moved_new == SM_NOLINE; j++)
			if (e->seq[j].l.h_indent == e->seq[k].l.h_indent && lone_at(e, j))
				h->moved_new = j;
		return 1;
	}
	return 0;
}

/* 1 when the trimmed texts of a and b share a prefix of at least half the shorter one: a
 * signature kept in its head ("def load(path" of "def load(path, mode):"). */
static int same_head(const sm_line *a, const sm_line *b)
{
	size_t ia = sm_text_indent_len(a->p, a->n), ib = sm_text_indent_len(b->p, b->n);
	size_t na = a->n - ia, nb = b->n - ib, m = na < nb ? na : nb, i = 0;

	while (i < m && a->p[ia + i] == b->p[ib + i])
		i++;
	return m && 2 * i >= m;
}

/*
 * 1 when placeholder ph, a comment asking for code (sm_placeholder_asks_for_code), stands in a
 * block the file does not have, where there is no code of the file it could stand for: the
 * nearest non-blank line above it of less indentation (the block's opener), and every
 * non-blank line of the block around ph, are lines the edit adds; the opener is no line of the
 * file; and no line the run r0..r1 deletes is the opener changed (as similar as a miscopy, or
 * with the same head): a stub whose signature changed still stands for the old body, and keeps
 * the guard's usual answer. *steps counts the lines passed and compared in the edit, up to
 * SM_LAZY_NEW_BLOCK_CMP; past it the answer is 0.
 */
static int in_new_block(ctx *c, size_t ph, size_t r0, size_t r1, size_t *steps)
{
	const sm_medit *e = c->e;
	size_t ind = sm_text_indent_len(e->seq[ph].l.p, e->seq[ph].l.n), k = ph, o = SM_NOLINE;
	const sm_line *x;

	while (k-- > 0) {
		const sm_mline *ml = &e->seq[k];
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (ml->kind != SM_HL_ADD)
			return 0;
		if (sm_text_indent_len(ml->l.p, ml->l.n) < ind) {
			o = k;
			break;
		}
	}
	if (o == SM_NOLINE)
		return 0;
	for (k = ph + 1; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (sm_text_indent_len(ml->l.p, ml->l.n) < ind)
			break;
		if (ml->kind != SM_HL_ADD)
			return 0;
	}
	x = &e->seq[o].l;
	if (file_has(c, x->h_indent))
		return 0;
	for (k = r0; k < r1; k++) {
		const sm_line *l = &e->seq[k].l;
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (e->seq[k].kind != SM_HL_DEL || l->blank)
			continue;
		if (same_head(l, x))
			return 0;
		if (l->n * 2 < x->n || x->n * 2 < l->n)
			continue;
		c->work += sm_text_similarity_work(l->n, x->n);
		if (sm_text_similarity(l->p, l->n, x->p, x->n) >= SM_MIN_LINE_SIMILARITY)
			return 0;
	}
	return 1;
}

/*
 * The unchanged lines next to a placeholder may have been paired with the wrong copy of their
 * text: the old side "{ ... } catch (A) { ... }" against the new side "{ placeholder }" lets the
 * diff take the second "{" for the new one, and the lines between the two copies then look
 * deleted by the run before the "{", not stood for by the placeholder, which would be restored
 * short. When the deletions right above the unchanged block that ends with the line bounding
 * the placeholder (its nearest non-blank new line) start with the same text, in order, those
 * copies are the unchanged ones (the new side keeps them next to the line above them, as the
 * file does), and the lines after them fall between the bound and the placeholder, which
 * stands for them. The same below, with the deletions' last lines. Only the kinds change: both
 * sides keep their lines and their order. The deletions may be fewer than the block's lines
 * when the block repeats them (a block the file holds several copies of in a row, the new side
 * fewer: deleted "A B", kept "A B A" above the placeholder): the copies next to the line above
 * are the kept ones there too, whichever copies the diff happened to keep (it kept the first
 * or the last depending on lines elsewhere in the file, and the placeholder was restored short,
 * a copy lost, only when it kept the last).
 * Not when one of those lines is a context line a diff's hunk marked itself (sm_mline.given):
 * "- A", "- B", "  A" beside a placeholder reads as the reply deleting "A B" (a block written
 * twice taken out once, lines moved elsewhere) as well as a diff's way to write the copies the
 * placeholder stands for; the two differ by those lines, and nothing tells. 1 then, the line
 * next to the placeholder the one way in *near, the diff's in *far (refuse_two_fits); else 0.
 */
static int slide_bounds(sm_medit *e, size_t ph, size_t *near, size_t *far)
{
	size_t lo = new_neighbour(e, ph, -1), hi = new_neighbour(e, ph, 1), a, d, b, f, m, i;

	/* above: the unchanged block [a, lo] that ends with the bound, deletions [d, a) above it,
	   and context or the start above those */
	if (lo != SM_NOLINE && e->seq[lo].kind == SM_HL_CTX) {
		for (a = lo; a > 0 && e->seq[a - 1].kind == SM_HL_CTX; a--)
			;
		for (d = a; d > 0 && e->seq[d - 1].kind == SM_HL_DEL && !e->seq[d - 1].keep; d--)
			;
		m = lo + 1 - a;
		if (a > d && (d == 0 || e->seq[d - 1].kind == SM_HL_CTX)) {
			/* fewer deletions than m: a + i runs into the block, compared with itself
			   shifted (the copies repeat) */
			for (i = 0; i < m && same_text(e, d + i, a + i); i++)
				;
			if (i == m && given_in(e, d, lo + 1)) {
				*near = d + m - 1;
				*far = lo;
				return 1;
			}
			if (i == m)
				for (i = d; i <= lo; i++)
					e->seq[i].kind = i < d + m ? SM_HL_CTX : SM_HL_DEL;
		}
	}
	/* below: the unchanged block [hi, b) that starts with the bound, deletions [b, f) below
	   it, and context or the end below those */
	if (hi != SM_NOLINE && e->seq[hi].kind == SM_HL_CTX) {
		for (b = hi; b < e->nseq && e->seq[b].kind == SM_HL_CTX; b++)
			;
		for (f = b; f < e->nseq && e->seq[f].kind == SM_HL_DEL && !e->seq[f].keep; f++)
			;
		m = b - hi;
		if (f > b && (f == e->nseq || e->seq[f].kind == SM_HL_CTX)) {
			for (i = 0; i < m && same_text(e, hi + (f - b) + i, hi + i); i++)
				;
			if (i == m && given_in(e, hi, f)) {
				*near = f - m;
				*far = hi;
				return 1;
			}
			if (i == m)
				for (i = hi; i < f; i++)
					e->seq[i].kind = i >= f - m ? SM_HL_CTX : SM_HL_DEL;
		}
	}
	return 0;
}

/* Sets e->old (when kept) again for the old lines of seq[lo, hi), whose order among the edit's
 * lines changed but not among the old lines. */
static void renumber_old(sm_medit *e, size_t lo, size_t hi)
{
	size_t a = 0, b = e->nold, k;

	if (!e->old)
		return;
	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (e->old[m] < lo)
			a = m + 1;
		else
			b = m;
	}
	for (k = lo; k < hi && a < e->nold; k++)
		if (e->seq[k].kind != SM_HL_ADD)
			e->old[a++] = k;
}

/*
 * The kept lines between a placeholder and the change the reply writes next to it in direction
 * dir (the nearest added line, or the file's edge) may have been paired by the diff with later
 * copies of their texts: a file that repeats short blocks in a row (a call opening a string, an
 * import, the call's close; again and again) lets it keep a block's first line, skip lines,
 * keep a later copy of the next one, and so on, so that the deletions it left among the kept
 * lines look written by the reply (or by the change: the diff may set a copy among the
 * change's deletions) and only the last ones are the placeholder's: it was restored short, the
 * lines between lost. The span's end is where the kept line next to the placeholder is; of the
 * ways to pair the kept lines in order, the one nearest the change (each kept line on the
 * first copy that follows the one before) leaves the reply the fewest deletions of its own.
 * When it keeps the kept lines together, as the reply writes them (the deletions it leaves
 * are the change's, next to it), it is taken: every other deletion of the stretch moves to
 * the placeholder's side, where the placeholder stands for it (any other fit would have the
 * reply delete lines among lines it keeps unchanged). When it leaves deletions among them, and
 * the diff put the kept line next to the placeholder on a later copy, two fits remain (the
 * reply's own deletions, and how much the placeholder stands for, differ): 1, with *near that
 * line's place in the first and *far in the diff's. Else 0; SEAM_ENOMEM when out of memory.
 * Only the kinds change, and the order of the change's own lines (its additions go to its far
 * side, where they still follow the lines before the change): both sides keep their lines and
 * their order. Each line is passed by at most the placeholders around it.
 */
static int slide_kept(const sm_lang *lang, sm_medit *e, size_t ph, int dir, size_t *near,
		      size_t *far)
{
	size_t r = ph, g, c, t, i, j, kept = 0, dels = 0, adds = 0, cdels = 0;
	size_t ti, tj, tf = SM_NOLINE, last = 0, glast = 0, lastk = 0, glastk = 0;

	/* a diff's hunk marks its lines itself: its deletions are the model's, not a guess */
	if (e->kind == SM_KIND_HUNK && !e->blocklike)
		return 0;
	/* r: the line of the placeholder's run farthest from ph in direction dir */
	while (dir < 0 ? r > 0 && e->seq[r - 1].kind != SM_HL_CTX
		       : r + 1 < e->nseq && e->seq[r + 1].kind != SM_HL_CTX)
		r = dir < 0 ? r - 1 : r + 1;
	/* the stretch beyond r of kept and deleted lines, up to a change or the edge: g is its
	   far end */
	for (g = r; dir < 0 ? g > 0 : g + 1 < e->nseq; g = dir < 0 ? g - 1 : g + 1) {
		const sm_mline *ml = &e->seq[dir < 0 ? g - 1 : g + 1];
		if ((ml->kind != SM_HL_CTX && ml->kind != SM_HL_DEL) || ml->keep || ml->elide)
			break;
	}
	/* the change beyond it, [g .. c] beyond g: its deletions join the stretch (its additions
	   are passed over) when it holds no placeholder and no line that bounds otherwise */
	for (c = g; dir < 0 ? c > 0 : c + 1 < e->nseq; c = dir < 0 ? c - 1 : c + 1) {
		const sm_mline *ml = &e->seq[dir < 0 ? c - 1 : c + 1];
		if (ml->kind == SM_HL_CTX)
			break;
		if (ml->keep || ml->elide ||
		    (ml->kind == SM_HL_ADD && sm_lazy_is_placeholder(lang, ml->l.p, ml->l.n))) {
			c = g;
			break;
		}
		adds += ml->kind == SM_HL_ADD;
		cdels += ml->kind == SM_HL_DEL;
	}
	if (!adds)
		c = g; /* deletions up to the edge or a context line: in the stretch already */
	/* the lines from c towards the placeholder, additions passed over: step(x) */
#define step(x) (dir < 0 ? (x) + 1 : (x) - 1)
#define past(x) (dir < 0 ? (x) >= r : (x) <= r)
	for (i = c; !past(i); i = step(i)) {
		kept += e->seq[i].kind == SM_HL_CTX;
		dels += e->seq[i].kind == SM_HL_DEL;
	}
	if (!dels || !kept)
		return 0;
	/* the kept lines in order (i, its rank ti among the old lines), each on the first copy
	   after the one before (j, tj): never past the diff's copy, one way to pair them */
	for (i = j = c, ti = tj = 0; !past(i); i = step(i)) {
		if (e->seq[i].kind == SM_HL_ADD)
			continue;
		if (e->seq[i].kind == SM_HL_CTX) {
			while (j != i && (e->seq[j].kind == SM_HL_ADD || !same_text(e, j, i))) {
				tj += e->seq[j].kind != SM_HL_ADD;
				j = step(j);
			}
			if (tf == SM_NOLINE)
				tf = tj;
			last = ti;
			lastk = i;
			glast = tj;
			glastk = j;
			tj++;
			j = step(j);
		}
		ti++;
	}
	if (glast == last)
		return 0; /* the same span either way */
	if (tj - tf != kept) {
		*near = glastk;
		*far = lastk;
		return 1;
	}
	/* the change's additions to its far side when a deletion of the change is kept, then the
	   kinds */
	if (c != g && tf < cdels) {
		size_t n = (dir < 0 ? g - c : c - g), lo = dir < 0 ? c : g + 1, w, k;
		sm_mline *tmp = sm_malloc(n * sizeof(*tmp));
		if (!tmp)
			return SEAM_ENOMEM;
		memcpy(tmp, e->seq + lo, n * sizeof(*tmp));
		for (k = 0, w = lo; k < n; k++)
			if ((tmp[k].kind == SM_HL_ADD) == (dir < 0))
				e->seq[w++] = tmp[k];
		for (k = 0; k < n; k++)
			if ((tmp[k].kind == SM_HL_ADD) != (dir < 0))
				e->seq[w++] = tmp[k];
		sm_free(tmp);
		renumber_old(e, lo, lo + n);
	}
	for (i = c, t = 0; !past(i); i = step(i)) {
		if (e->seq[i].kind == SM_HL_ADD)
			continue;
		e->seq[i].kind = t >= tf && t < tf + kept ? SM_HL_CTX : SM_HL_DEL;
		t++;
	}
#undef step
#undef past
	return 0;
}

/*
 * 1 when the unchanged line next to placeholder ph in direction dir (past deleted and blank
 * added lines; blank or not) has a copy the edit deletes: which copy the diff kept unchanged
 * was its guess, and with another pairing the placeholder stands for the lines between the
 * copies. The same when the line next to it is an added line whose old copy the edit deletes
 * (a line moved there): kept as the unchanged one, the deletions would be the placeholder's. A placeholder that stands for nothing as paired (to be left out) may then stand for
 * lines the edit would delete. Each line is passed by at most the placeholders around it.
 */
static int guessed_pair(ctx *c, size_t ph, int dir)
{
	const sm_medit *e = c->e;
	size_t k = ph;

	while (dir < 0 ? k-- > 0 : ++k < e->nseq) {
		const sm_mline *ml = &e->seq[k];
		const uint32_t *n;
		if (ml->kind == SM_HL_DEL || (ml->kind == SM_HL_ADD && ml->l.blank))
			continue;
		n = tally_at(&c->sides, ml->l.h_indent, 0);
		/* a line moved here (the old side holds as many copies as the new side with
		   it: one of them is deleted): with the other copy kept, the placeholder is
		   bounded where the lines the edit deletes are */
		if (ml->kind == SM_HL_ADD)
			return !ml->elide && n && n[0] >= n[1] && sm_text_has_word(ml->l.p, ml->l.n);
		if (ml->kind != SM_HL_CTX || ml->elide)
			return 0;
		return n && n[0] > n[1];
	}
	return 0;
}

/*
 * Which copy of a line repeated in a row the diff deleted is its guess: the old side
 * "x x x x" against the new side "x x placeholder" may keep the last copies and delete the
 * first, and the placeholder would then stand for one line too few. Among the unchanged and
 * deleted copies of one line right next to the placeholder's run, the deleted ones are moved
 * next to the run (the new side keeps as many copies, the old side the same lines: only the
 * kinds change), where the placeholder stands for them. Each line is passed by at most the
 * placeholders of the runs around it.
 * Not when one of those copies is a context line a diff's hunk marked itself (' ', then '-'
 * of the same text): "  x" then "- x" after a placeholder reads as a copy the reply deletes
 * (a line written twice, once taken out), and as well as a diff's way to write the copy the
 * placeholder stands for, which the reply did not delete. The two differ by that line, and
 * nothing tells: 1 then, the copy kept next to the placeholder the one way in *near, the
 * diff's in *far (refuse_two_fits); else 0.
 */
static int slide_copies(sm_medit *e, size_t ph, size_t *near, size_t *far)
{
	size_t r0 = ph, r1 = ph + 1, s, t, dels, i;

	while (r0 > 0 && e->seq[r0 - 1].kind != SM_HL_CTX)
		r0--;
	while (r1 < e->nseq && e->seq[r1].kind != SM_HL_CTX)
		r1++;
	/* above: copies of the line right above the run, [s, r0) */
	if (r0 > 0 && !e->seq[r0 - 1].l.blank && !e->seq[r0 - 1].elide) {
		for (s = r0 - 1, dels = 0; s > 0; s--) {
			const sm_mline *ml = &e->seq[s - 1];
			if ((ml->kind != SM_HL_CTX && (ml->kind != SM_HL_DEL || ml->keep)) ||
			    ml->elide || !same_text(e, s - 1, r0 - 1))
				break;
			dels += ml->kind == SM_HL_DEL;
		}
		if (dels && given_in(e, s, r0)) {
			*near = s + (r0 - s - dels) - 1;
			*far = r0 - 1;
			return 1;
		}
		for (i = s, t = r0 - s; dels && i < r0; i++)
			e->seq[i].kind = i >= s + t - dels ? SM_HL_DEL : SM_HL_CTX;
	}
	/* below: copies of the line right below the run, [r1, s) */
	if (r1 < e->nseq && !e->seq[r1].l.blank && !e->seq[r1].elide) {
		for (s = r1 + 1, dels = 0; s < e->nseq; s++) {
			const sm_mline *ml = &e->seq[s];
			if ((ml->kind != SM_HL_CTX && (ml->kind != SM_HL_DEL || ml->keep)) ||
			    ml->elide || !same_text(e, s, r1))
				break;
			dels += ml->kind == SM_HL_DEL;
		}
		if (dels && given_in(e, r1, s)) {
			*near = r1 + dels;
			*far = r1;
			return 1;
		}
		for (i = r1; dels && i < s; i++)
			e->seq[i].kind = i < r1 + dels ? SM_HL_DEL : SM_HL_CTX;
	}
	return 0;
}

/*
 * 1 when the unchanged line next to placeholder ph in direction dir (past its run of changed
 * lines), seq[*far], has a copy the edit deletes, seq[*near], among the changes beyond it: up
 * to two unchanged lines in a row (or a line that bounds otherwise). The diff paired that line
 * with its later copy and set the lines between as changes of the reply's (an added line it
 * could have kept, two lines it swapped), which bounds the stretch slide_kept looks at; the
 * copy it deleted may be the line the reply wrote, and the placeholder then stands for more
 * lines than the diff's pairing restores: which one is not sure, so the span's end is not.
 * Each line is passed by at most the placeholders around it.
 */
static int copy_in_changes(const sm_lang *lang, const sm_medit *e, size_t ph, int dir,
			   size_t *near, size_t *far)
{
	size_t b = ph, i, dels = 0;

	/* b: the unchanged line past the placeholder's run; the run must restore something */
	for (;;) {
		if (dir < 0 ? b == 0 : b + 1 >= e->nseq)
			return 0;
		b = dir < 0 ? b - 1 : b + 1;
		if (e->seq[b].kind == SM_HL_CTX)
			break;
		dels += e->seq[b].kind == SM_HL_DEL;
	}
	if (!dels || e->seq[b].keep || e->seq[b].elide)
		return 0;
	for (i = b; dir < 0 ? i > 0 : i + 1 < e->nseq;) {
		const sm_mline *ml;
		i = dir < 0 ? i - 1 : i + 1;
		ml = &e->seq[i];
		if (ml->keep || ml->elide ||
		    (ml->kind == SM_HL_ADD && sm_lazy_is_placeholder(lang, ml->l.p, ml->l.n)))
			return 0;
		if (ml->kind == SM_HL_CTX) {
			size_t o = dir < 0 ? i - 1 : i + 1;
			if ((dir < 0 ? i == 0 : i + 1 >= e->nseq) || e->seq[o].kind == SM_HL_CTX)
				return 0;
			continue;
		}
		if (ml->kind == SM_HL_DEL && same_text(e, i, b)) {
			*near = i;
			*far = b;
			return 1;
		}
	}
	return 0;
}

/*
 * 1 when the kept line that bounds placeholder ph in direction dir, seq[b], has a text the
 * edit deletes more copies of outside the placeholder's span (lo..hi, its bounds) than it
 * adds: a copy taken away elsewhere. The reply then reads two ways, alike once a line deleted
 * in one place and written in another counts as one change (a move, as moved_out reads a
 * line of the span): b is the file's line the diff paired it with (the placeholder stands for
 * the lines up to it, the copy elsewhere is deleted), or the placeholder stands for that line
 * too and b is the copy the reply moved next to the span (the file keeps one copy more; the
 * lines beyond pair as before, blank ones as they fit). *near = *far = b. A short line ("}",
 * "pass": SM_LAZY_MOVED_MIN_CHARS) is another block's, as in moved_out; a context line a
 * diff's hunk marked itself is paired by the model.
 */
static int moved_beside(ctx *c, size_t ph, int dir, size_t lo, size_t hi, size_t *near,
			size_t *far)
{
	const sm_medit *e = c->e;
	size_t b = new_neighbour(e, ph, dir), k, span = 0;
	const uint32_t *n;

	if (b == SM_NOLINE || !bound(e, b) || e->seq[b].given || e->seq[b].l.blank ||
	    solid_chars(&e->seq[b].l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS)
		return 0;
	n = tally_at(&c->sides, e->seq[b].l.h_indent, 0);
	for (k = lo == SM_NOLINE ? 0 : lo + 1; k < (hi == SM_NOLINE ? e->nseq : hi); k++)
		span += e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep &&
			e->seq[k].l.h_indent == e->seq[b].l.h_indent;
	if (!n || n[0] <= n[1] + span)
		return 0;
	*near = *far = b;
	return 1;
}

/*
 * 1 when which lines of the edit's two sides are the same ones is seam's guess (prep.c diffed
 * them: SEARCH/REPLACE, a tool call's old and new text, a hunk that rewrites a block), and the
 * old side is not the whole file. There a placeholder that stands for no line as the sides
 * pair, in an edit that deletes real lines, may stand for those lines as well paired
 * otherwise: a line of the new side written next to it and again next to the deletions
 * (files repeat "}" and short calls), or lines the reply moved past it, take the place of
 * the kept lines between, and the deletions that look written by the reply are the ones the
 * placeholder was meant to keep; leaving it out deleted them (a function lost). A diff's hunk
 * marks its deletions itself, and a whole file's placeholder is the whole-file guard's.
 */
static int sides_guessed(const ctx *c)
{
	const sm_medit *e = c->e;

	return e->blocklike && !c->whole && !(c->im && e->nold >= c->im->n);
}

/* Refuses placeholder ph for two fits of the kept lines next to it (slide_kept: seq[near] in
 * the one the placeholder stands for the most in, seq[far] in the diff's) when the lines
 * between tell real code: res->hit names the span of the first fit and both places. */
static void refuse_two_fits(ctx *c, size_t ph, size_t near, size_t far, sm_lazy_result *res)
{
	const sm_medit *e = c->e;
	size_t lo = new_neighbour(e, ph, -1), hi = new_neighbour(e, ph, 1);
	sm_lazy_hit h = {0};

	if (near < ph)
		run_gone(c, near + 1, hi == SM_NOLINE ? e->nseq : hi, &h);
	else
		run_gone(c, lo == SM_NOLINE ? 0 : lo + 1, near, &h);
	if (!h.gone)
		return;
	h.ph = ph;
	h.bounded = 1;
	h.fits = 1;
	h.fit_near = near;
	h.fit_far = far;
	res->refused = 1;
	res->hit = h;
}

/* 1 when line a ends by opening a block ("{", ":", "(", "[") and b, at a's indentation,
 * begins by closing one: a read right before b, the block between them is empty. */
static int opens_closed_by(const sm_line *a, const sm_line *b)
{
	size_t n = a->n, ia = sm_text_indent_len(a->p, a->n), ib = sm_text_indent_len(b->p, b->n);

	while (n > ia && isspace((unsigned char)a->p[n - 1]))
		n--;
	if (n <= ia || !strchr("{:([", a->p[n - 1]) || ia != ib || ib >= b->n)
		return 0;
	return strchr("})]", b->p[ib]) != NULL || (a->p[n - 1] == ':' && b->p[ib] != '#');
}

/*
 * 1 when the unchanged line right after a placeholder (between new lines lo and hi), seq[hi],
 * has a copy of its own text (indentation and all) among the lines the placeholder would
 * restore, seq[*near], and the last line it would restore opens a block seq[hi] closes: the
 * placeholder would stand for lines past the end of the block it was written in (closed by
 * that copy) and the head of another block, whose body the reply then empties. The copy
 * inside is as likely the line the reply kept, the lines after it the reply's own deletions:
 * two readings, two files, when seam diffed the sides (the pairing its guess). *far is
 * seq[hi]'s index.
 */
static int bound_copy_inside(ctx *c, size_t lo, size_t hi, size_t *near, size_t *far)
{
	const sm_medit *e = c->e;
	size_t k, last = SM_NOLINE, copy = SM_NOLINE;

	/* a diff's hunk marks its lines itself: which copy it keeps is the model's, no guess */
	if (e->kind == SM_KIND_HUNK && !e->blocklike)
		return 0;
	if (hi == SM_NOLINE || e->seq[hi].kind != SM_HL_CTX || e->seq[hi].elide)
		return 0;
	for (k = lo == SM_NOLINE ? 0 : lo + 1; k < hi; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide ||
		    sm_is_elision(ml->l.p, ml->l.n) || moved_out(c, k) == 1)
			continue;
		last = k;
		if (same_text(e, k, hi))
			copy = k;
	}
	if (copy == SM_NOLINE || copy == last || !opens_closed_by(&e->seq[last].l, &e->seq[hi].l))
		return 0;
	*near = copy;
	*far = hi;
	return 1;
}

/* 1 when the line is only dots ("...", "…"): Python's Ellipsis, a statement as well as a
 * marker, so never left out for standing for nothing. */
static int bare_dots(const char *p, size_t n)
{
	size_t i = 0, dots = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (i < n) {
		if (p[i] == '.')
			i++, dots++;
		else if (n - i >= 3 && !memcmp(p + i, "\xe2\x80\xa6", 3))
			i += 3, dots += 3;
		else if (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')
			i++;
		else
			return 0;
	}
	return dots >= 3;
}

/* 1 when the new side's last line is one marked in drop. */
static int ends_new_side(const sm_medit *e, const unsigned char *drop)
{
	size_t k;

	for (k = e->nseq; k-- > 0;)
		if (e->seq[k].kind != SM_HL_DEL)
			return drop[k];
	return 0;
}

/* Removes the lines of e marked in drop (additions only: every old line keeps its index) and
 * rebuilds the old side's index. */
static void compact(sm_medit *e, const unsigned char *drop)
{
	size_t k, w = 0;

	for (k = 0; k < e->nseq; k++)
		if (!drop[k])
			e->seq[w++] = e->seq[k];
	e->nseq = w;
	e->nold = 0;
	/* the old side's index is not kept when its owner dropped it (sm_lazy_guard_whole) */
	for (k = 0; e->old && k < e->nseq; k++)
		if (e->seq[k].kind != SM_HL_ADD)
			e->old[e->nold++] = k;
}

/* Expands the placeholders of hits (all bounded): between the unchanged lines around each,
 * deletions are kept (but for lines the reply moved elsewhere: moved_out) and additions (the
 * placeholder, blank lines) dropped. Lines already marked in drop (placeholders that stand
 * for nothing) go too. */
static int expand(ctx *c, sm_medit *e, const sm_lazy_hit *hits, size_t n, sm_lazy_result *res,
		  unsigned char *drop)
{
	/* the placeholder each kept deletion was kept for, by its index in hits (32 bits: a hit
	   is a line of the edit, and the edit's lines are counted in 32 bits, tally_init) */
	uint32_t *owner = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*owner));
	size_t i, k, oi = 0;

	res->exp = sm_calloc(n ? n : 1, sizeof(*res->exp));
	if (!owner || !res->exp) {
		sm_free(owner);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < e->nseq; k++)
		owner[k] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		size_t lo = new_neighbour(e, hits[i].ph, -1), hi = new_neighbour(e, hits[i].ph, 1);
		res->exp[i].text.p = e->seq[hits[i].ph].l.p;
		res->exp[i].text.n = e->seq[hits[i].ph].l.n;
		res->exp[i].reply_line = e->seq[hits[i].ph].reply_line;
		res->exp[i].old0 = SM_NOLINE;
		for (k = lo + 1; k < hi; k++) {
			if (e->seq[k].kind == SM_HL_ADD) {
				drop[k] = 1;
			} else if (e->seq[k].kind == SM_HL_DEL && moved_out(c, k) != 1) {
				/* a line the reply moved elsewhere stays deleted here */
				e->seq[k].keep = 1;
				owner[k] = (uint32_t)i;
			}
		}
	}
	/* additions are not old lines: dropping them leaves every old line's index as it was */
	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind == SM_HL_ADD)
			continue;
		if (owner[k] != UINT32_MAX) {
			sm_lazy_exp *x = &res->exp[owner[k]];
			if (x->old0 == SM_NOLINE)
				x->old0 = oi;
			x->old1 = oi;
		}
		oi++;
	}
	compact(e, drop);
	res->nexp = n;
	sm_free(owner);
	return 0;
}

/*
 * Whether the diff's pairing of an edit's two sides (seam diffed them: sides_guessed) is the
 * best reading once its placeholders are taken as standing for code. The sides' lines of
 * substance are aligned again (blank lines pair by shape in prep.c, and cost nothing here),
 * each deletion and each addition costing one, and each placeholder (the expanded ones, hits,
 * and those left out, drop) free to stand for any run of old lines. The diff's reading costs
 * the deletions left outside the placeholders' spans and the additions (a line moved out of a
 * span, moved_out, counts as stood for: its copy added elsewhere costs one either way). When
 * the alignment finds a reading that costs less, the reply may mean it: lines moved past a
 * placeholder ("}" written after it, the old copy before) let the diff keep a copy next to it
 * and leave the lines beyond looking deleted by the reply, which the placeholder was meant
 * to keep. Fills *cost and *best; 1 when *best < *cost, 0 otherwise or past
 * SM_LAZY_ALIGN_CELLS; SEAM_ENOMEM when out of memory. Two rows of the table: linear memory.
 */
/*
 * 1 when a blank line the reply keeps lies between placeholder hits[i].ph and the unchanged
 * line that bounds it, with a line of code the diff deletes on the far side of that blank
 * line ("x", blank, placeholder over "x", "y", blank, ...): blank lines bound no span, so
 * the span reaches past the blank line to "y" and restores it, while the reply, keeping the
 * blank line right after "x" and writing "y" on the placeholder's other side, may have moved
 * "y" past the placeholder. The two give two files. A line the reply writes nowhere else is
 * left to the placeholder, as before ("class A:", blank, placeholder). *which: the hit.
 */
/* 1 when the reply's new side holds a copy of seq[k] among seq[from, to) (not a deletion,
 * not the placeholder ph): past SM_LAZY_TIE_CELLS steps of looking, 1 (seam cannot tell). */
static int written_beyond(const sm_medit *e, size_t k, size_t from, size_t to, size_t ph,
			  size_t *steps)
{
	uint64_t h = sm_line_h(&e->seq[k].l, SM_LVL_EXACT);
	size_t j;

	for (j = from; j < to; j++) {
		if (++*steps > SM_LAZY_TIE_CELLS)
			return 1;
		if (j != ph && e->seq[j].kind != SM_HL_DEL &&
		    sm_line_h(&e->seq[j].l, SM_LVL_EXACT) == h)
			return 1;
	}
	return 0;
}

static int blank_cuts_span(const sm_medit *e, const sm_lazy_hit *hits, size_t n, size_t *which)
{
	size_t i, k, steps = 0;

	for (i = 0; i < n; i++) {
		size_t ph = hits[i].ph, lo = new_neighbour(e, ph, -1), hi = new_neighbour(e, ph, 1);
		int seen = 0;
		for (k = lo == SM_NOLINE ? 0 : lo + 1; k < ph; k++) {
			const sm_mline *ml = &e->seq[k];
			if (ml->kind == SM_HL_DEL && !ml->l.blank && !ml->keep &&
			    written_beyond(e, k, ph + 1, e->nseq, ph, &steps))
				seen = 1;
			else if (ml->kind == SM_HL_CTX && ml->l.blank && seen)
				break;
		}
		if (k < ph) {
			*which = i;
			return 1;
		}
		seen = 0;
		for (k = ph + 1; k < (hi == SM_NOLINE ? e->nseq : hi); k++) {
			const sm_mline *ml = &e->seq[k];
			if (ml->kind == SM_HL_CTX && ml->l.blank)
				seen = 1;
			else if (ml->kind == SM_HL_DEL && !ml->l.blank && !ml->keep && seen &&
				 written_beyond(e, k, 0, ph, ph, &steps)) {
				*which = i;
				return 1;
			}
		}
	}
	return 0;
}

/*
 * At a tie (another reading of the sides costs the reply as much as the diff's pairing),
 * whether an equally cheap reading moves a line past a placeholder where the diff kept it:
 * a new line the diff pairs with an old one (b[j], paired[j]) is added in that reading, and
 * a copy of it in the old text (a[i]) is deleted on the other side of a placeholder. Such a
 * reading gives another file (the line's old place stood for by the placeholder, the lines
 * beside it kept), and seam cannot tell which the reply meant. A tie without such a move
 * ("PH y" over "x y z": the placeholder for "x" or for all three, "y" added) is the ordinary
 * freedom of where a placeholder ends and is left alone. Full tables of the costs to and
 * from each cell (f forward, g backward) tell which steps some cheapest reading takes.
 * 1 when such a move exists, 0 otherwise, SEAM_ENOMEM when out of memory.
 */
static int tie_moves_past(ctx *c, const uint64_t *a, size_t n, const uint64_t *b,
			  const unsigned char *ph, const unsigned char *paired, size_t m, uint32_t best)
{
	size_t w = m + 1, i, j, p;
	uint32_t *f = sm_malloc((n + 1) * w * sizeof(*f));
	uint32_t *g = sm_malloc((n + 1) * w * sizeof(*g));
	size_t *lo = sm_malloc((n ? n : 1) * sizeof(*lo));
	size_t *hi = sm_malloc((n ? n : 1) * sizeof(*hi));
	int rc = SEAM_ENOMEM;

	if (!f || !g || !lo || !hi)
		goto out;
	c->work += sm_work_pass(0, 3 * (n + 1) * w);
	/* deleting old line i at column j is free after a placeholder (it stands for it) */
#define DEL_COST(j) ((j) && ph[(j) - 1] ? 0u : 1u)
	for (i = 0; i <= n; i++) {
		for (j = 0; j <= m; j++) {
			uint32_t v = UINT32_MAX;
			if (!i && !j) {
				f[0] = 0;
				continue;
			}
			if (i && f[(i - 1) * w + j] + DEL_COST(j) < v)
				v = f[(i - 1) * w + j] + DEL_COST(j);
			if (j && f[i * w + j - 1] + !ph[j - 1] < v)
				v = f[i * w + j - 1] + !ph[j - 1];
			if (i && j && !ph[j - 1] && a[i - 1] == b[j - 1] && f[(i - 1) * w + j - 1] < v)
				v = f[(i - 1) * w + j - 1];
			f[i * w + j] = v;
		}
	}
	for (i = n + 1; i-- > 0;) {
		for (j = m + 1; j-- > 0;) {
			uint32_t v = UINT32_MAX;
			if (i == n && j == m) {
				g[i * w + j] = 0;
				continue;
			}
			if (i < n && g[(i + 1) * w + j] + DEL_COST(j) < v)
				v = g[(i + 1) * w + j] + DEL_COST(j);
			if (j < m && g[i * w + j + 1] + !ph[j] < v)
				v = g[i * w + j + 1] + !ph[j];
			if (i < n && j < m && !ph[j] && a[i] == b[j] && g[(i + 1) * w + j + 1] < v)
				v = g[(i + 1) * w + j + 1];
			g[i * w + j] = v;
		}
	}
	/* lo[i]..hi[i]: the first and last column where some cheapest reading deletes old i
	   as the reply's own deletion (not stood for by a placeholder) */
	for (i = 0; i < n; i++) {
		lo[i] = SIZE_MAX;
		hi[i] = 0;
		for (j = 0; j <= m; j++) {
			if (DEL_COST(j) && f[i * w + j] + 1 + g[(i + 1) * w + j] == best) {
				if (lo[i] == SIZE_MAX)
					lo[i] = j;
				hi[i] = j;
			}
		}
	}
#undef DEL_COST
	rc = 0;
	for (j = 0; j < m && !rc; j++) {
		size_t next = SIZE_MAX, prev = SIZE_MAX;
		int added = 0;
		if (!paired[j])
			continue;
		for (i = 0; i <= n && !added; i++)
			added = f[i * w + j] + 1 + g[i * w + j + 1] == best;
		if (!added)
			continue;
		for (p = j + 1; p < m && next == SIZE_MAX; p++)
			if (ph[p])
				next = p;
		for (p = j; p-- > 0 && prev == SIZE_MAX;)
			if (ph[p])
				prev = p;
		for (i = 0; i < n && !rc; i++) {
			if (a[i] != b[j] || lo[i] == SIZE_MAX)
				continue;
			/* deleted at a column past a placeholder after j, or before one before j */
			rc = (next != SIZE_MAX && hi[i] > next) || (prev != SIZE_MAX && lo[i] <= prev);
		}
	}
out:
	sm_free(f);
	sm_free(g);
	sm_free(lo);
	sm_free(hi);
	return rc;
}

static int better_reading(ctx *c, const sm_lazy_hit *hits, size_t nh, const unsigned char *drop,
			  size_t *cost, size_t *best)
{
	const sm_medit *e = c->e;
	size_t k, i, j, n = 0, m = 0, cur = 0;
	unsigned char *wild = NULL, *span = NULL, *paired = NULL;
	uint64_t *a = NULL, *b = NULL;
	uint32_t *row = NULL, *prev = NULL;
	int rc = SEAM_ENOMEM;

	*cost = *best = 0;
	wild = sm_calloc(e->nseq ? e->nseq : 1, 1);
	span = sm_calloc(e->nseq ? e->nseq : 1, 1);
	if (!wild || !span)
		goto out;
	for (i = 0; i < nh; i++) {
		size_t lo = new_neighbour(e, hits[i].ph, -1), hi = new_neighbour(e, hits[i].ph, 1);
		wild[hits[i].ph] = 1;
		for (k = lo + 1; k < hi; k++)
			span[k] = 1;
	}
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (drop && drop[k])
			wild[k] = 1;
		if (ml->l.blank && !wild[k])
			continue;
		n += ml->kind != SM_HL_ADD;
		m += ml->kind != SM_HL_DEL;
		/* a deletion in a span is stood for, kept or not (moved_out) */
		cur += ml->kind == SM_HL_DEL && !ml->keep && !span[k];
		cur += ml->kind == SM_HL_ADD && !wild[k];
	}
	*cost = cur;
	if (!cur || (uint64_t)n * m > SM_LAZY_ALIGN_CELLS) {
		rc = 0;
		goto out;
	}
	a = sm_malloc((n ? n : 1) * sizeof(*a));
	b = sm_malloc((m + 1) * sizeof(*b));
	row = sm_malloc((m + 1) * sizeof(*row));
	prev = sm_malloc((m + 1) * sizeof(*prev));
	paired = sm_calloc(m + 1, 1);
	if (!a || !b || !row || !prev || !paired)
		goto out;
	/* span is reused: span[j], 1 when new line j is a placeholder */
	for (k = 0, i = 0, j = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->l.blank && !wild[k])
			continue;
		if (ml->kind != SM_HL_ADD)
			a[i++] = sm_line_h(&ml->l, SM_LVL_EXACT);
		if (ml->kind != SM_HL_DEL) {
			span[j] = wild[k];
			paired[j] = ml->kind != SM_HL_ADD && !wild[k];
			b[j++] = sm_line_h(&ml->l, SM_LVL_EXACT);
		}
	}
	c->work += sm_work_pass(0, n * m);
	prev[0] = 0;
	for (j = 1; j <= m; j++)
		prev[j] = prev[j - 1] + !span[j - 1];
	for (i = 1; i <= n; i++) {
		uint32_t *t;
		row[0] = (uint32_t)i;
		for (j = 1; j <= m; j++) {
			uint32_t v;
			if (span[j - 1]) {
				/* the placeholder stands for old line i too, or for none more */
				v = prev[j] < row[j - 1] ? prev[j] : row[j - 1];
			} else {
				v = (prev[j] < row[j - 1] ? prev[j] : row[j - 1]) + 1;
				if (a[i - 1] == b[j - 1] && prev[j - 1] < v)
					v = prev[j - 1];
			}
			row[j] = v;
		}
		t = prev;
		prev = row;
		row = t;
	}
	*best = prev[m];
	rc = *best < cur;
	if (*best == cur && (uint64_t)(n + 1) * (m + 1) <= SM_LAZY_TIE_CELLS)
		rc = tie_moves_past(c, a, n, b, span, paired, m, prev[m]);
out:
	sm_free(wild);
	sm_free(span);
	sm_free(paired);
	sm_free(a);
	sm_free(b);
	sm_free(row);
	sm_free(prev);
	return rc;
}

/*
 * 1 when the old lines placeholder ph would restore, the deletions between the unchanged lines
 * that bound it (lo, hi), end with lines the new side writes out itself right after the
 * placeholder, in order (or start with the lines it writes right before it): those file lines
 * restored and written again beside the placeholder give the file them twice. Another pairing
 * has the new side's lines be those very file lines and the placeholder stop short of them (a
 * hunk merged over a stretch of the file let the diff pair them with a later copy past the
 * stretch, the stretch hidden in the span, and the new side's lines past the copy added);
 * which one the reply meant nothing tells, and the two give two files. Only when that other
 * pairing keeps more of the new side's lines than the diff's: more of those new lines are
 * additions (which it pairs) than unchanged lines (whose file lines it then deletes). A line
 * kept next to its own copy in the span ("x" kept, "x" restored after it: the file held
 * both) is the diff's pairing as good as any, and stays. A context line a diff's hunk marked
 * itself is the model's pairing; a block of blank lines alone (both sides put blank lines
 * everywhere) is not taken for it. Up to SM_LAZY_REWRITTEN_CMP lines on each side are
 * compared.
 */
static int span_rewritten(const sm_medit *e, size_t ph, size_t lo, size_t hi)
{
	size_t d[SM_LAZY_REWRITTEN_CMP], w[SM_LAZY_REWRITTEN_CMP], nd, nw, m, i, k;
	size_t a = lo == SM_NOLINE ? 0 : lo + 1, b = hi == SM_NOLINE ? e->nseq : hi;
	int dir;

	for (dir = -1; dir <= 1; dir += 2) {
		/* d: the span's deletions from its end in direction dir inwards; w: the new
		   side's lines from the placeholder outwards in direction dir */
		nd = nw = 0;
		for (i = 0; i < b - a && nd < SM_LAZY_REWRITTEN_CMP; i++) {
			k = dir > 0 ? b - 1 - i : a + i;
			if (e->seq[k].kind == SM_HL_DEL)
				d[nd++] = k;
		}
		for (k = ph; nw < SM_LAZY_REWRITTEN_CMP && (dir > 0 ? k + 1 < e->nseq : k > 0);) {
			k = dir > 0 ? k + 1 : k - 1;
			if (sm_mline_is_new(&e->seq[k]))
				w[nw++] = k;
		}
		/* the m deletions at the span's end, in the file's order, against the m new
		   lines next to the placeholder */
		for (m = 1; m <= nd && m <= nw; m++) {
			size_t adds = 0, kept = 0;
			int solid = 0;
			for (i = 0; i < m && same_text(e, d[dir > 0 ? m - 1 - i : i],
			                               w[dir > 0 ? i : m - 1 - i]);
			     i++) {
				const sm_mline *ml = &e->seq[w[i]];
				solid |= !ml->l.blank;
				adds += ml->kind == SM_HL_ADD;
				kept += ml->kind == SM_HL_CTX;
				if (ml->given)
					break;
			}
			if (i == m && solid && adds > kept)
				return 1;
		}
	}
	return 0;
}

/* 1 when added line ph, shaped like a placeholder, is the one line its run deletes, changed:
 * of the lines it may stand for (r0..r1: its run, widened to the lines that bound it) one
 * alone is a non-blank deleted line, and ph is as like it as a miscopied line is like its
 * own (SM_MIN_LINE_SIMILARITY). A line of the file that holds "..." or such words was edited;
 * taken for a marker it was expanded back to the old line, the change lost while the edit said
 * "applied". With one line at stake, writing it cannot hide deleted code behind a marker. */
static int changed_line(const sm_medit *e, size_t r0, size_t r1, size_t ph)
{
	const sm_line *l = &e->seq[ph].l, *d = NULL;
	size_t k;

	for (k = r0; k < r1; k++) {
		if (e->seq[k].kind != SM_HL_DEL || e->seq[k].l.blank)
			continue;
		if (d)
			return 0;
		d = &e->seq[k].l;
	}
	if (!d || l->n * 2 < d->n || d->n * 2 < l->n)
		return 0;
	return sm_text_similarity(l->p, l->n, d->p, d->n) >= SM_MIN_LINE_SIMILARITY;
}

static int guard(sm_medit *e, const sm_lang *lang, const sm_image *im, int whole, int mode,
		 sm_lazy_result *res)
{
	ctx c = {e, im, whole, {0}, {0}, {0}, {0}, {0}, {0}, 0, 0};
	sm_lazy_hit *hits = NULL;
	unsigned char *drop = NULL;
	size_t k = 0, n = 0, cap = 0, dcap = 0, steps = 0, near, far;
	int rc = 0, mv = 0, dir;

	memset(res, 0, sizeof(*res));
	if (mode == SEAM_LAZY_ALLOW)
		return 0;
	/* the unchanged lines around each placeholder first: they decide its run */
	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind != SM_HL_ADD ||
		    !sm_lazy_is_placeholder(lang, e->seq[k].l.p, e->seq[k].l.n))
			continue;
		if (build(&c)) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		/* the file's own comment is no placeholder: the pairing around it stays (asked
		   of the index when the image has one: its set of lines is then empty) */
		if (!file_has(&c, e->seq[k].l.h_indent)) {
			if (slide_copies(e, k, &near, &far) && !res->refused &&
			    mode == SEAM_LAZY_EXPAND)
				refuse_two_fits(&c, k, near, far, res);
			if (slide_bounds(e, k, &near, &far) && !res->refused &&
			    mode == SEAM_LAZY_EXPAND)
				refuse_two_fits(&c, k, near, far, res);
			for (dir = -1; dir <= 1; dir += 2)
				if ((rc = slide_kept(lang, e, k, dir, &near, &far)) < 0)
					goto out;
				else if (rc && !res->refused && mode == SEAM_LAZY_EXPAND)
					refuse_two_fits(&c, k, near, far, res);
			rc = 0;
		}
	}
	k = 0;
	while (k < e->nseq && !res->refused) {
		size_t r0 = k, r1, ph, s0 = 0, s1 = 0, d;
		sm_lazy_hit run = {0};
		if (e->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		while (k < e->nseq && e->seq[k].kind != SM_HL_CTX)
			k++;
		r1 = k;
		for (ph = r0; ph < r1; ph++) {
			sm_lazy_hit h;
			if (e->seq[ph].kind != SM_HL_ADD ||
			    !sm_lazy_is_placeholder(lang, e->seq[ph].l.p, e->seq[ph].l.n))
				continue;
			if (build(&c)) {
				rc = SEAM_ENOMEM;
				goto out;
			}
			if (file_has(&c, e->seq[ph].l.h_indent))
				continue; /* the file's own comment, not one the model put there */
			{
				/* the lines it may stand for: its run's, and any deleted between
				   the lines that bound it (blank context lines do not) */
				size_t lo = new_neighbour(e, ph, -1), hi = new_neighbour(e, ph, 1);
				size_t a = lo == SM_NOLINE ? 0 : lo + 1, b = hi == SM_NOLINE ? e->nseq : hi;
				if (a > r0)
					a = r0;
				if (b < r1)
					b = r1;
				if (a != s0 || b != s1) {
					memset(&run, 0, sizeof(run));
					run_gone(&c, a, b, &run);
					s0 = a;
					s1 = b;
				}
			}
			if (changed_line(e, s0, s1, ph))
				continue;
			/* "// implement the upload here" in a block the reply adds: a note in new
			   code, written (a stub of an old block keeps the usual answer) */
			if (run.gone &&
			    sm_placeholder_asks_for_code(lang, e->seq[ph].l.p, e->seq[ph].l.n) &&
			    in_new_block(&c, ph, s0, s1, &steps))
				continue;
			/* "..." alone is code in Python (a stub's body), and a comment that does not
			   claim to stand for code of the file may be meant: both written */
			if (!run.gone && (bare_dots(e->seq[ph].l.p, e->seq[ph].l.n) ||
					  !sm_placeholder_says_existing(e->seq[ph].l.p, e->seq[ph].l.n)))
				continue;
			if (!run.gone && (guessed_pair(&c, ph, -1) || guessed_pair(&c, ph, 1) ||
					  sides_guessed(&c))) {
				/* it may stand for lines the edit deletes elsewhere: refused (when
				   the edit deletes any), not left out */
				sm_lazy_hit all = {0};
				run_gone(&c, 0, e->nseq, &all);
				if (all.gone) {
					all.ph = ph;
					all.astray = sides_guessed(&c);
					res->refused = 1;
					res->hit = all;
					break;
				}
			}
			if (!run.gone && mode != SEAM_LAZY_ALLOW) {
				/* the lines it deletes are all written elsewhere (moved, not gone):
				   but when one of them, written alone, may as well have been written
				   once more (moved_out cannot place it), the placeholder may stand
				   for it. (Lines written elsewhere as a run, as the run deletes
				   them, are the move this reading takes: moved_run is for a span.) */
				sm_lazy_hit h = {0};
				h.ph = ph;
				if ((mv = unsure_move(&c, &h, 0)) < 0) {
					rc = mv;
					goto out;
				}
				if (!mv &&
				    (h.moved_old = moved_among_repeats(&c, s0, s1)) != SM_NOLINE) {
					size_t j;
					h.moved = 1;
					h.moved_new = SM_NOLINE;
					for (j = 0; j < e->nseq && h.moved_new == SM_NOLINE; j++)
						if (e->seq[j].kind == SM_HL_ADD &&
						    e->seq[j].l.h_indent ==
						        e->seq[h.moved_old].l.h_indent)
							h.moved_new = j;
					mv = 1;
				}
				if (mv) {
					h.gone = 1;
					h.del0 = h.del1 = h.moved_old;
					res->refused = 1;
					res->hit = h;
					break;
				}
			}
			if (!run.gone) {
				/* the run deletes nothing real: the placeholder stands for no code,
				   and writing it would put a comment about code into the file as if
				   it were code; it is left out, and the report says so */
				if (!drop && !(drop = sm_calloc(e->nseq ? e->nseq : 1, 1))) {
					rc = SEAM_ENOMEM;
					goto out;
				}
				if (sm_grow((void **)&res->dropped, &dcap, res->ndropped + 1,
					    sizeof(*res->dropped))) {
					rc = SEAM_ENOMEM;
					goto out;
				}
				drop[ph] = 1;
				/* blank lines its own run deletes are what it stands for: a reply
				   that meant to delete them would not put a note about kept code in
				   their place */
				for (d = r0; d < r1; d++)
					if (e->seq[d].kind == SM_HL_DEL && e->seq[d].l.blank)
						e->seq[d].keep = 1;
				res->dropped[res->ndropped].text.p = e->seq[ph].l.p;
				res->dropped[res->ndropped].text.n = e->seq[ph].l.n;
				res->dropped[res->ndropped++].reply_line = e->seq[ph].reply_line;
				continue;
			}
			/* it would be expanded: not when the line next to it may be another copy */
			for (dir = -1; dir <= 1 && mode == SEAM_LAZY_EXPAND; dir += 2) {
				if (!res->refused && copy_in_changes(lang, e, ph, dir, &near, &far))
					refuse_two_fits(&c, ph, near, far, res);
				if (!res->refused &&
				    moved_beside(&c, ph, dir, new_neighbour(e, ph, -1),
						 new_neighbour(e, ph, 1), &near, &far)) {
					refuse_two_fits(&c, ph, near, far, res);
					res->hit.fit_moved = res->refused;
				}
			}
			if (res->refused)
				break;
			h = run;
			h.ph = ph;
			h.bounded = bound(e, new_neighbour(e, ph, -1)) &&
				    bound(e, new_neighbour(e, ph, 1));
			/* bounded, it would be expanded: but not past a line of its span that the
			   reply may have moved out of it (moved_out) */
			if (mode == SEAM_LAZY_REFUSE || !h.bounded ||
			    (mv = unsure_move(&c, &h, 1)) != 0) {
				if (mv < 0) {
					rc = mv;
					goto out;
				}
				res->refused = 1;
				res->hit = h;
				break;
			}
			if (mode == SEAM_LAZY_EXPAND &&
			    bound_copy_inside(&c, new_neighbour(e, ph, -1), new_neighbour(e, ph, 1),
			                      &near, &far)) {
				res->refused = 1;
				res->hit = h;
				break;
			}
			/* the span holds lines the new side writes beside the placeholder: two
			   readings, two files */
			if (mode == SEAM_LAZY_EXPAND &&
			    span_rewritten(e, ph, new_neighbour(e, ph, -1),
			                   new_neighbour(e, ph, 1))) {
				h.rewritten = 1;
				res->refused = 1;
				res->hit = h;
				break;
			}
			if (sm_grow((void **)&hits, &cap, n + 1, sizeof(*hits))) {
				rc = SEAM_ENOMEM;
				goto out;
			}
			hits[n++] = h;
		}
	}
	if (!res->refused && n && mode == SEAM_LAZY_EXPAND && sides_guessed(&c)) {
		size_t which;
		if (blank_cuts_span(e, hits, n, &which)) {
			res->refused = 1;
			res->hit = hits[which];
			res->hit.blank_cut = 1;
		}
	}
	if (!res->refused && n && mode == SEAM_LAZY_EXPAND && sides_guessed(&c)) {
		size_t cost, best;
		if ((rc = better_reading(&c, hits, n, drop, &cost, &best)) < 0)
			goto out;
		if (rc) {
			res->refused = 1;
			res->hit = hits[0];
			res->hit.better = 1;
			res->hit.cost = cost;
			res->hit.best = best;
		}
		rc = 0;
	}
	/* a placeholder that ends the new side and is left out stands for the code after it:
	   the line end its text lacks (SM_EDIT_JOINS_NEXT, a tool's join taking the next blank
	   line away) belongs to a line not written, and says nothing of that blank line */
	if (!res->refused && drop && ends_new_side(e, drop))
		e->flags &= ~SM_EDIT_JOINS_NEXT;
	if (!res->refused && n) {
		if (!drop && !(drop = sm_calloc(e->nseq ? e->nseq : 1, 1))) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		rc = expand(&c, e, hits, n, res, drop);
	} else if (!res->refused && drop) {
		compact(e, drop);
	}
out:
	res->work = c.work;
	sm_free(hits);
	sm_free(drop);
	ctx_dispose(&c);
	if (rc)
		sm_lazy_result_dispose(res);
	return rc;
}

int sm_lazy_guard(sm_medit *e, const sm_lang *lang, const sm_image *im, int mode,
		  sm_lazy_result *res)
{
	return guard(e, lang, im, 0, mode, res);
}

int sm_lazy_guard_whole(sm_medit *e, const sm_lang *lang, int mode, sm_lazy_result *res)
{
	return guard(e, lang, NULL, 1, mode, res);
}

void sm_lazy_result_dispose(sm_lazy_result *res)
{
	sm_free(res->exp);
	res->exp = NULL;
	res->nexp = 0;
	sm_free(res->dropped);
	res->dropped = NULL;
	res->ndropped = 0;
}

size_t sm_lazy_old_index(const sm_medit *e, size_t k)
{
	size_t i, n = 0;
	for (i = 0; i < k && i < e->nseq; i++)
		n += e->seq[i].kind != SM_HL_ADD;
	return n;
}

const char *sm_lazy_strategy(const char *base)
{
	static const char *const names[][2] = {
		{"exact", "exact+expanded-placeholder"},
		{"whitespace", "whitespace+expanded-placeholder"},
		{"typography", "typography+expanded-placeholder"},
		{"indentation", "indentation+expanded-placeholder"},
		{"blank-lines", "blank-lines+expanded-placeholder"},
		{"elision", "elision+expanded-placeholder"},
		{"diff-repair", "diff-repair+expanded-placeholder"},
		{"line-indentation", "line-indentation+expanded-placeholder"},
		{"split-hunk", "split-hunk+expanded-placeholder"},
		{"fuzzy", "fuzzy+expanded-placeholder"},
		{"whole-file", "whole-file+expanded-placeholder"},
		{"replace-all", "replace-all+expanded-placeholder"},
	};
	size_t i;

	for (i = 0; base && i < COUNT(names); i++)
		if (!strcmp(base, names[i][0]))
			return names[i][1];
	return "expanded-placeholder";
}
