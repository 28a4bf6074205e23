#ifndef SEAM_LIB_PLAN_IMPL_H
#define SEAM_LIB_PLAN_IMPL_H

#include "seam.h"
#include "../ir/edit.h"
#include "../match/image.h"
#include "../match/splice.h"
#include "../match/lazy.h"
#include "../tree/tree.h"
#include "report.h"
#include "plan_step.h"
#include "../../util/budget.h"

/* The outcome of one edit. */
typedef struct sm_pedit {
	seam_status_t status;
	int tier; /* enum sm_tier, or -1 when not located by the matcher */
	const char *strategy;
	int hint_decided;
	long start_line, end_line;
	/* already applied: the lines of the file before the reply where its new side stands (the
	   evidence), so that a later edit rewriting them is refused; 0 when none */
	long seen_first, seen_last;
	/* applied: file lines right below the region its new side repeated, written once (see
	   sm_splice_widen); seen_* holds those right above. A later edit rewriting them is
	   refused, as its lines are this edit's too. 0 when none */
	long wide_first, wide_last;
	char *message; /* owned; NULL when none */
	int literal; /* planned with its text as written, its entities not decoded (plan_entity.c) */
} sm_pedit;

/* One file of the tree as the plan sees it (several fileops may name the same file). */
typedef struct sm_pstate {
	char *path; /* resolved, owned */
	char *data; /* content before, owned; NULL when the file did not exist */
	size_t len;
	sm_filestat st;
	sm_image im;  /* the content as the edits so far left it */
	int exists;   /* exists after the edits so far */
	int failed;   /* some edit of this file failed */
	char *out;    /* rendered content after every edit, owned */
	size_t outlen;
	int changed;
	/* the mode the reply gives the file (git's header): SM_MODE_EXEC or SM_MODE_PLAIN, 0 to
	   keep it; for a file copied, the source's mode by default */
	unsigned int mode;
	long norig; /* lines of the file before the reply, plus one; 0 until counted */
	/* the state (index + 1) this file was moved or copied from, for the diff's "rename from"
	   and "copy from"; 0 when none */
	size_t from;
	int copied; /* from is a copy's source (it stays), not a move's */
	/* where data's lines start, made at the first trust note (sm_trust_line_starts) */
	size_t *line_at;
	size_t nline_at;
} sm_pstate;

/* 1 when the file's mode changes: st->mode asks for the executable bits st->st lacks (or the
 * reverse), or for a mode on a file created. */
int sm_plan_mode_changes(const sm_pstate *st);

/* One file operation of the reply. */
typedef struct sm_pfile {
	const sm_fileop *op;
	char *path; /* resolved, owned; NULL when the path was refused */
	seam_status_t status;
	sm_buf msg;
	sm_pedit *edits; /* ecap entries, the first op->nedits in use */
	size_t ecap;
	size_t state; /* index into plan->states, or SM_NOSTATE */
	int opened;   /* its file was resolved and read (sm_plan_step) */
	size_t done;  /* its edits planned so far */
	/* what the overlap checks compare an edit with, taken in from edits [0, upto) as they
	   were planned (plan_common.c), so that no check reads every earlier edit: the line
	   ranges of applied numbered edits sorted by line (ranges_mixed: two overlapped, the
	   checks read every edit), and the edits with already-applied evidence or absorbed
	   lines (seen_* or wide_* of sm_pedit), in order */
	struct sm_prange *ranges;
	size_t nranges, rcap;
	int ranges_mixed;
	size_t *marked;
	size_t nmarked, mcap;
	size_t upto;
} sm_pfile;

#define SM_NOSTATE ((size_t)-1)

struct seam_plan {
	seam_session *s;
	const seam_reply *r;
	seam_tree *t;
	sm_pfile *files;
	size_t nfiles, fcap;
	sm_pstate *states;
	size_t nstates, scap;
	/* states by path (plan.c state_for): open addressing, state index + 1 (0 = empty), a
	 * power of two at least twice nstates; the hash is mixed with sseed, this plan's own */
	size_t *sindex;
	size_t sindex_cap;
	uint64_t sseed;
	sm_pool pool;
	struct TSParser *parser; /* the syntax check's, made on first use */
	sm_budget fuzzy; /* the work the matcher may still do, in units (max_fuzzy_ms) */
	int ok;
	int committed;
};


