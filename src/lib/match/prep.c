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

#include <string.h>

static int push(sm_medit *me, size_t *cap, const sm_hline *hl, char kind)
{
	sm_mline *ml;

	if (sm_grow((void **)&me->seq, cap, me->nseq + 1, sizeof(*me->seq)))
		return SEAM_ENOMEM;
	ml = &me->seq[me->nseq++];
	memset(ml, 0, sizeof(*ml));
	sm_line_init(&ml->l, hl->text.p, hl->text.n);
	ml->kind = kind;
	ml->reply_line = hl->reply_line;
	return 0;
}

/* Emits dels[0..nd) and adds[0..na) with the lines they share as context. Returns the number of
 * shared lines, or -1 when out of memory. */
static long rediff(sm_medit *me, size_t *cap, const sm_hline *dels, size_t nd, const sm_hline *adds,
		   size_t na)
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
	 * blanks is a change the model asked for (real replies strip trailing spaces so). */
	for (i = 0; i < nd; i++)
		ha[i] = sm_text_hash(dels[i].text.p, dels[i].text.n, SM_LVL_EXACT);
	for (i = 0; i < na; i++)
		hb[i] = sm_text_hash(adds[i].text.p, adds[i].text.n, SM_LVL_EXACT);
	if (sm_diff_lines(ha, nd, hb, na, SM_DIFF_MAX_D, &ch, &nch))
		goto oom;
	for (k = 0; k <= nch; k++) {
		size_t a0 = k < nch ? ch[k].a0 : nd, b0 = k < nch ? ch[k].b0 : na;
		for (; a < a0 && b < b0; a++, b++, shared++)
			if (push(me, cap, &dels[a], SM_HL_CTX))
				goto oom;
		if (k == nch)
			break;
		for (a = ch[k].a0; a < ch[k].a1; a++)
			if (push(me, cap, &dels[a], SM_HL_DEL))
				goto oom;
		for (b = ch[k].b0; b < ch[k].b1; b++)
			if (push(me, cap, &adds[b], SM_HL_ADD))
				goto oom;
		a = ch[k].a1;
		b = ch[k].b1;
	}
	sm_free(ha);
	sm_free(hb);
	sm_free(ch);
	return shared;
oom:
	sm_free(ha);
	sm_free(hb);
	sm_free(ch);
	return SEAM_ENOMEM;
}

int sm_prep_edit(sm_medit *me, const sm_edit *e)
{
	size_t cap = 0, i = 0, n = e->nlines, k, nctx = 0;
	const sm_hline *L = e->lines;

	memset(me, 0, sizeof(*me));
	me->hint_start = e->hint_start;
	me->kind = e->kind;
	me->flags = e->flags;
	for (k = 0; k < n; k++)
		nctx += L[k].kind == SM_HL_CTX;
	me->blocklike = e->kind == SM_KIND_BLOCK || nctx == 0;
	while (i < n) {
		size_t d0 = i, d1, a1;
		long shared;
		if (L[i].kind == SM_HL_CTX) {
			if (push(me, &cap, &L[i], SM_HL_CTX))
				goto oom;
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
				if (push(me, &cap, &L[k], L[k].kind))
					goto oom;
			continue;
		}
		shared = rediff(me, &cap, L + d0, d1 - d0, L + d1, a1 - d1);
		if (shared < 0)
			goto oom;
		/* A run that rewrites a block and repeats some of its lines is a whole-sides
		 * rewrite: its new side is complete, so lines dropped from its old side only are
		 * the same lines as the new side's. */
		if (shared >= 2)
			me->blocklike = 1;
	}
	/* An old side of blank lines only stands for nothing (older replies write one blank line
	 * in an ORIGINAL block to create a file): the edit appends, or creates the file. A
	 * numbered blank line is a place, though (ln-diff "39|" inserts at line 39), and so is a
	 * diff's "-" blank line: it deletes a line. */
	if (e->kind == SM_KIND_BLOCK && !(e->flags & SM_EDIT_NUMBERED)) {
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
		goto oom;
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
oom:
	sm_prep_dispose(me);
	return SEAM_ENOMEM;
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
