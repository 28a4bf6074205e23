/*
 * Which format a reply is written in, and reading it. Detection looks for markers, most
 * specific first: <update_lines>/<copy_lines> and <selected_snippet> tags belong to one format
 * each and to no other, so they come first; agents' tool tags (<replace_in_file>, <apply_diff>,
 * <function=...>) carry SEARCH/REPLACE blocks, diffs and JSON in their values, so they come
 * before those formats (a SEARCH/REPLACE-like line in their content must
 * not send the reply elsewhere); an <editblock> with REMOVE/INSERT is an ln-diff even though its
 * markers look like SEARCH/REPLACE ones; "*** Begin Patch" holds @@ and +/- lines a diff reader
 * would take (patch file sections without it are tried only after the formats with markers of
 * their own: a SEARCH side may quote such a line); SEARCH/REPLACE markers cannot be mistaken for
 * anything else; diff headers and @@ lines rarely appear in prose; a JSON tool call needs an
 * object with its keys; a whole file is only a name and a fence, so it comes last. When the
 * first format whose markers are present reads no edit, the next one whose markers are present
 * gets its turn (prose quoting a marker must not hide the real edits), but not the whole-file
 * reader, unless every marker lies inside the files it reads and none of them opens with
 * markers (markers_in_files): a file may quote a diff in a docstring, and the diff reader
 * finding no hunk there says the markers were the file's text.
 */
#include "format.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"
#include "../../util/text.h"

#include <stdlib.h>
#include <string.h>

/* A patch's sections and chunks end where a diff's hunks do: at a line that is not a hunk line
 * ("***" markers and "@@" lines are not). */
static const sm_format formats[] = {
    {"numbered", SEAM_FORMAT_NUMBERED, sm_numbered_sniff, sm_numbered_parse,
     sm_numbered_may_end},
    {"snippet", SEAM_FORMAT_SNIPPET, sm_snippet_sniff, sm_snippet_parse, sm_snippet_may_end},
    {"lndiff", SEAM_FORMAT_LNDIFF, sm_lndiff_sniff, sm_lndiff_parse, sm_lndiff_may_end},
    /* agents' tool tags: their values hold SEARCH/REPLACE blocks, diffs and JSON */
    {"cline", SEAM_FORMAT_CLINE, sm_cline_sniff, sm_xmltool_parse, sm_xmltool_may_end},
    {"roo", SEAM_FORMAT_ROO, sm_roo_sniff, sm_xmltool_parse, sm_xmltool_may_end},
    {"textcall", SEAM_FORMAT_TEXTCALL, sm_textcall_sniff, sm_textcall_parse,
     sm_textcall_may_end},
    {"edits", SEAM_FORMAT_EDITS, sm_edits_sniff, sm_edits_parse, sm_edits_may_end},
    {"sweagent", SEAM_FORMAT_SWEAGENT, sm_sweagent_sniff, sm_sweagent_parse,
     sm_sweagent_may_end},
    {"patch", SEAM_FORMAT_PATCH, sm_patch_sniff, sm_patch_parse, sm_udiff_may_end},
    {"editblock", SEAM_FORMAT_EDITBLOCK, sm_editblock_sniff, sm_editblock_parse,
     sm_editblock_may_end},
    {"udiff", SEAM_FORMAT_UDIFF, sm_udiff_sniff, sm_udiff_parse, sm_udiff_may_end},
    {"toolcall", SEAM_FORMAT_TOOLCALL, sm_toolcall_sniff, sm_toolcall_parse, sm_toolcall_may_end},
    {"patch", SEAM_FORMAT_PATCH, sm_patch_sniff_loose, sm_patch_parse, sm_udiff_may_end},
    {"numbered", SEAM_FORMAT_NUMBERED, sm_numbered_sniff, sm_numbered_parse,
     sm_numbered_may_end},
    {"snippet", SEAM_FORMAT_SNIPPET, sm_snippet_sniff, sm_snippet_parse, sm_snippet_may_end},
    {"fastapply", SEAM_FORMAT_FASTAPPLY, sm_fastapply_sniff, sm_fastapply_parse,
     sm_fastapply_may_end},
    {"whole", SEAM_FORMAT_WHOLE, sm_whole_sniff, sm_whole_parse, sm_whole_may_end},
};

