/*
 * The plan: every file operation of the reply resolved, read, and carried out on an in-memory
 * image, in reply order (a later edit sees what an earlier one did, as a model writing them in
 * sequence expects). Nothing touches the tree until seam_plan_commit, and that writes all files
 * or none.
 */
#include "plan.h"
#include "plan_open.h"
#include "plan_whole.h"
#include "plan_trust.h"
#include "plan_entity.h"
#include "../match/image_runs.h"
#include "../core/session.h"
#include "../syntax/syntax.h"
#include "../../util/alloc.h"

#include <string.h>

/* The file lines a tolerant place took on trust (plan_trust.c), against the edit's text as it
 * was planned (as written when the file said its entities were not to be decoded). */
static int trust_note(sm_pstate *st, sm_pedit *pe, const sm_edit *e)
{
	sm_edit lit;
	int rc;

	if (!st->line_at && sm_trust_line_starts(st->data, st->len, &st->line_at, &st->nline_at))
		return SEAM_ENOMEM;
	if (!pe->literal || !e->literal)
		return sm_trust_note(st->data, st->len, st->line_at, st->nline_at, pe->start_line,
				     pe->end_line, e, &pe->message);
	if (sm_entity_literal(e, &lit))
		return SEAM_ENOMEM;
	rc = sm_trust_note(st->data, st->len, st->line_at, st->nline_at, pe->start_line,
			   pe->end_line, &lit, &pe->message);
	sm_free(lit.lines);
	return rc;
}

/*
 * --strict (SEAM_FLAG_STRICT): a place found past the whitespace tier is refused, as git apply
 * refuses a hunk whose lines differ from the file's. The tiers themselves are unchanged: the
 * check is on the tier that found the place. SEAM_ENOMEM when out of memory.
 */
static int strict_refuse(sm_pedit *pe)
{
	sm_buf msg = SM_BUF_INIT;

	if (pe->status != SEAM_STATUS_APPLIED || pe->tier <= SM_TIER_WS)
		return 0;
	sm_buf_printf(&msg, "The old text is not in the file as written: only the %s tier finds "
			    "it (lines %ld-%ld), and --strict takes exact places only (whitespace "
			    "aside), as git apply does. Make the diff again from the file as it is.\n",
		      pe->strategy ? pe->strategy : "tolerant", pe->start_line, pe->end_line);
	/* the lines it differs at (sm_plan_trust_note) come after */
	if (pe->message)
		sm_buf_puts(&msg, pe->message);
	if (sm_buf_failed(&msg))
		return SEAM_ENOMEM;
	pe->status = SEAM_STATUS_NO_MATCH;
	sm_free(pe->message);
	pe->message = sm_buf_detach(&msg, NULL);
	return 0;
}

/*
 * A whole file much shorter than the file it replaces is what a model that left code out
 * writes; the laziness guard catches the placeholders it leaves, not a silent cut. Applied
 * (a real rewrite may shrink a file), but said: SEAM_ENOMEM when out of memory.
 */
static int shrink_note(sm_pfile *pf, const sm_pstate *st)
{
	long before = st->norig ? st->norig - 1 : 0;
	size_t i, after = 0;

	if (pf->status != SEAM_STATUS_APPLIED || !st->data || !st->exists)
		return 0;
	if (!before) {
		for (i = 0; i < st->len; i++)
			before += st->data[i] == '\n';
		if (st->len && st->data[st->len - 1] != '\n')
			before++;
	}
	after = st->im.n;
	if (before < SM_SHRINK_MIN_LINES || (size_t)before <= 2 * after)
		return 0;
	sm_buf_printf(&pf->msg, "%sthe whole file given has %zu line%s where the file had %ld: "
				"more than half of it is gone; check that nothing was left out",
		      pf->msg.len ? "; " : "", after, after == 1 ? "" : "s", before);
	return sm_buf_failed(&pf->msg) ? SEAM_ENOMEM : 0;
}

