/*
 * A merged hunk's first run, found as written at one place, while the hunk's header names
 * another line, from which the hunk's old lines up to the end of that run stand too, but for
 * blank lines of the file between them that the reply leaves out (a blank line dropped is a
 * common slip). The run is placed by the lines it writes beside, which fit both places: the
 * first as written, the second as the header says. Neither says more than the other, and the
 * two change different copies, so the split refuses, naming both.
 */
#include "split_header.h"
#include "../match/image_work.h"

/* The first file line at or after the one numbered k in the file before the reply (not one an
 * edit before wrote), or im->n. */
static size_t line_numbered(const sm_image *im, long k, sm_budget *budget)
{
	size_t i;

	for (i = 0; i < im->n; i++)
		if (sm_ln(im, i)->orig && (long)sm_ln(im, i)->orig >= k)
			break;
	sm_budget_charge(budget, sm_work_pass(0, i + 1));
	return i < im->n && (long)sm_ln(im, i)->orig == k ? i : im->n;
}

/* The file line where the header's reading puts the first run's first old line, when that
 * reading stands and differs from the place found; SM_NOLINE otherwise. */
size_t sm_split_header_rival(const sm_image *im, const sm_medit *me, const run *first,
                             sm_budget *budget)
{
	size_t g, k, f, at = SM_NOLINE, dropped = 0;

	/* a header's number only: a number that is only a guide (soft), or one standing for
	   an anchor or the edit before, is not a claim of the hunk's own */
	if (me->hint_start <= 0 || (me->flags & SM_EDIT_SOFT_HINT) || me->after_anchor ||
	    me->in_order || !first->sub.nold || first->m.best.lo[0] == SM_NOLINE)
		return SM_NOLINE;
	g = line_numbered(im, me->hint_start, budget);
	if (g == im->n)
		return SM_NOLINE;
	sm_budget_charge(budget, first->ue);
	/* the hunk's old lines from its first on, from the header's line, blank file lines the
	   reply leaves out passed over: through the run's change and the old line right after
	   it (which places additions), its trailing context further as far as it stands (it
	   may be the next hunk's, merged) */
	for (k = 0, f = g; k < first->ue; k++) {
		const sm_mline *ml = &me->seq[k];
		if (ml->kind == SM_HL_ADD)
			continue;
		while (f < im->n && !ml->l.blank && sm_ln(im, f)->blank) {
			f++;
			dropped++;
		}
		if (f == im->n || ml->l.h_rstrip != sm_ln(im, f)->h_rstrip) {
			if (k <= first->e)
				return SM_NOLINE;
			break;
		}
		if (at == SM_NOLINE && k >= first->us)
			at = f;
		f++;
	}
	/* the place found is the header's reading itself, or overlaps it */
	if (at == SM_NOLINE || !dropped || at == first->m.best.lo[0] ||
	    (g < first->m.best.end && f > first->m.best.start))
		return SM_NOLINE;
	return at;
}
