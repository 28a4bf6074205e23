/*
 * Unified diffs: aider's (`--- path` / `+++ path`, `@@ ... @@` with no numbers) and git's
 * (`diff --git`, `index`, `@@ -a,b +c,d @@ func`), fenced or bare, any number of files.
 *
 * The hunk counts are hints only: models get them wrong, so a hunk runs while its lines can
 * be hunk lines, never "b old lines". A fence opener indented in a list item indents every
 * line of the diff; that indentation is removed before reading a line.
 */
#include "format.h"
#include "../../util/alloc.h"

#include <string.h>

/* Line numbers above this are not believed (and cannot overflow a long). */
#define MAX_HINT 1000000000L

typedef struct ud {
	seam_reply *r;
	const sm_lines *ls;
	sm_fileop *f;        /* the file the next hunk belongs to */
	int in_fence;        /* inside a fence opened outside any hunk */
	sm_fence_mark fence; /* its opener */
	size_t fence_at;     /* index of its opening line */
	int header_in_fence; /* a file header was read since the fence opened */
	/* a `diff --git` line whose ---/+++ headers have not come (yet) */
	int git;
	int git_new, git_del;
	int git_copy;           /* "copy from" / "copy to" */
	unsigned int git_mode;  /* "new file mode" / "new mode": SM_MODE_EXEC or _PLAIN, 0: none */
	const char *git_refuse; /* what seam cannot apply (see git_ext), NULL when none */
	seam_status_t git_refuse_status;
	char git_old[SM_PATH_MAX + 1], git_newp[SM_PATH_MAX + 1];
	size_t git_old_n, git_new_n;
	/* git_old / git_newp came from a rename or copy line (no a/ or b/: see SM_BARE_PATH) */
	int git_old_bare, git_new_bare;
	long git_no;
} ud;

/* Line i with the indentation of an indented fence removed. */
static sm_span view(const ud *u, size_t i)
{
	sm_span s;
	size_t k = 0, ind = u->in_fence ? u->fence.indent : 0;

	s.p = u->ls->v[i].p;
	s.n = u->ls->v[i].n;
	while (k < ind && k < s.n && s.p[k] == ' ')
		k++;
	s.p += k;
	s.n -= k;
	return s;
}

static int is_header_pair(const ud *u, size_t i)
{
	sm_span a, b;

	if (i + 1 >= u->ls->n)
		return 0;
	a = view(u, i);
	b = view(u, i + 1);
	return sm_starts_with(a.p, a.n, "--- ") && sm_starts_with(b.p, b.n, "+++ ");
}

static int is_hunk_header(sm_span s)
{
	return sm_starts_with(s.p, s.n, "@@") && (s.n == 2 || s.p[2] == ' ' || s.p[2] == '@');
}

int sm_udiff_sniff(const sm_lines *ls)
{
	size_t i, k;

	for (i = 0; i < ls->n; i++) {
		const char *p = ls->v[i].p;
		size_t n = ls->v[i].n;
		for (k = 0; k < n && k < 8 && p[k] == ' '; k++)
			;
		p += k;
		n -= k;
		if (sm_starts_with(p, n, "diff --git "))
			return 1;
		if (sm_starts_with(p, n, "@@") && (n == 2 || p[2] == ' '))
			return 1;
		if (sm_starts_with(p, n, "--- ") && i + 1 < ls->n) {
			const char *q = ls->v[i + 1].p;
			size_t m = ls->v[i + 1].n;
			if (m >= k && sm_starts_with(q + k, m - k, "+++ "))
				return 1;
		}
	}
	return 0;
}

/*
 * The path of a ---/+++ header or of half a `diff --git` line, cleaned: quotes, a timestamp
 * after a tab or a space, back-slashes, a leading "./". Sets *devnull for /dev/null. Returns
 * the length, 0 when there is no usable path.
 */
static size_t header_path(const char *p, size_t n, char *out, int *devnull)
{
	size_t i, o = 0;
	const char *q;

	*devnull = 0;
	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	if (n && *p == '"' && (q = memchr(p + 1, '"', n - 1)) != NULL) {
		n = (size_t)(q - p - 1);
		p++;
	} else {
		if ((q = memchr(p, '\t', n)) != NULL)
			n = (size_t)(q - p);
		/* "x.c 2024-01-01 10:00" or "x.c (original)" */
		for (i = 0; i + 1 < n; i++)
			if (p[i] == ' ' &&
			    ((p[i + 1] >= '0' && p[i + 1] <= '9') || p[i + 1] == '(')) {
				n = i;
				break;
			}
	}
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n == 9 && !memcmp(p, "/dev/null", 9)) {
		*devnull = 1;
		return 0;
	}
	if (!n || n > SM_PATH_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		char c = p[i] == '\\' ? '/' : p[i];
		if ((unsigned char)c < 0x20 || c == 0x7f)
			return 0;
		out[o++] = c;
	}
	out[o] = '\0';
	while (o > 2 && out[0] == '.' && out[1] == '/') {
		memmove(out, out + 2, o - 1);
		o -= 2;
	}
	return o;
}

