/*
 * A run of a split hunk found with part of its context cut: whether what was cut is accounted for
 * (in the file, beside the run, or a skipped stretch), and whether its lines stand elsewhere.
 */
#include "split_cut.h"
#include "plan_already_rival.h"

/* Lines of text l (indentation aside) in the hunk's new side (is_new) or old side. */
static size_t copies_in(const sm_medit *me, const sm_line *l, int is_new)
{
	size_t k, n = 0;

	for (k = 0; k < me->nseq; k++)
		if ((is_new ? sm_mline_is_new(&me->seq[k]) : me->seq[k].kind != SM_HL_ADD) &&
		    me->seq[k].l.h_indent == l->h_indent)
			n++;
	return n;
}

/* 1 when another run than r adds a line of text l, r adds none, and the hunk's new side holds
 * more lines of that text than its old side: the new side's surplus copy may be the file's line
 * l, left out of the old side only (a context line of r's own of that text stands on another
 * copy, and r's splice keeps l beside it), or a line more; the reply does not say which. */
static int adds_surplus_elsewhere(const sm_medit *me, const run *r, const sm_line *l)
{
	size_t k;
	int other = 0;

	for (k = 0; k < r->sub.nseq; k++)
		if (r->sub.seq[k].kind == SM_HL_ADD && r->sub.seq[k].l.h_indent == l->h_indent)
			return 0;
	for (k = 0; k < me->nseq && !other; k++)
		other = me->seq[k].kind == SM_HL_ADD && me->seq[k].l.h_indent == l->h_indent;
	return other && copies_in(me, l, 1) > copies_in(me, l, 0);
}

/*
 * 1 when a file line of substance inside run r's place that none of its old lines stands
 * for (left out of its old side) has a text the hunk's new side writes and r's own does not:
 * another run writes that copy, and r's splice keeps the file's line beside it (written
 * twice). Judged whole by the tiers after the split, where one splice sees the line and its
 * copy together. At most SM_SPLICE_MAX_LEFT_OUT left-out lines looked at (more is a stretch
 * skipped, not lines left out), each against the hunk once.
 */
int sm_split_left_out_written_elsewhere(const sm_image *im, const sm_medit *me, const run *r)
{
	const sm_cand *c = &r->m.best;
	size_t oi, f, k, from = c->start, seen = 0;

	for (oi = 0; oi <= r->sub.nold; oi++) {
		size_t to = oi < r->sub.nold ? c->lo[oi] : c->end;
		if (to == SM_NOLINE)
			continue;
		for (f = from; f < to && f < im->n; f++) {
			const sm_line *l = sm_ln(im, f);
			int own = 0, any = 0;
			if (l->blank)
				continue;
			if (++seen > SM_SPLICE_MAX_LEFT_OUT)
				return 0;
			for (k = 0; k < r->sub.nseq && !own; k++)
				own = sm_mline_is_new(&r->sub.seq[k]) &&
				      r->sub.seq[k].l.h_indent == l->h_indent;
			for (k = 0; k < me->nseq && !any && !own; k++)
				any = sm_mline_is_new(&me->seq[k]) &&
				      me->seq[k].l.h_indent == l->h_indent;
			if (any && !own)
				return 1;
			if (adds_surplus_elsewhere(me, r, l))
				return 1;
		}
		if (oi < r->sub.nold && c->hi[oi] > from)
			from = c->hi[oi];
	}
	return 0;
}

/* The ladder run with policy on seq[a, b) of me, in [lo, hi): 1 with *sub and *m set (the
 * caller's to free), 0 when the slice has too little substance to say anything (nothing run),
 * SEAM_ENOMEM when out of memory. */
static int ladder_slice(const sm_image *im, const sm_medit *me, size_t a, size_t b, size_t lo,
                        size_t hi, sm_budget *budget, int policy, sm_medit *sub, sm_match *m)
{
	sm_mctx c = {0};

	if (make_sub(sub, me, a, b))
		return SEAM_ENOMEM;
	if (!solid(sub)) {
		free_sub(sub);
		return 0;
	}
	c.im = im;
	c.e = sub;
	c.lo = lo;
	c.hi = hi;
	c.budget = budget;
	if (sm_ladder_run(&c, policy, m) < 0) {
		free_sub(sub);
		return SEAM_ENOMEM;
	}
	return 1;
}

