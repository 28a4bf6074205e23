/*
 * A whole file that is an excerpt. A model asked for a whole file sometimes sends only the part
 * it changed (one of two classes, one function), with no placeholder for the rest: written as
 * given, it deletes everything it left out. A reply that keeps a small part of a file,
 * unchanged but for its edit, is far more often such an excerpt than a deletion, so it is read
 * as one: a fast-apply snippet (plan_fast.c) with a marker above it when its first line is a
 * line of the file and below it when its last line is, anchored by one alignment and planned
 * as the one hunk it amounts to (the ladder, the splice, the checks). Placed in one way only,
 * its change is applied and the lines above and below it are kept. Refused, with a message that
 * says how to delete lines on purpose, when it fits several places, when an edge of it that is
 * a change would delete lines there (nothing says where they end), and when it changes nothing
 * inside (an excerpt, or a deletion: not guessed).
 *
 * What it takes to be read so (thresholds in seam_limits.h, SM_EXCERPT_*): more than half of
 * the file gone, at least half of the reply's lines the file's, and, once placed, most of the
 * file left out at its edges by lines it copies in order. A reply whose first and last lines
 * are the file's deletes what it leaves out between them, as a whole file says (the excerpt's
 * reading is then the same file), and one that drops less at its edges than that is a whole
 * file too: the deletion is where it shows both sides.
 */
#include "plan_impl.h"
#include "../core/seam_limits.h"
#include "../match/match_costs.h"
#include "../../util/alloc.h"
#include "../../util/diff.h"
#include "../../util/text.h"

#include <stdlib.h>
#include <string.h>

int sm_line_sums_make(sm_line_sums *s, const sm_image *im)
{
	size_t k;

	memset(s, 0, sizeof(*s));
	s->h = sm_malloc((im->n + 1) * sizeof(*s->h));
	s->blank = sm_malloc(im->n + 1);
	if (!s->h || !s->blank) {
		sm_line_sums_dispose(s);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < im->n; k++) {
		s->h[k] = sm_ln(im, k)->h_rstrip;
		s->blank[k] = sm_ln(im, k)->blank;
	}
	s->n = im->n;
	return 0;
}

int sm_line_sums_load(sm_line_sums *s, const char *data, size_t len)
{
	sm_file_lines fl;
	size_t k;

	memset(s, 0, sizeof(*s));
	if (sm_file_lines_make(&fl, data, len))
		return SEAM_ENOMEM;
	s->h = sm_malloc((fl.n + 1) * sizeof(*s->h));
	s->blank = sm_malloc(fl.n + 1);
	if (!s->h || !s->blank) {
		sm_file_lines_dispose(&fl);
		sm_line_sums_dispose(s);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < fl.n; k++) {
		sm_span t = sm_file_line(&fl, k);
		sm_line l;
		sm_line_init(&l, t.p, t.n);
		s->h[k] = l.h_rstrip;
		s->blank[k] = l.blank;
	}
	s->n = fl.n;
	sm_file_lines_dispose(&fl);
	return 0;
}

void sm_line_sums_dispose(sm_line_sums *s)
{
	sm_free(s->h);
	sm_free(s->blank);
	memset(s, 0, sizeof(*s));
}

/* The lines a and b have in common, taken as multisets (by their text but for trailing
 * blanks), in all and among the lines that are not blank: at least as many as any alignment
 * of the two keeps. SEAM_ENOMEM when out of memory. */
static int common_lines(const sm_line_sums *a, const sm_image *b, size_t *all, size_t *nonblank)
{
	uint64_t *ha = sm_malloc((a->n + 1) * sizeof(*ha)), *hb = sm_malloc((b->n + 1) * sizeof(*hb));
	size_t k;
	int pass;

	*all = *nonblank = 0;
	if (!ha || !hb) {
		sm_free(ha);
		sm_free(hb);
		return SEAM_ENOMEM;
	}
	for (pass = 0; pass < 2; pass++) {
		size_t na = 0, nb = 0, n;
		for (k = 0; k < a->n; k++)
			if (!pass || !a->blank[k])
				ha[na++] = a->h[k];
		for (k = 0; k < b->n; k++)
			if (!pass || !sm_ln(b, k)->blank)
				hb[nb++] = sm_ln(b, k)->h_rstrip;
		n = sm_diff_common(ha, na, hb, nb);
		*(pass ? nonblank : all) = n;
	}
	sm_free(ha);
	sm_free(hb);
	return 0;
}

