/*
 * The image's line table, a piece table of line runs (src/lib/match/image.c; a gap buffer once,
 * hence the name): after any sequence of splices, at the start,
 * the end, next to each other or over each other, every line read through sm_ln and sm_hx, the
 * rendered bytes, the line index and the line-number map are those of a plain array spliced the
 * same way. Then whole replies whose edits move the lines of later ones: the later edits land
 * where the earlier ones left the file.
 */
#include "test.h"
#include "plan_run.h"
#include "seam.h"
#include "lib/match/image.h"
#include "lib/match/match.h"
#include "lib/plan/plan_impl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The model: line texts and numbers before the splices (0: added), in a plain array. */
#define MODEL_MAX 2048
typedef struct model {
	const char *p[MODEL_MAX];
	size_t n[MODEL_MAX];
	uint32_t orig[MODEL_MAX];
	size_t len;
} model;

static const char *const words[] = {"alpha();", "  beta = 2;", "", "}", "gamma(x);", "\tdelta;",
				    "alpha();", "omega"};
#define NWORDS (sizeof(words) / sizeof(words[0]))

/* 1 when im holds the model's lines, hashes and numbers, and renders as it does. */
static int same_as_model(const sm_image *im, const model *m, const char *eol)
{
	size_t i;
	sm_buf out = SM_BUF_INIT, want = SM_BUF_INIT;
	int ok = im->n == m->len;

	for (i = 0; ok && i < m->len; i++) {
		const sm_line *l = sm_ln(im, i);
		ok = l->n == m->n[i] && !memcmp(l->p, m->p[i], l->n) && l->orig == m->orig[i] &&
		     sm_hx(im, i) == sm_text_hash(m->p[i], m->n[i], SM_LVL_INDENT);
		if (!ok)
			printf("  line %zu differs\n", i);
	}
	for (i = 0; i < m->len; i++) {
		sm_buf_put(&want, m->p[i], m->n[i]);
		sm_buf_puts(&want, eol);
	}
	if (ok) {
		/* an empty file (the whole of it deleted) renders as nothing */
		ok = !sm_image_render(im, &out) && out.len == want.len &&
		     (!want.len || !memcmp(out.ptr, want.ptr, want.len));
		if (!ok)
			printf("  rendering differs\n");
	}
	sm_buf_dispose(&out);
	sm_buf_dispose(&want);
	return ok;
}

/* The model's first line numbered k (from 1) before the splices, SM_NOLINE when none. */
static size_t model_orig(const model *m, long k)
{
	size_t i;

	if (k < 1)
		return SM_NOLINE;
	for (i = 0; i < m->len; i++)
		if ((long)m->orig[i] == k)
			return i;
	return SM_NOLINE;
}

/* Random splices, with the index and the line-number map made first, on a file whose lines end
 * in eol; every answer checked against the model after each splice. */