int sm_plan_mode_changes(const sm_pstate *st)
{
	if (!st->mode || !st->exists)
		return 0;
	if (!st->st.exists)
		return st->mode == SM_MODE_EXEC;
	return (st->mode == SM_MODE_EXEC) != ((st->st.mode & 0100) != 0);
}

int sm_plan_seen_overlap(sm_pfile *pf, size_t j, long first, long last)
{
	size_t i, k;
	const sm_fileop *op = pf->op;
	sm_pedit *b = &pf->edits[j];

	/* only the earlier edits with evidence or absorbed lines can be named */
	if (sm_plan_earlier(pf, j))
		return SEAM_ENOMEM;
	for (k = 0; k < pf->nmarked; k++) {
		sm_pedit *a = &pf->edits[i = pf->marked[k]];
		sm_buf msg = SM_BUF_INIT;
		long f0 = a->seen_first, f1 = a->seen_last;
		if (a->status == SEAM_STATUS_APPLIED && a->wide_first && a->wide_first <= last &&
		    first <= a->wide_last) {
			f0 = a->wide_first;
			f1 = a->wide_last;
		} else if (!f0 || f1 < first || last < f0 ||
			   (a->status != SEAM_STATUS_ALREADY_APPLIED &&
			    a->status != SEAM_STATUS_APPLIED)) {
			continue;
		}
		if (a->status == SEAM_STATUS_ALREADY_APPLIED)
			sm_buf_printf(&msg, "The edit at reply line %ld changes lines %ld-%ld, the lines "
					    "that made the edit at reply line %ld look already applied "
					    "(its new text stands at lines %ld-%ld). One of the two is "
					    "meant for other lines: send them again with more unchanged "
					    "lines around each.\n",
				      op->edits[j].reply_line, first, last, op->edits[i].reply_line,
				      f0, f1);
		else
			sm_buf_printf(&msg, "The edit at reply line %ld changes lines %ld-%ld, which the "
					    "edit at reply line %ld repeats as its own new text (lines "
					    "%ld-%ld, written once). Send one edit for those lines, or "
					    "leave them out of the other's new text.\n",
				      op->edits[j].reply_line, first, last, op->edits[i].reply_line,
				      f0, f1);
		if (sm_buf_failed(&msg))
			return SEAM_ENOMEM;
		b->status = SEAM_STATUS_OVERLAP;
		sm_free(b->message);
		b->message = sm_buf_detach(&msg, NULL);
		break;
	}
	return 0;
}

