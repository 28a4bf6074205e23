#ifndef SEAM_LIB_SEAM_LIMITS_H
#define SEAM_LIB_SEAM_LIMITS_H

/*
 * The limits a caller can set (seam_options; the CLI flag is named after each), with the
 * default used when the field is 0 and the reason for its value. A reply is written by a model
 * and may be huge or hostile: each limit bounds the time or memory one reply can cost, and
 * each is far above what real replies need, so that hitting one means the input is broken,
 * not big. Exceeding one is a clear refusal (SEAM_ELIMIT, or the status too-large), never a
 * partial result.
 *
 * The CLI includes this header for the defaults it prints and the reply it reads itself.
 */

/* --max-reply-bytes. The largest real reply in the corpus is about 100 KB; 64 MiB is room for
 * a whole-file rewrite of a large generated file, and still bounds the memory of one run
 * (the reply is held once, its decoded text once more). */
#define SM_DEFAULT_MAX_REPLY_BYTES ((size_t)64 << 20)

/* --max-file-bytes. Source files are rarely over 1 MB; a file over 64 MiB is data or a
 * build product, which no model edits by quoting it. Each file is held twice while planned
 * (before and after). */
#define SM_DEFAULT_MAX_FILE_BYTES ((size_t)64 << 20)

/* --max-edits. 500x the largest reply of the corpus (20 edits). Planning costs edits x lines
 * (each edit is searched in the file as it stands after the ones before it): 10000 one-line
 * edits of a 100000-line file take about 2 s, 100000 would take 20. */
#define SM_DEFAULT_MAX_EDITS ((size_t)10000)

/* --max-fuzzy-ms. The work the matcher may do over a whole plan, given in milliseconds of a
 * typical machine and counted in units of work (SM_WORK_PER_MS a millisecond), not read from a
 * clock: the same reply gets the same answer on any machine under any load. Every rung of the
 * ladder charges it (the lookups of an edit's lines in the file's line index, or the pass over
 * the range before there is one, the strict tiers' line comparisons, the cells of the tolerant
 * tiers' alignments, the fuzzy tier's edit distances), the split of a hunk (a ladder per
 * context size), the search for the closest text of a failed edit, fast apply's alignment, and
 * each edit's own scans (an anchor, a numbered window, the laziness guard) and splice (the
 * lines it moves, below). On the corpus all of it takes under 10 ms per edit; 3 s lets a hundred
 * hard edits through, and stops a hostile reply (thousands of long miscopied lines) from
 * taking minutes. When it runs out, the edits still searching are refused as too-large
 * ("search budget exhausted"), never given a place found by a search cut short. */
#define SM_DEFAULT_MAX_FUZZY_MS 3000u
/* Units of work per millisecond of --max-fuzzy-ms. A unit is one line compared by hash (or
 * passed over), one cell of an alignment, or one character cell of an edit distance: about a
 * nanosecond each. Measured (2026-11, the build machine, -O2, CPU time): a one-line fuzzy
 * search of 20,000 lines of 200 characters, 1.6e9 units in 2.0 s (0.8 units/ns); 20 miscopied
 * 24-line blocks aligned in 20,000 lines, 1.4e8 in 0.19 s (0.75/ns); 300 failing edits on a
 * 200,000-line file (passes, seeds, the closest text), 1.3e10 in 10.5 s (1.25/ns). So a budget
 * of N ms takes about N ms of CPU there, as the clock budget it replaces did, and the same
 * reply always stops at the same unit. */
#define SM_WORK_PER_MS 1000000ull
/* What the image's own steps cost in those units (match/image_work.c), so that each edit is
 * charged the work it makes, not a pass over the file it no longer makes (one unit a file line
 * per edit, twice, spent the budget of a strict 5,000-hunk diff of a 1,000,000-line file at
 * hunk 1,500). A probe of the line index's binary search reads a position, then that line's
 * hash in the table, two reads far apart on a large file: measured 0.55 s for the 1,000,000
 * single-search rewrites of moved lines (20 probes each) of that diff, 27 ns a probe, so 25
 * units; a place of an edit tried from a line's places is as far from the last (the strict
 * tiers charge it m + 25: 200,000 places of a two-line block, about 35 ns each); a splice's
 * update of the index (in line numbers) is one such search. A splice moves no line (the image
 * is a piece table of line runs): the runs after it take their new line numbers, 3 units a run
 * (a 24-byte entry moved and renumbered, as a 40-byte line record moved by memmove was: 3.3 ns
 * a line measured, 5,000 far moves of 333,000 lines in 5.5 s). */
