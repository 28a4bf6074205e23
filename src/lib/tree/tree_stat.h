#ifndef SEAM_LIB_TREE_STAT_H
#define SEAM_LIB_TREE_STAT_H

/* Include after the feature macros that expose struct stat's nanosecond fields. */
#include <stdint.h>
#include <sys/stat.h>

/* A stat's modification and status-change times in nanoseconds (the commit's change checks and
 * the read's record of a file compare them). */
static inline int64_t sm_stat_mtime_ns(const struct stat *st)
{
#ifdef __APPLE__
	return (int64_t)st->st_mtimespec.tv_sec * 1000000000 + st->st_mtimespec.tv_nsec;
#else
	return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
#endif
}

static inline int64_t sm_stat_ctime_ns(const struct stat *st)
{
#ifdef __APPLE__
	return (int64_t)st->st_ctimespec.tv_sec * 1000000000 + st->st_ctimespec.tv_nsec;
#else
	return (int64_t)st->st_ctim.tv_sec * 1000000000 + st->st_ctim.tv_nsec;
#endif
}

#endif
