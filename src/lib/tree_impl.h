#ifndef SEAM_LIB_TREE_IMPL_H
#define SEAM_LIB_TREE_IMPL_H

/*
 * Private to the tree module (tree*.c): the tree object and the pieces each file provides.
 * tree.c dispatches between the disk tree (tree_disk.c, tree_commit.c) and the in-memory one
 * (tree_mem.c); tree_path.c holds the lexical checks both share, tree_name.c the listing of a
 * tree and the resolution of a missing name to a close existing one.
 */

#include "tree.h"
#include "session.h"

#include <stddef.h>
#include <stdint.h>

#define SM_PATH_MAX 4096 /* bytes of a path as written, and of a resolved one */
#define SM_NAME_MAX 255  /* bytes of one component (NAME_MAX of every common filesystem) */
#define SM_LIST_MAX_ENTRIES 100000
#define SM_LIST_MAX_DEPTH 64

enum sm_tree_kind { SM_TREE_DISK, SM_TREE_MEM };

typedef struct sm_memfile {
	char *path; /* clean, relative */
	char *data; /* NUL-terminated copy, len excludes the NUL */
	size_t len;
	unsigned int mode;
	uint64_t gen; /* bumped on every change: the in-memory "mtime" */
} sm_memfile;

struct seam_tree {
	seam_session *s;
	enum sm_tree_kind kind;

	/* disk */
	char *root; /* realpath of the root, no trailing '/' (except "/") */
	size_t root_len;
	int rootfd;
	int lockfd;          /* directory flock'ed by seam_tree_lock; -1 until first used */
	unsigned int locks;  /* nesting of seam_tree_lock */

	/* memory: sorted by path (strcmp) */
	sm_memfile *files;
	size_t nfiles, cap;
	uint64_t gen;

	/* every file of the tree, listed once for name resolution (sorted) */
	char **names;
	size_t nnames;
	int listed;
};

/* ---- tree.c ---- */
uint64_t sm_tree_hash(const void *p, size_t n);
/* Drops the cached listing (the set of files changed). */
void sm_tree_forget_names(seam_tree *t);

/* ---- tree_path.c: lexical checks, no filesystem ---- */
/*
 * Checks asked[0..n) and writes its clean form ('/'-separated, no ".", "..", or empty
 * components) to out, which must hold SM_PATH_MAX + 1 bytes. Returns 0, or -1 with the reason
 * in *why (may be NULL).
 */
int sm_tree_path_clean(const char *asked, size_t n, char *out, sm_buf *why);
/* 0 when one component read from the filesystem (a symlink's target, a listed name) is
 * acceptable in a path we hand out; -1 with the reason otherwise. Not "." or "..". */
int sm_tree_path_component_ok(const char *c, size_t m, sm_buf *why);
/* 1 when path is already in the clean form sm_tree_path_clean produces (for writes we are given). */
int sm_tree_path_is_clean(const char *path);
/* 1 when the directory name is skipped by the listing (VCS metadata, node_modules). */
int sm_tree_path_skip_dir(const char *name);

/* ---- tree_name.c ---- */
/* Fills t->names from the disk (bounded, no symlinks, VCS dirs skipped). 0, or SEAM_ENOMEM /
 * SEAM_EIO. */
int sm_disk_list(seam_tree *t);
/*
 * Picks the one name of names[0..n) that `asked` (clean, missing) most likely meant: first the
 * same name but for case and Unicode normalization (NFC), then (unless same_only) a path
 * suffix, the base name, a close spelling. Returns SEAM_STATUS_APPLIED with *out (sm_free) and
 * *note set, SEAM_STATUS_NOT_FOUND (reason in *why) when none fits, SEAM_STATUS_AMBIGUOUS
 * (reason in *why) when several fit equally, or SEAM_ENOMEM.
 */
int sm_name_match(char *const *names, size_t n, const char *asked, int same_only, char **out,
		  sm_buf *note, sm_buf *why);
/* Bounded optimal-string-alignment distance; returns max + 1 when it is above max. */
size_t sm_name_distance(const char *a, size_t an, const char *b, size_t bn, size_t max);

/* ---- tree_disk.c ---- */
int sm_disk_open(seam_tree *t, const char *root);
void sm_disk_close(seam_tree *t);
/* Follows the clean path under the root (symlinks inside the root followed). Returns a status
 * (APPLIED, REFUSED_PATH, IO_ERROR) or SEAM_ENOMEM; on APPLIED, *out is the resolved path and
 * *exists whether it names an existing regular file. */
int sm_disk_resolve(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why);
int sm_disk_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		 sm_filestat *st, sm_buf *why);
int sm_disk_exists(seam_tree *t, const char *path);
/* 1 when something (file, directory, link...) is at path */
int sm_disk_has_entry(seam_tree *t, const char *path);

/*
 * Opens the directory holding path (relative, clean) by walking from the root one component at
 * a time, never following a symlink. With `created` set, missing directories are made and
 * their paths appended to it (NUL-separated) so that a failure can remove them. Returns the fd
 * (close with sm_disk_close_dir), or -1 with errno set. *base points into path.
 * SM_WALK_CLEANUP: for undo and clean-up, which are not fault-injection points.
 */
#define SM_WALK_CLEANUP 1
int sm_disk_open_parent(seam_tree *t, const char *path, const char **base, sm_buf *created,
			int flags);
void sm_disk_close_dir(seam_tree *t, int fd);
/* read(2) of the whole of fd into a new buffer, at most max bytes (else SEAM_ELIMIT). */
int sm_disk_slurp(int fd, size_t max, size_t hint, char **data, size_t *len);

/* ---- tree_commit.c ---- */
/* w[0..n) was checked by sm_tree_commit: clean paths, each written once. */
int sm_disk_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why);

/* ---- tree_xattr.c ---- */
/* Copies the extended attributes of base (in directory dfd) to the file open as `to`; those a
 * process without privilege may not set (security.*, trusted.*) are kept where allowed. 0,
 * or an errno. Without xattrs (the filesystem, the system): 0. */
int sm_disk_copy_xattrs(int dfd, const char *base, int to);

/* ---- tree_lock.c ---- */
/* Takes (or nests) the tree's lock, waiting as the session says. 0, or SEAM_EBUSY with *why. */
int sm_disk_lock(seam_tree *t, sm_buf *why);
void sm_disk_unlock(seam_tree *t);
/* Drops the lock however deeply held, and closes its directory (seam_tree_free). */
void sm_disk_lock_close(seam_tree *t);

/* ---- tree_mem.c ---- */
void sm_mem_free(seam_tree *t);
sm_memfile *sm_mem_find(const seam_tree *t, const char *clean);
/* 1 when clean is a file or a directory (a prefix of some file's path) */
int sm_mem_has_entry(const seam_tree *t, const char *clean);
int sm_mem_put(seam_tree *t, const char *clean, const void *data, size_t len, unsigned int mode);
int sm_mem_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		sm_filestat *st, sm_buf *why);
int sm_mem_list(seam_tree *t);
/* Same contract as sm_disk_commit. */
int sm_mem_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why);

#endif
