/* The scan of Go files (syntax_cuts.c says what it finds). */
#include "syntax_scan.h"

#include <string.h>

/* A Go keyword after which a newline inserts no ';' (all but break, continue, fallthrough and
 * return, after which it does, as after an identifier). */
static int go_keyword_no_semi(const char *p, size_t n)
{
	static const char *const kw[] = {
	    "case",    "chan",  "const",  "default", "defer",  "else",      "for",
	    "func",    "go",    "goto",   "if",      "import", "interface", "map",
	    "package", "range", "select", "struct",  "switch", "type",      "var"};
	size_t k;

	for (k = 0; k < sizeof(kw) / sizeof(*kw); k++)
		if (strlen(kw[k]) == n && !memcmp(kw[k], p, n))
			return 1;
	return 0;
}

/*
 * Go: a newline ends a statement exactly when the last token before it is an identifier, a
 * literal, one of break/continue/fallthrough/return, ++, --, ')', ']' or '}' (the language's
 * own semicolon rule, so the scan knows where every statement ends). A cut: a line at column
 * 0 that begins with a word, at the top level, after an ended declaration; with deep, in a
 * function's body (the first '{' at the top level of a declaration that begins with func
 * and names no struct or interface type before it), a line at the body's depth that begins
 * with a word or closes the body, after an ended statement. A body with a case or default
 * label at its own depth has no cuts.
 */
int sm_scan_go(sm_scan *s)
{
	int depth = 0, term = 0, ended = 1, item_func = 0, type_kw = 0;
	int body = 0, body_ok = 0;
	size_t body_first = 0;
	uint32_t body_ctx = 0, next_ctx = 0;

	sm_scan_add_cut(s, 0, 0, 0);
	if (s->len >= 3 && !memcmp(s->d, "\xEF\xBB\xBF", 3))
		s->i = 3;
	while (s->i < s->len && !s->oom) {
		unsigned char ch = (unsigned char)s->d[s->i];

		if (ch == '\n') {
			s->i++;
			s->line++;
			if (term)
				ended = 1;
			term = 0;
			if (!ended || s->i >= s->len)
				continue;
			ch = (unsigned char)s->d[s->i];
			if (depth == 0 && sm_scan_ident_start(ch)) {
				sm_scan_add_cut(s, s->line, 0, 0);
			} else if (body && body_ok && depth == 1) {
				size_t i = s->i;
				while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t'))
					i++;
				if (i < s->len &&
				    (s->d[i] == '}' || sm_scan_ident_start((unsigned char)s->d[i])))
					sm_scan_add_cut_kind(s, s->line, body_ctx, 1, 1);
			}
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
			s->i++;
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			sm_scan_skip_line_comment(s, 0);
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '*') {
			uint32_t l0 = s->line;
			if (!sm_scan_skip_block_comment(s))
				return 0;
			if (s->line != l0) { /* a comment with a newline acts as one */
				if (term)
					ended = 1;
				term = 0;
			}
			continue;
		}
		if (ch == '\\')
			return 0; /* only in a literal */
		if (ch == '"' || ch == '\'') {
			/* no newline in either: skip_quoted stops at one, and a backslash-newline
			   is no Go; give it up */
			size_t i0 = s->i;
			uint32_t l0 = s->line;
			if (!sm_scan_skip_quoted(s, (char)ch, 0) || s->line != l0 || s->i <= i0)
				return 0;
			term = 1;
			ended = 0;
			continue;
		}
		if (ch == '`') {
			const char *e = memchr(s->d + s->i + 1, '`', s->len - s->i - 1);
			const char *q;
			if (!e)
				return 0;
			for (q = s->d + s->i + 1; q < e; q++)
				s->line += *q == '\n';
			s->i = (size_t)(e - s->d) + 1;
			term = 1;
			ended = 0;
			continue;
		}
		if (sm_scan_ident_start(ch) || ch >= 0x80 || (ch >= '0' && ch <= '9')) {
			size_t i = s->i, n;
			int word = !(ch >= '0' && ch <= '9');
			while (i < s->len) {
				char d = s->d[i];
				if (sm_scan_ident((unsigned char)d) || (!word && d == '.'))
					i++;
				else if (!word && (d == '+' || d == '-') &&
				         strchr("eEpP", s->d[i - 1]))
					i++;
				else
					break;
			}
			n = i - s->i;
			if (word && depth == 0 && ended) { /* a declaration begins */
				item_func = n == 4 && !memcmp(s->d + s->i, "func", 4);
				type_kw = 0;
			}
			if (word && depth == 0 &&
			    ((n == 6 && !memcmp(s->d + s->i, "struct", 6)) ||
			     (n == 9 && !memcmp(s->d + s->i, "interface", 9))))
				type_kw = 1;
			if (word && body && depth == 1 &&
			    ((n == 4 && !memcmp(s->d + s->i, "case", 4)) ||
			     (n == 7 && !memcmp(s->d + s->i, "default", 7))) &&
			    body_ok) {
				body_ok = 0;
				s->n = body_first;
			}
			if (word && s->stmt && depth == 0 &&
			    ((n == 4 && !memcmp(s->d + s->i, "case", 4)) ||
			     (n == 7 && !memcmp(s->d + s->i, "default", 7))))
				return 0;
			term = !word || !go_keyword_no_semi(s->d + s->i, n);
			ended = 0;
			s->i = i;
			continue;
		}
		s->i++;
		term = 0;
		ended = 0;
		if ((ch == '+' || ch == '-') && s->i < s->len && s->d[s->i] == (char)ch) {
			s->i++;
			term = 1;
		} else if (ch == ';') {
			ended = 1;
		} else if (ch == '(' || ch == '[' || ch == '{') {
			if (ch == '{' && depth == 0 && item_func && !type_kw && s->deep) {
				body = body_ok = 1;
				body_first = s->n;
				body_ctx = ++next_ctx;
				ended = 1;
			}
			if (ch == '{' && depth == 0)
				item_func = 0; /* a declaration has one body */
			depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			if (!depth--)
				return 0;
			if (depth == 0)
				body = 0;
			term = 1;
		}
	}
	if (s->oom || depth)
		return 0;
	s->ended = ended || term;
	sm_scan_add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}
