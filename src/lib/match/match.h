#ifndef SEAM_LIB_MATCH_H
#define SEAM_LIB_MATCH_H

/*
 * The matcher: finds where the old side of an edit sits in a file image. One runner of the
 * ladder of tiers (match_ladder.c), driven by a policy per caller (which tiers, in which
 * order, what stops it); each tier is one file and returns every candidate it finds, so that
 * the ladder can refuse a tie instead of taking the first. Every tier charges its work to one
 * budget counted in units (util/budget.h).
 */

#include "image.h"
#include "../ir/edit.h"
#include "match_costs.h"
#include "../../util/budget.h"

#include <stddef.h>

/* One line of an edit, prepared for matching. */
typedef struct sm_mline {
	sm_line l;    /* text and hashes (orig, crlf unused) */
	char kind;    /* SM_HL_CTX, SM_HL_DEL, SM_HL_ADD */
	uint8_t elide; /* a context line that is only an elision marker ("...", "# ...") */
	/* a deletion the laziness guard took back (the placeholder that replaced it stood for it):
	   matched as the model wrote it, then the file's line stays, as for context */
	uint8_t keep;
	/* a context line a diff's hunk marked itself (' '), not one prep paired by re-diffing a
	   change run: its pairing is the model's, no guess of seam's to take back (lazy_bounds.c's
	   slides). Fits the record's padding: still 48 bytes */
	uint8_t given;
	/* the reply line it was read from (its sm_hline's), 0 when none; 32 bits (beyond them:
	   INT32_MAX), so that a record is 48 bytes, not 56 (issue 12's memory bound: a whole
	   file's edit holds one a line) */
	int32_t reply_line;
} sm_mline;

/* 1 when the line is on the new side of its edit: context, an addition, or a kept deletion. */
static inline int sm_mline_is_new(const sm_mline *ml)
{
	return ml->kind != SM_HL_DEL || ml->keep;
}

/* An edit ready for the matcher: the kinded sequence and the indexes of its old lines. */
typedef struct sm_medit {
	sm_mline *seq;
	size_t nseq;
	size_t *old; /* indexes into seq of the CTX and DEL lines, in order */
	size_t nold;
	int blocklike;   /* both sides given whole (SEARCH/REPLACE, all-'-' then all-'+' hunk) */
	long hint_start; /* claimed first old line, 0 when none */
	sm_edit_kind kind;  /* the edit's (edit.h) */
	unsigned int flags; /* the edit's modifiers (SM_EDIT_*) */
	/* searched forward from an anchor line (patch "@@ def f():"), hint_start just after it:
	   the format's own rule takes the first place after the anchor among equal ones */
	int after_anchor;
	/* hint_start is the line after the place of the block before (SM_EDIT_IN_ORDER): among
	   equal places, the one at or after it; none or several there decide nothing */
	int in_order;
	/* a numbered block (ln-diff): per old line, in order, the number the reply gave it in
	   the file before the reply, 0 when none; NULL when the edit gives none. Not owned (the
	   planner's, see sm_plan_update_in). */
	const uint32_t *old_no;
	/* the sides' diff broke its ties from the other end (sm_prep_sides_late): an edit made
	   again from this one (the splice's refill) is diffed so too */
	int late_ties;
	/* the edit's lines were one run of deletions then additions, its two sides diffed
	   whole by prep: every pairing of its lines is the diff's, none the model's */
	int one_run;
	/* the edit this one is a run of (the split's slices, split_impl.h), NULL when it is
	   whole: a question about the reply's copies of a text (does the new side write more of
	   them than the old side deletes?) is the whole edit's, since another run may delete the
	   line this one adds (a line moved across runs). Not owned */
	const struct sm_medit *whole;
} sm_medit;

/* 1 when e, a numbered block, gives old line oi the number file line f had before the reply
 * (the line's own, not its place now: blocks before it in the reply may have moved it): the
 * reply says which copy of its text it means. */
static inline int sm_numbered_on(const sm_image *im, const sm_medit *e, size_t oi, size_t f)
{
	return e->old_no && e->old_no[oi] && f < im->n && sm_ln(im, f)->orig == e->old_no[oi];
}

/* The change run around seq[k]: [*a, *z), the lines between the context lines around it. */
static inline void sm_change_run(const sm_medit *me, size_t k, size_t *a, size_t *z)
{
	for (*a = k; *a > 0 && me->seq[*a - 1].kind != SM_HL_CTX; --*a)
		;
	for (*z = k + 1; *z < me->nseq && me->seq[*z].kind != SM_HL_CTX; ++*z)
		;
}

