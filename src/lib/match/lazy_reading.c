/*
 * Other readings of a reply with placeholders, each of which refuses (or leaves out) a
 * placeholder the guard would expand: one standing in a block the file does not have, a blank
 * line cutting its span, a cheaper alignment of the two sides, lines of its span the new side
 * writes out itself, a changed line shaped like a placeholder.
 */
#include "lazy_impl.h"
#include "match_costs.h"
#include "image_work.h"
#include "../../util/alloc.h"

/* 1 when the trimmed texts of a and b share a prefix of at least half the shorter one: a
 * signature kept in its head ("def load(path" of "def load(path, mode):"). */
static int same_head(const sm_line *a, const sm_line *b)
{
	size_t ia = sm_text_indent_len(a->p, a->n), ib = sm_text_indent_len(b->p, b->n);
	size_t na = a->n - ia, nb = b->n - ib, m = na < nb ? na : nb, i = 0;

	while (i < m && a->p[ia + i] == b->p[ib + i])
		i++;
	return m && 2 * i >= m;
}

/*
 * 1 when placeholder ph, a comment asking for code (sm_placeholder_asks_for_code), stands in a
 * block the file does not have, where there is no code of the file it could stand for: the
 * nearest non-blank line above it of less indentation (the block's opener), and every
 * non-blank line of the block around ph, are lines the edit adds; the opener is no line of the
 * file; and no line the run r0..r1 deletes is the opener changed (as similar as a miscopy, or
 * with the same head): a stub whose signature changed still stands for the old body, and keeps
 * the guard's usual answer. *steps counts the lines passed and compared in the edit, up to
 * SM_LAZY_NEW_BLOCK_CMP; past it the answer is 0.
 */
int sm_lazy_in_new_block(ctx *c, size_t ph, size_t r0, size_t r1, size_t *steps)
{
	const sm_medit *e = c->e;
	size_t ind = sm_text_indent_len(e->seq[ph].l.p, e->seq[ph].l.n), k = ph, o = SM_NOLINE;
	const sm_line *x;

	while (k-- > 0) {
		const sm_mline *ml = &e->seq[k];
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (ml->kind != SM_HL_ADD)
			return 0;
		if (sm_text_indent_len(ml->l.p, ml->l.n) < ind) {
			o = k;
			break;
		}
	}
	if (o == SM_NOLINE)
		return 0;
	for (k = ph + 1; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (sm_text_indent_len(ml->l.p, ml->l.n) < ind)
			break;
		if (ml->kind != SM_HL_ADD)
			return 0;
	}
	x = &e->seq[o].l;
	if (sm_lazy_file_has(c, x->h_indent))
		return 0;
	for (k = r0; k < r1; k++) {
		const sm_line *l = &e->seq[k].l;
		if (++*steps > SM_LAZY_NEW_BLOCK_CMP)
			return 0;
		if (e->seq[k].kind != SM_HL_DEL || l->blank)
			continue;
		if (same_head(l, x))
			return 0;
		if (l->n * 2 < x->n || x->n * 2 < l->n)
			continue;
		c->work += sm_text_similarity_work(l->n, x->n);
		if (sm_text_similar(l->p, l->n, x->p, x->n, SM_MIN_LINE_SIMILARITY))
			return 0;
	}
	return 1;
}

/*
 * Whether the diff's pairing of an edit's two sides (seam diffed them: sm_lazy_sides_guessed) is
 * the best reading once its placeholders are taken as standing for code. The sides' lines of
 * substance are aligned again (blank lines pair by shape in prep.c, and cost nothing here),
 * each deletion and each addition costing one, and each placeholder (the expanded ones, hits,
 * and those left out, drop) free to stand for any run of old lines. The diff's reading costs
 * the deletions left outside the placeholders' spans and the additions (a line moved out of a
 * span, sm_lazy_moved_out, counts as stood for: its copy added elsewhere costs one either way).
 * When the alignment finds a reading that costs less, the reply may mean it: lines moved past a
 * placeholder ("}" written after it, the old copy before) let the diff keep a copy next to it
 * and leave the lines beyond looking deleted by the reply, which the placeholder was meant
 * to keep. Fills *cost and *best; 1 when *best < *cost, 0 otherwise or past
 * SM_LAZY_ALIGN_CELLS; SEAM_ENOMEM when out of memory. Two rows of the table: linear memory.
 */
