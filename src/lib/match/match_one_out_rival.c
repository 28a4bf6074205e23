/*
 * The one-out rival of a place found for a merged hunk with a context line dropped: the old
 * side cut once, its two halves standing with file lines between them, each as written but for
 * one file line of substance the old side leaves out (a context line the model dropped from the
 * old side only). The place found (a loose place, the merged-hunk tiers' halves, the split's
 * runs) is weighed against that reading half by half; where neither is the likelier by a margin
 * the reply shows and the two write different files, the edit is refused as ambiguous. The
 * other rivals of a merged hunk's reading are match_cut_rival.c's.
 */
#include "match.h"
#include "match_costs.h"
#include "splice.h"
#include "../../util/buf.h"
#include "../../util/alloc.h"

#include <string.h>

/* same at a level: SM_LVL_TYPO, or SM_LVL_INDENT for a place found shifted as a whole. */
static int same_at(const sm_image *im, size_t f, const sm_line *o, int level)
{
	return f < im->n && sm_line_h(sm_ln(im, f), level) == sm_line_h(o, level);
}

/* 1 when file line f lies inside found's place with no old line standing on it (let go). */
static int lets_go(const sm_cand *found, size_t m, size_t f)
{
	size_t i;

	if (f < found->start || f >= found->end)
		return 0;
	for (i = 0; i < m; i++)
		if (found->lo[i] != SM_NOLINE && found->lo[i] <= f && f < found->hi[i])
			return 0;
	return 1;
}

/* 1 when old line i is a line of substance that `unplaced` (found, or NULL) stands on no file
 * line: a context line the model wrote that the file does not have (an added line left
 * unmarked), which the diff-repair reading lets go. The other reading lets it go too, standing it
 * nowhere: else a reply with such a line has no other reading, and its merged hunk's halves are
 * read on a near copy whatever the other reading's one left-out line says. Not at an end of the
 * old side (the walks start there). */
static int unplaced_too(const sm_medit *e, const sm_cand *unplaced, size_t i)
{
	return unplaced && i > 0 && i + 1 < e->nold && unplaced->lo[i] == SM_NOLINE &&
	       e->seq[e->old[i]].kind == SM_HL_CTX && !e->seq[e->old[i]].l.blank;
}

/* The walk's cursor j, its d-th file line on in the walk's direction (the cursor itself for d
 * 0): down from j, up from j - 1; and whether that line lies in the window. */
static size_t walk_line(size_t j, int up, size_t d)
{
	return up ? j - 1 - d : j + d;
}

static int walk_has(const sm_mctx *c, size_t j, int up, size_t d)
{
	return up ? j > c->lo + d : j + d < c->hi;
}

/* One end's walk of the old side from a place of its first (last) line of substance: where each
 * old line stands (at[i], SM_NOLINE past the walk), as written but for at most one file line of
 * substance passed over between two old lines, *skip the old line below (down) or above (up)
 * that file line (SM_NOLINE when none). With blanks (found, the blank-lines tier's halves, which
 * let a blank line go themselves), one blank file line may be passed over too, one found does
 * not let go: the other reading taking that slip elsewhere is one line left out apart from
 * found, not two (else a reply that dropped a blank line and a context line has no other
 * reading); found's own blank line passed over again is found's half, which the walk without
 * blank lines weighs. An old line unplaced_too stands on no line (at[i] SM_NOLINE) and
 * counts as walked. How many old lines stand, returned. */
