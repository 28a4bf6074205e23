#include "report.h"
#include "report_parts.h"
#include "../../util/diff.h"
#include "../match/match_costs.h"
#include "../../util/alloc.h"

#include <string.h>

/* Lines of a region or diff shown at most: enough to see the difference, short enough to send
 * back to a model without drowning the rest of the reply. */
#define SHOW_LINES 16
#define SHOW_WIDTH 160

static void put_line(sm_buf *b, const char *mark, long num, const char *p, size_t n)
{
	if (num > 0)
		sm_buf_printf(b, "%s%5ld | ", mark, num);
	else
		sm_buf_printf(b, "%s      | ", mark);
	sm_buf_put_quoted(b, p, n, SHOW_WIDTH);
	sm_buf_putc(b, '\n');
}

/* The window of the old side's length holding most of its lines (indentation-blind). */
static size_t closest_region(const sm_image *im, const sm_medit *e, size_t *found,
			     sm_budget *budget)
{
	size_t m = e->nold, i, j, best = SM_NOLINE, cnt = 0, bestcnt = 0;
	unsigned char *hit;

	*found = 0;
	if (!m || !im->n)
		return SM_NOLINE;
	hit = sm_calloc(im->n, 1);
	if (!hit)
		return SM_NOLINE;
	for (j = 0; j < im->n; j++) {
		if (sm_ln(im, j)->blank)
			continue;
		if (sm_budget_charge(budget, m))
			break; /* a hint only: what was seen so far will do */
		for (i = 0; i < m; i++) {
			const sm_line *o = &e->seq[e->old[i]].l;
			if (!o->blank && o->h_indent == sm_ln(im, j)->h_indent) {
				hit[j] = 1;
				break;
			}
		}
		if (m > 64 && j > 100000) /* bounded: enough to point somewhere useful */
			break;
	}
	for (j = 0; j < im->n; j++) {
		cnt += hit[j];
		if (j >= m)
			cnt -= hit[j - m];
		if (cnt > bestcnt) {
			bestcnt = cnt;
			best = j + 1 >= m ? j + 1 - m : 0;
		}
	}
	sm_free(hit);
	*found = bestcnt;
	return best;
}

/* How many of the old side's lines with a word in them stand among the file lines [at, at+len),
 * each file line counted once (indentation-blind): the window closest_region picks counts
 * file lines like any old line, which a line the file repeats makes more than the old side
 * has. 0 when out of memory. */
static size_t common_lines(const sm_image *im, const sm_medit *e, size_t at, size_t len)
{
	uint64_t *ho = sm_malloc((e->nold ? e->nold : 1) * sizeof(*ho));
	uint64_t *hf = sm_malloc((len ? len : 1) * sizeof(*hf));
	size_t no = 0, nf = 0, i, n = 0;

	if (ho && hf) {
		for (i = 0; i < e->nold; i++)
			if (!e->seq[e->old[i]].l.blank)
				ho[no++] = e->seq[e->old[i]].l.h_indent;
		for (i = 0; i < len; i++)
			if (!sm_ln(im, at + i)->blank)
				hf[nf++] = sm_ln(im, at + i)->h_indent;
		n = sm_diff_common(ho, no, hf, nf);
	}
	sm_free(ho);
	sm_free(hf);
	return n;
}

/* With no line in common, the line most like one of the first old lines, if any is close. */
static size_t similar_region(const sm_image *im, const sm_medit *e, sm_budget *budget)
{
	size_t i, j, tried = 0, best = SM_NOLINE;
	double bests = 0.5; /* below half similar, pointing there would mislead */

	for (i = 0; i < e->nold && tried < 3; i++) {
		const sm_line *o = &e->seq[e->old[i]].l;
		if (o->blank)
			continue;
		tried++;
		for (j = 0; j < im->n && j < 20000; j++) {
			double s;
			if (sm_ln(im, j)->blank || sm_ln(im, j)->n * 3 < o->n || o->n * 3 < sm_ln(im, j)->n)
				continue;
			if (sm_budget_charge(budget, sm_text_similarity_work(o->n, sm_ln(im, j)->n)))
				return best;
			s = sm_text_similarity(o->p, o->n, sm_ln(im, j)->p, sm_ln(im, j)->n);
			if (s > bests) {
				bests = s;
				best = j >= i ? j - i : 0;
			}
		}
	}
	return best;
}

