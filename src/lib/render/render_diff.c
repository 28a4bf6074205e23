#include "render.h"
#include "../../util/diff.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <stdint.h>
#include <string.h>

#define CONTEXT 3
/* A file is shown as binary, as git does, when its first bytes hold a NUL. */
#define BINARY_PROBE 8000
/* Bound on diff work, in line comparisons; past it the changed middle is shown as one block.
 * Real edits of real files stay far below it. */
#define DIFF_BUDGET ((size_t)200000000)
#define MIN_MAX_D ((size_t)1000)

/* Lines of a buffer: starts[i] is where line i begins; starts[n] is the end of the data. */
typedef struct lines {
	size_t *starts;
	uint64_t *h;
	size_t n;
} lines;

static int split_lines(const char *s, size_t len, lines *l)
{
	size_t n = 0, i = 0, k = 0, m;
	int nl;

	memset(l, 0, sizeof(*l));
	while (i < len) {
		sm_text_next_line(s, len, &i, NULL);
		n++;
	}
	l->starts = sm_malloc((n + 1) * sizeof(*l->starts));
	l->h = sm_malloc((n ? n : 1) * sizeof(*l->h));
	if (!l->starts || !l->h) {
		sm_free(l->starts);
		sm_free(l->h);
		return SEAM_ENOMEM;
	}
	l->n = n;
	for (i = 0; k < n; k++) {
		l->starts[k] = i;
		m = sm_text_next_line(s, len, &i, &nl);
		/* CR stays in the hashed bytes: a change of line ending is a change. */
		l->h[k] = sm_text_hash(s + l->starts[k], m, SM_LVL_EXACT);
		/* A last line with no newline differs from the same line with one. */
		if (!nl)
			l->h[k] ^= 0x9E3779B97F4A7C15ull;
	}
	l->starts[n] = len;
	return 0;
}

static void free_lines(lines *l)
{
	sm_free(l->starts);
	sm_free(l->h);
}

static void put_line(sm_buf *b, char mark, const char *s, const lines *l, size_t i)
{
	size_t a = l->starts[i], e = l->starts[i + 1];

	sm_buf_putc(b, mark);
	sm_buf_put(b, s + a, e - a);
	if (e == a || s[e - 1] != '\n')
		sm_buf_puts(b, "\n\\ No newline at end of file\n");
}

static void put_range(sm_buf *b, char sign, size_t start, size_t count)
{
	/* As GNU diff: an empty range names the line before it; a count of 1 is left out. */
	if (count == 0)
		sm_buf_printf(b, "%c%zu,0", sign, start);
	else if (count == 1)
		sm_buf_printf(b, "%c%zu", sign, start + 1);
	else
		sm_buf_printf(b, "%c%zu,%zu", sign, start + 1, count);
}

/* Writes a path as git does: C-quoted when it holds a byte a reader could not see. */
static void put_path(sm_buf *b, const char *prefix, const char *path)
{
	const unsigned char *p = (const unsigned char *)path;
	size_t i, n = strlen(path);
	int quote = 0;

	for (i = 0; i < n; i++)
		if (p[i] < 0x20 || p[i] == 0x7f || p[i] == '"' || p[i] == '\\')
			quote = 1;
	if (!quote) {
		sm_buf_puts(b, prefix);
		sm_buf_put(b, path, n);
		return;
	}
	sm_buf_putc(b, '"');
	sm_buf_puts(b, prefix);
	for (i = 0; i < n; i++) {
		if (p[i] == '"' || p[i] == '\\')
			sm_buf_printf(b, "\\%c", p[i]);
		else if (p[i] == '\n')
			sm_buf_puts(b, "\\n");
		else if (p[i] == '\t')
			sm_buf_puts(b, "\\t");
		else if (p[i] < 0x20 || p[i] == 0x7f)
			sm_buf_printf(b, "\\%03o", p[i]);
		else
			sm_buf_putc(b, (char)p[i]);
	}
	sm_buf_putc(b, '"');
}

static void put_side(sm_buf *b, const char *prefix, const char *path)
{
	if (path)
		put_path(b, prefix, path);
	else
		sm_buf_puts(b, "/dev/null");
}

