/*
 * fuzz_oracle: bench/oracle.py in memory. A file, a real-looking change of a region of it, the
 * change rendered in one of the formats seam reads, one to three of the defects models make;
 * seam must write exactly the intended file, or refuse. A refusal is fine; any other file is a
 * finding.
 *
 * Input: byte 0 the format (mod 6: editblock, unified diff, cline, openhands, ln-diff, roo);
 * byte 1 the change (bits 0-2 mod 5: change a line, insert a line, delete a line, move a line
 * down, rename an identifier; bits 3-5 which line of the region); byte 2 the defects (bit 0 an
 * identifier miscopied on one old line, bit 1 trailing blanks on one old line, bit 2 an
 * unchanged line left out of the old side (SEARCH-style formats) or out of the hunk, bit 3 the
 * file in CR LF, bit 4 the numbers off by 2 (ln-diff, roo, unified diff), bit 5 the block
 * re-indented by 4 spaces on both sides); bytes 3-4 the region's first line, byte 5 its length
 * (3-10 lines); the rest is the file. The file is made printable ASCII first (every other byte
 * but '\n' becomes a space), and inputs whose lines the reply syntax could read as markers are
 * left out (as fuzz_match does), as are regions whose text is not unique in the file.
 *
 * The defects are only injected where the intended file stays what the reply means (the
 * generator's rules, bench/oracle.py): a miscopy that exists nowhere in the file, a left-out
 * line between two unchanged lines unlike both, not next to a change.
 *
 * Vocabulary mode (byte 0 >= 128; the format is then (byte 0 & 127) mod 6): tiny files of a
 * few lines used many times, so that an old side, a hunk or the diff of two sides has several
 * equally good pairings (ties everywhere: runs of `}`, blank lines, the same `return x;`).
 * byte 1 unused; byte 2 the defects (as above); bytes 3-4 the region's first line; byte 5 the
 * file's length, 4 + byte 5 mod 37 lines, one byte each from byte 6 on (bits 0-2 a line of
 * VOCAB, bit 3 indented by 4 spaces); the bytes after them are the edit, one op each, over the
 * region from its first line: bits 0-1 0 or 1 keep the next file line, 2 delete it, 3 add the
 * line of bits 2-5 (VOCAB and indent); the region is the lines the ops keep or delete. A
 * unified diff is rendered with these ops as they are (not a longest common subsequence: a
 * blank line deleted and added, a `}` kept or deleted beside its twin), the other formats with
 * the two sides. Inputs are left out when the old side is not unique in the file, or when it
 * (as the generator compares: blanks and blank lines aside) stands at another place once the
 * defects are made (bench/oracle.py, fits_elsewhere).
 *
 * Oracle: seam_plan_new succeeds and the committed file equals the intended one (but for blank
 * lines and trailing blanks, as the corpus scores "ws-only"), or it fails and the tree is
 * unchanged. Nothing else.
 */
#include "fuzz.h"
#include "seam.h"

#define MAX_FILE (32 * 1024)
#define MAX_REGION 10
#define NEW_LINE "inserted_by_the_oracle(42);"
#define MAX_VOCAB_FILE 40

/* the vocabulary mode's lines: few, each of them used many times in a file */
static const char *const VOCAB[8] = {"", "}", "return x;", "try:", "# keep the order",
                                     "call_it(x);", "x += 1;", "{"};

enum { F_EDITBLOCK, F_UDIFF, F_CLINE, F_OPENHANDS, F_LNDIFF, F_ROO, F_COUNT };
enum { C_MODIFY, C_INSERT, C_DELETE, C_MOVE, C_RENAME, C_COUNT };

/* a line: text in a buffer of its own, with room for the few bytes a change or a defect adds */
typedef struct {
	char *p;
	size_t n;
} ln;

#define ROOM 16
/* every line made for the change and the defects, freed after each input */
static char *owned[4 * MAX_REGION + 64];
static size_t nowned;

static ln dup_room(const char *p, size_t n, size_t room)
{
	ln l;

	if (nowned == sizeof(owned) / sizeof(owned[0]))
		abort(); /* the harness's own bound: a few lines per change and defect */
	l.p = malloc(n + room);
	if (!l.p)
		abort();
	memcpy(l.p, p, n);
	l.p[n] = '\0';
	l.n = n;
	owned[nowned++] = l.p;
	return l;
}

