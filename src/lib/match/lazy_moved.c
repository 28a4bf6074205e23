/*
 * A line of a placeholder's span that the reply also writes alone elsewhere: moved out of the
 * span, or written once more? Counted apart from the guard because the answer needs the
 * copies of each text in the file and on both sides, and a wrong answer restores a line twice.
 */
#include "lazy_impl.h"
#include "match_costs.h"
#include "image_work.h"

/*
 * Counts the copies in the file of each text of c->lone (c->lone_file), once, for file_repeats
 * on an image without a line index: one pass over the file. SEAM_ENOMEM when out of memory.
 */
static int count_lone_in_file(ctx *c)
{
	size_t k;

	if (!c->im || c->im->ix || c->lone_file.v || c->e->nold >= c->im->n)
		return 0;
	if (sm_lazy_tally_init(&c->lone_file, c->lone.cap))
		return SEAM_ENOMEM;
	for (k = 0; k < c->im->n; k++) {
		uint64_t h = sm_hx(c->im, k);
		if (sm_lazy_hset_has(&c->lone, h))
			sm_lazy_tally_at(&c->lone_file, h, 1)[0]++;
	}
	c->work += sm_work_pass(0, c->im->n);
	return 0;
}

/* How many lines of the file have text h (indentation-blind): from the line index, else one
 * pass over the image; the old side's copies when it is the whole file. */
