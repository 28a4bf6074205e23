/*
 * SEARCH/REPLACE blocks (aider's editblock and its relatives):
 *
 *     path/to/file.py
 *     ```python
 *     <<<<<<< SEARCH
 *     old lines
 *     =======
 *     new lines
 *     >>>>>>> REPLACE
 *     ```
 *
 * Spellings seen in the wild: 5 to 9 marker characters, ORIGINAL/UPDATED (also with 4: the
 * snippet-editing spelling), HEAD/updated,
 * "------- SEARCH" / "+++++++ REPLACE", any case. The blocks are found by their markers, not
 * through the fences, so a fence line inside a block (a Markdown file being edited) is content.
 */
#include "format.h"
#include "tag.h"

#include <stdlib.h>
#include <string.h>

enum { MK_NONE, MK_HEAD, MK_DIV, MK_TAIL };

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* 1 when p[0..n) is exactly one of the words (case-insensitive); "" allows no word. */
static int word_in(const char *p, size_t n, const char *const *words)
{
	size_t i, k;

	for (i = 0; words[i]; i++) {
		for (k = 0; k < n && words[i][k] && lower(p[k]) == words[i][k]; k++)
			;
		if (k == n && !words[i][k])
			return 1;
	}
	return 0;
}

/* Zed's diff-fenced edits put a line hint on the head marker: "<<<<<<< SEARCH line=12" (the
 * number may be quoted). p[0..n) is what follows the marker run; 1 with *v set when it is
 * "search line=N", 0 when not. */
static int search_line_hint(const char *p, size_t n, long *v)
{
	size_t k;
	long x = 0;

	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	if (n < 13 || (p[6] != ' ' && p[6] != '\t'))
		return 0;
	for (k = 0; k < 6; k++)
		if (lower(p[k]) != "search"[k])
			return 0;
	for (k = 6; k < n && (p[k] == ' ' || p[k] == '\t'); k++)
		;
	if (n - k < 6 || memcmp(p + k, "line=", 5))
		return 0;
	k += 5;
	if (p[k] == '"' || p[k] == '\'')
		k++;
	if (k >= n || p[k] < '0' || p[k] > '9')
		return 0;
	for (; k < n && p[k] >= '0' && p[k] <= '9' && x < 100000000; k++)
		x = x * 10 + (p[k] - '0');
	if (k < n && (p[k] == '"' || p[k] == '\''))
		k++;
	while (k < n && (p[k] == ' ' || p[k] == '\t'))
		k++;
	if (k != n)
		return 0;
	*v = x;
	return 1;
}

static int marker(const char *p, size_t n)
{
	static const char *const head[] = {"search", "search>", "original", "head", "old", NULL};
	static const char *const search[] = {"search", "search>", NULL};
	static const char *const tail_plus[] = {"replace", "replace>", NULL};
	size_t i = 0, run;
	char c;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (n > i && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (i >= n)
		return MK_NONE;
	c = p[i];
	if (c != '<' && c != '=' && c != '>' && c != '-' && c != '+')
		return MK_NONE;
	for (run = 0; i + run < n && p[i + run] == c; run++)
		;
	if (run < 4 || run > 9)
		return MK_NONE;
	p += i + run;
	n -= i + run;
	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	/* four marker characters only in the snippet-editing spelling: "<<<< ORIGINAL", "====",
	   ">>>> UPDATED" (a bare "====" elsewhere is a Markdown underline) */
	if (run == 4) {
		static const char *const orig[] = {"original", NULL}, *const upd[] = {"updated", NULL};
		if (c == '<')
			return word_in(p, n, orig) ? MK_HEAD : MK_NONE;
		if (c == '>')
			return word_in(p, n, upd) ? MK_TAIL : MK_NONE;
		return c == '=' && !n ? MK_DIV : MK_NONE;
	}
	switch (c) {
	case '=':
		return n ? MK_NONE : MK_DIV;
	case '<': {
		long v;
		return word_in(p, n, head) || search_line_hint(p, n, &v) ? MK_HEAD : MK_NONE;
	}
	case '-':
		return word_in(p, n, search) ? MK_HEAD : MK_NONE;
	case '+':
		return word_in(p, n, tail_plus) ? MK_TAIL : MK_NONE;
	default:
		/* ">>>>>>> REPLACE", "UPDATED", "updated", a bare run: the tail only matters once a
		 * block is open, so any single word will do */
		for (i = 0; i < n; i++)
			if (p[i] == ' ' || p[i] == '\t')
				return MK_NONE;
		return MK_TAIL;
	}
}

int sm_editblock_sniff(const sm_lines *ls)
{
	size_t i;
	int head = 0;

	for (i = 0; i < ls->n; i++) {
		int mk = marker(ls->v[i].p, ls->v[i].n);
		if (mk == MK_HEAD)
			head = 1;
		else if (mk == MK_DIV && head)
			return 1;
	}
	return 0;
}

/* sm_name_above stops at another block's marker. */
static int stops_name(const char *p, size_t n)
{
	return marker(p, n) != MK_NONE;
}

static int is_exact_div(const sm_rline *l)
{
	return l->n == 7 && !memcmp(l->p, "=======", 7);
}

/* Roo's file view prefixes every line with its number ("  12 | code"); a side copied from it
 * keeps them. The prefix's length on line p[0..n), 0 when the line has none. */
static size_t view_prefix(const char *p, size_t n)
{
	size_t i = 0, d;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	for (d = i; i < n && p[i] >= '0' && p[i] <= '9'; i++)
		;
	if (i == d || i - d > 9)
		return 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i >= n || p[i] != '|' || (i + 1 < n && p[i + 1] == '|'))
		return 0;
	return i + 1 < n && p[i + 1] == ' ' ? i + 2 : i + 1;
}

