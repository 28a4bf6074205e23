/*
 * The XML-tag tool calls of Cline and Roo Code / Kilo Code (their text protocol before native
 * tool calling), one tag per parameter:
 *
 *     <replace_in_file>                <apply_diff>
 *     <path>src/app.ts</path>          <path>src/app.ts</path>
 *     <diff>                           <diff>
 *     ------- SEARCH                   <<<<<<< SEARCH
 *     const x = 1;                     :start_line:12
 *     =======                          -------
 *     const x = 2;                     const x = 1;
 *     +++++++ REPLACE                  =======
 *     </diff>                          const x = 2;
 *     </replace_in_file>               >>>>>>> REPLACE
 *                                      </diff>
 *                                      </apply_diff>
 *
 * and <write_to_file> (<path>, <content>: the whole file), Roo's <insert_content> (<path>,
 * <line>, <content>: before line N, 0 = at the end). The path is the <path> parameter's, never
 * guessed from prose; the blocks are read by the SEARCH/REPLACE reader (fmt_editblock.c) with
 * each agent's conventions (SM_EB_CLINE, SM_EB_ROO). Cline's blocks are in file order and
 * applied in order: of several equal places, those before the block before are not meant
 * (Cline searches on from there); Roo's are sorted by their :start_line: hints, which tell apart places that fit
 * nearly as well and never override the text. A <path> is trimmed; a <content> keeps its lines and
 * ends at the last </content> of its tool, so that a file may hold that tag (Cline's rule).
 */
#include "format.h"
#include "tag.h"
#include "tool.h"
#include "../../util/alloc.h"

#include <string.h>

enum { XT_BLOCKS, XT_WHOLE, XT_INSERT };

static const struct xtool {
	const char *tag;
	const char *body; /* the parameter that holds the edit */
	int kind;
	unsigned conv; /* for XT_BLOCKS */
	seam_format_t fmt;
	int entities; /* the agent un-escapes HTML entities in the body (unescape_entities) */
} tools[] = {
    {"replace_in_file", "diff", XT_BLOCKS, SM_EB_CLINE, SEAM_FORMAT_CLINE, 1},
    {"write_to_file", "content", XT_WHOLE, 0, SEAM_FORMAT_CLINE, 1},
    {"apply_diff", "diff", XT_BLOCKS, SM_EB_ROO, SEAM_FORMAT_ROO, 1},
    {"insert_content", "content", XT_INSERT, 0, SEAM_FORMAT_ROO, 0},
};

#define NTOOLS (sizeof(tools) / sizeof(tools[0]))

static const struct xtool *tool_at(const sm_rline *l)
{
	size_t k;
	sm_tag t;

	if (!memchr(l->p, '<', l->n))
		return NULL;
	for (k = 0; k < NTOOLS; k++)
		if (sm_tag_at(l->p, l->n, tools[k].tag, &t) == SM_TAG_OPEN &&
		    sm_text_is_blank(l->p + t.end, l->n - t.end))
			return &tools[k];
	return NULL;
}

static int sniff_for(const sm_lines *ls, seam_format_t f)
{
	size_t i;

	for (i = 0; i < ls->n; i++) {
		const struct xtool *x = tool_at(&ls->v[i]);
		if (x && x->fmt == f)
			return 1;
	}
	return 0;
}

int sm_cline_sniff(const sm_lines *ls)
{
	return sniff_for(ls, SEAM_FORMAT_CLINE);
}

int sm_roo_sniff(const sm_lines *ls)
{
	return sniff_for(ls, SEAM_FORMAT_ROO);
}

/* A parameter of the tool between lines a and b (exclusive): the first line opening <name>.
 * Its value, trimmed, goes to *s (spans into the reply); *at is its line. 1 when found and
 * closed, 0 when absent, SEAM_ENOMEM when out of memory. */
