#ifndef SEAM_CLI_FILTER_H
#define SEAM_CLI_FILTER_H

/* --include / --exclude (filter.c): the files of a reply left out, and how they are reported. */

#include "cli.h"

#include <jansson.h>
#include <stdio.h>

/* Drops from r the files o's globs leave out, listing them in *x (free with
 * sm_cli_excluded_free). -1 when out of memory. */
int sm_cli_filter(const sm_cli *o, seam_reply *r, sm_cli_excluded *x);
void sm_cli_excluded_free(sm_cli_excluded *x);
/* One line a file: "PATH: excluded by --exclude 'GLOB', not applied". */
void sm_cli_excluded_print(FILE *f, const sm_cli_excluded *x);
/* [{"path", "by": "exclude"|"include", "glob", "edits"}], NULL when out of memory. */
json_t *sm_cli_excluded_json(const sm_cli_excluded *x);

#endif