/* 1 when every line of the side has the view prefix: only then is it the view's and not the
 * code's (a line of a table may start with a number and a bar). */
static int side_numbered(const sm_lines *ls, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		if (!view_prefix(ls->v[i].p, ls->v[i].n))
			return 0;
	return from < to;
}

/* Roo escapes a content line that starts like one of its markers with a '\\'. */
static int roo_escaped(const char *p, size_t n)
{
	static const char *const mk[] = {"\\<<<<<<<", "\\=======", "\\>>>>>>>", "\\-------",
	                                 "\\:start_line:", "\\:end_line:", NULL};
	size_t i;

	for (i = 0; mk[i]; i++)
		if (sm_starts_with(p, n, mk[i]))
			return 1;
	return 0;
}

static int add_side(sm_edit *e, char kind, const sm_lines *ls, size_t from, size_t to,
                    unsigned conv, int numbered)
{
	size_t i;

	for (i = from; i < to; i++) {
		const char *p = ls->v[i].p;
		size_t n = ls->v[i].n, k = 0;
		if ((conv & SM_EB_ROO) && numbered) {
			k = view_prefix(p, n);
			if (kind == SM_HL_DEL && i == from && e->hint_start <= 0)
				e->hint_start = strtol(p, NULL, 10);
		} else if ((conv & SM_EB_ROO) && roo_escaped(p, n)) {
			k = 1;
		}
		if (sm_edit_add_line(e, kind, p + k, n - k))
			return SEAM_ENOMEM;
	}
	return 0;
}

/*
 * Line hints at the top of a SEARCH side (":start_line:42", then an optional "-------"), as
 * some agents write them: the number becomes the edit's claimed line, which breaks ties but
 * never overrides the text. Returns the first line of the real SEARCH text.
 */
static size_t take_hints(sm_edit *e, const sm_lines *ls, size_t from, size_t to, unsigned conv)
{
	size_t i = from;

	while (i < to) {
		const sm_rline *l = &ls->v[i];
		size_t n = l->n;
		while (n && (l->p[n - 1] == ' ' || l->p[n - 1] == '\t'))
			n--;
		if (n > 12 && !memcmp(l->p, ":start_line:", 12)) {
			long v = 0;
			size_t k;
			for (k = 12; k < n && l->p[k] >= '0' && l->p[k] <= '9' && v < 100000000; k++)
				v = v * 10 + (l->p[k] - '0');
			if (k != n)
				break;
			e->hint_start = v;
		} else if (n > 10 && !memcmp(l->p, ":end_line:", 10)) {
			/* the end is implied by the text */
		} else if (n == 7 && !memcmp(l->p, "-------", 7) &&
		           (i > from || (conv & SM_EB_ROO))) {
			i++;
			break;
		} else {
			break;
		}
		i++;
	}
	return i;
}

/* The first non-blank line of [from, to), or `to` when there is none. */
static size_t first_text(const sm_lines *ls, size_t from, size_t to)
{
	while (from < to && sm_text_is_blank(ls->v[from].p, ls->v[from].n))
		from++;
	return from;
}

