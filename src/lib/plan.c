/*
 * The plan: every file operation of the reply resolved, read, and carried out on an in-memory
 * image, in reply order (a later edit sees what an earlier one did, as a model writing them in
 * sequence expects). Nothing touches the tree until seam_plan_commit, and that writes all files
 * or none.
 */
#include "plan.h"
#include "prep.h"
#include "lazy.h"
#include "report.h"
#include "session.h"
#include "../util/alloc.h"

#include <string.h>

/* git's rule for "binary": a NUL byte in the first 8000 bytes. */
#define BINARY_SNIFF 8000

static sm_pstate *state_for(seam_plan *p, const char *path, size_t *idx, int *fresh)
{
	size_t i;
	sm_pstate *st;

	*fresh = 0;
	for (i = 0; i < p->nstates; i++)
		if (!strcmp(p->states[i].path, path)) {
			*idx = i;
			return &p->states[i];
		}
	if (sm_grow((void **)&p->states, &p->scap, p->nstates + 1, sizeof(*p->states)))
		return NULL;
	st = &p->states[p->nstates];
	memset(st, 0, sizeof(*st));
	st->path = sm_strdup(path);
	if (!st->path)
		return NULL;
	*idx = p->nstates++;
	*fresh = 1;
	return st;
}

/* Reads the file behind a new state. Returns a status (APPLIED = fine) and fills msg. */
static int load_state(seam_plan *p, sm_pstate *st, sm_buf *msg)
{
	int rc = sm_tree_read(p->t, st->path, p->s->opts.max_file_bytes, &st->data, &st->len,
			      &st->st, msg);
	if (rc == SEAM_ELIMIT)
		return SEAM_STATUS_TOO_LARGE;
	if (rc == SEAM_ENOMEM)
		return -1;
	if (rc)
		return SEAM_STATUS_IO_ERROR;
	st->exists = st->st.exists;
	if (st->data && memchr(st->data, '\0', st->len < BINARY_SNIFF ? st->len : BINARY_SNIFF)) {
		sm_buf_puts(msg, "this is a binary file; seam edits text files only");
		return SEAM_STATUS_BINARY;
	}
	if (sm_image_load(&st->im, st->data ? st->data : "", st->data ? st->len : 0))
		return -1;
	return SEAM_STATUS_APPLIED;
}

/* 1 when some edit has a non-blank old line: the file must exist (an old side of blank lines
 * only creates or appends, see prep.c). */
static int has_old_lines(const sm_fileop *op)
{
	size_t i, k;
	for (i = 0; i < op->nedits; i++)
		for (k = 0; k < op->edits[i].nlines; k++) {
			const sm_hline *hl = &op->edits[i].lines[k];
			if (hl->kind != SM_HL_ADD && !sm_text_is_blank(hl->text.p, hl->text.n))
				return 1;
		}
	return 0;
}

static void skip_all(sm_pfile *pf)
{
	size_t i;
	for (i = 0; i < pf->op->nedits; i++)
		pf->edits[i].status = SEAM_STATUS_SKIPPED;
}

/* Replaces the image with the '+' lines of the fileop's edits (create, whole). */
static int set_content(seam_plan *p, sm_pstate *st, const sm_fileop *op, int keep_style)
{
	sm_image im;
	size_t i, k;
	/* the line ending is the file's; the end is the reply's, which wrote the whole text */
	int crlf = keep_style ? st->im.crlf : 0, final_eol = 1;

	(void)p;
	memset(&im, 0, sizeof(im));
	for (i = 0; i < op->nedits; i++) {
		const sm_edit *e = &op->edits[i];
		for (k = 0; k < e->nlines; k++) {
			sm_line l;
			if (e->lines[k].kind == SM_HL_DEL)
				continue;
			sm_line_init(&l, e->lines[k].text.p, e->lines[k].text.n);
			l.crlf = (uint8_t)crlf;
			if (sm_image_splice(&im, im.n, 0, &l, 1)) {
				sm_image_dispose(&im);
				return -1;
			}
		}
		if (e->flags & SM_EDIT_NEW_NOEOL)
			final_eol = 0;
	}
	im.crlf = crlf;
	im.final_eol = final_eol;
	im.bom = keep_style ? st->im.bom : 0;
	sm_image_dispose(&st->im);
	st->im = im;
	return 0;
}

