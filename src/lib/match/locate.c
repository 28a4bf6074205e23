/*
 * seam_locate: the region of a file a snippet written from memory stands for (the first step of
 * snippet editing). The snippet becomes the old side of an edit (its "..." lines elisions) and
 * goes up the matcher ladder apply uses; a tie is reported with its places. When no rung finds
 * it, a similarity search looks for the region most like it: an alignment of the snippet's lines
 * to the file's, scored on cheap bigram signatures over the whole file, then the best two
 * regions scored exactly. Every answer carries one similarity measure (region_similarity), and
 * below SM_LOCATE_FLOOR nothing is found.
 */
#include "../core/session.h"
#include "match_costs.h"
#include "prep.h"
#include "lazy.h"
#include "../read/reply.h" /* sm_lines_split: the snippet cut into lines */
#include "match.h"
#include "../../util/alloc.h"
#include "../../util/budget.h"

#include <string.h>

/* git's rule for "binary" (as plan.c). */
#define BINARY_SNIFF 8000
/* The similarity search scores snippet lines x file lines cells: beyond this many it is not
 * run (bounded time on a huge file; the ladder has run already). */
#define SEARCH_MAX_CELLS ((size_t)64 << 20)
/* A file line skipped inside a region costs this in the search (a matched line earns its
 * similarity, up to 1): a region with many lines the snippet does not have is less like it. */
#define SEARCH_GAP 0.5f

/* ---- the similarity of a region ---- */

static double line_sim(const sm_line *a, const sm_line *b)
{
	double v;
	if (sm_line_same_bytes(a, b)) /* equal bytes: equal at every level */
		return 1.0;
	v = sm_text_similarity_if(a->p, a->n, b->p, b->n, SM_LOCATE_LINE_MIN);
	return v >= SM_LOCATE_LINE_MIN ? v : 0.0;
}

/*
 * 2 x (summed similarity of the snippet lines to the file lines they stand for) / (non-blank
 * snippet lines + non-blank region lines), elisions and the file lines they absorb left out.
 * lo/hi say, per old line of me, which file lines it stands for (as an sm_cand does). The
 * measure goes to *sim; returns 0 or SEAM_ENOMEM.
 */
static int region_similarity(const sm_image *im, const sm_medit *me, size_t start, size_t end,
                             const size_t *lo, const size_t *hi, double *sim)
{
	unsigned char *absorbed = sm_calloc(end > start ? end - start : 1, 1);
	double sum = 0;
	size_t i, j, nsnip = 0, nreg = 0;

	if (!absorbed)
		return SEAM_ENOMEM;
	for (i = 0; i < me->nold; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->elide) {
			for (j = lo[i]; lo[i] != SM_NOLINE && j < hi[i]; j++)
				if (j >= start && j < end)
					absorbed[j - start] = 1;
			continue;
		}
		if (ml->l.blank)
			continue;
		nsnip++;
		if (lo[i] != SM_NOLINE && hi[i] > lo[i] && lo[i] < im->n)
			sum += line_sim(&ml->l, sm_ln(im, lo[i]));
	}
	for (j = start; j < end; j++)
		nreg += !sm_ln(im, j)->blank && !absorbed[j - start];
	sm_free(absorbed);
	*sim = nsnip + nreg ? 2 * sum / (double)(nsnip + nreg) : 0;
	return 0;
}

/* ---- the similarity search ---- */

/* A set of character bigrams of a line's whitespace-blind form, hashed into 256 bits. */
typedef struct sig {
	uint64_t w[4];
	unsigned bits;
} sig;

static unsigned popcount64(uint64_t x)
{
	unsigned c = 0;
	for (; x; x &= x - 1)
		c++;
	return c;
}

static void sig_of(const sm_line *l, sig *g)
{
	char buf[512];
	size_t n = sm_text_normalize(l->p, l->n < sizeof(buf) ? l->n : sizeof(buf), SM_LVL_SPACE, buf), k;
	unsigned h;

	memset(g, 0, sizeof(*g));
	for (k = 0; k < n; k++) {
		h = (unsigned char)buf[k] * 31u + (k + 1 < n ? (unsigned char)buf[k + 1] : 0u);
		h = (h * 2654435761u) >> 24;
		g->w[h >> 6] |= (uint64_t)1 << (h & 63);
	}
	for (k = 0; k < 4; k++)
		g->bits += popcount64(g->w[k]);
}

static double sig_dice(const sig *a, const sig *b)
{
	unsigned k, common = 0;
	if (!a->bits || !b->bits)
		return 0;
	for (k = 0; k < 4; k++)
		common += popcount64(a->w[k] & b->w[k]);
	return 2.0 * common / (double)(a->bits + b->bits);
}

