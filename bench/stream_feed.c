/*
 * stream_feed: what streaming a reply costs, against reading it whole.
 *
 *     stream_feed [-c CHUNK] [-e] [-r RUNS] [-m] DIR REPLY
 *
 * Plans REPLY on the tree DIR (nothing is written) twice: whole (seam_reply_parse +
 * seam_plan_new) and streamed (seam_stream_feed in CHUNK-byte pieces, default 4096, then
 * seam_stream_finish; -e sets SEAM_STREAM_EAGER), RUNS times each (default 3), and prints one
 * line: the CPU milliseconds of each (the fastest run), how often the stream read the text
 * again, how many events came before the end, and, for the first failed edit, how many bytes
 * after that edit's last line its event came. Exit 1 when the streamed plan's JSON rendering
 * differs from the whole one's (a fast wrong answer must not look like a result). -m prints
 * the figures as the cells of a Markdown table row instead.
 */
#define _POSIX_C_SOURCE 200809L
#include "seam.h"
#include "lib/stream/stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *b;
	long len;

	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		return NULL;
	b = malloc((size_t)len + 1);
	if (!b || fread(b, 1, (size_t)len, f) != (size_t)len)
		return NULL;
	fclose(f);
	*n = (size_t)len;
	return b;
}

/* Offset just past the line of the reply where the edit starting at reply line `line` ends:
 * the first ">>>>>>> REPLACE" (or closing) line after it, for the report only. */
static size_t edit_end(const char *r, size_t n, long line)
{
	size_t i = 0;
	long no = 1;

	while (i < n && no < line)
		no += r[i++] == '\n';
	for (; i < n; i++)
		if (r[i] == '\n' && i + 1 < n && r[i + 1] == '>') {
			const char *nl = memchr(r + i + 1, '\n', n - i - 1);
			return nl ? (size_t)(nl - r) + 1 : n;
		}
	return n;
}

int main(int argc, char **argv)
{
	seam_stream_options so = {SEAM_STREAM_OPTIONS_VERSION, 0};
	size_t chunk = 4096, len, k, readings = 0, early = 0, events = 0, late_by = (size_t)-1;
	double best_whole = 1e30, best_stream = 1e30, best_finish = 1e30;
	char *reply, *want = NULL, *got = NULL;
	int runs = 3, run, argi = 1, mismatch = 0, md = 0;
	const char *dir, *path;

	for (; argi < argc && argv[argi][0] == '-'; argi++) {
		if (!strcmp(argv[argi], "-c") && argi + 1 < argc)
			chunk = (size_t)strtoul(argv[++argi], NULL, 10);
		else if (!strcmp(argv[argi], "-r") && argi + 1 < argc)
			runs = atoi(argv[++argi]);
		else if (!strcmp(argv[argi], "-e"))
			so.flags |= SEAM_STREAM_EAGER;
		else if (!strcmp(argv[argi], "-m"))
			md = 1;
		else
			break;
	}
	if (argc - argi != 2 || !chunk || runs < 1) {
		fputs("usage: stream_feed [-c CHUNK] [-e] [-r RUNS] [-m] DIR REPLY\n", stderr);
		return 2;
	}
	dir = argv[argi];
	path = argv[argi + 1];
	reply = slurp(path, &len);
	if (!reply) {
		fprintf(stderr, "stream_feed: cannot read %s\n", path);
		return 2;
	}
	for (run = 0; run < runs; run++) {
		seam_session *s = NULL;
		seam_tree *t = NULL;
		seam_reply *r = NULL;
		seam_plan *p = NULL;
		seam_stream *st = NULL;
		seam_event ev;
		double t0, t1, t2;
		size_t at = 0, n;

		if (seam_session_new(&s, NULL) || seam_tree_open_dir(&t, s, dir)) {
			fprintf(stderr, "stream_feed: %s\n", seam_session_errmsg(s));
			return 2;
		}
		t0 = cpu_ms();
		if (seam_reply_parse(&r, s, reply, len) == SEAM_OK)
			seam_plan_new(&p, s, r, t);
		t1 = cpu_ms();
		if (t1 - t0 < best_whole)
			best_whole = t1 - t0;
		if (!want && p)
			seam_plan_render(p, SEAM_RENDER_JSON, &want, &n);
		seam_plan_free(p);
		seam_reply_free(r);
		p = NULL;
		r = NULL;

		seam_stream_new(&st, s, t, &so);
		early = events = 0;
		t0 = cpu_ms();
		for (at = 0; at < len; at += k) {
			k = len - at < chunk ? len - at : chunk;
			if (seam_stream_feed(st, reply + at, k))
				break;
			while (seam_stream_next(st, &ev)) {
				events++;
				early++;
				if (late_by == (size_t)-1 && ev.status != SEAM_STATUS_APPLIED &&
				    ev.status != SEAM_STATUS_ALREADY_APPLIED)
					late_by = at + k - edit_end(reply, len, ev.reply_line);
			}
		}
		t1 = cpu_ms();
		seam_stream_finish(st, &r, &p);
		t2 = cpu_ms();
		while (seam_stream_next(st, &ev))
			events++;
		readings = st->readings;
		if (t1 - t0 < best_stream)
			best_stream = t1 - t0;
		if (t2 - t1 < best_finish)
			best_finish = t2 - t1;
		if (p && !got)
			seam_plan_render(p, SEAM_RENDER_JSON, &got, &n);
		seam_plan_free(p);
		seam_reply_free(r);
		seam_stream_free(st);
		seam_tree_free(t);
		seam_session_free(s);
	}
	mismatch = !want || !got || strcmp(want, got);
	if (md) {
		printf("%zu | %.1f | %.1f | %.1f | %zu | %zu of %zu | ", len, best_whole, best_stream,
		       best_finish, readings, early, events);
		if (late_by != (size_t)-1)
			printf("%zu", late_by);
		printf(" |%s\n", mismatch ? " MISMATCH |" : "");
		goto out;
	}
	printf("bytes %zu chunk %zu%s  whole %.1f ms  stream: feeding %.1f ms + finish %.1f ms"
	       "  readings %zu  events %zu (%zu before the end)",
	       len, chunk, so.flags ? " eager" : "", best_whole, best_stream, best_finish, readings,
	       events, early);
	if (late_by != (size_t)-1)
		printf("  first failure reported %zu bytes after its edit", late_by);
	printf("%s\n", mismatch ? "  MISMATCH" : "");
out:
	seam_free(want);
	seam_free(got);
	free(reply);
	return mismatch;
}
