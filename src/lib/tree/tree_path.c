/*
 * Lexical path checks: what a path may look like before the filesystem is asked anything. The
 * path comes from a model's reply, so it is hostile input: every byte is looked at, nothing is
 * decoded, and the clean form is built from the components that passed.
 */
#include "tree_impl.h"

#include <string.h>

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/*
 * Code points HFS+ ignores when it compares names (zero-width joiners, direction marks, the
 * BOM), so that ".g\u200cit" opens ".git" on a Mac. Git refuses these spellings too.
 */
static size_t hfs_ignorable(const unsigned char *p, size_t left)
{
	if (left < 3)
		return 0;
	if (p[0] == 0xe2 && p[1] == 0x80 &&
	    ((p[2] >= 0x8c && p[2] <= 0x8f) || (p[2] >= 0xaa && p[2] <= 0xae)))
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xaa && p[2] <= 0xaf)
		return 3;
	if (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		return 3;
	return 0;
}

/*
 * 1 when some filesystem would take component c[0..m) for the directory `name` (lower case):
 * case folded, HFS+ ignorables skipped, trailing dots and spaces dropped (NTFS), an alternate
 * data stream suffix (":$DATA") ignored (NTFS).
 */
static int same_dir_name(const char *c, size_t m, const char *name)
{
	const unsigned char *p = (const unsigned char *)c;
	size_t i = 0, k = 0, skip;

	while (i < m && name[k]) {
		if ((skip = hfs_ignorable(p + i, m - i))) {
			i += skip;
			continue;
		}
		if (lower(p[i]) != (unsigned char)name[k])
			return 0;
		i++;
		k++;
	}
	if (name[k])
		return 0;
	if (i < m && p[i] == ':')
		return 1;
	while (i < m) {
		if ((skip = hfs_ignorable(p + i, m - i))) {
			i += skip;
			continue;
		}
		if (p[i] != '.' && p[i] != ' ')
			return 0;
		i++;
	}
	return 1;
}

/* Version-control metadata: writing there runs code (hooks, config), so it is never a target. */
static const char *const vcs_dirs[] = {".git", "git~1", ".hg", ".svn", ".bzr", "_darcs", ".jj"};

/* Listed for nothing: VCS metadata plus directories of installed or generated files, which are
 * large and never what a model meant by a bare file name. */
static const char *const skipped_dirs[] = {"node_modules", "cvs", "__pycache__", ".venv", ".tox"};

static const char *vcs_name(const char *c, size_t m)
{
	size_t i;

	for (i = 0; i < sizeof(vcs_dirs) / sizeof(vcs_dirs[0]); i++)
		if (same_dir_name(c, m, vcs_dirs[i]))
			return vcs_dirs[i];
	return NULL;
}

int sm_tree_path_skip_dir(const char *name)
{
	size_t i, m = strlen(name);

	if (vcs_name(name, m))
		return 1;
	for (i = 0; i < sizeof(skipped_dirs) / sizeof(skipped_dirs[0]); i++)
		if (same_dir_name(name, m, skipped_dirs[i]))
			return 1;
	return 0;
}

static int refuse(sm_buf *why, const char *what, const char *c, size_t m, const char *reason)
{
	if (!why)
		return SEAM_EUSAGE;
	sm_buf_clear(why);
	if (c) {
		sm_buf_puts(why, what);
		sm_buf_puts(why, " '");
		sm_buf_put_quoted(why, c, m, 80);
		sm_buf_puts(why, "' ");
	}
	sm_buf_puts(why, reason);
	return SEAM_EUSAGE;
}

/* Percent-encoded '.', '/' and '\': refused rather than decoded, since a name holding them is
 * either an attack on a server that decodes paths or a mistake. */
static int has_encoded_sep(const char *c, size_t m)
{
	size_t i;

	for (i = 0; i + 2 < m; i++) {
		int a, b;
		if (c[i] != '%')
			continue;
		a = lower((unsigned char)c[i + 1]);
		b = lower((unsigned char)c[i + 2]);
		if ((a == '2' && (b == 'e' || b == 'f')) || (a == '5' && b == 'c'))
			return 1;
	}
	return 0;
}

