/*
 * The apply_patch format (OpenAI's "V4A"): `*** Begin Patch`, file sections (`*** Update File:
 * p`, maybe `*** Move to: q`, then chunks opened by `@@` or `@@ <enclosing line>`; `*** Add
 * File: p` with '+' lines; `*** Delete File: p`), `*** End Patch`. Fenced or bare, any number
 * of patches per reply.
 *
 * A patch runs from its Begin line to the first End Patch, the next Begin or a fence line. When
 * it is known to be patch throughout (an End Patch closes it, or a fence holds it), a line with
 * no marker is context that lost its leading space: ending the chunk there would drop the rest
 * of it without a word. Otherwise that line is the prose after a patch whose End Patch was
 * forgotten, and it ends the patch. A fence opener indented in a list item indents every line
 * of the patch; the indentation of the patch's first marker is removed from each line.
 */
#include "format.h"
#include "../../util/alloc.h"

#include <string.h>

/* A marker indented deeper than this is content (an example quoted in a file). */
#define MAX_INDENT 16

enum { MK_NONE, MK_BEGIN, MK_END, MK_EOF, MK_UPDATE, MK_ADD, MK_DELETE, MK_MOVE };
enum { STOP_END, STOP_BEGIN, STOP_FENCE, STOP_TEXT };

typedef struct pp {
	seam_reply *r;
	const sm_lines *ls;
	size_t ind;  /* indentation of the current patch, removed from its lines */
	size_t end;  /* index of the line that stops it */
	int bounded; /* every line before end is patch */
	int over;    /* an unbounded patch met a line that is not patch, and ended there */
	/* Where a patch at each indentation was last found to stop: a patch starting again
	 * inside that range stops at the same line, so the reply is scanned once. */
	size_t scan_from[MAX_INDENT + 1], scan_stop[MAX_INDENT + 1];
	int scan_kind[MAX_INDENT + 1];
	/* the update section being read */
	sm_fileop *f; /* made at its first chunk: a section without one makes no fileop */
	char path[SM_PATH_MAX + 1];
	size_t plen;
	long path_no;
	int chunk;    /* a chunk is open; its edit is the last of f */
	sm_span *anc; /* anchors of the chunk about to open */
	size_t nanc, acap;
	int opened; /* an @@ line announced the chunk about to open */
	long open_no;
	long hint_start, hint_len;
	size_t blanks; /* empty lines not yet known to be inside the chunk */
	int unmarked;  /* an unmarked line of this chunk was noted */
	char last;     /* kind of the chunk's last line */
} pp;

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Length of the words of kw (lower case, one space between words) at p, case and spacing
 * ignored ("EndPatch", "end  patch"); 0 when they are not there. */
static size_t match_kw(const char *p, size_t n, const char *kw)
{
	size_t i = 0;

	for (; *kw; kw++) {
		if (*kw == ' ') {
			while (i < n && is_blank(p[i]))
				i++;
			continue;
		}
		if (i >= n || (p[i] | 0x20) != *kw)
			return 0;
		i++;
	}
	return i;
}

/* The marker on a line starting with "***" (spacing and case free); *arg gets what follows a
 * file marker. */
static int marker(const char *p, size_t n, sm_span *arg)
{
	static const struct {
		const char *kw;
		int mk;
	} kws[] = {{"begin patch", MK_BEGIN},  {"end patch", MK_END}, {"end of file", MK_EOF},
	           {"update file", MK_UPDATE}, {"add file", MK_ADD},  {"delete file", MK_DELETE},
	           {"move to", MK_MOVE},       {"rename to", MK_MOVE}};
	size_t i = 0, j, k;

	if (n < 3 || memcmp(p, "***", 3))
		return MK_NONE;
	while (i < n && p[i] == '*')
		i++;
	while (i < n && is_blank(p[i]))
		i++;
	for (k = 0; k < sizeof(kws) / sizeof(kws[0]); k++) {
		j = match_kw(p + i, n - i, kws[k].kw);
		if (!j)
			continue;
		j += i;
		if (kws[k].mk < MK_UPDATE) {
			/* "*** End Patch ***" and the like; any word after it is prose */
			while (j < n && (is_blank(p[j]) || p[j] == '*' || p[j] == ':'))
				j++;
			return j < n ? MK_NONE : kws[k].mk;
		}
		if (j < n && p[j] != ':' && !is_blank(p[j]))
			return MK_NONE; /* "*** Update Files" */
		while (j < n && is_blank(p[j]))
			j++;
		if (j < n && p[j] == ':')
			j++;
		arg->p = p + j;
		arg->n = n - j;
		sm_trim(&arg->p, &arg->n);
		return kws[k].mk;
	}
	return MK_NONE;
}

