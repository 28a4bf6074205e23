/*
 * Every limit of seam_options: its default (seam_limits.h), what exceeding it does, and its
 * CLI flag. The fuzzy time budget gets the most attention: a search it cuts short must refuse
 * the edit, never apply it at a place found in part of the file.
 */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "seam.h"
#include "cli/opt.h"
#include "lib/core/session.h"
#include "util/budget.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Deterministic pseudo-random text (xorshift), so that every run plans the same input. */
static unsigned long long rnd_state = 88172645463325252ull;
static unsigned rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (unsigned)(rnd_state >> 11);
}

static void rnd_line(char *out, size_t n)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz  _()=";
	size_t i;
	for (i = 0; i < n; i++)
		out[i] = abc[rnd() % (sizeof(abc) - 1)];
	out[n] = '\0';
}

struct outcome {
	int plan_rc;
	seam_status_t status; /* of edit 0 of file 0 */
	char msg[512];
	double cpu;
};

/* Plans reply against a memory tree holding one file; fills what happened to its first edit. */
static int plan_once(const seam_options *o, const char *path, const char *data, const char *reply,
		     struct outcome *out)
{
	seam_session *s = NULL;
	seam_reply *r = NULL;
	seam_tree *t = NULL;
	seam_plan *p = NULL;
	seam_edit_info ei;
	double t0;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (seam_session_new(&s, o) || seam_tree_new_memory(&t, s) ||
	    seam_tree_put(t, path, data, strlen(data), 0644) ||
	    seam_reply_parse(&r, s, reply, strlen(reply)))
		goto done;
	t0 = cpu_now();
	out->plan_rc = seam_plan_new(&p, s, r, t);
	out->cpu = cpu_now() - t0;
	if (!p || seam_plan_edit(p, 0, 0, &ei))
		goto done;
	out->status = ei.status;
	snprintf(out->msg, sizeof(out->msg), "%s", ei.message);
	rc = 0;
done:
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
	return rc;
}

/* ---- defaults and the named header ---- */

TEST(limits, defaults_filled_in)
{
	seam_session *s;
	seam_options o = SEAM_OPTIONS_INIT;

	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(s->opts.max_reply_bytes, SM_DEFAULT_MAX_REPLY_BYTES);
	CHECK_INT(s->opts.max_file_bytes, SM_DEFAULT_MAX_FILE_BYTES);
	CHECK_INT(s->opts.max_edits, SM_DEFAULT_MAX_EDITS);
	CHECK_INT(s->opts.max_fuzzy_ms, SM_DEFAULT_MAX_FUZZY_MS);
	CHECK_INT(s->opts.lock_wait_ms, SM_DEFAULT_LOCK_WAIT_MS);
	seam_session_free(s);

	o.max_fuzzy_ms = 7;
	o.lock_wait_ms = 9;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(s->opts.max_fuzzy_ms, 7);
	CHECK_INT(s->opts.lock_wait_ms, 9);
	CHECK_INT(s->opts.max_edits, SM_DEFAULT_MAX_EDITS);
	seam_session_free(s);
}

/* The help states the defaults of the header, so the two cannot drift apart. */
TEST(limits, help_states_the_defaults)
{
	char *text = NULL, want[128];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK(f != NULL);
	sm_cli_help(f, SM_CLI_APPLY);
	fclose(f);
	CHECK(strstr(text, "--max-reply-bytes N") && strstr(text, "(default 64M;"));
	CHECK_INT(SM_DEFAULT_MAX_REPLY_BYTES, (size_t)64 << 20);
	CHECK(strstr(text, "--max-file-bytes N") && strstr(text, "(default 64M)"));
	CHECK_INT(SM_DEFAULT_MAX_FILE_BYTES, (size_t)64 << 20);
	snprintf(want, sizeof(want), "(default %zu)", (size_t)SM_DEFAULT_MAX_EDITS);
	CHECK(strstr(text, want) != NULL);
	snprintf(want, sizeof(want), "(default %u); edits", SM_DEFAULT_MAX_FUZZY_MS);
	CHECK(strstr(text, want) != NULL);
	snprintf(want, sizeof(want), "(default %u; 0: fail at once)", SM_DEFAULT_LOCK_WAIT_MS);
	CHECK(strstr(text, want) != NULL);
	free(text);
}

/* ---- reply size, file size, edits ---- */

