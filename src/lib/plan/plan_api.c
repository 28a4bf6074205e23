/* The plan's public getters and its commit. */
#include "plan_impl.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <string.h>

size_t seam_plan_file_count(const seam_plan *p)
{
	return p ? p->nfiles : 0;
}

int seam_plan_ok(const seam_plan *p)
{
	return p && p->ok;
}

int seam_plan_file(const seam_plan *p, size_t i, seam_file_info *out)
{
	const sm_pfile *pf;
	const sm_pstate *st;

	if (!p || !out || i >= p->nfiles)
		return SEAM_EUSAGE;
	pf = &p->files[i];
	st = pf->state != SM_NOSTATE ? &p->states[pf->state] : NULL;
	memset(out, 0, sizeof(*out));
	out->path = pf->path ? pf->path : pf->op->path;
	out->asked_path = pf->op->path;
	out->op = pf->op->op;
	out->status = pf->status;
	out->message = pf->msg.ptr ? pf->msg.ptr : "";
	out->edit_count = pf->op->nedits;
	if (st) {
		out->changed = st->changed;
		out->old_data = st->data;
		out->old_len = st->data ? st->len : 0;
		out->new_data = st->exists ? st->out : NULL;
		out->new_len = st->exists ? st->outlen : 0;
	}
	return SEAM_OK;
}

/* The mode of a file before and after: see seam_plan_file_mode. (A new file made executable
 * shows 0755, what it gets under the usual umask.) */
static void modes(const sm_pstate *st, unsigned int *omode, unsigned int *nmode)
{
	*omode = st->st.exists ? (st->st.mode & 07777) : 0;
	*nmode = *omode;
	if (sm_plan_mode_changes(st)) {
		if (!st->st.exists)
			*nmode = 0755;
		else if (st->mode == SM_MODE_EXEC)
			*nmode = *omode | ((*omode & 0444) >> 2);
		else
			*nmode = *omode & ~0111u;
	}
}

size_t seam_plan_path_count(const seam_plan *p)
{
	return p ? p->nstates : 0;
}

int seam_plan_path(const seam_plan *p, size_t i, seam_path_info *out)
{
	const sm_pstate *st;

	if (!p || !out || i >= p->nstates)
		return SEAM_EUSAGE;
	st = &p->states[i];
	memset(out, 0, sizeof(*out));
	out->path = st->path;
	out->old_data = st->data;
	out->old_len = st->data ? st->len : 0;
	out->new_data = st->exists ? st->out : NULL;
	out->new_len = st->exists && st->out ? st->outlen : 0;
	modes(st, &out->old_mode, &out->new_mode);
	out->from = -1;
	if (st->from && st->from <= p->nstates) {
		out->from = (long)(st->from - 1);
		out->copied = st->copied;
	}
	out->changed = st->changed != 0;
	return SEAM_OK;
}

int seam_plan_file_mode(const seam_plan *p, size_t i, unsigned int *old_mode,
			unsigned int *new_mode)
{
	const sm_pfile *pf;
	unsigned int o = 0, n = 0;

	if (!p || i >= p->nfiles)
		return SEAM_EUSAGE;
	pf = &p->files[i];
	if (pf->state != SM_NOSTATE) {
		modes(&p->states[pf->state], &o, &n);
		if (!p->states[pf->state].exists)
			n = 0;
	}
	if (old_mode)
		*old_mode = o;
	if (new_mode)
		*new_mode = n;
	return SEAM_OK;
}

int seam_plan_edit(const seam_plan *p, size_t file, size_t edit, seam_edit_info *out)
{
	const sm_pfile *pf;
	const sm_pedit *pe;

	if (!p || !out || file >= p->nfiles || edit >= p->files[file].op->nedits)
		return SEAM_EUSAGE;
	pf = &p->files[file];
	pe = &pf->edits[edit];
	memset(out, 0, sizeof(*out));
	out->status = pe->status;
	out->strategy = pe->strategy ? pe->strategy : "";
	out->start_line = pe->start_line;
	out->end_line = pe->end_line;
	out->reply_line = pf->op->edits[edit].reply_line;
	out->message = pe->message ? pe->message : "";
	return SEAM_OK;
}

