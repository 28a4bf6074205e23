#include "reply.h"
#include "../../util/alloc.h"

#include <string.h>

/* Deeper nesting than this inside one fence is treated as content: bounded state. */
#define MAX_NEST 16
/* Thinking tags are short; a longer "tag" is not one and is not scanned for. */
#define MAX_TAG 64

static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

void sm_trim(const char **p, size_t *n)
{
	while (*n && is_ws(**p)) {
		(*p)++;
		(*n)--;
	}
	while (*n && is_ws((*p)[*n - 1]))
		(*n)--;
}

int sm_eq_nocase(const char *p, size_t n, const char *s)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!s[i] || lower(p[i]) != lower(s[i]))
			return 0;
	return s[n] == '\0';
}

int sm_starts_with(const char *p, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && !memcmp(p, prefix, k);
}

/* ---- lines ---- */

static int push_line(sm_lines *ls, const char *p, size_t n, long no)
{
	if (sm_grow((void **)&ls->v, &ls->cap, ls->n + 1, sizeof(*ls->v)))
		return SEAM_ENOMEM;
	ls->v[ls->n].p = p;
	ls->v[ls->n].n = n;
	ls->v[ls->n].no = no;
	ls->n++;
	return 0;
}

int sm_lines_split(sm_lines *ls, const char *text, size_t len)
{
	size_t i = 0, n;
	long no = 0;

	memset(ls, 0, sizeof(*ls));
	while (i < len) {
		const char *p = text + i;
		n = sm_text_next_line(text, len, &i, NULL);
		if (n && p[n - 1] == '\r')
			n--;
		if (push_line(ls, p, n, ++no))
			return SEAM_ENOMEM;
	}
	return 0;
}

void sm_lines_free(sm_lines *ls)
{
	sm_free(ls->v);
	memset(ls, 0, sizeof(*ls));
}

/* ---- fences ---- */

/* The tags models write around code instead of a ``` fence: <source> (wiki style), and the
 * HTML of <pre>, <code> and <codeblock>. m->len tells them apart, so that a tag closes only its
 * own kind. */
static const char *const fence_tags[] = {"source", "pre", "code", "codeblock"};

/* A tag fence line: "<tag>" alone, or followed by a language word (an opener), or "</tag>"
 * alone (a closer, ch '>'). An element with attributes or content on its line is HTML, not a
 * fence. */
static int tag_fence(const char *p, size_t n, sm_fence_mark *m)
{
	size_t k, tn, close;
	const char *info;
	size_t ni;

	if (n < 3 || p[0] != '<')
		return 0;
	close = p[1] == '/';
	for (k = 0; k < sizeof(fence_tags) / sizeof(*fence_tags); k++) {
		tn = strlen(fence_tags[k]);
		if (n < tn + 2 + close || !sm_eq_nocase(p + 1 + close, tn, fence_tags[k]) ||
		    p[1 + close + tn] != '>')
			continue;
		info = p + 2 + close + tn;
		ni = n - 2 - close - tn;
		sm_trim(&info, &ni);
		if (close ? ni != 0 : memchr(info, '<', ni) || memchr(info, ' ', ni))
			return 0;
		m->ch = close ? '>' : '<';
		m->len = k + 1;
		m->info.p = close ? NULL : info;
		m->info.n = close ? 0 : ni;
		return 1;
	}
	return 0;
}

int sm_fence_line(const char *p, size_t n, sm_fence_mark *m)
{
	size_t i = 0, run;
	const char *info;
	size_t ni;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	memset(m, 0, sizeof(*m));
	m->indent = i;
	if (i < n && (p[i] == '`' || p[i] == '~')) {
		m->ch = p[i];
		for (run = 0; i + run < n && p[i + run] == m->ch; run++)
			;
		if (run < 3)
			return 0;
		info = p + i + run;
		ni = n - i - run;
		sm_trim(&info, &ni);
		/* ```x``` on one line is inline code, not a fence */
		if (m->ch == '`' && memchr(info, '`', ni))
			return 0;
		m->len = run;
		m->info.p = info;
		m->info.n = ni;
		return 1;
	}
	p += i;
	n -= i;
	sm_trim(&p, &n);
	return tag_fence(p, n, m);
}

int sm_fence_closes(const sm_fence_mark *open, const char *p, size_t n)
{
	sm_fence_mark m;

	if (!sm_fence_line(p, n, &m))
		return 0;
	if (open->ch == '<')
		return m.ch == '>' && m.len == open->len;
	/* A closer indented much deeper than its opener is content (an indented example in a
	 * docstring), not the end of the fence. */
	return m.ch == open->ch && m.len >= open->len && !m.info.n && m.indent <= open->indent + 3;
}

struct fstate {
	sm_fence_mark stack[MAX_NEST];
	size_t depth;
	int flat; /* no nesting: every matching closer closes */
};

enum { F_NONE, F_OPEN, F_CLOSE };

static int fstate_feed(struct fstate *st, const char *p, size_t n)
{
	sm_fence_mark m;

	if (!st->depth) {
		if (sm_fence_line(p, n, &m) && m.ch != '>') {
			st->stack[0] = m;
			st->depth = 1;
			return F_OPEN;
		}
		return F_NONE;
	}
	if (sm_fence_closes(&st->stack[st->depth - 1], p, n)) {
		st->depth--;
		return st->depth ? F_NONE : F_CLOSE;
	}
	if (st->flat || st->stack[0].ch == '<')
		return F_NONE;
	if (sm_fence_line(p, n, &m) && (m.ch == '`' || m.ch == '~') && m.info.n &&
	    st->depth < MAX_NEST)
		st->stack[st->depth++] = m;
	return F_NONE;
}

