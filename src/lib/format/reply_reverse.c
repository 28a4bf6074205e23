/*
 * -R (SEAM_FLAG_REVERSE): a diff or patch read backwards, as `patch -R` and `git apply -R` do.
 * Done once on the edit representation after parsing, so that the planner, the matcher and the
 * reports see an ordinary reply: each hunk's '-' and '+' lines trade places, a created file is
 * deleted (its content must then be in the file, line for line), a deleted one created, a
 * rename goes back, a mode change is undone.
 */
#include "../read/reply.h"
#include "../../util/alloc.h"

#include <string.h>

/* The numbers the hunk header gave the new side, from the old side's and the hunks before it
 * (what the header's "+c,d" says when the diff is consistent; the parser keeps only "-a,b"). */
static void reverse_hint(sm_edit *e, long *delta)
{
	long nold = (long)(sm_edit_count(e, SM_HL_CTX) + sm_edit_count(e, SM_HL_DEL));
	long nnew = (long)(sm_edit_count(e, SM_HL_CTX) + sm_edit_count(e, SM_HL_ADD));
	int bof = (e->flags & SM_EDIT_AT_BOF) != 0;

	e->flags &= ~(unsigned)SM_EDIT_AT_BOF;
	if (e->hint_start > 0 || bof) {
		/* a count of 0 names the line before the place, as diff writes it */
		long at = (bof ? 0 : e->hint_start) + (nold == 0) + *delta;
		e->hint_start = at - (nnew == 0);
		e->hint_len = nnew;
		if (e->hint_start <= 0) {
			e->hint_start = 0;
			e->hint_len = -1;
			if (nnew == 0)
				e->flags |= SM_EDIT_AT_BOF;
		}
	}
	*delta += nnew - nold;
}

static void reverse_edit(sm_edit *e)
{
	size_t i;
	unsigned int f = e->flags;

	for (i = 0; i < e->nlines; i++) {
		if (e->lines[i].kind == SM_HL_DEL)
			e->lines[i].kind = SM_HL_ADD;
		else if (e->lines[i].kind == SM_HL_ADD)
			e->lines[i].kind = SM_HL_DEL;
	}
	e->flags &= ~(unsigned)(SM_EDIT_OLD_NOEOL | SM_EDIT_NEW_NOEOL);
	if (f & SM_EDIT_OLD_NOEOL)
		e->flags |= SM_EDIT_NEW_NOEOL;
	if (f & SM_EDIT_NEW_NOEOL)
		e->flags |= SM_EDIT_OLD_NOEOL;
}

/* Refuses f under -R: a static reason, given as the file's message by the planner. */
static void refuse(sm_fileop *f, const char *why)
{
	if (!f->refuse) {
		f->refuse = why;
		f->refuse_status = SEAM_STATUS_NO_MATCH;
	}
}

int sm_reply_reverse(seam_reply *r)
{
	size_t i, k;

	for (i = 0; i < r->nfiles; i++) {
		sm_fileop *f = &r->files[i];
		long delta = 0;

		if (f->copy) {
			/* git reverses it into a copy the other way, which the source's being there
			   always refuses; the copy itself is what a reversal would remove, and its
			   whole content is not in the diff */
			refuse(f, "-R cannot reverse a copy (the diff does not hold the whole copy "
				  "to check before deleting it): delete the copy yourself");
			continue;
		}
		if (f->op == SEAM_OP_DELETE && !f->nedits && !f->git_delete) {
			refuse(f, "-R cannot reverse this deletion: the patch does not show the "
				  "content it deleted, so there is nothing to create again");
			continue;
		}
		for (k = 0; k < f->nedits; k++) {
			reverse_edit(&f->edits[k]);
			if (f->op == SEAM_OP_UPDATE)
				reverse_hint(&f->edits[k], &delta);
		}
		if (f->op == SEAM_OP_CREATE) {
			/* the deletion of what was created: its content must be in the file */
			f->op = SEAM_OP_DELETE;
			f->git_delete = 1;
			f->mode = 0;
		} else if (f->op == SEAM_OP_DELETE) {
			f->op = SEAM_OP_CREATE;
			f->git_delete = 0;
			/* an empty file deleted (git: no hunk) comes back empty: one empty edit */
			if (!f->nedits) {
				sm_edit *e;
				int rc = sm_reply_new_edit(r, f, f->reply_line, &e);
				if (rc)
					return rc;
			}
		} else if (f->mode) {
			/* git has two modes for a file: a change goes from one to the other */
			f->mode = f->mode == SM_MODE_EXEC ? SM_MODE_PLAIN : SM_MODE_EXEC;
		}
		if (f->move_to) {
			char *t = f->path;
			f->path = f->move_to;
			f->move_to = t;
		}
	}
	/* the index of update paths is keyed by the names the files now go by */
	sm_reply_reindex(r);
	return 0;
}
