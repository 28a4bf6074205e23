#ifndef SEAM_LIB_BATCH_FILTER_H
#define SEAM_LIB_BATCH_FILTER_H

/* A batch record's "include" / "exclude" globs (batch_filter.c): the files of its reply left out. */

#include "seam.h"
#include "../core/seam_limits.h"

#include <jansson.h>

/* globs of one record ("include" and "exclude" together) at most: a record names a few, and
   each file of the reply is tried against every one (fnmatch: glob length x path length) */
#define SM_BATCH_MAX_GLOBS 64
/* bytes of one glob at most: as long as a path may be */
#define SM_BATCH_MAX_GLOB_BYTES SM_PATH_MAX

/* NULL when the record's "include" and "exclude" are absent or well formed (a string or an
   array of strings, SM_BATCH_MAX_GLOBS in all, none empty, longer than SM_BATCH_MAX_GLOB_BYTES
   or holding a NUL), else why. */
const char *sm_batch_globs_check(json_t *rec);
/* Drops from r the files the record's globs leave out and sets *excluded to their list
   ([{"path", "by", "glob", "edits"}], as seam apply --json's), or NULL when none is. 0 or
   SEAM_ENOMEM. */
int sm_batch_filter(json_t *rec, seam_reply *r, json_t **excluded);

#endif
