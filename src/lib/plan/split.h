#ifndef SEAM_LIB_SPLIT_H
#define SEAM_LIB_SPLIT_H

#include "plan_impl.h"
#include "../match/match.h"

/*
 * What sm_split_apply found. A refusal names its places in at[0] and at[1] as each value says;
 * the caller words it (plan_edit.c split_hook). New meanings get a name here, never a bare
 * number at a caller.
 */
typedef enum sm_split_result {
	SM_SPLIT_NO_FIT = 0,  /* the runs do not fit (or a check sent the hunk on to the tiers
	                         after the split): nothing changed */
	SM_SPLIT_APPLIED = 1, /* applied, pe filled */
	/* with `rival` (the new side stands loosely there, sm_plan_new_side_loose), runs found
	   where none of them touches those lines: at[0] the first run's place (the hunk may have
	   been sent again) */
	SM_SPLIT_RIVAL_LOOSE = 2,
	/* a first (last) run found with its leading (trailing) context cut, while that context,
	   no other run's, stands whole in one place not beside the run: at[0] the context's
	   place, at[1] the run's (the reply puts its context and its change apart: sent again,
	   or a line of it miscopied) */
	SM_SPLIT_CONTEXT_APART = 3,
	/* a run found with its context cut on a side, whose own new side (its context up to an
	   elision, around its additions) stands apart from it, or a deletion whose neighbours
	   stand together apart from it: at[0] the run's place, at[1] that new side's (that
	   change made already) */
	SM_SPLIT_RUN_MADE_APART = 4,
	/* SM_SPLIT_CONTEXT_APART with the context standing there only as loosely as a run is
	   found (a line of it left out or miscopied) */
	SM_SPLIT_CONTEXT_APART_LOOSE = 5,
	/* an elision marker beside a line the hunk deletes, standing for no line where the runs
	   are found: at[0] the file line it stands just above (sm_splice_empty_marker) */
	SM_SPLIT_EMPTY_MARKER = 6,
	/* a line the runs delete reads as well on another copy, the hunk aligned with the file
	   with its let-go lines put elsewhere (sm_plan_copy_reading): at[0] the run's line,
	   at[1] the other copy (the reply does not say which copy it means) */
	SM_SPLIT_COPY_READING = 7,
	/* with `made` (an edit that only deletes, its new side standing as written there), a run
	   that does not touch those lines, and no reason above refused them: at[0] that run's
	   place, at[1] made[0] (the deletion made there, the run fitting another copy of the
	   deleted lines) */
	SM_SPLIT_DELETION_MADE = 8,
	/* the runs read as one place of the hunk, a half of it (cut at a context line between
	   two of its changes) whose new side stands as written apart from where the runs read
	   that half, which they do not read as written (sm_plan_half_made): at[0] the first
	   run's place, at[1] that half's new side (a merged hunk sent again, one half made) */
	SM_SPLIT_HALF_MADE = 9,
	/* the hunk, cut in two, stands as a merged hunk's halves but for one file line they
	   leave out, a line the runs change standing elsewhere (sm_pieces_one_out_rival): at[0]
	   the first run's place, at[1] that reading's half (the reply does not say which) */
	SM_SPLIT_ONE_OUT = 10,
	/* a run that only adds lines at a cut, below a blank line the run before reads on another
	   file line, the blank lines not going round (sm_split_lead_adds_on_blank): at[0] the
	   blank line as the run before reads it, at[1] as that run reads it (the additions below
	   the one or the other, the stretch left out between). No fit for the ladder, which goes
	   on to the tiers after the split; the caller words the refusal when none places it */
	SM_SPLIT_BLANK_UNDECIDED = 11,
	/* a line kept beside a deleted copy of it, the two apart across a stretch the hunk skips
	   (sm_split_twin_apart): at[0] the kept copy, at[1] the deleted one */
	SM_SPLIT_TWIN_APART = 12,
	/* with `thin` (a new side with one line of substance added, standing as written there,
	   sm_plan_new_side_thin), a run that does not touch those lines, and no reason above
	   refused them: at[0] that run's place, at[1] thin[0] (the hunk made there, sent again,
	   the runs fitting other copies of its old lines with the reply's context cut) */
	SM_SPLIT_NEW_MADE = 13,
	/* a whole-sides block found as runs, and found as well with its sides' diff breaking its
	   ties from the other end (split_tie.c), the two writing different files: at[0] the
	   first run's place, at[1] the first line of substance the runs leave out between them
	   (which side of it a line goes, or which copy of it is meant, the reply does not say) */
	SM_SPLIT_TIE_UNDECIDED = 14,
	/* the first run found as written away from the line the hunk's header names, from which
	   the hunk's old lines up to that run's end stand too but for blank lines the reply
	   leaves out (sm_split_header_rival): at[0] the run's place, at[1] the header's reading
	   of the run's first old line (the reply does not say which copy it changes) */
	SM_SPLIT_HEADER_RIVAL = 15,
	/* the runs read as one place of a whole-sides block, a line its sides' diff keeps across
	   a swap while a copy of it stands in a stretch the runs skip, the other reading (the new
	   side's line that copy, this one deleted) writing another file (sm_splice_cross_reading):
	   at[0] the kept line, at[1] the copy */
	SM_SPLIT_CROSS_READING = 16,
	/* a blank line of a run's old side let go beside the line it reads next, while the file
	   holds a blank line beyond a line there that the new side writes beside its own blank
	   line, paired with a later old line (sm_split_blank_pair_left_out): at[0] the line
	   the run reads next to the blank line, at[1] the line the other reading leaves out */
	SM_SPLIT_BLANK_PAIR = 17,
} sm_split_result;

/*
 * The split-hunk tier: locates each change run of the edit separately, with the context around
 * it, shrinking that context from its far ends until the run fits exactly one place; every run
 * must be found, in order, without overlap. Returns an sm_split_result, or SEAM_ENOMEM when out
 * of memory. The image is changed only when every run is found and none of the refusals holds.
 * Every context size of every run is a run of the ladder (the split-run policy): they spend
 * `budget` (the plan's), and once it is spent no run is found. The apply policy calls it at its
 * SM_TIER_SPLIT rung (plan_edit.c's hook). `rival`: the file lines [rival[0], rival[1]) where
 * the new side stands loosely (sm_plan_new_side_loose), or NULL. `made`: the file lines
 * [made[0], made[1]) where the new side of an edit that only deletes stands as written, its
 * runs' neighbours together, or NULL. `thin`: the file lines [thin[0], thin[1]) where a new
 * side too thin to be a rival by itself stands as written (sm_plan_new_side_thin), or NULL.
 */
int sm_split_apply(sm_image *im, const sm_medit *me, size_t lo, size_t hi, sm_pool *pool,
                   sm_budget *budget, sm_pedit *pe, const size_t *rival, const size_t *made,
                   const size_t *thin, size_t at[2]);

#endif