static void random_splices(const char *eol, unsigned int seed, int map_first)
{
	char text[4096];
	sm_image im;
	model m;
	sm_line ins[8];
	size_t i, k, o = 0, round, norig = 40;

	memset(&m, 0, sizeof(m));
	for (i = 0; i < norig; i++) {
		const char *w = words[(i * 7 + 3) % NWORDS];
		o += (size_t)snprintf(text + o, sizeof(text) - o, "%s%s", w, eol);
	}
	CHECK_INT(sm_image_load(&im, text, o), 0);
	CHECK_INT(im.n, norig);
	for (i = 0; i < norig; i++) {
		m.p[i] = sm_ln(&im, i)->p;
		m.n[i] = sm_ln(&im, i)->n;
		m.orig[i] = (uint32_t)(i + 1);
	}
	m.len = norig;
	if (map_first) {
		im.searched = 1;
		sm_image_index(&im);
		CHECK(im.ix != NULL);
		CHECK_INT(sm_image_orig_map(&im, (long)norig), 0);
	}
	for (round = 0; round < 400; round++) {
		size_t at, del, nins;
		seed = seed * 1103515245u + 12345u;
		/* at the start, at the end, or anywhere; next to the last splice often */
		switch ((seed >> 24) % 4) {
		case 0:
			at = 0;
			break;
		case 1:
			at = m.len;
			break;
		default:
			at = m.len ? (seed >> 8) % (m.len + 1) : 0;
		}
		del = at < m.len ? (seed >> 4) % 4 : 0;
		if (del > m.len - at)
			del = m.len - at;
		nins = (seed >> 12) % (m.len > 300 ? 3 : 6);
		for (i = 0; i < nins; i++) {
			const char *w = words[(seed >> (16 + i)) % NWORDS];
			sm_line_init(&ins[i], w, strlen(w));
			ins[i].crlf = (uint8_t)(eol[0] == '\r');
			/* a line kept through the splice (context) keeps its number */
			if (i < del && (seed >> (20 + i)) % 2) {
				ins[i] = *sm_ln(&im, at + i);
			}
		}
		CHECK_INT(sm_image_splice(&im, at, del, ins, nins), 0);
		memmove(m.p + at + nins, m.p + at + del, (m.len - at - del) * sizeof(*m.p));
		memmove(m.n + at + nins, m.n + at + del, (m.len - at - del) * sizeof(*m.n));
		memmove(m.orig + at + nins, m.orig + at + del, (m.len - at - del) * sizeof(*m.orig));
		for (i = 0; i < nins; i++) {
			m.p[at + i] = ins[i].p;
			m.n[at + i] = ins[i].n;
			m.orig[at + i] = ins[i].orig;
		}
		m.len = m.len - del + nins;
		if (!same_as_model(&im, &m, eol)) {
			printf("  after round %zu (at %zu, del %zu, nins %zu)\n", round, at, del, nins);
			CHECK(0);
			break;
		}
		/* the line-number map, kept in step (or made now) */
		CHECK_INT(sm_image_orig_map(&im, (long)norig), 0);
		for (k = 0; k <= norig + 1; k++)
			CHECK_INT(sm_image_orig_at(&im, (long)k), model_orig(&m, (long)k));
		/* the index, when made: every word's places in a range as a scan gives them */
		for (i = 0; im.ix && i < NWORDS; i++) {
			size_t pos[64], lo = at > 3 ? at - 3 : 0, hi = m.len, got, want = 0, j;
			uint64_t h = sm_text_hash(words[i], strlen(words[i]), SM_LVL_INDENT);
			if (!*words[i])
				continue; /* the blank line: never indexed */
			got = sm_image_find(&im, h, lo, hi, pos, 64);
			for (j = lo; j < hi; j++)
				if (sm_text_hash(m.p[j], m.n[j], SM_LVL_INDENT) == h) {
					if (want < 64)
						CHECK_INT(pos[want], j);
					want++;
				}
			CHECK_INT(got, want);
		}
		if (map_first)
			CHECK(im.ix != NULL);
	}
	sm_image_dispose(&im);
}

TEST(image_gap, follows_a_plain_array)
{
	random_splices("\n", 1u, 0);
	random_splices("\n", 77u, 1);
}

TEST(image_gap, crlf_lines)
{
	random_splices("\r\n", 5u, 1);
}

/* The runs' harder cases against the model: a small file rewritten whole now and then (its
 * runs start again after the dead entries), lines of the file copied into the middle of a
 * splice's new lines (their numbers then name entries a splice put in the store, found by a
 * walk over the runs, not the binary search over the file's own), reads far apart (the finger
 * moved each time), and a copy made along the way. */
