#ifndef SEAM_LIB_PLAN_FAST_ALIGN_H
#define SEAM_LIB_PLAN_FAST_ALIGN_H

/*
 * Fast apply's alignment of a snippet to a file (plan_fast.c): its records, the table and the
 * traced paths, shared by the snippet's planning (plan_fast.c) and its rival readings
 * (plan_fast_rival.c).
 */
#include "plan_impl.h"

#include <stddef.h>
#include <stdint.h>

enum { MV_MATCH = 1, MV_ADD = 2, MV_DEL = 4, MV_ABSORB = 8, MV_ENTER = 16 };

/* A cost: hi (anchors broken) compared first, then lo (lines deleted and added). Every row
 * of the table is reachable, so no entry stays at INF once computed. */
typedef struct cost {
	uint64_t hi, lo;
} cost;

typedef struct item {
	sm_line l;
	long reply_line; /* its line's (sm_hline.reply_line) */
	int marker;
	/* a marker by its words, but not surely one: prose that holds "..." or a placeholder
	   word, which a changed line of the file may be (unsure_marker) */
	int unsure;
	cost add; /* what it costs to take the line for a new one */
	/* in an anchor block with the item before: meant for the file line after that one's, and
	   a file line deleted between them costs what an anchor does */
	int glue;
	/* in the realignment that prices a deleted line as a new one: may stand for a file line
	   much like it, as that line changed, at the cost of a new line (changeable) */
	int changeable;
	/* in sm_fast_unwrap_rival's alignment: a line that may stand for a file line equal to it
	   but for indentation (the body of a block unwrapped) */
	int dedent;
} item;

typedef struct fast {
	const sm_image *im;
	item *it;
	size_t m, n; /* snippet items, file lines */
	unsigned char *mv; /* (m+1) x (n+1): the moves into each cell that reach its least cost */
	uint64_t del;      /* what deleting a file line costs */
	/* set while each file line's deletion has a price of its own (sm_fast_move_rival) */
	const uint64_t *del_of;
	/* a whole file read as an excerpt (plan_excerpt.c): its markers are not the reply's,
	   and its messages name its lines as the file given */
	int excerpt;
	/* set while items marked changeable may stand for file lines much like them */
	int changes;
	/* set while item ban_i may not stand for file line ban_j (sm_fast_edge_rival) */
	int ban;
	size_t ban_i, ban_j;
	/* set while items marked dedent may stand for file lines equal but for indentation */
	int unwrap;
	cost final; /* the least cost of the last alignment, at (m,n) */
} fast;

/* A traced alignment: the moves from (0,0) to (m,n), in order. */
typedef struct path {
	unsigned char *v;
	size_t n;
	size_t *at; /* per item: the file line it stands for, SM_NOLINE when new or a marker */
} path;


/* 1 when a snippet line may stand for a file line: equal but for trailing blanks (a model
 * drops them when it copies); 2 when equal byte for byte. */
int sm_fast_equal(const item *a, const sm_line *f);
/* The cost table of F as its fields set it (F->final its least cost), with the optimal moves
 * of every cell in F->mv. 0, or SEAM_ENOMEM. */
int sm_fast_align(fast *F);
/* Traces the cheapest moves of the last sm_fast_align back from (m,n), as early or as late as
 * they go, into P (free it with sm_fast_path_free). 0, or a negative SEAM_E* code. */
int sm_fast_trace(const fast *F, int early, path *P);
void sm_fast_path_free(path *P);
/* The file lines path P deletes. */
size_t sm_fast_deletions(const path *P);
/* 1 when two alignments give the same new file. */
int sm_fast_same_result(const fast *F, const path *a, const path *b);
/* The nearest line of the run next to marker k in direction dir that is not blank, or
 * SM_NOLINE. */
size_t sm_fast_edge_of(const fast *F, size_t k, int dir);
/* The text of l without its indentation and trailing blanks: *p, *n. */
void sm_fast_core_of(const sm_line *l, const char **p, size_t *n);
/* 1 when l has SM_FAST_TWICE_MIN_CHARS non-blank characters: a line a copy of which says
 * something (a closer or a short "return x;" repeats by nature). */
int sm_fast_twice_worthy(const sm_line *l);

#endif
