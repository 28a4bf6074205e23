/*
 * datagen: a deterministic benchmark case for seam.
 *
 *     datagen -n LINES -m EDITS -o DIR [-s SEED] [--format udiff|editblock]
 *
 * Writes, in the layout of the shared corpus (so score.py can run it too):
 *
 *     DIR/before/src/engine.c   LINES lines of C-like code
 *     DIR/reply.md              a model-style reply with EDITS edits of that file
 *     DIR/after/src/engine.c    the file with the edits applied: the expected result
 *     DIR/case.json             format, defects, expected
 *
 * Every edit changes 1-3 consecutive statement lines, with 3 lines of context on each side, and
 * its old side misses one comment line that is in the file, inside the context (the corpus's
 * `missing-context` defect): udiff drops the line from the hunk, editblock drops it from SEARCH
 * only. The expected file keeps the line. Each hunk is placed so that a correct engine can
 * locate it: its removed lines occur once in the file and its added lines nowhere (even with
 * blanks ignored), and the forgotten line differs from its neighbours (so dropping it cannot
 * leave an exact excerpt).
 *
 * The output depends only on the options: the generator is its own xorshift, seeded by
 * splitmix64 from SEED, and uses no floating point.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PATH_IN_TREE "src/engine.c"

/* ---- random numbers --------------------------------------------------------------------- */

static uint64_t rng_state;

static void rng_seed(uint64_t seed)
{
	/* splitmix64 spreads a small seed over all 64 bits; xorshift must not start at 0 */
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	rng_state = (z ^ (z >> 31)) | 1;
}

/* xorshift64* */
static uint64_t rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

/* 0 <= result < n; the slight modulo bias does not matter here */
static unsigned rnd(unsigned n)
{
	return (unsigned)((rng_next() >> 32) % n);
}

#define PICK(arr) (arr[rnd(sizeof(arr) / sizeof(arr[0]))])

