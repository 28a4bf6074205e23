/*
 * --stat and --numstat: git's summaries of the diff seam prints (--diff), read back from that
 * diff, so that the three always agree.
 */
#include "diffstat.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* git's graph is at most this wide (its default for a terminal of 80 columns). */
#define STAT_GRAPH 50

typedef struct dstat {
	char *name; /* "path", or "old => new" for a rename or copy */
	size_t add, del;
	int binary;
} dstat;

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* "diff --git a/P b/P": P (both names are the same unless rename or copy lines follow). */
static char *git_name(const char *s, size_t n)
{
	s += 11, n -= 11;
	if (n >= 5 && (n - 5) % 2 == 0 && s[0] == 'a' && s[1] == '/')
		return dup_n(s + 2, (n - 5) / 2);
	return dup_n(s, n);
}

static int starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

static void set_name(dstat *d, const char *from, size_t fn, const char *to, size_t tn)
{
	char *nm = malloc(fn + tn + 5);
	if (!nm)
		return;
	memcpy(nm, from, fn);
	memcpy(nm + fn, " => ", 4);
	memcpy(nm + fn + 4, to, tn);
	nm[fn + tn + 4] = '\0';
	free(d->name);
	d->name = nm;
}

static size_t parse(const char *s, size_t len, dstat **out)
{
	size_t n = 0, cap = 0, i = 0;
	dstat *v = NULL;
	const char *from = NULL;
	size_t fn = 0;
	int hunk = 0;

	while (i < len) {
		const char *l = s + i, *nl = memchr(l, '\n', len - i);
		size_t ln = nl ? (size_t)(nl - l) : len - i;
		i += ln + 1;
		if (starts(l, ln, "diff --git ")) {
			if (n == cap) {
				dstat *nv = realloc(v, (cap = cap ? cap * 2 : 16) * sizeof(*v));
				if (!nv)
					break;
				v = nv;
			}
			memset(&v[n], 0, sizeof(v[n]));
			v[n++].name = git_name(l, ln);
			hunk = 0;
			from = NULL;
			continue;
		}
		if (!n)
			continue;
		if (!hunk && (starts(l, ln, "rename from ") || starts(l, ln, "copy from "))) {
			size_t k = l[0] == 'r' ? 12 : 10;
			from = l + k;
			fn = ln - k;
		} else if (!hunk && from && (starts(l, ln, "rename to ") || starts(l, ln, "copy to "))) {
			size_t k = l[0] == 'r' ? 10 : 8;
			set_name(&v[n - 1], from, fn, l + k, ln - k);
		} else if (!hunk && starts(l, ln, "Binary files ")) {
			v[n - 1].binary = 1;
		} else if (starts(l, ln, "@@ ")) {
			hunk = 1;
		} else if (hunk && ln && l[0] == '+') {
			v[n - 1].add++;
		} else if (hunk && ln && l[0] == '-') {
			v[n - 1].del++;
		}
	}
	*out = v;
	return n;
}

static size_t digits(size_t x)
{
	size_t d = 1;
	while (x >= 10)
		x /= 10, d++;
	return d;
}

/* A path as the report prints it: control bytes escaped, so a hostile name cannot drive the
 * terminal. */
static void put_name(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\t' || (c >= 0x20 && c != 0x7f))
			fputc(c, f);
		else
			fprintf(f, "\\x%02x", c);
	}
}

int sm_cli_diffstat(FILE *f, const seam_plan *p, int numstat)
{
	char *diff = NULL;
	size_t len = 0, n, k, name_w = 0, max = 0, adds = 0, dels = 0;
	dstat *v = NULL;

	if (seam_plan_render(p, SEAM_RENDER_DIFF, &diff, &len)) {
		fputs("seam: rendering the diff: out of memory\n", stderr);
		return -1;
	}
	n = parse(diff, len, &v);
	seam_free(diff);
	for (k = 0; k < n; k++) {
		size_t w = v[k].name ? strlen(v[k].name) : 0;
		if (w > name_w)
			name_w = w;
		if (v[k].add + v[k].del > max)
			max = v[k].add + v[k].del;
		adds += v[k].add;
		dels += v[k].del;
	}
	for (k = 0; k < n; k++) {
		const char *nm = v[k].name ? v[k].name : "";
		if (numstat) {
			if (v[k].binary)
				fputs("-\t-\t", f);
			else
				fprintf(f, "%zu\t%zu\t", v[k].add, v[k].del);
			put_name(f, nm);
			fputc('\n', f);
			continue;
		}
		fputc(' ', f);
		put_name(f, nm);
		fprintf(f, "%*s | ", (int)(name_w - strlen(nm)), "");
		if (v[k].binary) {
			fputs("Bin\n", f);
			continue;
		} else {
			size_t tot = v[k].add + v[k].del, a = v[k].add, d = v[k].del, j;
			/* as git: scaled to the widest change, and a change is never drawn as none */
			if (max > STAT_GRAPH) {
				a = (v[k].add * STAT_GRAPH + max - 1) / max;
				d = (v[k].del * STAT_GRAPH + max - 1) / max;
			}
			fprintf(f, "%*zu%s", (int)digits(max), tot, tot ? " " : "");
			for (j = 0; j < a; j++)
				fputc('+', f);
			for (j = 0; j < d; j++)
				fputc('-', f);
			fputc('\n', f);
		}
	}
	if (!numstat && n) {
		fprintf(f, " %zu file%s changed", n, n == 1 ? "" : "s");
		if (adds || !dels)
			fprintf(f, ", %zu insertion%s(+)", adds, adds == 1 ? "" : "s");
		if (dels || !adds)
			fprintf(f, ", %zu deletion%s(-)", dels, dels == 1 ? "" : "s");
		fputc('\n', f);
	}
	for (k = 0; k < n; k++)
		free(v[k].name);
	free(v);
	return 0;
}
