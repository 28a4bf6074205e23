/*
 * fuzz_roundtrip: a unified diff from A to B, applied to A, gives B or a clean refusal, never
 * something else.
 *
 * Input: byte 0 configuration, byte 1 a seed, then A; when the separator line "%FZ%" is in the
 * rest, A is before it and B after it, else B is made from A by line edits the seed drives.
 * CR and NUL bytes become spaces in both (a reply cannot say a line's ending, and NUL makes a
 * file binary); CR LF endings come from the configuration. Inputs are cut to 300 lines.
 *
 * Configuration bits 0-1, the diff:
 *   0  written here, with line numbers in the @@ headers, 3 lines of context;
 *   1  written here, "@@ ... @@" headers without numbers, 3 lines of context;
 *   2  written here, with numbers, 0-2 lines of context (bits 4-5);
 *   3  the library's own: a whole-file reply turns A into X, seam_plan_render(SEAM_RENDER_DIFF)
 *      gives the diff of A -> X, and B is X.
 * Bit 2: every line ending of A and B is CR LF. Bit 3: the diff is in a ```diff fence. Bit 6:
 * A and B start with a UTF-8 BOM (the diff is of the lines after it; seam keeps the BOM).
 *
 * The diff written here follows git: "--- a/f.txt", "+++ b/f.txt", and "\ No newline at end
 * of file" after a last line that lacks one. When A and B both lack the final newline,
 * SEAM_FLAG_KEEP_NO_EOL is set (a diff that does not reach the end says nothing about it, and
 * by default seam ends a changed file with a newline).
 *
 * Oracle: the plan is ok and the result is B, or the plan fails (a refusal; the laziness guard
 * runs with SEAM_LAZY_REFUSE, so a placeholder-like line of B is refused, not expanded). A
 * reply that does not parse is a failure only for the library's own diff (mode 3): seam must
 * read what it writes. A result that is neither B nor a refusal traps.
 */
#include "fuzz.h"
#include "seam.h"

#define MAX_LINES 300
#define MAX_INPUT (64 * 1024)

static void sanitize(fz_buf *dst, const uint8_t *p, size_t n, int crlf)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c = (char)p[i];
		if (c == '\r' || c == '\0')
			c = ' ';
		if (c == '\n' && crlf)
			fz_putc(dst, '\r');
		fz_putc(dst, c);
	}
}

/* Cuts a text to MAX_LINES lines. */
static void cut(fz_buf *b)
{
	size_t i, lines = 0;

	for (i = 0; i < b->n; i++)
		if (b->p[i] == '\n' && ++lines == MAX_LINES) {
			b->n = i + 1;
			b->p[b->n] = '\0';
			return;
		}
}

/* B from A: each line kept, dropped, changed, or followed by a new one, as the seed says. */
static void derive(fz_buf *b, const fz_lines *a, unsigned seed, int crlf)
{
	const char *nl = crlf ? "\r\n" : "\n";
	size_t i;
	uint32_t x = seed * 2654435761u + 1;

	for (i = 0; i < a->n; i++) {
		const char *p = a->base + a->off[i];
		size_t n = a->len[i], text = n - (crlf && a->eol[i] && n && p[n - 1] == '\r');
		unsigned op;
		x = x * 1103515245u + 12345u;
		op = (x >> 16) % 8;
		if (op == 1) /* dropped */
			continue;
		if (op == 2) { /* changed */
			fz_puts(b, "changed ");
			fz_put(b, p, text);
			fz_puts(b, nl);
			continue;
		}
		fz_put(b, p, n);
		if (a->eol[i])
			fz_putc(b, '\n');
		if (op == 3) {
			char tmp[48];
			if (!a->eol[i])
				fz_puts(b, nl);
			snprintf(tmp, sizeof(tmp), "added %zu%s", i, nl);
			fz_puts(b, tmp);
		}
	}
	if (a->n == 0 || (seed & 1)) {
		if (a->n && !a->eol[a->n - 1] && b->n && b->p[b->n - 1] != '\n')
			fz_puts(b, nl);
		fz_puts(b, "new last line");
		fz_puts(b, nl);
	}
}

