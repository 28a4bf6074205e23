/*
 * The laziness guard: which lines are placeholders (in the comment syntax of the file's
 * language), which of them take the place of real code, and the expansion of the ones that
 * stand for one span of the old side. The guard itself is here; what it looks lines up in
 * (lazy_lookup.c) and the readings that refuse a placeholder (lazy_moved.c, lazy_bounds.c,
 * lazy_reading.c) are apart, each a question of its own, and never call back into this file.
 */
#include "lazy.h"
#include "lazy_impl.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

#include <ctype.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof(*(a)))

/* 1 when the line is only dots ("...", "…"): Python's Ellipsis, a statement as well as a
 * marker, so never left out for standing for nothing. */
static int bare_dots(const char *p, size_t n)
{
	size_t i = 0, dots = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (i < n) {
		if (p[i] == '.')
			i++, dots++;
		else if (n - i >= 3 && !memcmp(p + i, "\xe2\x80\xa6", 3))
			i += 3, dots += 3;
		else if (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')
			i++;
		else
			return 0;
	}
	return dots >= 3;
}

/* 1 when the new side's last line is one marked in drop. */
static int ends_new_side(const sm_medit *e, const unsigned char *drop)
{
	size_t k;

	for (k = e->nseq; k-- > 0;)
		if (e->seq[k].kind != SM_HL_DEL)
			return drop[k];
	return 0;
}

/* Removes the lines of e marked in drop (additions only: every old line keeps its index) and
 * rebuilds the old side's index. */
static void compact(sm_medit *e, const unsigned char *drop)
{
	size_t k, w = 0;

	for (k = 0; k < e->nseq; k++)
		if (!drop[k])
			e->seq[w++] = e->seq[k];
	e->nseq = w;
	e->nold = 0;
	/* the old side's index is not kept when its owner dropped it (sm_lazy_guard_whole) */
	for (k = 0; e->old && k < e->nseq; k++)
		if (e->seq[k].kind != SM_HL_ADD)
			e->old[e->nold++] = k;
}

/* Expands the placeholders of hits (all bounded): between the unchanged lines around each,
 * deletions are kept (but for lines the reply moved elsewhere: sm_lazy_moved_out) and additions
 * (the placeholder, blank lines) dropped. Lines already marked in drop (placeholders that stand for
 * nothing) go too. */
static int expand(ctx *c, sm_medit *e, const sm_lazy_hit *hits, size_t n, sm_lazy_result *res,
		  unsigned char *drop)
{
	/* the placeholder each kept deletion was kept for, by its index in hits (32 bits: a hit
	   is a line of the edit, and the edit's lines are counted in 32 bits,
	   sm_lazy_tally_init) */
	uint32_t *owner = sm_malloc((e->nseq ? e->nseq : 1) * sizeof(*owner));
	size_t i, k, oi = 0;

	res->exp = sm_calloc(n ? n : 1, sizeof(*res->exp));
	if (!owner || !res->exp) {
		sm_free(owner);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < e->nseq; k++)
		owner[k] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		size_t lo = sm_lazy_new_neighbour(e, hits[i].ph, -1),
		       hi = sm_lazy_new_neighbour(e, hits[i].ph, 1);
		res->exp[i].text.p = e->seq[hits[i].ph].l.p;
		res->exp[i].text.n = e->seq[hits[i].ph].l.n;
		res->exp[i].reply_line = e->seq[hits[i].ph].reply_line;
		res->exp[i].old0 = SM_NOLINE;
		for (k = lo + 1; k < hi; k++) {
			if (e->seq[k].kind == SM_HL_ADD) {
				drop[k] = 1;
			} else if (e->seq[k].kind == SM_HL_DEL && sm_lazy_moved_out(c, k) != 1) {
				/* a line the reply moved elsewhere stays deleted here */
				e->seq[k].keep = 1;
				owner[k] = (uint32_t)i;
			}
		}
	}
	/* additions are not old lines: dropping them leaves every old line's index as it was */
	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind == SM_HL_ADD)
			continue;
		if (owner[k] != UINT32_MAX) {
			sm_lazy_exp *x = &res->exp[owner[k]];
			if (x->old0 == SM_NOLINE)
				x->old0 = oi;
			x->old1 = oi;
		}
		oi++;
	}
	compact(e, drop);
	res->nexp = n;
	sm_free(owner);
	return 0;
}

