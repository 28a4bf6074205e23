#ifndef SEAM_LIB_STREAM_END_H
#define SEAM_LIB_STREAM_END_H

#include "stream_state.h"

/* The end of the stream (stream_end.c): the final plan and the events still owed. */
int sm_stream_finish(seam_stream *st, seam_reply **reply, seam_plan **plan);

#endif
