/* The scan of Java files (syntax_cuts.c says what it finds). */
#include "syntax_scan.h"

#include <string.h>

typedef struct jstate {
	int depth;
	int tdone;   /* the last top-level item ended (or none began) */
	int t_class; /* the top-level item declares a class or a record */
	int t_other; /* ... or an interface, an enum or an annotation type */
	int cbody;   /* in the body of a class whose members are cut */
	uint32_t cctx;
	int mdone;        /* the last member ended */
	int m_eq, m_type; /* the member has an '=' / names a type (class, interface, ...) */
	int open_kind;    /* what the member's '{' opened: 1 a body of statements, 2 a type's
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

static void j_drop_body(sm_scan *s, jstate *j)
{
	if (j->mbody_ok) {
		j->mbody_ok = 0;
		s->n = j->mfirst;
	}
}

static void j_line_start(sm_scan *s, jstate *j)
{
	size_t i = s->i;
	unsigned char ch;

	while (i < s->len && (s->d[i] == ' ' || s->d[i] == '\t' || s->d[i] == '\f'))
		i++;
	ch = i < s->len ? (unsigned char)s->d[i] : 0;
	if (j->depth == 0 && j->tdone && i == s->i && (sm_scan_ident_start(ch) || ch == '@'))
		sm_scan_add_cut(s, s->line, 0, 0);
	else if (j->depth == 1 && j->cbody && j->mdone &&
	         (sm_scan_ident_start(ch) || ch == '@' || ch == '}'))
		sm_scan_add_cut_kind(s, s->line, j->cctx, 1, 2);
	else if (j->depth == 2 && j->mbody && j->mbody_ok && j->bdone &&
	         (ch == '}' ||
	          (sm_scan_ident_start(ch) && !j_cont_word(s->d + i, sm_scan_word_len(s, i)))))
		sm_scan_add_cut_kind(s, s->line, j->mctx, 2, 1);
}

/* A token of a Java file, before the depth changes for it; a word's bytes w[0..wn). */
static void j_token(sm_scan *s, jstate *j, unsigned char ch, const char *w, size_t wn)
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
			if ((wn == 5 && !memcmp(w, "class", 5)) ||
			    (wn == 6 && !memcmp(w, "record", 6)))
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
		if (wn &&
		    ((wn == 4 && !memcmp(w, "case", 4)) || (wn == 7 && !memcmp(w, "default", 7))))
			j_drop_body(s, j);
		/* super(...) or this(...): a constructor's call of another, which only its first
		   statement may be (a block has no such place) */
		if (wn &&
		    ((wn == 5 && !memcmp(w, "super", 5)) || (wn == 4 && !memcmp(w, "this", 4)))) {
			size_t k = (size_t)(w - s->d) + wn;
			while (k < s->len && (s->d[k] == ' ' || s->d[k] == '\t' ||
			                      s->d[k] == '\n' || s->d[k] == '\r'))
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
int sm_scan_java(sm_scan *s)
{
	jstate j;

	memset(&j, 0, sizeof(j));
	j.tdone = 1;
	sm_scan_add_cut(s, 0, 0, 0);
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
			if (!sm_scan_skip_block_comment(s))
				return 0;
			continue;
		}
		if (ch == '/' && s->i + 1 < s->len && s->d[s->i + 1] == '/') {
			sm_scan_skip_line_comment(s, 0);
			continue;
		}
		if (ch == '"' && s->i + 2 < s->len && s->d[s->i + 1] == '"' &&
		    s->d[s->i + 2] == '"') {
			if (!sm_scan_skip_triple(s, '"'))
				return 0;
			ch = 'a';
		} else if (ch == '"' || ch == '\'') {
			uint32_t l0 = s->line;
			if (!sm_scan_skip_quoted(s, (char)ch, 0) || s->line != l0)
				return 0;
			ch = 'a';
		} else if (ch >= '0' && ch <= '9') {
			s->i = sm_scan_number_end(s, 0);
			ch = 'a';
		} else if (sm_scan_ident_start(ch) || ch >= 0x80 || ch == '$') {
			size_t i = s->i;
			w0 = i;
			while (i < s->len &&
			       (sm_scan_ident((unsigned char)s->d[i]) || s->d[i] == '$'))
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
		j_token(s, &j, ch, s->d + (w0 == SIZE_MAX ? 0 : w0),
		        w0 == SIZE_MAX ? 0 : s->i - w0);
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
	sm_scan_add_cut(s, s->line + (s->len && s->d[s->len - 1] != '\n'), 0, 0);
	return !s->oom;
}
