#ifndef SEAM_CLI_BENCH_SCORE_H
#define SEAM_CLI_BENCH_SCORE_H

/* One benchmark task through the model loop and its verdict (bench_score.c), called by run and
 * rescore, whatever gives the replies. */

#include "seam.h"

#include <jansson.h>
#include <stddef.h>

/* Gives the next reply for the loop's request (JSON messages). Returns 0 with *text (malloc'ed)
 * set, 1 when there is no more (recorded run), -1 with err filled. tokens: -1 when unknown. */
typedef int (*sm_bench_reply_fn)(void *ctx, seam_loop *l, char **text, size_t *len, int *cut,
				 long *ptok, long *ctok, char *err, size_t errsz);

/* Runs task (a task line as a JSON object) with format, at most rounds replies, replies from
 * fn. Returns the run line (new reference): task, passed, check, reason, lazy, edit_errors,
 * rounds, tokens, replies, ... ; NULL when out of memory. */
json_t *sm_bench_score(const json_t *task, size_t index, const char *format, unsigned rounds,
		       sm_bench_reply_fn fn, void *ctx);

#endif