/* 1 when l is a line of substance (SM_WIDEN_MIN_CHARS non-blank characters): a lone "}" or
 * "pass" stands in every block and proves neither a place nor a copy. */
static inline int sm_line_of_substance(const sm_line *l)
{
	return sm_line_solid_chars(l, SM_WIDEN_MIN_CHARS) >= SM_WIDEN_MIN_CHARS;
}

/* 1 when the new side of me writes a line of text h (indentation aside, sm_line.h_indent). */
static inline int sm_new_side_has(const sm_medit *me, uint64_t h)
{
	size_t k;

	for (k = 0; k < me->nseq; k++)
		if (sm_mline_is_new(&me->seq[k]) && me->seq[k].l.h_indent == h)
			return 1;
	return 0;
}

/* 1 when the edit deletes (and does not keep) a line of l's text at `level` (sm_line_h): an
 * added line of that text is as well that line moved. */
static inline int sm_old_side_deletes(const sm_medit *me, const sm_line *l, int level)
{
	uint64_t h = sm_line_h(l, level);
	size_t k;

	for (k = 0; k < me->nseq; k++)
		if (me->seq[k].kind == SM_HL_DEL && !me->seq[k].keep &&
		    sm_line_h(&me->seq[k].l, level) == h)
			return 1;
	return 0;
}

enum sm_tier {
	SM_TIER_EXACT,
	SM_TIER_WS,
	SM_TIER_TYPO,
	SM_TIER_INDENT,
	SM_TIER_PIECES,
	SM_TIER_BLANK,
	SM_TIER_PIECES_BLANK,
	SM_TIER_ELIDE,
	SM_TIER_REPAIR,
	SM_TIER_REINDENT,
	SM_TIER_SPLIT,
	SM_TIER_FUZZY,
	SM_TIER_COUNT
};

#define SM_NOLINE ((size_t)-1)

/* A place an edit's old side fits. */
typedef struct sm_cand {
	size_t start, end; /* file region [start, end) */
	size_t *lo, *hi;   /* per old line: the file lines [lo, hi) it stands for; lo = SM_NOLINE
			      when the line is not in the file (an unmarked addition) */
	double cost;
	int tier;
	/* indentation: file columns = model columns + delta, with tabs counted tabw wide; new
	   lines are re-indented with tabs when use_tabs. shifted: 0 none, 1 by delta,
	   SM_SHIFT_PER_LINE each new line by its neighbours' shift (sm_reindent_delta) */
	long delta;
	int tabw, use_tabs, shifted;
	/* a merged hunk's two pieces (match_pieces.c): the old line the second begins at, the
	   file lines between the two kept as they are; 0 when the place is one piece */
	size_t cut;
	/* a whole-sides rewrite's pieces: 1 + the new line the second piece's new side begins
	   at, the two sides of each piece diffed on their own; 0: the edit's own lines */
	size_t cut_new;
} sm_cand;
#define SM_SHIFT_PER_LINE 2

typedef struct sm_cands {
	sm_cand *v;
	size_t n, cap;
	size_t total; /* candidates found, including those not kept */
	/* when the edit claims a line, equal candidates nearer to it are the ones kept, so that
	   the claim can still pick among more candidates than are kept */
	const sm_image *im;
	long hint;
} sm_cands;

/*
 * Where each old line of an edit occurs in the file, compared indentation-blind
 * (SM_LVL_INDENT, which every stricter level implies): one pass over the file per edit, shared
 * by every tier, so the cost per edit stays one scan however many tiers run.
 */
typedef struct sm_occ_slot {
	uint64_t h;
	int used;
	size_t count;            /* occurrences in [lo, hi) */
	size_t pos[SM_MAX_SEEDS]; /* the first SM_MAX_SEEDS of them */
} sm_occ_slot;

typedef struct sm_occ {
	sm_occ_slot *s;
	size_t mask;
	size_t *of_old; /* slot of each old line; SM_NOLINE for blank lines and elisions */
	size_t lo, hi;
} sm_occ;

/*
 * A tier the caller runs itself at its place in a policy's order (the split of a hunk, which
 * splices the image as it goes and so lives above the matcher): 1 when it decided the edit,
 * 0 to go on up the ladder, a negative SEAM_E* code (out of memory).
 */