TEST(image_gap, runs_rewritten_copied_and_read_far_apart)
{
	static const char text[] = "a1\nb2\nc3\nd4\ne5\n";
	sm_image im, cp;
	model m;
	sm_line ins[6];
	size_t i, k, round, norig = 5;
	unsigned int seed = 99;

	memset(&m, 0, sizeof(m));
	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	for (i = 0; i < norig; i++) {
		m.p[i] = sm_ln(&im, i)->p;
		m.n[i] = sm_ln(&im, i)->n;
		m.orig[i] = (uint32_t)(i + 1);
	}
	m.len = norig;
	im.searched = 1;
	sm_image_index(&im);
	CHECK_INT(sm_image_orig_map(&im, (long)norig), 0);
	for (round = 0; round < 1500 && m.len < MODEL_MAX - 8; round++) {
		size_t at, del, nins;
		seed = seed * 1103515245u + 12345u;
		if ((seed >> 24) % 37 == 0) {
			at = 0; /* the whole file */
			del = m.len;
		} else {
			at = m.len ? (seed >> 8) % (m.len + 1) : 0;
			del = at < m.len ? (seed >> 4) % 3 : 0;
			if (del > m.len - at)
				del = m.len - at;
		}
		nins = (seed >> 12) % 6;
		for (i = 0; i < nins; i++) {
			const char *w = words[(seed >> (16 + i)) % NWORDS];
			sm_line_init(&ins[i], w, strlen(w));
			/* a line of the file copied in (a moved line, a context line between two
			   changes): its record, its number with it */
			if (m.len && (seed >> (20 + i)) % 3 == 0)
				ins[i] = *sm_ln(&im, (seed >> (3 + i)) % m.len);
		}
		CHECK_INT(sm_image_splice(&im, at, del, ins, nins), 0);
		memmove(m.p + at + nins, m.p + at + del, (m.len - at - del) * sizeof(*m.p));
		memmove(m.n + at + nins, m.n + at + del, (m.len - at - del) * sizeof(*m.n));
		memmove(m.orig + at + nins, m.orig + at + del, (m.len - at - del) * sizeof(*m.orig));
		for (i = 0; i < nins; i++) {
			m.p[at + i] = ins[i].p;
			m.n[at + i] = ins[i].n;
			m.orig[at + i] = ins[i].orig;
		}
		m.len = m.len - del + nins;
		if (!same_as_model(&im, &m, "\n")) {
			printf("  after round %zu (at %zu, del %zu, nins %zu)\n", round, at, del, nins);
			CHECK(0);
			break;
		}
		/* reads from the end, then the start: the finger crosses the runs */
		for (i = m.len; i-- > 0;)
			CHECK(sm_ln(&im, i)->p == m.p[i]);
		CHECK_INT(sm_image_orig_map(&im, (long)norig), 0);
		for (k = 0; k <= norig + 1; k++)
			CHECK_INT(sm_image_orig_at(&im, (long)k), model_orig(&m, (long)k));
		sm_image_index(&im);
		for (i = 0; im.ix && i < NWORDS; i++) {
			size_t pos[8], got, want = 0, j;
			uint64_t h = sm_text_hash(words[i], strlen(words[i]), SM_LVL_INDENT);
			if (!*words[i])
				continue;
			got = sm_image_find(&im, h, 0, m.len, pos, 8);
			for (j = 0; j < m.len; j++)
				if (sm_text_hash(m.p[j], m.n[j], SM_LVL_INDENT) == h) {
					if (want < 8)
						CHECK_INT(pos[want], j);
					want++;
				}
			CHECK_INT(got, want);
		}
		if (round % 100 == 0) {
			CHECK_INT(sm_image_copy(&cp, &im), 0);
			CHECK(cp.npc <= 1 && same_as_model(&cp, &m, "\n"));
			sm_image_dispose(&cp);
		}
	}
	CHECK(round > 1000);
	sm_image_dispose(&im);
}

/* A copy is its lines in order in one run, the index and map not with it. */
TEST(image_gap, copy_is_in_order)
{
	static const char text[] = "a\nb\nc\nd\n";
	sm_image im, cp;
	sm_line l;
	sm_buf out = SM_BUF_INIT;

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	CHECK_INT(sm_image_orig_map(&im, 4), 0);
	sm_line_init(&l, "x", 1);
	CHECK_INT(sm_image_splice(&im, 1, 0, &l, 1), 0); /* a x b c d, the gap after x */
	CHECK_INT(sm_image_copy(&cp, &im), 0);
	CHECK(cp.oat == NULL && cp.ix == NULL && cp.npc == 1 && cp.nv == cp.n);
	CHECK_INT(sm_image_render(&cp, &out), 0);
	CHECK_STR(out.ptr, "a\nx\nb\nc\nd\n");
	CHECK_INT(sm_image_orig_at(&im, 3), 3);
	sm_buf_dispose(&out);
	sm_image_dispose(&cp);
	sm_image_dispose(&im);
}

/* A line number standing twice (a line copied in): the map gives the first place, as a pass
 * over the file does, once the second copy came in through a splice. */
TEST(image_gap, number_standing_twice)
{
	static const char text[] = "a\nb\nc\n";
	sm_image im;
	sm_line two[2];

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	CHECK_INT(sm_image_orig_map(&im, 3), 0);
	two[0] = *sm_ln(&im, 2);
	two[1] = *sm_ln(&im, 2);
	CHECK_INT(sm_image_splice(&im, 0, 0, two, 2), 0); /* c c a b c */
	CHECK_INT(sm_image_orig_map(&im, 3), 0);
	CHECK_INT(sm_image_orig_at(&im, 3), 0);
	CHECK_INT(sm_image_orig_at(&im, 1), 2);
	CHECK_INT(sm_image_splice(&im, 0, 1, NULL, 0), 0); /* c a b c */
	CHECK_INT(sm_image_orig_map(&im, 3), 0);
	CHECK_INT(sm_image_orig_at(&im, 3), 0);
	CHECK_INT(sm_image_splice(&im, 0, 1, NULL, 0), 0); /* a b c */
	CHECK_INT(sm_image_orig_map(&im, 3), 0);
	CHECK_INT(sm_image_orig_at(&im, 3), 2);
	sm_image_dispose(&im);
}

