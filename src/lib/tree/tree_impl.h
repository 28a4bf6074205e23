#ifndef SEAM_LIB_TREE_IMPL_H
#define SEAM_LIB_TREE_IMPL_H

/*
 * Private to the tree module (tree*.c): the tree object and the pieces each file provides.
 * tree.c dispatches between the disk tree (tree_disk.c, tree_commit.c) and the in-memory one
 * (tree_mem.c); tree_path.c holds the lexical checks both share, tree_name.c the listing of a
 * tree and the resolution of a missing name to a close existing one.
 */

#include "tree_types.h"
#include "tree_ignore.h"
#include "../../util/buf.h"
#include "../core/session.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define SM_NAME_MAX 255  /* bytes of one component (NAME_MAX of every common filesystem) */
#define SM_LIST_MAX_ENTRIES 100000
#define SM_LIST_MAX_DEPTH 64

enum sm_tree_kind { SM_TREE_DISK, SM_TREE_MEM, SM_TREE_OVERLAY, SM_TREE_CALLBACKS };

/*
 * What a kind of tree does; tree.c runs the checks every kind shares and calls these. Paths
 * given are clean (tree_path.c); the contracts are those of the sm_disk_* functions below.
 */
typedef struct sm_tree_ops {
	/* where clean leads: *out (sm_free), *exists; a status (APPLIED, REFUSED_PATH, IO_ERROR)
	   or SEAM_ENOMEM */
	int (*locate)(seam_tree *t, const char *clean, char **out, int *exists, sm_buf *why);
	int (*read)(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		    sm_filestat *st, sm_buf *why);
	int (*exists)(seam_tree *t, const char *path);  /* a regular file */
	int (*has_entry)(seam_tree *t, const char *path); /* anything, a directory too */
	int (*list)(seam_tree *t); /* fills t->names (sorted) and sets t->listed */
	int (*commit)(seam_tree *t, const sm_write *w, size_t n, sm_buf *why);
	void (*close)(seam_tree *t);
} sm_tree_ops;

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
	const sm_tree_ops *ops;

	/* disk */
	char *root; /* realpath of the root, no trailing '/' (except "/") */
	size_t root_len;
	/* the root as it was given when that is absolute (it may lead through a symbolic link),
	   no trailing '/'; NULL otherwise. An absolute path of the reply under either is taken
	   relative to the root. */
	char *given_root;
	int rootfd;
	int lockfd;          /* directory flock'ed by seam_tree_lock; -1 until first used */
	unsigned int locks;  /* nesting of seam_tree_lock */
	const char *lock_rel; /* the root below the plan lock's directory (points into root) */
	size_t recovered_fwd, recovered_back; /* interrupted commits finished / undone */

	/* overlay (tree_overlay.c): a plan's result over a base tree; root and given_root are
	   the base's, borrowed */
	struct sm_overlay *overlay;
	/* callbacks (tree_callback.c): the caller's functions */
	struct sm_callbacks *callbacks;

	/* memory: sorted by path (strcmp) */
	sm_memfile *files;
	size_t nfiles, cap;
	uint64_t gen;

	/* every file of the tree, listed once for name resolution (sorted): filled by the first
	 * plan that needs it, under names_lock, since plans in several threads may read one tree
	 * at once; then only read until the tree changes (put, commit), which needs the tree alone */
	pthread_mutex_t names_lock;
	char **names;
	unsigned char *ignored; /* names[i] is ignored by git's rules (tree_ignore.c); NULL: none */
	size_t nnames;
	int listed;
};

/* ---- tree_hash.c ---- */
uint64_t sm_tree_hash(const void *p, size_t n);
/* The same hash fed in pieces (a file compared without holding it whole): begin with the
 * total length n, feed n bytes in any pieces, end. */
typedef struct sm_tree_hasher {
	uint64_t h;
	size_t n, fed;
	unsigned char tail[8];
	size_t ntail;
} sm_tree_hasher;
void sm_tree_hash_begin(sm_tree_hasher *hs, size_t n);
void sm_tree_hash_feed(sm_tree_hasher *hs, const void *p, size_t n);
uint64_t sm_tree_hash_end(const sm_tree_hasher *hs);

/* ---- tree_path.c: lexical checks, no filesystem ---- */
/*
 * Checks asked[0..n) and writes its clean form ('/'-separated, no ".", "..", or empty
 * components) to out, which must hold SM_PATH_MAX + 1 bytes. Returns 0, or SEAM_EUSAGE with the
 * reason in *why (may be NULL).
 */
int sm_tree_path_clean(const char *asked, size_t n, char *out, sm_buf *why);
/* 0 when one component read from the filesystem (a symlink's target, a listed name) is
 * acceptable in a path we hand out; SEAM_EUSAGE with the reason otherwise. Not "." or "..". */
int sm_tree_path_component_ok(const char *c, size_t m, sm_buf *why);
/* 1 when path is already in the clean form sm_tree_path_clean produces (for writes we are given). */
int sm_tree_path_is_clean(const char *path);
/* 1 when the directory name is skipped by the listing (VCS metadata, node_modules). */
int sm_tree_path_skip_dir(const char *name);
/* SEAM_ELIMIT, with why (may be NULL) saying path is larger than max bytes: the one wording
 * of every kind of tree. */
int sm_tree_too_large(sm_buf *why, const char *path, size_t max);