static size_t file_copies(ctx *c, uint64_t h)
{
	size_t k, n = 0;
	const uint32_t *t;

	if (c->whole || !c->im) {
		t = sm_lazy_tally_at(&c->sides, h, 0);
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
	if (c->im->ix)
		return file_copies(c, h) > 1;
	if (!c->lone_file.v)
		return 1;
	n = sm_lazy_tally_at(&c->lone_file, h, 0);
	return n && n[0] > 1;
}

/* The old and new copies of seq[k]'s text (c->sides) when seq[k] is a deleted line, not short
 * (SM_LAZY_MOVED_MIN_CHARS), whose text the reply adds alone somewhere (c->lone); else NULL. */
static const uint32_t *added_alone(ctx *c, size_t k)
{
	const sm_mline *ml = &c->e->seq[k];

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide ||
	    sm_lazy_solid_chars(&ml->l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS ||
	    !sm_lazy_hset_has(&c->lone, ml->l.h_indent))
		return NULL;
	return sm_lazy_tally_at(&c->sides, ml->l.h_indent, 0);
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
int sm_lazy_moved_out(ctx *c, size_t k)
{
	const uint32_t *n = added_alone(c, k);

	if (!n)
		return 0;
	return n[0] == 1 && n[1] == 1 && !file_repeats(c, c->e->seq[k].l.h_indent) ? 1 : -1;
}

/* 1 when seq[k] is a line added alone: the nearest non-blank new line on each side, if any,
 * is a kept one (the rule sm_lazy_build() fills c->lone by). */
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
 * them twice if they were moved. sm_lazy_moved_out looks at a line added alone; a run of them was
 * taken for new code, and restored.
 */
static int moved_run(ctx *c, size_t k)
{
	const sm_medit *e = c->e;
	const sm_mline *ml = &e->seq[k];
	size_t p = old_beside(e, k, -1), q = old_beside(e, k, 1);

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide ||
	    sm_lazy_solid_chars(&ml->l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS)
		return 0;
	return (p != SM_NOLINE &&
	        sm_lazy_solid_chars(&e->seq[p].l, SM_LAZY_MOVED_MIN_CHARS) >=
	            SM_LAZY_MOVED_MIN_CHARS &&
	        sm_lazy_hset_has(&c->pairs,
	                         sm_lazy_pair_of(e->seq[p].l.h_indent, ml->l.h_indent))) ||
	       (q != SM_NOLINE &&
	        sm_lazy_solid_chars(&e->seq[q].l, SM_LAZY_MOVED_MIN_CHARS) >=
	            SM_LAZY_MOVED_MIN_CHARS &&
	        sm_lazy_hset_has(&c->pairs, sm_lazy_pair_of(ml->l.h_indent, e->seq[q].l.h_indent)));
}

/* The first line the reply adds with seq[k]'s text (indentation aside), or SM_NOLINE: the copy
 * a refusal names as the one a line moved to. */
static size_t added_copy(const sm_medit *e, size_t k)
{
	size_t j;

	for (j = 0; j < e->nseq; j++)
		if (e->seq[j].kind == SM_HL_ADD && e->seq[j].l.h_indent == e->seq[k].l.h_indent)
			return j;
	return SM_NOLINE;
}

/*
 * 1 when the span placeholder h->ph stands for (between its nearest new lines) holds a line
 * that sm_lazy_moved_out cannot place (-1), or, when runs, one the reply writes with its neighbour
 * (moved_run): then h names it and a copy the reply adds (h->moved_old, h->moved_new), for
 * the refusal; SEAM_ENOMEM when out of memory. The spans of
 * a reply's placeholders do not overlap: each line is looked at once.
 */
int sm_lazy_unsure_move(ctx *c, sm_lazy_hit *h, int runs)
{
	const sm_medit *e = c->e;
	size_t lo = sm_lazy_new_neighbour(e, h->ph, -1), hi = sm_lazy_new_neighbour(e, h->ph, 1), k,
	       j;

	for (k = lo == SM_NOLINE ? 0 : lo + 1; k < hi && k < e->nseq; k++) {
		const uint32_t *n = added_alone(c, k);
		if (!n && runs && moved_run(c, k)) {
			h->moved = 1;
			h->moved_run = 1;
			h->moved_old = k;
			h->moved_new = added_copy(e, k);
			return 1;
		}
		/* the file's copies are counted (one pass) only for a line that may be moved */
		if (!n)
			continue;
		if (n[0] == 1 && n[1] == 1 && count_lone_in_file(c))
			return SEAM_ENOMEM;
		if (sm_lazy_moved_out(c, k) >= 0)
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

/*
 * 1 when a line of seq[r0..r1) that run_gone took as moved (not gone: the new side writes its
 * text as often as the old side deletes it) though sm_lazy_moved_out does not place it (no copy
 * added alone, or a short line, which it never places: "pos += 1" moved is as plain a move as
 * a long line's, and run_gone took it for one by the copies at its own depth) has more copies
 * in the file than in the old side: the copy the new side writes may be one of the file's
 * others, written again (a reply that left the file's next line out of its old side writes
 * it at the end of the new one, or beside the lines around it), and the placeholder then
 * stands for this one, kept.
 * Moved or kept, nothing in the reply tells: h names the line and the first copy the reply
 * adds (h->moved_old, h->moved_new), for the refusal.
 */
int sm_lazy_moved_among_repeats(ctx *c, size_t r0, size_t r1, sm_lazy_hit *h)
{
	size_t d;

	for (d = r0; d < r1; d++) {
		const sm_mline *dl = &c->e->seq[d];
		const uint32_t *n;
		if (dl->kind != SM_HL_DEL || dl->keep || dl->l.blank || dl->elide ||
		    sm_is_elision(dl->l.p, dl->l.n) ||
		    (sm_lazy_solid_chars(&dl->l, SM_LAZY_MOVED_MIN_CHARS) >=
		         SM_LAZY_MOVED_MIN_CHARS &&
		     sm_lazy_hset_has(&c->lone, dl->l.h_indent)))
			continue;
		n = sm_lazy_tally_at(&c->sides, dl->l.h_indent, 0);
		if (!n || !n[1] || n[1] < n[0])
			continue;
		if (file_copies(c, dl->l.h_indent) > n[0]) {
			h->moved = 1;
			h->moved_old = d;
			h->moved_new = added_copy(c->e, d);
			return 1;
		}
	}
	return 0;
}
