#ifndef SEAM_LIB_LAZY_H
#define SEAM_LIB_LAZY_H

#include "match/match.h"

/* 1 when the line is only an elision marker: "...", "…", "# ...", "// ...", a C comment of
 * dots. */
int sm_is_elision(const char *p, size_t n);

/* 1 when the line only stands for code the model did not write: a comment like
 * "# ... rest of the code ...", "// existing code here", a bare "...". */
int sm_lazy_is_placeholder(const char *p, size_t n);

/* Wider, for lines kept on both sides of an edit: also a short comment of placeholder words
 * ("// (unchanged)"), which there can only be an elision. */
int sm_lazy_is_marker(const char *p, size_t n);

/*
 * The first placeholder among the edit's additions that takes the place of real code (its
 * change run deletes non-blank lines the new side does not have again), as an index into e->seq,
 * or SM_NOLINE. *gone receives how many real lines it would delete. A placeholder that deletes
 * nothing (a comment the model added), or that is a line of the file im (NULL: none), is not
 * lazy.
 */
size_t sm_lazy_find(const sm_medit *e, const sm_image *im, size_t *gone);

#endif