/* Applies one update edit of pf to st's image; fills pe. SEAM_ENOMEM when out of memory. */
int sm_plan_update_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe);
/*
 * 1 when the new side of me already sits in im around old_at (old_at NULL: anywhere the strict
 * tiers find it): a reply sent twice must change nothing the second time. *err is set when out
 * of memory.
 */
int sm_plan_already_there(const sm_image *im, const sm_medit *me, const sm_cand *old_at, int *err);
/* 1 when an edit that only adds lines, each a copy of a new line beside it (a `}` or a call
 * written once more in a run of them), finds its old side at old_at and its new side around it
 * too: the file's longer run may be the edit made or the file as it was, and the reply does not
 * say which (made again, or taken for made, either may be wrong). */
int sm_plan_already_undecided(const sm_image *im, const sm_medit *me, const sm_cand *old_at);
/* 1 when the edit's numbers say it is not made: it adds lines above its first old line, which
 * place c puts on the file line its number names (the model's number, not a guess): made, that
 * line would stand lower by the lines added. The new side standing around c is then the file's
 * own lines beside it, whatever they are. */
int sm_plan_numbers_say_unmade(const sm_image *im, const sm_medit *me, const sm_cand *c);
/* 1 when the new side stands in exactly one place of [lo, hi) by the strict tiers, or by the
 * elision tier with each change closed in by context lines of its piece (the place in *at, its
 * end in *end), and says by itself that the edit was made; the search spends budget
 * (plan_already.c). */
int sm_plan_new_side_proven(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			    sm_budget *budget, size_t *at, size_t *end, int *err);
/* The file line that an old line place c stands on no file line for (taken for a line the
 * reply adds, or let go) is cut short of in the middle of a word (the line seq[*k]), anywhere in
 * the file, or cut short of anywhere when that file line stands outside c between the old
 * side's lines of substance around it; SM_NOLINE when there is none. Such a line is that line,
 * truncated by a model that stopped mid-line: the place found without it may be the wrong one, and
 * a context line taken for an addition would be written, cut, into the file. A pass over the file a
 * line let go, charged to budget (spent: SM_NOLINE). */
size_t sm_plan_cut_taken_for_new(const sm_image *im, const sm_medit *me, const sm_cand *c,
				 sm_budget *budget, size_t *k);
/* 1 when a line the edit deletes at an edge of its change (before its first context line, or
 * after its last) still stands right beyond that edge of its new side, found alone at `at`: as
 * written, one typo from it, or it cut short (the file line *line, the edit's line seq[*k]).
 * The file then reads as the old side with the additions in it, not as the edit made: its old
 * side is not as the file has it (a line left out, miscopied or cut short). */
int sm_plan_deleted_beside(const sm_image *im, const sm_medit *me, size_t at, size_t *line,
			   size_t *k);
/* With the new side found alone at `at` (nnew lines), the old side nowhere: the first file line
 * outside that place where a line the edit adds stands too (indentation aside; the line seq[*k]),
 * when every line of substance it adds, not one it also deletes (moved), stands so; SM_NOLINE
 * when one stands only there, or it adds none, or the reply's own number for its first old line
 * names the line the new side starts at, or the lines it keeps (its context lines, one of
 * substance at least), where the new side has them, stand so there and nowhere else (the old
 * side's own lines pin the place). The new side is then lines the file held anyway,
 * met in that order by chance as well as made: no proof the edit was made. A pass over the file
 * a line, charged to budget (spent: SM_NOLINE). */
size_t sm_plan_new_text_elsewhere(const sm_image *im, const sm_medit *me, size_t at, size_t nnew,
                                  sm_budget *budget, size_t *k);
/* 1 when the old side fits as written in [lo, hi) but for a line it deletes that the file holds
 * nowhere (made up: SM_ALREADY_WILD_MAX), taken for one line of code or for none, its context
 * lines elsewhere than where the new side found at `at` has them (with none, away from
 * [at, end)): the place in *place, the made-up line seq[*k]; 2 when it fits so only with the
 * lines the edit adds standing there too, where it puts them (left out of its old side): the
 * file then holds both what the edit adds and what it deletes.
 * The new side standing says the edit is made, that place that it is meant there with a line
 * made up: the reply does not say which. The search spends budget (cut short: 0). */
int sm_plan_old_side_wild(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			  size_t at, size_t end, sm_budget *budget, size_t *place, size_t *k);
/* 1 when the old side stands in [lo, hi), away from [at, end) (where its new side stands), line
 * for line but for one line one typo off (indentation and trailing blanks aside: a miscopy no
 * tier takes on an old side this short), with two lines of text or more, one as written, or
 * one line of text beside blank lines that stand as blank lines: the place in *place. The lines it
 * deletes are there, not gone: the new side standing says it is made, that place that it is not.
 * The search spends budget (cut short: 0). */
