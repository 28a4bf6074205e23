/* The scan of C and C++ files (syntax_cuts.c says what it finds). */
#include "syntax_scan.h"

#include <string.h>

#define WORD(lit) (n == sizeof(lit) - 1 && !memcmp(p, lit, n))

/* A label's word: the statements after it are the label's. */
static int c_label_word(const char *p, size_t n)
{
	return WORD("case") || WORD("default");
}

/* A word that continues the statement before it at the start of a line. */
static int c_cont_word(const char *p, size_t n)
{
	return WORD("else") || WORD("while") || WORD("catch") || c_label_word(p, n);
}

/* A statement that begins with one of these words (or a '{') ends with its '}'. */
static int c_stmt_word(const char *p, size_t n)
{
	return WORD("if") || WORD("for") || WORD("while") || WORD("switch") || WORD("do") ||
	       WORD("else") || WORD("try") || WORD("catch");
}

#undef WORD

#define MAX_IF 64

typedef struct cstate {
	int depth;
	int done;            /* the last token at depth 0 ended an item (or nothing came yet) */
	int has_eq;          /* an '=' at depth 0 since the item began: a '}' ends an initializer */
	int fn_body;         /* the '{' open at depth 0 followed a ')': a function's body */
	char prev;           /* the last significant byte at depth 0 */
	uint32_t close_line; /* line of the last ')' at depth 0 */
	uint32_t ctx, next_ctx;
	int nif;
	int if_depth[MAX_IF];
	uint32_t if_ctx[MAX_IF];
	/* inside a function's body (deep scans only): its statements are a sequence of their own */
	int body;          /* the scan is in a body (depth >= 1) */
	int body_ok;       /* its statements may still be cut (no directive, no case label) */
	size_t body_first; /* index of its first cut */
	uint32_t body_ctx;
	int bdone;      /* the last token at depth 1 ended a statement (or opened the body) */
	int stmt_start; /* the next token at depth 1 begins a statement */
	int stmt_kw;    /* the statement began with if/for/while/switch/do/else/try or '{' */
	int stmt_eq;    /* an '=' at depth 1 since the statement began */
} cstate;

/* A preprocessor line from its '#' to the end of the line (backslash-newlines included).
 * Brackets in it are not counted (#define BEGIN {); comments and literals are skipped so that
 * a quote or comment mark in them does not misread the rest. 0: give up. */
static int c_directive(sm_scan *s, cstate *c)
{
	size_t i = s->i + 1;
	while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t'))
		i++;
	if (sm_scan_word_is(s, i, "if") || sm_scan_word_is(s, i, "ifdef") ||
	    sm_scan_word_is(s, i, "ifndef")) {
		if (c->nif == MAX_IF)
			return 0;
		c->if_depth[c->nif] = c->depth;
		c->if_ctx[c->nif] = c->ctx;
		c->nif++;
		c->ctx = ++c->next_ctx;
	} else if (sm_scan_word_is(s, i, "else") || sm_scan_word_is(s, i, "elif") ||
	           sm_scan_word_is(s, i, "elifdef") || sm_scan_word_is(s, i, "elifndef")) {
		/* each branch must leave the brackets as it found them: then the count after
		   the #endif is the same whichever branch the parser reads */
		if (!c->nif || c->if_depth[c->nif - 1] != c->depth)
			return 0;
		c->ctx = ++c->next_ctx;
	} else if (sm_scan_word_is(s, i, "endif")) {
		if (!c->nif || c->if_depth[c->nif - 1] != c->depth)
			return 0;
		c->nif--;
		c->ctx = c->if_ctx[c->nif];
	}
	s->i = i;
	while (s->i < s->len && s->d[s->i] != '\n') {
		char ch = s->d[s->i];
		if (ch == '\\' && s->i + 1 < s->len &&
		    (s->d[s->i + 1] == '\n' ||
		     (s->d[s->i + 1] == '\r' && s->i + 2 < s->len && s->d[s->i + 2] == '\n'))) {
			s->i += s->d[s->i + 1] == '\r' ? 3 : 2;
			s->line++;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '*') {
			if (!sm_scan_skip_block_comment(s))
				return 0;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			sm_scan_skip_line_comment(s, 1);
		} else if (ch == '"' || ch == '\'') {
			if (!sm_scan_skip_quoted(s, ch, 1))
				return 0;
		} else {
			s->i++;
		}
	}
	return 1;
}

/* A line start of a C file: a cut when everything is closed, the last item ended, and the
 * line begins a new one (an identifier or a preprocessor line at column 0). */
static void c_line_start(sm_scan *s, cstate *c)
{
	unsigned char ch = s->i < s->len ? (unsigned char)s->d[s->i] : 0;
	size_t i = s->i;

	if (c->depth == 0 && c->done && (sm_scan_ident_start(ch) || ch == '#'))
		sm_scan_add_cut(s, s->line, c->ctx, (uint32_t)c->nif);
	if (!c->body || !c->body_ok || c->depth != 1 || !c->bdone)
		return;
	/* a statement of a body: the last one ended, and this line begins a new one (a word
	   that cannot continue the one before) or closes the body */
	while (i < s->len &&
	       (s->d[i] == ' ' || s->d[i] == '\t' || s->d[i] == '\f' || s->d[i] == '\v'))
		i++;
	ch = i < s->len ? (unsigned char)s->d[i] : 0;
	if (ch == '}' ||
	    (sm_scan_ident_start(ch) && !c_cont_word(s->d + i, sm_scan_word_len(s, i))))
		sm_scan_add_cut_kind(s, s->line, c->body_ctx, (uint32_t)c->nif + 1, 1);
}

/* A token at depth 1 of a body (ch as the main loop reads it; a word's bytes w[0..wn)),
 * before the depth changes for it. */
