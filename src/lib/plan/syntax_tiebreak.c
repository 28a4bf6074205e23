/*
 * The parse as a tie-breaker. When a tolerant tier finds two or more places that fit an edit
 * about equally well, the edit is tried at each one; if the file parses before the edit and
 * exactly one of the results parses too, that place wins and the edit's note says the syntax
 * check decided. Any other outcome (none parses, several do, the file had errors already)
 * leaves the edit ambiguous, as the matcher said.
 *
 * The file is parsed whole once; each result is parsed from a copy of that tree, edited where
 * the result differs from the file (tree-sitter's incremental parse, which reparses only the
 * changed place and what depends on it): a whole parse's verdict at the price of the change.
 */
#include "../syntax/syntax.h"
#include "plan_impl.h"
#include "../../util/alloc.h"

#include <string.h>

/* 1 when two of the tied places hold the same text: then the question is which copy the model
 * meant, and a parse is no answer to that. */
static int same_text_twice(const sm_image *im, const sm_cands *cs, size_t n)
{
	size_t a, b, k;

	for (a = 0; a < n; a++)
		for (b = a + 1; b < n; b++) {
			const sm_cand *x = &cs->v[a], *y = &cs->v[b];
			if (x->end - x->start != y->end - y->start)
				continue;
			for (k = 0; k < x->end - x->start; k++) {
				const sm_line *l = sm_ln(im, x->start + k), *m = sm_ln(im, y->start + k);
				if (l->n != m->n || memcmp(l->p, m->p, l->n))
					break;
			}
			if (k == x->end - x->start)
				return 1;
		}
	return 0;
}

/* 1 when the edit holds an elision and two of the tied places share file lines: then they are
 * not two places but two readings of one, the elision standing for none of the lines it passes
 * or for many of them, and which one the model meant is a question of what the reply says, not
 * of what parses. (Overlapping places of an edit without one, a miscopied line taken for one
 * file line or another, are readings of the file: the parse may choose.) */
static int elision_readings(const sm_medit *e, const sm_cands *cs, size_t n)
{
	size_t a, b, k, wild = 0;

	for (k = 0; k < e->nold; k++)
		wild += e->seq[e->old[k]].elide;
	for (a = 0; wild && a < n; a++)
		for (b = a + 1; b < n; b++) {
			const sm_cand *x = &cs->v[a], *y = &cs->v[b];
			if (x->start < y->end && y->start < x->end)
				return 1;
		}
	return 0;
}

static int render(const sm_image *im, sm_buf *b)
{
	sm_buf_clear(b);
	return sm_image_render(im, b);
}