int sm_plan_step(seam_plan *p, size_t i)
{
	sm_pfile *pf = &p->files[i];
	const sm_fileop *op = pf->op;
	size_t k, from = pf->done;
	sm_pstate *st;
	int rc;

	if (pf->opened && from >= op->nedits)
		return 0;
	pf->done = op->nedits;
	if (!pf->opened) {
		pf->opened = 1;
		rc = sm_plan_open_file(p, pf);
		if (rc)
			return rc < 0 ? rc : 0;
		if (op->copy && (rc = sm_plan_open_copy(p, pf)) != 0)
			return rc < 0 ? rc : 0;
		st = &p->states[pf->state];
		if (op->mode)
			st->mode = op->mode;
		switch (op->op) {
		case SEAM_OP_CREATE:
			return sm_plan_do_create(p, pf, st);
		case SEAM_OP_WHOLE:
			if (!op->nedits)
				return 0;
			if ((rc = sm_plan_do_whole(p, pf, st)) != 0)
				return rc;
			return shrink_note(pf, st);
		case SEAM_OP_DELETE:
			return sm_plan_do_delete(p, pf, st);
		default:
			break;
		}
		/* a rename, a copy or a mode change of a file that is not there is git's "No such
		   file", not the creation of an empty file under the new name */
		if (!st->exists && (sm_plan_has_old_lines(op) || op->move_to || op->mode)) {
			pf->status = SEAM_STATUS_NOT_FOUND;
			sm_buf_printf(&pf->msg, "%s does not exist", pf->path);
			sm_plan_skip_all(pf);
			return 0;
		}
	} else if (pf->status != SEAM_STATUS_APPLIED || op->op != SEAM_OP_UPDATE) {
		/* the file failed, or its operation was carried out whole: nothing more is tried */
		for (k = from; k < op->nedits; k++)
			pf->edits[k].status = SEAM_STATUS_SKIPPED;
		return 0;
	}
	st = &p->states[pf->state];
	for (k = from; k < op->nedits; k++) {
		sm_pedit *pe = &pf->edits[k];
		if (sm_plan_update_edit(p, pf, st, &op->edits[k], pe))
			goto oom;
		if (pe->status == SEAM_STATUS_APPLIED && pe->tier > SM_TIER_WS && st->data &&
		    trust_note(st, pe, &op->edits[k]))
			goto oom;
		if ((p->s->opts.flags & SEAM_FLAG_STRICT) && strict_refuse(pe) < 0)
			goto oom;
		if ((op->edits[k].flags & (SM_EDIT_NUMBERED | SM_EDIT_ORIGINAL)) &&
		    pe->status == SEAM_STATUS_APPLIED &&
		    pe->start_line && sm_plan_overlap(pf, k, pe->start_line, pe->end_line))
			goto oom;
		/* an earlier edit looked applied from lines this one rewrites: judged against
		   a file this edit changes, it may belong elsewhere */
		if (pe->status == SEAM_STATUS_APPLIED && pe->start_line &&
		    sm_plan_seen_overlap(pf, k, pe->start_line, pe->end_line))
			goto oom;
	}
	st->exists = 1;
	return 0;
oom:
	return SEAM_ENOMEM;
}

int sm_plan_file_opened(const seam_plan *p, size_t i)
{
	return i < p->nfiles && p->files[i].opened;
}

int sm_plan_file_creates(const seam_plan *p, size_t i)
{
	const sm_pfile *pf = i < p->nfiles ? &p->files[i] : NULL;

	return pf && pf->op->op == SEAM_OP_UPDATE && pf->state != SM_NOSTATE &&
	       !p->states[pf->state].data;
}

int sm_plan_close(seam_plan *p, size_t i)
{
	sm_pfile *pf = &p->files[i];

	if (!pf->opened || pf->op->op != SEAM_OP_UPDATE || pf->status != SEAM_STATUS_APPLIED ||
	    !pf->op->move_to || pf->op->copy || pf->state == SM_NOSTATE)
		return 0;
	return sm_plan_do_move(p, pf, pf->state);
}

static void settle(seam_plan *p)
{
	size_t i, j;

	p->ok = 1;
	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		if (pf->status == SEAM_STATUS_APPLIED)
			for (j = 0; j < pf->op->nedits; j++) {
				seam_status_t s = pf->edits[j].status;
				if (s != SEAM_STATUS_APPLIED && s != SEAM_STATUS_ALREADY_APPLIED) {
					pf->status = s;
					break;
				}
			}
		if (pf->status != SEAM_STATUS_APPLIED) {
			p->ok = 0;
			if (pf->state != SM_NOSTATE)
				p->states[pf->state].failed = 1;
		}
	}
}

/* 1 when most lines of the existing files the plan read end in CR LF: new files follow the
 * project's files (a Windows checkout), not the reply, which is always LF. */
static int project_crlf(const seam_plan *p)
{
	size_t i, k, crlf = 0, all = 0;
	for (i = 0; i < p->nstates; i++) {
		const sm_pstate *st = &p->states[i];
		const char *d = st->data;
		if (!d)
			continue;
		for (k = 0; k < st->len; k++)
			if (d[k] == '\n') {
				all++;
				crlf += k > 0 && d[k - 1] == '\r';
			}
	}
	return all && crlf * 2 > all;
}