/* ---- tree_name.c ---- */
/* Fills t->names from the disk (bounded, no symlinks, VCS dirs skipped). 0, or SEAM_ENOMEM /
 * SEAM_EIO. */
int sm_disk_list(seam_tree *t);
/*
 * Picks the one name of names[0..n) that `asked` (clean, missing) most likely meant: first the
 * same name but for case and Unicode normalization (NFC), then (unless same_only) a path
 * suffix, the base name, a close spelling. At each step a name git ignores (ignored[i], NULL:
 * none) is taken only when no other fits. Returns SEAM_STATUS_APPLIED with *out (sm_free) and
 * *note set, SEAM_STATUS_NOT_FOUND (reason in *why) when none fits, SEAM_STATUS_AMBIGUOUS
 * (reason in *why) when several fit equally, or SEAM_ENOMEM.
 */
int sm_name_match(char *const *names, const unsigned char *ignored, size_t n, const char *asked,
		  int same_only, char **out, sm_buf *note, sm_buf *why);
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
 * (close with sm_disk_close_dir), or SEAM_EIO with errno set. *base points into path.
 * SM_WALK_CLEANUP: for undo and clean-up, which are not fault-injection points.
 */
#define SM_WALK_CLEANUP 1
int sm_disk_open_parent(seam_tree *t, const char *path, const char **base, sm_buf *created,
			int flags);
void sm_disk_close_dir(seam_tree *t, int fd);
/* read(2) of the whole of fd into a new buffer, at most max bytes (else SEAM_ELIMIT). */
int sm_disk_slurp(int fd, size_t max, size_t hint, char **data, size_t *len);
/* The hash (sm_tree_hash) of fd's content when it is size bytes long, read in pieces; *same is 0
 * when its length differs. 0, or SEAM_EIO (errno set). */
int sm_disk_hash(int fd, size_t size, uint64_t *hash, int *same);

/* ---- tree_commit.c ---- */
/* w[0..n) was checked by sm_tree_commit: clean paths, each written once. */
int sm_disk_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why);
/* For tests: set, the commit takes the path of systems without renameat2(RENAME_EXCHANGE)
 * (a hard-link backup, or renaming aside where links are impossible). */
extern int sm_commit_no_exchange;

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
/* The directory of the plan lock (opened on first use; the journal lives there). */
int sm_disk_lock_dir(seam_tree *t);
/*
 * Locks the directory of each file of w[0..n) (the deepest existing one for a file in a
 * directory still to be made), all at once in (device, inode) order, waiting as the session
 * says; the plan lock's directory is skipped when it is held. 0 with the descriptors to give
 * to sm_disk_unlock_dirs, SEAM_EBUSY with *why, or SEAM_ENOMEM.
 */
int sm_disk_lock_dirs(seam_tree *t, const sm_write *w, size_t n, int **fds, size_t *nfd,
		      sm_buf *why);
void sm_disk_unlock_dirs(int *fds, size_t n);

/* ---- tree_journal.c: the commit's journal and the recovery of an interrupted commit ---- */
#define SM_JOURNAL_PREFIX ".seam-journal-"
/* A journal is at most this long: a commit of 10,000 files with paths of 4 KiB and more is
 * refused before it begins (see sm_journal_begin). */
#define SM_JOURNAL_MAX_BYTES ((size_t)64 << 20)

/* One file of a commit as the journal records it. */
typedef struct sm_jop {
	char kind;        /* 'N' new file, 'R' replaced, 'D' deleted */
	const char *path; /* clean, relative to the root */
	const char *tmp;  /* temporary name beside it ("" when none) */
	const char *bak;  /* backup name beside it ("" when none) */
	unsigned int keep; /* leading directories of path (below the root) that existed */
	uint64_t old_size, old_hash, new_size, new_hash;
} sm_jop;

typedef struct sm_journal {
	int fd;        /* flock'ed for as long as the commit runs: a live commit's journal */
	int dirfd;     /* where it is: the plan lock's directory, or the root (not owned) */
	char name[48];
} sm_journal;

/* Writes, syncs and installs the journal of ops[0..n) (nothing is installed yet). 0, or
 * SEAM_EIO / SEAM_ENOMEM with *why. */
int sm_journal_begin(seam_tree *t, sm_journal *j, const sm_jop *ops, size_t n, sm_buf *why);
/* Appends a record ("install": every new file is synced; "undo": rolling back) and syncs it.
 * With fault set, the write and the sync are fault-injection points. */
int sm_journal_mark(sm_journal *j, const char *rec, int fault, sm_buf *why);
/* Removes the journal (the commit is complete or undone) and syncs its directory. */
void sm_journal_end(seam_tree *t, sm_journal *j);
/*
 * Finishes or undoes every commit whose process died (its journal is not flock'ed), under the
 * plan lock; counts them in t->recovered_fwd / recovered_back. 0, SEAM_EBUSY, or SEAM_EIO
 * with *why when a commit can be neither finished nor undone (the journal is kept).
 */
int sm_journal_recover(seam_tree *t, sm_buf *why);

/* ---- tree.c ---- */
/* A new tree of the given kind with nothing in it (its part fills it), or NULL. */
seam_tree *sm_tree_alloc(seam_session *s, enum sm_tree_kind kind, const sm_tree_ops *ops);

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
