#ifndef SEAM_LIB_IMAGE_H
#define SEAM_LIB_IMAGE_H

/*
 * A file held as an "image" (git apply's term): its bytes and a table of lines, each with its
 * hashes at every comparison level. Lines point into the original buffer, into the reply, or
 * into memory the plan owns; edits splice the table, never the bytes, and rendering joins the
 * lines again, so every byte an edit did not touch comes out as it went in.
 *
 * The table is a piece table of line runs: the records live in a store that only grows (the
 * file's lines as read, then every splice's new lines after them) and never move, and the file
 * is a list of runs of the store, in file order. A splice cuts the run it falls in and puts a run
 * of its new lines between the two parts: it moves no line, wherever it is (issue 12: no step
 * may cost lines x edits; the gap buffer this was moved every line between two edits far apart,
 * lines x edits for edits out of order). Reading line i is one step while the file is one run
 * (as loaded, or copied), else from the run the last read was in (a finger: reads come near
 * each other), else a binary search over the runs. Read line i with sm_ln (or its hash with
 * sm_hx), never v[i].
 */

#include "../../util/buf.h"
#include "../../util/text.h"
#include "line_index.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct sm_lindex;

typedef struct sm_line {
	const char *p;
	size_t n;     /* bytes, line ending excluded */
	/* the hashes of two levels (text.h); those of SM_LVL_EXACT and SM_LVL_TYPO are
	   h_rstrip where `same` says so (a line without trailing whitespace, one without
	   typography: nearly every line), else made again from the bytes by sm_line_h, as is
	   SM_LVL_SPACE's (no tier compares a file's lines whitespace-blind: a stored hash was 8
	   bytes a line and a third of the hashing of every line read). Five stored hashes made a
	   line 64 bytes, the largest term of issue 12's memory bound; it is 40. */
	uint64_t h_rstrip, h_indent;
	uint32_t orig; /* 1-based number of this line in the file before the reply; 0 if added */
	uint8_t crlf;  /* ended with CR LF (kept as it was for lines that are kept) */
	uint8_t blank;
	uint8_t same;  /* SM_LINE_SAME_* */
} sm_line;

enum {
	SM_LINE_SAME_EXACT = 1, /* the SM_LVL_EXACT hash is h_rstrip */
	SM_LINE_SAME_TYPO = 2   /* the SM_LVL_TYPO hash is h_rstrip */
};

/* The line's hash at a level (text.h): what sm_text_hash of its bytes at that level gives. */
static inline uint64_t sm_line_h(const sm_line *l, int level)
{
	switch (level) {
	case SM_LVL_RSTRIP:
		return l->h_rstrip;
	case SM_LVL_INDENT:
		return l->h_indent;
	case SM_LVL_SPACE:
		return sm_text_hash(l->p, l->n, SM_LVL_SPACE);
	case SM_LVL_EXACT:
		return l->same & SM_LINE_SAME_EXACT ? l->h_rstrip
						    : sm_text_hash(l->p, l->n, SM_LVL_EXACT);
	default:
		return l->same & SM_LINE_SAME_TYPO ? l->h_rstrip
						   : sm_text_hash(l->p, l->n, SM_LVL_TYPO);
	}
}