static void show_diff(sm_buf *b, const sm_image *im, const sm_medit *e, size_t at, size_t len)
{
	uint64_t *ha, *hb;
	sm_diff_chunk *ch = NULL;
	size_t nch = 0, i, k, a = 0, f = 0, shown = 0;

	ha = sm_malloc((e->nold ? e->nold : 1) * sizeof(*ha));
	hb = sm_malloc((len ? len : 1) * sizeof(*hb));
	if (!ha || !hb)
		goto done;
	for (i = 0; i < e->nold; i++)
		ha[i] = e->seq[e->old[i]].l.h_rstrip;
	for (i = 0; i < len; i++)
		hb[i] = sm_ln(im, at + i)->h_rstrip;
	if (sm_diff_lines(ha, e->nold, hb, len, SM_DIFF_MAX_D, &ch, &nch))
		goto done;
	sm_buf_puts(b, "  Your old text (-) against the file (+):\n");
	for (k = 0; k <= nch && shown < SHOW_LINES; k++) {
		size_t a0 = k < nch ? ch[k].a0 : e->nold;
		for (; a < a0 && shown < SHOW_LINES; a++, f++, shown++) {
			const sm_line *l = sm_ln(im, at + f);
			put_line(b, "   ", (long)sm_image_orig_near(im, at + f), l->p, l->n);
		}
		if (k == nch)
			break;
		for (i = ch[k].a0; i < ch[k].a1 && shown < SHOW_LINES; i++, shown++) {
			const sm_line *l = &e->seq[e->old[i]].l;
			put_line(b, " - ", 0, l->p, l->n);
		}
		for (i = ch[k].b0; i < ch[k].b1 && shown < SHOW_LINES; i++, shown++) {
			const sm_line *l = sm_ln(im, at + i);
			put_line(b, " + ", (long)sm_image_orig_near(im, at + i), l->p, l->n);
		}
		a = ch[k].a1;
		f = ch[k].b1;
	}
	if (shown >= SHOW_LINES)
		sm_buf_puts(b, "  ...\n");
done:
	sm_free(ha);
	sm_free(hb);
	sm_free(ch);
}

/* 1 when the old side is the file's lines from `at` on, line for line, indentation aside. */
static int same_but_indent(const sm_image *im, const sm_medit *e, size_t at)
{
	size_t i;

	for (i = 0; i < e->nold; i++) {
		const sm_line *o = &e->seq[e->old[i]].l, *f = sm_ln(im, at + i);
		if (o->blank != f->blank || (!o->blank && o->h_indent != f->h_indent))
			return 0;
	}
	return e->nold > 0;
}

static void head(sm_buf *b, const sm_report_ctx *r)
{
	sm_buf_printf(b, "The %s at reply line %ld for ", r->what, r->reply_line);
	sm_buf_put_quoted(b, r->path, strlen(r->path), 200);
}

long sm_report_file_line(sm_buf *b, const sm_report_ctx *r, const sm_image *im, size_t line,
			 const char *mid)
{
	long at = sm_image_orig_near(im, line);

	head(b, r);
	sm_buf_printf(b, "%sline %ld of the file (", mid, at);
	sm_report_quote_line(b, im, line);
	return at;
}

void sm_report_quote_line(sm_buf *b, const sm_image *im, size_t line)
{
	const sm_line *l = sm_ln(im, line);

	if (l->blank)
		sm_buf_puts(b, "a blank line");
	else
		sm_buf_put_quoted(b, l->p, l->n, 120);
}

/* "line 7" or "lines 7-9"; one line when z is not after a (a window over lines an earlier
 * edit wrote, whose original numbers run back) */
static void put_range(sm_buf *b, long a, long z)
{
	if (z <= a)
		sm_buf_printf(b, "line %ld", a);
	else
		sm_buf_printf(b, "lines %ld-%ld", a, z);
}

