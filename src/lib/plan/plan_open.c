/*
 * The file of a file operation resolved and read into the plan's state of its path (one state a
 * path, found through a hash index), and the paths a move or a copy writes.
 */
#include "plan_open.h"
#include "../core/session.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>

/* git's rule for "binary": a NUL byte in the first 8000 bytes. */
#define BINARY_SNIFF 8000

/* A step of planning a file operation ends in 0 (go on), a SEAM_E* code, or SETTLED: the
 * operation failed or was skipped, its status and message say why, and nothing more is done
 * with it. */
enum { SETTLED = 1 };

/*
 * The state of a path, found through p->sindex: a reply may touch thousands of files (a scan
 * over the states took 0.23 s for 10,000 created files, two thirds of it in strcmp). The
 * path's hash is mixed with a seed of the plan's own (its address) and finalised, so that
 * paths written to share the table's low bits do not share them here.
 */
static size_t state_slot(const seam_plan *p, const char *path)
{
	uint64_t h = sm_text_hash(path, strlen(path), SM_LVL_EXACT) ^ p->sseed;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return (size_t)h & (p->sindex_cap - 1);
}

/* Rebuilds the index at twice the size. SEAM_ENOMEM when out of memory. */
static int sindex_grow(seam_plan *p)
{
	size_t cap = p->sindex_cap ? p->sindex_cap * 2 : 64, i, j;
	size_t *t = sm_calloc(cap, sizeof(*t));

	if (!t)
		return SEAM_ENOMEM;
	sm_free(p->sindex);
	p->sindex = t;
	p->sindex_cap = cap;
	for (i = 0; i < p->nstates; i++) {
		for (j = state_slot(p, p->states[i].path); t[j]; j = (j + 1) & (cap - 1))
			;
		t[j] = i + 1;
	}
	return 0;
}

static sm_pstate *state_for(seam_plan *p, const char *path, size_t *idx, int *fresh)
{
	size_t j;
	sm_pstate *st;

	*fresh = 0;
	if ((p->nstates + 1) * 2 > p->sindex_cap && sindex_grow(p))
		return NULL;
	for (j = state_slot(p, path); p->sindex[j]; j = (j + 1) & (p->sindex_cap - 1))
		if (!strcmp(p->states[p->sindex[j] - 1].path, path)) {
			*idx = p->sindex[j] - 1;
			return &p->states[*idx];
		}
	if (sm_grow((void **)&p->states, &p->scap, p->nstates + 1, sizeof(*p->states)))
		return NULL;
	st = &p->states[p->nstates];
	memset(st, 0, sizeof(*st));
	st->path = sm_strdup(path);
	if (!st->path)
		return NULL;
	*idx = p->nstates++;
	p->sindex[j] = *idx + 1;
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
		return SEAM_ENOMEM;
	if (rc)
		return SEAM_STATUS_IO_ERROR;
	st->exists = st->st.exists;
	if (st->data && memchr(st->data, '\0', st->len < BINARY_SNIFF ? st->len : BINARY_SNIFF)) {
		sm_buf_puts(msg, "this is a binary file; seam edits text files only");
		return SEAM_STATUS_BINARY;
	}
	if (sm_image_load(&st->im, st->data ? st->data : "", st->data ? st->len : 0))
		return SEAM_ENOMEM;
	return SEAM_STATUS_APPLIED;
}

/* 1 when some edit has a non-blank old line: the file must exist (an old side of blank lines
 * only creates or appends, see prep.c). Copied lines and numbered ranges count too. */
int sm_plan_has_old_lines(const sm_fileop *op)
{
	size_t i, k;
	for (i = 0; i < op->nedits; i++) {
		/* numbered lines name old lines without writing them */
		if (op->edits[i].kind == SM_KIND_LINES && op->edits[i].hint_len)
			return 1;
		for (k = 0; k < op->edits[i].nlines; k++) {
			const sm_hline *hl = &op->edits[i].lines[k];
			if (hl->kind != SM_HL_ADD && !sm_text_is_blank(hl->text.p, hl->text.n))
				return 1;
		}
	}
	return 0;
}

void sm_plan_skip_all(sm_pfile *pf)
{
	size_t i;
	for (i = 0; i < pf->op->nedits; i++)
		pf->edits[i].status = SEAM_STATUS_SKIPPED;
}