static int param(const sm_lines *ls, size_t a, size_t b, const char *name, sm_spans *s,
                 size_t *at)
{
	size_t i, next;
	sm_tag t;
	sm_lines sub = {ls->v, b, 0};

	for (i = a; i < b; i++) {
		int kind = sm_tag_at(ls->v[i].p, ls->v[i].n, name, &t);
		if (kind != SM_TAG_OPEN && kind != SM_TAG_EMPTY)
			continue;
		*at = i;
		return sm_tag_block(&sub, i, &t, name, NULL, s, &next);
	}
	return 0;
}

/* The one-line value of a parameter (a path, a number): its non-blank spans must be one. */
static int one_line(const sm_spans *s, const char **p, size_t *n)
{
	size_t i, seen = 0;

	for (i = 0; i < s->n; i++) {
		const char *q = s->v[i].p;
		size_t k = s->v[i].n;
		sm_trim(&q, &k);
		if (!k)
			continue;
		if (seen++)
			return 0;
		*p = q;
		*n = k;
	}
	return seen == 1;
}

/*
 * The body parameter (<diff>, <content>) between lines a and b: from its opening tag to the
 * LAST line in range that ends with its closing tag. Its lines go to *out (spans into the
 * reply, line numbers kept). 1 when found and closed, 0 when absent or never closed,
 * SEAM_ENOMEM when out of memory.
 */
static int body(const sm_lines *ls, size_t a, size_t b, const char *name, sm_lines *out,
                size_t *at)
{
	size_t i, d = b, e = b, c;
	sm_tag t;

	for (i = a; i < b && d == b; i++)
		if (sm_tag_at(ls->v[i].p, ls->v[i].n, name, &t) == SM_TAG_OPEN)
			d = i;
	if (d == b)
		return 0;
	*at = d;
	c = sm_tag_close_at_end(ls->v[d].p, ls->v[d].n, name);
	if (c != (size_t)-1 && c >= t.end) {
		/* <content>text</content> on one line */
		if (sm_grow((void **)&out->v, &out->cap, 1, sizeof(*out->v)))
			return SEAM_ENOMEM;
		out->v[0] = ls->v[d];
		out->v[0].p += t.end;
		out->v[0].n = c - t.end;
		out->n = 1;
		return 1;
	}
	for (i = b; i-- > d + 1;)
		if (sm_tag_close_at_end(ls->v[i].p, ls->v[i].n, name) != (size_t)-1) {
			e = i;
			break;
		}
	if (e == b)
		return 0;
	if (sm_grow((void **)&out->v, &out->cap, e - d + 1, sizeof(*out->v)))
		return SEAM_ENOMEM;
	out->n = 0;
	if (!sm_text_is_blank(ls->v[d].p + t.end, ls->v[d].n - t.end)) {
		out->v[out->n] = ls->v[d];
		out->v[out->n].p += t.end;
		out->v[out->n++].n -= t.end;
	}
	for (i = d + 1; i < e; i++)
		out->v[out->n++] = ls->v[i];
	c = sm_tag_close_at_end(ls->v[e].p, ls->v[e].n, name);
	if (!sm_text_is_blank(ls->v[e].p, c)) {
		out->v[out->n] = ls->v[e];
		out->v[out->n++].n = c;
	}
	return 1;
}

/* A content keeps its lines (the lines between the tag lines are the file's: blank lines at
 * its ends are the file's too); a fence around the whole of it goes (both agents strip one). */
static void unfence(sm_lines *c)
{
	sm_fence_mark m;

	if (c->n >= 2 && sm_fence_line(c->v[0].p, c->v[0].n, &m) && (m.ch == '`' || m.ch == '~') &&
	    sm_fence_closes(&m, c->v[c->n - 1].p, c->v[c->n - 1].n)) {
		memmove(c->v, c->v + 1, (c->n - 2) * sizeof(*c->v));
		c->n -= 2;
	}
}

