#include "text.h"
#include "alloc.h"

#include <stdint.h>
#include <string.h>

/* Upper bound on what similarity compares: keeps the O(n*m) distance bounded on hostile lines. */
#define SM_SIM_MAX_LEN 512

static int is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Typographic characters models substitute for ASCII. Returns the ASCII replacement and sets
 * *used to the bytes consumed, or returns NULL when p does not start with one.
 */
static const char *fold_typo(const unsigned char *p, size_t n, size_t *used)
{
	if (n >= 2 && p[0] == 0xC2 && p[1] == 0xA0) { /* NBSP */
		*used = 2;
		return " ";
	}
	if (n < 3 || p[0] != 0xE2)
		return NULL;
	*used = 3;
	if (p[1] == 0x80) {
		switch (p[2]) {
		case 0x98: case 0x99: case 0x9A: case 0x9B: /* ‘ ’ ‚ ‛ */
		case 0xB2: /* ′ */
			return "'";
		case 0x9C: case 0x9D: case 0x9E: case 0x9F: /* “ ” „ ‟ */
		case 0xB3: /* ″ */
			return "\"";
		case 0x90: case 0x91: case 0x92: case 0x93: case 0x94: case 0x95: /* hyphens, dashes */
			return "-";
		case 0xA6: /* … */
			return "...";
		case 0xAF: /* narrow NBSP */
			return " ";
		}
	} else if (p[1] == 0x88 && p[2] == 0x92) { /* − minus sign */
		return "-";
	}
	return NULL;
}

size_t sm_text_normalize(const char *src, size_t n, int level, char *out)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t i = 0, o = 0, end = n;

	if (level >= SM_LVL_RSTRIP)
		while (end > 0 && is_ws(p[end - 1]))
			end--;
	/* a byte order mark copied with line 1 (seam's own diff shows it there, the image keeps
	   the file's apart from its first line) */
	if (level >= SM_LVL_RSTRIP && end >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
		i = 3;
	if (level >= SM_LVL_INDENT)
		while (i < end && is_ws(p[i]))
			i++;
	while (i < end) {
		size_t used;
		const char *rep;
		if (level >= SM_LVL_TYPO && p[i] >= 0xC2 && (rep = fold_typo(p + i, end - i, &used))) {
			size_t k, rl = strlen(rep);
			for (k = 0; k < rl; k++)
				if (!(level >= SM_LVL_SPACE && rep[k] == ' '))
					out[o++] = rep[k];
			i += used;
			continue;
		}
		if (level >= SM_LVL_SPACE && is_ws(p[i])) {
			i++;
			continue;
		}
		out[o++] = (char)p[i++];
	}
	/* Folding can leave trailing spaces (an NBSP at the end); strip them again. */
	if (level >= SM_LVL_RSTRIP)
		while (o > 0 && is_ws((unsigned char)out[o - 1]))
			o--;
	return o;
}

static uint64_t rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

/* One 8-byte word into a running hash (a MurmurHash3 lane's step). */
static uint64_t mix_word(uint64_t h, uint64_t w)
{
	w *= 0x87c37b91114253d5ULL;
	w = rotl64(w, 31);
	w *= 0x4cf5ad432745937fULL;
	h ^= w;
	return rotl64(h, 27) * 5 + 0x52dce729;
}

/* splitmix64's finish: near-identical inputs spread over all 64 bits. */
static uint64_t avalanche(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

/* p[0..n) eight bytes at a time, the last word zero-padded (the length mixed in tells "ab"
 * from "ab\0"); the bytes read in little-endian order on any machine is not needed: hashes
 * never leave the process. */
static inline uint64_t hash_words(const unsigned char *p, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL, w;
	size_t i = 0, k;

	if (!n)
		return 0x6a09e667f3bcc909ULL;
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		h = mix_word(h, w);
	}
	if (i < n) {
		if (n >= 8) {
			/* the last eight bytes, those already mixed shifted out */
			memcpy(&w, p + n - 8, 8);
			w >>= 8 * (8 - (n - i));
		} else {
			for (w = 0, k = 0; k < n; k++)
				w |= (uint64_t)p[k] << (8 * k);
		}
		h = mix_word(h, w);
	}
	return avalanche(h ^ (uint64_t)n * 0xff51afd7ed558ccdULL);
}

/* The hash of a string from the hashes of its leading whitespace, the text between, and its
 * trailing whitespace. */
