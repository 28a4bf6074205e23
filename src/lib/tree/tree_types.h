#ifndef SEAM_LIB_TREE_TYPES_H
#define SEAM_LIB_TREE_TYPES_H

/*
 * The records the tree hands out and takes back (tree.h) and its parts pass among themselves
 * (tree_impl.h): below both, so that the parts never include the tree's entry points.
 */

#include <stddef.h>
#include <stdint.h>

/* What we knew of a file when it was read, to detect a change before writing. */
typedef struct sm_filestat {
	int exists;
	unsigned int mode; /* permission bits (07777) */
	uint64_t size;
	int64_t mtime_ns;
	uint64_t dev, ino;
	uint64_t hash; /* of the content read */
	int64_t ctime_ns;
	/* Set by the disk's read when no write since the read can keep ctime_ns (it was at least
	   one timestamp step older than the clock before the file was looked at): the commit's
	   change check may then trust size, times and inode without reading the file again. */
	int settled;
} sm_filestat;

/* One file to write (data != NULL), or to delete (del = 1). */
typedef struct sm_write {
	const char *path; /* resolved, relative to the root */
	const char *data;
	size_t len;
	int del;
	unsigned int mode;  /* for a new file: 0 means 0666 less the umask; existing files keep theirs */
	/* git's mode change of an existing file: 1 sets an executable bit where a read bit is
	   set, -1 clears every executable bit, 0 keeps the mode as it is at the commit */
	int set_exec;
	sm_filestat before; /* as returned by sm_tree_read (exists = 0 for a new file) */
} sm_write;

#endif
