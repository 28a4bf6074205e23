/*
 * seam locate FILE: the first step of snippet editing. Reads a snippet (a model's recollection
 * of some code of FILE) and prints the exact region of FILE it stands for, with its line range;
 * the candidates when it fits several places; an error when nothing is similar enough. The
 * model then sends <selected_snippet> (that exact text) and <updated_snippet> to seam apply.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"
#include "opt.h"
#include "seam.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_FOUND = 0, EXIT_NOT_FOUND = 1 }; /* EXIT_ERROR (2) is cli.h's */

/* The library's defaults for the limits (seam_options: 0 means 64 MiB). */
#define DEFAULT_LIMIT ((size_t)64 << 20)

/* Reads all of path ("-" or NULL: stdin), refusing more than limit bytes. 0, or -1 with *why. */
static int slurp(const char *path, size_t limit, char **out, size_t *len, const char **why)
{
	FILE *f = stdin;
	size_t cap = 0, n = 0, got;
	char *buf = NULL;

	if (path && strcmp(path, "-")) {
		f = fopen(path, "rb");
		if (!f) {
			*why = strerror(errno);
			return -1;
		}
	} else if (isatty(STDIN_FILENO)) {
		fputs("seam: reading the snippet from the terminal (end it with Ctrl-D)\n", stderr);
	}
	do {
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *nb;
			if (ncap > limit + 1)
				ncap = limit + 1;
			nb = realloc(buf, ncap + 1);
			if (!nb) {
				*why = "out of memory";
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n > limit) {
			*why = "larger than the limit (--max-file-bytes, --max-reply-bytes)";
			goto fail;
		}
	} while (got);
	if (ferror(f)) {
		*why = strerror(errno);
		goto fail;
	}
	if (f != stdin)
		fclose(f);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
fail:
	if (f != stdin)
		fclose(f);
	free(buf);
	return -1;
}

/* Length of the valid UTF-8 sequence at p (1-4), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	size_t k, len;
	unsigned long cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		len = 2, cp = p[0] & 0x1F;
	else if (p[0] >= 0xE0 && p[0] <= 0xEF)
		len = 3, cp = p[0] & 0x0F;
	else if (p[0] >= 0xF0 && p[0] <= 0xF4)
		len = 4, cp = p[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (k = 1; k < len; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return len;
}

/* A JSON string: valid UTF-8 as it is, a byte that is not as U+FFFD (the document stays
 * valid whatever the file holds). */
static void json_str(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	putchar('"');
	while (i < n) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			printf("\\%c", c);
			i++;
		} else if (c == '\n') {
			fputs("\\n", stdout);
			i++;
		} else if (c == '\t') {
			fputs("\\t", stdout);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			printf("\\u%04x", c);
			i++;
		} else if ((k = utf8_len(p + i, n - i)) != 0) {
			fwrite(p + i, 1, k, stdout);
			i += k;
		} else {
			fputs("\\ufffd", stdout);
			i++;
		}
	}
	putchar('"');
}

static const char *status_word(seam_status_t st)
{
	switch (st) {
	case SEAM_STATUS_APPLIED:
		return "found";
	case SEAM_STATUS_AMBIGUOUS:
		return "ambiguous";
	case SEAM_STATUS_BINARY:
		return "binary";
	default:
		return "no-match";
	}
}

static void print_json(const sm_cli *o, int rc, const seam_location *l, const char *file,
                       const char *msg)
{
	size_t i;

	printf("{\n  \"version\": \"%s\",\n  \"ok\": %s,\n  \"file\": ", SEAM_VERSION,
	       rc == SEAM_OK ? "true" : "false");
	json_str(o->reply, strlen(o->reply));
	printf(",\n  \"status\": \"%s\",\n  \"strategy\": ", status_word(l->status));
	json_str(l->strategy, strlen(l->strategy));
	printf(",\n  \"total\": %zu,\n  \"message\": ", l->total);
	json_str(msg, strlen(msg));
	fputs(",\n  \"regions\": [", stdout);
	for (i = 0; i < l->count; i++) {
		const seam_region *g = &l->regions[i];
		printf("%s\n    {\"start_line\": %ld, \"end_line\": %ld, \"similarity\": %.3f, "
		       "\"text\": ",
		       i ? "," : "", g->start_line, g->end_line, g->similarity);
		json_str(file + g->offset, g->len);
		putchar('}');
	}
	printf("%s]\n}\n", l->count ? "\n  " : "");
}

