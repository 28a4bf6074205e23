/*
 * One edit of an update, from the reply's lines to the changed image: the laziness guard, the
 * strict tiers, the "already applied" check, the tolerant tiers, the split of a hunk into its
 * change runs, the fuzzy tier, then the splice. Failures get their message here, where what
 * was tried is known.
 */
#include "plan_impl.h"
#include "plan_already_rival.h"
#include "plan_new_side.h"
#include "../match/prep.h"
#include "../match/lazy.h"
#include "report.h"
#include "../core/session.h"
#include "split.h"
#include "plan_entity.h"
#include "../match/image_work.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

/* Index of the first line whose number before the reply is k or more (lines the reply added
 * count with the line before them); im->n when there is none. A pass over the lines before
 * it, charged to b. */
static size_t index_of_orig(const sm_image *im, long k, sm_budget *b)
{
	size_t i;

	for (i = 0; i < im->n; i++)
		if (sm_ln(im, i)->orig && (long)sm_ln(im, i)->orig >= k)
			break;
	sm_budget_charge(b, sm_work_pass(0, i + 1));
	return i;
}

/* Marks pe already applied, its new side standing from im line `at`. */
static void seen(sm_pedit *pe, const sm_image *im, const sm_medit *me, size_t at)
{
	size_t k, nnew = 0;

	for (k = 0; k < me->nseq; k++)
		nnew += sm_mline_is_new(&me->seq[k]);
	pe->status = SEAM_STATUS_ALREADY_APPLIED;
	pe->strategy = "already-applied";
	if (at < im->n) {
		pe->seen_first = sm_image_orig_near(im, at);
		pe->seen_last = sm_image_orig_near(im, at + nnew > at + 1 && at + nnew <= im->n
							   ? at + nnew - 1 : at);
	}
}

/* 1 when me adds a line of substance (SM_ALREADY_MIN_CHARS) and each such line stands as
 * written (bytes and all) on a file line of [s, e): a new side found there loosely (a line
 * left out or miscopied) holds the edit's own new lines, not only lines like its context. */
static int adds_within(const sm_image *im, const sm_medit *me, size_t s, size_t e)
{
	size_t k, f, n = 0;

	for (k = 0; k < me->nseq; k++) {
		const sm_line *a = &me->seq[k].l;
		if (me->seq[k].kind != SM_HL_ADD ||
		    sm_line_solid_chars(a, SM_ALREADY_MIN_CHARS) < SM_ALREADY_MIN_CHARS)
			continue;
		for (f = s; f < e && f < im->n; f++)
			if (sm_line_h(sm_ln(im, f), SM_LVL_EXACT) == sm_line_h(a, SM_LVL_EXACT))
				break;
		if (f >= e || f >= im->n)
			return 0;
		n++;
	}
	return n > 0;
}

/* Refuses pe with status: the head naming file line `line` (sm_report_file_line, mid before
 * it), then tail, which closes the parenthesis and says why. */
static int refuse_at(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t line,
		     int status, const char *mid, const char *tail)
{
	sm_buf msg = SM_BUF_INIT;

	sm_report_file_line(&msg, rc, im, line, mid);
	sm_buf_puts(&msg, tail);
	return sm_plan_fail(pe, status, &msg);
}

/* Refuses pe as ambiguous: the head naming file line `start` (sm_report_file_line, mid before
 * it), then why and the file line `at` it points to, quoted, then tail, which closes the
 * parenthesis and says what would make the reply sure. */
static int refuse_beside(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t start,
                         const char *mid, const char *why, size_t at, const char *tail)
{
	sm_buf msg = SM_BUF_INIT;

	sm_report_file_line(&msg, rc, im, start, mid);
	sm_buf_printf(&msg, "%s%ld (", why, sm_image_orig_near(im, at));
	sm_buf_put_quoted(&msg, sm_ln(im, at)->p, sm_ln(im, at)->n, 120);
	sm_buf_puts(&msg, tail);
	return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
}

/* Refuses pe for a placeholder that stands for no line, just above file line `gap` (the line
 * count: at the end), beside lines the edit deletes: their new side, its '+' lost (the lines
 * stay), or an elision of nothing (they go)? The reply does not say. */
static int refuse_empty_marker(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im,
                               size_t gap)
{
	return refuse_at(pe, rc, im, gap < im->n ? gap : im->n - 1, SEAM_STATUS_AMBIGUOUS,
	                 gap < im->n ? " has a placeholder that stands for no line, beside "
	                               "lines it deletes, just above "
	                             : " has a placeholder that stands for no line, beside "
	                               "lines it deletes, just below ",
	                 "): it does not say whether the placeholder stands for those lines "
	                 "(they stay) or for none (they go). Send it again with the lines "
	                 "copied in full.\n");
}

/* The refusal of a new side standing as written (at2) while the old side fits only loosely
 * (sm_plan_new_side_rival and its blank-bound form): sent again, or meant for the loose place? */
static int refuse_rival(sm_pedit *pe, const sm_report_ctx *rc, sm_pstate *st, const sm_match *m,
                        size_t at2)
{
	int elided = m->best.tier == SM_TIER_ELIDE,
	    halves = m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK;
	return refuse_beside(
	    pe, rc, &st->im, m->best.start,
	    elided   ? " fits, its \"...\" standing for lines, from "
	    : halves ? " fits only as two halves with file lines between them, from "
	             : " fits only loosely from ",
	    "), while its new side stands as written from line ", at2,
	    elided   ? "), within that place: it may be applied already. If it is not, send "
	               "it again with the lines its \"...\" stand for copied as the file "
	               "has them.\n"
	    : halves ? "): it may be applied already. If it is not, send it again as two "
	               "edits, one for each half.\n"
	             : "): it may be applied already. If it is not, send it again with its "
	               "old side as the file has it.\n");
}

/* The refusal of a loose place whose changed line reads as well on another copy of it
 * (sm_plan_copy_reading): the lines left out or miscopied can be put either way. */
static int refuse_copy_reading(sm_pedit *pe, const sm_report_ctx *rc, const sm_image *im, size_t at,
                               size_t alt)
{
	return refuse_beside(
	    pe, rc, im, at, " fits only loosely, changing ",
	    "), and as well with the lines it leaves out or miscopies put elsewhere, changing "
	    "another copy of that line, line ",
	    alt,
	    "): it does not say which copy it means. Send it again with the lines between its "
	    "parts and around the change copied as the file has them, none left out.\n");
}

/*
 * The syntax tie-break's note (sm_syntax_tiebreak) joined to what splice_at made of the place
 * it chose: an applied edit leads with it (why that place), beside any note of its own; a
 * refusal keeps its own reason first, the note after it (why that place was the one judged,
 * and where the other places are). SEAM_ENOMEM when out of memory.
 */
static int add_tiebreak_note(sm_pedit *pe, const sm_buf *note)
{
	sm_buf b = SM_BUF_INIT;
	const char *own = pe->message ? pe->message : "";
	int applied = pe->status == SEAM_STATUS_APPLIED;

	if (applied)
		sm_buf_put(&b, note->ptr, note->len);
	sm_buf_puts(&b, own);
	if (b.len && b.ptr[b.len - 1] != '\n')
		sm_buf_putc(&b, '\n');
	if (!applied)
		sm_buf_put(&b, note->ptr, note->len);
	sm_free(pe->message);
	pe->message = NULL;
	return sm_plan_set_message(pe, &b);
}

