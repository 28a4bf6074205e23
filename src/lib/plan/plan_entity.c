/*
 * Cline and Roo decode HTML entities ("&lt;" to "<") in a <diff> for models other than Claude,
 * and seam decodes a value that holds "&lt;" or "&gt;" and no raw angle bracket (fmt_xmltool.c).
 * A file may hold the entity as text, though (HTML, a string, a comment): a block that quotes
 * such a line as it is, with no raw '<' in it, reads as escaped, and decoding it would write
 * "<" where the file had "&lt;". The file decides: the old side's decoded lines are looked up in
 * it, and the lines as written; the form only one of them fits is the one meant (both sides of
 * the block keep that form). Both fitting, or neither while the file holds the entity text the
 * block writes, leaves it unsure: refused, never guessed at.
 */
#include "plan_entity.h"
#include "../core/seam_limits.h"
#include "../../util/alloc.h"

#include <string.h>

static const char *const names[] = {"&lt;", "&gt;", "&quot;", "&apos;", "&#39;", "&amp;"};

#define NNAMES (sizeof(names) / sizeof(names[0]))

/* The entities p[0..n) writes, a bit per name. */
static unsigned names_in(const char *p, size_t n)
{
	unsigned m = 0;
	size_t k, j;

	for (k = 0; k < n; k++)
		if (p[k] == '&')
			for (j = 0; j < NNAMES; j++)
				if (n - k >= strlen(names[j]) && !memcmp(p + k, names[j], strlen(names[j])))
					m |= 1u << j;
	return m;
}

static int fits(const sm_image *im, const sm_span *t, sm_budget *b)
{
	sm_budget_charge(b, im->ix ? 1 : im->n);
	return sm_image_has(im, sm_text_hash(t->p, t->n, SM_LVL_INDENT), 0, im->n);
}

int sm_entity_choose(const sm_image *im, const sm_edit *e, sm_budget *b, sm_edit *lit)
{
	size_t k, probes = 0;
	int dec = 0, raw = 0;
	unsigned want = 0;

	for (k = 0; k < e->nlines; k++) {
		const sm_span *d = &e->lines[k].text, *l = &e->literal[k];
		if (d->n == l->n && d->p == l->p)
			continue;
		want |= names_in(l->p, l->n);
		if ((e->lines[k].kind != SM_HL_CTX && e->lines[k].kind != SM_HL_DEL) ||
		    probes >= SM_ENTITY_PROBES)
			continue;
		probes++;
		dec |= fits(im, d, b);
		raw |= fits(im, l, b);
	}
	if (dec && raw)
		return SM_ENT_UNSURE;
	if (!raw && !dec) {
		/* the old side tells nothing: the file holding none of the entities the block writes
		   is no place for them as text */
		unsigned has = 0;
		sm_budget_charge(b, im->n);
		for (k = 0; k < im->n && (has & want) != want; k++) {
			const sm_line *ln = sm_ln(im, k);
			if (memchr(ln->p, '&', ln->n))
				has |= names_in(ln->p, ln->n);
		}
		return has & want ? SM_ENT_UNSURE : SM_ENT_DECODED;
	}
	if (dec)
		return SM_ENT_DECODED;
	return sm_entity_literal(e, lit) ? SEAM_ENOMEM : SM_ENT_LITERAL;
}

int sm_entity_literal(const sm_edit *e, sm_edit *lit)
{
	size_t k;

	*lit = *e;
	lit->literal = NULL;
	lit->cap = e->nlines;
	if (!(lit->lines = sm_malloc((e->nlines ? e->nlines : 1) * sizeof(*lit->lines))))
		return SEAM_ENOMEM;
	for (k = 0; k < e->nlines; k++) {
		lit->lines[k] = e->lines[k];
		lit->lines[k].text = e->literal[k];
	}
	return 0;
}
