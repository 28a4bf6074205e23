/*
 * Elisions: a context line that is only "..." (or "# ...", "// ...") on both sides stands for
 * the unchanged lines the model did not copy; its pieces are found in order and the elided
 * lines stay as they are.
 *
 * A marker line the file itself holds, at the same indentation, in the range searched (a
 * doctest's "..." continuation, Python's `...` body, a comment that reads like a placeholder)
 * is a copied file line, not an elision: taken for one it would stand for any run of lines
 * around its own copy, and a line the old side left out there would be kept beside the new
 * side's copy of it (written twice), or the edit would land wherever the rest fits.
 */
#include "match.h"
#include "../../util/alloc.h"

int sm_tier_elide(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 1, 0, 0, 0, SM_TIER_ELIDE};
	const sm_medit *e = c->e;
	sm_medit e2;
	size_t i, wild = 0;
	int rc = sm_elide_copied(c, &e2);

	if (rc < 0)
		return rc;
	if (rc)
		e = &e2;
	for (i = 0; i < e->nold; i++)
		wild += e->seq[e->old[i]].elide;
	if (rc)
		sm_free(e2.seq);
	/* the markers the file holds are plain lines (sm_align_find): without another, nothing
	   this tier adds to the previous one */
	return wild ? sm_align_find(c, &o, out) : 0;
}
