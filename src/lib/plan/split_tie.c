/*
 * A whole-sides block is cut into change runs by its sides' diff, which breaks its ties by its
 * own order, knowing nothing of the file: where a line has copies (a blank line, a repeated
 * comment) that an alignment pairing as many lines could pair instead, it keeps the first.
 * The runs are then found each on its own, with the file lines between them left out, and
 * which copy the diff kept decides which run a new line goes with, and so on which side of
 * the lines left out it is written, or which copy of a line a run deletes (splice_tie.c asks
 * the same of a place found whole). The split is made again with the ties broken from the
 * other end; when both readings are found and write different files, the reply does not say
 * which it means, and the hunk is refused.
 */
#include "split_tie.h"
#include "../match/prep.h"
#include "../match/image.h"
#include "../../util/alloc.h"
#include "../../util/buf.h"

#include <string.h>

int sm_split_tie_pairing(const sm_medit *me, sm_medit *alt)
{
	memset(alt, 0, sizeof(*alt));
	if (me->late_ties)
		return 0;
	return sm_prep_late_reading(me, alt);
}

int sm_split_tie_differ(const sm_image *a, const sm_image *b)
{
	sm_buf x = SM_BUF_INIT, y = SM_BUF_INIT;
	int rc;

	if (sm_image_render(a, &x) || sm_image_render(b, &y))
		rc = SEAM_ENOMEM;
	else
		rc = x.len != y.len || memcmp(x.ptr, y.ptr, x.len) != 0;
	sm_buf_dispose(&x);
	sm_buf_dispose(&y);
	return rc;
}
