/*
 * Fast apply's doubts about one alignment (plan_fast.c): a marker with nothing on one side to
 * stop its lines, a line written as new that a marker also keeps, a run that fits an earlier
 * copy of its anchor lines as well, a line that reads as a marker but may be a file line
 * changed. Each refuses with the lines named; none ever accepts.
 */
#include "plan_fast_doubt.h"
#include "report.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>

/* "snippet line K (reply line R): "text"" */
void sm_fast_name_item(seam_plan *p, sm_buf *b, const fast *F, size_t i)
{
	long rl = F->it[i].reply_line;

	(void)p;
	if (F->excerpt) /* item 0 may be the marker above the file given */
		sm_buf_printf(b, "line %zu of the file given", F->it[0].marker ? i : i + 1);
	else
		sm_buf_printf(b, "snippet line %zu", i + 1);
	if (rl)
		sm_buf_printf(b, " (reply line %ld)", rl);
	sm_buf_puts(b, " \"");
	sm_buf_put_quoted(b, F->it[i].l.p, F->it[i].l.n, 80);
	sm_buf_puts(b, "\"");
}

void sm_fast_head(sm_buf *b, int excerpt, const sm_pfile *pf, const sm_edit *e)
{
	sm_buf_printf(b, "The %s at reply line %ld for ", excerpt ? "whole file" : "lazy snippet",
	              e->reply_line);
	sm_buf_put_quoted(b, pf->path, strlen(pf->path), 200);
	if (excerpt)
		sm_buf_puts(b, ", read as an excerpt,");
}

/*
 * A marker stands for the file lines between the unchanged lines around it: the line on each
 * side of it (blank lines aside) must be a line of the file. When one is not, the change it
 * begins or ends has nothing on that side to say where the marker's lines stop (they may run
 * into it, or it may replace some of them): refused with its lines named. Returns 1 when
 * refused (msg filled), else 0.
 */
int sm_fast_unplaced(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                     const sm_edit *e, sm_buf *msg)
{
	size_t k, a, b, x, named;
	int dir;

	for (k = 0; k < F->m; k++) {
		if (!F->it[k].marker)
			continue;
		for (dir = -1; dir <= 1; dir += 2) {
			x = sm_fast_edge_of(F, k, dir);
			if (x == SM_NOLINE || P->at[x] != SM_NOLINE)
				continue;
			/* the change that starts (ends) there: its new lines up to an unchanged one */
			for (a = x; a > 0 && !F->it[a - 1].marker && P->at[a - 1] == SM_NOLINE; a--)
				;
			for (b = x + 1; b < F->m && !F->it[b].marker && P->at[b] == SM_NOLINE; b++)
				;
			sm_fast_head(msg, F->excerpt, pf, e);
			if (F->excerpt)
				sm_buf_printf(msg, " %s with a change, so nothing says where in the file "
				                   "it goes: ", dir > 0 ? "starts" : "ends");
			else
				sm_buf_printf(msg, " has a change right %s the marker at snippet line "
				                   "%zu, with no unchanged line of the file between, so "
				                   "nothing says where the lines the marker stands for "
				                   "stop: ", dir > 0 ? "after" : "before", k + 1);
			for (x = a, named = 0; x < b; x++) {
				if (F->it[x].l.blank)
					continue;
				if (named < SM_FAST_NAME_LINES) {
					sm_buf_puts(msg, named ? ", " : "");
					sm_fast_name_item(p, msg, F, x);
				}
				named++;
			}
			if (named > SM_FAST_NAME_LINES)
				sm_buf_printf(msg, " and %zu more", named - SM_FAST_NAME_LINES);
			sm_buf_puts(msg, F->excerpt ? "." : ". Nothing was changed. Send it again with "
			                 "one or two unchanged lines copied from the file between the "
			                 "marker and the change.\n");
			return 1;
		}
	}
	return 0;
}

