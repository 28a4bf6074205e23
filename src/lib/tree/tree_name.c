/*
 * Models often name a file by its base name, drop a leading directory, or misspell it. When the
 * path asked for does not exist, this picks the one existing file that was clearly meant, and
 * only when exactly one fits: a wrong guess would edit the wrong file, which is worse than
 * asking the model again. The candidates come from one bounded listing of the tree, made
 * the first time it is needed and kept on the tree until a commit changes the files.
 */
#define _GNU_SOURCE
#include "tree_impl.h"
#include "../../util/alloc.h"
#include "../../util/fault.h"

#include <dirent.h>
#include <utf8proc.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum pass { P_CASE, P_SUFFIX, P_BASE, P_CLOSE, P_N };

struct query {
	const char *asked;
	size_t al;
	char *afold; /* asked, folded (see fold); NULL when it is not valid UTF-8 */
	int oom;
	const char *abase; /* base name of asked */
	size_t abl;
	size_t ncomp; /* components of asked */
};

#define MAX_SHOWN 5

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static const char *base_of(const char *p, size_t n)
{
	const char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] == '/')
			b = p + i + 1;
	return b;
}

/* The last k components of name[0..n). */
static const char *tail_of(const char *name, size_t n, size_t k)
{
	size_t i = n;

	while (i > 0) {
		if (name[i - 1] == '/' && --k == 0)
			return name + i;
		i--;
	}
	return name;
}

size_t sm_name_distance(const char *a, size_t an, const char *b, size_t bn, size_t max)
{
	/* Only distances up to max matter, so a band of width 2*max+1 around the diagonal is
	 * enough: the work is linear in the length, which keeps a 100000-file scan cheap. */
	enum { MAXD = 8, W = 2 * MAXD + 1 };
	size_t rows[3][W], *pp = rows[0], *p = rows[1], *c = rows[2], *t;
	size_t big, w, i, o;

	if (max > MAXD)
		max = MAXD;
	big = max + 1;
	w = 2 * max + 1;
	if ((an > bn ? an - bn : bn - an) > max)
		return big;
	for (o = 0; o < w; o++) {
		long j = (long)o - (long)max;
		p[o] = (j < 0 || (size_t)j > bn) ? big : ((size_t)j < big ? (size_t)j : big);
		pp[o] = big;
	}
	for (i = 1; i <= an; i++) {
		size_t rowmin = big;
		for (o = 0; o < w; o++) {
			long j = (long)i + (long)o - (long)max;
			size_t v;
			if (j < 0 || (size_t)j > bn) {
				c[o] = big;
				continue;
			}
			if (j == 0) {
				c[o] = i < big ? i : big;
				rowmin = c[o] < rowmin ? c[o] : rowmin;
				continue;
			}
			v = p[o] + (a[i - 1] != b[j - 1]);
			if (o + 1 < w && p[o + 1] + 1 < v)
				v = p[o + 1] + 1;
			if (o > 0 && c[o - 1] + 1 < v)
				v = c[o - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    pp[o] + 1 < v)
				v = pp[o] + 1;
			c[o] = v < big ? v : big;
			if (c[o] < rowmin)
				rowmin = c[o];
		}
		if (rowmin >= big)
			return big;
		t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[bn - an + max];
}

static int ci_equal(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return 0;
	return 1;
}

static int ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* A name as names are compared: Unicode NFC (macOS writes NFD, most tools NFC: the same name in
 * other bytes) and case-folded. NULL (free with free()) for bytes that are not UTF-8, or when
 * out of memory (*oom set). */
static char *fold(const char *s, int *oom)
{
	utf8proc_uint8_t *out = NULL;
	utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)s, 0, &out,
					  UTF8PROC_NULLTERM | UTF8PROC_STABLE | UTF8PROC_COMPOSE |
						  UTF8PROC_CASEFOLD);
	if (r < 0) {
		*oom |= r == UTF8PROC_ERROR_NOMEM;
		return NULL;
	}
	return (char *)out;
}

