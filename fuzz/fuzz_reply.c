/*
 * fuzz_reply: seam_reply_parse on arbitrary bytes, with every format forced and with
 * detection, then every getter.
 *
 * Oracles (each a trap, not only a crash):
 *  - the return code is one of OK, EPARSE, ELIMIT (ENOMEM is allowed, never seen here) and
 *    *out is set exactly when it is OK; a failure leaves a message on the session;
 *  - a parsed reply holds at least one file; every path is a non-empty NUL-terminated string
 *    of at most 4096 bytes; every op is a known one; out-of-range getters return NULL / 0;
 *  - the format read is a known one, and the forced one when a format was forced and the
 *    library implements it;
 *  - parsing is deterministic (the same bytes twice give the same files, ops and edit counts);
 *  - line endings do not matter: when the input holds no CR, the same text with CR LF line
 *    endings gives the same files, ops and edit counts;
 *  - max_edits is honoured: with max_edits = 1, a reply that had more than one edit fails with
 *    ELIMIT, and one with exactly one parses the same.
 */
#include "fuzz.h"
#include "seam.h"

/* Inputs above this are cut: the parsers are linear, big inputs only slow the search. */
#define MAX_INPUT (256 * 1024)

typedef struct {
	int rc;
	seam_format_t format;
	size_t nfiles, total_edits;
	fz_buf sig; /* paths, ops and edit counts, one line per file */
} summary;

static int known_rc(int rc)
{
	return rc == SEAM_OK || rc == SEAM_EPARSE || rc == SEAM_ELIMIT || rc == SEAM_ENOMEM;
}

static void summarize(summary *sm, const char *text, size_t len, seam_format_t f, size_t max_edits)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = (seam_reply *)1;
	size_t i, n;
	int rc;

	memset(sm, 0, sizeof(*sm));
	o.format = f;
	o.max_edits = max_edits;
	rc = seam_session_new(&s, &o);
	FZ_ORACLE(rc == SEAM_OK && s, "seam_session_new(format %d) = %d", (int)f, rc);
	rc = seam_reply_parse(&r, s, text, len);
	sm->rc = rc;
	FZ_ORACLE(known_rc(rc), "seam_reply_parse returned %d (%s)", rc, seam_session_errmsg(s));
	FZ_ORACLE((rc == SEAM_OK) == (r != NULL), "rc %d but reply %p", rc, (void *)r);
	FZ_ORACLE(seam_session_errmsg(s) != NULL, "errmsg is NULL");
	if (rc != SEAM_OK) {
		FZ_ORACLE(seam_session_errmsg(s)[0] != '\0', "failure %d without a message", rc);
		seam_session_free(s);
		return;
	}
	sm->format = seam_reply_format(r);
	FZ_ORACLE(sm->format > SEAM_FORMAT_AUTO && sm->format < SEAM_FORMAT_COUNT,
		  "format %d", (int)sm->format);
	FZ_ORACLE(strcmp(seam_format_name(sm->format), "unknown") != 0 ||
			  sm->format >= SEAM_FORMAT_PATCH,
		  "format %d has no name", (int)sm->format);
	/* a forced format the library knows is the one used */
	if (f != SEAM_FORMAT_AUTO && strcmp(seam_format_name(f), "unknown") != 0)
		FZ_ORACLE(sm->format == f, "forced %s, read as %s", seam_format_name(f),
			  seam_format_name(sm->format));
	n = seam_reply_file_count(r);
	sm->nfiles = n;
	FZ_ORACLE(n >= 1, "a parsed reply with no file");
	for (i = 0; i < n; i++) {
		const char *path = seam_reply_file_path(r, i);
		seam_op_t op = seam_reply_file_op(r, i);
		size_t ne = seam_reply_edit_count(r, i), pl;
		FZ_ORACLE(path != NULL, "file %zu has no path", i);
		pl = strlen(path);
		FZ_ORACLE(pl > 0 && pl <= 4096, "file %zu path length %zu", i, pl);
		FZ_ORACLE(op >= SEAM_OP_UPDATE && op <= SEAM_OP_WHOLE, "file %zu op %d", i, (int)op);
		FZ_ORACLE(strcmp(seam_op_name(op), "unknown") != 0, "op %d has no name", (int)op);
		sm->total_edits += ne;
		fz_put(&sm->sig, path, pl);
		{
			char tail[64];
			snprintf(tail, sizeof(tail), "\t%d\t%zu\n", (int)op, ne);
			fz_puts(&sm->sig, tail);
		}
	}
	FZ_ORACLE(seam_reply_file_path(r, n) == NULL, "path past the end");
	FZ_ORACLE(seam_reply_edit_count(r, n) == 0, "edit count past the end");
	FZ_ORACLE(seam_reply_file_count(NULL) == 0, "count of NULL");
	seam_reply_free(r);
	seam_session_free(s);
}

