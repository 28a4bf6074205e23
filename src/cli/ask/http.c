#define _POSIX_C_SOURCE 200809L

/*
 * The HTTP side of seam ask, and the only code of seam that uses the network: one libcurl
 * easy handle per request, the answer streamed through the SSE reader (sse.c). A stall (no byte
 * for timeout_s), HTTP errors, a dropped stream and a malformed answer each end the request
 * with a message; 429 and 5xx are retried with backoff, honouring Retry-After.
 */
#include "http.h"

#include "curl_dl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef struct xfer {
	sm_sse sse;
	sm_ask_text_fn fn;
	void *ctx;
	char *text;
	size_t len, cap;
	int cut, oom;
	long status;
	long retry_after; /* seconds, -1 when none */
	char body[1024];  /* the start of an error answer */
	size_t blen;
	int progress;
	size_t shown;
	double last;      /* when a byte last came (monotonic seconds) */
	long timeout_s;
	int stalled;
} xfer;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* libcurl calls this often (at least once a second): a stall is timed here, by the last byte
 * received, because its low-speed check averages and lets a silent server run on. */
static int on_progress(void *ctx, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
		       curl_off_t ulnow)
{
	xfer *x = ctx;

	(void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
	if (now_s() - x->last > (double)x->timeout_s) {
		x->stalled = 1;
		return 1;
	}
	return 0;
}

static void on_text(void *ctx, const char *t, size_t n)
{
	xfer *x = ctx;

	if (x->cut || x->oom)
		return;
	if (x->len + n + 1 > x->cap) {
		size_t nc = x->cap ? x->cap * 2 : 4096;
		char *nb;
		while (nc < x->len + n + 1)
			nc *= 2;
		nb = realloc(x->text, nc);
		if (!nb) {
			x->oom = 1;
			return;
		}
		x->text = nb;
		x->cap = nc;
	}
	memcpy(x->text + x->len, t, n);
	x->len += n;
	x->text[x->len] = '\0';
	if (x->fn && x->fn(x->ctx, t, n))
		x->cut = 1;
}

static size_t on_header(char *b, size_t size, size_t n, void *ctx)
{
	xfer *x = ctx;
	size_t len = size * n;

	x->last = now_s();
	if (len > 12 && !strncmp(b, "HTTP/", 5)) {
		const char *sp = memchr(b, ' ', len);
		x->status = sp ? strtol(sp + 1, NULL, 10) : 0;
		x->retry_after = -1;
	} else if (len > 12 && !strncasecmp(b, "retry-after:", 12)) {
		char tmp[32];
		size_t k = len - 12 < sizeof(tmp) - 1 ? len - 12 : sizeof(tmp) - 1;
		char *end;
		long v;
		memcpy(tmp, b + 12, k);
		tmp[k] = '\0';
		v = strtol(tmp, &end, 10);
		/* seconds only; an HTTP date falls back to the backoff */
		if (end != tmp && v >= 0)
			x->retry_after = v;
	}
	return len;
}

static size_t on_body(char *b, size_t size, size_t n, void *ctx)
{
	xfer *x = ctx;
	size_t len = size * n;

	x->last = now_s();
	if (x->status != 200) {
		size_t k = len < sizeof(x->body) - 1 - x->blen ? len : sizeof(x->body) - 1 - x->blen;
		memcpy(x->body + x->blen, b, k);
		x->blen += k;
		x->body[x->blen] = '\0';
		return len;
	}
	if (sm_sse_feed(&x->sse, b, len, on_text, x))
		return 0; /* abort: the reader says why */
	if (x->progress && x->len >= x->shown + 256) {
		x->shown = x->len;
		fprintf(stderr, "\rseam: receiving the answer: %zu bytes", x->len);
	}
	if (x->cut || x->oom)
		return 0; /* abort the transfer: the generation stops now */
	return len;
}

static void sleep_s(long s)
{
	struct timespec ts = {s, 0};
	while (nanosleep(&ts, &ts))
		;
}

/* A short readable reason from an error answer: its error.message when it is JSON. */
static void error_text(const xfer *x, char *out, size_t outsz)
{
	const char *m = strstr(x->body, "\"message\"");
	size_t i, o = 0;

	if (m) {
		m = strchr(m + 9, '"');
		if (m)
			m++;
	}
	if (!m)
		m = x->body;
	for (i = 0; m[i] && m[i] != '"' && o + 1 < outsz && i < 200; i++)
		out[o++] = (m[i] >= 0x20 && m[i] < 0x7f) ? m[i] : ' ';
	out[o] = '\0';
}

int sm_ask_post(const sm_ask_conf *c, const char *body, size_t blen, sm_ask_text_fn fn, void *ctx,
		sm_ask_answer *a, char *err, size_t errsz)
{
	char url[2048], auth[1024];
	struct curl_slist *h = NULL;
	int attempt;
	long backoff = 1;
	size_t n;

	memset(a, 0, sizeof(*a));
	a->prompt_tokens = a->completion_tokens = -1;
	n = strlen(c->base_url);
	while (n && c->base_url[n - 1] == '/')
		n--;
	if (n + sizeof("/chat/completions") > sizeof(url)) {
		snprintf(err, errsz, "the base URL is too long");
		return -1;
	}
	snprintf(url, sizeof(url), "%.*s/chat/completions", (int)n, c->base_url);
	h = sm_curl.slist_append(h, "Content-Type: application/json");
	h = sm_curl.slist_append(h, "Accept: text/event-stream");
	if (c->key && *c->key) {
		if (strlen(c->key) > sizeof(auth) - 32) {
			sm_curl.slist_free_all(h);
			snprintf(err, errsz, "the API key is too long");
			return -1;
		}
		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", c->key);
		h = sm_curl.slist_append(h, auth);
		memset(auth, 0, sizeof(auth));
	}
	if (!h) {
		snprintf(err, errsz, "out of memory");
		return -1;
	}
	for (attempt = 1; attempt <= SM_ASK_HTTP_ATTEMPTS; attempt++) {
		CURL *cu = sm_curl.easy_init();
		xfer x;
		CURLcode rc;
		char why[256];
		int retry = 0;

		if (!cu) {
			sm_curl.slist_free_all(h);
			snprintf(err, errsz, "cannot start libcurl");
			return -1;
		}
		memset(&x, 0, sizeof(x));
		sm_sse_init(&x.sse, SM_ASK_MAX_ANSWER);
		x.fn = fn;
		x.ctx = ctx;
		x.retry_after = -1;
		x.progress = c->progress;
		x.timeout_s = c->timeout_s;
		x.last = now_s();
		sm_curl.easy_setopt(cu, CURLOPT_XFERINFOFUNCTION, on_progress);
		sm_curl.easy_setopt(cu, CURLOPT_XFERINFODATA, &x);
		sm_curl.easy_setopt(cu, CURLOPT_NOPROGRESS, 0L);
		sm_curl.easy_setopt(cu, CURLOPT_URL, url);
		sm_curl.easy_setopt(cu, CURLOPT_HTTPHEADER, h);
		sm_curl.easy_setopt(cu, CURLOPT_POSTFIELDS, body);
		sm_curl.easy_setopt(cu, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)blen);
		sm_curl.easy_setopt(cu, CURLOPT_WRITEFUNCTION, on_body);
		sm_curl.easy_setopt(cu, CURLOPT_WRITEDATA, &x);
		sm_curl.easy_setopt(cu, CURLOPT_HEADERFUNCTION, on_header);
		sm_curl.easy_setopt(cu, CURLOPT_HEADERDATA, &x);
		sm_curl.easy_setopt(cu, CURLOPT_NOSIGNAL, 1L);
		sm_curl.easy_setopt(cu, CURLOPT_CONNECTTIMEOUT, c->timeout_s);
		/* a stall: less than one byte a second for timeout_s seconds */
		sm_curl.easy_setopt(cu, CURLOPT_LOW_SPEED_LIMIT, 1L);
		sm_curl.easy_setopt(cu, CURLOPT_LOW_SPEED_TIME, c->timeout_s);
		sm_curl.easy_setopt(cu, CURLOPT_PROTOCOLS_STR, "http,https");
		sm_curl.easy_setopt(cu, CURLOPT_USERAGENT, "seam/" SEAM_VERSION);
		rc = sm_curl.easy_perform(cu);
		sm_curl.easy_cleanup(cu);
		if (c->progress && x.shown)
			fputc('\n', stderr);
		a->attempts = attempt;
		a->http_status = x.status;
		if (x.oom) {
			snprintf(err, errsz, "out of memory");
		} else if (rc == CURLE_WRITE_ERROR && x.cut) {
			rc = CURLE_OK; /* we stopped it */
		} else if (rc == CURLE_WRITE_ERROR && x.sse.err[0]) {
			snprintf(err, errsz, "%s", x.sse.err);
		} else if (rc == CURLE_OPERATION_TIMEDOUT || x.stalled) {
			snprintf(err, errsz, "timed out: no answer for %ld s (--timeout)", c->timeout_s);
		} else if (rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST) {
			snprintf(err, errsz, "cannot reach %s: %s", url, sm_curl.easy_strerror(rc));
		} else if (rc != CURLE_OK && x.status == 200) {
			snprintf(err, errsz, "the stream ended before the answer was complete: %s",
				 sm_curl.easy_strerror(rc));
		} else if (rc != CURLE_OK) {
			snprintf(err, errsz, "%s", sm_curl.easy_strerror(rc));
		} else if (x.status == 401 || x.status == 403) {
			error_text(&x, why, sizeof(why));
			snprintf(err, errsz, "HTTP %ld: the server refused the API key (set SEAM_API_KEY "
				 "or OPENAI_API_KEY)%s%s", x.status, *why ? ": " : "", why);
		} else if (x.status == 429 || x.status >= 500) {
			error_text(&x, why, sizeof(why));
			snprintf(err, errsz, "HTTP %ld%s%s (after %d attempt%s)", x.status,
				 *why ? ": " : "", why, attempt, attempt == 1 ? "" : "s");
			retry = 1;
		} else if (x.status != 200) {
			error_text(&x, why, sizeof(why));
			snprintf(err, errsz, "HTTP %ld%s%s", x.status, *why ? ": " : "", why);
		}
		if (rc == CURLE_OK && x.status == 200 && !x.oom && !x.cut &&
		    sm_sse_end(&x.sse, on_text, &x))
			snprintf(err, errsz, "%s", x.sse.err);
		else if (rc == CURLE_OK && x.status == 200 && !x.oom)
			err[0] = '\0';
		if (!err[0]) {
			a->text = x.text ? x.text : calloc(1, 1);
			a->len = x.len;
			a->cut = x.cut;
			a->prompt_tokens = x.sse.prompt_tokens;
			a->completion_tokens = x.sse.completion_tokens;
			snprintf(a->finish, sizeof(a->finish), "%s",
				 x.sse.refused ? "refused" : x.sse.finish);
			sm_sse_dispose(&x.sse);
			sm_curl.slist_free_all(h);
			return a->text ? 0 : (snprintf(err, errsz, "out of memory"), -1);
		}
		sm_sse_dispose(&x.sse);
		free(x.text);
		if (!retry || attempt == SM_ASK_HTTP_ATTEMPTS)
			break;
		{
			long wait = x.retry_after >= 0 ? x.retry_after : backoff;
			if (wait > SM_ASK_MAX_BACKOFF)
				wait = SM_ASK_MAX_BACKOFF;
			fprintf(stderr, "seam: HTTP %ld, trying again in %ld s\n", x.status, wait);
			sleep_s(wait);
			backoff *= 2;
		}
	}
	sm_curl.slist_free_all(h);
	return -1;
}
