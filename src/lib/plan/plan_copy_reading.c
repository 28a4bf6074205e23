/*
 * A second reading of a loose place that changes another copy of a changed line (or of the
 * context line beside which it adds lines).
 *
 * A tolerant tier aligns an edit's old side with the file by letting file lines go (lines the
 * model left out, two hunks merged) and letting old lines stand for no line (a line miscopied,
 * cut short, an unmarked addition). When a line the edit deletes has copies in the file, the
 * gaps can often be put elsewhere so that the same old side reads as well on another copy: the
 * reply is then consistent with both, and only the model knows which copy it meant. This
 * module scores every reading with one simple cost, the tiers' own defects counted alike (a
 * stretch of file lines let go, an old line standing for no line or for a line of another
 * text, "..." standing for any stretch at no cost), and compares the cheapest reading that
 * keeps a deleted line where the place put it with the cheapest that puts it on another copy.
 */
#include "plan_impl.h"
#include "../../util/alloc.h"
#include "../../util/text.h"
#include "../match/match_costs.h"

#include <stdlib.h>
#include <string.h>

/* A stretch of file lines let go between two old lines (the model left them out, or merged
   two hunks): one defect, and a little more for each line past the first up to CR_GAP_LONG (a
   line left out is likelier than a long stretch); an old line standing for no line (made up,
   an unmarked addition): more than any stretch, as the tolerant tiers allow far fewer of them
   (SM_MAX_OLD_SKIPS) than lines left out. An old line on a line like it (a deleted line as
   similar as the fuzzy tier takes a line, SM_MIN_LINE_SIMILARITY, a context line as the
   context bar, SM_MIN_CTX_SIMILARITY; cut short: sm_cut_text) is half a defect: the fuzzy tier
   prefers a close miscopy to a line left out. Blank lines let go or made up are a quarter: the
   blank-lines tier takes them before any other tolerance. An old line on a file line of
   another text is a line made up and a line let go. */
#define CR_GAP 4
#ifndef CR_GAP_LONG
#define CR_GAP_LONG 4
#endif
#define CR_MISS (CR_GAP + CR_GAP_LONG + 1)
#define CR_LIKE 2
#define CR_BLANK 1
#define CR_INF 0x3fffffff
/* At most so many copies of one deleted line looked at, and so many cells (old lines times
   file lines) aligned: past them the check decides nothing. */
#define CR_MAX_COPIES 16
#define CR_MAX_CELLS ((size_t)8 << 20)
/* A reading around a copy holds its old lines within this many file lines of it on either side:
   a merged hunk's stretch (the tolerant tiers merge two hunks at most, SM_PIECES_MAX_GAP) and a
   short stretch left out beside every old line. Aligned over the whole window instead, a copy in
   a large file cost the file's length times the old side's for every edit, and a reading spread
   wider is none a tier takes. */
#define CR_REACH(nold) (SM_PIECES_MAX_GAP + (CR_GAP_LONG + 1) * (nold))

typedef struct query {
	size_t oi; /* old line (index into me->old) */
	size_t f;  /* file line */
	int cost;  /* the cheapest reading with old line oi on file line f */
} query;

static int old_eq(const sm_image *im, const sm_mline *ml, size_t f)
{
	return ml->l.h_rstrip == sm_ln(im, f)->h_rstrip;
}

/*
 * One pass of the alignment, forward (dir 1) or backward (dir -1, old lines and file lines
 * both reversed): for each query, adds the cheapest cost of the old lines before it (in the
 * pass's direction) with the query's old line on its file line. Rows of W cells. 1 when the
 * budget is spent (the pass cut short decides nothing), 0 otherwise.
 */
