/*
 * git's ignore rules, read from the tree's own files (.gitignore in each directory, and
 * .git/info/exclude at the root), so that name resolution prefers the files a project keeps
 * over build output and caches beside them (a `build/tool.py` copy must not make `tool.py`
 * ambiguous, nor be picked), and so that a write into an ignored path is said. The library
 * spawns no process: asking `git check-ignore` is the caller's business; these are git's
 * documented rules (gitignore(5)), matched component by component:
 *   - blank lines and '#' lines are skipped; trailing spaces go unless escaped;
 *   - '!' re-includes; a trailing '/' matches directories only;
 *   - a pattern with a '/' before its end is anchored to the directory of its file, else it
 *     matches a name at any depth below it; '**' as a whole component matches any number of
 *     directories;
 *   - the deeper file, then the later line, decides; nothing under an ignored directory is
 *     taken back.
 * When the root is a subdirectory of a work tree, the .gitignore files above it (up to the
 * directory holding .git) and that directory's .git/info/exclude count too. Not read:
 * core.excludesFile (the user's global file). Tracked files that a pattern matches count as
 * ignored here (git would not ignore them): the index is not read.
 */
#define _GNU_SOURCE
#include "tree_ignore.h"
#include "../../util/alloc.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void sm_ignore_dispose(sm_ignore *ig)
{
	sm_free(ig->prefix);
	sm_free(ig->text);
	sm_free(ig->v);
	memset(ig, 0, sizeof(*ig));
}

/* One line of the file, in place: its pattern, or 0 when it holds none. */
static int parse_line(char *p, size_t n, sm_ipat *out)
{
	size_t k;

	/* a NUL byte ends the line (as git's C strings do): a pattern must not end up empty */
	n = strnlen(p, n);
	while (n && (p[n - 1] == '\r' || ((p[n - 1] == ' ' || p[n - 1] == '\t') &&
					  !(n >= 2 && p[n - 2] == '\\'))))
		n--;
	p[n] = '\0';
	if (!n || p[0] == '#')
		return 0;
	memset(out, 0, sizeof(*out));
	if (p[0] == '!') {
		out->neg = 1;
		p++;
		n--;
	}
	if (n && p[n - 1] == '/') {
		out->dironly = 1;
		p[--n] = '\0';
	}
	for (k = 0; k < n; k++)
		out->anchored |= p[k] == '/';
	if (n && p[0] == '/') {
		p++;
		n--;
	}
	if (!n)
		return 0;
	/* '**' makes the match try every split of the path: a few are what real files hold */
	{
		int stars = 0;
		for (k = 0; k + 1 < n; k++)
			if (p[k] == '*' && p[k + 1] == '*' && (k == 0 || p[k - 1] == '/') &&
			    (k + 2 == n || p[k + 2] == '/'))
				stars++;
		if (stars > SM_IGNORE_MAX_STARSTAR)
			return 0;
	}
	out->p = p;
	return 1;
}

/* The patterns of ig->text[0..len), which holds the file's bytes and room for base after them. */
static int parse_text(sm_ignore *ig, size_t len, const char *base)
{
	size_t i, start, cap = 0;

	ig->text[len] = '\0';
	ig->base = ig->text + len + 1;
	memcpy(ig->base, base, strlen(base) + 1);
	ig->nbase = strlen(base);
	for (i = start = 0; i <= len; i++) {
		sm_ipat pat;
		if (i < len && ig->text[i] != '\n')
			continue;
		if (parse_line(ig->text + start, i - start, &pat)) {
			if (ig->n == SM_IGNORE_MAX_PATTERNS)
				break;
			if (sm_grow((void **)&ig->v, &cap, ig->n + 1, sizeof(*ig->v))) {
				sm_ignore_dispose(ig);
				return SEAM_ENOMEM;
			}
			ig->v[ig->n++] = pat;
		}
		start = i + 1;
	}
	return 0;
}

int sm_ignore_read(int dfd, const char *name, const char *base, sm_ignore *ig)
{
	struct stat st;
	size_t len = 0;
	ssize_t got;
	int fd;

	memset(ig, 0, sizeof(*ig));
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return 0;
	}
	ig->text = sm_malloc(SM_IGNORE_MAX_BYTES + 1 + strlen(base) + 1);
	if (!ig->text) {
		close(fd);
		return SEAM_ENOMEM;
	}
	/* a longer file is read in part: its rules rank names, they never allow a write */
	while (len < SM_IGNORE_MAX_BYTES &&
	       (got = read(fd, ig->text + len, SM_IGNORE_MAX_BYTES - len)) > 0)
		len += (size_t)got;
	close(fd);
	return parse_text(ig, len, base);
}

