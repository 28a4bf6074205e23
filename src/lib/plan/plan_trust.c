/*
 * What a tolerant place took on trust: the file lines of the region an edit was located at
 * that differ from the reply's old text (whitespace aside), listed under the edit, so that a
 * reader sees what was replaced that the reply did not show (a stale diff, a line the user
 * changed since). The planner's view, from the region the matcher returned: the tiers are not
 * asked anything more.
 */
#include "plan_trust.h"
#include "../../util/diff.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <string.h>

/* Hashes of the lines of s[0..n) (no line ending), ws-blind; *pos their starts. */
int sm_trust_line_starts(const char *data, size_t dlen, size_t **line_at, size_t *nlines)
{
	size_t i = 0, n = 0, cap = 0;
	size_t *v = NULL;

	while (i < dlen) {
		const char *nl = memchr(data + i, '\n', dlen - i);
		if (sm_grow((void **)&v, &cap, n + 1, sizeof(*v))) {
			sm_free(v);
			return SEAM_ENOMEM;
		}
		v[n++] = i;
		if (!nl)
			break;
		i = (size_t)(nl - data) + 1;
	}
	*line_at = v;
	*nlines = n;
	return 0;
}

static size_t file_lines(const char *s, size_t n, const size_t *line_at, size_t nlines,
			 long first, long last, uint64_t *h, const char **pos, size_t *len)
{
	size_t k = 0;
	long line;

	for (line = first; line <= last && (size_t)line <= nlines; line++) {
		size_t i = line_at[line - 1];
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n;
		pos[k] = s + i;
		len[k] = e - i;
		h[k] = sm_text_hash(s + i, e - i, SM_LVL_SPACE);
		k++;
	}
	return k;
}

int sm_trust_note(const char *data, size_t dlen, const size_t *line_at, size_t nlines, long first,
		  long last, const sm_edit *e, char **message)
{
	size_t nf, no = 0, i, nc = 0, shown = 0, more = 0;
	uint64_t *hf = NULL, *ho = NULL;
	const char **pos = NULL;
	size_t *len = NULL;
	sm_diff_chunk *c = NULL;
	sm_buf msg = SM_BUF_INIT;
	int rc = SEAM_ENOMEM;

	if (!data || first <= 0 || last < first || last - first >= SM_TRUST_MAX_REGION)
		return 0;
	nf = (size_t)(last - first + 1);
	hf = sm_malloc(nf * sizeof(*hf));
	pos = sm_malloc(nf * sizeof(*pos));
	len = sm_malloc(nf * sizeof(*len));
	ho = sm_malloc((e->nlines ? e->nlines : 1) * sizeof(*ho));
	if (!hf || !pos || !len || !ho)
		goto out;
	nf = file_lines(data, dlen, line_at, nlines, first, last, hf, pos, len);
	for (i = 0; i < e->nlines; i++)
		if (e->lines[i].kind == SM_HL_CTX || e->lines[i].kind == SM_HL_DEL)
			ho[no++] = sm_text_hash(e->lines[i].text.p, e->lines[i].text.n, SM_LVL_SPACE);
	if (!no) {
		rc = 0;
		goto out;
	}
	if (sm_diff_lines(hf, nf, ho, no, 0, &c, &nc))
		goto out;
	if (*message && **message)
		sm_buf_puts(&msg, *message);
	for (i = 0; i < nc; i++) {
		size_t a;
		for (a = c[i].a0; a < c[i].a1; a++) {
			size_t whole = len[a], n;
			/* a CR LF file's line end is not part of what is shown */
			while (whole && pos[a][whole - 1] == '\r')
				whole--;
			n = whole > SM_TRUST_LINE_CHARS ? SM_TRUST_LINE_CHARS : whole;
			if (shown == SM_TRUST_LINES_SHOWN) {
				more++;
				continue;
			}
			if (msg.len && msg.ptr[msg.len - 1] != '\n')
				sm_buf_putc(&msg, '\n');
			sm_buf_printf(&msg, "line %ld %s: ", first + (long)a,
				      c[i].b1 > c[i].b0 ? "differs from the reply"
							: "is not in the reply");
			sm_buf_put(&msg, pos[a], n);
			sm_buf_puts(&msg, n < whole ? "...\n" : "\n");
			shown++;
		}
	}
	if (more)
		sm_buf_printf(&msg, "and %zu more line%s taken on trust\n", more, more == 1 ? "" : "s");
	if (sm_buf_failed(&msg))
		goto out;
	if (shown) {
		sm_free(*message);
		*message = sm_buf_detach(&msg, NULL);
	}
	rc = 0;
out:
	sm_buf_dispose(&msg);
	sm_free(c);
	sm_free(hf);
	sm_free(ho);
	sm_free(pos);
	sm_free(len);
	return rc;
}