/* 1 when the context line l, cut from a run found at cand, is accounted for: it is in the file
 * somewhere (the lines a merged hunk skipped are), is blank or an elision, or is a miscopy of
 * a line near the place found, on the side it was cut from (dist < 0: above, dist > 0: below). */
static int cut_ok(const sm_image *im, const sm_medit *me, const sm_mline *ml, const sm_cand *cand,
                  long dist, size_t gap_lo, size_t gap_hi)
{
	size_t j, lo, hi, deleted = 0;
	uint64_t h = ml->l.h_indent;
	long want;

	if (ml->l.blank || ml->elide)
		return 1;
	/* A context line with the text of a line the hunk deletes may be that line moved,
	   written without its '+': a copy elsewhere in the file does not account for it, only
	   one where the cut context stands (right before the place found, dist lines up,
	   or right after it), as the lines a merged hunk skipped are. */
	for (j = 0; j < me->nseq; j++)
		deleted += me->seq[j].kind == SM_HL_DEL && me->seq[j].l.h_indent == h;
	if (deleted && ml->l.n >= SM_SPLIT_MIN_SOLID_CHARS) {
		size_t d = (size_t)(dist < 0 ? -dist : dist) + SM_SPLIT_CUT_SLACK;
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
		/* at the indentation the place gives it: a copy deeper or shallower is a line
		   of another block, which a deletion of its twin beside the place found leaves
		   unaccounted (the file then holds one copy where the old side has two) */
		/* (a place shifted line by line has no one depth to ask for) */
		if (cand->shifted == SM_SHIFT_PER_LINE)
			return sm_image_has(im, h, lo, hi);
		want = sm_split_indent_of(&ml->l, cand, 1);
		for (j = lo; j < hi && j < im->n; j++)
			if (sm_hx(im, j) == h && sm_split_indent_of(sm_ln(im, j), cand, 0) == want)
				return 1;
		return 0;
	}
	if (sm_image_has(im, h, 0, im->n))
		return 1;
	/* the miscopy's original stands on the side the line was cut from: a leading
	   context line above the place, a trailing one below it (the hunk's order); one on the
	   other side is the line of another place, most often the one the whole hunk was copied
	   from */
	lo = dist > 0 ? cand->end : cand->start > 8 ? cand->start - 8 : 0;
	hi = dist < 0 ? cand->start : cand->end + 8 < im->n ? cand->end + 8 : im->n;
	for (j = lo; j < hi; j++)
		if (!sm_ln(im, j)->blank && sm_text_similar(ml->l.p, ml->l.n, sm_ln(im, j)->p,
		                                            sm_ln(im, j)->n, SM_MISCOPY_SIM))
			return 1;
	return 0;
}

/* Columns of indentation of a line on the file's scale (a new line shifted as the splice
 * shifts it); tabs as the match counted them, match_indent.c's default width when it did not. */
#define SPLIT_TABW 4
long sm_split_indent_of(const sm_line *l, const sm_cand *c, int is_new)
{
	size_t tw = c->tabw > 0 ? (size_t)c->tabw : SPLIT_TABW;
	long cols = (long)sm_text_indent_cols(l->p, l->n, tw);

	return is_new && c->shifted ? cols + c->delta : cols;
}

/*
 * Run r, found bare on one side (above: its leading context cut whole): the context line
 * nearest it on that side must be in the file on that side, within [lo, hi), the nearest such
 * line to the run; the lines between are a stretch the reply skipped. The run's new lines
 * could then as well stand across that stretch, next to the context (a line moved and
 * changed): they are placed where the old ones were only when none of them has the
 * indentation of the stretch's line next to the context (its first line above the run, its
 * last below). 1 when so, 0 when the run must not be placed bare.
 */
