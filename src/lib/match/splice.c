/*
 * Building the result of one located edit. The alignment says which file lines each old line
 * stands for; walking the edit's lines in order then gives the result: a three-way merge of the
 * file region, the old side and the new side, in which the file wins for everything the edit
 * does not change.
 */
#include "splice.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

char *sm_pool_add(sm_pool *p, size_t n)
{
	char *s;
	if (sm_grow((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v)))
		return NULL;
	s = sm_malloc(n + 1);
	if (s)
		p->v[p->n++] = s;
	return s;
}

void sm_pool_dispose(sm_pool *p)
{
	size_t i;
	for (i = 0; i < p->n; i++)
		sm_free(p->v[i]);
	sm_free(p->v);
	p->v = NULL;
	p->n = p->cap = 0;
}

/* 1 when file line l equals one of the edit's additions seq[from..to) (indentation-blind). */
static int is_addition(const sm_medit *e, size_t from, size_t to, const sm_line *l)
{
	size_t k;
	for (k = from; k < to; k++)
		if (e->seq[k].kind == SM_HL_ADD && e->seq[k].l.h_indent == l->h_indent)
			return 1;
	return 0;
}

static int solid_line(const sm_line *l)
{
	return sm_line_solid_chars(l, SM_WIDEN_MIN_CHARS) >= SM_WIDEN_MIN_CHARS;
}

typedef struct out {
	sm_line *v;
	size_t n, cap;
	int failed;
	int last_new; /* the last line put is the edit's, not the file's */
} out;

static void put(out *o, const sm_line *l)
{
	if (o->failed || sm_grow((void **)&o->v, &o->cap, o->n + 1, sizeof(*o->v))) {
		o->failed = 1;
		return;
	}
	o->v[o->n++] = *l;
	o->last_new = 0;
}

/* The candidate c as it shifts seq line k of e: c itself, or for a place shifted line by line
 * *tmp, shifted as k's neighbours are (the match checked that they agree). */
static const sm_cand *shift_of(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k,
			       sm_cand *tmp)
{
	if (!c || c->shifted != SM_SHIFT_PER_LINE)
		return c;
	*tmp = *c;
	tmp->shifted = 1;
	if (!sm_reindent_delta(im, e, c, k, &tmp->delta))
		tmp->delta = 0;
	return tmp;
}

/* New line k of the edit, shifted to the file's indentation if the match was shifted. */
static void put_new(out *o, const sm_image *im, const sm_medit *e, size_t k, const sm_cand *c0,
		    sm_pool *pool)
{
	sm_line l;
	sm_cand tmp;
	const sm_cand *c = shift_of(im, e, c0, k, &tmp);
	const sm_line *src = &e->seq[k].l;
	const char *p = src->p;
	size_t n = src->n;

	/* a whitespace-only line is written as the reply has it: it has no indentation to move
	   (aider does the same, and the committed files of the corpus agree) */
	if (c && c->shifted && n && sm_text_indent_len(p, n) < n) {
		size_t ind = sm_text_indent_len(p, n), tw = (size_t)c->tabw;
		long cols = (long)sm_text_indent_cols(p, n, tw) + c->delta;
		size_t ncols = cols > 0 ? (size_t)cols : 0, k = 0, pre;
		char *s;
		pre = c->use_tabs ? ncols / tw + ncols % tw : ncols;
		s = sm_pool_add(pool, pre + n - ind);
		if (!s) {
			o->failed = 1;
			return;
		}
		if (c->use_tabs) {
			for (; k < ncols / tw; k++)
				s[k] = '\t';
			memset(s + k, ' ', ncols % tw);
			k += ncols % tw;
		} else {
			memset(s, ' ', ncols);
			k = ncols;
		}
		memcpy(s + k, p + ind, n - ind);
		p = s;
		n = k + n - ind;
	}
	sm_line_init(&l, p, n);
	l.crlf = (uint8_t)im->crlf;
	put(o, &l);
	o->last_new = !o->failed;
}

/*
 * 1 when a context line of a SEARCH/REPLACE block found shifted is blank but for whitespace
 * that differs from the file's blank line it stands on: the REPLACE side gives the region's
 * new text whole, and a whitespace-only line of it has no indentation to move, so it is
 * written as the reply has it, as its added lines are (put_new).
 */
static int ws_only_context(const sm_image *im, const sm_medit *e, const sm_cand *c,
			   const sm_mline *ml, size_t lo, size_t hi)
{
	const sm_line *f;

	if (!c->shifted || e->kind != SM_KIND_BLOCK || !e->blocklike || !ml->l.blank ||
	    ml->kind != SM_HL_CTX || hi != lo + 1)
		return 0;
	f = sm_ln(im, lo);
	return f->blank && (f->n != ml->l.n || memcmp(f->p, ml->l.p, f->n) != 0);
}

/*
 * One segment: the lines between two context anchors. Its deletions go; what remains of the
 * file span (lines the old side did not mention: dropped context) stays, merged with the
 * additions. Lines before the first deletion come first, then the additions, then the rest,
 * as the additions take the place of what they delete. In a whole-sides rewrite a skipped file
 * line that the new side also has is the same line (dropped from the old side only) and is
 * written once.
 */
typedef struct seg {
	size_t *adds; /* indexes into e->seq */
	size_t na, acap;
	size_t first_del; /* lowest file line a deletion stands for, SM_NOLINE if none */
	size_t ndel;      /* file lines the segment deletes */
	/* per file line of the span: 1 when a deletion stands for it, 2 when it is a line the old
	   side left out that the new side writes elsewhere (see drop_repeats) */
	unsigned char *del;
} seg;

/* 1 when file line l equals one of the segment's additions (indentation-blind) that gives
 * back no deleted line (gb, per addition; NULL: none does). */
static int is_addition_of(const sm_medit *e, const seg *sg, const unsigned char *gb,
			  const sm_line *l)
{
	size_t i;
	for (i = 0; i < sg->na; i++)
		if ((!gb || !gb[i]) && e->seq[sg->adds[i]].l.h_indent == l->h_indent)
			return 1;
	return 0;
}

/*
 * Marks in gb (per addition of the segment) the additions with the text of a file line of
 * [f, to) that the segment deletes, each deleted line once: an old line miscopied or cut short
 * that the new side writes whole gives that line back. Such an addition is not the copy of a
 * kept line of the segment (a left-out twin, a line of a merged hunk's stretch), which stays
 * beside it. NULL when none does or the segment is too large to look (SM_SPLICE_MERGE_CELLS);
 * *failed on out of memory.
 */
static unsigned char *give_backs(const sm_image *im, const sm_medit *e, const seg *sg, size_t f,
				 size_t to, const sm_cand *c, int *failed)
{
	unsigned char *gb, *taken;
	size_t i, j, n = 0;

	if (!e->blocklike || !sg->na || !sg->ndel || to <= f ||
	    sg->na * (to - f) > SM_SPLICE_MERGE_CELLS)
		return NULL;
	gb = sm_calloc(sg->na, 1);
	taken = sm_calloc(to - f, 1);
	if (!gb || !taken) {
		sm_free(gb);
		sm_free(taken);
		*failed = 1;
		return NULL;
	}
	for (i = 0; i < sg->na; i++)
		for (j = f; j < to; j++)
			if (sg->del[j - c->start] == 1 && !taken[j - f] &&
			    sm_ln(im, j)->h_indent == e->seq[sg->adds[i]].l.h_indent) {
				gb[i] = taken[j - f] = 1;
				n++;
				break;
			}
	sm_free(taken);
	if (!n) {
		sm_free(gb);
		gb = NULL;
	}
	return gb;
}

/* Shared leading bytes of two lines. */
static size_t common_prefix(const sm_line *a, const sm_line *b)
{
	size_t k = 0;
	while (k < a->n && k < b->n && a->p[k] == b->p[k])
		k++;
	return k;
}

/*
 * 1 when file line l is the old form of the segment's first non-blank addition: same indentation
 * and start through its first '(' (a signature) and over at least SM_SPLICE_CHANGED_SHARE of the
 * shorter line, while l's own text is not among the additions (then it would stay as itself).
 * A hunk that adds a changed signature without its '-' line means the line changed, not a second
 * definition beside the old one.
 */
static int changed_form_of(const sm_line *a, const sm_line *l)
{
	size_t pre, paren, shorter;

	if (!a || l->blank || !solid_line(l))
		return 0;
	pre = common_prefix(a, l);
	for (paren = 0; paren < l->n && l->p[paren] != '('; paren++)
		;
	shorter = a->n < l->n ? a->n : l->n;
	if (paren == l->n || pre <= paren)
		return 0;
	return (double)pre >= SM_SPLICE_CHANGED_SHARE * (double)shorter;
}

static int changed_form(const sm_medit *e, const seg *sg, const sm_line *l)
{
	const sm_line *a = NULL;
	size_t i;

	for (i = 0; i < sg->na; i++) {
		const sm_line *t = &e->seq[sg->adds[i]].l;
		if (t->h_rstrip == l->h_rstrip)
			return 0;
		if (!a && !t->blank)
			a = t;
	}
	return changed_form_of(a, l);
}

static void flush(out *o, const sm_image *im, const sm_medit *e, seg *sg, size_t f, size_t to,
		  const sm_cand *c, sm_pool *pool)
{
	size_t nx = 0, i, j, *x = NULL;
	unsigned short *L = NULL;
	unsigned char *gb = NULL;
	int shared = 0;

	if (to > f) {
		x = sm_malloc((to - f) * sizeof(*x));
		if (!x) {
			o->failed = 1;
			return;
		}
		for (j = f; j < to; j++)
			if (!sg->del[j - c->start])
				x[nx++] = j;
	}
	gb = give_backs(im, e, sg, f, to, c, &o->failed);
	if (o->failed) {
		sm_free(x);
		return;
	}
	/* in a whole-sides rewrite, a kept line the new side also has is that same line (left
	   out of the old side only): the merge below writes it once, where the new side puts it;
	   taking the additions one for one would write it twice */
	for (j = 0; e->blocklike && j < nx && !shared; j++)
		shared = is_addition_of(e, sg, gb, sm_ln(im, x[j]));
	if (nx && !shared && sg->na == sg->ndel && sg->first_del != SM_NOLINE) {
		/* as many additions as deleted lines, with kept lines among the deletions: each
		   addition takes the place of one deleted line, in order */
		for (j = f, i = 0; j < to; j++) {
			if (!sg->del[j - c->start])
				put(o, sm_ln(im, j));
			else if (sg->del[j - c->start] == 1 && i < sg->na)
				put_new(o, im, e, sg->adds[i++], c, pool);
		}
		sm_free(x);
		sm_free(gb);
		sg->na = sg->ndel = 0;
		sg->first_del = SM_NOLINE;
		return;
	}
	if (e->blocklike && sg->na && nx && sg->na * nx <= SM_SPLICE_MERGE_CELLS)
		L = sm_calloc((sg->na + 1) * (nx + 1), sizeof(*L));
	if (L) {
		size_t na = sg->na, w = nx + 1;
		/* L[i][j]: longest common subsequence of adds[i..] and extras[j..] */
		for (i = na; i-- > 0;)
			for (j = nx; j-- > 0;) {
				if ((!gb || !gb[i]) &&
				    e->seq[sg->adds[i]].l.h_indent == sm_ln(im, x[j])->h_indent)
					L[i * w + j] = (unsigned short)(L[(i + 1) * w + j + 1] + 1);
				else
					L[i * w + j] = L[(i + 1) * w + j] > L[i * w + j + 1] ? L[(i + 1) * w + j]
											: L[i * w + j + 1];
			}
		i = j = 0;
		while (i < na || j < nx) {
			if (i < na && j < nx && (!gb || !gb[i]) &&
			    e->seq[sg->adds[i]].l.h_indent == sm_ln(im, x[j])->h_indent &&
			    L[i * w + j] == L[(i + 1) * w + j + 1] + 1) {
				put(o, sm_ln(im, x[j]));
				i++;
				j++;
			} else if (j < nx &&
				   (i == na || L[i * w + j + 1] > L[(i + 1) * w + j] ||
				    /* a line before the deletions stays before the additions, unless
				       it is one of them */
				    (sg->first_del != SM_NOLINE && x[j] < sg->first_del &&
				     L[i * w + j] == L[i * w + j + 1]))) {
				put(o, sm_ln(im, x[j]));
				j++;
			} else {
				put_new(o, im, e, sg->adds[i], c, pool);
				i++;
			}
		}
		sm_free(L);
	} else {
		for (j = 0; j < nx && sg->first_del != SM_NOLINE && x[j] < sg->first_del; j++)
			put(o, sm_ln(im, x[j]));
		for (i = 0; i < sg->na; i++)
			put_new(o, im, e, sg->adds[i], c, pool);
		/* additions with no deletion, and the file line kept right after them is the
		   first one's old form (the '-' line left out): the addition replaces it */
		if (j < nx && !sg->ndel && j == 0 && changed_form(e, sg, sm_ln(im, x[j])))
			j++;
		for (; j < nx; j++)
			put(o, sm_ln(im, x[j]));
	}
	sm_free(x);
	sm_free(gb);
	sg->na = sg->ndel = 0;
	sg->first_del = SM_NOLINE;
}

/* 1 when file line f is new-side line k as the splice would write it: indentation included
 * (shifted by the match's shift, when it was). */
static int same_line(const sm_image *im, const sm_medit *e, const sm_cand *c0, size_t f, size_t k)
{
	const sm_line *a = sm_ln(im, f), *b = &e->seq[k].l;
	sm_cand tmp;
	const sm_cand *c = shift_of(im, e, c0, k, &tmp);

	if (a->blank || b->blank)
		return a->blank && b->blank;
	if (!c->shifted)
		return sm_line_h(a, SM_LVL_TYPO) == sm_line_h(b, SM_LVL_TYPO);
	return a->h_indent == b->h_indent &&
	       (long)sm_text_indent_cols(a->p, a->n, (size_t)c->tabw) ==
		       (long)sm_text_indent_cols(b->p, b->n, (size_t)c->tabw) + c->delta;
}

