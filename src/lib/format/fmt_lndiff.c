/*
 * ln-diff editblocks: SEARCH/REPLACE with the old lines numbered as in the file before the
 * reply.
 *
 *     src/app.py
 *     <editblock>
 *     <<<<<<< REMOVE
 *      9│def f():
 *     10│    return 1
 *     =======
 *       │def f():
 *       │    return 2
 *     >>>>>>> INSERT
 *     </editblock>
 *
 * The number column is right-aligned with spaces and ends with U+2502 or '|'; the code starts
 * right after that one separator character (its own indentation is kept whole). New lines
 * carry the same column blank; a new line is literal when its prefix does not fit that column,
 * since the prefix is optional. Every block refers to the original numbering, in any order.
 *
 * Blocks are found by their markers, not through fences, and every content line of a
 * well-formed block starts with a number or a padded separator, so content can never be taken
 * for a marker.
 */
#include "format.h"
#include "tag.h"

#include <string.h>

enum { MK_NONE, MK_HEAD, MK_DIV, MK_TAIL, MK_TAIL_BARE, MK_OPEN, MK_CLOSE };

/* separator kinds, as bits of a set */
enum { SEP_BOX = 1, SEP_BAR = 2 };

/* More digits than this is not a line number (and would overflow a 32-bit long). */
#define MAX_DIGITS 9

static int marker(const char *p, size_t n)
{
	size_t run;
	char c;

	sm_trim(&p, &n);
	if (!n)
		return MK_NONE;
	if (sm_eq_nocase(p, n, "<editblock>"))
		return MK_OPEN;
	if (sm_eq_nocase(p, n, "</editblock>"))
		return MK_CLOSE;
	c = p[0];
	if (c != '<' && c != '=' && c != '>')
		return MK_NONE;
	for (run = 0; run < n && p[run] == c; run++)
		;
	if (run < 5 || run > 9)
		return MK_NONE;
	p += run;
	n -= run;
	sm_trim(&p, &n);
	if (c == '=')
		return n ? MK_NONE : MK_DIV;
	if (c == '<')
		return sm_eq_nocase(p, n, "remove") ? MK_HEAD : MK_NONE;
	if (!n)
		return MK_TAIL_BARE;
	return sm_eq_nocase(p, n, "insert") ? MK_TAIL : MK_NONE;
}

int sm_lndiff_sniff(const sm_lines *ls)
{
	size_t i;
	int head = 0;

	for (i = 0; i < ls->n; i++) {
		int mk = marker(ls->v[i].p, ls->v[i].n);
		if (mk == MK_OPEN || (mk == MK_TAIL && head))
			return 1;
		if (mk == MK_HEAD)
			head = 1;
	}
	return 0;
}

