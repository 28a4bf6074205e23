#ifndef SEAM_LIB_PROMPT_H
#define SEAM_LIB_PROMPT_H

/*
 * The system prompts of seam_prompt(): one per format seam applies, kept as data so that every
 * caller (the CLI, the loop, bindings) hands the model the same words, and so that a unit test
 * can parse and apply every worked example (tests/unit/test_prompt.c).
 *
 * The texts and their table are in prompt_text.h; this half builds a prompt from them.
 */

#include "prompt_text.h"

#include <stddef.h>

struct sm_buf;
/* Appends the whole system prompt of pr. SEAM_OK or SEAM_ENOMEM. */
int sm_prompt_build(struct sm_buf *b, const sm_prompt *pr);
/* Appends a file as the model sees it in pr's format: its path, then a fence holding it (line
 * numbers when pr->numbered). SEAM_OK or SEAM_ENOMEM. */
int sm_prompt_put_file(struct sm_buf *b, const sm_prompt *pr, const char *path, const char *data,
		       size_t len);

#endif