/*
 * 1 when a blank line the reply keeps lies between placeholder hits[i].ph and the unchanged
 * line that bounds it, with a line of code the diff deletes on the far side of that blank
 * line ("x", blank, placeholder over "x", "y", blank, ...): blank lines bound no span, so
 * the span reaches past the blank line to "y" and restores it, while the reply, keeping the
 * blank line right after "x" and writing "y" on the placeholder's other side, may have moved
 * "y" past the placeholder. The two give two files. A line the reply writes nowhere else is
 * left to the placeholder, as before ("class A:", blank, placeholder). *which: the hit.
 */
/* 1 when the reply's new side holds a copy of seq[k] among seq[from, to) (not a deletion,
 * not the placeholder ph): past SM_LAZY_TIE_CELLS steps of looking, 1 (seam cannot tell). */
static int written_beyond(const sm_medit *e, size_t k, size_t from, size_t to, size_t ph,
			  size_t *steps)
{
	uint64_t h = sm_line_h(&e->seq[k].l, SM_LVL_EXACT);
	size_t j;

	for (j = from; j < to; j++) {
		if (++*steps > SM_LAZY_TIE_CELLS)
			return 1;
		if (j != ph && e->seq[j].kind != SM_HL_DEL &&
		    sm_line_h(&e->seq[j].l, SM_LVL_EXACT) == h)
			return 1;
	}
	return 0;
}

int sm_lazy_blank_cuts_span(const sm_medit *e, const sm_lazy_hit *hits, size_t n, size_t *which)
{
	size_t i, k, steps = 0;

	for (i = 0; i < n; i++) {
		size_t ph = hits[i].ph, lo = sm_lazy_new_neighbour(e, ph, -1),
		       hi = sm_lazy_new_neighbour(e, ph, 1);
		int seen = 0;
		for (k = lo == SM_NOLINE ? 0 : lo + 1; k < ph; k++) {
			const sm_mline *ml = &e->seq[k];
			if (ml->kind == SM_HL_DEL && !ml->l.blank && !ml->keep &&
			    written_beyond(e, k, ph + 1, e->nseq, ph, &steps))
				seen = 1;
			else if (ml->kind == SM_HL_CTX && ml->l.blank && seen)
				break;
		}
		if (k < ph) {
			*which = i;
			return 1;
		}
		seen = 0;
		for (k = ph + 1; k < (hi == SM_NOLINE ? e->nseq : hi); k++) {
			const sm_mline *ml = &e->seq[k];
			if (ml->kind == SM_HL_CTX && ml->l.blank)
				seen = 1;
			else if (ml->kind == SM_HL_DEL && !ml->l.blank && !ml->keep && seen &&
				 written_beyond(e, k, 0, ph, ph, &steps)) {
				*which = i;
				return 1;
			}
		}
	}
	return 0;
}

/*
 * At a tie (another reading of the sides costs the reply as much as the diff's pairing),
 * whether an equally cheap reading moves a line past a placeholder where the diff kept it:
 * a new line the diff pairs with an old one (b[j], paired[j]) is added in that reading, and
 * a copy of it in the old text (a[i]) is deleted on the other side of a placeholder. Such a
 * reading gives another file (the line's old place stood for by the placeholder, the lines
 * beside it kept), and seam cannot tell which the reply meant. A tie without such a move
 * ("PH y" over "x y z": the placeholder for "x" or for all three, "y" added) is the ordinary
 * freedom of where a placeholder ends and is left alone. Full tables of the costs to and
 * from each cell (f forward, g backward) tell which steps some cheapest reading takes.
 * 1 when such a move exists, 0 otherwise, SEAM_ENOMEM when out of memory.
 */
