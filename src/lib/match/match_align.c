/*
 * The alignment engine of the tolerant tiers. An alignment pairs the old side's lines, in
 * order, with file lines, allowing only the repairs the calling tier permits: blank lines on
 * one side, elision markers standing for runs of file lines, file lines the model dropped,
 * context lines that are really unmarked additions, miscopied lines. Each repair has a cost
 * (match_costs.h); the cheapest alignment wins.
 *
 * Work stays linear in the file: one pass counts where the old side's lines occur, then a
 * small dynamic program runs in a window around each occurrence of the rarest line ("seed").
 * The seed line is forced onto its occurrence, so two copies of a block, even close together,
 * give two candidates and the ladder sees the tie.
 */
#include "match.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

#define INF 1e30f
/* Beyond this many cells a window is not searched: bounded memory on hostile input. */
#define MAX_CELLS ((size_t)8 << 20)

enum { MV_NONE, MV_MATCH, MV_SUBST, MV_XBLANK, MV_XTRA, MV_WILD, MV_WILD0, MV_OBLANK, MV_OSKIP };

static int seedable(const sm_mline *ml)
{
	return !ml->l.blank && !ml->elide;
}

typedef struct dp {
	const sm_mctx *c;
	const sm_align_opts *o;
	const sm_occ *t;
	size_t m, ws, W;
	float *D;
	unsigned char *mv;
	size_t *lo, *hi;
	size_t nonblank;
	/* ties go to the latest places: an elision entered as late as it can be, the region
	   ending as late as it can (the earliest by default) */
	int late;
	size_t *elo;    /* the default pass's places of the old lines, when it found one */
	int early_ok;
	/* a place left out because one of its lines is a miscopy of a line beside it
	   (miscopy_near, miscopy_elsewhere), and the lowest cost of such a place: a place kept
	   that does not beat it clearly is no surer (the one left out may be the meant one, its
	   line the miscopy of another), so then the tier finds nothing */
	int doubt;
	float doubt_cost;
	/* places left out because a blank line they let go is likelier a line left out beside
	   it (blank_or_left_out): the cost of each and where its other reading puts an old line
	   (old line bd_a[k] on file line bd_g[k]). A place kept that is that reading settles
	   it; with none such the place left out is a doubt as above (the meant place, its
	   other reading never scored or dropped, and a place elsewhere kept) */
	size_t nbd, bd_a[SM_BLANK_DOUBTS], bd_g[SM_BLANK_DOUBTS];
	float bd_cost[SM_BLANK_DOUBTS];
	/* lines match only as written, indentation included: the second run of a seed whose
	   cheapest path took lines at different shifts (see run_seed) */
	int pinned;
	/* the seed pair of the run (old line on file line): the indentation shift it shows is
	   the one every line of a place must keep (sm_indent_shift), so a line paired by less
	   than its text (cut short) is looked for at that shift (cut_indent) */
	const sm_line *seed_o, *seed_f;
} dp;

static int line_eq(const sm_line *a, const sm_line *b, int level)
{
	return sm_line_h(a, level) == sm_line_h(b, level);
}

/* The cost of old line ml standing for file line f as a miscopy of it, INF when it is not. */
static float miscopy_cost(const sm_mline *ml, const sm_line *f)
{
	const sm_line *o = &ml->l;
	double sim;
	size_t a = o->n, b = f->n;

	if (o->blank || f->blank)
		return INF;
	if (a * 2 < b || b * 2 < a)
		return INF;
	sim = sm_text_similarity(o->p, o->n, f->p, f->n);
	if (sim < (ml->kind == SM_HL_CTX ? SM_MIN_CTX_SIMILARITY : SM_MIN_LINE_SIMILARITY))
		return INF;
	return (float)(SM_COST_SUBST_BASE + (1.0 - sim));
}

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
static int cut_of(const dp *d, const sm_line *l, const sm_line *f)
{
	size_t li, fi, n = cut_indent(d, l, f, &li, &fi);

	return n && sm_cut_text(l->p + li, n, f->p + fi, f->n - fi) != 0;
}

/* 1 when old line ml stands for file line f only as that line cut short (a model that stopped
 * mid-line): not a miscopy of it, which it is too unlike. */
static int cut_pairing(const dp *d, const sm_mline *ml, const sm_line *f)
{
	return !ml->elide && cut_of(d, &ml->l, f) && miscopy_cost(ml, f) >= INF;
}

/* The cost of old line ml standing for file line f it does not equal: a miscopy of it, or the
 * line cut short (SM_CUT_SIM), INF when neither. */
static float subst_cost(const dp *d, const sm_mline *ml, const sm_line *f)
{
	float v = miscopy_cost(ml, f);

	if (v >= INF && !ml->elide && cut_of(d, &ml->l, f))
		v = (float)(SM_COST_SUBST_BASE + (1.0 - SM_CUT_SIM));
	return v;
}

/* 1 when a and b differ by one typo: one character changed, added or dropped, or two
 * neighbouring characters swapped. A short line miscopied so stays below the similarity bar
 * (one swap in eight characters scores about 0.71). Trailing blanks are not compared: a
 * miscopied line the model also left a blank at the end of is one typo still. */