/* The runs of st's rendering (image_runs.h), in the file read and the reply. */
static int runs_of(const seam_plan *p, const sm_pstate *st, sm_runs *runs)
{
	sm_span reg[2];
	size_t nreg = 0;

	if (st->data) {
		reg[nreg].p = st->data;
		reg[nreg++].n = st->len;
	}
	if (p->r && p->r->text) {
		reg[nreg].p = p->r->text;
		reg[nreg++].n = p->r->len;
	}
	return sm_image_runs(&st->im, reg, nreg, runs);
}

/* 1 when st's rendering (its runs) differs from the file read, or its mode changes. */
static int differs(const sm_pstate *st, const sm_runs *runs)
{
	return !st->data || !sm_runs_equal(runs, st->data, st->len) || sm_plan_mode_changes(st);
}

/* Renders st's image (runs: its runs, disposed here) into st->out. The image goes first when
 * nothing reads it afterwards and its runs take less room than its table: the table, the file
 * read and the result are then never held at once (issue 12's memory bound; the table alone
 * is 48 bytes a line). */
static int render_into(seam_plan *p, sm_pstate *st, sm_runs *runs)
{
	int rc;

	sm_free(st->out);
	st->out = NULL;
	if (!sm_syntax_reads_image(p, st, runs->bytes) &&
	    runs->n * sizeof(*runs->v) < st->im.cap * sizeof(*st->im.v))
		sm_image_dispose(&st->im);
	rc = sm_runs_join(runs, &st->out, &st->outlen);
	sm_runs_dispose(runs);
	return rc;
}

static int render_states(seam_plan *p)
{
	size_t i, k;
	int crlf = -1; /* project_crlf, a pass over every file read: only for a file made */

	for (i = 0; i < p->nstates; i++) {
		sm_pstate *st = &p->states[i];
		sm_runs runs;
		if (!st->exists) {
			st->changed = st->data != NULL;
			continue;
		}
		if (!st->data && crlf < 0)
			crlf = project_crlf(p);
		if (!st->data && crlf) {
			st->im.crlf = 1;
			for (k = 0; k < st->im.n; k++)
				sm_ln(&st->im, k)->crlf = 1;
		}
		/* the line index only speeds up searches: planned, its memory goes before the
		   result's bytes are made (a later search makes it again) */
		sm_image_drop_index(&st->im);
		/* the end settled before the result is made (once: the image may go with it) */
		if (runs_of(p, st, &runs))
			return SEAM_ENOMEM;
		st->changed = differs(st, &runs);
		/* a changed file ends with a newline unless a diff said otherwise (seam.h); with
		   KEEP_NO_EOL one that lacked it keeps lacking it, whatever the REPLACE text ends
		   with. A unified diff whose hunks all stay away from the last line says nothing
		   about it: the lack stays, as patch and git apply leave it (and as the commits of
		   diff replies in the corpus of real sessions do) */
		if (st->changed && !st->im.eol_said && st->im.n &&
		    !(p->r && p->r->format == SEAM_FORMAT_UDIFF && !st->im.end_edited)) {
			int eol = st->im.final_eol;
			if (p->s->opts.flags & SEAM_FLAG_KEEP_NO_EOL) {
				if (st->im.final_eol && st->data && st->len &&
				    st->data[st->len - 1] != '\n')
					st->im.final_eol = 0;
			} else {
				st->im.final_eol = 1;
			}
			if (st->im.final_eol != eol) {
				sm_runs_dispose(&runs);
				if (runs_of(p, st, &runs))
					return SEAM_ENOMEM;
				if (p->s->opts.flags & SEAM_FLAG_KEEP_NO_EOL)
					st->changed = differs(st, &runs);
			}
		}
		if (render_into(p, st, &runs))
			return SEAM_ENOMEM;
	}
	return 0;
}

/* The report lists every mode the reply changes, as git's summary does. SEAM_ENOMEM when out of
 * memory. */