static ln dup_ln(const char *p, size_t n)
{
	return dup_room(p, n, ROOM);
}

/* l with s inserted at byte a */
static ln with_insert(ln l, size_t a, const char *s)
{
	size_t k = strlen(s);
	ln x = dup_room(l.p, l.n, k + 1);

	memmove(x.p + a + k, x.p + a, l.n - a + 1);
	memcpy(x.p + a, s, k);
	x.n = l.n + k;
	return x;
}

static int ln_eq(ln a, ln b)
{
	return a.n == b.n && !memcmp(a.p, b.p, a.n);
}

static int solid(ln l)
{
	size_t i, k = 0;

	for (i = 0; i < l.n; i++)
		k += l.p[i] != ' ' && l.p[i] != '\t';
	return k >= 8;
}

static int blank(ln l)
{
	size_t i;

	for (i = 0; i < l.n; i++)
		if (l.p[i] != ' ' && l.p[i] != '\t')
			return 0;
	return 1;
}

/* A line the reply syntax could read as something else than text (any format of the six). */
static int reserved(ln l)
{
	size_t i = 0, run = 0;
	char c;

	while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
		i++;
	if (i == l.n)
		return 0;
	c = l.p[i];
	(void)run;
	if (c == '<' || c == '=' || c == '>' || c == '-' || c == '+' || c == '@' || c == '`' ||
	    c == ':' || c == '*' || c == '~')
		return 1; /* markers, tags, hints, headers, fences */
	/* an elision or a lazy placeholder is another defect; a path-like line another header */
	return strstr(l.p, "..") || strstr(l.p, "</") || strstr(l.p, "|") || strstr(l.p, "existing") ||
	       strstr(l.p, "unchanged") || strstr(l.p, "rest of") || strstr(l.p, "remain") ||
	       strstr(l.p, "same as") || strstr(l.p, "\xe2\x94\x82") || strstr(l.p, "%FZ%");
}

/* The op list of a small diff old -> new (LCS, both at most MAX_REGION + 2 lines). */
typedef struct {
	char op;
	ln l;
} op;

static size_t diff_ops(const ln *a, size_t n, const ln *b, size_t m, op *out)
{
	unsigned char L[MAX_REGION + 3][MAX_REGION + 3];
	size_t i, j, k = 0;

	for (i = n + 1; i-- > 0;)
		for (j = m + 1; j-- > 0;)
			L[i][j] = i == n || j == m ? 0
			          : ln_eq(a[i], b[j]) ? (unsigned char)(L[i + 1][j + 1] + 1)
			          : L[i + 1][j] > L[i][j + 1] ? L[i + 1][j] : L[i][j + 1];
	i = j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && ln_eq(a[i], b[j])) {
			out[k].op = ' ';
			out[k++].l = a[i];
			i++;
			j++;
		} else if (j < m && (i == n || L[i][j + 1] >= L[i + 1][j])) {
			out[k].op = '+';
			out[k++].l = b[j++];
		} else {
			out[k].op = '-';
			out[k++].l = a[i++];
		}
	}
	return k;
}

/* The ops with the additions of the run of copies at an edge taken to the run's outer end, as
 * seam's splice takes them (slide_copies, splice.c: the sides do not say whether [+x, x] is
 * [x, +x]): from the kept line of substance nearest that edge (additions and deletions past it
 * aside), inward over its copies kept or added and the deletions between them. */
static void copies_outward(op *v, size_t n, int bottom)
{
	op tmp[2 * MAX_REGION + 4];
	size_t i, k = 0, a, z, nt = 0;
	int pass;

	for (i = 0; i < n; i++) {
		k = bottom ? n - 1 - i : i;
		if (v[k].op == ' ')
			break;
	}
	if (i == n || blank(v[k].l))
		return;
	a = z = k;
	if (bottom) {
		for (i = k; i-- > 0;)
			if (v[i].op != '-' && ln_eq(v[i].l, v[k].l))
				a = i;
			else if (v[i].op != '-')
				break;
	} else {
		for (i = k + 1; i < n; i++)
			if (v[i].op != '-' && ln_eq(v[i].l, v[k].l))
				z = i;
			else if (v[i].op != '-')
				break;
	}
	for (pass = 0; pass < 2; pass++)
		for (i = a; i <= z; i++)
			if ((v[i].op == '+') == (bottom ? pass == 1 : pass == 0))
				tmp[nt++] = v[i];
	memcpy(v + a, tmp, nt * sizeof(*tmp));
}