static size_t walk_one_out(const sm_mctx *c, size_t p, int up, int level, const sm_cand *blanks,
                           const sm_cand *unplaced, int own, size_t *at, size_t *skip)
{
	int blank_ok = blanks != NULL;
	const sm_medit *e = c->e;
	size_t m = e->nold, n = 0, i, j, k;

	*skip = SM_NOLINE;
	for (i = 0; i < m; i++)
		at[i] = SM_NOLINE;
	for (j = up ? p + 1 : p, k = 0; k < m; k++, j = up ? j - 1 : j + 1) {
		const sm_line *o;
		i = up ? m - 1 - k : k;
		o = &e->seq[e->old[i]].l;
		if (walk_has(c, j, up, 0) && same_at(c->im, walk_line(j, up, 0), o, level)) {
			at[i] = walk_line(j, up, 0);
			n++;
			continue;
		}
		if (unplaced_too(e, unplaced, i)) {
			/* (stands on no line: the cursor stays) */
			j = up ? j + 1 : j - 1;
			n++;
			continue;
		}
		/* one blank file line passed over, or one line of substance (the skip): the old
		   line on the file line past it; never for the walk's first line */
		if (blank_ok && k && !o->blank && walk_has(c, j, up, 1) &&
		    sm_ln(c->im, walk_line(j, up, 0))->blank &&
		    (own || !lets_go(blanks, e->nold, walk_line(j, up, 0))) &&
		    same_at(c->im, walk_line(j, up, 1), o, level)) {
			blank_ok = 0;
		} else if (*skip != SM_NOLINE || !k || !walk_has(c, j, up, 1) ||
		           sm_ln(c->im, walk_line(j, up, 0))->blank ||
		           !same_at(c->im, walk_line(j, up, 1), o, level)) {
			break;
		} else {
			*skip = i;
		}
		at[i] = walk_line(j, up, 1);
		j = up ? j - 1 : j + 1;
		n++;
	}
	return n;
}

/* 1 when the first half d, old lines [0, k), stands each old line where found does (walked across
 * the blank file line found lets go as well): the other reading differs from found in its
 * second half only, found's first half shared, and the blank line found passes over is passed
 * over by both alike (no second slip). Walking across found's own blank line for any first
 * half refused 3 right replies for the 3 wrong applies it stopped (seed 8804). */
static int own_first_half(const sm_cand *found, const size_t *d, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (found->lo[i] == SM_NOLINE || found->hi[i] != found->lo[i] + 1 ||
		    d[i] != found->lo[i])
			return 0;
	return 1;
}

/* 1 when old line i is deleted, or a line of the new side is added beside it: standing on
 * another file line, it writes another file. */
static int moves_change(const sm_medit *e, size_t i)
{
	size_t k = e->old[i];

	return e->seq[k].kind != SM_HL_CTX || (k > 0 && e->seq[k - 1].kind == SM_HL_ADD) ||
	       (k + 1 < e->nseq && e->seq[k + 1].kind == SM_HL_ADD);
}

/* The file lines of substance in found's place that no old line stands on. */
static size_t let_go_solid(const sm_mctx *c, const sm_cand *found)
{
	size_t m = c->e->nold, i, f, n = 0, last = found->start;

	for (i = 0; i < m; i++) {
		if (found->lo[i] == SM_NOLINE || found->hi[i] <= found->lo[i])
			continue;
		for (f = last; f < found->lo[i]; f++)
			n += !sm_ln(c->im, f)->blank;
		last = found->hi[i];
	}
	return n;
}

/* 1 when the half [from, to) of another reading, old lines [a, z), is a rival found does not
 * outweigh. Found letting lines go at one place, or cut into runs found each with as little
 * context as fits, outweighs it when the first of those old lines it places stands inside that
 * half: the same place read with other lines let go, no other copy of them. (Found as a merged
 * hunk's halves as written asks pieces_rival_outer, found_piece_solid and one_out_shares_line
 * besides.) */
static int sure_as_found(const sm_cand *found, size_t a, size_t z, size_t from, size_t to)
{
	for (; a < z; a++)
		if (found->lo[a] != SM_NOLINE && found->hi[a] > found->lo[a])
			return found->lo[a] < from || found->lo[a] >= to;
	return 1;
}

