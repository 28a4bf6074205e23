/*
 * Turns an edit of the reply into what the matcher and the splicer work on: every line hashed,
 * elision markers flagged, and each run of deletions followed by additions re-diffed, so that a
 * line the model copied unchanged into both sides (a SEARCH/REPLACE block, a "high-level" hunk
 * rewriting a whole function) is known as context. That keeps the file's own bytes for it and
 * lets a line the model dropped from one side only be recognised.
 */
#include "prep.h"
#include "../../util/diff.h"
#include "lazy.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

/* The lines of one side of a change run: a table of the edit's lines, or a side read through
 * its function (sm_prep_sides). */
typedef struct side {
	const sm_hline *l; /* NULL: read through s */
	const sm_prep_side *s;
} side;

static inline sm_span side_text(const side *d, size_t i)
{
	return d->l ? d->l[i].text : d->s->text(d->s->ctx, i);
}

static int push(sm_medit *me, size_t *cap, const side *d, size_t i, char kind)
{
	sm_mline *ml;
	sm_span t = side_text(d, i);
	long reply_line = d->l ? d->l[i].reply_line : 0;

	if (sm_grow((void **)&me->seq, cap, me->nseq + 1, sizeof(*me->seq)))
		return SEAM_ENOMEM;
	ml = &me->seq[me->nseq++];
	memset(ml, 0, sizeof(*ml));
	sm_line_init(&ml->l, t.p, t.n);
	ml->kind = kind;
	ml->reply_line = reply_line > INT32_MAX ? INT32_MAX : (int32_t)reply_line;
	return 0;
}

/* A stand-in for a line of substance when only blank lines are paired: its first word (the
 * leading identifier characters after the indentation, or its first character), so that a
 * blank line pairs with the blank line between the same kinds of lines on the other side. */
static uint64_t word_of(sm_span l)
{
	const char *p = l.p;
	size_t n = l.n, i = sm_text_indent_len(p, n), k = i;

	while (k < n && (isalnum((unsigned char)p[k]) || p[k] == '_'))
		k++;
	if (k == i && k < n)
		k++;
	return sm_text_hash(p + i, k - i, SM_LVL_EXACT) ^ 0x9e3779b97f4a7c15ull;
}

/* Appends a changed region. SEAM_ENOMEM when out of memory. */
static int add_chunk(sm_diff_chunk **v, size_t *n, size_t *cap, size_t a0, size_t a1, size_t b0,
		     size_t b1)
{
	if (a0 == a1 && b0 == b1)
		return 0;
	if (sm_grow((void **)v, cap, *n + 1, sizeof(**v)))
		return SEAM_ENOMEM;
	(*v)[*n].a0 = a0;
	(*v)[*n].a1 = a1;
	(*v)[*n].b0 = b0;
	(*v)[*n].b1 = b1;
	(*n)++;
	return 0;
}

/* The shape of lines [from, to) of a side: one token per line of substance (its first word)
 * and one per run of blank lines (their texts and number), with the first line of each. */
static int side_blank(const side *d, size_t i)
{
	sm_span t = side_text(d, i);
	return sm_text_is_blank(t.p, t.n);
}

static size_t shape(const side *l, const uint64_t *h, size_t from, size_t to, uint64_t *tok,
		    size_t *at)
{
	size_t i = from, n = 0;

	while (i < to) {
		at[n] = i;
		if (!side_blank(l, i)) {
			tok[n++] = word_of(side_text(l, i++));
			continue;
		}
		tok[n] = 0x51ed270b27eb1a37ull;
		while (i < to && side_blank(l, i))
			tok[n] = (tok[n] ^ h[i++]) * 0x100000001b3ull;
		n++;
	}
	at[n] = to;
	return n;
}

/*
 * sm_diff_lines with its ties broken from the sides' other end (late: 1): among alignments that
 * pair as many lines, the one that pairs each line with the last copy that will do rather than
 * the first, got by diffing both sides read backwards. The two readings differ only where the
 * sides hold copies of a line that either alignment could pair (sm_prep_sides_late).
 */