static int splice_at(seam_plan *p, sm_pstate *st, const sm_medit *me, const sm_match *m, size_t lo,
                     size_t hi, sm_pedit *pe, const sm_lazy_result *lz, const sm_report_ctx *rc,
                     int syntax_chose)
{
	size_t first, count, ws, we, at2 = 0, gap = sm_splice_undecided(&st->im, me, &m->best);
	int err = 0;

	if (gap != SM_NOLINE) {
		/* new lines at a run of file lines the edit left out: before them or after? The
		   reply does not say, and a guess puts them on the wrong side of the gap */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
				 " adds lines where it leaves out ",
				 "): it does not say whether they go before or after it. Send it "
				 "again with that line as an unchanged line.\n");
	}
	gap = sm_splice_empty_marker(me, &m->best);
	if (gap != SM_NOLINE && st->im.n)
		return refuse_empty_marker(pe, rc, &st->im, gap);
	gap = sm_splice_left_out_in_rewrite(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a line left out beside a line the edit deletes, whose text the new side holds:
		   one of the lines it rewrites, or a line to keep (and where)? */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
				 " leaves out, beside a line it deletes, ",
				 "), while its new side holds a line of that text: it does not say "
				 "whether that line is rewritten by it or kept. Send it again with "
				 "that line in its old side.\n");
	}
	gap = sm_splice_gap_slides(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* copies of one line on both sides of a stretch the edit left out, paired
		   differently by its two sides: which of them go before the stretch? */
		return refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " leaves out, between copies of one line, ",
		    "), while its new side holds those copies paired otherwise: it does "
		    "not say which of them stand before that line and which after. Send "
		    "it again with that line in its old side.\n");
	}
	gap = sm_plan_cut_taken_for_new(&st->im, me, &m->best, &p->fuzzy, &ws);
	if (gap != SM_NOLINE) {
		/* a line of the old side that no file line stands for here, while a line of the
		   file starts with it and goes on mid-word: cut short by the model, and the place
		   found without it may not be the one it was copied from */
		sm_buf msg = SM_BUF_INIT;
		sm_report_file_line(&msg, rc, &st->im, m->best.start, " fits only from ");
		sm_buf_puts(&msg, ") with its line \"");
		sm_buf_put_quoted(&msg, me->seq[ws].l.p, me->seq[ws].l.n, 120);
		sm_buf_printf(&msg, "\" standing for no line there, while line %ld (",
			      sm_image_orig_near(&st->im, gap));
		sm_buf_put_quoted(&msg, sm_ln(&st->im, gap)->p, sm_ln(&st->im, gap)->n, 120);
		sm_buf_puts(&msg, ") is that line whole: it looks cut short, and the place may be the "
				  "wrong one. Send it again with that line copied whole from the file.\n");
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
	}
	gap = sm_splice_beside_copy(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a line written right beside its own copy (moved there, or one more), or that
		   copy left out of the old side: the reply does not say which */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
				 " writes, at the edge of its place, a copy of ",
				 "), the line right beyond that edge: it does not say whether "
				 "that line was left out of its old side (it then stays once) or is "
				 "written again beside it (twice in a row). Send it again with that line "
				 "in its old side.\n");
	}
	if (!me->blocklike && sm_plan_skipped_done(&st->im, me, &m->best, &gap) == 2) {
		/* some of its additions already stand at the place, on lines the old side does
		   not mention, and the rest do not: applied, those would be written twice */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_NO_MATCH,
				 " fits only by passing over lines that are some of its additions, "
				 "already there from ",
				 "), while the rest of it is not made: it may have been applied "
				 "in part before. Send only the part still to make, with the file's "
				 "lines around it as they are now.\n");
	}
	if (!me->blocklike && sm_plan_passes_added(&st->im, me, &m->best, &gap)) {
		/* a line it adds stands inside the place, on a line the old side passes over */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
				 " fits only by passing over a line that is one of its additions, "
				 "already there: ",
				 "): it may be applied already, or its old side is not as the file "
				 "has it. If it is not applied, send it again with the lines around the "
				 "change as the file has them now.\n");
	}
	gap = sm_splice_left_out_added(&st->im, me, &m->best, me);
	if (gap != SM_NOLINE) {
		/* a line just past the place found, which the new side holds too: left out of the
		   old side (kept once) or added beside itself (written twice)? */
		return refuse_at(pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
				 " fits only with a blank line at an edge of its old side let go, "
				 "and its new side holds ",
				 "), which stands right beyond that edge: it does not say whether "
				 "that line was left out of the old side (it stays once) or the new "
				 "side's copy is another line beside it (written twice). Send it "
				 "again with that line in the old side as an unchanged line, or "
				 "without the blank line.\n");
	}

	if (sm_plan_blank_moved_done(&st->im, me, &m->best, &at2)) {
		/* the file reads as the new side where the old side fits only with a blank
		   line let go: made already, or a blank line misplaced? */
		sm_buf msg = SM_BUF_INIT;
		sm_report_file_line(&msg, rc, &st->im, m->best.start,
				    " fits only with a blank line of its old side let go, while the "
				    "file reads as its new side from ");
		sm_buf_printf(&msg, ") to line %ld: it may be applied already. If it is not, send "
				    "it again with the blank lines as the file has them.\n",
			      sm_image_orig_near(&st->im, at2 > 0 ? at2 - 1 : 0));
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
	}
	at2 = sm_plan_copy_apart(me, &m->best);
	if (at2 != SM_NOLINE) {
		return refuse_at(pe, rc, &st->im, at2, SEAM_STATUS_AMBIGUOUS,
				 " deletes a copy of the line beside it, and fits only with the "
				 "two apart in the file, deleting ",
				 "): it may be deleted already. If it is not, send it again with "
				 "the lines between the two as the file has them.\n");
	}
	at2 = sm_plan_unmarked_swap(&st->im, me, &m->best, lo, hi, &p->fuzzy);
	if (at2 != SM_NOLINE) {
		return refuse_at(pe, rc, &st->im, at2, SEAM_STATUS_AMBIGUOUS,
				 " fits only with a line of its context taken for an addition, its "
				 "'+' left out, while that line is a line of the file with two "
				 "neighbouring characters swapped, ",
				 "): a miscopy of that line, not new text? The edit may be applied "
				 "already. If the line is new, send it again with '+' on it; if not, "
				 "with the line as the file has it.\n");
	}
	if (sm_plan_new_side_rival(&st->im, me, m->best.tier, &m->best, lo, hi, &p->fuzzy, &at2,
	                           &err))
		return refuse_rival(pe, rc, st, m, at2);
	if (err)
		return SEAM_ENOMEM;
	/* ... or the edit only deletes, and the lines it deletes are in the file nowhere as
	   written: already gone, or miscopied? */
	if (sm_plan_deleted_gone(&st->im, me, &m->best, lo, hi, &p->fuzzy, &at2, &ws, &err)) {
		while (at2 + 1 < st->im.n && sm_ln(&st->im, at2)->blank)
			at2++;
		return refuse_beside(
		    pe, rc, &st->im, ws,
		    " deletes lines the file holds nowhere as "
		    "written: it fits only with the first taken for a miscopy of ",
		    "), while its new side stands as written at line ", at2,
		    "): the lines may be deleted already. If they are not, send it "
		    "again with the lines to delete as the file has them.\n");
	}
	if (err)
		return SEAM_ENOMEM;
	/* ... or the edit only deletes, and the lines each of its runs brings together stand
	   together already: deleted already, or miscopied? */
	if (sm_plan_deletion_closed_up(&st->im, me, &m->best, lo, hi, &p->fuzzy, &at2)) {
		return refuse_beside(
		    pe, rc, &st->im, m->best.start, " fits only loosely from ",
		    "), while the lines around what it deletes stand together "
		    "already at line ",
		    at2,
		    "): the lines may be deleted already. If they are not, send it "
		    "again with its old side as the file has it.\n");
	}
	/* ... or stands as loosely as the old side does (a line miscopied or left out), and
	   wholly away from the place found: the old side's lines have other copies */
	/* (or, its added lines standing in it as written, the place reads every line it deletes
	   away from it, whatever context it reads there: the deletions read on other copies
	   further on, the made lines between let go) */
	if ((m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_FUZZY ||
	     m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK) &&
	    sm_plan_new_side_loose(&st->im, me, lo, hi, &p->fuzzy, &ws, &we, &err) &&
	    (we <= m->best.start || ws >= m->best.end ||
	     (adds_within(&st->im, me, ws, we) &&
	      sm_plan_deletions_apart(me, &m->best, 0, me->nold, ws, we)))) {
		return refuse_beside(
		    pe, rc, &st->im, m->best.start, " fits only loosely from ",
		    "), while its new side stands, all but a line or so, from line ", ws,
		    "), away from that place: it may be applied already. If it is "
		    "not, send it again with its old side as the file has it.\n");
	}
	if (err)
		return SEAM_ENOMEM;
	/* ... or stands around it and fits with a line fewer repaired than the old side does */
	if ((m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_FUZZY) &&
	    sm_plan_new_side_fits_better(&st->im, me, &m->best, lo, hi, &p->fuzzy, &ws, &we,
					 &err)) {
		return refuse_beside(
		    pe, rc, &st->im, m->best.start, " fits only loosely from ",
		    "), while its new side stands from line ", ws,
		    ") with fewer lines miscopied or left out: it may be applied "
		    "already. If it is not, send it again with its old side as the file "
		    "has it.\n");
	}
	if (err)
		return SEAM_ENOMEM;
	/* ... or the place is doubly loose (lines let go and a line not as written) and the new
	   side, however little it holds, stands once, not as the old side's own lines there */
	if (sm_plan_loose_place_rival(&st->im, me, &m->best, lo, hi, &p->fuzzy, &ws, &err)) {
		return refuse_beside(
		    pe, rc, &st->im, m->best.start,
		    " fits only loosely, with file lines let go and a line not as "
		    "written, from ",
		    "), while its new side stands from line ", ws,
		    "): it may be applied already. If it is not, send it again with "
		    "its old side copied whole as the file has it, no line left out.\n");
	}
	if (err)
		return SEAM_ENOMEM;
	/* ... or the edit only deletes, its runs closed in by a blank context line on one side,
	   and its new side stands as written, that blank line too */
	if (sm_plan_new_side_rival_blank(&st->im, me, m->best.tier, &m->best, lo, hi, &p->fuzzy,
	                                 &at2, &err))
		return refuse_rival(pe, rc, st, m, at2);
	if (err)
		return SEAM_ENOMEM;
	/* ... or the edit only takes off one of two identical lines and its new side stands as
	   written away from the loose place */
	if (sm_plan_copy_deleted_rival(&st->im, me, m->best.tier, &m->best, lo, hi, &p->fuzzy, &at2,
	                               &err))
		return refuse_rival(pe, rc, st, m, at2);
	if (err)
		return SEAM_ENOMEM;
	/* (not where the tier found places equally good and the parse chose one: the parse is
	   the tie-break of such readings, sm_syntax_tiebreak) */
	if (m->best.tier >= SM_TIER_PIECES && m->best.tier != SM_TIER_REINDENT && !syntax_chose) {
		size_t *pin = sm_calloc(me->nold ? me->nold : 1, sizeof *pin), oi;
		if (!pin)
			return SEAM_ENOMEM;
		for (oi = 0; oi < me->nold; oi++)
			pin[oi] =
			    m->best.lo[oi] != SM_NOLINE && m->best.hi[oi] == m->best.lo[oi] + 1
			        ? m->best.lo[oi]
			        : SM_NOLINE;
		ws = sm_plan_copy_reading(&st->im, me, pin, lo, hi, &p->fuzzy, &at2, &we, &err);
		sm_free(pin);
		if (err)
			return SEAM_ENOMEM;
		if (ws)
			return refuse_copy_reading(pe, rc, &st->im, at2, we);
	}
	/* ... or the old side, cut in two, stands as a merged hunk's halves, one of them as
	   written away from where the loose place puts it */
	/* (not the blank-lines tier's: a blank line let go is far likelier than two hunks
	   merged) */
	if (m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_REINDENT ||
	    m->best.tier == SM_TIER_FUZZY) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		int r = sm_cut_rival(&c, &m->best, &at2);
		if (r < 0)
			return SEAM_ENOMEM;
		if (r) {
			return refuse_beside(
			    pe, rc, &st->im, m->best.start, " fits only loosely from ",
			    r == 2 ? "), while cut in two it stands as two halves with file lines "
			             "between them, one as written but for a line miscopied or cut "
			             "short from line "
			           : "), while cut in two it stands as two halves with file lines "
			             "between them, one as written from line ",
			    at2,
			    "): it does not say which is meant. Send it again as two edits, each "
			    "with its lines as the file has them.\n");
		}
	}
	/* ... or, cut in two, has a half whose new side stands as written where the loose place
	   does not read it: that half made already */
	if (m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_REINDENT ||
	    m->best.tier == SM_TIER_FUZZY) {
		if (sm_plan_half_made(&st->im, me, &m->best, lo, hi, &p->fuzzy, &at2, &err)) {
			return refuse_beside(
			    pe, rc, &st->im, m->best.start, " fits only loosely from ",
			    "), while cut in two, one half of it stands changed, as "
			    "written, from line ",
			    at2,
			    "): that half may be applied already. If it is not, send "
			    "the two halves again as two edits, each with its lines as "
			    "the file has them.\n");
		}
		if (err)
			return SEAM_ENOMEM;
	}
	/* ... or the lines it lets go may as well be read a line on, a line it changes with them */
	if (m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_FUZZY) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		at2 = sm_gap_slide_rival(&c, &m->best);
		if (at2 != SM_NOLINE) {
			return refuse_beside(
			    pe, rc, &st->im, m->best.start, " fits only loosely from ",
			    "), letting go file lines that stand beside lines equal to "
			    "them: with those read a line along, it changes line ",
			    at2,
			    ") instead: it does not say which is meant. Send it again "
			    "with the lines between its changes as the file has them, "
			    "or as two edits.\n");
		}
	}
	/* ... or a merged hunk's piece fits elsewhere with lines its new side adds standing in
	   it: lines the old side left out there, written back */
	if (m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		int r = sm_pieces_adds_rival(&c, &m->best, &at2);
		if (r < 0)
			return SEAM_ENOMEM;
		if (r) {
			return refuse_beside(
			    pe, rc, &st->im, m->best.start,
			    " fits as two halves with file lines between them from ",
			    "), while one half also fits from line ", at2,
			    ") with lines its new side adds standing in it, left out of "
			    "its old side: it does not say which is meant. Send it again as "
			    "two edits, each with its lines as the file has them.\n");
		}
	}
	/* the lines the splice absorbs (the new side repeating them) are the edit's lines too:
	   the overlap checks must see them */
	sm_splice_widen(&st->im, me, &m->best, &ws, &we);
	pe->start_line = sm_image_orig_near(&st->im, ws);
	pe->end_line = sm_image_orig_near(&st->im, we > ws ? we - 1 : ws);
	if (ws < m->best.start) {
		pe->seen_first = sm_image_orig_near(&st->im, ws);
		pe->seen_last = sm_image_orig_near(&st->im, m->best.start - 1);
	}
	if (we > m->best.end) {
		pe->wide_first = sm_image_orig_near(&st->im, m->best.end);
		pe->wide_last = sm_image_orig_near(&st->im, we - 1);
	}
	pe->status = SEAM_STATUS_APPLIED;
	pe->tier = m->best.tier;
	pe->strategy = sm_tier_name(m->best.tier);
	pe->hint_decided = m->hint_decided;
	/* --strict refuses a place past the whitespace tier (plan.c strict_refuse, which words
	   it): the image stays as it was, so later edits of the file and the plan's content never
	   hold a change that is not written */
	if (p->s && (p->s->opts.flags & SEAM_FLAG_STRICT) && m->best.tier > SM_TIER_WS)
		return 0;
	/* the file lines an expanded placeholder stood for, named before the splice moves them */
	if (sm_plan_note_expanded(p, pe, lz, &st->im, &m->best))
		return SEAM_ENOMEM;
	sm_plan_charge_splice(p, &st->im, m->best.start);
	return sm_splice(&st->im, me, &m->best, &p->pool, &first, &count) ? SEAM_ENOMEM : 0;
}