static uint64_t join3(uint64_t pre, uint64_t mid, uint64_t post)
{
	return avalanche(mid + pre * 0xc2b2ae3d27d4eb4fULL + rotl64(post, 29) * 0x165667b19e3779f9ULL);
}

/* The ends of a string's text: [*a, *e) between its leading and trailing whitespace. */
static void text_span(const unsigned char *u, size_t n, size_t *a, size_t *e)
{
	size_t x = 0, y = n;

	while (y > 0 && is_ws(u[y - 1]))
		y--;
	while (x < y && is_ws(u[x]))
		x++;
	*a = x;
	*e = y;
}

/*
 * The hash of a byte string: its text between leading and trailing whitespace hashed eight
 * bytes at a time, joined with the hashes of those two edges. A function of the bytes alone
 * (equal strings hash equal), shaped so that one pass over a line's text gives its exact,
 * rstripped and indentation-blind hashes at once (hash_levels): every line of every file read
 * is hashed, and a byte at a time (FNV-1a, a multiply per byte, two or three side by side)
 * this was the largest cost of reading a big file. A detector of equal text, not a defence
 * against collisions made on purpose.
 */
static uint64_t hash_bytes(const char *p, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t a, e;

	text_span(u, n, &a, &e);
	return join3(hash_words(u, a), hash_words(u + a, e - a), hash_words(u + e, n - e));
}

uint64_t sm_text_hash(const char *p, size_t n, int level)
{
	char stack[256];
	char *tmp;
	uint64_t h;

	if (level == SM_LVL_EXACT) /* the bytes as they are: no copy to make */
		return hash_bytes(p, n);
	tmp = n <= sizeof(stack) ? stack : sm_malloc(n);
	if (!tmp) /* out of memory: a hash that matches nothing else is safe, never wrong */
		return 0x5eadbeefULL ^ n;
	h = hash_bytes(tmp, sm_text_normalize(p, n, level, tmp));
	if (tmp != stack)
		sm_free(tmp);
	return h;
}

/* sm_text_hash_all (space: 1) or sm_text_hash_upto_indent (space: 0, h[SM_LVL_SPACE] left as
 * it was). */
static inline void hash_levels(const char *p, size_t n, uint64_t h[SM_NLEVELS], int space)
{
	const unsigned char *u = (const unsigned char *)p;
	uint64_t high = 0, w, pre, mid, none;
	size_t i, a, e;
	int l;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		high |= w;
	}
	if (i < n && n >= 8) { /* the last eight bytes: those seen again change nothing */
		memcpy(&w, p + n - 8, 8);
		high |= w;
	} else {
		for (; i < n; i++)
			high |= u[i];
	}
	if (high & 0x8080808080808080ULL) { /* a byte past ASCII: typography or a BOM to fold */
		h[0] = hash_bytes(p, n);
		for (l = 1; l < (space ? SM_NLEVELS : SM_LVL_SPACE); l++)
			h[l] = sm_text_hash(p, n, l);
		return;
	}
	/* ASCII, the common line: each level is a slice of the bytes (typography folds nothing):
	   the exact text [0, n), rstripped [0, e), indentation-blind [a, e); hash_bytes of each
	   is the text [a, e)'s hash joined with its edges' */
	text_span(u, n, &a, &e);
	mid = hash_words(u + a, e - a);
	pre = hash_words(u, a);
	none = hash_words(u, 0);
	h[0] = join3(pre, mid, hash_words(u + e, n - e));
	h[SM_LVL_RSTRIP] = e == n ? h[0] : join3(pre, mid, none);
	h[SM_LVL_TYPO] = h[SM_LVL_RSTRIP];
	h[SM_LVL_INDENT] = a ? join3(none, mid, none) : h[SM_LVL_RSTRIP];
	if (space) {
		/* [a, e) without its whitespace: a copy, when it has any */
		for (i = a; i < e && !is_ws(u[i]); i++)
			;
		h[SM_LVL_SPACE] = i < e ? sm_text_hash(p, n, SM_LVL_SPACE) : h[SM_LVL_INDENT];
	}
}

void sm_text_hash_all(const char *p, size_t n, uint64_t h[SM_NLEVELS])
{
	hash_levels(p, n, h, 1);
}

void sm_text_hash_upto_indent(const char *p, size_t n, uint64_t h[SM_NLEVELS])
{
	hash_levels(p, n, h, 0);
}

int sm_text_is_blank(const char *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!is_ws((unsigned char)p[i]))
			return 0;
	return 1;
}