static int bare_side_ok(const sm_image *im, const sm_medit *me, const run *r, int above, size_t lo,
                        size_t hi)
{
	const sm_cand *c = &r->m.best;
	size_t from = above ? r->ls : r->e, to = above ? r->s : r->te, k = SM_NOLINE, j, at, g;
	uint64_t h;
	long gi;

	for (j = from; j < to; j++)
		if (!me->seq[j].l.blank && !me->seq[j].elide && (above || k == SM_NOLINE))
			k = j;
	if (k == SM_NOLINE)
		return 1; /* blank lines only: they place nothing */
	h = me->seq[k].l.h_indent;
	at = SM_NOLINE;
	if (above) {
		for (j = c->start; j-- > lo;)
			if (sm_hx(im, j) == h) {
				at = j;
				break;
			}
	} else {
		for (j = c->end; j < hi && j < im->n; j++)
			if (sm_hx(im, j) == h) {
				at = j;
				break;
			}
	}
	if (at == SM_NOLINE)
		return 0;
	/* the stretch's line next to the context */
	g = SM_NOLINE;
	if (above) {
		for (j = at + 1; j < c->start && g == SM_NOLINE; j++)
			if (!sm_ln(im, j)->blank)
				g = j;
	} else {
		for (j = at; j-- > c->end && g == SM_NOLINE;)
			if (!sm_ln(im, j)->blank)
				g = j;
	}
	if (g == SM_NOLINE)
		return 1;
	gi = sm_split_indent_of(sm_ln(im, g), c, 0);
	for (j = 0; j < r->sub.nseq; j++)
		if (r->sub.seq[j].kind == SM_HL_ADD && !r->sub.seq[j].l.blank &&
		    sm_split_indent_of(&r->sub.seq[j].l, c, 1) == gi)
			return 0;
	return 1;
}

/* 1 when every context line of r's widest slice that its located sub-edit left out is
 * accounted for (cut_ok). */
int sm_split_cuts_ok(const sm_image *im, const sm_medit *me, const run *runs, size_t i, size_t nr)
{
	const run *r = &runs[i];
	size_t k, used_from = r->us, used_to = r->ue;

	if (r->bare_lead &&
	    !bare_side_ok(im, me, r, 1, i ? runs[i - 1].m.best.start : 0, r->m.best.start))
		return 0;
	if (r->bare_trail &&
	    !bare_side_ok(im, me, r, 0, r->m.best.end, i + 1 < nr ? runs[i + 1].m.best.end : im->n))
		return 0;
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
		            k < used_from ? -(long)(used_from - k) : (long)(k - used_to + 1), glo,
		            ghi))
			return 0;
	}
	return 1;
}

/* The file line where run r's own lines begin (above: its first located old line at or after
 * its leading context, else the end of the last located one before) or end (below: the end of
 * its last located old line before its trailing context, else the first located one after). */
size_t sm_split_run_edge(const run *r, int above)
{
	const sm_cand *c = &r->m.best;
	size_t a0 = r->s - r->us, a1 = r->e - r->us, k, oi = 0, edge = SM_NOLINE;
	size_t first_after = SM_NOLINE, last_before = SM_NOLINE;

	for (k = 0; k < r->sub.nseq; k++) {
		int located;
		if (r->sub.seq[k].kind == SM_HL_ADD)
			continue;
		located = c->lo[oi] != SM_NOLINE && c->hi[oi] > c->lo[oi];
		if (located) {
			if (above && k >= a0 && first_after == SM_NOLINE)
				first_after = c->lo[oi];
			if (above && k < a0)
				last_before = c->hi[oi];
			if (!above && k < a1)
				last_before = c->hi[oi];
			if (!above && k >= a1 && first_after == SM_NOLINE)
				first_after = c->lo[oi];
		}
		oi++;
	}
	if (above)
		edge = first_after != SM_NOLINE ? first_after : last_before;
	else
		edge = last_before != SM_NOLINE ? last_before : first_after;
	if (edge == SM_NOLINE)
		edge = above ? c->end : c->start;
	return edge;
}

/*
 * Run r, the first (above) or the last (below) of the hunk, found with part of its outer
 * context cut: that context, me->seq[from, to), no other run's, is looked for whole (strict
 * tiers, blank lines let go). 1 when it stands in exactly one place of [lo, hi) that is
 * not beside the run on its side (SM_SPLIT_OUTER_SLACK): the context's place in *ctx_at; 2 the same
 * when it stands there only as loosely as a run is found (a line left out or miscopied); 0
 * when the run may stand where it was found; SEAM_ENOMEM when out of memory.
 */
