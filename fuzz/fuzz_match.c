/*
 * fuzz_match: a SEARCH/REPLACE block built from the file itself must land exactly where its
 * text was taken from.
 *
 * Input: byte 0 configuration, bytes 1-2 pick the first line of the slice, byte 3 its length
 * (1-8 lines, grown up to 24 until the slice is unique), the rest is the file. The file is
 * made a text file first: CR and NUL bytes become spaces (line endings are set by the
 * configuration instead, see below).
 *
 * Configuration bits: 0-1 what the REPLACE side does (0 every line prefixed with a marker,
 * 1 the slice kept and a marked line added after it, 2 the slice replaced by one marked line,
 * 3 the slice deleted); 2 CR LF line endings in the file; 3 SEAM_FLAG_KEEP_NO_EOL; 4 force the
 * editblock format (else detection); 5 a UTF-8 BOM before the file.
 *
 * Only slices whose lines occur exactly once in the file as that sequence are used, with at
 * least one non-blank line, and no line the reply syntax reserves (a run of 4 or more '<', '=',
 * '>', '-' or '+' that could be a marker, a thinking tag, a ":start_line:" hint). The marker "FZ|"
 * must not occur in the file (else the new side could already be there).
 *
 * Oracle: seam applies the block with status applied, at lines start+1 .. start+len, and the
 * new file equals the one built here: the lines before, the new lines (with the file's line
 * ending), the lines after, the BOM kept; a file lacking its final newline gets one unless
 * SEAM_FLAG_KEEP_NO_EOL is set (seam.h).
 */
#include "fuzz.h"
#include "seam.h"

#define MAX_FILE (64 * 1024)
#define MARK "FZ|"

static int blank(const char *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\f' && p[i] != '\v' && p[i] != '\r')
			return 0;
	return 1;
}