/* 1 when name is the asked name but for case and Unicode normalization. */
static int same_name(struct query *q, const char *name, size_t nl)
{
	char *f;
	int eq;

	if (ascii(name) && ascii(q->asked))
		return nl == q->al && ci_equal(name, q->asked, nl);
	if (!q->afold || !(f = fold(name, &q->oom)))
		return nl == q->al && ci_equal(name, q->asked, nl);
	eq = !strcmp(f, q->afold);
	free(f);
	return eq;
}

static int fits(struct query *q, const char *name, enum pass pass)
{
	size_t nl = strlen(name);

	switch (pass) {
	case P_CASE:
		return same_name(q, name, nl);
	case P_SUFFIX:
		return nl > q->al && name[nl - q->al - 1] == '/' &&
		       !memcmp(name + nl - q->al, q->asked, q->al);
	case P_BASE: {
		const char *b = base_of(name, nl);
		return (size_t)(name + nl - b) == q->abl && !memcmp(b, q->abase, q->abl);
	}
	case P_CLOSE: {
		/* Compared on as many trailing components as were asked, so that "utlis.py" finds
		 * "src/utils.py"; the base name must be close on its own too, or "src/a.c" would
		 * find "src/b.c" (one edit in a long path). */
		const char *t = tail_of(name, nl, q->ncomp), *b = base_of(name, nl);
		size_t tl = (size_t)(name + nl - t), bl = (size_t)(name + nl - b), d, db;
		d = sm_name_distance(q->asked, q->al, t, tl, 2);
		if (d == 0 || d > 2 || d * 4 >= q->al)
			return 0;
		db = sm_name_distance(q->abase, q->abl, b, bl, 2);
		return db * 4 < q->abl;
	}
	default:
		return 0;
	}
}

static void say_missing(sm_buf *why, const char *asked)
{
	if (!why)
		return;
	sm_buf_clear(why);
	sm_buf_puts(why, "'");
	sm_buf_put_quoted(why, asked, strlen(asked), 200);
	sm_buf_puts(why, "' is not in the tree");
}

