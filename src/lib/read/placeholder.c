/*
 * Placeholder lines, by their text alone: an elision ("...", "# ..."), or a comment whose
 * words say code was left out ("rest of the code", "existing code here"). Below every reader:
 * the fast-apply reader tells its markers by them, the laziness guard (match/lazy.c) which of
 * an edit's lines stand for code.
 */
#include "placeholder.h"

#include <ctype.h>
#include <string.h>

/*
 * Phrases of placeholders, matched in the lowercased comment body. Strong ones say on their own
 * that code was left out; weak ones also occur in real comments ("compatible with existing
 * code") and count only next to an ellipsis.
 */
static const char *const strong[] = {
	"rest of the code", "rest of the function", "rest of the file", "rest of the method",
	"rest of the class", "rest of the implementation", "rest of the body", "rest of the logic",
	"rest of the module", "rest of the test", "rest of the component", "rest of the config",
	"rest of the configuration",
	"rest of code", "rest of file", "rest of function", "rest of method", "rest of class",
	"rest of implementation", "rest unchanged", "remains unchanged", "remain unchanged",
	"stays unchanged", "stay unchanged", "remains the same", "remain the same",
	"stays the same", "unchanged code", "code unchanged", "same as before",
	"omitted for brevity", "for brevity", "existing code here", "keep existing code",
	"existing code remains", "previous code here", "other methods here", "code goes here",
	"implementation here", "logic here", "no changes here", "no changes below",
	"no changes above", "remaining code", "existing logic", "existing implementation",
};
static const char *const weak[] = {
	"existing", "unchanged", "as before", "omitted", "previous", "previously", "other", "more",
	"same", "code", "etc", "rest", "remaining", "snip", "snipped",
};

#define COUNT(a) (sizeof(a) / sizeof(*(a)))

static int ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * 1 when w stands in low as words of its own: not inside an identifier or a longer word
 * ("decode" holds "code", "fetch" "etc", "another" "other"), which would make an ordinary
 * comment read as a placeholder. A plural "s" or "es" may follow ("others", "rest of the
 * tests", "rest of the classes"). open_end: the word may go on ("implement" in
 * "implementation").
 */
static int has_word(const char *low, const char *w, int open_end)
{
	size_t n = strlen(w);
	const char *q;

	for (q = strstr(low, w); q; q = strstr(q + 1, w)) {
		const char *e = q + n;
		if (q > low && ident(w[0]) && ident(q[-1]))
			continue;
		if (open_end || !ident(w[n - 1]))
			return 1;
		if (*e == 'e' && e[1] == 's')
			e++;
		if (*e == 's')
			e++;
		if (!ident(*e))
			return 1;
	}
	return 0;
}

static int contains_any(const char *low, const char *const *list, size_t n)
{
	size_t k;
	for (k = 0; k < n; k++)
		if (has_word(low, list[k], 0))
			return 1;
	return 0;
}

/* Lowercases s[0..n) into low (NUL-terminated, cut to its size). */
static void lower(char *low, size_t cap, const char *s, size_t n)
{
	size_t i;
	if (n >= cap)
		n = cap - 1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
}

static int has_phrase(const char *s, size_t n)
{
	char low[SM_LAZY_MAX_BODY + 1];
	int ellipsis;

	lower(low, sizeof(low), s, n);
	if (contains_any(low, strong, COUNT(strong)))
		return 1;
	ellipsis = strstr(low, "...") || strstr(low, "\xE2\x80\xA6");
	return ellipsis && contains_any(low, weak, COUNT(weak));
}

/* Words by which a placeholder says it stands for code already in the file ("existing code",
 * "rest of the function", "unchanged"): only such a one, where no line goes, is left out as
 * standing for nothing. Other phrases ("add your logic here", "more extractors here...") also
 * read as comments a model means to keep in new code, and are written. */
static const char *const existing[] = {
	"existing", "unchanged", "rest of", "same as before", "as before", "previous code",
	"remains", "remain the same", "remaining code", "omitted",
};

int sm_placeholder_says_existing(const char *s, size_t n)
{
	char low[SM_LAZY_MAX_BODY + 1];

	lower(low, sizeof(low), s, n);
	return contains_any(low, existing, COUNT(existing));
}

/* Words by which a comment asks for code to be written: a task ("todo", "fixme") or an
 * instruction ("implement", "add ", "write ", "insert ", "your "), each at a word's start
 * ("padd " asks nothing) and going on as it may ("implementation", "todos"). */
static const char *const asks[] = {
	"implement", "todo", "fixme", "add ", "write ", "insert ", "your ",
};

int sm_placeholder_asks_for_code(const sm_lang *lang, const char *p, size_t n)
{
	char low[SM_LAZY_MAX_BODY + 1];
	size_t bn, k;
	const char *b = sm_lang_comment_body(lang, p, n, &bn);

	if (!b || bn > SM_LAZY_MAX_BODY || sm_placeholder_says_existing(b, bn))
		return 0;
	lower(low, sizeof(low), b, bn);
	if (strstr(low, "..") || strstr(low, "\xE2\x80\xA6"))
		return 0;
	for (k = 0; k < COUNT(asks); k++)
		if (has_word(low, asks[k], 1))
			return 1;
	return 0;
}

/* sm_is_elision with the comment body of p[0..n) given: b[0..bn) from
 * sm_lang_comment_body(NULL, ...), or b NULL when the line is not a comment. */
