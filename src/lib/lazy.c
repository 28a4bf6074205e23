/*
 * The laziness guard (first form): models replace code they did not want to copy with a
 * placeholder comment, and an engine that applies it deletes that code. A placeholder is only
 * lazy where real lines really disappear next to it.
 */
#include "lazy.h"

#include <ctype.h>
#include <string.h>

/* Phrases models use in placeholders; matched in a lowercased comment body. */
static const char *const phrases[] = {
	"...", "\xE2\x80\xA6", "rest of", "existing code", "existing implementation",
	"unchanged", "same as before", "as before", "omitted", "for brevity", "remains the same",
	"remain the same", "previous code", "other code", "other methods", "code here",
	"logic here", "implementation here", "no changes", "keep existing", "stays the same",
};

static int has_phrase(const char *s, size_t n)
{
	char low[512];
	size_t i, k;

	if (n >= sizeof(low))
		n = sizeof(low) - 1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
	for (k = 0; k < sizeof(phrases) / sizeof(*phrases); k++)
		if (strstr(low, phrases[k]))
			return 1;
	return 0;
}

int sm_lazy_is_placeholder(const char *p, size_t n)
{
	size_t i = 0;

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i == n)
		return 0;
	if (sm_is_elision(p, n))
		return 1;
	/* a comment, in the syntax of the common languages */
	if (n - i >= 4 && !memcmp(p + i, "<!--", 4))
		i += 4;
	else if (n - i >= 2 && (!memcmp(p + i, "//", 2) || !memcmp(p + i, "/*", 2) ||
				!memcmp(p + i, "--", 2) || !memcmp(p + i, "{/", 2)))
		i += 2;
	else if (p[i] == '#' || p[i] == ';' || p[i] == '%' || p[i] == '*')
		i += 1;
	else
		return 0;
	/* a long comment is prose someone meant to keep, not a placeholder */
	if (n - i > 120)
		return 0;
	return has_phrase(p + i, n - i);
}

size_t sm_lazy_find(const sm_medit *e, size_t *gone)
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
			    sm_lazy_is_placeholder(e->seq[a].l.p, e->seq[a].l.n))
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
