/*
 * One run of the alignment's dynamic program: a window around a seed, the seed's old line
 * forced onto its file line, each repair at its cost; the cheapest path becomes a candidate
 * unless a check of the place leaves it out. Apart from the search for seeds (match_align.c)
 * because this is where every repair's cost and every doubt about a place is applied.
 */
#include "match_align_impl.h"
#include "match_costs.h"
#include "image_work.h"

#include <string.h>

#define INF 1e30f
enum { MV_NONE, MV_MATCH, MV_SUBST, MV_XBLANK, MV_XTRA, MV_WILD, MV_WILD0, MV_OBLANK, MV_OSKIP };

/* The cost of old line ml standing for file line f as a miscopy of it, INF when it is not. */
static float miscopy_cost(const sm_mline *ml, const sm_line *f)
{
	const sm_line *o = &ml->l;
	double sim, bar;
	size_t a = o->n, b = f->n;

	if (o->blank || f->blank)
		return INF;
	if (a * 2 < b || b * 2 < a)
		return INF;
	bar = ml->kind == SM_HL_CTX ? SM_MIN_CTX_SIMILARITY : SM_MIN_LINE_SIMILARITY;
	sim = sm_text_similarity_if(o->p, o->n, f->p, f->n, bar);
	if (sim < bar)
		return INF;
	return (float)(SM_COST_SUBST_BASE + (1.0 - sim));
}

/* 1 when old line ml stands for file line f only as that line cut short (a model that stopped
 * mid-line): not a miscopy of it, which it is too unlike. */
static int cut_pairing(const dp *d, const sm_mline *ml, const sm_line *f)
{
	return !ml->elide && sm_align_cut_of(d, &ml->l, f) && miscopy_cost(ml, f) >= INF;
}

/* The cost of old line ml standing for file line f it does not equal: a miscopy of it, or the
 * line cut short (SM_CUT_SIM), INF when neither. */
static float subst_cost(const dp *d, const sm_mline *ml, const sm_line *f)
{
	float v = miscopy_cost(ml, f);

	if (v >= INF && !ml->elide && sm_align_cut_of(d, &ml->l, f))
		v = (float)(SM_COST_SUBST_BASE + (1.0 - SM_CUT_SIM));
	return v;
}

/* The cost of a place of cost `cost` that took a line for an addition and a file line of
 * similarity `sim` to it for one the old side dropped, were the one a miscopy of the other. */
static float as_miscopy(float cost, double sim)
{
	double c = cost - SM_COST_OLD_SKIP - SM_COST_EXTRA + SM_COST_SUBST_BASE + (1.0 - sim);
	return (float)(c > 0 ? c : 0);
}

/* The least cost of a place of cost `cost` over [start, end) that took a line for an addition
 * beside file line f, its near copy, were the line a miscopy of f: f, inside the place, was
 * taken for a line the old side dropped. */
static float beside_as_miscopy(float cost, size_t f, size_t start, size_t end)
{
	double c = cost - SM_COST_OLD_SKIP + SM_COST_SUBST_BASE -
		   (f >= start && f < end ? SM_COST_EXTRA : 0.0);
	return (float)(c > 0 ? c : 0);
}