static int one_typo(const char *a, size_t an, const char *b, size_t bn)
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
	return one_typo(a, an, b, bn);
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
		if (one_typo(l->p, l->n, sm_ln(im, f)->p, rtrim(sm_ln(im, f)->p, sm_ln(im, f)->n)) ||
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
static int near_past_edge(const sm_image *im, const sm_line *l, size_t at, int dir)
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
static size_t miscopy_beside(const dp *d, size_t i, size_t at)
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
static int paired_line(const dp *d, size_t f)
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
 * only by taking it for new text. Beside the region (miscopy_beside) is the common case; a
 * block whose first line repeats a few lines further (a loop head written twice) can be placed
 * at that second copy with the miscopy taken for an addition there, its original standing
 * just above, and both written. The fuzzy tier judges the line as what it is. A comparison a
 * line, charged to the budget; a cut short judges nothing (no candidate). */
static int miscopy_near(const dp *d, size_t i, size_t start, size_t end)
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
		if (!one_typo(l->p, ln, fl->p, fn) &&
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
static int cut_short(const dp *d, const sm_line *l, const sm_line *fl)
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

/* 1 when l, a cut of fl (cut_of), ends inside a word of fl: a model that stopped mid-line (a
 * line shortened on purpose, its trailing comment or argument taken off, ends at a word's end,
 * and a short line ending inside a word is no chance prefix of a line near it). */
static int cut_in_word(const dp *d, const sm_line *l, const sm_line *fl)
{
	size_t li, fi, n = cut_indent(d, l, fl, &li, &fi);

	return n && sm_cut_text(l->p + li, n, fl->p + fi, fl->n - fi) == 2;
}

/* 1 when the file line of substance right above or right below where the unmarked addition of
 * old line i would be written (before file line at; blank lines skipped, SM_EDGE_LOOK at most)
 * starts with it (cut_of): the line is that one cut short, written beside it as an addition
 * otherwise. The place found it a line off (a copy of it above took the old line before, or a
 * blank line was let go to step over it); the fuzzy tier pairs it with its line. Cut at a
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
			if (cut_of(d, l, sm_ln(im, f)) &&
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
		if (one_typo(l->p + li, n, fl->p + fi, k))
			return 1;
	return 0;
}

/* 1 when a file line within the old side's length of the region [start, end) is the unmarked
 * addition of old line i cut short (or cut short and miscopied, beside a line the edit keeps): the
 * context line is that line, truncated, not a new one (taken for an addition it would be written,
 * cut, beside the whole line). Cut at a word's end, only a line the edit keeps: one it deletes
 * makes the context line that line shortened on purpose, its '+' left out. The fuzzy tier judges it
 * as the line it stands for. A comparison a line, charged to the budget. */
static int truncated_near(const dp *d, size_t i, size_t at, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	const sm_line *l = &e->seq[e->old[i]].l;
	size_t f = start > d->m ? start - d->m : 0, to = end + d->m < im->n ? end + d->m : im->n;

	if (sm_budget_charge(d->c->budget, sm_work_pass(f, to)))
		return 1;
	for (; f < to; f++) {
		int cut = sm_ln(im, f)->blank ? 0 : cut_short(d, l, sm_ln(im, f));
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
		if (f >= start && f < end && cut_of(d, l, sm_ln(im, f)) &&
		    (!paired_line(d, f) || copy_past(d, i, f)))
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
static int miscopy_far(const dp *d, size_t i, size_t start, size_t end, size_t *g)
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
static int miscopy_elsewhere(const dp *d, size_t i, size_t start, size_t end)
{
	const sm_image *im = d->c->im;
	const sm_line *l = &d->c->e->seq[d->c->e->old[i]].l, *fl = sm_ln(im, d->lo[i]);
	size_t li = sm_text_indent_len(l->p, l->n), fi = sm_text_indent_len(fl->p, fl->n), g,
	       from = start > SM_WINDOW_SLACK ? start - SM_WINDOW_SLACK : 0,
	       to = end + SM_WINDOW_SLACK < im->n ? end + SM_WINDOW_SLACK : im->n;
	const char *p = l->p + li;
	size_t n = l->n - li;
	double fit;

	if (one_typo(p, n, fl->p + fi, fl->n - fi))
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
		if (one_typo(p, n, x->p + xi, x->n - xi))
			return 1;
		if (sm_budget_charge(d->c->budget, sm_text_similarity_work(n, x->n - xi)))
			return 1;
		s = sm_text_similarity(p, n, x->p + xi, x->n - xi);
		if (s >= SM_MISCOPY_SIM && s > fit)
			return 1;
	}
	return 0;
}

/* The cost of a place of cost `cost` that took a line for an addition and a file line of
 * similarity `sim` to it for one the old side dropped, were the one a miscopy of the other. */
static float as_miscopy(float cost, double sim)
{
	double c = cost - SM_COST_OLD_SKIP - SM_COST_EXTRA + SM_COST_SUBST_BASE + (1.0 - sim);
	return (float)(c > 0 ? c : 0);
}

/* The least cost of a place of cost `cost` over [start, end) that took a line for an addition
 * beside file line f, its near copy, were the line a miscopy of f: f, inside the place, was
 * taken for a line the old side dropped. */
static float beside_as_miscopy(float cost, size_t f, size_t start, size_t end)
{
	double c = cost - SM_COST_OLD_SKIP + SM_COST_SUBST_BASE -
		   (f >= start && f < end ? SM_COST_EXTRA : 0.0);
	return (float)(c > 0 ? c : 0);
}

/* A place left out as doubtful (see dp.doubt): no candidate. */
static int doubted(dp *d, float cost)
{
	if (!d->doubt || cost < d->doubt_cost)
		d->doubt_cost = cost;
	d->doubt = 1;
	return 0;
}

/* A place left out by blank_or_left_out or miscopy_far (see dp.nbd), its other reading putting
 * old line a on file line g: no candidate. */
static int blank_doubt(dp *d, float cost, size_t a, size_t g)
{
	if (d->nbd == SM_BLANK_DOUBTS)
		return doubted(d, cost);
	d->bd_a[d->nbd] = a;
	d->bd_g[d->nbd] = g;
	d->bd_cost[d->nbd++] = cost;
	return 0;
}

/* 1 when context line i, paired with a file line it does not equal, is a near copy of a line
 * the edit deletes (one typo, or SM_MISCOPY_SIM similar), or is at least as like a deleted line
 * as like the file line it was paired with: it is as likely that line changed with its '+' left
 * out as a miscopy of the file line it was paired with (a name given a suffix, "f(x)" to
 * "f_v2(x)", is 0.85-0.9 like both when the deleted line and the one above it read the same),
 * and taken as context it would leave the change out while the deletion goes through. A line
 * its file line starts with is that line cut short (cut_short), whatever the deleted lines. */
static int subst_ctx_like_deleted(const dp *d, size_t i)
{
	const sm_medit *e = d->c->e;
	const sm_mline *ml = &e->seq[e->old[i]];
	const sm_line *fl = sm_ln(d->c->im, d->lo[i]);
	double fit = -1, s;
	size_t k;

	if (ml->kind != SM_HL_CTX || ml->elide || ml->l.blank || cut_short(d, &ml->l, fl) ||
	    cut_of(d, &ml->l, fl))
		return 0; /* the file line cut short (truncated_near): that line, not a change */
	for (k = 0; k < d->m; k++) {
		const sm_mline *x = &e->seq[e->old[k]];
		if (x->kind != SM_HL_DEL || x->keep || x->l.blank || ml->l.n * 2 < x->l.n ||
		    x->l.n * 2 < ml->l.n)
			continue;
		if (one_typo(ml->l.p, ml->l.n, x->l.p, x->l.n))
			return 1;
		if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ml->l.n, x->l.n)))
			return 1; /* not judged: not taken */
		s = sm_text_similarity(ml->l.p, ml->l.n, x->l.p, x->l.n);
		if (s >= SM_MISCOPY_SIM)
			return 1;
		if (fit < 0) {
			if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ml->l.n, fl->n)))
				return 1;
			fit = sm_text_similarity(ml->l.p, ml->l.n, fl->p, fl->n);
		}
		if (s >= fit)
			return 1;
	}
	return 0;
}

