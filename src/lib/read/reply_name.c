/*
 * Recognising file names in a reply: a name line above a fence, a fence's info string, the
 * first line inside a fence, and cleaning what was found into a path. The rules lean towards
 * refusing: a line of prose taken for a name would write a file nobody asked for.
 */
#include "reply.h"

#include <string.h>

static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_alnum(char c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

static int known_name(const char *s)
{
	static const char *const names[] = {
	    "Makefile",  "makefile",  "GNUmakefile",  "Dockerfile",  "Containerfile", "Gemfile",
	    "Rakefile",  "Procfile",  "Vagrantfile",  "Jenkinsfile", "Brewfile",      "Podfile",
	    "Justfile",  "justfile",  "Caddyfile",    "Pipfile",     "Guardfile",     "Capfile",
	    "Snakefile", "Tiltfile",  "LICENSE",      "LICENCE",     "COPYING",       "README",
	    "CHANGELOG", "AUTHORS",   "CONTRIBUTORS", "NOTICE",      "VERSION",       "CODEOWNERS",
	    "BUILD",     "WORKSPACE", "Kconfig",      "Doxyfile",    "configure",
	};
	size_t i;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i]))
			return 1;
	return 0;
}

size_t sm_path_lexical(const char *p, size_t n, size_t max, char *out)
{
	size_t i, o = 0;

	sm_trim(&p, &n);
	if (!n || n > max)
		return 0;
	for (i = 0; i < n; i++) {
		char c = p[i] == '\\' ? '/' : p[i];
		if ((unsigned char)c < 0x20 || c == 0x7f)
			return 0;
		if (c == '/' && o && out[o - 1] == '/')
			continue;
		out[o++] = c;
	}
	out[o] = '\0';
	while (o > 2 && out[0] == '.' && out[1] == '/') {
		memmove(out, out + 2, o - 1);
		o -= 2;
	}
	return o && out[o - 1] != '/' ? o : 0;
}

size_t sm_path_clean(const char *p, size_t n, int quoted, char *out)
{
	size_t i, o, spaces = 0;
	int paren = 0; /* inside a "(group)" component */
	const char *last;

	sm_trim(&p, &n);
	if (!n || n >= SM_PATH_MAX)
		return 0;
	/* what a name in prose may not hold, read on the text as written (a '\\' counts as '/') */
	for (i = 0; i < n; i++) {
		char c = p[i] == '\\' ? '/' : p[i];
		if (strchr("\"'`<>|*?;,={}$!&#^", c))
			return 0;
		if (c == ' ') {
			if (!quoted || ++spaces > 3)
				return 0;
		}
		/* only a drive letter: "C:\x" */
		if (c == ':' && !(i == 1 && is_alpha(p[0]) && i + 1 < n &&
		                  (p[i + 1] == '/' || p[i + 1] == '\\')))
			return 0;
		/* "(" only opens a route-group component ("app/(auth)/x"); else it is a call */
		if (c == '(') {
			if (i && p[i - 1] != '/' && p[i - 1] != '\\')
				return 0;
			paren = 1;
		}
		if (c == ')' && !paren)
			return 0;
		if (c == '/')
			paren = 0;
	}
	o = sm_path_lexical(p, n, SM_PATH_MAX - 1, out);
	if (!o || out[o - 1] == '.' || out[o - 1] == ')')
		return 0;
	if (out[0] == '-' || out[0] == '+' || out[0] == '~' || (out[0] == '@' && out[1] == '@'))
		return 0;
	/* an elision ("src/.../x.c"), but "[...slug]" is a real Next.js name */
	for (last = strstr(out, "..."); last; last = strstr(last + 3, "..."))
		if (last == out || last[-1] != '[')
			return 0;
	for (i = 0; i < o && !is_alnum(out[i]); i++)
		;
	if (i == o)
		return 0;
	if (!strchr(out, '.') && !strchr(out, '/') && !known_name(out))
		return 0;
	last = strrchr(out, '/');
	last = last ? last + 1 : out;
	/* a space is only believable inside a quoted name with a real extension */
	if (spaces && !strchr(last, '.'))
		return 0;
	return o;
}