TEST(limits, reply_bytes)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s;
	seam_reply *r = NULL;
	const char *reply = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n";

	o.max_reply_bytes = strlen(reply) - 1;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_ELIMIT);
	CHECK(r == NULL);
	CHECK(strstr(seam_session_errmsg(s), "max_reply_bytes") != NULL);
	seam_session_free(s);

	o.max_reply_bytes = strlen(reply);
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	seam_reply_free(r);
	seam_session_free(s);
}

TEST(limits, file_bytes)
{
	seam_options o = SEAM_OPTIONS_INIT;
	struct outcome out;
	const char *reply = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n";

	o.max_file_bytes = 5; /* "x = 1\n" is 6 */
	CHECK_INT(plan_once(&o, "a.py", "x = 1\n", reply, &out), 0);
	CHECK_INT(out.plan_rc, SEAM_EFAIL);
	o.max_file_bytes = 6;
	CHECK_INT(plan_once(&o, "a.py", "x = 1\n", reply, &out), 0);
	CHECK_INT(out.plan_rc, SEAM_OK);
	CHECK_INT(out.status, SEAM_STATUS_APPLIED);
}

TEST(limits, file_bytes_status_is_too_large)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s;
	seam_reply *r;
	seam_tree *t;
	seam_plan *p;
	seam_file_info fi;
	const char *reply = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n";

	o.max_file_bytes = 5;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_tree_new_memory(&t, s), SEAM_OK);
	CHECK_INT(seam_tree_put(t, "a.py", "x = 1\n", 6, 0644), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK_INT(seam_plan_new(&p, s, r, t), SEAM_EFAIL);
	CHECK_INT(seam_plan_file(p, 0, &fi), SEAM_OK);
	CHECK_INT(fi.status, SEAM_STATUS_TOO_LARGE);
	CHECK(strstr(fi.message, "larger than 5 bytes") != NULL);
	seam_plan_free(p);
	seam_reply_free(r);
	seam_tree_free(t);
	seam_session_free(s);
}

TEST(limits, edits_per_reply)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s;
	seam_reply *r = NULL;
	const char *reply = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n"
			    "<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n"
			    "<<<<<<< SEARCH\nz = 1\n=======\nz = 2\n>>>>>>> REPLACE\n";

	o.max_edits = 2;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_ELIMIT);
	CHECK(strstr(seam_session_errmsg(s), "more than 2 edits") != NULL);
	seam_session_free(s);
	o.max_edits = 3;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_reply_parse(&r, s, reply, strlen(reply)), SEAM_OK);
	CHECK_INT(seam_reply_edit_count(r, 0), 3);
	seam_reply_free(r);
	seam_session_free(s);
}

/* ---- the work budget ---- */

/* A count, not a clock: the charge that takes it past its limit spends it, to the unit, and it
 * stays spent; no time passing changes anything. */
TEST(limits, budget_counts_units)
{
	sm_budget b;
	unsigned i;

	sm_budget_init(&b, 1000);
	for (i = 0; i < 10; i++)
		CHECK_INT(sm_budget_charge(&b, 100), 0); /* exactly the limit: not over it */
	CHECK(!sm_budget_out(&b));
	{
		/* about 5 ms of CPU: a clock budget of 1 ms would now be spent */
		double t0 = cpu_now();
		volatile unsigned long x = 0;
		while (cpu_now() - t0 < 0.005)
			x++;
	}
	CHECK(!sm_budget_out(&b));
	CHECK_INT(sm_budget_charge(&b, 0), 0);
	CHECK_INT(sm_budget_charge(&b, 1), 1);
	CHECK(sm_budget_out(&b));
	CHECK_INT(sm_budget_charge(&b, 0), 1); /* sticky */
	CHECK_INT(sm_budget_charge(NULL, 1), 0);
	/* a hostile size does not wrap the count back under the limit */
	sm_budget_init(&b, 1000);
	CHECK_INT(sm_budget_charge(&b, UINT64_MAX), 1);
	sm_budget_init(&b, 0); /* 0: unlimited (the session never passes it) */
	CHECK_INT(sm_budget_charge(&b, UINT64_MAX), 0);
	CHECK_INT(sm_budget_charge(&b, UINT64_MAX), 0);
	CHECK(!sm_budget_out(&b));
}

/* Lines of random characters; with a one-line SEARCH found nowhere, the single-line
 * fuzzy search compares it with every line (an edit distance each). */
static char *wide_file(size_t lines, size_t width)
{
	char *data = malloc(lines * (width + 1) + 1), *p = data;
	size_t i;

	for (i = 0; i < lines; i++) {
		rnd_line(p, width);
		p += width;
		*p++ = '\n';
	}
	*p = '\0';
	return data;
}

