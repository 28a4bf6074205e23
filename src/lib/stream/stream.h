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
 *
 * The parts, each calling only those below it: stream.c (feeding, reading again, the early
 * events) -> stream_end.c (the end) -> stream_event.c (the event queue and comparisons), all
 * on the state of stream_state.h.
 */

#include "stream_end.h"
#include "stream_event.h"
#include "stream_state.h"

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

#endif