int sm_fences_find(const sm_lines *ls, sm_fence **out, size_t *nout)
{
	struct fstate st;
	sm_fence *v = NULL;
	size_t nv = 0, cap = 0, i, first_close = 0;
	int have_first = 0, ev;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < ls->n; i++) {
		const sm_rline *l = &ls->v[i];
		if (st.depth && !have_first && sm_fence_closes(&st.stack[0], l->p, l->n)) {
			first_close = i;
			have_first = 1;
		}
		ev = fstate_feed(&st, l->p, l->n);
		if (ev == F_OPEN) {
			if (sm_grow((void **)&v, &cap, nv + 1, sizeof(*v))) {
				sm_free(v);
				return SEAM_ENOMEM;
			}
			v[nv].open = i;
			v[nv].close = ls->n;
			v[nv].mark = st.stack[0];
			v[nv].guessed = st.flat;
			nv++;
			have_first = 0;
		} else if (ev == F_CLOSE) {
			v[nv - 1].close = i;
		}
		/* The fence never closed because a nested level took its closer: end it at its
		 * first plain closer instead and read on without nesting, so the rescan happens
		 * at most once (linear time). */
		if (i + 1 == ls->n && st.depth && have_first && !st.flat) {
			v[nv - 1].close = first_close;
			v[nv - 1].guessed = 1;
			i = first_close;
			st.depth = 0;
			st.flat = 1;
		}
	}
	*out = v;
	*nout = nv;
	return 0;
}

/* ---- thinking sections ---- */

/* Length of a thinking opening tag at the start of p ("<think>", "<thinking>",
 * "<thinking-content-ab12>"), 0 when there is none. */
static size_t think_open(const char *p, size_t n)
{
	size_t i;

	if (n < 7 || p[0] != '<' || !sm_eq_nocase(p + 1, 5, "think"))
		return 0;
	for (i = 6; i < n && i < MAX_TAG; i++) {
		if (p[i] == '>')
			return i + 1;
		if (!is_alnum(p[i]) && p[i] != '-' && p[i] != '_')
			return 0;
	}
	return 0;
}

/* Offset just past "</name>" in p[0..n), or 0 when absent. name is the tag's inside. */
static size_t think_close(const char *p, size_t n, const char *name, size_t nn)
{
	size_t i, k;

	for (i = 0; i + nn + 3 <= n; i++) {
		if (p[i] != '<' || p[i + 1] != '/' || p[i + 2 + nn] != '>')
			continue;
		for (k = 0; k < nn && lower(p[i + 2 + k]) == lower(name[k]); k++)
			;
		if (k == nn)
			return i + nn + 3;
	}
	return 0;
}

int sm_lines_drop_thinking(sm_lines *out, const sm_lines *in, size_t *removed)
{
	struct fstate st;
	size_t i, lead, tag, off;
	const char *name = NULL;
	size_t nn = 0;
	int inside = 0;

	memset(out, 0, sizeof(*out));
	memset(&st, 0, sizeof(st));
	st.flat = 1;
	*removed = 0;
	/* most replies think aloud nowhere: then no copy is made */
	/* a tag opens a section only at the start of a line: " <think>" is a diff's context
	   line, or code */
	for (i = 0; i < in->n; i++)
		if (think_open(in->v[i].p, in->v[i].n))
			break;
	if (i == in->n)
		return 0;
	for (i = 0; i < in->n; i++) {
		const sm_rline *l = &in->v[i];
		if (!inside) {
			if (st.depth) {
				fstate_feed(&st, l->p, l->n);
				if (push_line(out, l->p, l->n, l->no))
					goto oom;
				continue;
			}
			lead = 0;
			tag = think_open(l->p, l->n);
			if (!tag) {
				fstate_feed(&st, l->p, l->n);
				if (push_line(out, l->p, l->n, l->no))
					goto oom;
				continue;
			}
			inside = 1;
			name = l->p + lead + 1;
			nn = tag - 2;
			(*removed)++;
			/* the section may close on its own line */
			off = think_close(l->p + lead + tag, l->n - lead - tag, name, nn);
			if (off) {
				off += lead + tag;
				inside = 0;
				if (!sm_text_is_blank(l->p + off, l->n - off) &&
				    push_line(out, l->p + off, l->n - off, l->no))
					goto oom;
			}
			continue;
		}
		(*removed)++;
		off = think_close(l->p, l->n, name, nn);
		if (off) {
			inside = 0;
			if (!sm_text_is_blank(l->p + off, l->n - off) &&
			    push_line(out, l->p + off, l->n - off, l->no))
				goto oom;
		}
	}
	return 0;
oom:
	sm_lines_free(out);
	return SEAM_ENOMEM;
}

/* ---- helpers ---- */

int sm_reply_new_edit(seam_reply *r, sm_fileop *f, long reply_line, sm_edit **out)
{
	*out = NULL;
	if (r->max_edits && r->total_edits >= r->max_edits)
		return SEAM_ELIMIT;
	*out = sm_fileop_add_edit(r, f, reply_line);
	return *out ? 0 : SEAM_ENOMEM;
}
