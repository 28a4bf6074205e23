#ifndef SEAM_LIB_SESSION_H
#define SEAM_LIB_SESSION_H

#include "seam.h"
#include "seam_limits.h" /* the defaults of seam_options, used where a field is 0 */
#include "../../util/buf.h"

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

/* The one message of each seam_error_t code, for a failure that has no more particular one
 * ("out of memory" for SEAM_ENOMEM). Never NULL. */
const char *sm_errmsg(int code);

/* sm_fail with the message of code (sm_errmsg). */
int sm_fail_code(seam_session *s, int code);

#endif