static int same_content(const sm_image *a, const sm_image *b)
{
	size_t i;
	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->v[i].h[SM_LVL_RSTRIP] != b->v[i].h[SM_LVL_RSTRIP])
			return 0;
	return 1;
}

/* Whole-file replacement: refused when it swaps real code for a placeholder. */
static int do_whole(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	sm_image before;
	sm_edit e;
	sm_medit me;
	size_t i, ph, gone;
	sm_pedit *pe = &pf->edits[0];

	if (sm_image_copy(&before, &st->im))
		return -1;
	if (set_content(p, st, pf->op, st->exists)) {
		sm_image_dispose(&before);
		return -1;
	}
	if (st->exists && same_content(&before, &st->im)) {
		sm_image_dispose(&st->im);
		st->im = before;
		pe->status = SEAM_STATUS_ALREADY_APPLIED;
		pe->strategy = "already-applied";
		return 0;
	}
	if (st->exists) {
		/* the old content against the new, as one whole-sides edit, for the guard */
		memset(&e, 0, sizeof(e));
		e.flags = SM_EDIT_BLOCK;
		for (i = 0; i < before.n; i++)
			if (sm_edit_add_line(&e, SM_HL_DEL, before.v[i].p, before.v[i].n))
				goto oom;
		for (i = 0; i < st->im.n; i++)
			if (sm_edit_add_line(&e, SM_HL_ADD, st->im.v[i].p, st->im.v[i].n))
				goto oom;
		if (sm_prep_edit(&me, &e))
			goto oom;
		ph = sm_lazy_find(&me, &before, &gone);
		if (ph != SM_NOLINE) {
			sm_buf msg = SM_BUF_INIT;
			sm_report_ctx rc = {pf->path, "whole-file edit", pf->op->reply_line};
			sm_report_lazy(&msg, &rc, &me, ph, gone);
			pe->status = SEAM_STATUS_LAZY;
			pe->message = sm_buf_detach(&msg, NULL);
			sm_image_dispose(&st->im);
			st->im = before;
			memset(&before, 0, sizeof(before)); /* st->im owns its arrays now */
		} else {
			pe->status = SEAM_STATUS_APPLIED;
		}
		sm_prep_dispose(&me);
		sm_free(e.lines);
	} else {
		pe->status = SEAM_STATUS_APPLIED;
	}
	if (pe->status == SEAM_STATUS_APPLIED) {
		pe->strategy = st->exists ? "whole-file" : "create";
		pe->start_line = 1;
		pe->end_line = (long)st->im.n;
	}
	st->exists = 1;
	sm_image_dispose(&before);
	return 0;
oom:
	sm_free(e.lines);
	sm_image_dispose(&before);
	return -1;
}

static int do_create(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	sm_pedit *pe = pf->op->nedits ? &pf->edits[0] : NULL;
	size_t i, nonblank = 0;

	for (i = 0; i < st->im.n; i++)
		nonblank += !st->im.v[i].blank;
	if (st->exists && nonblank) {
		sm_image cur;
		if (sm_image_copy(&cur, &st->im) || set_content(p, st, pf->op, 1)) {
			sm_image_dispose(&cur);
			return -1;
		}
		if (same_content(&cur, &st->im)) {
			sm_image_dispose(&cur);
			if (pe) {
				pe->status = SEAM_STATUS_ALREADY_APPLIED;
				pe->strategy = "already-applied";
			}
			return 0;
		}
		sm_image_dispose(&st->im);
		st->im = cur;
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "%s already exists (%zu lines), and the reply creates it with "
					"other content. Send an edit of its content instead.",
			      pf->path, st->im.n);
		skip_all(pf);
		return 0;
	}
	if (set_content(p, st, pf->op, 0))
		return -1;
	st->exists = 1;
	if (pe) {
		pe->status = SEAM_STATUS_APPLIED;
		pe->strategy = "create";
		pe->start_line = 1;
		pe->end_line = (long)st->im.n;
	}
	return 0;
}

