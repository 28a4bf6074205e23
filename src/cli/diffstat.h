#ifndef SEAM_CLI_DIFFSTAT_H
#define SEAM_CLI_DIFFSTAT_H

#include "seam.h"

#include <stdio.h>

/* --stat (numstat 0) or --numstat: git's summary of the plan's diff on f, read back from the
 * diff --diff prints; -1 after a message when it cannot be made. */
int sm_cli_diffstat(FILE *f, const seam_plan *p, int numstat);

#endif