/* 1 when the lines [d + 1, k) after a second divider begin with the same line of text as
 * those [a, d) before it, indentation aside: a new side written twice. */
static int restated(const sm_lines *ls, size_t a, size_t d, size_t k)
{
	size_t x = first_text(ls, a, d), y = first_text(ls, d + 1, k);

	return x < d && y < k &&
	       sm_text_hash(ls->v[x].p, ls->v[x].n, SM_LVL_INDENT) ==
	               sm_text_hash(ls->v[y].p, ls->v[y].n, SM_LVL_INDENT);
}

/*
 * Where the REPLACE side that starts after divider j ends (k: the tail marker). A block with two
 * dividers whose second one is its last line but for blank ones was closed twice (a model's
 * slip, seen in real replies): that divider is no content, and writing it would put a conflict
 * marker into the file.
 */
static size_t new_side_end(const sm_lines *ls, size_t j, size_t k, size_t ndiv)
{
	size_t t = k, d;

	if (ndiv != 2)
		return k;
	while (t > j + 1 && sm_text_is_blank(ls->v[t - 1].p, ls->v[t - 1].n))
		t--;
	if (t > j + 1 && is_exact_div(&ls->v[t - 1]))
		return t - 1;
	/* The second divider inside the REPLACE side: when the text after it starts as the text
	   before it does, the model wrote the new side a second time (a rewrite of the same
	   change). The first divider ended the SEARCH side, the second ends the new side there,
	   as the format's own rule reads it; what follows it is not code, and writing it would
	   put a conflict marker into the file. A divider that is content (an underline in the
	   new text) is followed by other text and stays content. */
	for (d = j + 1; d < k && !is_exact_div(&ls->v[d]); d++)
		;
	if (d < k && restated(ls, j + 1, d, k))
		return d;
	return k;
}

/* Roo sorts the blocks of one diff by their line hints (no hint: 0, first) before applying
 * them; a stable insertion sort (a diff holds a handful of blocks, bounded by the edit limit
 * per reply, and the input is usually sorted already). */
void sm_editblock_sort_hints(sm_fileop *f, size_t from)
{
	size_t i, j;

	for (i = from + 1; i < f->nedits; i++) {
		sm_edit e = f->edits[i];
		long h = e.hint_start > 0 ? e.hint_start : 0;
		for (j = i; j > from && (f->edits[j - 1].hint_start > 0 ? f->edits[j - 1].hint_start
		                                                        : 0) > h;
		     j--)
			f->edits[j] = f->edits[j - 1];
		f->edits[j] = e;
	}
}

/* The line hint of a head marker line ("<<<<<<< SEARCH line=12"): 1 with *v set, else 0. Like
 * Zed's, it only tells apart places that fit nearly as well (SM_EDIT_SOFT_HINT). */
static int head_hint(const sm_rline *l, long *v)
{
	const char *p = l->p;
	size_t n = l->n;

	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n < 5 || *p != '<')
		return 0;
	while (n && *p == '<') {
		p++;
		n--;
	}
	return search_line_hint(p, n, v) && *v > 0;
}

