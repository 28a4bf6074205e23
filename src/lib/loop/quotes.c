/* sm_quotes_find: see quotes.h. Tags are read alone on their line or opening it, as the
 * snippet format's parser reads them; file names with the reply reader's own rules. */
#include "quotes.h"
#include "../read/reply.h"

#include <string.h>

static const char *find_tag(const char *p, size_t n, const char *tag)
{
	size_t k = strlen(tag), i;

	for (i = 0; i + k <= n; i++)
		if (!memcmp(p + i, tag, k))
			return p + i;
	return NULL;
}

int sm_quotes_find(const char *text, size_t len, sm_quote *q, size_t max, size_t *n)
{
	char path[SM_PATH_MAX + 1] = "", name[SM_PATH_MAX + 1];
	const char *p = text, *end = text + len;
	long no = 0;

	*n = 0;
	if (find_tag(text, len, "<updated_snippet>"))
		return 1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *t = p;
		size_t ln = (size_t)(le - p), plen;
		no++;
		sm_trim(&t, &ln);
		if (ln >= 18 && !memcmp(t, "<selected_snippet>", 18)) {
			const char *body = t + 18, *close;
			long open_no = no;
			if (body == le || *body == '\r')
				body = nl ? nl + 1 : end;
			close = find_tag(body, (size_t)(end - body), "</selected_snippet>");
			if (!close)
				break;
			if (*n < max) {
				sm_quote *x = &q[*n];
				memcpy(x->path, path, strlen(path) + 1);
				x->p = body;
				x->n = (size_t)(close - body);
				x->line = open_no;
				(*n)++;
			}
			/* go on after the closing tag's line */
			for (; p < close; p++)
				if (*p == '\n')
					no++;
			p = memchr(close, '\n', (size_t)(end - close));
			p = p ? p + 1 : end;
			continue;
		}
		/* a name line names the file of the quotes after it */
		if (ln && (plen = sm_name_line(t, ln, name)) > 0)
			memcpy(path, name, plen + 1);
		p = nl ? nl + 1 : end;
	}
	return 0;
}