/* 1 when old line i is a blank context line that stands on no file line (the blank-lines
 * tier let it go). */
static int gone_blank(const sm_medit *e, const sm_cand *c, size_t i)
{
	const sm_mline *ml = &e->seq[e->old[i]];

	return ml->kind == SM_HL_CTX && ml->l.blank && (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i]);
}

/*
 * A whole-sides rewrite whose new side repeats the file lines right around its old side (a
 * comment above the first SEARCH line, left out of the SEARCH side only; or the lines around
 * the edit, which the model copied on the REPLACE side) is found just inside those lines. When
 * the file lines right above the region equal the new side's first lines, in order and with
 * their indentation, and those are additions, they are taken into the region, where the merge
 * writes them once; the same at the bottom with the new side's last lines. Only for
 * SEARCH/REPLACE-style blocks: a diff's '-' lines say exactly what goes, and its '+' lines may
 * well repeat their neighbours.
 */
/* 1 when the new side adds line k's text more times than the old side deletes it: an added
 * line equal to a deleted one is that line moved, or changed back, not a repeat of the file
 * line beside the region, and absorbing that file line would write the two as one. A deleted
 * line counts by its own text and by that of the file line the match put it on: a miscopied
 * line moved is the file's line moved (a miscopied "wrtieln;" deletes the file's "writeln;"). */
/* The text of old line oi (seq[j]) as it deletes: its own, or that of the file line the match
 * put it on. */
static uint64_t deleted_text(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t j,
			     size_t oi, uint64_t h)
{
	uint64_t hd = e->seq[j].l.h_indent;

	if (c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1 && hd != h)
		hd = sm_ln(im, c->lo[oi])->h_indent;
	return hd;
}

/* 1 when a line the old side deletes before its first context line (after its last, dir -1)
 * of another text than new line k has k's text: the new side's edge line is that line written
 * again where it stood (a miscopied first line given back its text, or a miscopy among the run
 * of copies at the edge), not the file line beyond the region repeated, however many more
 * copies the new side adds further in. */
static int rewrites_edge(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k,
			 int dir)
{
	uint64_t h = e->seq[k].l.h_indent;
	size_t j, oi, n = e->nseq;

	for (j = 0, oi = 0; j < n; j++) {
		size_t at = dir > 0 ? j : n - 1 - j, o;
		const sm_mline *ml = &e->seq[at];
		if (ml->kind == SM_HL_ADD)
			continue;
		o = dir > 0 ? oi : e->nold - 1 - oi;
		oi++;
		if (ml->kind != SM_HL_DEL && ml->l.h_indent == h && !ml->l.blank)
			continue; /* a copy kept: the run of copies at the edge goes on */
		if (ml->kind != SM_HL_DEL)
			return 0; /* the edge's context line: past the edge run */
		if (!ml->keep && deleted_text(im, e, c, at, o, h) == h)
			return 1;
	}
	return 0;
}

static int surplus(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k, int dir,
		   const unsigned char *cov)
{
	uint64_t h = e->seq[k].l.h_indent, hd;
	long net = 0;
	size_t j, oi = 0;

	if (rewrites_edge(im, e, c, k, dir))
		return 0;
	/* a line of the region no old line stands for (one the old side left out), of this
	   text: the merge writes the addition as that line (flush), so it is no repeat of the
	   line beyond the edge */
	for (j = c->start; cov && j < c->end; j++)
		net -= !cov[j - c->start] && sm_ln(im, j)->h_indent == h;
	for (j = 0; j < e->nseq; j++) {
		const sm_mline *ml = &e->seq[j];
		if (ml->kind == SM_HL_ADD) {
			net += ml->l.h_indent == h;
			continue;
		}
		hd = deleted_text(im, e, c, j, oi, h);
		oi++;
		if (ml->kind == SM_HL_DEL && !ml->keep && hd == h)
			net--;
	}
	return net > 0;
}

static void widen(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps, size_t *pe)
{
	size_t k, lead = 0, trail = 0, nn = 0, m, best, i, oi;
	size_t s = c->start, en = c->end;
	int drop_top, drop_bottom;
	size_t *nw;
	unsigned char *anchored, *cov;

	*ps = s;
	*pe = en;
	if (!(e->blocklike && e->kind == SM_KIND_BLOCK))
		return;
	nw = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*nw));
	anchored = sm_malloc(e->nseq ? e->nseq : 1);
	if (!nw || !anchored) {
		sm_free(nw);
		sm_free(anchored);
		return; /* not widened: the merge writes the repeated lines twice, nothing lost */
	}
	/* the new side as the splice writes it: additions (and context lines the file lacks),
	   and context lines standing on file lines (anchored); a blank context line the file
	   does not have there is not written */
	for (k = 0, oi = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (!sm_mline_is_new(ml) || (ml->kind == SM_HL_DEL && lo == SM_NOLINE))
			continue;
		if (ml->kind != SM_HL_ADD && lo != SM_NOLINE && lo == hi)
			continue;
		anchored[nn] = ml->kind != SM_HL_ADD && lo != SM_NOLINE;
		nw[nn++] = k;
	}
	while (lead < nn && !anchored[lead])
		lead++;
	while (trail < nn && !anchored[nn - 1 - trail])
		trail++;
	sm_free(anchored);
	/* the region's lines some old line stands for (cov[f - s]); the others are kept */
	cov = sm_calloc(en > s ? en - s : 1, 1);
	if (!cov) {
		sm_free(nw);
		return; /* not widened: the merge writes the repeated lines twice, nothing lost */
	}
	for (oi = 0; oi < e->nold; oi++)
		for (i = c->lo[oi]; c->lo[oi] != SM_NOLINE && i < c->hi[oi]; i++)
			if (i >= s && i < en)
				cov[i - s] = 1;
	if (lead == nn)
		trail = nn; /* no context: all additions, either edge may repeat */
	/* An old side that starts (ends) with a blank line the match let go of, found just inside
	   file lines that repeat the new side's first (last) lines and have a blank line beyond
	   them: the model left those lines out between its blank line and the next one, and the
	   new side gives them back. Short lines (a comment opener, "}", "Files: *") are then
	   absorbed too. The file's first (last) line has nothing beyond it: its edge bounds the
	   left-out lines as a blank line would. */
	drop_top = e->nold && gone_blank(e, c, 0);
	drop_bottom = e->nold && gone_blank(e, c, e->nold - 1);
	/* top: file[s-m .. s) == new[0 .. m), the longest run holding a distinctive line */
	for (m = lead < s ? lead : s, best = 0; m > 0 && !best; m--) {
		int ok = 1, solid = 0;
		for (i = 0; i < m && ok; i++) {
			ok = same_line(im, e, c, s - m + i, nw[i]) &&
			     (sm_ln(im, s - m + i)->blank || surplus(im, e, c, nw[i], 1, cov));
			solid |= solid_line(sm_ln(im, s - m + i));
		}
		solid |= drop_top && (s - m == 0 || sm_ln(im, s - m - 1)->blank);
		if (ok && solid)
			best = m;
	}
	*ps = s - best;
	/* bottom: file[en .. en+m) == new[nn-m .. nn) */
	for (m = trail < im->n - en ? trail : im->n - en, best = 0; m > 0 && !best; m--) {
		int ok = 1, solid = 0;
		for (i = 0; i < m && ok; i++) {
			ok = same_line(im, e, c, en + i, nw[nn - m + i]) &&
			     (sm_ln(im, en + i)->blank ||
			      surplus(im, e, c, nw[nn - m + i], -1, cov));
			solid |= solid_line(sm_ln(im, en + i));
		}
		solid |= drop_bottom && (en + m == im->n || sm_ln(im, en + m)->blank);
		if (ok && solid)
			best = m;
	}
	*pe = en + best;
	/* the two runs must not claim the same new lines (a new side shorter than both) */
	if ((s - *ps) + (*pe - en) > nn)
		*pe = en;
	sm_free(nw);
	sm_free(cov);
}

/* 1 when the file lines [a, b) are, in order, among the additions of seq[from..to). */
static int additions_hold(const sm_image *im, const sm_medit *e, size_t from, size_t to,
			  size_t a, size_t b)
{
	size_t k;

	for (k = from; k < to && a < b; k++)
		if (e->seq[k].kind == SM_HL_ADD &&
		    e->seq[k].l.h_indent == sm_ln(im, a)->h_indent)
			a++;
	return a == b;
}

/* 1 when old line i stands on a file line of substance or context stands on anything: an
 * anchor of the merge (a context line, or a deletion the guard took back) on the file. */
static int anchored_ctx(const sm_medit *e, const size_t *lo, const size_t *hi, size_t i)
{
	return sm_mline_is_new(&e->seq[e->old[i]]) && lo[i] != SM_NOLINE && hi[i] > lo[i];
}

/*
 * A whole-sides rewrite whose old side ends with blank lines, one of which the match let go of
 * (the file has fewer blank lines there), found just before file lines that the new side adds
 * and a blank line after them: the model left those lines out between its blank lines, and
 * its new side gives them back. Aligned as the match did, the lines would stay below the
 * region and be written a second time; the blank lines of the edge are therefore anchored on
 * the blank lines around the left-out ones, which come inside the region, where the merge
 * writes them once. The same at the top. Only when every left-out line is, in order, an
 * addition of the edge's segment (one of them distinctive), at most SM_SLIDE_MAX_LINES of them.
 * lo, hi (copies of the candidate's) and *start, *end are changed; returns 1 when slid.
 */
static int slide_edge(const sm_image *im, const sm_medit *e, int bottom, size_t *lo, size_t *hi,
		      size_t *start, size_t *end)
{
	size_t n = e->nold, t, i, k, f, p, edge, seg_from, seg_to, b[SM_SLIDE_MAX_LINES + 64], nb;
	int gone = 0, solid = 0;

	if (!n)
		return 0;
	/* t: the old line of substance nearest the edge */
	if (bottom) {
		for (t = n; t > 0 && e->seq[e->old[t - 1]].l.blank; t--)
			;
		if (!t || t == n)
			return 0;
		t--;
	} else {
		for (t = 0; t < n && e->seq[e->old[t]].l.blank; t++)
			;
		if (t == n || t == 0)
			return 0;
	}
	if (lo[t] == SM_NOLINE || hi[t] <= lo[t])
		return 0;
	/* the edge run: blank old lines, some let go, every one placed */
	for (i = bottom ? t + 1 : 0; i < (bottom ? n : t); i++) {
		if (lo[i] == SM_NOLINE)
			return 0;
		gone |= lo[i] == hi[i];
	}
	if (!gone)
		return 0;
	/* between the line of substance and the region's edge, blank file lines only */
	for (f = bottom ? hi[t] : *start; f < (bottom ? *end : lo[t]); f++)
		if (!sm_ln(im, f)->blank)
			return 0;
	/* the left-out lines: up to the next blank line beyond the edge */
	if (bottom) {
		for (p = *end; p < im->n && !sm_ln(im, p)->blank && p - *end <= SM_SLIDE_MAX_LINES;
		     p++)
			solid |= solid_line(sm_ln(im, p));
		if (p >= im->n || !sm_ln(im, p)->blank || p == *end ||
		    p - *end > SM_SLIDE_MAX_LINES)
			return 0;
	} else {
		if (!*start)
			return 0;
		for (p = *start - 1;
		     p > 0 && !sm_ln(im, p)->blank && *start - p <= SM_SLIDE_MAX_LINES; p--)
			solid |= solid_line(sm_ln(im, p));
		if (!sm_ln(im, p)->blank || p + 1 == *start || *start - p - 1 > SM_SLIDE_MAX_LINES)
			return 0;
	}
	if (!solid)
		return 0;
	/* the edge's segment: from the last anchor before the edge run (to the first after it);
	   a blank line anchors nothing (a whole-sides diff may pair the new lines after one) */
	seg_from = 0;
	seg_to = e->nseq;
	if (bottom) {
		for (i = t + 1; i-- > 0;)
			if (anchored_ctx(e, lo, hi, i) && !e->seq[e->old[i]].l.blank) {
				seg_from = e->old[i] + 1;
				break;
			}
		if (!additions_hold(im, e, seg_from, seg_to, *end, p))
			return 0;
	} else {
		for (i = t; i < n; i++)
			if (anchored_ctx(e, lo, hi, i) && !e->seq[e->old[i]].l.blank) {
				seg_to = e->old[i];
				break;
			}
		if (!additions_hold(im, e, seg_from, seg_to, p + 1, *start))
			return 0;
	}
	/* the blank file lines of the widened edge, outermost first */
	edge = bottom ? hi[t] : lo[t];
	nb = 0;
	if (bottom) {
		for (f = p + 1; f-- > edge && nb < sizeof(b) / sizeof(*b);)
			if (sm_ln(im, f)->blank)
				b[nb++] = f;
	} else {
		for (f = p; f < edge && nb < sizeof(b) / sizeof(*b); f++)
			if (sm_ln(im, f)->blank)
				b[nb++] = f;
	}
	/* the run's lines onto them from the edge inward; lines left over stay let go */
	k = 0;
	if (bottom) {
		for (i = n; i-- > t + 1;) {
			if (k < nb) {
				lo[i] = b[k];
				hi[i] = b[k] + 1;
				k++;
			} else {
				lo[i] = hi[i] = b[k - 1];
			}
		}
		*end = p + 1;
	} else {
		for (i = 0; i < t; i++) {
			if (k < nb) {
				lo[i] = b[k];
				hi[i] = b[k] + 1;
				k++;
			} else {
				lo[i] = hi[i] = b[k - 1] + 1;
			}
		}
		*start = p;
	}
	return 1;
}

