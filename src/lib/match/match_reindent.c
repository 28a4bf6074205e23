/*
 * Line indentation: the old side is in the file line for line, indentation aside, but shifted
 * by different amounts from line to line, so no one shift fits and the indentation tier
 * refuses it. Taken only where the new side can be written without a guess
 * (sm_reindent_check, match_shift.c, says when); blank lines may come and go, nothing else is
 * repaired.
 */
#include "match.h"

int sm_tier_reindent(const sm_mctx *c, sm_cands *out)
{
	sm_align_opts o = {SM_LVL_INDENT, 1, 0, 0, 0, 0, SM_TIER_REINDENT};
	return sm_align_find(c, &o, out);
}
