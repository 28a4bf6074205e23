/*
 * Indentation: the old side is in the file but shifted as a whole (common indentation removed,
 * tabs written as spaces or the reverse). Accepted only when every non-blank line moved by the
 * same number of columns for one tab width; the new side is then shifted back the same way and
 * written with the file's own indentation character. When several tab widths fit, one that
 * needs no shift wins (the model wrote tabs for the file's own indentation unit: its deeper new
 * lines are one unit deeper per tab), else the most common width.
 */
#include "match.h"

int sm_tier_indent(const sm_mctx *c, sm_cands *out)
{
	return sm_contig_find(c, SM_LVL_INDENT, SM_TIER_INDENT, out);
}
