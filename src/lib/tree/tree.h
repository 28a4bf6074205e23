#ifndef SEAM_LIB_TREE_H
#define SEAM_LIB_TREE_H

/*
 * Where files come from and go to: a directory on disk or an in-memory set. The only module that
 * touches the filesystem. Every path it hands out is relative to the root, '/'-separated, and
 * has been checked never to leave the root.
 */

#include "seam.h"
#include "tree_types.h"
#include "../../util/buf.h"

#include <stddef.h>
#include <stdint.h>

/*
 * Resolves a path written in a reply (asked[0..n)) to a path relative to the root.
 * Returns SEAM_STATUS_APPLIED (0) and sets *out (free with sm_free) when the path is usable, or
 * SEAM_STATUS_REFUSED_PATH with a reason in *why when it is absolute, escapes with "..", names
 * something inside .git/, holds control bytes or NUL, or goes through a symlink that leads out
 * of the root, or names something that is not a regular file (FIFO, device, directory).
 * When must_exist is set and the path does not exist, but exactly one existing file matches it
 * by a close spelling or by its base name or path suffix, *out is that file and *note says so
 * ("'x.py' is not in the tree; using 'src/x.py'"); with no such file, returns
 * SEAM_STATUS_NOT_FOUND. When must_exist is 0, a missing path is fine (it will be created).
 * Resolution by name is off when flags (the SEAM_FLAG_* of the plan's session, not of the
 * tree's: a plan follows one session's options) hold SEAM_FLAG_NO_NAME_RESOLVE. Also returns
 * SEAM_STATUS_IO_ERROR when the tree cannot be read, and a negative SEAM_ENOMEM / SEAM_EUSAGE.
 * Several threads may resolve and read on one tree at once while none changes it.
 */
int sm_tree_resolve(seam_tree *t, const char *asked, size_t n, int must_exist,
		    unsigned int flags, char **out, sm_buf *note, sm_buf *why);
/* must_exist for a path that may be missing, unless an existing file has that name but for
 * case or Unicode normalization (Foo.py for foo.py, NFC for NFD): then *out is that file, with
 * a note; two such files: SEAM_STATUS_REFUSED_PATH, naming them. (Off, like every name
 * resolution, with SEAM_FLAG_NO_NAME_RESOLVE.) */
#define SM_RESOLVE_SAME 2

/*
 * Reads a resolved file into *data (owned by the caller, free with sm_free; NUL-terminated for
 * convenience, *len excludes the NUL). A missing file is not an error: st->exists = 0, *data =
 * NULL. Returns 0, SEAM_ELIMIT when larger than max_bytes (0: the session's max_file_bytes),
 * SEAM_EUSAGE for a path not in clean form, or SEAM_EIO with *why filled.
 */
int sm_tree_read(seam_tree *t, const char *path, size_t max_bytes, char **data, size_t *len,
		 sm_filestat *st, sm_buf *why);

/* 1 when path (resolved) exists as a regular file. */
int sm_tree_exists(seam_tree *t, const char *path);

/*
 * Writes all of w[0..n) or none. On disk: under the tree's lock and the locks of the files'
 * directories (SEAM_EBUSY when another process holds one past the session's wait), finishes
 * or undoes a commit killed in the tree, checks each file is still as sm_tree_read saw it
 * (else SEAM_ECHANGED), writes the journal, writes a temporary file beside each (same
 * directory, mode kept) and fsyncs it, then, each file after one more look at its size, mtime
 * and inode (else SEAM_ECHANGED), swaps or renames every temporary over its target with
 * SIGINT/SIGTERM/SIGHUP held off; a file to delete is renamed aside first. If any step fails,
 * every rename already done is undone and the temporaries are removed; missing parent
 * directories of new files are created and removed again on failure; a kill is undone or
 * finished by the next run (tree_journal.c). In memory: the buffers are replaced. Returns 0, SEAM_ECHANGED, SEAM_EBUSY, SEAM_EIO or SEAM_ENOMEM with *why
 * filled.
 */
int sm_tree_commit(seam_tree *t, const sm_write *w, size_t n, sm_buf *why);

/* A tree whose files read as w[0..n) (each a file's new content, or its deletion, with the
 * base's file as the plan read it in .before) over base: seam_tree_new_overlay
 * (tree_overlay.c). The data is copied; base must outlive the overlay. 0, or SEAM_ENOMEM /
 * SEAM_EUSAGE. */
int sm_tree_new_overlay(seam_tree **out, seam_session *s, seam_tree *base, const sm_write *w,
			size_t n);

/* Drops the tree's cached listing of names (the set of files changed behind its back). */
void sm_tree_forget_names(seam_tree *t);

/* A memory tree's files in path order: how many, and the i-th one's path (its content in
 * *data, *len: valid until the tree changes). 0 / NULL for a tree on disk. */
size_t sm_tree_mem_count(const seam_tree *t);
const char *sm_tree_mem_at(const seam_tree *t, size_t i, const char **data, size_t *len);
/* 1 when the memory tree holds path (clean). */
int sm_tree_mem_has(const seam_tree *t, const char *path);

/* The session the tree was made with. */
seam_session *sm_tree_session(const seam_tree *t);

#endif
