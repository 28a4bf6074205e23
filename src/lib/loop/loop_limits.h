#ifndef SEAM_LIB_LOOP_LIMITS_H
#define SEAM_LIB_LOOP_LIMITS_H

/* Replies a loop takes by default: a model that fails the same edit three times running rarely
 * gets it on the fourth, and each round resends the conversation (cost grows with rounds). */
#define SM_LOOP_DEFAULT_ROUNDS 3u
/* The most a caller may ask for: past this the conversation outgrows most context windows. */
#define SM_LOOP_MAX_ROUNDS 20u
/* Files a loop tracks (given, or named by a reply): each is held in memory twice. */
#define SM_LOOP_MAX_FILES 1000u

#endif