static int elision_in(const char *p, size_t n, const char *b, size_t bn)
{
	size_t i, dots = 0;

	if (b)
		n = bn;
	else /* not a comment: the line itself, trimmed */
		for (b = p; n && (*b == ' ' || *b == '\t'); b++, n--)
			;
	for (i = 0; i < n; i++) {
		if (b[i] == ' ' || b[i] == '\t' || b[i] == '\r')
			continue;
		if (b[i] == '.') {
			dots++;
			continue;
		}
		if (n - i >= 3 && !memcmp(b + i, "\xE2\x80\xA6", 3)) { /* … */
			dots += 3;
			i += 2;
			continue;
		}
		return 0;
	}
	return dots >= 3;
}

int sm_is_elision(const char *p, size_t n)
{
	size_t bn = 0;
	const char *b = sm_lang_comment_body(NULL, p, n, &bn);

	return elision_in(p, n, b, bn);
}

/* A comment indented inside a comment ("#     # your code goes here...") is an example in a
 * doc comment, prose about code a reader writes, not code the model left out. Indented: a
 * doubled marker (";;", "##", "///") is one comment, not a quoted one. */
static int quoted_comment(const sm_lang *lang, const char *p, const char *b, size_t bn)
{
	size_t inner;
	return b - p >= 3 && (b[-1] == ' ' || b[-1] == '\t') && (b[-2] == ' ' || b[-2] == '\t') &&
	       sm_lang_comment_body(lang, b, bn, &inner);
}

/* A comment-only line in the syntax given (NULL: any) whose words say code was left out. */
static int phrase_comment(const sm_lang *lang, const char *p, size_t n)
{
	size_t bn;
	const char *b = sm_lang_comment_body(lang, p, n, &bn);
	return b && bn <= SM_LAZY_MAX_BODY && !quoted_comment(lang, p, b, bn) && has_phrase(b, bn);
}

int sm_lazy_is_placeholder(const sm_lang *lang, const char *p, size_t n)
{
	if (sm_text_is_blank(p, n))
		return 0;
	if (sm_is_elision(p, n))
		return 1;
	return lang && phrase_comment(lang, p, n);
}

/*
 * The words a short placeholder comment is made of: the placeholder words and what they name
 * ("# existing imports", "// same as before", "-- the rest unchanged"). A comment with any
 * other word is prose that happens to hold one of them ("# the existing system", "// same
 * order as the header"): a real comment, which a fast-apply snippet copies or changes and the
 * laziness guard must not take for left-out code.
 */
static const char *const marker_words[] = {
	"unchanged", "existing", "same", "omitted", "as", "before", "code", "the", "rest", "of",
	"here", "is", "are", "remains", "remain", "stays", "stay", "keep", "kept", "other", "all",
	"everything", "else", "above", "below", "previous", "and", "etc", "more", "imports",
	"import", "includes", "methods", "method", "functions", "function", "fields", "field",
	"properties", "members", "logic", "implementation", "body", "content", "contents", "lines",
	"stuff", "class", "classes", "module", "file", "section", "block", "definitions", "tests",
	"helpers", "handlers", "setup", "config", "declarations", "state", "props", "styles",
	"routes", "types", "constants", "variables", "exports", "no",
	"changes", "change", "goes", "go", "for", "brevity", "in", "this", "that", "part", "parts",
};

/* 1 when every word of low (lowercase, NUL-terminated) is one of marker_words; characters other
 * than letters and apostrophes separate words. */
static int words_only(const char *low)
{
	const char *q = low;

	while (*q) {
		size_t k, n = 0;
		int known = 0;
		while (*q && !(isalpha((unsigned char)*q) || *q == '\''))
			q++;
		while (isalpha((unsigned char)q[n]) || q[n] == '\'')
			n++;
		if (!n)
			break;
		for (k = 0; k < COUNT(marker_words) && !known; k++)
			known = strlen(marker_words[k]) == n && !memcmp(marker_words[k], q, n);
		if (!known)
			return 0;
		q += n;
	}
	return 1;
}

int sm_placeholder_words_only(const char *p, size_t n)
{
	size_t bn;
	const char *b = sm_lang_comment_body(NULL, p, n, &bn);
	char low[SM_LAZY_MAX_BODY + 1];

	if (!b || bn > SM_LAZY_MAX_BODY)
		return 0;
	lower(low, sizeof(low), b, bn);
	return words_only(low);
}

int sm_lazy_is_marker(const char *p, size_t n)
{
	const char *b;
	size_t bn;
	char low[SM_LAZY_MAX_MARKER + 1];

	if (sm_text_is_blank(p, n))
		return 0;
	/* the comment body once (sm_is_elision and phrase_comment with no language each found
	   it again: three passes a line of every edit) */
	b = sm_lang_comment_body(NULL, p, n, &bn);
	if (elision_in(p, n, b, bn) ||
	    (b && bn <= SM_LAZY_MAX_BODY && !quoted_comment(NULL, p, b, bn) && has_phrase(b, bn)))
		return 1;
	/* a short comment of placeholder words only: "// (unchanged)", "# existing code" */
	if (!b || bn > SM_LAZY_MAX_MARKER)
		return 0;
	lower(low, sizeof(low), b, bn);
	if (!(strstr(low, "unchanged") || strstr(low, "existing") || strstr(low, "same") ||
	      strstr(low, "omitted") || strstr(low, "as before")))
		return 0;
	return words_only(low);
}