/* The chunks of a line diff: a[a0..a1) replaced by b[b0..b1). */
typedef struct {
	size_t a0, a1, b0, b1;
} chunk;

/* LCS by dynamic programming (the inputs are small), then the differing runs. */
static size_t line_diff(const fz_lines *a, const fz_lines *b, chunk *out)
{
	size_t n = a->n, m = b->n, i, j, nc = 0;
	uint16_t *L = calloc((n + 1) * (m + 1), sizeof(*L));

	if (!L)
		abort();
#define AT(i, j) L[(i) * (m + 1) + (j)]
	for (i = n; i-- > 0;)
		for (j = m; j-- > 0;)
			AT(i, j) = fz_line_eq(a, i, b, j) ? (uint16_t)(AT(i + 1, j + 1) + 1)
							 : (AT(i + 1, j) > AT(i, j + 1) ? AT(i + 1, j)
											: AT(i, j + 1));
	i = j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && fz_line_eq(a, i, b, j)) {
			i++;
			j++;
			continue;
		}
		out[nc].a0 = i;
		out[nc].b0 = j;
		while ((i < n || j < m) && !(i < n && j < m && fz_line_eq(a, i, b, j))) {
			if (j >= m || (i < n && AT(i + 1, j) >= AT(i, j + 1)))
				i++;
			else
				j++;
		}
		out[nc].a1 = i;
		out[nc].b1 = j;
		nc++;
	}
#undef AT
	free(L);
	return nc;
}

static void put_line(fz_buf *d, char mark, const fz_lines *l, size_t i)
{
	const char *p = l->base + l->off[i];
	size_t n = l->len[i];

	/* the CR of a CR LF file is part of the line as the diff shows it */
	fz_putc(d, mark);
	fz_put(d, p, n);
	fz_putc(d, '\n');
	if (!l->eol[i])
		fz_puts(d, "\\ No newline at end of file\n");
}

static void put_range(fz_buf *d, char sign, size_t start, size_t count)
{
	char tmp[64];
	if (count == 0)
		snprintf(tmp, sizeof(tmp), "%c%zu,0", sign, start);
	else
		snprintf(tmp, sizeof(tmp), "%c%zu,%zu", sign, start + 1, count);
	fz_puts(d, tmp);
}

static void write_diff(fz_buf *d, const fz_lines *a, const fz_lines *b, const chunk *c, size_t nc,
		       size_t ctx, int numbers)
{
	size_t i = 0;

	fz_puts(d, "--- a/f.txt\n+++ b/f.txt\n");
	while (i < nc) {
		size_t j = i, os, oe, ns, ne, x, k, y;
		while (j + 1 < nc && c[j + 1].a0 - c[j].a1 <= 2 * ctx)
			j++;
		os = c[i].a0 > ctx ? c[i].a0 - ctx : 0;
		ns = c[i].b0 - (c[i].a0 - os);
		oe = a->n - c[j].a1 > ctx ? c[j].a1 + ctx : a->n;
		ne = c[j].b1 + (oe - c[j].a1);
		if (numbers) {
			fz_puts(d, "@@ ");
			put_range(d, '-', os, oe - os);
			fz_putc(d, ' ');
			put_range(d, '+', ns, ne - ns);
			fz_puts(d, " @@\n");
		} else {
			fz_puts(d, "@@ ... @@\n");
		}
		x = os;
		for (k = i; k <= j; k++) {
			for (; x < c[k].a0; x++)
				put_line(d, ' ', a, x);
			for (y = c[k].a0; y < c[k].a1; y++)
				put_line(d, '-', a, y);
			for (y = c[k].b0; y < c[k].b1; y++)
				put_line(d, '+', b, y);
			x = c[k].a1;
		}
		for (; x < oe; x++)
			put_line(d, ' ', a, x);
		i = j + 1;
	}
}

static int ends_without_eol(const fz_buf *b)
{
	return b->n && b->p[b->n - 1] != '\n';
}

/* Applies reply to a tree holding f.txt = A. Returns the plan's code (or the parse error),
 * and on success the new content in *got (malloc'd). */
