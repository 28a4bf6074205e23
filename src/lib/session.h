#ifndef SEAM_LIB_SESSION_H
#define SEAM_LIB_SESSION_H

#include "seam.h"
#include "../util/buf.h"

/* Defaults of seam_options, used where a field is 0. */
#define SM_DEFAULT_MAX_REPLY_BYTES ((size_t)64 << 20) /* far above any real reply (~100 KB) */
#define SM_DEFAULT_MAX_FILE_BYTES ((size_t)64 << 20)  /* source files are rarely over 1 MB */
/* 500x the largest reply of the corpus (20 edits). Planning costs edits x lines (each edit is
 * searched in the file as it stands after the ones before it): 10000 one-line edits of a
 * 100000-line file take about 2 s, 100000 would take 20. */
#define SM_DEFAULT_MAX_EDITS ((size_t)10000)

struct seam_session {
	seam_options opts; /* with every default filled in */
	sm_buf err;        /* last error message */
};

/* Records the message of a failure on the session and returns code (for `return sm_fail(...)`). */
int sm_fail(seam_session *s, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

#endif
