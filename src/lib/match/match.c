/*
 * Candidate lists: the places a tier found, kept best first up to SM_KEEP_CANDS, a place found
 * twice kept once at its lower cost. The tiers fill them, the runner (match_ladder.c) reads
 * them.
 */
#include "match.h"
#include "match_costs.h"
#include "../../util/alloc.h"

#include <string.h>

void sm_cand_free(sm_cand *c)
{
	sm_free(c->lo);
	sm_free(c->hi);
	c->lo = c->hi = NULL;
}

int sm_cand_copy(sm_cand *dst, const sm_cand *src, size_t nold)
{
	*dst = *src;
	dst->lo = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	dst->hi = sm_malloc((nold ? nold : 1) * sizeof(size_t));
	if (!dst->lo || !dst->hi) {
		sm_cand_free(dst);
		return SEAM_ENOMEM;
	}
	if (nold) {
		memcpy(dst->lo, src->lo, nold * sizeof(size_t));
		memcpy(dst->hi, src->hi, nold * sizeof(size_t));
	}
	return 0;
}

static long dist(long a, long b)
{
	return a > b ? a - b : b - a;
}

/*
 * A block whose every old line carries its number (ln-diff) shifts as a whole when the file
 * moved under it, and a line the model left out leaves a gap in the numbers, not a shift: two
 * lines that stand at other distances apart in a place than their numbers say were not copied
 * from that place. A tolerant tier that fits a miscopied line to another file line can find
 * such a place (a miscopied first line taken for the line below it, with a blank line of the
 * block let go to make room), and a splice there writes lines the new side repeats twice.
 */
/* The file line numbered k before the reply within SM_WINDOW_SLACK lines of c's region,
 * SM_NOLINE when none (a place whose numbers are that far off is judged by its lines of
 * substance). */
static size_t orig_near(const sm_image *im, const sm_cand *c, long k)
{
	size_t f = c->start > SM_WINDOW_SLACK ? c->start - SM_WINDOW_SLACK : 0,
	       to = c->end + SM_WINDOW_SLACK < im->n ? c->end + SM_WINDOW_SLACK : im->n;

	for (; k > 0 && f < to; f++)
		if ((long)sm_ln(im, f)->orig == k)
			return f;
	return SM_NOLINE;
}

/* 1 when file line f holds the text of a context line of e (the new side keeps that text as
 * the copy of an old line). */
static int ctx_text(const sm_image *im, const sm_medit *e, size_t f)
{
	const sm_line *l = sm_ln(im, f);
	size_t i;

	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		if (sm_mline_is_new(ml) && !ml->l.blank && ml->l.h_indent == l->h_indent)
			return 1;
	}
	return 0;
}

/*
 * The blank lines of a numbered block are not judged by their own place: a run of blank lines
 * pairs them in any order, and a blank line let go has none. But one whose number, shifted as
 * the lines of substance are, names a file line that is not blank was not copied from the
 * place; nor was one naming a line outside the place when a line between the two is the copy
 * of a context line of the block (the line the block left out, a gap in its numbers, which the
 * new side keeps: it reads there as that context line's copy, and the splice writes it again;
 * a left-out line the new side adds is written once, one it leaves out stays). 1 with old[0]
 * the first line of substance, old[1] that blank line; 0 when none.
 */
