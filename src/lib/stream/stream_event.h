#ifndef SEAM_LIB_STREAM_EVENT_H
#define SEAM_LIB_STREAM_EVENT_H

/* A stream's event queue and the comparisons the end checks early events with
 * (stream_event.c), used by stream.c and stream_end.c. */

#include "stream_state.h"
#include "../ir/edit.h"

#include <stddef.h>

/* Queues an event; the strings are copied. SEAM_ENOMEM when out of memory. */
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

#endif