static void same(const summary *a, const summary *b, const char *why)
{
	FZ_ORACLE(a->rc == b->rc, "%s: rc %d vs %d", why, a->rc, b->rc);
	if (a->rc != SEAM_OK)
		return;
	FZ_ORACLE(a->format == b->format, "%s: format %s vs %s", why, seam_format_name(a->format),
		  seam_format_name(b->format));
	if (a->sig.n != b->sig.n || (a->sig.n && memcmp(a->sig.p, b->sig.p, a->sig.n))) {
		fz_dump("first", a->sig.p, a->sig.n);
		fz_dump("second", b->sig.p, b->sig.n);
		FZ_ORACLE(0, "%s: different files, ops or edit counts", why);
	}
}

static int has_think(const char *t, size_t n)
{
	size_t i, k;
	static const char w[] = "<think";

	for (i = 0; i + 6 <= n; i++) {
		for (k = 0; k < 6 && (t[i + k] | 0x20) == (w[k] | 0x20); k++)
			;
		if (k == 6)
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	summary base, again, other;
	int f;

	if (size > MAX_INPUT)
		size = MAX_INPUT;
	/* NULL text with length 0 is allowed */
	summarize(&base, size ? text : NULL, size, SEAM_FORMAT_AUTO, 0);
	summarize(&again, text, size, SEAM_FORMAT_AUTO, 0);
	same(&base, &again, "parsed twice");
	fz_free(&again.sig);

	for (f = SEAM_FORMAT_AUTO + 1; f < SEAM_FORMAT_COUNT; f++) {
		summarize(&other, text, size, (seam_format_t)f, 0);
		/* detection picked f: forcing it must read the same (not with a thinking
		   section: detection may look at the text outside it with another format) */
		if (base.rc == SEAM_OK && base.format == (seam_format_t)f && !has_think(text, size))
			same(&base, &other, "forced to the detected format");
		fz_free(&other.sig);
	}

	/* max_edits = 1 */
	summarize(&other, text, size, SEAM_FORMAT_AUTO, 1);
	if (base.rc == SEAM_OK && base.total_edits > 1)
		FZ_ORACLE(other.rc == SEAM_ELIMIT || other.rc == SEAM_EPARSE,
			  "%zu edits parsed with max_edits = 1: rc %d", base.total_edits, other.rc);
	if (other.rc == SEAM_OK)
		FZ_ORACLE(other.total_edits <= 1, "max_edits = 1 gave %zu edits", other.total_edits);
	fz_free(&other.sig);

	/* CR LF line endings read as LF ones */
	if (size && !memchr(text, '\r', size) && size < MAX_INPUT / 2) {
		fz_buf crlf = {0};
		size_t i;
		for (i = 0; i < size; i++) {
			if (text[i] == '\n')
				fz_putc(&crlf, '\r');
			fz_putc(&crlf, text[i]);
		}
		summarize(&other, crlf.p, crlf.n, SEAM_FORMAT_AUTO, 0);
		same(&base, &other, "CR LF instead of LF");
		fz_free(&other.sig);
		fz_free(&crlf);
	}
	fz_free(&base.sig);
	return 0;
}
