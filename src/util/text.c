#include "text.h"
#include "alloc.h"

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

static uint64_t hash_bytes(const char *p, size_t n)
{
	/* FNV-1a with a final avalanche (from splitmix64) so that near-identical lines spread. */
	uint64_t h = 1469598103934665603ULL;
	size_t i;
	for (i = 0; i < n; i++) {
		h ^= (unsigned char)p[i];
		h *= 1099511628211ULL;
	}
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
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

#define FNV_SEED 1469598103934665603ULL
#define FNV_MUL 1099511628211ULL

/* hash_bytes's last step, on a running FNV-1a state. */
static uint64_t hash_finish(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

/* sm_text_hash_all (space: 1) or sm_text_hash_upto_indent (space: 0, h[SM_LVL_SPACE] left as
 * it was): inlined in each, so the one without the whitespace-blind hash runs two FNV states,
 * not three. */
static inline void hash_levels(const char *p, size_t n, uint64_t h[SM_NLEVELS], int space)
{
	const unsigned char *u = (const unsigned char *)p;
	uint64_t all = FNV_SEED, from_a = FNV_SEED, no_ws = FNV_SEED, at_e;
	size_t i, a = 0, e = n;
	unsigned int high = 0, inner = 0;
	int l;

	/* ASCII, the common line: each level is a slice of the bytes (typography folds nothing):
	   the exact text [0, n), rstripped [0, e), indentation-blind [a, e), and [a, e) without
	   its whitespace. One pass runs the three FNV-1a states side by side (three independent
	   multiply chains instead of three passes one after the other: every line of every file
	   read goes through here); the rstripped hash is the exact one's state at e. A level
	   whose text equals the one before it takes its hash (the hash of the same string). */
	while (e > 0 && is_ws(u[e - 1]))
		e--;
	while (a < e && is_ws(u[a]))
		a++;
	for (i = 0; i < a; i++) {
		high |= u[i];
		all = (all ^ u[i]) * FNV_MUL;
	}
	for (; i < e; i++) {
		high |= u[i];
		all = (all ^ u[i]) * FNV_MUL;
		from_a = (from_a ^ u[i]) * FNV_MUL;
		if (space) {
			unsigned int ws = is_ws(u[i]);
			uint64_t t = (no_ws ^ u[i]) * FNV_MUL;
			inner |= ws;
			no_ws = ws ? no_ws : t;
		}
	}
	at_e = all;
	for (; i < n; i++) {
		high |= u[i];
		all = (all ^ u[i]) * FNV_MUL;
	}
	h[0] = hash_finish(all);
	if (high & 0x80) { /* a byte past ASCII: a typographic character or a BOM to fold */
		for (l = 1; l < (space ? SM_NLEVELS : SM_LVL_SPACE); l++)
			h[l] = sm_text_hash(p, n, l);
		return;
	}
	h[SM_LVL_RSTRIP] = e == n ? h[0] : hash_finish(at_e);
	h[SM_LVL_TYPO] = h[SM_LVL_RSTRIP];
	h[SM_LVL_INDENT] = a ? hash_finish(from_a) : h[SM_LVL_RSTRIP];
	if (space)
		h[SM_LVL_SPACE] = inner ? hash_finish(no_ws) : h[SM_LVL_INDENT];
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

double sm_text_similarity(const char *a, size_t an, const char *b, size_t bn)
{
	char sa[SM_SIM_MAX_LEN], sb[SM_SIM_MAX_LEN];
	unsigned short row[SM_SIM_MAX_LEN + 1];
	size_t la, lb, i, j, maxl, full = an > bn ? an : bn;
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
	return 1.0 - (double)row[lb] / (double)maxl;
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