static int do_delete(seam_plan *p, sm_pfile *pf, sm_pstate *st)
{
	size_t i;

	if (!st->exists) {
		for (i = 0; i < pf->op->nedits; i++) {
			pf->edits[i].status = SEAM_STATUS_ALREADY_APPLIED;
			pf->edits[i].strategy = "already-applied";
		}
		return 0;
	}
	/* the content the reply expects to delete must be there: a wrong name must not delete
	   the wrong file */
	for (i = 0; i < pf->op->nedits; i++) {
		sm_image scratch;
		int rc;
		if (sm_image_copy(&scratch, &st->im))
			return -1;
		{
			sm_image keep = st->im;
			st->im = scratch;
			rc = sm_plan_update_edit(p, pf, st, &pf->op->edits[i], &pf->edits[i]);
			sm_image_dispose(&st->im);
			st->im = keep;
		}
		if (rc)
			return -1;
		if (pf->edits[i].status == SEAM_STATUS_ALREADY_APPLIED)
			pf->edits[i].status = SEAM_STATUS_APPLIED;
	}
	st->exists = 0;
	return 0;
}

/* Numbered blocks all refer to the file before the reply: two that claim the same lines
 * contradict each other, and neither may win silently. */
static int check_overlaps(sm_pfile *pf)
{
	size_t i, j;
	const sm_fileop *op = pf->op;

	for (i = 0; i < op->nedits; i++)
		for (j = i + 1; j < op->nedits; j++) {
			sm_pedit *a = &pf->edits[i], *b = &pf->edits[j];
			sm_buf msg = SM_BUF_INIT;
			if (!(op->edits[i].flags & op->edits[j].flags & SM_EDIT_NUMBERED) ||
			    a->status != SEAM_STATUS_APPLIED || b->status != SEAM_STATUS_APPLIED ||
			    !a->start_line || !b->start_line || a->end_line < b->start_line ||
			    b->end_line < a->start_line)
				continue;
			sm_buf_printf(&msg, "The block at reply line %ld changes lines %ld-%ld, which the "
					    "block at reply line %ld changes too (lines %ld-%ld). Send one "
					    "block for those lines.\n",
				      op->edits[j].reply_line, b->start_line, b->end_line,
				      op->edits[i].reply_line, a->start_line, a->end_line);
			if (sm_buf_failed(&msg))
				return -1;
			b->status = SEAM_STATUS_OVERLAP;
			sm_free(b->message);
			b->message = sm_buf_detach(&msg, NULL);
		}
	return 0;
}

/* "*** Move to": the edited content goes to the new path, which must not exist yet. */
static int do_move(seam_plan *p, sm_pfile *pf, size_t src)
{
	const sm_fileop *op = pf->op;
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	char *path = NULL;
	sm_pstate *to;
	size_t idx;
	int rc, fresh;

	rc = sm_tree_resolve(p->t, op->move_to, strlen(op->move_to), 0, &path, &note, &why);
	sm_buf_dispose(&note);
	if (rc < 0) {
		sm_buf_dispose(&why);
		return -1;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		pf->status = rc;
		sm_buf_printf(&pf->msg, "cannot move to %s: %s", op->move_to, why.ptr ? why.ptr : "");
		sm_buf_dispose(&why);
		return 0;
	}
	to = state_for(p, path, &idx, &fresh);
	sm_free(path);
	if (!to) {
		sm_buf_dispose(&why);
		return -1;
	}
	if (fresh && (rc = load_state(p, to, &why)) != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&why);
		if (rc < 0)
			return -1;
		pf->status = rc;
		return 0;
	}
	sm_buf_dispose(&why);
	if (idx != src && to->exists) {
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "cannot move %s to %s: that file exists", pf->path, to->path);
		return 0;
	}
	if (idx == src)
		return 0;
	sm_image_dispose(&to->im);
	if (sm_image_copy(&to->im, &p->states[src].im))
		return -1;
	to->exists = 1;
	p->states[src].exists = 0;
	sm_buf_printf(&pf->msg, "%smoved to %s", pf->msg.len ? "; " : "", to->path);
	return 0;
}

