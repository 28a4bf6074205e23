/*
 * A merged hunk that also dropped a context line from its old side only: the new side still
 * writes that line where the file has it, right beside a context line, and the sides' diff,
 * which never saw the file, takes it for an addition. The split then writes it as one, at a
 * cut or in another run (where the diff paired it), while the file keeps its own copy beside
 * the context line: the line stands twice. The new side itself says what the line is (issue
 * 11: a line the new side writes that is the left-out line itself is context, not an
 * addition), which the runs, each found on its own, cannot take back: the split does not
 * decide it, and the hunk is judged whole by the tiers after it.
 */
#include "split_left_line.h"
#include "split_agree.h"
#include "../match/splice_edge.h"

/* The indentation width of l in columns, tabs tabw wide (a run found with its indentation
 * shifted may read a reply's tabs on a file's spaces). */
static long depth(const sm_line *l, int tabw)
{
	return (long)sm_text_indent_cols(l->p, l->n, tabw > 0 ? (size_t)tabw : 4);
}

/* 1 when added line a, next to context line c of the new side, is file line g, the line next to
 * the one c is read on (f) on the same side: the same text, as deep against f as a is against c
 * (a block re-indented shifts both alike), and left out of every run. */
static int is_neighbour(const sm_image *im, const run *runs, size_t nr, const sm_line *a,
                        const sm_line *c, size_t f, size_t g, int tabw)
{
	const sm_line *fl, *gl;

	if (g >= im->n || !sm_split_in_no_run(runs, nr, g))
		return 0;
	fl = sm_ln(im, f);
	gl = sm_ln(im, g);
	return gl->h_indent == a->h_indent &&
	       depth(gl, tabw) - depth(fl, tabw) == depth(a, tabw) - depth(c, tabw);
}

/* 1 when run r's splice takes file line g into its region (its place, widened over the lines
 * past its edges that its new side repeats, splice_edge.c). */
static int widens_over(const sm_image *im, const run *r, size_t g)
{
	size_t ps = r->m.best.start, pe = r->m.best.end;

	sm_splice_widen(im, &r->sub, &r->m.best, &ps, &pe);
	return ps <= g && g < pe;
}

/* 1 when hunk line kc, a context line, is read by some run on a file line whose neighbour on
 * side step (-1 above, +1 below) is added line ka, left out. */
static int read_beside(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                       size_t kc, size_t ka, int step)
{
	size_t i, oi, f;

	for (i = 0; i < nr; i++) {
		oi = sm_split_old_of(&runs[i], kc);
		if (!sm_split_stands(&runs[i], oi))
			continue;
		f = step > 0 ? runs[i].m.best.hi[oi] - 1 : runs[i].m.best.lo[oi];
		if ((step < 0 && !f) || !is_neighbour(im, runs, nr, &me->seq[ka].l, &me->seq[kc].l,
		                                      f, f + (size_t)step, runs[i].m.best.tabw))
			continue;
		/* the run that adds it, its place ending on f: its splice takes the copy for
		   the file's line past its edge when it widens over it (splice_edge.c); one
		   that does not writes the line beside that copy, unless another run deletes
		   it (moved across the runs: the file's line past the edge stays alone) */
		if (runs[i].s <= ka && ka < runs[i].e &&
		    (widens_over(im, &runs[i], f + (size_t)step) ||
		     sm_splice_moved_across_runs(&runs[i].sub, me->seq[ka].l.h_indent)))
			continue;
		return 1;
	}
	return 0;
}

/* 1 when seq[t, t + n) are deletions with the texts of seq[c, c + n). */
static int deleted_copy(const sm_medit *me, size_t t, size_t c, size_t n)
{
	size_t i;

	if (t + n > me->nseq)
		return 0;
	for (i = 0; i < n; i++)
		if (me->seq[t + i].kind != SM_HL_DEL ||
		    me->seq[t + i].l.h_rstrip != me->seq[c + i].l.h_rstrip)
			return 0;
	return 1;
}

