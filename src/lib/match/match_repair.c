/*
 * Unified-diff repair: context lines the model dropped (a comment, a docstring line) are kept
 * in the file, and context lines that exist nowhere in the file are taken as additions that
 * lost their '+'. Each repair costs one line, so the place needing fewest repairs wins.
 */
#include "match.h"

int sm_tier_repair(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 1, 1, 1, 0, SM_TIER_REPAIR};
	return sm_align_find(c, &o, out);
}