/* 1 when old blank line i, let go (not in the file at its place), is likelier a line left out
 * beside it: its nearest line of substance above (below), past the old side's other blank
 * lines, stands in the file with one or a few blank lines (SM_EDGE_LOOK, or as many as the old
 * side's run of blank lines around i, SM_EDGE_LOOK_RUN at most) after (before) it just
 * above (below) the place found, so the old side also fits there with the file line between
 * them left out, and the new side, which often holds that line, would write it twice (or adds
 * its lines after the wrong copy). Which the reply meant is not decided: the place is left
 * out, and *pa, *pg say where the other reading puts that line of substance (old line *pa on
 * file line *pg), for blank_doubt. */
static int blank_or_left_out(const dp *d, size_t i, int level, size_t *pa, size_t *pg)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t a, f, k, look = SM_EDGE_LOOK, run = 1;
	int dir;

	/* as many of the file's blank lines as the old side's run of blank lines around i holds
	   (its blank lines let go there may be all of them, past the left-out line), a few at
	   least, SM_EDGE_LOOK_RUN at most */
	for (a = i; a > 0 && run < SM_EDGE_LOOK_RUN && e->seq[e->old[a - 1]].l.blank; a--)
		run++;
	for (a = i; a + 1 < d->m && run < SM_EDGE_LOOK_RUN && e->seq[e->old[a + 1]].l.blank; a++)
		run++;
	if (run > look)
		look = run;
	/* the old side's nearest line of substance on each side (past its other blank lines),
	   and past its file line the file's blank lines (look at most) then a copy of it */
	for (dir = -1; dir <= 1; dir += 2) {
		/* a line taken as an addition that lost its '+' (placed on no file line) is
		   not the file's either: looked past like a blank line */
		for (a = i; dir < 0 ? a > 0 : a + 1 < d->m;) {
			a = dir < 0 ? a - 1 : a + 1;
			if (!e->seq[e->old[a]].l.blank &&
			    !(d->lo[a] == SM_NOLINE && e->seq[e->old[a]].kind == SM_HL_CTX &&
			      !e->seq[e->old[a]].elide))
				break;
		}
		if (a == i || e->seq[e->old[a]].l.blank || e->seq[e->old[a]].elide)
			continue;
		f = d->lo[a];
		if (f == SM_NOLINE || d->hi[a] != f + 1)
			continue;
		for (k = 1; k <= look + 1; k++) {
			size_t g;
			if (dir < 0 ? f < k : f + k >= im->n)
				break;
			g = dir < 0 ? f - k : f + k;
			if (sm_ln(im, g)->blank)
				continue;
			/* a copy of the line, or of the file line it stands on (a miscopy's) */
			if (k > 1 && (line_eq(&e->seq[e->old[a]].l, sm_ln(im, g), level) ||
				      line_eq(sm_ln(im, f), sm_ln(im, g), level))) {
				*pa = a;
				*pg = g;
				return 1;
			}
			break;
		}
	}
	return 0;
}

/* 1 when file lines a and b have the same bytes (and some substance). */
static int twins(const sm_image *im, size_t a, size_t b)
{
	const sm_line *x = sm_ln(im, a), *y = sm_ln(im, b);
	return !x->blank && x->n == y->n && !memcmp(x->p, y->p, x->n);
}

/*
 * An old line paired with the second of two file lines of one text, the first left out just
 * after the old line before it, while a gap follows it anyway: both cost the same, so the
 * program's order chose (a match as late as it can be) and split what the old side copies in
 * one run (a merged hunk's first half "F G" on the file's "F G G ... H") into two gaps. What
 * comes after judges the left-out twin as a line the old side did not show (moved where the
 * new side writes its text), though it showed it. The pairing moves onto the first twin: one
 * gap, after the run. (The mirror, a second half's "G H" on "G G H", the order already pairs
 * with the second twin.)
 */
