#ifndef SEAM_LIB_PROMPT_H
#define SEAM_LIB_PROMPT_H

/*
 * The system prompts of seam_prompt(): one per format seam applies, kept as data so that every
 * caller (the CLI, the loop, bindings) hands the model the same words, and so that a unit test
 * can parse and apply every worked example (tests/unit/test_prompt.c).
 *
 * Every example works on the same small file (SM_PROMPT_EXAMPLE_PATH) and asks the same thing;
 * each reply must turn it into SM_PROMPT_EXAMPLE_AFTER and create SM_PROMPT_EXAMPLE_NEW_PATH
 * holding SM_PROMPT_EXAMPLE_NEW.
 */

#include "seam.h"

#include <stddef.h>

typedef struct sm_prompt {
	const char *name;     /* the name seam prompt takes: "editblock", "gitdiff", ... */
	seam_format_t format; /* what seam reads the answer as */
	int numbered;         /* files are shown with line numbers */
	int creates;          /* the format can create a file (the example does) */
	const char *intro;    /* what the format is, in one paragraph */
	const char *rules;    /* how to write it: markers, files, create, delete, move */
	const char *example;  /* the answer to the example request, as a model should write it */
	const char *reminders; /* the format's own reminders, after the common ones */
} sm_prompt;

extern const sm_prompt sm_prompts[];
extern const size_t sm_nprompts;

extern const char SM_PROMPT_EXAMPLE_PATH[];
extern const char SM_PROMPT_EXAMPLE_BEFORE[];
extern const char SM_PROMPT_EXAMPLE_AFTER[];
extern const char SM_PROMPT_EXAMPLE_NEW_PATH[];
extern const char SM_PROMPT_EXAMPLE_NEW[];
extern const char SM_PROMPT_EXAMPLE_ASK[];

/* The prompt of that name, or NULL. */
const sm_prompt *sm_prompt_find(const char *name);

struct sm_buf;
/* Appends the whole system prompt of pr. SEAM_OK or SEAM_ENOMEM. */
int sm_prompt_build(struct sm_buf *b, const sm_prompt *pr);
/* Appends a file as the model sees it in pr's format: its path, then a fence holding it (line
 * numbers when pr->numbered). SEAM_OK or SEAM_ENOMEM. */
int sm_prompt_put_file(struct sm_buf *b, const sm_prompt *pr, const char *path, const char *data,
		       size_t len);

#endif
