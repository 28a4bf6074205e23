#ifndef SEAM_LIB_LOOP_IMPL_H
#define SEAM_LIB_LOOP_IMPL_H

/*
 * Private to the loop (loop*.c): the loop object and what its files share. loop.c holds the
 * state machine (new, request, feed), loop_keep.c what a round keeps, loop_snippet.c the
 * snippet flow's quotes and windows, loop_plan.c the plan of every round on the real tree, and
 * loop_files.c the messages and file records all of them use (calls go down to it, never
 * from it back up).
 */

#include "loop_limits.h"
#include "../plan/plan.h"
#include "../prompt/prompt.h"
#include "../../util/buf.h"

#include <stddef.h>

typedef struct sm_loop_file {
	char *path;   /* resolved under the real tree */
	char *orig;   /* content in the real tree when first read; NULL when it did not exist */
	size_t olen;
	int shown;    /* given to seam_loop_new (rendered in the first request) */
} sm_loop_file;

typedef struct sm_loop_msg {
	const char *role; /* static */
	char *content;
} sm_loop_msg;

struct seam_loop {
	seam_session *s;   /* the caller's */
	seam_tree *t;      /* the real tree */
	seam_session *ms;  /* for the final plan: no guard or syntax check (rounds did them) */
	seam_tree *mem;    /* the files as the kept edits left them */
	const sm_prompt *pr;
	unsigned int max_rounds, rounds;
	int quoting;          /* snippet format: the next reply quotes the snippets to change */
	unsigned int located; /* quoting rounds that located something (not failures) */
	seam_loop_state_t state;
	sm_loop_file *files;
	size_t nfiles, fcap;
	sm_loop_msg *msgs;
	size_t nmsgs, mcap;
	sm_buf feedback;
	seam_reply *final; /* the reply of the last seam_loop_plan, which its plan borrows */
};

/* ---- loop_files.c ---- */
/* Adds a message of the conversation, taking content's text. SEAM_OK or SEAM_ENOMEM. */
int sm_loop_add_msg(seam_loop *l, const char *role, sm_buf *content);
/* The loop's record of a resolved path, or NULL. */
sm_loop_file *sm_loop_find_file(seam_loop *l, const char *path);
/* Brings the file a reply (or the caller: shown) calls `asked` into the copy (see loop_files.c). */
int sm_loop_bring(seam_loop *l, const char *asked, int must_exist, int shown, int *added);
/* Appends the file's current text in the copy, rendered for the model. */
void sm_loop_put_current(seam_loop *l, sm_buf *b, const char *path);
/* Sets the state to failed and returns rc. */
int sm_loop_fail_state(seam_loop *l, int rc);

/* ---- loop_keep.c ---- */
/* A cut reply: drops the edits the cut caught unfinished; returns how many. */
size_t sm_loop_drop_open(seam_reply *r);
/* Brings every file the reply names into the copy. */
int sm_loop_bring_named(seam_loop *l, const seam_reply *r);
/* Keeps what applied of r (p is its plan on the copy, freed here) in the copy. */
int sm_loop_keep_applied(seam_loop *l, seam_reply *r, seam_plan *p);
/* The files of p's failed edits, once each (sm_free each and the array). */
int sm_loop_failed_paths(const seam_plan *p, char ***out, size_t *n);

/* ---- loop_snippet.c ---- */
/* A file for the snippet flow: whole, or in windows when large. */
int sm_loop_put_windows(seam_loop *l, sm_buf *b, const char *path, const char *instruction);
/* The quoting step: 1 when the reply is no quoting reply, else SEAM_OK or an error. */
int sm_loop_answer_quotes(seam_loop *l, const char *text, size_t len);

#endif
