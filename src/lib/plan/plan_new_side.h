#ifndef SEAM_LIB_PLAN_NEW_SIDE_H
#define SEAM_LIB_PLAN_NEW_SIDE_H

#include "plan_impl.h"

/* 1 when me's new side, standing in the file, says the edit was made (an added line of
 * substance, or each deletion closed in by context lines of substance): plan_new_side.c's
 * sm_new_side_evidence, as a rival asks it. */
int sm_plan_new_side_is_evidence(const sm_medit *me);
/* 1 when a line the edit deletes is (nearly) its neighbouring context line: a file holding
 * both copies holds the new side before the edit as much as after it. */
int sm_plan_deletes_copy_of_neighbour(const sm_medit *me);

/* 1 when place c of me's new side puts every added line of substance of me on a file line: a
 * new side that stands only with an added line left out does not show the edit made, whatever
 * else of it the file holds (it is the old side, an added line short). With im, each as written
 * (indentation aside) on one file line: an added line placed as a miscopy of a file line is the
 * old line the edit changes (x to x_v2), which the file holding proves nothing about. */
int sm_new_side_adds_on(const sm_image *im, const sm_medit *me, const sm_cand *c);

/* For the other parts of "already applied" (each described where it is defined). */
int sm_new_side_evidence(const sm_medit *me, int copies);
int sm_runs_closed(const sm_medit *me, int copies, int blank_bound);
int sm_moves_blank(const sm_image *im, const sm_medit *ns, const sm_cand *c);
int sm_new_side_places(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                       sm_budget *budget, int policy, sm_cand *where, size_t two[2], int *err);
/* sm_new_side_places without two: 1 when the new side stands in exactly one place. */
int sm_new_side_once_at(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                        sm_budget *budget, int policy, sm_cand *where, int *err);
int sm_new_side_once(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
                     sm_budget *budget, int policy, size_t *at, size_t *end, int *err);

#endif
