/* The lexing all the scanners share: identifiers, words, cuts, comments, numbers, literals. */
#include "syntax_scan.h"
#include "../../util/alloc.h"

#include <string.h>

/* Per byte: 1 an identifier's byte (a letter, a digit, '_', any byte of a UTF-8 sequence),
 * 2 a blank other than the newline. The scan reads a file's every byte: a table, not a chain
 * of comparisons. */
const unsigned char sm_scan_byte_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

int sm_scan_ident(unsigned char c)
{
	return sm_scan_byte_class[c] & 1;
}

int sm_scan_ident_start(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void sm_scan_add_cut_kind(sm_scan *s, uint32_t line, uint32_t ctx, uint32_t level, uint32_t body)
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

void sm_scan_add_cut(sm_scan *s, uint32_t line, uint32_t ctx, uint32_t level)
{
	sm_scan_add_cut_kind(s, line, ctx, level, 0);
}

/* The word at d[i..]: 1 when it is w followed by a non-identifier byte. */
int sm_scan_word_is(const sm_scan *s, size_t i, const char *w)
{
	size_t n = strlen(w);
	return i + n <= s->len && !memcmp(s->d + i, w, n) &&
	       (i + n == s->len || !sm_scan_ident((unsigned char)s->d[i + n]));
}

/* The length of the word at d[i..]. */
size_t sm_scan_word_len(const sm_scan *s, size_t i)
{
	size_t k = i;
	while (k < s->len && sm_scan_ident((unsigned char)s->d[k]))
		k++;
	return k - i;
}

/* Skips a block comment starting at s->i ("/ *"); 0 when it is not closed. */
int sm_scan_skip_block_comment(sm_scan *s)
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
void sm_scan_skip_line_comment(sm_scan *s, int splices)
{
	size_t i = s->i;
	while (i < s->len && s->d[i] != '\n') {
		if (splices && s->d[i] == '\\' && i + 1 < s->len &&
		    (s->d[i + 1] == '\n' ||
		     (s->d[i + 1] == '\r' && i + 2 < s->len && s->d[i + 2] == '\n'))) {
			i += s->d[i + 1] == '\r' ? 2 : 1;
			s->line++;
		}
		i++;
	}
	s->i = i;
}

/* The end of a number literal starting at s->i (a digit): digits, letters, '.', an exponent's
 * sign, and with sep the digit separator ' (C++14's 1'000). */
size_t sm_scan_number_end(const sm_scan *s, int sep)
{
	size_t i = s->i + 1;

	while (i < s->len) {
		char d = s->d[i];
		if (sm_scan_ident((unsigned char)d) || d == '.' || (sep && d == '\''))
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
int sm_scan_skip_triple(sm_scan *s, char q)
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
int sm_scan_skip_quoted(sm_scan *s, char q, int to_eol)
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
