/*
 * fuzz_sse: the reader of a chat-completions answer (src/cli/sse.c, used by seam ask) on
 * hostile bytes. The input's first byte picks the chunking (bits 0-1: whole, 1 byte, sizes up
 * to 7, sizes up to 300) and bit 2 a small byte limit (256); the rest is the answer as a
 * server would send it.
 *
 * Oracles:
 *  - reading never crashes, and the text handed out is never longer than the input;
 *  - the outcome (error or not, the text handed out, the finish reason, the token counts)
 *    is the same whatever the chunking: a reader that depends on where the network cuts the
 *    bytes would misread real answers;
 *  - an error always comes with a message.
 */
#include "fuzz.h"
#include "cli/sse.h"

typedef struct {
	char *text;
	size_t len, cap;
} acc;

static void on_text(void *ctx, const char *t, size_t n)
{
	acc *a = ctx;
	if (a->len + n + 1 > a->cap) {
		size_t nc = (a->len + n + 1) * 2;
		char *nb = realloc(a->text, nc);
		if (!nb)
			abort();
		a->text = nb;
		a->cap = nc;
	}
	memcpy(a->text + a->len, t, n);
	a->len += n;
}

typedef struct {
	int rc;
	acc a;
	char finish[32];
	long pt, ct;
	int refused;
} run;

static void read_all(const uint8_t *d, size_t n, int mode, size_t limit, run *r)
{
	sm_sse p;
	size_t i = 0, seed = n;

	memset(r, 0, sizeof(*r));
	sm_sse_init(&p, limit);
	r->rc = 0;
	while (i < n && !r->rc) {
		size_t k = n - i;
		if (mode == 1)
			k = 1;
		else if (mode == 2 || mode == 3) {
			seed = seed * 1103515245u + 12345u;
			k = 1 + (seed >> 8) % (mode == 2 ? 7 : 300);
			if (k > n - i)
				k = n - i;
		}
		r->rc = sm_sse_feed(&p, (const char *)d + i, k, on_text, &r->a);
		i += k;
	}
	if (!r->rc)
		r->rc = sm_sse_end(&p, on_text, &r->a);
	FZ_ORACLE(!r->rc || p.err[0], "an error without a message");
	memcpy(r->finish, p.finish, sizeof(r->finish));
	r->pt = p.prompt_tokens;
	r->ct = p.completion_tokens;
	r->refused = p.refused;
	sm_sse_dispose(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run whole, cut;
	int mode;
	size_t limit;

	if (size < 1 || size > 256 * 1024)
		return 0;
	mode = data[0] & 3;
	limit = (data[0] & 4) ? 256 : 0;
	read_all(data + 1, size - 1, 0, limit, &whole);
	read_all(data + 1, size - 1, mode, limit, &cut);
	FZ_ORACLE(whole.a.len <= size, "more text than input: %zu", whole.a.len);
	FZ_ORACLE(whole.rc == cut.rc, "the chunking changed the outcome: %d vs %d", whole.rc,
		  cut.rc);
	if (!whole.rc) {
		FZ_ORACLE(whole.a.len == cut.a.len &&
				  (!whole.a.len || !memcmp(whole.a.text, cut.a.text, whole.a.len)),
			  "the chunking changed the text (%zu vs %zu bytes)", whole.a.len,
			  cut.a.len);
		FZ_ORACLE(!strcmp(whole.finish, cut.finish) && whole.pt == cut.pt &&
				  whole.ct == cut.ct && whole.refused == cut.refused,
			  "the chunking changed the finish or the tokens");
	}
	free(whole.a.text);
	free(cut.a.text);
	return 0;
}