static int note_modes(seam_plan *p)
{
	size_t i;

	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		const sm_pstate *st = pf->state != SM_NOSTATE ? &p->states[pf->state] : NULL;
		if (pf->status != SEAM_STATUS_APPLIED || !st || !pf->op->mode ||
		    !sm_plan_mode_changes(st))
			continue;
		sm_buf_printf(&pf->msg, "%smode %s: %s", pf->msg.len ? "; " : "",
			      st->mode == SM_MODE_EXEC ? "100755" : "100644",
			      st->mode == SM_MODE_EXEC ? "executable" : "not executable");
		if (sm_buf_failed(&pf->msg))
			return SEAM_ENOMEM;
	}
	return 0;
}

void seam_plan_free(seam_plan *p)
{
	size_t i, j;

	if (!p)
		return;
	for (i = 0; i < p->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		for (j = 0; j < pf->ecap; j++)
			sm_free(pf->edits[j].message);
		sm_free(pf->edits);
		sm_plan_earlier_free(pf);
		sm_free(pf->path);
		sm_buf_dispose(&pf->msg);
	}
	sm_free(p->files);
	for (i = 0; i < p->nstates; i++) {
		sm_free(p->states[i].path);
		sm_free(p->states[i].data);
		sm_free(p->states[i].line_at);
		sm_free(p->states[i].out);
		sm_image_dispose(&p->states[i].im);
	}
	sm_free(p->states);
	sm_free(p->sindex);
	sm_pool_dispose(&p->pool);
	sm_syntax_parser_free(p->parser);
	sm_free(p);
}

int sm_plan_sync(seam_plan *p)
{
	const seam_reply *r = p->r;
	size_t i;

	if (r->nfiles > p->fcap) {
		if (sm_grow((void **)&p->files, &p->fcap, r->nfiles, sizeof(*p->files)))
			return SEAM_ENOMEM;
		memset(p->files + p->nfiles, 0, (p->fcap - p->nfiles) * sizeof(*p->files));
	}
	for (i = p->nfiles; i < r->nfiles; i++) {
		p->files[i].state = SM_NOSTATE;
		p->files[i].status = SEAM_STATUS_APPLIED;
	}
	p->nfiles = r->nfiles;
	for (i = 0; i < r->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		size_t old = pf->ecap;
		pf->op = &r->files[i];
		if (pf->op->nedits <= old)
			continue;
		if (sm_grow((void **)&pf->edits, &pf->ecap, pf->op->nedits, sizeof(*pf->edits)))
			return SEAM_ENOMEM;
		memset(pf->edits + old, 0, (pf->ecap - old) * sizeof(*pf->edits));
	}
	return 0;
}

int sm_plan_begin(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t)
{
	seam_plan *p = sm_calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return SEAM_ENOMEM;
	p->s = s;
	p->r = r;
	p->t = t;
	p->sseed = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
	sm_ladder_budget(&p->fuzzy, s->opts.max_fuzzy_ms);
	if (sm_plan_sync(p)) {
		seam_plan_free(p);
		return SEAM_ENOMEM;
	}
	*out = p;
	return 0;
}

int seam_plan_new(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t)
{
	seam_plan *p;
	size_t i;
	int rc;

	if (!out || !s || !r || !t)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_plan_new: a NULL argument") : SEAM_EUSAGE;
	*out = NULL;
	if ((rc = sm_plan_begin(&p, s, r, t)) != 0)
		return sm_fail_code(s, rc);
	for (i = 0; i < r->nfiles; i++)
		if ((rc = sm_plan_step(p, i)) != 0 || (rc = sm_plan_close(p, i)) != 0)
			goto fail;
	settle(p);
	if ((rc = render_states(p)) != 0 || (rc = sm_syntax_check_plan(p)) != 0 ||
	    (rc = note_modes(p)) != 0)
		goto fail;
	rc = SEAM_ENOMEM;
	for (i = 0; i < p->nfiles; i++)
		if (sm_buf_failed(&p->files[i].msg))
			goto fail;
	*out = p;
	if (!p->ok)
		return sm_fail_code(s, SEAM_EFAIL);
	return SEAM_OK;
fail:
	seam_plan_free(p);
	return sm_fail_code(s, rc < 0 ? rc : SEAM_ERROR);
}