static void drop_prefix(char *s, size_t *n)
{
	memmove(s, s + 2, *n - 1);
	*n -= 2;
}

/* Strips git's a/ and b/ when the two sides agree that they are prefixes. */
static void strip_ab(char *a, size_t *an, int a_null, char *b, size_t *bn, int b_null)
{
	int ha = *an > 2 && a[0] == 'a' && a[1] == '/';
	int hb = *bn > 2 && b[0] == 'b' && b[1] == '/';

	/* "a/" or "b/" alone is a prefix with no name after it, not a file called "a" */
	if (*an == 2 && a[0] == 'a' && a[1] == '/')
		*an = 0;
	if (*bn == 2 && b[0] == 'b' && b[1] == '/')
		*bn = 0;

	if (ha && hb) {
		drop_prefix(a, an);
		drop_prefix(b, bn);
	} else if (ha && (b_null || (*an - 2 == *bn && !memcmp(a + 2, b, *bn)))) {
		drop_prefix(a, an);
	} else if (hb && (a_null || (*bn - 2 == *an && !memcmp(b + 2, a, *an)))) {
		drop_prefix(b, bn);
	}
}

/* Makes the fileop a pair of paths asks for. */
static int open_file(ud *u, char *a, size_t an, int a_null, char *b, size_t bn, int b_null, long no)
{
	seam_op_t op = SEAM_OP_UPDATE;
	char *path = a;
	size_t n = an;

	u->f = NULL;
	if (!u->r->keep_prefixes)
		strip_ab(a, &an, a_null, b, &bn, b_null);
	n = an;
	if (a_null || (u->git && u->git_new)) {
		op = SEAM_OP_CREATE;
		path = b;
		n = bn;
	} else if (b_null || (u->git && u->git_del)) {
		op = SEAM_OP_DELETE;
	}
	if (!n) {
		path = an ? a : b;
		n = an ? an : bn;
	}
	if (!n) {
		sm_note(u->r, no, "diff header without a usable path, skipped");
		return 0;
	}
	if (u->git && u->git_copy && op == SEAM_OP_UPDATE && an && bn)
		u->f = sm_reply_copy(u->r, a, an, b, bn, no);
	else
		u->f = sm_reply_file(u->r, path, n, op, no);
	if (!u->f)
		return SEAM_ENOMEM;
	if (u->git) {
		if (u->git_mode)
			u->f->mode = u->git_mode;
		if (u->git_del)
			u->f->git_delete = 1;
		if (u->git_refuse && !u->f->refuse) {
			u->f->refuse = u->git_refuse;
			u->f->refuse_status = u->git_refuse_status;
		}
		if (u->f->copy)
			return 0;
	}
	if (op != SEAM_OP_UPDATE || !an || !bn || (bn == an && !memcmp(a, b, an)))
		return 0;
	/* Two names: git says so when it renames; in a hand-written diff it is far more often a
	 * slip on one side, and the file that exists is the one on the --- side. */
	if (!u->git) {
		sm_note(u->r, no, "--- %s and +++ %s differ; read as changes to %s", a, b, a);
		return 0;
	}
	if (!u->f->move_to) {
		u->f->move_to = sm_strndup(b, bn);
		if (!u->f->move_to)
			return SEAM_ENOMEM;
	}
	return 0;
}

/* The fileop just opened from git's header names: which of its names came from a rename or
 * copy line (a creation is named by the new side, anything else by the old). */
static void mark_bare(ud *u)
{
	if (!u->f)
		return;
	if (u->f->op == SEAM_OP_CREATE ? u->git_new_bare : u->git_old_bare)
		u->f->bare |= SM_BARE_PATH;
	if (u->f->move_to && u->git_new_bare)
		u->f->bare |= SM_BARE_MOVE;
}

/* A `diff --git` with no ---/+++ after it: a rename, a copy, a mode change, an empty new or
 * deleted file, a binary patch (refused). Only those that change something become fileops. */
