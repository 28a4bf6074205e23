/*
 * Fast apply: a lazy snippet (SM_KIND_FAST) merged into the file without a model.
 *
 * The snippet's lines that are not markers are the new file's lines, in order; a marker stands
 * for the file lines between the unchanged lines around it; file lines the snippet neither
 * shows nor covers with a marker are deleted; with no marker at its top the snippet starts at
 * the file's top (the same at the end). Anchoring is one alignment of the snippet to the file
 * (the shape of seam locate's, where an elision absorbs file lines): a snippet line may stand
 * for a file line equal to it (the exact tier's comparison; one that differs in trailing
 * blanks only is written as the snippet has it), or be new; a file line is covered by a marker
 * for free, or deleted. The lines next to each marker are the run's anchors and outrank
 * everything else; then the alignment that deletes fewest file lines, then the one that adds
 * fewest, wins (set_costs).
 *
 * Two alignments of that cost that give different files (found by tracing the cheapest paths
 * back once as early and once as late as they go) mean the runs fit several places: refused,
 * naming the snippet lines placed differently. A marker whose neighbouring line is new has
 * nothing to say where the lines it stands for stop: refused, naming the change (before a
 * tie, which such a change causes).
 *
 * What is left is one ordinary hunk (the changed lines, the file lines between them as context,
 * a few around them): it takes the planner's one path (sm_plan_update_in) on the file lines it
 * came from, so the laziness guard, the ladder, the already-applied check, the splice, the
 * syntax check, the report and the atomic write treat it as every other edit.
 */
#include "plan_fast_doubt.h"
#include "plan_fast_rival.h"
#include "report.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <stdint.h>
#include <string.h>

/* Unchanged lines kept around the hunk's changes: the matcher gets text to confirm the place
 * by, as a diff's three lines of context do. */
#define HUNK_CONTEXT 3

/*
 * How many lines from item k on (dir 1) or back from it (dir -1), at most SM_FAST_ANCHOR_LINES
 * and not past a marker, stand one after another somewhere in the file: the edge of a run the
 * model copied from the file.
 */
static size_t block_len(const fast *F, size_t k, int dir)
{
	size_t best = 0, j, h;

	for (j = 0; j < F->n && best < SM_FAST_ANCHOR_LINES; j++) {
		for (h = 0; h < SM_FAST_ANCHOR_LINES; h++) {
			size_t i = dir > 0 ? k + h : k - h, f = dir > 0 ? j + h : j - h;
			if ((dir < 0 && (h > k || h > j)) || i >= F->m || f >= F->n ||
			    F->it[i].marker || !sm_fast_equal(&F->it[i], sm_ln(F->im, f)))
				break;
		}
		if (h > best)
			best = h;
	}
	return best;
}

/* Marks the anchor block at the edge of a run, starting at item k (not blank, next to a
 * marker but for blank lines). */
static void mark_block(fast *F, size_t k, int dir)
{
	size_t h, len = block_len(F, k, dir);

	/* a blank line at the block's far end says nothing of where the block stands together:
	   blank lines stand everywhere, and a change next to the block's lines moves them */
	while (len > 1 && F->it[dir > 0 ? k + len - 1 : k - (len - 1)].l.blank)
		len--;
	F->it[k].add.hi = (uint64_t)F->m + 1;
	for (h = 1; h < len; h++) {
		size_t i = dir > 0 ? k + h : k - h;
		F->it[i].add.hi = 1;
		/* the block stands together in the file: matched line after line */
		F->it[dir > 0 ? i : i + 1].glue = 1;
	}
}

/*
 * The costs, compared in order (hi first): a new snippet line costs 1 and a deleted file line
 * more than all new lines together, so that of two places for a run the one that deletes
 * fewer file lines is the one meant (a run whose new code resembles the code before it must
 * not swallow that code). Above both, the run's anchors, the lines the snippet claims are in
 * the file: the line at each edge of a run next to a marker (taking it for a new line costs
 * more than breaking every other anchor), and the lines that stand with it in the file, up to
 * SM_FAST_ANCHOR_LINES (taking one for a new line, or deleting a file line inside the block,
 * costs 1). So a run never re-adds its first line at the marker instead of deleting the old
 * lines after it, and a block the model copied is matched where it stands together.
 */
