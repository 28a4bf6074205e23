/* The reader of chat-completions answers (seam ask): events, documents, hostile streams. */
#include "test.h"
#include "cli/sse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct got {
	char text[4096];
	size_t len;
} got;

static void on_text(void *ctx, const char *t, size_t n)
{
	got *g = ctx;
	if (g->len + n < sizeof(g->text)) {
		memcpy(g->text + g->len, t, n);
		g->len += n;
		g->text[g->len] = '\0';
	}
}

/* Reads s in pieces of `step` bytes (0: whole); returns the reader's result. */
static int read_in(const char *s, size_t step, size_t limit, got *g, sm_sse *p)
{
	size_t i = 0, n = strlen(s);
	int rc = 0;

	memset(g, 0, sizeof(*g));
	sm_sse_init(p, limit);
	while (i < n && !rc) {
		size_t k = step && step < n - i ? step : n - i;
		rc = sm_sse_feed(p, s + i, k, on_text, g);
		i += k;
	}
	if (!rc)
		rc = sm_sse_end(p, on_text, g);
	return rc;
}

static const char *STREAM =
	": keep-alive\n\n"
	"data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
	"data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"hm\"}}]}\n\n"
	"data: {\"choices\":[{\"delta\":{\"content\":\"a.py\\n```\\n\"}}]}\r\n\r\n"
	"event: message\n"
	"data: {\"choices\":[{\"delta\":{\"content\":\"x = 1\\n```\\n\"},\"finish_reason\":null}]}\n\n"
	"data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
	"data: {\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":7}}\n\n"
	"data: [DONE]\n\n";

TEST(sse, stream_read_whole_and_byte_by_byte)
{
	size_t step;

	for (step = 0; step < 4; step++) {
		got g;
		sm_sse p;
		CHECK_INT(read_in(STREAM, step, 0, &g, &p), 0);
		CHECK_STR(g.text, "a.py\n```\nx = 1\n```\n");
		CHECK_STR(p.finish, "stop");
		CHECK_INT(p.prompt_tokens, 12);
		CHECK_INT(p.completion_tokens, 7);
		CHECK_INT(p.refused, 0);
		sm_sse_dispose(&p);
	}
}

TEST(sse, one_json_document)
{
	got g;
	sm_sse p;

	CHECK_INT(read_in("\n{\"choices\":[{\"message\":{\"content\":\"hello\"},\"finish_reason\":"
			  "\"stop\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}",
			  5, 0, &g, &p), 0);
	CHECK_STR(g.text, "hello");
	CHECK_INT(p.completion_tokens, 2);
	sm_sse_dispose(&p);
}

TEST(sse, malformed_streams_are_errors_with_a_message)
{
	static const char *const bad[] = {
		"data: {not json\n\n",
		"data: [1, 2]\n\n",
		"data: {\"choices\": 3}\n\n",
		"data: {\"choices\": [{\"delta\": {\"content\": 5}}]}\n\n",
		"data: {\"choices\": [{\"delta\": []}]}\n\n",
		"hello there\n\n",
		"data: [DONE]\n\ndata: {}\n\n",
		"data: {\"error\": {\"message\": \"quota exceeded\"}}\n\n",
		/* dropped: no [DONE], no finish_reason */
		"data: {\"choices\":[{\"delta\":{\"content\":\"abc\"}}]}\n\n",
		"",
		"{\"choices\": [",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		got g;
		sm_sse p;
		if (read_in(bad[i], 0, 0, &g, &p) != -1 || !p.err[0]) {
			sm_test_fail(__FILE__, __LINE__, "accepted: %s", bad[i]);
			sm_sse_dispose(&p);
			return;
		}
		sm_sse_dispose(&p);
	}
	{
		got g;
		sm_sse p;
		read_in(bad[7], 0, 0, &g, &p);
		CHECK(strstr(p.err, "quota exceeded") != NULL);
		sm_sse_dispose(&p);
	}
}

TEST(sse, huge_line_is_refused_without_holding_it)
{
	size_t n = SM_SSE_MAX_LINE + 100, i;
	char *s = malloc(n + 1);
	sm_sse p;
	int rc = 0;

	CHECK(s != NULL);
	memcpy(s, "data: {\"x\": \"", 13);
	memset(s + 13, 'a', n - 13);
	s[n] = '\0';
	sm_sse_init(&p, 0);
	for (i = 0; i < n && !rc; i += 4096)
		rc = sm_sse_feed(&p, s + i, n - i < 4096 ? n - i : 4096, on_text, NULL);
	free(s);
	CHECK_INT(rc, -1);
	CHECK(strstr(p.err, "longer than") != NULL);
	CHECK(p.lcap <= 2 * SM_SSE_MAX_LINE);
	sm_sse_dispose(&p);
}

TEST(sse, endless_stream_is_bounded)
{
	const char *ev = "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n";
	sm_sse p;
	got g;
	size_t i;
	int rc = 0;

	memset(&g, 0, sizeof(g));
	sm_sse_init(&p, 100000);
	for (i = 0; i < 1000000 && !rc; i++)
		rc = sm_sse_feed(&p, ev, strlen(ev), on_text, &g);
	CHECK_INT(rc, -1);
	CHECK(i * strlen(ev) <= 100000 + strlen(ev));
	CHECK(strstr(p.err, "larger than") != NULL);
	/* and stays failed */
	CHECK_INT(sm_sse_feed(&p, ev, strlen(ev), on_text, &g), -1);
	CHECK_INT(sm_sse_end(&p, on_text, &g), -1);
	sm_sse_dispose(&p);
}

TEST(sse, refusal_and_content_filter)
{
	got g;
	sm_sse p;

	CHECK_INT(read_in("data: {\"choices\":[{\"delta\":{\"refusal\":\"no\"},\"finish_reason\":"
			  "\"stop\"}]}\n\ndata: [DONE]\n\n", 0, 0, &g, &p), 0);
	CHECK_INT(p.refused, 1);
	sm_sse_dispose(&p);
	CHECK_INT(read_in("data: {\"choices\":[{\"delta\":{\"content\":\"I cannot\"},"
			  "\"finish_reason\":\"content_filter\"}]}\n\n", 0, 0, &g, &p), 0);
	CHECK_INT(p.refused, 1);
	sm_sse_dispose(&p);
}

TEST(sse, bad_line_message_is_a_printable_excerpt)
{
	/* fuzz finding (fuzz/regress/sse-unterminated-bad-line): the excerpt of a bad line was
	   printed with %.60s from bytes with no NUL after them */
	static const char in[] = "bogus\x1b[31m line\ndata: {}\n\n";
	sm_sse p;
	got g;

	memset(&g, 0, sizeof(g));
	sm_sse_init(&p, 0);
	CHECK_INT(sm_sse_feed(&p, in, 6, on_text, &g), 0);
	CHECK_INT(sm_sse_feed(&p, in + 6, sizeof(in) - 7, on_text, &g), -1);
	CHECK(strstr(p.err, "(bogus?[31m line)") != NULL);
	sm_sse_dispose(&p);
}
