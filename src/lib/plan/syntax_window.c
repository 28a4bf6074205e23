/*
 * The syntax check's fast path: parse only the parts of a changed file around its edits.
 *
 * The check refuses a result that does not parse when the file before the reply did. Say it
 * did (otherwise nothing is refused whatever this says). Cut the file before the reply at
 * cuts (syntax/syntax_cuts.c): line starts between two items of one item sequence. Around
 * each edit take the nearest cuts of one sequence outside it: the part between them, in the
 * file before, is a run of whole items of that sequence; in the result, the same part with
 * the edits' lines in place of the old ones is a window. When every window parses by itself
 * without an error, each is a run of whole items too, and putting it where the old run stood
 * keeps the file in the grammar's language: the result parses. When a window does not parse,
 * nothing is concluded here and the check parses the whole result as before; that way the
 * result is refused exactly when it was before, and the message is the same.
 *
 * An edit cannot hide damage outside its window. Whatever it opens and does not close (a
 * comment, string, bracket or #if) leaves the window's text open, which the same lexical scan,
 * run on the window, sees: the parse alone would not (tree-sitter reads an unclosed C comment
 * as a slash and a star); the window's last item must be complete by the scan's rules too. A
 * backslash at the end of the window's last line would join the line after it: the whole file
 * is parsed then. The text before the window is the same in both files, so the window starts
 * where the old run started; in Python, where a line's indentation decides which block it
 * belongs to, the window must also begin at column 0, as the old run did. A file the scan
 * cannot cut (a construct it does not model, an #if branch that leaves brackets open) is
 * parsed whole.
 *
 * In C, C++, Go and Java the scan also cuts between the statements of a function's body (a
 * body's statements are a sequence of their own, one level deeper than the function), and in
 * Java between the members of a class. A window of statements cannot be parsed alone (a file
 * holds no bare statements in C), so it is parsed as a block in the body of a function made
 * up around it (syntax_parse.c; members as the body of a class in a class), all windows of
 * the file as blocks of one such function in one parse; it counts only when the tree has
 * each window inside its own block, braces and all, and nothing else in the body: then its
 * text is a run of whole statements, as the old run was.
 */
#include "../syntax/syntax.h"
#include "plan_impl.h"
#include "../../util/alloc.h"

#include <string.h>

/* Start of each line of d[0..len), and len after the last: *n lines (a last line without a
 * newline counts). NULL when out of memory. */