static int pass(const sm_image *im, const sm_medit *me, size_t w0, size_t W, int dir, query *q,
                size_t nq, int *F, int *NF, int *PM, int *M, unsigned char *like, sm_budget *budget)
{
	size_t step, j, k;
	int S = 0;

	for (j = 0; j < W; j++)
		F[j] = CR_INF;
	for (step = 0; step < me->nold; step++) {
		size_t oi = dir > 0 ? step : me->nold - 1 - step;
		const sm_mline *ml = &me->seq[me->old[oi]];
		int run = CR_INF, blk = CR_INF, miss = ml->l.blank ? CR_BLANK : CR_MISS;
		for (j = 0; j < W; j++) {
			run = F[j] < run ? F[j] : run;
			PM[j] = run;
		}
		for (j = 0; j < W; j++) {
			size_t f = dir > 0 ? w0 + j : w0 + W - 1 - j;
			int m, before;
			if (ml->elide) {
				NF[j] = PM[j] < S ? PM[j] : S;
				M[j] = CR_INF;
				continue;
			}
			/* the old line on file line f: right after the line before, or after a
			   stretch let go (of blank lines only, or any), or as the first line read
			 */
			if (j > 0 && sm_ln(im, dir > 0 ? f - 1 : f + 1)->blank)
				blk = j > 1 && F[j - 2] < blk ? F[j - 2] : blk;
			else
				blk = CR_INF;
			before = S;
			if (j > 0 && F[j - 1] < before)
				before = F[j - 1];
			if (blk + CR_BLANK < before)
				before = blk + CR_BLANK;
			/* a stretch of d lines: CR_GAP, and a line more for each line past the
			   first up to CR_GAP_LONG (a line left out is likelier than a long stretch)
			 */
			for (k = 1; k <= CR_GAP_LONG + 1 && k + 1 <= j; k++) {
				int c = (k <= CR_GAP_LONG ? F[j - 1 - k] : PM[j - 1 - k]) + CR_GAP +
				        (int)k - 1;
				if (c < before)
					before = c;
			}
			m = before;
			if (!old_eq(im, ml, f)) {
				const sm_line *fl = sm_ln(im, f);
				m += miss + CR_GAP;
				/* a line like it only where that could be the cheaper way here */
				if (before < F[j] && !ml->l.blank && !fl->blank) {
					/* (asked once for both passes: 1 like, 2 unlike) */
					unsigned char *lk = &like[oi * W + (f - w0)];
					if (!*lk) {
						if (sm_budget_charge(budget, ml->l.n + fl->n))
							return 1;
						*lk = sm_cut_text(ml->l.p, ml->l.n, fl->p, fl->n) ||
						              sm_text_similar(
						                  ml->l.p, ml->l.n, fl->p, fl->n,
						                  ml->kind == SM_HL_DEL
						                      ? SM_MIN_LINE_SIMILARITY
						                      : SM_MIN_CTX_SIMILARITY)
						          ? 1
						          : 2;
					}
					if (*lk == 1)
						m -= miss + CR_GAP - CR_LIKE;
				}
			}
			if (m > CR_INF)
				m = CR_INF;
			M[j] = m;
			NF[j] = F[j] + miss < m ? F[j] + miss : m;
		}
		for (k = 0; k < nq; k++)
			if (q[k].oi == oi && q[k].f >= w0 && q[k].f < w0 + W)
				q[k].cost += M[dir > 0 ? q[k].f - w0 : W - 1 - (q[k].f - w0)];
		if (!ml->elide)
			S += miss;
		memcpy(F, NF, W * sizeof *F);
	}
	return 0;
}