/* The first line at or after `from` (before `to`) equal to a at the strictest level that has
 * one: an anchor names a class or function line to search forward from. The lines passed
 * over are charged to b. */
static size_t find_anchor(const sm_image *im, const sm_span *a, size_t from, size_t to,
			  sm_budget *b)
{
	int level;
	size_t j;

	for (level = SM_LVL_EXACT; level <= SM_LVL_INDENT; level++) {
		uint64_t h = sm_text_hash(a->p, a->n, level);
		for (j = from; j < to; j++)
			if (sm_line_h(sm_ln(im, j), level) == h &&
			    (level || (sm_ln(im, j)->n == a->n && !memcmp(sm_ln(im, j)->p, a->p, a->n)))) {
				sm_budget_charge(b, sm_work_pass(from, j + 1));
				return j;
			}
		sm_budget_charge(b, sm_work_pass(from, to));
	}
	return SM_NOLINE;
}

/* The end of the block an anchor line opens: the next line indented no deeper than it, taken
 * in when it closes the block ("}", "end", ")"). The lines passed over are charged to b. */
static size_t block_end(const sm_image *im, size_t at, sm_budget *b)
{
	size_t ind = sm_text_indent_cols(sm_ln(im, at)->p, sm_ln(im, at)->n, 8), j;

	for (j = at + 1; j < im->n; j++) {
		const sm_line *l = sm_ln(im, j);
		size_t k;
		if (l->blank || sm_text_indent_cols(l->p, l->n, 8) > ind)
			continue;
		sm_budget_charge(b, sm_work_pass(at, j + 1));
		k = sm_text_indent_len(l->p, l->n);
		if (k < l->n && (l->p[k] == '}' || l->p[k] == ')' || l->p[k] == ']' ||
				 (l->n - k >= 3 && !memcmp(l->p + k, "end", 3))))
			return j + 1;
		return j;
	}
	sm_budget_charge(b, sm_work_pass(at, im->n));
	return im->n;
}