void sm_report_no_match(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_medit *e,
			sm_budget *budget)
{
	size_t found, at, nonblank = 0, i, len;

	/* Looking for the closest text is a fuzzy search too: on hostile replies (thousands of
	 * failing edits) it would cost more than the matcher, so it spends the same budget. */
	at = closest_region(im, e, &found, budget);
	if ((at == SM_NOLINE || !found) && !sm_budget_out(budget))
		at = similar_region(im, e, budget);
	for (i = 0; i < e->nold; i++)
		nonblank += !e->seq[e->old[i]].l.blank;
	head(b, r);
	sm_buf_printf(b, " was not found: its %zu old line%s not in the file", e->nold,
		      e->nold == 1 ? " is" : "s are");
	if (at == SM_NOLINE && sm_budget_out(budget)) {
		sm_buf_puts(b, ". Copy the old lines exactly from the file's current content.\n");
		return;
	}
	if (at == SM_NOLINE) {
		sm_buf_puts(b, ", and none of them occurs anywhere in it. Check that this is the right "
			       "file, and copy the old lines from its current content.\n");
		return;
	}
	len = e->nold;
	if (at + len > im->n)
		len = im->n - at;
	found = common_lines(im, e, at, len);
	sm_buf_puts(b, ". The closest text is at ");
	put_range(b, sm_image_orig_near(im, at), sm_image_orig_near(im, at + len - 1));
	sm_buf_printf(b, " (%zu of %zu lines the same):\n", found, nonblank);
	show_diff(b, im, e, at, len);
	if (len == e->nold && same_but_indent(im, e, at))
		sm_buf_puts(b, "  Every old line is there, but indented by amounts that change from "
			       "line to line, so how deep the new lines go would be a guess (or a "
			       "line the edit moves would change its depth).\n");
	sm_report_two_parts(b, im, e, budget);
	sm_buf_puts(b, "  Re-send this edit with its old lines copied exactly from the file.\n");
}

void sm_report_halves(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_halves *h)
{
	head(b, r);
	sm_buf_puts(b, " fits only as two pieces, at ");
	put_range(b, sm_image_orig_near(im, h->a0), sm_image_orig_near(im, h->a1 - 1));
	sm_buf_puts(b, " and ");
	put_range(b, sm_image_orig_near(im, h->b0), sm_image_orig_near(im, h->b1 - 1));
	sm_buf_puts(b, ", with the file lines between them left out; its new text does not say "
	               "which of its lines go above those lines and which below. Nothing was "
	               "changed. Send the two changes as two edits, each with its own unchanged "
	               "lines around it.\n");
}

void sm_report_against_numbers(sm_buf *b, const sm_report_ctx *r, const sm_image *im,
			       const sm_medit *e, const size_t old[2], const size_t at[2])
{
	int k;

	head(b, r);
	sm_buf_puts(b, " was not applied: its old lines fit the file only where two of them stand "
		       "at other distances apart than their numbers say:");
	for (k = 0; k < 2; k++) {
		const sm_line *l = &e->seq[e->old[old[k]]].l;
		sm_buf_printf(b, "%s the line numbered %lu (\"", k ? " and" : "",
			      e->old_no ? (unsigned long)e->old_no[old[k]] : 0UL);
		sm_buf_put_quoted(b, l->p, l->n, 80);
		sm_buf_printf(b, "\") would be line %ld", sm_image_orig_near(im, at[k]));
	}
	sm_buf_puts(b, ". A line miscopied, or left out with no gap in the numbers, makes the place "
		       "a guess; nothing was changed. Send the block again with each old line and "
		       "its number copied exactly from the file.\n");
}

/* 1 when the two places of cs are the fuzzy edge rival's (match_rival.c): one a line longer
 * than the other at its first or last line, where the file has two lines alike, which the old
 * side's edge line (a miscopy) is neither of. */
static int edge_twins(const sm_image *im, const sm_medit *e, const sm_cands *cs)
{
	const sm_cand *a, *z;
	size_t f, g, k;

	if (cs->n != 2 || !e->nold || cs->v[0].tier != SM_TIER_FUZZY ||
	    cs->v[1].tier != SM_TIER_FUZZY)
		return 0;
	a = &cs->v[0];
	z = &cs->v[1];
	if (a->end - a->start > z->end - z->start) {
		a = &cs->v[1];
		z = &cs->v[0];
	}
	if (z->end - z->start != a->end - a->start + 1 || a->end == a->start)
		return 0;
	if (a->start == z->start && z->end == a->end + 1) {
		f = a->end - 1;
		g = a->end;
		k = e->nold - 1;
	} else if (a->end == z->end && z->start + 1 == a->start) {
		f = a->start;
		g = z->start;
		k = 0;
	} else {
		return 0;
	}
	if (sm_ln(im, f)->h_rstrip != sm_ln(im, g)->h_rstrip ||
	    sm_ln(im, f)->h_rstrip == e->seq[e->old[k]].l.h_rstrip)
		return 0;
	/* the shorter place without the edge line: the twin-add rival's reading of it as an
	   addition that lost its mark */
	return a->lo && a->lo[k] == SM_NOLINE ? 2 : 1;
}

