/*
 * Replies with very many files or edits, through the loops that used to be quadratic: the
 * plan finding a file's state by its path (10,000 created files: 0.23 s in a linear scan), and
 * the stream numbering each complete edit in reply order (a count over all edits for each new
 * one). No time limit here (bench/scale.sh times them); the outcomes are checked in full.
 */
#include "test.h"
#include "seam.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NFILES 10000

/* A patch adding NFILES files, then appending to two of them: the appends must find the states
 * the additions made (a later edit sees what an earlier one did). */
TEST(scale, ten_thousand_created_files)
{
	size_t cap = (size_t)NFILES * 64 + 1024, k = 0, n;
	char *reply = malloc(cap), want[64], path[64];
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	const char *got;
	int i, bad = 0;

	o.max_edits = 2 * NFILES; /* each added file counts as an edit */
	CHECK(reply != NULL);
	k += (size_t)snprintf(reply + k, cap - k, "*** Begin Patch\n");
	for (i = 0; i < NFILES; i++)
		k += (size_t)snprintf(reply + k, cap - k, "*** Add File: gen/d%d/f%d.txt\n+item %d\n",
				      i % 100, i, i);
	k += (size_t)snprintf(reply + k, cap - k,
			      "*** Update File: gen/d34/f1234.txt\n@@\n+more\n"
			      "*** Update File: gen/d99/f9999.txt\n@@\n+more\n"
			      "*** End Patch\n");
	CHECK(k < cap);
	CHECK(!seam_session_new(&s, &o) && !seam_tree_new_memory(&t, s));
	CHECK_INT(seam_reply_parse(&r, s, reply, k), SEAM_OK);
	CHECK_INT(seam_reply_file_count(r), NFILES + 2);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_OK);
	CHECK_INT(seam_plan_commit(p), SEAM_OK);
	for (i = 0; i < NFILES; i++) {
		snprintf(path, sizeof(path), "gen/d%d/f%d.txt", i % 100, i);
		snprintf(want, sizeof(want), "item %d\n%s", i, i == 1234 || i == 9999 ? "more\n" : "");
		got = seam_tree_get(t, path, &n);
		if (!got || n != strlen(want) || memcmp(got, want, n))
			bad++;
	}
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	free(reply);
	CHECK_INT(bad, 0);
}

#define NEDITS 3000

/*
 * 3,000 one-line edits of three files, their blocks alternating between the files, streamed in
 * small chunks. The edits of one path merge into one file operation, so file order is not reply
 * order: every edit's event must carry its number in reply order, as the report counts.
 */
TEST(scale, stream_numbers_many_edits_in_reply_order)
{
	static const char *const names[3] = {"a.txt", "b.txt", "c.txt"};
	size_t cap = (size_t)NEDITS * 96 + 1024, k = 0, fk[3] = {0, 0, 0}, off, n, nev = 0;
	char *reply = malloc(cap), *file[3];
	long line = 1, *line_of = calloc(NEDITS + 1, sizeof(long));
	size_t *seen = calloc(NEDITS + 2, sizeof(size_t));
	seam_session *s = NULL;
	seam_tree *t = NULL;
	seam_stream *st = NULL;
	seam_reply *r = NULL;
	seam_plan *p = NULL;
	seam_event ev;
	int i, f, wrong = 0;

	file[0] = malloc(cap);
	file[1] = malloc(cap);
	file[2] = malloc(cap);
	CHECK(reply && line_of && seen && file[0] && file[1] && file[2]);
	for (i = 0; i < NEDITS; i++) {
		f = i % 3;
		fk[f] += (size_t)snprintf(file[f] + fk[f], cap - fk[f], "line %d\n", i);
		line_of[i + 1] = line + 4; /* the edit starts at its SEARCH marker */
		k += (size_t)snprintf(reply + k, cap - k,
				      "Step %d.\n\n%s\n```\n<<<<<<< SEARCH\nline %d\n=======\nLINE %d\n"
				      ">>>>>>> REPLACE\n```\n",
				      i, names[f], i, i);
		line += 10;
	}
	CHECK(!seam_session_new(&s, NULL) && !seam_tree_new_memory(&t, s));
	for (f = 0; f < 3; f++)
		CHECK(!seam_tree_put(t, names[f], file[f], fk[f], 0644));
	CHECK(!seam_stream_new(&st, s, t, NULL));
	for (off = 0; off < k; off += n) {
		n = k - off < 1000 ? k - off : 1000;
		CHECK(!seam_stream_feed(st, reply + off, n));
		while (seam_stream_next(st, &ev)) {
			nev++;
			if (ev.kind != SEAM_EVENT_EDIT || ev.index < 1 || ev.index > NEDITS ||
			    ev.reply_line != line_of[ev.index] || ev.status != SEAM_STATUS_APPLIED) {
				if (!wrong)
					printf("  edit %zu: line %ld, want %ld, %s\n", ev.index,
					       ev.reply_line, line_of[ev.index <= NEDITS ? ev.index : 0],
					       seam_status_name(ev.status));
				wrong++;
			}
			else
				seen[ev.index]++;
		}
	}
	CHECK_INT(seam_stream_finish(st, &r, &p), SEAM_OK);
	while (seam_stream_next(st, &ev)) {
		nev++;
		if (ev.kind != SEAM_EVENT_EDIT || ev.index < 1 || ev.index > NEDITS ||
		    ev.reply_line != line_of[ev.index])
			wrong++;
		else
			seen[ev.index]++;
	}
	CHECK_INT(wrong, 0);
	CHECK_INT(nev, NEDITS);
	for (i = 1; i <= NEDITS; i++)
		if (seen[i] != 1)
			wrong++;
	CHECK_INT(wrong, 0);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_stream_free(st);
	seam_tree_free(t);
	seam_session_free(s);
	free(reply);
	free(line_of);
	free(seen);
	for (f = 0; f < 3; f++)
		free(file[f]);
}
