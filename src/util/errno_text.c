/* The POSIX (XSI) strerror_r, which fills the caller's buffer: not the GNU one that returns a
 * string it may share, so no _GNU_SOURCE here. */
#define _POSIX_C_SOURCE 200809L
#include "errno_text.h"

#include <stdio.h>
#include <string.h>

const char *sm_errno_text(int e, char *buf, size_t size)
{
	if (!buf || size == 0)
		return "";
	if (strerror_r(e, buf, size) != 0 || !buf[0])
		snprintf(buf, size, "error %d", e);
	return buf;
}
