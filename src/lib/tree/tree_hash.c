/*
 * The content hash of the tree: what a file held when it was read, compared again before it is
 * overwritten (tree_commit.c), after a crash (tree_journal.c) and in memory (tree_mem.c). Below
 * every other file of the tree, which all call it.
 */
#include "tree_impl.h"

#include <string.h>

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t fmix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h;
}

/* A change detector, not a defence against collisions made on purpose: whoever can write the
 * tree can change it anyway. Word at a time, so a 64 MiB file hashes in a few milliseconds. */
/* The little-endian 64-bit value of s[0..8): one load where the byte order is known (the
 * compiler did not merge the byte loop, eight shifts a word), the same value everywhere, so a
 * journal written on one machine is read on another. */
static uint64_t load_le64(const unsigned char *s)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;
	memcpy(&v, s, sizeof(v));
	return v;
#else
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 8; i++)
		v |= (uint64_t)s[i] << (8 * i);
	return v;
#endif
}

/* One 8-byte word into h. */
static uint64_t mix_word(uint64_t h, const unsigned char *s)
{
	uint64_t v = load_le64(s);

	v *= 0x87c37b91114253d5ull;
	v = rotl(v, 31);
	v *= 0x4cf5ad432745937full;
	h ^= v;
	return rotl(h, 27) * 5 + 0x52dce729;
}

void sm_tree_hash_begin(sm_tree_hasher *hs, size_t n)
{
	hs->h = 0x9e3779b97f4a7c15ull ^ ((uint64_t)n * 0x87c37b91114253d5ull);
	hs->n = n;
	hs->fed = 0;
	hs->ntail = 0;
}

void sm_tree_hash_feed(sm_tree_hasher *hs, const void *p, size_t n)
{
	const unsigned char *s = p;

	hs->fed += n;
	while (n && hs->ntail) {
		hs->tail[hs->ntail++] = *s++;
		n--;
		if (hs->ntail == 8) {
			hs->h = mix_word(hs->h, hs->tail);
			hs->ntail = 0;
		}
	}
	for (; n >= 8; s += 8, n -= 8)
		hs->h = mix_word(hs->h, s);
	while (n--)
		hs->tail[hs->ntail++] = *s++;
}

uint64_t sm_tree_hash_end(const sm_tree_hasher *hs)
{
	uint64_t h = hs->h, v = 0;
	size_t i;

	for (i = 0; i < hs->ntail; i++)
		v |= (uint64_t)hs->tail[i] << (8 * i);
	v *= 0x87c37b91114253d5ull;
	v = rotl(v, 31);
	v *= 0x4cf5ad432745937full;
	h ^= v ^ hs->n;
	return fmix(h);
}

uint64_t sm_tree_hash(const void *p, size_t n)
{
	sm_tree_hasher hs;

	sm_tree_hash_begin(&hs, n);
	sm_tree_hash_feed(&hs, p, n);
	return sm_tree_hash_end(&hs);
}
