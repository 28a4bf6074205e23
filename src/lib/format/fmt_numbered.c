/*
 * Numbered line edits: the model was shown the file with line numbers and names the lines it
 * replaces.
 *
 *     src/app.py
 *     <update_lines start="12" end="14">
 *         return total / count
 *     </update_lines>
 *
 * replaces lines 12 and 13 (start inclusive, end exclusive, 1-based as shown; start == end
 * inserts before line start; nothing between the tags deletes). The path may also be an
 * attribute (path=, file=). Every block refers to the file before the reply. A whole file may
 * be written in a fence with
 *
 *     <copy_lines start="1" end="40"/>
 *
 * lines standing for lines 1..39 of the file before the reply, copied verbatim (also inside an
 * <update_lines> block). The parser cannot see the file: the line numbers go into the edit
 * (SM_KIND_LINES, SM_HL_COPY) and the planner validates them, repairs an off-by-one it is
 * certain of and refuses the rest (plan_lines.c).
 *
 * Blocks are found by their tags, not through fences, so a fence line between the tags is
 * content; a fence wrapping the whole content between the tags is taken off (see unwrap).
 */
#include "format.h"
#include "tag.h"
#include "../../util/alloc.h"

#include <string.h>

#define TAG_UPDATE "update_lines"
#define TAG_COPY "copy_lines"

int sm_copy_tag(const char *p, size_t n, long *start, long *end)
{
	sm_tag t;
	int k = sm_tag_at(p, n, TAG_COPY, &t), a, b;
	size_t rest;

	if (k != SM_TAG_EMPTY && k != SM_TAG_OPEN)
		return 0;
	/* alone on the line: nothing after it but blanks or its own closing tag */
	rest = t.end;
	if (k == SM_TAG_OPEN) {
		size_t c = sm_tag_close_at_end(p + rest, n - rest, TAG_COPY);
		if (c != (size_t)-1 && sm_text_is_blank(p + rest, c))
			rest = n;
	}
	if (!sm_text_is_blank(p + rest, n - rest))
		return 0;
	a = sm_tag_num(&t, "start", start);
	b = sm_tag_num(&t, "end", end);
	if (a != 1)
		*start = -1;
	if (b != 1)
		*end = -1;
	return 1;
}

static int is_update_tag(const char *p, size_t n)
{
	sm_tag t;
	return sm_tag_at(p, n, TAG_UPDATE, &t) != SM_TAG_NONE;
}

/* A line that ends the look for a block's file name: another block's tag. */
static int stop_line(const char *p, size_t n)
{
	long a, b;
	return is_update_tag(p, n) || sm_tag_close_at_end(p, n, TAG_UPDATE) != (size_t)-1 ||
	       sm_copy_tag(p, n, &a, &b);
}

int sm_numbered_sniff(const sm_lines *ls)
{
	size_t i;
	long a, b;
	sm_tag t;

	for (i = 0; i < ls->n; i++) {
		int k = sm_tag_at(ls->v[i].p, ls->v[i].n, TAG_UPDATE, &t);
		if (k == SM_TAG_OPEN || k == SM_TAG_EMPTY || sm_copy_tag(ls->v[i].p, ls->v[i].n, &a, &b))
			return 1;
	}
	return 0;
}

static int add_content(sm_edit *e, const sm_spans *s)
{
	size_t i;
	long a, b;

	for (i = 0; i < s->n; i++) {
		char kind = sm_copy_tag(s->v[i].p, s->v[i].n, &a, &b) ? SM_HL_COPY : SM_HL_ADD;
		if (sm_edit_add_line(e, kind, s->v[i].p, s->v[i].n))
			return SEAM_ENOMEM;
	}
	return 0;
}

/* The block whose opening tag is line h; a note when it is never closed (a cut-off reply:
 * applying part of it would destroy the lines it stands for). */
static int block_content(seam_reply *r, const sm_lines *ls, size_t h, const sm_tag *t,
                         sm_spans *s, size_t *next)
{
	int rc = sm_tag_block(ls, h, t, TAG_UPDATE, NULL, s, next);
	if (!rc)
		sm_note(r, ls->v[h].no, "<update_lines> block without </update_lines>, skipped");
	return rc;
}