int sm_name_match(char *const *names, const unsigned char *ignored, size_t n, const char *asked,
		  int same_only, char **out, sm_buf *note, sm_buf *why)
{
	struct query q;
	size_t i, k;
	int pass, rc = SEAM_STATUS_NOT_FOUND;

	*out = NULL;
	memset(&q, 0, sizeof(q));
	q.asked = asked;
	q.al = strlen(asked);
	q.abase = base_of(asked, q.al);
	q.abl = (size_t)(asked + q.al - q.abase);
	q.ncomp = 1;
	for (i = 0; i < q.al; i++)
		q.ncomp += asked[i] == '/';
	say_missing(why, asked);
	/* A name with spaces is likely prose the parser took for a path: never turn it into a
	 * real file. */
	if (memchr(asked, ' ', q.al))
		return SEAM_STATUS_NOT_FOUND;
	if (!ascii(asked) && !(q.afold = fold(asked, &q.oom)) && q.oom)
		return SEAM_ENOMEM;
	for (pass = 0; pass < (same_only ? P_CASE + 1 : P_N); pass++) {
		size_t found = 0, shown[MAX_SHOWN], nign = 0, ign[MAX_SHOWN];
		int of_ignored = 0;

		/* the names git ignores (build output, caches, a vendored copy) count only when
		   no other fits: never picked over a kept file, nor making it ambiguous */
		for (i = 0; i < n; i++) {
			if (!fits(&q, names[i], (enum pass)pass))
				continue;
			if (ignored && ignored[i]) {
				if (nign < MAX_SHOWN)
					ign[nign] = i;
				nign++;
				continue;
			}
			if (found < MAX_SHOWN)
				shown[found] = i;
			found++;
		}
		if (found == 0 && nign) {
			memcpy(shown, ign, sizeof(shown));
			found = nign;
			nign = 0;
			of_ignored = 1;
		}
		if (found == 0)
			continue;
		if (found > 1) {
			if (why) {
				sm_buf_printf(why, "; %zu files could be meant:", found);
				for (k = 0; k < found && k < MAX_SHOWN; k++) {
					sm_buf_puts(why, k ? ", '" : " '");
					sm_buf_put_quoted(why, names[shown[k]],
							  strlen(names[shown[k]]), 200);
					sm_buf_puts(why, "'");
				}
				if (found > MAX_SHOWN)
					sm_buf_puts(why, ", ...");
				if (of_ignored)
					sm_buf_puts(why, " (all ignored by git)");
				sm_buf_puts(why, "; give the full path");
			}
			rc = SEAM_STATUS_AMBIGUOUS;
			goto out;
		}
		*out = sm_strdup(names[shown[0]]);
		if (!*out) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		if (why)
			sm_buf_clear(why);
		if (note) {
			sm_buf_clear(note);
			sm_buf_puts(note, "'");
			sm_buf_put_quoted(note, asked, q.al, 200);
			sm_buf_puts(note, "' is not in the tree; using '");
			sm_buf_put_quoted(note, *out, strlen(*out), 200);
			sm_buf_puts(note, "'");
			if (of_ignored)
				sm_buf_puts(note, ", which git ignores (.gitignore): no other file fits");
			else if (nign)
				sm_buf_printf(note, " (%zu file%s git ignores fit%s too, such as '", nign,
					      nign == 1 ? "" : "s", nign == 1 ? "s" : "");
			if (!of_ignored && nign) {
				sm_buf_put_quoted(note, names[ign[0]], strlen(names[ign[0]]), 200);
				sm_buf_puts(note, "')");
			}
		}
		rc = SEAM_STATUS_APPLIED;
		goto out;
	}
out:
	free(q.afold);
	if (q.oom && rc == SEAM_STATUS_APPLIED) {
		sm_free(*out);
		*out = NULL;
	}
	return q.oom ? SEAM_ENOMEM : rc;
}

/* ---- listing the disk ---- */

/* a listing keeps one set a directory it is in, the root's info/exclude, and those above */
_Static_assert(SM_IGNORE_MAX_SETS >= SM_LIST_MAX_DEPTH + 2 + 2 * SM_IGNORE_MAX_ABOVE,
	       "an ignore set per listed level, and those above the root");

struct lister {
	seam_tree *t;
	char **v;
	unsigned char *ign; /* parallel to v: git ignores the name */
	size_t n, cap, icap;
	sm_buf path;
	int oom;
	/* the ignore files of the directories being listed, lowest precedence first */
	sm_ignore sets[SM_IGNORE_MAX_SETS];
	size_t nsets;
};

/* dfd's .gitignore, for the paths under the directory being listed; 1 when it was pushed. */
static int push_ignore(struct lister *L, int dfd, const char *name)
{
	sm_ignore *ig = &L->sets[L->nsets];

	if (L->nsets == SM_IGNORE_MAX_SETS)
		return 0;
	if (sm_ignore_read(dfd, name, L->path.ptr, ig)) {
		L->oom = 1;
		return 0;
	}
	if (!ig->n) {
		sm_ignore_dispose(ig);
		return 0;
	}
	L->nsets++;
	return 1;
}

