/*
 * fuzz_ignore: git's ignore rules as seam reads them (src/lib/tree/tree_ignore.c) from a
 * repository's .gitignore files, outside input the library reads on every run in a work tree.
 * Unlike the other targets it calls the library's internal parser and matcher
 * (sm_ignore_parse, sm_ignore_match): through the public API they are reached only from a
 * tree on disk, and the fuzzer must not write one.
 *
 * Input: 1 config byte (bit 0: the paths are judged as directories too; bit 1: the second
 * file sits in "sub/" rather than at the root; bit 2: the first file is one above the root,
 * whose paths it sees as "top/PATH"), then the first .gitignore, %FZ%, the second one, %FZ%,
 * the paths, one a line.
 *
 * Oracles (each a trap):
 *  - parsing keeps at most SM_IGNORE_MAX_PATTERNS patterns, each non-empty, without a newline,
 *    with at most SM_IGNORE_MAX_STARSTAR "**" components;
 *  - a verdict is 0 or 1, the same when asked twice; an "ignored" names the pattern that
 *    decided, one of the files' own, never a "!" one;
 *  - a path whose last component is a plain name (letters, digits, '.', '_', '-') is ignored
 *    by that name as a pattern, at any depth; by "/PATH" (anchored) when every component is
 *    plain, and then not "q/PATH"; by "NAME/" only as a directory; not by "NAME" then "!NAME";
 *  - a pattern of letters, '.', '*' and '?' alone matches a last component exactly when
 *    fnmatch(3) says so;
 *  - bounded time: matching every path against the files takes under FZ_IGNORE_CPU_S seconds
 *    of CPU (the files are at most 64 KB each, the paths at most SM_PATH_MAX bytes).
 */
#include "fuzz.h"
#include "../src/lib/tree/tree_ignore.h"
#include "../src/util/alloc.h"

#include <fnmatch.h>
#include <time.h>

#define MAX_INPUT (96 * 1024)
#define MAX_PATHS 64
/* generous: the worst input found by hand (fuzz/corpora/ignore/slow-*) takes ~0.1 s under
   ASan; a quadratic slip in the matcher takes minutes */
#define FZ_IGNORE_CPU_S 10.0

static int plain(const char *s, size_t n)
{
	size_t i;

	if (!n || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

static int fnmatchable(const char *p)
{
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || *p == '.' || *p == '*' || *p == '?'))
			return 0;
	return 1;
}

static void check_set(const sm_ignore *ig)
{
	size_t i, k;

	FZ_ORACLE(ig->n <= SM_IGNORE_MAX_PATTERNS, "%zu patterns", ig->n);
	for (i = 0; i < ig->n; i++) {
		const char *p = ig->v[i].p;
		size_t n = strlen(p);
		int stars = 0;
		FZ_ORACLE(n > 0 && !strchr(p, '\n'), "an empty or multi-line pattern");
		for (k = 0; k + 1 < n; k++)
			stars += p[k] == '*' && p[k + 1] == '*' && (k == 0 || p[k - 1] == '/') &&
				 (k + 2 == n || p[k + 2] == '/');
		FZ_ORACLE(stars <= SM_IGNORE_MAX_STARSTAR, "a pattern with %d '**' kept: %s", stars,
			  p);
	}
}

/* The verdict of the one file text on path. */
static int verdict(const char *text, const char *path, int isdir)
{
	sm_ignore ig;
	int r;

	FZ_ORACLE(!sm_ignore_parse(text, strlen(text), "", &ig), "parse failed");
	r = sm_ignore_match(&ig, 1, path, isdir, NULL);
	sm_ignore_dispose(&ig);
	return r;
}

