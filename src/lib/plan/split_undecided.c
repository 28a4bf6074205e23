/*
 * The judgements of a split hunk as a whole that refuse it as undecided: a line two runs read
 * apart with the lines beside it placed by one reading, an elision marker standing for no line,
 * a deleted line that reads as well on another copy, half of the hunk made apart.
 */
#include "split_undecided.h"
#include "split_agree.h"
#include "split_apart.h"

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
		if (f >= im->n || !sm_split_line_is(im, f, &me->seq[k].l))
			break;
		f += (size_t)step;
		n++;
	}
	return n;
}

/* 1 when runs a and b both stand hunk line k, on two different file lines. */
static int read_twice(const run *a, const run *b, size_t k)
{
	size_t x = sm_split_old_of(a, k), y = sm_split_old_of(b, k);

	return sm_split_stands(a, x) && sm_split_stands(b, y) && a->m.best.lo[x] != b->m.best.lo[y];
}

/*
 * Runs a and b read a context line of substance they share on two file lines (read_apart),
 * and the lines one of them adds beside it, blank lines aside (b's at its start, a's at its
 * end: sm_split_shared_apart), or deletes right beside it, are placed by that run's reading: the
 * reply gives the line once and does not say on which side of the stretch between the two readings
 * they go (a deleted line has a copy by each reading as often as not). The run's own
 * old lines beyond the additions (the new side's other neighbours) decide: from the other
 * reading on, blank lines aside, they fit as far as from the run's own place (a merged hunk's
 * skipped stretch breaks either reading as soon), and the hunk reads two ways (1): judged whole
 * by the tiers after the split. Fewer of them fitting there leaves the run's place standing.
 */