static void put_hunks(sm_buf *b, const char *old, const lines *la, const char *new_,
		      const lines *lb, const sm_diff_chunk *c, size_t nc)
{
	size_t i = 0;

	while (i < nc) {
		size_t j = i, os, oe, ns, ne, x, k;

		/* Changes closer than twice the context share one hunk, as in diff -U3. */
		while (j + 1 < nc && c[j + 1].a0 - c[j].a1 <= 2 * CONTEXT)
			j++;
		os = c[i].a0 > CONTEXT ? c[i].a0 - CONTEXT : 0;
		ns = c[i].b0 - (c[i].a0 - os);
		oe = la->n - c[j].a1 > CONTEXT ? c[j].a1 + CONTEXT : la->n;
		ne = c[j].b1 + (oe - c[j].a1);
		sm_buf_puts(b, "@@ ");
		put_range(b, '-', os, oe - os);
		sm_buf_putc(b, ' ');
		put_range(b, '+', ns, ne - ns);
		sm_buf_puts(b, " @@\n");
		x = os;
		for (k = i; k <= j; k++) {
			size_t y;
			for (; x < c[k].a0; x++)
				put_line(b, ' ', old, la, x);
			for (y = c[k].a0; y < c[k].a1; y++)
				put_line(b, '-', old, la, y);
			for (y = c[k].b0; y < c[k].b1; y++)
				put_line(b, '+', new_, lb, y);
			x = c[k].a1;
		}
		for (; x < oe; x++)
			put_line(b, ' ', old, la, x);
		i = j + 1;
	}
}

static int looks_binary(const char *s, size_t n)
{
	return s && memchr(s, '\0', n < BINARY_PROBE ? n : BINARY_PROBE) != NULL;
}

int sm_render_unified(sm_buf *b, const char *old_path, const char *new_path, const char *old,
		      size_t on, const char *new_, size_t nn)
{
	lines la, lb;
	sm_diff_chunk *c = NULL;
	size_t nc = 0, max_d;
	int rc;

	if (!old_path)
		on = 0;
	if (!new_path)
		nn = 0;
	if (old_path && new_path && on == nn && (on == 0 || !memcmp(old, new_, on)))
		return 0;
	if (looks_binary(old, on) || looks_binary(new_, nn)) {
		sm_buf_puts(b, "Binary files ");
		put_side(b, "a/", old_path);
		sm_buf_puts(b, " and ");
		put_side(b, "b/", new_path);
		sm_buf_puts(b, " differ\n");
		return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
	}
	sm_buf_puts(b, "--- ");
	put_side(b, "a/", old_path);
	sm_buf_puts(b, "\n+++ ");
	put_side(b, "b/", new_path);
	sm_buf_putc(b, '\n');
	if ((rc = split_lines(old ? old : "", on, &la)))
		return rc;
	if ((rc = split_lines(new_ ? new_ : "", nn, &lb))) {
		free_lines(&la);
		return rc;
	}
	max_d = DIFF_BUDGET / (la.n + lb.n + 1);
	if (max_d < MIN_MAX_D)
		max_d = MIN_MAX_D;
	if (sm_diff_lines(la.h, la.n, lb.h, lb.n, max_d, &c, &nc))
		rc = SEAM_ENOMEM;
	else
		put_hunks(b, old, &la, new_, &lb, c, nc);
	sm_free(c);
	free_lines(&la);
	free_lines(&lb);
	if (!rc && sm_buf_failed(b))
		rc = SEAM_ENOMEM;
	return rc;
}

/* git's file modes, as its headers write them */
static unsigned int git_mode(unsigned int mode)
{
	return (mode & 0100) ? 100755 : 100644;
}

/* One path of the plan, as seam_plan_path tells it (ch: -1 past the end). */
typedef struct dpath {
	const char *path, *old, *new_;
	size_t olen, nlen;
	unsigned int om, nm;
	int ch;
} dpath;

