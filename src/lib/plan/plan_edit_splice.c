/*
 * One edit's place, found by the ladder, judged and spliced: the rival readings that refuse it,
 * "already applied", the splice itself.
 */
#include "plan_edit_splice.h"
#include "plan_edit_refuse.h"
#include "../core/session.h"
#include "plan_already_rival.h"
#include "plan_already_impl.h"
#include "plan_new_side.h"
#include "../match/splice_twin.h"
#include "../match/splice_tie.h"
#include "../match/splice_moved_twice.h"
#include "../match/splice_cut_copy.h"
#include "../../util/alloc.h"

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

/* The first file line of place c that a change run of me deletes, adding nothing, while an
 * earlier edit of the reply wrote it (a line of substance with no number before the reply):
 * SM_NOLINE when none. An edit that only takes off a line another edit of the same reply has just
 * written undoes part of it, and the two together say what neither says (a line moved, then
 * gone): a reply may build one edit on another, but an old side that fits only over lines the
 * reply wrote may as well be one the model copied from elsewhere in the file, met here by chance
 * (the caller asks whether its new side stands elsewhere). */
static size_t deletes_written(const sm_image *im, const sm_medit *me, const sm_cand *c)
{
	size_t i, f, a, z, j;

	for (i = 0; i < me->nold; i++) {
		const sm_mline *ml = &me->seq[me->old[i]];
		if (ml->kind != SM_HL_DEL || ml->keep || ml->l.blank || c->lo[i] == SM_NOLINE)
			continue;
		sm_change_run(me, me->old[i], &a, &z);
		for (j = a; j < z && me->seq[j].kind != SM_HL_ADD; j++)
			;
		if (j < z)
			continue;
		for (f = c->lo[i]; f < c->hi[i] && f < im->n; f++)
			if (!sm_ln(im, f)->orig && sm_already_solid(sm_ln(im, f)))
				return f;
	}
	return SM_NOLINE;
}

/* The refusal of a new side standing as written (at2) while the old side fits only loosely
 * (sm_plan_new_side_rival and its blank-bound form): sent again, or meant for the loose place? */