typedef int (*sm_ladder_hook)(void *arg);

/* What a tier sees. */
/* A merged hunk's old side standing as two pieces in one reading only, whose new side does not
 * say which of its lines go above the file lines between them and which below
 * (match_pieces.c): each piece's file lines [a0, a1), [b0, b1); set is 0 when there is none. */
typedef struct sm_halves {
	int set;
	size_t a0, a1, b0, b1;
} sm_halves;

typedef struct sm_mctx {
	const sm_image *im;
	const sm_medit *e;
	size_t lo, hi;     /* search only file lines [lo, hi) */
	const sm_occ *occ; /* for this edit, image and range; NULL: the runner builds one */
	/* the work every tier (and the runner's pass over the range) may still spend, in units
	   (SM_WORK_PER_MS per ms of max_fuzzy_ms); NULL: unlimited */
	sm_budget *budget;
	sm_ladder_hook split; /* SM_TIER_SPLIT in a policy; NULL: skipped */
	void *split_arg;
	/* set by a tier that left out a place because its old side reads two ways (a line at
	   another indentation beside its twin, match_align.c): the runs of a split would be
	   placed by one of the two readings, so the split is skipped; NULL: not told */
	int *twin;
	/* set by the merged-hunk tier (sm_halves): every other place a later tier finds for the
	   old side reads the lines between the pieces as lines it left out, and the new side
	   does not say where they go there either; NULL: not told */
	sm_halves *halves;
} sm_mctx;

int sm_occ_build(sm_occ *t, const sm_image *im, const sm_medit *e, size_t lo, size_t hi);
void sm_occ_free(sm_occ *t);
/* The work sm_occ_build does for e over [lo, hi), in budget units: a lookup in the image's
 * line index per old line (at most), or a pass over the range when the image has none. */
uint64_t sm_occ_work(const sm_image *im, const sm_medit *e, size_t lo, size_t hi);
/* The occurrence table for c: c->occ when it fits, else one built into *local (freed by the
 * caller with sm_occ_free). NULL when out of memory. */
const sm_occ *sm_occ_for(const sm_mctx *c, sm_occ *local);
/* The places of old line a (not blank) in t's range: their count, at most SM_MAX_SEEDS of them
 * in *pos; 0 when it has none or too many to try. */
size_t sm_occ_places(const sm_occ *t, size_t a, const size_t **pos);

/* Tolerances of the shared alignment engine (match_align.c), set by each tolerant tier. */
typedef struct sm_align_opts {
	int level;        /* comparison level for a line match */
	int blanks;       /* blank lines may be skipped on either side */
	int elide;        /* elision markers stand for any run of file lines */
	int extras;       /* file lines the old side dropped may be kept */
	int old_skips;    /* context lines absent from the file become additions */
	int subst;        /* similar lines may stand for each other (miscopies) */
	int tier;
} sm_align_opts;

typedef int (*sm_tier_fn)(const sm_mctx *c, sm_cands *out);

/* A marker line ("...", "# ... existing code") of c's old side that the file holds at its
 * indentation in [c->lo, c->hi) is a copied line, not an elision: 1 with *e2 a copy of c->e
 * whose seq (the caller frees it with sm_free) has those lines plain, 0 when there are none,
 * SEAM_ENOMEM. */
int sm_elide_copied(const sm_mctx *c, sm_medit *e2);

int sm_tier_exact(const sm_mctx *c, sm_cands *out);
int sm_tier_ws(const sm_mctx *c, sm_cands *out);
int sm_tier_typo(const sm_mctx *c, sm_cands *out);
int sm_tier_indent(const sm_mctx *c, sm_cands *out);
int sm_tier_blank(const sm_mctx *c, sm_cands *out);
int sm_tier_elide(const sm_mctx *c, sm_cands *out);
/* A merged hunk's old side as two pieces standing one after the other (match_pieces.c). */
int sm_tier_pieces(const sm_mctx *c, sm_cands *out);
/* The same with blank lines let go inside each piece and at its outer edge. */
int sm_tier_pieces_blank(const sm_mctx *c, sm_cands *out);
int sm_tier_repair(const sm_mctx *c, sm_cands *out);
int sm_tier_reindent(const sm_mctx *c, sm_cands *out);
int sm_tier_fuzzy(const sm_mctx *c, sm_cands *out);
/* A place whose old lines are shifted by different amounts (match_reindent.c): 1 when the new
 * side can be written without a guess (cand->shifted set to SM_SHIFT_PER_LINE), 0 when not. */