/* 1 when found, a merged hunk's halves as written, does not outweigh another reading that places
 * old line i at r, in the half before (half 1) or after (half 2) the cut, one file line left out.
 * Found stands its half as written, the other leaves a line out: found outweighs it when found's
 * half lies further out than the other's, the other in the stretch found skips (a near copy
 * there is what a long stretch holds). When found's half lies in the stretch the other skips,
 * the other reads the hunk as written but for a dropped context line, skipping a copy of the
 * half: neither says more. Measured on the generator (tiny 2,000, seed 4202 merged-hunks and
 * 4201 merged-hunks + missing-context): every merged hunk with such a rival refused cost 38 + 6
 * right replies; with this, a piece of five lines of substance (SM_ONE_OUT_SURE_PIECE) and
 * no line in common (one_out_shares_line), 2 + 0, and it stops both wrong applies of 4201. */
static int pieces_rival_outer(const sm_cand *found, size_t i, size_t r, int half)
{
	size_t f = found->lo[i];

	return f != SM_NOLINE && (half == 1 ? f > r : f < r);
}

/* 1 when l holds SM_SPLIT_MIN_SOLID_CHARS non-blank characters: a "{" or "}" stands in every
 * block, so a piece's copy elsewhere is no coincidence only by its longer lines. */
static int solid_chars(const sm_line *l)
{
	return sm_line_solid_chars(l, SM_SPLIT_MIN_SOLID_CHARS) >= SM_SPLIT_MIN_SOLID_CHARS;
}

/* The lines of substance of found's piece holding old line i: the old lines around it that
 * found stands one after another as written. */
static size_t found_piece_solid(const sm_medit *e, const sm_cand *found, size_t i)
{
	size_t a = i, z = i + 1, n = 0, m = e->nold;

	if (found->lo[i] == SM_NOLINE)
		return 0;
	while (a > 0 && found->lo[a - 1] != SM_NOLINE && found->hi[a - 1] == found->lo[a] &&
	       found->hi[a - 1] == found->lo[a - 1] + 1)
		a--;
	while (z < m && found->lo[z] != SM_NOLINE && found->lo[z] == found->hi[z - 1] &&
	       found->hi[z] == found->lo[z] + 1)
		z++;
	for (; a < z; a++)
		n += solid_chars(&e->seq[e->old[a]].l);
	return n;
}

/* 1 when found stands one of old lines [a, z) of substance where r does: the same place, the
 * cut moved (the other reading puts more old lines in its half, with a line left out), which
 * found, as written, outweighs. Without it, 19 more right merged hunks of 1,706 refused. Not
 * when found's half starts inside the other's (sure_as_found) and the line the other leaves
 * out has SM_ONE_OUT_SOLID_CHARS non-blank characters: found's other half then begins on a
 * copy past the other's, its one cut no likelier than the other's dropped line, and the two
 * are weighed by the files they write (a dropped "}" or "pass" is no evidence). */
static int one_out_shares_line(const sm_medit *e, const sm_cand *found, const size_t *r, size_t a,
                               size_t z)
{
	for (; a < z; a++)
		if (!e->seq[e->old[a]].l.blank && found->lo[a] != SM_NOLINE && found->lo[a] == r[a])
			return 1;
	return 0;
}

/* 1 when found lets go a blank line of old lines [a, z) (the reply's blank line standing on no
 * file line: a blank line the model wrote that the file does not have there) which the other
 * reading r stands on a file line. The blank-lines tier's halves then take one slip beyond the
 * merge, as the other reading's line left out does: neither outweighs, and the tests that let
 * found's halves win when they hold the other's lines where it does (one_out_shares_line,
 * sure_as_found) or lie further out (pieces_rival_outer, which weighs a half as written) do
 * not apply. Halves that only pass over blank file lines (blank lines the
 * reply drops, the likelier slip) keep them: refusing those too cost 13 right replies of 2,000
 * on merged-hunks + drop-blank (seed 9701); this, none there, on merged-hunks (4202) or
 * merged-hunks + missing-context (4201). */
static int lets_blank_go(const sm_medit *e, const sm_cand *found, const size_t *r, size_t a,
                         size_t z)
{
	for (; a < z; a++)
		if (e->seq[e->old[a]].l.blank && found->lo[a] != SM_NOLINE &&
		    found->hi[a] == found->lo[a] && r[a] != SM_NOLINE)
			return 1;
	return 0;
}