static void set_costs(fast *F)
{
	size_t k, a;

	F->del = (uint64_t)F->m + 1;
	for (k = 0; k < F->m; k++) {
		F->it[k].add.hi = 0;
		F->it[k].add.lo = 1;
	}
	for (k = 0; k < F->m; k++) {
		if (!F->it[k].marker)
			continue;
		for (a = k; a-- > 0 && !F->it[a].marker;)
			if (!F->it[a].l.blank) {
				mark_block(F, a, -1);
				break;
			}
		for (a = k + 1; a < F->m && !F->it[a].marker; a++)
			if (!F->it[a].l.blank) {
				mark_block(F, a, 1);
				break;
			}
	}
}

/* 1 when every non-blank snippet line that path P places on a file line also stands at
 * another file line (indentation aside). */
static int all_repeat(const fast *F, const path *P)
{
	size_t k, any = 0;

	for (k = 0; k < F->m; k++) {
		size_t at = P->at[k];
		uint64_t h = F->it[k].l.h_indent;
		if (at == SM_NOLINE || F->it[k].l.blank)
			continue;
		any = 1;
		if (!sm_image_has(F->im, h, 0, at) && !sm_image_has(F->im, h, at + 1, F->n))
			return 0;
	}
	return (int)any;
}

/* The file line path P places the snippet's first placed line on (0 when none). */
static size_t first_at(const fast *F, const path *P)
{
	size_t k;

	for (k = 0; k < F->m; k++)
		if (P->at[k] != SM_NOLINE)
			return P->at[k];
	return 0;
}

/* Names the snippet lines the two alignments place differently. */
/* The refusal of a snippet whose alignment (or a rival's) the plan's budget could not pay for. */
static int over_budget(seam_plan *p, const fast *F, const sm_pfile *pf, const sm_edit *e,
                       sm_pedit *pe, sm_buf *msg)
{
	sm_report_ctx rc = {pf->path, F->excerpt ? "whole file (read as an excerpt)" : "lazy snippet",
	                    e->reply_line, 0};

	sm_report_budget(msg, &rc, sm_ladder_budget_ms(&p->fuzzy));
	return sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, msg);
}

static void say_ambiguous(seam_plan *p, const fast *F, const path *a, const path *b,
                          const sm_pfile *pf, const sm_edit *e, sm_buf *msg)
{
	size_t i, named = 0;

	sm_fast_head(msg, F->excerpt, pf, e);
	sm_buf_puts(msg, " fits the file in more than one way: ");
	for (i = 0; i < F->m; i++) {
		if (F->it[i].marker || F->it[i].l.blank || a->at[i] == b->at[i])
			continue;
		if (named < SM_FAST_NAME_LINES) {
			sm_buf_puts(msg, named ? "; " : "");
			sm_fast_name_item(p, msg, F, i);
			if (a->at[i] != SM_NOLINE && b->at[i] != SM_NOLINE)
				sm_buf_printf(msg, " fits file lines %ld and %ld",
				              sm_image_orig_near(F->im, a->at[i]),
				              sm_image_orig_near(F->im, b->at[i]));
			else
				sm_buf_printf(msg, " fits file line %ld or is new",
				              sm_image_orig_near(F->im, a->at[i] != SM_NOLINE ? a->at[i]
				                                                               : b->at[i]));
		}
		named++;
	}
	if (!named)
		sm_buf_puts(msg, "its unchanged lines fit several places");
	else if (named > SM_FAST_NAME_LINES)
		sm_buf_printf(msg, "; and %zu more", named - SM_FAST_NAME_LINES);
	sm_buf_puts(msg, F->excerpt ? "." : ". Nothing was changed. Send it again with a line or "
	                 "two around each change that only the place you mean has (a function or "
	                 "class line is best).\n");
}

/* Adds snippet item it as a new line, its reply line with it. */
static int add_item(sm_edit *h, const item *it)
{
	sm_hline hl = {.text = {it->l.p, it->l.n}, .kind = SM_HL_ADD, .reply_line = it->reply_line};
	return sm_edit_add_hline(h, &hl);
}

/*
 * The hunk the alignment amounts to, on file lines [*lo, *hi): context for kept lines, '-' for
 * deleted ones (the file's text), '+' for new ones (the snippet's). 0 with h empty (no '+' or
 * '-' line) when the snippet changes nothing. SEAM_ENOMEM when out of memory.
 */
