/*
 * What an old line paired by less than its text may be: a miscopy of a file line (one typo,
 * or similar enough) or that line cut short; and whether such a line stands near or beside a
 * place, which makes the place no surer than the other reading. The alignment's costs and its
 * doubts ask these questions; none of them changes the program's state.
 */
#include "match_align_impl.h"
#include "match_costs.h"
#include "image_work.h"

#include <ctype.h>
#include <string.h>

/* The bytes of line l's text (after its indentation, trailing blanks and a stray CR aside) that
 * file line f must start its own text with for l to be f cut short, at l + *li; 0 when l's
 * indentation is not f's at the place's shift. A run that matches lines as written (pinned, or
 * a tier that compares indentation) takes the indentation as written; an indentation-blind
 * run takes the shift its seed pair shows, as the place must keep for every line
 * (sm_indent_shift): in a re-indented reply the cut line is re-indented as the rest is. */
static size_t cut_indent(const dp *d, const sm_line *l, const sm_line *f, size_t *li,
			 size_t *fi)
{
	size_t n = l->n;

	while (n && (l->p[n - 1] == ' ' || l->p[n - 1] == '\t' || l->p[n - 1] == '\r'))
		n--;
	*li = sm_text_indent_len(l->p, n);
	*fi = sm_text_indent_len(f->p, f->n);
	if (l->blank || f->blank || n <= *li)
		return 0;
	if (d->pinned || d->o->level < SM_LVL_INDENT || !d->seed_o) {
		if (*li != *fi || memcmp(l->p, f->p, *li) != 0)
			return 0;
	} else if (!sm_shift_agrees(d->seed_o, d->seed_f, l, f)) {
		return 0;
	}
	return n - *li;
}

int sm_cut_text(const char *l, size_t ln, const char *f, size_t fn)
{
	size_t i, solid = 0;
	unsigned char a, b;

	while (ln && (l[ln - 1] == ' ' || l[ln - 1] == '\t' || l[ln - 1] == '\r'))
		ln--;
	if (!ln || ln + 2 > fn || memcmp(l, f, ln) != 0)
		return 0;
	for (i = 0; i < ln && solid < SM_CUT_MIN_SOLID; i++)
		solid += l[i] != ' ' && l[i] != '\t';
	if (solid < SM_CUT_MIN_SOLID)
		return 0;
	a = (unsigned char)f[ln - 1];
	b = (unsigned char)f[ln];
	return (isalnum(a) || a == '_') && (isalnum(b) || b == '_') ? 2 : 1;
}

/* 1 when line l is file line f cut short, as a pairing may take it: f's text starts with l's,
 * at the place's indentation (cut_indent), and goes on for at least 2 more bytes, and l holds
 * SM_CUT_MIN_SOLID non-blank characters or more (sm_cut_text). */
int sm_align_cut_of(const dp *d, const sm_line *l, const sm_line *f)
{
	size_t li, fi, n = cut_indent(d, l, f, &li, &fi);

	return n && sm_cut_text(l->p + li, n, f->p + fi, f->n - fi) != 0;
}

/* 1 when a and b differ by one typo: one character changed, added or dropped, or two
 * neighbouring characters swapped. A short line miscopied so stays below the similarity bar
 * (one swap in eight characters scores about 0.71). Trailing blanks are not compared: a
 * miscopied line the model also left a blank at the end of is one typo still. */
int sm_align_one_typo(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, ea, eb;

	while (an && (a[an - 1] == ' ' || a[an - 1] == '\t' || a[an - 1] == '\r'))
		an--;
	while (bn && (b[bn - 1] == ' ' || b[bn - 1] == '\t' || b[bn - 1] == '\r'))
		bn--;

	if (an + 1 < bn || bn + 1 < an)
		return 0;
	while (i < an && i < bn && a[i] == b[i])
		i++;
	ea = an;
	eb = bn;
	while (ea > i && eb > i && a[ea - 1] == b[eb - 1]) {
		ea--;
		eb--;
	}
	if (ea - i <= 1 && eb - i <= 1)
		return 1; /* one change, addition or drop (or none) */
	return ea - i == 2 && eb - i == 2 && a[i] == b[i + 1] && a[i + 1] == b[i];
}

int sm_one_typo(const char *a, size_t an, const char *b, size_t bn)
{
	return sm_align_one_typo(a, an, b, bn);
}

/* n without the trailing blanks (and a stray CR) of p: a miscopied line with trailing blanks
 * too is still one typo from its original. */
static size_t rtrim(const char *p, size_t n)
{
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	return n;
}