static int tie_moves_past(ctx *c, const uint64_t *a, size_t n, const uint64_t *b,
			  const unsigned char *ph, const unsigned char *paired, size_t m, uint32_t best)
{
	size_t w = m + 1, i, j, p;
	uint32_t *f = sm_malloc((n + 1) * w * sizeof(*f));
	uint32_t *g = sm_malloc((n + 1) * w * sizeof(*g));
	size_t *lo = sm_malloc((n ? n : 1) * sizeof(*lo));
	size_t *hi = sm_malloc((n ? n : 1) * sizeof(*hi));
	int rc = SEAM_ENOMEM;

	if (!f || !g || !lo || !hi)
		goto out;
	c->work += sm_work_pass(0, 3 * (n + 1) * w);
	/* deleting old line i at column j is free after a placeholder (it stands for it) */
#define DEL_COST(j) ((j) && ph[(j) - 1] ? 0u : 1u)
	for (i = 0; i <= n; i++) {
		for (j = 0; j <= m; j++) {
			uint32_t v = UINT32_MAX;
			if (!i && !j) {
				f[0] = 0;
				continue;
			}
			if (i && f[(i - 1) * w + j] + DEL_COST(j) < v)
				v = f[(i - 1) * w + j] + DEL_COST(j);
			if (j && f[i * w + j - 1] + !ph[j - 1] < v)
				v = f[i * w + j - 1] + !ph[j - 1];
			if (i && j && !ph[j - 1] && a[i - 1] == b[j - 1] && f[(i - 1) * w + j - 1] < v)
				v = f[(i - 1) * w + j - 1];
			f[i * w + j] = v;
		}
	}
	for (i = n + 1; i-- > 0;) {
		for (j = m + 1; j-- > 0;) {
			uint32_t v = UINT32_MAX;
			if (i == n && j == m) {
				g[i * w + j] = 0;
				continue;
			}
			if (i < n && g[(i + 1) * w + j] + DEL_COST(j) < v)
				v = g[(i + 1) * w + j] + DEL_COST(j);
			if (j < m && g[i * w + j + 1] + !ph[j] < v)
				v = g[i * w + j + 1] + !ph[j];
			if (i < n && j < m && !ph[j] && a[i] == b[j] && g[(i + 1) * w + j + 1] < v)
				v = g[(i + 1) * w + j + 1];
			g[i * w + j] = v;
		}
	}
	/* lo[i]..hi[i]: the first and last column where some cheapest reading deletes old i
	   as the reply's own deletion (not stood for by a placeholder) */
	for (i = 0; i < n; i++) {
		lo[i] = SIZE_MAX;
		hi[i] = 0;
		for (j = 0; j <= m; j++) {
			if (DEL_COST(j) && f[i * w + j] + 1 + g[(i + 1) * w + j] == best) {
				if (lo[i] == SIZE_MAX)
					lo[i] = j;
				hi[i] = j;
			}
		}
	}
#undef DEL_COST
	rc = 0;
	for (j = 0; j < m && !rc; j++) {
		size_t next = SIZE_MAX, prev = SIZE_MAX;
		int added = 0;
		if (!paired[j])
			continue;
		for (i = 0; i <= n && !added; i++)
			added = f[i * w + j] + 1 + g[i * w + j + 1] == best;
		if (!added)
			continue;
		for (p = j + 1; p < m && next == SIZE_MAX; p++)
			if (ph[p])
				next = p;
		for (p = j; p-- > 0 && prev == SIZE_MAX;)
			if (ph[p])
				prev = p;
		for (i = 0; i < n && !rc; i++) {
			if (a[i] != b[j] || lo[i] == SIZE_MAX)
				continue;
			/* deleted at a column past a placeholder after j, or before one before j */
			rc = (next != SIZE_MAX && hi[i] > next) || (prev != SIZE_MAX && lo[i] <= prev);
		}
	}
out:
	sm_free(f);
	sm_free(g);
	sm_free(lo);
	sm_free(hi);
	return rc;
}

