#define _POSIX_C_SOURCE 200809L

/*
 * seam apply --stream: the reply is read with read(2), which hands over whatever the writer
 * (a model's output piped in) has written so far, and fed to a seam_stream; each event is
 * printed and flushed at once, so that a reader can stop the generation at the first failed
 * edit. The events go to stdout, to stderr with --feedback (stdout holds only what to tell the
 * model), nowhere with --quiet. After the reply ends, the report is the one `seam apply` gives.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The most read(2) is asked for at once; a pipe gives less when less was written. */
#define READ_CHUNK 65536

static int print_events(const sm_cli *o, seam_stream *st)
{
	FILE *f = o->feedback ? stderr : stdout;
	seam_event ev;
	int printed = 0;

	while (seam_stream_next(st, &ev)) {
		char *out = NULL;
		size_t len = 0;
		if (o->quiet)
			continue;
		if (seam_event_render(&ev, o->json ? SEAM_RENDER_JSON_LINE : SEAM_RENDER_TEXT, &out,
				      &len)) {
			sm_cli_errorf("rendering an event", "out of memory");
			return -1;
		}
		fwrite(out, 1, len, f);
		seam_free(out);
		printed = 1;
	}
	if (printed)
		fflush(f);
	return 0;
}

int sm_cli_stream(const sm_cli *o, seam_session *s, seam_tree *t)
{
	const char *name = o->reply && strcmp(o->reply, "-") ? o->reply : NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	char *buf;
	int fd = STDIN_FILENO, rc, fed = SEAM_OK, status;

	if (name && (fd = open(name, O_RDONLY)) < 0) {
		const char *why = strerror(errno);
		if (o->json)
			sm_cli_json_error(o, SEAM_EIO, why);
		sm_cli_errorf(name, why);
		return EXIT_ERROR;
	}
	if (!name && isatty(fd))
		fputs("seam: reading the reply from the terminal (end it with Ctrl-D)\n", stderr);
	buf = malloc(READ_CHUNK);
	if (!buf || (rc = seam_stream_new(&st, s, t, NULL)) != SEAM_OK) {
		free(buf);
		if (name)
			close(fd);
		sm_cli_errorf("cannot start", "out of memory");
		return EXIT_ERROR;
	}
	for (;;) {
		ssize_t got = read(fd, buf, READ_CHUNK);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			const char *why = strerror(errno);
			if (o->json)
				sm_cli_json_error(o, SEAM_EIO, why);
			sm_cli_errorf(name ? name : "stdin", why);
			status = EXIT_ERROR;
			goto out;
		}
		/* a failed feed (too large, out of memory) ends the reading: finish says why */
		if (!got || (fed = seam_stream_feed(st, buf, (size_t)got)) != SEAM_OK)
			break;
		if (print_events(o, st)) {
			status = EXIT_ERROR;
			goto out;
		}
	}
	rc = seam_stream_finish(st, &r, &p);
	if (print_events(o, st)) {
		seam_plan_free(p);
		status = EXIT_ERROR;
	} else if (fed == SEAM_ELIMIT) {
		/* as without --stream: the reply is refused before it is read whole */
		char why[96];
		snprintf(why, sizeof(why), "the reply is larger than %zu bytes (--max-reply-bytes)",
			 o->max_reply_bytes ? o->max_reply_bytes : (size_t)64 << 20);
		if (o->json)
			sm_cli_json_error(o, SEAM_ELIMIT, why);
		sm_cli_errorf(name ? name : "stdin", why);
		seam_plan_free(p);
		status = EXIT_ERROR;
	} else if (rc == SEAM_EPARSE) {
		status = sm_cli_no_edit(o, s);
	} else if (!r) {
		if (o->json)
			sm_cli_json_error(o, rc, seam_session_errmsg(s));
		sm_cli_errorf("reading the reply", seam_session_errmsg(s));
		status = EXIT_ERROR;
	} else {
		status = sm_cli_report(o, s, p, rc, NULL);
	}
out:
	if (name)
		close(fd);
	free(buf);
	seam_reply_free(r);
	seam_stream_free(st);
	return status;
}
