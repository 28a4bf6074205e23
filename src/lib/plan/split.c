/*
 * Models merge two hunks into one (skipping the unchanged lines between them without a divider)
 * and get the far ends of long context wrong. Each change run is then found on its own, with as
 * much of its own context as still fits, never less than one line on a side that had any, and
 * the runs must come out in the order the hunk gives them.
 */
#include "split.h"
#include "split_locate.h"
#include "plan_already_rival.h"
#include "plan_already_impl.h"
#include "plan_new_side.h"
#include "../match/match_costs.h"
#include "../match/image_work.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"

#include <string.h>

/*
 * 1 when a file line of substance inside run r's place that none of its old lines stands for
 * (left out of its old side) has a text the hunk's new side writes and r's own does not:
 * another run writes that copy, and r's splice keeps the file's line beside it (written
 * twice). Judged whole by the tiers after the split, where one splice sees the line and its
 * copy together. At most SM_SPLICE_MAX_LEFT_OUT left-out lines looked at (more is a stretch
 * skipped, not lines left out), each against the hunk once.
 */
static int left_out_written_elsewhere(const sm_image *im, const sm_medit *me, const run *r)
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

	if (ml->l.blank || ml->elide)
		return 1;
	/* A context line with the text of a line the hunk deletes may be that line moved,
	   written without its '+': a copy elsewhere in the file does not account for it, only
	   one where the cut context stands (right before the place found, dist lines up, or
	   right after it), as the lines a merged hunk skipped are. */
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
		return sm_image_has(im, h, lo, hi);
	}
	if (sm_image_has(im, h, 0, im->n))
		return 1;
	/* the miscopy's original stands on the side the line was cut from: a leading context
	   line above the place, a trailing one below it (the hunk's order); one on the other
	   side is the line of another place, most often the one the whole hunk was copied from */
	lo = dist > 0 ? cand->end : cand->start > 8 ? cand->start - 8 : 0;
	hi = dist < 0 ? cand->start : cand->end + 8 < im->n ? cand->end + 8 : im->n;
	for (j = lo; j < hi; j++)
		if (!sm_ln(im, j)->blank &&
		    sm_text_similarity(ml->l.p, ml->l.n, sm_ln(im, j)->p, sm_ln(im, j)->n) >= SM_MISCOPY_SIM)
			return 1;
	return 0;
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
 * Run r, found bare on one side (above: its leading context cut whole): the context line
 * nearest it on that side must be in the file on that side, within [lo, hi), the nearest such
 * line to the run; the lines between are a stretch the reply skipped. The run's new lines
 * could then as well stand across that stretch, next to the context (a line moved and
 * changed): they are placed where the old ones were only when none of them has the
 * indentation of the stretch's line next to the context (its first line above the run, its
 * last below). 1 when so, 0 when the run must not be placed bare.
 */
static int bare_side_ok(const sm_image *im, const sm_medit *me, const run *r, int above,
			size_t lo, size_t hi)
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
	gi = indent_of(sm_ln(im, g), c, 0);
	for (j = 0; j < r->sub.nseq; j++)
		if (r->sub.seq[j].kind == SM_HL_ADD && !r->sub.seq[j].l.blank &&
		    indent_of(&r->sub.seq[j].l, c, 1) == gi)
			return 0;
	return 1;
}

/* 1 when every context line of r's widest slice that its located sub-edit left out is
 * accounted for (cut_ok). */
static int cuts_ok(const sm_image *im, const sm_medit *me, const run *runs, size_t i, size_t nr)
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
			    k < used_from ? -(long)(used_from - k) : (long)(k - used_to + 1), glo, ghi))
			return 0;
	}
	return 1;
}

/* The file line where run r's own lines begin (above: its first located old line at or after
 * its leading context, else the end of the last located one before) or end (below: the end of
 * its last located old line before its trailing context, else the first located one after). */
static size_t run_edge(const run *r, int above)
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
 * tiers, blank lines let go). 1 when it stands in exactly one place of [lo, hi) that is not
 * beside the run on its side (SM_SPLIT_OUTER_SLACK): the context's place in *ctx_at; 2 the same
 * when it stands there only as loosely as a run is found (a line left out or miscopied); 0 when
 * the run may stand where it was found; SEAM_ENOMEM when out of memory.
 */
static int outer_apart(const sm_image *im, const sm_medit *me, const run *r, int above,
		       size_t lo, size_t hi, sm_budget *budget, size_t *ctx_at)
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
	/* a context of little substance stands anywhere: it says nothing against the run */
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
		edge = run_edge(r, above);
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

/* The old line of r's sub-edit that is hunk line k, or SM_NOLINE. */
static size_t old_of(const run *r, size_t k)
{
	size_t i;

	for (i = 0; i < r->sub.nold; i++)
		if (r->us + r->sub.old[i] == k)
			return i;
	return SM_NOLINE;
}

/* 1 when old line i of r stands on a file line (not an unmarked addition, not a blank line
 * let go). */
static int stands(const run *r, size_t i)
{
	return i != SM_NOLINE && r->m.best.lo[i] != SM_NOLINE && r->m.best.hi[i] > r->m.best.lo[i];
}

/* 1 when the first line of sub's new side met walking from seq[k] by step (+1 down, -1 up),
 * deletions skipped, has text h (indentation aside). */
static int new_line_is(const sm_medit *sub, size_t k, int step, uint64_t h)
{
	for (; k < sub->nseq; k += (size_t)step) {
		if (!sm_mline_is_new(&sub->seq[k]))
			continue;
		return sm_line_h(&sub->seq[k].l, SM_LVL_INDENT) == h;
	}
	return 0;
}

/*
 * Run r, found by a tolerant tier (lines of its slice let go, or file lines left out of its
 * place): 1 when its own lines with one line of context on each side it has context on stand
 * as written in exactly one place of [lo, hi), away from r's place. The wider slice the run
 * was found with reaches into the stretch a merged hunk skipped (the other run's context), and
 * a tolerant tier fits it across a short stretch at a copy of that context, while the run with
 * the context that is its own stands where the reply wrote it; SEAM_ENOMEM when out of memory.
 */
