/*
 * The new lines of a split hunk's runs where the runs leave them undecided or already made:
 * additions at a cut that another copy may hold, leading additions moved, deletions closed up,
 * a run's new side standing apart from it.
 */
#include "split_apart.h"
#include "split_cut.h"
#include "split_agree.h"
#include "plan_already_rival.h"
#include "../match/splice_edge.h"
#include "plan_already_impl.h"
#include "plan_new_side.h"

/* 1 when l has SM_SPLIT_MIN_SOLID_CHARS of substance: a lone "}" or "pass" is added at a cut
 * as often as a line of the stretch is left out there, and says nothing either way. */
static int solid_line(const sm_line *l)
{
	char tmp[256];
	size_t n = l->n < sizeof(tmp) ? l->n : sizeof(tmp);

	return !l->blank &&
	       sm_text_normalize(l->p, n, SM_LVL_SPACE, tmp) >= SM_SPLIT_MIN_SOLID_CHARS;
}

/* The first line of substance run r adds (r->e when none). */
static size_t first_new_solid(const sm_medit *me, const run *r)
{
	size_t k;

	for (k = r->s; k < r->e; k++)
		if (me->seq[k].kind == SM_HL_ADD && solid_line(&me->seq[k].l))
			return k;
	return r->e;
}

/* The last line of substance run p adds (p->e when none). */
static size_t last_new_solid(const sm_medit *me, const run *p)
{
	size_t k;

	for (k = p->e; k-- > p->s;)
		if (me->seq[k].kind == SM_HL_ADD && solid_line(&me->seq[k].l))
			return k;
	return p->e;
}

/*
 * Runs p and r, one after the other with a stretch of the file between their places (lines of
 * substance the merged hunk skipped): the lines p adds after its last old line, when p was
 * found with blank lines only below them (the context past them cut, or none) or with a line it
 * shares with r found in two places (p->apart & 1, sm_split_shared_apart), are placed by nothing
 * that says on which side of the stretch they go; so are the lines r adds before its first old
 * line, found with blank lines only above them (or p->apart & 2). When one of them has the text of
 * the stretch's line of substance at the far end from the run that holds it (the last one above
 * r's place for p's, the first below p's place for r's), it may also be that line, left out of
 * the old side and kept by the new one: written beside its own run, it would stand twice. 1
 * when so (the split does not decide), 0 when not.
 */
int sm_split_cut_adds_twin(const sm_image *im, const sm_medit *me, const run *p, const run *r)
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
	/* p's last new line of substance, lines p deletes after it, and r's first, lines r
	   deletes before it: in the new side it stands next to the context all the same, and
	   the sides' diff, which put the deletions beside it, could as well have paired them
	   after it (before it), the line kept where the stretch has it */
	if (tail && (k = last_new_solid(me, p)) < t0 && me->seq[k].l.h_indent == above)
		return 1;
	if (head && (k = first_new_solid(me, r)) >= h1 && k < r->e &&
	    me->seq[k].l.h_indent == below)
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
int sm_split_move_lead_adds(const sm_image *im, const sm_medit *me, run *p, run *r)
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
	topind = sm_split_indent_of(sm_ln(im, top), c, 0);
	botind = sm_split_indent_of(sm_ln(im, bot), c, 0);
	d = sm_split_indent_of(sm_ln(im, c->lo[oi]), c, 0);
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
		d = sm_split_indent_of(l, c, 1);
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

/* 1 when p and r both read a blank hunk line of [k0, k1) that they share, on two file lines
 * (at[0] p's, at[1] r's): the one blank line the reply gives between them stands on either side
 * of the stretch. */
static int blank_read_twice(const run *p, const run *r, size_t k0, size_t k1, size_t at[2])
{
	size_t k, x, y;

	for (k = k0 > r->us ? k0 : r->us; k < k1 && k < p->ue; k++) {
		x = sm_split_old_of(p, k);
		y = sm_split_old_of(r, k);
		if (sm_split_stands(p, x) && sm_split_stands(r, y) &&
		    r->sub.seq[k - r->us].l.blank && p->m.best.lo[x] != r->m.best.lo[y]) {
			at[0] = p->m.best.lo[x];
			at[1] = r->m.best.lo[y];
			return 1;
		}
	}
	return 0;
}

/* How many blank file lines run from file line f on by step (+1 down, -1 up). */
static size_t blanks_from(const sm_image *im, size_t f, int step)
{
	size_t n = 0;

	for (; f < im->n && sm_ln(im, f)->blank; f += (size_t)step)
		n++;
	return n;
}