static int do_file(seam_plan *p, sm_pfile *pf)
{
	const sm_fileop *op = pf->op;
	int must_exist = (op->op == SEAM_OP_UPDATE && has_old_lines(op)) ||
			 (op->op == SEAM_OP_DELETE && op->nedits);
	sm_buf note = SM_BUF_INIT;
	sm_pstate *st;
	size_t i;
	int rc, fresh;

	rc = sm_tree_resolve(p->t, op->path, strlen(op->path), must_exist, &pf->path, &note,
			     &pf->msg);
	if (rc < 0) {
		sm_buf_dispose(&note);
		return -1;
	}
	if (rc == SEAM_STATUS_NOT_FOUND && op->op == SEAM_OP_DELETE) {
		sm_buf_dispose(&note);
		for (i = 0; i < op->nedits; i++) {
			pf->edits[i].status = SEAM_STATUS_ALREADY_APPLIED;
			pf->edits[i].strategy = "already-applied";
		}
		pf->status = SEAM_STATUS_APPLIED;
		return 0;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&note);
		pf->status = rc;
		if (rc == SEAM_STATUS_NOT_FOUND && !pf->msg.len)
			sm_buf_printf(&pf->msg, "%s does not exist in the tree", op->path);
		skip_all(pf);
		return 0;
	}
	if (note.len)
		sm_buf_put(&pf->msg, note.ptr, note.len);
	sm_buf_dispose(&note);
	st = state_for(p, pf->path, &pf->state, &fresh);
	if (!st)
		return -1;
	if (fresh) {
		sm_buf why = SM_BUF_INIT;
		rc = load_state(p, st, &why);
		if (rc < 0) {
			sm_buf_dispose(&why);
			return -1;
		}
		if (rc != SEAM_STATUS_APPLIED) {
			st->failed = 1;
			pf->status = rc;
			sm_buf_clear(&pf->msg);
			sm_buf_put(&pf->msg, why.ptr ? why.ptr : "", why.len);
			sm_buf_dispose(&why);
			skip_all(pf);
			return 0;
		}
		sm_buf_dispose(&why);
	} else if (st->failed && !st->im.v && !st->exists && st->data) {
		pf->status = SEAM_STATUS_SKIPPED;
		skip_all(pf);
		return 0;
	}
	switch (op->op) {
	case SEAM_OP_CREATE:
		rc = do_create(p, pf, st);
		break;
	case SEAM_OP_WHOLE:
		rc = op->nedits ? do_whole(p, pf, st) : 0;
		break;
	case SEAM_OP_DELETE:
		rc = do_delete(p, pf, st);
		break;
	default:
		if (!st->exists && has_old_lines(op)) {
			pf->status = SEAM_STATUS_NOT_FOUND;
			sm_buf_printf(&pf->msg, "%s does not exist", pf->path);
			skip_all(pf);
			return 0;
		}
		rc = 0;
		for (i = 0; i < op->nedits && !rc; i++)
			rc = sm_plan_update_edit(p, pf, st, &op->edits[i], &pf->edits[i]);
		if (!rc) {
			st->exists = 1;
			rc = check_overlaps(pf);
		}
		if (!rc && op->move_to)
			rc = do_move(p, pf, pf->state);
		break;
	}
	return rc;
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