/* The candidate as the splice takes it: c, with its blank edges slid (slide_edge) into *out,
 * whose lo and hi are then its own (free them with release). 0 not slid (*out is c), 1 slid,
 * SEAM_ENOMEM when out of memory. */
static int settle(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_cand *out)
{
	size_t n = e->nold ? e->nold : 1;
	int top, bottom;

	*out = *c;
	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !e->nold)
		return 0;
	out->lo = sm_malloc(n * sizeof(size_t));
	out->hi = sm_malloc(n * sizeof(size_t));
	if (!out->lo || !out->hi) {
		sm_free(out->lo);
		sm_free(out->hi);
		*out = *c;
		return SEAM_ENOMEM;
	}
	memcpy(out->lo, c->lo, e->nold * sizeof(size_t));
	memcpy(out->hi, c->hi, e->nold * sizeof(size_t));
	bottom = slide_edge(im, e, 1, out->lo, out->hi, &out->start, &out->end);
	top = slide_edge(im, e, 0, out->lo, out->hi, &out->start, &out->end);
	if (top || bottom)
		return 1;
	sm_free(out->lo);
	sm_free(out->hi);
	*out = *c;
	return 0;
}

static void release(sm_cand *c, int slid)
{
	if (slid > 0) {
		sm_free(c->lo);
		sm_free(c->hi);
	}
}

static void widen_settled(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps,
			  size_t *pe)
{
	sm_cand s;
	int slid = settle(im, e, c, &s);

	/* out of memory: the match's own region (the merge then writes it as matched) */
	widen(im, e, slid < 0 ? c : &s, ps, pe);
	release(&s, slid);
}

/* 1 when l is a line of substance with exactly x's bytes. */
static int same_text(const sm_line *l, const sm_line *x)
{
	return !l->blank && l->n == x->n && !memcmp(l->p, x->p, x->n);
}

/* 1 when seq[k] is a context line or an addition with x's text: one of a run of copies. */
static int copy_of(const sm_mline *seq, size_t k, const sm_line *x)
{
	return (seq[k].kind == SM_HL_ADD || seq[k].kind == SM_HL_CTX) && same_text(&seq[k].l, x);
}

/*
 * The run of copies at an edge whose additions a move would take to its outer end: bottom,
 * the run of context lines and additions of one text (deletions between them, which the new
 * side does not hold) that ends with the anchor nearest the edge; top, the one that starts
 * with it. seq is e's sequence or a reordered copy of it (the same old lines, in order).
 * [*a, *z] and 1 when an addition of it has an old line on its outer side; 0 when nothing
 * would move.
 */
static int copies_run(const sm_medit *e, const sm_cand *c, const sm_mline *seq, int bottom,
		      size_t *a, size_t *z)
{
	size_t k = 0, oi = 0, n = e->nseq, i, seen = 0;
	const sm_line *x;
	int add_seen = 0;

	/* the anchor nearest the edge: a context line standing on file lines (deletions between
	   it and the edge write nothing) */
	for (i = 0; i < n; i++) {
		k = bottom ? n - 1 - i : i;
		if (seq[k].kind == SM_HL_ADD)
			continue;
		oi = bottom ? e->nold - 1 - seen : seen;
		seen++;
		if (seq[k].kind != SM_HL_DEL || seq[k].keep)
			break;
	}
	if (i == n || seq[k].kind != SM_HL_CTX || seq[k].l.blank || c->lo[oi] == SM_NOLINE ||
	    c->hi[oi] <= c->lo[oi])
		return 0;
	x = &seq[k].l;
	/* the run inward from it, up to its last copy */
	*a = *z = k;
	if (bottom) {
		for (i = k; i-- > 0;) {
			if (copy_of(seq, i, x))
				*a = i;
			else if (seq[i].kind != SM_HL_DEL || seq[i].keep)
				break;
		}
		for (i = *a; i <= *z; i++) {
			if (seq[i].kind == SM_HL_ADD)
				add_seen = 1;
			else if (add_seen)
				return 1;
		}
		return 0;
	}
	for (i = k + 1; i < n; i++) {
		if (copy_of(seq, i, x))
			*z = i;
		else if (seq[i].kind != SM_HL_DEL || seq[i].keep)
			break;
	}
	for (i = *a + 1; i <= *z; i++)
		if (seq[i].kind == SM_HL_ADD && seq[i - 1].kind != SM_HL_ADD)
			return 1;
	return 0;
}

/* Moves the additions of seq[a..z] to its outer end (bottom: the end, top: the start), the
 * other lines in order; tmp holds z - a + 1 lines. */
static void move_copies(sm_mline *seq, size_t a, size_t z, sm_mline *tmp, int bottom)
{
	size_t i, nt = 0;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = a; i <= z; i++)
			if ((seq[i].kind == SM_HL_ADD) == (bottom ? pass == 1 : pass == 0))
				tmp[nt++] = seq[i];
	memcpy(seq + a, tmp, nt * sizeof(*tmp));
}

/*
 * A block's new side that writes a line more times than its old side, beside the old side's
 * copies of it: the diff of the two sides put the additions on one side of the copies, which
 * the sides do not say ([+x, x] is [x, +x]). At an edge past which the file repeats the new
 * side's last (first) lines, the old side left them out and the new side gives them back
 * (widen): the additions are taken at the run's outer end, where widen finds them and the
 * merge writes the file's lines once, as it does when the repeated line is not a copy. *out
 * is then e with its seq reordered (its own seq and old: sm_prep_dispose) and the result 1; 0
 * when e stays (no edge widens more so), SEAM_ENOMEM when out of memory. Nothing is copied
 * unless an edge has such a run (a whole file's edit holds a line a record: issue 12's
 * memory bound).
 */
static int slide_copies(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *out)
{
	size_t ws, we, ws2, we2, k, oi, a, z, *to;
	sm_medit m = *e, t = *e;
	sm_mline *ts, *tmp = NULL;
	int side, took = 0, rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !e->nold || !e->nseq ||
	    (!copies_run(e, c, e->seq, 1, &a, &z) && !copies_run(e, c, e->seq, 0, &a, &z)))
		return 0;
	m.seq = sm_malloc(e->nseq * sizeof(*m.seq));
	m.old = sm_malloc(e->nold * sizeof(*m.old));
	t.seq = sm_malloc(e->nseq * sizeof(*t.seq));
	t.old = sm_malloc(e->nold * sizeof(*t.old));
	tmp = sm_malloc(e->nseq * sizeof(*tmp));
	if (!m.seq || !m.old || !t.seq || !t.old || !tmp) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	memcpy(m.seq, e->seq, e->nseq * sizeof(*m.seq));
	memcpy(m.old, e->old, e->nold * sizeof(*m.old));
	widen_settled(im, e, c, &ws, &we);
	for (side = 1; side >= 0; side--) {
		if (!copies_run(e, c, m.seq, side, &a, &z))
			continue;
		memcpy(t.seq, m.seq, e->nseq * sizeof(*t.seq));
		move_copies(t.seq, a, z, tmp, side);
		for (k = 0, oi = 0; k < t.nseq; k++)
			if (t.seq[k].kind != SM_HL_ADD)
				t.old[oi++] = k;
		widen_settled(im, &t, c, &ws2, &we2);
		if (side ? we2 <= we : ws2 >= ws)
			continue; /* not wider at this edge: it stays as the diff wrote it */
		ws = ws2;
		we = we2;
		ts = m.seq;
		m.seq = t.seq;
		t.seq = ts;
		to = m.old;
		m.old = t.old;
		t.old = to;
		took = 1;
	}
	if (took) {
		*out = m;
		m.seq = NULL;
		m.old = NULL;
		rc = 1;
	}
out:
	sm_free(tmp);
	sm_prep_dispose(&t);
	sm_prep_dispose(&m);
	return rc;
}

void sm_splice_widen(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t *ps,
		     size_t *pe)
{
	sm_medit m;
	int rc = slide_copies(im, e, c, &m);

	widen_settled(im, rc == 1 ? &m : e, c, ps, pe);
	if (rc == 1)
		sm_prep_dispose(&m);
}

/* The file's byte order mark is written apart from its lines: a new first line that copied
 * it (from seam's own diff, or a raw read of the file) must not write it a second time. */
static void drop_copied_bom(sm_image *im)
{
	const sm_line *l = im->n ? sm_ln(im, 0) : NULL;

	if (im->bom && im->n && !l->orig && l->n >= 3 && !memcmp(l->p, "\xEF\xBB\xBF", 3)) {
		sm_line nl;
		sm_line_init(&nl, l->p + 3, l->n - 3);
		nl.crlf = l->crlf;
		/* through the splice, which keeps the image's index (it cannot fail: no growth) */
		(void)sm_image_splice(im, 0, 1, &nl, 1);
	}
}

/* 1 when file line f stays as it is: outside the region, or stood for by an old line that is
 * kept (context) */
static int stays(const sm_cand *c, const unsigned char *kept, size_t f)
{
	return f < c->start || f >= c->end || kept[f - c->start];
}

/*
 * 1 when addition k comes with a neighbour that copies the file's neighbour of left-out line f
 * on the same side: the line above (below) k is an addition too, equal to the line above
 * (below) f, and that file line stays. The new side then writes a copy of f's surroundings (a
 * new function made from an old one), and f, left out of both sides, is not what it moved. A
 * neighbour of substance only (solid_line): a `}` beside f is beside most lines.
 */
static int copies_neighbour(const sm_image *im, const sm_medit *e, const sm_cand *c,
			    const unsigned char *kept, const size_t *addseg, size_t f, size_t k)
{
	int d;

	for (d = -1; d <= 1; d += 2) {
		size_t g = f + (size_t)d, kk = k + (size_t)d;
		if ((d < 0 && (!f || !k)) || (d > 0 && (g >= im->n || kk >= e->nseq)))
			continue;
		if (addseg[kk] == SIZE_MAX || !solid_line(sm_ln(im, g)) || !stays(c, kept, g))
			continue;
		if (e->seq[kk].l.h_indent == sm_ln(im, g)->h_indent)
			return 1;
	}
	return 0;
}

/*
 * A whole-sides rewrite gives its region's complete new text: a file line its old side left out
 * (a gap in a numbered block, a line the repair skipped) that the new side writes in another
 * segment (a reordered block) is that line, not one to keep beside it. Such a line is marked 2
 * in del while keeping it would leave the region with more copies of its text than the new side
 * has. A line the merge of its own segment can pair with an addition is left to that merge, and
 * only distinctive lines are judged (a lone "}" is everywhere).
 */
static void skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
                              const unsigned char *covered, unsigned char *skipped);

static int drop_repeats(const sm_image *im, const sm_medit *e, const sm_cand *c, unsigned char *del)
{
	size_t span = c->end - c->start, k, oi, j, f, nanch, nout, *segof, *addseg, *ahi;
	unsigned char *kept, *covered, *skipped;
	int rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span)
		return 0;
	segof = sm_malloc(span * sizeof(*segof));
	addseg = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*addseg));
	ahi = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*ahi));
	kept = sm_calloc(span, 1);
	covered = sm_calloc(span, 1);
	skipped = sm_calloc(span, 1);
	if (!segof || !addseg || !ahi || !kept || !covered || !skipped) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (j = 0; j < span; j++)
		segof[j] = SIZE_MAX; /* left out (SIZE_MAX - 1: an old line stands for it) */
	/* the segment of each written new line: the anchors (context standing on the file)
	   before it; the file lines each old line stands for are not left out */
	for (k = 0, oi = 0, nanch = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		addseg[k] = SIZE_MAX;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (lo == SM_NOLINE) {
			if (sm_mline_is_new(ml) && !(ml->kind == SM_HL_DEL))
				addseg[k] = nanch; /* written as an addition */
			continue;
		}
		for (f = lo; f < hi; f++)
			if (f >= c->start && f < c->end) {
				segof[f - c->start] = SIZE_MAX - 1;
				kept[f - c->start] = ml->kind != SM_HL_DEL || ml->keep;
			}
		if (sm_mline_is_new(ml) && hi > lo)
			ahi[nanch++] = hi;
	}
	/* a left-out line is in the segment after the anchors above it (anchors come in file
	   order) */
	for (j = 0, k = 0; j < span; j++) {
		while (k < nanch && ahi[k] <= c->start + j)
			k++;
		if (segof[j] == SIZE_MAX)
			segof[j] = k;
	}
	for (j = 0, nout = 0; j < span; j++)
		nout += segof[j] != SIZE_MAX - 1;
	/* the stretches a merged hunk passed over between its halves: the new side says
	   nothing of the copies there */
	for (j = 0; j < span; j++)
		covered[j] = segof[j] == SIZE_MAX - 1;
	skipped_stretches(im, e, c, covered, skipped);
	/* a line is a candidate when its text is added in another segment, no fewer times than
	   the old side deletes it (kept, the region would hold a copy more than the new side:
	   an addition and a deletion of the text are not a move of it past its left-out copy) */
	for (j = 0; j < span && nout <= SM_SPLICE_MAX_LEFT_OUT; j++) {
		const sm_line *l = sm_ln(im, c->start + j);
		uint64_t h = l->h_indent;
		long net = 0, same_add = 0, other_add = 0, other_del = 0, given_back = 0;
		int same_seg = 0, added = 0;
		if (segof[j] == SIZE_MAX - 1 || l->blank || !solid_line(l))
			continue;
		for (k = 0, oi = 0; k < e->nseq; k++) {
			size_t lo = SM_NOLINE;
			if (e->seq[k].kind != SM_HL_ADD && c->hi[oi] == c->lo[oi] + 1)
				lo = c->lo[oi];
			oi += e->seq[k].kind != SM_HL_ADD;
			/* a deletion by the text of the file line it stands on too: a line cut short
			   or miscopied that the new side gives back whole deletes that line, and the
			   addition is it written again, not a left-out line moved */
			if (e->seq[k].l.h_indent != h &&
			    !(e->seq[k].kind == SM_HL_DEL && lo != SM_NOLINE &&
			      deleted_text(im, e, c, k, oi - 1, h) == h))
				continue;
			if (addseg[k] != SIZE_MAX) {
				if (copies_neighbour(im, e, c, kept, addseg, c->start + j, k))
					continue;
				same_seg |= addseg[k] == segof[j];
				if (!same_line(im, e, c, c->start + j, k)) {
					other_add++;
					continue;
				}
				net++;
				same_add++;
			} else if (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep) {
				/* a copy of another depth deleted ("    f(x);" for "f(x);") is
				   another line: the addition is not that one moved */
				if (lo == SM_NOLINE || sm_line_h(sm_ln(im, lo), SM_LVL_TYPO) ==
				                           sm_line_h(l, SM_LVL_TYPO)) {
					net--;
					/* an old line miscopied or cut short: the addition of its
					   file line's text is that line given back */
					given_back += e->seq[k].l.h_indent != h;
				} else {
					other_del++;
				}
			}
		}
		/* an addition written at another depth than the left-out line is first that
		   deleted copy of another depth written again (re-indented), and one at its depth
		   first a miscopied line given back whole: only the rest may be the left-out line
		   moved. As many additions as deletions move it only when one of those is left:
		   otherwise the additions are the deleted copies rewritten, and a line the edit
		   does not name stays */
		added = same_add > given_back;
		if (other_add > other_del)
			net += other_add - other_del;
		/* copies of it dropped already count against the additions */
		for (f = 0; f < j; f++)
			net -= del[f] == 3 && sm_ln(im, c->start + f)->h_indent == h;
		/* (a line of a stretch a merged hunk passed over is not among the copies the
		   new side counts: as many additions as deletions move none of it) */
		if ((net > 0 || (net == 0 && added && !skipped[j])) && !same_seg)
			del[j] = 3; /* candidate */
	}
	/* a run of left-out lines is moved only when the new side has every line of it: one line
	   of a longer run equal to an addition is a coincidence (hunks merged over a gap) */
	for (j = 0; j < span; j = f) {
		int all = 1, any = 0;
		if (segof[j] == SIZE_MAX - 1) {
			f = j + 1;
			continue;
		}
		for (f = j; f < span && segof[f] != SIZE_MAX - 1; f++) {
			if (sm_ln(im, c->start + f)->blank)
				continue;
			all &= del[f] == 3;
			any |= del[f] == 3;
		}
		for (k = j; k < f; k++)
			if (del[k] == 3)
				del[k] = all && any ? 2 : 0;
	}