int sm_reindent_check(const sm_mctx *c, sm_cand *cand);
/* 1 when an old line of cand standing at a shift no other old line has could stand instead on
 * the file line right above or below, its twin of another depth, at a shift another old line
 * has: the block then fits at one shift with that file line beside (a line left out between
 * "f(x);" and "    f(x);"), and which the reply meant is not decided. */
int sm_twin_beside(const sm_image *im, const sm_medit *e, const sm_cand *cand);
/* The shift of seq line k (an addition) of a SM_SHIFT_PER_LINE place: its neighbours'. 1 and
 * *delta, 0 when they disagree or there are none. */
int sm_reindent_delta(const sm_image *im, const sm_medit *e, const sm_cand *c, size_t k,
		      long *delta);

/* Another place than found (an exact place of a SEARCH/REPLACE block) where the old side's lines
 * stand with the REPLACE's own added lines between them, in its order: the line the SEARCH
 * dropped, which the REPLACE writes back (match_rival.c). 1 and *rival (owning lo/hi) when
 * there is one, 0 when not, SEAM_ENOMEM when out of memory. */
int sm_exact_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival);
/* A tolerant place whose old side, cut once, stands as two pieces with file lines between, one
 * of them as written at another place, the other where found puts it, while found puts the
 * first nowhere as written: a merged hunk's reading (match_cut_rival.c). 1 and *at the first
 * file line of that piece when so; 2 when that piece stands so but for one line miscopied or
 * cut short while found lets more than that go; 0 when not, SEAM_ENOMEM when out of memory. */
int sm_cut_rival(const sm_mctx *c, const sm_cand *found, size_t *at);
/* A tolerant place that lets file lines of substance go between two old lines, next to old
 * lines the let-go lines equal: the stretch read one line on (or back) fits as well, and where
 * a line the edit deletes, or lines it adds between two of them, move with it, the two readings
 * write different files (match_cut_rival.c). The file line the other reading puts such a line
 * on, SM_NOLINE when none. */
size_t sm_gap_slide_rival(const sm_mctx *c, const sm_cand *found);
/* The first and last lines of substance of e's old side, *a0 and *a1 (old line indexes): 1 when
 * there are two and no elision marker, the ends a merged hunk's two pieces are sought from. */
int sm_pieces_ends(const sm_medit *e, size_t *a0, size_t *a1);
/* A merged hunk's two pieces (found->cut; for a place the fuzzy or repair tier found, the old
 * line after the widest stretch it lets go) one of which, the new side's lines of substance added
 * between its old lines standing between them too, fits at another place on the same side of
 * the other piece (a line the old side left out, which the new side writes back: the exact
 * tier's rival, match_rival.c, for a piece; after a loose place, one old line may stand there
 * cut short). 1 and *at that place's first file line when so, 0 when not, SEAM_ENOMEM when out
 * of memory. */
int sm_pieces_adds_rival(const sm_mctx *c, const sm_cand *found, size_t *at);
/* The old side, cut once, standing as two halves with file lines of substance between them (a
 * merged hunk), each as written but for one file line of substance, in both halves together,
 * that the old side leaves out (a context line dropped): another reading than found where a line
 * it changes stands elsewhere, while found (a loose place or the split's runs) is itself cut
 * into runs or lets go two lines of substance or more (match_one_out_rival.c). Neither reading is
 * the likelier by a margin the reply shows. 1 and *at the first file line of the other reading's
 * half that moves, 0 when none, SEAM_ENOMEM when out of memory. */
int sm_pieces_one_out_rival(const sm_mctx *c, const sm_cand *found, size_t *at);
/* The same, with put_in (NULL: none) marking the old lines a placeholder's expansion kept
 * (lazy.c): a half holding one is not weighed (the placeholder stands for whatever lies there)
 * unless found lets one of them go where the other reading stands it; a half holding none is,
 * the expansion telling nothing of where it stands. */
int sm_pieces_one_out_rival_put_in(const sm_mctx *c, const sm_cand *found,
                                   const unsigned char *put_in, size_t *at);
