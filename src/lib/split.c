/*
 * Models merge two hunks into one (skipping the unchanged lines between them without a divider)
 * and get the far ends of long context wrong. Each change run is then found on its own, with as
 * much of its own context as still fits, never less than one line on a side that had any, and
 * the runs must come out in the order the hunk gives them.
 */
#include "split.h"
#include "../util/alloc.h"

#include <string.h>

/* A run keeps at least this much substance: a lone "}" or "return" fits anywhere. */
#define MIN_SOLID_CHARS 8
/* Lines of slack, beyond its own distance, for where a cut context line that repeats a deleted
 * line may stand (blank lines and a miscopied neighbour in between). */
#define SPLIT_CUT_SLACK 2

typedef struct run {
	size_t s, e;       /* the change lines in me->seq */
	size_t ls, te;     /* the widest slice: leading context from ls, trailing up to te */
	size_t us, ue;     /* the slice the run was found with */
	sm_medit sub;
	sm_match m;
	int found;
} run;

static int make_sub(sm_medit *sub, const sm_medit *me, size_t a, size_t b)
{
	size_t k;

	memset(sub, 0, sizeof(*sub));
	sub->seq = sm_malloc((b - a + 1) * sizeof(*sub->seq));
	sub->old = sm_malloc((b - a + 1) * sizeof(*sub->old));
	if (!sub->seq || !sub->old)
		return -1;
	memcpy(sub->seq, me->seq + a, (b - a) * sizeof(*sub->seq));
	sub->nseq = b - a;
	sub->blocklike = me->blocklike;
	sub->flags = me->flags;
	for (k = 0; k < sub->nseq; k++)
		if (sub->seq[k].kind != SM_HL_ADD)
			sub->old[sub->nold++] = k;
	return 0;
}

static void free_sub(sm_medit *sub)
{
	sm_free(sub->seq);
	sm_free(sub->old);
	memset(sub, 0, sizeof(*sub));
}

static int solid(const sm_medit *sub)
{
	size_t i, best = 0;
	for (i = 0; i < sub->nold; i++) {
		const sm_line *l = &sub->seq[sub->old[i]].l;
		char tmp[256];
		size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);
		n = sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp);
		if (n > best)
			best = n;
	}
	return best >= MIN_SOLID_CHARS && sub->nold >= 2;
}

/* 0 when a side of r's context, as located with `lead` and `trail` lines, stands on no file
 * line (the blank-lines tier let go of all of it: blank lines the file does not have there)
 * while that side's widest context had a non-blank line, cut to fit: the run's new lines on
 * that side are then placed by nothing the reply gave there, and a merged hunk's skipped
 * stretch may well lie between them and where they belong. */
static int sides_anchored(const sm_medit *me, const run *r, size_t lead, size_t trail)
{
	const sm_medit *sub = &r->sub;
	const sm_cand *c = &r->m.best;
	size_t i, k;
	int top = !lead, bottom = !trail, solid_top = 0, solid_bottom = 0;

	for (i = 0; i < sub->nold; i++) {
		k = sub->old[i];
		if (c->lo[i] == SM_NOLINE || c->hi[i] <= c->lo[i])
			continue;
		top |= k < lead;
		bottom |= k >= sub->nseq - trail;
	}
	for (k = r->ls; k < r->s; k++)
		solid_top |= !me->seq[k].l.blank;
	for (k = r->e; k < r->te; k++)
		solid_bottom |= !me->seq[k].l.blank;
	return (top || !solid_top) && (bottom || !solid_bottom);
}