out:
	sm_free(segof);
	sm_free(addseg);
	sm_free(ahi);
	sm_free(kept);
	sm_free(covered);
	sm_free(skipped);
	return rc;
}

/*
 * A whole-sides rewrite whose old side left out a blank file line (the blank-lines tier let it
 * go) and deletes the lines between it and a blank line it keeps as context: kept, the two
 * would stand together where the new side, the region's complete text, has the one. Such a
 * left-out line is marked 2 in del (not written) when nothing is added between it and that
 * blank line. So is a left-out blank line between two lines the old side deletes (the nearest
 * non-blank ones): it is inside the stretch the new side rewrites. Blank lines that stood
 * together in the file before, beside a kept one, are left as they are: there the old side may
 * have merely miscounted them.
 */
static int drop_blank_joins(const sm_image *im, const sm_medit *e, const sm_cand *c,
			    unsigned char *del)
{
	size_t span = c->end - c->start, k, oi, j, g, nanch, *segof, *addseg, *ahi;
	unsigned char *st; /* per span line: 0 left out, 1 deleted, 2 kept */
	int d;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span)
		return 0;
	st = sm_calloc(span, 1);
	segof = sm_malloc(span * sizeof(*segof));
	addseg = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*addseg));
	ahi = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*ahi));
	if (!st || !segof || !addseg || !ahi) {
		sm_free(st);
		sm_free(segof);
		sm_free(addseg);
		sm_free(ahi);
		return SEAM_ENOMEM;
	}
	/* what each old line stands for; the anchors before each written addition */
	for (k = 0, oi = 0, nanch = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE, f;
		addseg[k] = SIZE_MAX;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (lo == SM_NOLINE) {
			if (sm_mline_is_new(ml))
				addseg[k] = nanch;
			continue;
		}
		for (f = lo; f < hi; f++)
			if (f >= c->start && f < c->end)
				st[f - c->start] = sm_mline_is_new(ml) ? 2 : 1;
		if (sm_mline_is_new(ml) && hi > lo)
			ahi[nanch++] = hi;
	}
	/* a file line is in the segment after the anchors above it (in file order) */
	for (j = 0, k = 0; j < span; j++) {
		while (k < nanch && ahi[k] <= c->start + j)
			k++;
		segof[j] = k;
	}
	for (j = 0; j < span; j++) {
		int added = 0, inside = 1;
		if (st[j] || !sm_ln(im, c->start + j)->blank || del[j])
			continue;
		for (d = -1; d <= 1 && inside; d += 2) {
			for (g = j + (size_t)d; g < span && !st[g] && sm_ln(im, c->start + g)->blank;
			     g += (size_t)d)
				;
			inside = g < span && st[g] == 1;
		}
		if (inside) {
			del[j] = 2;
			continue;
		}
		for (k = 0; k < e->nseq && !added; k++)
			added = addseg[k] == segof[j];
		if (added)
			continue;
		for (d = -1; d <= 1; d += 2) {
			for (g = j + (size_t)d; g < span && st[g] == 1; g += (size_t)d)
				;
			if (g < span && g != j + (size_t)d && st[g] == 2 && sm_ln(im, c->start + g)->blank) {
				del[j] = 2;
				break;
			}
		}
	}
	sm_free(st);
	sm_free(segof);
	sm_free(addseg);
	sm_free(ahi);
	return 0;
}

/*
 * A whole-sides rewrite (a SEARCH/REPLACE-style block) whose old side left out file lines that
 * its new side writes: the sides were diffed without those lines, and where the new side's copy
 * of such a line ties with an old line of the same text further on, the diff may pair the two
 * and take the lines between them for moved ones ("A C D" -> "A B C D'", the file "A B C D":
 * B paired with D, C moved below it, and the file's B kept beside it: B written twice). The
 * file decides the tie: such left-out lines (of substance, short ones too: "i += 1" ties as
 * well as a long line; whose text the new side writes as a context line, no more copies than
 * the old side leaves for it) are put back into the old side where the file has them and the
 * sides are diffed again; that diff is taken when it writes fewer additions. A left-out line
 * whose copies the new side writes only as additions is put back too, and the diff then taken
 * only if it pairs the line between the old lines the file has around it (put_back_in_place).
 * Not a line of a stretch the old side skipped, one of whose lines of substance the new side
 * has no copy of (a merged hunk's stretch between its halves): the new side's context copy of
 * its text stands for the other half's line ("done", "}"), the diff with the line put back
 * still pairs it so, and deletes the line put back, which the reply never showed.
 * A numbered block (ln-diff) says more: a gap in its old lines' numbers (10 then 12) is a file
 * line it left out, not one it deletes, and when its new side writes that line's text (more
 * copies than the old side has), the new side kept it: it is put back too, whether or not the
 * diff paired its copy (a miscopied old line can make the diff pair a later old line with an
 * earlier new one, and take the left-out line's copy for an addition).
 * *me and *c (its own lo, hi) are then the edit to splice: 1; 0 when not (nothing is made);
 * SEAM_ENOMEM.
 */
static size_t additions(const sm_medit *e)
{
	size_t k, n = 0;
	for (k = 0; k < e->nseq; k++)
		n += e->seq[k].kind == SM_HL_ADD;
	return n;
}

/* 1 when old line i of me and old line j stand on file lines of the same bytes, with only
 * deletions between them in me's sequence: which of the two the diff kept is the same text. */
static int swaps_with(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i,
		      size_t j)
{
	size_t a = me->old[i < j ? i : j], z = me->old[i < j ? j : i], k;
	const sm_line *x, *y;

	if (c->lo[j] == SM_NOLINE || c->hi[j] != c->lo[j] + 1 || me->seq[me->old[j]].kind != SM_HL_CTX)
		return 0;
	for (k = a + 1; k < z; k++)
		if (me->seq[k].kind != SM_HL_DEL || me->seq[k].keep)
			return 0;
	x = sm_ln(im, c->lo[i]);
	y = sm_ln(im, c->lo[j]);
	return x->n == y->n && !memcmp(x->p, y->p, x->n);
}

/* 1 when no addition stands in me's sequence between old lines i and j. */
static int adjacent_old(const sm_medit *me, size_t i, size_t j)
{
	size_t k;

	for (k = me->old[i < j ? i : j] + 1; k < me->old[i < j ? j : i]; k++)
		if (me->seq[k].kind == SM_HL_ADD)
			return 0;
	return 1;
}

/* 1 when old lines i and j of me stand on one file line each, of the same bytes. */
static int file_twins(const sm_image *im, const sm_cand *c, size_t i, size_t j)
{
	const sm_line *x, *y;

	if (c->lo[i] == SM_NOLINE || c->hi[i] != c->lo[i] + 1 || c->lo[j] == SM_NOLINE ||
	    c->hi[j] != c->lo[j] + 1)
		return 0;
	x = sm_ln(im, c->lo[i]);
	y = sm_ln(im, c->lo[j]);
	return x->n == y->n && !memcmp(x->p, y->p, x->n);
}

/* 1 when old line i of me is a deletion the laziness guard did not take back. */
static int plain_del(const sm_medit *me, size_t i)
{
	return me->seq[me->old[i]].kind == SM_HL_DEL && !me->seq[me->old[i]].keep;
}

/*
 * 1 when old line i of me, a deletion, is in a run of deletions (additions among them: one
 * change) that the diff could as well have slid along the context lines beside it until i is
 * one of them: those context lines repeat the run's first (last) lines in order, nothing added
 * between them. The result is the same text either way ("a b" deleted before a kept "a b" is
 * the kept one deleted, the change's additions written before or after the kept copy), so the
 * new side writes i's text where i stands.
 */
static int slides_to_context(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i)
{
	size_t a = i, b = i + 1, s;

	while (a > 0 && plain_del(me, a - 1))
		a--;
	while (b < me->nold && plain_del(me, b))
		b++;
	/* down: old lines b, b+1, ... are context copies of a, a+1, ... */
	for (s = 0; a + s <= i && b + s < me->nold; s++)
		if (me->seq[me->old[b + s]].kind != SM_HL_CTX ||
		    (s && !adjacent_old(me, b + s - 1, b + s)) || !file_twins(im, c, a + s, b + s))
			break;
	if (a + s > i)
		return 1;
	/* up: old lines a-1, a-2, ... are context copies of b-1, b-2, ... */
	for (s = 0; b - s > i && a > s; s++)
		if (me->seq[me->old[a - s - 1]].kind != SM_HL_CTX ||
		    (s && !adjacent_old(me, a - s - 1, a - s)) ||
		    !file_twins(im, c, a - s - 1, b - s - 1))
			break;
	return b - s <= i;
}

/*
 * 1 when every line put back (put_back, per line of the span from start) stands, in me's
 * diff, for a line of the new side: a context line there, a deletion beside a context line
 * of the same text with only deletions between them (the diff kept the other copy, which
 * writes the same text), or one of a run of deletions that slides onto context copies of it.
 * c is me's candidate; [start, end) the span put_back covers.
 */
static int put_back_paired(const sm_image *im, const sm_medit *me, const sm_cand *c,
			   const unsigned char *put_back, size_t start, size_t end)
{
	size_t i, j;

	for (i = 0; i < me->nold; i++) {
		int ok;
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    !put_back[c->lo[i] - start] ||
		    me->seq[me->old[i]].kind == SM_HL_CTX)
			continue;
		ok = 0;
		for (j = i; j-- > 0 && !ok;) {
			ok = swaps_with(im, me, c, i, j);
			if (me->seq[me->old[j]].kind != SM_HL_DEL)
				break;
		}
		for (j = i + 1; j < me->nold && !ok; j++) {
			ok = swaps_with(im, me, c, i, j);
			if (me->seq[me->old[j]].kind != SM_HL_DEL)
				break;
		}
		if (!ok && !slides_to_context(im, me, c, i))
			return 0;
	}
	return 1;
}

/*
 * 1 when old line j of me, next to old line i, is a deletion the match put on one file line of
 * other text (a miscopy), and the new side writes that file line's text right beside line i,
 * on j's side: the model gave its miscopied line back as the file has it, so the new side
 * still has line i between the lines the file has around it.
 */
static int fixed_beside(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t i,
			size_t j)
{
	const sm_mline *ml = &me->seq[me->old[j]];
	const sm_line *fl;
	size_t k;

	if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || c->lo[j] == SM_NOLINE ||
	    c->hi[j] != c->lo[j] + 1)
		return 0;
	fl = sm_ln(im, c->lo[j]);
	if (fl->blank || fl->h_indent == ml->l.h_indent)
		return 0;
	if (j < i ? me->old[i] == 0 : me->old[i] + 1 >= me->nseq)
		return 0;
	k = j < i ? me->old[i] - 1 : me->old[i] + 1;
	return me->seq[k].kind == SM_HL_ADD && me->seq[k].l.h_indent == fl->h_indent;
}

/*
 * 1 when seq[k], a deletion, is a line the edit only takes trailing blanks off: its change run
 * (the lines between two context lines) adds it back but for trailing blanks, and adds nothing
 * but such copies of the run's deletions and no more blank lines than it deletes (the sides'
 * diff compares exactly: a SEARCH line miscopied with trailing blanks is deleted and written
 * again). It stays where it stands.
 */