/* A piece of the old side, cut once, that fits at another place on the same side of the other
 * piece as found puts it, with file lines of substance between them (two hunks merged), at no
 * more cost in slips (lines left out, miscopied, cut short) than found's, the stretch between
 * counted as one: the reply does not say which copy it changes (match_piece_rival.c). 1 and
 * *at that place's first file line, 0 when none, SEAM_ENOMEM when out of memory. */
int sm_piece_moved_rival(const sm_mctx *c, const sm_cand *found, size_t *at);
/* Another reading of a fuzzy place of a SEARCH/REPLACE block: its first or last old line, a
 * miscopy of the region's edge line, standing for that line's twin just outside, the edge line
 * left out; only when the REPLACE writes the twin's text more often than that tells apart
 * (match_rival.c). 1 and *rival (owning lo/hi), 0 when none, SEAM_ENOMEM. */
int sm_fuzzy_edge_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival);
/* Another reading of a fuzzy place: its first or last old line, a context line miscopied from
 * the region's edge line, an addition that lost its mark instead, when the deletion beside it
 * stands for that line's twin (match_rival.c). 1 and *rival (owning lo/hi), 0, SEAM_ENOMEM. */
int sm_fuzzy_twin_add_rival(const sm_mctx *c, const sm_cand *found, sm_cand *rival);
/* The file lines of cand's region that no old line stands for (lines the old side left out)
 * and that an addition of the REPLACE side writes back there, between the same old lines, in
 * its order, or (whichever old lines the sides' diff paired) beside a line that is its
 * neighbour in the file: what a place of a SEARCH/REPLACE block owes to a line the SEARCH
 * dropped. The count; 0 for other edits. */
size_t sm_cand_written_back(const sm_image *im, const sm_medit *e, const sm_cand *cand);

/* Shared pieces. */
/* 1 when a and b differ by one typo: one character changed, added or dropped, or two
 * neighbouring characters swapped (a miscopied line's usual difference). */
int sm_one_typo(const char *a, size_t an, const char *b, size_t bn);
/* 1 when text l[0..ln) (its trailing blanks aside) is text f[0..fn) cut short: f starts with it
 * and goes on for at least 2 more bytes, and it holds SM_CUT_MIN_SOLID non-blank characters or
 * more; 2 when besides it ends inside a word of f (a model that stopped mid-line). Both texts
 * from their first non-blank byte when indentation does not count. */
int sm_cut_text(const char *l, size_t ln, const char *f, size_t fn);
int sm_contig_find(const sm_mctx *c, int level, int tier, sm_cands *out);
int sm_align_find(const sm_mctx *c, const sm_align_opts *o, sm_cands *out);
/* Checks that aligned non-blank lines differ in indentation by one uniform shift and records it
 * in the candidate; 0 when they do not. */
int sm_indent_shift(const sm_mctx *c, sm_cand *cand);
/* 1 when file line f2 stands to line o2 at the indentation shift f1 stands to o1 (columns, for
 * one of the tab widths sm_indent_shift tries): a line the alignment pairs by other than its
 * text (one cut short) is where the shift the edit's anchor line shows would put it. */
int sm_shift_agrees(const sm_line *o1, const sm_line *f1, const sm_line *o2, const sm_line *f2);
/* Adds a candidate (copies lo/hi) unless one with the same region is there; keeps the best
   SM_KEEP_CANDS by cost. SEAM_ENOMEM when out of memory. */
int sm_cands_add(sm_cands *cs, const sm_cand *cand, size_t nold);
void sm_cands_clear(sm_cands *cs);
void sm_cands_dispose(sm_cands *cs);
/* A copy of src with lo/hi of its own (SEAM_ENOMEM when out of memory); frees those of c. */
int sm_cand_copy(sm_cand *dst, const sm_cand *src, size_t nold);
void sm_cand_free(sm_cand *c);
/* Distance of a candidate from the claimed line of cs (0 when the edit claims none). */
long sm_cand_hint_dist(const sm_cands *cs, const sm_cand *c);
/* A numbered block (e->old_no): 1 when c puts two of its old lines of substance at other
 * distances apart than their numbers say (each stands for one file line of the file before the
 * reply; blank lines, elisions and lines an earlier edit wrote are not judged), with their
 * indexes in e->old in old[0] (the first line judged) and old[1] (the first that disagrees
 * with it); 0 when they agree or the block gives no numbers. */
int sm_cand_against_numbers(const sm_image *im, const sm_medit *e, const sm_cand *c,
			    size_t old[2]);
#define SM_KEEP_CANDS 8

