/* Tag lines and file names above blocks, shared by the block formats. */
#include "tag.h"

#include "../../util/alloc.h"

#include <string.h>

/* Non-blank lines looked at above a block for its file name. */
#define NAME_LOOKBACK 4
/* More digits than this is not a line number (and would overflow a 32-bit long). */
#define MAX_DIGITS 9

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* 1 when p[0..n) starts with name (ASCII case ignored, '-' matching '_') and the name ends
 * there (no name character follows). */
static int name_at(const char *p, size_t n, const char *name, size_t *len)
{
	size_t k;
	char c;

	for (k = 0; name[k]; k++) {
		if (k >= n)
			return 0;
		c = lower(p[k]);
		if (c == '-')
			c = '_';
		if (c != name[k])
			return 0;
	}
	if (k < n && (p[k] == '_' || p[k] == '-' || (p[k] >= '0' && p[k] <= '9') ||
	              (lower(p[k]) >= 'a' && lower(p[k]) <= 'z')))
		return 0;
	*len = k;
	return 1;
}

int sm_tag_at(const char *p, size_t n, const char *name, sm_tag *t)
{
	size_t i = 0, len, a, q;
	int closing = 0;
	char quote = 0;

	memset(t, 0, sizeof(*t));
	while (i < n && is_blank(p[i]))
		i++;
	if (i >= n || p[i] != '<')
		return SM_TAG_NONE;
	i++;
	if (i < n && p[i] == '/') {
		closing = 1;
		i++;
	}
	if (!name_at(p + i, n - i, name, &len))
		return SM_TAG_NONE;
	a = i + len;
	/* the '>' that ends the tag: the first one outside quotes */
	for (q = a; q < n; q++) {
		if (quote) {
			if (p[q] == quote)
				quote = 0;
		} else if (p[q] == '"' || p[q] == '\'') {
			quote = p[q];
		} else if (p[q] == '>') {
			break;
		}
	}
	if (q >= n)
		return SM_TAG_NONE;
	t->end = q + 1;
	t->attrs.p = p + a;
	t->attrs.n = q - a;
	if (closing) {
		t->kind = SM_TAG_CLOSE;
	} else if (q > a && p[q - 1] == '/') {
		t->kind = SM_TAG_EMPTY;
		t->attrs.n--;
	} else {
		t->kind = SM_TAG_OPEN;
	}
	return t->kind;
}

size_t sm_tag_close_at_end(const char *p, size_t n, const char *name)
{
	size_t len = strlen(name), at, k;

	while (n && is_blank(p[n - 1]))
		n--;
	if (n < len + 3 || p[n - 1] != '>')
		return (size_t)-1;
	at = n - len - 3;
	if (p[at] != '<' || p[at + 1] != '/')
		return (size_t)-1;
	for (k = 0; k < len; k++) {
		char c = lower(p[at + 2 + k]);
		if (c == '-')
			c = '_';
		if (c != name[k])
			return (size_t)-1;
	}
	return at;
}

int sm_tag_attr(const sm_tag *t, const char *key, sm_span *val)
{
	const char *p = t->attrs.p;
	size_t n = t->attrs.n, i = 0, kl = strlen(key);

	while (i < n) {
		size_t ks, ke, vs, ve;
		while (i < n && (is_blank(p[i]) || p[i] == ','))
			i++;
		ks = i;
		while (i < n && !is_blank(p[i]) && p[i] != '=' && p[i] != '"' && p[i] != '\'')
			i++;
		ke = i;
		while (i < n && is_blank(p[i]))
			i++;
		if (i >= n || p[i] != '=') {
			if (i == ks)
				i++; /* a stray quote: step over it */
			continue; /* an attribute without a value */
		}
		i++;
		while (i < n && is_blank(p[i]))
			i++;
		if (i < n && (p[i] == '"' || p[i] == '\'')) {
			char q = p[i++];
			vs = i;
			while (i < n && p[i] != q)
				i++;
			ve = i;
			if (i < n)
				i++;
		} else {
			vs = i;
			while (i < n && !is_blank(p[i]) && p[i] != ',')
				i++;
			ve = i;
		}
		if (ke - ks == kl) {
			size_t k;
			for (k = 0; k < kl && lower(p[ks + k]) == key[k]; k++)
				;
			if (k == kl) {
				val->p = p + vs;
				val->n = ve - vs;
				return 1;
			}
		}
	}
	return 0;
}

int sm_tag_num(const sm_tag *t, const char *key, long *v)
{
	sm_span s;
	size_t k;
	long x = 0;

	if (!sm_tag_attr(t, key, &s))
		return 0;
	sm_trim(&s.p, &s.n);
	if (!s.n || s.n > MAX_DIGITS)
		return SEAM_EPARSE;
	for (k = 0; k < s.n; k++) {
		if (s.p[k] < '0' || s.p[k] > '9')
			return SEAM_EPARSE;
		x = x * 10 + (s.p[k] - '0');
	}
	*v = x;
	return 1;
}