int sm_plan_old_side_typo(const sm_image *im, const sm_medit *me, size_t lo, size_t hi,
			  size_t at, size_t end, sm_budget *budget, size_t *place);
/* 1 when the old side stands as written (but for one uniform change of indentation), but for
 * one file line of substance it passes over (a line left out of it, not one the edit adds), over
 * a place that meets the new side found at `at` (nnew lines) with
 * its context lines elsewhere than the new side has them: the file reads as the edit not made
 * there, its old side missing a line, as much as the edit made (the place in *place). The
 * lines a reading of the sides deletes then still stand beside the new side, whatever reading
 * the diff took (a blank line moved past a line, where the other reading deletes that line).
 * The search spends budget (cut short: 0). */
int sm_plan_old_side_left_out(const sm_image *im, const sm_medit *me, size_t at, size_t nnew,
                              sm_budget *budget, size_t *place);
/* 1 when me, placed loosely at `place` (lines let go, miscopied or re-indented), cut in two at
 * a context line between two of its change runs, has a half whose new side says it was made
 * (sm_plan_new_side_is_evidence) and stands as written at one place of [lo, hi) (*at), while
 * `place` does not give that half's old lines as written and reads them apart from it, or
 * reads each line the half deletes a line or more beyond it (sm_plan_deletions_apart): a
 * merged hunk with one half made already, the loose place reading that half into other lines
 * (plan_half.c). *err is set when out of memory. */
int sm_plan_half_made(const sm_image *im, const sm_medit *me, const sm_cand *place, size_t lo,
                      size_t hi, sm_budget *budget, size_t *at, int *err);
/* 1 when the edit only deletes (no added line of substance), the old side placed only by a
 * loose tier (diff-repair, fuzzy) with every deleted line of substance on a file line that
 * differs from it by more than one typo, none of them anywhere in the file as written, while the new side
 * (SM_RIVAL_NEW_MIN_SOLID lines of substance) stands as written in exactly one place of
 * [lo, hi) (*at): the lines may be gone already (the reply sent again) as well as miscopied.
 * *del_at: the file line the first deleted line was placed on. *err is set when out of
 * memory. */
int sm_plan_deleted_gone(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
			 size_t hi, sm_budget *budget, size_t *at, size_t *del_at, int *err);
/* 1 when the edit only deletes (no added line, and a line of text in every run), its old side
 * placed only by a loose tier (the two halves of a merged hunk, diff-repair, fuzzy), and for
 * every run it deletes the context lines right around the run (one of them of substance, the other blank
 * perhaps) stand next to each other in [lo, hi), on no line the place deletes: the lines the
 * deletion brings together are together already (the reply sent again) as much as the old
 * side is miscopied. The first such pair's line of substance in *at. A pass over [lo, hi)
 * for each run, charged to budget. */
int sm_plan_deletion_closed_up(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t lo,
                               size_t hi, sm_budget *budget, size_t *at);
/* 1 when lines to append already end the file (but for blank lines after them). The blank
 * lines it passes over (a file may end in any number of them) are charged to budget. */
int sm_plan_appended_already(const sm_image *im, const sm_medit *me, sm_budget *budget);
/* 1 when the place old_at found for the old side is the edit's own result: the new side stands
 * there, each deleted line the place stands for is one of its additions, each context line is
 * at its own place. *at receives the index where the new side starts. */
int sm_plan_result_at(const sm_image *im, const sm_medit *me, const sm_cand *old_at, size_t *at);
/* 1 when place c let a blank context line of the old side go and the file reads, from the
 * place's start, as the edit's new side: each context line the place found on its own file
 * line, the blank line let go on a blank file line there, the additions as written, every line
 * the place deletes past that (*end: where the new side ends). The blank line moved across the
 * deleted lines: the reply sent again after the edit was made (what the place would delete is
 * another copy, past the blank line), or a blank line the model misplaced; the reply does not
 * say which. */
int sm_plan_blank_moved_done(const sm_image *im, const sm_medit *me, const sm_cand *c,
			     size_t *end);
/* The file line of a line place c deletes that is a copy of the context line right beside it in
 * the edit (the same bytes), when c put the two apart (file lines let go between them):
 * SM_NOLINE when there is none. The edit says the two stand together, the file does not: the
 * copy deleted already (the reply sent again, the place then taking a copy further on), or
 * lines the model left out between them; the reply does not say which. */