/* 1 when two of the first n places of cs read alike in the file's numbers before the reply:
 * they differ only on lines an earlier edit of the reply wrote, which have no number of their
 * own there (sm_image_orig_near gives the nearest), so the refusal would name one place twice.
 * n is at most 4: the pairs are few. */
static int alike_places(const sm_image *im, const sm_cands *cs, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (sm_image_orig_near(im, cs->v[i].start) ==
				    sm_image_orig_near(im, cs->v[j].start) &&
			    sm_image_orig_near(im, cs->v[i].end - 1) ==
				    sm_image_orig_near(im, cs->v[j].end - 1))
				return 1;
	return 0;
}

/* 1 when the edit holds an elision and two of the first n places share file lines: how many
 * lines the elision stands for is what sets them apart. */
static int elision_span_undecided(const sm_medit *e, const sm_cands *cs, size_t n)
{
	size_t a, b, k, wild = 0;

	for (k = 0; k < e->nold; k++)
		wild += e->seq[e->old[k]].elide;
	for (a = 0; wild && a < n; a++)
		for (b = a + 1; b < n; b++)
			if (cs->v[a].start < cs->v[b].end && cs->v[b].start < cs->v[a].end)
				return 1;
	return 0;
}

void sm_report_ambiguous(sm_buf *b, const sm_report_ctx *r, const sm_image *im, const sm_medit *e,
			 const sm_cands *cs)
{
	/* the ladder's ties are the first `total` places when fewer than it kept (the others
	   fit clearly worse) */
	size_t ties = cs->total && cs->total < cs->n ? cs->total : cs->n, i,
	       n = ties < 4 ? ties : 4;

	int now = alike_places(im, cs, n), twins;

	head(b, r);
	sm_buf_printf(b, " fits %zu places equally well: ", cs->total > ties ? cs->total : ties);
	for (i = 0; i < n; i++) {
		sm_buf_puts(b, i ? ", " : "");
		if (now)
			put_range(b, (long)cs->v[i].start + 1,
				  (long)(cs->v[i].end > cs->v[i].start ? cs->v[i].end : cs->v[i].start + 1));
		else
			put_range(b, sm_image_orig_near(im, cs->v[i].start),
				  sm_image_orig_near(im, cs->v[i].end - 1));
	}
	if (n < ties || cs->total > ties)
		sm_buf_puts(b, ", ...");
	if (now)
		sm_buf_puts(b, " (of the file as the edits before this one leave it: some of "
			       "those lines are theirs)");
	twins = edge_twins(im, e, cs);
	if (twins == 2) {
		sm_buf_puts(b, ". Nothing was changed: its first or last line, which the file does "
		               "not hold as written, reads as a miscopy of a line kept and as well "
		               "as a line added without its \"+\", new text for the line deleted "
		               "beside it (which has the same text). Mark each line as what it is "
		               "(\" \" kept, \"+\" added) and copy kept lines exactly from the "
		               "file.\n");
		return;
	}
	if (twins) {
		sm_buf_puts(b, ". Nothing was changed: its first or last old line is not the file's "
			       "text (a miscopy) and stands as well for either of two lines alike, "
			       "one of them then left out. Copy the old lines exactly from the file, "
			       "with both of the lines alike or neither, so that it fits only one "
			       "place.\n");
		return;
	}
	if (elision_span_undecided(e, cs, n)) {
		sm_buf_puts(b, ". Nothing was changed: the places overlap, so they are two "
		               "readings of one place, its \"...\" (or comment standing for "
		               "code) passing over few of the file's lines or over many. Write out "
		               "the lines it stands for, or end the edit before it.\n");
		return;
	}
	sm_buf_puts(b, ". Nothing was changed. Add a few unchanged lines before or after the "
		       "change (a function or class line is best) so that it fits only one place.\n");
}

/* Why a placeholder could not be expanded, from the line on one side of it. */
static const char *unbounded_why(const sm_medit *e, size_t ph, int dir)
{
	size_t k = ph;
	while (dir < 0 ? k-- > 0 : ++k < e->nseq) {
		const sm_mline *ml = &e->seq[k];
		if (!sm_mline_is_new(ml) || ml->l.blank)
			continue;
		if (ml->kind == SM_HL_ADD)
			return "a line you changed or added";
		return ml->elide ? "an elision" : NULL;
	}
	return dir < 0 ? "nothing (the placeholder starts the new text)"
		       : "nothing (the placeholder ends the new text)";
}

