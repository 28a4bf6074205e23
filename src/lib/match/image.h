#ifndef SEAM_LIB_IMAGE_H
#define SEAM_LIB_IMAGE_H

/*
 * A file held as an "image" (git apply's term): its bytes and a table of lines, each with its
 * hashes at every comparison level. Lines point into the original buffer, into the reply, or
 * into memory the plan owns; edits splice the table, never the bytes, and rendering joins the
 * lines again, so every byte an edit did not touch comes out as it went in.
 *
 * The table is a gap buffer: its unused room sits where the last splice was, so a splice moves
 * only the lines between it and the one before (the lines in between), not every line after it:
 * a file's edits in order move each line about once, however many there are (issue 12: no
 * step may cost lines x edits). Read line i with sm_ln (or its hash with sm_hx), never v[i].
 */

#include "../../util/buf.h"
#include "../../util/text.h"
#include "line_index.h"

#include <stddef.h>
#include <stdint.h>

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

typedef struct sm_image {
	/* lines [0, gap) at v[0, gap), lines [gap, n) at v[gap + cap - n, cap): the cap - n
	   unused entries are the gap, where the last splice was (sm_ln maps a line to its entry) */
	sm_line *v;
	size_t n, cap;
	size_t gap;
	int crlf;      /* line ending given to new lines: the file's dominant one */
	int final_eol; /* the last line ends with a line ending */
	int eol_said;  /* a diff's "\ No newline" marker set final_eol: it stays as said */
	int end_edited; /* an edit reached the last line (or rewrote the whole file) */
	int bom;       /* the file starts with a UTF-8 byte order mark (kept, not matched) */
	int cr;        /* every line ends with a lone CR (classic Mac OS): split and joined there */
	/* where each line's SM_LVL_INDENT hash occurs (line_index.h), by line number, kept in
	   step by sm_image_splice once sm_image_index made it (the gap's moves change no line
	   number); NULL: not made (or given up when out of memory) */
	struct sm_lindex *ix;
	unsigned int searched; /* edits searched for in it, to make the index at the second */
	/* the entry in v of the line numbered k before the reply (its first, were there two),
	   SM_NOLINE when gone, for k in [1, noat): made by sm_image_orig_map, kept in step by
	   sm_image_splice; oat_stale: a number came in twice, the map is made again at next use */
	size_t *oat;
	size_t noat;
	int oat_stale;
} sm_image;

/* The entry of line i (i < n) in v. */
static inline size_t sm_ph(const sm_image *im, size_t i)
{
	return i < im->gap ? i : i + (im->cap - im->n);
}

/* Line i (i < n). Not const: the plan sets a line's ending in place (as strchr, it takes a
 * const image). */
static inline sm_line *sm_ln(const sm_image *im, size_t i)
{
	return &im->v[sm_ph(im, i)];
}

/* Line i's indentation-blind hash (SM_LVL_INDENT), the one the index and the scans key on. The
 * lines' records hold it: no packed copy beside them (8 bytes a line, issue 12's memory bound;
 * a scan reads one record a line instead, and only until the index is made). */
static inline uint64_t sm_hx(const sm_image *im, size_t i)
{
	return sm_ln(im, i)->h_indent;
}

/* The same hashes by entry of v (not by line: the gap's entries hold no line). */
static inline sm_lhashes sm_image_hashes(const sm_image *im)
{
	sm_lhashes h = {NULL, sizeof(sm_line)};
	if (im->v)
		h.base = (const char *)&im->v[0].h_indent;
	return h;
}

/* The byte that ends the lines of data[0..len): '\r' when it holds a CR and no LF (a file
 * with CR-only line ends), else '\n'. */
char sm_image_eol(const char *data, size_t len);

/* Splits data[0..len) into lines (data must outlive the image). SEAM_ENOMEM when out of memory. */
int sm_image_load(sm_image *im, const char *data, size_t len);
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
/* Replaces lines [at, at+del) with ins[0..nins): the gap moves to at (moving the lines between
 * it and there), then takes the new lines; as many new lines as old ones on one side of the gap
 * are written where the old ones were, the gap staying. SEAM_ENOMEM when out of memory (image
 * unchanged), SEAM_EUSAGE when at..at+del is not in the image. */
int sm_image_splice(sm_image *im, size_t at, size_t del, const sm_line *ins, size_t nins);
/* Makes the line index once the image is searched a second time (one search is one pass,
 * as cheap as making the index), and again when its upkeep has worn it (sm_lindex_worn); out
 * of memory, the image stays without one. */
void sm_image_index(sm_image *im);
/* Frees the line index (a later search makes it again). */
void sm_image_drop_index(sm_image *im);
/* 1 when a line in [lo, hi) has indentation-blind hash h (sm_hx): from the index when the image
 * has one, else by a pass over the range. */
int sm_image_has(const sm_image *im, uint64_t h, size_t lo, size_t hi);
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
/* Makes dst an independent copy of src's line table (line bytes are shared; not the index). */
int sm_image_copy(sm_image *dst, const sm_image *src);
void sm_image_dispose(sm_image *im);
/* Original line number nearest to index i (for reports on lines an edit added). */
long sm_image_orig_near(const sm_image *im, size_t i);
/* The same for the image sm_image_load makes of a file of n lines, without making it. */
long sm_image_orig_near_loaded(size_t n, size_t i);

#endif