int sm_text_has_word(const char *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80)
			return 1;
	}
	return 0;
}

size_t sm_text_indent_len(const char *p, size_t n)
{
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	return i;
}

size_t sm_text_indent_cols(const char *p, size_t n, size_t tabw)
{
	size_t i, col = 0;
	for (i = 0; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
		col = p[i] == '\t' ? (col / tabw + 1) * tabw : col + 1;
	return col;
}

int sm_text_utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		unsigned char c = p[i];
		size_t k, len;
		uint32_t cp;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF) {
			len = 2;
			cp = c & 0x1F;
		} else if (c >= 0xE0 && c <= 0xEF) {
			len = 3;
			cp = c & 0x0F;
		} else if (c >= 0xF0 && c <= 0xF4) {
			len = 4;
			cp = c & 0x07;
		} else {
			return 0;
		}
		if (i + len > n)
			return 0;
		for (k = 1; k < len; k++) {
			if ((p[i + k] & 0xC0) != 0x80)
				return 0;
			cp = (cp << 6) | (p[i + k] & 0x3F);
		}
		if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
		    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
			return 0;
		i += len;
	}
	return 1;
}

/* The edit distance of p (1 to 64 bytes) and t, by the bit-parallel form of the same table
 * (Myers 1999, in Hyyro's global form): a column of the table held as the bits of its vertical
 * steps, one machine word per text byte instead of one cell per byte pair. Most lines of code
 * are this short, and the matcher compares a line with thousands of file lines. */
static size_t distance_bits(const char *p, size_t m, const char *t, size_t n)
{
	uint64_t peq[256], pv = ~(uint64_t)0, mv = 0, last = (uint64_t)1 << (m - 1);
	size_t i, score = m;

	for (i = 0; i < m; i++)
		peq[(unsigned char)p[i]] = 0;
	for (i = 0; i < n; i++)
		peq[(unsigned char)t[i]] = 0;
	for (i = 0; i < m; i++)
		peq[(unsigned char)p[i]] |= (uint64_t)1 << i;
	for (i = 0; i < n; i++) {
		uint64_t eq = peq[(unsigned char)t[i]], xv = eq | mv;
		uint64_t xh = (((eq & pv) + pv) ^ pv) | eq;
		uint64_t ph = mv | ~(xh | pv), mh = pv & xh;
		if (ph & last)
			score++;
		else if (mh & last)
			score--;
		/* the table's first row counts up (t's first bytes inserted): a step of +1 */
		ph = (ph << 1) | 1;
		mh <<= 1;
		pv = mh | ~(xv | ph);
		mv = ph & xv;
	}
	return score;
}

