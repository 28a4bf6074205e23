#ifndef SEAM_LIB_TREE_IGNORE_H
#define SEAM_LIB_TREE_IGNORE_H

/* git's ignore rules, from the tree's .gitignore files (tree_ignore.c): plain data, no tree. */

#include "seam.h"
#include "../core/seam_limits.h"
#include "../../util/buf.h"

#include <stddef.h>

/* how many .gitignore files apply to one path at most: one a directory, as deep as the listing
   goes (SM_LIST_MAX_DEPTH), and the repository's info/exclude */
#define SM_IGNORE_MAX_SETS (66 + 2 * SM_IGNORE_MAX_ABOVE)
/* a root below the top of its work tree also follows the .gitignore files between the two (and
   the top's info/exclude): at most this many directories above the root are read, the nearest
   to the top first (a root 16 levels into a repository is rare; past that, the deeper ones
   are left out) */
#define SM_IGNORE_MAX_ABOVE 16
/* a .gitignore file holds at most this much that counts (larger ones are read in part: the
   rules rank candidate names, they never allow or refuse a write), and at most this many
   patterns; a pattern with more '**' components than SM_IGNORE_MAX_STARSTAR is skipped, since
   each one makes a match try every split of the path (64 components: 64^2 tries at most) */
#define SM_IGNORE_MAX_BYTES 65536
#define SM_IGNORE_MAX_PATTERNS 4096
#define SM_IGNORE_MAX_STARSTAR 2
typedef struct sm_ipat {
	const char *p; /* the pattern, NUL-terminated, without its '!', leading or trailing '/' */
	unsigned neg : 1, dironly : 1, anchored : 1;
} sm_ipat;
/* The patterns of one file, for the paths under base ("" for the root). */
typedef struct sm_ignore {
	char *text; /* the file's bytes, patterns point into it; base follows it */
	char *base;
	size_t nbase;
	sm_ipat *v;
	size_t n;
	/* a file above the root: the root's path from the file's directory, which every path
	   under the root gets in front of it to be matched; NULL for the root and below */
	char *prefix;
	size_t nprefix;
} sm_ignore;
/* Reads file name of the open directory dfd (none, or not a regular file: an empty set).
   SEAM_ENOMEM when out of memory. */
int sm_ignore_read(int dfd, const char *name, const char *base, sm_ignore *ig);
/* The same from data[0..len) in memory (what the file would hold; cut at SM_IGNORE_MAX_BYTES as
   a file is): the fuzz target's way in (fuzz/fuzz_ignore.c). */
int sm_ignore_parse(const char *data, size_t len, const char *base, sm_ignore *ig);
void sm_ignore_dispose(sm_ignore *ig);
/* git's verdict on path (under the root; isdir: a directory) from sets[0..n), the later of
   higher precedence: 1 ignored (*pat: the pattern), 0 not. */
int sm_ignore_match(const sm_ignore *sets, size_t n, const char *path, int isdir,
		    const sm_ipat **pat);
/* Appends to sets[*n..max) the files above root (an absolute real path) that git reads for
   it: when a directory above holds .git, its info/exclude and the .gitignore files from that
   directory down to root's parent, lowest precedence first. SEAM_ENOMEM when out of memory. */
int sm_ignore_above(const char *root, sm_ignore *sets, size_t *n, size_t max);
/* 1 when the clean path under the directory rootfd (whose real path is root, NULL if unknown)
   is ignored by git's rules as the tree's own files give them (why: the pattern), 0 when not,
   SEAM_ENOMEM. */
int sm_ignore_path(int rootfd, const char *root, const char *path, sm_buf *why);

#endif
