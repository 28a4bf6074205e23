/*
 * The split of a hunk (split.c) as a rung of the ladder: run at its place in the apply policy,
 * its result turned into the edit's refusal and its message.
 */
#include "plan_split_hook.h"
#include "plan_edit_refuse.h"
#include "split.h"
#include "plan_already_rival.h"
#include "plan_new_side.h"

int sm_plan_split_hook(void *arg)
{
	split_arg *a = arg;
	size_t at, rival[2], placed[2] = {0, 0}, made_span[2], two[2], thin_span[2];
	int err = 0, rv, loose, made, thin;
	const char *mid = NULL, *why = NULL, *tail = NULL;

	/* the new side as written stands in one place: the hunk is not cut into runs to fit
	   elsewhere (the fuzzy tier after it, if it places the old side, meets the same rival) */
	rv = sm_plan_new_side_rival_or_twice(&a->st->im, a->me, SM_TIER_SPLIT, a->lo, a->hi,
	                                     &a->p->fuzzy, &at, two, &err);
	if (err)
		return SEAM_ENOMEM;
	if (rv == 1) {
		/* said in the refusal when nothing else places it (not for a deleted copy of
		   a neighbour: the file holds that new side either way) */
		if (!sm_plan_deletes_copy_of_neighbour(a->me))
			a->made_at = at;
		return 0;
	}
	/* ... or stands as written in two places or more: which one the edit was made at, the
	   file does not say, but that it may be made already it does; runs cut to fit other
	   copies of the old lines (the old side as written stands nowhere) would make it again */
	if (rv == 2)
		return sm_plan_refuse_beside(
		           a->pe, a->rc, &a->st->im, two[0],
		           " fits only cut into runs, while its new side stands as written from ",
		           "), and from line ", two[1],
		           "): it may be applied already. If it is not, send it again with its old "
		           "side as the file has it.\n")
		           ? SEAM_ENOMEM
		           : 1;
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
	/* ... or, too thin for that (one line of substance added), stands as written: weighed
	   against each run the split finds */
	thin = sm_plan_new_side_thin(&a->st->im, a->me, a->lo, a->hi, &a->p->fuzzy, &thin_span[0],
	                             &thin_span[1], &err);
	if (err)
		return SEAM_ENOMEM;
	rv = sm_split_apply(&a->st->im, a->me, a->lo, a->hi, &a->p->pool, &a->p->fuzzy, a->pe,
	                    loose ? rival : NULL, made ? made_span : NULL, thin ? thin_span : NULL,
	                    placed);
	if (rv < 0)
		return rv;
	/* every result named (no default): a new one is a build error until it is worded here */
	switch ((sm_split_result)rv) {
	case SM_SPLIT_NO_FIT:
		return 0;
	case SM_SPLIT_BLANK_UNDECIDED:
		/* no fit: a tier after the split may place it; said when none does */
		a->blank_at[0] = placed[0];
		a->blank_at[1] = placed[1];
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
		return sm_plan_refuse_empty_marker(a->pe, a->rc, &a->st->im, placed[0])
		           ? SEAM_ENOMEM
		           : 1;
	case SM_SPLIT_COPY_READING:
		return sm_plan_refuse_copy_reading(a->pe, a->rc, &a->st->im, placed[0], placed[1])
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
	case SM_SPLIT_ONE_OUT:
		mid = " fits only cut into runs, from ";
		why = "), while it also stands as two halves with file lines between them but for "
		      "one file line its old side leaves out, one half from line ";
		at = placed[1];
		tail =
		    "): it does not say which is meant. Send it again as two edits, each with its "
		    "lines as the file has them.\n";
		break;
	case SM_SPLIT_TWIN_APART:
		mid = " fits only cut into runs, and keeps one of two copies of a line while "
		      "deleting the other: the copy from ";
		why = "), or the one from line ";
		at = placed[1];
		tail = "), with file lines between them that the edit does not give. Which copy "
		       "stays decides on which side of those lines the line is left, and the reply "
		       "does not say. Send it again as two edits, each with its lines as the file "
		       "has them.\n";
		break;
	case SM_SPLIT_NEW_MADE:
		mid = " fits only cut into runs, one of them found at ";
		why = "), while its new side stands as written from line ";
		at = placed[1];
		tail =
		    "): it may be applied already. If it is not, send it again with its old side "
		    "as the file has it.\n";
		break;
	case SM_SPLIT_TIE_UNDECIDED:
		mid = " fits only cut into runs, from ";
		why = "), and as well with its old and new lines paired otherwise, which writes "
		      "another file: which of its lines go on which side of the lines it leaves "
		      "out from line ";
		at = placed[1];
		tail = ") the reply does not say. Send it again as two edits, each with its lines "
		       "as the file has them.\n";
		break;
	case SM_SPLIT_CROSS_READING:
		mid = " fits only cut into runs, and keeps, moving lines across it, ";
		why = "), while a copy of it stands among the lines it leaves out, at line ";
		at = placed[1];
		tail =
		    "): its new side may mean that copy, this line deleted, which writes another "
		    "file. Send it again as two edits, each with its lines as the file has them.\n";
		break;
	case SM_SPLIT_BLANK_PAIR:
		mid = " fits only cut into runs, letting a blank line of its old side go beside ";
		why =
		    "), while that blank line stands as well on the file's blank line beyond line ";
		at = placed[1];
		tail =
		    "), which its old side leaves out and its new side writes beside its blank "
		    "line as the file has it: it does not say which copy of its lines it changes. "
		    "Send it again with its old side as the file has it, every line beside its "
		    "blank lines given.\n";
		break;
	case SM_SPLIT_HEADER_RIVAL:
		mid = " fits only cut into runs, its first run found from ";
		why = "), while from the line its header names, line ";
		at = placed[1];
		tail =
		    "), its lines stand too but for blank lines it leaves out: it does not say "
		    "which of the two it changes. Send it again with the lines around each change "
		    "as the file has them, blank lines and all.\n";
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
	return sm_plan_refuse_beside(a->pe, a->rc, &a->st->im, placed[0], mid, why, at, tail)
	           ? SEAM_ENOMEM
	           : 1;
}