static int apply(const char *reply, size_t rn, const fz_buf *a, unsigned flags, char **got,
		 size_t *gn, char *err, size_t errn)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	int rc;

	*got = NULL;
	*gn = 0;
	o.flags = flags;
	/* B may put a line that is only "..." where A had lines: by default the laziness guard
	   would restore them (a result that is not B, on purpose). Refusing is an outcome this
	   oracle accepts; what the guard restores is tested in test_lazy.c. */
	o.lazy = SEAM_LAZY_REFUSE;
	FZ_ORACLE(seam_session_new(&s, &o) == SEAM_OK, "session");
	rc = seam_reply_parse(&r, s, reply, rn);
	if (rc == SEAM_OK) {
		FZ_ORACLE(seam_tree_new_memory(&t, s) == SEAM_OK, "tree");
		FZ_ORACLE(seam_tree_put(t, "f.txt", a->p, a->n, 0644) == SEAM_OK, "put");
		rc = seam_plan_new(&p, s, r, t);
		if (rc == SEAM_OK) {
			int c = seam_plan_commit(p);
			const void *d;
			FZ_ORACLE(c == SEAM_OK, "commit = %d", c);
			d = seam_tree_get(t, "f.txt", gn);
			*got = malloc(*gn + 1);
			if (!*got)
				abort();
			if (d)
				memcpy(*got, d, *gn);
			else
				*gn = (size_t)-1; /* deleted */
		} else if (p) {
			char *fb = NULL;
			size_t fl = 0;
			if (seam_plan_render(p, SEAM_RENDER_FEEDBACK, &fb, &fl) == SEAM_OK) {
				snprintf(err, errn, "%s", fb);
				seam_free(fb);
			}
		}
	}
	if (rc != SEAM_OK && !err[0])
		snprintf(err, errn, "%s", seam_session_errmsg(s));
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	return rc;
}

/* Mode 3: A -> X through a whole-file reply, then X's diff as seam renders it. 0 when there is
 * nothing to test. */
static int library_diff(const fz_buf *a, const fz_buf *b, fz_buf *x, fz_buf *diff)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	fz_buf reply = {0};
	seam_file_info fi;
	int ok = 0;
	char *out = NULL;
	size_t on = 0;

	fz_puts(&reply, "f.txt\n``````````\n");
	fz_put(&reply, b->p, b->n);
	if (!ends_without_eol(b) && b->n)
		; /* ends with its newline already */
	else
		fz_putc(&reply, '\n');
	fz_puts(&reply, "``````````\n");
	FZ_ORACLE(seam_session_new(&s, NULL) == SEAM_OK, "session");
	if (seam_reply_parse(&r, s, reply.p, reply.n) != SEAM_OK)
		goto out;
	FZ_ORACLE(seam_tree_new_memory(&t, s) == SEAM_OK, "tree");
	FZ_ORACLE(seam_tree_put(t, "f.txt", a->p, a->n, 0644) == SEAM_OK, "put");
	if (seam_plan_new(&p, s, r, t) != SEAM_OK)
		goto out;
	if (seam_plan_file_count(p) != 1 || seam_plan_file(p, 0, &fi) || !fi.changed ||
	    !fi.new_data || strcmp(fi.path, "f.txt"))
		goto out;
	if (seam_plan_render(p, SEAM_RENDER_DIFF, &out, &on) != SEAM_OK)
		goto out;
	fz_put(x, fi.new_data, fi.new_len);
	fz_put(diff, out, on);
	seam_free(out);
	ok = 1;