TEST(limits, fuzzy_budget_refuses_a_long_search)
{
	seam_options o = SEAM_OPTIONS_INIT;
	struct outcome out;
	char line[201], reply[600];
	char *data;

	rnd_state = 7;
	data = wide_file(4000, 200);
	rnd_line(line, 200);
	snprintf(reply, sizeof(reply),
		 "wide.txt\n<<<<<<< SEARCH\n%s\n=======\nreplaced\n>>>>>>> REPLACE\n", line);

	o.max_fuzzy_ms = 20;
	CHECK_INT(plan_once(&o, "wide.txt", data, reply, &out), 0);
	CHECK_INT(out.plan_rc, SEAM_EFAIL);
	CHECK_INT(out.status, SEAM_STATUS_TOO_LARGE);
	CHECK(strstr(out.msg, "search budget exhausted") != NULL);
	CHECK(strstr(out.msg, "--max-fuzzy-ms") != NULL);
	CHECK(strstr(out.msg, "20 ms") != NULL);
	/* the budget, not the file, decides how long it takes: 20 ms of search, plus the strict
	 * tiers' linear passes (generous for sanitizer builds) */
	CHECK(out.cpu < 2.0);

	/* unlimited in practice: the search ends and says what it found (nothing) */
	o.max_fuzzy_ms = 600000;
	CHECK_INT(plan_once(&o, "wide.txt", data, reply, &out), 0);
	CHECK_INT(out.status, SEAM_STATUS_NO_MATCH);
	free(data);
}

/*
 * Two copies of a block far apart, and a SEARCH holding the block with two lines miscopied:
 * only the fuzzy tier can place it, and it fits both copies equally (ambiguous). A search cut
 * after the first copy must not take it. Swept over budgets so that some cut falls between
 * the two copies; every outcome is the full search's or a too-large refusal.
 */
TEST(limits, fuzzy_budget_never_takes_a_partial_answer)
{
	seam_options o = SEAM_OPTIONS_INIT;
	struct outcome out;
	sm_buf file = SM_BUF_INIT, reply = SM_BUF_INIT;
	char block[24][81], line[81];
	size_t i, k;
	unsigned ms;
	int refused = 0, full = 0;

	rnd_state = 11;
	for (i = 0; i < 24; i++) {
		rnd_line(block[i], 80);
		block[i][0] = 'k'; /* no blank line */
	}
	for (k = 0; k < 2; k++) {
		for (i = 0; i < 24; i++) {
			sm_buf_puts(&file, block[i]);
			sm_buf_putc(&file, '\n');
		}
		for (i = 0; i < 3000; i++) {
			rnd_line(line, 80);
			sm_buf_puts(&file, line);
			sm_buf_putc(&file, '\n');
		}
	}
	sm_buf_puts(&reply, "f.txt\n<<<<<<< SEARCH\n");
	for (i = 0; i < 24; i++) {
		if (i == 5 || i == 17)
			block[i][40] = block[i][40] == 'q' ? 'r' : 'q'; /* a miscopy */
		sm_buf_puts(&reply, block[i]);
		sm_buf_putc(&reply, '\n');
	}
	sm_buf_puts(&reply, "=======\nnew\n>>>>>>> REPLACE\n");
	CHECK(!sm_buf_failed(&file) && !sm_buf_failed(&reply));

	o.max_fuzzy_ms = 600000;
	CHECK_INT(plan_once(&o, "f.txt", file.ptr, reply.ptr, &out), 0);
	CHECK_INT(out.status, SEAM_STATUS_AMBIGUOUS);
	for (ms = 1; ms <= 40; ms++) {
		o.max_fuzzy_ms = ms;
		CHECK_INT(plan_once(&o, "f.txt", file.ptr, reply.ptr, &out), 0);
		if (out.status == SEAM_STATUS_TOO_LARGE) {
			refused++;
			CHECK(strstr(out.msg, "search budget exhausted") != NULL);
		} else {
			CHECK_INT(out.status, SEAM_STATUS_AMBIGUOUS);
			full++;
		}
	}
	CHECK(refused > 0); /* 1 ms is always too little */
	(void)full;
	sm_buf_dispose(&file);
	sm_buf_dispose(&reply);
}

/*
 * The budget is a count: the same reply under the same budget gives the same outcome and the
 * same message every time, whatever the machine is doing meanwhile (here: a second plan of it
 * in the middle, and a burst of CPU work).
 */
