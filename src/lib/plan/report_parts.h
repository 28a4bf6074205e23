#ifndef SEAM_LIB_REPORT_PARTS_H
#define SEAM_LIB_REPORT_PARTS_H

#include "../match/lazy.h"

/* A line for a not-found edit whose old side stands as two parts, its first lines at one place
 * and its last later on: names them and the file lines between that the old side leaves out.
 * Nothing when it does not (or the budget is spent): only a hint. */
void sm_report_two_parts(sm_buf *b, const sm_image *im, const sm_medit *e, sm_budget *budget);

#endif