/* The state of op->move_to, where a move or a copy writes (verb names it in messages):
 * resolved and read. 0 with *idx set; SETTLED when pf failed (status and message set); SEAM_ENOMEM
 * when out of memory. The states array may move: callers take their pointers again after it. */
static int target_state(seam_plan *p, sm_pfile *pf, const char *verb, size_t *idx)
{
	const sm_fileop *op = pf->op;
	sm_buf note = SM_BUF_INIT, why = SM_BUF_INIT;
	char *path = NULL;
	sm_pstate *to;
	int rc, fresh;

	rc = sm_tree_resolve(p->t, op->move_to, strlen(op->move_to), 0, p->s->opts.flags, &path,
	                     &note, &why);
	sm_buf_dispose(&note);
	if (rc < 0) {
		sm_buf_dispose(&why);
		return rc;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		pf->status = rc;
		sm_buf_printf(&pf->msg, "cannot %s to %s: %s", verb, op->move_to,
		              why.ptr ? why.ptr : "");
		sm_buf_dispose(&why);
		return SETTLED;
	}
	to = state_for(p, path, idx, &fresh);
	sm_free(path);
	if (!to) {
		sm_buf_dispose(&why);
		return SEAM_ENOMEM;
	}
	if (fresh && (rc = load_state(p, to, &why)) != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&why);
		if (rc < 0)
			return rc;
		pf->status = rc;
		return SETTLED;
	}
	sm_buf_dispose(&why);
	return 0;
}

/* git's copy: the file's content before the reply goes to op->move_to, which must not exist
 * yet, and the edits of pf are made there (pf->path and pf->state become the copy's: the
 * report shows the file written); the source is left as it is. 0 when the edits are to be
 * tried, SETTLED when pf failed, SEAM_ENOMEM when out of memory. */
int sm_plan_open_copy(seam_plan *p, sm_pfile *pf)
{
	const sm_fileop *op = pf->op;
	char *path;
	sm_pstate *src, *to;
	size_t idx, srcidx = pf->state;
	int rc;

	if (!p->states[srcidx].data) {
		pf->status = SEAM_STATUS_NOT_FOUND;
		sm_buf_printf(&pf->msg, "cannot copy %s to %s: %s does not exist", pf->path,
		              op->move_to, pf->path);
		sm_plan_skip_all(pf);
		return SETTLED;
	}
	rc = target_state(p, pf, "copy", &idx);
	if (rc) {
		if (rc == SETTLED)
			sm_plan_skip_all(pf);
		return rc;
	}
	src = &p->states[srcidx];
	to = &p->states[idx];
	if (to->exists) {
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "cannot copy %s to %s: that file exists", pf->path,
		              to->path);
		sm_plan_skip_all(pf);
		return SETTLED;
	}
	/* git copies the file as it was before the diff, whatever the diff does to it */
	sm_image_dispose(&to->im);
	if (sm_image_load(&to->im, src->data, src->len))
		return SEAM_ENOMEM;
	to->exists = 1;
	to->from = srcidx + 1;
	to->copied = 1;
	if (!to->mode)
		to->mode = (src->st.mode & 0111) ? SM_MODE_EXEC : SM_MODE_PLAIN;
	/* from here on the operation is the copy's: its path, its content */
	sm_buf_printf(&pf->msg, "%scopied from %s", pf->msg.len ? "; " : "", pf->path);
	path = sm_strdup(to->path);
	if (!path)
		return SEAM_ENOMEM;
	sm_free(pf->path);
	pf->path = path;
	pf->state = idx;
	return 0;
}

/* "*** Move to": the edited content goes to the new path, which must not exist yet. */
int sm_plan_do_move(seam_plan *p, sm_pfile *pf, size_t src)
{
	sm_pstate *to;
	size_t idx;
	int rc = target_state(p, pf, "move", &idx);

	if (rc)
		return rc < 0 ? rc : 0;
	to = &p->states[idx];
	if (idx != src && to->exists) {
		pf->status = SEAM_STATUS_EXISTS;
		sm_buf_printf(&pf->msg, "cannot move %s to %s: that file exists", pf->path,
		              to->path);
		return 0;
	}
	if (idx == src)
		return 0;
	sm_image_dispose(&to->im);
	if (sm_image_copy(&to->im, &p->states[src].im))
		return SEAM_ENOMEM;
	to->exists = 1;
	to->from = src + 1;
	to->copied = 0;
	/* the file keeps its mode under its new name */
	if (!to->mode)
		to->mode = p->states[src].mode               ? p->states[src].mode
		           : (p->states[src].st.mode & 0111) ? SM_MODE_EXEC
		                                             : SM_MODE_PLAIN;
	p->states[src].exists = 0;
	sm_buf_printf(&pf->msg, "%smoved to %s", pf->msg.len ? "; " : "", to->path);
	return 0;
}