/* 1 when context line kc, the neighbour on side -step of added line ka, and the context lines
 * running on from it away from ka have a copy the hunk deletes further that way, only changes
 * between the two: the sides' diff, which pairs either copy as well, may have kept the wrong
 * one. Kept instead, that copy is the added line's neighbour, and read beside the file's own
 * copy of the added line it makes the line one the old side left out there (a merged hunk that
 * dropped a context line from its old side only, its halves sharing the neighbour's lines). */
static int beside_other_copy(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                             size_t kc, size_t ka, int step)
{
	size_t c0 = kc, n = 1, t;

	/* the context block [c0, c0 + n) holding kc at its end toward ka */
	while (n < SM_SPLIT_COPY_BLOCK_MAX) {
		size_t x = step > 0 ? c0 - 1 : c0 + n;
		if ((step > 0 && !c0) || x >= me->nseq || me->seq[x].kind != SM_HL_CTX)
			break;
		if (step > 0)
			c0--;
		n++;
	}
	for (t = step > 0 ? c0 : c0 + n - 1;;) {
		size_t from;
		t -= (size_t)step;
		if (t >= me->nseq || me->seq[t].kind == SM_HL_CTX)
			return 0;
		from = step > 0 ? t + 1 - n : t;
		if ((step < 0 || t + 1 >= n) && deleted_copy(me, from, c0, n) &&
		    read_beside(im, me, runs, nr, from + (kc - c0), ka, step))
			return 1;
	}
}

/*
 * 1 when the hunk adds a line of substance whose neighbour on the new side (the lines it
 * deletes between them aside) is a context line that a run reads on a file line with that
 * same line next to it, on the same side, left out of every run: the new side writes the file's
 * line where it stands, and the split would write it a second time. So too when that context
 * line, read through a copy of it the hunk deletes (beside_other_copy), has the line there.
 * The neighbour may also be a context line read one line further, past an added copy of it on
 * the other side of the added line ("}" kept, then "resolve(i)" and "}" added, is "}" and
 * "resolve(i)" added, then "}" kept: the same new side, the diff's pairing of the two copies no
 * evidence).
 */
int sm_split_adds_left_out_line(const sm_image *im, const sm_medit *me, const run *runs, size_t nr)
{
	size_t k, up, dn;

	for (k = 0; k < me->nseq; k++) {
		const sm_line *l = &me->seq[k].l;
		if (me->seq[k].kind != SM_HL_ADD || l->blank ||
		    sm_line_solid_chars(l, SM_SPLIT_MIN_SOLID_CHARS) < SM_SPLIT_MIN_SOLID_CHARS)
			continue;
		/* its neighbours on the new side, the lines it deletes between them aside: a
		   context line above (up) and below (dn), SM_NOLINE when not one */
		for (up = k; up-- > 0 && me->seq[up].kind == SM_HL_DEL;)
			;
		if (up == SIZE_MAX || me->seq[up].kind != SM_HL_CTX)
			up = SM_NOLINE;
		for (dn = k + 1; dn < me->nseq && me->seq[dn].kind == SM_HL_DEL; dn++)
			;
		if (dn >= me->nseq || me->seq[dn].kind != SM_HL_CTX)
			dn = SM_NOLINE;
		if (up != SM_NOLINE && (read_beside(im, me, runs, nr, up, k, 1) ||
		                        beside_other_copy(im, me, runs, nr, up, k, 1)))
			return 1;
		if (dn != SM_NOLINE && (read_beside(im, me, runs, nr, dn, k, -1) ||
		                        beside_other_copy(im, me, runs, nr, dn, k, -1)))
			return 1;
		/* the context line beside it paired with its copy added on its other side */
		if (up != SM_NOLINE && k + 1 < me->nseq && me->seq[k + 1].kind == SM_HL_ADD &&
		    sm_line_same_bytes(&me->seq[up].l, &me->seq[k + 1].l) &&
		    read_beside(im, me, runs, nr, up, k, -1))
			return 1;
		if (dn != SM_NOLINE && k > 0 && me->seq[k - 1].kind == SM_HL_ADD &&
		    sm_line_same_bytes(&me->seq[dn].l, &me->seq[k - 1].l) &&
		    read_beside(im, me, runs, nr, dn, k, 1))
			return 1;
	}
	return 0;
}