/* Finds run r in [lo, hi), shrinking its context; 1 found, 0 not, -1 out of memory. */
static int locate(const sm_image *im, const sm_medit *me, run *r, size_t lo, size_t hi,
		  sm_budget *budget)
{
	size_t lead = r->s - r->ls, trail = r->te - r->e;
	size_t minl = lead ? 1 : 0, mint = trail ? 1 : 0;

	for (;;) {
		sm_mctx c = {0};
		if (sm_budget_out(budget))
			return 0;
		if (make_sub(&r->sub, me, r->s - lead, r->e + trail))
			return -1;
		if (solid(&r->sub)) {
			c.im = im;
			c.e = &r->sub;
			c.lo = lo;
			c.hi = hi;
			c.budget = budget;
			if (sm_match_run(&c, SM_TIER_EXACT, SM_TIER_SPLIT, &r->m))
				return -1;
			if (r->m.status == SEAM_STATUS_APPLIED &&
			    sides_anchored(me, r, lead, trail)) {
				r->us = r->s - lead;
				r->ue = r->e + trail;
				return 1;
			}
			if (r->m.status == SEAM_STATUS_AMBIGUOUS) {
				/* less context can only fit more places */
				sm_match_dispose(&r->m);
				free_sub(&r->sub);
				return 0;
			}
			sm_match_dispose(&r->m);
		}
		free_sub(&r->sub);
		if (lead <= minl && trail <= mint)
			return 0;
		if (lead >= trail && lead > minl)
			lead--;
		else
			trail--;
	}
}

/* 1 when the context line l, cut from a run found at cand, is accounted for: it is in the file
 * somewhere (the lines a merged hunk skipped are), is blank or an elision, or is a miscopy of
 * a line near the place found. */
static int cut_ok(const sm_image *im, const sm_medit *me, const sm_mline *ml, const sm_cand *cand,
		  long dist, size_t gap_lo, size_t gap_hi)
{
	size_t j, lo, hi, deleted = 0;
	uint64_t h = ml->l.h[SM_LVL_INDENT];

	if (ml->l.blank || ml->elide)
		return 1;
	/* A context line with the text of a line the hunk deletes may be that line moved,
	   written without its '+': a copy elsewhere in the file does not account for it, only
	   one where the cut context stands (right before the place found, dist lines up, or
	   right after it), as the lines a merged hunk skipped are. */
	for (j = 0; j < me->nseq; j++)
		deleted += me->seq[j].kind == SM_HL_DEL && me->seq[j].l.h[SM_LVL_INDENT] == h;
	if (deleted && ml->l.n >= MIN_SOLID_CHARS) {
		size_t d = (size_t)(dist < 0 ? -dist : dist) + SPLIT_CUT_SLACK;
		if (gap_lo < gap_hi) {
			lo = gap_lo;
			hi = gap_hi;
		} else if (dist < 0) {
			lo = cand->start > d ? cand->start - d : 0;
			hi = cand->start;
		} else {
			lo = cand->end;
			hi = cand->end + d < im->n ? cand->end + d : im->n;
		}
		for (j = lo; j < hi; j++)
			if (im->hx[j] == h)
				return 1;
		return 0;
	}
	for (j = 0; j < im->n; j++)
		if (im->hx[j] == h)
			return 1;
	lo = cand->start > 8 ? cand->start - 8 : 0;
	hi = cand->end + 8 < im->n ? cand->end + 8 : im->n;
	for (j = lo; j < hi; j++)
		if (!im->v[j].blank &&
		    sm_text_similarity(ml->l.p, ml->l.n, im->v[j].p, im->v[j].n) >= SM_MISCOPY_SIM)
			return 1;
	return 0;
}

/* 1 when every context line of r's widest slice that its located sub-edit left out is
 * accounted for (cut_ok). */
static int cuts_ok(const sm_image *im, const sm_medit *me, const run *runs, size_t i, size_t nr)
{
	const run *r = &runs[i];
	size_t k, used_from = r->us, used_to = r->ue;
	for (k = r->ls; k < r->te; k++) {
		size_t glo = 0, ghi = 0;
		if (k >= used_from && k < used_to)
			continue;
		/* context between two runs: from the one run's place to the other's (the context
		   the neighbour used, and the lines a merged hunk skipped) */
		if (k < used_from && i > 0) {
			glo = runs[i - 1].m.best.start;
			ghi = r->m.best.start;
		} else if (k >= used_to && i + 1 < nr) {
			glo = r->m.best.end;
			ghi = runs[i + 1].m.best.end;
		}
		if (me->seq[k].kind == SM_HL_CTX &&
		    !cut_ok(im, me, &me->seq[k], &r->m.best,
			    k < used_from ? -(long)(used_from - k) : (long)(k - used_to + 1), glo, ghi))
			return 0;
	}
	return 1;
}

