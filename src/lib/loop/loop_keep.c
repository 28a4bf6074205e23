/* What a round keeps: the failed edits taken out of the reply, the rest planned again and
 * committed to the loop's copy of the files. */
#include "loop_impl.h"
#include "../tree/tree.h"
#include "../core/session.h"
#include "../../util/alloc.h"

#include <string.h>

/* Removes edit j of f (its lines and anchors freed). */
static void drop_edit(seam_reply *r, sm_fileop *f, size_t j)
{
	sm_free(f->edits[j].lines);
	sm_free(f->edits[j].anchors);
	sm_free(f->edits[j].literal);
	memmove(&f->edits[j], &f->edits[j + 1], (f->nedits - j - 1) * sizeof(*f->edits));
	f->nedits--;
	r->total_edits--;
}

/* Removes fileop k of r. */
static void drop_file(seam_reply *r, size_t k)
{
	sm_fileop *f = &r->files[k];

	while (f->nedits)
		drop_edit(r, f, f->nedits - 1);
	sm_free(f->edits);
	sm_free(f->path);
	sm_free(f->move_to);
	memmove(&r->files[k], &r->files[k + 1], (r->nfiles - k - 1) * sizeof(*r->files));
	r->nfiles--;
	/* the lookup table of the parsers is not needed once the reply is read */
	sm_free(r->index);
	r->index = NULL;
	r->index_cap = 0;
}

/* A cut reply: the edits the cut caught unfinished are not the model's. Returns how many. */
size_t sm_loop_drop_open(seam_reply *r)
{
	size_t k, j, n = 0;

	for (k = r->nfiles; k-- > 0;) {
		sm_fileop *f = &r->files[k];
		for (j = f->nedits; j-- > 0;)
			if (f->edits[j].open) {
				drop_edit(r, f, j);
				n++;
			}
		if (f->open && !f->nedits && f->op != SEAM_OP_DELETE) {
			drop_file(r, k);
			n++;
		}
	}
	return n;
}

/* Brings every file the reply names into the copy. */
int sm_loop_bring_named(seam_loop *l, const seam_reply *r)
{
	size_t k;
	int rc;

	for (k = 0; k < r->nfiles; k++) {
		const sm_fileop *f = &r->files[k];
		if ((rc = sm_loop_bring(l, f->path, f->op != SEAM_OP_CREATE && f->op != SEAM_OP_WHOLE, 0,
				NULL)))
			return rc;
		if (f->move_to && (rc = sm_loop_bring(l, f->move_to, 0, 0, NULL)))
			return rc;
	}
	return SEAM_OK;
}

/*
 * Keeps what applied: takes the failed edits (and files whose failure is the file's) out of r,
 * plans the rest again and commits it to the copy. A file whose rest still fails is dropped
 * whole, until the plan is clean (at most one pass per file).
 */
int sm_loop_keep_applied(seam_loop *l, seam_reply *r, seam_plan *p)
{
	unsigned char *drop_f;
	unsigned char **drop_e;
	size_t k, j, nf = r->nfiles, pass;
	int rc = SEAM_OK;

	drop_f = sm_calloc(nf ? nf : 1, 1);
	drop_e = sm_calloc(nf ? nf : 1, sizeof(*drop_e));
	if (!drop_f || !drop_e) {
		sm_free(drop_f);
		sm_free(drop_e);
		seam_plan_free(p);
		return SEAM_ENOMEM;
	}
	for (k = 0; k < p->nfiles && rc == SEAM_OK; k++) {
		const sm_pfile *pf = &p->files[k];
		size_t i = (size_t)(pf->op - r->files);
		if (i >= nf)
			continue;
		if (pf->status == SEAM_STATUS_APPLIED)
			continue;
		if (pf->op->op != SEAM_OP_UPDATE || !pf->opened || !pf->path ||
		    pf->state == SM_NOSTATE) {
			drop_f[i] = 1;
			continue;
		}
		drop_e[i] = sm_calloc(pf->op->nedits ? pf->op->nedits : 1, 1);
		if (!drop_e[i]) {
			rc = SEAM_ENOMEM;
			break;
		}
		for (j = 0; j < pf->op->nedits; j++) {
			seam_status_t st = pf->edits[j].status;
			drop_e[i][j] = st != SEAM_STATUS_APPLIED && st != SEAM_STATUS_ALREADY_APPLIED;
		}
	}
	seam_plan_free(p);
	for (k = nf; rc == SEAM_OK && k-- > 0;) {
		if (drop_f[k]) {
			drop_file(r, k);
			continue;
		}
		if (!drop_e[k])
			continue;
		for (j = r->files[k].nedits; j-- > 0;)
			if (drop_e[k][j])
				drop_edit(r, &r->files[k], j);
		if (!r->files[k].nedits && !r->files[k].move_to)
			drop_file(r, k);
	}
	for (k = 0; k < nf; k++)
		sm_free(drop_e[k]);
	sm_free(drop_e);
	sm_free(drop_f);
	for (pass = 0; rc == SEAM_OK && r->nfiles; pass++) {
		p = NULL;
		rc = seam_plan_new(&p, l->s, r, l->mem);
		if (rc == SEAM_OK) {
			rc = seam_plan_commit(p);
			seam_plan_free(p);
			break;
		}
		if (rc != SEAM_EFAIL || pass > nf) {
			seam_plan_free(p);
			break;
		}
		/* drop the files that still fail */
		rc = SEAM_OK;
		for (k = p->nfiles; k-- > 0;)
			if (p->files[k].status != SEAM_STATUS_APPLIED) {
				size_t i = (size_t)(p->files[k].op - r->files);
				seam_plan_free(p);
				p = NULL;
				if (i < r->nfiles)
					drop_file(r, i);
				break;
			}
		seam_plan_free(p);
	}
	sm_tree_forget_names(l->mem);
	return rc == SEAM_EFAIL ? SEAM_OK : rc;
}

/* The files the failed edits of p are in, once each, as the copy has them now. */
int sm_loop_failed_paths(const seam_plan *p, char ***out, size_t *n)
{
	size_t k, j, cap = 0;
	char **v = NULL;

	*n = 0;
	for (k = 0; k < p->nfiles; k++) {
		const char *path = p->files[k].path;
		if (p->files[k].status == SEAM_STATUS_APPLIED || !path)
			continue;
		for (j = 0; j < *n && strcmp(v[j], path); j++)
			;
		if (j < *n)
			continue;
		if (sm_grow((void **)&v, &cap, *n + 1, sizeof(*v)) || !(v[*n] = sm_strdup(path))) {
			for (j = 0; j < *n; j++)
				sm_free(v[j]);
			sm_free(v);
			return SEAM_ENOMEM;
		}
		(*n)++;
	}
	*out = v;
	return SEAM_OK;
}