/* The edit distance of two normalized strings, each at most SM_SIM_MAX_LEN bytes. */
static size_t distance(const char *sa, size_t la, const char *sb, size_t lb)
{
	unsigned short row[SM_SIM_MAX_LEN + 1];
	size_t i, j;

	if (la == 0 || lb == 0)
		return la + lb;
	if (la <= 64 || lb <= 64)
		return la <= lb ? distance_bits(sa, la, sb, lb) : distance_bits(sb, lb, sa, la);

	for (j = 0; j <= lb; j++)
		row[j] = (unsigned short)j;
	for (i = 1; i <= la; i++) {
		unsigned short diag = row[0];
		row[0] = (unsigned short)i;
		for (j = 1; j <= lb; j++) {
			unsigned short up = row[j];
			unsigned short best = (unsigned short)(diag + (sa[i - 1] != sb[j - 1]));
			if (up + 1 < best)
				best = (unsigned short)(up + 1);
			if (row[j - 1] + 1 < best)
				best = (unsigned short)(row[j - 1] + 1);
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

double sm_text_similarity(const char *a, size_t an, const char *b, size_t bn)
{
	char sa[SM_SIM_MAX_LEN], sb[SM_SIM_MAX_LEN];
	size_t la, lb, maxl, full = an > bn ? an : bn;
	double head;

	if (full > SM_SIM_MAX_LEN) {
		/* Only the first SM_SIM_MAX_LEN bytes are compared; what lies beyond counts as all
		   different unless it is the same bytes, so that two long lines that differ past the
		   cut never look alike. */
		int same_tail = an == bn && !memcmp(a + SM_SIM_MAX_LEN, b + SM_SIM_MAX_LEN,
						    an - SM_SIM_MAX_LEN);
		head = sm_text_similarity(a, an < SM_SIM_MAX_LEN ? an : SM_SIM_MAX_LEN, b,
					  bn < SM_SIM_MAX_LEN ? bn : SM_SIM_MAX_LEN);
		if (same_tail)
			return 1.0 - (1.0 - head) * SM_SIM_MAX_LEN / (double)full;
		return head * SM_SIM_MAX_LEN / (double)full;
	}
	la = sm_text_normalize(a, an, SM_LVL_SPACE, sa);
	lb = sm_text_normalize(b, bn, SM_LVL_SPACE, sb);
	maxl = la > lb ? la : lb;
	if (maxl == 0)
		return 1.0;
	return 1.0 - (double)distance(sa, la, sb, lb) / (double)maxl;
}

/* 1 when two lines of ASCII are told less than at_least similar by the bytes alone: the
 * distance is at least what one holds more of each byte than the other (each such byte needs
 * an edit of its own), and for ASCII the normalized forms are the lines' bytes without their
 * whitespace, so counted on the lines as they are (no copy), lengths included. 0 when it
 * cannot tell, and for a line with other bytes (typography folds them). */
static int bytes_rule_out(const char *a, size_t an, const char *b, size_t bn, double at_least)
{
	/* (lines of at most SM_SIM_MAX_LEN bytes: a count fits in 16 bits) */
	int16_t count[128];
	const unsigned char *pa = (const unsigned char *)a, *pb = (const unsigned char *)b;
	size_t i, la = 0, lb = 0, more = 0, fewer = 0, bound, maxl;
	unsigned char high = 0;

	memset(count, 0, sizeof count);
	for (i = 0; i < an; i++) {
		high |= pa[i];
		count[pa[i] & 127]++;
		la += !is_ws(pa[i]);
	}
	for (i = 0; i < bn; i++) {
		high |= pb[i];
		count[pb[i] & 127]--;
		lb += !is_ws(pb[i]);
	}
	if (high & 0x80)
		return 0;
	/* each byte's difference summed once, at its first reading (then zeroed); whitespace
	   is not compared */
	for (i = 0; i < an; i++) {
		int16_t *c = &count[pa[i]];
		if (*c > 0 && !is_ws(pa[i]))
			more += (size_t)*c;
		*c = 0;
	}
	for (i = 0; i < bn; i++) {
		int16_t *c = &count[pb[i]];
		if (*c < 0 && !is_ws(pb[i]))
			fewer += (size_t) - *c;
		*c = 0;
	}
	maxl = la > lb ? la : lb;
	if (maxl == 0)
		return 0;
	bound = more > fewer ? more : fewer;
	/* (the same arithmetic as the similarity's, so the answer is the same) */
	return 1.0 - (double)bound / (double)maxl < at_least;
}

int sm_text_similar(const char *a, size_t an, const char *b, size_t bn, double at_least)
{
	return sm_text_similarity_if(a, an, b, bn, at_least) >= at_least;
}

double sm_text_similarity_if(const char *a, size_t an, const char *b, size_t bn, double at_least)
{
	if ((an > bn ? an : bn) <= SM_SIM_MAX_LEN && bytes_rule_out(a, an, b, bn, at_least))
		return -1.0;
	return sm_text_similarity(a, an, b, bn);
}

uint64_t sm_text_similarity_work(size_t an, size_t bn)
{
	size_t a = an < SM_SIM_MAX_LEN ? an : SM_SIM_MAX_LEN, b = bn < SM_SIM_MAX_LEN ? bn : SM_SIM_MAX_LEN;

	return (uint64_t)a * b + a + b + 1;
}

int sm_text_newlines(const char *t, size_t n, size_t **nl, size_t *nnl)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += t[i] == '\n';
	*nl = sm_malloc((k ? k : 1) * sizeof(**nl));
	*nnl = 0;
	if (!*nl)
		return -1;
	for (i = 0; i < n; i++)
		if (t[i] == '\n')
			(*nl)[(*nnl)++] = i;
	return 0;
}

long sm_text_line_at(const size_t *nl, size_t nnl, size_t off)
{
	size_t lo = 0, hi = nnl;

	/* one more than the newlines before off */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (nl[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo + 1;
}

size_t sm_text_next_line(const char *s, size_t len, size_t *at, int *nl)
{
	const char *e = memchr(s + *at, '\n', len - *at);
	size_t n = e ? (size_t)(e - (s + *at)) : len - *at;

	*at = e ? *at + n + 1 : len;
	if (nl)
		*nl = e != NULL;
	return n;
}