static int diff_ties(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int late,
                     sm_diff_chunk **out, size_t *nout)
{
	uint64_t *ra, *rb;
	size_t i, n;
	int rc;

	if (!late)
		return sm_diff_lines(a, na, b, nb, SM_DIFF_MAX_D, out, nout);
	ra = sm_malloc((na ? na : 1) * sizeof(*ra));
	rb = sm_malloc((nb ? nb : 1) * sizeof(*rb));
	rc = SEAM_ENOMEM;
	if (ra && rb) {
		for (i = 0; i < na; i++)
			ra[i] = a[na - 1 - i];
		for (i = 0; i < nb; i++)
			rb[i] = b[nb - 1 - i];
		rc = sm_diff_lines(ra, na, rb, nb, SM_DIFF_MAX_D, out, nout);
	}
	sm_free(ra);
	sm_free(rb);
	if (rc)
		return rc;
	n = *nout;
	for (i = 0; i + 1 < n - i; i++) {
		sm_diff_chunk t = (*out)[i];
		(*out)[i] = (*out)[n - 1 - i];
		(*out)[n - 1 - i] = t;
	}
	for (i = 0; i < n; i++) {
		sm_diff_chunk c = (*out)[i];
		(*out)[i] = (sm_diff_chunk){na - c.a1, na - c.a0, nb - c.b1, nb - c.b0};
	}
	return 0;
}

/*
 * The changed region c with its blank lines paired where a diff of the region's shape pairs them
 * (lines of substance compared by their first word only, runs of blank lines as a whole), so
 * that the blank lines between two imports pair with the blank lines between two imports on the
 * other side; appended to *v as the regions between the pairs. SEAM_ENOMEM when out of memory.
 */
static int pair_blanks(const uint64_t *ha, const uint64_t *hb, const side *dels, const side *adds,
                       const sm_diff_chunk *c, int late, sm_diff_chunk **v, size_t *n, size_t *cap)
{
	size_t la = c->a1 - c->a0, lb = c->b1 - c->b0, k, a, b, pa = c->a0, pb = c->b0, nsub = 0;
	size_t ta_n, tb_n, *aa = sm_malloc((la + 1) * sizeof(*aa)), *ab = sm_malloc((lb + 1) * sizeof(*ab));
	uint64_t *ta = sm_malloc((la ? la : 1) * sizeof(*ta)), *tb = sm_malloc((lb ? lb : 1) * sizeof(*tb));
	sm_diff_chunk *sub = NULL;
	int rc = SEAM_ENOMEM;

	if (!ta || !tb || !aa || !ab)
		goto out;
	ta_n = shape(dels, ha, c->a0, c->a1, ta, aa);
	tb_n = shape(adds, hb, c->b0, c->b1, tb, ab);
	if (diff_ties(ta, ta_n, tb, tb_n, late, &sub, &nsub))
		goto out;
	/* the equal stretches between the shape's regions: runs of blank lines pair line for
	   line (equal tokens: the same texts, as many) */
	a = 0;
	b = 0;
	for (k = 0; k <= nsub; k++) {
		size_t a0 = k < nsub ? sub[k].a0 : ta_n, b0 = k < nsub ? sub[k].b0 : tb_n, x, y;
		for (; a < a0 && b < b0; a++, b++) {
			if (!side_blank(dels, aa[a]))
				continue;
			for (x = aa[a], y = ab[b]; x < aa[a + 1] && y < ab[b + 1]; x++, y++) {
				if (ha[x] != hb[y])
					break;
				if (add_chunk(v, n, cap, pa, x, pb, y))
					goto out;
				pa = x + 1;
				pb = y + 1;
			}
		}
		if (k < nsub) {
			a = sub[k].a1;
			b = sub[k].b1;
		}
	}
	if (add_chunk(v, n, cap, pa, c->a1, pb, c->b1))
		goto out;
	rc = 0;
out:
	sm_free(ta);
	sm_free(tb);
	sm_free(aa);
	sm_free(ab);
	sm_free(sub);
	return rc;
}

/* The lines of substance of l[0..n): their hashes and positions; the count. */
static size_t substance(const side *l, const uint64_t *h, size_t n, uint64_t *sh,
			uint32_t *at)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (!side_blank(l, i)) {
			sh[m] = h[i];
			at[m++] = (uint32_t)i;
		}
	return m;
}

/*
 * The changed regions of dels against adds (hashes ha, hb), blank lines paired last: a diff that
 * takes a blank line as freely as a line of substance may pair a blank line of the old side
 * with one of the new across the lines that belong together (a line moved, a line left out of
 * one side), which then fall on the wrong side of it, and a block's edge rules see a new side
 * out of its order. So the sides are diffed on their lines of substance alone (a blank line
 * pairs with nothing: left out of the diff, not made a difference of its own, which would
 * spend the diff's SM_DIFF_MAX_D on a long file's blank lines and give up on all of it); the
 * regions are the stretches between the pairs, and inside a region blank lines are then
 * paired by the region's shape (pair_blanks). *out and *nout as sm_diff_lines; SEAM_ENOMEM
 * when out of memory, SEAM_ELIMIT past 32-bit line numbers.
 */
