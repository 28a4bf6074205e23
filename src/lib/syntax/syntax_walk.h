#ifndef SEAM_LIB_SYNTAX_WALK_H
#define SEAM_LIB_SYNTAX_WALK_H

/* A header of its own: tree-sitter's cursor is an unnamed struct, so only the files that
 * include its API can name it (syntax.h keeps tree-sitter out of its readers). */
#include <tree_sitter/api.h>

/* One step of a walk in document order over the subtree the cursor was made on: into the
 * first child when descend is set and there is one, else to the next sibling of the nearest
 * node (this one or an ancestor) that has one. 0 when the walk is done. A cursor walk, not
 * recursion: the depth of a tree is the nesting the file's author chose. */
int sm_syntax_walk_next(TSTreeCursor *c, int descend);

#endif
