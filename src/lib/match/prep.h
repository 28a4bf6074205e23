#ifndef SEAM_LIB_PREP_H
#define SEAM_LIB_PREP_H

#include "match.h"

/* Builds me from e (hashes, elisions, rewritten runs re-diffed). SEAM_ENOMEM when out of memory.
 * Line texts stay pointing into the reply. */
int sm_prep_edit(sm_medit *me, const sm_edit *e);
/* sm_prep_edit, its change runs' diffs breaking their ties from the other end when late (an
 * edit made again from one sm_prep_sides_late made: the same pairing). */
int sm_prep_edit_ties(sm_medit *me, const sm_edit *e, int late);

/* One side of a whole-sides edit: n lines, line i's text given by text(ctx, i) (in order, each
 * read several times; ctx may keep a cursor). A whole file's sides read where their lines
 * already are (the file's bytes, the reply's lines), not copied into an edit's table first:
 * that table was 64 bytes a line of the file (issue 12's memory bound). */
typedef struct sm_prep_side {
	size_t n;
	sm_span (*text)(void *ctx, size_t i);
	void *ctx;
} sm_prep_side;
/* What sm_prep_edit makes of an SM_KIND_BLOCK edit (no modifiers) whose old side is old's lines
 * and new side new's, every reply line 0. SEAM_ENOMEM when out of memory. */
int sm_prep_sides(sm_medit *me, const sm_prep_side *old, const sm_prep_side *new);

/* sm_prep_sides with the sides' diff breaking its ties from the other end: where a line has
 * copies that an alignment pairing as many lines could pair instead, each is paired with the
 * last copy rather than the first. The same old lines in the same order, so a place found for
 * the one edit is a place of the other; the two differ only in which copies stay. */
int sm_prep_sides_late(sm_medit *me, const sm_prep_side *old, const sm_prep_side *new);

/* me, a whole-sides edit its sides' diff paired as one run (no line kept by the laziness guard
 * or marked by the model), made again by sm_prep_sides_late with its modifiers and hints: 1 with
 * *alt made (the caller's to sm_prep_dispose), 0 when the pairing comes out the same or me is
 * not such an edit (*alt empty), SEAM_ENOMEM. */
int sm_prep_late_reading(const sm_medit *me, sm_medit *alt);

/* sm_prep_late_reading's edit diffed with its ties broken as me's were, but with old line veto
 * (an index into me->old) paired with no new line: deleted, its text written where the new
 * side has it. The same returns. */
int sm_prep_veto_reading(const sm_medit *me, size_t veto, sm_medit *alt);

/* An edit whose old side is in's new side (all context): to ask "is it already applied?". */
int sm_prep_new_side(sm_medit *out, const sm_medit *in);
void sm_prep_dispose(sm_medit *me);

#endif