TEST(limits, budget_outcome_is_the_same_every_run)
{
	seam_options o = SEAM_OPTIONS_INIT;
	struct outcome first, out;
	char line[201], reply[600];
	char *data;
	unsigned ms;
	int i;

	rnd_state = 7;
	data = wide_file(4000, 200);
	rnd_line(line, 200);
	snprintf(reply, sizeof(reply),
		 "wide.txt\n<<<<<<< SEARCH\n%s\n=======\nreplaced\n>>>>>>> REPLACE\n", line);
	for (ms = 1; ms <= 200; ms *= 7) {
		o.max_fuzzy_ms = ms;
		CHECK_INT(plan_once(&o, "wide.txt", data, reply, &first), 0);
		for (i = 0; i < 2; i++) {
			volatile unsigned long x = 0;
			double t0 = cpu_now();
			while (cpu_now() - t0 < 0.002)
				x++;
			CHECK_INT(plan_once(&o, "wide.txt", data, reply, &out), 0);
			CHECK_INT(out.status, first.status);
			CHECK_STR(out.msg, first.msg);
		}
	}
	free(data);
}

/* Fast apply's alignment (snippet lines x file lines) is paid from the same budget. */
TEST(limits, fast_apply_alignment_spends_the_budget)
{
	seam_options o = SEAM_OPTIONS_INIT;
	struct outcome out;
	sm_buf file = SM_BUF_INIT, reply = SM_BUF_INIT;
	size_t i;

	for (i = 0; i < 20000; i++)
		sm_buf_printf(&file, "let value_%zu = compute(%zu);\n", i, i);
	sm_buf_puts(&reply, "a.js\n```js\n// ... existing code ...\n");
	for (i = 100; i < 160; i++)
		sm_buf_printf(&reply, "let value_%zu = compute(%zu);\n", i, i);
	sm_buf_puts(&reply, "let added = 1;\nlet value_160 = compute(160);\n"
			    "// ... existing code ...\n```\n");
	CHECK(!sm_buf_failed(&file) && !sm_buf_failed(&reply));
	/* 64 x 20001 cells: over 1 ms (SM_WORK_PER_MS units) */
	o.max_fuzzy_ms = 1;
	CHECK_INT(plan_once(&o, "a.js", file.ptr, reply.ptr, &out), 0);
	CHECK_INT(out.status, SEAM_STATUS_TOO_LARGE);
	CHECK(strstr(out.msg, "search budget exhausted") != NULL);
	o.max_fuzzy_ms = 0; /* the default */
	CHECK_INT(plan_once(&o, "a.js", file.ptr, reply.ptr, &out), 0);
	CHECK_INT(out.status, SEAM_STATUS_APPLIED);
	sm_buf_dispose(&file);
	sm_buf_dispose(&reply);
}

/* seam_locate has a budget of its own: spent, it says so rather than guess. */
TEST(limits, locate_budget_refuses)
{
	seam_options o = SEAM_OPTIONS_INIT;
	seam_session *s;
	seam_location l;
	char *data, line[201];

	rnd_state = 7;
	data = wide_file(4000, 200);
	rnd_line(line, 200);
	o.max_fuzzy_ms = 1;
	CHECK_INT(seam_session_new(&s, &o), SEAM_OK);
	CHECK_INT(seam_locate(s, data, strlen(data), line, strlen(line), &l), SEAM_ELIMIT);
	CHECK_INT(l.status, SEAM_STATUS_TOO_LARGE);
	CHECK(strstr(seam_session_errmsg(s), "search budget exhausted") != NULL);
	seam_session_free(s);
	/* the default budget: the search ends, and finds nothing like it */
	CHECK_INT(seam_session_new(&s, NULL), SEAM_OK);
	CHECK_INT(seam_locate(s, data, strlen(data), line, strlen(line), &l), SEAM_EFAIL);
	CHECK_INT(l.status, SEAM_STATUS_NO_MATCH);
	seam_session_free(s);
	free(data);
}

/* A miscopy the fuzzy tier places in a normal file: well within the default budget. */
TEST(limits, fuzzy_default_budget_is_ample)
{
	struct outcome out;
	const char *file = "def main():\n    config = load_configuration(path)\n    return config\n";
	const char *reply = "m.py\n<<<<<<< SEARCH\n    config = load_configuraton(path)\n"
			    "=======\n    config = load_configuration(path, strict=True)\n"
			    ">>>>>>> REPLACE\n";

	CHECK_INT(plan_once(NULL, "m.py", file, reply, &out), 0);
	CHECK_INT(out.plan_rc, SEAM_OK);
	CHECK_INT(out.status, SEAM_STATUS_APPLIED);
}