/* The entities Cline and Roo decode in a <diff> or <content> (for models other than Claude,
 * which write "<" as "&lt;" inside XML-ish tags): decoded in one pass, so "&amp;lt;" gives
 * "&lt;" as their chain of replacements does. */
static const struct ent {
	const char *name;
	size_t n;
	char c;
} ents[] = {{"&lt;", 4, '<'},   {"&gt;", 4, '>'},   {"&quot;", 6, '"'},
            {"&apos;", 6, '\''}, {"&#39;", 5, '\''}, {"&amp;", 5, '&'}};

#define NENTS (sizeof(ents) / sizeof(ents[0]))

/* A marker line of a SEARCH/REPLACE block ("<<<<<<< SEARCH", ">>>>>>> REPLACE"): its angle
 * brackets are the block's, not the code's. */
static int angle_marker(const char *p, size_t n)
{
	size_t i = 0, k;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	for (k = i; k < n && p[k] == p[i] && (p[i] == '<' || p[i] == '>'); k++)
		;
	return k - i >= 5;
}

/* p[0..n) with the entities decoded into d (n bytes at least); the decoded length. */
static size_t decode(const char *p, size_t n, char *d)
{
	size_t k = 0, j = 0, e;

	while (k < n) {
		for (e = 0; e < NENTS; e++)
			if (p[k] == '&' && n - k >= ents[e].n && !memcmp(p + k, ents[e].name, ents[e].n))
				break;
		if (e < NENTS) {
			d[j++] = ents[e].c;
			k += ents[e].n;
		} else {
			d[j++] = p[k++];
		}
	}
	return j;
}

/*
 * Cline and Roo un-escape HTML entities in these values for models other than Claude; which
 * model wrote a reply is not known here, so the text must show it: the value holds "&lt;" or
 * "&gt;" and not one raw '<' or '>' outside marker lines (an escaping model escapes them all;
 * code that writes the entity itself nearly always has a raw angle bracket beside it). Cline
 * leaves .xml files as written. 1 when the value is to be decoded; 2 when, besides, a marker
 * line is written with entities (the value must be decoded before its blocks are read).
 */
static int entities_in(const sm_lines *b, const char *path, int cline)
{
	size_t i, k, plen = strlen(path);
	int escaped = 0, markers = 0;
	char d[20]; /* the decoded first 20 bytes of a line (at most 20) */

	if (cline && plen >= 4 && path[plen - 4] == '.' && (path[plen - 3] | 0x20) == 'x' &&
	    (path[plen - 2] | 0x20) == 'm' && (path[plen - 1] | 0x20) == 'l')
		return 0;
	for (i = 0; i < b->n; i++) {
		const char *p = b->v[i].p;
		size_t n = b->v[i].n;
		if (angle_marker(p, n))
			continue;
		if (memchr(p, '<', n) || memchr(p, '>', n))
			return 0;
		for (k = 0; k + 4 <= n && !escaped; k++)
			escaped = p[k] == '&' && (!memcmp(p + k, "&lt;", 4) || !memcmp(p + k, "&gt;", 4));
		/* "&lt;&lt;&lt;&lt;&lt;&lt;&lt; SEARCH": its first 5 decoded bytes show it */
		k = 0;
		while (k < n && (p[k] == ' ' || p[k] == '\t'))
			k++;
		if (n - k >= 20 && !markers)
			markers = angle_marker(d, decode(p + k, 20, d));
	}
	return escaped ? 1 + markers : 0;
}

/* Decodes the lines of b in place (kept on the reply). SEAM_ENOMEM or 0. */
static int decode_lines(seam_reply *r, sm_lines *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		char *d;
		if (!memchr(b->v[i].p, '&', b->v[i].n))
			continue;
		if (!(d = sm_reply_keep(r, b->v[i].p, b->v[i].n)))
			return SEAM_ENOMEM;
		b->v[i].n = decode(b->v[i].p, b->v[i].n, d);
		b->v[i].p = d;
	}
	return 0;
}

