#ifndef SEAM_LIB_PLAN_TRUST_H
#define SEAM_LIB_PLAN_TRUST_H

/*
 * The file lines a tolerant tier took on trust (plan_trust.c): for an edit e placed at lines
 * first..last of the file data[0..dlen) as it was before the reply (its line starts line_at, from
 * sm_trust_line_starts), appends to *message (owned,
 * sm_malloc'ed, may be NULL) one line per file line there that differs from e's old text,
 * whitespace aside: "line N differs from the reply: TEXT" (or "is not in the reply"). 0, or -1
 * when out of memory.
 */

#include "../ir/edit.h"

#include <stddef.h>

int sm_trust_note(const char *data, size_t dlen, const size_t *line_at, size_t nlines, long first,
		  long last, const sm_edit *e, char **message);

/* The offsets in data[0..dlen) where its nlines lines start (split at '\n'), for
 * sm_trust_note: made once per file, so that a note costs its region, not the lines before it.
 * *line_at is sm_malloc'ed; SEAM_ENOMEM when out of memory. */
int sm_trust_line_starts(const char *data, size_t dlen, size_t **line_at, size_t *nlines);

#endif