int sm_lazy_better_reading(ctx *c, const sm_lazy_hit *hits, size_t nh, const unsigned char *drop,
                           size_t *cost, size_t *best)
{
	const sm_medit *e = c->e;
	size_t k, i, j, n = 0, m = 0, cur = 0;
	unsigned char *wild = NULL, *span = NULL, *paired = NULL;
	uint64_t *a = NULL, *b = NULL;
	uint32_t *row = NULL, *prev = NULL;
	int rc = SEAM_ENOMEM;

	*cost = *best = 0;
	wild = sm_calloc(e->nseq ? e->nseq : 1, 1);
	span = sm_calloc(e->nseq ? e->nseq : 1, 1);
	if (!wild || !span)
		goto out;
	for (i = 0; i < nh; i++) {
		size_t lo = sm_lazy_new_neighbour(e, hits[i].ph, -1),
		       hi = sm_lazy_new_neighbour(e, hits[i].ph, 1);
		wild[hits[i].ph] = 1;
		for (k = lo + 1; k < hi; k++)
			span[k] = 1;
	}
	for (k = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (drop && drop[k])
			wild[k] = 1;
		if (ml->l.blank && !wild[k])
			continue;
		n += ml->kind != SM_HL_ADD;
		m += ml->kind != SM_HL_DEL;
		/* a deletion in a span is stood for, kept or not (sm_lazy_moved_out) */
		cur += ml->kind == SM_HL_DEL && !ml->keep && !span[k];
		cur += ml->kind == SM_HL_ADD && !wild[k];
	}
	*cost = cur;
	if (!cur || (uint64_t)n * m > SM_LAZY_ALIGN_CELLS) {
		rc = 0;
		goto out;
	}
	a = sm_malloc((n ? n : 1) * sizeof(*a));
	b = sm_malloc((m + 1) * sizeof(*b));
	row = sm_malloc((m + 1) * sizeof(*row));
	prev = sm_malloc((m + 1) * sizeof(*prev));
	paired = sm_calloc(m + 1, 1);
	if (!a || !b || !row || !prev || !paired)
		goto out;
	/* span is reused: span[j], 1 when new line j is a placeholder */
	for (k = 0, i = 0, j = 0; k < e->nseq; k++) {
		const sm_mline *ml = &e->seq[k];
		if (ml->l.blank && !wild[k])
			continue;
		if (ml->kind != SM_HL_ADD)
			a[i++] = sm_line_h(&ml->l, SM_LVL_EXACT);
		if (ml->kind != SM_HL_DEL) {
			span[j] = wild[k];
			paired[j] = ml->kind != SM_HL_ADD && !wild[k];
			b[j++] = sm_line_h(&ml->l, SM_LVL_EXACT);
		}
	}
	c->work += sm_work_pass(0, n * m);
	prev[0] = 0;
	for (j = 1; j <= m; j++)
		prev[j] = prev[j - 1] + !span[j - 1];
	for (i = 1; i <= n; i++) {
		uint32_t *t;
		row[0] = (uint32_t)i;
		for (j = 1; j <= m; j++) {
			uint32_t v;
			if (span[j - 1]) {
				/* the placeholder stands for old line i too, or for none more */
				v = prev[j] < row[j - 1] ? prev[j] : row[j - 1];
			} else {
				v = (prev[j] < row[j - 1] ? prev[j] : row[j - 1]) + 1;
				if (a[i - 1] == b[j - 1] && prev[j - 1] < v)
					v = prev[j - 1];
			}
			row[j] = v;
		}
		t = prev;
		prev = row;
		row = t;
	}
	*best = prev[m];
	rc = *best < cur;
	if (*best == cur && (uint64_t)(n + 1) * (m + 1) <= SM_LAZY_TIE_CELLS)
		rc = tie_moves_past(c, a, n, b, span, paired, m, prev[m]);
out:
	sm_free(wild);
	sm_free(span);
	sm_free(paired);
	sm_free(a);
	sm_free(b);
	sm_free(row);
	sm_free(prev);
	return rc;
}