/* 1 when old line i places a change by where it stands: it is deleted, or lines are added
 * beside it that nothing else places (the run of additions ends at a context line or the
 * hunk's edge on its other side, not at a deletion they may replace where it stands). */
static int places_change(const sm_medit *e, size_t i)
{
	size_t k = e->old[i], j;

	if (e->seq[k].kind == SM_HL_DEL)
		return 1;
	for (j = k + 1; j < e->nseq && e->seq[j].kind == SM_HL_ADD; j++)
		;
	if (j > k + 1 && (j == e->nseq || e->seq[j].kind != SM_HL_DEL))
		return 1;
	for (j = k; j > 0 && e->seq[j - 1].kind == SM_HL_ADD; j--)
		;
	return j < k && (j == 0 || e->seq[j - 1].kind != SM_HL_DEL);
}

static int moved_inside(const sm_medit *e, const sm_cand *found, const size_t *r, size_t a,
                        size_t z)
{
	size_t from = r[a], to = r[z - 1] + 1, i;

	for (i = a; i < z; i++)
		if (found->lo[i] != SM_NOLINE && r[i] != found->lo[i] && places_change(e, i) &&
		    (found->lo[i] < from || found->lo[i] >= to))
			return 0;
	return 1;
}

/* 1 when the other reading, old lines [0, k) on d and [k, m) on w (a merged hunk's halves, the
 * lines between them kept), splices into the file found does: the two pair the lines otherwise
 * (a "}" read on one copy or the next, the lines between kept either way) and write one file.
 * SEAM_ENOMEM when out of memory. */
/* The other reading as a place: old lines [0, k) on d, [k, m) on w, found's shift; r->lo the
 * caller's to free. SEAM_ENOMEM when out of memory. */
static int rival_place(const sm_mctx *c, const sm_cand *found, const size_t *d, const size_t *w,
                       size_t k, sm_cand *r)
{
	size_t m = c->e->nold, i;

	*r = *found;
	r->lo = sm_malloc(2 * m * sizeof(*r->lo));
	if (!r->lo)
		return SEAM_ENOMEM;
	r->hi = r->lo + m;
	for (i = 0; i < m; i++) {
		r->lo[i] = i < k ? d[i] : w[i];
		r->hi[i] = r->lo[i] == SM_NOLINE ? SM_NOLINE : r->lo[i] + 1;
	}
	r->start = r->lo[0];
	r->end = r->hi[m - 1];
	r->cut = k;
	r->cut_new = 0;
	return 0;
}

/* For a place found shifted as a whole (walked with indentation aside): 1 when the other
 * reading stands by one shift too, as written or by found's (the indentation tier's rule for
 * a re-indented reply); a reading whose lines stand at depths no one shift gives is none. */
static int shifted_alike(const sm_mctx *c, const sm_cand *found, const size_t *d, const size_t *w,
                         size_t k)
{
	sm_cand r;
	int ok;

	if (rival_place(c, found, d, w, k, &r))
		return SEAM_ENOMEM;
	sm_budget_charge(c->budget, c->e->nold);
	ok = sm_indent_shift(c, &r) && (!r.shifted || r.delta == found->delta);
	sm_free(r.lo);
	return ok;
}

static int same_file(const sm_mctx *c, const sm_cand *found, const size_t *d, const size_t *w,
                     size_t k)
{
	sm_cand r;
	sm_buf a = SM_BUF_INIT, b = SM_BUF_INIT;
	int rc = SEAM_ENOMEM;

	if (rival_place(c, found, d, w, k, &r))
		return SEAM_ENOMEM;
	sm_budget_charge(c->budget, 2 * (uint64_t)c->im->n);
	if (!sm_splice_rendered(c->im, c->e, found, NULL, &a) &&
	    !sm_splice_rendered(c->im, c->e, &r, NULL, &b))
		rc = a.len == b.len && !memcmp(a.ptr, b.ptr, a.len);
	sm_buf_dispose(&a);
	sm_buf_dispose(&b);
	sm_free(r.lo);
	return rc;
}