/* That file line when it is one typo from l or at least `bar` similar, else SM_NOLINE
 * (trailing blanks aside). */
static size_t near_line_at(const sm_image *im, const sm_line *l0, size_t at, int dir, double bar)
{
	size_t k, f;
	sm_line lt = *l0;
	const sm_line *l = &lt;

	lt.n = rtrim(l0->p, l0->n);

	for (k = 0; k <= SM_EDGE_LOOK; k++) {
		if (dir > 0 ? at + k >= im->n : at < k + 1)
			return SM_NOLINE;
		f = dir > 0 ? at + k : at - k - 1;
		if (sm_ln(im, f)->blank)
			continue;
		if (l->n * 2 < sm_ln(im, f)->n || sm_ln(im, f)->n * 2 < l->n)
			return SM_NOLINE;
		if (sm_align_one_typo(l->p, l->n, sm_ln(im, f)->p,
		                      rtrim(sm_ln(im, f)->p, sm_ln(im, f)->n)) ||
		    sm_text_similarity(l->p, l->n, sm_ln(im, f)->p,
		                       rtrim(sm_ln(im, f)->p, sm_ln(im, f)->n)) >= bar)
			return f;
		return SM_NOLINE;
	}
	return SM_NOLINE;
}

/* 1 when the first non-blank file line past `at` (at `at` and below for dir +1, above `at`
 * for dir -1; blank lines skipped, SM_EDGE_LOOK at most) is one typo from l or at least `bar`
 * similar to it. */
static int near_line(const sm_image *im, const sm_line *l, size_t at, int dir, double bar)
{
	return near_line_at(im, l, at, dir, bar) != SM_NOLINE;
}

/* 1 when the first non-blank file line past a region edge is as like l as a miscopied line
 * is like its own (SM_MIN_LINE_SIMILARITY: a transposed letter in a short line is well below
 * the context bar), or one typo from it. Refusing the rare added line that much like its
 * neighbour costs a retry. */
int sm_align_near_past_edge(const sm_image *im, const sm_line *l, size_t at, int dir)
{
	return near_line(im, l, at, dir, SM_MIN_LINE_SIMILARITY);
}

/* 1 when the edit deletes file line f: an old line of its, a '-' line, stands on f alone. */
static int deletes_line(const dp *d, size_t f)
{
	const sm_medit *e = d->c->e;
	size_t k;

	for (k = 0; k < d->m; k++)
		if (d->lo[k] == f && d->hi[k] == f + 1)
			return e->seq[e->old[k]].kind == SM_HL_DEL;
	return 0;
}

/* 1 when a file line beside the unmarked addition of old line i (placed before file line at)
 * is a near copy of it (one typo, or as similar as an identifier typo: SM_MISCOPY_SIM) that the
 * edit keeps: the context line is that line miscopied, and taken for an addition it would be
 * written beside the original. A near copy the edit deletes makes it that line changed (its
 * '+' left out); a new line only like its neighbour (import sys below import os, about 0.78)
 * stays an addition. */
size_t sm_align_miscopy_beside(const dp *d, size_t i, size_t at)
{
	const sm_medit *e = d->c->e;
	const sm_line *l = &e->seq[e->old[i]].l;
	size_t f;
	int dir;

	for (dir = -1; dir <= 1; dir += 2) {
		f = near_line_at(d->c->im, l, at, dir, SM_MISCOPY_SIM);
		if (f == SM_NOLINE)
			continue;
		if (!deletes_line(d, f))
			return f;
	}
	return SM_NOLINE;
}

/* 1 when file line f stands for an old line of the place d holds. */
int sm_align_paired_line(const dp *d, size_t f)
{
	size_t k;

	for (k = 0; k < d->m; k++)
		if (d->lo[k] != SM_NOLINE && d->lo[k] <= f && f < d->hi[k])
			return 1;
	return 0;
}

/* 1 when a file line within the old side's length of the region [start, end) (blank lines
 * aside) is a near copy of the unmarked addition of old line i (one typo, or SM_MISCOPY_SIM)
 * that the edit does not delete: the line is that file line miscopied, and the place was found
 * only by taking it for new text. Beside the region (sm_align_miscopy_beside) is the common case; a
 * block whose first line repeats a few lines further (a loop head written twice) can be placed
 * at that second copy with the miscopy taken for an addition there, its original standing
 * just above, and both written. The fuzzy tier judges the line as what it is. A comparison a
 * line, charged to the budget; a cut short judges nothing (no candidate). */