/* Strips one pair of `open`..`close` around p[0..n) when present. */
static int unwrap(const char **p, size_t *n, const char *w)
{
	size_t k = strlen(w);
	if (*n >= 2 * k + 1 && !memcmp(*p, w, k) && !memcmp(*p + *n - k, w, k)) {
		*p += k;
		*n -= 2 * k;
		sm_trim(p, n);
		return 1;
	}
	return 0;
}

/*
 * Strips " (new file)" and the like after a name. Only words saying the listing is the file
 * itself: "(excerpt)" or "(partial)" must keep the line from being read as a name.
 */
static int strip_remark(const char **p, size_t *n)
{
	static const char *const ok[] = {
	    "new file", "new",       "updated",       "modified",     "changed",    "complete",
	    "full",     "full file", "entire file",   "created",      "create",     "final",
	    "fixed",    "corrected", "complete file", "updated file", "new version"};
	size_t i, j;

	if (*n < 4 || (*p)[*n - 1] != ')')
		return 0;
	for (i = *n - 1; i > 0 && (*p)[i] != '('; i--)
		;
	if (!i || (*p)[i - 1] != ' ')
		return 0;
	for (j = 0; j < sizeof(ok) / sizeof(ok[0]); j++) {
		if (sm_eq_nocase(*p + i + 1, *n - i - 2, ok[j])) {
			*n = i - 1;
			sm_trim(p, n);
			return 1;
		}
	}
	return 0;
}

/* Length of a label such as "File:", "**Path:**" or "**New file**:" at the start of p, 0 when
 * there is none. Only words that announce a file name. */
static size_t label_len(const char *p, size_t n)
{
	static const char *const words[] = {
	    "file name",    "filename",      "file",         "path",         "new file",
	    "updated file", "modified file", "created file", "changed file", "full file"};
	size_t j, k, b;

	for (j = 0; j < sizeof(words) / sizeof(words[0]); j++) {
		k = strlen(words[j]);
		for (b = 0; b <= 2; b += 2) {
			/* b == 2: the label is bold, "**File:**" or "**File**:" */
			if (b && (n < 2 || p[0] != '*' || p[1] != '*'))
				continue;
			if (n < b + k + 1 + b || !sm_eq_nocase(p + b, k, words[j]))
				continue;
			if (p[b + k] == ':' && (!b || !memcmp(p + b + k + 1, "**", 2)))
				return b + k + 1 + b;
			if (b && !memcmp(p + b + k, "**:", 3))
				return b + k + 3;
		}
	}
	return 0;
}

/* Strips wrappers, labels, remarks and a trailing ':' until none is left; sets *quoted for
 * `code` and "quoted" names. */
static void unwrap_all(const char **p, size_t *n, int *quoted, int labels)
{
	int round, changed;
	size_t k;

	for (round = 0; round < 6; round++) {
		changed = 0;
		sm_trim(p, n);
		if (*n && (*p)[*n - 1] == ':') {
			(*n)--;
			changed = 1;
		}
		if (labels && strip_remark(p, n))
			changed = 1;
		if (labels && (k = label_len(*p, *n)) != 0 && k < *n) {
			*p += k;
			*n -= k;
			changed = 1;
		}
		if (unwrap(p, n, "**") || unwrap(p, n, "*"))
			changed = 1;
		if (unwrap(p, n, "`") || unwrap(p, n, "\"") || unwrap(p, n, "'")) {
			*quoted = 1;
			changed = 1;
		}
		if (!changed)
			break;
	}
}