static int near_slice_elsewhere(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
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

/*
 * 0 when two runs, one after the other, as found (before clip), read the hunk out of order: a
 * hunk line of the first stands on a file line at or after the one a later hunk line of the
 * second stands on. The first run's place then passes over the second's lines (a tolerant
 * tier let go of them inside it as lines the old side left out, or stood two hunk lines on one
 * file line): the stretch a merged hunk skipped lies between its two halves, never across one
 * of them, so at most one of the two places is the reply's, and clipping the first keeps a
 * part of it found only with lines that stand for others. The tiers after the split then
 * judge the hunk whole.
 */
static int runs_in_order(const run *runs, size_t nr)
{
	size_t i, x, y;

	for (i = 0; i + 1 < nr; i++) {
		const run *a = &runs[i], *b = &runs[i + 1];
		for (x = 0; x < a->sub.nold; x++) {
			size_t kx = a->us + a->sub.old[x];
			if (!stands(a, x))
				continue;
			for (y = 0; y < b->sub.nold; y++) {
				size_t ky = b->us + b->sub.old[y];
				if (ky > kx && stands(b, y) && a->m.best.hi[x] > b->m.best.lo[y])
					return 0;
			}
		}
	}
	return 1;
}

/*
 * 0 when the runs, as found (before clip), do not read as one hunk:
 * - a hunk line of substance that two runs were both found with (context they share) stands
 *   on two file lines next to each other, one in each run: no stretch of the file lies
 *   between them that the reply could have skipped (a merged hunk's skip is read there
 *   through a copy of the shared line on each side of it), so one of the two is a line the
 *   old side left out, kept by the split beside the line the new side writes for it;
 * - a run's place leaves out a file line of substance between two of its old lines, and the
 *   new side writes a line of that text right beside where it stays (the first line of the
 *   new side above or below it, whichever side of the run's additions there it ends up): the
 *   sides' diff, which could not pair the left-out line, paired that copy with another old
 *   line or took it for an addition, and the split would write the line twice, where the
 *   whole hunk's splice puts it back and diffs the sides again (refill, splice_left_out.c).
 * The tiers after the split then judge the hunk whole.
 */
static int runs_agree(const sm_image *im, const run *runs, size_t nr, sm_budget *budget)
{
	size_t i, j, k, f, prev, pj;

	for (i = 0; i + 1 < nr; i++) {
		const run *a = &runs[i], *b = &runs[i + 1];
		for (k = b->us; k < a->ue; k++) {
			size_t x = old_of(a, k), y = old_of(b, k);
			if (stands(a, x) && stands(b, y) && !a->sub.seq[k - a->us].l.blank &&
			    (a->m.best.hi[x] == b->m.best.lo[y] || b->m.best.hi[y] == a->m.best.lo[x]))
				return 0;
		}
	}
	for (i = 0; i < nr; i++) {
		const sm_medit *sub = &runs[i].sub;
		const sm_cand *c = &runs[i].m.best;
		prev = pj = SM_NOLINE;
		for (j = 0; j < sub->nold; j++) {
			if (!stands(&runs[i], j))
				continue;
			for (f = prev == SM_NOLINE ? c->lo[j] : prev; f < c->lo[j]; f++) {
				const sm_line *l = sm_ln(im, f);
				size_t ka = sub->old[pj], kb = sub->old[j];
				uint64_t h = sm_line_h(l, SM_LVL_INDENT);
				sm_budget_charge(budget, sub->nseq);
				if (!l->blank &&
				    (new_line_is(sub, ka, -1, h) || new_line_is(sub, kb, 1, h) ||
				     new_line_is(sub, ka + 1, 1, h) || new_line_is(sub, kb - 1, -1, h)))
					return 0;
			}
			prev = c->hi[j];
			pj = j;
		}
	}
	return 1;
}

/* 1 when runs a and b (one after the other) were both found with a hunk line they share as
 * context, and stand it on two different file lines: the reply gives it once, so one of the
 * two readings is a copy of it, and the lines are no proof of either run's place. With me,
 * blank shared lines aside. */
static int read_apart(const run *a, const run *b, const sm_medit *me)
{
	size_t k, x, y;

	for (k = b->us; k < a->ue; k++) {
		x = old_of(a, k);
		y = old_of(b, k);
		if (stands(a, x) && stands(b, y) && !(me && me->seq[k].l.blank) &&
		    a->m.best.lo[x] != b->m.best.lo[y])
			return 1;
	}
	return 0;
}

/*
 * Runs a and b (one after the other) both found with a hunk line of substance they share as
 * context, on two file lines (apart: runs_agree refuses two beside each other): the reply gives
 * that line once, and lines a adds at its end (b at its start) with nothing but blank lines
 * between them and the lines they share are placed by it, before the one copy or the other,
 * across the stretch the hunk skipped. 1 when a's are, 2 when b's are (or both), else 0.
 */
static int shared_apart(const run *a, const run *b, const sm_medit *me)
{
	size_t k;
	int tail = me->seq[a->e - 1].kind == SM_HL_ADD, head = me->seq[b->s].kind == SM_HL_ADD;

	/* placed by the shared lines only when no context of the run's own stands between
	   (blank lines aside) */
	for (k = a->e; tail && k < b->us && k < a->te; k++)
		tail = me->seq[k].l.blank;
	for (k = a->ue > b->s ? b->s : a->ue; head && k < b->s; k++)
		head = me->seq[k].l.blank;
	if (!tail && !head)
		return 0;
	return read_apart(a, b, me) ? tail | head << 1 : 0;
}

/*
 * Run i, found with context it shares with a neighbour that stands that context on other file
 * lines (read_apart): only one of the two readings can be the reply's, so those lines are no
 * proof of the run's place. 0 when nothing else places it: what is left of its slice without
 * them (its own lines, and the context no neighbour reads elsewhere) has no old line; 1 when
 * something does.
 */
static int placed_without_shared(const run *runs, size_t i, size_t nr)
{
	const run *r = &runs[i];
	size_t from = r->us, to = r->ue, k;

	if (i > 0 && read_apart(&runs[i - 1], r, NULL) && runs[i - 1].ue > from)
		from = runs[i - 1].ue;
	if (i + 1 < nr && read_apart(r, &runs[i + 1], NULL) && runs[i + 1].us < to)
		to = runs[i + 1].us;
	for (k = from; k < to; k++)
		if (r->sub.seq[k - r->us].kind != SM_HL_ADD)
			return 1;
	return 0;
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

/* 1 when l has SM_SPLIT_MIN_SOLID_CHARS of substance: a lone "}" or "pass" is added at a cut
 * as often as a line of the stretch is left out there, and says nothing either way. */
static int solid_line(const sm_line *l)
{
	char tmp[256];
	size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);

	return !l->blank && sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp) >= SM_SPLIT_MIN_SOLID_CHARS;
}

