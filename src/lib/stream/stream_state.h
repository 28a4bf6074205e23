#ifndef SEAM_LIB_STREAM_STATE_H
#define SEAM_LIB_STREAM_STATE_H

/* The state of a stream (see stream.h), shared by its parts: stream.c, stream_end.c and
 * stream_event.c. A header of its own so that no part includes another's to reach it. */

#include "seam.h"
#include "../../util/buf.h"

#include <stddef.h>

/* One event with the strings it owns (one allocation: path, strategy, message). */
typedef struct sm_event {
	seam_event pub;
	char *strings;
	size_t file, edit; /* EDIT events sent early: the edit in acc (and the reading) */
	int early;         /* sent before the end: checked against the final plan */
} sm_event;

struct seam_stream {
	seam_session *s;
	seam_tree *t;
	unsigned int flags;
	char *buf; /* the text so far */
	size_t len, cap;
	size_t line_end;   /* end of its last complete line (past the '\n') */
	size_t read_end;   /* line_end when it was last read */
	int may_end;       /* a line that may end an edit came since the last reading */
	seam_format_t hint; /* the format whose may_end decides; AUTO: any format's */
	seam_reply *acc;   /* the complete edits (see stream.h); NULL until the first */
	seam_plan *live;   /* acc, planned step by step */
	int diverged;      /* a reading disagreed with acc: no early event any more */
	int dead;          /* feeding failed (SEAM_ELIMIT, SEAM_ENOMEM): finish says so */
	int finished;
	sm_event *ev;
	size_t nev, evcap, taken;
	size_t readings; /* how many times the text was read (for tests and benchmarks) */
	size_t spent;    /* bytes read over all the readings (SM_STREAM_WORK_FACTOR) */
};

#endif