static int diff_substance_first(const uint64_t *ha, size_t nd, const uint64_t *hb, size_t na,
                                const side *dels, const side *adds, int late, sm_diff_chunk **out,
                                size_t *nout)
{
	uint64_t *sa = NULL, *sb = NULL;
	uint32_t *pa = NULL, *pb = NULL;
	sm_diff_chunk *ch = NULL, *reg = NULL, *res = NULL;
	size_t nch = 0, k, nreg = 0, rcap = 0, nres = 0, cap = 0, ma, mb, ca = 0, cb = 0, la = 0,
	       lb = 0;
	int rc = SEAM_ENOMEM;

	if (nd > UINT32_MAX || na > UINT32_MAX)
		return SEAM_ELIMIT;
	sa = sm_malloc((nd ? nd : 1) * sizeof(*sa));
	sb = sm_malloc((na ? na : 1) * sizeof(*sb));
	pa = sm_malloc((nd ? nd : 1) * sizeof(*pa));
	pb = sm_malloc((na ? na : 1) * sizeof(*pb));
	if (!sa || !sb || !pa || !pb)
		goto out;
	ma = substance(dels, ha, nd, sa, pa);
	mb = substance(adds, hb, na, sb, pb);
	if (diff_ties(sa, ma, sb, mb, late, &ch, &nch))
		goto out;
	/* the stand-ins go before the regions' own tables are made (a whole file's edit: two
	   tables of its lines) */
	sm_free(sa);
	sm_free(sb);
	sa = sb = NULL;
	/* each pair of equal lines of substance ends the region before it */
	for (k = 0; k <= nch; k++) {
		size_t ea = k < nch ? ch[k].a0 : ma, eb = k < nch ? ch[k].b0 : mb;
		for (; ca < ea && cb < eb; ca++, cb++) {
			if (add_chunk(&reg, &nreg, &rcap, la, pa[ca], lb, pb[cb]))
				goto out;
			la = (size_t)pa[ca] + 1;
			lb = (size_t)pb[cb] + 1;
		}
		if (k < nch) {
			ca = ch[k].a1;
			cb = ch[k].b1;
		}
	}
	if (add_chunk(&reg, &nreg, &rcap, la, nd, lb, na))
		goto out;
	sm_free(pa);
	sm_free(pb);
	pa = pb = NULL;
	for (k = 0; k < nreg; k++)
		if (pair_blanks(ha, hb, dels, adds, &reg[k], late, &res, &nres, &cap))
			goto out;
	*out = res;
	*nout = nres;
	res = NULL;
	rc = 0;
out:
	sm_free(sa);
	sm_free(sb);
	sm_free(pa);
	sm_free(pb);
	sm_free(ch);
	sm_free(reg);
	sm_free(res);
	return rc;
}

/* The hash a line of a change run is paired by: its bytes, or for an elision marker ("...",
 * "# …", a C comment of dots: sm_is_elision) its text with typography folded and trailing blanks
 * ignored, indentation kept, so that "    …" on one side and "    ..." on the other pair as one
 * marker (a model's typography on one copy only). Only lines that are markers on both sides
 * pair so: a marker is no line of code in any language but Python's `...` body, which a
 * model does not write as "…" either. Its hash can equal no code line's. */
static uint64_t side_hash(sm_span t)
{
	if (sm_is_elision(t.p, t.n))
		return sm_text_hash(t.p, t.n, SM_LVL_TYPO) ^ 0x2e2e2e2e2e2e2e2eull;
	return sm_text_hash(t.p, t.n, SM_LVL_EXACT);
}

/* Emits dels[0..nd) and adds[0..na) with the lines they share as context. Returns the number of
 * shared lines, or SEAM_ENOMEM when out of memory. */