int sm_tree_path_component_ok(const char *c, size_t m, sm_buf *why)
{
	size_t i;
	int only_dots = 1;
	const char *vcs;

	if (m == 0)
		return refuse(why, NULL, NULL, 0, "the path has an empty component");
	if (m > SM_NAME_MAX)
		return refuse(why, "the component", c, 40,
			      "is longer than 255 bytes, the limit of file names");
	for (i = 0; i < m; i++) {
		unsigned char ch = (unsigned char)c[i];
		if (ch < 0x20 || ch == 0x7f)
			return refuse(why, "the component", c, m,
				      "holds a control byte, which no source file name has");
		if (ch == '\\' || ch == '/')
			return refuse(why, "the component", c, m, "holds a path separator");
		if (ch != '.' && ch != ' ')
			only_dots = 0;
	}
	if (only_dots)
		return refuse(why, "the component", c, m,
			      "is only dots and spaces (a disguised '..' on some systems)");
	if (c[m - 1] == ' ')
		return refuse(why, "the component", c, m, "ends with a space");
	if (has_encoded_sep(c, m))
		return refuse(why, "the component", c, m,
			      "holds a percent-encoded '.', '/' or '\\'; write the path plainly");
	if ((vcs = vcs_name(c, m)) != NULL)
		return refuse(why, "the component", c, m,
			      "is version-control metadata, which seam never writes");
	/* A reply that wrote a journal of its own would make the next run rename and delete
	 * files as it says (tree_journal.c). Any case: some filesystems fold it. */
	if (m >= 6 && c[0] == '.' && (c[1] | 0x20) == 's' && (c[2] | 0x20) == 'e' &&
	    (c[3] | 0x20) == 'a' && (c[4] | 0x20) == 'm' && c[5] == '-')
		return refuse(why, "the component", c, m,
			      "is a name seam keeps for its temporary files and commit journals");
	return 0;
}

int sm_tree_path_clean(const char *p, size_t n, char *out, sm_buf *why)
{
	size_t i, start = 0, olen = 0, depth = 0;

	if (!p || n == 0)
		return refuse(why, NULL, NULL, 0, "the path is empty");
	if (n > SM_PATH_MAX)
		return refuse(why, NULL, NULL, 0,
			      "the path is longer than " SM_LIMIT_TEXT(SM_PATH_MAX) " bytes");
	if (p[0] == '/' || p[0] == '\\')
		return refuse(why, "the path", p, n,
			      "is absolute; write it relative to the project root");
	for (i = 0; i <= n; i++) {
		const char *c;
		size_t m;

		if (i < n && p[i] != '/' && p[i] != '\\')
			continue;
		c = p + start;
		m = i - start;
		start = i + 1;
		if (m == 0 || (m == 1 && c[0] == '.'))
			continue;
		if (m == 2 && c[0] == '.' && c[1] == '.') {
			if (depth == 0)
				return refuse(why, "the path", p, n,
					      "climbs out of the project root with '..'");
			while (olen > 0 && out[olen - 1] != '/')
				olen--;
			if (olen > 0)
				olen--; /* the '/' before the dropped component */
			depth--;
			continue;
		}
		if (sm_tree_path_component_ok(c, m, why))
			return SEAM_EUSAGE;
		/* Checked on the first component of the clean path, so that "./C:/x" is caught
		 * like "C:/x", and the clean form never means something else when read again. */
		if (olen == 0 && m >= 2 && c[1] == ':' &&
		    ((c[0] >= 'a' && c[0] <= 'z') || (c[0] >= 'A' && c[0] <= 'Z')))
			return refuse(why, "the path", p, n,
				      "starts with a drive letter; write it relative to the project "
				      "root");
		if (olen == 0 && m == 1 && c[0] == '~')
			return refuse(why, "the path", p, n,
				      "starts in the home directory, outside the project root");
		if (olen)
			out[olen++] = '/';
		memcpy(out + olen, c, m);
		olen += m;
		depth++;
	}
	if (depth == 0)
		return refuse(why, "the path", p, n, "names the project root, not a file");
	out[olen] = '\0';
	return 0;
}

int sm_tree_path_is_clean(const char *path)
{
	char buf[SM_PATH_MAX + 1];
	size_t n;

	if (!path)
		return 0;
	n = strlen(path);
	if (sm_tree_path_clean(path, n, buf, NULL))
		return 0;
	return strcmp(buf, path) == 0;
}

int sm_tree_too_large(sm_buf *why, const char *path, size_t max)
{
	if (why) {
		sm_buf_clear(why);
		sm_buf_puts(why, "'");
		sm_buf_put_quoted(why, path, strlen(path), 200);
		sm_buf_printf(why, "' is larger than %zu bytes", max);
	}
	return SEAM_ELIMIT;
}
