/*
 * The unchanged lines that bound a placeholder's span: which copies of them the diff paired is
 * its guess, and another pairing has the placeholder stand for more lines. Here the bounds are
 * slid onto the copies the reply means, or the edit refused when two fits remain.
 */
#include "lazy_impl.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

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
 * next to the placeholder the one way in *near, the diff's in *far (sm_lazy_refuse_two_fits); else
 * 0.
 */
int sm_lazy_slide_bounds(sm_medit *e, size_t ph, size_t *near, size_t *far)
{
	size_t lo = sm_lazy_new_neighbour(e, ph, -1), hi = sm_lazy_new_neighbour(e, ph, 1), a, d, b,
	       f, m, i;

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
			for (i = 0; i < m && sm_lazy_same_text(e, d + i, a + i); i++)
				;
			if (i == m && sm_lazy_given_in(e, d, lo + 1)) {
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
			for (i = 0; i < m && sm_lazy_same_text(e, hi + (f - b) + i, hi + i); i++)
				;
			if (i == m && sm_lazy_given_in(e, hi, f)) {
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
int sm_lazy_slide_kept(const sm_lang *lang, sm_medit *e, size_t ph, int dir, size_t *near,
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
			while (j != i &&
			       (e->seq[j].kind == SM_HL_ADD || !sm_lazy_same_text(e, j, i))) {
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
int sm_lazy_guessed_pair(ctx *c, size_t ph, int dir)
{
	const sm_medit *e = c->e;
	size_t k = ph;

	while (dir < 0 ? k-- > 0 : ++k < e->nseq) {
		const sm_mline *ml = &e->seq[k];
		const uint32_t *n;
		if (ml->kind == SM_HL_DEL || (ml->kind == SM_HL_ADD && ml->l.blank))
			continue;
		n = sm_lazy_tally_at(&c->sides, ml->l.h_indent, 0);
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
 * diff's in *far (sm_lazy_refuse_two_fits); else 0.
 */
int sm_lazy_slide_copies(sm_medit *e, size_t ph, size_t *near, size_t *far)
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
			    ml->elide || !sm_lazy_same_text(e, s - 1, r0 - 1))
				break;
			dels += ml->kind == SM_HL_DEL;
		}
		if (dels && sm_lazy_given_in(e, s, r0)) {
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
			    ml->elide || !sm_lazy_same_text(e, s, r1))
				break;
			dels += ml->kind == SM_HL_DEL;
		}
		if (dels && sm_lazy_given_in(e, r1, s)) {
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
 * could have kept, two lines it swapped), which bounds the stretch sm_lazy_slide_kept looks at; the
 * copy it deleted may be the line the reply wrote, and the placeholder then stands for more
 * lines than the diff's pairing restores: which one is not sure, so the span's end is not.
 * Each line is passed by at most the placeholders around it.
 */
int sm_lazy_copy_in_changes(const sm_lang *lang, const sm_medit *e, size_t ph, int dir,
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
		if (ml->kind == SM_HL_DEL && sm_lazy_same_text(e, i, b)) {
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
 * in one place and written in another counts as one change (a move, as sm_lazy_moved_out reads a
 * line of the span): b is the file's line the diff paired it with (the placeholder stands for
 * the lines up to it, the copy elsewhere is deleted), or the placeholder stands for that line
 * too and b is the copy the reply moved next to the span (the file keeps one copy more; the
 * lines beyond pair as before, blank ones as they fit). *near = *far = b. A short line ("}",
 * "pass": SM_LAZY_MOVED_MIN_CHARS) is another block's, as in sm_lazy_moved_out; a context line a
 * diff's hunk marked itself is paired by the model.
 */
int sm_lazy_moved_beside(ctx *c, size_t ph, int dir, size_t lo, size_t hi, size_t *near,
                         size_t *far)
{
	const sm_medit *e = c->e;
	size_t b = sm_lazy_new_neighbour(e, ph, dir), k, span = 0;
	const uint32_t *n;

	if (b == SM_NOLINE || !sm_lazy_bound(e, b) || e->seq[b].given || e->seq[b].l.blank ||
	    sm_lazy_solid_chars(&e->seq[b].l, SM_LAZY_MOVED_MIN_CHARS) < SM_LAZY_MOVED_MIN_CHARS)
		return 0;
	n = sm_lazy_tally_at(&c->sides, e->seq[b].l.h_indent, 0);
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
int sm_lazy_sides_guessed(const ctx *c)
{
	const sm_medit *e = c->e;

	return e->blocklike && !c->whole && !(c->im && e->nold >= c->im->n);
}

/* Refuses placeholder ph when the span's lines [from, to) are gone in the reading that puts
 * it beside seq[near] rather than seq[far] (sm_lazy_run_gone): res->hit names both, with fits
 * and bound_copy saying which question found them (for the message). 1 when refused. */
static int refuse_if_gone(ctx *c, size_t ph, size_t from, size_t to, size_t near, size_t far,
                          int fits, int bound_copy, sm_lazy_result *res)
{
	sm_lazy_hit h = {0};

	sm_lazy_run_gone(c, from, to, &h);
	if (!h.gone)
		return 0;
	h.ph = ph;
	h.bounded = 1;
	h.fits = fits;
	h.bound_copy = bound_copy;
	h.fit_near = near;
	h.fit_far = far;
	res->refused = 1;
	res->hit = h;
	return 1;
}

/* Refuses placeholder ph for two fits of the kept lines next to it (sm_lazy_slide_kept: seq[near]
 * in the one the placeholder stands for the most in, seq[far] in the diff's) when the lines between
 * tell real code: res->hit names the span of the first fit and both places. */
void sm_lazy_refuse_two_fits(ctx *c, size_t ph, size_t near, size_t far, sm_lazy_result *res)
{
	const sm_medit *e = c->e;
	size_t lo = sm_lazy_new_neighbour(e, ph, -1), hi = sm_lazy_new_neighbour(e, ph, 1);

	if (near < ph)
		refuse_if_gone(c, ph, near + 1, hi == SM_NOLINE ? e->nseq : hi, near, far, 1, 0,
		               res);
	else
		refuse_if_gone(c, ph, lo == SM_NOLINE ? 0 : lo + 1, near, near, far, 1, 0, res);
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
int sm_lazy_bound_copy_inside(ctx *c, size_t lo, size_t hi, size_t *near, size_t *far)
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
		    sm_is_elision(ml->l.p, ml->l.n) || sm_lazy_moved_out(c, k) == 1)
			continue;
		last = k;
		if (sm_lazy_same_text(e, k, hi))
			copy = k;
	}
	if (copy == SM_NOLINE || copy == last || !opens_closed_by(&e->seq[last].l, &e->seq[hi].l))
		return 0;
	*near = copy;
	*far = hi;
	return 1;
}

static int rewrites(ctx *c, const sm_line *x, const sm_line *y);

/*
 * 1 when the unchanged line right after a placeholder (between new lines lo and hi), seq[hi],
 * has a copy of its own text among the span's deletions, seq[*far], not the last of them, and
 * the new side's next line after it is an addition of substance that rewrites (rewrites: the
 * same text at another depth, or as like it as a miscopy) one of the span's lines past that
 * copy: "PH, '}', '+ x'" over "..., '}', 'if (c) {', '    x', '}'". The diff kept the last
 * copy, the placeholder standing for the block and x added after it; kept on the copy inside,
 * the placeholder stops there and the reply rewrites the lines past it (the block unwrapped).
 * Two readings, two files, where seam paired the sides (a line the reply marked pairs them
 * itself). *near is seq[hi] (the placeholder standing for the most), *far the copy inside
 * (sm_lazy_refuse_two_fits). Up to SM_LAZY_NEW_BLOCK_CMP lines compared.
 */
int sm_lazy_bound_copy_rewritten(ctx *c, size_t lo, size_t hi, size_t *near, size_t *far)
{
	const sm_medit *e = c->e;
	const sm_line *y;
	size_t k, a, copy = SM_NOLINE, steps = 0;

	if (!sm_lazy_sides_guessed(c) || hi == SM_NOLINE || e->seq[hi].kind != SM_HL_CTX ||
	    e->seq[hi].elide || e->seq[hi].given || e->seq[hi].l.blank)
		return 0;
	for (a = hi + 1; a < e->nseq && e->seq[a].kind == SM_HL_DEL; a++)
		;
	if (a >= e->nseq || e->seq[a].kind != SM_HL_ADD)
		return 0;
	y = &e->seq[a].l;
	if (y->blank || !sm_line_of_substance(y))
		return 0;
	for (k = lo == SM_NOLINE ? 0 : lo + 1; k < hi; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || ml->elide)
			continue;
		if (copy == SM_NOLINE) {
			if (sm_lazy_same_text(e, k, hi))
				copy = k;
			continue;
		}
		if (++steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (rewrites(c, &ml->l, y)) {
			*near = hi;
			*far = copy;
			return 1;
		}
	}
	return 0;
}

/* 1 when added line y reads as block line x rewritten: both blank, or y as like x as a
 * miscopied line is like its own (SM_MIN_LINE_SIMILARITY; the same text at another depth is
 * 1), or y is x with more written after it (a comment or an argument appended: x, indentation
 * aside, of SM_CUT_MIN_SOLID characters at least, as a line cut short is read). */
static int rewrites(ctx *c, const sm_line *x, const sm_line *y)
{
	size_t ix = sm_text_indent_len(x->p, x->n), iy = sm_text_indent_len(y->p, y->n), n = x->n;

	if (x->blank || y->blank)
		return x->blank && y->blank;
	while (n > ix && isspace((unsigned char)x->p[n - 1]))
		n--;
	if (n - ix <= y->n - iy && !memcmp(x->p + ix, y->p + iy, n - ix) &&
	    sm_lazy_solid_chars(x, SM_CUT_MIN_SOLID) >= SM_CUT_MIN_SOLID)
		return 1;
	if (x->n * 2 < y->n || y->n * 2 < x->n)
		return 0;
	c->work += sm_text_similarity_work(x->n, y->n);
	return sm_text_similar(x->p, x->n, y->p, y->n, SM_MIN_LINE_SIMILARITY);
}

/*
 * 1 when the kept block that bounds placeholder ph in direction dir (its nearest new line and
 * the unchanged lines after it, up to a change) is, line for line, the last lines the
 * placeholder's span deletes next to it (its first ones, above it), and the change beyond
 * rewrites each of the block's lines (rewrites, in order): the sides' diff paired the block with
 * the copies beyond the span, the change then adding lines beside them; paired with the
 * span's own copies, the placeholder stands for fewer lines and the change rewrites the other
 * copies ("- x", placeholder, "  x", "+ x2" reads as placeholder, "  x", "- x", "+ x2": x2 in
 * place of the second x, or written beside it), no dearer a reading. Two files, and nothing
 * tells. (A change that adds lines unlike the block's is cheaper read beside them: it deletes
 * nothing of its own.) *near is the bound (the diff's reading, the placeholder standing for
 * the most), *far the span's copy of it (sm_lazy_refuse_two_fits). A diff's hunk marks its
 * context itself, and so does a line the reply marked (sm_mline.given). Each line is passed by
 * at most the placeholders around it, and compared with at most SM_LAZY_NEW_BLOCK_CMP added
 * lines.
 */
int sm_lazy_block_in_span(const sm_lang *lang, ctx *c, size_t ph, int dir, size_t *near,
                          size_t *far)
{
	const sm_medit *e = c->e;
	size_t b = sm_lazy_new_neighbour(e, ph, dir), k, m = 0, j = 0, c0, c1, b0, steps = 0;

#define inside(x) ((x) < e->nseq) /* size_t: below 0 wraps past nseq */
	if ((e->kind == SM_KIND_HUNK && !e->blocklike) || !sm_lazy_bound(e, b))
		return 0;
	for (k = b; inside(k) && e->seq[k].kind == SM_HL_CTX && !e->seq[k].elide;
	     k += (size_t)dir) {
		if (e->seq[k].given)
			return 0;
		m++;
	}
	/* the change beyond the block, no placeholder in it: [c0, c1) */
	c0 = c1 = k;
	for (; inside(k) && e->seq[k].kind != SM_HL_CTX; k += (size_t)dir) {
		const sm_mline *ml = &e->seq[k];
		if (ml->keep || ml->elide ||
		    (ml->kind == SM_HL_ADD && sm_lazy_is_placeholder(lang, ml->l.p, ml->l.n)))
			return 0;
		if (dir > 0)
			c1 = k + 1;
		else
			c0 = k;
	}
	if (c0 == c1)
		return 0;
	/* the span's deletions from the bound inwards, the j-th one against the block's line
	   m - j from the bound (the two in the same order) */
	for (k = b - (size_t)dir; j < m && inside(k); k -= (size_t)dir) {
		const sm_mline *ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD)
			continue;
		if (ml->kind != SM_HL_DEL || ml->keep || ml->elide || ml->given ||
		    !sm_lazy_same_text(e, k, b + (size_t)dir * (m - 1 - j)))
			return 0;
		j++;
		*far = k;
	}
#undef inside
	if (j < m)
		return 0;
	/* each of the block's lines, in order, rewritten by an addition of the change */
	b0 = dir > 0 ? b : b + 1 - m;
	for (j = 0, k = c0; j < m; j++, k++) {
		for (; k < c1; k++)
			if (e->seq[k].kind == SM_HL_ADD &&
			    (++steps > SM_LAZY_NEW_BLOCK_CMP ||
			     rewrites(c, &e->seq[b0 + j].l, &e->seq[k].l)))
				break;
		if (k >= c1 || steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
	}
	*near = b;
	return 1;
}

/*
 * 1 when the unchanged line that bounds placeholder ph in direction dir (past the lines
 * between, seq[lo] above or seq[hi] below) has a copy of its own text, indentation and all,
 * as the span's old line right next to it: "placeholder, x" over "..., x, x" reads as the
 * placeholder standing for the first "x" (the diff's pairing: the file keeps both) or the new
 * side's "x" being that first copy and the reply deleting the other (the span one line
 * shorter). Nothing in the reply tells, and the two give two files. Only where seam paired
 * the sides (a diff's hunk, or a context line the reply marked, pairs them itself) and the
 * copy is restored (not moved elsewhere). Refuses then, res->hit naming the span of the
 * other reading (the placeholder short of the copy) and both lines (bound_copy).
 */
void sm_lazy_copy_beside_bound(ctx *c, size_t ph, int dir, sm_lazy_result *res)
{
	size_t lo = sm_lazy_new_neighbour(c->e, ph, -1), hi = sm_lazy_new_neighbour(c->e, ph, 1);
	const sm_medit *e = c->e;
	size_t b = dir < 0 ? lo : hi, end = dir < 0 ? hi : lo, k;

	if (!sm_lazy_sides_guessed(c) || !sm_lazy_bound(e, b) || e->seq[b].given ||
	    e->seq[b].l.blank)
		return;
	/* the bound ends the new side: kept lines beyond it would pair it with the file line
	   before theirs, and the other reading would delete a line between kept ones */
	for (k = b; dir < 0 ? k > 0 : k + 1 < e->nseq;) {
		k = dir < 0 ? k - 1 : k + 1;
		if (sm_mline_is_new(&e->seq[k]))
			return;
	}
	/* the span's old lines from the bound inwards (the other bound, SM_NOLINE, is past the
	   edit's edge either way) */
	for (k = b; dir < 0 ? k + 1 < e->nseq && k + 1 != end : k > 0 && k - 1 != end;) {
		const sm_mline *ml;
		k = dir < 0 ? k + 1 : k - 1;
		ml = &e->seq[k];
		if (ml->kind == SM_HL_ADD)
			continue;
		if (ml->kind != SM_HL_DEL || ml->keep || ml->elide || ml->l.blank ||
		    !sm_lazy_same_text(e, k, b) || sm_lazy_moved_out(c, k) == 1)
			return;
		if (dir < 0)
			refuse_if_gone(c, ph, k + 1, hi == SM_NOLINE ? e->nseq : hi, k, b, 0, 1,
			               res);
		else
			refuse_if_gone(c, ph, lo == SM_NOLINE ? 0 : lo + 1, k, k, b, 0, 1, res);
		return;
	}
}

/* How many of the new lines from seq[from] on (direction dir, the first one seq[from] itself)
 * read the old lines from seq[at] on in order, as they stand, blank lines too; up to
 * SM_LAZY_REWRITTEN_CMP. *adds: how many of those read are additions. */
static size_t reads_on(const sm_medit *e, size_t from, size_t at, int dir, size_t *adds)
{
	size_t t = 0, i = from, j = at;

	*adds = 0;
	while (t < SM_LAZY_REWRITTEN_CMP && sm_lazy_same_text(e, i, j)) {
		t++;
		*adds += e->seq[i].kind == SM_HL_ADD;
		do
			i = dir < 0 ? i - 1 : i + 1;
		while (i < e->nseq && !sm_mline_is_new(&e->seq[i]));
		do
			j = dir < 0 ? j - 1 : j + 1;
		while (j < e->nseq && e->seq[j].kind == SM_HL_ADD);
		if (i >= e->nseq || j >= e->nseq)
			break;
	}
	return t;
}

/*
 * 1 when the unchanged line that bounds placeholder ph in direction dir has a copy among the
 * span's old lines from which the new side's lines beyond the bound read on further, in order
 * and blank lines too, than from the bound's own line, and the lines read further are ones the
 * diff has the reply add ("PH, '}', blank, x" over "..., '}', blank, y, '}'": the diff keeps
 * the last "}" and adds the blank line; the first "}" and the blank line after it kept, the
 * placeholder stops there and the reply rewrites the rest). Two readings, two files, when seam
 * paired the sides. Refuses then, res->hit naming the lines between the copy and the bound
 * (restored in the diff's reading, the reply's own change in the other) and both lines
 * (bound_copy 2).
 */
void sm_lazy_copy_reads_on(ctx *c, size_t ph, int dir, sm_lazy_result *res)
{
	const sm_medit *e = c->e;
	size_t lo = sm_lazy_new_neighbour(e, ph, -1), hi = sm_lazy_new_neighbour(e, ph, 1);
	size_t b = dir < 0 ? lo : hi, k, own, adds, t;

	if (!sm_lazy_sides_guessed(c) || !sm_lazy_bound(e, b) || e->seq[b].given ||
	    e->seq[b].l.blank || lo == SM_NOLINE || hi == SM_NOLINE)
		return;
	own = reads_on(e, b, b, dir, &adds);
	for (k = lo + 1; k < hi; k++) {
		if (e->seq[k].kind != SM_HL_DEL || e->seq[k].keep || !sm_lazy_same_text(e, k, b))
			continue;
		t = reads_on(e, b, k, dir, &adds);
		if (t <= own || !adds)
			continue;
		if (dir < 0 ? refuse_if_gone(c, ph, lo + 1, k, k, b, 0, 2, res)
		            : refuse_if_gone(c, ph, k + 1, hi, k, b, 0, 2, res))
			return;
	}
}