int sm_splice_loses_trailing_blanks(const sm_medit *me, size_t k)
{
	size_t a, z, x, y;
	long blanks = 0;
	int own = 0;

	sm_change_run(me, k, &a, &z);
	for (x = a; x < z; x++) {
		if (me->seq[x].l.blank) {
			/* a blank line added where the run deletes as many: kept, not moved */
			blanks += me->seq[x].kind == SM_HL_ADD ? 1 : -1;
			continue;
		}
		if (me->seq[x].kind != SM_HL_ADD)
			continue;
		for (y = a; y < z; y++)
			if (me->seq[y].kind == SM_HL_DEL && !me->seq[y].keep && !me->seq[y].l.blank &&
			    sm_line_h(&me->seq[y].l, SM_LVL_RSTRIP) ==
				    sm_line_h(&me->seq[x].l, SM_LVL_RSTRIP))
				break;
		if (y == z)
			return 0;
		own |= sm_line_h(&me->seq[k].l, SM_LVL_RSTRIP) ==
		       sm_line_h(&me->seq[x].l, SM_LVL_RSTRIP);
	}
	return own && blanks <= 0 && !me->seq[k].l.blank;
}

/* 1 when the additions between old lines i and j (beside each other) end, next to i, with a
 * copy of j's text: the sides' diff could as well have paired j with that copy, the other
 * additions then on j's far side (a tie: j, [+x, +j] is [+j, +x], j), j next to i. */
static int slides_beside(const sm_medit *me, size_t i, size_t j)
{
	const sm_line *a, *l = &me->seq[me->old[j]].l;
	size_t k = j < i ? me->old[i] - 1 : me->old[i] + 1;

	if (k >= me->nseq || me->seq[k].kind != SM_HL_ADD)
		return 0;
	a = &me->seq[k].l;
	return a->n == l->n && !memcmp(a->p, l->p, l->n);
}

/* 1 when old line j, beside old line i (j = i - 1 or i + 1), stands where the file has it
 * next to i: a context line with no addition between them (or additions the diff could as
 * well have put on its far side, slides_beside), or a line the edit only takes trailing
 * blanks off, its copy the only addition between them. */
static int anchor_beside(const sm_medit *me, size_t i, size_t j)
{
	const sm_mline *ml = &me->seq[me->old[j]];

	if (ml->kind == SM_HL_CTX)
		return adjacent_old(me, i, j) || slides_beside(me, i, j);
	if (ml->kind != SM_HL_DEL || ml->keep || !sm_splice_loses_trailing_blanks(me, me->old[j]))
		return 0;
	/* below i, its copy comes after it: nothing added between; above i, what stands
	   between is its run's, copies of its deletions */
	return j < i || adjacent_old(me, i, j);
}

/*
 * 1 when every line put back whose copies the first diff wrote only as additions (put_back 2)
 * is, in me's diff, a context line between the old lines the file has around it, themselves
 * context lines with no addition between (or miscopies the new side writes fixed right beside
 * it, fixed_beside, or lines the edit only takes trailing blanks off, anchor_beside): the new
 * side writes it where the file has it. A line left out of both sides whose text the new side
 * writes elsewhere (a new function made from the old one) is not, and stays the file's.
 * [start, end) the span put_back covers.
 */
static int put_back_in_place(const sm_image *im, const sm_medit *me, const sm_cand *c,
			     const unsigned char *put_back, size_t start, size_t end)
{
	size_t i;

	for (i = 0; i < me->nold; i++) {
		if (c->lo[i] == SM_NOLINE || c->lo[i] < start || c->lo[i] >= end ||
		    put_back[c->lo[i] - start] != 2)
			continue;
		if (me->seq[me->old[i]].kind != SM_HL_CTX)
			return 0;
		if (i > 0 && !anchor_beside(me, i, i - 1) && !fixed_beside(im, me, c, i, i - 1))
			return 0;
		if (i + 1 < me->nold && !anchor_beside(me, i, i + 1) &&
		    !fixed_beside(im, me, c, i, i + 1))
			return 0;
	}
	return 1;
}

/*
 * Marks in gap (per line of c's span) the file lines a numbered block's numbers leave out: those
 * between two old lines of substance numbered n and m > n + 1 that stand, single, on file lines
 * exactly m - n apart in the file before the reply, none written since. Lines it cannot be sure
 * of stay unmarked.
 */
static void numbered_gaps(const sm_image *im, const sm_medit *e, const sm_cand *c,
			  unsigned char *gap)
{
	size_t oi, prev = SIZE_MAX, f;

	if (!e->old_no)
		return;
	for (oi = 0; oi < e->nold; oi++) {
		size_t fa, fb;
		uint32_t na, nb;
		if (!e->old_no[oi] || c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 ||
		    c->lo[oi] >= im->n || !sm_ln(im, c->lo[oi])->orig)
			continue;
		if (prev != SIZE_MAX) {
			fa = c->lo[prev];
			fb = c->lo[oi];
			na = e->old_no[prev];
			nb = e->old_no[oi];
			if (nb > na + 1 && fb > fa && fb - fa == (size_t)(nb - na) &&
			    sm_ln(im, fb)->orig - sm_ln(im, fa)->orig == nb - na)
				for (f = fa + 1; f < fb; f++)
					if (f >= c->start && f < c->end && sm_ln(im, f)->orig)
						gap[f - c->start] = 1;
		}
		prev = oi;
	}
}

/* 1 when old line oi stands on one file line that differs from it only in typography */
static int typo_miscopy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l, *l;

	if (c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 || c->lo[oi] >= im->n)
		return 0;
	l = sm_ln(im, c->lo[oi]);
	return l->h_rstrip != o->h_rstrip && sm_line_h(l, SM_LVL_TYPO) == sm_line_h(o, SM_LVL_TYPO);
}

/* 1 when the new side adds file line f as the splice would write it (same_line) with neither
 * neighbour an addition equal to f's neighbour of substance in the file: the line written
 * where it stands, not inside a copy of its surroundings (a new function made from the old
 * one, which writes the line again beside copies of its neighbours). */
static int adds_in_place(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t f)
{
	size_t k;
	int d;

	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind != SM_HL_ADD || !same_line(im, e, c, f, k))
			continue;
		for (d = -1; d <= 1; d += 2) {
			size_t g = f + (size_t)d, kk = k + (size_t)d;
			if ((d < 0 && (!f || !k)) || (d > 0 && (g >= im->n || kk >= e->nseq)))
				continue;
			if (e->seq[kk].kind == SM_HL_ADD && solid_line(sm_ln(im, g)) &&
			    e->seq[kk].l.h_indent == sm_ln(im, g)->h_indent)
				break;
		}
		if (d > 1)
			return 1;
	}
	return 0;
}

/* 1 when old line oi stands on one file line of substance that differs from it beyond its
 * indentation: a line the match took for a miscopy of that file line. */
static int miscopied(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l;

	return c->lo[oi] != SM_NOLINE && c->hi[oi] == c->lo[oi] + 1 && c->lo[oi] < im->n &&
	       !o->blank && !sm_ln(im, c->lo[oi])->blank &&
	       sm_ln(im, c->lo[oi])->h_indent != o->h_indent;
}

/* 1 when the new side of e writes a line of text h (indentation aside). */
static int new_side_has(const sm_medit *e, uint64_t h)
{
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (sm_mline_is_new(&e->seq[k]) && e->seq[k].l.h_indent == h)
			return 1;
	return 0;
}

/* 1 when span line j of c is one no old line stands for (covered: per line of the span), or
 * one an old line stands for that has the bytes of such a line right beside it (a line of
 * substance): the old line may as well stand on that twin, the stretch then one line on. */
static int off_side(const sm_image *im, const sm_cand *c, const unsigned char *covered, size_t j)
{
	size_t span = c->end - c->start, d;
	const sm_line *l = sm_ln(im, c->start + j), *t;

	if (!covered[j])
		return 1;
	if (l->blank)
		return 0;
	for (d = 0; d < 2; d++) {
		size_t g = d ? j + 1 : j - 1;
		if (d ? j + 1 >= span : !j)
			continue;
		t = sm_ln(im, c->start + g);
		if (!covered[g] && t->n == l->n && !memcmp(t->p, l->p, l->n))
			return 1;
	}
	return 0;
}

/* Marks in skipped (per line of c's span) the stretches the old side skipped: runs of lines no
 * old line stands for (off_side: the twins beside them too) one of whose lines of substance
 * the new side has no copy of. Such a stretch is a merged hunk's between its halves: its lines
 * stay as the file has them, and a context line of the new side with the text of one of them
 * stands for the other half's line, not for it. */
static void skipped_stretches(const sm_image *im, const sm_medit *e, const sm_cand *c,
			      const unsigned char *covered, unsigned char *skipped)
{
	size_t span = c->end - c->start, j = 0, z, k;
	int skip;

	while (j < span) {
		if (!off_side(im, c, covered, j)) {
			j++;
			continue;
		}
		skip = 0;
		for (z = j; z < span && off_side(im, c, covered, z); z++) {
			const sm_line *l = sm_ln(im, c->start + z);
			skip |= !covered[z] && !l->blank && !new_side_has(e, l->h_indent);
		}
		for (k = j; k < z; k++)
			skipped[k] = (unsigned char)skip;
		j = z;
	}
}

/* 1 when old line oi stands on one file line of the same text (indentation aside) but for
 * trailing blanks the file line lacks: the sides' diff, which compares lines exactly, takes
 * it for a line deleted and pairs the new side's copy of it with another old line. */
static int blank_tail_miscopy(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t oi)
{
	const sm_line *o = &e->seq[e->old[oi]].l, *f;
	char t;

	if (c->lo[oi] == SM_NOLINE || c->hi[oi] != c->lo[oi] + 1 || c->lo[oi] >= im->n ||
	    o->blank || !o->n)
		return 0;
	f = sm_ln(im, c->lo[oi]);
	t = o->p[o->n - 1];
	return !f->blank && (t == ' ' || t == '\t') && f->h_indent == o->h_indent &&
	       sm_line_h(f, SM_LVL_EXACT) != sm_line_h(o, SM_LVL_EXACT) &&
	       (!f->n || (f->p[f->n - 1] != ' ' && f->p[f->n - 1] != '\t'));
}