/* The path after a file marker, cleaned; 0 when none is usable. The rest of the line is the
 * name, so what sm_name_line() finds too odd for a name in prose ("LICENSE-MIT", "my file.txt")
 * is still taken when it holds no control byte: the tree judges names. */
static size_t marker_path(sm_span a, char *out)
{
	size_t len = sm_name_line(a.p, a.n, out), i, o = 0;
	const char *p = a.p;
	size_t n = a.n;

	if (len)
		return len;
	while (n && p[n - 1] == '*')
		n--;
	sm_trim(&p, &n);
	if (n >= 2 && (p[0] == '`' || p[0] == '"' || p[0] == '\'') && p[n - 1] == p[0]) {
		p++;
		n -= 2;
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

/* Line i without the patch's indentation; a line of blanks no longer than it is empty. */
static sm_span view(const pp *u, size_t i)
{
	sm_span s;
	size_t k;

	s.p = u->ls->v[i].p;
	s.n = u->ls->v[i].n;
	for (k = 0; k < u->ind && k < s.n && is_blank(s.p[k]); k++)
		;
	if (k == u->ind || k == s.n) {
		s.p += k;
		s.n -= k;
	}
	return s;
}

/* A fence line that no patch line can be: every patch line starts with a marker. */
static int is_fence(sm_span s)
{
	sm_fence_mark m;

	if (!s.n || s.p[0] == ' ' || s.p[0] == '\t' || s.p[0] == '+' || s.p[0] == '-')
		return 0;
	return sm_fence_line(s.p, s.n, &m) && (m.ch == '`' || m.ch == '~');
}

static int is_section(int mk)
{
	return mk == MK_UPDATE || mk == MK_ADD || mk == MK_DELETE || mk == MK_BEGIN || mk == MK_END;
}

/* Sets u->end to the line that stops the patch starting at `from`; returns how it stops. */
static int scan(pp *u, size_t from)
{
	size_t i, k = u->ind;
	int kind = STOP_TEXT, mk;
	sm_span s, a;

	if (u->scan_from[k] <= from && from < u->scan_stop[k]) {
		u->end = u->scan_stop[k];
		return u->scan_kind[k];
	}
	for (i = from; i < u->ls->n; i++) {
		s = view(u, i);
		mk = marker(s.p, s.n, &a);
		if (mk == MK_END || mk == MK_BEGIN) {
			kind = mk == MK_END ? STOP_END : STOP_BEGIN;
			break;
		}
		if (is_fence(s)) {
			kind = STOP_FENCE;
			break;
		}
	}
	u->scan_from[k] = from;
	u->scan_stop[k] = u->end = i;
	u->scan_kind[k] = kind;
	return kind;
}

/* Past the lines of a section that cannot be read: to the next section. */
static size_t skip_section(pp *u, size_t j)
{
	sm_span s, a;

	for (; j < u->end; j++) {
		s = view(u, j);
		if (is_section(marker(s.p, s.n, &a)))
			break;
	}
	return j;
}

/* Forgets the chunk being read and what was announced for the next one. */
static void close_chunk(pp *u)
{
	if (u->opened && !u->chunk)
		sm_note(u->r, u->open_no, "@@ chunk of %s holds no line, skipped", u->path);
	u->chunk = u->opened = u->unmarked = 0;
	u->nanc = u->blanks = 0;
	u->hint_start = 0;
	u->hint_len = -1;
	u->last = 0;
}

/* "-12,5": the first old line and the count of a unified diff header that slipped in. */
static void hint_numbers(pp *u, const char *t, size_t n)
{
	size_t i = 1, d;
	long v[2] = {0, 1};
	int k;

	for (k = 0; k < 2; k++) {
		for (d = 0, v[k] = 0; i < n && t[i] >= '0' && t[i] <= '9'; i++, d++) {
			if (d == 9)
				return; /* ten digits: no file is that long */
			v[k] = v[k] * 10 + (t[i] - '0');
		}
		if (!d)
			return;
		if (k == 0 && (i >= n || t[i] != ',')) {
			v[1] = 1;
			break;
		}
		i++;
	}
	if (v[0] > 0) {
		u->hint_start = v[0];
		u->hint_len = v[1];
	}
}

/* An @@ line: "@@", "@@ class Foo", or a unified diff header "@@ -3,4 +3,5 @@ def f():" whose
 * numbers become hints and whose text is an enclosing line as well. */
static int at_line(pp *u, sm_span s, long no)
{
	const char *t = s.p + 2;
	size_t n = s.n - 2, i;

	if (!u->opened) {
		u->opened = 1;
		u->open_no = no;
	}
	u->blanks = 0; /* between two @@ lines: not context */
	sm_trim(&t, &n);
	if (n && (t[0] == '@' || sm_starts_with(t, n, "...") ||
	          (t[0] == '-' && n > 1 && t[1] >= '0' && t[1] <= '9'))) {
		if (t[0] == '-')
			hint_numbers(u, t, n);
		for (i = 0; i + 1 < n && (t[i] != '@' || t[i + 1] != '@'); i++)
			;
		i = i + 1 < n ? i + 2 : n;
		t += i;
		n -= i;
		sm_trim(&t, &n);
	}
	if (n >= 2 && t[n - 1] == '@' && t[n - 2] == '@') {
		n -= 2; /* "@@ class Foo @@" */
		sm_trim(&t, &n);
	}
	if (!n)
		return 0;
	if (sm_grow((void **)&u->anc, &u->acap, u->nanc + 1, sizeof(*u->anc)))
		return SEAM_ENOMEM;
	u->anc[u->nanc].p = t;
	u->anc[u->nanc].n = n;
	u->nanc++;
	return 0;
}

/* Adds one line to the chunk, opening it (and the fileop) at its first line. */
static int body_line(pp *u, char kind, sm_span s, long no)
{
	sm_edit *e;
	size_t k;
	int rc;

	if (!u->chunk) {
		if (!u->f) {
			u->f = sm_reply_file(u->r, u->path, u->plen, SEAM_OP_UPDATE, u->path_no);
			if (!u->f)
				return SEAM_ENOMEM;
		}
		if ((rc = sm_reply_new_edit(u->r, u->f, u->opened ? u->open_no : no, &e)) != 0)
			return rc;
		e->hint_start = u->hint_start;
		e->hint_len = u->hint_len;
		for (k = 0; k < u->nanc; k++)
			if (sm_edit_add_anchor(e, u->anc[k].p, u->anc[k].n))
				return SEAM_ENOMEM;
		u->chunk = 1;
	}
	e = &u->f->edits[u->f->nedits - 1];
	/* empty lines followed by more of the chunk are blank context */
	for (; u->blanks; u->blanks--)
		if (sm_edit_add_line(e, SM_HL_CTX, s.p, 0))
			return SEAM_ENOMEM;
	u->last = kind;
	return sm_edit_add_line(e, kind, s.p, s.n) ? SEAM_ENOMEM : 0;
}

/* Sets the new name of the section's file. */
static int move_to(pp *u, sm_span a, long no)
{
	char to[SM_PATH_MAX + 1];
	size_t n = marker_path(a, to);

	if (!n) {
		sm_note(u->r, no, "*** Move to with no usable file name, ignored");
		return 0;
	}
	if (n == u->plen && !memcmp(to, u->path, n))
		return 0;
	if (!u->f) {
		u->f = sm_reply_file(u->r, u->path, u->plen, SEAM_OP_UPDATE, u->path_no);
		if (!u->f)
			return SEAM_ENOMEM;
	}
	if (!u->f->move_to)
		return (u->f->move_to = sm_strndup(to, n)) ? 0 : SEAM_ENOMEM;
	if (strcmp(u->f->move_to, to))
		sm_note(u->r, no, "%s is moved to %s and to %s; the first is kept", u->path,
		        u->f->move_to, to);
	return 0;
}

/*
 * 1 when a section that stopped at line j could still grow with more text: it ran to the end
 * of the text, or a line with no marker ended it while no End Patch, Begin Patch or fence has
 * been seen after it (an End Patch further on would make that line context).
 */
static int may_go_on(const pp *u, size_t j)
{
	return u->end >= u->ls->n && (u->over || j >= u->end);
}

/* Reads an update section whose marker is line i0; returns the index past it. */
static size_t read_update(pp *u, size_t i0, sm_span a, int *rc)
{
	size_t j;
	sm_span s;
	long no;
	int mk;
	char c, kind;

	u->plen = marker_path(a, u->path);
	if (!u->plen) {
		sm_note(u->r, u->ls->v[i0].no, "*** Update File with no usable file name, skipped");
		return skip_section(u, i0 + 1);
	}
	u->path_no = u->ls->v[i0].no;
	u->f = NULL;
	u->opened = 0;
	close_chunk(u);
	for (j = i0 + 1; j < u->end && !*rc; j++) {
		s = view(u, j);
		no = u->ls->v[j].no;
		mk = marker(s.p, s.n, &a);
		if (is_section(mk))
			break;
		if (mk == MK_MOVE) {
			close_chunk(u);
			*rc = move_to(u, a, no);
			continue;
		}
		if (mk == MK_EOF) {
			if (u->chunk)
				u->f->edits[u->f->nedits - 1].flags |= SM_EDIT_AT_EOF;
			else
				sm_note(u->r, no, "*** End of File outside a chunk, ignored");
			close_chunk(u);
			continue;
		}
		if (s.n >= 2 && s.p[0] == '@' && s.p[1] == '@') {
			/* consecutive @@ lines nest: each is found after the one before */
			if (u->chunk)
				close_chunk(u);
			*rc = at_line(u, s, no);
			continue;
		}
		if (!s.n) {
			u->blanks += u->chunk || u->opened;
			continue;
		}
		c = s.p[0];
		if (c == ' ' || c == '-' || c == '+') {
			kind = c;
			s.p++;
			s.n--;
		} else if (c == '\t') {
			/* context whose leading space was lost; the tab is the file's own */
			kind = SM_HL_CTX;
		} else if (c == '\\') {
			/* "\ No newline at end of file", as a diff writes it */
			if (u->chunk && (u->last == '-' || u->last == ' '))
				u->f->edits[u->f->nedits - 1].flags |= SM_EDIT_OLD_NOEOL;
			if (u->chunk && (u->last == '+' || u->last == ' '))
				u->f->edits[u->f->nedits - 1].flags |= SM_EDIT_NEW_NOEOL;
			continue;
		} else if (!u->bounded) {
			u->over = 1;
			break;
		} else {
			kind = SM_HL_CTX;
			if (!u->unmarked++)
				sm_note(u->r, no,
				        "chunk line without ' ', '-' or '+' read as context");
		}
		*rc = body_line(u, kind, s, no);
	}
	if (*rc)
		return j;
	if (u->chunk && may_go_on(u, j))
		u->f->edits[u->f->nedits - 1].open = 1;
	close_chunk(u); /* empty lines at the end of the chunk are not part of it */
	if (!u->f)
		sm_note(u->r, u->path_no, "*** Update File: %s holds no chunk, skipped", u->path);
	return j;
}

/* Reads an add section whose marker is line i0; returns the index past it. */
static size_t read_add(pp *u, size_t i0, sm_span a, int *rc)
{
	char path[SM_PATH_MAX + 1];
	size_t len = marker_path(a, path), j, k, blanks = 0;
	sm_fileop *f;
	sm_edit *e;
	sm_span s;
	int mk;

	if (!len) {
		sm_note(u->r, u->ls->v[i0].no, "*** Add File with no usable file name, skipped");
		return skip_section(u, i0 + 1);
	}
	for (j = i0 + 1; j < u->end; j++) {
		s = view(u, j);
		mk = marker(s.p, s.n, &a);
		if (is_section(mk))
			break;
		if (mk != MK_NONE || !s.n || s.p[0] == '+')
			continue;
		if (!u->bounded) {
			u->over = 1;
			break;
		}
		/* a new file with a line of unknown standing would be written wrong */
		sm_note(u->r, u->ls->v[j].no,
		        "line of *** Add File: %s does not start with '+'; the file is skipped",
		        path);
		return skip_section(u, j);
	}
	f = sm_reply_file(u->r, path, len, SEAM_OP_CREATE, u->ls->v[i0].no);
	if (!f) {
		*rc = SEAM_ENOMEM;
		return j;
	}
	if ((*rc = sm_reply_new_edit(u->r, f, u->ls->v[i0 + 1 < j ? i0 + 1 : i0].no, &e)) != 0)
		return j;
	for (k = i0 + 1; k < j; k++) {
		s = view(u, k);
		if (marker(s.p, s.n, &a) != MK_NONE)
			continue;
		if (!s.n) {
			blanks++; /* kept only when more content follows */
			continue;
		}
		for (; blanks; blanks--)
			if (sm_edit_add_line(e, SM_HL_ADD, s.p, 0))
				goto oom;
		if (sm_edit_add_line(e, SM_HL_ADD, s.p + 1, s.n - 1))
			goto oom;
	}
	if (may_go_on(u, j))
		e->open = 1;
	return j;
oom:
	*rc = SEAM_ENOMEM;
	return j;
}

/* Reads the patch whose first line is `from` (past its Begin line, begin_no, or its first file
 * marker when there is none: begin_no 0); returns the index to go on from. */
static size_t read_patch(pp *u, size_t from, long begin_no, int in_fence, int *rc)
{
	int kind = scan(u, from), mk, noted = 0;
	char path[SM_PATH_MAX + 1];
	size_t i = from, len;
	sm_span s, a;

	u->bounded = kind == STOP_END || in_fence;
	u->over = 0;
	while (i < u->end && !u->over && !*rc) {
		s = view(u, i);
		mk = marker(s.p, s.n, &a);
		if (mk == MK_UPDATE) {
			i = read_update(u, i, a, rc);
		} else if (mk == MK_ADD) {
			i = read_add(u, i, a, rc);
		} else if (mk == MK_DELETE) {
			if ((len = marker_path(a, path)) == 0)
				sm_note(u->r, u->ls->v[i].no,
				        "*** Delete File with no usable file name, skipped");
			else if (!sm_reply_file(u->r, path, len, SEAM_OP_DELETE, u->ls->v[i].no))
				*rc = SEAM_ENOMEM;
			i++;
		} else if (s.n && !u->bounded && mk == MK_NONE) {
			u->over = 1;
		} else {
			if (s.n && !noted++)
				sm_note(u->r, u->ls->v[i].no,
				        "line outside the file sections of the patch, ignored");
			i++;
		}
	}
	if (*rc)
		return u->ls->n;
	if (begin_no && (u->over || kind != STOP_END))
		sm_note(u->r, begin_no,
		        "*** Begin Patch never closed by *** End Patch; read to line %ld",
		        i > from ? u->ls->v[i - 1].no : begin_no);
	return !u->over && kind == STOP_END ? u->end + 1 : i;
}

/* 1 when a line is "*** Begin Patch" (begin), or a file section with a path (!begin). */
static int sniff(const sm_lines *ls, int begin)
{
	size_t i, k;
	sm_span a;
	int mk;

	for (i = 0; i < ls->n; i++) {
		const char *p = ls->v[i].p;
		size_t n = ls->v[i].n;
		for (k = 0; k < n && k <= MAX_INDENT && is_blank(p[k]); k++)
			;
		mk = k <= MAX_INDENT ? marker(p + k, n - k, &a) : MK_NONE;
		if (begin ? mk == MK_BEGIN
			  : ((mk == MK_UPDATE || mk == MK_ADD || mk == MK_DELETE) && a.n))
			return 1;
	}
	return 0;
}

int sm_patch_sniff(const sm_lines *ls)
{
	return sniff(ls, 1);
}

int sm_patch_sniff_loose(const sm_lines *ls)
{
	return sniff(ls, 0);
}

int sm_patch_parse(seam_reply *r, const sm_lines *ls)
{
	pp u;
	size_t i = 0, k;
	int rc = 0, mk, in_fence = 0;
	sm_fence_mark fence, m;
	sm_span a;

	memset(&u, 0, sizeof(u));
	memset(&fence, 0, sizeof(fence));
	u.r = r;
	u.ls = ls;
	while (i < ls->n && !rc) {
		const char *p = ls->v[i].p;
		size_t n = ls->v[i].n;
		for (k = 0; k < n && k <= MAX_INDENT && is_blank(p[k]); k++)
			;
		mk = k <= MAX_INDENT ? marker(p + k, n - k, &a) : MK_NONE;
		if (mk == MK_BEGIN || mk == MK_UPDATE || mk == MK_ADD || mk == MK_DELETE) {
			u.ind = k;
			i = read_patch(&u, mk == MK_BEGIN ? i + 1 : i,
			               mk == MK_BEGIN ? ls->v[i].no : 0, in_fence, &rc);
			continue;
		}
		if (mk == MK_END)
			sm_note(r, ls->v[i].no, "*** End Patch with no *** Begin Patch, ignored");
		else if (in_fence)
			in_fence = !sm_fence_closes(&fence, p, n);
		else if (sm_fence_line(p, n, &m) && (m.ch == '`' || m.ch == '~')) {
			in_fence = 1;
			fence = m;
		}
		i++;
	}
	sm_free(u.anc);
	return rc;
}