static void close_twin_gaps(const dp *d)
{
	const sm_medit *e = d->c->e;
	size_t i, f, pl, ph, nl;

	for (i = 1; i + 1 < d->m; i++) {
		f = d->lo[i];
		pl = d->lo[i - 1];
		ph = d->hi[i - 1];
		nl = d->lo[i + 1];
		if (f == SM_NOLINE || !f || d->hi[i] != f + 1 || pl == SM_NOLINE || pl >= ph ||
		    ph != f - 1 || nl == SM_NOLINE || nl <= f + 1 || e->seq[e->old[i]].l.blank ||
		    e->seq[e->old[i]].elide || e->seq[e->old[i - 1]].elide ||
		    e->seq[e->old[i + 1]].elide || !twins(d->c->im, f - 1, f))
			continue;
		d->lo[i] = f - 1;
		d->hi[i] = f;
	}
}

/*
 * A blank line the edit deletes, paired with a file line that is blank only but for its
 * whitespace ("" with "  "), while a file line of the same run of blank lines, left unpaired
 * beside it, is the line as written: the pairing moves there. Both cost the same, so the
 * program's order chose; the line as written is the one the model copied, so it is the one
 * deleted, not its whitespace-only neighbour. Context lines keep the program's pairing: which
 * blank line they stand for decides where the unpaired one stays beside the new lines, and the
 * file keeps both. [start, end) is the region found.
 */
static void pair_blanks_exactly(const dp *d, size_t start, size_t end)
{
	const sm_medit *e = d->c->e;
	const sm_image *im = d->c->im;
	size_t i, k, lo_b, hi_b, f, g;
	int up, down;

	for (i = 0; i < d->m; i++) {
		const sm_line *ol = &e->seq[e->old[i]].l;
		f = d->lo[i];
		if (!ol->blank || e->seq[e->old[i]].kind != SM_HL_DEL || f == SM_NOLINE ||
		    d->hi[i] != f + 1 ||
		    line_eq(ol, sm_ln(im, f), SM_LVL_EXACT))
			continue;
		lo_b = start;
		for (k = i; k-- > 0;)
			if (d->hi[k] != SM_NOLINE) {
				lo_b = d->hi[k];
				break;
			}
		hi_b = end;
		for (k = i + 1; k < d->m; k++)
			if (d->lo[k] != SM_NOLINE) {
				hi_b = d->lo[k];
				break;
			}
		/* the nearest such line of the blank run around f, above first */
		for (g = SM_NOLINE, k = 1, up = down = 1; g == SM_NOLINE && (up || down); k++) {
			up = up && f >= lo_b + k && sm_ln(im, f - k)->blank;
			down = down && f + k < hi_b && sm_ln(im, f + k)->blank;
			if (up && line_eq(ol, sm_ln(im, f - k), SM_LVL_EXACT))
				g = f - k;
			else if (down && line_eq(ol, sm_ln(im, f + k), SM_LVL_EXACT))
				g = f + k;
		}
		if (g != SM_NOLINE) {
			d->lo[i] = g;
			d->hi[i] = g + 1;
		}
	}
}