typedef struct search {
	const sm_image *im;
	const sm_medit *me;
	size_t *pat; /* indexes into me->old of the lines searched for (not blank) */
	size_t q;
	sig *ps, *fs; /* signatures of those lines and of every file line */
} search;

/* Weight of pairing pattern line i with file line j: its similarity, estimated or exact. */
static float weight(const search *S, size_t i, size_t j, int exact)
{
	const sm_mline *ml = &S->me->seq[S->me->old[S->pat[i]]];
	const sm_line *f = sm_ln(S->im, j);
	double d;

	if (f->blank)
		return 0;
	d = sig_dice(&S->ps[i], &S->fs[j]);
	if (d < SM_LOCATE_SIG_MIN)
		return 0;
	return (float)(exact ? line_sim(&ml->l, f) : d);
}

enum { MV_START, MV_SKIP_PAT, MV_MATCH, MV_GAP, MV_ABSORB };

/*
 * The alignment over file lines [ws, we): score of the best region ending at each line (row
 * q), with the line it starts at. With mv (q+1 x (we-ws+1) bytes) the moves are kept for a
 * traceback.
 */
static void dp(const search *S, size_t ws, size_t we, int exact, float *prev, float *cur,
               size_t *po, size_t *co, unsigned char *mv)
{
	size_t i, j, W = we - ws;

	for (j = 0; j <= W; j++) {
		prev[j] = 0;
		po[j] = ws + j;
		if (mv)
			mv[j] = MV_START;
	}
	for (i = 0; i < S->q; i++) {
		int elide = S->me->seq[S->me->old[S->pat[i]]].elide;
		unsigned char *m = mv ? mv + (i + 1) * (W + 1) : NULL;
		cur[0] = prev[0];
		co[0] = po[0];
		if (m)
			m[0] = MV_SKIP_PAT;
		for (j = 1; j <= W; j++) {
			float best = prev[j], v;
			size_t o = po[j];
			unsigned char how = MV_SKIP_PAT;
			if (elide) {
				if (cur[j - 1] >= best) {
					best = cur[j - 1];
					o = co[j - 1];
					how = MV_ABSORB;
				}
			} else {
				float w = weight(S, i, ws + j - 1, exact);
				if (w > 0 && (v = prev[j - 1] + w) >= best) {
					best = v;
					o = po[j - 1];
					how = MV_MATCH;
				}
				v = cur[j - 1] - (sm_ln(S->im, ws + j - 1)->blank ? 0.0f : SEARCH_GAP);
				if (v > best) {
					best = v;
					o = co[j - 1];
					how = MV_GAP;
				}
			}
			cur[j] = best;
			co[j] = o;
			if (m)
				m[j] = how;
		}
		memcpy(prev, cur, (W + 1) * sizeof(*prev));
		memcpy(po, co, (W + 1) * sizeof(*po));
	}
}

/* Scores the region of the file from ws to we exactly: *start and *end get the region the
 * best alignment covers, the return value its similarity (-1 when out of memory). */
static double exact_region(const search *S, size_t ws, size_t we, size_t *start, size_t *end)
{
	size_t W = we - ws, cells = (S->q + 1) * (W + 1), i, j, jbest = 0, k;
	float *a = sm_malloc((W + 1) * sizeof(float)), *b = sm_malloc((W + 1) * sizeof(float));
	size_t *po = sm_malloc((W + 1) * sizeof(size_t)), *co = sm_malloc((W + 1) * sizeof(size_t));
	size_t *lo = sm_malloc((S->me->nold + 1) * sizeof(size_t));
	size_t *hi = sm_malloc((S->me->nold + 1) * sizeof(size_t));
	unsigned char *mv = sm_malloc(cells);
	double r = -1;

	if (!a || !b || !po || !co || !lo || !hi || !mv)
		goto done;
	dp(S, ws, we, 1, a, b, po, co, mv);
	for (j = 1; j <= W; j++)
		if (a[j] > a[jbest])
			jbest = j;
	for (k = 0; k < S->me->nold; k++)
		lo[k] = hi[k] = SM_NOLINE;
	*end = ws + jbest;
	*start = po[jbest];
	/* traceback from (q, jbest) */
	for (i = S->q, j = jbest; i > 0;) {
		size_t oi = S->pat[i - 1];
		switch (mv[i * (W + 1) + j]) {
		case MV_MATCH:
			lo[oi] = ws + j - 1;
			hi[oi] = ws + j;
			i--;
			j--;
			break;
		case MV_ABSORB:
			if (hi[oi] == SM_NOLINE)
				hi[oi] = ws + j;
			lo[oi] = ws + j - 1;
			j--;
			break;
		case MV_GAP:
			j--;
			break;
		default:
			i--;
			break;
		}
	}
	if (region_similarity(S->im, S->me, *start, *end, lo, hi, &r))
		r = -1;
done:
	sm_free(a);
	sm_free(b);
	sm_free(po);
	sm_free(co);
	sm_free(lo);
	sm_free(hi);
	sm_free(mv);
	return r;
}