int sm_align_miscopy_near(const dp *d, size_t i, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	const sm_line *l = &e->seq[e->old[i]].l;
	size_t f = start > d->m ? start - d->m : 0, to = end + d->m < im->n ? end + d->m : im->n,
	       ln = rtrim(l->p, l->n), fn;

	for (; f < to; f++) {
		const sm_line *fl = sm_ln(im, f);
		if (fl->blank || l->n * 2 < fl->n || fl->n * 2 < l->n)
			continue;
		if (sm_budget_charge(d->c->budget, sm_text_similarity_work(l->n, fl->n)))
			return 1;
		fn = rtrim(fl->p, fl->n);
		if (!sm_align_one_typo(l->p, ln, fl->p, fn) &&
		    sm_text_similarity(l->p, ln, fl->p, fn) < SM_MISCOPY_SIM)
			continue;
		if (!deletes_line(d, f))
			return 1;
	}
	return 0;
}

/* 1 when line l is file line fl cut short: fl's text starts with l's, at the place's
 * indentation (cut_indent), and goes on for at least 2 more bytes, and l, at fl's indentation,
 * holds SM_TRUNCATED_MIN_CHARS or more; 2 when besides it ends inside a word of fl (a model
 * that stopped mid-line; a line whose trailing comment or argument was taken off on purpose
 * ends at a word's end). */
int sm_align_cut_short(const dp *d, const sm_line *l, const sm_line *fl)
{
	size_t li, fi, n = cut_indent(d, l, fl, &li, &fi);
	unsigned char a, b;

	if (!n || fi + n < SM_TRUNCATED_MIN_CHARS || fi + n + 2 > fl->n ||
	    memcmp(l->p + li, fl->p + fi, n) != 0)
		return 0;
	a = (unsigned char)fl->p[fi + n - 1];
	b = (unsigned char)fl->p[fi + n];
	return (isalnum(a) || a == '_') && (isalnum(b) || b == '_') ? 2 : 1;
}

/* 1 when l, a cut of fl (sm_align_cut_of), ends inside a word of fl: a model that stopped mid-line
 * (a line shortened on purpose, its trailing comment or argument taken off, ends at a word's end,
 * and a short line ending inside a word is no chance prefix of a line near it). */
static int cut_in_word(const dp *d, const sm_line *l, const sm_line *fl)
{
	size_t li, fi, n = cut_indent(d, l, fl, &li, &fi);

	return n && sm_cut_text(l->p + li, n, fl->p + fi, fl->n - fi) == 2;
}

/* 1 when the file line of substance right above or right below where the unmarked addition of
 * old line i would be written (before file line at; blank lines skipped, SM_EDGE_LOOK at most)
 * starts with it (sm_align_cut_of): the line is that one cut short, written beside it as an
 * addition otherwise. The place found it a line off (a copy of it above took the old line before,
 * or a blank line was let go to step over it); the fuzzy tier pairs it with its line. Cut at a
 * word's end, a line the edit deletes is that line shortened on purpose, its '+' left out. */
static int cut_beside(const dp *d, size_t i, size_t at)
{
	const sm_image *im = d->c->im;
	const sm_line *l = &d->c->e->seq[d->c->e->old[i]].l;
	size_t k, f;
	int dir;

	for (dir = -1; dir <= 1; dir += 2)
		for (k = 0; k <= SM_EDGE_LOOK; k++) {
			if (dir > 0 ? at + k >= im->n : at < k + 1)
				break;
			f = dir > 0 ? at + k : at - k - 1;
			if (sm_ln(im, f)->blank)
				continue;
			if (sm_align_cut_of(d, l, sm_ln(im, f)) &&
			    (cut_in_word(d, l, sm_ln(im, f)) || !deletes_line(d, f)))
				return 1;
			break;
		}
	return 0;
}

/* 1 when file line f stands for the old line k beside old line i (below it or above) and the
 * file line past f on that side is a copy of k too: the place took i for an addition beside f,
 * where i may be f cut short and k that copy, one line on ("x_" then "x_y += 1" over two
 * copies of "x_y += 1": the cut line written beside the first, the second left out). */
static int copy_past(const dp *d, size_t i, size_t f)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	int dir, level = d->pinned ? SM_LVL_TYPO : d->o->level;
	size_t k, g;

	for (dir = -1; dir <= 1; dir += 2) {
		if (dir < 0 ? i == 0 || f == 0 : i + 1 >= d->m || f + 1 >= im->n)
			continue;
		k = dir < 0 ? i - 1 : i + 1;
		g = dir < 0 ? f - 1 : f + 1;
		if (d->lo[k] == f && d->hi[k] == f + 1 &&
		    line_eq(&e->seq[e->old[k]].l, sm_ln(im, g), level))
			return 1;
	}
	return 0;
}