/* The result of the ladder for one edit. */
typedef struct sm_match {
	int status;        /* SEAM_STATUS_APPLIED, _NO_MATCH, _AMBIGUOUS */
	sm_cand best;      /* when applied (owns lo/hi) */
	sm_cands others;   /* when ambiguous: the places that tie */
	int hint_decided;  /* the claimed line number broke a tie */
	int tier;          /* when ambiguous: the tier that found the tie */
	/* the budget ran out during the run: status is NO_MATCH, and says nothing (a place found
	   by a search cut short could be the wrong one of two) */
	int cut;
	/* a numbered block: a tolerant tier fitted its text only by putting two of its old lines
	   at other distances apart than their numbers say, so not where they were copied from
	   (sm_cand_against_numbers); the first such place, by its two old lines (indexes into
	   e->old) and the file lines they stood for. Set when status is NO_MATCH because of it. */
	int against;
	size_t against_old[2], against_at[2];
	int twin; /* see sm_mctx.twin: no split was tried */
	/* see sm_mctx.halves: the ladder stopped there, status NO_MATCH */
	sm_halves halves;
} sm_match;

/*
 * The policies: who drives the ladder, and how. Each is a row of match_ladder.c's table.
 */
enum sm_policy_id {
	SM_POLICY_APPLY,       /* an edit of a reply (plan_edit.c): every tier, the split hook */
	SM_POLICY_LAZY,        /* where a refused lazy edit would have gone, to name its lines */
	SM_POLICY_LOCATE,      /* seam_locate: a snippet written from memory */
	SM_POLICY_SPLIT,       /* one change run of a merged hunk (split.c), per context size */
	SM_POLICY_SPLIT_BARE,  /* a run found by its own old lines, no context (split.c) */
	SM_POLICY_ALREADY,     /* a new side standing alone ("already applied"): strict only */
	SM_POLICY_RIVAL,       /* a new side standing as written against a loose old side */
	SM_POLICY_RIVAL_LOOSE, /* a new side standing loosely away from a split's runs */
	SM_POLICY_REPLACE_ALL, /* replace_all: every place, strict only */
	SM_POLICY_COUNT
};

/* What stops a ladder. */
enum sm_stop {
	/* the first tier that finds anything decides: one place (or one the claimed line picks)
	   is taken, a tie is refused (a more tolerant tier would only find the same places) */
	SM_STOP_FIRST,
	/* the first tier that finds anything gives every place it fits (sm_ladder_all) */
	SM_STOP_ALL,
};

typedef struct sm_policy {
	const char *name;
	signed char tiers[SM_TIER_COUNT]; /* in order */
	int ntiers;
	int stop;                         /* enum sm_stop */
} sm_policy;

const sm_policy *sm_policy_get(int policy);

/*
 * Runs the ladder of `policy` (an SM_STOP_FIRST one) on c. 0 with m filled (NO_MATCH with
 * m->cut when the budget ran out during the run), 1 when the split hook decided the edit (m
 * holds nothing), SEAM_ENOMEM when out of memory (or the hook's negative code), SEAM_EUSAGE for
 * a policy of the other kind. c->occ NULL: the runner makes the one pass over the range the
 * tiers share, charged to the budget.
 */
int sm_ladder_run(const sm_mctx *c, int policy, sm_match *m);
/*
 * An SM_STOP_ALL policy: every place of c's range where the old side fits whole, by the first
 * of the policy's tiers that finds any, in file order and not overlapping (a place starting
 * inside the one before is skipped). *v (sm_free'd by the caller with sm_ladder_all_free)
 * holds *n candidates, each with its lo/hi; *tier the tier. SEAM_ENOMEM when out of memory,
 * SEAM_EUSAGE for a policy of the other kind; *cut set when the budget ran out (then *n is 0).
 */
int sm_ladder_all(const sm_mctx *c, int policy, sm_cand **v, size_t *n, int *tier, int *cut);
void sm_ladder_all_free(sm_cand *v, size_t n);
/* A budget of `ms` milliseconds' worth of work units (SM_WORK_PER_MS each); 0: unlimited. */
void sm_ladder_budget(sm_budget *b, unsigned int ms);
/* The milliseconds a budget made by sm_ladder_budget stands for (for messages). */
unsigned int sm_ladder_budget_ms(const sm_budget *b);
void sm_match_dispose(sm_match *m);
const char *sm_tier_name(int tier);


#endif
