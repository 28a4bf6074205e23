/*
 * SWE-agent's windowed edit command: the new text of lines N to M (1-based, inclusive) of the
 * file the agent has open, up to a line that is exactly "end_of_edit":
 *
 *     edit 12:14
 *         if x is None:
 *             return 0
 *     end_of_edit
 *
 * The open file is the agent's state, never in the reply: it comes from --path
 * (seam_options.path), and without it the edit is refused. "edit N:N-1" inserts before line N
 * (SWE-agent's slice assignment does). The numbers address the file as it was before the
 * reply (the numbered format's edit, SM_KIND_LINES, with its checks). SWE-agent runs one
 * command per reply; a reply with several edit commands would number each against the file the
 * one before left, which seam does not guess: it is refused.
 */
#include "format.h"

#include <string.h>

/* More digits than this is not a line number. */
#define MAX_DIGITS 9

/* "edit N:M" alone on the line (blanks around): 1 with the numbers. */
static int head(const char *p, size_t n, long *a, long *b)
{
	size_t i = 0, d;
	long *v[2] = {a, b};
	int k;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (n - i < 5 || memcmp(p + i, "edit", 4) || (p[i + 4] != ' ' && p[i + 4] != '\t'))
		return 0;
	for (i += 4; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
		;
	for (k = 0; k < 2; k++) {
		*v[k] = 0;
		for (d = i; i < n && p[i] >= '0' && p[i] <= '9' && i - d < MAX_DIGITS; i++)
			*v[k] = *v[k] * 10 + (p[i] - '0');
		if (i == d || (i < n && p[i] >= '0' && p[i] <= '9'))
			return 0;
		if (!k) {
			if (i >= n || p[i] != ':')
				return 0;
			i++;
		}
	}
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
		i++;
	return i == n;
}

static int is_end(const sm_rline *l)
{
	size_t n = l->n;
	while (n && (l->p[n - 1] == ' ' || l->p[n - 1] == '\t'))
		n--;
	return n == 11 && !memcmp(l->p, "end_of_edit", 11);
}

int sm_sweagent_sniff(const sm_lines *ls)
{
	size_t i;
	long a, b;
	int open = 0;

	for (i = 0; i < ls->n; i++) {
		if (head(ls->v[i].p, ls->v[i].n, &a, &b))
			open = 1;
		else if (open && is_end(&ls->v[i]))
			return 1;
	}
	return 0;
}

int sm_sweagent_parse(seam_reply *r, const sm_lines *ls)
{
	size_t i, j, h = ls->n, count = 0;
	long a = 0, b = 0, x, y;
	sm_fileop *f;
	sm_edit *e;
	int rc;

	for (i = 0; i < ls->n; i++) {
		if (!head(ls->v[i].p, ls->v[i].n, &x, &y))
			continue;
		for (j = i + 1; j < ls->n && !is_end(&ls->v[j]); j++)
			;
		if (j >= ls->n) {
			sm_note(r, ls->v[i].no, "edit %ld:%ld without end_of_edit: the reply was cut "
			        "off; skipped", x, y);
			break;
		}
		if (!count++) {
			h = i;
			a = x;
			b = y;
		}
		i = j;
	}
	if (count > 1) {
		sm_note(r, ls->v[h].no, "%zu edit commands: SWE-agent runs one per reply, each "
		        "numbered against the file the one before left; send one", count);
		return 0;
	}
	if (!count)
		return 0;
	if (a < 1 || b < a - 1) {
		sm_note(r, ls->v[h].no, "edit %ld:%ld: the lines must be N:M with 1 <= N <= M + 1, "
		        "skipped", a, b);
		return 0;
	}
	if (!r->default_path) {
		sm_note(r, ls->v[h].no, "edit %ld:%ld names no file (SWE-agent edits the open file): "
		        "give it with --path FILE; skipped", a, b);
		return 0;
	}
	f = sm_reply_file(r, r->default_path, r->default_plen, SEAM_OP_UPDATE, ls->v[h].no);
	if (!f)
		return SEAM_ENOMEM;
	if ((rc = sm_reply_new_edit(r, f, ls->v[h].no, &e)))
		return rc;
	e->kind = SM_KIND_LINES;
	e->flags |= SM_EDIT_NUMBERED;
	e->open = 1; /* a second command later in the reply would refuse it */
	e->hint_start = a;
	e->hint_len = b - a + 1;
	for (j = h + 1; !is_end(&ls->v[j]); j++)
		if (sm_edit_add_line(e, SM_HL_ADD, ls->v[j].p, ls->v[j].n))
			return SEAM_ENOMEM;
	return 0;
}

int sm_sweagent_may_end(const char *p, size_t n)
{
	sm_rline l = {p, n, 0};
	return is_end(&l);
}
