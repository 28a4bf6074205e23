/* Blank lines added or dropped by the model, on top of the indentation tier's tolerance. */
#include "match.h"

int sm_tier_blank(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 0, 0, 0, 0, SM_TIER_BLANK};
	return sm_align_find(c, &o, out);
}
