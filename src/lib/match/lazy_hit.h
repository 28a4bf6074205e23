#ifndef SEAM_LIB_LAZY_HIT_H
#define SEAM_LIB_LAZY_HIT_H

/*
 * What the laziness guard reports: a lazy placeholder, the expansions made, the result. Apart
 * from lazy.h so that the guard's parts can fill them without including the guard's interface
 * (lazy.c calls the parts: that include would close a circle).
 */

#include "match.h"

#include <stdint.h>

/* One lazy placeholder of an edit. Indexes are into e->seq as the guard found it. */
typedef struct sm_lazy_hit {
	size_t ph;         /* the placeholder line */
	size_t gone;       /* real lines of the old side it would delete */
	size_t del0, del1; /* the first and last of them */
	int bounded;       /* the nearest lines around it are unchanged: it stands for one span */
	/* 1 when refused (bounded though it is) for a line of its span, seq[moved_old], that the
	   reply also writes alone elsewhere, seq[moved_new] (SM_NOLINE: not found), where the
	   file holds copies of its text beside that one or the new side other copies: moved
	   out of the span, or written once more? Nothing in the reply tells (sm_lazy_guard) */
	int moved;
	size_t moved_old, moved_new;
	/* with moved: the reply writes that line together with the old line beside it, two
	   added lines in a row (moved as a run, or new code repeating them) */
	int moved_run;
	/* 1 when refused (bounded though it is) for two fits of the unchanged lines next to it
	   in the reply, the line next to it seq[fit_near] in one (the placeholder stands for the
	   most), seq[fit_far] in the other (the diff's), and the reply's own deletions among
	   those lines in both: the span (del0..del1) is the first fit's (sm_lazy_guard) */
	int fits;
	size_t fit_near, fit_far;
	/* with fits: the edit deletes a copy of the line next to it, seq[fit_far] (==
	   fit_near), elsewhere: that copy deleted, or moved next to the placeholder, which then
	   stands for seq[fit_far] too */
	int fit_moved;
	/* 1 when refused for standing for no line where seam's diff of the two sides put it
	   while the edit deletes real lines elsewhere (del0..del1 the first and last of them):
	   another pairing of the lines around it, as good, has it stand for them (sm_lazy_guard) */
	int astray;
	/* 1 when refused, though every placeholder is bounded, for another reading of the two
	   sides (seam diffed them) in which the placeholders stand for more lines and the reply
	   deletes and adds fewer of its own (lines moved past a placeholder), the diff's
	   reading costing `cost`, the other `best` of those lines (sm_lazy_guard); best ==
	   cost when the other reading costs as much but moves a line the diff kept past a
	   placeholder (another file) */
	int better;
	size_t cost, best;
	/* with better: the other reading counts blank lines as lines (the diff pairs them by
	   shape, after the lines of substance) and has the placeholder stand for other lines of
	   substance than the diff's span, at a cost of `best` (no more than `cost`): another
	   file (sm_lazy_span_read_otherwise) */
	int blank_read;
	/* 1 when refused for the unchanged line that bounds it at the new side's end, seq[fit_far],
	   whose copy is the span's old line right next to it, seq[fit_near]: that copy restored
	   (the diff's reading) or taken for the kept line, the bound's own line deleted; the span
	   (del0..del1) is the second reading's (sm_lazy_copy_beside_bound). 2 when refused for
	   a copy of the line that bounds it among the span's lines, seq[fit_near], from which the
	   new side's lines beyond the bound, seq[fit_far], read on further (blank lines too) than
	   from the bound's own line: the lines between (del0..del1) restored, or the reply's own
	   change (sm_lazy_copy_reads_on) */
	int bound_copy;
	/* 1 when refused for a blank line the reply keeps between the placeholder and its
	   bounding line, with code the diff deletes beyond it in the span: stood for (restored)
	   or deleted by the reply, two files (sm_lazy_guard) */
	int blank_cut;
	/* 1 when refused for lines at the end of its span that the new side writes out itself
	   right beside the placeholder: restored and written, the file holds them twice; the
	   new side's lines as those file lines, the span stops short of them (sm_lazy_guard) */
	int rewritten;
} sm_lazy_hit;

/* What an expansion restored: the placeholder's text and the old lines put back. */
typedef struct sm_lazy_exp {
	sm_span text;      /* the placeholder (points into the reply) */
	long reply_line;   /* its line of the reply, 0 when none */
	size_t old0, old1; /* indexes into e->old (after the expansion) of the first and last
			      restored line */
} sm_lazy_exp;

typedef struct sm_lazy_result {
	int refused;       /* 1: refuse the edit for hit */
	sm_lazy_hit hit;
	sm_lazy_exp *exp;  /* the expansions made, in order; owned (sm_lazy_result_dispose) */
	size_t nexp;
	/* placeholders that stand for no code (the run they are in deletes no real line): left
	   out of the edit, not written, and noted; their texts point into the reply; owned */
	struct sm_lazy_drop {
		sm_span text;
		long reply_line; /* 0 when none */
	} *dropped;
	size_t ndropped;
	/* the guard's work in the file, in budget units (image_work.h): the set of its lines it
	   made (the image without a line index yet), its lookups in the index; the caller
	   charges it */
	uint64_t work;
} sm_lazy_result;

#endif