/*
 * Runs p and r, one after the other with a stretch of the file between their places (lines of
 * substance the merged hunk skipped): the lines p adds after its last old line, when p was
 * found with blank lines only below them (the context past them cut, or none) or with a line it
 * shares with r found in two places (p->apart & 1, shared_apart), are placed by nothing that
 * says on which side of the stretch they go; so are the lines r adds before its first old line,
 * found with blank lines only above them (or p->apart & 2). When one of them has the text of
 * the stretch's line of substance at the far end from the run that holds it (the last one above
 * r's place for p's, the first below p's place for r's), it may also be that line, left out of
 * the old side and kept by the new one: written beside its own run, it would stand twice. 1
 * when so (the split does not decide), 0 when not.
 */
static int cut_adds_twin(const sm_image *im, const sm_medit *me, const run *p, const run *r)
{
	size_t k, f, last = SM_NOLINE, first = SM_NOLINE, t0, h1;
	uint64_t above = 0, below = 0;
	int tail = 1, head = 1;

	for (k = p->e; k < p->ue; k++)
		tail &= me->seq[k].l.blank;
	for (k = r->us; k < r->s; k++)
		head &= me->seq[k].l.blank;
	tail |= p->apart & 1;
	head |= (p->apart & 2) != 0;
	if (!tail && !head)
		return 0;
	for (f = p->m.best.end; f < r->m.best.start; f++) {
		if (sm_ln(im, f)->blank)
			continue;
		if (first == SM_NOLINE)
			first = f;
		last = f;
	}
	if (first == SM_NOLINE)
		return 0; /* no stretch between them: nothing to be on either side of */
	above = sm_ln(im, last)->h_indent;
	below = sm_ln(im, first)->h_indent;
	/* p's additions after its last old line, r's before its first */
	for (t0 = p->e; t0 > p->s && me->seq[t0 - 1].kind == SM_HL_ADD; t0--)
		;
	for (h1 = r->s; h1 < r->e && me->seq[h1].kind == SM_HL_ADD; h1++)
		;
	for (k = t0; tail && k < p->e; k++)
		if (me->seq[k].l.h_indent == above && solid_line(&me->seq[k].l))
			return 1;
	for (k = r->s; head && k < h1; k++)
		if (me->seq[k].l.h_indent == below && solid_line(&me->seq[k].l))
			return 1;
	return 0;
}

/*
 * Run r (after run p) was found with only blank lines of the leading context it was given,
 * the non-blank ones cut: the lines of a merged hunk's skipped stretch lie between p's place
 * and r's, and r's new lines may belong on either side of them. The leading ones (in the new
 * side's order) that stand at the indentation of the stretch's first line and shallower than
 * both its last line and r's first old line (below the stretch they would land inside a deeper
 * block) go above it: they are moved to the end of p, after p's trailing context. The rest must
 * be at least that deep; otherwise nothing moves. SEAM_ENOMEM when out of memory.
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
		if (!sm_ln(im, f)->blank)
			top = f;
	for (f = c->start; f-- > p->m.best.end && bot == SM_NOLINE;)
		if (!sm_ln(im, f)->blank)
			bot = f;
	if (top == SM_NOLINE)
		return 0;
	/* the file line of r's first old line after its leading context */
	for (k = 0, oi = 0; k < a0; k++)
		oi += r->sub.seq[k].kind != SM_HL_ADD;
	if (oi >= r->sub.nold || c->lo[oi] == SM_NOLINE || c->lo[oi] >= im->n)
		return 0;
	topind = indent_of(sm_ln(im, top), c, 0);
	botind = indent_of(sm_ln(im, bot), c, 0);
	d = indent_of(sm_ln(im, c->lo[oi]), c, 0);
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
		return SEAM_ENOMEM;
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

/* 1 when file line f is hunk line l as written (indentation aside; a blank line for a blank). */
static int line_is(const sm_image *im, size_t f, const sm_line *l)
{
	const sm_line *x = sm_ln(im, f);

	return l->blank ? x->blank : !x->blank && x->h_indent == l->h_indent;
}

/* 1 when run r's place deletes file line f (one of its '-' lines stands on it). */
static int run_deletes(const run *r, size_t f)
{
	const sm_cand *c = &r->m.best;
	size_t i;

	for (i = 0; i < r->sub.nold; i++)
		if (r->sub.seq[r->sub.old[i]].kind == SM_HL_DEL && c->lo[i] != SM_NOLINE &&
		    f >= c->lo[i] && f < c->hi[i])
			return 1;
	return 0;
}

/*
 * Run r, deletions only, found with its context cut whole on one side: the context the hunk
 * gives beside it on that side, up to its first line of substance (a brace or a blank line
 * beside a deletion says little alone; the lines the run's slice gives, no "..."), and the
 * line it gives right beside it on the other side (a blank line too) stand one after the
 * other in [lo, hi), in the hunk's order, on no line the run deletes: the lines the deletion
 * brings together are together already, the cut line among them. The deletion is as likely
 * made there (the hunk sent again) as still to be made where the run fits without that
 * line: the new side of a deletion says so even where it stands in several places, or beside
 * a blank line only (which sm_plan_new_side_loose, judging a whole edit, takes as no
 * evidence). The stretch's first line of substance in *at. One pass over [lo, hi).
 */
