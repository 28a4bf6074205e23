#ifndef SEAM_CLI_SSE_H
#define SEAM_CLI_SSE_H

/*
 * The answer of an OpenAI-compatible chat-completions endpoint, read as it arrives: a stream
 * of server-sent events ("data: {json chunk}" lines, "data: [DONE]" at the end), or one JSON
 * document when the server does not stream. Untrusted input: every line and the whole answer
 * are bounded, and any malformed piece is an error with a message, never a guess.
 */

#include <stddef.h>

/* Longest SSE line: a chunk carries a few tokens; a megabyte is no answer's line. */
#define SM_SSE_MAX_LINE ((size_t)1 << 20)

typedef void (*sm_sse_text_fn)(void *ctx, const char *text, size_t len);

typedef struct sm_sse {
	char *line;          /* the line being read */
	size_t llen, lcap;
	char *doc;           /* a non-streamed JSON answer, whole */
	size_t dlen, dcap;
	int mode;            /* 0 unknown yet, 1 events, 2 one JSON document */
	size_t max_bytes;    /* every byte received, at most (0: no limit) */
	size_t received;     /* bytes received */
	size_t text_len;     /* answer text handed out */
	int done;            /* "data: [DONE]" read, or the document parsed */
	int finished;        /* a finish_reason was read */
	char finish[32];     /* the finish_reason */
	int refused;         /* the model refused (a refusal field, content_filter) */
	long prompt_tokens, completion_tokens; /* -1 when the server did not say */
	char err[512];       /* why sm_sse_feed or sm_sse_end failed */
} sm_sse;

void sm_sse_init(sm_sse *p, size_t max_bytes);
void sm_sse_dispose(sm_sse *p);
/* Reads len more bytes; each piece of answer text goes to fn. 0, or -1 with p->err. */
int sm_sse_feed(sm_sse *p, const char *data, size_t len, sm_sse_text_fn fn, void *ctx);
/* The transfer ended: 0 when the answer was complete, -1 with p->err (cut, malformed). */
int sm_sse_end(sm_sse *p, sm_sse_text_fn fn, void *ctx);

#endif