/*
 * Reads the blocks of a value (sm_editblock_read) whose entities are to be decoded (how: `how`,
 * from entities_in). The blocks are read from the text as written and each line decoded after,
 * its text as written kept in the edit's `literal`: the agent decodes only for some models, and
 * a file may hold "&lt;" as text (HTML, a string) that a block quotes as it is; the planner lets
 * the file tell which was meant (plan_entity.c). SEAM_ENOMEM or 0.
 */
static int read_decoded(seam_reply *r, sm_lines *b, const char *path, size_t plen, long no,
                        unsigned conv, int how)
{
	size_t before = r->total_edits, q, k;
	sm_fileop *f;
	int rc;

	if (how == 2) {
		if ((rc = decode_lines(r, b)))
			return rc;
		return sm_editblock_read(r, b, path, plen, no, conv);
	}
	if ((rc = sm_editblock_read(r, b, path, plen, no, conv)) || r->total_edits <= before)
		return rc;
	if (!(f = sm_reply_file(r, path, plen, SEAM_OP_UPDATE, no)))
		return SEAM_ENOMEM;
	for (q = f->nedits - (r->total_edits - before < f->nedits ? r->total_edits - before
	                                                             : f->nedits);
	     q < f->nedits; q++) {
		sm_edit *e = &f->edits[q];
		for (k = 0; k < e->nlines; k++) {
			sm_span *t = &e->lines[k].text;
			char *d;
			size_t n;
			if (!memchr(t->p, '&', t->n))
				continue;
			if (!(d = sm_reply_keep(r, t->p, t->n)))
				return SEAM_ENOMEM;
			n = decode(t->p, t->n, d);
			if (n == t->n)
				continue;
			if (!e->literal) {
				size_t j;
				if (!(e->literal = sm_malloc(e->nlines * sizeof(*e->literal))))
					return SEAM_ENOMEM;
				for (j = 0; j < e->nlines; j++)
					e->literal[j] = e->lines[j].text;
			}
			t->p = d;
			t->n = n;
		}
	}
	return 0;
}

static int add_lines(sm_edit *e, const sm_lines *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (sm_edit_add_line(e, SM_HL_ADD, c->v[i].p, c->v[i].n))
			return SEAM_ENOMEM;
	return 0;
}

/* The first line in [a, b) that closes `name` (the tag ending the line), b when none. */
static size_t close_line(const sm_lines *ls, size_t a, size_t b, const char *name)
{
	for (; a < b; a++)
		if (sm_tag_close_at_end(ls->v[a].p, ls->v[a].n, name) != (size_t)-1)
			return a;
	return b;
}

/* The first line in [a, b) that opens `name`, b when none. */
static size_t open_line(const sm_lines *ls, size_t a, size_t b, const char *name)
{
	sm_tag t;

	for (; a < b; a++)
		if (memchr(ls->v[a].p, '<', ls->v[a].n) &&
		    sm_tag_at(ls->v[a].p, ls->v[a].n, name, &t) == SM_TAG_OPEN)
			return a;
	return b;
}

/* A <content> of Roo's multi-file form may wrap its blocks in <![CDATA[ ... ]]>: the wrapper
 * goes (a line left blank by it too). */
static void uncdata(sm_lines *c)
{
	sm_rline *l;
	size_t n;

	if (!c->n)
		return;
	l = &c->v[0];
	n = 0;
	while (n < l->n && (l->p[n] == ' ' || l->p[n] == '\t'))
		n++;
	if (l->n - n < 9 || memcmp(l->p + n, "<![CDATA[", 9))
		return;
	l->p += n + 9;
	l->n -= n + 9;
	l = &c->v[c->n - 1];
	n = l->n;
	while (n && (l->p[n - 1] == ' ' || l->p[n - 1] == '\t' || l->p[n - 1] == '\r'))
		n--;
	if (n >= 3 && !memcmp(l->p + n - 3, "]]>", 3))
		l->n = n - 3;
	if (c->n && sm_text_is_blank(c->v[c->n - 1].p, c->v[c->n - 1].n))
		c->n--;
	if (c->n && sm_text_is_blank(c->v[0].p, c->v[0].n)) {
		memmove(c->v, c->v + 1, (c->n - 1) * sizeof(*c->v));
		c->n--;
	}
}