void sm_report_lazy(sm_buf *b, const sm_report_ctx *r, const sm_medit *e, const sm_lazy_hit *h,
		    long ph_line, const sm_lazy_where *at, int mode)
{
	long first = at->first, last = at->last;
	const sm_line *l = &e->seq[h->ph].l, *d0 = &e->seq[h->del0].l, *d1 = &e->seq[h->del1].l;
	const char *before = unbounded_why(e, h->ph, -1), *after = unbounded_why(e, h->ph, 1);

	head(b, r);
	sm_buf_puts(b, " replaces real code with the placeholder \"");
	sm_buf_put_quoted(b, l->p, l->n, 120);
	sm_buf_putc(b, '"');
	if (ph_line > 0)
		sm_buf_printf(b, " (reply line %ld)", ph_line);
	sm_buf_printf(b, ": it would delete %zu line%s of code", h->gone, h->gone == 1 ? "" : "s");
	if (first > 0 && last > first)
		sm_buf_printf(b, ", lines %ld-%ld", first, last);
	else if (first > 0)
		sm_buf_printf(b, ", line %ld", first);
	sm_buf_puts(b, " (\"");
	sm_buf_put_quoted(b, d0->p, d0->n, 60);
	if (h->del1 != h->del0) {
		sm_buf_puts(b, "\" ... \"");
		sm_buf_put_quoted(b, d1->p, d1->n, 60);
	}
	sm_buf_puts(b, "\").");
	if (h->bound_copy == 2) {
		/* the bound's copy in the span pairs more of the new text's lines beyond it */
		const sm_line *k = &e->seq[h->fit_far].l;
		sm_buf_puts(b, " The unchanged line right ");
		sm_buf_puts(b, h->fit_far < h->ph ? "before" : "after");
		sm_buf_puts(b, " the placeholder, \"");
		sm_buf_put_quoted(b, k->p, k->n, 80);
		sm_buf_puts(
		    b, "\", has a copy next to those lines, among the ones the placeholder stands "
		       "for, and the lines you write beyond it "
		       "follow that copy in the file too: the placeholder may stand for those "
		       "lines (seam's pairing) or stop at the copy (the reply then changes "
		       "them itself), and seam cannot tell which was meant. Write that part "
		       "out in full in the new text, or keep the lines around the placeholder "
		       "as the file has them. Nothing was changed.\n");
		return;
	}
	if (h->bound_copy) {
		/* the line that ends the new side has a copy the placeholder would restore */
		const sm_line *k = &e->seq[h->fit_far].l;
		sm_buf_puts(b, " The unchanged line that ");
		sm_buf_puts(b, h->fit_far < h->ph ? "starts" : "ends");
		sm_buf_puts(b, " the new text, \"");
		sm_buf_put_quoted(b, k->p, k->n, 80);
		sm_buf_puts(
		    b, "\", stands twice in a row in the old text: the placeholder may stand "
		       "for the copy next to it (the file keeps both) or stop short of it (the "
		       "line you keep is that copy, and the edit deletes the other), and seam "
		       "cannot tell which was meant. Write that part out in full in the new "
		       "text, or keep both copies or only one in both texts. Nothing was "
		       "changed.\n");
		return;
	}
	if (h->fits && first > 0 && at->near > 0 && at->far > 0) {
		/* the span could be restored, but its end is not sure: say where the line next to
		   the placeholder stands twice, and what would tell (both where the caller found
		   them; a line the file lacks, a blank one the old side adds, gets the general
		   advice below) */
		const sm_line *k = &e->seq[h->fit_near].l;
		int above = h->fit_near < h->ph;
		if (h->fit_moved) {
			/* the line next to it may be the file's, or a copy moved there */
			sm_buf_puts(b, " The unchanged line right ");
			sm_buf_puts(b, above ? "before" : "after");
			sm_buf_puts(b, " it, \"");
			sm_buf_put_quoted(b, k->p, k->n, 80);
			sm_buf_printf(b, "\", may be line %ld of the file (the copy of it that the "
					 "edit deletes elsewhere then deleted, the placeholder standing "
					 "for the lines %s it) or that copy moved next to the "
					 "placeholder (which then stands for line %ld too, and the file "
					 "keeps one copy more). Write out in full the lines the "
					 "placeholder stands for %s that line, or keep the copy you "
					 "delete where it was.",
				      at->far, above ? "after" : "up to", at->far,
				      above ? "from" : "up to");
			sm_buf_puts(b, r->whole ? " A whole-file edit must hold the whole file. "
						  "Nothing was changed.\n"
						: " Nothing was changed.\n");
			return;
		}
		sm_buf_puts(b, " The unchanged lines right ");
		sm_buf_puts(b, above ? "before" : "after");
		sm_buf_puts(b, " it fit the file in two places: the line \"");
		sm_buf_put_quoted(b, k->p, k->n, 80);
		sm_buf_printf(b, "\" may be line %ld (the placeholder then stands for every line "
				 "%s it, up to the %s unchanged line) or line %ld (the reply then "
				 "deletes lines between the two itself, and the placeholder stands for "
				 "fewer). Copy more of the file's lines right %s the placeholder, up to "
				 "a line the file holds once, or",
			      at->near, above ? "after" : "before", above ? "next" : "previous",
			      at->far, above ? "before" : "after");
		sm_buf_puts(b, r->whole ? " write that part out in full: a whole-file edit must hold "
					  "the whole file. Nothing was changed.\n"
					: " write that part out in full in the new text. Nothing was "
					  "changed.\n");
		return;
	}
	if (h->astray) {
		/* the placeholder stood for nothing where the diff put it, and the edit deletes
		   lines it may stand for: say so, and what would tell */
		sm_buf_puts(b, " Where seam pairs the lines of the old and new text, the placeholder "
			       "stands for no line, but the edit deletes these; paired otherwise, as "
			       "well, it stands for them, and seam cannot tell which was meant. Write "
			       "the lines it stands for out in full, or leave the lines you delete out "
			       "of the old text and keep the lines around the placeholder as the file "
			       "has them. Nothing was changed.\n");
		return;
	}
	if (h->blank_cut) {
		/* the span reaches past a blank line the reply keeps beside the placeholder */
		sm_buf_puts(b, " But the reply keeps a blank line between the placeholder and the "
			       "unchanged line next to it, and the file has code on the far side of "
			       "that blank line, which the edit then deletes or the placeholder stands "
			       "for, and seam cannot tell which was meant. Write the lines around the "
			       "placeholder as the file has them (with the code beside the blank line "
			       "or without it), or write the lines the placeholder stands for out in "
			       "full. Nothing was changed.\n");
		return;
	}
	if (h->rewritten) {
		/* the span ends with lines the reply writes again beside the placeholder */
		sm_buf_puts(
		    b, " But the lines at the end of that span are the ones the reply writes "
		       "itself right beside the placeholder: restored and written, the file "
		       "would hold them twice, or the placeholder stops short of them, and seam "
		       "cannot tell which was meant. Write the lines the placeholder stands for "
		       "out in full, or keep the lines around it as the file has them, in one "
		       "stretch. Nothing was changed.\n");
		return;
	}
	if (h->better && h->blank_read) {
		/* another pairing, blank lines counted, has the placeholder stand for other lines
		 */
		sm_buf_printf(
		    b,
		    " That is what the placeholder stands for as seam pairs the lines of "
		    "the old and new text, the edit deleting or adding %zu line%s of its "
		    "own; paired otherwise, as cheaply once blank lines count (a blank line "
		    "kept beside another copy of the line next to the placeholder), the "
		    "placeholder stands for other lines and gives another file, and seam "
		    "cannot tell which was meant. Write the lines the placeholder stands "
		    "for out in full, or keep the lines around it as the file has them. "
		    "Nothing was changed.\n",
		    h->cost, h->cost == 1 ? "" : "s");
		return;
	}
	if (h->better && h->best == h->cost) {
		/* a tie: another pairing as cheap moves a line past the placeholder */
		sm_buf_printf(b, " That is what the placeholder stands for as seam pairs the lines of "
				 "the old and new text, the edit deleting or adding %zu line%s of its "
				 "own; paired otherwise, as cheaply, a line the reply keeps is moved past "
				 "the placeholder, which then stands for more and gives another file, and "
				 "seam cannot tell which was meant. Write the lines the placeholder stands "
				 "for out in full, or keep the lines around it as the file has them. "
				 "Nothing was changed.\n",
			      h->cost, h->cost == 1 ? "" : "s");
		return;
	}
	if (h->better) {
		/* the span could be restored, but another pairing of the sides reads better: say
		   so, and what would tell */
		sm_buf_printf(b, " That is what the placeholder stands for as seam pairs the lines of "
				 "the old and new text, but then the edit also deletes or adds %zu "
				 "line%s of its own; paired otherwise (lines moved past the placeholder, "
				 "another copy of a line kept), the placeholder stands for more and the "
				 "edit changes only %zu, and seam cannot tell which was meant. Write the "
				 "lines the placeholder stands for out in full, or keep the lines around "
				 "it as the file has them. Nothing was changed.\n",
			      h->cost, h->cost == 1 ? "" : "s", h->best);
		return;
	}
	if (h->moved) {
		/* the span could be restored, but with or without a line the reply also writes
		   elsewhere: say which line, and what would tell */
		const sm_mline *to = h->moved_new < e->nseq ? &e->seq[h->moved_new] : NULL;
		sm_buf_puts(b, " That part also holds the line \"");
		sm_buf_put_quoted(b, e->seq[h->moved_old].l.p, e->seq[h->moved_old].l.n, 80);
		sm_buf_puts(b, "\", which the reply writes");
		if (to && to->reply_line > 0)
			sm_buf_printf(b, " at reply line %ld", (long)to->reply_line);
		if (h->moved_run)
			sm_buf_puts(b, " as well, next to the line beside it in the file, so seam "
				       "cannot tell whether the lines were moved out of that part or "
				       "written once more. Keep those lines where they were, or");
		else
			sm_buf_puts(b, " as well; other copies of it stand in the file or the reply, "
				       "so seam cannot tell whether the line was moved out of that part "
				       "or written once more. Keep that line where it was, or");
		sm_buf_puts(b, r->whole ? " write that part out in full: a whole-file edit must hold "
					  "the whole file. Nothing was changed.\n"
					: " write that part out in full in the new text. Nothing was "
					  "changed.\n");
		return;
	}
	if (mode == SEAM_LAZY_EXPAND && (before || after)) {
		/* say why the code could not be restored, so the model knows what would do */
		sm_buf_puts(b, " seam restores the code a placeholder stands for only when the lines "
			       "right before and after it are unchanged; here the line ");
		sm_buf_printf(b, "%s it is %s.", before ? "before" : "after", before ? before : after);
	}
	if (r->whole)
		sm_buf_puts(b, " Write that part out in full: a whole-file edit must hold the whole "
			       "file. Nothing was changed.\n");
	else
		sm_buf_puts(b, " Write that part out in full in the new text (with your change), or "
			       "leave those lines out of the old text. Nothing was changed.\n");
}