static int refill(const sm_image *im, const sm_medit *e, const sm_cand *c, sm_medit *me,
		  sm_cand *out, sm_pool *pool)
{
	size_t span = c->end - c->start, k, oi, f, n, nput = 0, nfix = 0, nl = 0;
	unsigned char *put_back = NULL, *covered = NULL, *gap = NULL, *fix = NULL, *skipped = NULL;
	sm_edit ed;
	int rc = 0;

	if (!(e->blocklike && e->kind == SM_KIND_BLOCK) || !span || !e->nold)
		return 0;
	for (k = 0, oi = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->keep)
			return 0; /* the laziness guard's: not a plain rewrite */
		if (ml->kind != SM_HL_ADD && c->lo[oi++] == SM_NOLINE)
			return 0; /* an old line the file does not have (an unmarked addition) */
	}
	covered = sm_calloc(span, 1);
	put_back = sm_calloc(span, 1);
	gap = sm_calloc(span, 1);
	fix = sm_calloc(e->nold, 1);
	skipped = sm_calloc(span, 1);
	if (!covered || !put_back || !gap || !fix || !skipped) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	for (oi = 0; oi < e->nold; oi++)
		for (f = c->lo[oi]; f < c->hi[oi]; f++)
			if (f >= c->start && f < c->end)
				covered[f - c->start] = 1;
	numbered_gaps(im, e, c, gap);
	skipped_stretches(im, e, c, covered, skipped);
	for (f = c->start; f < c->end; f++) {
		const sm_line *l = sm_ln(im, f);
		long net = 0, paired = 0;
		if (covered[f - c->start] || l->blank)
			continue;
		/* the new side's copies of its text, less the old side's and those put back; one of
		   them paired with an old line (an addition is the merge's and drop_repeats' to
		   judge: a line left out of both sides and written again in a new function is no
		   tie of the diff) */
		for (k = 0, oi = 0; k < e->nseq; oi += e->seq[k].kind != SM_HL_ADD, k++) {
			if (e->seq[k].l.h_indent != l->h_indent)
				continue;
			/* a copy of another depth that the old side deletes ("    f(x);" for
			   "f(x);") is another line: not what an addition of this text moved */
			if (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep &&
			    c->hi[oi] == c->lo[oi] + 1 && c->lo[oi] < im->n &&
			    sm_line_h(sm_ln(im, c->lo[oi]), SM_LVL_TYPO) !=
			        sm_line_h(l, SM_LVL_TYPO))
				continue;
			net += sm_mline_is_new(&e->seq[k]);
			net -= e->seq[k].kind != SM_HL_ADD;
			paired += e->seq[k].kind == SM_HL_CTX;
		}
		for (n = c->start; n < f; n++)
			net -= put_back[n - c->start] && sm_ln(im, n)->h_indent == l->h_indent;
		/* a text the new side pairs with an old line, however many copies the old side
		   deletes: the diff saw no file and may have paired the new copy with a farther
		   old one, the left-out line then staying beside it (the put-back is kept only if
		   it explains an addition, below); a numbered gap's line: the new side writes a
		   copy the old side does not have, or adds it where it stands (the diff took the
		   old side's other copy for it, moved); and a line whose copies are all additions,
		   taken only if the diff then puts it between the old lines the file has around
		   it (in_place) */
		if ((paired && !skipped[f - c->start]) ||
		    (gap[f - c->start] && (net > 0 || adds_in_place(im, e, c, f)))) {
			put_back[f - c->start] = 1;
			nput++;
		} else if (!paired && net > 0) {
			put_back[f - c->start] = 2;
			nput++;
		}
	}
	/* a numbered block's old line that stands on a file line it miscopied only in its
	   typography (a curly quote for a straight one) is that file line: diffed as the file
	   has it, it pairs with the new side's copy as the model meant. So is, when lines are
	   put back, any old line the match took for a miscopy of its file line (or that carries
	   trailing blanks the file line lacks), in the reply's indentation (2): the diff pairs the
	   new side's copy of the line with it, not with a neighbour's copy, which would leave lines
	   added between a line put back and the old lines around it (put_back_in_place) */
	for (oi = 0; oi < e->nold; oi++) {
		fix[oi] = e->old_no && typo_miscopy(im, e, c, oi);
		if (!fix[oi] && nput &&
		    (miscopied(im, e, c, oi) || blank_tail_miscopy(im, e, c, oi)))
			fix[oi] = 2;
		nfix += fix[oi] != 0;
	}
	if (!nput && !nfix)
		goto out;
	memset(&ed, 0, sizeof(ed));
	ed.kind = e->kind;
	ed.flags = e->flags;
	ed.hint_start = e->hint_start;
	ed.hint_len = -1;
	ed.nlines = e->nold + nput + e->nseq;
	ed.lines = sm_malloc(ed.nlines * sizeof(*ed.lines));
	out->lo = sm_malloc((e->nold + nput) * sizeof(size_t));
	out->hi = sm_malloc((e->nold + nput) * sizeof(size_t));
	if (!ed.lines || !out->lo || !out->hi) {
		sm_free(ed.lines);
		sm_free(out->lo);
		sm_free(out->hi);
		rc = SEAM_ENOMEM;
		goto out;
	}
	/* the old side in file order, the left-out lines put back where the file has them */
	f = c->start;
	for (oi = 0; oi <= e->nold; oi++) {
		size_t upto = oi < e->nold ? c->lo[oi] : c->end;
		for (; f < upto; f++) {
			const sm_line *t = sm_ln(im, f);
			if (f < c->start || !put_back[f - c->start])
				continue;
			/* in the reply's own form (its indentation: a block re-indented), the text
			   of the new side's line it stands for, so that the diff pairs the two: one
			   the splice would write as the file has it (same_line) first, as a twin of
			   another depth ("    f(x);" beside "f(x);") is another line */
			for (k = 0, n = SIZE_MAX; k < e->nseq; k++) {
				if (!sm_mline_is_new(&e->seq[k]) ||
				    e->seq[k].l.h_indent != sm_ln(im, f)->h_indent)
					continue;
				if (n == SIZE_MAX)
					n = k;
				if (same_line(im, e, c, f, k)) {
					n = k;
					break;
				}
			}
			if (n != SIZE_MAX)
				t = &e->seq[n].l;
			ed.lines[nl].text.p = t->p;
			ed.lines[nl].text.n = t->n;
			ed.lines[nl].kind = SM_HL_DEL;
			ed.lines[nl].reply_line = 0;
			out->lo[nl] = f;
			out->hi[nl++] = f + 1;
		}
		if (oi == e->nold)
			break;
		if (fix[oi] == 2) {
			const sm_line *o = &e->seq[e->old[oi]].l, *fl = sm_ln(im, c->lo[oi]);
			size_t oind = sm_text_indent_len(o->p, o->n),
			       find = sm_text_indent_len(fl->p, fl->n);
			char *t = sm_pool_add(pool, oind + fl->n - find + 1);
			if (!t) {
				sm_free(ed.lines);
				sm_free(out->lo);
				sm_free(out->hi);
				rc = SEAM_ENOMEM;
				goto out;
			}
			memcpy(t, o->p, oind);
			memcpy(t + oind, fl->p + find, fl->n - find);
			ed.lines[nl].text.p = t;
			ed.lines[nl].text.n = oind + fl->n - find;
		} else if (fix[oi]) {
			ed.lines[nl].text.p = sm_ln(im, c->lo[oi])->p;
			ed.lines[nl].text.n = sm_ln(im, c->lo[oi])->n;
		} else {
			ed.lines[nl].text.p = e->seq[e->old[oi]].l.p;
			ed.lines[nl].text.n = e->seq[e->old[oi]].l.n;
		}
		ed.lines[nl].kind = SM_HL_DEL;
		ed.lines[nl].reply_line = e->seq[e->old[oi]].reply_line;
		out->lo[nl] = c->lo[oi];
		out->hi[nl++] = c->hi[oi];
		if (c->hi[oi] > f)
			f = c->hi[oi];
	}
	for (k = 0; k < e->nseq; k++) {
		if (!sm_mline_is_new(&e->seq[k]))
			continue;
		ed.lines[nl].text.p = e->seq[k].l.p;
		ed.lines[nl].text.n = e->seq[k].l.n;
		ed.lines[nl].kind = SM_HL_ADD;
		ed.lines[nl++].reply_line = e->seq[k].reply_line;
	}
	ed.nlines = nl;
	rc = sm_prep_edit(me, &ed);
	sm_free(ed.lines);
	/* taken only when the lines put back explain lines of the new side the first diff wrote
	   as additions: a line left out of both sides, whose text the new side writes elsewhere
	   (a new function made from the old one), explains none and stays where it is. With as
	   many additions either way, only when each line put back stands for the new side's copy
	   of it (the two diffs tie, but the first writes the line once more than the new side
	   does, beside the copy it pairs). So too with old lines fixed: the additions they take
	   away (a miscopied or cut line the new side gives back whole) are theirs, and say
	   nothing of the lines put back */
	if (!rc && (me->nold != e->nold + nput ||
	            (additions(me) > additions(e) || (additions(me) == additions(e) && !nput) ||
	             (nput && !put_back_paired(im, me, out, put_back, c->start, c->end)) ||
	             !put_back_in_place(im, me, out, put_back, c->start, c->end)))) {
		sm_prep_dispose(me);
		rc = 0;
	} else if (!rc) {
		out->start = c->start;
		out->end = c->end;
		out->cost = c->cost;
		out->tier = c->tier;
		out->delta = c->delta;
		out->tabw = c->tabw;
		out->use_tabs = c->use_tabs;
		out->shifted = c->shifted;
		rc = 1;
	}
	if (rc != 1) {
		sm_free(out->lo);
		sm_free(out->hi);
	}
out:
	sm_free(covered);
	sm_free(put_back);
	sm_free(gap);
	sm_free(fix);
	sm_free(skipped);
	return rc;
}

/* The first file line of substance inside c's region that no old line stands for, alone
 * between the nearest old lines that stand on the file, one of them a deletion, and whose text
 * (indentation aside) the new side holds only on lines the sides' diff pairs with other old
 * lines (an addition of that text is the left-out line written again, which the splice writes
 * once: drop_repeats); SM_NOLINE when none (see sm_splice_left_out_in_rewrite). One walk over
 * the old lines and the lines between them, and over the edit per line left out. */
static size_t left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t oi, k, f, prev = SM_NOLINE, prev_hi = 0;

	for (oi = 0; oi < e->nold; oi++) {
		const sm_mline *ml = &e->seq[e->old[oi]];
		if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		/* one line left out (a merged hunk's skip is a stretch), beside a deletion */
		if (prev != SM_NOLINE && prev_hi + 1 == c->lo[oi] &&
		    ((ml->kind == SM_HL_DEL && !ml->keep) ||
		     (e->seq[e->old[prev]].kind == SM_HL_DEL && !e->seq[e->old[prev]].keep)))
			for (f = prev_hi; f < c->lo[oi]; f++) {
				const sm_line *l = sm_ln(im, f);
				int ctx = 0, added = 0;
				if (l->blank)
					continue;
				for (k = 0; k < e->nseq; k++)
					if (sm_mline_is_new(&e->seq[k]) &&
					    e->seq[k].l.h_indent == l->h_indent) {
						added |= e->seq[k].kind == SM_HL_ADD;
						ctx |= e->seq[k].kind != SM_HL_ADD;
					}
				if (ctx && !added)
					return f;
			}
		prev = oi;
		prev_hi = c->hi[oi];
	}
	return SM_NOLINE;
}

size_t sm_splice_left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_medit me, sl;
	sm_cand out;
	sm_pool pool = {0};
	size_t f = SM_NOLINE;
	int rc, slid = slide_copies(im, e, c, &sl);

	if (slid < 0)
		return SM_NOLINE; /* out of memory: the splice says so */
	if (slid)
		e = &sl;
	/* as the splice reads the edit: a line refill puts back is the new side's */
	rc = refill(im, e, c, &me, &out, &pool);
	if (rc == 1) {
		sm_prep_dispose(&me);
		sm_free(out.lo);
		sm_free(out.hi);
	} else if (rc == 0) {
		f = left_out_in_rewrite(im, e, c);
	}
	sm_pool_dispose(&pool);
	if (slid)
		sm_prep_dispose(&sl);
	return f;
}

static int splice_one(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
		      size_t *first, size_t *count);

/*
 * A place in two pieces (c0->cut, a merged hunk's halves): each piece spliced on its own, the
 * lower one first, as the split does its runs; the file lines between them are no line the
 * old side left out (a whole-sides rewrite would take one the new side holds for its copy).
 */
static sm_span span_at(void *ctx, size_t i)
{
	return ((const sm_span *)ctx)[i];
}

/* Splices halves a and b of place c0 (cut at old line cut), the lower first, as the split does
 * its runs; *first, *count: the lines written, the second half's moved by what the first
 * changed. */
static int splice_halves(sm_image *im, const sm_medit *a, const sm_medit *b, const sm_cand *c0,
                         sm_pool *pool, size_t *first, size_t *count)
{
	size_t cut = c0->cut, f1 = 0, n1 = 0, f2 = 0, n2 = 0, n;
	sm_cand ca = *c0, cb = *c0;
	int rc;

	ca.cut = cb.cut = 0;
	ca.cut_new = cb.cut_new = 0;
	ca.end = c0->hi[cut - 1];
	cb.start = c0->lo[cut];
	cb.lo = c0->lo + cut;
	cb.hi = c0->hi + cut;
	rc = sm_splice(im, b, &cb, pool, &f2, &n2);
	if (rc)
		return rc;
	n = im->n;
	rc = sm_splice(im, a, &ca, pool, &f1, &n1);
	if (!rc) {
		*first = f1;
		*count = f2 + im->n - n + n2 - f1;
	}
	return rc;
}

/* Pieces of a whole-sides rewrite cut on the new side apart from its diff (cand.cut_new): each
 * piece's two sides diffed on their own, then spliced as splice_pieces does. */
static int splice_cut_sides(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
			    size_t *first, size_t *count)
{
	size_t cut = c0->cut, jn = c0->cut_new - 1, no = 0, nn = 0, k;
	sm_span *ol = sm_malloc((e->nseq + 1) * sizeof(*ol)), *nl = sm_malloc((e->nseq + 1) * sizeof(*nl));
	sm_prep_side sa, sb, ta, tb;
	sm_medit a = {0}, b = {0};
	int rc = SEAM_ENOMEM;

	if (!ol || !nl)
		goto out;
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		sm_span sp = {ml->l.p, ml->l.n};
		if (ml->kind != SM_HL_ADD)
			ol[no++] = sp;
		if (sm_mline_is_new(ml))
			nl[nn++] = sp;
	}
	sa = (sm_prep_side){cut, span_at, ol};
	sb = (sm_prep_side){no - cut, span_at, ol + cut};
	ta = (sm_prep_side){jn, span_at, nl};
	tb = (sm_prep_side){nn - jn, span_at, nl + jn};
	if (sm_prep_sides(&a, &sa, &ta) || sm_prep_sides(&b, &sb, &tb))
		goto out;
	/* each piece keeps its old lines (the tier's pieces hold lines of substance) */
	if (a.nold != cut || b.nold != no - cut) {
		rc = SEAM_ERROR;
		goto out;
	}
	b.flags = e->flags;
	rc = splice_halves(im, &a, &b, c0, pool, first, count);
out:
	sm_prep_dispose(&a);
	sm_prep_dispose(&b);
	sm_free(ol);
	sm_free(nl);
	return rc;
}

static int splice_pieces(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
			 size_t *first, size_t *count)
{
	size_t cut = c0->cut, k0 = e->old[cut], i;
	sm_medit a = *e, b = *e;
	int rc;

	b.old = sm_malloc((e->nold - cut) * sizeof(*b.old));
	if (!b.old)
		return SEAM_ENOMEM;
	for (i = cut; i < e->nold; i++)
		b.old[i - cut] = e->old[i] - k0;
	a.nseq = k0;
	a.nold = cut;
	/* the REPLACE side's last line, and the file's end, are the second piece's */
	a.flags &= ~(unsigned)(SM_EDIT_NEW_TAIL_BLANK | SM_EDIT_NEW_NOEOL | SM_EDIT_OLD_NOEOL);
	b.seq = e->seq + k0;
	b.nseq = e->nseq - k0;
	b.nold = e->nold - cut;
	b.old_no = e->old_no ? e->old_no + cut : NULL;
	rc = splice_halves(im, &a, &b, c0, pool, first, count);
	sm_free(b.old);
	return rc;
}

int sm_splice(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool, size_t *first,
	      size_t *count)
{
	sm_medit me, sl;
	sm_cand c;
	int rc, slid;

	if (c0->cut)
		return c0->cut_new ? splice_cut_sides(im, e, c0, pool, first, count)
				   : splice_pieces(im, e, c0, pool, first, count);
	slid = slide_copies(im, e, c0, &sl);

	if (slid < 0)
		return slid;
	if (slid)
		e = &sl;
	rc = refill(im, e, c0, &me, &c, pool);
	if (rc < 0)
		goto out;
	if (!rc) {
		rc = splice_one(im, e, c0, pool, first, count);
		goto out;
	}
	rc = splice_one(im, &me, &c, pool, first, count);
	sm_prep_dispose(&me);
	sm_free(c.lo);
	sm_free(c.hi);
out:
	if (slid)
		sm_prep_dispose(&sl);
	return rc;
}

/* 1 when seq[k] is an addition or a deletion: a line of a change run, no anchor. */
static int changes(const sm_medit *e, size_t k)
{
	return e->seq[k].kind == SM_HL_ADD || (e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep);
}