/* Thousands of failing edits: looking for the closest text of each is on the budget too. */
TEST(limits, failure_reports_share_the_budget)
{
	seam_options o = SEAM_OPTIONS_INIT;
	sm_buf reply = SM_BUF_INIT;
	char line[40], *data;
	struct outcome out;
	size_t i;

	rnd_state = 13;
	data = wide_file(20000, 30);
	sm_buf_puts(&reply, "s.txt\n");
	for (i = 0; i < 3000; i++) {
		rnd_line(line, 12);
		sm_buf_printf(&reply, "<<<<<<< SEARCH\n%s\n=======\nx\n>>>>>>> REPLACE\n", line);
	}
	CHECK(!sm_buf_failed(&reply));
	o.max_fuzzy_ms = 100;
	CHECK_INT(plan_once(&o, "s.txt", data, reply.ptr, &out), 0);
	CHECK_INT(out.plan_rc, SEAM_EFAIL);
	/* without the budget: about 15 ms per edit, 45 s in all */
	CHECK(out.cpu < 5.0);
	sm_buf_dispose(&reply);
	free(data);
}

/* ---- the flags ---- */

#define ARGV(...) ((char *[]){"seam", "apply", __VA_ARGS__, NULL})
#define ARGC(...) ((int)(sizeof((char *[]){"seam", "apply", __VA_ARGS__}) / sizeof(char *)))

TEST(limits, cli_flags)
{
	sm_cli o;
	char err[256];

	CHECK_INT(sm_cli_parse(ARGC("--max-fuzzy-ms", "250", "--lock-wait-ms=1500"),
			       ARGV("--max-fuzzy-ms", "250", "--lock-wait-ms=1500"), &o, err,
			       sizeof(err)),
		  0);
	CHECK_INT(o.max_fuzzy_ms, 250);
	CHECK_INT(o.lock_wait_ms, 1500);
	CHECK_INT(o.no_wait, 0);
	CHECK_INT(sm_cli_parse(ARGC("--lock-wait-ms", "0"), ARGV("--lock-wait-ms", "0"), &o, err,
			       sizeof(err)),
		  0);
	CHECK_INT(o.no_wait, 1);
	CHECK_INT(sm_cli_parse(ARGC("--max-fuzzy-ms", "0"), ARGV("--max-fuzzy-ms", "0"), &o, err,
			       sizeof(err)),
		  -1);
	CHECK(strstr(err, "at least 1 ms") != NULL);
	CHECK_INT(sm_cli_parse(ARGC("--max-fuzzy-ms", "2K"), ARGV("--max-fuzzy-ms", "2K"), &o, err,
			       sizeof(err)),
		  -1);
	CHECK(strstr(err, "milliseconds") != NULL);
	CHECK_INT(sm_cli_parse(ARGC("--lock-wait-ms", "99999999999"),
			       ARGV("--lock-wait-ms", "99999999999"), &o, err, sizeof(err)),
		  -1);
	CHECK_INT(sm_cli_parse(ARGC("--max-fuzzy-ms"), ARGV("--max-fuzzy-ms"), &o, err,
			       sizeof(err)),
		  -1);
	CHECK(strstr(err, "needs a value") != NULL);
}

TEST(limits, options_defaults_are_the_sessions)
{
	seam_options d;

	memset(&d, 0xff, sizeof(d));
	seam_options_defaults(&d);
	CHECK_INT(d.version, SEAM_OPTIONS_VERSION);
	CHECK(d.max_reply_bytes == SM_DEFAULT_MAX_REPLY_BYTES);
	CHECK(d.max_file_bytes == SM_DEFAULT_MAX_FILE_BYTES);
	CHECK(d.max_edits == SM_DEFAULT_MAX_EDITS);
	CHECK_INT(d.max_fuzzy_ms, SM_DEFAULT_MAX_FUZZY_MS);
	CHECK_INT(d.lock_wait_ms, SM_DEFAULT_LOCK_WAIT_MS);
	CHECK_INT(d.flags, 0);
	CHECK(d.path == NULL && d.strip_prefix == NULL);
	CHECK_INT(d.syntax, SEAM_SYNTAX_CHECK);
	CHECK_INT(d.lazy, SEAM_LAZY_EXPAND);
	seam_options_defaults(NULL); /* no crash */
}
