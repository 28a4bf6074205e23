#ifndef SEAM_LIB_PLAN_ALREADY_RIVAL_H
#define SEAM_LIB_PLAN_ALREADY_RIVAL_H

#include "plan_impl.h"

/* 1 when the old side is placed (or to be placed) only by `tier`, one that lets lines differ
 * or go (diff-repair, split-hunk, fuzzy), while the new side as written, holding at least
 * SM_RIVAL_NEW_MIN_SOLID lines of substance (one, for a deletion between context lines that now
 * stand together), stands in exactly one place of [lo, hi) by the strict tiers (its "..."
 * lines elisions, *at): a reply sent again, or an edit meant for `place` (the old side's, when
 * found); the reply does not say which. With tier elision (place given), only a new side
 * within that place is a rival. A new side standing only at another indentation than `place`,
 * within it, is no rival: the old side's own lines, re-indented by the edit. The search spends
 * budget; *err is set when out of memory. */
int sm_plan_new_side_rival(const sm_image *im, const sm_medit *me, int tier, const sm_cand *place,
                           size_t lo, size_t hi, sm_budget *budget, size_t *at, int *err);
/* sm_plan_new_side_rival for an edit that only deletes (an added line one typo from a deleted
 * one, or one its run deletes at another depth, counting as kept) whose runs are closed in by
 * context lines only with a blank one on one side (a function's first line deleted after a
 * blank line, a body kept with the block around it taken off before a blank line or after
 * one): the new side found as written, its blank lines standing, and once, is the rival. The
 * caller asks it after the rivals of other shapes, which name what they find more closely. */
int sm_plan_new_side_rival_blank(const sm_image *im, const sm_medit *me, int tier,
                                 const sm_cand *place, size_t lo, size_t hi, sm_budget *budget,
                                 size_t *at, int *err);
/* sm_plan_new_side_rival without a place, asked besides whether the new side stands as written
 * in two places or more: 2 then (the first two in two[]). Two places say no place, but they do
 * say the reply may be sent again; a caller that would place the old side only by cutting it
 * (the split) refuses. One search answers both. */
int sm_plan_new_side_rival_or_twice(const sm_image *im, const sm_medit *me, int tier, size_t lo,
                                    size_t hi, sm_budget *budget, size_t *at, size_t two[2],
                                    int *err);
/* For an edit that only takes off one of two identical lines (each deleted run slides over
 * copies of its own lines to an edge), whose old side fits only loosely (repair, split, fuzzy):
 * its new side is only the context around the deletion, which proves nothing once, but the
 * file holding it as written anywhere away from the loose place (*at) says the reply may be
 * sent again, the loose place only a look-alike. *err is set when out of memory. */
int sm_plan_copy_deleted_rival(const sm_image *im, const sm_medit *me, int tier,
                               const sm_cand *place, size_t lo, size_t hi, sm_budget *budget,
                               size_t *at, int *err);
/* 1 when the new side (as sm_plan_new_side_rival asks of it: lines of substance, evidence when
 * the edit only deletes) stands in exactly one place of [lo, hi) by the tiers a split run is
 * found by, strict and tolerant (the place in [*s, *e)): where none of the split's runs stands,
 * the hunk may have been sent again (split.c refuses). *err is set when out of memory. */
int sm_plan_new_side_loose(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                           sm_budget *budget, size_t *s, size_t *e, int *err);
/* sm_plan_new_side_loose, the new side standing as written (the strict tiers, blank lines let
 * go, its "..." lines elisions): for a new side cut shorter than the reply gives it, which
 * fitting loosely would find in more places than the edit's. The tier that found it in *tier
 * (NULL: not asked). */
int sm_plan_new_side_written(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                             sm_budget *budget, size_t *s, size_t *e, int *tier, int *err);
/* sm_plan_new_side_written for a new side whose runs are closed in by context lines only with a
 * blank one on one side (sm_runs_closed's blank bound: a deletion right after a blank line),
 * holding two lines that are not blank: found as written, that blank line standing (no tier
 * past re-indentation), and once. */
int sm_plan_new_side_written_blank(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                                   sm_budget *budget, size_t *s, size_t *e, int *err);
/* 1 when old lines [a, z) of me hold a deleted line and `place` reads each of them on file
 * lines outside [s, e), where a new side of those lines stands, not right beside it (a line
 * deleted at the edge of a new side standing is the edit's own place): the place makes the change
 * elsewhere, whatever of its context it reads there (the lines between let go, the deletion
 * read on another copy of the line further on). */
int sm_plan_deletions_apart(const sm_medit *me, const sm_cand *place, size_t a, size_t z, size_t s,
                            size_t e);