typedef struct found {
	size_t start, end;
	double sim;
} found;

/*
 * The similarity search over the whole file: the best region and the best one not overlapping
 * it, each scored exactly. Returns the number found (0-2), or SEAM_ENOMEM when out of memory.
 */
static int search_file(const sm_image *im, const sm_medit *me, found out[2])
{
	search S;
	float *a = NULL, *b = NULL;
	size_t *po = NULL, *co = NULL, i, j, n = im->n, best = 0, second = 0;
	int nf = 0;

	memset(&S, 0, sizeof(S));
	S.im = im;
	S.me = me;
	S.pat = sm_malloc((me->nold + 1) * sizeof(size_t));
	S.ps = sm_malloc((me->nold + 1) * sizeof(sig));
	S.fs = sm_malloc((n + 1) * sizeof(sig));
	a = sm_malloc((n + 1) * sizeof(float));
	b = sm_malloc((n + 1) * sizeof(float));
	po = sm_malloc((n + 1) * sizeof(size_t));
	co = sm_malloc((n + 1) * sizeof(size_t));
	if (!S.pat || !S.ps || !S.fs || !a || !b || !po || !co) {
		nf = SEAM_ENOMEM;
		goto done;
	}
	for (i = 0; i < me->nold; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->l.blank && !ml->elide)
			continue;
		sig_of(&ml->l, &S.ps[S.q]);
		S.pat[S.q++] = i;
	}
	if (!S.q || !n || S.q * (n + 1) > SEARCH_MAX_CELLS)
		goto done;
	for (j = 0; j < n; j++)
		sig_of(sm_ln(im, j), &S.fs[j]);
	dp(&S, 0, n, 0, a, b, po, co, NULL);
	for (j = 1; j <= n; j++)
		if (a[j] > a[best])
			best = j;
	if (a[best] <= 0)
		goto done;
	for (j = 1; j <= n; j++)
		if (a[j] > 0 && (j <= po[best] || po[j] >= best) && (!second || a[j] > a[second]))
			second = j;
	out[0].sim = exact_region(&S, po[best], best, &out[0].start, &out[0].end);
	nf = out[0].sim < 0 ? SEAM_ENOMEM : 1;
	if (nf > 0 && second) {
		out[1].sim = exact_region(&S, po[second], second, &out[1].start, &out[1].end);
		nf = out[1].sim < 0 ? SEAM_ENOMEM : 2;
	}
	if (nf == 2 && out[1].sim > out[0].sim) {
		found t = out[0];
		out[0] = out[1];
		out[1] = t;
	}
done:
	sm_free(S.pat);
	sm_free(S.ps);
	sm_free(S.fs);
	sm_free(a);
	sm_free(b);
	sm_free(po);
	sm_free(co);
	return nf;
}

/* ---- the snippet ---- */

/* A fence line: up to 3 spaces, then 3 or more backticks or tildes; the length of the run in
 * *run, and 1 when nothing but an info string follows (an opener) or nothing at all. */
static int fence(const sm_rline *l, char *ch, size_t *run, int *bare)
{
	size_t i = 0, k;

	while (i < l->n && i < 3 && l->p[i] == ' ')
		i++;
	if (i >= l->n || (l->p[i] != '`' && l->p[i] != '~'))
		return 0;
	*ch = l->p[i];
	for (k = i; k < l->n && l->p[k] == *ch; k++)
		;
	if (k - i < 3)
		return 0;
	*run = k - i;
	*bare = sm_text_is_blank(l->p + k, l->n - k);
	return 1;
}

static int is_elision(const sm_rline *l)
{
	return sm_is_elision(l->p, l->n) || sm_lazy_is_marker(l->p, l->n);
}

static int blank(const sm_rline *l)
{
	return sm_text_is_blank(l->p, l->n);
}

/* The lines to look for: blank lines and elisions at either end dropped (they say nothing
 * about where), a fence around the whole snippet taken off. */