/* 1 when the new side keeps old lines s - 1 and s and adds between them one line only, file
 * line f as written (which the other reading leaves out between those two old lines): the new
 * side keeps the line the old side left out, where the file has it (a context line dropped from
 * the old side only), which says that reading is meant as much as a place letting go fewer
 * lines does. A copy of the three lines among the lines the new side adds says nothing. */
static int one_out_written_back(const sm_mctx *c, size_t s, size_t f)
{
	const sm_medit *e = c->e;
	size_t i, n = 0, at = 0;

	if (!s || s >= e->nold || !sm_mline_is_new(&e->seq[e->old[s - 1]]) ||
	    !sm_mline_is_new(&e->seq[e->old[s]]))
		return 0;
	for (i = e->old[s - 1] + 1; i < e->old[s]; i++)
		if (sm_mline_is_new(&e->seq[i])) {
			n++;
			at = i;
		}
	return n == 1 &&
	       sm_line_h(&e->seq[at].l, SM_LVL_TYPO) == sm_line_h(sm_ln(c->im, f), SM_LVL_TYPO);
}

/* 1 when found, placing the old lines at one place, lets go there one file line of substance
 * between two old lines it stands one after the other (blank lines aside), which the new side
 * writes back between them (one_out_written_back): the same evidence as the other reading's. */
static int found_writes_back(const sm_mctx *c, const sm_cand *found)
{
	size_t m = c->e->nold, i, f, p = SM_NOLINE, last = found->start;

	for (i = 0; i < m; i++) {
		if (found->lo[i] == SM_NOLINE || found->hi[i] <= found->lo[i])
			continue;
		for (f = last; f < found->lo[i]; f++)
			if (!sm_ln(c->im, f)->blank)
				return p != SM_NOLINE && p + 1 == i &&
				       one_out_written_back(c, i, f);
		last = found->hi[i];
		p = i;
	}
	return 0;
}

/* 1 when old lines [a, z) hold one marked in put_in (NULL: none marked) and found stands each
 * such line on a file line, or the other reading r lets it go too. A line kept for a placeholder
 * that found lets go where r stands it is the reply's own line read on no file line: the half is
 * weighed as any other. */
static int holds_put_in(const unsigned char *put_in, const sm_cand *found, const size_t *r,
                        size_t a, size_t z)
{
	int held = 0;

	for (; put_in && a < z; a++) {
		if (!put_in[a])
			continue;
		if (found->lo[a] != SM_NOLINE && found->hi[a] == found->lo[a] && r[a] != SM_NOLINE)
			return 0;
		held = 1;
	}
	return held;
}

int sm_pieces_one_out_rival(const sm_mctx *c, const sm_cand *found, size_t *at)
{
	return sm_pieces_one_out_rival_put_in(c, found, NULL, at);
}

