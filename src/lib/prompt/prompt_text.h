#ifndef SEAM_LIB_PROMPT_TEXT_H
#define SEAM_LIB_PROMPT_TEXT_H

/*
 * The words of the system prompts, kept as data (prompt_text.c): the table of formats and the
 * worked example every prompt shows. A header of its own so that the texts depend on nothing
 * of prompt.c, which builds a prompt from them: calls go one way, prompt.c -> prompt_text.c.
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

#endif
