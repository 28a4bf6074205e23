/*
 * sm_sse: see sse.h. The reader keeps one line at a time and reads each data line as one
 * chunk, never joined with the next (every server seen sends one data line per event), with
 * jansson.
 */
#include "sse.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest non-streamed answer document. */
#define SM_SSE_MAX_DOC ((size_t)64 << 20)

static int fail(sm_sse *p, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static int fail(sm_sse *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, sizeof(p->err), fmt, ap);
	va_end(ap);
	return -1;
}

void sm_sse_init(sm_sse *p, size_t max_bytes)
{
	memset(p, 0, sizeof(*p));
	p->max_bytes = max_bytes;
	p->prompt_tokens = p->completion_tokens = -1;
}

void sm_sse_dispose(sm_sse *p)
{
	free(p->line);
	free(p->doc);
	p->line = p->doc = NULL;
}

static int grow(char **buf, size_t *cap, size_t need)
{
	size_t n = *cap ? *cap : 256;
	char *nb;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	nb = realloc(*buf, n);
	if (!nb)
		return -1;
	*buf = nb;
	*cap = n;
	return 0;
}

/* The message of an {"error": ...} object, or NULL. */
static const char *error_message(json_t *o)
{
	json_t *e = json_object_get(o, "error");
	const char *m;

	if (!e)
		return NULL;
	if (json_is_string(e))
		return json_string_value(e);
	m = json_string_value(json_object_get(e, "message"));
	return m ? m : "the server sent an error with no message";
}

static void read_usage(sm_sse *p, json_t *o)
{
	json_t *u = json_object_get(o, "usage");

	if (!json_is_object(u))
		return;
	if (json_is_integer(json_object_get(u, "prompt_tokens")))
		p->prompt_tokens = (long)json_integer_value(json_object_get(u, "prompt_tokens"));
	if (json_is_integer(json_object_get(u, "completion_tokens")))
		p->completion_tokens =
			(long)json_integer_value(json_object_get(u, "completion_tokens"));
}

/* One chunk object, or the whole document (key "message" instead of "delta"). */
static int read_object(sm_sse *p, json_t *o, const char *key, sm_sse_text_fn fn, void *ctx)
{
	json_t *choices, *c, *d, *v;
	const char *m = error_message(o);

	if (m) {
		/* the server's words, printable only: they end up on a terminal */
		char ex[401];
		size_t i;
		for (i = 0; i < 400 && m[i]; i++)
			ex[i] = (unsigned char)m[i] >= 0x20 && m[i] != 0x7f ? m[i] : '?';
		ex[i] = '\0';
		return fail(p, "the server reported an error: %s", ex);
	}
	read_usage(p, o);
	choices = json_object_get(o, "choices");
	if (!choices)
		return 0; /* a usage-only chunk */
	if (!json_is_array(choices))
		return fail(p, "malformed answer: \"choices\" is not a list");
	if (!json_array_size(choices))
		return 0;
	c = json_array_get(choices, 0);
	if (!json_is_object(c))
		return fail(p, "malformed answer: a choice is not an object");
	d = json_object_get(c, key);
	if (d && !json_is_object(d) && !json_is_null(d))
		return fail(p, "malformed answer: \"%s\" is not an object", key);
	v = d ? json_object_get(d, "content") : NULL;
	if (v && !json_is_string(v) && !json_is_null(v))
		return fail(p, "malformed answer: \"content\" is not a string");
	if (json_is_string(v) && json_string_length(v)) {
		p->text_len += json_string_length(v);
		fn(ctx, json_string_value(v), json_string_length(v));
	}
	v = d ? json_object_get(d, "refusal") : NULL;
	if (json_is_string(v) && json_string_length(v))
		p->refused = 1;
	v = json_object_get(c, "finish_reason");
	if (json_is_string(v)) {
		p->finished = 1;
		snprintf(p->finish, sizeof(p->finish), "%s", json_string_value(v));
		if (!strcmp(p->finish, "content_filter"))
			p->refused = 1;
	}
	return 0;
}

