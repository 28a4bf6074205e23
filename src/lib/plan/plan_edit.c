/*
 * One edit of an update, from the reply's lines to the changed image: the laziness guard, the
 * strict tiers, the "already applied" check, the tolerant tiers, the split of a hunk into its
 * change runs, the fuzzy tier, then the splice. Failures get their message here, where what
 * was tried is known.
 */
#include "plan_impl.h"
#include "plan_edit_splice.h"
#include "plan_split_hook.h"
#include "plan_edit_refuse.h"
#include "plan_new_side.h"
#include "../match/prep.h"
#include "../match/lazy.h"
#include "report.h"
#include "../core/session.h"
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

/*
 * The syntax tie-break's note (sm_syntax_tiebreak) joined to what sm_plan_splice_at made of the
 * place it chose: an applied edit leads with it (why that place), beside any note of its own; a
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
	line = sm_plan_new_text_elsewhere(&st->im, me, at, nnew, &p->fuzzy, &k);
	if (line != SM_NOLINE) {
		d = &me->seq[k].l;
		alone_head(msg, rc, &st->im, at);
		sm_buf_puts(msg, "), but each line it adds stands elsewhere in the file too, \"");
		sm_buf_put_quoted(msg, d->p, d->n, 120);
		sm_buf_printf(msg,
		              "\" at line %ld, and the lines it keeps stand so at another place "
		              "too: the file holds its new side whether or not the edit is made, "
		              "and its old side is not as the file has it (a line left out, made "
		              "up or miscopied?).",
		              sm_image_orig_near(&st->im, line));
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
	split_arg sa = {p, st, me, lo, hi, pe, rc, SM_NOLINE, {SM_NOLINE, SM_NOLINE}};
	sm_mctx c = {&st->im, me, lo, hi, NULL, &p->fuzzy, sm_plan_split_hook, &sa, NULL, NULL};
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
		if (err || sm_plan_splice_at(p, st, me, &m, lo, hi, pe, lz, rc, note.len > 0))
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
		if (sa.blank_at[0] < st->im.n && sa.blank_at[1] < st->im.n) {
			/* cut into runs it fits but for a blank line read on either side of the
			   stretch it leaves out, lines added below it: said so, not "not found" */
			rv = sm_plan_refuse_blank_undecided(pe, rc, &st->im, sa.blank_at[0],
			                                    sa.blank_at[1]);
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
