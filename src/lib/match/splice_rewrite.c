/*
 * A left-out file line, or a skipped stretch, that a rewrite does not decide: the new side's
 * copy may stand for it or for another line, its lines may go on either side of the gap. The
 * planner refuses such an edit; these rules ask the refill (splice_left_out.c) how the sides
 * pair once the line is put back.
 */
#include "splice_rewrite.h"
#include "splice_left_out.h"
#include "splice_edge.h"
#include "splice_read.h"
#include "match_costs.h"
#include "prep.h"
#include "../../util/alloc.h"

/* The first file line of substance inside c's region that no old line stands for, alone
 * between the nearest old lines that stand on the file, one of them a deletion, and whose text
 * (indentation aside) the new side holds only on lines the sides' diff pairs with other old
 * lines (an addition of that text is the left-out line written again, which the splice writes
 * once: drop_repeats); SM_NOLINE when none (see sm_splice_left_out_in_rewrite). One walk over
 * the old lines and the lines between them, and over the edit per line left out. */
static size_t left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t oi, k, f, prev = SM_NOLINE, prev_hi = 0;

	/* a hunk's context lines are the model's pairing (only whole sides are paired by the
	   sides' diff): a context line of that text says where that text stays */
	if (!e->blocklike)
		return SM_NOLINE;
	for (oi = 0; oi < e->nold; oi++) {
		const sm_mline *ml = &e->seq[e->old[oi]];
		if (c->lo[oi] == SM_NOLINE || c->hi[oi] <= c->lo[oi])
			continue;
		/* one line left out (a merged hunk's skip is a stretch), beside a deletion */
		if (prev != SM_NOLINE && prev_hi + 1 == c->lo[oi] &&
		    ((ml->kind == SM_HL_DEL && !ml->keep) ||
		     (e->seq[e->old[prev]].kind == SM_HL_DEL && !e->seq[e->old[prev]].keep)))
			for (f = prev_hi; f < c->lo[oi]; f++) {
				const sm_line *l = sm_ln(im, f);
				int ctx = 0, added = 0;
				if (l->blank)
					continue;
				for (k = 0; k < e->nseq; k++)
					if (sm_mline_is_new(&e->seq[k]) &&
					    e->seq[k].l.h_indent == l->h_indent) {
						added |= e->seq[k].kind == SM_HL_ADD;
						ctx |= e->seq[k].kind != SM_HL_ADD;
					}
				if (ctx && !added)
					return f;
			}
		prev = oi;
		prev_hi = c->hi[oi];
	}
	return SM_NOLINE;
}

size_t sm_splice_left_out_in_rewrite(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_splice_read r;
	sm_pool pool = {0};
	size_t f = SM_NOLINE;

	/* as the splice reads the edit: a line refill puts back is the new side's */
	if (!sm_splice_read_open(&r, im, e, c, &pool)) {
		if (!r.refilled)
			f = left_out_in_rewrite(im, r.e, r.c);
		sm_splice_read_close(&r);
	}
	sm_pool_dispose(&pool);
	return f;
}

/* Counts into *n the run of seq lines of exact text h around a gap, walked on one side from
 * seq[from] in direction dir (new side: deletions skipped; old side: additions skipped), keeping
 * their bounds; *moved set when one of them is not context (added or deleted). */
static void run_walk(const sm_medit *e, uint64_t h, size_t from, int dir, int new_side, size_t *n,
                     size_t *lo, size_t *hi, int *moved)
{
	size_t k = from;

	while (k < e->nseq) {
		const sm_mline *ml = &e->seq[k];
		int on_side = new_side ? sm_mline_is_new(ml) : ml->kind != SM_HL_ADD;
		if (on_side) {
			if (sm_line_h(&ml->l, SM_LVL_EXACT) != h)
				break;
			*moved |= ml->kind != SM_HL_CTX;
			if (*n == 0 || k < *lo)
				*lo = k;
			if (*n == 0 || k > *hi)
				*hi = k;
			++*n;
		}
		if (dir < 0 && !k)
			break;
		k += (size_t)dir;
	}
}

/* 1 when the gap between old lines a and b (seq indexes ka < kb) could stand elsewhere among
 * the copies of text h around it: a run of that text on one side reaches across the gap (copies
 * before it and after it), and the two sides' runs are not the same context lines (an addition
 * or a deletion of that text beside it, or the diff pairing copies from across other lines). A
 * run on one side of the gap only puts its copies there whatever the pairing. */
static int gap_slides(const sm_medit *e, uint64_t h, size_t ka, size_t kb)
{
	size_t nb = 0, na = 0, ob = 0, oa = 0, nlo = 0, nhi = 0, olo = 0, ohi = 0, k;
	int moved = 0;

	/* the new side: back from just before b, and on from b when the lines between a and b
	   are all of that text */
	run_walk(e, h, kb - 1, -1, 1, &nb, &nlo, &nhi, &moved);
	for (k = ka + 1; k < kb; k++)
		if (sm_mline_is_new(&e->seq[k]) && sm_line_h(&e->seq[k].l, SM_LVL_EXACT) != h)
			break;
	na = nb;
	if (k == kb)
		run_walk(e, h, kb, 1, 1, &na, &nlo, &nhi, &moved);
	na -= nb;
	run_walk(e, h, ka, -1, 0, &ob, &olo, &ohi, &moved);
	oa = ob;
	run_walk(e, h, kb, 1, 0, &oa, &olo, &ohi, &moved);
	oa -= ob;
	if (!((nb && na) || (ob && oa)))
		return 0;
	return moved || nb != ob || na != oa || nlo != olo || nhi != ohi;
}

size_t sm_splice_gap_slides(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	sm_splice_read rd;
	sm_pool pool = {0};
	const sm_medit *r;
	const sm_cand *rc_c;
	size_t f = SM_NOLINE, oi, ka = 0;
	int whole;

	if (sm_splice_read_open(&rd, im, e, c, &pool)) {
		sm_pool_dispose(&pool);
		return SM_NOLINE;
	}
	r = rd.e;
	rc_c = rd.c;
	/* whole sides only: a hunk's kinds are the model's pairing */
	whole = rd.slid->blocklike && rd.slid->kind == SM_KIND_BLOCK;
	for (oi = 0; whole && oi < r->nold && f == SM_NOLINE; oi++) {
		size_t kb = r->old[oi], g;
		int solid = 0;
		if (rc_c->lo[oi] == SM_NOLINE)
			break;
		if (oi && rc_c->lo[oi - 1] != SM_NOLINE && rc_c->hi[oi - 1] < rc_c->lo[oi]) {
			for (g = rc_c->hi[oi - 1]; g < rc_c->lo[oi]; g++)
				solid |= !sm_ln(im, g)->blank;
			ka = r->old[oi - 1];
			if (solid &&
			    ((!r->seq[ka].l.blank &&
			      gap_slides(r, sm_line_h(&r->seq[ka].l, SM_LVL_EXACT), ka, kb)) ||
			     (!r->seq[kb].l.blank &&
			      gap_slides(r, sm_line_h(&r->seq[kb].l, SM_LVL_EXACT), ka, kb))))
				f = rc_c->hi[oi - 1];
		}
	}
	sm_splice_read_close(&rd);
	sm_pool_dispose(&pool);
	return f;
}