/* The split of a hunk (split.c), run by the ladder at its place in the apply policy. */
typedef struct split_arg {
	seam_plan *p;
	sm_pstate *st;
	const sm_medit *me;
	size_t lo, hi;
	sm_pedit *pe;
	const sm_report_ctx *rc;
	size_t made_at; /* where the new side stands as written, when that kept the split off */
} split_arg;

static int split_hook(void *arg)
{
	split_arg *a = arg;
	size_t at, rival[2], placed[2] = {0, 0}, made_span[2];
	int err = 0, rv, loose, made;
	const char *mid = NULL, *why = NULL, *tail = NULL;

	/* the new side as written stands in one place: the hunk is not cut into runs to fit
	   elsewhere (the fuzzy tier after it, if it places the old side, meets the same rival) */
	if (sm_plan_new_side_rival(&a->st->im, a->me, SM_TIER_SPLIT, NULL, a->lo, a->hi,
				   &a->p->fuzzy, &at, &err) || err) {
		/* said in the refusal when nothing else places it (not for a deleted copy of
		   a neighbour: the file holds that new side either way) */
		if (!err && !sm_plan_deletes_copy_of_neighbour(a->me))
			a->made_at = at;
		return err ? SEAM_ENOMEM : 0;
	}
	/* ... or the edit only deletes, each run closed in by a blank context line on one side
	   and a line of substance on the other, and its new side stands as written, that blank
	   line too: the lines around the deletion stand together already, which runs found
	   elsewhere by their own lines (a deleted line's other copy) do not outweigh; the split
	   says so (SM_SPLIT_DELETION_MADE) unless it finds a plainer reason */
	made = sm_plan_new_side_rival_blank(&a->st->im, a->me, SM_TIER_SPLIT, NULL, a->lo, a->hi,
	                                    &a->p->fuzzy, &made_span[0], &err);
	if (err)
		return SEAM_ENOMEM;
	if (made) {
		size_t k, nnew = 0;
		for (k = 0; k < a->me->nseq; k++)
			nnew += sm_mline_is_new(&a->me->seq[k]);
		made_span[1] = made_span[0] + nnew;
		if (!sm_plan_deletes_copy_of_neighbour(a->me))
			a->made_at = made_span[0];
	}
	/* ... or stands there as loosely as a run is found (a context line miscopied or left
	   out): runs that all fit elsewhere (other copies of their lines) are refused below */
	loose = sm_plan_new_side_loose(&a->st->im, a->me, a->lo, a->hi, &a->p->fuzzy, &rival[0],
				       &rival[1], &err);
	if (err)
		return SEAM_ENOMEM;
	/* ... or, for a deletion at the edge of its context, that context alone stands so */
	if (!loose)
		loose = sm_plan_context_loose(&a->st->im, a->me, a->lo, a->hi, &a->p->fuzzy,
					      &rival[0], &rival[1], &err);
	if (err)
		return SEAM_ENOMEM;
	rv = sm_split_apply(&a->st->im, a->me, a->lo, a->hi, &a->p->pool, &a->p->fuzzy, a->pe,
	                    loose ? rival : NULL, made ? made_span : NULL, placed);
	if (rv < 0)
		return rv;
	/* every result named (no default): a new one is a build error until it is worded here */
	switch ((sm_split_result)rv) {
	case SM_SPLIT_NO_FIT:
		return 0;
	case SM_SPLIT_APPLIED:
		return 1;
	case SM_SPLIT_RIVAL_LOOSE:
		mid = " fits only cut into runs, from ";
		why = "), while its new side stands, all but a line or so, from line ";
		at = rival[0];
		tail = "), away from those runs: it may be applied already. If it is not, send it "
		       "again with its old side as the file has it.\n";
		break;
	case SM_SPLIT_CONTEXT_APART:
	case SM_SPLIT_CONTEXT_APART_LOOSE:
		mid = rv == SM_SPLIT_CONTEXT_APART
		          ? " has context that stands whole, as written, from "
		          : " has context that stands, but for a line left out or miscopied, from ";
		why = "), while its change fits only from line ";
		at = placed[1];
		tail = "), away from that context: it may be applied already, or a line of it "
		       "miscopied. If it is not applied, send it again with the lines right around "
		       "the change as the file has them.\n";
		break;
	case SM_SPLIT_RUN_MADE_APART:
		mid = " fits only cut into runs, one of them found by its own lines at ";
		why = "), while that part as the reply gives it, changed, stands from line ";
		at = placed[1];
		tail =
		    "): it may be applied already. If it is not, send it again with its old side "
		    "as the file has it.\n";
		break;
	case SM_SPLIT_EMPTY_MARKER:
		return refuse_empty_marker(a->pe, a->rc, &a->st->im, placed[0]) ? SEAM_ENOMEM : 1;
	case SM_SPLIT_COPY_READING:
		return refuse_copy_reading(a->pe, a->rc, &a->st->im, placed[0], placed[1])
		           ? SEAM_ENOMEM
		           : 1;
	case SM_SPLIT_HALF_MADE:
		mid = " fits only cut into runs, from ";
		why = "), while cut in two, one half of it stands changed, as written, from line ";
		at = placed[1];
		tail = ") where those runs do not read it: that half may be applied already. If it "
		       "is not, send the two halves again as two edits, each with its lines as the "
		       "file has them.\n";
		break;
	case SM_SPLIT_DELETION_MADE:
		/* named by its first line of substance, not the blank line it opens with */
		for (at = placed[1]; at + 1 < a->st->im.n && sm_ln(&a->st->im, at)->blank; at++)
			;
		mid = " fits only cut into runs, one of them found by its own lines at ";
		why =
		    "), while the lines around what it deletes stand together already, as its new "
		    "side, from line ";
		tail =
		    "): it may be applied already. If it is not, send it again with its old side "
		    "as the file has it.\n";
		break;
	}
	/* every refusal above names the run's place and the line that stands against it */
	return refuse_beside(a->pe, a->rc, &a->st->im, placed[0], mid, why, at, tail) ? SEAM_ENOMEM
	                                                                              : 1;
}