size_t sm_tag_path(const sm_tag *t, char *out)
{
	static const char *const keys[] = {"path", "file", "filename", "file_path", NULL};
	sm_span v;
	size_t i;

	for (i = 0; keys[i]; i++)
		if (sm_tag_attr(t, keys[i], &v))
			return sm_path_clean(v.p, v.n, 1, out);
	return 0;
}

size_t sm_name_above(const sm_lines *ls, size_t h, int (*stop)(const char *p, size_t n),
                     char *out, long *line)
{
	size_t j = h, len, seen = 0, blanks = 0;
	int fences = 0, skipped = 0, st;
	sm_fence_mark m;

	while (j > 0 && seen < NAME_LOOKBACK) {
		const sm_rline *l = &ls->v[--j];
		if (sm_text_is_blank(l->p, l->n)) {
			if (++blanks > 2)
				return 0;
			continue;
		}
		blanks = 0;
		seen++;
		st = stop ? stop(l->p, l->n) : 0;
		if (st == SM_ABOVE_SKIP_ONCE && !skipped++)
			continue;
		if (st)
			return 0;
		if (sm_fence_line(l->p, l->n, &m)) {
			if (m.ch == '>' || ++fences > 1)
				return 0;
			len = sm_name_info(m.info.p, m.info.n, out);
			if (len) {
				*line = l->no;
				return len;
			}
			continue;
		}
		len = sm_name_line(l->p, l->n, out);
		if (len)
			*line = l->no;
		return len;
	}
	return 0;
}

int sm_spans_push(sm_spans *s, const char *p, size_t n)
{
	if (sm_grow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v)))
		return SEAM_ENOMEM;
	s->v[s->n].p = p;
	s->v[s->n].n = n;
	s->n++;
	return 0;
}

int sm_tag_block(const sm_lines *ls, size_t h, const sm_tag *t, const char *name,
                 int (*stop)(const char *p, size_t n), sm_spans *s, size_t *next)
{
	const sm_rline *l = &ls->v[h];
	const char *rest = l->p + t->end;
	size_t nrest = l->n - t->end, c, j;

	s->n = 0;
	*next = h + 1;
	if (t->kind == SM_TAG_EMPTY)
		return 1;
	c = sm_tag_close_at_end(rest, nrest, name);
	if (c != (size_t)-1) {
		/* <name>text</name> on one line */
		return sm_text_is_blank(rest, c) || !sm_spans_push(s, rest, c) ? 1 : SEAM_ENOMEM;
	}
	if (!sm_text_is_blank(rest, nrest) && sm_spans_push(s, rest, nrest))
		return SEAM_ENOMEM;
	for (j = h + 1; j < ls->n; j++) {
		const sm_rline *k = &ls->v[j];
		sm_tag o;
		int kind = sm_tag_at(k->p, k->n, name, &o);
		if (kind == SM_TAG_OPEN || kind == SM_TAG_EMPTY || (stop && stop(k->p, k->n)))
			break;
		c = sm_tag_close_at_end(k->p, k->n, name);
		if (c != (size_t)-1) {
			if (!sm_text_is_blank(k->p, c) && sm_spans_push(s, k->p, c))
				return SEAM_ENOMEM;
			*next = j + 1;
			return 1;
		}
		if (sm_spans_push(s, k->p, k->n))
			return SEAM_ENOMEM;
	}
	*next = j;
	return 0;
}

static int is_markup(const char *path)
{
	static const char *const ext[] = {".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc", NULL};
	size_t n = strlen(path), i, k;

	for (i = 0; ext[i]; i++) {
		k = strlen(ext[i]);
		if (n >= k && sm_eq_nocase(path + n - k, k, ext[i]))
			return 1;
	}
	return 0;
}

void sm_spans_unwrap(sm_spans *s, const char *path)
{
	sm_fence_mark m;

	if (s->n < 2 || is_markup(path))
		return;
	if (!sm_fence_line(s->v[0].p, s->v[0].n, &m) || (m.ch != '`' && m.ch != '~') ||
	    !sm_fence_closes(&m, s->v[s->n - 1].p, s->v[s->n - 1].n))
		return;
	memmove(s->v, s->v + 1, (s->n - 2) * sizeof(*s->v));
	s->n -= 2;
}

int sm_carry_name(sm_carried_name *c, const char *name, size_t len)
{
	if (len) {
		memcpy(c->name, name, len);
		c->name[len] = '\0';
		c->len = len;
	}
	return c->len != 0;
}