static size_t *line_starts(const char *d, size_t len, size_t *n)
{
	size_t k = 0, cnt = 0, *v;
	const char *q = d, *end = d + len;

	while (q < end && (q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		cnt++;
		q++;
	}
	*n = cnt + (len && d[len - 1] != '\n');
	v = sm_calloc(*n + 1, sizeof(*v));
	if (!v)
		return NULL;
	for (q = d; q < end && k < *n;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		v[k++] = (size_t)(q - d);
		q = nl ? nl + 1 : end;
	}
	v[*n] = len;
	return v;
}

/* Lines [oa, ob) of the file before were replaced by lines [ra, rb) of the result. */
typedef struct change {
	size_t oa, ob, ra, rb;
} change;

typedef struct window {
	size_t s, e;   /* indexes of its cuts */
	size_t c0, c1; /* its changes, first and last */
} window;

typedef struct fast {
	const char *od, *rd; /* before, result */
	size_t *os, *rs;     /* their line starts */
	size_t on, rn;       /* their lines */
	change *ch;
	size_t nch, chcap;
	window *w;
	size_t nw, wcap;
} fast;

static int same_line(const fast *f, size_t r, size_t o)
{
	size_t n = f->rs[r + 1] - f->rs[r];
	return n == f->os[o + 1] - f->os[o] && !memcmp(f->rd + f->rs[r], f->od + f->os[o], n);
}

static int add_change(fast *f, size_t oa, size_t ob, size_t ra, size_t rb)
{
	if (sm_grow((void **)&f->ch, &f->chcap, f->nch + 1, sizeof(*f->ch)))
		return SEAM_ENOMEM;
	f->ch[f->nch].oa = oa;
	f->ch[f->nch].ob = ob;
	f->ch[f->nch].ra = ra;
	f->ch[f->nch].rb = rb;
	f->nch++;
	return 0;
}

/*
 * The changes, from the image's note of where each line stood before: a line counts as kept
 * only when its bytes (line ending included) are those of that line, and kept lines go
 * forward in both files; everything between two kept lines is a change. The note only
 * suggests; the bytes decide.
 */
static int find_changes(fast *f, const sm_image *im)
{
	size_t r, o, next_o = 0, next_r = 0;

	for (r = 0; r < f->rn; r++) {
		if (r >= im->n || !sm_ln(im, r)->orig)
			continue;
		o = sm_ln(im, r)->orig - 1;
		if (o < next_o || o >= f->on || !same_line(f, r, o))
			continue;
		if ((o != next_o || r != next_r) && add_change(f, next_o, o, next_r, r))
			return SEAM_ENOMEM;
		next_o = o + 1;
		next_r = r + 1;
	}
	if ((next_o != f->on || next_r != f->rn) && add_change(f, next_o, f->on, next_r, f->rn))
		return SEAM_ENOMEM;
	return 0;
}

/* Index of the last cut at or before line l (cut 0 is line 0). */
static size_t cut_le(const sm_syntax_cut *c, size_t n, size_t l)
{
	size_t lo = 0, hi = n; /* c[lo].line <= l < c[hi].line */

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (c[mid].line <= l)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Index of the first cut at or after line l (the last cut is the end of the file). */
static size_t cut_ge(const sm_syntax_cut *c, size_t n, size_t l)
{
	size_t k = cut_le(c, n, l);
	return c[k].line < l ? k + 1 : k;
}

/* Widens [*s, *e] to cuts of one item sequence: the deeper end steps out first; the first
 * and last cuts are the top level. */
static void same_sequence(const sm_syntax_cut *c, size_t n, size_t *s, size_t *e)
{
	while (c[*s].ctx != c[*e].ctx) {
		int out_s = c[*s].level >= c[*e].level && *s > 0;
		int out_e = c[*e].level >= c[*s].level && *e + 1 < n;
		if (!out_s && !out_e) { /* cannot happen: both ends are top level then */
			*s = 0;
			*e = n - 1;
			return;
		}
		if (out_s)
			(*s)--;
		if (out_e)
			(*e)++;
	}
}

static int make_windows(fast *f, const sm_syntax_cut *c, size_t nc)
{
	size_t i;

	for (i = 0; i < f->nch; i++) {
		window w;
		w.s = cut_le(c, nc, f->ch[i].oa);
		w.e = cut_ge(c, nc, f->ch[i].ob);
		w.c0 = w.c1 = i;
		for (;;) {
			same_sequence(c, nc, &w.s, &w.e);
			/* overlapping the one before: one window */
			if (!f->nw || c[w.s].line >= c[f->w[f->nw - 1].e].line)
				break;
			f->nw--;
			if (f->w[f->nw].s < w.s)
				w.s = f->w[f->nw].s;
			if (f->w[f->nw].e > w.e)
				w.e = f->w[f->nw].e;
			w.c0 = f->w[f->nw].c0;
		}
		if (sm_grow((void **)&f->w, &f->wcap, f->nw + 1, sizeof(*f->w)))
			return SEAM_ENOMEM;
		f->w[f->nw++] = w;
	}
	return 0;
}

/*
 * 1 when the line p[0..n) (its newline included) ends in a backslash: C and Python join the
 * next line to it, so the window's end is not where the text after it starts. (The cut at its
 * start is never after such a line: the scan does not cut there.)
 */
static int spliced(const char *p, size_t n)
{
	if (n && p[n - 1] == '\n')
		n--;
	if (n && p[n - 1] == '\r')
		n--;
	return n && p[n - 1] == '\\';
}

/*
 * 1 when the first line of p[0..n) that holds code (not blank, not only a comment) is
 * indented. In Python such a line continues the block the text before it left open, and
 * tree-sitter parses a file that starts indented without an error, so such a window proves
 * nothing. (The cut at its start, in the file before, came before a line at column 0.)
 */
static int starts_indented(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t col = i;
		while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\f' || p[i] == '\r'))
			i++;
		if (i < n && p[i] != '\n' && p[i] != '#')
			return i > col;
		while (i < n && p[i] != '\n')
			i++;
		i++;
	}
	return 0;
}

static void fast_free(fast *f)
{
	sm_free(f->os);
	sm_free(f->rs);
	sm_free(f->ch);
	sm_free(f->w);
}

/* The windows of f for cuts c, parsed with g: 1 when each parses without an error, 0 when
 * one does not or they are not worth it (most of the file), or SEAM_ENOMEM. The windows of
 * items are parsed one by one, the runs of statements all in one parse. */
static int windows_clean(struct TSParser **parser, fast *f, const sm_grammar *g,
			 const sm_syntax_cut *c, size_t nc, size_t outlen)
{
	size_t i, bytes = 0, nruns[3] = {0, 0, 0}, *runs[3] = {NULL, NULL, NULL};
	int kind;
	sm_syntax_res res;
	int rc = 1;

	f->nw = 0;
	if (make_windows(f, c, nc))
		return SEAM_ENOMEM;
	for (i = 0; i < f->nw; i++) {
		const window *w = &f->w[i];
		size_t ra = f->ch[w->c0].ra - (f->ch[w->c0].oa - c[w->s].line);
		size_t rb = f->ch[w->c1].rb + (c[w->e].line - f->ch[w->c1].ob);
		bytes += f->rs[rb] - f->rs[ra];
	}
	if (bytes > outlen / SM_SYNTAX_WINDOW_SHARE)
		return 0;
	if (!(runs[1] = sm_calloc(2 * f->nw + 1, sizeof(size_t))) ||
	    !(runs[2] = sm_calloc(2 * f->nw + 1, sizeof(size_t)))) {
		sm_free(runs[1]);
		return SEAM_ENOMEM;
	}
	for (i = 0; i < f->nw && rc == 1; i++) {
		const window *w = &f->w[i];
		size_t ra = f->ch[w->c0].ra - (f->ch[w->c0].oa - c[w->s].line);
		size_t rb = f->ch[w->c1].rb + (c[w->e].line - f->ch[w->c1].ob);
		if (rb == ra) /* whole items deleted */
			continue;
		if (rb < f->rn && spliced(f->rd + f->rs[rb - 1], f->rs[rb] - f->rs[rb - 1])) {
			rc = 0;
			break;
		}
		if (!strcmp(g->name, "python") &&
		    starts_indented(f->rd + f->rs[ra], f->rs[rb] - f->rs[ra])) {
			rc = 0;
			break;
		}
		/* the window must end where it began, lexically (see the top); a run of
		   statements need not end in an item's ';' (the parse in its block says) */
		rc = sm_syntax_closed(g, f->rd + f->rs[ra], f->rs[rb] - f->rs[ra], !c[w->s].body);
		if (rc != 1)
			break;
		if (c[w->s].body == 1 || c[w->s].body == 2) {
			kind = (int)c[w->s].body;
			runs[kind][2 * nruns[kind]] = f->rs[ra];
			runs[kind][2 * nruns[kind] + 1] = f->rs[rb];
			nruns[kind]++;
			continue;
		}
		sm_syntax_parse(parser, g, f->rd + f->rs[ra], f->rs[rb] - f->rs[ra], &res);
		if (res.outcome != SM_PARSE_CLEAN)
			rc = 0;
	}
	for (kind = 1; kind <= 2 && rc == 1; kind++)
		if (nruns[kind]) {
			sm_syntax_parse_runs(parser, g, kind, f->rd, runs[kind], nruns[kind], &res);
			if (res.outcome != SM_PARSE_CLEAN)
				rc = 0;
		}
	sm_free(runs[1]);
	sm_free(runs[2]);
	return rc;
}

/* The line starts of both files and the changes between them. */
static int fast_init(fast *f, const sm_pstate *st)
{
	memset(f, 0, sizeof(*f));
	f->od = st->data;
	f->rd = st->out;
	f->os = line_starts(st->data, st->len, &f->on);
	f->rs = line_starts(st->out, st->outlen, &f->rn);
	if (!f->os || !f->rs || find_changes(f, &st->im))
		return SEAM_ENOMEM;
	return 0;
}

static int fast_windows(struct TSParser **parser, fast *f, const sm_pstate *st,
			const sm_grammar *const *gs, size_t ng)
{
	size_t k;
	int rc = 1;

	if (!ng || st->im.cr)
		return 0;
	/* every grammar the file may be read with: the file before parsed with one of them (or
	   nothing is refused), and the argument holds for that one */
	for (k = 0; k < ng && rc == 1; k++) {
		sm_syntax_cut *c = NULL;
		size_t nc = 0;
		rc = sm_syntax_cuts_deep(gs[k], st->data, st->len, &c, &nc);
		if (rc == 1 && (nc < 2 || c[nc - 1].line != f->on))
			rc = 0; /* the scan's lines are not these: trust nothing */
		if (rc == 1)
			rc = windows_clean(parser, f, gs[k], c, nc, st->outlen);
		sm_free(c);
	}
	return rc;
}

int sm_syntax_sizes_checked(size_t len, size_t outlen)
{
	return len <= SM_SYNTAX_MAX_BYTES && outlen <= SM_SYNTAX_MAX_BYTES;
}

int sm_syntax_windows_clean(struct TSParser **parser, const sm_pstate *st,
			    const sm_grammar *const *gs, size_t ng)
{
	fast f;
	int rc = SEAM_ENOMEM;

	if (!sm_syntax_sizes_checked(st->len, st->outlen))
		return 0;
	if (!fast_init(&f, st))
		rc = fast_windows(parser, &f, st, gs, ng);
	fast_free(&f);
	return rc;
}

/* Row and column of the start of line `line` of text d with line starts ls[0..n] (line n:
 * the end of the text). */
static void place(const char *d, const size_t *ls, size_t n, size_t line, uint32_t *row,
		  uint32_t *col)
{
	if (line < n || !n || d[ls[n] - 1] == '\n') {
		*row = (uint32_t)line;
		*col = 0;
	} else { /* the end of a last line without a newline */
		*row = (uint32_t)(n - 1);
		*col = (uint32_t)(ls[n] - ls[n - 1]);
	}
}

/* The edits that take the result back to the file before, last change first (each edit's
 * places then hold in the text the ones before it left). NULL when out of memory. */
static sm_syntax_edit *edits_to_before(const fast *f)
{
	sm_syntax_edit *ed = sm_calloc(f->nch ? f->nch : 1, sizeof(*ed));
	size_t i;

	if (!ed)
		return NULL;
	for (i = 0; i < f->nch; i++) {
		const change *c = &f->ch[f->nch - 1 - i];
		sm_syntax_edit *e = &ed[i];
		size_t rn_end = c->rb, on_end = c->ob;
		e->start = (uint32_t)f->rs[c->ra];
		e->old_end = (uint32_t)f->rs[c->rb];
		e->new_end = (uint32_t)(f->rs[c->ra] + (f->os[c->ob] - f->os[c->oa]));
		e->start_row = (uint32_t)c->ra;
		e->start_col = 0;
		place(f->rd, f->rs, f->rn, rn_end, &e->old_row, &e->old_col);
		/* the new end: where line ob of the file before falls once this change is made */
		place(f->od, f->os, f->on, on_end, &e->new_row, &e->new_col);
		e->new_row = (uint32_t)(e->new_row - c->oa + c->ra);
	}
	return ed;
}

int sm_syntax_judge(struct TSParser **parser, const sm_pstate *st, const sm_grammar *const *gs,
		    size_t ng, sm_syntax_res *after, int *refuse)
{
	fast f;
	struct TSTree *tree[SM_SYNTAX_MAX_GRAMMARS] = {NULL};
	sm_syntax_edit *ed = NULL;
	sm_syntax_res before;
	size_t k;
	int rc, clean = 0, unknown = 0, bom;

	*refuse = -1;
	if (ng > SM_SYNTAX_MAX_GRAMMARS)
		ng = SM_SYNTAX_MAX_GRAMMARS;
	if (!sm_syntax_sizes_checked(st->len, st->outlen))
		return 0; /* not checked, as the parse would say */
	if (fast_init(&f, st)) {
		fast_free(&f);
		return SEAM_ENOMEM;
	}
	rc = fast_windows(parser, &f, st, gs, ng);
	if (rc) { /* the windows prove it, or out of memory */
		fast_free(&f);
		return rc < 0 ? rc : 0;
	}
	for (k = 0; k < ng && !clean; k++) {
		sm_syntax_parse_tree(parser, gs[k], st->out, st->outlen, &tree[k], NULL, 0, &after[k]);
		clean = after[k].outcome == SM_PARSE_CLEAN;
		unknown |= after[k].outcome == SM_PARSE_UNKNOWN;
	}
	bom = (st->len >= 3 && !memcmp(st->data, "\xEF\xBB\xBF", 3)) ||
	      (st->outlen >= 3 && !memcmp(st->out, "\xEF\xBB\xBF", 3));
	if (!clean && !unknown && !bom)
		ed = edits_to_before(&f); /* NULL (out of memory): parsed afresh */
	for (k = 0; k < ng && !clean && !unknown; k++) {
		/* the result's tree, taken back to the file before: only the changes reparsed */
		if (!ed) {
			sm_syntax_tree_free(tree[k]);
			tree[k] = NULL;
		}
		sm_syntax_parse_tree(parser, gs[k], st->data, st->len, &tree[k], ed, f.nch, &before);
		if (before.outcome == SM_PARSE_CLEAN) {
			*refuse = (int)k;
			break;
		}
	}
	for (k = 0; k < ng; k++)
		sm_syntax_tree_free(tree[k]);
	sm_free(ed);
	fast_free(&f);
	return 0;
}