/*
 * 1 when the old lines placeholder ph would restore, the deletions between the unchanged lines
 * that bound it (lo, hi), end with lines the new side writes out itself right after the
 * placeholder, in order (or start with the lines it writes right before it): those file lines
 * restored and written again beside the placeholder give the file them twice. Another pairing
 * has the new side's lines be those very file lines and the placeholder stop short of them (a
 * hunk merged over a stretch of the file let the diff pair them with a later copy past the
 * stretch, the stretch hidden in the span, and the new side's lines past the copy added);
 * which one the reply meant nothing tells, and the two give two files. Only when that other
 * pairing keeps more of the new side's lines than the diff's: more of those new lines are
 * additions (which it pairs) than unchanged lines (whose file lines it then deletes). A line
 * kept next to its own copy in the span ("x" kept, "x" restored after it: the file held
 * both) is the diff's pairing as good as any, and stays. A context line a diff's hunk marked
 * itself is the model's pairing; a block of blank lines alone (both sides put blank lines
 * everywhere) is not taken for it. Up to SM_LAZY_REWRITTEN_CMP lines on each side are
 * compared.
 */
int sm_lazy_span_rewritten(const sm_medit *e, size_t ph, size_t lo, size_t hi)
{
	size_t d[SM_LAZY_REWRITTEN_CMP], w[SM_LAZY_REWRITTEN_CMP], nd, nw, m, i, k;
	size_t a = lo == SM_NOLINE ? 0 : lo + 1, b = hi == SM_NOLINE ? e->nseq : hi;
	int dir;

	for (dir = -1; dir <= 1; dir += 2) {
		/* d: the span's deletions from its end in direction dir inwards; w: the new
		   side's lines from the placeholder outwards in direction dir */
		nd = nw = 0;
		for (i = 0; i < b - a && nd < SM_LAZY_REWRITTEN_CMP; i++) {
			k = dir > 0 ? b - 1 - i : a + i;
			if (e->seq[k].kind == SM_HL_DEL)
				d[nd++] = k;
		}
		for (k = ph; nw < SM_LAZY_REWRITTEN_CMP && (dir > 0 ? k + 1 < e->nseq : k > 0);) {
			k = dir > 0 ? k + 1 : k - 1;
			if (sm_mline_is_new(&e->seq[k]))
				w[nw++] = k;
		}
		/* the m deletions at the span's end, in the file's order, against the m new
		   lines next to the placeholder */
		for (m = 1; m <= nd && m <= nw; m++) {
			size_t adds = 0, kept = 0;
			int solid = 0;
			for (i = 0; i < m && sm_lazy_same_text(e, d[dir > 0 ? m - 1 - i : i],
			                                       w[dir > 0 ? i : m - 1 - i]);
			     i++) {
				const sm_mline *ml = &e->seq[w[i]];
				solid |= !ml->l.blank;
				adds += ml->kind == SM_HL_ADD;
				kept += ml->kind == SM_HL_CTX;
				if (ml->given)
					break;
			}
			if (i == m && solid && adds > kept)
				return 1;
		}
	}
	return 0;
}

/* 1 when added line ph, shaped like a placeholder, is the one line its run deletes, changed:
 * of the lines it may stand for (r0..r1: its run, widened to the lines that bound it) one
 * alone is a non-blank deleted line, and ph is as like it as a miscopied line is like its
 * own (SM_MIN_LINE_SIMILARITY). A line of the file that holds "..." or such words was edited;
 * taken for a marker it was expanded back to the old line, the change lost while the edit said
 * "applied". With one line at stake, writing it cannot hide deleted code behind a marker. */
int sm_lazy_changed_line(const sm_medit *e, size_t r0, size_t r1, size_t ph)
{
	const sm_line *l = &e->seq[ph].l, *d = NULL;
	size_t k;

	for (k = r0; k < r1; k++) {
		if (e->seq[k].kind != SM_HL_DEL || e->seq[k].l.blank)
			continue;
		if (d)
			return 0;
		d = &e->seq[k].l;
	}
	if (!d || l->n * 2 < d->n || d->n * 2 < l->n)
		return 0;
	return sm_text_similar(l->p, l->n, d->p, d->n, SM_MIN_LINE_SIMILARITY);
}