static int flush_git(ud *u)
{
	int rc = 0;
	sm_edit *e;

	if (!u->git)
		return 0;
	if (!u->r->keep_prefixes)
		strip_ab(u->git_old, &u->git_old_n, u->git_new, u->git_newp, &u->git_new_n,
			 u->git_del);
	if (u->git_new || u->git_del || u->git_mode || u->git_refuse ||
	    u->git_old_n != u->git_new_n ||
	    memcmp(u->git_old, u->git_newp, u->git_old_n)) {
		rc = open_file(u, u->git_old, u->git_old_n, u->git_new, u->git_newp, u->git_new_n,
		               u->git_del, u->git_no);
		mark_bare(u);
		/* an empty new file is still one (empty) edit: the content */
		if (!rc && u->f && u->f->op == SEAM_OP_CREATE && !u->f->nedits)
			rc = sm_reply_new_edit(u->r, u->f, u->git_no, &e);
	}
	u->git = 0;
	return rc;
}

static void git_line(ud *u, sm_span s)
{
	const char *p = s.p + 11;
	size_t n = s.n - 11, half, k;
	int dn;

	memset(u->git_old, 0, 1);
	u->git_old_n = u->git_new_n = 0;
	u->git_new = u->git_del = u->git_copy = 0;
	u->git_old_bare = u->git_new_bare = 0;
	u->git_mode = 0;
	u->git_refuse = NULL;
	/* "a/x b/x": both halves equal is the common case and survives spaces in names */
	half = (n - 1) / 2;
	if (n > 1 && (n - 1) % 2 == 0 && p[half] == ' ' &&
	    !memcmp(p + 2, p + half + 3, half > 2 ? half - 2 : 0)) {
		u->git_old_n = header_path(p, half, u->git_old, &dn);
		u->git_new_n = header_path(p + half + 1, n - half - 1, u->git_newp, &dn);
	} else {
		for (k = 0; k + 3 < n && memcmp(p + k, " b/", 3); k++)
			;
		if (k + 3 >= n)
			k = n;
		u->git_old_n = header_path(p, k, u->git_old, &dn);
		if (k < n)
			u->git_new_n = header_path(p + k + 1, n - k - 1, u->git_newp, &dn);
	}
}

/* A mode of git's header ("100755"): SM_MODE_EXEC or SM_MODE_PLAIN, or 0 after setting the
 * refusal for a mode seam cannot give a file (a symbolic link, a submodule). */
static unsigned int git_mode(ud *u, const char *p, size_t n)
{
	while (n && *p == ' ') {
		p++;
		n--;
	}
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n == 6 && !memcmp(p, "100755", 6))
		return SM_MODE_EXEC;
	if (n == 6 && !memcmp(p, "100644", 6))
		return SM_MODE_PLAIN;
	if (!u->git_refuse) {
		u->git_refuse_status = SEAM_STATUS_REFUSED_PATH;
		u->git_refuse = n == 6 && !memcmp(p, "120000", 6)
		                        ? "the diff makes a symbolic link (mode 120000); seam writes "
		                          "regular files only: make the link yourself"
		                : n == 6 && !memcmp(p, "160000", 6)
		                        ? "the diff changes a submodule (mode 160000); seam writes "
		                          "regular files only"
		                        : "the diff gives a file mode seam does not know (git's are "
		                          "100644 and 100755); nothing was changed";
	}
	return 0;
}

/*
 * Reads the extended header lines git writes after `diff --git`; 1 when s was one. Each is
 * carried out as git means it, or makes the file refused: none is dropped unread. The only
 * ones ignored change nothing: "index" (blob names), "similarity index" and "dissimilarity
 * index" (figures), "old mode" (what the file had: git only warns when it differs). A line
 * that is none of git's headers ends the header: it is the reply's prose.
 */