/* 1 when a numbered block's old side still stands at its numbers: every line of substance
 * but one (a miscopy) on the file line its number names, indentation aside. The edit is not
 * made, whatever copies of its new side the file holds: one standing inside that span is the
 * old lines the edit keeps (a block deleting copies of a repeated line). */
static int old_at_its_numbers(const sm_image *im, const sm_medit *me)
{
	size_t oi, solid = 0, off = 0, f;

	if (!me->old_no)
		return 0;
	for (oi = 0; oi < me->nold; oi++) {
		const sm_line *o = &me->seq[me->old[oi]].l;
		if (o->blank || !me->old_no[oi])
			continue;
		solid++;
		f = sm_image_orig_at(im, (long)me->old_no[oi]);
		off += f == SM_NOLINE || f >= im->n || sm_ln(im, f)->h_indent != o->h_indent;
	}
	return solid >= 2 && off <= 1;
}

/* 1 when an old line of me is a "..." standing for lines. */
static int has_elision(const sm_medit *me)
{
	size_t i;

	for (i = 0; i < me->nold; i++)
		if (me->seq[me->old[i]].elide)
			return 1;
	return 0;
}

/* The head of made_alone's refusals: the edit, and where its new side stands. */
static void alone_head(sm_buf *msg, const sm_report_ctx *rc, const sm_image *im, size_t at)
{
	sm_report_file_line(msg, rc, im, at,
	                    " was not found, while its new side stands as written from ");
}

#define RESEND_OLD " If it is not applied, send it again with its old side copied from the file.\n"

/*
 * The new side found alone at `at` (sm_plan_new_side_proven), the old side nowhere: made
 * already, unless the file says otherwise. A line the edit deletes still standing right beside
 * the new side says it is not made there; the old side fitting elsewhere but for a line made up
 * says it may be meant there: refused, naming what the file holds (a skip that is wrong loses
 * the edit without a word). 0, or SEAM_ENOMEM.
 */
static int made_alone(seam_plan *p, sm_pstate *st, const sm_medit *me, size_t lo, size_t hi,
		      size_t at, sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc)
{
	size_t k, nnew = 0, line, place;
	const sm_line *d;
	int wild;

	for (k = 0; k < me->nseq; k++)
		nnew += sm_mline_is_new(&me->seq[k]);
	if (sm_plan_deleted_beside(&st->im, me, at, &line, &k)) {
		d = &me->seq[k].l;
		alone_head(msg, rc, &st->im, at);
		sm_buf_printf(msg, "), with the line it deletes, \"");
		sm_buf_put_quoted(msg, d->p, d->n, 120);
		sm_buf_printf(msg, "\", still standing right beside it at line %ld (",
			      sm_image_orig_near(&st->im, line));
		sm_buf_put_quoted(msg, sm_ln(&st->im, line)->p, sm_ln(&st->im, line)->n, 120);
		sm_buf_puts(msg, "): it is not applied there, and its old side is not as the file has "
				 "it (a line left out, miscopied or cut short). Send it again with its "
				 "old side copied from the file.\n");
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg) ? SEAM_ENOMEM : 0;
	}
	wild = sm_plan_old_side_wild(&st->im, me, lo, hi, at, at + nnew, &p->fuzzy, &place, &k);
	if (wild) {
		d = &me->seq[k].l;
		alone_head(msg, rc, &st->im, at);
		sm_buf_printf(msg, wild == 2 ? "), and its old side, with the lines it adds among it "
					       "(left out of it?), fits from line %ld ("
					     : "), and its old side fits from line %ld (",
			      sm_image_orig_near(&st->im, place));
		sm_buf_put_quoted(msg, sm_ln(&st->im, place)->p, sm_ln(&st->im, place)->n, 120);
		sm_buf_puts(msg, ") but for a line the file holds nowhere, \"");
		sm_buf_put_quoted(msg, d->p, d->n, 120);
		sm_buf_puts(msg, "\": it may be applied already, or meant for that place with that "
		                 "line made up.");
		sm_buf_puts(msg, RESEND_OLD);
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg) ? SEAM_ENOMEM : 0;
	}
	if (sm_plan_old_side_typo(&st->im, me, lo, hi, at, at + nnew, &p->fuzzy, &place)) {
		alone_head(msg, rc, &st->im, at);
		sm_buf_printf(msg, "), and its old side stands from line %ld (",
			      sm_image_orig_near(&st->im, place));
		sm_buf_put_quoted(msg, sm_ln(&st->im, place)->p, sm_ln(&st->im, place)->n, 120);
		sm_buf_puts(msg,
		            ") but for a line one typo off: it may be applied already, or meant "
		            "for that place with that line miscopied.");
		sm_buf_puts(msg, RESEND_OLD);
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg) ? SEAM_ENOMEM : 0;
	}
	if (sm_plan_old_side_left_out(&st->im, me, at, nnew, &p->fuzzy, &place)) {
		alone_head(msg, rc, &st->im, at);
		sm_buf_printf(msg, "), and its old side stands from line %ld (",
		              sm_image_orig_near(&st->im, place));
		sm_buf_put_quoted(msg, sm_ln(&st->im, place)->p, sm_ln(&st->im, place)->n, 120);
		sm_buf_puts(msg,
		            ") but for a line of the file left out of it, over the same lines: "
		            "it may be applied already, or not with that line left out.");
		sm_buf_puts(msg, RESEND_OLD);
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg) ? SEAM_ENOMEM : 0;
	}
	seen(pe, &st->im, me, at);
	return 0;
}

/*
 * The ladder on [lo, hi) by the apply policy (strict tiers, tolerant tiers, the split of a
 * hunk, fuzzy), then "already applied", then the splice. Returns SEAM_ENOMEM when out of
 * memory, 1 when nothing fits in the range (pe untouched, so a caller may try a wider one), 0
 * when pe says what happened.
 */