int sm_split_apart_undecided(const sm_image *im, const sm_medit *me, const run *a, const run *b)
{
	size_t k, sh = SM_NOLINE, nb = SM_NOLINE, x, y, f, n;

	if ((a->apart & 2) || (me->seq[b->s].kind == SM_HL_DEL && a->ue >= b->s)) {
		for (k = b->us; k < a->ue && k < b->s; k++)
			if (!me->seq[k].l.blank)
				sh = k;
		for (k = b->s; k < b->ue && nb == SM_NOLINE; k++)
			if (me->seq[k].kind != SM_HL_ADD && !me->seq[k].l.blank)
				nb = k;
		x = sh == SM_NOLINE ? SM_NOLINE : sm_split_old_of(a, sh);
		y = nb == SM_NOLINE ? SM_NOLINE : sm_split_old_of(b, nb);
		if (sm_split_stands(a, x) && sm_split_stands(b, y) && read_twice(a, b, sh)) {
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
		y = sh == SM_NOLINE ? SM_NOLINE : sm_split_old_of(b, sh);
		x = nb == SM_NOLINE ? SM_NOLINE : sm_split_old_of(a, nb);
		if (sm_split_stands(b, y) && sm_split_stands(a, x) && read_twice(a, b, sh)) {
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
/* The file lines old line j of me (a seq index) stands on, through the run whose slice
 * holds it: 1 and [*lo, *hi) when it stands on at least one, 0 when no run placed it. */
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
 * stands for no line (sm_splice_empty_marker, which the split does not reach, since it
 * cuts the marker from the runs or splices each run alone). The file line the marker
 * stands just above, or SM_NOLINE.
 */
size_t sm_split_marker_for_nothing(const sm_medit *me, const run *runs, size_t nr)
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
			/* none: the marker ends (opens) the hunk, and stands for nothing
			 * placed */
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
int sm_split_copies_read_otherwise(const sm_image *im, const sm_medit *me, const run *runs,
                                   size_t nr, size_t lo0, size_t hi0, sm_budget *budget,
                                   size_t at[2])
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
 * puts it), judged by sm_plan_half_made: a half of the hunk whose new side stands as
 * written apart from where the runs read that half, the runs not reading it as written (its lines
 * found apart, with file lines between that the hunk does not give). A merged hunk sent again
 * with one half made: the made half has no copy of its old lines there any more, and its
 * runs fit other copies of them. 1 with the half's place in *ws; SEAM_ENOMEM.
 */
int sm_split_place_of_runs(const sm_medit *me, const run *runs, size_t nr, int last, sm_cand *place)
{
	size_t i, j, k, base;

	memset(place, 0, sizeof(*place));
	place->lo = sm_malloc(2 * (me->nold ? me->nold : 1) * sizeof(*place->lo));
	if (!place->lo)
		return SEAM_ENOMEM;
	place->hi = place->lo + (me->nold ? me->nold : 1);
	for (j = 0; j < me->nold; j++)
		place->lo[j] = place->hi[j] = SM_NOLINE;
	for (i = 0; i < nr; i++) {
		for (base = 0, k = 0; k < runs[i].us; k++)
			base += me->seq[k].kind != SM_HL_ADD;
		for (j = 0; j < runs[i].sub.nold && base + j < me->nold; j++)
			if (last || place->lo[base + j] == SM_NOLINE) {
				place->lo[base + j] = runs[i].m.best.lo[j];
				place->hi[base + j] = runs[i].m.best.hi[j];
			}
	}
	place->start = runs[0].m.best.start;
	place->end = runs[nr - 1].m.best.end;
	place->tier = SM_TIER_SPLIT;
	return 0;
}

int sm_split_half_made_apart(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                             size_t lo0, size_t hi0, sm_budget *budget, size_t *ws)
{
	sm_cand place;
	int err = 0, made;

	if (sm_split_place_of_runs(me, runs, nr, 0, &place))
		return SEAM_ENOMEM;
	made = sm_plan_half_made(im, me, &place, lo0, hi0, budget, ws, &err);
	sm_free(place.lo);
	return err ? SEAM_ENOMEM : made;
}

/* 1 when the file lines between a and b (either order) hold one that no old line of the hunk
 * stands on in place (a stretch the merged hunk skipped). */
static int skipped_between(const sm_cand *place, size_t nold, size_t a, size_t b)
{
	size_t lo = a < b ? a : b, hi = a < b ? b : a, g, j;

	for (g = lo + 1; g < hi; g++) {
		for (j = 0; j < nold; j++)
			if (place->lo[j] != SM_NOLINE && place->lo[j] <= g && g < place->hi[j])
				break;
		if (j == nold)
			return 1;
	}
	return 0;
}

/* 1 when a is a copy of b's text, kept or deleted, not one the laziness guard took back. */
static int same_line(const sm_mline *a, const sm_mline *b)
{
	return a->kind != SM_HL_ADD && !a->keep && a->l.n == b->l.n &&
	       memcmp(a->l.p, b->l.p, b->l.n) == 0;
}

/* 1 when me->seq[m] is an addition of the change holding me->seq[k] (no context line between). */
static int same_change(const sm_medit *me, size_t m, size_t k)
{
	size_t lo = m < k ? m : k, hi = m < k ? k : m, i;

	if (me->seq[m].kind != SM_HL_ADD)
		return 0;
	for (i = lo; i <= hi; i++)
		if (me->seq[i].kind == SM_HL_CTX)
			return 0;
	return 1;
}

int sm_split_twin_apart(const sm_medit *me, const sm_cand *place, size_t at[2])
{
	size_t j, k, x, oj, ok, *oldi;
	int found = 0;

	/* a hunk's context and deleted lines are the model's marks: which copy stays is said */
	if (!me->one_run)
		return 0;
	oldi = sm_malloc((me->nseq ? me->nseq : 1) * sizeof(*oldi));
	if (!oldi)
		return SEAM_ENOMEM;
	for (k = 0, x = 0; k < me->nseq; k++)
		oldi[k] = me->seq[k].kind == SM_HL_ADD ? SM_NOLINE : x++;
	for (j = 0; j < me->nseq && !found; j++) {
		const sm_mline *cj = &me->seq[j];
		if (cj->kind != SM_HL_CTX || cj->keep || cj->elide || cj->l.blank)
			continue;
		for (k = 0; k < me->nseq && !found; k++) {
			const sm_mline *dk = &me->seq[k];
			size_t a = j < k ? j : k, z = j < k ? k : j, m;
			int open = 1;
			if (dk->kind != SM_HL_DEL || dk->keep || dk->l.n != cj->l.n ||
			    memcmp(dk->l.p, cj->l.p, cj->l.n) != 0)
				continue;
			/* the diff could as well have kept the other copy: nothing of substance
			   kept or written between the two (deletions, blank lines aside), or only
			   further copies of the line (a run of them, of which the diff deleted
			   one it chose) and lines the deletion's own change adds (a change's
			   additions and deletions stand in either order) */
			for (m = a + 1; m < z && open; m++)
				open = me->seq[m].l.blank || me->seq[m].kind == SM_HL_DEL ||
				       same_line(&me->seq[m], cj) || same_change(me, m, k);
			if (!open)
				continue;
			oj = oldi[j];
			ok = oldi[k];
			if (place->lo[oj] == SM_NOLINE || place->hi[oj] <= place->lo[oj] ||
			    place->lo[ok] == SM_NOLINE || place->hi[ok] <= place->lo[ok])
				continue;
			found = skipped_between(place, me->nold, place->lo[oj], place->lo[ok]);
			at[0] = place->lo[oj];
			at[1] = place->lo[ok];
		}
	}
	sm_free(oldi);
	return found;
}