/* Drops trailing context of a that reaches into b's region (context both runs share). */
static int clip(run *a, const run *b)
{
	while (a->sub.nseq && a->sub.seq[a->sub.nseq - 1].kind == SM_HL_CTX) {
		size_t lo = a->m.best.lo[a->sub.nold - 1];
		if (lo != SM_NOLINE && lo < b->m.best.start)
			break;
		a->sub.nseq--;
		a->sub.nold--;
	}
	if (!a->sub.nold)
		return 0;
	{
		size_t k, end = a->m.best.start;
		for (k = 0; k < a->sub.nold; k++)
			if (a->m.best.lo[k] != SM_NOLINE && a->m.best.hi[k] > end)
				end = a->m.best.hi[k];
		a->m.best.end = end;
	}
	return a->m.best.end <= b->m.best.start;
}

/* Columns of indentation of a line on the file's scale (a new line shifted as the splice
 * shifts it); tabs as the match counted them, match_indent.c's default width when it did not. */
#define SPLIT_TABW 4
static long indent_of(const sm_line *l, const sm_cand *c, int is_new)
{
	size_t tw = c->tabw > 0 ? (size_t)c->tabw : SPLIT_TABW;
	long cols = (long)sm_text_indent_cols(l->p, l->n, tw);

	return is_new && c->shifted ? cols + c->delta : cols;
}

/*
 * Run r (after run p) was found with only blank lines of the leading context it was given,
 * the non-blank ones cut: the lines of a merged hunk's skipped stretch lie between p's place
 * and r's, and r's new lines may belong on either side of them. The leading ones (in the new
 * side's order) that stand at the indentation of the stretch's first line and shallower than
 * both its last line and r's first old line (below the stretch they would land inside a deeper
 * block) go above it: they are moved to the end of p, after p's trailing context. The rest must
 * be at least that deep; otherwise nothing moves. -1 when out of memory.
 */
static int move_lead_adds(const sm_image *im, const sm_medit *me, run *p, run *r)
{
	const sm_cand *c = &r->m.best;
	size_t k, a0, a1, n = 0, moved = 0, top = SM_NOLINE, bot = SM_NOLINE, f, oi, w;
	long topind, botind, d;
	int cut_solid = 0, lead_solid = 0, rest = 0;
	sm_mline *v;

	for (k = r->us; k < r->s; k++)
		if (!me->seq[k].l.blank)
			return 0;
	for (k = r->ls; k < r->us; k++)
		cut_solid |= !me->seq[k].l.blank;
	if (!cut_solid)
		return 0;
	a0 = r->s - r->us; /* the run's own lines in r->sub: [a0, a1) */
	a1 = r->e - r->us;
	for (f = p->m.best.end; f < c->start && top == SM_NOLINE; f++)
		if (!im->v[f].blank)
			top = f;
	for (f = c->start; f-- > p->m.best.end && bot == SM_NOLINE;)
		if (!im->v[f].blank)
			bot = f;
	if (top == SM_NOLINE)
		return 0;
	/* the file line of r's first old line after its leading context */
	for (k = 0, oi = 0; k < a0; k++)
		oi += r->sub.seq[k].kind != SM_HL_ADD;
	if (oi >= r->sub.nold || c->lo[oi] == SM_NOLINE || c->lo[oi] >= im->n)
		return 0;
	topind = indent_of(&im->v[top], c, 0);
	botind = indent_of(&im->v[bot], c, 0);
	d = indent_of(&im->v[c->lo[oi]], c, 0);
	if (d < botind)
		botind = d;
	if (topind >= botind)
		return 0;
	/* n: how many of the run's additions, in order, go above */
	for (k = a0, w = 0; k < a1; k++) {
		const sm_line *l = &r->sub.seq[k].l;
		if (r->sub.seq[k].kind != SM_HL_ADD)
			continue;
		w++;
		if (l->blank)
			continue;
		d = indent_of(l, c, 1);
		if (!rest && d == topind) {
			lead_solid = 1;
			continue;
		}
		if (d < botind)
			return 0;
		if (!rest)
			n = w - 1; /* the blank lines before it stay with the lines above */
		rest = 1;
	}
	if (!lead_solid)
		return 0;
	if (!rest)
		n = w;
	v = sm_realloc(p->sub.seq, (p->sub.nseq + n) * sizeof(*v));
	if (!v)
		return -1;
	p->sub.seq = v;
	for (k = a0, w = a0; k < r->sub.nseq; k++) {
		if (moved < n && k < a1 && r->sub.seq[k].kind == SM_HL_ADD) {
			p->sub.seq[p->sub.nseq++] = r->sub.seq[k];
			moved++;
			continue;
		}
		r->sub.seq[w++] = r->sub.seq[k];
	}
	r->sub.nseq = w;
	for (k = 0, r->sub.nold = 0; k < r->sub.nseq; k++)
		if (r->sub.seq[k].kind != SM_HL_ADD)
			r->sub.old[r->sub.nold++] = k;
	return 0;
}