/* The whole file's own reading, by a line diff of the file's lines with a word in them against
 * the reply's (a lone "}" or blank line matches anywhere and proves nothing): how many of the
 * reply's lines it keeps (lcs), and how many file lines lie above the first it keeps and below
 * the last (edges). 0 when the diff was exact, 1 when it has more
 * differences than SM_DIFF_MAX_D and so says nothing sure; SEAM_ENOMEM when out of memory. */
typedef struct reading {
	size_t lcs, edges;
} reading;

static int whole_reading(const sm_image *a, const sm_image *b, reading *r)
{
	uint64_t *ha = sm_malloc((a->n + 1) * sizeof(*ha)), *hb = sm_malloc((b->n + 1) * sizeof(*hb));
	size_t *at = sm_malloc((a->n + 1) * sizeof(*at));
	size_t na = 0, nb = 0, k, nch = 0, d = 0, first = SM_NOLINE, last = 0, prev = 0;
	sm_diff_chunk *ch = NULL;
	int rv = SEAM_ENOMEM;

	memset(r, 0, sizeof(*r));
	if (!ha || !hb || !at)
		goto out;
	for (k = 0; k < a->n; k++)
		if (sm_text_has_word(sm_ln(a, k)->p, sm_ln(a, k)->n)) {
			at[na] = k;
			ha[na++] = sm_ln(a, k)->h_rstrip;
		}
	for (k = 0; k < b->n; k++)
		if (sm_text_has_word(sm_ln(b, k)->p, sm_ln(b, k)->n))
			hb[nb++] = sm_ln(b, k)->h_rstrip;
	if (sm_diff_lines(ha, na, hb, nb, SM_DIFF_MAX_D, &ch, &nch))
		goto out;
	/* the kept lines are those between the changed regions */
	for (k = 0; k <= nch; k++) {
		size_t upto = k < nch ? ch[k].a0 : na;
		if (upto > prev) {
			if (first == SM_NOLINE)
				first = prev;
			last = upto - 1;
			r->lcs += upto - prev;
		}
		if (k < nch) {
			d += (ch[k].a1 - ch[k].a0) + (ch[k].b1 - ch[k].b0);
			prev = ch[k].a1;
		}
	}
	r->edges = first == SM_NOLINE ? a->n : at[first] + (a->n - 1 - at[last]);
	rv = d > SM_DIFF_MAX_D;
out:
	sm_free(ch);
	sm_free(ha);
	sm_free(hb);
	sm_free(at);
	return rv;
}

/* 1 when line l is a line of im (but for trailing blanks). */
static int in_file(const sm_image *im, const sm_line *l)
{
	size_t k;

	for (k = 0; k < im->n; k++)
		if (sm_ln(im, k)->h_rstrip == l->h_rstrip)
			return 1;
	return 0;
}

/*
 * The whole file as a fast-apply snippet: its lines, with a marker above them when its first
 * line that is not blank is a line of the file (it may start inside the file), and below them
 * when its last one is. An edge that is a change stays closed: the whole file's reading holds
 * there, and the lines it deletes are judged after the placing. e is left empty (no line)
 * when both edges are changes: such a reply starts and ends as a whole file does.
 */