/* Runs the program with old line r forced onto file line q; adds a candidate if valid. */
static int run_seed(dp *d, size_t r, size_t q, sm_cands *out)
{
	const sm_medit *e = d->c->e;
	const sm_image *fim = d->c->im;
	const sm_align_opts *o = d->o;
	size_t m = d->m, ws = d->ws, W = d->W, i, j, jbest = SM_NOLINE;
	size_t cols = W + 1, extras = 0, run = 0, maxrun = 0, oskips = 0, substs = 0, matched = 0,
	       cuts = 0;
	double weakest = 1.0; /* the least similar pair taken as a miscopy */
	int gap_x = 0, gap_o = 0, mixed = 0; /* a gap holding both a dropped and an added line */
	int gap_xs = 0, gap_b = 0; /* a file line of substance dropped, an old blank line on none */
	/* seen_match: a line matched below; seen_solid: a line of substance matched below (a
	   blank line anchors nothing); skip_low, skip_high: the unmarked additions with only
	   blank lines matched beyond them, toward the bottom and the top of the old side */
	int seen_match = 0, seen_solid = 0, edge_skip = 0, ctx_subst = 0, again;
	size_t skip_low = SM_NOLINE, skip_high = SM_NOLINE;
	size_t skip_i[SM_MAX_OLD_SKIPS + 1], skip_at[SM_MAX_OLD_SKIPS + 1];
	size_t extra_at[SM_MAX_EXTRAS + 1];
	float best = INF;
	sm_cand cand;

	d->seed_o = &e->seq[e->old[r]].l;
	d->seed_f = sm_ln(fim, q);
	for (j = 0; j <= W; j++) {
		d->D[j] = 0;
		d->mv[j] = MV_NONE;
	}
	for (i = 1; i <= m; i++) {
		const sm_mline *ml = &e->seq[e->old[i - 1]];
		const sm_line *ol = &ml->l;
		int forced = i - 1 == r, wild = o->elide && ml->elide;
		int absent = ml->kind == SM_HL_CTX && !ml->elide && d->t->of_old[i - 1] != SM_NOLINE &&
			     d->t->s[d->t->of_old[i - 1]].count == 0;
		/* a miscopied line is one the file does not hold as written: a line the file has
		   (in the range searched) is that line, not a miscopy of a neighbour of it */
		int present = d->t->of_old[i - 1] != SM_NOLINE &&
			      d->t->s[d->t->of_old[i - 1]].count > 0;
		float *row = d->D + i * cols, *prev = d->D + (i - 1) * cols;
		unsigned char *mrow = d->mv + i * cols;

		for (j = 0; j <= W; j++) {
			float b = INF, v;
			unsigned char mv = MV_NONE;
			if (j > 0 && prev[j - 1] < INF && (!forced || ws + j - 1 == q)) {
				const sm_line *fl = sm_ln(fim, ws + j - 1);
				if (d->pinned && line_eq(ol, fl, o->level) &&
				    !line_eq(ol, fl, SM_LVL_TYPO)) {
					/* pinned: another indentation is neither the line nor a
					   miscopy of it */
				} else if (line_eq(ol, fl, o->level)) {
					v = prev[j - 1] +
					    (line_eq(ol, fl, SM_LVL_TYPO) ? 0.0f : (float)SM_COST_LOOSE);
					if (v < b) {
						b = v;
						mv = MV_MATCH;
					}
				} else if (o->subst && !forced && !present) {
					if (sm_budget_charge(d->c->budget,
							     sm_text_similarity_work(ol->n, fl->n)))
						return 0; /* cut short: no candidate */
					v = prev[j - 1] + subst_cost(d, ml, fl);
					if (v < b) {
						b = v;
						mv = MV_SUBST;
					}
				}
			}
			if (j > 0 && i < m && row[j - 1] < INF) {
				const sm_line *fl = sm_ln(fim, ws + j - 1);
				if (wild) {
					v = row[j - 1];
					if (v < b) {
						b = v;
						mv = MV_WILD;
					}
				} else if (o->blanks && fl->blank) {
					v = row[j - 1] + (float)SM_COST_BLANK;
					if (v < b) {
						b = v;
						mv = MV_XBLANK;
					}
				} else if (o->extras) {
					v = row[j - 1] + (float)SM_COST_EXTRA;
					if (v < b) {
						b = v;
						mv = MV_XTRA;
					}
				}
			}
			if (!forced && prev[j] < INF) {
				if (wild) {
					v = prev[j];
					if (v < b || (d->late && v == b && mv == MV_WILD)) {
						b = v;
						mv = MV_WILD0;
					}
				} else if (o->blanks && ol->blank) {
					v = prev[j] + (float)SM_COST_BLANK;
					if (v < b) {
						b = v;
						mv = MV_OBLANK;
					}
				} else if (o->old_skips && absent) {
					v = prev[j] + (float)SM_COST_OLD_SKIP;
					if (v < b) {
						b = v;
						mv = MV_OSKIP;
					}
				}
			}
			row[j] = b;
			mrow[j] = mv;
		}
	}
	for (j = 0; j <= W; j++) {
		if (d->D[m * cols + j] < best || (d->late && d->D[m * cols + j] == best && best < INF)) {
			best = d->D[m * cols + j];
			jbest = j;
		}
	}
	if (jbest == SM_NOLINE)
		return 0;

	for (i = 0; i < m; i++)
		d->lo[i] = d->hi[i] = SM_NOLINE;
	i = m;
	j = jbest;
	while (i > 0) {
		unsigned char mv = d->mv[i * cols + j];
		size_t at = ws + j;
		int solid = mv == MV_MATCH && !e->seq[e->old[i - 1]].l.blank;
		if (mv != MV_XTRA)
			run = 0;
		if (mv == MV_MATCH || mv == MV_SUBST)
			gap_x = gap_o = gap_xs = gap_b = 0;
		/* lines an elision absorbed count as dropped ones: a context line missing from
		   the file next to them is likelier a miscopy of the last one absorbed */
		gap_x |= mv == MV_XTRA || mv == MV_WILD;
		gap_o |= mv == MV_OSKIP;
		gap_xs |= mv == MV_XTRA;
		gap_b |= mv == MV_OBLANK;
		/* ... nor is an old blank line standing on no file line where the file holds a
		   line of substance the old side dropped: the blank is not a copy of that line
		   (a blank line is no miscopy of code), so the place reads one line the model
		   added and one it left out, side by side, where the meant place, if any, reads
		   neither */
		mixed |= gap_xs && gap_b;
		/* an unmarked addition sits between lines that match: at either end of the old
		   side it is far likelier a miscopied first or last line. Blank lines do not
		   count as matched there: a blank line beside it fits anywhere, and the file line
		   it may be a miscopy of then lies just outside the region. */
		if (mv == MV_OSKIP && !seen_match)
			edge_skip = 1;
		else if (mv == MV_OSKIP && !seen_solid && skip_low == SM_NOLINE)
			skip_low = i - 1;
		if (mv == MV_MATCH)
			seen_match = 1;
		seen_solid |= solid;
		if (mv == MV_OSKIP)
			skip_high = i - 1;
		else if (solid || mv == MV_SUBST)
			skip_high = SM_NOLINE;
		/* a context line missing from the file next to a file line missing from the
		   context is one miscopied line, not an addition plus a dropped line: that is the
		   fuzzy tier's to judge */
		mixed |= gap_x && gap_o;
		switch (mv) {
		case MV_MATCH:
		case MV_SUBST:
			d->lo[i - 1] = at - 1;
			d->hi[i - 1] = at;
			if (mv == MV_SUBST &&
			    cut_pairing(d, &e->seq[e->old[i - 1]], sm_ln(fim, at - 1))) {
				/* a line cut short: no miscopy (SM_MAX_CUT_LINES) */
				cuts++;
				i--;
				j--;
				break;
			}
			substs += mv == MV_SUBST;
			ctx_subst |= mv == MV_SUBST && e->seq[e->old[i - 1]].kind == SM_HL_CTX;
			/* (up to SM_MAX_OLD_SKIPS more: lines taken for unmarked additions
			   place nothing, and the rest may be that short) */
			if (mv == MV_SUBST && d->nonblank <= SM_SHORT_OLD_LINES + SM_MAX_OLD_SKIPS &&
			    !(e->flags & SM_EDIT_NUMBERED)) {
				const sm_line *ol = &e->seq[e->old[i - 1]].l, *fl = sm_ln(fim, at - 1);
				double sim = sm_text_similarity(ol->p, ol->n, fl->p, fl->n);
				if (sim < weakest)
					weakest = sim;
			}
			matched += mv == MV_MATCH && !e->seq[e->old[i - 1]].l.blank;
			i--;
			j--;
			break;
		case MV_WILD:
			if (d->hi[i - 1] == SM_NOLINE)
				d->hi[i - 1] = at;
			d->lo[i - 1] = at - 1;
			j--;
			break;
		case MV_XBLANK:
			j--;
			break;
		case MV_XTRA:
			if (extras < SM_MAX_EXTRAS + 1)
				extra_at[extras] = at - 1;
			extras++;
			if (++run > maxrun)
				maxrun = run;
			j--;
			break;
		case MV_WILD0:
			if (d->hi[i - 1] == SM_NOLINE)
				d->lo[i - 1] = d->hi[i - 1] = at;
			i--;
			break;
		case MV_OBLANK:
			d->lo[i - 1] = d->hi[i - 1] = at;
			i--;
			break;
		case MV_OSKIP:
			/* judged once every line has its place (miscopy_beside) */
			if (oskips < SM_MAX_OLD_SKIPS + 1) {
				skip_i[oskips] = i - 1;
				skip_at[oskips] = at;
			}
			oskips++;
			i--;
			break;
		default:
			return 0; /* cannot happen on a finite cost */
		}
	}
	if (gap_o) /* skips before the first match (traceback ends at the start) */
		edge_skip = 1;
	/* the same with only blank lines matched beyond: when the first line of substance
	   past that edge of the region is nearly the skipped line, that line is a miscopy of
	   it, not an addition */
	if (skip_low != SM_NOLINE && near_past_edge(d->c->im, &e->seq[e->old[skip_low]].l,
						    ws + jbest, 1))
		edge_skip = 1;
	if (skip_high != SM_NOLINE && near_past_edge(d->c->im, &e->seq[e->old[skip_high]].l,
						     ws + j, -1))
		edge_skip = 1;
	/* a context line taken for an unmarked addition next to a kept file line it nearly
	   copies is that line miscopied (the fuzzy tier judges it) */
	for (i = 0; i < oskips && i <= SM_MAX_OLD_SKIPS; i++) {
		size_t f = miscopy_beside(d, skip_i[i], skip_at[i]);
		if (f != SM_NOLINE && paired_line(d, f))
			return 0;
		if (truncated_near(d, skip_i[i], skip_at[i], ws + j, ws + jbest))
			return 0;
		/* the line beside is the file's copy of it, left out of the old side or just
		   outside the place: here the line is a miscopy of it, a place another this
		   tier keeps (the line an addition there) must beat clearly as that */
		if (f != SM_NOLINE)
			return doubted(d, beside_as_miscopy(best, f, ws + j, ws + jbest));
		if (miscopy_near(d, skip_i[i], ws + j, ws + jbest))
			return doubted(d, best);
		/* one typo from it: a copying slip (no new line is written so), settled by a
		   place kept that reads it so; merely like it (a new line like its neighbours'
		   elsewhere): a doubt any place must beat clearly */
		if (miscopy_far(d, skip_i[i], ws + j, ws + jbest, &f)) {
			const sm_line *ol = &e->seq[e->old[skip_i[i]]].l, *fl;
			if (f == SM_NOLINE)
				return doubted(d, best);
			fl = sm_ln(d->c->im, f);
			return one_typo(ol->p, ol->n, fl->p, fl->n) ? blank_doubt(d, best, skip_i[i], f)
								   : doubted(d, best);
		}
	}
	/* ... or next to none but a file line the region keeps as one the old side dropped: the
	   line and its miscopy would both be taken, the one as an addition, the other as a
	   left-out line (the context line is that file line, out of place or not) */
	for (i = 0; i < oskips && i <= SM_MAX_OLD_SKIPS; i++) {
		const sm_line *ol = &e->seq[e->old[skip_i[i]]].l;
		size_t x;
		for (x = 0; x < extras && x <= SM_MAX_EXTRAS; x++) {
			const sm_line *fl = sm_ln(d->c->im, extra_at[x]);
			double sim;
			if (fl->blank || ol->n * 2 < fl->n || fl->n * 2 < ol->n)
				continue;
			if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ol->n, fl->n)))
				return 0; /* cut short: no candidate */
			sim = sm_text_similarity(ol->p, ol->n, fl->p, fl->n);
			/* this place is where the line is a miscopy (the fuzzy tier's to fit,
			   when the miscopy is not below its bar): another place this tier keeps,
			   the line an addition there, must beat it clearly as that */
			if (one_typo(ol->p, ol->n, fl->p, fl->n) || sim >= SM_MISCOPY_SIM)
				return doubted(d, as_miscopy(best, sim));
		}
	}
	for (i = 0; i < m; i++) {
		size_t a, g;
		if (e->seq[e->old[i]].l.blank && d->lo[i] != SM_NOLINE && d->lo[i] == d->hi[i] &&
		    blank_or_left_out(d, i, o->level, &a, &g))
			return blank_doubt(d, best, a, g);
	}
	if (!matched || mixed || edge_skip || cuts > SM_MAX_CUT_LINES || extras > SM_MAX_EXTRAS ||
	    maxrun > SM_MAX_EXTRA_RUN ||
	    extras * 2 > d->nonblank + 1 || oskips > SM_MAX_OLD_SKIPS || oskips * 3 > d->nonblank ||
	    substs * SM_MAX_SUBST_SHARE > (d->nonblank > SM_MAX_SUBST_SHARE ? d->nonblank
									     : SM_MAX_SUBST_SHARE) ||
	    (d->nonblank <= SM_SHORT_OLD_LINES + oskips && weakest < SM_SHORT_SUBST_SIM))
		return 0;
	/* judged once the cheap tests passed: a comparison per deleted line */
	for (i = 0; ctx_subst && i < m; i++)
		if (d->lo[i] != SM_NOLINE && d->hi[i] == d->lo[i] + 1 &&
		    !line_eq(&e->seq[e->old[i]].l, sm_ln(d->c->im, d->lo[i]), o->level) &&
		    subst_ctx_like_deleted(d, i))
			return 0;
	for (i = 0; substs && i < m; i++)
		if (d->lo[i] != SM_NOLINE && d->hi[i] == d->lo[i] + 1 && !e->seq[e->old[i]].l.blank &&
		    !line_eq(&e->seq[e->old[i]].l, sm_ln(d->c->im, d->lo[i]), o->level) &&
		    !cut_pairing(d, &e->seq[e->old[i]], sm_ln(d->c->im, d->lo[i])) &&
		    miscopy_elsewhere(d, i, ws + j, ws + jbest))
			return doubted(d, best);
	close_twin_gaps(d);
	/* the latest placement differs only in how much an elision absorbs at an end (a
	   leading or trailing marker): the same place */
	if (d->late && d->early_ok) {
		for (i = 0; i < m; i++)
			if (!e->seq[e->old[i]].elide && d->lo[i] != d->elo[i])
				break;
		if (i == m)
			return 0;
	}
	pair_blanks_exactly(d, ws + j, ws + jbest);
	memset(&cand, 0, sizeof(cand));
	cand.start = ws + j;
	cand.end = ws + jbest;
	cand.lo = d->lo;
	cand.hi = d->hi;
	cand.cost = best;
	cand.tier = o->tier;
	if (cand.end <= cand.start)
		return 0;
	/* one shift for every line, or (the line-indentation tier) a shift per line that still
	   says how to indent the new lines */
	if (o->tier == SM_TIER_REINDENT ? sm_indent_shift(d->c, &cand) ||
						  !sm_reindent_check(d->c, &cand)
					: o->level >= SM_LVL_INDENT && !sm_indent_shift(d->c, &cand)) {
		/* The cheapest path took a line at another indentation than its neighbours (an
		   indentation-blind match is nearly free), where a path holding every line as
		   written, the seed's included, may cost a line the old side left out: "        x"
		   before "    x", the first left out, the old side's "        x" on the second. The
		   seed is run again with lines matched as written: that place, at one shift, is
		   what this tier is for (the line-indentation tier would take the cheap path, line
		   by line, and write the left-out line back beside its copy). */
		if (o->tier == SM_TIER_REINDENT || d->pinned || o->level < SM_LVL_INDENT)
			return 0;
		/* ... unless the line at another shift has its twin beside it at the other lines'
		   shift (sm_twin_beside): the old side is then as well that line re-indented alone
		   as its twin with a line left out, two files; neither is taken, nor a split's runs
		   (which would take one of them). So also when the seed is not as written (the
		   block re-indented, its lines at one shift but that line): the place is not run
		   again, but it is no less the twin's reading, which another place this tier keeps
		   (the left-out line taken elsewhere) must beat clearly */
		if (sm_twin_beside(fim, e, &cand)) {
			if (d->c->twin)
				*d->c->twin = 1;
			return doubted(d, best);
		}
		if (!line_eq(&e->seq[e->old[r]].l, sm_ln(fim, q), SM_LVL_TYPO) ||
		    sm_budget_charge(d->c->budget, (uint64_t)(m + 1) * (W + 1)))
			return 0;
		d->pinned = 1;
		again = run_seed(d, r, q, out);
		d->pinned = 0;
		return again;
	}
	if (!d->late && d->elo) {
		memcpy(d->elo, d->lo, m * sizeof(size_t));
		d->early_ok = 1;
	}
	return sm_cands_add(out, &cand, m);
}