int sm_split_apply(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
		   sm_budget *budget, sm_pedit *pe)
{
	run *runs = NULL;
	size_t nr = 0, cap = 0, k, i;
	int rv = 0;

	for (k = 0; k < me->nseq;) {
		if (me->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		if (sm_grow((void **)&runs, &cap, nr + 1, sizeof(*runs))) {
			rv = -1;
			goto out;
		}
		memset(&runs[nr], 0, sizeof(*runs));
		runs[nr].s = k;
		while (k < me->nseq && me->seq[k].kind != SM_HL_CTX)
			k++;
		runs[nr].e = k;
		nr++;
	}
	if (!nr)
		goto out;
	for (i = 0; i < nr; i++) {
		runs[i].ls = i ? runs[i - 1].e : 0;
		runs[i].te = i + 1 < nr ? runs[i + 1].s : me->nseq;
	}
	/* every run on its own, then the ambiguous ones again between their neighbours */
	for (i = 0; i < nr; i++) {
		int r = locate(im, me, &runs[i], lo0, hi0, budget);
		if (r < 0) {
			rv = -1;
			goto out;
		}
		runs[i].found = r;
	}
	for (i = 0; i < nr; i++) {
		size_t lo = lo0, hi = hi0, j;
		int r;
		if (runs[i].found)
			continue;
		for (j = i; j-- > 0;)
			if (runs[j].found) {
				lo = runs[j].m.best.start;
				break;
			}
		for (j = i + 1; j < nr; j++)
			if (runs[j].found) {
				hi = runs[j].m.best.end;
				break;
			}
		r = locate(im, me, &runs[i], lo, hi, budget);
		if (r <= 0) {
			rv = r;
			goto out;
		}
		runs[i].found = 1;
	}
	for (i = 0; i < nr; i++)
		if (!cuts_ok(im, me, runs, i, nr))
			goto out;
	for (i = 0; i + 1 < nr; i++)
		if (runs[i].m.best.start >= runs[i + 1].m.best.start || !clip(&runs[i], &runs[i + 1]))
			goto out;
	for (i = 1; i < nr; i++)
		if (move_lead_adds(im, me, &runs[i - 1], &runs[i])) {
			rv = -1;
			goto out;
		}
	/* a run that adds lines at a file line it leaves out does not say on which side */
	for (i = 0; i < nr; i++)
		if (sm_splice_undecided(im, &runs[i].sub, &runs[i].m.best) != SM_NOLINE)
			goto out;
	pe->start_line = sm_image_orig_near(im, runs[0].m.best.start);
	pe->end_line = sm_image_orig_near(im, runs[nr - 1].m.best.end - 1);
	for (i = nr; i-- > 0;) {
		size_t first, count;
		if (sm_splice(im, &runs[i].sub, &runs[i].m.best, pool, &first, &count)) {
			rv = -1; /* out of memory midway: the caller drops the whole plan */
			goto out;
		}
	}
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = SM_TIER_SPLIT;
	pe->strategy = sm_tier_name(SM_TIER_SPLIT);
	rv = 1;
out:
	for (i = 0; i < nr; i++) {
		if (runs[i].found)
			sm_match_dispose(&runs[i].m);
		free_sub(&runs[i].sub);
	}
	sm_free(runs);
	return rv;
}
