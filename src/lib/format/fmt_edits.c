/*
 * Zed's edit agent (2025): after an edit_file call naming the file, the model wrote its edits as
 * text, with no path of their own:
 *
 *     <edits>
 *     <old_text line=10>
 *     OLD
 *     </old_text>
 *     <new_text>
 *     NEW
 *     </new_text>
 *     </edits>
 *
 * The file is the one --path names (seam_options.path); without it every edit is refused. The
 * first newline after an opening tag and the last before a closing tag are not text (a value
 * is the lines between the tag lines, or the text beside a tag on its line). The edits apply
 * in order, each on the file the previous left. line= is the model's claim: it tells apart
 * places that fit nearly as well, never two that fit exactly as well (SM_EDIT_SOFT_HINT).
 */
#include "format.h"
#include "tag.h"
#include "../../util/alloc.h"

#include <string.h>

static int opens(const sm_rline *l, const char *name, sm_tag *t)
{
	int k = sm_tag_at(l->p, l->n, name, t);
	return k == SM_TAG_OPEN;
}

int sm_edits_sniff(const sm_lines *ls)
{
	size_t i;
	int edits = 0;
	sm_tag t;

	for (i = 0; i < ls->n; i++) {
		if (!memchr(ls->v[i].p, '<', ls->v[i].n))
			continue;
		if (opens(&ls->v[i], "edits", &t))
			edits = 1;
		else if (edits && opens(&ls->v[i], "old_text", &t))
			return 1;
	}
	return 0;
}

/* A section ends at its closing tag, or at the tag of another section (Zed ends a section at
 * any of </old_text>, </new_text>, </edits>; an opening tag here means a closing one went
 * missing, and the edit is dropped). */
static int stop(const char *p, size_t n)
{
	sm_tag t;
	return sm_tag_at(p, n, "new_text", &t) == SM_TAG_OPEN ||
	       sm_tag_at(p, n, "old_text", &t) == SM_TAG_OPEN ||
	       sm_tag_at(p, n, "edits", &t) == SM_TAG_CLOSE;
}

static int add_spans(sm_edit *e, char kind, const sm_spans *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (sm_edit_add_line(e, kind, s->v[i].p, s->v[i].n))
			return SEAM_ENOMEM;
	return 0;
}

int sm_edits_parse(seam_reply *r, const sm_lines *ls)
{
	sm_spans old = {0}, nw = {0};
	size_t i = 0, next, j;
	int rc = 0, got, warned = 0;
	sm_fileop *f = NULL;
	sm_edit *e;
	sm_tag t, u;

	while (!rc && i < ls->n) {
		long hint = 0;
		if (!memchr(ls->v[i].p, '<', ls->v[i].n) || !opens(&ls->v[i], "old_text", &t)) {
			i++;
			continue;
		}
		got = sm_tag_block(ls, i, &t, "old_text", stop, &old, &next);
		if (got < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (sm_tag_num(&t, "line", &hint) < 0)
			hint = 0;
		for (j = next; j < ls->n && sm_text_is_blank(ls->v[j].p, ls->v[j].n); j++)
			;
		if (!got || j >= ls->n || !opens(&ls->v[j], "new_text", &u)) {
			sm_note(r, ls->v[i].no, "<old_text> without a closing tag and a <new_text> "
			        "after it, skipped");
			i = next > i ? next : i + 1;
			continue;
		}
		got = sm_tag_block(ls, j, &u, "new_text", stop, &nw, &next);
		if (got < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (!got) {
			sm_note(r, ls->v[j].no, "<new_text> never closed, skipped");
			i = next > j ? next : j + 1;
			continue;
		}
		if (!old.n) {
			sm_note(r, ls->v[i].no, "<old_text> is empty (Zed refuses it too), skipped");
			i = next;
			continue;
		}
		if (!r->default_path) {
			if (!warned++)
				sm_note(r, ls->v[i].no, "<edits> name no file: give it with --path "
				        "FILE; skipped");
			i = next;
			continue;
		}
		if (!f && !(f = sm_reply_file(r, r->default_path, r->default_plen, SEAM_OP_UPDATE,
		                              ls->v[i].no))) {
			rc = SEAM_ENOMEM;
			break;
		}
		if ((rc = sm_reply_new_edit(r, f, ls->v[i].no, &e)))
			break;
		e->kind = SM_KIND_BLOCK;
		e->flags |= SM_EDIT_SOFT_HINT;
		e->hint_start = hint;
		rc = add_spans(e, SM_HL_DEL, &old);
		if (!rc)
			rc = add_spans(e, SM_HL_ADD, &nw);
		i = next;
	}
	sm_free(old.v);
	sm_free(nw.v);
	return rc;
}

int sm_edits_may_end(const char *p, size_t n)
{
	return sm_tag_close_at_end(p, n, "new_text") != (size_t)-1 ||
	       sm_tag_close_at_end(p, n, "edits") != (size_t)-1;
}
