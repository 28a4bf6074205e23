#ifndef SEAM_LIB_SYNTAX_LIMITS_H
#define SEAM_LIB_SYNTAX_LIMITS_H

/*
 * Every threshold of the syntax check, with the reason for its value. Timings were measured on
 * the 2-core build machine (2026-11) with the grammars of scripts/grammars.lock.
 */

/* Files larger than this are applied unchecked. tree-sitter 0.20.7 spends about 1,250
 * instructions per byte of C (bench/'s 200 KB file: ~255 M instructions, 60-90 ms of CPU on
 * this loaded 2-core machine), so a 1 MiB file costs about 0.3-0.5 s per parse; the largest
 * file of the shared corpus is 86 KB, and files past 1 MiB are mostly generated or
 * amalgamated, rarely edited by a model. */
#define SM_SYNTAX_MAX_BYTES ((size_t)1 << 20)

/* One parse may take at most this long (microseconds of wall-clock time, as tree-sitter
 * counts it); past it the file counts as not checked. A file under the size limit parses well
 * within it, but error recovery on text that is no program at all can go far beyond linear
 * time, and an edit must never hang on a check. (Under valgrind a 200 KB file can reach it.) */
#define SM_SYNTAX_TIMEOUT_US 2000000u

/* Error places named in one message. The model fixes the first few; later ones mostly follow
 * from them, and a long list hides the one that matters. */
#define SM_SYNTAX_MAX_SPOTS 5

/* Lines the reply wrote that are shown inside one multi-line error region (tree-sitter's ERROR
 * node often wraps a whole class or function around the one bad line). */
#define SM_SYNTAX_SHOW_NEW_LINES 3

/* An error place is blamed on an edit whose located lines are within this many lines of it:
 * tree-sitter often reports a missing ':' or ')' on the line after the edit that dropped it. */
#define SM_SYNTAX_BLAME_SLACK 2

/* The check parses only the parts of a result around its edits (plan/syntax_window.c) when
 * they hold at most 1/this of its bytes; past that, parsing them and then, should one fail,
 * the whole file costs more than parsing the whole file at once. */
#define SM_SYNTAX_WINDOW_SHARE 2

/* The files of one reply are checked in parallel when there are several and their results
 * hold at least this many bytes together: a thread costs tens of microseconds to start, a
 * parse about 0.3 ms per 1,000 bytes of C (60 KB: ~18 ms of parsing, a whole file's worth). */
#define SM_SYNTAX_THREAD_BYTES ((size_t)64 << 10)
/* At most this many threads check one reply's files (the calling one included): past a few,
 * a reply's files are too few and too uneven to gain, and batch mode already runs replies in
 * parallel. */
#define SM_SYNTAX_MAX_THREADS 4

/* At most this many grammars per file extension (".h" is C or C++). */
#define SM_SYNTAX_MAX_GRAMMARS 2

/* The tie-break of ambiguous candidates runs from this tier of the matcher up (match.h): the
 * tolerant tiers, where two places fit about equally well because the old side was miscopied
 * or cut. At the strict tiers (exact, whitespace, typography, indentation) the old side is
 * really there twice, and which copy the model meant is a question for the model, not for a
 * parser. */
#define SM_SYNTAX_TIEBREAK_FROM SM_TIER_BLANK

#endif