/*
 * 1 when blank context line k, on file lines [lo, hi), is no anchor of the merge: the change
 * run right beside it in the sequence adds lines of which the farthest from it is blank, so
 * that the sides' diff, which saw no file, could as well have paired the blank line on the
 * run's other side (a tie: [+b, +x], b is b, [+x, +b]), and it adds the text of a line the old
 * side left out right beyond the anchor on that other side. Anchored, the blank line parts the
 * left-out line from its copy and both are written; merged with the segment, the line meets
 * its copy and is written once. cov: per line of c's span, 1 when an old line stands for it
 * or the splice drops it.
 */
static int loose_blank(const sm_image *im, const sm_medit *e, const sm_cand *c,
                       const unsigned char *cov, size_t k, size_t lo, size_t hi)
{
	size_t a, z, f, i, far;
	int d;

	for (d = -1; d <= 1; d += 2) {
		if (d < 0) {
			for (a = k; a > 0 && changes(e, a - 1); a--)
				;
			z = k;
			for (far = a; far < z && e->seq[far].kind != SM_HL_ADD; far++)
				;
		} else {
			for (z = k + 1; z < e->nseq && changes(e, z); z++)
				;
			a = k + 1;
			for (far = z; far > a && e->seq[far - 1].kind != SM_HL_ADD; far--)
				;
			far = far > a ? far - 1 : z;
		}
		if (far >= z || !e->seq[far].l.blank)
			continue;
		/* the lines left out right beyond the anchor, on the side the run would go */
		for (i = 0; i < SM_SLIDE_MAX_LINES; i++) {
			if (d < 0 ? hi + i >= c->end : lo < c->start + i + 1)
				break;
			f = d < 0 ? hi + i : lo - 1 - i;
			if (cov[f - c->start])
				break;
			if (!sm_ln(im, f)->blank && is_addition(e, a, z, sm_ln(im, f)))
				return 1;
		}
	}
	return 0;
}

static int splice_one(sm_image *im, const sm_medit *e, const sm_cand *c0, sm_pool *pool,
		      size_t *first, size_t *count)
{
	out o = {0};
	seg sg = {0};
	sm_cand wide;
	const sm_cand *c = &wide;
	size_t k, oi = 0, f, j, span;
	unsigned char *cov = NULL;
	int at_end, slid;

	slid = settle(im, e, c0, &wide);
	if (slid < 0)
		return SEAM_ENOMEM;
	widen(im, e, &wide, &wide.start, &wide.end);

	f = c->start;
	span = c->end - c->start;
	at_end = c->end == im->n;

	sg.first_del = SM_NOLINE;
	sg.del = sm_calloc(span ? span : 1, 1);
	if (!sg.del) {
		release(&wide, slid);
		return SEAM_ENOMEM;
	}
	if (drop_repeats(im, e, c, sg.del) || drop_blank_joins(im, e, c, sg.del)) {
		sm_free(sg.del);
		release(&wide, slid);
		return SEAM_ENOMEM;
	}
	/* the span's lines an old line stands for or the splice drops (loose_blank) */
	if (e->blocklike && e->kind == SM_KIND_BLOCK && span) {
		cov = sm_malloc(span);
		if (!cov) {
			sm_free(sg.del);
			release(&wide, slid);
			return SEAM_ENOMEM;
		}
		for (j = 0; j < span; j++)
			cov[j] = sg.del[j] != 0;
		for (k = 0; k < e->nold; k++)
			for (j = c->lo[k]; c->lo[k] != SM_NOLINE && j < c->hi[k]; j++)
				if (j >= c->start && j < c->end)
					cov[j - c->start] = 1;
	}
	for (k = 0; k < e->nseq && !o.failed; k++) {
		const sm_mline *ml = &e->seq[k];
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		int loose = 0;
		if (ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			loose = cov && ml->kind == SM_HL_CTX && ml->l.blank && lo != SM_NOLINE &&
			        hi > lo && loose_blank(im, e, c, cov, k, lo, hi);
			oi++;
		}
		if (ml->kind == SM_HL_DEL && ml->keep && lo == SM_NOLINE)
			continue; /* kept, but not in the file: nothing of the file to keep */
		if (ml->kind == SM_HL_ADD || lo == SM_NOLINE || loose) {
			/* an addition, a context line not in the file (one that lost its '+'), or
			   a blank line that anchors nothing (loose_blank) */
			if (sm_grow((void **)&sg.adds, &sg.acap, sg.na + 1, sizeof(*sg.adds)))
				o.failed = 1;
			else
				sg.adds[sg.na++] = k;
			continue;
		}
		if (ml->kind == SM_HL_DEL && !ml->keep) {
			for (j = lo; j < hi; j++)
				sg.del[j - c->start] = 1;
			sg.ndel += hi - lo;
			if (lo < hi && lo < sg.first_del)
				sg.first_del = lo;
			continue;
		}
		/* context, or a deletion the laziness guard took back: the file's lines stay */
		if (lo == hi)
			continue; /* a blank line the file does not have: no anchor, nothing to keep */
		flush(&o, im, e, &sg, f, lo, c, pool);
		if (ws_only_context(im, e, c, ml, lo, hi))
			put_new(&o, im, e, k, c, pool);
		else
			for (j = lo; j < hi; j++)
				put(&o, sm_ln(im, j));
		if (hi > f)
			f = hi;
	}
	if (!o.failed)
		flush(&o, im, e, &sg, f, c->end, c, pool);
	sm_free(sg.adds);
	sm_free(sg.del);
	sm_free(cov);
	release(&wide, slid); /* only the region's bounds are read below */
	if (o.failed || sm_image_splice(im, c->start, c->end - c->start, o.v, o.n)) {
		sm_free(o.v);
		return SEAM_ENOMEM;
	}
	/* The file's missing final newline belongs to its end: an edit away from the end keeps
	   the lack; one that rewrites the end (a new last line, or a SEARCH/REPLACE block whose
	   text reaches it) ends as its text does: a REPLACE side ends with a newline, a diff
	   says otherwise with its "\ No newline" marker. */
	if (at_end && o.n && (o.last_new || e->blocklike))
		im->final_eol = !(e->flags & SM_EDIT_NEW_NOEOL);
	else if (at_end && (e->flags & SM_EDIT_NEW_NOEOL))
		im->final_eol = 0;
	else if (at_end && (e->flags & SM_EDIT_OLD_NOEOL))
		im->final_eol = 1; /* "\ No newline" after the old side only: the new one has it */
	if (at_end && (e->flags & (SM_EDIT_NEW_NOEOL | SM_EDIT_OLD_NOEOL)))
		im->eol_said = 1;
	if (at_end)
		im->end_edited = 1;
	if (c->start == 0)
		drop_copied_bom(im);
	*first = c->start;
	*count = o.n;
	sm_free(o.v);
	return 0;
}

/*
 * An edge of the region where the edit only adds lines and its old side then ends (starts) with
 * blank lines the match let go of: the reply puts its new lines next to a blank line, and the
 * file has a line of substance there instead, with a blank line just past it. The lines go
 * right after the anchor (as the match put them) or after that line, before its blank line;
 * the reply does not say which. The line, or SM_NOLINE. dir: +1 the bottom edge, -1 the top.
 */
static size_t edge_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c, int dir)
{
	size_t k = 0, oi, seen = 0, n = e->nseq, f, i;
	int adds = 0, gone = 0;

	if (!e->nold)
		return SM_NOLINE;
	/* walk from the edge inward to the first line that stands on the file */
	for (i = 0; i < n; i++) {
		k = dir > 0 ? n - 1 - i : i;
		if (e->seq[k].kind == SM_HL_ADD) {
			adds |= !e->seq[k].l.blank;
			continue;
		}
		oi = dir > 0 ? e->nold - 1 - seen : seen;
		seen++;
		if (c->lo[oi] != SM_NOLINE && c->lo[oi] == c->hi[oi] && e->seq[k].l.blank) {
			/* a blank line on the far side of the additions; one on their near side
			   too (the additions between two blank lines the match let go of) leaves
			   them as little placed */
			if (adds && !gone)
				return SM_NOLINE;
			gone = 1;
			continue;
		}
		break;
	}
	if (!gone || !adds || i == n || !(e->seq[k].kind == SM_HL_CTX || e->seq[k].keep))
		return SM_NOLINE;
	/* the file line just past the edge, and a blank line right beyond it */
	if (dir > 0 ? c->end >= im->n : c->start == 0)
		return SM_NOLINE;
	f = dir > 0 ? c->end : c->start - 1;
	if (sm_ln(im, f)->blank || is_addition(e, 0, n, sm_ln(im, f)))
		return SM_NOLINE;
	for (i = 1; i <= SM_SLIDE_MAX_LINES; i++) {
		size_t g;
		if (dir > 0 ? f + i >= im->n : f < i)
			return SM_NOLINE;
		g = dir > 0 ? f + i : f - i;
		if (sm_ln(im, g)->blank)
			return f;
	}
	return SM_NOLINE;
}

/* 1 when every file line of [a, z) is a line the new side of `adds` keeps (a context or kept
 * line, as written but for trailing blanks, or, a line of e itself, as the splice writes it at
 * c: a re-indented block's line shifted): read as left out of the old side, those lines
 * are what the new side's copies stand for, and a splice that leaves them beyond the edge
 * writes them beside those copies (the new side's copy of a line paired, by the sides' diff,
 * with another old line of that text that the edit in fact deletes). */
static int all_kept_on_new_side(const sm_image *im, const sm_medit *adds, const sm_medit *e,
				const sm_cand *c, size_t a, size_t z)
{
	size_t f, k;

	for (f = a; f < z; f++) {
		const sm_line *l = sm_ln(im, f);
		for (k = 0; k < adds->nseq; k++)
			if (adds->seq[k].kind != SM_HL_ADD && sm_mline_is_new(&adds->seq[k]) &&
			    (sm_line_h(&adds->seq[k].l, SM_LVL_RSTRIP) == sm_line_h(l, SM_LVL_RSTRIP) ||
			     /* as the splice writes it, the block re-indented (e's own lines) */
			     (adds == e && same_line(im, e, c, f, k))))
				break;
		if (k == adds->nseq)
			return 0;
	}
	return a < z;
}

size_t sm_splice_left_out_added(const sm_image *im, const sm_medit *e, const sm_cand *c,
				const sm_medit *adds)
{
	size_t i, p, q, f, g, k, a, z, ws, we;
	int top, dropped;

	if (!e->nold)
		return SM_NOLINE;
	for (p = 0; p < e->nold && e->seq[e->old[p]].l.blank; p++)
		;
	if (p == e->nold)
		return SM_NOLINE;
	for (q = e->nold - 1; e->seq[e->old[q]].l.blank; q--)
		;
	for (top = 1; top >= 0; top--) {
		dropped = 0;
		for (i = top ? 0 : q + 1; i < (top ? p : e->nold); i++)
			dropped |= c->lo[i] != SM_NOLINE && c->lo[i] == c->hi[i];
		if (!dropped)
			continue;
		/* the file lines past the edge, up to a blank line */
		if (top) {
			for (g = c->start, k = 0;
			     g > 0 && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g - 1)->blank; g--, k++)
				;
			if (g == 0 || g == c->start || k > SM_SLIDE_MAX_LINES)
				continue;
			a = g;
			z = c->start;
		} else {
			for (g = c->end, k = 0;
			     g < im->n && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g)->blank; g++, k++)
				;
			if (g == im->n || g == c->end || k > SM_SLIDE_MAX_LINES)
				continue;
			a = c->end;
			z = g;
		}
		for (f = a; f < z; f++) {
			if (!is_addition(adds, 0, adds->nseq, sm_ln(im, f)) &&
			    !(f == a && all_kept_on_new_side(im, adds, e, c, a, z)))
				continue;
			/* the splice anchors the edge's blank lines around the left-out lines
			   (slide_edge) when the edit's own additions hold them, or absorbs the
			   lines the new side repeats at its edge in order (widen): written once */
			if (adds == e) {
				sm_splice_widen(im, e, c, &ws, &we);
				if (ws <= f && f < we)
					return SM_NOLINE;
			}
			return f;
		}
	}
	return SM_NOLINE;
}

/*
 * The other order at an edge: the edit adds lines beyond the run of blank lines its old side
 * starts (ends) with, and the match let go of one of those blank lines, while past the region
 * the file has lines of substance and then a blank line. The let-go blank line may as well be
 * that one, the lines between left out of the old side: the new lines go before them or after
 * them, and the reply does not say which. The file line next to the edge, or SM_NOLINE.
 * dir: +1 the bottom edge, -1 the top.
 */
static size_t edge_adds_beyond(const sm_image *im, const sm_medit *e, const sm_cand *c, int dir)
{
	size_t i, p, k, g, f, ws, we, n = e->nold;
	int adds = 0, gone = 0;

	if (!n)
		return SM_NOLINE;
	/* the additions at the very edge, before any old line */
	for (i = 0; i < e->nseq; i++) {
		k = dir > 0 ? e->nseq - 1 - i : i;
		if (e->seq[k].kind != SM_HL_ADD)
			break;
		adds |= !e->seq[k].l.blank;
	}
	if (!adds)
		return SM_NOLINE;
	/* then the edge run of blank old lines, one of them let go */
	for (p = 0; p < n; p++) {
		size_t oi = dir > 0 ? n - 1 - p : p;
		if (!e->seq[e->old[oi]].l.blank)
			break;
		gone |= c->lo[oi] != SM_NOLINE && c->lo[oi] == c->hi[oi];
	}
	if (!gone || p == n)
		return SM_NOLINE;
	/* past the edge: lines of substance, then a blank line */
	if (dir < 0) {
		for (g = c->start, k = 0;
		     g > 0 && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g - 1)->blank; g--, k++)
			;
		if (g == 0 || g == c->start || k > SM_SLIDE_MAX_LINES)
			return SM_NOLINE;
		f = c->start - 1;
	} else {
		for (g = c->end, k = 0;
		     g < im->n && k <= SM_SLIDE_MAX_LINES && !sm_ln(im, g)->blank; g++, k++)
			;
		if (g == im->n || g == c->end || k > SM_SLIDE_MAX_LINES)
			return SM_NOLINE;
		f = c->end;
	}
	/* the splice takes the blank lines around the left-out lines as the edge when the
	   additions give those lines back (slide_edge): decided */
	sm_splice_widen(im, e, c, &ws, &we);
	return ws <= f && f < we ? SM_NOLINE : f;
}