int sm_ignore_parse(const char *data, size_t len, const char *base, sm_ignore *ig)
{
	memset(ig, 0, sizeof(*ig));
	if (len > SM_IGNORE_MAX_BYTES)
		len = SM_IGNORE_MAX_BYTES;
	ig->text = sm_malloc(len + 1 + strlen(base) + 1);
	if (!ig->text)
		return SEAM_ENOMEM;
	if (len)
		memcpy(ig->text, data, len);
	return parse_text(ig, len, base);
}

/* p at a '[': 1 when c is in the class, and *end past its ']'; NO_CLASS when the class is not
 * closed (then '[' is an ordinary character, as fnmatch(3) takes it). */
#define NO_CLASS (-1)
static int in_class(const char *p, unsigned char c, const char **end)
{
	const char *q = p + 1;
	int neg = 0, hit = 0;

	if (*q == '!' || *q == '^') {
		neg = 1;
		q++;
	}
	if (*q == ']') { /* a ']' first is a member */
		hit |= c == ']';
		q++;
	}
	for (; *q && *q != ']'; q++) {
		unsigned char lo = (unsigned char)*q, hi;
		if (*q == '\\' && q[1])
			lo = (unsigned char)*++q;
		hi = lo;
		if (q[1] == '-' && q[2] && q[2] != ']') {
			hi = (unsigned char)q[2];
			q += 2;
			if (hi == '\\' && q[1])
				hi = (unsigned char)*++q;
		}
		hit |= c >= lo && c <= hi;
	}
	if (!*q)
		return NO_CLASS;
	*end = q + 1;
	return hit != neg;
}

/*
 * fnmatch(3) of one component (no '/' on either side): '*', '?', classes, '\' escapes. Not
 * glibc's: its '*' backtracks recursively, exponential in the stars of a hostile pattern; this
 * one keeps only the last '*' to retry from, which is enough for a pattern with no '/' and costs
 * at most the product of the two lengths.
 */