/* ---- whole replies: many edits of one file, each placed on the file as the ones before left
   it ---- */

#define NLINES 400

/* A file of NLINES distinct lines "row K;" (K from 1), with eol. */
static void rows(sm_buf *b, const char *eol)
{
	size_t k;

	for (k = 1; k <= NLINES; k++)
		sm_buf_printf(b, "row %zu;%s", k, eol);
}

/* Applies reply to f.c = before; checks that it gives want. */
static void gives(const sm_buf *before, const sm_buf *reply, const sm_buf *want)
{
	run x;

	CHECK(!sm_buf_failed(before) && !sm_buf_failed(reply) && !sm_buf_failed(want));
	go(&x, "f.c", before->ptr, reply->ptr);
	CHECK_INT(x.plan, SEAM_OK);
	CHECK_INT(x.commit, SEAM_OK);
	CHECK(has(&x, "f.c", want->ptr));
	done(&x);
}

/* A unified diff adding two lines after every step-th row (the last hunk at the file's end),
 * on a file whose lines end with eol. */
static void many_hunks(const char *eol, size_t step)
{
	sm_buf before = SM_BUF_INIT, reply = SM_BUF_INIT, want = SM_BUF_INIT;
	size_t k, shift = 0;

	rows(&before, eol);
	sm_buf_puts(&reply, "--- a/f.c\n+++ b/f.c\n");
	for (k = step; k <= NLINES; k += step) {
		size_t first = k - 2, last = k + 2 > NLINES ? NLINES : k + 2, j;
		sm_buf_printf(&reply, "@@ -%zu,%zu +%zu,%zu @@\n", first, last - first + 1,
			      first + shift, last - first + 3);
		for (j = first; j <= k; j++)
			sm_buf_printf(&reply, " row %zu;\n", j);
		sm_buf_printf(&reply, "+added %zu a;\n+added %zu b;\n", k, k);
		for (j = k + 1; j <= last; j++)
			sm_buf_printf(&reply, " row %zu;\n", j);
		shift += 2;
	}
	for (k = 1; k <= NLINES; k++) {
		sm_buf_printf(&want, "row %zu;%s", k, eol);
		if (k % step == 0)
			sm_buf_printf(&want, "added %zu a;%sadded %zu b;%s", k, eol, k, eol);
	}
	gives(&before, &reply, &want);
	sm_buf_dispose(&before);
	sm_buf_dispose(&reply);
	sm_buf_dispose(&want);
}

TEST(image_gap, many_line_adding_hunks)
{
	many_hunks("\n", 10);
	/* hunks whose context lines overlap: each stands on lines the one before moved */
	many_hunks("\n", 4);
	many_hunks("\r\n", 10);
}

/* SEARCH/REPLACE blocks from the bottom of the file up, each writing three lines for one: the
 * gap moves back each time; the result is the blocks' in any order. */
TEST(image_gap, blocks_bottom_up)
{
	sm_buf before = SM_BUF_INIT, reply = SM_BUF_INIT, want = SM_BUF_INIT;
	long k;

	rows(&before, "\n");
	for (k = NLINES - 5; k >= 10; k -= 20) {
		sm_buf_printf(&reply, "f.c\n```\n<<<<<<< SEARCH\nrow %ld;\nrow %ld;\nrow %ld;\n"
				      "=======\n", k - 1, k, k + 1);
		sm_buf_printf(&reply, "row %ld;\nnew %ld one;\nnew %ld two;\nnew %ld three;\n"
				      "row %ld;\n>>>>>>> REPLACE\n```\n\n", k - 1, k, k, k, k + 1);
	}
	for (k = 1; k <= NLINES; k++) {
		if (k >= 10 && k <= NLINES - 5 && (NLINES - 5 - k) % 20 == 0)
			sm_buf_printf(&want, "new %ld one;\nnew %ld two;\nnew %ld three;\n", k, k, k);
		else
			sm_buf_printf(&want, "row %ld;\n", k);
	}
	gives(&before, &reply, &want);
	sm_buf_dispose(&before);
	sm_buf_dispose(&reply);
	sm_buf_dispose(&want);
}

