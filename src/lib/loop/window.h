#ifndef SEAM_LIB_LOOP_WINDOW_H
#define SEAM_LIB_LOOP_WINDOW_H

#include <stddef.h>

/* A run of lines of a file, 1-based, inclusive. */
typedef struct sm_window {
	long first, last;
} sm_window;

/*
 * The windows of a large file to show with an instruction (snippet format): every line naming
 * a word of the instruction that few lines of the file hold (identifiers: letters, digits, '_',
 * at least 3 long), with SM_LOOP_WINDOW_CONTEXT lines around it, merged, at most
 * SM_LOOP_WINDOW_FILE_LINES lines in all. Returns the number of windows (0: show the whole
 * file: it is small, or nothing in it is named), or SEAM_ENOMEM when out of memory. Free *out
 * with sm_free.
 */
long sm_loop_windows(const char *instruction, const char *data, size_t len, sm_window **out);

#endif