const sm_format *sm_format_get(seam_format_t f)
{
	size_t i;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].id == f)
			return &formats[i];
	return NULL;
}

static int parse(const sm_format *fmt, seam_reply *r, const sm_lines *ls)
{
	int rc = fmt->parse(r, ls);
	if (!rc)
		sm_reply_drop_empty_updates(r);
	return rc;
}

#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

int sm_format_may_end(seam_format_t f, const char *p, size_t n)
{
	const sm_format *fmt = sm_format_get(f);
	size_t i;

	if (fmt)
		return fmt->may_end(p, n);
	for (i = 0; i < NFORMATS; i++)
		if (formats[i].may_end(p, n))
			return 1;
	return 0;
}

/* What each format's sniffer says of one set of lines, asked once: detection and the mixed
 * check ask the same sniffers of the same lines, and two entries share a sniffer. */
typedef struct sniffs {
	const sm_lines *ls;
	signed char v[NFORMATS]; /* -1 not asked yet */
} sniffs;

static void sniffs_init(sniffs *s, const sm_lines *ls)
{
	s->ls = ls;
	memset(s->v, -1, sizeof(s->v));
}

static int sniff_at(sniffs *s, size_t i)
{
	size_t j;

	if (s->v[i] >= 0)
		return s->v[i];
	for (j = 0; j < NFORMATS; j++)
		if (j != i && s->v[j] >= 0 && formats[j].sniff == formats[i].sniff)
			return s->v[i] = s->v[j];
	return s->v[i] = formats[i].sniff(s->ls) ? 1 : 0;
}

/* How many leading lines it takes for sniff to say yes; ls->n + 1 when it never does. Every
 * sniffer looks for marker lines, so once a prefix has them every longer one has. */