static void check_plain(const char *path, size_t n)
{
	char text[2 * SM_PATH_MAX + 16];
	const char *last = strrchr(path, '/'), *c;
	size_t ln;
	int all = 1;

	last = last ? last + 1 : path;
	ln = strlen(last);
	if (!plain(last, ln))
		return;
	snprintf(text, sizeof(text), "%s", last);
	FZ_ORACLE(verdict(text, path, 0) == 1, "'%s' not ignored by '%s'", path, text);
	FZ_ORACLE(verdict(text, path, 1) == 1, "dir '%s' not ignored by '%s'", path, text);
	snprintf(text, sizeof(text), "%s/", last);
	FZ_ORACLE(verdict(text, path, 1) == 1, "dir '%s' not ignored by '%s'", path, text);
	FZ_ORACLE(verdict(text, path, 0) == 0, "file '%s' ignored by '%s'", path, text);
	snprintf(text, sizeof(text), "%s\n!%s\n", last, last);
	FZ_ORACLE(verdict(text, path, 0) == 0, "'%s' ignored though re-included", path);
	for (c = path; all && *c;) {
		const char *e = strchr(c, '/');
		size_t m = e ? (size_t)(e - c) : strlen(c);
		all = plain(c, m);
		c = e ? e + 1 : c + m;
	}
	if (!all || path[n - 1] == '/')
		return;
	snprintf(text, sizeof(text), "/%s", path);
	FZ_ORACLE(verdict(text, path, 0) == 1, "'%s' not ignored by '%s'", path, text);
	snprintf(text, sizeof(text), "/q/%s", path);
	FZ_ORACLE(verdict(text, path, 0) == 0, "'%s' ignored by '%s'", path, text);
}

static void check_fnmatch(const sm_ignore *ig, const char *path)
{
	const char *last = strrchr(path, '/');
	size_t i;

	last = last ? last + 1 : path;
	if (!*last)
		return;
	for (i = 0; i < ig->n && i < 32; i++) {
		const sm_ipat *ip = &ig->v[i];
		int want;
		if (ip->neg || ip->dironly || ip->anchored || !fnmatchable(ip->p))
			continue;
		want = fnmatch(ip->p, last, 0) == 0;
		FZ_ORACLE(verdict(ip->p, path, 0) == want, "'%s' against '%s': fnmatch says %d",
			  ip->p, path, want);
	}
}

static int owns(const sm_ignore *sets, size_t n, const sm_ipat *pat)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (sets[i].n && pat >= sets[i].v && pat < sets[i].v + sets[i].n)
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sm_ignore sets[2];
	fz_span seg[3];
	size_t nseg, i, npaths = 0;
	uint8_t cfg;
	char *paths, *p;
	clock_t t0;
	double cpu;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	cfg = data[0];
	nseg = fz_split(data + 1, size - 1, seg, 3);
	FZ_ORACLE(!sm_ignore_parse((const char *)seg[0].p, seg[0].n, "", &sets[0]), "parse 1");
	FZ_ORACLE(!sm_ignore_parse(nseg > 1 ? (const char *)seg[1].p : "", nseg > 1 ? seg[1].n : 0,
				   (cfg & 2) ? "sub" : "", &sets[1]),
		  "parse 2");
	check_set(&sets[0]);
	check_set(&sets[1]);
	if (cfg & 4) {
		sets[0].prefix = sm_strdup("top");
		FZ_ORACLE(sets[0].prefix, "out of memory");
		sets[0].nprefix = 3;
	}
	paths = malloc(nseg > 2 ? seg[2].n + 1 : 1);
	FZ_ORACLE(paths, "out of memory");
	if (nseg > 2)
		memcpy(paths, seg[2].p, seg[2].n);
	paths[nseg > 2 ? seg[2].n : 0] = '\0';
	t0 = clock();
	for (p = paths; *p && npaths < MAX_PATHS; npaths++) {
		char *e = strchr(p, '\n');
		size_t n;
		int d;
		if (e)
			*e = '\0';
		n = strlen(p);
		if (n && n <= SM_PATH_MAX) {
			for (d = 0; d <= (cfg & 1); d++) {
				const sm_ipat *pat = NULL;
				int r = sm_ignore_match(sets, 2, p, d, &pat);
				FZ_ORACLE(r == 0 || r == 1, "verdict %d", r);
				FZ_ORACLE(r == sm_ignore_match(sets, 2, p, d, NULL), "two verdicts");
				FZ_ORACLE(!r || (pat && owns(sets, 2, pat) && !pat->neg),
					  "ignored by no pattern of the files");
			}
		}
		p = e ? e + 1 : p + n;
	}
	cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	FZ_ORACLE(cpu < FZ_IGNORE_CPU_S, "matching took %.1f s of CPU", cpu);
	/* the first loop cut the lines in place: npaths of them follow each other */
	for (p = paths, i = 0; i < npaths; i++) {
		size_t n = strlen(p);
		if (n && n <= SM_PATH_MAX) {
			check_plain(p, n);
			check_fnmatch(&sets[0], p);
		}
		p += n + 1;
	}
	free(paths);
	sm_ignore_dispose(&sets[0]);
	sm_ignore_dispose(&sets[1]);
	return 0;
}