/* dir_ignored: the directory is ignored, and so is everything under it */
static void list_dir(struct lister *L, int dfd, size_t depth, int dir_ignored)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	int pushed = 0;

	if (!d) {
		close(dfd);
		return;
	}
	if (!dir_ignored)
		pushed = push_ignore(L, dirfd(d), ".gitignore");
	while (!L->oom && L->n < SM_LIST_MAX_ENTRIES && (e = readdir(d)) != NULL) {
		const char *name = e->d_name;
		size_t m = strlen(name), save = L->path.len;
		int type = e->d_type;

		if (!strcmp(name, ".") || !strcmp(name, "..") || !strncmp(name, ".seam-", 6))
			continue;
		if (sm_tree_path_component_ok(name, m, NULL))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat st;
			if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW))
				continue;
			type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		}
		if (type != DT_DIR && type != DT_REG)
			continue; /* symlinks are never listed: no loops, nothing outside */
		if (save)
			sm_buf_putc(&L->path, '/');
		if (sm_buf_put(&L->path, name, m)) {
			L->oom = 1;
			break;
		}
		if (type == DT_DIR) {
			int sub;
			if (!sm_tree_path_skip_dir(name) && depth + 1 < SM_LIST_MAX_DEPTH &&
			    !sm_fault_hit(SM_FAULT_OPEN) &&
			    (sub = openat(dirfd(d), name,
					  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0)
				list_dir(L, sub, depth + 1,
					 dir_ignored || sm_ignore_match(L->sets, L->nsets,
									L->path.ptr, 1, NULL));
		} else if (L->path.len <= SM_PATH_MAX) {
			char *s = sm_strndup(L->path.ptr, L->path.len);
			if (!s || sm_grow((void **)&L->v, &L->cap, L->n + 1, sizeof(*L->v)) ||
			    sm_grow((void **)&L->ign, &L->icap, L->n + 1, sizeof(*L->ign))) {
				sm_free(s);
				L->oom = 1;
				break;
			}
			L->ign[L->n] = (unsigned char)(dir_ignored ||
				sm_ignore_match(L->sets, L->nsets, s, 0, NULL));
			L->v[L->n++] = s;
		}
		L->path.len = save;
		L->path.ptr[save] = '\0';
	}
	if (pushed)
		sm_ignore_dispose(&L->sets[--L->nsets]);
	closedir(d);
}

struct named {
	char *name;
	unsigned char ign;
};

static int cmp_named(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

/* Sorts v (with its flags) by name. SEAM_ENOMEM when out of memory. */
static int sort_names(char **v, unsigned char *ign, size_t n)
{
	struct named *tmp = sm_calloc(n, sizeof(*tmp));
	size_t i;

	if (!tmp)
		return SEAM_ENOMEM;
	for (i = 0; i < n; i++) {
		tmp[i].name = v[i];
		tmp[i].ign = ign[i];
	}
	qsort(tmp, n, sizeof(*tmp), cmp_named);
	for (i = 0; i < n; i++) {
		v[i] = tmp[i].name;
		ign[i] = tmp[i].ign;
	}
	sm_free(tmp);
	return 0;
}

int sm_disk_list(seam_tree *t)
{
	struct lister L;
	int fd;
	size_t i;

	memset(&L, 0, sizeof(L));
	L.t = t;
	if (sm_buf_put(&L.path, "", 0))
		return SEAM_ENOMEM;
	fd = sm_fault_hit(SM_FAULT_OPEN) ? -1
					 : openat(t->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		sm_buf_dispose(&L.path);
		return SEAM_EIO;
	}
	/* git's lowest rules: the files above a root inside a work tree, the repository's own
	   excludes when the root is its top */
	if (sm_ignore_above(t->root, L.sets, &L.nsets, SM_IGNORE_MAX_ABOVE * 2))
		L.oom = 1;
	push_ignore(&L, fd, ".git/info/exclude");
	list_dir(&L, fd, 0, 0);
	sm_buf_dispose(&L.path);
	for (i = 0; i < L.nsets; i++)
		sm_ignore_dispose(&L.sets[i]);
	if (L.oom || (L.n && sort_names(L.v, L.ign, L.n))) {
		for (i = 0; i < L.n; i++)
			sm_free(L.v[i]);
		sm_free(L.v);
		sm_free(L.ign);
		return SEAM_ENOMEM;
	}
	t->names = L.v;
	t->ignored = L.ign;
	t->nnames = L.n;
	t->listed = 1;
	return 0;
}