static int deletion_closed_up(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
			      size_t hi, size_t *at)
{
	size_t k, j, ka, kb, n, m;

	if (r->s == r->ls || r->e == r->te || (!r->bare_lead && !r->bare_trail))
		return 0;
	for (k = r->s; k < r->e; k++)
		if (me->seq[k].kind != SM_HL_DEL)
			return 0;
	if (me->seq[r->s - 1].elide || me->seq[r->e].elide)
		return 0;
	ka = r->s - 1;
	kb = r->e;
	while (r->bare_lead && !solid_line(&me->seq[ka].l) && ka > r->ls && !me->seq[ka - 1].elide)
		ka--;
	while (r->bare_trail && !solid_line(&me->seq[kb].l) && kb + 1 < r->te &&
	       !me->seq[kb + 1].elide)
		kb++;
	if (!(r->bare_lead && solid_line(&me->seq[ka].l)) &&
	    !(r->bare_trail && solid_line(&me->seq[kb].l)))
		return 0;
	n = (r->s - ka) + (kb + 1 - r->e);
	if (hi > im->n)
		hi = im->n;
	for (j = lo; j + n <= hi; j++) {
		for (m = 0, k = ka; k <= kb; k++) {
			if (k == r->s)
				k = r->e;
			if (!line_is(im, j + m, &me->seq[k].l) || run_deletes(r, j + m))
				break;
			m++;
		}
		if (m < n)
			continue;
		for (m = 0; m + 1 < n && sm_ln(im, j + m)->blank; m++)
			;
		*at = j + m; /* named by a line of substance */
		return 1;
	}
	return 0;
}

/*
 * Run r, placed by a tolerant tier, whose own new side (the slice it was found with, its
 * deletions closed up) stands as written once in [lo, hi) over the run's own place, while the
 * place reads every line the run deletes a line or more outside that stretch, the lines between
 * let go: the place reads the run's context just where the file holds it closed up already,
 * and takes the deletion from a copy further on. The change is as likely made there (the hunk
 * sent again) as to be made on that copy. A deletion's new side is its context, so no added
 * line is asked for: the run's place itself reads that context there. *ws: where it stands;
 * 1, 0 or SEAM_ENOMEM.
 */
static int deletion_read_past(const sm_image *im, const run *r, size_t lo, size_t hi,
                              sm_budget *budget, size_t *ws)
{
	size_t solid, nadd, k;
	sm_cand w;
	int err = 0, found;

	if (r->m.best.tier <= SM_TIER_INDENT)
		return 0;
	/* a slice with a "..." stands by the elision tier over any lines: not as written */
	for (k = 0; k < r->sub.nseq; k++)
		if (r->sub.seq[k].elide)
			return 0;
	count_new(&r->sub, &solid, &nadd);
	if (solid < SM_RIVAL_NEW_MIN_SOLID)
		return 0;
	found = sm_new_side_once_at(im, &r->sub, lo, hi, budget, SM_POLICY_RIVAL, &w, &err);
	if (err)
		return SEAM_ENOMEM;
	if (!found || w.start >= r->m.best.end || w.end <= r->m.best.start ||
	    !sm_plan_deletions_apart(&r->sub, &r->m.best, 0, r->sub.nold, w.start, w.end))
		return 0;
	/* named by a line of substance */
	for (*ws = w.start; *ws + 1 < w.end && sm_ln(im, *ws)->blank; ++*ws)
		;
	return 1;
}

/* 1 when [s, e) and run r's place hold one another (one inside the other): a new side standing
 * as written there may be the run's own lines read another way; one standing across an edge
 * of the run's place, or apart from it, holds its additions outside the run's place. */
static int nested(const run *r, size_t s, size_t e)
{
	const sm_cand *c = &r->m.best;

	return s < c->end && e > c->start &&
	       ((s >= c->start && e <= c->end) || (s <= c->start && e >= c->end));
}

/* 1 when run r's place deletes a file line of substance in [s, e): a new side standing as
 * written there reads that line as one it keeps (a line repeated, the run found a copy over). */
static int deletes_within(const sm_image *im, const run *r, size_t s, size_t e)
{
	for (; s < e && s < im->n; s++)
		if (!sm_ln(im, s)->blank && run_deletes(r, s))
			return 1;
	return 0;
}

/* 1 when run r adds a line of substance (SM_ALREADY_MIN_CHARS). */
static int adds_solid(const sm_medit *me, const run *r)
{
	size_t k;

	for (k = r->s; k < r->e; k++)
		if (me->seq[k].kind == SM_HL_ADD &&
		    sm_line_solid_chars(&me->seq[k].l, SM_ALREADY_MIN_CHARS) >=
		        SM_ALREADY_MIN_CHARS)
			return 1;
	return 0;
}

/*
 * Run r, found with its context cut on a side: 1 when its own new side (its additions with
 * the context the hunk gives around them, up to an elision) stands, as loosely as a run is
 * found, apart from the run (*ws: where); 0 when not; SEAM_ENOMEM. A cut side is shortened a
 * line at a time while the new side keeps more context than the run was found with (one
 * line, for a run found by its own lines), or just as much when the run was found more
 * loosely than that new side stands: in a merged hunk that context runs on into the other
 * half's lines, which the file holds elsewhere, so a half made already stands only with the
 * part that is its own, and the run found with a part of it fits another copy of its old
 * lines. A run that only deletes is judged so too: its new side is its context closed up
 * over the deletion, which sm_plan_new_side_written takes for evidence only when each
 * deletion stands between context lines of substance. Cut to its context as written, the new
 * side is apart from the run when it does not hold the run's place or stand inside it (one
 * across an edge of it holds the change outside it), or when the run deletes a line it keeps.
 */
