#include "image_runs.h"
#include "seam.h" /* the SEAM_E* codes */
#include "../../util/alloc.h"

#include <string.h>

/* What is done with each stretch of bytes p[0..n) the rendering writes; at (may be NULL) is where
 * the same bytes may lie in a region (a line ending: right after its line's bytes); nonzero
 * stops the walk. */
typedef int (*emit_fn)(void *ctx, const char *p, size_t n, const char *at);

/* The stretches sm_image_render writes, in its order: the byte order mark, then each line and
 * the ending after it (none after the last when the file ends without one). */
static inline int walk(const sm_image *im, emit_fn f, void *ctx)
{
	size_t i;

	if (im->bom && f(ctx, "\xEF\xBB\xBF", 3, NULL))
		return 1;
	for (i = 0; i < im->n; i++) {
		const sm_line *l = sm_ln(im, i);
		if (f(ctx, l->p, l->n, NULL))
			return 1;
		if (i + 1 == im->n && !im->final_eol)
			break;
		if (f(ctx, im->cr ? "\r" : (l->crlf ? "\r\n" : "\n"), im->cr ? 1 : (l->crlf ? 2u : 1u),
		      l->p ? l->p + l->n : NULL))
			return 1;
	}
	return 0;
}

typedef struct joiner {
	const sm_span *reg;
	size_t nreg;
	sm_span cur;  /* the run being made */
	size_t creg;  /* the region it lies in, nreg when none */
	sm_span *v;
	size_t n, cap, bytes;
	int failed;   /* out of memory */
} joiner;

static size_t region_of(const joiner *j, const char *p, size_t n)
{
	size_t r;
	uintptr_t a = (uintptr_t)p;

	for (r = 0; r < j->nreg; r++) {
		uintptr_t b = (uintptr_t)j->reg[r].p;
		if (j->reg[r].p && a >= b && a - b <= j->reg[r].n && n <= j->reg[r].n - (a - b))
			return r;
	}
	return j->nreg;
}

static void close_run(joiner *j)
{
	if (!j->cur.n || j->failed)
		return;
	/* doubling: the room it leaves is never written, so never resident */
	if (sm_grow((void **)&j->v, &j->cap, j->n + 1, sizeof(*j->v))) {
		j->failed = 1;
		return;
	}
	j->v[j->n++] = j->cur;
}

/* A stretch that does not go on the run: the run is closed and a new one starts. */
static int start_run(joiner *j, const char *p, size_t n, const char *at)
{
	size_t r;

	close_run(j);
	if (j->failed)
		return 1;
	/* a line ending that lies after its line in a region (an empty line's, or one after a
	   line from elsewhere) starts a run there, which the next line may go on */
	if (at && (r = region_of(j, at, n)) < j->nreg && !memcmp(at, p, n))
		p = at;
	j->cur.p = p;
	j->cur.n = n;
	j->creg = region_of(j, p, n);
	return 0;
}

/* Small, so that it is inlined into the walk: it runs twice a line. */
static inline int join(void *ctx, const char *p, size_t n, const char *at)
{
	joiner *j = ctx;

	if (!n)
		return 0;
	j->bytes += n;
	/* the bytes that follow the run in its region are these: the run goes on (compared only
	   inside the region, so no byte outside an object is read) */
	if (j->cur.n && j->creg < j->nreg) {
		const sm_span *r = &j->reg[j->creg];
		size_t end = (size_t)((uintptr_t)j->cur.p - (uintptr_t)r->p) + j->cur.n;
		const char *next = j->cur.p + j->cur.n;
		/* a line ending is one or two bytes: compared here, not by a call each line */
		if (n <= r->n - end &&
		    (p == next || (n == 1 ? *next == *p : !memcmp(next, p, n)))) {
			j->cur.n += n;
			return 0;
		}
	}
	return start_run(j, p, n, at);
}

int sm_image_runs(const sm_image *im, const sm_span *reg, size_t nreg, sm_runs *out)
{
	joiner j;

	memset(out, 0, sizeof(*out));
	memset(&j, 0, sizeof(j));
	j.reg = reg;
	j.nreg = nreg;
	j.creg = nreg;
	walk(im, join, &j);
	close_run(&j);
	if (j.failed) {
		sm_free(j.v);
		return SEAM_ENOMEM;
	}
	out->v = j.v;
	out->n = j.n;
	out->bytes = j.bytes;
	return 0;
}

int sm_runs_equal(const sm_runs *r, const char *data, size_t len)
{
	size_t i, at = 0;

	if (r->bytes != len)
		return 0;
	for (i = 0; i < r->n; i++) {
		if (memcmp(data + at, r->v[i].p, r->v[i].n))
			return 0;
		at += r->v[i].n;
	}
	return 1;
}

typedef struct cmp {
	const char *d;
	size_t len, at;
} cmp;

static int compare(void *ctx, const char *p, size_t n, const char *at)
{
	cmp *c = ctx;

	(void)at;
	if (!n)
		return 0;
	if (n > c->len - c->at || memcmp(c->d + c->at, p, n))
		return 1;
	c->at += n;
	return 0;
}

int sm_image_renders_as(const sm_image *im, const char *data, size_t len)
{
	cmp c = {data, len, 0};

	return !walk(im, compare, &c) && c.at == len;
}

int sm_runs_join(const sm_runs *r, char **out, size_t *len)
{
	size_t i, at = 0;
	char *b = r->bytes < SIZE_MAX ? sm_malloc(r->bytes + 1) : NULL;

	*out = NULL;
	*len = 0;
	if (!b)
		return SEAM_ENOMEM;
	for (i = 0; i < r->n; i++) {
		memcpy(b + at, r->v[i].p, r->v[i].n);
		at += r->v[i].n;
	}
	b[at] = '\0';
	*out = b;
	*len = at;
	return 0;
}

void sm_runs_dispose(sm_runs *r)
{
	sm_free(r->v);
	memset(r, 0, sizeof(*r));
}
