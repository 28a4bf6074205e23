#ifndef SEAM_LIB_REPLY_H
#define SEAM_LIB_REPLY_H

/*
 * The layer under every format parser: the reply cut into lines, thinking sections set aside,
 * fences found, file names recognised and cleaned. Nothing here allocates per line of text:
 * lines are spans into reply->text.
 */

#include "../ir/edit.h"
#include "../core/seam_limits.h" /* SM_PATH_MAX */

#include <stddef.h>

/* A line of the reply (an sm_line is a line of a file's image, image.h). */
typedef struct sm_rline {
	const char *p; /* into reply->text */
	size_t n;      /* without the '\n' and without one trailing '\r' */
	long no;       /* 1-based line number in the reply */
} sm_rline;

typedef struct sm_lines {
	sm_rline *v;
	size_t n, cap;
} sm_lines;

/* Cuts text into lines. A final line without '\n' counts; a final '\n' opens no empty line.
 * Returns 0, or SEAM_ENOMEM when out of memory. */
int sm_lines_split(sm_lines *ls, const char *text, size_t len);
/*
 * Copies `in` into `out` without the thinking sections: from a line starting with <think>,
 * <thinking> or <thinking-content-XXXX> (outside fences) to the matching closing tag; an
 * unclosed one runs to the end. Text after the closing tag on its line stays. Sets *removed to
 * the number of lines removed; when it is 0, read `in` instead. Free `out` in every case.
 * Returns 0, or SEAM_ENOMEM when out of memory.
 */
int sm_lines_drop_thinking(sm_lines *out, const sm_lines *in, size_t *removed);
void sm_lines_free(sm_lines *ls);

/* ---- fences ---- */

typedef struct sm_fence_mark {
	char ch;       /* '`', '~', '<' for a tag (<source>, <pre>, <code>, <codeblock>), '>' for
			  its closing tag */
	size_t len;    /* length of the run of ch; for a tag, which one (1 <source> ...) */
	size_t indent; /* leading spaces and tabs */
	sm_span info;  /* the info string, trimmed; n == 0 when none */
} sm_fence_mark;

/* 1 when the line is a fence line (an opener or a closer), filling *m. */
int sm_fence_line(const char *p, size_t n, sm_fence_mark *m);
/* 1 when the line closes a fence opened by `open`. */
int sm_fence_closes(const sm_fence_mark *open, const char *p, size_t n);

typedef struct sm_fence {
	size_t open;  /* index in the lines of the opening line */
	size_t close; /* index of the closing line; the number of lines when never closed */
	sm_fence_mark mark;
	/* where it ends is a guess that more text could change: a nested level was still open
	   at the end of the text, so it was ended at its first plain closer, and every fence
	   after that one was read without nesting */
	int guessed;
} sm_fence;

/*
 * The outermost fences of the reply, in order. Inside a fence, an opener with an info string
 * (```bash) opens a nested level, so a Markdown file holding code blocks stays one fence; a bare
 * run at least as long as the opener closes the innermost level. <source> fences only close at
 * </source>. Returns 0, or SEAM_ENOMEM when out of memory; free *out with sm_free.
 */
int sm_fences_find(const sm_lines *ls, sm_fence **out, size_t *nout);

/* ---- file names (reply_name.c) ---- */

/*
 * Cleans a path written in a reply: back-slashes become '/', a leading "./" goes, quotes and
 * back-ticks around it go. Writes at most SM_PATH_MAX bytes to out (NUL-terminated) and returns
 * the length, or 0 when the text cannot be a file path (spaces unless `quoted`, code
 * punctuation, no '.' nor '/' and not a known extensionless name, ...).
 */
size_t sm_path_clean(const char *p, size_t n, int quoted, char *out);
/*
 * The lexical form every reader of a written path shares (sm_path_clean builds on it; a tool
 * call's path field is read with it alone, absolute and ".." paths kept for the tree to
 * refuse): blanks around taken off, back-slashes as '/', doubled slashes as one, a leading
 * "./" dropped. Returns the length written to out (SM_PATH_MAX + 1 bytes), or 0 when the path
 * is empty, longer than max bytes, a directory, or holds a control byte (NUL included).
 */
size_t sm_path_lexical(const char *p, size_t n, size_t max, char *out);
/* A line that is only a file name: plain, **bold**, `code`, **`code`**, "# heading", "File:",
 * trailing ':'. Returns the cleaned length (in out) or 0. */
size_t sm_name_line(const char *p, size_t n, char *out);
/* Stricter, for the first line inside a fence (it may be code): plain, `code` or bold, and
 * the last component must have an extension or be a known name. */
size_t sm_name_first_line(const char *p, size_t n, char *out);
/* The path in a fence info string: "c src/x.c", "python:src/x.py", "src/x.c",
 * "js title=src/x.js". 0 when the info string is only a language. */
size_t sm_name_info(const char *p, size_t n, char *out);

/*
 * The file name that fence f is about: the info string, else the line before (one blank line
 * may sit between), else the first line inside. *inside is set to 1 when the first line inside
 * the fence is that name (a label, not content). Returns the length or 0.
 */
size_t sm_fence_name(const sm_lines *ls, const sm_fence *f, char *out, long *name_line,
                     int *inside);

/* ---- helpers for parsers ---- */

/* Moves *p and *n past leading and trailing spaces, tabs, CR, FF and VT. */
void sm_trim(const char **p, size_t *n);
/* 1 when p[0..n) equals the NUL-terminated s, ASCII case ignored. */
int sm_eq_nocase(const char *p, size_t n, const char *s);
/* 1 when p[0..n) starts with the NUL-terminated prefix. */
int sm_starts_with(const char *p, size_t n, const char *prefix);
/* Notes stop growing past this size: a hostile reply could otherwise leave one per line. */
#define SM_NOTES_MAX 16384
/* sm_reply_note() while the notes are under SM_NOTES_MAX. */
#define sm_note(r, line, ...)                                                                      \
	do {                                                                                       \
		if ((r)->notes.len < SM_NOTES_MAX)                                                 \
			sm_reply_note((r), (line), __VA_ARGS__);                                   \
	} while (0)
/* Adds an edit, telling apart the edit limit (SEAM_ELIMIT) from a failed allocation. */
int sm_reply_new_edit(seam_reply *r, sm_fileop *f, long reply_line, sm_edit **out);
/* -R (SEAM_FLAG_REVERSE, reply_reverse.c): every fileop read backwards, as patch -R. What
   cannot be reversed (a copy, a deletion that does not show its content) is refused by name.
   Returns 0 or SEAM_ENOMEM / SEAM_ELIMIT. */
int sm_reply_reverse(seam_reply *r);

#endif