static int to_hunk(const fast *F, const path *P, sm_edit *h, size_t *lo, size_t *hi)
{
	size_t k, i = 0, j = 0, first = SM_NOLINE, last = 0, jfirst = 0, jlast = 0, ctx;

	for (k = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (mv == MV_ADD || mv == MV_DEL ||
		    (mv == MV_MATCH && sm_fast_equal(&F->it[i], sm_ln(F->im, j)) != 2)) {
			if (first == SM_NOLINE) {
				first = k;
				jfirst = j;
			}
			last = k;
			jlast = j + (mv != MV_ADD);
		}
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	if (first == SM_NOLINE)
		return 0;
	ctx = jfirst < HUNK_CONTEXT ? jfirst : HUNK_CONTEXT;
	*lo = jfirst - ctx;
	*hi = jlast + HUNK_CONTEXT < F->n ? jlast + HUNK_CONTEXT : F->n;
	for (j = *lo; j < jfirst; j++)
		if (sm_edit_add_line(h, SM_HL_CTX, sm_ln(F->im, j)->p, sm_ln(F->im, j)->n))
			return SEAM_ENOMEM;
	/* replay the moves from the first change to the last */
	for (k = 0, i = 0, j = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (k >= first && k <= last) {
			int rc = 0;
			if (mv == MV_MATCH && sm_fast_equal(&F->it[i], sm_ln(F->im, j)) != 2)
				rc = sm_edit_add_line(h, SM_HL_DEL, sm_ln(F->im, j)->p, sm_ln(F->im, j)->n) ||
				     add_item(h, &F->it[i]);
			else if (mv == MV_MATCH || mv == MV_ABSORB)
				rc = sm_edit_add_line(h, SM_HL_CTX, sm_ln(F->im, j)->p, sm_ln(F->im, j)->n);
			else if (mv == MV_DEL)
				rc = sm_edit_add_line(h, SM_HL_DEL, sm_ln(F->im, j)->p, sm_ln(F->im, j)->n);
			else if (mv == MV_ADD)
				rc = add_item(h, &F->it[i]);
			if (rc)
				return SEAM_ENOMEM;
		}
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	for (j = jlast; j < *hi; j++)
		if (sm_edit_add_line(h, SM_HL_CTX, sm_ln(F->im, j)->p, sm_ln(F->im, j)->n))
			return SEAM_ENOMEM;
	return 0;
}

/* Where path P puts the snippet (see sm_fast_place). The cuts are measured from the first and
 * last lines with a word that stand for file lines: a blank line matches anywhere, and the
 * alignment puts it as far out as it can. */
static void place_of(const fast *F, const path *P, sm_fast_place *at)
{
	size_t k, i = 0, j = 0, first = SM_NOLINE, last = 0;

	memset(at, 0, sizeof(*at));
	for (k = 0; k < P->n; k++) {
		unsigned char mv = P->v[k];
		if (mv == MV_ABSORB && i == 1 && F->it[0].marker)
			at->above++;
		else if (mv == MV_ABSORB && i == F->m && F->it[F->m - 1].marker)
			at->below++;
		if (mv == MV_MATCH && sm_text_has_word(F->it[i].l.p, F->it[i].l.n)) {
			if (first == SM_NOLINE)
				first = j;
			last = j;
			at->matched++;
		}
		i += mv == MV_MATCH || mv == MV_ADD || mv == MV_ENTER;
		j += mv == MV_MATCH || mv == MV_ABSORB || mv == MV_DEL;
	}
	if (!F->it[0].marker)
		at->cut_above = first == SM_NOLINE ? F->n : first;
	if (!F->it[F->m - 1].marker)
		at->cut_below = first == SM_NOLINE ? F->n : F->n - 1 - last;
}

/* sm_plan_fast_edit, or with excerpt set sm_plan_fast_excerpt (*at filled once placed). */
static int fast_run(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
		    int excerpt, sm_fast_place *at)
{
	fast F;
	path a = {0}, b = {0}, c = {0}, d = {0}, w = {0}, *use;
	sm_edit h;
	sm_buf msg = SM_BUF_INIT, why = SM_BUF_INIT;
	size_t k, lines = 0, lo = 0, hi = 0;
	cost base;
	int rv = -1, ua, ub;

	memset(&F, 0, sizeof(F));
	memset(&h, 0, sizeof(h));
	F.excerpt = excerpt;
	pe->tier = -1;
	pe->strategy = "";
	for (k = 0; k < e->nlines; k++)
		lines += e->lines[k].kind != SM_HL_CTX &&
		         !sm_text_is_blank(e->lines[k].text.p, e->lines[k].text.n);
	if (!lines) {
		sm_fast_head(&msg, F.excerpt, pf, e);
		sm_buf_puts(&msg, " holds only markers and blank lines: it changes nothing. Nothing "
		                  "was changed. Send the changed lines with a few unchanged lines "
		                  "around them.\n");
		return sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
	}
	if (!st->exists || !st->im.n) {
		/* a new file (or an empty one): no marker reached the planner with one, since
		   markers make the file required; the lines are its content */
		for (k = 0; k < e->nlines; k++)
			if (e->lines[k].kind == SM_HL_CTX)
				break;
		if (k == e->nlines) {
			h = *e;
			h.kind = SM_KIND_HUNK;
			return sm_plan_update_in(p, pf, st, &h, pe, 0, st->im.n);
		}
	}
	F.im = &st->im;
	F.m = e->nlines;
	F.n = st->im.n;
	if ((F.m + 1) > SM_FAST_MAX_CELLS / (F.n + 1)) {
		sm_fast_head(&msg, F.excerpt, pf, e);
		if (F.excerpt) /* its two markers are not the reply's */
			sm_buf_printf(&msg, " has %zu lines and the file %zu: aligning them is over "
			                    "seam's limit.", F.m - (e->lines[0].kind == SM_HL_CTX) -
			                    (e->lines[F.m - 1].kind == SM_HL_CTX), F.n);
		else
			sm_buf_printf(&msg, " has %zu lines and the file %zu: aligning them is over "
			                    "seam's limit. Nothing was changed. Send the change as "
			                    "SEARCH/REPLACE blocks, or as smaller snippets.\n", F.m, F.n);
		return sm_plan_fail(pe, SEAM_STATUS_TOO_LARGE, &msg);
	}
	/* the alignment's cells are matching work like the ladder's: the plan's budget pays for
	   them, and a snippet it cannot pay for is not aligned */
	if (sm_budget_out(&p->fuzzy) ||
	    sm_budget_charge(&p->fuzzy, (uint64_t)(F.m + 1) * (F.n + 1))) {
		return over_budget(p, &F, pf, e, pe, &msg);
	}
	F.it = sm_calloc(F.m, sizeof(*F.it));
	F.mv = sm_malloc((F.m + 1) * (F.n + 1));
	if (!F.it || !F.mv)
		goto out;
	for (k = 0; k < F.m; k++) {
		sm_line_init(&F.it[k].l, e->lines[k].text.p, e->lines[k].text.n);
		F.it[k].marker = e->lines[k].kind == SM_HL_CTX;
		F.it[k].reply_line = e->lines[k].reply_line;
		/* a comment of the file shaped like a marker ("# the same each time..."), copied by
		   the model with the lines around it, is that line, not a marker: taken for one,
		   it would absorb the lines next to it for free and keep the ones the snippet
		   deletes. A marker that says it stands for existing code, in placeholder words
		   only, stays one; a line of prose that holds such words (" * of the file
		   unchanged ... is read as"), the file's own, does not. */
		if (F.it[k].marker &&
		    (!sm_placeholder_says_existing(F.it[k].l.p, F.it[k].l.n) ||
		     !sm_placeholder_words_only(F.it[k].l.p, F.it[k].l.n))) {
			if (sm_image_has(F.im, F.it[k].l.h_indent, 0, F.n))
				F.it[k].marker = 0;
			else /* prose: sure of it only when the file has no line much like it */
				F.it[k].unsure = !sm_is_elision(F.it[k].l.p, F.it[k].l.n) &&
				                 !sm_placeholder_words_only(F.it[k].l.p, F.it[k].l.n);
		}
	}
	set_costs(&F);
	if (sm_fast_align(&F) || sm_fast_trace(&F, 0, &a) || sm_fast_trace(&F, 1, &b))
		goto out;
	base = F.final;
	/* a change with nothing to place it by, however the rest falls: refused as such (a tie
	   of the places it could take is a symptom of it) */
	ua = sm_fast_unplaced(p, &F, &a, pf, e, &msg);
	if (ua) {
		sm_buf_dispose(&why);
		why = msg;
		msg = (sm_buf)SM_BUF_INIT;
	}
	ub = sm_fast_unplaced(p, &F, &b, pf, e, &msg);
	if (ua && ub) {
		sm_buf_dispose(&msg);
		rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &why);
		goto out;
	}
	sm_buf_clear(&msg);
	if (!sm_fast_same_result(&F, &a, &b)) {
		say_ambiguous(p, &F, &a, &b, pf, e, &msg);
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	/* one file either way: it is placed when one of the two ways has every marker between
	   unchanged lines (a new line equal to an unchanged one may stand on either side) */
	use = ua ? &b : &a;
	if ((ua = sm_fast_unsure_marker(p, &F, use, pf, e, &msg))) {
		rv = sm_plan_fail(pe, ua == 2 ? SEAM_STATUS_TOO_LARGE : SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	if (sm_fast_doubled(p, &F, use, pf, e, &msg)) {
		rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
		goto out;
	}
	if (sm_fast_earlier_copy(p, &F, use, pf, e, &msg)) {
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	/* the cost that makes a deleted file line outweigh every new one is a choice: a run
	   whose anchors repeat may be placed at a copy where it deletes nothing but writes
	   lines the file has a few lines on (a moved line written as copies, a renamed pair of
	   lines beside the old ones). Aligned again with a deleted line costing what a new one
	   does, the snippet must give the same file (both ways of tracing), else the reply
	   does not say which it means: refused, naming the lines placed differently. In that
	   alignment a line the snippet adds may also stand for a file line much like it, as
	   that line changed, at the cost of adding it: the price of a deleted line against a
	   new one is what told "a line added at one copy of the run's anchors" from "a line
	   changed at another copy" (a changed line costs both), and no price says which the
	   model meant. */
	if (sm_budget_charge(&p->fuzzy, (uint64_t)(F.m + 1) * (F.n + 1))) {
		rv = over_budget(p, &F, pf, e, pe, &msg);
		goto out;
	}
	{
		uint64_t del = F.del;
		int same, fail;
		F.del = 1;
		for (k = 0; k < F.m; k++)
			F.it[k].changeable = !F.it[k].marker && use->at[k] == SM_NOLINE &&
			                     !F.it[k].add.hi && sm_fast_twice_worthy(&F.it[k].l);
		F.changes = 1;
		fail = sm_fast_align(&F) || sm_fast_trace(&F, 0, &c) || sm_fast_trace(&F, 1, &d);
		F.changes = 0;
		F.del = del;
		if (fail)
			goto out;
		/* both ways of tracing: at a tie of this cost (a run that adds a changed line
		   at one place, or replaces the line it changes at another) one trace giving
		   the same file is not the reply deciding */
		same = sm_fast_same_result(&F, use, &c);
		if (!same || !sm_fast_same_result(&F, use, &d)) {
			say_ambiguous(p, &F, use, same ? &d : &c, pf, e, &msg);
			rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
			goto out;
		}
	}
	/* the lines that stand with a run's edge line in the file outrank any number of deleted
	   lines: a run whose block was broken at its place (a line moved, changed) is matched
	   where the block stands whole, however far on, and every file line between is deleted.
	   Aligned again with the edge lines alone as anchors, a snippet that then deletes far
	   fewer file lines and gives another file does not say which it means: refused. */
	rv = sm_fast_block_doubt(&F, use, &w, &p->fuzzy);
	if (rv < 0)
		goto out;
	if (rv == 2) {
		rv = over_budget(p, &F, pf, e, pe, &msg);
		goto out;
	}
	if (rv) {
		rv = 0;
		say_ambiguous(p, &F, use, &w, pf, e, &msg);
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	if (at)
		place_of(&F, use, at);
	if (to_hunk(&F, use, &h, &lo, &hi))
		goto out;
	if (!sm_edit_count(&h, SM_HL_ADD) && !sm_edit_count(&h, SM_HL_DEL) && !excerpt) {
		/* runs of nothing but the lines next to their markers say where, not what: a
		   model that meant to delete the lines between them left the change out */
		for (k = 0; k < F.m; k++)
			if (!F.it[k].marker && !F.it[k].l.blank && F.it[k].add.hi <= F.m)
				break;
		if (k == F.m) {
			sm_fast_head(&msg, F.excerpt, pf, e);
			sm_buf_puts(&msg, " holds nothing but the unchanged lines next to its markers: "
			                  "it changes nothing. Nothing was changed. To delete lines, "
			                  "show the unchanged lines just before and after them with no "
			                  "marker between.\n");
			rv = sm_plan_fail(pe, SEAM_STATUS_NO_MATCH, &msg);
			goto out;
		}
	}
	if (!sm_edit_count(&h, SM_HL_ADD) && !sm_edit_count(&h, SM_HL_DEL) && !excerpt &&
	    all_repeat(&F, use)) {
		/* it stands in the file as it is, but every line of it stands elsewhere too: a
		   copy of code the file repeats, which the snippet may well mean to change at
		   another copy (a line deleted there); "already applied" would skip it silently */
		sm_fast_head(&msg, F.excerpt, pf, e);
		sm_buf_printf(&msg, " stands in the file unchanged at line %ld, but each of its "
		                    "lines stands at other places too: it may be meant for one of "
		                    "those, and it says nothing to tell them apart. Nothing was "
		                    "changed. Send it again with a line or two around the change "
		                    "that only the place you mean has (a function or class line is "
		                    "best).\n",
		              sm_image_orig_near(F.im, first_at(&F, use)));
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	/* the line next to a marker that stands at another place too, where the run fits about
	   as well, or lines moved where the alignment read them copied beside their old place or
	   deleted a stretch of the file to keep them: refused when that reading gives another
	   file */
	rv = sm_fast_edge_rival(&F, use, base, &w, &p->fuzzy);
	if (!rv)
		rv = sm_fast_move_rival(&F, use, base, &w, &p->fuzzy);
	if (rv < 0)
		goto out;
	if (rv == 2) {
		rv = over_budget(p, &F, pf, e, pe, &msg);
		goto out;
	}
	if (rv) {
		say_ambiguous(p, &F, use, &w, pf, e, &msg);
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	/* lines added beside a block, or the block's body taken out of it: refused when both
	   fit */
	rv = sm_fast_unwrap_rival(&F, use, base, &w, &k, &p->fuzzy);
	if (rv < 0)
		goto out;
	if (rv == 2) {
		rv = over_budget(p, &F, pf, e, pe, &msg);
		goto out;
	}
	if (rv) {
		sm_fast_head(&msg, F.excerpt, pf, e);
		sm_buf_puts(&msg, " reads two ways: ");
		sm_fast_name_item(p, &msg, &F, k);
		sm_buf_printf(&msg, " is a new line, or file line %ld taken out of the block around "
		                    "it and re-indented, the block's other lines deleted.",
		              sm_image_orig_near(F.im, w.at[k]));
		sm_buf_puts(&msg, F.excerpt ? "" : " Nothing was changed. Send it again with the "
		                  "unchanged lines just before and after the change and no marker "
		                  "between them and it, so that what it keeps of the block is "
		                  "shown.\n");
		rv = sm_plan_fail(pe, SEAM_STATUS_AMBIGUOUS, &msg);
		goto out;
	}
	if (!sm_edit_count(&h, SM_HL_ADD) && !sm_edit_count(&h, SM_HL_DEL)) {
		pe->status = SEAM_STATUS_ALREADY_APPLIED;
		pe->strategy = "already-applied";
		rv = 0;
		goto out;
	}
	h.reply_line = e->reply_line;
	h.hint_len = -1;
	h.flags = e->flags & (SM_EDIT_NEW_NOEOL);
	rv = sm_plan_update_in(p, pf, st, &h, pe, lo, hi);
	if (!rv && pe->status == SEAM_STATUS_APPLIED && !strcmp(pe->strategy, "exact"))
		pe->strategy = "fast-apply";
out:
	sm_buf_dispose(&msg);
	sm_buf_dispose(&why);
	sm_free(h.lines);
	sm_free(h.anchors);
	sm_fast_path_free(&a);
	sm_fast_path_free(&b);
	sm_fast_path_free(&c);
	sm_fast_path_free(&d);
	sm_fast_path_free(&w);
	sm_free(F.it);
	sm_free(F.mv);
	return rv < 0 ? rv : 0;
}

int sm_plan_fast_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe)
{
	return fast_run(p, pf, st, e, pe, 0, NULL);
}

int sm_plan_fast_excerpt(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e,
			 sm_pedit *pe, sm_fast_place *at)
{
	return fast_run(p, pf, st, e, pe, 1, at);
}