static int git_ext(ud *u, sm_span s)
{
	static const char *const skip[] = {"index ", "similarity index", "dissimilarity index",
	                                   "old mode"};
	size_t i;
	int dn;

	if (sm_starts_with(s.p, s.n, "new file mode")) {
		u->git_new = 1;
		u->git_mode = git_mode(u, s.p + 13, s.n - 13);
		return 1;
	}
	if (sm_starts_with(s.p, s.n, "deleted file mode")) {
		u->git_del = 1;
		return 1;
	}
	if (sm_starts_with(s.p, s.n, "new mode")) {
		u->git_mode = git_mode(u, s.p + 8, s.n - 8);
		return 1;
	}
	/* "rename old" / "rename new": the names older gits wrote */
	if (sm_starts_with(s.p, s.n, "rename from ") || sm_starts_with(s.p, s.n, "rename old ") ||
	    sm_starts_with(s.p, s.n, "copy from ")) {
		i = s.p[0] == 'c' ? 10 : 12 - (s.p[7] == 'o');
		u->git_copy = s.p[0] == 'c';
		u->git_old_n = header_path(s.p + i, s.n - i, u->git_old, &dn);
		u->git_old_bare = 1;
		return 1;
	}
	if (sm_starts_with(s.p, s.n, "rename to ") || sm_starts_with(s.p, s.n, "rename new ") ||
	    sm_starts_with(s.p, s.n, "copy to ")) {
		i = s.p[0] == 'c' ? 8 : 10 + (s.p[7] == 'n');
		u->git_copy = s.p[0] == 'c';
		u->git_new_n = header_path(s.p + i, s.n - i, u->git_newp, &dn);
		u->git_new_bare = 1;
		return 1;
	}
	if (sm_starts_with(s.p, s.n, "Binary files ") || sm_starts_with(s.p, s.n, "GIT binary patch")) {
		u->git_refuse_status = SEAM_STATUS_BINARY;
		u->git_refuse = "the diff is a binary patch, which seam does not apply: models do not "
		                "write binary files. Change the file another way (copy it in, or let "
		                "git apply the patch git made)";
		return 1;
	}
	for (i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (sm_starts_with(s.p, s.n, skip[i]))
			return 1;
	return 0;
}

/* "@@ -a,b +c,d @@": the numbers when present; -1 for those absent. */
static void hunk_numbers(sm_span s, long v[4])
{
	size_t i = 2;
	int k;

	for (k = 0; k < 4; k++)
		v[k] = -1;
	while (i < s.n && s.p[i] == ' ')
		i++;
	for (k = 0; k < 4; k += 2) {
		char sign = k ? '+' : '-';
		int half;
		if (i >= s.n || s.p[i] != sign)
			return;
		i++;
		for (half = 0; half < 2; half++) {
			long x = 0;
			size_t d = 0;
			while (i < s.n && s.p[i] >= '0' && s.p[i] <= '9' && d < 12) {
				x = x * 10 + (s.p[i] - '0');
				i++;
				d++;
			}
			if (!d || x > MAX_HINT)
				return;
			v[k + half] = x;
			if (half == 0 && (i >= s.n || s.p[i] != ','))
				break;
			if (half == 0)
				i++;
		}
		if (v[k + 1] < 0)
			v[k + 1] = 1; /* "-a" alone means one line */
		while (i < s.n && s.p[i] == ' ')
			i++;
	}
}

/* The file a hunk with no header of its own belongs to: the name above its fence, else the
 * file of the previous hunk. */
static int file_for_hunk(ud *u, long no)
{
	char name[SM_PATH_MAX + 1];
	sm_fence fz;
	size_t len;
	long name_no;
	int inside;

	if (u->git) {
		int rc = open_file(u, u->git_old, u->git_old_n, u->git_new, u->git_newp,
		                   u->git_new_n, u->git_del, u->git_no);
		mark_bare(u);
		u->git = 0;
		return rc;
	}
	if (u->in_fence && !u->header_in_fence) {
		fz.open = u->fence_at;
		fz.close = u->fence_at + 1; /* the first line inside is a hunk, not a name */
		fz.mark = u->fence;
		fz.guessed = 0;
		len = sm_fence_name(u->ls, &fz, name, &name_no, &inside);
		if (len) {
			u->header_in_fence = 1;
			u->f = sm_reply_file(u->r, name, len, SEAM_OP_UPDATE, name_no);
			return u->f ? 0 : SEAM_ENOMEM;
		}
	}
	if (!u->f)
		sm_note(u->r, no, "hunk with no file header (--- path / +++ path), skipped");
	return 0;
}

/*
 * " ```" inside a fenced diff: the context line of a Markdown file's own code fence, or the
 * reply's closing fence written with a space before it. The hunk's counts decide when they
 * are given; otherwise what follows does: more hunk lines mean it was context.
 */
static int fence_ends_hunk(ud *u, size_t i, const long v[4], long old_seen, long new_seen,
			   int *unsure)
{
	sm_span t;

	if (v[1] >= 0 && v[3] >= 0)
		return old_seen >= v[1] && new_seen >= v[3];
	if (i + 1 >= u->ls->n) {
		*unsure = 1; /* the line after it would decide */
		return 1;
	}
	t = view(u, i + 1);
	/* the reply's own closer right after it: this one was the file's */
	if (t.n && t.p[0] != ' ' && sm_fence_closes(&u->fence, t.p, t.n))
		return 0;
	return !t.n || (t.p[0] != ' ' && t.p[0] != '-' && t.p[0] != '+' && t.p[0] != '\\') ||
	       is_header_pair(u, i + 1);
}

/*
 * Reads the hunk whose first body line is at index i (its @@ line at index at, or none when
 * at == i) into the current file. Returns the index just past it, or (size_t)-1 when out of
 * memory or past the edit limit (*rc says which).
 * A hunk that runs to the end of the text, or whose end the line after the text would
 * decide, is marked open (sm_edit.open).
 */
static size_t read_hunk(ud *u, size_t at, size_t i, int *rc)
{
	long v[4] = {-1, -1, -1, -1}, old_seen = 0, new_seen = 0;
	size_t blanks = 0, unmarked = 0;
	char last = 0;
	int unsure = 0;
	sm_edit *e = NULL;
	sm_fileop *f = u->f;

	*rc = 0;
	if (at != i)
		hunk_numbers(view(u, at), v);
	if (f) {
		/* a new file's hunks are one content */
		if (f->op == SEAM_OP_CREATE && f->nedits)
			e = &f->edits[f->nedits - 1];
		else if ((*rc = sm_reply_new_edit(u->r, f, u->ls->v[at].no, &e)) != 0)
			return (size_t)-1;
		if (v[0] > 0 && f->op != SEAM_OP_CREATE) {
			e->hint_start = v[0];
			e->hint_len = v[1];
		} else if (v[0] == 0 && v[1] == 0 && f->op == SEAM_OP_UPDATE) {
			e->flags |= SM_EDIT_AT_BOF;
		}
	}
	for (; i < u->ls->n; i++) {
		sm_span s = view(u, i);
		char c, kind;
		if (!s.n) {
			/* bare diffs end at a blank line once their counts are met: it is the
			 * paragraph after them, not context */
			if (!u->in_fence && v[1] >= 0 && v[3] >= 0 && old_seen >= v[1] &&
			    new_seen >= v[3])
				break;
			blanks++;
			continue;
		}
		c = s.p[0];
		if (c == '@' && is_hunk_header(s))
			break;
		/* "--- x" / "+++ y" are a removed and an added line while the counts of the
		   hunk header still expect lines (git reads it so) */
		if (c == '-' && is_header_pair(u, i) &&
		    (v[1] < 0 || v[3] < 0 || (old_seen >= v[1] && new_seen >= v[3])))
			break;
		if (c == '\\') {
			if (e && (last == '-' || last == ' '))
				e->flags |= SM_EDIT_OLD_NOEOL;
			if (e && (last == '+' || last == ' '))
				e->flags |= SM_EDIT_NEW_NOEOL;
			continue;
		}
		if (u->in_fence && sm_fence_closes(&u->fence, s.p, s.n) &&
		    (c != ' ' || fence_ends_hunk(u, i, v, old_seen, new_seen, &unsure)))
			break;
		if (c == ' ' || c == '-' || c == '+') {
			kind = c;
			s.p++;
			s.n--;
		} else if (c == '\t') {
			/* context whose leading space was lost; the tab is the file's own */
			kind = ' ';
		} else if (u->in_fence && !sm_starts_with(s.p, s.n, "diff ") &&
		           !sm_starts_with(s.p, s.n, "index ")) {
			/* Inside a diff fence everything is diff: a line without its marker is
			 * context that lost its leading space. Ending the hunk here would drop the
			 * hunk lines after it without a word. */
			kind = ' ';
			if (!unmarked++)
				sm_note(u->r, u->ls->v[i].no,
				        "hunk line without ' ', '-' or '+' read as context");
		} else {
			break;
		}
		for (; blanks; blanks--) {
			old_seen++;
			new_seen++;
			if (e && sm_edit_add_line(e, SM_HL_CTX, s.p, 0))
				goto oom;
		}
		old_seen += kind != '+';
		new_seen += kind != '-';
		last = kind;
		if (!e)
			continue;
		if (f->op == SEAM_OP_CREATE) {
			/* everything but removals is the new content */
			if (kind == '-')
				continue;
			kind = '+';
		} else if (f->op == SEAM_OP_DELETE && kind == '+') {
			continue;
		}
		if (sm_edit_add_line(e, kind, s.p, s.n))
			goto oom;
	}
	/* the blank lines still pending separate the hunk from what follows: dropped */
	if (e && !e->nlines && f->op != SEAM_OP_CREATE)
		sm_fileop_drop_last_edit(u->r, f);
	else if (e && (i >= u->ls->n || unsure))
		e->open = 1; /* a hunk runs while its lines are hunk lines */
	/* Counts are often off by one or two, so short counts alone prove nothing; with the
	   reply ending inside the diff's fence, or in the middle of a line, it was cut off. */
	if (e && i >= u->ls->n && f->op == SEAM_OP_UPDATE && v[1] >= 0 && v[3] >= 0 &&
	    (old_seen < v[1] || new_seen < v[3]) &&
	    (u->in_fence || (u->r->len && u->r->text[u->r->len - 1] != '\n')))
		e->flags |= SM_EDIT_TRUNCATED;
	return i;
oom:
	*rc = SEAM_ENOMEM;
	return (size_t)-1;
}

int sm_udiff_parse(seam_reply *r, const sm_lines *ls)
{
	ud u;
	size_t i = 0, nx;
	int rc, dn_a, dn_b;
	sm_fence_mark m;
	char a[SM_PATH_MAX + 1], b[SM_PATH_MAX + 1];
	size_t an, bn;

	memset(&u, 0, sizeof(u));
	u.r = r;
	u.ls = ls;
	while (i < ls->n) {
		sm_span s = view(&u, i);
		long no = ls->v[i].no;

		if (sm_starts_with(s.p, s.n, "diff --git ")) {
			if ((rc = flush_git(&u)) != 0)
				return rc;
			git_line(&u, s);
			u.git = 1;
			u.git_no = no;
			u.f = NULL;
			u.header_in_fence = 1;
			i++;
			continue;
		}
		if (u.git && git_ext(&u, s)) {
			i++;
			continue;
		}
		if (is_header_pair(&u, i)) {
			sm_span t = view(&u, i + 1);
			an = header_path(s.p + 4, s.n - 4, a, &dn_a);
			bn = header_path(t.p + 4, t.n - 4, b, &dn_b);
			if ((rc = open_file(&u, a, an, dn_a, b, bn, dn_b, no)) != 0)
				return rc;
			u.git = 0;
			u.header_in_fence = 1;
			i += 2;
			s = i < ls->n ? view(&u, i) : s;
			/* no @@ at all: the body is one hunk */
			if (i < ls->n && s.n && (s.p[0] == ' ' || s.p[0] == '-' || s.p[0] == '+') &&
			    !is_header_pair(&u, i)) {
				nx = read_hunk(&u, i, i, &rc);
				if (rc)
					return rc;
				i = nx;
			}
			continue;
		}
		if (is_hunk_header(s)) {
			if (!u.f || u.git || (u.in_fence && !u.header_in_fence))
				if ((rc = file_for_hunk(&u, no)) != 0)
					return rc;
			nx = read_hunk(&u, i, i + 1, &rc);
			if (rc)
				return rc;
			i = nx;
			continue;
		}
		if ((rc = flush_git(&u)) != 0)
			return rc;
		if (u.in_fence) {
			if (sm_fence_closes(&u.fence, s.p, s.n))
				u.in_fence = 0;
		} else if (sm_fence_line(s.p, s.n, &m) && m.ch != '>') {
			u.in_fence = 1;
			u.fence = m;
			u.fence_at = i;
			u.header_in_fence = 0;
		}
		i++;
	}
	if ((rc = flush_git(&u)) != 0)
		return rc;
	/* the hunks of a new or deleted file may go on after the end of the text */
	if (u.f && u.f->op != SEAM_OP_UPDATE)
		u.f->open = 1;
	return 0;
}

int sm_udiff_may_end(const char *p, size_t n)
{
	size_t k = 0;

	/* a hunk runs while its lines can be hunk lines: it ends at any other line, at a fence
	   (however indented), at a header and at the next @@ */
	if (!n)
		return 0;
	if (p[0] != ' ' && p[0] != '\t' && p[0] != '-' && p[0] != '+' && p[0] != '\\')
		return 1;
	while (k < n && (p[k] == ' ' || p[k] == '\t'))
		k++;
	p += k;
	n -= k;
	return sm_starts_with(p, n, "```") || sm_starts_with(p, n, "~~~") ||
	       sm_starts_with(p, n, "@@") || sm_starts_with(p, n, "+++ ");
}