static int as_snippet(const sm_pfile *pf, const sm_image *im, const sm_image *before, sm_edit *e)
{
	static const char marker[] = "...";
	size_t k, first = im->n, last = im->n;
	int top, bottom;

	for (k = 0; k < im->n; k++)
		if (!sm_ln(im, k)->blank) {
			if (first == im->n)
				first = k;
			last = k;
		}
	top = first < im->n && in_file(before, sm_ln(im, first));
	bottom = last < im->n && in_file(before, sm_ln(im, last));
	memset(e, 0, sizeof(*e));
	e->kind = SM_KIND_FAST;
	e->reply_line = pf->op->nedits ? pf->op->edits[0].reply_line : 0;
	e->hint_len = -1;
	if (!top && !bottom)
		return 0; /* it starts and ends as a whole file does: nothing to read otherwise */
	if (top && sm_edit_add_line(e, SM_HL_CTX, marker, sizeof(marker) - 1))
		return SEAM_ENOMEM;
	for (k = 0; k < im->n; k++)
		if (sm_edit_add_line(e, SM_HL_ADD, sm_ln(im, k)->p, sm_ln(im, k)->n))
			return SEAM_ENOMEM;
	if (bottom && sm_edit_add_line(e, SM_HL_CTX, marker, sizeof(marker) - 1))
		return SEAM_ENOMEM;
	/* its lines are the op's own texts: their reply lines, for the messages */
	return sm_fileop_number_like(pf->op, e);
}

static void head(sm_buf *b, const sm_pfile *pf)
{
	sm_buf_printf(b, "The whole file at reply line %ld for ",
		      pf->op->nedits ? pf->op->edits[0].reply_line : 0L);
	sm_buf_put_quoted(b, pf->path, strlen(pf->path), 200);
}

/* What every refusal ends with: how to send the change, and how to delete on purpose. */
static void advice(sm_buf *b)
{
	sm_buf_puts(b, " Nothing was changed. Send the change as SEARCH/REPLACE blocks or a diff, "
		       "or the whole file with every line of it. To delete lines on purpose, send "
		       "a diff that removes them, or a SEARCH/REPLACE block with an empty REPLACE "
		       "section.\n");
}

/* The file lines [lo, hi) of before, as "lines A-B" in its numbering. */
static void name_lines(sm_buf *b, const sm_image *before, size_t lo, size_t hi)
{
	long a = sm_image_orig_near(before, lo), z = sm_image_orig_near(before, hi - 1);
	if (z <= a)
		sm_buf_printf(b, "line %ld", a);
	else
		sm_buf_printf(b, "lines %ld-%ld", a, z);
}

/* "lines 1-40 above it and lines 91-120 below it" (either may be absent). */
static void name_edges(sm_buf *b, const sm_image *before, size_t above, size_t below)
{
	if (above) {
		name_lines(b, before, 0, above);
		sm_buf_puts(b, " above it");
	}
	if (below) {
		sm_buf_puts(b, above ? " and " : "");
		name_lines(b, before, before->n - below, before->n);
		sm_buf_puts(b, " below it");
	}
}

/* 1 when n lines of a file of `of` lines are "most of it" (SM_EXCERPT_*). */
static int most_of(size_t n, size_t of)
{
	return n >= SM_EXCERPT_MIN_LINES && n * 100 > of * SM_EXCERPT_GONE_PCT;
}

/* Takes the placed excerpt: pe gets the placing's outcome and a note saying what was kept. */
static int take(sm_pedit *pe, sm_pedit *ex, const sm_image *before, const sm_fast_place *at)
{
	sm_buf msg = SM_BUF_INIT;

	/* after the notes of the whole file's placeholders, before the placing's own */
	if (pe->message && *pe->message) {
		sm_buf_puts(&msg, pe->message);
		if (msg.len && msg.ptr[msg.len - 1] != '\n')
			sm_buf_putc(&msg, '\n');
	}
	sm_buf_puts(&msg, "excerpt: the whole file given is ");
	name_lines(&msg, before, at->above, before->n - at->below);
	sm_buf_puts(&msg, " of the file, changed inside, with no placeholder for ");
	name_edges(&msg, before, at->above, at->below);
	sm_buf_puts(&msg, ": its change was applied and those lines were kept (to delete lines on "
			  "purpose, send a diff that removes them)\n");
	if (ex->message)
		sm_buf_puts(&msg, ex->message);
	if (sm_buf_failed(&msg)) {
		sm_buf_dispose(&msg);
		return SEAM_ENOMEM;
	}
	sm_free(pe->message);
	pe->message = sm_buf_detach(&msg, NULL);
	if (!pe->message)
		return SEAM_ENOMEM;
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = ex->tier;
	pe->strategy = "excerpt";
	pe->start_line = ex->start_line;
	pe->end_line = ex->end_line;
	return 0;
}