int sm_split_outer_apart(const sm_image *im, const sm_medit *me, const run *r, int above, size_t lo,
                         size_t hi, sm_budget *budget, size_t *ctx_at)
{
	size_t from = above ? r->ls : r->e, to = above ? r->s : r->te, k, edge, a, b, gap = 0;
	size_t ps = 0, pe = 0;
	sm_medit sub;
	sm_match m;
	int apart = 0, loose = 0, found, err = 0;

	if (above ? r->us == r->ls : r->ue == r->te)
		return 0; /* found with the whole of it */
	/* one line is a name to find the place by ("import x", a signature): the model may have
	   skipped the stretch between it and its change */
	for (k = from; k < to; k++)
		gap += !me->seq[k].l.blank && !me->seq[k].elide;
	if (gap < SM_SPLIT_OUTER_MIN_LINES)
		return 0;
	gap = 0;
	/* a context of little substance stands anywhere: it says nothing against the run
	 */
	found = ladder_slice(im, me, from, to, lo, hi, budget, SM_POLICY_RIVAL, &sub, &m);
	if (found <= 0)
		return found;
	found = m.status == SEAM_STATUS_APPLIED;
	if (found) {
		ps = m.best.start;
		pe = m.best.end;
	}
	/* found nowhere as written: as loosely as a run is found (a line of it left out or
	   miscopied). A context that fits one place only so, apart from the run, says as much
	   against the run's place as one copied whole: the run was found by none of it. */
	if (m.status != SEAM_STATUS_APPLIED && m.status != SEAM_STATUS_AMBIGUOUS) {
		found = sm_plan_stands_loosely(im, &sub, lo, hi, budget, &ps, &pe, &err);
		if (err) {
			sm_match_dispose(&m);
			free_sub(&sub);
			return SEAM_ENOMEM;
		}
		loose = 1;
	}
	if (found) {
		edge = sm_split_run_edge(r, above);
		/* the stretch between the context and the run, on the context's side */
		a = above ? pe : edge;
		b = above ? edge : ps;
		if (a > b)
			apart = 1;
		else {
			for (k = a; k < b && gap <= SM_SPLIT_OUTER_SLACK; k++)
				gap += !sm_ln(im, k)->blank;
			apart = gap > SM_SPLIT_OUTER_SLACK;
		}
		/* named by its first line of substance */
		for (*ctx_at = ps; *ctx_at + 1 < pe && sm_ln(im, *ctx_at)->blank;)
			++*ctx_at;
	}
	sm_match_dispose(&m);
	free_sub(&sub);
	return apart && loose ? 2 : apart;
}

/*
 * Run r, found by a tolerant tier (lines of its slice let go, or file lines left out of its
 * place): 1 when its own lines with one line of context on each side it has context on stand
 * as written in exactly one place of [lo, hi), away from r's place. The wider slice the run
 * was found with reaches into the stretch a merged hunk skipped (the other run's context), and
 * a tolerant tier fits it across a short stretch at a copy of that context, while the run with
 * the context that is its own stands where the reply wrote it; SEAM_ENOMEM when out of
 * memory.
 */
int sm_split_near_slice_elsewhere(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                                  size_t hi, sm_budget *budget)
{
	size_t a = r->s > r->ls ? r->s - 1 : r->s, b = r->e < r->te ? r->e + 1 : r->e;
	sm_medit sub;
	sm_match m;
	int away = 0;

	if (r->m.best.tier <= SM_TIER_INDENT || (a == r->us && b == r->ue))
		return 0;
	away = ladder_slice(im, me, a, b, lo, hi, budget, SM_POLICY_SPLIT_BARE, &sub, &m);
	if (away <= 0)
		return away;
	away = m.status == SEAM_STATUS_APPLIED &&
	       (m.best.end <= r->m.best.start || m.best.start >= r->m.best.end);
	sm_match_dispose(&m);
	free_sub(&sub);
	return away;
}
