/*
 * Tool calls written as text, the protocol OpenHands gives models without native tool calling
 * and the one Qwen3-Coder writes natively (inside <tool_call>...</tool_call>):
 *
 *     <function=str_replace_editor>
 *     <parameter=command>str_replace</parameter>
 *     <parameter=path>src/app.py</parameter>
 *     <parameter=old_str>
 *         return 1
 *     </parameter>
 *     <parameter=new_str>
 *         return 2
 *     </parameter>
 *     </function>
 *
 * This is only an envelope: the parameters become a JSON object of arguments for the tool
 * schemas (tool_schema.c), as a JSON tool call's would. A value keeps its bytes except the one
 * newline after its opening tag and the one before its closing tag, and each of its lines is a
 * line of the file (a blank line before the closing tag is a blank line); it ends at the first
 * </parameter> (OpenHands' non-greedy rule). A call ends at </function>; one cut off before
 * it, or with a parameter never closed, is skipped (a cut-off reply is no edit).
 */
#include "tool.h"
#include "../../util/alloc.h"

#include <string.h>

/* A function or parameter name longer than this is not one. */
#define NAME_MAX_LEN 128

static const char FN[] = "<function=", FN_END[] = "</function>", PAR[] = "<parameter=",
                  PAR_END[] = "</parameter>";

#define LIT(s) (sizeof(s) - 1)

/* p[0..n) starts with the literal s. */
static int at(const char *p, size_t n, const char *s, size_t k)
{
	return n >= k && !memcmp(p, s, k);
}

/* The name after "<function=" / "<parameter=": up to '>', no blank or '<' in it. Its length,
 * 0 when none. */
static size_t name_len(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && i <= NAME_MAX_LEN; i++) {
		if (p[i] == '>')
			return i;
		if (p[i] == '<' || p[i] == '\n' || p[i] == ' ' || p[i] == '\t')
			return 0;
	}
	return 0;
}