static int locate(seam_plan *p, sm_pstate *st, const sm_medit *me, size_t lo, size_t hi,
		  int last_try, sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc,
		  const sm_lazy_result *lz)
{
	sm_match m;
	sm_medit trim, joined = {0};
	sm_cand jc = {0};
	split_arg sa = {p, st, me, lo, hi, pe, rc, SM_NOLINE};
	sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, split_hook, &sa, NULL, NULL};
	sm_buf note = SM_BUF_INIT;
	int err = 0, rv = 0;

	/* the file's line index, made at its second search (line_index.h): the runner's table
	   of where the edit's lines occur is then looked up, not a pass over the file */
	sm_image_index(&st->im);
	rv = sm_ladder_run(&c, SM_POLICY_APPLY, &m);
	if (rv) /* out of memory, or the split applied it */
		return rv < 0 ? SEAM_ENOMEM : 0;
	/* Only now, with no tier placing the old side, may the new side being there mean "already
	   applied", and only where it stands alone and says so: asked earlier, a new side that
	   merely repeats existing lines would hide a miscopied old side. (A fuzzy place that is
	   the new side itself is judged below, at that place.) Nor where the old side stands as
	   a merged hunk's two pieces (m.halves): it is there, not made. */
	if (m.status == SEAM_STATUS_NO_MATCH && !m.cut && me->old_no &&
	    sm_image_orig_map(&st->im, sm_plan_orig_lines(st))) {
		rv = SEAM_ENOMEM;
		goto done;
	}
	if (m.status == SEAM_STATUS_NO_MATCH && !m.cut && !m.halves.set &&
	    !old_at_its_numbers(&st->im, me)) {
		size_t at = 0, end = 0;
		if (sm_plan_new_side_proven(&st->im, me, lo, hi, &p->fuzzy, &at, &end, &err) || err) {
			rv = err ? SEAM_ENOMEM : made_alone(p, st, me, lo, hi, at, pe, msg, rc);
			/* a "..." in it: its lines are not its count of new lines */
			if (!rv && pe->status == SEAM_STATUS_ALREADY_APPLIED && has_elision(me) &&
			    end > at + 1 && end <= st->im.n)
				pe->seen_last = sm_image_orig_near(&st->im, end - 1);
			goto done;
		}
	}
	if (m.status == SEAM_STATUS_AMBIGUOUS && sm_syntax_tiebreak(p, st, me, &m, &note)) {
		rv = SEAM_ENOMEM;
		goto done;
	}
	switch (m.status) {
	case SEAM_STATUS_APPLIED:
		if (sm_splice_spacing_tail(&st->im, me, NULL, &m.best, &trim))
			me = &trim;
		rv = sm_splice_join_blank(&st->im, me, &m.best, &joined, &jc);
		if (rv < 0)
			break;
		if (rv) { /* the blank line the tool's join takes away: one more old line */
			sm_cand place = m.best;
			m.best = jc;
			jc = place;
			me = &joined;
			rv = 0;
		}
		if (sm_plan_numbers_say_unmade(&st->im, me, &m.best)) {
			/* not made, whatever stands around it: applied there */
		} else if (sm_plan_done_by_moved_only(&st->im, me, &m.best)) {
			/* made, from a line it moves standing where the new side has it? That line
			   stands there whether or not it is made */
			sm_report_file_line(msg, rc, &st->im, m.best.start,
					    " fits only by passing over file lines from ");
			sm_buf_puts(msg, "), where a line it moves stands as its new side has it: it "
					 "may be applied already, or its old side is not as the file has "
					 "it. If it is not applied, send it again with the lines around the "
					 "change copied from the file.\n");
			rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg);
			break;
		} else if (sm_plan_already_undecided(&st->im, me, &m.best)) {
			/* made already, or to be made? Either answer may be the wrong one */
			sm_report_file_line(msg, rc, &st->im, m.best.start,
					    " only adds copies of the lines beside them, and the "
					    "file holds its new side around its old one at ");
			sm_buf_puts(msg, "): it does not say whether the edit is made already. "
					 "Send it again with a line that tells the two apart (one "
					 "more unchanged line), or not at all if it is made.\n");
			rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg);
			break;
		} else if (sm_plan_already_there(&st->im, me, &m.best, &err)) {
			seen(pe, &st->im, me, m.best.start);
			break;
		}
		if (err || splice_at(p, st, me, &m, lo, hi, pe, lz, rc, note.len > 0))
			rv = SEAM_ENOMEM;
		else if (note.len) /* the syntax check broke a tie: say so */
			rv = add_tiebreak_note(pe, &note);
		break;
	case SEAM_STATUS_AMBIGUOUS:
		sm_report_ambiguous(msg, rc, &st->im, me, &m.others);
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg);
		break;
	default:
		if (m.against) {
			/* the text fits only with its numbers contradicted: said so, at once
			   (a wider range would find no better) */
			sm_report_against_numbers(msg, rc, &st->im, me, m.against_old, m.against_at);
			rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg);
			break;
		}
		if (!last_try) {
			rv = 1;
			break;
		}
		if (m.halves.set) {
			sm_report_halves(msg, rc, &st->im, &m.halves);
			rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, msg);
			break;
		}
		if (sm_budget_out(&p->fuzzy)) {
			sm_report_budget(msg, rc, sm_ladder_budget_ms(&p->fuzzy));
			rv = sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, msg);
			break;
		}
		if (sa.made_at != SM_NOLINE && sa.made_at < st->im.n) {
			/* found nowhere whole, while its new side stands as written (which kept the
			   split off): more likely sent again than miscopied */
			sm_report_file_line(msg, rc, &st->im, sa.made_at,
					    " was not found, while its new side stands as written from ");
			sm_buf_puts(msg, "): it may be applied already. If it is not, send it again "
					 "with its old side as the file has it.\n");
			rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg);
			break;
		}
		sm_report_no_match(msg, rc, &st->im, me, &p->fuzzy);
		rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg);
		break;
	}
done:
	sm_buf_dispose(&note);
	sm_match_dispose(&m);
	sm_prep_dispose(&joined);
	sm_cand_free(&jc);
	return rv < 0 ? SEAM_ENOMEM : rv;
}

/* insert_line: the new lines go after line K of the file before the reply (0: the top). */
static int insert_after(seam_plan *p, sm_pstate *st, const sm_edit *e, const sm_medit *me,
			sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc)
{
	size_t at = 0, j;
	long last = 0, k = e->hint_start;
	sm_cand c = {0};
	sm_medit plain = *me;

	/* an insertion at a stated line is not a rewrite: a neighbour equal to an inserted line
	   is not taken for it (see widen in splice_edge.c) */
	plain.blocklike = 0;

	/* two passes over the file, charged as such */
	sm_budget_charge(&p->fuzzy, 2 * sm_work_pass(0, st->im.n));
	for (j = 0; j < st->im.n; j++)
		if (sm_ln(&st->im, j)->orig && (long)sm_ln(&st->im, j)->orig > last)
			last = sm_ln(&st->im, j)->orig;
	if (k < 0 || k > last) {
		sm_buf_printf(msg, "The %s at reply line %ld inserts after line %ld, but ", rc->what,
			      rc->reply_line, k);
		sm_buf_put_quoted(msg, rc->path, strlen(rc->path), 200);
		sm_buf_printf(msg, " has %ld lines. Give a line number from 0 to %ld.\n", last, last);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg);
	}
	for (j = 0; k > 0 && j < st->im.n; j++)
		if ((long)sm_ln(&st->im, j)->orig == k) {
			at = j + 1;
			break;
		}
	c.start = c.end = at;
	sm_plan_charge_splice(p, &st->im, at);
	if (sm_splice(&st->im, &plain, &c, &p->pool, &j, &j))
		return SEAM_ENOMEM;
	pe->status = SEAM_STATUS_APPLIED;
	pe->strategy = "insert";
	pe->start_line = pe->end_line = k + 1;
	return 0;
}

/*
 * replace_all: every place the old side fits, found by the strict tiers only (the replace-all
 * policy), replaced from the bottom up so that earlier positions stay valid.
 */
static int replace_all(seam_plan *p, sm_pstate *st, const sm_medit *me, long want,
		       sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc)
{
	sm_mctx c = {&st->im, me, 0, st->im.n, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
	sm_cand *v;
	size_t i, n, first, count;
	int tier, cut;

	if (sm_ladder_all(&c, SM_POLICY_REPLACE_ALL, &v, &n, &tier, &cut))
		return SEAM_ENOMEM;
	if (cut) {
		sm_report_budget(msg, rc, sm_ladder_budget_ms(&p->fuzzy));
		return sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, msg);
	}
	if (!n) {
		sm_report_no_match(msg, rc, &st->im, me, &p->fuzzy);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, msg);
	}
	if (want > 0 && (size_t)want != n) {
		/* the call said how many places it replaces (expected_replacements): another
		   count means the text is not where the model thinks */
		sm_ladder_all_free(v, n);
		sm_buf_printf(msg, "The %s at reply line %ld for %s expects %ld places, and its old "
				   "text fits %zu; nothing was changed. Give the number of places the "
				   "text really has, or more context to single one out.\n",
			      rc->what, rc->reply_line, rc->path, want, n);
		return sm_plan_fail(pe, n > (size_t)want ? SEAM_STATUS_AMBIGUOUS
							 : SEAM_STATUS_NO_MATCH, msg);
	}
	pe->start_line = sm_image_orig_near(&st->im, v[0].start);
	pe->end_line = sm_image_orig_near(&st->im, v[n - 1].start + me->nold - 1);
	for (i = n; i-- > 0;) {
		sm_plan_charge_splice(p, &st->im, v[i].start);
		if (sm_splice(&st->im, me, &v[i], &p->pool, &first, &count)) {
			sm_ladder_all_free(v, n);
			return SEAM_ENOMEM;
		}
	}
	(void)tier;
	sm_ladder_all_free(v, n);
	pe->status = SEAM_STATUS_APPLIED;
	pe->strategy = "replace-all";
	return 0;
}