static int glob_match(const char *pat, const char *s)
{
	const char *star = NULL, *retry = NULL, *end;
	int r;

	while (*s) {
		if (*pat == '*') {
			while (*pat == '*')
				pat++;
			star = pat;
			retry = s;
			continue;
		}
		if (*pat == '?') {
			pat++;
			s++;
			continue;
		}
		if (*pat == '[' && (r = in_class(pat, (unsigned char)*s, &end)) >= 0) {
			if (r) {
				pat = end;
				s++;
				continue;
			}
		} else {
			const char *lit = pat;
			if (*lit == '\\' && lit[1])
				lit++;
			if (*lit && *lit == *s) {
				pat = lit + 1;
				s++;
				continue;
			}
		}
		if (!star)
			return 0;
		pat = star;
		s = ++retry;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* One component of p (up to '/' or the end) copied to buf, NUL-terminated; its length. */
static size_t comp(const char *p, char *buf)
{
	size_t n = 0;

	while (p[n] && p[n] != '/' && n < SM_PATH_MAX) {
		buf[n] = p[n];
		n++;
	}
	buf[n] = '\0';
	return n;
}

/* An anchored pattern against a path, component by component. */
static int comps_match(const char *pat, const char *path)
{
	char pc[SM_PATH_MAX + 1], sc[SM_PATH_MAX + 1];

	for (;;) {
		size_t pn = comp(pat, pc), sn;
		if (!strcmp(pc, "**")) {
			const char *rest = pat[pn] ? pat + pn + 1 : pat + pn;
			if (!*rest)
				return 1;
			for (;;) {
				if (comps_match(rest, path))
					return 1;
				path = strchr(path, '/');
				if (!path)
					return 0;
				path++;
			}
		}
		sn = comp(path, sc);
		if (!sn || !glob_match(pc, sc))
			return 0;
		if (!pat[pn] || !path[sn])
			return !pat[pn] && !path[sn];
		pat += pn + 1;
		path += sn + 1;
	}
}

static int pat_match(const sm_ipat *ip, const char *rel, int isdir)
{
	const char *b;

	if (ip->dironly && !isdir)
		return 0;
	if (ip->anchored)
		return comps_match(ip->p, rel);
	b = strrchr(rel, '/');
	return glob_match(ip->p, b ? b + 1 : rel);
}

int sm_ignore_match(const sm_ignore *sets, size_t n, const char *path, int isdir,
		    const sm_ipat **pat)
{
	size_t i = n, k;

	while (i-- > 0) {
		const sm_ignore *ig = &sets[i];
		const char *rel = path;
		char buf[2 * SM_PATH_MAX + 2];
		if (ig->prefix) {
			size_t l = strlen(path);
			if (ig->nprefix + 1 + l >= sizeof(buf))
				continue;
			memcpy(buf, ig->prefix, ig->nprefix);
			buf[ig->nprefix] = '/';
			memcpy(buf + ig->nprefix + 1, path, l + 1);
			rel = buf;
		} else if (ig->nbase) {
			if (strncmp(path, ig->base, ig->nbase) || path[ig->nbase] != '/')
				continue;
			rel = path + ig->nbase + 1;
		}
		for (k = ig->n; k-- > 0;) {
			if (!pat_match(&ig->v[k], rel, isdir))
				continue;
			if (ig->v[k].neg)
				return 0;
			if (pat)
				*pat = &ig->v[k];
			return 1;
		}
	}
	return 0;
}

/* Reads dfd's file name as the set sets[*n] (base: its directory), kept when it holds a
 * pattern. SEAM_ENOMEM when out of memory. */
static int push(sm_ignore *sets, size_t *n, int dfd, const char *name, const char *base)
{
	if (sm_ignore_read(dfd, name, base, &sets[*n]))
		return SEAM_ENOMEM;
	if (sets[*n].n)
		++*n;
	else
		sm_ignore_dispose(&sets[*n]);
	return 0;
}

/* push, for a file above the root: the paths under the root are matched as prefix/path */
static int push_above(sm_ignore *sets, size_t *n, int dfd, const char *name, const char *prefix)
{
	size_t k = *n;

	if (push(sets, n, dfd, name, ""))
		return SEAM_ENOMEM;
	if (*n == k)
		return 0;
	sets[k].prefix = sm_strdup(prefix);
	if (!sets[k].prefix) {
		sm_ignore_dispose(&sets[k]);
		--*n;
		return SEAM_ENOMEM;
	}
	sets[k].nprefix = strlen(prefix);
	return 0;
}

int sm_ignore_above(const char *root, sm_ignore *sets, size_t *n, size_t max)
{
	char top[SM_PATH_MAX * 4];
	size_t len = root ? strlen(root) : 0, k = len, i, above = 0;
	struct stat st;
	int dfd, rc = 0;

	if (!len || root[0] != '/' || len + 6 >= sizeof(top))
		return 0;
	memcpy(top, root, len);
	memcpy(top + len, "/.git", 6);
	if (!lstat(top, &st))
		return 0; /* the root is the top: its own files are read as the tree's */
	/* the nearest directory above holding .git, as git finds its work tree */
	for (;;) {
		while (k > 1 && top[k - 1] != '/')
			k--;
		if (k <= 1)
			return 0;
		top[--k] = '\0';
		memcpy(top + k, "/.git", 6);
		if (!lstat(top, &st))
			break;
	}
	/* top[0..k) is the work tree's top; the root is root + k + 1 below it */
	for (i = k; !rc && i < len && *n < max && above < SM_IGNORE_MAX_ABOVE; i++) {
		if (i != k && root[i] != '/')
			continue;
		memcpy(top, root, i);
		top[i] = '\0';
		dfd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd < 0)
			continue;
		if (i == k)
			rc = push_above(sets, n, dfd, ".git/info/exclude", root + k + 1);
		if (!rc && *n < max)
			rc = push_above(sets, n, dfd, ".gitignore", root + i + 1);
		close(dfd);
		above++;
	}
	return rc;
}

int sm_ignore_path(int rootfd, const char *root, const char *path, sm_buf *why)
{
	sm_ignore sets[SM_IGNORE_MAX_SETS];
	char dir[SM_PATH_MAX + 1];
	size_t n = 0, i, len = strlen(path);
	const sm_ipat *pat = NULL;
	int ign = 0, rc = 0, dfd;

	if (len > SM_PATH_MAX)
		return 0;
	/* lowest first: the files above the root, info/exclude, then the root's .gitignore, then
	   each directory's */
	if (sm_ignore_above(root, sets, &n, SM_IGNORE_MAX_ABOVE * 2) ||
	    push(sets, &n, rootfd, ".git/info/exclude", "") ||
	    push(sets, &n, rootfd, ".gitignore", ""))
		rc = SEAM_ENOMEM;
	for (i = 0; !rc && i < len && n < SM_IGNORE_MAX_SETS; i++) {
		if (path[i] != '/')
			continue;
		memcpy(dir, path, i);
		dir[i] = '\0';
		/* nothing under an ignored directory is taken back */
		if ((ign = sm_ignore_match(sets, n, dir, 1, &pat)) != 0)
			break;
		/* a directory not made yet has no .gitignore; the ones above still judge it */
		dfd = openat(rootfd, dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (dfd < 0)
			continue;
		if (push(sets, &n, dfd, ".gitignore", dir))
			rc = SEAM_ENOMEM;
		close(dfd);
	}
	if (!rc && !ign)
		ign = sm_ignore_match(sets, n, path, 0, &pat);
	if (!rc && ign && why && pat) {
		/* as the file wrote it, but for a leading '/' */
		sm_buf_clear(why);
		sm_buf_puts(why, pat->p);
		if (pat->dironly)
			sm_buf_putc(why, '/');
	}
	for (i = 0; i < n; i++)
		sm_ignore_dispose(&sets[i]);
	return rc ? rc : ign;
}