/* The blocks of ls; each names its file above it unless `path` (plen bytes) is given. */
static int read_blocks(seam_reply *r, const sm_lines *ls, const char *path, size_t plen,
                       long path_line, unsigned conv)
{
	char name[SM_PATH_MAX + 1];
	sm_carried_name cur = {0};
	size_t len, i = 0, j, k, ndiv, nexact, want, first = (size_t)-1, s0, end;
	long name_no = 0;
	int mk = MK_NONE, rc, numbered;
	sm_fileop *f = NULL;
	sm_edit *e;

	while (i < ls->n) {
		size_t h = i;
		if (marker(ls->v[h].p, ls->v[h].n) != MK_HEAD) {
			i++;
			continue;
		}
		/* The divider may also occur as content (a setext or reST underline): with
		 * several, prefer exact "=======" lines and take the middle one, since unchanged
		 * content appears on both sides. Two passes over the block: linear. */
		ndiv = nexact = 0;
		for (k = h + 1; k < ls->n; k++) {
			mk = marker(ls->v[k].p, ls->v[k].n);
			if (mk == MK_DIV) {
				ndiv++;
				nexact += is_exact_div(&ls->v[k]);
			} else if (mk != MK_NONE) {
				break;
			}
		}
		if (!ndiv || k >= ls->n || mk != MK_TAIL) {
			sm_note(r, ls->v[h].no, "SEARCH block without a %s line, skipped",
			        ndiv ? ">>>>>>> REPLACE" : "=======");
			i = k < ls->n && mk == MK_TAIL ? k + 1 : k;
			continue;
		}
		want = ((nexact ? nexact : ndiv) - 1) / 2;
		for (j = h + 1;; j++) {
			if (marker(ls->v[j].p, ls->v[j].n) != MK_DIV ||
			    (nexact && !is_exact_div(&ls->v[j])))
				continue;
			if (!want--)
				break;
		}
		i = k + 1;
		if (path) {
			f = sm_reply_file(r, path, plen, SEAM_OP_UPDATE, path_line);
		} else {
			len = sm_name_above(ls, h, stops_name, name, &name_no);
			/* no name anywhere above: the file --path names */
			if (!sm_carry_name(&cur, name, len) &&
			    !sm_carry_name(&cur, r->default_path,
			                   r->default_path ? r->default_plen : 0)) {
				sm_note(r, ls->v[h].no,
				        "SEARCH block with no file name before it, skipped (write the "
				        "path alone on the line before the fence)");
				continue;
			}
			f = sm_reply_file(r, cur.name, cur.len, SEAM_OP_UPDATE,
			                  len ? name_no : ls->v[h].no);
		}
		if (!f)
			return SEAM_ENOMEM;
		if (first == (size_t)-1)
			first = f->nedits;
		rc = sm_reply_new_edit(r, f, ls->v[h].no, &e);
		if (rc)
			return rc;
		e->kind = SM_KIND_BLOCK;
		e->flags |= (conv & SM_EB_ROO) ? SM_EDIT_SOFT_HINT : 0;
		if (head_hint(&ls->v[h], &e->hint_start))
			e->flags |= SM_EDIT_SOFT_HINT;
		if ((conv & SM_EB_CLINE) && f->nedits > first + 1)
			e->flags |= SM_EDIT_IN_ORDER;
		s0 = take_hints(e, ls, h + 1, j, conv);
		/* the view's prefixes go from a side whose every line has one; from the REPLACE
		   side only when the SEARCH side was copied from the view too (new text alone
		   starting "1 | " is text) */
		numbered = (conv & SM_EB_ROO) && side_numbered(ls, s0, j);
		rc = add_side(e, SM_HL_DEL, ls, s0, j, conv, numbered);
		end = new_side_end(ls, j, k, ndiv);
		if (!rc)
			rc = add_side(e, SM_HL_ADD, ls, j + 1, end, conv,
			              numbered && side_numbered(ls, j + 1, k));
		/* a blank line before the closing marker that the SEARCH side's last line does not
		   match: spacing or content, as the file decides (SM_EDIT_NEW_TAIL_BLANK) */
		if (end > j + 1 && j > s0 && sm_text_is_blank(ls->v[end - 1].p, ls->v[end - 1].n) &&
		    !sm_text_is_blank(ls->v[j - 1].p, ls->v[j - 1].n))
			e->flags |= SM_EDIT_NEW_TAIL_BLANK;
		if (!rc && first_text(ls, end + 1, k) < k)
			sm_note(r, ls->v[end].no,
			        "a second ======= inside the SEARCH/REPLACE block at reply line %ld ends "
			        "its new side; the %zu lines after it (the new side written again) were "
			        "not applied",
			        ls->v[h].no, k - end - 1);
		if (rc)
			return rc;
	}
	if (path && f && (conv & SM_EB_ROO))
		sm_editblock_sort_hints(f, first);
	return 0;
}

int sm_editblock_parse(seam_reply *r, const sm_lines *ls)
{
	return read_blocks(r, ls, NULL, 0, 0, 0);
}

int sm_editblock_read(seam_reply *r, const sm_lines *ls, const char *path, size_t plen,
                      long path_line, unsigned conv)
{
	return read_blocks(r, ls, path, plen, path_line, conv);
}

int sm_editblock_may_end(const char *p, size_t n)
{
	/* a block becomes an edit at its tail marker (">>>>>>> REPLACE", "+++++++ REPLACE") */
	return marker(p, n) == MK_TAIL;
}

size_t sm_editblock_first_head(const sm_lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (marker(ls->v[i].p, ls->v[i].n) == MK_HEAD)
			return i;
	return ls->n;
}