/* The file line (before the reply) old line o stands on in m, 0 when on none. */
static long matched_line(const sm_image *im, const sm_match *m, size_t o)
{
	if (m->best.lo[o] == SM_NOLINE || m->best.hi[o] <= m->best.lo[o])
		return 0;
	return sm_image_orig_near(im, m->best.lo[o]);
}

/* Refuses an edit for a lazy placeholder, naming the file lines it would delete when the old
 * side can be located (by the strict, tolerant and fuzzy tiers: where it would have gone). */
static int refuse_lazy(seam_plan *p, sm_pstate *st, const sm_medit *me, const sm_lazy_hit *h,
		       sm_pedit *pe, sm_buf *msg, const sm_report_ctx *rc)
{
	sm_mctx c = {&st->im, me, 0, st->im.n, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
	sm_match m;
	sm_lazy_where at = {0, 0, 0, 0};

	if (sm_ladder_run(&c, SM_POLICY_LAZY, &m) < 0)
		return SEAM_ENOMEM;
	if (m.status == SEAM_STATUS_APPLIED) {
		size_t o0 = sm_lazy_old_index(me, h->del0), o1 = sm_lazy_old_index(me, h->del1);
		if (m.best.lo[o0] != SM_NOLINE && m.best.hi[o0] > m.best.lo[o0])
			at.first = sm_image_orig_near(&st->im, m.best.lo[o0]);
		if (at.first && m.best.lo[o1] != SM_NOLINE && m.best.hi[o1] > m.best.lo[o1])
			at.last = sm_image_orig_near(&st->im, m.best.hi[o1] - 1);
		if (at.last < at.first)
			at.last = at.first;
		if (h->fits) {
			/* each where the match put it: the old side may leave file lines out */
			at.near = matched_line(&st->im, &m, sm_lazy_old_index(me, h->fit_near));
			at.far = matched_line(&st->im, &m, sm_lazy_old_index(me, h->fit_far));
		}
	}
	sm_match_dispose(&m);
	sm_report_lazy(msg, rc, me, h, me->seq[h->ph].reply_line, &at, sm_plan_lazy_mode(p));
	return sm_plan_fail(pe, SEAM_STATUS_LAZY, msg);
}

/* An <update_lines> block: its lines read, and the work plan_lines.c charges (the line-number
 * map when it is made again, the lines it copies and replaces, its splice), on the budget as
 * every edit's (see sm_plan_update_in). */
static int lines_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe)
{
	sm_buf msg = SM_BUF_INIT;
	sm_report_ctx rc = {pf->path, "<update_lines> block", e->reply_line, 0};

	pe->tier = -1;
	pe->strategy = "";
	if (sm_budget_out(&p->fuzzy)) {
		sm_report_budget_spent(&msg, &rc, sm_ladder_budget_ms(&p->fuzzy));
		return sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, &msg) < 0 ? -1 : 0;
	}
	sm_budget_charge(&p->fuzzy, e->nlines);
	return sm_plan_lines_edit(p, pf, st, e, pe, &rc);
}

/*
 * How each kind of edit (edit.h) is planned, one row per kind. `own`: by itself, from the edit
 * as the reply wrote it. `placed`: after the steps every other kind shares (the budget, the
 * preparation, the laziness guard), at the place the edit states. Neither: after those steps,
 * located by the ladder (locate above). The modifiers are read where they matter.
 */
typedef int (*sm_kind_own_fn)(seam_plan *, sm_pfile *, sm_pstate *, const sm_edit *, sm_pedit *);
typedef int (*sm_kind_placed_fn)(seam_plan *, sm_pstate *, const sm_edit *, const sm_medit *,
				 sm_pedit *, sm_buf *, const sm_report_ctx *);
static const struct {
	sm_kind_own_fn own;
	sm_kind_placed_fn placed;
} kind_plan[SM_KIND_COUNT] = {
	[SM_KIND_HUNK] = {NULL, NULL},
	[SM_KIND_BLOCK] = {NULL, NULL},
	[SM_KIND_LINES] = {lines_edit, NULL},
	[SM_KIND_INSERT] = {NULL, insert_after},
	[SM_KIND_FAST] = {sm_plan_fast_edit, NULL},
};

/*
 * The numbers e's old lines carry (ln-diff: each REMOVE line its own), in me's order of old
 * lines, in *out; *out stays NULL when e gives none or its old lines are not me's one for one
 * (the prepared edit keeps every old line, in order, so they are). SEAM_ENOMEM when out of
 * memory.
 */
static int numbers_of(const sm_edit *e, const sm_medit *me, uint32_t **out)
{
	size_t k, i = 0, any = 0;

	*out = NULL;
	for (k = 0; k < e->nlines; k++)
		if (e->lines[k].kind != SM_HL_ADD) {
			i++;
			any += e->lines[k].no != 0;
		}
	if (!any || i != me->nold)
		return 0;
	*out = sm_malloc(i * sizeof(**out));
	if (!*out)
		return SEAM_ENOMEM;
	for (k = 0, i = 0; k < e->nlines; k++)
		if (e->lines[k].kind != SM_HL_ADD)
			(*out)[i++] = e->lines[k].no;
	return 0;
}

int sm_plan_update_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe)
{
	return sm_plan_update_in(p, pf, st, e, pe, 0, st->im.n);
}

static int update_in(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
		     size_t lo, size_t hi);

/* A block whose HTML entities were decoded is planned in the form the file says was meant
 * (plan_entity.c), or refused when the file cannot tell. */
int sm_plan_update_in(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
		      size_t lo, size_t hi)
{
	sm_edit lit;
	sm_buf msg = SM_BUF_INIT;
	int rv;

	pe->literal = 0;
	if (!e->literal)
		return update_in(p, pf, st, e, pe, lo, hi);
	rv = sm_entity_choose(&st->im, e, &p->fuzzy, &lit);
	if (rv < 0)
		return rv;
	if (rv == SM_ENT_DECODED)
		return update_in(p, pf, st, e, pe, lo, hi);
	if (rv == SM_ENT_LITERAL) {
		rv = update_in(p, pf, st, &lit, pe, lo, hi);
		pe->literal = 1;
		sm_free(lit.lines);
		return rv;
	}
	pe->tier = -1;
	pe->strategy = "";
	sm_buf_printf(&msg,
		      "The %s at reply line %ld for %s writes HTML entities (\"&lt;\", \"&gt;\", "
		      "\"&amp;\"), which the agent decodes for some models only, and the file does "
		      "not tell which text was meant: it fits both forms of the block's lines, or "
		      "holds such entities as text where neither form fits. Nothing was changed. "
		      "Write '<', '>' and '&' as they are (a block with a raw '<' or '>' is read as "
		      "written) and quote the lines as the file holds them.\n",
		      sm_plan_edit_noun(p), e->reply_line, pf->path);
	return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg) < 0 ? SEAM_ENOMEM : 0;
}

