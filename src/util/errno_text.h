#ifndef SEAM_UTIL_ERRNO_TEXT_H
#define SEAM_UTIL_ERRNO_TEXT_H

#include <stddef.h>

/* Room for any system error message (glibc's longest is about 50 bytes). */
#define SM_ERRNO_TEXT_MAX 128

/*
 * The system's message for errno value e ("Permission denied"), written into buf (size bytes)
 * and returned: strerror() may hand out a buffer shared by every thread, so the library never
 * calls it. An unknown value gives "error N".
 */
const char *sm_errno_text(int e, char *buf, size_t size);

#endif
