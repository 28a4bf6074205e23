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
#include "syntax.h"
#include "../../util/alloc.h"
#include "seam.h"

#include <string.h>

typedef struct scan {
	const char *d;
	size_t len, i;
	uint32_t line;
	sm_syntax_cut *cut;
	size_t n, cap;
	int oom;
	int ended; /* the last item of the text is complete by the scan's rules */
	int deep;  /* cut between the statements of a function body too (sm_syntax_cuts_deep) */
	int stmt;  /* the text is a run of statements: a case or default label at its own depth
		      gives it up (sm_syntax_closed) */
} scan;

/* Per byte: 1 an identifier's byte (a letter, a digit, '_', any byte of a UTF-8 sequence),
 * 2 a blank other than the newline. The scan reads a file's every byte: a table, not a chain
 * of comparisons. */
static const unsigned char byte_class[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 2, 2, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static int ident(unsigned char c)
{
	return byte_class[c] & 1;
}

static int ident_start(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static void add_cut_kind(scan *s, uint32_t line, uint32_t ctx, uint32_t level, uint32_t body)
{
	if (sm_grow((void **)&s->cut, &s->cap, s->n + 1, sizeof(*s->cut))) {
		s->oom = 1;
		return;
	}
	s->cut[s->n].line = line;
	s->cut[s->n].ctx = ctx;
	s->cut[s->n].level = level;
	s->cut[s->n].body = body;
	s->n++;
}

static void add_cut(scan *s, uint32_t line, uint32_t ctx, uint32_t level)
{
	add_cut_kind(s, line, ctx, level, 0);
}

/* The word at d[i..]: 1 when it is w followed by a non-identifier byte. */
static int word_is(const scan *s, size_t i, const char *w)
{
	size_t n = strlen(w);
	return i + n <= s->len && !memcmp(s->d + i, w, n) && (i + n == s->len || !ident((unsigned char)s->d[i + n]));
}

/* The length of the word at d[i..]. */
static size_t word_len(const scan *s, size_t i)
{
	size_t k = i;
	while (k < s->len && ident((unsigned char)s->d[k]))
		k++;
	return k - i;
}

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

/* Skips a block comment starting at s->i ("/ *"); 0 when it is not closed. */
static int skip_block_comment(scan *s)
{
	size_t i;
	for (i = s->i + 2; i + 1 < s->len; i++) {
		if (s->d[i] == '\n')
			s->line++;
		else if (s->d[i] == '*' && s->d[i + 1] == '/') {
			s->i = i + 2;
			return 1;
		}
	}
	return 0;
}

/* Skips a line comment ("//" or "#") to its newline (not consumed); a backslash before the
 * newline continues a C comment. */
static void skip_line_comment(scan *s, int splices)
{
	size_t i = s->i;
	while (i < s->len && s->d[i] != '\n') {
		if (splices && s->d[i] == '\\' && i + 1 < s->len &&
		    (s->d[i + 1] == '\n' || (s->d[i + 1] == '\r' && i + 2 < s->len && s->d[i + 2] == '\n'))) {
			i += s->d[i + 1] == '\r' ? 2 : 1;
			s->line++;
		}
		i++;
	}
	s->i = i;
}

/* The end of a number literal starting at s->i (a digit): digits, letters, '.', an exponent's
 * sign, and with sep the digit separator ' (C++14's 1'000). */
static size_t number_end(const scan *s, int sep)
{
	size_t i = s->i + 1;

	while (i < s->len) {
		char d = s->d[i];
		if (ident((unsigned char)d) || d == '.' || (sep && d == '\''))
			i++;
		else if ((d == '+' || d == '-') && strchr("eEpP", s->d[i - 1]))
			i++;
		else
			break;
	}
	return i;
}

/* Skips a literal quoted by three q's (a Python triple-quoted string, a Java text block)
 * starting at s->i: newlines count as lines, a backslash escapes the next byte. 0 when it is
 * not closed. */
static int skip_triple(scan *s, char q)
{
	size_t i;

	for (i = s->i + 3; i < s->len; i++) {
		if (s->d[i] == '\\') {
			if (i + 1 < s->len && s->d[i + 1] == '\n')
				s->line++;
			i++;
		} else if (s->d[i] == '\n') {
			s->line++;
		} else if (s->d[i] == q && i + 2 < s->len && s->d[i + 1] == q && s->d[i + 2] == q) {
			s->i = i + 3;
			return 1;
		}
	}
	return 0;
}

/* Skips a quoted literal starting at s->i (quote q, not triple); a backslash escapes the next
 * byte, a backslash-newline continues. 0 when a newline or the end comes first; with
 * to_eol, the literal ends at the newline instead (inside a preprocessor line). */
static int skip_quoted(scan *s, char q, int to_eol)
{
	size_t i;
	for (i = s->i + 1; i < s->len; i++) {
		char c = s->d[i];
		if (c == '\\' && i + 1 < s->len) {
			i++;
			if (s->d[i] == '\n')
				s->line++;
			else if (s->d[i] == '\r' && i + 1 < s->len && s->d[i + 1] == '\n') {
				i++;
				s->line++;
			}
		} else if (c == q) {
			s->i = i + 1;
			return 1;
		} else if (c == '\n') {
			s->i = i;
			return to_eol;
		}
	}
	return 0;
}

/* ---- C and C++ ---- */

#define MAX_IF 64

typedef struct cstate {
	int depth;
	int done;       /* the last token at depth 0 ended an item (or nothing came yet) */
	int has_eq;     /* an '=' at depth 0 since the item began: a '}' ends an initializer */
	int fn_body;    /* the '{' open at depth 0 followed a ')': a function's body */
	char prev;      /* the last significant byte at depth 0 */
	uint32_t close_line; /* line of the last ')' at depth 0 */
	uint32_t ctx, next_ctx;
	int nif;
	int if_depth[MAX_IF];
	uint32_t if_ctx[MAX_IF];
	/* inside a function's body (deep scans only): its statements are a sequence of their own */
	int body;           /* the scan is in a body (depth >= 1) */
	int body_ok;        /* its statements may still be cut (no directive, no case label) */
	size_t body_first;  /* index of its first cut */
	uint32_t body_ctx;
	int bdone;          /* the last token at depth 1 ended a statement (or opened the body) */
	int stmt_start;     /* the next token at depth 1 begins a statement */
	int stmt_kw;        /* the statement began with if/for/while/switch/do/else/try or '{' */
	int stmt_eq;        /* an '=' at depth 1 since the statement began */
} cstate;

/* A preprocessor line from its '#' to the end of the line (backslash-newlines included).
 * Brackets in it are not counted (#define BEGIN {); comments and literals are skipped so that
 * a quote or comment mark in them does not misread the rest. 0: give up. */
static int c_directive(scan *s, cstate *c)
{
	size_t i = s->i + 1;
	while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t'))
		i++;
	if (word_is(s, i, "if") || word_is(s, i, "ifdef") || word_is(s, i, "ifndef")) {
		if (c->nif == MAX_IF)
			return 0;
		c->if_depth[c->nif] = c->depth;
		c->if_ctx[c->nif] = c->ctx;
		c->nif++;
		c->ctx = ++c->next_ctx;
	} else if (word_is(s, i, "else") || word_is(s, i, "elif") || word_is(s, i, "elifdef") ||
		   word_is(s, i, "elifndef")) {
		/* each branch must leave the brackets as it found them: then the count after
		   the #endif is the same whichever branch the parser reads */
		if (!c->nif || c->if_depth[c->nif - 1] != c->depth)
			return 0;
		c->ctx = ++c->next_ctx;
	} else if (word_is(s, i, "endif")) {
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
			if (!skip_block_comment(s))
				return 0;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			skip_line_comment(s, 1);
		} else if (ch == '"' || ch == '\'') {
			if (!skip_quoted(s, ch, 1))
				return 0;
		} else {
			s->i++;
		}
	}
	return 1;
}

/* A line start of a C file: a cut when everything is closed, the last item ended, and the
 * line begins a new one (an identifier or a preprocessor line at column 0). */
static void c_line_start(scan *s, cstate *c)
{
	unsigned char ch = s->i < s->len ? (unsigned char)s->d[s->i] : 0;
	size_t i = s->i;

	if (c->depth == 0 && c->done && (ident_start(ch) || ch == '#'))
		add_cut(s, s->line, c->ctx, (uint32_t)c->nif);
	if (!c->body || !c->body_ok || c->depth != 1 || !c->bdone)
		return;
	/* a statement of a body: the last one ended, and this line begins a new one (a word
	   that cannot continue the one before) or closes the body */
	while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t' || s->d[i] == '\f' || s->d[i] == '\v'))
		i++;
	ch = i < s->len ? (unsigned char)s->d[i] : 0;
	if (ch == '}' || (ident_start(ch) && !c_cont_word(s->d + i, word_len(s, i))))
		add_cut_kind(s, s->line, c->body_ctx, (uint32_t)c->nif + 1, 1);
}

/* A token at depth 1 of a body (ch as the main loop reads it; a word's bytes w[0..wn)),
 * before the depth changes for it. */
static void c_body_token(scan *s, cstate *c, unsigned char ch, const char *w, size_t wn)
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

static int c_scan(scan *s)
{
	cstate c;
	int line_start = 1; /* only blanks since the last newline */

	memset(&c, 0, sizeof(c));
	c.done = 1;
	add_cut(s, 0, 0, 0);
	if (s->len >= 3 && !memcmp(s->d, "\xEF\xBB\xBF", 3))
		s->i = 3;
	while (s->i < s->len && !s->oom) {
		unsigned char ch = (unsigned char)s->d[s->i], k = byte_class[ch];
		size_t w0 = SIZE_MAX; /* the start of a word */

		/* the bytes most frequent first: a word, blanks, a newline */
		if ((k & 1) && !(ch >= '0' && ch <= '9')) {
			size_t i = s->i;
			w0 = i;
			line_start = 0;
			while (i < s->len && ident((unsigned char)s->d[i]))
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
			while (s->i < s->len && (byte_class[(unsigned char)s->d[s->i]] & 2))
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
			if (!skip_block_comment(s))
				return 0;
			continue;
		} else if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			skip_line_comment(s, 1);
			continue;
		} else if (ch == '"' || ch == '\'') {
			line_start = 0;
			if (!skip_quoted(s, (char)ch, 0))
				return 0;
			ch = 'a'; /* a literal is an operand */
		} else if (ch >= '0' && ch <= '9') {
			/* a number, with C++14's digit separators (1'000) and exponents */
			line_start = 0;
			s->i = number_end(s, 1);
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
	add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}

/* ---- Go ---- */

/* A Go keyword after which a newline inserts no ';' (all but break, continue, fallthrough and
 * return, after which it does, as after an identifier). */
static int go_keyword_no_semi(const char *p, size_t n)
{
	static const char *const kw[] = {"case", "chan", "const", "default", "defer", "else",
					 "for", "func", "go", "goto", "if", "import", "interface",
					 "map", "package", "range", "select", "struct", "switch",
					 "type", "var"};
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
static int go_scan(scan *s)
{
	int depth = 0, term = 0, ended = 1, item_func = 0, type_kw = 0;
	int body = 0, body_ok = 0;
	size_t body_first = 0;
	uint32_t body_ctx = 0, next_ctx = 0;

	add_cut(s, 0, 0, 0);
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
			if (depth == 0 && ident_start(ch)) {
				add_cut(s, s->line, 0, 0);
			} else if (body && body_ok && depth == 1) {
				size_t i = s->i;
				while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t'))
					i++;
				if (i < s->len && (s->d[i] == '}' || ident_start((unsigned char)s->d[i])))
					add_cut_kind(s, s->line, body_ctx, 1, 1);
			}
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
			s->i++;
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			skip_line_comment(s, 0);
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '*') {
			uint32_t l0 = s->line;
			if (!skip_block_comment(s))
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
			/* no newline in either: skip_quoted stops at one, and a backslash-newline is
			   no Go; give it up */
			size_t i0 = s->i;
			uint32_t l0 = s->line;
			if (!skip_quoted(s, (char)ch, 0) || s->line != l0 || s->i <= i0)
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
		if (ident_start(ch) || ch >= 0x80 || (ch >= '0' && ch <= '9')) {
			size_t i = s->i, n;
			int word = !(ch >= '0' && ch <= '9');
			while (i < s->len) {
				char d = s->d[i];
				if (ident((unsigned char)d) || (!word && d == '.'))
					i++;
				else if (!word && (d == '+' || d == '-') && strchr("eEpP", s->d[i - 1]))
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
			     (n == 7 && !memcmp(s->d + s->i, "default", 7))) && body_ok) {
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
	add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}

/* ---- Java ---- */

typedef struct jstate {
	int depth;
	int tdone;          /* the last top-level item ended (or none began) */
	int t_class;        /* the top-level item declares a class or a record */
	int t_other;        /* ... or an interface, an enum or an annotation type */
	int cbody;          /* in the body of a class whose members are cut */
	uint32_t cctx;
	int mdone;          /* the last member ended */
	int m_eq, m_type;   /* the member has an '=' / names a type (class, interface, ...) */
	int open_kind;      /* what the member's '{' opened: 1 a body of statements, 2 a type's
			       body, 3 an initializer */
	int mbody, mbody_ok;
	size_t mfirst;
	uint32_t mctx;
	int bdone, stmt_start, stmt_kw, stmt_eq;
	uint32_t next_ctx;
} jstate;

#define JWORD(lit) (n == sizeof(lit) - 1 && !memcmp(p, lit, n))

static int j_type_word(const char *p, size_t n)
{
	return JWORD("class") || JWORD("interface") || JWORD("enum") || JWORD("record");
}

static int j_stmt_word(const char *p, size_t n)
{
	return JWORD("if") || JWORD("for") || JWORD("while") || JWORD("switch") || JWORD("do") ||
	       JWORD("else") || JWORD("try") || JWORD("catch") || JWORD("finally") ||
	       JWORD("synchronized");
}

static int j_cont_word(const char *p, size_t n)
{
	return JWORD("else") || JWORD("while") || JWORD("catch") || JWORD("finally") ||
	       JWORD("case") || JWORD("default");
}

#undef JWORD

static void j_drop_body(scan *s, jstate *j)
{
	if (j->mbody_ok) {
		j->mbody_ok = 0;
		s->n = j->mfirst;
	}
}

static void j_line_start(scan *s, jstate *j)
{
	size_t i = s->i;
	unsigned char ch;

	while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t' || s->d[i] == '\f'))
		i++;
	ch = i < s->len ? (unsigned char)s->d[i] : 0;
	if (j->depth == 0 && j->tdone && i == s->i && (ident_start(ch) || ch == '@'))
		add_cut(s, s->line, 0, 0);
	else if (j->depth == 1 && j->cbody && j->mdone && (ident_start(ch) || ch == '@' || ch == '}'))
		add_cut_kind(s, s->line, j->cctx, 1, 2);
	else if (j->depth == 2 && j->mbody && j->mbody_ok && j->bdone &&
		 (ch == '}' || (ident_start(ch) && !j_cont_word(s->d + i, word_len(s, i)))))
		add_cut_kind(s, s->line, j->mctx, 2, 1);
}

/* A token of a Java file, before the depth changes for it; a word's bytes w[0..wn). */
static void j_token(scan *s, jstate *j, unsigned char ch, const char *w, size_t wn)
{
	if (j->depth == 0) {
		if (ch == ';') {
			j->tdone = 1;
			return;
		}
		if (j->tdone)
			j->t_class = j->t_other = 0;
		j->tdone = 0;
		if (wn && j_type_word(w, wn)) {
			if ((wn == 5 && !memcmp(w, "class", 5)) || (wn == 6 && !memcmp(w, "record", 6)))
				j->t_class = 1;
			else
				j->t_other = 1;
		}
		if (ch == '{' && j->t_class && !j->t_other && s->deep) {
			j->cbody = 1;
			j->cctx = ++j->next_ctx;
			j->mdone = 1;
			j->m_eq = j->m_type = 0;
		}
		return;
	}
	if (j->depth == 1 && j->cbody) {
		if (ch == ';') {
			j->mdone = 1;
			j->m_eq = j->m_type = 0;
			return;
		}
		if (j->mdone)
			j->m_eq = j->m_type = 0;
		j->mdone = 0;
		if (ch == '=')
			j->m_eq = 1;
		if (wn && j_type_word(w, wn))
			j->m_type = 1;
		if (ch == '{') {
			j->open_kind = j->m_type ? 2 : j->m_eq ? 3 : 1;
			if (j->open_kind == 1) {
				j->mbody = j->mbody_ok = 1;
				j->mfirst = s->n;
				j->mctx = ++j->next_ctx;
				j->bdone = j->stmt_start = 1;
				j->stmt_kw = j->stmt_eq = 0;
			}
		}
		return;
	}
	if (j->depth == 2 && j->mbody && j->mbody_ok) {
		if (ch == ';') {
			j->bdone = j->stmt_start = 1;
			j->stmt_kw = j->stmt_eq = 0;
			return;
		}
		if (wn && ((wn == 4 && !memcmp(w, "case", 4)) || (wn == 7 && !memcmp(w, "default", 7))))
			j_drop_body(s, j);
		/* super(...) or this(...): a constructor's call of another, which only its first
		   statement may be (a block has no such place) */
		if (wn && ((wn == 5 && !memcmp(w, "super", 5)) || (wn == 4 && !memcmp(w, "this", 4)))) {
			size_t k = (size_t)(w - s->d) + wn;
			while (k < s->len && (s->d[k] == ' ' || s->d[k] == '\t' || s->d[k] == '\n' ||
					      s->d[k] == '\r'))
				k++;
			if (k < s->len && s->d[k] == '(')
				j_drop_body(s, j);
		}
		if (j->stmt_start)
			j->stmt_kw = ch == '{' || (wn && j_stmt_word(w, wn));
		if (ch == '=')
			j->stmt_eq = 1;
		j->stmt_start = 0;
		j->bdone = 0;
	}
}

/* A closing bracket that brought the depth down to j->depth. */
static void j_closed(jstate *j, unsigned char ch)
{
	if (j->depth == 0) {
		/* a type's body ends its declaration */
		j->tdone = ch == '}' && (j->t_class || j->t_other);
		j->cbody = 0;
	} else if (j->depth == 1 && j->cbody) {
		j->mdone = ch == '}' && j->open_kind && j->open_kind != 3;
		if (ch == '}') {
			j->mbody = 0;
			j->open_kind = 0;
		}
	} else if (j->depth == 2 && j->mbody) {
		j->bdone = ch == '}' && j->stmt_kw && !j->stmt_eq;
		j->stmt_start = j->bdone;
	}
}

/*
 * Java: the top level (package, imports, type declarations; a cut at a line at column 0 after
 * a ';' or a type's body); with deep, in a class's or a record's body the members (a cut at a
 * line after a ';' or after a method's, an initializer's or a nested type's body; none after
 * a field's initializer until its ';'), and in a method's, a constructor's or an
 * initializer's body its statements, as in C. A body with a case label at its own depth or a
 * call of super(...) or this(...) has no statement cuts. Text blocks are read whole.
 */
static int java_scan(scan *s)
{
	jstate j;

	memset(&j, 0, sizeof(j));
	j.tdone = 1;
	add_cut(s, 0, 0, 0);
	if (s->len >= 3 && !memcmp(s->d, "\xEF\xBB\xBF", 3))
		s->i = 3;
	while (s->i < s->len && !s->oom) {
		unsigned char ch = (unsigned char)s->d[s->i];
		size_t w0 = SIZE_MAX;

		if (ch == '\n') {
			s->i++;
			s->line++;
			j_line_start(s, &j);
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f') {
			s->i++;
			continue;
		}
		if (ch == '\\')
			return 0; /* a \u escape outside a literal: not modelled */
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '*') {
			if (!skip_block_comment(s))
				return 0;
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			skip_line_comment(s, 0);
			continue;
		}
		if (ch == '"' && s->i + 2 < s->len && s->d[s->i + 1] == '"' && s->d[s->i + 2] == '"') {
			if (!skip_triple(s, '"'))
				return 0;
			ch = 'a';
		} else if (ch == '"' || ch == '\'') {
			uint32_t l0 = s->line;
			if (!skip_quoted(s, (char)ch, 0) || s->line != l0)
				return 0;
			ch = 'a';
		} else if (ch >= '0' && ch <= '9') {
			s->i = number_end(s, 0);
			ch = 'a';
		} else if (ident_start(ch) || ch >= 0x80 || ch == '$') {
			size_t i = s->i;
			w0 = i;
			while (i < s->len && (ident((unsigned char)s->d[i]) || s->d[i] == '$'))
				i++;
			s->i = i;
			ch = 'a';
		} else {
			s->i++;
		}
		if (s->stmt && j.depth == 0 && w0 != SIZE_MAX &&
		    ((s->i - w0 == 4 && !memcmp(s->d + w0, "case", 4)) ||
		     (s->i - w0 == 7 && !memcmp(s->d + w0, "default", 7))))
			return 0;
		j_token(s, &j, ch, s->d + (w0 == SIZE_MAX ? 0 : w0), w0 == SIZE_MAX ? 0 : s->i - w0);
		if (ch == '(' || ch == '[' || ch == '{') {
			j.depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			if (!j.depth--)
				return 0;
			j_closed(&j, ch);
		}
	}
	if (s->oom || j.depth)
		return 0;
	s->ended = j.tdone;
	add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}

/* ---- Python ---- */

static int py_cont_word(const scan *s, size_t i)
{
	return word_is(s, i, "else") || word_is(s, i, "elif") || word_is(s, i, "except") ||
	       word_is(s, i, "finally");
}

static int py_scan(scan *s)
{
	int depth = 0, cont = 0, deco = 0;

	add_cut(s, 0, 0, 0);
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
				if ((ident_start(f) || f == '@') && !py_cont_word(s, s->i) && !deco)
					add_cut(s, s->line, 0, 0);
				if (ident_start(f) || f == '@')
					deco = f == '@';
			}
			cont = 0;
			continue;
		}
		if (ch == '#') {
			skip_line_comment(s, 0);
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
				if (!skip_triple(s, (char)ch))
					return 0;
			} else if (!skip_quoted(s, (char)ch, 0)) {
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
	add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}

static int run_scan(const sm_grammar *g, const char *data, size_t len, int deep, int stmt,
		    sm_syntax_cut **cuts, size_t *n, int *ended)
{
	scan s;
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
		ok = c_scan(&s);
	else if (!strcmp(g->name, "python"))
		ok = py_scan(&s);
	else if (!strcmp(g->name, "go"))
		ok = go_scan(&s);
	else if (!strcmp(g->name, "java"))
		ok = java_scan(&s);
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