/* A line the reply syntax could read as something else than text. */
static int reserved(const char *p, size_t n)
{
	size_t i = 0, run = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i < n && (p[i] == '<' || p[i] == '=' || p[i] == '>' || p[i] == '-' || p[i] == '+')) {
		while (i + run < n && p[i + run] == p[i])
			run++;
		if (run >= 4) /* marker runs are 4-9 (fmt_editblock.c); 4 to stay clear */
			return 1;
	}
	if (i + 6 <= n && p[i] == '<') {
		static const char w[] = "think";
		size_t k;
		for (k = 0; k < 5 && (p[i + 1 + k] | 0x20) == w[k]; k++)
			;
		if (k == 5)
			return 1;
	}
	if (n >= 1 && p[0] == ':')
		return 1; /* ":start_line:", ":end_line:" hints */
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned cfg, mode;
	size_t sel_start, sel_len, flen, i, k, start, len = 0, hits;
	int crlf, keep, bom, rc, nonblank;
	char *file;
	fz_buf body = {0}, disk = {0}, reply = {0}, want = {0};
	fz_lines ls;
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	const char *eol;

	if (size < 5 || size - 4 > MAX_FILE)
		return 0;
	cfg = data[0];
	mode = cfg & 3;
	crlf = (cfg >> 2) & 1;
	keep = (cfg >> 3) & 1;
	bom = (cfg >> 5) & 1;
	sel_start = (size_t)data[1] << 8 | data[2];
	sel_len = 1 + data[3] % 8;
	flen = size - 4;
	file = malloc(flen + 1);
	if (!file)
		abort();
	memcpy(file, data + 4, flen);
	for (i = 0; i < flen; i++)
		if (file[i] == '\r' || file[i] == '\0')
			file[i] = ' ';
	/* a BOM of the input itself is kept out: the flag decides */
	if (flen >= 3 && !memcmp(file, "\xEF\xBB\xBF", 3))
		file[0] = file[1] = file[2] = ' ';
	fz_put(&body, file, flen);
	free(file);
	if (fz_find((const uint8_t *)body.p, body.n, MARK, 3))
		goto out;
	fz_lines_split(&ls, body.p, body.n);
	if (ls.n == 0)
		goto out_lines;

	start = sel_start % ls.n;
	/* grow the slice until its line sequence is unique */
	for (len = sel_len; start + len <= ls.n && len <= 24; len++) {
		hits = 0;
		for (i = 0; i + len <= ls.n && hits < 2; i++) {
			for (k = 0; k < len; k++)
				if (ls.len[i + k] != ls.len[start + k] ||
				    memcmp(body.p + ls.off[i + k], body.p + ls.off[start + k],
					   ls.len[i + k]))
					break;
			hits += k == len;
		}
		if (hits == 1)
			break;
	}
	if (start + len > ls.n || len > 24)
		goto out_lines;
	nonblank = 0;
	for (k = 0; k < len; k++) {
		const char *lp = body.p + ls.off[start + k];
		if (reserved(lp, ls.len[start + k]))
			goto out_lines;
		nonblank |= !blank(lp, ls.len[start + k]);
	}
	if (!nonblank)
		goto out_lines;
	/* The file as stored, and the expected result, line by line. New lines get the file's
	   dominant line ending: CR LF when more than half of its lines end with it. */
	{
		size_t ncrlf = 0;
		for (i = 0; i < ls.n; i++)
			ncrlf += crlf && ls.eol[i];
		eol = ncrlf * 2 > ls.n ? "\r\n" : "\n";
	}
	if (bom) {
		fz_put(&disk, "\xEF\xBB\xBF", 3);
		fz_put(&want, "\xEF\xBB\xBF", 3);
	}
	for (i = 0; i < ls.n; i++) {
		const char *lp = body.p + ls.off[i];
		size_t ln = ls.len[i];
		fz_put(&disk, lp, ln);
		if (ls.eol[i])
			fz_puts(&disk, crlf ? "\r\n" : "\n");
		if (i < start || i >= start + len) {
			fz_put(&want, lp, ln);
			if (ls.eol[i])
				fz_puts(&want, crlf ? "\r\n" : "\n");
			continue;
		}
		switch (mode) {
		case 0:
			fz_puts(&want, MARK);
			fz_put(&want, lp, ln);
			fz_puts(&want, eol);
			break;
		case 1:
			/* the slice is kept: its lines keep their endings; the last line of a
			   file that lacked one gets the file's */
			fz_put(&want, lp, ln);
			fz_puts(&want, !ls.eol[i] ? eol : crlf ? "\r\n" : "\n");
			if (i + 1 == start + len) {
				fz_puts(&want, MARK "added");
				fz_puts(&want, eol);
			}
			break;
		case 2:
			if (i == start) {
				fz_puts(&want, MARK "replaced");
				fz_puts(&want, eol);
			}
			break;
		default:
			break;
		}
	}
	/* a file that lacked its final newline: seam.h's rule */
	if (!ls.eol[ls.n - 1] && keep && want.n >= 1 && want.p[want.n - 1] == '\n') {
		want.n -= want.n >= 2 && want.p[want.n - 2] == '\r' ? 2 : 1;
		want.p[want.n] = '\0';
	} else if (!ls.eol[ls.n - 1] && !keep && want.n && want.p[want.n - 1] != '\n' &&
		   !(bom && want.n == 3)) {
		fz_puts(&want, eol);
	}

	fz_puts(&reply, "Here is the change:\n\nf.txt\n<<<<<<< SEARCH\n");
	for (k = 0; k < len; k++) {
		fz_put(&reply, body.p + ls.off[start + k], ls.len[start + k]);
		fz_putc(&reply, '\n');
	}
	fz_puts(&reply, "=======\n");
	for (k = 0; k < len; k++) {
		const char *lp = body.p + ls.off[start + k];
		size_t ln = ls.len[start + k];
		if (mode == 0) {
			fz_puts(&reply, MARK);
			fz_put(&reply, lp, ln);
			fz_putc(&reply, '\n');
		} else if (mode == 1) {
			fz_put(&reply, lp, ln);
			fz_putc(&reply, '\n');
		}
	}
	if (mode == 1)
		fz_puts(&reply, MARK "added\n");
	if (mode == 2)
		fz_puts(&reply, MARK "replaced\n");
	fz_puts(&reply, ">>>>>>> REPLACE\n\nDone.\n");

	o.format = (cfg & 16) ? SEAM_FORMAT_EDITBLOCK : SEAM_FORMAT_AUTO;
	o.flags = keep ? SEAM_FLAG_KEEP_NO_EOL : 0;
	FZ_ORACLE(seam_session_new(&s, &o) == SEAM_OK, "session");
	rc = seam_reply_parse(&r, s, reply.p, reply.n);
	if (rc != SEAM_OK)
		fz_dump("reply", reply.p, reply.n);
	FZ_ORACLE(rc == SEAM_OK, "the reply does not parse: %s", seam_session_errmsg(s));
	FZ_ORACLE(seam_reply_file_count(r) == 1 && seam_reply_edit_count(r, 0) == 1 &&
			  !strcmp(seam_reply_file_path(r, 0), "f.txt"),
		  "read as %zu files, first '%s' with %zu edits", seam_reply_file_count(r),
		  seam_reply_file_path(r, 0), seam_reply_edit_count(r, 0));
	FZ_ORACLE(seam_tree_new_memory(&t, s) == SEAM_OK, "tree");
	FZ_ORACLE(seam_tree_put(t, "f.txt", disk.p, disk.n, 0644) == SEAM_OK, "put");
	rc = seam_plan_new(&p, s, r, t);
	{
		seam_file_info fi;
		seam_edit_info ei;
		memset(&fi, 0, sizeof(fi));
		memset(&ei, 0, sizeof(ei));
		if (p) {
			seam_plan_file(p, 0, &fi);
			seam_plan_edit(p, 0, 0, &ei);
		}
		if (rc != SEAM_OK || ei.status != SEAM_STATUS_APPLIED ||
		    ei.start_line != (long)start + 1 || ei.end_line != (long)(start + len) ||
		    fi.new_len != want.n || (want.n && memcmp(fi.new_data, want.p, want.n))) {
			fz_dump("file", disk.p, disk.n);
			fz_dump("reply", reply.p, reply.n);
			fz_dump("expected", want.p, want.n);
			fz_dump("got", fi.new_data, fi.new_len);
			fprintf(stderr, "slice: lines %zu-%zu; edit: %s via '%s' at %ld-%ld: %s\n",
				start + 1, start + len, seam_status_name(ei.status),
				ei.strategy ? ei.strategy : "", ei.start_line, ei.end_line,
				ei.message ? ei.message : "");
			FZ_ORACLE(rc == SEAM_OK, "plan failed: %d", rc);
			FZ_ORACLE(ei.status == SEAM_STATUS_APPLIED, "edit not applied");
			FZ_ORACLE(ei.start_line == (long)start + 1 &&
					  ei.end_line == (long)(start + len),
				  "located at the wrong lines");
			FZ_ORACLE(0, "the new file is not the expected one");
		}
	}
	seam_plan_free(p);
	seam_tree_free(t);
	seam_reply_free(r);
	seam_session_free(s);
out_lines:
	fz_lines_free(&ls);
out:
	fz_free(&body);
	fz_free(&disk);
	fz_free(&reply);
	fz_free(&want);
	return 0;
}