static size_t count_elide(const sm_medit *e, size_t from, size_t to)
{
	size_t i, k = 0;
	for (i = from; i < to; i++)
		k += e->seq[e->old[i]].elide;
	return k;
}

static int align_find(const sm_mctx *c, const sm_align_opts *o, sm_cands *out)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, i, s, pass;
	size_t used[2] = {SM_NOLINE, SM_NOLINE}, cap = 0, *inold = NULL;
	sm_occ local = {0};
	const sm_occ *tp;
	dp d = {0};
	int rc = 0;

	if (!m || c->hi <= c->lo)
		return 0;
	/* the table compares indentation-blind, the level every tolerant tier uses */
	tp = sm_occ_for(c, &local);
	if (!tp)
		return SEAM_ENOMEM;
	d.c = c;
	d.o = o;
	d.t = tp;
	d.m = m;
	for (i = 0; i < m; i++)
		d.nonblank += seedable(&e->seq[e->old[i]]);
	d.lo = sm_malloc(m * sizeof(size_t));
	d.elo = o->elide ? sm_malloc(m * sizeof(size_t)) : NULL;
	d.hi = sm_malloc(m * sizeof(size_t));
	inold = sm_calloc(tp->mask + 1, sizeof(size_t));
	if (!d.lo || !d.hi || !inold || (o->elide && !d.elo)) {
		rc = SEAM_ENOMEM;
		goto done;
	}
	for (i = 0; i < m; i++)
		if (tp->of_old[i] != SM_NOLINE)
			inold[tp->of_old[i]]++;
	/* Seed from the rarest line, then the second rarest: one wrong occurrence of the first
	   cannot hide the right place. A line seeds one window per pair of its places in the
	   file and in the old side; one with more pairs than SM_MAX_SEEDS anchors nothing (an
	   old side of 50 "```" lines against a file of 60 would run 3,000 windows). */
	for (pass = 0; pass < 2; pass++) {
		size_t pick = SM_NOLINE, q;
		for (i = 0; i < m; i++) {
			size_t sl = tp->of_old[i];
			if (sl == SM_NOLINE || !tp->s[sl].count ||
			    tp->s[sl].count * inold[sl] > SM_MAX_SEEDS || sl == used[0])
				continue;
			if (pick == SM_NOLINE || tp->s[sl].count < tp->s[pick].count)
				pick = sl;
		}
		if (pick == SM_NOLINE)
			break;
		used[pass] = pick;
		for (q = 0; q < tp->s[pick].count && q < SM_MAX_SEEDS; q++) {
			size_t at = tp->s[pick].pos[q];
			for (s = 0; s < m; s++) {
				size_t before, after, ws, we, cells, slack;
				if (tp->of_old[s] != pick)
					continue;
				slack = SM_WINDOW_SLACK + (o->extras ? SM_MAX_EXTRAS : 0);
				before = s + slack;
				after = m - s + slack;
				if (o->elide) {
					before += SM_ELISION_MAX * count_elide(e, 0, s);
					after += SM_ELISION_MAX * count_elide(e, s, m);
				}
				ws = at > before ? at - before : 0;
				if (ws < c->lo)
					ws = c->lo;
				we = at + after < c->hi ? at + after : c->hi;
				cells = (m + 1) * (we - ws + 1);
				if (cells > MAX_CELLS)
					continue;
				if (cells > cap) {
					float *nd = sm_realloc(d.D, cells * sizeof(float));
					unsigned char *nm;
					if (!nd) {
						rc = SEAM_ENOMEM;
						goto done;
					}
					d.D = nd;
					nm = sm_realloc(d.mv, cells);
					if (!nm) {
						rc = SEAM_ENOMEM;
						goto done;
					}
					d.mv = nm;
					cap = cells;
				}
				/* the window's cells, charged before it is run */
				if (sm_budget_charge(c->budget, cells))
					goto done; /* the caller drops what was found */
				d.ws = ws;
				d.W = we - ws;
				d.late = 0;
				d.early_ok = 0;
				if (run_seed(&d, s, at, out) < 0) {
					rc = SEAM_ENOMEM;
					goto done;
				}
				/* an elision absorbs any run of lines, so a piece beside it may fit at
				   two places (a head line repeated before the tail): the latest
				   placement too, and two equally good places are refused, named */
				if (o->elide && !sm_budget_out(c->budget)) {
					if (sm_budget_charge(c->budget, cells))
						goto done;
					d.late = 1;
					if (run_seed(&d, s, at, out) < 0) {
						rc = SEAM_ENOMEM;
						goto done;
					}
				}
				if (sm_budget_out(c->budget))
					goto done; /* the caller drops what was found */
			}
		}
	}