static void c_body_token(sm_scan *s, cstate *c, unsigned char ch, const char *w, size_t wn)
{
	if (ch == ';') {
		c->bdone = 1;
		c->stmt_start = 1;
		c->stmt_kw = c->stmt_eq = 0;
		return;
	}
	if (wn && c_label_word(w, wn)) {
		/* a case label's statements belong to it: not this sequence */
		c->body_ok = 0;
		s->n = c->body_first;
	}
	/* a statement that begins with one of these words or a '{' ends with its '}' (a
	   compound literal's or a lambda's does not: no '=' may come before it either) */
	if (c->stmt_start)
		c->stmt_kw = ch == '{' || (wn && c_stmt_word(w, wn));
	if (ch == '=')
		c->stmt_eq = 1;
	c->stmt_start = 0;
	c->bdone = 0;
}

int sm_scan_c(sm_scan *s)
{
	cstate c;
	int line_start = 1; /* only blanks since the last newline */

	memset(&c, 0, sizeof(c));
	c.done = 1;
	sm_scan_add_cut(s, 0, 0, 0);
	if (s->len >= 3 && !memcmp(s->d, "\xEF\xBB\xBF", 3))
		s->i = 3;
	while (s->i < s->len && !s->oom) {
		unsigned char ch = (unsigned char)s->d[s->i], k = sm_scan_byte_class[ch];
		size_t w0 = SIZE_MAX; /* the start of a word */

		/* the bytes most frequent first: a word, blanks, a newline */
		if ((k & 1) && !(ch >= '0' && ch <= '9')) {
			size_t i = s->i;
			w0 = i;
			line_start = 0;
			while (i < s->len && sm_scan_ident((unsigned char)s->d[i]))
				i++;
			/* a raw string (R"x(...)x", LR, uR, UR, u8R): not modelled */
			if (i < s->len && s->d[i] == '"' && s->d[i - 1] == 'R')
				return 0;
			if (s->stmt && c.depth == 0 && c_label_word(s->d + s->i, i - s->i))
				return 0;
			s->i = i;
			ch = 'a';
		} else if (k & 2) {
			s->i++;
			while (s->i < s->len && (sm_scan_byte_class[(unsigned char)s->d[s->i]] & 2))
				s->i++;
			continue;
		} else if (ch == '\n') {
			s->i++;
			s->line++;
			line_start = 1;
			c_line_start(s, &c);
			continue;
		} else if (ch == '\\') {
			/* a line splice outside a literal: not modelled */
			return 0;
		} else if (ch == '#' && line_start) {
			if (c.body && c.body_ok) { /* the body's statements are not cut then */
				c.body_ok = 0;
				s->n = c.body_first;
			}
			if (!c_directive(s, &c))
				return 0;
			continue;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '*') {
			line_start = 0;
			if (!sm_scan_skip_block_comment(s))
				return 0;
			continue;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			sm_scan_skip_line_comment(s, 1);
			continue;
		} else if (ch == '"' || ch == '\'') {
			line_start = 0;
			if (!sm_scan_skip_quoted(s, (char)ch, 0))
				return 0;
			ch = 'a'; /* a literal is an operand */
		} else if (ch >= '0' && ch <= '9') {
			/* a number, with C++14's digit separators (1'000) and exponents */
			line_start = 0;
			s->i = sm_scan_number_end(s, 1);
		} else {
			line_start = 0;
			s->i++;
		}
		if (c.depth == 0) {
			switch (ch) {
			case ';':
				c.done = 1;
				c.has_eq = 0;
				break;
			case '=':
				c.has_eq = 1;
				c.done = 0;
				break;
			case '{':
				c.fn_body = c.prev == ')';
				if (c.prev == ';') {
					/* K&R: "int f(a)\nint a;\n{": the parameter declarations
					   belong to the function; no cut among them */
					while (s->n > 1 && s->cut[s->n - 1].line > c.close_line)
						s->n--;
					c.fn_body = 1;
				}
				c.depth++;
				c.done = 0;
				if (s->deep && c.fn_body && !c.has_eq) {
					c.body = c.body_ok = c.bdone = c.stmt_start = 1;
					c.stmt_kw = c.stmt_eq = 0;
					c.body_first = s->n;
					c.body_ctx = ++c.next_ctx;
				}
				break;
			case ')':
			case ']':
			case '}':
				return 0; /* closes what was not open */
			case '(':
			case '[':
				c.depth++;
				c.done = 0;
				break;
			default:
				c.done = 0;
			}
			c.prev = (char)ch;
			continue;
		}
		if (c.body && c.depth == 1 && c.body_ok && ch != '}')
			c_body_token(s, &c, ch, s->d + (w0 == SIZE_MAX ? 0 : w0),
			             w0 == SIZE_MAX ? 0 : s->i - w0);
		if (ch == '(' || ch == '[' || ch == '{') {
			c.depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			c.depth--;
			if (c.body && c.depth == 1) {
				/* an if's, a loop's or a block's '}' ends its statement */
				c.bdone = ch == '}' && c.stmt_kw && !c.stmt_eq;
				c.stmt_start = c.bdone;
			}
			if (c.depth == 0) {
				c.body = 0;
				c.prev = (char)ch;
				if (ch == ')')
					c.close_line = s->line;
				/* a function's body ends an item; a struct's or an
				   initializer's waits for its ';' */
				c.done = ch == '}' && c.fn_body && !c.has_eq;
				if (c.done)
					c.has_eq = 0;
			}
		}
	}
	if (s->oom || c.depth || c.nif)
		return 0;
	s->ended = c.done;
	/* the end of the file ends the top level whatever came last */
	sm_scan_add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}
