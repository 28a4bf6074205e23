/*
 * seam_plan_render: picks the renderer asked for. Above the renderers, which share the helpers
 * of render.c below them, so that calls between the files of render/ go one way.
 */
#include "render.h"
#include "../../util/alloc.h"

int seam_plan_render(const seam_plan *p, seam_render_t how, char **out, size_t *len)
{
	sm_buf b = SM_BUF_INIT;
	int rc;

	if (out)
		*out = NULL;
	if (len)
		*len = 0;
	if (!p || !out)
		return SEAM_EUSAGE;
	switch (how) {
	case SEAM_RENDER_TEXT:
		rc = sm_render_text(p, &b);
		break;
	case SEAM_RENDER_JSON:
	case SEAM_RENDER_JSON_LINE:
		rc = sm_render_json(p, &b, how == SEAM_RENDER_JSON_LINE);
		break;
	case SEAM_RENDER_DIFF:
		rc = sm_render_diff(p, &b);
		break;
	case SEAM_RENDER_FEEDBACK:
		rc = sm_render_feedback(p, &b);
		break;
	default:
		return SEAM_EUSAGE;
	}
	return sm_render_hand_out(&b, rc, out, len);
}