static int opens_call(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (at(p + i, n - i, "<tool_call>", 11))
		for (i += 11; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
			;
	return at(p + i, n - i, FN, LIT(FN)) && name_len(p + i + LIT(FN), n - i - LIT(FN));
}

int sm_textcall_sniff(const sm_lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (opens_call(ls->v[i].p, ls->v[i].n))
			return 1;
	return 0;
}

typedef struct scan {
	char *buf; /* the lines joined with '\n' (thinking sections may have been cut out) */
	size_t len;
	size_t *starts;
	const sm_lines *ls;
} scan;

static long line_of(const scan *s, size_t off)
{
	size_t lo = 0, hi = s->ls->n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return s->ls->v[lo].no;
}

static int join(scan *s)
{
	size_t i, total = 0, o = 0;

	for (i = 0; i < s->ls->n; i++)
		total += s->ls->v[i].n + 1;
	s->buf = sm_malloc(total + 1);
	s->starts = sm_malloc((s->ls->n + 1) * sizeof(*s->starts));
	if (!s->buf || !s->starts)
		return SEAM_ENOMEM;
	for (i = 0; i < s->ls->n; i++) {
		s->starts[i] = o;
		memcpy(s->buf + o, s->ls->v[i].p, s->ls->v[i].n);
		o += s->ls->v[i].n;
		s->buf[o++] = '\n';
	}
	s->buf[o] = '\0';
	s->len = o;
	return 0;
}

/* Where the literal k-byte string w next occurs in b[from..n), n when it does not. */
static size_t find(const char *b, size_t n, size_t from, const char *w, size_t k)
{
	const char *p;

	while (from + k <= n) {
		p = memchr(b + from, w[0], n - from - k + 1);
		if (!p)
			return n;
		if (!memcmp(p, w, k))
			return (size_t)(p - b);
		from = (size_t)(p - b) + 1;
	}
	return n;
}

/*
 * A value as a JSON string. Its lines are the lines between the tags, each one line of the
 * file: a value that still ends with a newline ends with a blank line, which a JSON string
 * says with one more newline (the schemas read "a\n" as the one line "a").
 */
static json_t *value_of(const char *p, size_t n)
{
	char *q;
	json_t *v;

	if (!n || p[n - 1] != '\n')
		return json_stringn_nocheck(p, n);
	if (!(q = sm_malloc(n + 1)))
		return NULL;
	memcpy(q, p, n);
	q[n] = '\n';
	v = json_stringn_nocheck(q, n + 1);
	sm_free(q);
	return v;
}

/*
 * The call whose "<function=" is at b[i]: its parameters into a JSON object. *end is where the
 * scan goes on. 1 with *args set, 0 when the call was skipped (noted), SEAM_ENOMEM when out of
 * memory.
 */
static int read_call(seam_reply *r, const scan *s, size_t i, json_t **args, size_t *end)
{
	const char *b = s->buf;
	size_t n = s->len, j, k, v, e, nf, nn;
	long line = line_of(s, i);
	json_t *o = json_object();

	*args = NULL;
	if (!o)
		return SEAM_ENOMEM;
	j = i + LIT(FN) + name_len(b + i + LIT(FN), n - i - LIT(FN)) + 1;
	nf = find(b, n, j, FN_END, LIT(FN_END));
	nn = find(b, n, j, FN, LIT(FN));
	for (;;) {
		/* each search starts where the last one ended or stays valid: linear */
		size_t np = find(b, n, j, PAR, LIT(PAR));
		if (nf < j)
			nf = find(b, n, j, FN_END, LIT(FN_END));
		if (nn < j)
			nn = find(b, n, j, FN, LIT(FN));
		if (nf < np && nf <= nn) {
			*end = nf + LIT(FN_END);
			*args = o;
			return 1;
		}
		if (np == n || nn < np) {
			sm_note(r, line, "a <function=...> call without </function>: the reply was cut "
			        "off; skipped");
			*end = nn;
			json_decref(o);
			return 0;
		}
		k = name_len(b + np + LIT(PAR), n - np - LIT(PAR));
		if (!k) {
			j = np + LIT(PAR);
			continue;
		}
		v = np + LIT(PAR) + k + 1;
		e = find(b, n, v, PAR_END, LIT(PAR_END));
		if (e == n) {
			sm_note(r, line_of(s, np), "<parameter=%.*s> never closed: the reply was cut "
			        "off; the call is skipped", (int)k, b + np + LIT(PAR));
			*end = n;
			json_decref(o);
			return 0;
		}
		j = e + LIT(PAR_END);
		/* the one newline after the opening tag and the one before the closing tag */
		if (v < e && b[v] == '\n')
			v++;
		else if (v + 1 < e && b[v] == '\r' && b[v + 1] == '\n')
			v += 2;
		if (e > v && b[e - 1] == '\n')
			e -= 1 + (e - 1 > v && b[e - 2] == '\r');
		{
			char key[NAME_MAX_LEN + 1];
			json_t *val;
			memcpy(key, b + np + LIT(PAR), k);
			key[k] = '\0';
			if (json_object_get(o, key)) {
				sm_note(r, line_of(s, np), "a <function=...> call gives <parameter=%s> "
				        "twice; the call is skipped", key);
				*end = find(b, n, j, FN_END, LIT(FN_END));
				*end = *end < n ? *end + LIT(FN_END) : n;
				json_decref(o);
				return 0;
			}
			val = value_of(b + v, e - v);
			if (!val || json_object_set_new_nocheck(o, key, val)) {
				json_decref(o);
				return SEAM_ENOMEM;
			}
		}
	}
}

int sm_textcall_parse(seam_reply *r, const sm_lines *ls)
{
	scan s = {NULL, 0, NULL, ls};
	sm_toolctx t = {r, 0, 0, 0, 1};
	size_t i = 0;
	char name[NAME_MAX_LEN + 1];

	t.rc = ls->n ? join(&s) : 0;
	while (!t.rc && i < s.len) {
		size_t k, end = s.len;
		json_t *args;
		int got;
		i = find(s.buf, s.len, i, FN, LIT(FN));
		if (i == s.len)
			break;
		k = name_len(s.buf + i + LIT(FN), s.len - i - LIT(FN));
		if (!k) {
			i += LIT(FN);
			continue;
		}
		memcpy(name, s.buf + i + LIT(FN), k);
		name[k] = '\0';
		t.line = line_of(&s, i);
		got = read_call(r, &s, i, &args, &end);
		if (got < 0) {
			t.rc = SEAM_ENOMEM;
			break;
		}
		if (got) {
			if (sm_tool_is_call(args, name))
				t.rc = sm_tool_call(&t, args, name);
			else
				sm_note(r, t.line, "<function=%s> is no edit call seam knows, skipped",
				        name);
			json_decref(args);
		}
		i = end > i ? end : i + 1;
	}
	sm_free(s.buf);
	sm_free(s.starts);
	return t.rc;
}

int sm_textcall_may_end(const char *p, size_t n)
{
	return n >= LIT(FN_END) && find(p, n, 0, FN_END, LIT(FN_END)) < n;
}