/* A <file> or <diff> tag that opens a line with more after it ("<file><path>a.ts</path>",
 * "<diff><content><![CDATA["), as models write Roo's multi-file form, is read as if what follows
 * it began the next line: lines [a, b) of ls into out, each such line cut in two (the same
 * reply line number on both). */
static int split_opening_tags(const sm_lines *ls, size_t a, size_t b, sm_lines *out)
{
	static const char *const names[] = {"file", "diff"};
	size_t i, k;
	sm_tag t;

	out->n = 0;
	if (sm_grow((void **)&out->v, &out->cap, 2 * (b - a) + 1, sizeof(*out->v)))
		return SEAM_ENOMEM;
	for (i = a; i < b; i++) {
		sm_rline l = ls->v[i];
		for (k = 0; k < sizeof(names) / sizeof(*names); k++)
			if (memchr(l.p, '<', l.n) && sm_tag_at(l.p, l.n, names[k], &t) == SM_TAG_OPEN &&
			    !sm_text_is_blank(l.p + t.end, l.n - t.end))
				break;
		if (k == sizeof(names) / sizeof(*names)) {
			out->v[out->n++] = l;
			continue;
		}
		out->v[out->n] = l;
		out->v[out->n++].n = t.end;
		l.p += t.end;
		l.n -= t.end;
		out->v[out->n++] = l;
	}
	return 0;
}

/*
 * Roo's multi-file apply_diff (its XML era, behind an experiment):
 *
 *     <apply_diff><args>
 *     <file><path>a.ts</path>
 *       <diff><content><![CDATA[ ...blocks... ]]></content><start_line>12</start_line></diff>
 *       ...more <diff> of that file...
 *     </file>
 *     ...more <file>...
 *     </args></apply_diff>
 *
 * each <diff>'s blocks read as one apply_diff's; its <start_line> is the hint of the blocks
 * that carry no :start_line: of their own. Each tag opens its line, as Roo's prompt writes
 * them (<content><![CDATA[ together).
 */