size_t sm_plan_copy_apart(const sm_medit *me, const sm_cand *c);
/* 1 when a line the edit deletes, which the reading being planned puts on file line pin[oi]
 * (per old line, SM_NOLINE when it puts it on none), reads as well on another copy of it in
 * [lo, hi): the old side aligned with the file (lines let go, lines standing for no line or a
 * line of another text, each one defect; "..." free) costs no more with that line on the other
 * copy. *at: the pinned line, *alt: the other copy. The reply is consistent with both and does
 * not say which it means. Two alignments of the old side over [lo, hi), charged to budget (cut
 * short, or too large: 0); *err set when out of memory. */
int sm_plan_copy_reading(const sm_image *im, const sm_medit *me, const size_t *pin, size_t lo,
                         size_t hi, sm_budget *budget, size_t *at, size_t *alt, int *err);
/* A file line of [lo, hi) (the nearest to place c), not one c deletes, that a context line c
 * takes for an addition (its '+' left out: placed on no file line), of SM_ALREADY_MIN_CHARS or
 * more, is with two neighbouring characters swapped (indentation aside): a slip of copying that
 * line, not a change (one made on purpose adds, drops or replaces characters), so the edit's old
 * side is that line miscopied, and the place, reading it as new text, may be wrong (the edit
 * made already); SM_NOLINE when there is none. A line the edit deletes so swapped is that line
 * changed (a typo fixed, its '+' left out). A pass over the file for each such line, charged to
 * budget (cut short: SM_NOLINE). */
size_t sm_plan_unmarked_swap(const sm_image *im, const sm_medit *me, const sm_cand *c,
			     size_t lo, size_t hi, sm_budget *budget);
/* A place a tolerant tier found by letting file lines go (lines "not in the reply"), read
 * segment by segment between its context lines: 1 when every segment the edit changes is done
 * already (its additions stand, in order, on file lines the place let go, and none of its
 * deleted lines is there): the reply sent again with a context line miscopied or left out,
 * which applied would write the additions a second time; 2 when some are done and others not
 * (*at: the first file line of a done one); 0 otherwise (and for a place shifted in
 * indentation, whose additions are re-indented). */
int sm_plan_skipped_done(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at);
/* 1 when sm_plan_skipped_done finds c done only from lines the edit moves (an addition that is
 * the text of a line it deletes, one typo aside): such a line stands in the file before the
 * edit as after it, and the place passing over file lines to put a deletion on it says nothing
 * of the edit made. Made, or a place found by letting a line of its old side go (made up, cut)? */
int sm_plan_done_by_moved_only(const sm_image *im, const sm_medit *me, const sm_cand *c);
/* 1 when the place c, found by letting file lines go (lines "not in the reply"), lets go of a
 * line that is, byte for byte, one of the edit's additions of substance (SM_ALREADY_MIN_CHARS):
 * *at receives it. Applied there, the edit would write that line beside its copy: the reply
 * sent again after it was made, with its old side miscopied (a line of it left out), fits
 * another copy of its deleted lines so. 0 otherwise (and for a place shifted in indentation). */
int sm_plan_passes_added(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at);
/* 1 when place c, found loosely (diff-repair or fuzzy), holds the edit's whole new side byte
 * for byte, its lines together (*at: where it starts), and the edit adds a line: the file reads
 * there as the edit makes it, and the old side fits only by passing over or bending the lines
 * around it. The reply sent again after it was made (a reordering or a move most of all: its
 * old lines all still stand, apart) or meant there once more? Applied, lines would be moved or
 * written a second time. */
int sm_plan_new_side_in_place(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at);
/* 1 when place c lets go of file lines among which every addition of substance of the edit
 * (a line moved aside), SM_RIVAL_NEW_MIN_SOLID of them or more, stands byte for byte, and of a
 * line besides that is none of them (*at: the first addition standing). A whole-sides rewrite
 * gives back the lines its old side left out, so one such line alone says nothing
 * (sm_plan_passes_added is not asked there; a real agent's SEARCH leaves out a line it writes
 * back and another it drops from both sides); but an old side that left out every line its new
 * side adds, two or more, and another line of the file too, reads as well as the edit made
 * already, its old side two hunks merged over another copy of its lines. */