static long rediff(sm_medit *me, size_t *cap, const side *dels, size_t nd, const side *adds,
                   size_t na, int late)
{
	uint64_t *ha = NULL, *hb = NULL;
	sm_diff_chunk *ch = NULL;
	size_t nch = 0, i, k, a = 0, b = 0;
	long shared = 0;

	ha = sm_malloc((nd ? nd : 1) * sizeof(*ha));
	hb = sm_malloc((na ? na : 1) * sizeof(*hb));
	if (!ha || !hb)
		goto oom;
	/* Compared exactly: a REPLACE line that differs from its SEARCH line only by trailing
	 * blanks is a change the model asked for (real replies strip trailing spaces so). But an
	 * elision marker is no code to change: on both sides, but for typography ("…" for "...")
	 * or trailing blanks, it is one marker kept (side_hash). */
	for (i = 0; i < nd; i++)
		ha[i] = side_hash(side_text(dels, i));
	for (i = 0; i < na; i++)
		hb[i] = side_hash(side_text(adds, i));
	if (diff_substance_first(ha, nd, hb, na, dels, adds, late, &ch, &nch))
		goto oom;
	/* the hashes go before the sequence fills (a whole file's edit: 16 bytes a line) */
	sm_free(ha);
	sm_free(hb);
	ha = hb = NULL;
	for (k = 0; k <= nch; k++) {
		size_t a0 = k < nch ? ch[k].a0 : nd, b0 = k < nch ? ch[k].b0 : na;
		for (; a < a0 && b < b0; a++, b++, shared++)
			if (push(me, cap, dels, a, SM_HL_CTX))
				goto oom;
		if (k == nch)
			break;
		for (a = ch[k].a0; a < ch[k].a1; a++)
			if (push(me, cap, dels, a, SM_HL_DEL))
				goto oom;
		for (b = ch[k].b0; b < ch[k].b1; b++)
			if (push(me, cap, adds, b, SM_HL_ADD))
				goto oom;
		a = ch[k].a1;
		b = ch[k].b1;
	}
	sm_free(ch);
	return shared;
oom:
	sm_free(ha);
	sm_free(hb);
	sm_free(ch);
	return SEAM_ENOMEM;
}

static int finish(sm_medit *me, sm_edit_kind kind, unsigned int flags);

int sm_prep_edit_ties(sm_medit *me, const sm_edit *e, int late)
{
	size_t cap = 0, i = 0, n = e->nlines, k, nctx = 0;
	const sm_hline *L = e->lines;
	side all = {L, NULL};

	memset(me, 0, sizeof(*me));
	me->hint_start = e->hint_start;
	me->late_ties = late;
	me->kind = e->kind;
	me->flags = e->flags;
	for (k = 0; k < n; k++)
		nctx += L[k].kind == SM_HL_CTX;
	/* every line of the edit gives at most one line of seq (a shared pair gives one for two):
	   its exact room, not a doubling table up to twice it (issue 12's memory bound) */
	if (n) {
		me->seq = sm_malloc(n * sizeof(*me->seq));
		if (!me->seq)
			return SEAM_ENOMEM;
		cap = n;
	}
	me->blocklike = e->kind == SM_KIND_BLOCK || nctx == 0;
	while (i < n) {
		size_t d0 = i, d1, a1;
		long shared;
		if (L[i].kind == SM_HL_CTX) {
			if (push(me, &cap, &all, i, SM_HL_CTX))
				goto oom;
			me->seq[me->nseq - 1].given = e->kind == SM_KIND_HUNK;
			i++;
			continue;
		}
		/* a change run: deletions then additions (additions before deletions are taken
		 * as they come: a diff writes them in either order) */
		while (i < n && L[i].kind == SM_HL_DEL)
			i++;
		d1 = i;
		while (i < n && L[i].kind == SM_HL_ADD)
			i++;
		a1 = i;
		if (d1 == d0 || a1 == d1) {
			for (k = d0; k < a1; k++)
				if (push(me, &cap, &all, k, L[k].kind))
					goto oom;
			continue;
		}
		{
			side dels = {L + d0, NULL}, adds = {L + d1, NULL};
			shared = rediff(me, &cap, &dels, d1 - d0, &adds, a1 - d1, late);
		}
		me->one_run = d0 == 0 && a1 == n;
		if (shared < 0)
			goto oom;
		/* A run that rewrites a block and repeats some of its lines is a whole-sides
		 * rewrite: its new side is complete, so lines dropped from its old side only are
		 * the same lines as the new side's. */
		if (shared >= 2)
			me->blocklike = 1;
	}
	if (finish(me, e->kind, e->flags))
		goto oom;
	return 0;
oom:
	sm_prep_dispose(me);
	return SEAM_ENOMEM;
}

int sm_prep_edit(sm_medit *me, const sm_edit *e)
{
	return sm_prep_edit_ties(me, e, 0);
}

