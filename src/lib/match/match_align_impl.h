#ifndef SEAM_LIB_MATCH_ALIGN_IMPL_H
#define SEAM_LIB_MATCH_ALIGN_IMPL_H

/*
 * What the parts of the alignment engine share: the program's state for one run (dp) and the
 * functions one part calls in another. Private to match_align*.c; the engine's interface is
 * match.h (sm_align_find).
 */

#include "match.h"

typedef struct dp {
	const sm_mctx *c;
	const sm_align_opts *o;
	const sm_occ *t;
	size_t m, ws, W;
	float *D;
	unsigned char *mv;
	size_t *lo, *hi;
	size_t nonblank;
	/* ties go to the latest places: an elision entered as late as it can be, the region
	   ending as late as it can (the earliest by default) */
	int late;
	size_t *elo;    /* the default pass's places of the old lines, when it found one */
	int early_ok;
	/* a place left out because one of its lines is a miscopy of a line beside it
	   (sm_align_miscopy_near, sm_align_miscopy_elsewhere), and the lowest cost of such a place:
	   a place kept that does not beat it clearly is no surer (the one left out may be the meant
	   one, its line the miscopy of another), so then the tier finds nothing */
	int doubt;
	float doubt_cost;
	/* places left out because a blank line they let go is likelier a line left out beside
	   it (sm_align_blank_or_left_out): the cost of each and where its other reading puts an old
	   line (old line bd_a[k] on file line bd_g[k]). A place kept that is that reading settles
	   it; with none such the place left out is a doubt as above (the meant place, its
	   other reading never scored or dropped, and a place elsewhere kept) */
	size_t nbd, bd_a[SM_BLANK_DOUBTS], bd_g[SM_BLANK_DOUBTS];
	float bd_cost[SM_BLANK_DOUBTS];
	/* lines match only as written, indentation included: the second run of a seed whose
	   cheapest path took lines at different shifts (see sm_align_run_seed) */
	int pinned;
	/* the seed pair of the run (old line on file line): the indentation shift it shows is
	   the one every line of a place must keep (sm_indent_shift), so a line paired by less
	   than its text (cut short) is looked for at that shift (cut_indent) */
	const sm_line *seed_o, *seed_f;
} dp;

static inline int line_eq(const sm_line *a, const sm_line *b, int level)
{
	return sm_line_h(a, level) == sm_line_h(b, level);
}

/* match_align_miscopy.c: a line paired by less than its text (miscopy, cut short) near a place */
int sm_align_cut_of(const dp *d, const sm_line *l, const sm_line *f);
int sm_align_one_typo(const char *a, size_t an, const char *b, size_t bn);
int sm_align_near_past_edge(const sm_image *im, const sm_line *l, size_t at, int dir);
size_t sm_align_miscopy_beside(const dp *d, size_t i, size_t at);
int sm_align_paired_line(const dp *d, size_t f);
int sm_align_miscopy_near(const dp *d, size_t i, size_t start, size_t end);
int sm_align_cut_short(const dp *d, const sm_line *l, const sm_line *fl);
int sm_align_truncated_near(const dp *d, size_t i, size_t at, size_t start, size_t end);
int sm_align_miscopy_far(const dp *d, size_t i, size_t start, size_t end, size_t *g);
int sm_align_miscopy_elsewhere(const dp *d, size_t i, size_t start, size_t end);

/* match_align_doubt.c: a place left out as doubtful, or its pairing moved onto the copy meant */
int sm_align_doubted(dp *d, float cost);
int sm_align_blank_doubt(dp *d, float cost, size_t a, size_t g);
int sm_align_subst_ctx_like_deleted(const dp *d, size_t i);
int sm_align_blank_or_left_out(const dp *d, size_t i, int level, size_t *pa, size_t *pg);
void sm_align_close_twin_gaps(const dp *d);
void sm_align_pair_blanks_exactly(const dp *d, size_t start, size_t end);
void sm_align_blanks_at_numbers(const dp *d, size_t start, size_t end);

/* match_align_seed.c: one run of the program around a seed */
int sm_align_run_seed(dp *d, size_t r, size_t q, sm_cands *out);

#endif