size_t sm_name_line(const char *p, size_t n, char *out)
{
	int quoted = 0;
	size_t h = 0, k;

	sm_trim(&p, &n);
	while (h < n && h < 6 && p[h] == '#')
		h++;
	if (h && h < n && (p[h] == ' ' || p[h] == '\t')) {
		p += h;
		n -= h;
		sm_trim(&p, &n);
		/* a numbered heading, "### 2. `src/x.c`": the number is the heading's */
		for (k = 0; k < n && k < 4 && p[k] >= '0' && p[k] <= '9'; k++)
			;
		if (k && k + 1 < n && (p[k] == '.' || p[k] == ')') && p[k + 1] == ' ') {
			p += k + 1;
			n -= k + 1;
		}
	} else if (h) {
		return 0;
	}
	unwrap_all(&p, &n, &quoted, 1);
	return sm_path_clean(p, n, quoted, out);
}

size_t sm_name_first_line(const char *p, size_t n, char *out)
{
	int quoted = 0;
	size_t len;
	const char *last, *dot;

	sm_trim(&p, &n);
	unwrap_all(&p, &n, &quoted, 0);
	len = sm_path_clean(p, n, quoted, out);
	if (!len || out[0] == '/')
		return 0;
	last = strrchr(out, '/');
	last = last ? last + 1 : out;
	dot = strrchr(last, '.');
	if (known_name(last))
		return len;
	if (!dot || dot == last || !is_alnum(dot[1]))
		return 0;
	return len;
}

size_t sm_name_info(const char *p, size_t n, char *out)
{
	static const char *const keys[] = {"file=", "filename=", "path=", "title=", "name="};
	size_t i = 0, s, tn, j, k, len, ntok = 0;
	const char *t;
	int quoted;

	while (i < n && ntok < 8) {
		while (i < n && is_ws(p[i]))
			i++;
		s = i;
		while (i < n && !is_ws(p[i]))
			i++;
		if (i == s)
			break;
		ntok++;
		t = p + s;
		tn = i - s;
		quoted = 0;
		for (j = 0; j < sizeof(keys) / sizeof(keys[0]); j++) {
			k = strlen(keys[j]);
			if (tn > k && sm_eq_nocase(t, k, keys[j])) {
				t += k;
				tn -= k;
				unwrap_all(&t, &tn, &quoted, 0);
				break;
			}
		}
		/* "python:src/x.py": a language before the colon */
		for (j = 0; j < tn && (is_alnum(t[j]) || t[j] == '+' || t[j] == '-'); j++)
			;
		if (j > 1 && j < tn && t[j] == ':' && is_alpha(t[0])) {
			t += j + 1;
			tn -= j + 1;
		}
		len = sm_path_clean(t, tn, quoted, out);
		if (len && (strchr(out, '.') || strchr(out, '/')))
			return len;
	}
	return 0;
}

/* 1 when the first line inside fence f repeats the name found outside it (it is a label then,
 * not content). */
static int repeats_name(const sm_lines *ls, const sm_fence *f, const char *name, size_t len)
{
	char again[SM_PATH_MAX + 1];
	size_t j = f->open + 1;

	if (j >= f->close || j >= ls->n)
		return 0;
	return sm_name_first_line(ls->v[j].p, ls->v[j].n, again) == len &&
	       !memcmp(again, name, len);
}

size_t sm_fence_name(const sm_lines *ls, const sm_fence *f, char *out, long *name_line, int *inside)
{
	size_t len, j;

	*inside = 0;
	len = sm_name_info(f->mark.info.p, f->mark.info.n, out);
	if (len) {
		*name_line = ls->v[f->open].no;
		*inside = repeats_name(ls, f, out, len);
		return len;
	}
	if (f->open > 0) {
		j = f->open - 1;
		if (sm_text_is_blank(ls->v[j].p, ls->v[j].n) && j > 0)
			j--;
		len = sm_name_line(ls->v[j].p, ls->v[j].n, out);
		if (len) {
			*name_line = ls->v[j].no;
			*inside = repeats_name(ls, f, out, len);
			return len;
		}
	}
	if (f->open + 1 < f->close && f->open + 1 < ls->n) {
		j = f->open + 1;
		len = sm_name_first_line(ls->v[j].p, ls->v[j].n, out);
		if (len) {
			*name_line = ls->v[j].no;
			*inside = 1;
			return len;
		}
	}
	return 0;
}