/* <update_lines> blocks name lines of the file before the reply: after blocks that insert and
 * delete lines above, a later block still finds its own lines (an edit at the first and the
 * last line too); one naming lines an earlier block changed is refused as an overlap. */
TEST(image_gap, numbered_blocks_after_inserts_and_deletes)
{
	sm_buf before = SM_BUF_INIT, reply = SM_BUF_INIT, want = SM_BUF_INIT;
	size_t k;
	run x;

	rows(&before, "\n");
	sm_buf_puts(&reply, "f.c\n<update_lines start=\"1\" end=\"2\">\nfirst;\n</update_lines>\n");
	/* every 50th row: rows k, k+1 become three lines; rows k+10..k+12 go */
	for (k = 50; k <= 350; k += 50) {
		sm_buf_printf(&reply, "<update_lines start=\"%zu\" end=\"%zu\">\nx%zu;\ny%zu;\nz%zu;\n"
				      "</update_lines>\n", k, k + 2, k, k, k);
		sm_buf_printf(&reply, "<update_lines start=\"%zu\" end=\"%zu\">\n</update_lines>\n",
			      k + 10, k + 13);
	}
	sm_buf_printf(&reply, "<update_lines start=\"%d\" end=\"%d\">\nlast;\nmore;\n"
			      "</update_lines>\n", NLINES, NLINES + 1);
	for (k = 1; k <= NLINES; k++) {
		if (k == 1)
			sm_buf_puts(&want, "first;\n");
		else if (k == NLINES)
			sm_buf_puts(&want, "last;\nmore;\n");
		else if (k % 50 == 0 && k <= 350)
			sm_buf_printf(&want, "x%zu;\ny%zu;\nz%zu;\n", k, k, k), k++; /* k + 1 too */
		else if (k > 50 && k <= 363 && (k - 10) % 50 < 3)
			continue;
		else
			sm_buf_printf(&want, "row %zu;\n", k);
	}
	gives(&before, &reply, &want);

	/* a block over lines another block rewrote: refused */
	sm_buf_clear(&reply);
	sm_buf_puts(&reply, "f.c\n<update_lines start=\"10\" end=\"12\">\nnew;\nnewer;\nnewest;\n"
			    "</update_lines>\n<update_lines start=\"11\" end=\"13\">\nagain;\n"
			    "</update_lines>\n");
	go(&x, "f.c", before.ptr, reply.ptr);
	CHECK(x.plan != SEAM_OK);
	CHECK_INT(edit(&x, 0).status, SEAM_STATUS_APPLIED);
	CHECK_INT(edit(&x, 1).status, SEAM_STATUS_OVERLAP);
	done(&x);
	sm_buf_dispose(&before);
	sm_buf_dispose(&reply);
	sm_buf_dispose(&want);
}

/* The overlap check of numbered blocks keeps the applied ranges sorted by line (plan_common.c):
 * for random ranges planned in any order, some overlapping (then every earlier edit is read),
 * the edit it names is the first earlier applied one meeting its lines, as a pass over all
 * of them finds; edits that were refused or are not numbered are never named. */