static int refuse_rival(sm_pedit *pe, const sm_report_ctx *rc, sm_pstate *st, const sm_match *m,
                        size_t at2)
{
	int elided = m->best.tier == SM_TIER_ELIDE,
	    halves = m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK;
	return sm_plan_refuse_beside(
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

/* The old lines of me a placeholder's expansion kept (lz->exp), marked 1; NULL when out of
 * memory. Measured (tiny 1,000, seed 8955 lazy + merged-hunks + missing-context): asking the
 * halves holding them too refused a right reply whose placeholder's half the other reading
 * placed on a copy; asking none let a tail read on its nearest copy write the wrong file. */
static unsigned char *put_in_mask(const sm_medit *me, const sm_lazy_result *lz)
{
	unsigned char *mask = sm_calloc(me->nold ? me->nold : 1, 1);
	size_t i, j;

	for (i = 0; mask && i < lz->nexp; i++)
		for (j = lz->exp[i].old0; j != SM_NOLINE && j <= lz->exp[i].old1 && j < me->nold;
		     j++)
			mask[j] = 1;
	return mask;
}

int sm_plan_splice_at(seam_plan *p, sm_pstate *st, const sm_medit *me, const sm_match *m, size_t lo,
                      size_t hi, sm_pedit *pe, const sm_lazy_result *lz, const sm_report_ctx *rc,
                      int syntax_chose)
{
	size_t first, count, ws, we, at2 = 0, merged,
	                             gap = sm_splice_undecided(&st->im, me, &m->best);
	int err = 0, cut = 0;

	if (gap != SM_NOLINE) {
		/* new lines at a run of file lines the edit left out: before them or after? The
		   reply does not say, and a guess puts them on the wrong side of the gap */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS, " adds lines where it leaves out ",
		    "): it does not say whether they go before or after it. Send it "
		    "again with that line as an unchanged line.\n");
	}
	gap = sm_splice_blank_sides(me, &m->best);
	if (gap != SM_NOLINE) {
		/* more blank lines around its additions than the file has there: which of them
		   does the file's blank line stand for? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " adds lines between blank lines, more of them than the file has there, "
		    "beside ",
		    "): it does not say whether they go before or after that blank line, and a "
		    "line "
		    "it left out between the blank lines may be where they belong. Send it again "
		    "with the lines around them as the file has them.\n");
	}
	gap = sm_splice_empty_marker(me, &m->best);
	if (gap != SM_NOLINE && st->im.n)
		return sm_plan_refuse_empty_marker(pe, rc, &st->im, gap);
	gap = sm_splice_left_out_in_rewrite(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a line left out beside a line the edit deletes, whose text the new side holds:
		   one of the lines it rewrites, or a line to keep (and where)? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " leaves out, beside a line it deletes, ",
		    "), while its new side holds a line of that text: it does not say "
		    "whether that line is rewritten by it or kept. Send it again with "
		    "that line in its old side.\n");
	}
	gap = sm_splice_gap_slides(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* copies of one line on both sides of a stretch the edit left out, paired
		   differently by its two sides: which of them go before the stretch? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " leaves out, between copies of one line, ",
		    "), while its new side holds those copies paired otherwise: it does "
		    "not say which of them stand before that line and which after. Send "
		    "it again with that line in its old side.\n");
	}
	gap = sm_splice_twin_reading(&st->im, me, &m->best, &ws);
	if (gap != SM_NOLINE) {
		/* an unchanged line whose new copy the sides' diff could pair with a deleted copy
		   of it as well, the two standing on either side of lines the edit leaves out:
		   which copy stays decides where the line is written */
		return sm_plan_refuse_copy_reading(pe, rc, &st->im, gap, ws);
	}
	gap = sm_splice_tie_reading(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* lines left out between copies of a line on its sides, which the sides' diff
		   pairs one way as well as another: which copies stand before them? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " leaves out, among lines its two sides hold copies of, ",
		    "), and its sides pair those copies one way as well as another, which put "
		    "different lines before it: it does not say which. Send it again with that "
		    "line in its old side.\n");
	}
	gap = sm_plan_cut_taken_for_new(&st->im, me, &m->best, &p->fuzzy, &ws);
	if (gap != SM_NOLINE) {
		/* a line of the old side that no file line stands for here, while a line of the
		   file starts with it and goes on mid-word (or stands between the lines the old
		   side has around it): cut short by the model, and the place
		   found without it may not be the one it was copied from */
		sm_buf msg = SM_BUF_INIT;
		sm_report_file_line(&msg, rc, &st->im, m->best.start, " fits only from ");
		sm_buf_puts(&msg, ") with its line \"");
		sm_buf_put_quoted(&msg, me->seq[ws].l.p, me->seq[ws].l.n, 120);
		sm_buf_printf(&msg, "\" standing for no line there, while line %ld (",
		              sm_image_orig_near(&st->im, gap));
		sm_buf_put_quoted(&msg, sm_ln(&st->im, gap)->p, sm_ln(&st->im, gap)->n, 120);
		sm_buf_puts(
		    &msg, ") is that line whole: it looks cut short, and the place may be the "
		          "wrong one. Send it again with that line copied whole from the file.\n");
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
	}
	gap = sm_splice_beside_copy(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a line written right beside its own copy (moved there, or one more), or that
		   copy left out of the old side: the reply does not say which */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " writes, at the edge of its place, a copy of ",
		    "), the line right beyond that edge: it does not say whether "
		    "that line was left out of its old side (it then stays once) or is "
		    "written again beside it (twice in a row). Send it again with that line "
		    "in its old side.\n");
	}
	gap = sm_splice_move_past_left_out(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* lines moved past a line the old side left out (kept once), or that line
		   written a second time before them: the reply does not say which */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " writes a copy of the line right beyond the edge of its place, ",
		    "), and lines of its old side past that copy: it does not say whether "
		    "that line was left out of its old side (the lines move past it, and it "
		    "stays once) or is written a second time (the lines between the two "
		    "copies). Send it again with that line in its old side.\n");
	}
	gap = sm_splice_gap_beside_moved(&st->im, me, &m->best, &ws);
	if (gap != SM_NOLINE) {
		/* lines left out next to a line the edit moves: do they stay, or go with it? */
		return sm_plan_refuse_beside(
		    pe, rc, &st->im, gap, " leaves out ", "), next to line ", ws,
		    "), which it moves past lines it keeps: it does not say whether the lines "
		    "left out stay where the file has them or go with that line to its new "
		    "place. Send it again with those lines in its old side.\n");
	}
	gap = sm_splice_left_out_moved_twice(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a line left out of the old side, kept, and its copy written by the new side
		   elsewhere: moved (once) or one more (twice)? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS, " leaves out, inside its place, ",
		    "), while its new side writes a line of that text elsewhere: it does not say "
		    "whether that is the line moved (it then stands once) or one more copy "
		    "(twice). "
		    "Send it again with that line in its old side.\n");
	}
	if (!me->blocklike && sm_plan_skipped_done(&st->im, me, &m->best, &gap) == 2) {
		/* some of its additions already stand at the place, on lines the old side does
		   not mention, and the rest do not: applied, those would be written twice */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_NO_MATCH,
		    " fits only by passing over lines that are some of its additions, "
		    "already there from ",
		    "), while the rest of it is not made: it may have been applied "
		    "in part before. Send only the part still to make, with the file's "
		    "lines around it as they are now.\n");
	}
	if (!me->blocklike && sm_plan_passes_added(&st->im, me, &m->best, &gap)) {
		/* a line it adds stands inside the place, on a line the old side passes over */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " fits only by passing over a line that is one of its additions, "
		    "already there: ",
		    "): it may be applied already, or its old side is not as the file "
		    "has it. If it is not applied, send it again with the lines around the "
		    "change as the file has them now.\n");
	}
	if (me->blocklike && sm_plan_passes_all_added(&st->im, me, &m->best, &gap)) {
		/* every line it adds stands inside the place, on lines the old side passes over
		   with another line besides */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " fits only by passing over lines that are all its additions, already "
		    "there from ",
		    "), and another line besides: it may be applied already, or its old side "
		    "left them out. If it is not applied, send it again with the lines around "
		    "the change as the file has them now.\n");
	}
	gap = sm_splice_doubled(&st->im, me, &m->best, &merged, &at2);
	if (gap != SM_NOLINE) {
		/* a line left out of the old side, kept, beside the new side's copy of it: the
		   copy may be that line itself (once) or another beside it (twice); after the
		   questions of additions already standing on the lines let go, which say more */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS, " leaves out ",
		    "), while its new side writes a line of that text beside it, or where the "
		    "file has it, and the splice would write both: it does not say whether that "
		    "line is the one left out (kept once) or another beside it (twice). Send it "
		    "again with that line in its old side.\n");
	}
	gap = merged;
	if (gap != SM_NOLINE && at2 != SM_NOLINE) {
		/* a line left out of the old side, written once for the new side's added copy,
		   while the edit deletes another copy: that line (once) or the deleted one moved
		   beside it (twice)? */
		return sm_plan_refuse_beside(
		    pe, rc, &st->im, gap, " leaves out ",
		    "), while its new side adds a line of that text there and its old side deletes "
		    "another copy, line ",
		    at2,
		    "): it does not say whether the added line is the one left out (written once) "
		    "or the deleted copy moved beside it (both stay). Send it again with the "
		    "left-out line in its old side.\n");
	}
	gap = sm_splice_cut_copy(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* a merged hunk's new side reading, from the lines it adds at its cut, as the
		   file's lines above its second piece: those lines left out of the old side
		   (kept once) or new lines at the end of the first piece (twice)? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " fits as two pieces, and the lines its new side adds between them read as "
		    "the file's lines from ",
		    "), right above its second piece: it does not say whether those lines were "
		    "left out of its old side (they stay once) or are new lines at the end of its "
		    "first piece (written twice). Send it again with that line in its old side, or "
		    "as two edits.\n");
	}
	gap = sm_splice_left_out_added(&st->im, me, &m->best, me);
	if (gap != SM_NOLINE) {
		/* a line just past the place found, which the new side holds too: left out of the
		   old side (kept once) or added beside itself (written twice)? */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, gap, SEAM_STATUS_AMBIGUOUS,
		    " fits only with a blank line at an edge of its old side let go, "
		    "and its new side holds ",
		    "), which stands right beyond that edge: it does not say whether "
		    "that line was left out of the old side (it stays once) or the new "
		    "side's copy is another line beside it (written twice). Send it "
		    "again with that line in the old side as an unchanged line, or "
		    "without the blank line.\n");
	}

	if (sm_plan_new_side_in_place(&st->im, me, &m->best, &at2)) {
		/* the file reads as the new side inside the loose place */
		return sm_plan_refuse_at(
		    pe, rc, &st->im, at2, SEAM_STATUS_AMBIGUOUS,
		    " fits only loosely, while the file reads as its new side, every line as "
		    "written, from ",
		    ") inside that place: it may be applied already. If it is not, send it "
		    "again with its old side as the file has it.\n");
	}
	if (sm_plan_blank_moved_done(&st->im, me, &m->best, &at2)) {
		/* the file reads as the new side where the old side fits only with a blank
		   line let go: made already, or a blank line misplaced? */
		sm_buf msg = SM_BUF_INIT;
		sm_report_file_line(
		    &msg, rc, &st->im, m->best.start,
		    " fits only with a blank line of its old side let go, while the "
		    "file reads as its new side from ");
		sm_buf_printf(&msg,
		              ") to line %ld: it may be applied already. If it is not, send "
		              "it again with the blank lines as the file has them.\n",
		              sm_image_orig_near(&st->im, at2 > 0 ? at2 - 1 : 0));
		return sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
	}
	at2 = sm_plan_copy_apart(me, &m->best);
	if (at2 != SM_NOLINE) {
		return sm_plan_refuse_at(
		    pe, rc, &st->im, at2, SEAM_STATUS_AMBIGUOUS,
		    " deletes a copy of the line beside it, and fits only with the "
		    "two apart in the file, deleting ",
		    "): it may be deleted already. If it is not, send it again with "
		    "the lines between the two as the file has them.\n");
	}
	at2 = sm_plan_unmarked_swap(&st->im, me, &m->best, lo, hi, &p->fuzzy);
	if (at2 != SM_NOLINE) {
		return sm_plan_refuse_at(
		    pe, rc, &st->im, at2, SEAM_STATUS_AMBIGUOUS,
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
		return sm_plan_refuse_beside(
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
		return sm_plan_refuse_beside(
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
		return sm_plan_refuse_beside(
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
		return sm_plan_refuse_beside(
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
		return sm_plan_refuse_beside(
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
	/* ... or, whatever the new side holds, the place reads a deletion apart from the context
	   beside it, over lines of the file, while the new side stands as written away from the
	   deleted lines */
	if (sm_plan_deletion_read_past(&st->im, me, &m->best, lo, hi, &p->fuzzy, &at2, &err))
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
			return sm_plan_refuse_copy_reading(pe, rc, &st->im, at2, we);
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
			return sm_plan_refuse_beside(
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
			return sm_plan_refuse_beside(
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
			return sm_plan_refuse_beside(
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
	if (m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK ||
	    m->best.tier == SM_TIER_FUZZY || m->best.tier == SM_TIER_REPAIR) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		int r = sm_pieces_adds_rival(&c, &m->best, &at2);
		if (r < 0)
			return SEAM_ENOMEM;
		if (r) {
			int cut =
			    m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK;
			return sm_plan_refuse_beside(
			    pe, rc, &st->im, m->best.start,
			    cut ? " fits as two halves with file lines between them from "
			        : " fits only loosely, across file lines it leaves out, from ",
			    "), while one half also fits from line ", at2,
			    ") with lines its new side adds standing in it, left out of "
			    "its old side: it does not say which is meant. Send it again as "
			    "two edits, each with its lines as the file has them.\n");
		}
	}
	/* ... or, cut in two, stands as a merged hunk's halves elsewhere but for one file line
	   of substance they leave out, while this place lets go more (with a placeholder
	   expanded, only a half holding no line kept for it: put_in_mask). The merged-hunk tiers'
	   halves as written are asked only when short and lying in the stretch the other reading
	   skips (match_one_out_rival.c, measured) */
	if (m->best.tier == SM_TIER_REPAIR || m->best.tier == SM_TIER_FUZZY ||
	    m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		unsigned char *put_in = NULL;
		int r;
		if (lz && lz->nexp && !(put_in = put_in_mask(me, lz)))
			return SEAM_ENOMEM;
		r = sm_pieces_one_out_rival_put_in(&c, &m->best, put_in, &at2);
		sm_free(put_in);
		if (r < 0)
			return SEAM_ENOMEM;
		if (r) {
			int cut =
			    m->best.tier == SM_TIER_PIECES || m->best.tier == SM_TIER_PIECES_BLANK;
			return sm_plan_refuse_beside(
			    pe, rc, &st->im, m->best.start,
			    cut ? " fits as two halves with file lines between them from "
			        : " fits only loosely from ",
			    "), while it also stands as two halves with file lines between them "
			    "but for one file line its old side leaves out, one half from line ",
			    at2,
			    "): it does not say which is meant. Send it again as two edits, each "
			    "with its lines as the file has them.\n");
		}
	}
	/* ... or, cut in two, has a piece that fits at another place beyond the other piece
	   with no more slips than here, the stretch between counted as one: which copy it
	   changes the reply does not say (not with a placeholder expanded, as above) */
	if (m->best.tier >= SM_TIER_PIECES && m->best.tier != SM_TIER_SPLIT && !(lz && lz->nexp)) {
		sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, NULL, NULL, NULL, NULL};
		int r = sm_piece_moved_rival(&c, &m->best, &at2);
		if (r < 0)
			return SEAM_ENOMEM;
		if (r)
			return sm_plan_refuse_beside(
			    pe, rc, &st->im, m->best.start, " fits from ",
			    "), while cut in two, one of its pieces fits as well from line ", at2,
			    "), with file lines between it and the other: it does not say "
			    "which is meant. Send it again as two edits, each with its lines "
			    "as the file has them.\n");
	}
	gap = deletes_written(&st->im, me, &m->best);
	if (gap != SM_NOLINE) {
		/* ... while its new side stands as written elsewhere: made there already, this
		   edit sent again and its old side only met by chance on what the other wrote */
		size_t two[2], at;
		sm_cand w;
		int r = sm_new_side_places(&st->im, me, lo, hi, &p->fuzzy, SM_POLICY_RIVAL, &w, two,
		                           &err);
		if (err)
			return SEAM_ENOMEM;
		if (r == 1 && w.start < m->best.end && w.end > m->best.start)
			r = 0;
		if (r) {
			/* of two places, the one away from this edit's */
			at = r == 1 ? w.start
			            : (two[0] >= m->best.start && two[0] < m->best.end ? two[1]
			                                                               : two[0]);
			return sm_plan_refuse_beside(pe, rc, &st->im, gap, " takes off ",
			                             "), a line an earlier edit of the reply "
			                             "writes there, while its new side "
			                             "stands as written from line ",
			                             at,
			                             "): it may be applied already. If it is not, "
			                             "send it again with its old "
			                             "side as the file has it.\n");
		}
	}
	gap = sm_splice_cross_reading(&st->im, me, &m->best, &ws, &cut);
	if (gap != SM_NOLINE) {
		/* an unchanged line the new side swaps with its neighbours, while a copy of it
		   left out (or cut short) may be the line the new side means: which is kept? */
		return sm_plan_refuse_beside(
		    pe, rc, &st->im, gap, " keeps, moving lines across it, ",
		    cut ? "), while its line standing for line "
		        : "), while a copy of it stands among the lines it leaves out, at line ",
		    ws,
		    cut ? ") is that line cut short: its new side may mean that line written "
		          "whole, this one deleted, which writes another file. Send it again with "
		          "the line copied whole.\n"
		        : "): its new side may mean that copy, this line deleted, which writes "
		          "another file. Send it again with the lines between the two in its old "
		          "side.\n");
	}
	gap = sm_splice_edge_repeat(&st->im, me, &m->best, &ws);
	if (gap != SM_NOLINE) {
		/* lines added among edge lines the file holds twice in a row: on the copy the
		   match found, or on the other one, the lines between left out of the old side?
		   (asked last: a reading that says it is made, or another place, says more) */
		return sm_plan_refuse_beside(
		    pe, rc, &st->im, ws, " adds lines among unchanged lines that stand from ",
		    "), while the file has a copy of those lines right beyond them, from line ",
		    gap,
		    "): read on that copy, the lines between left out of its old side, the added "
		    "lines go there instead, and it does not say which copy it means. Send it "
		    "again with more unchanged lines around the added ones, as the file has "
		    "them.\n");
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
