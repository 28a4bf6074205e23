/*
 * Two-step snippet editing: the model first asks `seam locate` (seam_locate) for the exact text
 * of a region it remembers, then rewrites that text:
 *
 *     src/app.py
 *     <selected_snippet>
 *     def total(xs):
 *         return sum(xs)
 *     </selected_snippet>
 *     <updated_snippet>
 *     def total(xs):
 *         return sum(xs, 0)
 *     </updated_snippet>
 *
 * A pair is a SEARCH/REPLACE block (SM_KIND_BLOCK: the selected lines old, the updated lines
 * new), so the matcher ladder finds the selected text and the splice keeps the file's own bytes
 * for every line the two snippets share: when the model re-copies the selected text with a
 * small slip (a renamed identifier), the file's text is written, not the slip. The path may
 * also be an attribute of <selected_snippet> (path=, file=).
 *
 * Between the two snippets only blank lines, fence lines and a little prose may stand.
 */
#include "format.h"
#include "tag.h"
#include "../../util/alloc.h"

#include <string.h>

#define TAG_SEL "selected_snippet"
#define TAG_UPD "updated_snippet"

/* Non-blank lines other than fences allowed between the snippets ("becomes:"). */
#define MAX_PROSE_BETWEEN 2

static int is_tag(const char *p, size_t n)
{
	sm_tag t;
	return sm_tag_at(p, n, TAG_SEL, &t) != SM_TAG_NONE ||
	       sm_tag_at(p, n, TAG_UPD, &t) != SM_TAG_NONE ||
	       sm_tag_close_at_end(p, n, TAG_SEL) != (size_t)-1 ||
	       sm_tag_close_at_end(p, n, TAG_UPD) != (size_t)-1;
}

/* An opening tag of either snippet: a block of the other kind that is still open ends there. */
static int is_open(const char *p, size_t n)
{
	sm_tag t;
	return sm_tag_at(p, n, TAG_SEL, &t) == SM_TAG_OPEN || sm_tag_at(p, n, TAG_UPD, &t) == SM_TAG_OPEN;
}

int sm_snippet_sniff(const sm_lines *ls)
{
	size_t i;
	sm_tag t;

	for (i = 0; i < ls->n; i++)
		if (sm_tag_at(ls->v[i].p, ls->v[i].n, TAG_SEL, &t) == SM_TAG_OPEN)
			return 1;
	return 0;
}

/* The <updated_snippet> tag that follows line `from`: its line, or ls->n when another
 * selected snippet, too much prose or the end of the reply comes first. */
static size_t find_updated(const sm_lines *ls, size_t from, sm_tag *t)
{
	size_t j, prose = 0;
	sm_fence_mark m;

	for (j = from; j < ls->n; j++) {
		const sm_rline *l = &ls->v[j];
		int k = sm_tag_at(l->p, l->n, TAG_UPD, t);
		if (k == SM_TAG_OPEN || k == SM_TAG_EMPTY)
			return j;
		if (sm_text_is_blank(l->p, l->n) || sm_fence_line(l->p, l->n, &m))
			continue;
		if (is_tag(l->p, l->n) || ++prose > MAX_PROSE_BETWEEN)
			break;
	}
	return ls->n;
}

static int add_side(sm_edit *e, char kind, const sm_spans *s)
{
	size_t i;
	for (i = 0; i < s->n; i++)
		if (sm_edit_add_line(e, kind, s->v[i].p, s->v[i].n))
			return SEAM_ENOMEM;
	return 0;
}

int sm_snippet_parse(seam_reply *r, const sm_lines *ls)
{
	char name[SM_PATH_MAX + 1];
	sm_carried_name cur = {0};
	size_t len, i = 0, h, u, next;
	long name_no = 0;
	sm_spans sel = {0}, upd = {0};
	sm_tag t, tu;
	sm_fileop *f;
	sm_edit *e;
	int rc = 0, got;

	while (i < ls->n && !rc) {
		if (sm_tag_at(ls->v[i].p, ls->v[i].n, TAG_SEL, &t) != SM_TAG_OPEN) {
			i++;
			continue;
		}
		h = i;
		got = sm_tag_block(ls, h, &t, TAG_SEL, is_open, &sel, &i);
		if (got < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (!got) {
			sm_note(r, ls->v[h].no, "<selected_snippet> without </selected_snippet>, skipped");
			continue;
		}
		u = find_updated(ls, i, &tu);
		if (u >= ls->n) {
			sm_note(r, ls->v[h].no,
			        "<selected_snippet> without an <updated_snippet> after it, skipped");
			continue;
		}
		got = sm_tag_block(ls, u, &tu, TAG_UPD, is_open, &upd, &next);
		if (got < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (!got) {
			/* a cut-off reply: half a new text would delete the rest */
			sm_note(r, ls->v[u].no, "<updated_snippet> without </updated_snippet>, skipped");
			i = next;
			continue;
		}
		i = next;
		len = sm_tag_path(&t, name);
		if (len)
			name_no = ls->v[h].no;
		else
			len = sm_name_above(ls, h, is_tag, name, &name_no);
		if (!sm_carry_name(&cur, name, len)) {
			sm_note(r, ls->v[h].no,
			        "snippet pair with no file name, skipped (write the path alone on the "
			        "line before <selected_snippet>)");
			continue;
		}
		sm_spans_unwrap(&sel, cur.name);
		sm_spans_unwrap(&upd, cur.name);
		if (!sel.n) {
			sm_note(r, ls->v[h].no,
			        "empty <selected_snippet>, skipped (copy the text seam locate printed)");
			continue;
		}
		f = sm_reply_file(r, cur.name, cur.len, SEAM_OP_UPDATE,
		                  len ? name_no : ls->v[h].no);
		if (!f) {
			rc = SEAM_ENOMEM;
			break;
		}
		rc = sm_reply_new_edit(r, f, ls->v[h].no, &e);
		if (rc)
			break;
		e->kind = SM_KIND_BLOCK;
		rc = add_side(e, SM_HL_DEL, &sel);
		if (!rc)
			rc = add_side(e, SM_HL_ADD, &upd);
	}
	sm_free(sel.v);
	sm_free(upd.v);
	return rc;
}

int sm_snippet_may_end(const char *p, size_t n)
{
	/* a pair becomes an edit at </updated_snippet> */
	return sm_tag_close_at_end(p, n, TAG_UPD) != (size_t)-1;
}