void sm_report_expanded(sm_buf *b, const sm_lazy_exp *x, long ph_line, long first, long last)
{
	sm_buf_puts(b, "expanded-placeholder: \"");
	sm_buf_put_quoted(b, x->text.p, x->text.n, 120);
	sm_buf_putc(b, '"');
	if (ph_line > 0)
		sm_buf_printf(b, " (reply line %ld)", ph_line);
	sm_buf_printf(b, " stands for %zu unchanged line%s", x->old1 - x->old0 + 1,
		      x->old1 == x->old0 ? "" : "s");
	if (first > 0 && last > first)
		sm_buf_printf(b, " (lines %ld-%ld of the file)", first, last);
	else if (first > 0)
		sm_buf_printf(b, " (line %ld of the file)", first);
	sm_buf_puts(b, ", which were kept\n");
}

void sm_report_budget_spent(sm_buf *b, const sm_report_ctx *r, unsigned int budget_ms)
{
	head(b, r);
	sm_buf_printf(b, " was not looked for: the edits before it spent the search budget (%u ms "
			 "for the whole reply, --max-fuzzy-ms). Nothing was changed. Send fewer "
			 "edits at once, or copy their old lines exactly from the file.\n",
		      budget_ms);
}

void sm_report_budget(sm_buf *b, const sm_report_ctx *r, unsigned int budget_ms)
{
	head(b, r);
	sm_buf_printf(b, " is not in the file as written, and the search for a near copy stopped: "
			 "search budget exhausted (%u ms of matching work for the whole reply, "
			 "counted in steps, --max-fuzzy-ms). Nothing was changed. Copy the old lines exactly from the "
			 "file, or send fewer edits at once.\n",
		      budget_ms);
}