static int guard(sm_medit *e, const sm_lang *lang, const sm_image *im, int whole, int mode,
		 sm_lazy_result *res)
{
	ctx c = {e, im, whole, {0}, {0}, {0}, {0}, {0}, {0}, 0, 0};
	sm_lazy_hit *hits = NULL;
	unsigned char *drop = NULL;
	size_t k = 0, n = 0, cap = 0, dcap = 0, steps = 0, near, far;
	int rc = 0, mv = 0, dir;

	memset(res, 0, sizeof(*res));
	if (mode == SEAM_LAZY_ALLOW)
		return 0;
	/* the unchanged lines around each placeholder first: they decide its run */
	for (k = 0; k < e->nseq; k++) {
		if (e->seq[k].kind != SM_HL_ADD ||
		    !sm_lazy_is_placeholder(lang, e->seq[k].l.p, e->seq[k].l.n))
			continue;
		if (sm_lazy_build(&c)) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		/* the file's own comment is no placeholder: the pairing around it stays (asked
		   of the index when the image has one: its set of lines is then empty) */
		if (!sm_lazy_file_has(&c, e->seq[k].l.h_indent)) {
			if (sm_lazy_slide_copies(e, k, &near, &far) && !res->refused &&
			    mode == SEAM_LAZY_EXPAND)
				sm_lazy_refuse_two_fits(&c, k, near, far, res);
			if (sm_lazy_slide_bounds(e, k, &near, &far) && !res->refused &&
			    mode == SEAM_LAZY_EXPAND)
				sm_lazy_refuse_two_fits(&c, k, near, far, res);
			for (dir = -1; dir <= 1; dir += 2)
				if ((rc = sm_lazy_slide_kept(lang, e, k, dir, &near, &far)) < 0)
					goto out;
				else if (rc && !res->refused && mode == SEAM_LAZY_EXPAND)
					sm_lazy_refuse_two_fits(&c, k, near, far, res);
			rc = 0;
		}
	}
	k = 0;
	while (k < e->nseq && !res->refused) {
		size_t r0 = k, r1, ph, s0 = 0, s1 = 0, d;
		sm_lazy_hit run = {0};
		if (e->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		while (k < e->nseq && e->seq[k].kind != SM_HL_CTX)
			k++;
		r1 = k;
		for (ph = r0; ph < r1; ph++) {
			sm_lazy_hit h;
			if (e->seq[ph].kind != SM_HL_ADD ||
			    !sm_lazy_is_placeholder(lang, e->seq[ph].l.p, e->seq[ph].l.n))
				continue;
			if (sm_lazy_build(&c)) {
				rc = SEAM_ENOMEM;
				goto out;
			}
			if (sm_lazy_file_has(&c, e->seq[ph].l.h_indent))
				continue; /* the file's own comment, not one the model put there */
			{
				/* the lines it may stand for: its run's, and any deleted between
				   the lines that bound it (blank context lines do not) */
				size_t lo = sm_lazy_new_neighbour(e, ph, -1),
				       hi = sm_lazy_new_neighbour(e, ph, 1);
				size_t a = lo == SM_NOLINE ? 0 : lo + 1, b = hi == SM_NOLINE ? e->nseq : hi;
				if (a > r0)
					a = r0;
				if (b < r1)
					b = r1;
				if (a != s0 || b != s1) {
					memset(&run, 0, sizeof(run));
					sm_lazy_run_gone(&c, a, b, &run);
					s0 = a;
					s1 = b;
				}
			}
			if (sm_lazy_changed_line(e, s0, s1, ph))
				continue;
			/* "// implement the upload here" in a block the reply adds: a note in new
			   code, written (a stub of an old block keeps the usual answer) */
			if (run.gone &&
			    sm_placeholder_asks_for_code(lang, e->seq[ph].l.p, e->seq[ph].l.n) &&
			    sm_lazy_in_new_block(&c, ph, s0, s1, &steps))
				continue;
			/* "..." alone is code in Python (a stub's body), and a comment that does not
			   claim to stand for code of the file may be meant: both written */
			if (!run.gone && (bare_dots(e->seq[ph].l.p, e->seq[ph].l.n) ||
					  !sm_placeholder_says_existing(e->seq[ph].l.p, e->seq[ph].l.n)))
				continue;
			if (!run.gone &&
			    (sm_lazy_guessed_pair(&c, ph, -1) || sm_lazy_guessed_pair(&c, ph, 1) ||
			     sm_lazy_sides_guessed(&c))) {
				/* it may stand for lines the edit deletes elsewhere: refused (when
				   the edit deletes any), not left out */
				sm_lazy_hit all = {0};
				sm_lazy_run_gone(&c, 0, e->nseq, &all);
				if (all.gone) {
					all.ph = ph;
					all.astray = sm_lazy_sides_guessed(&c);
					res->refused = 1;
					res->hit = all;
					break;
				}
			}
			if (!run.gone && mode != SEAM_LAZY_ALLOW) {
				/* the lines it deletes are all written elsewhere (moved, not gone):
				   but when one of them, written alone, may as well have been
				   written once more (sm_lazy_moved_out cannot place it), the
				   placeholder may stand for it. (Lines written elsewhere as a run,
				   as the run deletes them, are the move this reading takes:
				   moved_run is for a span.) */
				sm_lazy_hit h = {0};
				h.ph = ph;
				if ((mv = sm_lazy_unsure_move(&c, &h, 0)) < 0) {
					rc = mv;
					goto out;
				}
				if (!mv)
					mv = sm_lazy_moved_among_repeats(&c, s0, s1, &h);
				if (mv) {
					h.gone = 1;
					h.del0 = h.del1 = h.moved_old;
					res->refused = 1;
					res->hit = h;
					break;
				}
			}
			if (!run.gone) {
				/* the run deletes nothing real: the placeholder stands for no code,
				   and writing it would put a comment about code into the file as if
				   it were code; it is left out, and the report says so */
				if (!drop && !(drop = sm_calloc(e->nseq ? e->nseq : 1, 1))) {
					rc = SEAM_ENOMEM;
					goto out;
				}
				if (sm_grow((void **)&res->dropped, &dcap, res->ndropped + 1,
					    sizeof(*res->dropped))) {
					rc = SEAM_ENOMEM;
					goto out;
				}
				drop[ph] = 1;
				/* blank lines its own run deletes are what it stands for: a reply
				   that meant to delete them would not put a note about kept code in
				   their place */
				for (d = r0; d < r1; d++)
					if (e->seq[d].kind == SM_HL_DEL && e->seq[d].l.blank)
						e->seq[d].keep = 1;
				res->dropped[res->ndropped].text.p = e->seq[ph].l.p;
				res->dropped[res->ndropped].text.n = e->seq[ph].l.n;
				res->dropped[res->ndropped++].reply_line = e->seq[ph].reply_line;
				continue;
			}
			/* it would be expanded: not when the line next to it may be another copy */
			for (dir = -1; dir <= 1 && mode == SEAM_LAZY_EXPAND; dir += 2) {
				if (!res->refused &&
				    sm_lazy_copy_in_changes(lang, e, ph, dir, &near, &far))
					sm_lazy_refuse_two_fits(&c, ph, near, far, res);
				if (!res->refused &&
				    sm_lazy_block_in_span(lang, &c, ph, dir, &near, &far))
					sm_lazy_refuse_two_fits(&c, ph, near, far, res);
				if (!res->refused &&
				    sm_lazy_moved_beside(
				        &c, ph, dir, sm_lazy_new_neighbour(e, ph, -1),
				        sm_lazy_new_neighbour(e, ph, 1), &near, &far)) {
					sm_lazy_refuse_two_fits(&c, ph, near, far, res);
					res->hit.fit_moved = res->refused;
				}
				if (!res->refused)
					sm_lazy_copy_beside_bound(&c, ph, dir, res);
				if (!res->refused)
					sm_lazy_copy_reads_on(&c, ph, dir, res);
			}
			if (res->refused)
				break;
			h = run;
			h.ph = ph;
			h.bounded = sm_lazy_bound(e, sm_lazy_new_neighbour(e, ph, -1)) &&
			            sm_lazy_bound(e, sm_lazy_new_neighbour(e, ph, 1));
			/* bounded, it would be expanded: but not past a line of its span that the
			   reply may have moved out of it (sm_lazy_moved_out) */
			if (mode == SEAM_LAZY_REFUSE || !h.bounded ||
			    (mv = sm_lazy_unsure_move(&c, &h, 1)) != 0) {
				if (mv < 0) {
					rc = mv;
					goto out;
				}
				res->refused = 1;
				res->hit = h;
				break;
			}
			if (mode == SEAM_LAZY_EXPAND &&
			    sm_lazy_bound_copy_inside(&c, sm_lazy_new_neighbour(e, ph, -1),
			                              sm_lazy_new_neighbour(e, ph, 1), &near, &far)) {
				res->refused = 1;
				res->hit = h;
				break;
			}
			/* the bound's copy inside the span, the lines past it rewritten beyond the
			   bound: the placeholder may stop at that copy */
			if (mode == SEAM_LAZY_EXPAND &&
			    sm_lazy_bound_copy_rewritten(&c, sm_lazy_new_neighbour(e, ph, -1),
			                                 sm_lazy_new_neighbour(e, ph, 1), &near,
			                                 &far)) {
				sm_lazy_refuse_two_fits(&c, ph, near, far, res);
				if (res->refused)
					break;
			}
			/* the span holds lines the new side writes beside the placeholder: two
			   readings, two files */
			if (mode == SEAM_LAZY_EXPAND &&
			    sm_lazy_span_rewritten(e, ph, sm_lazy_new_neighbour(e, ph, -1),
			                           sm_lazy_new_neighbour(e, ph, 1))) {
				h.rewritten = 1;
				res->refused = 1;
				res->hit = h;
				break;
			}
			if (sm_grow((void **)&hits, &cap, n + 1, sizeof(*hits))) {
				rc = SEAM_ENOMEM;
				goto out;
			}
			hits[n++] = h;
		}
	}
	if (!res->refused && n && mode == SEAM_LAZY_EXPAND && sm_lazy_sides_guessed(&c)) {
		size_t which;
		if (sm_lazy_blank_cuts_span(e, hits, n, &which)) {
			res->refused = 1;
			res->hit = hits[which];
			res->hit.blank_cut = 1;
		}
	}
	if (!res->refused && n && mode == SEAM_LAZY_EXPAND && sm_lazy_sides_guessed(&c)) {
		size_t cost, best;
		if ((rc = sm_lazy_better_reading(&c, hits, n, drop, &cost, &best)) < 0)
			goto out;
		if (rc) {
			res->refused = 1;
			res->hit = hits[0];
			res->hit.better = 1;
			res->hit.cost = cost;
			res->hit.best = best;
		}
		rc = 0;
	}
	if (!res->refused && n && mode == SEAM_LAZY_EXPAND && sm_lazy_sides_guessed(&c)) {
		size_t cost, best;
		if ((rc = sm_lazy_span_read_otherwise(&c, hits, n, drop, &cost, &best)) < 0)
			goto out;
		if (rc) {
			res->refused = 1;
			res->hit = hits[0];
			res->hit.better = 1;
			res->hit.blank_read = 1;
			res->hit.cost = cost;
			res->hit.best = best;
		}
		rc = 0;
	}
	/* a placeholder that ends the new side and is left out stands for the code after it:
	   the line end its text lacks (SM_EDIT_JOINS_NEXT, a tool's join taking the next blank
	   line away) belongs to a line not written, and says nothing of that blank line */
	if (!res->refused && drop && ends_new_side(e, drop))
		e->flags &= ~SM_EDIT_JOINS_NEXT;
	if (!res->refused && n) {
		if (!drop && !(drop = sm_calloc(e->nseq ? e->nseq : 1, 1))) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		rc = expand(&c, e, hits, n, res, drop);
	} else if (!res->refused && drop) {
		compact(e, drop);
	}
out:
	res->work = c.work;
	sm_free(hits);
	sm_free(drop);
	sm_lazy_ctx_dispose(&c);
	if (rc)
		sm_lazy_result_dispose(res);
	return rc;
}

int sm_lazy_guard(sm_medit *e, const sm_lang *lang, const sm_image *im, int mode,
		  sm_lazy_result *res)
{
	return guard(e, lang, im, 0, mode, res);
}

int sm_lazy_guard_whole(sm_medit *e, const sm_lang *lang, int mode, sm_lazy_result *res)
{
	return guard(e, lang, NULL, 1, mode, res);
}

void sm_lazy_result_dispose(sm_lazy_result *res)
{
	sm_free(res->exp);
	res->exp = NULL;
	res->nexp = 0;
	sm_free(res->dropped);
	res->dropped = NULL;
	res->ndropped = 0;
}

size_t sm_lazy_old_index(const sm_medit *e, size_t k)
{
	size_t i, n = 0;
	for (i = 0; i < k && i < e->nseq; i++)
		n += e->seq[i].kind != SM_HL_ADD;
	return n;
}

const char *sm_lazy_strategy(const char *base)
{
	static const char *const names[][2] = {
		{"exact", "exact+expanded-placeholder"},
		{"whitespace", "whitespace+expanded-placeholder"},
		{"typography", "typography+expanded-placeholder"},
		{"indentation", "indentation+expanded-placeholder"},
		{"blank-lines", "blank-lines+expanded-placeholder"},
		{"elision", "elision+expanded-placeholder"},
		{"diff-repair", "diff-repair+expanded-placeholder"},
		{"line-indentation", "line-indentation+expanded-placeholder"},
		{"split-hunk", "split-hunk+expanded-placeholder"},
		{"fuzzy", "fuzzy+expanded-placeholder"},
		{"whole-file", "whole-file+expanded-placeholder"},
		{"replace-all", "replace-all+expanded-placeholder"},
	};
	size_t i;

	for (i = 0; base && i < COUNT(names); i++)
		if (!strcmp(base, names[i][0]))
			return names[i][1];
	return "expanded-placeholder";
}
