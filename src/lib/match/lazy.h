#ifndef SEAM_LIB_LAZY_H
#define SEAM_LIB_LAZY_H

/*
 * The laziness guard. Models replace code they did not want to copy with a placeholder comment
 * ("# ... rest of the code ...", "// existing code here"), and an engine that applies it
 * deletes that code. A placeholder is lazy only where real lines of the old side really
 * disappear next to it; then, by the session's seam_lazy_t, the guard restores the one span it
 * stands for (when the lines around it are unchanged lines of the old side, it can only stand
 * for what lies between them), or refuses the edit.
 */

#include "../core/lang.h"
#include "../read/placeholder.h"
#include "match.h"
#include "lazy_hit.h"

/*
 * The guard on one prepared edit, by mode (a seam_lazy_t): SEAM_LAZY_ALLOW does nothing;
 * otherwise a placeholder that stands for no code of the file (its change run deletes no real
 * line) is left out of the edit and listed in res->dropped, in every mode:
 * SEAM_LAZY_REFUSE refuses the first lazy placeholder; SEAM_LAZY_EXPAND expands every lazy
 * placeholder when all of them are bounded, and otherwise refuses the first that is not (or
 * the first whose span holds a line the reply may have moved out of it: hit.moved, or whose
 * unchanged lines beside it fit the file in two places: hit.fits). In every mode but ALLOW, a
 * placeholder of an edit whose two sides seam diffed (not a diff's hunk, not a whole file)
 * that stands for nothing as they pair, in an edit that deletes real lines, is refused
 * (hit.astray): the pairing was seam's guess, and another has it stand for those lines.
 * Expanding rewrites e: the deletions the placeholder stood for are kept (sm_mline.keep), the
 * placeholder and the blank lines added around it go. A placeholder that is a line of im (NULL:
 * none) is not lazy. Returns SEAM_ENOMEM when out of memory, else 0 with *res filled.
 */
int sm_lazy_guard(sm_medit *e, const sm_lang *lang, const sm_image *im, int mode,
		  sm_lazy_result *res);
/* sm_lazy_guard on an edit whose old lines are the whole file's, in order (a whole file given
 * for it: none blank-only, which sm_prep_edit turns into additions): the file's lines are
 * known from the edit, and the guard holds no set of them (issue 12's memory bound). e->old
 * may be NULL (freed by its owner): then it stays so. */
int sm_lazy_guard_whole(sm_medit *e, const sm_lang *lang, int mode, sm_lazy_result *res);
void sm_lazy_result_dispose(sm_lazy_result *res);

/* The index into e->old of e->seq[k], an old line. */
size_t sm_lazy_old_index(const sm_medit *e, size_t k);

/* The strategy name of an edit applied by `base` with a placeholder expanded:
 * "exact+expanded-placeholder" (static storage). */
const char *sm_lazy_strategy(const char *base);

#endif