/* The writes of the plan's changed files (w[0..*n), sm_free it), or NULL when out of memory. */
static sm_write *plan_writes(const seam_plan *p, size_t *n)
{
	sm_write *w = sm_calloc(p->nstates ? p->nstates : 1, sizeof(*w));
	size_t i;

	*n = 0;
	if (!w)
		return NULL;
	for (i = 0; i < p->nstates; i++) {
		const sm_pstate *st = &p->states[i];
		if (!st->changed)
			continue;
		w[*n].path = st->path;
		w[*n].before = st->st;
		if (st->mode && st->st.exists)
			w[*n].set_exec = st->mode == SM_MODE_EXEC ? 1 : -1;
		else if (st->mode == SM_MODE_EXEC)
			w[*n].mode = SM_MODE_EXEC; /* (a plain file gets the default mode) */
		if (st->exists) {
			w[*n].data = st->out;
			w[*n].len = st->outlen;
		} else {
			w[*n].del = 1;
		}
		(*n)++;
	}
	return w;
}

int seam_plan_commit(seam_plan *p)
{
	sm_write *w;
	size_t n = 0;
	sm_buf why = SM_BUF_INIT;
	int rc;

	if (!p)
		return SEAM_EUSAGE;
	if (!p->ok)
		return sm_fail(p->s, SEAM_EFAIL, "some edits cannot be applied; nothing was written");
	if (p->committed)
		return SEAM_OK;
	if (p->s->opts.flags & SEAM_FLAG_DRY_RUN)
		return sm_fail(p->s, SEAM_EUSAGE, "a dry run writes nothing (SEAM_FLAG_DRY_RUN)");
	w = plan_writes(p, &n);
	if (!w)
		return sm_fail_code(p->s, SEAM_ENOMEM);
	rc = n ? sm_tree_commit(p->t, w, n, &why) : 0;
	sm_free(w);
	if (rc) {
		rc = sm_fail(p->s, rc, "%s", why.ptr ? why.ptr : "writing failed; nothing was changed");
		sm_buf_dispose(&why);
		return rc;
	}
	sm_buf_dispose(&why);
	p->committed = 1;
	return SEAM_OK;
}

int seam_tree_new_overlay(seam_tree **out, const seam_plan *p)
{
	sm_write *w;
	size_t n = 0;
	int rc;

	if (!out)
		return SEAM_EUSAGE;
	*out = NULL;
	if (!p)
		return SEAM_EUSAGE;
	if (!p->ok)
		return sm_fail(p->s, SEAM_EFAIL,
			       "an overlay is made of a plan whose edits all apply (take the failed "
			       "edits out of the reply and plan it again)");
	/* written already: the base shows it, and the overlay adds nothing */
	w = p->committed ? sm_calloc(1, sizeof(*w)) : plan_writes(p, &n);
	if (!w)
		return sm_fail_code(p->s, SEAM_ENOMEM);
	rc = sm_tree_new_overlay(out, p->s, p->t, w, n);
	sm_free(w);
	return rc ? sm_fail_code(p->s, rc) : SEAM_OK;
}

int seam_plan_written(const seam_plan *p)
{
	return p && p->committed;
}

int seam_plan_dry_run(const seam_plan *p)
{
	return p && (p->s->opts.flags & SEAM_FLAG_DRY_RUN) != 0;
}

const char *seam_status_name(seam_status_t st)
{
	static const char *const names[] = {
		[SEAM_STATUS_APPLIED] = "applied",
		[SEAM_STATUS_ALREADY_APPLIED] = "already-applied",
		[SEAM_STATUS_NO_MATCH] = "no-match",
		[SEAM_STATUS_AMBIGUOUS] = "ambiguous",
		[SEAM_STATUS_LAZY] = "lazy",
		[SEAM_STATUS_REFUSED_PATH] = "refused-path",
		[SEAM_STATUS_BINARY] = "binary",
		[SEAM_STATUS_NOT_FOUND] = "not-found",
		[SEAM_STATUS_EXISTS] = "exists",
		[SEAM_STATUS_OVERLAP] = "overlap",
		[SEAM_STATUS_TOO_LARGE] = "too-large",
		[SEAM_STATUS_IO_ERROR] = "io-error",
		[SEAM_STATUS_SKIPPED] = "skipped",
		[SEAM_STATUS_SYNTAX] = "syntax",
	};
	if ((unsigned)st < sizeof(names) / sizeof(*names) && names[st])
		return names[st];
	return "unknown";
}