static int read_args(seam_reply *r, const sm_lines *ls, const struct xtool *x, size_t h,
                     size_t end)
{
	char path[SM_PATH_MAX + 1];
	size_t fi = h + 1, fend, di, dend, nd, at, bat, plen, n, q, first;
	sm_spans ps = {0};
	sm_lines fl = {0};
	const sm_lines *fs = &fl;
	int rc = 0, got, how;

	while (!rc && (fi = open_line(ls, fi, end, "file")) < end) {
		const char *p = NULL;
		/* the file's lines: [fi, fend) (an unclosed one runs to the end of the call) */
		fend = close_line(ls, fi, end, "file");
		fend = fend < end ? fend + 1 : end;
		if (split_opening_tags(ls, fi, fend, &fl))
			goto oom;
		at = 0;
		plen = 0;
		got = param(fs, 0, fl.n, "path", &ps, &at);
		if (got < 0)
			break;
		if (got && one_line(&ps, &p, &n))
			plen = sm_path_lexical(p, n, SM_PATH_MAX, path);
		if (!plen) {
			sm_note(r, fs->v[0].no, "<%s> <file> without a usable <path>, skipped", x->tag);
			fi = fend;
			continue;
		}
		for (di = open_line(fs, at, fl.n, "diff"); !rc && di < fl.n; di = nd) {
			sm_lines b = {0};
			sm_fileop *f;
			long hint = 0;
			/* the diff runs to its last </diff> before the next <diff> of this file */
			nd = open_line(fs, di + 1, fl.n, "diff");
			for (dend = nd; dend > di && sm_tag_close_at_end(fs->v[dend - 1].p,
			                                                 fs->v[dend - 1].n,
			                                                 "diff") == (size_t)-1;
			     dend--)
				;
			if (dend == di) {
				sm_note(r, fs->v[di].no, "<diff> for %s never closed, skipped", path);
				continue;
			}
			got = body(fs, di, dend, "content", &b, &bat);
			if (got <= 0) {
				sm_free(b.v);
				if (got < 0)
					goto oom;
				sm_note(r, fs->v[di].no,
				        "<diff> for %s without a complete <content>, skipped", path);
				continue;
			}
			/* its <start_line>, after the content */
			q = close_line(fs, bat, dend, "content");
			got = param(fs, q < dend ? q + 1 : dend, dend, "start_line", &ps, &q);
			if (got > 0 && one_line(&ps, &p, &n) && n <= 9)
				for (q = 0; q < n && hint >= 0; q++)
					hint = p[q] >= '0' && p[q] <= '9' ? hint * 10 + (p[q] - '0') : -1;
			if (got < 0) {
				sm_free(b.v);
				goto oom;
			}
			uncdata(&b);
			unfence(&b);
			f = sm_reply_file(r, path, plen, SEAM_OP_UPDATE, fs->v[at].no);
			if (!f) {
				sm_free(b.v);
				goto oom;
			}
			first = f->nedits;
			how = x->entities ? entities_in(&b, path, 0) : 0;
			if (how)
				rc = read_decoded(r, &b, path, plen, fs->v[at].no, x->conv, how);
			else
				rc = sm_editblock_read(r, &b, path, plen, fs->v[at].no, x->conv);
			f = sm_reply_file(r, path, plen, SEAM_OP_UPDATE, fs->v[at].no);
			sm_free(b.v);
			if (!rc && hint > 0) {
				for (q = first; q < f->nedits; q++)
					if (f->edits[q].hint_start <= 0)
						f->edits[q].hint_start = hint;
				sm_editblock_sort_hints(f, first);
			}
		}
		fi = fend;
	}
	sm_free(ps.v);
	sm_free(fl.v);
	return rc;
oom:
	sm_free(ps.v);
	sm_free(fl.v);
	return SEAM_ENOMEM;
}

