/*
 * Whole files: a file name (alone on the line before the fence, in the info string, or on the
 * first line inside), then a fence holding the entire new content. Fences with no file name
 * (shell commands, examples) are not edits and are passed over.
 */
#include "format.h"
#include "../../util/alloc.h"

#include <stdint.h>
#include <string.h>

int sm_whole_sniff(const sm_lines *ls)
{
	/* the fallback format: every reply may be one */
	(void)ls;
	return 1;
}

/* Index of the files already listed, by path, so that a file listed twice is found in
 * constant time (the later listing wins: models correct themselves). */
typedef struct seen {
	size_t *slot; /* file index + 1; 0 = empty */
	size_t cap;   /* a power of two */
} seen;

static size_t *seen_find(seen *t, const seam_reply *r, const char *path, size_t n)
{
	size_t h = (size_t)sm_text_hash(path, n, SM_LVL_EXACT), i;

	for (i = h & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
		size_t *s = &t->slot[i];
		if (!*s)
			return s;
		if (!strcmp(r->files[*s - 1].path, path))
			return s;
	}
}

/*
 * 1 when the line looks like a SEARCH/REPLACE marker, however malformed: a run of two or more
 * of < > - + = | then SEARCH, REPLACE, ORIGINAL or UPDATED (any case, an optional '>' after)
 * and nothing else ("<<-- SEARCH", "-- SEARCH", ">>>>>>> REPLACE"). A fence holding one is a
 * broken edit block, not a file: listed as a file, its marker lines would be written into it.
 */
static int marker_like(const char *p, size_t n)
{
	static const char *const words[] = {"search", "replace", "original", "updated"};
	size_t i = 0, run, k, w;

	sm_trim(&p, &n);
	for (run = 0; run < n && strchr("<>-+=|", p[run]) && p[run]; run++)
		;
	if (run < 2)
		return 0;
	for (i = run; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
		;
	if (n && p[n - 1] == '>')
		n--;
	for (w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
		size_t len = strlen(words[w]);
		if (n - i != len)
			continue;
		for (k = 0; k < len && (p[i + k] | 0x20) == words[w][k]; k++)
			;
		if (k == len)
			return 1;
	}
	return 0;
}

/* The first line of fence f (from `from`) that looks like an edit marker, or f->close. */
static size_t first_marker(const sm_lines *ls, const sm_fence *f, size_t from)
{
	size_t j;

	for (j = from; j < f->close && j < ls->n; j++)
		if (marker_like(ls->v[j].p, ls->v[j].n))
			return j;
	return f->close;
}

int sm_whole_parse(seam_reply *r, const sm_lines *ls)
{
	char name[SM_PATH_MAX + 1];
	sm_fence *fs = NULL;
	size_t nf = 0, i, j, len, from, *slot;
	seen t = {NULL, 0};
	long name_no;
	int inside, rc = 0;
	sm_fileop *f;
	sm_edit *e;

	if (sm_fences_find(ls, &fs, &nf))
		return SEAM_ENOMEM;
	/* at most one file per fence: twice the fences keeps the table half empty */
	for (t.cap = 16; t.cap < 2 * nf; t.cap *= 2)
		;
	t.slot = sm_calloc(t.cap, sizeof(*t.slot));
	if (!t.slot) {
		sm_free(fs);
		return SEAM_ENOMEM;
	}
	for (i = 0; i < nf && !rc; i++) {
		len = sm_fence_name(ls, &fs[i], name, &name_no, &inside);
		if (!len)
			continue;
		if (fs[i].close >= ls->n) {
			/* a cut-off reply: writing half a file would destroy the rest */
			sm_note(r, ls->v[fs[i].open].no,
			        "the fence of %s is never closed, file skipped", name);
			continue;
		}
		from = fs[i].open + 1 + (size_t)inside;
		if (inside && from >= fs[i].close)
			continue; /* a lone name in a fence is not a file listing */
		/* a guess (the fallback of detection) must not take a broken block for a file; a
		   caller that said "whole" is taken at its word */
		j = r->forced ? fs[i].close : first_marker(ls, &fs[i], from);
		if (j < fs[i].close) {
			/* the reply is all or nothing: its other files are not written either */
			sm_note(r, ls->v[j].no,
			        "the fence of %s holds a line like a SEARCH/REPLACE marker (\"%.*s\"): "
			        "a broken edit block, not the file; nothing of the reply was read as "
			        "whole files",
			        name, (int)(ls->v[j].n > 40 ? 40 : ls->v[j].n), ls->v[j].p);
			sm_reply_clear(r);
			break;
		}
		slot = seen_find(&t, r, name, len);
		if (*slot) {
			f = &r->files[*slot - 1];
			sm_note(r, name_no, "%s is listed again; the later listing is used", name);
			sm_fileop_drop_last_edit(r, f);
		} else {
			f = sm_reply_file(r, name, len, SEAM_OP_WHOLE, name_no);
			if (!f) {
				rc = SEAM_ENOMEM;
				break;
			}
			*slot = r->nfiles;
		}
		rc = sm_reply_new_edit(r, f, ls->v[from < ls->n ? from : fs[i].open].no, &e);
		if (!rc && fs[i].guessed)
			e->open = 1;
		for (j = from; !rc && j < fs[i].close; j++)
			if (sm_edit_add_line(e, SM_HL_ADD, ls->v[j].p, ls->v[j].n))
				rc = SEAM_ENOMEM;
	}
	sm_free(t.slot);
	sm_free(fs);
	return rc;
}

int sm_whole_may_end(const char *p, size_t n)
{
	sm_fence_mark m;
	return sm_fence_line(p, n, &m);
}