/* The path the block names itself (path=, file=, filename=), cleaned into out; 0 when none. */
/* Reads every <update_lines> block; marks the lines each one spans in used[]. */
static int read_blocks(seam_reply *r, const sm_lines *ls, unsigned char *used)
{
	char name[SM_PATH_MAX + 1];
	sm_carried_name cur = {0};
	size_t len, i = 0, h, k;
	long name_no = 0, start = 0, end = 0;
	sm_spans s = {0};
	sm_fileop *f;
	sm_edit *e;
	sm_tag t;
	int rc = 0, a;

	while (i < ls->n && !rc) {
		int kind = sm_tag_at(ls->v[i].p, ls->v[i].n, TAG_UPDATE, &t);
		if (kind != SM_TAG_OPEN && kind != SM_TAG_EMPTY) {
			i++;
			continue;
		}
		h = i;
		a = block_content(r, ls, h, &t, &s, &i);
		if (a < 0) {
			rc = SEAM_ENOMEM;
			break;
		}
		if (!a)
			continue;
		for (k = h; k < i; k++)
			used[k] = 1;
		len = sm_tag_path(&t, name);
		if (len) {
			name_no = ls->v[h].no;
		} else {
			len = sm_name_above(ls, h, stop_line, name, &name_no);
		}
		if (!sm_carry_name(&cur, name, len)) {
			sm_note(r, ls->v[h].no,
			        "<update_lines> block with no file name, skipped (write the path alone "
			        "on the line before it, or path=\"...\" in the tag)");
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
		e->kind = SM_KIND_LINES;
		e->flags = SM_EDIT_NUMBERED;
		/* numbers that cannot be right still make an edit: the planner refuses it and says
		   why, and the reply stays all-or-nothing */
		if (sm_tag_num(&t, "start", &start) == 1 && sm_tag_num(&t, "end", &end) == 1 &&
		    start > 0 && end >= start) {
			e->hint_start = start;
			e->hint_len = end - start;
		} else {
			e->hint_start = 0;
			e->hint_len = -1;
		}
		sm_spans_unwrap(&s, cur.name);
		rc = add_content(e, &s);
	}
	sm_free(s.v);
	return rc;
}

/* 1 when fence f holds a copy_lines line and no line of an <update_lines> block. */
static int copying_fence(const sm_lines *ls, const sm_fence *f, const unsigned char *used)
{
	size_t j, end = f->close < ls->n ? f->close : ls->n - 1;
	long a, b;
	int copies = 0;

	for (j = f->open; j <= end; j++) {
		if (used[j])
			return 0;
		if (!copies && j > f->open && j < f->close)
			copies = sm_copy_tag(ls->v[j].p, ls->v[j].n, &a, &b);
	}
	return copies;
}

/* Whole files in fences that hold copy_lines lines. A named fence without one is not taken:
 * in this format, edits are <update_lines> blocks, and a fence is more likely code shown. */
static int read_wholes(seam_reply *r, const sm_lines *ls, const unsigned char *used)
{
	char name[SM_PATH_MAX + 1];
	sm_fence *fs = NULL;
	size_t nf = 0, i, j, len, from;
	long name_no;
	int inside, rc = 0;
	sm_fileop *f;
	sm_edit *e;

	if (sm_fences_find(ls, &fs, &nf))
		return SEAM_ENOMEM;
	for (i = 0; i < nf && !rc; i++) {
		if (!copying_fence(ls, &fs[i], used))
			continue;
		len = sm_fence_name(ls, &fs[i], name, &name_no, &inside);
		if (!len) {
			sm_note(r, ls->v[fs[i].open].no,
			        "fence with <copy_lines> but no file name, skipped (write the path "
			        "alone on the line before the fence)");
			continue;
		}
		if (fs[i].close >= ls->n) {
			sm_note(r, ls->v[fs[i].open].no,
			        "the fence of %s is never closed, file skipped", name);
			continue;
		}
		from = fs[i].open + 1 + (size_t)inside;
		f = sm_reply_file(r, name, len, SEAM_OP_WHOLE, name_no);
		if (!f) {
			rc = SEAM_ENOMEM;
			break;
		}
		rc = sm_reply_new_edit(r, f, ls->v[from < fs[i].close ? from : fs[i].open].no, &e);
		if (!rc && fs[i].guessed) /* its end is a guess more text could change */
			e->open = 1;
		for (j = from; !rc && j < fs[i].close; j++) {
			long a, b;
			char kind = sm_copy_tag(ls->v[j].p, ls->v[j].n, &a, &b) ? SM_HL_COPY : SM_HL_ADD;
			if (sm_edit_add_line(e, kind, ls->v[j].p, ls->v[j].n))
				rc = SEAM_ENOMEM;
		}
	}
	sm_free(fs);
	return rc;
}

int sm_numbered_parse(seam_reply *r, const sm_lines *ls)
{
	unsigned char *used = sm_calloc(ls->n ? ls->n : 1, 1);
	int rc;

	if (!used)
		return SEAM_ENOMEM;
	rc = read_blocks(r, ls, used);
	if (!rc)
		rc = read_wholes(r, ls, used);
	sm_free(used);
	return rc;
}

int sm_numbered_may_end(const char *p, size_t n)
{
	sm_fence_mark m;
	/* a block becomes an edit at </update_lines>; a whole file with <copy_lines/> at its fence */
	return sm_tag_close_at_end(p, n, TAG_UPDATE) != (size_t)-1 || sm_fence_line(p, n, &m);
}