int sm_plan_passes_all_added(const sm_image *im, const sm_medit *me, const sm_cand *c, size_t *at);
/* Refuses edit j (just applied over lines first..last of the file before the reply) when an
 * earlier edit of pf was judged already applied from lines it rewrites. The earlier edits asked
 * are pf's marked ones (sm_plan_earlier): those with a seen or wide range (the others never
 * match), so a reply of many edits is not edits x edits. SEAM_ENOMEM when out of memory. */
int sm_plan_seen_overlap(sm_pfile *pf, size_t j, long first, long last);

/* Takes the edits of pf before j into pf's ranges and marked edits (sm_pfile), each edit once
 * however many checks follow. SEAM_ENOMEM when out of memory. */
int sm_plan_earlier(sm_pfile *pf, size_t j);
/* Frees what sm_plan_earlier took in. */
void sm_plan_earlier_free(sm_pfile *pf);

/* The same on the file lines [lo, hi) only (anchors still narrow it). */
int sm_plan_update_in(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
		      size_t lo, size_t hi);
/* A fast-apply snippet (SM_KIND_FAST, plan_fast.c): anchored in the file, then planned
 * as the one hunk it amounts to. SEAM_ENOMEM when out of memory. */
int sm_plan_fast_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe);

/* Where a snippet was placed: the file lines its first and last items stand for when they are
 * markers (above, below); when they are not, the file lines above the first of its lines with
 * a word in them (sm_text_has_word: a lone "}" or a blank line matches anywhere) that stands
 * for a file line and below the last one (cut_above, cut_below: what the snippet, starting or
 * ending at the file's edge, deletes or matches only by such lines there); and how many of its
 * lines with a word stand for file lines (matched). */
typedef struct sm_fast_place {
	size_t above, below, cut_above, cut_below, matched;
} sm_fast_place;
/* The same for a whole file read as an excerpt (plan_excerpt.c): its markers are not the
 * reply's, and its messages say so; *at is filled once it is placed. */
int sm_plan_fast_excerpt(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e,
			 sm_pedit *pe, sm_fast_place *at);
/* A file's lines as the checks of a whole file compare them: hash (SM_LVL_RSTRIP) and blank,
 * by line, 9 bytes a line against the 48 of its image (issue 12's memory bound: a whole file's
 * plan need not hold the file's table beside the reply's). */
typedef struct sm_line_sums {
	uint64_t *h;
	unsigned char *blank;
	size_t n;
} sm_line_sums;
int sm_line_sums_make(sm_line_sums *s, const sm_image *im);
/* The same of the image sm_image_load would make of data[0..len), without making it. */
int sm_line_sums_load(sm_line_sums *s, const char *data, size_t len);
void sm_line_sums_dispose(sm_line_sums *s);
/* 1 when the whole file `whole` given for a file of lines `before` may be an excerpt of it
 * (sm_plan_whole_excerpt's first test: most of the file gone, most of the reply's lines the
 * file's), *gone the file's lines not in it; 0 when not; SEAM_ENOMEM. */
int sm_plan_excerpt_gate(const seam_plan *p, const sm_pedit *pe, const sm_line_sums *before,
			 const sm_image *whole, size_t *gone);
/*
 * A whole file given for an existing file (st->im its content, before the file's) that leaves
 * out most of the file and is otherwise the file's lines: placed as an excerpt (st->im becomes
 * the file with its change, pe notes it), or refused (pe's status and message; st->im is to be
 * restored); left as it is when it is no excerpt. SEAM_ENOMEM when out of memory.
 */
int sm_plan_whole_excerpt(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_image *before,
			  sm_pedit *pe);
/*
 * A whole file whose placeholders the guard expanded (st->im the result, before the file's
 * content): read again as a fast-apply snippet with its placeholders for markers (the fewest
 * file lines deleted), a reading that gives another file means the lines next to a placeholder
 * fit several places: refused (pe's status and message; st->im is to be restored). Left as it
 * is otherwise. SEAM_ENOMEM when out of memory.
 */
int sm_plan_whole_placeholders(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_image *before,
			       sm_pedit *pe);

/* ---- numbered line edits and copied lines (plan_lines.c) ---- */

/* Lines of the file before the reply (0 when it did not exist). */
long sm_plan_orig_lines(sm_pstate *st);
/* Reads and checks a copy_lines line (SM_HL_COPY) against the file im (its line-number map
 * made, sm_image_orig_map): 0 with the original lines [*a, *b) it copies, all still there; 1
 * after writing why not to *why. */
int sm_plan_copy_check(const sm_hline *hl, const sm_image *im, long norig, long *a, long *b,
                       sm_buf *why, const char *what, const char *path, long reply_line);