/* The separator at p: its kind, and its length in *len; 0 when there is none. */
static int sep_at(const char *p, size_t n, size_t *len)
{
	if (n >= 3 && (unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x94 &&
	    (unsigned char)p[2] == 0x82) {
		*len = 3;
		return SEP_BOX;
	}
	if (n && p[0] == '|') {
		*len = 1;
		return SEP_BAR;
	}
	return 0;
}

/* A column prefix: spaces, then a number (none for a blank column), then a separator. */
typedef struct col {
	long no;     /* the number, 0 when none */
	size_t pad;  /* spaces and digits before the separator: the column's width */
	size_t text; /* where the code starts */
	int sep;     /* SEP_BOX or SEP_BAR; 0 when the line has no column */
} col;

static void read_col(const char *p, size_t n, col *c)
{
	size_t i = 0, d = 0, sl;
	long v = 0;

	memset(c, 0, sizeof(*c));
	while (i < n && p[i] == ' ')
		i++;
	while (i + d < n && d < MAX_DIGITS && p[i + d] >= '0' && p[i + d] <= '9')
		v = v * 10 + (p[i + d++] - '0');
	if ((i + d < n && p[i + d] >= '0' && p[i + d] <= '9') || (d && !v))
		return;
	c->sep = sep_at(p + i + d, n - i - d, &sl);
	if (!c->sep)
		return;
	c->no = v;
	c->pad = i + d;
	c->text = i + d + sl;
}

/* The column a block's blank prefixes must fit: a width range and a set of separators. */
typedef struct align {
	size_t lo, hi;
	int seps;
} align;

/* A new line may be numbered too (in the new file's numbering, which nobody needs): only with
 * U+2502, since "12|x" may well be code. */
static int fits(const align *a, const col *c)
{
	return c->sep && (!c->no || c->sep == SEP_BOX) && (c->sep & a->seps) && c->pad >= a->lo &&
	       c->pad <= a->hi;
}

/*
 * The column of the block's unnumbered lines (INSERT, and REMOVE lines that lost their number).
 * Normally the REMOVE numbers' width. When no line fits that (a model that padded its new lines
 * differently, or a block with no number at all), the prefix of the first non-blank such line,
 * kept only when at least half of them share it. An ASCII '|' is taken that way only after at
 * least one space and when the REMOVE numbers use it too (or there are none): Markdown tables
 * and Rust/OCaml match arms start lines with it.
 */
static void block_align(const sm_lines *ls, size_t h, size_t d, size_t t, const align *num,
                        align *a)
{
	size_t i, nonblank = 0, same = 0;
	col c, first = {0, 0, 0, 0};
	int any = 0;

	*a = *num;
	for (i = h + 1; i < t; i++) {
		if (i == d)
			continue;
		read_col(ls->v[i].p, ls->v[i].n, &c);
		if (c.no && i < d)
			continue;
		if (num->seps && fits(num, &c))
			return;
		if (sm_text_is_blank(ls->v[i].p, ls->v[i].n))
			continue;
		if (!any) {
			first = c;
			any = 1;
		}
		nonblank++;
		same += c.sep && c.sep == first.sep && c.pad == first.pad;
	}
	a->seps = 0;
	if (!first.sep || same * 2 < nonblank)
		return;
	if (first.sep == SEP_BAR && (!first.pad || (num->seps && !(num->seps & SEP_BAR))))
		return;
	a->lo = a->hi = first.pad;
	a->seps = first.sep;
}

/* sm_name_above passes over one <editblock> line and stops at any other marker. */
static int stops_name(const char *p, size_t n)
{
	int mk = marker(p, n);

	return mk == MK_OPEN ? SM_ABOVE_SKIP_ONCE : mk != MK_NONE;
}

/* Adds one unnumbered line, without its blank column when it fits the block's. */
static int add_plain(sm_edit *e, char kind, const sm_rline *l, const align *a)
{
	col c;

	read_col(l->p, l->n, &c);
	if (fits(a, &c))
		return sm_edit_add_line(e, kind, l->p + c.text, l->n - c.text);
	return sm_edit_add_line(e, kind, l->p, l->n);
}

/* One well-formed block: REMOVE lines h+1..d, INSERT lines d+1..t. */
static int emit_block(seam_reply *r, sm_fileop *f, const sm_lines *ls, size_t h, size_t d, size_t t)
{
	size_t i, nnum = 0;
	long first = 0, last = 0;
	int ordered = 1, rc;
	align num = {(size_t)-1, 0, 0}, a;
	sm_edit *e;
	col c;

	for (i = h + 1; i < d; i++) {
		read_col(ls->v[i].p, ls->v[i].n, &c);
		if (!c.no)
			continue;
		if (nnum++ && c.no <= last)
			ordered = 0;
		if (!first)
			first = c.no;
		last = c.no;
		num.seps |= c.sep;
		if (c.pad < num.lo)
			num.lo = c.pad;
		if (c.pad > num.hi)
			num.hi = c.pad;
	}
	block_align(ls, h, d, t, &num, &a);
	rc = sm_reply_new_edit(r, f, ls->v[h].no, &e);
	if (rc)
		return rc;
	e->kind = SM_KIND_BLOCK;
	e->flags = 0;
	if (d == h + 1) {
		/* nothing removed: appends to the file, or creates it */
		e->flags |= SM_EDIT_NUMBERED;
		e->hint_len = 0;
	} else if (!nnum) {
		sm_note(r, ls->v[h].no,
		        "REMOVE lines without line numbers: the block is located by its text");
	} else if (!ordered) {
		/* numbers that go back cannot all be right: keep the first as a hint only */
		sm_note(r, ls->v[h].no,
		        "REMOVE line numbers not increasing: the block is located by its text");
		e->hint_start = first;
	} else {
		e->flags |= SM_EDIT_NUMBERED;
		e->hint_start = first;
		/* the span, not the count: a gap is a line the model left out */
		e->hint_len = last - first + 1;
	}
	for (i = h + 1; i < d; i++) {
		const sm_rline *l = &ls->v[i];
		read_col(l->p, l->n, &c);
		if (c.no) {
			rc = sm_edit_add_line(e, SM_HL_DEL, l->p + c.text, l->n - c.text);
			/* each line's own number, not only the span's: a place whose lines stand
			   at other distances apart than these is not the one they were copied
			   from (match_ladder.c) */
			if (!rc && (e->flags & SM_EDIT_NUMBERED))
				e->lines[e->nlines - 1].no = (uint32_t)c.no;
		} else
			rc = add_plain(e, SM_HL_DEL, l, &a);
		if (rc)
			return SEAM_ENOMEM;
	}
	for (i = d + 1; i < t; i++)
		if (add_plain(e, SM_HL_ADD, &ls->v[i], &a))
			return SEAM_ENOMEM;
	return 0;
}

/*
 * Finds the end of the block whose REMOVE marker is at h. Returns 1 with *d and *t set (the
 * divider and the line ending the INSERT side), or 0 after a note, with *next set to the line
 * to go on from: a marker that cut the block short opens the next one.
 */
static int block_bounds(seam_reply *r, const sm_lines *ls, size_t h, size_t *d, size_t *t,
                        size_t *next)
{
	size_t k;
	int mk = MK_NONE;

	for (k = h + 1; k < ls->n; k++) {
		mk = marker(ls->v[k].p, ls->v[k].n);
		if (mk != MK_NONE)
			break;
	}
	if (mk != MK_DIV || k >= ls->n) {
		sm_note(r, ls->v[h].no, "REMOVE block without a ======= line, skipped");
		*next = k < ls->n && (mk == MK_TAIL || mk == MK_TAIL_BARE || mk == MK_CLOSE) ? k + 1
		                                                                             : k;
		return 0;
	}
	*d = k;
	/* a bare "=======" after the divider is content whose column was left out */
	for (k = *d + 1; k < ls->n; k++) {
		mk = marker(ls->v[k].p, ls->v[k].n);
		if (mk != MK_NONE && mk != MK_DIV)
			break;
	}
	if (k < ls->n && (mk == MK_TAIL || mk == MK_TAIL_BARE)) {
		*t = k;
		*next = k + 1;
		return 1;
	}
	if (k < ls->n && mk == MK_CLOSE) {
		/* the closing tag leaves no doubt where the new lines end */
		sm_note(r, ls->v[h].no,
		        "block without a >>>>>>> INSERT line, ended at </editblock>");
		*t = k;
		*next = k + 1;
		return 1;
	}
	sm_note(r, ls->v[h].no, "REMOVE block without a >>>>>>> INSERT line, skipped");
	*next = k;
	return 0;
}

int sm_lndiff_parse(seam_reply *r, const sm_lines *ls)
{
	char name[SM_PATH_MAX + 1];
	sm_carried_name cur = {0};
	size_t len, i = 0, h, d, t;
	long name_no = 0;
	sm_fileop *f;
	int rc;

	while (i < ls->n) {
		h = i;
		if (marker(ls->v[h].p, ls->v[h].n) != MK_HEAD) {
			i++;
			continue;
		}
		if (!block_bounds(r, ls, h, &d, &t, &i))
			continue;
		if (d == h + 1 && t == d + 1) {
			sm_note(r, ls->v[h].no, "empty REMOVE/INSERT block, skipped");
			continue;
		}
		len = sm_name_above(ls, h, stops_name, name, &name_no);
		if (!sm_carry_name(&cur, name, len)) {
			sm_note(r, ls->v[h].no,
			        "REMOVE block with no file name before it, skipped (write the path "
			        "alone on the line before <editblock>)");
			continue;
		}
		f = sm_reply_file(r, cur.name, cur.len, SEAM_OP_UPDATE,
		                  len ? name_no : ls->v[h].no);
		if (!f)
			return SEAM_ENOMEM;
		rc = emit_block(r, f, ls, h, d, t);
		if (rc)
			return rc;
	}
	return 0;
}

int sm_lndiff_may_end(const char *p, size_t n)
{
	int mk = marker(p, n);
	return mk == MK_TAIL || mk == MK_TAIL_BARE || mk == MK_CLOSE;
}