/* The end of an edit's preparation, once its sequence is made: the blank old side's rule, the
 * elisions, the old lines' indexes. SEAM_ENOMEM when out of memory (me is left to dispose). */
static int finish(sm_medit *me, sm_edit_kind kind, unsigned int flags)
{
	size_t k;

	/* An old side of blank lines only stands for nothing (older replies write one blank line
	 * in an ORIGINAL block to create a file): the edit appends, or creates the file. A
	 * numbered blank line is a place, though (ln-diff "39|" inserts at line 39), and so is a
	 * diff's "-" blank line: it deletes a line. */
	if (kind == SM_KIND_BLOCK && !(flags & SM_EDIT_NUMBERED)) {
		size_t w = 0, solid = 0;
		for (k = 0; k < me->nseq; k++)
			solid += me->seq[k].kind != SM_HL_ADD && !me->seq[k].l.blank;
		if (!solid) {
			for (k = 0; k < me->nseq; k++)
				if (me->seq[k].kind != SM_HL_DEL) {
					me->seq[w] = me->seq[k];
					me->seq[w++].kind = SM_HL_ADD;
				}
			me->nseq = w;
		}
	}
	me->old = sm_malloc((me->nseq ? me->nseq : 1) * sizeof(*me->old));
	if (!me->old)
		return SEAM_ENOMEM;
	for (k = 0; k < me->nseq; k++) {
		sm_mline *ml = &me->seq[k];
		if (ml->kind == SM_HL_ADD)
			continue;
		/* a placeholder kept on both sides ("// ... existing code ...") is an elision */
		ml->elide = ml->kind == SM_HL_CTX && (sm_is_elision(ml->l.p, ml->l.n) ||
						      sm_lazy_is_marker(ml->l.p, ml->l.n));
		me->old[me->nold++] = k;
	}
	return 0;
}

static int prep_sides(sm_medit *me, const sm_prep_side *old, const sm_prep_side *new, int late)
{
	side dels = {NULL, old}, adds = {NULL, new};
	size_t cap = old->n + new->n, k;

	memset(me, 0, sizeof(*me));
	me->kind = SM_KIND_BLOCK;
	me->blocklike = 1;
	me->late_ties = late;
	/* as sm_prep_edit on the edit of old's lines deleted and new's added: one change run */
	if (cap) {
		me->seq = sm_malloc(cap * sizeof(*me->seq));
		if (!me->seq)
			return SEAM_ENOMEM;
	}
	if (!old->n || !new->n) {
		for (k = 0; k < old->n; k++)
			if (push(me, &cap, &dels, k, SM_HL_DEL))
				goto oom;
		for (k = 0; k < new->n; k++)
			if (push(me, &cap, &adds, k, SM_HL_ADD))
				goto oom;
	} else if (rediff(me, &cap, &dels, old->n, &adds, new->n, late) < 0) {
		goto oom;
	} else {
		me->one_run = 1;
	}
	if (finish(me, SM_KIND_BLOCK, 0))
		goto oom;
	return 0;
oom:
	sm_prep_dispose(me);
	return SEAM_ENOMEM;
}

int sm_prep_sides(sm_medit *me, const sm_prep_side *old, const sm_prep_side *new)
{
	return prep_sides(me, old, new, 0);
}

int sm_prep_sides_late(sm_medit *me, const sm_prep_side *old, const sm_prep_side *new)
{
	return prep_sides(me, old, new, 1);
}

int sm_prep_new_side(sm_medit *out, const sm_medit *in)
{
	size_t k;

	memset(out, 0, sizeof(*out));
	out->seq = sm_malloc((in->nseq ? in->nseq : 1) * sizeof(*out->seq));
	out->old = sm_malloc((in->nseq ? in->nseq : 1) * sizeof(*out->old));
	if (!out->seq || !out->old) {
		sm_prep_dispose(out);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < in->nseq; k++) {
		if (!sm_mline_is_new(&in->seq[k])) /* a kept deletion is on the new side too */
			continue;
		out->seq[out->nseq] = in->seq[k];
		out->seq[out->nseq].kind = SM_HL_CTX;
		out->seq[out->nseq].keep = 0;
		out->old[out->nold] = out->nseq;
		out->nseq++;
		out->nold++;
	}
	return 0;
}

void sm_prep_dispose(sm_medit *me)
{
	sm_free(me->seq);
	sm_free(me->old);
	me->seq = NULL;
	me->old = NULL;
	me->nseq = me->nold = 0;
}