TEST(image_gap, numbered_overlap_names_the_first_block)
{
	enum { N = 300 };
	sm_fileop op;
	sm_pfile pf;
	sm_edit *ed = calloc(N, sizeof(*ed));
	sm_pedit *pe = calloc(N, sizeof(*pe));
	unsigned int seed = 99;
	size_t j, i, round;

	CHECK(ed && pe);
	for (round = 0; round < 2; round++) {
		memset(&op, 0, sizeof(op));
		memset(&pf, 0, sizeof(pf));
		memset(pe, 0, N * sizeof(*pe));
		op.edits = ed;
		op.nedits = N;
		pf.op = &op;
		pf.edits = pe;
		pf.ecap = N;
		for (j = 0; j < N; j++) {
			long first, len, want = -1;
			seed = seed * 1103515245u + 12345u;
			/* round 0: short ranges over a long file (rarely meeting); round 1: long ones */
			first = 1 + (long)((seed >> 8) % (round ? 400u : 5000u));
			len = (long)((seed >> 4) % (round ? 60u : 4u));
			ed[j].reply_line = (long)j + 1;
			ed[j].flags = (seed >> 20) % 8 ? SM_EDIT_NUMBERED : 0;
			pe[j].status = (seed >> 24) % 6 ? SEAM_STATUS_APPLIED : SEAM_STATUS_NO_MATCH;
			pe[j].start_line = first;
			pe[j].end_line = first + len;
			for (i = 0; i < j && want < 0; i++)
				if ((ed[i].flags & SM_EDIT_NUMBERED) &&
				    pe[i].status == SEAM_STATUS_APPLIED && pe[i].start_line &&
				    pe[i].end_line >= first && first + len >= pe[i].start_line)
					want = (long)i;
			CHECK_INT(sm_plan_overlap(&pf, j, first, first + len), 0);
			if (want < 0) {
				CHECK(pe[j].status != SEAM_STATUS_OVERLAP);
			} else {
				char said[64];
				CHECK_INT(pe[j].status, SEAM_STATUS_OVERLAP);
				snprintf(said, sizeof(said), "block at reply line %ld changes too",
					 want + 1);
				CHECK(pe[j].message && strstr(pe[j].message, said));
				/* round 1: kept applied, as a path that plans each edit alone does
				   (a file deleted by its diff): the ranges then overlap */
				if (round)
					pe[j].status = SEAM_STATUS_APPLIED;
			}
		}
		CHECK(round ? pf.ranges_mixed : !pf.ranges_mixed);
		for (j = 0; j < N; j++)
			free(pe[j].message);
		sm_plan_earlier_free(&pf);
	}
	free(ed);
	free(pe);
}

/* Edits out of order that keep the line count are written where their lines are: no run is
 * made and the store does not grow, on either side of the last splice, and the lines, their
 * numbers and the index are what a plain array gives. */
TEST(image_gap, same_count_splices_in_place)
{
	static const char text[] = "a\nb\nc\nd\ne\nf\ng\nh\n";
	sm_image im;
	sm_line ins[2];
	size_t npc, nv, pos[4];

	CHECK_INT(sm_image_load(&im, text, strlen(text)), 0);
	im.searched = 1;
	sm_image_index(&im);
	CHECK(im.ix != NULL);
	CHECK_INT(sm_image_orig_map(&im, 8), 0);
	/* a line added in the middle: three runs now */
	sm_line_init(&ins[0], "x", 1);
	CHECK_INT(sm_image_splice(&im, 4, 0, ins, 1), 0);
	npc = im.npc;
	nv = im.nv;
	CHECK_INT(npc, 3);
	/* one line for one before the gap, two for two after it */
	sm_line_init(&ins[0], "B", 1);
	CHECK_INT(sm_image_splice(&im, 1, 1, ins, 1), 0);
	CHECK_INT(im.npc, npc);
	CHECK_INT(im.nv, nv);
	sm_line_init(&ins[0], "G", 1);
	sm_line_init(&ins[1], "H", 1);
	CHECK_INT(sm_image_splice(&im, 7, 2, ins, 2), 0);
	CHECK_INT(im.npc, npc);
	CHECK_INT(im.nv, nv);
	CHECK_INT(im.n, 9);
	CHECK(sm_ln(&im, 1)->p[0] == 'B' && sm_ln(&im, 4)->p[0] == 'x' && sm_ln(&im, 7)->p[0] == 'G' &&
	      sm_ln(&im, 8)->p[0] == 'H' && sm_ln(&im, 6)->p[0] == 'f');
	/* the numbers: b, g, h gone; f (6) at line 6 */
	CHECK_INT(sm_image_orig_at(&im, 2), SM_NOLINE);
	CHECK_INT(sm_image_orig_at(&im, 7), SM_NOLINE);
	CHECK_INT(sm_image_orig_at(&im, 6), 6);
	CHECK_INT(sm_image_orig_at(&im, 3), 2);
	CHECK_INT(sm_image_find(&im, sm_text_hash("G", 1, SM_LVL_INDENT), 0, im.n, pos, 4), 1);
	CHECK_INT(pos[0], 7);
	CHECK_INT(sm_image_find(&im, sm_text_hash("g", 1, SM_LVL_INDENT), 0, im.n, pos, 4), 0);
	CHECK_INT(sm_image_find(&im, sm_text_hash("f", 1, SM_LVL_INDENT), 0, im.n, pos, 4), 1);
	CHECK_INT(pos[0], 6);
	sm_image_dispose(&im);
}