done:
	/* a place left out for a let-go blank line whose other reading no place kept is: a
	   doubt (the meant place may be that reading, never scored or itself left out) */
	for (i = 0; !rc && i < d.nbd && out->n; i++) {
		size_t k;
		for (k = 0; k < out->n && out->v[k].lo[d.bd_a[i]] != d.bd_g[i]; k++)
			;
		if (k == out->n)
			doubted(&d, d.bd_cost[i]);
	}
	/* a place kept only because a rival was left out for a miscopy (or the above) must beat
	   it clearly */
	if (!rc && d.doubt && out->n) {
		double low = out->v[0].cost;
		for (i = 1; i < out->n; i++)
			if (out->v[i].cost < low)
				low = out->v[i].cost;
		if (low > d.doubt_cost - SM_AMBIGUITY_MARGIN)
			sm_cands_clear(out);
	}
	sm_free(d.D);
	sm_free(d.mv);
	sm_free(d.lo);
	sm_free(d.elo);
	sm_free(d.hi);
	sm_free(inold);
	sm_occ_free(&local);
	return rc;
}

/* 1 when the file holds the marker line l in [lo, hi) as written (trailing blanks aside). */
static int held(const sm_mctx *c, const sm_line *l)
{
	size_t pos[SM_ELIDE_HELD_LOOK], n, k, j;
	uint64_t h = sm_line_h(l, SM_LVL_EXACT);

	if (c->im->ix) {
		sm_budget_charge(c->budget, 1);
		n = sm_image_find(c->im, l->h_indent, c->lo, c->hi, pos, SM_ELIDE_HELD_LOOK);
		for (k = 0; k < n && k < SM_ELIDE_HELD_LOOK; k++)
			if (sm_line_h(sm_ln(c->im, pos[k]), SM_LVL_EXACT) == h)
				return 1;
		return n > SM_ELIDE_HELD_LOOK;
	}
	sm_budget_charge(c->budget, c->hi - c->lo);
	for (j = c->lo; j < c->hi && j < c->im->n; j++)
		if (sm_hx(c->im, j) == l->h_indent && sm_line_h(sm_ln(c->im, j), SM_LVL_EXACT) == h)
			return 1;
	return 0;
}