static int blank_against(const sm_image *im, const sm_medit *e, const sm_cand *c, long shift,
			 size_t first, size_t old[2])
{
	size_t i, lo, hi, f, a, z;
	long want;

	if (c->end <= c->start || c->end > im->n || !sm_ln(im, c->start)->orig ||
	    !sm_ln(im, c->end - 1)->orig)
		return 0;
	lo = sm_ln(im, c->start)->orig;
	hi = sm_ln(im, c->end - 1)->orig;
	for (i = 0; i < e->nold; i++) {
		if (!e->old_no[i] || !e->seq[e->old[i]].l.blank || e->seq[e->old[i]].elide)
			continue;
		want = (long)e->old_no[i] + shift;
		f = orig_near(im, c, want);
		if (f == SM_NOLINE)
			continue; /* far, gone, or changed by an earlier edit */
		if (!sm_ln(im, f)->blank)
			goto against;
		if (want >= (long)lo && want <= (long)hi)
			continue;
		/* the file lines between the named line and the place's edge */
		a = want < (long)lo ? f + 1 : c->end;
		z = want < (long)lo ? c->start : f;
		if (z < a || z - a > SM_WINDOW_SLACK)
			continue;
		for (f = a; f < z; f++)
			if (!sm_ln(im, f)->blank && ctx_text(im, e, f))
				goto against;
	}
	return 0;
against:
	old[0] = first;
	old[1] = i;
	return 1;
}

int sm_cand_against_numbers(const sm_image *im, const sm_medit *e, const sm_cand *c,
			    size_t old[2])
{
	size_t i, first = SM_NOLINE;
	long shift = 0;

	if (!e->old_no || !c->lo || !c->hi)
		return 0;
	for (i = 0; i < e->nold; i++) {
		const sm_mline *ml = &e->seq[e->old[i]];
		long s;
		if (!e->old_no[i] || ml->l.blank || ml->elide || c->lo[i] == SM_NOLINE ||
		    c->hi[i] != c->lo[i] + 1 || c->lo[i] >= im->n || !sm_ln(im, c->lo[i])->orig)
			continue;
		s = (long)sm_ln(im, c->lo[i])->orig - (long)e->old_no[i];
		if (first == SM_NOLINE) {
			first = i;
			shift = s;
		} else if (s != shift) {
			old[0] = first;
			old[1] = i;
			return 1;
		}
	}
	return first != SM_NOLINE && blank_against(im, e, c, shift, first, old);
}

long sm_cand_hint_dist(const sm_cands *cs, const sm_cand *c)
{
	if (cs->hint <= 0 || !cs->im)
		return 0;
	return dist(sm_image_orig_near(cs->im, c->start), cs->hint);
}

/* 1 when a is a worse candidate to keep than b. */
static int worse(const sm_cands *cs, const sm_cand *a, const sm_cand *b)
{
	if (a->cost != b->cost)
		return a->cost > b->cost;
	return sm_cand_hint_dist(cs, a) > sm_cand_hint_dist(cs, b);
}

int sm_cands_add(sm_cands *cs, const sm_cand *cand, size_t nold)
{
	size_t i, worst = 0;

	for (i = 0; i < cs->n; i++) {
		sm_cand *o = &cs->v[i];
		if (o->start == cand->start && o->end == cand->end) {
			if (cand->cost < o->cost) {
				sm_cand_free(o);
				return sm_cand_copy(o, cand, nold);
			}
			return 0;
		}
	}
	cs->total++;
	if (cs->n < SM_KEEP_CANDS) {
		if (sm_grow((void **)&cs->v, &cs->cap, cs->n + 1, sizeof(*cs->v)))
			return SEAM_ENOMEM;
		if (sm_cand_copy(&cs->v[cs->n], cand, nold))
			return SEAM_ENOMEM;
		cs->n++;
		return 0;
	}
	for (i = 1; i < cs->n; i++)
		if (worse(cs, &cs->v[i], &cs->v[worst]))
			worst = i;
	if (worse(cs, &cs->v[worst], cand)) {
		sm_cand_free(&cs->v[worst]);
		return sm_cand_copy(&cs->v[worst], cand, nold);
	}
	return 0;
}

void sm_cands_clear(sm_cands *cs)
{
	size_t i;
	for (i = 0; i < cs->n; i++)
		sm_cand_free(&cs->v[i]);
	cs->n = 0;
	cs->total = 0;
}

void sm_cands_dispose(sm_cands *cs)
{
	sm_cands_clear(cs);
	sm_free(cs->v);
	cs->v = NULL;
	cs->cap = 0;
}
