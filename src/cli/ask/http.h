#ifndef SEAM_CLI_ASK_HTTP_H
#define SEAM_CLI_ASK_HTTP_H

/* seam ask's transport (http.c): one streamed request to the endpoint, with its retries. ask.c
 * (which drives the loop) and seam bench run call it; it calls nothing of theirs back. */

#include "../sse.h"
#include "seam.h"

#include <stddef.h>

/* Attempts of one request when the server says 429 or 5xx: a busy server usually recovers
 * within a few seconds; past this the user should hear of it. */
#define SM_ASK_HTTP_ATTEMPTS 4
/* Longest wait between two attempts, whatever Retry-After says (seconds). */
#define SM_ASK_MAX_BACKOFF 60
/* The largest answer read (bytes of the event stream): far above any real reply, and a bound
 * on a server that never stops. */
#define SM_ASK_MAX_ANSWER ((size_t)64 << 20)

typedef struct sm_ask_conf {
	const char *base_url; /* ".../v1"; /chat/completions is appended */
	const char *model;
	const char *key;      /* from the environment only; may be NULL (local servers) */
	long timeout_s;       /* no byte for this long: a stall; also the connect timeout */
	int progress;         /* a progress line on stderr */
} sm_ask_conf;

/* What one request gave. */
typedef struct sm_ask_answer {
	char *text;           /* the answer text received (malloc'ed, NUL-terminated) */
	size_t len;
	int cut;              /* the transfer was stopped at a failed edit */
	long prompt_tokens, completion_tokens; /* -1 when unknown */
	char finish[32];
	long http_status;
	int attempts;
} sm_ask_answer;

/* Called with each piece of answer text as it arrives; returns 1 to stop the generation. */
typedef int (*sm_ask_text_fn)(void *ctx, const char *text, size_t len);

/*
 * POSTs body to the endpoint with streaming, retrying 429 and 5xx with backoff (Retry-After
 * honoured, bounded). Returns 0 with *a filled (the text may have been cut by fn), or -1 with
 * a message in err (the key never appears in it).
 */
int sm_ask_post(const sm_ask_conf *c, const char *body, size_t blen, sm_ask_text_fn fn, void *ctx,
		sm_ask_answer *a, char *err, size_t errsz);

#endif