static int made_apart_cut(const sm_image *im, const sm_medit *me, const run *r, size_t lo0,
                          size_t hi0, sm_budget *budget, size_t *ws, int shared)
{
	size_t a = r->ls, b = r->te, k, we, amin, bmin;
	int err = 0, made = 0, cut = 0, lean = 0, wt = SM_TIER_COUNT;
	sm_medit w;

	if (r->us == r->ls && r->ue == r->te)
		return 0;
	for (k = a; k < r->s; k++)
		if (me->seq[k].elide)
			a = k + 1;
	for (k = r->e; k < b; k++)
		if (me->seq[k].elide)
			b = k;
	/* a run found only with the reply's context cut short, which adds a line of substance,
	   its whole new side standing, as written or but for a line left out or miscopied, apart
	   from it: that place holds the line added and more of the reply than the run's, so the
	   change is likelier made there than to be made on the run's copy of its old lines,
	   however short the context lines are (a run that only deletes is no such proof: its new
	   side is context, which the file may repeat by chance) */
	if (!r->bare_lead && !r->bare_trail && adds_solid(me, r)) {
		if (make_sub(&w, me, a, b))
			return SEAM_ENOMEM;
		made = sm_plan_new_side_anyhow(im, &w, lo0, hi0, budget, ws, &we, &err) &&
		       (we <= r->m.best.start || *ws >= r->m.best.end);
		free_sub(&w);
		if (err)
			return SEAM_ENOMEM;
		if (made)
			return 1;
	}
	amin = r->bare_lead ? r->s - 1 : r->us;
	bmin = r->bare_trail ? r->e + 1 : r->ue;
	if (amin < a)
		amin = a;
	if (bmin > b)
		bmin = b;
	for (;;) {
		if (make_sub(&w, me, a, b))
			return SEAM_ENOMEM;
		/* a run found by its own lines has its new side whole stand as loosely as a run
		   is found; one found with a part of its context, or a side cut shorter than the
		   reply gives it, as written (it fits loosely in more places than the edit's) */
		int loose = !cut && (r->bare_lead || r->bare_trail);
		made = (loose ? sm_plan_new_side_loose(im, &w, lo0, hi0, budget, ws, &we, &err)
		              : sm_plan_new_side_written(im, &w, lo0, hi0, budget, ws, &we, &wt,
		                                         &err)) &&
		       (!loose ? !nested(r, *ws, we) || deletes_within(im, r, *ws, we)
		               : we <= r->m.best.start || *ws >= r->m.best.end) &&
		       (!lean || wt < r->m.best.tier);
		free_sub(&w);
		if (err)
			return SEAM_ENOMEM;
		if (made || sm_budget_out(budget))
			return made;
		cut = 1;
		if (shared < 0 && a < amin)
			a++;
		else if (shared > 0 && b > bmin)
			b--;
		else if (a < amin && (r->s - a >= b - r->e || b <= bmin))
			a++;
		else if (b > bmin)
			b--;
		else
			return 0;
		/* the place apart must hold more of the reply's context than the run's does: with
		   no more, a new side of a few lines stands in a file of like lines by chance. With
		   just as much, it must stand closer to as written than the run's old side does (a
		   run found only with a blank line let go or a line repaired, its new side standing
		   as written: the file holds the change made there, as plainly as it holds the run
		   to make, or more) */
		if (a >= r->us && b <= r->ue && (lean || a > r->us || b < r->ue))
			return 0;
		lean = a >= r->us && b <= r->ue;
	}
}

/* 1 when a line of me->seq[a, b) is a change (not context). */
static int changes_in(const sm_medit *me, size_t a, size_t b)
{
	for (; a < b; a++)
		if (me->seq[a].kind != SM_HL_CTX)
			return 1;
	return 0;
}

/* made_apart_cut, cutting the longer side first; then, for a run with another run's changes
 * on one side only, cutting that side first: the context there is shared with the other half
 * (the file holds it, made or not, beside that half), while the context on the hunk's edge is
 * the run's own, and the run's made new side may stand only with that own context whole (a
 * deletion's new side closes up over it with a line of substance only there). */
static int made_apart(const sm_image *im, const sm_medit *me, const run *r, size_t lo0, size_t hi0,
                      sm_budget *budget, size_t *ws)
{
	int made = made_apart_cut(im, me, r, lo0, hi0, budget, ws, 0);
	int up = changes_in(me, 0, r->s), down = changes_in(me, r->e, me->nseq);

	if (made || up == down || sm_budget_out(budget))
		return made;
	return made_apart_cut(im, me, r, lo0, hi0, budget, ws, up ? -1 : 1);
}

static int line_is(const sm_image *im, size_t f, const sm_line *l);

/* How many old lines of substance of the hunk, from k0 on by step (+1 down, -1 up) and
 * within [lo, hi), stand one after the other on the file's lines from f on that way, blank
 * lines aside. */
static size_t fit_count(const sm_image *im, const sm_medit *me, size_t f, size_t k0, size_t lo,
                        size_t hi, int step)
{
	size_t k, n = 0;

	for (k = k0; k >= lo && k < hi; k += (size_t)step) {
		if (me->seq[k].kind == SM_HL_ADD || me->seq[k].l.blank)
			continue;
		while (f < im->n && sm_ln(im, f)->blank)
			f += (size_t)step;
		if (f >= im->n || !line_is(im, f, &me->seq[k].l))
			break;
		f += (size_t)step;
		n++;
	}
	return n;
}

/* 1 when runs a and b both stand hunk line k, on two different file lines. */
static int read_twice(const run *a, const run *b, size_t k)
{
	size_t x = old_of(a, k), y = old_of(b, k);

	return stands(a, x) && stands(b, y) && a->m.best.lo[x] != b->m.best.lo[y];
}

/*
 * Runs a and b read a context line of substance they share on two file lines (read_apart),
 * and the lines one of them adds beside it, blank lines aside (b's at its start, a's at its
 * end: shared_apart), or deletes right beside it, are placed by that run's reading: the reply
 * gives the line once and does not say on which side of the stretch between the two readings
 * they go (a deleted line has a copy by each reading as often as not). The run's own
 * old lines beyond the additions (the new side's other neighbours) decide: from the other
 * reading on, blank lines aside, they fit as far as from the run's own place (a merged hunk's
 * skipped stretch breaks either reading as soon), and the hunk reads two ways (1): judged whole
 * by the tiers after the split. Fewer of them fitting there leaves the run's place standing.
 */
static int apart_undecided(const sm_image *im, const sm_medit *me, const run *a, const run *b)
{
	size_t k, sh = SM_NOLINE, nb = SM_NOLINE, x, y, f, n;

	if ((a->apart & 2) || (me->seq[b->s].kind == SM_HL_DEL && a->ue >= b->s)) {
		for (k = b->us; k < a->ue && k < b->s; k++)
			if (!me->seq[k].l.blank)
				sh = k;
		for (k = b->s; k < b->ue && nb == SM_NOLINE; k++)
			if (me->seq[k].kind != SM_HL_ADD && !me->seq[k].l.blank)
				nb = k;
		x = sh == SM_NOLINE ? SM_NOLINE : old_of(a, sh);
		y = nb == SM_NOLINE ? SM_NOLINE : old_of(b, nb);
		if (stands(a, x) && stands(b, y) && read_twice(a, b, sh)) {
			for (f = a->m.best.hi[x]; f < im->n && sm_ln(im, f)->blank; f++)
				;
			n = fit_count(im, me, f, nb, b->us, b->ue, 1);
			if (f < im->n && f != b->m.best.lo[y] && n &&
			    n >= fit_count(im, me, b->m.best.lo[y], nb, b->us, b->ue, 1))
				return 1;
		}
	}
	if ((a->apart & 1) || (me->seq[a->e - 1].kind == SM_HL_DEL && b->us <= a->e)) {
		sh = nb = SM_NOLINE;
		for (k = a->ue; k-- > b->us && k >= a->e;)
			if (!me->seq[k].l.blank)
				sh = k;
		for (k = a->e; k-- > a->us && nb == SM_NOLINE;)
			if (me->seq[k].kind != SM_HL_ADD && !me->seq[k].l.blank)
				nb = k;
		y = sh == SM_NOLINE ? SM_NOLINE : old_of(b, sh);
		x = nb == SM_NOLINE ? SM_NOLINE : old_of(a, nb);
		if (stands(b, y) && stands(a, x) && read_twice(a, b, sh)) {
			for (f = b->m.best.lo[y]; f-- > 0 && sm_ln(im, f)->blank;)
				;
			n = fit_count(im, me, f, nb, a->us, a->ue, -1);
			if (f < im->n && f + 1 != a->m.best.hi[x] && n &&
			    n >= fit_count(im, me, a->m.best.hi[x] - 1, nb, a->us, a->ue, -1))
				return 1;
		}
	}
	return 0;
}