/* The identifier of at least 4 letters on l with two inner letters swapped, in place; 0 when
 * there is none to swap. */
static int miscopy(ln *l)
{
	size_t i = 0, s;

	while (i < l->n) {
		while (i < l->n && !((l->p[i] | 0x20) >= 'a' && (l->p[i] | 0x20) <= 'z'))
			i++;
		s = i;
		while (i < l->n && (((l->p[i] | 0x20) >= 'a' && (l->p[i] | 0x20) <= 'z') ||
		                    (l->p[i] >= '0' && l->p[i] <= '9') || l->p[i] == '_'))
			i++;
		if (i - s >= 5 && l->p[s + 1] != l->p[s + 2]) {
			char t = l->p[s + 1];
			l->p[s + 1] = l->p[s + 2];
			l->p[s + 2] = t;
			return 1;
		}
	}
	return 0;
}

/* 1 when a and b are equal but for spaces, tabs, CRs and newlines. */
/* FZ_ORACLE_OUT=DIR: DIR/NAME holds b (the file, the reply, the intended file) */
static void write_case(const char *dir, const char *name, const fz_buf *b)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return;
	if (b->n)
		fwrite(b->p, 1, b->n, f);
	fclose(f);
}

static int squeezed_eq(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < an && (a[i] == ' ' || a[i] == '\t' || a[i] == '\r' || a[i] == '\n'))
			i++;
		while (j < bn && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r' || b[j] == '\n'))
			j++;
		if (i == an || j == bn)
			return i == an && j == bn;
		if (a[i++] != b[j++])
			return 0;
	}
}

/* The generator's rule (bench/oracle.py, fits_elsewhere): the old side, lines compared without
 * their blanks and blank lines skipped, stands in the file somewhere else than in lines
 * [lo, hi) (a fit that only overlaps them is another place too). Such a reply is ambiguous by
 * nature once its defects are made. */
static int fits_elsewhere(const ln *lines, size_t nl, const ln *side, size_t ns, size_t lo,
                          size_t hi)
{
	size_t a, i, t;

	for (a = 0; a < nl; a++) {
		size_t first = nl, last = nl;
		if (blank(lines[a]))
			continue;
		for (i = a, t = 0; t < ns; t++) {
			if (blank(side[t]))
				continue;
			while (i < nl && blank(lines[i]))
				i++;
			if (i == nl || !squeezed_eq(lines[i].p, lines[i].n, side[t].p, side[t].n))
				break;
			if (first == nl)
				first = i;
			last = i++;
		}
		if (t < ns || first == nl)
			continue;
		if (!(lo <= first && last < hi))
			return 1;
	}
	return 0;
}

/* an input the oracle does not judge; FZ_ORACLE_SAY=1 says at which rule */
#define LEAVE_OUT                                                                              \
	do {                                                                                   \
		if (getenv("FZ_ORACLE_SAY"))                                                   \
			fprintf(stderr, "oracle: left out (fuzz_oracle.c:%d)\n", __LINE__);     \
		goto out_lines;                                                                \
	} while (0)

