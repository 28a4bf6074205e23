/*
 * Extended attributes carried from a file to the temporary that replaces it: a rewrite by
 * rename makes a new inode, and without this its ACL (system.posix_acl_access), SELinux label
 * (security.selinux) and user.* attributes would be lost.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../../util/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/xattr.h>

/* An attribute an unprivileged process may be refused (a label, a trusted.* value): kept
 * where it can be, never a reason to refuse the write. user.* and ACLs are the file owner's. */
static int optional(const char *name, int e)
{
	if (e != EPERM && e != EACCES && e != ENOTSUP)
		return 0;
	return strncmp(name, "user.", 5) && strncmp(name, "system.posix_acl_", 17);
}

int sm_disk_copy_xattrs(int dfd, const char *base, int to)
{
	char *names = NULL, *val = NULL;
	ssize_t n, m;
	size_t cap = 0, off;
	int from, e = 0;

	from = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (from < 0)
		return errno;
	n = flistxattr(from, NULL, 0);
	if (n <= 0) {
		/* no attribute, or a filesystem without them: nothing to keep */
		e = n < 0 && errno != ENOTSUP ? errno : 0;
		goto out;
	}
	names = sm_malloc((size_t)n);
	if (!names) {
		e = ENOMEM;
		goto out;
	}
	n = flistxattr(from, names, (size_t)n);
	if (n < 0) {
		e = errno; /* (ERANGE: an attribute was added meanwhile) */
		goto out;
	}
	for (off = 0; off < (size_t)n; off += strlen(names + off) + 1) {
		const char *name = names + off;
		m = fgetxattr(from, name, NULL, 0);
		if (m < 0) {
			if (errno == ENODATA || optional(name, errno))
				continue;
			e = errno;
			goto out;
		}
		if ((size_t)m + 1 > cap) {
			sm_free(val);
			cap = (size_t)m + 1;
			if (!(val = sm_malloc(cap))) {
				e = ENOMEM;
				goto out;
			}
		}
		m = fgetxattr(from, name, val, cap);
		if (m < 0) {
			if (errno == ENODATA || optional(name, errno))
				continue;
			e = errno;
			goto out;
		}
		if (fsetxattr(to, name, val, (size_t)m, 0) && !optional(name, errno)) {
			e = errno;
			goto out;
		}
	}
out:
	sm_free(names);
	sm_free(val);
	close(from);
	return e;
}
#else
int sm_disk_copy_xattrs(int dfd, const char *base, int to)
{
	(void)dfd;
	(void)base;
	(void)to;
	return 0;
}
#endif