static void trim(const sm_lines *ls, size_t *from, size_t *to)
{
	int fenced = 0, bare1, bare2;
	size_t r1, r2;
	char c1, c2;

	for (;;) {
		while (*from < *to && (blank(&ls->v[*from]) || (fenced && is_elision(&ls->v[*from]))))
			++*from;
		while (*to > *from && (blank(&ls->v[*to - 1]) || (fenced && is_elision(&ls->v[*to - 1]))))
			--*to;
		if (fenced)
			return;
		fenced = 1;
		if (*to - *from >= 2 && fence(&ls->v[*from], &c1, &r1, &bare1) &&
		    fence(&ls->v[*to - 1], &c2, &r2, &bare2) && c1 == c2 && r2 >= r1 && bare2) {
			++*from;
			--*to;
		}
	}
}

/* ---- the result ---- */

static void set_region(const sm_image *im, const char *file, size_t flen, size_t start,
                       size_t end, double sim, seam_region *r)
{
	if (end <= start)
		end = start + 1;
	if (end > im->n)
		end = im->n;
	r->start_line = (long)start + 1;
	r->end_line = (long)end;
	r->offset = (size_t)(sm_ln(im, start)->p - file);
	r->len = (end < im->n ? (size_t)(sm_ln(im, end)->p - file) : flen) - r->offset;
	r->similarity = sim < 0 ? 0 : sim > 1 ? 1 : sim;
}

static int say_ambiguous(seam_session *s, const seam_location *out)
{
	sm_buf b = SM_BUF_INIT;
	size_t i;
	int rc;

	sm_buf_printf(&b, "the snippet fits %zu places equally well: ",
	              out->total > out->count ? out->total : out->count);
	for (i = 0; i < out->count && i < 4; i++)
		sm_buf_printf(&b, "%slines %ld-%ld", i ? ", " : "", out->regions[i].start_line,
		              out->regions[i].end_line);
	if (out->count > 4 || out->total > out->count)
		sm_buf_puts(&b, ", ...");
	sm_buf_puts(&b, ". Add a line or two that only the one you mean has (a function or class "
	                "line is best)");
	rc = sm_fail(s, SEAM_EFAIL, "%s", b.ptr ? b.ptr : "the snippet fits several places");
	sm_buf_dispose(&b);
	return rc;
}