/* The split with the edit's change runs as they are (pairing 0), or with those that only
 * change and delete lines cut into their one-line changes and deletions (pairing 1; 0 at once
 * when there are none). */
/* The file lines old line j of me (a seq index) stands on, through the run whose slice holds
 * it: 1 and [*lo, *hi) when it stands on at least one, 0 when no run placed it. */
static int placed_at(const sm_medit *me, const run *runs, size_t nr, size_t j, size_t *lo,
                     size_t *hi)
{
	size_t i, k, oi;

	if (me->seq[j].kind == SM_HL_ADD)
		return 0;
	for (i = 0; i < nr; i++) {
		const sm_cand *c = &runs[i].m.best;
		if (!runs[i].found || j < runs[i].us || j >= runs[i].ue)
			continue;
		for (k = runs[i].us, oi = 0; k < j; k++)
			oi += me->seq[k].kind != SM_HL_ADD;
		if (oi >= runs[i].sub.nold || c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		*lo = c->lo[oi];
		*hi = c->hi[oi];
		return 1;
	}
	return 0;
}

/*
 * An elision marker of the hunk right beside a line it deletes, where the runs put that line
 * and the nearest placed old line past the marker on file lines next to each other, or where
 * no old line past the marker is placed (the marker ends or opens the hunk): the marker
 * stands for no line (sm_splice_empty_marker, which the split does not reach, since it cuts the
 * marker from the runs or splices each run alone). The file line the marker stands just above,
 * or SM_NOLINE.
 */
static size_t marker_for_nothing(const sm_medit *me, const run *runs, size_t nr)
{
	size_t k, j, dlo, dhi, nlo, nhi;
	int d;

	for (k = 0; k < me->nseq; k++) {
		if (!me->seq[k].elide)
			continue;
		for (d = -1; d <= 1; d += 2) {
			size_t del = k + (size_t)d;
			if ((d < 0 && !k) || del >= me->nseq || me->seq[del].kind != SM_HL_DEL ||
			    me->seq[del].keep || !placed_at(me, runs, nr, del, &dlo, &dhi))
				continue;
			/* the nearest old line past the marker that a run placed */
			for (j = k - (size_t)d; j < me->nseq; j -= (size_t)d)
				if (me->seq[j].kind != SM_HL_ADD && !me->seq[j].elide &&
				    placed_at(me, runs, nr, j, &nlo, &nhi))
					break;
			/* none: the marker ends (opens) the hunk, and stands for nothing placed */
			if (j >= me->nseq)
				return d < 0 ? dhi : dlo;
			if (d < 0 && nlo == dhi)
				return nlo;
			if (d > 0 && nhi == dlo)
				return dlo;
		}
	}
	return SM_NOLINE;
}

/*
 * 1 when a line the runs delete reads as well, by the whole hunk aligned with the file, on
 * another copy of it (sm_plan_copy_reading): at[0] the line the runs change, at[1] the other
 * copy; a negative SEAM_E* code when out of memory. A run's lines are the hunk's own records
 * (make_sub copies them): a deleted line is known in the hunk by its text's address.
 */
static int copies_read_otherwise(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                                 size_t lo0, size_t hi0, sm_budget *budget, size_t at[2])
{
	size_t *pin = sm_malloc((me->nold ? me->nold : 1) * sizeof *pin), i, oi, si;
	int err = 0, found;

	if (!pin)
		return SEAM_ENOMEM;
	for (oi = 0; oi < me->nold; oi++)
		pin[oi] = SM_NOLINE;
	for (i = 0; i < nr; i++) {
		const sm_cand *c = &runs[i].m.best;
		for (si = 0; si < runs[i].sub.nold; si++) {
			const sm_mline *ml = &runs[i].sub.seq[runs[i].sub.old[si]];
			if (ml->kind != SM_HL_DEL || c->lo[si] == SM_NOLINE ||
			    c->hi[si] != c->lo[si] + 1)
				continue;
			for (oi = 0; oi < me->nold; oi++)
				if (me->seq[me->old[oi]].l.p == ml->l.p &&
				    me->seq[me->old[oi]].kind == SM_HL_DEL)
					pin[oi] = c->lo[si];
		}
	}
	found = sm_plan_copy_reading(im, me, pin, lo0, hi0, budget, &at[0], &at[1], &err);
	sm_free(pin);
	return err ? SEAM_ENOMEM : found;
}

/*
 * The runs read as one place of the whole hunk (each old line where the first run holding it
 * puts it), judged by sm_plan_half_made: a half of the hunk whose new side stands as written
 * apart from where the runs read that half, the runs not reading it as written (its lines
 * found apart, with file lines between that the hunk does not give). A merged hunk sent again
 * with one half made: the made half has no copy of its old lines there any more, and its
 * runs fit other copies of them. 1 with the half's place in *ws; SEAM_ENOMEM.
 */
static int half_made_apart(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                           size_t lo0, size_t hi0, sm_budget *budget, size_t *ws)
{
	sm_cand place;
	size_t i, j, k, base;
	int err = 0, made;

	memset(&place, 0, sizeof(place));
	place.lo = sm_malloc((me->nold ? me->nold : 1) * sizeof(*place.lo));
	place.hi = sm_malloc((me->nold ? me->nold : 1) * sizeof(*place.hi));
	if (!place.lo || !place.hi) {
		sm_free(place.lo);
		sm_free(place.hi);
		return SEAM_ENOMEM;
	}
	for (j = 0; j < me->nold; j++)
		place.lo[j] = place.hi[j] = SM_NOLINE;
	for (i = 0; i < nr; i++) {
		for (base = 0, k = 0; k < runs[i].us; k++)
			base += me->seq[k].kind != SM_HL_ADD;
		for (j = 0; j < runs[i].sub.nold && base + j < me->nold; j++)
			if (place.lo[base + j] == SM_NOLINE) {
				place.lo[base + j] = runs[i].m.best.lo[j];
				place.hi[base + j] = runs[i].m.best.hi[j];
			}
	}
	place.start = runs[0].m.best.start;
	place.end = runs[nr - 1].m.best.end;
	place.tier = SM_TIER_SPLIT;
	made = sm_plan_half_made(im, me, &place, lo0, hi0, budget, ws, &err);
	sm_free(place.lo);
	sm_free(place.hi);
	return err ? SEAM_ENOMEM : made;
}

/* One try of sm_split_apply, the runs paired (sm_split_pair_runs) or as the hunk has them: an
 * sm_split_result, or SEAM_ENOMEM. */
static int split_try(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
                     sm_budget *budget, sm_pedit *pe, int pairing, const size_t *rival,
                     const size_t *made, size_t *at_out)
{
	run *runs = NULL;
	size_t nr = 0, cap = 0, k, i, ctx_at = 0, run_at = 0;
	int rv = SM_SPLIT_NO_FIT, pr = 0, side, apart = 0;
	sm_medit pm;
	unsigned char *brk = NULL;

	if (pairing) {
		pr = sm_split_pair_runs(me, &pm, &brk);
		if (pr <= 0) /* nothing to pair (SM_SPLIT_NO_FIT), or out of memory */
			return pr;
		me = &pm;
	}
	for (k = 0; k < me->nseq;) {
		if (me->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		if (sm_grow((void **)&runs, &cap, nr + 1, sizeof(*runs))) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		memset(&runs[nr], 0, sizeof(*runs));
		runs[nr].s = k;
		runs[nr].paired = brk && brk[k];
		while (k < me->nseq && me->seq[k].kind != SM_HL_CTX &&
		       !(k > runs[nr].s && brk && brk[k] == 1))
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
		int r = sm_split_locate(im, me, &runs[i], lo0, hi0, budget);
		if (r < 0) {
			rv = SEAM_ENOMEM;
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
		r = sm_split_locate(im, me, &runs[i], lo, hi, budget);
		if (r <= 0) {
			rv = r < 0 ? r : SM_SPLIT_NO_FIT;
			goto out;
		}
		runs[i].found = 1;
	}
	/* the check of the cut context looks over the file once per cut line, at most: charged
	   as that (it decides nothing the budget could cut short; the next edit sees it spent) */
	sm_budget_charge(budget, (uint64_t)me->nseq * im->n);
	for (i = 0; i < nr; i++)
		if (!cuts_ok(im, me, runs, i, nr))
			goto out;
	/* a run whose place, context and all (before the runs are clipped apart), passes over a
	   line that is one of its own additions: the run is made there already (as a whole
	   edit's place, plan_edit.c); judged whole by the tiers after the split */
	for (i = 0; i < nr && !me->blocklike; i++) {
		size_t at;
		if (sm_plan_passes_added(im, &runs[i].sub, &runs[i].m.best, &at))
			goto out;
	}
	/* ... or deletes a copy of the context line beside it, the two apart in the file: the
	   copy deleted already (the hunk sent again, the run taking a copy further on) or lines
	   left out between them; judged whole by the tiers after the split (plan_edit.c refuses
	   such a place, naming it) */
	for (i = 0; i < nr; i++)
		if (sm_plan_copy_apart(&runs[i].sub, &runs[i].m.best) != SM_NOLINE)
			goto out;
	if (!runs_agree(im, runs, nr, budget) || !runs_in_order(runs, nr))
		goto out;
	for (i = 0; i < nr; i++) {
		int away = near_slice_elsewhere(im, me, &runs[i], lo0, hi0, budget);
		if (away < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		if (away)
			goto out;
	}
	for (i = 0; i + 1 < nr; i++)
		runs[i].apart = shared_apart(&runs[i], &runs[i + 1], me);
	for (i = 0; i + 1 < nr; i++)
		if (apart_undecided(im, me, &runs[i], &runs[i + 1]))
			goto out;
	for (i = 0; i < nr; i++)
		if (!placed_without_shared(runs, i, nr))
			goto out;
	for (i = 0; i + 1 < nr; i++)
		if (runs[i].m.best.start >= runs[i + 1].m.best.start || !clip(&runs[i], &runs[i + 1]))
			goto out;
	/* the outer contexts, no other run's, before the runs change (move_lead_adds) */
	for (side = 0; side < 2 && !apart; side++) {
		run *r = &runs[side ? nr - 1 : 0];
		apart = outer_apart(im, me, r, !side, lo0, hi0, budget, &ctx_at);
		if (apart < 0) {
			rv = apart;
			goto out;
		}
		if (apart)
			run_at = run_edge(r, 1);
	}
	/* a line added at a cut that may be the stretch's own line left out */
	for (i = 1; i < nr; i++)
		if (cut_adds_twin(im, me, &runs[i - 1], &runs[i]))
			goto out;
	for (i = 1; i < nr; i++)
		if (move_lead_adds(im, me, &runs[i - 1], &runs[i])) {
			rv = SEAM_ENOMEM;
			goto out;
		}
	/* a run that adds lines at a file line it leaves out does not say on which side */
	for (i = 0; i < nr; i++)
		if (sm_splice_undecided(im, &runs[i].sub, &runs[i].m.best) != SM_NOLINE)
			goto out;
	/* ... or lets go of an edge blank line beside a line the hunk (any run of it) adds */
	for (i = 0; i < nr; i++)
		if (sm_splice_left_out_added(im, &runs[i].sub, &runs[i].m.best, me) != SM_NOLINE)
			goto out;
	/* ... or leaves out a line another run writes a copy of (a whole-sides rewrite) */
	for (i = 0; i < nr && me->blocklike; i++)
		if (left_out_written_elsewhere(im, me, &runs[i]))
			goto out;
	/* ... or fits only by letting go of file lines that are its own additions (the hunk
	   sent again): judged whole by the tiers after the split, not written a second time (in
	   a whole-sides rewrite such a line is one the old side left out, and the splice writes
	   it once) */
	for (i = 0; i < nr && !me->blocklike; i++) {
		size_t at;
		if (sm_plan_skipped_done(im, &runs[i].sub, &runs[i].m.best, &at))
			goto out;
	}
	/* the new side stands (as loosely as a run is found) where none of the runs does: the
	   runs fit other copies of their lines, and the hunk may have been made already */
	if (rival) {
		for (i = 0; i < nr; i++)
			if (runs[i].m.best.start < rival[1] && runs[i].m.best.end > rival[0])
				break;
		if (i == nr) {
			*at_out = runs[0].m.best.start;
			rv = SM_SPLIT_RIVAL_LOOSE;
			goto out;
		}
	}
	/* ... or a run found by its own old lines, its context cut on a side, while its own new
	   side (its additions with the context the hunk gives around them) stands, as loosely
	   as a run is found, apart from it: that change is made there, and the run fits another
	   copy of its old lines */
	for (i = 0; i < nr; i++) {
		size_t ws = 0;
		int made = made_apart(im, me, &runs[i], lo0, hi0, budget, &ws);
		if (made < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		if (made) {
			at_out[0] = run_edge(&runs[i], 1);
			at_out[1] = ws;
			rv = SM_SPLIT_RUN_MADE_APART;
			goto out;
		}
	}
	/* ... or a deletion found without its context on a side, while the lines it brings
	   together stand together (deletion_closed_up): made there already, or to be made? */
	for (i = 0; i < nr; i++) {
		size_t ws;
		sm_budget_charge(budget, sm_work_pass(lo0, hi0));
		if (deletion_closed_up(im, me, &runs[i], lo0, hi0, &ws)) {
			at_out[0] = run_edge(&runs[i], 1);
			at_out[1] = ws;
			rv = SM_SPLIT_RUN_MADE_APART;
			goto out;
		}
	}
	/* ... or a deletion read past the lines its context closes up over already */
	for (i = 0; i < nr; i++) {
		size_t ws = 0;
		int past = deletion_read_past(im, &runs[i], lo0, hi0, budget, &ws);
		if (past < 0) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		if (past) {
			at_out[0] = run_edge(&runs[i], 1);
			at_out[1] = ws;
			rv = SM_SPLIT_RUN_MADE_APART;
			goto out;
		}
	}
	/* a placeholder standing for no line beside lines the hunk deletes */
	if ((at_out[0] = marker_for_nothing(me, runs, nr)) != SM_NOLINE) {
		rv = SM_SPLIT_EMPTY_MARKER;
		goto out;
	}
	/* the edit's new side stands as written (a deletion's neighbours together already)
	   and a run stands away from it: that run fits another copy of its deleted lines, the
	   hunk's changes all belonging where its new side stands */
	if (made) {
		for (i = 0; i < nr; i++)
			if (runs[i].m.best.start >= made[1] || runs[i].m.best.end <= made[0])
				break;
		if (i < nr) {
			at_out[0] = runs[i].m.best.start;
			at_out[1] = made[0];
			rv = SM_SPLIT_DELETION_MADE;
			goto out;
		}
	}
	/* a half of the hunk made already, its runs reading other copies of its old lines */
	{
		int half = half_made_apart(im, me, runs, nr, lo0, hi0, budget, &at_out[1]);
		if (half) {
			at_out[0] = runs[0].m.best.start;
			rv = half < 0 ? SEAM_ENOMEM : SM_SPLIT_HALF_MADE;
			goto out;
		}
	}
	/* the reply puts its context in one place and its change in another */
	if (apart) {
		at_out[0] = ctx_at;
		at_out[1] = run_at;
		rv = apart == 2 ? SM_SPLIT_CONTEXT_APART_LOOSE : SM_SPLIT_CONTEXT_APART;
		goto out;
	}
	/* the runs' changed lines read as well, the hunk's lines let go put elsewhere, on other
	   copies of them (sm_plan_copy_reading): the reply does not say which copies */
	{
		int found = copies_read_otherwise(im, me, runs, nr, lo0, hi0, budget, at_out);
		if (found) {
			rv = found < 0 ? SEAM_ENOMEM : SM_SPLIT_COPY_READING;
			goto out;
		}
	}
	pe->start_line = sm_image_orig_near(im, runs[0].m.best.start);
	pe->end_line = sm_image_orig_near(im, runs[nr - 1].m.best.end - 1);
	for (i = nr; i-- > 0;) {
		size_t first, count;
		sm_medit trim;
		const sm_medit *sub = &runs[i].sub;
		if (sm_splice_spacing_tail(im, sub, me, &runs[i].m.best, &trim))
			sub = &trim;
		sm_budget_charge(budget, sm_work_splice(im, runs[i].m.best.start));
		if (sm_splice(im, sub, &runs[i].m.best, pool, &first, &count)) {
			rv = SEAM_ENOMEM; /* out of memory midway: the caller drops the whole plan */
			goto out;
		}
	}
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = SM_TIER_SPLIT;
	pe->strategy = sm_tier_name(SM_TIER_SPLIT);
	rv = SM_SPLIT_APPLIED;
out:
	for (i = 0; i < nr; i++) {
		if (runs[i].found)
			sm_match_dispose(&runs[i].m);
		free_sub(&runs[i].sub);
	}
	sm_free(runs);
	if (pr) {
		sm_free(pm.seq);
		sm_free(pm.old);
		sm_free(brk);
	}
	return rv;
}

int sm_split_apply(sm_image *im, const sm_medit *me, size_t lo0, size_t hi0, sm_pool *pool,
                   sm_budget *budget, sm_pedit *pe, const size_t *rival, const size_t *made,
                   size_t at[2])
{
	int rv = split_try(im, me, lo0, hi0, pool, budget, pe, 0, rival, made, at);

	return rv != SM_SPLIT_NO_FIT
	           ? rv
	           : split_try(im, me, lo0, hi0, pool, budget, pe, 1, rival, made, at);
}