int sm_elide_copied(const sm_mctx *c, sm_medit *e2)
{
	size_t i, copied = 0;

	for (i = 0; i < c->e->nold; i++) {
		const sm_mline *ml = &c->e->seq[c->e->old[i]];
		copied += ml->elide && held(c, &ml->l);
	}
	if (!copied)
		return 0;
	*e2 = *c->e;
	e2->seq = sm_malloc(c->e->nseq * sizeof(*e2->seq));
	if (!e2->seq)
		return SEAM_ENOMEM;
	memcpy(e2->seq, c->e->seq, c->e->nseq * sizeof(*e2->seq));
	for (i = 0; i < e2->nold; i++) {
		sm_mline *ml = &e2->seq[e2->old[i]];
		if (ml->elide && held(c, &ml->l))
			ml->elide = 0;
	}
	return 1;
}

int sm_align_find(const sm_mctx *c, const sm_align_opts *o, sm_cands *out)
{
	sm_medit e2;
	sm_mctx c2;
	int rc;

	if (!o->elide)
		return align_find(c, o, out);
	/* marker lines the file holds are copied lines, not elisions (match_elide.c) */
	rc = sm_elide_copied(c, &e2);
	if (rc <= 0)
		return rc < 0 ? rc : align_find(c, o, out);
	c2 = *c;
	c2.e = &e2;
	c2.occ = NULL;
	rc = align_find(&c2, o, out);
	sm_free(e2.seq);
	return rc;
}