int sm_pieces_one_out_rival_put_in(const sm_mctx *c, const sm_cand *found,
                                   const unsigned char *put_in, size_t *at)
{
	const sm_medit *e = c->e;
	size_t m = e->nold, a0, a1, np, ns, x, y, k, i, f;
	size_t *dn = NULL, *upw = NULL, *solid = NULL, *lens, *skips, *own_d, sd, ld;
	const size_t *pp = NULL, *ps = NULL;
	sm_occ local = {0};
	const sm_occ *t;
	int rc = 0, pieces = found->tier == SM_TIER_PIECES || found->tier == SM_TIER_PIECES_BLANK;
	int blank_out, few, out_solid, own;
	/* a reply re-indented as a whole is found shifted by one amount: its other reading is
	   walked with indentation aside (a rival read more loosely only refuses more) */
	int level = found->shifted ? SM_LVL_INDENT : SM_LVL_TYPO;
	/* (measured, 8804 merged-hunks + missing-context + drop-blank, 800 each: tiny 1 wrong
	   apply stopped, no right reply refused, tiny or synth; passing found's own blank line
	   as well stopped 3 for 3 right replies refused and one CLI test) */
	const sm_cand *blanks = found->tier == SM_TIER_PIECES_BLANK ? found : NULL;
	/* only the diff-repair place lets an unmarked added line go as such; a split's runs let a
	   miscopied line go as well, which stands in the file, and the other reading must place it
	 */
	const sm_cand *unplaced =
	    level == SM_LVL_TYPO && found->tier == SM_TIER_REPAIR ? found : NULL;

	*at = SM_NOLINE;
	if (!found->lo || m < 2 * SM_PIECES_MIN_SOLID || !sm_pieces_ends(e, &a0, &a1))
		return 0;
	/* a place that lets go one line of substance or none is the likelier reading (one whole
	   place) unless it is cut into runs itself, or the other reading's line left out is one
	   the new side writes back where the file has it (one_out_written_back) while the line
	   the place lets go is not (found_writes_back: the same evidence, and one place) */
	if (found->tier != SM_TIER_SPLIT) {
		size_t solid_out = let_go_solid(c, found);
		if (!solid_out || (solid_out == 1 && found_writes_back(c, found)))
			return 0;
		few = solid_out == 1;
	} else {
		few = 0;
	}
	t = sm_occ_for(c, &local);
	if (!t)
		return SEAM_ENOMEM;
	np = sm_occ_places(t, a0, &pp);
	ns = sm_occ_places(t, a1, &ps);
	if (!np || !ns ||
	    sm_budget_charge(c->budget, (uint64_t)(np + ns) * m + (uint64_t)np * ns * m))
		goto out;
	dn = sm_malloc(((np + ns + 1) * m + 2 * ns) * sizeof(*dn));
	solid = sm_malloc((m + 1) * sizeof(*solid));
	if (!dn || !solid) {
		rc = SEAM_ENOMEM;
		goto out;
	}
	upw = dn + np * m;
	lens = upw + ns * m;
	skips = lens + ns;
	own_d = skips + ns;
	solid[0] = 0;
	for (i = 0; i < m; i++)
		solid[i + 1] = solid[i] + !e->seq[e->old[i]].l.blank;
	for (y = 0; y < ns; y++) {
		size_t end = ps[y] + (m - 1 - a1);
		lens[y] = end < c->hi ? walk_one_out(c, end, 1, level, blanks, unplaced, 0,
		                                     upw + y * m, &skips[y])
		                      : 0;
	}
	for (x = 0; x < np && !rc; x++) {
		if (pp[x] < a0 || pp[x] - a0 < c->lo)
			continue;
		ld = walk_one_out(c, pp[x] - a0, 0, level, blanks, unplaced, 0, dn + x * m, &sd);
		for (own = 0; own < 2 && !rc; own++) {
			const size_t *d = dn + x * m;
			size_t kmin = 1;
			if (own) {
				/* the blank-lines tier's halves: the first half walked across the
				   blank line found lets go too (own_first_half) */
				size_t ld0 = ld;
				if (!blanks)
					break;
				ld = walk_one_out(c, pp[x] - a0, 0, level, blanks, unplaced, 1,
				                  own_d, &sd);
				if (ld <= ld0 || !own_first_half(found, own_d, ld0 + 1))
					break;
				d = own_d;
				kmin = ld0 + 1;
			}
			for (y = 0; y < ns && !rc; y++) {
				const size_t *w = upw + y * m;
				size_t su = skips[y], lu = lens[y];
				if (!lu)
					continue;
				for (k = m - lu > kmin ? m - lu : kmin; k <= ld && k < m && !rc;
				     k++) {
					if (own && !own_first_half(found, d, k))
						continue;
					int outs = (sd != SM_NOLINE && sd < k) +
					           (su != SM_NOLINE && su >= k);
					int differs = 0, h, inside, shares, sure;
					const size_t
					    *hr; /* the half that differs: old lines [ha, hz), the
					            rival reading them on hr[ha..hz) */
					size_t ha, hz, first[2] = {SM_NOLINE, SM_NOLINE};
					if (outs != 1 || d[k - 1] == SM_NOLINE ||
					    w[k] == SM_NOLINE || w[k] <= d[k - 1] + 1 ||
					    w[k] - d[k - 1] - 1 > SM_PIECES_MAX_GAP ||
					    solid[k] < SM_PIECES_MIN_SOLID ||
					    solid[m] - solid[k] < SM_PIECES_MIN_SOLID)
						continue;
					if (few &&
					    !(sd != SM_NOLINE && sd < k &&
					      one_out_written_back(c, sd, d[sd] - 1)) &&
					    !(su != SM_NOLINE && su >= k &&
					      one_out_written_back(c, su + 1, w[su] + 1)))
						continue;
					/* the file line the other reading leaves out */
					out_solid =
					    sm_line_solid_chars(
					        sm_ln(c->im, sd != SM_NOLINE && sd < k ? d[sd] - 1
					                                               : w[su] + 1),
					        SM_ONE_OUT_SOLID_CHARS) >= SM_ONE_OUT_SOLID_CHARS;
					/* halves with only blank lines between: blank lines left
					 * out */
					for (f = d[k - 1] + 1; f < w[k] && sm_ln(c->im, f)->blank;
					     f++)
						;
					if (f == w[k])
						continue;
					/* each half that reads a line found reads elsewhere (and
					   writes another file so) is judged on its own: the two
					   readings may agree on one half, a blank line read a line
					   apart, and part on the other */
					for (i = 0; i < m; i++) {
						size_t r = i < k ? d[i] : w[i];
						if (r != found->lo[i] && moves_change(e, i) &&
						    first[i >= k] == SM_NOLINE)
							first[i >= k] = i;
					}
					for (h = 0; h < 2 && !rc; h++) {
						if (first[h] == SM_NOLINE)
							continue;
						differs = h + 1;
						i = first[h] + 1;
						hr = differs == 1 ? d : w;
						ha = differs == 1 ? 0 : k;
						hz = differs == 1 ? k : m;
						/* a half holding lines kept for a placeholder:
						   the placeholder stands for whatever lies there,
						   so no line left out tells another place */
						if (holds_put_in(put_in, found, hr, ha, hz)) {
							differs = 0;
							continue;
						}
						blank_out = found->tier == SM_TIER_PIECES_BLANK &&
						            lets_blank_go(e, found, hr, ha, hz);
						inside = !blank_out &&
						         !sure_as_found(found, ha, hz, hr[ha],
						                        hr[hz - 1] + 1);
						shares = !blank_out &&
						         one_out_shares_line(e, found, hr, ha, hz);
						sure = pieces &&
						       (found_piece_solid(e, found, i - 1) >=
						            SM_ONE_OUT_SURE_PIECE ||
						        (!blank_out &&
						         !pieces_rival_outer(found, i - 1,
						                             i - 1 < k ? d[i - 1]
						                                       : w[i - 1],
						                             differs)));
						if (sure ||
						    (pieces && shares && (!inside || !out_solid)) ||
						    (inside && moved_inside(e, found, hr, ha, hz)))
							differs = 0;
						else if (inside ||
						         (pieces && shares && out_solid) ||
						         (h == 1 && first[0] != SM_NOLINE)) {
							/* found outweighs the other reading by the
							   tests above but for a cut moved by a
							   brace, or a line found reads outside the
							   other half, or the other half differs
							   too: a rival only where the two write
							   different files */
							int same = same_file(c, found, d, w, k);
							if (same < 0) {
								rc = same;
								break;
							}
							if (same)
								differs = 0;
						}
						if (differs && level == SM_LVL_INDENT) {
							int alike =
							    shifted_alike(c, found, d, w, k);
							if (alike < 0) {
								rc = alike;
								break;
							}
							differs = alike;
						}
						if (differs) {
							*at = hr[ha];
							rc = 1;
						}
					}
				}
			}
		}
	}
out:
	sm_free(dn);
	sm_free(solid);
	sm_occ_free(&local);
	return rc;
}