/* Row and column of byte off of d (rows counted from 0). */
static void point_of(const char *d, size_t off, uint32_t *row, uint32_t *col)
{
	const char *q = d, *end = d + off, *nl;
	uint32_t r = 0;

	while (q < end && (nl = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		r++;
		q = nl + 1;
	}
	*row = r;
	*col = (uint32_t)(end - q);
}

/* The one edit that turns a[0..na) into b[0..nb): the bytes between their common start and
 * their common end. */
static void diff_edit(const char *a, size_t na, const char *b, size_t nb, sm_syntax_edit *e)
{
	size_t p = 0, q = 0;

	while (p < na && p < nb && a[p] == b[p])
		p++;
	while (q < na - p && q < nb - p && a[na - 1 - q] == b[nb - 1 - q])
		q++;
	e->start = (uint32_t)p;
	e->old_end = (uint32_t)(na - q);
	e->new_end = (uint32_t)(nb - q);
	point_of(a, p, &e->start_row, &e->start_col);
	point_of(a, na - q, &e->old_row, &e->old_col);
	point_of(b, nb - q, &e->new_row, &e->new_col);
}

/* Parses the file with the edit at candidate c (from a copy of the file's tree, base, when
 * there is one; orig is the file's text); *clean is set when it parses. */
static int try_at(seam_plan *p, const sm_pstate *st, const sm_medit *me, const sm_cand *c,
		  const sm_grammar *g, const sm_buf *orig, const struct TSTree *base, sm_buf *b,
		  int *clean)
{
	sm_syntax_res res;
	sm_syntax_edit e;
	struct TSTree *tree = NULL;

	*clean = 0;
	if (sm_splice_rendered(&st->im, me, c, &p->pool, b))
		return SEAM_ENOMEM;
	if (base && orig->len <= SM_SYNTAX_MAX_BYTES && b->len <= SM_SYNTAX_MAX_BYTES) {
		diff_edit(orig->ptr, orig->len, b->ptr, b->len, &e);
		tree = sm_syntax_tree_copy(base); /* NULL: parsed afresh */
	}
	sm_syntax_parse_tree(&p->parser, g, b->ptr, b->len, &tree, tree ? &e : NULL, tree ? 1 : 0,
			     &res);
	sm_syntax_tree_free(tree);
	*clean = res.outcome == SM_PARSE_CLEAN;
	return 0;
}

static void put_note(seam_plan *p, const sm_pstate *st, const sm_grammar *g, const sm_cands *cs,
		     size_t n, size_t win, sm_buf *note)
{
	size_t i, k;
	long at[SM_KEEP_CANDS];

	/* the places in file order (the matcher sorted them by cost) */
	for (i = 0; i < n; i++) {
		long l = sm_image_orig_near(&st->im, cs->v[i].start);
		for (k = i; k > 0 && at[k - 1] > l; k--)
			at[k] = at[k - 1];
		at[k] = l;
	}
	sm_buf_printf(note, "%zu places fit this %s about equally well (lines", n,
		      sm_plan_edit_noun(p));
	for (i = 0; i < n; i++)
		sm_buf_printf(note, "%s %ld", i ? "," : "", at[i]);
	sm_buf_printf(note, "); only with it at line %ld does ",
		      sm_image_orig_near(&st->im, cs->v[win].start));
	sm_buf_put_quoted(note, st->path, strlen(st->path), 200);
	sm_buf_printf(note, " still parse as %s, so the syntax check chose that place.\n", g->label);
}

int sm_syntax_tiebreak(seam_plan *p, sm_pstate *st, const sm_medit *me, sm_match *m, sm_buf *note)
{
	const sm_grammar *gs[SM_SYNTAX_MAX_GRAMMARS], *g = NULL;
	sm_buf b = SM_BUF_INIT, orig = SM_BUF_INIT;
	struct TSTree *base = NULL;
	sm_syntax_res res;
	size_t n = m->others.total, i, ng, wins = 0, win = 0;
	int rc = 0;

	if (m->status != SEAM_STATUS_AMBIGUOUS || m->tier < SM_SYNTAX_TIEBREAK_FROM || n < 2 ||
	    n > m->others.n || sm_syntax_mode(p) != SEAM_SYNTAX_CHECK)
		return 0;
	ng = sm_syntax_grammars_for(st->path, gs, SM_SYNTAX_MAX_GRAMMARS);
	if (!ng || same_text_twice(&st->im, &m->others, n) || elision_readings(me, &m->others, n))
		return 0;
	if (render(&st->im, &orig))
		goto oom;
	for (i = 0; i < ng && !g; i++) {
		sm_syntax_tree_free(base);
		base = NULL;
		sm_syntax_parse_tree(&p->parser, gs[i], orig.ptr, orig.len, &base, NULL, 0, &res);
		if (res.outcome == SM_PARSE_CLEAN)
			g = gs[i];
	}
	for (i = 0; g && i < n && wins < 2; i++) {
		int clean;
		if (try_at(p, st, me, &m->others.v[i], g, &orig, base, &b, &clean))
			goto oom;
		if (clean) {
			wins++;
			win = i;
		}
	}
	if (g && wins == 1) {
		put_note(p, st, g, &m->others, n, win, note);
		if (sm_buf_failed(note))
			goto oom;
		m->best = m->others.v[win];
		m->best.tier = m->tier;
		m->others.v[win].lo = m->others.v[win].hi = NULL; /* m->best owns them now */
		m->status = SEAM_STATUS_APPLIED;
	}
	sm_syntax_tree_free(base);
	sm_buf_dispose(&b);
	sm_buf_dispose(&orig);
	return rc;
oom:
	sm_syntax_tree_free(base);
	sm_buf_dispose(&b);
	sm_buf_dispose(&orig);
	return SEAM_ENOMEM;
}