static size_t first_marker(int (*sniff)(const sm_lines *), const sm_lines *ls)
{
	sm_lines pre = *ls;
	size_t lo = 1, hi = ls->n + 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		pre.n = mid;
		if (sniff(&pre))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * The tag formats come first, but a SEARCH/REPLACE block that opens before their first tag is
 * the reply's structure, and the tag a line of its text: those formats then wait for their
 * second place, after the others.
 */
static int yields(const sm_format *f, const sm_lines *ls)
{
	if (f != &formats[0] && f != &formats[1])
		return 0;
	return sm_editblock_sniff(ls) && sm_editblock_first_head(ls) + 1 < first_marker(f->sniff, ls);
}

/* The reply lines an edit spans: from where it starts to its last line that is reply text
 * (lines a parser decoded, as JSON strings, live elsewhere and only the start counts). */
static void edit_span(const seam_reply *r, const sm_edit *e, const size_t *nl, size_t nnl,
                      long *lo, long *hi)
{
	size_t k;

	*lo = *hi = e->reply_line;
	for (k = 0; k < e->nlines; k++) {
		const char *p = e->lines[k].text.p;
		long no;
		if (!p || p < r->text || p > r->text + r->len)
			continue;
		no = sm_text_line_at(nl, nnl, (size_t)(p - r->text));
		if (no < *lo)
			*lo = no;
		if (no > *hi)
			*hi = no;
	}
}

/* The line spans of the edits read, sorted by first line; top[i] is the highest last line of
 * spans 0..i, so that one binary search tells whether any span meets a range. */
typedef struct spans {
	struct span {
		long lo, hi;
	} *v;
	long *top;
	size_t n;
	const size_t *nl;
	size_t nnl;
} spans;

static int by_lo(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int spans_build(spans *sp, const seam_reply *r)
{
	size_t i, j, k = 0, n = 1;

	for (i = 0; i < r->nfiles; i++)
		n += r->files[i].nedits;
	sp->v = sm_calloc(n, sizeof(*sp->v));
	sp->top = sm_calloc(n, sizeof(*sp->top));
	if (!sp->v || !sp->top)
		return SEAM_ENOMEM;
	for (i = 0; i < r->nfiles; i++)
		for (j = 0; j < r->files[i].nedits; j++, k++)
			edit_span(r, &r->files[i].edits[j], sp->nl, sp->nnl, &sp->v[k].lo,
			          &sp->v[k].hi);
	sp->n = k;
	qsort(sp->v, sp->n, sizeof(*sp->v), by_lo);
	for (k = 0; k < sp->n; k++)
		sp->top[k] = k && sp->top[k - 1] > sp->v[k].hi ? sp->top[k - 1] : sp->v[k].hi;
	return 0;
}

/* 1 when some span meets lines lo..hi. */
static int covered(const spans *sp, long lo, long hi)
{
	size_t a = 0, b = sp->n;

	while (a < b) { /* a: the first span starting after hi */
		size_t m = a + (b - a) / 2;
		if (sp->v[m].lo <= hi)
			a = m + 1;
		else
			b = m;
	}
	return a > 0 && sp->top[a - 1] >= lo;
}

/* The first edit that reader `f` finds outside every span, if any: *line gets its reply
 * line. 0, or SEAM_ENOMEM. */
static int unread_by(const seam_reply *r, const sm_format *f, const sm_lines *ls,
                     const spans *sp, long *line)
{
	seam_reply other = {0};
	size_t i, j;
	int rc;

	other.text = r->text;
	other.len = r->len;
	other.max_edits = r->max_edits;
	other.format = f->id;
	rc = parse(f, &other, ls);
	for (i = 0; !rc && !*line && i < other.nfiles; i++) {
		const sm_fileop *fo = &other.files[i];
		long lo, hi;
		/* a file deleted or renamed with no edit is its header line */
		if (!fo->nedits && !covered(sp, fo->reply_line, fo->reply_line))
			*line = fo->reply_line;
		for (j = 0; !*line && j < fo->nedits; j++) {
			edit_span(&other, &fo->edits[j], sp->nl, sp->nnl, &lo, &hi);
			if (!covered(sp, lo, hi))
				*line = fo->edits[j].reply_line;
		}
	}
	sm_reply_clear(&other);
	sm_buf_dispose(&other.notes);
	return rc == SEAM_ENOMEM ? rc : 0;
}

/*
 * A reply that mixes formats (SEARCH/REPLACE blocks, then a diff) is read in the one its
 * markers point at first; the other part would be dropped and the reply half applied. Every
 * other format whose markers are present reads the text too, and an edit it finds outside the
 * edits read is recorded (r->mixed_line), for seam_reply_parse to refuse the reply. An edit it
 * finds inside one (a SEARCH side quoting a diff) is that edit's text. Whole files are not
 * asked: a file name and a fence are in most replies.
 */
static int find_mixed(seam_reply *r, const sm_lines *ls, const sm_format *used, sniffs *sn)
{
	spans sp = {0};
	size_t i, *nl = NULL;
	long line = 0;
	int rc = 0;

	for (i = 0; !rc && i < NFORMATS - 1; i++) {
		if (formats[i].id == used->id || !sniff_at(sn, i) || yields(&formats[i], ls))
			continue;
		if (!nl) {
			if (sm_text_newlines(r->text, r->len, &nl, &sp.nnl))
				return SEAM_ENOMEM;
			sp.nl = nl;
			if ((rc = spans_build(&sp, r)))
				break;
		}
		rc = unread_by(r, &formats[i], ls, &sp, &line);
		if (line) {
			r->mixed_line = line;
			r->mixed_format = formats[i].id;
			break;
		}
	}
	sm_free(sp.v);
	sm_free(sp.top);
	sm_free(nl);
	return rc;
}

/*
 * 1 when the whole-file reader may have its turn after the formats with markers read nothing:
 * the markers all lie inside named, closed fences (their content taken out, no format with
 * markers recognises the reply any more), and none of those fences opens with markers in its
 * first SM_WHOLE_HEAD_LINES lines (that is a broken edit in a fence, which must not be written
 * into a file). Then the markers were the text of a file, as a docstring quoting a diff. 0 or
 * 1, or SEAM_ENOMEM.
 */
static int markers_in_files(const sm_lines *ls)
{
	char name[SM_PATH_MAX + 1];
	sm_lines masked = *ls, head = {0};
	sm_fence *fs = NULL;
	size_t nf = 0, i, j, k, from;
	long name_no;
	int inside, ok = 1, named = 0;

	if (sm_fences_find(ls, &fs, &nf))
		return SEAM_ENOMEM;
	masked.v = sm_malloc((ls->n ? ls->n : 1) * sizeof(*masked.v));
	if (!masked.v) {
		sm_free(fs);
		return SEAM_ENOMEM;
	}
	memcpy(masked.v, ls->v, ls->n * sizeof(*masked.v));
	for (i = 0; ok && i < nf; i++) {
		if (fs[i].close >= ls->n || !sm_fence_name(ls, &fs[i], name, &name_no, &inside))
			continue;
		from = fs[i].open + 1 + (size_t)inside;
		/* the fence's first lines with text, on their own */
		for (j = from; j < fs[i].close && !ls->v[j].n; j++)
			;
		head.v = ls->v + j;
		for (head.n = 0, k = j; k < fs[i].close && head.n < SM_WHOLE_HEAD_LINES; k++)
			head.n++;
		for (k = 0; ok && head.n && k < NFORMATS - 1; k++)
			if (formats[k].sniff(&head))
				ok = 0;
		for (j = from; j < fs[i].close; j++)
			masked.v[j].n = 0;
		named = 1;
	}
	for (k = 0; ok && k < NFORMATS - 1; k++)
		if (formats[k].sniff(&masked))
			ok = 0;
	sm_free(masked.v);
	sm_free(fs);
	return ok && named;
}

static int read_as(seam_reply *r, const sm_lines *ls, seam_format_t forced)
{
	const sm_format *fmt = sm_format_get(forced), *first = NULL;
	sniffs sn;
	size_t i;
	int rc;

	if (fmt) {
		r->format = fmt->id;
		r->forced = 1;
		return parse(fmt, r, ls);
	}
	sniffs_init(&sn, ls);
	for (i = 0; i < NFORMATS; i++) {
		if (!sniff_at(&sn, i) || yields(&formats[i], ls))
			continue;
		/* a file name and a fence are in most replies: after a format with real markers
		   found nothing, reading its fences as whole files would overwrite files with
		   broken blocks, unless the markers were the files' own text */
		if (first && i == NFORMATS - 1) {
			if ((rc = markers_in_files(ls)) < 0)
				return rc;
			if (!rc)
				break;
		}
		if (first) {
			/* the first reader found nothing: forget what it noted and try this one */
			sm_reply_clear(r);
			sm_buf_clear(&r->notes);
		} else {
			first = &formats[i];
		}
		r->format = formats[i].id;
		rc = parse(&formats[i], r, ls);
		if (!rc && r->nfiles && i < NFORMATS - 1)
			rc = find_mixed(r, ls, &formats[i], &sn);
		if (rc || r->nfiles)
			return rc;
	}
	if (!first)
		first = &formats[NFORMATS - 1];
	else if (first == &formats[NFORMATS - 1] || r->format == first->id)
		return 0;
	/* nothing anywhere: the notes of the format the markers pointed at first */
	sm_reply_clear(r);
	sm_buf_clear(&r->notes);
	r->format = first->id;
	return parse(first, r, ls);
}

int sm_reply_read(seam_reply *r, seam_format_t forced)
{
	sm_lines all, outside;
	size_t removed = 0;
	int rc;

	if (sm_lines_split(&all, r->text, r->len)) {
		sm_lines_free(&all);
		return SEAM_ENOMEM;
	}
	if (sm_lines_drop_thinking(&outside, &all, &removed)) {
		sm_lines_free(&all);
		return SEAM_ENOMEM;
	}
	if (removed) {
		/* drafts in a thinking section must not be applied when the answer holds edits */
		rc = read_as(r, &outside, forced);
		if (rc || r->nfiles) {
			sm_lines_free(&outside);
			sm_lines_free(&all);
			return rc;
		}
		sm_reply_clear(r);
		sm_buf_clear(&r->notes);
		sm_reply_note(r, 0,
		              "no edit outside the thinking section; read the edits inside it");
	}
	sm_lines_free(&outside);
	rc = read_as(r, &all, forced);
	r->in_thinking = removed && r->nfiles;
	sm_lines_free(&all);
	return rc;
}
