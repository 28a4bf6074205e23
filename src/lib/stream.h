#ifndef SEAM_LIB_STREAM_H
#define SEAM_LIB_STREAM_H

/*
 * A reply read as it is written (seam.h, "streaming"). There is no second parser: the text so
 * far, cut after its last complete line, is read again by the format parsers (sm_reply_read)
 * when a line arrives that may end an edit. An edit the parser did not mark open (sm_edit.open)
 * is complete; the complete edits are copied, in the order of the reply's file operations,
 * into a reply of their own (`acc`), which one plan (`live`) follows step by step with the
 * planner of seam_plan_new (sm_plan_step). The whole text is read and planned once more at the
 * end, and that plan is the result; the events sent before are checked against it.
 *
 * acc mirrors the reading of the text: its file operation i is the reading's file operation i,
 * holding that operation's first complete edits. A later reading that disagrees with acc on
 * what was reported (another format, a changed or vanished edit) stops the early events: the
 * end reports the rest, with corrections.
 */

#include "seam.h"
#include "edit.h"
#include "../util/buf.h"

#include <stddef.h>

/*
 * The text is read again at a line that may end an edit as long as all the readings so far,
 * counted in bytes read, stay within SM_STREAM_WORK_FACTOR times the text so far plus
 * SM_STREAM_WORK_FREE; otherwise at the first such line once the text has grown enough.
 *
 * The free part lets real replies be read at every such line: the corpus's largest reply is
 * about 40 KB with 20 edits, which read at each edit costs about 20 x 20 KB = 400 KB, under
 * 256 KiB + 8 x 40 KB. Past it, a reading of text L comes at most once per L/8 new bytes: the
 * readings together cost at most 8 times one reading of the whole reply (a 1 MB reply of 500
 * edits: about 30 readings, 100 ms), and an edit's event comes at most 1/8 of the text so far
 * after its last line. A hostile reply made of lines that each may end an edit ("```" 4096
 * times in 16 KiB, each reading of it 1 ms) is read a few dozen times instead of 4096.
 */
#define SM_STREAM_WORK_FACTOR 8
#define SM_STREAM_WORK_FREE ((size_t)256 << 10)

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
	seam_reply *acc;   /* the complete edits (see above); NULL until the first */
	seam_plan *live;   /* acc, planned step by step */
	int diverged;      /* a reading disagreed with acc: no early event any more */
	int dead;          /* feeding failed (SEAM_ELIMIT, SEAM_ENOMEM): finish says so */
	int finished;
	sm_event *ev;
	size_t nev, evcap, taken;
	size_t readings; /* how many times the text was read (for tests and benchmarks) */
	size_t spent;    /* bytes read over all the readings (SM_STREAM_WORK_FACTOR) */
};

/* Queues an event; the strings are copied. -1 when out of memory. */
int sm_stream_push(seam_stream *st, const seam_event *ev, size_t file, size_t edit, int early);
/*
 * The event edit `edit` of file `file` of plan p gets (index is its number in reply order):
 * fills *ev with strings borrowed from p.
 */
void sm_stream_event_of(const seam_plan *p, size_t file, size_t edit, size_t index,
			seam_event *ev);
/* 1 when a and b say the same about an edit (kind and final aside). */
int sm_stream_same_event(const seam_event *a, const seam_event *b);
/* 1 when two edits hold the same lines, anchors, hints and flags, from the same reply line. */
int sm_stream_same_edit(const sm_edit *a, const sm_edit *b);
/* The end of the stream (stream_end.c): the final plan and the events still owed. */
int sm_stream_finish(seam_stream *st, seam_reply **reply, seam_plan **plan);

#endif