static int get_path(const seam_plan *p, size_t i, dpath *d)
{
	seam_path_info pi;

	if (seam_plan_path(p, i, &pi) != SEAM_OK)
		return d->ch = -1;
	d->path = pi.path;
	d->old = pi.old_data;
	d->olen = pi.old_len;
	d->new_ = pi.new_data;
	d->nlen = pi.new_len;
	d->om = pi.old_mode;
	d->nm = pi.new_mode;
	return d->ch = pi.changed;
}

static void put_git_line(sm_buf *b, const char *from, const char *to)
{
	sm_buf_puts(b, "diff --git ");
	put_path(b, "a/", from);
	sm_buf_putc(b, ' ');
	put_path(b, "b/", to);
	sm_buf_putc(b, '\n');
}

/* A move's or copy's target T, with its source S: git's "rename from" / "copy from", then the
 * change from S as it was to T as it ends. */
static int put_moved(sm_buf *b, const dpath *s, const dpath *t, int rename)
{
	put_git_line(b, s->path, t->path);
	if (git_mode(s->om) != git_mode(t->nm))
		sm_buf_printf(b, "old mode %u\nnew mode %u\n", git_mode(s->om), git_mode(t->nm));
	sm_buf_puts(b, rename ? "rename from " : "copy from ");
	put_path(b, "", s->path);
	sm_buf_puts(b, rename ? "\nrename to " : "\ncopy to ");
	put_path(b, "", t->path);
	sm_buf_putc(b, '\n');
	return sm_render_unified(b, s->path, t->path, s->old, s->olen, t->new_, t->nlen);
}

/* A path created, deleted or changed in place. */
static int put_plain(sm_buf *b, const dpath *d)
{
	int same = d->old && d->new_ && d->olen == d->nlen &&
		   (!d->olen || !memcmp(d->old, d->new_, d->olen));
	int mode = d->old && d->new_ && git_mode(d->om) != git_mode(d->nm);

	if (same && !mode)
		return 0;
	put_git_line(b, d->path, d->path);
	if (mode)
		sm_buf_printf(b, "old mode %u\nnew mode %u\n", git_mode(d->om), git_mode(d->nm));
	else if (!d->old)
		sm_buf_printf(b, "new file mode %u\n", git_mode(d->nm));
	else if (!d->new_)
		sm_buf_printf(b, "deleted file mode %u\n", git_mode(d->om));
	/* an empty file created or deleted has no hunk, as in git: the header says it all */
	if (!d->olen && !d->nlen)
		return sm_buf_failed(b) ? SEAM_ENOMEM : 0;
	return sm_render_unified(b, d->old ? d->path : NULL, d->new_ ? d->path : NULL, d->old,
				 d->olen, d->new_, d->nlen);
}

/*
 * A git diff of the plan, path by path: "diff --git" headers, modes, new and deleted files
 * (empty ones too), renames and copies. Moves and copies come first, so that a copy reads its
 * source before a later section changes it (git apply reads a copy's source as the patch so
 * far left it).
 */
int sm_render_diff(const seam_plan *p, sm_buf *b)
{
	size_t i, n = 0;
	unsigned char *shown;
	dpath d, s;
	int rc = 0;

	n = seam_plan_path_count(p);
	shown = sm_calloc(n ? n : 1, 1);
	if (!shown)
		return SEAM_ENOMEM;
	for (i = 0; !rc && i < n; i++) {
		seam_path_info pi;
		long from = seam_plan_path(p, i, &pi) == SEAM_OK ? pi.from : -1;
		int copied = from >= 0 && pi.copied;
		if (get_path(p, i, &d) <= 0 || d.old || !d.new_ || from < 0 || (size_t)from >= n)
			continue;
		if (get_path(p, (size_t)from, &s) < 0 || !s.old)
			continue;
		/* a move whose old name is written again (a file added there) reads as a copy */
		if (!copied && !s.new_ && !shown[from]) {
			shown[from] = 1;
			rc = put_moved(b, &s, &d, 1);
		} else {
			rc = put_moved(b, &s, &d, 0);
		}
		shown[i] = 1;
	}
	for (i = 0; !rc && i < n; i++)
		if (!shown[i] && get_path(p, i, &d) > 0)
			rc = put_plain(b, &d);
	sm_free(shown);
	if (!rc && sm_buf_failed(b))
		rc = SEAM_ENOMEM;
	return rc;
}
