/* split_undecided.c: the judgements that refuse a split hunk as undecided. */
#ifndef SEAM_LIB_SPLIT_UNDECIDED_H
#define SEAM_LIB_SPLIT_UNDECIDED_H

#include "split_impl.h"

int sm_split_apart_undecided(const sm_image *im, const sm_medit *me, const run *a, const run *b);
size_t sm_split_marker_for_nothing(const sm_medit *me, const run *runs, size_t nr);
int sm_split_copies_read_otherwise(const sm_image *im, const sm_medit *me, const run *runs,
                                   size_t nr, size_t lo0, size_t hi0, sm_budget *budget,
                                   size_t at[2]);
/* The runs' places as one place of the whole hunk: each old line where the first run holding it
 * puts it (the last, with `last`: runs not yet clipped apart share their context lines), SM_NOLINE
 * where none does, from the first run's start to the last run's end; its lo and hi share one
 * allocation, place->lo, the caller's to free. 0, or SEAM_ENOMEM. */
int sm_split_place_of_runs(const sm_medit *me, const run *runs, size_t nr, int last,
                           sm_cand *place);
int sm_split_half_made_apart(const sm_image *im, const sm_medit *me, const run *runs, size_t nr,
                             size_t lo0, size_t hi0, sm_budget *budget, size_t *ws);
/* 1 when the hunk keeps a line of substance (context) beside a deleted copy of it with nothing of
 * substance kept or written between the two (but further copies of that line, and additions of
 * the deletion's own change), and place (the runs as one place) puts the two
 * copies apart across file lines no old line stands on: the sides' diff chose which copy stays,
 * knowing nothing of the file, and that choice decides on which side of the skipped stretch the
 * line stays (splice_twin.c's question, for the runs of a merged hunk): at[0] the kept copy's file
 * line, at[1] the deleted one's. Whole sides only (one_run): in a hunk the model marked which
 * copy stays. SEAM_ENOMEM. */
int sm_split_twin_apart(const sm_medit *me, const sm_cand *place, size_t at[2]);

#endif