static int by_line(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The old index of seq[k] (an old line), by a scan of me->old. */
static size_t old_index(const sm_medit *me, size_t k)
{
	size_t oi;

	for (oi = 0; oi < me->nold && me->old[oi] != k; oi++)
		;
	return oi;
}

/* The lines a context line bounds on one side (dir): the run of changed lines beside it and
 * the old line past them. */
typedef struct side {
	int adds;     /* the run holds additions and no deletion that places it */
	size_t other; /* seq index of the old line past the run, SM_NOLINE when none (an edge) */
	int sure;     /* the place reads the additions' point as written: the line past them right
	                 beside the pinned line, or only file lines the additions write again */
} side;

/* The run beside context line seq[k] in direction dir, with the place's pins. A deletion of a
 * line of substance standing on its pin places the run (its copies are this check's own
 * queries), so such a run is no addition's: the context line beside it decides nothing. */
static side side_of(const sm_image *im, const sm_medit *me, const size_t *pin, size_t k, int dir)
{
	side s = {0, SM_NOLINE, 0};
	size_t j = k, a0 = SM_NOLINE, a1 = 0, oi, po, f, g, n = 0;

	/* the line right beside it an addition (a run that opens on a deletion there is placed
	   by that deletion's line) */
	if ((dir < 0 ? k == 0 : k + 1 >= me->nseq) || me->seq[k + (size_t)dir].kind != SM_HL_ADD)
		return s;
	for (;;) {
		const sm_mline *ml;
		if (dir < 0 ? j == 0 : j + 1 >= me->nseq)
			break;
		j += (size_t)dir;
		ml = &me->seq[j];
		if (ml->kind == SM_HL_CTX) {
			s.other = ml->elide ? SM_NOLINE : j;
			break;
		}
		if (ml->kind == SM_HL_ADD) {
			a0 = a0 == SM_NOLINE || j < a0 ? j : a0;
			a1 = j + 1 > a1 ? j + 1 : a1;
			n++;
			continue;
		}
		oi = old_index(me, j);
		if (!ml->keep && !ml->l.blank && oi < me->nold && pin[oi] != SM_NOLINE &&
		    old_eq(im, ml, pin[oi]))
			return (side){0, SM_NOLINE, 0};
	}
	s.adds = n > 0;
	if (!s.adds || s.other == SM_NOLINE)
		return s;
	oi = old_index(me, s.other);
	po = pin[old_index(me, k)];
	if (oi >= me->nold || pin[oi] == SM_NOLINE)
		return s;
	if (dir > 0 ? pin[oi] <= po : pin[oi] >= po)
		return s;
	/* the file lines between the two pins, each written again by the additions, in order */
	f = dir > 0 ? po + 1 : pin[oi] + 1;
	g = dir > 0 ? pin[oi] : po;
	for (j = a0; f < g && j < a1; j++)
		if (me->seq[j].kind == SM_HL_ADD && me->seq[j].l.h_rstrip == sm_ln(im, f)->h_rstrip)
			f++;
	s.sure = f == g;
	return s;
}

/* 1 when file line f stands, as the reply has it, right beside line c (dir) where the side
 * says its additions go: another copy of the context line reads the additions' point as
 * written there. */
static int tight_at(const sm_image *im, const sm_medit *me, const side *s, size_t c, int dir)
{
	if (dir < 0 ? c == 0 : c + 1 >= im->n)
		return 0;
	return old_eq(im, &me->seq[s->other], c + (size_t)dir);
}

/* 1 when seq[k] is a context line right beside lines the edit adds (and no deletion of its
 * run places them): where the additions go is where that line stands, and a copy of it
 * elsewhere takes them as well as a copy of a deleted line takes the deletion. A copy counts
 * (copy_counts) unless the place reads every such point as written (the lines around the
 * additions together, or apart only by lines the additions write again) and the copy does not
 * (a line of the file between it and the line past the additions): that reading would leave
 * undecided where the additions go, no match for a place that says it. */
static int writes_beside(const sm_image *im, const sm_medit *me, const size_t *pin, size_t k,
                         side sd[2])
{
	const sm_mline *ml = &me->seq[k];

	if (ml->kind != SM_HL_CTX || ml->elide)
		return 0;
	sd[0] = side_of(im, me, pin, k, -1);
	sd[1] = side_of(im, me, pin, k, 1);
	return sd[0].adds || sd[1].adds;
}

static int copy_counts(const sm_image *im, const sm_medit *me, const side sd[2], size_t f)
{
	int i;

	for (i = 0; i < 2; i++)
		if (sd[i].adds && (!sd[i].sure || tight_at(im, me, &sd[i], f, i ? 1 : -1)))
			return 1;
	return 0;
}

int sm_plan_copy_reading(const sm_image *im, const sm_medit *me, const size_t *pin, size_t lo,
                         size_t hi, sm_budget *budget, size_t *at, size_t *alt, int *err)
{
	query *q = NULL;
	size_t nq = 0, cap = 0, oi, f, k, W, reach, rows_w = 0, *pos = NULL, *at_ = NULL, atcap = 0,
	       nat, x;
	int *rows = NULL, found = 0;
	unsigned char *like = NULL;

	*err = 0;
	if (hi > im->n)
		hi = im->n;
	if (lo >= hi || me->nold == 0)
		return 0;
	/* the copies of each deleted line the place put on a file line: the queries */
	for (oi = 0; oi < me->nold; oi++) {
		const sm_mline *ml = &me->seq[me->old[oi]];
		size_t ncopies = 0;
		side sd[2];
		int del = ml->kind == SM_HL_DEL;
		if (!(del ? !ml->keep : writes_beside(im, me, pin, me->old[oi], sd)) ||
		    ml->l.blank || pin[oi] == SM_NOLINE || pin[oi] < lo || pin[oi] >= hi ||
		    !old_eq(im, ml, pin[oi]))
			continue; /* (a line placed as a miscopy: whether it is one is not this
			             check's) */
		/* the lines of its text, from the line index when the image has one (a pass
		   over a large file for every deleted line of every edit cost more than the
		   alignment) */
		nat = 0;
		if (im->ix) {
			size_t cnt = sm_image_find(im, ml->l.h_indent, lo, hi, NULL, 0);
			if (cnt > atcap) {
				sm_free(at_);
				atcap = cnt;
				at_ = sm_malloc(atcap * sizeof *at_);
				if (!at_) {
					*err = 1;
					goto out;
				}
			}
			nat = sm_image_find(im, ml->l.h_indent, lo, hi, at_, cnt);
			if (sm_budget_charge(budget, nat + 1))
				goto out;
		} else if (sm_budget_charge(budget, hi - lo)) {
			goto out;
		}
		for (x = 0, f = im->ix ? (nat ? at_[0] : hi) : lo;
		     f < hi && ncopies <= CR_MAX_COPIES;
		     f = im->ix ? (++x < nat ? at_[x] : hi) : f + 1) {
			if (f != pin[oi] &&
			    (!old_eq(im, ml, f) || (!del && !copy_counts(im, me, sd, f))))
				continue;
			if (nq == cap) {
				query *nqv;
				cap = cap ? 2 * cap : 16;
				nqv = sm_realloc(q, cap * sizeof *q);
				if (!nqv) {
					*err = 1;
					goto out;
				}
				q = nqv;
			}
			q[nq].oi = oi;
			q[nq].f = f;
			q[nq].cost = 0;
			nq++;
			ncopies += f != pin[oi];
		}
		if (ncopies == 0)
			nq--; /* the pin alone: nothing to compare */
	}
	if (nq == 0)
		goto out;
	/* each stretch of the window within reach of a copy aligned once */
	pos = sm_malloc(nq * sizeof *pos);
	if (!pos) {
		*err = 1;
		goto out;
	}
	for (k = 0; k < nq; k++)
		pos[k] = q[k].f;
	qsort(pos, nq, sizeof *pos, by_line);
	reach = CR_REACH(me->nold);
	for (k = 0; k < nq;) {
		size_t clo = pos[k] > lo + reach ? pos[k] - reach : lo, chi;
		while (k + 1 < nq && pos[k + 1] - pos[k] <= 2 * reach)
			k++;
		chi = pos[k] + reach + 1 < hi ? pos[k] + reach + 1 : hi;
		k++;
		W = chi - clo;
		if (me->nold > CR_MAX_CELLS / W ||
		    sm_budget_charge(budget, (uint64_t)2 * me->nold * W))
			goto out;
		if (W > rows_w) {
			sm_free(rows);
			sm_free(like);
			rows = sm_calloc(4 * W, sizeof *rows);
			like = sm_malloc(me->nold * W);
			rows_w = W;
			if (!rows || !like) {
				*err = 1;
				goto out;
			}
		}
		memset(like, 0, me->nold * W);
		if (pass(im, me, clo, W, 1, q, nq, rows, rows + W, rows + 2 * W, rows + 3 * W, like,
		         budget) ||
		    pass(im, me, clo, W, -1, q, nq, rows, rows + W, rows + 2 * W, rows + 3 * W,
		         like, budget))
			goto out;
	}
	/* the match of the query's own line is counted by both passes */
	for (k = 0; k < nq && !found; k++) {
		size_t j;
		if (q[k].f != pin[q[k].oi])
			continue;
		for (j = 0; j < nq; j++) {
			if (q[j].oi != q[k].oi || j == k)
				continue;
			if (q[j].cost <= q[k].cost) {
				*at = pin[q[k].oi];
				*alt = q[j].f;
				found = 1;
				break;
			}
		}
	}
out:
	sm_free(q);
	sm_free(pos);
	sm_free(at_);
	sm_free(like);
	sm_free(rows);
	return found;
}