/*
 * The additions between anchors at file lines a and b = a + 1 that are copies of one line, in a run of such copies: when the run, within the region, holds
 * more lines than the edit's old lines stand on, a copy was left out, and it may as well stand
 * on the other side of the additions (C, +x, C with C C C in the file: x after the first copy
 * or after the second). The reply does not say; the left-out copy, or SM_NOLINE. oa: the old
 * line standing on a; *done: past the run's end (a run is judged once).
 */
static size_t copies_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c,
			       size_t oa, size_t a, size_t b, size_t *done)
{
	uint64_t h = sm_ln(im, a)->h_rstrip;
	size_t s = a, z = b, j, f, from;

	if (b != a + 1 || a < *done || sm_ln(im, a)->blank || sm_ln(im, b)->h_rstrip != h)
		return SM_NOLINE;
	while (s > c->start && sm_ln(im, s - 1)->h_rstrip == h)
		s--;
	while (z + 1 < c->end && sm_ln(im, z + 1)->h_rstrip == h)
		z++;
	*done = z + 1;
	/* the first old line standing in the run (the mapping runs in file order) */
	for (from = oa + 1; from-- > 0;)
		if (c->lo[from] != SM_NOLINE && c->hi[from] > c->lo[from] && c->hi[from] <= s)
			break;
	from = from == SIZE_MAX ? 0 : from + 1;
	/* each line of the run in turn: the next old line standing on it, or none */
	for (f = s, j = from; f <= z; f++) {
		while (j < e->nold && (c->lo[j] == SM_NOLINE || c->hi[j] <= f))
			j++;
		if (j == e->nold || c->lo[j] > f)
			return f;
	}
	return SM_NOLINE;
}

size_t sm_splice_undecided(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t k, oi, prev_hi = SM_NOLINE, prev_oi = 0, done = 0, f;
	int adds = 0, dels = 0;
	const sm_line *first_add = NULL;

	if ((f = edge_undecided(im, e, c, 1)) != SM_NOLINE ||
	    (f = edge_undecided(im, e, c, -1)) != SM_NOLINE ||
	    (f = edge_adds_beyond(im, e, c, 1)) != SM_NOLINE ||
	    (f = edge_adds_beyond(im, e, c, -1)) != SM_NOLINE)
		return f;

	for (k = 0, oi = 0; k <= e->nseq; k++) {
		const sm_mline *ml = k < e->nseq ? &e->seq[k] : NULL;
		size_t lo = SM_NOLINE, hi = SM_NOLINE;
		if (ml && ml->kind != SM_HL_ADD) {
			lo = c->lo[oi];
			hi = c->hi[oi];
			oi++;
		}
		if (ml && (ml->kind == SM_HL_ADD || lo == SM_NOLINE)) {
			adds += ml->kind == SM_HL_ADD || sm_mline_is_new(ml);
			if (!first_add && !ml->l.blank)
				first_add = &ml->l;
			continue;
		}
		if (ml && ml->kind == SM_HL_DEL && !ml->keep) {
			dels += hi > lo;
			continue;
		}
		if (ml && lo == hi)
			continue; /* a blank line the file does not have there */
		/* an anchor (or the end): the segment since the previous one is decided unless it
		   only adds, and the file has a line of substance between the two anchors */
		if (adds && !dels && prev_hi != SM_NOLINE && ml) {
			int first = 1;
			for (f = prev_hi; f < lo; f++) {
				if (sm_ln(im, f)->blank)
					continue;
				/* the first addition's old form, which it replaces (see flush) */
				if (!(first && !e->blocklike && changed_form_of(first_add, sm_ln(im, f))) &&
				    !is_addition(e, 0, e->nseq, sm_ln(im, f)))
					return f;
				first = 0;
			}
			if (prev_hi > 0 && lo < im->n &&
			    (f = copies_undecided(im, e, c, prev_oi, prev_hi - 1, lo, &done)) != SM_NOLINE)
				return f;
		}
		adds = dels = 0;
		first_add = NULL;
		if (ml) {
			prev_hi = hi;
			prev_oi = oi - 1;
		}
	}
	return SM_NOLINE;
}

/* 1 when an old line of the edit (a line it deletes, when `deleted`) has h's text (its own, or
 * that of the file line the match put it on). */
static int old_holds(const sm_image *im, const sm_medit *e, const sm_cand *c, uint64_t h,
                     int deleted)
{
	size_t j, oi = 0;

	for (j = 0; j < e->nseq; j++) {
		if (e->seq[j].kind == SM_HL_ADD)
			continue;
		if (!(deleted && sm_mline_is_new(&e->seq[j])) &&
		    deleted_text(im, e, c, j, oi, h) == h)
			return 1;
		oi++;
	}
	return 0;
}

/* The addition of the edge run (the lines the new side adds past its last old line, dir +1,
 * or before its first, dir -1) nearest to the old side that is a line of substance, when
 * other additions of substance follow it outward (it is not the new side's edge line, which
 * the caller judges); SIZE_MAX when there is none. */
static size_t inner_edge_addition(const sm_medit *e, int dir)
{
	size_t n = e->nseq, i, k, first = SIZE_MAX, outer = 0;

	for (i = 0; i < n; i++) {
		k = dir > 0 ? n - 1 - i : i;
		if (e->seq[k].kind != SM_HL_ADD)
			break;
		if (e->seq[k].l.blank)
			continue;
		outer += first != SIZE_MAX;
		first = k;
	}
	return outer ? first : SIZE_MAX;
}

/* 1 when the edit deletes a line with l's text (trailing blanks aside). */
static int deletes_text(const sm_medit *e, const sm_line *l)
{
	size_t j;

	for (j = 0; j < e->nseq; j++)
		if (e->seq[j].kind == SM_HL_DEL && !e->seq[j].keep &&
		    sm_line_h(&e->seq[j].l, SM_LVL_RSTRIP) == sm_line_h(l, SM_LVL_RSTRIP))
			return 1;
	return 0;
}

/* 1 when an addition of substance outward of edge-run line `in` (toward the edge dir) has the
 * text of a line the edit deletes: a line moved past `in`. */
static int moves_past(const sm_medit *e, size_t in, int dir)
{
	size_t i, k;

	for (i = 1; dir > 0 ? in + i < e->nseq : i <= in; i++) {
		const sm_line *l;
		k = dir > 0 ? in + i : in - i;
		l = &e->seq[k].l;
		if (e->seq[k].kind == SM_HL_ADD && !l->blank && deletes_text(e, l))
			return 1;
	}
	return 0;
}

size_t sm_splice_beside_copy(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t n = e->nseq, i, k, f, ws, we;
	int dir;

	/* a numbered block's numbers say where its old side ends: nothing left out there */
	if (!e->nold || !n || e->old_no || (e->flags & SM_EDIT_NUMBERED))
		return SM_NOLINE;
	for (dir = 1; dir >= -1; dir -= 2) {
		size_t oe = dir > 0 ? e->nold - 1 : 0;
		if (dir > 0 ? c->end >= im->n : c->start == 0)
			continue;
		f = dir > 0 ? c->end : c->start - 1;
		if (sm_ln(im, f)->blank)
			continue;
		/* the new side's edge line: that line of the file written again */
		for (i = 0, k = SIZE_MAX; i < n; i++) {
			size_t at = dir > 0 ? n - 1 - i : i;
			if (sm_mline_is_new(&e->seq[at]) && !e->seq[at].l.blank) {
				k = at;
				break;
			}
		}
		if (k != SIZE_MAX && !same_line(im, e, c, f, k)) {
			/* the edge run's first line of substance, with a line the edit deletes
			   moved past it, while no line of its text is deleted: the line beyond
			   the edge left out of the old side (a pure move past it) or one more copy
			   of it written beside it (as literally written: the move adds a line).
			   When the edit deletes a line of that text too (as written, or a miscopy
			   standing on such a file line), the literal reading is itself a pure move
			   or a fix, and it stands */
			size_t in = inner_edge_addition(e, dir);
			if (in == SIZE_MAX || !solid_line(sm_ln(im, f)) ||
			    !same_line(im, e, c, f, in) || !moves_past(e, in, dir) ||
			    old_holds(im, e, c, sm_ln(im, f)->h_indent, 1) ||
			    deleted_text(im, e, c, e->old[oe], oe, sm_ln(im, f)->h_indent) ==
			        sm_ln(im, f)->h_indent)
				continue;
			sm_splice_widen(im, e, c, &ws, &we);
			if (ws <= f && f < we)
				continue;
			return f;
		}
		if (k == SIZE_MAX)
			continue;
		/* ... while the old side's edge line is another (not the file's pair of copies
		   kept), and the old side has a line of that text (a line of substance): the new
		   side's line is that one moved to the edge, or the line beyond the edge left out
		   of the old side. A short line ("i += 1;", "pass") the edge rule never absorbs:
		   added at the edge, it is as well that line left out as one more copy */
		if (deleted_text(im, e, c, e->old[oe], oe, sm_ln(im, f)->h_indent) ==
		    sm_ln(im, f)->h_indent)
			continue;
		if (solid_line(sm_ln(im, f)) ? !old_holds(im, e, c, sm_ln(im, f)->h_indent, 0)
		                             : e->seq[k].kind != SM_HL_ADD)
			continue;
		sm_splice_widen(im, e, c, &ws, &we);
		if (ws <= f && f < we)
			continue; /* absorbed: written once */
		return f;
	}
	return SM_NOLINE;
}

int sm_splice_append(sm_image *im, const sm_medit *e, sm_pool *pool)
{
	out o = {0};
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (e->seq[k].kind != SM_HL_DEL)
			put_new(&o, im, e, k, NULL, pool);
	if (o.failed || sm_image_splice(im, im->n, 0, o.v, o.n)) {
		sm_free(o.v);
		return SEAM_ENOMEM;
	}
	if (o.n) {
		im->end_edited = 1;
		im->final_eol = !(e->flags & SM_EDIT_NEW_NOEOL);
		if (e->flags & SM_EDIT_NEW_NOEOL)
			im->eol_said = 1;
	}
	drop_copied_bom(im);
	sm_free(o.v);
	return 0;
}

/* 1 when the new side holds more blank lines than its old side deletes: a block that only
 * moves blank lines (a run moved with the blank line after it) writes its last one as text. */
static int adds_blank_lines(const sm_medit *e)
{
	long net = 0;
	size_t k;

	for (k = 0; k < e->nseq; k++)
		if (e->seq[k].l.blank && e->seq[k].kind == SM_HL_ADD)
			net++;
		else if (e->seq[k].l.blank && e->seq[k].kind == SM_HL_DEL && !e->seq[k].keep)
			net--;
	return net > 0;
}

/* Numbered old lines (old_no) carry the reply's numbers, which the blank line has none of:
 * such an edit is left as written (no tool call makes one). */
int sm_splice_join_blank(const sm_image *im, const sm_medit *e, const sm_cand *cand,
			 sm_medit *out, sm_cand *oc)
{
	sm_mline *ml;

	if (!(e->flags & SM_EDIT_JOINS_NEXT) || !e->nold || e->old_no || cand->end >= im->n ||
	    !sm_ln(im, cand->end)->blank || cand->hi[e->nold - 1] != cand->end)
		return 0;
	*out = *e;
	*oc = *cand;
	out->seq = sm_malloc((e->nseq + 1) * sizeof(*out->seq));
	out->old = sm_malloc((e->nold + 1) * sizeof(*out->old));
	oc->lo = sm_malloc((e->nold + 1) * sizeof(*oc->lo));
	oc->hi = sm_malloc((e->nold + 1) * sizeof(*oc->hi));
	if (!out->seq || !out->old || !oc->lo || !oc->hi) {
		sm_prep_dispose(out);
		sm_cand_free(oc);
		return SEAM_ENOMEM;
	}
	memcpy(out->seq, e->seq, e->nseq * sizeof(*e->seq));
	memcpy(out->old, e->old, e->nold * sizeof(*e->old));
	memcpy(oc->lo, cand->lo, e->nold * sizeof(*oc->lo));
	memcpy(oc->hi, cand->hi, e->nold * sizeof(*oc->hi));
	ml = &out->seq[out->nseq];
	memset(ml, 0, sizeof(*ml));
	ml->l = *sm_ln(im, cand->end);
	ml->kind = SM_HL_DEL;
	ml->reply_line = e->seq[e->old[e->nold - 1]].reply_line;
	out->old[out->nold++] = out->nseq++;
	oc->lo[e->nold] = cand->end;
	oc->hi[e->nold] = cand->end + 1;
	oc->end = cand->end + 1;
	return 1;
}

/* Only the new side's last line, an addition, is ever dropped: a blank line the SEARCH side
 * also ends with, or one the diff of the two sides stood on a line of the old side, is the
 * reply's text; so is one the edit moves (whole: the edit e is a run of, or e). */
int sm_splice_spacing_tail(const sm_image *im, const sm_medit *e, const sm_medit *whole,
			   const sm_cand *cand, sm_medit *out)
{
	const sm_mline *last;

	if (!(e->flags & SM_EDIT_NEW_TAIL_BLANK) || !e->nseq || cand->end >= im->n ||
	    !sm_ln(im, cand->end)->blank || !adds_blank_lines(whole ? whole : e))
		return 0;
	last = &e->seq[e->nseq - 1];
	if (last->kind != SM_HL_ADD || !last->l.blank)
		return 0;
	*out = *e;
	out->nseq--;
	return 1;
}