/* Per marker k of the snippet, the file lines path P has it absorb: [ab[k], ae[k]) with
 * ae = ab + F->m + 1, SM_NOLINE for none; one allocation (sm_free it), NULL when out of
 * memory. */
static size_t *marker_spans(const fast *F, const path *P)
{
	size_t k, i = 0, j = 0;
	size_t *ab = sm_malloc((F->m + 1) * 2 * sizeof(*ab)), *ae;

	if (!ab)
		return NULL;
	ae = ab + F->m + 1;
	for (k = 0; k < F->m; k++)
		ab[k] = ae[k] = SM_NOLINE;
	for (k = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (mv == MV_ABSORB && i && F->it[i - 1].marker) {
			if (ab[i - 1] == SM_NOLINE)
				ab[i - 1] = j;
			ae[i - 1] = j + 1;
		}
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	return ab;
}

/* 1 when item x is among the SM_FAST_ANCHOR_LINES lines of its run nearest the marker at item
 * mk that are not blank: the seam where a copy and the marker's line would meet. */
static int near_edge(const fast *F, size_t x, size_t mk)
{
	size_t a, lo = x < mk ? x + 1 : mk + 1, hi = x < mk ? mk : x, seen = 0;

	for (a = lo; a < hi; a++) /* the lines between x and the marker */
		seen += !F->it[a].l.blank;
	return seen < SM_FAST_ANCHOR_LINES;
}

/*
 * A line the run writes as new that the marker beside it also brings back: one of the first
 * SM_FAST_TWICE_LINES non-blank file lines a marker stands for equal to a line the run before
 * it adds among its last SM_FAST_ANCHOR_LINES, or one of its last equal to a line the run
 * after it adds among its first SM_FAST_ANCHOR_LINES. Deleting a file line
 * costs more than adding any number of lines, so a line the snippet changes or moves next to
 * a marker can be aligned as a copy added beside the old line, which the marker then keeps: the
 * result would hold the line twice where the snippet shows it once. Refused with the line
 * named. Returns 1 when refused (msg filled), 0 otherwise (also when out of memory: the check
 * only ever refuses).
 */
int sm_fast_doubled(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                    const sm_edit *e, sm_buf *msg)
{
	size_t k, run_start = 0, x, h;
	/* per marker: the file lines it absorbs, [ab, ae) */
	size_t *ab = marker_spans(F, P), *ae;
	int hit = 0;

	if (!ab)
		return 0;
	ae = ab + F->m + 1;
	for (k = 0; k <= F->m && !hit; k++) {
		if (k < F->m && !F->it[k].marker)
			continue;
		/* the run [run_start, k) between markers: its new lines against the lines the
		   markers on either side bring back at the seam */
		for (x = run_start; x < k && !hit; x++) {
			int side;
			if (F->it[x].marker || P->at[x] != SM_NOLINE || !sm_fast_twice_worthy(&F->it[x].l))
				continue;
			for (side = 0; side < 2 && !hit; side++) {
				size_t m = side ? k : run_start - 1, f, seen = 0;
				if (side ? k >= F->m : !run_start)
					continue;
				if (ab[m] == SM_NOLINE || !near_edge(F, x, side ? k : run_start - 1))
					continue;
				for (h = 0; h < ae[m] - ab[m] && seen < SM_FAST_TWICE_LINES; h++) {
					f = side ? ab[m] + h : ae[m] - 1 - h;
					if (sm_ln(F->im, f)->blank)
						continue;
					seen++;
					if (sm_fast_equal(&F->it[x], sm_ln(F->im, f)) != 2)
						continue;
					sm_fast_head(msg, F->excerpt, pf, e);
					sm_buf_printf(msg, " writes a line as new that the marker at snippet "
					                   "line %zu also keeps from the file (file line %ld): ",
					              m + 1, sm_image_orig_near(F->im, f));
					sm_fast_name_item(p, msg, F, x);
					sm_buf_puts(msg, " would stand twice. Nothing was changed. Send it again "
					                 "with the unchanged lines between the change and the "
					                 "marker copied from the file.\n");
					hit = 1;
					break;
				}
			}
		}
		run_start = k + 1;
	}
	sm_free(ab);
	return hit;
}

/* Counts new line x against file line f: equal (*eq), or else nearly (*sim: an identifier
 * renamed, a word changed, when the run adds at most SM_FAST_SHIFT_SIM_LINES lines), or not
 * (*ne). */
static void alike(const item *x, const sm_line *f, size_t r, size_t *eq, size_t *ne, size_t *sim)
{
	if (sm_fast_equal(x, f) == 2)
		(*eq)++;
	else if (r <= SM_FAST_SHIFT_SIM_LINES && !f->blank &&
	         sm_text_similar(x->l.p, x->l.n, f->p, f->n, SM_MIN_LINE_SIMILARITY))
		(*sim)++;
	else
		(*ne)++;
}

/*
 * The run's anchor block (len items from b0, away from its marker, in direction dir) placed
 * |R| lines farther from the marker than where the lines R the run adds after it would fit:
 * the file lines the marker keeps just before the block (after it, for a marker below) hold
 * the block again, then lines that mostly equal R (a line changed there, its old form kept by
 * the marker and its new one added after the later copy). 1, with *at the file line where the
 * block would stand, when one of R's non-blank lines equals the file's there and as many
 * equal or nearly equal it as differ.
 */
static int shifted_by(const fast *F, const path *P, size_t b0, size_t len, int dir, size_t ab,
                      size_t ae, size_t r, size_t *at)
{
	size_t h, f0, w, eq = 0, ne = 0, sim = 0;

	f0 = P->at[b0]; /* where the block's first line (its last, below) stands */
	if (dir > 0) {
		if (f0 < r || f0 - r < ab)
			return 0;
		w = f0 - r;
		for (h = 0; h < len; h++)
			if (!sm_fast_equal(&F->it[b0 + h], sm_ln(F->im, w + h)))
				return 0;
		for (h = 0; h < r; h++) {
			const item *x = &F->it[b0 + len + h];
			if (x->l.blank)
				continue;
			alike(x, sm_ln(F->im, w + len + h), r, &eq, &ne, &sim);
		}
		*at = w;
	} else {
		if (f0 + r >= ae || f0 + 1 < len)
			return 0;
		w = f0 + r; /* where the block's last line would stand */
		for (h = 0; h < len; h++)
			if (!sm_fast_equal(&F->it[b0 - h], sm_ln(F->im, w - h)))
				return 0;
		for (h = 0; h < r; h++) {
			const item *x = &F->it[b0 - len - h];
			if (x->l.blank)
				continue;
			alike(x, sm_ln(F->im, w - len - h), r, &eq, &ne, &sim);
		}
		*at = w + 1 - len;
	}
	return eq && eq + sim >= ne;
}

/* shifted_by for the |R| new lines and, as the run may also delete file lines among them (a
 * line changed: its old form deleted, its new form added), for up to SM_FAST_SHIFT_SLACK fewer
 * of them nearest the block: the later copy then stands that much nearer. */
static int shifted(const fast *F, const path *P, size_t b0, size_t len, int dir, size_t ab,
                   size_t ae, size_t *at)
{
	size_t r = 0, k;

	/* R: the new lines after the block, up to the next placed line or marker */
	for (;;) {
		size_t it = dir > 0 ? b0 + len + r : b0 - len - r;
		if ((dir > 0 ? b0 + len + r >= F->m : len + r > b0) || F->it[it].marker ||
		    P->at[it] != SM_NOLINE)
			break;
		r++;
	}
	for (k = 0; k <= SM_FAST_SHIFT_SLACK && k < r; k++)
		if (shifted_by(F, P, b0, len, dir, ab, ae, r - k, at))
			return 1;
	return 0;
}

/*
 * The alignment charges a deleted file line more than any number of new ones, so a run whose
 * anchor lines (the lines next to its marker) repeat in the file may be placed at the later
 * copy with its next lines taken for new, while the marker keeps the earlier copy followed by
 * those very lines: the old form stays beside the new one. When the lines the marker keeps
 * hold the run's anchor block followed by its first new line (the last, for a marker below
 * the run), the run fits there as well: refused, naming both places. 1 when refused.
 */
int sm_fast_earlier_copy(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                         const sm_edit *e, sm_buf *msg)
{
	size_t k;
	size_t *ab = marker_spans(F, P), *ae;
	int hit = 0;

	if (!ab)
		return 0;
	ae = ab + F->m + 1;
	for (k = 0; k < F->m && !hit; k++) {
		int dir;
		if (!F->it[k].marker || ab[k] == SM_NOLINE)
			continue;
		for (dir = -1; dir <= 1 && !hit; dir += 2) {
			/* the anchor block from b0 (the nearest line not blank) away from marker k,
			   matched, len lines; then x, the run's first (last) new line */
			size_t b0 = k, len = 0, x, first, g, h;
			while (dir > 0 ? ++b0 < F->m : b0-- > 0)
				if (F->it[b0].marker || !F->it[b0].l.blank)
					break;
			if (b0 >= F->m || F->it[b0].marker)
				continue;
			while (len < SM_FAST_ANCHOR_LINES && (dir > 0 ? b0 + len < F->m : len <= b0)) {
				size_t it = dir > 0 ? b0 + len : b0 - len;
				if (F->it[it].marker || P->at[it] == SM_NOLINE)
					break;
				len++;
			}
			if (!len || (dir > 0 ? b0 + len >= F->m : len > b0))
				continue;
			x = dir > 0 ? b0 + len : b0 - len;
			if (F->it[x].marker || P->at[x] != SM_NOLINE || !sm_fast_twice_worthy(&F->it[x].l))
				continue;
			first = dir > 0 ? b0 : x;
			if (shifted(F, P, b0, len, dir, ab[k], ae[k], &g)) {
				sm_fast_head(msg, F->excerpt, pf, e);
				sm_buf_printf(msg, " fits the file in more than one way: the lines next to "
				                   "the marker at snippet line %zu stand at file line %ld "
				                   "too, which the marker keeps, with the lines after them "
				                   "much like the ones the run adds: ", k + 1,
				              sm_image_orig_near(F->im, g));
				sm_fast_name_item(p, msg, F, x);
				sm_buf_puts(msg, " and its old form would both stand. Nothing was "
				                 "changed. Send it again with a few more unchanged lines "
				                 "around the change, copied from the file.\n");
				hit = 1;
				break;
			}
			/* the block and x one after another among the lines marker k keeps */
			for (g = ab[k]; g + len + 1 <= ae[k] && !hit; g++) {
				for (h = 0; h <= len; h++)
					if (!sm_fast_equal(&F->it[first + h], sm_ln(F->im, g + h)))
						break;
				if (h <= len)
					continue;
				sm_fast_head(msg, F->excerpt, pf, e);
				sm_buf_printf(msg, " fits the file in more than one way: the lines next to "
				                   "the marker at snippet line %zu stand with ", k + 1);
				sm_fast_name_item(p, msg, F, x);
				sm_buf_printf(msg, " at file line %ld as well, which the marker keeps, "
				                   "and the change would leave that copy beside the new "
				                   "one. Nothing was changed. Send it again with a few more "
				                   "unchanged lines around the change, copied from the "
				                   "file.\n", sm_image_orig_near(F->im, g));
				hit = 1;
			}
		}
	}
	sm_free(ab);
	return hit;
}

/* 1 when a and b share a start and an end covering SM_FAST_UNSURE_SHARE of the longer
 * (indentation aside): one is the other with words added, cut, renamed or changed. */
static int much_like(const sm_line *a, const sm_line *b)
{
	const char *p, *q;
	size_t pn, qn, lo, hi, pre = 0, suf = 0;

	sm_fast_core_of(a, &p, &pn);
	sm_fast_core_of(b, &q, &qn);
	lo = pn < qn ? pn : qn;
	hi = pn < qn ? qn : pn;
	if (lo < SM_FAST_TWICE_MIN_CHARS)
		return 0;
	while (pre < lo && p[pre] == q[pre])
		pre++;
	while (suf < lo - pre && p[pn - 1 - suf] == q[qn - 1 - suf])
		suf++;
	return (double)(pre + suf) >= SM_FAST_UNSURE_SHARE * (double)hi;
}


/*
 * A marker not sure by its words (item.unsure) much like a file line among those between the
 * placed lines around it, which it would keep or delete: the line is as likely that file line
 * changed ("# Free the slot for another record...  # changed") as a marker, and taken for one
 * the change would be lost without a word. A line that differs from every file line is never
 * the file's own line: refused, naming both. So is one that stands for fewer than
 * SM_FAST_UNSURE_MIN_LINES non-blank file lines: as likely a new line or one line changed. Returns
 * 1 when refused (msg filled), 2 when the budget ran out (msg filled), else 0.
 */
int sm_fast_unsure_marker(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                          const sm_edit *e, sm_buf *msg)
{
	size_t k, g, j, lo, hi, solid;

	for (k = 0; k < F->m; k++) {
		if (!F->it[k].marker || !F->it[k].unsure)
			continue;
		for (g = k; g-- > 0 && P->at[g] == SM_NOLINE;)
			;
		lo = g == (size_t)-1 ? 0 : P->at[g] + 1;
		for (g = k + 1; g < F->m && P->at[g] == SM_NOLINE; g++)
			;
		hi = g < F->m ? P->at[g] : F->n;
		/* a comparison a file line, as the alignment's cells are */
		if (hi > lo && sm_budget_charge(&p->fuzzy, hi - lo)) {
			sm_report_ctx rc = {pf->path, F->excerpt ? "whole file (read as an excerpt)"
			                                         : "lazy snippet", e->reply_line, 0};
			sm_report_budget(msg, &rc, sm_ladder_budget_ms(&p->fuzzy));
			return 2;
		}
		for (j = lo, solid = 0; j < hi; j++) {
			solid += !sm_ln(F->im, j)->blank;
			if (!much_like(&F->it[k].l, sm_ln(F->im, j)))
				continue;
			sm_fast_head(msg, F->excerpt, pf, e);
			sm_buf_puts(msg, " has a line that reads as a marker but is much like file line ");
			sm_buf_printf(msg, "%ld, which it would stand for: ", sm_image_orig_near(F->im, j));
			sm_fast_name_item(p, msg, F, k);
			sm_buf_puts(msg, " is either that line changed or a marker for lines left out, "
			                 "and seam cannot be sure which.");
			sm_buf_puts(msg, F->excerpt ? "" : " Nothing was changed. Write a marker as a "
			                 "comment of its own that says only \"... existing code ...\"; "
			                 "to change that line, send the change as a SEARCH/REPLACE "
			                 "block instead.\n");
			return 1;
		}
		if (solid < SM_FAST_UNSURE_MIN_LINES) {
			sm_fast_head(msg, F->excerpt, pf, e);
			sm_buf_printf(msg, " has a line that reads as a marker but would stand for %s: ",
			              solid ? "one file line only" : "no file line");
			sm_fast_name_item(p, msg, F, k);
			sm_buf_puts(msg, " is as likely a line of the change, and seam cannot be sure "
			                 "it is a marker.");
			sm_buf_puts(msg, F->excerpt ? "" : " Nothing was changed. Write a marker as a "
			                 "comment of its own that says only \"... existing code ...\"; "
			                 "to write that line, send the change as a SEARCH/REPLACE block "
			                 "instead.\n");
			return 1;
		}
	}
	return 0;
}
