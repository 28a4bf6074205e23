#define _POSIX_C_SOURCE 200809L
/*
 * seam apply --batch: JSON lines in (one record per line, the schema of seam.h's "batch"), one
 * JSON line out per record, in input order. Input is read with read(2), so the records that
 * have arrived are run at once (a pipeline stage such as Spark's RDD.pipe gets its answers as
 * it feeds), up to a chunk's worth at a time on -j threads. A record never stops the run: a
 * bad one gets an error line; only unreadable input or a failed write ends it (exit 2).
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Records run in one call to the library: enough to keep every thread busy, few enough that
 * answers flow while input still comes. */
#define CHUNK_PER_THREAD 16

/* The longest record line: a reply and its files, JSON-escaped. */
static size_t line_limit(const sm_cli *o)
{
	size_t r = o->max_reply_bytes ? o->max_reply_bytes : sm_cli_default_reply_bytes();
	size_t f = o->max_file_bytes ? o->max_file_bytes : sm_cli_default_file_bytes();
	size_t m = r > f ? r : f;
	return m > ((size_t)-1 - (1u << 20)) / 2 ? (size_t)-1 : m * 2 + (1u << 20);
}

typedef struct counts {
	unsigned long records, ok;
} counts;

/* Writes the result lines and counts the ok ones. -1 when stdout fails. */
static int emit(const char *s, size_t n, counts *c)
{
	const char *p = s, *e = s + n;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		c->records++;
		/* the first "ok" key of a line is the record's: ids are strings or integers, and
		   every quote inside a string is escaped */
		const char *k = strstr(p, "\"ok\":");
		c->ok += k && (!nl || k < nl) && !strncmp(k + 5, "true", 4);
		p = nl ? nl + 1 : e;
	}
	if (fwrite(s, 1, n, stdout) != n || fflush(stdout))
		return -1;
	return 0;
}

static void progress(const sm_cli *o, const counts *c, int done)
{
	if (o->quiet || !isatty(2))
		return;
	fprintf(stderr, "\rseam: batch: %lu records, %lu ok, %lu not ok%s", c->records, c->ok,
		c->records - c->ok, done ? "\n" : "");
}

/* 1 when reading fd now would not block (data, or its end, is there). */
static int more_waiting(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};
	return poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP));
}

/* One record line over the limit: an error result for it, without its text. */
static int too_long(long line, counts *c)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf),
			 "{\"id\":null,\"line\":%ld,\"ok\":false,\"error\":\"the record is longer "
			 "than the limit (twice --max-reply-bytes or --max-file-bytes, plus 1 MiB)\"}\n",
			 line);
	return emit(buf, (size_t)n, c);
}

int sm_cli_batch(const sm_cli *o, const seam_options *defaults)
{
	unsigned int jobs = o->jobs ? o->jobs : 1;
	size_t limit = line_limit(o), cap = 1 << 16, len = 0, chunk = (size_t)jobs * CHUNK_PER_THREAD;
	char *buf = malloc(cap);
	long line = 1; /* the line number of buf's first byte */
	int fd = 0, eof = 0, skipping = 0, status = EXIT_APPLIED;
	counts c = {0, 0};

	if (!buf) {
		sm_cli_errorf("batch", "out of memory");
		return EXIT_ERROR;
	}
	if (o->reply && strcmp(o->reply, "-") && (fd = open(o->reply, O_RDONLY | O_CLOEXEC)) < 0) {
		sm_cli_errorf(o->reply, strerror(errno));
		free(buf);
		return EXIT_ERROR;
	}
	while (!eof || len) {
		size_t end = 0, nrec = 0, i;
		ssize_t got = 0;
		if (!eof) {
			if (cap - len < (1u << 16)) {
				size_t ncap = cap * 2 > limit + 1 ? limit + 1 : cap * 2;
				char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
				if (!nb && ncap > cap) {
					sm_cli_errorf("batch", "out of memory");
					status = EXIT_ERROR;
					break;
				}
				if (nb) {
					buf = nb;
					cap = ncap;
				}
			}
			if (len < cap) {
				got = read(fd, buf + len, cap - len);
				if (got < 0 && errno == EINTR)
					continue;
				if (got < 0) {
					sm_cli_errorf("reading the records", strerror(errno));
					status = EXIT_ERROR;
					break;
				}
				eof = got == 0;
				len += (size_t)got;
			}
		}
		/* the complete lines so far (all of it at the end), at most a chunk of records */
		for (i = 0; i < len && nrec < chunk; i++)
			if (buf[i] == '\n') {
				end = i + 1;
				nrec++;
			}
		if (eof && nrec < chunk)
			end = len;
		/* more is waiting already: take it into this chunk, so that -j threads get records
		   to share (a slow writer's records still go through as they come) */
		if (!eof && !skipping && nrec < chunk && cap - len > 0 && more_waiting(fd))
			continue;
		if (skipping) {
			/* the rest of an over-long line: dropped up to its newline */
			const char *nl = memchr(buf, '\n', len);
			size_t drop = nl ? (size_t)(nl - buf) + 1 : len;
			memmove(buf, buf + drop, len - drop);
			len -= drop;
			if (nl) {
				skipping = 0;
				line++;
			}
			continue;
		}
		if (!end) {
			if (len == cap && cap > limit) {
				/* one line fills the whole buffer: over the limit */
				if (too_long(line, &c)) {
					status = EXIT_ERROR;
					break;
				}
				skipping = 1;
				len = 0;
			}
			continue;
		}
		{
			char *out = NULL;
			size_t n = 0, k;
			long lines = 0;
			int rc = seam_batch_apply_lines(defaults, buf, end, line, jobs, &out, &n);
			if (rc) {
				sm_cli_errorf("batch", rc == SEAM_ENOMEM ? "out of memory" : "failed");
				status = EXIT_ERROR;
				break;
			}
			rc = emit(out, n, &c);
			seam_free(out);
			if (rc) {
				if (errno != EPIPE)
					sm_cli_errorf("writing the results", strerror(errno));
				status = EXIT_ERROR;
				break;
			}
			for (k = 0; k < end; k++)
				lines += buf[k] == '\n';
			line += lines;
			memmove(buf, buf + end, len - end);
			len -= end;
			progress(o, &c, 0);
		}
	}
	progress(o, &c, 1);
	if (fd > 0)
		close(fd);
	free(buf);
	if (status == EXIT_APPLIED && c.ok < c.records)
		status = EXIT_FAILED;
	return status;
}