/*
 * Run r (after run p) only adds lines, and still adds them before its first old line
 * (sm_split_move_lead_adds moved none of them above the stretch), found with blank lines only
 * above them, one of which p reads too, on another file line. The file has blank lines below
 * p's last line of substance and above r's first, more of them than the reply gives between
 * the two: the reply's blank lines do not go round, one side does without its own, and the
 * stretch the merged hunk skipped may lie above the additions or below them. Nothing places
 * them: 1 (the split does not decide), at[0] and at[1] the file lines p and r read that blank
 * line on (the two readings: the additions below the one or below the other).
 */
int sm_split_lead_adds_on_blank(const sm_image *im, const sm_medit *me, const run *p, const run *r,
                                size_t at[2])
{
	size_t k, x, f, a0 = r->s - r->us, above = 0, below = 0, given = 0;

	for (k = r->us; k < r->s; k++)
		if (!me->seq[k].l.blank)
			return 0;
	/* a run that deletes too is placed by its deletions */
	for (k = r->s; k < r->e; k++)
		if (me->seq[k].kind != SM_HL_ADD)
			return 0;
	if (a0 >= r->sub.nseq || r->sub.seq[a0].kind != SM_HL_ADD || r->sub.seq[a0].l.blank)
		return 0;
	for (k = p->m.best.end; k < r->m.best.start && sm_ln(im, k)->blank; k++)
		;
	if (k >= r->m.best.start)
		return 0; /* no stretch between them: nothing to be on either side of */
	if (!blank_read_twice(p, r, r->us, r->s, at))
		return 0;
	for (k = r->s; k-- > 0 && me->seq[k].l.blank;)
		given++;
	for (k = r->us; k-- > p->us;) {
		x = sm_split_old_of(p, k);
		if (!me->seq[k].l.blank && sm_split_stands(p, x)) {
			above = blanks_from(im, p->m.best.hi[x], 1);
			break;
		}
	}
	/* r's first line of substance below the additions, or where its place ends (its
	   trailing context clipped, shared with the next run) */
	f = r->m.best.end;
	for (k = r->e; k < r->ue; k++) {
		x = sm_split_old_of(r, k);
		if (!me->seq[k].l.blank && sm_split_stands(r, x)) {
			f = r->m.best.lo[x];
			break;
		}
	}
	if (f > 0)
		below = blanks_from(im, f - 1, -1);
	return above && below && above + below > given;
}

/* 1 when file line f is hunk line l as written (indentation aside; a blank line for a blank). */
int sm_split_line_is(const sm_image *im, size_t f, const sm_line *l)
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

/* 1 when one of the runs deletes file line f. */
static int runs_delete(const run *runs, size_t nr, size_t f)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (run_deletes(&runs[i], f))
			return 1;
	return 0;
}

/*
 * The first line of substance the runs write going into them from an edge of run i: its top
 * (dir -1, going down) or its bottom (dir 1, going up), deleted lines writing nothing, a run
 * that writes none continued into the next one. 1 with *l that line, *w the run writing it and
 * *at where it stands: its file line (a context line), or the boundary it is written at (an
 * addition: between file lines *at - 1 and *at); 0 when none.
 */
static int first_written(const run *runs, size_t nr, size_t i, int dir, const sm_line **l,
                         size_t *w, size_t *at, int *added)
{
	for (;;) {
		const run *r = &runs[i];
		const sm_cand *c = &r->m.best;
		size_t n = r->sub.nseq, k, q, oi, b = dir < 0 ? c->start : c->end;
		for (k = 0; k < n; k++) {
			const sm_mline *ml;
			q = dir < 0 ? k : n - 1 - k;
			ml = &r->sub.seq[q];
			if (ml->kind != SM_HL_ADD) {
				oi = sm_split_old_of(r, r->us + q);
				if (oi != SM_NOLINE && c->lo[oi] != SM_NOLINE)
					b = dir < 0 ? c->hi[oi] : c->lo[oi];
			}
			if (ml->kind == SM_HL_DEL || ml->l.blank)
				continue;
			*l = &ml->l;
			*w = i;
			*added = ml->kind == SM_HL_ADD;
			if (!*added) {
				if (!sm_split_stands(r, oi))
					return 0;
				b = c->lo[oi];
			}
			*at = b;
			return 1;
		}
		if (dir < 0 ? i + 1 >= nr : i == 0)
			return 0;
		i = dir < 0 ? i + 1 : i - 1;
	}
}

/*
 * Runs side by side with a stretch of the file between them (lines of substance the merged
 * hunk skipped): when the line of substance the stretch starts with (ends with) is, as
 * written, the last (first) one the runs write before (after) it, only blank lines and lines
 * they delete between, the split puts a line beside its own copy where the reply has one: the
 * stretch's line, left out of the old side and kept by the new one (or paired by the sides'
 * diff with a copy further on, across the lines deleted). Not when the splice takes the file's
 * line for it (sm_splice_widen: a new side repeating the lines around its place). dir 1: the
 * stretch below run i; dir -1: above it.
 */