static int render_into(sm_pstate *st)
{
	sm_buf b = SM_BUF_INIT;

	sm_free(st->out);
	st->out = NULL;
	if (sm_image_render(&st->im, &b)) {
		sm_buf_dispose(&b);
		return -1;
	}
	st->out = sm_buf_detach(&b, &st->outlen);
	return st->out ? 0 : -1;
}

static int render_states(seam_plan *p)
{
	size_t i, k;
	int crlf = project_crlf(p);

	for (i = 0; i < p->nstates; i++) {
		sm_pstate *st = &p->states[i];
		if (!st->exists) {
			st->changed = st->data != NULL;
			continue;
		}
		if (!st->data && crlf) {
			st->im.crlf = 1;
			for (k = 0; k < st->im.n; k++)
				st->im.v[k].crlf = 1;
		}
		if (render_into(st))
			return -1;
		st->changed = !st->data || st->len != st->outlen || memcmp(st->data, st->out, st->len);
		/* a changed file ends with a newline unless a diff said otherwise (seam.h) */
		if (st->changed && !st->im.final_eol && !st->im.eol_said && st->im.n &&
		    !(p->s->opts.flags & SEAM_FLAG_KEEP_NO_EOL)) {
			st->im.final_eol = 1;
			if (render_into(st))
				return -1;
		}
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
		if (pf->edits)
			for (j = 0; j < pf->op->nedits; j++)
				sm_free(pf->edits[j].message);
		sm_free(pf->edits);
		sm_free(pf->path);
		sm_buf_dispose(&pf->msg);
	}
	sm_free(p->files);
	for (i = 0; i < p->nstates; i++) {
		sm_free(p->states[i].path);
		sm_free(p->states[i].data);
		sm_free(p->states[i].out);
		sm_image_dispose(&p->states[i].im);
	}
	sm_free(p->states);
	sm_pool_dispose(&p->pool);
	sm_free(p);
}

int seam_plan_new(seam_plan **out, seam_session *s, const seam_reply *r, seam_tree *t)
{
	seam_plan *p;
	size_t i;

	if (!out || !s || !r || !t)
		return s ? sm_fail(s, SEAM_EUSAGE, "seam_plan_new: a NULL argument") : SEAM_EUSAGE;
	*out = NULL;
	p = sm_calloc(1, sizeof(*p));
	if (!p)
		return sm_fail(s, SEAM_ENOMEM, "out of memory");
	p->s = s;
	p->r = r;
	p->t = t;
	sm_budget_init(&p->fuzzy, s->opts.max_fuzzy_ms);
	p->files = sm_calloc(r->nfiles ? r->nfiles : 1, sizeof(*p->files));
	if (!p->files)
		goto oom;
	p->nfiles = r->nfiles;
	for (i = 0; i < r->nfiles; i++) {
		sm_pfile *pf = &p->files[i];
		pf->op = &r->files[i];
		pf->state = SM_NOSTATE;
		pf->edits = sm_calloc(pf->op->nedits ? pf->op->nedits : 1, sizeof(*pf->edits));
		if (!pf->edits)
			goto oom;
		pf->status = SEAM_STATUS_APPLIED;
	}
	for (i = 0; i < r->nfiles; i++)
		if (do_file(p, &p->files[i]))
			goto oom;
	settle(p);
	if (render_states(p))
		goto oom;
	for (i = 0; i < p->nfiles; i++)
		if (sm_buf_failed(&p->files[i].msg))
			goto oom;
	*out = p;
	if (!p->ok)
		return sm_fail(s, SEAM_EFAIL, "some edits cannot be applied; nothing was written");
	return SEAM_OK;
oom:
	seam_plan_free(p);
	return sm_fail(s, SEAM_ENOMEM, "out of memory");
}
