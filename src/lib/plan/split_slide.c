/*
 * A run's additions at its edge that read as well on the other side of its context: the hunk
 * "  }", "+}" is the hunk "+}", "  }", the same new side. Within one place the two are one
 * file; across the cut of a split hunk they are two, the lines written before or after the
 * stretch the merged hunk skipped, and which copy of the repeated line the sides' diff (or the
 * model) paired as the context line says nothing about which was meant.
 */
#include "split_slide.h"

/* 1 when the lines c[0..m) and n[0..t) (indexes into me->seq) give the same lines in either
 * order, c then n or n then c, byte for byte: n slides across c and the new side stays. */
static int commute(const sm_medit *me, const size_t *c, size_t m, const size_t *n, size_t t)
{
	size_t i;

	for (i = 0; i < m + t; i++) {
		const sm_line *x = &me->seq[i < m ? c[i] : n[i - m]].l;
		const sm_line *y = &me->seq[i < t ? n[i] : c[i - t]].l;
		if (x->n != y->n || memcmp(x->p, y->p, x->n))
			return 0;
	}
	return 1;
}

/* 1 when added line l reads as a line the hunk deletes in [s, e) rewritten (or moved): the
 * same text at any depth, or as like it as a miscopied line is (SM_MIN_LINE_SIMILARITY). With
 * [s, e) the hunk's lines on the run's side of the cut, such a line replaces that deletion,
 * or moves it, where it stands, and does not slide across the stretch away from it. */
static int rewrites_own(const sm_medit *me, const sm_line *l, size_t s, size_t e)
{
	for (; s < e; s++) {
		const sm_line *d = &me->seq[s].l;
		if (me->seq[s].kind != SM_HL_DEL || d->blank)
			continue;
		if (d->h_indent == l->h_indent ||
		    (l->n * 2 >= d->n && d->n * 2 >= l->n &&
		     sm_text_similar(l->p, l->n, d->p, d->n, SM_MIN_LINE_SIMILARITY)))
			return 1;
	}
	return 0;
}

/*
 * 1 when the first t (1 <= t <= m) of the n[0..q) lines a run adds at its edge slide across
 * the m context lines c it reads on that side (commute), a line of substance among them and
 * none a rewrite of a deletion on the run's side of the cut, [s, e) (rewrites_own): they may as
 * well stand beyond that context, at the cut. (Lines that commute with c are a power of the word c
 * is one of, and so is their shortest such head: no longer one than m need be tried.) c and n
 * are given from the cut inwards for the run after it (r) and outwards, the reversed way, for
 * the run before it (p): commuting does not care.
 */
static int slides(const sm_medit *me, const size_t *c, size_t m, const size_t *n, size_t q,
                  size_t s, size_t e)
{
	size_t t;
	int solid = 0;

	for (t = 1; t <= m && t <= q; t++) {
		if (rewrites_own(me, &me->seq[n[t - 1]].l, s, e))
			return 0;
		solid |= !me->seq[n[t - 1]].l.blank;
		if (solid && commute(me, c, m, n, t))
			return 1;
	}
	return 0;
}

/*
 * Runs p and r, one after the other with a stretch of the file between their places: 1 when
 * the lines r adds first (before or after its first deletions: within a run their order is
 * no place) slide up across the context r reads before its change, or the lines p adds last
 * slide down across the context p reads after its change, to the cut: they go after the
 * stretch or before it, two files, and nothing in the reply says which (the split does not
 * decide). Only the context the run reads after the runs are clipped apart counts; a run that
 * reads none at that edge has its additions at the cut already (sm_split_cut_adds_twin,
 * sm_split_move_lead_adds). SEAM_ENOMEM when out of memory.
 */
int sm_split_adds_slide_to_cut(const sm_medit *me, const run *p, const run *r)
{
	size_t *v, k, m, q, n0, w;
	int rv = 0;

	if (p->m.best.end >= r->m.best.start)
		return 0; /* side by side in the file: both readings are one */
	n0 = (r->e - r->s) + (p->e - p->s) + (r->s - r->us) + p->sub.nseq + 1;
	if (!(v = sm_malloc(n0 * sizeof(*v))))
		return SEAM_ENOMEM;
	/* r: its context [us, s) as read, then its additions in order */
	m = r->s - r->us;
	for (k = r->us, w = 0; k < r->s; k++)
		v[w++] = k;
	for (k = r->s, q = 0; k < r->e; k++)
		if (me->seq[k].kind == SM_HL_ADD)
			v[m + q++] = k;
	if (m && q && slides(me, v, m, v + m, q, r->s, me->nseq))
		rv = 1;
	/* p: the context its clipped slice still reads after its change, then its additions,
	   both from the cut back */
	if (!rv && p->sub.nseq > p->e - p->us) {
		m = p->sub.nseq - (p->e - p->us);
		for (k = 0; k < m; k++)
			v[k] = p->e + m - 1 - k;
		for (k = p->e, q = 0; k-- > p->s;)
			if (me->seq[k].kind == SM_HL_ADD)
				v[m + q++] = k;
		if (q && slides(me, v, m, v + m, q, 0, p->e))
			rv = 1;
	}
	sm_free(v);
	return rv;
}