/* Runs the program with old line r forced onto file line q; adds a candidate if valid. */
int sm_align_run_seed(dp *d, size_t r, size_t q, sm_cands *out)
{
	const sm_medit *e = d->c->e;
	const sm_image *fim = d->c->im;
	const sm_align_opts *o = d->o;
	size_t m = d->m, ws = d->ws, W = d->W, i, j, jbest = SM_NOLINE;
	size_t cols = W + 1, extras = 0, run = 0, maxrun = 0, oskips = 0, substs = 0, matched = 0,
	       cuts = 0;
	double weakest = 1.0; /* the least similar pair taken as a miscopy */
	int gap_x = 0, gap_o = 0, mixed = 0; /* a gap holding both a dropped and an added line */
	int gap_xs = 0, gap_b = 0; /* a file line of substance dropped, an old blank line on none */
	/* seen_match: a line matched below; seen_solid: a line of substance matched below (a
	   blank line anchors nothing); skip_low, skip_high: the unmarked additions with only
	   blank lines matched beyond them, toward the bottom and the top of the old side */
	int seen_match = 0, seen_solid = 0, edge_skip = 0, ctx_subst = 0, again;
	size_t skip_low = SM_NOLINE, skip_high = SM_NOLINE;
	size_t skip_i[SM_MAX_OLD_SKIPS + 1], skip_at[SM_MAX_OLD_SKIPS + 1];
	size_t extra_at[SM_MAX_EXTRAS + 1];
	float best = INF;
	sm_cand cand;

	d->seed_o = &e->seq[e->old[r]].l;
	d->seed_f = sm_ln(fim, q);
	for (j = 0; j <= W; j++) {
		d->D[j] = 0;
		d->mv[j] = MV_NONE;
	}
	for (i = 1; i <= m; i++) {
		const sm_mline *ml = &e->seq[e->old[i - 1]];
		const sm_line *ol = &ml->l;
		int forced = i - 1 == r, wild = o->elide && ml->elide;
		int absent = ml->kind == SM_HL_CTX && !ml->elide && d->t->of_old[i - 1] != SM_NOLINE &&
			     d->t->s[d->t->of_old[i - 1]].count == 0;
		/* a miscopied line is one the file does not hold as written: a line the file has
		   (in the range searched) is that line, not a miscopy of a neighbour of it */
		int present = d->t->of_old[i - 1] != SM_NOLINE &&
			      d->t->s[d->t->of_old[i - 1]].count > 0;
		float *row = d->D + i * cols, *prev = d->D + (i - 1) * cols;
		unsigned char *mrow = d->mv + i * cols;

		for (j = 0; j <= W; j++) {
			float b = INF, v;
			unsigned char mv = MV_NONE;
			if (j > 0 && prev[j - 1] < INF && (!forced || ws + j - 1 == q)) {
				const sm_line *fl = sm_ln(fim, ws + j - 1);
				if (d->pinned && line_eq(ol, fl, o->level) &&
				    !line_eq(ol, fl, SM_LVL_TYPO)) {
					/* pinned: another indentation is neither the line nor a
					   miscopy of it */
				} else if (line_eq(ol, fl, o->level)) {
					v = prev[j - 1] +
					    (line_eq(ol, fl, SM_LVL_TYPO) ? 0.0f : (float)SM_COST_LOOSE);
					if (v < b) {
						b = v;
						mv = MV_MATCH;
					}
				} else if (o->subst && !forced && !present) {
					if (sm_budget_charge(d->c->budget,
							     sm_text_similarity_work(ol->n, fl->n)))
						return 0; /* cut short: no candidate */
					v = prev[j - 1] + subst_cost(d, ml, fl);
					if (v < b) {
						b = v;
						mv = MV_SUBST;
					}
				}
			}
			if (j > 0 && i < m && row[j - 1] < INF) {
				const sm_line *fl = sm_ln(fim, ws + j - 1);
				if (wild) {
					v = row[j - 1];
					if (v < b) {
						b = v;
						mv = MV_WILD;
					}
				} else if (o->blanks && fl->blank) {
					v = row[j - 1] + (float)SM_COST_BLANK;
					if (v < b) {
						b = v;
						mv = MV_XBLANK;
					}
				} else if (o->extras) {
					v = row[j - 1] + (float)SM_COST_EXTRA;
					if (v < b) {
						b = v;
						mv = MV_XTRA;
					}
				}
			}
			if (!forced && prev[j] < INF) {
				if (wild) {
					v = prev[j];
					if (v < b || (d->late && v == b && mv == MV_WILD)) {
						b = v;
						mv = MV_WILD0;
					}
				} else if (o->blanks && ol->blank) {
					v = prev[j] + (float)SM_COST_BLANK;
					if (v < b) {
						b = v;
						mv = MV_OBLANK;
					}
				} else if (o->old_skips && absent) {
					v = prev[j] + (float)SM_COST_OLD_SKIP;
					if (v < b) {
						b = v;
						mv = MV_OSKIP;
					}
				}
			}
			row[j] = b;
			mrow[j] = mv;
		}
	}
	for (j = 0; j <= W; j++) {
		if (d->D[m * cols + j] < best || (d->late && d->D[m * cols + j] == best && best < INF)) {
			best = d->D[m * cols + j];
			jbest = j;
		}
	}
	if (jbest == SM_NOLINE)
		return 0;

	for (i = 0; i < m; i++)
		d->lo[i] = d->hi[i] = SM_NOLINE;
	i = m;
	j = jbest;
	while (i > 0) {
		unsigned char mv = d->mv[i * cols + j];
		size_t at = ws + j;
		int solid = mv == MV_MATCH && !e->seq[e->old[i - 1]].l.blank;
		if (mv != MV_XTRA)
			run = 0;
		if (mv == MV_MATCH || mv == MV_SUBST)
			gap_x = gap_o = gap_xs = gap_b = 0;
		/* lines an elision absorbed count as dropped ones: a context line missing from
		   the file next to them is likelier a miscopy of the last one absorbed */
		gap_x |= mv == MV_XTRA || mv == MV_WILD;
		gap_o |= mv == MV_OSKIP;
		gap_xs |= mv == MV_XTRA;
		gap_b |= mv == MV_OBLANK;
		/* ... nor is an old blank line standing on no file line where the file holds a
		   line of substance the old side dropped: the blank is not a copy of that line
		   (a blank line is no miscopy of code), so the place reads one line the model
		   added and one it left out, side by side, where the meant place, if any, reads
		   neither */
		mixed |= gap_xs && gap_b;
		/* an unmarked addition sits between lines that match: at either end of the old
		   side it is far likelier a miscopied first or last line. Blank lines do not
		   count as matched there: a blank line beside it fits anywhere, and the file line
		   it may be a miscopy of then lies just outside the region. */
		if (mv == MV_OSKIP && !seen_match)
			edge_skip = 1;
		else if (mv == MV_OSKIP && !seen_solid && skip_low == SM_NOLINE)
			skip_low = i - 1;
		if (mv == MV_MATCH)
			seen_match = 1;
		seen_solid |= solid;
		if (mv == MV_OSKIP)
			skip_high = i - 1;
		else if (solid || mv == MV_SUBST)
			skip_high = SM_NOLINE;
		/* a context line missing from the file next to a file line missing from the
		   context is one miscopied line, not an addition plus a dropped line: that is the
		   fuzzy tier's to judge */
		mixed |= gap_x && gap_o;
		switch (mv) {
		case MV_MATCH:
		case MV_SUBST:
			d->lo[i - 1] = at - 1;
			d->hi[i - 1] = at;
			if (mv == MV_SUBST &&
			    cut_pairing(d, &e->seq[e->old[i - 1]], sm_ln(fim, at - 1))) {
				/* a line cut short: no miscopy (SM_MAX_CUT_LINES) */
				cuts++;
				i--;
				j--;
				break;
			}
			substs += mv == MV_SUBST;
			ctx_subst |= mv == MV_SUBST && e->seq[e->old[i - 1]].kind == SM_HL_CTX;
			/* (up to SM_MAX_OLD_SKIPS more: lines taken for unmarked additions
			   place nothing, and the rest may be that short) */
			if (mv == MV_SUBST && d->nonblank <= SM_SHORT_OLD_LINES + SM_MAX_OLD_SKIPS &&
			    !(e->flags & SM_EDIT_NUMBERED)) {
				const sm_line *ol = &e->seq[e->old[i - 1]].l, *fl = sm_ln(fim, at - 1);
				double sim = sm_text_similarity(ol->p, ol->n, fl->p, fl->n);
				if (sim < weakest)
					weakest = sim;
			}
			matched += mv == MV_MATCH && !e->seq[e->old[i - 1]].l.blank;
			i--;
			j--;
			break;
		case MV_WILD:
			if (d->hi[i - 1] == SM_NOLINE)
				d->hi[i - 1] = at;
			d->lo[i - 1] = at - 1;
			j--;
			break;
		case MV_XBLANK:
			j--;
			break;
		case MV_XTRA:
			if (extras < SM_MAX_EXTRAS + 1)
				extra_at[extras] = at - 1;
			extras++;
			if (++run > maxrun)
				maxrun = run;
			j--;
			break;
		case MV_WILD0:
			if (d->hi[i - 1] == SM_NOLINE)
				d->lo[i - 1] = d->hi[i - 1] = at;
			i--;
			break;
		case MV_OBLANK:
			d->lo[i - 1] = d->hi[i - 1] = at;
			i--;
			break;
		case MV_OSKIP:
			/* judged once every line has its place (sm_align_miscopy_beside) */
			if (oskips < SM_MAX_OLD_SKIPS + 1) {
				skip_i[oskips] = i - 1;
				skip_at[oskips] = at;
			}
			oskips++;
			i--;
			break;
		default:
			return 0; /* cannot happen on a finite cost */
		}
	}
	if (gap_o) /* skips before the first match (traceback ends at the start) */
		edge_skip = 1;
	/* the same with only blank lines matched beyond: when the first line of substance
	   past that edge of the region is nearly the skipped line, that line is a miscopy of
	   it, not an addition */
	if (skip_low != SM_NOLINE &&
	    sm_align_near_past_edge(d->c->im, &e->seq[e->old[skip_low]].l, ws + jbest, 1))
		edge_skip = 1;
	if (skip_high != SM_NOLINE &&
	    sm_align_near_past_edge(d->c->im, &e->seq[e->old[skip_high]].l, ws + j, -1))
		edge_skip = 1;
	if (!matched || mixed || edge_skip || cuts > SM_MAX_CUT_LINES || extras > SM_MAX_EXTRAS ||
	    maxrun > SM_MAX_EXTRA_RUN || extras * 2 > d->nonblank + 1 ||
	    oskips > SM_MAX_OLD_SKIPS || oskips * 3 > d->nonblank ||
	    substs * SM_MAX_SUBST_SHARE >
	        (d->nonblank > SM_MAX_SUBST_SHARE ? d->nonblank : SM_MAX_SUBST_SHARE) ||
	    (d->nonblank <= SM_SHORT_OLD_LINES + oskips && weakest < SM_SHORT_SUBST_SIM))
		return 0;
	/* a context line taken for an unmarked addition next to a kept file line it nearly
	   copies is that line miscopied (the fuzzy tier judges it) */
	for (i = 0; i < oskips && i <= SM_MAX_OLD_SKIPS; i++) {
		size_t f = sm_align_miscopy_beside(d, skip_i[i], skip_at[i]);
		if (f != SM_NOLINE && sm_align_paired_line(d, f))
			return 0;
		if (sm_align_truncated_near(d, skip_i[i], skip_at[i], ws + j, ws + jbest))
			return 0;
		/* the line beside is the file's copy of it, left out of the old side or just
		   outside the place: here the line is a miscopy of it, a place another this
		   tier keeps (the line an addition there) must beat clearly as that */
		if (f != SM_NOLINE)
			return sm_align_doubted(d, beside_as_miscopy(best, f, ws + j, ws + jbest));
		if (sm_align_miscopy_near(d, skip_i[i], ws + j, ws + jbest))
			return sm_align_doubted(d, best);
		/* one typo from it: a copying slip (no new line is written so), settled by a
		   place kept that reads it so; merely like it (a new line like its neighbours'
		   elsewhere): a doubt any place must beat clearly */
		if (sm_align_miscopy_far(d, skip_i[i], ws + j, ws + jbest, &f)) {
			const sm_line *ol = &e->seq[e->old[skip_i[i]]].l, *fl;
			if (f == SM_NOLINE)
				return sm_align_doubted(d, best);
			fl = sm_ln(d->c->im, f);
			return sm_align_one_typo(ol->p, ol->n, fl->p, fl->n)
			           ? sm_align_blank_doubt(d, best, skip_i[i], f)
			           : sm_align_doubted(d, best);
		}
	}
	/* ... or next to none but a file line the region keeps as one the old side dropped: the
	   line and its miscopy would both be taken, the one as an addition, the other as a
	   left-out line (the context line is that file line, out of place or not) */
	for (i = 0; i < oskips && i <= SM_MAX_OLD_SKIPS; i++) {
		const sm_line *ol = &e->seq[e->old[skip_i[i]]].l;
		size_t x;
		for (x = 0; x < extras && x <= SM_MAX_EXTRAS; x++) {
			const sm_line *fl = sm_ln(d->c->im, extra_at[x]);
			double sim;
			if (fl->blank || ol->n * 2 < fl->n || fl->n * 2 < ol->n)
				continue;
			if (sm_budget_charge(d->c->budget, sm_text_similarity_work(ol->n, fl->n)))
				return 0; /* cut short: no candidate */
			sim = sm_text_similarity(ol->p, ol->n, fl->p, fl->n);
			/* this place is where the line is a miscopy (the fuzzy tier's to fit,
			   when the miscopy is not below its bar): another place this tier keeps,
			   the line an addition there, must beat it clearly as that */
			if (sm_align_one_typo(ol->p, ol->n, fl->p, fl->n) || sim >= SM_MISCOPY_SIM)
				return sm_align_doubted(d, as_miscopy(best, sim));
		}
	}
	for (i = 0; i < m; i++) {
		size_t a, g;
		if (e->seq[e->old[i]].l.blank && d->lo[i] != SM_NOLINE && d->lo[i] == d->hi[i] &&
		    sm_align_blank_or_left_out(d, i, o->level, &a, &g))
			return sm_align_blank_doubt(d, best, a, g);
	}
	/* judged once the cheap tests passed: a comparison per deleted line */
	for (i = 0; ctx_subst && i < m; i++)
		if (d->lo[i] != SM_NOLINE && d->hi[i] == d->lo[i] + 1 &&
		    !line_eq(&e->seq[e->old[i]].l, sm_ln(d->c->im, d->lo[i]), o->level) &&
		    sm_align_subst_ctx_like_deleted(d, i))
			return 0;
	for (i = 0; substs && i < m; i++)
		if (d->lo[i] != SM_NOLINE && d->hi[i] == d->lo[i] + 1 &&
		    !e->seq[e->old[i]].l.blank &&
		    !line_eq(&e->seq[e->old[i]].l, sm_ln(d->c->im, d->lo[i]), o->level) &&
		    !cut_pairing(d, &e->seq[e->old[i]], sm_ln(d->c->im, d->lo[i])) &&
		    sm_align_miscopy_elsewhere(d, i, ws + j, ws + jbest))
			return sm_align_doubted(d, best);
	sm_align_close_twin_gaps(d);
	/* the latest placement differs only in how much an elision absorbs at an end (a
	   leading or trailing marker): the same place */
	if (d->late && d->early_ok) {
		for (i = 0; i < m; i++)
			if (!e->seq[e->old[i]].elide && d->lo[i] != d->elo[i])
				break;
		if (i == m)
			return 0;
	}
	sm_align_blanks_at_numbers(d, ws + j, ws + jbest);
	sm_align_pair_blanks_exactly(d, ws + j, ws + jbest);
	memset(&cand, 0, sizeof(cand));
	cand.start = ws + j;
	cand.end = ws + jbest;
	cand.lo = d->lo;
	cand.hi = d->hi;
	cand.cost = best;
	cand.tier = o->tier;
	if (cand.end <= cand.start)
		return 0;
	/* one shift for every line, or (the line-indentation tier) a shift per line that still
	   says how to indent the new lines */
	if (o->tier == SM_TIER_REINDENT ? sm_indent_shift(d->c, &cand) ||
						  !sm_reindent_check(d->c, &cand)
					: o->level >= SM_LVL_INDENT && !sm_indent_shift(d->c, &cand)) {
		/* The cheapest path took a line at another indentation than its neighbours (an
		   indentation-blind match is nearly free), where a path holding every line as
		   written, the seed's included, may cost a line the old side left out: "        x"
		   before "    x", the first left out, the old side's "        x" on the second. The
		   seed is run again with lines matched as written: that place, at one shift, is
		   what this tier is for (the line-indentation tier would take the cheap path, line
		   by line, and write the left-out line back beside its copy). */
		if (o->tier == SM_TIER_REINDENT || d->pinned || o->level < SM_LVL_INDENT)
			return 0;
		/* ... unless the line at another shift has its twin beside it at the other lines'
		   shift (sm_twin_beside): the old side is then as well that line re-indented alone
		   as its twin with a line left out, two files; neither is taken, nor a split's runs
		   (which would take one of them). So also when the seed is not as written (the
		   block re-indented, its lines at one shift but that line): the place is not run
		   again, but it is no less the twin's reading, which another place this tier keeps
		   (the left-out line taken elsewhere) must beat clearly */
		if (sm_twin_beside(fim, e, &cand)) {
			if (d->c->twin)
				*d->c->twin = 1;
			return sm_align_doubted(d, best);
		}
		if (!line_eq(&e->seq[e->old[r]].l, sm_ln(fim, q), SM_LVL_TYPO) ||
		    sm_budget_charge(d->c->budget, (uint64_t)(m + 1) * (W + 1)))
			return 0;
		d->pinned = 1;
		again = sm_align_run_seed(d, r, q, out);
		d->pinned = 0;
		return again;
	}
	if (!d->late && d->elo) {
		memcpy(d->elo, d->lo, m * sizeof(size_t));
		d->early_ok = 1;
	}
	return sm_cands_add(out, &cand, m);
}

