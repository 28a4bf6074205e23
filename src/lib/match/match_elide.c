/*
 * Elisions: a context line that is only "..." (or "# ...", "// ...") on both sides stands for
 * the unchanged lines the model did not copy; its pieces are found in order and the elided
 * lines stay as they are.
 */
#include "match.h"

int sm_tier_elide(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 1, 0, 0, 0, SM_TIER_ELIDE};
	size_t i;

	for (i = 0; i < c->e->nold; i++)
		if (c->e->seq[c->e->old[i]].elide)
			return sm_align_find(c, &o, out);
	return 0; /* nothing this tier adds to the previous one */
}