#define SM_WORK_PROBE 25u
#define SM_WORK_RUN_MOVED 3u

/* --lock-wait-ms. How long seam_tree_lock and seam_plan_commit wait for another seam process
 * that holds the same tree. A commit takes milliseconds and a plan of a large reply under a
 * second; 5 s covers both with room, and an agent running two applies at once gets a clear
 * error rather than a hang. */
#define SM_DEFAULT_LOCK_WAIT_MS 5000u

/* ---- fixed limits ---- */

/*
 * The longest path, in bytes, seam reads or hands out: a file name written in a reply (a longer
 * "name" is prose or an attack; real repository paths stay under a few hundred bytes), and a
 * path of the tree (asked of it, resolved through symbolic links, listed for name resolution).
 * One value for both: a path the tree hands out can be written in a reply and read back, and
 * a file no reply could name is of no use to the tree. Buffers are SM_PATH_MAX + 1 bytes.
 */
#define SM_PATH_MAX 1024

/*
 * Detection: a named fence whose first SM_WHOLE_HEAD_LINES lines (blank ones aside) hold the
 * markers of an edit format opens with an edit, not with a file, and is never read as a whole
 * file in place of that format (see detect.c). Four lines hold the longest diff preamble
 * before its first marker ("Index:", "=====", "--- ", "+++ "); a source file does not open
 * with a diff.
 */
#define SM_WHOLE_HEAD_LINES 4

/*
 * The file lines a tolerant tier took on trust (they differ from the reply's old text), listed
 * under the edit: the first SM_TRUST_LINES_SHOWN, then a count, so that a long fuzzy region
 * cannot flood the report; each quoted up to SM_TRUST_LINE_CHARS bytes, enough to recognise a
 * line of code. A region longer than SM_TRUST_MAX_REGION lines is not compared (the diff costs
 * its length squared at worst; tolerant places are far shorter).
 */
#define SM_TRUST_LINES_SHOWN 10
#define SM_TRUST_LINE_CHARS 120
#define SM_TRUST_MAX_REGION 5000

/*
 * A whole file that keeps less than half the lines of the file it replaces gets a note (plan.c
 * shrink_note), unless that file had fewer lines than this: rewriting a short file is common
 * and a cut there is seen at a glance.
 */
#define SM_SHRINK_MIN_LINES 10

/*
 * A whole file for an existing file is read as an excerpt of it (plan/plan_excerpt.c) when it
 * leaves out, with no placeholder, at least SM_EXCERPT_MIN_LINES lines and more than
 * SM_EXCERPT_GONE_PCT percent of the file, and at least SM_EXCERPT_KEPT_PCT percent of its own
 * non-blank lines (and SM_EXCERPT_MIN_KEPT of them) are lines of the file: a small part of the
 * file copied, changed inside. Placed (one place only), it must leave that much out at its
 * edges, by lines it copies in order, and keep as many of its lines as the whole file's own
 * reading does; then its change is applied and the rest kept. Refused when it is not placed
 * and the whole file's reading, too, leaves most of the file out at its edges.
 * - Half the file: real rewrites that shorten a file drop up to a quarter of it at an edge
 *   (a function at its end removed: 20 of 78 lines, 24 of 171 in the corpus); a model that
 *   sent one of two classes drops about half, usually more.
 * - Half the reply from the file: a file rewritten short keeps a line or two of the old one
 *   (a "}" of 3 lines); an excerpt is the file's lines but for its change.
 * - 10 lines, as SM_SHRINK_MIN_LINES: a cut of a short file is seen at a glance, and a short
 *   file is often rewritten whole. 3 kept lines: something to place the excerpt by.
 * What is cut between lines the reply shows (its first and last lines are the file's) is a
 * deletion the reply shows both sides of: the whole file stands (real replies delete code so:
 * 609 of 697 lines, 37 of 56, in the corpus).
 */
#define SM_EXCERPT_MIN_LINES 10
#define SM_EXCERPT_GONE_PCT 50
#define SM_EXCERPT_KEPT_PCT 50
#define SM_EXCERPT_MIN_KEPT 3

/* The old-side lines of a block with decoded HTML entities (Cline, Roo) that are looked up in
 * the file, each in both forms, to tell which form the file holds (plan_entity.c): a line or
 * two decides; 8 bounds the lookups (each a pass over a file not yet indexed). */
#define SM_ENTITY_PROBES 8

/* A limit as text, for messages: SM_LIMIT_TEXT(SM_PATH_MAX) is "1024". */
#define SM_LIMIT_TEXT(x) SM_LIMIT_TEXT_(x)
#define SM_LIMIT_TEXT_(x) #x

#endif