/* An SM_KIND_LINES edit: validated, maybe repaired, applied. SEAM_ENOMEM when out of memory. */
int sm_plan_lines_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe,
                       const sm_report_ctx *rc);

/* Sets pe's status to st and its message to msg's text (taking it). SEAM_ENOMEM when out of memory. */
int sm_plan_fail(sm_pedit *pe, seam_status_t st, sm_buf *msg);
/* Sets pe's message to b's text (taking it), or SEAM_ENOMEM when b failed (plan_common.c). */
int sm_plan_set_message(sm_pedit *pe, sm_buf *b);
/* Refuses edit j of pf (status OVERLAP, with its message) when an earlier numbered edit that
 * applied changes one of the lines first..last. SEAM_ENOMEM when out of memory. */
int sm_plan_overlap(sm_pfile *pf, size_t j, long first, long last);
/* The splice of an edit at image line `at`, charged to the plan's budget before it is made
 * (the image's runs after it, which take their new line numbers, and the line index's update):
 * no line moves, in file order or not. It decides nothing (the edit is placed): a budget it spends stops the next edit. */
void sm_plan_charge_splice(seam_plan *p, const sm_image *im, size_t at);
/* The session's seam_lazy_t. */
int sm_plan_lazy_mode(const seam_plan *p);
/* The note of an applied edit whose placeholders were expanded (lz), as pe->message, with the
 * file lines each stood for when c (a candidate in im) is given; the strategy gains
 * "+expanded-placeholder". SEAM_ENOMEM when out of memory. */
int sm_plan_note_expanded(seam_plan *p, sm_pedit *pe, const sm_lazy_result *lz,
			  const sm_image *im, const sm_cand *c);
/* The placeholders the guard left out for standing for no code (lz->dropped), added to pe's
 * message. SEAM_ENOMEM when out of memory. */
int sm_plan_note_dropped(seam_plan *p, sm_pedit *pe, const sm_lazy_result *lz);
/* What a failed edit is called in messages, by format. */
const char *sm_plan_edit_noun(const seam_plan *p);

/* The syntax check (syntax/): refuses or flags, per seam_options.syntax, every changed file
 * that parsed before the reply and does not after. SEAM_ENOMEM when out of memory. */
int sm_syntax_check_plan(seam_plan *p);
/* 1 when every grammar of gs parses the parts of st's result around its edits without an
 * error, which proves the whole result parses if the file before did (syntax_window.c); 0
 * when that is not shown (the whole file must be parsed); SEAM_ENOMEM. */
struct sm_grammar;
struct sm_syntax_res;
struct TSParser;
int sm_syntax_windows_clean(struct TSParser **parser, const sm_pstate *st,
			    const struct sm_grammar *const *gs, size_t ng);
/*
 * The syntax check of one changed file st with the grammars gs[0..ng) (syntax_window.c): the
 * windows first; when they do not settle it, the whole result with each grammar into
 * after[0..ng), and, when none parses it, the file before, reparsed from the result's tree.
 * *refuse is the index of the grammar whose result has errors (after[*refuse]) where the file
 * before had none, or -1. 0, or SEAM_ENOMEM. *parser is made on first use.
 */
int sm_syntax_judge(struct TSParser **parser, const sm_pstate *st,
		    const struct sm_grammar *const *gs, size_t ng, struct sm_syntax_res *after,
		    int *refuse);
/* 1 when a file of len bytes before and outlen after the reply is checked at all (larger
 * ones are not parsed: SM_SYNTAX_MAX_BYTES); syntax_window.c. */
int sm_syntax_sizes_checked(size_t len, size_t outlen);
/* 1 when the check may read st's image once the plan is rendered (the spots of its messages,
 * the lines the edits changed), its result being outlen bytes: else the plan frees the image
 * before it makes the result (issue 12's memory bound). */
int sm_syntax_reads_image(const seam_plan *p, const sm_pstate *st, size_t outlen);
/* The plan's seam_syntax_t (SEAM_SYNTAX_CHECK for a plan made without a session, as unit
 * tests of single edits do). */
int sm_syntax_mode(const seam_plan *p);
/* When m is a tie at a tolerant tier, tries the edit at each tied place; if exactly one result
 * parses, m becomes that place (APPLIED) and note says why. SEAM_ENOMEM when out of memory. */
int sm_syntax_tiebreak(seam_plan *p, sm_pstate *st, const sm_medit *me, sm_match *m, sm_buf *note);

#endif
