#ifndef SEAM_LIB_PLAN_H
#define SEAM_LIB_PLAN_H

#include "seam.h"
#include "edit.h"
#include "image.h"
#include "splice.h"
#include "tree.h"
#include "../util/budget.h"

/* The outcome of one edit. */
typedef struct sm_pedit {
	seam_status_t status;
	int tier; /* enum sm_tier, or -1 when not located by the matcher */
	const char *strategy;
	int hint_decided;
	long start_line, end_line;
	char *message; /* owned; NULL when none */
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
} sm_pstate;

/* One file operation of the reply. */
typedef struct sm_pfile {
	const sm_fileop *op;
	char *path; /* resolved, owned; NULL when the path was refused */
	seam_status_t status;
	sm_buf msg;
	sm_pedit *edits;
	size_t state; /* index into plan->states, or SM_NOSTATE */
} sm_pfile;

#define SM_NOSTATE ((size_t)-1)

struct seam_plan {
	seam_session *s;
	const seam_reply *r;
	seam_tree *t;
	sm_pfile *files;
	size_t nfiles;
	sm_pstate *states;
	size_t nstates, scap;
	sm_pool pool;
	sm_budget fuzzy; /* time the fuzzy tier may still spend (max_fuzzy_ms) */
	int ok;
	int committed;
};

/* Applies one update edit of pf to st's image; fills pe. -1 when out of memory. */
int sm_plan_update_edit(seam_plan *p, sm_pfile *pf, sm_pstate *st, const sm_edit *e, sm_pedit *pe);
/* What a failed edit is called in messages, by format. */
const char *sm_plan_edit_noun(const seam_plan *p);

#endif