int seam_locate(seam_session *s, const char *file, size_t flen, const char *snip, size_t slen,
                seam_location *out)
{
	sm_image im;
	sm_lines ls = {0};
	sm_edit e;
	sm_medit me;
	sm_match m;
	sm_mctx c;
	sm_budget budget;
	found fnd[2];
	size_t from = 0, to, i;
	int rc = SEAM_OK, nf;
	double sim;

	if (!s)
		return SEAM_EUSAGE;
	if (!out || (!file && flen) || (!snip && slen))
		return sm_fail(s, SEAM_EUSAGE, "seam_locate: a NULL argument");
	memset(out, 0, sizeof(*out));
	out->status = SEAM_STATUS_NO_MATCH;
	out->strategy = "";
	if (flen > s->opts.max_file_bytes)
		return sm_fail(s, SEAM_ELIMIT, "the file is %zu bytes, over the limit of %zu "
		                               "(max_file_bytes)", flen, s->opts.max_file_bytes);
	if (slen > s->opts.max_reply_bytes)
		return sm_fail(s, SEAM_ELIMIT, "the snippet is %zu bytes, over the limit of %zu "
		                               "(max_reply_bytes)", slen, s->opts.max_reply_bytes);
	if (flen && memchr(file, '\0', flen < BINARY_SNIFF ? flen : BINARY_SNIFF)) {
		out->status = SEAM_STATUS_BINARY;
		return sm_fail(s, SEAM_EFAIL, "this is a binary file; seam edits text files only");
	}
	memset(&e, 0, sizeof(e));
	memset(&me, 0, sizeof(me));
	memset(&m, 0, sizeof(m));
	if (sm_image_load(&im, flen ? file : "", flen))
		return sm_fail_code(s, SEAM_ENOMEM);
	if (sm_lines_split(&ls, slen ? snip : "", slen))
		goto oom;
	/* the snippet's lines as spans; a last line with no newline keeps a '\r' it ends with */
	if (ls.n && slen && snip[slen - 1] == '\r')
		ls.v[ls.n - 1].n++;
	to = ls.n;
	trim(&ls, &from, &to);
	for (i = from; i < to; i++)
		if (!blank(&ls.v[i]) && !is_elision(&ls.v[i]))
			break;
	if (i >= to) {
		rc = sm_fail(s, SEAM_EPARSE, "the snippet holds no line to look for (only blank "
		                             "lines and \"...\")");
		goto done;
	}
	for (i = from; i < to; i++) {
		const sm_rline *l = &ls.v[i];
		if (sm_edit_add_line(&e, is_elision(l) ? SM_HL_CTX : SM_HL_DEL, l->p, l->n))
			goto oom;
	}
	e.hint_len = -1;
	if (sm_prep_edit(&me, &e))
		goto oom;
	memset(&c, 0, sizeof(c));
	c.im = &im;
	c.e = &me;
	c.lo = 0;
	c.hi = im.n;
	sm_ladder_budget(&budget, s->opts.max_fuzzy_ms);
	c.budget = &budget;
	if (sm_ladder_run(&c, SM_POLICY_LOCATE, &m) < 0)
		goto oom;
	if (m.cut) {
		/* a place found in part of the file could be the wrong one of two */
		out->status = SEAM_STATUS_TOO_LARGE;
		rc = sm_fail(s, SEAM_ELIMIT, "search budget exhausted (%u ms of matching work, "
		                             "counted in steps, max_fuzzy_ms) before the snippet was "
		                             "found. Copy a few lines from the file exactly",
		             s->opts.max_fuzzy_ms);
		goto done;
	}
	if (m.status == SEAM_STATUS_APPLIED) {
		if (region_similarity(&im, &me, m.best.start, m.best.end, m.best.lo, m.best.hi, &sim))
			goto oom;
		if (sim >= SM_LOCATE_FLOOR) {
			out->status = SEAM_STATUS_APPLIED;
			out->strategy = sm_tier_name(m.best.tier);
			out->count = out->total = 1;
			set_region(&im, file, flen, m.best.start, m.best.end, sim, &out->regions[0]);
			goto done;
		}
	} else if (m.status == SEAM_STATUS_AMBIGUOUS) {
		out->status = SEAM_STATUS_AMBIGUOUS;
		out->strategy = sm_tier_name(m.others.v[0].tier);
		for (i = 0; i < m.others.n && i < SEAM_LOCATE_MAX; i++) {
			const sm_cand *k = &m.others.v[i];
			if (region_similarity(&im, &me, k->start, k->end, k->lo, k->hi, &sim))
				goto oom;
			set_region(&im, file, flen, k->start, k->end, sim, &out->regions[i]);
		}
		out->count = i;
		out->total = m.others.total > i ? m.others.total : i;
		rc = say_ambiguous(s, out);
		goto done;
	}
	nf = search_file(&im, &me, fnd);
	if (nf < 0)
		goto oom;
	if (nf >= 1)
		set_region(&im, file, flen, fnd[0].start, fnd[0].end, fnd[0].sim, &out->regions[0]);
	if (nf >= 1 && fnd[0].sim >= SM_LOCATE_FLOOR) {
		out->strategy = "similarity";
		out->count = out->total = 1;
		if (nf == 2 && fnd[1].sim >= SM_LOCATE_FLOOR && fnd[0].sim - fnd[1].sim < SM_LOCATE_LEAD) {
			out->status = SEAM_STATUS_AMBIGUOUS;
			set_region(&im, file, flen, fnd[1].start, fnd[1].end, fnd[1].sim,
			           &out->regions[1]);
			out->count = out->total = 2;
			rc = say_ambiguous(s, out);
			goto done;
		}
		out->status = SEAM_STATUS_APPLIED;
		goto done;
	}
	out->count = nf >= 1;
	if (nf >= 1)
		rc = sm_fail(s, SEAM_EFAIL, "no region of the file is at least %.0f%% similar to the "
		                            "snippet; the closest, lines %ld-%ld, is %.0f%% similar. "
		                            "Check the file, or copy a few lines from it exactly",
		             SM_LOCATE_FLOOR * 100, out->regions[0].start_line,
		             out->regions[0].end_line, out->regions[0].similarity * 100);
	else
		rc = sm_fail(s, SEAM_EFAIL, "nothing in the file resembles the snippet. Check the "
		                            "file, or copy a few lines from it exactly");
	goto done;
oom:
	rc = sm_fail_code(s, SEAM_ENOMEM);
	memset(out, 0, sizeof(*out));
	out->status = SEAM_STATUS_NO_MATCH;
	out->strategy = "";
done:
	sm_match_dispose(&m);
	sm_prep_dispose(&me);
	sm_free(e.lines);
	sm_lines_free(&ls);
	sm_image_dispose(&im);
	return rc;
}