/* Why a placed excerpt is refused, into msg (the head and advice are the caller's). */
static void say_placed(sm_buf *msg, const sm_pedit *ex, const sm_image *before,
		       const sm_fast_place *at, int mode)
{
	if (at->cut_above || at->cut_below) {
		int top = at->cut_above >= at->cut_below;
		sm_buf_printf(msg, " %s with lines that are not in the file, and written as it is it "
				   "deletes ", top ? "starts" : "ends");
		if (top)
			name_lines(msg, before, 0, at->cut_above);
		else
			name_lines(msg, before, before->n - at->cut_below, before->n);
		sm_buf_printf(msg, " %s them", top ? "above" : "below");
		if (at->above || at->below) {
			sm_buf_puts(msg, ", and it has no placeholder for ");
			name_edges(msg, before, at->above, at->below);
		}
		sm_buf_puts(msg, ": it reads as an excerpt, and nothing says where in the file it "
				 "goes.");
		return;
	}
	sm_buf_puts(msg, " is ");
	name_lines(msg, before, at->above, before->n - at->below);
	sm_buf_puts(msg, " of the file");
	sm_buf_puts(msg, ex->status == SEAM_STATUS_APPLIED ? ", changed inside" : ", unchanged");
	sm_buf_puts(msg, ", with no placeholder for ");
	name_edges(msg, before, at->above, at->below);
	if (ex->status != SEAM_STATUS_APPLIED)
		sm_buf_puts(msg, ": an excerpt that changes nothing, or a deletion of those lines; "
				 "seam does not guess which.");
	else if (mode == SEAM_LAZY_REFUSE)
		sm_buf_puts(msg, ": an excerpt, not the whole file, and --lazy=refuse takes none.");
}

int sm_plan_excerpt_gate(const seam_plan *p, const sm_pedit *pe, const sm_line_sums *before,
			 const sm_image *whole, size_t *gone)
{
	size_t all, nonblank, k, mnb = 0;

	if (sm_plan_lazy_mode(p) == SEAM_LAZY_ALLOW || pe->status != SEAM_STATUS_APPLIED ||
	    !before->n)
		return 0;
	if (common_lines(before, whole, &all, &nonblank))
		return SEAM_ENOMEM;
	for (k = 0; k < whole->n; k++)
		mnb += !sm_ln(whole, k)->blank;
	*gone = before->n - all;
	return most_of(*gone, before->n) && nonblank >= SM_EXCERPT_MIN_KEPT &&
	       nonblank * 100 >= mnb * SM_EXCERPT_KEPT_PCT;
}

