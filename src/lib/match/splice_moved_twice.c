/*
 * A line the old side left out inside its place, kept by the splice while the new side writes
 * a copy of it elsewhere (the line moved, the old side without it): the result holds the line
 * twice. Asked of the spliced result itself, since the merge (refill, repeats dropped, copies
 * slid) writes such a line once in most readings; only where it does not is the edit refused.
 */
#include "splice_moved_twice.h"
#include "splice.h"
#include "splice_impl.h"
#include "match_costs.h"
#include "../../util/buf.h"

#include <stdlib.h>
#include <string.h>

/* Lines of text l (its bytes, line end aside) in buf. */
static size_t count_in(const sm_buf *b, const sm_line *l)
{
	size_t n = 0, i = 0, j, len;

	while (i < b->len) {
		for (j = i; j < b->len && b->ptr[j] != '\n'; j++)
			;
		len = j - i;
		if (len && b->ptr[j - 1] == '\r')
			len--;
		n += len == l->n && !memcmp(b->ptr + i, l->p, len);
		i = j + 1;
	}
	return n;
}

/* 1 when file line f is in a run of at most SM_MAX_EXTRA_RUN region lines no old line stands
 * for (cov, per line of [s, en)). */
static int short_gap(const unsigned char *cov, size_t s, size_t en, size_t f)
{
	size_t a = f, z = f + 1;

	while (a > s && !cov[a - 1 - s])
		a--;
	while (z < en && !cov[z - s])
		z++;
	return z - a <= SM_MAX_EXTRA_RUN;
}

static int by_hash(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* 1 when the line counts: of substance, or (all) not blank. */
static int counted(const sm_line *l, int all)
{
	return all ? !l->blank : sm_line_of_substance(l);
}

/* 1 when the new side's lines of substance (all: its lines not blank) are, indentation aside,
 * the region's file lines of the same kind in another order (the lines left out of the old
 * side among them): the edit only moves lines, and read as written it would add one. */
static int moves_region(const sm_image *im, const sm_medit *e, size_t s, size_t en, int all)
{
	uint64_t *a, *b;
	size_t na = 0, nb = 0, k;
	int same = 0;

	a = sm_malloc((e->nseq + 1) * sizeof(*a));
	b = sm_malloc((en - s + 1) * sizeof(*b));
	if (a && b) {
		for (k = 0; k < e->nseq; k++)
			if (sm_mline_is_new(&e->seq[k]) && counted(&e->seq[k].l, all))
				a[na++] = e->seq[k].l.h_indent;
		for (k = s; k < en; k++)
			if (counted(sm_ln(im, k), all))
				b[nb++] = sm_ln(im, k)->h_indent;
		if (na == nb) {
			qsort(a, na, sizeof(*a), by_hash);
			qsort(b, nb, sizeof(*b), by_hash);
			same = !memcmp(a, b, na * sizeof(*a));
		}
	}
	sm_free(a);
	sm_free(b);
	return same;
}

size_t sm_splice_left_out_moved_twice(const sm_image *im, const sm_medit *e, const sm_cand *c)
{
	size_t s = c->start, en = c->end, f, k, oi, i, nf, nr, nn, found = SM_NOLINE;
	unsigned char *cov;
	sm_buf out = SM_BUF_INIT;
	int rendered = 0;
	/* moves_region's answer per reading (lines of substance, lines not blank): -1 not asked
	   yet; the same for every left-out line */
	int moves[2] = {-1, -1};

	if (!e->blocklike || e->kind != SM_KIND_BLOCK || !e->nold || e->old_no ||
	    (e->flags & SM_EDIT_NUMBERED) || en <= s)
		return SM_NOLINE;
	cov = sm_calloc(en - s, 1);
	if (!cov)
		return SM_NOLINE; /* out of memory: read as written, as before */
	for (oi = 0; oi < e->nold; oi++)
		for (i = c->lo[oi]; c->lo[oi] != SM_NOLINE && i < c->hi[oi]; i++)
			if (i >= s && i < en)
				cov[i - s] = 1;
	for (f = s; f < en && found == SM_NOLINE; f++) {
		const sm_line *l = sm_ln(im, f);
		int solid = sm_line_of_substance(l);
		if (cov[f - s] || l->blank || !short_gap(cov, s, en, f))
			continue;
		/* the new side's copies of it, the file's, the region's */
		for (k = 0, nn = 0; k < e->nseq; k++)
			nn += sm_mline_is_new(&e->seq[k]) && sm_same_line(im, e, c, f, k);
		/* a short line ("i += 1;") is too common to say anything unless every line
		   of the new side but blank ones is the region's, moved */
		if (!nn)
			continue;
		if (moves[!solid] < 0)
			moves[!solid] = moves_region(im, e, s, en, !solid);
		if (!moves[!solid])
			continue;
		for (i = 0, nf = 0, nr = 0; i < im->n; i++)
			if (sm_line_same_bytes(sm_ln(im, i), l)) {
				nf++;
				nr += i >= s && i < en;
			}
		if (!rendered) {
			if (sm_splice_rendered(im, e, c, NULL, &out))
				break; /* out of memory: read as written, as before */
			rendered = 1;
		}
		/* the new side takes the region's place: more copies than that keep the left-out
		   line beside the new side's copy of it */
		if (count_in(&out, l) > nf - nr + nn)
			found = f;
	}
	sm_buf_dispose(&out);
	sm_free(cov);
	return found;
}