/* 1 when the new side of me (a context alone: its lines) stands in exactly one place of
 * [lo, hi) ([*s, *e)) as loosely as a split run is found (SM_POLICY_RIVAL_LOOSE: the strict,
 * tolerant and fuzzy tiers, the first that finds it deciding), not as written (by none of the
 * strict tiers): the context a split's run was found away from, there with a line of it left
 * out or miscopied (sm_plan_context_loose, split.c's cut outer context). *err is set when out
 * of memory. */
int sm_plan_stands_loosely(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                           sm_budget *budget, size_t *s, size_t *e, int *err);
/* 1 when me's new side is evidence (sm_plan_new_side_is_evidence: an added line of substance,
 * or deletions closed in) and stands, as written or as loosely as a split run is found, in
 * exactly one place of [lo, hi) ([*s, *e)), however few its lines of substance: for split.c,
 * which asks it only of a run whose old side fits with less of the reply's context than that
 * new side holds. *err is set when out of memory. */
int sm_plan_new_side_anyhow(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                            sm_budget *budget, size_t *s, size_t *e, int *err);
/* 1 when me's new side adds a line of substance (not a deleted line given back but for its
 * trailing blanks, miscopied or cut short; one re-indented counts, at its new depth), holds no
 * other line of substance but at least one more line that is not blank, and stands exactly as
 * written, bytes and all, in exactly one place of [lo, hi) ([*s, *e)): too thin to be a rival by
 * itself (SM_RIVAL_NEW_MIN_SOLID), it is weighed by split.c against runs that fit only with the
 * reply's context cut. *err is set when out of memory. */
int sm_plan_new_side_thin(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                          sm_budget *budget, size_t *s, size_t *e, int *err);
/* 1 when an edit that only deletes, at an edge of its context (so its new side is that context
 * alone, which sm_plan_new_side_loose takes for no evidence), has SM_RIVAL_NEW_MIN_SOLID lines
 * of substance of context standing, as loosely as a split run is found, in exactly one place
 * of [lo, hi) ([*s, *e)), not as written (split.c judges a context standing as written as its
 * outer context): where none of the split's runs stands, the hunk's context is there and its
 * deletion elsewhere (a hunk sent again, its context miscopied), and split.c refuses. *err is
 * set when out of memory. */
int sm_plan_context_loose(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                          sm_budget *budget, size_t *s, size_t *e, int *err);
/* 1 when the new side (SM_RIVAL_NEW_MIN_SOLID lines of substance, an edit that only deletes
 * too) stands in exactly one place of [lo, hi) by the strict, tolerant and fuzzy tiers
 * ([*s, *e)), overlapping `place` (the old side's, found by a loose tier), and fits there with
 * repairs that cost less than the place's by SM_AMBIGUITY_MARGIN at least: the file reads as
 * the edit made with a line fewer repaired than as the edit to make (an old side fitting only
 * by letting go of lines between its context and a line it deletes, where the context alone
 * is the new side as written). The reply sent again and a line of it miscopied, as likely as
 * the edit meant there: the reply does not say which. Not a place that lets a blank line of
 * the new side go over a blank file line (an edit moving a blank line fits so before it is
 * made). *err is set when out of memory. */
int sm_plan_new_side_fits_better(const sm_image *im, const sm_medit *me, const sm_cand *place,
                                 size_t lo, size_t hi, sm_budget *budget, size_t *s, size_t *e,
                                 int *err);
/* 1 when the old side's place was found only by the fuzzy tier at two costs at once (a file
 * line of substance let go between its lines, and a line of it miscopied, cut short or not
 * there), while the new side, with as little as one line of substance, stands in one place only
 * (in *s): as written anywhere, or around the place a line's repair cheaper, holding a line the
 * place does not give the old side (not just the old side's own context where it stands); or
 * as written in several places, one of them so (the edit may be made at any of them). An
 * edit sent again with a line miscopied or cut short is found so at the lines it was made
 * from. *err is set when out of memory. */
int sm_plan_loose_place_rival(const sm_image *im, const sm_medit *me, const sm_cand *place,
                              size_t lo, size_t hi, sm_budget *budget, size_t *s, int *err);

/* 1 when place c, found by diff-repair or fuzzy, reads a line the edit deletes apart from the
 * context line the reply gives right beside it (file lines between them, one of substance),
 * while the new side stands as written (the context closed up over the deletion) once in
 * [lo, hi), or twice, and the place reads each deleted line a line or more away from it: the
 * deletion made there (the reply sent again), the place taking another copy of the deleted
 * line further off. *at: where the new side stands. The search spends budget; *err is set
 * when out of memory. */
int sm_plan_deletion_read_past(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
                               size_t hi, sm_budget *budget, size_t *at, int *err);

/* sm_plan_deletion_read_past for place c of me with the new side of ns (me's change lines
 * with more or less of the context around them: a split run's). */
int sm_plan_deletion_read_past_with(const sm_image *im, const sm_medit *me, const sm_cand *c,
                                    const sm_medit *ns, size_t lo, size_t hi, sm_budget *budget,
                                    size_t *at, int *err);

#endif