int sm_plan_whole_excerpt(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_image *before,
			  sm_pedit *pe)
{
	size_t k, mw = 0, gone = 0;
	sm_line_sums sums;
	sm_fast_place at;
	sm_image whole;
	sm_edit e;
	sm_pedit ex;
	sm_buf msg = SM_BUF_INIT;
	reading wr;
	int mode = sm_plan_lazy_mode(p), rc, placed, sure;

	if (mode == SEAM_LAZY_ALLOW || pe->status != SEAM_STATUS_APPLIED || !before->n)
		return 0;
	if (sm_line_sums_make(&sums, before))
		return SEAM_ENOMEM;
	rc = sm_plan_excerpt_gate(p, pe, &sums, &st->im, &gone);
	sm_line_sums_dispose(&sums);
	if (rc <= 0)
		return rc;
	for (k = 0; k < st->im.n; k++)
		mw += sm_text_has_word(sm_ln(&st->im, k)->p, sm_ln(&st->im, k)->n);

	/* placed on the file as it was, the whole file's reading set aside meanwhile */
	memset(&ex, 0, sizeof(ex));
	memset(&at, 0, sizeof(at));
	rc = as_snippet(pf, &st->im, before, &e);
	if (rc || !e.nlines) {
		sm_free(e.lines);
		return rc;
	}
	whole = st->im;
	if (sm_image_copy(&st->im, before)) {
		st->im = whole;
		sm_free(e.lines);
		return SEAM_ENOMEM;
	}
	rc = sm_plan_fast_excerpt(p, pf, st, &e, &ex, &at);
	sm_free(e.lines);
	if (rc)
		goto keep_whole;
	placed = ex.status == SEAM_STATUS_APPLIED || ex.status == SEAM_STATUS_ALREADY_APPLIED;
	sure = whole_reading(before, &whole, &wr);
	if (sure < 0) {
		rc = SEAM_ENOMEM;
		goto keep_whole;
	}
	sure = !sure;
	/* Not placed: refused only when the whole file's own reading leaves out most of the file
	   at its edges too (a deletion between lines it shows is no excerpt). Placed: the whole
	   file stands when its own reading keeps more of the reply's lines than the placing does
	   (the placing, which deletes as little as it can, took lines the reply copies for new
	   ones: the reply deletes what lies between them), when most of it is new where it is
	   placed, when little is left out at its edges (it deletes what it shows both sides of),
	   and when its edges are the file's (the excerpt's reading is then the whole file's). */
	if (!placed && (!sure || !most_of(wr.edges, before->n)))
		goto keep_whole;
	if (placed && (!sure || at.matched < wr.lcs || at.matched * 100 < mw * SM_EXCERPT_KEPT_PCT ||
		       !most_of(at.above + at.below + at.cut_above + at.cut_below, before->n) ||
		       (at.above + at.below == 0 && at.cut_above < SM_EXCERPT_MIN_LINES &&
			at.cut_below < SM_EXCERPT_MIN_LINES)))
		goto keep_whole;
	/* taken when its edges that are changes delete nothing (what it adds there goes at the
	   file's top or end): deleting lines there would be a guess at where they end */
	if (placed && ex.status == SEAM_STATUS_APPLIED && mode == SEAM_LAZY_EXPAND &&
	    !at.cut_above && !at.cut_below) {
		if (take(pe, &ex, before, &at))
			goto oom;
		sm_free(ex.message);
		sm_image_dispose(&whole);
		return 0;
	}
	/* refused: not placed, a change at an edge that cuts most of the file, nothing changed
	   inside, or --lazy=refuse */
	if (placed) {
		head(&msg, pf);
		say_placed(&msg, &ex, before, &at, mode);
	} else {
		/* the fast-apply reader says why it is not placed; the head is its own */
		if (ex.message)
			sm_buf_puts(&msg, ex.message);
		sm_buf_printf(&msg, " %zu of the file's %zu lines are not in it and no placeholder "
				    "stands for them: it reads as an excerpt, not the whole file.",
			      gone, before->n);
	}
	advice(&msg);
	sm_free(ex.message);
	sm_image_dispose(&whole);
	sm_free(pe->message);
	pe->message = NULL;
	/* a tie or a size limit is said as such; anything else is a lazy reply */
	return sm_plan_fail(pe, ex.status == SEAM_STATUS_AMBIGUOUS || ex.status == SEAM_STATUS_TOO_LARGE
				    ? ex.status : SEAM_STATUS_LAZY, &msg);
keep_whole:
	sm_free(ex.message);
	sm_image_dispose(&st->im);
	st->im = whole;
	return rc;
oom:
	sm_free(ex.message);
	sm_image_dispose(&whole);
	return SEAM_ENOMEM;
}

/* 1 when a and b hold the same lines (trailing blanks aside). */
static int same_lines(const sm_image *a, const sm_image *b)
{
	size_t k;

	if (a->n != b->n)
		return 0;
	for (k = 0; k < a->n; k++)
		if (sm_ln(a, k)->h_rstrip != sm_ln(b, k)->h_rstrip)
			return 0;
	return 1;
}

/* The reply's whole file as a fast-apply snippet: its placeholders the markers, its edges
 * closed (a whole file starts and ends where the file does). e empty when it has none. */
