/*
 * The cuts of a file: line starts where a parse of the whole file would be between two items
 * of one item sequence (the top level of a C file or of one branch of a top-level #if, the
 * module of a Python file, a Go or Java file's declarations; with deep, the statements of a
 * C, C++, Go or Java function's body and the members of a Java class). The syntax check parses only the part of a result between two
 * cuts around its edits (plan/syntax_window.c says why that is enough).
 *
 * A lexical scan, one pass, no parse: comments, strings, character literals, brackets,
 * preprocessor lines, Python's line continuations. It is deliberately strict: a line is a cut
 * only when everything before it is closed and the line plainly begins a new item, and the
 * scan gives the whole file up (no cuts: the check parses all of it, as before) at anything
 * it does not model with certainty: a raw string, an unterminated literal or comment, a
 * bracket closed that was not open, a #if branch that leaves the brackets unbalanced.
 */
#include "syntax_scan.h"
#include "../../util/alloc.h"
#include "seam.h"

#include <string.h>

/* ---- Python ---- */

static int py_cont_word(const sm_scan *s, size_t i)
{
	return sm_scan_word_is(s, i, "else") || sm_scan_word_is(s, i, "elif") ||
	       sm_scan_word_is(s, i, "except") || sm_scan_word_is(s, i, "finally");
}

int sm_scan_python(sm_scan *s)
{
	int depth = 0, cont = 0, deco = 0;

	sm_scan_add_cut(s, 0, 0, 0);
	if (s->len >= 3 && !memcmp(s->d, "\xEF\xBB\xBF", 3))
		s->i = 3;
	deco = s->i < s->len && s->d[s->i] == '@';
	while (s->i < s->len && !s->oom) {
		unsigned char ch = (unsigned char)s->d[s->i];

		if (ch == '\n') {
			s->i++;
			s->line++;
			if (depth == 0 && !cont && s->i < s->len) {
				unsigned char f = (unsigned char)s->d[s->i];
				/* a statement at column 0 ends every block before it, unless it
				   continues a compound statement or follows its decorator */
				if ((sm_scan_ident_start(f) || f == '@') &&
				    !py_cont_word(s, s->i) && !deco)
					sm_scan_add_cut(s, s->line, 0, 0);
				if (sm_scan_ident_start(f) || f == '@')
					deco = f == '@';
			}
			cont = 0;
			continue;
		}
		if (ch == '#') {
			sm_scan_skip_line_comment(s, 0);
			continue;
		}
		if (ch == '\\') {
			if (s->i + 1 < s->len && s->d[s->i + 1] == '\n') {
				cont = 1;
				s->i++;
				continue;
			}
			if (s->i + 2 < s->len && s->d[s->i + 1] == '\r' && s->d[s->i + 2] == '\n') {
				cont = 1;
				s->i += 2;
				continue;
			}
			return 0;
		}
		if (ch == '"' || ch == '\'') {
			if (s->i + 2 < s->len && s->d[s->i + 1] == (char)ch && s->d[s->i + 2] == (char)ch) {
				if (!sm_scan_skip_triple(s, (char)ch))
					return 0;
			} else if (!sm_scan_skip_quoted(s, (char)ch, 0)) {
				return 0;
			}
			continue;
		}
		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}') {
			if (!depth--)
				return 0;
		}
		s->i++;
	}
	if (s->oom || depth || cont)
		return 0;
	s->ended = !deco;
	sm_scan_add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}

static int run_scan(const sm_grammar *g, const char *data, size_t len, int deep, int stmt,
		    sm_syntax_cut **cuts, size_t *n, int *ended)
{
	sm_scan s;
	int ok;

	*cuts = NULL;
	*n = 0;
	memset(&s, 0, sizeof(s));
	s.d = data;
	s.len = len;
	s.deep = deep;
	s.stmt = stmt;
	if (!data || len > SM_SYNTAX_MAX_BYTES || memchr(data, '\0', len))
		return 0;
	if (!strcmp(g->name, "c") || !strcmp(g->name, "cpp"))
		ok = sm_scan_c(&s);
	else if (!strcmp(g->name, "python"))
		ok = sm_scan_python(&s);
	else if (!strcmp(g->name, "go"))
		ok = sm_scan_go(&s);
	else if (!strcmp(g->name, "java"))
		ok = sm_scan_java(&s);
	else
		ok = 0;
	if (s.oom) {
		sm_free(s.cut);
		return SEAM_ENOMEM;
	}
	if (!ok) {
		sm_free(s.cut);
		return 0;
	}
	*cuts = s.cut;
	*n = s.n;
	*ended = s.ended;
	return 1;
}

int sm_syntax_cuts(const sm_grammar *g, const char *data, size_t len, sm_syntax_cut **cuts,
		   size_t *n)
{
	int ended;
	return run_scan(g, data, len, 0, 0, cuts, n, &ended);
}

int sm_syntax_cuts_deep(const sm_grammar *g, const char *data, size_t len, sm_syntax_cut **cuts,
			size_t *n)
{
	int ended;
	return run_scan(g, data, len, 1, 0, cuts, n, &ended);
}

int sm_syntax_closed(const sm_grammar *g, const char *data, size_t len, int items)
{
	sm_syntax_cut *c = NULL;
	size_t n;
	int ended = 0, rc = run_scan(g, data, len, 0, !items, &c, &n, &ended);

	sm_free(c);
	return rc == 1 ? (ended || !items) : rc;
}
