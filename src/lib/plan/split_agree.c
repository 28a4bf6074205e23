/*
 * Whether the runs of a split hunk, as found, read as one hunk: in order, not reading a line
 * they share as context on two file lines that prove nothing; their shared context clipped.
 */
#include "split_agree.h"

/* The old line of r's sub-edit that is hunk line k, or SM_NOLINE. */
size_t sm_split_old_of(const run *r, size_t k)
{
	size_t i;

	for (i = 0; i < r->sub.nold; i++)
		if (r->us + r->sub.old[i] == k)
			return i;
	return SM_NOLINE;
}

/* 1 when old line i of r stands on a file line (not an unmarked addition, not a blank line
 * let go). */
int sm_split_stands(const run *r, size_t i)
{
	return i != SM_NOLINE && r->m.best.lo[i] != SM_NOLINE && r->m.best.hi[i] > r->m.best.lo[i];
}

/* 1 when r, as found, changes nothing: it adds no line, and each line it deletes stands on no
 * file line (a blank line let go). Its change is then nowhere in its place: a run that is only
 * the deletion of blank lines fits any stretch of its context with no blank line in it, and
 * another run's lines, cut where the sides' diff paired them, are written there as if the
 * blank lines were still to come. */
int sm_split_changes_nothing(const run *r)
{
	size_t i, dels = 0;

	for (i = 0; i < r->sub.nseq; i++)
		if (r->sub.seq[i].kind == SM_HL_ADD)
			return 0;
	for (i = 0; i < r->sub.nold; i++) {
		const sm_mline *ml = &r->sub.seq[r->sub.old[i]];
		if (ml->kind != SM_HL_DEL || ml->keep)
			continue;
		if (sm_split_stands(r, i))
			return 0;
		dels++;
	}
	return dels > 0;
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
 * 0 when two runs, one after the other, as found (before sm_split_clip), read the hunk out of
 * order: a hunk line of the first stands on a file line at or after the one a later hunk
 * line of the second stands on. The first run's place then passes over the second's lines
 * (a tolerant tier let go of them inside it as lines the old side left out, or stood two hunk lines
 * on one file line): the stretch a merged hunk skipped lies between its two halves, never across
 * one of them, so at most one of the two places is the reply's, and clipping the first keeps a part
 * of it found only with lines that stand for others. The tiers after the split then judge the hunk
 * whole.
 */
int sm_split_runs_in_order(const run *runs, size_t nr)
{
	size_t i, x, y;

	for (i = 0; i + 1 < nr; i++) {
		const run *a = &runs[i], *b = &runs[i + 1];
		for (x = 0; x < a->sub.nold; x++) {
			size_t kx = a->us + a->sub.old[x];
			if (!sm_split_stands(a, x))
				continue;
			for (y = 0; y < b->sub.nold; y++) {
				size_t ky = b->us + b->sub.old[y];
				if (ky > kx && sm_split_stands(b, y) &&
				    a->m.best.hi[x] > b->m.best.lo[y])
					return 0;
			}
		}
	}
	return 1;
}

/*
 * 0 when the hunk's own lines beyond an elision marker past the runs' context (its head before
 * the first run, its tail after the last), lines no run was found with, have a line of
 * substance the file holds nowhere on that side of the runs' places (within [lo0, hi0)): the
 * marker stands for file lines between that line and the run, so the run lies after the head
 * (before the tail); found on the wrong side of it, the run is another copy of its lines, and
 * the hunk is judged whole by the tiers after the split. Without a marker the head is the
 * run's own context, which the split shrank (a far line of it miscopied), and says nothing.
 */
int sm_split_heads_in_order(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                            size_t lo0, size_t hi0, sm_budget *budget)
{
	size_t side, k, mark, i, first, last;

	for (side = 0; side < 2 && nr; side++) {
		const run *r = &runs[side ? nr - 1 : 0];
		size_t a = side ? r->ue : 0, b = side ? me->nseq : r->us;
		/* a marker at the edge of the run's slice is found with it, standing for any
		   lines: the head is what lies beyond it */
		while (!side && b < r->ue && (me->seq[b].elide || me->seq[b].l.blank))
			b++;
		while (side && a > r->us && (me->seq[a - 1].elide || me->seq[a - 1].l.blank))
			a--;
		for (mark = SM_NOLINE, k = a; k < b; k++)
			if (me->seq[k].elide && (mark == SM_NOLINE || !side))
				mark = k;
		if (mark == SM_NOLINE)
			continue;
		/* the run's own lines, the marker's absorbed ones aside */
		for (first = SM_NOLINE, last = 0, i = 0; i < r->sub.nold; i++)
			if (!r->sub.seq[r->sub.old[i]].elide && sm_split_stands(r, i)) {
				if (first == SM_NOLINE || r->m.best.lo[i] < first)
					first = r->m.best.lo[i];
				if (r->m.best.hi[i] > last)
					last = r->m.best.hi[i];
			}
		if (first == SM_NOLINE)
			continue;
		for (k = side ? mark + 1 : a; k < (side ? b : mark); k++) {
			const sm_mline *ml = &me->seq[k];
			uint64_t h;
			if (ml->kind != SM_HL_CTX || ml->l.blank || ml->elide)
				continue;
			h = sm_line_h(&ml->l, SM_LVL_INDENT);
			sm_budget_charge(budget, im->n);
			if (side ? !sm_image_has(im, h, last, hi0)
			         : !sm_image_has(im, h, lo0, first))
				return 0;
		}
	}
	return 1;
}

/*
 * 0 when the runs, as found (before sm_split_clip), do not read as one hunk:
 * - a hunk line of substance that two runs were both found with (context they share)
 * stands on two file lines next to each other, one in each run: no stretch of the file
 * lies between them that the reply could have skipped (a merged hunk's skip is read there through a
 * copy of the shared line on each side of it), so one of the two is a line the old side left out,
 * kept by the split beside the line the new side writes for it;
 * - a run's place leaves out a file line of substance between two of its old lines, and the
 *   new side writes a line of that text right beside where it stays (the first line of the
 *   new side above or below it, whichever side of the run's additions there it ends up): the
 *   sides' diff, which could not pair the left-out line, paired that copy with another old
 *   line or took it for an addition, and the split would write the line twice, where the
 *   whole hunk's splice puts it back and diffs the sides again (refill, splice_left_out.c).
 * The tiers after the split then judge the hunk whole.
 */
int sm_split_runs_agree(const sm_image *im, const run *runs, size_t nr, sm_budget *budget)
{
	size_t i, j, k, f, prev, pj;

	for (i = 0; i + 1 < nr; i++) {
		const run *a = &runs[i], *b = &runs[i + 1];
		for (k = b->us; k < a->ue; k++) {
			size_t x = sm_split_old_of(a, k), y = sm_split_old_of(b, k);
			if (sm_split_stands(a, x) && sm_split_stands(b, y) &&
			    !a->sub.seq[k - a->us].l.blank &&
			    (a->m.best.hi[x] == b->m.best.lo[y] ||
			     b->m.best.hi[y] == a->m.best.lo[x]))
				return 0;
		}
	}
	for (i = 0; i < nr; i++) {
		const sm_medit *sub = &runs[i].sub;
		const sm_cand *c = &runs[i].m.best;
		prev = pj = SM_NOLINE;
		for (j = 0; j < sub->nold; j++) {
			if (!sm_split_stands(&runs[i], j))
				continue;
			for (f = prev == SM_NOLINE ? c->lo[j] : prev; f < c->lo[j]; f++) {
				const sm_line *l = sm_ln(im, f);
				size_t ka = sub->old[pj], kb = sub->old[j];
				uint64_t h = sm_line_h(l, SM_LVL_INDENT);
				sm_budget_charge(budget, sub->nseq);
				if (!l->blank &&
				    (new_line_is(sub, ka, -1, h) || new_line_is(sub, kb, 1, h) ||
				     new_line_is(sub, ka + 1, 1, h) ||
				     new_line_is(sub, kb - 1, -1, h)))
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
		x = sm_split_old_of(a, k);
		y = sm_split_old_of(b, k);
		if (sm_split_stands(a, x) && sm_split_stands(b, y) && !(me && me->seq[k].l.blank) &&
		    a->m.best.lo[x] != b->m.best.lo[y])
			return 1;
	}
	return 0;
}

/*
 * Runs a and b (one after the other) both found with a hunk line of substance they share as
 * context, on two file lines (apart: sm_split_runs_agree refuses two beside each other): the reply
 * gives that line once, and lines a adds at its end (b at its start) with nothing but blank lines
 * between them and the lines they share are placed by it, before the one copy or the other,
 * across the stretch the hunk skipped. 1 when a's are, 2 when b's are (or both), else 0.
 */
int sm_split_shared_apart(const run *a, const run *b, const sm_medit *me)
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
 * Run i, found with context it shares with a neighbour that stands that context on other
 * file lines (read_apart): only one of the two readings can be the reply's, so those lines are no
 * proof of the run's place. 0 when nothing else places it: what is left of its slice without
 * them (its own lines, and the context no neighbour reads elsewhere) has no old line; 1 when
 * something does.
 */
int sm_split_placed_without_shared(const run *runs, size_t i, size_t nr)
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

/* 1 when r writes a line with the text of file line f (indentation aside). */
static int adds_copy_of(const sm_image *im, const run *r, size_t f)
{
	uint64_t h = sm_line_h(sm_ln(im, f), SM_LVL_INDENT);
	size_t k;

	for (k = 0; k < r->sub.nseq; k++)
		if (r->sub.seq[k].kind == SM_HL_ADD &&
		    sm_line_h(&r->sub.seq[k].l, SM_LVL_INDENT) == h)
			return 1;
	return 0;
}

/* 1 when r reads hunk line k on a file line with a line of substance left out between it and
 * the file line of r's next old line that stands that way (dir +1 down, -1 up), and r changes
 * the file there: lines added between the two, the next one deleted, or the line left out one
 * that r writes a copy of (the splice may take it for that line). */
static int read_across(const sm_image *im, const run *r, size_t k, int dir)
{
	const sm_cand *c = &r->m.best;
	size_t x = sm_split_old_of(r, k), y, f, from, to, j, ka, kb;
	int gap = 0, copy = 0, change;

	for (y = x + (size_t)dir; y < r->sub.nold && !sm_split_stands(r, y); y += (size_t)dir)
		;
	if (y >= r->sub.nold)
		return 0;
	from = dir > 0 ? c->hi[x] : c->hi[y];
	to = dir > 0 ? c->lo[y] : c->lo[x];
	for (f = from; f < to; f++)
		if (!sm_ln(im, f)->blank) {
			gap = 1;
			copy |= adds_copy_of(im, r, f);
		}
	if (!gap)
		return 0;
	ka = r->sub.old[dir > 0 ? x : y];
	kb = r->sub.old[dir > 0 ? y : x];
	change = r->sub.seq[r->sub.old[y]].kind == SM_HL_DEL;
	for (j = ka + 1; j < kb; j++)
		change |= r->sub.seq[j].kind == SM_HL_ADD;
	return change || copy;
}

/*
 * Runs a and b (one after the other) read a context line of substance they share on two file
 * lines (read_apart): the reply gives it once, so one reading stands on a copy of it. When a
 * run's reading reaches from that line to its own next old line (b's below it, a's above it)
 * across a file line of substance it leaves out, that run stretched its context over a gap
 * to reach the copy, and the merged hunk's skipped stretch may lie on either side of the
 * shared line: where the run's new lines go is a guess. 1 when so (the split does not decide).
 */
int sm_split_shared_read_across(const sm_image *im, const run *a, const run *b)
{
	size_t k, x, y;

	for (k = b->us; k < a->ue; k++) {
		x = sm_split_old_of(a, k);
		y = sm_split_old_of(b, k);
		if (!sm_split_stands(a, x) || !sm_split_stands(b, y) ||
		    a->sub.seq[k - a->us].l.blank || a->m.best.lo[x] == b->m.best.lo[y])
			continue;
		if (read_across(im, b, k, 1) || read_across(im, a, k, -1))
			return 1;
	}
	return 0;
}

/* Drops trailing context of a that reaches into b's region (context both runs share). */
int sm_split_clip(run *a, const run *b)
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

/* 1 when run a adds lines and its old side is only context that the next run b reads too, on
 * the same file lines (a blank line a lets go aside): a's additions stand beside b's context, the
 * two runs one stretch of the hunk, which no clip can cut apart (a would keep no line). */
int sm_split_one_stretch(const run *a, const run *b)
{
	size_t i, bi, k, adds = 0, shared = 0;

	for (k = 0; k < a->sub.nseq; k++)
		adds += a->sub.seq[k].kind == SM_HL_ADD;
	if (!adds)
		return 0;
	for (i = 0; i < a->sub.nold; i++) {
		if (a->sub.seq[a->sub.old[i]].kind != SM_HL_CTX)
			return 0;
		if (!sm_split_stands(a, i)) /* a blank line let go */
			continue;
		k = a->us + a->sub.old[i];
		bi = sm_split_old_of(b, k);
		if (!sm_split_stands(b, bi) || b->m.best.lo[bi] != a->m.best.lo[i])
			return 0;
		shared++;
	}
	return shared > 0;
}