static int read_json(sm_sse *p, const char *s, size_t n, const char *key, sm_sse_text_fn fn,
		     void *ctx)
{
	json_error_t je;
	json_t *o = json_loadb(s, n, JSON_REJECT_DUPLICATES, &je);
	int rc;

	if (!o)
		return fail(p, "malformed answer: invalid JSON (%.200s)", je.text);
	if (!json_is_object(o)) {
		json_decref(o);
		return fail(p, "malformed answer: a chunk is not a JSON object");
	}
	rc = read_object(p, o, key, fn, ctx);
	json_decref(o);
	return rc;
}

static int read_line(sm_sse *p, const char *s, size_t n, sm_sse_text_fn fn, void *ctx)
{
	if (n && s[n - 1] == '\r')
		n--;
	if (!n || s[0] == ':')
		return 0; /* end of an event, or a comment (keep-alive) */
	if (p->done)
		return fail(p, "malformed answer: data after [DONE]");
	if (n >= 5 && !memcmp(s, "data:", 5)) {
		s += 5;
		n -= 5;
		if (n && *s == ' ')
			s++, n--;
		if (n == 6 && !memcmp(s, "[DONE]", 6)) {
			p->done = 1;
			return 0;
		}
		return read_json(p, s, n, "delta", fn, ctx);
	}
	if ((n >= 6 && !memcmp(s, "event:", 6)) || (n >= 3 && !memcmp(s, "id:", 3)) ||
	    (n >= 6 && !memcmp(s, "retry:", 6)))
		return 0;
	{
		/* the line is not NUL-terminated and comes from the server: a printable excerpt */
		char ex[61];
		size_t i, k = n < 60 ? n : 60;
		for (i = 0; i < k; i++)
			ex[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
		ex[k] = '\0';
		return fail(p, "malformed answer: a line of the event stream is not an event field "
			       "(%s)", ex);
	}
}

int sm_sse_feed(sm_sse *p, const char *data, size_t len, sm_sse_text_fn fn, void *ctx)
{
	size_t i = 0;

	if (p->err[0])
		return -1;
	p->received += len;
	if (p->max_bytes && p->received > p->max_bytes)
		return fail(p, "the answer is larger than %zu bytes", p->max_bytes);
	while (!p->mode && i < len) {
		if (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')
			i++;
		else
			p->mode = data[i] == '{' ? 2 : 1;
	}
	if (p->mode == 2) {
		if (p->dlen + (len - i) > SM_SSE_MAX_DOC)
			return fail(p, "the answer is larger than %zu bytes", SM_SSE_MAX_DOC);
		if (grow(&p->doc, &p->dcap, p->dlen + (len - i) + 1))
			return fail(p, "out of memory");
		memcpy(p->doc + p->dlen, data + i, len - i);
		p->dlen += len - i;
		return 0;
	}
	for (; i < len;) {
		const char *nl = memchr(data + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (data + i)) : len - i;
		if (p->llen + n > SM_SSE_MAX_LINE)
			return fail(p, "malformed answer: an event line is longer than %zu bytes",
				    SM_SSE_MAX_LINE);
		if (!nl || p->llen) {
			if (grow(&p->line, &p->lcap, p->llen + n + 1))
				return fail(p, "out of memory");
			memcpy(p->line + p->llen, data + i, n);
			p->llen += n;
		}
		if (nl) {
			int rc = p->llen ? read_line(p, p->line, p->llen, fn, ctx)
					 : read_line(p, data + i, n, fn, ctx);
			p->llen = 0;
			if (rc)
				return -1;
		}
		i += n + (nl != NULL);
	}
	return 0;
}

int sm_sse_end(sm_sse *p, sm_sse_text_fn fn, void *ctx)
{
	if (p->err[0])
		return -1;
	if (p->mode == 2) {
		if (read_json(p, p->doc, p->dlen, "message", fn, ctx))
			return -1;
		p->done = 1;
		return 0;
	}
	if (p->llen) {
		if (read_line(p, p->line, p->llen, fn, ctx))
			return -1;
		p->llen = 0;
	}
	if (!p->mode)
		return fail(p, "the server closed the connection without an answer");
	if (!p->done && !p->finished)
		return fail(p, "the stream ended before the answer was complete (no [DONE], no "
			       "finish_reason): the connection dropped");
	return 0;
}