static int update_in(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
		     size_t lo, size_t hi)
{
	sm_medit me;
	sm_buf msg = SM_BUF_INIT;
	sm_report_ctx rc = {pf->path, sm_plan_edit_noun(p), e->reply_line, 0};
	sm_lazy_result lz;
	size_t k;
	uint32_t *old_no = NULL;
	int rv = 0;

	if ((unsigned)e->kind >= SM_KIND_COUNT) {
		/* no parser or builder makes one: refused, never guessed at */
		sm_buf_printf(&msg, "The %s at reply line %ld for %s is of no kind seam knows; "
				    "nothing was changed.\n", rc.what, e->reply_line, pf->path);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg) < 0 ? -1 : 0;
	}
	if (kind_plan[e->kind].own)
		return kind_plan[e->kind].own(p, pf, st, e, pe);
	pe->tier = -1;
	pe->strategy = "";
	if (e->flags & SM_EDIT_TRUNCATED) {
		sm_buf_printf(&msg,
			      "The %s at reply line %ld for %s stops where the reply ends, before the "
			      "lines its @@ header announces: the reply was cut off. Nothing was "
			      "changed. Send this hunk again in full.\n",
			      rc.what, e->reply_line, pf->path);
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg) < 0 ? SEAM_ENOMEM : 0;
	}
	/* Every step of an edit counts against the search budget, with the ladder's, at the
	   work it does: a pass over the file per edit is linear, one per edit of thousands on a
	   big file is minutes, while a lookup in the line index costs its probes. Charged here:
	   the edit's lines read, the guard's work in the file, the lines the anchors and a
	   numbered block's window pass over, the splice (the ladder charges its own: the lookups
	   or the pass of its table, the tiers, the search for the new side). Once the budget is
	   spent, an edit is not looked for, so that a hostile reply ends in about the budget. */
	if (sm_budget_out(&p->fuzzy)) {
		sm_report_budget_spent(&msg, &rc, sm_ladder_budget_ms(&p->fuzzy));
		return sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, &msg) < 0 ? SEAM_ENOMEM : 0;
	}
	sm_budget_charge(&p->fuzzy, e->nlines);
	if (sm_prep_edit(&me, e))
		return SEAM_ENOMEM;
	if (sm_lazy_guard(&me, sm_lang_for_path(pf->path), &st->im, sm_plan_lazy_mode(p), &lz)) {
		sm_prep_dispose(&me);
		return SEAM_ENOMEM;
	}
	sm_budget_charge(&p->fuzzy, lz.work);
	if (lz.refused) {
		rv = refuse_lazy(p, st, &me, &lz.hit, pe, &msg, &rc);
		goto out;
	}
	if (kind_plan[e->kind].placed) {
		rv = kind_plan[e->kind].placed(p, st, e, &me, pe, &msg, &rc);
		goto out;
	}
	if ((e->flags & SM_EDIT_REPLACE_ALL) && me.nold) {
		rv = replace_all(p, st, &me, (e->flags & SM_EDIT_COUNTED) ? e->hint_len : 0, pe,
				 &msg, &rc);
		goto out;
	}
	if (!me.nold) {
		/* asked first: lines a number puts inside the file are no append, and their
		   being at its end (as a block may be twice) says nothing about them */
		if ((e->hint_len == 0 && e->hint_start > 0 &&
		     index_of_orig(&st->im, e->hint_start + 1, &p->fuzzy) < st->im.n) ||
		    ((e->flags & SM_EDIT_AT_BOF) && st->im.n)) {
			/* "@@ -12,0 ..." (diff -U0): only a line number says where the lines go,
			   and a number is never trusted alone */
			sm_buf_printf(&msg,
				      "%s: the hunk at reply line %ld adds lines after line %ld but "
				      "has no unchanged line around them to place them by; send it "
				      "again with two or three unchanged lines before and after the "
				      "addition",
				      pf->path, e->reply_line, e->hint_start);
			rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
		} else if (sm_plan_appended_already(&st->im, &me, &p->fuzzy)) {
			pe->status = SEAM_STATUS_ALREADY_APPLIED;
			pe->strategy = "already-applied";
		} else {
			sm_plan_charge_splice(p, &st->im, st->im.n);
			if (sm_splice_append(&st->im, &me, &p->pool)) {
				rv = SEAM_ENOMEM;
				goto out;
			}
			pe->status = SEAM_STATUS_APPLIED;
			pe->strategy = st->im.n == sm_edit_count(e, SM_HL_ADD) ? "create" : "append";
			pe->end_line = pe->start_line = sm_image_orig_near(&st->im, st->im.n - 1);
		}
		goto out;
	}
	/* anchors narrow the search to the block of the last one, each found after the one
	   before it */
	for (k = 0; k < e->nanchors; k++) {
		size_t at = find_anchor(&st->im, &e->anchors[k], lo, hi, &p->fuzzy);
		if (at == SM_NOLINE) {
			sm_buf_printf(&msg, "The %s at reply line %ld for ", rc.what, rc.reply_line);
			sm_buf_put_quoted(&msg, pf->path, strlen(pf->path), 200);
			sm_buf_puts(&msg, " names the line \"");
			sm_buf_put_quoted(&msg, e->anchors[k].p, e->anchors[k].n, 120);
			sm_buf_printf(&msg, "\" to search from, which is not in the file after line %ld. "
					    "Use a class or function line copied from the file.\n",
				      lo ? sm_image_orig_near(&st->im, lo - 1) : 0L);
			rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
			goto out;
		}
		lo = at + 1;
		hi = block_end(&st->im, at, &p->fuzzy);
	}
	/* "search forward from the anchor": among places that fit equally well, the first
	   after it (it never overrides the text: a better fit elsewhere still wins) */
	if (e->nanchors && me.hint_start <= 0) {
		me.hint_start = sm_image_orig_near(&st->im, lo - 1) + 1;
		me.after_anchor = 1;
	}
	/* Cline's order: of equal places, only those after the block before this one are meant */
	if ((e->flags & SM_EDIT_IN_ORDER) && me.hint_start <= 0 && pe > pf->edits &&
	    pe[-1].status == SEAM_STATUS_APPLIED && pe[-1].end_line > 0) {
		me.hint_start = pe[-1].end_line + 1;
		me.in_order = 1;
	}
	if ((e->flags & SM_EDIT_NUMBERED) && e->hint_start > 0) {
		/* numbered blocks all refer to the file before the reply, and a block shifts as a
		   whole by at most SM_NUMBERED_WINDOW lines: only there may its text be found
		   (elsewhere it would be the text of another place, or overlap another block) */
		long len = e->hint_len > 0 ? e->hint_len : (long)me.nold;
		if (numbers_of(e, &me, &old_no)) {
			rv = SEAM_ENOMEM;
			goto out;
		}
		me.old_no = old_no;
		lo = index_of_orig(&st->im, e->hint_start - SM_NUMBERED_WINDOW, &p->fuzzy);
		hi = index_of_orig(&st->im, e->hint_start + len + SM_NUMBERED_WINDOW, &p->fuzzy);
		rv = locate(p, st, &me, lo, hi, 1, pe, &msg, &rc, &lz);
		/* not found where its numbers point, on lines an earlier block changed: that is
		   the model's mistake to name (two blocks over the same lines), not a miscopy */
		if (!rv && pe->status == SEAM_STATUS_NO_MATCH)
			rv = sm_plan_overlap(pf, (size_t)(pe - pf->edits), e->hint_start,
					     e->hint_start + len - 1);
		goto out;
	}
	rv = locate(p, st, &me, lo, hi, !e->nanchors || hi == st->im.n, pe, &msg, &rc, &lz);
	if (rv == 1) /* not in the anchor's block: the rest of the file after the anchor */
		rv = locate(p, st, &me, lo, st->im.n, 1, pe, &msg, &rc, &lz);
out:
	/* applied another way than by one candidate (split hunk, replace-all): noted without
	   line numbers */
	if (rv >= 0 && lz.nexp && !pe->message && sm_plan_note_expanded(p, pe, &lz, NULL, NULL))
		rv = SEAM_ENOMEM;
	if (rv >= 0 && lz.ndropped && pe->status == SEAM_STATUS_APPLIED &&
	    sm_plan_note_dropped(p, pe, &lz))
		rv = SEAM_ENOMEM;
	sm_lazy_result_dispose(&lz);
	sm_buf_dispose(&msg);
	sm_prep_dispose(&me);
	sm_free(old_no);
	return rv < 0 ? rv : 0;
}