/* ---- small helpers ---------------------------------------------------------------------- */

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static _Noreturn PRINTF_LIKE(1, 2) void die(const char *fmt, ...)
{
	va_list ap;
	fputs("datagen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static PRINTF_LIKE(1, 0) char *vxprintf(const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		die("vsnprintf failed");
	char *s = xrealloc(NULL, (size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

static PRINTF_LIKE(1, 2) char *xprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vxprintf(fmt, ap);
	va_end(ap);
	return s;
}

static uint64_t fnv1a(const char *s, size_t len, uint64_t h)
{
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

#define FNV_INIT 0xcbf29ce484222325ull

/* ---- the file, as lines ----------------------------------------------------------------- */

enum kind {
	K_OTHER,   /* braces, blank lines, signatures, idioms: context only */
	K_STMT,    /* a statement an edit may change */
	K_COMMENT, /* a comment line: may be the one the model forgets */
};

typedef struct {
	char *text; /* without the newline */
	enum kind kind;
} line_t;

static line_t *lines;
static size_t nlines, caplines;

static void add(enum kind k, char *text)
{
	if (nlines == caplines) {
		caplines = caplines ? 2 * caplines : 1024;
		lines = xrealloc(lines, caplines * sizeof(*lines));
	}
	lines[nlines].text = text;
	lines[nlines].kind = k;
	nlines++;
}

/*
 * Counts of distinct lines, compared with their blanks removed (as a whitespace-insensitive
 * matcher sees them): open addressing, the table owns no strings.
 */
typedef struct {
	const char *key;
	uint64_t hash;
	size_t count;
} slot_t;

static slot_t *tab;
static size_t tabcap, tabused;

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

static uint64_t squeezed_hash(const char *s)
{
	uint64_t h = FNV_INIT;
	for (; *s; s++)
		if (!blank(*s))
			h = fnv1a(s, 1, h);
	return h;
}

static int squeezed_equal(const char *a, const char *b)
{
	for (;; a++, b++) {
		while (blank(*a))
			a++;
		while (blank(*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
	}
}

static slot_t *tab_find(const char *s)
{
	uint64_t h = squeezed_hash(s);
	size_t i = (size_t)h & (tabcap - 1);
	while (tab[i].key && (tab[i].hash != h || !squeezed_equal(tab[i].key, s)))
		i = (i + 1) & (tabcap - 1);
	return &tab[i];
}

static size_t tab_count(const char *s)
{
	slot_t *e = tab_find(s);
	return e->key ? e->count : 0;
}

static void tab_add(const char *s)
{
	if (2 * (tabused + 1) > tabcap) {
		slot_t *old = tab;
		size_t oldcap = tabcap;
		tabcap = tabcap ? 2 * tabcap : 4096;
		tab = xrealloc(NULL, tabcap * sizeof(*tab));
		memset(tab, 0, tabcap * sizeof(*tab));
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].key)
				*tab_find(old[i].key) = old[i];
		free(old);
	}
	slot_t *e = tab_find(s);
	if (!e->key) {
		e->key = s;
		e->hash = squeezed_hash(s);
		tabused++;
	}
	e->count++;
}

/* ---- code generation -------------------------------------------------------------------- */

static const char *nouns[] = {
    "buf",   "node",  "entry", "item",  "key",   "val",   "len",   "idx",  "count", "size",
    "off",   "pos",   "head",  "tail",  "slot",  "span",  "hash",  "mask", "flags", "state",
    "limit", "step",  "width", "depth", "rank",  "score", "total", "sum",  "base",  "next",
    "prev",  "chunk", "block", "frame", "token", "level", "delta", "cap",  "used",  "epoch",
};

static const char *verbs[] = {
    "parse",  "emit",   "scan",   "merge", "split", "push",  "pop",    "load",
    "store",  "check",  "reset",  "fill",  "flush", "grow",  "trim",   "find",
    "insert", "remove", "update", "apply", "copy",  "visit", "walk",   "match",
    "encode", "decode", "read",   "write", "close", "probe", "rehash", "settle",
};

static const char *types[] = {"size_t", "int", "long", "unsigned", "uint32_t", "int64_t"};

static const char *phrases[] = {
    "check the bounds first",
    "nothing to do for an empty input",
    "TODO: handle overflow here",
    "keep the old value for the rollback",
    "fast path: the common case",
    "the caller owns the buffer",
    "slow path",
    "wrap around at the end of the ring",
    "this cannot fail once the table is sized",
    "round up to the next power of two",
    "see the note at the top of the file",
    "release what we took above",
    "the order matters: head before tail",
    "one more pass to settle the counts",
    "FIXME: quadratic in the worst case",
    "skip entries that were already visited",
    "refill from the backing store",
    "the last chunk may be short",
    "keep this in sync with the header",
    "reset the cursor for the next round",
    "never shrink below the minimum",
    "validate before touching the state",
    "cheap test before the expensive one",
    "both sides agree now",
    "account for the terminator",
    "propagate the error unchanged",
    "a zero width means unlimited",
    "mask off the tag bits",
    "done with the first half",
    "remember where we stopped",
};

static const char *tabs(int depth)
{
	static const char t[] = "\t\t\t\t\t\t";
	return t + (sizeof(t) - 1 - (size_t)depth);
}

/*
 * The argument order of a call is unspecified (gcc and clang differ), so every random word is
 * drawn in a declaration of its own before it is used: the output must not depend on the
 * compiler.
 */
static char *gen_cond(void)
{
	unsigned form = rnd(6);
	const char *a = PICK(nouns), *b = PICK(nouns), *c = PICK(nouns), *v = PICK(verbs);
	unsigned k = 1 + rnd(64);
	switch (form) {
	case 0:
		return xprintf("%s > %s", a, b);
	case 1:
		return xprintf("%s == %s->%s", a, b, c);
	case 2:
		return xprintf("!%s", a);
	case 3:
		return xprintf("%s < %u", a, k);
	case 4:
		return xprintf("(%s & %s) != 0", a, b);
	default:
		return xprintf("%s_%s(ctx, %s)", v, a, b);
	}
}

static char *gen_stmt(int depth)
{
	const char *t = tabs(depth);
	unsigned form = rnd(8);
	const char *a = PICK(nouns), *b = PICK(nouns), *c = PICK(nouns), *d = PICK(nouns);
	const char *v = PICK(verbs);
	unsigned k = rnd(64);
	switch (form) {
	case 0:
		return xprintf("%s%s = %s_%s(ctx, %s, %u);", t, a, v, b, c, 1 + k);
	case 1:
		return xprintf("%s%s += %s->%s * %u;", t, a, b, c, 2 + k % 15);
	case 2:
		return xprintf("%s%s = %s[%s] & 0x%x;", t, a, b, c, 0xf + 0x10 * (k % 16));
	case 3:
		return xprintf("%s%s->%s = %s;", t, a, b, c);
	case 4:
		return xprintf("%s%s_%s(ctx, %s);", t, v, a, b);
	case 5:
		return xprintf("%s%s = (%s + %u) %% %s;", t, a, b, 1 + k % 31, d);
	case 6:
		return xprintf("%s%s -= %s >> %u;", t, a, b, 1 + k % 7);
	default:
		return xprintf("%s%s = %s ? %s : %u;", t, a, b, c, k + 36 * (k % 2));
	}
}

static char *gen_comment(int depth)
{
	return xprintf("%s/* %s */", tabs(depth), PICK(phrases));
}

/* A block (if or for) of exactly `size` lines, size >= 3, at depth 1. */
static void gen_block(unsigned size)
{
	if (rnd(3) == 0) {
		add(K_STMT, xprintf("\tfor (i = 0; i < %s; i++) {", PICK(nouns)));
	} else {
		char *c = gen_cond();
		add(K_STMT, xprintf("\tif (%s) {", c));
		free(c);
	}
	unsigned inner = size - 2;
	int commented = inner >= 3 && rnd(2);
	if (commented) {
		add(K_COMMENT, gen_comment(2));
		inner--;
	}
	while (inner--)
		add(K_STMT, gen_stmt(2));
	add(K_OTHER, xprintf("\t}"));
}

/* The "rc" idiom, 3 lines that repeat across the file with small variations. */
static void gen_check(void)
{
	const char *v = PICK(verbs), *a = PICK(nouns), *b = PICK(nouns);
	add(K_STMT, xprintf("\trc = %s_%s(ctx, %s);", v, a, b));
	add(K_OTHER, xprintf("\tif (rc < 0)"));
	add(K_OTHER, xprintf(rnd(2) ? "\t\treturn rc;" : "\t\tgoto out;"));
}

/* Body lines of a function: paragraphs of an optional comment and a few statements. */
static void gen_body(unsigned budget)
{
	int first = 1;
	while (budget > 0) {
		if (!first && budget >= 2) {
			add(K_OTHER, xprintf("%s", ""));
			budget--;
		}
		first = 0;
		if (budget >= 2 && rnd(10) < 7) {
			add(K_COMMENT, gen_comment(1));
			budget--;
		}
		unsigned items = 1 + rnd(3);
		while (items-- && budget > 0) {
			unsigned r = rnd(10);
			if (r < 2 && budget >= 3) {
				gen_check();
				budget -= 3;
			} else if (r < 5 && budget >= 4) {
				unsigned max = budget < 6 ? budget : 6;
				unsigned size = 3 + rnd(max - 2);
				gen_block(size);
				budget -= size;
			} else {
				add(K_STMT, gen_stmt(1));
				budget--;
			}
		}
	}
}

/* A function of exactly `size` lines (size >= 10), with a trailing blank line. */
static void gen_function(unsigned size, unsigned id)
{
	const char *verb = PICK(verbs), *noun = PICK(nouns);
	add(K_COMMENT, xprintf("/* %s_%s_%u: %s. */", verb, noun, id, PICK(phrases)));
	add(K_OTHER, xprintf("static int %s_%s_%u(struct ctx *ctx, size_t n)", verb, noun, id));
	add(K_OTHER, xprintf("{"));
	unsigned decls = 1 + rnd(3);
	for (unsigned i = 0; i < decls; i++) {
		const char *type = PICK(types), *name = PICK(nouns);
		add(K_STMT, xprintf("\t%s %s = %u;", type, name, rnd(4)));
	}
	add(K_OTHER, xprintf("\tint rc = 0;"));
	add(K_OTHER, xprintf("%s", ""));
	/* doc, signature, brace, decls, rc, blank, (body), label, return, brace, blank */
	unsigned fixed = 3 + decls + 2 + 4;
	gen_body(size - fixed);
	add(K_OTHER, xprintf("out:"));
	add(K_OTHER, xprintf("\treturn rc ? rc : (int)%s;", PICK(nouns)));
	add(K_OTHER, xprintf("}"));
	add(K_OTHER, xprintf("%s", ""));
}

static void gen_file(size_t n)
{
	static const char *head[] = {
	    "/*",
	    " * engine.c: generated by bench/datagen for seam's benchmarks.",
	    " * The code is plausible, not meaningful.",
	    " */",
	    "#include <stddef.h>",
	    "#include <stdint.h>",
	    "",
	    "#include \"engine.h\"",
	    "",
	};
	for (size_t i = 0; i < sizeof(head) / sizeof(head[0]) && nlines < n; i++)
		add(K_OTHER, xprintf("%s", head[i]));
	unsigned id = 0;
	while (nlines < n) {
		size_t left = n - nlines;
		if (left < 16) {
			add(K_OTHER, xprintf("#define ENGINE_LIMIT_%u %u", id++, 1 + rnd(4096)));
			continue;
		}
		size_t size = 16 + rnd(30);
		if (left - size < 16 && left <= 60)
			size = left;
		else if (size > left)
			size = left;
		gen_function((unsigned)size, id++);
	}
	for (size_t i = 0; i < nlines; i++)
		tab_add(lines[i].text);
}

/* ---- the edits -------------------------------------------------------------------------- */

typedef struct {
	size_t start, nold;  /* the changed lines, 0-based */
	size_t hfirst, hend; /* the hunk: lines [hfirst, hend) of the file */
	size_t forgot;       /* the comment line left out of the old side */
	char *newl[3];
} edit_t;

static int is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* A changed version of a statement line: another number, or another name. */
static char *mutate(const char *s)
{
	size_t len = strlen(s);
	if (rnd(3) != 0) {
		/* the last decimal number that is a whole token */
		for (size_t e = len; e > 0; e--) {
			if (s[e - 1] < '0' || s[e - 1] > '9')
				continue;
			size_t b = e - 1;
			while (b > 0 && s[b - 1] >= '0' && s[b - 1] <= '9')
				b--;
			if ((b > 0 && (is_ident(s[b - 1]))) || (e < len && is_ident(s[e]))) {
				e = b + 1;
				continue;
			}
			unsigned long v = strtoul(s + b, NULL, 10);
			return xprintf("%.*s%lu%s", (int)b, s, v + 1 + rnd(97), s + e);
		}
	}
	/* a whole-word noun replaced by another */
	size_t at[16], end[16], nat = 0;
	for (size_t i = 0; i < len && nat < 16; i++) {
		if (!is_ident(s[i]) || (i > 0 && is_ident(s[i - 1])))
			continue;
		size_t e = i;
		while (e < len && is_ident(s[e]))
			e++;
		for (size_t k = 0; k < sizeof(nouns) / sizeof(nouns[0]); k++) {
			if (strlen(nouns[k]) == e - i && !strncmp(s + i, nouns[k], e - i)) {
				at[nat] = i;
				end[nat++] = e;
				break;
			}
		}
		i = e;
	}
	if (nat) {
		size_t w = rnd((unsigned)nat);
		return xprintf("%.*s%s%s", (int)at[w], s, PICK(nouns), s + end[w]);
	}
	return xprintf("%s /* checked */", s);
}

static int differs_from_neighbours(size_t j)
{
	return (j == 0 || !squeezed_equal(lines[j].text, lines[j - 1].text)) &&
	       (j + 1 >= nlines || !squeezed_equal(lines[j].text, lines[j + 1].text));
}

/*
 * Try to place an edit changing `k` lines at `s`, the forgotten comment before the change
 * (side 0), after it (side 1) or either (side 2). 1 on success, with *e filled.
 */
static int try_place(size_t s, size_t k, int side, size_t lowest, edit_t *e)
{
	if (s < 3 + lowest || s + k + 3 > nlines)
		return 0;
	for (size_t i = s; i < s + k; i++)
		if (lines[i].kind != K_STMT || tab_count(lines[i].text) != 1)
			return 0;
	/* the forgotten comment: inside the context, never the hunk's first or last line */
	size_t cand[4] = {s - 1, s - 2, s + k, s + k + 1}, forgot = SIZE_MAX;
	for (int c = side == 1 ? 2 : 0; c < (side == 0 ? 2 : 4); c++) {
		size_t j = cand[c];
		if (lines[j].kind == K_COMMENT && differs_from_neighbours(j)) {
			forgot = j;
			break;
		}
	}
	if (forgot == SIZE_MAX)
		return 0;
	char *newl[3] = {NULL, NULL, NULL};
	for (size_t i = 0; i < k; i++) {
		for (int tries = 0; tries < 8 && !newl[i]; tries++) {
			char *m = mutate(lines[s + i].text);
			int dup = tab_count(m) != 0;
			for (size_t p = 0; p < i; p++)
				dup |= !strcmp(newl[p], m);
			if (dup)
				free(m);
			else
				newl[i] = m;
		}
		if (!newl[i]) {
			for (size_t p = 0; p < i; p++)
				free(newl[p]);
			return 0;
		}
	}
	e->start = s;
	e->nold = k;
	e->hfirst = s - 3;
	e->hend = s + k + 3;
	e->forgot = forgot;
	for (size_t i = 0; i < 3; i++)
		e->newl[i] = newl[i];
	for (size_t i = 0; i < k; i++)
		tab_add(newl[i]);
	return 1;
}

static edit_t *place_edits(size_t m)
{
	edit_t *ed = xrealloc(NULL, m * sizeof(*ed));
	size_t lowest = 0; /* the first line the next hunk may use */
	for (size_t x = 0; x < m; x++) {
		/* aim at the middle of the x-th of m equal slices */
		size_t target = (size_t)(((uint64_t)(2 * x + 1) * nlines) / (2 * m));
		size_t want = 1 + rnd(3);
		int side = (int)rnd(2), ok = 0;
		/*
		 * Outwards from the target, so that hunks do not drift into the next slice: first
		 * with the forgotten line on the side drawn, within 20 lines; then anything.
		 */
		for (int pass = 0; pass < 2 && !ok; pass++) {
			size_t reach = pass ? nlines : 20;
			for (size_t d = 0; d < reach && !ok; d++) {
				for (int dir = 0; dir < 2 && !ok; dir++) {
					if (dir ? d == 0 || d > target : target + d >= nlines)
						continue;
					size_t s = dir ? target - d : target + d;
					for (size_t k = want; k >= 1 && !ok; k--)
						ok = try_place(s, k, pass ? 2 : side, lowest,
						               &ed[x]);
				}
			}
		}
		if (!ok)
			die("could not place edit %zu of %zu: use fewer edits or more lines", x + 1,
			    m);
		lowest = ed[x].hend + 2;
	}
	return ed;
}

/* ---- output ----------------------------------------------------------------------------- */

static uint64_t out_hash;

static void mkdirs(const char *path)
{
	char *p = xprintf("%s", path);
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = 0;
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			die("mkdir %s: %s", p, strerror(errno));
		*q = '/';
	}
	if (mkdir(p, 0777) != 0 && errno != EEXIST)
		die("mkdir %s: %s", p, strerror(errno));
	free(p);
}

static FILE *create(const char *dir, const char *rel)
{
	char *path = xprintf("%s/%s", dir, rel);
	char *slash = strrchr(path, '/');
	*slash = 0;
	mkdirs(path);
	*slash = '/';
	FILE *f = fopen(path, "wb");
	if (!f)
		die("%s: %s", path, strerror(errno));
	free(path);
	return f;
}

static PRINTF_LIKE(2, 3) void put(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vxprintf(fmt, ap);
	va_end(ap);
	size_t n = strlen(s);
	out_hash = fnv1a(s, n, out_hash);
	if (fwrite(s, 1, n, f) != n)
		die("write failed: %s", strerror(errno));
	free(s);
}

static void finish(FILE *f)
{
	if (fclose(f) != 0)
		die("write failed: %s", strerror(errno));
}

static void write_files(const char *dir, const edit_t *ed, size_t m)
{
	FILE *f = create(dir, "before/" PATH_IN_TREE);
	for (size_t i = 0; i < nlines; i++)
		put(f, "%s\n", lines[i].text);
	finish(f);

	f = create(dir, "after/" PATH_IN_TREE);
	size_t x = 0;
	for (size_t i = 0; i < nlines; i++) {
		if (x < m && i == ed[x].start) {
			for (size_t k = 0; k < ed[x].nold; k++)
				put(f, "%s\n", ed[x].newl[k]);
			i += ed[x].nold - 1;
			x++;
			continue;
		}
		put(f, "%s\n", lines[i].text);
	}
	finish(f);
}

static void write_udiff(const char *dir, const edit_t *ed, size_t m)
{
	FILE *f = create(dir, "reply.md");
	put(f, "Here are the changes to `%s`.\n\n```diff\n--- %s\n+++ %s\n", PATH_IN_TREE,
	    PATH_IN_TREE, PATH_IN_TREE);
	for (size_t x = 0; x < m; x++) {
		const edit_t *e = &ed[x];
		put(f, "@@ ... @@\n");
		for (size_t i = e->hfirst; i < e->hend; i++) {
			if (i == e->forgot)
				continue;
			if (i == e->start) {
				for (size_t k = 0; k < e->nold; k++)
					put(f, "-%s\n", lines[i + k].text);
				for (size_t k = 0; k < e->nold; k++)
					put(f, "+%s\n", e->newl[k]);
				i += e->nold - 1;
				continue;
			}
			put(f, " %s\n", lines[i].text);
		}
	}
	put(f, "```\n\nThat is all.\n");
	finish(f);
}

static void write_editblock(const char *dir, const edit_t *ed, size_t m)
{
	FILE *f = create(dir, "reply.md");
	put(f, "Here are the changes.\n");
	for (size_t x = 0; x < m; x++) {
		const edit_t *e = &ed[x];
		put(f, "\n%s\n```c\n<<<<<<< SEARCH\n", PATH_IN_TREE);
		for (size_t i = e->hfirst; i < e->hend; i++)
			if (i != e->forgot)
				put(f, "%s\n", lines[i].text);
		put(f, "=======\n");
		for (size_t i = e->hfirst; i < e->hend; i++) {
			if (i == e->start) {
				for (size_t k = 0; k < e->nold; k++)
					put(f, "%s\n", e->newl[k]);
				i += e->nold - 1;
				continue;
			}
			put(f, "%s\n", lines[i].text);
		}
		put(f, ">>>>>>> REPLACE\n```\n");
	}
	put(f, "\nThat is all.\n");
	finish(f);
}

static void write_case(const char *dir, const char *format, size_t n, size_t m, uint64_t seed)
{
	FILE *f = create(dir, "case.json");
	put(f,
	    "{\n \"id\": \"datagen-%zu-%zu-%s\",\n \"format\": \"%s\",\n"
	    " \"lines\": %zu,\n \"edits\": %zu,\n"
	    " \"defects\": [\"missing-context\"],\n \"expected\": \"apply\",\n"
	    " \"refuse_reason\": null,\n \"files\": {\"%s\": \"modified\"},\n"
	    " \"notes\": [\"bench/datagen -n %zu -m %zu -s %llu --format %s\"]\n}\n",
	    n, m, format, format, n, m, PATH_IN_TREE, n, m, (unsigned long long)seed, format);
	finish(f);
}

/* ---- main ------------------------------------------------------------------------------- */

static _Noreturn void usage(void)
{
	fputs("usage: datagen -n LINES -m EDITS -o DIR [-s SEED] [--format udiff|editblock]\n",
	      stderr);
	exit(2);
}

static unsigned long long number(const char *s)
{
	char *end = NULL;
	errno = 0;
	unsigned long long v = s ? strtoull(s, &end, 10) : 0;
	if (!s || !*s || *end || errno || *s == '-')
		usage();
	return v;
}

int main(int argc, char **argv)
{
	size_t n = 0, m = 0;
	uint64_t seed = 1;
	const char *dir = NULL, *format = "udiff";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-n"))
			n = (size_t)number(v);
		else if (!strcmp(a, "-m"))
			m = (size_t)number(v);
		else if (!strcmp(a, "-s"))
			seed = number(v);
		else if (!strcmp(a, "-o") && v)
			dir = v;
		else if (!strcmp(a, "--format") && v)
			format = v;
		else if (!strncmp(a, "--format=", 9)) {
			format = a + 9;
			continue;
		} else
			usage();
		i++;
	}
	if (!dir || n < 50 || m < 1)
		usage();
	if (strcmp(format, "udiff") != 0 && strcmp(format, "editblock") != 0)
		usage();
	if (m > n / 40)
		die("%zu edits do not fit in %zu lines (at most one per 40 lines)", m, n);

	rng_seed(seed);
	gen_file(n);
	edit_t *ed = place_edits(m);
	out_hash = FNV_INIT;
	write_files(dir, ed, m);
	if (!strcmp(format, "udiff"))
		write_udiff(dir, ed, m);
	else
		write_editblock(dir, ed, m);
	write_case(dir, format, n, m, seed);
	printf("datagen: %zu lines, %zu edits, %s, seed %llu -> %s (fnv %016llx)\n", nlines, m,
	       format, (unsigned long long)seed, dir, (unsigned long long)out_hash);

	for (size_t x = 0; x < m; x++)
		for (size_t k = 0; k < ed[x].nold; k++)
			free(ed[x].newl[k]);
	free(ed);
	for (size_t i = 0; i < nlines; i++)
		free(lines[i].text);
	free(lines);
	free(tab);
	return 0;
}
