/*
 * The laziness guard (first form): models replace code they did not want to copy with a
 * placeholder comment, and an engine that applies it deletes that code. A placeholder is only
 * lazy where real lines really disappear next to it.
 */
#include "lazy.h"

#include <ctype.h>
#include <string.h>

/*
 * Phrases of placeholders, matched in the lowercased comment body. Strong ones say on their own
 * that code was left out; weak ones also occur in real comments ("compatible with existing
 * code") and count only next to an ellipsis.
 */
static const char *const strong[] = {
	"rest of the", "rest of code", "rest of file", "rest of function", "rest of method",
	"rest of class", "rest of implementation", "remains unchanged", "remain unchanged",
	"stays unchanged", "stay unchanged", "remains the same", "remain the same",
	"stays the same", "unchanged code", "code unchanged", "same as before",
	"omitted for brevity", "for brevity", "existing code here", "keep existing code",
	"existing code remains", "previous code here", "other methods here", "code goes here",
	"implementation here", "logic here", "no changes here", "no changes below",
	"no changes above",
};
static const char *const weak[] = {
	"existing", "unchanged", "as before", "omitted", "previous", "other", "more", "same",
	"code", "etc",
};

static int contains_any(const char *low, const char *const *list, size_t n)
{
	size_t k;
	for (k = 0; k < n; k++)
		if (strstr(low, list[k]))
			return 1;
	return 0;
}

static int has_phrase(const char *s, size_t n)
{
	char low[512];
	size_t i;
	int ellipsis;

	if (n >= sizeof(low))
		n = sizeof(low) - 1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
	if (contains_any(low, strong, sizeof(strong) / sizeof(*strong)))
		return 1;
	ellipsis = strstr(low, "...") || strstr(low, "\xE2\x80\xA6");
	return ellipsis && contains_any(low, weak, sizeof(weak) / sizeof(*weak));
}

/*
 * The body of a comment-only line in the syntax of the common languages (hash, double slash,
 * slash-star, star, double dash, semicolon, percent, HTML and JSX comments), with a closing
 * star-slash or HTML closer taken off, or NULL when the line is not a comment.
 */
static const char *comment_body(const char *p, size_t n, size_t *bn)
{
	size_t i = 0;

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (n - i >= 4 && !memcmp(p + i, "<!--", 4))
		i += 4;
	else if (n - i >= 2 && (!memcmp(p + i, "//", 2) || !memcmp(p + i, "/*", 2) ||
				!memcmp(p + i, "--", 2) || !memcmp(p + i, "{/", 2)))
		i += 2;
	else if (i < n && (p[i] == '#' || p[i] == ';' || p[i] == '%' || p[i] == '*'))
		i += 1;
	else
		return NULL;
	if (n - i >= 3 && !memcmp(p + n - 3, "-->", 3))
		n -= 3;
	else if (n - i >= 2 && !memcmp(p + n - 2, "*/", 2))
		n -= 2;
	*bn = n - i;
	return p + i;
}

int sm_is_elision(const char *p, size_t n)
{
	const char *b = comment_body(p, n, &n);
	size_t i, dots = 0;

	if (!b) /* not a comment: the line itself, trimmed */
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

int sm_lazy_is_marker(const char *p, size_t n)
{
	const char *b;
	size_t bn;
	char low[64];
	size_t i;

	if (sm_lazy_is_placeholder(p, n))
		return 1;
	b = comment_body(p, n, &bn);
	/* a short comment of placeholder words only: "// (unchanged)", "# existing code" */
	if (!b || bn >= sizeof(low))
		return 0;
	for (i = 0; i < bn; i++)
		low[i] = (char)tolower((unsigned char)b[i]);
	low[bn] = '\0';
	return contains_any(low, weak, sizeof(weak) / sizeof(*weak)) && bn <= 40 &&
	       (strstr(low, "unchanged") || strstr(low, "existing") || strstr(low, "same") ||
		strstr(low, "omitted") || strstr(low, "as before"));
}

int sm_lazy_is_placeholder(const char *p, size_t n)
{
	const char *b;
	size_t bn;

	if (sm_text_is_blank(p, n))
		return 0;
	if (sm_is_elision(p, n))
		return 1;
	b = comment_body(p, n, &bn);
	/* a long comment is prose someone meant to keep, not a placeholder */
	return b && bn <= 120 && has_phrase(b, bn);
}

static int in_file(const sm_image *im, const sm_line *l)
{
	size_t j;
	if (!im)
		return 0;
	for (j = 0; j < im->n; j++)
		if (im->hx[j] == l->h[SM_LVL_INDENT])
			return 1;
	return 0;
}

size_t sm_lazy_find(const sm_medit *e, const sm_image *im, size_t *gone)
{
	size_t k = 0;

	*gone = 0;
	while (k < e->nseq) {
		size_t r0 = k, r1, a, d, lost = 0, ph = SM_NOLINE;
		if (e->seq[k].kind == SM_HL_CTX) {
			k++;
			continue;
		}
		while (k < e->nseq && e->seq[k].kind != SM_HL_CTX)
			k++;
		r1 = k;
		for (a = r0; a < r1; a++)
			if (e->seq[a].kind == SM_HL_ADD && ph == SM_NOLINE &&
			    sm_lazy_is_placeholder(e->seq[a].l.p, e->seq[a].l.n) &&
			    !in_file(im, &e->seq[a].l))
				ph = a;
		if (ph == SM_NOLINE)
			continue;
		for (d = r0; d < r1; d++) {
			int kept = 0;
			if (e->seq[d].kind != SM_HL_DEL || e->seq[d].l.blank)
				continue;
			for (a = r0; a < r1 && !kept; a++)
				kept = e->seq[a].kind == SM_HL_ADD &&
				       e->seq[a].l.h[SM_LVL_INDENT] == e->seq[d].l.h[SM_LVL_INDENT];
			lost += !kept;
		}
		if (lost) {
			*gone = lost;
			return ph;
		}
	}
	return SM_NOLINE;
}