/* 1 when l is file line fl cut short and miscopied: one typo from fl's beginning of its length
 * (a byte more or less), at the place's indentation (cut_indent), fl going on for at least 2
 * more bytes, l holding SM_TRUNCATED_MIN_CHARS or more at fl's indentation. Two slips on one
 * line: a new line merely like its neighbour differs from it by more than one typo that early. */
static int cut_miscopied(const dp *d, const sm_line *l, const sm_line *fl)
{
	size_t li, fi, n = cut_indent(d, l, fl, &li, &fi), k;

	if (!n || fi + n < SM_TRUNCATED_MIN_CHARS || fi + n + 2 > fl->n)
		return 0;
	for (k = n - 1; k <= n + 1; k++)
		if (sm_align_one_typo(l->p + li, n, fl->p + fi, k))
			return 1;
	return 0;
}

/* 1 when a file line within the old side's length of the region [start, end) is the unmarked
 * addition of old line i cut short (or cut short and miscopied, beside a line the edit keeps): the
 * context line is that line, truncated, not a new one (taken for an addition it would be written,
 * cut, beside the whole line). Cut at a word's end, only a line the edit keeps: one it deletes
 * makes the context line that line shortened on purpose, its '+' left out. The fuzzy tier judges it
 * as the line it stands for. A comparison a line, charged to the budget. */
int sm_align_truncated_near(const dp *d, size_t i, size_t at, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	const sm_line *l = &e->seq[e->old[i]].l;
	size_t f = start > d->m ? start - d->m : 0, to = end + d->m < im->n ? end + d->m : im->n;

	if (sm_budget_charge(d->c->budget, sm_work_pass(f, to)))
		return 1;
	for (; f < to; f++) {
		int cut = sm_ln(im, f)->blank ? 0 : sm_align_cut_short(d, l, sm_ln(im, f));
		if (cut == 2 || (cut == 1 && !deletes_line(d, f)))
			return 1;
		/* cut short and miscopied, a line the edit keeps: the context line is that line
		   as well as an addition (both readings fit) */
		if (!sm_ln(im, f)->blank && !deletes_line(d, f) &&
		    cut_miscopied(d, l, sm_ln(im, f)))
			return 1;
		/* shorter, ending inside a word of the line (cut_in_word) */
		if (!sm_ln(im, f)->blank && cut_in_word(d, l, sm_ln(im, f)))
			return 1;
		/* a shorter cut of a line the place itself lets go of (taken as one the old side
		   dropped), or of the line the old line beside it stands on while its copy stands
		   just past it: one line cut short explains both repairs */
		if (f >= start && f < end && sm_align_cut_of(d, l, sm_ln(im, f)) &&
		    (!sm_align_paired_line(d, f) || copy_past(d, i, f)))
			return 1;
	}
	return cut_beside(d, i, at);
}

/* The old side's nearest line of substance before (dir -1) or after (dir 1) old line i, i
 * when none (blank lines only, or an elision, which may stand for anything). */
static size_t old_neighbour(const dp *d, size_t i, int dir)
{
	const sm_medit *e = d->c->e;
	size_t k;

	for (k = i; dir < 0 ? k > 0 : k + 1 < d->m;) {
		k = dir < 0 ? k - 1 : k + 1;
		if (!e->seq[e->old[k]].l.blank)
			break;
	}
	if (k == i || e->seq[e->old[k]].l.blank || e->seq[e->old[k]].elide)
		return i;
	return k;
}

/* 1 when old line k stands on one of the SM_MAX_EXTRA_RUN + 1 file lines of substance past
 * file line f (above for dir -1, below for dir 1; blank lines skipped): where it would be with
 * a few lines between left out. */
static int old_line_past(const dp *d, size_t k, size_t f, int dir)
{
	const sm_line *ol = &d->c->e->seq[d->c->e->old[k]].l;
	const sm_image *im = d->c->im;
	size_t seen = 0;

	while (seen <= SM_MAX_EXTRA_RUN && (dir < 0 ? f > 0 : f + 1 < im->n)) {
		f = dir < 0 ? f - 1 : f + 1;
		if (sm_ln(im, f)->blank)
			continue;
		if (line_eq(ol, sm_ln(im, f), d->o->level))
			return 1;
		seen++;
	}
	return 0;
}