out:
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
	fz_free(&reply);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned cfg, seed, mode;
	int crlf, fence, bom, rc;
	fz_span seg[2];
	size_t nseg, nc, ctx, i;
	fz_buf a = {0}, b = {0}, diff = {0}, reply = {0};
	fz_lines la, lb;
	chunk *c = NULL;
	unsigned flags = 0;
	char *got = NULL, err[4096];
	size_t gn = 0;

	if (size < 2 || size > MAX_INPUT)
		return 0;
	cfg = data[0];
	seed = data[1];
	mode = cfg & 3;
	crlf = (cfg >> 2) & 1;
	fence = (cfg >> 3) & 1;
	bom = (cfg >> 6) & 1;
	ctx = mode == 2 ? ((cfg >> 4) & 3) % 3 : 3;
	err[0] = '\0';

	nseg = fz_split(data + 2, size - 2, seg, 2);
	/* a BOM is not text a reply can carry: the input's own goes, bit 6 puts one on both */
	for (i = 0; i < nseg; i++)
		if (seg[i].n >= 3 && !memcmp(seg[i].p, "\xEF\xBB\xBF", 3)) {
			seg[i].p += 3;
			seg[i].n -= 3;
		}
	if (bom)
		fz_put(&a, "\xEF\xBB\xBF", 3);
	sanitize(&a, seg[0].p, seg[0].n, crlf);
	cut(&a);
	/* B's BOM: in mode 3, B is the text of a whole-file reply (seam keeps the file's BOM) */
	if (bom && mode != 3)
		fz_put(&b, "\xEF\xBB\xBF", 3);
	if (nseg == 2) {
		sanitize(&b, seg[1].p, seg[1].n, crlf);
		cut(&b);
	} else {
		fz_lines_split(&la, a.p ? a.p + 3 * bom : "", a.n - 3 * bom);
		derive(&b, &la, seed, crlf);
		fz_lines_free(&la);
	}
	if (!a.p)
		fz_put(&a, "", 0);
	/* CR LF mode only when seam would call A a CR LF file (more than half of its lines end
	   with CR LF): else the lines the diff adds get LF, rightly */
	if (crlf) {
		size_t k, lines = 0, crlfs = 0;
		for (k = 0; k < a.n; k++)
			if (a.p[k] == '\n')
				lines++, crlfs += k > 0 && a.p[k - 1] == '\r';
		lines += a.n && a.p[a.n - 1] != '\n';
		if (crlfs * 2 <= lines)
			goto out;
	}
	if (!b.p)
		fz_put(&b, "", 0);

	if (mode == 3) {
		fz_buf x = {0};
		if (!library_diff(&a, &b, &x, &diff)) {
			fz_free(&x);
			goto out;
		}
		fz_free(&b);
		b = x;
	} else {
		if (a.n == b.n && !memcmp(a.p, b.p, a.n))
			goto out;
		/* lines after the BOM: seam keeps it and does not match it */
		fz_lines_split(&la, a.p + 3 * bom, a.n - 3 * bom);
		fz_lines_split(&lb, b.p + 3 * bom, b.n - 3 * bom);
		c = malloc((la.n + lb.n + 1) * sizeof(*c));
		if (!c)
			abort();
		nc = line_diff(&la, &lb, c);
		write_diff(&diff, &la, &lb, c, nc, ctx, mode != 1);
		fz_lines_free(&la);
		fz_lines_free(&lb);
	}
	if (ends_without_eol(&a) && ends_without_eol(&b))
		flags |= SEAM_FLAG_KEEP_NO_EOL;

	if (fence)
		fz_puts(&reply, "The change:\n\n```diff\n");
	fz_put(&reply, diff.p, diff.n);
	if (fence)
		fz_puts(&reply, "```\n");

	rc = apply(reply.p, reply.n, &a, flags, &got, &gn, err, sizeof(err));
	if (rc == SEAM_EPARSE && mode == 3) {
		fz_dump("diff", reply.p, reply.n);
		FZ_ORACLE(0, "seam cannot read its own diff: %s", err);
	}
	if (rc == SEAM_OK && (gn != b.n || memcmp(got, b.p, b.n))) {
		fz_dump("A", a.p, a.n);
		fz_dump("B", b.p, b.n);
		fz_dump("diff", reply.p, reply.n);
		fz_dump("result", gn == (size_t)-1 ? NULL : got, gn == (size_t)-1 ? 0 : gn);
		FZ_ORACLE(0, "applying the diff of A -> B to A did not give B (mode %u)", mode);
	}
out:
	free(got);
	free(c);
	fz_free(&a);
	fz_free(&b);
	fz_free(&diff);
	fz_free(&reply);
	return 0;
}