/* 1 when a and b hold the same bytes (line ends aside). */
static inline int sm_line_same_bytes(const sm_line *a, const sm_line *b)
{
	return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

/* The non-blank characters of l (spaces, tabs and a CR aside), counted up to `enough`: how
 * much substance a line has, for the rules that ignore a lone "}" or "pass". */
static inline size_t sm_line_solid_chars(const sm_line *l, size_t enough)
{
	size_t i, n = 0;

	for (i = 0; i < l->n && n < enough; i++)
		n += !(l->p[i] == ' ' || l->p[i] == '\t' || l->p[i] == '\r');
	return n;
}

/* A run of the file: lines [at, at + len) are the store's entries [slot, slot + len) (the line
 * index is made from them: line_index.h). */
typedef sm_lrun sm_piece;

typedef struct sm_image {
	/* the store: entries [0, nv) of cap; lines go in at the end and never move, those a splice
	   removed stay unused */
	sm_line *v;
	size_t nv, cap;
	size_t n; /* lines */
	/* the runs, in file order (none for an empty file); with one, line i is v[base + i] */
	sm_piece *pc;
	size_t npc, cappc;
	size_t base;
	/* the run the last read found (sm_ln): not part of the image's value, a read sets it */
	size_t fk;
	/* store entries below mono lie in runs in file order: their runs' slots ascend with their
	   place in pc (the file's lines as loaded, none of which a splice puts elsewhere), so an
	   entry there is found by a binary search (sm_image_orig_at) */
	size_t mono;
	int crlf;      /* line ending given to new lines: the file's dominant one */
	int final_eol; /* the last line ends with a line ending */
	int eol_said;  /* a diff's "\ No newline" marker set final_eol: it stays as said */
	int end_edited; /* an edit reached the last line (or rewrote the whole file) */
	int bom;       /* the file starts with a UTF-8 byte order mark (kept, not matched) */
	int cr;        /* every line ends with a lone CR (classic Mac OS): split and joined there */
	/* where each line's SM_LVL_INDENT hash occurs (line_index.h), by line number, kept in
	   step by sm_image_splice once sm_image_index made it; NULL: not made (or given up when
	   out of memory) */
	struct sm_lindex *ix;
	unsigned int searched; /* edits searched for in it, to make the index at the second */
	/* the store entry of the line numbered k before the reply (its first, were there two),
	   SM_NOLINE when gone, for k in [1, noat): made by sm_image_orig_map, kept in step by
	   sm_image_splice; oat_stale: a number came in twice, the map is made again at next use */
	size_t *oat;
	size_t noat;
	int oat_stale;
} sm_image;

/* The store entry of line i (i < n) when the finger's run does not hold it (image.c). */
size_t sm_image_seek(const sm_image *im, size_t i);

/* The store entry of line i (i < n). */
static inline size_t sm_ph(const sm_image *im, size_t i)
{
	const sm_piece *c;

	if (im->npc <= 1)
		return im->base + i;
	c = &im->pc[im->fk];
	if (i - c->at < c->len)
		return c->slot + (i - c->at);
	return sm_image_seek(im, i);
}

/* Line i (i < n). Not const: the plan sets a line's ending in place (as strchr, it takes a
 * const image). */
static inline sm_line *sm_ln(const sm_image *im, size_t i)
{
	return &im->v[sm_ph(im, i)];
}

/* The end of the run of lines that holds line i (i < n): lines i..end are consecutive entries
 * of the store, so a scan may step a record at a time. */
static inline size_t sm_image_run_end(const sm_image *im, size_t i)
{
	const sm_piece *c;

	if (im->npc <= 1)
		return im->n;
	(void)sm_ph(im, i); /* sets the finger to its run */
	c = &im->pc[im->fk];
	return c->at + c->len;
}

/* Line i's indentation-blind hash (SM_LVL_INDENT), the one the index and the scans key on. The
 * lines' records hold it: no packed copy beside them (8 bytes a line, issue 12's memory bound;
 * a scan reads one record a line instead, and only until the index is made). */
static inline uint64_t sm_hx(const sm_image *im, size_t i)
{
	return sm_ln(im, i)->h_indent;
}

/* The byte that ends the lines of data[0..len): '\r' when it holds a CR and no LF (a file
 * with CR-only line ends), else '\n'. */
char sm_image_eol(const char *data, size_t len);

/* Splits data[0..len) into lines (data must outlive the image). SEAM_ENOMEM when out of memory. */
int sm_image_load(sm_image *im, const char *data, size_t len);
/* Makes im (zeroed) the image of the lines v[0..n), one run; v (from sm_malloc) becomes its
 * store, n entries. SEAM_ENOMEM when out of memory (v is then still the caller's). */
int sm_image_adopt(sm_image *im, sm_line *v, size_t n);
/* The lines of a file's bytes as sm_image_load splits them, without their records: where each
 * starts, 8 bytes a line against an image's 40 (issue 12's memory bound: a whole file's guard
 * reads the file's lines in its diff, and needs no table of them). data must outlive it. */
typedef struct sm_file_lines {
	const char *data;
	size_t *at; /* line k is data[at[k], at[k + 1] - 1), its line ending aside */
	size_t n;
	char eol;
	int final_eol;
} sm_file_lines;
/* SEAM_ENOMEM when out of memory. */
int sm_file_lines_make(sm_file_lines *fl, const char *data, size_t len);
/* Line k's text (k < n): the p and n of sm_image_load's line k. */
sm_span sm_file_line(const sm_file_lines *fl, size_t k);
void sm_file_lines_dispose(sm_file_lines *fl);
/* Fills hashes and blank for a line made from p[0..n). */
void sm_line_init(sm_line *l, const char *p, size_t n);
/* Replaces lines [at, at+del) with ins[0..nins): the run the splice falls in is cut and a run of
 * the new lines (at the store's end) goes between its parts; lines kept as they were at either
 * end stay where they are, and as many new lines as old ones are written where the old ones
 * were. No line moves: the cost is the new lines plus the runs after the splice (their line
 * numbers move; none for edits in file order). SEAM_ENOMEM when out of memory (image
 * unchanged), SEAM_EUSAGE when at..at+del is not in the image. */
int sm_image_splice(sm_image *im, size_t at, size_t del, const sm_line *ins, size_t nins);
/* The runs after the one holding line `at` (a splice there moves their line numbers). */
size_t sm_image_runs_after(const sm_image *im, size_t at);
/* Makes the line index once the image is searched a second time (one search is one pass,
 * as cheap as making the index), and again when its upkeep has worn it (sm_lindex_worn); out
 * of memory, the image stays without one. */
void sm_image_index(sm_image *im);
/* Frees the line index (a later search makes it again). */
void sm_image_drop_index(sm_image *im);
/* 1 when a line in [lo, hi) has indentation-blind hash h (sm_hx): from the index when the image
 * has one, else by a pass over the range. */
int sm_image_has(const sm_image *im, uint64_t h, size_t lo, size_t hi);
/* The first line of [lo, hi) with indentation-blind hash h, (size_t)-1 (SM_NOLINE) when none:
 * from the index when the image has one, as sm_image_has. */
size_t sm_image_first(const sm_image *im, uint64_t h, size_t lo, size_t hi);
/* With the line index (im->ix non-NULL): the number of lines of [lo, hi) with hash h, and the
 * first `max` of them, ascending, in pos (sm_lindex_find in line numbers of the image). */
size_t sm_image_find(const sm_image *im, uint64_t h, size_t lo, size_t hi, size_t *pos,
		     size_t max);
/* Makes (or keeps) the map of the lines numbered 1..norig before the reply to their place
 * (sm_image_orig_at): one pass at the first numbered edit of a file, then each splice keeps it
 * in step. SEAM_ENOMEM when out of memory. */
int sm_image_orig_map(sm_image *im, long norig);
/* The index of the first line whose number before the reply is k, SM_NOLINE when an edit
 * changed it (or k is not in 1..norig); after sm_image_orig_map. */
size_t sm_image_orig_at(const sm_image *im, long k);
/* Joins the lines back into bytes. */
int sm_image_render(const sm_image *im, sm_buf *out);
/* Makes dst an independent copy of src's line table, one run in file order (line bytes are
 * shared; not the index). */
int sm_image_copy(sm_image *dst, const sm_image *src);
void sm_image_dispose(sm_image *im);
/* Original line number nearest to index i (for reports on lines an edit added). */
long sm_image_orig_near(const sm_image *im, size_t i);
/* The same for the image sm_image_load makes of a file of n lines, without making it. */
long sm_image_orig_near_loaded(size_t n, size_t i);

#endif
