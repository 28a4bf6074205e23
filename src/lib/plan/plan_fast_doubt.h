#ifndef SEAM_LIB_PLAN_FAST_DOUBT_H
#define SEAM_LIB_PLAN_FAST_DOUBT_H

/*
 * Fast apply's doubts about one traced alignment (plan_fast_doubt.c): each question fills msg
 * and returns 1 when the snippet is refused, 0 when it has nothing to say (also when out of
 * memory: the questions only ever refuse); sm_fast_unsure_marker returns 2 when the budget ran
 * out (msg filled).
 */
#include "plan_fast_align.h"

/* Snippet lines named in a refusal (the rest are counted). */
#define SM_FAST_NAME_LINES 4

/* "snippet line K (reply line R) "text"", or the line of the file given for an excerpt. */
void sm_fast_name_item(seam_plan *p, sm_buf *b, const fast *F, size_t i);
/* "The lazy snippet at reply line R for "path"": the start of every fast-apply refusal. */
void sm_fast_head(sm_buf *b, int excerpt, const sm_pfile *pf, const sm_edit *e);

/* A marker whose neighbouring line (blank lines aside) is new: nothing stops its lines. */
int sm_fast_unplaced(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                     const sm_edit *e, sm_buf *msg);
/* A line the run writes as new that the marker beside it also keeps: written twice. */
int sm_fast_doubled(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                    const sm_edit *e, sm_buf *msg);
/* A run that fits an earlier copy of its anchor lines as well, its old form kept beside it. */
int sm_fast_earlier_copy(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                         const sm_edit *e, sm_buf *msg);
/* A line that reads as a marker but may be the file line it stands for, changed. */
int sm_fast_unsure_marker(seam_plan *p, const fast *F, const path *P, const sm_pfile *pf,
                          const sm_edit *e, sm_buf *msg);

#endif
