#ifndef SEAM_LIB_LOOP_LIMITS_H
#define SEAM_LIB_LOOP_LIMITS_H

/* Replies a loop takes by default: a model that fails the same edit three times running rarely
 * gets it on the fourth, and each round resends the conversation (cost grows with rounds). */
#define SM_LOOP_DEFAULT_ROUNDS 3u
/* The most a caller may ask for: past this the conversation outgrows most context windows. */
#define SM_LOOP_MAX_ROUNDS 20u
/* Files a loop tracks (given, or named by a reply): each is held in memory twice. */
#define SM_LOOP_MAX_FILES 1000u

/* Snippet format: a file of more lines than this is shown in windows around the lines that name
 * what the instruction names (the two-step flow needs no whole file: the model quotes, seam
 * finds the exact text in the whole file). About 20k tokens of code. */
#define SM_LOOP_WINDOW_FILE_LINES 800u
/* Lines shown before and after each line that names a word of the instruction: a function's
 * worth, so the model sees the whole of what it will quote. */
#define SM_LOOP_WINDOW_CONTEXT 40u
/* A word of the instruction that appears on more lines of the file than this share (in
 * percent) says nothing about where to look. */
#define SM_LOOP_WINDOW_MAX_SHARE 5u

#endif