/*
 * 1 when the unmarked addition of old line i is a near copy (one typo, or SM_MISCOPY_SIM) of a
 * file line g outside the region [start, end) that stands between the old side's lines around
 * it: right below a copy of its previous line of substance (blank lines aside, SM_EDGE_LOOK at
 * most) with its next one a few lines below (old_line_past), or right above a copy of the next
 * with the previous a few lines above. The old side then reads as well there, the line
 * miscopied and maybe a line left out beside it, as here with the line added; a miscopy too
 * unlike its line for the fuzzy tier's bar (a swap in a short line) leaves that place to no
 * tier, and this one would be taken unchallenged: *g is that line (SM_NOLINE when the budget
 * ran out), for the caller's doubt. Up to
 * SM_MAX_SEEDS copies of each neighbour (the occurrence table's), charged to the budget.
 */
int sm_align_miscopy_far(const dp *d, size_t i, size_t start, size_t end, size_t *g)
{
	const sm_line *l = &d->c->e->seq[d->c->e->old[i]].l;
	size_t prev = old_neighbour(d, i, -1), next = old_neighbour(d, i, 1), k, n, x, f;
	int dir;

	*g = SM_NOLINE;
	if (prev == i || next == i)
		return 0; /* at an edge: edge_skip judges it */
	for (dir = -1; dir <= 1; dir += 2) {
		const sm_occ_slot *sl;
		k = dir < 0 ? prev : next;
		if (d->t->of_old[k] == SM_NOLINE)
			continue;
		sl = &d->t->s[d->t->of_old[k]];
		n = sl->count < SM_MAX_SEEDS ? sl->count : SM_MAX_SEEDS;
		if (sm_budget_charge(d->c->budget,
				     (uint64_t)n * (l->n + SM_EDGE_LOOK + SM_MAX_EXTRA_RUN + 2)))
			return 1;
		for (x = 0; x < n; x++) {
			/* the line right below the previous line's copy, right above the next's */
			f = near_line_at(d->c->im, l, dir < 0 ? sl->pos[x] + 1 : sl->pos[x], -dir,
					 SM_MISCOPY_SIM);
			if (f != SM_NOLINE && (f < start || f >= end) &&
			    old_line_past(d, dir < 0 ? next : prev, f, -dir)) {
				*g = f;
				return 1;
			}
		}
	}
	return 0;
}

/*
 * 1 when old line i, taken for a miscopy of file line d->lo[i] that it does not equal (and is
 * not one typo from), has a nearer copy among the SM_WINDOW_SLACK file lines on either side of
 * the region [start, end): one typo from it, or SM_MISCOPY_SIM similar and more similar than
 * the line it was fitted to (indentation aside). The line was copied from there: the place
 * holds it only by taking another line for its miscopy, most often the line the model left out
 * next to the original (a block's first line fitted to the line below it, with a blank line
 * let go), and a splice there writes the original's neighbours twice. A comparison a line,
 * charged to the budget; a cut short judges nothing (no candidate).
 */
int sm_align_miscopy_elsewhere(const dp *d, size_t i, size_t start, size_t end)
{
	const sm_image *im = d->c->im;
	const sm_line *l = &d->c->e->seq[d->c->e->old[i]].l, *fl = sm_ln(im, d->lo[i]);
	size_t li = sm_text_indent_len(l->p, l->n), fi = sm_text_indent_len(fl->p, fl->n), g,
	       from = start > SM_WINDOW_SLACK ? start - SM_WINDOW_SLACK : 0,
	       to = end + SM_WINDOW_SLACK < im->n ? end + SM_WINDOW_SLACK : im->n;
	const char *p = l->p + li;
	size_t n = l->n - li;
	double fit;

	if (sm_align_one_typo(p, n, fl->p + fi, fl->n - fi))
		return 0;
	if (sm_budget_charge(d->c->budget, sm_text_similarity_work(n, fl->n - fi)))
		return 1;
	fit = sm_text_similarity(p, n, fl->p + fi, fl->n - fi);
	for (g = from; g < to; g++) {
		const sm_line *x;
		size_t xi;
		double s;
		if (g == start)
			g = end; /* outside the region only */
		if (g >= to)
			break;
		x = sm_ln(im, g);
		xi = sm_text_indent_len(x->p, x->n);
		if (x->blank || n * 2 < x->n - xi || (x->n - xi) * 2 < n)
			continue;
		if (sm_align_one_typo(p, n, x->p + xi, x->n - xi))
			return 1;
		if (sm_budget_charge(d->c->budget, sm_text_similarity_work(n, x->n - xi)))
			return 1;
		s = sm_text_similarity(p, n, x->p + xi, x->n - xi);
		if (s >= SM_MISCOPY_SIM && s > fit)
			return 1;
	}
	return 0;
}

