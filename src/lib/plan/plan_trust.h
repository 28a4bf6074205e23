#ifndef SEAM_LIB_PLAN_TRUST_H
#define SEAM_LIB_PLAN_TRUST_H

/*
 * The file lines a tolerant tier took on trust (plan_trust.c): for an edit e placed at lines
 * first..last of the file data[0..dlen) as it was before the reply, appends to *message (owned,
 * sm_malloc'ed, may be NULL) one line per file line there that differs from e's old text,
 * whitespace aside: "line N differs from the reply: TEXT" (or "is not in the reply"). 0, or -1
 * when out of memory.
 */

#include "../ir/edit.h"

#include <stddef.h>

int sm_trust_note(const char *data, size_t dlen, long first, long last, const sm_edit *e,
		  char **message);

#endif