static void put_ln(fz_buf *b, ln l)
{
	fz_put(b, l.p, l.n);
	fz_putc(b, '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned fmt, chg, at, dfx;
	size_t flen, i, k, start, len, nold = 0, nnew = 0, nops = 0, hits, shift;
	char *text;
	int crlf, rc;
	fz_lines ls;
	ln *lines = NULL, old[MAX_REGION + 2], new_[MAX_REGION + 2], rold[MAX_REGION + 2];
	long nums[MAX_REGION + 2];
	op ops[2 * MAX_REGION + 4];
	fz_buf body = {0}, disk = {0}, reply = {0}, want = {0}, alt = {0};
	/* second right results (vocabulary mode): the new side written over file lines
	   [alt_lo, alt_hi), the edge rule's reading (see the edge rule below) */
	size_t alt_lo[4 * MAX_REGION + 8], alt_hi[4 * MAX_REGION + 8], nalt = 0, ai;
	ln new0[MAX_REGION + 2]; /* the new side before the defects */
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	const char *eol;
	size_t nrold, nvops = 0;
	const uint8_t *vops = NULL;
	int vocab;

	if (size < 7 || size - 6 > MAX_FILE)
		return 0;
	vocab = data[0] >> 7;
	fmt = (data[0] & 0x7f) % F_COUNT;
	chg = (data[1] & 7) % C_COUNT;
	at = (data[1] >> 3) & 7;
	dfx = data[2];
	crlf = (dfx >> 3) & 1;
	if (vocab) { /* the file from VOCAB, one line a byte; the ops after it */
		size_t nfile = 4 + data[5] % (MAX_VOCAB_FILE - 3);
		if (size < 6 + nfile + 1)
			return 0;
		for (i = 0; i < nfile; i++) {
			if (data[6 + i] & 8)
				fz_puts(&body, "    ");
			fz_puts(&body, VOCAB[data[6 + i] & 7]);
			fz_putc(&body, '\n');
		}
		vops = data + 6 + nfile;
		nvops = size - 6 - nfile;
	} else {
		flen = size - 6;
		text = malloc(flen + 1);
		if (!text)
			abort();
		for (i = 0; i < flen; i++) {
			unsigned char c = data[6 + i];
			text[i] = c == '\n' || (c >= 0x20 && c < 0x7f) ? (char)c : ' ';
		}
		fz_put(&body, text, flen);
		free(text);
	}
	if (!body.n || body.p[body.n - 1] != '\n')
		fz_putc(&body, '\n');
	fz_lines_split(&ls, body.p, body.n);
	if (ls.n < 6)
		LEAVE_OUT;
	lines = calloc(ls.n, sizeof(*lines));
	if (!lines)
		abort();
	for (i = 0; i < ls.n; i++) {
		/* trailing blanks off: a file line's own would make "trailing-ws" no defect */
		size_t n = ls.len[i];
		while (n && (body.p[ls.off[i] + n - 1] == ' ' || body.p[ls.off[i] + n - 1] == '\t'))
			n--;
		lines[i].p = malloc(n + 1);
		if (!lines[i].p)
			abort();
		memcpy(lines[i].p, body.p + ls.off[i], n);
		lines[i].p[n] = '\0';
		lines[i].n = n;
		if (reserved(lines[i]) || strstr(lines[i].p, NEW_LINE) || strstr(lines[i].p, "_v2"))
			LEAVE_OUT;
	}
	start = ((size_t)data[3] << 8 | data[4]) % ls.n;
	if (vocab) { /* the region and both sides from the ops, as the bytes say them */
		nold = nnew = 0;
		for (k = 0; k < nvops && nops < 2 * MAX_REGION; k++) {
			unsigned b = vops[k];
			if ((b & 3) == 3) {
				ln l = {0};
				if (nnew == MAX_REGION)
					break;
				if (b & 32)
					l = dup_ln("    ", 4);
				else
					l = dup_ln("", 0);
				l = with_insert(l, l.n, VOCAB[(b >> 2) & 7]);
				new_[nnew++] = l;
				ops[nops].op = '+';
				ops[nops++].l = l;
				continue;
			}
			if (nold == MAX_REGION || start + nold == ls.n)
				break;
			old[nold] = lines[start + nold];
			ops[nops].op = (b & 3) == 2 ? '-' : ' ';
			ops[nops++].l = old[nold];
			if ((b & 3) != 2)
				new_[nnew++] = old[nold];
			nold++;
			if (nnew > MAX_REGION) /* a keep past the new side's room */
				LEAVE_OUT;
		}
		len = nold;
		for (k = 0, hits = 0; k < len; k++)
			hits += !blank(lines[start + k]);
		if (!hits)
			LEAVE_OUT;
		if (nnew == nold) { /* no change: the same lines on both sides */
			for (k = 0; k < nold && ln_eq(old[k], new_[k]); k++)
				;
			if (k == nold)
				LEAVE_OUT;
		}
	} else {
		len = 3 + data[5] % (MAX_REGION - 2);
		if (start + len > ls.n)
			LEAVE_OUT;
		for (k = 0, hits = 0; k < len; k++)
			hits += solid(lines[start + k]);
		if (hits < 2)
			LEAVE_OUT;
	}
	/* the region's text occurs once */
	for (i = 0, hits = 0; i + len <= ls.n && hits < 2; i++) {
		for (k = 0; k < len && ln_eq(lines[i + k], lines[start + k]); k++)
			;
		hits += k == len;
	}
	if (hits != 1)
		LEAVE_OUT;

	/* the change (made above from the ops in the vocabulary mode) */
	if (vocab)
		goto changed;
	nold = len;
	for (k = 0; k < len; k++)
		old[k] = lines[start + k];
	nnew = 0;
	at = at % len;
	switch (chg) {
	case C_MODIFY:
		if (!solid(old[at]))
			LEAVE_OUT;
		for (k = 0; k < len; k++) {
			new_[nnew] = old[k];
			if (k == at)
				new_[nnew] = with_insert(old[k], old[k].n, " + 1");
			nnew++;
		}
		break;
	case C_INSERT:
		if (!at)
			at = 1;
		for (k = 0; k < len; k++) {
			if (k == at) {
				size_t ind = 0;
				while (ind < old[k - 1].n && (old[k - 1].p[ind] == ' ' || old[k - 1].p[ind] == '\t'))
					ind++;
				if (ind > 8)
					LEAVE_OUT;
				new_[nnew] = with_insert(dup_ln(old[k - 1].p, ind), ind, NEW_LINE);
				nnew++;
			}
			new_[nnew++] = old[k];
		}
		break;
	case C_DELETE:
		if (at == 0 || at == len - 1 || !solid(old[at]))
			LEAVE_OUT;
		for (k = 0; k < len; k++)
			if (k != at)
				new_[nnew++] = old[k];
		break;
	case C_MOVE:
		if (at + 1 >= len || !solid(old[at]) || ln_eq(old[at], old[at + 1]))
			LEAVE_OUT;
		for (k = 0; k < len; k++)
			new_[nnew++] = old[k == at ? at + 1 : k == at + 1 ? at : k];
		break;
	default: { /* rename the first identifier of 4+ characters on line at */
		ln l = old[at];
		size_t a = 0, b;
		while (a < l.n && !((l.p[a] | 0x20) >= 'a' && (l.p[a] | 0x20) <= 'z'))
			a++;
		for (b = a; b < l.n && (((l.p[b] | 0x20) >= 'a' && (l.p[b] | 0x20) <= 'z') ||
		                        l.p[b] == '_');)
			b++;
		if (b - a < 4)
			LEAVE_OUT;
		for (k = 0; k < len; k++) {
			new_[nnew] = old[k];
			if (k == at)
				new_[nnew] = with_insert(l, b, "_v2");
			nnew++;
		}
	}
	}

changed:
	/* the intended file */
	eol = crlf ? "\r\n" : "\n";
	for (i = 0; i < ls.n; i++) {
		fz_put(&disk, lines[i].p, lines[i].n);
		fz_puts(&disk, eol);
		if (i == start)
			for (k = 0; k < nnew; k++) {
				fz_put(&want, new_[k].p, new_[k].n);
				fz_puts(&want, eol);
			}
		if (i < start || i >= start + len) {
			fz_put(&want, lines[i].p, lines[i].n);
			fz_puts(&want, eol);
		}
	}

	/* the defects, on the old side (rold, with its line numbers) or on the hunk (ops) */
	if (!vocab || fmt != F_UDIFF) /* a side-by-side format: its sides' own diff */
		nops = diff_ops(old, nold, new_, nnew, ops);
	if (vocab && fmt != F_UDIFF) {
		/* SEARCH/REPLACE sides whose first (last) new lines equal the file lines just
		   above (below) the region: the model repeating the lines around its block, which
		   seam writes once (the edge rule, widen in splice.c), reads as well as a copy
		   added; the reply does not say which (bench/oracle.py never adds a file's line) */
		size_t lead, trail, m, nw = 0;
		int moved;
		ln w[2 * MAX_REGION + 4];
		op v[2 * MAX_REGION + 4];
		for (k = 0; k < nops; k++)
			if (ops[k].op != '-')
				w[nw++] = ops[k].l;
		/* first the sides' diff as it is (not judged), then with the additions of a run
		   of copies at the edge taken to its outer end, as the splice may take them
		   (slide_copies): the file with the edge line written once is then a second
		   right result, beside the intended one */
		memcpy(new0, new_, nnew * sizeof(*new_));
		for (moved = 0; moved < 2; moved++) {
			memcpy(v, ops, nops * sizeof(*ops));
			if (moved)
				copies_outward(v, nops, 0);
			/* up to the first line of substance they keep: seam diffs the sides on
			   their lines of substance first, a blank line is paired later or not at
			   all */
			for (lead = 0, k = 0; k < nops && !(v[k].op == ' ' && !blank(v[k].l)); k++)
				lead += v[k].op != '-';
			memcpy(v, ops, nops * sizeof(*ops));
			if (moved)
				copies_outward(v, nops, 1);
			for (trail = 0, k = nops; k > 0 && !(v[k - 1].op == ' ' && !blank(v[k - 1].l));
			     k--)
				trail += v[k - 1].op != '-';
			for (m = 1; m <= lead && m <= start; m++) {
				for (k = 0; k < m && ln_eq(lines[start - m + k], w[k]); k++)
					;
				if (k < m)
					continue;
				if (!moved)
					LEAVE_OUT;
				alt_lo[nalt] = start - m;
				alt_hi[nalt++] = start + len;
			}
			for (m = 1; m <= trail && start + len + m <= ls.n; m++) {
				for (k = 0; k < m && ln_eq(lines[start + len + k], w[nw - m + k]); k++)
					;
				if (k < m)
					continue;
				if (!moved)
					LEAVE_OUT;
				alt_lo[nalt] = start;
				alt_hi[nalt++] = start + len + m;
			}
		}
	}
	nrold = nold;
	for (k = 0; k < nold; k++) {
		rold[k] = old[k];
		nums[k] = (long)(start + k + 1);
	}
	if (dfx & 4) { /* an unchanged line left out, between two unchanged lines unlike both */
		size_t o, oi = 0;
		int done = 0;
		for (o = 1; o + 1 < nops && !done; o++) {
			oi += ops[o - 1].op != '+';
			if (ops[o - 1].op == ' ' && ops[o].op == ' ' && ops[o + 1].op == ' ' &&
			    solid(ops[o].l) && !ln_eq(ops[o].l, ops[o - 1].l) &&
			    !ln_eq(ops[o].l, ops[o + 1].l)) {
				/* issue 11, "a line doubled" (a line left out of a SEARCH-style old
				   side kept beside the new side's copy), once found here within a
				   minute in several shapes and stepped over under
				   SEAM_FUZZ_SKIP_KNOWN: fixed (the merge, then the splice's refill of
				   the old side; fuzz/regress/oracle-left-out-line-reindented-tie) */
				if (fmt == F_UDIFF) {
					memmove(&ops[o], &ops[o + 1], (nops - o - 1) * sizeof(*ops));
					nops--;
				} else {
					memmove(&rold[oi], &rold[oi + 1], (nrold - oi - 1) * sizeof(*rold));
					memmove(&nums[oi], &nums[oi + 1], (nrold - oi - 1) * sizeof(*nums));
					nrold--;
				}
				done = 1;
			}
		}
		if (!done)
			LEAVE_OUT;
	}
	if (dfx & 1) { /* one identifier miscopied on an old line: nowhere in the file */
		size_t cand = (size_t)(dfx >> 6) % (fmt == F_UDIFF ? nops : nrold), tries;
		int done = 0;
		for (tries = 0; tries < MAX_REGION * 2 + 4 && !done; tries++) {
			ln *l = fmt == F_UDIFF ? &ops[cand].l : &rold[cand];
			if ((fmt != F_UDIFF || ops[cand].op != '+') && solid(*l)) {
				ln m = dup_ln(l->p, l->n);
				if (miscopy(&m)) {
					for (i = 0; i < ls.n && !ln_eq(lines[i], m); i++)
						;
					if (i == ls.n) {
						*l = m;
						done = 1;
						continue;
					}
				}
			}
			cand = (cand + 1) % (fmt == F_UDIFF ? nops : nrold);
		}
		if (!done)
			LEAVE_OUT;
	}
	if (dfx & 2) { /* trailing blanks on one old line */
		size_t cand = (size_t)(dfx >> 5) % (fmt == F_UDIFF ? nops : nrold);
		ln *l;
		while (fmt == F_UDIFF && ops[cand].op == '+')
			cand = (cand + 1) % nops;
		l = fmt == F_UDIFF ? &ops[cand].l : &rold[cand];
		*l = with_insert(*l, l->n, "  ");
	}
	shift = (dfx & 16) ? 2 : 0;
	if (dfx & 32) { /* the block re-indented on both sides */
		if (fmt == F_UDIFF)
			LEAVE_OUT; /* a shifted diff is a diff of other lines */
		for (k = 0; k < nrold; k++)
			if (!blank(rold[k]))
				rold[k] = with_insert(rold[k], 0, "    ");
		for (k = 0; k < nnew; k++)
			if (!blank(new_[k]))
				new_[k] = with_insert(new_[k], 0, "    ");
	}

	if (vocab) { /* the one place stays the one place (bench/oracle.py's rule) */
		ln side[2 * MAX_REGION + 4];
		size_t ns = 0;
		if (fmt == F_UDIFF) {
			for (k = 0; k < nops; k++)
				if (ops[k].op != '+')
					side[ns++] = ops[k].l;
		} else {
			for (k = 0; k < nrold; k++)
				side[ns++] = rold[k];
		}
		for (k = 0; k < ns && blank(side[k]); k++)
			;
		/* an old side of blank lines only (its line of substance left out) is seam's
		   append, as an empty SEARCH is aider's: the reply no longer says where */
		if (k == ns || fits_elsewhere(lines, ls.n, side, ns, start, start + len))
			LEAVE_OUT;
	}

	/* the reply */
	switch (fmt) {
	case F_EDITBLOCK:
		fz_puts(&reply, "Here is the change.\n\nsrc/f.txt\n```\n<<<<<<< SEARCH\n");
		for (k = 0; k < nrold; k++)
			put_ln(&reply, rold[k]);
		fz_puts(&reply, "=======\n");
		for (k = 0; k < nnew; k++)
			put_ln(&reply, new_[k]);
		fz_puts(&reply, ">>>>>>> REPLACE\n```\n");
		break;
	case F_CLINE:
		fz_puts(&reply, "<replace_in_file>\n<path>src/f.txt</path>\n<diff>\n------- SEARCH\n");
		for (k = 0; k < nrold; k++)
			put_ln(&reply, rold[k]);
		fz_puts(&reply, "=======\n");
		for (k = 0; k < nnew; k++)
			put_ln(&reply, new_[k]);
		fz_puts(&reply, "+++++++ REPLACE\n</diff>\n</replace_in_file>\n");
		break;
	case F_ROO: {
		char h[64];
		snprintf(h, sizeof(h), ":start_line:%ld\n-------\n", (long)(start + 1 + shift));
		fz_puts(&reply, "<apply_diff>\n<path>src/f.txt</path>\n<diff>\n<<<<<<< SEARCH\n");
		fz_puts(&reply, h);
		for (k = 0; k < nrold; k++)
			put_ln(&reply, rold[k]);
		fz_puts(&reply, "=======\n");
		for (k = 0; k < nnew; k++)
			put_ln(&reply, new_[k]);
		fz_puts(&reply, ">>>>>>> REPLACE\n</diff>\n</apply_diff>\n");
		break;
	}
	case F_OPENHANDS:
		fz_puts(&reply, "<function=str_replace_editor>\n<parameter=command>str_replace"
		                "</parameter>\n<parameter=path>src/f.txt</parameter>\n"
		                "<parameter=old_str>\n");
		for (k = 0; k < nrold; k++)
			put_ln(&reply, rold[k]);
		fz_puts(&reply, "</parameter>\n<parameter=new_str>\n");
		for (k = 0; k < nnew; k++)
			put_ln(&reply, new_[k]);
		fz_puts(&reply, "</parameter>\n</function>\n");
		break;
	case F_LNDIFF:
		fz_puts(&reply, "src/f.txt\n<editblock>\n<<<<<<< REMOVE\n");
		for (k = 0; k < nrold; k++) {
			char num[32];
			snprintf(num, sizeof(num), "%6ld\xe2\x94\x82", nums[k] + (long)shift);
			fz_puts(&reply, num);
			put_ln(&reply, rold[k]);
		}
		fz_puts(&reply, "=======\n");
		for (k = 0; k < nnew; k++) {
			fz_puts(&reply, "      \xe2\x94\x82");
			put_ln(&reply, new_[k]);
		}
		fz_puts(&reply, ">>>>>>> INSERT\n</editblock>\n");
		break;
	default: { /* F_UDIFF */
		char h[96];
		size_t a = 0, b = 0;
		for (k = 0; k < nops; k++) {
			a += ops[k].op != '+';
			b += ops[k].op != '-';
		}
		snprintf(h, sizeof(h), "@@ -%ld,%zu +%ld,%zu @@\n", (long)(start + 1 + shift), a,
		         (long)(start + 1 + shift), b);
		fz_puts(&reply, "```diff\n--- a/src/f.txt\n+++ b/src/f.txt\n");
		fz_puts(&reply, h);
		for (k = 0; k < nops; k++) {
			fz_putc(&reply, ops[k].op);
			put_ln(&reply, ops[k].l);
		}
		fz_puts(&reply, "```\n");
	}
	}

	if (getenv("FZ_ORACLE_OUT")) { /* the case as files, to run the CLI on: fuzz/README.md */
		write_case(getenv("FZ_ORACLE_OUT"), "f.txt", &disk);
		write_case(getenv("FZ_ORACLE_OUT"), "reply.md", &reply);
		write_case(getenv("FZ_ORACLE_OUT"), "intended.txt", &want);
	}
	FZ_ORACLE(seam_session_new(&s, &o) == SEAM_OK, "session");
	FZ_ORACLE(seam_tree_new_memory(&t, s) == SEAM_OK, "tree");
	FZ_ORACLE(seam_tree_put(t, "src/f.txt", disk.p, disk.n, 0644) == SEAM_OK, "put");
	rc = seam_reply_parse(&r, s, reply.p, reply.n);
	if (rc == SEAM_OK) {
		rc = seam_plan_new(&p, s, r, t);
		if (rc == SEAM_OK)
			rc = seam_plan_commit(p);
	}
	{
		size_t n = 0;
		const char *got = seam_tree_get(t, "src/f.txt", &n);
		if (getenv("FZ_ORACLE_SAY")) /* what a seed exercises: fuzz/README.md */
			fprintf(stderr, "oracle: format %u change %u defects 0x%02x: %s\n", fmt, chg,
			        dfx, rc == SEAM_OK ? "applied" : "refused");
		/* an edit of the whole file to nothing wants an empty file (want.p NULL) */
		int same_want = got && n == want.n && (!n || !memcmp(got, want.p, n));
		int same_disk = got && n == disk.n && (!n || !memcmp(got, disk.p, n));
		/* as the corpus scores it (bench/oracle.py too): a blank line or trailing blanks
		   more or less is "ws-only", not another file */
		if (rc == SEAM_OK && !same_want && got && squeezed_eq(got, n, want.p, want.n))
			same_want = 1;
		for (ai = 0; rc == SEAM_OK && !same_want && got && ai < nalt; ai++) {
			alt.n = 0;
			for (i = 0; i < ls.n; i++) {
				if (i == alt_lo[ai])
					for (k = 0; k < nnew; k++) {
						fz_put(&alt, new0[k].p, new0[k].n);
						fz_puts(&alt, eol);
					}
				if (i < alt_lo[ai] || i >= alt_hi[ai]) {
					fz_put(&alt, lines[i].p, lines[i].n);
					fz_puts(&alt, eol);
				}
			}
			same_want = squeezed_eq(got, n, alt.p, alt.n);
		}
		if (rc == SEAM_OK ? !same_want : !same_disk) {
			fz_dump("file", disk.p, disk.n);
			fz_dump("reply", reply.p, reply.n);
			fz_dump("intended", want.p, want.n);
			fz_dump("got", got, n);
			FZ_ORACLE(rc != SEAM_OK, "applied, but not the intended file");
			FZ_ORACLE(0, "refused, but the file changed");
		}
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
out_lines:
	while (nowned)
		free(owned[--nowned]);
	if (lines) {
		for (i = 0; i < ls.n; i++)
			free(lines[i].p);
		free(lines);
	}
	fz_lines_free(&ls);
	fz_free(&body);
	fz_free(&disk);
	fz_free(&reply);
	fz_free(&want);
	fz_free(&alt);
	return 0;
}