/* One tool call, opened at line h, whose parameters lie before line end. */
static int read_tool(seam_reply *r, const sm_lines *ls, const struct xtool *x, size_t h,
                     size_t end)
{
	char path[SM_PATH_MAX + 1], shown[SM_TOOL_SAFE_MAX + 4];
	sm_spans ps = {0};
	sm_lines b = {0};
	size_t at = h, bat = h, plen = 0, n = 0;
	const char *p = NULL;
	long line = ls->v[h].no, k = 0;
	int got, rc = 0, how;
	sm_fileop *f;
	sm_edit *e;

	if (x->kind == XT_BLOCKS && (x->conv & SM_EB_ROO) && open_line(ls, h + 1, end, "args") < end)
		return read_args(r, ls, x, h, end);
	got = param(ls, h + 1, end, "path", &ps, &at);
	if (got < 0)
		return SEAM_ENOMEM;
	if (got && one_line(&ps, &p, &n))
		plen = sm_path_lexical(p, n, SM_PATH_MAX, path);
	if (!plen) {
		if (!got)
			sm_note(r, line, "<%s> without a <path>, skipped", x->tag);
		else
			sm_note(r, ls->v[at].no, "<%s> with an unusable <path> \"%s\", skipped",
			        x->tag, p ? sm_tool_safe(p, n, shown) : "");
		goto out;
	}
	got = body(ls, at + 1, end, x->body, &b, &bat);
	if (got < 0) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	if (!got) {
		sm_note(r, line, "<%s> for %s without a complete <%s>...</%s>, skipped", x->tag,
		        path, x->body, x->body);
		goto out;
	}
	how = x->entities ? entities_in(&b, path, x->fmt == SEAM_FORMAT_CLINE) : 0;
	if (x->kind == XT_BLOCKS) {
		if (how)
			rc = read_decoded(r, &b, path, plen, ls->v[at].no, x->conv, how);
		else
			rc = sm_editblock_read(r, &b, path, plen, ls->v[at].no, x->conv);
		goto out;
	}
	if (how && (rc = decode_lines(r, &b)))
		goto out;
	if (x->kind == XT_INSERT) {
		size_t lat, q;
		got = param(ls, h + 1, bat, "line", &ps, &lat); /* not inside the content */
		if (got < 0) {
			rc = SEAM_ENOMEM;
			goto out;
		}
		k = -1;
		if (got && one_line(&ps, &p, &n) && n <= 9)
			for (k = 0, q = 0; q < n && k >= 0; q++)
				k = p[q] >= '0' && p[q] <= '9' ? k * 10 + (p[q] - '0') : -1;
		if (k < 0) {
			sm_note(r, line, "<insert_content> for %s without a line number <line>, "
			        "skipped", path);
			goto out;
		}
	}
	unfence(&b);
	f = sm_reply_file(r, path, plen, x->kind == XT_WHOLE ? SEAM_OP_WHOLE : SEAM_OP_UPDATE,
	                  ls->v[at].no);
	if (!f) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	if ((rc = sm_reply_new_edit(r, f, ls->v[bat].no, &e)))
		goto out;
	if (x->kind == XT_INSERT && k > 0) {
		/* before line k; 0 appends (an edit with no old side does) */
		e->kind = SM_KIND_INSERT;
		e->hint_start = k - 1;
	}
	rc = add_lines(e, &b);
out:
	sm_free(ps.v);
	sm_free(b.v);
	return rc;
}

/* The edits read from reply line `from` on may still change with more text (a stream). */
static void mark_open(seam_reply *r, long from)
{
	size_t f, k;

	for (f = 0; f < r->nfiles; f++)
		for (k = 0; k < r->files[f].nedits; k++)
			if (r->files[f].edits[k].reply_line >= from)
				r->files[f].edits[k].open = 1;
}

int sm_xmltool_parse(seam_reply *r, const sm_lines *ls)
{
	size_t i = 0, j;
	int rc = 0;

	while (!rc && i < ls->n) {
		const struct xtool *x = tool_at(&ls->v[i]), *y;
		size_t end;
		if (!x) {
			i++;
			continue;
		}
		/* the call runs to its last closing tag before the next call of the same tool:
		   another tool's tags before that are its text (a file may hold them) */
		for (j = i + 1; j < ls->n && ((y = tool_at(&ls->v[j])) == NULL || y != x); j++)
			;
		for (end = j; end > i + 1; end--)
			if (sm_tag_close_at_end(ls->v[end - 1].p, ls->v[end - 1].n, x->tag) !=
			    (size_t)-1)
				break;
		if (end == i + 1) {
			/* cut off: what follows is its text, not calls */
			sm_note(r, ls->v[i].no, "<%s> never closed (no </%s>): the reply was cut "
			        "off; nothing after it was read", x->tag, x->tag);
			break;
		}
		rc = read_tool(r, ls, x, i, end - 1);
		/* no later call of this tool: a closing tag further on would still extend it */
		if (!rc && j == ls->n)
			mark_open(r, ls->v[i].no);
		i = end;
	}
	return rc;
}

int sm_xmltool_may_end(const char *p, size_t n)
{
	size_t k;

	for (k = 0; k < NTOOLS; k++)
		if (sm_tag_close_at_end(p, n, tools[k].tag) != (size_t)-1)
			return 1;
	return 0;
}