int sm_split_closes_on_copy(const sm_image *im, const run *runs, size_t nr, size_t i, int dir)
{
	size_t f, from, to, edge = SM_NOLINE, w, at, s, e, lo, hi;
	const sm_line *l;
	int added, gone = 0;

	if (dir > 0 ? i + 1 >= nr : i == 0)
		return 0;
	from = dir > 0 ? runs[i].m.best.end : runs[i - 1].m.best.end;
	to = dir > 0 ? runs[i + 1].m.best.start : runs[i].m.best.start;
	if (from >= to)
		return 0;
	if (dir > 0) {
		for (f = from; f < to && edge == SM_NOLINE; f++)
			if (!sm_ln(im, f)->blank)
				edge = f;
	} else {
		for (f = to; f-- > from && edge == SM_NOLINE;)
			if (!sm_ln(im, f)->blank)
				edge = f;
	}
	if (edge == SM_NOLINE || !first_written(runs, nr, i, dir, &l, &w, &at, &added))
		return 0;
	if (sm_line_h(l, SM_LVL_TYPO) != sm_line_h(sm_ln(im, edge), SM_LVL_TYPO))
		return 0;
	/* the file lines between the two: blank, or deleted */
	lo = dir > 0 ? (added ? at : at + 1) : edge + 1;
	hi = dir > 0 ? edge : at;
	for (f = lo; f < hi; f++) {
		if (sm_ln(im, f)->blank)
			continue;
		if (!runs_delete(runs, nr, f))
			return 0;
		gone = 1;
	}
	if (!gone)
		return 0; /* side by side in the file already: a line repeated, not written back */
	if (!added)
		return 1;
	sm_splice_widen(im, &runs[w].sub, &runs[w].m.best, &s, &e);
	return dir > 0 ? e <= edge : s > edge;
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
/* sm_split_deletion_closed_up with the context cut on the lead side (lead), the trail side
 * (trail) or both taken up to a line of substance, the other side's line right beside the run
 * only (a blank line too). */
static int closed_up(const sm_image *im, const sm_medit *me, const run *r, size_t lo, size_t hi,
                     int lead, int trail, size_t *at)
{
	size_t k, j, ka, kb, n, m;

	ka = r->s - 1;
	kb = r->e;
	while (lead && !solid_line(&me->seq[ka].l) && ka > r->ls && !me->seq[ka - 1].elide)
		ka--;
	while (trail && !solid_line(&me->seq[kb].l) && kb + 1 < r->te && !me->seq[kb + 1].elide)
		kb++;
	if (!(lead && solid_line(&me->seq[ka].l)) && !(trail && solid_line(&me->seq[kb].l)))
		return 0;
	n = (r->s - ka) + (kb + 1 - r->e);
	if (hi > im->n)
		hi = im->n;
	for (j = lo; j + n <= hi; j++) {
		for (m = 0, k = ka; k <= kb; k++) {
			if (k == r->s)
				k = r->e;
			if (!sm_split_line_is(im, j + m, &me->seq[k].l) || run_deletes(r, j + m))
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

int sm_split_deletion_closed_up(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                                size_t hi, size_t *at)
{
	size_t k;

	if (r->s == r->ls || r->e == r->te || (!r->bare_lead && !r->bare_trail))
		return 0;
	for (k = r->s; k < r->e; k++)
		if (me->seq[k].kind != SM_HL_DEL)
			return 0;
	if (me->seq[r->s - 1].elide || me->seq[r->e].elide)
		return 0;
	if (closed_up(im, me, r, lo, hi, r->bare_lead, r->bare_trail, at))
		return 1;
	/* a run found by its deleted lines alone, cut on both sides: the context on one side
	   may run on into another run's (a merged hunk's other half, which the file holds
	   elsewhere), so each side is taken up to substance on its own, the other side's line
	   right beside the run only, as for a run cut on one side */
	return r->bare_lead && r->bare_trail &&
	       (closed_up(im, me, r, lo, hi, 1, 0, at) || closed_up(im, me, r, lo, hi, 0, 1, at));
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
int sm_split_deletion_read_past(const sm_image *im, const run *r, size_t lo, size_t hi,
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

/* 1 when the new side of run r as found, its context as the run was found with it, standing on
 * file lines [s, e), puts the context line at either end on another file line than the run,
 * found with its indentation shifted, reads it on: the two readings are of different lines,
 * not one reading letting a line go (a blank line let go is the splice's to put back). */
static int reads_context_apart(const sm_medit *me, const run *r, size_t s, size_t e)
{
	const sm_cand *c = &r->m.best;
	size_t last = r->sub.nold - 1;

	if (!r->sub.nold || !c->lo || !c->shifted)
		return 0;
	if (me->seq[r->us].kind == SM_HL_CTX && c->lo[0] != SM_NOLINE && c->lo[0] != s)
		return 1;
	return me->seq[r->ue - 1].kind == SM_HL_CTX && c->hi[last] != SM_NOLINE &&
	       c->lo[last] != SM_NOLINE && c->hi[last] != e;
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
		if (me->seq[k].kind == SM_HL_ADD && sm_already_solid(&me->seq[k].l))
			return 1;
	return 0;
}

/* [*a, *b), a run's context (r->ls to r->te), cut to the lines between the markers nearest its
 * change: lines past a "..." stand for any, so they say nothing of where the run is. */
static void context_within_markers(const sm_medit *me, const run *r, size_t *a, size_t *b)
{
	size_t k;

	for (k = *a; k < r->s; k++)
		if (me->seq[k].elide)
			*a = k + 1;
	for (k = r->e; k < *b; k++)
		if (me->seq[k].elide)
			*b = k;
}

/*
 * Run r, found with its context cut on a side: 1 when its own new side (its additions with
 * the context the hunk gives around them, up to an elision) stands, as loosely as a run is
 * found, apart from the run (*ws: where); 0 when not; SEAM_ENOMEM. A cut side is shortened a
 * line at a time while the new side keeps more context than the run was found with (one
 * line, for a run found by its own lines), or just as much when the run was found more
 * loosely than that new side stands: in a merged hunk that context runs on into the other
 * half's lines, which the file holds elsewhere, so a half made already stands only with
 * the part that is its own, and the run found with a part of it fits another copy of its old lines.
 * A run that only deletes is judged so too: its new side is its context closed up over the
 * deletion, which sm_plan_new_side_written takes for evidence only when each deletion
 * stands between context lines of substance. Cut to its context as written, the new side
 * is apart from the run when it does not hold the run's place or stand inside it (one across an
 * edge of it holds the change outside it), or when the run deletes a line it keeps.
 */
static int made_apart_cut(const sm_image *im, const sm_medit *me, const run *r, size_t lo0,
                          size_t hi0, sm_budget *budget, size_t *ws, int shared)
{
	size_t a = r->ls, b = r->te, we, amin, bmin;
	int err = 0, made = 0, cut = 0, lean = 0, wt = SM_TIER_COUNT;
	sm_medit w;

	if (r->us == r->ls && r->ue == r->te)
		return 0;
	context_within_markers(me, r, &a, &b);
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
		       (!loose ? !nested(r, *ws, we) || deletes_within(im, r, *ws, we) ||
		                     (lean && reads_context_apart(me, r, *ws, we))
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
		   no more, a new side of a few lines stands in a file of like lines by
		   chance. With just as much, it must stand closer to as written than the run's old
		   side does (a run found only with a blank line let go or a line repaired, its new
		   side standing as written: the file holds the change made there, as plainly as it
		   holds the run to make, or more). That holds of a new side standing over the
		   run's own place too when it puts the run's context on other file lines than the
		   run reads it on (the run's old side read there only loosely, its indentation
		   shifted): the line the run adds is the file's own, left out of the old side and
		   kept by the new, which the run would write a second time beside it */
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
int sm_split_made_apart(const sm_image *im, const sm_medit *me, const run *r, size_t lo0,
                        size_t hi0, sm_budget *budget, size_t *ws)
{
	int made = made_apart_cut(im, me, r, lo0, hi0, budget, ws, 0);
	int up = changes_in(me, 0, r->s), down = changes_in(me, r->e, me->nseq);

	if (made || up == down || sm_budget_out(budget))
		return made;
	return made_apart_cut(im, me, r, lo0, hi0, budget, ws, up ? -1 : 1);
}

int sm_split_run_read_past(const sm_image *im, const sm_medit *me, const run *r, size_t lo,
                           size_t hi, sm_budget *budget, size_t *ws)
{
	size_t a = r->ls, b = r->te;
	int err = 0, found = 0, side;
	sm_medit w;

	if (r->m.best.tier != SM_TIER_REPAIR && r->m.best.tier != SM_TIER_FUZZY)
		return 0;
	context_within_markers(me, r, &a, &b);
	/* the context on each side cut a line at a time, the other whole: a merged hunk's
	   context runs on into its other half's lines, which the file holds elsewhere */
	for (side = 0; side < 2 && !found; side++) {
		size_t x = side ? a : b;
		for (;;) {
			size_t aa = side ? x : a, bb = side ? b : x;
			if (make_sub(&w, me, aa, bb))
				return SEAM_ENOMEM;
			found = sm_plan_deletion_read_past_with(im, &r->sub, &r->m.best, &w, lo, hi,
			                                        budget, ws, &err);
			free_sub(&w);
			if (err)
				return SEAM_ENOMEM;
			if (found || sm_budget_out(budget))
				break;
			if (side ? x + 1 >= r->s : x <= r->e + 1)
				break;
			x = side ? x + 1 : x - 1;
		}
	}
	return found;
}