static int placeholders_as_markers(const sm_pfile *pf, sm_edit *e)
{
	const sm_lang *lang = sm_lang_for_path(pf->path);
	size_t j, k, marks = 0;

	memset(e, 0, sizeof(*e));
	e->kind = SM_KIND_FAST;
	e->reply_line = pf->op->nedits ? pf->op->edits[0].reply_line : 0;
	e->hint_len = -1;
	for (j = 0; j < pf->op->nedits; j++)
		for (k = 0; k < pf->op->edits[j].nlines; k++) {
			const sm_hline *hl = &pf->op->edits[j].lines[k];
			int mark;
			if (hl->kind == SM_HL_DEL)
				continue;
			mark = sm_lazy_is_placeholder(lang, hl->text.p, hl->text.n);
			marks += (size_t)mark;
			if (sm_edit_add_line(e, mark ? SM_HL_CTX : SM_HL_ADD, hl->text.p, hl->text.n))
				return SEAM_ENOMEM;
		}
	if (!marks) {
		sm_free(e->lines);
		memset(e, 0, sizeof(*e));
		return 0;
	}
	return sm_fileop_number_like(pf->op, e);
}

int sm_plan_whole_placeholders(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_image *before,
			       sm_pedit *pe)
{
	sm_fast_place at;
	sm_image whole;
	sm_edit e;
	sm_pedit ex;
	sm_buf msg = SM_BUF_INIT;
	int rc, placed, same;

	if (pe->status != SEAM_STATUS_APPLIED || !before->n || before->n > SM_WHOLE_RIVAL_MAX_LINES)
		return 0; /* past SM_WHOLE_RIVAL_MAX_LINES: the memory bound */
	rc = placeholders_as_markers(pf, &e);
	if (rc || !e.nlines) {
		sm_free(e.lines);
		return rc;
	}
	memset(&ex, 0, sizeof(ex));
	memset(&at, 0, sizeof(at));
	whole = st->im;
	if (sm_image_copy(&st->im, before)) {
		st->im = whole;
		sm_free(e.lines);
		return SEAM_ENOMEM;
	}
	rc = sm_plan_fast_excerpt(p, pf, st, &e, &ex, &at);
	sm_free(e.lines);
	placed = !rc && (ex.status == SEAM_STATUS_APPLIED || ex.status == SEAM_STATUS_ALREADY_APPLIED);
	same = placed && same_lines(&st->im, &whole);
	sm_image_dispose(&st->im);
	st->im = whole;
	if (!rc && ex.status == SEAM_STATUS_AMBIGUOUS) {
		/* the snippet fits several places: so do the lines next to a placeholder, and
		   the line diff's pairing is one of those places, not the reply's word */
		static const char tie[] = "more than one way: ";
		const char *why = ex.message ? strstr(ex.message, tie) : NULL;
		head(&msg, pf);
		sm_buf_puts(&msg, " has placeholders for lines left out, and read as a snippet with "
			       "them as markers it fits the file in more than one way (");
		sm_buf_puts(&msg, why ? why + sizeof(tie) - 1 : "its lines fit several places");
		while (msg.len && (msg.ptr[msg.len - 1] == '\n' || msg.ptr[msg.len - 1] == ' ' ||
				   msg.ptr[msg.len - 1] == '.'))
			msg.len--;
		sm_buf_puts(&msg, "): what each placeholder stands for is not sure. Nothing was "
			       "changed. Send the whole file with every line of it, or the change as "
			       "SEARCH/REPLACE blocks.\n");
		sm_free(ex.message);
		sm_free(pe->message);
		pe->message = NULL;
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
	}
	sm_free(ex.message);
	/* not placed as a snippet (a change next to a placeholder, a size limit): the guard's
	   reading stands, as it did before */
	if (rc || !placed || same)
		return rc;
	head(&msg, pf);
	sm_buf_puts(&msg, " has placeholders for lines left out, and the lines next to them stand "
		       "at more than one place in the file: paired as a line diff pairs them, a "
		       "placeholder stands for other file lines (and the whole file deletes other "
		       "lines) than where the fewest file lines are deleted, and the reply does not "
		       "say which it means. Nothing was changed. Send the whole file with every "
		       "line of it, or the change as SEARCH/REPLACE blocks.\n");
	sm_free(pe->message);
	pe->message = NULL;
	return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
}