/*
 * Resolves and reads the file of pf. Returns a negative SEAM_E* code on failure (SEAM_ENOMEM
 * when out of memory), SETTLED when every edit of pf has its status already (the file failed, or a
 * delete found nothing to delete), 0 when the edits are to be tried on p->states[pf->state].
 */
int sm_plan_open_file(seam_plan *p, sm_pfile *pf)
{
	const sm_fileop *op = pf->op;
	/* (a whole file's only non-'+' lines are copy_lines lines, which copy from the file) */
	int must_exist =
	    ((op->op == SEAM_OP_UPDATE || op->op == SEAM_OP_WHOLE) && sm_plan_has_old_lines(op)) ||
	    (op->op == SEAM_OP_DELETE && op->nedits);
	sm_buf note = SM_BUF_INIT;
	sm_pstate *st;
	size_t i;
	int rc, fresh;

	/* a file written whole (or appended to) under a name an existing file has but for case
	   or Unicode form is that file, as an edit block would find it; a deletion with no
	   content names its file exactly */
	if (!must_exist && op->op != SEAM_OP_DELETE)
		must_exist = SM_RESOLVE_SAME;
	rc = sm_tree_resolve(p->t, op->path, strlen(op->path), must_exist, p->s->opts.flags,
	                     &pf->path, &note, &pf->msg);
	if (rc < 0) {
		sm_buf_dispose(&note);
		return rc;
	}
	if (rc == SEAM_STATUS_NOT_FOUND && op->op == SEAM_OP_DELETE) {
		sm_buf_dispose(&note);
		for (i = 0; i < op->nedits; i++) {
			pf->edits[i].status = SEAM_STATUS_ALREADY_APPLIED;
			pf->edits[i].strategy = "already-applied";
		}
		pf->status = SEAM_STATUS_APPLIED;
		return SETTLED;
	}
	if (rc != SEAM_STATUS_APPLIED) {
		sm_buf_dispose(&note);
		pf->status = rc;
		if (rc == SEAM_STATUS_NOT_FOUND && !pf->msg.len)
			sm_buf_printf(&pf->msg, "%s does not exist in the tree", op->path);
		sm_plan_skip_all(pf);
		return SETTLED;
	}
	/* what the parser read but seam cannot carry out (a binary patch, a symbolic link):
	   refused once the path is known to be one */
	if (op->refuse) {
		sm_buf_dispose(&note);
		pf->status = op->refuse_status;
		sm_buf_clear(&pf->msg);
		sm_buf_printf(&pf->msg, "%s: %s", pf->path, op->refuse);
		sm_plan_skip_all(pf);
		return SETTLED;
	}
	if (note.len)
		sm_buf_put(&pf->msg, note.ptr, note.len);
	sm_buf_dispose(&note);
	st = state_for(p, pf->path, &pf->state, &fresh);
	if (!st)
		return SEAM_ENOMEM;
	if (fresh) {
		sm_buf why = SM_BUF_INIT;
		rc = load_state(p, st, &why);
		if (rc < 0) {
			sm_buf_dispose(&why);
			return rc;
		}
		if (rc != SEAM_STATUS_APPLIED) {
			st->failed = 1;
			pf->status = rc;
			sm_buf_clear(&pf->msg);
			sm_buf_put(&pf->msg, why.ptr ? why.ptr : "", why.len);
			sm_buf_dispose(&why);
			sm_plan_skip_all(pf);
			return SETTLED;
		}
		sm_buf_dispose(&why);
	} else if (st->failed && !st->im.v && !st->exists && st->data) {
		pf->status = SEAM_STATUS_SKIPPED;
		sm_plan_skip_all(pf);
		return SETTLED;
	}
	return 0;
}