static void print_region(const sm_cli *o, const seam_region *g, const char *file,
                         const char *what, const char *strategy)
{
	sm_cli_put_safe(stdout, o->reply);
	/* the notation of apply's report: one line is "13", several "13-20" */
	if (g->end_line <= g->start_line)
		printf(":%ld: %s", g->start_line, what);
	else
		printf(":%ld-%ld: %s", g->start_line, g->end_line, what);
	if (strategy && *strategy)
		printf(" by %s", strategy);
	printf(", %.0f%% similar\n", g->similarity * 100);
	fwrite(file + g->offset, 1, g->len, stdout);
	if (!g->len || file[g->offset + g->len - 1] != '\n')
		putchar('\n');
}

int sm_cli_locate(const sm_cli *o)
{
	seam_options so = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_location l;
	char *file = NULL, *snip = NULL;
	size_t flen = 0, slen = 0, i;
	const char *why = "";
	int rc, status;

	so.max_file_bytes = o->max_file_bytes;
	so.max_reply_bytes = o->max_reply_bytes;
	if (slurp(o->reply, o->max_file_bytes ? o->max_file_bytes : DEFAULT_LIMIT, &file, &flen,
	          &why)) {
		fputs("seam: ", stderr);
		sm_cli_put_safe(stderr, o->reply);
		fprintf(stderr, ": %s\n", why);
		return EXIT_ERROR;
	}
	if (slurp(o->snippet, o->max_reply_bytes ? o->max_reply_bytes : DEFAULT_LIMIT, &snip, &slen,
	          &why)) {
		fputs("seam: ", stderr);
		sm_cli_put_safe(stderr, o->snippet && strcmp(o->snippet, "-") ? o->snippet : "stdin");
		fprintf(stderr, ": %s\n", why);
		free(file);
		return EXIT_ERROR;
	}
	if (seam_session_new(&s, &so)) {
		fputs("seam: cannot start: out of memory\n", stderr);
		free(file);
		free(snip);
		return EXIT_ERROR;
	}
	memset(&l, 0, sizeof(l));
	l.strategy = "";
	rc = seam_locate(s, file, flen, snip, slen, &l);
	if (rc == SEAM_OK || rc == SEAM_EFAIL || rc == SEAM_EPARSE) {
		status = rc == SEAM_OK ? EXIT_FOUND : EXIT_NOT_FOUND;
		if (o->json) {
			print_json(o, rc, &l, file, seam_session_errmsg(s));
		} else if (l.status == SEAM_STATUS_APPLIED) {
			print_region(o, &l.regions[0], file, "found", l.strategy);
		} else if (l.status == SEAM_STATUS_AMBIGUOUS) {
			for (i = 0; i < l.count; i++) {
				char what[64];
				snprintf(what, sizeof(what), "candidate %zu of %zu", i + 1,
				         l.total > l.count ? l.total : l.count);
				print_region(o, &l.regions[i], file, what, i ? NULL : l.strategy);
			}
		}
	} else {
		status = EXIT_ERROR;
		if (o->json)
			print_json(o, rc, &l, file, seam_session_errmsg(s));
	}
	if (rc != SEAM_OK) {
		fputs("seam: ", stderr);
		sm_cli_put_safe(stderr, seam_session_errmsg(s));
		fputc('\n', stderr);
	}
	seam_session_free(s);
	free(file);
	free(snip);
	return status;
}
